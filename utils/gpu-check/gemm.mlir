// Kernels of utils/gpu-check.py (generated once from bench/gpu/kernels.py's
// gemm; edit freely). A K loop of 128x128x32 view-load tiles whose operands
// -cudatile-pipeline-operands copies into cp.async rings: M and N end in a
// partial tile (rows and columns past the edge are zero-filled copies), K in
// a partial step; two tile blocks each way. gemm_f16_align4 promises only
// 4-byte alignment: 4-byte copies (cp.async.ca). gemm_nt_f16 reads B stored
// N x K (a transposing view): a transposed ring, rows of K read with
// ldmatrix without .trans. gemm_f16 also with K = 16 and 48: one (partial)
// and two steps, fewer than the rings' copies run ahead, and K = 496:
// 16 steps, the rings wrapping around two or three times (each buffer
// refilled, its barriers' parities flipping), the last step partial; on
// sm_90a, where a stage holds two steps (pair-k-steps), K = 144 and 464
// (5 and 15 steps: pairs, then the odd count's last step after the loop,
// the second time with the rings wrapped), and K = 16 and 80 the last step
// alone or after one pair. gemm_wide_f16: 128x256x32 tiles, 8 warps of
// 64x64 (on sm_80 two buffers of pairs, 96 KiB), K = 144, 16 and 464.
// gemm_wide_f16acc: 64x256x64 tiles, f16
// accumulator (on sm_90a one warpgroup's wgmma m64n256k16, B rows of 512
// bytes in four swizzle blocks), K in three steps, the last partial.
// gemm_nt_e4m3 / gemm_nt_e5m2_fast: fp8 operands, B stored N x K, f32
// results (on sm_90a wgmma m64n128k32 from rings of rows of K; without
// fast_acc each instruction's sum is added in f32). gemm_deep_step:
// 128x256x128 tiles (cuTile's BatchMatMul sample), a 96 KiB stage: on
// sm_80 and sm_86/89/120 each step splits into two of 64 along K, two
// buffers of 48 KiB, the copies before the matmul; K in two steps, the
// second partial (208 = 128 + 80: split steps 64, 64, 64, 16).
// gemm_f32_tf32: cuTile Python's f32 GEMM, f32 loads converted by ftof to
// tf32 (B with nearest_away) feeding mmaf: rings of f32, each register read
// rounded; B stored K x N, read with 32-bit loads from its ring.
// gemm_f32_tf32_deep_step: the same with a 128-deep K step (128 KiB of f32
// a stage): on sm_80 and sm_90a each step splits into two along K, the
// ftofs' rounding carried to the shallower rings; K = 208, the split
// steps' last partial.
// gemm_nt_tf32: A loaded as tf32, B stored N x K as f32 rounded toward
// zero: both rings read with ldmatrix (rows of K, in 32-bit words).
// gemm_f32_tf32_small: 16x16 and 16x64 f32 tiles rounded in their rings
// (ring_round) by 4 warps: A's 64 chunks of 16 bytes fewer than the
// threads (the guarded round), B's 256 two per thread; M and N edges
// masked, three K steps.
// gemm_nt_i8: i8 x u8 into i32, B stored N x K: rings of rows of K.
// GPU-CHECK: gemm_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:10880:u(-1,1) gen:f16:11520:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:80
// GPU-CHECK: gemm_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:2176:u(-1,1) gen:f16:2304:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:16
// GPU-CHECK: gemm_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:6528:u(-1,1) gen:f16:6912:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:48
// GPU-CHECK: gemm_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:67456:u(-1,1) gen:f16:71424:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:496
// GPU-CHECK: gemm_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:19584:u(-1,1) gen:f16:20736:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:144
// GPU-CHECK: gemm_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:63104:u(-1,1) gen:f16:66816:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:464
// GPU-CHECK: gemm_wide_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:19584:u(-1,1) gen:f16:39168:u(-1,1) zeros:f16:36992 i32:136 i32:272 i32:144
// GPU-CHECK: gemm_wide_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:2176:u(-1,1) gen:f16:4352:u(-1,1) zeros:f16:36992 i32:136 i32:272 i32:16
// GPU-CHECK: gemm_wide_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:63104:u(-1,1) gen:f16:126208:u(-1,1) zeros:f16:36992 i32:136 i32:272 i32:464
// GPU-CHECK: gemm_f16_align4 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:10880:u(-1,1) gen:f16:11520:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:80
// GPU-CHECK: gemm_nt_f16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:f16:10880:u(-1,1) gen:f16:11520:u(-1,1) zeros:f16:19584 i32:136 i32:144 i32:80
// GPU-CHECK: gemm_wide_f16acc grid=2,2 tol=rel=2e-2,abs=1e-1 args gen:f16:10368:u(-1,1) gen:f16:39168:u(-1,1) zeros:f16:19584 i32:72 i32:272 i32:144
// GPU-CHECK: gemm_nt_e4m3 grid=2,2 tol=rel=1e-3,abs=1e-3 args gen:f8E4M3FN:21760:i(0,110) gen:f8E4M3FN:23040:i(0,110) zeros:f32:19584 i32:136 i32:144 i32:160
// GPU-CHECK: gemm_nt_e5m2_fast grid=2,2 tol=rel=1e-2,abs=1e-2 args gen:f8E5M2:21760:i(0,90) gen:f8E5M2:23040:i(0,90) zeros:f32:19584 i32:136 i32:144 i32:160
// GPU-CHECK: gemm_bf16 grid=2,2 tol=rel=1e-2,abs=2e-2 args gen:bf16:10880:u(-1,1) gen:bf16:11520:u(-1,1) zeros:bf16:19584 i32:136 i32:144 i32:80
// GPU-CHECK: gemm_deep_step grid=2,2 tol=rel=1e-2,abs=4e-2 args gen:f16:28288:u(-1,1) gen:f16:56576:u(-1,1) zeros:f16:36992 i32:136 i32:272 i32:208
// GPU-CHECK: gemm_f32_tf32 grid=2,2 tol=rel=1e-3,abs=2e-3 args gen:f32:10880:u(-1,1) gen:f32:11520:u(-1,1) zeros:f32:19584 i32:136 i32:144 i32:80
// GPU-CHECK: gemm_f32_tf32_deep_step grid=2,2 tol=rel=1e-3,abs=4e-3 args gen:f32:28288:u(-1,1) gen:f32:29952:u(-1,1) zeros:f32:19584 i32:136 i32:144 i32:208
// GPU-CHECK: gemm_f32_tf32_small grid=2,2 tol=rel=1e-3,abs=2e-3 args gen:f32:1440:u(-1,1) gen:f32:5376:u(-1,1) zeros:f32:3360 i32:30 i32:112 i32:48
// GPU-CHECK: gemm_nt_tf32 grid=2,2 tol=rel=1e-3,abs=2e-3 args gen:tf32:10880:u(-1,1) gen:f32:11520:u(-1,1) zeros:f32:19584 i32:136 i32:144 i32:80
// GPU-CHECK: gemm_nt_i8 grid=2,2 tol=exact args gen:i8:21760:bits gen:i8:23040:bits zeros:i32:19584 i32:136 i32:144 i32:160
cuda_tile.module @gemm {
  entry @gemm_f16(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_wide_f16(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_deep_step(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x256xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x256xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x128xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(128x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x128xf16>, tile<128x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %out = ftof %acc : tile<128x256xf32> -> tile<128x256xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_f16(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_f16_align4(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<4>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<4>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<4>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<4>, %k : tile<i32>
    %ns = assume div_by<4>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_bf16(%a_arg: tile<ptr<bf16>>, %b_arg: tile<ptr<bf16>>, %c_arg: tile<ptr<bf16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<bf16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<bf16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<bf16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xbf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<128x32xbf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<32x128xbf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xbf16>, tile<32x128xbf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %out = ftof %acc : tile<128x128xf32> -> tile<128x128xbf16>
    %done = store_view_tko weak %out, %c_pv[%by, %bx] : tile<128x128xbf16>, partition_view<tile=(128x128), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_wide_f16acc(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f16>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f16>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x256), tensor_view<?x?xf16, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f16: 0.0> : tile<64x256xf16>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x256xf16>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x256), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %at, %bt, %sum : tile<64x64xf16>, tile<64x256xf16>, tile<64x256xf16>
      continue %next : tile<64x256xf16>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<64x256xf16>, partition_view<tile=(64x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_e4m3(%a_arg: tile<ptr<f8E4M3FN>>, %b_arg: tile<ptr<f8E4M3FN>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f8E4M3FN>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f8E4M3FN>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xf8E4M3FN>, token
      %next = mmaf %at, %bt, %sum : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_e5m2_fast(%a_arg: tile<ptr<f8E5M2>>, %b_arg: tile<ptr<f8E5M2>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f8E5M2>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f8E5M2>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E5M2, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E5M2, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>>, tile<i32> -> tile<128x64xf8E5M2>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xf8E5M2>, token
      %next = mmaf %at, %bt, %sum fast_acc : tile<128x64xf8E5M2>, tile<64x128xf8E5M2>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_f32_tf32(%a_arg: tile<ptr<f32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x32xf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x128xf32>, token
      %ar = ftof %at : tile<128x32xf32> -> tile<128x32xtf32>
      %br = ftof %bt rounding<nearest_away> : tile<32x128xf32> -> tile<32x128xtf32>
      %next = mmaf %ar, %br, %sum : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_f32_tf32_small(%a_arg: tile<ptr<f32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(16x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(16x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<16x64xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<16x64xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(16x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
      %ar = ftof %at : tile<16x16xf32> -> tile<16x16xtf32>
      %br = ftof %bt rounding<nearest_away> : tile<16x64xf32> -> tile<16x64xtf32>
      %next = mmaf %ar, %br, %sum : tile<16x16xtf32>, tile<16x64xtf32>, tile<16x64xf32>
      continue %next : tile<16x64xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_f32_tf32_deep_step(%a_arg: tile<ptr<f32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<f32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x128xf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<128x128xf32>, token
      %ar = ftof %at : tile<128x128xf32> -> tile<128x128xtf32>
      %br = ftof %bt rounding<nearest_away> : tile<128x128xf32> -> tile<128x128xtf32>
      %next = mmaf %ar, %br, %sum : tile<128x128xtf32>, tile<128x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_tf32(%a_arg: tile<ptr<tf32>>, %b_arg: tile<ptr<f32>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<tf32>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f32>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xtf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xtf32, strides=[?,1]>>, tile<i32> -> tile<128x32xtf32>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x128xf32>, token
      %br = ftof %bt rounding<zero> : tile<32x128xf32> -> tile<32x128xtf32>
      %next = mmaf %at, %br, %sum : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }

  entry @gemm_nt_i8(%a_arg: tile<ptr<i8>>, %b_arg: tile<ptr<i8>>, %c_arg: tile<ptr<i32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<i8>>
    %b = assume div_by<16>, %b_arg : tile<ptr<i8>>
    %c = assume div_by<16>, %c_arg : tile<ptr<i32>>
    %ks = assume div_by<16>, %k : tile<i32>
    %ns = assume div_by<16>, %n : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%m, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%n, %k], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>, dim_map=[1, 0]>
    %c_tv = make_tensor_view %c, shape = [%m, %n], strides = [%ns, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xi32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %a_pv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<128x128xi32>
    %acc = for %kk in (%c0 to %tiles_k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xi32>) {
      %at, %t0 = load_view_tko weak %a_pv[%by, %kk] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<128x64xi8>, token
      %bt, %t1 = load_view_tko weak %b_pv[%kk, %bx] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<64x128xi8>, token
      %next = mmai %at, %bt, %sum signed unsigned : tile<128x64xi8>, tile<64x128xi8>, tile<128x128xi32>
      continue %next : tile<128x128xi32>
    }
    %done = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
