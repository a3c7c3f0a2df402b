cuda_tile.module @p attributes {producer = "unit test ✓"} {
  entry @k() {
    return
  }
}
