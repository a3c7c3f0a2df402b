// Diagnostics are reported at the debug locations (a.py), outside this file,
// so they are matched with FileCheck rather than -verify-diagnostics.
// RUN: not cuda-tile-opt %s -split-input-file 2>&1 | FileCheck %s

#f = #cuda_tile.di_file<"a.py" in "d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "other_name", compileUnit = #cu>
cuda_tile.module @m {
  // CHECK: a.py:1:1: error: 'cuda_tile.entry' op invalid function debug info scope: #cuda_tile.di_subprogram<{{.*}}>. Function name "k" does not match subprogram scope linkage name "other_name".
  entry @k() {
    return
  } loc(#cuda_tile.di_loc<loc("a.py":1:1) in #sp>)
}

// -----

#f = #cuda_tile.di_file<"a.py" in "d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // CHECK: a.py:2:3: error: 'cuda_tile.constant' op invalid operation debug info scope: {{.*}}. Operation has debug info scope, but function debug info scope is undefined.
    %y = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<loc("a.py":2:3) in #sp>)
    return
  }
}

// -----

#f = #cuda_tile.di_file<"a.py" in "d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
#other = #cuda_tile.di_subprogram<file = #f, line = 9, name = "j", linkageName = "j", compileUnit = #cu>
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // CHECK: a.py:2:3: error: invalid operation debug info scope: {{.*}}name = "j"{{.*}}. Operation debug info scope does not match function debug info scope: {{.*}}name = "k"{{.*}}.
    %y = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<loc("a.py":2:3) in #other>)
    return
  } loc(#cuda_tile.di_loc<loc("a.py":1:1) in #sp>)
}

// -----

// A scope that is not a subprogram or lexical block is refused as the
// parameter is parsed, at the reference's columns.
#f = #cuda_tile.di_file<"a.py" in "d">
// CHECK: debug-info-invalid.mlir:[[@LINE+2]]:45: error: invalid kind of attribute specified
// CHECK: debug-info-invalid.mlir:[[@LINE+1]]:47: error: failed to parse CudaTile_DILocAttr parameter 'scope' which is to be a `DILocalScopeAttr`
#bad = #cuda_tile.di_loc<loc("a.py":1:1) in #f>

// -----

#f = #cuda_tile.di_file<"a.py" in "d">
// CHECK: debug-info-invalid.mlir:[[@LINE+2]]:44: error: invalid kind of attribute specified
// CHECK: debug-info-invalid.mlir:[[@LINE+1]]:46: error: failed to parse CudaTile_DILexicalBlockAttr parameter 'scope' which is to be a `DILocalScopeAttr`
#bad = #cuda_tile.di_lexical_block<scope = #f, file = #f, line = 1, column = 1>

// -----

// A function's scope is its subprogram itself, not a block inside it.
#f = #cuda_tile.di_file<"a.py" in "d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #f, line = 2, column = 1>
cuda_tile.module @m {
  // CHECK: a.py:3:1: error: 'cuda_tile.entry' op invalid function debug info scope: #cuda_tile.di_lexical_block<{{.*}}>. Function location must have cuda_tile.di_subprogram debug info scope.
  entry @k() {
    return
  } loc(#cuda_tile.di_loc<loc("a.py":3:1) in #blk>)
}

// -----

cuda_tile.module @m {
  // CHECK: b.py:1:1: error: 'cuda_tile.entry' op invalid function debug info location: loc(callsite("b.py":1:1 at "c.py":2:2)). Function location must not be a CallSiteLoc.
  entry @k() {
    return
  } loc(callsite("b.py":1:1 at "c.py":2:2))
}

// -----

// The message names the subprogram of the op's lexical block.
#f = #cuda_tile.di_file<"a.py" in "d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #f, line = 2, column = 1>
cuda_tile.module @m {
  entry @k() {
    // CHECK: a.py:4:4: error: 'cuda_tile.return' op invalid operation debug info scope: #cuda_tile.di_subprogram<{{.*}}>. Operation has debug info scope, but function debug info scope is undefined.
    return loc(#cuda_tile.di_loc<loc("a.py":4:4) in #blk>)
  }
}

// -----

// Only functions have a debug info scope.
#f = #cuda_tile.di_file<"a.py" in "d">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
cuda_tile.module @m {
  // CHECK: a.py:5:5: error: 'cuda_tile.global' op invalid operation debug info scope: #cuda_tile.di_loc<{{.*}}>. Global variables must not have scope.
  global @g <f32: 1.0> : tile<f32> loc("g"(#cuda_tile.di_loc<loc("a.py":5:5) in #sp>))
}
