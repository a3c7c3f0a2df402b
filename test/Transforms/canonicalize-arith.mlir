// RUN: cuda-tile-opt %s -split-input-file -canonicalize | FileCheck %s

// Folds of the arithmetic ops. Every result is printed so that nothing is
// removed as dead code; folded constants move to the top of the entry.

// Algebraic identities that hold whatever the overflow flags say.
// CHECK-LABEL: entry @int_identities
cuda_tile.module @m {
  entry @int_identities(%x: tile<i32>) {
    // CHECK-DAG: %[[ZERO:.*]] = constant <i32: 0> : tile<i32>
    // CHECK-DAG: %[[ONES:.*]] = constant <i32: -1> : tile<i32>
    // CHECK-DAG: %[[TRUE:.*]] = constant <i1: true> : tile<i1>
    // CHECK-DAG: %[[FALSE:.*]] = constant <i1: false> : tile<i1>
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<i32>
    %m = constant <i32: -1> : tile<i32>
    // x + 0, 0 + x
    // CHECK: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    %0 = addi %x, %z overflow<no_wrap> : tile<i32>
    %p0 = print_tko "%d", %0 : tile<i32> -> token
    %1 = addi %z, %x : tile<i32>
    %p1 = print_tko "%d", %1 : tile<i32> -> token
    // x - 0, x - x
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %[[ZERO]] : tile<i32>
    %2 = subi %x, %z : tile<i32>
    %p2 = print_tko "%d", %2 : tile<i32> -> token
    %3 = subi %x, %x overflow<no_signed_wrap> : tile<i32>
    %p3 = print_tko "%d", %3 : tile<i32> -> token
    // x * 1, 1 * x, x * 0
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %[[ZERO]] : tile<i32>
    %4 = muli %x, %o : tile<i32>
    %p4 = print_tko "%d", %4 : tile<i32> -> token
    %5 = muli %o, %x overflow<no_wrap> : tile<i32>
    %p5 = print_tko "%d", %5 : tile<i32> -> token
    %6 = muli %x, %z : tile<i32>
    %p6 = print_tko "%d", %6 : tile<i32> -> token
    // x & 0, x & ~0, x & x
    // CHECK-NEXT: print_tko "%d", %[[ZERO]] : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    %7 = andi %x, %z : tile<i32>
    %p7 = print_tko "%d", %7 : tile<i32> -> token
    %8 = andi %m, %x : tile<i32>
    %p8 = print_tko "%d", %8 : tile<i32> -> token
    %9 = andi %x, %x : tile<i32>
    %p9 = print_tko "%d", %9 : tile<i32> -> token
    // x | 0, x | ~0, x | x
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %[[ONES]] : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    %10 = ori %x, %z : tile<i32>
    %p10 = print_tko "%d", %10 : tile<i32> -> token
    %11 = ori %x, %m : tile<i32>
    %p11 = print_tko "%d", %11 : tile<i32> -> token
    %12 = ori %x, %x : tile<i32>
    %p12 = print_tko "%d", %12 : tile<i32> -> token
    // x ^ x, 0 ^ x
    // CHECK-NEXT: print_tko "%d", %[[ZERO]] : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    %13 = xori %x, %x : tile<i32>
    %p13 = print_tko "%d", %13 : tile<i32> -> token
    %14 = xori %z, %x : tile<i32>
    %p14 = print_tko "%d", %14 : tile<i32> -> token
    // -(-x)
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    %n = negi %x : tile<i32>
    %15 = negi %n overflow<no_signed_wrap> : tile<i32>
    %p15 = print_tko "%d", %15 : tile<i32> -> token
    // x << 0, x >> 0, x / 1, max(x, x)
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    %16 = shli %x, %z overflow<no_wrap> : tile<i32>
    %p16 = print_tko "%d", %16 : tile<i32> -> token
    %17 = shri %x, %z signed : tile<i32>
    %p17 = print_tko "%d", %17 : tile<i32> -> token
    %18 = divi %x, %o signed rounding<negative_inf> : tile<i32>
    %p18 = print_tko "%d", %18 : tile<i32> -> token
    %19 = maxi %x, %x unsigned : tile<i32>
    %p19 = print_tko "%d", %19 : tile<i32> -> token
    // x <= x, x != x
    // CHECK-NEXT: print_tko "%d", %[[TRUE]] : tile<i1>
    // CHECK-NEXT: print_tko "%d", %[[FALSE]] : tile<i1>
    %20 = cmpi less_than_or_equal %x, %x, signed : tile<i32> -> tile<i1>
    %p20 = print_tko "%d", %20 : tile<i1> -> token
    %21 = cmpi not_equal %x, %x, unsigned : tile<i32> -> tile<i1>
    %p21 = print_tko "%d", %21 : tile<i1> -> token
    return
  }
}

// -----

// Identities that do not hold and must stay.
// CHECK-LABEL: entry @int_non_identities
cuda_tile.module @m {
  entry @int_non_identities(%x: tile<i32>, %b: tile<i1>) {
    %o = constant <i32: 1> : tile<i32>
    %t = constant <i1: true> : tile<i1>
    // x - 1 and 1 - x are not x.
    // CHECK: subi %arg0, %{{.*}} : tile<i32>
    // CHECK: subi %{{.*}}, %arg0 : tile<i32>
    %0 = subi %x, %o : tile<i32>
    %p0 = print_tko "%d", %0 : tile<i32> -> token
    %1 = subi %o, %x : tile<i32>
    %p1 = print_tko "%d", %1 : tile<i32> -> token
    // A signed division of i1 by `true` divides by -1.
    // CHECK: divi %arg1, %{{.*}} signed : tile<i1>
    // CHECK: print_tko "%d", %arg1 : tile<i1>
    %2 = divi %b, %t signed : tile<i1>
    %p2 = print_tko "%d", %2 : tile<i1> -> token
    %3 = divi %b, %t unsigned : tile<i1>
    %p3 = print_tko "%d", %3 : tile<i1> -> token
    return
  }
}

// -----

// Integer constant folding, splat and element by element.
// CHECK-LABEL: entry @int_constants
cuda_tile.module @m {
  entry @int_constants() {
    // CHECK-DAG: %[[ADD:.*]] = constant <i32: [11, 12, 13, 14]> : tile<4xi32>
    // CHECK-DAG: %[[SUB:.*]] = constant <i32: 7> : tile<4xi32>
    // CHECK-DAG: %[[MUL:.*]] = constant <i32: [10, 20, 30, 40]> : tile<4xi32>
    // CHECK-DAG: %[[AND:.*]] = constant <i16: [1, 2, 0, 0]> : tile<4xi16>
    // CHECK-DAG: %[[OR:.*]] = constant <i16: [3, 2, 7, 8]> : tile<4xi16>
    // CHECK-DAG: %[[XOR:.*]] = constant <i16: [2, 0, 7, 8]> : tile<4xi16>
    // CHECK-DAG: %[[SHL:.*]] = constant <i8: [8, -8]> : tile<2xi8>
    // CHECK-DAG: %[[ASHR:.*]] = constant <i8: [0, -1]> : tile<2xi8>
    // CHECK-DAG: %[[LSHR:.*]] = constant <i8: [0, 31]> : tile<2xi8>
    %a = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %ten = constant <i32: 10> : tile<4xi32>
    %three = constant <i32: 3> : tile<4xi32>
    // CHECK: print_tko "%d", %[[ADD]] : tile<4xi32>
    // CHECK-NEXT: print_tko "%d", %[[SUB]] : tile<4xi32>
    // CHECK-NEXT: print_tko "%d", %[[MUL]] : tile<4xi32>
    %0 = addi %a, %ten : tile<4xi32>
    %p0 = print_tko "%d", %0 : tile<4xi32> -> token
    %1 = subi %ten, %three overflow<no_wrap> : tile<4xi32>
    %p1 = print_tko "%d", %1 : tile<4xi32> -> token
    %2 = muli %a, %ten overflow<no_wrap> : tile<4xi32>
    %p2 = print_tko "%d", %2 : tile<4xi32> -> token
    %l = constant <i16: [1, 2, 4, 8]> : tile<4xi16>
    %r = constant <i16: [3, 2, 3, 0]> : tile<4xi16>
    // CHECK-NEXT: print_tko "%d", %[[AND]] : tile<4xi16>
    // CHECK-NEXT: print_tko "%d", %[[OR]] : tile<4xi16>
    // CHECK-NEXT: print_tko "%d", %[[XOR]] : tile<4xi16>
    %3 = andi %l, %r : tile<4xi16>
    %p3 = print_tko "%d", %3 : tile<4xi16> -> token
    %4 = ori %l, %r : tile<4xi16>
    %p4 = print_tko "%d", %4 : tile<4xi16> -> token
    %5 = xori %l, %r : tile<4xi16>
    %p5 = print_tko "%d", %5 : tile<4xi16> -> token
    %s = constant <i8: [1, -1]> : tile<2xi8>
    %c3 = constant <i8: 3> : tile<2xi8>
    // CHECK-NEXT: print_tko "%d", %[[SHL]] : tile<2xi8>
    // CHECK-NEXT: print_tko "%d", %[[ASHR]] : tile<2xi8>
    // CHECK-NEXT: print_tko "%d", %[[LSHR]] : tile<2xi8>
    %6 = shli %s, %c3 overflow<no_signed_wrap> : tile<2xi8>
    %p6 = print_tko "%d", %6 : tile<2xi8> -> token
    %7 = shri %s, %c3 signed : tile<2xi8>
    %p7 = print_tko "%d", %7 : tile<2xi8> -> token
    %8 = shri %s, %c3 unsigned : tile<2xi8>
    %p8 = print_tko "%d", %8 : tile<2xi8> -> token
    return
  }
}

// -----

// Division rounds as the op says; remainders, min / max, abs, neg, compare.
// CHECK-LABEL: entry @int_division
cuda_tile.module @m {
  entry @int_division() {
    // CHECK-DAG: %[[TOWARD_ZERO:.*]] = constant <i32: [-3, 3]> : tile<2xi32>
    // CHECK-DAG: %[[FLOOR:.*]] = constant <i32: [-4, 3]> : tile<2xi32>
    // CHECK-DAG: %[[CEIL:.*]] = constant <i32: [-3, 4]> : tile<2xi32>
    // CHECK-DAG: %[[UCEIL:.*]] = constant <i32: [2147483645, 4]> : tile<2xi32>
    // CHECK-DAG: %[[SREM:.*]] = constant <i32: [-1, 1]> : tile<2xi32>
    // CHECK-DAG: %[[SMAX:.*]] = constant <i32: [2, 7]> : tile<2xi32>
    // CHECK-DAG: %[[UMAX:.*]] = constant <i32: [-7, 7]> : tile<2xi32>
    // CHECK-DAG: %[[ABS:.*]] = constant <i32: 7> : tile<2xi32>
    // CHECK-DAG: %[[NEG:.*]] = constant <i32: [7, -7]> : tile<2xi32>
    // CHECK-DAG: %[[SLT:.*]] = constant <i1: [true, false]> : tile<2xi1>
    // CHECK-DAG: %[[ULT:.*]] = constant <i1: false> : tile<2xi1>
    %a = constant <i32: [-7, 7]> : tile<2xi32>
    %two = constant <i32: 2> : tile<2xi32>
    // CHECK: print_tko "%d", %[[TOWARD_ZERO]] : tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[FLOOR]] : tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[CEIL]] : tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[UCEIL]] : tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[SREM]] : tile<2xi32>
    %0 = divi %a, %two signed : tile<2xi32>
    %p0 = print_tko "%d", %0 : tile<2xi32> -> token
    %1 = divi %a, %two signed rounding<negative_inf> : tile<2xi32>
    %p1 = print_tko "%d", %1 : tile<2xi32> -> token
    %2 = divi %a, %two signed rounding<positive_inf> : tile<2xi32>
    %p2 = print_tko "%d", %2 : tile<2xi32> -> token
    %3 = divi %a, %two unsigned rounding<positive_inf> : tile<2xi32>
    %p3 = print_tko "%d", %3 : tile<2xi32> -> token
    %4 = remi %a, %two signed : tile<2xi32>
    %p4 = print_tko "%d", %4 : tile<2xi32> -> token
    // CHECK-NEXT: print_tko "%d", %[[SMAX]] : tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[UMAX]] : tile<2xi32>
    %5 = maxi %a, %two signed : tile<2xi32>
    %p5 = print_tko "%d", %5 : tile<2xi32> -> token
    %6 = maxi %a, %two unsigned : tile<2xi32>
    %p6 = print_tko "%d", %6 : tile<2xi32> -> token
    // CHECK-NEXT: print_tko "%d", %[[ABS]] : tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[NEG]] : tile<2xi32>
    %7 = absi %a : tile<2xi32>
    %p7 = print_tko "%d", %7 : tile<2xi32> -> token
    %8 = negi %a overflow<no_signed_wrap> : tile<2xi32>
    %p8 = print_tko "%d", %8 : tile<2xi32> -> token
    // CHECK-NEXT: print_tko "%d", %[[SLT]] : tile<2xi1>
    // CHECK-NEXT: print_tko "%d", %[[ULT]] : tile<2xi1>
    %9 = cmpi less_than %a, %two, signed : tile<2xi32> -> tile<2xi1>
    %p9 = print_tko "%d", %9 : tile<2xi1> -> token
    %10 = cmpi less_than %a, %two, unsigned : tile<2xi32> -> tile<2xi1>
    %p10 = print_tko "%d", %10 : tile<2xi1> -> token
    return
  }
}

// -----

// Overflow flags: a fold whose wrapped result breaks the op's assumption is
// not made; without a flag, results wrap.
// CHECK-LABEL: entry @int_overflow
cuda_tile.module @m {
  entry @int_overflow() {
    // CHECK-DAG: %[[MAX:.*]] = constant <i8: 127> : tile<i8>
    // CHECK-DAG: %[[ONE:.*]] = constant <i8: 1> : tile<i8>
    // CHECK-DAG: %[[ALL:.*]] = constant <i8: -1> : tile<i8>
    // CHECK-DAG: %[[MIN:.*]] = constant <i8: -128> : tile<i8>
    // CHECK-DAG: %[[ZERO:.*]] = constant <i8: 0> : tile<i8>
    %max = constant <i8: 127> : tile<i8>
    %one = constant <i8: 1> : tile<i8>
    %all = constant <i8: -1> : tile<i8>
    // 127 + 1 wraps to -128: signed overflow, no unsigned overflow.
    // CHECK: print_tko "%d", %[[MIN]] : tile<i8>
    // CHECK-NEXT: %[[NSW:.*]] = addi %[[MAX]], %[[ONE]] overflow<no_signed_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[NSW]] : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[MIN]] : tile<i8>
    // CHECK-NEXT: %[[NW:.*]] = addi %[[MAX]], %[[ONE]] overflow<no_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[NW]] : tile<i8>
    %0 = addi %max, %one : tile<i8>
    %p0 = print_tko "%d", %0 : tile<i8> -> token
    %1 = addi %max, %one overflow<no_signed_wrap> : tile<i8>
    %p1 = print_tko "%d", %1 : tile<i8> -> token
    %2 = addi %max, %one overflow<no_unsigned_wrap> : tile<i8>
    %p2 = print_tko "%d", %2 : tile<i8> -> token
    %3 = addi %max, %one overflow<no_wrap> : tile<i8>
    %p3 = print_tko "%d", %3 : tile<i8> -> token
    // 255 + 1 wraps to 0: unsigned overflow, no signed overflow.
    // CHECK-NEXT: print_tko "%d", %[[ZERO]] : tile<i8>
    // CHECK-NEXT: %[[NUW:.*]] = addi %[[ALL]], %[[ONE]] overflow<no_unsigned_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[NUW]] : tile<i8>
    %4 = addi %all, %one overflow<no_signed_wrap> : tile<i8>
    %p4 = print_tko "%d", %4 : tile<i8> -> token
    %5 = addi %all, %one overflow<no_unsigned_wrap> : tile<i8>
    %p5 = print_tko "%d", %5 : tile<i8> -> token
    // 0 - 1 wraps unsigned; 127 * 2 wraps signed; 1 << 7 wraps signed.
    // CHECK-NEXT: %[[USUB:.*]] = subi %[[ZERO]], %[[ONE]] overflow<no_unsigned_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[USUB]] : tile<i8>
    %zero = constant <i8: 0> : tile<i8>
    %6 = subi %zero, %one overflow<no_unsigned_wrap> : tile<i8>
    %p6 = print_tko "%d", %6 : tile<i8> -> token
    // CHECK-NEXT: %[[SMUL:.*]] = muli %[[MAX]], %{{.*}} overflow<no_signed_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[SMUL]] : tile<i8>
    %two = constant <i8: 2> : tile<i8>
    %7 = muli %max, %two overflow<no_signed_wrap> : tile<i8>
    %p7 = print_tko "%d", %7 : tile<i8> -> token
    // CHECK-NEXT: %[[SHL:.*]] = shli %[[ONE]], %{{.*}} overflow<no_signed_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[SHL]] : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[MIN]] : tile<i8>
    %seven = constant <i8: 7> : tile<i8>
    %8 = shli %one, %seven overflow<no_signed_wrap> : tile<i8>
    %p8 = print_tko "%d", %8 : tile<i8> -> token
    %9 = shli %one, %seven overflow<no_unsigned_wrap> : tile<i8>
    %p9 = print_tko "%d", %9 : tile<i8> -> token
    // -(-128) overflows; with no_wrap only 0 may be negated.
    // CHECK-NEXT: %[[NEG:.*]] = negi %[[MIN]] overflow<no_signed_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[NEG]] : tile<i8>
    // CHECK-NEXT: %[[NEGNW:.*]] = negi %[[ONE]] overflow<no_wrap> : tile<i8>
    // CHECK-NEXT: print_tko "%d", %[[NEGNW]] : tile<i8>
    %min = constant <i8: -128> : tile<i8>
    %10 = negi %min overflow<no_signed_wrap> : tile<i8>
    %p10 = print_tko "%d", %10 : tile<i8> -> token
    %11 = negi %one overflow<no_wrap> : tile<i8>
    %p11 = print_tko "%d", %11 : tile<i8> -> token
    return
  }
}

// -----

// Operations without a defined constant result stay.
// CHECK-LABEL: entry @int_undefined
cuda_tile.module @m {
  entry @int_undefined() {
    %min = constant <i8: -128> : tile<i8>
    %all = constant <i8: -1> : tile<i8>
    %zero = constant <i8: 0> : tile<i8>
    %eight = constant <i8: 8> : tile<i8>
    // CHECK: divi {{.*}} signed : tile<i8>
    // CHECK: divi {{.*}} unsigned : tile<i8>
    // CHECK: remi {{.*}} signed : tile<i8>
    // CHECK: shli {{.*}} : tile<i8>
    // CHECK: shri {{.*}} unsigned : tile<i8>
    // CHECK: absi {{.*}} : tile<i8>
    %0 = divi %min, %all signed : tile<i8>
    %p0 = print_tko "%d", %0 : tile<i8> -> token
    %1 = divi %all, %zero unsigned : tile<i8>
    %p1 = print_tko "%d", %1 : tile<i8> -> token
    %2 = remi %all, %zero signed : tile<i8>
    %p2 = print_tko "%d", %2 : tile<i8> -> token
    %3 = shli %all, %eight : tile<i8>
    %p3 = print_tko "%d", %3 : tile<i8> -> token
    %4 = shri %all, %eight unsigned : tile<i8>
    %p4 = print_tko "%d", %4 : tile<i8> -> token
    %5 = absi %min : tile<i8>
    %p5 = print_tko "%d", %5 : tile<i8> -> token
    return
  }
}

// -----

// Float identities: only where they hold for every input, with the default
// rounding and without flush_to_zero.
// CHECK-LABEL: entry @float_identities
cuda_tile.module @m {
  entry @float_identities(%x: tile<f32>) {
    %nz = constant <f32: -0.0> : tile<f32>
    %pz = constant <f32: 0.0> : tile<f32>
    %one = constant <f32: 1.0> : tile<f32>
    // x + -0, x - +0, x * 1, 1 * x, x / 1, -(-x), max(x, x)
    // CHECK: print_tko "%f", %arg0 : tile<f32>
    // CHECK-NEXT: print_tko "%f", %arg0 : tile<f32>
    // CHECK-NEXT: print_tko "%f", %arg0 : tile<f32>
    // CHECK-NEXT: print_tko "%f", %arg0 : tile<f32>
    // CHECK-NEXT: print_tko "%f", %arg0 : tile<f32>
    // CHECK-NEXT: print_tko "%f", %arg0 : tile<f32>
    // CHECK-NEXT: print_tko "%f", %arg0 : tile<f32>
    %0 = addf %x, %nz : tile<f32>
    %p0 = print_tko "%f", %0 : tile<f32> -> token
    %1 = subf %x, %pz : tile<f32>
    %p1 = print_tko "%f", %1 : tile<f32> -> token
    %2 = mulf %x, %one : tile<f32>
    %p2 = print_tko "%f", %2 : tile<f32> -> token
    %3 = mulf %one, %x : tile<f32>
    %p3 = print_tko "%f", %3 : tile<f32> -> token
    %4 = divf %x, %one : tile<f32>
    %p4 = print_tko "%f", %4 : tile<f32> -> token
    %n = negf %x : tile<f32>
    %5 = negf %n : tile<f32>
    %p5 = print_tko "%f", %5 : tile<f32> -> token
    %6 = maxf %x, %x propagate_nan : tile<f32>
    %p6 = print_tko "%f", %6 : tile<f32> -> token
    // -0 + +0 is +0, so x + 0 is not x.
    // CHECK-NEXT: addf %arg0, %{{.*}}  : tile<f32>
    %7 = addf %x, %pz : tile<f32>
    %p7 = print_tko "%f", %7 : tile<f32> -> token
    // Other roundings and flush_to_zero change the result.
    // CHECK: subf %arg0, %{{.*}} rounding<negative_inf> : tile<f32>
    // CHECK: mulf %arg0, %{{.*}}  flush_to_zero : tile<f32>
    // CHECK: divf %arg0, %{{.*}} rounding<approx> : tile<f32>
    // CHECK: maxf %arg0, %arg0 flush_to_zero : tile<f32>
    %8 = subf %x, %pz rounding<negative_inf> : tile<f32>
    %p8 = print_tko "%f", %8 : tile<f32> -> token
    %9 = mulf %x, %one flush_to_zero : tile<f32>
    %p9 = print_tko "%f", %9 : tile<f32> -> token
    %10 = divf %x, %one rounding<approx> : tile<f32>
    %p10 = print_tko "%f", %10 : tile<f32> -> token
    %11 = maxf %x, %x flush_to_zero : tile<f32>
    %p11 = print_tko "%f", %11 : tile<f32> -> token
    return
  }
}

// -----

// Float constant folding rounds to nearest even in the op's own type.
// CHECK-LABEL: entry @float_constants
cuda_tile.module @m {
  entry @float_constants() {
    // CHECK-DAG: %[[ADD:.*]] = constant <f32: [2.500000e+00, -1.000000e+00]> : tile<2xf32>
    // CHECK-DAG: %[[SUB:.*]] = constant <f32: [-1.500000e+00, -5.000000e-01]> : tile<2xf32>
    // CHECK-DAG: %[[MUL:.*]] = constant <f32: [1.500000e+00, -6.000000e+00]> : tile<2xf32>
    // CHECK-DAG: %[[DIV:.*]] = constant <f32: [6.000000e-01, -1.200000e+00]> : tile<2xf32>
    // CHECK-DAG: %[[FMA:.*]] = constant <f32: [4.000000e+00, -3.500000e+00]> : tile<2xf32>
    // CHECK-DAG: %[[HALF_TIE:.*]] = constant <f16: 1.000000e+00> : tile<f16>
    // CHECK-DAG: %[[HALF_UP:.*]] = constant <f16: 1.001950e+00> : tile<f16>
    %a = constant <f32: [1.5, -3.0]> : tile<2xf32>
    %b = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %c = constant <f32: 2.5> : tile<2xf32>
    // CHECK: print_tko "%f", %[[ADD]] : tile<2xf32>
    // CHECK-NEXT: print_tko "%f", %[[SUB]] : tile<2xf32>
    // CHECK-NEXT: print_tko "%f", %[[MUL]] : tile<2xf32>
    // CHECK-NEXT: print_tko "%f", %[[DIV]] : tile<2xf32>
    // CHECK-NEXT: print_tko "%f", %[[FMA]] : tile<2xf32>
    %0 = addf %a, %b : tile<2xf32>
    %p0 = print_tko "%f", %0 : tile<2xf32> -> token
    %1 = subf %b, %c : tile<2xf32>
    %p1 = print_tko "%f", %1 : tile<2xf32> -> token
    %2 = mulf %a, %b : tile<2xf32>
    %p2 = print_tko "%f", %2 : tile<2xf32> -> token
    %3 = divf %a, %c : tile<2xf32>
    %p3 = print_tko "%f", %3 : tile<2xf32> -> token
    %4 = fma %a, %b, %c : tile<2xf32>
    %p4 = print_tko "%f", %4 : tile<2xf32> -> token
    // 1 + 2^-11 is halfway between two f16 values: ties to even.
    // 1 + 3 * 2^-11 rounds up.
    // CHECK-NEXT: print_tko "%f", %[[HALF_TIE]] : tile<f16>
    // CHECK-NEXT: print_tko "%f", %[[HALF_UP]] : tile<f16>
    %h1 = constant <f16: 1.0> : tile<f16>
    %tie = constant <f16: 0.00048828125> : tile<f16>
    %up = constant <f16: 0.00146484375> : tile<f16>
    %5 = addf %h1, %tie : tile<f16>
    %p5 = print_tko "%f", %5 : tile<f16> -> token
    %6 = addf %h1, %up : tile<f16>
    %p6 = print_tko "%f", %6 : tile<f16> -> token
    return
  }
}

// -----

// Float folds that must not happen.
// CHECK-LABEL: entry @float_no_fold
cuda_tile.module @m {
  entry @float_no_fold() {
    %a = constant <f32: 1.0> : tile<f32>
    %b = constant <f32: 3.0> : tile<f32>
    %z = constant <f32: 0.0> : tile<f32>
    // CHECK: addf %{{.*}}, %{{.*}} rounding<zero> : tile<f32>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<positive_inf> : tile<f32>
    // CHECK: mulf %{{.*}}, %{{.*}}  flush_to_zero : tile<f32>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<approx> : tile<f32>
    // CHECK: fma %{{.*}}, %{{.*}}, %{{.*}} rounding<negative_inf> : tile<f32>
    %0 = addf %a, %b rounding<zero> : tile<f32>
    %p0 = print_tko "%f", %0 : tile<f32> -> token
    %1 = divf %a, %b rounding<positive_inf> : tile<f32>
    %p1 = print_tko "%f", %1 : tile<f32> -> token
    %2 = mulf %a, %b flush_to_zero : tile<f32>
    %p2 = print_tko "%f", %2 : tile<f32> -> token
    %3 = divf %a, %b rounding<approx> : tile<f32>
    %p3 = print_tko "%f", %3 : tile<f32> -> token
    %4 = fma %a, %b, %a rounding<negative_inf> : tile<f32>
    %p4 = print_tko "%f", %4 : tile<f32> -> token
    // 0 / 0 is a NaN.
    // CHECK: divf %{{.*}}, %{{.*}}  : tile<f32>
    %5 = divf %z, %z : tile<f32>
    %p5 = print_tko "%f", %5 : tile<f32> -> token
    return
  }
}

// -----

// Sign operations, integral rounding, min / max and comparisons.
// CHECK-LABEL: entry @float_misc
cuda_tile.module @m {
  entry @float_misc() {
    // CHECK-DAG: %[[NEG:.*]] = constant <f64: [-1.500000e+00, 2.500000e+00]> : tile<2xf64>
    // CHECK-DAG: %[[ABS:.*]] = constant <f64: [1.500000e+00, 2.500000e+00]> : tile<2xf64>
    // CHECK-DAG: %[[FLOOR:.*]] = constant <f64: [1.000000e+00, -3.000000e+00]> : tile<2xf64>
    // CHECK-DAG: %[[CEIL:.*]] = constant <f64: [2.000000e+00, -2.000000e+00]> : tile<2xf64>
    // CHECK-DAG: %[[MAX:.*]] = constant <f32: [2.000000e+00, 1.000000e+00]> : tile<2xf32>
    // CHECK-DAG: %[[MIN:.*]] = constant <f32: 1.000000e+00> : tile<2xf32>
    %v = constant <f64: [1.5, -2.5]> : tile<2xf64>
    // CHECK: print_tko "%f", %[[NEG]] : tile<2xf64>
    // CHECK-NEXT: print_tko "%f", %[[ABS]] : tile<2xf64>
    // CHECK-NEXT: print_tko "%f", %[[FLOOR]] : tile<2xf64>
    // CHECK-NEXT: print_tko "%f", %[[CEIL]] : tile<2xf64>
    %0 = negf %v : tile<2xf64>
    %p0 = print_tko "%f", %0 : tile<2xf64> -> token
    %1 = absf %v : tile<2xf64>
    %p1 = print_tko "%f", %1 : tile<2xf64> -> token
    %2 = floor %v : tile<2xf64>
    %p2 = print_tko "%f", %2 : tile<2xf64> -> token
    %3 = ceil %v : tile<2xf64>
    %p3 = print_tko "%f", %3 : tile<2xf64> -> token
    // Without propagate_nan a NaN operand yields the other operand.
    // CHECK-NEXT: print_tko "%f", %[[MAX]] : tile<2xf32>
    // CHECK-NEXT: print_tko "%f", %[[MIN]] : tile<2xf32>
    %l = constant <f32: [1.0, 0x7FC00000]> : tile<2xf32>
    %r = constant <f32: [2.0, 1.0]> : tile<2xf32>
    %4 = maxf %l, %r : tile<2xf32>
    %p4 = print_tko "%f", %4 : tile<2xf32> -> token
    %5 = minf %l, %r : tile<2xf32>
    %p5 = print_tko "%f", %5 : tile<2xf32> -> token
    // With propagate_nan the result is a NaN; zeros of both signs are not
    // ordered: neither folds.
    // CHECK-NEXT: maxf %{{.*}}, %{{.*}} propagate_nan : tile<2xf32>
    // CHECK: minf %{{.*}}, %{{.*}} : tile<f32>
    %6 = maxf %l, %r propagate_nan : tile<2xf32>
    %p6 = print_tko "%f", %6 : tile<2xf32> -> token
    %pz = constant <f32: 0.0> : tile<f32>
    %nz = constant <f32: -0.0> : tile<f32>
    %7 = minf %pz, %nz : tile<f32>
    %p7 = print_tko "%f", %7 : tile<f32> -> token
    return
  }
}

// -----

// Ordered comparisons are false on NaN operands, unordered ones true.
// CHECK-LABEL: entry @float_compare
cuda_tile.module @m {
  entry @float_compare() {
    // CHECK-DAG: %[[OLT:.*]] = constant <i1: [true, false, false, false]> : tile<4xi1>
    // CHECK-DAG: %[[ULT:.*]] = constant <i1: [true, false, true, false]> : tile<4xi1>
    // CHECK-DAG: %[[ONE:.*]] = constant <i1: [true, false, false, true]> : tile<4xi1>
    // CHECK-DAG: %[[UEQ:.*]] = constant <i1: [false, true, true, false]> : tile<4xi1>
    %l = constant <f32: [1.0, 2.0, 0x7FC00000, 3.0]> : tile<4xf32>
    %r = constant <f32: [2.0, 2.0, 1.0, 2.0]> : tile<4xf32>
    // CHECK: print_tko "%d", %[[OLT]] : tile<4xi1>
    // CHECK-NEXT: print_tko "%d", %[[ULT]] : tile<4xi1>
    // CHECK-NEXT: print_tko "%d", %[[ONE]] : tile<4xi1>
    // CHECK-NEXT: print_tko "%d", %[[UEQ]] : tile<4xi1>
    %0 = cmpf less_than ordered %l, %r : tile<4xf32> -> tile<4xi1>
    %p0 = print_tko "%d", %0 : tile<4xi1> -> token
    %1 = cmpf less_than unordered %l, %r : tile<4xf32> -> tile<4xi1>
    %p1 = print_tko "%d", %1 : tile<4xi1> -> token
    %2 = cmpf not_equal ordered %l, %r : tile<4xf32> -> tile<4xi1>
    %p2 = print_tko "%d", %2 : tile<4xi1> -> token
    %3 = cmpf equal unordered %l, %r : tile<4xf32> -> tile<4xi1>
    %p3 = print_tko "%d", %3 : tile<4xi1> -> token
    return
  }
}

// -----

// Conversions of constants fold where the result is exact.
// CHECK-LABEL: entry @conversions
cuda_tile.module @m {
  entry @conversions() {
    // CHECK-DAG: %[[SEXT:.*]] = constant <i32: [-1, 127]> : tile<2xi32>
    // CHECK-DAG: %[[ZEXT:.*]] = constant <i32: [255, 127]> : tile<2xi32>
    // CHECK-DAG: %[[TRUNC:.*]] = constant <i8: [44, -1]> : tile<2xi8>
    // CHECK-DAG: %[[ITOF:.*]] = constant <f16: [-1.000000e+00, 1.270000e+02]> : tile<2xf16>
    // CHECK-DAG: %[[UITOF:.*]] = constant <f16: [2.550000e+02, 1.270000e+02]> : tile<2xf16>
    // CHECK-DAG: %[[FTOI:.*]] = constant <i32: [1, -2]> : tile<2xi32>
    // CHECK-DAG: %[[FTOF:.*]] = constant <f16: [1.500000e+00, -2.500000e+00]> : tile<2xf16>
    // CHECK-DAG: %[[E8M0:.*]] = constant <f8E8M0FNU: 4.000000e+00> : tile<2xf8E8M0FNU>
    // CHECK-DAG: %[[BITS:.*]] = constant <f32: [1.000000e+00, -1.000000e+00]> : tile<2xf32>
    %c = constant <i8: [-1, 127]> : tile<2xi8>
    // CHECK: print_tko "%d", %[[SEXT]] : tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[ZEXT]] : tile<2xi32>
    %0 = exti %c signed : tile<2xi8> -> tile<2xi32>
    %p0 = print_tko "%d", %0 : tile<2xi32> -> token
    %1 = exti %c unsigned : tile<2xi8> -> tile<2xi32>
    %p1 = print_tko "%d", %1 : tile<2xi32> -> token
    // CHECK-NEXT: print_tko "%d", %[[TRUNC]] : tile<2xi8>
    %w = constant <i32: [300, -1]> : tile<2xi32>
    %2 = trunci %w : tile<2xi32> -> tile<2xi8>
    %p2 = print_tko "%d", %2 : tile<2xi8> -> token
    // CHECK-NEXT: print_tko "%f", %[[ITOF]] : tile<2xf16>
    // CHECK-NEXT: print_tko "%f", %[[UITOF]] : tile<2xf16>
    %3 = itof %c signed : tile<2xi8> -> tile<2xf16>
    %p3 = print_tko "%f", %3 : tile<2xf16> -> token
    %4 = itof %c unsigned : tile<2xi8> -> tile<2xf16>
    %p4 = print_tko "%f", %4 : tile<2xf16> -> token
    // ftoi rounds toward zero.
    // CHECK-NEXT: print_tko "%d", %[[FTOI]] : tile<2xi32>
    %f = constant <f32: [1.5, -2.5]> : tile<2xf32>
    %5 = ftoi %f signed : tile<2xf32> -> tile<2xi32>
    %p5 = print_tko "%d", %5 : tile<2xi32> -> token
    // CHECK-NEXT: print_tko "%f", %[[FTOF]] : tile<2xf16>
    // CHECK-NEXT: print_tko "%f", %[[E8M0]] : tile<2xf8E8M0FNU>
    %6 = ftof %f : tile<2xf32> -> tile<2xf16>
    %p6 = print_tko "%f", %6 : tile<2xf16> -> token
    %four = constant <f32: 4.0> : tile<2xf32>
    %7 = ftof %four rounding<positive_inf> : tile<2xf32> -> tile<2xf8E8M0FNU>
    %p7 = print_tko "%f", %7 : tile<2xf8E8M0FNU> -> token
    // CHECK-NEXT: print_tko "%f", %[[BITS]] : tile<2xf32>
    %bits = constant <i32: [1065353216, -1082130432]> : tile<2xi32>
    %8 = bitcast %bits : tile<2xi32> -> tile<2xf32>
    %p8 = print_tko "%f", %8 : tile<2xf32> -> token
    return
  }
}

// -----

// Conversions whose constant result would not be exact, or not defined,
// stay.
// CHECK-LABEL: entry @conversions_no_fold
cuda_tile.module @m {
  entry @conversions_no_fold() {
    // 2^24 + 1 has no f32 representation.
    // CHECK: itof %{{.*}} signed  : tile<i32> -> tile<f32>
    %big = constant <i32: 16777217> : tile<i32>
    %0 = itof %big signed : tile<i32> -> tile<f32>
    %p0 = print_tko "%f", %0 : tile<f32> -> token
    // Negative values and NaN have no unsigned integer value.
    // CHECK: ftoi %{{.*}} unsigned  : tile<f32> -> tile<i32>
    // CHECK: ftoi %{{.*}} signed  : tile<f32> -> tile<i8>
    %neg = constant <f32: -1.0> : tile<f32>
    %1 = ftoi %neg unsigned : tile<f32> -> tile<i32>
    %p1 = print_tko "%d", %1 : tile<i32> -> token
    %nan = constant <f32: 0x7FC00000> : tile<f32>
    %2 = ftoi %nan signed : tile<f32> -> tile<i8>
    %p2 = print_tko "%d", %2 : tile<i8> -> token
    // 0.1 is not an f16 value.
    // CHECK: ftof %{{.*}}  : tile<f32> -> tile<f16>
    %tenth = constant <f32: 0.1> : tile<f32>
    %3 = ftof %tenth : tile<f32> -> tile<f16>
    %p3 = print_tko "%f", %3 : tile<f16> -> token
    // Overflow assumptions broken by the truncated value.
    // CHECK: trunci %{{.*}} overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    // CHECK: trunci %{{.*}} overflow<no_unsigned_wrap> : tile<i16> -> tile<i8>
    %h = constant <i16: 200> : tile<i16>
    %4 = trunci %h overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    %p4 = print_tko "%d", %4 : tile<i8> -> token
    %m = constant <i16: -1> : tile<i16>
    %5 = trunci %m overflow<no_unsigned_wrap> : tile<i16> -> tile<i8>
    %p5 = print_tko "%d", %5 : tile<i8> -> token
    // There are no i4 constants.
    // CHECK: trunci %{{.*}} : tile<2xi8> -> tile<2xi4>
    %c = constant <i8: [1, 2]> : tile<2xi8>
    %6 = trunci %c : tile<2xi8> -> tile<2xi4>
    %7 = exti %6 signed : tile<2xi4> -> tile<2xi16>
    %p7 = print_tko "%d", %7 : tile<2xi16> -> token
    return
  }
}

// -----

// Round trips through conversions.
// CHECK-LABEL: entry @conversion_chains
cuda_tile.module @m {
  entry @conversion_chains(%x: tile<i16>, %f: tile<f32>, %p: tile<ptr<f32>>, %i: tile<i64>) {
    // CHECK: print_tko "%d", %arg0 : tile<i16>
    %0 = exti %x signed : tile<i16> -> tile<i64>
    %1 = trunci %0 : tile<i64> -> tile<i16>
    %p1 = print_tko "%d", %1 : tile<i16> -> token
    // CHECK-NEXT: print_tko "%f", %arg1 : tile<f32>
    %2 = bitcast %f : tile<f32> -> tile<i32>
    %3 = bitcast %2 : tile<i32> -> tile<f32>
    %p3 = print_tko "%f", %3 : tile<f32> -> token
    // CHECK: print_tko "%p", %arg2 : tile<ptr<f32>>
    %4 = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %5 = int_to_ptr %4 : tile<i64> -> tile<ptr<f32>>
    %p5 = print_tko "%p", %5 : tile<ptr<f32>> -> token
    // CHECK-NEXT: print_tko "%d", %arg3 : tile<i64>
    %6 = int_to_ptr %i : tile<i64> -> tile<ptr<i8>>
    %7 = ptr_to_int %6 : tile<ptr<i8>> -> tile<i64>
    %p7 = print_tko "%d", %7 : tile<i64> -> token
    // CHECK-NEXT: print_tko "%p", %arg2 : tile<ptr<f32>>
    %8 = ptr_to_ptr %p : tile<ptr<f32>> -> tile<ptr<i8>>
    %9 = ptr_to_ptr %8 : tile<ptr<i8>> -> tile<ptr<f32>>
    %p9 = print_tko "%p", %9 : tile<ptr<f32>> -> token
    // A round trip through another pointee type is a single cast.
    // CHECK-NEXT: %[[CAST:.*]] = int_to_ptr %{{.*}} : tile<i64> -> tile<ptr<f16>>
    // CHECK-NEXT: print_tko "%p", %[[CAST]] : tile<ptr<f16>>
    %10 = int_to_ptr %4 : tile<i64> -> tile<ptr<f16>>
    %p10 = print_tko "%p", %10 : tile<ptr<f16>> -> token
    return
  }
}

// -----

// A product goes to the left of an addf (where fuse-fma looks for it); a
// sum of two products, or one already on the left, stays.
// CHECK-LABEL: entry @product_first
cuda_tile.module @m {
  entry @product_first(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>) {
    // CHECK: %[[M:.*]] = mulf %arg0, %arg1  : tile<f32>
    // CHECK-NEXT: %[[S:.*]] = addf %[[M]], %arg2 rounding<zero> : tile<f32>
    // CHECK-NEXT: %[[M2:.*]] = mulf %arg1, %arg2  : tile<f32>
    // CHECK-NEXT: %[[S2:.*]] = addf %[[M]], %[[M2]]  : tile<f32>
    // CHECK-NEXT: print_tko "%f %f", %[[S]], %[[S2]]
    %m = mulf %a, %b : tile<f32>
    %s = addf %c, %m rounding<zero> : tile<f32>
    %m2 = mulf %b, %c : tile<f32>
    %s2 = addf %m, %m2 : tile<f32>
    %t = print_tko "%f %f", %s, %s2 : tile<f32>, tile<f32> -> token
    return
  }
}

// -----

// Assuming the same of a value twice in a row is assuming it once; another
// predicate stays.
// CHECK-LABEL: entry @assume_twice
cuda_tile.module @m {
  entry @assume_twice(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // CHECK: %[[A:.*]] = assume div_by<16>, %arg0 : tile<ptr<f32>>
    // CHECK-NEXT: %[[B:.*]] = assume div_by<8>, %[[A]] : tile<ptr<f32>>
    // CHECK-NEXT: %[[C:.*]] = assume bounded<0, 42>, %arg1 : tile<i32>
    // CHECK-NEXT: print_tko "%d %d", %[[B]], %[[C]]
    %a0 = assume div_by<16>, %p : tile<ptr<f32>>
    %a1 = assume div_by<16>, %a0 : tile<ptr<f32>>
    %a2 = assume div_by<8>, %a1 : tile<ptr<f32>>
    %b0 = assume bounded<0, 42>, %n : tile<i32>
    %b1 = assume bounded<0, 42>, %b0 : tile<i32>
    %t = print_tko "%d %d", %a2, %b1 : tile<ptr<f32>>, tile<i32> -> token
    return
  }
}
