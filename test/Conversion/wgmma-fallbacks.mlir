// RUN: %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm="gpu-name=sm_90a remarks=passed" -o /dev/null 2>&1 | FileCheck %s

// Matmuls reading rings on sm_90a that wgmma cannot take keep mma.sync, and
// the remark says why.

// tf32 operands (wgmma takes them K-major and truncates them; this code
// generator's wgmma path does not):
// CHECK: not wgmma: the wgmma path takes f16, bf16, fp8 and 8-bit integer operands
cuda_tile.module @m {
  entry @tf32_operands(%p: tile<ptr<f32>>) {
    %ra = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x32xtf32>>
    %rb = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x64xtf32>, transposed>
    %s = constant <i32: 0> : tile<i32>
    %ta = cuda_tile_codegen.ring_tile %ra[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x32xtf32>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<64x32xtf32>
    %tb = cuda_tile_codegen.ring_tile %rb[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x64xtf32>, transposed>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x64xtf32>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %ta, %tb, %c : tile<64x32xtf32>, tile<32x64xtf32>, tile<64x64xf32>
    %e = reshape %r : tile<64x64xf32> -> tile<4096xf32>
    %l = iota : tile<4096xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %pp = offset %pb, %l : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %st = store_ptr_tko weak %pp, %e : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
}

// -----

// 32 rows: less than a warpgroup's 64.
// CHECK: not wgmma: M is not a multiple of 64 (warpgroups of 64 rows)
cuda_tile.module @m {
  entry @rows_32(%p: tile<ptr<f32>>) {
    %ra = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x32xf16>>
    %rb = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x128xf16>>
    %s = constant <i32: 0> : tile<i32>
    %ta = cuda_tile_codegen.ring_tile %ra[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x32xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x32xf16>
    %tb = cuda_tile_codegen.ring_tile %rb[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x128xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x128xf16>
    %c = constant <f32: 0.0> : tile<32x128xf32>
    %r = mmaf %ta, %tb, %c : tile<32x32xf16>, tile<32x128xf16>, tile<32x128xf32>
    %e = reshape %r : tile<32x128xf32> -> tile<4096xf32>
    %l = iota : tile<4096xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %pp = offset %pb, %l : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %st = store_ptr_tko weak %pp, %e : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
}

// -----

// B of 8 columns: rows of 16 bytes, under the narrowest swizzle atom.
// CHECK: not wgmma: B's rows are under 32 bytes (no swizzle atom)
cuda_tile.module @m {
  entry @n_8(%p: tile<ptr<f32>>) {
    %ra = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x32xf16>>
    %rb = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x8xf16>>
    %s = constant <i32: 0> : tile<i32>
    %ta = cuda_tile_codegen.ring_tile %ra[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<64x32xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<64x32xf16>
    %tb = cuda_tile_codegen.ring_tile %rb[%s] : !cuda_tile_codegen.ring<2, !cuda_tile.tile<32x8xf16>>, !cuda_tile.tile<i32> -> !cuda_tile.tile<32x8xf16>
    %c = constant <f32: 0.0> : tile<64x8xf32>
    %r = mmaf %ta, %tb, %c : tile<64x32xf16>, tile<32x8xf16>, tile<64x8xf32>
    %e = reshape %r : tile<64x8xf32> -> tile<512xf32>
    %l = iota : tile<512xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %pp = offset %pb, %l : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %st = store_ptr_tko weak %pp, %e : tile<512xptr<f32>>, tile<512xf32> -> token
    return
  }
}
