// RUN: cuda-tile-opt %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file | cuda-tile-opt -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | cuda-tile-opt -split-input-file | FileCheck %s

cuda_tile.module @ifs {
  // CHECK-LABEL: entry @forms
  entry @forms(%c: tile<i1>, %x: tile<i32>, %y: tile<f32>) {
    // An empty then-branch keeps its implicit yield out of the text.
    // CHECK: if %arg0 {
    // CHECK-NEXT: }
    if %c {
    }
    // CHECK: %0:2 = if %arg0 -> (tile<i32>, tile<f32>) {
    // CHECK-NEXT: yield %arg1, %arg2 : tile<i32>, tile<f32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: %cst_1_i32 = constant <i32: 1> : tile<i32>
    // CHECK-NEXT: yield %cst_1_i32, %arg2 : tile<i32>, tile<f32>
    %r:2 = if %c -> (tile<i32>, tile<f32>) {
      yield %x, %y : tile<i32>, tile<f32>
    } else {
      %one = constant <i32: 1> : tile<i32>
      yield %one, %y : tile<i32>, tile<f32>
    }
    // CHECK: if %arg0 {
    // CHECK-NEXT: } else {
    // CHECK-NEXT: }
    if %c {
    } else {
    }
    // Early exit from the kernel.
    // CHECK: if %arg0 {
    // CHECK-NEXT: return
    if %c {
      return
    }
    return
  }
}

// -----

cuda_tile.module @fors {
  // CHECK-LABEL: entry @counted
  entry @counted(%n: tile<i32>, %f: tile<f32>) {
    %lo = constant <i32: 0> : tile<i32>
    %st = constant <i32: 2> : tile<i32>
    // CHECK: for %loopIdx in (%cst_0_i32 to %arg0, step %cst_2_i32) : tile<i32> {
    // CHECK-NEXT: }
    for %i in (%lo to %n, step %st) : tile<i32> {
    }
    // CHECK: %for:2 = for %loopIdx in (%cst_0_i32 to %arg0, step %cst_2_i32) : tile<i32> iter_values(%iterArg0 = %arg1, %iterArg1 = %cst_0_i32) -> (tile<f32>, tile<i32>) {
    // CHECK-NEXT: continue %iterArg0, %loopIdx : tile<f32>, tile<i32>
    %a, %b = for %i in (%lo to %n, step %st) : tile<i32> iter_values(%s = %f, %k = %lo) -> (tile<f32>, tile<i32>) {
      continue %s, %i : tile<f32>, tile<i32>
    }
    // CHECK: %for_0 = for unsigned %loopIdx in
    // CHECK: continue %iterArg0 : tile<i32>
    %c = for unsigned %i in (%lo to %n, step %st) : tile<i32> iter_values(%acc = %lo) -> (tile<i32>) {
      %p = constant <i1: true> : tile<i1>
      if %p {
        continue %acc : tile<i32>
      }
      continue %i : tile<i32>
    }
    // CHECK: tile<i64>
    %lo64 = constant <i64: -4> : tile<i64>
    %hi64 = constant <i64: 4294967296> : tile<i64>
    for %w in (%lo64 to %hi64, step %hi64) : tile<i64> {
    }
    return
  }
}

// -----

cuda_tile.module @loops {
  // CHECK-LABEL: entry @unbounded
  entry @unbounded(%c: tile<i1>) {
    // CHECK: loop {
    // CHECK-NEXT: break
    loop {
      break
    }
    %z = constant <i32: 0> : tile<i32>
    // CHECK: %0 = loop iter_values(%arg1 = %cst_0_i32) : tile<i32> -> tile<i32> {
    // CHECK: break %arg1 : tile<i32>
    // CHECK: continue %arg1 : tile<i32>
    %r = loop iter_values(%i = %z) : tile<i32> -> tile<i32> {
      if %c {
        break %i : tile<i32>
      }
      continue %i : tile<i32>
    }
    %h = constant <f32: 0.5> : tile<f32>
    // CHECK: %1 = loop iter_values(%arg1 = %cst_0_i32, %arg2 = %cst_f32) : tile<i32>, tile<f32> -> tile<f64> {
    // CHECK: } else {
    // CHECK-NEXT: continue %arg1, %arg2 : tile<i32>, tile<f32>
    %d = loop iter_values(%j = %z, %u = %h) : tile<i32>, tile<f32> -> tile<f64> {
      if %c {
        %o = constant <f64: 1.5> : tile<f64>
        break %o : tile<f64>
      } else {
        continue %j, %u : tile<i32>, tile<f32>
      }
      %n = constant <f64: -1.0> : tile<f64>
      break %n : tile<f64>
    }
    // CHECK: %2 = loop : tile<i1> {
    %e = loop : tile<i1> {
      break %c : tile<i1>
    }
    return
  }
}
