// reduce and scan: combiners of one or several ops and operands, both
// dimensions, reverse scans, and a combiner that cannot run lane-wise.
// RUN: cuda-tile-run %s --entry combiners --grid 1 | FileCheck %s

cuda_tile.module @combiners {
  entry @combiners() {
    %i = iota : tile<8xi32>
    %m = reshape %i : tile<8xi32> -> tile<2x4xi32>
    %rows = reduce %m dim=1 identities=[0 : i32] : tile<2x4xi32> -> tile<2xi32>
      (%v: tile<i32>, %acc: tile<i32>) {
        %s = addi %v, %acc : tile<i32>
        yield %s : tile<i32>
      }
    %cols = reduce %m dim=0 identities=[1 : i32] : tile<2x4xi32> -> tile<4xi32>
      (%v: tile<i32>, %acc: tile<i32>) {
        %s = muli %v, %acc : tile<i32>
        yield %s : tile<i32>
      }
    // CHECK: rows=[6, 22] cols=[0, 5, 12, 21]
    %t0 = print_tko "rows=%d cols=%d\n", %rows, %cols : tile<2xi32>, tile<4xi32> -> token
    // argmax: two operands reduced together; the first maximum wins.
    %x = constant <f32: [3.0, 7.0, -1.0, 7.0, 2.0, 0.5, 6.5, 1.0]> : tile<8xf32>
    %max, %arg = reduce %x, %i dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
      (%v: tile<f32>, %acc: tile<f32>, %vi: tile<i32>, %acci: tile<i32>) {
        %gt = cmpf greater_than ordered %v, %acc : tile<f32> -> tile<i1>
        %nm = select %gt, %v, %acc : tile<i1>, tile<f32>
        %ni = select %gt, %vi, %acci : tile<i1>, tile<i32>
        yield %nm, %ni : tile<f32>, tile<i32>
      }
    // CHECK: max=7 at 1
    %t1 = print_tko "max=%g at %d\n", %max, %arg : tile<f32>, tile<i32> -> token
    // A constant inside the combiner: sum of squares plus one per element.
    %sq = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%v: tile<f32>, %acc: tile<f32>) {
        %one = constant <f32: 1.0> : tile<f32>
        %v2 = mulf %v, %v : tile<f32>
        %p = addf %v2, %one : tile<f32>
        %s = addf %p, %acc : tile<f32>
        yield %s : tile<f32>
      }
    // 9 + 49 + 1 + 49 + 4 + 0.25 + 42.25 + 1 + 8 = 163.5
    // CHECK: squares=163.5
    %t2 = print_tko "squares=%g\n", %sq : tile<f32> -> token
    %fwd = scan %m dim=1 reverse=false identities=[0 : i32] : tile<2x4xi32> -> tile<2x4xi32>
      (%v: tile<i32>, %acc: tile<i32>) {
        %s = addi %v, %acc : tile<i32>
        yield %s : tile<i32>
      }
    %rev = scan %m dim=1 reverse=true identities=[0 : i32] : tile<2x4xi32> -> tile<2x4xi32>
      (%v: tile<i32>, %acc: tile<i32>) {
        %s = addi %v, %acc : tile<i32>
        yield %s : tile<i32>
      }
    %down = scan %m dim=0 reverse=false identities=[0 : i32] : tile<2x4xi32> -> tile<2x4xi32>
      (%v: tile<i32>, %acc: tile<i32>) {
        %s = maxi %v, %acc signed : tile<i32>
        yield %s : tile<i32>
      }
    // CHECK: scan={{\[\[}}0, 1, 3, 6], [4, 9, 15, 22]] reverse={{\[\[}}6, 6, 5, 3], [22, 18, 13, 7]] down={{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]
    %t3 = print_tko "scan=%d reverse=%d down=%d\n", %fwd, %rev, %down : tile<2x4xi32>, tile<2x4xi32>, tile<2x4xi32> -> token
    %h = constant <f16: [1.0, 2.0, 3.0, 4.0]> : tile<4xf16>
    %prod = scan %h dim=0 reverse=false identities=[1.0 : f16] : tile<4xf16> -> tile<4xf16>
      (%v: tile<f16>, %acc: tile<f16>) {
        %p = mulf %v, %acc : tile<f16>
        yield %p : tile<f16>
      }
    // CHECK: cumprod=[1, 2, 6, 24]
    %t4 = print_tko "cumprod=%g\n", %prod : tile<4xf16> -> token
    // reshape is not elementwise: this combiner runs one element at a time.
    %slow = reduce %m dim=1 identities=[0 : i32] : tile<2x4xi32> -> tile<2xi32>
      (%v: tile<i32>, %acc: tile<i32>) {
        %v1 = reshape %v : tile<i32> -> tile<1xi32>
        %v0 = reshape %v1 : tile<1xi32> -> tile<i32>
        %s = subi %v0, %acc : tile<i32>
        yield %s : tile<i32>
      }
    // Folding in order: v3 - (v2 - (v1 - (v0 - 0))).
    // CHECK: alternating=[2, 2]
    %t5 = print_tko "alternating=%d\n", %slow : tile<2xi32> -> token
    return
  }
}
