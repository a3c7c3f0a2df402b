// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics -convert-cudatile-to-nvvm="remarks=all reduction-order=sequential"
// RUN: %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm="remarks=passed reduction-order=tree" 2>&1 | FileCheck %s --check-prefix=PASSED
// RUN: %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: %cuda-tile-translate -cudatile-to-ptx --remarks=missed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRANSLATE
// RUN: not %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm="remarks=some" 2>&1 | FileCheck %s --check-prefix=BAD

// Optimization remarks at the op (docs/codegen.md, "Remarks"): what the code
// generator applied (passed) and what it did not, with why (missed).

// PASSED: remark: passed: reduce as a tree: 3 register bit(s) folded per thread, 5 butterfly shuffle(s), 16 bytes through shared memory
// PASSED-NOT: remark: missed
// NONE-NOT: remark: 
// TRANSLATE: remark: missed: view load of 1024 x f32 not vectorized
// TRANSLATE-NOT: not rewritten by -cudatile-expand-scaled-matmuls
// BAD: error: unknown remarks kind 'some'; expected 'passed', 'missed' or 'all'

cuda_tile.module @m {
  entry @row_sum(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-remark @+1 {{missed: view load of 1024 x f32 not vectorized: a run's address is only known to be 4-byte aligned (assume div_by on the base pointer and the strides); each element is its own 4-byte access behind its own bounds check}}
    %x, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    // expected-remark @+1 {{missed: reduce folded by one thread per row, in index order (--reduction-order=sequential)}}
    %s = reduce %x dim=0 identities=[0.0 : f32] : tile<1024xf32> -> tile<f32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %a = addf %e, %acc : tile<f32>
        yield %a : tile<f32>
      }
    %t2 = store_ptr_tko weak %p, %s : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

cuda_tile.module @m2 {
  entry @transpose(%p: tile<ptr<i32>>) {
    %flat = iota : tile<4096xi32>
    %x = reshape %flat : tile<4096xi32> -> tile<64x64xi32>
    // expected-remark @+1 {{missed: layout change through shared memory: 16384 bytes in 1 chunk(s)}}
    %y = permute %x [1, 0] : tile<64x64xi32> -> tile<64x64xi32>
    %tv = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-remark @+1 {{missed: view store of 4096 x i32 not vectorized}}
    %t = store_view_tko weak %y, %pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Vectorized view accesses (docs/codegen.md, "Memory"), and why others are
// not.
cuda_tile.module @m3 {
  entry @copy(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %n: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %tva = make_tensor_view %pa, shape = [%n8], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %pva = make_partition_view %tva : partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>
    %tvb = make_tensor_view %pb, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %pvb = make_partition_view %tvb : partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // expected-remark @+1 {{passed: view load of 2048 x f16 vectorized: 16-byte accesses to global memory, one bounds check per run of 8 elements}}
    %x, %t = load_view_tko weak %pva[%bx] : partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<2048xf16>, token
    // expected-remark @+1 {{passed: view store of 2048 x f16 vectorized: 16-byte accesses to global memory, one bounds check per run of 8 elements, element checks where a run crosses the view's edge}}
    %t2 = store_view_tko weak %x, %pvb[%bx] : tile<2048xf16>, partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    // expected-remark @+1 {{passed: view store of 2048 x f16 vectorized: 16-byte accesses to global memory, no bounds checks (inbounds)}}
    %t5 = store_view_tko weak %x, %pvb[%bx] inbounds = [true] : tile<2048xf16>, partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    // expected-remark @+1 {{missed: view load of 2048 x f16 not vectorized: only weak accesses are vectorized; each element is its own 2-byte access behind its own bounds check}}
    %y, %t3 = load_view_tko relaxed device %pva[%bx] : partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<2048xf16>, token
    // expected-remark @+1 {{passed: view store of 2048 x f16 vectorized}}
    %t4 = store_view_tko weak %y, %pvb[%bx] : tile<2048xf16>, partition_view<tile=(2048), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @columns(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %tv = make_tensor_view %pa, shape = [%n, 64], strides = [1, %n] : tile<i32> -> tensor_view<?x64xf32, strides=[1,?]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[1,?]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-remark @+1 {{missed: view load of 4096 x f32 not vectorized: the tile's innermost dimension walks view dimension 1, whose stride is not 1; each element is its own 4-byte access behind its own bounds check}}
    %x, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[1,?]>>, tile<i32> -> tile<64x64xf32>, token
    // expected-remark @+1 {{missed: view store of 4096 x f32 not vectorized: the tile's innermost dimension walks view dimension 1}}
    %t2 = store_view_tko weak %x, %pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[1,?]>>, tile<i32> -> token
    return
  }
  entry @rows(%a: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %tv = make_tensor_view %pa, shape = [%n, 64], strides = [%s, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[?,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-remark @+1 {{missed: view load of 4096 x f32 not vectorized: a run's address is only known to be 4-byte aligned}}
    %x, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> tile<64x64xf32>, token
    // expected-remark @+1 {{missed: view store of 4096 x f32 not vectorized: a run's address is only known to be 4-byte aligned}}
    %t1 = store_view_tko weak %x, %pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> token
    %s4 = assume div_by<4>, %s : tile<i32>
    %tv4 = make_tensor_view %pa, shape = [%n, 64], strides = [%s4, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[?,1]>
    %pv4 = make_partition_view %tv4 : partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[?,1]>>
    // expected-remark @+1 {{passed: view load of 4096 x f32 vectorized: 16-byte accesses to global memory, one bounds check per run of 4 elements}}
    %y, %t2 = load_view_tko weak %pv4[%c0, %c0] : partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> tile<64x64xf32>, token
    // expected-remark @+1 {{passed: view store of 4096 x f32 vectorized: 16-byte accesses to global memory, one bounds check per run of 4 elements}}
    %t5 = store_view_tko weak %y, %pv4[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> token
    %small = make_partition_view %tv4 : partition_view<tile=(1x64), tensor_view<?x64xf32, strides=[?,1]>>
    // expected-remark @+1 {{missed: view load of 64 x f32 not vectorized: the tile has no more elements than the tile block has threads (256)}}
    %z, %t3 = load_view_tko weak %small[%c0, %c0] : partition_view<tile=(1x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    // expected-remark @+1 {{missed: view store of 64 x f32 not vectorized: the tile has no more elements}}
    %t6 = store_view_tko weak %z, %small[%c0, %c0] : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Alignment facts through `offset` (the index's known low zero bits times the
// element size) and from `assume div_by` on a view.
cuda_tile.module @m4 {
  entry @offsets(%a: tile<ptr<f32>>, %k: tile<i32>, %n: tile<i32>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %k4 = assume div_by<4>, %k : tile<i32>
    %shifted = offset %pa, %k4 : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %tv = make_tensor_view %shifted, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-remark @+1 {{passed: view load of 1024 x f32 vectorized: 16-byte accesses}}
    %x, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %odd = offset %pa, %k : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %tv2 = make_tensor_view %odd, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv2 = make_partition_view %tv2 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    // expected-remark @+1 {{missed: view store of 1024 x f32 not vectorized: a run's address is only known to be 4-byte aligned}}
    %t2 = store_view_tko weak %x, %pv2[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %tv3 = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tv3a = assume div_by<16>, %tv3 : tensor_view<?xf32, strides=[1]>
    %pv3 = make_partition_view %tv3a : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    // expected-remark @+1 {{passed: view store of 1024 x f32 vectorized: 16-byte accesses}}
    %t3 = store_view_tko weak %x, %pv3[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// Per matmul: the tensor-core instruction, the warp grid and the operand
// path, or why the scalar path runs.
cuda_tile.module @mm {
  entry @matmuls(%p: tile<ptr<f32>>) {
    %a = constant <f16: 1.0> : tile<64x32xf16>
    %b = constant <f16: 2.0> : tile<32x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    // expected-remark @+2 {{passed: mma.sync.aligned.m16n8k16: 1x2x4 warps of 1x2x2 tiles; A through ldmatrix, B through ldmatrix.trans; K in 1 chunk(s) of 32}}
    // expected-remark @+1 {{missed: layout change through shared memory: 16384 bytes in 1 chunk(s)}}
    %r = mmaf %a, %b, %c : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %f = constant <f32: 1.0> : tile<64x64xf32>
    // expected-remark @+1 {{missed: matmul on the scalar path (fma in K order): no mma.sync instruction takes f32 x f32 into f32}}
    %s = mmaf %f, %f, %r : tile<64x64xf32>, tile<64x64xf32>, tile<64x64xf32>
    %e = reshape %s : tile<64x64xf32> -> tile<4096xf32>
    %l = iota : tile<4096xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %pp = offset %pb, %l : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    // expected-remark @+1 {{missed: store of 4096 x f32 not vectorized}}
    %t = store_ptr_tko weak %pp, %e : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
}

// -----

// A block-scaled matmul takes the scalar path when the convert pass runs
// alone; the pipeline (TRANSLATE) first makes it a bf16 mmaf.
cuda_tile.module @scaled {
  entry @scaled(%p: tile<ptr<f32>>) {
    %e = constant <f8E4M3FN: 1.0> : tile<16x32xf8E4M3FN>
    %f = constant <f8E4M3FN: 1.0> : tile<32x16xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<16x1xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<1x16xf8E8M0FNU>
    // expected-remark @+1 {{missed: matmul on the scalar path (fma in K order): block-scaled, not rewritten by -cudatile-expand-scaled-matmuls}}
    %r = mmaf_scaled %e, %f, %c, %sa, %sb : tile<16x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<16x16xf32>, tile<16x1xf8E8M0FNU>, tile<1x16xf8E8M0FNU>
    %x = reshape %r : tile<16x16xf32> -> tile<256xf32>
    %l = iota : tile<256xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %pp = offset %pb, %l : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    // expected-remark @+1 {{missed: store of 256 x f32 not vectorized: a run's first pointer is only known to be 4-byte aligned (assume div_by on the base pointer and the offsets); each element is its own 4-byte access}}
    %t = store_ptr_tko weak %pp, %x : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
}
