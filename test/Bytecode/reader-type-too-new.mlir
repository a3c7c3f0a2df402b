// A type newer than the file's version is refused with the reference
// reader's words (its versioning/new_types_reader_error.mlir): the f4 of a
// 13.3 file whose header is changed to 13.1.
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.3 %s -o %t.bc
// RUN: %python -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[9] = 1; open(sys.argv[2], 'wb').write(d)" %t.bc %t.131.bc
// RUN: not %cuda-tile-translate -cudatilebc-to-mlir %t.131.bc 2>&1 | FileCheck %s

// CHECK: error: type 'Float4E2M1FN' requires bytecode version 13.3+, file version is 13.1
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f4E2M1FN>>) {
    return
  }
}
