// Atomic compare-and-swap, read-modify-write and view reductions round-trip
// through the custom and the generic syntax.
// RUN: cuda-tile-opt %s -allow-unregistered-dialect | cuda-tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: cuda-tile-opt %s -allow-unregistered-dialect -mlir-print-op-generic | cuda-tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: cuda-tile-opt %s -allow-unregistered-dialect -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

cuda_tile.module @m {
  // CHECK-LABEL: entry @cas
  entry @cas(%lp: tile<ptr<i64>>, %fp: tile<ptr<f32>>, %dp: tile<ptr<f64>>) {
    %ptrs = "test.ptrs"() : () -> !cuda_tile.tile<8x!cuda_tile.ptr<i32>>
    %m = "test.mask"() : () -> !cuda_tile.tile<8xi1>
    %cmp = constant <i32: 0> : tile<8xi32>
    %new = constant <i32: [8, 7, 6, 5, 4, 3, 2, 1]> : tile<8xi32>
    // CHECK: %result, %result_token = atomic_cas_tko relaxed device %0, %cst_0_i32, %cst_i32 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    %o0, %t0 = atomic_cas_tko relaxed device %ptrs, %cmp, %new : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    // CHECK: %result_0, %result_token_1 = atomic_cas_tko acquire sys %0, %cst_0_i32, %cst_i32, %1 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %o1, %t1 = atomic_cas_tko acquire sys %ptrs, %cmp, %new, %m : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    // CHECK: atomic_cas_tko release tl_blk %0, %cst_0_i32, %cst_i32 token=%result_token_1 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    %o2, %t2 = atomic_cas_tko release tl_blk %ptrs, %cmp, %new token=%t1 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xi32>, token
    // CHECK: atomic_cas_tko acq_rel device %0, %cst_0_i32, %cst_i32, %1 token=%result_token_3 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %o3, %t3 = atomic_cas_tko acq_rel device %ptrs, %cmp, %new, %m token=%t2 : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    %lc = constant <i64: -1> : tile<i64>
    // CHECK: atomic_cas_tko relaxed device %arg0, %cst_-1_i64, %cst_-1_i64 : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %l0, %lt = atomic_cas_tko relaxed device %lp, %lc, %lc : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %fc = constant <f32: 1.0> : tile<f32>
    // CHECK: atomic_cas_tko relaxed device %arg1, %cst_1_f32, %cst_1_f32 : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %f0, %ft = atomic_cas_tko relaxed device %fp, %fc, %fc : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %dc = constant <f64: 2.0> : tile<f64>
    // CHECK: atomic_cas_tko relaxed sys %arg2, %cst_2_f64, %cst_2_f64 : tile<ptr<f64>>, tile<f64> -> tile<f64>, token
    %d0, %dt = atomic_cas_tko relaxed sys %dp, %dc, %dc : tile<ptr<f64>>, tile<f64> -> tile<f64>, token
    return
  }

  // CHECK-LABEL: entry @rmw
  entry @rmw(%lp: tile<ptr<i64>>, %fp: tile<ptr<f32>>, %hp: tile<ptr<f16>>, %bp: tile<ptr<bf16>>, %dp: tile<ptr<f64>>) {
    %ptrs = "test.ptrs"() : () -> !cuda_tile.tile<4x!cuda_tile.ptr<i32>>
    %m = "test.mask"() : () -> !cuda_tile.tile<4xi1>
    %v = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    // CHECK: %result, %result_token = atomic_rmw_tko relaxed device %0, and, %cst_i32 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r0, %t0 = atomic_rmw_tko relaxed device %ptrs, and, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko acquire tl_blk %0, or, %cst_i32 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r1, %t1 = atomic_rmw_tko acquire tl_blk %ptrs, or, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko release sys %0, xor, %cst_i32, %1 : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    %r2, %t2 = atomic_rmw_tko release sys %ptrs, xor, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko acq_rel device %0, add, %cst_i32 token=%result_token_3 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %r3, %t3 = atomic_rmw_tko acq_rel device %ptrs, add, %v token=%t2 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko relaxed device %0, max, %cst_i32, %1 token=%result_token_5 : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    %r4, %t4 = atomic_rmw_tko relaxed device %ptrs, max, %v, %m token=%t3 : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko relaxed device %0, min,
    %r5, %t5 = atomic_rmw_tko relaxed device %ptrs, min, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko relaxed device %0, umax,
    %r6, %t6 = atomic_rmw_tko relaxed device %ptrs, umax, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko relaxed device %0, umin,
    %r7, %t7 = atomic_rmw_tko relaxed device %ptrs, umin, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    // CHECK: atomic_rmw_tko relaxed device %0, xchg,
    %r8, %t8 = atomic_rmw_tko relaxed device %ptrs, xchg, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %lv = constant <i64: 10> : tile<i64>
    // CHECK: atomic_rmw_tko relaxed sys %arg0, add, %cst_10_i64 : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %l0, %lt0 = atomic_rmw_tko relaxed sys %lp, add, %lv : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %fv = constant <f32: 0.5> : tile<f32>
    // CHECK: atomic_rmw_tko relaxed device %arg1, addf, %cst_f32 : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %f0, %ft0 = atomic_rmw_tko relaxed device %fp, addf, %fv : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    // CHECK: atomic_rmw_tko relaxed device %arg1, xchg, %cst_f32 : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %f1, %ft1 = atomic_rmw_tko relaxed device %fp, xchg, %fv : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %hv = constant <f16: 0.5> : tile<f16>
    // CHECK: atomic_rmw_tko relaxed device %arg2, addf, %cst_f16 : tile<ptr<f16>>, tile<f16> -> tile<f16>, token
    %h0, %ht0 = atomic_rmw_tko relaxed device %hp, addf, %hv : tile<ptr<f16>>, tile<f16> -> tile<f16>, token
    %bv = constant <bf16: 0.5> : tile<bf16>
    // CHECK: atomic_rmw_tko relaxed device %arg3, addf, %cst_bf16 : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    %b0, %bt0 = atomic_rmw_tko relaxed device %bp, addf, %bv : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    %dv = constant <f64: 0.25> : tile<f64>
    // CHECK: atomic_rmw_tko relaxed device %arg4, xchg, %cst_f64 : tile<ptr<f64>>, tile<f64> -> tile<f64>, token
    %d1, %dt1 = atomic_rmw_tko relaxed device %dp, xchg, %dv : tile<ptr<f64>>, tile<f64> -> tile<f64>, token
    return
  }

  // CHECK-LABEL: entry @red_view
  entry @red_view(%itv: tensor_view<64x64xi32, strides=[64,1]>, %ftv: tensor_view<128xf32, strides=[1]>) {
    %ipv = make_partition_view %itv : partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %vals = constant <i32: 1> : tile<16x16xi32>
    // CHECK: %0 = atomic_red_view_tko relaxed device %pview[%cst_0_i32, %cst_1_i32], add, %cst_1_i32_0 : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token{{$}}
    %t0 = atomic_red_view_tko relaxed device %ipv[%c0, %c1], add, %vals : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    // CHECK: %1 = atomic_red_view_tko relaxed tl_blk %pview[%cst_1_i32, %cst_0_i32], and, %cst_1_i32_0 token = %0 : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    %t1 = atomic_red_view_tko relaxed tl_blk %ipv[%c1, %c0], and, %vals token = %t0 : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    // CHECK: atomic_red_view_tko relaxed device %pview[%cst_1_i32, %cst_1_i32], umin, %cst_1_i32_0 : tile<16x16xi32>
    %t2 = atomic_red_view_tko relaxed device %ipv[%c1, %c1], umin, %vals : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    %fsv = make_strided_view %ftv : strided_view<tile=(32), traversal_strides=[16], tensor_view<128xf32, strides=[1]>>
    %fv = constant <f32: 0.125> : tile<32xf32>
    %i = constant <i64: 2> : tile<i64>
    // CHECK: atomic_red_view_tko relaxed device %sview[%cst_2_i64], addf, %cst_f32 : tile<32xf32>, strided_view<tile=(32), traversal_strides=[16], tensor_view<128xf32, strides=[1]>>, tile<i64> -> token
    %t3 = atomic_red_view_tko relaxed device %fsv[%i], addf, %fv : tile<32xf32>, strided_view<tile=(32), traversal_strides=[16], tensor_view<128xf32, strides=[1]>>, tile<i64> -> token
    return
  }
}

// GENERIC-LABEL: sym_name = "cas"
// GENERIC: "cuda_tile.atomic_cas_tko"(%{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}>
// GENERIC-LABEL: sym_name = "rmw"
// GENERIC: "cuda_tile.atomic_rmw_tko"(%{{.*}}, %{{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}>
// GENERIC-LABEL: sym_name = "red_view"
// GENERIC: "cuda_tile.atomic_red_view_tko"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 2, 1, 0>}>
