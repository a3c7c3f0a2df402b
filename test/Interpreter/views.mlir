// Views: partition views with padding and dim_map, strided views,
// gather/scatter views, shape queries, stores clipped to the tensor, packed
// f4E2M1FN tensors, and tensor_view entry arguments.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy_check.py make %t/a.npy '<f4' 6x8 iota
// RUN: cuda-tile-run %s --entry loads --grid 1 --arg @%t/a.npy --arg i32:6 | FileCheck %s --check-prefix=LOADS
// RUN: cuda-tile-run %s --entry stores --grid 1 --arg zeros:f32:48 --arg zeros:f4E2M1FN:8 --out-dir %t/out | FileCheck %s --check-prefix=STORES
// RUN: %python %S/Inputs/npy_check.py print %t/out/arg0.npy | FileCheck %s --check-prefix=STORED
// RUN: %python %S/Inputs/npy_check.py print %t/out/arg1.npy | FileCheck %s --check-prefix=PACKED
// RUN: cuda-tile-run %s --entry view_arg --grid 1 --arg @%t/a.npy --out-dir %t/out2 | FileCheck %s --check-prefix=VIEWARG
// RUN: %python %S/Inputs/npy_check.py print %t/out2/arg0.npy | FileCheck %s --check-prefix=VIEWOUT

cuda_tile.module @views {
  // %a holds a 6x8 matrix whose element (r, c) is 8r + c.
  entry @loads(%a: tile<ptr<f32>>, %rows: tile<i32>) {
    %tv = make_tensor_view %a, shape = [%rows, 8], strides = [8, 1] : tile<i32> -> tensor_view<?x8xf32, strides=[8,1]>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %r, %c = get_tensor_shape %tv : tensor_view<?x8xf32, strides=[8,1]> -> tile<i64>
    // LOADS: tensor shape=6x8
    %t0 = print_tko "tensor shape=%dx%d\n", %r, %c : tile<i64>, tile<i64> -> token
    // Tile (1, 1) of 4x4 tiles covers rows 4..7, of which 6 and 7 are past
    // the end and read as the padding value.
    %pn = make_partition_view %tv : partition_view<tile=(4x4), padding_value = nan, tensor_view<?x8xf32, strides=[8,1]>>
    %x, %k0 = load_view_tko weak %pn[%c1, %c1] : partition_view<tile=(4x4), padding_value = nan, tensor_view<?x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x4xf32>, token
    // LOADS: partition={{\[\[}}36, 37, 38, 39], [44, 45, 46, 47], [nan, nan, nan, nan], [nan, nan, nan, nan]]
    %t1 = print_tko "partition=%g\n", %x : tile<4x4xf32> -> token
    %n0, %n1 = get_index_space_shape %pn : partition_view<tile=(4x4), padding_value = nan, tensor_view<?x8xf32, strides=[8,1]>> -> tile<i32>
    // LOADS: index space=2x2
    %t2 = print_tko "index space=%dx%d\n", %n0, %n1 : tile<i32>, tile<i32> -> token
    // dim_map=[1, 0]: tile dimension 0 runs along the tensor's columns.
    %pt = make_partition_view %tv : partition_view<tile=(4x2), tensor_view<?x8xf32, strides=[8,1]>, dim_map=[1, 0]>
    %y, %k1 = load_view_tko weak %pt[%c1, %c2] : partition_view<tile=(4x2), tensor_view<?x8xf32, strides=[8,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x2xf32>, token
    %m0, %m1 = get_index_space_shape %pt : partition_view<tile=(4x2), tensor_view<?x8xf32, strides=[8,1]>, dim_map=[1, 0]> -> tile<i32>
    // LOADS: transposed={{\[\[}}36, 44], [37, 45], [38, 46], [39, 47]] index space=2x3
    %t3 = print_tko "transposed=%g index space=%dx%d\n", %y, %m0, %m1 : tile<4x2xf32>, tile<i32>, tile<i32> -> token
    // Strided: 2x2 tiles whose origins are 3 rows and 4 columns apart.
    %sv = make_strided_view %tv : strided_view<tile=(2x2), traversal_strides=[3,4], tensor_view<?x8xf32, strides=[8,1]>>
    %z, %k2 = load_view_tko weak %sv[%c1, %c1] : strided_view<tile=(2x2), traversal_strides=[3,4], tensor_view<?x8xf32, strides=[8,1]>>, tile<i32> -> tile<2x2xf32>, token
    %s0, %s1 = get_index_space_shape %sv : strided_view<tile=(2x2), traversal_strides=[3,4], tensor_view<?x8xf32, strides=[8,1]>> -> tile<i32>
    // LOADS: strided={{\[\[}}28, 29], [36, 37]] index space=2x2
    %t4 = print_tko "strided=%g index space=%dx%d\n", %z, %s0, %s1 : tile<2x2xf32>, tile<i32>, tile<i32> -> token
    // Gather: rows 5, 0, 7 (past the end: padding) and 2, columns from 3.
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x2), padding_value = neg_zero, tensor_view<?x8xf32, strides=[8,1]>, sparse_dim=0>
    %rowsel = constant <i32: [5, 0, 7, 2]> : tile<4xi32>
    %c3 = constant <i32: 3> : tile<i32>
    %g, %k3 = load_view_tko weak %gv[%rowsel, %c3] : gather_scatter_view<tile=(4x2), padding_value = neg_zero, tensor_view<?x8xf32, strides=[8,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x2xf32>, token
    // LOADS: gather={{\[\[}}43, 44], [3, 4], [-0, -0], [19, 20]]
    %t5 = print_tko "gather=%g\n", %g : tile<4x2xf32> -> token
    // Gather along columns: rows 1..2, columns 7, 0, 8 (past the end: zero,
    // there is no padding value) and 3.
    %gc = make_gather_scatter_view %tv : gather_scatter_view<tile=(2x4), tensor_view<?x8xf32, strides=[8,1]>, sparse_dim=1>
    %colsel = constant <i32: [7, 0, 8, 3]> : tile<4xi32>
    %gcol, %kc = load_view_tko weak %gc[%c1, %colsel] : gather_scatter_view<tile=(2x4), tensor_view<?x8xf32, strides=[8,1]>, sparse_dim=1>, tile<i32>, tile<4xi32> -> tile<2x4xf32>, token
    // LOADS: gather columns={{\[\[}}15, 8, 0, 11], [23, 16, 0, 19]]
    %tc = print_tko "gather columns=%g\n", %gcol : tile<2x4xf32> -> token
    // Without a padding value, out-of-bounds elements read as zero.
    %pz = make_partition_view %tv : partition_view<tile=(4x8), tensor_view<?x8xf32, strides=[8,1]>>
    %w, %k4 = load_view_tko relaxed device %pz[%c1, %c0] : partition_view<tile=(4x8), tensor_view<?x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x8xf32>, token
    %wr = reduce %w dim=1 identities=[0.0 : f32] : tile<4x8xf32> -> tile<4xf32>
      (%v: tile<f32>, %acc: tile<f32>) {
        %s = addf %v, %acc : tile<f32>
        yield %s : tile<f32>
      }
    // LOADS: row sums=[284, 348, 0, 0]
    %t6 = print_tko "row sums=%g\n", %wr : tile<4xf32> -> token
    return
  }

  entry @stores(%out: tile<ptr<f32>>, %f4: tile<ptr<f4E2M1FN>>) {
    %tv = make_tensor_view %out, shape = [6, 8], strides = [8, 1] : tensor_view<6x8xf32, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x4), tensor_view<6x8xf32, strides=[8,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ones = constant <f32: 1.0> : tile<4x4xf32>
    // Only rows 4 and 5 of tile (1, 1) are inside the tensor.
    %k0 = store_view_tko weak %ones, %pv[%c1, %c1] : tile<4x4xf32>, partition_view<tile=(4x4), tensor_view<6x8xf32, strides=[8,1]>>, tile<i32> -> token
    // Scatter rows 0 and 3 (and 9, outside: skipped) at columns 0..1; row 0
    // is written twice and the later lane wins.
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x2), tensor_view<6x8xf32, strides=[8,1]>, sparse_dim=0>
    %rowsel = constant <i32: [0, 3, 9, 0]> : tile<4xi32>
    %vals = constant <f32: [[2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0]]> : tile<4x2xf32>
    %k1 = store_view_tko weak %vals, %gv[%rowsel, %c0] : tile<4x2xf32>, gather_scatter_view<tile=(4x2), tensor_view<6x8xf32, strides=[8,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> token
    // Packed f4E2M1FN: two elements per byte, element 0 in the low nibble.
    %fv = make_tensor_view %f4, shape = [8], strides = [1] : tensor_view<8xf4E2M1FN, strides=[1]>
    %fp = make_partition_view %fv : partition_view<tile=(4), tensor_view<8xf4E2M1FN, strides=[1]>>
    %fvals = constant <f4E2M1FN: [0.5, 1.0, 6.0, -2.0]> : tile<4xf4E2M1FN>
    %k2 = store_view_tko weak %fvals, %fp[%c1] : tile<4xf4E2M1FN>, partition_view<tile=(4), tensor_view<8xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %back, %k3 = load_view_tko weak %fp[%c1] : partition_view<tile=(4), tensor_view<8xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<4xf4E2M1FN>, token
    // STORES: f4 back=[0.5, 1, 6, -2]
    %t = print_tko "f4 back=%g\n", %back : tile<4xf4E2M1FN> -> token
    return
  }

  // A tensor_view argument takes its shape from the array.
  entry @view_arg(%tv: tensor_view<?x8xf32, strides=[8,1]>) {
    %pv = make_partition_view %tv : partition_view<tile=(2x8), tensor_view<?x8xf32, strides=[8,1]>>
    %c2 = constant <i32: 2> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %k = load_view_tko weak %pv[%c2, %c0] : partition_view<tile=(2x8), tensor_view<?x8xf32, strides=[8,1]>>, tile<i32> -> tile<2x8xf32>, token
    %neg = negf %x : tile<2x8xf32>
    %k2 = store_view_tko weak %neg, %pv[%c2, %c0] : tile<2x8xf32>, partition_view<tile=(2x8), tensor_view<?x8xf32, strides=[8,1]>>, tile<i32> -> token
    %n0, %n1 = get_index_space_shape %pv : partition_view<tile=(2x8), tensor_view<?x8xf32, strides=[8,1]>> -> tile<i32>
    %t = print_tko "tiles=%dx%d\n", %n0, %n1 : tile<i32>, tile<i32> -> token
    return
  }
}
// STORED: <f4 48: 8.0 9.0 0.0 0.0 0.0 0.0 0.0 0.0
// STORED-SAME: 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
// STORED-SAME: 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
// STORED-SAME: 4.0 5.0 0.0 0.0 0.0 0.0 0.0 0.0
// STORED-SAME: 0.0 0.0 0.0 0.0 1.0 1.0 1.0 1.0
// STORED-SAME: 0.0 0.0 0.0 0.0 1.0 1.0 1.0 1.0{{$}}
// f4 bits: 0.5 = 0x1, 1.0 = 0x2, 6.0 = 0x7, -2.0 = 0xc, in bytes 2 and 3.
// PACKED: |u1 4: 0 0 33 199
// VIEWARG: tiles=3x1
// VIEWOUT: <f4 6x8: 0.0 1.0
// VIEWOUT-SAME: 31.0 -32.0 -33.0
// VIEWOUT-SAME: -46.0 -47.0{{$}}
