// Matrix multiply-accumulate: mmaf (f32, f16 inputs, batched, f64), mmai
// (signedness per operand, i32 wrap-around) and mmaf_scaled (block scales).
// RUN: cuda-tile-run %s --entry mma --grid 1 | FileCheck %s

cuda_tile.module @mma {
  entry @mma() {
    %a = constant <f32: [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tile<2x4xf32>
    %b = constant <f32: [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]]> : tile<4x2xf32>
    %acc = constant <f32: 0.5> : tile<2x2xf32>
    %r = mmaf %a, %b, %acc : tile<2x4xf32>, tile<4x2xf32>, tile<2x2xf32>
    // CHECK: f32={{\[\[}}12.5, 1.5], [28.5, 5.5]]
    %t0 = print_tko "f32=%g\n", %r : tile<2x2xf32> -> token
    %ah = ftof %a : tile<2x4xf32> -> tile<2x4xf16>
    %bh = ftof %b : tile<4x2xf32> -> tile<4x2xf16>
    %acch = constant <f16: 0.5> : tile<2x2xf16>
    %rh = mmaf %ah, %bh, %acc : tile<2x4xf16>, tile<4x2xf16>, tile<2x2xf32>
    %rhh = mmaf %ah, %bh, %acch : tile<2x4xf16>, tile<4x2xf16>, tile<2x2xf16>
    // CHECK: f16->f32={{\[\[}}12.5, 1.5], [28.5, 5.5]] f16->f16={{\[\[}}12.5, 1.5], [28.5, 5.5]]
    %t1 = print_tko "f16->f32=%g f16->f16=%g\n", %rh, %rhh : tile<2x2xf32>, tile<2x2xf16> -> token
    // Products are exact and summed before one rounding to f32:
    // 1 + 2^-30 - 1 is 2^-30, not 0.
    %p = constant <f32: [[1.0, 9.31322574615478515625e-10, -1.0, 0.0]]> : tile<1x4xf32>
    %q = constant <f32: [[1.0], [1.0], [1.0], [1.0]]> : tile<4x1xf32>
    %z = constant <f32: 0.0> : tile<1x1xf32>
    %pq = mmaf %p, %q, %z : tile<1x4xf32>, tile<4x1xf32>, tile<1x1xf32>
    // CHECK: exact={{\[\[}}9.31322575e-10]]
    %t2 = print_tko "exact=%.9g\n", %pq : tile<1x1xf32> -> token
    %ba = reshape %a : tile<2x4xf32> -> tile<2x1x4xf32>
    %bb = constant <f32: 1.0> : tile<2x4x1xf32>
    %bacc = constant <f32: 0.0> : tile<2x1x1xf32>
    %batched = mmaf %ba, %bb, %bacc : tile<2x1x4xf32>, tile<2x4x1xf32>, tile<2x1x1xf32>
    // CHECK: batched={{\[\[}}[10]], {{\[\[}}26]]]
    %t3 = print_tko "batched=%g\n", %batched : tile<2x1x1xf32> -> token
    %ad = ftof %a : tile<2x4xf32> -> tile<2x4xf64>
    %bd = ftof %b : tile<4x2xf32> -> tile<4x2xf64>
    %accd = constant <f64: 0.25> : tile<2x2xf64>
    %rd = mmaf %ad, %bd, %accd : tile<2x4xf64>, tile<4x2xf64>, tile<2x2xf64>
    // CHECK: f64={{\[\[}}12.25, 1.25], [28.25, 5.25]]
    %t4 = print_tko "f64=%g\n", %rd : tile<2x2xf64> -> token

    %ia = constant <i8: [[-1, 2], [127, -128]]> : tile<2x2xi8>
    %ib = constant <i8: [[3, 1], [4, -1]]> : tile<2x2xi8>
    %iacc = constant <i32: [[0, 0], [2147483647, 0]]> : tile<2x2xi32>
    %ss = mmai %ia, %ib, %iacc signed signed : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
    %us = mmai %ia, %ib, %iacc unsigned signed : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
    %uu = mmai %ia, %ib, %iacc unsigned unsigned : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
    // signed: [-1*3+2*4, -1*1+2*-1] = [5, -3]; [127*3-128*4 + INT_MAX (wraps), 127+128].
    // CHECK: mmai ss={{\[\[}}5, -3], [2147483516, 255]]
    // unsigned lhs (255, 2; 127, 128): [773, 253]; [893 + INT_MAX wraps, -1].
    // CHECK: mmai us={{\[\[}}773, 253], [-2147482756, -1]] uu={{\[\[}}773, 765], [-2147482756, 32767]]
    %t5 = print_tko "mmai ss=%d\nmmai us=%d uu=%d\n", %ss, %us, %uu : tile<2x2xi32>, tile<2x2xi32>, tile<2x2xi32> -> token

    // Block-scaled: 32 products of 1.5 * 1.0, scaled by 2 (lhs) and 0.25
    // (rhs) per block of 32 along K.
    %sa = constant <f8E4M3FN: 1.5> : tile<1x32xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<32x1xf8E4M3FN>
    %sacc = constant <f32: 1.0> : tile<1x1xf32>
    %scale_a = constant <f8E8M0FNU: 2.0> : tile<1x1xf8E8M0FNU>
    %scale_b = constant <f8E8M0FNU: 0.25> : tile<1x1xf8E8M0FNU>
    %scaled = mmaf_scaled %sa, %sb, %sacc, %scale_a, %scale_b : tile<1x32xf8E4M3FN>, tile<32x1xf8E4M3FN>, tile<1x1xf32>, tile<1x1xf8E8M0FNU>, tile<1x1xf8E8M0FNU>
    // 1 + 32 * 1.5 * 2 * 0.25 = 25
    // CHECK: scaled={{\[\[}}25]]
    %t6 = print_tko "scaled=%g\n", %scaled : tile<1x1xf32> -> token
    // f4E2M1FN with two blocks of 16 along K, scales 1 and 4 for the lhs.
    %fa = constant <f4E2M1FN: 3.0> : tile<1x32xf4E2M1FN>
    %fb = constant <f4E2M1FN: 0.5> : tile<32x1xf4E2M1FN>
    %fsa = constant <f8E8M0FNU: [[1.0, 4.0]]> : tile<1x2xf8E8M0FNU>
    %fsb = constant <f8E8M0FNU: 1.0> : tile<2x1xf8E8M0FNU>
    %zero = constant <f32: 0.0> : tile<1x1xf32>
    %f4r = mmaf_scaled %fa, %fb, %zero, %fsa, %fsb : tile<1x32xf4E2M1FN>, tile<32x1xf4E2M1FN>, tile<1x1xf32>, tile<1x2xf8E8M0FNU>, tile<2x1xf8E8M0FNU>
    // 16 * 1.5 * 1 + 16 * 1.5 * 4 = 120
    // CHECK: f4 scaled={{\[\[}}120]]
    %t7 = print_tko "f4 scaled=%g\n", %f4r : tile<1x1xf32> -> token
    return
  }
}
