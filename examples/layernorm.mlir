// Layer normalization over rows of 128 f32 values, two rows per tile block:
//   y = (x - mean) * rsqrt(var + eps) * gamma + beta
// with the mean and the (biased) variance of each row.
//
// Run it on the CPU (grid: ROWS / 2 tile blocks; here ROWS = 6):
//   cuda-tile-run layernorm.mlir --entry layernorm --grid 3 \
//       --arg @x.npy --arg @gamma.npy --arg @beta.npy --arg zeros:f32:768 \
//       --arg f32:1e-5 --out-dir out
// x.npy is 6x128 float32, gamma.npy and beta.npy 128 float32 values;
// out/arg3.npy receives y. examples/reference.py generates inputs and checks
// the outputs.
cuda_tile.module @layernorm {
  entry @layernorm(%x: tile<ptr<f32>>, %gamma: tile<ptr<f32>>, %beta: tile<ptr<f32>>,
                   %y: tile<ptr<f32>>, %eps: tile<f32>) {
    %xv = make_tensor_view %x, shape = [6, 128], strides = [128, 1] : tensor_view<6x128xf32, strides=[128,1]>
    %yv = make_tensor_view %y, shape = [6, 128], strides = [128, 1] : tensor_view<6x128xf32, strides=[128,1]>
    %gv = make_tensor_view %gamma, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %bv = make_tensor_view %beta, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xp = make_partition_view %xv : partition_view<tile=(2x128), tensor_view<6x128xf32, strides=[128,1]>>
    %yp = make_partition_view %yv : partition_view<tile=(2x128), tensor_view<6x128xf32, strides=[128,1]>>
    %gp = make_partition_view %gv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %bp = make_partition_view %bv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %t0 = load_view_tko weak %xp[%bx, %c0] : partition_view<tile=(2x128), tensor_view<6x128xf32, strides=[128,1]>>, tile<i32> -> tile<2x128xf32>, token
    %g, %t1 = load_view_tko weak %gp[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %b, %t2 = load_view_tko weak %bp[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %inv_n = constant <f32: 0.0078125> : tile<2xf32>
    // Mean.
    %sum = reduce %t dim=1 identities=[0.0 : f32] : tile<2x128xf32> -> tile<2xf32>
      (%v: tile<f32>, %acc: tile<f32>) {
        %s = addf %v, %acc : tile<f32>
        yield %s : tile<f32>
      }
    %mean = mulf %sum, %inv_n : tile<2xf32>
    %mean2 = reshape %mean : tile<2xf32> -> tile<2x1xf32>
    %meanb = broadcast %mean2 : tile<2x1xf32> -> tile<2x128xf32>
    %d = subf %t, %meanb : tile<2x128xf32>
    // Variance.
    %sq = mulf %d, %d : tile<2x128xf32>
    %sqsum = reduce %sq dim=1 identities=[0.0 : f32] : tile<2x128xf32> -> tile<2xf32>
      (%v: tile<f32>, %acc: tile<f32>) {
        %s = addf %v, %acc : tile<f32>
        yield %s : tile<f32>
      }
    %var = mulf %sqsum, %inv_n : tile<2xf32>
    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>
    %epsb = broadcast %eps1 : tile<1xf32> -> tile<2xf32>
    %vare = addf %var, %epsb : tile<2xf32>
    %rstd = rsqrt %vare : tile<2xf32>
    %rstd2 = reshape %rstd : tile<2xf32> -> tile<2x1xf32>
    %rstdb = broadcast %rstd2 : tile<2x1xf32> -> tile<2x128xf32>
    %norm = mulf %d, %rstdb : tile<2x128xf32>
    // Scale and shift: fma(norm, gamma, beta).
    %g2 = reshape %g : tile<128xf32> -> tile<1x128xf32>
    %gb = broadcast %g2 : tile<1x128xf32> -> tile<2x128xf32>
    %b2 = reshape %b : tile<128xf32> -> tile<1x128xf32>
    %bb = broadcast %b2 : tile<1x128xf32> -> tile<2x128xf32>
    %out = fma %norm, %gb, %bb : tile<2x128xf32>
    %t3 = store_view_tko weak %out, %yp[%bx, %c0] : tile<2x128xf32>, partition_view<tile=(2x128), tensor_view<6x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
