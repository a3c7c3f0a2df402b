// Kernels of utils/gpu-check.py: view accesses that the code generator
// vectorizes (docs/codegen.md, "Memory"): runs of 16 bytes per thread, one
// bounds check per run, element checks where a run crosses the view's edge
// (`tail`: n is not a multiple of the run), padding for whole runs outside
// (`whole`: n asserted div_by<8>), 2-D views with an asserted row stride and
// a ragged last column block (i8: runs of 16, f64: runs of 2), and a
// transposed partition view the generator leaves scalar.
// GPU-CHECK: tail grid=3 tol=exact args gen:f32:5000:u(-10,10) zeros:f32:6144 i32:5000
// GPU-CHECK: whole grid=3 tol=exact args gen:f16:4000:u(-10,10) zeros:f16:6144 i32:4000
// GPU-CHECK: rows_i8 grid=3,5 tol=exact args gen:i8:7840:i(-100,100) zeros:i8:7840 i32:70 i32:100 i32:112
// GPU-CHECK: rows_f64 grid=2,5 tol=exact args gen:f64:4800:u(-10,10) zeros:f64:4800 i32:60 i32:75 i32:80
// GPU-CHECK: transposed grid=2,2 tol=exact args gen:f32:4096:u(-10,10) zeros:f32:4096
cuda_tile.module @vectorized {
  entry @tail(%src_arg: tile<ptr<f32>>, %dst_arg: tile<ptr<f32>>, %n: tile<i32>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<f32>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f32>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sv = make_tensor_view %src, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %sp = make_partition_view %sv : partition_view<tile=(2048), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>
    %c6144 = constant <i32: 6144> : tile<i32>
    %dv = make_tensor_view %dst, shape = [%c6144], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %dp = make_partition_view %dv : partition_view<tile=(2048), tensor_view<?xf32, strides=[1]>>
    // Loaded with padding past n, stored everywhere: the padding shows.
    %x, %t0 = load_view_tko weak %sp[%bx] : partition_view<tile=(2048), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<2048xf32>, token
    %two = constant <f32: 2.0> : tile<2048xf32>
    %y = mulf %x, %two : tile<2048xf32>
    %t1 = store_view_tko weak %y, %dp[%bx] : tile<2048xf32>, partition_view<tile=(2048), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    // Stored back through the view of n elements: nothing past n changes.
    %nv = make_tensor_view %dst, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %np = make_partition_view %nv : partition_view<tile=(2048), tensor_view<?xf32, strides=[1]>>
    %z = addf %y, %x : tile<2048xf32>
    %t2 = store_view_tko weak %z, %np[%bx] token = %t1 : tile<2048xf32>, partition_view<tile=(2048), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @whole(%src_arg: tile<ptr<f16>>, %dst_arg: tile<ptr<f16>>, %n_arg: tile<i32>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<f16>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f16>>
    %n = assume div_by<8>, %n_arg : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sv = make_tensor_view %src, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %sp = make_partition_view %sv : partition_view<tile=(2048), padding_value = nan, tensor_view<?xf16, strides=[1]>>
    %c6144 = constant <i32: 6144> : tile<i32>
    %dv = make_tensor_view %dst, shape = [%c6144], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %dp = make_partition_view %dv : partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>
    %x, %t0 = load_view_tko weak %sp[%bx] : partition_view<tile=(2048), padding_value = nan, tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<2048xf16>, token
    %t1 = store_view_tko weak %x, %dp[%bx] : tile<2048xf16>, partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @rows_i8(%src_arg: tile<ptr<i8>>, %dst_arg: tile<ptr<i8>>, %rows: tile<i32>, %cols: tile<i32>, %stride_arg: tile<i32>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<i8>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<i8>>
    %stride = assume div_by<16>, %stride_arg : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sv = make_tensor_view %src, shape = [%rows, %cols], strides = [%stride, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %sp = make_partition_view %sv : partition_view<tile=(16x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>
    %dv = make_tensor_view %dst, shape = [%rows, %cols], strides = [%stride, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %dp = make_partition_view %dv : partition_view<tile=(16x128), tensor_view<?x?xi8, strides=[?,1]>>
    %x, %t0 = load_view_tko weak %sp[%by, %bx] : partition_view<tile=(16x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<16x128xi8>, token
    %one = constant <i8: 1> : tile<16x128xi8>
    %y = addi %x, %one : tile<16x128xi8>
    %t1 = store_view_tko weak %y, %dp[%by, %bx] : tile<16x128xi8>, partition_view<tile=(16x128), tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @rows_f64(%src_arg: tile<ptr<f64>>, %dst_arg: tile<ptr<f64>>, %rows: tile<i32>, %cols: tile<i32>, %stride_arg: tile<i32>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<f64>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f64>>
    %stride = assume div_by<2>, %stride_arg : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sv = make_tensor_view %src, shape = [%rows, %cols], strides = [%stride, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %sp = make_partition_view %sv : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>
    %dv = make_tensor_view %dst, shape = [%rows, %cols], strides = [%stride, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %dp = make_partition_view %dv : partition_view<tile=(16x64), tensor_view<?x?xf64, strides=[?,1]>>
    %x, %t0 = load_view_tko weak %sp[%by, %bx] : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<16x64xf64>, token
    %t1 = store_view_tko weak %x, %dp[%by, %bx] : tile<16x64xf64>, partition_view<tile=(16x64), tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @transposed(%src_arg: tile<ptr<f32>>, %dst_arg: tile<ptr<f32>>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<f32>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f32>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sv = make_tensor_view %src, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %sp = make_partition_view %sv : partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %dv = make_tensor_view %dst, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %dp = make_partition_view %dv : partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>>
    %x, %t0 = load_view_tko weak %sp[%bx, %by] : partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x32xf32>, token
    %t1 = store_view_tko weak %x, %dp[%bx, %by] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
