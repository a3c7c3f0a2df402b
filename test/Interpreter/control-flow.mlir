// if, for (signed and unsigned bounds, steps that overshoot), loop with
// break and continue (also from inside an if), return from inside an if, and
// the order in which tile blocks of a grid run.
// RUN: cuda-tile-run %s --entry flow --grid 1 --arg i32:5 | FileCheck %s
// RUN: cuda-tile-run %s --entry early --grid 1 --arg i1:true | FileCheck %s --check-prefix=EARLY
// RUN: cuda-tile-run %s --entry early --grid 1 --arg i1:false | FileCheck %s --check-prefix=LATE
// RUN: cuda-tile-run %s --entry grid --grid 2,2,2 | FileCheck %s --check-prefix=GRID

cuda_tile.module @flow {
  entry @flow(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c10 = constant <i32: 10> : tile<i32>
    // Sum of 0, 3, 6, 9.
    %sum = for %i in (%c0 to %c10, step %c3) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %next = addi %acc, %i : tile<i32>
      continue %next : tile<i32>
    }
    // CHECK: sum=18
    %t0 = print_tko "sum=%d\n", %sum : tile<i32> -> token
    // An empty range runs no iteration.
    %none = for %i in (%c10 to %c0, step %c1) : tile<i32> iter_values(%acc = %c3) -> (tile<i32>) {
      continue %i : tile<i32>
    }
    // CHECK: none=3
    %t1 = print_tko "none=%d\n", %none : tile<i32> -> token
    // i8 bounds near the top of the range: 120 and 125; 130 would wrap.
    %lb = constant <i8: 120> : tile<i8>
    %ub = constant <i8: 127> : tile<i8>
    %st = constant <i8: 5> : tile<i8>
    for %i in (%lb to %ub, step %st) : tile<i8> {
      // CHECK: i8 iv=120
      // CHECK: i8 iv=125
      %t = print_tko "i8 iv=%d\n", %i : tile<i8> -> token
    }
    // Unsigned comparison: 0xFFFFFFF0 is a large bound.
    %big = constant <i32: -16> : tile<i32>
    %big2 = constant <i32: -14> : tile<i32>
    %count = for unsigned %i in (%big to %big2, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %next = addi %acc, %c1 : tile<i32>
      continue %next : tile<i32>
    }
    // CHECK: unsigned count=2
    %t2 = print_tko "unsigned count=%d\n", %count : tile<i32> -> token
    // if with results.
    %odd = remi %n, %c3 signed : tile<i32>
    %is0 = cmpi equal %odd, %c0, signed : tile<i32> -> tile<i1>
    %r = if %is0 -> (tile<i32>) {
      yield %c0 : tile<i32>
    } else {
      %x = muli %n, %c10 : tile<i32>
      yield %x : tile<i32>
    }
    // CHECK: if=50
    %t3 = print_tko "if=%d\n", %r : tile<i32> -> token
    // loop: continue from inside an if skips the rest of the body; break
    // leaves with a value. Counts the multiples of 3 below n * 4 = 20.
    %res:2 = loop iter_values(%k = %c0, %found = %c0) : tile<i32>, tile<i32> -> tile<i32>, tile<i32> {
      %c4 = constant <i32: 4> : tile<i32>
      %limit = muli %n, %c4 : tile<i32>
      %done = cmpi greater_than_or_equal %k, %limit, signed : tile<i32> -> tile<i1>
      if %done {
        break %k, %found : tile<i32>, tile<i32>
      }
      %k1 = addi %k, %c1 : tile<i32>
      %rem = remi %k, %c3 signed : tile<i32>
      %not3 = cmpi not_equal %rem, %c0, signed : tile<i32> -> tile<i1>
      if %not3 {
        continue %k1, %found : tile<i32>, tile<i32>
      }
      %f1 = addi %found, %c1 : tile<i32>
      continue %k1, %f1 : tile<i32>, tile<i32>
    }
    // CHECK: loop k=20 multiples=7
    %t4 = print_tko "loop k=%d multiples=%d\n", %res#0, %res#1 : tile<i32>, tile<i32> -> token
    // Nested loops: break leaves only the innermost one.
    %outer = for %i in (%c0 to %c3, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %inner = loop iter_values(%j = %c0) : tile<i32> -> tile<i32> {
        %stop = cmpi equal %j, %i, signed : tile<i32> -> tile<i1>
        if %stop {
          break %j : tile<i32>
        }
        %j1 = addi %j, %c1 : tile<i32>
        continue %j1 : tile<i32>
      }
      %next = addi %acc, %inner : tile<i32>
      continue %next : tile<i32>
    }
    // CHECK: nested=3
    %t5 = print_tko "nested=%d\n", %outer : tile<i32> -> token
    return
  }

  entry @early(%stop: tile<i1>) {
    %t0 = print_tko "before\n" -> token
    if %stop {
      %t1 = print_tko "returning early\n" -> token
      return
    }
    %t2 = print_tko "after\n" -> token
    return
  }

  entry @grid() {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %t = print_tko "(%d,%d,%d) of (%d,%d,%d)\n", %x, %y, %z, %nx, %ny, %nz : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> -> token
    return
  }
}
// EARLY: before
// EARLY-NEXT: returning early
// EARLY-NOT: after
// LATE: before
// LATE-NEXT: after
// GRID: (0,0,0) of (2,2,2)
// GRID-NEXT: (1,0,0) of (2,2,2)
// GRID-NEXT: (0,1,0) of (2,2,2)
// GRID-NEXT: (1,1,0) of (2,2,2)
// GRID-NEXT: (0,0,1) of (2,2,2)
// GRID-NEXT: (1,0,1) of (2,2,2)
// GRID-NEXT: (0,1,1) of (2,2,2)
// GRID-NEXT: (1,1,1) of (2,2,2)
