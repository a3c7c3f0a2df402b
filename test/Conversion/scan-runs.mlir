// RUN: %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm="remarks=all" -o /dev/null 2>&1 | FileCheck %s
// RUN: %cuda-tile-opt %s -split-input-file -convert-cudatile-to-nvvm="remarks=all reduction-order=sequential" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEQ

// Scans in the tree order (the default) cut rows of 32 and more into runs,
// one a thread: each thread folds its run, then scans it again from the fold
// of the runs before it (docs/codegen.md, "Reductions and scans"). The
// sequential order keeps one thread a row. utils/gpu-check's scan_runs case
// checks the results on the PTX simulator.

// CHECK: remark: passed: scan in 64 runs of 64 per row, each from the fold of the runs before it
// SEQ: remark: missed: scan folded by one thread per row, in index order (--reduction-order=sequential)
cuda_tile.module @one_row {
  entry @one_row(%p: tile<ptr<i32>>) {
    %x = iota : tile<4096xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<4096xptr<i32>>
    %s = scan %x dim=0 reverse=false identities=[0 : i32] : tile<4096xi32> -> tile<4096xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %ps = offset %pb, %x : tile<4096xptr<i32>>, tile<4096xi32> -> tile<4096xptr<i32>>
    %t = store_ptr_tko weak %ps, %s : tile<4096xptr<i32>>, tile<4096xi32> -> token
    return
  }
}

// -----

// CHECK: remark: missed: scan folded by one thread per row, in index order (rows shorter than 32)
// SEQ: remark: missed: scan folded by one thread per row, in index order (--reduction-order=sequential)
cuda_tile.module @short_rows {
  entry @short_rows(%p: tile<ptr<i32>>) {
    %x = iota : tile<1024xi32>
    %y = reshape %x : tile<1024xi32> -> tile<64x16xi32>
    %s = scan %y dim=1 reverse=true identities=[0 : i32] : tile<64x16xi32> -> tile<64x16xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %f = reshape %s : tile<64x16xi32> -> tile<1024xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %ps = offset %pb, %x : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %t = store_ptr_tko weak %ps, %f : tile<1024xptr<i32>>, tile<1024xi32> -> token
    return
  }
}

// -----

// 128 rows of 64 share the threads: four a row.
// SEQ: remark: missed: scan folded by one thread per row, in index order (--reduction-order=sequential)
// CHECK: remark: passed: scan in 4 runs of 16 per row, each from the fold of the runs before it
cuda_tile.module @many_rows {
  entry @many_rows(%p: tile<ptr<i32>>) {
    %x = iota : tile<8192xi32>
    %y = reshape %x : tile<8192xi32> -> tile<128x64xi32>
    %s = scan %y dim=1 reverse=false identities=[0 : i32] : tile<128x64xi32> -> tile<128x64xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %f = reshape %s : tile<128x64xi32> -> tile<8192xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<8192xptr<i32>>
    %ps = offset %pb, %x : tile<8192xptr<i32>>, tile<8192xi32> -> tile<8192xptr<i32>>
    %t = store_ptr_tko weak %ps, %f : tile<8192xptr<i32>>, tile<8192xi32> -> token
    return
  }
}

// -----

// 128 rows of 32 on 256 threads: two a row.
// SEQ: remark: missed: scan folded by one thread per row, in index order (--reduction-order=sequential)
// CHECK: remark: missed: scan folded by one thread per row, in index order (fewer than 4 threads a row)
cuda_tile.module @more_rows {
  entry @more_rows(%p: tile<ptr<i32>>) {
    %x = iota : tile<4096xi32>
    %y = reshape %x : tile<4096xi32> -> tile<128x32xi32>
    %s = scan %y dim=1 reverse=false identities=[0 : i32] : tile<128x32xi32> -> tile<128x32xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %c = addi %e, %a : tile<i32>
        yield %c : tile<i32>
      }
    %f = reshape %s : tile<128x32xi32> -> tile<4096xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<4096xptr<i32>>
    %ps = offset %pb, %x : tile<4096xptr<i32>>, tile<4096xi32> -> tile<4096xptr<i32>>
    %t = store_ptr_tko weak %ps, %f : tile<4096xptr<i32>>, tile<4096xi32> -> token
    return
  }
}

// -----

// A row of 16384 f32 is longer than the buffer: its segments are scanned in
// turn, each in runs that start from what the segment before left.
// CHECK: remark: passed: scan in 64 runs of 64 per segment of 4096 (rows longer than the buffer), each from the fold of the runs before it
// SEQ: remark: missed: scan folded by one thread in segments of 4096, in index order (--reduction-order=sequential)
cuda_tile.module @long_rows {
  entry @long_rows(%p: tile<ptr<f32>>) {
    %x = iota : tile<32768xi32>
    %y = itof %x signed : tile<32768xi32> -> tile<32768xf32>
    %z = reshape %y : tile<32768xf32> -> tile<2x16384xf32>
    %s = scan %z dim=1 reverse=false identities=[0.0 : f32] : tile<2x16384xf32> -> tile<2x16384xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %f = reshape %s : tile<2x16384xf32> -> tile<32768xf32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<32768xptr<f32>>
    %ps = offset %pb, %x : tile<32768xptr<f32>>, tile<32768xi32> -> tile<32768xptr<f32>>
    %t = store_ptr_tko weak %ps, %f : tile<32768xptr<f32>>, tile<32768xf32> -> token
    return
  }
}

// -----

// A row of 8192 f32 fits the buffer but not with its pad elements: two
// segments of runs, not one thread.
// CHECK: remark: passed: scan in 64 runs of 64 per segment of 4096 (rows longer than the buffer), each from the fold of the runs before it
cuda_tile.module @padded_row_too_long {
  entry @padded_row_too_long(%p: tile<ptr<f32>>) {
    %x = iota : tile<8192xi32>
    %y = itof %x signed : tile<8192xi32> -> tile<8192xf32>
    %s = scan %y dim=0 reverse=false identities=[0.0 : f32] : tile<8192xf32> -> tile<8192xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %c = addf %e, %a : tile<f32>
        yield %c : tile<f32>
      }
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<8192xptr<f32>>
    %ps = offset %pb, %x : tile<8192xptr<f32>>, tile<8192xi32> -> tile<8192xptr<f32>>
    %t = store_ptr_tko weak %ps, %s : tile<8192xptr<f32>>, tile<8192xf32> -> token
    return
  }
}
