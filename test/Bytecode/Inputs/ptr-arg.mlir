// A kernel with a pointer argument, for version-13.4-reader.test.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    return
  }
}
