// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands | FileCheck %s --check-prefixes=CHECK,INPLACE
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands | %cuda-tile-opt -split-input-file | FileCheck %s --check-prefixes=CHECK,INPLACE
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=round-rings-in-place=false | FileCheck %s --check-prefixes=CHECK,ASREAD
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_90a | FileCheck %s --check-prefix=SM90A

// tf32 operands get rings as 16-bit ones do (mma.sync m16n8k8 reads them;
// on sm_90a too, with TMA, as wgmma does not take tf32 here). An f32 load
// that an ftof rounds to tf32 (cuTile Python's f32 GEMM) is copied as f32:
// the ring holds f32, which a ring_round rounds in place after each
// iteration's wait, once for all the warps that read it (the ring_tile then
// reads tf32 values); with round-rings-in-place=false, and where TMA may fill
// the rings, the ring_tile carries the ftof's rounding mode instead.
// Stages: 32 KiB (16 KiB per operand, 4 bytes an element), three of them.

// CHECK-LABEL: entry @gemm_f32_tf32
// CHECK: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<128x32xf32>>
// CHECK: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<32x128xf32>>
// CHECK: cuda_tile_codegen.async_load {{.*}}, %[[RA]][{{.*}} as !cuda_tile.tile<128x32xf32>
// CHECK: cuda_tile_codegen.async_load {{.*}}, %[[RB]][{{.*}} as !cuda_tile.tile<32x128xf32>
// CHECK: for
// CHECK-NOT: ftof
// INPLACE: cuda_tile_codegen.async_wait 1
// INPLACE-NEXT: cuda_tile_codegen.ring_round %[[RA]], %[[RB]][%[[SLOT:.*]]] rounding [#cuda_tile.rounding<nearest_even>, #cuda_tile.rounding<nearest_even>] : !cuda_tile.tile<i32>, !cuda_tile_codegen.ring<3, !cuda_tile.tile<128x32xf32>>, !cuda_tile_codegen.ring<3, !cuda_tile.tile<32x128xf32>>
// INPLACE-NEXT: %[[A:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%[[SLOT]]] : <3, !cuda_tile.tile<128x32xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x32xtf32>
// INPLACE-NEXT: %[[B:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%[[SLOT]]] : <3, !cuda_tile.tile<32x128xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x128xtf32>
// ASREAD-NOT: ring_round
// ASREAD: %[[A:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%{{.*}}] rounding <nearest_even> : <3, !cuda_tile.tile<128x32xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x32xtf32>
// ASREAD: %[[B:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%{{.*}}] rounding <nearest_even> : <3, !cuda_tile.tile<32x128xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x128xtf32>
// CHECK: mmaf %[[A]], %[[B]], %{{.*}} : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
// SM90A-LABEL: entry @gemm_f32_tf32
// SM90A: cuda_tile_codegen.alloc_mbarriers : <3>
// SM90A: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<128x32xf32>>
// SM90A-NOT: ring_round
// SM90A: cuda_tile_codegen.ring_tile {{.*}} rounding <nearest_even>
// SM90A-NOT: mma_wait
// SM90A: store_view_tko
cuda_tile.module @m {
  entry @gemm_f32_tf32(%a_arg: tile<ptr<f32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x128xf32>, token
      %ar = ftof %at : tile<128x32xf32> -> tile<128x32xtf32>
      %br = ftof %bt : tile<32x128xf32> -> tile<32x128xtf32>
      %next = mmaf %ar, %br, %sum : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A loaded as tf32 (its ring holds tf32, 4 bytes an element: still three
// stages), B an f32 stored N x K rounded toward zero: a transposed ring.
// CHECK-LABEL: entry @gemm_nt_tf32
// CHECK: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<128x32xtf32>>
// CHECK: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<32x128xf32>, transposed>
// CHECK-NOT: ftof
// INPLACE: cuda_tile_codegen.ring_round %{{.*}}[%{{.*}}] rounding [#cuda_tile.rounding<zero>] : !cuda_tile.tile<i32>, !cuda_tile_codegen.ring<3, !cuda_tile.tile<32x128xf32>, transposed>{{$}}
// CHECK: cuda_tile_codegen.ring_tile %{{.*}}[%{{.*}}] : <3, !cuda_tile.tile<128x32xtf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x32xtf32>
// INPLACE: cuda_tile_codegen.ring_tile %{{.*}}[%{{.*}}] : <3, !cuda_tile.tile<32x128xf32>, transposed>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x128xtf32>
// ASREAD: cuda_tile_codegen.ring_tile %{{.*}}[%{{.*}}] rounding <zero> : <3, !cuda_tile.tile<32x128xf32>, transposed>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x128xtf32>
cuda_tile.module @m {
  entry @gemm_nt_tf32(%a_arg: tile<ptr<tf32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<tf32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xtf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>>, tile<i32> -> tile<128x32xtf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x128xf32>, token
      %br = ftof %bt rounding<zero> : tile<32x128xf32> -> tile<32x128xtf32>
      %next = mmaf %at, %br, %sum : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Only conversions to tf32 are read from rings: B's ftof to f16 stays, on
// the values of its load; A gets a ring of its own.
// CHECK-LABEL: entry @gemm_f32_b_f16
// CHECK: cuda_tile_codegen.alloc_ring : <{{[0-9]+}}, !cuda_tile.tile<128x32xf16>>
// CHECK-NOT: alloc_ring
// CHECK: for
// CHECK: load_view_tko
// CHECK: ftof %{{.*}} : tile<32x128xf32> -> tile<32x128xf16>
// CHECK: mmaf
cuda_tile.module @m {
  entry @gemm_f32_b_f16(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x128xf32>, token
      %br = ftof %bt : tile<32x128xf32> -> tile<32x128xf16>
      %next = mmaf %at, %br, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// cuTile Python's f32 GEMM with a 128-deep K step: 128 KiB of f32 a stage,
// one buffer on sm_80 and sm_90a (TMA). The steps split in two along K, the
// ftofs following the shallower loads: two stages of 64 KiB whose ring
// reads round as the ftofs did.

// CHECK-LABEL: entry @gemm_f32_tf32_deep_step
// CHECK: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<128x64xf32>>
// CHECK: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<64x128xf32>>
// CHECK: cuda_tile_codegen.async_load {{.*}}, %[[RA]][{{.*}} as !cuda_tile.tile<128x64xf32>
// CHECK: cuda_tile_codegen.async_load {{.*}}, %[[RB]][{{.*}} as !cuda_tile.tile<64x128xf32>
// CHECK: for
// CHECK-NOT: ftof
// INPLACE: cuda_tile_codegen.ring_round %[[RA]], %[[RB]][%{{.*}}] rounding [#cuda_tile.rounding<nearest_even>, #cuda_tile.rounding<nearest_away>]
// INPLACE-NEXT: %[[A:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%{{.*}}] : <2, !cuda_tile.tile<128x64xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x64xtf32>
// INPLACE-NEXT: %[[B:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%{{.*}}] : <2, !cuda_tile.tile<64x128xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<64x128xtf32>
// ASREAD: %[[A:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%{{.*}}] rounding <nearest_even> : <2, !cuda_tile.tile<128x64xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x64xtf32>
// ASREAD: %[[B:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%{{.*}}] rounding <nearest_away> : <2, !cuda_tile.tile<64x128xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<64x128xtf32>
// CHECK: mmaf %[[A]], %[[B]], %{{.*}} : tile<128x64xtf32>, tile<64x128xtf32>, tile<128x128xf32>
// CHECK-NOT: ftof
// CHECK: store_view_tko
// SM90A-LABEL: entry @gemm_f32_tf32_deep_step
// SM90A: cuda_tile_codegen.alloc_mbarriers : <2>
// SM90A-NEXT: cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<128x64xf32>>
// SM90A-NEXT: cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<64x128xf32>>
// SM90A: ring_tile {{.*}} rounding <nearest_even> {{.*}} -> !cuda_tile.tile<128x64xtf32>
// SM90A: ring_tile {{.*}} rounding <nearest_away> {{.*}} -> !cuda_tile.tile<64x128xtf32>
cuda_tile.module @m {
  entry @gemm_f32_tf32_deep_step(%a_arg: tile<ptr<f32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x128xf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x128xf32>, token
      %ar = ftof %at : tile<128x128xf32> -> tile<128x128xtf32>
      %br = ftof %bt rounding<nearest_away> : tile<128x128xf32> -> tile<128x128xtf32>
      %next = mmaf %ar, %br, %sum : tile<128x128xtf32>, tile<128x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
