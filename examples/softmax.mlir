// Row-wise softmax of a ROWS x 64 f32 matrix, four rows per tile block:
// y = exp(x - max(x)) / sum(exp(x - max(x))) along each row.
//
// Run it on the CPU (grid: ceil(ROWS / 4) tile blocks; here ROWS = 10):
//   cuda-tile-run softmax.mlir --entry softmax --grid 3 \
//       --arg @x.npy --arg zeros:f32:640 --arg i32:10 --out-dir out
// x.npy is 10x64 float32; out/arg1.npy receives y.
// examples/reference.py generates inputs and checks the outputs.
cuda_tile.module @softmax {
  entry @softmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %xv = make_tensor_view %x, shape = [%rows, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %yv = make_tensor_view %y, shape = [%rows, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    // Rows past the end read as -inf; they are never stored.
    %xp = make_partition_view %xv : partition_view<tile=(4x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>>
    %yp = make_partition_view %yv : partition_view<tile=(4x64), tensor_view<?x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %tok = load_view_tko weak %xp[%bx, %c0] : partition_view<tile=(4x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<4x64xf32>, token
    // Row maxima; the identity is -inf.
    %max = reduce %t dim=1 identities=[0xFF800000 : f32] : tile<4x64xf32> -> tile<4xf32>
      (%v: tile<f32>, %acc: tile<f32>) {
        %m = maxf %v, %acc : tile<f32>
        yield %m : tile<f32>
      }
    %max2 = reshape %max : tile<4xf32> -> tile<4x1xf32>
    %maxb = broadcast %max2 : tile<4x1xf32> -> tile<4x64xf32>
    %shifted = subf %t, %maxb : tile<4x64xf32>
    %e = exp %shifted : tile<4x64xf32>
    %sum = reduce %e dim=1 identities=[0.0 : f32] : tile<4x64xf32> -> tile<4xf32>
      (%v: tile<f32>, %acc: tile<f32>) {
        %s = addf %v, %acc : tile<f32>
        yield %s : tile<f32>
      }
    %sum2 = reshape %sum : tile<4xf32> -> tile<4x1xf32>
    %sumb = broadcast %sum2 : tile<4x1xf32> -> tile<4x64xf32>
    %r = divf %e, %sumb : tile<4x64xf32>
    %t2 = store_view_tko weak %r, %yp[%bx, %c0] : tile<4x64xf32>, partition_view<tile=(4x64), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
