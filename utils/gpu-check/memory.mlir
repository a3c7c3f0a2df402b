// Kernels of utils/gpu-check.py (generated once from a template; edit
// freely). Each GPU-CHECK line is one case: entry, grid, tolerance and the
// arguments in cuda-tile-run syntax (gen:TYPE:COUNT:DIST makes an input).
// Token ordering, memory orderings, shared and global allocas, globals, print.
// GPU-CHECK: memory grid=1 tol=exact args zeros:i32:512 gen:i32:512:perm zeros:i32:1537 zeros:f32:8
cuda_tile.module @memory {
  global @table <f32: [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]> : tile<8xf32>
  global @counter <i32: [0]> : tile<1xi32>
  entry @memory(%p: tile<ptr<i32>>, %perm: tile<ptr<i32>>, %out: tile<ptr<i32>>, %fout: tile<ptr<f32>>) {
    %lane = iota : tile<512xi32>
    %pp1 = reshape %perm : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ppv = broadcast %pp1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %ppp = offset %ppv, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %k, %t0 = load_ptr_tko relaxed device %ppp : tile<512xptr<i32>> -> tile<512xi32>, token
    // A store through permuted addresses, then a load ordered after it by
    // its token: every element is read by another thread than wrote it.
    %b1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bv = broadcast %b1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %sp = offset %bv, %k : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %lp = offset %bv, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %t1 = store_ptr_tko weak %sp, %lane : tile<512xptr<i32>>, tile<512xi32> -> token
    %r, %t2 = load_ptr_tko weak %lp token=%t1 : tile<512xptr<i32>> -> tile<512xi32>, token
    %o1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ov = broadcast %o1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %op = offset %ov, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %t3 = store_ptr_tko release device %op, %r token=%t2 : tile<512xptr<i32>>, tile<512xi32> -> token
    // Shared (alloca) memory through permuted pointers.
    %a = alloca num_elem = 512, alignment = 16 : tile<ptr<i32>>
    %a1 = reshape %a : tile<ptr<i32>> -> tile<1xptr<i32>>
    %av = broadcast %a1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %asp = offset %av, %k : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %alp = offset %av, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %c7 = constant <i32: 7> : tile<512xi32>
    %v7 = muli %lane, %c7 : tile<512xi32>
    %t4 = store_ptr_tko weak %asp, %v7 : tile<512xptr<i32>>, tile<512xi32> -> token
    %ar, %t5 = load_ptr_tko acquire tl_blk %alp token=%t4 : tile<512xptr<i32>> -> tile<512xi32>, token
    %c512 = constant <i32: 512> : tile<512xi32>
    %op2 = offset %op, %c512 : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %t6 = store_ptr_tko weak %op2, %ar : tile<512xptr<i32>>, tile<512xi32> -> token
    // Global-memory alloca.
    %g = alloca num_elem = 512, alignment = 256 global : tile<ptr<i32>>
    %g1 = reshape %g : tile<ptr<i32>> -> tile<1xptr<i32>>
    %gv = broadcast %g1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %gsp = offset %gv, %k : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %glp = offset %gv, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %t7 = store_ptr_tko relaxed device %gsp, %k : tile<512xptr<i32>>, tile<512xi32> -> token
    %gr, %t8 = load_ptr_tko weak %glp token=%t7 : tile<512xptr<i32>> -> tile<512xi32>, token
    %c1024 = constant <i32: 1024> : tile<512xi32>
    %op3 = offset %op, %c1024 : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %t9 = store_ptr_tko weak %op3, %gr : tile<512xptr<i32>>, tile<512xi32> -> token
    // Globals.
    %tb = get_global @table : tile<ptr<f32>>
    %l8 = iota : tile<8xi32>
    %tb1 = reshape %tb : tile<ptr<f32>> -> tile<1xptr<f32>>
    %tbv = broadcast %tb1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %tbp = offset %tbv, %l8 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %m = constant <i1: [true, false, true, true, false, true, true, true]> : tile<8xi1>
    %pad = constant <f32: -1.0> : tile<8xf32>
    %tv, %t10 = load_ptr_tko weak %tbp, %m, %pad : tile<8xptr<f32>>, tile<8xi1>, tile<8xf32> -> tile<8xf32>, token
    %fo1 = reshape %fout : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fov = broadcast %fo1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %fop = offset %fov, %l8 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t11 = store_ptr_tko weak %fop, %tv : tile<8xptr<f32>>, tile<8xf32> -> token
    %cg = get_global @counter : tile<ptr<i32>>
    %one = constant <i32: 1> : tile<i32>
    %cv, %t12 = atomic_rmw_tko relaxed device %cg, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %cv2, %t13 = load_ptr_tko acquire device %cg token=%t12 : tile<ptr<i32>> -> tile<i32>, token
    %c1536 = constant <i32: 1536> : tile<i32>
    %o5 = offset %out, %c1536 : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t14 = store_ptr_tko weak %o5, %cv2 : tile<ptr<i32>>, tile<i32> -> token
    %t15 = print_tko "counter=%d table=%f\n", %cv2, %tv : tile<i32>, tile<8xf32> -> token
    %ok = constant <i1: true> : tile<8xi1>
    assert %ok, "never fails" : tile<8xi1>
    return
  }
}
