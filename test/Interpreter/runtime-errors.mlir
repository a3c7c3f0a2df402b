// Failed asserts, invalid memory accesses and detected undefined behaviour
// stop the run with one message naming the op's location and tile block, and
// a non-zero exit code.
// RUN: not cuda-tile-run %s --entry oob --grid 2 --arg zeros:f32:12 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not cuda-tile-run %s --entry misaligned --grid 1 --arg zeros:f32:4 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not cuda-tile-run %s --entry readonly --grid 1 2>&1 | FileCheck %s --check-prefix=RO
// RUN: not cuda-tile-run %s --entry failing_assert --grid 1 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not cuda-tile-run %s --entry short_view --grid 1 --arg zeros:f32:8 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not cuda-tile-run %s --entry released --grid 1 2>&1 | FileCheck %s --check-prefix=RELEASED
// RUN: not cuda-tile-run %s --entry div_zero --grid 1 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not cuda-tile-run %s --entry nsw --grid 1 2>&1 | FileCheck %s --check-prefix=NSW
// RUN: not cuda-tile-run %s --entry bad_assume --grid 1 --arg i32:12 --strict-assume 2>&1 | FileCheck %s --check-prefix=ASSUME
// RUN: not cuda-tile-run %s --entry bad_extract --grid 1 --arg i32:4 2>&1 | FileCheck %s --check-prefix=EXTRACT
// RUN: not cuda-tile-run %s --entry zero_step --grid 1 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not cuda-tile-run %s --entry f4_pointer --grid 1 --arg zeros:f4E2M1FN:4 2>&1 | FileCheck %s --check-prefix=F4
// RUN: not cuda-tile-run %s --entry failing_assert --grid 64 --threads 4 2>&1 | FileCheck %s --check-prefix=ASSERT-THREADS
// RUN: not cuda-tile-run %s --entry huge_alloca --grid 1 2>&1 | FileCheck %s --check-prefix=HUGE

cuda_tile.module @errors {
  global constant @ro <i32: [1, 2]> : tile<2xi32>

  // Tile block 1 reads elements 8..15 of a 12-element buffer.
  entry @oob(%p: tile<ptr<f32>>) {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %start = muli %x, %c8 : tile<i32>
    %s1 = reshape %start : tile<i32> -> tile<1xi32>
    %sb = broadcast %s1 : tile<1xi32> -> tile<8xi32>
    %lane = iota : tile<8xi32>
    %idx = addi %sb, %lane : tile<8xi32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %ptrs = offset %pb, %idx : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    // OOB: runtime-errors.mlir:[[@LINE+1]]:14: error: load_ptr_tko in tile block (1, 0, 0): out-of-bounds load through pointer [4]: 4 bytes at 0x10000030 are outside every buffer: 0 byte(s) past the end of buffer 'arg0' [0x10000000, 0x10000030)
    %v, %t = load_ptr_tko weak %ptrs : tile<8xptr<f32>> -> tile<8xf32>, token
    return
  }

  entry @misaligned(%p: tile<ptr<f32>>) {
    %i = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %c2 = constant <i64: 2> : tile<i64>
    %j = addi %i, %c2 : tile<i64>
    %q = int_to_ptr %j : tile<i64> -> tile<ptr<f32>>
    %v = constant <f32: 1.0> : tile<f32>
    // ALIGN: runtime-errors.mlir:[[@LINE+1]]:10: error: store_ptr_tko in tile block (0, 0, 0): misaligned store through pointer []: address 0x10000002 (offset 2 in buffer 'arg0') is not a multiple of 4 bytes
    %t = store_ptr_tko weak %q, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  entry @readonly() {
    %g = get_global @ro : tile<ptr<i32>>
    %v = constant <i32: 5> : tile<i32>
    // RO: runtime-errors.mlir:[[@LINE+1]]:10: error: store_ptr_tko in tile block (0, 0, 0): store through pointer [] writes to read-only buffer 'global @ro'
    %t = store_ptr_tko weak %g, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  entry @failing_assert() {
    %x, %y, %z = get_tile_block_id : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %ok = cmpi not_equal %x, %c5, signed : tile<i32> -> tile<i1>
    %lanes = constant <i1: [true, true, false, true]> : tile<4xi1>
    assert %ok, "tile block 5 is not welcome" : tile<i1>
    // ASSERT: runtime-errors.mlir:[[@LINE+1]]:5: error: assert in tile block (0, 0, 0): assertion failed: lane 2 is off (element [2])
    assert %lanes, "lane 2 is off" : tile<4xi1>
    return
  }
  // ASSERT-THREADS: error: assert in tile block ({{[0-9]+}}, 0, 0): assertion failed:

  // The tensor_view claims 16 elements of an 8-element buffer.
  entry @short_view(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>
    %c1 = constant <i32: 1> : tile<i32>
    // SHORT: runtime-errors.mlir:[[@LINE+1]]:14: error: load_view_tko in tile block (0, 0, 0): out-of-bounds load of row [0]: 32 bytes at 0x10000020 are outside every buffer
    %v, %t = load_view_tko weak %pv[%c1] : partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    return
  }

  // An alloca ends with its block; the pointer escapes and is used later.
  entry @released() {
    %true = constant <i1: true> : tile<i1>
    %p = if %true -> (tile<ptr<i32>>) {
      %a = alloca num_elem = 4, alignment = 16 : tile<ptr<i32>>
      yield %a : tile<ptr<i32>>
    } else {
      %b = alloca num_elem = 4, alignment = 16 : tile<ptr<i32>>
      yield %b : tile<ptr<i32>>
    }
    // RELEASED: runtime-errors.mlir:[[@LINE+1]]:14: error: load_ptr_tko in tile block (0, 0, 0): out-of-bounds load through pointer []: 4 bytes at [[ADDR:0x[0-9a-f]+]]: buffer 'alloca at {{.*}}runtime-errors.mlir:{{[0-9]+}}:12' {{\[}}[[ADDR]], 0x{{[0-9a-f]+}}) was already released
    %v, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    return
  }

  entry @div_zero() {
    %a = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %b = constant <i32: [1, 1, 0, 1]> : tile<4xi32>
    // DIV: runtime-errors.mlir:[[@LINE+1]]:10: error: divi in tile block (0, 0, 0): division by zero in element [2] (undefined behaviour)
    %q = divi %a, %b signed : tile<4xi32>
    return
  }

  entry @nsw() {
    %a = constant <i8: [100, 127]> : tile<2xi8>
    %b = constant <i8: 1> : tile<2xi8>
    // NSW: runtime-errors.mlir:[[@LINE+1]]:10: error: addi in tile block (0, 0, 0): overflow<no_signed_wrap> does not hold for element [1]: 127 + 1 does not fit in signed i8 (undefined behaviour)
    %s = addi %a, %b overflow<no_signed_wrap> : tile<2xi8>
    return
  }

  entry @bad_assume(%n: tile<i32>) {
    // ASSUME: runtime-errors.mlir:[[@LINE+1]]:10: error: assume in tile block (0, 0, 0): assumed div_by<8> does not hold: element [] is 12 (undefined behaviour)
    %m = assume div_by<8>, %n : tile<i32>
    return
  }

  entry @bad_extract(%i: tile<i32>) {
    %t = iota : tile<8xi32>
    // EXTRACT: runtime-errors.mlir:[[@LINE+1]]:10: error: extract in tile block (0, 0, 0): slice index 4 along dimension 0 is out of range: the source has 4 slices (undefined behaviour)
    %e = extract %t[%i] : tile<8xi32> -> tile<2xi32>
    return
  }

  entry @zero_step() {
    %c0 = constant <i32: 0> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    // STEP: runtime-errors.mlir:[[@LINE+1]]:5: error: for in tile block (0, 0, 0): the step must be positive, got 0 (undefined behaviour)
    for %i in (%c0 to %c4, step %c0) : tile<i32> {
    }
    return
  }

  entry @f4_pointer(%p: tile<ptr<f4E2M1FN>>) {
    // F4: error: load_ptr_tko in tile block (0, 0, 0): pointer accesses to f4E2M1FN are not supported: packed 4-bit elements are only accessible through views
    %p1 = reshape %p : tile<ptr<f4E2M1FN>> -> tile<1xptr<f4E2M1FN>>
    %p2 = broadcast %p1 : tile<1xptr<f4E2M1FN>> -> tile<2xptr<f4E2M1FN>>
    %v, %t = load_ptr_tko weak %p2 : tile<2xptr<f4E2M1FN>> -> tile<2xf4E2M1FN>, token
    return
  }

  entry @huge_alloca() {
    // HUGE: runtime-errors.mlir:[[@LINE+1]]:10: error: alloca in tile block (0, 0, 0): cannot allocate 400000000000000 bytes
    %a = alloca num_elem = 100000000000000, alignment = 16 : tile<ptr<f32>>
    return
  }
}
