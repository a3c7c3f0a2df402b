// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a -split-input-file %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a -split-input-file --remarks=missed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 -split-input-file --remarks=missed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80

// The occupancy hint (CTAs per SM) becomes .minnctapersm where that many
// CTAs fit on an SM; more than its shared memory or threads hold is lowered
// to what fits (a missed remark), and to no directive where one CTA fills
// the SM, so that ptxas budgets registers as without the hint.

// A 128x256x64 f16 GEMM on sm_90a: rings of 196608 bytes (and their
// mbarriers) fit once in 228 KiB (its result is regrouped for the stores in
// the rings' memory, idle after the loop: no more shared memory).
// CHECK-LABEL: .visible .entry rings(
// CHECK: .reqntid 256, 1, 1
// CHECK-NOT: .minnctapersm
// CHECK: {
// REMARK: remark: missed: occupancy 2 not reachable on sm_90a: with 196640 bytes of shared memory and 256 threads per CTA, 1 fit on an SM; registers are budgeted for 1
// sm_80 has no TMA barriers and 164 KiB per SM: the rings (cp.async) do not
// fit twice either.
// SM80: remark: missed: occupancy 2 not reachable on sm_80: with {{[0-9]+}} bytes of shared memory and {{[0-9]+}} threads per CTA, 1 fit on an SM; registers are budgeted for 1
cuda_tile.module @m {
  entry @rings(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) optimization_hints=<default = {occupancy = 2}> {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// 32 CTAs of 128 threads exceed the 2048 threads of an SM: 16.
// CHECK-LABEL: .visible .entry threads(
// CHECK: .reqntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 16
// REMARK: remark: missed: occupancy 32 not reachable on sm_90a: with 0 bytes of shared memory and 128 threads per CTA, 16 fit on an SM; registers are budgeted for 16
// SM80-NOT: occupancy 32
cuda_tile.module @m {
  entry @threads(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {occupancy = 32}> {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// One CTA asked for: the directive as written.
// CHECK-LABEL: .visible .entry one(
// CHECK: .reqntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 1
cuda_tile.module @m {
  entry @one(%p: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 1}> {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// A 128x256x16 GEMM's rings (96 KiB) fit twice on an SM, but its m64n256
// wgmma needs 160 registers per thread (a 128-register accumulator and what
// ptxas needs beside it), and two CTAs of 256 threads leave 128: one CTA,
// so that ptxas can compile it; the matmul stays wgmma.
// CHECK-LABEL: .visible .entry gemm_128x256_two_ctas(
// CHECK: .reqntid 256, 1, 1
// CHECK-NOT: .minnctapersm
// CHECK: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// REMARK: remark: missed: occupancy 2 not reachable on sm_90a: a wgmma needs 160 registers per thread, which 256 threads per CTA have with at most 1 on an SM; registers are budgeted for 1
// SM80-NOT: wgmma needs
cuda_tile.module @m {
  entry @gemm_128x256_two_ctas(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) optimization_hints=<default = {occupancy = 2}> {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x16xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x16xf16>, tile<16x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
