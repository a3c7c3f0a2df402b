// Kernels of utils/gpu-check.py (generated once from a template; edit
// freely). Each GPU-CHECK line is one case: entry, grid, tolerance and the
// arguments in cuda-tile-run syntax (gen:TYPE:COUNT:DIST makes an input).
// Matrix multiply-accumulate for every type combination; mma_chunked stages
// K in chunks (a loop of K steps each), mma_one_tile has fewer output tiles
// than warps.
// GPU-CHECK: mma_f16_f32 grid=1 tol=rel=1e-5,abs=1e-4 args gen:f16:4096:u(-1,1) gen:f16:4096:u(-1,1) gen:f32:4096:u(-1,1) zeros:f32:4096
// GPU-CHECK: mma_chunked grid=1 tol=rel=1e-4,abs=1e-3 args gen:f16:32768:u(-1,1) gen:f16:32768:u(-1,1) gen:f32:4096:u(-1,1) zeros:f32:4096
// GPU-CHECK: mma_one_tile grid=1 tol=rel=1e-5,abs=1e-4 args gen:f16:512:u(-1,1) gen:f16:256:u(-1,1) gen:f32:128:u(-1,1) zeros:f32:128
// GPU-CHECK: mma_f16_f16 grid=1 tol=rel=1e-2,abs=2e-2 args gen:f16:2048:u(-1,1) gen:f16:2048:u(-1,1) gen:f16:1024:u(-1,1) zeros:f16:1024
// GPU-CHECK: mma_bf16 grid=1 tol=rel=1e-5,abs=1e-4 args gen:bf16:2048:u(-1,1) gen:bf16:1024:u(-1,1) gen:f32:2048:u(-1,1) zeros:f32:2048
// GPU-CHECK: mma_tf32 grid=1 tol=rel=1e-5,abs=1e-4 args gen:tf32:1024:u(-1,1) gen:tf32:1024:u(-1,1) gen:f32:1024:u(-1,1) zeros:f32:1024
// GPU-CHECK: mma_f32 grid=1 tol=rel=1e-5,abs=1e-4 args gen:f32:2048:u(-1,1) gen:f32:2048:u(-1,1) gen:f32:256:u(-1,1) zeros:f32:256
// GPU-CHECK: mma_f64 grid=1 tol=rel=1e-14,abs=1e-14 args gen:f64:2048:u(-1,1) gen:f64:1024:u(-1,1) gen:f64:512:u(-1,1) zeros:f64:512
// GPU-CHECK: mma_e4m3 grid=1 tol=rel=1e-3,abs=1e-3 args gen:f8E4M3FN:2048:i(0,110) gen:f8E4M3FN:2048:i(0,110) gen:f32:1024:u(-1,1) zeros:f32:1024
// GPU-CHECK: mma_e5m2_f16 grid=1 tol=rel=1e-2,abs=2e-2 args gen:f8E5M2:1024:i(0,90) gen:f8E5M2:1024:i(0,90) gen:f16:1024:u(-1,1) zeros:f16:1024
// GPU-CHECK: mma_batched grid=1 tol=rel=1e-5,abs=1e-4 args gen:f16:2048:u(-1,1) gen:f16:4096:u(-1,1) gen:f32:2048:u(-1,1) zeros:f32:2048
// GPU-CHECK: mma_small grid=1 tol=rel=1e-5,abs=1e-4 args gen:f32:16:u(-1,1) gen:f32:32:u(-1,1) gen:f32:8:u(-1,1) zeros:f32:8
// GPU-CHECK: mma_fast_acc grid=1 tol=rel=1e-3,abs=1e-3 args gen:f8E4M3FN:2048:i(0,110) gen:f8E4M3FN:2048:i(0,110) gen:f32:4096:u(-1,1) zeros:f32:4096
// GPU-CHECK: mma_large_k grid=1 tol=rel=1e-4,abs=1e-3 args gen:f32:16384:u(-1,1) gen:f32:16384:u(-1,1) gen:f32:4096:u(-1,1) zeros:f32:4096
// GPU-CHECK: mmai_s_s grid=1 tol=exact args gen:i8:2048:bits gen:i8:2048:bits gen:i32:1024:bits zeros:i32:1024
// GPU-CHECK: mmai_s_u grid=1 tol=exact args gen:i8:2048:bits gen:i8:2048:bits gen:i32:1024:bits zeros:i32:1024
// GPU-CHECK: mmai_u_s grid=1 tol=exact args gen:i8:2048:bits gen:i8:2048:bits gen:i32:1024:bits zeros:i32:1024
// GPU-CHECK: mmai_u_u grid=1 tol=exact args gen:i8:2048:bits gen:i8:2048:bits gen:i32:1024:bits zeros:i32:1024
// GPU-CHECK: mmai_batched grid=1 tol=exact args gen:i8:256:bits gen:i8:256:bits gen:i32:128:bits zeros:i32:128
// GPU-CHECK: mma_scaled_e4m3 grid=1 tol=rel=1e-5,abs=1e-4 args gen:f8E4M3FN:2048:i(0,110) gen:f8E4M3FN:2048:i(0,110) gen:f8E8M0FNU:64:i(120,134) gen:f8E8M0FNU:64:i(120,134) gen:f32:1024:u(-1,1) zeros:f32:1024
// GPU-CHECK: mma_scaled_e5m2 grid=1 tol=rel=1e-5,abs=1e-4 args gen:f8E5M2:1024:i(0,90) gen:f8E5M2:1024:i(0,90) gen:f8E8M0FNU:32:i(120,134) gen:f8E8M0FNU:32:i(120,134) gen:f32:256:u(-1,1) zeros:f32:256
// GPU-CHECK: mma_scaled_f4 grid=1 tol=rel=1e-5,abs=1e-4 args gen:f32:1024:u(-6,6) gen:f32:2048:u(-6,6) gen:f8E4M3FN:64:i(40,60) gen:f8E4M3FN:128:i(40,60) gen:f32:512:u(-1,1) zeros:f32:512
// GPU-CHECK: mma_loop_reduce grid=1 tol=rel=1e-5,abs=1e-4 args gen:f16:8192:u(-1,1) gen:f16:8192:u(-1,1) zeros:f32:4096 zeros:f32:64 zeros:f32:64
cuda_tile.module @mma {
  entry @mma_f16_f32(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v2 = broadcast %v1 : tile<1xptr<f16>> -> tile<4096xptr<f16>>
    %v3 = iota : tile<4096xi32>
    %v4 = constant <i32: 0> : tile<4096xi32>
    %v5 = addi %v3, %v4 : tile<4096xi32>
    %v6 = offset %v2, %v5 : tile<4096xptr<f16>>, tile<4096xi32> -> tile<4096xptr<f16>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<4096xptr<f16>> -> tile<4096xf16>, token
    %v9 = reshape %ld7 : tile<4096xf16> -> tile<64x64xf16>
    %v10 = reshape %b : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v11 = broadcast %v10 : tile<1xptr<f16>> -> tile<4096xptr<f16>>
    %v12 = iota : tile<4096xi32>
    %v13 = constant <i32: 0> : tile<4096xi32>
    %v14 = addi %v12, %v13 : tile<4096xi32>
    %v15 = offset %v11, %v14 : tile<4096xptr<f16>>, tile<4096xi32> -> tile<4096xptr<f16>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<4096xptr<f16>> -> tile<4096xf16>, token
    %v18 = reshape %ld16 : tile<4096xf16> -> tile<64x64xf16>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v21 = iota : tile<4096xi32>
    %v22 = constant <i32: 0> : tile<4096xi32>
    %v23 = addi %v21, %v22 : tile<4096xi32>
    %v24 = offset %v20, %v23 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<4096xptr<f32>> -> tile<4096xf32>, token
    %v27 = reshape %ld25 : tile<4096xf32> -> tile<64x64xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %v29 = reshape %v28 : tile<64x64xf32> -> tile<4096xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v32 = iota : tile<4096xi32>
    %v33 = constant <i32: 0> : tile<4096xi32>
    %v34 = addi %v32, %v33 : tile<4096xi32>
    %v35 = offset %v31, %v34 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
  entry @mma_chunked(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v2 = broadcast %v1 : tile<1xptr<f16>> -> tile<32768xptr<f16>>
    %v3 = iota : tile<32768xi32>
    %v4 = constant <i32: 0> : tile<32768xi32>
    %v5 = addi %v3, %v4 : tile<32768xi32>
    %v6 = offset %v2, %v5 : tile<32768xptr<f16>>, tile<32768xi32> -> tile<32768xptr<f16>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<32768xptr<f16>> -> tile<32768xf16>, token
    %v9 = reshape %ld7 : tile<32768xf16> -> tile<64x512xf16>
    %v10 = reshape %b : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v11 = broadcast %v10 : tile<1xptr<f16>> -> tile<32768xptr<f16>>
    %v12 = iota : tile<32768xi32>
    %v13 = constant <i32: 0> : tile<32768xi32>
    %v14 = addi %v12, %v13 : tile<32768xi32>
    %v15 = offset %v11, %v14 : tile<32768xptr<f16>>, tile<32768xi32> -> tile<32768xptr<f16>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<32768xptr<f16>> -> tile<32768xf16>, token
    %v18 = reshape %ld16 : tile<32768xf16> -> tile<512x64xf16>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v21 = iota : tile<4096xi32>
    %v22 = constant <i32: 0> : tile<4096xi32>
    %v23 = addi %v21, %v22 : tile<4096xi32>
    %v24 = offset %v20, %v23 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<4096xptr<f32>> -> tile<4096xf32>, token
    %v27 = reshape %ld25 : tile<4096xf32> -> tile<64x64xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<64x512xf16>, tile<512x64xf16>, tile<64x64xf32>
    %v29 = reshape %v28 : tile<64x64xf32> -> tile<4096xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v32 = iota : tile<4096xi32>
    %v33 = constant <i32: 0> : tile<4096xi32>
    %v34 = addi %v32, %v33 : tile<4096xi32>
    %v35 = offset %v31, %v34 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
  entry @mma_one_tile(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v2 = broadcast %v1 : tile<1xptr<f16>> -> tile<512xptr<f16>>
    %v3 = iota : tile<512xi32>
    %v4 = constant <i32: 0> : tile<512xi32>
    %v5 = addi %v3, %v4 : tile<512xi32>
    %v6 = offset %v2, %v5 : tile<512xptr<f16>>, tile<512xi32> -> tile<512xptr<f16>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<512xptr<f16>> -> tile<512xf16>, token
    %v9 = reshape %ld7 : tile<512xf16> -> tile<16x32xf16>
    %v10 = reshape %b : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v11 = broadcast %v10 : tile<1xptr<f16>> -> tile<256xptr<f16>>
    %v12 = iota : tile<256xi32>
    %v13 = constant <i32: 0> : tile<256xi32>
    %v14 = addi %v12, %v13 : tile<256xi32>
    %v15 = offset %v11, %v14 : tile<256xptr<f16>>, tile<256xi32> -> tile<256xptr<f16>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<256xptr<f16>> -> tile<256xf16>, token
    %v18 = reshape %ld16 : tile<256xf16> -> tile<32x8xf16>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %v21 = iota : tile<128xi32>
    %v22 = constant <i32: 0> : tile<128xi32>
    %v23 = addi %v21, %v22 : tile<128xi32>
    %v24 = offset %v20, %v23 : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<128xptr<f32>> -> tile<128xf32>, token
    %v27 = reshape %ld25 : tile<128xf32> -> tile<16x8xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<16x32xf16>, tile<32x8xf16>, tile<16x8xf32>
    %v29 = reshape %v28 : tile<16x8xf32> -> tile<128xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %v32 = iota : tile<128xi32>
    %v33 = constant <i32: 0> : tile<128xi32>
    %v34 = addi %v32, %v33 : tile<128xi32>
    %v35 = offset %v31, %v34 : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @mma_f16_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %o: tile<ptr<f16>>) {
    %v1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v2 = broadcast %v1 : tile<1xptr<f16>> -> tile<2048xptr<f16>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<f16>>, tile<2048xi32> -> tile<2048xptr<f16>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<f16>> -> tile<2048xf16>, token
    %v9 = reshape %ld7 : tile<2048xf16> -> tile<32x64xf16>
    %v10 = reshape %b : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v11 = broadcast %v10 : tile<1xptr<f16>> -> tile<2048xptr<f16>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<f16>>, tile<2048xi32> -> tile<2048xptr<f16>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<f16>> -> tile<2048xf16>, token
    %v18 = reshape %ld16 : tile<2048xf16> -> tile<64x32xf16>
    %v19 = reshape %c : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v20 = broadcast %v19 : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<f16>> -> tile<1024xf16>, token
    %v27 = reshape %ld25 : tile<1024xf16> -> tile<32x32xf16>
    %v28 = mmaf %v9, %v18, %v27 : tile<32x64xf16>, tile<64x32xf16>, tile<32x32xf16>
    %v29 = reshape %v28 : tile<32x32xf16> -> tile<1024xf16>
    %v30 = reshape %o : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v31 = broadcast %v30 : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<f16>>, tile<1024xf16> -> token
    return
  }
  entry @mma_bf16(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %v2 = broadcast %v1 : tile<1xptr<bf16>> -> tile<2048xptr<bf16>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<bf16>>, tile<2048xi32> -> tile<2048xptr<bf16>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<bf16>> -> tile<2048xbf16>, token
    %v9 = reshape %ld7 : tile<2048xbf16> -> tile<64x32xbf16>
    %v10 = reshape %b : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %v11 = broadcast %v10 : tile<1xptr<bf16>> -> tile<1024xptr<bf16>>
    %v12 = iota : tile<1024xi32>
    %v13 = constant <i32: 0> : tile<1024xi32>
    %v14 = addi %v12, %v13 : tile<1024xi32>
    %v15 = offset %v11, %v14 : tile<1024xptr<bf16>>, tile<1024xi32> -> tile<1024xptr<bf16>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<1024xptr<bf16>> -> tile<1024xbf16>, token
    %v18 = reshape %ld16 : tile<1024xbf16> -> tile<32x32xbf16>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %v21 = iota : tile<2048xi32>
    %v22 = constant <i32: 0> : tile<2048xi32>
    %v23 = addi %v21, %v22 : tile<2048xi32>
    %v24 = offset %v20, %v23 : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %v27 = reshape %ld25 : tile<2048xf32> -> tile<64x32xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<64x32xbf16>, tile<32x32xbf16>, tile<64x32xf32>
    %v29 = reshape %v28 : tile<64x32xf32> -> tile<2048xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %v32 = iota : tile<2048xi32>
    %v33 = constant <i32: 0> : tile<2048xi32>
    %v34 = addi %v32, %v33 : tile<2048xi32>
    %v35 = offset %v31, %v34 : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<2048xptr<f32>>, tile<2048xf32> -> token
    return
  }
  entry @mma_tf32(%a: tile<ptr<tf32>>, %b: tile<ptr<tf32>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<tf32>> -> tile<1xptr<tf32>>
    %v2 = broadcast %v1 : tile<1xptr<tf32>> -> tile<1024xptr<tf32>>
    %v3 = iota : tile<1024xi32>
    %v4 = constant <i32: 0> : tile<1024xi32>
    %v5 = addi %v3, %v4 : tile<1024xi32>
    %v6 = offset %v2, %v5 : tile<1024xptr<tf32>>, tile<1024xi32> -> tile<1024xptr<tf32>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<1024xptr<tf32>> -> tile<1024xtf32>, token
    %v9 = reshape %ld7 : tile<1024xtf32> -> tile<32x32xtf32>
    %v10 = reshape %b : tile<ptr<tf32>> -> tile<1xptr<tf32>>
    %v11 = broadcast %v10 : tile<1xptr<tf32>> -> tile<1024xptr<tf32>>
    %v12 = iota : tile<1024xi32>
    %v13 = constant <i32: 0> : tile<1024xi32>
    %v14 = addi %v12, %v13 : tile<1024xi32>
    %v15 = offset %v11, %v14 : tile<1024xptr<tf32>>, tile<1024xi32> -> tile<1024xptr<tf32>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<1024xptr<tf32>> -> tile<1024xtf32>, token
    %v18 = reshape %ld16 : tile<1024xtf32> -> tile<32x32xtf32>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %v27 = reshape %ld25 : tile<1024xf32> -> tile<32x32xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<32x32xtf32>, tile<32x32xtf32>, tile<32x32xf32>
    %v29 = reshape %v28 : tile<32x32xf32> -> tile<1024xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
  entry @mma_f32(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v2 = broadcast %v1 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %v9 = reshape %ld7 : tile<2048xf32> -> tile<16x128xf32>
    %v10 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v11 = broadcast %v10 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %v18 = reshape %ld16 : tile<2048xf32> -> tile<128x16xf32>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %v21 = iota : tile<256xi32>
    %v22 = constant <i32: 0> : tile<256xi32>
    %v23 = addi %v21, %v22 : tile<256xi32>
    %v24 = offset %v20, %v23 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<256xptr<f32>> -> tile<256xf32>, token
    %v27 = reshape %ld25 : tile<256xf32> -> tile<16x16xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<16x128xf32>, tile<128x16xf32>, tile<16x16xf32>
    %v29 = reshape %v28 : tile<16x16xf32> -> tile<256xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %v32 = iota : tile<256xi32>
    %v33 = constant <i32: 0> : tile<256xi32>
    %v34 = addi %v32, %v33 : tile<256xi32>
    %v35 = offset %v31, %v34 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
  entry @mma_f64(%a: tile<ptr<f64>>, %b: tile<ptr<f64>>, %c: tile<ptr<f64>>, %o: tile<ptr<f64>>) {
    %v1 = reshape %a : tile<ptr<f64>> -> tile<1xptr<f64>>
    %v2 = broadcast %v1 : tile<1xptr<f64>> -> tile<2048xptr<f64>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<f64>>, tile<2048xi32> -> tile<2048xptr<f64>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<f64>> -> tile<2048xf64>, token
    %v9 = reshape %ld7 : tile<2048xf64> -> tile<32x64xf64>
    %v10 = reshape %b : tile<ptr<f64>> -> tile<1xptr<f64>>
    %v11 = broadcast %v10 : tile<1xptr<f64>> -> tile<1024xptr<f64>>
    %v12 = iota : tile<1024xi32>
    %v13 = constant <i32: 0> : tile<1024xi32>
    %v14 = addi %v12, %v13 : tile<1024xi32>
    %v15 = offset %v11, %v14 : tile<1024xptr<f64>>, tile<1024xi32> -> tile<1024xptr<f64>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<1024xptr<f64>> -> tile<1024xf64>, token
    %v18 = reshape %ld16 : tile<1024xf64> -> tile<64x16xf64>
    %v19 = reshape %c : tile<ptr<f64>> -> tile<1xptr<f64>>
    %v20 = broadcast %v19 : tile<1xptr<f64>> -> tile<512xptr<f64>>
    %v21 = iota : tile<512xi32>
    %v22 = constant <i32: 0> : tile<512xi32>
    %v23 = addi %v21, %v22 : tile<512xi32>
    %v24 = offset %v20, %v23 : tile<512xptr<f64>>, tile<512xi32> -> tile<512xptr<f64>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<512xptr<f64>> -> tile<512xf64>, token
    %v27 = reshape %ld25 : tile<512xf64> -> tile<32x16xf64>
    %v28 = mmaf %v9, %v18, %v27 : tile<32x64xf64>, tile<64x16xf64>, tile<32x16xf64>
    %v29 = reshape %v28 : tile<32x16xf64> -> tile<512xf64>
    %v30 = reshape %o : tile<ptr<f64>> -> tile<1xptr<f64>>
    %v31 = broadcast %v30 : tile<1xptr<f64>> -> tile<512xptr<f64>>
    %v32 = iota : tile<512xi32>
    %v33 = constant <i32: 0> : tile<512xi32>
    %v34 = addi %v32, %v33 : tile<512xi32>
    %v35 = offset %v31, %v34 : tile<512xptr<f64>>, tile<512xi32> -> tile<512xptr<f64>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<512xptr<f64>>, tile<512xf64> -> token
    return
  }
  entry @mma_e4m3(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v2 = broadcast %v1 : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %v9 = reshape %ld7 : tile<2048xf8E4M3FN> -> tile<32x64xf8E4M3FN>
    %v10 = reshape %b : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v11 = broadcast %v10 : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %v18 = reshape %ld16 : tile<2048xf8E4M3FN> -> tile<64x32xf8E4M3FN>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %v27 = reshape %ld25 : tile<1024xf32> -> tile<32x32xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>
    %v29 = reshape %v28 : tile<32x32xf32> -> tile<1024xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
  entry @mma_e5m2_f16(%a: tile<ptr<f8E5M2>>, %b: tile<ptr<f8E5M2>>, %c: tile<ptr<f16>>, %o: tile<ptr<f16>>) {
    %v1 = reshape %a : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %v2 = broadcast %v1 : tile<1xptr<f8E5M2>> -> tile<1024xptr<f8E5M2>>
    %v3 = iota : tile<1024xi32>
    %v4 = constant <i32: 0> : tile<1024xi32>
    %v5 = addi %v3, %v4 : tile<1024xi32>
    %v6 = offset %v2, %v5 : tile<1024xptr<f8E5M2>>, tile<1024xi32> -> tile<1024xptr<f8E5M2>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<1024xptr<f8E5M2>> -> tile<1024xf8E5M2>, token
    %v9 = reshape %ld7 : tile<1024xf8E5M2> -> tile<32x32xf8E5M2>
    %v10 = reshape %b : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %v11 = broadcast %v10 : tile<1xptr<f8E5M2>> -> tile<1024xptr<f8E5M2>>
    %v12 = iota : tile<1024xi32>
    %v13 = constant <i32: 0> : tile<1024xi32>
    %v14 = addi %v12, %v13 : tile<1024xi32>
    %v15 = offset %v11, %v14 : tile<1024xptr<f8E5M2>>, tile<1024xi32> -> tile<1024xptr<f8E5M2>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<1024xptr<f8E5M2>> -> tile<1024xf8E5M2>, token
    %v18 = reshape %ld16 : tile<1024xf8E5M2> -> tile<32x32xf8E5M2>
    %v19 = reshape %c : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v20 = broadcast %v19 : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<f16>> -> tile<1024xf16>, token
    %v27 = reshape %ld25 : tile<1024xf16> -> tile<32x32xf16>
    %v28 = mmaf %v9, %v18, %v27 : tile<32x32xf8E5M2>, tile<32x32xf8E5M2>, tile<32x32xf16>
    %v29 = reshape %v28 : tile<32x32xf16> -> tile<1024xf16>
    %v30 = reshape %o : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v31 = broadcast %v30 : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<f16>>, tile<1024xi32> -> tile<1024xptr<f16>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<f16>>, tile<1024xf16> -> token
    return
  }
  entry @mma_batched(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v2 = broadcast %v1 : tile<1xptr<f16>> -> tile<2048xptr<f16>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<f16>>, tile<2048xi32> -> tile<2048xptr<f16>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<f16>> -> tile<2048xf16>, token
    %v9 = reshape %ld7 : tile<2048xf16> -> tile<4x16x32xf16>
    %v10 = reshape %b : tile<ptr<f16>> -> tile<1xptr<f16>>
    %v11 = broadcast %v10 : tile<1xptr<f16>> -> tile<4096xptr<f16>>
    %v12 = iota : tile<4096xi32>
    %v13 = constant <i32: 0> : tile<4096xi32>
    %v14 = addi %v12, %v13 : tile<4096xi32>
    %v15 = offset %v11, %v14 : tile<4096xptr<f16>>, tile<4096xi32> -> tile<4096xptr<f16>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<4096xptr<f16>> -> tile<4096xf16>, token
    %v18 = reshape %ld16 : tile<4096xf16> -> tile<4x32x32xf16>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %v21 = iota : tile<2048xi32>
    %v22 = constant <i32: 0> : tile<2048xi32>
    %v23 = addi %v21, %v22 : tile<2048xi32>
    %v24 = offset %v20, %v23 : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %v27 = reshape %ld25 : tile<2048xf32> -> tile<4x16x32xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<4x16x32xf16>, tile<4x32x32xf16>, tile<4x16x32xf32>
    %v29 = reshape %v28 : tile<4x16x32xf32> -> tile<2048xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %v32 = iota : tile<2048xi32>
    %v33 = constant <i32: 0> : tile<2048xi32>
    %v34 = addi %v32, %v33 : tile<2048xi32>
    %v35 = offset %v31, %v34 : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<2048xptr<f32>>, tile<2048xf32> -> token
    return
  }
  entry @mma_small(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v2 = broadcast %v1 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %v3 = iota : tile<16xi32>
    %v4 = constant <i32: 0> : tile<16xi32>
    %v5 = addi %v3, %v4 : tile<16xi32>
    %v6 = offset %v2, %v5 : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<16xptr<f32>> -> tile<16xf32>, token
    %v9 = reshape %ld7 : tile<16xf32> -> tile<2x8xf32>
    %v10 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v11 = broadcast %v10 : tile<1xptr<f32>> -> tile<32xptr<f32>>
    %v12 = iota : tile<32xi32>
    %v13 = constant <i32: 0> : tile<32xi32>
    %v14 = addi %v12, %v13 : tile<32xi32>
    %v15 = offset %v11, %v14 : tile<32xptr<f32>>, tile<32xi32> -> tile<32xptr<f32>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<32xptr<f32>> -> tile<32xf32>, token
    %v18 = reshape %ld16 : tile<32xf32> -> tile<8x4xf32>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %v21 = iota : tile<8xi32>
    %v22 = constant <i32: 0> : tile<8xi32>
    %v23 = addi %v21, %v22 : tile<8xi32>
    %v24 = offset %v20, %v23 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<8xptr<f32>> -> tile<8xf32>, token
    %v27 = reshape %ld25 : tile<8xf32> -> tile<2x4xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<2x8xf32>, tile<8x4xf32>, tile<2x4xf32>
    %v29 = reshape %v28 : tile<2x4xf32> -> tile<8xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %v32 = iota : tile<8xi32>
    %v33 = constant <i32: 0> : tile<8xi32>
    %v34 = addi %v32, %v33 : tile<8xi32>
    %v35 = offset %v31, %v34 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<8xptr<f32>>, tile<8xf32> -> token
    return
  }
  entry @mma_fast_acc(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v2 = broadcast %v1 : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %v9 = reshape %ld7 : tile<2048xf8E4M3FN> -> tile<64x32xf8E4M3FN>
    %v10 = reshape %b : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v11 = broadcast %v10 : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %v18 = reshape %ld16 : tile<2048xf8E4M3FN> -> tile<32x64xf8E4M3FN>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v21 = iota : tile<4096xi32>
    %v22 = constant <i32: 0> : tile<4096xi32>
    %v23 = addi %v21, %v22 : tile<4096xi32>
    %v24 = offset %v20, %v23 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<4096xptr<f32>> -> tile<4096xf32>, token
    %v27 = reshape %ld25 : tile<4096xf32> -> tile<64x64xf32>
    %v28 = mmaf %v9, %v18, %v27 fast_acc : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    %v29 = reshape %v28 : tile<64x64xf32> -> tile<4096xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v32 = iota : tile<4096xi32>
    %v33 = constant <i32: 0> : tile<4096xi32>
    %v34 = addi %v32, %v33 : tile<4096xi32>
    %v35 = offset %v31, %v34 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
  entry @mma_large_k(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v2 = broadcast %v1 : tile<1xptr<f32>> -> tile<16384xptr<f32>>
    %v3 = iota : tile<16384xi32>
    %v4 = constant <i32: 0> : tile<16384xi32>
    %v5 = addi %v3, %v4 : tile<16384xi32>
    %v6 = offset %v2, %v5 : tile<16384xptr<f32>>, tile<16384xi32> -> tile<16384xptr<f32>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<16384xptr<f32>> -> tile<16384xf32>, token
    %v9 = reshape %ld7 : tile<16384xf32> -> tile<64x256xf32>
    %v10 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v11 = broadcast %v10 : tile<1xptr<f32>> -> tile<16384xptr<f32>>
    %v12 = iota : tile<16384xi32>
    %v13 = constant <i32: 0> : tile<16384xi32>
    %v14 = addi %v12, %v13 : tile<16384xi32>
    %v15 = offset %v11, %v14 : tile<16384xptr<f32>>, tile<16384xi32> -> tile<16384xptr<f32>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<16384xptr<f32>> -> tile<16384xf32>, token
    %v18 = reshape %ld16 : tile<16384xf32> -> tile<256x64xf32>
    %v19 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v20 = broadcast %v19 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v21 = iota : tile<4096xi32>
    %v22 = constant <i32: 0> : tile<4096xi32>
    %v23 = addi %v21, %v22 : tile<4096xi32>
    %v24 = offset %v20, %v23 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<4096xptr<f32>> -> tile<4096xf32>, token
    %v27 = reshape %ld25 : tile<4096xf32> -> tile<64x64xf32>
    %v28 = mmaf %v9, %v18, %v27 : tile<64x256xf32>, tile<256x64xf32>, tile<64x64xf32>
    %v29 = reshape %v28 : tile<64x64xf32> -> tile<4096xf32>
    %v30 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v31 = broadcast %v30 : tile<1xptr<f32>> -> tile<4096xptr<f32>>
    %v32 = iota : tile<4096xi32>
    %v33 = constant <i32: 0> : tile<4096xi32>
    %v34 = addi %v32, %v33 : tile<4096xi32>
    %v35 = offset %v31, %v34 : tile<4096xptr<f32>>, tile<4096xi32> -> tile<4096xptr<f32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<4096xptr<f32>>, tile<4096xf32> -> token
    return
  }
  entry @mmai_s_s(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>, %o: tile<ptr<i32>>) {
    %v1 = reshape %a : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v2 = broadcast %v1 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v9 = reshape %ld7 : tile<2048xi8> -> tile<32x64xi8>
    %v10 = reshape %b : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v11 = broadcast %v10 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v18 = reshape %ld16 : tile<2048xi8> -> tile<64x32xi8>
    %v19 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v20 = broadcast %v19 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %v27 = reshape %ld25 : tile<1024xi32> -> tile<32x32xi32>
    %v28 = mmai %v9, %v18, %v27 signed signed : tile<32x64xi8>, tile<64x32xi8>, tile<32x32xi32>
    %v29 = reshape %v28 : tile<32x32xi32> -> tile<1024xi32>
    %v30 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v31 = broadcast %v30 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<i32>>, tile<1024xi32> -> token
    return
  }
  entry @mmai_s_u(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>, %o: tile<ptr<i32>>) {
    %v1 = reshape %a : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v2 = broadcast %v1 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v9 = reshape %ld7 : tile<2048xi8> -> tile<32x64xi8>
    %v10 = reshape %b : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v11 = broadcast %v10 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v18 = reshape %ld16 : tile<2048xi8> -> tile<64x32xi8>
    %v19 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v20 = broadcast %v19 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %v27 = reshape %ld25 : tile<1024xi32> -> tile<32x32xi32>
    %v28 = mmai %v9, %v18, %v27 signed unsigned : tile<32x64xi8>, tile<64x32xi8>, tile<32x32xi32>
    %v29 = reshape %v28 : tile<32x32xi32> -> tile<1024xi32>
    %v30 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v31 = broadcast %v30 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<i32>>, tile<1024xi32> -> token
    return
  }
  entry @mmai_u_s(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>, %o: tile<ptr<i32>>) {
    %v1 = reshape %a : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v2 = broadcast %v1 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v9 = reshape %ld7 : tile<2048xi8> -> tile<32x64xi8>
    %v10 = reshape %b : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v11 = broadcast %v10 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v18 = reshape %ld16 : tile<2048xi8> -> tile<64x32xi8>
    %v19 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v20 = broadcast %v19 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %v27 = reshape %ld25 : tile<1024xi32> -> tile<32x32xi32>
    %v28 = mmai %v9, %v18, %v27 unsigned signed : tile<32x64xi8>, tile<64x32xi8>, tile<32x32xi32>
    %v29 = reshape %v28 : tile<32x32xi32> -> tile<1024xi32>
    %v30 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v31 = broadcast %v30 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<i32>>, tile<1024xi32> -> token
    return
  }
  entry @mmai_u_u(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>, %o: tile<ptr<i32>>) {
    %v1 = reshape %a : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v2 = broadcast %v1 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v9 = reshape %ld7 : tile<2048xi8> -> tile<32x64xi8>
    %v10 = reshape %b : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v11 = broadcast %v10 : tile<1xptr<i8>> -> tile<2048xptr<i8>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<i8>>, tile<2048xi32> -> tile<2048xptr<i8>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<i8>> -> tile<2048xi8>, token
    %v18 = reshape %ld16 : tile<2048xi8> -> tile<64x32xi8>
    %v19 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v20 = broadcast %v19 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v21 = iota : tile<1024xi32>
    %v22 = constant <i32: 0> : tile<1024xi32>
    %v23 = addi %v21, %v22 : tile<1024xi32>
    %v24 = offset %v20, %v23 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %v27 = reshape %ld25 : tile<1024xi32> -> tile<32x32xi32>
    %v28 = mmai %v9, %v18, %v27 unsigned unsigned : tile<32x64xi8>, tile<64x32xi8>, tile<32x32xi32>
    %v29 = reshape %v28 : tile<32x32xi32> -> tile<1024xi32>
    %v30 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v31 = broadcast %v30 : tile<1xptr<i32>> -> tile<1024xptr<i32>>
    %v32 = iota : tile<1024xi32>
    %v33 = constant <i32: 0> : tile<1024xi32>
    %v34 = addi %v32, %v33 : tile<1024xi32>
    %v35 = offset %v31, %v34 : tile<1024xptr<i32>>, tile<1024xi32> -> tile<1024xptr<i32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<1024xptr<i32>>, tile<1024xi32> -> token
    return
  }
  entry @mmai_batched(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>, %o: tile<ptr<i32>>) {
    %v1 = reshape %a : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v2 = broadcast %v1 : tile<1xptr<i8>> -> tile<256xptr<i8>>
    %v3 = iota : tile<256xi32>
    %v4 = constant <i32: 0> : tile<256xi32>
    %v5 = addi %v3, %v4 : tile<256xi32>
    %v6 = offset %v2, %v5 : tile<256xptr<i8>>, tile<256xi32> -> tile<256xptr<i8>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<256xptr<i8>> -> tile<256xi8>, token
    %v9 = reshape %ld7 : tile<256xi8> -> tile<2x8x16xi8>
    %v10 = reshape %b : tile<ptr<i8>> -> tile<1xptr<i8>>
    %v11 = broadcast %v10 : tile<1xptr<i8>> -> tile<256xptr<i8>>
    %v12 = iota : tile<256xi32>
    %v13 = constant <i32: 0> : tile<256xi32>
    %v14 = addi %v12, %v13 : tile<256xi32>
    %v15 = offset %v11, %v14 : tile<256xptr<i8>>, tile<256xi32> -> tile<256xptr<i8>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<256xptr<i8>> -> tile<256xi8>, token
    %v18 = reshape %ld16 : tile<256xi8> -> tile<2x16x8xi8>
    %v19 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v20 = broadcast %v19 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %v21 = iota : tile<128xi32>
    %v22 = constant <i32: 0> : tile<128xi32>
    %v23 = addi %v21, %v22 : tile<128xi32>
    %v24 = offset %v20, %v23 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<128xptr<i32>> -> tile<128xi32>, token
    %v27 = reshape %ld25 : tile<128xi32> -> tile<2x8x8xi32>
    %v28 = mmai %v9, %v18, %v27 signed signed : tile<2x8x16xi8>, tile<2x16x8xi8>, tile<2x8x8xi32>
    %v29 = reshape %v28 : tile<2x8x8xi32> -> tile<128xi32>
    %v30 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %v31 = broadcast %v30 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %v32 = iota : tile<128xi32>
    %v33 = constant <i32: 0> : tile<128xi32>
    %v34 = addi %v32, %v33 : tile<128xi32>
    %v35 = offset %v31, %v34 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %st36 = store_ptr_tko weak %v35, %v29 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
  entry @mma_scaled_e4m3(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v2 = broadcast %v1 : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %v3 = iota : tile<2048xi32>
    %v4 = constant <i32: 0> : tile<2048xi32>
    %v5 = addi %v3, %v4 : tile<2048xi32>
    %v6 = offset %v2, %v5 : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %v9 = reshape %ld7 : tile<2048xf8E4M3FN> -> tile<32x64xf8E4M3FN>
    %v10 = reshape %b : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v11 = broadcast %v10 : tile<1xptr<f8E4M3FN>> -> tile<2048xptr<f8E4M3FN>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<f8E4M3FN>>, tile<2048xi32> -> tile<2048xptr<f8E4M3FN>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<f8E4M3FN>> -> tile<2048xf8E4M3FN>, token
    %v18 = reshape %ld16 : tile<2048xf8E4M3FN> -> tile<64x32xf8E4M3FN>
    %v19 = reshape %sa : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %v20 = broadcast %v19 : tile<1xptr<f8E8M0FNU>> -> tile<64xptr<f8E8M0FNU>>
    %v21 = iota : tile<64xi32>
    %v22 = constant <i32: 0> : tile<64xi32>
    %v23 = addi %v21, %v22 : tile<64xi32>
    %v24 = offset %v20, %v23 : tile<64xptr<f8E8M0FNU>>, tile<64xi32> -> tile<64xptr<f8E8M0FNU>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<64xptr<f8E8M0FNU>> -> tile<64xf8E8M0FNU>, token
    %v27 = reshape %ld25 : tile<64xf8E8M0FNU> -> tile<32x2xf8E8M0FNU>
    %v28 = reshape %sb : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %v29 = broadcast %v28 : tile<1xptr<f8E8M0FNU>> -> tile<64xptr<f8E8M0FNU>>
    %v30 = iota : tile<64xi32>
    %v31 = constant <i32: 0> : tile<64xi32>
    %v32 = addi %v30, %v31 : tile<64xi32>
    %v33 = offset %v29, %v32 : tile<64xptr<f8E8M0FNU>>, tile<64xi32> -> tile<64xptr<f8E8M0FNU>>
    %ld34, %tk35 = load_ptr_tko weak %v33 : tile<64xptr<f8E8M0FNU>> -> tile<64xf8E8M0FNU>, token
    %v36 = reshape %ld34 : tile<64xf8E8M0FNU> -> tile<2x32xf8E8M0FNU>
    %v37 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v38 = broadcast %v37 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v39 = iota : tile<1024xi32>
    %v40 = constant <i32: 0> : tile<1024xi32>
    %v41 = addi %v39, %v40 : tile<1024xi32>
    %v42 = offset %v38, %v41 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %ld43, %tk44 = load_ptr_tko weak %v42 : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %v45 = reshape %ld43 : tile<1024xf32> -> tile<32x32xf32>
    %v46 = mmaf_scaled %v9, %v18, %v45, %v27, %v36 : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %v47 = reshape %v46 : tile<32x32xf32> -> tile<1024xf32>
    %v48 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v49 = broadcast %v48 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v50 = iota : tile<1024xi32>
    %v51 = constant <i32: 0> : tile<1024xi32>
    %v52 = addi %v50, %v51 : tile<1024xi32>
    %v53 = offset %v49, %v52 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %st54 = store_ptr_tko weak %v53, %v47 : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
  entry @mma_scaled_e5m2(%a: tile<ptr<f8E5M2>>, %b: tile<ptr<f8E5M2>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %v2 = broadcast %v1 : tile<1xptr<f8E5M2>> -> tile<1024xptr<f8E5M2>>
    %v3 = iota : tile<1024xi32>
    %v4 = constant <i32: 0> : tile<1024xi32>
    %v5 = addi %v3, %v4 : tile<1024xi32>
    %v6 = offset %v2, %v5 : tile<1024xptr<f8E5M2>>, tile<1024xi32> -> tile<1024xptr<f8E5M2>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<1024xptr<f8E5M2>> -> tile<1024xf8E5M2>, token
    %v9 = reshape %ld7 : tile<1024xf8E5M2> -> tile<16x64xf8E5M2>
    %v10 = reshape %b : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %v11 = broadcast %v10 : tile<1xptr<f8E5M2>> -> tile<1024xptr<f8E5M2>>
    %v12 = iota : tile<1024xi32>
    %v13 = constant <i32: 0> : tile<1024xi32>
    %v14 = addi %v12, %v13 : tile<1024xi32>
    %v15 = offset %v11, %v14 : tile<1024xptr<f8E5M2>>, tile<1024xi32> -> tile<1024xptr<f8E5M2>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<1024xptr<f8E5M2>> -> tile<1024xf8E5M2>, token
    %v18 = reshape %ld16 : tile<1024xf8E5M2> -> tile<64x16xf8E5M2>
    %v19 = reshape %sa : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %v20 = broadcast %v19 : tile<1xptr<f8E8M0FNU>> -> tile<32xptr<f8E8M0FNU>>
    %v21 = iota : tile<32xi32>
    %v22 = constant <i32: 0> : tile<32xi32>
    %v23 = addi %v21, %v22 : tile<32xi32>
    %v24 = offset %v20, %v23 : tile<32xptr<f8E8M0FNU>>, tile<32xi32> -> tile<32xptr<f8E8M0FNU>>
    %ld25, %tk26 = load_ptr_tko weak %v24 : tile<32xptr<f8E8M0FNU>> -> tile<32xf8E8M0FNU>, token
    %v27 = reshape %ld25 : tile<32xf8E8M0FNU> -> tile<16x2xf8E8M0FNU>
    %v28 = reshape %sb : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %v29 = broadcast %v28 : tile<1xptr<f8E8M0FNU>> -> tile<32xptr<f8E8M0FNU>>
    %v30 = iota : tile<32xi32>
    %v31 = constant <i32: 0> : tile<32xi32>
    %v32 = addi %v30, %v31 : tile<32xi32>
    %v33 = offset %v29, %v32 : tile<32xptr<f8E8M0FNU>>, tile<32xi32> -> tile<32xptr<f8E8M0FNU>>
    %ld34, %tk35 = load_ptr_tko weak %v33 : tile<32xptr<f8E8M0FNU>> -> tile<32xf8E8M0FNU>, token
    %v36 = reshape %ld34 : tile<32xf8E8M0FNU> -> tile<2x16xf8E8M0FNU>
    %v37 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v38 = broadcast %v37 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %v39 = iota : tile<256xi32>
    %v40 = constant <i32: 0> : tile<256xi32>
    %v41 = addi %v39, %v40 : tile<256xi32>
    %v42 = offset %v38, %v41 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %ld43, %tk44 = load_ptr_tko weak %v42 : tile<256xptr<f32>> -> tile<256xf32>, token
    %v45 = reshape %ld43 : tile<256xf32> -> tile<16x16xf32>
    %v46 = mmaf_scaled %v9, %v18, %v45, %v27, %v36 : tile<16x64xf8E5M2>, tile<64x16xf8E5M2>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
    %v47 = reshape %v46 : tile<16x16xf32> -> tile<256xf32>
    %v48 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v49 = broadcast %v48 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %v50 = iota : tile<256xi32>
    %v51 = constant <i32: 0> : tile<256xi32>
    %v52 = addi %v50, %v51 : tile<256xi32>
    %v53 = offset %v49, %v52 : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %st54 = store_ptr_tko weak %v53, %v47 : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
  entry @mma_scaled_f4(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %sa: tile<ptr<f8E4M3FN>>, %sb: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %v1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v2 = broadcast %v1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %v3 = iota : tile<1024xi32>
    %v4 = constant <i32: 0> : tile<1024xi32>
    %v5 = addi %v3, %v4 : tile<1024xi32>
    %v6 = offset %v2, %v5 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %ld7, %tk8 = load_ptr_tko weak %v6 : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %v9 = reshape %ld7 : tile<1024xf32> -> tile<16x64xf32>
    %v10 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v11 = broadcast %v10 : tile<1xptr<f32>> -> tile<2048xptr<f32>>
    %v12 = iota : tile<2048xi32>
    %v13 = constant <i32: 0> : tile<2048xi32>
    %v14 = addi %v12, %v13 : tile<2048xi32>
    %v15 = offset %v11, %v14 : tile<2048xptr<f32>>, tile<2048xi32> -> tile<2048xptr<f32>>
    %ld16, %tk17 = load_ptr_tko weak %v15 : tile<2048xptr<f32>> -> tile<2048xf32>, token
    %v18 = reshape %ld16 : tile<2048xf32> -> tile<64x32xf32>
    %v19 = ftof %v9 : tile<16x64xf32> -> tile<16x64xf4E2M1FN>
    %v20 = ftof %v18 : tile<64x32xf32> -> tile<64x32xf4E2M1FN>
    %v21 = reshape %sa : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v22 = broadcast %v21 : tile<1xptr<f8E4M3FN>> -> tile<64xptr<f8E4M3FN>>
    %v23 = iota : tile<64xi32>
    %v24 = constant <i32: 0> : tile<64xi32>
    %v25 = addi %v23, %v24 : tile<64xi32>
    %v26 = offset %v22, %v25 : tile<64xptr<f8E4M3FN>>, tile<64xi32> -> tile<64xptr<f8E4M3FN>>
    %ld27, %tk28 = load_ptr_tko weak %v26 : tile<64xptr<f8E4M3FN>> -> tile<64xf8E4M3FN>, token
    %v29 = reshape %ld27 : tile<64xf8E4M3FN> -> tile<16x4xf8E4M3FN>
    %v30 = reshape %sb : tile<ptr<f8E4M3FN>> -> tile<1xptr<f8E4M3FN>>
    %v31 = broadcast %v30 : tile<1xptr<f8E4M3FN>> -> tile<128xptr<f8E4M3FN>>
    %v32 = iota : tile<128xi32>
    %v33 = constant <i32: 0> : tile<128xi32>
    %v34 = addi %v32, %v33 : tile<128xi32>
    %v35 = offset %v31, %v34 : tile<128xptr<f8E4M3FN>>, tile<128xi32> -> tile<128xptr<f8E4M3FN>>
    %ld36, %tk37 = load_ptr_tko weak %v35 : tile<128xptr<f8E4M3FN>> -> tile<128xf8E4M3FN>, token
    %v38 = reshape %ld36 : tile<128xf8E4M3FN> -> tile<4x32xf8E4M3FN>
    %v39 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v40 = broadcast %v39 : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %v41 = iota : tile<512xi32>
    %v42 = constant <i32: 0> : tile<512xi32>
    %v43 = addi %v41, %v42 : tile<512xi32>
    %v44 = offset %v40, %v43 : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %ld45, %tk46 = load_ptr_tko weak %v44 : tile<512xptr<f32>> -> tile<512xf32>, token
    %v47 = reshape %ld45 : tile<512xf32> -> tile<16x32xf32>
    %v48 = mmaf_scaled %v19, %v20, %v47, %v29, %v38 : tile<16x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<16x32xf32>, tile<16x4xf8E4M3FN>, tile<4x32xf8E4M3FN>
    %v49 = reshape %v48 : tile<16x32xf32> -> tile<512xf32>
    %v50 = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
    %v51 = broadcast %v50 : tile<1xptr<f32>> -> tile<512xptr<f32>>
    %v52 = iota : tile<512xi32>
    %v53 = constant <i32: 0> : tile<512xi32>
    %v54 = addi %v52, %v53 : tile<512xi32>
    %v55 = offset %v51, %v54 : tile<512xptr<f32>>, tile<512xi32> -> tile<512xptr<f32>>
    %st56 = store_ptr_tko weak %v55, %v49 : tile<512xptr<f32>>, tile<512xf32> -> token
    return
  }
  // A K loop carrying the accumulator in mma.sync's fragments, which a view
  // store (pairs of columns) and reductions along both dimensions read.
  entry @mma_loop_reduce(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %rows: tile<ptr<f32>>, %cols: tile<ptr<f32>>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %av = make_tensor_view %a, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %bv = make_tensor_view %b, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %cv = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x32), tensor_view<64x128xf16, strides=[128,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(32x64), tensor_view<128x64xf16, strides=[64,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %ap[%c0, %k] : partition_view<tile=(64x32), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bt, %t1 = load_view_tko weak %bp[%k, %c0] : partition_view<tile=(32x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %t2 = store_view_tko weak %acc, %cp[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    %rsum = reduce %acc dim=1 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %s: tile<f32>) {
        %x = addf %e, %s : tile<f32>
        yield %x : tile<f32>
      }
    %csum = reduce %acc dim=0 identities=[0.0 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%e: tile<f32>, %s: tile<f32>) {
        %x = addf %e, %s : tile<f32>
        yield %x : tile<f32>
      }
    %rv = make_tensor_view %rows, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %rp = make_partition_view %rv : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t3 = store_view_tko weak %rsum, %rp[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %cv2 = make_tensor_view %cols, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %cp2 = make_partition_view %cv2 : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t4 = store_view_tko weak %csum, %cp2[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
