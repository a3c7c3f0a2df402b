// RUN: %cuda-tile-opt %s -cudatile-assign-layouts | %cuda-tile-opt | FileCheck %s
// RUN: %cuda-tile-opt %s -cudatile-assign-layouts="num-warps=8" | FileCheck %s --check-prefix=WARPS8
// RUN: %cuda-tile-opt %s -cudatile-assign-layouts="gpu-name=sm_120" | FileCheck %s
// The conversion follows the recorded plan: the same kernels as when it
// runs the analysis itself.
// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm > %t.analyzed
// RUN: %cuda-tile-opt %s -cudatile-assign-layouts -convert-cudatile-to-nvvm > %t.planned
// RUN: diff %t.analyzed %t.planned

// The layout analysis, recorded as cuda_tile_codegen attributes (printed and
// parsed back): rank-0 tiles are uniform, larger tiles are spread over the
// threads of the CTA (replicated when smaller than the CTA), in runs of 16
// bytes of the narrowest element type of their size. Dead ops are not
// compiled, so they get no layout and do not count. 4 warps, or more for
// large tiles; half as many when a thread would hold a single 16-byte run
// of the largest tile (16x32 f32 over 128 threads: 4 f32 each, so 64
// threads and two runs each), twice as many (up to 8 warps) while a thread
// would hold more than four runs.

// CHECK-LABEL: entry @small
// CHECK: constant <f32: 1.000000e+00> : tile<f32> {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
// CHECK: constant {{.*}} : tile<64xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 64>}
// CHECK: constant {{.*}} : tile<16x32xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 64, runs = 4>}
// CHECK: constant {{.*}} : tile<65536xf32>{{$}}
// CHECK: print_tko {{.*}} -> token{{$}}
// CHECK: } {cuda_tile_codegen.threads = 64 : i64}
// WARPS8-LABEL: entry @small
// WARPS8: tile<16x32xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 256, runs = 2>}
// WARPS8: cuda_tile_codegen.threads = 256 : i64
cuda_tile.module @layouts {
  entry @small() {
    %s = constant <f32: 1.0> : tile<f32>
    %v = constant <f32: 2.0> : tile<64xf32>
    %m = constant <f32: 3.0> : tile<16x32xf32>
    %dead = constant <f32: 4.0> : tile<65536xf32>
    %t = print_tko "%f %f %f", %s, %v, %m : tile<f32>, tile<64xf32>, tile<16x32xf32> -> token
    return
  }
  // Large tiles get more warps: 128x128 f32 over 512 threads, 32 each. An op
  // with several results has one layout per result, `unit` for non-tiles.
  // CHECK-LABEL: entry @large
  // CHECK: load_view_tko {{.*}} {cuda_tile_codegen.layout = [#cuda_tile_codegen.distributed<threads = 512, runs = 4>, unit]}
  // CHECK: } {cuda_tile_codegen.threads = 512 : i64}
  entry @large(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> tile<128x128xf32>, token
    %t2 = store_view_tko weak %x, %pv[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // Tiles of one size share one layout, with runs for the narrowest type
  // (2048 i8 over 128 threads would be one run each: 64 threads).
  // CHECK-LABEL: entry @shared
  // CHECK: tile<2048xi8> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 64, runs = 16>}
  // CHECK: tile<2048xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 64, runs = 16>}
  // CHECK: } {cuda_tile_codegen.threads = 64 : i64}
  entry @shared() {
    %b = constant <i8: 1> : tile<2048xi8>
    %f = constant <f32: 2.0> : tile<2048xf32>
    %t = print_tko "%d", %b : tile<2048xi8> -> token
    %t2 = print_tko "%f", %f : tile<2048xf32> -> token
    return
  }
  // Two runs of 16 bytes per thread at 4 warps: no halving.
  // CHECK-LABEL: entry @two_runs
  // CHECK: tile<4096xf16> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 8>}
  // CHECK: } {cuda_tile_codegen.threads = 128 : i64}
  entry @two_runs() {
    %h = constant <f16: 1.0> : tile<4096xf16>
    %t = print_tko "%f", %h : tile<4096xf16> -> token
    return
  }
  // The num_worker_warps_per_cta hint of the target is honoured.
  // CHECK-LABEL: entry @hinted
  // CHECK: tile<16x32xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 64, runs = 4>}
  // CHECK: cuda_tile_codegen.threads = 64 : i64
  entry @hinted() optimization_hints=<sm_80 = {num_worker_warps_per_cta = 2}, sm_120 = {num_worker_warps_per_cta = 2}> {
    %m = constant <f32: 3.0> : tile<16x32xf32>
    %t = print_tko "%f", %m : tile<16x32xf32> -> token
    return
  }
  // An accumulator of mma.sync keeps the instruction's fragments when the
  // kernel's tensor-core matmuls of its size agree on them.
  // CHECK-LABEL: entry @fragments
  // CHECK: mmaf {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 256, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>}
  entry @fragments() {
    %a = constant <f16: 1.0> : tile<64x16xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    %t = print_tko "%f", %d : tile<64x64xf32> -> token
    return
  }
  // Two matmuls whose 4096-element accumulators are cut differently
  // (64x64 and 32x128) leave that size cyclic.
  // CHECK-LABEL: entry @disagreeing
  // CHECK-COUNT-2: mmaf {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 256, runs = 4>}
  entry @disagreeing() {
    %a = constant <f16: 1.0> : tile<64x16xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    %a2 = constant <f16: 1.0> : tile<32x16xf16>
    %b2 = constant <f16: 1.0> : tile<16x128xf16>
    %c2 = constant <f32: 0.0> : tile<32x128xf32>
    %d2 = mmaf %a2, %b2, %c2 : tile<32x16xf16>, tile<16x128xf16>, tile<32x128xf32>
    %t = print_tko "%f", %d : tile<64x64xf32> -> token
    %t2 = print_tko "%f", %d2 : tile<32x128xf32> -> token
    return
  }
  // A 16x16 accumulator is two output tiles: 4 warps cannot share them
  // evenly, so it stays cyclic (and the matmul gathers its fragments).
  // CHECK-LABEL: entry @too_few_tiles
  // CHECK: mmaf {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 2>}
  entry @too_few_tiles() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %b = constant <f16: 1.0> : tile<16x16xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    %t = print_tko "%f", %d : tile<16x16xf32> -> token
    return
  }

  // A matmul whose lhs comes from another matmul's result (attention's
  // P V, with P from Q K^T): the warps take whole rows of both (whole_rows),
  // at most one per 16 rows (here 4, where the largest tile alone would ask
  // for 8), so that P is the second matmul's A fragments where the first
  // left S. With 8 warps asked for, the layouts still say whole_rows, but 4
  // row tiles cannot give 8 warps whole rows: the grid shares columns as
  // usual (MmaWarpGrid::choose) and P is staged.
  // CHECK-LABEL: entry @chained
  // CHECK: mmaf {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>}
  // CHECK: exp2 {{.*}} #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>
  // CHECK: mmaf {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8, whole_rows = true>}
  // CHECK: cuda_tile_codegen.threads = 128
  // WARPS8-LABEL: entry @chained
  // WARPS8: mmaf {{.*}} whole_rows = true
  // WARPS8: cuda_tile_codegen.threads = 256
  entry @chained() {
    %q = constant <f16: 1.0> : tile<64x64xf16>
    %k = constant <f16: 1.0> : tile<64x128xf16>
    %v = constant <f16: 1.0> : tile<128x64xf16>
    %zs = constant <f32: 0.0> : tile<64x128xf32>
    %zo = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %q, %k, %zs : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
    %p = exp2 %s : tile<64x128xf32>
    %ph = ftof %p : tile<64x128xf32> -> tile<64x128xf16>
    %o = mmaf %ph, %v, %zo : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %t = print_tko "%f", %o : tile<64x64xf32> -> token
    return
  }

  // The row statistics of attention's online softmax: the row maximum of
  // the scores' fragments takes their slice (the rows each thread's
  // fragments touch), and so does every tile of its 64 elements (the
  // reshape to 64x1, the running maximum carried by the loop); the
  // broadcasts back over the scores (64x128) and the output (64x64) read
  // the threads' own registers. The reduction of a reshaped accumulator
  // (other rows) and a column reduction of a non-accumulator stay cyclic.
  // CHECK-LABEL: entry @row_statistics
  // CHECK: reduce {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>>}
  // CHECK: reshape {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>>}
  // CHECK: broadcast {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>}
  // CHECK: continue
  // CHECK: broadcast {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8, whole_rows = true>} : tile<64x1xf32> -> tile<64x64xf32>
  // CHECK: cuda_tile_codegen.threads = 128
  entry @row_statistics(%n: tile<i32>) {
    %q = constant <f16: 1.0> : tile<64x64xf16>
    %k = constant <f16: 1.0> : tile<64x128xf16>
    %v = constant <f16: 1.0> : tile<128x64xf16>
    %zs = constant <f32: 0.0> : tile<64x128xf32>
    %zo = constant <f32: 0.0> : tile<64x64xf32>
    %ninf = constant <f32: 0xFF800000> : tile<64x1xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %o, %m = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %zo, %m_i = %ninf) -> (tile<64x64xf32>, tile<64x1xf32>) {
      %s = mmaf %q, %k, %zs : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
      %mx = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<64x128xf32> -> tile<64xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = maxf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %mx_col = reshape %mx : tile<64xf32> -> tile<64x1xf32>
      %m_new = maxf %m_i, %mx_col : tile<64x1xf32>
      %m_all = broadcast %m_new : tile<64x1xf32> -> tile<64x128xf32>
      %x = subf %s, %m_all : tile<64x128xf32>
      %p = exp2 %x : tile<64x128xf32>
      %ph = ftof %p : tile<64x128xf32> -> tile<64x128xf16>
      %acc_n = mmaf %ph, %v, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
      continue %acc_n, %m_new : tile<64x64xf32>, tile<64x1xf32>
    }
    %m_out = broadcast %m : tile<64x1xf32> -> tile<64x64xf32>
    %r = addf %o, %m_out : tile<64x64xf32>
    %t = print_tko "%f", %r : tile<64x64xf32> -> token
    return
  }

  // Scores masked behind an if (causal attention from the diagonal key
  // tile on) still feed the second matmul: whole rows, one warp per 16.
  // CHECK-LABEL: entry @masked_scores
  // CHECK: = if
  // CHECK: } {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>}
  // CHECK-NEXT: reduce {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 128, rows = 64, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>>}
  // CHECK: cuda_tile_codegen.threads = 128
  entry @masked_scores(%n: tile<i32>, %first: tile<i32>) {
    %q = constant <f16: 1.0> : tile<64x64xf16>
    %k = constant <f16: 1.0> : tile<64x128xf16>
    %v = constant <f16: 1.0> : tile<128x64xf16>
    %zs = constant <f32: 0.0> : tile<64x128xf32>
    %zo = constant <f32: 0.0> : tile<64x64xf32>
    %ninf = constant <f32: 0xFF800000> : tile<64x1xf32>
    %ninf_s = constant <f32: 0xFF800000> : tile<64x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %o, %m = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %zo, %m_i = %ninf) -> (tile<64x64xf32>, tile<64x1xf32>) {
      %s0 = mmaf %q, %k, %zs : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
      %masked = cmpi greater_than_or_equal %j, %first, signed : tile<i32> -> tile<i1>
      %s = if %masked -> (tile<64x128xf32>) {
        %neg = cmpf less_than ordered %s0, %zs : tile<64x128xf32> -> tile<64x128xi1>
        %sm = select %neg, %ninf_s, %s0 : tile<64x128xi1>, tile<64x128xf32>
        yield %sm : tile<64x128xf32>
      } else {
        yield %s0 : tile<64x128xf32>
      }
      %mx = reduce %s dim=1 identities=[0xFF800000 : f32] : tile<64x128xf32> -> tile<64xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %r = maxf %a, %b : tile<f32>
          yield %r : tile<f32>
        }
      %mx_col = reshape %mx : tile<64xf32> -> tile<64x1xf32>
      %m_new = maxf %m_i, %mx_col : tile<64x1xf32>
      %m_all = broadcast %m_new : tile<64x1xf32> -> tile<64x128xf32>
      %x = subf %s, %m_all : tile<64x128xf32>
      %p = exp2 %x : tile<64x128xf32>
      %ph = ftof %p : tile<64x128xf32> -> tile<64x128xf16>
      %acc_n = mmaf %ph, %v, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
      continue %acc_n, %m_new : tile<64x64xf32>, tile<64x1xf32>
    }
    %t = print_tko "%f", %o : tile<64x64xf32> -> token
    return
  }

  // CHECK-LABEL: entry @other_rows
  // CHECK: reduce {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 256>} : tile<128x32xf32> -> tile<128xf32>
  entry @other_rows() {
    %a = constant <f16: 1.0> : tile<64x16xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    %e = reshape %d : tile<64x64xf32> -> tile<128x32xf32>
    %s = reduce %e dim=1 identities=[0.0 : f32] : tile<128x32xf32> -> tile<128xf32>
      (%x: tile<f32>, %y: tile<f32>) {
        %r = addf %x, %y : tile<f32>
        yield %r : tile<f32>
      }
    %t = print_tko "%f", %s : tile<128xf32> -> token
    return
  }

  // A row and a column reduction of one accumulator both make 64-element
  // tiles, in different slices: that size stays cyclic.
  // CHECK-LABEL: entry @rows_and_columns
  // CHECK-COUNT-2: reduce {{.*}} {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 256>}
  entry @rows_and_columns() {
    %a = constant <f16: 1.0> : tile<64x16xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    %r = reduce %d dim=1 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%x: tile<f32>, %y: tile<f32>) {
        %s = addf %x, %y : tile<f32>
        yield %s : tile<f32>
      }
    %k = reduce %d dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%x: tile<f32>, %y: tile<f32>) {
        %s = addf %x, %y : tile<f32>
        yield %s : tile<f32>
      }
    %t = print_tko "%f %f", %r, %k : tile<64xf32>, tile<64xf32> -> token
    return
  }
}
