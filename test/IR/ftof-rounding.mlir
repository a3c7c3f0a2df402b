// ftof's rounding modes per conversion (the 13.4 table; the first row that
// matches applies): to f8E8M0FNU zero/positive_inf; to the other 8- and
// 4-bit formats nearest_even; exact widening all five; f64 -> f32 the four
// IEEE modes; f32 -> tf32 nearest_even/zero/nearest_away; other narrowing
// nearest_even/zero.
//
// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: entry @rows
cuda_tile.module @m {
  entry @rows(%h: tile<f16>, %b: tile<bf16>, %f: tile<f32>, %d: tile<f64>, %e: tile<f8E4M3FN>, %u: tile<f8E8M0FNU>) {
    // CHECK: ftof %{{.*}} rounding<nearest_away> : tile<f16> -> tile<f32>
    %0 = ftof %h rounding<nearest_away> : tile<f16> -> tile<f32>
    // CHECK: ftof %{{.*}} rounding<negative_inf> : tile<bf16> -> tile<f64>
    %1 = ftof %b rounding<negative_inf> : tile<bf16> -> tile<f64>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<f8E4M3FN> -> tile<f16>
    %2 = ftof %e rounding<positive_inf> : tile<f8E4M3FN> -> tile<f16>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<f8E4M3FN> -> tile<tf32>
    %3 = ftof %e rounding<zero> : tile<f8E4M3FN> -> tile<tf32>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<f64> -> tile<f32>
    %4 = ftof %d rounding<positive_inf> : tile<f64> -> tile<f32>
    // CHECK: ftof %{{.*}} rounding<nearest_away> : tile<f32> -> tile<tf32>
    %5 = ftof %f rounding<nearest_away> : tile<f32> -> tile<tf32>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<f32> -> tile<tf32>
    %6 = ftof %f rounding<zero> : tile<f32> -> tile<tf32>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<f32> -> tile<bf16>
    %7 = ftof %f rounding<zero> : tile<f32> -> tile<bf16>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<bf16> -> tile<f16>
    %8 = ftof %b rounding<zero> : tile<bf16> -> tile<f16>
    // f8E8M0FNU's 2^-127 is an f32 subnormal: not counted as widening.
    // CHECK: ftof %{{.*}} rounding<zero> : tile<f8E8M0FNU> -> tile<f32>
    %9 = ftof %u rounding<zero> : tile<f8E8M0FNU> -> tile<f32>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<f64> -> tile<f8E8M0FNU>
    %10 = ftof %d rounding<positive_inf> : tile<f64> -> tile<f8E8M0FNU>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode 'nearest_away' for a conversion from 'f64' to 'f32'; it takes 'nearest_even', 'zero', 'negative_inf', 'positive_inf'}}
    %y = ftof %d rounding<nearest_away> : tile<f64> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%f: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode 'positive_inf' for a conversion from 'f32' to 'tf32'; it takes 'nearest_even', 'zero', 'nearest_away'}}
    %y = ftof %f rounding<positive_inf> : tile<f32> -> tile<tf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%f: tile<f32>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode 'nearest_away' for a conversion from 'f32' to 'f16'; it takes 'nearest_even', 'zero'}}
    %y = ftof %f rounding<nearest_away> : tile<f32> -> tile<f16>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%d: tile<f64>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode 'negative_inf' for a conversion from 'f64' to 'tf32'; it takes 'nearest_even', 'zero'}}
    %y = ftof %d rounding<negative_inf> : tile<f64> -> tile<tf32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%u: tile<f8E8M0FNU>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode 'nearest_away' for a conversion from 'f8E8M0FNU' to 'f32'; it takes 'nearest_even', 'zero'}}
    %y = ftof %u rounding<nearest_away> : tile<f8E8M0FNU> -> tile<f32>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%b: tile<bf16>) {
    // expected-error @+1 {{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %y = ftof %b rounding<nearest_away> : tile<bf16> -> tile<f8E5M2>
  }
}

// -----

cuda_tile.module @m {
  entry @k(%f: tile<f32>) {
    // nearest_away is ftof's only: itof, addf and friends keep the IEEE four.
    // expected-error @+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'nearest_away'}}
    %y = addf %f, %f rounding<nearest_away> : tile<f32>
  }
}
