// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Element type conversions.

cuda_tile.module @conversion {
  // Same-width reinterpretation between integer and float types.
  // CHECK-LABEL: entry @bitcast
  entry @bitcast(%f: tile<f32>, %h: tile<f16>, %d: tile<f64>, %c: tile<i8>) {
    // CHECK: bitcast %arg0 : tile<f32> -> tile<i32>
    // CHECK: bitcast %{{.*}} : tile<i32> -> tile<f32>
    // CHECK: bitcast %arg1 : tile<f16> -> tile<bf16>
    // CHECK: bitcast %{{.*}} : tile<bf16> -> tile<i16>
    // CHECK: bitcast %arg2 : tile<f64> -> tile<i64>
    // CHECK: bitcast %arg3 : tile<i8> -> tile<f8E4M3FN>
    // CHECK: bitcast %{{.*}} : tile<f8E4M3FN> -> tile<f8E5M2>
    // CHECK: bitcast %arg3 : tile<i8> -> tile<f8E8M0FNU>
    // CHECK: bitcast %arg0 : tile<f32> -> tile<f32>
    %0 = bitcast %f : tile<f32> -> tile<i32>
    %1 = bitcast %0 : tile<i32> -> tile<f32>
    %2 = bitcast %h : tile<f16> -> tile<bf16>
    %3 = bitcast %2 : tile<bf16> -> tile<i16>
    %4 = bitcast %d : tile<f64> -> tile<i64>
    %5 = bitcast %c : tile<i8> -> tile<f8E4M3FN>
    %6 = bitcast %5 : tile<f8E4M3FN> -> tile<f8E5M2>
    %7 = bitcast %c : tile<i8> -> tile<f8E8M0FNU>
    %8 = bitcast %f : tile<f32> -> tile<f32>
    %v = constant <i32: [1065353216, -1082130432]> : tile<2xi32>
    // CHECK: bitcast %{{.*}} : tile<2xi32> -> tile<2xf32>
    %9 = bitcast %v : tile<2xi32> -> tile<2xf32>
  }

  // CHECK-LABEL: entry @pointers
  entry @pointers(%p: tile<ptr<f32>>) {
    // CHECK: ptr_to_int %arg0 : tile<ptr<f32>> -> tile<i64>
    // CHECK: int_to_ptr %{{.*}} : tile<i64> -> tile<ptr<f32>>
    // CHECK: ptr_to_ptr %{{.*}} : tile<ptr<f32>> -> tile<ptr<i8>>
    // CHECK: ptr_to_ptr %{{.*}} : tile<ptr<i8>> -> tile<ptr<f64>>
    %0 = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %1 = int_to_ptr %0 : tile<i64> -> tile<ptr<f32>>
    %2 = ptr_to_ptr %1 : tile<ptr<f32>> -> tile<ptr<i8>>
    %3 = ptr_to_ptr %2 : !cuda_tile.tile<!cuda_tile.ptr<i8>> -> !cuda_tile.tile<!cuda_tile.ptr<f64>>
    %i = constant <i64: [4096, 8192]> : tile<2xi64>
    // CHECK: int_to_ptr %{{.*}} : tile<2xi64> -> tile<2xptr<i16>>
    // CHECK: ptr_to_int %{{.*}} : tile<2xptr<i16>> -> tile<2xi64>
    %4 = int_to_ptr %i : tile<2xi64> -> tile<2xptr<i16>>
    %5 = ptr_to_int %4 : tile<2xptr<i16>> -> tile<2xi64>
  }

  // CHECK-LABEL: entry @integers
  entry @integers(%b: tile<i1>, %c: tile<i8>, %s: tile<i16>, %w: tile<i32>, %d: tile<i64>) {
    // CHECK: exti %arg0 unsigned : tile<i1> -> tile<i8>
    // CHECK: exti %arg0 signed : tile<i1> -> tile<i64>
    // CHECK: exti %arg1 signed : tile<i8> -> tile<i16>
    // CHECK: exti %arg2 unsigned : tile<i16> -> tile<i64>
    // CHECK: exti %arg3 signed : tile<i32> -> tile<i64>
    // GENERIC-LABEL: sym_name = "integers"
    // GENERIC: "cuda_tile.exti"(%{{[^)]*}}) <{signedness = #cuda_tile.signedness<unsigned>}>
    %0 = exti %b unsigned : tile<i1> -> tile<i8>
    %1 = exti %b signed : tile<i1> -> tile<i64>
    %2 = exti %c signed : tile<i8> -> tile<i16>
    %3 = exti %s unsigned : tile<i16> -> tile<i64>
    %4 = exti %w signed : tile<i32> -> tile<i64>
    // CHECK: trunci %arg4 : tile<i64> -> tile<i32>
    // CHECK: trunci %arg4 : tile<i64> -> tile<i32>
    // CHECK: trunci %arg4 overflow<no_signed_wrap> : tile<i64> -> tile<i8>
    // CHECK: trunci %arg3 overflow<no_unsigned_wrap> : tile<i32> -> tile<i16>
    // CHECK: trunci %arg2 overflow<no_wrap> : tile<i16> -> tile<i1>
    // GENERIC: "cuda_tile.trunci"(%{{[^)]*}}) <{overflow = #cuda_tile.overflow<none>}>
    %5 = trunci %d : tile<i64> -> tile<i32>
    %6 = trunci %d overflow<none> : tile<i64> -> tile<i32>
    %7 = trunci %d overflow<no_signed_wrap> : tile<i64> -> tile<i8>
    %8 = trunci %w overflow<no_unsigned_wrap> : tile<i32> -> tile<i16>
    %9 = trunci %s overflow<no_wrap> : tile<i16> -> tile<i1>
  }

  // i4 exists only as the target of trunci and the source of exti.
  // CHECK-LABEL: entry @int4
  entry @int4() {
    %v = constant <i8: [1, 2, 3, 4, -1, -2, -3, -4]> : tile<8xi8>
    // CHECK: %[[N:.*]] = trunci %{{.*}} : tile<8xi8> -> tile<8xi4>
    // CHECK: exti %[[N]] signed : tile<8xi4> -> tile<8xi32>
    // CHECK: exti %[[N]] unsigned : tile<8xi4> -> tile<8xi8>
    %0 = trunci %v : tile<8xi8> -> tile<8xi4>
    %1 = exti %0 signed : tile<8xi4> -> tile<8xi32>
    %2 = exti %0 unsigned : tile<8xi4> -> tile<8xi8>
  }

  // The default roundings (nearest_even, nearest_int_to_zero) are not
  // printed.
  // CHECK-LABEL: entry @int_float
  entry @int_float(%i: tile<i32>, %l: tile<i64>, %b: tile<i8>, %f: tile<f32>, %h: tile<f16>, %d: tile<f64>) {
    // CHECK: itof %arg0 signed  : tile<i32> -> tile<f32>
    // CHECK: itof %arg0 unsigned  : tile<i32> -> tile<f64>
    // CHECK: itof %arg1 signed  : tile<i64> -> tile<f16>
    // CHECK: itof %arg2 unsigned  : tile<i8> -> tile<bf16>
    // CHECK: itof %arg0 signed  : tile<i32> -> tile<tf32>
    // CHECK: itof %arg2 signed  : tile<i8> -> tile<f8E4M3FN>
    // GENERIC-LABEL: sym_name = "int_float"
    // GENERIC: "cuda_tile.itof"(%{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>, signedness = #cuda_tile.signedness<signed>}>
    %0 = itof %i signed : tile<i32> -> tile<f32>
    %1 = itof %i unsigned : tile<i32> -> tile<f64>
    %2 = itof %l signed rounding<nearest_even> : tile<i64> -> tile<f16>
    %3 = itof %b unsigned : tile<i8> -> tile<bf16>
    %4 = itof %i signed : tile<i32> -> tile<tf32>
    %5 = itof %b signed : tile<i8> -> tile<f8E4M3FN>
    // CHECK: ftoi %arg3 signed  : tile<f32> -> tile<i32>
    // CHECK: ftoi %arg3 unsigned  : tile<f32> -> tile<i64>
    // CHECK: ftoi %arg4 signed  : tile<f16> -> tile<i16>
    // CHECK: ftoi %arg5 unsigned  : tile<f64> -> tile<i8>
    // CHECK: ftoi %{{.*}} signed  : tile<tf32> -> tile<i32>
    // GENERIC: "cuda_tile.ftoi"(%{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>, signedness = #cuda_tile.signedness<signed>}>
    %6 = ftoi %f signed : tile<f32> -> tile<i32>
    %7 = ftoi %f unsigned : tile<f32> -> tile<i64>
    %8 = ftoi %h signed rounding<nearest_int_to_zero> : tile<f16> -> tile<i16>
    %9 = ftoi %d unsigned : tile<f64> -> tile<i8>
    %10 = ftoi %4 signed : tile<tf32> -> tile<i32>
  }

  // CHECK-LABEL: entry @float_float
  entry @float_float() {
    %v = constant <f32: [0.5, 1.0, -2.0, 448.0]> : tile<4xf32>
    // CHECK: %[[H:.*]] = ftof %[[V:.*]]  : tile<4xf32> -> tile<4xf16>
    // CHECK: ftof %[[V]]  : tile<4xf32> -> tile<4xbf16>
    // CHECK: ftof %[[V]]  : tile<4xf32> -> tile<4xf64>
    // CHECK: ftof %[[V]]  : tile<4xf32> -> tile<4xtf32>
    // CHECK: %[[E4:.*]] = ftof %[[V]]  : tile<4xf32> -> tile<4xf8E4M3FN>
    // CHECK: %[[E5:.*]] = ftof %[[V]]  : tile<4xf32> -> tile<4xf8E5M2>
    // CHECK: ftof %[[E4]]  : tile<4xf8E4M3FN> -> tile<4xf16>
    // CHECK: ftof %[[E5]]  : tile<4xf8E5M2> -> tile<4xbf16>
    // CHECK: ftof %[[H]]  : tile<4xf16> -> tile<4xf32>
    // GENERIC-LABEL: sym_name = "float_float"
    // GENERIC: "cuda_tile.ftof"(%{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
    %0 = ftof %v : tile<4xf32> -> tile<4xf16>
    %1 = ftof %v : tile<4xf32> -> tile<4xbf16>
    %2 = ftof %v rounding<nearest_even> : tile<4xf32> -> tile<4xf64>
    %3 = ftof %v : tile<4xf32> -> tile<4xtf32>
    %4 = ftof %v : tile<4xf32> -> tile<4xf8E4M3FN>
    %5 = ftof %v : tile<4xf32> -> tile<4xf8E5M2>
    %6 = ftof %4 : tile<4xf8E4M3FN> -> tile<4xf16>
    %7 = ftof %5 : tile<4xf8E5M2> -> tile<4xbf16>
    %8 = ftof %0 : tile<4xf16> -> tile<4xf32>
  }

  // Conversions to f8E8M0FNU round toward zero or positive infinity.
  // CHECK-LABEL: entry @e8m0
  entry @e8m0() {
    %v = constant <f32: [1.0, 2.0, 4.0, 0.125]> : tile<4xf32>
    // CHECK: %[[Z:.*]] = ftof %{{.*}} rounding<zero> : tile<4xf32> -> tile<4xf8E8M0FNU>
    // CHECK: %[[P:.*]] = ftof %{{.*}} rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    // CHECK: ftof %[[Z]]  : tile<4xf8E8M0FNU> -> tile<4xf32>
    // CHECK: ftof %[[P]]  : tile<4xf8E8M0FNU> -> tile<4xbf16>
    %0 = ftof %v rounding<zero> : tile<4xf32> -> tile<4xf8E8M0FNU>
    %1 = ftof %v rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
    %2 = ftof %0 : tile<4xf8E8M0FNU> -> tile<4xf32>
    %3 = ftof %1 : tile<4xf8E8M0FNU> -> tile<4xbf16>
  }

  // CHECK-LABEL: entry @f4
  entry @f4() {
    %v = constant <f32: [0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -6.0]> : tile<8xf32>
    // CHECK: %[[F4:.*]] = ftof %{{.*}}  : tile<8xf32> -> tile<8xf4E2M1FN>
    // CHECK: ftof %[[F4]]  : tile<8xf4E2M1FN> -> tile<8xf16>
    %0 = ftof %v : tile<8xf32> -> tile<8xf4E2M1FN>
    %1 = ftof %0 : tile<8xf4E2M1FN> -> tile<8xf16>
  }
}
