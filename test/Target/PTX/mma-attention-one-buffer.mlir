// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 --remarks=all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_86 %s -o %t.86.ptx && %ptxas -arch=sm_86 -v %t.86.ptx -o %t.86.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s -o %t.89.ptx && %ptxas -arch=sm_89 -v %t.89.ptx -o %t.89.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// Flash attention as cuTile's FMHA sample writes it (128 queries x 128 keys
// a step, head dimension 128, the occupancy hint 2) on GPUs whose CTAs have
// 99 KiB of shared memory: two stages of K and V (64 KiB each) do not fit,
// one buffer of Q, K and V does (96 KiB). V is copied while Q K^T and the
// softmax compute, the next step's K while P V does; each matmul first
// waits for the copies and the CTA. The second matmul takes P from the
// registers the first left S in (no scratch is left to stage it), the
// first's 8 k16 steps are unrolled (their ldmatrix addresses fold), and the
// hint cannot hold (one CTA per SM): the registers are not capped at 128
// and the result is stored in 16-byte runs regrouped through the rings.
// Before, K and V went through registers and it spilled about 1.9 KB (on
// sm_120, whose ptxas allocates differently, 1.7 KB then, 4 bytes now).

// REMARK: remark: passed: mma.sync.aligned.m16n8k16: 1x8x1 warps of 1x1x16 tiles; A through ldmatrix, B through ldmatrix (rows of K); A and B from rings of 1 buffer filled by cp.async; K in 1 chunk(s) of 128
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: 1x8x1 warps of 1x1x16 tiles; A from the registers of the matmul that computed it, B through ldmatrix.trans; B from a ring of 1 buffer filled by cp.async; K in 1 chunk(s) of 128
// REMARK: remark: passed: view store of 16384 elements regrouped from the accumulator layout into 16-byte runs through 32768 bytes of the rings' shared memory
// REMARK: remark: missed: occupancy 2 not reachable on sm_89: with 98304 bytes of shared memory and 256 threads per CTA, 1 fit on an SM; registers are budgeted for 1

// CHECK: //   attention_d128 98304
// CHECK-LABEL: .entry attention_d128(
// CHECK: .reqntid 256, 1, 1
// CHECK-NEXT: .minnctapersm 1
// CHECK-NOT: ld.global
// Q and the first K.
// CHECK-COUNT-16: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK: [[STEP:\$L__BB[0-9_]+]]:
// CHECK-NOT: {{ld.global|st.shared|ld.shared|bar.sync}}
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// V of this step.
// CHECK-NOT: {{bra|ldmatrix|mma.sync|bar.sync}}
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// Q K^T.
// CHECK-NOT: {{bra|ld.global|st.shared|ld.shared|bar.sync|.trans}}
// CHECK-COUNT-128: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: {{bra|ld.global|st.shared|ld.shared|bar.sync|mma.sync}}
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// K of the next step.
// CHECK-NOT: {{bra|ldmatrix|mma.sync|bar.sync}}
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// P V.
// CHECK-NOT: {{bra|ld.global|st.shared|ld.shared|bar.sync}}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-COUNT-128: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: {{ld.global|st.shared|ld.shared|bar.sync|mma.sync|cp.async}}
// CHECK: bra [[STEP]];
// CHECK: cp.async.wait_group 0;
// CHECK: st.global.v4.b32
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
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
}
