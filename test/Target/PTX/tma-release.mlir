// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --mbarrier-release %s | FileCheck %s --check-prefixes=CHECK,SYNC
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --mbarrier-release %s | FileCheck %s --check-prefixes=CHECK,WGMMA
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --mbarrier-release --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s --check-prefix=DEFAULT
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --tma-refill-after %s | FileCheck %s --check-prefix=AFTER
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --mbarrier-release %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --tma-refill-after %s -o %t.after.ptx && %ptxas -arch=sm_90a %t.after.ptx -o %t.after.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --tma-refill-after --mbarrier-release %s -o %t.both.ptx && %ptxas -arch=sm_90a %t.both.ptx -o %t.both.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a --mbarrier-release %s -o %t.90a.ptx && %ptxas -arch=sm_90a %t.90a.ptx -o %t.90a.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 --mbarrier-release %s -o %t.100.ptx && %ptxas -arch=sm_100 %t.100.ptx -o %t.100.cubin %}

// --mbarrier-release: the GEMM's TMA rings are released through per-warp
// mbarriers, initialized for one arrival per warp of the CTA (4 warps of
// mma.sync on sm_90, 8 of wgmma on sm_90a). In the loop no thread meets the
// CTA: each warp, once its lanes have read (bar.warp.sync), arrives from
// its first lane on the barrier of the buffer the iteration refills, from
// the first iteration that follows a read of it; thread 0 alone waits for
// that phase before it starts the TMA copies; every thread then waits for
// its own stage's copies. With TMA alone filling the rings there is no
// cp.async group to close or wait for.
// CHECK-LABEL: .entry gemm(
// SYNC: .reqntid 128, 1, 1
// WGMMA: .reqntid 256, 1, 1
// CHECK-COUNT-4: cp.async.bulk.tensor.2d
// SYNC-COUNT-5: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 4;
// WGMMA-COUNT-5: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 8;
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// SYNC: mma.sync.aligned.m16n8k16
// WGMMA: wgmma.mma_async.sync.aligned.m64n128k16
// CHECK-NOT: bar.sync
// CHECK: mov.u32 lane, %laneid;
// CHECK-NEXT: setp.eq.u32 first, lane, 0;
// CHECK-NEXT: bar.warp.sync -1;
// CHECK-NEXT: @first mbarrier.arrive.shared::cta.b64 _, [%[[FREED:r[0-9]+]]];
// CHECK-NOT: bar.sync
// CHECK: @%[[NOT0:p[0-9]+]] bra
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 done, [%[[FREED]]], %r{{[0-9]+}};
// CHECK-NOT: bar.sync
// CHECK: cp.async.bulk.tensor.2d
// CHECK-NOT: cp.async.commit_group
// CHECK-NOT: cp.async.wait
// CHECK: ret;
// REMARK: remark: passed: wgmma.mma_async m64n128k16: {{.*}}; A and B from rings of 5 buffers filled by TMA, released per warp by mbarriers; {{.*}}
// --tma-refill-after: the step waits for its stage, runs its wgmma and
// waits for the previous step's, meets the CTA and only then refills (the
// buffer the previous step read).
// AFTER-LABEL: .entry gemm(
// AFTER: $L__BB{{[0-9_]+}}:
// AFTER: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// AFTER-NOT: cp.async.bulk.tensor
// AFTER: wgmma.mma_async.sync.aligned.m64n128k16
// AFTER-NOT: cp.async.bulk.tensor
// AFTER: wgmma.wait_group.sync.aligned 1;
// AFTER-NOT: cp.async.bulk.tensor
// AFTER: bar.sync 0;
// AFTER: cp.async.bulk.tensor.2d
// DEFAULT-LABEL: .entry gemm(
// DEFAULT-NOT: bar.warp.sync
// DEFAULT-NOT: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 8;
cuda_tile.module @m {
  entry @gemm(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
