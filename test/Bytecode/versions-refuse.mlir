// A target version refuses every construct introduced after it, with a
// diagnostic at the construct naming the version that introduced it; the
// version that introduced it accepts it. Newer attributes holding their
// default value are not refusals.
//
// RUN: not %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -split-input-file -bytecode-version=13.1 %s -o %t.131 2>&1 | FileCheck %s --check-prefix=V131
// RUN: not %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -split-input-file -bytecode-version=13.2 %s -o %t.132 2>&1 | FileCheck %s --check-prefix=V132
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -split-input-file -bytecode-version=13.3 %s -o %t.133 2>&1 | FileCheck %s --check-prefix=V133 --allow-empty
// V133-NOT: error

// V131: :{{[0-9]+}}:10: error: operation 'cuda_tile.atan2' is not available in bytecode version 13.1
// V132-NOT: atan2
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %r = atan2 %x, %x : tile<f32>
    return
  }
}

// -----

// V131: error: type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1
cuda_tile.module @m {
  entry @k() {
    %c = constant <f8E8M0FNU: 1.0> : tile<2xf8E8M0FNU>
    return
  }
}

// -----

// V131: error: type 'Int4' requires bytecode version 13.3+, targeting 13.1
// V132: error: type 'Int4' requires bytecode version 13.3+, targeting 13.2
cuda_tile.module @m {
  entry @k(%x: tile<i4>) {
    %w = exti %x signed : tile<i4> -> tile<i32>
    return
  }
}

// -----

// V131: error: type 'Float4E2M1FN' requires bytecode version 13.3+, targeting 13.1
// V132: error: type 'Float4E2M1FN' requires bytecode version 13.3+, targeting 13.2
cuda_tile.module @m {
  entry @k() {
    %c = constant <f4E2M1FN: 0.5> : tile<2xf4E2M1FN>
    return
  }
}

// -----

// A dialect type is named by its C++ class, as the reference names it.
// V131: error: type 'StridedViewType' requires bytecode version 13.3+, targeting 13.1
// V132: error: type 'StridedViewType' requires bytecode version 13.3+, targeting 13.2
cuda_tile.module @m {
  entry @k(%v: strided_view<tile=(2x2), traversal_strides=[2,2], padding_value = zero, tensor_view<2x2xi32, strides=[2,1]>>) {
    return
  }
}

// -----

// V131: error: operation 'cuda_tile.make_strided_view' is not available in bytecode version 13.1
// V132: error: operation 'cuda_tile.make_strided_view' is not available in bytecode version 13.2
// V131: error: operation 'cuda_tile.make_gather_scatter_view' is not available in bytecode version 13.1
// V132: error: operation 'cuda_tile.make_gather_scatter_view' is not available in bytecode version 13.2
cuda_tile.module @m {
  entry @strided(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 48], strides = [48, 1] : tensor_view<64x48xf32, strides=[48,1]>
    %sv = make_strided_view %tv : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @gather(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 48], strides = [48, 1] : tensor_view<64x48xf32, strides=[48,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), tensor_view<64x48xf32, strides=[48,1]>, sparse_dim=0>
    return
  }
}

// -----

// V131: error: operation 'cuda_tile.pack' is not available in bytecode version 13.1
// V132: error: operation 'cuda_tile.pack' is not available in bytecode version 13.2
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: 1.0> : tile<4xf16>
    %b = pack %h : tile<4xf16> -> tile<8xi8>
    return
  }
}

// -----

// V131: error: operation 'cuda_tile.unpack' is not available in bytecode version 13.1
// V132: error: operation 'cuda_tile.unpack' is not available in bytecode version 13.2
cuda_tile.module @m {
  entry @k() {
    %b = constant <i8: 1> : tile<8xi8>
    %h = unpack %b : tile<8xi8> -> tile<4xf16>
    return
  }
}

// -----

// V131: error: operation 'cuda_tile.alloca' is not available in bytecode version 13.1
// V132: error: operation 'cuda_tile.alloca' is not available in bytecode version 13.2
cuda_tile.module @m {
  entry @k() {
    %a = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    return
  }
}

// -----

// V131: error: operation 'cuda_tile.mmaf_scaled' is not available in bytecode version 13.1
// V132: error: operation 'cuda_tile.mmaf_scaled' is not available in bytecode version 13.2
cuda_tile.module @m {
  entry @k() {
    %acc = constant <f32: 0.0> : tile<32x32xf32>
    %a = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %sa = constant <f8E8M0FNU: 1.0> : tile<32x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x32xf8E8M0FNU>
    %r = mmaf_scaled %a, %b, %acc, %sa, %sb : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    return
  }
}

// -----

// V131: error: operation 'cuda_tile.atomic_red_view_tko' is not available in bytecode version 13.1
// V132: error: operation 'cuda_tile.atomic_red_view_tko' is not available in bytecode version 13.2
cuda_tile.module @m {
  entry @k(%ip: tile<ptr<i32>>) {
    %tv = make_tensor_view %ip, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>
    %c = constant <i32: 0> : tile<i32>
    %v = constant <i32: 1> : tile<16x16xi32>
    %t = atomic_red_view_tko relaxed device %pv[%c, %c], add, %v : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// V131: error: attribute 'overflow' requires bytecode version 13.2+, but targeting 13.1
cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    %default = negi %x overflow<none> : tile<i32>
    %n = negi %x overflow<no_signed_wrap> : tile<i32>
    return
  }
}

// -----

// V131: error: attribute 'rounding_mode' requires bytecode version 13.2+, but targeting 13.1
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %default = tanh %x rounding<full> : tile<f32>
    %a = tanh %x rounding<approx> : tile<f32>
    return
  }
}

// -----

// V131: error: optional attribute 'unsignedCmp' is provided but requires bytecode version 13.2, targeting 13.1
cuda_tile.module @m {
  entry @k(%hi: tile<i32>) {
    %lo = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for unsigned %i in (%lo to %hi, step %one) : tile<i32> {
      continue
    }
    return
  }
}

// -----

// V131: error: result 'result_token' requires bytecode version 13.2 but is being used and targeting 13.1. Cannot serialize to older bytecode version when newer features are used.
cuda_tile.module @m {
  entry @k() {
    %unused = print_tko "no token\n" -> token
    %t = print_tko "first\n" -> token
    %u = print_tko "second\n" token=%t -> token
    return
  }
}

// -----

// V131: error: optional operand 'token' is provided but requires bytecode version 13.2, targeting 13.1
cuda_tile.module @m {
  entry @k(%t: token) {
    %u = print_tko "ordered\n" token=%t -> token
    return
  }
}

// -----

// V131: error: attribute 'rounding_mode' requires bytecode version 13.3+, but targeting 13.1
// V132: error: attribute 'rounding_mode' requires bytecode version 13.3+, but targeting 13.2
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %default = exp %x rounding<full> : tile<f32>
    %a = exp %x rounding<approx> : tile<f32>
    return
  }
}

// -----

// V131: error: optional attribute 'fast_acc' is provided but requires bytecode version 13.3, targeting 13.1
// V132: error: optional attribute 'fast_acc' is provided but requires bytecode version 13.3, targeting 13.2
cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %a, %b, %c fast_acc : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    return
  }
}

// -----

// V131: error: global `hidden` uses non-public symbol visibility, which cannot be encoded in bytecode version 13.1 (requires bytecode 13.3+)
// V132: error: global `hidden` uses non-public symbol visibility, which cannot be encoded in bytecode version 13.2 (requires bytecode 13.3+)
cuda_tile.module @m {
  global private @hidden <i32: [1, 2]> : tile<2xi32>
}

// -----

// V131: error: constant global `table` cannot be encoded in bytecode version 13.1 (the `constant` attribute requires bytecode 13.3+)
// V132: error: constant global `table` cannot be encoded in bytecode version 13.2 (the `constant` attribute requires bytecode 13.3+)
cuda_tile.module @m {
  global public @visible <i32: [1, 2]> : tile<2xi32>
  global constant @table <f32: [0.0, 1.0]> : tile<2xf32>
}
