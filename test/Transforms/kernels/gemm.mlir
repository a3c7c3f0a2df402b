// A tiled GEMM as a frontend emits it: Python-style index arithmetic for the
// tile coordinates (ceil division, floor division, modulo with the sign fix),
// one token chain per array threaded through the K loop.
//
// RUN: cuda-tile-optimize -O3 %s | FileCheck %s
// RUN: cuda-tile-optimize -O3 --fuse-fma %s | cuda-tile-opt -no-implicit-module -verify-diagnostics
// RUN: cuda-tile-optimize -O3 -v -q %s 2>&1 | FileCheck %s --check-prefix=STATS

// CHECK-LABEL: entry @matmul
// The sign fix of `bid % tiles_n` is gone: both operands are non-negative.
// CHECK-NOT: select
// CHECK: %[[PIDN:.*]] = remi
// CHECK-NOT: select
// The loads no longer wait for each other across iterations, and nothing
// orders them: every token is gone.
// CHECK: for
// CHECK-NOT: {{[[:space:]]token ?= ?%}}
// CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %loopIdx] :
// CHECK-NOT: {{[[:space:]]token ?= ?%}}
// CHECK: load_view_tko weak %{{.*}}[%loopIdx, %[[PIDN]]] :
// CHECK-NOT: {{[[:space:]]token ?= ?%}}
// CHECK: mmaf
// CHECK: continue %{{[^,]*}} : tile<64x64xf32>
// CHECK: store_view_tko weak
// CHECK-NOT: {{[[:space:]]token ?= ?%}}
// CHECK: return

// STATS: Pipeline: builtin.module(cuda_tile.module(cuda_tile.entry(canonicalize
// STATS: Ops, ops inside loops and token edges of all entries
// STATS: eliminate-redundant-tokens

cuda_tile.module @gemm {
  entry @matmul(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>,
                %c_ptr: tile<ptr<f32>>, %m_arg: tile<i32>, %n_arg: tile<i32>,
                %k_arg: tile<i32>) {
    %a = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %m = assume bounded<1, 16777216>, %m_arg : tile<i32>
    %n = assume bounded<1, 16777216>, %n_arg : tile<i32>
    %k = assume bounded<1, 16777216>, %k_arg : tile<i32>
    %av = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1]
        : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bv = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1]
        : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %cv = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1]
        : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ap = make_partition_view %av
        : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,1]>>
    %bp = make_partition_view %bv
        : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,1]>>
    %cp = make_partition_view %cv
        : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>

    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c31 = constant <i32: 31> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %c63 = constant <i32: 63> : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    // tiles_n = (n + 63) // 64
    %n63 = addi %n, %c63 : tile<i32>
    %tiles_n = divi %n63, %c64 signed rounding<negative_inf> : tile<i32>
    // pid_m = bid // tiles_n
    %pid_m = divi %bid, %tiles_n signed rounding<negative_inf> : tile<i32>
    // pid_n = bid % tiles_n, Python semantics
    %r = remi %bid, %tiles_n signed : tile<i32>
    %r_neg = cmpi less_than %r, %c0, signed : tile<i32> -> tile<i1>
    %d_neg = cmpi less_than %tiles_n, %c0, signed : tile<i32> -> tile<i1>
    %signs = xori %r_neg, %d_neg : tile<i1>
    %r_nz = cmpi not_equal %r, %c0, signed : tile<i32> -> tile<i1>
    %fix = andi %signs, %r_nz : tile<i1>
    %r_adj = addi %r, %tiles_n : tile<i32>
    %pid_n = select %fix, %r_adj, %r : tile<i1>, tile<i32>
    // tiles_k = (k + 31) // 32
    %k31 = addi %k, %c31 : tile<i32>
    %tiles_k = divi %k31, %c32 signed rounding<negative_inf> : tile<i32>

    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %tok = make_token : token
    %acc, %ta, %tb = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32>
        iter_values(%acc0 = %zero, %ta0 = %tok, %tb0 = %tok)
        -> (tile<64x64xf32>, token, token) {
      %at, %ta1 = load_view_tko weak %ap[%pid_m, %kk] token = %ta0
          : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32>
          -> tile<64x32xf16>, token
      %bt, %tb1 = load_view_tko weak %bp[%kk, %pid_n] token = %tb0
          : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32>
          -> tile<32x64xf16>, token
      %acc1 = mmaf %at, %bt, %acc0
          : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %acc1, %ta1, %tb1 : tile<64x64xf32>, token, token
    }
    %tc = store_view_tko weak %acc, %cp[%pid_m, %pid_n] token = %tok
        : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32>
        -> token
    return
  }
}
