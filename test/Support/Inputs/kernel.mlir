// A kernel every tool accepts: two buffers for cuda-tile-run to write back,
// and an assumption that fails under --strict-assume to make a run fail.
cuda_tile.module @io {
  entry @k(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %n: tile<i32>) {
    %n2 = assume bounded<0, 8>, %n : tile<i32>
    return
  }
}
