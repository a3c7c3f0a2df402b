// Kernels of utils/gpu-check.py (generated once from a template; edit
// freely). Each GPU-CHECK line is one case: entry, grid, tolerance and the
// arguments in cuda-tile-run syntax (gen:TYPE:COUNT:DIST makes an input).
// Atomic read-modify-write and compare-and-swap.
// GPU-CHECK: atomics grid=8 tol=rel=1e-5,abs=1e-4 args gen:i32:2048:i(0,15) gen:i32:2048:bits gen:f32:2048:u(-1,1) zeros:i32:128 zeros:f32:16
// GPU-CHECK: atomics_unique grid=1 tol=exact args gen:i32:512:perm gen:i32:512:i(0,511) gen:f16:512:u(-4,4) gen:bf16:512:u(-4,4) gen:f64:512:u(-4,4) zeros:i32:1024 zeros:i32:2
cuda_tile.module @atomics {
  entry @atomics(%idx: tile<ptr<i32>>, %vals: tile<ptr<i32>>, %fv: tile<ptr<f32>>, %bins: tile<ptr<i32>>, %fbins: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    %base = muli %bx, %c256 : tile<i32>
    %lane = iota : tile<256xi32>
    %b1 = reshape %base : tile<i32> -> tile<1xi32>
    %bv = broadcast %b1 : tile<1xi32> -> tile<256xi32>
    %e = addi %lane, %bv : tile<256xi32>
    %ip1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ipv = broadcast %ip1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %ip = offset %ipv, %e : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %k, %t0 = load_ptr_tko weak %ip : tile<256xptr<i32>> -> tile<256xi32>, token
    %vp1 = reshape %vals : tile<ptr<i32>> -> tile<1xptr<i32>>
    %vpv = broadcast %vp1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %vp = offset %vpv, %e : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %v, %t1 = load_ptr_tko weak %vp : tile<256xptr<i32>> -> tile<256xi32>, token
    %fp1 = reshape %fv : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fpv = broadcast %fp1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %fp = offset %fpv, %e : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %f, %t2 = load_ptr_tko weak %fp : tile<256xptr<f32>> -> tile<256xf32>, token
    %bn1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bnv = broadcast %bn1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %c16 = constant <i32: 16> : tile<256xi32>
    %p0 = offset %bnv, %k : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %p1 = offset %p0, %c16 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %p2 = offset %p1, %c16 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %p3 = offset %p2, %c16 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %p4 = offset %p3, %c16 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %p5 = offset %p4, %c16 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %p6 = offset %p5, %c16 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %p7 = offset %p6, %c16 : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %r0, %a0 = atomic_rmw_tko relaxed device %p0, add, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %r1, %a1 = atomic_rmw_tko acq_rel device %p1, max, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %r2, %a2 = atomic_rmw_tko acquire sys %p2, min, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %r3, %a3 = atomic_rmw_tko release device %p3, umax, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %r4, %a4 = atomic_rmw_tko relaxed tl_blk %p4, umin, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %r5, %a5 = atomic_rmw_tko relaxed device %p5, and, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %r6, %a6 = atomic_rmw_tko relaxed device %p6, or, %v : tile<256xptr<i32>>, tile<256xi32> -> tile<256xi32>, token
    %zero = constant <i32: 0> : tile<256xi32>
    %pos = cmpi greater_than %v, %zero, signed : tile<256xi32> -> tile<256xi1>
    %r7, %a7 = atomic_rmw_tko relaxed device %p7, xor, %v, %pos : tile<256xptr<i32>>, tile<256xi32>, tile<256xi1> -> tile<256xi32>, token
    %fb1 = reshape %fbins : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fbv = broadcast %fb1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %q0 = offset %fbv, %k : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %g0, %b0 = atomic_rmw_tko relaxed device %q0, addf, %f : tile<256xptr<f32>>, tile<256xf32> -> tile<256xf32>, token
    return
  }
  entry @atomics_unique(%perm: tile<ptr<i32>>, %iv: tile<ptr<i32>>, %hv: tile<ptr<f16>>, %bv: tile<ptr<bf16>>, %dv: tile<ptr<f64>>, %olds: tile<ptr<i32>>, %cnt: tile<ptr<i32>>) {
    %lane = iota : tile<512xi32>
    %pp1 = reshape %perm : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ppv = broadcast %pp1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %pp = offset %ppv, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %k, %t0 = load_ptr_tko weak %pp : tile<512xptr<i32>> -> tile<512xi32>, token
    %ip1 = reshape %iv : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ipv = broadcast %ip1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %ip = offset %ipv, %k : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %old, %t1 = atomic_rmw_tko relaxed device %ip, xchg, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xi32>, token
    %ten = constant <i32: 10> : tile<512xi32>
    %cmp = addi %lane, %ten : tile<512xi32>
    %old2, %t2 = atomic_cas_tko acq_rel device %ip, %lane, %cmp token = %t1 : tile<512xptr<i32>>, tile<512xi32> -> tile<512xi32>, token
    %op1 = reshape %olds : tile<ptr<i32>> -> tile<1xptr<i32>>
    %opv = broadcast %op1 : tile<1xptr<i32>> -> tile<512xptr<i32>>
    %op = offset %opv, %lane : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %c512 = constant <i32: 512> : tile<512xi32>
    %op2 = offset %op, %c512 : tile<512xptr<i32>>, tile<512xi32> -> tile<512xptr<i32>>
    %s0 = store_ptr_tko weak %op, %old : tile<512xptr<i32>>, tile<512xi32> -> token
    %s1 = store_ptr_tko weak %op2, %old2 : tile<512xptr<i32>>, tile<512xi32> -> token
    %h1 = reshape %hv : tile<ptr<f16>> -> tile<1xptr<f16>>
    %hpv = broadcast %h1 : tile<1xptr<f16>> -> tile<512xptr<f16>>
    %hp = offset %hpv, %k : tile<512xptr<f16>>, tile<512xi32> -> tile<512xptr<f16>>
    %hval = constant <f16: 0.375> : tile<512xf16>
    %hr, %t3 = atomic_rmw_tko relaxed device %hp, addf, %hval : tile<512xptr<f16>>, tile<512xf16> -> tile<512xf16>, token
    %b1 = reshape %bv : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %bpv = broadcast %b1 : tile<1xptr<bf16>> -> tile<512xptr<bf16>>
    %bp = offset %bpv, %k : tile<512xptr<bf16>>, tile<512xi32> -> tile<512xptr<bf16>>
    %bval = constant <bf16: 1.5> : tile<512xbf16>
    %br, %t4 = atomic_rmw_tko relaxed device %bp, addf, %bval : tile<512xptr<bf16>>, tile<512xbf16> -> tile<512xbf16>, token
    %d1 = reshape %dv : tile<ptr<f64>> -> tile<1xptr<f64>>
    %dpv = broadcast %d1 : tile<1xptr<f64>> -> tile<512xptr<f64>>
    %dp = offset %dpv, %k : tile<512xptr<f64>>, tile<512xi32> -> tile<512xptr<f64>>
    %dval = constant <f64: 0.125> : tile<512xf64>
    %dr, %t5 = atomic_rmw_tko relaxed sys %dp, addf, %dval : tile<512xptr<f64>>, tile<512xf64> -> tile<512xf64>, token
    %one = constant <i32: 1> : tile<i32>
    %before, %t6 = atomic_rmw_tko relaxed device %cnt, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %c1 = constant <i32: 1> : tile<i32>
    %cnt1 = offset %cnt, %c1 : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %s2 = store_ptr_tko weak %cnt1, %before : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
