// Views, loads and stores (pointer and view based, every memory ordering and
// scope, optional operands, optimization hints), atomics with every mode,
// tokens, print and assert, alloca, pack and unpack, and matrix
// multiply-accumulate: written at 13.3 and read back to the same text and
// the same bytes.
//
// RUN: %cuda-tile-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | %cuda-tile-opt -no-implicit-module -o %t.rt.mlir
// RUN: diff %t.ref.mlir %t.rt.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo %t.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: entry @views
  entry @views(%base: tile<ptr<f32>>, %rows: tile<i32>, %hbase: tile<ptr<f16>>) {
    // CHECK: make_tensor_view %{{.*}}, shape = [%{{.*}}, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %tv = make_tensor_view %base, shape = [%rows, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pz = make_partition_view %tv : partition_view<tile=(8x4), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>
    %pnz = make_partition_view %tv : partition_view<tile=(8x4), padding_value = neg_zero, tensor_view<?x64xf32, strides=[64,1]>>
    %pnan = make_partition_view %tv : partition_view<tile=(8x4), padding_value = nan, tensor_view<?x64xf32, strides=[64,1]>>
    %ppi = make_partition_view %tv : partition_view<tile=(8x4), padding_value = pos_inf, tensor_view<?x64xf32, strides=[64,1]>>
    // CHECK: partition_view<tile=(8x4), padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %pni = make_partition_view %tv : partition_view<tile=(8x4), padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] optimization_hints = <sm_100 = {allow_tma = true, latency = 3}>
    %t0, %k0 = load_view_tko weak %pz[%c0, %c1] optimization_hints = <sm_100 = {latency = 3, allow_tma = true}> : partition_view<tile=(8x4), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x4xf32>, token
    %t1, %k1 = load_view_tko relaxed device %pnz[%c1, %c0] token = %k0 : partition_view<tile=(8x4), padding_value = neg_zero, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x4xf32>, token
    %t2, %k2 = load_view_tko acquire sys %pnan[%c1, %c1] : partition_view<tile=(8x4), padding_value = nan, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x4xf32>, token
    %t3, %k3 = load_view_tko relaxed tl_blk %ppi[%c0, %c0] : partition_view<tile=(8x4), padding_value = pos_inf, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x4xf32>, token
    %s0 = store_view_tko release sys %t0, %pni[%c0, %c0] token = %k3 optimization_hints = <default = {latency = 10}> : tile<8x4xf32>, partition_view<tile=(8x4), padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> token
    %s1 = store_view_tko relaxed device %t1, %pz[%c1, %c1] : tile<8x4xf32>, partition_view<tile=(8x4), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
    %d0, %d1 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i64>
    %n0, %n1 = get_index_space_shape %pz : partition_view<tile=(8x4), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>> -> tile<i32>
    %ht = make_tensor_view %hbase, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    // CHECK: make_gather_scatter_view %{{.*}} : gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>
    %g = make_gather_scatter_view %ht : gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>
    %gi = iota : tile<16xi64>
    %r = constant <i64: 2> : tile<i64>
    %gv, %gk = load_view_tko relaxed device %g[%r, %gi] : gather_scatter_view<tile=(16x16), padding_value = neg_zero, tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=1>, tile<i64>, tile<16xi64> -> tile<16x16xf16>, token
    // CHECK: make_strided_view %{{.*}} : strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<1024x64xf16, strides=[64,1]>, dim_map=[1, 0]>
    %sv = make_strided_view %ht : strided_view<tile=(2x8), traversal_strides=[2,8], padding_value = pos_inf, tensor_view<1024x64xf16, strides=[64,1]>, dim_map=[1, 0]>
    %sv2 = make_strided_view %ht : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<1024x64xf16, strides=[64,1]>>
    %st, %sk = load_view_tko weak %sv2[%r, %r] : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<1024x64xf16, strides=[64,1]>>, tile<i64> -> tile<4x4xf16>, token
    return
  }

  // CHECK-LABEL: entry @pointers
  entry @pointers(%base: tile<ptr<f32>>) {
    %b1 = reshape %base : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %b1 : tile<1xptr<f32>> -> tile<32xptr<f32>>
    %off = iota : tile<32xi32>
    %ptrs = offset %bb, %off : tile<32xptr<f32>>, tile<32xi32> -> tile<32xptr<f32>>
    %lim = constant <i32: 20> : tile<32xi32>
    %mask = cmpi less_than %off, %lim, signed : tile<32xi32> -> tile<32xi1>
    %pad = constant <f32: 0.0> : tile<32xf32>
    %v0, %t0 = load_ptr_tko weak %ptrs : tile<32xptr<f32>> -> tile<32xf32>, token
    // CHECK: load_ptr_tko weak %{{.*}}, %{{.*}}, %{{.*}} token=%{{.*}} : tile<32xptr<f32>>, tile<32xi1>, tile<32xf32> -> tile<32xf32>, token
    %v1, %t1 = load_ptr_tko weak %ptrs, %mask, %pad token=%t0 : tile<32xptr<f32>>, tile<32xi1>, tile<32xf32> -> tile<32xf32>, token
    %v2, %t2 = load_ptr_tko acquire sys %ptrs, %mask optimization_hints = <sm_120 = {latency = 1}> : tile<32xptr<f32>>, tile<32xi1> -> tile<32xf32>, token
    %s0 = store_ptr_tko weak %ptrs, %v0 : tile<32xptr<f32>>, tile<32xf32> -> token
    // CHECK: store_ptr_tko release tl_blk %{{.*}}, %{{.*}}, %{{.*}} token=%{{.*}} optimization_hints = <sm_121 = {latency = 7}>
    %s1 = store_ptr_tko release tl_blk %ptrs, %v1, %mask token=%s0 optimization_hints = <sm_121 = {latency = 7}> : tile<32xptr<f32>>, tile<32xf32>, tile<32xi1> -> token
    return
  }

  // CHECK-LABEL: entry @atomics
  entry @atomics(%ip: tile<ptr<i32>>, %fp: tile<ptr<f32>>) {
    %p1 = reshape %ip : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ptrs = broadcast %p1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %v = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %m = constant <i1: [true, false, true, true]> : tile<4xi1>
    // CHECK: atomic_cas_tko acquire sys %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    %c0, %ct0 = atomic_cas_tko acquire sys %ptrs, %v, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    %c1, %ct1 = atomic_cas_tko relaxed device %ptrs, %v, %v token=%ct0 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r0, %rt0 = atomic_rmw_tko relaxed device %ptrs, and, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r1, %rt1 = atomic_rmw_tko acquire tl_blk %ptrs, or, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r2, %rt2 = atomic_rmw_tko release sys %ptrs, xor, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    %r3, %rt3 = atomic_rmw_tko acq_rel device %ptrs, add, %v token=%rt2 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r4, %rt4 = atomic_rmw_tko relaxed device %ptrs, max, %v, %m token=%rt3 : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    %r5, %rt5 = atomic_rmw_tko relaxed device %ptrs, min, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r6, %rt6 = atomic_rmw_tko relaxed device %ptrs, umax, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r7, %rt7 = atomic_rmw_tko relaxed device %ptrs, umin, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{.*}}, xchg, %{{.*}}
    %r8, %rt8 = atomic_rmw_tko relaxed device %ptrs, xchg, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %f1 = reshape %fp : tile<ptr<f32>> -> tile<1xptr<f32>>
    %fptrs = broadcast %f1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %fv = constant <f32: 0.5> : tile<4xf32>
    %r9, %rt9 = atomic_rmw_tko relaxed device %fptrs, addf, %fv : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
    %itv = make_tensor_view %ip, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %ipv = make_partition_view %itv : partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>
    %i0 = constant <i32: 0> : tile<i32>
    %vals = constant <i32: 1> : tile<16x16xi32>
    // CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], add, %{{.*}} token = %{{.*}}
    %red = atomic_red_view_tko relaxed device %ipv[%i0, %i0], add, %vals token = %rt9 : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  // CHECK-LABEL: entry @tokens_print_assert
  entry @tokens_print_assert(%x: tile<f32>, %i: tile<i32>, %tin: token, %c: tile<i1>) {
    %t0 = make_token : token
    // CHECK: join_tokens %{{.*}}, %{{.*}}, %{{.*}} : token
    %j = join_tokens %t0, %tin, %t0 : token
    // CHECK: print_tko "x=%f i=%d\0A", %{{.*}}, %{{.*}} token=%{{.*}} : tile<f32>, tile<i32> -> token
    %p0 = print_tko "x=%f i=%d\n", %x, %i token=%j : tile<f32>, tile<i32> -> token
    %p1 = print_tko "plain ünïcödé\n" -> token
    // CHECK: assert %{{.*}}, "must hold" : tile<i1>
    assert %c, "must hold" : tile<i1>
    return
  }

  // CHECK-LABEL: entry @alloc_pack
  entry @alloc_pack() {
    // CHECK: alloca num_elem = 1, alignment = 1 global : tile<ptr<i8>>
    %a = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %b = alloca num_elem = 1, alignment = 1 global : tile<ptr<i8>>
    %h = constant <f16: 1.0> : tile<64xf16>
    %hb = pack %h : tile<64xf16> -> tile<128xi8>
    %hh = unpack %hb : tile<128xi8> -> tile<64xf16>
    %q = constant <f4E2M1FN: 0.5> : tile<64xf4E2M1FN>
    %qb = pack %q : tile<64xf4E2M1FN> -> tile<32xi8>
    // CHECK: unpack %{{.*}} : tile<32xi8> -> tile<64xi4>
    %n = unpack %qb : tile<32xi8> -> tile<64xi4>
    return
  }

  // CHECK-LABEL: entry @mma
  entry @mma() {
    %a8 = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %b8 = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %acc = constant <f32: 0.0> : tile<32x32xf32>
    %r0 = mmaf %a8, %b8, %acc : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc
    %r1 = mmaf %a8, %b8, %acc fast_acc : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<32x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x32xf8E8M0FNU>
    // CHECK: mmaf_scaled
    %r2 = mmaf_scaled %a8, %b8, %acc, %sa, %sb : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %ia = constant <i8: 1> : tile<32x16xi8>
    %ib = constant <i8: -1> : tile<16x32xi8>
    %ic = constant <i32: 0> : tile<32x32xi32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} unsigned signed
    %r3 = mmai %ia, %ib, %ic unsigned signed : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    return
  }
}
