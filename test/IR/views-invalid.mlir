// Verifier and parser diagnostics of views, view loads and stores and the
// shape queries.
// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f16>>) {
    // expected-error @+1 {{'cuda_tile.make_tensor_view' op expected pointer to 'f32' to build tensor_view of this type, got 'f16'}}
    %t = "cuda_tile.make_tensor_view"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<!cuda_tile.ptr<f16>>) -> !cuda_tile.tensor_view<16xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i64>) {
    // expected-error @+1 {{'cuda_tile.make_tensor_view' op expected 0 dynamic shape operands, got 1}}
    %t = "cuda_tile.make_tensor_view"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<32xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.make_tensor_view' op expected 1 dynamic stride operands, got 0}}
    %t = "cuda_tile.make_tensor_view"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tensor_view<32xf32, strides=[?]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{expected shape declaration to contain 2 elements due to tensor_view type, but 0 were provided}}
    %t = make_tensor_view %p, shape = [], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{expected stride declaration to contain 2 elements due to tensor_view type, but 0 were provided}}
    %t = make_tensor_view %p, shape = [32, 32], strides = [] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{input shape dimension 1 does not match tensor_view type (expected 32, got 64)}}
    %t = make_tensor_view %p, shape = [32, 64], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{input stride dimension 0 does not match tensor_view type (expected 32, got 64)}}
    %t = make_tensor_view %p, shape = [32, 32], strides = [64, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i64>) {
    // expected-error @+1 {{input shape dimension 2 does not match tensor_view type (expected 32, got dynamic)}}
    %t = make_tensor_view %p, shape = [2, %n, %n], strides = [64, 32, 1] : tile<i64> -> tensor_view<2x?x32xf32, strides=[64,32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i64>) {
    // expected-error @+1 {{input stride dimension 1 does not match tensor_view type (expected dynamic, got 32)}}
    %t = make_tensor_view %p, shape = [2, %n, 32], strides = [64, 32, 1] : tile<i64> -> tensor_view<2x?x32xf32, strides=[64,?,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{expected either integer or SSA value}}
    %t = make_tensor_view %p, shape = [32, oops], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // The error is where the token after the type starts, as the reference's.
    %t = make_tensor_view %p, shape = [], strides = [] : tile<f32>
  // expected-error @below {{expected 'tensor_view' type, but got '!cuda_tile.tile<f32>'}}
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f64>>) {
    // expected-error @+1 {{'cuda_tile.make_tensor_view' op operand #1 must be variadic of 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<ptr<f64>>'}}
    %t = make_tensor_view %p, shape = [%p, 4], strides = [4, 1] : tile<ptr<f64>> -> tensor_view<?x4xf64, strides=[4,1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f4E2M1FN>>) {
    // expected-error @+1 {{'cuda_tile.make_tensor_view' op F4E2M1FN views must have at least one dimension with stride = 1}}
    %t = make_tensor_view %p, shape = [32, 32], strides = [32, 2] : tensor_view<32x32xf4E2M1FN, strides=[32,2]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f4E2M1FN>>) {
    // expected-error @+1 {{'cuda_tile.make_tensor_view' op F4E2M1FN view dimensions with stride = 1 must have an even size}}
    %t = make_tensor_view %p, shape = [1, 32], strides = [1, 32] : tensor_view<1x32xf4E2M1FN, strides=[1,32]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf32, strides=[64,1]>) {
    // expected-error @+1 {{custom op 'cuda_tile.make_partition_view' expected 'partition_view' type, but got '!cuda_tile.tensor_view<64x64xf32, strides=[64,1]>'}}
    %v = make_partition_view %tv : tensor_view<64x64xf32, strides=[64,1]>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%tv: tensor_view<64x32xf32, strides=[64,1]>) {
    // expected-error @+1 {{expects different type than prior uses}}
    %v = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x32xf32, strides=[64,1]>) {
    // expected-error @+1 {{'cuda_tile.make_partition_view' op expected the type of the provided tensor_view value ('!cuda_tile.tensor_view<64x32xf32, strides=[64,1]>') to be the same as the view's tensor_view type ('!cuda_tile.tensor_view<64x64xf32, strides=[64,1]>')}}
    %v = "cuda_tile.make_partition_view"(%tv) : (!cuda_tile.tensor_view<64x32xf32, strides=[64,1]>) -> !cuda_tile.partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<16xi32, strides=[1]>) {
    // expected-error @+1 {{custom op 'cuda_tile.make_partition_view' padding_value nan can only be used with floating point element types, got 'i32'}}
    %v = make_partition_view %tv : partition_view<tile=(4), padding_value = nan, tensor_view<16xi32, strides=[1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<16x16xf32, strides=[16,1]>) {
    // expected-error @+1 {{custom op 'cuda_tile.make_strided_view' expected 'strided_view' type, but got '!cuda_tile.partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>'}}
    %v = make_strided_view %tv : partition_view<tile=(4x4), tensor_view<16x16xf32, strides=[16,1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<16x16xf32, strides=[16,1]>) {
    // expected-error @+1 {{custom op 'cuda_tile.make_gather_scatter_view' expected 'gather_scatter_view' type, but got}}
    %v = make_gather_scatter_view %tv : strided_view<tile=(4x4), traversal_strides=[4,4], tensor_view<16x16xf32, strides=[16,1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf16, strides=[64,1]>) {
    // expected-error @+1 {{operation defines 2 results but was provided 3 to bind}}
    %0, %1, %2 = get_tensor_shape %tv : tensor_view<64x64xf16, strides=[64,1]> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf16, strides=[64,1]>) {
    // expected-error @+1 {{'cuda_tile.get_tensor_shape' op expected 2 results due to tensor rank, but got 3}}
    %0:3 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<64x64xf16, strides=[64,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    // expected-error @+1 {{expected tensor_view, got '!cuda_tile.tile<ptr<i32>>'}}
    %0 = get_tensor_shape %p : tile<ptr<i32>> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xi32, strides=[64,1]>) {
    // expected-error @+1 {{'cuda_tile.get_tensor_shape' op result #0 must be variadic of 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<2xi32>'}}
    %0, %1 = get_tensor_shape %tv : tensor_view<64x64xi32, strides=[64,1]> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>>) {
    // expected-error @+1 {{operation defines 2 results but was provided 3 to bind}}
    %0, %1, %2 = get_index_space_shape %v : partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>>) {
    // expected-error @+1 {{'cuda_tile.get_index_space_shape' op expected 2 results due to view index space rank, but got 3}}
    %0:3 = "cuda_tile.get_index_space_shape"(%v) : (!cuda_tile.partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
  }
}

// -----

cuda_tile.module @m {
  entry @k(%tv: tensor_view<64xf32, strides=[1]>) {
    // expected-error @+1 {{expected tile view, got '!cuda_tile.tensor_view<64xf32, strides=[1]>'}}
    %0 = get_index_space_shape %tv : tensor_view<64xf32, strides=[1]> -> tile<i32>
  }
}

// -----

// The shape queries take one result type, for all results, and no attributes.
cuda_tile.module @m {
  entry @k(%tv: tensor_view<64x64xf16, strides=[64,1]>) {
    // expected-error @+1 {{expected operation name in quotes}}
    %0, %1 = get_tensor_shape %tv : tensor_view<64x64xf16, strides=[64,1]> -> tile<i32>, tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>>) {
    // expected-error @+1 {{expected ':'}}
    %0, %1 = get_index_space_shape %v {note = "x"} : partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected 2 index operands (based on view type), got 1}}
    %x, %tk = load_view_tko weak %v[%i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected tile type to be '!cuda_tile.tile<8x8xf32>' (based on view type), got '!cuda_tile.tile<8xf32>'}}
    %x, %tk = load_view_tko weak %v[%i, %i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %a = constant <i32: 0> : tile<i32>
    %b = constant <i64: 0> : tile<i64>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected index type 1 to be the same as other index types ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'}}
    %x, %tk = load_view_tko weak %v[%a, %b] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32>, tile<i64> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %a = constant <i32: 0> : tile<2xi32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected index type to be a scalar tile, got '!cuda_tile.tile<2xi32>'}}
    %x, %tk = load_view_tko weak %v[%a, %a] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<2xi32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tile<i32>) {
    %c = constant <f32: 0.0> : tile<32xf32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op operand #0 must be TileView instance, but got '!cuda_tile.tile<32xf32>'}}
    %x, %tk = load_view_tko weak %c[%t] : tile<32xf32>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expect one of: weak, relaxed, or acquire, but got: release}}
    %x, %tk = load_view_tko release %v[%i, %i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op memory scope is required for acquire load}}
    %x, %tk = load_view_tko acquire %v[%i, %i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{invalid memory_ordering_semantics attribute specification. Got "invalid" but expect one of: weak, relaxed, acquire, release, acq_rel}}
    %x, %tk = load_view_tko invalid %v[%i, %i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{invalid memory_scope attribute specification. Got "invalid" but expect one of: tl_blk, device, sys}}
    %x, %tk = load_view_tko relaxed invalid %v[%i, %i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{operation specifies weak memory ordering semantics, but then provides "device" scope, expected no memory scope.}}
    %x, %tk = load_view_tko weak device %v[%i, %i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op weak load must not have memory scope}}
    %x:2 = "cuda_tile.load_view_tko"(%v, %i, %i) <{memory_ordering_semantics = 0 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}> : (!cuda_tile.partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<8x8xf32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: gather_scatter_view<tile=(16x16), tensor_view<1024x16xf32, strides=[16,1]>, sparse_dim=0>) {
    %rows = constant <i32: 0> : tile<8xi32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected gather/scatter index size (8) to match tile shape at gather/scatter dimension 0 (16)}}
    %x, %tk = load_view_tko weak %v[%rows, %i] : gather_scatter_view<tile=(16x16), tensor_view<1024x16xf32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<16x16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: gather_scatter_view<tile=(16x16), tensor_view<1024x16xf32, strides=[16,1]>, sparse_dim=0>) {
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected index at sparse_dim position 0 to be a 1D tensor for GatherScatterView, got rank 0}}
    %x, %tk = load_view_tko weak %v[%i, %i] : gather_scatter_view<tile=(16x16), tensor_view<1024x16xf32, strides=[16,1]>, sparse_dim=0>, tile<i32> -> tile<16x16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: gather_scatter_view<tile=(16x16), tensor_view<1024x16xf32, strides=[16,1]>, sparse_dim=1>) {
    %rows = constant <i32: 0> : tile<16xi32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected index 0 to be a scalar tile for GatherScatterView}}
    %x, %tk = load_view_tko weak %v[%rows, %rows] : gather_scatter_view<tile=(16x16), tensor_view<1024x16xf32, strides=[16,1]>, sparse_dim=1>, tile<16xi32> -> tile<16x16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>) {
    %t = constant <f32: 0.0> : tile<8xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.store_view_tko' op expected 1 index operands (based on view type), got 2}}
    %0 = store_view_tko weak %t, %v[%i, %i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, %t: tile<f32>) {
    %x = constant <f32: 0.0> : tile<16xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.store_view_tko' op expected tile type to be '!cuda_tile.tile<8xf32>' (based on view type), got '!cuda_tile.tile<16xf32>'}}
    %0 = store_view_tko weak %x, %v[%i] : tile<16xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>) {
    %x = constant <f32: 0.0> : tile<8xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.store_view_tko' op expect one of: weak, relaxed, or release, but got: acquire}}
    %0 = store_view_tko acquire device %x, %v[%i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>) {
    %x = constant <f32: 0.0> : tile<8xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{operation specifies weak memory ordering semantics, but then provides "tl_blk" scope, expected no memory scope.}}
    %0 = store_view_tko weak tl_blk %x, %v[%i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>) {
    %x = constant <f32: 0.0> : tile<8xf32>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.store_view_tko' op memory scope is required for release store}}
    %0 = store_view_tko release %x, %v[%i] : tile<8xf32>, partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tile<i32>) {
    %x = constant <f32: 0.0> : tile<32xf32>
    // expected-error @+1 {{'cuda_tile.store_view_tko' op operand #1 must be TileView instance, but got '!cuda_tile.tile<32xf32>'}}
    %0 = store_view_tko weak %x, %x[%t] : tile<32xf32>, tile<32xf32>, tile<i32> -> token
  }
}

// -----

// An index type written without indices is read; the verifier then reports
// the missing indices.
cuda_tile.module @m {
  entry @k(%t: tensor_view<256xf16, strides=[1]>) {
    %v = make_partition_view %t : partition_view<tile=(32), tensor_view<256xf16, strides=[1]>>
    // expected-error @+1 {{expected 1 index operands (based on view type), got 0}}
    %x, %tok = load_view_tko weak %v[] : partition_view<tile=(32), tensor_view<256xf16, strides=[1]>>, tile<i64> -> tile<32xf16>, token
    return
  }
}

// -----

// Indices without their types: reported after the op, where the reference
// reports it (at the token that follows).
cuda_tile.module @m {
  entry @k(%t: tensor_view<256xf16, strides=[1]>, %i: tile<i32>) {
    %v = make_partition_view %t : partition_view<tile=(32), tensor_view<256xf16, strides=[1]>>
    %x, %tok = load_view_tko weak %v[%i] : partition_view<tile=(32), tensor_view<256xf16, strides=[1]>> -> tile<32xf16>, token
    // expected-error @+1 {{index types must be specified when indices are present}}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tensor_view<256xf16, strides=[1]>, %i: tile<i32>) {
    %v = make_partition_view %t : partition_view<tile=(32), tensor_view<256xf16, strides=[1]>>
    %x = constant <f16: 0.0> : tile<32xf16>
    %tok = store_view_tko weak %x, %v[%i] : tile<32xf16>, partition_view<tile=(32), tensor_view<256xf16, strides=[1]>> -> token
    // expected-error @+1 {{index types must be specified when indices are present}}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tensor_view<256xf32, strides=[1]>, %i: tile<i32>) {
    %v = make_partition_view %t : partition_view<tile=(32), tensor_view<256xf32, strides=[1]>>
    %x = constant <f32: 0.0> : tile<32xf32>
    %tok = atomic_red_view_tko relaxed device %v[%i], addf, %x : tile<32xf32>, partition_view<tile=(32), tensor_view<256xf32, strides=[1]>> -> token
    // expected-error @+1 {{index types must be specified when indices are present}}
    return
  }
}

// -----

// No indices and no index types: the verifier reports the missing indices.
cuda_tile.module @m {
  entry @k(%t: tensor_view<256xf16, strides=[1]>) {
    %v = make_partition_view %t : partition_view<tile=(32), tensor_view<256xf16, strides=[1]>>
    // expected-error @+1 {{expected 1 index operands (based on view type), got 0}}
    %x, %tok = load_view_tko weak %v[] : partition_view<tile=(32), tensor_view<256xf16, strides=[1]>> -> tile<32xf16>, token
    return
  }
}
