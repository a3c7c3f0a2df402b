// What front ends write and NVIDIA's GPUs run must run here too.
//
// An assume that does not hold is reported once per op, as a warning with
// its location and the value, and the run goes on: the interpreter never
// relies on assumed facts. cuTile Python asserts div_by on the stride of
// every size-1 dimension, even when that stride is 1.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy_check.py make %t/iota.npy '<i4' 4 iota
// RUN: cuda-tile-run %s --entry stride_fact --grid 3 --arg @%t/iota.npy --arg i32:1 --arg i32:1 2>%t/err | FileCheck %s --check-prefix=ROWS
// RUN: FileCheck %s --check-prefix=WARN < %t/err
// --strict-assume stops there instead.
// RUN: not cuda-tile-run %s --entry stride_fact --grid 3 --arg @%t/iota.npy --arg i32:1 --arg i32:1 --strict-assume 2>&1 | FileCheck %s --check-prefix=STRICT
//
// A view tile whose index lies outside the index space reads the padding
// value (NVIDIA's test_tiled_view_padding_mode) and writes nothing.
// RUN: cuda-tile-run %s --entry outside --grid 1 --arg zeros:f32:16 --arg zeros:f32:4 --out-dir %t/outside | FileCheck %s --check-prefix=OUTSIDE
// RUN: %python %S/Inputs/npy_check.py expect %t/outside/arg1.npy 0,0,0,0

cuda_tile.module @practice {
  // A 1x4 row read through a view whose size-1 dimension has stride %s0,
  // asserted div_by<4> as cuTile Python does.
  entry @stride_fact(%p: tile<ptr<i32>>, %n0: tile<i32>, %s0: tile<i32>) {
    // WARN: front-end-practice.mlir:[[@LINE+1]]:13: warning: assume in tile block (0, 0, 0): assumed div_by<4> does not hold: element [] is 1; the fact is ignored (--strict-assume stops the run here)
    %fact = assume div_by<4>, %s0 : tile<i32>
    // WARN-NOT: warning
    // STRICT: front-end-practice.mlir:[[@LINE-2]]:13: error: assume in tile block (0, 0, 0): assumed div_by<4> does not hold: element [] is 1 (undefined behaviour)
    %tv = make_tensor_view %p, shape = [%n0, 4], strides = [%fact, 1] : tile<i32> -> tensor_view<?x4xi32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(1x4), tensor_view<?x4xi32, strides=[?,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %row, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(1x4), tensor_view<?x4xi32, strides=[?,1]>>, tile<i32> -> tile<1x4xi32>, token
    // ROWS-COUNT-3: row {{\[\[}}0, 1, 2, 3]]
    %pt = print_tko "row %d\n", %row : tile<1x4xi32> -> token
    return
  }

  entry @outside(%p: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), padding_value = neg_inf, tensor_view<16xf32, strides=[1]>>
    %c2 = constant <i32: 2> : tile<i32>
    %c7 = constant <i32: 7> : tile<i32>
    %v, %t = load_view_tko weak %pv[%c2] : partition_view<tile=(8), padding_value = neg_inf, tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    // OUTSIDE: padded [-inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf]
    %pt = print_tko "padded %f\n", %v : tile<8xf32> -> token
    // A store there writes nothing (the output buffer holds 4 elements).
    %ov = make_tensor_view %out, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %opv = make_partition_view %ov : partition_view<tile=(8), tensor_view<4xf32, strides=[1]>>
    %one = constant <f32: 1.0> : tile<8xf32>
    %st = store_view_tko weak %one, %opv[%c7] : tile<8xf32>, partition_view<tile=(8), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
