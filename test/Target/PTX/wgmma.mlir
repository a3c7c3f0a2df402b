// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --pair-k-steps=false --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --pair-k-steps=false --tma=false %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAIRED-REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s --check-prefix=TMA
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --num-warps=4 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUR
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s --check-prefix=SM90
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.ptx && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// sm_90a: a K loop whose matmul reads both operands from cp.async rings runs
// wgmma.mma_async. The warps hold whole rows (one per 16 rows: warpgroups of
// 64), which is wgmma's accumulator layout, and each warpgroup multiplies
// its 64 rows of A by all of B, both read from the rings through matrix
// descriptors: the rings' swizzle (OperandSwizzle, 1024-byte aligned, rows
// over 128 bytes in 128-byte column blocks) is the hardware's, checked
// against the PTX ISA's canonical layouts in
// unittests/Layout/TensorCoreLayoutTest.cpp. Each step: cp.async.wait_group,
// fence.proxy.async (the copies are generic-proxy writes wgmma reads through
// the async proxy), the ring's barrier, wgmma.fence, one wgmma per k16 (and
// per 256 columns), commit, and a wait: for a matmul that only accumulates
// into an f32 loop value, wait_group 1 (its instructions stay in flight
// while the next step waits, copies and issues; the rings refill the buffer
// read two steps back, three steps ahead of five, and mma_wait after the
// loop waits for the last), else wait_group 0. No ldmatrix, no mma.sync.
// (REMARK and CHECK keep one K step a stage: --pair-k-steps=false.)
//
// By default a K step under 128 bytes (128x128x32 f16, 64-deep fp8) is
// paired: a stage holds tiles twice as deep (128-byte swizzle, as a K step
// of 64 16-bit values), one matmul of 4 instructions per warpgroup each
// iteration, and the step an odd count leaves reads the first half of the
// next stage's buffers after the loop (2 instructions, waited for).
// PAIRED-REMARK: remark: passed: wgmma.mma_async m64n128k16: 2 warpgroup(s) of 64 rows; A (K-major, 128-byte swizzle) and B (N-major, 128-byte swizzle) read by descriptors; A and B from rings of 5 buffers filled by TMA; 4 instruction(s) per warpgroup, then one wait
// PAIRED-REMARK: remark: passed: wgmma.mma_async m64n128k16: 2 warpgroup(s) of 64 rows; A (K-major, 128-byte swizzle) and B (N-major, 128-byte swizzle) read by descriptors; A and B from rings of 5 buffers filled by TMA; 2 instruction(s) per warpgroup, then one wait
// PAIRED-REMARK: remark: passed: wgmma.mma_async m64n128k32: 2 warpgroup(s) of 64 rows; A (K-major, 128-byte swizzle) and B (K-major, 128-byte swizzle) read by descriptors; A and B from rings of 5 buffers filled by TMA; 4 instruction(s) per warpgroup, then one wait
// PAIRED-REMARK: remark: passed: wgmma.mma_async m64n128k32: 2 warpgroup(s) of 64 rows; A (K-major, 128-byte swizzle) and B (K-major, 128-byte swizzle) read by descriptors; A and B from rings of 5 buffers filled by TMA; 2 instruction(s) per warpgroup, then one wait

// REMARK: remark: passed: wgmma.mma_async m64n128k16: 2 warpgroup(s) of 64 rows; A (K-major, 64-byte swizzle) and B (N-major, 128-byte swizzle) read by descriptors; A and B from rings of 6 buffers filled by TMA; 2 instruction(s) per warpgroup, then one wait
// REMARK: remark: passed: wgmma.mma_async: the accumulator stays in the instruction's fragments
// REMARK: remark: passed: wgmma.mma_async m64n128k16: 2 warpgroup(s) of 64 rows; A (K-major, 64-byte swizzle) and B (K-major, 64-byte swizzle) read by descriptors; A and B from rings of 6 buffers filled by TMA; 2 instruction(s) per warpgroup, then one wait
// REMARK: remark: passed: wgmma.mma_async m64n256k16: 1 warpgroup(s) of 64 rows; A (K-major, 128-byte swizzle) and B (N-major, 128-byte swizzle) read by descriptors; A and B from rings of 3 buffers filled by TMA; 4 instruction(s) per warpgroup, then one wait
// A 64x512 f32 accumulator is 256 registers per thread of one warpgroup:
// mma.sync over more warps instead.
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: {{.*}}; not wgmma: the accumulator would take 256 registers per thread (64 x 512 per warpgroup)
// A 256x256 f32 accumulator is 128 registers per thread of four warpgroups,
// which may use 128 each: no room for the instruction (ptxas would refuse).
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: {{.*}}; not wgmma: the accumulator would take 128 registers per thread (64 x 256 per warpgroup) of the 128 that 16 warps may use

// FOUR: not wgmma: wgmma needs one warp per 16 rows of the output (8 warps in warpgroups of 64 rows; the CTA has 4)
// Forced off wgmma, the fp8 rings (rows of K) are read by mma.sync through
// ldmatrix: 8-bit B fragments are quads along K of rows of N.
// FOUR: remark: passed: mma.sync.aligned.m16n8k32: 1x2x2 warps of 1x4x8 tiles; A through ldmatrix, B through ldmatrix (rows of K); A and B from rings of 5 buffers filled by TMA; K in 1 chunk(s) of 64; fp8 products summed per instruction, accumulated in f32; not wgmma: wgmma needs one warp per 16 rows

// SM90-NOT: wgmma
// SM90-NOT: fence.proxy.async

// CHECK: .version 8.0
// CHECK: .target sm_90a
// CHECK: .extern .shared .align 1024 .b8

// 128x128x32 f16: A 128 rows of 64 bytes (64-byte swizzle: mode 2, SBO 512
// = 0x20 << 4, LBO unused: 1), B 32 rows of 256 bytes in two column blocks
// of 128 (mode 1, SBO 1024, LBO 4096: the blocks' stride). The second k16
// step starts 32 bytes further into A's rows (+2) and 16 rows further down
// B (+2048 bytes: +128).
// CHECK-LABEL: .visible .entry gemm_f16(
// CHECK: .reqntid 256, 1, 1
// CHECK-NOT: {{ldmatrix|mma.sync}}
// CHECK: cp.async.wait_group 3;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: // begin inline asm
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: {{ldmatrix|mma.sync|bar.sync}}
// CHECK: or.b64 [[A0:%rd[0-9]+]], %rd{{[0-9]+}}, -9223371899415756800;
// CHECK: or.b64 [[B0:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293322072064;
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, [[A0]], [[B0]], p, 1, 1, 0, 1;
// With TMA (the default; CHECK above is --tma=false) the step waits for
// its stage's mbarrier instead, and with every ring written by TMA (the
// async proxy, as wgmma reads) there is no proxy fence and no CTA barrier
// after the wait; the CTA meets before the refill (the loop's last block
// in the text).
// TMA-LABEL: .visible .entry gemm_f16(
// TMA: cp.async.bulk.tensor.2d
// TMA: mbarrier.try_wait.parity.shared::cta.b64
// TMA-NOT: {{fence.proxy.async|bar.sync}}
// TMA: wgmma.fence.sync.aligned;
// TMA-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// TMA-NOT: wgmma.mma_async
// TMA: wgmma.wait_group.sync.aligned 1;
// TMA: bar.sync 0;
// The step an odd count leaves: its stage's barrier, then the CTA's.
// TMA: wgmma.wait_group.sync.aligned 0;
// TMA: mbarrier.try_wait.parity.shared::cta.b64
// TMA: bar.sync 0;
// TMA: wgmma.fence.sync.aligned;
// TMA-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// TMA-NOT: wgmma.mma_async
// TMA: wgmma.commit_group.sync.aligned;
// TMA-NEXT: wgmma.wait_group.sync.aligned 0;
// TMA-LABEL: .visible .entry gemm_nt_bf16(
// CHECK: or.b64 [[A1:%rd[0-9]+]], %rd{{[0-9]+}}, -9223371899415756798;
// CHECK: add.s64 [[B1:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293322072192;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{].*[}]}}, [[A1]], [[B1]], p, 1, 1, 0, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK-NOT: {{ldmatrix|mma.sync|bar.sync}}
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: wgmma
// CHECK: cp.async.wait_all;

// B stored N x K (a transposed ring, rows of K): K-major B, imm-trans-b 0.
// CHECK-LABEL: .visible .entry gemm_nt_bf16(
// CHECK: .reqntid 256, 1, 1
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{[{].*[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// CHECK-NOT: wgmma.mma_async

// 64x256x64, f16 accumulator (waited every step): one warpgroup, 64 packed
// registers, four k16 steps of m64n256k16; A rows of 128 bytes (mode 1), B rows of 512 bytes in
// four column blocks (LBO 64 rows x 128 bytes = 8192).
// CHECK-LABEL: .visible .entry gemm_wide_f16acc(
// CHECK: .reqntid 128, 1, 1
// CHECK: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611686293305360384;
// CHECK: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 4611686293338849280;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f16.f16.f16 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.wait_group.sync.aligned 0;

// CHECK-LABEL: .visible .entry gemm_512(
// CHECK-NOT: wgmma
// CHECK-NOT: fence.proxy.async
// CHECK: mma.sync.aligned.m16n8k16

// fp8 (B stored N x K: both operands K-major, the only way wgmma reads 8-bit
// ones), k32 steps. Without fast_acc each instruction sums its products
// from zero (scale-d false) and its result is added in f32 once waited for,
// as the mma.sync path promotes them; with fast_acc the instructions chain.
// REMARK: remark: passed: wgmma.mma_async m64n128k32: 2 warpgroup(s) of 64 rows; A (K-major, 64-byte swizzle) and B (K-major, 64-byte swizzle) read by descriptors; A and B from rings of 5 buffers filled by TMA; 2 instruction(s) per warpgroup, then one wait each (fp8 products summed per instruction, accumulated in f32)
// REMARK: remark: passed: wgmma.mma_async m64n128k32: 2 warpgroup(s) of 64 rows; A (K-major, 64-byte swizzle) and B (K-major, 64-byte swizzle) read by descriptors; A and B from rings of 6 buffers filled by TMA; 2 instruction(s) per warpgroup, then one wait{{$}}
// CHECK-LABEL: .visible .entry gemm_nt_e4m3(
// CHECK: .reqntid 256, 1, 1
// CHECK: wgmma.fence.sync.aligned;
// CHECK: setp.ne.b32 p, [[ZERO:%r[0-9]+]], 0;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{[{].*[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-COUNT-64: add.rn.f32
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-COUNT-64: add.rn.f32
// CHECK-LABEL: .visible .entry gemm_nt_e5m2_fast(
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e5m2 {{[{].*[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK-NOT: add.rn.f32
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK: wgmma.wait_group.sync.aligned 0;

// PTXAS-NOT: wgmma.mma_async instructions are serialized
// PTXAS: Compiling entry function 'gemm_nt_e5m2_fast' for 'sm_90a'
// PTXAS-NEXT: Function properties for gemm_nt_e5m2_fast
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Compiling entry function 'gemm_nt_e4m3' for 'sm_90a'
// PTXAS-NEXT: Function properties for gemm_nt_e4m3
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Compiling entry function 'gemm_wide_f16acc' for 'sm_90a'
// PTXAS-NEXT: Function properties for gemm_wide_f16acc
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Compiling entry function 'gemm_nt_bf16' for 'sm_90a'
// PTXAS-NEXT: Function properties for gemm_nt_bf16
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Compiling entry function 'gemm_f16' for 'sm_90a'
// PTXAS-NEXT: Function properties for gemm_f16
// PTXAS-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
cuda_tile.module @m {
  entry @gemm_f16(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_bf16(%a_arg: tile<ptr<bf16>>, %b_arg: tile<ptr<bf16>>, %c_arg: tile<ptr<bf16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<bf16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<bf16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<bf16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xbf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<128x32xbf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x128xbf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xbf16>, tile<32x128xbf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xbf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x128xbf16>, partition_view<tile=(128x128), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_wide_f16acc(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f16: 0.0> : tile<64x256xf16>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x256xf16>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x64xf16>, tile<64x256xf16>, tile<64x256xf16>
      continue %next : tile<64x256xf16>
    }
    
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<64x256xf16>, partition_view<tile=(64x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_512(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x512), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x512), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x512xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x512xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x512), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x512xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x32xf16>, tile<32x512xf16>, tile<64x512xf32>
      continue %next : tile<64x512xf32>
    }
    %out = ftof %acc : tile<64x512xf32> -> tile<64x512xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<64x512xf16>, partition_view<tile=(64x512), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_256x256(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(256x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(256x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(256x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<256x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<256x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(256x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<256x32xf16>, tile<32x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %out = ftof %acc : tile<256x256xf32> -> tile<256x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_e4m3(%a_arg: tile<ptr<f8E4M3FN>>, %b_arg: tile<ptr<f8E4M3FN>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f8E4M3FN>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f8E4M3FN>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xf8E4M3FN>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_e5m2_fast(%a_arg: tile<ptr<f8E5M2>>, %b_arg: tile<ptr<f8E5M2>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f8E5M2>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f8E5M2>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E5M2, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E5M2, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>>, tile<i32> -> tile<128x64xf8E5M2>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xf8E5M2>, token
      %next = mmaf %at, %bt, %sum fast_acc : tile<128x64xf8E5M2>, tile<64x128xf8E5M2>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
