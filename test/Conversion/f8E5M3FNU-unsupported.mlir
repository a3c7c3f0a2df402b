// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics -convert-cudatile-to-nvvm

// The code generator's type mapping does not lower 13.4's f8E5M3FNU yet: a
// kernel using it is refused where it first appears, never crashed on.

cuda_tile.module @m {
  // expected-error @+1 {{f8E5M3FNU is not supported by the PTX code generator yet}}
  entry @k(%p: tile<ptr<f8E5M3FNU>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{f8E5M3FNU is not supported by the PTX code generator yet}}
    %y = ftof %x : tile<f32> -> tile<f8E5M3FNU>
    return
  }
}
