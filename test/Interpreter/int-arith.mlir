// Integer arithmetic: wrap-around, signedness, rounding of divi, shifts,
// comparisons, sub-byte widths.
// RUN: cuda-tile-run %s --entry arith32 --grid 1 | FileCheck %s --check-prefix=A32
// RUN: cuda-tile-run %s --entry divisions --grid 1 | FileCheck %s --check-prefix=DIV
// RUN: cuda-tile-run %s --entry bits --grid 1 | FileCheck %s --check-prefix=BITS
// RUN: cuda-tile-run %s --entry narrow --grid 1 | FileCheck %s --check-prefix=NARROW
// RUN: cuda-tile-run %s --entry wide --grid 1 | FileCheck %s --check-prefix=WIDE

cuda_tile.module @ints {
  entry @arith32() {
    %a = constant <i32: [7, -7, 2147483647, -2147483648]> : tile<4xi32>
    %b = constant <i32: [3, 3, 1, -1]> : tile<4xi32>
    %add = addi %a, %b : tile<4xi32>
    %sub = subi %a, %b : tile<4xi32>
    %mul = muli %a, %b : tile<4xi32>
    %hi = mulhii %a, %b : tile<4xi32>
    // A32: add=[10, -4, -2147483648, 2147483647]
    // A32: sub=[4, -10, 2147483646, -2147483647]
    // A32: mul=[21, -21, 2147483647, -2147483648]
    // A32: mulhi=[0, 2, 0, 2147483647]
    %t0 = print_tko "add=%d\nsub=%d\nmul=%d\nmulhi=%d\n", %add, %sub, %mul, %hi : tile<4xi32>, tile<4xi32>, tile<4xi32>, tile<4xi32> -> token
    %x = constant <i32: [-1, 5, -2147483648, 0]> : tile<4xi32>
    %y = constant <i32: [1, 3, 0, -1]> : tile<4xi32>
    %smax = maxi %x, %y signed : tile<4xi32>
    %umax = maxi %x, %y unsigned : tile<4xi32>
    %smin = mini %x, %y signed : tile<4xi32>
    %umin = mini %x, %y unsigned : tile<4xi32>
    // A32: smax=[1, 5, 0, 0] umax=[4294967295, 5, 2147483648, 4294967295]
    // A32: smin=[-1, 3, -2147483648, -1] umin=[1, 3, 0, 0]
    %t1 = print_tko "smax=%d umax=%u\nsmin=%d umin=%u\n", %smax, %umax, %smin, %umin : tile<4xi32>, tile<4xi32>, tile<4xi32>, tile<4xi32> -> token
    %neg = negi %x : tile<4xi32>
    %abs = absi %x : tile<4xi32>
    // A32: neg=[1, -5, -2147483648, 0] abs=[1, 5, 2147483648, 0]
    %t2 = print_tko "neg=%d abs=%u\n", %neg, %abs : tile<4xi32>, tile<4xi32> -> token
    %lt_s = cmpi less_than %x, %y, signed : tile<4xi32> -> tile<4xi1>
    %lt_u = cmpi less_than %x, %y, unsigned : tile<4xi32> -> tile<4xi1>
    %ge_s = cmpi greater_than_or_equal %x, %y, signed : tile<4xi32> -> tile<4xi1>
    %ne = cmpi not_equal %x, %y, signed : tile<4xi32> -> tile<4xi1>
    // A32: lt_s=[1, 0, 1, 0] lt_u=[0, 0, 0, 1] ge_s=[0, 1, 0, 1] ne=[1, 1, 1, 1]
    %t3 = print_tko "lt_s=%d lt_u=%d ge_s=%d ne=%d\n", %lt_s, %lt_u, %ge_s, %ne : tile<4xi1>, tile<4xi1>, tile<4xi1>, tile<4xi1> -> token
    return
  }

  entry @divisions() {
    %a = constant <i32: [7, -7, 7, -7]> : tile<4xi32>
    %b = constant <i32: [3, 3, -3, -3]> : tile<4xi32>
    %tz = divi %a, %b signed : tile<4xi32>
    %fl = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
    %ce = divi %a, %b signed rounding<positive_inf> : tile<4xi32>
    %re = remi %a, %b signed : tile<4xi32>
    // DIV: zero=[2, -2, -2, 2] floor=[2, -3, -3, 2] ceil=[3, -2, -2, 3] rem=[1, -1, 1, -1]
    %t0 = print_tko "zero=%d floor=%d ceil=%d rem=%d\n", %tz, %fl, %ce, %re : tile<4xi32>, tile<4xi32>, tile<4xi32>, tile<4xi32> -> token
    %ud = divi %a, %b unsigned : tile<4xi32>
    %uc = divi %a, %b unsigned rounding<positive_inf> : tile<4xi32>
    %ur = remi %a, %b unsigned : tile<4xi32>
    // 4294967289 / 3 = 1431655763 exactly; 7 / 4294967293 = 0 and
    // 4294967289 / 4294967293 = 0.
    // DIV: udiv=[2, 1431655763, 0, 0] uceil=[3, 1431655763, 1, 1] urem=[1, 0, 7, 4294967289]
    %t1 = print_tko "udiv=%u uceil=%u urem=%u\n", %ud, %uc, %ur : tile<4xi32>, tile<4xi32>, tile<4xi32> -> token
    return
  }

  entry @bits() {
    %a = constant <i32: [1, -16, 255, 1]> : tile<4xi32>
    %s = constant <i32: [0, 2, 4, 31]> : tile<4xi32>
    %shl = shli %a, %s : tile<4xi32>
    %sra = shri %a, %s signed : tile<4xi32>
    %srl = shri %a, %s unsigned : tile<4xi32>
    // BITS: shl=[1, -64, 4080, -2147483648] sra=[1, -4, 15, 0] srl=[1, 1073741820, 15, 0]
    %t0 = print_tko "shl=%d sra=%d srl=%d\n", %shl, %sra, %srl : tile<4xi32>, tile<4xi32>, tile<4xi32> -> token
    %m = constant <i32: 0x0F0F> : tile<4xi32>
    %and = andi %a, %m : tile<4xi32>
    %or = ori %a, %m : tile<4xi32>
    %xor = xori %a, %m : tile<4xi32>
    // BITS: and=[1, f00, f, 1] or=[f0f, ffffffff, fff, f0f] xor=[f0e, fffff0ff, ff0, f0e]
    %t1 = print_tko "and=%x or=%x xor=%x\n", %and, %or, %xor : tile<4xi32>, tile<4xi32>, tile<4xi32> -> token
    return
  }

  entry @narrow() {
    %a = constant <i8: [127, -128, 100, -1]> : tile<4xi8>
    %one = constant <i8: 1> : tile<4xi8>
    %add = addi %a, %one : tile<4xi8>
    %mul = muli %a, %a : tile<4xi8>
    %hi = mulhii %a, %a : tile<4xi8>
    // 127*127 = 16129 = 0x3F01; 100*100 = 10000 = 0x2710; 255*255 = 0xFE01.
    // NARROW: i8 add=[-128, -127, 101, 0] mul=[1, 0, 16, 1] mulhi=[63, 64, 39, -2]
    %t0 = print_tko "i8 add=%d mul=%d mulhi=%d\n", %add, %mul, %hi : tile<4xi8>, tile<4xi8>, tile<4xi8> -> token
    %b = constant <i1: [true, true, false, false]> : tile<4xi1>
    %c = constant <i1: [true, false, true, false]> : tile<4xi1>
    %badd = addi %b, %c : tile<4xi1>
    %bmax = maxi %b, %c signed : tile<4xi1>
    %bumax = maxi %b, %c unsigned : tile<4xi1>
    // i1 true reads as -1 when signed.
    // NARROW: i1 add=[0, 1, 1, 0] smax=[1, 0, 0, 0] umax=[1, 1, 1, 0]
    %t1 = print_tko "i1 add=%d smax=%d umax=%d\n", %badd, %bmax, %bumax : tile<4xi1>, tile<4xi1>, tile<4xi1> -> token
    %h = constant <i16: [32767, -32768, 300, -300]> : tile<4xi16>
    %h2 = addi %h, %h : tile<4xi16>
    // NARROW: i16 double=[-2, 0, 600, -600]
    %t2 = print_tko "i16 double=%d\n", %h2 : tile<4xi16> -> token
    return
  }

  entry @wide() {
    %a = constant <i64: [9223372036854775807, -9223372036854775808, 4294967296, -3]> : tile<4xi64>
    %b = constant <i64: [2, 2, 4294967296, 5]> : tile<4xi64>
    %mul = muli %a, %b : tile<4xi64>
    %hi = mulhii %a, %b : tile<4xi64>
    %div = divi %a, %b signed rounding<negative_inf> : tile<4xi64>
    // WIDE: mul=[-2, 0, 0, -15] mulhi=[0, 1, 1, 4] div=[4611686018427387903, -4611686018427387904, 1, -1]
    %t0 = print_tko "mul=%d mulhi=%d div=%d\n", %mul, %hi, %div : tile<4xi64>, tile<4xi64>, tile<4xi64> -> token
    return
  }
}
