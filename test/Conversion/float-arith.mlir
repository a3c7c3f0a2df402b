// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm | FileCheck %s

// Rounding modes and flush-to-zero select NVVM intrinsics; f16 and bf16 in a
// directed mode are computed in f32 and rounded the same way in software;
// maxf/minf order -0 below +0.

// CHECK-LABEL: llvm.func @floats
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rn.ftz.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rp.f"(%arg0, %arg1, %arg0)
// CHECK: %[[MAX:.*]] = arith.maxnumf %arg0, %arg1 : f32
// CHECK: %[[SIGNS:.*]] = arith.andi
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %arg0, %arg1 : f32
// CHECK: %[[Z:.*]] = arith.bitcast %[[SIGNS]] : i32 to f32
// CHECK: arith.select %[[EQ]], %[[Z]], %[[MAX]] : f32
// CHECK: arith.minimumf %arg0, %arg1 : f32
// CHECK: arith.ori
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rm.f"(%arg0)
// CHECK: arith.subf %arg0, %arg1 : f32
// f16 with rounding toward zero: in f32, then rounded to f16 in software.
// CHECK: %[[H:.*]] = arith.extf %arg2 : f16 to f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rz.f"
// CHECK: math.ctlz
// CHECK: arith.bitcast %{{.*}} : i16 to f16
// CHECK: arith.mulf %{{.*}}, %arg2 : f16
// bf16 division toward +inf.
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rp.f"
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rm.d"(%arg4, %arg4)
// CHECK: arith.cmpf ult
cuda_tile.module @m {
  entry @floats(%a: tile<f32>, %b: tile<f32>, %h: tile<f16>, %bf: tile<bf16>, %d: tile<f64>, %p: tile<ptr<f32>>, %ph: tile<ptr<f16>>, %pb: tile<ptr<bf16>>, %pd: tile<ptr<f64>>) {
    %0 = addf %a, %b rounding<zero> : tile<f32>
    %1 = mulf %a, %b rounding<nearest_even> flush_to_zero : tile<f32>
    %2 = divf %a, %b rounding<approx> : tile<f32>
    %3 = divf %a, %b rounding<full> : tile<f32>
    %4 = fma %a, %b, %a rounding<positive_inf> : tile<f32>
    %5 = maxf %a, %b : tile<f32>
    %6 = minf %a, %b propagate_nan : tile<f32>
    %7 = sqrt %a rounding<negative_inf> : tile<f32>
    %8 = subf %a, %b : tile<f32>
    %s0 = addf %0, %1 : tile<f32>
    %s1 = addf %s0, %2 : tile<f32>
    %s2 = addf %s1, %3 : tile<f32>
    %s3 = addf %s2, %4 : tile<f32>
    %s4 = addf %s3, %5 : tile<f32>
    %s5 = addf %s4, %6 : tile<f32>
    %s6 = addf %s5, %7 : tile<f32>
    %s7 = addf %s6, %8 : tile<f32>
    %t0 = store_ptr_tko weak %p, %s7 : tile<ptr<f32>>, tile<f32> -> token
    %h1 = addf %h, %h rounding<zero> : tile<f16>
    %h2 = mulf %h1, %h : tile<f16>
    %t1 = store_ptr_tko weak %ph, %h2 : tile<ptr<f16>>, tile<f16> -> token
    %b1 = divf %bf, %bf rounding<positive_inf> : tile<bf16>
    %t2 = store_ptr_tko weak %pb, %b1 : tile<ptr<bf16>>, tile<bf16> -> token
    %d1 = addf %d, %d rounding<negative_inf> : tile<f64>
    %d2 = cmpf less_than unordered %d1, %d : tile<f64> -> tile<i1>
    %d3 = select %d2, %d1, %d : tile<i1>, tile<f64>
    %t3 = store_ptr_tko weak %pd, %d3 : tile<ptr<f64>>, tile<f64> -> token
    return
  }
}
