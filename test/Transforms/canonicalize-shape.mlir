// RUN: cuda-tile-opt %s -split-input-file -canonicalize | FileCheck %s

// Folds of the shape and data-movement ops. Every result is printed so that
// nothing is removed as dead code.

// CHECK-LABEL: entry @broadcast
cuda_tile.module @m {
  entry @broadcast(%x: tile<f32>) {
    // CHECK-DAG: %[[SPLAT:.*]] = constant <f32: 2.000000e+00> : tile<4x8xf32>
    // CHECK-DAG: %[[LIST:.*]] = constant <f32: {{\[}}[1.000000e+00, 2.000000e+00]]> : tile<1x2xf32>
    // CHECK: %[[R:.*]] = reshape %arg0 : tile<f32> -> tile<1x1xf32>
    %r = reshape %x : tile<f32> -> tile<1x1xf32>
    // An identity broadcast is its source.
    // CHECK-NEXT: print_tko "%f", %[[R]] : tile<1x1xf32>
    %same = broadcast %r : tile<1x1xf32> -> tile<1x1xf32>
    %t0 = print_tko "%f", %same : tile<1x1xf32> -> token
    // Two broadcasts in a row become one.
    // CHECK-NEXT: %[[B:.*]] = broadcast %[[R]] : tile<1x1xf32> -> tile<4x8xf32>
    // CHECK-NEXT: print_tko "%f", %[[B]] : tile<4x8xf32>
    %row = broadcast %r : tile<1x1xf32> -> tile<1x8xf32>
    %full = broadcast %row : tile<1x8xf32> -> tile<4x8xf32>
    %t1 = print_tko "%f", %full : tile<4x8xf32> -> token
    // A splat constant is broadcast at compile time.
    // CHECK-NEXT: print_tko "%f", %[[SPLAT]] : tile<4x8xf32>
    %c = constant <f32: 2.0> : tile<1x8xf32>
    %cb = broadcast %c : tile<1x8xf32> -> tile<4x8xf32>
    %t2 = print_tko "%f", %cb : tile<4x8xf32> -> token
    // A constant that is not a splat is kept.
    // CHECK-NEXT: %[[LB:.*]] = broadcast %[[LIST]] : tile<1x2xf32> -> tile<4x2xf32>
    // CHECK-NEXT: print_tko "%f", %[[LB]] : tile<4x2xf32>
    %l = constant <f32: [[1.0, 2.0]]> : tile<1x2xf32>
    %lb = broadcast %l : tile<1x2xf32> -> tile<4x2xf32>
    %t3 = print_tko "%f", %lb : tile<4x2xf32> -> token
    return
  }
}

// -----

// CHECK-LABEL: entry @reshape
cuda_tile.module @m {
  entry @reshape(%x: tile<i32>) {
    // CHECK-DAG: %[[SPLAT:.*]] = constant <i32: 7> : tile<2x2xi32>
    // CHECK-DAG: %[[LIST:.*]] = constant <i32: {{\[}}[1, 2], [3, 4]]> : tile<2x2xi32>
    // CHECK: %[[R:.*]] = reshape %arg0 : tile<i32> -> tile<1x1xi32>
    %r = reshape %x : tile<i32> -> tile<1x1xi32>
    // An identity reshape is its source.
    // CHECK-NEXT: print_tko "%d", %[[R]] : tile<1x1xi32>
    %same = reshape %r : tile<1x1xi32> -> tile<1x1xi32>
    %t0 = print_tko "%d", %same : tile<1x1xi32> -> token
    // Two reshapes in a row become one...
    // CHECK-NEXT: %[[R3:.*]] = reshape %arg0 : tile<i32> -> tile<1x1x1xi32>
    // CHECK-NEXT: print_tko "%d", %[[R3]] : tile<1x1x1xi32>
    %r3 = reshape %r : tile<1x1xi32> -> tile<1x1x1xi32>
    %t1 = print_tko "%d", %r3 : tile<1x1x1xi32> -> token
    // ... and none when they cancel out.
    // CHECK-NEXT: print_tko "%d", %arg0 : tile<i32>
    %back = reshape %r3 : tile<1x1x1xi32> -> tile<i32>
    %t2 = print_tko "%d", %back : tile<i32> -> token
    // Constants are re-shaped at compile time, splat or not.
    // CHECK-NEXT: print_tko "%d", %[[SPLAT]] : tile<2x2xi32>
    %c = constant <i32: 7> : tile<4xi32>
    %cr = reshape %c : tile<4xi32> -> tile<2x2xi32>
    %t3 = print_tko "%d", %cr : tile<2x2xi32> -> token
    // CHECK-NEXT: print_tko "%d", %[[LIST]] : tile<2x2xi32>
    %l = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %lr = reshape %l : tile<4xi32> -> tile<2x2xi32>
    %t4 = print_tko "%d", %lr : tile<2x2xi32> -> token
    return
  }
}

// -----

// CHECK-LABEL: entry @permute
cuda_tile.module @m {
  entry @permute(%x: tile<f16>) {
    // CHECK-DAG: %[[SPLAT:.*]] = constant <f16: 1.000000e+00> : tile<8x2x4xf16>
    // CHECK-DAG: %[[LIST:.*]] = constant <i32: {{\[}}[1, 2], [3, 4]]> : tile<2x2xi32>
    // CHECK: %[[R:.*]] = reshape %arg0
    // CHECK-NEXT: %[[T:.*]] = broadcast %[[R]] : tile<1x1x1xf16> -> tile<2x4x8xf16>
    %r = reshape %x : tile<f16> -> tile<1x1x1xf16>
    %t = broadcast %r : tile<1x1x1xf16> -> tile<2x4x8xf16>
    // The identity permutation is its source.
    // CHECK-NEXT: print_tko "%f", %[[T]] : tile<2x4x8xf16>
    %id = permute %t [0, 1, 2] : tile<2x4x8xf16> -> tile<2x4x8xf16>
    %t0 = print_tko "%f", %id : tile<2x4x8xf16> -> token
    // Two permutations compose into one.
    // CHECK-NEXT: %[[P:.*]] = permute %[[T]] [1, 2, 0] : tile<2x4x8xf16> -> tile<4x8x2xf16>
    // CHECK-NEXT: print_tko "%f", %[[P]] : tile<4x8x2xf16>
    %p1 = permute %t [2, 0, 1] : tile<2x4x8xf16> -> tile<8x2x4xf16>
    %p2 = permute %p1 [2, 0, 1] : tile<8x2x4xf16> -> tile<4x8x2xf16>
    %t1 = print_tko "%f", %p2 : tile<4x8x2xf16> -> token
    // Inverse permutations cancel out.
    // CHECK-NEXT: print_tko "%f", %[[T]] : tile<2x4x8xf16>
    %q1 = permute %t [1, 2, 0] : tile<2x4x8xf16> -> tile<4x8x2xf16>
    %q2 = permute %q1 [2, 0, 1] : tile<4x8x2xf16> -> tile<2x4x8xf16>
    %t2 = print_tko "%f", %q2 : tile<2x4x8xf16> -> token
    // A splat constant is permuted at compile time.
    // CHECK-NEXT: print_tko "%f", %[[SPLAT]] : tile<8x2x4xf16>
    %c = constant <f16: 1.0> : tile<2x4x8xf16>
    %cp = permute %c [2, 0, 1] : tile<2x4x8xf16> -> tile<8x2x4xf16>
    %t3 = print_tko "%f", %cp : tile<8x2x4xf16> -> token
    // Other constants are not.
    // CHECK-NEXT: %[[LP:.*]] = permute %[[LIST]] [1, 0] : tile<2x2xi32> -> tile<2x2xi32>
    // CHECK-NEXT: print_tko "%d", %[[LP]] : tile<2x2xi32>
    %l = constant <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>
    %lp = permute %l [1, 0] : tile<2x2xi32> -> tile<2x2xi32>
    %t4 = print_tko "%d", %lp : tile<2x2xi32> -> token
    return
  }
}

// -----

// CHECK-LABEL: entry @select
cuda_tile.module @m {
  entry @select(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) {
    // A constant condition picks one side.
    // CHECK: print_tko "%d", %arg1 : tile<i32>
    %true = constant <i1: true> : tile<i1>
    %s0 = select %true, %a, %b : tile<i1>, tile<i32>
    %t0 = print_tko "%d", %s0 : tile<i32> -> token
    // CHECK-NEXT: print_tko "%d", %arg2 : tile<i32>
    %false = constant <i1: false> : tile<i1>
    %s1 = select %false, %a, %b : tile<i1>, tile<i32>
    %t1 = print_tko "%d", %s1 : tile<i32> -> token
    // Equal sides need no condition.
    // CHECK-NEXT: print_tko "%d", %arg1 : tile<i32>
    %s2 = select %c, %a, %a : tile<i1>, tile<i32>
    %t2 = print_tko "%d", %s2 : tile<i32> -> token
    // An unknown condition is kept.
    // CHECK-NEXT: %[[S:.*]] = select %arg0, %arg1, %arg2 : tile<i1>, tile<i32>
    // CHECK-NEXT: print_tko "%d", %[[S]] : tile<i32>
    %s3 = select %c, %a, %b : tile<i1>, tile<i32>
    %t3 = print_tko "%d", %s3 : tile<i32> -> token
    return
  }
}

// -----

// A condition that is constant but not a splat is kept as well.
// CHECK-LABEL: entry @select_mixed
cuda_tile.module @m {
  entry @select_mixed(%a: tile<i32>, %b: tile<i32>) {
    // CHECK: %[[COND:.*]] = constant <i1: [true, false]> : tile<2xi1>
    // CHECK: %[[S:.*]] = select %[[COND]], %{{.*}}, %{{.*}} : tile<2xi1>, tile<2xi32>
    // CHECK-NEXT: print_tko "%d", %[[S]] : tile<2xi32>
    %cond = constant <i1: [true, false]> : tile<2xi1>
    %ra = reshape %a : tile<i32> -> tile<1xi32>
    %rb = reshape %b : tile<i32> -> tile<1xi32>
    %ba = broadcast %ra : tile<1xi32> -> tile<2xi32>
    %bb = broadcast %rb : tile<1xi32> -> tile<2xi32>
    %s = select %cond, %ba, %bb : tile<2xi1>, tile<2xi32>
    %t = print_tko "%d", %s : tile<2xi32> -> token
    return
  }
}

// -----

// Constant condition and sides: the elements are chosen one by one.
// CHECK-LABEL: entry @select_constants
cuda_tile.module @m {
  entry @select_constants() {
    // CHECK: %[[I:.*]] = constant <i32: [0, 3, 4, 7]> : tile<4xi32>
    // CHECK: %[[F:.*]] = constant <f32: [1.500000e+00, -2.000000e+00]> : tile<2xf32>
    // CHECK-NOT: select
    // CHECK: print_tko "%d %f", %[[I]], %[[F]]
    %c = constant <i1: [true, false, true, false]> : tile<4xi1>
    %a = constant <i32: [0, 2, 4, 6]> : tile<4xi32>
    %b = constant <i32: [1, 3, 5, 7]> : tile<4xi32>
    %s = select %c, %a, %b : tile<4xi1>, tile<4xi32>
    %d = constant <i1: [true, false]> : tile<2xi1>
    %x = constant <f32: 1.5> : tile<2xf32>
    %y = constant <f32: -2.0> : tile<2xf32>
    %f = select %d, %x, %y : tile<2xi1>, tile<2xf32>
    %t = print_tko "%d %f", %s, %f : tile<4xi32>, tile<2xf32> -> token
    return
  }
}

// -----

// Choices between 0 and 1 are the condition: itself or negated on i1,
// zero-extended on wider integers.
// CHECK-LABEL: entry @select_zero_one
cuda_tile.module @m {
  entry @select_zero_one(%c: tile<i1>) {
    // CHECK: %[[TRUE:.*]] = constant <i1: true> : tile<i1>
    // CHECK: %[[NOT:.*]] = xori %arg0, %[[TRUE]] : tile<i1>
    // CHECK: %[[X:.*]] = exti %arg0 unsigned : tile<i1> -> tile<i8>
    // CHECK: %[[NOT2:.*]] = xori %arg0, %[[TRUE]] : tile<i1>
    // CHECK: %[[W:.*]] = exti %[[NOT2]] unsigned : tile<i1> -> tile<i32>
    // CHECK: print_tko "%d %d %d %d", %arg0, %[[NOT]], %[[X]], %[[W]]
    %true = constant <i1: true> : tile<i1>
    %false = constant <i1: false> : tile<i1>
    %same = select %c, %true, %false : tile<i1>, tile<i1>
    %not = select %c, %false, %true : tile<i1>, tile<i1>
    %one8 = constant <i8: 1> : tile<i8>
    %zero8 = constant <i8: 0> : tile<i8>
    %wide = select %c, %one8, %zero8 : tile<i1>, tile<i8>
    %one32 = constant <i32: 1> : tile<i32>
    %zero32 = constant <i32: 0> : tile<i32>
    %wide_not = select %c, %zero32, %one32 : tile<i1>, tile<i32>
    %t = print_tko "%d %d %d %d", %same, %not, %wide, %wide_not : tile<i1>, tile<i1>, tile<i8>, tile<i32> -> token
    return
  }
}

// -----

// Conditions the select can see through: a comparison of its own sides,
// a negation, and an inner select on the same condition.
// CHECK-LABEL: entry @select_see_through
cuda_tile.module @m {
  entry @select_see_through(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>, %d: tile<i32>) {
    // CHECK-NOT: cmpi
    // CHECK: %[[SWAP:.*]] = select %arg0, %arg2, %arg1 : tile<i1>, tile<i32>
    // CHECK: %[[IN:.*]] = select %arg0, %arg1, %arg3 : tile<i1>, tile<i32>
    // CHECK: %[[OUT:.*]] = select %arg0, %arg3, %arg2 : tile<i1>, tile<i32>
    // CHECK: print_tko "%d %d %d %d %d", %arg2, %arg1, %[[SWAP]], %[[IN]], %[[OUT]]
    %eq = cmpi equal %a, %b, signed : tile<i32> -> tile<i1>
    %s0 = select %eq, %a, %b : tile<i1>, tile<i32>
    %ne = cmpi not_equal %b, %a, signed : tile<i32> -> tile<i1>
    %s1 = select %ne, %a, %b : tile<i1>, tile<i32>
    %true = constant <i1: true> : tile<i1>
    %n = xori %c, %true : tile<i1>
    %s2 = select %n, %a, %b : tile<i1>, tile<i32>
    %inner = select %c, %a, %b : tile<i1>, tile<i32>
    %s3 = select %c, %inner, %d : tile<i1>, tile<i32>
    %s4 = select %c, %d, %inner : tile<i1>, tile<i32>
    %t = print_tko "%d %d %d %d %d", %s0, %s1, %s2, %s3, %s4 : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32> -> token
    return
  }
}

// -----

// CHECK-LABEL: entry @extract_cat
cuda_tile.module @m {
  entry @extract_cat(%x: tile<f32>, %y: tile<f32>, %i: tile<i32>) {
    // CHECK-DAG: %[[TWOS:.*]] = constant <f32: 2.000000e+00> : tile<2x8xf32>
    // CHECK-DAG: %[[CAT:.*]] = constant <f32: 3.000000e+00> : tile<8x8xf32>
    // CHECK-DAG: %[[C0:.*]] = constant <i32: 0> : tile<i32>
    // CHECK-DAG: %[[C1:.*]] = constant <i32: 1> : tile<i32>
    // CHECK-DAG: %[[FOURS:.*]] = constant <f32: 4.000000e+00> : tile<4x8xf32>
    // CHECK-DAG: %[[FIVES:.*]] = constant <f32: 5.000000e+00> : tile<4x8xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK: %[[RX:.*]] = reshape %arg0
    // CHECK-NEXT: %[[A:.*]] = broadcast %[[RX]] : tile<1x1xf32> -> tile<4x8xf32>
    // CHECK-NEXT: %[[RY:.*]] = reshape %arg1
    // CHECK-NEXT: %[[B:.*]] = broadcast %[[RY]] : tile<1x1xf32> -> tile<4x8xf32>
    %rx = reshape %x : tile<f32> -> tile<1x1xf32>
    %a = broadcast %rx : tile<1x1xf32> -> tile<4x8xf32>
    %ry = reshape %y : tile<f32> -> tile<1x1xf32>
    %b = broadcast %ry : tile<1x1xf32> -> tile<4x8xf32>
    // CHECK-NEXT: %[[AB:.*]] = cat %[[A]], %[[B]] dim = 0 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
    %ab = cat %a, %b dim = 0 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
    // Slices that are exactly one side of a cat.
    // CHECK-NEXT: print_tko "%f", %[[A]] : tile<4x8xf32>
    %e0 = extract %ab[%c0, %c0] : tile<8x8xf32> -> tile<4x8xf32>
    %t0 = print_tko "%f", %e0 : tile<4x8xf32> -> token
    // CHECK-NEXT: print_tko "%f", %[[B]] : tile<4x8xf32>
    %e1 = extract %ab[%c1, %c0] : tile<8x8xf32> -> tile<4x8xf32>
    %t1 = print_tko "%f", %e1 : tile<4x8xf32> -> token
    // A smaller slice within one side is a slice of that side.
    // CHECK-NEXT: %[[E3:.*]] = extract %[[A]][%[[C1]], %[[C0]]] : tile<4x8xf32> -> tile<2x8xf32>
    // CHECK-NEXT: print_tko "%f", %[[E3]]
    %e3 = extract %ab[%c1, %c0] : tile<8x8xf32> -> tile<2x8xf32>
    %t3 = print_tko "%f", %e3 : tile<2x8xf32> -> token
    // CHECK-NEXT: %[[E3B:.*]] = extract %[[B]][%[[C1]], %[[C0]]] : tile<4x8xf32> -> tile<2x8xf32>
    // CHECK-NEXT: print_tko "%f", %[[E3B]]
    %c3 = constant <i32: 3> : tile<i32>
    %e3b = extract %ab[%c3, %c0] : tile<8x8xf32> -> tile<2x8xf32>
    %t3b = print_tko "%f", %e3b : tile<2x8xf32> -> token
    // An unknown index, or a slice across both sides, is kept.
    // CHECK-NEXT: %[[E2:.*]] = extract %[[AB]][%arg2, %[[C0]]] : tile<8x8xf32> -> tile<4x8xf32>
    // CHECK-NEXT: print_tko "%f", %[[E2]]
    %e2 = extract %ab[%i, %c0] : tile<8x8xf32> -> tile<4x8xf32>
    %t2 = print_tko "%f", %e2 : tile<4x8xf32> -> token
    // CHECK-NEXT: %[[E8:.*]] = extract %[[AB]][%[[C0]], %[[C1]]] : tile<8x8xf32> -> tile<8x4xf32>
    // CHECK-NEXT: print_tko "%f", %[[E8]]
    %e8 = extract %ab[%c0, %c1] : tile<8x8xf32> -> tile<8x4xf32>
    %t8b = print_tko "%f", %e8 : tile<8x4xf32> -> token
    // The whole tile is its own only slice.
    // CHECK-NEXT: print_tko "%f", %[[AB]] : tile<8x8xf32>
    %e4 = extract %ab[%c0, %c0] : tile<8x8xf32> -> tile<8x8xf32>
    %t4 = print_tko "%f", %e4 : tile<8x8xf32> -> token
    // Any slice of a splat is a splat.
    // CHECK-NEXT: print_tko "%f", %[[TWOS]] : tile<2x8xf32>
    %two = constant <f32: 2.0> : tile<8x8xf32>
    %e5 = extract %two[%i, %c0] : tile<8x8xf32> -> tile<2x8xf32>
    %t5 = print_tko "%f", %e5 : tile<2x8xf32> -> token
    // Both halves of a tile, in order, make the tile again.
    // CHECK-NEXT: %[[FULL:.*]] = broadcast %[[RX]] : tile<1x1xf32> -> tile<8x8xf32>
    // CHECK-NEXT: print_tko "%f", %[[FULL]] : tile<8x8xf32>
    %full = broadcast %rx : tile<1x1xf32> -> tile<8x8xf32>
    %h0 = extract %full[%c0, %c0] : tile<8x8xf32> -> tile<4x8xf32>
    %h1 = extract %full[%c1, %c0] : tile<8x8xf32> -> tile<4x8xf32>
    %whole = cat %h0, %h1 dim = 0 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
    %t6 = print_tko "%f", %whole : tile<8x8xf32> -> token
    // Equal splats concatenate to a splat; different ones are kept.
    // CHECK-NEXT: print_tko "%f", %[[CAT]] : tile<8x8xf32>
    %three = constant <f32: 3.0> : tile<4x8xf32>
    %c33 = cat %three, %three dim = 0 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
    %t7 = print_tko "%f", %c33 : tile<8x8xf32> -> token
    // CHECK-NEXT: %[[C45:.*]] = cat %[[FOURS]], %[[FIVES]] dim = 0
    // CHECK-NEXT: print_tko "%f", %[[C45]] : tile<8x8xf32>
    %four = constant <f32: 4.0> : tile<4x8xf32>
    %five = constant <f32: 5.0> : tile<4x8xf32>
    %c45 = cat %four, %five dim = 0 : tile<4x8xf32>, tile<4x8xf32> -> tile<8x8xf32>
    %t8 = print_tko "%f", %c45 : tile<8x8xf32> -> token
    return
  }
}

// -----

// Halves put back in the wrong order, or slices of other sizes, are kept.
// CHECK-LABEL: entry @cat_extract_kept
cuda_tile.module @m {
  entry @cat_extract_kept(%x: tile<f32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %rx = reshape %x : tile<f32> -> tile<1x1xf32>
    // CHECK: %[[FULL:.*]] = broadcast %{{.*}} : tile<1x1xf32> -> tile<4x16xf32>
    %full = broadcast %rx : tile<1x1xf32> -> tile<4x16xf32>
    // CHECK-NEXT: %[[H0:.*]] = extract %[[FULL]]
    // CHECK-NEXT: %[[H1:.*]] = extract %[[FULL]]
    // CHECK-NEXT: %[[SW:.*]] = cat %[[H1]], %[[H0]] dim = 1
    // CHECK-NEXT: print_tko "%f", %[[SW]] : tile<4x16xf32>
    %h0 = extract %full[%c0, %c0] : tile<4x16xf32> -> tile<4x8xf32>
    %h1 = extract %full[%c0, %c1] : tile<4x16xf32> -> tile<4x8xf32>
    %swapped = cat %h1, %h0 dim = 1 : tile<4x8xf32>, tile<4x8xf32> -> tile<4x16xf32>
    %t0 = print_tko "%f", %swapped : tile<4x16xf32> -> token
    // CHECK-NEXT: %[[Q1:.*]] = extract %[[FULL]]
    // CHECK-NEXT: %[[Q2:.*]] = extract %[[FULL]]
    // CHECK-NEXT: %[[HALF:.*]] = cat %[[Q1]], %[[Q2]] dim = 1
    // CHECK-NEXT: print_tko "%f", %[[HALF]] : tile<4x8xf32>
    %q1 = extract %full[%c0, %c1] : tile<4x16xf32> -> tile<4x4xf32>
    %q2 = extract %full[%c0, %c2] : tile<4x16xf32> -> tile<4x4xf32>
    %half = cat %q1, %q2 dim = 1 : tile<4x4xf32>, tile<4x4xf32> -> tile<4x8xf32>
    %t1 = print_tko "%f", %half : tile<4x8xf32> -> token
    return
  }
}
