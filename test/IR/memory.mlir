// Pointer loads and stores, allocations and tokens round-trip through the
// custom and the generic syntax.
// RUN: cuda-tile-opt %s -allow-unregistered-dialect | cuda-tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: cuda-tile-opt %s -allow-unregistered-dialect -mlir-print-op-generic | cuda-tile-opt -allow-unregistered-dialect | FileCheck %s
// RUN: cuda-tile-opt %s -allow-unregistered-dialect -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

cuda_tile.module @m {
  // CHECK-LABEL: entry @ptr_loads
  entry @ptr_loads(%p: tile<ptr<f32>>) {
    %ptrs = "test.ptrs"() : () -> !cuda_tile.tile<32x!cuda_tile.ptr<f32>>
    %mask = "test.mask"() : () -> !cuda_tile.tile<32xi1>
    %pad = constant <f32: 0.0> : tile<32xf32>
    // CHECK: %result, %result_token = load_ptr_tko weak %{{.*}} : tile<32xptr<f32>> -> tile<32xf32>, token
    %v0, %t0 = load_ptr_tko weak %ptrs : tile<32xptr<f32>> -> tile<32xf32>, token
    // CHECK: load_ptr_tko weak %{{.*}}, %{{.*}} : tile<32xptr<f32>>, tile<32xi1> -> tile<32xf32>, token
    %v1, %t1 = load_ptr_tko weak %ptrs, %mask : tile<32xptr<f32>>, tile<32xi1> -> tile<32xf32>, token
    // CHECK: load_ptr_tko weak %{{.*}}, %{{.*}}, %cst_0_f32 token=%result_token_1 : tile<32xptr<f32>>, tile<32xi1>, tile<32xf32> -> tile<32xf32>, token
    %v2, %t2 = load_ptr_tko weak %ptrs, %mask, %pad token=%t1 : tile<32xptr<f32>>, tile<32xi1>, tile<32xf32> -> tile<32xf32>, token
    // CHECK: load_ptr_tko relaxed tl_blk %{{.*}} : tile<32xptr<f32>>
    %v3, %t3 = load_ptr_tko relaxed tl_blk %ptrs : tile<32xptr<f32>> -> tile<32xf32>, token
    // The parser also takes spaces around `=` in the token clause.
    // CHECK: load_ptr_tko acquire sys %{{.*}}, %{{.*}} token=%result_token_5 : tile<32xptr<f32>>, tile<32xi1> -> tile<32xf32>, token
    %v4, %t4 = load_ptr_tko acquire sys %ptrs, %mask token = %t3 : tile<32xptr<f32>>, tile<32xi1> -> tile<32xf32>, token
    // CHECK: load_ptr_tko relaxed device %arg0 optimization_hints = <sm_120 = {latency = 1}> : tile<ptr<f32>> -> tile<f32>, token
    %s, %ts = load_ptr_tko relaxed device %p optimization_hints = <sm_120 = {latency = 1}> : tile<ptr<f32>> -> tile<f32>, token
    return
  }

  // CHECK-LABEL: entry @ptr_stores
  entry @ptr_stores(%p: tile<ptr<i8>>, %v: tile<i8>) {
    %ptrs = "test.ptrs"() : () -> !cuda_tile.tile<4x8x!cuda_tile.ptr<i8>>
    %mask = "test.mask"() : () -> !cuda_tile.tile<4x8xi1>
    %vals = constant <i8: 3> : tile<4x8xi8>
    // CHECK: %[[T0:.*]] = store_ptr_tko weak %{{.*}}, %cst_3_i8 : tile<4x8xptr<i8>>, tile<4x8xi8> -> token
    %t0 = store_ptr_tko weak %ptrs, %vals : tile<4x8xptr<i8>>, tile<4x8xi8> -> token
    // CHECK: %[[T1:.*]] = store_ptr_tko relaxed device %{{.*}}, %cst_3_i8, %{{.*}} token=%[[T0]] : tile<4x8xptr<i8>>, tile<4x8xi8>, tile<4x8xi1> -> token
    %t1 = store_ptr_tko relaxed device %ptrs, %vals, %mask token=%t0 : tile<4x8xptr<i8>>, tile<4x8xi8>, tile<4x8xi1> -> token
    // CHECK: store_ptr_tko release sys %arg0, %arg1 token=%[[T1]] optimization_hints = <sm_121 = {latency = 7}> : tile<ptr<i8>>, tile<i8> -> token
    %t2 = store_ptr_tko release sys %p, %v token=%t1 optimization_hints = <sm_121 = {latency = 7}> : tile<ptr<i8>>, tile<i8> -> token
    // CHECK: store_ptr_tko release tl_blk %arg0, %arg1 {tag = "x"} : tile<ptr<i8>>, tile<i8> -> token
    %t3 = store_ptr_tko release tl_blk %p, %v {tag = "x"} : tile<ptr<i8>>, tile<i8> -> token
    return
  }

  // CHECK-LABEL: entry @pointee_types
  entry @pointee_types(%b: tile<ptr<i1>>, %h: tile<ptr<f16>>, %f8: tile<ptr<f8E5M2>>, %t: tile<ptr<tf32>>) {
    // CHECK: load_ptr_tko weak %arg0 : tile<ptr<i1>> -> tile<i1>, token
    %0, %t0 = load_ptr_tko weak %b : tile<ptr<i1>> -> tile<i1>, token
    // CHECK: load_ptr_tko weak %arg1 : tile<ptr<f16>> -> tile<f16>, token
    %1, %t1 = load_ptr_tko weak %h : tile<ptr<f16>> -> tile<f16>, token
    // CHECK: store_ptr_tko weak %arg2, %{{.*}} : tile<ptr<f8E5M2>>, tile<f8E5M2> -> token
    %2, %t2 = load_ptr_tko weak %f8 : tile<ptr<f8E5M2>> -> tile<f8E5M2>, token
    %t3 = store_ptr_tko weak %f8, %2 : tile<ptr<f8E5M2>>, tile<f8E5M2> -> token
    // CHECK: load_ptr_tko weak %arg3 : tile<ptr<tf32>> -> tile<tf32>, token
    %4, %t4 = load_ptr_tko weak %t : tile<ptr<tf32>> -> tile<tf32>, token
    return
  }

  // CHECK-LABEL: entry @allocas
  entry @allocas() {
    // CHECK: %0 = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %a = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    // CHECK: %1 = alloca num_elem = 1, alignment = 1 global : tile<ptr<i8>>
    %b = alloca num_elem = 1, alignment = 1 global : tile<ptr<i8>>
    // CHECK: %2 = alloca num_elem = 0, alignment = 16 : tile<ptr<f64>>
    %c = alloca num_elem = 0, alignment = 16 : tile<ptr<f64>>
    // CHECK: %3 = alloca num_elem = 8, alignment = 1 : tile<ptr<i1>>
    %d = alloca num_elem = 8, alignment = 1 : tile<ptr<i1>>
    // CHECK: %4 = alloca num_elem = 8, alignment = 4 : tile<ptr<tf32>>
    %e = alloca num_elem = 8, alignment = 4 : tile<ptr<tf32>>
    %v = constant <f32: 1.0> : tile<f32>
    // CHECK: store_ptr_tko weak %0, %cst_1_f32 : tile<ptr<f32>>, tile<f32> -> token
    %t = store_ptr_tko weak %a, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // CHECK-LABEL: entry @tokens
  entry @tokens(%p: tile<ptr<f32>>, %tin: token) {
    // CHECK: %0 = make_token : token
    // CHECK: %1 = make_token : token
    %t0 = make_token : token
    %t1 = make_token : token
    // CHECK: %2 = join_tokens %0, %1 : token
    %j2 = join_tokens %t0, %t1 : token
    // CHECK: %3 = join_tokens %0, %1, %2, %arg1 : token
    %j4 = join_tokens %t0, %t1, %j2, %tin : token
    // CHECK: load_ptr_tko weak %arg0 token=%3 : tile<ptr<f32>> -> tile<f32>, token
    %v, %tv = load_ptr_tko weak %p token=%j4 : tile<ptr<f32>> -> tile<f32>, token
    return
  }
}

// The memory-model enums are plain i32 attributes in the generic form.
// GENERIC-LABEL: "cuda_tile.entry"() <{{.*}}sym_name = "ptr_loads"
// GENERIC: "cuda_tile.load_ptr_tko"(%{{.*}}) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}>
// GENERIC: "cuda_tile.load_ptr_tko"(%{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 2 : i32, memory_scope = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 1>}>
// GENERIC: optimization_hints = #cuda_tile.optimization_hints<sm_120 = {latency = 1}>
// GENERIC: "cuda_tile.alloca"() <{alignment = 128 : i64, num_elem = 64 : i64}>
// GENERIC: "cuda_tile.alloca"() <{alignment = 1 : i64, global, num_elem = 1 : i64}>
