// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics -convert-cudatile-to-nvvm="remarks=all"
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
// BAD: error: unknown remarks kind 'some'; expected 'passed', 'missed' or 'all'

cuda_tile.module @m {
  entry @row_sum(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-remark @+1 {{missed: view load of 1024 x f32 not vectorized: each thread holds elements 128 apart (cyclic layout), so each is its own 4-byte access behind its own bounds check}}
    %x, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    // expected-remark @+1 {{missed: reduce folded by one thread per row, in index order (--reduction-order=tree shuffles)}}
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
