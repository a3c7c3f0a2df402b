// Module-level content: the producer, globals (visibility, constant flag,
// alignment, splat and dense values), constants of every element type
// (splat, dense, bit-packed i1, large values), every scalar and dialect type
// in signatures, and kernel optimization hints of every value kind.
//
// RUN: %cuda-tile-opt -no-implicit-module %s -o %t.ref.mlir
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | %cuda-tile-opt -no-implicit-module -o %t.rt.mlir
// RUN: diff %t.ref.mlir %t.rt.mlir
// RUN: %cuda-tile-translate -cudatilebc-to-mlir -mlir-print-debuginfo %t.bc | %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s
//
// The producer is dropped below 13.3 (that is not a refusal).
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.3 %S/Inputs/producer.mlir | %cuda-tile-translate -cudatilebc-to-mlir | FileCheck %s --check-prefix=PRODUCER
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.2 %S/Inputs/producer.mlir | %cuda-tile-translate -cudatilebc-to-mlir | FileCheck %s --check-prefix=NOPRODUCER
// PRODUCER: cuda_tile.module @kernels attributes {producer = "unit test \E2\9C\93"}
// NOPRODUCER: cuda_tile.module @kernels {

// CHECK-LABEL: cuda_tile.module @kernels
cuda_tile.module @kernels {
  // CHECK: global  @weights <f32: [2.500000e-01, 5.000000e-01]> : tile<2xf32>
  global @weights <f32: [0.25, 0.5]> : tile<2xf32>
  // CHECK: global  @aligned alignment = 256 <i64: 7> : tile<8xi64>
  global @aligned alignment = 256 <i64: 7> : tile<8xi64>
  // CHECK: global private  constant @both alignment = 16 <i16: [9, -9]> : tile<2xi16>
  global private constant @both alignment = 16 <i16: [9, -9]> : tile<2xi16>
  global private @hidden <i8: [1, 2, 3, 4]> : tile<4xi8>
  global constant @table <bf16: [1.0, 2.0]> : tile<2xbf16>

  // CHECK-LABEL: entry @constants
  entry @constants() {
    // CHECK: constant <i1: [true, false, true, true, false, false, false, true, true, false, false, false, false, false, false, true]> : tile<16xi1>
    %b0 = constant <i1: [true, false, true, true, false, false, false, true, true, false, false, false, false, false, false, true]> : tile<16xi1>
    %b1 = constant <i1: true> : tile<4x4xi1>
    %b2 = constant <i1: false> : tile<i1>
    %i8 = constant <i8: [-128, 127, 0, -1]> : tile<4xi8>
    %i16 = constant <i16: [-32768, 32767]> : tile<2xi16>
    // CHECK: constant <i32: -2147483648> : tile<i32>
    %i32 = constant <i32: -2147483648> : tile<i32>
    %i64 = constant <i64: [-9223372036854775808, 9223372036854775807]> : tile<2xi64>
    %f16 = constant <f16: [0.0, -0.0, 65504.0, 0x7C00]> : tile<4xf16>
    %bf16 = constant <bf16: [1.0, -3.375]> : tile<2xbf16>
    %f32 = constant <f32: [0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001]> : tile<4xf32>
    // CHECK: constant <tf32: [1.000000e+00, 5.000000e-01, -2.000000e+00, 9.999220e+09]> : tile<4xtf32>
    %tf32 = constant <tf32: [1.0, 0.5, -2.0, 1.0e10]> : tile<4xtf32>
    %f64 = constant <f64: 3.141592653589793> : tile<f64>
    %e4 = constant <f8E4M3FN: [448.0, -448.0, 0.015625, 0x7F]> : tile<4xf8E4M3FN>
    %e5 = constant <f8E5M2: [57344.0, -0.5]> : tile<2xf8E5M2>
    // CHECK: constant <f8E8M0FNU: [1.000000e+00, 2.000000e+00]> : tile<2xf8E8M0FNU>
    %e8 = constant <f8E8M0FNU: [1.0, 2.0]> : tile<2xf8E8M0FNU>
    // CHECK: constant <f4E2M1FN: [5.000000e-01, -6.000000e+00]> : tile<2xf4E2M1FN>
    %f4 = constant <f4E2M1FN: [0.5, -6.0]> : tile<2xf4E2M1FN>
    %big = constant <i32: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]> : tile<128xi32>
    // The same value twice shares one constant pool entry.
    %again = constant <i8: [-128, 127, 0, -1]> : tile<4xi8>
    %p = get_global @table : tile<ptr<bf16>>
    return
  }

  // CHECK-LABEL: entry @signature
  // CHECK-SAME: tile<ptr<f8E5M2>>, %{{.*}}: token)
  // CHECK: tensor_view<4x?xf8E5M2, strides=[?,1]>
  // CHECK: unpack %{{.*}} : tile<2xi8> -> tile<4xi4>
  entry @signature(%a: tile<i1>, %b: tile<i8>, %c: tile<i16>, %d: tile<i32>, %e: tile<i64>, %f: tile<f16>, %g: tile<bf16>, %h: tile<f32>, %i: tile<tf32>, %j: tile<f64>, %k: tile<f8E4M3FN>, %l: tile<f8E5M2>, %m: tile<f8E8M0FNU>, %o: tile<ptr<f8E5M2>>, %t: token) {
    %b4 = constant <i8: [1, 2]> : tile<2xi8>
    %tv = make_tensor_view %o, shape = [4, %e], strides = [%e, 1] : tile<i64> -> tensor_view<4x?xf8E5M2, strides=[?,1]>
    %v = unpack %b4 : tile<2xi8> -> tile<4xi4>
    return
  }

  // CHECK-LABEL: entry @hinted
  // CHECK-SAME: optimization_hints=<default = {num_worker_warps_per_cta = 4}, sm_100 = {a_dict = {inner = 3 : i64}, a_list = [1, 2.000000e+00, "x"], a_string = "s", a_type = !cuda_tile.tile<4xf32>, allow = true, num_cta_in_cga = 16, occupancy = 4, ratio = 2.500000e+00}>
  entry @hinted() optimization_hints=<sm_100 = {num_cta_in_cga = 16, occupancy = 4, ratio = 2.5, allow = true, a_string = "s", a_type = !cuda_tile.tile<4xf32>, a_list = [1, 2.0, "x"], a_dict = {inner = 3}}, default = {num_worker_warps_per_cta = 4}> {
    return
  }
}
