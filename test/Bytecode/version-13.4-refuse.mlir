// Below 13.4 the writer refuses every 13.4 construct at the construct, and
// 13.4 writes it.
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -split-input-file -bytecode-version=13.3 -verify-diagnostics %s -o /dev/null
// RUN: not %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -split-input-file -bytecode-version=13.1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V131
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -split-input-file -bytecode-version=13.4 %s -o /dev/null

// V131: error: operation 'cuda_tile.insert' is not available in bytecode version 13.1
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %dst = constant <f32: 0.0> : tile<8xf32>
    %src = constant <f32: 1.0> : tile<2xf32>
    // expected-error @+1 {{operation 'cuda_tile.insert' is not available in bytecode version 13.3}}
    %r = insert %src, %dst[%c0] : tile<2xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>, %n: tile<i32>) {
    // expected-error @+1 {{operation 'cuda_tile.fpowi' is not available in bytecode version 13.3}}
    %r = fpowi %x, %n : tile<f32>, tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{operation 'cuda_tile.gdc_launch_dependents_tko' is not available in bytecode version 13.3}}
    %t = gdc_launch_dependents_tko -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{operation 'cuda_tile.gdc_wait_tko' is not available in bytecode version 13.3}}
    %t = gdc_wait_tko -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %t = make_token : token
    // expected-error @+1 {{operation 'cuda_tile.memory_fence_alias_tko' is not available in bytecode version 13.3}}
    %f = memory_fence_alias_tko token = %t -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 2.5> : tile<4xf32>
    // expected-error @+1 {{optional attribute 'saturating' is provided but requires bytecode version 13.4, targeting 13.3}}
    %s = ftoi %x signed saturating : tile<4xf32> -> tile<4xi8>
    return
  }
}

// -----

// Without `saturating` ftoi is written at every version.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 2.5> : tile<4xf32>
    %s = ftoi %x signed : tile<4xf32> -> tile<4xi8>
    return
  }
}

// -----

// `inbounds` needs 13.4 as soon as one element is true; all-false is what
// older files mean, and is written at every version.
cuda_tile.module @m {
  entry @k(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    // expected-error @+1 {{attribute 'inbounds' requires bytecode version 13.4+, but targeting 13.3}}
    %t, %k = load_view_tko weak %p[%i, %i] inbounds = [false, true] : partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    %t = constant <f32: 0.0> : tile<8x4xf32>
    // expected-error @+1 {{attribute 'inbounds' requires bytecode version 13.4+, but targeting 13.3}}
    %w = store_view_tko weak %t, %p[%i, %i] inbounds = [true, true] : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, %i: tile<i32>) {
    %t, %k = "cuda_tile.load_view_tko"(%p, %i, %i) <{inbounds = array<i1: false, false>, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}> : (!cuda_tile.partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<8x4xf32>, !cuda_tile.token)
    %w = store_view_tko weak %t, %p[%i, %i] token = %k : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
