// RUN: cuda-tile-opt %s -split-input-file -cuda-tile-licm | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s --check-prefix=MLIR

// An `overflow` flag other than `none` makes a wrapping input undefined
// behaviour, so the flagged op stays under the `if` that guards it and in a
// loop that may run zero times. Without a flag, and for the ops whose bad
// inputs only make the result undefined (a shift by the width or more,
// `ftoi` of a non-finite value, an `offset` that wraps), hoisting is safe.
cuda_tile.module @m {
  // CHECK-LABEL: entry @guarded_in_if
  entry @guarded_in_if(%a: tile<i32>, %s: tile<i32>, %f: tile<f32>, %p: tile<ptr<i32>>, %o: tile<i64>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c31 = constant <i32: 31> : tile<i32>
    %ok = cmpi less_than %s, %c31, unsigned : tile<i32> -> tile<i1>
    // CHECK: %[[SHL:.*]] = shli %arg0, %arg1 : tile<i32>
    // CHECK: %[[FTOI:.*]] = ftoi %arg2 signed
    // CHECK: %[[OFF:.*]] = offset %arg3, %arg4
    // CHECK: for
    // CHECK: if
    // CHECK-NEXT: addi %arg0, %arg1 overflow<no_signed_wrap>
    // CHECK-NEXT: shli %arg0, %arg1 overflow<no_unsigned_wrap>
    // CHECK-NEXT: negi %arg0 overflow<no_signed_wrap>
    // CHECK-NEXT: trunci %arg0 overflow<no_wrap>
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %next = if %ok -> (tile<i32>) {
        %sum = addi %a, %s overflow<no_signed_wrap> : tile<i32>
        %shl = shli %a, %s overflow<no_unsigned_wrap> : tile<i32>
        %neg = negi %a overflow<no_signed_wrap> : tile<i32>
        %narrow = trunci %a overflow<no_wrap> : tile<i32> -> tile<i16>
        %wide = exti %narrow signed : tile<i16> -> tile<i32>
        %plain = shli %a, %s : tile<i32>
        %conv = ftoi %f signed : tile<f32> -> tile<i32>
        %q = offset %p, %o : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
        %t = store_ptr_tko weak %q, %conv : tile<ptr<i32>>, tile<i32> -> token
        %x1 = addi %sum, %shl : tile<i32>
        %x2 = addi %x1, %neg : tile<i32>
        %x3 = addi %x2, %wide : tile<i32>
        %x4 = addi %x3, %plain : tile<i32>
        yield %x4 : tile<i32>
      } else {
        yield %acc : tile<i32>
      }
      continue %next : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// At the top of a `for` body a flagged op runs in the first iteration when
// the bounds prove one; when the loop may run zero times it stays. MLIR's
// generic pass, which trusts the speculation traits, moves neither, and
// moves the same ops without a flag.
cuda_tile.module @m {
  // CHECK-LABEL: entry @zero_trip
  // MLIR-LABEL: entry @zero_trip
  // MLIR: for
  // MLIR-NEXT: muli %arg1, %arg0 overflow<no_signed_wrap>
  // MLIR: for
  // MLIR-NEXT: muli %arg0, %arg1 overflow<no_signed_wrap>
  // MLIR: %[[PLAIN:.*]] = muli %arg0, %arg1 : tile<i32>
  // MLIR-NEXT: for
  // MLIR-NEXT: addi %{{.*}}, %[[PLAIN]]
  entry @zero_trip(%a: tile<i32>, %b: tile<i32>, %n: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    // CHECK: for
    // CHECK-NEXT: muli %arg1, %arg0 overflow<no_signed_wrap>
    // CHECK: %[[RUNS:.*]] = muli %arg0, %arg1 overflow<no_signed_wrap>
    // CHECK-NEXT: for
    // CHECK-NEXT: addi %{{.*}}, %[[RUNS]]
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %m = muli %b, %a overflow<no_signed_wrap> : tile<i32>
      %s = addi %acc, %m : tile<i32>
      continue %s : tile<i32>
    }
    %r2 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %r) -> (tile<i32>) {
      %m = muli %a, %b overflow<no_signed_wrap> : tile<i32>
      %s = addi %acc, %m : tile<i32>
      continue %s : tile<i32>
    }
    %r3 = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %r2) -> (tile<i32>) {
      %m = muli %a, %b : tile<i32>
      %s = addi %acc, %m : tile<i32>
      continue %s : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r3 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
