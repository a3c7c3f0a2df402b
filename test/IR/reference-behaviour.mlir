// RUN: cuda-tile-opt %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Inputs the reference accepts and ours accepted differently or refused.

// exti and trunci take i4 on either side: i1 -> i4 extends.
// CHECK-LABEL: entry @i4_both_sides
// CHECK: exti %{{.*}} unsigned : tile<i1> -> tile<i4>
// CHECK: trunci %{{.*}} : tile<i8> -> tile<i4>
// The entry always carries one argument dictionary per argument, as the
// reference's parser makes it (the generic form shows it).
// GENERIC: "cuda_tile.entry"() <{arg_attrs = [{}, {}], function_type
cuda_tile.module @m {
  entry @i4_both_sides(%x: tile<i1>, %y: tile<i8>) {
    %a = exti %x unsigned : tile<i1> -> tile<i4>
    %b = trunci %y : tile<i8> -> tile<i4>
    return
  }
}

// -----

// alloca's natural size counts tf32 as its 19 bits: 2 bytes.
// CHECK-LABEL: entry @tf32_alloca
// CHECK: alloca num_elem = 4, alignment = 2
// GENERIC: "cuda_tile.entry"() <{arg_attrs = [], function_type
cuda_tile.module @m {
  entry @tf32_alloca() {
    %a = alloca num_elem = 4, alignment = 2 : tile<ptr<tf32>>
    return
  }
}

// -----

// Literals are typed by their tile, as the reference holds them; a global's
// alignment (0: the element's) and visibility are always set, public and 0
// printed only in the generic form.
// CHECK-LABEL: cuda_tile.module @literals
// CHECK: global @g <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
// CHECK: global private constant @p alignment = 16 <i32: [1, 2]> : tile<2xi32>
// CHECK: global @z <i8: [1, 2]> : tile<2xi8>
// CHECK: constant <i32: 1> : tile<i32>
// CHECK: constant <f16: [1.000000e+00, 2.000000e+00]> : tile<2xf16>
// GENERIC-LABEL: "cuda_tile.module"() <{sym_name = "literals"}>
// GENERIC: "cuda_tile.global"() <{alignment = 0 : i64, sym_name = "g", symbol_visibility = #cuda_tile.symbol_visibility<public>, value = dense<[1.000000e+00, 2.000000e+00]> : !cuda_tile.tile<2xf32>}> : () -> ()
// GENERIC: "cuda_tile.global"() <{alignment = 16 : i64, constant, sym_name = "p", symbol_visibility = #cuda_tile.symbol_visibility<private>, value = dense<[1, 2]> : !cuda_tile.tile<2xi32>}> : () -> ()
// GENERIC: "cuda_tile.global"() <{alignment = 0 : i64, sym_name = "z", symbol_visibility = #cuda_tile.symbol_visibility<public>, value = dense<[1, 2]> : !cuda_tile.tile<2xi8>}> : () -> ()
// GENERIC: "cuda_tile.constant"() <{value = dense<1> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
// GENERIC: "cuda_tile.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : !cuda_tile.tile<2xf16>}> : () -> !cuda_tile.tile<2xf16>
cuda_tile.module @literals {
  global public @g <f32: [1.0, 2.0]> : tile<2xf32>
  global private constant @p alignment = 16 <i32: [1, 2]> : tile<2xi32>
  // An explicit 0 is the default (the element's alignment).
  global @z alignment = 0 <i8: [1, 2]> : tile<2xi8>
  entry @k() {
    %a = constant <i32: 1> : tile<i32>
    %b = constant <f16: [1.0, 2.0]> : tile<2xf16>
    return
  }
}

// -----

// An argument may carry attributes and a location; the custom form prints
// neither, as the reference's printer does, the generic form keeps the
// attributes.
// CHECK-LABEL: entry @arg_extras(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {
// GENERIC: arg_attrs = [{cuda_tile.foo = 1 : i64}, {}]
cuda_tile.module @m {
  entry @arg_extras(%p: tile<ptr<f32>> {cuda_tile.foo = 1}, %n: tile<i32> loc("k.py":3:9)) {
    return
  }
}

// -----

// scan's `reverse=` is any i1 attribute: 1 is true.
// CHECK-LABEL: entry @scan_reverse_integer
// CHECK: scan %{{.*}} dim=0 reverse=true identities=[0 : i32]
cuda_tile.module @m {
  entry @scan_reverse_integer() {
    %x = constant <i32: 1> : tile<8xi32>
    %r = scan %x dim=0 reverse=1 identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
      (%a: tile<i32>, %b: tile<i32>) {
        %s = addi %a, %b : tile<i32>
        yield %s : tile<i32>
      }
    return
  }
}

// -----

// A global's alignment need not be a power of two.
// CHECK-LABEL: cuda_tile.module @odd_alignment
// CHECK: global @g alignment = 12 <i32: [1, 2]> : tile<2xi32>
cuda_tile.module @odd_alignment {
  global @g alignment = 12 <i32: [1, 2]> : tile<2xi32>
}
