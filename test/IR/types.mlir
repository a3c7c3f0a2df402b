// RUN: cuda-tile-opt %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file | cuda-tile-opt -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | cuda-tile-opt -split-input-file | FileCheck %s

// Types print in the short form inside a module and parse in both forms.

cuda_tile.module @types {
  // CHECK-LABEL: entry @scalars
  // CHECK-SAME: (%arg0: tile<i1>, %arg1: tile<i8>, %arg2: tile<i16>, %arg3: tile<i32>, %arg4: tile<i64>)
  entry @scalars(%a: tile<i1>, %b: !cuda_tile.tile<i8>, %c: tile<i16>, %d: tile<i32>, %e: tile<i64>) {
    return
  }
  // CHECK-LABEL: entry @floats
  // CHECK-SAME: (%arg0: tile<f16>, %arg1: tile<bf16>, %arg2: tile<f32>, %arg3: tile<tf32>, %arg4: tile<f64>, %arg5: tile<f8E4M3FN>, %arg6: tile<f8E5M2>)
  entry @floats(%a: tile<f16>, %b: tile<bf16>, %c: tile<f32>, %d: tile<tf32>, %e: tile<f64>, %f: tile<f8E4M3FN>, %g: tile<f8E5M2>) {
    return
  }
  // CHECK-LABEL: entry @pointers
  // CHECK-SAME: (%arg0: tile<ptr<f32>>, %arg1: tile<ptr<i1>>, %arg2: tile<ptr<f8E8M0FNU>>, %arg3: tile<ptr<f4E2M1FN>>, %arg4: tile<ptr<f64>>)
  entry @pointers(%a: tile<ptr<f32>>, %b: tile<!cuda_tile.ptr<i1>>, %c: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f4E2M1FN>>, %e: !cuda_tile.tile<!cuda_tile.ptr<f64>>) {
    return
  }
  // CHECK-LABEL: entry @views
  // CHECK-SAME: tensor_view<1024x1024xf16, strides=[1024,1]>
  // CHECK-SAME: tensor_view<?x?xf16, strides=[?,1]>
  // CHECK-SAME: tensor_view<?x16xf32, strides=[1,?]>
  // CHECK-SAME: tensor_view<f32>
  // CHECK-SAME: tensor_view<48x3xi8, strides=[3,1]>
  // CHECK-SAME: token
  entry @views(%a: tensor_view<1024x1024xf16, strides=[1024,1]>,
               %b: !cuda_tile.tensor_view<?x?xf16, strides=[?,1]>,
               %c: tensor_view<?x16xf32, strides=[1,?]>,
               %d: tensor_view<f32>,
               %e: tensor_view<48x3xi8, strides=[3,1]>,
               %t: token) {
    return
  }
}

// -----

cuda_tile.module @tiles {
  // Rank 0, a large rank, the 2^24-element boundary, pointers in tiles.
  // CHECK-LABEL: entry @shapes
  entry @shapes(%x: tile<i1>, %p: tile<ptr<f32>>) {
    // CHECK: reshape %{{.*}} : tile<i1> -> tile<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi1>
    %r = reshape %x : tile<i1> -> tile<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi1>
    %r1 = reshape %x : tile<i1> -> tile<1xi1>
    // CHECK: broadcast %{{.*}} : tile<1xi1> -> tile<16777216xi1>
    %b = broadcast %r1 : tile<1xi1> -> tile<16777216xi1>
    // CHECK: broadcast %{{.*}} : tile<1x1xi1> -> tile<4096x4096xi1>
    %r2 = reshape %x : tile<i1> -> tile<1x1xi1>
    %b2 = broadcast %r2 : tile<1x1xi1> -> tile<4096x4096xi1>
    // CHECK: tile<4x8xptr<f32>>
    %rp = reshape %p : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %bp = broadcast %rp : tile<1x1xptr<f32>> -> tile<4x8xptr<f32>>
    return
  }
}

// -----

// Views over tensor_views: padding values, dim maps, strided and
// gather/scatter views.
cuda_tile.module @view_types {
  // CHECK-LABEL: entry @partition
  // CHECK-SAME: partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
  // CHECK-SAME: partition_view<tile=(8x4), padding_value = nan, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]>
  // CHECK-SAME: partition_view<tile=(4), padding_value = zero, tensor_view<16xi32, strides=[1]>>
  // CHECK-SAME: partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>>
  entry @partition(
      %a: partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>,
      %b: partition_view<tile=(8x4), padding_value = nan, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]>,
      %c: partition_view<tile=(4), padding_value = zero, tensor_view<16xi32, strides=[1]>>,
      %d: !cuda_tile.partition_view<tile=(2x2), !cuda_tile.tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 1]>) {
    return
  }
  // CHECK-LABEL: entry @strided
  // CHECK-SAME: strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>
  // CHECK-SAME: strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<64x48xf32, strides=[48,1]>, dim_map=[1, 0]>
  entry @strided(
      %a: strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>,
      %b: strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<64x48xf32, strides=[48,1]>, dim_map=[1, 0]>) {
    return
  }
  // CHECK-LABEL: entry @gather
  // CHECK-SAME: gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>
  // CHECK-SAME: gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>
  entry @gather(
      %a: gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>,
      %b: gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>) {
    return
  }
}
