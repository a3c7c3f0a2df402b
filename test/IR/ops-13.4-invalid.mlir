// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %dst = constant <f32: 0.0> : tile<8xf32>
    %src = constant <f32: 1.0> : tile<16xf32>
    // expected-error @+1 {{'cuda_tile.insert' op destination dimension 0 size (8) must be evenly divisible by source dimension 0 size (16)}}
    %r = insert %src, %dst[%i] : tile<16xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %dst = constant <f32: 0.0> : tile<8x8xf32>
    %src = constant <f32: 1.0> : tile<2x2xf32>
    // expected-error @+1 {{'cuda_tile.insert' op expected 2 indices, but got 1}}
    %r = insert %src, %dst[%i] : tile<2x2xf32> -> tile<8x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %dst = constant <f32: 0.0> : tile<8xf32>
    %src = constant <f16: 1.0> : tile<2xf16>
    // expected-error @+1 {{'cuda_tile.insert' op source and destination element type do not match}}
    %r = insert %src, %dst[%i] : tile<2xf16> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %dst = constant <f32: 0.0> : tile<8xf32>
    %src = constant <f32: 1.0> : tile<2x1xf32>
    // expected-error @+1 {{'cuda_tile.insert' op failed to verify that all of {source, destination} have same rank}}
    %r = insert %src, %dst[%i] : tile<2x1xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %n = constant <i64: 1> : tile<4xi64>
    // expected-error @+1 {{'cuda_tile.fpowi' op operand #1 must be tile of i1 or i8 or i16 or i32 values}}
    %r = fpowi %x, %n : tile<4xf32>, tile<4xi64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %n = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'cuda_tile.fpowi' op failed to verify that all of {source, exponent} have same shape}}
    %r = fpowi %x, %n : tile<4xf32>, tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 1> : tile<4xi32>
    %n = constant <i32: 1> : tile<4xi32>
    // expected-error @+1 {{'cuda_tile.fpowi' op operand #0 must be}}
    %r = fpowi %x, %n : tile<4xi32>, tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected one inbounds value per index (2), but got 1}}
    %t, %k = load_view_tko weak %p[%i, %i] inbounds = [true] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    %t = constant <f32: 0.0> : tile<8x4xf32>
    // expected-error @+1 {{'cuda_tile.store_view_tko' op expected one inbounds value per index (2), but got 3}}
    %w = store_view_tko weak %t, %p[%i, %i] inbounds = [true, false, true] : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
  }
}

// -----

// The generic form may hold an all-false array; its size is still checked.
cuda_tile.module @m {
  entry @k(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected one inbounds value per index (2), but got 3}}
    %t, %k = "cuda_tile.load_view_tko"(%p, %i, %i) <{inbounds = array<i1: false, false, false>, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}> : (!cuda_tile.partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<8x4xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    // expected-error @+1 {{expected '['}}
    %t, %k = load_view_tko weak %p[%i, %i] inbounds = true : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
  }
}
