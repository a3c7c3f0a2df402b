// itof from every integer width to the 16-bit and narrower float types.
// Sources wider than the target's native conversions (i64 and i32 to bf16,
// i64 to tf32 and the 8-bit formats) are rounded in integer code; an i64
// source is used as is there, not extended to itself (which was an invalid
// arith.extsi and failed on every architecture).
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_120 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_86 %s -o %t.86.ptx && %ptxas -arch=sm_86 %t.86.ptx -o %t.86.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s -o %t.89.ptx && %ptxas -arch=sm_89 %t.89.ptx -o %t.89.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 %s -o %t.100.ptx && %ptxas -arch=sm_100 %t.100.ptx -o %t.100.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_120 %s -o %t.120.ptx && %ptxas -arch=sm_120 %t.120.ptx -o %t.120.cubin %}

cuda_tile.module @m {
  // CHECK-LABEL: .entry itof_i64_bf16_signed(
  // CHECK: clz.b64
  // CHECK: st.b16
  entry @itof_i64_bf16_signed(%a: tile<ptr<i64>>, %o: tile<ptr<bf16>>) {
    %a1 = reshape %a : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ab = broadcast %a1 : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i64>> -> tile<4xi64>, token
    %b = itof %v signed : tile<4xi64> -> tile<4xbf16>
    %o1 = reshape %o : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %ob = broadcast %o1 : tile<1xptr<bf16>> -> tile<4xptr<bf16>>
    %op = offset %ob, %i : tile<4xptr<bf16>>, tile<4xi32> -> tile<4xptr<bf16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<bf16>>, tile<4xbf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i64_bf16_unsigned(
  // CHECK: clz.b64
  // CHECK: st.b16
  entry @itof_i64_bf16_unsigned(%a: tile<ptr<i64>>, %o: tile<ptr<bf16>>) {
    %a1 = reshape %a : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ab = broadcast %a1 : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i64>> -> tile<4xi64>, token
    %b = itof %v unsigned : tile<4xi64> -> tile<4xbf16>
    %o1 = reshape %o : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %ob = broadcast %o1 : tile<1xptr<bf16>> -> tile<4xptr<bf16>>
    %op = offset %ob, %i : tile<4xptr<bf16>>, tile<4xi32> -> tile<4xptr<bf16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<bf16>>, tile<4xbf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i32_bf16_signed(
  // CHECK: clz.b64
  // CHECK: st.b16
  entry @itof_i32_bf16_signed(%a: tile<ptr<i32>>, %o: tile<ptr<bf16>>) {
    %a1 = reshape %a : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ab = broadcast %a1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i32>> -> tile<4xi32>, token
    %b = itof %v signed : tile<4xi32> -> tile<4xbf16>
    %o1 = reshape %o : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %ob = broadcast %o1 : tile<1xptr<bf16>> -> tile<4xptr<bf16>>
    %op = offset %ob, %i : tile<4xptr<bf16>>, tile<4xi32> -> tile<4xptr<bf16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<bf16>>, tile<4xbf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i32_bf16_unsigned(
  // CHECK: clz.b64
  // CHECK: st.b16
  entry @itof_i32_bf16_unsigned(%a: tile<ptr<i32>>, %o: tile<ptr<bf16>>) {
    %a1 = reshape %a : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ab = broadcast %a1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i32>> -> tile<4xi32>, token
    %b = itof %v unsigned : tile<4xi32> -> tile<4xbf16>
    %o1 = reshape %o : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %ob = broadcast %o1 : tile<1xptr<bf16>> -> tile<4xptr<bf16>>
    %op = offset %ob, %i : tile<4xptr<bf16>>, tile<4xi32> -> tile<4xptr<bf16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<bf16>>, tile<4xbf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i16_bf16_signed(
  // sm_80 converts through f32 (exactly), sm_90 directly.
  // CHECK: cvt.rn.{{f32|bf16}}.s16
  // CHECK: st.b16
  entry @itof_i16_bf16_signed(%a: tile<ptr<i16>>, %o: tile<ptr<bf16>>) {
    %a1 = reshape %a : tile<ptr<i16>> -> tile<1xptr<i16>>
    %ab = broadcast %a1 : tile<1xptr<i16>> -> tile<4xptr<i16>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i16>>, tile<4xi32> -> tile<4xptr<i16>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i16>> -> tile<4xi16>, token
    %b = itof %v signed : tile<4xi16> -> tile<4xbf16>
    %o1 = reshape %o : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %ob = broadcast %o1 : tile<1xptr<bf16>> -> tile<4xptr<bf16>>
    %op = offset %ob, %i : tile<4xptr<bf16>>, tile<4xi32> -> tile<4xptr<bf16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<bf16>>, tile<4xbf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i8_bf16_unsigned(
  // CHECK: cvt.rn.{{f32|bf16}}.u16
  // CHECK: st.b16
  entry @itof_i8_bf16_unsigned(%a: tile<ptr<i8>>, %o: tile<ptr<bf16>>) {
    %a1 = reshape %a : tile<ptr<i8>> -> tile<1xptr<i8>>
    %ab = broadcast %a1 : tile<1xptr<i8>> -> tile<4xptr<i8>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i8>>, tile<4xi32> -> tile<4xptr<i8>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i8>> -> tile<4xi8>, token
    %b = itof %v unsigned : tile<4xi8> -> tile<4xbf16>
    %o1 = reshape %o : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %ob = broadcast %o1 : tile<1xptr<bf16>> -> tile<4xptr<bf16>>
    %op = offset %ob, %i : tile<4xptr<bf16>>, tile<4xi32> -> tile<4xptr<bf16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<bf16>>, tile<4xbf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i1_bf16_signed(
  // CHECK: st.b16
  entry @itof_i1_bf16_signed(%a: tile<ptr<i1>>, %o: tile<ptr<bf16>>) {
    %a1 = reshape %a : tile<ptr<i1>> -> tile<1xptr<i1>>
    %ab = broadcast %a1 : tile<1xptr<i1>> -> tile<4xptr<i1>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i1>>, tile<4xi32> -> tile<4xptr<i1>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i1>> -> tile<4xi1>, token
    %b = itof %v signed : tile<4xi1> -> tile<4xbf16>
    %o1 = reshape %o : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %ob = broadcast %o1 : tile<1xptr<bf16>> -> tile<4xptr<bf16>>
    %op = offset %ob, %i : tile<4xptr<bf16>>, tile<4xi32> -> tile<4xptr<bf16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<bf16>>, tile<4xbf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i64_f16_signed(
  // CHECK: cvt.rn.f16.s64
  // CHECK: st.b16
  entry @itof_i64_f16_signed(%a: tile<ptr<i64>>, %o: tile<ptr<f16>>) {
    %a1 = reshape %a : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ab = broadcast %a1 : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i64>> -> tile<4xi64>, token
    %b = itof %v signed : tile<4xi64> -> tile<4xf16>
    %o1 = reshape %o : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ob = broadcast %o1 : tile<1xptr<f16>> -> tile<4xptr<f16>>
    %op = offset %ob, %i : tile<4xptr<f16>>, tile<4xi32> -> tile<4xptr<f16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<f16>>, tile<4xf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i64_f16_unsigned(
  // CHECK: cvt.rn.f16.u64
  // CHECK: st.b16
  entry @itof_i64_f16_unsigned(%a: tile<ptr<i64>>, %o: tile<ptr<f16>>) {
    %a1 = reshape %a : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ab = broadcast %a1 : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i64>> -> tile<4xi64>, token
    %b = itof %v unsigned : tile<4xi64> -> tile<4xf16>
    %o1 = reshape %o : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ob = broadcast %o1 : tile<1xptr<f16>> -> tile<4xptr<f16>>
    %op = offset %ob, %i : tile<4xptr<f16>>, tile<4xi32> -> tile<4xptr<f16>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<f16>>, tile<4xf16> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i64_tf32_signed(
  // CHECK: clz.b64
  // CHECK: st.b32
  entry @itof_i64_tf32_signed(%a: tile<ptr<i64>>, %o: tile<ptr<tf32>>) {
    %a1 = reshape %a : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ab = broadcast %a1 : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i64>> -> tile<4xi64>, token
    %b = itof %v signed : tile<4xi64> -> tile<4xtf32>
    %o1 = reshape %o : tile<ptr<tf32>> -> tile<1xptr<tf32>>
    %ob = broadcast %o1 : tile<1xptr<tf32>> -> tile<4xptr<tf32>>
    %op = offset %ob, %i : tile<4xptr<tf32>>, tile<4xi32> -> tile<4xptr<tf32>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<tf32>>, tile<4xtf32> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i64_f8E4M3FN_unsigned(
  // CHECK: clz.b64
  // CHECK: st.b8
  entry @itof_i64_f8E4M3FN_unsigned(%a: tile<ptr<i64>>, %o: tile<ptr<f8E4M3FN>>) {
    %a1 = reshape %a : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ab = broadcast %a1 : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i64>> -> tile<4xi64>, token
    %b = itof %v unsigned : tile<4xi64> -> tile<4xf8E4M3FN>
    %o1 = reshape %o : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %ob = broadcast %o1 : tile<1xptr<f8E4M3FN>> -> tile<4xptr<f8E4M3FN>>
    %op = offset %ob, %i : tile<4xptr<f8E4M3FN>>, tile<4xi32> -> tile<4xptr<f8E4M3FN>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<f8E4M3FN>>, tile<4xf8E4M3FN> -> token
    return
  }
  // CHECK-LABEL: .entry itof_i64_f8E5M2_signed(
  // CHECK: clz.b64
  // CHECK: st.b8
  entry @itof_i64_f8E5M2_signed(%a: tile<ptr<i64>>, %o: tile<ptr<f8E5M2>>) {
    %a1 = reshape %a : tile<ptr<i64>> -> tile<1xptr<i64>>
    %ab = broadcast %a1 : tile<1xptr<i64>> -> tile<4xptr<i64>>
    %i = iota : tile<4xi32>
    %ap = offset %ab, %i : tile<4xptr<i64>>, tile<4xi32> -> tile<4xptr<i64>>
    %v, %t = load_ptr_tko weak %ap : tile<4xptr<i64>> -> tile<4xi64>, token
    %b = itof %v signed : tile<4xi64> -> tile<4xf8E5M2>
    %o1 = reshape %o : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %ob = broadcast %o1 : tile<1xptr<f8E5M2>> -> tile<4xptr<f8E5M2>>
    %op = offset %ob, %i : tile<4xptr<f8E5M2>>, tile<4xi32> -> tile<4xptr<f8E5M2>>
    %t2 = store_ptr_tko weak %op, %b : tile<4xptr<f8E5M2>>, tile<4xf8E5M2> -> token
    return
  }
}
