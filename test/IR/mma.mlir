// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Matrix multiply-accumulate: every operand / accumulator combination mmaf
// accepts, batched forms, fast_acc, mmai signedness and block-scaled mmaf.

cuda_tile.module @mma {
  // CHECK-LABEL: entry @mmaf_types()
  entry @mmaf_types() {
    %h_a = constant <f16: 1.0> : tile<16x32xf16>
    %h_b = constant <f16: 1.0> : tile<32x8xf16>
    %acc16 = constant <f16: 0.0> : tile<16x8xf16>
    %acc32 = constant <f32: 0.0> : tile<16x8xf32>
    %acc64 = constant <f64: 0.0> : tile<16x8xf64>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf16>, tile<32x8xf16>, tile<16x8xf16>
    %0 = mmaf %h_a, %h_b, %acc16 : tile<16x32xf16>, tile<32x8xf16>, tile<16x8xf16>
    // CHECK-NEXT: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf16>, tile<32x8xf16>, tile<16x8xf32>
    %1 = mmaf %h_a, %h_b, %acc32 : tile<16x32xf16>, tile<32x8xf16>, tile<16x8xf32>
    %bf_a = constant <bf16: 0.5> : tile<16x32xbf16>
    %bf_b = constant <bf16: 0.5> : tile<32x8xbf16>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xbf16>, tile<32x8xbf16>, tile<16x8xf32>
    %2 = mmaf %bf_a, %bf_b, %acc32 : tile<16x32xbf16>, tile<32x8xbf16>, tile<16x8xf32>
    %tf_a = constant <tf32: 2.0> : tile<16x32xtf32>
    %tf_b = constant <tf32: 2.0> : tile<32x8xtf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xtf32>, tile<32x8xtf32>, tile<16x8xf32>
    %3 = mmaf %tf_a, %tf_b, %acc32 : tile<16x32xtf32>, tile<32x8xtf32>, tile<16x8xf32>
    %f_a = constant <f32: 1.0> : tile<16x32xf32>
    %f_b = constant <f32: 1.0> : tile<32x8xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf32>, tile<32x8xf32>, tile<16x8xf32>
    %4 = mmaf %f_a, %f_b, %acc32 : tile<16x32xf32>, tile<32x8xf32>, tile<16x8xf32>
    %d_a = constant <f64: 1.0> : tile<16x32xf64>
    %d_b = constant <f64: 1.0> : tile<32x8xf64>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf64>, tile<32x8xf64>, tile<16x8xf64>
    %5 = mmaf %d_a, %d_b, %acc64 : tile<16x32xf64>, tile<32x8xf64>, tile<16x8xf64>
    %e4_a = constant <f8E4M3FN: 1.0> : tile<16x32xf8E4M3FN>
    %e4_b = constant <f8E4M3FN: 1.0> : tile<32x8xf8E4M3FN>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf16>
    %6 = mmaf %e4_a, %e4_b, %acc16 : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf16>
    // CHECK-NEXT: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
    %7 = mmaf %e4_a, %e4_b, %acc32 : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
    %e5_a = constant <f8E5M2: 1.0> : tile<16x32xf8E5M2>
    %e5_b = constant <f8E5M2: 1.0> : tile<32x8xf8E5M2>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf8E5M2>, tile<32x8xf8E5M2>, tile<16x8xf16>
    %8 = mmaf %e5_a, %e5_b, %acc16 : tile<16x32xf8E5M2>, tile<32x8xf8E5M2>, tile<16x8xf16>
    // CHECK-NEXT: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf8E5M2>, tile<32x8xf8E5M2>, tile<16x8xf32>
    %9 = mmaf %e5_a, %e5_b, %acc32 : tile<16x32xf8E5M2>, tile<32x8xf8E5M2>, tile<16x8xf32>
    // Batched over a leading dimension.
    %ba = constant <f16: 1.0> : tile<4x16x32xf16>
    %bb = constant <f16: 1.0> : tile<4x32x8xf16>
    %bc = constant <f32: 0.0> : tile<4x16x8xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<4x16x32xf16>, tile<4x32x8xf16>, tile<4x16x8xf32>
    %10 = mmaf %ba, %bb, %bc : tile<4x16x32xf16>, tile<4x32x8xf16>, tile<4x16x8xf32>
    // The result feeds the next accumulation.
    // CHECK: %[[R:.*]] = mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x32xf32>, tile<32x8xf32>, tile<16x8xf32>
    // CHECK-NEXT: mmaf %{{.*}}, %{{.*}}, %[[R]] : tile<16x32xf32>, tile<32x8xf32>, tile<16x8xf32>
    %11 = mmaf %f_a, %f_b, %acc32 : tile<16x32xf32>, tile<32x8xf32>, tile<16x8xf32>
    %12 = mmaf %f_a, %f_b, %11 : tile<16x32xf32>, tile<32x8xf32>, tile<16x8xf32>
    return
  }

  // CHECK-LABEL: entry @mmaf_fast_acc()
  entry @mmaf_fast_acc() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    // GENERIC: "cuda_tile.mmaf"(%{{.*}}, %{{.*}}, %{{.*}}) <{fast_acc}> : (!cuda_tile.tile<64x32xf8E4M3FN>, !cuda_tile.tile<32x64xf8E4M3FN>, !cuda_tile.tile<64x64xf32>) -> !cuda_tile.tile<64x64xf32>
    %r = mmaf %a, %b, %c fast_acc : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    return
  }

  // CHECK-LABEL: entry @mmai()
  entry @mmai() {
    %a = constant <i8: 1> : tile<32x16xi8>
    %b = constant <i8: -1> : tile<16x32xi8>
    %c = constant <i32: 0> : tile<32x32xi32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed signed : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    // GENERIC: "cuda_tile.mmai"(%{{.*}}, %{{.*}}, %{{.*}}) <{signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<signed>}>
    %0 = mmai %a, %b, %c signed signed : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    // CHECK-NEXT: mmai %{{.*}}, %{{.*}}, %{{.*}} signed unsigned : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    %1 = mmai %a, %b, %c signed unsigned : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    // CHECK-NEXT: mmai %{{.*}}, %{{.*}}, %{{.*}} unsigned signed : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    %2 = mmai %a, %b, %c unsigned signed : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    // CHECK-NEXT: mmai %{{.*}}, %{{.*}}, %{{.*}} unsigned unsigned : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    %3 = mmai %a, %b, %c unsigned unsigned : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    %ba = constant <i8: 2> : tile<2x8x16xi8>
    %bb = constant <i8: 3> : tile<2x16x8xi8>
    %bc = constant <i32: 4> : tile<2x8x8xi32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed signed : tile<2x8x16xi8>, tile<2x16x8xi8>, tile<2x8x8xi32>
    %4 = mmai %ba, %bb, %bc signed signed : tile<2x8x16xi8>, tile<2x16x8xi8>, tile<2x8x8xi32>
    return
  }

  // CHECK-LABEL: entry @mmaf_scaled()
  entry @mmaf_scaled() {
    %acc = constant <f32: 0.0> : tile<32x32xf32>
    %a8 = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %b8 = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %sa = constant <f8E8M0FNU: 1.0> : tile<32x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x32xf8E8M0FNU>
    // f8 operands, f8E8M0FNU scales every 32 values.
    // CHECK: mmaf_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    // GENERIC: "cuda_tile.mmaf_scaled"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!cuda_tile.tile<32x64xf8E4M3FN>, !cuda_tile.tile<64x32xf8E4M3FN>, !cuda_tile.tile<32x32xf32>, !cuda_tile.tile<32x2xf8E8M0FNU>, !cuda_tile.tile<2x32xf8E8M0FNU>) -> !cuda_tile.tile<32x32xf32>
    %r0 = mmaf_scaled %a8, %b8, %acc, %sa, %sb : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %a5 = constant <f8E5M2: 1.0> : tile<32x64xf8E5M2>
    %b5 = constant <f8E5M2: 1.0> : tile<64x32xf8E5M2>
    // CHECK: mmaf_scaled %{{.*}} : tile<32x64xf8E5M2>, tile<64x32xf8E5M2>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %r1 = mmaf_scaled %a5, %b5, %acc, %sa, %sb : tile<32x64xf8E5M2>, tile<64x32xf8E5M2>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %a4 = constant <f4E2M1FN: 1.0> : tile<32x64xf4E2M1FN>
    %b4 = constant <f4E2M1FN: 1.0> : tile<64x32xf4E2M1FN>
    // f4 operands: f8E8M0FNU scales every 32 or 16 values.
    // CHECK: mmaf_scaled %{{.*}} : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %r2 = mmaf_scaled %a4, %b4, %acc, %sa, %sb : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %sa16 = constant <f8E8M0FNU: 1.0> : tile<32x4xf8E8M0FNU>
    %sb16 = constant <f8E8M0FNU: 1.0> : tile<4x32xf8E8M0FNU>
    // CHECK: mmaf_scaled %{{.*}} : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x4xf8E8M0FNU>, tile<4x32xf8E8M0FNU>
    %r3 = mmaf_scaled %a4, %b4, %acc, %sa16, %sb16 : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x4xf8E8M0FNU>, tile<4x32xf8E8M0FNU>
    // f4 operands with f8E4M3FN scales every 16 values.
    %ta = constant <f8E4M3FN: 1.0> : tile<32x4xf8E4M3FN>
    %tb = constant <f8E4M3FN: 1.0> : tile<4x32xf8E4M3FN>
    // CHECK: mmaf_scaled %{{.*}} : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x4xf8E4M3FN>, tile<4x32xf8E4M3FN>
    %r4 = mmaf_scaled %a4, %b4, %acc, %ta, %tb : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x4xf8E4M3FN>, tile<4x32xf8E4M3FN>
    // Batched.
    %ba = constant <f8E4M3FN: 1.0> : tile<2x16x64xf8E4M3FN>
    %bb = constant <f8E4M3FN: 1.0> : tile<2x64x16xf8E4M3FN>
    %bc = constant <f32: 0.0> : tile<2x16x16xf32>
    %bsa = constant <f8E8M0FNU: 1.0> : tile<2x16x2xf8E8M0FNU>
    %bsb = constant <f8E8M0FNU: 1.0> : tile<2x2x16xf8E8M0FNU>
    // CHECK: mmaf_scaled %{{.*}} : tile<2x16x64xf8E4M3FN>, tile<2x64x16xf8E4M3FN>, tile<2x16x16xf32>, tile<2x16x2xf8E8M0FNU>, tile<2x2x16xf8E8M0FNU>
    %r5 = mmaf_scaled %ba, %bb, %bc, %bsa, %bsb : tile<2x16x64xf8E4M3FN>, tile<2x64x16xf8E4M3FN>, tile<2x16x16xf32>, tile<2x16x2xf8E8M0FNU>, tile<2x2x16xf8E8M0FNU>
    return
  }
}
