// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// A wgmma whose accumulator is the constant +0 does not write zeros into
// its registers: the first K step runs with scale-d 0 (the products
// alone), the next ones accumulate. Any other constant, -0 included, is
// written into the registers (-0: 0x80000000) and every step accumulates.

// CHECK-LABEL: .entry from_zero(
// CHECK-NOT: -2147483648
// CHECK: wgmma.fence.sync.aligned;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: mov.b32 [[OFF:%r[0-9]+]], 0;
// CHECK: setp.ne.b32 p, [[OFF]], 0;
// CHECK-NEXT: wgmma.mma_async
// CHECK: mov.b32 [[ON:%r[0-9]+]], 1;
// CHECK: setp.ne.b32 p, [[ON]], 0;
// CHECK-NEXT: wgmma.mma_async

// CHECK-LABEL: .entry from_negative_zero(
// CHECK: mov.b32 %r{{[0-9]+}}, -2147483648;
// CHECK: wgmma.fence.sync.aligned;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: mov.b32 [[ON2:%r[0-9]+]], 1;
// CHECK: setp.ne.b32 p, [[ON2]], 0;
// CHECK-NEXT: wgmma.mma_async
// Integer: an i32 accumulator of constant 0 starts the same way (s8 x u8,
// B stored N x K).
// CHECK-LABEL: .entry i8_from_zero(
// CHECK: wgmma.fence.sync.aligned;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: mov.b32 [[IOFF:%r[0-9]+]], 0;
// CHECK: setp.ne.b32 p, [[IOFF]], 0;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.u8
// CHECK: mov.b32 [[ION:%r[0-9]+]], 1;
// CHECK: setp.ne.b32 p, [[ION]], 0;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.u8
cuda_tile.module @m {
  entry @from_zero(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %start = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %p = mmaf %at, %bt, %start : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      %next = addf %sum, %p : tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @from_negative_zero(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %start = constant <f32: -0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %p = mmaf %at, %bt, %start : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      %next = addf %sum, %p : tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @i8_from_zero(%a_arg: tile<ptr<i8>>, %b_arg: tile<ptr<i8>>, %c_arg: tile<ptr<i32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<i8>>
    %b = assume div_by<16>, %b_arg : tile<ptr<i8>>
    %c = assume div_by<16>, %c_arg : tile<ptr<i32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xi32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<128x128xi32>
    %start = constant <i32: 0> : tile<128x128xi32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xi32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<128x64xi8>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xi8>, token
      %p = mmai %at, %bt, %start signed unsigned : tile<128x64xi8>, tile<64x128xi8>, tile<128x128xi32>
      %next = addi %sum, %p : tile<128x128xi32>
      continue %next : tile<128x128xi32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
