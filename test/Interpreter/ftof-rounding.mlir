// ftof in 13.4's rounding modes: nearest_away sends ties away from zero
// (f32 -> tf32 keeps 10 fraction bits, so 1 + 2^-11 is a tie between 1 and
// 1 + 2^-10), the directed modes of f64 -> f32 and zero on narrowing.
// RUN: cuda-tile-run %s --entry ftof_rounding --grid 1 | FileCheck %s

cuda_tile.module @m {
  // CHECK-LABEL: ftof_rounding
  entry @ftof_rounding() {
    %t0 = print_tko "ftof_rounding\n" -> token
    // 1 + 2^-11, 1 + 3 * 2^-11, -(1 + 2^-11), 1 + 2^-11 + 2^-23.
    %a = constant <f32: [1.00048828125, 1.00146484375, -1.00048828125, 1.0004884004592896]> : tile<4xf32>
    %away = ftof %a rounding<nearest_away> : tile<4xf32> -> tile<4xtf32>
    %even = ftof %a : tile<4xf32> -> tile<4xtf32>
    %zero = ftof %a rounding<zero> : tile<4xf32> -> tile<4xtf32>
    %awayBack = ftof %away : tile<4xtf32> -> tile<4xf32>
    %evenBack = ftof %even : tile<4xtf32> -> tile<4xf32>
    %zeroBack = ftof %zero : tile<4xtf32> -> tile<4xf32>
    // CHECK-NEXT: away=[1.0009765625, 1.001953125, -1.0009765625, 1.0009765625]
    // CHECK-NEXT: even=[1, 1.001953125, -1, 1.0009765625]
    // CHECK-NEXT: zero=[1, 1.0009765625, -1, 1]
    %t1 = print_tko "away=%.12g\neven=%.12g\nzero=%.12g\n", %awayBack, %evenBack, %zeroBack : tile<4xf32>, tile<4xf32>, tile<4xf32> -> token

    // 1 + 2^-30 and its negation lie between f32 neighbours 1 and 1 + 2^-23.
    %d = constant <f64: [1.0000000009313226, -1.0000000009313226]> : tile<2xf64>
    %down = ftof %d rounding<negative_inf> : tile<2xf64> -> tile<2xf32>
    %up = ftof %d rounding<positive_inf> : tile<2xf64> -> tile<2xf32>
    // CHECK-NEXT: down=[1, -1.00000011921] up=[1.00000011921, -1]
    %t2 = print_tko "down=%.12g up=%.12g\n", %down, %up : tile<2xf32>, tile<2xf32> -> token

    // f32 -> f16 toward zero: 65520 (which rounds to infinity) stays finite.
    %h = constant <f32: [65520.0, -0.333333343]> : tile<2xf32>
    %hz = ftof %h rounding<zero> : tile<2xf32> -> tile<2xf16>
    // CHECK-NEXT: f16 zero=[65504, -0.33325195312]
    %t3 = print_tko "f16 zero=%.11g\n", %hz : tile<2xf16> -> token

    // Exact widening takes every mode and changes nothing.
    %b = constant <bf16: [1.5, -3.0]> : tile<2xbf16>
    %bw = ftof %b rounding<nearest_away> : tile<2xbf16> -> tile<2xf64>
    // CHECK-NEXT: widened=[1.5, -3]
    %t4 = print_tko "widened=%.12g\n", %bw : tile<2xf64> -> token
    return
  }
}
