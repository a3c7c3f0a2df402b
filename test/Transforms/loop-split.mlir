// RUN: cuda-tile-opt %s -split-input-file -loop-split | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -loop-split=split-threshold=0 | FileCheck %s --check-prefix=OFF

// `iv < v`: the first loop runs [lb, clamp(v)) with the then-branch, the
// second the rest with the else-branch; iter_values flow from one to the
// other. Step 1 needs no alignment.
cuda_tile.module @m {
  // CHECK-LABEL: entry @less_than
  // OFF-LABEL: entry @less_than
  // OFF: if
  entry @less_than(%n: tile<i32>, %v: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: %[[MIN:.*]] = mini %arg1, %arg0 signed
    // CHECK: %[[SPLIT:.*]] = maxi %[[MIN]], %[[ZERO:.*]] signed
    // CHECK: %[[FIRST:.*]] = for %{{.*}} in (%[[ZERO]] to %[[SPLIT]], step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %[[ZERO]])
    // CHECK-NOT: if
    // CHECK: muli
    // CHECK: continue
    // CHECK: %[[SECOND:.*]] = for %{{.*}} in (%[[SPLIT]] to %arg0, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %[[FIRST]])
    // CHECK-NOT: if
    // CHECK-NOT: muli
    // CHECK: continue
    // CHECK: store_ptr_tko weak %arg2, %[[SECOND]]
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi less_than %i, %v, signed : tile<i32> -> tile<i1>
      %x = if %c -> (tile<i32>) {
        %m = muli %i, %i : tile<i32>
        yield %m : tile<i32>
      } else {
        yield %i : tile<i32>
      }
      %s = addi %acc, %x : tile<i32>
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// `v > iv` is `iv < v`; a branch ending in continue drops the rest of the
// body from its copy. A dynamic step: the second loop starts at the first
// iteration at or past the split point, lb + ceil((split - lb) / step) *
// step, computed unsigned from a step of at least 1, and at ub if that
// overflows.
cuda_tile.module @m {
  // CHECK-LABEL: entry @dynamic_step
  entry @dynamic_step(%n: tile<i32>, %v: tile<i32>, %st: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: %[[SPLIT:.*]] = maxi %{{.*}}, %[[ZERO:.*]] signed
    // CHECK: %[[STEP:.*]] = maxi %arg2, %{{.*}} signed
    // CHECK: %[[DIST:.*]] = subi %[[SPLIT]], %[[ZERO]]
    // CHECK: %[[COUNT:.*]] = divi %[[DIST]], %[[STEP]] unsigned rounding<positive_inf>
    // CHECK: %[[OFFSET:.*]] = muli %[[COUNT]], %[[STEP]]
    // CHECK: %[[ALIGNED:.*]] = addi %[[ZERO]], %[[OFFSET]]
    // CHECK: %[[WRAP:.*]] = cmpi less_than %[[ALIGNED]], %[[SPLIT]], signed
    // CHECK: %[[START:.*]] = select %[[WRAP]], %arg0, %[[ALIGNED]]
    // CHECK: for %{{.*}} in (%[[ZERO]] to %[[SPLIT]], step %arg2)
    // CHECK-NEXT: store_ptr_tko
    // CHECK-NEXT: continue %{{.*}} : tile<i32>
    // CHECK-NEXT: }
    // CHECK: for %{{.*}} in (%[[START]] to %arg0, step %arg2)
    // CHECK-NEXT: addi
    // CHECK-NEXT: continue
    %r = for %i in (%c0 to %n, step %st) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi greater_than %v, %i, signed : tile<i32> -> tile<i1>
      if %c {
        %t = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
        continue %acc : tile<i32>
      }
      %s = addi %acc, %i : tile<i32>
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// `iv <= v` and `iv > v` split after v: at min(v, ub - 1) + 1, which cannot
// overflow. A constant step of 4 is aligned without the max.
cuda_tile.module @m {
  // CHECK-LABEL: entry @inclusive
  entry @inclusive(%lb: tile<i32>, %ub: tile<i32>, %v: tile<i32>, %p: tile<ptr<i32>>) {
    %c4 = constant <i32: 4> : tile<i32>
    // CHECK: %[[ONE:.*]] = constant <i32: 1>
    // CHECK: %[[UBM1:.*]] = subi %arg1, %[[ONE]]
    // CHECK: %[[M:.*]] = mini %arg2, %[[UBM1]] signed
    // CHECK: %[[S:.*]] = addi %[[M]], %[[ONE]]
    // CHECK: mini %[[S]], %arg1 signed
    // CHECK-NOT: maxi %{{.*}}, %[[ONE]]
    // CHECK: divi %{{.*}}, %{{.*}} unsigned rounding<positive_inf>
    // CHECK: for
    // CHECK: continue %{{.*}} : tile<i32>
    // CHECK: for
    // CHECK: continue %{{.*}} : tile<i32>
    %r = for %i in (%lb to %ub, step %c4) : tile<i32> iter_values(%acc = %lb) -> (tile<i32>) {
      %c = cmpi less_than_or_equal %i, %v, signed : tile<i32> -> tile<i1>
      %x = if %c -> (tile<i32>) {
        yield %i : tile<i32>
      } else {
        yield %v : tile<i32>
      }
      %s = addi %acc, %x : tile<i32>
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// `for unsigned` splits at an unsigned comparison, with unsigned min / max.
cuda_tile.module @m {
  // CHECK-LABEL: entry @unsigned_loop
  entry @unsigned_loop(%n: tile<i64>, %v: tile<i64>, %p: tile<ptr<i64>>) {
    %c0 = constant <i64: 0> : tile<i64>
    %c1 = constant <i64: 1> : tile<i64>
    // CHECK: mini %arg1, %arg0 unsigned
    // CHECK: maxi %{{.*}}, %{{.*}} unsigned
    // CHECK: for unsigned
    // CHECK: for unsigned
    %r = for unsigned %i in (%c0 to %n, step %c1) : tile<i64> iter_values(%acc = %c0) -> (tile<i64>) {
      %c = cmpi greater_than_or_equal %i, %v, unsigned : tile<i64> -> tile<i1>
      %x = if %c -> (tile<i64>) {
        yield %c1 : tile<i64>
      } else {
        yield %i : tile<i64>
      }
      %s = addi %acc, %x : tile<i64>
      continue %s : tile<i64>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i64>>, tile<i64> -> token
    return
  }
}

// -----

// Left alone: a comparison of the other signedness than the loop, a
// comparison with a value computed in the loop, an equality, and a branch
// the threshold hint declines.
cuda_tile.module @m {
  // CHECK-LABEL: entry @not_split
  entry @not_split(%n: tile<i32>, %v: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK-COUNT-4: for
    // CHECK-NOT: for
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %c = cmpi less_than %i, %v, unsigned : tile<i32> -> tile<i1>
      if %c {
        %t = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
      }
    }
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %w = addi %i, %v : tile<i32>
      %c = cmpi less_than %i, %w, signed : tile<i32> -> tile<i1>
      if %c {
        %t = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
      }
    }
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %c = cmpi equal %i, %v, signed : tile<i32> -> tile<i1>
      if %c {
        %t = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
      }
    }
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %c = cmpi less_than %i, %v, signed : tile<i32> -> tile<i1>
      if %c {
        %t = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
      } {cuda_tile.loop_split = 0 : i64}
    }
    return
  }
}

// -----

// The threshold: with 3, a branch of one cheap op is not worth a copy, but
// one with a load is; a hint on the for overrides the option.
cuda_tile.module @m {
  // CHECK-LABEL: entry @threshold
  entry @threshold(%n: tile<i32>, %v: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: for
    // CHECK: if
    // CHECK: for
    // CHECK-NOT: if
    // CHECK: for
    // CHECK-NOT: if
    // CHECK: return
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi less_than %i, %v, signed : tile<i32> -> tile<i1>
      %x = if %c -> (tile<i32>) {
        %m = addi %i, %i : tile<i32>
        yield %m : tile<i32>
      } else {
        yield %i : tile<i32>
      }
      continue %x : tile<i32>
    } {cuda_tile.loop_split = 3 : i64}
    %r2 = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi less_than %i, %v, signed : tile<i32> -> tile<i1>
      %x = if %c -> (tile<i32>) {
        %l, %tl = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
        yield %l : tile<i32>
      } else {
        yield %i : tile<i32>
      }
      continue %x : tile<i32>
    } {cuda_tile.loop_split = 3 : i64}
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    %t2 = store_ptr_tko weak %p, %r2 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
