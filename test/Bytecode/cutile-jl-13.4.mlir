// cuTile.jl's 13.4 byte vectors (its test/bytecode.jl, "Tile IR v13.4
// encodings"), pinned on our writer's output. Every byte is the same except
// the type and value ids, which follow our tables (captured below):
//   insert                      76 01 01 04 00 01 02 03
//   gdc_launch_dependents_tko   77 01 00
//   gdc_wait_tko token = %7     78 01 01 07
//   ftoi (13.3 / 13.4)          2B 01 01 06 00 / 2B 01 00 01 06 00
//   ptr<f32> type (13.3 / 13.4) 0C 01 / 0C 00 01
// (the inbounds vectors are in inbounds-13.4.mlir).
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 %s -o %t.134.bc
// RUN: od -An -tx1 -v %t.134.bc | tr -d '\n' | FileCheck %s --check-prefix=OPS134
// OPS134: 76 01 [[R:[0-9a-f]+]] 04 03 04 00 01 77 [[TOKEN:[0-9a-f]+]] 00 78 [[TOKEN]] 01 07 2b [[I16:[0-9a-f]+]] 00 01 06 05
// RUN: od -An -tx1 -v %t.134.bc | tr -d '\n' | FileCheck %s --check-prefix=PTR134
// PTR134: 07 0c 00 [[F32:[0-9a-f]+]] 0d
//
// At 13.3 the five new ops are refused, and without them ftoi and the
// pointer type lose their 13.4 flags words.
// RUN: sed '/insert\|gdc_/d' %s > %t.133.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.3 %t.133.mlir -o %t.133.bc
// RUN: od -An -tx1 -v %t.133.bc | tr -d '\n' | FileCheck %s --check-prefix=OPS133
// OPS133: 2b [[I16:[0-9a-f]+]] 01 06 05 5c
// OPS133-SAME: 07 0c [[F32:[0-9a-f]+]] 0d
//
// Both read back to this module.
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.134.bc | FileCheck %s
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.133.bc | FileCheck %s --check-prefix=READ133
// READ133: ftoi %{{.*}} signed : tile<4xf32> -> tile<4xi16>

cuda_tile.module @m {
  // CHECK-LABEL: entry @k
  entry @k(%i: tile<i32>, %j: tile<i32>, %p: tile<ptr<f32>>) {
    %src = constant <f32: 1.0> : tile<2x4xf32>
    %dst = constant <f32: 2.0> : tile<8x4xf32>
    %x = constant <f32: 3.5> : tile<4xf32>
    // CHECK: insert %{{.*}}, %{{.*}}[%arg0, %arg1] : tile<2x4xf32> -> tile<8x4xf32>
    %r = insert %src, %dst[%i, %j] : tile<2x4xf32> -> tile<8x4xf32>
    // CHECK: %[[L:.*]] = gdc_launch_dependents_tko -> token
    %l = gdc_launch_dependents_tko -> token
    // CHECK: gdc_wait_tko token = %[[L]] -> token
    %w = gdc_wait_tko token = %l -> token
    // CHECK: ftoi %{{.*}} signed : tile<4xf32> -> tile<4xi16>
    %f = ftoi %x signed : tile<4xf32> -> tile<4xi16>
    return
  }
}
