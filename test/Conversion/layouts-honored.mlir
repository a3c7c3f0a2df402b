// RUN: %cuda-tile-opt %s -verify-diagnostics -convert-cudatile-to-nvvm=remarks=all | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx %s -o - | FileCheck %s --check-prefix=PTX

// Layouts written by hand are what the lowering follows, through
// cuda-tile-opt and (-cudatile-assign-layouts keeps a plan the entry already
// carries) through cuda-tile-translate. The analysis would give this entry
// 128 threads and runs of 8 f16 (16-byte accesses); the plan says 64 threads
// and runs of 2, so the accesses are 4 bytes wide.

// CHECK-LABEL: llvm.func @copy
// CHECK-SAME: nvvm.reqntid = array<i32: 64, 1, 1>
// CHECK: llvm.load {{.*}} : !llvm.ptr<1> -> vector<2xf16>
// CHECK: llvm.store {{.*}} : vector<2xf16>, !llvm.ptr<1>
// PTX-LABEL: .visible .entry copy
// PTX: .reqntid 64, 1, 1
// PTX: ld.global.b32
// PTX-NOT: ld.global.v4
cuda_tile.module @m {
  entry @copy(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>) {
    %pa = assume div_by<16>, %a {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform} : tile<ptr<f16>>
    %pb = assume div_by<16>, %b {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform} : tile<ptr<f16>>
    %tva = make_tensor_view %pa, shape = [4096], strides = [1] : tensor_view<4096xf16, strides=[1]>
    %pva = make_partition_view %tva : partition_view<tile=(2048), tensor_view<4096xf16, strides=[1]>>
    %tvb = make_tensor_view %pb, shape = [4096], strides = [1] : tensor_view<4096xf16, strides=[1]>
    %pvb = make_partition_view %tvb : partition_view<tile=(2048), tensor_view<4096xf16, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id {cuda_tile_codegen.layout = [#cuda_tile_codegen.uniform, #cuda_tile_codegen.uniform, #cuda_tile_codegen.uniform]} : tile<i32>
    // expected-remark @+1 {{passed: view load of 2048 x f16 vectorized: 4-byte accesses to global memory}}
    %x, %t = load_view_tko weak %pva[%bx] attributes {cuda_tile_codegen.layout = [#cuda_tile_codegen.distributed<threads = 64, runs = 2>, unit]} : partition_view<tile=(2048), tensor_view<4096xf16, strides=[1]>>, tile<i32> -> tile<2048xf16>, token
    // expected-remark @+1 {{passed: view store of 2048 x f16 vectorized: 4-byte accesses to global memory}}
    %t2 = store_view_tko weak %x, %pvb[%bx] : tile<2048xf16>, partition_view<tile=(2048), tensor_view<4096xf16, strides=[1]>>, tile<i32> -> token
    return
  } {cuda_tile_codegen.threads = 64 : i64}

  // Runs of one element: one 4-byte access per element.
  // CHECK-LABEL: llvm.func @scalar
  // CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
  // CHECK-NOT: vector<{{[0-9]+}}xf32>, !llvm.ptr<1>
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<1>
  // PTX-LABEL: .visible .entry scalar
  // PTX-NOT: st.global.v
  // PTX: st.global.b32
  entry @scalar(%a: tile<ptr<f32>>) {
    %pa = assume div_by<16>, %a {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform} : tile<ptr<f32>>
    %tv = make_tensor_view %pa, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32> {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
    %x = iota {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128>} : tile<1024xi32>
    %f = itof %x signed {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128>} : tile<1024xi32> -> tile<1024xf32>
    // expected-remark @+1 {{missed: view store of 1024 x f32 not vectorized: its layout gives each thread runs of one element; each element is its own 4-byte access behind its own bounds check}}
    %t = store_view_tko weak %f, %pv[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}
