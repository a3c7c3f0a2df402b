// The input of reader-reference-order.test's self-contained attribute
// cases: one assume, whose predicate is the body's third byte (after the
// opcode and the result type).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    return
  }
}
