// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 %s -o %t.100.ptx && %ptxas -arch=sm_100 %t.100.ptx -o %t.100.cubin %}

// 13.4's f8E5M3FNU: bytes in registers and memory, converted in software
// (docs/codegen.md, "Arithmetic, math and conversions"): view and pointer
// loads and stores (16-byte runs where the view allows), ftof both ways,
// and shape ops.

// CHECK-LABEL: .visible .entry widen(
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
// CHECK: ret;
// CHECK-LABEL: .visible .entry narrow(
// CHECK: st.b8
// CHECK: ret;
cuda_tile.module @m {
  entry @widen(%a_arg: tile<ptr<f8E5M3FNU>>, %b_arg: tile<ptr<f32>>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f8E5M3FNU>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %av = make_tensor_view %a, shape = [4096], strides = [1] : tensor_view<4096xf8E5M3FNU, strides=[1]>
    %ap = make_partition_view %av : partition_view<tile=(2048), tensor_view<4096xf8E5M3FNU, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %t = load_view_tko weak %ap[%bx] : partition_view<tile=(2048), tensor_view<4096xf8E5M3FNU, strides=[1]>>, tile<i32> -> tile<2048xf8E5M3FNU>, token
    %y = ftof %x : tile<2048xf8E5M3FNU> -> tile<2048xf32>
    %bv = make_tensor_view %b, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %bp = make_partition_view %bv : partition_view<tile=(2048), tensor_view<4096xf32, strides=[1]>>
    %t2 = store_view_tko weak %y, %bp[%bx] : tile<2048xf32>, partition_view<tile=(2048), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @narrow(%a: tile<ptr<f32>>, %b: tile<ptr<f8E5M3FNU>>) {
    %i = iota : tile<64xi32>
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ab = broadcast %a1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %ap = offset %ab, %i : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %x, %t = load_ptr_tko weak %ap : tile<64xptr<f32>> -> tile<64xf32>, token
    %y = ftof %x : tile<64xf32> -> tile<64xf8E5M3FNU>
    %y2 = reshape %y : tile<64xf8E5M3FNU> -> tile<8x8xf8E5M3FNU>
    %yt = permute %y2 [1, 0] : tile<8x8xf8E5M3FNU> -> tile<8x8xf8E5M3FNU>
    %yf = reshape %yt : tile<8x8xf8E5M3FNU> -> tile<64xf8E5M3FNU>
    %b1 = reshape %b : tile<ptr<f8E5M3FNU>> -> tile<1xptr<f8E5M3FNU>>
    %bb = broadcast %b1 : tile<1xptr<f8E5M3FNU>> -> tile<64xptr<f8E5M3FNU>>
    %bp = offset %bb, %i : tile<64xptr<f8E5M3FNU>>, tile<64xi32> -> tile<64xptr<f8E5M3FNU>>
    %t2 = store_ptr_tko weak %bp, %yf : tile<64xptr<f8E5M3FNU>>, tile<64xf8E5M3FNU> -> token
    return
  }
}
