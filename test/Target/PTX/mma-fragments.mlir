// RUN: %cuda-tile-opt %s -cudatile-pipeline-operands=pair-k-steps=false -cudatile-assign-layouts | FileCheck %s --check-prefix=LAYOUT
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --pair-k-steps=false --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --pair-k-steps=false --tma=false %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --pair-k-steps=false %s | FileCheck %s --check-prefix=LOADS
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --pair-k-steps=false --refill-first %s | FileCheck %s --check-prefix=FIRST
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 -v %t.80.ptx -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 -v %t.90.ptx -o %t.90.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// A GEMM tile written the cuTile way (128x128 f32 accumulator, a K loop of
// 128x32 and 32x128 f16 view loads): the accumulator's tiles take the
// layout of mma.sync's fragments, so the loop carries it in the registers
// the instruction reads and writes, and no exchange through shared memory
// moves it in the loop; after it, the f16 result is regrouped through
// shared memory (32 KiB of the rings, idle after the loop) into 16-byte runs
// for its global stores. -cudatile-pipeline-operands gives A and B rings of three
// buffers where cp.async fills them (48 KiB of dynamic shared memory, listed
// in the PTX's header for the launcher; five where TMA does): the first two
// steps' tiles are copied in front of the
// loop, each step waits for its own copies and the CTA (its only barrier),
// the 4 warps (one per 64x64 of the output, 2x2) read per k16 their four A
// fragments with ldmatrix.x4 and their eight B fragments with four
// ldmatrix.x4.trans (32-bit shared addresses) for 32 mma.sync, and then
// start copying the tiles two steps ahead into the buffers the previous
// step read (cp.async, 16 bytes at a time, 8 per thread and step; operands
// never pass through registers). ptxas -v: no spills at the default
// configuration.

// LAYOUT-LABEL: entry @gemm
// LAYOUT: constant <f32: 0.000000e+00> : tile<128x128xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 128, cols = 128, instr_rows = 16, instr_cols = 8>}
// LAYOUT: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
// LAYOUT: cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<32x128xf16>>
// LAYOUT: mmaf {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 128, cols = 128, instr_rows = 16, instr_cols = 8>}
// LAYOUT: ftof {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 128, cols = 128, instr_rows = 16, instr_cols = 8>}
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: 1x2x2 warps of 1x4x8 tiles; A through ldmatrix, B through ldmatrix.trans; A and B from rings of 5 buffers filled by TMA; K in 1 chunk(s) of 32
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: the accumulator stays in the instruction's fragments
// REMARK: remark: passed: view store of 16384 elements regrouped from the accumulator layout into 16-byte runs through 32768 bytes of the rings' shared memory (idle after their loops), in 1 part(s)
// REMARK: remark: passed: view store of 16384 x f16 vectorized: 16-byte accesses to global memory
// LOADS-LABEL: .entry gemm(
// LOADS-NOT: ld.global
// LOADS: st.global
// CHECK: // cuda_tile kernels launched with dynamic shared memory (sharedMemBytes):
// CHECK-NEXT: //   gemm 49152
// CHECK: .extern .shared .align 1024 .b8 [[DYN:__cudatile_dynamic_smem[_0-9]*]][];
// CHECK-NOT: .shared
// CHECK-LABEL: .entry gemm(
// CHECK: .reqntid 128, 1, 1
// CHECK: mov.b64 %rd{{[0-9]+}}, [[DYN]];
// CHECK-NOT: {{ld|st}}.shared
// CHECK-COUNT-8: cp.async.cg.shared.global [%r{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK-NOT: cp.async
// The loop is one block: wait, ldmatrix and mma.sync, predicated refills.
// CHECK: [[LOOP:\$L__BB[0-9_]+]]:
// CHECK-NOT: {{ld|st}}.shared
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;
// CHECK-NOT: {{bra|ld.shared|st.shared|cp.async}}
// The ldmatrix addresses of a step: one register per operand, the other
// rows as immediates, the other swizzled 16-byte chunks by an XOR of it
// (the buffers are aligned to the swizzle's period): no register per
// address held across the loop.
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, {{\[}}[[A:%r[0-9]+]]];
// CHECK-NEXT: // end inline asm
// CHECK-COUNT-3: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, {{\[}}[[A]]+{{[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B:%r[0-9]+]]];
// CHECK: xor.b32 [[B1:%r[0-9]+]], [[B]], 32;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B1]]];
// CHECK: xor.b32 [[B2:%r[0-9]+]], [[B]], 64;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B2]]];
// CHECK: xor.b32 [[B3:%r[0-9]+]], [[B]], 96;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B3]]];
// CHECK-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// The second k16 step: A's chunk by XOR, B's rows as immediates.
// CHECK: xor.b32 [[A1:%r[0-9]+]], [[A]], 32;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, {{\[}}[[A1]]];
// CHECK-COUNT-3: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, {{\[}}[[A1]]+{{[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B]]+2048];
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B1]]+2048];
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B2]]+2048];
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B3]]+2048];
// CHECK-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: {{bra|ld.shared|st.shared}}
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK-NOT: {{ld|st}}.shared
// CHECK: bra [[LOOP]];
// --refill-first: the refills between the barrier and the first ldmatrix.
// FIRST: cp.async.wait_group 1;
// FIRST: bar.sync 0;
// FIRST-NOT: {{ldmatrix|mma.sync|bra}}
// FIRST-COUNT-8: cp.async.cg.shared.global
// FIRST: cp.async.commit_group;
// FIRST-NOT: {{cp.async|bra}}
// FIRST: ldmatrix
// FIRST-NOT: {{cp.async|bra}}
// FIRST-COUNT-64: mma.sync
// FIRST-NOT: cp.async
// FIRST: bra
// After the loop, its last refills' zero-filling copies are waited for
// before the result regroups through the rings' memory.
// CHECK: cp.async.wait_group 0;
// CHECK: bar.sync 0;
// CHECK-NOT: {{ld|st}}.shared
// CHECK-COUNT-64: st.shared.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-16: ld.shared.v4.b32
// CHECK-NOT: st.global.b32
// CHECK: st.global.v4.b32
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
cuda_tile.module @m {
  entry @gemm(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
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
}
