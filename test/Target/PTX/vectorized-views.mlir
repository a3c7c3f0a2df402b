// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 -v %t.90.ptx -o %t.90.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 -v %t.80.ptx -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// View accesses of tiles whose pointers, strides and sizes are asserted
// (docs/codegen.md, "Memory"): each thread moves runs of 16 bytes with
// ld.global.v4 / st.global.v4, one bounds check per run; the parameters carry
// the asserted alignment; no register spills at the default CTA size.

// PTXAS-NOT: bytes spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: bytes spill stores, {{[1-9]}}

// A vector add whose length is asserted to be a multiple of the run: runs are
// wholly in or out of bounds, so there is no per-element access at all.
// CHECK-LABEL: .visible .entry vadd_whole(
// CHECK-NEXT: .param .u64 .ptr .align 16 vadd_whole_param_0,
// CHECK-NOT: ld.global.b32
// CHECK-NOT: st.global.b32
// CHECK: ld.global.v4.b32
// CHECK-NOT: ld.global.b32
// CHECK-NOT: st.global.b32
// CHECK: st.global.v4.b32
// CHECK-NOT: ld.global.b32
// CHECK-NOT: st.global.b32
// CHECK: ret;
cuda_tile.module @m {
  entry @vadd_whole(%a_arg: tile<ptr<f32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %n_arg: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %n = assume div_by<4>, %n_arg : tile<i32>
    %av = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %ap = make_partition_view %av : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bv = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bp = make_partition_view %bv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %cv = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %cp = make_partition_view %cv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %t0 = load_view_tko weak %ap[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y, %t1 = load_view_tko weak %bp[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s = addf %x, %y : tile<1024xf32>
    %t2 = store_view_tko weak %s, %cp[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

// Any length: a run that crosses the end falls back to element accesses, so
// those exist, but only behind the per-run check.
// CHECK-LABEL: .visible .entry vadd_tail(
// CHECK: ld.global.v4.b32
// CHECK: ld.global.b32
// CHECK: st.global.v4.b32
// CHECK: st.global.b32
// CHECK: ret;
  entry @vadd_tail(%a_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %av = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %ap = make_partition_view %av : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %cv = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %cp = make_partition_view %cv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %t0 = load_view_tko weak %ap[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %t2 = store_view_tko weak %x, %cp[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

// `inbounds` promises the tile inside the view: no check, no element access.
// CHECK-LABEL: .visible .entry vcopy_inbounds(
// CHECK-NOT: setp
// CHECK-NOT: ld.global.b32
// CHECK: ld.global.v4.b32
// CHECK-NOT: setp
// CHECK-NOT: st.global.b32
// CHECK: st.global.v4.b32
// CHECK: ret;
  entry @vcopy_inbounds(%a_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %n: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %av = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %ap = make_partition_view %av : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %cv = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %cp = make_partition_view %cv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %t0 = load_view_tko weak %ap[%bx] inbounds = [true] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %t2 = store_view_tko weak %x, %cp[%bx] inbounds = [true] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }

// Rows of 16-bit elements with an asserted row stride: runs of 8, 16 bytes.
// CHECK-LABEL: .visible .entry rows_f16(
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
// CHECK: ret;
  entry @rows_f16(%a_arg: tile<ptr<f16>>, %rows: tile<i32>, %s_arg: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %s = assume div_by<8>, %s_arg : tile<i32>
    %av = make_tensor_view %a, shape = [%rows, 1024], strides = [%s, 1] : tile<i32> -> tensor_view<?x1024xf16, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %ap[%bx, %c0] : partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[?,1]>>, tile<i32> -> tile<2x1024xf16>, token
    %y = addf %x, %x : tile<2x1024xf16>
    %t2 = store_view_tko weak %y, %ap[%bx, %c0] : tile<2x1024xf16>, partition_view<tile=(2x1024), tensor_view<?x1024xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
