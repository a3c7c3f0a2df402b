// A partition view with a padding value: the last byte of its type entry.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x4), padding_value = zero, tensor_view<64x64xf32, strides=[64,1]>>
    return
  }
}
