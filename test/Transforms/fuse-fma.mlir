// RUN: cuda-tile-opt %s -split-input-file -fuse-fma | FileCheck %s

// A product feeding an add, in either operand order, becomes one fma.
cuda_tile.module @m {
  // CHECK-LABEL: entry @add_either_order
  entry @add_either_order(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %p: tile<ptr<f32>>) {
    // CHECK-NOT: mulf
    // CHECK-NOT: addf
    // CHECK: %[[F0:.*]] = fma %arg0, %arg1, %arg2 {{ *}}: tile<f32>
    // CHECK: %[[F1:.*]] = fma %arg1, %arg2, %arg0 {{ *}}: tile<f32>
    // CHECK: store_ptr_tko weak %arg3, %[[F0]]
    // CHECK: store_ptr_tko weak %arg3, %[[F1]]
    %m0 = mulf %a, %b : tile<f32>
    %s0 = addf %m0, %c : tile<f32>
    %m1 = mulf %b, %c : tile<f32>
    %s1 = addf %a, %m1 : tile<f32>
    %t0 = store_ptr_tko weak %p, %s0 : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %p, %s1 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// A product minus a value becomes an fma of the negated value. Other sign
// forms (a value minus a product, negated products) are left alone, as the
// reference pass leaves them.
cuda_tile.module @m {
  // CHECK-LABEL: entry @signs
  entry @signs(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %p: tile<ptr<f32>>) {
    // CHECK: %[[NC:.*]] = negf %arg2
    // CHECK: %[[F0:.*]] = fma %arg0, %arg1, %[[NC]]
    %m0 = mulf %a, %b : tile<f32>
    %s0 = subf %m0, %c : tile<f32>
    // CHECK: %[[M1:.*]] = mulf %arg0, %arg1
    // CHECK: subf %arg2, %[[M1]]
    %m1 = mulf %a, %b : tile<f32>
    %s1 = subf %c, %m1 : tile<f32>
    // CHECK: %[[M2:.*]] = mulf %arg0, %arg1
    // CHECK: %[[N2:.*]] = negf %[[M2]]
    // CHECK: addf %[[N2]], %arg2
    %m2 = mulf %a, %b : tile<f32>
    %n2 = negf %m2 : tile<f32>
    %s2 = addf %n2, %c : tile<f32>
    %t0 = store_ptr_tko weak %p, %s0 : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %p, %s1 : tile<ptr<f32>>, tile<f32> -> token
    %t2 = store_ptr_tko weak %p, %s2 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// Rounding modes and flush_to_zero carry over when both ops agree.
cuda_tile.module @m {
  // CHECK-LABEL: entry @same_modifiers
  entry @same_modifiers(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %p: tile<ptr<f32>>) {
    // CHECK: fma %arg0, %arg1, %arg2 rounding<zero> flush_to_zero : tile<f32>
    %m = mulf %a, %b rounding<zero> flush_to_zero : tile<f32>
    %s = addf %m, %c rounding<zero> flush_to_zero : tile<f32>
    %t = store_ptr_tko weak %p, %s : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// Left alone: different rounding modes, different flush_to_zero, and a
// product that has another use.
cuda_tile.module @m {
  // CHECK-LABEL: entry @not_fused
  entry @not_fused(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %p: tile<ptr<f32>>) {
    // CHECK-NOT: fma
    // CHECK: mulf %arg0, %arg1 rounding<zero>
    // CHECK: addf
    %m0 = mulf %a, %b rounding<zero> : tile<f32>
    %s0 = addf %m0, %c : tile<f32>
    // CHECK: mulf %arg0, %arg1 flush_to_zero
    // CHECK: addf
    %m1 = mulf %a, %b flush_to_zero : tile<f32>
    %s1 = addf %m1, %c : tile<f32>
    // CHECK: %[[M2:.*]] = mulf %arg0, %arg2
    // CHECK: addf %[[M2]], %arg1
    // CHECK: store_ptr_tko weak %arg3, %[[M2]]
    %m2 = mulf %a, %c : tile<f32>
    %s2 = addf %m2, %b : tile<f32>
    %t0 = store_ptr_tko weak %p, %s0 : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %p, %s1 : tile<ptr<f32>>, tile<f32> -> token
    %t2 = store_ptr_tko weak %p, %s2 : tile<ptr<f32>>, tile<f32> -> token
    %t3 = store_ptr_tko weak %p, %m2 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// A chain: the inner fma becomes the addend of the outer one.
cuda_tile.module @m {
  // CHECK-LABEL: entry @chain
  entry @chain(%a: tile<f16>, %b: tile<f16>, %c: tile<f16>, %d: tile<f16>, %p: tile<ptr<f16>>) {
    // CHECK: %[[IN:.*]] = fma %arg2, %arg3, %arg0
    // CHECK: fma %arg0, %arg1, %[[IN]]
    %m0 = mulf %a, %b : tile<f16>
    %m1 = mulf %c, %d : tile<f16>
    %s1 = addf %m1, %a : tile<f16>
    %s0 = addf %m0, %s1 : tile<f16>
    %t = store_ptr_tko weak %p, %s0 : tile<ptr<f16>>, tile<f16> -> token
    return
  }
}

// -----

// An addf with a product on the right only gets it on the left, fused or
// not.
cuda_tile.module @m {
  // CHECK-LABEL: entry @product_first
  entry @product_first(%a: tile<f32>, %b: tile<f32>, %p: tile<ptr<f32>>) {
    // CHECK: %[[M:.*]] = mulf %arg0, %arg1
    // CHECK: addf %[[M]], %arg0
    %m = mulf %a, %b : tile<f32>
    %s = addf %a, %m : tile<f32>
    %t0 = store_ptr_tko weak %p, %s : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %p, %m : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// The rewrites run under the greedy driver, as the reference's: constants
// move to the start of the entry, equal ones merge, dead ops go. Products of
// constants are not folded.
cuda_tile.module @m {
  // CHECK-LABEL: entry @greedy
  entry @greedy(%p: tile<ptr<f32>>) {
    // CHECK-NEXT: %[[N:.*]] = constant <i64: 4>
    // CHECK-NEXT: %[[ONE:.*]] = constant <i64: 1>
    // CHECK-NEXT: %[[ZERO:.*]] = constant <i64: 0>
    // CHECK-NEXT: %[[TWO:.*]] = constant <f32: 2.000000e+00>
    // CHECK-NEXT: %[[THREE:.*]] = constant <f32: 3.000000e+00>
    // CHECK-NEXT: %[[F:.*]] = fma %[[TWO]], %[[THREE]], %[[TWO]]
    // CHECK-NEXT: for {{.*}} in (%[[ZERO]] to %[[N]], step %[[ONE]])
    // CHECK-NEXT: %[[NEG:.*]] = negf %[[THREE]]
    // CHECK-NEXT: fma %{{.*}}, %[[THREE]], %[[NEG]]
    // CHECK-NOT: constant
    // CHECK-NOT: mulf
    %two = constant <f32: 2.0> : tile<f32>
    %three = constant <f32: 3.0> : tile<f32>
    %dead = mulf %two, %two : tile<f32>
    %m = mulf %two, %three : tile<f32>
    %s = addf %m, %two : tile<f32>
    %zero = constant <i64: 0> : tile<i64>
    %one = constant <i64: 1> : tile<i64>
    %n = constant <i64: 4> : tile<i64>
    %r = for %i in (%zero to %n, step %one) : tile<i64> iter_values(%acc = %s) -> (tile<f32>) {
      %three_again = constant <f32: 3.0> : tile<f32>
      %q = mulf %acc, %three_again : tile<f32>
      %d = subf %q, %three_again : tile<f32>
      continue %d : tile<f32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
