// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm | FileCheck %s

// Views are address arithmetic: the tile's element coordinates (from the
// thread id), plus the partition index times the tile shape, times the
// strides, plus the base pointer. Out-of-bounds elements read the padding
// value and are not stored.

// CHECK-LABEL: llvm.func @tiled(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i32, %arg3: i32)
// CHECK-DAG: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-DAG: %[[SRC:.*]] = llvm.ptrtoint %arg0 : !llvm.ptr to i64
// CHECK-DAG: %[[DSTB:.*]] = llvm.ptrtoint %arg1 : !llvm.ptr to i64
// CHECK-DAG: %[[BX:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK-DAG: %[[BY:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: %[[ROWS:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK: %[[COLS:.*]] = arith.extsi %arg3 : i32 to i64
// CHECK: %[[STRIDE0:.*]] = arith.extsi %arg3 : i32 to i64
// Tile origin: block index times the tile shape (4x32).
// CHECK: %[[BY64:.*]] = arith.extsi %[[BY]] : i32 to i64
// CHECK: %[[ROW0:.*]] = arith.muli %[[BY64]], %{{.*}} : i64
// CHECK: %[[BX64:.*]] = arith.extsi %[[BX]] : i32 to i64
// CHECK: %[[COL0:.*]] = arith.muli %[[BX64]], %{{.*}} : i64
// The padding value is -inf.
// CHECK: %[[PAD:.*]] = arith.constant 0xFF800000 : f32
// Element coordinates of this thread: column = tid & 31, row = (tid >> 5) & 3.
// CHECK: %[[C:.*]] = arith.andi %[[TID]], %{{.*}} : i32
// CHECK: %[[SH:.*]] = arith.shrui %[[TID]], %{{.*}} : i32
// CHECK: %[[R:.*]] = arith.andi %[[SH]], %{{.*}} : i32
// CHECK: %[[R64:.*]] = arith.extui %[[R]] : i32 to i64
// CHECK: %[[ROW:.*]] = arith.addi %[[R64]], %[[ROW0]] : i64
// CHECK: %[[INR:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : i64
// CHECK: arith.muli %[[ROW]], %[[STRIDE0]] : i64
// CHECK: %[[C64:.*]] = arith.extui %[[C]] : i32 to i64
// CHECK: %[[COL:.*]] = arith.addi %[[C64]], %[[COL0]] : i64
// CHECK: %[[INC:.*]] = arith.cmpi ult, %[[COL]], %[[COLS]] : i64
// CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %[[INC]] : i1
// CHECK: %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK: %[[BYTES:.*]] = arith.muli %[[OFF]], %{{.*}} : i64
// CHECK: %[[ADDR:.*]] = arith.addi %[[SRC]], %[[BYTES]] : i64
// CHECK: %[[V:.*]] = scf.if %[[IN]] -> (f32) {
// The view's base is a kernel parameter: global memory (address space 1).
// CHECK:   %[[P:.*]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr<1>
// CHECK:   %[[L:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:   scf.yield %[[L]] : f32
// CHECK: } else {
// CHECK:   scf.yield %[[PAD]] : f32
// CHECK: }
// The store is skipped out of bounds.
// CHECK: %[[DST:.*]] = arith.addi %[[DSTB]], %{{.*}} : i64
// CHECK: %[[SIN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: scf.if %[[SIN]] {
// CHECK:   llvm.inttoptr %[[DST]]
// CHECK:   llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: }
// CHECK: llvm.return
cuda_tile.module @m {
  entry @tiled(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>, %rows: tile<i32>, %cols: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %src, shape = [%rows, %cols], strides = [%cols, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %pv = make_partition_view %tv : partition_view<tile=(4x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,?]>>
    %t, %t0 = load_view_tko weak %pv[%by, %bx] : partition_view<tile=(4x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<4x32xf32>, token
    %dv = make_tensor_view %dst, shape = [%rows, %cols], strides = [%cols, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %pd = make_partition_view %dv : partition_view<tile=(4x32), tensor_view<?x?xf32, strides=[?,?]>>
    %s0 = store_view_tko weak %t, %pd[%by, %bx] : tile<4x32xf32>, partition_view<tile=(4x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}
