// f8E5M3FNU outside the ops that take it: arithmetic, literals, bitcast,
// integer conversions and ftof rounding modes other than its table's.
// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  entry @k(%x: tile<f8E5M3FNU>) {
    // expected-error @+1 {{'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<f8E5M3FNU>'}}
    %y = addf %x, %x : tile<f8E5M3FNU>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expect element type to be one of}}
    %c = constant <f8E5M3FNU: 1.0> : tile<f8E5M3FNU>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.bitcast' op result #0 must be tile of}}
    %y = bitcast %x : tile<i8> -> tile<f8E5M3FNU>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f8E5M3FNU>) {
    // expected-error @+1 {{'cuda_tile.ftoi' op operand #0 must be tile of}}
    %y = ftoi %x signed : tile<f8E5M3FNU> -> tile<i32>
    return
  }
}

// -----

// To f8E5M3FNU: nearest_even only.
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %y = ftof %x rounding<zero> : tile<f32> -> tile<f8E5M3FNU>
    return
  }
}

// -----

// To f16, which cannot hold 114688, it narrows: nearest_even and zero.
cuda_tile.module @m {
  entry @k(%x: tile<f8E5M3FNU>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode 'positive_inf' for a conversion from '!cuda_tile.f8E5M3FNU' to 'f16'; it takes 'nearest_even', 'zero'}}
    %y = ftof %x rounding<positive_inf> : tile<f8E5M3FNU> -> tile<f16>
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expect element type to be one of}}
  global @g <f8E5M3FNU: [1.0, 2.0]> : tile<2xf8E5M3FNU>
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f8E5M3FNU>) {
    // expected-error @+1 {{'cuda_tile.exti' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 or i4 values, but got '!cuda_tile.tile<f8E5M3FNU>'}}
    %y = exti %x signed : tile<f8E5M3FNU> -> tile<i32>
    return
  }
}
