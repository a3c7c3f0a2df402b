// Histogram of n i32 values in [0, 16) with atomic additions: each tile block
// takes 256 values and adds one to bin[value] for each of them with
// atomic_rmw_tko. Tile blocks may run concurrently (--threads), so the bins
// are only correct because the additions are atomic.
//
// Run it on the CPU (grid: ceil(n / 256) tile blocks; here n = 5000):
//   cuda-tile-run histogram.mlir --entry histogram --grid 20 --threads 2 \
//       --arg @x.npy --arg zeros:i32:16 --arg i32:5000 --out-dir out
// x.npy holds 5000 int32 values below 16; out/arg1.npy receives the bins.
// examples/reference.py generates inputs and checks the outputs.
cuda_tile.module @histogram {
  entry @histogram(%x: tile<ptr<i32>>, %bins: tile<ptr<i32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    %start = muli %bx, %c256 : tile<i32>
    %lane = iota : tile<256xi32>
    %start1 = reshape %start : tile<i32> -> tile<1xi32>
    %startv = broadcast %start1 : tile<1xi32> -> tile<256xi32>
    %idx = addi %startv, %lane : tile<256xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nv = broadcast %n1 : tile<1xi32> -> tile<256xi32>
    %mask = cmpi less_than %idx, %nv, signed : tile<256xi32> -> tile<256xi1>
    %x1 = reshape %x : tile<ptr<i32>> -> tile<1xptr<i32>>
    %xv = broadcast %x1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %xp = offset %xv, %idx : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %zero = constant <i32: 0> : tile<256xi32>
    %vals, %t0 = load_ptr_tko weak %xp, %mask, %zero : tile<256xptr<i32>>, tile<256xi1>, tile<256xi32> -> tile<256xi32>, token
    %b1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bv = broadcast %b1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %bp = offset %bv, %vals : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %ones = constant <i32: 1> : tile<256xi32>
    %old, %t1 = atomic_rmw_tko relaxed device %bp, add, %ones, %mask : tile<256xptr<i32>>, tile<256xi32>, tile<256xi1> -> tile<256xi32>, token
    return
  }
}
