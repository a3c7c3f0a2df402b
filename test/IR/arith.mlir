// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Integer, bitwise and floating-point arithmetic: every op with each of its
// modifiers, printed back in canonical form.

cuda_tile.module @arith {
  // CHECK-LABEL: entry @int_overflow
  entry @int_overflow(%a: tile<i32>, %b: tile<i32>) {
    // CHECK: addi %arg0, %arg1 : tile<i32>
    // CHECK: addi %arg0, %arg1 : tile<i32>
    // CHECK: addi %arg0, %arg1 overflow<no_signed_wrap> : tile<i32>
    // CHECK: addi %arg0, %arg1 overflow<no_unsigned_wrap> : tile<i32>
    // CHECK: addi %arg0, %arg1 overflow<no_wrap> : tile<i32>
    // GENERIC-LABEL: sym_name = "int_overflow"
    // GENERIC: "cuda_tile.addi"(%{{[^,]*}}, %{{[^)]*}}) <{overflow = #cuda_tile.overflow<none>}>
    // GENERIC: "cuda_tile.addi"(%{{[^,]*}}, %{{[^)]*}}) <{overflow = #cuda_tile.overflow<none>}>
    // GENERIC: "cuda_tile.addi"(%{{[^,]*}}, %{{[^)]*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
    %0 = addi %a, %b : tile<i32>
    %1 = addi %a, %b overflow<none> : tile<i32>
    %2 = addi %a, %b overflow<no_signed_wrap> : tile<i32>
    %3 = addi %a, %b overflow<no_unsigned_wrap> : tile<i32>
    %4 = addi %a, %b overflow<no_wrap> : tile<i32>
    // CHECK: subi %arg0, %arg1 : tile<i32>
    // CHECK: subi %arg0, %arg1 overflow<no_wrap> : tile<i32>
    %5 = subi %a, %b : tile<i32>
    %6 = subi %a, %b overflow<no_wrap> : tile<i32>
    // CHECK: muli %arg0, %arg1 : tile<i32>
    // CHECK: muli %arg0, %arg1 overflow<no_signed_wrap> : tile<i32>
    %7 = muli %a, %b : tile<i32>
    %8 = muli %a, %b overflow<no_signed_wrap> : tile<i32>
    // CHECK: shli %arg0, %arg1 : tile<i32>
    // CHECK: shli %arg0, %arg1 overflow<no_unsigned_wrap> : tile<i32>
    %9 = shli %a, %b : tile<i32>
    %10 = shli %a, %b overflow<no_unsigned_wrap> : tile<i32>
    // CHECK: mulhii %arg0, %arg1 : tile<i32>
    %11 = mulhii %a, %b : tile<i32>
    // CHECK: negi %arg0 : tile<i32>
    // CHECK: negi %arg0 overflow<no_signed_wrap> : tile<i32>
    // CHECK: negi %arg0 overflow<no_wrap> : tile<i32>
    %12 = negi %a : tile<i32>
    %13 = negi %a overflow<no_signed_wrap> : tile<i32>
    %14 = negi %a overflow<no_wrap> : tile<i32>
    // CHECK: absi %arg0 : tile<i32>
    %15 = absi %a : tile<i32>
  }

  // CHECK-LABEL: entry @int_signed
  entry @int_signed(%a: tile<i64>, %b: tile<i64>) {
    // CHECK: divi %arg0, %arg1 signed : tile<i64>
    // CHECK: divi %arg0, %arg1 signed : tile<i64>
    // CHECK: divi %arg0, %arg1 signed rounding<negative_inf> : tile<i64>
    // CHECK: divi %arg0, %arg1 signed rounding<positive_inf> : tile<i64>
    // CHECK: divi %arg0, %arg1 unsigned : tile<i64>
    // CHECK: divi %arg0, %arg1 unsigned rounding<positive_inf> : tile<i64>
    // GENERIC-LABEL: sym_name = "int_signed"
    // GENERIC: "cuda_tile.divi"(%{{[^,]*}}, %{{[^)]*}}) <{rounding = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}>
    %0 = divi %a, %b signed : tile<i64>
    %1 = divi %a, %b signed rounding<zero> : tile<i64>
    %2 = divi %a, %b signed rounding<negative_inf> : tile<i64>
    %3 = divi %a, %b signed rounding<positive_inf> : tile<i64>
    %4 = divi %a, %b unsigned : tile<i64>
    %5 = divi %a, %b unsigned rounding<positive_inf> : tile<i64>
    // CHECK: remi %arg0, %arg1 signed : tile<i64>
    // CHECK: remi %arg0, %arg1 unsigned : tile<i64>
    %6 = remi %a, %b signed : tile<i64>
    %7 = remi %a, %b unsigned : tile<i64>
    // CHECK: maxi %arg0, %arg1 signed : tile<i64>
    // CHECK: mini %arg0, %arg1 unsigned : tile<i64>
    %8 = maxi %a, %b signed : tile<i64>
    %9 = mini %a, %b unsigned : tile<i64>
    // CHECK: shri %arg0, %arg1 signed : tile<i64>
    // CHECK: shri %arg0, %arg1 unsigned : tile<i64>
    %10 = shri %a, %b signed : tile<i64>
    %11 = shri %a, %b unsigned : tile<i64>
  }

  // CHECK-LABEL: entry @bitwise
  entry @bitwise(%a: tile<i1>, %b: tile<i8>) {
    // CHECK: andi %arg0, %arg0 : tile<i1>
    // CHECK: ori %arg1, %arg1 : tile<i8>
    // CHECK: xori %arg0, %arg0 : tile<i1>
    %0 = andi %a, %a : tile<i1>
    %1 = ori %b, %b : tile<i8>
    %2 = xori %a, %a : tile<i1>
    // Long-form types are accepted too.
    // CHECK: addi %arg1, %arg1 : tile<i8>
    %3 = addi %b, %b : !cuda_tile.tile<i8>
  }

  // CHECK-LABEL: entry @compare
  entry @compare(%a: tile<i16>, %f: tile<bf16>) {
    // CHECK: cmpi equal %arg0, %arg0, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi not_equal %arg0, %arg0, unsigned : tile<i16> -> tile<i1>
    // CHECK: cmpi less_than %arg0, %arg0, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi less_than_or_equal %arg0, %arg0, unsigned : tile<i16> -> tile<i1>
    // CHECK: cmpi greater_than %arg0, %arg0, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi greater_than_or_equal %arg0, %arg0, unsigned : tile<i16> -> tile<i1>
    // GENERIC-LABEL: sym_name = "compare"
    // GENERIC: "cuda_tile.cmpi"(%{{[^,]*}}, %{{[^)]*}}) <{comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>}>
    %0 = cmpi equal %a, %a, signed : tile<i16> -> tile<i1>
    %1 = cmpi not_equal %a, %a, unsigned : tile<i16> -> tile<i1>
    %2 = cmpi less_than %a, %a, signed : tile<i16> -> tile<i1>
    %3 = cmpi less_than_or_equal %a, %a, unsigned : tile<i16> -> tile<i1>
    %4 = cmpi greater_than %a, %a, signed : tile<i16> -> tile<i1>
    %5 = cmpi greater_than_or_equal %a, %a, unsigned : tile<i16> -> tile<i1>
    // CHECK: cmpf equal ordered %arg1, %arg1 : tile<bf16> -> tile<i1>
    // CHECK: cmpf not_equal unordered %arg1, %arg1 : tile<bf16> -> tile<i1>
    // CHECK: cmpf greater_than_or_equal ordered %arg1, %arg1 : tile<bf16> -> tile<i1>
    // GENERIC: "cuda_tile.cmpf"(%{{[^,]*}}, %{{[^)]*}}) <{comparison_ordering = #cuda_tile.comparison_ordering<ordered>, comparison_predicate = #cuda_tile.comparison_predicate<equal>}>
    %6 = cmpf equal ordered %f, %f : tile<bf16> -> tile<i1>
    %7 = cmpf not_equal unordered %f, %f : tile<bf16> -> tile<i1>
    %8 = cmpf greater_than_or_equal ordered %f, %f : tile<bf16> -> tile<i1>
  }

  // CHECK-LABEL: entry @compare_shapes
  entry @compare_shapes() {
    %c = constant <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>
    %f = constant <f64: [1.0, 2.0, 3.0, 4.0]> : tile<4xf64>
    // CHECK: cmpi less_than %{{.*}}, %{{.*}}, unsigned : tile<2x2xi32> -> tile<2x2xi1>
    // CHECK: cmpf less_than ordered %{{.*}}, %{{.*}} : tile<4xf64> -> tile<4xi1>
    %0 = cmpi less_than %c, %c, unsigned : tile<2x2xi32> -> tile<2x2xi1>
    %1 = cmpf less_than ordered %f, %f : tile<4xf64> -> tile<4xi1>
  }

  // The default rounding (nearest_even) is not printed; the space it leaves
  // is kept.
  // CHECK-LABEL: entry @float_rounding
  entry @float_rounding(%a: tile<f32>, %b: tile<f32>) {
    // CHECK: addf %arg0, %arg1  : tile<f32>
    // CHECK: addf %arg0, %arg1  : tile<f32>
    // CHECK: addf %arg0, %arg1 rounding<zero> : tile<f32>
    // CHECK: addf %arg0, %arg1 rounding<negative_inf> : tile<f32>
    // CHECK: addf %arg0, %arg1 rounding<positive_inf> : tile<f32>
    // CHECK: addf %arg0, %arg1  flush_to_zero : tile<f32>
    // CHECK: addf %arg0, %arg1 rounding<zero> flush_to_zero : tile<f32>
    // GENERIC-LABEL: sym_name = "float_rounding"
    // GENERIC: "cuda_tile.addf"(%{{[^,]*}}, %{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
    // GENERIC: "cuda_tile.addf"(%{{[^,]*}}, %{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
    // GENERIC: "cuda_tile.addf"(%{{[^,]*}}, %{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<zero>}>
    %0 = addf %a, %b : tile<f32>
    %1 = addf %a, %b rounding<nearest_even> : tile<f32>
    %2 = addf %a, %b rounding<zero> : tile<f32>
    %3 = addf %a, %b rounding<negative_inf> : tile<f32>
    %4 = addf %a, %b rounding<positive_inf> : tile<f32>
    %5 = addf %a, %b flush_to_zero : tile<f32>
    %6 = addf %a, %b rounding<zero> flush_to_zero : tile<f32>
    // CHECK: subf %arg0, %arg1  : tile<f32>
    // CHECK: subf %arg0, %arg1 rounding<positive_inf> flush_to_zero : tile<f32>
    %7 = subf %a, %b : tile<f32>
    %8 = subf %a, %b rounding<positive_inf> flush_to_zero : tile<f32>
    // CHECK: mulf %arg0, %arg1  : tile<f32>
    // CHECK: mulf %arg0, %arg1 rounding<negative_inf> : tile<f32>
    %9 = mulf %a, %b : tile<f32>
    %10 = mulf %a, %b rounding<negative_inf> : tile<f32>
    // CHECK: divf %arg0, %arg1  : tile<f32>
    // CHECK: divf %arg0, %arg1 rounding<zero> : tile<f32>
    // CHECK: divf %arg0, %arg1 rounding<approx> : tile<f32>
    // CHECK: divf %arg0, %arg1 rounding<full> flush_to_zero : tile<f32>
    %11 = divf %a, %b : tile<f32>
    %12 = divf %a, %b rounding<zero> : tile<f32>
    %13 = divf %a, %b rounding<approx> : tile<f32>
    %14 = divf %a, %b rounding<full> flush_to_zero : tile<f32>
    // CHECK: fma %arg0, %arg1, %arg0  : tile<f32>
    // CHECK: fma %arg0, %arg1, %arg0 rounding<zero> flush_to_zero : tile<f32>
    %15 = fma %a, %b, %a : tile<f32>
    %16 = fma %a, %b, %a rounding<zero> flush_to_zero : tile<f32>
    // CHECK: remf %arg0, %arg1 : tile<f32>
    %17 = remf %a, %b : tile<f32>
  }

  // CHECK-LABEL: entry @float_widths
  entry @float_widths(%h: tile<f16>, %bh: tile<bf16>, %d: tile<f64>) {
    // CHECK: addf %arg0, %arg0 rounding<zero> : tile<f16>
    // CHECK: mulf %arg1, %arg1  : tile<bf16>
    // CHECK: divf %arg2, %arg2 rounding<positive_inf> : tile<f64>
    // CHECK: fma %arg1, %arg1, %arg1 rounding<negative_inf> : tile<bf16>
    %0 = addf %h, %h rounding<zero> : tile<f16>
    %1 = mulf %bh, %bh : tile<bf16>
    %2 = divf %d, %d rounding<positive_inf> : tile<f64>
    %3 = fma %bh, %bh, %bh rounding<negative_inf> : tile<bf16>
  }

  // flush_to_zero is printed before propagate_nan whatever the input order.
  // CHECK-LABEL: entry @min_max
  entry @min_max(%a: tile<f32>, %d: tile<f64>) {
    // CHECK: maxf %arg0, %arg0 : tile<f32>
    // CHECK: maxf %arg0, %arg0 propagate_nan : tile<f32>
    // CHECK: maxf %arg0, %arg0 flush_to_zero : tile<f32>
    // CHECK: maxf %arg0, %arg0 flush_to_zero propagate_nan : tile<f32>
    // CHECK: maxf %arg0, %arg0 flush_to_zero propagate_nan : tile<f32>
    // CHECK: minf %arg1, %arg1 propagate_nan : tile<f64>
    %0 = maxf %a, %a : tile<f32>
    %1 = maxf %a, %a propagate_nan : tile<f32>
    %2 = maxf %a, %a flush_to_zero : tile<f32>
    %3 = maxf %a, %a flush_to_zero propagate_nan : tile<f32>
    %4 = maxf %a, %a propagate_nan flush_to_zero : tile<f32>
    %5 = minf %d, %d propagate_nan : tile<f64>
  }

  // CHECK-LABEL: entry @float_unary
  entry @float_unary() {
    %a = constant <f32: 1.5> : tile<4x8xf32>
    // CHECK: absf %[[A:.*]] : tile<4x8xf32>
    // CHECK: negf %[[A]] : tile<4x8xf32>
    %0 = absf %a : tile<4x8xf32>
    %1 = negf %a : tile<4x8xf32>
  }
}
