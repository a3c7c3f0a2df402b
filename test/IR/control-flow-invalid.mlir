// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  // expected-note @+1 {{see unexpected ancestor operation}}
  entry @k(%c: tile<i1>) {
    if %c {
      // expected-error @+1 {{can only be nested within a ancestor chain of 'cuda_tile.loop', 'cuda_tile.if' operations}}
      break
    }
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{see unexpected ancestor operation}}
  entry @k(%c: tile<i1>) {
    if %c {
      // expected-error @+1 {{can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations}}
      continue
    }
    return
  }
}

// -----

// break leaves a loop, never a for.
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    for %i in (%n to %n, step %n) : tile<i32> {
      // expected-error @+1 {{'cuda_tile.break' op expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'}}
      break
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %r = for %i in (%z to %n, step %n) : tile<i32> iter_values(%a = %z) -> (tile<i32>) {
      // expected-error @+1 {{`for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: ('!cuda_tile.tile<i32>'), but found: ()}}
      continue
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %r = loop : tile<f32> {
      // expected-error @+1 {{operand types must correspond to the parent loop result types: ('!cuda_tile.tile<i32>') vs ('!cuda_tile.tile<f32>')}}
      break %z : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %f = constant <f32: 0.0> : tile<f32>
    %r = loop iter_values(%a = %z) : tile<i32> -> tile<i32> {
      // expected-error @+1 {{`loop` is missing a valid terminator. `continue` op should have operand types that match the parent loop iter_values: ('!cuda_tile.tile<i32>'), but found: ('!cuda_tile.tile<f32>')}}
      continue %f : tile<f32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    %z = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{has non-empty return type, must define else branch}}
    %r = if %c -> (tile<i32>) {
      yield %z : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    %z = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.if' op type does not match yield type, then branch yields '!cuda_tile.tile<i32>' but op result type is '!cuda_tile.tile<f32>'}}
    %r = if %c -> (tile<f32>) {
      yield %z : tile<i32>
    } else {
      yield %z : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-note @+1 {{prior use here}}
  entry @k(%c: tile<i32>) {
    // The condition is always read as tile<i1>.
    // expected-error @+1 {{use of value '%c' expects different type than prior uses: '!cuda_tile.tile<i1>' vs '!cuda_tile.tile<i32>'}}
    if %c {
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%f: tile<f32>) {
    // expected-error @+1 {{op operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values}}
    for %i in (%f to %f, step %f) : tile<f32> {
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    loop {
      // expected-error @+1 {{'cuda_tile.return' op expects parent op to be one of 'cuda_tile.entry, cuda_tile.if, cuda_tile.testing$func'}}
      return
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{'cuda_tile.yield' op expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
    yield
  }
}

// -----


// The operand-less `continue` implied by an empty body does not carry the
// loop's values.
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{`loop` is missing a valid terminator. `continue` op should have operand types that match the parent loop iter_values: ('!cuda_tile.tile<i32>'), but found: ()}}
    loop iter_values(%a = %z) : tile<i32> {}
    return
  }
}

// -----

// expected-error @+1 {{'cuda_tile.continue' op expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'}}
cuda_tile.continue

// -----

// expected-error @+1 {{'cuda_tile.break' op expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'}}
cuda_tile.break

// -----

// The generic form can give `for` a body that does not fit its operands.
cuda_tile.module @m {
  entry @k() {
    %z = constant <i16: 0> : tile<i16>
    // expected-error @+1 {{'cuda_tile.for' op expected induction variable to be same type as bounds and step: '!cuda_tile.tile<i32>' vs '!cuda_tile.tile<i16>'}}
    "cuda_tile.for"(%z, %z, %z) ({
    ^bb0(%iv: !cuda_tile.tile<i32>):
      "cuda_tile.continue"() : () -> ()
    }) : (!cuda_tile.tile<i16>, !cuda_tile.tile<i16>, !cuda_tile.tile<i16>) -> ()
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %z = constant <i16: 0> : tile<i16>
    %f = constant <f16: 1.0> : tile<f16>
    // expected-error @+1 {{'cuda_tile.for' op mismatch in number of region iterator values and loop iterator inits: 0 vs 1}}
    %r = "cuda_tile.for"(%z, %z, %z, %f) ({
    ^bb0(%iv: !cuda_tile.tile<i16>):
      "cuda_tile.continue"(%f) : (!cuda_tile.tile<f16>) -> ()
    }) : (!cuda_tile.tile<i16>, !cuda_tile.tile<i16>, !cuda_tile.tile<i16>, !cuda_tile.tile<f16>) -> !cuda_tile.tile<f16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %z = constant <i16: 0> : tile<i16>
    %f = constant <f16: 1.0> : tile<f16>
    // expected-error @+1 {{'cuda_tile.for' op init value 0 and region iter_value 0 have different type: '!cuda_tile.tile<f16>' != '!cuda_tile.tile<bf16>'}}
    %r = "cuda_tile.for"(%z, %z, %z, %f) ({
    ^bb0(%iv: !cuda_tile.tile<i16>, %acc: !cuda_tile.tile<bf16>):
      "cuda_tile.continue"(%f) : (!cuda_tile.tile<f16>) -> ()
    }) : (!cuda_tile.tile<i16>, !cuda_tile.tile<i16>, !cuda_tile.tile<i16>, !cuda_tile.tile<f16>) -> !cuda_tile.tile<f16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{found different number of iter_values and types}}
    loop iter_values(%x = %a) : tile<i32>, tile<i32> {
      continue %x : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{mismatch in number of loop-carried values and defined values}}
    %r = for %i in (%a to %a, step %a) : tile<i32> iter_values(%x = %a) -> (tile<i32>, tile<i32>) {
      continue %x : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i64: 0> : tile<i64>
    // expected-error @+1 {{'cuda_tile.loop' op init value 0 and region iter_value 0 have different type: '!cuda_tile.tile<i64>' != '!cuda_tile.tile<i16>'}}
    "cuda_tile.loop"(%a) ({
    ^bb0(%x: !cuda_tile.tile<i16>):
      cuda_tile.break
    }) : (!cuda_tile.tile<i64>) -> ()
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: tensor_view<16xf32, strides=[1]>) {
    %a = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.for' op loop-carried value 0 is a tensor_view, which is not supported}}
    %r = for %i in (%a to %a, step %a) : tile<i32> iter_values(%x = %v) -> (tensor_view<16xf32, strides=[1]>) {
      continue %x : tensor_view<16xf32, strides=[1]>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: tensor_view<16xf32, strides=[1]>) {
    %p = make_partition_view %v : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>
    // expected-error @+1 {{'cuda_tile.loop' op result type 0 is a tile view, which is not supported}}
    %r = loop : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>> {
      break %p : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>, %v: tensor_view<16xf32, strides=[1]>) {
    // expected-error @+1 {{'cuda_tile.if' op result type 0 is a tensor_view, which is not supported}}
    %r = if %c -> (tensor_view<16xf32, strides=[1]>) {
      yield %v : tensor_view<16xf32, strides=[1]>
    } else {
      yield %v : tensor_view<16xf32, strides=[1]>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    %z = constant <f16: 0.0> : tile<f16>
    // expected-error @+1 {{'cuda_tile.if' op has return type of '!cuda_tile.tile<f16>' but then branch does not yield anything}}
    %r = if %c -> (tile<f16>) {
      yield
    } else {
      yield %z : tile<f16>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    %z = constant <f16: 0.0> : tile<f16>
    // expected-error @+1 {{'cuda_tile.if' op does not return a value, but else branch yields '!cuda_tile.tile<f16>'}}
    if %c {
      yield
    } else {
      yield %z : tile<f16>
    }
    return
  }
}

// -----

// The then branch is checked before the missing else.
cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    %z = constant <f16: 0.0> : tile<f16>
    // expected-error @+1 {{'cuda_tile.if' op type does not match yield type, then branch yields '!cuda_tile.tile<f16>' but op result type is '!cuda_tile.tile<f32>'}}
    %r = if %c -> (tile<f32>) {
      yield %z : tile<f16>
    }
    return
  }
}

// -----

// Operands are resolved after the body: a name the body defines is not
// visible to the op's own operands.
cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{use of undeclared SSA value name}}
    %r = loop iter_values(%x = %seed) : tile<i32> -> tile<i32> {
      %seed = constant <i32: 1> : tile<i32>
      break %seed : tile<i32>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{use of undeclared SSA value name}}
    if %flag {
      %flag = constant <i1: true> : tile<i1>
    }
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{use of undeclared SSA value name}}
    for %i in (%a to %hi, step %a) : tile<i32> {
      %hi = constant <i32: 4> : tile<i32>
    }
    return
  }
}
