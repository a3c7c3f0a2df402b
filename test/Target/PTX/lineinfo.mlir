// -lineinfo writes .file / .loc directives from the ops' locations (the
// text's lines, or the debug-info locations of the module), as nvcc
// -lineinfo does: no DWARF sections and no `.target ..., debug`.
//
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 -lineinfo %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 -lineinfo %s | not grep -e '.debug_info' -e '.debug_line' -e ', debug'
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s --check-prefix=NOLINES
// The same from bytecode, which keeps the debug-info locations only: the
// kernel without them has no line information.
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.tileirbc
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 -lineinfo %t.tileirbc | FileCheck %s --check-prefix=BYTECODE
// The LLVM IR has the compile unit that asks for directives only.
// RUN: %cuda-tile-translate -cudatile-to-llvmir --gpu-name=sm_90 -lineinfo %s | FileCheck %s --check-prefix=LLVMIR
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 -lineinfo %s -o %t.80.ptx && %ptxas -arch=sm_80 --generate-line-info %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 -lineinfo %t.tileirbc -o %t.90.ptx && %ptxas -arch=sm_90 --generate-line-info %t.90.ptx -o %t.90.cubin %}

#file = #cuda_tile.di_file<"kernel.py" in "/src">
#other = #cuda_tile.di_file<"helpers.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 10, name = "scale", linkageName = "scale", compileUnit = #cu, scopeLine = 10>
#helper = #cuda_tile.di_subprogram<file = #other, line = 3, name = "twice", linkageName = "twice", compileUnit = #cu>

// CHECK: .target sm_90{{$}}
// NOLINES: .target sm_90{{$}}
// NOLINES-NOT: .loc
// NOLINES-NOT: .file
// BYTECODE: .target sm_90{{$}}

cuda_tile.module @m {
  // Text locations: the lines of this file.
  // CHECK-LABEL: .entry copy(
  // BYTECODE-LABEL: .entry copy(
  // BYTECODE-NOT: .loc
  entry @copy(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>) {
    // CHECK: .loc [[THIS:[0-9]+]] [[@LINE+2]] 14
    // CHECK-NEXT: ld.global.b32
    %v, %t = load_ptr_tko weak %src : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: .loc [[THIS]] [[@LINE+2]] 11
    // CHECK-NEXT: st.global.b32
    %t2 = store_ptr_tko weak %dst, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // Debug-info locations: kernel.py, and helpers.py for the op inlined from
  // there.
  // CHECK-LABEL: .entry scale(
  // BYTECODE-LABEL: .entry scale(
  entry @scale(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>) {
    // CHECK: .loc [[PY:[0-9]+]] 11 5
    // CHECK-NEXT: ld.global.b32
    // BYTECODE: .loc [[PY:[0-9]+]] 11 5
    // BYTECODE-NEXT: ld.global.b32
    %v, %t = load_ptr_tko weak %src : tile<ptr<f32>> -> tile<f32>, token loc(#cuda_tile.di_loc<loc("kernel.py":11:5) in #sp>)
    // CHECK: .loc [[HELPERS:[0-9]+]] 4 9
    // CHECK-NEXT: add.rn.f32
    // BYTECODE: .loc [[HELPERS:[0-9]+]] 4 9
    // BYTECODE-NEXT: add.rn.f32
    %w = addf %v, %v : tile<f32> loc(callsite(#cuda_tile.di_loc<loc("helpers.py":4:9) in #helper> at #cuda_tile.di_loc<loc("kernel.py":12:7) in #sp>))
    // CHECK: .loc [[PY]] 13 3
    // CHECK-NEXT: st.global.b32
    // BYTECODE: .loc [[PY]] 13 3
    // BYTECODE-NEXT: st.global.b32
    %t2 = store_ptr_tko weak %dst, %w : tile<ptr<f32>>, tile<f32> -> token loc(#cuda_tile.di_loc<loc("kernel.py":13:3) in #sp>)
    return loc(#cuda_tile.di_loc<loc("kernel.py":14:3) in #sp>)
  } loc(#cuda_tile.di_loc<loc("kernel.py":10:1) in #sp>)
}

// CHECK-DAG: .file [[THIS]] "{{.*}}lineinfo.mlir"
// CHECK-DAG: .file [[PY]] "kernel.py"
// CHECK-DAG: .file [[HELPERS]] "helpers.py"
// BYTECODE-DAG: .file [[PY]] "kernel.py"
// BYTECODE-DAG: .file [[HELPERS]] "helpers.py"

// LLVMIR-DAG: distinct !DICompileUnit(language: DW_LANG_C, file: !{{[0-9]+}}, producer: "cuda-tile", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly
// LLVMIR-DAG: distinct !DISubprogram(name: "copy"
// LLVMIR-DAG: distinct !DISubprogram(name: "scale"
// LLVMIR-DAG: !DILexicalBlockFile({{.*}}file: ![[HFILE:[0-9]+]]
// LLVMIR-DAG: ![[HFILE]] = !DIFile(filename: "helpers.py"
