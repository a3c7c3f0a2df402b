// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: not %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_70 %s 2>&1 | FileCheck %s --check-prefix=BADGPU
// RUN: not %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80a %s 2>&1 | FileCheck %s --check-prefix=BADSUFFIX
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90a %s | FileCheck %s --check-prefix=SM90A
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// The kernel ABI (docs/codegen.md): each scalar tile argument is one
// parameter holding its element's storage bits (i1 and 8-bit floats one
// byte, f16 / bf16 two bytes), a pointer is 64 bits, a tensor_view is its
// base pointer followed by one i64 per dynamic dimension and one i64 per
// dynamic stride, and a token has no parameter.

// CHECK-LABEL: .visible .entry abi(
// CHECK-NEXT: .param .u8 abi_param_0,
// CHECK-NEXT: .param .align 2 .b8 abi_param_1[2],
// CHECK-NEXT: .param .align 2 .b8 abi_param_2[2],
// CHECK-NEXT: .param .u8 abi_param_3,
// CHECK-NEXT: .param .u64 abi_param_4,
// CHECK-NEXT: .param .f64 abi_param_5,
// CHECK-NEXT: .param .u64 .ptr .align 1 abi_param_6,
// CHECK-NEXT: .param .u64 abi_param_7,
// CHECK-NEXT: .param .u64 abi_param_8,
// CHECK-NEXT: .param .u64 .ptr .align 1 abi_param_9
// CHECK-NEXT: )
// CHECK-NEXT: .reqntid 128, 1, 1

// A pointer the kernel asserts div_by<N> is a parameter of that alignment
// (the largest N asserted); without one it stays at 1.
// CHECK-LABEL: .visible .entry aligned(
// CHECK-NEXT: .param .u64 .ptr .align 16 aligned_param_0,
// CHECK-NEXT: .param .u64 .ptr .align 1 aligned_param_1,
// CHECK-NEXT: .param .u64 .ptr .align 1 aligned_param_2

// The occupancy hint of the target (CTAs per SM) becomes .minnctapersm.
// CHECK-LABEL: .visible .entry occupied(
// CHECK: .reqntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 2

// BADGPU: error: unsupported GPU 'sm_70'; expected one of sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_120
// BADGPU-NOT: see current operation
// Only sm_90 has an architecture-specific variant the generator targets.
// BADSUFFIX: error: unsupported GPU 'sm_80a'
// sm_90a: PTX 8.0 (wgmma), its own target; the occupancy hint of sm_90
// applies to it.
// SM90A: .version 8.0
// SM90A-NEXT: .target sm_90a
// SM90A-LABEL: .visible .entry occupied(
// SM90A: .minnctapersm 2
cuda_tile.module @m {
  entry @abi(%b: tile<i1>, %h: tile<f16>, %bf: tile<bf16>, %e: tile<f8E4M3FN>, %l: tile<i64>, %d: tile<f64>, %tv: tensor_view<?x64xf32, strides=[?,1]>, %tok: token, %p: tile<ptr<f32>>) {
    %pv = make_partition_view %tv : partition_view<tile=(2x64), tensor_view<?x64xf32, strides=[?,1]>>
    %z = constant <i32: 0> : tile<i32>
    %t, %t0 = load_view_tko weak %pv[%z, %z] : partition_view<tile=(2x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> tile<2x64xf32>, token
    %hf = ftof %h : tile<f16> -> tile<f32>
    %bff = ftof %bf : tile<bf16> -> tile<f32>
    %ef = ftof %e : tile<f8E4M3FN> -> tile<f32>
    %lf = itof %l signed : tile<i64> -> tile<f32>
    %df = ftof %d : tile<f64> -> tile<f32>
    %s1 = addf %hf, %bff : tile<f32>
    %s2 = addf %s1, %ef : tile<f32>
    %s3 = addf %s2, %lf : tile<f32>
    %s4 = addf %s3, %df : tile<f32>
    %s5 = select %b, %s4, %df : tile<i1>, tile<f32>
    %r = reshape %s5 : tile<f32> -> tile<1x1xf32>
    %rb = broadcast %r : tile<1x1xf32> -> tile<2x64xf32>
    %sum = addf %t, %rb : tile<2x64xf32>
    %pp = make_tensor_view %p, shape = [2, 64], strides = [64, 1] : tensor_view<2x64xf32, strides=[64,1]>
    %pq = make_partition_view %pp : partition_view<tile=(2x64), tensor_view<2x64xf32, strides=[64,1]>>
    %s = store_view_tko weak %sum, %pq[%z, %z] token=%tok : tile<2x64xf32>, partition_view<tile=(2x64), tensor_view<2x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  entry @aligned(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a : tile<ptr<f32>>
    %a4 = assume div_by<4>, %a : tile<ptr<f32>>
    %b12 = assume div_by<1>, %b : tile<ptr<f32>>
    %v = constant <f32: 1.0> : tile<f32>
    %t0 = store_ptr_tko weak %a16, %v : tile<ptr<f32>>, tile<f32> -> token
    %t1 = store_ptr_tko weak %b12, %v : tile<ptr<f32>>, tile<f32> -> token
    %t2 = store_ptr_tko weak %c, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  entry @occupied(%p: tile<ptr<f32>>) optimization_hints=<sm_80 = {occupancy = 4}, sm_90 = {occupancy = 2}> {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
