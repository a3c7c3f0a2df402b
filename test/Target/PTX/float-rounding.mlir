// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.ptx && %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// Rounding modes and flush_to_zero of f32 / f64 arithmetic select the PTX
// rounding modifier (.rn .rz .rm .rp) and .ftz; approx selects the
// approximate instructions.

// CHECK-LABEL: .entry rounding(
// CHECK-DAG: add.rz.f32
// CHECK-DAG: mul.rm.ftz.f32
// CHECK-DAG: div.rp.f32
// CHECK-DAG: fma.rz.ftz.f32
// CHECK-DAG: sqrt.rm.f32
// CHECK-DAG: add.rm.f64
// CHECK-DAG: div.approx.f32
// CHECK-DAG: ex2.approx
// CHECK-DAG: tanh.approx.f32
// CHECK: ret;
cuda_tile.module @m {
  entry @rounding(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %d: tile<f64>, %p: tile<ptr<f32>>, %q: tile<ptr<f64>>) {
    %0 = addf %a, %b rounding<zero> : tile<f32>
    %1 = mulf %0, %b rounding<negative_inf> flush_to_zero : tile<f32>
    %2 = divf %1, %c rounding<positive_inf> : tile<f32>
    %3 = fma %2, %a, %c rounding<zero> flush_to_zero : tile<f32>
    %4 = sqrt %3 rounding<negative_inf> : tile<f32>
    %5 = divf %4, %b rounding<approx> : tile<f32>
    %6 = exp %5 rounding<approx> : tile<f32>
    %7 = tanh %6 rounding<approx> : tile<f32>
    %t = store_ptr_tko weak %p, %7 : tile<ptr<f32>>, tile<f32> -> token
    %8 = addf %d, %d rounding<negative_inf> : tile<f64>
    %u = store_ptr_tko weak %q, %8 : tile<ptr<f64>>, tile<f64> -> token
    return
  }
}
