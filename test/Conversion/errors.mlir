// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics -convert-cudatile-to-nvvm
// RUN: not %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm=gpu-name=sm_75 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm=num-warps=3 2>&1 | FileCheck %s --check-prefix=WARPS

// What the code generator cannot lower is an error at the op (or the entry)
// responsible, never a crash or silently wrong code.

// GPU: error: unsupported GPU 'sm_75'; expected one of sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_120
// WARPS: error: cannot run a tile block with 3 warps: the number of warps must be a power of two between 1 and 32

cuda_tile.module @m {
  entry @f4(%p: tile<ptr<f4E2M1FN>>) {
    %p1 = reshape %p : tile<ptr<f4E2M1FN>> -> tile<1xptr<f4E2M1FN>>
    %pb = broadcast %p1 : tile<1xptr<f4E2M1FN>> -> tile<2xptr<f4E2M1FN>>
    // expected-error @+1 {{load_ptr_tko of 'f4E2M1FN' elements is not supported: pointers address whole bytes; load packed 4-bit data through a tensor_view}}
    %v, %t = load_ptr_tko weak %pb : tile<2xptr<f4E2M1FN>> -> tile<2xf4E2M1FN>, token
    %u = store_ptr_tko weak %pb, %v : tile<2xptr<f4E2M1FN>>, tile<2xf4E2M1FN> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{in the kernel compiled here; smaller tiles or more warps (--num-warps) are needed}}
  entry @big(%p: tile<ptr<i32>>) {
    // expected-error @+1 {{tile of 2097152 elements is too large for this code generator: with 1024 threads per tile block each thread would hold 2048 elements (at most 1024 are supported)}}
    %l = iota : tile<2097152xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<2097152xptr<i32>>
    %pp = offset %pb, %l : tile<2097152xptr<i32>>, tile<2097152xi32> -> tile<2097152xptr<i32>>
    %t = store_ptr_tko weak %pp, %l : tile<2097152xptr<i32>>, tile<2097152xi32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{kernel needs 65536 bytes of shared memory, more than the 49152 bytes of static shared memory a CTA can use}}
  entry @smem() {
    %a = alloca num_elem = 16384, alignment = 16 : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @pr() {
    %v = constant <f32: 1.0> : tile<8192xf32>
    // expected-error @+1 {{print_tko of 8192 elements is not supported (at most 4096 per op)}}
    %t = print_tko "%f", %v : tile<8192xf32> -> token
    return
  }
}

// -----

// Only cuda_tile ops are compiled: a foreign op at top level (the ptx-codegen
// fuzzer wrote `nvvm.exit`) is refused instead of crashing the translation.
// expected-error @+1 {{'nvvm.exit' is not a cuda_tile module, entry or global: the PTX code generator compiles only those}}
nvvm.exit

// -----

// Hints are discardable: one the code generator cannot honor is a warning,
// and the kernel compiles with the CTA size it chooses itself.
cuda_tile.module @m {
  // expected-warning @+1 {{optimization hint num_worker_warps_per_cta = 3 for sm_80 is ignored: this code generator runs a power of two between 1 and 32 warps per tile block}}
  entry @k() optimization_hints=<sm_80 = {num_worker_warps_per_cta = 3}> {
    return
  }
}

// -----

// Names that are not PTX identifiers are mangled (test/Target/PTX/names.mlir);
// a mangled name another symbol already has is an error.
cuda_tile.module @m {
  entry @"_$$3B"() {
    return
  }
  // expected-error @+1 {{kernel name '_$$3B' clashes with another symbol of the module}}
  entry @";"() {
    return
  }
}
