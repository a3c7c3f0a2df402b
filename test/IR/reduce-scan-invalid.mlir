// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and identity at index: 0 but got: 'f32' and 'i32'}}
    %r = reduce %x dim=0 identities=[0 : i32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{expect identities to match the number of operands but got: 1 operands and 2 identities}}
    %r = reduce %x dim=0 identities=[0.0 : f32, 1.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // A string is a typed attribute (of type none), compared as the reference does.
    // expected-error @+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and identity at index: 0 but got: 'f32' and 'none'}}
    %r = reduce %x dim=0 identities=["zero"] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8x4xf32>
    // expected-error @+2 {{'cuda_tile.reduce' op inferred type(s) '!cuda_tile.tile<4xf32>' are incompatible with return type(s) of operation '!cuda_tile.tile<8xf32>'}}
    // expected-error @+1 {{'cuda_tile.reduce' op failed to infer returned types}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8x4xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op dimension (1) is out of bound [0, 1)}}
    %r = reduce %x dim=1 identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{attribute 'dim' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
    %r = reduce %x dim=-1 identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    %y = constant <f32: 1.0> : tile<4xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op requires the same shape for all operands}}
    %r:2 = reduce %x, %y dim=0 identities=[0.0 : f32, 0.0 : f32] : tile<8xf32>, tile<4xf32> -> tile<f32>, tile<f32>
      (%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %d: tile<f32>) {
        yield %a, %c : tile<f32>, tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect 2 block arguments but got: 1}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect 0-rank tile type at index: 1 but got: '!cuda_tile.tile<8xf32>'}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<8xf32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect same element type for block argument at index: 0 and 1 but got: 'f32' and 'f16'}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f16>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and block argument at index: 0 but got: 'f32' and 'f16'}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f16>, %b: tile<f16>) {
        yield %a : tile<f16>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect number of terminators operands (0) to match number of operands (1)}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    %c = constant <f16: 1.0> : tile<f16>
    // expected-error @+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and terminator argument at index: 0 but got: 'f32' and 'f16'}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %c : tile<f16>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect terminator argument at index: 0 to be a 0-rank tile but got: '!cuda_tile.tile<8xf32>'}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %x : tile<8xf32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.reduce' op expected 1 or more operands, but found 0}}
    "cuda_tile.reduce"() <{dim = 0 : i32, identities = []}> ({
      "cuda_tile.yield"() : () -> ()
    }) : () -> ()
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.scan' op expect same type for operand at index: 0 and result at index: 0}}
    %r = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

// The inferred result types are checked after the op's verifier, before
// the region's: a wrong result type is reported rather than the wrong
// block arguments, but the result count and the dimension's bound first.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8x4xf32>
    // expected-error @+2 {{'cuda_tile.reduce' op inferred type(s) '!cuda_tile.tile<4xf32>' are incompatible with return type(s) of operation '!cuda_tile.tile<8xf32>'}}
    // expected-error @+1 {{'cuda_tile.reduce' op failed to infer returned types}}
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8x4xf32> -> tile<8xf32>
      (%a: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8x4xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect same type for operand at index: 0 and identity at index: 0 but got: 'f32' and 'i32'}}
    %r = reduce %x dim=0 identities=[0 : i32] : tile<8x4xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expect same number of operands and results}}
    %r:2 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>, tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op dimension (1) is out of bound [0, 1)}}
    %r = reduce %x dim=1 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

// Identities before the dimension's bound.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.scan' op expect same type for operand at index: 0 and identity at index: 0 but got: 'f32' and 'i32'}}
    %r = scan %x dim=3 reverse=false identities=[0 : i32] : tile<8xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    // expected-error @+1 {{'cuda_tile.reduce' op expects identity at index: 0 to be an integer or float attribute}}
    %r = reduce %x dim=0 identities=[[0.0 : f32]] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %a : tile<f32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'cuda_tile.scan' op expect same type for operand at index: 0 and identity at index: 0 but got: 'i32' and 'i64'}}
    %r = scan %x dim=0 reverse=true identities=[0] : tile<8xi32> -> tile<8xi32>
      (%a: tile<i32>, %b: tile<i32>) {
        yield %a : tile<i32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'cuda_tile.scan' op dimension (2) is out of bound [0, 1)}}
    %r = scan %x dim=2 reverse=true identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
      (%a: tile<i32>, %b: tile<i32>) {
        yield %a : tile<i32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{expected attribute value}}
    %r = scan %x dim=0 reverse=maybe identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
      (%a: tile<i32>, %b: tile<i32>) {
        yield %a : tile<i32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{custom op 'cuda_tile.scan' invalid kind of attribute specified}}
    %r = scan %x dim=0 reverse="yes" identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
      (%a: tile<i32>, %b: tile<i32>) {
        yield %a : tile<i32>
      }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 1> : tile<8xi32>
    // expected-error @+1 {{'cuda_tile.scan' op expect 2 block arguments but got: 4}}
    %r = scan %x dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
      (%a: tile<i32>, %b: tile<i32>, %c: tile<i32>, %d: tile<i32>) {
        yield %a : tile<i32>
      }
  }
}
