// RUN: cuda-tile-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -cse | FileCheck %s

// An `if` whose only op leaves the kernel (or the iteration) is not dead:
// return, break and continue count as effects for dead code elimination.
cuda_tile.module @m {
  // CHECK-LABEL: entry @early_return
  entry @early_return(%c: tile<i1>, %p: tile<ptr<f32>>) {
    // CHECK: if %arg0 {
    // CHECK-NEXT: return
    if %c {
      return
    }
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  // CHECK-LABEL: entry @early_break_continue
  entry @early_break_continue(%c: tile<i1>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: loop
    // CHECK: if %arg0 {
    // CHECK-NEXT: break
    %r = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {
      if %c {
        break %i : tile<i32>
      }
      %j = addi %i, %c1 : tile<i32>
      continue %j : tile<i32>
    }
    // CHECK: for
    // CHECK: if %arg0 {
    // CHECK-NEXT: continue
    for %k in (%c0 to %n, step %c1) : tile<i32> {
      if %c {
        continue
      }
    }
    return
  }
}
