// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --remarks=all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --tma=false %s | FileCheck %s --check-prefix=OFF
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefix=OFF
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --tma=false --remarks=missed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFFREMARK
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.90a.ptx && %ptxas -arch=sm_90a %t.90a.ptx -o %t.90a.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 %s -o %t.100.ptx && %ptxas -arch=sm_100 %t.100.ptx -o %t.100.cubin %}

// TMA on sm_90 and newer: the GEMM rings are filled by cp.async.bulk.tensor,
// one thread issuing each stage's copies (A: one 128x32 box with the 64-byte
// swizzle; B's rows of 256 bytes: two 32x64 boxes, the 128-byte swizzle,
// one per column block) after expecting their bytes on the stage's
// mbarrier, then arriving on it; each step waits for its stage's phase.
// The tensor maps are kernel parameters after the kernel's own (128 bytes,
// 64-byte aligned, read where they lie), and the PTX lists what each
// describes: sizes and strides from the entry's arguments (%N), products
// of them, or constants, innermost first.
// CHECK: // cuda_tile kernels taking tensor maps (CUtensorMap, 128 bytes, by value after their parameters, in order; dims and box innermost first, strides in elements):
// CHECK-NEXT: //   gemm tensormap 0: base=%0 elem=2 dims=%5,%3 strides=%5 box=32,128 swizzle=64
// CHECK-NEXT: //   gemm tensormap 1: base=%1 elem=2 dims=%4,%5 strides=%4 box=64,32 swizzle=128
// CHECK-NEXT: //   gemm_nt tensormap 0: base=%0 elem=2 dims=%5,%3,2 strides=%5,%3*%5 box=32,128,1 swizzle=64
// CHECK-NEXT: //   gemm_nt tensormap 1: base=%1 elem=2 dims=%5,%4 strides=%5 box=32,128 swizzle=64
// CHECK-NEXT: //   gemm_offset tensormap 0: base=%1 elem=2 dims=%4,%5 strides=%4 box=64,32 swizzle=128
// CHECK: .version 8.0
// CHECK-LABEL: .entry gemm(
// CHECK: .param .u32 gemm_param_5,
// CHECK-NEXT: .param .align 64 .b8 gemm_param_6[128],
// CHECK-NEXT: .param .align 64 .b8 gemm_param_7[128]
// CHECK: mov.b64 %rd{{[0-9]+}}, gemm_param_6;
// CHECK-NEXT: cvta.param.u64 %[[MAPA:rd[0-9]+]], %rd{{[0-9]+}};
// CHECK: mov.b64 %rd{{[0-9]+}}, gemm_param_7;
// CHECK-NEXT: cvta.param.u64 %[[MAPB:rd[0-9]+]], %rd{{[0-9]+}};
// CHECK-COUNT-5: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 1;
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: bar.sync 0;
// CHECK: mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%[[BAR:r[0-9]+]]], 8192;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%[[MAPA]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%[[BAR]]];
// CHECK: mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%[[BAR]]], 4096;
// CHECK: cp.async.bulk.tensor.2d.{{.*}} [%[[MAPB]], {{.*}}], [%[[BAR]]];
// CHECK: mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%[[BAR]]], 4096;
// CHECK: cp.async.bulk.tensor.2d.{{.*}} [%[[MAPB]], {{.*}}], [%[[BAR]]];
// CHECK: mbarrier.arrive.shared::cta.b64 _, [%r{{[0-9]+}}];
// In the loop (rotated: its wait comes first in the text), the step waits
// for its stage, with no CTA barrier after the wait (the mbarrier makes the
// copies visible) and no cp.async group (TMA alone fills the rings), reads,
// then meets the CTA before refilling the buffer read one step back.
// CHECK-NOT: cp.async.commit_group
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-NEXT: @!done bra waitPhase{{[0-9]+}};
// CHECK-NOT: cp.async.wait_group
// CHECK-NOT: bar.sync
// CHECK: mma.sync
// CHECK: bar.sync 0;
// CHECK: cp.async.bulk.tensor.2d
// CHECK: mbarrier.arrive.shared::cta.b64
// CHECK-NOT: cp.async.cg
// CHECK-NOT: cp.async.wait_all
// CHECK-LABEL: .entry gemm_nt(
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
// CHECK-LABEL: .entry gemm_offset(
// CHECK: .param .align 64 .b8 gemm_offset_param_6[128]
// CHECK-NOT: gemm_offset_param_7
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.bulk.tensor.2d
// A ring with cp.async copies beside TMA keeps the CTA barrier after the
// wait: other threads' cp.async bytes are visible only after it.
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: cp.async.wait_group 4;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: ldmatrix
// Per ring, at the load it replaces: TMA with its tensor map, or why not.
// REMARK: tma.mlir:[[#]]:18: remark: passed: copied by TMA (cp.async.bulk.tensor, tensor map 0: base=%0 elem=2 dims=%5,%3 strides=%5 box=32,128 swizzle=64)
// REMARK-NEXT: %at, %t0 = load_view_tko
// REMARK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 1: {{.*}})
// REMARK-NEXT: %bt, %t1 = load_view_tko
// REMARK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 0: {{.*}} strides=%5,%3*%5 box=32,128,1 swizzle=64)
// REMARK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 1: {{.*}})
// REMARK: missed: not TMA: the tensor's base is not a kernel argument; cp.async
// REMARK-NEXT: %at, %t0 = load_view_tko
// REMARK: passed: copied by TMA (cp.async.bulk.tensor, tensor map 0: base=%1 {{.*}})
// OFFREMARK-COUNT-2: missed: not TMA: the pipelining pass gave the copy no mbarrier (--tma=false, the load's allow_tma = false hint, or no view of the loop's body has a tensor map); cp.async
// OFF-NOT: tensormap
// OFF-NOT: mbarrier
// OFF-NOT: cp.async.bulk

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

  entry @gemm_nt(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %batch = muli %m, %ks : tile<i32>
    %a_tv = make_tensor_view %a, shape = [2, %m, %k], strides = [%batch, %ks, 1] : tile<i32> -> tensor_view<2x?x?xf16, strides=[?,?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(1x128x32), padding_value = zero, tensor_view<2x?x?xf16, strides=[?,?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>, dim_map=[1, 0]>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %a3, %t0 = load_view_tko weak %a_pv[%c1, %c0, %kk] : partition_view<tile=(1x128x32), padding_value = zero, tensor_view<2x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x32xf16>, token
      %at = reshape %a3 : tile<1x128x32xf16> -> tile<128x32xf16>
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_offset(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a8 = offset %a, %ks : tile<ptr<f16>>, tile<i32> -> tile<ptr<f16>>
    %a_tv = make_tensor_view %a8, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
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
