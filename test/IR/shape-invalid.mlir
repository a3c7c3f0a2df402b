// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x4xf32>
    // expected-error @+1 {{'cuda_tile.broadcast' op expects the shape of source tile to be compatible with that of the result tile, but got: 2, 4 and 4, 4}}
    %b = broadcast %a : tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4x4xf32>
    // Broadcasting cannot shrink a dimension either.
    // expected-error @+1 {{but got: 4, 4 and 2, 4}}
    %b = broadcast %a : tile<4x4xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    // expected-error @+1 {{'cuda_tile.broadcast' op failed to verify that all of {source, result} have same rank}}
    %b = broadcast %a : tile<4xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x2xf32>
    // expected-error @+1 {{requires the same element type for all operands and results}}
    %b = broadcast %a : tile<2x2xf32> -> tile<2x2xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %r = reshape %x : tile<f32> -> tile<1x1xf32>
    // expected-error @+1 {{custom op 'cuda_tile.broadcast' tile would exceed the maximum of 16777216 elements}}
    %b = broadcast %r : tile<1x1xf32> -> tile<4096x8192xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i16: 1> : tile<4x4xi16>
    // expected-error @+1 {{'cuda_tile.reshape' op expected source tile and result tile to have the same number of elements}}
    %b = reshape %a : tile<4x4xi16> -> tile<32xi16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i16: 1> : tile<i16>
    // expected-error @+1 {{'cuda_tile.reshape' op requires the same element type for all operands and results}}
    %b = reshape %a : tile<i16> -> tile<1xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 0.0> : tile<2x4x8xf16>
    // expected-error @+1 {{'cuda_tile.permute' op expect permutation elements to be unique}}
    %b = permute %a [0, 0, 1] : tile<2x4x8xf16> -> tile<2x2x4xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2xf32>
    // expected-error @+1 {{'cuda_tile.permute' op expects at least rank 2, but got: 1}}
    %b = permute %a [0] : tile<2xf32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<1x2xf32>
    // expected-error @+1 {{expect permutation size (3) to equal the rank of the source (2)}}
    %b = permute %a [0, 1, 100] : tile<1x2xf32> -> tile<1x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<1x2x4xf32>
    // expected-error @+1 {{expect permutation size (2) to equal the rank of the source (3)}}
    %b = permute %a [0, 1] : tile<1x2x4xf32> -> tile<1x2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<1x2xf32>
    // expected-error @+1 {{permutation element at index 1 (100) is out of bound [0, 2)}}
    %b = permute %a [0, 100] : tile<1x2xf32> -> tile<1x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<1x2xf32>
    // expected-error @+1 {{permutation element at index 0 (-1) is out of bound [0, 2)}}
    %b = permute %a [-1, 1] : tile<1x2xf32> -> tile<1x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<1x2xf32>
    // expected-error @+1 {{result shape invalid at index 0, expected: 2, but got: 1}}
    %b = permute %a [1, 0] : tile<1x2xf32> -> tile<1x1xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<1x2xf32>
    // expected-error @+1 {{failed to verify that all of {source, result} have the same element type}}
    %b = permute %a [0, 1] : tile<1x2xf32> -> tile<1x2xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<1x2xf32>
    // expected-error @+1 {{failed to verify that all of {source, result} have same rank}}
    %b = permute %a [0, 1] : tile<1x2xf32> -> tile<1x1x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x4xf32>
    %b = constant <f32: 0.0> : tile<2x8xf32>
    // expected-error @+1 {{'cuda_tile.cat' op expect lhs and rhs shapes to match at non-concat position 1, expected: 4 but got: 8}}
    %c = cat %a, %b dim = 0 : tile<2x4xf32>, tile<2x8xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x2xf32>
    // expected-error @+1 {{expect lhs and result shapes to match at non-concat position 0, expected: 2 but got: 4}}
    %c = cat %a, %a dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<4x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x2xf32>
    // expected-error @+1 {{invalid concat at position 1, expected: 4 but got: 16}}
    %c = cat %a, %a dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x2xf32>
    // expected-error @+1 {{expect dim to be [0, 2), but got: -1}}
    %c = cat %a, %a dim = -1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x2xf32>
    // expected-error @+1 {{expect dim to be [0, 2), but got: 2}}
    %c = cat %a, %a dim = 2 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x2xf32>
    // expected-error @+1 {{failed to verify that all of {lhs, rhs, result} have the same element type}}
    %c = cat %a, %a dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x2xf32>
    // expected-error @+1 {{failed to verify that all of {lhs, rhs, result} have same rank}}
    %c = cat %a, %a dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4x1xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %a = constant <f32: 0.0> : tile<8x8xf32>
    // expected-error @+1 {{'cuda_tile.extract' op source dimension 0 size (8) must be evenly divisible by result dimension 0 size (16)}}
    %b = extract %a[%i, %i] : tile<8x8xf32> -> tile<16x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %a = constant <f32: 0.0> : tile<8x4xf32>
    // expected-error @+1 {{source dimension 1 size (4) must be evenly divisible by result dimension 1 size (8)}}
    %b = extract %a[%i, %i] : tile<8x4xf32> -> tile<4x8xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %a = constant <f32: 0.0> : tile<8xf32>
    // expected-error @+1 {{source and result element type do not match}}
    %b = extract %a[%i] : tile<8xf32> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %a = constant <f32: 0.0> : tile<8xf32>
    // expected-error @+1 {{failed to verify that all of {source, result} have same rank}}
    %b = extract %a[%i] : tile<8xf32> -> tile<2x1xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %a = constant <f32: 0.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.extract' op expected 1 indices, but got 2}}
    %b = extract %a[%i, %i] : tile<8xf32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %a = constant <f32: 0.0> : tile<4x8xf32>
    // expected-error @+1 {{'cuda_tile.extract' op expected 2 indices, but got 1}}
    %b = extract %a[%i] : tile<4x8xf32> -> tile<2x4xf32>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%i: tile<i64>) {
    %a = constant <f32: 0.0> : tile<8xf32>
    // Indices are rank-0 i32 tiles.
    // expected-error @+1 {{use of value '%i' expects different type than prior uses: '!cuda_tile.tile<i32>' vs '!cuda_tile.tile<i64>'}}
    %b = extract %a[%i] : tile<8xf32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.iota' op expects result type to be 1-d tile}}
    %a = iota : tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.iota' op expects result type to be 1-d tile}}
    %a = iota : tile<32x64xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.iota' op the number of elements 512 exceeds the maximum value of element type 'i8'}}
    %a = iota : tile<512xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{the number of elements 4 exceeds the maximum value of element type 'i1'}}
    %a = iota : tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.iota' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %a = iota : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 1> : tile<4xi32>
    // expected-error @+1 {{'cuda_tile.select' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi32>'}}
    %s = select %c, %c, %c : tile<4xi32>, tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    %v = constant <i32: 1> : tile<4xi32>
    // expected-error @+1 {{'cuda_tile.select' op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
    %s = select %c, %v, %v : tile<i1>, tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i1: true> : tile<4xi1>
    %v = constant <f4E2M1FN: 1.0> : tile<4xf4E2M1FN>
    // expected-error @+1 {{'cuda_tile.select' op cannot operate on sub-byte type F4E2M1FN}}
    %s = select %c, %v, %v : tile<4xi1>, tile<4xf4E2M1FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i1: true> : tile<4xi1>
    %t = constant <i32: 1> : tile<4xi32>
    // expected-note @+1 {{prior use here}}
    %f = constant <i16: 1> : tile<4xi16>
    // expected-error @+1 {{use of value '%f' expects different type than prior uses}}
    %s = select %c, %t, %f : tile<4xi1>, tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %i: tile<i32>) {
    %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %b = broadcast %r : tile<1xptr<f32>> -> tile<8xptr<f32>>
    // expected-error @+1 {{'cuda_tile.offset' op requires the same shape for all operands and results}}
    %o = offset %b, %i : tile<8xptr<f32>>, tile<i32> -> tile<8xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %f = constant <f32: 1.0> : tile<f32>
    // expected-error @+1 {{'cuda_tile.offset' op operand #1 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %o = offset %p, %f : tile<ptr<f32>>, tile<f32> -> tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %i: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.offset' op failed to verify that all of {result, ptr} have same type}}
    %o = offset %p, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f64>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.offset' op operand #0 must be tile of}}
    %o = offset %i, %i : tile<i32>, tile<i32> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<32xf16>
    // expected-error @+1 {{'cuda_tile.pack' op failed to verify that all of {source, result} have same rank}}
    %b = pack %a : tile<32xf16> -> tile<32x2xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<32x32xf16>
    // expected-error @+1 {{'cuda_tile.pack' op expects source and result to be rank-1 tiles}}
    %b = pack %a : tile<32x32xf16> -> tile<32x64xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<32xf16>
    // expected-error @+1 {{'cuda_tile.pack' op expects source and result to have the same size in bytes, but got source tile size 64 bytes and result tile size 32 bytes}}
    %b = pack %a : tile<32xf16> -> tile<32xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<32xf8E4M3FN>
    // expected-error @+1 {{'cuda_tile.pack' op expects source and result to have different element type widths}}
    %b = pack %a : tile<32xf8E4M3FN> -> tile<32xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<32xi8>
    // expected-error @+1 {{'cuda_tile.pack' op expects source and result to have different element type widths}}
    %b = pack %a : tile<32xi8> -> tile<32xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i1: true> : tile<4xi1>
    // expected-error @+1 {{'cuda_tile.pack' op expects source tile to be byte-aligned}}
    %b = pack %a : tile<4xi1> -> tile<1xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<32xf16>
    // expected-error @+1 {{'cuda_tile.pack' op result #0 must be tile of i8 values, but got '!cuda_tile.tile<16xi32>'}}
    %b = pack %a : tile<32xf16> -> tile<16xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<64xi8>
    // expected-error @+1 {{'cuda_tile.unpack' op failed to verify that all of {source, result} have same rank}}
    %b = unpack %a : tile<64xi8> -> tile<32x2xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<64x64xi8>
    // expected-error @+1 {{'cuda_tile.unpack' op expects source and result to be rank-1 tiles}}
    %b = unpack %a : tile<64x64xi8> -> tile<64x32xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<64xi8>
    // expected-error @+1 {{'cuda_tile.unpack' op expects source and result to have the same size in bytes, but got source tile size 64 bytes and result tile size 128 bytes}}
    %b = unpack %a : tile<64xi8> -> tile<64xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<32xi8>
    // expected-error @+1 {{'cuda_tile.unpack' op expects source and result to have different element type widths}}
    %b = unpack %a : tile<32xi8> -> tile<32xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i16: 1> : tile<32xi16>
    // expected-error @+1 {{'cuda_tile.unpack' op operand #0 must be tile of i8 values, but got '!cuda_tile.tile<32xi16>'}}
    %b = unpack %a : tile<32xi16> -> tile<16xi32>
  }
}
