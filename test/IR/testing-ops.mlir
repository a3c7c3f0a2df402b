// RUN: cuda-tile-opt --testing-ops %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt --testing-ops %s -split-input-file -mlir-print-op-generic | cuda-tile-opt --testing-ops -split-input-file | FileCheck %s

// testing$func, the function of the reference's testing builds, takes and
// returns any types; one result prints without parentheses, as the
// reference prints it.
// CHECK-LABEL: testing$func @add(%arg0: tile<4xf32>, %arg1: tile<4xf32>) -> tile<4xf32> {
// CHECK-NEXT: %[[SUM:.*]] = addf %arg0, %arg1  : tile<4xf32>
// CHECK-NEXT: return %[[SUM]] : tile<4xf32>
cuda_tile.module @m {
  testing$func @add(%a: tile<4xf32>, %b: !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32> {
    %c = addf %a, %b rounding<nearest_even> : tile<4xf32>
    return %c : tile<4xf32>
  }
}

// -----

// CHECK-LABEL: testing$func @two(%arg0: tile<i32>) -> (tile<i32>, token) {
// CHECK: return %arg0, %{{.*}} : tile<i32>, token
cuda_tile.module @m {
  testing$func @two(%a: tile<i32>) -> (tile<i32>, token) {
    %t = make_token : token
    return %a, %t : tile<i32>, token
  }
}

// -----

// A return inside an if ends the function with its values.
// CHECK-LABEL: testing$func @early(%arg0: tile<i1>, %arg1: tile<i32>) -> tile<i32> {
// CHECK: if %arg0 {
// CHECK-NEXT: return %arg1 : tile<i32>
cuda_tile.module @m {
  testing$func @early(%c: tile<i1>, %a: tile<i32>) -> tile<i32> {
    if %c {
      return %a : tile<i32>
    }
    %z = constant <i32: 0> : tile<i32>
    return %z : tile<i32>
  }
}

// -----

// No results: the body may leave its return out.
// CHECK-LABEL: testing$func @empty() {
// CHECK-NEXT: return
cuda_tile.module @m {
  testing$func @empty() {
  }
}
