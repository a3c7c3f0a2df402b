// Every combination of the optional operands (mask, padding value, token)
// of the pointer loads, stores and atomics survives text and bytecode: the
// printed text parses back to the same op, and bytecode reads back to the
// same text and the same bytes. A padding value without a mask prints as
// `padding=%x`; the reference's spelling of it (a lone operand after the
// pointers) is still read, by its type.
//
// RUN: %cuda-tile-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: %cuda-tile-opt -no-implicit-module %t.ref.mlir -o %t.again.mlir
// RUN: diff %t.ref.mlir %t.again.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | %cuda-tile-opt -no-implicit-module -o %t.rt.mlir
// RUN: diff %t.ref.mlir %t.rt.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %t.rt.mlir -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc
// RUN: FileCheck %s < %t.ref.mlir

cuda_tile.module @kernels {
  // CHECK-LABEL: entry @loads
  entry @loads(%p: tile<ptr<f32>>, %m: tile<i1>, %pad: tile<f32>) {
    %t = make_token : token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}} : tile<ptr<f32>> -> tile<f32>, token
    %l0, %lt0 = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<f32>> -> tile<f32>, token
    %l1, %lt1 = load_ptr_tko weak %p token=%t : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, padding=%{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %l2, %lt2 = load_ptr_tko weak %p, padding=%pad : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, padding=%{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %l3, %lt3 = load_ptr_tko weak %p, padding=%pad token=%t : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    %l4, %lt4 = load_ptr_tko weak %p, %m : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    %l5, %lt5 = load_ptr_tko weak %p, %m token=%t : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %l6, %lt6 = load_ptr_tko weak %p, %m, %pad : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    // CHECK: load_ptr_tko acquire sys %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} optimization_hints = <sm_100 = {latency = 2}> : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %l7, %lt7 = load_ptr_tko acquire sys %p, %m, %pad token=%t optimization_hints = <sm_100 = {latency = 2}> : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    // The reference prints a padding value without a mask like a mask.
    // CHECK: load_ptr_tko relaxed device %{{[a-z0-9_]+}}, padding=%{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %r0, %rt0 = load_ptr_tko relaxed device %p, %pad : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    return
  }

  // A lone i1 operand of an i1 load is a mask, as the reference reads it.
  // CHECK-LABEL: entry @bool_loads
  entry @bool_loads(%p: tile<ptr<i1>>, %m: tile<i1>, %pad: tile<i1>) {
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    %b0, %bt0 = load_ptr_tko weak %p, %m : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, padding=%{{[a-z0-9_]+}} : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    %b1, %bt1 = load_ptr_tko weak %p, padding=%pad : tile<ptr<i1>>, tile<i1> -> tile<i1>, token
    // CHECK: load_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<i1>>, tile<i1>, tile<i1> -> tile<i1>, token
    %b2, %bt2 = load_ptr_tko weak %p, %m, %pad : tile<ptr<i1>>, tile<i1>, tile<i1> -> tile<i1>, token
    return
  }

  // CHECK-LABEL: entry @stores
  entry @stores(%p: tile<ptr<f32>>, %m: tile<i1>, %v: tile<f32>) {
    %t = make_token : token
    // CHECK: store_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<f32> -> token
    %s0 = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    // CHECK: store_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<f32> -> token
    %s1 = store_ptr_tko weak %p, %v token=%t : tile<ptr<f32>>, tile<f32> -> token
    // CHECK: store_ptr_tko weak %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    %s2 = store_ptr_tko weak %p, %v, %m : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    // CHECK: store_ptr_tko release device %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    %s3 = store_ptr_tko release device %p, %v, %m token=%t : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    return
  }

  // CHECK-LABEL: entry @atomics
  entry @atomics(%p: tile<ptr<i32>>, %m: tile<i1>, %v: tile<i32>) {
    %t = make_token : token
    // CHECK: atomic_rmw_tko relaxed device %{{[a-z0-9_]+}}, add, %{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a0, %at0 = atomic_rmw_tko relaxed device %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{[a-z0-9_]+}}, add, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %a1, %at1 = atomic_rmw_tko relaxed device %p, add, %v token=%t : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{[a-z0-9_]+}}, add, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %a2, %at2 = atomic_rmw_tko relaxed device %p, add, %v, %m : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    // CHECK: atomic_rmw_tko relaxed device %{{[a-z0-9_]+}}, add, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %a3, %at3 = atomic_rmw_tko relaxed device %p, add, %v, %m token=%t : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    // CHECK: atomic_cas_tko acq_rel sys %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %c0, %ct0 = atomic_cas_tko acq_rel sys %p, %v, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_cas_tko acq_rel sys %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %c1, %ct1 = atomic_cas_tko acq_rel sys %p, %v, %v token=%t : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: atomic_cas_tko acq_rel sys %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %c2, %ct2 = atomic_cas_tko acq_rel sys %p, %v, %v, %m : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    // CHECK: atomic_cas_tko acq_rel sys %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} token=%{{[a-z0-9_]+}} : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %c3, %ct3 = atomic_cas_tko acq_rel sys %p, %v, %v, %m token=%t : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    return
  }
}
