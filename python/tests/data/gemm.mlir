// The IR of python/examples/gemm.py as text, op for op: the C++ writer must
// produce the builder's bytes from it (tests/test_cross_cpp.py).
cuda_tile.module @kernels {
  entry @gemm(%A: tile<ptr<f16>>, %B: tile<ptr<f16>>, %C: tile<ptr<f32>>) {
    %ta = make_tensor_view %A, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x32), tensor_view<512x256xf16, strides=[256,1]>>
    %tb = make_tensor_view %B, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf16, strides=[512,1]>
    %pb = make_partition_view %tb : partition_view<tile=(32x64), tensor_view<256x512xf16, strides=[512,1]>>
    %tc = make_tensor_view %C, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<512x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %k0 = constant <i32: 0> : tile<i32>
    %kn = constant <i32: 8> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %acc = for %k in (%k0 to %kn, step %one) : tile<i32> iter_values(%c = %zero) -> (tile<64x64xf32>) {
      %a, %t1 = load_view_tko weak %pa[%bx, %k] : partition_view<tile=(64x32), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %t2 = load_view_tko weak %pb[%k, %by] : partition_view<tile=(32x64), tensor_view<256x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x64xf16>, token
      %c2 = mmaf %a, %b, %c : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %c2 : tile<64x64xf32>
    }
    %t3 = store_view_tko weak %acc, %pc[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
}
