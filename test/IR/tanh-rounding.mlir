// tanh with a rounding mode other than full or approx: the reference reports
// it but its verifier does not fail, so the tools exit 0 and print the op.
// RUN: cuda-tile-opt %s -verify-diagnostics | FileCheck %s
// RUN: cuda-tile-opt %s 2>&1 | FileCheck %s --check-prefix=STDERR

// CHECK-LABEL: entry @k
// CHECK: tanh %{{.*}} rounding<nearest_even> : tile<f32>
// STDERR: error: 'cuda_tile.tanh' op invalid rounding mode specified, expect one of [approx, full]
// STDERR: entry @k
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.tanh' op invalid rounding mode specified, expect one of [approx, full]}}
    %0 = tanh %x rounding<nearest_even> : tile<f32>
    return
  }
}
