// f8E5M3FNU through ftof: every one of the 256 bit patterns widened to f32
// and checked against the format's definition (computed from the bit layout
// by Inputs/f8e5m3fnu_check.py), then narrowed back to the same bits (0xFF,
// the NaN, included); f32 values between representable ones round to
// nearest even, past 114688 to NaN; negative inputs stop the run.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy_check.py make %t/bits.npy '|u1' 256 iota:0:1
// RUN: cuda-tile-run %s --entry widen --grid 1 --arg @%t/bits.npy --arg zeros:f32:256 --arg zeros:f8E5M3FNU:256 --out-dir %t/out
// RUN: %python %S/Inputs/f8e5m3fnu_check.py widen %t/out/arg1.npy %t/out/arg2.npy | FileCheck %s --check-prefix=WIDEN
// WIDEN: 256 values match the f8E5M3FNU definition
// WIDEN: 256 bit patterns narrow back to themselves
// RUN: %python %S/Inputs/f8e5m3fnu_check.py make-narrow %t/narrow.npy
// RUN: cuda-tile-run %s --entry narrow --grid 1 --arg @%t/narrow.npy --arg zeros:f8E5M3FNU:1024 --out-dir %t/narrowed
// RUN: %python %S/Inputs/f8e5m3fnu_check.py narrow %t/narrow.npy %t/narrowed/arg1.npy | FileCheck %s --check-prefix=NARROW
// NARROW: 1024 roundings match
// RUN: not cuda-tile-run %s --entry negative --grid 1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: ftof in tile block (0, 0, 0): element [1] is negative, which f8E5M3FNU cannot represent (undefined)

cuda_tile.module @f8 {
  entry @widen(%in0: tile<ptr<f8E5M3FNU>>, %out0: tile<ptr<f32>>, %back0: tile<ptr<f8E5M3FNU>>) {
    %off = iota : tile<256xi32>
    %in1 = reshape %in0 : tile<ptr<f8E5M3FNU>> -> tile<1xptr<f8E5M3FNU>>
    %in2 = broadcast %in1 : tile<1xptr<f8E5M3FNU>> -> tile<256xptr<f8E5M3FNU>>
    %in = offset %in2, %off : tile<256xptr<f8E5M3FNU>>, tile<256xi32> -> tile<256xptr<f8E5M3FNU>>
    %x, %t = load_ptr_tko weak %in : tile<256xptr<f8E5M3FNU>> -> tile<256xf8E5M3FNU>, token
    %f = ftof %x : tile<256xf8E5M3FNU> -> tile<256xf32>
    %out1 = reshape %out0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %out2 = broadcast %out1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %out = offset %out2, %off : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %t1 = store_ptr_tko weak %out, %f : tile<256xptr<f32>>, tile<256xf32> -> token
    %b = ftof %f : tile<256xf32> -> tile<256xf8E5M3FNU>
    %back1 = reshape %back0 : tile<ptr<f8E5M3FNU>> -> tile<1xptr<f8E5M3FNU>>
    %back2 = broadcast %back1 : tile<1xptr<f8E5M3FNU>> -> tile<256xptr<f8E5M3FNU>>
    %back = offset %back2, %off : tile<256xptr<f8E5M3FNU>>, tile<256xi32> -> tile<256xptr<f8E5M3FNU>>
    %t2 = store_ptr_tko weak %back, %b : tile<256xptr<f8E5M3FNU>>, tile<256xf8E5M3FNU> -> token
    return
  }

  entry @narrow(%in0: tile<ptr<f32>>, %out0: tile<ptr<f8E5M3FNU>>) {
    %off = iota : tile<1024xi32>
    %in1 = reshape %in0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %in2 = broadcast %in1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %in = offset %in2, %off : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %x, %t = load_ptr_tko weak %in : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %n = ftof %x : tile<1024xf32> -> tile<1024xf8E5M3FNU>
    %out1 = reshape %out0 : tile<ptr<f8E5M3FNU>> -> tile<1xptr<f8E5M3FNU>>
    %out2 = broadcast %out1 : tile<1xptr<f8E5M3FNU>> -> tile<1024xptr<f8E5M3FNU>>
    %out = offset %out2, %off : tile<1024xptr<f8E5M3FNU>>, tile<1024xi32> -> tile<1024xptr<f8E5M3FNU>>
    %t1 = store_ptr_tko weak %out, %n : tile<1024xptr<f8E5M3FNU>>, tile<1024xf8E5M3FNU> -> token
    return
  }

  entry @negative() {
    %x = constant <f32: [1.0, -2.0]> : tile<2xf32>
    %n = ftof %x : tile<2xf32> -> tile<2xf8E5M3FNU>
    return
  }
}
