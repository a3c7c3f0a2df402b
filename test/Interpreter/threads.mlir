// --threads N runs tile blocks concurrently on real threads: atomics on the
// shared buffers must be (and are) real atomic operations.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cuda-tile-run %s --entry count --grid 256 --threads 4 --arg zeros:i64:2 --out-dir %t
// RUN: %python %S/Inputs/npy_check.py print %t/arg0.npy | FileCheck %s --check-prefix=COUNT
// 256 tile blocks add 1000 times 1 and 1000 times their block id + 1.
// COUNT: <i8 2: 256000 32896000
// RUN: cuda-tile-run %s --entry lock --grid 64 --threads 4 --arg zeros:i32:2 --out-dir %t/lock
// RUN: %python %S/Inputs/npy_check.py print %t/lock/arg0.npy | FileCheck %s --check-prefix=LOCK
// A spin lock (atomic_cas_tko acquire / atomic_rmw_tko release xchg) guards
// a plain load-add-store of element 1: 64 blocks x 20 increments.
// LOCK: <i4 2: 0 1280
// RUN: cuda-tile-run %s --entry hello --grid 8 --threads 3 | sort | FileCheck %s --check-prefix=HELLO
// Whole print_tko outputs never interleave.
// HELLO: hello from 0
// HELLO-NEXT: hello from 1
// HELLO-NEXT: hello from 2
// HELLO-NEXT: hello from 3
// HELLO-NEXT: hello from 4
// HELLO-NEXT: hello from 5
// HELLO-NEXT: hello from 6
// HELLO-NEXT: hello from 7

cuda_tile.module @threads {
  entry @count(%counters: tile<ptr<i64>>) {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %n = constant <i32: 1000> : tile<i32>
    %p1 = reshape %counters : tile<ptr<i64>> -> tile<1xptr<i64>>
    %pb = broadcast %p1 : tile<1xptr<i64>> -> tile<2xptr<i64>>
    %lane = iota : tile<2xi32>
    %ptrs = offset %pb, %lane : tile<2xptr<i64>>, tile<2xi32> -> tile<2xptr<i64>>
    %x64 = exti %x signed : tile<i32> -> tile<i64>
    %one = constant <i64: 1> : tile<i64>
    %id1 = addi %x64, %one : tile<i64>
    %one1 = reshape %one : tile<i64> -> tile<1xi64>
    %id11 = reshape %id1 : tile<i64> -> tile<1xi64>
    %inc = cat %one1, %id11 dim = 0 : tile<1xi64>, tile<1xi64> -> tile<2xi64>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      %old, %t = atomic_rmw_tko relaxed device %ptrs, add, %inc : tile<2xptr<i64>>, tile<2xi64> -> tile<2xi64>, token
    }
    return
  }

  entry @lock(%mem: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c20 = constant <i32: 20> : tile<i32>
    %lockp = reshape %mem : tile<ptr<i32>> -> tile<1xptr<i32>>
    %one_idx = constant <i32: 1> : tile<1xi32>
    %datap = offset %lockp, %one_idx : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %zero = constant <i32: 0> : tile<1xi32>
    %one = constant <i32: 1> : tile<1xi32>
    for %i in (%c0 to %c20, step %c1) : tile<i32> {
      // Spin until the lock word goes from 0 to 1.
      loop {
        %old, %t0 = atomic_cas_tko acquire device %lockp, %zero, %one : tile<1xptr<i32>>, tile<1xi32> -> tile<1xi32>, token
        %old0 = reshape %old : tile<1xi32> -> tile<i32>
        %got = cmpi equal %old0, %c0, signed : tile<i32> -> tile<i1>
        if %got {
          break
        }
        continue
      }
      %v, %t1 = load_ptr_tko weak %datap : tile<1xptr<i32>> -> tile<1xi32>, token
      %v1 = addi %v, %one : tile<1xi32>
      %t2 = store_ptr_tko weak %datap, %v1 token=%t1 : tile<1xptr<i32>>, tile<1xi32> -> token
      %r, %t3 = atomic_rmw_tko release device %lockp, xchg, %zero token=%t2 : tile<1xptr<i32>>, tile<1xi32> -> tile<1xi32>, token
    }
    return
  }

  entry @hello() {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %t = print_tko "hello from %d\n", %x : tile<i32> -> token
    return
  }
}
