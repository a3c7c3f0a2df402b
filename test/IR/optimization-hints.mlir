// RUN: cuda-tile-opt %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file | cuda-tile-opt -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | cuda-tile-opt -split-input-file | FileCheck %s
// Without -Wunsupported-hints, unknown architectures and keys are accepted.
// RUN: cuda-tile-opt %s -split-input-file -Wunsupported-hints 2>&1 | FileCheck %s --check-prefix=WARN

cuda_tile.module @hints {
  // CHECK-LABEL: entry @tuned
  // CHECK-SAME: optimization_hints=<default = {num_worker_warps_per_cta = 4}, sm_100 = {num_cta_in_cga = 16, occupancy = 4}, sm_90 = {num_cta_in_cga = 2}> {
  entry @tuned() optimization_hints=<sm_90 = {num_cta_in_cga = 2}, sm_100 = {occupancy = 4, num_cta_in_cga = 16}, default = {num_worker_warps_per_cta = 4}> {
    return
  }
  // Scalar values print without their type, as the reference prints them
  // (dense values and names that are no identifiers: see
  // optimization-hints-unreadable.mlir).
  // CHECK-LABEL: entry @kinds
  // CHECK-SAME: optimization_hints=<sm_100 = {a = 42, b = -9000000000, c = 2.500000e+00, d = -1.250000e-01, e = false, f = "s", g = !cuda_tile.tile<4xf32>, h = [1 : i16, "x"], i = {inner = 3 : i8}}, sm_999 = {}>
  entry @kinds() optimization_hints=<sm_100 = {a = 42 : i32, b = -9000000000 : i64, c = 2.5 : f32, d = -0.125 : f64, e = false, f = "s", g = !cuda_tile.tile<4xf32>, h = [1 : i16, "x"], i = {inner = 3 : i8}}, sm_999 = {}> {
    return
  }
  // An empty dictionary prints like no hints at all.
  // CHECK-LABEL: entry @none() {
  entry @none() optimization_hints=<> {
    return
  }
}
// WARN: warning: a is not known hint for current Operation
// WARN: warning: unknown hint key sm_999
