// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s --check-prefix=WGMMA
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 -v %t.80.ptx -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.90a.ptx && %ptxas -arch=sm_90a -v %t.90a.ptx -o %t.90a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// Attention with the online softmax (the structure of cuTile's FMHA
// sample): the row maximum and the row sum of the scores reduce into the
// slice of the scores' fragments (#cuda_tile_codegen.slice: each thread
// holds the two rows its fragments touch), the running maximum and sum stay
// there across the loop, and their broadcasts back over the scores and the
// output read each thread's own registers. Per key step nothing but the
// ring's copies goes through shared memory: one barrier (the ring's), no
// shared stores or loads, two butterfly shuffles per row and statistic.

// REMARK-COUNT-2: remark: passed: reduce as a tree: 4 register bit(s) folded per thread, 2 butterfly shuffle(s), no exchange: the results stay in the registers of their layout

// The running maximum reaches only exp2, which maps -0 and +0 to 1: the
// row maximum folds with max.f32 alone (no zero-sign tracking, min.u32).
// CHECK-LABEL: .entry attention(
// CHECK-NOT: {{st.shared|ld.shared|bar.sync|min.u32}}
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: {{st.shared|ld.shared|bar.sync|min.u32}}
// CHECK-COUNT-8: shfl.sync.bfly.b32
// CHECK-NOT: {{st.shared|ld.shared|bar.sync|min.u32}}
// After the loop, the output leaves its fragments through shared memory in
// 16-byte runs, once the last refills' copies are done.
// CHECK: cp.async.wait_group 0;
// CHECK: bar.sync 0;
// CHECK-COUNT-16: st.shared.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-4: ld.shared.v4.b32
// CHECK: st.global.v4.b32
// CHECK: ret;

// On sm_90a both matmuls are wgmma; the statistics move the same way. S's
// accumulator is the constant +0: the first K step runs with scale-d 0
// and nothing writes zeros into its registers.
// WGMMA-LABEL: .entry attention(
// WGMMA: wgmma.fence.sync.aligned;
// WGMMA-NEXT: // end inline asm
// WGMMA-NEXT: mov.b32 [[ZERO:%r[0-9]+]], 0;
// WGMMA-NEXT: // begin inline asm
// WGMMA-NEXT: {
// WGMMA-NEXT: .reg .pred p;
// WGMMA-NEXT: setp.ne.b32 p, [[ZERO]], 0;
// WGMMA-NEXT: wgmma.mma_async
// WGMMA-NOT: {{st.shared|ld.shared|bar.sync}}
// WGMMA-COUNT-8: shfl.sync.bfly.b32
// WGMMA-NOT: {{st.shared|ld.shared}}
// WGMMA: wgmma.mma_async

// PTXAS: 0 bytes spill stores, 0 bytes spill loads
cuda_tile.module @m {
  entry @attention(%q_arg: tile<ptr<f16>>, %k_arg: tile<ptr<f16>>, %v_arg: tile<ptr<f16>>, %o_arg: tile<ptr<f16>>, %n: tile<i32>, %scale: tile<f32>) {
    %q = assume div_by<16>, %q_arg : tile<ptr<f16>>
    %k = assume div_by<16>, %k_arg : tile<ptr<f16>>
    %v = assume div_by<16>, %v_arg : tile<ptr<f16>>
    %o = assume div_by<16>, %o_arg : tile<ptr<f16>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q_tv = make_tensor_view %q, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %k_tv = make_tensor_view %k, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %v_tv = make_tensor_view %v, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %o_tv = make_tensor_view %o, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>, dim_map=[1, 0]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qt, %tq = load_view_tko weak %q_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %tiles, %cols = get_index_space_shape %q_pv : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>> -> tile<i32>
    %scale1 = reshape %scale : tile<f32> -> tile<1x1xf32>
    %scale_col = broadcast %scale1 : tile<1x1xf32> -> tile<64x1xf32>
    %scale_all = broadcast %scale1 : tile<1x1xf32> -> tile<64x64xf32>
    %zero_s = constant <f32: 0.0> : tile<64x64xf32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %zero_col = constant <f32: 0.0> : tile<64x1xf32>
    %ninf_col = constant <f32: 0xFF800000> : tile<64x1xf32>
    %acc, %l, %m = for %j in (%c0 to %tiles, step %c1) : tile<i32> iter_values(%acc_i = %zero, %l_i = %zero_col, %m_i = %ninf_col) -> (tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>) {
      %kt, %tk = load_view_tko weak %k_pv[%c0, %j] : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x64xf16>, token
      %s = mmaf %qt, %kt, %zero_s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %mx = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = maxf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %mx_col = reshape %mx : tile<64xf32> -> tile<64x1xf32>
      %mx_s = mulf %mx_col, %scale_col : tile<64x1xf32>
      %m_new = maxf %m_i, %mx_s : tile<64x1xf32>
      %m_all = broadcast %m_new : tile<64x1xf32> -> tile<64x64xf32>
      %neg_m = negf %m_all : tile<64x64xf32>
      %x = fma %s, %scale_all, %neg_m : tile<64x64xf32>
      %p = exp2 %x flush_to_zero : tile<64x64xf32>
      %ps = reduce %p dim=1 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = addf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %ps_col = reshape %ps : tile<64xf32> -> tile<64x1xf32>
      %dm = subf %m_i, %m_new : tile<64x1xf32>
      %alpha = exp2 %dm flush_to_zero : tile<64x1xf32>
      %l_new = fma %l_i, %alpha, %ps_col : tile<64x1xf32>
      %alpha_all = broadcast %alpha : tile<64x1xf32> -> tile<64x64xf32>
      %acc_s = mulf %acc_i, %alpha_all : tile<64x64xf32>
      %pf = ftof %p : tile<64x64xf32> -> tile<64x64xf16>
      %vt, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %acc_n = mmaf %pf, %vt, %acc_s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %acc_n, %l_new, %m_new : tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>
    }
    %l_all = broadcast %l : tile<64x1xf32> -> tile<64x64xf32>
    %out = divf %acc, %l_all rounding<approx> flush_to_zero : tile<64x64xf32>
    %out16 = ftof %out : tile<64x64xf32> -> tile<64x64xf16>
    %done = store_view_tko weak %out16, %o_pv[%bx, %c0] : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
