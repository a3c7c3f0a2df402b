// A 13.4 op for version-13.4-reader.test.
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<i32>
    %d = constant <f32: 0.0> : tile<8xf32>
    %s = constant <f32: 1.0> : tile<2xf32>
    %r = insert %s, %d[%c] : tile<2xf32> -> tile<8xf32>
    return
  }
}
