// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 %s -o %t.100.ptx && %ptxas -arch=sm_100 %t.100.ptx -o %t.100.cubin %}

// ftof in 13.4's rounding modes. Narrowing in a mode other than nearest_even
// is rounded in software with integer arithmetic (nearest_away adds the
// round bit: a tie goes up in magnitude), so no cvt.rn survives for them;
// exact widening ignores the mode and stays a plain cvt.

// CHECK-LABEL: .entry ftof_rounding(
// CHECK-NOT: cvt.rn.f32.f64
// CHECK-NOT: cvt.rn.f16.f32
// CHECK: cvt.f64.f32
// CHECK: ret;
cuda_tile.module @m {
  entry @ftof_rounding(%x: tile<f32>, %d: tile<f64>, %pt: tile<ptr<f32>>, %pf: tile<ptr<f32>>, %ph: tile<ptr<f16>>, %pd: tile<ptr<f64>>) {
    %away = ftof %x rounding<nearest_away> : tile<f32> -> tile<tf32>
    %awayBits = ftof %away : tile<tf32> -> tile<f32>
    %t0 = store_ptr_tko weak %pt, %awayBits : tile<ptr<f32>>, tile<f32> -> token
    %down = ftof %d rounding<negative_inf> : tile<f64> -> tile<f32>
    %t1 = store_ptr_tko weak %pf, %down : tile<ptr<f32>>, tile<f32> -> token
    %h = ftof %x rounding<zero> : tile<f32> -> tile<f16>
    %t2 = store_ptr_tko weak %ph, %h : tile<ptr<f16>>, tile<f16> -> token
    %w = ftof %x rounding<nearest_away> : tile<f32> -> tile<f64>
    %t3 = store_ptr_tko weak %pd, %w : tile<ptr<f64>>, tile<f64> -> token
    return
  }
}
