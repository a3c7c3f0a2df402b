// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s --check-prefix=SM90A
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --round-rings-in-place=false %s | FileCheck %s --check-prefix=ASREAD
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 -v %t.80.ptx -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.90a.ptx && %ptxas -arch=sm_90a -v %t.90a.ptx -o %t.90a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// tf32 and i8 GEMM K loops reading both operands from cp.async rings on
// sm_80. tf32 m16n8k8 fragments counted in 32-bit words are the 8-bit
// m16n8k32 ones: ldmatrix reads rows of K (A; B stored N x K) as it does
// for fp8, and a B stored K x N takes one 32-bit shared load per register.
// f32 loads that ftof rounds to tf32 (cuTile Python's f32 GEMM) are copied
// as f32 and rounded in the ring after each iteration's wait, each value
// once (16-byte shared loads and stores around an integer round to nearest
// even of the bits: bfe of bit 13, the adds, the mask 0xffffe000 = -8192,
// NaNs kept), then a second barrier; the fragments are read as they lie.
// With --round-rings-in-place=false each register is rounded as it is read.
// tf32 runs 64x32 warp tiles: 8 warps.
// On sm_90a tf32 stays mma.sync (from TMA rings), and i8 becomes wgmma
// m64n128k32 from rings of rows of K, as fp8 does (s8 x u8: PTX 8.4), its
// integer form without scale or transpose immediates.
// ASREAD-LABEL: .entry gemm_f32_tf32(
// ASREAD: cp.async.wait_group 1;
// ASREAD-NEXT: // end inline asm
// ASREAD-NEXT: bar.sync 0;
// ASREAD-NOT: {{bar.sync|st.shared|cp.async}}
// ASREAD: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r[[W:[0-9]+]],
// ASREAD-NEXT: // end inline asm
// ASREAD-NEXT: bfe.u32 %r{{[0-9]+}}, %r[[W]], 13, 1;
// ASREAD-NOT: {{bar.sync|st.shared|cp.async}}
// ASREAD: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// SM90A: .version 8.4
// SM90A-LABEL: .entry gemm_f32_tf32(
// SM90A: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// SM90A-LABEL: .entry gemm_nt_tf32(
// SM90A: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// SM90A-LABEL: .entry gemm_nt_i8(
// SM90A: .reqntid 256, 1, 1
// SM90A-NOT: mma.sync
// SM90A: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.u8 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p;
// SM90A-NOT: mma.sync
// SM90A: wgmma.commit_group.sync.aligned;

// REMARK: passed: mma.sync.aligned.m16n8k8: 1x2x4 warps of 1x4x4 tiles; A through ldmatrix, B through scalar shared loads (ldmatrix.trans moves 16-bit values); A and B from rings of 3 buffers filled by cp.async (f32, rounded to tf32 in place); K in 1 chunk(s) of 32
// REMARK: passed: mma.sync.aligned.m16n8k8: 1x2x4 warps of 1x4x4 tiles; A through ldmatrix, B through ldmatrix (rows of K); A from a ring of 3 buffers filled by cp.async, B from a ring of 3 buffers filled by cp.async (f32, rounded to tf32 in place); K in 1 chunk(s) of 32
// REMARK: passed: mma.sync.aligned.m16n8k32: 1x2x2 warps of 1x4x8 tiles; A through ldmatrix, B through ldmatrix (rows of K); A and B from rings of 3 buffers filled by cp.async; K in 1 chunk(s) of 64
// PTXAS-NOT: spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// CHECK-LABEL: .entry gemm_f32_tf32(
// CHECK: .reqntid 256, 1, 1
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: ld.shared.v4.b32 {%r[[W:[0-9]+]],
// CHECK-NEXT: bfe.u32 %r{{[0-9]+}}, %r[[W]], 13, 1;
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: and.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, -8192;
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: st.shared.v4.b32
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: bar.sync 0;
// CHECK-NOT: {{bra |st.shared|bfe.u32|-8192|ldmatrix.*trans|cp.async}}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: {{bra |st.shared|bfe.u32|-8192|ldmatrix.*trans|cp.async}}
// CHECK: ld.shared.b32
// CHECK-NOT: {{bra |st.shared|bfe.u32|-8192|ldmatrix.*trans|cp.async}}
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT: {{bra |st.shared|ldmatrix.*trans}}
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK-NOT: {{bra |st.shared|ldmatrix.*trans}}
// CHECK: @%p{{[0-9]+}} bra $L__BB

// A loaded as tf32 is read as it is; B (f32 rounded toward zero) is masked
// in its ring.
// CHECK-LABEL: .entry gemm_nt_tf32(
// CHECK: .reqntid 256, 1, 1
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: ld.shared.v4.b32
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: and.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, -8192;
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: st.shared.v4.b32
// CHECK-NOT: {{bra |ldmatrix|mma.sync|cp.async}}
// CHECK: bar.sync 0;
// CHECK-NOT: {{bra |ld.shared|st.shared|-8192|ldmatrix.*trans|cp.async}}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r[[A:[0-9]+]],
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: // begin inline asm
// CHECK-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: {{bra |ld.shared|st.shared|-8192|ldmatrix.*trans|cp.async}}
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {{{.*}}}, {%r[[A]],
// CHECK-NOT: {{bra |ld.shared|st.shared|ldmatrix.*trans}}
// CHECK: cp.async.commit_group;
// CHECK: @%p{{[0-9]+}} bra $L__BB

// CHECK-LABEL: .entry gemm_nt_i8(
// CHECK: .reqntid 128, 1, 1
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;
// CHECK-NOT: {{bra |ld.shared|st.shared|ldmatrix.*trans|cp.async}}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: {{bra |ld.shared|st.shared|ldmatrix.*trans}}
// CHECK: mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32
// CHECK-NOT: {{bra |ld.shared|st.shared|ldmatrix.*trans}}
// CHECK: cp.async.commit_group;
// CHECK: @%p{{[0-9]+}} bra $L__BB
cuda_tile.module @m {
  entry @gemm_f32_tf32(%a_arg: tile<ptr<f32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x128xf32>, token
      %ar = ftof %at : tile<128x32xf32> -> tile<128x32xtf32>
      %br = ftof %bt : tile<32x128xf32> -> tile<32x128xtf32>
      %next = mmaf %ar, %br, %sum : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_tf32(%a_arg: tile<ptr<tf32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<tf32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xtf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>>, tile<i32> -> tile<128x32xtf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x128xf32>, token
      %br = ftof %bt rounding<zero> : tile<32x128xf32> -> tile<32x128xtf32>
      %next = mmaf %at, %br, %sum : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_i8(%a_arg: tile<ptr<i8>>, %b_arg: tile<ptr<i8>>, %c_arg: tile<ptr<i32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<i8>>
    %b = assume div_by<16>, %b_arg : tile<ptr<i8>>
    %c = assume div_by<16>, %c_arg : tile<ptr<i32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xi32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<128x128xi32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xi32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<128x64xi8>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xi8>, token
      %next = mmai %at, %bt, %sum signed unsigned : tile<128x64xi8>, tile<64x128xi8>, tile<128x128xi32>
      continue %next : tile<128x128xi32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
