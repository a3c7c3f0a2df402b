// RUN: cuda-tile-opt %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file | cuda-tile-opt -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | cuda-tile-opt -split-input-file | FileCheck %s

// CHECK-LABEL: cuda_tile.module @empty {
// CHECK-NEXT: }
cuda_tile.module @empty {
}

// -----

// CHECK-LABEL: cuda_tile.module @with_producer attributes {producer = "frontend v1"}
cuda_tile.module @with_producer attributes {producer = "frontend v1"} {
  // The parser inserts the missing terminator; prefixed and short op names.
  // CHECK: entry @no_return() {
  // CHECK-NEXT: return
  cuda_tile.entry @no_return() {}
  // CHECK-LABEL: entry @args(%arg0: tile<f32>, %arg1: tensor_view<16xf32, strides=[1]>, %arg2: token)
  entry @args(%a: tile<f32>, %v: tensor_view<16xf32, strides=[1]>, %t: token) {
    cuda_tile.return
  }
}

// -----

cuda_tile.module @globals {
  // CHECK: global  @w <f32: [2.500000e-01, 5.000000e-01]> : tile<2xf32>
  global @w <f32: [0.25, 0.5]> : tile<2xf32>
  // CHECK: global  @a alignment = 256 <i64: [1, 2]> : tile<2xi64>
  global public @a alignment = 256 <i64: [1, 2]> : tile<2xi64>
  // CHECK: global private  constant @c <i16: 9> : tile<1xi16>
  global private constant @c <i16: 9> : tile<1xi16>
  // CHECK-LABEL: entry @use
  entry @use() {
    // CHECK: get_global @w : tile<ptr<f32>>
    %0 = get_global @w : tile<ptr<f32>>
    // CHECK: get_global @c : tile<ptr<i16>>
    %1 = get_global @c : tile<ptr<i16>>
    return
  }
}

// -----

cuda_tile.module @constants {
  // CHECK-LABEL: entry @ints
  entry @ints() {
    // CHECK: %true = constant <i1: true> : tile<i1>
    %0 = constant <i1: true> : tile<i1>
    // CHECK: %cst_i1 = constant <i1: [true, false]> : tile<2xi1>
    %1 = constant <i1: [true, false]> : tile<2xi1>
    // CHECK: %cst_-128_i8 = constant <i8: -128> : tile<i8>
    %2 = constant <i8: -128> : tile<i8>
    // Unsigned spelling of an in-range bit pattern.
    // CHECK: %cst_-1_i8 = constant <i8: -1> : tile<i8>
    %3 = constant <i8: 255> : tile<i8>
    // CHECK: %cst_i32 = constant <i32: {{\[}}[1, 2], [3, 4]]> : tile<2x2xi32>
    %4 = constant <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>
    // CHECK: %cst_7_i64 = constant <i64: 7> : tile<4x4xi64>
    %5 = constant <i64: 7> : tile<4x4xi64>
    return
  }
  // CHECK-LABEL: entry @floats
  entry @floats() {
    // CHECK: %cst_2_f32 = constant <f32: 2.000000e+00> : tile<2x2xf32>
    %0 = constant <f32: 2.0> : tile<2x2xf32>
    // CHECK: %cst_f16 = constant <f16: [0x7C00, 5.000000e-01]> : tile<2xf16>
    %1 = constant <f16: [0x7C00, 0.5]> : tile<2xf16>
    // CHECK: %cst_f8E4M3FN = constant <f8E4M3FN: [4.480000e+02, -1.562500e-02]> : tile<2xf8E4M3FN>
    %2 = constant <f8E4M3FN: [448.0, -0.015625]> : tile<2xf8E4M3FN>
    // CHECK: %cst_1_f8E8M0FNU = constant <f8E8M0FNU: 1.000000e+00> : tile<2xf8E8M0FNU>
    %3 = constant <f8E8M0FNU: 1.0> : tile<2xf8E8M0FNU>
    // CHECK: %cst_f4E2M1FN = constant <f4E2M1FN: [-6.000000e+00, 5.000000e-01]> : tile<2xf4E2M1FN>
    %4 = constant <f4E2M1FN: [-6.0, 0.5]> : tile<2xf4E2M1FN>
    // CHECK: %cst_tf32 = constant <tf32: 5.000000e-01> : tile<tf32>
    %5 = constant <tf32: 0.5> : tile<tf32>
    // CHECK: %cst_bf16 = constant <bf16: -0.000000e+00> : tile<bf16>
    %6 = constant <bf16: -0.0> : tile<bf16>
    return
  }
}

// -----

cuda_tile.module @queries {
  // CHECK-LABEL: entry @ids
  entry @ids(%p: tile<ptr<f32>>, %i: tile<i32>, %v: tensor_view<32xi8, strides=[1]>) {
    // CHECK: %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %x, %y, %z = get_tile_block_id : tile<i32>
    // CHECK: %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    // CHECK: %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    // CHECK: %assume_assume = assume div_by<8>, %assume : tile<ptr<f32>>
    %b = assume #cuda_tile.div_by<8>, %a : tile<ptr<f32>>
    // CHECK: %assume_blockId_x = assume bounded<0, ?>, %blockId_x : tile<i32>
    %c = assume bounded<0, ?>, %x : tile<i32>
    // CHECK: assume bounded<?, ?>, %arg1 : tile<i32>
    %d = assume bounded<?, ?>, %i : tile<i32>
    // CHECK: assume div_by<128>, %arg2 : tensor_view<32xi8, strides=[1]>
    %e = assume div_by<128>, %v : tensor_view<32xi8, strides=[1]>
    %cst = constant <i64: 0> : tile<4x16xi64>
    // CHECK: %assume_cst_0_i64 = assume div_by<4, every 8 along 1>, %cst_0_i64 : tile<4x16xi64>
    %f = assume div_by<4, every 8 along 1>, %cst : tile<4x16xi64>
    // CHECK: assume same_elements<[1, 16]>, %cst_0_i64 : tile<4x16xi64>
    %g = assume same_elements<[1, 16]>, %cst : tile<4x16xi64>
    return
  }
}

// -----

// Extra attributes of a global print after its type, where the parser reads
// them (text-parser fuzzer: they printed before the `:` and did not parse).
// CHECK-LABEL: cuda_tile.module @global_attrs
// CHECK: global private  constant @c <i16: 9> : tile<1xi16> {note = "kept", return}
cuda_tile.module @global_attrs {
  global private constant @c <i16: 9> : tile<1xi16> {note = "kept", return}
}
