// Kernels of utils/gpu-check.py (generated once from a template; edit
// freely). Each GPU-CHECK line is one case: entry, grid, tolerance and the
// arguments in cuda-tile-run syntax (gen:TYPE:COUNT:DIST makes an input).
// Random bit patterns (NaN, infinities, subnormals) through float ops.
// GPU-CHECK: float_special grid=1 tol=exact args gen:f32:256:bits gen:f32:256:bits zeros:f32:2048
cuda_tile.module @float_special {
  entry @float_special(%in0: tile<ptr<f32>>, %in1: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %cn = constant <i32: 256> : tile<i32>
    %base = muli %bx, %cn : tile<i32>
    %lane = iota : tile<256xi32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %basev = broadcast %base1 : tile<1xi32> -> tile<256xi32>
    %idx = addi %lane, %basev : tile<256xi32>
    %in0_1 = reshape %in0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %in0_v = broadcast %in0_1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %in0_p = offset %in0_v, %idx : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %x0_flat, %tk0 = load_ptr_tko weak %in0_p : tile<256xptr<f32>> -> tile<256xf32>, token
    %x0 = reshape %x0_flat : tile<256xf32> -> tile<256xf32>
    %in1_1 = reshape %in1 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %in1_v = broadcast %in1_1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %in1_p = offset %in1_v, %idx : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %x1_flat, %tk1 = load_ptr_tko weak %in1_p : tile<256xptr<f32>> -> tile<256xf32>, token
    %x1 = reshape %x1_flat : tile<256xf32> -> tile<256xf32>
    %r1 = maxf %x0, %x1 : tile<256xf32>
    %r2 = maxf %x0, %x1 propagate_nan : tile<256xf32>
    %r3 = maxf %x0, %x1 flush_to_zero : tile<256xf32>
    %r4 = minf %x0, %x1 : tile<256xf32>
    %r5 = minf %x0, %x1 propagate_nan : tile<256xf32>
    %r6 = minf %x0, %x1 flush_to_zero : tile<256xf32>
    %r7 = addf %x0, %x1 rounding<nearest_even> flush_to_zero : tile<256xf32>
    %r8 = floor %x0 : tile<256xf32>
    %off0 = constant <i32: 0> : tile<256xi32>
    %idx0 = addi %idx, %off0 : tile<256xi32>
    %out_1 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %out_v = broadcast %out_1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %op0 = offset %out_v, %idx0 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st0 = store_ptr_tko weak %op0, %r1 : tile<256xptr<f32>>, tile<256xf32> -> token
    %off1 = constant <i32: 256> : tile<256xi32>
    %idx1 = addi %idx, %off1 : tile<256xi32>
    %op1 = offset %out_v, %idx1 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st1 = store_ptr_tko weak %op1, %r2 : tile<256xptr<f32>>, tile<256xf32> -> token
    %off2 = constant <i32: 512> : tile<256xi32>
    %idx2 = addi %idx, %off2 : tile<256xi32>
    %op2 = offset %out_v, %idx2 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st2 = store_ptr_tko weak %op2, %r3 : tile<256xptr<f32>>, tile<256xf32> -> token
    %off3 = constant <i32: 768> : tile<256xi32>
    %idx3 = addi %idx, %off3 : tile<256xi32>
    %op3 = offset %out_v, %idx3 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st3 = store_ptr_tko weak %op3, %r4 : tile<256xptr<f32>>, tile<256xf32> -> token
    %off4 = constant <i32: 1024> : tile<256xi32>
    %idx4 = addi %idx, %off4 : tile<256xi32>
    %op4 = offset %out_v, %idx4 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st4 = store_ptr_tko weak %op4, %r5 : tile<256xptr<f32>>, tile<256xf32> -> token
    %off5 = constant <i32: 1280> : tile<256xi32>
    %idx5 = addi %idx, %off5 : tile<256xi32>
    %op5 = offset %out_v, %idx5 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st5 = store_ptr_tko weak %op5, %r6 : tile<256xptr<f32>>, tile<256xf32> -> token
    %off6 = constant <i32: 1536> : tile<256xi32>
    %idx6 = addi %idx, %off6 : tile<256xi32>
    %op6 = offset %out_v, %idx6 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st6 = store_ptr_tko weak %op6, %r7 : tile<256xptr<f32>>, tile<256xf32> -> token
    %off7 = constant <i32: 1792> : tile<256xi32>
    %idx7 = addi %idx, %off7 : tile<256xi32>
    %op7 = offset %out_v, %idx7 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st7 = store_ptr_tko weak %op7, %r8 : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
}
