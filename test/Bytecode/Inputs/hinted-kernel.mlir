// A kernel with optimization hints: its hint keys are strings of the file.
cuda_tile.module @m {
  entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
    return
  }
}
