// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: not %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %S/../../Conversion/errors.mlir -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD
// Errors name the op by its location; the module is not printed after them.
// RUN: not %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %S/../../Conversion/errors.mlir -split-input-file 2>&1 | not grep "see current operation"

// Kernel and global names are PTX identifiers and keep their spelling: the
// driver finds a kernel by the name it has in the input. Other names are an
// error, not a crash of the NVPTX backend.

// CHECK-DAG: .global .align 4 .b8 $table[8]
// CHECK-DAG: .visible .entry $dollar(
// CHECK-DAG: .visible .entry _under(
// CHECK-DAG: .visible .entry mid$dle_9(
// BAD: error: entry name ";" is not a valid PTX identifier
// BAD: error: entry name "%k" is not a valid PTX identifier
// BAD: error: 'nvvm.exit' is not a cuda_tile module, entry or global

cuda_tile.module @m {
  global @"$table" <i32: [1, 2]> : tile<2xi32>
  entry @"$dollar"() {
    return
  }
  entry @_under() {
    return
  }
  entry @"mid$dle_9"() {
    return
  }
}
