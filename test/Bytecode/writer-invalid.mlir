// Modules the bytecode cannot hold: the writer refuses them with the
// reference writer's diagnostics (a remark at the offending op, the error at
// the module).
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -split-input-file -verify-diagnostics -allow-unregistered-dialect %s -o /dev/null

// expected-error @below {{'cuda_tile.module' op only ops from the 'cuda_tile' dialect are allowed}}
cuda_tile.module @foreign_op {
  entry @k() {
    // expected-remark @below {{invalid op: other.op}}
    "other.op"() : () -> ()
    return
  }
}

// -----

// expected-error @below {{'cuda_tile.module' op only ops from the 'cuda_tile' dialect are allowed}}
cuda_tile.module @nested_foreign_op {
  entry @k(%c: tile<i1>) {
    if %c {
      // expected-remark @below {{invalid op: other.nested}}
      "other.nested"() : () -> ()
    }
    return
  }
}

// -----

// expected-error @below {{'cuda_tile.module' op only function and global ops are allowed in the body}}
cuda_tile.module @module_item {
  // expected-remark @below {{invalid op: cuda_tile.constant}}
  %0 = constant <i32: 1> : tile<i32>
}

// -----

// The reference's error has no location; the note says where.
// expected-error @unknown {{unsupported type in bytecode writer}}
cuda_tile.module @builtin_type {
  // expected-note @below {{type 'tensor<4xi8>' has no bytecode encoding}}
  entry @k(%t: tensor<4xi8>) {
    return
  }
}

// -----

// A hint value the bytecode cannot hold, named by its key, or as an
// "arrayElement" inside a list, as the reference's writer names it.
cuda_tile.module @unit_hint {
  // expected-error @below {{unsupported attribute type encountered during serialization of attribute 'flag': unit}}
  entry @k() optimization_hints=<sm_100 = {flag}> {
    return
  }
}

// -----

cuda_tile.module @unit_in_list {
  // expected-error @below {{unsupported attribute type encountered during serialization of attribute 'arrayElement': unit}}
  entry @k() optimization_hints=<sm_100 = {list = [1, unit]}> {
    return
  }
}
