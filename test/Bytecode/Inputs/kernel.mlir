cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    %y = negf %x : tile<f32>
    return
  }
}
