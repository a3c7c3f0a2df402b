// RUN: cuda-tile-opt %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Inputs the reference accepts and ours accepted differently or refused.

// exti and trunci take i4 on either side: i1 -> i4 extends.
// CHECK-LABEL: entry @i4_both_sides
// CHECK: exti %{{.*}} unsigned : tile<i1> -> tile<i4>
// CHECK: trunci %{{.*}} : tile<i8> -> tile<i4>
// The entry always carries one argument dictionary per argument, as the
// reference's parser makes it (the generic form shows it).
// GENERIC: "cuda_tile.entry"() <{arg_attrs = [{}, {}], function_type
cuda_tile.module @m {
  entry @i4_both_sides(%x: tile<i1>, %y: tile<i8>) {
    %a = exti %x unsigned : tile<i1> -> tile<i4>
    %b = trunci %y : tile<i8> -> tile<i4>
    return
  }
}

// -----

// alloca's natural size counts tf32 as its 19 bits: 2 bytes.
// CHECK-LABEL: entry @tf32_alloca
// CHECK: alloca num_elem = 4, alignment = 2
// GENERIC: "cuda_tile.entry"() <{arg_attrs = [], function_type
cuda_tile.module @m {
  entry @tf32_alloca() {
    %a = alloca num_elem = 4, alignment = 2 : tile<ptr<tf32>>
    return
  }
}
