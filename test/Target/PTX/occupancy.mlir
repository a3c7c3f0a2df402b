// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a -split-input-file %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a -split-input-file --remarks=missed --pair-k-steps=false %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 -split-input-file --remarks=missed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_86 -split-input-file --remarks=missed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM86

// The occupancy hint (CTAs per SM) becomes .minnctapersm where that many
// CTAs fit on an SM; more than its shared memory or threads hold is lowered
// to what fits (a missed remark), down to 1 where one CTA fills the SM: a
// CTA of 256 threads may then take 255 registers, where ptxas left to
// itself may budget 128 (and spill).

// A 128x256x64 f16 GEMM on sm_90a: rings of 196608 bytes (and their
// mbarriers) fit once in 228 KiB (its result is regrouped for the stores in
// the rings' memory, idle after the loop: no more shared memory).
// CHECK-LABEL: .visible .entry rings(
// CHECK: .reqntid 256, 1, 1
// CHECK-NEXT: .minnctapersm 1
// CHECK: {
// REMARK: remark: missed: occupancy 2 not reachable on sm_90a: with 196640 bytes of shared memory and 256 threads per CTA, 1 fit on an SM; registers are budgeted for 1
// sm_80 has no TMA barriers and 164 KiB per SM: the rings (cp.async) do not
// fit twice either.
// SM80: remark: missed: occupancy 2 not reachable on sm_80: with {{[0-9]+}} bytes of shared memory and {{[0-9]+}} threads per CTA, 1 fit on an SM; registers are budgeted for 1
cuda_tile.module @m {
  entry @rings(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) optimization_hints=<default = {occupancy = 2}> {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// 32 CTAs of 128 threads exceed the 2048 threads of an SM: 16.
// CHECK-LABEL: .visible .entry threads(
// CHECK: .reqntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 16
// REMARK: remark: missed: occupancy 32 not reachable on sm_90a: with 0 bytes of shared memory and 128 threads per CTA, 16 fit on an SM; registers are budgeted for 16
// SM80-NOT: occupancy 32
cuda_tile.module @m {
  entry @threads(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {occupancy = 32}> {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// One CTA asked for: the directive as written.
// CHECK-LABEL: .visible .entry one(
// CHECK: .reqntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 1
cuda_tile.module @m {
  entry @one(%p: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 1}> {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// A 128x256x16 GEMM's rings (96 KiB) fit twice on an SM, but its m64n256
// wgmma needs 160 registers per thread (a 128-register accumulator and what
// ptxas needs beside it), and two CTAs of 256 threads leave 128: one CTA,
// so that ptxas can compile it; the matmul stays wgmma. (REMARK runs
// without pair-k-steps: two K steps a stage would take 144 KiB, and the
// shared memory would be the first obstacle.)
// CHECK-LABEL: .visible .entry gemm_128x256_two_ctas(
// CHECK: .reqntid 256, 1, 1
// CHECK-NEXT: .minnctapersm 1
// CHECK: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// REMARK: remark: missed: occupancy 2 not reachable on sm_90a: a wgmma needs 160 registers per thread, which 256 threads per CTA have with at most 1 on an SM; registers are budgeted for 1
// SM80-NOT: wgmma needs
cuda_tile.module @m {
  entry @gemm_128x256_two_ctas(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) optimization_hints=<default = {occupancy = 2}> {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x16xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(16x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x16xf16>, tile<16x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Attention with 128x256 tiles of head dimension 128 (the FMHA sample's
// occupancy 2): on sm_86 no stage of K and V fits (128 KiB), so shared
// memory would let two CTAs share an SM, but S (128 registers per thread)
// and O (64) are live together: more than the 128 registers two CTAs of
// 256 threads leave a thread. One CTA.
// SM86: remark: missed: occupancy 2 not reachable on sm_86: the matmuls' accumulators need 192 registers per thread, which 256 threads per CTA have with at most 1 on an SM; registers are budgeted for 1
cuda_tile.module @bench {
  entry @attention_d128(%q_arg: tile<ptr<f16>>, %k_arg: tile<ptr<f16>>, %v_arg: tile<ptr<f16>>, %o_arg: tile<ptr<f16>>, %bh: tile<i32>, %s: tile<i32>, %scale: tile<f32>) optimization_hints=<default = {occupancy = 2}> {
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
    %k_pv = make_partition_view %k_tv : partition_view<tile=(1x128x256), tensor_view<?x?x128xf16, strides=[?,128,1]>, dim_map=[0, 2, 1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(1x256x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q3, %tq = load_view_tko weak %q_pv[%by, %bx, %c0] : partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>, tile<i32> -> tile<1x128x128xf16>, token
    %qt = reshape %q3 : tile<1x128x128xf16> -> tile<128x128xf16>
    %log2e = constant <f32: 1.44269504> : tile<f32>
    %qk = mulf %scale, %log2e : tile<f32>
    %qk1 = reshape %qk : tile<f32> -> tile<1x1xf32>
    %qk_col = broadcast %qk1 : tile<1x1xf32> -> tile<128x1xf32>
    %qk_all = broadcast %qk1 : tile<1x1xf32> -> tile<128x256xf32>
    %tn_c = constant <i32: 256> : tile<i32>
    %steps = divi %s, %tn_c signed rounding<positive_inf> : tile<i32>
    %zero_s = constant <f32: 0.0> : tile<128x256xf32>
    %zero_acc = constant <f32: 0.0> : tile<128x128xf32>
    %zero_col = constant <f32: 0.0> : tile<128x1xf32>
    %ninf_col = constant <f32: 0xFF800000> : tile<128x1xf32>
    %acc, %l, %m = for %j in (%c0 to %steps, step %c1) : tile<i32> iter_values(%acc_i = %zero_acc, %l_i = %zero_col, %m_i = %ninf_col) -> (tile<128x128xf32>, tile<128x1xf32>, tile<128x1xf32>) {
      %k3, %tk = load_view_tko weak %k_pv[%by, %c0, %j] : partition_view<tile=(1x128x256), tensor_view<?x?x128xf16, strides=[?,128,1]>, dim_map=[0, 2, 1]>, tile<i32> -> tile<1x128x256xf16>, token
      %kt = reshape %k3 : tile<1x128x256xf16> -> tile<128x256xf16>
      %sc = mmaf %qt, %kt, %zero_s : tile<128x128xf16>, tile<128x256xf16>, tile<128x256xf32>
      %mx = reduce %sc dim=1 identities=[0xFF800000 : f32] : tile<128x256xf32> -> tile<128xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = maxf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %mx_col = reshape %mx : tile<128xf32> -> tile<128x1xf32>
      %mx_s = mulf %mx_col, %qk_col : tile<128x1xf32>
      %m_new = maxf %m_i, %mx_s : tile<128x1xf32>
      %m_all = broadcast %m_new : tile<128x1xf32> -> tile<128x256xf32>
      %neg_m = negf %m_all : tile<128x256xf32>
      %x = fma %sc, %qk_all, %neg_m : tile<128x256xf32>
      %p = exp2 %x flush_to_zero : tile<128x256xf32>
      %ps = reduce %p dim=1 identities=[0.0 : f32] : tile<128x256xf32> -> tile<128xf32>
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
      %v3, %tv3 = load_view_tko weak %v_pv[%by, %j, %c0] : partition_view<tile=(1x256x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>, tile<i32> -> tile<1x256x128xf16>, token
      %vt = reshape %v3 : tile<1x256x128xf16> -> tile<256x128xf16>
      %pf = ftof %p : tile<128x256xf32> -> tile<128x256xf16>
      %acc_n = mmaf %pf, %vt, %acc_s : tile<128x256xf16>, tile<256x128xf16>, tile<128x128xf32>
      continue %acc_n, %l_new, %m_new : tile<128x128xf32>, tile<128x1xf32>, tile<128x1xf32>
    }
    %l_all = broadcast %l : tile<128x1xf32> -> tile<128x128xf32>
    %out = divf %acc, %l_all rounding<approx> flush_to_zero : tile<128x128xf32>
    %out16 = ftof %out : tile<128x128xf32> -> tile<128x128xf16>
    %out3 = reshape %out16 : tile<128x128xf16> -> tile<1x128x128xf16>
    %done = store_view_tko weak %out3, %o_pv[%by, %bx, %c0] : tile<1x128x128xf16>, partition_view<tile=(1x128x128), tensor_view<?x?x128xf16, strides=[?,128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Without a hint: the rings hold the SM's shared memory for one CTA, so
// ptxas is told (1), and may give the 256 threads up to 255 registers.
// CHECK-LABEL: .visible .entry rings_no_hint(
// CHECK: .reqntid 256, 1, 1
// CHECK-NEXT: .minnctapersm 1
cuda_tile.module @m {
  entry @rings_no_hint(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Without a hint, where several CTAs fit: no directive.
// CHECK-LABEL: .visible .entry small(
// CHECK: .reqntid
// CHECK-NOT: .minnctapersm
// CHECK: {
cuda_tile.module @m {
  entry @small(%p: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
