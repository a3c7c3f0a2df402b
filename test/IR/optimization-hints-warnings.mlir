// Hint values checked under -Wunsupported-hints, with the reference's
// wording: warnings alone, and each warning followed by the op's error under
// -Werr-hints.
// RUN: cuda-tile-opt %s -split-input-file -Wunsupported-hints -verify-diagnostics -o /dev/null
// RUN: not cuda-tile-opt %s -split-input-file -Wunsupported-hints -Werr-hints 2>&1 | FileCheck %s --check-prefix=ERR

cuda_tile.module @m {
  // expected-warning @below {{integer value expected for sm_100.num_cta_in_cga}}
  entry @cga_not_int() optimization_hints=<sm_100 = {num_cta_in_cga = "two"}> {
    return
  }
}
// ERR: warning: integer value expected for sm_100.num_cta_in_cga
// ERR-NEXT: entry @cga_not_int
// ERR-NEXT: ^
// ERR-NEXT: error: 'cuda_tile.entry' op Optimization hints verification failed

// -----

cuda_tile.module @m {
  // expected-warning @below {{expected 1 for sm_89.num_cta_in_cga}}
  entry @cga_ampere() optimization_hints=<sm_89 = {num_cta_in_cga = 2}> {
    return
  }
}
// ERR: warning: expected 1 for sm_89.num_cta_in_cga
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed

// -----

cuda_tile.module @m {
  // expected-warning @below {{expected power-of-two ≤ 32 for sm_90.num_worker_warps_per_cta}}
  entry @warps_odd() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 6}> {
    return
  }
  // expected-warning @below {{expected power-of-two ≤ 32 for sm_90.num_worker_warps_per_cta}}
  entry @warps_many() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 64}> {
    return
  }
  // expected-warning @below {{integer value expected for sm_90.num_worker_warps_per_cta}}
  entry @warps_not_int() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4.0}> {
    return
  }
  entry @warps_fine() optimization_hints=<sm_90 = {num_worker_warps_per_cta = 16}> {
    return
  }
}
// ERR: warning: expected power-of-two ≤ 32 for sm_90.num_worker_warps_per_cta
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed

// -----

cuda_tile.module @m {
  // expected-warning @below {{integer value in the range [1, 32] is expected for sm_100.occupancy}}
  entry @occupancy_zero() optimization_hints=<sm_100 = {occupancy = 0}> {
    return
  }
  // expected-warning @below {{integer value expected for default.occupancy}}
  entry @occupancy_bool() optimization_hints=<default = {occupancy = "high"}> {
    return
  }
}
// ERR: warning: integer value in the range [1, 32] is expected for sm_100.occupancy
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed
