// -test-cudatile-roundtrip (the reference's test translation): the module
// is written as bytecode of -bytecode-version, read back and printed.
// RUN: %cuda-tile-translate -test-cudatile-roundtrip -no-implicit-module %s | FileCheck %s
// RUN: %cuda-tile-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.1 %s | FileCheck %s
// RUN: %cuda-tile-translate -test-cudatile-roundtrip -no-implicit-module -generic-form %s | FileCheck %s --check-prefix=GENERIC
// RUN: not %cuda-tile-translate -test-cudatile-roundtrip -bytecode-version=13.1 %S/Inputs/needs-13.2.mlir 2>&1 | FileCheck %s --check-prefix=OLD

// The bytecode keeps no module name: the reader calls it @kernels.
// CHECK-LABEL: cuda_tile.module @kernels
// CHECK: entry @k(%[[X:.*]]: tile<f32>)
// CHECK-NEXT: %[[Y:.*]] = addf %[[X]], %[[X]] {{ *}}: tile<f32>
// CHECK-NEXT: return

// GENERIC: "cuda_tile.module"()
// GENERIC: "cuda_tile.addf"

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %y = addf %x, %x rounding<nearest_even> : tile<f32>
    return
  }
}

// OLD: needs-13.2.mlir:3:10: error: operation 'cuda_tile.atan2' is not available in bytecode version 13.1
