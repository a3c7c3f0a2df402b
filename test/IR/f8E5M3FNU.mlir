// 13.4's f8E5M3FNU: an element type of tiles, pointers and views, moved by
// loads, stores and shape ops and converted by ftof; no arithmetic, no
// literals. Printed bare inside cuda_tile types and as !cuda_tile.f8E5M3FNU
// elsewhere.
// RUN: cuda-tile-opt %s -split-input-file -allow-unregistered-dialect | cuda-tile-opt -split-input-file -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: entry @memory
// CHECK-SAME: (%{{.*}}: tile<ptr<f8E5M3FNU>>)
// CHECK: make_tensor_view %{{.*}} : tensor_view<8xf8E5M3FNU, strides=[1]>
// CHECK: load_ptr_tko weak %{{.*}} : tile<8xptr<f8E5M3FNU>> -> tile<8xf8E5M3FNU>, token
// CHECK: reshape %{{.*}} : tile<8xf8E5M3FNU> -> tile<2x4xf8E5M3FNU>
// CHECK: ftof %{{.*}} : tile<8xf8E5M3FNU> -> tile<8xf32>
// CHECK: ftof %{{.*}} : tile<8xf32> -> tile<8xf8E5M3FNU>
// CHECK: ftof %{{.*}} rounding<zero> : tile<8xf8E5M3FNU> -> tile<8xf16>
// CHECK: ftof %{{.*}} rounding<positive_inf> : tile<8xf8E5M3FNU> -> tile<8xbf16>
// CHECK: store_ptr_tko weak %{{.*}}, %{{.*}} : tile<8xptr<f8E5M3FNU>>, tile<8xf8E5M3FNU> -> token
cuda_tile.module @m {
  entry @memory(%p: tile<ptr<f8E5M3FNU>>) {
    %view = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf8E5M3FNU, strides=[1]>
    %p1 = reshape %p : tile<ptr<f8E5M3FNU>> -> tile<1xptr<f8E5M3FNU>>
    %ps = broadcast %p1 : tile<1xptr<f8E5M3FNU>> -> tile<8xptr<f8E5M3FNU>>
    %off = iota : tile<8xi32>
    %pp = offset %ps, %off : tile<8xptr<f8E5M3FNU>>, tile<8xi32> -> tile<8xptr<f8E5M3FNU>>
    %v, %t = load_ptr_tko weak %pp : tile<8xptr<f8E5M3FNU>> -> tile<8xf8E5M3FNU>, token
    %r = reshape %v : tile<8xf8E5M3FNU> -> tile<2x4xf8E5M3FNU>
    %f = ftof %v : tile<8xf8E5M3FNU> -> tile<8xf32>
    %g = ftof %f : tile<8xf32> -> tile<8xf8E5M3FNU>
    %h = ftof %v rounding<zero> : tile<8xf8E5M3FNU> -> tile<8xf16>
    %b = ftof %v rounding<positive_inf> : tile<8xf8E5M3FNU> -> tile<8xbf16>
    %t2 = store_ptr_tko weak %pp, %g token = %t : tile<8xptr<f8E5M3FNU>>, tile<8xf8E5M3FNU> -> token
    return
  }
}

// -----

// CHECK-LABEL: entry @views
// CHECK: load_view_tko weak %{{.*}}[%{{.*}}] : partition_view<tile=(4), tensor_view<8xf8E5M3FNU, strides=[1]>>, tile<i32> -> tile<4xf8E5M3FNU>, token
cuda_tile.module @m {
  entry @views(%p: tile<ptr<f8E5M3FNU>>) {
    %view = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf8E5M3FNU, strides=[1]>
    %part = make_partition_view %view : partition_view<tile=(4), tensor_view<8xf8E5M3FNU, strides=[1]>>
    %i = constant <i32: 1> : tile<i32>
    %x, %t = load_view_tko weak %part[%i] : partition_view<tile=(4), tensor_view<8xf8E5M3FNU, strides=[1]>>, tile<i32> -> tile<4xf8E5M3FNU>, token
    return
  }
}

// -----

// The dialect type on its own, outside cuda_tile types.
// CHECK-LABEL: "some.op"
// CHECK-SAME: !cuda_tile.f8E5M3FNU
"some.op"() : () -> !cuda_tile.f8E5M3FNU
