// RUN: cuda-tile-opt %s -split-input-file -canonicalize | FileCheck %s

// The rewritten if-kernel.mlir computes the same as the original on the
// interpreter, for conditions taking either side.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: cuda-tile-opt %S/Inputs/if-kernel.mlir -canonicalize -o k.mlir
// RUN: FileCheck %s --check-prefix=KERNEL < k.mlir
// RUN: cuda-tile-run %S/Inputs/if-kernel.mlir --entry k --grid 1 --arg zeros:i32:4 --arg i32:5 --arg i32:9 --out-dir a0
// RUN: cuda-tile-run k.mlir --entry k --grid 1 --arg zeros:i32:4 --arg i32:5 --arg i32:9 --out-dir a1
// RUN: cmp a0/arg0.npy a1/arg0.npy
// RUN: cuda-tile-run %S/Inputs/if-kernel.mlir --entry k --grid 1 --arg zeros:i32:4 --arg i32:-3 --arg i32:4 --out-dir b0
// RUN: cuda-tile-run k.mlir --entry k --grid 1 --arg zeros:i32:4 --arg i32:-3 --arg i32:4 --out-dir b1
// RUN: cmp b0/arg0.npy b1/arg0.npy
// RUN: cuda-tile-run %S/Inputs/if-kernel.mlir --entry k --grid 1 --arg zeros:i32:4 --arg i32:12 --arg i32:6 --out-dir c0
// RUN: cuda-tile-run k.mlir --entry k --grid 1 --arg zeros:i32:4 --arg i32:12 --arg i32:6 --out-dir c1
// RUN: cmp c0/arg0.npy c1/arg0.npy
// KERNEL-NOT: xori
// KERNEL: select

// Canonicalization of `cuda_tile.if`. Branches end in `yield` (values for
// the results) or in an exit (`return`, `break`, `continue`) after which
// nothing in the enclosing block runs. Values are kept alive by print_tko.

// A constant condition runs one branch in place of the `if`.
cuda_tile.module @m {
  // CHECK-LABEL: entry @constant_condition
  entry @constant_condition(%x: tile<i32>, %y: tile<i32>) {
    %true = constant <i1: true> : tile<i1>
    %false = constant <i1: false> : tile<i1>
    // CHECK-NOT: if
    // CHECK: print_tko "then %d", %arg0
    // CHECK-NEXT: print_tko "r %d", %arg0
    %r = if %true -> (tile<i32>) {
      %p = print_tko "then %d", %x : tile<i32> -> token
      yield %x : tile<i32>
    } else {
      %p = print_tko "else %d", %y : tile<i32> -> token
      yield %y : tile<i32>
    }
    %p0 = print_tko "r %d", %r : tile<i32> -> token
    // CHECK-NEXT: print_tko "s %d", %arg1
    %s = if %false -> (tile<i32>) {
      yield %x : tile<i32>
    } else {
      yield %y : tile<i32>
    }
    %p1 = print_tko "s %d", %s : tile<i32> -> token
    // An `if %false` without else runs nothing.
    // CHECK-NOT: never
    if %false {
      %p = print_tko "never" -> token
    }
    // CHECK-NEXT: return
    return
  }
}

// -----

// A taken branch that exits makes the rest of the block unreachable.
cuda_tile.module @m {
  // CHECK-LABEL: entry @constant_condition_return
  entry @constant_condition_return(%x: tile<i32>) {
    %true = constant <i1: true> : tile<i1>
    // CHECK-NEXT: print_tko "early"
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    %r = if %true -> (tile<i32>) {
      %p = print_tko "early" -> token
      return
    } else {
      yield %x : tile<i32>
    }
    %p1 = print_tko "late %d", %r : tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  // CHECK-LABEL: entry @constant_condition_continue_break
  entry @constant_condition_continue_break(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %true = constant <i1: true> : tile<i1>
    // CHECK: for {{.*}} iter_values(%[[I:.*]] = %{{.*}}) -> (tile<i32>) {
    // CHECK-NEXT: continue %[[I]] : tile<i32>
    // CHECK-NEXT: }
    %f = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%i = %c0) -> (tile<i32>) {
      %v = if %true -> (tile<i32>) {
        continue %i : tile<i32>
      } else {
        yield %k : tile<i32>
      }
      %w = addi %v, %c1 : tile<i32>
      continue %w : tile<i32>
    }
    // CHECK: loop iter_values(%[[J:.*]] = %{{.*}}) : tile<i32> -> tile<i32> {
    // CHECK-NEXT: break %[[J]] : tile<i32>
    // CHECK-NEXT: }
    %l = loop iter_values(%j = %f) : tile<i32> -> tile<i32> {
      if %true {
        break %j : tile<i32>
      }
      %w = addi %j, %c1 : tile<i32>
      continue %w : tile<i32>
    }
    %p = print_tko "%d", %l : tile<i32> -> token
    return
  }
}

// -----

// `if (xori %c, true) {A} else {B}` is `if %c {B} else {A}`.
cuda_tile.module @m {
  // CHECK-LABEL: entry @negated_condition
  entry @negated_condition(%c: tile<i1>) {
    %true = constant <i1: true> : tile<i1>
    %n = xori %c, %true : tile<i1>
    // CHECK-NOT: xori
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "b"
    // CHECK: } else {
    // CHECK-NEXT: print_tko "a"
    if %n {
      %p = print_tko "a" -> token
    } else {
      %p = print_tko "b" -> token
    }
    // Without an else branch there is nothing to swap.
    // CHECK: %[[N:.*]] = xori %arg0, %{{.*}} : tile<i1>
    // CHECK: if %[[N]] {
    // CHECK-NEXT: print_tko "c"
    %m = xori %true, %c : tile<i1>
    %q = print_tko "sep" -> token
    if %m {
      %p = print_tko "c" -> token
    }
    return
  }
}

// -----

// Results both yields agree on: the same value, or the condition itself.
cuda_tile.module @m {
  // CHECK-LABEL: entry @forward_yields
  entry @forward_yields(%c: tile<i1>, %x: tile<i32>) {
    %true = constant <i1: true> : tile<i1>
    %false = constant <i1: false> : tile<i1>
    // CHECK-DAG: %[[TRUE:.*]] = constant <i1: true>
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "a"
    // CHECK-NEXT: } else {
    // CHECK-NEXT: print_tko "b"
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "%d", %arg1
    %r = if %c -> (tile<i32>) {
      %p = print_tko "a" -> token
      yield %x : tile<i32>
    } else {
      %p = print_tko "b" -> token
      yield %x : tile<i32>
    }
    %p0 = print_tko "%d", %r : tile<i32> -> token
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i1>
    %b = if %c -> (tile<i1>) {
      yield %true : tile<i1>
    } else {
      yield %false : tile<i1>
    }
    %p1 = print_tko "%d", %b : tile<i1> -> token
    // CHECK-NEXT: %[[NOT:.*]] = xori %arg0, %[[TRUE]] : tile<i1>
    // CHECK-NEXT: print_tko "%d", %[[NOT]] : tile<i1>
    %nb = if %c -> (tile<i1>) {
      yield %false : tile<i1>
    } else {
      yield %true : tile<i1>
    }
    %p2 = print_tko "%d", %nb : tile<i1> -> token
    return
  }
}

// -----

// A true/false pair of another shape than the condition is the condition,
// reshaped (a select on it, folded).
cuda_tile.module @m {
  // CHECK-LABEL: entry @forward_yields_shape
  entry @forward_yields_shape(%c: tile<i1>) {
    %true = constant <i1: true> : tile<1xi1>
    %false = constant <i1: false> : tile<1xi1>
    // CHECK-NOT: if
    // CHECK: %[[R:.*]] = reshape %arg0 : tile<i1> -> tile<1xi1>
    // CHECK-NEXT: print_tko "%d", %[[R]] : tile<1xi1>
    %b = if %c -> (tile<1xi1>) {
      yield %true : tile<1xi1>
    } else {
      yield %false : tile<1xi1>
    }
    %p = print_tko "%d", %b : tile<1xi1> -> token
    return
  }
}

// -----

// Scalar values from outside the `if` are chosen by a select. Values
// computed inside a branch stay there (nothing is speculated), as do the
// branch's side effects.
cuda_tile.module @m {
  // CHECK-LABEL: entry @select
  entry @select(%c: tile<i1>, %x: tile<i32>, %y: tile<i32>) {
    // CHECK: %[[S:.*]] = select %arg0, %arg1, %arg2 : tile<i1>, tile<i32>
    // CHECK-NEXT: %[[R:.*]] = if %arg0 -> (tile<i32>) {
    // CHECK-NEXT: print_tko "effect"
    // CHECK-NEXT: %[[A:.*]] = addi %arg1, %arg2
    // CHECK-NEXT: yield %[[A]] : tile<i32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: yield %arg1 : tile<i32>
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "%d %d", %[[S]], %[[R]]
    %r:2 = if %c -> (tile<i32>, tile<i32>) {
      %p = print_tko "effect" -> token
      %a = addi %x, %y : tile<i32>
      yield %x, %a : tile<i32>, tile<i32>
    } else {
      yield %y, %x : tile<i32>, tile<i32>
    }
    %p = print_tko "%d %d", %r#0, %r#1 : tile<i32>, tile<i32> -> token
    return
  }
}

// -----

// No select for tokens; tiles of rank > 0 are chosen by a select on the
// condition, reshaped and broadcast to their shape.
cuda_tile.module @m {
  // CHECK-LABEL: entry @tokens_and_tiles
  entry @tokens_and_tiles(%c: tile<i1>, %p: tile<ptr<i32>>) {
    %t0 = make_token : token
    %t1 = make_token : token
    %v0 = constant <i32: 5> : tile<4xi32>
    %v1 = constant <i32: 7> : tile<4xi32>
    // CHECK: %[[R:.*]] = reshape %arg0 : tile<i1> -> tile<1xi1>
    // CHECK-NEXT: %[[B:.*]] = broadcast %[[R]] : tile<1xi1> -> tile<4xi1>
    // CHECK-NEXT: %[[V:.*]] = select %[[B]], %{{.*}}, %{{.*}} : tile<4xi1>, tile<4xi32>
    // CHECK-NEXT: %[[T:.*]] = if %arg0 -> (token)
    // CHECK: print_tko "%d", %[[V]] token=%[[T]]
    %t, %v = if %c -> (token, tile<4xi32>) {
      yield %t0, %v0 : token, tile<4xi32>
    } else {
      yield %t1, %v1 : token, tile<4xi32>
    }
    %q = print_tko "%d", %v token=%t : tile<4xi32> -> token
    return
  }
}

// -----

// Where one branch exits, the result is what the other yields: no select,
// whatever the type.
cuda_tile.module @m {
  // CHECK-LABEL: entry @yield_or_exit
  entry @yield_or_exit(%c: tile<i1>, %x: tile<i32>) {
    %t0 = make_token : token
    %v0 = constant <i32: 0> : tile<4xi32>
    // CHECK: %[[T:.*]] = make_token
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "bye"
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "%d %d", %{{.*}}, %arg1 token=%[[T]]
    %t, %v, %w = if %c -> (token, tile<4xi32>, tile<i32>) {
      %p = print_tko "bye" -> token
      return
    } else {
      yield %t0, %v0, %x : token, tile<4xi32>, tile<i32>
    }
    %q = print_tko "%d %d", %v, %w token=%t : tile<4xi32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  // CHECK-LABEL: entry @yield_or_break
  entry @yield_or_break(%c: tile<i1>, %x: tile<i32>) {
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: loop iter_values(%[[I:.*]] = %arg1)
    // CHECK-NEXT: if %arg0 {
    // CHECK-NEXT: } else {
    // CHECK-NEXT: break %[[I]]
    // CHECK-NEXT: }
    // CHECK-NEXT: %[[N:.*]] = addi %arg1, %{{.*}}
    // CHECK-NEXT: continue %[[N]]
    %l = loop iter_values(%i = %x) : tile<i32> -> tile<i32> {
      %v = if %c -> (tile<i32>) {
        yield %x : tile<i32>
      } else {
        break %i : tile<i32>
      }
      %n = addi %v, %c1 : tile<i32>
      continue %n : tile<i32>
    }
    %p = print_tko "%d", %l : tile<i32> -> token
    return
  }
}

// -----

// Unused results are dropped; an else branch left with nothing goes.
cuda_tile.module @m {
  // CHECK-LABEL: entry @unused_results
  entry @unused_results(%c: tile<i1>, %x: tile<i32>, %y: tile<i32>) {
    // CHECK: %[[R:.*]] = if %arg0 -> (tile<i32>) {
    // CHECK-NEXT: print_tko "a"
    // CHECK-NEXT: %[[A:.*]] = muli
    // CHECK-NEXT: yield %[[A]] : tile<i32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: %[[S:.*]] = subi
    // CHECK-NEXT: %[[B:.*]] = muli %[[S]], %arg1
    // CHECK-NEXT: yield %[[B]] : tile<i32>
    // CHECK-NEXT: }
    %r:2 = if %c -> (tile<i32>, tile<i32>) {
      %p = print_tko "a" -> token
      %a = addi %x, %x : tile<i32>
      %b = muli %x, %x : tile<i32>
      yield %a, %b : tile<i32>, tile<i32>
    } else {
      %a = subi %x, %y : tile<i32>
      %b = muli %a, %x : tile<i32>
      yield %a, %b : tile<i32>, tile<i32>
    }
    %p = print_tko "%d", %r#1 : tile<i32> -> token
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "b"
    // CHECK-NEXT: }
    // CHECK-NOT: else
    %s = if %c -> (tile<i32>) {
      %q = print_tko "b" -> token
      %a = addi %x, %x : tile<i32>
      yield %a : tile<i32>
    } else {
      %a = muli %x, %x : tile<i32>
      yield %a : tile<i32>
    }
    return
  }
}

// -----

// Adjacent `if`s on one condition merge; the second sees the first's
// yielded values.
cuda_tile.module @m {
  // CHECK-LABEL: entry @merge_adjacent
  entry @merge_adjacent(%c: tile<i1>, %x: tile<i32>) {
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    // CHECK: %[[R:.*]]:2 = if %arg0 -> (tile<i32>, tile<i32>) {
    // CHECK-NEXT: %[[A:.*]] = addi %arg1, %[[C1:.*]] : tile<i32>
    // CHECK-NEXT: print_tko "t1"
    // CHECK-NEXT: %[[B:.*]] = muli %[[A]], %[[C2:.*]] : tile<i32>
    // CHECK-NEXT: print_tko "t2"
    // CHECK-NEXT: yield %[[A]], %[[B]]
    // CHECK-NEXT: } else {
    // CHECK-NEXT: %[[D:.*]] = addi %arg1, %[[C2]] : tile<i32>
    // CHECK-NEXT: print_tko "e1"
    // CHECK-NEXT: %[[E:.*]] = muli %[[D]], %[[C3:.*]] : tile<i32>
    // CHECK-NEXT: print_tko "e2"
    // CHECK-NEXT: yield %[[D]], %[[E]]
    // CHECK-NEXT: }
    // CHECK-NOT: if
    // CHECK: print_tko "%d %d", %[[R]]#0, %[[R]]#1
    %r = if %c -> (tile<i32>) {
      %a = addi %x, %c1 : tile<i32>
      %p = print_tko "t1" -> token
      yield %a : tile<i32>
    } else {
      %a = addi %x, %c2 : tile<i32>
      %p = print_tko "e1" -> token
      yield %a : tile<i32>
    }
    %s = if %c -> (tile<i32>) {
      %b = muli %r, %c2 : tile<i32>
      %p = print_tko "t2" -> token
      yield %b : tile<i32>
    } else {
      %b = muli %r, %c3 : tile<i32>
      %p = print_tko "e2" -> token
      yield %b : tile<i32>
    }
    %p = print_tko "%d %d", %r, %s : tile<i32>, tile<i32> -> token
    return
  }
}

// -----

// Negated conditions merge the other way round; a branch of the second
// `if` behind an exiting branch of the first never runs.
cuda_tile.module @m {
  // CHECK-LABEL: entry @merge_adjacent_negated_exit
  entry @merge_adjacent_negated_exit(%c: tile<i1>) {
    %true = constant <i1: true> : tile<i1>
    %n = xori %c, %true : tile<i1>
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "t1"
    // CHECK-NEXT: return
    // CHECK-NEXT: } else {
    // CHECK-NEXT: print_tko "e1"
    // CHECK-NEXT: print_tko "t2"
    // CHECK-NEXT: }
    // CHECK-NOT: if
    // CHECK-NOT: e2
    if %c {
      %p = print_tko "t1" -> token
      return
    } else {
      %p = print_tko "e1" -> token
    }
    if %n {
      %p = print_tko "t2" -> token
    } else {
      %p = print_tko "e2" -> token
    }
    return
  }
}

// -----

// The second `if`'s branch may exit; an else-less first `if` takes the
// second's else branch.
cuda_tile.module @m {
  // CHECK-LABEL: entry @merge_adjacent_second_exits
  entry @merge_adjacent_second_exits(%c: tile<i1>, %x: tile<i32>) {
    // CHECK: %[[R:.*]] = if %arg0 -> (tile<i32>) {
    // CHECK-NEXT: print_tko "t1"
    // CHECK-NEXT: print_tko "t2"
    // CHECK-NEXT: return
    // CHECK-NEXT: } else {
    // CHECK-NEXT: print_tko "e2"
    // CHECK-NEXT: %[[M:.*]] = muli
    // CHECK-NEXT: yield %[[M]]
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "%d", %[[R]]
    if %c {
      %p = print_tko "t1" -> token
    }
    %s = if %c -> (tile<i32>) {
      %p = print_tko "t2" -> token
      return
    } else {
      %p = print_tko "e2" -> token
      %m = muli %x, %x : tile<i32>
      yield %m : tile<i32>
    }
    %p = print_tko "%d", %s : tile<i32> -> token
    return
  }
}

// -----

// An else-less second `if` behind a first one that exits on the same
// condition never runs.
cuda_tile.module @m {
  // CHECK-LABEL: entry @merge_adjacent_dead_second
  entry @merge_adjacent_dead_second(%c: tile<i1>) {
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "t1"
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "after"
    // CHECK-NEXT: return
    if %c {
      %p = print_tko "t1" -> token
      return
    }
    if %c {
      %p = print_tko "never" -> token
    }
    %q = print_tko "after" -> token
    return
  }
}

// -----

// Not merged: different conditions, or an op between the `if`s.
cuda_tile.module @m {
  // CHECK-LABEL: entry @no_merge_adjacent
  entry @no_merge_adjacent(%c: tile<i1>, %d: tile<i1>) {
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "a"
    // CHECK-NEXT: }
    // CHECK-NEXT: if %arg1 {
    // CHECK-NEXT: print_tko "b"
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "between"
    // CHECK-NEXT: if %arg1 {
    // CHECK-NEXT: print_tko "c"
    // CHECK-NEXT: }
    if %c {
      %p = print_tko "a" -> token
    }
    if %d {
      %p = print_tko "b" -> token
    }
    %q = print_tko "between" -> token
    if %d {
      %p = print_tko "c" -> token
    }
    return
  }
}

// -----

// The reference's token case with a condition that is not constant.
cuda_tile.module @m {
  global @g alignment = 4 <i32: 0> : tile<1xi32>
  // CHECK-LABEL: entry @merge_adjacent_tokens
  entry @merge_adjacent_tokens(%c: tile<i1>) {
    %one = constant <i32: 1> : tile<i32>
    %t0 = make_token : token
    // CHECK: %[[T0:.*]] = make_token
    // CHECK: if %arg0 {
    // CHECK-NEXT: %[[G:.*]] = get_global
    // CHECK-NEXT: %{{.*}}, %[[L1:.*]] = load_ptr_tko weak %[[G]] token=%[[T0]]
    // CHECK-NEXT: %[[J1:.*]] = join_tokens %[[T0]], %[[L1]]
    // CHECK-NEXT: addi
    // CHECK-NEXT: %[[S1:.*]] = store_ptr_tko weak %[[G]], %{{.*}} token=%[[J1]]
    // CHECK-NEXT: %[[G2:.*]] = get_global
    // CHECK-NEXT: %{{.*}}, %[[L2:.*]] = load_ptr_tko weak %[[G2]] token=%[[S1]]
    // CHECK-NEXT: %[[J2:.*]] = join_tokens %[[J1]], %[[L2]]
    // CHECK-NEXT: addi
    // CHECK-NEXT: %[[J3:.*]] = join_tokens %[[J2]], %[[S1]]
    // CHECK-NEXT: store_ptr_tko weak %[[G2]], %{{.*}} token=%[[J3]]
    // CHECK-NEXT: }
    // CHECK-NEXT: return
    %r:2 = if %c -> (token, token) {
      %g = get_global @g : tile<ptr<i32>>
      %v, %l = load_ptr_tko weak %g token=%t0 : tile<ptr<i32>> -> tile<i32>, token
      %j = join_tokens %t0, %l : token
      %w = addi %v, %one : tile<i32>
      %s = store_ptr_tko weak %g, %w token=%j : tile<ptr<i32>>, tile<i32> -> token
      yield %s, %j : token, token
    } else {
      yield %t0, %t0 : token, token
    }
    if %c {
      %g = get_global @g : tile<ptr<i32>>
      %v, %l = load_ptr_tko weak %g token=%r#0 : tile<ptr<i32>> -> tile<i32>, token
      %j = join_tokens %r#1, %l : token
      %w = addi %v, %one : tile<i32>
      %j2 = join_tokens %j, %r#0 : token
      %s = store_ptr_tko weak %g, %w token=%j2 : tile<ptr<i32>>, tile<i32> -> token
    }
    return
  }
}

// -----

// `if %a { if %b { X } }` is `if (andi %a, %b) { X }`.
cuda_tile.module @m {
  // CHECK-LABEL: entry @merge_nested
  entry @merge_nested(%a: tile<i1>, %b: tile<i1>) {
    // CHECK: %[[AB:.*]] = andi %arg0, %arg1 : tile<i1>
    // CHECK-NEXT: if %[[AB]] {
    // CHECK-NEXT: print_tko "x"
    // CHECK-NEXT: }
    // CHECK-NEXT: %[[AB2:.*]] = andi %arg0, %arg1 : tile<i1>
    // CHECK-NEXT: if %[[AB2]] {
    // CHECK-NEXT: print_tko "y"
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    if %a {
      if %b {
        %p = print_tko "x" -> token
      }
    }
    if %a {
      if %b {
        %p = print_tko "y" -> token
        return
      }
    }
    return
  }
}

// -----

// Nested `if`s with results: a value forwarded from the inner `if` needs
// the inner else to yield what the outer else yields; one from outside
// becomes a select on the outer condition.
cuda_tile.module @m {
  // CHECK-LABEL: entry @merge_nested_results
  entry @merge_nested_results(%a: tile<i1>, %b: tile<i1>, %x: tile<i32>, %y: tile<i32>) {
    // CHECK-DAG: %[[AB:.*]] = andi %arg0, %arg1 : tile<i1>
    // CHECK-DAG: %[[S:.*]] = select %arg0, %arg2, %arg3
    // CHECK: %[[R:.*]] = if %[[AB]] -> (tile<i32>) {
    // CHECK-NEXT: %[[M:.*]] = muli %arg2, %arg3
    // CHECK-NEXT: yield %[[M]] : tile<i32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: yield %arg3 : tile<i32>
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "%d %d", %[[R]], %[[S]]
    %r:2 = if %a -> (tile<i32>, tile<i32>) {
      %i = if %b -> (tile<i32>) {
        %m = muli %x, %y : tile<i32>
        yield %m : tile<i32>
      } else {
        yield %y : tile<i32>
      }
      yield %i, %x : tile<i32>, tile<i32>
    } else {
      yield %y, %y : tile<i32>, tile<i32>
    }
    %p = print_tko "%d %d", %r#0, %r#1 : tile<i32>, tile<i32> -> token
    return
  }
}

// -----

// The same with a tile of rank 1 from outside: the select's condition is the
// outer one, reshaped and broadcast.
cuda_tile.module @m {
  // CHECK-LABEL: entry @merge_nested_tiles
  entry @merge_nested_tiles(%a: tile<i1>, %b: tile<i1>, %x: tile<i32>, %y: tile<i32>) {
    %x1 = reshape %x : tile<i32> -> tile<1xi32>
    %xs = broadcast %x1 : tile<1xi32> -> tile<4xi32>
    %y1 = reshape %y : tile<i32> -> tile<1xi32>
    %ys = broadcast %y1 : tile<1xi32> -> tile<4xi32>
    // CHECK: %[[R:.*]] = reshape %arg0 : tile<i1> -> tile<1xi1>
    // CHECK-NEXT: %[[B:.*]] = broadcast %[[R]] : tile<1xi1> -> tile<4xi1>
    // CHECK-NEXT: %[[S:.*]] = select %[[B]], %{{.*}}, %{{.*}} : tile<4xi1>, tile<4xi32>
    // CHECK: if %{{.*}} -> (tile<i32>)
    // CHECK: print_tko "%d %d", %{{.*}}, %[[S]]
    %r:2 = if %a -> (tile<i32>, tile<4xi32>) {
      %i = if %b -> (tile<i32>) {
        %m = muli %x, %y : tile<i32>
        yield %m : tile<i32>
      } else {
        yield %y : tile<i32>
      }
      yield %i, %xs : tile<i32>, tile<4xi32>
    } else {
      yield %y, %ys : tile<i32>, tile<4xi32>
    }
    %p = print_tko "%d %d", %r#0, %r#1 : tile<i32>, tile<4xi32> -> token
    return
  }
}

// -----

// select takes no f4 tiles: an `if` choosing between two stays.
cuda_tile.module @m {
  // CHECK-LABEL: entry @no_select_f4
  entry @no_select_f4(%c: tile<i1>, %p: tile<ptr<f4E2M1FN>>) {
    %v0 = constant <f4E2M1FN: 1.0> : tile<2xf4E2M1FN>
    %v1 = constant <f4E2M1FN: 2.0> : tile<2xf4E2M1FN>
    // CHECK-NOT: select
    // CHECK: if %arg0 -> (tile<2xf4E2M1FN>)
    %v = if %c -> (tile<2xf4E2M1FN>) {
      yield %v0 : tile<2xf4E2M1FN>
    } else {
      yield %v1 : tile<2xf4E2M1FN>
    }
    %tv = make_tensor_view %p, shape = [2], strides = [1] : tensor_view<2xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xf4E2M1FN, strides=[1]>>
    %i0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %v, %pv[%i0] : tile<2xf4E2M1FN>, partition_view<tile=(2), tensor_view<2xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// Not merged: more than the inner `if` in the outer branch; an exiting
// inner branch with an else branch around; an inner else that disagrees.
cuda_tile.module @m {
  // CHECK-LABEL: entry @no_merge_nested
  entry @no_merge_nested(%a: tile<i1>, %b: tile<i1>, %x: tile<i32>, %y: tile<i32>) {
    // CHECK-NOT: andi
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "first"
    // CHECK-NEXT: if %arg1 {
    if %a {
      %q = print_tko "first" -> token
      if %b {
        %p = print_tko "x" -> token
      }
    }
    %s1 = print_tko "sep" -> token
    // CHECK: if %arg0 {
    // CHECK-NEXT: if %arg1 {
    // CHECK-NEXT: print_tko "y"
    // CHECK-NEXT: return
    // CHECK-NEXT: } else {
    // CHECK-NEXT: print_tko "z"
    if %a {
      if %b {
        %p = print_tko "y" -> token
        return
      } else {
        %p = print_tko "z" -> token
      }
    }
    %s2 = print_tko "sep" -> token
    // CHECK: if %arg0 -> (tile<i32>) {
    // CHECK-NEXT: if %arg1 -> (tile<i32>) {
    %r = if %a -> (tile<i32>) {
      %i = if %b -> (tile<i32>) {
        %m = muli %x, %y : tile<i32>
        yield %m : tile<i32>
      } else {
        yield %x : tile<i32>
      }
      yield %i : tile<i32>
    } else {
      yield %y : tile<i32>
    }
    %p = print_tko "%d", %r : tile<i32> -> token
    return
  }
}

// -----

// Both branches exit: the else branch moves after the `if` and what
// followed it, unreachable, goes.
cuda_tile.module @m {
  // CHECK-LABEL: entry @both_exit
  entry @both_exit(%c: tile<i1>, %x: tile<i32>) {
    // CHECK: if %arg0 {
    // CHECK-NEXT: print_tko "a"
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    // CHECK-NEXT: print_tko "b"
    // CHECK-NEXT: return
    // CHECK-NEXT: }
    %r = if %c -> (tile<i32>) {
      %p = print_tko "a" -> token
      return
    } else {
      %p = print_tko "b" -> token
      return
    }
    %p = print_tko "%d", %r : tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  // CHECK-LABEL: entry @both_exit_loop
  entry @both_exit_loop(%c: tile<i1>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: for %[[K:.*]] in
    // CHECK-NEXT: if %arg0 {
    // CHECK-NEXT: continue %[[K]]
    // CHECK-NEXT: }
    // CHECK-NEXT: continue %{{.*}}
    // CHECK-NEXT: }
    %f = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%i = %c0) -> (tile<i32>) {
      if %c {
        continue %k : tile<i32>
      } else {
        continue %i : tile<i32>
      }
      %p = print_tko "dead" -> token
      continue %i : tile<i32>
    }
    %p = print_tko "%d", %f : tile<i32> -> token
    return
  }
}
