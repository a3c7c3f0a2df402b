// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --num-warps=4 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}

// A layout change whose source has at most 32 elements takes each element
// from the lane that holds it (docs/codegen.md, "Layouts"): shfl.sync.idx,
// no barrier, no shared memory. A larger source still goes through shared
// memory.

// REMARK: remark: passed: layout change through warp shuffles: 8 element(s) per thread by shfl.sync.idx
// REMARK: remark: passed: layout change through warp shuffles: 2 element(s) per thread by shfl.sync.idx

// CHECK-LABEL: .visible .entry column(
// CHECK-NOT: bar.sync
// CHECK-NOT: st.shared
// CHECK-COUNT-8: shfl.sync.idx.b32
// CHECK-NOT: bar.sync
// CHECK: ret;
// 64-bit elements move in two halves.
// CHECK-LABEL: .visible .entry row64(
// CHECK-COUNT-4: shfl.sync.idx.b32
// CHECK-NOT: bar.sync
// CHECK: ret;
// CHECK-LABEL: .visible .entry large(
// CHECK-NOT: shfl.sync.idx
// CHECK: bar.sync
// CHECK: st.shared
// Copies of an index tile (iota, reshapes, broadcasts, sums and products
// with uniform values: the key columns of attention's causal mask) are
// computed from each copy's own coordinates: nothing moves.
// CHECK-LABEL: .visible .entry index_columns(
// CHECK-NOT: {{shfl.sync|bar.sync|st.shared|ld.shared}}
// CHECK: ret;
cuda_tile.module @m {
  entry @column(%p: tile<ptr<f32>>) {
    %r = iota : tile<16xi32>
    %rf = itof %r signed : tile<16xi32> -> tile<16xf32>
    %r2 = reshape %rf : tile<16xf32> -> tile<16x1xf32>
    %b = broadcast %r2 : tile<16x1xf32> -> tile<16x64xf32>
    %tv = make_tensor_view %p, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %b, %pv[%c0, %c0] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @row64(%p: tile<ptr<i64>>) {
    %q32 = iota : tile<8xi32>
    %q = exti %q32 signed : tile<8xi32> -> tile<8xi64>
    %q2 = reshape %q : tile<8xi64> -> tile<1x8xi64>
    %b = broadcast %q2 : tile<1x8xi64> -> tile<32x8xi64>
    %tv = make_tensor_view %p, shape = [32, 8], strides = [8, 1] : tensor_view<32x8xi64, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(32x8), tensor_view<32x8xi64, strides=[8,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %b, %pv[%c0, %c0] : tile<32x8xi64>, partition_view<tile=(32x8), tensor_view<32x8xi64, strides=[8,1]>>, tile<i32> -> token
    return
  }
  entry @large(%p: tile<ptr<f32>>) {
    %r = iota : tile<64xi32>
    %rf = itof %r signed : tile<64xi32> -> tile<64xf32>
    %r2 = reshape %rf : tile<64xf32> -> tile<64x1xf32>
    %b = broadcast %r2 : tile<64x1xf32> -> tile<64x64xf32>
    %tv = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %b, %pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @index_columns(%p: tile<ptr<i32>>, %j: tile<i32>) {
    %c = iota : tile<64xi32>
    %c2 = reshape %c : tile<64xi32> -> tile<1x64xi32>
    %c64 = constant <i32: 64> : tile<1x64xi32>
    %j1 = reshape %j : tile<i32> -> tile<1x1xi32>
    %jb = broadcast %j1 : tile<1x1xi32> -> tile<1x64xi32>
    %base = muli %jb, %c64 : tile<1x64xi32>
    %cols = addi %base, %c2 : tile<1x64xi32>
    %b = broadcast %cols : tile<1x64xi32> -> tile<64x64xi32>
    %tv = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %b, %pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
