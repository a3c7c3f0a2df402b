// Math functions on f32, f64 and f16 (computed in f64 and rounded to the
// element type; f16 and bf16 as the f32 function, as the specification
// emulates them). Expected values are the libm results printed to six
// significant digits.
// RUN: cuda-tile-run %s --entry math --grid 1 | FileCheck %s

cuda_tile.module @math {
  entry @math() {
    %x = constant <f32: [0.5, 1.0, 2.0, 4.0]> : tile<4xf32>
    %sin = sin %x : tile<4xf32>
    %cos = cos %x : tile<4xf32>
    %tan = tan %x : tile<4xf32>
    // CHECK: sin=[0.479426, 0.841471, 0.909297, -0.756802]
    // CHECK-NEXT: cos=[0.877583, 0.540302, -0.416147, -0.653644]
    // CHECK-NEXT: tan=[0.546302, 1.55741, -2.18504, 1.15782]
    %t0 = print_tko "sin=%.6g\ncos=%.6g\ntan=%.6g\n", %sin, %cos, %tan : tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    %sinh = sinh %x : tile<4xf32>
    %cosh = cosh %x : tile<4xf32>
    %tanh = tanh %x : tile<4xf32>
    %tanha = tanh %x rounding<approx> : tile<4xf32>
    // CHECK: sinh=[0.521095, 1.1752, 3.62686, 27.2899]
    // CHECK-NEXT: cosh=[1.12763, 1.54308, 3.7622, 27.3082]
    // CHECK-NEXT: tanh=[0.462117, 0.761594, 0.964028, 0.999329] approx=[0.462117, 0.761594, 0.964028, 0.999329]
    %t1 = print_tko "sinh=%.6g\ncosh=%.6g\ntanh=%.6g approx=%.6g\n", %sinh, %cosh, %tanh, %tanha : tile<4xf32>, tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    %exp = exp %x : tile<4xf32>
    %exp2 = exp2 %x : tile<4xf32>
    %log = log %x : tile<4xf32>
    %log2 = log2 %x : tile<4xf32>
    // The f32 nearest to e^4 is 54.598148.
    // CHECK: exp=[1.64872, 2.71828, 7.38906, 54.5981]
    // CHECK-NEXT: exp2=[1.41421, 2, 4, 16]
    // CHECK-NEXT: log=[-0.693147, 0, 0.693147, 1.38629]
    // CHECK-NEXT: log2=[-1, 0, 1, 2]
    %t2 = print_tko "exp=%.6g\nexp2=%.6g\nlog=%.6g\nlog2=%.6g\n", %exp, %exp2, %log, %log2 : tile<4xf32>, tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    %rsqrt = rsqrt %x : tile<4xf32>
    %sqrt = sqrt %x : tile<4xf32>
    %e = constant <f32: [2.0, 0.5, -1.0, 3.0]> : tile<4xf32>
    %pow = pow %x, %e : tile<4xf32>
    // CHECK: rsqrt=[1.41421, 1, 0.707107, 0.5]
    // CHECK-NEXT: sqrt=[0.707107, 1, 1.41421, 2]
    // CHECK-NEXT: pow=[0.25, 1, 0.5, 64]
    %t3 = print_tko "rsqrt=%.6g\nsqrt=%.6g\npow=%.6g\n", %rsqrt, %sqrt, %pow : tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    %ay = constant <f32: [1.0, -1.0, 0.0, 1.0]> : tile<4xf32>
    %ax = constant <f32: [1.0, 1.0, -1.0, 0.0]> : tile<4xf32>
    %atan2 = atan2 %ay, %ax : tile<4xf32>
    // CHECK: atan2=[0.785398, -0.785398, 3.14159, 1.5708]
    %t4 = print_tko "atan2=%.6g\n", %atan2 : tile<4xf32> -> token
    %r = constant <f32: [-1.5, 1.5, 2.0, -0.25]> : tile<4xf32>
    %ceil = ceil %r : tile<4xf32>
    %floor = floor %r : tile<4xf32>
    // CHECK: ceil=[-1, 2, 2, -0] floor=[-2, 1, 2, -1]
    %t5 = print_tko "ceil=%g floor=%g\n", %ceil, %floor : tile<4xf32>, tile<4xf32> -> token
    // Outside the domain: NaN (canonical), infinities.
    %d = constant <f32: [-1.0, 0.0, 0x7F800000, 100.0]> : tile<4xf32>
    %dl = log %d : tile<4xf32>
    %ds = sqrt %d : tile<4xf32>
    %de = exp %d : tile<4xf32>
    // CHECK: log=[nan, -inf, inf, 4.60517] sqrt=[nan, 0, inf, 10] exp=[0.367879, 1, inf, inf]
    %t6 = print_tko "log=%.6g sqrt=%.6g exp=%.6g\n", %dl, %ds, %de : tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    %h = constant <f16: [0.5, 1.0, 2.0, 4.0]> : tile<4xf16>
    %he = exp %h : tile<4xf16>
    %hs = sin %h : tile<4xf16>
    // exp(0.5) = 1.6487 rounds to the f16 1.6484375; sin(4) to -0.756835938.
    // CHECK: f16 exp=[1.6484375, 2.71875, 7.390625, 54.59375] sin=[0.479492188, 0.841308594, 0.909179688, -0.756835938]
    %t7 = print_tko "f16 exp=%.9g sin=%.9g\n", %he, %hs : tile<4xf16>, tile<4xf16> -> token
    %dd = constant <f64: [0.5, 2.0]> : tile<2xf64>
    %ddl = log %dd : tile<2xf64>
    // CHECK: f64 log=[-0.6931471805599453, 0.6931471805599453]
    %t8 = print_tko "f64 log=%.16g\n", %ddl : tile<2xf64> -> token
    return
  }
}
