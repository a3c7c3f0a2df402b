// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  // expected-error @+1 {{entry op must have scalar types (rank 0 !cuda_tile.tile)}}
  entry @k(%x: tile<4xf32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{entry op must not return values}}
  entry @k() -> (tile<f32>) {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{see existing symbol definition here}}
  entry @same() {
    return
  }
  // expected-error @+1 {{redefinition of symbol named 'same'}}
  entry @same() {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{type must have rank 1}}
  global @g <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'missing' does not reference a valid global}}
    %p = get_global @missing : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  global @g <f16: [1.0, 2.0]> : tile<2xf16>
  entry @k() {
    // expected-error @+1 {{pointee type of result type '!cuda_tile.ptr<f32>' does not match type 'f16' of the global @g}}
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{mismatch between the element type: 'i32' and the tile element type 'i64'}}
    %a = constant <i32: 1> : tile<i64>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{inferred shape of elements literal ([4]) does not match type ([2, 2])}}
    %a = constant <i32: [1, 2, 3, 4]> : tile<2x2xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{integer constant out of range for type}}
    %a = constant <i8: 300> : tile<i8>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expect element type to be one of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got 'i4'}}
    %a = constant <i4: 1> : tile<2xi4>
    return
  }
}

// -----

// An element type that is no type at all: its own error, then the literal's.
cuda_tile.module @m {
  entry @k() {
    // expected-error @+2 {{custom op 'cuda_tile.constant' unknown type: float32}}
    // expected-error @+1 {{values, but got '<<NULL TYPE>>'}}
    %a = constant <float32: 1.0> : tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{ranks are not consistent}}
    %a = constant <i32: [[1, 2], 3]> : tile<2x2xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.div_by' divisor must be a power of 2}}
    %a = assume div_by<12>, %x : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values}}
    %a = assume div_by<4>, %x : tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a 0D tile}}
    %a = assume div_by<4, every 2 along 0>, %x : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: tensor_view<32xi8, strides=[1]>) {
    // expected-error @+1 {{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a tensor_view}}
    %a = assume div_by<4, every 2 along 0>, %v : tensor_view<32xi8, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<4x4xi32>
    // expected-error @+1 {{'cuda_tile.div_by' every_dim (2) must be >= 0 and < tile rank (2)}}
    %a = assume div_by<4, every 2 along 2>, %c : tile<4x4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<4x4xi32>
    // expected-error @+1 {{expected number of values in 'cuda_tile.same_elements' (1) to match rank of constrained tile (2)}}
    %a = assume same_elements<[4]>, %c : tile<4x4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.bounded' expects upper bound to be within [-128, 127]}}
    %a = assume bounded<0, 200>, %x : tile<i8>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i8>) {
    // expected-error @+1 {{'cuda_tile.bounded' expects lower bound to be within [-128, 127]}}
    %a = assume bounded<-200, 0>, %x : tile<i8>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound}}
    %a = assume bounded<10, 5>, %x : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.bounded' is valid only for tile of integer values}}
    %a = assume bounded<0, 1>, %x : tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error @+1 {{expected assume predicate attribute}}
    %a = assume 4 : i32, %x : tile<i32>
    return
  }
}

// -----

// Booleans are literals of i1 tiles only.
cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expected integer value}}
    %c = constant <i16: [1, false]> : tile<2xi16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{custom op 'cuda_tile.constant' result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got 'vector<4xi32>'}}
    %c = constant <i32: 7> : vector<4xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i64: 0> : tile<8xi64>
    // expected-error @+1 {{'cuda_tile.div_by' divisor is too large}}
    %a = assume div_by<9223372036854775808>, %c : tile<8xi64>
    return
  }
}

// -----

// The divisor is checked before the constrained value.
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 0.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.div_by' divisor must be a power of 2}}
    %a = assume div_by<12>, %c : tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<4x8xi32>
    // expected-error @+1 {{expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective dimension (8)}}
    %a = assume div_by<2, every 16 along 1>, %c : tile<4x8xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<4x8xi32>
    // expected-error @+1 {{expected 'cuda_tile.same_elements' value 1 to be within 0 and the size of the respective dimension (8)}}
    %a = assume same_elements<[2, 9]>, %c : tile<4x8xi32>
    return
  }
}

// -----

// A literal is typed by its tile (as the reference holds it), not a tensor.
cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.constant' op failed to verify that all of {value, result} have same type}}
    %0 = "cuda_tile.constant"() <{value = dense<1> : tensor<i32>}> : () -> !cuda_tile.tile<i32>
    return
  }
}

// -----

// A global is public or private.
cuda_tile.module @m {
  // expected-error @+1 {{expected valid '@'-identifier for symbol name}}
  global nested @g <i32: [1, 2]> : tile<2xi32>
}
