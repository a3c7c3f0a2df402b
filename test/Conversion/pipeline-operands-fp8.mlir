// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_90a | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_90 | FileCheck %s --check-prefix=SM90
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_89 | FileCheck %s --check-prefix=SM89
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_86 | FileCheck %s --check-prefix=SM86

// fp8 operands get rings where the tensor cores take fp8 (wgmma on sm_90a,
// mma.sync m16n8k32 from sm_89), and only when both are stored with K
// contiguous (A as M x K, B as N x K: wgmma reads 8-bit operands K-major,
// and ldmatrix cannot transpose 8-bit values for mma.sync); on sm_86
// (no fp8 tensor cores) the matmul is left as it was. i8 operands (the
// last case) take the same rings, from sm_80.
// Stages: 16 KiB (8 KiB per operand), five of them where TMA fills them,
// three (32 KiB ahead) where cp.async does (sm_89, sm_86).

// CHECK-LABEL: entry @gemm_nt_e4m3
// CHECK: cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<128x64xf8E4M3FN>>
// CHECK: cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<64x128xf8E4M3FN>, transposed>
// CHECK: cuda_tile_codegen.ring_release
// CHECK: cuda_tile_codegen.async_wait 4 on {{.*}} {released}
// CHECK: mmaf {{.*}} : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
// SM90-LABEL: entry @gemm_nt_e4m3
// SM90: cuda_tile_codegen.alloc_mbarriers : <5>
// SM90: cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<128x64xf8E4M3FN>>
// SM90: cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<64x128xf8E4M3FN>, transposed>
// SM90: mmaf {{.*}} : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
// SM89-LABEL: entry @gemm_nt_e4m3
// SM89-NOT: alloc_mbarriers
// SM89: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<128x64xf8E4M3FN>>
// SM89: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<64x128xf8E4M3FN>, transposed>
// SM89: cuda_tile_codegen.async_wait 1
// SM89: mmaf {{.*}} : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
// SM86-LABEL: entry @gemm_nt_e4m3
// SM86-NOT: alloc_ring
// SM86: load_view_tko
cuda_tile.module @m {
  entry @gemm_nt_e4m3(%a_arg: tile<ptr<f8E4M3FN>>, %b_arg: tile<ptr<f8E4M3FN>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f8E4M3FN>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f8E4M3FN>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xf8E4M3FN>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// B stored K x N: 8-bit operands cannot be read N-major, no rings.
// CHECK-LABEL: entry @gemm_nn_e4m3
// CHECK-NOT: alloc_ring
// CHECK: load_view_tko
// SM89-LABEL: entry @gemm_nn_e4m3
// SM89-NOT: alloc_ring
// SM89: load_view_tko
cuda_tile.module @m {
  entry @gemm_nn_e4m3(%a_arg: tile<ptr<f8E4M3FN>>, %b_arg: tile<ptr<f8E4M3FN>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f8E4M3FN>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f8E4M3FN>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<64x128xf8E4M3FN>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// i8 into i32 (mmai): rings of rows of K as for fp8, on every target
// (mma.sync m16n8k32 s8/u8 from sm_80, wgmma m64nNk32 on sm_90a); an
// integer accumulator never stays in flight across iterations (no
// mma_wait).
// CHECK-LABEL: entry @gemm_nt_i8
// CHECK: cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<128x64xi8>>
// CHECK: cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<64x128xi8>, transposed>
// CHECK-NOT: mma_wait
// CHECK: mmai {{.*}} signed unsigned : tile<128x64xi8>, tile<64x128xi8>, tile<128x128xi32>
// CHECK-NOT: mma_wait
// CHECK: store_view_tko
// SM86-LABEL: entry @gemm_nt_i8
// SM86: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<128x64xi8>>
// SM86: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<64x128xi8>, transposed>
// SM86: mmai
cuda_tile.module @m {
  entry @gemm_nt_i8(%a_arg: tile<ptr<i8>>, %b_arg: tile<ptr<i8>>, %c_arg: tile<ptr<i32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
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
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xi32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<128x64xi8>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xi8>, token
      %next = mmai %at, %bt, %sum signed unsigned : tile<128x64xi8>, tile<64x128xi8>, tile<128x128xi32>
      continue %next : tile<128x128xi32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
