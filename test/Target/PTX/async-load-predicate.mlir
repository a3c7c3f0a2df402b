// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 -split-input-file %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 -split-input-file %s | FileCheck %s --check-prefix=TMA

// An async_load with a predicate (a pipelined loop's refill past the last
// step copies nothing): each 16-byte cp.async gets source size 0 where the
// predicate is false (the buffer is zero-filled, nothing is read). Its source
// address is the run's own, inside the view or not: with size 0 no byte of
// it is read. The copies of a thread share one shared-memory address
// register (immediate offsets) and, the rows being inside (128 of 128), one
// source size.
// CHECK-LABEL: .entry refill(
// CHECK: ld.param.b64 [[BASE:%rd[0-9]+]], [refill_param_0];
// CHECK: ld.param.b8 [[RUNS:%rs[0-9]+]], [refill_param_2];
// CHECK: setp.ne.b16 [[ON:%p[0-9]+]], [[RUNS]], 0;
// CHECK-NOT: selp.b64
// CHECK: add.s64 [[SRC:%rd[0-9]+]], %rd{{[0-9]+}}, [[BASE]];
// CHECK: selp.b32 [[WHERE_ON:%r[0-9]+]], %r{{[0-9]+}}, 0, [[ON]];
// CHECK: selp.b32 [[BYTES:%r[0-9]+]], [[WHERE_ON]], 0, %p{{[0-9]+}};
// CHECK: cp.async.cg.shared.global {{\[}}[[DST:%r[0-9]+]]], {{\[}}[[SRC]]], 16, [[BYTES]];
// CHECK-NOT: selp
// CHECK: cp.async.cg.shared.global {{\[}}[[DST]]+2048], [%rd{{[0-9]+}}], 16, [[BYTES]];
cuda_tile.module @m {
  entry @refill(%a: tile<ptr<f16>>, %k: tile<i32>, %runs: tile<i1>) {
    %as = assume div_by<16>, %a : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %as, shape = [128, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<128x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>
    cuda_tile_codegen.async_load %pv[%c0, %c0], %ring[%c0] if %runs : !cuda_tile.tile<i1> as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    cuda_tile_codegen.async_commit
    cuda_tile_codegen.async_wait 0
    return
  }
}

// -----

// Rows past the view's end (M dynamic): the predicate and the check along
// the contiguous dimension (the same for all of a thread's runs) give one
// source size; each run then costs one comparison of its row with the rows
// left and one select.
// CHECK-LABEL: .entry refill_rows(
// CHECK: ld.param.b8 [[RUNS:%rs[0-9]+]], [refill_rows_param_4];
// CHECK: setp.ne.b16 [[ON:%p[0-9]+]], [[RUNS]], 0;
// CHECK: and.pred [[SHARED:%p[0-9]+]], [[ON]], %p{{[0-9]+}};
// CHECK: selp.b32 [[WHERE_ON:%r[0-9]+]], %r{{[0-9]+}}, 0, [[SHARED]];
// CHECK: selp.b32 [[BYTES0:%r[0-9]+]], [[WHERE_ON]], 0, %p{{[0-9]+}};
// CHECK: cp.async.cg.shared.global {{\[}}[[DST:%r[0-9]+]]], [%rd{{[0-9]+}}], 16, [[BYTES0]];
// CHECK-COUNT-3: setp.gt.u64 [[ROW:%p[0-9]+]], [[LEFT:%rd[0-9]+]], %rd{{[0-9]+}};
// CHECK-NOT: and.pred
// CHECK: selp.b32 [[BYTES3:%r[0-9]+]], [[WHERE_ON]], 0, [[ROW]];
// CHECK: cp.async.cg.shared.global {{\[}}[[DST]]+6144], [%rd{{[0-9]+}}], 16, [[BYTES3]];
cuda_tile.module @m {
  entry @refill_rows(%a: tile<ptr<f16>>, %m: tile<i32>, %k: tile<i32>, %kk: tile<i32>, %runs: tile<i1>) {
    %as = assume div_by<16>, %a : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %as, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>
    cuda_tile_codegen.async_load %pv[%c1, %kk], %ring[%c1] if %runs : !cuda_tile.tile<i1> as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    cuda_tile_codegen.async_commit
    cuda_tile_codegen.async_wait 0
    return
  }
}

// -----

// A tile index before the view's start (-1): the origin, -128 rows, compares
// unsigned, so it lies past any size, no rows are left and no run reads.
// CHECK-LABEL: .entry refill_before(
// CHECK: setp.gt.u64 [[SOME_LEFT:%p[0-9]+]], %rd{{[0-9]+}}, -129;
// CHECK: selp.b64 [[LEFT:%rd[0-9]+]], %rd{{[0-9]+}}, 0, [[SOME_LEFT]];
// CHECK: setp.gt.u64 [[ROW0:%p[0-9]+]], [[LEFT]], %rd{{[0-9]+}};
// CHECK: selp.b32 [[BYTES0:%r[0-9]+]], %r{{[0-9]+}}, 0, [[ROW0]];
// CHECK: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, [[BYTES0]];
cuda_tile.module @m {
  entry @refill_before(%a: tile<ptr<f16>>, %m: tile<i32>, %k: tile<i32>, %kk: tile<i32>, %runs: tile<i1>) {
    %as = assume div_by<16>, %a : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %before = constant <i32: -1> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %as, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>
    cuda_tile_codegen.async_load %pv[%before, %kk], %ring[%c0] if %runs : !cuda_tile.tile<i1> as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    cuda_tile_codegen.async_commit
    cuda_tile_codegen.async_wait 0
    return
  }
}

// -----

// Element copies (a base aligned to 2 bytes only): the global load happens
// only where the predicate holds and the element is inside the view, else
// the buffer gets the padding value.
// CHECK-LABEL: .entry refill_elements(
// CHECK: ld.param.b8 [[RUNS:%rs[0-9]+]], [refill_elements_param_2];
// CHECK: setp.ne.b16 [[ON:%p[0-9]+]], [[RUNS]], 0;
// CHECK: and.pred [[LOAD:%p[0-9]+]], [[ON]], %p{{[0-9]+}};
// CHECK: not.pred [[SKIP:%p[0-9]+]], [[LOAD]];
// CHECK: @[[SKIP]] bra [[AFTER:\$L__BB[0-9_]+]];
// CHECK-NOT: {{^}}$L__BB
// CHECK: ld.global.b16
// CHECK-NEXT: [[AFTER]]:
cuda_tile.module @m {
  entry @refill_elements(%a: tile<ptr<f16>>, %k: tile<i32>, %runs: tile<i1>) {
    %as = assume div_by<2>, %a : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %as, shape = [128, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<128x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>
    cuda_tile_codegen.async_load %pv[%c0, %c0], %ring[%c0] if %runs : !cuda_tile.tile<i1> as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    cuda_tile_codegen.async_commit
    cuda_tile_codegen.async_wait 0
    return
  }
}

// -----

// With the stage's barriers (sm_90: TMA), thread 0 starts the copy only
// where the predicate holds; the commit arrives on the barrier either way
// (and, with TMA alone filling the rings, closes no cp.async group).
// TMA-LABEL: .entry refill_tma(
// TMA: ld.param.b8 [[RUNS:%rs[0-9]+]], [refill_tma_param_2];
// TMA: setp.ne.b32 [[NOT0:%p[0-9]+]], %r{{[0-9]+}}, 0;
// TMA: setp.eq.b16 [[OFF:%p[0-9]+]], [[RUNS]], 0;
// TMA: or.pred [[SKIP:%p[0-9]+]], [[NOT0]], [[OFF]];
// TMA-NEXT: @[[SKIP]] bra
// TMA: mbarrier.expect_tx
// TMA: cp.async.bulk.tensor.2d
// TMA-NOT: cp.async.commit_group
// TMA: @[[NOT0]] bra
// TMA: mbarrier.arrive.shared::cta.b64
cuda_tile.module @m {
  entry @refill_tma(%a: tile<ptr<f16>>, %k: tile<i32>, %runs: tile<i1>) {
    %as = assume div_by<16>, %a : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %as, shape = [128, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<128x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<2>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>
    cuda_tile_codegen.async_load %pv[%c0, %c0], %ring[%c0] on %bars if %runs : !cuda_tile.tile<i1> as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>), !cuda_tile_codegen.mbarriers<2>
    cuda_tile_codegen.async_commit on %bars[%c0] : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>
    cuda_tile_codegen.async_wait 0 on %bars[%c0] parity %c0 : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>
    return
  }
}
