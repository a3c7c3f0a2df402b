// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm="num-warps=4" | FileCheck %s

// Math functions call libdevice (f32 for f16/bf16, then rounded once);
// approximate forms use the hardware's approximations.

// CHECK-LABEL: llvm.func @math
// CHECK: llvm.call @__nv_sinf(%arg0) : (f32) -> f32
// CHECK: llvm.call @__nv_cos(%arg2) : (f64) -> f64
// CHECK: %[[W:.*]] = arith.extf %arg1 : f16 to f32
// CHECK: %[[E:.*]] = llvm.call @__nv_expf(%[[W]]) : (f32) -> f32
// CHECK: arith.truncf %[[E]] : f32 to f16
// CHECK: llvm.call @__nv_powf
// CHECK: llvm.call @__nv_atan2f
// CHECK: llvm.call @__nv_fmodf
// CHECK: llvm.call @__nv_rsqrtf
// exp approx: ex2.approx of x * log2(e).
// CHECK: arith.mulf %arg0, %{{.*}} : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
// CHECK: llvm.inline_asm {{.*}}"tanh.approx.f32 $0, $1;", "=f,f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"
// CHECK: math.sqrt %arg0 : f32
// CHECK: math.floor %arg0 : f32
// CHECK: math.ceil %arg0 : f32
// CHECK: math.absf %arg0 : f32
// CHECK-DAG: llvm.func @__nv_sinf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_cos(f64) -> f64
cuda_tile.module @m {
  entry @math(%x: tile<f32>, %h: tile<f16>, %d: tile<f64>, %p: tile<ptr<f32>>, %ph: tile<ptr<f16>>, %pd: tile<ptr<f64>>) {
    %0 = sin %x : tile<f32>
    %1 = cos %d : tile<f64>
    %2 = exp %h : tile<f16>
    %3 = pow %x, %x : tile<f32>
    %4 = atan2 %x, %x : tile<f32>
    %5 = remf %x, %x : tile<f32>
    %6 = rsqrt %x : tile<f32>
    %7 = exp %x rounding<approx> : tile<f32>
    %8 = tanh %x rounding<approx> : tile<f32>
    %9 = sqrt %x rounding<approx> : tile<f32>
    %10 = sqrt %x : tile<f32>
    %11 = floor %x : tile<f32>
    %12 = ceil %x : tile<f32>
    %13 = absf %x : tile<f32>
    %s0 = addf %0, %3 : tile<f32>
    %s1 = addf %s0, %4 : tile<f32>
    %s2 = addf %s1, %5 : tile<f32>
    %s3 = addf %s2, %6 : tile<f32>
    %s4 = addf %s3, %7 : tile<f32>
    %s5 = addf %s4, %8 : tile<f32>
    %s6 = addf %s5, %9 : tile<f32>
    %s7 = addf %s6, %10 : tile<f32>
    %s8 = addf %s7, %11 : tile<f32>
    %s9 = addf %s8, %12 : tile<f32>
    %s10 = addf %s9, %13 : tile<f32>
    %t0 = store_ptr_tko weak %p, %s10 : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %ph, %2 : tile<ptr<f16>>, tile<f16> -> token
    %t2 = store_ptr_tko weak %pd, %1 : tile<ptr<f64>>, tile<f64> -> token
    return
  }

  // Tiles call the function once per element a thread holds.
  // CHECK-LABEL: llvm.func @per_lane
  // CHECK-COUNT-4: llvm.call @__nv_logf
  // CHECK: vector.from_elements {{.*}} : vector<4xf32>
  entry @per_lane(%p: tile<ptr<f32>>) {
    %v = constant <f32: 2.0> : tile<512xf32>
    %l = log %v : tile<512xf32>
    %r = reduce %l dim=0 identities=[0.0 : f32] : tile<512xf32> -> tile<f32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %q = addf %e, %acc : tile<f32>
        yield %q : tile<f32>
      }
    %t = store_ptr_tko weak %p, %r : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
