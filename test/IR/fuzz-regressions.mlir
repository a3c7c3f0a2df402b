// Inputs on which the fuzzers (fuzz/, docs/fuzzing.md) found a crash or a
// broken invariant, reduced by hand; each must now be handled cleanly.
// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

// text-parser: a hex literal with a digit that is not hex made llvm::fromHex
// assert (and read garbage without assertions).
cuda_tile.module @hex_digit {
  entry @k() {
    // expected-error @+1 {{expected a hex string literal}}
    %0 = constant <i32: "0x0G000000"> : tile<1xi32>
    return
  }
}
