// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90 mbarrier-release=true" | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90 mbarrier-release=true" | %cuda-tile-opt -split-input-file | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90a pair-k-steps=false mbarrier-release=true" | FileCheck %s --check-prefix=LAG
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90a pair-k-steps=false tma-refill-after=true" | FileCheck %s --check-prefix=AFTER
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90a pair-k-steps=false tma-refill-after=true mbarrier-release=true" | FileCheck %s --check-prefix=AFTERREL
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90a tma-refill-after=true num-stages=5" | FileCheck %s --check-prefix=STAGES
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90a mbarrier-release=true" | FileCheck %s --check-prefix=PAIRED

// With mbarrier-release, a loop whose operands TMA copies releases the
// buffers through per-warp barriers (`alloc_mbarriers per_warp`, one per
// buffer) instead of a CTA barrier: from the first iteration that refills a
// buffer read before (lb + step: the second; with wgmma left in flight one
// iteration more, lb + 2 * step, unless that wraps), each warp arrives on the
// barrier of the buffer the iteration refills, and the refill waits for
// that phase, whose parity is the read slot's flipped where the refill
// slot wrapped below it (parity 1 on a fresh barrier: a first fill waits for
// nothing). The wait for the iteration's own stage stays `released`.
// CHECK-LABEL: entry @gemm
// CHECK: %[[BARS:.*]] = cuda_tile_codegen.alloc_mbarriers : <5>
// CHECK-COUNT-4: cuda_tile_codegen.async_commit on %[[BARS]]
// CHECK: %[[FREED:.*]] = cuda_tile_codegen.alloc_mbarriers per_warp : <5>
// CHECK: %[[STEPS:.*]] = muli %[[STEP:.*]], %[[ONE:.*]] : tile<i32>
// CHECK: %[[FIRST:.*]] = addi %[[LB:.*]], %[[STEPS]]
// CHECK: %[[NOWRAP:.*]] = cmpi greater_than %[[FIRST]], %[[LB]], signed
// CHECK: for %[[IV:.*]] in (%[[LB]] to {{.*}} iter_values(%{{.*}} = %{{.*}}, %[[SLOT:.*]] = %{{.*}}, %[[PARITY:.*]] = %{{.*}}) -> (tile<128x128xf32>, tile<i32>, tile<i32>)
// CHECK-NOT: ring_release
// CHECK: %[[WRAPS:.*]] = cmpi equal %[[SLOT]], %{{.*}}, signed
// CHECK: %[[REFILL:.*]] = select %[[WRAPS]]
// CHECK: %[[LATER:.*]] = cmpi greater_than_or_equal %[[IV]], %[[FIRST]], signed
// CHECK: %[[READ:.*]] = andi %[[NOWRAP]], %[[LATER]]
// CHECK: cuda_tile_codegen.ring_release on %[[FREED]][%[[REFILL]]] : !cuda_tile_codegen.mbarriers<5>, !cuda_tile.tile<i32> if %[[READ]] : !cuda_tile.tile<i1>
// CHECK: %[[FLIP:.*]] = xori %[[PARITY]]
// CHECK: %[[P:.*]] = select %[[WRAPS]], %[[FLIP]], %[[PARITY]]
// CHECK: cuda_tile_codegen.ring_acquire %[[FREED]][%[[REFILL]]] parity %[[P]]
// CHECK: async_load {{.*}}[%[[REFILL]]] on %[[BARS]] if
// CHECK: cuda_tile_codegen.async_commit on %[[BARS]][%[[REFILL]]]
// CHECK-NEXT: cuda_tile_codegen.async_wait 4 on %[[BARS]][%[[SLOT]]] parity %[[PARITY]] : {{.*}} {released}
// CHECK: mmaf
// CHECK-NOT: ring_release
// CHECK: continue
// With two steps a stage (sm_90a's default for this K step of 64 bytes)
// the copies of a stage's tiles twice as deep name its barrier; the step an
// odd count leaves waits for the stage after the loop's last on its
// barrier, without the release (a CTA barrier as well).
// PAIRED-LABEL: entry @gemm
// PAIRED: %[[BARS:.*]] = cuda_tile_codegen.alloc_mbarriers : <5>
// PAIRED: %[[FREED:.*]] = cuda_tile_codegen.alloc_mbarriers per_warp : <5>
// PAIRED: %[[FOR:.*]]:3 = for
// PAIRED: cuda_tile_codegen.ring_release on %[[FREED]]
// PAIRED: cuda_tile_codegen.ring_acquire %[[FREED]]
// PAIRED: async_load {{.*}} on %[[BARS]] if {{.*}} as !cuda_tile.tile<128x64xf16>
// PAIRED: async_load {{.*}} on %[[BARS]] if {{.*}} as !cuda_tile.tile<64x128xf16>
// PAIRED-NEXT: cuda_tile_codegen.async_commit on %[[BARS]]
// PAIRED-NEXT: cuda_tile_codegen.async_wait 3 on %[[BARS]][%{{.*}}] parity %{{.*}} : {{.*}} {released}
// PAIRED: mmaf {{.*}} : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
// PAIRED: cuda_tile_codegen.mma_wait %[[FOR]]#0
// PAIRED: if
// PAIRED-NEXT: cuda_tile_codegen.async_wait 2 on %[[BARS]][%[[FOR]]#1] parity %[[FOR]]#2 : {{.*}}<i32>{{$}}
// PAIRED: mmaf
// LAG-LABEL: entry @gemm
// LAG: %[[FREED:.*]] = cuda_tile_codegen.alloc_mbarriers per_warp : <6>
// LAG: %[[STEPS:.*]] = muli %{{.*}}, %[[TWO:.*]] : tile<i32>
// LAG: for {{.*}} iter_values(%{{.*}} = %{{.*}}, %[[SLOT:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// LAG: %[[WRAPS:.*]] = cmpi less_than %[[SLOT]], %{{.*}}, signed
// LAG: %[[REFILL:.*]] = select %[[WRAPS]]
// LAG: ring_release on %[[FREED]][%[[REFILL]]]
// LAG: ring_acquire %[[FREED]][%[[REFILL]]]
// LAG: async_wait 4
// LAG: mma_wait
// With tma-refill-after the iteration waits for its stage first (S - 2
// groups may stay in flight), multiplies, and then releases (a CTA barrier)
// and refills the buffer the previous iteration read: the wgmma left in
// flight waits for the one before it inside the matmul, so the rings need
// no lag: S - 1 stages ahead (5 of 6 copied in front of the loop).
// AFTER-LABEL: entry @gemm
// AFTER: %[[BARS:.*]] = cuda_tile_codegen.alloc_mbarriers : <6>
// AFTER-COUNT-5: cuda_tile_codegen.async_commit on %[[BARS]]
// AFTER-NOT: async_commit
// AFTER: for {{.*}} iter_values(%{{.*}} = %{{.*}}, %[[SLOT:.*]] = %{{.*}}, %[[PARITY:.*]] = %{{.*}})
// AFTER-NEXT: cuda_tile_codegen.async_wait 4 on %[[BARS]][%[[SLOT]]] parity %[[PARITY]] : {{.*}} {released}
// AFTER: %[[R:.*]] = mmaf
// AFTER-NEXT: cuda_tile_codegen.ring_release{{$}}
// AFTER: %[[WRAPS:.*]] = cmpi equal %[[SLOT]], %{{.*}}, signed
// AFTER: %[[DOWN:.*]] = subi %[[SLOT]], %{{.*}} : tile<i32>
// AFTER: %[[REFILL:.*]] = select %[[WRAPS]], %{{.*}}, %[[DOWN]]
// AFTER: async_load {{.*}}[%[[REFILL]]] on %[[BARS]] if
// AFTER: cuda_tile_codegen.async_commit on %[[BARS]][%[[REFILL]]]
// AFTER-NOT: async_wait
// AFTER: continue %[[R]]
// AFTER: mma_wait
// Both: the warps release the buffer the previous iteration read after the
// matmul, from the second iteration on.
// AFTERREL-LABEL: entry @gemm
// AFTERREL: %[[FREED:.*]] = cuda_tile_codegen.alloc_mbarriers per_warp : <6>
// AFTERREL: %[[STEPS:.*]] = muli %{{.*}}, %[[ONE:.*]] : tile<i32>
// AFTERREL: for
// AFTERREL-NEXT: async_wait 4
// AFTERREL: mmaf
// AFTERREL-NOT: ring_release{{$}}
// AFTERREL: ring_release on %[[FREED]]
// AFTERREL: ring_acquire %[[FREED]]
// AFTERREL: async_commit
// AFTERREL-NOT: async_wait
// AFTERREL: continue
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

// -----

// One operand's copies stay on cp.async (its hint forbids TMA): its
// threads all write the ring, so the CTA barrier stays.
// CHECK-LABEL: entry @gemm_hinted
// CHECK-NOT: per_warp
// CHECK: for
// CHECK-NEXT: cuda_tile_codegen.ring_release{{$}}
// CHECK-NOT: ring_acquire
// LAG-LABEL: entry @gemm_hinted
// LAG-NOT: per_warp
// After the matmul too, where cp.async shares the rings: the wait keeps
// its cp.async group count (S - 2 of 3 buffers: the hint's 32 KiB ahead,
// no lag buffer) and its CTA barrier.
// AFTER-LABEL: entry @gemm_hinted
// AFTER: alloc_mbarriers : <3>
// AFTER: for
// AFTER-NEXT: cuda_tile_codegen.async_wait 1 on
// AFTER: mmaf
// AFTER-NEXT: cuda_tile_codegen.ring_release{{$}}
// AFTER: async_load
// AFTER-NEXT: async_load
// AFTER-NEXT: async_commit
// AFTERREL-LABEL: entry @gemm_hinted
// AFTERREL-NOT: per_warp
cuda_tile.module @m {
  entry @gemm_hinted(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
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
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] optimization_hints = <sm_100 = {allow_tma = false}> : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] optimization_hints = <sm_90 = {allow_tma = false, latency = 2}> : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Steps of 64 (32 KiB a stage): the automatic depth keeps 96 KiB ahead,
// 5 buffers with the lag of wgmma left in flight (3 ahead), 4 refilled
// after the matmul (3 ahead, no lag buffer); num-stages is taken as given.
// (sm_90's mma.sync leaves nothing in flight: 64 KiB ahead, 3 buffers.)
// CHECK-LABEL: entry @gemm_k64
// CHECK: alloc_mbarriers : <3>
// LAG-LABEL: entry @gemm_k64
// LAG: alloc_mbarriers : <5>
// LAG-COUNT-3: async_commit
// LAG-NOT: async_commit
// LAG: for
// AFTER-LABEL: entry @gemm_k64
// AFTER: alloc_mbarriers : <4>
// AFTER-COUNT-3: async_commit
// AFTER-NOT: async_commit
// AFTER: for
// AFTER-NEXT: async_wait 2
// AFTERREL-LABEL: entry @gemm_k64
// AFTERREL: alloc_mbarriers : <4>
// AFTERREL: alloc_mbarriers per_warp : <4>
// STAGES-LABEL: entry @gemm_k64
// STAGES: alloc_mbarriers : <5>
// STAGES-COUNT-4: async_commit
// STAGES-NOT: async_commit
// STAGES: for
// STAGES-NEXT: async_wait 3
cuda_tile.module @m {
  entry @gemm_k64(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
