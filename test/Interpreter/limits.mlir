// Limits of a run: host memory (--max-memory), operations executed
// (--max-steps) and tile blocks in the grid (--max-grid-blocks).
//
// Memory: live tiles, constants, allocas and buffer arguments count against
// --max-memory; running out is an error at the op, exit code 1.
// RUN: not cuda-tile-run %s --entry live_tiles --grid 1 --max-memory=4608K 2>&1 | FileCheck %s --check-prefix=TILES
// RUN: cuda-tile-run %s --entry live_tiles --grid 1 --max-memory=8M | FileCheck %s --check-prefix=TILES-FIT
// RUN: not cuda-tile-run %s --entry big_alloca --grid 1 --max-memory 64M 2>&1 | FileCheck %s --check-prefix=ALLOCA
// RUN: not cuda-tile-run %s --entry big_constant --grid 1 --max-memory=1M 2>&1 | FileCheck %s --check-prefix=CONSTANT
// RUN: not cuda-tile-run %s --entry buffer --grid 1 --max-memory=1M --arg zeros:f64:262144 2>&1 | FileCheck %s --check-prefix=ARG
// print_tko streams: 512Ki elements of 500 characters each (263 MB of
// output) print in hardly more memory than the same elements at one
// character each.
// RUN: %python %S/Inputs/peak_rss.py 64 -- cuda-tile-run %s --entry small_print --grid 1 --max-memory=64M -- cuda-tile-run %s --entry huge_print --grid 1 --max-memory=64M | FileCheck %s --check-prefix=PRINT
//
// Steps: every operation executed counts, terminators included.
// RUN: not cuda-tile-run %s --entry spin --grid 1 --max-steps 1000 2>&1 | FileCheck %s --check-prefix=SPIN
// RUN: not cuda-tile-run %s --entry counted --grid 1 --max-steps=20 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: cuda-tile-run %s --entry counted --grid 1 --max-steps=22 | FileCheck %s --check-prefix=STEPS-FIT
// RUN: not cuda-tile-run %s --entry counted --grid 2 --max-steps=43 2>&1 | FileCheck %s --check-prefix=STEPS-GRID
// RUN: not cuda-tile-run %s --entry spin --grid 8 --threads 4 --max-steps 100000 2>&1 | FileCheck %s --check-prefix=SPIN
//
// Grid: more than 2^20 tile blocks need --max-grid-blocks.
// RUN: not cuda-tile-run %s --entry counted --grid 2048,1024 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not cuda-tile-run %s --entry counted --grid 3,2 --max-grid-blocks 5 2>&1 | FileCheck %s --check-prefix=GRID5
// RUN: cuda-tile-run %s --entry counted --grid 3,2 --max-grid-blocks=6 | FileCheck %s --check-prefix=GRID6
//
// Bad values are command-line errors (exit code 2).
// RUN: not cuda-tile-run %s --entry counted --grid 1 --max-memory 12X 2>&1 | FileCheck %s --check-prefix=BADMEM
// RUN: not cuda-tile-run %s --entry counted --grid 1 --max-memory 0 2>&1 | FileCheck %s --check-prefix=BADMEM
// RUN: not cuda-tile-run %s --entry counted --grid 1 --max-memory 99999999999999T 2>&1 | FileCheck %s --check-prefix=BADMEM
// RUN: not cuda-tile-run %s --entry counted --grid 1 --max-steps -1 2>&1 | FileCheck %s --check-prefix=BADSTEPS
// RUN: not cuda-tile-run %s --entry counted --grid 1 --max-grid-blocks 0 2>&1 | FileCheck %s --check-prefix=BADGRID
// BADMEM: cuda-tile-run: error: invalid --max-memory '{{.*}}': expected a positive number of bytes, optionally with a suffix K, M, G or T
// BADSTEPS: cuda-tile-run: error: invalid --max-steps '-1': expected a positive number of operations
// BADGRID: cuda-tile-run: error: invalid --max-grid-blocks '0': expected 1 to 2^62

cuda_tile.module @limits {
  // Tiles of 1 MiB each, all live until the end: the constant and three sums
  // fit in 4.5 MiB, the fourth sum does not.
  entry @live_tiles() {
    %c = constant <f64: 1.0> : tile<131072xf64>
    %a1 = addf %c, %c : tile<131072xf64>
    %a2 = addf %a1, %c : tile<131072xf64>
    %a3 = addf %a2, %c : tile<131072xf64>
    // TILES: limits.mlir:[[@LINE+1]]:11: error: addf in tile block (0, 0, 0): out of memory for its results: 1048576 bytes would exceed the memory limit of 4718592 bytes ({{[0-9]+}} bytes in use; see --max-memory)
    %a4 = addf %a3, %c : tile<131072xf64>
    %s = reduce %a4 dim=0 identities=[0.0 : f64] : tile<131072xf64> -> tile<f64>
      (%x: tile<f64>, %acc: tile<f64>) {
        %sum = addf %x, %acc : tile<f64>
        yield %sum : tile<f64>
      }
    // TILES-FIT: sum=655360
    %t = print_tko "sum=%g\n", %s : tile<f64> -> token
    return
  }

  entry @big_alloca() {
    // ALLOCA: limits.mlir:[[@LINE+1]]:10: error: alloca in tile block (0, 0, 0): out of memory: 1073741824 bytes would exceed the memory limit of 67108864 bytes ({{[0-9]+}} bytes in use; see --max-memory)
    %a = alloca num_elem = 268435456, alignment = 16 : tile<ptr<f32>>
    return
  }

  entry @big_constant() {
    // CONSTANT: limits.mlir:[[@LINE+1]]:10: error: constant: out of memory: 2097152 bytes would exceed the memory limit of 1048576 bytes ({{[0-9]+}} bytes in use; see --max-memory)
    %c = constant <i8: 1> : tile<2097152xi8>
    return
  }
  // Buffer arguments count too (a command-line error, exit code 2).
  // ARG: cuda-tile-run: error: argument 0 (tile<ptr<f64>>): 'zeros:f64:262144': 2097152 bytes would exceed the memory limit of 1048576 bytes
  entry @buffer(%p: tile<ptr<f64>>) {
    return
  }

  entry @huge_print() {
    %z = constant <i8: 7> : tile<524288xi8>
    // PRINT: stdout bytes: 263192577
    // PRINT: peak rss growth below 64 MiB
    %t = print_tko "%500d\n", %z : tile<524288xi8> -> token
    return
  }
  entry @small_print() {
    %z = constant <i8: 7> : tile<524288xi8>
    %t = print_tko "%d\n", %z : tile<524288xi8> -> token
    return
  }

  // A kernel that never ends.
  // (With threads the budget runs out at the loop or its continue, as the
  // threads interleave.)
  entry @spin() {
    // SPIN: limits.mlir:{{[0-9]+}}:{{5|7}}: error: {{loop|continue}} in tile block ({{[0-9]+}}, 0, 0): the run exceeds its limit of {{1000|100000}} operations executed (--max-steps)
    loop {
      continue
    }
    return
  }

  // 22 steps per tile block: 3 constants, the `for`, 4 iterations of 4 ops
  // (its terminator included), print_tko and return.
  entry @counted() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 4> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %r = for %i in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %lb) -> (tile<i32>) {
      %one = constant <i32: 1> : tile<i32>
      %n = addi %acc, %one : tile<i32>
      %m = addi %n, %i : tile<i32>
      continue %m : tile<i32>
    }
    // STEPS: limits.mlir:[[@LINE+1]]:10: error: print_tko in tile block (0, 0, 0): the run exceeds its limit of 20 operations executed (--max-steps)
    %t = print_tko "r=%d\n", %r : tile<i32> -> token
    // STEPS-FIT: r=10
    // GRID6-COUNT-6: r=10
    // The limit is for the whole run: tile block 1 ends at its return.
    // STEPS-GRID: limits.mlir:[[@LINE+1]]:5: error: return in tile block (1, 0, 0): the run exceeds its limit of 43 operations executed (--max-steps)
    return
  }
  // GRID: cuda-tile-run: error: the grid has 2097152 tile blocks, more than the limit of 1048576 (raise it with --max-grid-blocks)
  // GRID5: cuda-tile-run: error: the grid has 6 tile blocks, more than the limit of 5 (raise it with --max-grid-blocks)
}
