// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 %s | FileCheck %s --check-prefixes=CHECK,SM100
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_86 %s | FileCheck %s --check-prefix=SM86
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s | FileCheck %s --check-prefix=SM89
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_120 %s | FileCheck %s --check-prefix=SM120
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 --num-warps=8 %s | FileCheck %s --check-prefix=WARPS
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 -O0 %s | FileCheck %s --check-prefix=O0
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_86 %s -o %t.86.ptx && %ptxas -arch=sm_86 %t.86.ptx -o %t.86.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s -o %t.89.ptx && %ptxas -arch=sm_89 %t.89.ptx -o %t.89.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 %s -o %t.100.ptx && %ptxas -arch=sm_100 %t.100.ptx -o %t.100.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_120 %s -o %t.120.ptx && %ptxas -arch=sm_120 %t.120.ptx -o %t.120.cubin %}

// The kernel ABI: one .entry per entry, named like it; a pointer argument is
// one .u64 parameter, a scalar tile one parameter of its element type; the
// CTA size is fixed by .reqntid (4 warps by default here); tile block
// coordinates are %ctaid.

// SM80: .version 7.0
// SM80: .target sm_80
// SM86: .version 7.1
// SM86: .target sm_86
// SM89: .version 7.8
// SM89: .target sm_89
// SM90: .version 7.8
// SM90: .target sm_90
// SM100: .version 8.6
// SM100: .target sm_100
// SM120: .version 8.7
// SM120: .target sm_120
// CHECK: .address_size 64
// CHECK-LABEL: .visible .entry vadd(
// CHECK-NEXT: .param .u64 .ptr .align 1 vadd_param_0,
// CHECK-NEXT: .param .u64 {{.*}}vadd_param_1,
// CHECK-NEXT: .param .u64 {{.*}}vadd_param_2,
// CHECK-NEXT: .param .u32 {{.*}}vadd_param_3
// CHECK-NEXT: )
// CHECK-NEXT: .reqntid 128, 1, 1
// CHECK-DAG: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// CHECK-DAG: mov.u32 %r{{[0-9]+}}, %tid.x;
// Pointers are generic (a pointer tile may point into shared memory).
// CHECK: ld.b32
// CHECK: ld.b32
// CHECK: add.rn.f32
// CHECK: st.b32
// CHECK: ret;
// WARPS: .reqntid 256, 1, 1
// O0: .visible .entry vadd(
// O0: .reqntid 128, 1, 1
// O0: ret;
cuda_tile.module @m {
  entry @vadd(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ts = constant <i32: 128> : tile<i32>
    %base = muli %bx, %ts : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<128xi32>
    %l = iota : tile<128xi32>
    %idx = addi %baseb, %l : tile<128xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %m = cmpi less_than %idx, %nb, signed : tile<128xi32> -> tile<128xi1>
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ab = broadcast %a1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %ap = offset %ab, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %b1 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %b1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %bp = offset %bb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %c1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cb = broadcast %c1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %cp = offset %cb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %z = constant <f32: 0.0> : tile<128xf32>
    %x, %t0 = load_ptr_tko weak %ap, %m, %z : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %y, %t1 = load_ptr_tko weak %bp, %m, %z : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %s = addf %x, %y : tile<128xf32>
    %t2 = store_ptr_tko weak %cp, %s, %m : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    return
  }
}
