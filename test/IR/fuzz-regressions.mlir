// Inputs on which the fuzzers (fuzz/, docs/fuzzing.md) found a crash or a
// broken invariant, reduced by hand; each must now be handled cleanly.
// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

// text-parser: a hex literal with a digit that is not hex made llvm::fromHex
// assert (and read garbage without assertions). Now refused where the
// literal starts, in the reference's words.
cuda_tile.module @hex_digit {
  entry @k() {
    // expected-error @+1 {{expected integer value}}
    %0 = constant <i32: "0x0G000000"> : tile<1xi32>
    return
  }
}

// -----

// text-parser: an architecture named twice in optimization_hints made a
// dictionary with a duplicate key, which printed and parsed back as another
// module.
cuda_tile.module @duplicate_hint_arch {
  // expected-error @+1 {{duplicate optimization_hints key `sm_100`}}
  entry @k() optimization_hints=<sm_100 = {}, sm_100 = {num_cta_in_cga = 2}> {
    return
  }
}

// -----

// bytecode-roundtrip: an empty symbol name read from bytecode (or spelled
// `@""`) printed as `@<<INVALID EMPTY SYMBOL>>`, which does not parse.
// expected-error @+1 {{'cuda_tile.module' op symbol name must not be empty}}
cuda_tile.module @"" {
}

// -----

cuda_tile.module @empty_global_name {
  // expected-error @+1 {{'cuda_tile.global' op symbol name must not be empty}}
  global @"" <i8: 1> : tile<1xi8>
}

// -----

cuda_tile.module @empty_entry_name {
  // expected-error @+1 {{'cuda_tile.entry' op symbol name must not be empty}}
  entry @""() {
    return
  }
}

// -----

// bytecode-roundtrip: an empty key in optimization_hints (MLIR's attribute
// names are never empty; the text of an empty inner key does not parse).
cuda_tile.module @empty_hint_arch {
  // expected-error @+1 {{expected a non-empty key in optimization_hints}}
  entry @k() optimization_hints=<"" = {}> {
    return
  }
}

// -----

// bytecode-roundtrip: strided_view traversal strides that are not positive
// were read from bytecode although the textual form refuses them.
cuda_tile.module @strides {
  // expected-error @+1 {{traversal strides must be strictly positive but got [0, 1]}}
  entry @k(%v: strided_view<tile=(8x8), traversal_strides=[0,1], tensor_view<64x48xf32, strides=[48,1]>>) {
    return
  }
}
