// Reading a file of an older version fills what that version cannot hold:
// attributes introduced later get their ODS default (exp and tanh rounding
// `full`, negi overflow `none`), print_tko gets its result token back, and
// optional fields introduced later are absent. Converting the old file to
// the newest version therefore gives the bytes of writing the newest version
// directly.
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 %s -o %t.131.bc
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.2 %s -o %t.132.bc
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.3 %s -o %t.133.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-op-generic %t.131.bc | FileCheck %s
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-op-generic %t.132.bc | FileCheck %s
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.131.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -o %t.131to133.bc
// RUN: cmp %t.133.bc %t.131to133.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.132.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -o %t.132to133.bc
// RUN: cmp %t.133.bc %t.132to133.bc
// The encodings differ between versions (the newer fields are absent).
// RUN: not cmp -s %t.131.bc %t.132.bc
// RUN: not cmp -s %t.132.bc %t.133.bc

// CHECK: "cuda_tile.exp"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
// CHECK: "cuda_tile.tanh"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
// CHECK: "cuda_tile.negi"(%{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
// CHECK: "cuda_tile.print_tko"() <{operandSegmentSizes = array<i32: 0, 0>, str = "hello\0A"}> : () -> !cuda_tile.token
// CHECK: "cuda_tile.mmaf"(%{{.*}}, %{{.*}}, %{{.*}}) : (
// CHECK: "cuda_tile.for"(%{{.*}}, %{{.*}}, %{{.*}}) ({
cuda_tile.module @kernels {
  entry @k(%x: tile<f32>, %i: tile<i32>) {
    %e = exp %x : tile<f32>
    %t = tanh %x : tile<f32>
    %n = negi %i : tile<i32>
    %p = print_tko "hello\n" -> token
    %a = constant <f16: 1.0> : tile<16x32xf16>
    %b = constant <f16: 1.0> : tile<32x8xf16>
    %c = constant <f32: 0.0> : tile<16x8xf32>
    %m = mmaf %a, %b, %c : tile<16x32xf16>, tile<32x8xf16>, tile<16x8xf32>
    %zero = constant <i32: 0> : tile<i32>
    for %j in (%zero to %i, step %i) : tile<i32> {
      continue
    }
    return
  }
}
