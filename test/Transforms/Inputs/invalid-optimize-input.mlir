cuda_tile.module @bad {
  entry @kernel(%a: tile<i32>) {
    %x = addi %a, %a : tile<i64>
    return
  }
}
