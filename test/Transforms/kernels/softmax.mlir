// Row softmax over rows longer than one tile, as a frontend emits it: a
// first loop keeps the running maximum and the running sum of exponentials
// (online softmax), a second loop normalizes and stores. Each array has its
// own token chain through the loops; the chunk count is a Python ceil
// division and the row index is checked against the row count.
//
// RUN: cuda-tile-optimize -O3 %s | FileCheck %s
// RUN: cuda-tile-optimize -O3 --fuse-fma %s | FileCheck %s --check-prefix=FMA
// RUN: cuda-tile-optimize -O3 --fuse-fma %s | cuda-tile-opt -no-implicit-module -verify-diagnostics

// CHECK-LABEL: entry @softmax
// The broadcast of the row maximum and of the sum leave the second loop.
// CHECK: continue %{{.*}}, %{{.*}} : tile<1xf32>, tile<1xf32>
// CHECK: %[[M:.*]] = broadcast
// CHECK: %[[S:.*]] = broadcast
// CHECK: for
// CHECK: load_view_tko weak %{{[^ ]*}}[%{{.*}}, %loopIdx] :
// CHECK: subf %{{.*}}, %[[M]]
// CHECK: divf %{{.*}}, %[[S]]
// Loads of x only read; the stores of y each write their own tile: no
// iteration waits for another, and no token is left.
// CHECK-NOT: {{[[:space:]]token ?= ?%}}
// CHECK: store_view_tko weak %{{.*}}, %{{.*}}[%{{.*}}, %loopIdx] :
// CHECK-NOT: {{[[:space:]]token ?= ?%}}
// CHECK: return

// FMA-LABEL: entry @softmax
// FMA: fma

cuda_tile.module @softmax {
  entry @softmax(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>,
                 %rows_arg: tile<i32>, %cols_arg: tile<i32>) {
    %rows = assume bounded<1, 1048576>, %rows_arg : tile<i32>
    %cols = assume bounded<1, 1048576>, %cols_arg : tile<i32>
    %xv = make_tensor_view %x_ptr, shape = [%rows, %cols], strides = [%cols, 1]
        : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %yv = make_tensor_view %y_ptr, shape = [%rows, %cols], strides = [%cols, 1]
        : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %xp = make_partition_view %xv
        : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
    %yp = make_partition_view %yv
        : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c255 = constant <i32: 255> : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    // Rows past the end have nothing to do.
    %past = cmpi greater_than_or_equal %row, %rows, signed : tile<i32> -> tile<i1>
    if %past {
      return
    }
    // chunks = (cols + 255) // 256
    %cols255 = addi %cols, %c255 : tile<i32>
    %chunks = divi %cols255, %c256 signed rounding<negative_inf> : tile<i32>

    %ninf = constant <f32: 0xFF800000> : tile<1xf32>
    %fzero = constant <f32: 0.0> : tile<1xf32>
    %tok = make_token : token
    %max, %sum, %tx = for %j in (%c0 to %chunks, step %c1) : tile<i32>
        iter_values(%m0 = %ninf, %s0 = %fzero, %t0 = %tok)
        -> (tile<1xf32>, tile<1xf32>, token) {
      %v, %t1 = load_view_tko weak %xp[%row, %j] token = %t0
          : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32>
          -> tile<1x256xf32>, token
      %cm = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<1x256xf32> -> tile<1xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %mx = maxf %a, %b : tile<f32>
          yield %mx : tile<f32>
        }
      %m1 = maxf %m0, %cm : tile<1xf32>
      %dm = subf %m0, %m1 : tile<1xf32>
      %scale = exp %dm : tile<1xf32>
      %m1r = reshape %m1 : tile<1xf32> -> tile<1x1xf32>
      %m1b = broadcast %m1r : tile<1x1xf32> -> tile<1x256xf32>
      %sh = subf %v, %m1b : tile<1x256xf32>
      %e = exp %sh : tile<1x256xf32>
      %es = reduce %e dim=1 identities=[0.0 : f32] : tile<1x256xf32> -> tile<1xf32>
        (%a: tile<f32>, %b: tile<f32>) {
          %ad = addf %a, %b : tile<f32>
          yield %ad : tile<f32>
        }
      %sc = mulf %s0, %scale : tile<1xf32>
      %s1 = addf %sc, %es : tile<1xf32>
      continue %m1, %s1, %t1 : tile<1xf32>, tile<1xf32>, token
    }
    %tx2, %ty = for %j in (%c0 to %chunks, step %c1) : tile<i32>
        iter_values(%t0 = %tok, %u0 = %tok) -> (token, token) {
      %v, %t1 = load_view_tko weak %xp[%row, %j] token = %t0
          : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32>
          -> tile<1x256xf32>, token
      %mr = reshape %max : tile<1xf32> -> tile<1x1xf32>
      %mb = broadcast %mr : tile<1x1xf32> -> tile<1x256xf32>
      %sr = reshape %sum : tile<1xf32> -> tile<1x1xf32>
      %sb = broadcast %sr : tile<1x1xf32> -> tile<1x256xf32>
      %sh = subf %v, %mb : tile<1x256xf32>
      %e = exp %sh : tile<1x256xf32>
      %o = divf %e, %sb : tile<1x256xf32>
      %u1 = store_view_tko weak %o, %yp[%row, %j] token = %u0
          : tile<1x256xf32>, partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32>
          -> token
      continue %t1, %u1 : token, token
    }
    return
  }
}
