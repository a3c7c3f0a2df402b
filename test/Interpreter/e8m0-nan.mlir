// f8E8M0FNU has no infinity: the all-ones pattern 0xFF is its only NaN, and
// it must stay NaN when widened (regression: it used to read as infinity).
// RUN: cuda-tile-run %s --entry k --grid 1 | FileCheck %s

cuda_tile.module @e8m0 {
  entry @k() {
    %bits = constant <i8: [-1, 127, -128, 0]> : tile<4xi8>
    %e = bitcast %bits : tile<4xi8> -> tile<4xf8E8M0FNU>
    %f = ftof %e : tile<4xf8E8M0FNU> -> tile<4xf32>
    // CHECK: e8m0=[nan, 1, 2, 5.87747e-39]
    %t = print_tko "e8m0=%g\n", %f : tile<4xf32> -> token
    return
  }
}
