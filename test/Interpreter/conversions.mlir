// Conversions: ftof to every float type (nearest even; zero and positive_inf
// for f8E8M0FNU), itof, ftoi (saturating, NaN to 0), exti, trunci (i4
// included), bitcast and the pointer casts.
// RUN: cuda-tile-run %s --entry floats --grid 1 | FileCheck %s --check-prefix=FLOATS
// RUN: cuda-tile-run %s --entry small --grid 1 | FileCheck %s --check-prefix=SMALL
// RUN: cuda-tile-run %s --entry ints --grid 1 | FileCheck %s --check-prefix=INTS

cuda_tile.module @conversions {
  entry @floats() {
    %a = constant <f32: [65519.0, 65520.0, 0.333333343, 1.0e-8]> : tile<4xf32>
    %h = ftof %a : tile<4xf32> -> tile<4xf16>
    // 65519 is below the halfway point to 65536 and rounds to the largest
    // f16, 65504; 1e-8 is below half the smallest denormal.
    // FLOATS: f16=[65504, inf, 0.333251953125, 0]
    %t0 = print_tko "f16=%.12g\n", %h : tile<4xf16> -> token
    %b = constant <f32: [0.333333343, 1.00390625, 1.01171875, -2.5]> : tile<4xf32>
    %bf = ftof %b : tile<4xf32> -> tile<4xbf16>
    // The two ties go to the even neighbour: 1 and 1.015625.
    // FLOATS: bf16=[0.333984375, 1, 1.015625, -2.5]
    %t1 = print_tko "bf16=%.12g\n", %bf : tile<4xbf16> -> token
    %c = constant <f32: [0.333333343, 1.00048828125, 1.00146484375, 7.346839692639297e-40]> : tile<4xf32>
    %tf = ftof %c : tile<4xf32> -> tile<4xtf32>
    %tfback = ftof %tf : tile<4xtf32> -> tile<4xf32>
    // FLOATS: tf32=[0.333251953, 1, 1.00195312, 7.34683969e-40]
    %t2 = print_tko "tf32=%.9g\n", %tfback : tile<4xf32> -> token
    %back = ftof %h : tile<4xf16> -> tile<4xf64>
    %bfback = ftof %bf : tile<4xbf16> -> tile<4xf32>
    // FLOATS: f16->f64=[65504, inf, 0.333251953125, 0] bf16->f32=[0.333984375, 1, 1.015625, -2.5]
    %t3 = print_tko "f16->f64=%.12g bf16->f32=%.12g\n", %back, %bfback : tile<4xf64>, tile<4xf32> -> token
    return
  }

  entry @small() {
    %a = constant <f32: [0.333333343, 448.0, 0.001953125, -3.5]> : tile<4xf32>
    %e4 = ftof %a : tile<4xf32> -> tile<4xf8E4M3FN>
    %e4b = bitcast %e4 : tile<4xf8E4M3FN> -> tile<4xi8>
    // SMALL: e4m3=[0.34375, 448, 0.001953125, -3.5] bits=[2b, 7e, 1, c6]
    %t0 = print_tko "e4m3=%.10g bits=%x\n", %e4, %e4b : tile<4xf8E4M3FN>, tile<4xi8> -> token
    %o = constant <f32: [500.0, 0x7F800000, 0x7FC00000, -1000.0]> : tile<4xf32>
    %e4o = ftof %o : tile<4xf32> -> tile<4xf8E4M3FN>
    // f8E4M3FN has no infinity: out-of-range values become NaN.
    // SMALL: e4m3 overflow=[nan, nan, nan, nan]
    %t1 = print_tko "e4m3 overflow=%g\n", %e4o : tile<4xf8E4M3FN> -> token
    %b = constant <f32: [0.333333343, 57344.0, 100000.0, -0.75]> : tile<4xf32>
    %e5 = ftof %b : tile<4xf32> -> tile<4xf8E5M2>
    // SMALL: e5m2=[0.3125, 57344, inf, -0.75]
    %t2 = print_tko "e5m2=%.10g\n", %e5 : tile<4xf8E5M2> -> token
    %s = constant <f32: [3.0, 0.3, 1.0, 1000.0]> : tile<4xf32>
    %z = ftof %s rounding<zero> : tile<4xf32> -> tile<4xf8E8M0FNU>
    %p = ftof %s rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    // SMALL: e8m0 zero=[2, 0.25, 1, 512] positive_inf=[4, 0.5, 1, 1024]
    %t3 = print_tko "e8m0 zero=%g positive_inf=%g\n", %z, %p : tile<4xf8E8M0FNU>, tile<4xf8E8M0FNU> -> token
    %f = constant <f32: [2.5, 5.0, -0.75, 0.25]> : tile<4xf32>
    %f4 = ftof %f : tile<4xf32> -> tile<4xf4E2M1FN>
    %f4b = pack %f4 : tile<4xf4E2M1FN> -> tile<2xi8>
    // Ties go to the even encoding: 2.5 -> 2, 5 -> 4, -0.75 -> -1, 0.25 -> 0.
    // Packed two to a byte, element 0 in the low nibble: 0x64, 0x0a.
    // SMALL: e2m1=[2, 4, -1, 0] bits=[64, a]
    %t4 = print_tko "e2m1=%g bits=%x\n", %f4, %f4b : tile<4xf4E2M1FN>, tile<2xi8> -> token
    %up = ftof %f4 : tile<4xf4E2M1FN> -> tile<4xf16>
    %e4up = ftof %e4 : tile<4xf8E4M3FN> -> tile<4xbf16>
    // SMALL: e2m1->f16=[2, 4, -1, 0] e4m3->bf16=[0.34375, 448, 0.001953125, -3.5]
    %t5 = print_tko "e2m1->f16=%g e4m3->bf16=%.10g\n", %up, %e4up : tile<4xf16>, tile<4xbf16> -> token
    return
  }

  entry @ints() {
    %a = constant <i32: [16777217, -16777217, 2147483647, -1]> : tile<4xi32>
    %sf = itof %a signed : tile<4xi32> -> tile<4xf32>
    %uf = itof %a unsigned : tile<4xi32> -> tile<4xf32>
    // INTS: signed=[16777216, -16777216, 2147483648, -1] unsigned=[16777216, 4278190080, 2147483648, 4294967296]
    %t0 = print_tko "signed=%.10g unsigned=%.10g\n", %sf, %uf : tile<4xf32>, tile<4xf32> -> token
    %w = constant <i64: [1000, -3, 7, 100]> : tile<4xi64>
    %wf = itof %w signed : tile<4xi64> -> tile<4xf8E4M3FN>
    %wh = itof %w signed : tile<4xi64> -> tile<4xbf16>
    // 1000 is out of the range of f8E4M3FN, which has no infinity: NaN.
    // INTS: i64->e4m3=[nan, -3, 7, 96] i64->bf16=[1000, -3, 7, 100]
    %t1 = print_tko "i64->e4m3=%g i64->bf16=%g\n", %wf, %wh : tile<4xf8E4M3FN>, tile<4xbf16> -> token
    %f = constant <f32: [2.7, -2.7, 1.0e10, 0x7FC00000]> : tile<4xf32>
    %fi = ftoi %f signed : tile<4xf32> -> tile<4xi32>
    %g = constant <f32: [2.7, -2.7, 300.0, 255.9]> : tile<4xf32>
    %gu = ftoi %g unsigned : tile<4xf32> -> tile<4xi8>
    // INTS: ftoi=[2, -2, 2147483647, 0] ftoi_u8=[2, 0, 255, 255]
    %t2 = print_tko "ftoi=%d ftoi_u8=%u\n", %fi, %gu : tile<4xi32>, tile<4xi8> -> token
    %b = constant <i8: [-1, 127, -128, 5]> : tile<4xi8>
    %bs = exti %b signed : tile<4xi8> -> tile<4xi32>
    %bu = exti %b unsigned : tile<4xi8> -> tile<4xi32>
    %c = constant <i32: [300, -1, 128, 65535]> : tile<4xi32>
    %ct = trunci %c : tile<4xi32> -> tile<4xi8>
    // INTS: exti s=[-1, 127, -128, 5] u=[255, 127, 128, 5] trunci=[44, -1, -128, -1]
    %t3 = print_tko "exti s=%d u=%d trunci=%d\n", %bs, %bu, %ct : tile<4xi32>, tile<4xi32>, tile<4xi8> -> token
    %n = constant <i8: [7, 8, -8, 15]> : tile<4xi8>
    %n4 = trunci %n : tile<4xi8> -> tile<4xi4>
    %n8 = exti %n4 unsigned : tile<4xi4> -> tile<4xi8>
    %n8s = exti %n4 signed : tile<4xi4> -> tile<4xi8>
    // INTS: i4=[7, -8, -8, -1] zext=[7, 8, 8, 15] sext=[7, -8, -8, -1]
    %t4 = print_tko "i4=%d zext=%d sext=%d\n", %n4, %n8, %n8s : tile<4xi4>, tile<4xi8>, tile<4xi8> -> token
    %x = constant <f32: [1.0, -2.0]> : tile<2xf32>
    %xb = bitcast %x : tile<2xf32> -> tile<2xi32>
    %hb = constant <i16: [0x3C00, 0x7C00]> : tile<2xi16>
    %hf = bitcast %hb : tile<2xi16> -> tile<2xf16>
    // INTS: f32 bits=[3f800000, c0000000] f16=[1, inf]
    %t5 = print_tko "f32 bits=%x f16=%g\n", %xb, %hf : tile<2xi32>, tile<2xf16> -> token
    %addr = constant <i64: [4096, 8192]> : tile<2xi64>
    %ptr = int_to_ptr %addr : tile<2xi64> -> tile<2xptr<f32>>
    %ptr2 = ptr_to_ptr %ptr : tile<2xptr<f32>> -> tile<2xptr<i8>>
    %back = ptr_to_int %ptr2 : tile<2xptr<i8>> -> tile<2xi64>
    // INTS: pointers=[4096, 8192] %p=[0x1000, 0x2000]
    %t6 = print_tko "pointers=%d %%p=%p\n", %back, %ptr : tile<2xi64>, tile<2xptr<f32>> -> token
    return
  }
}
