// Entry arguments from the command line: scalars of every type (decimal,
// hexadecimal, special values, rounded to the type), whole tiles and tokens.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy_check.py make %t/v.npy '<f4' scalar 2.5
// RUN: %python %S/Inputs/npy_check.py make %t/b.npy '|b1' 1 1
// RUN: cuda-tile-run %s --entry scalars --grid 1 --arg i1:true --arg i8:255 --arg i16:-0x10 --arg i64:9223372036854775807 --arg f16:0.1 --arg bf16:-inf --arg tf32:0.1 --arg f64:0x1.8p1 --arg f8E4M3FN:0.3 --arg f32:nan | FileCheck %s --check-prefix=SCALARS
// RUN: cuda-tile-run %s --entry tiles --grid 1 --arg @%t/v.npy --arg @%t/b.npy --arg token | FileCheck %s --check-prefix=TILES

cuda_tile.module @args {
  entry @scalars(%a: tile<i1>, %b: tile<i8>, %c: tile<i16>, %d: tile<i64>,
                 %e: tile<f16>, %f: tile<bf16>, %g: tile<tf32>, %h: tile<f64>,
                 %i: tile<f8E4M3FN>, %j: tile<f32>) {
    // SCALARS: i1=1 i8=-1 i16=-16 i64=9223372036854775807
    %t0 = print_tko "i1=%d i8=%d i16=%d i64=%d\n", %a, %b, %c, %d : tile<i1>, tile<i8>, tile<i16>, tile<i64> -> token
    %g32 = ftof %g : tile<tf32> -> tile<f32>
    // 0.1 rounded to f16, tf32 (10-bit mantissas) and f8E4M3FN.
    // SCALARS: f16=0.0999755859375 bf16=-inf tf32=0.0999755859375 f64=3 f8=0.3125 f32=nan
    %t1 = print_tko "f16=%.13g bf16=%g tf32=%.13g f64=%g f8=%g f32=%g\n", %e, %f, %g32, %h, %i, %j : tile<f16>, tile<bf16>, tile<f32>, tile<f64>, tile<f8E4M3FN>, tile<f32> -> token
    return
  }

  entry @tiles(%v: tile<f32>, %m: tile<i1>, %tok: token) {
    %s = addf %v, %v : tile<f32>
    // TILES: v=5 m=1
    %t0 = print_tko "v=%g m=%d\n", %s, %m token=%tok : tile<f32>, tile<i1> -> token
    // Pointer arguments are 256-byte aligned; integer assumptions that hold
    // pass silently.
    %c = constant <i32: [8, 16, 24, 32]> : tile<4xi32>
    %c2 = assume div_by<8>, %c : tile<4xi32>
    %c3 = assume bounded<0, 32>, %c2 : tile<4xi32>
    %same = constant <i32: [1, 1, 2, 2]> : tile<4xi32>
    %same2 = assume same_elements<[2]>, %same : tile<4xi32>
    %w = constant <i16: [96, 97, 98, 99]> : tile<4xi16>
    %w2 = assume div_by<32, every 4 along 0>, %w : tile<4xi16>
    // TILES-NEXT: assumed=[8, 16, 24, 32]
    %t1 = print_tko "assumed=%d\n", %c3 : tile<4xi32> -> token
    return
  }
}
