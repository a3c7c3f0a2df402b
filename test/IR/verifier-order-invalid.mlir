// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics

// Verifier checks in the reference's order and words, where an input could
// trip more than one or where the reference words a case its own way.

cuda_tile.module @m {
  entry @return_value(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.return' op has 1 operands, but enclosing function (@return_value) returns 0}}
    return %x : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @return_in_if_in_loop(%n: tile<i32>, %c: tile<i1>) {
    for %i in (%n to %n, step %n) : tile<i32> {
      if %c {
        // expected-error @+1 {{'cuda_tile.return' op must be used within a cuda_tile.testing$func, cuda_tile.entry, or cuda_tile.if operation}}
        return
      }
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @impure_combiner(%x: tile<i32>) {
    %t = reshape %x : tile<i32> -> tile<1xi32>
    %r = reduce %t dim=0 identities=[0 : i32] : tile<1xi32> -> tile<i32>
      (%a: tile<i32>, %b: tile<i32>) {
        // expected-error @+1 {{'cuda_tile.divi' op only pure operations are allowed inside 'cuda_tile.reduce'}}
        %q = divi %a, %b signed : tile<i32>
        yield %q : tile<i32>
      }
    return
  }
}

// -----

cuda_tile.module @m {
  // Integer ops with overflow flags and remi are pure there.
  entry @pure_combiner(%x: tile<i32>) {
    %t = reshape %x : tile<i32> -> tile<1xi32>
    // expected-error @+1 {{'cuda_tile.reduce' op expected TileType for operand and terminator types but got: '!cuda_tile.tile<1xi32>' and '!cuda_tile.token'}}
    %r = reduce %t dim=0 identities=[0 : i32] : tile<1xi32> -> tile<i32>
      (%a: tile<i32>, %b: tile<i32>) {
        %s = addi %a, %b overflow<no_signed_wrap> : tile<i32>
        %m = remi %s, %b signed : tile<i32>
        %k = make_token : token
        yield %k : token
      }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @empty_combiner(%x: tile<f32>) {
    %t = reshape %x : tile<f32> -> tile<1xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expects a non-empty block}}
    %r = "cuda_tile.reduce"(%t) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
    }) : (!cuda_tile.tile<1xf32>) -> !cuda_tile.tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @two_block_for(%n: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.for' op expects region #0 to have 0 or 1 blocks}}
    "cuda_tile.for"(%n, %n, %n) ({
    ^bb0(%i: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
    ^bb1:
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
    return
  }
}

// -----

cuda_tile.module @m {
  entry @format_b(%x: tile<i32>) {
    // A conversion ends at one of printf's conversion characters.
    // expected-error @+1 {{'cuda_tile.print_tko' op found unterminated format expression}}
    %t = print_tko "bits %b\n", %x : tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @format_percent_run(%x: tile<i32>) {
    // `%-%` is one conversion, `%d` another.
    // expected-error @+1 {{'cuda_tile.print_tko' op incorrect number of operands: expected 2, found 1}}
    %t = print_tko "%-%d", %x : tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{invalid padding_value attribute specification. Got "one" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf}}
  entry @padding(%v: partition_view<tile=(16), padding_value = one, tensor_view<16xf32, strides=[1]>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{expected 'tensor_view' type, but got '!cuda_tile.tile<16xf32>'}}
  entry @not_a_tensor_view(%v: partition_view<tile=(16), tile<16xf32>>) {
    return
  }
}

// -----

cuda_tile.module @m {
  entry @dynamic_types(%p: tile<ptr<f32>>, %n: tile<i32>, %l: tile<i64>) {
    // expected-error @+1 {{'cuda_tile.make_tensor_view' op expected dynamic shape index 1 to be of the same type as the other dynamic values ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'}}
    %t = "cuda_tile.make_tensor_view"(%p, %n, %l) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<?x?xf32, strides=[16,1]>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @unknown_predicate(%x: tile<i32>) {
    // expected-error @+1 {{unknown assume predicate attribute: foo (expected 'div_by', 'same_elements', or 'bounded')}}
    %y = assume foo<1>, %x : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @too_large() {
    // expected-error @+2 {{integer value too large}}
    // expected-error @+1 {{expected integer value}}
    %c = constant <i64: 9223372036854775808> : tile<i64>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @itof_scale_first(%x: tile<i32>) {
    // The f8E8M0FNU result is refused before the rounding mode.
    // expected-error @+1 {{'cuda_tile.itof' op integer to f8E8M0FNU conversion is not supported, please first convert to another float type}}
    %y = itof %x signed rounding<zero> : tile<i32> -> tile<f8E8M0FNU>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @pack_widths_first() {
    %a = constant <i8: 1> : tile<4xi8>
    // expected-error @+1 {{'cuda_tile.pack' op expects source and result to have different element type widths}}
    %b = pack %a : tile<4xi8> -> tile<8xi8>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @extract_order() {
    %a = constant <f32: 0.0> : tile<4x8xf32>
    %c0 = constant <i32: 0> : tile<i32>
    // Divisibility comes before the index count.
    // expected-error @+1 {{'cuda_tile.extract' op source dimension 0 size (4) must be evenly divisible by result dimension 0 size (8)}}
    %e = extract %a[%c0] : tile<4x8xf32> -> tile<8x8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @extract_constant_indices() {
    %a = constant <f32: 0.0> : tile<8xf32>
    %c5 = constant <i32: 5> : tile<i32>
    %m1 = constant <i32: -1> : tile<i32>
    // expected-warning @+1 {{extract index 0 value 5 may be out of bounds (max valid index: 1)}}
    %e = extract %a[%c5] : tile<8xf32> -> tile<4xf32>
    // expected-warning @+1 {{extract index 0 has negative value -1, which may cause undefined behavior}}
    %f = extract %a[%m1] : tile<8xf32> -> tile<4xf32>
    // expected-error @+1 {{'cuda_tile.extract' op expected 1 indices, but got 2}}
    %g = extract %a[%c5, %c5] : tile<8xf32> -> tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @view_index_types(%v: partition_view<tile=(16x16), tensor_view<64x64xf32, strides=[64,1]>>, %i: tile<i32>) {
    // expected-error @+1 {{expected 2 index types, got 3}}
    %x, %tk = load_view_tko weak %v[%i, %i] : partition_view<tile=(16x16), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32>, tile<i32>, tile<i32> -> tile<16x16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @tf32_alloca_align1() {
    // expected-error @+1 {{'cuda_tile.alloca' op 'alignment' (1) must be at least the natural size (2 bytes) for element type 'tf32'}}
    %a = alloca num_elem = 4, alignment = 1 : tile<ptr<tf32>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @assume_in_combiner(%x: tile<i32>) {
    %t = reshape %x : tile<i32> -> tile<1xi32>
    %r = reduce %t dim=0 identities=[0 : i32] : tile<1xi32> -> tile<i32>
      (%a: tile<i32>, %b: tile<i32>) {
        // expected-error @+1 {{'cuda_tile.assume' op only pure operations are allowed inside 'cuda_tile.reduce'}}
        %s = assume bounded<0, ?>, %a : tile<i32>
        yield %s : tile<i32>
      }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @gather_scalar_types(%v: gather_scatter_view<tile=(8x1x1), tensor_view<64x4x4xf32, strides=[16,4,1]>, sparse_dim=0>, %i: tile<i32>, %l: tile<i64>) {
    %r = iota : tile<8xi32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op expected scalar index 2 to have the same type as other scalar indices ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'}}
    %x, %tk = load_view_tko weak %v[%r, %i, %l] : gather_scatter_view<tile=(8x1x1), tensor_view<64x4x4xf32, strides=[16,4,1]>, sparse_dim=0>, tile<8xi32>, tile<i32>, tile<i64> -> tile<8x1x1xf32>, token
    return
  }
}

// -----

// A module's region arguments are reported before its blocks.
// expected-error @+1 {{'cuda_tile.module' op region should have no arguments}}
"cuda_tile.module"() <{sym_name = "m"}> ({
^bb0(%a: i32):
  "cuda_tile.global"() <{sym_name = "g", value = dense<0> : tensor<1xi32>}> : () -> ()
^bb1:
  "cuda_tile.global"() <{sym_name = "h", value = dense<0> : tensor<1xi32>}> : () -> ()
}) : () -> ()

// -----

// A constant's result element type is checked before the value's type.
cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.constant' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<2xi4>'}}
    %a = "cuda_tile.constant"() <{value = dense<1> : !cuda_tile.tile<2xi8>}> : () -> !cuda_tile.tile<2xi4>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.constant' op failed to verify that all of {value, result} have same type}}
    %a = "cuda_tile.constant"() <{value = dense<1> : !cuda_tile.tile<2xi32>}> : () -> !cuda_tile.tile<2xi64>
    return
  }
}

// -----

// A module with an empty region passes the region's constraint (at most
// one block) and its verifier, then fails the symbol table's check.
// expected-error @+1 {{'cuda_tile.module' op Operations with a 'SymbolTable' must have exactly one block}}
"cuda_tile.module"() <{sym_name = "m"}> ({
}) : () -> ()
