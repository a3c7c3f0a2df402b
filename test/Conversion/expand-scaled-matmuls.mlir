// RUN: %cuda-tile-opt %s -cudatile-expand-scaled-matmuls | FileCheck %s
// RUN: %cuda-tile-opt %s -cudatile-expand-scaled-matmuls | %cuda-tile-opt -verify-diagnostics
//
// The rewritten kernels compute exactly what mmaf_scaled does (the scaled
// values are bf16, their products exact): the interpreter gives the same
// bits before and after, with scales from 2^-9 to 2^6.
// RUN: rm -rf %t && mkdir -p %t/direct
// RUN: %python %S/../Interpreter/Inputs/npy_check.py make %t/sa.npy '|u1' 64 iota:118:0.25
// RUN: %python %S/../Interpreter/Inputs/npy_check.py make %t/sb.npy '|u1' 64 iota:131:-0.2
// RUN: %python %S/../Interpreter/Inputs/npy_check.py make %t/fsa.npy '|u1' 64 iota:40:0.3
// RUN: %python %S/../Interpreter/Inputs/npy_check.py make %t/fsb.npy '|u1' 128 iota:56:-0.12
// RUN: %cuda-tile-opt %s -cudatile-expand-scaled-matmuls -o %t/expanded.mlir
//
// RUN: cuda-tile-run %s --entry e4m3 --grid 1 --arg rand:f8E4M3FN:2048:seed=1 --arg rand:f8E4M3FN:2048:seed=2 --arg @%t/sa.npy --arg @%t/sb.npy --arg rand:f32:1024:seed=3 --arg zeros:f32:1024 --out-dir %t/direct
// RUN: cuda-tile-run %t/expanded.mlir --entry e4m3 --grid 1 --arg rand:f8E4M3FN:2048:seed=1 --arg rand:f8E4M3FN:2048:seed=2 --arg @%t/sa.npy --arg @%t/sb.npy --arg rand:f32:1024:seed=3 --arg zeros:f32:1024 --expect arg5=%t/direct/arg5.npy --rtol 0 --atol 0
//
// RUN: cuda-tile-run %s --entry e5m2_batched --grid 1 --arg rand:f8E5M2:2048:seed=4 --arg rand:f8E5M2:2048:seed=5 --arg @%t/sa.npy --arg @%t/sb.npy --arg rand:f32:512:seed=6 --arg zeros:f32:512 --out-dir %t/direct
// RUN: cuda-tile-run %t/expanded.mlir --entry e5m2_batched --grid 1 --arg rand:f8E5M2:2048:seed=4 --arg rand:f8E5M2:2048:seed=5 --arg @%t/sa.npy --arg @%t/sb.npy --arg rand:f32:512:seed=6 --arg zeros:f32:512 --expect arg5=%t/direct/arg5.npy --rtol 0 --atol 0
//
// RUN: cuda-tile-run %s --entry f4 --grid 1 --arg rand:f32:1024:seed=7 --arg rand:f32:2048:seed=8 --arg @%t/fsa.npy --arg @%t/fsb.npy --arg rand:f32:512:seed=9 --arg zeros:f32:512 --out-dir %t/direct
// RUN: cuda-tile-run %t/expanded.mlir --entry f4 --grid 1 --arg rand:f32:1024:seed=7 --arg rand:f32:2048:seed=8 --arg @%t/fsa.npy --arg @%t/fsb.npy --arg rand:f32:512:seed=9 --arg zeros:f32:512 --expect arg5=%t/direct/arg5.npy --rtol 0 --atol 0

// mmaf_scaled becomes mmaf on bf16: each operand is widened to f32, times
// its block's factor, narrowed to bf16. A lhs scale (M x K/V) spreads along
// a new last dimension ((M*K/V) x V), a rhs scale (K/V x N) along a new
// middle one (K/V x V x N); reshapes give back the operand's shape.

// CHECK-LABEL: entry @e4m3
// CHECK: %[[SA:.*]] = ftof %{{.*}} : tile<32x2xf8E8M0FNU> -> tile<32x2xf32>
// CHECK: %[[SA1:.*]] = reshape %[[SA]] : tile<32x2xf32> -> tile<64x1xf32>
// CHECK: %[[SAV:.*]] = broadcast %[[SA1]] : tile<64x1xf32> -> tile<64x32xf32>
// CHECK: %[[SAK:.*]] = reshape %[[SAV]] : tile<64x32xf32> -> tile<32x64xf32>
// CHECK: %[[A:.*]] = ftof %{{.*}} : tile<32x64xf8E4M3FN> -> tile<32x64xf32>
// CHECK: %[[AS:.*]] = mulf %[[A]], %[[SAK]] : tile<32x64xf32>
// CHECK: %[[AB:.*]] = ftof %[[AS]] : tile<32x64xf32> -> tile<32x64xbf16>
// CHECK: %[[SB:.*]] = ftof %{{.*}} : tile<2x32xf8E8M0FNU> -> tile<2x32xf32>
// CHECK: %[[SB1:.*]] = reshape %[[SB]] : tile<2x32xf32> -> tile<2x1x32xf32>
// CHECK: %[[SBV:.*]] = broadcast %[[SB1]] : tile<2x1x32xf32> -> tile<2x32x32xf32>
// CHECK: %[[SBK:.*]] = reshape %[[SBV]] : tile<2x32x32xf32> -> tile<64x32xf32>
// CHECK: %[[B:.*]] = ftof %{{.*}} : tile<64x32xf8E4M3FN> -> tile<64x32xf32>
// CHECK: %[[BS:.*]] = mulf %[[B]], %[[SBK]] : tile<64x32xf32>
// CHECK: %[[BB:.*]] = ftof %[[BS]] : tile<64x32xf32> -> tile<64x32xbf16>
// CHECK: mmaf %[[AB]], %[[BB]], %{{.*}} : tile<32x64xbf16>, tile<64x32xbf16>, tile<32x32xf32>
// CHECK-NOT: mmaf_scaled

// Batched: the batch folds into the spread dimension.
// CHECK-LABEL: entry @e5m2_batched
// CHECK: reshape %{{.*}} : tile<2x16x2xf32> -> tile<64x1xf32>
// CHECK: broadcast %{{.*}} : tile<64x1xf32> -> tile<64x32xf32>
// CHECK: reshape %{{.*}} : tile<64x32xf32> -> tile<2x16x64xf32>
// CHECK: reshape %{{.*}} : tile<2x2x16xf32> -> tile<4x1x16xf32>
// CHECK: broadcast %{{.*}} : tile<4x1x16xf32> -> tile<4x32x16xf32>
// CHECK: reshape %{{.*}} : tile<4x32x16xf32> -> tile<2x64x16xf32>
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<2x16x64xbf16>, tile<2x64x16xbf16>, tile<2x16x16xf32>
// CHECK-NOT: mmaf_scaled

// f4 with f8E4M3FN scales over blocks of 16.
// CHECK-LABEL: entry @f4
// CHECK: ftof %{{.*}} : tile<16x4xf8E4M3FN> -> tile<16x4xf32>
// CHECK: broadcast %{{.*}} : tile<64x1xf32> -> tile<64x16xf32>
// CHECK: ftof %{{.*}} : tile<16x64xf4E2M1FN> -> tile<16x64xf32>
// CHECK: broadcast %{{.*}} : tile<4x1x32xf32> -> tile<4x16x32xf32>
// CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<16x64xbf16>, tile<64x32xbf16>, tile<16x32xf32>
// CHECK-NOT: mmaf_scaled

cuda_tile.module @scaled {
  entry @e4m3(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %xap = reshape %a : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %xab = broadcast %xap : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %xai = iota : tile<2048xi32>
    %xao = offset %xab, %xai : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %xal, %xat = load_ptr_tko weak %xao : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %xa = reshape %xal : tile<2048xf8E4M3FN> -> tile<32x64xf8E4M3FN>
    %xbp = reshape %b : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %xbb = broadcast %xbp : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %xbi = iota : tile<2048xi32>
    %xbo = offset %xbb, %xbi : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %xbl, %xbt = load_ptr_tko weak %xbo : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %xb = reshape %xbl : tile<2048xf8E4M3FN> -> tile<64x32xf8E4M3FN>
    %xsap = reshape %sa : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %xsab = broadcast %xsap : tile<1xptr<f8E8M0FNU>> -> tile<64xptr<f8E8M0FNU>>
    %xsai = iota : tile<64xi32>
    %xsao = offset %xsab, %xsai : tile<64xptr<f8E8M0FNU>>, tile<64xi32> -> tile<64xptr<f8E8M0FNU>>
    %xsal, %xsat = load_ptr_tko weak %xsao : tile<64xptr<f8E8M0FNU>> -> tile<64xf8E8M0FNU>, token
    %xsa = reshape %xsal : tile<64xf8E8M0FNU> -> tile<32x2xf8E8M0FNU>
    %xsbp = reshape %sb : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %xsbb = broadcast %xsbp : tile<1xptr<f8E8M0FNU>> -> tile<64xptr<f8E8M0FNU>>
    %xsbi = iota : tile<64xi32>
    %xsbo = offset %xsbb, %xsbi : tile<64xptr<f8E8M0FNU>>, tile<64xi32> -> tile<64xptr<f8E8M0FNU>>
    %xsbl, %xsbt = load_ptr_tko weak %xsbo : tile<64xptr<f8E8M0FNU>> -> tile<64xf8E8M0FNU>, token
    %xsb = reshape %xsbl : tile<64xf8E8M0FNU> -> tile<2x32xf8E8M0FNU>
    %xcp = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xcb = broadcast %xcp : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %xci = iota : tile<1024xi32>
    %xco = offset %xcb, %xci : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %xcl, %xct = load_ptr_tko weak %xco : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %xc = reshape %xcl : tile<1024xf32> -> tile<32x32xf32>
    %r = mmaf_scaled %xa, %xb, %xc, %xsa, %xsb : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %rf = reshape %r : tile<32x32xf32> -> tile<1024xf32>
    %op = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ob = broadcast %op : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %oi = iota : tile<1024xi32>
    %oo = offset %ob, %oi : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %st = store_ptr_tko weak %oo, %rf : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
  entry @e5m2_batched(%a: tile<ptr<f8E5M2>>, %b: tile<ptr<f8E5M2>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %xap = reshape %a : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %xab = broadcast %xap : tile<1xptr<f8E5M2>> -> tile<2048xptr<f8E5M2>>
    %xai = iota : tile<2048xi32>
    %xao = offset %xab, %xai : tile<2048xptr<f8E5M2>>, tile<2048xi32> -> tile<2048xptr<f8E5M2>>
    %xal, %xat = load_ptr_tko weak %xao : tile<2048xptr<f8E5M2>> -> tile<2048xf8E5M2>, token
    %xa = reshape %xal : tile<2048xf8E5M2> -> tile<2x16x64xf8E5M2>
    %xbp = reshape %b : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %xbb = broadcast %xbp : tile<1xptr<f8E5M2>> -> tile<2048xptr<f8E5M2>>
    %xbi = iota : tile<2048xi32>
    %xbo = offset %xbb, %xbi : tile<2048xptr<f8E5M2>>, tile<2048xi32> -> tile<2048xptr<f8E5M2>>
    %xbl, %xbt = load_ptr_tko weak %xbo : tile<2048xptr<f8E5M2>> -> tile<2048xf8E5M2>, token
    %xb = reshape %xbl : tile<2048xf8E5M2> -> tile<2x64x16xf8E5M2>
    %xsap = reshape %sa : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %xsab = broadcast %xsap : tile<1xptr<f8E8M0FNU>> -> tile<64xptr<f8E8M0FNU>>
    %xsai = iota : tile<64xi32>
    %xsao = offset %xsab, %xsai : tile<64xptr<f8E8M0FNU>>, tile<64xi32> -> tile<64xptr<f8E8M0FNU>>
    %xsal, %xsat = load_ptr_tko weak %xsao : tile<64xptr<f8E8M0FNU>> -> tile<64xf8E8M0FNU>, token
    %xsa = reshape %xsal : tile<64xf8E8M0FNU> -> tile<2x16x2xf8E8M0FNU>
    %xsbp = reshape %sb : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %xsbb = broadcast %xsbp : tile<1xptr<f8E8M0FNU>> -> tile<64xptr<f8E8M0FNU>>
    %xsbi = iota : tile<64xi32>
    %xsbo = offset %xsbb, %xsbi : tile<64xptr<f8E8M0FNU>>, tile<64xi32> -> tile<64xptr<f8E8M0FNU>>
    %xsbl, %xsbt = load_ptr_tko weak %xsbo : tile<64xptr<f8E8M0FNU>> -> tile<64xf8E8M0FNU>, token
    %xsb = reshape %xsbl : tile<64xf8E8M0FNU> -> tile<2x2x16xf8E8M0FNU>
    %xcp = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xcb = broadcast %xcp : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %xci = iota : tile<512xi32>
    %xco = offset %xcb, %xci : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %xcl, %xct = load_ptr_tko weak %xco : tile<512xptr<f32>> -> tile<512xf32>, token
    %xc = reshape %xcl : tile<512xf32> -> tile<2x16x16xf32>
    %r = mmaf_scaled %xa, %xb, %xc, %xsa, %xsb : tile<2x16x64xf8E5M2>, tile<2x64x16xf8E5M2>, tile<2x16x16xf32>, tile<2x16x2xf8E8M0FNU>, tile<2x2x16xf8E8M0FNU>
    %rf = reshape %r : tile<2x16x16xf32> -> tile<512xf32>
    %op = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ob = broadcast %op : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %oi = iota : tile<512xi32>
    %oo = offset %ob, %oi : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %st = store_ptr_tko weak %oo, %rf : tile<512xptr<f32>>, tile<512xf32> -> token
    return
  }
  entry @f4(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %sa: tile<ptr<f8E4M3FN>>, %sb: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %xap = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xab = broadcast %xap : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %xai = iota : tile<1024xi32>
    %xao = offset %xab, %xai : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %xal, %xat = load_ptr_tko weak %xao : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %xa = reshape %xal : tile<1024xf32> -> tile<16x64xf32>
    %xbp = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xbb = broadcast %xbp : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %xbi = iota : tile<2048xi32>
    %xbo = offset %xbb, %xbi : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %xbl, %xbt = load_ptr_tko weak %xbo : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %xb = reshape %xbl : tile<2048xf32> -> tile<64x32xf32>
    %xsap = reshape %sa : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %xsab = broadcast %xsap : tile<1xptr<f8E4M3FN>> -> tile<64xptr<f8E4M3FN>>
    %xsai = iota : tile<64xi32>
    %xsao = offset %xsab, %xsai : tile<64xptr<f8E4M3FN>>, tile<64xi32> -> tile<64xptr<f8E4M3FN>>
    %xsal, %xsat = load_ptr_tko weak %xsao : tile<64xptr<f8E4M3FN>> -> tile<64xf8E4M3FN>, token
    %xsa = reshape %xsal : tile<64xf8E4M3FN> -> tile<16x4xf8E4M3FN>
    %xsbp = reshape %sb : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %xsbb = broadcast %xsbp : tile<1xptr<f8E4M3FN>> -> tile<128xptr<f8E4M3FN>>
    %xsbi = iota : tile<128xi32>
    %xsbo = offset %xsbb, %xsbi : tile<128xptr<f8E4M3FN>>, tile<128xi32> -> tile<128xptr<f8E4M3FN>>
    %xsbl, %xsbt = load_ptr_tko weak %xsbo : tile<128xptr<f8E4M3FN>> -> tile<128xf8E4M3FN>, token
    %xsb = reshape %xsbl : tile<128xf8E4M3FN> -> tile<4x32xf8E4M3FN>
    %xcp = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xcb = broadcast %xcp : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %xci = iota : tile<512xi32>
    %xco = offset %xcb, %xci : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %xcl, %xct = load_ptr_tko weak %xco : tile<512xptr<f32>> -> tile<512xf32>, token
    %xc = reshape %xcl : tile<512xf32> -> tile<16x32xf32>
    %sixa = constant <f32: 6.0> : tile<16x64xf32>
    %sixb = constant <f32: 6.0> : tile<64x32xf32>
    %ka = mulf %xa, %sixa : tile<16x64xf32>
    %kb = mulf %xb, %sixb : tile<64x32xf32>
    %fa = ftof %ka : tile<16x64xf32> -> tile<16x64xf4E2M1FN>
    %fb = ftof %kb : tile<64x32xf32> -> tile<64x32xf4E2M1FN>
    %r = mmaf_scaled %fa, %fb, %xc, %xsa, %xsb : tile<16x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<16x32xf32>, tile<16x4xf8E4M3FN>, tile<4x32xf8E4M3FN>
    %rf = reshape %r : tile<16x32xf32> -> tile<512xf32>
    %op = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ob = broadcast %op : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %oi = iota : tile<512xi32>
    %oo = offset %ob, %oi : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %st = store_ptr_tko weak %oo, %rf : tile<512xptr<f32>>, tile<512xf32> -> token
    return
  }
}
