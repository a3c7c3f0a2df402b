// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s

// The ops Tile IR 13.4 adds: insert, fpowi, gdc_launch_dependents_tko,
// gdc_wait_tko and memory_fence_alias_tko; ftoi's `saturating`; the
// `inbounds` clause of load_view_tko and store_view_tko.

cuda_tile.module @m {
  // CHECK-LABEL: entry @insert
  entry @insert(%i: tile<i32>) {
    %dst = constant <f32: 0.0> : tile<4x8xf32>
    %src = constant <f32: 1.0> : tile<2x4xf32>
    // CHECK: insert %{{.*}}, %{{.*}}[%arg0, %arg0] : tile<2x4xf32> -> tile<4x8xf32>
    %r = insert %src, %dst[%i, %i] : tile<2x4xf32> -> tile<4x8xf32>
    %s = constant <i64: 1> : tile<i64>
    %d = constant <i64: 2> : tile<i64>
    // Rank 0: the source replaces the destination.
    // CHECK: insert %{{.*}}, %{{.*}}[] : tile<i64> -> tile<i64>
    %r0 = insert %s, %d[] : tile<i64> -> tile<i64>
    return
  }

  // CHECK-LABEL: entry @fpowi
  entry @fpowi() {
    %x = constant <f64: 2.0> : tile<8xf64>
    %h = constant <f16: 2.0> : tile<8xf16>
    %n = constant <i32: 3> : tile<8xi32>
    %b = constant <i1: true> : tile<8xi1>
    %s = constant <i16: -2> : tile<8xi16>
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<8xf64>, tile<8xi32>
    %a = fpowi %x, %n : tile<8xf64>, tile<8xi32>
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<8xf16>, tile<8xi1>
    %c = fpowi %h, %b : tile<8xf16>, tile<8xi1>
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<8xf16>, tile<8xi16>
    %e = fpowi %h, %s : tile<8xf16>, tile<8xi16>
    return
  }

  // CHECK-LABEL: entry @tokens
  entry @tokens() {
    // CHECK: %[[L:.*]] = gdc_launch_dependents_tko -> token
    %l = gdc_launch_dependents_tko -> token
    // CHECK: %[[W:.*]] = gdc_wait_tko token = %[[L]] -> token
    %w = gdc_wait_tko token = %l -> token
    // CHECK: %[[F:.*]] = memory_fence_alias_tko token = %[[W]] -> token
    %f = memory_fence_alias_tko token = %w -> token
    // CHECK: gdc_launch_dependents_tko token = %[[F]] -> token
    %l2 = gdc_launch_dependents_tko token = %f -> token
    // CHECK: gdc_wait_tko -> token
    %w2 = gdc_wait_tko -> token
    return
  }

  // 13.4 names `pow` `fpowf`; both parse to the same op, printed `pow` (the
  // name of the 13.3 reference, whose printed text the conformance suite
  // compares with).
  // CHECK-LABEL: entry @fpowf
  entry @fpowf() {
    %x = constant <f32: 2.0> : tile<4xf32>
    // CHECK: pow %{{.*}}, %{{.*}} : tile<4xf32>
    %a = fpowf %x, %x : tile<4xf32>
    // CHECK-NEXT: pow %{{.*}}, %{{.*}} : tile<4xf32>
    %b = cuda_tile.fpowf %x, %x : tile<4xf32>
    // CHECK-NEXT: pow %{{.*}}, %{{.*}} : tile<4xf32>
    %c = pow %x, %x : tile<4xf32>
    return
  }

  // CHECK-LABEL: entry @ftoi
  entry @ftoi() {
    %x = constant <f32: 2.5> : tile<4xf32>
    // CHECK: ftoi %{{.*}} signed saturating : tile<4xf32> -> tile<4xi8>
    %s = ftoi %x signed saturating : tile<4xf32> -> tile<4xi8>
    // CHECK: ftoi %{{.*}} unsigned : tile<4xf32> -> tile<4xi32>
    %u = ftoi %x unsigned : tile<4xf32> -> tile<4xi32>
    return
  }

  // `inbounds` sits after the indices; an all-false one is absence and
  // prints nothing.
  // CHECK-LABEL: entry @inbounds
  entry @inbounds(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    // CHECK: %[[T:.*]], %[[K:.*]] = load_view_tko weak %arg0[%arg1, %arg1] inbounds = [true, false] : partition_view
    %t, %k = load_view_tko weak %p[%i, %i] inbounds = [true, false] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    // CHECK: load_view_tko relaxed device %arg0[%arg1, %arg1] inbounds = [true, true] token = %[[K]] optimization_hints = <sm_100 = {latency = 3}> : partition_view
    %t1, %k1 = load_view_tko relaxed device %p[%i, %i] inbounds = [true, true] token = %k optimization_hints = <sm_100 = {latency = 3}> : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    // CHECK: load_view_tko weak %arg0[%arg1, %arg1] : partition_view
    %t2, %k2 = load_view_tko weak %p[%i, %i] inbounds = [false, false] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    // CHECK: store_view_tko weak %[[T]], %arg0[%arg1, %arg1] inbounds = [false, true] token = %[[K]] : tile<8x4xf32>
    %w = store_view_tko weak %t, %p[%i, %i] inbounds = [false, true] token = %k : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: store_view_tko weak %[[T]], %arg0[%arg1, %arg1] : tile<8x4xf32>
    %w2 = store_view_tko weak %t, %p[%i, %i] inbounds = [false, false] : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
