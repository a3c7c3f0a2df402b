// REQUIRES: libdevice
// Tile IR 13.4 ops in PTX: griddepcontrol from sm_90 only, the alias proxy
// fence, insert through the generic gather, fpowi through libdevice's powi.
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s --check-prefix=SM90
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.90.ptx && %ptxas -arch=sm_90 %t.90.ptx -o %t.90.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.80.ptx && %ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin %}
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_100 %s -o %t.100.ptx && %ptxas -arch=sm_100 %t.100.ptx -o %t.100.cubin %}

// SM90-LABEL: .entry pdl(
// SM90: griddepcontrol.wait;
// SM90: fence.proxy.alias;
// SM90: griddepcontrol.launch_dependents;
// SM80-LABEL: .entry pdl(
// SM80-NOT: griddepcontrol
// SM80: fence.proxy.alias;
// SM80-NOT: griddepcontrol
// SM80: ret;

// SM90-LABEL: .entry insert_pow(
// SM90: ret;

// `inbounds` on view loads and stores compiles (the code generator does not
// use the promise yet).
// SM90-LABEL: .entry inbounds_copy(
// SM90: ld.global
// SM90: st.global
// SM90: ret;
cuda_tile.module @m {
  entry @pdl(%p: tile<ptr<f32>>) {
    %w = gdc_wait_tko -> token
    %f = memory_fence_alias_tko token = %w -> token
    %v = constant <f32: 1.0> : tile<f32>
    %s = store_ptr_tko weak %p, %v token=%f : tile<ptr<f32>>, tile<f32> -> token
    %l = gdc_launch_dependents_tko token = %s -> token
    return
  }

  entry @insert_pow(%p: tile<ptr<f32>>, %k: tile<i32>) {
    %i = iota : tile<128xi32>
    %x = itof %i signed : tile<128xi32> -> tile<128xf32>
    %n8 = trunci %i : tile<128xi32> -> tile<128xi8>
    %pw = fpowi %x, %n8 : tile<128xf32>, tile<128xi8>
    %h = ftof %x : tile<128xf32> -> tile<128xf16>
    %ph = fpowi %h, %i : tile<128xf16>, tile<128xi32>
    %d = ftof %x : tile<128xf32> -> tile<128xf64>
    %pd = fpowi %d, %i : tile<128xf64>, tile<128xi32>
    %hf = ftof %ph : tile<128xf16> -> tile<128xf32>
    %df = ftof %pd : tile<128xf64> -> tile<128xf32>
    %sum0 = addf %pw, %hf : tile<128xf32>
    %sum = addf %sum0, %df : tile<128xf32>
    %part = constant <f32: 7.0> : tile<32xf32>
    %ins = insert %part, %sum[%k] : tile<32xf32> -> tile<128xf32>
    %sat = ftoi %ins signed saturating : tile<128xf32> -> tile<128xi16>
    %back = itof %sat signed : tile<128xi16> -> tile<128xf32>
    %bp = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %bp : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %ptrs = offset %bb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t = store_ptr_tko weak %ptrs, %back : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }

  entry @inbounds_copy(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %sv = make_tensor_view %src, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %dv = make_tensor_view %dst, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %sp = make_partition_view %sv : partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>>
    %dp = make_partition_view %dv : partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>>
    %t, %k = load_view_tko weak %sp[%bx, %c0] inbounds = [true, true] : partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x32xf32>, token
    %w = store_view_tko weak %t, %dp[%bx, %c0] inbounds = [true, false] token = %k : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
