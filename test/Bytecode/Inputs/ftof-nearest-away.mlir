cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %y = ftof %x rounding<nearest_away> : tile<f32> -> tile<tf32>
    return
  }
}
