// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --reduction-order=tree %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --reduction-order=sequential %s | FileCheck %s --check-prefix=SEQ
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --reduction-order=tree %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --reduction-order=tree %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: not %cuda-tile-translate -cudatile-to-ptx --reduction-order=random %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// The default, --reduction-order=tree: each thread folds its registers of a
// row, five butterfly shuffles combine a warp, and one exchange through
// shared memory combines the warps (docs/codegen.md, "Layouts").
// --reduction-order=sequential keeps the interpreter's order: one thread per
// row, no shuffles.

// BAD: error: unknown reduction order 'random'; expected 'sequential' or 'tree'

// CHECK-LABEL: .entry row_sum(
// CHECK-COUNT-5: shfl.sync.bfly.b32
// CHECK: bar.sync
// SEQ-LABEL: .entry row_sum(
// SEQ-NOT: shfl.sync
// SEQ-LABEL: .entry argmax_rows(
cuda_tile.module @m {
  entry @row_sum(%p: tile<ptr<f32>>) {
    %x = constant <f32: 1.5> : tile<1x4096xf32>
    %s = reduce %x dim=1 identities=[0.0 : f32] : tile<1x4096xf32> -> tile<1xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %a = addf %e, %acc : tile<f32>
        yield %a : tile<f32>
      }
    %s0 = reshape %s : tile<1xf32> -> tile<f32>
    %t = store_ptr_tko weak %p, %s0 : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // A max folds with max.f32 and, alongside, the unsigned minimum of the
  // bits (0 where a +0 took part: min.u32); only the results compare with
  // zero, once each, to take the sign of a zero result from it.
  // CHECK-LABEL: .entry row_max(
  // CHECK-NOT: setp.eq.f32
  // CHECK: max.f32
  // CHECK: min.u32
  // CHECK-NOT: setp.eq.f32
  // CHECK: shfl.sync.bfly.b32
  // CHECK: setp.eq.f32
  // CHECK: setp.eq.b32
  // CHECK: ret;
  entry @row_max(%p: tile<ptr<f32>>) {
    %pv = reshape %p : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %pb = broadcast %pv : tile<1x1xptr<f32>> -> tile<8x128xptr<f32>>
    %i = iota : tile<1024xi32>
    %i2 = reshape %i : tile<1024xi32> -> tile<8x128xi32>
    %pp = offset %pb, %i2 : tile<8x128xptr<f32>>, tile<8x128xi32> -> tile<8x128xptr<f32>>
    %x, %tx = load_ptr_tko weak %pp : tile<8x128xptr<f32>> -> tile<8x128xf32>, token
    %m = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %r = maxf %e, %acc : tile<f32>
        yield %r : tile<f32>
      }
    %l8 = iota : tile<8xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb8 = broadcast %p1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %pp8 = offset %pb8, %l8 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t = store_ptr_tko weak %pp8, %m : tile<8xptr<f32>>, tile<8xf32> -> token
    return
  }

  // Two operands of different widths travel together; 64-bit values take
  // two shuffles, 16-bit ones one.
  // CHECK-LABEL: .entry argmax_rows(
  // CHECK: shfl.sync.bfly.b32
  entry @argmax_rows(%p: tile<ptr<i64>>, %q: tile<ptr<f16>>) {
    %x = constant <f16: 2.0> : tile<8x256xf16>
    %flat = iota : tile<2048xi64>
    %i = reshape %flat : tile<2048xi64> -> tile<8x256xi64>
    %v, %k = reduce %x, %i dim=1 identities=[0xFC00 : f16, 0 : i64] : tile<8x256xf16>, tile<8x256xi64> -> tile<8xf16>, tile<8xi64>
      (%a: tile<f16>, %aa: tile<f16>, %b: tile<i64>, %ba: tile<i64>) {
        %gt = cmpf greater_than ordered %a, %aa : tile<f16> -> tile<i1>
        %nv = select %gt, %a, %aa : tile<i1>, tile<f16>
        %ni = select %gt, %b, %ba : tile<i1>, tile<i64>
        yield %nv, %ni : tile<f16>, tile<i64>
      }
    %l8 = iota : tile<8xi32>
    %p1 = reshape %p : tile<ptr<i64>> -> tile<1xptr<i64>>
    %pb = broadcast %p1 : tile<1xptr<i64>> -> tile<8xptr<i64>>
    %pp = offset %pb, %l8 : tile<8xptr<i64>>, tile<8xi32> -> tile<8xptr<i64>>
    %t0 = store_ptr_tko weak %pp, %k : tile<8xptr<i64>>, tile<8xi64> -> token
    %q1 = reshape %q : tile<ptr<f16>> -> tile<1xptr<f16>>
    %qb = broadcast %q1 : tile<1xptr<f16>> -> tile<8xptr<f16>>
    %qq = offset %qb, %l8 : tile<8xptr<f16>>, tile<8xi32> -> tile<8xptr<f16>>
    %t1 = store_ptr_tko weak %qq, %v : tile<8xptr<f16>>, tile<8xf16> -> token
    return
  }
}
