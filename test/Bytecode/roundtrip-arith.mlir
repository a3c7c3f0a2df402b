// Integer, floating-point, math and conversion ops, with every value of the
// enums they carry, written and read back at every version that has them:
// the text printed after the round trip is the text of the input, and
// writing what was read gives the same bytes.
//
// RUN: %cuda-tile-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | %cuda-tile-opt -no-implicit-module -o %t.rt.mlir
// RUN: diff %t.ref.mlir %t.rt.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo %t.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: entry @int_ops
  entry @int_ops(%a: tile<i32>, %b: tile<i32>, %l: tile<i64>, %c: tile<i1>) {
    // CHECK: addi %{{.*}}, %{{.*}} : tile<i32>
    %0 = addi %a, %b : tile<i32>
    // CHECK: addi %{{.*}}, %{{.*}} overflow<no_signed_wrap> : tile<i32>
    %1 = addi %a, %b overflow<no_signed_wrap> : tile<i32>
    // CHECK: subi %{{.*}}, %{{.*}} overflow<no_unsigned_wrap> : tile<i32>
    %2 = subi %a, %b overflow<no_unsigned_wrap> : tile<i32>
    // CHECK: muli %{{.*}}, %{{.*}} overflow<no_wrap> : tile<i32>
    %3 = muli %a, %b overflow<no_wrap> : tile<i32>
    %4 = shli %a, %b overflow<no_signed_wrap> : tile<i32>
    // CHECK: shri %{{.*}}, %{{.*}} unsigned : tile<i32>
    %5 = shri %a, %b unsigned : tile<i32>
    %6 = shri %a, %b signed : tile<i32>
    %7 = mulhii %a, %b : tile<i32>
    // CHECK: divi %{{.*}}, %{{.*}} signed rounding<positive_inf> : tile<i64>
    %8 = divi %l, %l signed rounding<positive_inf> : tile<i64>
    %9 = divi %l, %l unsigned rounding<positive_inf> : tile<i64>
    %10 = divi %l, %l signed : tile<i64>
    %11 = remi %l, %l unsigned : tile<i64>
    %12 = maxi %a, %b signed : tile<i32>
    %13 = mini %a, %b unsigned : tile<i32>
    %14 = absi %a : tile<i32>
    // CHECK: negi %{{.*}} overflow<no_wrap> : tile<i32>
    %15 = negi %a overflow<no_wrap> : tile<i32>
    %16 = negi %a : tile<i32>
    %17 = andi %c, %c : tile<i1>
    %18 = ori %a, %b : tile<i32>
    %19 = xori %a, %b : tile<i32>
    // CHECK: cmpi equal %{{.*}}, %{{.*}}, signed
    %20 = cmpi equal %a, %b, signed : tile<i32> -> tile<i1>
    %21 = cmpi not_equal %a, %b, unsigned : tile<i32> -> tile<i1>
    %22 = cmpi less_than %a, %b, signed : tile<i32> -> tile<i1>
    %23 = cmpi less_than_or_equal %a, %b, unsigned : tile<i32> -> tile<i1>
    %24 = cmpi greater_than %a, %b, signed : tile<i32> -> tile<i1>
    // CHECK: cmpi greater_than_or_equal %{{.*}}, %{{.*}}, unsigned
    %25 = cmpi greater_than_or_equal %a, %b, unsigned : tile<i32> -> tile<i1>
    return
  }

  // CHECK-LABEL: entry @float_ops
  entry @float_ops(%x: tile<f32>, %y: tile<f32>, %h: tile<f16>, %bh: tile<bf16>, %d: tile<f64>) {
    // CHECK: addf %{{.*}}, %{{.*}} rounding<zero> flush_to_zero : tile<f32>
    %0 = addf %x, %y rounding<zero> flush_to_zero : tile<f32>
    %1 = subf %x, %y rounding<negative_inf> : tile<f32>
    %2 = mulf %h, %h rounding<positive_inf> : tile<f16>
    %3 = divf %x, %y rounding<approx> flush_to_zero : tile<f32>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<full> : tile<f32>
    %4 = divf %x, %y rounding<full> : tile<f32>
    %5 = fma %d, %d, %d rounding<nearest_even> : tile<f64>
    %6 = fma %bh, %bh, %bh rounding<zero> : tile<bf16>
    // CHECK: maxf %{{.*}}, %{{.*}} flush_to_zero propagate_nan : tile<f32>
    %7 = maxf %x, %y propagate_nan flush_to_zero : tile<f32>
    %8 = minf %x, %y propagate_nan : tile<f32>
    %9 = minf %x, %y : tile<f32>
    %10 = absf %h : tile<f16>
    %11 = negf %bh : tile<bf16>
    %12 = remf %d, %d : tile<f64>
    %13 = pow %x, %y : tile<f32>
    // CHECK: cmpf less_than unordered
    %14 = cmpf less_than unordered %x, %y : tile<f32> -> tile<i1>
    %15 = cmpf equal ordered %x, %y : tile<f32> -> tile<i1>
    %16 = cmpf not_equal ordered %x, %y : tile<f32> -> tile<i1>
    %17 = cmpf less_than_or_equal unordered %x, %y : tile<f32> -> tile<i1>
    %18 = cmpf greater_than ordered %x, %y : tile<f32> -> tile<i1>
    %19 = cmpf greater_than_or_equal unordered %x, %y : tile<f32> -> tile<i1>
    return
  }

  // CHECK-LABEL: entry @math
  entry @math(%x: tile<f32>) {
    %0 = cos %x : tile<f32>
    %1 = cosh %x : tile<f32>
    %2 = sin %x : tile<f32>
    %3 = sinh %x : tile<f32>
    %4 = tan %x : tile<f32>
    // CHECK: tanh %{{.*}} rounding<approx> : tile<f32>
    %5 = tanh %x rounding<approx> : tile<f32>
    %6 = tanh %x : tile<f32>
    // CHECK: exp %{{.*}} rounding<approx> : tile<f32>
    %7 = exp %x rounding<approx> : tile<f32>
    %8 = exp %x : tile<f32>
    %9 = exp2 %x flush_to_zero : tile<f32>
    %10 = log %x : tile<f32>
    %11 = log2 %x : tile<f32>
    %12 = rsqrt %x flush_to_zero : tile<f32>
    // CHECK: sqrt %{{.*}} rounding<approx> flush_to_zero : tile<f32>
    %13 = sqrt %x rounding<approx> flush_to_zero : tile<f32>
    %14 = sqrt %x rounding<nearest_even> : tile<f32>
    %15 = floor %x : tile<f32>
    %16 = ceil %x : tile<f32>
    // CHECK: atan2
    %17 = atan2 %x, %x : tile<f32>
    return
  }

  // CHECK-LABEL: entry @conversions
  entry @conversions(%i: tile<i32>, %l: tile<i64>, %f: tile<f32>, %h: tile<f16>, %p: tile<ptr<f32>>) {
    // CHECK: exti %{{.*}} unsigned : tile<i32> -> tile<i64>
    %0 = exti %i unsigned : tile<i32> -> tile<i64>
    %1 = trunci %l overflow<no_signed_wrap> : tile<i64> -> tile<i8>
    %2 = trunci %l : tile<i64> -> tile<i1>
    %3 = itof %i signed rounding<nearest_even> : tile<i32> -> tile<f32>
    %4 = itof %l unsigned : tile<i64> -> tile<tf32>
    // CHECK: ftoi %{{.*}} signed : tile<f16> -> tile<i16>
    %5 = ftoi %h signed rounding<nearest_int_to_zero> : tile<f16> -> tile<i16>
    %6 = ftof %f rounding<nearest_even> : tile<f32> -> tile<bf16>
    %7 = ftof %f : tile<f32> -> tile<f8E4M3FN>
    %8 = ftof %h : tile<f16> -> tile<f8E5M2>
    %9 = bitcast %f : tile<f32> -> tile<i32>
    %10 = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %11 = int_to_ptr %10 : tile<i64> -> tile<ptr<f32>>
    %12 = ptr_to_ptr %11 : tile<ptr<f32>> -> tile<ptr<i8>>
    return
  }
}
