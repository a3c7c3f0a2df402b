// print_tko and assert round-trip through the custom and the generic syntax;
// strings keep their escapes.
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

cuda_tile.module @m {
  // CHECK-LABEL: entry @printing
  entry @printing(%x: tile<f32>, %i: tile<i32>, %l: tile<i64>) {
    // CHECK: %0 = print_tko "start\0A" -> token
    %t0 = print_tko "start\n" -> token
    %v = constant <f16: [1.0, 2.0, 3.0, 4.0]> : tile<4xf16>
    // CHECK: %1 = print_tko "x=%f i=%d v=%f\0A", %arg0, %arg1, %cst_f16 : tile<f32>, tile<i32>, tile<4xf16> -> token
    %t1 = print_tko "x=%f i=%d v=%f\n", %x, %i, %v : tile<f32>, tile<i32>, tile<4xf16> -> token
    // CHECK: %2 = print_tko "after %d\09\22quoted\22\0A", %arg1 token=%1 : tile<i32> -> token
    %t2 = print_tko "after %d\t\"quoted\"\n", %i token=%t1 : tile<i32> -> token
    // `%%` prints a percent sign and takes no operand.
    // CHECK: %3 = print_tko "%+08.3f %%", %arg0 token=%2 : tile<f32> -> token
    %t3 = print_tko "%+08.3f %%", %x token = %t2 : tile<f32> -> token
    // CHECK: %4 = print_tko "value: %ld\0A", %arg2 : tile<i64> -> token
    %t4 = print_tko "value: %ld\n", %l : tile<i64> -> token
    // CHECK: %5 = print_tko "bye \C3\BCn\C3\AFc\C3\B6d\C3\A9 \E2\9C\93\0A" -> token
    %t5 = print_tko "bye ünïcödé ✓\n" -> token
    // CHECK: %6 = print_tko "no args" token=%5 {tag = 1 : i64} -> token
    %t6 = print_tko "no args" token=%t5 {tag = 1} -> token
    return
  }

  // CHECK-LABEL: entry @assertions
  entry @assertions(%c: tile<i1>) {
    // CHECK: assert %arg0, "scalar condition failed" : tile<i1>
    assert %c, "scalar condition failed" : tile<i1>
    %ok = constant <i1: [true, false]> : tile<2xi1>
    // CHECK: assert %cst_i1, "index out of range: \22iv\22 >= 100 \E2\80\94 Grenzwert \C3\BCberschritten\0A" : tile<2xi1>
    assert %ok, "index out of range: \"iv\" >= 100 — Grenzwert überschritten\n" : tile<2xi1>
    // CHECK: assert %arg0, "" : tile<i1>
    assert %c, "" : tile<i1>
    return
  }
}

// GENERIC: "cuda_tile.print_tko"() <{operandSegmentSizes = array<i32: 0, 0>, str = "start\0A"}> : () -> !cuda_tile.token
// GENERIC: "cuda_tile.print_tko"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1>, str = "after %d\09\22quoted\22\0A"}> : (!cuda_tile.tile<i32>, !cuda_tile.token) -> !cuda_tile.token
// GENERIC: "cuda_tile.assert"(%{{.*}}) <{message = "scalar condition failed"}> : (!cuda_tile.tile<i1>) -> ()
