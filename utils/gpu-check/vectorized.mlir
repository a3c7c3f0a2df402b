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
// Pointer tiles (docs/codegen.md, "Memory"): rows gathered by an index
// array, as cuTile Python's gather writes them (MoE), masked by row and
// column. `gather_rows`: K and the row stride asserted div_by<16> / <8>,
// 16-byte loads and stores under one mask test each; `gather_ragged`: K
// unasserted, so the column mask may change inside an access (it does, at
// 150): an access's mask lanes are tested together, element accesses where
// they differ; `gather_unaligned`: row stride unasserted, loads element by
// element.
// GPU-CHECK: gather_rows grid=3 tol=exact args gen:f16:28000:u(-10,10) gen:i32:64:i(0,120) zeros:f16:12288 i32:100 i32:192 i32:280
// GPU-CHECK: gather_ragged grid=3 tol=exact args gen:f16:28000:u(-10,10) gen:i32:64:i(0,120) zeros:f16:12288 i32:100 i32:150 i32:280
// GPU-CHECK: gather_unaligned grid=3 tol=exact args gen:f16:28000:u(-10,10) gen:i32:64:i(0,120) zeros:f16:12288 i32:100 i32:192 i32:277
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
  entry @gather_rows(%a_arg: tile<ptr<f16>>, %idx_arg: tile<ptr<i32>>, %dst_arg: tile<ptr<f16>>, %rows: tile<i32>, %k_arg: tile<i32>, %s_arg: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %idx = assume div_by<16>, %idx_arg : tile<ptr<i32>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f16>>
    %k = assume div_by<16>, %k_arg : tile<i32>
    %s = assume div_by<8>, %s_arg : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %iota = iota : tile<64xi32>
    %idx1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %idxb = broadcast %idx1 : tile<1xptr<i32>> -> tile<64xptr<i32>>
    %ip = offset %idxb, %iota : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
    %r, %t0 = load_ptr_tko weak %ip : tile<64xptr<i32>> -> tile<64xi32>, token
    %rows1 = reshape %rows : tile<i32> -> tile<1xi32>
    %rowsb = broadcast %rows1 : tile<1xi32> -> tile<64xi32>
    %rm = cmpi less_than %r, %rowsb, signed : tile<64xi32> -> tile<64xi1>
    %c64 = constant <i32: 64> : tile<i32>
    %k0 = muli %bx, %c64 : tile<i32>
    %k01 = reshape %k0 : tile<i32> -> tile<1xi32>
    %k0b = broadcast %k01 : tile<1xi32> -> tile<64xi32>
    %cols = addi %k0b, %iota : tile<64xi32>
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<64xi32>
    %cm = cmpi less_than %cols, %kb, signed : tile<64xi32> -> tile<64xi1>
    %r2 = reshape %r : tile<64xi32> -> tile<64x1xi32>
    %r2b = broadcast %r2 : tile<64x1xi32> -> tile<64x64xi32>
    %s2 = reshape %s : tile<i32> -> tile<1x1xi32>
    %s2b = broadcast %s2 : tile<1x1xi32> -> tile<64x64xi32>
    %roff = muli %r2b, %s2b : tile<64x64xi32>
    %c2 = reshape %cols : tile<64xi32> -> tile<1x64xi32>
    %c2b = broadcast %c2 : tile<1x64xi32> -> tile<64x64xi32>
    %off = addi %roff, %c2b : tile<64x64xi32>
    %a2 = reshape %a : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %a2b = broadcast %a2 : tile<1x1xptr<f16>> -> tile<64x64xptr<f16>>
    %p = offset %a2b, %off : tile<64x64xptr<f16>>, tile<64x64xi32> -> tile<64x64xptr<f16>>
    %rm2 = reshape %rm : tile<64xi1> -> tile<64x1xi1>
    %rm2b = broadcast %rm2 : tile<64x1xi1> -> tile<64x64xi1>
    %cm2 = reshape %cm : tile<64xi1> -> tile<1x64xi1>
    %cm2b = broadcast %cm2 : tile<1x64xi1> -> tile<64x64xi1>
    %m = andi %rm2b, %cm2b : tile<64x64xi1>
    %pad = constant <f16: -1.0> : tile<64x64xf16>
    %x, %t1 = load_ptr_tko weak %p, %m, %pad : tile<64x64xptr<f16>>, tile<64x64xi1>, tile<64x64xf16> -> tile<64x64xf16>, token
    %i2 = reshape %iota : tile<64xi32> -> tile<64x1xi32>
    %i2b = broadcast %i2 : tile<64x1xi32> -> tile<64x64xi32>
    %k2 = reshape %k : tile<i32> -> tile<1x1xi32>
    %k2b = broadcast %k2 : tile<1x1xi32> -> tile<64x64xi32>
    %drow = muli %i2b, %k2b : tile<64x64xi32>
    %doff = addi %drow, %c2b : tile<64x64xi32>
    %d2 = reshape %dst : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %d2b = broadcast %d2 : tile<1x1xptr<f16>> -> tile<64x64xptr<f16>>
    %dp = offset %d2b, %doff : tile<64x64xptr<f16>>, tile<64x64xi32> -> tile<64x64xptr<f16>>
    %t2 = store_ptr_tko weak %dp, %x, %cm2b : tile<64x64xptr<f16>>, tile<64x64xf16>, tile<64x64xi1> -> token
    return
  }
  entry @gather_ragged(%a_arg: tile<ptr<f16>>, %idx_arg: tile<ptr<i32>>, %dst_arg: tile<ptr<f16>>, %rows: tile<i32>, %k_arg: tile<i32>, %s_arg: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %idx = assume div_by<16>, %idx_arg : tile<ptr<i32>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f16>>
    %k = assume bounded<0, ?>, %k_arg : tile<i32>
    %s = assume div_by<8>, %s_arg : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %iota = iota : tile<64xi32>
    %idx1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %idxb = broadcast %idx1 : tile<1xptr<i32>> -> tile<64xptr<i32>>
    %ip = offset %idxb, %iota : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
    %r, %t0 = load_ptr_tko weak %ip : tile<64xptr<i32>> -> tile<64xi32>, token
    %rows1 = reshape %rows : tile<i32> -> tile<1xi32>
    %rowsb = broadcast %rows1 : tile<1xi32> -> tile<64xi32>
    %rm = cmpi less_than %r, %rowsb, signed : tile<64xi32> -> tile<64xi1>
    %c64 = constant <i32: 64> : tile<i32>
    %k0 = muli %bx, %c64 : tile<i32>
    %k01 = reshape %k0 : tile<i32> -> tile<1xi32>
    %k0b = broadcast %k01 : tile<1xi32> -> tile<64xi32>
    %cols = addi %k0b, %iota : tile<64xi32>
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<64xi32>
    %cm = cmpi less_than %cols, %kb, signed : tile<64xi32> -> tile<64xi1>
    %r2 = reshape %r : tile<64xi32> -> tile<64x1xi32>
    %r2b = broadcast %r2 : tile<64x1xi32> -> tile<64x64xi32>
    %s2 = reshape %s : tile<i32> -> tile<1x1xi32>
    %s2b = broadcast %s2 : tile<1x1xi32> -> tile<64x64xi32>
    %roff = muli %r2b, %s2b : tile<64x64xi32>
    %c2 = reshape %cols : tile<64xi32> -> tile<1x64xi32>
    %c2b = broadcast %c2 : tile<1x64xi32> -> tile<64x64xi32>
    %off = addi %roff, %c2b : tile<64x64xi32>
    %a2 = reshape %a : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %a2b = broadcast %a2 : tile<1x1xptr<f16>> -> tile<64x64xptr<f16>>
    %p = offset %a2b, %off : tile<64x64xptr<f16>>, tile<64x64xi32> -> tile<64x64xptr<f16>>
    %rm2 = reshape %rm : tile<64xi1> -> tile<64x1xi1>
    %rm2b = broadcast %rm2 : tile<64x1xi1> -> tile<64x64xi1>
    %cm2 = reshape %cm : tile<64xi1> -> tile<1x64xi1>
    %cm2b = broadcast %cm2 : tile<1x64xi1> -> tile<64x64xi1>
    %m = andi %rm2b, %cm2b : tile<64x64xi1>
    %pad = constant <f16: -1.0> : tile<64x64xf16>
    %x, %t1 = load_ptr_tko weak %p, %m, %pad : tile<64x64xptr<f16>>, tile<64x64xi1>, tile<64x64xf16> -> tile<64x64xf16>, token
    %i2 = reshape %iota : tile<64xi32> -> tile<64x1xi32>
    %i2b = broadcast %i2 : tile<64x1xi32> -> tile<64x64xi32>
    %k2 = reshape %k : tile<i32> -> tile<1x1xi32>
    %k2b = broadcast %k2 : tile<1x1xi32> -> tile<64x64xi32>
    %drow = muli %i2b, %k2b : tile<64x64xi32>
    %doff = addi %drow, %c2b : tile<64x64xi32>
    %d2 = reshape %dst : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %d2b = broadcast %d2 : tile<1x1xptr<f16>> -> tile<64x64xptr<f16>>
    %dp = offset %d2b, %doff : tile<64x64xptr<f16>>, tile<64x64xi32> -> tile<64x64xptr<f16>>
    %t2 = store_ptr_tko weak %dp, %x, %cm2b : tile<64x64xptr<f16>>, tile<64x64xf16>, tile<64x64xi1> -> token
    return
  }
  entry @gather_unaligned(%a_arg: tile<ptr<f16>>, %idx_arg: tile<ptr<i32>>, %dst_arg: tile<ptr<f16>>, %rows: tile<i32>, %k_arg: tile<i32>, %s_arg: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %idx = assume div_by<16>, %idx_arg : tile<ptr<i32>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f16>>
    %k = assume div_by<16>, %k_arg : tile<i32>
    %s = assume bounded<0, ?>, %s_arg : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %iota = iota : tile<64xi32>
    %idx1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %idxb = broadcast %idx1 : tile<1xptr<i32>> -> tile<64xptr<i32>>
    %ip = offset %idxb, %iota : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
    %r, %t0 = load_ptr_tko weak %ip : tile<64xptr<i32>> -> tile<64xi32>, token
    %rows1 = reshape %rows : tile<i32> -> tile<1xi32>
    %rowsb = broadcast %rows1 : tile<1xi32> -> tile<64xi32>
    %rm = cmpi less_than %r, %rowsb, signed : tile<64xi32> -> tile<64xi1>
    %c64 = constant <i32: 64> : tile<i32>
    %k0 = muli %bx, %c64 : tile<i32>
    %k01 = reshape %k0 : tile<i32> -> tile<1xi32>
    %k0b = broadcast %k01 : tile<1xi32> -> tile<64xi32>
    %cols = addi %k0b, %iota : tile<64xi32>
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<64xi32>
    %cm = cmpi less_than %cols, %kb, signed : tile<64xi32> -> tile<64xi1>
    %r2 = reshape %r : tile<64xi32> -> tile<64x1xi32>
    %r2b = broadcast %r2 : tile<64x1xi32> -> tile<64x64xi32>
    %s2 = reshape %s : tile<i32> -> tile<1x1xi32>
    %s2b = broadcast %s2 : tile<1x1xi32> -> tile<64x64xi32>
    %roff = muli %r2b, %s2b : tile<64x64xi32>
    %c2 = reshape %cols : tile<64xi32> -> tile<1x64xi32>
    %c2b = broadcast %c2 : tile<1x64xi32> -> tile<64x64xi32>
    %off = addi %roff, %c2b : tile<64x64xi32>
    %a2 = reshape %a : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %a2b = broadcast %a2 : tile<1x1xptr<f16>> -> tile<64x64xptr<f16>>
    %p = offset %a2b, %off : tile<64x64xptr<f16>>, tile<64x64xi32> -> tile<64x64xptr<f16>>
    %rm2 = reshape %rm : tile<64xi1> -> tile<64x1xi1>
    %rm2b = broadcast %rm2 : tile<64x1xi1> -> tile<64x64xi1>
    %cm2 = reshape %cm : tile<64xi1> -> tile<1x64xi1>
    %cm2b = broadcast %cm2 : tile<1x64xi1> -> tile<64x64xi1>
    %m = andi %rm2b, %cm2b : tile<64x64xi1>
    %pad = constant <f16: -1.0> : tile<64x64xf16>
    %x, %t1 = load_ptr_tko weak %p, %m, %pad : tile<64x64xptr<f16>>, tile<64x64xi1>, tile<64x64xf16> -> tile<64x64xf16>, token
    %i2 = reshape %iota : tile<64xi32> -> tile<64x1xi32>
    %i2b = broadcast %i2 : tile<64x1xi32> -> tile<64x64xi32>
    %k2 = reshape %k : tile<i32> -> tile<1x1xi32>
    %k2b = broadcast %k2 : tile<1x1xi32> -> tile<64x64xi32>
    %drow = muli %i2b, %k2b : tile<64x64xi32>
    %doff = addi %drow, %c2b : tile<64x64xi32>
    %d2 = reshape %dst : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %d2b = broadcast %d2 : tile<1x1xptr<f16>> -> tile<64x64xptr<f16>>
    %dp = offset %d2b, %doff : tile<64x64xptr<f16>>, tile<64x64xi32> -> tile<64x64xptr<f16>>
    %t2 = store_ptr_tko weak %dp, %x, %cm2b : tile<64x64xptr<f16>>, tile<64x64xf16>, tile<64x64xi1> -> token
    return
  }
}
