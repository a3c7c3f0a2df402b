// RUN: not %cuda-tile-opt %s -split-input-file 2>&1 | FileCheck %s

// A nested literal is checked where and as the reference checks it, so a
// literal it refuses fails at the same place: a list's shape is its count
// and the shape of its first element list, two element lists of one list
// must have the same shape (checked after the second), and the elements of
// an element list must have the same shape (checked after each).

// A list after scalars, in an element list: after that list.
// CHECK: dense-literal-nesting.mlir:[[# @LINE + 3]]:51: error: custom op 'cuda_tile.constant' tensor literal is invalid; ranks are not consistent between elements
cuda_tile.module @m {
  entry @e() {
    %w = constant <i32: [[1, 2, 3, 4, [5, 6, 7, 8]]> : tile<2x4xi32>
    return
  }
}

// -----

// The second element list of the outer list, of another shape: after it.
// CHECK: dense-literal-nesting.mlir:[[# @LINE + 3]]:60: error: custom op 'cuda_tile.constant' tensor literal is invalid; ranks are not consistent between elements
cuda_tile.module @m {
  entry @e() {
    %w = constant <i32: [[[1, 2], [3, 4]], [[5, 6, [7, 8]]]> : tile<2x2x2xi32>
    return
  }
}

// -----

// A scalar beside a list passes those checks; the shape they infer, [2, 2]
// (the count, then the first element list's), is compared with the type.
// CHECK: dense-literal-nesting.mlir:[[# @LINE + 3]]:40: error: custom op 'cuda_tile.constant' inferred shape of elements literal ([2, 2]) does not match type ([2, 2, 2])
cuda_tile.module @m {
  entry @e() {
    %w = constant <i32: [[1, 2], 3]> : tile<2x2x2xi32>
    return
  }
}

// -----

// Where that shape is the type's, the reference reads such a literal as
// garbage; it is refused here, at the scalar.
// CHECK: dense-literal-nesting.mlir:[[# @LINE + 3]]:34: error: custom op 'cuda_tile.constant' tensor literal is invalid; ranks are not consistent between elements
cuda_tile.module @m {
  entry @e() {
    %w = constant <i32: [[1, 2], 3]> : tile<2x2xi32>
    return
  }
}

// -----

// An empty list is no literal: an element is expected.
// CHECK: dense-literal-nesting.mlir:[[# @LINE + 2]]:26: error: expected floating point literal
cuda_tile.module @m {
  global @g <f32: [1.0, []]> : tile<2xf32>
}
