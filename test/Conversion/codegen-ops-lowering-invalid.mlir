// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics -convert-cudatile-to-nvvm

// Lowering: rings larger than a CTA's shared memory, rings and static
// shared memory that together are, and ring operands of a matmul the
// tensor-core path does not take or reads without ldmatrix.
cuda_tile.module @m {
  // expected-error @+1 {{the kernel's rings of operand buffers need 262144 bytes of shared memory, more than the 166912 bytes a CTA can use on sm_80}}
  entry @too_big(%p: tile<ptr<f16>>) {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<8, !cuda_tile.tile<128x128xf16>>
    %s = constant <i32: 0> : tile<i32>
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<8, !cuda_tile.tile<128x128xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x128xf16>
    %b = constant <f16: 1.0> : tile<128x16xf16>
    %c = constant <f32: 0.0> : tile<128x16xf32>
    %m = mmaf %t, %b, %c : tile<128x128xf16>, tile<128x16xf16>, tile<128x16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{kernel needs 8192 bytes of static and 163840 bytes of dynamic shared memory, more than the 166912 bytes a CTA can use on sm_80}}
  entry @rings_and_alloca(%p: tile<ptr<f16>>) {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<5, !cuda_tile.tile<128x128xf16>>
    %a = alloca num_elem = 2048, alignment = 16 : tile<ptr<f32>>
    %s = constant <i32: 0> : tile<i32>
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<5, !cuda_tile.tile<128x128xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<128x128xf16>
    %b = constant <f16: 1.0> : tile<128x16xf16>
    %c = constant <f32: 0.0> : tile<128x16xf32>
    %m = mmaf %t, %b, %c : tile<128x128xf16>, tile<128x16xf16>, tile<128x16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @scalar_path(%p: tile<ptr<f32>>) {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>
    %s = constant <i32: 0> : tile<i32>
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xf32>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+1 {{matmul operands in rings need the tensor-core path: no mma.sync instruction takes f32 x f32 into f32}}
    %m = mmaf %t, %t, %c : tile<16x16xf32>, tile<16x16xf32>, tile<16x16xf32>
    %e = reshape %m : tile<16x16xf32> -> tile<256xf32>
    %l = iota : tile<256xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %pp = offset %pb, %l : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st = store_ptr_tko weak %pp, %e : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @not_16_bit(%p: tile<ptr<i32>>) {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x16xi8>>
    %s = constant <i32: 0> : tile<i32>
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x16xi8>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x16xi8>
    %a = constant <i8: 1> : tile<16x32xi8>
    %c = constant <i32: 0> : tile<16x16xi32>
    // 8-bit B read from rows of N: ldmatrix cannot transpose 8-bit values.
    // expected-error @+1 {{matmul operands in rings must be 16-bit or tf32 values, or 8-bit ones with B in a transposed ring}}
    %m = mmai %a, %t, %c signed signed : tile<16x32xi8>, tile<32x16xi8>, tile<16x16xi32>
    %e = reshape %m : tile<16x16xi32> -> tile<256xi32>
    %l = iota : tile<256xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %pp = offset %pb, %l : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %st = store_ptr_tko weak %pp, %e : tile<256xptr<i32>>, tile<256xi32> -> token
    return
  }
}

// -----

// A view tile with the ring's element count whose dimensions do not hold
// the ring's rows (32x32 into rows of 64).
cuda_tile.module @m {
  entry @rows_do_not_fit(%p: tile<ptr<f16>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x64xf16>>
    %s = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{the view tile cannot fill the ring: no dimension of it is the ring's rows}}
    cuda_tile_codegen.async_load %pv[%s, %s], %r[%s] as !cuda_tile.tile<32x32xf16> : !cuda_tile.partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x64xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    cuda_tile_codegen.async_commit
    return
  }
}

// -----

// Only a rhs may come from a transposed ring (rows of K); a lhs is read as
// rows of K from a plain one.
cuda_tile.module @m {
  entry @transposed_lhs(%p: tile<ptr<f32>>) {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>, transposed>
    %s = constant <i32: 0> : tile<i32>
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<16x16xf16>, transposed>, !cuda_tile.tile<i32> -> !cuda_tile.tile<16x16xf16>
    %b = constant <f16: 1.0> : tile<16x16xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+1 {{the lhs of a matmul cannot be read from a transposed ring}}
    %m = mmaf %t, %b, %c : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    %e = reshape %m : tile<16x16xf32> -> tile<256xf32>
    %l = iota : tile<256xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %pp = offset %pb, %l : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st = store_ptr_tko weak %pp, %e : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
}

// -----

// B in a ring of 160 KiB leaves 3 KiB of scratch on sm_80, too little to
// stage a k16 step of a 128-row lhs; the plan without staging it holds only
// for an lhs in the registers of the matmul that computed it, and this one
// is a constant.
cuda_tile.module @m {
  entry @lhs_unstageable(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %r = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<5, !cuda_tile.tile<64x256xf16>>
    %s = constant <i32: 0> : tile<i32>
    %t = cuda_tile_codegen.ring_tile %r[%s] : !cuda_tile_codegen.ring<5, !cuda_tile.tile<64x256xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<64x256xf16>
    %a = constant <f16: 1.0> : tile<128x64xf16>
    %c = constant <f32: 0.0> : tile<128x256xf32>
    // expected-error @+1 {{matmul operands in rings need the tensor-core path: one K step of the operands does not fit the shared scratch buffer}}
    %m = mmaf %a, %t, %c : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
    %tv = make_tensor_view %p, shape = [%n, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf32, strides=[256,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x256), tensor_view<?x256xf32, strides=[256,1]>>
    %done = store_view_tko weak %m, %pv[%s, %s] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<?x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
