// C = A x B with f16 inputs and f32 accumulation, for any M, N and K: each
// tile block computes one 32x32 tile of C, looping over the K dimension in
// steps of 32. Partition views with zero padding take care of the edges; the
// store of a partial tile writes only the elements inside C.
//
// Run it on the CPU (grid: ceil(N / 32) x ceil(M / 32) tile blocks; here
// M = 70, N = 50, K = 45):
//   cuda-tile-run gemm.mlir --entry gemm --grid 2,3 \
//       --arg @a.npy --arg @b.npy --arg zeros:f32:3500 \
//       --arg i32:70 --arg i32:50 --arg i32:45 --out-dir out
// a.npy is 70x45 float16, b.npy 45x50 float16; out/arg2.npy receives C.
// examples/reference.py generates inputs and checks the outputs.
cuda_tile.module @gemm {
  entry @gemm(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>,
              %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %av = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // Number of 32-wide steps along K.
    %tiles_m, %tiles_k = get_index_space_shape %ap : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<32x32xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<32x32xf32>) {
      %at, %t0 = load_view_tko weak %ap[%by, %kk] : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %bt, %t1 = load_view_tko weak %bp[%kk, %bx] : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %next = mmaf %at, %bt, %sum : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
      continue %next : tile<32x32xf32>
    }
    %t2 = store_view_tko weak %acc, %cp[%by, %bx] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
