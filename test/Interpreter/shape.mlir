// Shape and data movement: broadcast, reshape, permute, cat, extract, iota,
// select, pack and unpack.
// RUN: cuda-tile-run %s --entry shapes --grid 1 | FileCheck %s

cuda_tile.module @shapes {
  entry @shapes() {
    %i = iota : tile<8xi32>
    %m = reshape %i : tile<8xi32> -> tile<2x4xi32>
    // CHECK: iota=[0, 1, 2, 3, 4, 5, 6, 7] reshape={{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]
    %t0 = print_tko "iota=%d reshape=%d\n", %i, %m : tile<8xi32>, tile<2x4xi32> -> token
    %p = permute %m [1, 0] : tile<2x4xi32> -> tile<4x2xi32>
    // CHECK: permute={{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]
    %t1 = print_tko "permute=%d\n", %p : tile<4x2xi32> -> token
    %c3 = reshape %i : tile<8xi32> -> tile<2x2x2xi32>
    %p3 = permute %c3 [2, 0, 1] : tile<2x2x2xi32> -> tile<2x2x2xi32>
    // Result dimension i is source dimension permutation[i]: r[a][b][c] = s[b][c][a].
    // CHECK: permute3={{\[\[}}[0, 2], [4, 6]], {{\[\[}}1, 3], [5, 7]]]
    %t2 = print_tko "permute3=%d\n", %p3 : tile<2x2x2xi32> -> token
    %col = constant <f32: [[1.0], [2.0]]> : tile<2x1xf32>
    %bc = broadcast %col : tile<2x1xf32> -> tile<2x4xf32>
    %s = constant <f32: 7.0> : tile<f32>
    %s1 = reshape %s : tile<f32> -> tile<1x1xf32>
    %sb = broadcast %s1 : tile<1x1xf32> -> tile<1x2xf32>
    // CHECK: broadcast={{\[\[}}1, 1, 1, 1], [2, 2, 2, 2]] scalar={{\[\[}}7, 7]]
    %t3 = print_tko "broadcast=%g scalar=%g\n", %bc, %sb : tile<2x4xf32>, tile<1x2xf32> -> token
    %a = constant <i16: [[1, 2], [3, 4]]> : tile<2x2xi16>
    %b = constant <i16: [[5, 6], [7, 8]]> : tile<2x2xi16>
    %cat0 = cat %a, %b dim = 0 : tile<2x2xi16>, tile<2x2xi16> -> tile<4x2xi16>
    %cat1 = cat %a, %b dim = 1 : tile<2x2xi16>, tile<2x2xi16> -> tile<2x4xi16>
    // CHECK: cat0={{\[\[}}1, 2], [3, 4], [5, 6], [7, 8]] cat1={{\[\[}}1, 2, 5, 6], [3, 4, 7, 8]]
    %t4 = print_tko "cat0=%d cat1=%d\n", %cat0, %cat1 : tile<4x2xi16>, tile<2x4xi16> -> token
    %big = iota : tile<16xi64>
    %sq = reshape %big : tile<16xi64> -> tile<4x4xi64>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ex = extract %sq[%c1, %c0] : tile<4x4xi64> -> tile<2x2xi64>
    %row = extract %sq[%c1, %c0] : tile<4x4xi64> -> tile<1x4xi64>
    // Indices count slices of the result's shape.
    // CHECK: extract={{\[\[}}8, 9], [12, 13]] row={{\[\[}}4, 5, 6, 7]]
    %t5 = print_tko "extract=%d row=%d\n", %ex, %row : tile<2x2xi64>, tile<1x4xi64> -> token
    %cond = constant <i1: [true, false, false, true]> : tile<4xi1>
    %x = constant <f64: [1.0, 2.0, 3.0, 4.0]> : tile<4xf64>
    %y = constant <f64: [-1.0, -2.0, -3.0, -4.0]> : tile<4xf64>
    %sel = select %cond, %x, %y : tile<4xi1>, tile<4xf64>
    // CHECK: select=[1, -2, -3, 4]
    %t6 = print_tko "select=%g\n", %sel : tile<4xf64> -> token
    %h = constant <i16: [0x0102, 0x0304]> : tile<2xi16>
    %hb = pack %h : tile<2xi16> -> tile<4xi8>
    %hu = unpack %hb : tile<4xi8> -> tile<2xi16>
    %bits = constant <i1: [true, false, true, true, false, false, false, true]> : tile<8xi1>
    %bb = pack %bits : tile<8xi1> -> tile<1xi8>
    %bu = unpack %bb : tile<1xi8> -> tile<8xi1>
    // Little-endian, element 0 in the lowest bits: 0b10001101.
    // CHECK: pack=[2, 1, 4, 3] unpack=[102, 304] bits=[8d] unbits=[1, 0, 1, 1, 0, 0, 0, 1]
    %t7 = print_tko "pack=%x unpack=%x bits=%x unbits=%d\n", %hb, %hu, %bb, %bu : tile<4xi8>, tile<2xi16>, tile<1xi8>, tile<8xi1> -> token
    %f = constant <f32: [1.0, -0.0]> : tile<2xf32>
    %fb = pack %f : tile<2xf32> -> tile<8xi8>
    // CHECK: f32 bytes=[0, 0, 80, 3f, 0, 0, 0, 80]
    %t8 = print_tko "f32 bytes=%x\n", %fb : tile<8xi8> -> token
    return
  }
}
