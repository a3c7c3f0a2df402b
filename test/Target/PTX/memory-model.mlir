// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefix=SM80

// Memory orderings and scopes become PTX memory-model qualifiers:
// relaxed / acquire / release with .cta (tl_blk), .gpu (device) and .sys
// (sys). Acquire is followed, release preceded, by bar.sync so that the
// ordering extends to the other threads of the tile block.

// CHECK-LABEL: .entry orderings(
// CHECK: ld.b32
// CHECK: ld.relaxed.gpu.b32
// CHECK: bar.sync 0;
// CHECK: ld.acquire.cta.b32
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: st.release.sys.b32
// CHECK: bar.sync 0;
// CHECK: st.b32

// CHECK-LABEL: .entry atomics(
// CHECK: atom.relaxed.gpu.add.u32
// CHECK: atom.acq_rel.cta.max.s32
// CHECK: atom.acquire.sys.cas.b32
// CHECK: atom.release.gpu.add.f32
// CHECK: atom.relaxed.gpu.exch.b64
// CHECK: atom.relaxed.cta.and.b32
// CHECK: atom.relaxed.sys.min.u64
// CHECK: atom.relaxed.gpu.add.noftz.bf16
// CHECK: atom.relaxed.gpu.add.noftz.f16
// CHECK: atom.relaxed.gpu.add.f64
// bf16 addition has no atom before sm_90: a 16-bit compare-and-swap loop.
// SM80-LABEL: .entry atomics(
// SM80-NOT: add.noftz.bf16
// SM80: atom.relaxed.gpu.cas.b16
// SM80: atom.relaxed.gpu.add.noftz.f16
cuda_tile.module @m {
  entry @orderings(%p: tile<ptr<i32>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %l = iota : tile<128xi32>
    %pp = offset %pb, %l : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %v, %t0 = load_ptr_tko weak %pp : tile<128xptr<i32>> -> tile<128xi32>, token
    %v2, %t1 = load_ptr_tko relaxed device %pp : tile<128xptr<i32>> -> tile<128xi32>, token
    %v3, %t2 = load_ptr_tko acquire tl_blk %pp token=%t1 : tile<128xptr<i32>> -> tile<128xi32>, token
    %s = addi %v, %v2 : tile<128xi32>
    %s2 = addi %s, %v3 : tile<128xi32>
    %t3 = store_ptr_tko release sys %pp, %s2 token=%t2 : tile<128xptr<i32>>, tile<128xi32> -> token
    %m = cmpi less_than %l, %v, signed : tile<128xi32> -> tile<128xi1>
    %t4 = store_ptr_tko weak %pp, %s2, %m token=%t3 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> token
    return
  }

  entry @atomics(%p: tile<ptr<i32>>, %f: tile<ptr<f32>>, %q: tile<ptr<i64>>, %h: tile<ptr<bf16>>, %g: tile<ptr<f16>>, %d: tile<ptr<f64>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %l = iota : tile<128xi32>
    %pp = offset %pb, %l : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %a, %t0 = atomic_rmw_tko relaxed device %pp, add, %l : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %b, %t1 = atomic_rmw_tko acq_rel tl_blk %pp, max, %a token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %c, %t2 = atomic_cas_tko acquire sys %pp, %a, %b : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %one = constant <f32: 1.0> : tile<f32>
    %fv, %t3 = atomic_rmw_tko release device %f, addf, %one : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %lv = constant <i64: 5> : tile<i64>
    %x0, %t4 = atomic_rmw_tko relaxed device %q, xchg, %lv : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %i3 = constant <i32: 3> : tile<i32>
    %x1, %t5 = atomic_rmw_tko relaxed tl_blk %p, and, %i3 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %x2, %t6 = atomic_rmw_tko relaxed sys %q, umin, %lv : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %hb = constant <bf16: 1.0> : tile<bf16>
    %hv, %t7 = atomic_rmw_tko relaxed device %h, addf, %hb : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    %gb = constant <f16: 1.0> : tile<f16>
    %gv, %t8 = atomic_rmw_tko relaxed device %g, addf, %gb : tile<ptr<f16>>, tile<f16> -> tile<f16>, token
    %db = constant <f64: 1.0> : tile<f64>
    %dv, %t9 = atomic_rmw_tko relaxed device %d, addf, %db : tile<ptr<f64>>, tile<f64> -> tile<f64>, token
    return
  }
}
