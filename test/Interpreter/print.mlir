// print_tko: printf conversions with flags, width and precision applied to
// every element; tiles print as nested bracketed lists.
// RUN: cuda-tile-run %s --entry formats --grid 1 | FileCheck %s --match-full-lines --strict-whitespace

cuda_tile.module @print {
  entry @formats() {
    %i = constant <i32: -42> : tile<i32>
    %u = constant <i8: -1> : tile<i8>
    %f = constant <f32: 3.25> : tile<f32>
    %b = constant <i1: true> : tile<i1>
    // CHECK:plain text, 100% sure
    %t0 = print_tko "plain text, 100%% sure\n" -> token
    // CHECK:d=-42 i=-42 u=4294967254 x=ffffffd6 X=FFFFFFD6 o=37777777726
    %t1 = print_tko "d=%d i=%i u=%u x=%x X=%X o=%o\n", %i, %i, %i, %i, %i, %i : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> -> token
    // The element type decides the width: an i8 -1 is 255 unsigned.
    // CHECK:i8 d=-1 u=255 x=ff ld=-1
    %t2 = print_tko "i8 d=%d u=%u x=%x ld=%ld\n", %u, %u, %u, %u : tile<i8>, tile<i8>, tile<i8>, tile<i8> -> token
    // CHECK:[   -42] [-42   ] [-0000000000042] [  0xff]
    %t3 = print_tko "[%6d] [%-6d] [%+014d] [%#6x]\n", %i, %i, %i, %u : tile<i32>, tile<i32>, tile<i32>, tile<i8> -> token
    // CHECK:f=3.250000 .2f=3.25 e=3.250000e+00 E=3.25E+00 g=3.25 a=0x1.ap+1 [  3.2]
    %t4 = print_tko "f=%f .2f=%.2f e=%e E=%.2E g=%g a=%a [%5.1f]\n", %f, %f, %f, %f, %f, %f, %f : tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32>, tile<f32> -> token
    // Floats under integer conversions are truncated toward zero; integers
    // under float conversions are converted; i1 prints 0 or 1.
    // CHECK:float as int=3 int as float=-42.0 bool=1 char=A
    %a = constant <i32: 65> : tile<i32>
    %t5 = print_tko "float as int=%d int as float=%.1f bool=%d char=%c\n", %f, %i, %b, %a : tile<f32>, tile<i32>, tile<i1>, tile<i32> -> token
    %cube = iota : tile<8xi16>
    %c3 = reshape %cube : tile<8xi16> -> tile<2x2x2xi16>
    // CHECK:rank 3: {{\[\[\[}}0, 1], [2, 3]], {{\[\[}}4, 5], [6, 7]]]
    %t6 = print_tko "rank 3: %d\n", %c3 : tile<2x2x2xi16> -> token
    %h = constant <f16: [0.1, -2.0]> : tile<2xf16>
    // Elements are printed exactly: f16 0.1 is 0.0999755859375.
    // CHECK:f16=[0.0999755859375, -2] padded=[ 0.10, -2.00]
    %t7 = print_tko "f16=%.13g padded=%5.2f\n", %h, %h : tile<2xf16>, tile<2xf16> -> token
    // CHECK:no newline, then one{{$}}
    %t8 = print_tko "no newline, " -> token
    %t9 = print_tko "then one\n" -> token
    return
  }
}
