// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands -cudatile-assign-layouts | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-assign-layouts | FileCheck %s --check-prefix=STAGED
// RUN: %cuda-tile-opt %s -split-input-file -cudatile-pipeline-operands=gpu-name=sm_90a -cudatile-assign-layouts=gpu-name=sm_90a | FileCheck %s --check-prefix=WGMMA

// The CTA size of pipelined GEMMs (operands in rings, mma.sync): one warp
// per 64x64 of the accumulator, at least 4. Without rings (the STAGED run:
// operands staged per K chunk) and on wgmma (warpgroups of 64 rows) the
// other rules choose.

// CHECK-LABEL: entry @wide
// CHECK: {cuda_tile_codegen.threads = 256 : i64}
// STAGED-LABEL: entry @wide
// STAGED: {cuda_tile_codegen.threads = 1024 : i64}
// WGMMA-LABEL: entry @wide
// WGMMA: {cuda_tile_codegen.threads = 256 : i64}
cuda_tile.module @wide {
  entry @wide(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf16, strides=[4096,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<128x4096xf16, strides=[4096,1]>>
    %b_tv = make_tensor_view %b, shape = [4096, 256], strides = [256, 1] : tensor_view<4096x256xf16, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x256), tensor_view<4096x256xf16, strides=[256,1]>>
    %c_tv = make_tensor_view %c, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x32), tensor_view<128x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x256), tensor_view<4096x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

// -----

// At least 4 warps (the general rule would run 8 on this tile).
// CHECK-LABEL: entry @small
// CHECK: {cuda_tile_codegen.threads = 128 : i64}
// STAGED-LABEL: entry @small
// STAGED: {cuda_tile_codegen.threads = 256 : i64}
cuda_tile.module @small {
  entry @small(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [64, 4096], strides = [4096, 1] : tensor_view<64x4096xf16, strides=[4096,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<64x4096xf16, strides=[4096,1]>>
    %b_tv = make_tensor_view %b, shape = [4096, 64], strides = [64, 1] : tensor_view<4096x64xf16, strides=[64,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<4096x64xf16, strides=[64,1]>>
    %c_tv = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(64x32), tensor_view<64x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x64), tensor_view<4096x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A tile larger than the accumulator (its rows hold twice its elements):
// the general rule, by that tile.
// CHECK-LABEL: entry @bigger_tile
// CHECK: {cuda_tile_codegen.threads = 1024 : i64}
cuda_tile.module @bigger_tile {
  entry @bigger_tile(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf16, strides=[4096,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<128x4096xf16, strides=[4096,1]>>
    %b_tv = make_tensor_view %b, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<4096x128xf16, strides=[128,1]>>
    %c_tv = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(128x32), tensor_view<128x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %c0] : partition_view<tile=(32x128), tensor_view<4096x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    %big = constant <f32: 1.0> : tile<256x128xf32>
    %p = print_tko "%f\n", %big : tile<256x128xf32> -> token
    return
  }
}
