// Two hint keys of one length; reader-reference-order.test renames the second
// to the first in the string table.
cuda_tile.module @m {
  entry @k() optimization_hints=<sm_100 = {zqa = 1, zqb = 2}> {
    return
  }
}
