// ftoi without `saturating`: a NaN or out-of-range input makes the result
// undefined. The interpreter says so with a warning at the op (once per op
// and run) and goes on with the saturated value: ftoi is speculatable, so
// the optimizer may hoist it above the guard that kept such inputs away
// (test/Interpreter/guarded-ops.mlir), and only a use of the value is
// undefined. With `saturating` the same values are defined and not reported.
// RUN: cuda-tile-run %s --entry convert --grid 1 --arg f32:3.5e9 --arg f32:nan 2>&1 >/dev/null | FileCheck %s
// RUN: cuda-tile-run %s --entry convert --grid 1 --arg f32:3.5e9 --arg f32:nan 2>/dev/null | FileCheck %s --check-prefix=VALUES
// RUN: cuda-tile-run %s --entry convert --grid 1 --arg f32:-7.9 --arg f32:100.0 2>&1 | FileCheck %s --check-prefix=INRANGE

// CHECK: ftoi-undefined.mlir:[[@LINE+8]]:10: warning: ftoi in tile block (0, 0, 0): element [] is 3500000000, out of the range of i32: without `saturating` the result is undefined (the value saturates, NaN gives 0)
// CHECK: ftoi-undefined.mlir:[[@LINE+8]]:10: warning: ftoi in tile block (0, 0, 0): element [] is NaN, out of the range of i8: without `saturating` the result is undefined
// CHECK-NOT: warning
// VALUES: values 2147483647 0 2147483647 0
// INRANGE-NOT: warning
// INRANGE: values -7 100 -7 100
cuda_tile.module @m {
  entry @convert(%big: tile<f32>, %nan: tile<f32>) {
    %a = ftoi %big signed : tile<f32> -> tile<i32>
    %b = ftoi %nan signed : tile<f32> -> tile<i8>
    %c = ftoi %big signed saturating : tile<f32> -> tile<i32>
    %d = ftoi %nan signed saturating : tile<f32> -> tile<i8>
    %t = print_tko "values %d %d %d %d\n", %a, %b, %c, %d : tile<i32>, tile<i8>, tile<i32>, tile<i8> -> token
    return
  }
}
