// The cuda-tile-optimize driver: levels, extra pipelines, output, errors.
//
// RUN: cuda-tile-optimize %s | FileCheck %s --check-prefix=O3
// RUN: cuda-tile-optimize -O3 - < %s | FileCheck %s --check-prefix=O3
// RUN: cuda-tile-optimize -O0 %s | FileCheck %s --check-prefix=O0
// RUN: cuda-tile-optimize -O1 %s | FileCheck %s --check-prefix=O1
// RUN: cuda-tile-optimize -O2 %s | FileCheck %s --check-prefix=O2
// RUN: cuda-tile-optimize --opt-level=2 %s | FileCheck %s --check-prefix=O2
// RUN: cuda-tile-optimize --fuse-fma %s | FileCheck %s --check-prefix=FMA
// RUN: cuda-tile-optimize -O0 --run-before-default-pipeline=fuse-fma --run-after-default-pipeline=canonicalize %s | FileCheck %s --check-prefix=FMA
// RUN: cuda-tile-optimize -O3 --enable-multithread %s | FileCheck %s --check-prefix=O3
// RUN: cuda-tile-optimize -q %s | count 0
// RUN: cuda-tile-optimize -v -q --fuse-fma %s 2>&1 | FileCheck %s --check-prefix=VERBOSE
//
// Output files are written only when everything worked.
// RUN: rm -f %t.mlir
// RUN: cuda-tile-optimize %s -o %t.mlir -q
// RUN: FileCheck %s --check-prefix=O3 < %t.mlir
// RUN: echo "previous contents" > %t.mlir
// RUN: not cuda-tile-optimize %S/Inputs/invalid-optimize-input.mlir -o %t.mlir 2>&1 | FileCheck %s --check-prefix=BAD-INPUT
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t.mlir
// RUN: rm -f %t.absent.mlir
// RUN: not cuda-tile-optimize %S/Inputs/invalid-optimize-input.mlir -o %t.absent.mlir
// RUN: not ls %t.absent.mlir
// RUN: not cuda-tile-optimize %s --run-before-default-pipeline=no-such-pass -o %t.absent.mlir 2>&1 | FileCheck %s --check-prefix=BAD-PIPELINE
// RUN: not ls %t.absent.mlir
// RUN: not cuda-tile-optimize %S/Inputs/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=NO-FILE
// RUN: not cuda-tile-optimize -O7 %s 2>&1 | FileCheck %s --check-prefix=BAD-LEVEL
//
// Bytecode out and in.
// RUN: cuda-tile-optimize %s --emit-bytecode -o %t.tileirbc
// RUN: cuda-tile-optimize -O0 %t.tileirbc | FileCheck %s --check-prefix=BYTECODE
// RUN: cuda-tile-optimize %s --emit-bytecode -bytecode-version=13.1 -o %t.131.tileirbc
// RUN: not cuda-tile-optimize %s --emit-bytecode -bytecode-version=1.0 -o %t.absent.mlir 2>&1 | FileCheck %s --check-prefix=BAD-VERSION
// RUN: not ls %t.absent.mlir

// O0: cuda_tile.module @driver
// O0: mulf
// O0: addf
// O0: for
// O0-NEXT: muli %arg3, %arg3

// O1: mulf
// O1: addf
// O1: for
// O1-NEXT: muli %arg3, %arg3

// O2: for
// O2-NOT: muli %arg3, %arg3
// O2: continue

// O3: cuda_tile.module @driver
// O3-NOT: fma
// O3: mulf
// O3: addf
// O3: shri

// FMA: fma %arg0, %arg1, %arg2

// The bytecode does not keep the module name.
// BYTECODE: cuda_tile.module @kernels
// BYTECODE: shri

// VERBOSE: Pipeline: builtin.module(cuda_tile.module(cuda_tile.entry(fuse-fma,canonicalize
// VERBOSE: Execution time report
// VERBOSE: FuseFMAPass
// VERBOSE: Ops, ops inside loops and token edges
// VERBOSE: fuse-fma {{ *}}ops {{ *}}[[BEFORE:[0-9]+]] -> {{[0-9]+}}

// BAD-INPUT: invalid-optimize-input.mlir:3:15: error: use of value
// UNTOUCHED: previous contents
// BAD-PIPELINE: error: cannot parse the before pipeline 'no-such-pass'
// NO-FILE: error: cannot read '{{.*}}does-not-exist.mlir'
// BAD-LEVEL: error: -O7 is not a level
// BAD-VERSION: error: unsupported version requested 1.0

cuda_tile.module @driver {
  entry @kernel(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %n: tile<i32>, %p: tile<ptr<f32>>, %q: tile<ptr<i32>>) {
    %m = mulf %a, %b : tile<f32>
    %s = addf %m, %c : tile<f32>
    %t = store_ptr_tko weak %p, %s : tile<ptr<f32>>, tile<f32> -> token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %sq = muli %n, %n : tile<i32>
      %x = addi %acc, %sq : tile<i32>
      continue %x : tile<i32>
    }
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %d = divi %bx, %c16 signed : tile<i32>
    %sum = addi %r, %d : tile<i32>
    %u = store_ptr_tko weak %q, %sum : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
