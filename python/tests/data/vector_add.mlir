// The IR of python/examples/vector_add.py as text, op for op: the C++ writer
// must produce the builder's bytes from it (tests/test_cross_cpp.py).
cuda_tile.module @kernels {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %blk = constant <i32: 128> : tile<i32>
    %start = muli %bx, %blk : tile<i32>
    %s1 = reshape %start : tile<i32> -> tile<1xi32>
    %sb = broadcast %s1 : tile<1xi32> -> tile<128xi32>
    %io = iota : tile<128xi32>
    %idx = addi %sb, %io : tile<128xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %mask = cmpi less_than %idx, %nb, signed : tile<128xi32> -> tile<128xi1>
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ab = broadcast %a1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pa = offset %ab, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %tx = load_ptr_tko weak %pa, %mask : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %b1 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %b1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pb = offset %bb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %y, %ty = load_ptr_tko weak %pb, %mask : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %sum = addf %x, %y : tile<128xf32>
    %c1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cb = broadcast %c1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pc = offset %cb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %ts = store_ptr_tko weak %pc, %sum, %mask : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    return
  }
}
