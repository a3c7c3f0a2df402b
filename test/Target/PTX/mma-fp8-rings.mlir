// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s -o %t.89.ptx && %ptxas -arch=sm_89 -v %t.89.ptx -o %t.89.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// An fp8 GEMM K loop (A as M x K, B stored N x K) on sm_89: mma.sync
// m16n8k32 reads both operands from cp.async rings of rows of K with
// ldmatrix (the 16-byte rows of an 8x8 b16 matrix are 16 fp8 values of K,
// as the fragments of A and of B take them), one warp per 64x64 of the
// output; a step is the wait, 16 ldmatrix and 64 mma.sync, the refills,
// with nothing staged through shared memory.
// REMARK: passed: mma.sync.aligned.m16n8k32: 1x2x2 warps of 1x4x8 tiles; A through ldmatrix, B through ldmatrix (rows of K); A and B from rings of 3 buffers filled by cp.async; K in 1 chunk(s) of 64
// CHECK-LABEL: .entry gemm_nt_e4m3(
// CHECK: .reqntid 128, 1, 1
// CHECK: cp.async.wait_group 1;
// CHECK: bar.sync 0;
// CHECK-NOT: {{bra|ld.shared|st.shared|ldmatrix.*trans|cp.async}}
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: {{bra|ld.shared|st.shared|ldmatrix.*trans}}
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// CHECK-NOT: {{bra |ld.shared|st.shared|ldmatrix.*trans}}
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group;
// CHECK-NOT: {{bra |ld.shared|st.shared|ldmatrix.*trans}}
// CHECK: @%p{{[0-9]+}} bra $L__BB
// PTXAS-NOT: spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
cuda_tile.module @m {
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
      %next = mmaf %at, %bt, %sum fast_acc : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
