// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics -convert-cudatile-to-nvvm
// RUN: not %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm=num-warps=8 2>&1 | FileCheck %s --check-prefix=WARPS

// Layouts that are no layout of their tile are refused when the IR is
// verified; plans that do not hold together, by the conversion.

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{a tile block runs as 32 times a power of two threads, at most 1024; not 96}}
    %v = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 96>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{runs must be a power of two, not 3}}
    %v = constant <f32: 1.0> : tile<1024xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 3>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{result #0 of type '!cuda_tile.tile<64xf32>' cannot have layout #cuda_tile_codegen.uniform: a tile of 64 elements is distributed}}
    %v = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{a tile of one element is uniform}}
    %v = constant <f32: 1.0> : tile<1x1xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{each thread holds 4 element(s), which runs of 8 do not divide}}
    %v = constant <f32: 1.0> : tile<512xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 8>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{only tiles have layouts (`unit` marks other results)}}
    %t = make_token {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform} : token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile_codegen.layout' of an op with 3 results must be an array of 3 layouts}}
    %x, %y, %z = get_tile_block_id {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform} : tile<i32>
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{a tile block runs as 32 times a power of two threads, at most 1024; not 2048}}
  entry @k() {
    %v = constant <f32: 1.0> : tile<f32> {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
    return
  } {cuda_tile_codegen.threads = 2048 : i64}
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %a = constant <f32: 1.0> : tile<1024xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 4>}
    // expected-note @-1 {{runs of 4 given here}}
    // expected-error @+1 {{tiles of 1024 elements have runs of 2 here but runs of 4 elsewhere in the kernel: tiles of one size share one layout}}
    %b = negf %a {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 2>} : tile<1024xf32>
    %t = print_tko "%f", %b : tile<1024xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{layout #cuda_tile_codegen.distributed<threads = 64> of result #0 is for 64 threads but its entry runs 128}}
    %a = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 64>}
    %t = print_tko "%f", %a : tile<64xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{result #0 has no layout (cuda_tile_codegen.layout) but its entry has cuda_tile_codegen.threads: a kernel's plan is all or nothing}}
    %a = constant <f32: 1.0> : tile<64xf32>
    %t = print_tko "%f", %a : tile<64xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{op has a layout but its entry has no cuda_tile_codegen.threads}}
    %a = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128>}
    %t = print_tko "%f", %a : tile<64xf32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile_codegen.threads' belongs on a cuda_tile.entry}}
    %a = constant <f32: 1.0> : tile<f32> {cuda_tile_codegen.threads = 128 : i64, cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{unknown code generation attribute 'cuda_tile_codegen.warps'}}
    %a = constant <f32: 1.0> : tile<f32> {cuda_tile_codegen.warps = 4 : i64, cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-error @+1 {{'cuda_tile_codegen.threads' must be an integer}}
  entry @k() {
    %a = constant <f32: 1.0> : tile<f32> {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
    return
  } {cuda_tile_codegen.threads = "128"}
}

// -----

// The slot limit holds for plans written by hand too.
cuda_tile.module @m {
  // expected-note @+1 {{in the kernel compiled here}}
  entry @k() {
    // expected-error @+1 {{tile of 65536 elements is too large for this code generator: with 32 threads per tile block each thread would hold 2048 elements (at most 1024 are supported)}}
    %a = constant <f32: 1.0> : tile<65536xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 32>}
    %t = print_tko "%f", %a : tile<65536xf32> -> token
    return
  } {cuda_tile_codegen.threads = 32 : i64}
}

// -----

// WARPS: error: the entry's cuda_tile_codegen.threads = 128 contradicts 8 requested warps (256 threads)
cuda_tile.module @m {
  // expected-error @+1 {{'cuda_tile_codegen.threads': a tile block runs as 32 times a power of two threads, at most 1024; not 100}}
  entry @k() {
    return
  } {cuda_tile_codegen.threads = 100 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128>}
    %t = print_tko "%f", %a : tile<64xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{mma.sync's output tiles are 16x8 or 8x8, not 16x16}}
    %v = constant <f32: 1.0> : tile<64x64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 16>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{the 32 warps do not divide the 8 output tiles}}
    %v = constant <f32: 1.0> : tile<32x32xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 1024, rows = 32, cols = 32, instr_rows = 16, instr_cols = 8>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{cannot have layout #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>: it holds 2048 elements, not 4096}}
    %v = constant <f32: 1.0> : tile<32x64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>}
    return
  }
}

// -----

// Tiles of one size share one layout: an mma layout and a distributed one
// for the same element count are no plan.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %a = constant <f32: 1.0> : tile<64x64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>}
    // expected-error @+1 {{tiles of 4096 elements are distributed here but have an mma layout elsewhere in the kernel}}
    %b = constant <f32: 2.0> : tile<4096xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 4>}
    %t = print_tko "%f %f", %a, %b {cuda_tile_codegen.layout = unit} : tile<64x64xf32>, tile<4096xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<64x64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>}
    // expected-error @+1 {{tiles of 4096 elements have two mma layouts in the kernel}}
    %b = constant <f32: 2.0> : tile<32x128xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 32, cols = 128, instr_rows = 16, instr_cols = 8>}
    %t = print_tko "%f %f", %a, %b {cuda_tile_codegen.layout = unit} : tile<64x64xf32>, tile<32x128xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{layout #cuda_tile_codegen.mma<threads = 256, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8> of result #0 is for 256 threads but its entry runs 128}}
    %a = constant <f32: 1.0> : tile<64x64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 256, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>}
    %t = print_tko "%f", %a {cuda_tile_codegen.layout = unit} : tile<64x64xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

// Slices of an accumulator layout: the rows (dim = 1) or the columns
// (dim = 0), of the tile's element count, one layout per size.
cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{a slice drops the accumulator's rows (dim = 0) or columns (dim = 1), not dimension 2}}
    %v = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 2, parent = <threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{cannot have layout #cuda_tile_codegen.slice<dim = 0, parent = <threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8>>: it holds 64 elements, not 128}}
    %v = constant <f32: 1.0> : tile<64x1xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 0, parent = <threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8>>}
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>}
    // expected-error @+1 {{tiles of 64 elements are distributed here but have a slice layout elsewhere in the kernel}}
    %b = constant <f32: 2.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128>}
    %t = print_tko "%f %f", %a, %b {cuda_tile_codegen.layout = unit} : tile<64xf32>, tile<64xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>}
    // expected-error @+1 {{tiles of 64 elements have two slice layouts in the kernel}}
    %b = constant <f32: 2.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 0, parent = <threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>}
    %t = print_tko "%f %f", %a, %b {cuda_tile_codegen.layout = unit} : tile<64xf32>, tile<64xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{layout #cuda_tile_codegen.slice<dim = 1, parent = <threads = 256, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>> of result #0 is for 256 threads but its entry runs 128}}
    %a = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 256, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>}
    %t = print_tko "%f", %a {cuda_tile_codegen.layout = unit} : tile<64xf32> -> token
    return
  } {cuda_tile_codegen.threads = 128 : i64}
}

// -----

// A slice and an accumulator of 64 elements each (rows of a 64x64
// accumulator; an 8x8 f64 one).
cuda_tile.module @m {
  // expected-error @+1 {{tiles of 64 elements have an mma and a slice layout in the kernel}}
  entry @k() {
    %a = constant <f32: 1.0> : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 32, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>}
    %b = constant <f64: 1.0> : tile<8x8xf64> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 32, rows = 8, cols = 8, instr_rows = 8, instr_cols = 8>}
    %t = print_tko "%f %f", %a, %b {cuda_tile_codegen.layout = unit} : tile<64xf32>, tile<8x8xf64> -> token
    return
  } {cuda_tile_codegen.threads = 32 : i64}
}
