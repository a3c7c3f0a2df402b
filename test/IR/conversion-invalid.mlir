// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

// bitcast: same shape, same width, numbers only.
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.bitcast' op types must be equal width, cannot convert '!cuda_tile.tile<f32>' of width 32 to type '!cuda_tile.tile<tf32>' of width 19}}
    %y = bitcast %x : tile<f32> -> tile<tf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.bitcast' op types must be equal width, cannot convert '!cuda_tile.tile<i32>' of width 32 to type '!cuda_tile.tile<i16>' of width 16}}
    %y = bitcast %x : tile<i32> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i16: [1, 2, 3, 4]> : tile<4xi16>
    // expected-error @+1 {{'cuda_tile.bitcast' op failed to verify that all of {source, result} have same shape}}
    %y = bitcast %x : tile<4xi16> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.bitcast' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<ptr<f32>>'}}
    %y = bitcast %p : tile<ptr<f32>> -> tile<i64>
  }
}

// -----

// Pointer casts go through i64.
cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.int_to_ptr' op operand #0 must be tile of i64 values, but got '!cuda_tile.tile<i32>'}}
    %y = int_to_ptr %x : tile<i32> -> tile<ptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i8>>) {
    // expected-error @+1 {{'cuda_tile.ptr_to_int' op result #0 must be tile of i64 values, but got '!cuda_tile.tile<i32>'}}
    %y = ptr_to_int %p : tile<ptr<i8>> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i8>>) {
    // expected-error @+1 {{'cuda_tile.ptr_to_ptr' op result #0 must be tile of}}
    %y = ptr_to_ptr %p : tile<ptr<i8>> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i64: [1, 2]> : tile<2xi64>
    // expected-error @+1 {{'cuda_tile.int_to_ptr' op failed to verify that all of {source, result} have same shape}}
    %y = int_to_ptr %x : tile<2xi64> -> tile<ptr<i8>>
  }
}

// -----

// exti widens, trunci narrows.
cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.exti' op extending to smaller or identical integer}}
    %y = exti %x signed : tile<i32> -> tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.exti' op extending to smaller or identical integer}}
    %y = exti %x unsigned : tile<i8> -> tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i8: [1, 2]> : tile<2xi8>
    // expected-error @+1 {{'cuda_tile.exti' op failed to verify that all of {from, to} have same shape}}
    %y = exti %x signed : tile<2xi8> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %y = exti %x : tile<i8> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i8: [1, 2]> : tile<2xi8>
    %n = trunci %x : tile<2xi8> -> tile<2xi4>
    // i4 is on both sides of exti and trunci (i1 -> i4 extends); the widths
    // must grow.
    // expected-error @+1 {{'cuda_tile.exti' op extending to smaller or identical integer}}
    %y = exti %n signed : tile<2xi4> -> tile<2xi4>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.exti' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 or i4 values, but got '!cuda_tile.tile<f32>'}}
    %y = exti %x signed : tile<f32> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.trunci' op truncating to larger or identical integer}}
    %y = trunci %x : tile<i8> -> tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.trunci' op truncating to larger or identical integer}}
    %y = trunci %x overflow<no_wrap> : tile<i8> -> tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i8: [1, 2]> : tile<2xi8>
    // expected-error @+1 {{'cuda_tile.trunci' op failed to verify that all of {from, to} have same shape}}
    %y = trunci %x : tile<2xi8> -> tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i8: [1, 2]> : tile<2xi8>
    %n = trunci %x : tile<2xi8> -> tile<2xi4>
    // i4 is not an operand of the other integer ops.
    // expected-error @+1 {{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<2xi4>'}}
    %y = addi %n, %n : tile<2xi4>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i8: [1, 2]> : tile<2xi8>
    %n = trunci %x : tile<2xi8> -> tile<2xi4>
    // expected-error @+1 {{'cuda_tile.itof' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<2xi4>'}}
    %y = itof %n signed : tile<2xi4> -> tile<2xf16>
  }
}

// -----

// itof / ftoi.
cuda_tile.module @m {
  entry @k(%x: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.itof' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f16>'}}
    %y = itof %x signed : tile<f16> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i16>) {
    // expected-error @+1 {{'cuda_tile.itof' op result #0 must be tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<i32>'}}
    %y = itof %x signed : tile<i16> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %y = itof %x : tile<i8> -> tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'nearest_int_to_positive_inf'}}
    %y = itof %x unsigned rounding<nearest_int_to_positive_inf> : tile<i32> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.itof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %y = itof %x unsigned rounding<negative_inf> : tile<i32> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.itof' op integer to f8E8M0FNU conversion is not supported, please first convert to another float type}}
    %y = itof %x unsigned : tile<i8> -> tile<f8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i16>) {
    // expected-error @+1 {{'cuda_tile.ftoi' op operand #0 must be tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<i16>'}}
    %y = ftoi %x signed : tile<i16> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f16: [1.0, 2.0]> : tile<2xf16>
    // expected-error @+1 {{'cuda_tile.ftoi' op failed to verify that all of {from, to} have same shape}}
    %y = ftoi %x signed : tile<2xf16> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_int_to_zero', got: 'nearest_even'}}
    %y = ftoi %x unsigned rounding<nearest_even> : tile<f32> -> tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftoi' op invalid rounding mode specified. Only 'nearest_int_to_zero' is supported}}
    %y = "cuda_tile.ftoi"(%x) <{rounding_mode = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<i32>
  }
}

// -----

// ftof.
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftof' op converting tiles must not be a no-op}}
    %y = ftof %x : tile<f32> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f16: [1.0, 2.0]> : tile<2xf16>
    // expected-error @+1 {{'cuda_tile.ftof' op failed to verify that all of {from, to} have same shape}}
    %y = ftof %x : tile<2xf16> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.ftof' op result #0 must be tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<i32>'}}
    %y = ftof %x : tile<f16> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %y = ftof %x rounding<negative_inf> : tile<f32> -> tile<f8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported}}
    %y = ftof %x rounding<nearest_even> : tile<f32> -> tile<f8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported}}
    %y = ftof %x rounding<negative_inf> : tile<f32> -> tile<f8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // The 13.3 reference's list: nearest_away (13.4) is accepted, not listed.
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %y = ftof %x rounding<approx> : tile<f32> -> tile<f16>
  }
}

// -----

// A missing signedness keyword is reported as a missing keyword and with the
// choices, both at the same place.
cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %y = exti %x : tile<i8> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %y = ftoi %x : tile<f32> -> tile<i32>
  }
}

// -----

// A keyword that is not a signedness only lists the choices.
cuda_tile.module @m {
  entry @k(%x: tile<i16>) {
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %y = itof %x ordered : tile<i16> -> tile<f32>
  }
}
