// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}

// Combiner bodies hold the ops the reference counts as pure, remi among
// them although it does not speculate (divi is refused): cuTile Python
// writes ct.reduce(x, -1, lambda a, b: (a + b) % m, 0) as addi then remi,
// and a scan may take a remainder too.

// CHECK-LABEL: .entry modular_sum(
// CHECK: rem.s32
cuda_tile.module @m {
  entry @modular_sum(%p: tile<ptr<i32>>, %m: tile<i32>) {
    %flat = iota : tile<256xi32>
    %x = reshape %flat : tile<256xi32> -> tile<4x64xi32>
    %s = reduce %x dim=1 identities=[0 : i32] : tile<4x64xi32> -> tile<4xi32>
      (%e: tile<i32>, %acc: tile<i32>) {
        %sum = addi %e, %acc : tile<i32>
        %r = remi %sum, %m signed : tile<i32>
        yield %r : tile<i32>
      }
    %i = iota : tile<4xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %pp = offset %pb, %i : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %t = store_ptr_tko weak %pp, %s : tile<4xptr<i32>>, tile<4xi32> -> token
    return
  }

  // CHECK-LABEL: .entry modular_scan(
  // CHECK: rem.u32
  entry @modular_scan(%p: tile<ptr<i32>>, %d: tile<i32>) {
    %x = iota : tile<128xi32>
    %s = scan %x dim=0 reverse=false identities=[1024 : i32] : tile<128xi32> -> tile<128xi32>
      (%e: tile<i32>, %acc: tile<i32>) {
        %h = remi %acc, %d unsigned : tile<i32>
        %r = addi %h, %e : tile<i32>
        yield %r : tile<i32>
      }
    %i = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %pp = offset %pb, %i : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t = store_ptr_tko weak %pp, %s : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
