// Kernels of utils/gpu-check.py (generated once from a template; edit
// freely). Each GPU-CHECK line is one case: entry, grid, tolerance and the
// arguments in cuda-tile-run syntax (gen:TYPE:COUNT:DIST makes an input).
// Tensor, partition, strided and gather/scatter views with bounds and padding.
// GPU-CHECK: views grid=2,3 tol=exact args gen:f32:1850:u(-10,10) zeros:f32:1850 zeros:f32:9216 zeros:i32:72 i32:37 i32:50
// GPU-CHECK: strided grid=40 tol=exact args gen:f32:600:u(-10,10) zeros:f32:1280 zeros:f32:600
// GPU-CHECK: gather grid=4 tol=exact args gen:f16:6400:u(-10,10) gen:i32:64:i(0,120) gen:f16:6400:u(-1,1)
// GPU-CHECK: f4view grid=4 tol=exact args gen:f32:256:u(-6,6) zeros:i8:128 zeros:f32:256
// e8m0view: zero padding of a type without zero is its smallest value (0x00).
// GPU-CHECK: e8m0view grid=3 tol=exact args gen:i8:40:i(100,140) zeros:i8:48 i32:40
cuda_tile.module @views {
  entry @views(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>, %flat: tile<ptr<f32>>, %info: tile<ptr<i32>>, %rows: tile<i32>, %cols: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %src, shape = [%rows, %cols], strides = [%cols, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %dv = make_tensor_view %dst, shape = [%rows, %cols], strides = [%cols, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %pv = make_partition_view %tv : partition_view<tile=(16x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,?]>>
    %pt = make_partition_view %tv : partition_view<tile=(32x16), padding_value = nan, tensor_view<?x?xf32, strides=[?,?]>, dim_map=[1, 0]>
    %pd = make_partition_view %dv : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>>
    %t, %t0 = load_view_tko weak %pv[%by, %bx] : partition_view<tile=(16x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<16x32xf32>, token
    %two = constant <f32: 2.0> : tile<16x32xf32>
    %t2 = mulf %t, %two : tile<16x32xf32>
    %s0 = store_view_tko weak %t2, %pd[%by, %bx] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    %u, %t1 = load_view_tko relaxed device %pt[%bx, %by] : partition_view<tile=(32x16), padding_value = nan, tensor_view<?x?xf32, strides=[?,?]>, dim_map=[1, 0]>, tile<i32> -> tile<32x16xf32>, token
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %lin0 = muli %by, %nx : tile<i32>
    %lin = addi %lin0, %bx : tile<i32>
    %c1024 = constant <i32: 1024> : tile<i32>
    %base = muli %lin, %c1024 : tile<i32>
    %c512 = constant <i32: 512> : tile<i32>
    %base2 = addi %base, %c512 : tile<i32>
    %ft = make_tensor_view %flat, shape = [8192], strides = [1] : tensor_view<8192xf32, strides=[1]>
    %fp = make_partition_view %ft : partition_view<tile=(512), tensor_view<8192xf32, strides=[1]>>
    %tf = reshape %t : tile<16x32xf32> -> tile<512xf32>
    %uf = reshape %u : tile<32x16xf32> -> tile<512xf32>
    %i0 = muli %lin, %one : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %i0b = muli %lin, %c2 : tile<i32>
    %i1b = addi %i0b, %one : tile<i32>
    %s1 = store_view_tko weak %tf, %fp[%i0b] : tile<512xf32>, partition_view<tile=(512), tensor_view<8192xf32, strides=[1]>>, tile<i32> -> token
    %s2 = store_view_tko release device %uf, %fp[%i1b] : tile<512xf32>, partition_view<tile=(512), tensor_view<8192xf32, strides=[1]>>, tile<i32> -> token
    %q0, %q1 = get_index_space_shape %pv : partition_view<tile=(16x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,?]>> -> tile<i32>
    %r0, %r1 = get_index_space_shape %pt : partition_view<tile=(32x16), padding_value = nan, tensor_view<?x?xf32, strides=[?,?]>, dim_map=[1, 0]> -> tile<i32>
    %g0, %g1 = get_tensor_shape %tv : tensor_view<?x?xf32, strides=[?,?]> -> tile<i64>
    %g0t = trunci %g0 : tile<i64> -> tile<i32>
    %g1t = trunci %g1 : tile<i64> -> tile<i32>
    %i1 = reshape %q0 : tile<i32> -> tile<1xi32>
    %i2 = reshape %q1 : tile<i32> -> tile<1xi32>
    %i3 = reshape %r0 : tile<i32> -> tile<1xi32>
    %i4 = reshape %r1 : tile<i32> -> tile<1xi32>
    %i5 = reshape %g0t : tile<i32> -> tile<1xi32>
    %i6 = reshape %g1t : tile<i32> -> tile<1xi32>
    %c12 = cat %i1, %i2 dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>
    %c34 = cat %i3, %i4 dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>
    %c56 = cat %i5, %i6 dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>
    %c1234 = cat %c12, %c34 dim = 0 : tile<2xi32>, tile<2xi32> -> tile<4xi32>
    %zz = constant <i32: [0, 0]> : tile<2xi32>
    %c5600 = cat %c56, %zz dim = 0 : tile<2xi32>, tile<2xi32> -> tile<4xi32>
    %all = cat %c1234, %c5600 dim = 0 : tile<4xi32>, tile<4xi32> -> tile<8xi32>
    %iv = make_tensor_view %info, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %ip = make_partition_view %iv : partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>
    %s3 = store_view_tko weak %all, %ip[%lin] : tile<8xi32>, partition_view<tile=(8), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @strided(%src: tile<ptr<f32>>, %out: tile<ptr<f32>>, %marks: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %src, shape = [30, 20], strides = [20, 1] : tensor_view<30x20xf32, strides=[20,1]>
    %sv = make_strided_view %tv : strided_view<tile=(4x8), traversal_strides=[3,5], padding_value = zero, tensor_view<30x20xf32, strides=[20,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %four = constant <i32: 4> : tile<i32>
    %row = divi %bx, %four signed : tile<i32>
    %col = remi %bx, %four signed : tile<i32>
    %t, %tk = load_view_tko weak %sv[%row, %col] : strided_view<tile=(4x8), traversal_strides=[3,5], padding_value = zero, tensor_view<30x20xf32, strides=[20,1]>>, tile<i32> -> tile<4x8xf32>, token
    %ov = make_tensor_view %out, shape = [1280], strides = [1] : tensor_view<1280xf32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(32), tensor_view<1280xf32, strides=[1]>>
    %tf = reshape %t : tile<4x8xf32> -> tile<32xf32>
    %s = store_view_tko weak %tf, %op[%bx] : tile<32xf32>, partition_view<tile=(32), tensor_view<1280xf32, strides=[1]>>, tile<i32> -> token
    %n0, %n1 = get_index_space_shape %sv : strided_view<tile=(4x8), traversal_strides=[3,5], padding_value = zero, tensor_view<30x20xf32, strides=[20,1]>> -> tile<i32>
    // The 2x2 stores go to another buffer: tiles of other blocks overlap
    // the source, and blocks run in no particular order.
    %mv = make_tensor_view %marks, shape = [30, 20], strides = [20, 1] : tensor_view<30x20xf32, strides=[20,1]>
    %wv = make_strided_view %mv : strided_view<tile=(2x2), traversal_strides=[3,3], tensor_view<30x20xf32, strides=[20,1]>>
    %two = constant <f32: 2.0> : tile<2x2xf32>
    %w = store_view_tko weak %two, %wv[%row, %col] token = %tk : tile<2x2xf32>, strided_view<tile=(2x2), traversal_strides=[3,3], tensor_view<30x20xf32, strides=[20,1]>>, tile<i32> -> token
    return
  }
  entry @gather(%src: tile<ptr<f16>>, %idx: tile<ptr<i32>>, %out: tile<ptr<f16>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %src, shape = [100, 64], strides = [64, 1] : tensor_view<100x64xf16, strides=[64,1]>
    %rows = make_gather_scatter_view %tv : gather_scatter_view<tile=(16x32), padding_value = pos_inf, tensor_view<100x64xf16, strides=[64,1]>, sparse_dim=0>
    %iv = make_tensor_view %idx, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %ip = make_partition_view %iv : partition_view<tile=(16), tensor_view<64xi32, strides=[1]>>
    %ix, %t0 = load_view_tko weak %ip[%bx] : partition_view<tile=(16), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
    %c16 = constant <i32: 16> : tile<i32>
    %colo = muli %bx, %c16 : tile<i32>
    %g, %t1 = load_view_tko weak %rows[%ix, %colo] : gather_scatter_view<tile=(16x32), padding_value = pos_inf, tensor_view<100x64xf16, strides=[64,1]>, sparse_dim=0>, tile<16xi32>, tile<i32> -> tile<16x32xf16>, token
    %ov = make_tensor_view %out, shape = [100, 64], strides = [64, 1] : tensor_view<100x64xf16, strides=[64,1]>
    %orows = make_gather_scatter_view %ov : gather_scatter_view<tile=(16x32), tensor_view<100x64xf16, strides=[64,1]>, sparse_dim=0>
    %s = store_view_tko weak %g, %orows[%ix, %colo] : tile<16x32xf16>, gather_scatter_view<tile=(16x32), tensor_view<100x64xf16, strides=[64,1]>, sparse_dim=0>, tile<16xi32>, tile<i32> -> token
    return
  }
  entry @f4view(%src: tile<ptr<f32>>, %packed: tile<ptr<i8>>, %out: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %src, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>
    %x, %t0 = load_view_tko weak %pv[%bx] : partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %q = ftof %x : tile<64xf32> -> tile<64xf4E2M1FN>
    %pk = ptr_to_ptr %packed : tile<ptr<i8>> -> tile<ptr<f4E2M1FN>>
    %fv = make_tensor_view %pk, shape = [256], strides = [1] : tensor_view<256xf4E2M1FN, strides=[1]>
    %fp = make_partition_view %fv : partition_view<tile=(64), tensor_view<256xf4E2M1FN, strides=[1]>>
    %s = store_view_tko weak %q, %fp[%bx] : tile<64xf4E2M1FN>, partition_view<tile=(64), tensor_view<256xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %y, %t1 = load_view_tko weak %fp[%bx] token = %s : partition_view<tile=(64), tensor_view<256xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<64xf4E2M1FN>, token
    %yf = ftof %y : tile<64xf4E2M1FN> -> tile<64xf32>
    %ov = make_tensor_view %out, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>
    %s2 = store_view_tko weak %yf, %op[%bx] : tile<64xf32>, partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e8m0view(%src: tile<ptr<i8>>, %out: tile<ptr<i8>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sp = ptr_to_ptr %src : tile<ptr<i8>> -> tile<ptr<f8E8M0FNU>>
    %tv = make_tensor_view %sp, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf8E8M0FNU, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = zero, tensor_view<?xf8E8M0FNU, strides=[1]>>
    %x, %t0 = load_view_tko weak %pv[%bx] : partition_view<tile=(16), padding_value = zero, tensor_view<?xf8E8M0FNU, strides=[1]>>, tile<i32> -> tile<16xf8E8M0FNU>, token
    %b = bitcast %x : tile<16xf8E8M0FNU> -> tile<16xi8>
    %ov = make_tensor_view %out, shape = [48], strides = [1] : tensor_view<48xi8, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(16), tensor_view<48xi8, strides=[1]>>
    %s = store_view_tko weak %b, %op[%bx] : tile<16xi8>, partition_view<tile=(16), tensor_view<48xi8, strides=[1]>>, tile<i32> -> token
    return
  }
}
