// Diagnostics whose columns or notes must be the reference's, which
// -verify-diagnostics does not check. Parse errors: a size list at its `[`, a
// size at itself, a missing operand list where it would start.
// RUN: not cuda-tile-opt %s -split-input-file 2>&1 | FileCheck %s

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:52: error: custom op 'cuda_tile.make_tensor_view' expected shape declaration to contain 2 elements due to tensor_view type, but 0 were provided
    %t = cuda_tile.make_tensor_view %base, shape = [], strides = [32, 1] : tensor_view<32x32xf32, strides=[32, 1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:72: error: custom op 'cuda_tile.make_tensor_view' expected stride declaration to contain 2 elements due to tensor_view type, but 0 were provided
    %t = cuda_tile.make_tensor_view %base, shape = [32, 32], strides = [] : tensor_view<32x32xf32, strides=[32, 1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %n: tile<i64>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:60: error: custom op 'cuda_tile.make_tensor_view' input shape dimension 2 does not match tensor_view type (expected 32, got dynamic)
    %t = cuda_tile.make_tensor_view %base, shape = [2, %n, %n], strides = [64, 32, 1] : tile<i64> -> tensor_view<2x?x32xf32, strides=[64, 32, 1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:73: error: custom op 'cuda_tile.make_tensor_view' input stride dimension 0 does not match tensor_view type (expected 32, got 64)
    %t = cuda_tile.make_tensor_view %base, shape = [32, 32], strides = [64, 1] : tensor_view<32x32xf32, strides=[32, 1]>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:27: error: custom op 'cuda_tile.reduce' number of operands and types do not match: got 0 operands and 1 types
    %0 = cuda_tile.reduce dim=0 identities=[0.000000e+0 : f32] : !cuda_tile.tile<8xf32> -> !cuda_tile.tile<f32>
    (%a : !cuda_tile.tile<f32>, %b : !cuda_tile.tile<f32>) {
      cuda_tile.yield %a : !cuda_tile.tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:25: error: custom op 'cuda_tile.scan' number of operands and types do not match: got 0 operands and 1 types
    %0 = cuda_tile.scan dim=0 reverse=false identities=[0.000000e+0 : f32] : !cuda_tile.tile<8xf32> -> !cuda_tile.tile<8xf32>
    (%a : !cuda_tile.tile<f32>, %b : !cuda_tile.tile<f32>) {
      cuda_tile.yield %a : !cuda_tile.tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %m: tile<i1>, %pad: tile<f32>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:39: error: expected ':'
    %v, %t = load_ptr_tko weak %p, %m, padding=%pad : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %m: tile<i1>, %pad: tile<f32>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:44: error: expected ':'
    %v, %t = load_ptr_tko weak %p, %m, %pad, %pad : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
  }
}

// -----

// Only the first result's type is written; the others are tile<i32>, as the
// generic form of the failing op shows.
cuda_tile.module @m {
  entry @k() {
    // CHECK: reference-diagnostics.mlir:[[@LINE+2]]:5: error: 'cuda_tile.get_tile_block_id' op result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<1xi32>'
    // CHECK: note: see current operation: %0:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<1xi32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    get_tile_block_id : tile<1xi32>
  }
}

// -----

// A string where the literal goes that is not a hex blob of the type: the
// reference's literal errors, at the string (floats without the op's name).
cuda_tile.module @m {
  entry @k() {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:25: error: custom op 'cuda_tile.constant' expected integer value
    %0 = constant <i32: "abc"> : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:25: error: expected floating point literal
    %0 = constant <f32: "0x00"> : tile<f32>
  }
}

// -----

// With dynamic sizes one index type and `->` come before the view type.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %n: tile<i32>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:79: error: expected '->'
    %t = make_tensor_view %base, shape = [%n, 4], strides = [4, 1] : tile<i32>, tile<i32> -> tensor_view<?x4xf32, strides=[4,1]>
  }
}

// -----

// load_ptr_tko's ordering is read as ODS reads an enum (a keyword or a
// string), its optional scope as only the scope keywords.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:27: error: custom op 'cuda_tile.load_ptr_tko' invalid memory_ordering_semantics attribute specification: "bogus"
    %v, %t = load_ptr_tko "bogus" %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:31: error: expected SSA operand
    %v, %t = load_ptr_tko weak bogus %p : tile<ptr<f32>> -> tile<f32>, token
  }
}

// -----

// A view load's ordering that is no keyword at all.
cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, %i: tile<i32>) {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:28: error: custom op 'cuda_tile.load_view_tko' expected valid keyword
    %x, %t = load_view_tko "weak" %v[%i] : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // CHECK: reference-diagnostics.mlir:[[@LINE+1]]:25: error: expected floating point literal
    %0 = constant <f16: "a"x3C00> : tile<f16>
  }
}
