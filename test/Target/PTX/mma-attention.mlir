// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --tma=false %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK90A
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s --check-prefix=WGMMA
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.90a.ptx && %ptxas -arch=sm_90a -v %t.90a.ptx -o %t.90a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 -v %t.80.ptx -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 -v %t.90.ptx -o %t.90.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// An attention-shaped loop (two matmuls per step, written as cuTile's FMHA
// sample writes them): Q is loaded once in front of the loop, K through a
// transposing view (its memory runs along the first matmul's K), V plainly.
// -cudatile-pipeline-operands copies all three with cp.async, 16 bytes per
// copy: Q once into a one-buffer ring (8 KiB), K and V into five-stage rings
// (K's transposed: rows of K), 88 KiB of dynamic shared memory. The second
// matmul's lhs is computed from the first's result, so the warps (4: one
// per 16 rows) hold whole rows of both: the first matmul reads Q and K with
// ldmatrix (K without .trans), the second takes P from the registers the
// first left S in (its accumulator fragments are the A fragments) and V
// with ldmatrix.trans. No operand passes through registers from global
// memory, and nothing goes through shared memory in the loop but the
// copies: one barrier per step, the ring's.

// REMARK: remark: passed: mma.sync.aligned.m16n8k16: 1x4x1 warps of 1x1x8 tiles; A through ldmatrix, B through ldmatrix (rows of K); A from a ring of 1 buffer filled by TMA, B from a ring of 5 buffers filled by TMA; K in 1 chunk(s) of 64
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: 1x4x1 warps of 1x1x8 tiles; A from the registers of the matmul that computed it, B through ldmatrix.trans; B from a ring of 5 buffers filled by TMA; K in 1 chunk(s) of 64

// On sm_90a both matmuls are wgmma (one warpgroup: the 4 warps hold 16 rows
// each): S = Q K^T with Q and K^T (K-major: rows of K) through descriptors,
// P V with P's A fragments from the registers S is in (wgmma takes A from
// registers in the m16n8k16 A fragments of each warp's rows) and V
// (N-major) through its descriptor.
// REMARK90A: remark: passed: wgmma.mma_async m64n64k16: 1 warpgroup(s) of 64 rows; A (K-major, 128-byte swizzle) and B (K-major, 128-byte swizzle) read by descriptors; A from a ring of 1 buffer filled by TMA, B from a ring of 5 buffers filled by TMA; 4 instruction(s) per warpgroup, then one wait
// REMARK90A: remark: passed: wgmma.mma_async m64n64k16: 1 warpgroup(s) of 64 rows; A from the registers of the matmul that computed it, B (N-major, 128-byte swizzle) read by descriptor; B from a ring of 5 buffers filled by TMA; 4 instruction(s) per warpgroup, then one wait
// WGMMA-LABEL: .entry attention(
// WGMMA-NOT: {{ldmatrix|mma.sync}}
// WGMMA: wgmma.fence.sync.aligned;
// WGMMA-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{].*[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// WGMMA: wgmma.wait_group.sync.aligned 0;
// WGMMA: wgmma.fence.sync.aligned;
// WGMMA-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{].*[}]}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// WGMMA: wgmma.wait_group.sync.aligned 0;
// Q, K and V all come by TMA (async-proxy writes, as wgmma reads): the
// waits need no proxy fence.
// WGMMA-NOT: {{ldmatrix|mma.sync|fence.proxy.async}}
// WGMMA: ret;

// cp.async rings hold 32 KiB ahead: Q and three stages of K and V.
// CHECK: //   attention 57344
// CHECK: .extern .shared .align 1024 .b8
// CHECK-LABEL: .entry attention(
// CHECK: .reqntid 128, 1, 1
// CHECK-NOT: ld.global
// Q, K and V of the first step, then K and V of the next.
// CHECK-COUNT-12: cp.async.cg.shared.global [%r{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK-NEXT: // end inline asm
// CHECK: cp.async.commit_group;
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK-NOT: cp.async.commit_group;
// One block per step: the wait, the predicated refills, the matmuls.
// CHECK: [[STEP:\$L__BB[0-9_]+]]:
// CHECK-NOT: {{ld.global|st.shared|ld.shared|bar.sync|.trans}}
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: {{bra|ld.global|st.shared|ld.shared|bar.sync}}
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK-NOT: {{bra|ld.global|st.shared|ld.shared|bar.sync|.trans}}
// CHECK-COUNT-5: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-COUNT-8: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: {{bra|ld.global|st.shared|ld.shared|bar.sync}}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: {{ld.global|st.shared|ld.shared|bar.sync}}
// CHECK: bra [[STEP]];
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: ld.global
// CHECK: st.global
// Nothing copied into a ring outlives the kernel (Q's copy when the loop
// runs no step).
// CHECK: cp.async.wait_all;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: ret;
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
cuda_tile.module @m {
  entry @attention(%q_arg: tile<ptr<f16>>, %k_arg: tile<ptr<f16>>, %v_arg: tile<ptr<f16>>, %o_arg: tile<ptr<f16>>, %n: tile<i32>) {
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
    %zero_s = constant <f32: 0.0> : tile<64x64xf32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %tiles, step %c1) : tile<i32> iter_values(%acc_i = %zero) -> (tile<64x64xf32>) {
      %kt, %tk = load_view_tko weak %k_pv[%c0, %j] : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x64xf16>, token
      %s = mmaf %qt, %kt, %zero_s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %p = exp2 %s flush_to_zero : tile<64x64xf32>
      %pf = ftof %p : tile<64x64xf32> -> tile<64x64xf16>
      %vt, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %acc_n = mmaf %pf, %vt, %acc_i : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %acc_n : tile<64x64xf32>
    }
    %out = ftof %acc : tile<64x64xf32> -> tile<64x64xf16>
    %done = store_view_tko weak %out, %o_pv[%bx, %c0] : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
