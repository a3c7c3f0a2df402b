// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %cuda-tile-opt %s -cudatile-assign-layouts | FileCheck %s --check-prefix=LAYOUT
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.90a.ptx && %ptxas -arch=sm_90a %t.90a.ptx -o %t.90a.cubin %}

// Reductions of accumulators into the slices of their fragments, beyond
// attention's rows: columns (the warps then split the reduced rows, so the
// results meet in shared memory, into the slice), a batched accumulator,
// a two-operand reduction (argmax), an f16 accumulator, and slice tiles
// stored, indexed by iota and broadcast back.

// LAYOUT-LABEL: entry @columns
// LAYOUT: reduce {{.*}}#cuda_tile_codegen.slice<dim = 0, parent = <threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>
// REMARK: remark: passed: reduce as a tree: 2 register bit(s) folded per thread, 3 butterfly shuffle(s), 512 bytes through shared memory
// The batched max is stored (through a broadcast and a difference): its
// fold tracks the zero sign, an i32 beside each f32 in the exchange.
// REMARK: remark: passed: reduce as a tree: 2 register bit(s) folded per thread, 2 butterfly shuffle(s), 2048 bytes through shared memory
// REMARK: remark: passed: reduce as a tree: 3 register bit(s) folded per thread, 2 butterfly shuffle(s), 1024 bytes through shared memory
// REMARK: remark: passed: reduce as a tree: 3 register bit(s) folded per thread, 2 butterfly shuffle(s), 512 bytes through shared memory
// LAYOUT-LABEL: entry @batched
// LAYOUT: reduce {{.*}}#cuda_tile_codegen.slice<dim = 1, parent = <threads = 256, batch = 2, rows = 32, cols = 64, instr_rows = 16, instr_cols = 8>>
// LAYOUT-LABEL: entry @argmax
// LAYOUT: reduce {{.*}}[#cuda_tile_codegen.slice<dim = 1, parent = <threads = 128, rows = 64, cols = 64, instr_rows = 16, instr_cols = 8>>, #cuda_tile_codegen.slice<dim = 1
// LAYOUT-LABEL: entry @half
// LAYOUT: reduce {{.*}}#cuda_tile_codegen.slice<dim = 1
// LAYOUT-LABEL: entry @small_slice
// LAYOUT: reduce {{.*}}#cuda_tile_codegen.slice<dim = 1, parent = <threads = 128, rows = 16, cols = 32
// A slice tile is stored by its owners, the replicas whose replica bits
// are zero (argmax over 4 warps of 32x32: the lanes of a quad, bits 0-1,
// and the warp that splits the columns, bit 5).
// PTX-LABEL: .entry argmax(
// PTX: and.b32 [[OWN:%r[0-9]+]], %r{{[0-9]+}}, 35;
// PTX-NEXT: setp.ne.b32 [[SKIP:%p[0-9]+]], [[OWN]], 0;
// PTX-NEXT: @[[SKIP]] bra
// PTX: st.global.b32
// PTX-LABEL: .entry small_slice(
// PTX-NOT: shfl.sync.idx
// PTX: st.shared
// PTX-NOT: shfl.sync.idx
// PTX: ret;
cuda_tile.module @m {
  entry @columns(%a: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %av = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %ap[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %x, %x, %z : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %c = reduce %s dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %r = addf %e, %acc : tile<f32>
        yield %r : tile<f32>
      }
    %i = iota : tile<64xi32>
    %f = itof %i signed : tile<64xi32> -> tile<64xf32>
    %cf = addf %c, %f : tile<64xf32>
    %ov = make_tensor_view %o, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t2 = store_view_tko weak %cf, %op[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @batched(%a: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %av = make_tensor_view %a, shape = [2, 32, 64], strides = [2048, 64, 1] : tensor_view<2x32x64xf16, strides=[2048,64,1]>
    %ap = make_partition_view %av : partition_view<tile=(2x32x64), tensor_view<2x32x64xf16, strides=[2048,64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %ap[%c0, %c0, %c0] : partition_view<tile=(2x32x64), tensor_view<2x32x64xf16, strides=[2048,64,1]>>, tile<i32> -> tile<2x32x64xf16>, token
    %b = constant <f16: 1.0> : tile<2x64x64xf16>
    %z = constant <f32: 0.0> : tile<2x32x64xf32>
    %s = mmaf %x, %b, %z : tile<2x32x64xf16>, tile<2x64x64xf16>, tile<2x32x64xf32>
    %m = reduce %s dim=2 identities=[0xFF800000 : f32] : tile<2x32x64xf32> -> tile<2x32xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %r = maxf %e, %acc : tile<f32>
        yield %r : tile<f32>
      }
    %m3 = reshape %m : tile<2x32xf32> -> tile<2x32x1xf32>
    %mb = broadcast %m3 : tile<2x32x1xf32> -> tile<2x32x64xf32>
    %d = subf %s, %mb : tile<2x32x64xf32>
    %ov = make_tensor_view %o, shape = [2, 32, 64], strides = [2048, 64, 1] : tensor_view<2x32x64xf32, strides=[2048,64,1]>
    %op = make_partition_view %ov : partition_view<tile=(2x32x64), tensor_view<2x32x64xf32, strides=[2048,64,1]>>
    %t2 = store_view_tko weak %d, %op[%c0, %c0, %c0] : tile<2x32x64xf32>, partition_view<tile=(2x32x64), tensor_view<2x32x64xf32, strides=[2048,64,1]>>, tile<i32> -> token
    return
  }

  entry @argmax(%a: tile<ptr<f16>>, %o: tile<ptr<i32>>) {
    %av = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %ap[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %x, %x, %z : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %flat = iota : tile<4096xi32>
    %idx = reshape %flat : tile<4096xi32> -> tile<64x64xi32>
    %v, %k = reduce %s, %idx dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<64x64xf32>, tile<64x64xi32> -> tile<64xf32>, tile<64xi32>
      (%a0: tile<f32>, %a1: tile<f32>, %b0: tile<i32>, %b1: tile<i32>) {
        %gt = cmpf greater_than ordered %a0, %a1 : tile<f32> -> tile<i1>
        %nv = select %gt, %a0, %a1 : tile<i1>, tile<f32>
        %nk = select %gt, %b0, %b1 : tile<i1>, tile<i32>
        yield %nv, %nk : tile<f32>, tile<i32>
      }
    %ov = make_tensor_view %o, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t2 = store_view_tko weak %k, %op[%c0] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @half(%a: tile<ptr<f16>>, %o: tile<ptr<f16>>) {
    %av = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %ap[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f16: 0.0> : tile<64x64xf16>
    %s = mmaf %x, %x, %z : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf16>
    %m = reduce %s dim=1 identities=[0x7C00 : f16] : tile<64x64xf16> -> tile<64xf16>
      (%e: tile<f16>, %acc: tile<f16>) {
        %r = minf %e, %acc : tile<f16>
        yield %r : tile<f16>
      }
    %ov = make_tensor_view %o, shape = [64], strides = [1] : tensor_view<64xf16, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(64), tensor_view<64xf16, strides=[1]>>
    %t2 = store_view_tko weak %m, %op[%c0] : tile<64xf16>, partition_view<tile=(64), tensor_view<64xf16, strides=[1]>>, tile<i32> -> token
    return
  }

  // A slice of at most 32 elements is not the cyclic layout that every warp
  // holds whole: moving it elsewhere goes through shared memory, not lane
  // shuffles.
  entry @small_slice(%a: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %av = make_tensor_view %a, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %ap = make_partition_view %av : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %ap[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %b = constant <f16: 1.0> : tile<16x32xf16>
    %z = constant <f32: 0.0> : tile<16x32xf32>
    %s = mmaf %x, %b, %z : tile<16x16xf16>, tile<16x32xf16>, tile<16x32xf32>
    %r = reduce %s dim=1 identities=[0.0 : f32] : tile<16x32xf32> -> tile<16xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %v = addf %e, %acc : tile<f32>
        yield %v : tile<f32>
      }
    %r2 = reshape %r : tile<16xf32> -> tile<1x16xf32>
    %rb = broadcast %r2 : tile<1x16xf32> -> tile<16x16xf32>
    %ov = make_tensor_view %o, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %op = make_partition_view %ov : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %t2 = store_view_tko weak %rb, %op[%c0, %c0] : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
