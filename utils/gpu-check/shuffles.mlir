// Kernels of utils/gpu-check.py: layout changes whose source has at most 32
// elements, which every warp holds whole, go through shfl.sync.idx instead of
// shared memory (docs/codegen.md, "Layouts"): broadcasts of f32 columns and
// i64 rows (64-bit values move in two halves), a permute of f16, a cat of two
// i8 sources (a select per slot) and a bool broadcast.
// GPU-CHECK: shuffles grid=2 tol=exact args zeros:f32:2048 zeros:i64:512 zeros:f16:64 zeros:i8:64 zeros:i8:1024
// Broadcasts of index tiles (iota, reshapes, sums and products with the
// tile block's id and constants) compute each copy where it is needed:
// i32 key columns over 32x64 (the causal mask's), and i8 values that wrap,
// through a reshape that moves elements between dimensions.
// GPU-CHECK: index_broadcasts grid=3 tol=exact args zeros:i32:6144 zeros:i8:384
cuda_tile.module @shuffles {
  entry @shuffles(%pf: tile<ptr<f32>>, %pi: tile<ptr<i64>>, %ph: tile<ptr<f16>>, %pc: tile<ptr<i8>>, %pb: tile<ptr<i8>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %bxf = itof %bx signed : tile<i32> -> tile<f32>
    %c0 = constant <i32: 0> : tile<i32>
    // f32: a 16x1 column broadcast to 16x64.
    %r = iota : tile<16xi32>
    %rf = itof %r signed : tile<16xi32> -> tile<16xf32>
    %bxv = reshape %bxf : tile<f32> -> tile<1xf32>
    %bxb = broadcast %bxv : tile<1xf32> -> tile<16xf32>
    %col = addf %rf, %bxb : tile<16xf32>
    %col2 = reshape %col : tile<16xf32> -> tile<16x1xf32>
    %fb = broadcast %col2 : tile<16x1xf32> -> tile<16x64xf32>
    %fv = make_tensor_view %pf, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %fp = make_partition_view %fv : partition_view<tile=(16x64), tensor_view<32x64xf32, strides=[64,1]>>
    %t0 = store_view_tko weak %fb, %fp[%bx, %c0] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    // i64: a 1x8 row broadcast to 32x8, large values in both halves.
    %q = iota : tile<8xi64>
    %big = constant <i64: 4294967311> : tile<8xi64>
    %qb = muli %q, %big : tile<8xi64>
    %q2 = reshape %qb : tile<8xi64> -> tile<1x8xi64>
    %ib = broadcast %q2 : tile<1x8xi64> -> tile<32x8xi64>
    %iv = make_tensor_view %pi, shape = [64, 8], strides = [8, 1] : tensor_view<64x8xi64, strides=[8,1]>
    %ip = make_partition_view %iv : partition_view<tile=(32x8), tensor_view<64x8xi64, strides=[8,1]>>
    %t1 = store_view_tko weak %ib, %ip[%bx, %c0] : tile<32x8xi64>, partition_view<tile=(32x8), tensor_view<64x8xi64, strides=[8,1]>>, tile<i32> -> token
    // f16: a 4x8 transpose.
    %h = iota : tile<32xi32>
    %hf = itof %h signed : tile<32xi32> -> tile<32xf16>
    %h2 = reshape %hf : tile<32xf16> -> tile<4x8xf16>
    %ht = permute %h2 [1, 0] : tile<4x8xf16> -> tile<8x4xf16>
    %hv = make_tensor_view %ph, shape = [16, 4], strides = [4, 1] : tensor_view<16x4xf16, strides=[4,1]>
    %hp = make_partition_view %hv : partition_view<tile=(8x4), tensor_view<16x4xf16, strides=[4,1]>>
    %t2 = store_view_tko weak %ht, %hp[%bx, %c0] : tile<8x4xf16>, partition_view<tile=(8x4), tensor_view<16x4xf16, strides=[4,1]>>, tile<i32> -> token
    // i8: cat of two 16-element sources.
    %a = iota : tile<16xi8>
    %seven = constant <i8: 7> : tile<16xi8>
    %bsrc = muli %a, %seven : tile<16xi8>
    %cat = cat %a, %bsrc dim = 0 : tile<16xi8>, tile<16xi8> -> tile<32xi8>
    %cv = make_tensor_view %pc, shape = [64], strides = [1] : tensor_view<64xi8, strides=[1]>
    %cp = make_partition_view %cv : partition_view<tile=(32), tensor_view<64xi8, strides=[1]>>
    %t3 = store_view_tko weak %cat, %cp[%bx] : tile<32xi8>, partition_view<tile=(32), tensor_view<64xi8, strides=[1]>>, tile<i32> -> token
    // i1: a 1x16 mask broadcast to 32x16, stored as 0/1 bytes.
    %m = iota : tile<16xi32>
    %three = constant <i32: 3> : tile<16xi32>
    %mr = remi %m, %three signed : tile<16xi32>
    %zero = constant <i32: 0> : tile<16xi32>
    %mask = cmpi equal %mr, %zero, signed : tile<16xi32> -> tile<16xi1>
    %m2 = reshape %mask : tile<16xi1> -> tile<1x16xi1>
    %mb = broadcast %m2 : tile<1x16xi1> -> tile<32x16xi1>
    %mi = exti %mb unsigned : tile<32x16xi1> -> tile<32x16xi8>
    %bv = make_tensor_view %pb, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xi8, strides=[16,1]>
    %bp = make_partition_view %bv : partition_view<tile=(32x16), tensor_view<64x16xi8, strides=[16,1]>>
    %t4 = store_view_tko weak %mi, %bp[%bx, %c0] : tile<32x16xi8>, partition_view<tile=(32x16), tensor_view<64x16xi8, strides=[16,1]>>, tile<i32> -> token
    return
  }

  entry @index_broadcasts(%pc: tile<ptr<i32>>, %pw: tile<ptr<i8>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %i = iota : tile<64xi32>
    %i2 = reshape %i : tile<64xi32> -> tile<1x64xi32>
    %c64 = constant <i32: 64> : tile<1x64xi32>
    %b1 = reshape %bx : tile<i32> -> tile<1x1xi32>
    %bb = broadcast %b1 : tile<1x1xi32> -> tile<1x64xi32>
    %base = muli %bb, %c64 : tile<1x64xi32>
    %cols = addi %base, %i2 : tile<1x64xi32>
    %grid = broadcast %cols : tile<1x64xi32> -> tile<32x64xi32>
    %cv = make_tensor_view %pc, shape = [3, 32, 64], strides = [2048, 64, 1] : tensor_view<3x32x64xi32, strides=[2048,64,1]>
    %cp = make_partition_view %cv : partition_view<tile=(1x32x64), tensor_view<3x32x64xi32, strides=[2048,64,1]>>
    %g3 = reshape %grid : tile<32x64xi32> -> tile<1x32x64xi32>
    %t0 = store_view_tko weak %g3, %cp[%bx, %c0, %c0] : tile<1x32x64xi32>, partition_view<tile=(1x32x64), tensor_view<3x32x64xi32, strides=[2048,64,1]>>, tile<i32> -> token
    %w = iota : tile<16xi8>
    %c37 = constant <i8: 37> : tile<16xi8>
    %c5 = constant <i8: 5> : tile<16xi8>
    %w1 = muli %w, %c37 : tile<16xi8>
    %w2 = subi %w1, %c5 : tile<16xi8>
    %w44 = reshape %w2 : tile<16xi8> -> tile<4x4xi8>
    %w116 = reshape %w44 : tile<4x4xi8> -> tile<1x16xi8>
    %wb = broadcast %w116 : tile<1x16xi8> -> tile<8x16xi8>
    %wv = make_tensor_view %pw, shape = [3, 8, 16], strides = [128, 16, 1] : tensor_view<3x8x16xi8, strides=[128,16,1]>
    %wp = make_partition_view %wv : partition_view<tile=(1x8x16), tensor_view<3x8x16xi8, strides=[128,16,1]>>
    %w3 = reshape %wb : tile<8x16xi8> -> tile<1x8x16xi8>
    %t1 = store_view_tko weak %w3, %wp[%bx, %c0, %c0] : tile<1x8x16xi8>, partition_view<tile=(1x8x16), tensor_view<3x8x16xi8, strides=[128,16,1]>>, tile<i32> -> token
    return
  }
}
