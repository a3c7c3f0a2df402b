// Debug info: files, compile units, subprograms (with and without scope
// line), nested lexical blocks (with and without column), di_loc on kernels
// and ops, call sites (with a debug-info callee, and with a plain callee,
// which is written as unknown), and unknown locations inside a kernel with
// debug info. Plain file locations and the locations of kernels without
// debug info are not stored.
//
// RUN: %cuda-tile-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | %cuda-tile-opt -no-implicit-module -o %t.rt.mlir
// RUN: diff %t.ref.mlir %t.rt.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo %t.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo %t.bc | FileCheck %s
// Debug info is the same in every version.
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 %s | %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo | FileCheck %s

#file = #cuda_tile.di_file<"kernel.py" in "/src/models">
#other = #cuda_tile.di_file<"helpers.py" in "/src/lib">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 10, name = "layer", linkageName = "layer_kernel", compileUnit = #cu, scopeLine = 11>
#helper = #cuda_tile.di_subprogram<file = #other, line = 3, name = "gelu", linkageName = "gelu", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 12, column = 5>
#inner = #cuda_tile.di_lexical_block<scope = #block, file = #file, line = 14>
#kloc = #cuda_tile.di_loc<loc("kernel.py":10:1) in #sp>
#caller = #cuda_tile.di_loc<loc("kernel.py":20:7) in #sp>
#callee = #cuda_tile.di_loc<loc("helpers.py":4:9) in #helper>

cuda_tile.module @kernels {
  // CHECK-LABEL: entry @layer_kernel
  entry @layer_kernel(%x: tile<f32>, %c: tile<i1>) {
    // CHECK: negf {{.*}} loc([[A:#loc[0-9]+]])
    %a = negf %x : tile<f32> loc(#cuda_tile.di_loc<loc("kernel.py":12:3) in #block>)
    // CHECK: absf {{.*}} loc([[B:#loc[0-9]+]])
    %b = absf %a : tile<f32> loc(#cuda_tile.di_loc<loc("kernel.py":15:9) in #inner>)
    // CHECK: tanh {{.*}} loc([[C:#loc[0-9]+]])
    %t = tanh %b : tile<f32> loc(callsite(#callee at #caller))
    // CHECK: mulf {{.*}} loc([[D:#loc[0-9]+]])
    %m = mulf %t, %x rounding<nearest_even> : tile<f32> loc(callsite("helpers.py":5:1 at #caller))
    // CHECK: addf {{.*}} loc([[U:#loc[0-9]*]])
    %s = addf %m, %m rounding<nearest_even> : tile<f32> loc(unknown)
    // CHECK: if {{.*}} {
    if %c {
      // CHECK: subf {{.*}} loc([[E:#loc[0-9]+]])
      %u = subf %s, %x rounding<nearest_even> : tile<f32> loc(#cuda_tile.di_loc<loc("kernel.py":30:2) in #inner>)
    } loc(#cuda_tile.di_loc<loc("kernel.py":29:1) in #block>)
    // CHECK: return loc([[R:#loc[0-9]+]])
    return loc(#cuda_tile.di_loc<loc("kernel.py":40:1) in #sp>)
  // CHECK: } loc([[K:#loc[0-9]+]])
  } loc(#kloc)

  // A kernel without debug info: its op locations are not stored.
  // CHECK-LABEL: entry @plain
  entry @plain(%x: tile<i64>) {
    // CHECK: addi {{.*}} loc([[U]])
    %y = addi %x, %x : tile<i64> loc("plain.mlir":5:10)
    return
  } loc("plain.mlir":4:3)
}

// CHECK-DAG: [[U]] = loc(unknown)
// CHECK-DAG: #di_file = #cuda_tile.di_file<"kernel.py" in "/src/models">
// CHECK-DAG: #di_file1 = #cuda_tile.di_file<"helpers.py" in "/src/lib">
// CHECK-DAG: #di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
// CHECK-DAG: #di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 10, name = "layer", linkageName = "layer_kernel", compileUnit = #di_compile_unit, scopeLine = 11>
// CHECK-DAG: #di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file1, line = 3, name = "gelu", linkageName = "gelu", compileUnit = #di_compile_unit>
// CHECK-DAG: #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 12, column = 5>
// CHECK-DAG: #di_lexical_block1 = #cuda_tile.di_lexical_block<scope = #di_lexical_block, file = #di_file, line = 14>
// CHECK-DAG: [[K]] = #cuda_tile.di_loc<#{{loc[0-9]+}} in #di_subprogram>
// CHECK-DAG: [[A]] = #cuda_tile.di_loc<#{{loc[0-9]+}} in #di_lexical_block>
// CHECK-DAG: [[B]] = #cuda_tile.di_loc<#{{loc[0-9]+}} in #di_lexical_block1>
// CHECK-DAG: [[E]] = #cuda_tile.di_loc<#{{loc[0-9]+}} in #di_lexical_block1>
// CHECK-DAG: [[R]] = #cuda_tile.di_loc<#{{loc[0-9]+}} in #di_subprogram>
// CHECK-DAG: [[C]] = loc(callsite(#{{loc[0-9]+}} at #{{loc[0-9]+}}))
// CHECK-DAG: [[D]] = loc(callsite([[U]] at #{{loc[0-9]+}}))
// CHECK-DAG: = loc("kernel.py":15:9)
// CHECK-DAG: = loc("helpers.py":4:9)
