// Pointer loads and stores (masks, padding, orderings), alloca, globals,
// tokens and atomics (atomic_rmw_tko in every mode, atomic_cas_tko,
// atomic_red_view_tko).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy_check.py make %t/x.npy '<i4' 8 iota:10:10
// RUN: cuda-tile-run %s --entry memory --grid 1 --arg @%t/x.npy --out-dir %t/out | FileCheck %s
// RUN: %python %S/Inputs/npy_check.py print %t/out/arg0.npy | FileCheck %s --check-prefix=X
// RUN: cuda-tile-run %s --entry atomics --grid 1 --arg zeros:i32:8 --arg zeros:f32:4 --arg zeros:f16:2 --out-dir %t/atom | FileCheck %s --check-prefix=ATOM
// RUN: %python %S/Inputs/npy_check.py print %t/atom/arg0.npy | FileCheck %s --check-prefix=ATOMI
// RUN: %python %S/Inputs/npy_check.py print %t/atom/arg1.npy | FileCheck %s --check-prefix=ATOMF
// RUN: %python %S/Inputs/npy_check.py print %t/atom/arg2.npy | FileCheck %s --check-prefix=ATOMH

cuda_tile.module @pointers {
  global @table <i16: [100, 200, 300, 400]> : tile<4xi16>
  global private constant @limits <f32: [1.5, 2.5]> : tile<2xf32>
  // An alignment that is no power of two (accepted, as by the reference)
  // is rounded up to 16: the address is a multiple of 16.
  global @odd alignment = 12 <i32: [7, 8]> : tile<2xi32>

  // %x holds 10, 20, ..., 80.
  entry @memory(%x0: tile<ptr<i32>>) {
    // Buffers are at least 256-byte aligned.
    %x = assume div_by<256>, %x0 : tile<ptr<i32>>
    %x1 = reshape %x : tile<ptr<i32>> -> tile<1xptr<i32>>
    %xb = broadcast %x1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %off = constant <i32: [7, 0, 3, 100]> : tile<4xi32>
    %p = offset %xb, %off : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    // The masked-off lane points far past the buffer and is never read.
    %mask = constant <i1: [true, true, true, false]> : tile<4xi1>
    %pad = constant <i32: -1> : tile<4xi32>
    %v, %t0 = load_ptr_tko weak %p, %mask, %pad : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: gather=[80, 10, 40, -1]
    %t1 = print_tko "gather=%d\n", %v : tile<4xi32> -> token
    %w, %t2 = load_ptr_tko acquire device %p, %mask token=%t0 : tile<4xptr<i32>>, tile<4xi1> -> tile<4xi32>, token
    // Without a padding value masked-off lanes read as zero.
    // CHECK: acquire=[80, 10, 40, 0]
    %t3 = print_tko "acquire=%d\n", %w : tile<4xi32> -> token
    %nv = negi %v : tile<4xi32>
    %t4 = store_ptr_tko release device %p, %nv, %mask token=%t2 : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> token
    %s, %t5 = load_ptr_tko weak %x token=%t4 : tile<ptr<i32>> -> tile<i32>, token
    // CHECK: element 0 after the store=-10
    %t6 = print_tko "element 0 after the store=%d\n", %s : tile<i32> -> token
    // An alloca lives until the end of its block.
    %buf = alloca num_elem = 4, alignment = 16 : tile<ptr<f64>>
    %b1 = reshape %buf : tile<ptr<f64>> -> tile<1xptr<f64>>
    %bb = broadcast %b1 : tile<1xptr<f64>> -> tile<4xptr<f64>>
    %lane = iota : tile<4xi32>
    %bp = offset %bb, %lane : tile<4xptr<f64>>, tile<4xi32> -> tile<4xptr<f64>>
    %init, %t7 = load_ptr_tko weak %bp : tile<4xptr<f64>> -> tile<4xf64>, token
    %vals = constant <f64: [0.5, 1.5, 2.5, 3.5]> : tile<4xf64>
    %t8 = store_ptr_tko weak %bp, %vals : tile<4xptr<f64>>, tile<4xf64> -> token
    %rb, %t9 = load_ptr_tko weak %bp token=%t8 : tile<4xptr<f64>> -> tile<4xf64>, token
    // CHECK: alloca initial=[0, 0, 0, 0] stored=[0.5, 1.5, 2.5, 3.5]
    %t10 = print_tko "alloca initial=%g stored=%g\n", %init, %rb : tile<4xf64>, tile<4xf64> -> token
    // Globals: writable unless constant.
    %g = get_global @table : tile<ptr<i16>>
    %g1 = reshape %g : tile<ptr<i16>> -> tile<1xptr<i16>>
    %gb = broadcast %g1 : tile<1xptr<i16>> -> tile<4xptr<i16>>
    %gp = offset %gb, %lane : tile<4xptr<i16>>, tile<4xi32> -> tile<4xptr<i16>>
    %gv, %t11 = load_ptr_tko weak %gp : tile<4xptr<i16>> -> tile<4xi16>, token
    %gv2 = addi %gv, %gv : tile<4xi16>
    %t12 = store_ptr_tko weak %gp, %gv2 : tile<4xptr<i16>>, tile<4xi16> -> token
    %gv3, %t13 = load_ptr_tko weak %gp token=%t12 : tile<4xptr<i16>> -> tile<4xi16>, token
    %c = get_global @limits : tile<ptr<f32>>
    %cv, %t14 = load_ptr_tko weak %c : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: global=[100, 200, 300, 400] doubled=[200, 400, 600, 800] constant=1.5
    %t15 = print_tko "global=%d doubled=%d constant=%g\n", %gv, %gv3, %cv : tile<4xi16>, tile<4xi16>, tile<f32> -> token
    %o = get_global @odd : tile<ptr<i32>>
    %ov, %t16 = load_ptr_tko weak %o : tile<ptr<i32>> -> tile<i32>, token
    %oa = ptr_to_int %o : tile<ptr<i32>> -> tile<i64>
    %sixteen = constant <i64: 16> : tile<i64>
    %orem = remi %oa, %sixteen signed : tile<i64>
    // CHECK: odd=7 address%16=0
    %t17 = print_tko "odd=%d address%%16=%d\n", %ov, %orem : tile<i32>, tile<i64> -> token
    %j = join_tokens %t13, %t15 : token
    %m = make_token : token
    return
  }

  entry @atomics(%ints: tile<ptr<i32>>, %floats: tile<ptr<f32>>, %halves: tile<ptr<f16>>) {
    %i1 = reshape %ints : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ib = broadcast %i1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %lane = iota : tile<8xi32>
    %ip = offset %ib, %lane : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %start = constant <i32: [5, 5, 5, 5, 5, 5, 5, -5]> : tile<8xi32>
    %o0, %a0 = atomic_rmw_tko relaxed device %ip, xchg, %start : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    %arg = constant <i32: [3, 3, 3, 3, 3, 9, 1, 2]> : tile<8xi32>
    // One lane per mode: add, and, or, xor, max, min, umax, umin.
    %l0 = constant <i1: [true, false, false, false, false, false, false, false]> : tile<8xi1>
    %l1 = constant <i1: [false, true, false, false, false, false, false, false]> : tile<8xi1>
    %l2 = constant <i1: [false, false, true, false, false, false, false, false]> : tile<8xi1>
    %l3 = constant <i1: [false, false, false, true, false, false, false, false]> : tile<8xi1>
    %l4 = constant <i1: [false, false, false, false, true, false, false, false]> : tile<8xi1>
    %l5 = constant <i1: [false, false, false, false, false, true, false, false]> : tile<8xi1>
    %l6 = constant <i1: [false, false, false, false, false, false, true, false]> : tile<8xi1>
    %l7 = constant <i1: [false, false, false, false, false, false, false, true]> : tile<8xi1>
    %r0, %k0 = atomic_rmw_tko relaxed device %ip, add, %arg, %l0 token=%a0 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %r1, %k1 = atomic_rmw_tko acquire device %ip, and, %arg, %l1 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %r2, %k2 = atomic_rmw_tko release device %ip, or, %arg, %l2 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %r3, %k3 = atomic_rmw_tko acq_rel sys %ip, xor, %arg, %l3 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %r4, %k4 = atomic_rmw_tko relaxed device %ip, max, %arg, %l4 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %r5, %k5 = atomic_rmw_tko relaxed device %ip, min, %arg, %l5 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %r6, %k6 = atomic_rmw_tko relaxed device %ip, umax, %arg, %l6 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %r7, %k7 = atomic_rmw_tko relaxed tl_blk %ip, umin, %arg, %l7 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    // The old value comes back in the enabled lane; masked-off lanes read 0.
    // ATOM: xchg old=[0, 0, 0, 0, 0, 0, 0, 0] add old=[5, 0, 0, 0, 0, 0, 0, 0] umin old=[0, 0, 0, 0, 0, 0, 0, -5]
    %t0 = print_tko "xchg old=%d add old=%d umin old=%d\n", %o0, %r0, %r7 : tile<8xi32>, tile<8xi32>, tile<8xi32> -> token
    // CAS: lanes whose memory equals cmp are swapped; masked-off lanes return cmp.
    %cmp = constant <i32: [8, 0, 0, 0, 0, 0, 0, 0]> : tile<8xi32>
    %new = constant <i32: 42> : tile<8xi32>
    %cm = constant <i1: [true, true, false, false, false, false, false, false]> : tile<8xi1>
    %cas, %k8 = atomic_cas_tko acq_rel device %ip, %cmp, %new, %cm : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    // ATOM: cas old=[8, 1, 0, 0, 0, 0, 0, 0]
    %t1 = print_tko "cas old=%d\n", %cas : tile<8xi32> -> token
    // atomic_red_view_tko adds a tile into a view.
    %fv = make_tensor_view %floats, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %fp = make_partition_view %fv : partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>
    %c1 = constant <i32: 1> : tile<i32>
    %fvals = constant <f32: [0.25, -1.5]> : tile<2xf32>
    %k9 = atomic_red_view_tko relaxed device %fp[%c1], addf, %fvals : tile<2xf32>, partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    %k10 = atomic_red_view_tko relaxed device %fp[%c1], addf, %fvals token = %k9 : tile<2xf32>, partition_view<tile=(2), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    // f16 addf works on 2-byte words.
    %h1 = reshape %halves : tile<ptr<f16>> -> tile<1xptr<f16>>
    %hb = broadcast %h1 : tile<1xptr<f16>> -> tile<2xptr<f16>>
    %hl = iota : tile<2xi32>
    %hp = offset %hb, %hl : tile<2xptr<f16>>, tile<2xi32> -> tile<2xptr<f16>>
    %hv = constant <f16: [1.5, 2048.0]> : tile<2xf16>
    %hr, %k11 = atomic_rmw_tko relaxed device %hp, addf, %hv : tile<2xptr<f16>>, tile<2xf16> -> tile<2xf16>, token
    %one = constant <f16: [0.25, 1.0]> : tile<2xf16>
    %hr2, %k12 = atomic_rmw_tko relaxed device %hp, addf, %one : tile<2xptr<f16>>, tile<2xf16> -> tile<2xf16>, token
    return
  }
}
// X: <i4 8: -10 20 30 -40 50 60 70 -80
// 5+3, 5&3, 5|3, 5^3, max(5,3), min(5,9), umax(5,1), umin(-5,2); then CAS.
// ATOMI: <i4 8: 42 1 7 6 5 5 5 2
// ATOMF: <f4 4: 0.0 0.0 0.5 -3.0
// 2048 + 1 rounds to 2048 in f16 (a tie to even).
// ATOMH: <f2 2: 1.75 2048.0
