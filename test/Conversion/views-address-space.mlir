// RUN: %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm | FileCheck %s

// Views whose base is (an offset of) a kernel parameter are accessed in the
// global state space (address space 1); any other base, which may point into
// shared memory, through generic addresses (docs/codegen.md, "Memory").

// CHECK-LABEL: llvm.func @param_base
// CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> f32
cuda_tile.module @m {
  entry @param_base(%p: tile<ptr<f32>>, %k: tile<i32>) {
    %q = offset %p, %k : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %tv = make_tensor_view %q, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<128xf32> -> tile<f32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %s = addf %e, %acc : tile<f32>
        yield %s : tile<f32>
      }
    %t2 = store_ptr_tko weak %p, %r : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// CHECK-LABEL: llvm.func @integer_base
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK-NOT: !llvm.ptr<1>
cuda_tile.module @m {
  entry @integer_base(%a: tile<i64>, %out: tile<ptr<f32>>) {
    %p = int_to_ptr %a : tile<i64> -> tile<ptr<f32>>
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<128xf32> -> tile<f32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %s = addf %e, %acc : tile<f32>
        yield %s : tile<f32>
      }
    %t2 = store_ptr_tko weak %out, %r : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
