// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=pair-k-steps=false | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=pair-k-steps=false | %cuda-tile-opt -split-input-file | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands | FileCheck %s --check-prefix=SM80PAIRED
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=pair-mma-sync-k-steps=3 | FileCheck %s --check-prefix=SM80PAIRED3
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_86 | FileCheck %s --check-prefix=SM86
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_90a pair-k-steps=false" | FileCheck %s --check-prefix=SM90A
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_90a | FileCheck %s --check-prefix=PAIRED
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="num-stages=3" | FileCheck %s --check-prefix=STAGES3
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="gpu-name=sm_86 num-stages=6" | FileCheck %s --check-prefix=STAGES6-SM86
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands="refill-first pair-k-steps=false" | FileCheck %s --check-prefix=FIRST

// The GEMM K loop: stages of 16 KiB (8 KiB per operand), five of them, so
// that the four ahead hold 64 KiB (80 KiB of dynamic shared memory; on
// sm_86, whose CTAs have 99 KiB, four: 64 KiB and the 32 KiB the code
// generator keeps for exchanges). The first four steps' copies go in front
// of the loop, one group each; then per step: wait until at most 3 groups
// are pending (its own has landed) and for the CTA, multiply this step's
// buffers, copy the step four ahead into the buffer the previous step read
// (predicated copies: past the last step they zero-fill, and the loop is
// followed by a wait for them).
cuda_tile.module @m {
  // CHECK-LABEL: entry @gemm
  entry @gemm(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    // num-stages sets the buffers (three: two steps ahead), within the
    // CTA's shared memory, the scratch's room included (sm_86: six of 16
    // KiB in 99 KiB).
    // STAGES3-LABEL: entry @gemm
    // STAGES3: alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
    // STAGES3-COUNT-2: cuda_tile_codegen.async_commit
    // STAGES3: async_wait 1
    // STAGES6-SM86-LABEL: entry @gemm
    // STAGES6-SM86: alloc_ring : <6, !cuda_tile.tile<128x32xf16>>
    // SM86-LABEL: entry @gemm
    // SM86: alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
    // SM86: alloc_ring : <3, !cuda_tile.tile<32x128xf16>>
    // SM86-COUNT-2: cuda_tile_codegen.async_commit
    // SM86: async_wait 1
    // sm_90a: the matmul will be wgmma and only accumulates, so it may
    // leave its last instructions in flight: four steps (96 KiB) ahead of
    // six buffers, the refill the buffer read two steps back ((slot + 4)
    // mod 6), mma_wait after the loop.
    // SM90A-LABEL: entry @gemm
    // SM90A: alloc_ring : <6, !cuda_tile.tile<128x32xf16>>
    // SM90A-COUNT-4: cuda_tile_codegen.async_commit
    // SM90A-NOT: async_commit
    // SM90A: for %{{.*}} iter_values(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %{{.*}})
    // SM90A-NEXT: cuda_tile_codegen.async_wait 3
    // SM90A: %[[R:.*]] = mmaf
    // SM90A: %[[WRAPS:.*]] = cmpi less_than %[[SLOT]], %cst_2_i32{{.*}}, signed
    // SM90A: %[[UP:.*]] = addi %[[SLOT]], %cst_4_i32{{.*}} :
    // SM90A: %[[DOWN:.*]] = subi %[[SLOT]], %cst_2_i32{{.*}} :
    // SM90A-NEXT: select %[[WRAPS]], %[[UP]], %[[DOWN]]
    // SM90A: continue %[[R]]
    // SM90A: %[[DONE:.*]] = cuda_tile_codegen.mma_wait %[[FOR:.*]]#0 : !cuda_tile.tile<128x128xf32>
    // SM90A: reshape %[[DONE]]
    // By default (pair-k-steps) a stage there holds two steps of K (64
    // bytes each): the loop runs over pairs (iv, iv + 1) while iv + 1 < k,
    // in steps of 2, and its matmul multiplies tile iv / 2 of views twice
    // as deep along K (made beside the loads' views), five buffers of 32
    // KiB (three stages, 96 KiB, ahead and the lag). A pair's copies run
    // where its first step does. An odd count leaves the last step to the
    // first half along K of the stage after the loop's last, waited for
    // and multiplied after the loop.
    // cp.async rings read by mma.sync (sm_80) pair the steps too where two
    // CTAs of two buffers of pairs (64 KiB) fit an SM: the copies of the
    // next pair start before the matmul, right after the wait for this
    // pair's, which the other buffer then held; an odd count's last step
    // follows the loop. (The checks above: pair-k-steps=false.)
    // pair-mma-sync-k-steps sets the buffers of the pairs: three, the
    // copies after the matmul again (two ahead of the one it reads).
    // SM80PAIRED3-LABEL: entry @gemm
    // SM80PAIRED3: alloc_ring : <3, !cuda_tile.tile<128x64xf16>>
    // SM80PAIRED3: for
    // SM80PAIRED3-NEXT: cuda_tile_codegen.async_wait 1
    // SM80PAIRED3-NEXT: cuda_tile_codegen.ring_tile
    // SM80PAIRED3-NEXT: cuda_tile_codegen.ring_tile
    // SM80PAIRED3-NEXT: mmaf {{.*}} : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    // SM80PAIRED-LABEL: entry @gemm
    // SM80PAIRED: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<128x64xf16>>
    // SM80PAIRED: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<64x128xf16>>
    // SM80PAIRED-COUNT-1: cuda_tile_codegen.async_commit
    // SM80PAIRED: %[[FOR:.*]]:2 = for %{{.*}} iter_values(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %{{.*}})
    // SM80PAIRED-NEXT: cuda_tile_codegen.async_wait 0
    // SM80PAIRED-NOT: mmaf
    // SM80PAIRED: cuda_tile_codegen.async_load {{.*}}, %[[RA]][%{{.*}}] if
    // SM80PAIRED: cuda_tile_codegen.async_load {{.*}}, %[[RB]][%{{.*}}] if
    // SM80PAIRED-NEXT: cuda_tile_codegen.async_commit
    // SM80PAIRED-NEXT: %[[TA:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%[[SLOT]]]
    // SM80PAIRED-NEXT: %[[TB:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%[[SLOT]]]
    // SM80PAIRED-NEXT: mmaf %[[TA]], %[[TB]], %[[ACC]] : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    // SM80PAIRED: continue
    // SM80PAIRED-NOT: mma_wait
    // SM80PAIRED: if %{{.*}} -> (tile<128x128xf32>) {
    // SM80PAIRED-NEXT: cuda_tile_codegen.async_wait 0
    // SM80PAIRED-NEXT: cuda_tile_codegen.ring_tile %[[RA]][%[[FOR]]#1] {{.*}} -> !cuda_tile.tile<128x32xf16>
    // SM80PAIRED-NEXT: cuda_tile_codegen.ring_tile %[[RB]][%[[FOR]]#1] {{.*}} -> !cuda_tile.tile<32x128xf16>
    // SM80PAIRED-NEXT: mmaf {{.*}} %[[FOR]]#0 : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
    // PAIRED-LABEL: entry @gemm
    // PAIRED: %[[TVA:.*]] = make_tensor_view %arg0
    // PAIRED-NEXT: make_partition_view %[[TVA]] : partition_view<tile=(128x32)
    // PAIRED-NEXT: %[[DEEPA:.*]] = make_partition_view %[[TVA]] : partition_view<tile=(128x64), padding_value = zero
    // PAIRED: %[[TVB:.*]] = make_tensor_view %arg1
    // PAIRED-NEXT: make_partition_view %[[TVB]] : partition_view<tile=(32x128)
    // PAIRED-NEXT: %[[DEEPB:.*]] = make_partition_view %[[TVB]] : partition_view<tile=(64x128), padding_value = zero
    // PAIRED: %[[LAST:.*]] = subi %[[K:arg3]], %[[ONE:cst_1_i32]] :
    // PAIRED: %[[END:.*]] = select %{{.*}}, %[[LAST]], %[[LB:cst_0_i32]] :
    // PAIRED: %[[TWO:.*]] = addi %[[ONE]], %[[ONE]] :
    // PAIRED: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<128x64xf16>>
    // PAIRED: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<64x128xf16>>
    // PAIRED-COUNT-3: cuda_tile_codegen.async_commit
    // PAIRED-NOT: async_commit
    // PAIRED: for %[[IV:.*]] in (%[[LB]] to %[[END]], step %[[TWO]]) : tile<i32> iter_values(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %{{.*}})
    // PAIRED-NEXT: cuda_tile_codegen.async_wait 2
    // PAIRED-NEXT: %[[TA:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%[[SLOT]]]
    // PAIRED-NEXT: %[[TB:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%[[SLOT]]]
    // PAIRED-NEXT: %[[R:.*]] = mmaf %[[TA]], %[[TB]], %[[ACC]] : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    // PAIRED: %[[AHEAD:.*]] = addi %[[IV]], %{{.*}} :
    // PAIRED-NEXT: %[[BELOW:.*]] = cmpi less_than %[[AHEAD]], %[[K]], signed
    // PAIRED: %[[RUNS:.*]] = andi %[[BELOW]]
    // PAIRED: %[[REFILL:.*]] = select
    // PAIRED-NEXT: %[[J:.*]] = shri %[[AHEAD]], %[[ONE]] unsigned
    // PAIRED-NEXT: cuda_tile_codegen.async_load %[[DEEPA]][%{{.*}}, %[[J]]], %[[RA]][%[[REFILL]]] if %[[RUNS]]
    // PAIRED-NEXT: %[[J2:.*]] = shri %[[AHEAD]], %[[ONE]] unsigned
    // PAIRED-NEXT: cuda_tile_codegen.async_load %[[DEEPB]][%[[J2]], %{{.*}}], %[[RB]][%[[REFILL]]] if %[[RUNS]]
    // PAIRED-NEXT: cuda_tile_codegen.async_commit
    // PAIRED-NOT: load_view_tko
    // PAIRED: continue %[[R]]
    // PAIRED: %[[DONE:.*]] = cuda_tile_codegen.mma_wait %[[FOR:.*]]#0
    // PAIRED-NEXT: %[[ONE2:.*]] = constant <i32: 1>
    // PAIRED-NEXT: %[[COUNT:.*]] = subi %[[K]], %[[LB]]
    // PAIRED-NEXT: %[[LOW:.*]] = andi %[[COUNT]], %[[ONE2]]
    // PAIRED-NEXT: %[[ODD:.*]] = cmpi equal %[[LOW]], %[[ONE2]]
    // PAIRED-NEXT: %[[ANY:.*]] = cmpi less_than %[[LB]], %[[K]]
    // PAIRED-NEXT: %[[TAIL:.*]] = andi %[[ANY]], %[[ODD]]
    // PAIRED-NEXT: %[[OUT:.*]] = if %[[TAIL]] -> (tile<128x128xf32>) {
    // PAIRED-NEXT: cuda_tile_codegen.async_wait 2{{$}}
    // PAIRED-NEXT: %[[LA:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%[[FOR]]#1] : <5, !cuda_tile.tile<128x64xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x32xf16>
    // PAIRED-NEXT: %[[LB2:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%[[FOR]]#1] : <5, !cuda_tile.tile<64x128xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x128xf16>
    // PAIRED-NEXT: %[[R3:.*]] = mmaf %[[LA]], %[[LB2]], %[[DONE]] : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
    // PAIRED-NEXT: yield %[[R3]]
    // PAIRED-NEXT: } else {
    // PAIRED-NEXT: yield %[[DONE]]
    // PAIRED: cuda_tile_codegen.async_wait 0
    // PAIRED-NEXT: reshape %[[OUT]]
    // Without TMA, 32 KiB ahead: three buffers, two steps ahead.
    // CHECK: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
    // CHECK: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <3, !cuda_tile.tile<32x128xf16>>
    // CHECK: %[[RUNS:.*]] = cmpi less_than
    // CHECK: if %[[RUNS]] {
    // CHECK-NEXT: cuda_tile_codegen.async_load %{{.*}}[%{{.*}}, %[[LB:.*]]], %[[RA]][%[[S0:.*]]] as !cuda_tile.tile<128x32xf16>
    // CHECK-NEXT: cuda_tile_codegen.async_load %{{.*}}[%[[LB]], %{{.*}}], %[[RB]][%[[S0]]] as !cuda_tile.tile<32x128xf16>
    // CHECK-COUNT-2: cuda_tile_codegen.async_commit
    // CHECK-NOT: async_commit
    // CHECK: for %[[IV:.*]] in ({{.*}}) : tile<i32> iter_values(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %{{.*}})
    // CHECK-NEXT: cuda_tile_codegen.async_wait 1
    // CHECK-NEXT: %[[TA:.*]] = cuda_tile_codegen.ring_tile %[[RA]][%[[SLOT]]]
    // CHECK-NEXT: %[[TB:.*]] = cuda_tile_codegen.ring_tile %[[RB]][%[[SLOT]]]
    // CHECK-NEXT: %[[R:.*]] = mmaf %[[TA]], %[[TB]], %[[ACC]]
    // The refill follows the matmul, which starts right after the wait.
    // CHECK: %[[AHEAD:.*]] = addi %[[IV]]
    // CHECK: %[[AHEAD_RUNS:.*]] = andi
    // CHECK: %[[REFILL:.*]] = select
    // CHECK-NOT: if
    // CHECK: cuda_tile_codegen.async_load %{{.*}}[%{{.*}}, %[[AHEAD]]], %[[RA]][%[[REFILL]]] if %[[AHEAD_RUNS]] : !cuda_tile.tile<i1>
    // CHECK: cuda_tile_codegen.async_load %{{.*}}[%[[AHEAD]], %{{.*}}], %[[RB]][%[[REFILL]]] if %[[AHEAD_RUNS]] : !cuda_tile.tile<i1>
    // CHECK-NEXT: cuda_tile_codegen.async_commit
    // CHECK-NOT: load_view_tko
    // CHECK: continue %[[R]]
    // CHECK: }
    // CHECK-NEXT: cuda_tile_codegen.async_wait 0
    // refill-first: the copies before the matmul, right after the wait.
    // FIRST-LABEL: entry @gemm
    // FIRST: for
    // FIRST-NEXT: cuda_tile_codegen.async_wait 1
    // FIRST-NOT: mmaf
    // FIRST: cuda_tile_codegen.async_load
    // FIRST-NEXT: cuda_tile_codegen.async_load
    // FIRST-NEXT: cuda_tile_codegen.async_commit
    // FIRST-NEXT: cuda_tile_codegen.ring_tile
    // FIRST-NEXT: cuda_tile_codegen.ring_tile
    // FIRST-NEXT: mmaf
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %flat = reshape %acc : tile<128x128xf32> -> tile<16384xf32>
    %i = iota : tile<16384xi32>
    %p1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<16384xptr<f32>>
    %pp = offset %pb, %i : tile<16384xptr<f32>>, tile<16384xi32> -> tile<16384xptr<f32>>
    %t = store_ptr_tko weak %pp, %flat : tile<16384xptr<f32>>, tile<16384xf32> -> token
    return
  }
}

// -----

// Steps stay one a stage where two are not one tile of a deeper view: a
// loop from an odd bound (tiles 1 and 2 are not one 64-deep tile), or a K
// index that is not the induction variable.
cuda_tile.module @m {
  // PAIRED-LABEL: entry @odd_start
  // PAIRED: alloc_ring : <6, !cuda_tile.tile<128x32xf16>>
  // PAIRED-NOT: shri
  // PAIRED: mmaf %{{.*}} : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
  // PAIRED-NOT: mmaf
  // PAIRED-LABEL: entry @shifted_index
  // PAIRED: alloc_ring : <6, !cuda_tile.tile<128x32xf16>>
  // PAIRED-NOT: shri
  // PAIRED: mmaf %{{.*}} : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
  // PAIRED-NOT: mmaf
  // PAIRED: cuda_tile_codegen.mma_wait
  // PAIRED-NEXT: cuda_tile_codegen.async_wait 0
  entry @odd_start(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c1 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %s = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @shifted_index(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %k1 = addi %kk, %c1 : tile<i32>
      %at, %t0 = load_view_tko weak %a_pv[%c0, %k1] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%k1, %c0] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %s = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Small operands (2 KiB + 2 KiB a stage): the most stages, 6; the loop's
// tiles come through reshapes (a 3-D view), which go.
cuda_tile.module @m {
  // CHECK-LABEL: entry @small
  // CHECK: alloc_ring : <6, !cuda_tile.tile<64x16xf16>>
  // CHECK: alloc_ring : <6, !cuda_tile.tile<16x64xf16>>
  // CHECK-COUNT-5: cuda_tile_codegen.async_commit
  // CHECK: for
  // CHECK-NEXT: cuda_tile_codegen.async_wait 4
  // CHECK-NOT: reshape
  // CHECK: mmaf
  // CHECK: async_load {{.*}} as !cuda_tile.tile<1x64x16xf16>
  entry @small(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [1, %k, %k], strides = [%k, %k, 1] : tile<i32> -> tensor_view<1x?x?xf16, strides=[?,?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(1x64x16), tensor_view<1x?x?xf16, strides=[?,?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %a3, %t0 = load_view_tko weak %a_pv[%c0, %c0, %kk] : partition_view<tile=(1x64x16), tensor_view<1x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x16xf16>, token
      %at = reshape %a3 : tile<1x64x16xf16> -> tile<64x16xf16>
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x64xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %s = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}

// -----

// Stages of 48 KiB (128x64 and 64x256 f16): on sm_86 (99 KiB per CTA) one
// would fit beside the 32 KiB kept for exchanges, so the kernel's only
// rings take that room: two stages, one ahead, rather than no pipelining.
// On sm_80 the automatic depth stays within the budget (131 KiB: two); an
// explicit num-stages=3 may take the scratch's room (144 KiB).
cuda_tile.module @m {
  // CHECK-LABEL: entry @wide_gemm
  // CHECK: alloc_ring : <2, !cuda_tile.tile<128x64xf16>>
  // CHECK: alloc_ring : <2, !cuda_tile.tile<64x256xf16>>
  // STAGES3-LABEL: entry @wide_gemm
  // STAGES3: alloc_ring : <3, !cuda_tile.tile<128x64xf16>>
  // STAGES3: alloc_ring : <3, !cuda_tile.tile<64x256xf16>>
  // SM86-LABEL: entry @wide_gemm
  // SM86: alloc_ring : <2, !cuda_tile.tile<128x64xf16>>
  // SM86: alloc_ring : <2, !cuda_tile.tile<64x256xf16>>
  // SM86: async_wait 0
  // SM86: mmaf
  entry @wide_gemm(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Left alone: f32 operands (no ldmatrix), an operand computed outside the
// loop. Loops share the kernel's budget (the CTA's shared memory less
// 32 KiB: 131 KiB on sm_80, 67 KiB on sm_86): on sm_80 both GEMM loops get
// their three stages (96 KiB) and the last one four buffers of B where it
// would take five, with no room left to copy its A once; on sm_86 the
// second gets one buffer of each operand (19 KiB are left) and the last
// nothing.
cuda_tile.module @m {
  // CHECK-LABEL: entry @not_pipelined
  // CHECK: alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
  // CHECK: ring_tile
  // CHECK: alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
  // CHECK: alloc_ring : <3, !cuda_tile.tile<32x128xf16>>
  // CHECK-NOT: alloc_ring
  // CHECK: ring_tile
  // CHECK: for
  // CHECK-NEXT: load_view_tko {{.*}} -> tile<16x16xf32>
  // CHECK: load_view_tko {{.*}} -> tile<128x32xf16>
  // CHECK-NEXT: alloc_ring : <4, !cuda_tile.tile<32x128xf16>>
  // CHECK-NOT: alloc_ring
  // CHECK: for
  // CHECK-NEXT: cuda_tile_codegen.async_wait 2
  // CHECK-NOT: load_view_tko
  // CHECK: return
  // SM86-LABEL: entry @not_pipelined
  // SM86: alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
  // SM86: alloc_ring : <3, !cuda_tile.tile<32x128xf16>>
  // SM86: ring_tile
  // SM86: alloc_ring : <1, !cuda_tile.tile<128x32xf16>>
  // SM86-NEXT: alloc_ring : <1, !cuda_tile.tile<32x128xf16>>
  // SM86-NOT: alloc_ring
  // SM86: load_view_tko {{.*}} -> tile<128x32xf16>
  // SM86-NEXT: for
  // SM86-NEXT: load_view_tko {{.*}} -> tile<32x128xf16>
  entry @not_pipelined(%a: tile<ptr<f16>>, %f: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pa = make_partition_view %tv : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>
    %pb = make_partition_view %tv : partition_view<tile=(32x128), tensor_view<?x?xf16, strides=[?,1]>>
    %ftv = make_tensor_view %f, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pf = make_partition_view %ftv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %zf = constant <f32: 0.0> : tile<16x16xf32>
    %r1 = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %pa[%c0, %kk] : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %pb[%kk, %c0] : partition_view<tile=(32x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %r2 = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %pa[%c1, %kk] : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %pb[%kk, %c1] : partition_view<tile=(32x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %r3 = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zf) -> (tile<16x16xf32>) {
      %x, %t0 = load_view_tko weak %pf[%c0, %kk] : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
      %y, %t1 = load_view_tko weak %pf[%kk, %c0] : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
      %next = mmaf %x, %y, %sum : tile<16x16xf32>, tile<16x16xf32>, tile<16x16xf32>
      continue %next : tile<16x16xf32>
    }
    %fixed, %t2 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
    %r4 = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %bt, %t1 = load_view_tko weak %pb[%kk, %c0] : partition_view<tile=(32x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %fixed, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %o = addf %r1, %r2 : tile<128x128xf32>
    %o2 = addf %o, %r4 : tile<128x128xf32>
    %s = reduce %o2 dim=0 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    %s2 = reduce %r3 dim=0 identities=[0.0 : f32] : tile<16x16xf32> -> tile<16xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}

// -----

// Attention-shaped: two matmuls per step. K comes through a transposing
// view (memory contiguous along K of the matmul): a transposed ring, rows
// of K. K and V share the stages (4 + 4 KiB a stage: 5 stages, 32 KiB ahead);
// Q, loaded in front of the loop and used only by the first matmul, is
// copied once into a one-buffer ring where it was loaded (its copy joins
// the first group). P is computed: it stays.
cuda_tile.module @m {
  // CHECK-LABEL: entry @attention
  // CHECK: %[[RQ:.*]] = cuda_tile_codegen.alloc_ring : <1, !cuda_tile.tile<64x32xf16>>
  // CHECK-NEXT: %[[Z:.*]] = constant <i32: 0>
  // CHECK-NEXT: cuda_tile_codegen.async_load %{{.*}}[%{{.*}}, %{{.*}}], %[[RQ]][%[[Z]]] as !cuda_tile.tile<64x32xf16>
  // CHECK-NEXT: %[[TQ:.*]] = cuda_tile_codegen.ring_tile %[[RQ]][%[[Z]]]
  // CHECK: %[[RK:.*]] = cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<32x64xf16>, transposed>
  // CHECK: %[[RV:.*]] = cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<64x32xf16>>
  // CHECK-COUNT-4: cuda_tile_codegen.async_commit
  // CHECK: for
  // CHECK-NEXT: cuda_tile_codegen.async_wait 3
  // CHECK: async_load {{.*}} %[[RK]]
  // CHECK-NEXT: async_load {{.*}} %[[RV]]
  // CHECK: %[[TK:.*]] = cuda_tile_codegen.ring_tile %[[RK]]
  // CHECK-NEXT: mmaf %[[TQ]], %[[TK]]
  // CHECK: %[[TV:.*]] = cuda_tile_codegen.ring_tile %[[RV]]
  // CHECK-NEXT: mmaf %{{.*}}, %[[TV]]
  // CHECK-NOT: load_view_tko
  entry @attention(%q: tile<ptr<f16>>, %k: tile<ptr<f16>>, %v: tile<ptr<f16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q_tv = make_tensor_view %q, shape = [%n, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf16, strides=[32,1]>
    %k_tv = make_tensor_view %k, shape = [%n, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf16, strides=[32,1]>
    %v_tv = make_tensor_view %v, shape = [%n, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf16, strides=[32,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(64x32), tensor_view<?x32xf16, strides=[32,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(32x64), tensor_view<?x32xf16, strides=[32,1]>, dim_map=[1, 0]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(64x32), tensor_view<?x32xf16, strides=[32,1]>>
    %qt, %tq = load_view_tko weak %q_pv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<?x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %zero_s = constant <f32: 0.0> : tile<64x64xf32>
    %zero = constant <f32: 0.0> : tile<64x32xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<64x32xf32>) {
      %kt, %tk = load_view_tko weak %k_pv[%c0, %j] : partition_view<tile=(32x64), tensor_view<?x32xf16, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x64xf16>, token
      %s = mmaf %qt, %kt, %zero_s : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      %p = ftof %s : tile<64x64xf32> -> tile<64x64xf16>
      %vt, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(64x32), tensor_view<?x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
      %o2 = mmaf %p, %vt, %o : tile<64x64xf16>, tile<64x32xf16>, tile<64x32xf32>
      continue %o2 : tile<64x32xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x32xf32> -> tile<32xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}

// -----

// Attention with 128x128 tiles of head dimension 128: a stage of K and V
// is 64 KiB. sm_80 holds two stages (Q, beyond the budget then, stays in
// registers); sm_86 (99 KiB a CTA) only one buffer of each operand, Q's
// too, 96 KiB: V is copied while Q K^T computes and the
// next K while P V does, each matmul waiting first for every copy and for
// the CTA (whose barrier also orders the reads of the buffer the copies
// after it refill).
cuda_tile.module @m {
  // CHECK-LABEL: entry @attention_wide
  // CHECK-NOT: alloc_ring
  // CHECK: load_view_tko
  // CHECK-NOT: alloc_ring : <1
  // CHECK: alloc_ring : <2, !cuda_tile.tile<128x128xf16>, transposed>
  // CHECK: alloc_ring : <2, !cuda_tile.tile<128x128xf16>>
  // SM86-LABEL: entry @attention_wide
  // SM86: %[[RQ:.*]] = cuda_tile_codegen.alloc_ring : <1, !cuda_tile.tile<128x128xf16>>
  // SM86: async_load {{.*}}, %[[RQ]][%{{.*}}] as
  // SM86: %[[TQ:.*]] = cuda_tile_codegen.ring_tile %[[RQ]]
  // SM86: %[[RK:.*]] = cuda_tile_codegen.alloc_ring : <1, !cuda_tile.tile<128x128xf16>, transposed>
  // SM86-NEXT: %[[RV:.*]] = cuda_tile_codegen.alloc_ring : <1, !cuda_tile.tile<128x128xf16>>
  // SM86: %[[RUNS:.*]] = cmpi less_than
  // SM86-NEXT: if %[[RUNS]] {
  // SM86-NEXT: async_load {{.*}}, %[[RK]][%{{.*}}] as
  // SM86-NEXT: }
  // SM86-NEXT: cuda_tile_codegen.async_commit
  // SM86-NEXT: for %[[J:[^ ]*]] in
  // SM86-NEXT: cuda_tile_codegen.async_wait 0
  // SM86: cuda_tile_codegen.async_load %{{.*}}[%[[J]], %{{.*}}], %[[RV]][%{{.*}}] as
  // SM86-NEXT: cuda_tile_codegen.async_commit
  // SM86-NEXT: %[[TK:.*]] = cuda_tile_codegen.ring_tile %[[RK]]
  // SM86-NEXT: mmaf %[[TQ]], %[[TK]]
  // SM86: cuda_tile_codegen.async_wait 0
  // SM86-NEXT: %[[NEXT:.*]] = addi %[[J]]
  // SM86: %[[MORE:.*]] = andi
  // SM86: cuda_tile_codegen.async_load %{{.*}}[%{{.*}}, %[[NEXT]]], %[[RK]][%{{.*}}] if %[[MORE]]
  // SM86-NEXT: cuda_tile_codegen.async_commit
  // SM86-NEXT: %[[TV:.*]] = cuda_tile_codegen.ring_tile %[[RV]]
  // SM86-NEXT: mmaf %{{.*}}, %[[TV]]
  // SM86-NOT: load_view_tko
  // SM86: }
  // SM86-NEXT: cuda_tile_codegen.async_wait 0
  entry @attention_wide(%q: tile<ptr<f16>>, %k: tile<ptr<f16>>, %v: tile<ptr<f16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q_tv = make_tensor_view %q, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %k_tv = make_tensor_view %k, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %v_tv = make_tensor_view %v, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(128x128), tensor_view<?x128xf16, strides=[128,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(128x128), tensor_view<?x128xf16, strides=[128,1]>, dim_map=[1, 0]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(128x128), tensor_view<?x128xf16, strides=[128,1]>>
    %qt, %tq = load_view_tko weak %q_pv[%c0, %c0] : partition_view<tile=(128x128), tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x128xf16>, token
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<128x128xf32>) {
      %kt, %tk = load_view_tko weak %k_pv[%c0, %j] : partition_view<tile=(128x128), tensor_view<?x128xf16, strides=[128,1]>, dim_map=[1, 0]>, tile<i32> -> tile<128x128xf16>, token
      %s = mmaf %qt, %kt, %zero : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
      %vt, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(128x128), tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x128xf16>, token
      %o2 = mmaf %p, %vt, %o : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>
      continue %o2 : tile<128x128xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<128x128xf32> -> tile<128xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}

// -----

// Left to the registers: a lhs whose memory runs along M (it would be
// copied element by element; the rhs still gets a ring), and a
// loop-invariant operand with a store between its load and the loop.
cuda_tile.module @m {
  // CHECK-LABEL: entry @lhs_along_m
  // CHECK: alloc_ring : <6, !cuda_tile.tile<32x64xf16>>
  // CHECK-NOT: alloc_ring
  // CHECK: for
  // CHECK: load_view_tko {{.*}} -> tile<64x32xf16>
  // CHECK: ring_tile
  // CHECK: mmaf
  // CHECK-LABEL: entry @store_before_loop
  // CHECK: load_view_tko
  // CHECK: store_view_tko
  // CHECK: alloc_ring : <6, !cuda_tile.tile<32x64xf16>>
  // CHECK-NOT: alloc_ring
  entry @lhs_along_m(%a: tile<ptr<f16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %at_pv = make_partition_view %tv : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>, dim_map=[1, 0]>
    %b_pv = make_partition_view %tv : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %at_pv[%c0, %j] : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%j, %c0] : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %o2 = mmaf %at, %bt, %o : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %o2 : tile<64x64xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
  entry @store_before_loop(%a: tile<ptr<f16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %a_pv = make_partition_view %tv : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %tv : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>
    %at, %t0 = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
    %ones = constant <f16: 1.0> : tile<64x32xf16>
    %st = store_view_tko weak %ones, %a_pv[%c1, %c0] : tile<64x32xf16>, partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<64x64xf32>) {
      %bt, %t1 = load_view_tko weak %b_pv[%j, %c0] : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %o2 = mmaf %at, %bt, %o : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %o2 : tile<64x64xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}

// -----

// Loads ordered by a token: one from make_token (as cuTile Python writes
// every load) orders nothing, so the loop gets its rings; one from a store
// would need the CTA's pending writes first, which a copy into a ring does
// not wait for: left to the registers.
cuda_tile.module @m {
  // CHECK-LABEL: entry @fresh_token
  // CHECK-COUNT-2: alloc_ring
  // CHECK-LABEL: entry @after_store
  // CHECK-NOT: alloc_ring
  // CHECK: for
  // CHECK-NEXT: load_view_tko
  entry @fresh_token(%a: tile<ptr<f16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t = make_token : token
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %a_pv = make_partition_view %tv : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %tv : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %j] token = %t : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%j, %c0] token = %t : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %o2 = mmaf %at, %bt, %o : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %o2 : tile<64x64xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
  entry @after_store(%a: tile<ptr<f16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %a_pv = make_partition_view %tv : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %tv : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>
    %ones = constant <f16: 1.0> : tile<64x32xf16>
    %st = store_view_tko weak %ones, %a_pv[%c0, %c0] : tile<64x32xf16>, partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> token
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %j] token = %st : partition_view<tile=(64x32), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%j, %c0] token = %st : partition_view<tile=(32x64), tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %o2 = mmaf %at, %bt, %o : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %o2 : tile<64x64xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}

// -----

// Views made in the loop body next to their loads (as cuTile Python writes
// them) from values of outside the loop: the copies of later steps make
// their own views.
cuda_tile.module @m {
  // CHECK-LABEL: entry @view_in_body
  // CHECK: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <5, !cuda_tile.tile<64x32xf16>>
  // CHECK: if
  // CHECK-NEXT: %[[PV:.*]] = make_partition_view
  // CHECK-NEXT: cuda_tile_codegen.async_load %[[PV]][{{.*}}], %[[RA]]
  // CHECK: for
  // CHECK-NOT: load_view_tko
  // CHECK: mmaf
  entry @view_in_body(%a: tile<ptr<f16>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t = make_token : token
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zero) -> (tile<64x64xf32>) {
      %a_pv = make_partition_view %tv : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
      %at, %t0 = load_view_tko weak %a_pv[%c0, %j] token = %t : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b_pv = make_partition_view %tv : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
      %bt, %t1 = load_view_tko weak %b_pv[%j, %c0] token = %t : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %o2 = mmaf %at, %bt, %o : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %o2 : tile<64x64xf32>
    }
    %r = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}

// -----

// The loads' `latency` hints set the bytes ahead, 16 KiB per unit, the
// largest counting: on sm_80, A's own hint 2 (32 KiB, two 16 KiB stages
// ahead: 3 buffers, not the default 5); on sm_86 and sm_90a, the default
// hints, 1 (one stage ahead: 2 buffers, and with wgmma in flight 3, not 6).
// num-stages overrides them (within sm_86's budget of 4).
cuda_tile.module @m {
  // CHECK-LABEL: entry @latency_hints
  // CHECK: alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
  // CHECK: alloc_ring : <3, !cuda_tile.tile<32x128xf16>>
  // CHECK-COUNT-2: cuda_tile_codegen.async_commit
  // CHECK: for
  // CHECK-NEXT: cuda_tile_codegen.async_wait 1
  // SM86-LABEL: entry @latency_hints
  // SM86: alloc_ring : <2, !cuda_tile.tile<128x32xf16>>
  // SM86: alloc_ring : <2, !cuda_tile.tile<32x128xf16>>
  // SM90A-LABEL: entry @latency_hints
  // SM90A: alloc_ring : <3, !cuda_tile.tile<128x32xf16>>
  // SM90A: alloc_ring : <3, !cuda_tile.tile<32x128xf16>>
  // SM90A: mma_wait
  // STAGES6-SM86-LABEL: entry @latency_hints
  // STAGES6-SM86: alloc_ring : <4, !cuda_tile.tile<128x32xf16>>
  entry @latency_hints(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] optimization_hints = <sm_80 = {latency = 2}, default = {latency = 1}> : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] optimization_hints = <default = {latency = 1}> : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}


// -----

// A GEMM whose K step (128x256x128 f16 tiles, cuTile's BatchMatMul sample)
// makes a stage of 96 KiB: two do not fit on sm_80 (163 KiB) or sm_86, one
// does. The single matmul has nothing to overlap its copies with: each
// step waits for its copies and the CTA, multiplies, waits again (the
// barrier: every thread has read the buffers) and copies the next step's
// operands. Before, A and B went through registers: 32 warps of 64
// registers and 3.4 KB of spills on sm_80. sm_90a holds two stages.
cuda_tile.module @m {
  // CHECK-LABEL: entry @gemm_deep_step
  // SM86-LABEL: entry @gemm_deep_step
  // SM90A-LABEL: entry @gemm_deep_step
  // SM90A: alloc_ring : <2, !cuda_tile.tile<128x128xf16>>
  entry @gemm_deep_step(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    // CHECK: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <1, !cuda_tile.tile<128x128xf16>>
    // CHECK-NEXT: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <1, !cuda_tile.tile<128x256xf16>>
    // CHECK: %[[RUNS:.*]] = cmpi less_than
    // CHECK-NEXT: if %[[RUNS]] {
    // CHECK-NEXT: async_load {{.*}}, %[[RA]][%{{.*}}] as
    // CHECK-NEXT: async_load {{.*}}, %[[RB]][%{{.*}}] as
    // CHECK-NEXT: }
    // CHECK-NEXT: cuda_tile_codegen.async_commit
    // CHECK-NEXT: for %[[J:[^ ]*]] in
    // CHECK-NEXT: cuda_tile_codegen.async_wait 0
    // CHECK-NEXT: %[[TA:.*]] = cuda_tile_codegen.ring_tile %[[RA]]
    // CHECK-NEXT: %[[TB:.*]] = cuda_tile_codegen.ring_tile %[[RB]]
    // CHECK-NEXT: mmaf %[[TA]], %[[TB]]
    // CHECK-NEXT: cuda_tile_codegen.async_wait 0
    // CHECK-NEXT: %[[NEXT:.*]] = addi %[[J]]
    // CHECK: %[[MORE:.*]] = andi
    // CHECK: cuda_tile_codegen.async_load %{{.*}}[%{{.*}}, %[[NEXT]]], %[[RA]][%{{.*}}] if %[[MORE]]
    // CHECK: cuda_tile_codegen.async_load %{{.*}}[%[[NEXT]], %{{.*}}], %[[RB]][%{{.*}}] if %[[MORE]]
    // CHECK-NEXT: cuda_tile_codegen.async_commit
    // CHECK-NOT: load_view_tko
    // CHECK: }
    // CHECK-NEXT: cuda_tile_codegen.async_wait 0
    // SM86: alloc_ring : <1, !cuda_tile.tile<128x128xf16>>
    // SM86: alloc_ring : <1, !cuda_tile.tile<128x256xf16>>
    %r = for %i in (%c0 to %k, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %i] : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x128xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%i, %c0] : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x256xf16>, token
      %m = mmaf %at, %bt, %acc : tile<128x128xf16>, tile<128x256xf16>, tile<128x256xf32>
      continue %m : tile<128x256xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %s = store_view_tko weak %r, %c_pv[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The same K step written as cuTile's BatchMatMul sample writes it: rank-3
// views whose tiles are reshaped into the matmul's operands, and a loop to
// cdiv(K, 128) of a K that is not negative, so that twice its bound stays
// under 2^31. Its steps split in two: stages of 48 KiB (128x64 and 64x256
// tiles of views as much shallower), two of them on sm_80 and on sm_86
// (there in the scratch's room), the copies first so that they overlap
// the matmul. sm_90a, whose two stages of 96 KiB fit, keeps the step.
cuda_tile.module @m {
  // CHECK-LABEL: entry @gemm_deep_step_split
  // SM86-LABEL: entry @gemm_deep_step_split
  // SM90A-LABEL: entry @gemm_deep_step_split
  // SM90A: alloc_ring : <2, !cuda_tile.tile<128x128xf16>>
  // SM90A-NEXT: alloc_ring : <2, !cuda_tile.tile<128x256xf16>>
  entry @gemm_deep_step_split(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %kk = assume bounded<0, ?>, %k : tile<i32>
    %steps = divi %kk, %c128 signed rounding<positive_inf> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k, %k], strides = [%k, %k, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    // CHECK: %[[AV:.*]] = make_partition_view %{{.*}} : partition_view<tile=(1x128x64), padding_value = zero
    %a_pv = make_partition_view %a_tv : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k, %k], strides = [%k, %k, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    // CHECK: %[[BV:.*]] = make_partition_view %{{.*}} : partition_view<tile=(1x64x256), padding_value = zero
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1x128x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    // CHECK: %[[TWO:.*]] = constant <i32: 2>
    // CHECK-NEXT: %[[LB:.*]] = muli %{{.*}}, %[[TWO]]
    // CHECK-NEXT: %[[UB:.*]] = muli %{{.*}}, %[[TWO]]
    // CHECK: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<128x64xf16>>
    // CHECK-NEXT: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<64x256xf16>>
    // CHECK: async_load %[[AV]][%{{.*}}, %{{.*}}, %[[LB]]], %[[RA]]
    // CHECK-NEXT: async_load %[[BV]][%{{.*}}, %[[LB]], %{{.*}}], %[[RB]]
    // CHECK: for %[[J:[^ ]*]] in (%[[LB]] to %[[UB]], step
    // CHECK-NEXT: cuda_tile_codegen.async_wait 0
    // CHECK-NOT: mmaf
    // CHECK: %[[NEXT:.*]] = addi %[[J]]
    // CHECK-NOT: mmaf
    // CHECK: cuda_tile_codegen.async_load %[[AV]][%{{.*}}, %{{.*}}, %[[NEXT]]], %[[RA]][%{{.*}}] if
    // CHECK-NEXT: cuda_tile_codegen.async_load %[[BV]][%{{.*}}, %[[NEXT]], %{{.*}}], %[[RB]][%{{.*}}] if
    // CHECK-NEXT: cuda_tile_codegen.async_commit
    // CHECK-NEXT: %[[TA:.*]] = cuda_tile_codegen.ring_tile %[[RA]]{{.*}} -> !cuda_tile.tile<128x64xf16>
    // CHECK-NEXT: %[[TB:.*]] = cuda_tile_codegen.ring_tile %[[RB]]{{.*}} -> !cuda_tile.tile<64x256xf16>
    // CHECK-NEXT: mmaf %[[TA]], %[[TB]], %{{.*}} : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
    // CHECK-NOT: load_view_tko
    // CHECK-NOT: reshape
    // CHECK: }
    // CHECK-NEXT: cuda_tile_codegen.async_wait 0
    // SM86: alloc_ring : <2, !cuda_tile.tile<128x64xf16>>
    // SM86: alloc_ring : <2, !cuda_tile.tile<64x256xf16>>
    %r = for %i in (%c0 to %steps, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128x256xf32>) {
      %at3, %t0 = load_view_tko weak %a_pv[%c0, %c0, %i] : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x128xf16>, token
      %at = reshape %at3 : tile<1x128x128xf16> -> tile<128x128xf16>
      %bt3, %t1 = load_view_tko weak %b_pv[%c0, %i, %c0] : partition_view<tile=(1x128x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x256xf16>, token
      %bt = reshape %bt3 : tile<1x128x256xf16> -> tile<128x256xf16>
      %m = mmaf %at, %bt, %acc : tile<128x128xf16>, tile<128x256xf16>, tile<128x256xf32>
      continue %m : tile<128x256xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %s = store_view_tko weak %r, %c_pv[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The same step whose A goes through a 128x128x1 reshape: a shape that is
// not the operand's after unit dimensions, where the split could not tell
// K. It keeps one buffer.
cuda_tile.module @m {
  // CHECK-LABEL: entry @gemm_deep_step_odd_reshape
  // CHECK: alloc_ring : <1, !cuda_tile.tile<128x128xf16>>
  // CHECK-NEXT: alloc_ring : <1, !cuda_tile.tile<128x256xf16>>
  // CHECK-NOT: muli
  // CHECK: return
  entry @gemm_deep_step_odd_reshape(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %kk = assume bounded<0, ?>, %k : tile<i32>
    %steps = divi %kk, %c128 signed rounding<positive_inf> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k, %k], strides = [%k, %k, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k, %k], strides = [%k, %k, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1x128x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %i in (%c0 to %steps, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128x256xf32>) {
      %at3, %t0 = load_view_tko weak %a_pv[%c0, %c0, %i] : partition_view<tile=(1x128x128), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x128xf16>, token
      %atm = reshape %at3 : tile<1x128x128xf16> -> tile<128x128x1xf16>
      %at = reshape %atm : tile<128x128x1xf16> -> tile<128x128xf16>
      %bt3, %t1 = load_view_tko weak %b_pv[%c0, %i, %c0] : partition_view<tile=(1x128x256), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x256xf16>, token
      %bt = reshape %bt3 : tile<1x128x256xf16> -> tile<128x256xf16>
      %m = mmaf %at, %bt, %acc : tile<128x128xf16>, tile<128x256xf16>, tile<128x256xf32>
      continue %m : tile<128x256xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %s = store_view_tko weak %r, %c_pv[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A K step of 256 (128x256 and 256x256 f16 tiles, 192 KiB) halved would
// still be too deep for two stages (96 KiB each) on sm_80: it splits in
// four, from 1 * 4 to 4 times the view's tile count along K (a partition
// view's tile count, at most ceil(2^31 / 256), bounds it), each step a
// quarter of its tiles. sm_90a halves it (two stages of 96 KiB).
cuda_tile.module @m {
  // CHECK-LABEL: entry @gemm_deeper_step
  // CHECK: %[[AV:.*]] = make_partition_view %{{.*}} : partition_view<tile=(128x64), padding_value = zero
  // CHECK: %[[BV:.*]] = make_partition_view %{{.*}} : partition_view<tile=(64x256), padding_value = zero
  // CHECK: %[[COUNTS:.*]]:2 = get_index_space_shape
  // CHECK: %[[FOUR:.*]] = constant <i32: 4>
  // CHECK-NEXT: %[[LB:.*]] = muli %{{.*}}, %[[FOUR]]
  // CHECK-NEXT: %[[UB:.*]] = muli %[[COUNTS]]#1, %[[FOUR]]
  // CHECK-NEXT: %[[RA:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<128x64xf16>>
  // CHECK-NEXT: %[[RB:.*]] = cuda_tile_codegen.alloc_ring : <2, !cuda_tile.tile<64x256xf16>>
  // CHECK: async_load %[[AV]][%{{.*}}, %[[LB]]], %[[RA]]
  // CHECK: for %{{.*}} in (%[[LB]] to %[[UB]], step
  // CHECK: mmaf {{.*}} : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
  // SM90A-LABEL: entry @gemm_deeper_step
  // SM90A: alloc_ring : <2, !cuda_tile.tile<128x128xf16>>
  // SM90A-NEXT: alloc_ring : <2, !cuda_tile.tile<128x256xf16>>
  entry @gemm_deeper_step(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %i in (%c1 to %tiles_k, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %i] : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x256xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%i, %c0] : partition_view<tile=(256x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<256x256xf16>, token
      %m = mmaf %at, %bt, %acc : tile<128x256xf16>, tile<256x256xf16>, tile<128x256xf32>
      continue %m : tile<128x256xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %s = store_view_tko weak %r, %c_pv[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 128x256x32 GEMM runs 8 warps whose accumulators leave the registers of
// one CTA an SM whatever its rings hold: on sm_80 two buffers of pairs (96
// KiB) cost no CTA that three single steps (72 KiB) would keep, so the
// steps pair there; on sm_86 two pairs exceed the budget: single steps.
// Three buffers of pairs, asked for, take the scratch's room (144 KiB).
cuda_tile.module @m {
  // SM80PAIRED3-LABEL: entry @wide_gemm_k32
  // SM80PAIRED3: alloc_ring : <3, !cuda_tile.tile<128x64xf16>>
  // SM80PAIRED3: alloc_ring : <3, !cuda_tile.tile<64x256xf16>>
  // SM80PAIRED3: for
  // SM80PAIRED3-NEXT: cuda_tile_codegen.async_wait 1
  // SM80PAIRED-LABEL: entry @wide_gemm_k32
  // SM80PAIRED: alloc_ring : <2, !cuda_tile.tile<128x64xf16>>
  // SM80PAIRED: alloc_ring : <2, !cuda_tile.tile<64x256xf16>>
  // SM80PAIRED: for
  // SM80PAIRED-NEXT: cuda_tile_codegen.async_wait 0
  // SM80PAIRED-NOT: mmaf
  // SM80PAIRED: cuda_tile_codegen.async_commit
  // SM80PAIRED-NEXT: cuda_tile_codegen.ring_tile
  // SM80PAIRED-NEXT: cuda_tile_codegen.ring_tile
  // SM80PAIRED-NEXT: mmaf {{.*}} : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
  // SM86-LABEL: entry @wide_gemm_k32
  // SM86: alloc_ring : <2, !cuda_tile.tile<128x32xf16>>
  // SM86: alloc_ring : <2, !cuda_tile.tile<32x256xf16>>
  // Two buffers: the refill (into the buffer the wait has just freed) goes
  // before the matmul, or nothing would overlap it.
  // SM86: for
  // SM86-NEXT: cuda_tile_codegen.async_wait 0
  // SM86-NOT: mmaf
  // SM86: cuda_tile_codegen.async_load {{.*}} if
  // SM86-NEXT: cuda_tile_codegen.async_load {{.*}} if
  // SM86-NEXT: cuda_tile_codegen.async_commit
  // SM86-NEXT: cuda_tile_codegen.ring_tile
  // SM86-NEXT: cuda_tile_codegen.ring_tile
  // SM86-NEXT: mmaf
  entry @wide_gemm_k32(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %i in (%c0 to %k, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %i] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%i, %c0] : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x256xf16>, token
      %m = mmaf %at, %bt, %acc : tile<128x32xf16>, tile<32x256xf16>, tile<128x256xf32>
      continue %m : tile<128x256xf32>
    }
    %c_tv = make_tensor_view %c, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>
    %s = store_view_tko weak %r, %c_pv[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
