// Inclusive prefix sum of n i32 values by one tile block: a loop over chunks
// of 256 values scans each chunk, adds the total of the chunks before it (a
// loop-carried value) and stores the result. The grand total is printed.
//
// Run it on the CPU (here n = 1000):
//   cuda-tile-run prefix_sum.mlir --entry prefix_sum --grid 1 \
//       --arg @x.npy --arg zeros:i32:1000 --arg i32:1000 --out-dir out
// x.npy holds 1000 int32 values; out/arg1.npy receives the prefix sums.
// examples/reference.py generates inputs and checks the outputs.
cuda_tile.module @prefix_sum {
  entry @prefix_sum(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>, %n: tile<i32>) {
    %xv = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %yv = make_tensor_view %y, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %xp = make_partition_view %xv : partition_view<tile=(256), padding_value = zero, tensor_view<?xi32, strides=[1]>>
    %yp = make_partition_view %yv : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>
    %chunks = get_index_space_shape %xp : partition_view<tile=(256), padding_value = zero, tensor_view<?xi32, strides=[1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c255 = constant <i32: 255> : tile<i32>
    %total = for %i in (%c0 to %chunks, step %c1) : tile<i32> iter_values(%carry = %c0) -> (tile<i32>) {
      %t, %t0 = load_view_tko weak %xp[%i] : partition_view<tile=(256), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<256xi32>, token
      %s = scan %t dim=0 reverse=false identities=[0 : i32] : tile<256xi32> -> tile<256xi32>
        (%v: tile<i32>, %acc: tile<i32>) {
          %r = addi %v, %acc : tile<i32>
          yield %r : tile<i32>
        }
      %carry1 = reshape %carry : tile<i32> -> tile<1xi32>
      %carryb = broadcast %carry1 : tile<1xi32> -> tile<256xi32>
      %out = addi %s, %carryb : tile<256xi32>
      %t1 = store_view_tko weak %out, %yp[%i] : tile<256xi32>, partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
      // The padded tail adds zeros, so the last element is the running total.
      %last = extract %out[%c255] : tile<256xi32> -> tile<1xi32>
      %next = reshape %last : tile<1xi32> -> tile<i32>
      continue %next : tile<i32>
    }
    %t2 = print_tko "total = %d\n", %total : tile<i32> -> token
    return
  }
}
