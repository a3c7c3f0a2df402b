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

// Subtractions and negated products: the signs go to negf operands.
cuda_tile.module @m {
  // CHECK-LABEL: entry @signs
  entry @signs(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>, %p: tile<ptr<f32>>) {
    // a*b - c = fma(a, b, -c)
    // CHECK: %[[NC:.*]] = negf %arg2
    // CHECK: %[[F0:.*]] = fma %arg0, %arg1, %[[NC]]
    %m0 = mulf %a, %b : tile<f32>
    %s0 = subf %m0, %c : tile<f32>
    // c - a*b = fma(-a, b, c)
    // CHECK: %[[NA:.*]] = negf %arg0
    // CHECK: %[[F1:.*]] = fma %[[NA]], %arg1, %arg2
    %m1 = mulf %a, %b : tile<f32>
    %s1 = subf %c, %m1 : tile<f32>
    // -(a*b) + c = fma(-a, b, c)
    // CHECK: %[[NA2:.*]] = negf %arg0
    // CHECK: %[[F2:.*]] = fma %[[NA2]], %arg1, %arg2
    %m2 = mulf %a, %b : tile<f32>
    %n2 = negf %m2 : tile<f32>
    %s2 = addf %n2, %c : tile<f32>
    // c - (-(a*b)) = fma(a, b, c)
    // CHECK: %[[F3:.*]] = fma %arg0, %arg1, %arg2
    %m3 = mulf %a, %b : tile<f32>
    %n3 = negf %m3 : tile<f32>
    %s3 = subf %c, %n3 : tile<f32>
    // CHECK-NOT: mulf
    // CHECK-NOT: addf
    // CHECK-NOT: subf
    %t0 = store_ptr_tko weak %p, %s0 : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %p, %s1 : tile<ptr<f32>>, tile<f32> -> token
    %t2 = store_ptr_tko weak %p, %s2 : tile<ptr<f32>>, tile<f32> -> token
    %t3 = store_ptr_tko weak %p, %s3 : tile<ptr<f32>>, tile<f32> -> token
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
