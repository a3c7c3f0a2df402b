// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm -cudatile-lower-to-llvm | FileCheck %s
// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm -cudatile-lower-to-llvm | FileCheck %s --check-prefix=NONE

// The second stage lowers the arith / math / scf / cf / vector / index ops
// left by the first to the LLVM dialect, leaving only llvm and nvvm ops.
// libdevice functions stay declarations until the PTX target links them.

// NONE-NOT: {{ (arith|math|scf|cf|vector|index|ub|gpu)\.}}

// CHECK-LABEL: llvm.func @k(%arg0: !llvm.ptr, %arg1: i32)
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.call @__nv_sinf
// CHECK: llvm.cond_br
// CHECK: llvm.store
// CHECK: llvm.return
// CHECK: llvm.func @__nv_sinf(f32) -> f32

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
