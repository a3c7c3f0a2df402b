// A gather kernel written the way a Python frontend lowers it: element
// offsets from iota, `%` and `//` with Python semantics (remainder with a
// sign fix, floor division), a bounds check before every access, and a loop
// over chunks whose last, partial chunk takes a masked path.
//
// RUN: cuda-tile-optimize -O3 %s | FileCheck %s
// RUN: cuda-tile-optimize -O3 --fuse-fma %s | cuda-tile-opt -no-implicit-module -verify-diagnostics

// CHECK-LABEL: entry @gather
// Floor divisions by 128 of non-negative values are shifts.
// CHECK: shri %{{.*}}, %{{.*}} unsigned
// CHECK: shri %{{.*}}, %{{.*}} unsigned
// The loop is split where the chunks stop being full: the first loop has
// no branch and no mask (the source index, a remainder by n, is always in
// range), the second one keeps the masked path.
// CHECK: for %[[J:.*]] in
// CHECK-NOT: if
// CHECK-NOT: select
// CHECK: remi
// CHECK-NOT: select
// CHECK: load_ptr_tko weak %{{[^,]*}} :
// CHECK: store_ptr_tko weak %{{[^,]*}}, %{{[^ ]*}} token=%{{[^ ]*}} :
// The stores through pointers may alias: their chain stays.
// CHECK: for
// CHECK-NOT: if
// CHECK: load_ptr_tko weak %{{[^,]*}}, %{{[^,]*}}, %{{[^ ]*}} token=%{{[^ ]*}} :
// CHECK: store_ptr_tko weak %{{[^,]*}}, %{{[^,]*}}, %{{[^ ]*}} token=%{{[^ ]*}} :
// CHECK: return

cuda_tile.module @indexing {
  entry @gather(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>,
                %n_arg: tile<i32>, %stride_arg: tile<i32>) {
    %n = assume bounded<1, 16777216>, %n_arg : tile<i32>
    %stride = assume bounded<1, 4096>, %stride_arg : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c127 = constant <i32: 127> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %iota = iota : tile<128xi32>
    %zeros = constant <i32: 0> : tile<128xi32>
    %fzero = constant <f32: 0.0> : tile<128xf32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %s1 = reshape %stride : tile<i32> -> tile<1xi32>
    %sb = broadcast %s1 : tile<1xi32> -> tile<128xi32>
    %x1 = reshape %x_ptr : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %y1 = reshape %y_ptr : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %y1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    // full = n // 128, chunks = (n + 127) // 128
    %full = divi %n, %c128 signed rounding<negative_inf> : tile<i32>
    %n127 = addi %n, %c127 : tile<i32>
    %chunks = divi %n127, %c128 signed rounding<negative_inf> : tile<i32>
    %tok = make_token : token
    %tx, %ty = for %j in (%c0 to %chunks, step %c1) : tile<i32>
        iter_values(%tx0 = %tok, %ty0 = %tok) -> (token, token) {
      %start = muli %j, %c128 overflow<no_signed_wrap> : tile<i32>
      %st1 = reshape %start : tile<i32> -> tile<1xi32>
      %stb = broadcast %st1 : tile<1xi32> -> tile<128xi32>
      %offs = addi %stb, %iota overflow<no_signed_wrap> : tile<128xi32>
      // src = (offs * stride) % n, Python semantics
      %scaled = muli %offs, %sb overflow<no_signed_wrap> : tile<128xi32>
      %r = remi %scaled, %nb signed : tile<128xi32>
      %r_neg = cmpi less_than %r, %zeros, signed : tile<128xi32> -> tile<128xi1>
      %n_neg = cmpi less_than %nb, %zeros, signed : tile<128xi32> -> tile<128xi1>
      %signs = xori %r_neg, %n_neg : tile<128xi1>
      %r_nz = cmpi not_equal %r, %zeros, signed : tile<128xi32> -> tile<128xi1>
      %fix = andi %signs, %r_nz : tile<128xi1>
      %r_adj = addi %r, %nb : tile<128xi32>
      %src = select %fix, %r_adj, %r : tile<128xi1>, tile<128xi32>
      %src_ptrs = offset %xb, %src : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
      %dst_ptrs = offset %yb, %offs : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
      %is_full = cmpi less_than %j, %full, signed : tile<i32> -> tile<i1>
      %tx1, %ty1 = if %is_full -> (token, token) {
        // The frontend checks the gathered index anyway.
        %ok = cmpi less_than %src, %nb, signed : tile<128xi32> -> tile<128xi1>
        %v, %tv = load_ptr_tko weak %src_ptrs, %ok, %fzero token=%tx0
            : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
        %ts = store_ptr_tko weak %dst_ptrs, %v token=%ty0
            : tile<128xptr<f32>>, tile<128xf32> -> token
        yield %tv, %ts : token, token
      } else {
        %in = cmpi less_than %offs, %nb, signed : tile<128xi32> -> tile<128xi1>
        %v, %tv = load_ptr_tko weak %src_ptrs, %in, %fzero token=%tx0
            : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
        %ts = store_ptr_tko weak %dst_ptrs, %v, %in token=%ty0
            : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
        yield %tv, %ts : token, token
      }
      continue %tx1, %ty1 : token, token
    }
    return
  }
}
