// RUN: cuda-tile-opt %s -split-input-file -eliminate-redundant-tokens | FileCheck %s

// Distinct tiles of a view share memory when its strides let them: a
// dynamic stride that may be 0 (or is), or strides=[1,1] on a 4x4 tensor.
// The store must stay ordered before the load of the other tile. Where the
// strides prove the tiles apart (a stride assumed to be at least the tile,
// row-major strides), the edge goes.
cuda_tile.module @m {
  // CHECK-LABEL: entry @dynamic_stride
  // CHECK: %[[S:.*]] = store_view_tko
  // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}] token = %[[S]]
  entry @dynamic_stride(%p: tile<ptr<f32>>, %stride: tile<i64>) {
    %x = constant <f32: 1.0> : tile<4xf32>
    %tv = make_tensor_view %p, shape = [16], strides = [%stride] : tile<i64> -> tensor_view<16xf32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t0 = store_view_tko weak %x, %pv[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>, tile<i32> -> token
    %v, %t1 = load_view_tko weak %pv[%c1] token = %t0 : partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>, tile<i32> -> tile<4xf32>, token
    return
  }

  // CHECK-LABEL: entry @zero_stride
  // CHECK: %[[S:.*]] = store_view_tko
  // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}] token = %[[S]]
  entry @zero_stride(%p: tile<ptr<f32>>) {
    %x = constant <f32: 1.0> : tile<4xf32>
    %stride = constant <i64: 0> : tile<i64>
    %tv = make_tensor_view %p, shape = [16], strides = [%stride] : tile<i64> -> tensor_view<16xf32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t0 = store_view_tko weak %x, %pv[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>, tile<i32> -> token
    %v, %t1 = load_view_tko weak %pv[%c1] token = %t0 : partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>, tile<i32> -> tile<4xf32>, token
    return
  }

  // CHECK-LABEL: entry @assumed_stride
  // CHECK: store_view_tko
  // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}] : partition_view
  entry @assumed_stride(%p: tile<ptr<f32>>, %stride: tile<i64>) {
    %x = constant <f32: 1.0> : tile<4xf32>
    %s = assume bounded<1, ?>, %stride : tile<i64>
    %tv = make_tensor_view %p, shape = [16], strides = [%s] : tile<i64> -> tensor_view<16xf32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t0 = store_view_tko weak %x, %pv[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>, tile<i32> -> token
    %v, %t1 = load_view_tko weak %pv[%c1] token = %t0 : partition_view<tile=(4), tensor_view<16xf32, strides=[?]>>, tile<i32> -> tile<4xf32>, token
    return
  }
}

// -----

!overlapping = !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[1,1]>>
!rowMajor = !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>

cuda_tile.module @m {
  // Tile (0, 0) covers elements 0..2 of the buffer, tile (0, 1) 2..4 and
  // tile (1, 0) 2..4 as well.
  // CHECK-LABEL: entry @unit_strides
  // CHECK: %[[S:.*]] = store_view_tko
  // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] token = %[[S]]
  // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] token = %[[S]]
  entry @unit_strides(%p: tile<ptr<f32>>) {
    %x = constant <f32: 1.0> : tile<2x2xf32>
    %tv = make_tensor_view %p, shape = [4, 4], strides = [1, 1] : tensor_view<4x4xf32, strides=[1,1]>
    %pv = make_partition_view %tv : !overlapping
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t0 = store_view_tko weak %x, %pv[%c0, %c0] : tile<2x2xf32>, !overlapping, tile<i32> -> token
    %v, %t1 = load_view_tko weak %pv[%c0, %c1] token = %t0 : !overlapping, tile<i32> -> tile<2x2xf32>, token
    %w, %t2 = load_view_tko weak %pv[%c1, %c0] token = %t1 : !overlapping, tile<i32> -> tile<2x2xf32>, token
    return
  }

  // Row-major: the tiles right of and below tile (0, 0) are elsewhere.
  // CHECK-LABEL: entry @row_major
  // CHECK: store_view_tko
  // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] : partition_view
  // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] : partition_view
  entry @row_major(%p: tile<ptr<f32>>) {
    %x = constant <f32: 1.0> : tile<2x2xf32>
    %tv = make_tensor_view %p, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %pv = make_partition_view %tv : !rowMajor
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t0 = store_view_tko weak %x, %pv[%c0, %c0] : tile<2x2xf32>, !rowMajor, tile<i32> -> token
    %v, %t1 = load_view_tko weak %pv[%c0, %c1] token = %t0 : !rowMajor, tile<i32> -> tile<2x2xf32>, token
    %w, %t2 = load_view_tko weak %pv[%c1, %c0] token = %t1 : !rowMajor, tile<i32> -> tile<2x2xf32>, token
    return
  }
}

// -----

// Across iterations: a loop storing the tile of its induction variable
// keeps its carried token when the stride may be 0, and loses it when an
// assumed bound keeps the tiles apart.
cuda_tile.module @m {
  // CHECK-LABEL: entry @loop_zero_stride
  // CHECK: for {{.*}} iter_values
  entry @loop_zero_stride(%p: tile<ptr<f32>>, %stride: tile<i64>, %n: tile<i32>) {
    %x = constant <f32: 1.0> : tile<4xf32>
    %tv = make_tensor_view %p, shape = [64], strides = [%stride] : tile<i64> -> tensor_view<64xf32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<64xf32, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%t = %tok) -> (token) {
      %u = store_view_tko weak %x, %pv[%i] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<64xf32, strides=[?]>>, tile<i32> -> token
      continue %u : token
    }
    return
  }

  // CHECK-LABEL: entry @loop_assumed_stride
  // CHECK: for %{{.*}} in (%{{.*}}) : tile<i32> {
  entry @loop_assumed_stride(%p: tile<ptr<f32>>, %stride: tile<i64>, %n: tile<i32>) {
    %x = constant <f32: 1.0> : tile<4xf32>
    %s = assume bounded<1, 8>, %stride : tile<i64>
    %tv = make_tensor_view %p, shape = [64], strides = [%s] : tile<i64> -> tensor_view<64xf32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<64xf32, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%t = %tok) -> (token) {
      %u = store_view_tko weak %x, %pv[%i] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<64xf32, strides=[?]>>, tile<i32> -> token
      continue %u : token
    }
    return
  }
}
