cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %y = ftof %x rounding<zero> : tile<f32> -> tile<f16>
    return
  }
}
