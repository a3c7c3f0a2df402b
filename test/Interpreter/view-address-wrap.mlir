// View accesses whose address computation wraps around 2^64 are out of
// bounds: they must not wrap onto element 0 of the buffer.
// RUN: not cuda-tile-run %s --entry stride_load --grid 1 --arg zeros:i32:4 --arg i64:0x4000000000000000 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not cuda-tile-run %s --entry stride_store --grid 1 --arg zeros:i32:4 --arg i64:0x4000000000000000 2>&1 | FileCheck %s --check-prefix=STRIDE-STORE
// RUN: not cuda-tile-run %s --entry row_load --grid 1 --arg zeros:i32:4 --arg i64:0x4000000000000001 --arg i64:0x4000000000000000 2>&1 | FileCheck %s --check-prefix=ROW
// RUN: not cuda-tile-run %s --entry row_store --grid 1 --arg zeros:i32:4 --arg i64:0x4000000000000001 --arg i64:0x4000000000000000 2>&1 | FileCheck %s --check-prefix=ROW-STORE
// RUN: not cuda-tile-run %s --entry gather_load --grid 1 --arg zeros:i8:4 --arg i64:0x7fffffffffffffff --arg i64:0x4000000000000000 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: not cuda-tile-run %s --entry f4_load --grid 1 --arg zeros:f4E2M1FN:4 --arg i64:0x4000000000000001 --arg i64:0x4000000000000000 2>&1 | FileCheck %s --check-prefix=F4
// The same views stay usable where no address wraps.
// RUN: cuda-tile-run %s --entry stride_load --grid 1 --arg zeros:i32:4 --arg i64:2 | FileCheck %s --check-prefix=FINE

cuda_tile.module @wrap {
  // Element 1 of a two-element view with stride 2^62 is 2^64 bytes past the
  // base: the address wraps onto element 0.
  entry @stride_load(%p: tile<ptr<i32>>, %s: tile<i64>) {
    %tv = make_tensor_view %p, shape = [2], strides = [%s] : tile<i64> -> tensor_view<2xi32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xi32, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    // STRIDE: view-address-wrap.mlir:[[@LINE+1]]:14: error: load_view_tko in tile block (0, 0, 0): out-of-bounds load of element [1]: the address of element offset 4611686018427387904 from the view's base 0x10000000 wraps around 2^64
    %v, %t = load_view_tko weak %pv[%c0] : partition_view<tile=(2), tensor_view<2xi32, strides=[?]>>, tile<i32> -> tile<2xi32>, token
    // FINE: [0, 0]
    %t1 = print_tko "%d\n", %v : tile<2xi32> -> token
    return
  }

  entry @stride_store(%p: tile<ptr<i32>>, %s: tile<i64>) {
    %tv = make_tensor_view %p, shape = [2], strides = [%s] : tile<i64> -> tensor_view<2xi32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xi32, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <i32: [1, 2]> : tile<2xi32>
    // STRIDE-STORE: view-address-wrap.mlir:[[@LINE+1]]:10: error: store_view_tko in tile block (0, 0, 0): out-of-bounds store of element [1]: the address of element offset 4611686018427387904 from the view's base 0x10000000 wraps around 2^64
    %t = store_view_tko weak %v, %pv[%c0] : tile<2xi32>, partition_view<tile=(2), tensor_view<2xi32, strides=[?]>>, tile<i32> -> token
    return
  }

  // Row 2^62 of a view with 2^62 + 1 rows of four i32 starts 2^66 bytes past
  // the base (the contiguous row path).
  entry @row_load(%p: tile<ptr<i32>>, %rows: tile<i64>, %row: tile<i64>) {
    %tv = make_tensor_view %p, shape = [%rows, 4], strides = [4, 1] : tile<i64> -> tensor_view<?x4xi32, strides=[4,1]>
    %pv = make_partition_view %tv : partition_view<tile=(1x4), tensor_view<?x4xi32, strides=[4,1]>>
    %c0 = constant <i64: 0> : tile<i64>
    // ROW: view-address-wrap.mlir:[[@LINE+1]]:14: error: load_view_tko in tile block (0, 0, 0): out-of-bounds load of row [0, 0]: the address of element offset 18446744073709551616 from the view's base 0x10000000 wraps around 2^64
    %v, %t = load_view_tko weak %pv[%row, %c0] : partition_view<tile=(1x4), tensor_view<?x4xi32, strides=[4,1]>>, tile<i64> -> tile<1x4xi32>, token
    return
  }

  entry @row_store(%p: tile<ptr<i32>>, %rows: tile<i64>, %row: tile<i64>) {
    %tv = make_tensor_view %p, shape = [%rows, 4], strides = [4, 1] : tile<i64> -> tensor_view<?x4xi32, strides=[4,1]>
    %pv = make_partition_view %tv : partition_view<tile=(1x4), tensor_view<?x4xi32, strides=[4,1]>>
    %c0 = constant <i64: 0> : tile<i64>
    %v = constant <i32: [[1, 2, 3, 4]]> : tile<1x4xi32>
    // ROW-STORE: view-address-wrap.mlir:[[@LINE+1]]:10: error: store_view_tko in tile block (0, 0, 0): out-of-bounds store of row [0, 0]: the address of element offset 18446744073709551616 from the view's base 0x10000000 wraps around 2^64
    %t = store_view_tko weak %v, %pv[%row, %c0] : tile<1x4xi32>, partition_view<tile=(1x4), tensor_view<?x4xi32, strides=[4,1]>>, tile<i64> -> token
    return
  }

  // A gathered row 2^62 with 2^62 i8 per row: offset 2^124 elements.
  entry @gather_load(%p: tile<ptr<i8>>, %rows: tile<i64>, %s: tile<i64>) {
    %tv = make_tensor_view %p, shape = [%rows, 2], strides = [%s, 1] : tile<i64> -> tensor_view<?x2xi8, strides=[?,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(2x2), tensor_view<?x2xi8, strides=[?,1]>, sparse_dim=0>
    %rowsel = constant <i64: [0, 4611686018427387904]> : tile<2xi64>
    %c0 = constant <i64: 0> : tile<i64>
    // GATHER: view-address-wrap.mlir:[[@LINE+1]]:14: error: load_view_tko in tile block (0, 0, 0): out-of-bounds load of row [1, 0]: the address of element offset 2^70 or more from the view's base 0x10000000 wraps around 2^64
    %v, %t = load_view_tko weak %gv[%rowsel, %c0] : gather_scatter_view<tile=(2x2), tensor_view<?x2xi8, strides=[?,1]>, sparse_dim=0>, tile<2xi64>, tile<i64> -> tile<2x2xi8>, token
    return
  }

  // Packed f4E2M1FN: row 2^62 with 16 elements per row is byte 2^65.
  entry @f4_load(%p: tile<ptr<f4E2M1FN>>, %rows: tile<i64>, %row: tile<i64>) {
    %tv = make_tensor_view %p, shape = [%rows, 2], strides = [16, 1] : tile<i64> -> tensor_view<?x2xf4E2M1FN, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(1x2), tensor_view<?x2xf4E2M1FN, strides=[16,1]>>
    %c0 = constant <i64: 0> : tile<i64>
    // F4: view-address-wrap.mlir:[[@LINE+1]]:14: error: load_view_tko in tile block (0, 0, 0): out-of-bounds load of element [0, 0]: the address of element offset 73786976294838206464 from the view's base 0x10000000 wraps around 2^64
    %v, %t = load_view_tko weak %pv[%row, %c0] : partition_view<tile=(1x2), tensor_view<?x2xf4E2M1FN, strides=[16,1]>>, tile<i64> -> tile<1x2xf4E2M1FN>, token
    return
  }
}
