// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s

// Shape and data-movement ops: broadcast, reshape, permute, cat, extract,
// iota, select, offset, pack and unpack.

cuda_tile.module @shapes {
  // CHECK-LABEL: entry @broadcast_reshape(%arg0: tile<f32>, %arg1: tile<ptr<i64>>)
  entry @broadcast_reshape(%s: tile<f32>, %p: tile<ptr<i64>>) {
    // CHECK: %[[R:reshape]] = reshape %arg0 : tile<f32> -> tile<1x1xf32>
    %r = reshape %s : tile<f32> -> tile<1x1xf32>
    // CHECK-NEXT: %[[B:bcast]] = broadcast %[[R]] : tile<1x1xf32> -> tile<1x64xf32>
    %row = broadcast %r : tile<1x1xf32> -> tile<1x64xf32>
    // CHECK-NEXT: %[[B0:bcast_0]] = broadcast %[[B]] : tile<1x64xf32> -> tile<32x64xf32>
    %full = broadcast %row : tile<1x64xf32> -> tile<32x64xf32>
    // CHECK-NEXT: %[[F:reshape_1]] = reshape %[[B0]] : tile<32x64xf32> -> tile<2048xf32>
    %flat = reshape %full : tile<32x64xf32> -> tile<2048xf32>
    // CHECK-NEXT: %[[C:reshape_2]] = reshape %[[F]] : tile<2048xf32> -> tile<8x16x16xf32>
    %cube = reshape %flat : tile<2048xf32> -> tile<8x16x16xf32>
    // An identity broadcast is valid.
    // CHECK-NEXT: %bcast_3 = broadcast %[[C]] : tile<8x16x16xf32> -> tile<8x16x16xf32>
    %same = broadcast %cube : tile<8x16x16xf32> -> tile<8x16x16xf32>
    // Pointer tiles; the long type spelling is accepted too.
    // CHECK-NEXT: %[[PR:reshape_4]] = reshape %arg1 : tile<ptr<i64>> -> tile<1x1x1xptr<i64>>
    %pr = reshape %p : !cuda_tile.tile<!cuda_tile.ptr<i64>> -> !cuda_tile.tile<1x1x1x!cuda_tile.ptr<i64>>
    // CHECK-NEXT: %bcast_5 = broadcast %[[PR]] : tile<1x1x1xptr<i64>> -> tile<2x4x8xptr<i64>>
    %pb = broadcast %pr : tile<1x1x1xptr<i64>> -> tile<2x4x8xptr<i64>>
    // Back to rank 0.
    // CHECK-NEXT: %reshape_6 = reshape %[[PR]] : tile<1x1x1xptr<i64>> -> tile<ptr<i64>>
    %back = reshape %pr : tile<1x1x1xptr<i64>> -> tile<ptr<i64>>
    // Discardable attributes follow the operand.
    // CHECK-NEXT: reshape %arg0 {tag = "t"} : tile<f32> -> tile<1xf32>
    %t = reshape %s {tag = "t"} : tile<f32> -> tile<1xf32>
    return
  }

  // CHECK-LABEL: entry @permute(%arg0: tile<f16>)
  entry @permute(%x: tile<f16>) {
    %r = reshape %x : tile<f16> -> tile<1x1x1x1xf16>
    %t4 = broadcast %r : tile<1x1x1x1xf16> -> tile<2x4x8x16xf16>
    // CHECK: %{{.*}} = permute %bcast [3, 2, 1, 0] : tile<2x4x8x16xf16> -> tile<16x8x4x2xf16>
    %a = permute %t4 [3, 2, 1, 0] : tile<2x4x8x16xf16> -> tile<16x8x4x2xf16>
    // CHECK-NEXT: %{{.*}} = permute %bcast [0, 1, 2, 3] : tile<2x4x8x16xf16> -> tile<2x4x8x16xf16>
    %b = permute %t4 [0, 1, 2, 3] : tile<2x4x8x16xf16> -> tile<2x4x8x16xf16>
    // CHECK: permute %{{.*}} [1, 0] : tile<2x4xi32> -> tile<4x2xi32>
    %m = constant <i32: [[1, 2, 3, 4], [5, 6, 7, 8]]> : tile<2x4xi32>
    %mt = permute %m [1, 0] : tile<2x4xi32> -> tile<4x2xi32>
    return
  }

  // CHECK-LABEL: entry @cat_extract(%arg0: tile<i32>)
  entry @cat_extract(%i: tile<i32>) {
    // CHECK: %[[A:.*]] = constant <f32: 1.000000e+00> : tile<4x8xf32>
    // CHECK: %[[B:.*]] = constant <f32: 2.000000e+00> : tile<4x8xf32>
    %a = constant <f32: 1.0> : tile<4x8xf32>
    %b = constant <f32: 2.0> : tile<4x8xf32>
    // CHECK: %[[ROWS:.*]] = cat %[[A]], %[[B]] dim = 0 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
    %rows = cat %a, %b dim = 0 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
    // CHECK-NEXT: %[[COLS:.*]] = cat %[[A]], %[[B]] dim = 1 : tile<4x8xf32>, tile<4x8xf32> -> tile<4x16xf32>
    %cols = cat %a, %b dim = 1 : tile<4x8xf32>, tile<4x8xf32> -> tile<4x16xf32>
    // CHECK: %[[C0:.*]] = constant <i32: 0> : tile<i32>
    // CHECK: %[[C1:.*]] = constant <i32: 1> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: extract %[[ROWS]][%[[C1]], %[[C0]]] : tile<8x8xf32> -> tile<4x8xf32>
    %blk = extract %rows[%c1, %c0] : tile<8x8xf32> -> tile<4x8xf32>
    // CHECK-NEXT: extract %[[COLS]][%[[C0]], %arg0] : tile<4x16xf32> -> tile<2x4xf32>
    %quarter = extract %cols[%c0, %i] : tile<4x16xf32> -> tile<2x4xf32>
    // The whole tile is a valid slice.
    // CHECK-NEXT: extract %[[COLS]][%[[C0]], %[[C0]]] : tile<4x16xf32> -> tile<4x16xf32>
    %all = extract %cols[%c0, %c0] : tile<4x16xf32> -> tile<4x16xf32>
    return
  }

  // CHECK-LABEL: entry @iota_select_offset(%arg0: tile<ptr<f32>>)
  entry @iota_select_offset(%p: tile<ptr<f32>>) {
    // CHECK: %[[IOTA:.*]] = iota : tile<16xi32>
    %a = iota : tile<16xi32>
    // 256 i8 elements still fit (the last one is 255).
    // CHECK-NEXT: iota : tile<256xi8>
    %b = iota : tile<256xi8>
    // CHECK-NEXT: iota : tile<4xi16>
    %c = iota : tile<4xi16>
    // CHECK-NEXT: iota : tile<1024xi64>
    %d = iota : tile<1024xi64>
    // CHECK-NEXT: iota : tile<2xi1>
    %e = iota : tile<2xi1>
    // CHECK: %[[COND:.*]] = constant <i1: [true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : tile<16xi1>
    %cond = constant <i1: [true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : tile<16xi1>
    // CHECK: %[[EIGHT:.*]] = constant <i32: 8> : tile<16xi32>
    %eight = constant <i32: 8> : tile<16xi32>
    // CHECK-NEXT: select %[[COND]], %[[IOTA]], %[[EIGHT]] : tile<16xi1>, tile<16xi32>
    %sel = select %cond, %a, %eight : tile<16xi1>, tile<16xi32>
    // CHECK: %[[PR:.*]] = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pr = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    // CHECK-NEXT: %[[PB:.*]] = broadcast %[[PR]] : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %pb = broadcast %pr : tile<1xptr<f32>> -> tile<16xptr<f32>>
    // CHECK-NEXT: %[[PO:.*]] = offset %[[PB]], %[[IOTA]] : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %po = offset %pb, %a : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    // CHECK-NEXT: select %[[COND]], %[[PB]], %[[PO]] : tile<16xi1>, tile<16xptr<f32>>
    %ps = select %cond, %pb, %po : tile<16xi1>, tile<16xptr<f32>>
    // CHECK: offset %arg0, %{{.*}} : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %one = constant <i64: 1> : tile<i64>
    %next = offset %p, %one : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    // CHECK: %[[T:.*]] = constant <i1: true> : tile<i1>
    %t = constant <i1: true> : tile<i1>
    %f0 = constant <f64: 0.0> : tile<f64>
    %f1 = constant <f64: 1.0> : tile<f64>
    // CHECK: select %[[T]], %{{.*}}, %{{.*}} : tile<i1>, tile<f64>
    %sc = select %t, %f0, %f1 : tile<i1>, tile<f64>
    return
  }

  // CHECK-LABEL: entry @pack_unpack()
  entry @pack_unpack() {
    %h = constant <f16: 1.0> : tile<64xf16>
    // CHECK: %[[HB:.*]] = pack %{{.*}} : tile<64xf16> -> tile<128xi8>
    %hb = pack %h : tile<64xf16> -> tile<128xi8>
    // CHECK-NEXT: unpack %[[HB]] : tile<128xi8> -> tile<64xf16>
    %hh = unpack %hb : tile<128xi8> -> tile<64xf16>
    // CHECK-NEXT: unpack %[[HB]] : tile<128xi8> -> tile<16xf64>
    %hd = unpack %hb : tile<128xi8> -> tile<16xf64>
    %q = constant <f4E2M1FN: 0.5> : tile<64xf4E2M1FN>
    // CHECK: %[[QB:.*]] = pack %{{.*}} : tile<64xf4E2M1FN> -> tile<32xi8>
    %qb = pack %q : tile<64xf4E2M1FN> -> tile<32xi8>
    // CHECK-NEXT: %[[N:.*]] = unpack %[[QB]] : tile<32xi8> -> tile<64xi4>
    %n = unpack %qb : tile<32xi8> -> tile<64xi4>
    // CHECK-NEXT: pack %[[N]] : tile<64xi4> -> tile<32xi8>
    %nb = pack %n : tile<64xi4> -> tile<32xi8>
    %flags = constant <i1: true> : tile<16xi1>
    // Booleans take one bit each.
    // CHECK: pack %{{.*}} : tile<16xi1> -> tile<2xi8>
    %fb = pack %flags : tile<16xi1> -> tile<2xi8>
    %w = constant <tf32: 1.0> : tile<8xtf32>
    // tf32 is stored in 32 bits.
    // CHECK: pack %{{.*}} : tile<8xtf32> -> tile<32xi8>
    %wb = pack %w : tile<8xtf32> -> tile<32xi8>
    return
  }
}

// Ops nested in a top-level entry print without the dialect prefix too.
// CHECK-LABEL: cuda_tile.entry @top_level(%arg0: tile<f32>)
// CHECK: %reshape = reshape %arg0 : tile<f32> -> tile<1xf32>
// CHECK: %bcast = broadcast %reshape : tile<1xf32> -> tile<4xf32>
// CHECK: iota : tile<4xi32>
cuda_tile.entry @top_level(%x: tile<f32>) {
  %r = cuda_tile.reshape %x : tile<f32> -> tile<1xf32>
  %b = cuda_tile.broadcast %r : tile<1xf32> -> tile<4xf32>
  %i = cuda_tile.iota : tile<4xi32>
  cuda_tile.return
}
