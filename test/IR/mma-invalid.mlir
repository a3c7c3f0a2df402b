// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4x8xf32>
    %b = constant <f16: 1.0> : tile<8x16xf16>
    %c = constant <f32: 0.0> : tile<4x16xf32>
    // expected-error @+1 {{'cuda_tile.mmaf' op failed to verify that all of {lhs, rhs} have the same element type}}
    %r = mmaf %a, %b, %c : tile<4x8xf32>, tile<8x16xf16>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4x16xf32>
    %b = constant <f32: 1.0> : tile<8x16xf32>
    %c = constant <f32: 0.0> : tile<4x16xf32>
    // expected-error @+1 {{'cuda_tile.mmaf' op  shape error: dim 1 of lhs (16) and dim 0 of rhs (8) must match, but got lhs shape (4, 16) and rhs shape (8, 16)}}
    %r = mmaf %a, %b, %c : tile<4x16xf32>, tile<8x16xf32>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<16x8xf32>
    %b = constant <f32: 1.0> : tile<8x16xf32>
    %c = constant <f32: 0.0> : tile<4x16xf32>
    // expected-error @+1 {{dim 0 of lhs (16) and dim 0 of acc (4) must match, but got lhs shape (16, 8) and acc shape (4, 16)}}
    %r = mmaf %a, %b, %c : tile<16x8xf32>, tile<8x16xf32>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4x8xf32>
    %b = constant <f32: 1.0> : tile<8x16xf32>
    %c = constant <f32: 0.0> : tile<4x32xf32>
    // expected-error @+1 {{dim 1 of rhs (16) and dim 1 of acc (32) must match, but got rhs shape (8, 16) and acc shape (4, 32)}}
    %r = mmaf %a, %b, %c : tile<4x8xf32>, tile<8x16xf32>, tile<4x32xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x4x8xf32>
    %b = constant <f32: 1.0> : tile<4x8x16xf32>
    %c = constant <f32: 0.0> : tile<2x4x16xf32>
    // expected-error @+1 {{shape error: dim 0 of lhs (2) and dim 0 of rhs (4) must match, but got lhs shape (2, 4, 8) and rhs shape (4, 8, 16)}}
    %r = mmaf %a, %b, %c : tile<2x4x8xf32>, tile<4x8x16xf32>, tile<2x4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x4x8xf32>
    %b = constant <f32: 1.0> : tile<2x8x16xf32>
    %c = constant <f32: 0.0> : tile<4x4x16xf32>
    // expected-error @+1 {{dim 0 of lhs (2) and dim 0 of acc (4) must match, but got lhs shape (2, 4, 8) and acc shape (4, 4, 16)}}
    %r = mmaf %a, %b, %c : tile<2x4x8xf32>, tile<2x8x16xf32>, tile<4x4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = constant <f32: 1.0> : tile<8x16xf32>
    %c = constant <f32: 0.0> : tile<4x16xf32>
    // expected-error @+1 {{op failed to verify that all of {lhs, rhs, acc} have same rank}}
    %r = mmaf %a, %b, %c : tile<4xf32>, tile<8x16xf32>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    // expected-error @+1 {{op operands must be 2D or 3D tiles}}
    %r = mmaf %a, %a, %a : tile<4xf32>, tile<4xf32>, tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<2x2xi8>
    %c = constant <i32: 0> : tile<2x2xi32>
    // expected-error @+1 {{op operand #0 must be mmaf operand tile type of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values, but got '!cuda_tile.tile<2x2xi8>'}}
    %r = mmaf %a, %a, %c : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<2x2xf8E4M3FN>
    // expected-error @+1 {{op operand #2 must be mmaf acc/result tile type of f16 or f32 or f64 values, but got '!cuda_tile.tile<2x2xf8E4M3FN>'}}
    %r = mmaf %a, %a, %a : tile<2x2xf8E4M3FN>, tile<2x2xf8E4M3FN>, tile<2x2xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 1.0> : tile<2x2xbf16>
    // expected-error @+1 {{op operand #2 must be mmaf acc/result tile type of f16 or f32 or f64 values, but got '!cuda_tile.tile<2x2xbf16>'}}
    %r = mmaf %a, %a, %a : tile<2x2xbf16>, tile<2x2xbf16>, tile<2x2xbf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 1.0> : tile<16x16xbf16>
    %c = constant <f16: 0.0> : tile<16x16xf16>
    // expected-error @+1 {{'cuda_tile.mmaf' op unsupported combination of element types. Input type 'bf16' expects accumulator/result type to be one of {'f32'}, but got 'f16'}}
    %r = mmaf %a, %a, %c : tile<16x16xbf16>, tile<16x16xbf16>, tile<16x16xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <tf32: 1.0> : tile<2x2xtf32>
    %c = constant <f16: 0.0> : tile<2x2xf16>
    // expected-error @+1 {{unsupported combination of element types. Input type 'tf32' expects accumulator/result type to be one of {'f32'}, but got 'f16'}}
    %r = mmaf %a, %a, %c : tile<2x2xtf32>, tile<2x2xtf32>, tile<2x2xf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<2x2xf16>
    %c = constant <f64: 0.0> : tile<2x2xf64>
    // expected-error @+1 {{unsupported combination of element types. Input type 'f16' expects accumulator/result type to be one of {'f16', 'f32'}, but got 'f64'}}
    %r = mmaf %a, %a, %c : tile<2x2xf16>, tile<2x2xf16>, tile<2x2xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x2xf32>
    %c = constant <f64: 0.0> : tile<2x2xf64>
    // expected-error @+1 {{unsupported combination of element types. Input type 'f32' expects accumulator/result type to be one of {'f32'}, but got 'f64'}}
    %r = mmaf %a, %a, %c : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<2x2xf8E4M3FN>
    %c = constant <f64: 0.0> : tile<2x2xf64>
    // expected-error @+1 {{unsupported combination of element types. Input type 'f8E4M3FN' expects accumulator/result type to be one of {'f16', 'f32'}, but got 'f64'}}
    %r = mmaf %a, %a, %c : tile<2x2xf8E4M3FN>, tile<2x2xf8E4M3FN>, tile<2x2xf64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f64: 1.0> : tile<2x2xf64>
    %c = constant <f32: 0.0> : tile<2x2xf32>
    // expected-error @+1 {{unsupported combination of element types. Input type 'f64' expects accumulator/result type to be one of {'f64'}, but got 'f32'}}
    %r = mmaf %a, %a, %c : tile<2x2xf64>, tile<2x2xf64>, tile<2x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x2xf32>
    // expected-error @+1 {{expected ':'}}
    %r = mmaf %a, %a, %a signed signed : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<16x32xi8>
    %b = constant <i8: 1> : tile<16x16xi8>
    %c = constant <i32: 0> : tile<16x16xi32>
    // expected-error @+1 {{'cuda_tile.mmai' op  shape error: dim 1 of lhs (32) and dim 0 of rhs (16) must match, but got lhs shape (16, 32) and rhs shape (16, 16)}}
    %r = mmai %a, %b, %c signed signed : tile<16x32xi8>, tile<16x16xi8>, tile<16x16xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<2x4x8xi8>
    %b = constant <i8: 1> : tile<2x8x4xi8>
    %c = constant <i32: 0> : tile<2x8x4xi32>
    // expected-error @+1 {{dim 1 of lhs (4) and dim 1 of acc (8) must match, but got lhs shape (2, 4, 8) and acc shape (2, 8, 4)}}
    %r = mmai %a, %b, %c signed signed : tile<2x4x8xi8>, tile<2x8x4xi8>, tile<2x8x4xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i16: 1> : tile<2x2xi16>
    %c = constant <i32: 0> : tile<2x2xi32>
    // expected-error @+1 {{op operand #0 must be mmai operand tile type of i8 values, but got '!cuda_tile.tile<2x2xi16>'}}
    %r = mmai %a, %a, %c signed signed : tile<2x2xi16>, tile<2x2xi16>, tile<2x2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x2xf32>
    %c = constant <i32: 0> : tile<2x2xi32>
    // expected-error @+1 {{op operand #0 must be mmai operand tile type of i8 values, but got '!cuda_tile.tile<2x2xf32>'}}
    %r = mmai %a, %a, %c signed signed : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<2x2xi8>
    %c = constant <i64: 0> : tile<2x2xi64>
    // expected-error @+1 {{op operand #2 must be mmai acc tile type of i32 values, but got '!cuda_tile.tile<2x2xi64>'}}
    %r = mmai %a, %a, %c signed signed : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<2x2xi8>
    %c = constant <i32: 0> : tile<2x2xi32>
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %r = mmai %a, %a, %c signed : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<128x128xf16>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x128xf8E8M0FNU>
    // expected-error @+1 {{op operand #0 must be mmaf_scaled operand tile type of f8E4M3FN or f8E5M2 or f4E2M1FN values, but got '!cuda_tile.tile<128x128xf16>'}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E5M2: 1.0> : tile<128x128xf8E5M2>
    %c = constant <f16: 0.0> : tile<128x128xf16>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x128xf8E8M0FNU>
    // expected-error @+1 {{op operand #2 must be mmaf_scaled result tile type of f32 values, but got '!cuda_tile.tile<128x128xf16>'}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf16>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f32: 1.0> : tile<128x4xf32>
    %sb = constant <f32: 1.0> : tile<4x128xf32>
    // expected-error @+1 {{op operand #3 must be mmaf_scaled scale tile type of f8E4M3FN or f8E8M0FNU values, but got '!cuda_tile.tile<128x4xf32>'}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf32>, tile<4x128xf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %b = constant <f8E5M2: 1.0> : tile<128x128xf8E5M2>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x8xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<8x128xf8E8M0FNU>
    // expected-error @+1 {{op failed to verify that all of {lhs, rhs} have the same element type}}
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x8xf8E8M0FNU>
    %sb = constant <f8E4M3FN: 1.0> : tile<8x128xf8E4M3FN>
    // expected-error @+1 {{op failed to verify that all of {lhs_scale, rhs_scale} have the same element type}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x8x1xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<8x128xf8E8M0FNU>
    // expected-error @+1 {{op failed to verify that all of {lhs, rhs, acc, lhs_scale, rhs_scale} have same rank}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8x1xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x128xf8E8M0FNU>
    // expected-error @+1 {{shape error: dim 1 of lhs (64) and dim 0 of rhs (128) must match}}
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x64xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x128xf8E8M0FNU>
    // expected-error @+1 {{shape error: dim 0 of lhs (128) and dim 0 of lhs_scale (64) must match, but got lhs shape (128, 128) and lhs_scale shape (64, 4)}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<64x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x64xf8E8M0FNU>
    // expected-error @+1 {{shape error: dim 1 of rhs (128) and dim 1 of rhs_scale (64) must match}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<4x64x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<4x64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<2x64x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x2x64xf8E8M0FNU>
    // expected-error @+1 {{shape error: dim 0 of lhs (4) and dim 0 of lhs_scale (2) must match}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<4x64x64xf4E2M1FN>, tile<4x64x64xf4E2M1FN>, tile<4x64x64xf32>, tile<2x64x2xf8E8M0FNU>, tile<4x2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<4x64x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<4x64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<4x64x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<1x2x64xf8E8M0FNU>
    // expected-error @+1 {{shape error: dim 0 of rhs (4) and dim 0 of rhs_scale (1) must match}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<4x64x64xf4E2M1FN>, tile<4x64x64xf4E2M1FN>, tile<4x64x64xf32>, tile<4x64x2xf8E8M0FNU>, tile<1x2x64xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x8xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x128xf8E8M0FNU>
    // expected-error @+1 {{shape error: dim 1 of lhs_scale (8) and dim 0 of rhs_scale (4) must match, but got lhs_scale shape (128, 8) and rhs_scale shape (4, 128)}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E5M2: 1.0> : tile<128x128xf8E5M2>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<128x4xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<4x128xf8E4M3FN>
    // expected-error @+1 {{op unsupported combination of element types. Scale type 'f8E4M3FN' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E5M2'}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<128x128xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x8xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<8x128xf8E8M0FNU>
    // expected-error @+1 {{shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x16xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<16x128xf8E8M0FNU>
    // expected-error @+1 {{shape error: f4E2M1FN element type with f8E8M0FNU scales requires block scale factor of lhs_scale and rhs_scale to be 16 or 32, but got 8}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x16xf8E8M0FNU>, tile<16x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<128x128xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<128x4xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<4x128xf8E4M3FN>
    // expected-error @+1 {{shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16, but got 32}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x128xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<128x64xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op shape error: dim 1 of lhs_scale (128) must be a divisor of dim 1 of lhs (64), but got lhs_scale shape (64, 128) and lhs shape (64, 64)}}
    %r = mmaf_scaled %a, %a, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>, tile<64x128xf8E8M0FNU>, tile<128x64xf8E8M0FNU>
  }
}
