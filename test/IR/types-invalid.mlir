// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  // expected-error @+1 {{all dimensions must be powers of two, got 3, 4}}
  entry @k(%x: tile<3x4xf32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{all dimensions must be positive constants, got 0}}
  entry @k(%x: tile<0xi32>) {
    return
  }
}

// -----

// 2^25 elements: one power of two past the limit.
cuda_tile.module @m {
  // expected-error @+1 {{tile would exceed the maximum of 16777216 elements}}
  entry @k(%x: tile<8192x4096xi8>) {
    return
  }
}

// -----

// The element count is checked without overflowing int64.
cuda_tile.module @m {
  // expected-error @+1 {{tile would exceed the maximum of 16777216 elements}}
  entry @k(%x: tile<4294967296x4294967296x4294967296xi8>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{F4E2M1FN tiles must have an even number of elements}}
  entry @k(%x: tile<f4E2M1FN>) {
    return
  }
}

// -----

// Each dimension in turn: the 3 is reported before the 0 after it.
cuda_tile.module @m {
  // expected-error @+1 {{all dimensions must be powers of two, got 3, 0}}
  entry @k(%x: tile<3x0xi32>) {
    return
  }
}

// -----

// The count passes the limit at the second dimension, before the 3.
cuda_tile.module @m {
  // expected-error @+1 {{tile would exceed the maximum of 16777216 elements}}
  entry @k(%x: tile<8192x4096x3xi8>) {
    return
  }
}

// -----

// f4 with no even dimension is refused before the dimensions are checked.
cuda_tile.module @m {
  // expected-error @+1 {{F4E2M1FN tiles must have an even number of elements}}
  entry @k(%x: tile<3x3x3xf4E2M1FN>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{all dimensions must be powers of two, got 3, 2}}
  entry @k(%x: tile<3x2xf4E2M1FN>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{failed to verify 'pointeeType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
  entry @k(%p: tile<ptr<ptr<f32>>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{pointeeType}}
  entry @k(%p: tile<ptr<i4>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64 or Pointer type or i4}}
  entry @k(%p: tile<4xindex>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected static shape}}
  entry @k(%p: tile<?xf32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected strictly positive integer, got 0}}
  entry @k(%v: tensor_view<16x16xf32, strides=[0,1]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected shape and stride to be of same rank but got shape of rank 2 and stride of rank 1}}
  entry @k(%v: tensor_view<16x16xf32, strides=[1]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
  entry @k(%v: tensor_view<16xi4, strides=[1]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected tensor_view rank and tile rank to match, got tensor_view of rank 2 and tiles of rank 1}}
  entry @k(%v: partition_view<tile=(64), tensor_view<64x64xf32, strides=[64,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile shape dimensions must have power of two length but got [6, 8]}}
  entry @k(%v: partition_view<tile=(6x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[0, 0]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{target dimension is outside of tensor view dimensions, expected strictly less than 2, got 2}}
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[0, 2]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{padding_value nan can only be used with floating point element types, got 'i32'}}
  entry @k(%v: partition_view<tile=(8x8), padding_value = nan, tensor_view<64x64xi32, strides=[64,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected 2 traversal strides, got 1}}
  entry @k(%v: strided_view<tile=(4x4), traversal_strides=[6], tensor_view<64x48xf32, strides=[48,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{gather dimension is outside of tensor view dimensions, expected strictly less than 2, got 2}}
  entry @k(%v: gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=2>) {
    return
  }
}

// -----

// The parts of a view come in the reference's order; a missing sparse_dim
// fails at the `,` it expects.
cuda_tile.module @m {
  // expected-error @+1 {{expected ','}}
  entry @k(%v: gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected ','}}
  entry @k(%v: strided_view<tile=(2x8) traversal_strides=[2,8], tensor_view<64x48xf32, strides=[48,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected 'traversal_strides'}}
  entry @k(%v: strided_view<tile=(2x8), padding_value = nan, traversal_strides=[2,8], tensor_view<64x48xf32, strides=[48,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected '['dim map}}
  entry @k(%v: partition_view<tile=(2x8), tensor_view<64x48xf32, strides=[48,1]>, dim_map=1, 0]>) {
    return
  }
}

// -----

// Element types outside the cuda_tile set are reported by the ODS parameter
// constraint, which lists what a tile may hold.
cuda_tile.module @m {
  // expected-error @+1 {{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64 or Pointer type or i4}}
  entry @k(%p: tile<2x2xi7>) {
    return
  }
}

// -----

// A negative dimension ends the dimension list; what follows is neither a
// type nor a type keyword.
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 0.0> : tile<2x1xf32>
    // expected-error @+1 {{expected valid keyword}}
    %b = broadcast %c : tile<2x1xf32> -> tile<2x-8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{unknown type: widget}}
  entry @k(%p: tile<4xwidget>) {
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expected valid keyword}}
    %c = constant <i16: 3> : {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{strides must not be provided for 0-d tiles}}
  entry @k(%v: tensor_view<f16, strides=[]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{unexpected token after element type in 0-d tensor_view}}
  entry @k(%v: tensor_view<i8, 4>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected 'strides'}}
  entry @k(%v: tensor_view<8x8xf32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected either 64-bit integer or question mark}}
  entry @k(%v: tensor_view<8x8xf32, strides=[?, *]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{dimensions must have strictly positive constant sizes but got [?, 0]}}
  entry @k(%v: tensor_view<?x0xf32, strides=[?,1]>) {
    return
  }
}

// -----

// The dim_map length is checked before the tile dimensions.
cuda_tile.module @m {
  // expected-error @+1 {{expected dim_map to map exactly all 2 dimensions of the tile, got 3 mappings}}
  entry @k(%v: partition_view<tile=(3x8), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[0, 1, 1]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{target dimension must not be negative, got -2}}
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[1, -2]>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{0-dimension tile shape is not supported}}
  entry @k(%v: partition_view<tile=(), tensor_view<f32>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile dimension 1 exceeds i32 limitations (got 4294967296, expected strictly positive and less than or equal to 2147483647)}}
  entry @k(%v: partition_view<tile=(8x4294967296), tensor_view<64x64xf32, strides=[64,1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{tile dimension 0 exceeds i32 limitations (got 0, expected strictly positive and less than or equal to 2147483647)}}
  entry @k(%v: partition_view<tile=(0x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    return
  }
}

// -----

// A `!cuda_tile.` type that fails to parse reports its own error only, as in
// the reference's invalid.mlir (no "expected valid keyword" after it).
cuda_tile.module @m {
  // expected-error @+1 {{all dimensions must be powers of two, got 2, 6}}
  entry @k(%a: !cuda_tile.tile<2x6xi16>) {
    return
  }
}

// -----

// The checks all tiled views share come before strided_view's own.
cuda_tile.module @m {
  // expected-error @+1 {{expected tensor_view rank and tile rank to match, got tensor_view of rank 2 and tiles of rank 1}}
  entry @k(%v: strided_view<tile=(4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>) {
    return
  }
}
