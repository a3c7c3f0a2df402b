// RUN: %cuda-tile-opt %s -cudatile-pipeline-operands=pair-k-steps=false -convert-cudatile-to-nvvm=gpu-name=sm_90 | FileCheck %s

// A ring's rows over 128 bytes are stored as column blocks of 128 bytes
// (OperandSwizzle, the swizzle atoms wgmma reads). B's ring here holds 32
// rows of 256 bytes (32x128 f16): two blocks, 32 x 128 = 4096 bytes apart.
// A copy's destination (and an ldmatrix row's address) is row * 128 +
// (byte >> 7) * 4096 + ((byte & 127) ^ the row's phase). A's rows (64
// bytes) are one block each: no block term.
// CHECK-LABEL: llvm.func @gemm_f16(
// CHECK: %[[SKIP:.*]] = arith.muli %{{.*}}, %c4096_i32{{.*}} : i32
// CHECK-NEXT: %[[START:.*]] = arith.addi %{{.*}}, %[[SKIP]] : i32
// CHECK-NEXT: %[[CHUNK:.*]] = arith.xori %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.addi %[[START]], %[[CHUNK]] : i32
cuda_tile.module @bench {
  entry @gemm_f16(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
