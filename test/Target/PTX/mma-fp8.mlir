// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s -o %t.89.ptx && %ptxas -arch=sm_89 %t.89.ptx -o %t.89.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}

// fp8 (e4m3, e5m2) into f32 on the tensor cores of sm_89 and newer
// (m16n8k32, PTX 8.4). Without fast_acc each instruction sums its products
// from zero and an f32 add takes them into the accumulator (the native fp8
// accumulation is narrower than f32); with fast_acc the instruction
// accumulates. sm_80 has no fp8 tensor cores: the scalar path.

// CHECK: .version 8.{{[4-9]}}
// CHECK-LABEL: .entry promoted(
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: mov.b32 [[ZERO:%r[0-9]+]], 0;
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {[[D0:%r[0-9]+]], {{.*}}}, {{{.*}}}, {{{.*}}}, {[[ZERO]], [[ZERO]], [[ZERO]], [[ZERO]]};
// CHECK: add.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[D0]];
// CHECK-COUNT-3: add.rn.f32
// CHECK: mov.b32 [[ZERO5:%r[0-9]+]], 0;
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 {{{.*}}}, {{{.*}}}, {{{.*}}}, {[[ZERO5]], [[ZERO5]], [[ZERO5]], [[ZERO5]]};
// CHECK-COUNT-4: add.rn.f32
// CHECK-LABEL: .entry fast(
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {[[D0:%r[0-9]+]], [[D1:%r[0-9]+]], [[D2:%r[0-9]+]], [[D3:%r[0-9]+]]}, {{{.*}}}, {{{.*}}}, {[[D0]], [[D1]], [[D2]], [[D3]]};
// CHECK-NOT: add.rn.f32
// SM80-LABEL: .entry promoted(
// SM80-NOT: mma.sync
// SM80: fma.rn.f32
// SM80-LABEL: .entry fast(
// SM80-NOT: mma.sync
cuda_tile.module @m {
  entry @promoted(%p: tile<ptr<f32>>) {
    %a = constant <f8E4M3FN: 1.0> : tile<16x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<32x8xf8E4M3FN>
    %c = constant <f32: 0.5> : tile<16x8xf32>
    %r = mmaf %a, %b, %c : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
    %a5 = constant <f8E5M2: 1.0> : tile<16x32xf8E5M2>
    %b5 = constant <f8E5M2: 2.0> : tile<32x8xf8E5M2>
    %r5 = mmaf %a5, %b5, %r : tile<16x32xf8E5M2>, tile<32x8xf8E5M2>, tile<16x8xf32>
    %e = reshape %r5 : tile<16x8xf32> -> tile<128xf32>
    %l = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %l : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t = store_ptr_tko weak %pp, %e : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @fast(%p: tile<ptr<f32>>) {
    %a = constant <f8E4M3FN: 1.0> : tile<16x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<32x8xf8E4M3FN>
    %c = constant <f32: 0.5> : tile<16x8xf32>
    %r = mmaf %a, %b, %c fast_acc : tile<16x32xf8E4M3FN>, tile<32x8xf8E4M3FN>, tile<16x8xf32>
    %e = reshape %r : tile<16x8xf32> -> tile<128xf32>
    %l = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pp = offset %pb, %l : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t = store_ptr_tko weak %pp, %e : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
