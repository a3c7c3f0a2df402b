// RUN: cuda-tile-opt %s -split-input-file -loop-split | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -loop-split=split-threshold=0 | FileCheck %s --check-prefix=OFF

// `iv < v`: the first loop runs [lb, min(v, ub)) with the then-branch, the
// second [max(v, lb), ub) with the else-branch; iter_values flow from one to
// the other. Step 1 needs no alignment.
cuda_tile.module @m {
  // CHECK-LABEL: entry @less_than
  // OFF-LABEL: entry @less_than
  // OFF: if
  entry @less_than(%n: tile<i32>, %v: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: %[[END:.*]] = mini %arg1, %arg0 signed
    // CHECK-NEXT: %[[START:.*]] = maxi %arg1, %[[ZERO:.*]] signed
    // CHECK-NEXT: %[[FIRST:.*]] = for %{{.*}} in (%[[ZERO]] to %[[END]], step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %[[ZERO]])
    // CHECK-NOT: if
    // CHECK: muli
    // CHECK: continue
    // CHECK: %[[SECOND:.*]] = for %{{.*}} in (%[[START]] to %arg0, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %[[FIRST]])
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
// body from its copy. A dynamic step: v clamped to [lb, ub] is aligned to the
// first iteration at or past it, lb + ceil((v - lb) / step) * step.
cuda_tile.module @m {
  // CHECK-LABEL: entry @dynamic_step
  entry @dynamic_step(%n: tile<i32>, %v: tile<i32>, %st: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: %[[BELOW:.*]] = cmpi less_than %arg1, %[[ZERO:.*]], signed
    // CHECK-NEXT: %[[ATLEAST:.*]] = select %[[BELOW]], %[[ZERO]], %arg1
    // CHECK-NEXT: %[[INSIDE:.*]] = cmpi less_than %[[ATLEAST]], %arg0, signed
    // CHECK-NEXT: %[[SPLIT:.*]] = select %[[INSIDE]], %[[ATLEAST]], %arg0
    // CHECK-NEXT: %[[DIST:.*]] = subi %[[SPLIT]], %[[ZERO]]
    // CHECK-NEXT: %[[COUNT:.*]] = divi %[[DIST]], %arg2 signed rounding<positive_inf>
    // CHECK-NEXT: %[[OFFSET:.*]] = muli %[[COUNT]], %arg2
    // CHECK-NEXT: %[[ALIGNED:.*]] = addi %[[ZERO]], %[[OFFSET]]
    // CHECK-NEXT: %[[END:.*]] = mini %[[ALIGNED]], %arg0 signed
    // CHECK-NEXT: %[[START:.*]] = maxi %[[ALIGNED]], %[[ZERO]] signed
    // CHECK: for %{{.*}} in (%[[ZERO]] to %[[END]], step %arg2)
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
// overflow (v + 1 does when v is the largest value), at least lb when it is
// aligned to a step other than 1.
cuda_tile.module @m {
  // CHECK-LABEL: entry @inclusive
  entry @inclusive(%lb: tile<i32>, %ub: tile<i32>, %v: tile<i32>, %p: tile<ptr<i32>>) {
    %c4 = constant <i32: 4> : tile<i32>
    // CHECK: %[[ONE:.*]] = constant <i32: 1>
    // CHECK: %[[UBM1:.*]] = subi %arg1, %[[ONE]]
    // CHECK-NEXT: %[[LESS:.*]] = cmpi less_than %arg2, %[[UBM1]], signed
    // CHECK-NEXT: %[[M:.*]] = select %[[LESS]], %arg2, %[[UBM1]]
    // CHECK-NEXT: %[[LBM1:.*]] = subi %arg0, %[[ONE]]
    // CHECK-NEXT: %[[BELOW:.*]] = cmpi less_than %[[M]], %[[LBM1]], signed
    // CHECK-NEXT: %[[M2:.*]] = select %[[BELOW]], %[[LBM1]], %[[M]]
    // CHECK-NEXT: %[[S:.*]] = addi %[[M2]], %[[ONE]]
    // CHECK-NEXT: %[[DIST:.*]] = subi %[[S]], %arg0
    // CHECK-NEXT: divi %[[DIST]], %{{.*}} signed rounding<positive_inf>
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

// -----

// As in the reference: a comparison with other uses becomes a constant in
// each copy, an if on it nested deeper keeps that constant as its condition,
// and each loop is split once (its copies keep the second branch's if).
cuda_tile.module @m {
  // CHECK-LABEL: entry @constant_uses
  entry @constant_uses(%n: tile<i32>, %v: tile<i32>, %w: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: for
    // CHECK-NEXT: %[[TRUE:.*]] = constant <i1: true>
    // CHECK-NEXT: if %[[TRUE]]
    // CHECK: %[[OTHER:.*]] = cmpi less_than %{{.*}}, %arg2, signed
    // CHECK-NEXT: if %[[OTHER]]
    // CHECK: select %[[TRUE]]
    // CHECK: for
    // CHECK-NEXT: %[[FALSE:.*]] = constant <i1: false>
    // CHECK-NOT: if %[[FALSE]]
    // CHECK: %[[OTHER2:.*]] = cmpi less_than %{{.*}}, %arg2, signed
    // CHECK-NEXT: if %[[OTHER2]]
    // CHECK: select %[[FALSE]]
    // CHECK-NOT: = for
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi less_than %i, %v, signed : tile<i32> -> tile<i1>
      %x = if %c -> (tile<i32>) {
        %y = if %c -> (tile<i32>) {
          yield %i : tile<i32>
        } else {
          yield %c0 : tile<i32>
        }
        yield %y : tile<i32>
      } else {
        yield %c1 : tile<i32>
      }
      %d = cmpi less_than %i, %w, signed : tile<i32> -> tile<i1>
      if %d {
        %t0 = store_ptr_tko weak %p, %i : tile<ptr<i32>>, tile<i32> -> token
      }
      %z = select %c, %x, %acc : tile<i1>, tile<i32>
      continue %z : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
