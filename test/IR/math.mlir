// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Math functions on f16, bf16, f32 and f64 tiles.

cuda_tile.module @math {
  // CHECK-LABEL: entry @plain
  entry @plain(%x: tile<f32>, %h: tile<f16>, %b: tile<bf16>, %d: tile<f64>) {
    // CHECK: ceil %arg0 : tile<f32>
    // CHECK: floor %arg1 : tile<f16>
    // CHECK: cos %arg2 : tile<bf16>
    // CHECK: cosh %arg3 : tile<f64>
    // CHECK: sin %arg0 : tile<f32>
    // CHECK: sinh %arg1 : tile<f16>
    // CHECK: tan %arg2 : tile<bf16>
    // CHECK: log %arg3 : tile<f64>
    // CHECK: log2 %arg0 : tile<f32>
    %0 = ceil %x : tile<f32>
    %1 = floor %h : tile<f16>
    %2 = cos %b : tile<bf16>
    %3 = cosh %d : tile<f64>
    %4 = sin %x : tile<f32>
    %5 = sinh %h : tile<f16>
    %6 = tan %b : tile<bf16>
    %7 = log %d : tile<f64>
    %8 = log2 %x : tile<f32>
    // CHECK: pow %arg0, %arg0 : tile<f32>
    // CHECK: pow %arg1, %arg1 : tile<f16>
    %9 = pow %x, %x : tile<f32>
    %10 = pow %h, %h : tile<f16>
    // CHECK: atan2 %arg0, %arg0 : tile<f32>
    // CHECK: atan2 %arg3, %arg3 : tile<f64>
    %11 = atan2 %x, %x : tile<f32>
    %12 = atan2 %d, %d : tile<f64>
  }

  // exp and tanh default to `full`, which is not printed (leaving two
  // spaces); `approx` is printed.
  // CHECK-LABEL: entry @approx
  entry @approx(%x: tile<f32>, %d: tile<f64>) {
    // CHECK: exp %arg0  : tile<f32>
    // CHECK: exp %arg0  : tile<f32>
    // CHECK: exp %arg0 rounding<approx> : tile<f32>
    // CHECK: exp %arg1  : tile<f64>
    // GENERIC-LABEL: sym_name = "approx"
    // GENERIC: "cuda_tile.exp"(%{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
    // GENERIC: "cuda_tile.exp"(%{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
    // GENERIC: "cuda_tile.exp"(%{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<approx>}>
    %0 = exp %x : tile<f32>
    %1 = exp %x rounding<full> : tile<f32>
    %2 = exp %x rounding<approx> : tile<f32>
    %3 = exp %d : tile<f64>
    // CHECK: tanh %arg0  : tile<f32>
    // CHECK: tanh %arg0  : tile<f32>
    // CHECK: tanh %arg0 rounding<approx> : tile<f32>
    // CHECK: tanh %arg1  : tile<f64>
    %4 = tanh %x : tile<f32>
    %5 = tanh %x rounding<full> : tile<f32>
    %6 = tanh %x rounding<approx> : tile<f32>
    %7 = tanh %d : tile<f64>
  }

  // CHECK-LABEL: entry @flush_to_zero
  entry @flush_to_zero(%x: tile<f32>, %d: tile<f64>) {
    // CHECK: exp2 %arg0 : tile<f32>
    // CHECK: exp2 %arg0 flush_to_zero : tile<f32>
    // CHECK: exp2 %arg1 : tile<f64>
    // CHECK: rsqrt %arg0 : tile<f32>
    // CHECK: rsqrt %arg0 flush_to_zero : tile<f32>
    // CHECK: rsqrt %arg1 : tile<f64>
    %0 = exp2 %x : tile<f32>
    %1 = exp2 %x flush_to_zero : tile<f32>
    %2 = exp2 %d : tile<f64>
    %3 = rsqrt %x : tile<f32>
    %4 = rsqrt %x flush_to_zero : tile<f32>
    %5 = rsqrt %d : tile<f64>
  }

  // CHECK-LABEL: entry @sqrt
  entry @sqrt(%x: tile<f32>, %d: tile<f64>) {
    // CHECK: sqrt %arg0  : tile<f32>
    // CHECK: sqrt %arg0  : tile<f32>
    // CHECK: sqrt %arg0 rounding<zero> : tile<f32>
    // CHECK: sqrt %arg0 rounding<negative_inf> : tile<f32>
    // CHECK: sqrt %arg0 rounding<positive_inf> flush_to_zero : tile<f32>
    // CHECK: sqrt %arg0 rounding<approx> : tile<f32>
    // CHECK: sqrt %arg0  flush_to_zero : tile<f32>
    // CHECK: sqrt %arg1 rounding<zero> : tile<f64>
    // GENERIC-LABEL: sym_name = "sqrt"
    // GENERIC: "cuda_tile.sqrt"(%{{[^)]*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
    %0 = sqrt %x : tile<f32>
    %1 = sqrt %x rounding<nearest_even> : tile<f32>
    %2 = sqrt %x rounding<zero> : tile<f32>
    %3 = sqrt %x rounding<negative_inf> : tile<f32>
    %4 = sqrt %x rounding<positive_inf> flush_to_zero : tile<f32>
    %5 = sqrt %x rounding<approx> : tile<f32>
    %6 = sqrt %x flush_to_zero : tile<f32>
    %7 = sqrt %d rounding<zero> : tile<f64>
  }

  // CHECK-LABEL: entry @shaped
  entry @shaped() {
    %v = constant <f32: [0.25, 0.5, 1.0, 2.0]> : tile<4xf32>
    // CHECK: exp %[[V:.*]]  : tile<4xf32>
    // CHECK: sqrt %[[V]] rounding<approx> : tile<4xf32>
    // CHECK: atan2 %[[V]], %[[V]] : tile<4xf32>
    %0 = exp %v : tile<4xf32>
    %1 = sqrt %v rounding<approx> : tile<4xf32>
    %2 = atan2 %v, %v : tile<4xf32>
  }
}
