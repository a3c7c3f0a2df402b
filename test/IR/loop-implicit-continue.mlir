// RUN: cuda-tile-opt %s -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file | cuda-tile-opt -split-input-file | FileCheck %s
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: cuda-tile-opt %s -split-input-file -mlir-print-op-generic | cuda-tile-opt -split-input-file | FileCheck %s

// A `loop` body that does not end in a terminator gets an operand-less
// `continue`, and that `continue` is left out when printing, as for `for`.

// CHECK-LABEL: entry @empty_body
// CHECK: loop {
// CHECK-NEXT: }
// CHECK-NEXT: return
// GENERIC-LABEL: sym_name = "empty_body"
// GENERIC: "cuda_tile.loop"() ({
// GENERIC-NEXT: "cuda_tile.continue"() : () -> ()
cuda_tile.module @m {
  entry @empty_body() {
    loop {}
    return
  }
}

// -----

// CHECK-LABEL: entry @explicit_continue_elided
// CHECK: loop {
// CHECK-NEXT: get_tile_block_id
// CHECK-NEXT: }
cuda_tile.module @m {
  entry @explicit_continue_elided() {
    loop {
      %x, %y, %z = get_tile_block_id : tile<i32>
      continue
    }
    return
  }
}

// -----

// CHECK-LABEL: entry @missing_terminator
// CHECK: loop {
// CHECK-NEXT: %{{.*}} = constant <i32: 7> : tile<i32>
// CHECK-NEXT: if
// CHECK-NEXT: break
// CHECK-NEXT: }
// CHECK-NEXT: }
// GENERIC-LABEL: sym_name = "missing_terminator"
// GENERIC: "cuda_tile.break"() : () -> ()
// GENERIC: "cuda_tile.continue"() : () -> ()
cuda_tile.module @m {
  entry @missing_terminator(%c: tile<i1>) {
    loop {
      %seven = constant <i32: 7> : tile<i32>
      if %c {
        break
      }
    }
    return
  }
}

// -----

// A loop with results and an empty body: it never breaks.
// CHECK-LABEL: entry @results_only
// CHECK: loop : tile<i32> {
// CHECK-NEXT: }
cuda_tile.module @m {
  entry @results_only() {
    %r = loop : tile<i32> {}
    return
  }
}

// -----

// A `continue` with operands is printed.
// CHECK-LABEL: entry @continue_with_values
// CHECK: loop iter_values(%{{.*}} = %{{.*}}) : tile<i32> {
// CHECK: continue %{{.*}} : tile<i32>
cuda_tile.module @m {
  entry @continue_with_values(%c: tile<i1>) {
    %zero = constant <i32: 0> : tile<i32>
    loop iter_values(%i = %zero) : tile<i32> {
      if %c {
        break
      }
      continue %i : tile<i32>
    }
    return
  }
}
