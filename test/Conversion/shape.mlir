// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm="num-warps=4" | FileCheck %s

// Broadcasting a uniform value splats it; reshapes move nothing (tiles of
// the same size share one layout); other layout changes write the owned
// elements to shared memory between two barriers and read the needed ones.

// CHECK: llvm.mlir.global internal @__cudatile_smem_shapes_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-LABEL: llvm.func @shapes(%arg0: f32, %arg1: !llvm.ptr)
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %arg0 : f32 to vector<4xf32>
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[SPLAT]] : vector<4xf32>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: vector.from_elements %{{.*}} : vector<4xf32>
cuda_tile.module @m {
  entry @shapes(%s: tile<f32>, %p: tile<ptr<f32>>) {
    %r = reshape %s : tile<f32> -> tile<1x1xf32>
    %b = broadcast %r : tile<1x1xf32> -> tile<16x32xf32>
    %io = iota : tile<512xi32>
    %iof = itof %io signed : tile<512xi32> -> tile<512xf32>
    %m = reshape %iof : tile<512xf32> -> tile<16x32xf32>
    %a = addf %m, %b : tile<16x32xf32>
    %t = permute %a [1, 0] : tile<16x32xf32> -> tile<32x16xf32>
    %f = reshape %t : tile<32x16xf32> -> tile<512xf32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %pp = offset %pb, %io : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %tk = store_ptr_tko weak %pp, %f : tile<512xptr<f32>>, tile<512xf32> -> token
    return
  }

  // Tiles too large for the 32 KiB scratch buffer move in chunks (a loop
  // over the source in pieces of 8192 f32).
  // CHECK-LABEL: llvm.func @chunked
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
  // CHECK:   nvvm.barrier0
  // CHECK:   nvvm.barrier0
  // CHECK:   scf.yield
  entry @chunked(%p: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<128x128xf32>
    %t = permute %v [1, 0] : tile<128x128xf32> -> tile<128x128xf32>
    %r = reduce %t dim=0 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %q = addf %e, %acc : tile<f32>
        yield %q : tile<f32>
      }
    %c0 = constant <i32: 0> : tile<i32>
    %x = extract %r[%c0] : tile<128xf32> -> tile<1xf32>
    %xs = reshape %x : tile<1xf32> -> tile<f32>
    %tk = store_ptr_tko weak %p, %xs : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // cat, extract with a dynamic index, select and offset.
  // CHECK-LABEL: llvm.func @moves
  // CHECK: arith.cmpi ult
  // CHECK: arith.select
  // CHECK: nvvm.barrier0
  // CHECK: arith.muli %{{.*}}, %{{.*}} : vector<1xi64>
  // CHECK: arith.addi %{{.*}}, %{{.*}} : vector<1xi64>
  entry @moves(%i: tile<i32>, %p: tile<ptr<i32>>) {
    %a = iota : tile<64xi32>
    %c = cat %a, %a dim = 0 : tile<64xi32>, tile<64xi32> -> tile<128xi32>
    %e = extract %c[%i] : tile<128xi32> -> tile<32xi32>
    %z = constant <i32: 5> : tile<32xi32>
    %k = cmpi less_than %e, %z, signed : tile<32xi32> -> tile<32xi1>
    %s = select %k, %e, %z : tile<32xi1>, tile<32xi32>
    %l = iota : tile<32xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<32xptr<i32>>
    %pp = offset %pb, %l : tile<32xptr<i32>>, tile<32xi32> -> tile<32xptr<i32>>
    %tk = store_ptr_tko weak %pp, %s : tile<32xptr<i32>>, tile<32xi32> -> token
    return
  }
}
