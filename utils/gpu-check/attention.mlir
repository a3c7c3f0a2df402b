// Kernels of utils/gpu-check.py (generated once from bench/gpu/kernels.py's
// attention; edit freely). Flash-attention forward with the head dimension
// 64: Q loaded once in front of the key loop (a one-buffer ring), K through
// a transposing view (a transposed ring: rows of K, ldmatrix without
// .trans), V through a ring; the sequence (200) ends in a partial tile of
// queries and of keys (zero-padded keys score 0, as the interpreter
// computes them), two tile blocks each way; again with the sequence 1000
// (the first two query tiles): 8 key steps, the rings wrapping around.
// attention_d64_causal masks the keys past each query (the loop ends at
// the block's last query).
// attention_d128: head dimension 128, whose K and V take 64 KiB a stage: on
// GPUs with 99 KiB a CTA (sm_86/89/120) Q, K and V get one buffer each,
// V copied while Q K^T computes and the next K while P V does.
// GPU-CHECK: attention_d64 grid=2,2 tol=rel=1e-2,abs=1e-2 args gen:f16:25600:u(-1,1) gen:f16:25600:u(-1,1) gen:f16:25600:u(-1,1) zeros:f16:25600 i32:2 i32:200 f32:0.125
// GPU-CHECK: attention_d64 grid=2,1 tol=rel=1e-2,abs=1e-2 args gen:f16:64000:u(-1,1) gen:f16:64000:u(-1,1) gen:f16:64000:u(-1,1) zeros:f16:64000 i32:1 i32:1000 f32:0.125
// GPU-CHECK: attention_d128 grid=2,2 tol=rel=1e-2,abs=1e-2 args gen:f16:51200:u(-1,1) gen:f16:51200:u(-1,1) gen:f16:51200:u(-1,1) zeros:f16:51200 i32:2 i32:200 f32:0.088
// GPU-CHECK: attention_d64_causal grid=2,2 tol=rel=1e-2,abs=1e-2 args gen:f16:25600:u(-1,1) gen:f16:25600:u(-1,1) gen:f16:25600:u(-1,1) zeros:f16:25600 i32:2 i32:200 f32:0.125
cuda_tile.module @attention {
  entry @attention_d64(%q_arg: tile<ptr<f16>>, %k_arg: tile<ptr<f16>>, %v_arg: tile<ptr<f16>>, %o_arg: tile<ptr<f16>>, %bh: tile<i32>, %s: tile<i32>, %scale: tile<f32>) {
    %q = assume div_by<16>, %q_arg : tile<ptr<f16>>
    %k = assume div_by<16>, %k_arg : tile<ptr<f16>>
    %v = assume div_by<16>, %v_arg : tile<ptr<f16>>
    %o = assume div_by<16>, %o_arg : tile<ptr<f16>>
    %dc = constant <i32: 64> : tile<i32>
    %row_stride = muli %s, %dc : tile<i32>
    %q_tv = make_tensor_view %q, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %k_tv = make_tensor_view %k, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %v_tv = make_tensor_view %v, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %o_tv = make_tensor_view %o, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(1x64x128), tensor_view<?x?x64xf16, strides=[?,64,1]>, dim_map=[0, 2, 1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q3, %tq = load_view_tko weak %q_pv[%by, %bx, %c0] : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>, tile<i32> -> tile<1x128x64xf16>, token
    %qt = reshape %q3 : tile<1x128x64xf16> -> tile<128x64xf16>
    %log2e = constant <f32: 1.44269504> : tile<f32>
    %qk = mulf %scale, %log2e : tile<f32>
    %qk1 = reshape %qk : tile<f32> -> tile<1x1xf32>
    %qk_col = broadcast %qk1 : tile<1x1xf32> -> tile<128x1xf32>
    %qk_all = broadcast %qk1 : tile<1x1xf32> -> tile<128x128xf32>
    %tn_c = constant <i32: 128> : tile<i32>
    %steps = divi %s, %tn_c signed rounding<positive_inf> : tile<i32>
    %zero_s = constant <f32: 0.0> : tile<128x128xf32>
    %zero_acc = constant <f32: 0.0> : tile<128x64xf32>
    %zero_col = constant <f32: 0.0> : tile<128x1xf32>
    %ninf_col = constant <f32: 0xFF800000> : tile<128x1xf32>
    %acc, %l, %m = for %j in (%c0 to %steps, step %c1) : tile<i32> iter_values(%acc_i = %zero_acc, %l_i = %zero_col, %m_i = %ninf_col) -> (tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>) {
      %k3, %tk = load_view_tko weak %k_pv[%by, %c0, %j] : partition_view<tile=(1x64x128), tensor_view<?x?x64xf16, strides=[?,64,1]>, dim_map=[0, 2, 1]>, tile<i32> -> tile<1x64x128xf16>, token
      %kt = reshape %k3 : tile<1x64x128xf16> -> tile<64x128xf16>
      %sc = mmaf %qt, %kt, %zero_s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %mx = reduce %sc dim=1 identities=[0xFF800000 : f32] : tile<128x128xf32> -> tile<128xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = maxf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %mx_col = reshape %mx : tile<128xf32> -> tile<128x1xf32>
      %mx_s = mulf %mx_col, %qk_col : tile<128x1xf32>
      %m_new = maxf %m_i, %mx_s : tile<128x1xf32>
      %m_all = broadcast %m_new : tile<128x1xf32> -> tile<128x128xf32>
      %neg_m = negf %m_all : tile<128x128xf32>
      %x = fma %sc, %qk_all, %neg_m : tile<128x128xf32>
      %p = exp2 %x flush_to_zero : tile<128x128xf32>
      %ps = reduce %p dim=1 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = addf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %ps_col = reshape %ps : tile<128xf32> -> tile<128x1xf32>
      %dm = subf %m_i, %m_new : tile<128x1xf32>
      %alpha = exp2 %dm flush_to_zero : tile<128x1xf32>
      %l_new = fma %l_i, %alpha, %ps_col : tile<128x1xf32>
      %alpha_all = broadcast %alpha : tile<128x1xf32> -> tile<128x64xf32>
      %acc_s = mulf %acc_i, %alpha_all : tile<128x64xf32>
      %v3, %tv3 = load_view_tko weak %v_pv[%by, %j, %c0] : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>, tile<i32> -> tile<1x128x64xf16>, token
      %vt = reshape %v3 : tile<1x128x64xf16> -> tile<128x64xf16>
      %pf = ftof %p : tile<128x128xf32> -> tile<128x128xf16>
      %acc_n = mmaf %pf, %vt, %acc_s : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %acc_n, %l_new, %m_new : tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>
    }
    %l_all = broadcast %l : tile<128x1xf32> -> tile<128x64xf32>
    %out = divf %acc, %l_all rounding<approx> flush_to_zero : tile<128x64xf32>
    %out16 = ftof %out : tile<128x64xf32> -> tile<128x64xf16>
    %out3 = reshape %out16 : tile<128x64xf16> -> tile<1x128x64xf16>
    %done = store_view_tko weak %out3, %o_pv[%by, %bx, %c0] : tile<1x128x64xf16>, partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>, tile<i32> -> token
    return
  }
  entry @attention_d128(%q_arg: tile<ptr<f16>>, %k_arg: tile<ptr<f16>>, %v_arg: tile<ptr<f16>>, %o_arg: tile<ptr<f16>>, %bh: tile<i32>, %s: tile<i32>, %scale: tile<f32>) {
    %q = assume div_by<16>, %q_arg : tile<ptr<f16>>
    %k = assume div_by<16>, %k_arg : tile<ptr<f16>>
    %v = assume div_by<16>, %v_arg : tile<ptr<f16>>
    %o = assume div_by<16>, %o_arg : tile<ptr<f16>>
    %dc = constant <i32: 128> : tile<i32>
    %row_stride = muli %s, %dc : tile<i32>
    %q_tv = make_tensor_view %q, shape = [%bh, %s, 128], strides = [%row_stride, 128, 1] : tile<i32> -> tensor_view<?x?x128xf16, strides=[?,128,1]>
    %k_tv = make_tensor_view %k, shape = [%bh, %s, 128], strides = [%row_stride, 128, 1] : tile<i32> -> tensor_view<?x?x128xf16, strides=[?,128,1]>
    %v_tv = make_tensor_view %v, shape = [%bh, %s, 128], strides = [%row_stride, 128, 1] : tile<i32> -> tensor_view<?x?x128xf16, strides=[?,128,1]>
    %o_tv = make_tensor_view %o, shape = [%bh, %s, 128], strides = [%row_stride, 128, 1] : tile<i32> -> tensor_view<?x?x128xf16, strides=[?,128,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>, dim_map=[0, 2, 1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q3, %tq = load_view_tko weak %q_pv[%by, %bx, %c0] : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>, tile<i32> -> tile<1x128x128xf16>, token
    %qt = reshape %q3 : tile<1x128x128xf16> -> tile<128x128xf16>
    %log2e = constant <f32: 1.44269504> : tile<f32>
    %qk = mulf %scale, %log2e : tile<f32>
    %qk1 = reshape %qk : tile<f32> -> tile<1x1xf32>
    %qk_col = broadcast %qk1 : tile<1x1xf32> -> tile<128x1xf32>
    %qk_all = broadcast %qk1 : tile<1x1xf32> -> tile<128x128xf32>
    %tn_c = constant <i32: 128> : tile<i32>
    %steps = divi %s, %tn_c signed rounding<positive_inf> : tile<i32>
    %zero_s = constant <f32: 0.0> : tile<128x128xf32>
    %zero_acc = constant <f32: 0.0> : tile<128x128xf32>
    %zero_col = constant <f32: 0.0> : tile<128x1xf32>
    %ninf_col = constant <f32: 0xFF800000> : tile<128x1xf32>
    %acc, %l, %m = for %j in (%c0 to %steps, step %c1) : tile<i32> iter_values(%acc_i = %zero_acc, %l_i = %zero_col, %m_i = %ninf_col) -> (tile<128x128xf32>, tile<128x1xf32>, tile<128x1xf32>) {
      %k3, %tk = load_view_tko weak %k_pv[%by, %c0, %j] : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>, dim_map=[0, 2, 1]>, tile<i32> -> tile<1x128x128xf16>, token
      %kt = reshape %k3 : tile<1x128x128xf16> -> tile<128x128xf16>
      %sc = mmaf %qt, %kt, %zero_s : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>
      %mx = reduce %sc dim=1 identities=[0xFF800000 : f32] : tile<128x128xf32> -> tile<128xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = maxf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %mx_col = reshape %mx : tile<128xf32> -> tile<128x1xf32>
      %mx_s = mulf %mx_col, %qk_col : tile<128x1xf32>
      %m_new = maxf %m_i, %mx_s : tile<128x1xf32>
      %m_all = broadcast %m_new : tile<128x1xf32> -> tile<128x128xf32>
      %neg_m = negf %m_all : tile<128x128xf32>
      %x = fma %sc, %qk_all, %neg_m : tile<128x128xf32>
      %p = exp2 %x flush_to_zero : tile<128x128xf32>
      %ps = reduce %p dim=1 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = addf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %ps_col = reshape %ps : tile<128xf32> -> tile<128x1xf32>
      %dm = subf %m_i, %m_new : tile<128x1xf32>
      %alpha = exp2 %dm flush_to_zero : tile<128x1xf32>
      %l_new = fma %l_i, %alpha, %ps_col : tile<128x1xf32>
      %alpha_all = broadcast %alpha : tile<128x1xf32> -> tile<128x128xf32>
      %acc_s = mulf %acc_i, %alpha_all : tile<128x128xf32>
      %v3, %tv3 = load_view_tko weak %v_pv[%by, %j, %c0] : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>, tile<i32> -> tile<1x128x128xf16>, token
      %vt = reshape %v3 : tile<1x128x128xf16> -> tile<128x128xf16>
      %pf = ftof %p : tile<128x128xf32> -> tile<128x128xf16>
      %acc_n = mmaf %pf, %vt, %acc_s : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>
      continue %acc_n, %l_new, %m_new : tile<128x128xf32>, tile<128x1xf32>, tile<128x1xf32>
    }
    %l_all = broadcast %l : tile<128x1xf32> -> tile<128x128xf32>
    %out = divf %acc, %l_all rounding<approx> flush_to_zero : tile<128x128xf32>
    %out16 = ftof %out : tile<128x128xf32> -> tile<128x128xf16>
    %out3 = reshape %out16 : tile<128x128xf16> -> tile<1x128x128xf16>
    %done = store_view_tko weak %out3, %o_pv[%by, %bx, %c0] : tile<1x128x128xf16>, partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>, tile<i32> -> token
    return
  }
  entry @attention_d64_causal(%q_arg: tile<ptr<f16>>, %k_arg: tile<ptr<f16>>, %v_arg: tile<ptr<f16>>, %o_arg: tile<ptr<f16>>, %bh: tile<i32>, %s: tile<i32>, %scale: tile<f32>) {
    %q = assume div_by<16>, %q_arg : tile<ptr<f16>>
    %k = assume div_by<16>, %k_arg : tile<ptr<f16>>
    %v = assume div_by<16>, %v_arg : tile<ptr<f16>>
    %o = assume div_by<16>, %o_arg : tile<ptr<f16>>
    %dc = constant <i32: 64> : tile<i32>
    %row_stride = muli %s, %dc : tile<i32>
    %q_tv = make_tensor_view %q, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %k_tv = make_tensor_view %k, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %v_tv = make_tensor_view %v, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %o_tv = make_tensor_view %o, shape = [%bh, %s, 64], strides = [%row_stride, 64, 1] : tile<i32> -> tensor_view<?x?x64xf16, strides=[?,64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(1x64x128), tensor_view<?x?x64xf16, strides=[?,64,1]>, dim_map=[0, 2, 1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q3, %tq = load_view_tko weak %q_pv[%by, %bx, %c0] : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>, tile<i32> -> tile<1x128x64xf16>, token
    %qt = reshape %q3 : tile<1x128x64xf16> -> tile<128x64xf16>
    %log2e = constant <f32: 1.44269504> : tile<f32>
    %qk = mulf %scale, %log2e : tile<f32>
    %qk1 = reshape %qk : tile<f32> -> tile<1x1xf32>
    %qk_col = broadcast %qk1 : tile<1x1xf32> -> tile<128x1xf32>
    %qk_all = broadcast %qk1 : tile<1x1xf32> -> tile<128x128xf32>
    %tn_c = constant <i32: 128> : tile<i32>
    %steps = divi %s, %tn_c signed rounding<positive_inf> : tile<i32>
    %zero_s = constant <f32: 0.0> : tile<128x128xf32>
    %zero_acc = constant <f32: 0.0> : tile<128x64xf32>
    %zero_col = constant <f32: 0.0> : tile<128x1xf32>
    %ninf_col = constant <f32: 0xFF800000> : tile<128x1xf32>
    %tm_c = constant <i32: 128> : tile<i32>
    %row0 = muli %bx, %tm_c : tile<i32>
    %row_end = addi %row0, %tm_c : tile<i32>
    %row_last = mini %row_end, %s signed : tile<i32>
    %steps_c = divi %row_last, %tn_c signed rounding<positive_inf> : tile<i32>
    %ri = iota : tile<128xi32>
    %ri2 = reshape %ri : tile<128xi32> -> tile<128x1xi32>
    %rib = broadcast %ri2 : tile<128x1xi32> -> tile<128x128xi32>
    %row0_1 = reshape %row0 : tile<i32> -> tile<1x1xi32>
    %row0_b = broadcast %row0_1 : tile<1x1xi32> -> tile<128x128xi32>
    %rows = addi %rib, %row0_b : tile<128x128xi32>
    %ci = iota : tile<128xi32>
    %ci2 = reshape %ci : tile<128xi32> -> tile<1x128xi32>
    %cib = broadcast %ci2 : tile<1x128xi32> -> tile<128x128xi32>
    %ninf_s = constant <f32: 0xFF800000> : tile<128x128xf32>
    %acc, %l, %m = for %j in (%c0 to %steps_c, step %c1) : tile<i32> iter_values(%acc_i = %zero_acc, %l_i = %zero_col, %m_i = %ninf_col) -> (tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>) {
      %k3, %tk = load_view_tko weak %k_pv[%by, %c0, %j] : partition_view<tile=(1x64x128), tensor_view<?x?x64xf16, strides=[?,64,1]>, dim_map=[0, 2, 1]>, tile<i32> -> tile<1x64x128xf16>, token
      %kt = reshape %k3 : tile<1x64x128xf16> -> tile<64x128xf16>
      %sc0 = mmaf %qt, %kt, %zero_s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %col0 = muli %j, %tn_c : tile<i32>
      %col0_1 = reshape %col0 : tile<i32> -> tile<1x1xi32>
      %col0_b = broadcast %col0_1 : tile<1x1xi32> -> tile<128x128xi32>
      %cols = addi %cib, %col0_b : tile<128x128xi32>
      %future = cmpi greater_than %cols, %rows, signed : tile<128x128xi32> -> tile<128x128xi1>
      %sc = select %future, %ninf_s, %sc0 : tile<128x128xi1>, tile<128x128xf32>
      %mx = reduce %sc dim=1 identities=[0xFF800000 : f32] : tile<128x128xf32> -> tile<128xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = maxf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %mx_col = reshape %mx : tile<128xf32> -> tile<128x1xf32>
      %mx_s = mulf %mx_col, %qk_col : tile<128x1xf32>
      %m_new = maxf %m_i, %mx_s : tile<128x1xf32>
      %m_all = broadcast %m_new : tile<128x1xf32> -> tile<128x128xf32>
      %neg_m = negf %m_all : tile<128x128xf32>
      %x = fma %sc, %qk_all, %neg_m : tile<128x128xf32>
      %p = exp2 %x flush_to_zero : tile<128x128xf32>
      %ps = reduce %p dim=1 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = addf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %ps_col = reshape %ps : tile<128xf32> -> tile<128x1xf32>
      %dm = subf %m_i, %m_new : tile<128x1xf32>
      %alpha = exp2 %dm flush_to_zero : tile<128x1xf32>
      %l_new = fma %l_i, %alpha, %ps_col : tile<128x1xf32>
      %alpha_all = broadcast %alpha : tile<128x1xf32> -> tile<128x64xf32>
      %acc_s = mulf %acc_i, %alpha_all : tile<128x64xf32>
      %v3, %tv3 = load_view_tko weak %v_pv[%by, %j, %c0] : partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>, tile<i32> -> tile<1x128x64xf16>, token
      %vt = reshape %v3 : tile<1x128x64xf16> -> tile<128x64xf16>
      %pf = ftof %p : tile<128x128xf32> -> tile<128x128xf16>
      %acc_n = mmaf %pf, %vt, %acc_s : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %acc_n, %l_new, %m_new : tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>
    }
    %l_all = broadcast %l : tile<128x1xf32> -> tile<128x64xf32>
    %out = divf %acc, %l_all rounding<approx> flush_to_zero : tile<128x64xf32>
    %out16 = ftof %out : tile<128x64xf32> -> tile<128x64xf16>
    %out3 = reshape %out16 : tile<128x64xf16> -> tile<1x128x64xf16>
    %done = store_view_tko weak %out3, %o_pv[%by, %bx, %c0] : tile<1x128x64xf16>, partition_view<tile=(1x128x64), tensor_view<?x?x64xf16, strides=[?,64,1]>>, tile<i32> -> token
    return
  }
}
