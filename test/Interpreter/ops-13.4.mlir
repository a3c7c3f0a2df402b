// Tile IR 13.4 ops on the interpreter: insert, fpowi, ftoi saturating and
// the token ops (no-ops for a single grid).
// RUN: cuda-tile-run %s --entry new_ops --grid 1 | FileCheck %s
// RUN: not cuda-tile-run %s --entry insert_out_of_range --grid 1 2>&1 | FileCheck %s --check-prefix=RANGE

cuda_tile.module @m {
  entry @new_ops() {
    %i = iota : tile<16xi32>
    %dst = reshape %i : tile<16xi32> -> tile<4x4xi32>
    %src = constant <i32: 99> : tile<2x2xi32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %r = insert %src, %dst[%c1, %c0] : tile<2x2xi32> -> tile<4x4xi32>
    // Indices count slices of the source's shape.
    // CHECK: insert={{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [99, 99, 10, 11], [99, 99, 14, 15]]
    %t0 = print_tko "insert=%d\n", %r : tile<4x4xi32> -> token
    %x = constant <f32: [2.0, 2.0, -3.0, 0.5, 10.0, 2.0, 0.0, 1.0]> : tile<8xf32>
    %n = constant <i8: [3, -2, 3, -1, 0, 127, -1, -128]> : tile<8xi8>
    %p = fpowi %x, %n : tile<8xf32>, tile<8xi8>
    // CHECK: fpowi=[8, 0.25, -27, 2, 1, 1.70141e+38, inf, 1]
    %t1 = print_tko "fpowi=%g\n", %p : tile<8xf32> -> token
    %h = constant <f16: [2.0, 3.0]> : tile<2xf16>
    %b = constant <i1: [true, false]> : tile<2xi1>
    // The exponent is signed: an i1 true is -1.
    %ph = fpowi %h, %b : tile<2xf16>, tile<2xi1>
    // CHECK: fpowi_i1=[0.5, 1]
    %t2 = print_tko "fpowi_i1=%g\n", %ph : tile<2xf16> -> token
    %f = constant <f32: [300.0, -300.0, 0x7FC00000, 0x7F800000, -1.5, 42.9, 0xFF800000, 127.5]> : tile<8xf32>
    %s = ftoi %f signed saturating : tile<8xf32> -> tile<8xi8>
    %u = ftoi %f unsigned saturating : tile<8xf32> -> tile<8xi8>
    // Saturating: clamped to the range, NaN gives 0.
    // CHECK: sat_s=[127, -128, 0, 127, -1, 42, -128, 127] sat_u=[255, 0, 0, 255, 0, 42, 0, 127]
    %t3 = print_tko "sat_s=%d sat_u=%u\n", %s, %u : tile<8xi8>, tile<8xi8> -> token
    %l = gdc_launch_dependents_tko token = %t3 -> token
    %w = gdc_wait_tko token = %l -> token
    %fe = memory_fence_alias_tko token = %w -> token
    // CHECK: tokens ok
    %t4 = print_tko "tokens ok\n" token=%fe -> token
    return
  }

  entry @insert_out_of_range() {
    %dst = constant <i32: 0> : tile<8xi32>
    %src = constant <i32: 1> : tile<2xi32>
    %c4 = constant <i32: 4> : tile<i32>
    // RANGE: ops-13.4.mlir:[[@LINE+1]]:10: error: insert in tile block (0, 0, 0): slice index 4 along dimension 0 is out of range: the destination has 4 slices (undefined behaviour)
    %r = insert %src, %dst[%c4] : tile<2xi32> -> tile<8xi32>
    return
  }
}
