// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics

// The verifiers of the code generator's ring ops (CodegenOps.td).

cuda_tile.module @m {
  entry @no_buffers() {
    // expected-error @+1 {{a ring has at least one buffer, not 0}}
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<0, !cuda_tile.tile<16x16xf16>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @vector_ring() {
    // expected-error @+1 {{a ring buffer holds a tile of rank 2 or more}}
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<256xf16>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @narrow_rows() {
    // expected-error @+1 {{rows (the innermost dimension) are 16 bytes or more}}
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x4xf16>>
    return
  }
}

// -----

// A transposed ring's rows run along the second-to-last dimension.
cuda_tile.module @m {
  entry @narrow_transposed_rows() {
    // expected-error @+1 {{rows (the second-to-last dimension) are 16 bytes or more}}
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<4x64xf16>, transposed>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @bad_flag() {
    // expected-error @+1 {{expected 'transposed'}}
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x64xf16>, flipped>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @wrong_tile() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{result must be the ring's tile type}}
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xbf16>
    return
  }
}

// -----

// A part of the buffer, along the dimension a matmul's K runs: the rhs's
// K is its first dimension, not its last.
cuda_tile.module @m {
  entry @part_along_n(%acc: tile<ptr<f32>>) {
    %ra = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x32xf16>>
    %rb = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x32xf16>>
    %s = constant <i32: 0> : tile<i32>
    %a = cuda_tile_codegen.ring_tile %ra[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x32xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xf16>
    // expected-error @+1 {{reads part of its buffer along another dimension than the matmul's K}}
    %b = cuda_tile_codegen.ring_tile %rb[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x32xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x16xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x16xf16>, tile<32x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @part_larger() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x32xf16>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{result must be the ring's tile type '!cuda_tile.tile<16x32xf16>' or its first part along K}}
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x32xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x64xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @rounding_not_from_f32() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{with a rounding mode reads a ring of f32 tiles as the tf32 tile of their shape}}
    %t = cuda_tile_codegen.ring_tile %r[%s] rounding <nearest_even> : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xtf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @rounding_not_to_tf32() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{with a rounding mode reads a ring of f32 tiles as the tf32 tile of their shape}}
    %t = cuda_tile_codegen.ring_tile %r[%s] rounding <zero> : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @rounding_ftof_refuses() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{rounds f32 to tf32 as ftof may: not positive_inf}}
    %t = cuda_tile_codegen.ring_tile %r[%s] rounding <positive_inf> : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xtf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @not_a_matmul() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{is only read as the lhs or rhs of an mmaf or mmai}}
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xf16>
    %u = addf %t, %t : tile<16x16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @bad_slot() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>
    %s = constant <i64: 0> : tile<i64>
    // expected-error @+1 {{slot must be a tile<i32>}}
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>, !cuda_tile.tile<i64> -> !cuda_tile.tile<16x16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @load_mismatch(%p: tile<ptr<f16>>, %k: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x32), tensor_view<?x?xf16, strides=[?,1]>>
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{loads a tile of the ring's element type and element count}}
    cuda_tile_codegen.async_load %pv[%s, %s], %r[%s] as !cuda_tile.tile<16x32xf16> : !cuda_tile.partition_view<tile=(16x32), tensor_view<?x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    return
  }
}


// -----

cuda_tile.module @m {
  entry @mma_wait_changes_type() {
    %c = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+1 {{all of {tile, result} have same type}}
    %w = "cuda_tile_codegen.mma_wait"(%c) : (!cuda_tile.tile<16x16xf32>) -> !cuda_tile.tile<16x16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @zero_mbarriers() {
    // expected-error @+1 {{there is at least one mbarrier, not 0}}
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<0>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @barriers_of_another_ring(%pv: !cuda_tile.partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<3, !cuda_tile.tile<64x16xf16>>
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{needs a barrier for every buffer of the ring}}
    cuda_tile_codegen.async_load %pv[%c0, %c0], %ring[%c0] on %bars as !cuda_tile.tile<64x16xf16> : !cuda_tile.partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, !cuda_tile_codegen.ring<3, !cuda_tile.tile<64x16xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>), !cuda_tile_codegen.mbarriers<2>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @wait_without_parity() {
    %c0 = constant <i32: 0> : tile<i32>
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{barriers need a slot and a parity}}
    "cuda_tile_codegen.async_wait"(%bars, %c0) {pending = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0>} : (!cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>) -> ()
    return
  }
}

// -----

cuda_tile.module @m {
  entry @commit_slot_without_barriers() {
    %c0 = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{takes a slot and parity only with barriers}}
    "cuda_tile_codegen.async_commit"(%c0) {operandSegmentSizes = array<i32: 0, 1>} : (!cuda_tile.tile<i32>) -> ()
    return
  }
}

// -----

cuda_tile.module @m {
  entry @parity_of_another_type() {
    %c0 = constant <i32: 0> : tile<i32>
    %p = constant <i64: 0> : tile<i64>
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{parity must be a tile<i32>, not '!cuda_tile.tile<i64>'}}
    cuda_tile_codegen.async_wait 0 on %bars[%c0] parity %p : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>
    return
  }
}

// -----

// `released` leaves out the CTA barrier only where barriers say when the
// copies landed.
cuda_tile.module @m {
  entry @released_without_barriers() {
    // expected-error @+1 {{is released only with barriers}}
    cuda_tile_codegen.async_wait 0 {released}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @predicate_not_i1(%p: tile<ptr<f16>>) {
    %tv = make_tensor_view %p, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf16, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x16xf16>>
    // expected-error @+1 {{predicate must be a tile<i1>, not '!cuda_tile.tile<i32>'}}
    cuda_tile_codegen.async_load %pv[%c0, %c0], %ring[%c0] if %c0 : !cuda_tile.tile<i32> as !cuda_tile.tile<64x16xf16> : !cuda_tile.partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x16xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    return
  }
}

// -----

// Per-warp barriers count warps releasing buffers; the copies' stages count
// one arrival (the commit's): neither takes the other's.
cuda_tile.module @m {
  entry @release_on_stage_barriers() {
    %c0 = constant <i32: 0> : tile<i32>
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{needs per_warp barriers}}
    cuda_tile_codegen.ring_release on %bars[%c0] : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @acquire_on_stage_barriers() {
    %c0 = constant <i32: 0> : tile<i32>
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{needs per_warp barriers}}
    cuda_tile_codegen.ring_acquire %bars[%c0] parity %c0 : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @commit_on_per_warp_barriers() {
    %c0 = constant <i32: 0> : tile<i32>
    %freed = cuda_tile_codegen.alloc_mbarriers per_warp : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{needs barriers without per_warp}}
    cuda_tile_codegen.async_commit on %freed[%c0] : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @load_on_per_warp_barriers(%pv: !cuda_tile.partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x16xf16>>
    %freed = cuda_tile_codegen.alloc_mbarriers per_warp : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{needs barriers without per_warp}}
    cuda_tile_codegen.async_load %pv[%c0, %c0], %ring[%c0] on %freed as !cuda_tile.tile<64x16xf16> : !cuda_tile.partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x16xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>), !cuda_tile_codegen.mbarriers<2>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @release_predicate_without_barriers(%p: tile<i1>) {
    // expected-error @+1 {{takes a predicate only with barriers}}
    cuda_tile_codegen.ring_release if %p : !cuda_tile.tile<i1>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @release_predicate_not_i1(%p: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %freed = cuda_tile_codegen.alloc_mbarriers per_warp : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{predicate must be a tile<i1>, not '!cuda_tile.tile<i32>'}}
    cuda_tile_codegen.ring_release on %freed[%c0] : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32> if %p : !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @acquire_parity_of_another_type() {
    %c0 = constant <i32: 0> : tile<i32>
    %p = constant <i64: 0> : tile<i64>
    %freed = cuda_tile_codegen.alloc_mbarriers per_warp : !cuda_tile_codegen.mbarriers<2>
    // expected-error @+1 {{parity must be a tile<i32>, not '!cuda_tile.tile<i64>'}}
    cuda_tile_codegen.ring_acquire %freed[%c0] parity %p : !cuda_tile_codegen.mbarriers<2>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @round_not_f32() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{rounds rings of f32 tiles, not '!cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>'}}
    cuda_tile_codegen.ring_round %r[%s] rounding [#cuda_tile.rounding<nearest_even>] : !cuda_tile.tile<i32>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @round_modes_per_ring() {
    %a = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %b = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{needs one rounding mode per ring, not 1 for 2}}
    cuda_tile_codegen.ring_round %a, %b[%s] rounding [#cuda_tile.rounding<nearest_even>] : !cuda_tile.tile<i32>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @round_no_ring() {
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{needs at least one ring}}
    cuda_tile_codegen.ring_round [%s] rounding [] : !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @round_ftof_refuses() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{rounds f32 to tf32 as ftof may: not positive_inf}}
    cuda_tile_codegen.ring_round %r[%s] rounding [#cuda_tile.rounding<positive_inf>] : !cuda_tile.tile<i32>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @round_slot_not_i32() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %s = constant <i64: 0> : tile<i64>
    // expected-error @+1 {{slot must be a tile<i32>, not '!cuda_tile.tile<i64>'}}
    cuda_tile_codegen.ring_round %r[%s] rounding [#cuda_tile.rounding<zero>] : !cuda_tile.tile<i64>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    return
  }
}

// -----

// Read without rounding, a ring of f32 gives the tf32 tile of its shape
// (rounded in place before), not another element type or a part of it.
cuda_tile.module @m {
  entry @f32_ring_as_f16() {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{result must be the ring's tile type '!cuda_tile.tile<16x16xf32>' or its first part along K}}
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xf16>
    return
  }
}
