// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics

// The type and attribute constraints of the ops name what they accept as the
// reference's diagnostics do ("Tile type", "tensor view type", ...), and the
// verifiers check in the reference's order.

cuda_tile.module @m {
  entry @broadcast_of_view(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    // expected-error @+1 {{'cuda_tile.broadcast' op operand #0 must be Tile type, but got '!cuda_tile.tensor_view<4xf32, strides=[1]>'}}
    %r = "cuda_tile.broadcast"(%t) : (!cuda_tile.tensor_view<4xf32, strides=[1]>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @partition_of_tile(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.make_partition_view' op operand #0 must be tensor view type, but got '!cuda_tile.tile<f32>'}}
    %v = "cuda_tile.make_partition_view"(%x) : (!cuda_tile.tile<f32>) -> !cuda_tile.partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
  }
}

// -----

cuda_tile.module @m {
  entry @partition_result(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    // expected-error @+1 {{'cuda_tile.make_partition_view' op result #0 must be partition view type, but got '!cuda_tile.tensor_view<4xf32, strides=[1]>'}}
    %v = "cuda_tile.make_partition_view"(%t) : (!cuda_tile.tensor_view<4xf32, strides=[1]>) -> !cuda_tile.tensor_view<4xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  entry @shape_of_tile(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.get_tensor_shape' op operand #0 must be tensor view type, but got '!cuda_tile.tile<f32>'}}
    %s = "cuda_tile.get_tensor_shape"(%x) : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @store_a_view(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op operand #1 must be Tile type, but got '!cuda_tile.tensor_view<4xf32, strides=[1]>'}}
    %k = "cuda_tile.store_ptr_tko"(%p, %t) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tensor_view<4xf32, strides=[1]>) -> !cuda_tile.token
  }
}

// -----

cuda_tile.module @m {
  entry @load_pointers(%p: tile<ptr<f32>>) {
    // A tile of pointers passes the result's constraint; the pointer check
    // refuses it.
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op failed to verify that `source` type is expected a pointer type of `result` type}}
    %r, %k = "cuda_tile.load_ptr_tko"(%p) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>) -> (!cuda_tile.tile<ptr<f32>>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  entry @remi_result(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.remi' op failed to verify that all of {result, lhs, rhs} have same type}}
    %r = "cuda_tile.remi"(%a, %a) <{signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @for_result(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.for' op failed to verify that all of {initValues, resultValues} have same type}}
    %r = "cuda_tile.for"(%a, %a, %a, %a) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<i32>):
      "cuda_tile.continue"(%x) : (!cuda_tile.tile<i32>) -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{'cuda_tile.entry' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "cuda_tile.entry"() ({
  }) {sym_name = "no_body", function_type = () -> ()} : () -> ()
}

// -----

cuda_tile.module @m {
  entry @exti_float(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.exti' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 or i4 values, but got '!cuda_tile.tile<f32>'}}
    %y = exti %x signed : tile<f32> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @trunci_float(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.trunci' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 or i4 values, but got '!cuda_tile.tile<f16>'}}
    %y = trunci %x : tile<i32> -> tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @pack_pointers(%p: tile<ptr<f32>>) {
    %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    // expected-error @+1 {{'cuda_tile.pack' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i4 values, but got '!cuda_tile.tile<1xptr<f32>>'}}
    %b = "cuda_tile.pack"(%r) : (!cuda_tile.tile<1xptr<f32>>) -> !cuda_tile.tile<8xi8>
  }
}

// -----

cuda_tile.module @m {
  entry @cas_mask(%p: tile<ptr<f32>>) {
    %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ps = broadcast %r : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %v = constant <f32: 1.0> : tile<4xf32>
    %m = constant <i1: true> : tile<2xi1>
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op failed to verify that all of {pointers, val, cmp and mask} have same shape}}
    %o, %t = atomic_cas_tko relaxed device %ps, %v, %v, %m : tile<4xptr<f32>>, tile<4xf32>, tile<2xi1> -> tile<4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @cas_mask_before_ordering(%p: tile<ptr<i32>>) {
    %r = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ps = broadcast %r : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %v = constant <i32: 1> : tile<4xi32>
    %m = constant <i1: true> : tile<2xi1>
    // The mask's shape is checked before the ordering (weak is refused).
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op failed to verify that all of {pointers, val, cmp and mask} have same shape}}
    %o, %t = "cuda_tile.atomic_cas_tko"(%ps, %v, %v, %m) <{memory_ordering_semantics = 0 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (!cuda_tile.tile<4xptr<i32>>, !cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>, !cuda_tile.tile<2xi1>) -> (!cuda_tile.tile<4xi32>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  entry @rmw_pointee_before_ordering(%p: tile<ptr<i32>>, %v: tile<i64>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op expected pointee type ('i32') to match element type of 'arg' ('i64')}}
    %o, %t = "cuda_tile.atomic_rmw_tko"(%p, %v) <{memory_ordering_semantics = 0 : i32, memory_scope = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!cuda_tile.tile<ptr<i32>>, !cuda_tile.tile<i64>) -> (!cuda_tile.tile<i64>, !cuda_tile.token)
  }
}

// -----

cuda_tile.module @m {
  entry @rmw_mode_range(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op attribute 'mode' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
    %o, %t = "cuda_tile.atomic_rmw_tko"(%p, %v) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 12 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!cuda_tile.tile<ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
  }
}
