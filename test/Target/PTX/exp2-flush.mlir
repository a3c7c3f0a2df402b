// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s

// exp2 with flush_to_zero on f32 is the flushing instruction itself:
// ex2.approx.ftz.f32 takes subnormal inputs and gives subnormal results as
// zeros of their sign (what libdevice's exp2f is under FTZ), so no test of
// the exponent bits before or after it (attention's softmax: 4 instructions
// less per element).
// CHECK-LABEL: .entry flushed(
// CHECK-NOT: 2139095040
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: 2139095040
// CHECK: ret;
// Without the flag it stays libdevice's exp2f without FTZ.
// CHECK-LABEL: .entry kept(
// CHECK-NOT: ex2.approx.ftz.f32
// CHECK: ex2.approx.f32
// CHECK-NOT: ex2.approx.ftz.f32
// CHECK: ret;
cuda_tile.module @m {
  entry @flushed(%p: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %y = exp2 %x flush_to_zero : tile<128xf32>
    %t2 = store_ptr_tko weak %pp, %y : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @kept(%p: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %y = exp2 %x : tile<128xf32>
    %t2 = store_ptr_tko weak %pp, %y : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
