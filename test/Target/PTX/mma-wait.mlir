// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s --check-prefix=SM90A
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s --check-prefix=SM90

// mma_wait (put after a loop whose wgmma stays in flight by
// -cudatile-pipeline-operands) waits for the warpgroup's wgmma groups with
// the f32 tile's registers tied through the wait, on sm_90a; elsewhere, and
// for other element types, it is the tile itself.
// SM90A-LABEL: .entry waits(
// SM90A: wgmma.wait_group.sync.aligned 0;
// SM90A-LABEL: .entry f16_tile(
// SM90A-NOT: wgmma
// SM90A: ret;
// SM90-NOT: wgmma
cuda_tile.module @m {
  entry @waits(%p: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %x, %t = load_ptr_tko weak %pp : tile<128xptr<f32>> -> tile<128xf32>, token
    %w = cuda_tile_codegen.mma_wait %x : !cuda_tile.tile<128xf32>
    %t2 = store_ptr_tko weak %pp, %w : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @f16_tile(%p: tile<ptr<f16>>) {
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f16>> -> tile<1xptr<f16>>
    %pb = broadcast %p1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %pp = offset %pb, %i : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %x, %t = load_ptr_tko weak %pp : tile<128xptr<f16>> -> tile<128xf16>, token
    %w = cuda_tile_codegen.mma_wait %x : !cuda_tile.tile<128xf16>
    %t2 = store_ptr_tko weak %pp, %w : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }
}
