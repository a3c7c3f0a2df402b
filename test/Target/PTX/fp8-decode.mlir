// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s | FileCheck %s --check-prefix=SM89
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_89 %s -o %t.89.ptx && %ptxas -arch=sm_89 %t.89.ptx -o %t.89.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s -o %t.90a.ptx && %ptxas -arch=sm_90a %t.90a.ptx -o %t.90a.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_120 %s -o %t.120.ptx && %ptxas -arch=sm_120 %t.120.ptx -o %t.120.cubin %}

// e4m3 and e5m2 values decode exactly to f16: from sm_89 one cvt takes two
// lanes (a lone lane is paired with itself), then f16 -> f32; sm_80 decodes
// the bits with integer arithmetic. The instruction needs PTX 8.1 on sm_89.

// SM89: .version 8.1

// SM89-LABEL: .entry decode_tile(
// SM89: cvt.rn.f16x2.e4m3x2
// SM89: cvt.f32.f16
// SM89-NOT: cvt.rn.f16x2.e5m2x2
// SM89: ret;
// SM80-LABEL: .entry decode_tile(
// SM80-NOT: cvt.rn.f16x2
// SM80: ret;
cuda_tile.module @m {
  entry @decode_tile(%p: tile<ptr<f8E4M3FN>>, %q: tile<ptr<f32>>) {
    %p1 = reshape %p : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %pb = broadcast %p1 : tile<1xptr<f8E4M3FN>> -> tile<1024xptr<f8E4M3FN>>
    %i = iota : tile<1024xi32>
    %pp = offset %pb, %i : tile<1024xptr<f8E4M3FN>>, tile<1024xi32> -> tile<1024xptr<f8E4M3FN>>
    %x, %t0 = load_ptr_tko weak %pp : tile<1024xptr<f8E4M3FN>> -> tile<1024xf8E4M3FN>, token
    %y = ftof %x : tile<1024xf8E4M3FN> -> tile<1024xf32>
    %q1 = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %qq = offset %qb, %i : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %t1 = store_ptr_tko weak %qq, %y : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }

// SM89-LABEL: .entry decode_one(
// SM89: cvt.rn.f16x2.e5m2x2
// SM89: cvt.f32.f16
// SM89: ret;
// SM80-LABEL: .entry decode_one(
// SM80-NOT: cvt.rn.f16x2
// SM80: ret;
  entry @decode_one(%p: tile<ptr<f8E5M2>>, %q: tile<ptr<f32>>) {
    %x, %t0 = load_ptr_tko weak %p : tile<ptr<f8E5M2>> -> tile<f8E5M2>, token
    %y = ftof %x : tile<f8E5M2> -> tile<f32>
    %t1 = store_ptr_tko weak %q, %y : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
