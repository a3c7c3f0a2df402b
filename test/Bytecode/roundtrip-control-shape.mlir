// Control flow (if with and without else, counted and unbounded loops, break
// and continue with values, nesting), reductions and scans with their
// combiner regions, shape and data-movement ops, assumptions and block
// queries. Everything here exists in 13.1, so every version round-trips it.
//
// RUN: %cuda-tile-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | %cuda-tile-opt -no-implicit-module -o %t.rt.mlir
// RUN: diff %t.ref.mlir %t.rt.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo %t.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 %s -o %t.131.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.131.bc | %cuda-tile-opt -no-implicit-module -o %t.rt131.mlir
// RUN: diff %t.ref.mlir %t.rt131.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.131.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 -o %t.again131.bc
// RUN: cmp %t.131.bc %t.again131.bc
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.2 %s -o %t.132.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.132.bc | %cuda-tile-opt -no-implicit-module -o %t.rt132.mlir
// RUN: diff %t.ref.mlir %t.rt132.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: entry @branches
  entry @branches(%c: tile<i1>, %x: tile<i32>, %y: tile<f32>) {
    // CHECK: if %{{.*}} {
    if %c {
    }
    %a, %b = if %c -> (tile<i32>, tile<f32>) {
      %xi = muli %x, %x : tile<i32>
      yield %xi, %y : tile<i32>, tile<f32>
    } else {
      %yf = negf %y : tile<f32>
      yield %x, %yf : tile<i32>, tile<f32>
    }
    if %c {
      return
    }
    return
  }

  // CHECK-LABEL: entry @loops
  entry @loops(%n: tile<i32>, %seed: tile<f32>, %c: tile<i1>) {
    %lo = constant <i32: 0> : tile<i32>
    %st = constant <i32: 2> : tile<i32>
    for %i in (%lo to %n, step %st) : tile<i32> {
      continue
    }
    // CHECK: for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tile<f32>, tile<i32>)
    %acc, %cnt = for %j in (%lo to %n, step %st) : tile<i32> iter_values(%s = %seed, %k = %lo) -> (tile<f32>, tile<i32>) {
      %s2 = addf %s, %s : tile<f32>
      %k2 = addi %k, %j : tile<i32>
      continue %s2, %k2 : tile<f32>, tile<i32>
    }
    // CHECK: loop iter_values
    %final = loop iter_values(%i = %lo) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %i : tile<i32>
      }
      %mid = if %c -> (tile<i32>) {
        %inner = for %k in (%lo to %n, step %st) : tile<i32> iter_values(%q = %i) -> (tile<i32>) {
          %q2 = addi %q, %k : tile<i32>
          continue %q2 : tile<i32>
        }
        yield %inner : tile<i32>
      } else {
        yield %i : tile<i32>
      }
      continue %mid : tile<i32>
    }
    loop {
      break
    }
    return
  }

  // CHECK-LABEL: entry @combiners
  entry @combiners() {
    %m = constant <f32: 0.5> : tile<8x16xf32>
    // CHECK: reduce %{{.*}} dim=1 identities=[0.000000e+00 : f32]
    %rows = reduce %m dim=1 identities=[0.000000e+00 : f32] : tile<8x16xf32> -> tile<8xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        %sum = addf %elem, %acc : tile<f32>
        yield %sum : tile<f32>
      }
    %vals = constant <f16: 1.0> : tile<4x4xf16>
    %keys = constant <i64: 3> : tile<4x4xi64>
    %rv, %rk = reduce %vals, %keys dim=1 identities=[0.000000e+00 : f16, -1 : i64] : tile<4x4xf16>, tile<4x4xi64> -> tile<4xf16>, tile<4xi64>
      (%v: tile<f16>, %va: tile<f16>, %k: tile<i64>, %ka: tile<i64>) {
        %vs = addf %v, %va : tile<f16>
        %ks = addi %k, %ka : tile<i64>
        yield %vs, %ks : tile<f16>, tile<i64>
      }
    // CHECK: scan %{{.*}} dim=0 reverse=true identities=[1.000000e+00 : f32]
    %bwd = scan %m dim=0 reverse=true identities=[1.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %p = mulf %a, %b : tile<f32>
        yield %p : tile<f32>
      }
    %i = iota : tile<32xi64>
    %run = scan %i dim=0 reverse=false identities=[0 : i64] : tile<32xi64> -> tile<32xi64>
      (%a: tile<i64>, %b: tile<i64>) {
        %s = addi %a, %b : tile<i64>
        yield %s : tile<i64>
      }
    return
  }

  // CHECK-LABEL: entry @shapes
  entry @shapes(%s: tile<f32>, %p: tile<ptr<f32>>, %i: tile<i32>) {
    %r = reshape %s : tile<f32> -> tile<1x1xf32>
    %row = broadcast %r : tile<1x1xf32> -> tile<4x8xf32>
    // CHECK: permute %{{.*}} [1, 0] : tile<4x8xf32> -> tile<8x4xf32>
    %t = permute %row [1, 0] : tile<4x8xf32> -> tile<8x4xf32>
    // CHECK: cat %{{.*}}, %{{.*}} dim = 1
    %cols = cat %row, %row dim = 1 : tile<4x8xf32>, tile<4x8xf32> -> tile<4x16xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %q = extract %cols[%c0, %i] : tile<4x16xf32> -> tile<2x4xf32>
    %a = iota : tile<16xi32>
    %half = constant <i32: 8> : tile<16xi32>
    %lt = cmpi less_than %a, %half, unsigned : tile<16xi32> -> tile<16xi1>
    %pr = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %pr : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %po = offset %pb, %a : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %ps = select %lt, %pb, %po : tile<16xi1>, tile<16xptr<f32>>
    // CHECK: get_tile_block_id : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    return
  }

  // CHECK-LABEL: entry @assumptions
  entry @assumptions(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // CHECK: assume div_by<16>
    %pa = assume div_by<16>, %p : tile<ptr<f32>>
    %v = iota : tile<64xi32>
    // CHECK: assume div_by<4, every 8 along 0>
    %v4 = assume div_by<4, every 8 along 0>, %v : tile<64xi32>
    %m = constant <i64: 0> : tile<4x16xi64>
    %m1 = assume div_by<4611686018427387904>, %m : tile<4x16xi64>
    // CHECK: assume same_elements<[1, 16]>
    %ms = assume same_elements<[1, 16]>, %m : tile<4x16xi64>
    // CHECK: assume bounded<-5, ?>
    %b2 = assume bounded<-5, ?>, %n : tile<i32>
    %b3 = assume bounded<?, ?>, %n : tile<i32>
    %l = exti %n signed : tile<i32> -> tile<i64>
    %b4 = assume bounded<-9223372036854775808, 9223372036854775807>, %l : tile<i64>
    return
  }
}
