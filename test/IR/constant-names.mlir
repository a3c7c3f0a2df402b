// RUN: %cuda-tile-opt -no-implicit-module %s | FileCheck %s

// Constants are named as the reference names them: cst_<value>_<type> for
// values that are exactly an unsigned 64-bit integer, cst_NaN_<type> for NaN,
// true/false for uniform i1 tiles, cst_<type> otherwise.

// CHECK-LABEL: entry @names
cuda_tile.module @m {
  entry @names() {
    // CHECK: %cst_NaN_f32 = constant <f32: 0x7FC00000> : tile<4xf32>
    %nan = constant <f32: 0x7FC00000> : tile<4xf32>
    // CHECK: %cst_NaN_f16 = constant
    %hnan = constant <f16: 0x7E00> : tile<f16>
    // CHECK: %cst_10000000000000000000_f64 = constant
    %big = constant <f64: 1.0e19> : tile<f64>
    // CHECK: %cst_f32 = constant <f32: -0.000000e+00> : tile<f32>
    %nz = constant <f32: -0.0> : tile<f32>
    // CHECK: %cst_f32_0 = constant <f32: 0x7F800000> : tile<f32>
    %inf = constant <f32: 0x7F800000> : tile<f32>
    // CHECK: %cst_f32_1 = constant <f32: 2.500000e+00> : tile<f32>
    %frac = constant <f32: 2.5> : tile<f32>
    // CHECK: %cst_-1_i32 = constant <i32: -1> : tile<i32>
    %m1 = constant <i32: -1> : tile<i32>
    // CHECK: %cst_i1 = constant <i1: [true, false]> : tile<2xi1>
    %mixed = constant <i1: [true, false]> : tile<2xi1>
    return
  }
}
