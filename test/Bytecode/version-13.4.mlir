// Tile IR 13.4: the five new ops, ftoi's flags word (`saturating`) and the
// flags word of ptr and tensor_view types, written at 13.4 and read back to
// the same text and the same bytes. 13.3 stays the default.
//
// RUN: %cuda-tile-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | %cuda-tile-opt -no-implicit-module -o %t.rt.mlir
// RUN: diff %t.ref.mlir %t.rt.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo %t.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s
// The header says 13.4.
// RUN: od -An -tx1 -j8 -N4 %t.bc | FileCheck %s --check-prefix=HEADER
// HEADER: 0d 04 00 00
// RUN: %cuda-tile-translate --list-versions | FileCheck %s --check-prefix=LIST
// LIST: 13.3 (default)
// LIST-NEXT: 13.4{{$}}

cuda_tile.module @kernels {
  // CHECK-LABEL: entry @new_ops
  entry @new_ops(%p: tile<ptr<f32>>) {
    %x = constant <f32: 1.5> : tile<8xf32>
    %n = constant <i8: 3> : tile<8xi8>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %dst = constant <f32: 0.0> : tile<4x8xf32>
    %src = constant <f32: 1.0> : tile<2x4xf32>
    // CHECK: insert %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : tile<2x4xf32> -> tile<4x8xf32>
    %ins = insert %src, %dst[%c1, %c0] : tile<2x4xf32> -> tile<4x8xf32>
    // CHECK: fpowi %{{.*}}, %{{.*}} : tile<8xf32>, tile<8xi8>
    %pw = fpowi %x, %n : tile<8xf32>, tile<8xi8>
    // CHECK: %[[L:.*]] = gdc_launch_dependents_tko -> token
    %l = gdc_launch_dependents_tko -> token
    // CHECK: %[[W:.*]] = gdc_wait_tko token = %[[L]] -> token
    %w = gdc_wait_tko token = %l -> token
    // CHECK: gdc_wait_tko -> token
    %w2 = gdc_wait_tko -> token
    // CHECK: memory_fence_alias_tko token = %[[W]] -> token
    %f = memory_fence_alias_tko token = %w -> token
    // CHECK: gdc_launch_dependents_tko token = %{{.*}} -> token
    %l2 = gdc_launch_dependents_tko token = %f -> token
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    return
  }

  // CHECK-LABEL: entry @ftoi
  entry @ftoi() {
    %x = constant <f32: 2.5> : tile<4xf32>
    // CHECK: ftoi %{{.*}} signed saturating : tile<4xf32> -> tile<4xi8>
    %s = ftoi %x signed saturating : tile<4xf32> -> tile<4xi8>
    // CHECK: ftoi %{{.*}} unsigned : tile<4xf32> -> tile<4xi16>
    %u = ftoi %x unsigned : tile<4xf32> -> tile<4xi16>
    return
  }
}
