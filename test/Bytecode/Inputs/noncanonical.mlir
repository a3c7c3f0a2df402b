// The input of noncanonical.test: strings, types, constants, a global and a
// kernel whose body holds one scan with reverse = true.
cuda_tile.module @m {
  global @g <f32: [0.25, 0.5]> : tile<2xf32>
  entry @k(%p: tile<ptr<i32>>) {
    %x = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %s = scan %x dim=0 reverse=true identities=[0 : i32] : tile<4xi32> -> tile<4xi32>
      (%e: tile<i32>, %acc: tile<i32>) {
        %r = addi %e, %acc : tile<i32>
        yield %r : tile<i32>
      }
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %i = iota : tile<4xi32>
    %two = constant <i32: 2> : tile<4xi32>
    %pp = offset %pb, %i : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %t = store_ptr_tko weak %pp, %s : tile<4xptr<i32>>, tile<4xi32> -> token
    return
  }
}
