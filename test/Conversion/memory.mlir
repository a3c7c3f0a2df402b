// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm | FileCheck %s

// Pointer-tile loads and stores: one access per element a thread owns.
// weak accesses are plain loads and stores; relaxed / acquire / release are
// atomic accesses at the requested scope (tl_blk -> "block", device ->
// "device", sys -> the default system scope). acquire is followed and
// release preceded by a CTA barrier, and a token produced by a memory op
// orders its consumer behind a barrier. Masked stores are guarded per
// element.

// Globals come first: the static shared allocation of @alloc and the module
// global (addrspace 1).
// CHECK: llvm.mlir.global internal @__cudatile_alloca_alloc_0() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<256 x i8>
// An alignment that is no power of two (the reference accepts it) is
// rounded up to one.
// CHECK: llvm.mlir.global external @odd_alignment(dense<[1, 2]> : tensor<2xi32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<2 x i32>
// CHECK: llvm.mlir.global external @table(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
// CHECK-LABEL: llvm.func @orderings(%arg0: !llvm.ptr)
// CHECK-SAME: nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: llvm.load %{{.*}} atomic syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// The acquire load waits for the relaxed load it is ordered after.
// CHECK-NEXT: vector.from_elements
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load %{{.*}} atomic syncscope("block") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: vector.from_elements
// CHECK-NEXT: nvvm.barrier0
// The barrier after the acquire also serves the token edge and the release
// of the store: only side-effect-free ops lie between them.
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} atomic release {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: %[[M:.*]] = arith.cmpi slt
// CHECK: nvvm.barrier0
// CHECK: %[[ME:.*]] = vector.extract %[[M]][0] : i1 from vector<1xi1>
// CHECK: %[[G:.*]] = arith.andi %{{.*}}, %[[ME]] : i1
// CHECK: scf.if %[[G]] {
// CHECK:   llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: }
// CHECK: llvm.return

// Scalar (rank-0) accesses with a side effect are done by thread 0 only.
// Shared allocas are static shared-memory globals; global allocas are
// malloc'ed by thread 0, broadcast through shared memory and freed when the
// kernel leaves the block that owns them. Module globals are addrspace(1)
// globals.
// CHECK-LABEL: llvm.func @alloc(%arg0: !llvm.ptr)
// CHECK: llvm.mlir.addressof @__cudatile_alloca_alloc_0 : !llvm.ptr<3>
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: %[[HEAP:.*]]:2 = scf.if %[[IS0]] -> (i64, i64) {
// CHECK:   %[[SIZE:.*]] = arith.constant 64 : i64
// CHECK:   llvm.call @malloc(%[[SIZE]]) : (i64) -> !llvm.ptr
// CHECK: nvvm.barrier0
// CHECK: llvm.store %[[HEAP]]#1, %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.addressof @table : !llvm.ptr<1>
// CHECK: scf.if
// CHECK:   llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: nvvm.barrier0
// CHECK: llvm.load
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK:   %[[FP:.*]] = llvm.inttoptr %[[HEAP]]#0 : i64 to !llvm.ptr
// CHECK:   llvm.call @free(%[[FP]]) : (!llvm.ptr) -> ()
// CHECK: llvm.return
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK: llvm.func @free(!llvm.ptr)
cuda_tile.module @m {
  entry @orderings(%p: tile<ptr<i32>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %l = iota : tile<128xi32>
    %pp = offset %pb, %l : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %v, %t0 = load_ptr_tko weak %pp : tile<128xptr<i32>> -> tile<128xi32>, token
    %v2, %t1 = load_ptr_tko relaxed device %pp : tile<128xptr<i32>> -> tile<128xi32>, token
    %v3, %t2 = load_ptr_tko acquire tl_blk %pp token=%t1 : tile<128xptr<i32>> -> tile<128xi32>, token
    %s = addi %v, %v2 : tile<128xi32>
    %s2 = addi %s, %v3 : tile<128xi32>
    %t3 = store_ptr_tko release sys %pp, %s2 token=%t2 : tile<128xptr<i32>>, tile<128xi32> -> token
    %m = cmpi less_than %l, %v, signed : tile<128xi32> -> tile<128xi1>
    %t4 = store_ptr_tko weak %pp, %s2, %m token=%t3 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> token
    return
  }

  global @table alignment = 16 <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
  global @odd_alignment alignment = 12 <i32: [1, 2]> : tile<2xi32>
  entry @alloc(%p: tile<ptr<f32>>) {
    %a = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %g = alloca num_elem = 16, alignment = 16 global : tile<ptr<f32>>
    %t = get_global @table : tile<ptr<f32>>
    %v, %t0 = load_ptr_tko weak %t : tile<ptr<f32>> -> tile<f32>, token
    %t1 = store_ptr_tko weak %a, %v : tile<ptr<f32>>, tile<f32> -> token
    %w, %t2 = load_ptr_tko weak %a token=%t1 : tile<ptr<f32>> -> tile<f32>, token
    %t3 = store_ptr_tko weak %g, %w : tile<ptr<f32>>, tile<f32> -> token
    %t4 = store_ptr_tko weak %p, %w : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
