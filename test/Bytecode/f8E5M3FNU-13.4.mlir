// 13.4's f8E5M3FNU: type tag 130, written as the two varint bytes 82 01 with
// no payload; its pointers, tiles and views refer to it by type id. Written
// at 13.4 only (refused at the first op using it below), read only from
// 13.4 files, and the same bytes from the Python package.
//
// RUN: %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.4 %s -o %t.bc
// RUN: %cuda-tile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s
// RUN: od -An -tx1 -v %t.bc | tr -d '\n' | FileCheck %s --check-prefix=TYPES
// RUN: not %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.3 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V133
// RUN: not %cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V131
// RUN: %python -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[9] = 3; open(sys.argv[2], 'wb').write(d)" %t.bc %t.133.bc
// RUN: not %cuda-tile-translate -cudatilebc-to-mlir %t.133.bc 2>&1 | FileCheck %s --check-prefix=READ133
// RUN: env PYTHONPATH=%cuda_tile_src/python %python -c "import sys, cuda_tile_bytecode as c; m = c.read(open(sys.argv[1], 'rb').read()); sys.exit(c.write(m, '13.4') != open(sys.argv[1], 'rb').read())" %t.bc

// CHECK-LABEL: entry @k(%arg0: tile<ptr<f8E5M3FNU>>)
// CHECK: make_tensor_view %arg0, shape = [8], strides = [1] : tensor_view<8xf8E5M3FNU, strides=[1]>
// CHECK: load_ptr_tko weak %{{.*}} : tile<8xptr<f8E5M3FNU>> -> tile<8xf8E5M3FNU>, token
// CHECK: ftof %{{.*}} : tile<8xf8E5M3FNU> -> tile<8xf32>
// CHECK: ftof %{{.*}} : tile<8xf32> -> tile<8xf8E5M3FNU>
// CHECK: store_ptr_tko weak

// The type section's first records (after its varint count and the offset
// table): f8E5M3FNU (82 01), ptr<f8E5M3FNU> with its 13.4 flags word (0c 00
// 00: pointee type 0), tile<ptr<f8E5M3FNU>> (0d 01 00: element type 1, rank 0).
// TYPES: 82 01 0c 00 00 0d 01 00

// V133: :[[@LINE+3]]:3: error: type 'Float8E5M3FNU' requires bytecode version 13.4+, targeting 13.3
// V131: :[[@LINE+2]]:3: error: type 'Float8E5M3FNU' requires bytecode version 13.4+, targeting 13.1
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f8E5M3FNU>>) {
    %view = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf8E5M3FNU, strides=[1]>
    %p1 = reshape %p : tile<ptr<f8E5M3FNU>> -> tile<1xptr<f8E5M3FNU>>
    %ps = broadcast %p1 : tile<1xptr<f8E5M3FNU>> -> tile<8xptr<f8E5M3FNU>>
    %off = iota : tile<8xi32>
    %pp = offset %ps, %off : tile<8xptr<f8E5M3FNU>>, tile<8xi32> -> tile<8xptr<f8E5M3FNU>>
    %v, %t = load_ptr_tko weak %pp : tile<8xptr<f8E5M3FNU>> -> tile<8xf8E5M3FNU>, token
    %f = ftof %v : tile<8xf8E5M3FNU> -> tile<8xf32>
    %g = ftof %f : tile<8xf32> -> tile<8xf8E5M3FNU>
    %t2 = store_ptr_tko weak %pp, %g token = %t : tile<8xptr<f8E5M3FNU>>, tile<8xf8E5M3FNU> -> token
    return
  }
}

// A file whose header says 13.3 cannot hold the tag (the ptr record read
// the 13.3 way names type 0, the f8E5M3FNU record).
// READ133: error: type 'Float8E5M3FNU' requires bytecode version 13.4+, file version is 13.3
