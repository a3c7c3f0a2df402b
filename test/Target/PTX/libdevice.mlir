// REQUIRES: libdevice
// RUN: %cuda-tile-translate -cudatile-to-llvmir --gpu-name=sm_90 %s | FileCheck %s --check-prefix=LLVMIR
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s --check-prefix=PTX
// RUN: not %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --libdevice=%t.missing.bc %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --libdevice=%t.missing.bc %S/vector-add.mlir | FileCheck %s --check-prefix=UNNEEDED

// Math ops call libdevice's __nv_* functions, linked into the module (only
// the functions used) and inlined by the optimizer; __nvvm_reflect queries
// are answered for the target. -cudatile-to-llvmir prints the optimized,
// linked LLVM IR that the NVPTX backend compiles.

// LLVMIR: target triple = "nvptx64-nvidia-cuda"
// LLVMIR: define ptx_kernel void @k(ptr %0, i32 %1)
// LLVMIR-NOT: call float @__nv_sinf
// LLVMIR-NOT: __nvvm_reflect
// LLVMIR: attributes #0 = {{.*}}"nvvm.reqntid"="128,1,1"

// PTX-LABEL: .entry k(
// PTX-NOT: call
// PTX: ret;

// A missing libdevice is an error at the first op that needs it, and only
// kernels that need it ask for it.
// MISSING: libdevice.mlir:[[@LINE+8]]:12: error: this operation needs libdevice, which was not found at '{{.*}}.missing.bc' (pass --libdevice=<path to libdevice.10.bc> or set CUDA_HOME)
// UNNEEDED: .entry vadd(
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.5> : tile<128xf32>
    %r = for %i in (%z to %n, step %o) : tile<i32> iter_values(%a = %init) -> (tile<128xf32>) {
      %s = sin %a : tile<128xf32>
      continue %s : tile<128xf32>
    }
    %l = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %l : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t = store_ptr_tko weak %pp, %r : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
