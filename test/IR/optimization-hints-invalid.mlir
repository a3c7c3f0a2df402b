// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics
// RUN: not cuda-tile-opt %s -split-input-file -Wunsupported-hints -Werr-hints 2>&1 | FileCheck %s --check-prefix=ERR

cuda_tile.module @m {
  // expected-error @+1 {{expected dictionary attribute for optimization_hints entry `sm_100` got value=4 : i64}}
  entry @k() optimization_hints=<sm_100 = 4> {
    return
  }
}

// -----

// Accepted by default; refused with -Wunsupported-hints -Werr-hints.
cuda_tile.module @m {
  entry @cga() optimization_hints=<sm_90 = {num_cta_in_cga = 3}> {
    return
  }
  entry @arch() optimization_hints=<sm_75 = {num_cta_in_cga = 1}> {
    return
  }
  entry @key() optimization_hints=<sm_100 = {num_cta_in_cga = 2, go_faster = 1}> {
    return
  }
  entry @fine() optimization_hints=<sm_80 = {num_cta_in_cga = 1, occupancy = 32}, sm_86 = {}> {
    return
  }
}
// ERR: warning: expected power-of-two ≤ 16 for sm_90.num_cta_in_cga
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed
// ERR: warning: unknown hint key sm_75
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed
// ERR: warning: go_faster is not known hint for current Operation
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed
