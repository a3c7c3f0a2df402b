// Verifier and parser diagnostics of pointer loads and stores, allocations
// and tokens.
// RUN: cuda-tile-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op expect one of: weak, relaxed, or acquire, but got: release}}
    %v, %t = load_ptr_tko release device %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op expect one of: weak, relaxed, or acquire, but got: acq_rel}}
    %v, %t = load_ptr_tko acq_rel device %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op weak load must not have memory scope}}
    %v, %t = load_ptr_tko weak device %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op memory scope is required for relaxed load}}
    %v, %t = load_ptr_tko relaxed %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op memory scope is required for acquire load}}
    %v, %t = load_ptr_tko acquire %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'memory_ordering_semantics' [weak, relaxed, acquire, release, acq_rel]}}
    %v, %t = load_ptr_tko seq_cst device %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // An unknown scope is not taken for a scope at all.
    // expected-error @+1 {{expected SSA operand}}
    %v, %t = load_ptr_tko weak blah %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op failed to verify that `source` type is expected a pointer type of `result` type}}
    %v, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<16x!cuda_tile.ptr<f32>>
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op failed to verify that `source` type is expected a pointer type of `result` type}}
    %v, %t = load_ptr_tko weak %p : tile<16xptr<f32>> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<16x!cuda_tile.ptr<f32>>
    %m = "test.mask"() : () -> !cuda_tile.tile<8xi1>
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op failed to verify that shape of 'mask' must match the shape of 'source'}}
    %v, %t = load_ptr_tko weak %p, %m : tile<16xptr<f32>>, tile<8xi1> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<16x!cuda_tile.ptr<f32>>
    %m = "test.mask"() : () -> !cuda_tile.tile<16xi8>
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op operand #1 must be tile of i1 values, but got '!cuda_tile.tile<16xi8>'}}
    %v, %t = load_ptr_tko weak %p, %m : tile<16xptr<f32>>, tile<16xi8> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<16x!cuda_tile.ptr<f32>>
    %m = "test.mask"() : () -> !cuda_tile.tile<16xi1>
    %pad = constant <f16: 0.0> : tile<16xf16>
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op failed to verify that type of 'paddingValue' must match the type of 'result'}}
    %v, %t = load_ptr_tko weak %p, %m, %pad : tile<16xptr<f32>>, tile<16xi1>, tile<16xf16> -> tile<16xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op operand #0 must be tile of}}
    %v, %t = load_ptr_tko weak %x : tile<f32> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op result #1 must be cuda tile token type, but got 'i32'}}
    %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, i32
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op expect one of: weak, relaxed, or release, but got: acquire}}
    %t = store_ptr_tko acquire device %p, %v : tile<ptr<f32>>, tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op weak store must not have memory scope}}
    %t = store_ptr_tko weak tl_blk %p, %v : tile<ptr<f32>>, tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op memory scope is required for relaxed store}}
    %t = store_ptr_tko relaxed %p, %v : tile<ptr<f32>>, tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op memory scope is required for release store}}
    %t = store_ptr_tko release %p, %v : tile<ptr<f32>>, tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f16>) {
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op failed to verify that `destination` type is expected a pointer type of `value` type}}
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f16> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %p = "test.ptrs"() : () -> !cuda_tile.tile<16x32x!cuda_tile.ptr<f32>>
    %v = "test.vals"() : () -> !cuda_tile.tile<16x32xf32>
    %m = "test.mask"() : () -> !cuda_tile.tile<16x64xi1>
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op failed to verify that shape of 'destination' must match the shape of 'mask'}}
    %t = store_ptr_tko weak %p, %v, %m : tile<16x32xptr<f32>>, tile<16x32xf32>, tile<16x64xi1> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.store_ptr_tko' op result #0 must be cuda tile token type, but got '!cuda_tile.tile<i32>'}}
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.alloca' op 'alignment' must be power of two}}
    %a = alloca num_elem = 4, alignment = 24 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.alloca' op 'alignment' must be power of two}}
    %a = alloca num_elem = 4, alignment = 0 : tile<ptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.alloca' op 'alignment' (2) must be at least the natural size (4 bytes) for element type 'f32'}}
    %a = alloca num_elem = 64, alignment = 2 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.alloca' op 'alignment' (4) must be at least the natural size (8 bytes) for element type 'i64'}}
    %a = alloca num_elem = 64, alignment = 4 : tile<ptr<i64>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %a = alloca num_elem = -10, alignment = 16 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %a = alloca num_elem = 32, alignment = -16 : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.alloca' op result #0 must be 0D tile of}}
    %a = alloca num_elem = 32, alignment = 16 : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = make_token : token
    // expected-error @+1 {{'cuda_tile.join_tokens' op expect two or more tokens}}
    %b = join_tokens %a : token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.join_tokens' op expect two or more tokens}}
    %b = join_tokens : token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.make_token' op result #0 must be cuda tile token type, but got '!cuda_tile.tile<i32>'}}
    %a = make_token : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.print_tko' op incorrect number of operands: expected 2, found 1}}
    %t = print_tko "%f and %f\n", %x : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.print_tko' op incorrect number of operands: expected 1, found 0}}
    %t = print_tko "Expect one parameter %i" -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.print_tko' op found unterminated format expression}}
    %t = print_tko "hello, %", %x : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.print_tko' op found unterminated format expression}}
    %t = print_tko "width only %08", %x : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expected attribute value}}
    %t = print_tko : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%i: tile<i32>) {
    // expected-error @+1 {{expects different type than prior uses}}
    %t = print_tko "test: %i\n", %i token = %i : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.assert' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<i32>'}}
    assert %x, "not a flag" : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    // expected-error @+1 {{expected ','}}
    assert %c : tile<i1>
  }
}

// -----

// `padding=` names a padding value written without a mask; after a mask the
// reference's parser wants the `:`.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %m: tile<i1>, %pad: tile<f32>) {
    // expected-error @+1 {{expected ':'}}
    %v, %t = load_ptr_tko weak %p, %m, padding=%pad : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %m: tile<i1>, %pad: tile<f32>) {
    // expected-error @+1 {{expected ':'}}
    %v, %t = load_ptr_tko weak %p, %m, %pad, %pad : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %pad: tile<f32>) {
    // expected-error @+1 {{1 operand(s) after the pointers but 0 type(s) for them}}
    %v, %t = load_ptr_tko weak %p, padding=%pad : tile<ptr<f32>> -> tile<f32>, token
  }
}
