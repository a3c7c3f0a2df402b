cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    %y = atan2 %x, %x : tile<f32>
    return
  }
}
