// RUN: cuda-tile-opt --testing-ops %s -split-input-file -synthesize-debug-info-scopes -mlir-print-debuginfo | FileCheck %s
// RUN: cuda-tile-opt --testing-ops %s -split-input-file -synthesize-debug-info-scopes | cuda-tile-opt --testing-ops -split-input-file

// Without debug info: a subprogram for the entry in a compile unit of the
// module's file, and a di_loc for every op with its own file:line:col.
// CHECK-LABEL: entry @plain
// CHECK: constant <i32: 1> : tile<i32> loc(#[[CONST:[a-z0-9_]+]])
// CHECK: return loc(#[[RET:[a-z0-9_]+]])
// CHECK: } loc(#[[FN:[a-z0-9_]+]])
// CHECK-DAG: #[[FILE:.*]] = #cuda_tile.di_file<"kernel.py" in "src">
// CHECK-DAG: #[[CU:.*]] = #cuda_tile.di_compile_unit<file = #[[CUFILE:[a-z0-9_]+]]>
// CHECK-DAG: #[[CUFILE]] = #cuda_tile.di_file<"module.py" in "src">
// CHECK-DAG: #[[SP:.*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 10, name = "plain", linkageName = "plain", compileUnit = #[[CU]], scopeLine = 10>
// CHECK-DAG: #[[CONST]] = #cuda_tile.di_loc<#{{.*}} in #[[SP]]>
// CHECK-DAG: #[[RET]] = #cuda_tile.di_loc<#{{.*}} in #[[SP]]>
// CHECK-DAG: #[[FN]] = #cuda_tile.di_loc<#{{.*}} in #[[SP]]>
cuda_tile.module @m {
  entry @plain() {
    %c = constant <i32: 1> : tile<i32> loc("src/kernel.py":11:4)
    return loc("src/kernel.py":12:4)
  } loc("src/kernel.py":10:0)
} loc("src/module.py":1:0)

// -----

// An entry with a subprogram keeps it; its ops without a scope get one
// (here the entry's own location, as they have none), those with a scope
// keep theirs.
// CHECK-LABEL: entry @partial
// CHECK: constant <i32: 2> : tile<i32> loc(#[[KEPT:[a-z0-9_]+]])
// CHECK: return loc(#[[NEW:[a-z0-9_]+]])
// CHECK-DAG: #[[SP:.*]] = #cuda_tile.di_subprogram<{{.*}}line = 7, name = "partial"
// CHECK-DAG: #[[BLOCK:.*]] = #cuda_tile.di_lexical_block<scope = #[[SP]]
// CHECK-DAG: #[[KEPT]] = #cuda_tile.di_loc<#{{.*}} in #[[BLOCK]]>
// CHECK-DAG: #[[NEW]] = #cuda_tile.di_loc<#{{.*}} in #[[SP]]>
#file = #cuda_tile.di_file<"k.py" in "/w">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 7, name = "partial", linkageName = "partial", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 8>
cuda_tile.module @m {
  entry @partial() {
    %c = constant <i32: 2> : tile<i32> loc(#cuda_tile.di_loc<loc("/w/k.py":8:2) in #block>)
    return loc(unknown)
  } loc(#cuda_tile.di_loc<loc("/w/k.py":7:0) in #sp>)
}

// -----

// No file locations at all: the unknown file, line 1.
// CHECK-LABEL: entry @nothing
// CHECK-DAG: #[[F:[a-z0-9_]+]] = #cuda_tile.di_file<"<unknown>" in "">
// CHECK-DAG: #cuda_tile.di_subprogram<file = #[[F]], line = 1, name = "nothing", linkageName = "nothing"
cuda_tile.module @m {
  entry @nothing() {
    return loc(unknown)
  } loc(unknown)
} loc(unknown)

// -----

// A call site's line is its caller's (the line written in the kernel); a
// fusion's is its first plain file:line:col, not one inside a name.
// CHECK-LABEL: entry @call_sites
// CHECK: constant <i32: 3> : tile<i32> loc(#[[CALL:[a-z0-9_]+]])
// CHECK: return loc(#[[FUSED:[a-z0-9_]+]])
// CHECK-DAG: #[[CALLER:.*]] = loc("k.py":21:2)
// CHECK-DAG: #[[PLAIN:.*]] = loc("k.py":22:6)
// CHECK-DAG: #[[CALL]] = #cuda_tile.di_loc<#[[CALLER]] in #{{.*}}>
// CHECK-DAG: #[[FUSED]] = #cuda_tile.di_loc<#[[PLAIN]] in #{{.*}}>
cuda_tile.module @m {
  entry @call_sites() {
    %c = constant <i32: 3> : tile<i32> loc(callsite("lib.py":90:1 at "k.py":21:2))
    return loc(fused["n"("k.py":99:9), "k.py":22:6])
  } loc("k.py":20:0)
}

// -----

// Any function op gets a subprogram: here the testing function of the
// reference's tests (--testing-ops).
// CHECK-LABEL: testing$func @tested
// CHECK: return loc(#[[RET:[a-z0-9_]+]])
// CHECK-DAG: #[[SP:.*]] = #cuda_tile.di_subprogram<{{.*}}line = 30, name = "tested", linkageName = "tested"
// CHECK-DAG: #[[RET]] = #cuda_tile.di_loc<#{{.*}} in #[[SP]]>
cuda_tile.module @m {
  testing$func @tested() {
    return loc("k.py":31:2)
  } loc("k.py":30:0)
}
