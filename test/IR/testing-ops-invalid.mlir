// RUN: cuda-tile-opt --testing-ops %s -split-input-file -verify-diagnostics
// RUN: not cuda-tile-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=UNREGISTERED

// Without --testing-ops (and in a build without CUDA_TILE_ENABLE_TESTING)
// the op is unknown, as in the reference's normal builds.
// UNREGISTERED: custom op 'testing$func' is unknown
cuda_tile.module @m {
  // expected-error @+1 {{'cuda_tile.return' op has 0 operands, but enclosing function (@count) returns 1}}
  testing$func @count() -> tile<i32> {
  }
}

// -----

cuda_tile.module @m {
  testing$func @types(%a: tile<i32>) -> tile<i64> {
    // expected-error @+1 {{type of return operand 0 ('!cuda_tile.tile<i32>') doesn't match function result type ('!cuda_tile.tile<i64>') in function @types}}
    return %a : tile<i32>
  }
}

// -----

// The type error of a `!cuda_tile.` argument type is the only one.
cuda_tile.module @m {
  // expected-error @+1 {{failed to verify 'pointeeType'}}
  testing$func @pointee(%a: !cuda_tile.tile<ptr<tile<2x2xf32>>>) {
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{symbol name must not be empty}}
  testing$func @""() {
  }
}
