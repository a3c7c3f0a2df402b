// Kernels of utils/gpu-check.py (generated once from a template; edit
// freely). Each GPU-CHECK line is one case: entry, grid, tolerance and the
// arguments in cuda-tile-run syntax (gen:TYPE:COUNT:DIST makes an input).
// Reductions and scans along every dimension.
// GPU-CHECK: reduce_scan grid=1 tol=exact args gen:f32:1024:u(-2,2) gen:i32:1024:i(-100000,100000) zeros:f32:12288 zeros:i32:12288
// GPU-CHECK: reduce_big grid=1 tol=exact args gen:f32:16384:u(-1,1) zeros:f32:16512
// Rows longer than the shared-memory buffer (folded in segments). The tree
// order scans a row of 16384 floats in runs. At position 13442 of one draw
// the exact running sum was 1.6123789; the runs gave 1.6123480 (3.1e-5 off),
// the sequential order 1.6124643 (8.5e-5 off, 1.8e-4 at worst in the row),
// 1.2e-4 apart: over the tree order's default bound.
// GPU-CHECK: reduce_long grid=1 tol=exact/rel=1e-5,abs=1e-3 args gen:f32:32768:u(-1,1) gen:i32:32768:i(-1000,1000) zeros:f32:32772 zeros:i32:32771
// Scans cut into runs (tree order): one row of 4096, rows of 512 with two
// operands, rows along dim 0 (256 x 16), and a combiner that is associative
// but not commutative (the last non-zero value). The floats are integers, so
// every order sums them exactly.
// GPU-CHECK: scan_runs grid=1 tol=exact args gen:f32:4096:i(-1000,1000) gen:i32:4096:i(-1000,1000) zeros:f32:8192 zeros:i32:12288
cuda_tile.module @reduce_scan {
  entry @reduce_scan(%in: tile<ptr<f32>>, %ii: tile<ptr<i32>>, %out: tile<ptr<f32>>, %oi: tile<ptr<i32>>) {
    %v1 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v2 = broadcast %v1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v3 = iota : tile<1024xi32>
    %v4 = constant <i32: 0> : tile<1024xi32>
    %v5 = addi %v3, %v4 : tile<1024xi32>
    %v6 = offset %v2, %v5 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %v9 = reshape %ld7 : tile<1024xf32> -> tile<16x64xf32>
    %v10 = reshape %ii : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v11 = broadcast %v10 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v12 = iota : tile<1024xi32>
    %v13 = constant <i32: 0> : tile<1024xi32>
    %v14 = addi %v12, %v13 : tile<1024xi32>
    %v15 = offset %v11, %v14 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %v18 = reshape %ld16 : tile<1024xi32> -> tile<16x64xi32>
    %red19 = reduce %v9 dim=1 identities=[0.0 : f32] : tile<16x64xf32> -> tile<16xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v20 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v21 = broadcast %v20 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %v22 = iota : tile<16xi32>
    %v23 = constant <i32: 0> : tile<16xi32>
    %v24 = addi %v22, %v23 : tile<16xi32>
    %v25 = offset %v21, %v24 : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %st26 = store_ptr_tko weak %v25, %red19 : tile<16xptr<f32>>, tile<16xf32> -> token
    %red27 = reduce %v9 dim=0 identities=[0.0 : f32] : tile<16x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v28 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v29 = broadcast %v28 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %v30 = iota : tile<64xi32>
    %v31 = constant <i32: 1024> : tile<64xi32>
    %v32 = addi %v30, %v31 : tile<64xi32>
    %v33 = offset %v29, %v32 : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %st34 = store_ptr_tko weak %v33, %red27 : tile<64xptr<f32>>, tile<64xf32> -> token
    %red35 = reduce %v9 dim=1 identities=[0xFF800000 : f32] : tile<16x64xf32> -> tile<16xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = maxf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v36 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v37 = broadcast %v36 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %v38 = iota : tile<16xi32>
    %v39 = constant <i32: 2048> : tile<16xi32>
    %v40 = addi %v38, %v39 : tile<16xi32>
    %v41 = offset %v37, %v40 : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %st42 = store_ptr_tko weak %v41, %red35 : tile<16xptr<f32>>, tile<16xf32> -> token
    %red43 = reduce %v18 dim=1 identities=[-2147483648 : i32] : tile<16x64xi32> -> tile<16xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = maxi %e, %a signed : tile<i32>
        yield %c : tile<i32>
      }
    %v44 = reshape %oi : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v45 = broadcast %v44 : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %v46 = iota : tile<16xi32>
    %v47 = constant <i32: 3072> : tile<16xi32>
    %v48 = addi %v46, %v47 : tile<16xi32>
    %v49 = offset %v45, %v48 : tile<16xptr<i32>>, tile<16xi32> -> tile<16xptr<i32>>
    %st50 = store_ptr_tko weak %v49, %red43 : tile<16xptr<i32>>, tile<16xi32> -> token
    %red51 = reduce %v18 dim=0 identities=[0 : i32] : tile<16x64xi32> -> tile<64xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %v52 = reshape %oi : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v53 = broadcast %v52 : tile<1xptr<i32>> -> tile<64xptr<i32>>
    %v54 = iota : tile<64xi32>
    %v55 = constant <i32: 4096> : tile<64xi32>
    %v56 = addi %v54, %v55 : tile<64xi32>
    %v57 = offset %v53, %v56 : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
    %st58 = store_ptr_tko weak %v57, %red51 : tile<64xptr<i32>>, tile<64xi32> -> token
    %v59 = reshape %v9 : tile<16x64xf32> -> tile<4x16x16xf32>
    %red60 = reduce %v59 dim=1 identities=[0.0 : f32] : tile<4x16x16xf32> -> tile<4x16xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v61 = reshape %red60 : tile<4x16xf32> -> tile<64xf32>
    %v62 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v63 = broadcast %v62 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %v64 = iota : tile<64xi32>
    %v65 = constant <i32: 5120> : tile<64xi32>
    %v66 = addi %v64, %v65 : tile<64xi32>
    %v67 = offset %v63, %v66 : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %st68 = store_ptr_tko weak %v67, %v61 : tile<64xptr<f32>>, tile<64xf32> -> token
    %v69 = reshape %v9 : tile<16x64xf32> -> tile<1024xf32>
    %red70 = reduce %v69 dim=0 identities=[0.0 : f32] : tile<1024xf32> -> tile<f32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v71 = reshape %red70 : tile<f32> -> tile<1xf32>
    %v72 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v73 = broadcast %v72 : tile<1xptr<f32>> -> tile<1xptr<f32>>
    %v74 = iota : tile<1xi32>
    %v75 = constant <i32: 6144> : tile<1xi32>
    %v76 = addi %v74, %v75 : tile<1xi32>
    %v77 = offset %v73, %v76 : tile<1xptr<f32>>, tile<1xi32> -> tile<1xptr<f32>>
    %st78 = store_ptr_tko weak %v77, %v71 : tile<1xptr<f32>>, tile<1xf32> -> token
    %scan79 = scan %v9 dim=1 reverse=false identities=[0.0 : f32] : tile<16x64xf32> -> tile<16x64xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v80 = reshape %scan79 : tile<16x64xf32> -> tile<1024xf32>
    %v81 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v82 = broadcast %v81 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v83 = iota : tile<1024xi32>
    %v84 = constant <i32: 7168> : tile<1024xi32>
    %v85 = addi %v83, %v84 : tile<1024xi32>
    %v86 = offset %v82, %v85 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %st87 = store_ptr_tko weak %v86, %v80 : tile<1024xptr<f32>>, tile<1024xf32> -> token
    %scan88 = scan %v9 dim=0 reverse=true identities=[1.0 : f32] : tile<16x64xf32> -> tile<16x64xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = mulf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v89 = reshape %scan88 : tile<16x64xf32> -> tile<1024xf32>
    %v90 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v91 = broadcast %v90 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v92 = iota : tile<1024xi32>
    %v93 = constant <i32: 8192> : tile<1024xi32>
    %v94 = addi %v92, %v93 : tile<1024xi32>
    %v95 = offset %v91, %v94 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %st96 = store_ptr_tko weak %v95, %v89 : tile<1024xptr<f32>>, tile<1024xf32> -> token
    %scan97 = scan %v18 dim=1 reverse=true identities=[0 : i32] : tile<16x64xi32> -> tile<16x64xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %v98 = reshape %scan97 : tile<16x64xi32> -> tile<1024xi32>
    %v99 = reshape %oi : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v100 = broadcast %v99 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v101 = iota : tile<1024xi32>
    %v102 = constant <i32: 9216> : tile<1024xi32>
    %v103 = addi %v101, %v102 : tile<1024xi32>
    %v104 = offset %v100, %v103 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %st105 = store_ptr_tko weak %v104, %v98 : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %v106 = iota : tile<64xi32>
    %v107 = reshape %v106 : tile<64xi32> -> tile<1x64xi32>
    %v108 = broadcast %v107 : tile<1x64xi32> -> tile<16x64xi32>
    %mv109, %mi110 = reduce %v9, %v108 dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<16x64xf32>, tile<16x64xi32> -> tile<16xf32>, tile<16xi32>
      (%v: tile<f32>, %va: tile<f32>, %i: tile<i32>, %ia: tile<i32>) {
        %gt = cmpf greater_than ordered %v, %va : tile<f32> -> tile<i1>
        %nv = select %gt, %v, %va : tile<i1>, tile<f32>
        %ni = select %gt, %i, %ia : tile<i1>, tile<i32>
        yield %nv, %ni : tile<f32>, tile<i32>
      }
    %v111 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v112 = broadcast %v111 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %v113 = iota : tile<16xi32>
    %v114 = constant <i32: 10240> : tile<16xi32>
    %v115 = addi %v113, %v114 : tile<16xi32>
    %v116 = offset %v112, %v115 : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %st117 = store_ptr_tko weak %v116, %mv109 : tile<16xptr<f32>>, tile<16xf32> -> token
    %v118 = reshape %oi : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v119 = broadcast %v118 : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %v120 = iota : tile<16xi32>
    %v121 = constant <i32: 11264> : tile<16xi32>
    %v122 = addi %v120, %v121 : tile<16xi32>
    %v123 = offset %v119, %v122 : tile<16xptr<i32>>, tile<16xi32> -> tile<16xptr<i32>>
    %st124 = store_ptr_tko weak %v123, %mi110 : tile<16xptr<i32>>, tile<16xi32> -> token
    return
  }
  entry @reduce_big(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %v1 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v2 = broadcast %v1 : tile<1xptr<f32>> -> tile<16384xptr<f32>>
    %v3 = iota : tile<16384xi32>
    %v4 = constant <i32: 0> : tile<16384xi32>
    %v5 = addi %v3, %v4 : tile<16384xi32>
    %v6 = offset %v2, %v5 : tile<16384xptr<f32>>, tile<16384xi32> -> tile<16384xptr<f32>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<16384xptr<f32>> -> tile<16384xf32>, token
    %v9 = reshape %ld7 : tile<16384xf32> -> tile<128x128xf32>
    %red10 = reduce %v9 dim=0 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %v11 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v12 = broadcast %v11 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %v13 = iota : tile<128xi32>
    %v14 = constant <i32: 0> : tile<128xi32>
    %v15 = addi %v13, %v14 : tile<128xi32>
    %v16 = offset %v12, %v15 : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %st17 = store_ptr_tko weak %v16, %red10 : tile<128xptr<f32>>, tile<128xf32> -> token
    %v18 = permute %v9 [1, 0] : tile<128x128xf32> -> tile<128x128xf32>
    %v19 = reshape %v18 : tile<128x128xf32> -> tile<16384xf32>
    %v20 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v21 = broadcast %v20 : tile<1xptr<f32>> -> tile<16384xptr<f32>>
    %v22 = iota : tile<16384xi32>
    %v23 = constant <i32: 128> : tile<16384xi32>
    %v24 = addi %v22, %v23 : tile<16384xi32>
    %v25 = offset %v21, %v24 : tile<16384xptr<f32>>, tile<16384xi32> -> tile<16384xptr<f32>>
    %st26 = store_ptr_tko weak %v25, %v19 : tile<16384xptr<f32>>, tile<16384xf32> -> token
    return
  }

  entry @reduce_long(%in: tile<ptr<f32>>, %ii: tile<ptr<i32>>, %outf: tile<ptr<f32>>, %outi: tile<ptr<i32>>) {
    %idx = iota : tile<32768xi32>
    %pf1 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pf2 = broadcast %pf1 : tile<1xptr<f32>> -> tile<32768xptr<f32>>
    %pf3 = offset %pf2, %idx : tile<32768xptr<f32>>, tile<32768xi32> -> tile<32768xptr<f32>>
    %f, %t0 = load_ptr_tko weak %pf3 : tile<32768xptr<f32>> -> tile<32768xf32>, token
    %pi1 = reshape %ii : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pi2 = broadcast %pi1 : tile<1xptr<i32>> -> tile<32768xptr<i32>>
    %pi3 = offset %pi2, %idx : tile<32768xptr<i32>>, tile<32768xi32> -> tile<32768xptr<i32>>
    %i, %t1 = load_ptr_tko weak %pi3 : tile<32768xptr<i32>> -> tile<32768xi32>, token
    %f2 = reshape %f : tile<32768xf32> -> tile<2x16384xf32>
    %i2 = reshape %i : tile<32768xi32> -> tile<2x16384xi32>
    %pos = reshape %idx : tile<32768xi32> -> tile<2x16384xi32>
    %sum = reduce %f2 dim=1 identities=[0.0 : f32] : tile<2x16384xf32> -> tile<2xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %isum = reduce %i dim=0 identities=[0 : i32] : tile<32768xi32> -> tile<i32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %mv, %mi = reduce %f2, %pos dim=1 identities=[0xFF800000 : f32, -1 : i32] : tile<2x16384xf32>, tile<2x16384xi32> -> tile<2xf32>, tile<2xi32>
      (%v: tile<f32>, %va: tile<f32>, %k: tile<i32>, %ka: tile<i32>) {
        %gt = cmpf greater_than ordered %v, %va : tile<f32> -> tile<i1>
        %nv = select %gt, %v, %va : tile<i1>, tile<f32>
        %nk = select %gt, %k, %ka : tile<i1>, tile<i32>
        yield %nv, %nk : tile<f32>, tile<i32>
      }
    %fs = scan %f2 dim=1 reverse=false identities=[0.0 : f32] : tile<2x16384xf32> -> tile<2x16384xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %is = scan %i2 dim=1 reverse=true identities=[0 : i32] : tile<2x16384xi32> -> tile<2x16384xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %of1 = reshape %outf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %i2x = iota : tile<2xi32>
    %of2 = broadcast %of1 : tile<1xptr<f32>> -> tile<2xptr<f32>>
    %of3 = offset %of2, %i2x : tile<2xptr<f32>>, tile<2xi32> -> tile<2xptr<f32>>
    %s0 = store_ptr_tko weak %of3, %sum : tile<2xptr<f32>>, tile<2xf32> -> token
    %two = constant <i32: 2> : tile<2xi32>
    %i2y = addi %i2x, %two : tile<2xi32>
    %of4 = offset %of2, %i2y : tile<2xptr<f32>>, tile<2xi32> -> tile<2xptr<f32>>
    %s1 = store_ptr_tko weak %of4, %mv : tile<2xptr<f32>>, tile<2xf32> -> token
    %four = constant <i32: 4> : tile<32768xi32>
    %idx4 = addi %idx, %four : tile<32768xi32>
    %of5 = broadcast %of1 : tile<1xptr<f32>> -> tile<32768xptr<f32>>
    %of6 = offset %of5, %idx4 : tile<32768xptr<f32>>, tile<32768xi32> -> tile<32768xptr<f32>>
    %fsf = reshape %fs : tile<2x16384xf32> -> tile<32768xf32>
    %s2 = store_ptr_tko weak %of6, %fsf : tile<32768xptr<f32>>, tile<32768xf32> -> token
    %s3 = store_ptr_tko weak %outi, %isum : tile<ptr<i32>>, tile<i32> -> token
    %oi1 = reshape %outi : tile<ptr<i32>> -> tile<1xptr<i32>>
    %oi2 = broadcast %oi1 : tile<1xptr<i32>> -> tile<2xptr<i32>>
    %one = constant <i32: 1> : tile<2xi32>
    %i2z = addi %i2x, %one : tile<2xi32>
    %oi3 = offset %oi2, %i2z : tile<2xptr<i32>>, tile<2xi32> -> tile<2xptr<i32>>
    %s4 = store_ptr_tko weak %oi3, %mi : tile<2xptr<i32>>, tile<2xi32> -> token
    %three = constant <i32: 3> : tile<32768xi32>
    %idx3 = addi %idx, %three : tile<32768xi32>
    %oi4 = broadcast %oi1 : tile<1xptr<i32>> -> tile<32768xptr<i32>>
    %oi5 = offset %oi4, %idx3 : tile<32768xptr<i32>>, tile<32768xi32> -> tile<32768xptr<i32>>
    %isf = reshape %is : tile<2x16384xi32> -> tile<32768xi32>
    %s5 = store_ptr_tko weak %oi5, %isf : tile<32768xptr<i32>>, tile<32768xi32> -> token
    return
  }

  entry @scan_runs(%in: tile<ptr<f32>>, %ii: tile<ptr<i32>>, %outf: tile<ptr<f32>>, %outi: tile<ptr<i32>>) {
    %idx = iota : tile<4096xi32>
    %pf1 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pf2 = broadcast %pf1 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %pf3 = offset %pf2, %idx : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %f, %t0 = load_ptr_tko weak %pf3 : tile<4096xptr<f32>> -> tile<4096xf32>, token
    %pi1 = reshape %ii : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pi2 = broadcast %pi1 : tile<1xptr<i32>> -> tile<4096xptr<i32>>
    %pi3 = offset %pi2, %idx : tile<4096xptr<i32>>, tile<4096xi32> -> tile<4096xptr<i32>>
    %i, %t1 = load_ptr_tko weak %pi3 : tile<4096xptr<i32>> -> tile<4096xi32>, token
    %fs = scan %f dim=0 reverse=false identities=[0.0 : f32] : tile<4096xf32> -> tile<4096xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %f16 = reshape %f : tile<4096xf32> -> tile<256x16xf32>
    %cs = scan %f16 dim=0 reverse=true identities=[0.0 : f32] : tile<256x16xf32> -> tile<256x16xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %i8 = reshape %i : tile<4096xi32> -> tile<8x512xi32>
    %rs, %rm = scan %i8, %i8 dim=1 reverse=true identities=[0 : i32, -2147483648 : i32] : tile<8x512xi32>, tile<8x512xi32> -> tile<8x512xi32>, tile<8x512xi32>
      (%e: tile<i32>, %a: tile<i32>, %x: tile<i32>, %m: tile<i32>) {
        %s = addi %e, %a : tile<i32>
        %n = maxi %x, %m signed : tile<i32>
        yield %s, %n : tile<i32>, tile<i32>
      }
    %three = constant <i32: 3> : tile<4096xi32>
    %small = andi %i, %three : tile<4096xi32>
    %last = scan %small dim=0 reverse=false identities=[0 : i32] : tile<4096xi32> -> tile<4096xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %zero = constant <i32: 0> : tile<i32>
        %z = cmpi equal %e, %zero, signed : tile<i32> -> tile<i1>
        %r = select %z, %a, %e : tile<i1>, tile<i32>
        yield %r : tile<i32>
      }
    %of1 = reshape %outf : tile<ptr<f32>> -> tile<1xptr<f32>>
    %of2 = broadcast %of1 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %of3 = offset %of2, %idx : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %s0 = store_ptr_tko weak %of3, %fs : tile<4096xptr<f32>>, tile<4096xf32> -> token
    %n4096 = constant <i32: 4096> : tile<4096xi32>
    %idx1 = addi %idx, %n4096 : tile<4096xi32>
    %of4 = offset %of2, %idx1 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %csf = reshape %cs : tile<256x16xf32> -> tile<4096xf32>
    %s1 = store_ptr_tko weak %of4, %csf : tile<4096xptr<f32>>, tile<4096xf32> -> token
    %oi1 = reshape %outi : tile<ptr<i32>> -> tile<1xptr<i32>>
    %oi2 = broadcast %oi1 : tile<1xptr<i32>> -> tile<4096xptr<i32>>
    %oi3 = offset %oi2, %idx : tile<4096xptr<i32>>, tile<4096xi32> -> tile<4096xptr<i32>>
    %rsf = reshape %rs : tile<8x512xi32> -> tile<4096xi32>
    %s2 = store_ptr_tko weak %oi3, %rsf : tile<4096xptr<i32>>, tile<4096xi32> -> token
    %oi4 = offset %oi2, %idx1 : tile<4096xptr<i32>>, tile<4096xi32> -> tile<4096xptr<i32>>
    %rmf = reshape %rm : tile<8x512xi32> -> tile<4096xi32>
    %s3 = store_ptr_tko weak %oi4, %rmf : tile<4096xptr<i32>>, tile<4096xi32> -> token
    %n8192 = constant <i32: 8192> : tile<4096xi32>
    %idx2 = addi %idx, %n8192 : tile<4096xi32>
    %oi5 = offset %oi2, %idx2 : tile<4096xptr<i32>>, tile<4096xi32> -> tile<4096xptr<i32>>
    %s4 = store_ptr_tko weak %oi5, %last : tile<4096xptr<i32>>, tile<4096xi32> -> token
    return
  }
}
