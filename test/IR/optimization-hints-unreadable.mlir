// Hints printed as the reference prints them, in text that does not parse
// back (docs/cuda-tile-opt.md): names bare, also those that are no
// identifiers, and dense values without their type. Neither tool reads such
// text back; the bytecode carries them whole (test/Bytecode/hints-dense.mlir).
// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | not cuda-tile-opt 2>&1 | FileCheck %s --check-prefix=REPARSE

// CHECK-LABEL: entry @names
// CHECK-SAME: optimization_hints=<größe = {needs space = true, ключ = 1}>
// CHECK-LABEL: entry @dense
// CHECK-SAME: optimization_hints=<sm_100 = {table = dense<[4, 8]>}>
// REPARSE: error:
cuda_tile.module @hints {
  entry @names() optimization_hints=<"größe" = {"ключ" = 1 : i32, "needs space" = true}> {
    return
  }
  entry @dense() optimization_hints=<sm_100 = {table = dense<[4, 8]> : !cuda_tile.tile<2xi32>}> {
    return
  }
}
