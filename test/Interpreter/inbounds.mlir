// `inbounds` (13.4) on view loads and stores: a dimension marked true must
// keep the whole tile inside the tensor; where it does not, the run stops at
// the op (undefined behaviour), while unmarked dimensions pad as usual.
// RUN: cuda-tile-run %s --entry kept --grid 1 --arg zeros:f32:48 | FileCheck %s
// RUN: not cuda-tile-run %s --entry load_past_end --grid 1 --arg zeros:f32:48 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: not cuda-tile-run %s --entry store_outside_index_space --grid 1 --arg zeros:f32:48 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: not cuda-tile-run %s --entry gather_row --grid 1 --arg zeros:f32:48 2>&1 | FileCheck %s --check-prefix=GATHER

// %a holds a 6x8 matrix; 4x4 tiles: tile row 1 covers rows 4..7, two of
// them past the end.
cuda_tile.module @m {
  entry @kept(%a: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [6, 8], strides = [8, 1] : tensor_view<6x8xf32, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x4), padding_value = nan, tensor_view<6x8xf32, strides=[8,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %one = constant <f32: 1.0> : tile<4x4xf32>
    %w = store_view_tko weak %one, %pv[%c0, %c1] inbounds = [true, true] : tile<4x4xf32>, partition_view<tile=(4x4), padding_value = nan, tensor_view<6x8xf32, strides=[8,1]>>, tile<i32> -> token
    // Only the columns are promised: rows 6 and 7 still pad.
    %x, %k = load_view_tko weak %pv[%c1, %c1] inbounds = [false, true] token = %w : partition_view<tile=(4x4), padding_value = nan, tensor_view<6x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x4xf32>, token
    // CHECK: kept={{\[\[}}0, 0, 0, 0], [0, 0, 0, 0], [nan, nan, nan, nan], [nan, nan, nan, nan]]
    %t0 = print_tko "kept=%g\n", %x : tile<4x4xf32> -> token
    %y, %k2 = load_view_tko weak %pv[%c0, %c1] inbounds = [true, true] token = %w : partition_view<tile=(4x4), padding_value = nan, tensor_view<6x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x4xf32>, token
    // CHECK: stored={{\[\[}}1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    %t1 = print_tko "stored=%g\n", %y : tile<4x4xf32> -> token
    return
  }

  entry @load_past_end(%a: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [6, 8], strides = [8, 1] : tensor_view<6x8xf32, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<6x8xf32, strides=[8,1]>>
    %c1 = constant <i32: 1> : tile<i32>
    // LOAD: inbounds.mlir:[[@LINE+1]]:14: error: load_view_tko in tile block (0, 0, 0): broken inbounds promise along tile dimension 0: tensor coordinate 6 (tile position 2) is outside dimension 0 of size 6 (undefined behaviour)
    %x, %k = load_view_tko weak %pv[%c1, %c1] inbounds = [true, false] : partition_view<tile=(4x4), tensor_view<6x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x4xf32>, token
    return
  }

  entry @store_outside_index_space(%a: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [6, 8], strides = [8, 1] : tensor_view<6x8xf32, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<6x8xf32, strides=[8,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %one = constant <f32: 1.0> : tile<4x4xf32>
    // STORE: inbounds.mlir:[[@LINE+1]]:10: error: store_view_tko in tile block (0, 0, 0): broken inbounds promise along tile dimension 1: tile index 2 is outside the index space [0, 2) (undefined behaviour)
    %w = store_view_tko weak %one, %pv[%c0, %c2] inbounds = [false, true] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<6x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }

  // Along a gather dimension the promise covers every selected row.
  entry @gather_row(%a: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [6, 8], strides = [8, 1] : tensor_view<6x8xf32, strides=[8,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x2), tensor_view<6x8xf32, strides=[8,1]>, sparse_dim=0>
    %rows = constant <i32: [5, 0, -1, 2]> : tile<4xi32>
    %c3 = constant <i32: 3> : tile<i32>
    // GATHER: inbounds.mlir:[[@LINE+1]]:14: error: load_view_tko in tile block (0, 0, 0): broken inbounds promise along tile dimension 0: tensor coordinate -1 (tile position 2) is outside dimension 0 of size 6 (undefined behaviour)
    %g, %k = load_view_tko weak %gv[%rows, %c3] inbounds = [true, true] : gather_scatter_view<tile=(4x2), tensor_view<6x8xf32, strides=[8,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x2xf32>, token
    return
  }
}
