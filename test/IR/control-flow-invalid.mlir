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
      // expected-error @+1 {{can only be nested within a ancestor chain of 'cuda_tile.loop', 'cuda_tile.if' operations}}
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
      // expected-error @+1 {{operand types must correspond to the parent loop iter_values types}}
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

cuda_tile.module @m {
  entry @k() {
    loop {
      // expected-error @+1 {{block with no terminator}}
      %z = constant <i32: 0> : tile<i32>
    }
    return
  }
}
