// The options that make cuda-tile-run pleasant to use: generated inputs
// (zeros and seeded random arrays of any shape), --expect against a .npy
// with --rtol/--atol, --time and the progress line.
// RUN: rm -rf %t && mkdir -p %t
// DEFINE: %{run} = cuda-tile-run %s --entry scale --grid 1 --arg rand:f32:2x4:seed=3 --arg zeros:f32:2x4

// Shaped outputs keep the shape they were given; the same seed gives the
// same numbers, in [-1, 1).
// RUN: %{run} --out-dir %t/a
// RUN: %{run} --out-dir %t/b
// RUN: cmp %t/a/arg0.npy %t/b/arg0.npy
// RUN: %python %S/Inputs/npy_check.py print %t/a/arg1.npy | FileCheck %s --check-prefix=SHAPE
// SHAPE: <f4 2x4:
// RUN: %python -c "import sys; sys.path.insert(0, sys.argv[1]); import npy_check as n; d, s, a = n.read_npy(sys.argv[2]); d2, s2, b = n.read_npy(sys.argv[3]); assert len(set(a)) == 8 and all(-1 <= x < 1 for x in a), a; assert b == [2 * x for x in a], (a, b)" %S/Inputs %t/a/arg0.npy %t/a/arg1.npy
// RUN: cuda-tile-run %s --entry scale --grid 1 --arg rand:f32:2x4:seed=4 --arg zeros:f32:2x4 --out-dir %t/c
// RUN: not cmp %t/a/arg0.npy %t/c/arg0.npy

// --out-names=args names the files after the arguments.
// RUN: %{run} --out-dir %t/named --out-names=args
// RUN: ls %t/named | FileCheck %s --check-prefix=NAMED
// NAMED: dst.npy
// NAMED-NEXT: src.npy
// RUN: cmp %t/named/src.npy %t/a/arg0.npy
// RUN: not %{run} --out-names=names 2>&1 | FileCheck %s --check-prefix=OUTNAMES
// OUTNAMES: error: invalid --out-names 'names': expected 'index' (arg<k>.npy) or 'args'

// --expect by the argument's name in the text, by argK and by K.
// RUN: %{run} --expect dst=%t/a/arg1.npy 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: cuda-tile-run: arg1 (dst) matches '{{.*}}arg1.npy': 8 elements within rtol 1e-05, atol 1e-08 (largest difference 0)
// RUN: %{run} --expect arg1=%t/a/arg1.npy --expect 0=%t/a/arg0.npy 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: arg1 (dst) matches
// BOTH: arg0 (src) matches

// A mismatch exits 1 and lists the worst elements with their indices.
// RUN: %python %S/Inputs/npy_check.py make %t/ones.npy '<f4' 2x4 1,1,1,1,1,1,1,1
// RUN: not %{run} --expect dst=%t/ones.npy 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: cuda-tile-run: error: arg1 (dst) differs from '{{.*}}ones.npy' in {{[0-9]}} of 8 elements beyond rtol 1e-05, atol 1e-08; the worst:
// DIFF-NEXT: [{{[01]}}, {{[0-3]}}]: got {{.*}}, expected 1 (difference {{.*}})
// Wide tolerances accept it.
// RUN: %{run} --expect dst=%t/ones.npy --atol 4 2>&1 | FileCheck %s --check-prefix=LOOSE
// LOOSE: matches '{{.*}}ones.npy': 8 elements within rtol 1e-05, atol 4

// Plain NumPy dtypes other than the buffer's compare by value.
// RUN: %python %S/Inputs/npy_check.py make %t/zeros64.npy '<f8' 8 0,0,0,0,0,0,0,0
// RUN: cuda-tile-run %s --entry scale --grid 1 --arg zeros:f32:8 --arg zeros:f32:8 --expect dst=%t/zeros64.npy 2>&1 | FileCheck %s --check-prefix=F64
// F64: arg1 (dst) matches

// Errors in --expect are usage errors (exit 2).
// RUN: not cuda-tile-run %s --entry scale --grid 1 --arg zeros:f32:8 --arg zeros:f32:8 --expect nope=%t/zeros64.npy 2>&1 | FileCheck %s --check-prefix=NONAME
// NONAME: error: --expect nope: the entry has no argument of that name
// RUN: not cuda-tile-run %s --entry scale --grid 1 --arg zeros:f32:4 --arg zeros:f32:4 --expect dst=%t/zeros64.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: --expect dst: '{{.*}}zeros64.npy' has 8 elements, the buffer 4
// RUN: not cuda-tile-run %s --entry scale --grid 1 --arg zeros:f32:8 --arg zeros:f32:8 --expect dst=%t/zeros64.npy --rtol=-1 2>&1 | FileCheck %s --check-prefix=RTOL
// RTOL: error: invalid --rtol '-1': expected a number >= 0
// RUN: not cuda-tile-run %s --entry scale --grid 1 --arg rand:f32:2x3 --arg zeros:f32:8 2>&1 | FileCheck %s --check-prefix=TOOFEW
// RUN: not cuda-tile-run %s --entry scale --grid 1 --arg rand:i32:8 --arg zeros:f32:8 2>&1 | FileCheck %s --check-prefix=WRONGTYPE
// RUN: not cuda-tile-run %s --entry scale --grid 1 --arg rand:f32:8:seed=x --arg zeros:f32:8 2>&1 | FileCheck %s --check-prefix=SEED
// TOOFEW: error: load_ptr_tko in tile block (0, 0, 0): out-of-bounds load through pointer [6]: 4 bytes at {{.*}} past the end of buffer 'arg0'
// WRONGTYPE: error: argument 0 (tile<ptr<f32>>): 'rand:i32:8' has elements of type i32, not f32
// SEED: error: argument 0 (tile<ptr<f32>>): invalid seed in 'rand:f32:8:seed=x'

// Random integers are in [-100, 100]; a rank-0 tile takes a one-element array.
// RUN: cuda-tile-run %s --entry keep --grid 1 --arg rand:i32:4x4:seed=1 --out-dir %t/ints
// RUN: %python -c "import sys; sys.path.insert(0, sys.argv[1]); import npy_check as n; d, s, a = n.read_npy(sys.argv[2]); assert s == (4, 4) and len(set(a)) > 4 and all(-100 <= x <= 100 for x in a), a" %S/Inputs %t/ints/arg0.npy
// RUN: cuda-tile-run %s --entry half --grid 1 --arg rand:f32:1:seed=2 | FileCheck %s --check-prefix=SCALAR
// SCALAR: half: {{-?0\.[0-9]+}}

// --time and the progress line go to stderr.
// RUN: %{run} --time --progress-after 0 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: cuda-tile-run: 1/1 tile blocks, {{[0-9.]+}} s
// TIME: cuda-tile-run: time: load {{[0-9.]+}} s, arguments {{[0-9.]+}} s, run {{[0-9.]+}} s (1 tile blocks, {{[0-9.]+}} us each), check and write {{[0-9.]+}} s
// RUN: cuda-tile-run %s --entry scale --grid 3 --arg zeros:f32:8 --arg zeros:f32:8 --progress-after 0 2>&1 | FileCheck %s --check-prefix=PROGRESS
// PROGRESS: cuda-tile-run: 1/3 tile blocks
// PROGRESS-NEXT: cuda-tile-run: 3/3 tile blocks
// Nothing before the first second by default.
// RUN: %{run} 2>&1 | count 0

cuda_tile.module @run_options {
  entry @scale(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>) {
    %off = iota : tile<8xi32>
    %s1 = reshape %src : tile<ptr<f32>> -> tile<1xptr<f32>>
    %s = broadcast %s1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %sp = offset %s, %off : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %v, %t = load_ptr_tko weak %sp : tile<8xptr<f32>> -> tile<8xf32>, token
    %two = constant <f32: 2.0> : tile<8xf32>
    %w = mulf %v, %two rounding<nearest_even> : tile<8xf32>
    %d1 = reshape %dst : tile<ptr<f32>> -> tile<1xptr<f32>>
    %d = broadcast %d1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %dp = offset %d, %off : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t2 = store_ptr_tko weak %dp, %w : tile<8xptr<f32>>, tile<8xf32> -> token
    return
  }

  entry @keep(%buffer: tile<ptr<i32>>) {
    return
  }

  entry @half(%x: tile<f32>) {
    %h = constant <f32: 0.5> : tile<f32>
    %y = mulf %x, %h rounding<nearest_even> : tile<f32>
    %t = print_tko "half: %f\n", %y : tile<f32> -> token
    return
  }
}
