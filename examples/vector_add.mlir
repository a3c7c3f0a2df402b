// Vector addition c = a + b over n f32 elements, 128 elements per tile
// block, with pointer loads and stores masked off past the end of the arrays.
//
// Run it on the CPU (one tile block per 128 elements, here n = 1000):
//   cuda-tile-run vector_add.mlir --entry vadd --grid 8 \
//       --arg @a.npy --arg @b.npy --arg zeros:f32:1000 --arg i32:1000 \
//       --out-dir out
// a.npy and b.npy hold 1000 float32 values; out/arg2.npy receives c.
// examples/reference.py generates inputs and checks the outputs.
cuda_tile.module @vector_add {
  entry @vadd(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %start = muli %bx, %c128 : tile<i32>
    // Element indices start .. start + 127 and the in-range mask.
    %lane = iota : tile<128xi32>
    %start1 = reshape %start : tile<i32> -> tile<1xi32>
    %startv = broadcast %start1 : tile<1xi32> -> tile<128xi32>
    %idx = addi %startv, %lane : tile<128xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nv = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %mask = cmpi less_than %idx, %nv, signed : tile<128xi32> -> tile<128xi1>
    // Pointers to the elements.
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %av = broadcast %a1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %ap = offset %av, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %b1 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bv = broadcast %b1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %bp = offset %bv, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %c1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cv = broadcast %c1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %cp = offset %cv, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t0 = load_ptr_tko weak %ap, %mask : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %y, %t1 = load_ptr_tko weak %bp, %mask : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %sum = addf %x, %y : tile<128xf32>
    %t2 = store_ptr_tko weak %cp, %sum, %mask : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    return
  }
}
