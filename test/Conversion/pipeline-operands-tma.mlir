// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_90 | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_90 | %cuda-tile-opt -split-input-file | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90 tma=false pair-k-steps=false" | FileCheck %s --check-prefix=OFF
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_80 pair-k-steps=false" | FileCheck %s --check-prefix=OFF

// On sm_90 and newer the stages of a GEMM loop whose views a tensor map
// describes (base and row stride asserted 16-byte aligned, sizes and strides
// from the kernel's arguments) get mbarriers: every copy of the body names
// them, each group's commit arrives on its stage's barrier, and each
// iteration waits for its stage's phase, whose parity the loop carries and
// flips when the slot wraps. The iteration refills first, after a
// ring_release (the CTA has read the buffer), and waits after its commit
// (one group more in flight: 4), released. With tma=false, and before
// sm_90, the rings are cp.async's alone.
// CHECK-LABEL: entry @gemm
// CHECK-NOT: ring_release
// CHECK: %[[BARS:.*]] = cuda_tile_codegen.alloc_mbarriers : <5>
// CHECK: alloc_ring : <5, !cuda_tile.tile<128x32xf16>>
// CHECK: alloc_ring : <5, !cuda_tile.tile<32x128xf16>>
// CHECK: async_load {{.*}}, %{{.*}}[%[[S0:.*]]] on %[[BARS]] as !cuda_tile.tile<128x32xf16>
// CHECK: async_load {{.*}}, %{{.*}}[%[[S0]]] on %[[BARS]] as !cuda_tile.tile<32x128xf16>
// CHECK: cuda_tile_codegen.async_commit on %[[BARS]][%[[S0]]]
// CHECK-COUNT-3: cuda_tile_codegen.async_commit on %[[BARS]]
// CHECK: for {{.*}} iter_values(%{{.*}} = %{{.*}}, %[[SLOT:.*]] = %{{.*}}, %[[PARITY:.*]] = %{{.*}}) -> (tile<128x128xf32>, tile<i32>, tile<i32>)
// CHECK-NEXT: cuda_tile_codegen.ring_release
// CHECK: %[[REFILL:.*]] = select
// CHECK: async_load {{.*}}[%[[REFILL]]] on %[[BARS]]
// CHECK: cuda_tile_codegen.async_commit on %[[BARS]][%[[REFILL]]]
// CHECK-NEXT: cuda_tile_codegen.async_wait 4 on %[[BARS]][%[[SLOT]]] parity %[[PARITY]] : {{.*}} {released}
// CHECK: %[[WRAP:.*]] = cmpi equal
// CHECK: %[[NEXT:.*]] = select %[[WRAP]]
// CHECK: %[[FLIP:.*]] = xori %[[PARITY]]
// CHECK: %[[NP:.*]] = select %[[WRAP]], %[[FLIP]], %[[PARITY]]
// CHECK: continue %{{.*}}, %[[NEXT]], %[[NP]]
// OFF-LABEL: entry @gemm
// OFF-NOT: mbarriers
// OFF: async_wait 1{{$}}
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

// Row strides only known 8-byte aligned (f16 elements 4 apart): no tensor
// map, no barriers.
// CHECK-LABEL: entry @gemm_unaligned
// CHECK-NOT: mbarriers
// CHECK: async_wait 3{{$}}
// OFF-LABEL: entry @gemm_unaligned
cuda_tile.module @m {
  entry @gemm_unaligned(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %ks = assume div_by<4>, %k : tile<i32>
    %ns = assume div_by<4>, %n : tile<i32>
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

// A loop-invariant operand (A loaded in front of the loop, as attention's Q)
// goes through TMA too: the barriers are made in front of its copy, which
// joins the first stage, and a loop that runs no iteration waits for that
// stage's first phase after it.
// CHECK-LABEL: entry @gemm_invariant_a
// CHECK: %[[BARS:.*]] = cuda_tile_codegen.alloc_mbarriers : <6>
// CHECK-NEXT: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <1, !cuda_tile.tile<128x32xf16>>
// CHECK-NEXT: %[[Z:.*]] = constant <i32: 0>
// CHECK-NEXT: cuda_tile_codegen.async_load {{.*}}, %[[RA]][%[[Z]]] on %[[BARS]] as !cuda_tile.tile<128x32xf16>
// CHECK: alloc_ring : <6, !cuda_tile.tile<32x128xf16>>
// CHECK-NOT: alloc_mbarriers
// CHECK: %[[FOR:.*]]:3 = for
// CHECK: %[[NONE:.*]] = cmpi greater_than_or_equal
// CHECK-NEXT: if %[[NONE]] {
// CHECK-NEXT: %[[Z2:.*]] = constant <i32: 0>
// CHECK-NEXT: cuda_tile_codegen.async_wait 0 on %[[BARS]][%[[Z2]]] parity %[[Z2]]
// OFF-LABEL: entry @gemm_invariant_a
// OFF-NOT: mbarriers
cuda_tile.module @m {
  entry @gemm_invariant_a(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
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
    %at, %t0 = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
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

// A load whose optimization hints say allow_tma = false for the target keeps
// its copies on cp.async (no mbarrier operand), the other operand's stay on
// TMA; a hint for another architecture changes nothing. The latency hint of
// 2 puts 32 KiB ahead (3 stages of 16 KiB, not 5).
// CHECK-LABEL: entry @gemm_hinted
// CHECK: %[[BARS:.*]] = cuda_tile_codegen.alloc_mbarriers : <3>
// CHECK: async_load {{.*}} on %[[BARS]] as !cuda_tile.tile<128x32xf16>
// CHECK-NEXT: async_load {{[^n]*}} as !cuda_tile.tile<32x128xf16>
// CHECK: for
// CHECK: async_load {{.*}} on %[[BARS]] if %{{.*}} as !cuda_tile.tile<128x32xf16>
// CHECK-NEXT: async_load {{[^n]*}} if %{{.*}} as !cuda_tile.tile<32x128xf16>
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

// A pipelined loop inside another runs again on the outer loop's next
// iteration: a ring_release before its barriers are initialized and its
// first copies start lets every thread leave the previous run first (its
// last reads of the buffers and waits on the barriers); with cp.async
// alone, before the first copies.
// CHECK-LABEL: entry @nested
// CHECK: for %[[COL:.*]] in
// CHECK-NOT: async_load
// CHECK: cuda_tile_codegen.ring_release
// CHECK-NEXT: cuda_tile_codegen.alloc_mbarriers : <5>
// CHECK: for {{.*}} iter_values
// CHECK-NEXT: cuda_tile_codegen.ring_release
// OFF-LABEL: entry @nested
// OFF: for %[[COL:.*]] in
// OFF-NOT: async_load
// OFF: cuda_tile_codegen.ring_release
// OFF-NEXT: alloc_ring
// OFF-NOT: ring_release
// OFF: async_wait 1{{$}}
cuda_tile.module @m {
  entry @nested(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    for %col in (%c0 to %c2, step %c1) : tile<i32> {
      %zero = constant <f32: 0.0> : tile<128x128xf32>
      %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
        %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
        %bt, %t1 = load_view_tko weak %b_pv[%kk, %col] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
        %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %next : tile<128x128xf32>
      }
      %t = store_view_tko weak %acc, %c_pv[%c0, %col] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    }
    return
  }
}
