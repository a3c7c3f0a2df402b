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
    // CHECK: a.py:2:3: error: 'cuda_tile.constant' op invalid operation debug info scope: {{.*}}name = "j"{{.*}}. Operation debug info scope is not nested in the function debug info scope.
    %y = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<loc("a.py":2:3) in #other>)
    return
  } loc(#cuda_tile.di_loc<loc("a.py":1:1) in #sp>)
}

// -----

#f = #cuda_tile.di_file<"a.py" in "d">
// CHECK: debug-info-invalid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: di_loc scope must be a di_subprogram or a di_lexical_block
#bad = #cuda_tile.di_loc<loc("a.py":1:1) in #f>
