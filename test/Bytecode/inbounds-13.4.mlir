// The `inbounds` array of load_view_tko and store_view_tko (13.4): written
// with no flag bit after the optional attributes and before the operands, a
// count and one byte per index, at 13.4 always (absent: all false), at 13.3
// never. The op records are cuTile.jl's byte vectors but for the type ids,
// which follow our type table: 13.3 `3E 02 01 02 00 00 03 02 04 05`, 13.4
// with inbounds=[true,true] `3E 02 01 02 00 00 02 01 01 03 02 04 05`.
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 %s -o %t.134.bc
// RUN: od -An -tx1 -v %t.134.bc | tr -d '\n' | FileCheck %s --check-prefix=BYTES134
// BYTES134: 3e 02 [[TILE:[0-9a-f]+]] [[TOKEN:[0-9a-f]+]] 00 00 02 01 01 03 02 04 05 66 01 [[TOKEN]] 00 00 02 00 01 06 03 02 04 05 3e 02 [[TILE]] [[TOKEN]] 00 00 02 00 00 03 02 04 05
//
// Read back: the true elements print, all-false prints nothing, and writing
// the text again gives the same bytes.
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.134.bc | FileCheck %s
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.134.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 -o %t.again.bc
// RUN: cmp %t.134.bc %t.again.bc
//
// The same kernel without `true` at 13.3: no inbounds bytes; read back, it
// has no clause, and written at 13.4 it gets one `false` per index.
// RUN: sed 's/ inbounds = \[[a-z, ]*\]//' %s > %t.133.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.3 %t.133.mlir -o %t.133.bc
// RUN: od -An -tx1 -v %t.133.bc | tr -d '\n' | FileCheck %s --check-prefix=BYTES133
// BYTES133: 3e 02 [[TILE:[0-9a-f]+]] [[TOKEN:[0-9a-f]+]] 00 00 03 02 04 05 66 01 [[TOKEN]] 00 00 06 03 02 04 05 3e 02 [[TILE]] [[TOKEN]] 00 00 03 02 04 05
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.133.bc | FileCheck %s --check-prefix=READ133
// READ133-NOT: inbounds
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.133.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 -o %t.up.bc
// RUN: od -An -tx1 -v %t.up.bc | tr -d '\n' | FileCheck %s --check-prefix=UP
// UP: 3e 02 [[TILE:[0-9a-f]+]] [[TOKEN:[0-9a-f]+]] 00 00 02 00 00 03 02 04 05 66 01 [[TOKEN]] 00 00 02 00 00 06 03 02 04 05
//
// A bool byte of 2 reads as true (as any bool byte), except under
// -strict-bytecode.
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); v = bytes.fromhex('000002010103020405'); assert d.count(v) == 1; open(sys.argv[2], 'wb').write(d.replace(v, bytes.fromhex('000002010203020405')))" %t.134.bc %t.bool.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bool.bc | FileCheck %s
// RUN: not %cuda-tile-translate -cudatilebc-to-mlir -strict-bytecode %t.bool.bc 2>&1 | FileCheck %s --check-prefix=STRICT
// STRICT: error: error at offset {{[0-9]+}}: invalid boolean (-strict-bytecode rule 'bool-byte')

cuda_tile.module @m {
  // CHECK-LABEL: entry @k
  entry @k(%a: tile<i32>, %b: tile<i32>, %c: tile<i32>, %p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>, %j: tile<i32>) {
    // CHECK: %[[T:.*]], %{{.*}} = load_view_tko weak %arg3[%arg4, %arg5] inbounds = [true, true] :
    %t, %k = load_view_tko weak %p[%i, %j] inbounds = [true, true] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    // CHECK: store_view_tko weak %[[T]], %arg3[%arg4, %arg5] inbounds = [false, true] :
    %w = store_view_tko weak %t, %p[%i, %j] inbounds = [false, true] : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: load_view_tko weak %arg3[%arg4, %arg5] : partition_view
    %t2, %k2 = load_view_tko weak %p[%i, %j] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    return
  }
}
