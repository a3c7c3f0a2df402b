// Skeleton of a vector-add kernel: each tile block walks the index range
// [0, n) starting from its own block id. Only block ids, integer arithmetic
// and structured control flow are used here.
cuda_tile.module @vector_add {
  entry @vadd(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %enabled = constant <i1: true> : tile<i1>
    if %enabled {
      for %i in (%zero to %n, step %one) : tile<i32> {
        %index = addi %bx, %i : tile<i32>
      }
    }
    %next_block = addi %bx, %one : tile<i32>
    return
  }
}
