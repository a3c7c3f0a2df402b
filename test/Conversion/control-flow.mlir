// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm="num-warps=4" | FileCheck %s

// Structured control flow becomes branches between blocks; values carried by
// loops become block arguments. Conditions are uniform (rank-0 tiles), so
// every thread of the CTA takes the same branch.

// CHECK-LABEL: llvm.func @loops(%arg0: i32, %arg1: !llvm.ptr)
// CHECK-SAME: nvvm.kernel
// CHECK: cf.br ^[[HEAD:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, i32)
// CHECK: ^[[HEAD]](%[[IV:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK:   %[[ENTER:.*]] = arith.cmpi slt, %[[IV]], %arg0 : i32
// CHECK:   cf.cond_br %[[ENTER]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]](%[[ACC]] : i32)
// CHECK: ^[[BODY]]:
// CHECK:   arith.addi %[[ACC]], %[[IV]] : i32
// The latch leaves before the induction variable could pass the bound.
// CHECK: ^{{.*}}(%[[NEXT:.*]]: i32):
// CHECK:   %[[LEFT:.*]] = arith.subi %arg0, %[[IV]] : i32
// CHECK:   %[[MORE:.*]] = arith.cmpi ugt, %[[LEFT]], %{{.*}} : i32
// CHECK:   cf.cond_br %[[MORE]], ^[[HEAD]](%{{.*}}, %[[NEXT]] : i32, i32), ^[[EXIT]](%[[NEXT]] : i32)
// A loop left through break inside an if.
// CHECK: ^[[EXIT]](%{{.*}}: i32):
// CHECK:   cf.br ^[[LOOP:bb[0-9]+]]
// CHECK: ^[[LOOP]](%[[X:.*]]: i32):
// CHECK:   %[[DONE:.*]] = arith.cmpi sgt, %[[X]], %arg0 : i32
// CHECK:   cf.cond_br %[[DONE]], ^[[BREAK:bb[0-9]+]], ^[[CONT:bb[0-9]+]]
// CHECK: ^[[BREAK]]:
// CHECK:   cf.br ^[[AFTER:bb[0-9]+]](%[[X]] : i32)
// CHECK: ^[[CONT]]:
// CHECK:   cf.br ^[[LOOP]](%{{.*}} : i32)
// CHECK: ^[[AFTER]](%{{.*}}: i32):
// CHECK:   llvm.return
cuda_tile.module @m {
  entry @loops(%n: tile<i32>, %p: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<i32>
    %r = for %i in (%z to %n, step %o) : tile<i32> iter_values(%a = %z) -> (tile<i32>) {
      %b = addi %a, %i : tile<i32>
      continue %b : tile<i32>
    }
    %w = loop iter_values(%x = %r) : tile<i32> -> tile<i32> {
      %c = cmpi greater_than %x, %n, signed : tile<i32> -> tile<i1>
      if %c {
        break %x : tile<i32>
      }
      %y = addi %x, %o : tile<i32>
      continue %y : tile<i32>
    }
    %t = store_ptr_tko weak %p, %w : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // An if with results, an unsigned loop and an early return.
  // CHECK-LABEL: llvm.func @branches
  // CHECK: cf.cond_br %{{.*}}, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
  // CHECK: ^[[THEN]]:
  // CHECK:   cf.br ^[[MERGE:bb[0-9]+]](%{{.*}} : vector<4xf32>)
  // CHECK: ^[[ELSE]]:
  // CHECK:   arith.negf %{{.*}} : vector<4xf32>
  // CHECK:   cf.br ^[[MERGE]](%{{.*}} : vector<4xf32>)
  // CHECK: ^[[MERGE]](%{{.*}}: vector<4xf32>):
  // CHECK: arith.cmpi ult
  // CHECK: llvm.return
  // CHECK: llvm.return
  entry @branches(%c: tile<i1>, %x: tile<ptr<f32>>, %n: tile<i32>) {
    %v = constant <f32: 2.0> : tile<512xf32>
    %r = if %c -> (tile<512xf32>) {
      yield %v : tile<512xf32>
    } else {
      %m = negf %v : tile<512xf32>
      yield %m : tile<512xf32>
    }
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<i32>
    %s = for unsigned %i in (%z to %n, step %o) : tile<i32> iter_values(%a = %r) -> (tile<512xf32>) {
      %b = addf %a, %a : tile<512xf32>
      continue %b : tile<512xf32>
    }
    if %c {
      return
    }
    %red = reduce %s dim=0 identities=[0.0 : f32] : tile<512xf32> -> tile<f32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %q = addf %e, %acc : tile<f32>
        yield %q : tile<f32>
      }
    %t = store_ptr_tko weak %x, %red : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
