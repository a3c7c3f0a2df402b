// Tensor views, the tiled views built on them, view loads and stores and the
// shape queries round-trip through the custom and the generic syntax.
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

cuda_tile.module @m {
  // CHECK-LABEL: entry @tensor_views
  entry @tensor_views(%base: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %l: tile<i64>) {
    // CHECK: %tview = make_tensor_view %arg0, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %a = make_tensor_view %base, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    // CHECK: %tview_0 = make_tensor_view %arg0, shape = [], strides = [] : tensor_view<f32>
    %b = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
    // CHECK: %tview_1 = make_tensor_view %arg0, shape = [%arg1, %arg2], strides = [%arg2, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c = make_tensor_view %base, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    // CHECK: %tview_2 = make_tensor_view %arg0, shape = [128, 64], strides = [%arg3, 1] : tile<i64> -> tensor_view<128x64xf32, strides=[?,1]>
    %d = make_tensor_view %base, shape = [128, 64], strides = [%l, 1] : tile<i64> -> tensor_view<128x64xf32, strides=[?,1]>
    // One type for every dynamic size.
    // CHECK: %tview_3 = make_tensor_view %arg0, shape = [%arg3, 4], strides = [%arg3, 1] : tile<i64> -> tensor_view<?x4xf32, strides=[?,1]>
    %e = make_tensor_view %base, shape = [%l, 4], strides = [%l, 1] : tile<i64> -> tensor_view<?x4xf32, strides=[?,1]>
    // The long type spelling is accepted too.
    // CHECK: %tview_4 = make_tensor_view %arg0, shape = [4, 8, 16], strides = [1, 4, 32] {note = "x"} : tensor_view<4x8x16xf32, strides=[1,4,32]>
    %f = make_tensor_view %base, shape = [4, 8, 16], strides = [1, 4, 32] {note = "x"} : !cuda_tile.tensor_view<4x8x16xf32, strides=[1,4,32]>
    // CHECK: %[[S:.*]]:2 = get_tensor_shape %tview_1 : tensor_view<?x?xf32, strides=[?,1]> -> tile<i32>
    %s0, %s1 = get_tensor_shape %c : tensor_view<?x?xf32, strides=[?,1]> -> tile<i32>
    // CHECK: get_tensor_shape %tview_4 : tensor_view<4x8x16xf32, strides=[1,4,32]> -> tile<i8>
    %r:3 = get_tensor_shape %f : tensor_view<4x8x16xf32, strides=[1,4,32]> -> tile<i8>
    // A rank-0 tensor_view has no sizes: the query has no results.
    // CHECK: get_tensor_shape %tview_0 : tensor_view<f32> -> tile<i32>
    get_tensor_shape %b : tensor_view<f32> -> tile<i32>
    // Written generically with attributes and two result types: printed, as
    // the reference prints it, with the first type and without attributes.
    // CHECK: get_tensor_shape %tview_1 : tensor_view<?x?xf32, strides=[?,1]> -> tile<i16>{{$}}
    %g:2 = "cuda_tile.get_tensor_shape"(%c) {note = "x"} : (!cuda_tile.tensor_view<?x?xf32, strides=[?,1]>) -> (!cuda_tile.tile<i16>, !cuda_tile.tile<i64>)
    return
  }

  // CHECK-LABEL: entry @partition_views
  entry @partition_views(%tv: tensor_view<64x32xf32, strides=[32,1]>, %itv: tensor_view<16xi32, strides=[1]>) {
    // CHECK: %pview = make_partition_view %arg0 : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>
    %p = make_partition_view %tv : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>
    // CHECK: %pview_0 = make_partition_view %arg0 : partition_view<tile=(8x4), padding_value = nan, tensor_view<64x32xf32, strides=[32,1]>>
    %pn = make_partition_view %tv : partition_view<tile=(8x4), padding_value = nan, tensor_view<64x32xf32, strides=[32,1]>>
    // CHECK: %pview_1 = make_partition_view %arg0 : partition_view<tile=(16x16), padding_value = neg_inf, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    %pt = make_partition_view %tv : partition_view<tile=(16x16), padding_value = neg_inf, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    // CHECK: %pview_2 = make_partition_view %arg1 : partition_view<tile=(4), padding_value = zero, tensor_view<16xi32, strides=[1]>>
    %pi = make_partition_view %itv : partition_view<tile=(4), padding_value = zero, tensor_view<16xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %cst_1_i32] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token{{$}}
    %t0, %k0 = load_view_tko weak %p[%c0, %c1] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    // CHECK: %tile_3, %result_token_4 = load_view_tko relaxed device %pview_0[%cst_1_i32, %cst_0_i32] token = %result_token : partition_view<tile=(8x4), padding_value = nan, tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    %t1, %k1 = load_view_tko relaxed device %pn[%c1, %c0] token = %k0 : partition_view<tile=(8x4), padding_value = nan, tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    // CHECK: load_view_tko acquire sys %pview_1[%cst_0_i32, %cst_0_i32] optimization_hints = <sm_100 = {allow_tma = true, latency = 3}> : partition_view<tile=(16x16), padding_value = neg_inf, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x16xf32>, token
    %t2, %k2 = load_view_tko acquire sys %pt[%c0, %c0] optimization_hints = <sm_100 = {latency = 3, allow_tma = true}> : partition_view<tile=(16x16), padding_value = neg_inf, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x16xf32>, token
    // CHECK: %[[W0:.*]] = store_view_tko weak %tile, %pview[%cst_0_i32, %cst_0_i32] : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token{{$}}
    %w0 = store_view_tko weak %t0, %p[%c0, %c0] : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: store_view_tko release tl_blk %tile_3, %pview[%cst_1_i32, %cst_1_i32] token = %[[W0]] optimization_hints = <default = {latency = 10}> : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    %w1 = store_view_tko release tl_blk %t1, %p[%c1, %c1] token = %w0 optimization_hints = <default = {latency = 10}> : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: store_view_tko relaxed device %tile_3, %pview[%cst_1_i32, %cst_1_i32] attributes {note = "y"} : tile<8x4xf32>
    %w2 = store_view_tko relaxed device %t1, %p[%c1, %c1] attributes {note = "y"} : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: get_index_space_shape %pview_1 : partition_view<tile=(16x16), padding_value = neg_inf, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]> -> tile<i64>
    %n0, %n1 = get_index_space_shape %pt : partition_view<tile=(16x16), padding_value = neg_inf, tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 0]> -> tile<i64>
    // CHECK: load_view_tko weak %pview_2[%cst_0_i32] : partition_view<tile=(4), padding_value = zero, tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %ti, %ki = load_view_tko weak %pi[%c0] : partition_view<tile=(4), padding_value = zero, tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    return
  }

  // CHECK-LABEL: entry @strided_views
  entry @strided_views(%tv: tensor_view<64x48xf32, strides=[48,1]>) {
    // CHECK: %sview = make_strided_view %arg0 : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>
    %g = make_strided_view %tv : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>
    // CHECK: %sview_0 = make_strided_view %arg0 : strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<64x48xf32, strides=[48,1]>, dim_map=[1, 0]>
    %o = make_strided_view %tv : strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<64x48xf32, strides=[48,1]>, dim_map=[1, 0]>
    %c0 = constant <i64: 0> : tile<i64>
    %c3 = constant <i64: 3> : tile<i64>
    // CHECK: %tile, %result_token = load_view_tko weak %sview[%cst_3_i64, %cst_0_i64] : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>, tile<i64> -> tile<4x4xf32>, token
    %t, %k = load_view_tko weak %g[%c3, %c0] : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>, tile<i64> -> tile<4x4xf32>, token
    // CHECK: store_view_tko weak %tile, %sview[%cst_0_i64, %cst_3_i64] token = %result_token : tile<4x4xf32>, strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>, tile<i64> -> token
    %w = store_view_tko weak %t, %g[%c0, %c3] token = %k : tile<4x4xf32>, strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>, tile<i64> -> token
    // CHECK: get_index_space_shape %sview_0 : strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<64x48xf32, strides=[48,1]>, dim_map=[1, 0]> -> tile<i32>
    %n0, %n1 = get_index_space_shape %o : strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<64x48xf32, strides=[48,1]>, dim_map=[1, 0]> -> tile<i32>
    return
  }

  // CHECK-LABEL: entry @gather_scatter_views
  entry @gather_scatter_views(%tv: tensor_view<1024x64xf16, strides=[64,1]>) {
    // CHECK: %gsview = make_gather_scatter_view %arg0 : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>
    %rows = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>
    // CHECK: %gsview_0 = make_gather_scatter_view %arg0 : gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>
    %cols = make_gather_scatter_view %tv : gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>
    %idx = constant <i32: [3, 1, 4, 1, 5, 9, 2, 6]> : tile<8xi32>
    %zero = constant <i32: 0> : tile<i32>
    // CHECK: %tile, %result_token = load_view_tko weak %gsview[%cst_i32, %cst_0_i32] : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x64xf16>, token
    %g, %tg = load_view_tko weak %rows[%idx, %zero] : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x64xf16>, token
    // CHECK: store_view_tko weak %tile, %gsview[%cst_i32, %cst_0_i32] token = %result_token : tile<8x64xf16>, gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    %s = store_view_tko weak %g, %rows[%idx, %zero] token = %tg : tile<8x64xf16>, gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    %cidx = constant <i64: 1> : tile<16xi64>
    %r = constant <i64: 2> : tile<i64>
    // CHECK: load_view_tko relaxed device %gsview_0[%cst_2_i64, %cst_1_i64] : gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>, tile<i64>, tile<16xi64> -> tile<16x16xf16>, token
    %h, %th = load_view_tko relaxed device %cols[%r, %cidx] : gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>, tile<i64>, tile<16xi64> -> tile<16x16xf16>, token
    // CHECK: get_index_space_shape %gsview : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0> -> tile<i32>
    %n0, %n1 = get_index_space_shape %rows : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0> -> tile<i32>
    return
  }
}

// GENERIC-LABEL: sym_name = "tensor_views"
// GENERIC: "cuda_tile.make_tensor_view"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tensor_view<256x128xf32, strides=[128,1]>
// GENERIC: "cuda_tile.make_tensor_view"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 1>}>
// GENERIC: "cuda_tile.get_tensor_shape"(%{{.*}}) : (!cuda_tile.tensor_view<?x?xf32, strides=[?,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
// GENERIC-LABEL: sym_name = "partition_views"
// GENERIC: "cuda_tile.load_view_tko"(%{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}>
// GENERIC: "cuda_tile.load_view_tko"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 2, 1>}>
