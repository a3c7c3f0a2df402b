// RUN: cuda-tile-opt %s -mlir-print-debuginfo | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-debuginfo | cuda-tile-opt -mlir-print-debuginfo | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-debuginfo -mlir-print-op-generic | cuda-tile-opt -mlir-print-debuginfo | FileCheck %s

#file = #cuda_tile.di_file<"loop.cu" in "src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "looping", linkageName = "looping", compileUnit = #cu, scopeLine = 2>
#callee = #cuda_tile.di_subprogram<file = #file, line = 5, name = "helper", linkageName = "helper", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 4, column = 3>
#inner = #cuda_tile.di_lexical_block<scope = #block, file = #file, line = 6>

// CHECK-LABEL: cuda_tile.module @dbg
cuda_tile.module @dbg {
  // CHECK: entry @looping(%arg0: tile<i1>) {
  entry @looping(%c: tile<i1>) {
    // CHECK: constant <i32: 0> : tile<i32> loc([[L1:#loc[0-9]+]])
    %z = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<loc("loop.cu":3:12) in #sp>)
    // CHECK: if %arg0 {
    if %c {
      // CHECK: constant <i32: 1> : tile<i32> loc([[L2:#loc[0-9]+]])
      %o = constant <i32: 1> : tile<i32> loc(#cuda_tile.di_loc<loc("loop.cu":7:9) in #inner>)
      // CHECK: constant <i32: 2> : tile<i32> loc([[L3:#loc[0-9]+]])
      %t = constant <i32: 2> : tile<i32> loc(callsite(#cuda_tile.di_loc<loc("loop.cu":6:1) in #callee> at #cuda_tile.di_loc<loc("loop.cu":9:2) in #block>))
      // CHECK: } loc([[L4:#loc[0-9]+]])
    } loc(#cuda_tile.di_loc<loc("loop.cu":6:5) in #block>)
    return loc("plain.mlir":1:1)
  } loc(#cuda_tile.di_loc<loc("loop.cu":1:1) in #sp>)
}
// CHECK-DAG: #di_file = #cuda_tile.di_file<"loop.cu" in "src">
// CHECK-DAG: #di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
// CHECK-DAG: #di_subprogram{{[0-9]*}} = #cuda_tile.di_subprogram<file = #di_file, line = 1, name = "looping", linkageName = "looping", compileUnit = #di_compile_unit, scopeLine = 2>
// CHECK-DAG: #di_lexical_block{{[0-9]*}} = #cuda_tile.di_lexical_block<scope = #di_subprogram{{[0-9]*}}, file = #di_file, line = 4, column = 3>
// CHECK-DAG: [[L1]] = #cuda_tile.di_loc<#loc{{[0-9]*}} in #di_subprogram{{[0-9]*}}>
// CHECK-DAG: [[L2]] = #cuda_tile.di_loc<#loc{{[0-9]*}} in #di_lexical_block{{[0-9]*}}>
// CHECK-DAG: [[L3]] = loc(callsite(
