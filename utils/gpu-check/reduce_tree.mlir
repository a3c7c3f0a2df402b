// Kernels of utils/gpu-check.py for the reductions of every layout shape
// the tree order (--reduction-order tree) plans: a rank-3 tile along each
// dimension, rows that fit in a warp, rows spread over every warp, tiles
// smaller than the CTA (replicated), 16- and 64-bit elements (shuffled
// zero-extended and in halves) and a two-operand argmax.
// GPU-CHECK: reduce_rank3 grid=1 tol=exact args gen:i32:1024:i(-100000,100000) zeros:i32:1024
// GPU-CHECK: reduce_widths grid=1 tol=exact args gen:f16:2048:u(-4,4) gen:i64:2048:bits zeros:f16:8 zeros:i64:8
// GPU-CHECK: reduce_small grid=1 tol=exact args gen:i32:32:i(-1000,1000) zeros:i32:12
// GPU-CHECK: reduce_argmax grid=1 tol=exact args gen:f32:1024:u(-1,1) zeros:f32:8 zeros:i32:8
// Float max and min fold with the bare instruction and give a zero result
// its sign from the bits they track: rows of 32 that hold only -0, a rare
// +0 among -0 (and the other way round), NaNs, infinities.
// GPU-CHECK: reduce_signed_zeros grid=1 tol=order-free args gen:f32:2048:pick(-0.0) zeros:f32:192
// GPU-CHECK: reduce_signed_zeros grid=1 tol=order-free args gen:f32:2048:pick(-0.0*31|0.0) zeros:f32:192
// GPU-CHECK: reduce_signed_zeros grid=1 tol=order-free args gen:f32:2048:pick(0.0*31|-0.0) zeros:f32:192
// GPU-CHECK: reduce_signed_zeros grid=1 tol=order-free args gen:f32:2048:pick(nan*30|-0.0|-1) zeros:f32:192
// GPU-CHECK: reduce_signed_zeros grid=1 tol=order-free args gen:f32:2048:pick(nan|0.0|-0.0|-inf|inf) zeros:f32:192
// GPU-CHECK: reduce_signed_zeros_f16 grid=1 tol=order-free args gen:f16:2048:pick(-0.0*31|0.0|nan) zeros:f16:128
cuda_tile.module @reduce_tree {
  entry @reduce_rank3(%in: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %x_p1 = reshape %in : tile<ptr<i32>> -> tile<1xptr<i32>>
    %x_pb = broadcast %x_p1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %x_i = iota : tile<1024xi32>
    %x_pp = offset %x_pb, %x_i : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %x_f, %x_t = load_ptr_tko weak %x_pp : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %x = reshape %x_f : tile<1024xi32> -> tile<4x8x32xi32>
    %r0 = reduce %x dim=0 identities=[0 : i32] : tile<4x8x32xi32> -> tile<8x32xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %s0_v = reshape %r0 : tile<8x32xi32> -> tile<256xi32>
    %s0_p1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %s0_pb = broadcast %s0_p1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %s0_i = iota : tile<256xi32>
    %s0_o = constant <i32: 0> : tile<256xi32>
    %s0_j = addi %s0_i, %s0_o : tile<256xi32>
    %s0_pp = offset %s0_pb, %s0_j : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %s0_s = store_ptr_tko weak %s0_pp, %s0_v : tile<256xptr<i32>>, tile<256xi32> -> token
    %r1 = reduce %x dim=1 identities=[0 : i32] : tile<4x8x32xi32> -> tile<4x32xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %s1_v = reshape %r1 : tile<4x32xi32> -> tile<128xi32>
    %s1_p1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %s1_pb = broadcast %s1_p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %s1_i = iota : tile<128xi32>
    %s1_o = constant <i32: 256> : tile<128xi32>
    %s1_j = addi %s1_i, %s1_o : tile<128xi32>
    %s1_pp = offset %s1_pb, %s1_j : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %s1_s = store_ptr_tko weak %s1_pp, %s1_v : tile<128xptr<i32>>, tile<128xi32> -> token
    %r2 = reduce %x dim=2 identities=[0 : i32] : tile<4x8x32xi32> -> tile<4x8xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %s2_v = reshape %r2 : tile<4x8xi32> -> tile<32xi32>
    %s2_p1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %s2_pb = broadcast %s2_p1 : tile<1xptr<i32>> -> tile<32xptr<i32>>
    %s2_i = iota : tile<32xi32>
    %s2_o = constant <i32: 384> : tile<32xi32>
    %s2_j = addi %s2_i, %s2_o : tile<32xi32>
    %s2_pp = offset %s2_pb, %s2_j : tile<32xptr<i32>>, tile<32xi32> -> tile<32xptr<i32>>
    %s2_s = store_ptr_tko weak %s2_pp, %s2_v : tile<32xptr<i32>>, tile<32xi32> -> token
    return
  }

  entry @reduce_widths(%h: tile<ptr<f16>>, %l: tile<ptr<i64>>, %ho: tile<ptr<f16>>, %lo: tile<ptr<i64>>) {
    %x_p1 = reshape %h : tile<ptr<f16>> -> tile<1xptr<f16>>
    %x_pb = broadcast %x_p1 : tile<1xptr<f16>> -> tile<2048xptr<f16>>
    %x_i = iota : tile<2048xi32>
    %x_pp = offset %x_pb, %x_i : tile<2048xptr<f16>>, tile<2048xi32> -> tile<2048xptr<f16>>
    %x_f, %x_t = load_ptr_tko weak %x_pp : tile<2048xptr<f16>> -> tile<2048xf16>, token
    %x = reshape %x_f : tile<2048xf16> -> tile<8x256xf16>
    %m = reduce %x dim=1 identities=[0xFC00 : f16] : tile<8x256xf16> -> tile<8xf16>
      (%e: tile<f16>, %a: tile<f16>) {
        %c = maxf %e, %a : tile<f16>
        yield %c : tile<f16>
      }
    %sm_p1 = reshape %ho : tile<ptr<f16>> -> tile<1xptr<f16>>
    %sm_pb = broadcast %sm_p1 : tile<1xptr<f16>> -> tile<8xptr<f16>>
    %sm_i = iota : tile<8xi32>
    %sm_o = constant <i32: 0> : tile<8xi32>
    %sm_j = addi %sm_i, %sm_o : tile<8xi32>
    %sm_pp = offset %sm_pb, %sm_j : tile<8xptr<f16>>, tile<8xi32> -> tile<8xptr<f16>>
    %sm_s = store_ptr_tko weak %sm_pp, %m : tile<8xptr<f16>>, tile<8xf16> -> token
    %y_p1 = reshape %l : tile<ptr<i64>> -> tile<1xptr<i64>>
    %y_pb = broadcast %y_p1 : tile<1xptr<i64>> -> tile<2048xptr<i64>>
    %y_i = iota : tile<2048xi32>
    %y_pp = offset %y_pb, %y_i : tile<2048xptr<i64>>, tile<2048xi32> -> tile<2048xptr<i64>>
    %y_f, %y_t = load_ptr_tko weak %y_pp : tile<2048xptr<i64>> -> tile<2048xi64>, token
    %y = reshape %y_f : tile<2048xi64> -> tile<8x256xi64>
    %s = reduce %y dim=1 identities=[0 : i64] : tile<8x256xi64> -> tile<8xi64>
      (%e: tile<i64>, %a: tile<i64>) {
        %c = addi %e, %a : tile<i64>
        yield %c : tile<i64>
      }
    %ss_p1 = reshape %lo : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ss_pb = broadcast %ss_p1 : tile<1xptr<i64>> -> tile<8xptr<i64>>
    %ss_i = iota : tile<8xi32>
    %ss_o = constant <i32: 0> : tile<8xi32>
    %ss_j = addi %ss_i, %ss_o : tile<8xi32>
    %ss_pp = offset %ss_pb, %ss_j : tile<8xptr<i64>>, tile<8xi32> -> tile<8xptr<i64>>
    %ss_s = store_ptr_tko weak %ss_pp, %s : tile<8xptr<i64>>, tile<8xi64> -> token
    return
  }

  entry @reduce_small(%in: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %x_p1 = reshape %in : tile<ptr<i32>> -> tile<1xptr<i32>>
    %x_pb = broadcast %x_p1 : tile<1xptr<i32>> -> tile<32xptr<i32>>
    %x_i = iota : tile<32xi32>
    %x_pp = offset %x_pb, %x_i : tile<32xptr<i32>>, tile<32xi32> -> tile<32xptr<i32>>
    %x_f, %x_t = load_ptr_tko weak %x_pp : tile<32xptr<i32>> -> tile<32xi32>, token
    %x = reshape %x_f : tile<32xi32> -> tile<4x8xi32>
    %r0 = reduce %x dim=0 identities=[0 : i32] : tile<4x8xi32> -> tile<8xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %s0_p1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %s0_pb = broadcast %s0_p1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %s0_i = iota : tile<8xi32>
    %s0_o = constant <i32: 0> : tile<8xi32>
    %s0_j = addi %s0_i, %s0_o : tile<8xi32>
    %s0_pp = offset %s0_pb, %s0_j : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %s0_s = store_ptr_tko weak %s0_pp, %r0 : tile<8xptr<i32>>, tile<8xi32> -> token
    %r1 = reduce %x dim=1 identities=[-2147483648 : i32] : tile<4x8xi32> -> tile<4xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = maxi %e, %a signed : tile<i32>
        yield %c : tile<i32>
      }
    %s1_p1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %s1_pb = broadcast %s1_p1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %s1_i = iota : tile<4xi32>
    %s1_o = constant <i32: 8> : tile<4xi32>
    %s1_j = addi %s1_i, %s1_o : tile<4xi32>
    %s1_pp = offset %s1_pb, %s1_j : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %s1_s = store_ptr_tko weak %s1_pp, %r1 : tile<4xptr<i32>>, tile<4xi32> -> token
    return
  }

  entry @reduce_argmax(%in: tile<ptr<f32>>, %vo: tile<ptr<f32>>, %io: tile<ptr<i32>>) {
    %x_p1 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %x_pb = broadcast %x_p1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %x_i = iota : tile<1024xi32>
    %x_pp = offset %x_pb, %x_i : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %x_f, %x_t = load_ptr_tko weak %x_pp : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %x = reshape %x_f : tile<1024xf32> -> tile<8x128xf32>
    %flat = iota : tile<1024xi32>
    %idx = reshape %flat : tile<1024xi32> -> tile<8x128xi32>
    %v, %k = reduce %x, %idx dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<8x128xf32>, tile<8x128xi32> -> tile<8xf32>, tile<8xi32>
      (%a: tile<f32>, %aa: tile<f32>, %b: tile<i32>, %ba: tile<i32>) {
        %gt = cmpf greater_than ordered %a, %aa : tile<f32> -> tile<i1>
        %eq = cmpf equal ordered %a, %aa : tile<f32> -> tile<i1>
        %lt = cmpi less_than %b, %ba, signed : tile<i32> -> tile<i1>
        %tie = andi %eq, %lt : tile<i1>
        %take = ori %gt, %tie : tile<i1>
        %nv = select %take, %a, %aa : tile<i1>, tile<f32>
        %ni = select %take, %b, %ba : tile<i1>, tile<i32>
        yield %nv, %ni : tile<f32>, tile<i32>
      }
    %sv_p1 = reshape %vo : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sv_pb = broadcast %sv_p1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %sv_i = iota : tile<8xi32>
    %sv_o = constant <i32: 0> : tile<8xi32>
    %sv_j = addi %sv_i, %sv_o : tile<8xi32>
    %sv_pp = offset %sv_pb, %sv_j : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %sv_s = store_ptr_tko weak %sv_pp, %v : tile<8xptr<f32>>, tile<8xf32> -> token
    %si_p1 = reshape %io : tile<ptr<i32>> -> tile<1xptr<i32>>
    %si_pb = broadcast %si_p1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %si_i = iota : tile<8xi32>
    %si_o = constant <i32: 0> : tile<8xi32>
    %si_j = addi %si_i, %si_o : tile<8xi32>
    %si_pp = offset %si_pb, %si_j : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %si_s = store_ptr_tko weak %si_pp, %k : tile<8xptr<i32>>, tile<8xi32> -> token
    return
  }


  entry @reduce_signed_zeros(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %x_p1 = reshape %in : tile<ptr<f32>> -> tile<1xptr<f32>>
    %x_pb = broadcast %x_p1 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %x_i = iota : tile<2048xi32>
    %x_pp = offset %x_pb, %x_i : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %x_f, %x_t = load_ptr_tko weak %x_pp : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %x = reshape %x_f : tile<2048xf32> -> tile<64x32xf32>
    %max = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<64x32xf32> -> tile<64xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = maxf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %min = reduce %x dim=1 identities=[0x7F800000 : f32] : tile<64x32xf32> -> tile<64xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = minf %a, %e : tile<f32>
        yield %c : tile<f32>
      }
    %maxn = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<64x32xf32> -> tile<64xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = maxf %e, %a propagate_nan : tile<f32>
        yield %c : tile<f32>
      }
    %all = cat %max, %min dim = 0 : tile<64xf32>, tile<64xf32> -> tile<128xf32>
    %o_p1 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %o_pb = broadcast %o_p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %o_i = iota : tile<128xi32>
    %o_pp = offset %o_pb, %o_i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %o_s0 = store_ptr_tko weak %o_pp, %all : tile<128xptr<f32>>, tile<128xf32> -> token
    %n_pb = broadcast %o_p1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %n_i = iota : tile<64xi32>
    %n_o = constant <i32: 128> : tile<64xi32>
    %n_j = addi %n_i, %n_o : tile<64xi32>
    %n_pp = offset %n_pb, %n_j : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %o_s1 = store_ptr_tko weak %n_pp, %maxn : tile<64xptr<f32>>, tile<64xf32> -> token
    return
  }

  entry @reduce_signed_zeros_f16(%in: tile<ptr<f16>>, %out: tile<ptr<f16>>) {
    %x_p1 = reshape %in : tile<ptr<f16>> -> tile<1xptr<f16>>
    %x_pb = broadcast %x_p1 : tile<1xptr<f16>> -> tile<2048xptr<f16>>
    %x_i = iota : tile<2048xi32>
    %x_pp = offset %x_pb, %x_i : tile<2048xptr<f16>>, tile<2048xi32> -> tile<2048xptr<f16>>
    %x_f, %x_t = load_ptr_tko weak %x_pp : tile<2048xptr<f16>> -> tile<2048xf16>, token
    %x = reshape %x_f : tile<2048xf16> -> tile<64x32xf16>
    %max = reduce %x dim=1 identities=[0xFC00 : f16] : tile<64x32xf16> -> tile<64xf16>
      (%e: tile<f16>, %a: tile<f16>) {
        %c = maxf %e, %a : tile<f16>
        yield %c : tile<f16>
      }
    %min = reduce %x dim=1 identities=[0x7C00 : f16] : tile<64x32xf16> -> tile<64xf16>
      (%e: tile<f16>, %a: tile<f16>) {
        %c = minf %e, %a : tile<f16>
        yield %c : tile<f16>
      }
    %all = cat %max, %min dim = 0 : tile<64xf16>, tile<64xf16> -> tile<128xf16>
    %o_p1 = reshape %out : tile<ptr<f16>> -> tile<1xptr<f16>>
    %o_pb = broadcast %o_p1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %o_i = iota : tile<128xi32>
    %o_pp = offset %o_pb, %o_i : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %o_s = store_ptr_tko weak %o_pp, %all : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }
}
