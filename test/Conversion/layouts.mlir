// RUN: %cuda-tile-opt %s -cudatile-assign-layouts | FileCheck %s
// RUN: %cuda-tile-opt %s -cudatile-assign-layouts="num-warps=8" | FileCheck %s --check-prefix=WARPS8
// RUN: %cuda-tile-opt %s -cudatile-assign-layouts="gpu-name=sm_120" | FileCheck %s

// The layout analysis: rank-0 tiles are uniform, larger tiles are spread
// over the threads of the CTA (replicated when smaller than the CTA).

// CHECK-LABEL: entry @small
// CHECK: constant <f32: 1.000000e+00> : tile<f32> {cuda_tile_codegen.layout = "uniform"}
// CHECK: constant {{.*}} : tile<64xf32> {cuda_tile_codegen.layout = "distributed<elements=64, threads=128, slots=1, replicated>"}
// CHECK: constant {{.*}} : tile<16x32xf32> {cuda_tile_codegen.layout = "distributed<elements=512, threads=128, slots=4, runs=4>"}
// CHECK: cuda_tile_codegen.threads = 128 : i64
// WARPS8: tile<16x32xf32> {cuda_tile_codegen.layout = "distributed<elements=512, threads=256, slots=2, runs=2>"}
// WARPS8: cuda_tile_codegen.threads = 256 : i64
cuda_tile.module @layouts {
  entry @small() {
    %s = constant <f32: 1.0> : tile<f32>
    %v = constant <f32: 2.0> : tile<64xf32>
    %m = constant <f32: 3.0> : tile<16x32xf32>
    return
  }
  // Large tiles get more warps: 128x128 elements over 512 threads.
  // CHECK-LABEL: entry @large
  // CHECK: tile<128x128xf32> {cuda_tile_codegen.layout = "distributed<elements=16384, threads=512, slots=32, runs=4>"}
  // CHECK: cuda_tile_codegen.threads = 512 : i64
  entry @large() {
    %m = constant <f32: 3.0> : tile<128x128xf32>
    return
  }
  // The num_worker_warps_per_cta hint of the target is honoured.
  // CHECK-LABEL: entry @hinted
  // CHECK: cuda_tile_codegen.threads = 64 : i64
  entry @hinted() optimization_hints=<sm_80 = {num_worker_warps_per_cta = 2}, sm_120 = {num_worker_warps_per_cta = 2}> {
    %m = constant <f32: 3.0> : tile<16x32xf32>
    return
  }
}
