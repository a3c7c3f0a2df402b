// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm="reduction-order=sequential" | FileCheck %s

// reduce and scan: the operands go to shared memory; each row is folded in
// order by one thread (a loop over the rows of the thread, a loop over the
// elements of a row with the combiner inlined), the results come back
// through shared memory.

// CHECK-LABEL: llvm.func @rows
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[FOLD:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) : i32 {
// CHECK:     %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:     %[[M:.*]] = arith.maxnumf %[[X]], %[[ACC]] : f32
// CHECK:     scf.yield %{{.*}} : f32
// CHECK:   llvm.store %[[FOLD]]
// CHECK: nvvm.barrier0
// A two-operand reduction carries both accumulators.
// CHECK: iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, i32)
// CHECK: arith.cmpf ogt
// An inclusive scan stores every prefix back in place.
// CHECK: scf.for
// CHECK: scf.for {{.*}} -> (i64)
// CHECK:   arith.addi
// CHECK:   llvm.store
cuda_tile.module @m {
  entry @rows(%p: tile<ptr<f32>>, %q: tile<ptr<i32>>, %r: tile<ptr<i64>>) {
    %x = constant <f32: 1.5> : tile<8x64xf32>
    %mx = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<8x64xf32> -> tile<8xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %m = maxf %e, %acc : tile<f32>
        yield %m : tile<f32>
      }
    %io = iota : tile<64xi32>
    %io2 = reshape %io : tile<64xi32> -> tile<1x64xi32>
    %iob = broadcast %io2 : tile<1x64xi32> -> tile<8x64xi32>
    %v, %i = reduce %x, %iob dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<8x64xf32>, tile<8x64xi32> -> tile<8xf32>, tile<8xi32>
      (%a: tile<f32>, %aa: tile<f32>, %b: tile<i32>, %ba: tile<i32>) {
        %gt = cmpf greater_than ordered %a, %aa : tile<f32> -> tile<i1>
        %nv = select %gt, %a, %aa : tile<i1>, tile<f32>
        %ni = select %gt, %b, %ba : tile<i1>, tile<i32>
        yield %nv, %ni : tile<f32>, tile<i32>
      }
    %l8 = iota : tile<8xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %pp = offset %pb, %l8 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t0 = store_ptr_tko weak %pp, %mx : tile<8xptr<f32>>, tile<8xf32> -> token
    %s = addf %mx, %v : tile<8xf32>
    %t1 = store_ptr_tko weak %pp, %s : tile<8xptr<f32>>, tile<8xf32> -> token
    %q1 = reshape %q : tile<ptr<i32>> -> tile<1xptr<i32>>
    %qb = broadcast %q1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %qp = offset %qb, %l8 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %t2 = store_ptr_tko weak %qp, %i : tile<8xptr<i32>>, tile<8xi32> -> token
    %big = iota : tile<256xi64>
    %sc = scan %big dim=0 reverse=true identities=[0 : i64] : tile<256xi64> -> tile<256xi64>
      (%e: tile<i64>, %acc: tile<i64>) {
        %a2 = addi %e, %acc : tile<i64>
        yield %a2 : tile<i64>
      }
    %l256 = iota : tile<256xi32>
    %r1 = reshape %r : tile<ptr<i64>> -> tile<1xptr<i64>>
    %rb = broadcast %r1 : tile<1xptr<i64>> -> tile<256xptr<i64>>
    %rp = offset %rb, %l256 : tile<256xptr<i64>>, tile<256xi32> -> tile<256xptr<i64>>
    %t3 = store_ptr_tko weak %rp, %sc : tile<256xptr<i64>>, tile<256xi64> -> token
    return
  }

  // A row longer than the exchange buffer is folded in segments (4 of 4096
  // f32 here), the running value carried through the buffer by thread 0.
  // CHECK-LABEL: llvm.func @long_row
  // CHECK: llvm.mlir.addressof @[[BUF:__cudatile_smem_long_row_[0-9]+]]
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
  // CHECK: scf.for %{{.*}} = %{{.*}} to %c4_i32 step %{{.*}} iter_args
  // CHECK:   nvvm.barrier0
  // CHECK:   nvvm.barrier0
  // CHECK:     scf.for %{{.*}} = %{{.*}} to %c4096_i32{{.*}} step
  // CHECK:       arith.addf
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
  entry @long_row(%p: tile<ptr<f32>>) {
    %l = iota : tile<16384xi32>
    %f = itof %l signed : tile<16384xi32> -> tile<16384xf32>
    %r = reduce %f dim=0 identities=[0.000000e+00 : f32] : tile<16384xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        %s = addf %a, %b : tile<f32>
        yield %s : tile<f32>
      }
    %t = store_ptr_tko weak %p, %r : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
