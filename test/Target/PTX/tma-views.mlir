// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --remarks=all %s -split-input-file -o /dev/null 2>&1 | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -split-input-file | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// The views a tensor map describes beyond make_tensor_view of pointer
// arguments: a tensor_view argument (its base asserted 16-byte aligned on
// the view; its dynamic size is the host's `%N.shapeD`), and a strided view
// (coordinates index x traversal stride).
// CHECK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 0: base=%0 elem=2 dims=32,%0.shape0 strides=32 box=32,64 swizzle=64)
// CHECK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 1: base=%1 elem=2 dims=64,32 strides=64 box=64,32 swizzle=128)
// The copies five steps ahead (six stages) start at row 5 x 64 of A and at
// row 5 x 16 of B: the strided view's traversal stride, not its tile's 32.
// PTX: .param .align 64 .b8 view_argument_param_{{[0-9]+}}[128]
// PTX-DAG: mov.b32 %r{{[0-9]+}}, 320;
// PTX-DAG: mov.b32 %r{{[0-9]+}}, 80;
cuda_tile.module @m {
  entry @view_argument(%a_arg: tensor_view<?x32xf16, strides=[32,1]>, %b_arg: tile<ptr<f16>>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tensor_view<?x32xf16, strides=[32,1]>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_pv = make_partition_view %a : partition_view<tile=(64x32), tensor_view<?x32xf16, strides=[32,1]>>
    %b_tv = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf16, strides=[64,1]>
    %b_sv = make_strided_view %b_tv : strided_view<tile=(32x64), traversal_strides=[16,64], tensor_view<32x64xf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%kk, %c0] : partition_view<tile=(64x32), tensor_view<?x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_sv[%kk, %c0] : strided_view<tile=(32x64), traversal_strides=[16,64], tensor_view<32x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    print_tko "%f\n", %r : tile<64xf32> -> token
    return
  }
}

// -----

// Sizes and strides the host computes as products of arguments (K = %3 x
// 64 tiles), seen through sign extensions.
// CHECK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 0: base=%0 elem=2 dims=%3*64,%2 strides=%3*64 box=32,64 swizzle=64)
// CHECK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 1: base=%1 elem=2 dims=64,%3*64 strides=64 box=64,32 swizzle=128)
cuda_tile.module @products {
  entry @products(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %m: tile<i32>, %kt: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    %k = muli %kt, %c64 : tile<i32>
    %m64 = exti %m signed : tile<i32> -> tile<i64>
    %k64 = exti %k signed : tile<i32> -> tile<i64>
    %a_tv = make_tensor_view %a, shape = [%m64, %k64], strides = [%k64, 1] : tile<i64> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    print_tko "%f\n", %r : tile<64xf32> -> token
    return
  }
}
