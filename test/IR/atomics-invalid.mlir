// Verifier and parser diagnostics of the atomic operations.
// RUN: cuda-tile-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i16>>, %v: tile<i16>) {
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op expect only float or integer types with 32 or 64 bit}}
    %o, %t = atomic_cas_tko relaxed device %p, %v, %v : tile<ptr<i16>>, tile<i16> -> tile<i16>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op expected pointee type ('f32') to match element type of 'val' ('i32')}}
    %o, %t = atomic_cas_tko relaxed device %p, %v, %v : tile<ptr<f32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op memory ordering semantics must be one of: relaxed, acquire, release, acq_rel}}
    %o, %t = atomic_cas_tko weak device %p, %v, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: tile<i32>) {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<4x!cuda_tile.ptr<i32>>
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op failed to verify that all of {pointers, cmp, val, result} have same shape}}
    %o, %t = atomic_cas_tko relaxed device %p, %v, %v : tile<4xptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<4x!cuda_tile.ptr<i32>>
    %v = "test.vals"() : () -> !cuda_tile.tile<4xi32>
    %m = "test.mask"() : () -> !cuda_tile.tile<2xi1>
    // expected-error @+1 {{'cuda_tile.atomic_cas_tko' op failed to verify that all of {pointers, val, cmp and mask} have same shape}}
    %o, %t = atomic_cas_tko relaxed device %p, %v, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<2xi1> -> tile<4xi32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'memory_scope' [tl_blk, device, sys]}}
    %o, %t = atomic_cas_tko relaxed %p, %v, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op 'addf' works only with floats f16, bf16, f32, and f64}}
    %o, %t = atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op 'umax' works only with integers i32 and i64}}
    %o, %t = atomic_rmw_tko relaxed device %p, umax, %v : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i16>>, %v: tile<i16>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op 'add' works only with integers i32 and i64}}
    %o, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<ptr<i16>>, tile<i16> -> tile<i16>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<tf32>>, %v: tile<tf32>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op 'xchg' works only with integers or float of 32 or 64 bitwidth}}
    %o, %t = atomic_rmw_tko relaxed device %p, xchg, %v : tile<ptr<tf32>>, tile<tf32> -> tile<tf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op expected pointee type ('f32') to match element type of 'arg' ('i32')}}
    %o, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<ptr<f32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op memory ordering semantics must be one of: relaxed, acquire, release, acq_rel}}
    %o, %t = atomic_rmw_tko weak device %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'mode' [and, or, xor, add, addf, max, min, umax, umin, xchg]}}
    %o, %t = atomic_rmw_tko relaxed device %p, foo, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: tile<i32>) {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<4x!cuda_tile.ptr<i32>>
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op failed to verify that all of {pointers, arg, result} have same shape}}
    %o, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<4xptr<i32>>, tile<i32> -> tile<i32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<2x!cuda_tile.ptr<i32>>
    %v = "test.vals"() : () -> !cuda_tile.tile<2xi32>
    %m = "test.mask"() : () -> !cuda_tile.tile<4xi1>
    // expected-error @+1 {{'cuda_tile.atomic_rmw_tko' op failed to verify that all of {pointers, arg, mask} have same shape}}
    %o, %t = atomic_rmw_tko relaxed device %p, and, %v, %m : tile<2xptr<i32>>, tile<2xi32>, tile<4xi1> -> tile<2xi32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op memory scope 'sys' is not supported for view-based atomic reductions; use 'tl_blk' or 'device' for TMA compatibility}}
    %r = atomic_red_view_tko relaxed sys %v[%i], add, %x : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op only 'relaxed' memory ordering is supported for view-based atomic reductions}}
    %r = atomic_red_view_tko weak device %v[%i], add, %x : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op atomic_red_view_tko op cannot use xchg operation}}
    %r = atomic_red_view_tko relaxed device %v[%i], xchg, %x : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <f32: 1.0> : tile<2x2xf32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op view element type ('i32') must match value element type ('f32')}}
    %r = atomic_red_view_tko relaxed device %v[%i, %i], addf, %x : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<4x4xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op view tile shape 2, 2 must match value shape 4, 4 for element-wise atomic operations}}
    %r = atomic_red_view_tko relaxed device %v[%i, %i], add, %x : tile<4x4xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(2x2), tensor_view<2x2xf32, strides=[2,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <f32: 1.0> : tile<2x2xf32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op 'add' works only with integers i32 and i64}}
    %r = atomic_red_view_tko relaxed device %v[%i, %i], add, %x : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<2x2xf32, strides=[2,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<2x2xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op 'addf' works only with floats f16, bf16, f32, and f64}}
    %r = atomic_red_view_tko relaxed device %v[%i, %i], addf, %x : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<2x2xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op expected 2 index operand(s) for view with tile rank 2, got 1}}
    %r = atomic_red_view_tko relaxed device %v[%i], add, %x : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>) {
    %i = constant <i32: 0> : tile<1xi32>
    %x = constant <i32: 1> : tile<2x2xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op index operand 0 must be a scalar tile (rank 0), got shape 1}}
    %r = atomic_red_view_tko relaxed device %v[%i, %i], add, %x : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<1xi32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: gather_scatter_view<tile=(16x16), tensor_view<1024x16xi32, strides=[16,1]>, sparse_dim=0>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<16x16xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op gather_scatter_view is not supported; use partition_view instead}}
    %r = atomic_red_view_tko relaxed device %v[%i, %i], add, %x : tile<16x16xi32>, gather_scatter_view<tile=(16x16), tensor_view<1024x16xi32, strides=[16,1]>, sparse_dim=0>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: strided_view<tile=(2x2), traversal_strides=[2,2], padding_value = zero, tensor_view<2x2xi32, strides=[2,1]>>) {
    %i = constant <i32: 0> : tile<i32>
    %x = constant <i32: 1> : tile<2x2xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op views with padding_value are not supported for atomic reductions}}
    %r = atomic_red_view_tko relaxed device %v[%i, %i], add, %x : tile<2x2xi32>, strided_view<tile=(2x2), traversal_strides=[2,2], padding_value = zero, tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
  }
}

// -----

// Without a scope the op parses and the verifier asks for one.
cuda_tile.module @m {
  entry @k(%t: tensor_view<16xi32, strides=[1]>, %i: tile<i32>) {
    %v = make_partition_view %t : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %x = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{'cuda_tile.atomic_red_view_tko' op requires attribute 'memory_scope'}}
    %r = atomic_red_view_tko relaxed %v[%i], add, %x : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tensor_view<16xi32, strides=[1]>, %i: tile<i32>) {
    %v = make_partition_view %t : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %x = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{invalid memory_scope: 'gpu'; expected one of: tl_blk, device, sys}}
    %r = atomic_red_view_tko relaxed gpu %v[%i], add, %x : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%t: tensor_view<16xi32, strides=[1]>, %i: tile<i32>) {
    %v = make_partition_view %t : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %x = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{invalid memory_ordering_semantics: 'seq_cst'; expected one of: weak, relaxed, acquire, release, acq_rel}}
    %r = atomic_red_view_tko seq_cst device %v[%i], add, %x : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// An unknown mode is reported at the comma before it.
cuda_tile.module @m {
  entry @k(%t: tensor_view<16xi32, strides=[1]>, %i: tile<i32>) {
    %v = make_partition_view %t : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %x = constant <i32: 1> : tile<16xi32>
    // expected-error @+1 {{unknown atomic RMW mode: 'mul'; expected one of: and, or, xor, add, addf, max, min, umax, umin}}
    %r = atomic_red_view_tko relaxed device %v[%i], mul, %x : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
