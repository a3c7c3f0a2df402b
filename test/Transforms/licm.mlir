// RUN: cuda-tile-opt %s -split-input-file -cuda-tile-licm | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s --check-prefix=MLIR

// A `loop` body runs at least once: a division at its top, before the
// conditional break, runs in the first iteration anyway and may move out.
// After the break it may not (the loop may end first). Pure ops move from
// anywhere. MLIR's generic pass, through LoopLikeOpInterface, moves only the
// speculatable ops.
cuda_tile.module @m {
  // CHECK-LABEL: entry @loop_with_break
  // MLIR-LABEL: entry @loop_with_break
  entry @loop_with_break(%a: tile<i32>, %b: tile<i32>, %n: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: %[[Q:.*]] = divi %arg0, %arg1 signed
    // CHECK: %[[K:.*]] = muli %arg0, %arg1
    // CHECK: loop
    // CHECK: if
    // CHECK: break
    // CHECK: divi %arg1, %arg0 signed
    // CHECK: addi %{{.*}}, %[[Q]]
    // MLIR: %[[K:.*]] = muli %arg0, %arg1
    // MLIR: loop
    // MLIR-NEXT: divi %arg0, %arg1 signed
    %r = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {
      %q = divi %a, %b signed : tile<i32>
      %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %i : tile<i32>
      }
      %q2 = divi %b, %a signed : tile<i32>
      %s = addi %i, %q : tile<i32>
      %s2 = addi %s, %q2 : tile<i32>
      %k = muli %a, %b : tile<i32>
      %s3 = addi %s2, %k : tile<i32>
      continue %s3 : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// A `for` may run zero times: a division stays unless the bounds say it
// runs. remi by a possibly-zero value is treated the same way; by a nonzero
// constant it moves.
cuda_tile.module @m {
  // CHECK-LABEL: entry @for_trip_count
  entry @for_trip_count(%a: tile<i32>, %b: tile<i32>, %n: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c7 = constant <i32: 7> : tile<i32>
    // CHECK: %[[R7:.*]] = remi %arg0, %{{.*}} signed
    // CHECK: for
    // CHECK-NEXT: divi %arg0, %arg1 signed
    // CHECK-NEXT: remi %arg1, %arg0 signed
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %q = divi %a, %b signed : tile<i32>
      %m = remi %b, %a signed : tile<i32>
      %m7 = remi %a, %c7 signed : tile<i32>
      %s = addi %acc, %q : tile<i32>
      %s2 = addi %s, %m : tile<i32>
      %s3 = addi %s2, %m7 : tile<i32>
      continue %s3 : tile<i32>
    }
    // Four iterations: the division runs in the first one.
    // CHECK: %[[Q:.*]] = divi %arg0, %arg1 signed
    // CHECK: for
    // CHECK-NEXT: addi %{{.*}}, %[[Q]]
    %r2 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %q = divi %a, %b signed : tile<i32>
      %s = addi %acc, %q : tile<i32>
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    %t2 = store_ptr_tko weak %p, %r2 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// A weak load of an invariant address leaves a loop that writes nothing;
// it stays in one that stores (the store may write what it reads), and an
// acquire load stays even without stores (another tile block may change
// the value: spin loops depend on it).
cuda_tile.module @m {
  // CHECK-LABEL: entry @loads
  entry @loads(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %z = constant <f32: 0.0> : tile<f32>
    // CHECK: %[[V:.*]], %{{.*}} = load_ptr_tko weak %arg0
    // CHECK: for
    // CHECK-NEXT: addf %{{.*}}, %[[V]]
    %r = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %z) -> (tile<f32>) {
      %v, %tv = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
      %s = addf %acc, %v : tile<f32>
      continue %s : tile<f32>
    }
    // CHECK: for
    // CHECK-NEXT: load_ptr_tko weak %arg0
    // CHECK: store_ptr_tko
    %r2 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %z) -> (tile<f32>) {
      %v, %tv = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
      %s = addf %acc, %v : tile<f32>
      %t = store_ptr_tko weak %q, %s : tile<ptr<f32>>, tile<f32> -> token
      continue %s : tile<f32>
    }
    // CHECK: for
    // CHECK-NEXT: load_ptr_tko acquire device %arg0
    %r3 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %z) -> (tile<f32>) {
      %v, %tv = load_ptr_tko acquire device %p : tile<ptr<f32>> -> tile<f32>, token
      %s = addf %acc, %v : tile<f32>
      continue %s : tile<f32>
    }
    %t = store_ptr_tko weak %q, %r : tile<ptr<f32>>, tile<f32> -> token
    %t2 = store_ptr_tko weak %q, %r2 : tile<ptr<f32>>, tile<f32> -> token
    %t3 = store_ptr_tko weak %q, %r3 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// A load in a `loop` after a possible break might never run: it stays.
// Pure ops leave if branches and nested loops, outermost loop they can.
cuda_tile.module @m {
  // CHECK-LABEL: entry @nested
  entry @nested(%a: tile<i32>, %b: tile<i32>, %c: tile<i1>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    // CHECK: %[[M:.*]] = muli %arg0, %arg1
    // CHECK: %[[X:.*]] = xori %arg0, %arg1
    // CHECK: loop
    // CHECK: break
    // CHECK: load_ptr_tko weak %arg3
    // CHECK: for
    // CHECK-NOT: muli
    // CHECK-NOT: xori
    // CHECK: continue
    %r = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {
      if %c {
        break %i : tile<i32>
      }
      %v, %tv = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
      %s = for %j in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %v) -> (tile<i32>) {
        %x = if %c -> (tile<i32>) {
          %m = muli %a, %b : tile<i32>
          yield %m : tile<i32>
        } else {
          %m = xori %a, %b : tile<i32>
          yield %m : tile<i32>
        }
        %y = addi %acc, %x : tile<i32>
        continue %y : tile<i32>
      }
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// An assume holds where it is written; it moves only when it runs anyway.
cuda_tile.module @m {
  // CHECK-LABEL: entry @assume
  entry @assume(%a: tile<i32>, %n: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: for
    // CHECK-NEXT: assume bounded<0, 10>
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %x = assume bounded<0, 10>, %a : tile<i32>
      %s = addi %acc, %x : tile<i32>
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
