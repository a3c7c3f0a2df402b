// RUN: cuda-tile-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
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
    %r = if %c -> (tile<f32>) {
      // expected-error @+1 {{operand types must correspond to the parent if result types}}
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
      // expected-error @+1 {{'cuda_tile.return' op expects parent op to be one of 'cuda_tile.entry, cuda_tile.if'}}
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
