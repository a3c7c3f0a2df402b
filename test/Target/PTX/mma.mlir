// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_120 %s | FileCheck %s --check-prefixes=CHECK,SM120
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}

// Tensor-core instructions where a warp-level mma.sync shape fits the
// element types and the tile shape; a scalar fma loop otherwise (f32 x f32,
// fp8 inputs before sm_89; see mma-fp8.mlir). Block-scaled mmaf_scaled runs
// as a bf16 matmul of its scaled operands (-cudatile-expand-scaled-matmuls).

// CHECK-LABEL: .entry f16_f32(
// Staged in the scratch buffer, which is only 16-byte aligned: the second
// k16 step's chunk of A gets a register of its own (an XOR of the first
// could flip bits of the buffer's address), B's next rows are an immediate.
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, {{\[}}[[A0:%r[0-9]+]]];
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B0:%r[0-9]+]]];
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: xor.b32 %r{{[0-9]+}}, [[A0]],
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%r{{[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{.*}}, {{\[}}[[B0]]+512];
// Operands come from shared memory through ldmatrix (A; B of 16-bit types
// transposed by .trans); ldmatrix moves 16-bit values, so tf32 and i8 B
// fragments (k-major pairs or quads of 32- and 8-bit values) and f64 use
// scalar shared loads.
// CHECK-LABEL: .entry others(
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%r{{[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: ldmatrix
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: ldmatrix
// CHECK: mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32
// CHECK-NOT: ldmatrix
// CHECK: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK-LABEL: .entry fallback(
// SM80-NOT: mma.sync
// CHECK: fma.rn.f32
// SM120: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// mmaf_scaled: a bf16 matmul of the scaled operands.
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-NOT: fma.rn.f32
// Operands larger than the scratch buffer are staged K chunk by K chunk in
// a loop: an ldmatrix address there depends on the chunk, not on the thread
// id alone, so each is its own register (no immediate offset).
// CHECK-LABEL: .entry chunked(
// CHECK: bar.sync 0;
// CHECK-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{.*}}, [%r{{[0-9]+}}];
cuda_tile.module @m {
  entry @f16_f32(%p: tile<ptr<f32>>) {
    %a = constant <f16: 1.0> : tile<32x32xf16>
    %b = constant <f16: 2.0> : tile<32x16xf16>
    %c = constant <f32: 0.0> : tile<32x16xf32>
    %r = mmaf %a, %b, %c : tile<32x32xf16>, tile<32x16xf16>, tile<32x16xf32>
    %e = reshape %r : tile<32x16xf32> -> tile<512xf32>
    %l = iota : tile<512xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %pp = offset %pb, %l : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %t = store_ptr_tko weak %pp, %e : tile<512xptr<f32>>, tile<512xf32> -> token
    return
  }

  entry @others(%p: tile<ptr<f16>>, %q: tile<ptr<f32>>, %r: tile<ptr<i32>>, %s: tile<ptr<f64>>) {
    %h = constant <f16: 1.0> : tile<16x16xf16>
    %h8 = constant <f16: 1.0> : tile<16x8xf16>
    %hc = constant <f16: 0.0> : tile<16x8xf16>
    %r0 = mmaf %h, %h8, %hc : tile<16x16xf16>, tile<16x8xf16>, tile<16x8xf16>
    %bf = constant <bf16: 1.0> : tile<16x16xbf16>
    %bf8 = constant <bf16: 1.0> : tile<16x8xbf16>
    %fc = constant <f32: 0.0> : tile<16x8xf32>
    %r1 = mmaf %bf, %bf8, %fc : tile<16x16xbf16>, tile<16x8xbf16>, tile<16x8xf32>
    %tf = constant <tf32: 1.0> : tile<16x8xtf32>
    %tf8 = constant <tf32: 1.0> : tile<8x8xtf32>
    %r2 = mmaf %tf, %tf8, %fc : tile<16x8xtf32>, tile<8x8xtf32>, tile<16x8xf32>
    %i = constant <i8: 1> : tile<16x32xi8>
    %i8 = constant <i8: 1> : tile<32x8xi8>
    %ic = constant <i32: 0> : tile<16x8xi32>
    %r3 = mmai %i, %i8, %ic unsigned signed : tile<16x32xi8>, tile<32x8xi8>, tile<16x8xi32>
    %d = constant <f64: 1.0> : tile<8x4xf64>
    %d8 = constant <f64: 1.0> : tile<4x8xf64>
    %dc = constant <f64: 0.0> : tile<8x8xf64>
    %r4 = mmaf %d, %d8, %dc : tile<8x4xf64>, tile<4x8xf64>, tile<8x8xf64>
    %l = iota : tile<128xi32>
    %e0 = reshape %r0 : tile<16x8xf16> -> tile<128xf16>
    %p1 = reshape %p : tile<ptr<f16>> -> tile<1xptr<f16>>
    %pb = broadcast %p1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %pp = offset %pb, %l : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %t0 = store_ptr_tko weak %pp, %e0 : tile<128xptr<f16>>, tile<128xf16> -> token
    %s12 = addf %r1, %r2 : tile<16x8xf32>
    %e1 = reshape %s12 : tile<16x8xf32> -> tile<128xf32>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %qp = offset %qb, %l : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t1 = store_ptr_tko weak %qp, %e1 : tile<128xptr<f32>>, tile<128xf32> -> token
    %e3 = reshape %r3 : tile<16x8xi32> -> tile<128xi32>
    %r1p = reshape %r : tile<ptr<i32>> -> tile<1xptr<i32>>
    %rb = broadcast %r1p : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %rp = offset %rb, %l : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t2 = store_ptr_tko weak %rp, %e3 : tile<128xptr<i32>>, tile<128xi32> -> token
    %e4 = reshape %r4 : tile<8x8xf64> -> tile<64xf64>
    %l64 = iota : tile<64xi32>
    %s1 = reshape %s : tile<ptr<f64>> -> tile<1xptr<f64>>
    %sb = broadcast %s1 : tile<1xptr<f64>> -> tile<64xptr<f64>>
    %sp = offset %sb, %l64 : tile<64xptr<f64>>, tile<64xi32> -> tile<64xptr<f64>>
    %t3 = store_ptr_tko weak %sp, %e4 : tile<64xptr<f64>>, tile<64xf64> -> token
    return
  }

  // f32 x f32 keeps full precision (no tensor cores): an fma loop over K.
  // f8 operands are decoded to f32 in software (any target).
  // Block-scaled: a bf16 matmul of the operands times their scales.
  entry @fallback(%p: tile<ptr<f32>>) {
    %a = constant <f32: 1.0> : tile<16x16xf32>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %r = mmaf %a, %a, %c : tile<16x16xf32>, tile<16x16xf32>, tile<16x16xf32>
    %e = constant <f8E4M3FN: 1.0> : tile<16x32xf8E4M3FN>
    %f = constant <f8E4M3FN: 1.0> : tile<32x16xf8E4M3FN>
    %r2 = mmaf %e, %f, %r : tile<16x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<16x16xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<16x1xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<1x16xf8E8M0FNU>
    %r3 = mmaf_scaled %e, %f, %r2, %sa, %sb : tile<16x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<16x16xf32>, tile<16x1xf8E8M0FNU>, tile<1x16xf8E8M0FNU>
    %x = reshape %r3 : tile<16x16xf32> -> tile<256xf32>
    %l = iota : tile<256xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %pp = offset %pb, %l : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %t = store_ptr_tko weak %pp, %x : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }

  entry @chunked(%p: tile<ptr<f32>>) {
    %a = constant <f16: 1.0> : tile<64x512xf16>
    %b = constant <f16: 1.0> : tile<512x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %a, %b, %c : tile<64x512xf16>, tile<512x64xf16>, tile<64x64xf32>
    %e = reshape %r : tile<64x64xf32> -> tile<4096xf32>
    %l = iota : tile<4096xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %pp = offset %pb, %l : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %t = store_ptr_tko weak %pp, %e : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
}
