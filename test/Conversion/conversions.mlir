// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm | FileCheck %s

// Conversions the hardware rounds exactly use LLVM casts; the others (8-
// and 4-bit floats, tf32, e8m0, bf16 from wide integers or f64) are rounded
// in integer arithmetic, the same way on every GPU.

// CHECK-LABEL: llvm.func @casts
// CHECK: arith.truncf %arg0 : f32 to f16
// CHECK: arith.truncf %arg0 : f32 to bf16
// CHECK: arith.extf %arg0 : f32 to f64
// Software rounding to f8E4M3FN: normalize, round, saturate / NaN.
// CHECK: math.ctlz %{{.*}} : i64
// CHECK: arith.trunci %{{.*}} : i64 to i8
// Decoding f8E5M2 to f32 in software.
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.uitofp
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// Saturating float to integer conversion, NaN to zero.
// CHECK: llvm.call_intrinsic "llvm.fptosi.sat.i8.f32"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.fptoui.sat.i64.f32"(%arg0)
// CHECK: arith.sitofp %arg1 : i32 to f32
// CHECK: arith.uitofp %arg1 : i32 to f64
// i32 to bf16 would be rounded twice through f32: in software instead.
// CHECK: arith.extsi %arg1 : i32 to i64
// CHECK: math.ctlz
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
// CHECK: arith.extsi %arg2 : i8 to i32
// CHECK: arith.trunci %{{.*}} : i32 to i4
// CHECK: arith.bitcast %arg0 : f32 to i32
cuda_tile.module @m {
  entry @casts(%f: tile<f32>, %i: tile<i32>, %c: tile<i8>, %o: tile<ptr<i32>>, %oh: tile<ptr<f16>>, %ob: tile<ptr<bf16>>, %od: tile<ptr<f64>>, %o8: tile<ptr<i8>>, %ol: tile<ptr<i64>>, %of: tile<ptr<f32>>) {
    %0 = ftof %f : tile<f32> -> tile<f16>
    %1 = ftof %f : tile<f32> -> tile<bf16>
    %2 = ftof %f : tile<f32> -> tile<f64>
    %3 = ftof %f : tile<f32> -> tile<f8E4M3FN>
    %4 = ftof %f : tile<f32> -> tile<f8E5M2>
    %5 = ftof %4 : tile<f8E5M2> -> tile<f32>
    %6 = ftoi %f signed : tile<f32> -> tile<i8>
    %7 = ftoi %f unsigned : tile<f32> -> tile<i64>
    %8 = itof %i signed : tile<i32> -> tile<f32>
    %9 = itof %i unsigned : tile<i32> -> tile<f64>
    %10 = itof %i signed : tile<i32> -> tile<bf16>
    %11 = exti %c signed : tile<i8> -> tile<i32>
    %12 = trunci %i : tile<i32> -> tile<i4>
    %13 = exti %12 unsigned : tile<i4> -> tile<i32>
    %14 = bitcast %f : tile<f32> -> tile<i32>
    %t0 = store_ptr_tko weak %oh, %0 : tile<ptr<f16>>, tile<f16> -> token
    %t1 = store_ptr_tko weak %ob, %1 : tile<ptr<bf16>>, tile<bf16> -> token
    %t2 = store_ptr_tko weak %od, %2 : tile<ptr<f64>>, tile<f64> -> token
    %b3 = bitcast %3 : tile<f8E4M3FN> -> tile<i8>
    %t3 = store_ptr_tko weak %o8, %b3 : tile<ptr<i8>>, tile<i8> -> token
    %t4 = store_ptr_tko weak %of, %5 : tile<ptr<f32>>, tile<f32> -> token
    %t5 = store_ptr_tko weak %o8, %6 : tile<ptr<i8>>, tile<i8> -> token
    %t6 = store_ptr_tko weak %ol, %7 : tile<ptr<i64>>, tile<i64> -> token
    %t7 = store_ptr_tko weak %of, %8 : tile<ptr<f32>>, tile<f32> -> token
    %t8 = store_ptr_tko weak %od, %9 : tile<ptr<f64>>, tile<f64> -> token
    %t9 = store_ptr_tko weak %ob, %10 : tile<ptr<bf16>>, tile<bf16> -> token
    %s = addi %11, %13 : tile<i32>
    %s2 = addi %s, %14 : tile<i32>
    %t10 = store_ptr_tko weak %o, %s2 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
