// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

// Integer ops take integer tiles only.
cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0 = addi %a, %a : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.absi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f16>'}}
    %0 = absi %a : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.mulhii' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values}}
    %0 = mulhii %a, %a : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.xori' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values}}
    %0 = xori %a, %a : tile<f32>
  }
}

// -----

// Operands and result share one type.
cuda_tile.module @m {
  entry @k(%a: tile<i32>, %b: tile<i64>) {
    // expected-error @+1 {{'cuda_tile.addi' op failed to verify that all of {lhs, rhs, result} have same type}}
    %c = "cuda_tile.addi"(%a, %b) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%a: tile<i32>, %b: tile<i16>) {
    // expected-error @+1 {{use of value '%a' expects different type than prior uses: '!cuda_tile.tile<i16>' vs '!cuda_tile.tile<i32>'}}
    %c = subi %a, %b : tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+2 {{expected ::mlir::cuda_tile::IntegerOverflow to be one of: none, no_signed_wrap, no_unsigned_wrap, no_wrap}}
    // expected-error @+1 {{failed to parse CudaTile_IntegerOverflowAttr parameter 'value'}}
    %0 = addi %a, %a overflow<wrap> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported}}
    %0 = negi %a overflow<no_unsigned_wrap> : tile<i32>
  }
}

// -----

// Ops with a signedness need it spelled out.
cuda_tile.module @m {
  entry @k(%a: tile<i16>) {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = divi %a, %a : tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i16>) {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = remi %a, %a : tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.divi' op rounding mode 'negative_inf' is not allowed with 'unsigned' flag}}
    %y = divi %x, %x unsigned rounding<negative_inf> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.divi' op invalid rounding mode specified, expect one of [zero, negative_inf, positive_inf]}}
    %y = divi %x, %x signed rounding<nearest_even> : tile<i32>
  }
}

// -----

// Comparisons.
cuda_tile.module @m {
  entry @k(%a: tile<i16>) {
    // expected-error @+1 {{'cuda_tile.cmpi' expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}}}
    %0 = cmpi invalid_predicate %a, %a, signed : tile<i16> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i16>) {
    // expected-error @+2 {{expected valid keyword}}
    // expected-error @+1 {{expected 'comparison_predicate' to be one of}}
    %0 = cmpi %a, %a, signed : tile<i16> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.cmpf' expected 'comparison_ordering' to be one of: {'ordered', 'unordered'}}}
    %0 = cmpf equal signed %a, %a : tile<f16> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.cmpf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = cmpf equal ordered %a, %a : tile<i32> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.cmpi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<f32>'}}
    %0 = cmpi equal %a, %a, signed : tile<f32> -> tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>
    // expected-error @+1 {{'cuda_tile.cmpi' op failed to verify that Result type has i1 element type and same shape as operands}}
    %0 = "cuda_tile.cmpi"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<2x2xi32>, !cuda_tile.tile<2x2xi32>) -> !cuda_tile.tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i16>) {
    // expected-error @+1 {{'cuda_tile.cmpi' op result #0 must be tile of i1 values, but got '!cuda_tile.tile<i16>'}}
    %0 = "cuda_tile.cmpi"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<i16>, !cuda_tile.tile<i16>) -> !cuda_tile.tile<i16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>, %b: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.cmpf' op failed to verify that all of {lhs, rhs} have same type}}
    %0 = "cuda_tile.cmpf"(%a, %b) {comparison_predicate = #cuda_tile.comparison_predicate<equal>, comparison_ordering = #cuda_tile.comparison_ordering<ordered>} : (!cuda_tile.tile<f16>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<i1>
  }
}

// -----

// Float ops take f16, bf16, f32 and f64 tiles.
cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %c = addf %a, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f8E5M2>) {
    // expected-error @+1 {{'cuda_tile.mulf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<f8E5M2>'}}
    %c = mulf %a, %a : tile<f8E5M2>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<tf32>) {
    // expected-error @+1 {{'cuda_tile.absf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<tf32>'}}
    %c = absf %a : tile<tf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i1>) {
    // expected-error @+1 {{'cuda_tile.negf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i1>'}}
    %c = negf %a : tile<i1>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.remf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values}}
    %c = remf %a, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f8E4M3FN>) {
    // expected-error @+1 {{'cuda_tile.fma' op operand #0 must be tile of f16 or bf16 or f32 or f64 values}}
    %c = fma %a, %a, %a : tile<f8E4M3FN>
  }
}

// -----

// flush_to_zero is for f32 only.
cuda_tile.module @m {
  entry @k(%x: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.addf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %y = addf %x, %x flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f64>) {
    // expected-error @+1 {{'cuda_tile.subf' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %y = subf %x, %x rounding<zero> flush_to_zero : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<bf16>) {
    // expected-error @+1 {{'cuda_tile.mulf' op flush_to_zero modifier only supported for f32 data type, but got: 'bf16'}}
    %y = mulf %x, %x flush_to_zero : tile<bf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<bf16>) {
    // expected-error @+1 {{'cuda_tile.fma' op flush_to_zero modifier only supported for f32 data type, but got: 'bf16'}}
    %y = fma %x, %x, %x flush_to_zero : tile<bf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<bf16>) {
    // expected-error @+1 {{'cuda_tile.maxf' op flush_to_zero modifier only supported for f32 data type, but got: 'bf16'}}
    %y = maxf %x, %x flush_to_zero : tile<bf16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.minf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %y = minf %x, %x propagate_nan flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{expected ':'}}
    %y = maxf %x, %x unsigned : tile<f32>
  }
}

// -----

// Rounding modes.
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{custom op 'cuda_tile.addf' expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %y = addf %x, %x rounding<approx> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{custom op 'cuda_tile.fma' expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'full'}}
    %y = fma %x, %x, %x rounding<full> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{custom op 'cuda_tile.subf' expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'invalid_mode'}}
    %y = subf %x, %x rounding<invalid_mode> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // divf, sqrt, exp and tanh parse any mode; their verifiers refuse it.
    // expected-error @+1 {{'cuda_tile.divf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx, full]}}
    %y = divf %x, %x rounding<nearest_int_to_zero> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{expected '>'}}
    %y = divf %x, %x rounding<approx, full> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.addf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf]}}
    %y = "cuda_tile.addf"(%x, %x) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.fma' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf]}}
    %y = "cuda_tile.fma"(%x, %x, %x) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.divf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx, full]}}
    %y = "cuda_tile.divf"(%x, %x) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>}> : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

// approx and full division are for f32 only.
cuda_tile.module @m {
  entry @k(%x: tile<f64>) {
    // expected-error @+1 {{'cuda_tile.divf' op approx modifier only supported for f32 data type, but got: 'f64'}}
    %y = divf %x, %x rounding<approx> : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.divf' op full modifier only supported for f32 data type, but got: 'f16'}}
    %y = divf %x, %x rounding<full> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<bf16>) {
    // expected-error @+1 {{'cuda_tile.divf' op flush_to_zero modifier only supported for f32 data type, but got: 'bf16'}}
    %y = divf %x, %x rounding<approx> flush_to_zero : tile<bf16>
  }
}

// -----

// Math functions.
cuda_tile.module @m {
  entry @k(%a: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.exp2' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i8>'}}
    %0 = exp2 %a : tile<i8>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f8E5M2>) {
    // expected-error @+1 {{'cuda_tile.tanh' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<f8E5M2>'}}
    %0 = tanh %a : tile<f8E5M2>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.atan2' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'}}
    %0 = atan2 %a, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>, %b: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.pow' op failed to verify that all of {result, source, exponent} have same type}}
    %0 = "cuda_tile.pow"(%a, %b) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f16>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.exp2' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = exp2 %a flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f64>) {
    // expected-error @+1 {{'cuda_tile.rsqrt' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %0 = rsqrt %a flush_to_zero : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.sqrt' op approx modifier only supported for f32 data type, but got: 'f16'}}
    %0 = sqrt %a rounding<approx> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.sqrt' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = sqrt %a rounding<approx> flush_to_zero : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f16>) {
    // An unknown mode: the allowed ones, without the name (after the `>`).
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx'}}
    %0 = sqrt %a rounding<pippo> : tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.sqrt' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx]}}
    %0 = sqrt %a rounding<full> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.sqrt' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx]}}
    %0 = "cuda_tile.sqrt"(%a) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.exp' op invalid rounding mode specified, expect one of [approx, full]}}
    %0 = exp %a rounding<zero> : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.tanh' op invalid rounding mode specified, expect one of [approx, full]}}
    %0 = "cuda_tile.tanh"(%a) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<f64>) {
    // expected-error @+1 {{'cuda_tile.exp' op approx modifier only supported for f32 data type, but got: 'f64'}}
    %0 = exp %a rounding<approx> : tile<f64>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%a: tile<bf16>) {
    // expected-error @+1 {{'cuda_tile.tanh' op approx modifier only supported for f32 data type, but got: 'bf16'}}
    %0 = tanh %a rounding<approx> : tile<bf16>
  }
}
