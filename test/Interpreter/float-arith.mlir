// Floating-point arithmetic: rounding modes (correctly rounded), fused
// multiply-add, flush_to_zero, NaN rules of maxf/minf, comparisons, and the
// f16/bf16/f64 paths.
// RUN: cuda-tile-run %s --entry rounding --grid 1 | FileCheck %s --check-prefix=ROUND
// RUN: cuda-tile-run %s --entry special --grid 1 | FileCheck %s --check-prefix=SPECIAL
// RUN: cuda-tile-run %s --entry narrow --grid 1 | FileCheck %s --check-prefix=NARROW

cuda_tile.module @floats {
  entry @rounding() {
    // 1 + 2^-30 is between 1 and the next float 1 + 2^-23.
    %one = constant <f32: 1.0> : tile<f32>
    %tiny = constant <f32: 9.31322574615478515625e-10> : tile<f32>
    %rn = addf %one, %tiny : tile<f32>
    %rz = addf %one, %tiny rounding<zero> : tile<f32>
    %rp = addf %one, %tiny rounding<positive_inf> : tile<f32>
    %mtiny = negf %tiny : tile<f32>
    %rm = addf %one, %mtiny rounding<negative_inf> : tile<f32>
    // ROUND: add rn=1 rz=1 rp=1.00000012 rm=0.99999994
    %t0 = print_tko "add rn=%.9g rz=%.9g rp=%.9g rm=%.9g\n", %rn, %rz, %rp, %rm : tile<f32>, tile<f32>, tile<f32>, tile<f32> -> token
    %three = constant <f32: 3.0> : tile<f32>
    %d_rn = divf %one, %three : tile<f32>
    %d_rz = divf %one, %three rounding<zero> : tile<f32>
    %d_rp = divf %one, %three rounding<positive_inf> : tile<f32>
    %d_ap = divf %one, %three rounding<approx> : tile<f32>
    // ROUND: div rn=0.333333343 rz=0.333333313 rp=0.333333343 approx=0.333333343
    %t1 = print_tko "div rn=%.9g rz=%.9g rp=%.9g approx=%.9g\n", %d_rn, %d_rz, %d_rp, %d_ap : tile<f32>, tile<f32>, tile<f32>, tile<f32> -> token
    %big = constant <f32: 16777216.0> : tile<f32>
    %m_rn = mulf %big, %three : tile<f32>
    %half = constant <f32: 1.5> : tile<f32>
    %m_odd = mulf %big, %half : tile<f32>
    %p_rn = addf %big, %one : tile<f32>
    %p_rp = addf %big, %one rounding<positive_inf> : tile<f32>
    // ROUND: mul=50331648 25165824 add rn=16777216 rp=16777218
    %t2 = print_tko "mul=%.9g %.9g add rn=%.9g rp=%.9g\n", %m_rn, %m_odd, %p_rn, %p_rp : tile<f32>, tile<f32>, tile<f32>, tile<f32> -> token
    // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 (a tie to even);
    // the fused form keeps the 2^-24.
    %a = constant <f32: 1.000244140625> : tile<f32>
    %c = constant <f32: -1.00048828125> : tile<f32>
    %fused = fma %a, %a, %c : tile<f32>
    %prod = mulf %a, %a : tile<f32>
    %unfused = addf %prod, %c : tile<f32>
    %fz = fma %a, %a, %c rounding<zero> : tile<f32>
    // ROUND: fma=5.96046448e-08 mul+add=0 fma_rz=5.96046448e-08
    %t3 = print_tko "fma=%.9g mul+add=%.9g fma_rz=%.9g\n", %fused, %unfused, %fz : tile<f32>, tile<f32>, tile<f32> -> token
    %two = constant <f32: 2.0> : tile<f32>
    %s_rn = sqrt %two : tile<f32>
    %s_rz = sqrt %two rounding<zero> : tile<f32>
    %s_rp = sqrt %two rounding<positive_inf> : tile<f32>
    %four = constant <f32: 4.0> : tile<f32>
    %s_ex = sqrt %four rounding<positive_inf> : tile<f32>
    // sqrt(2) = 1.41421356237...; the f32 neighbours are 1.41421354 and 1.41421366.
    // ROUND: sqrt rn=1.41421354 rz=1.41421354 rp=1.41421366 exact=2
    %t4 = print_tko "sqrt rn=%.9g rz=%.9g rp=%.9g exact=%.9g\n", %s_rn, %s_rz, %s_rp, %s_ex : tile<f32>, tile<f32>, tile<f32>, tile<f32> -> token
    %d1 = constant <f64: 1.0> : tile<f64>
    %d3 = constant <f64: 3.0> : tile<f64>
    %dq = divf %d1, %d3 : tile<f64>
    %dqz = divf %d1, %d3 rounding<zero> : tile<f64>
    // ROUND: f64 div rn=0.33333333333333331483 rz=0.33333333333333331483
    %t5 = print_tko "f64 div rn=%.20f rz=%.20f\n", %dq, %dqz : tile<f64>, tile<f64> -> token
    %dqp = divf %d1, %d3 rounding<positive_inf> : tile<f64>
    // ROUND: f64 div rp=0.33333333333333337034
    %t6 = print_tko "f64 div rp=%.20f\n", %dqp : tile<f64> -> token
    return
  }

  entry @special() {
    %x = constant <f32: [0x7FC00000, 1.0, 0x7FC00000, -0.0]> : tile<4xf32>
    %y = constant <f32: [1.0, 0x7FC00000, 0x7FC00000, 0.0]> : tile<4xf32>
    %max = maxf %x, %y : tile<4xf32>
    %maxp = maxf %x, %y propagate_nan : tile<4xf32>
    %min = minf %x, %y : tile<4xf32>
    %minp = minf %y, %x propagate_nan : tile<4xf32>
    // SPECIAL: max=[1, 1, nan, 0] propagate=[nan, nan, nan, 0]
    // SPECIAL: min=[1, 1, nan, -0] propagate=[nan, nan, nan, -0]
    %t0 = print_tko "max=%g propagate=%g\nmin=%g propagate=%g\n", %max, %maxp, %min, %minp : tile<4xf32>, tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    // NaN results are the canonical NaN 0x7fffffff, whatever the inputs.
    %zero = constant <f32: 0.0> : tile<4xf32>
    %nan = divf %zero, %zero : tile<4xf32>
    %nanbits = bitcast %nan : tile<4xf32> -> tile<4xi32>
    %sum = addf %x, %y : tile<4xf32>
    %sumbits = bitcast %sum : tile<4xf32> -> tile<4xi32>
    // SPECIAL: 0/0=[7fffffff, 7fffffff, 7fffffff, 7fffffff] x+y=[7fffffff, 7fffffff, 7fffffff, 0]
    %t1 = print_tko "0/0=%x x+y=%x\n", %nanbits, %sumbits : tile<4xi32>, tile<4xi32> -> token
    // flush_to_zero flushes denormal inputs and results to a zero of the same sign.
    %den = constant <f32: [1.0e-40, -1.0e-40, 1.0e-30, 3.0]> : tile<4xf32>
    %scale = constant <f32: [1.0, 1.0, 1.0e-10, 1.0]> : tile<4xf32>
    %keep = mulf %den, %scale : tile<4xf32>
    %flush = mulf %den, %scale flush_to_zero : tile<4xf32>
    %fmax = maxf %den, %zero flush_to_zero : tile<4xf32>
    // SPECIAL: keep=[1e-40, -1e-40, 1e-40, 3] flush=[0, -0, 0, 3] maxf_ftz=[0, 0, 1e-30, 3]
    %t2 = print_tko "keep=%.3g flush=%g maxf_ftz=%.3g\n", %keep, %flush, %fmax : tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    %p = constant <f32: [7.5, -7.5, 1.0, 3.0]> : tile<4xf32>
    %q = constant <f32: [2.0, 2.0, 0.0, 0x7F800000]> : tile<4xf32>
    %rem = remf %p, %q : tile<4xf32>
    // SPECIAL: remf=[1.5, -1.5, nan, 3]
    %t3 = print_tko "remf=%g\n", %rem : tile<4xf32> -> token
    %c0 = constant <f32: [0x7FC00000, 1.0, 2.0, -0.0]> : tile<4xf32>
    %c1 = constant <f32: [1.0, 1.0, 1.0, 0.0]> : tile<4xf32>
    %eq_o = cmpf equal ordered %c0, %c1 : tile<4xf32> -> tile<4xi1>
    %eq_u = cmpf equal unordered %c0, %c1 : tile<4xf32> -> tile<4xi1>
    %ne_u = cmpf not_equal unordered %c0, %c1 : tile<4xf32> -> tile<4xi1>
    %gt_o = cmpf greater_than ordered %c0, %c1 : tile<4xf32> -> tile<4xi1>
    %le_u = cmpf less_than_or_equal unordered %c0, %c1 : tile<4xf32> -> tile<4xi1>
    // SPECIAL: eq_o=[0, 1, 0, 1] eq_u=[1, 1, 0, 1] ne_u=[1, 0, 1, 0] gt_o=[0, 0, 1, 0] le_u=[1, 1, 0, 1]
    %t4 = print_tko "eq_o=%d eq_u=%d ne_u=%d gt_o=%d le_u=%d\n", %eq_o, %eq_u, %ne_u, %gt_o, %le_u : tile<4xi1>, tile<4xi1>, tile<4xi1>, tile<4xi1>, tile<4xi1> -> token
    %abs = absf %c0 : tile<4xf32>
    %neg = negf %c1 : tile<4xf32>
    // SPECIAL: abs=[nan, 1, 2, 0] neg=[-1, -1, -1, -0]
    %t5 = print_tko "abs=%g neg=%g\n", %abs, %neg : tile<4xf32>, tile<4xf32> -> token
    return
  }

  entry @narrow() {
    %one = constant <f16: 1.0> : tile<f16>
    %eps = constant <f16: 0.00048828125> : tile<f16>
    %rn = addf %one, %eps : tile<f16>
    %rp = addf %one, %eps rounding<positive_inf> : tile<f16>
    %big = constant <f16: 60000.0> : tile<f16>
    %more = constant <f16: 10000.0> : tile<f16>
    %inf = addf %big, %more : tile<f16>
    %three = constant <f16: 3.0> : tile<f16>
    %third = divf %one, %three : tile<f16>
    // NARROW: f16 rn=1 rp=1.0009765625 overflow=inf third=0.333251953125
    %t0 = print_tko "f16 rn=%.13g rp=%.13g overflow=%g third=%.12g\n", %rn, %rp, %inf, %third : tile<f16>, tile<f16>, tile<f16>, tile<f16> -> token
    %a = constant <f16: 1.015625> : tile<f16>
    %c = constant <f16: -1.03125> : tile<f16>
    %fused = fma %a, %a, %c : tile<f16>
    %prod = mulf %a, %a : tile<f16>
    %unfused = addf %prod, %c : tile<f16>
    // NARROW: f16 fma=0.000244140625 mul+add=0
    %t1 = print_tko "f16 fma=%.12g mul+add=%g\n", %fused, %unfused : tile<f16>, tile<f16> -> token
    // (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 rounds to 1 + 2^-6.
    %b = constant <bf16: 1.0078125> : tile<bf16>
    %bb = mulf %b, %b : tile<bf16>
    %b3 = constant <bf16: 3.0> : tile<bf16>
    %bone = constant <bf16: 1.0> : tile<bf16>
    %bthird = divf %bone, %b3 : tile<bf16>
    %bthird_z = divf %bone, %b3 rounding<zero> : tile<bf16>
    // NARROW: bf16 square=1.015625 third=0.333984375 third_rz=0.33203125
    %t2 = print_tko "bf16 square=%.10g third=%.10g third_rz=%.10g\n", %bb, %bthird, %bthird_z : tile<bf16>, tile<bf16>, tile<bf16> -> token
    %d = constant <f64: [1.0e300, -2.5]> : tile<2xf64>
    %dd = mulf %d, %d : tile<2xf64>
    %dmax = maxf %d, %dd : tile<2xf64>
    // NARROW: f64 square=[inf, 6.25] max=[inf, 6.25]
    %t3 = print_tko "f64 square=%g max=%g\n", %dd, %dmax : tile<2xf64>, tile<2xf64> -> token
    return
  }
}
