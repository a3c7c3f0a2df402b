// A dense elements value inside optimization hints is written as a
// self-contained dense attribute. The reference reader rejects that
// attribute ("unknown DenseElementsAttr based Attr"); ours reads it back
// (docs/bytecode.md) to the same bytes, and prints it as the reference
// prints such a value, without its type (text that does not parse back).
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s
// RUN: %cuda-tile-translate -mlir-to-cudatilebc %t.bc -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc

// CHECK: entry @k() optimization_hints=<sm_100 = {table = dense<[4, 8]>}>
cuda_tile.module @kernels {
  entry @k() optimization_hints=<sm_100 = {table = dense<[4, 8]> : !cuda_tile.tile<2xi32>}> {
    return
  }
}
