// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --mbarrier-release %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --mbarrier-release --remarks=all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --mbarrier-release %s -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// --mbarrier-release in a kernel that also fills rings by cp.async: the
// first loop's copies are cp.async (allow_tma = false), so its buffers keep
// the CTA barrier and cp.async groups; the second loop's are all TMA and
// are released per warp, and since the kernel's rings are not all written
// by TMA, every thread (not thread 0 alone) waits for a freed buffer's phase
// before the refill: no branch on the thread between the warp's arrival and
// the wait.
// CHECK-LABEL: .entry two_loops(
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.wait_group
// CHECK: bar.sync 0;
// CHECK: cp.async.bulk.tensor.2d
// CHECK: bar.warp.sync -1;
// CHECK-NEXT: @first mbarrier.arrive.shared::cta.b64 _, [%[[FREED:r[0-9]+]]];
// CHECK-NOT: bra
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 done, [%[[FREED]]], %r{{[0-9]+}};
// CHECK: cp.async.bulk.tensor.2d
// REMARK-COUNT-2: remark: missed: not TMA: the pipelining pass gave the copy no mbarrier
// REMARK-COUNT-2: remark: passed: copied by TMA
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: {{.*}}filled by cp.async;
// REMARK: remark: passed: mma.sync.aligned.m16n8k16: {{.*}}released per warp by mbarriers
cuda_tile.module @m {
  entry @two_loops(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %first = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] optimization_hints = <sm_90 = {allow_tma = false}> : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] optimization_hints = <sm_90 = {allow_tma = false}> : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %second = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %first) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c1, %kk] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c1] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %t = store_view_tko weak %second, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
