// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: not %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %S/../../Conversion/errors.mlir -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD
// Errors name the op by its location; the module is not printed after them.
// RUN: not %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %S/../../Conversion/errors.mlir -split-input-file 2>&1 | not grep "see current operation"

// Kernel and global names that are PTX identifiers keep their spelling: the
// driver finds a kernel by the name it has in the input. Other names are
// mangled one to one ("_$", then each byte other than a letter, digit or '_'
// as '$' and two hex digits), listed in a comment at the top of the PTX and
// reported by --remarks=passed; they used to crash the NVPTX back end.
// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 --remarks=passed %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-DAG: .global .align 4 .b8 $table[8]
// CHECK-DAG: .visible .entry $dollar(
// CHECK-DAG: .visible .entry _under(
// CHECK-DAG: .visible .entry mid$dle_9(
// BAD: error: 'nvvm.exit' is not a cuda_tile module, entry or global

// CHECK-DAG: // cuda_tile names that are not PTX identifiers, renamed:
// CHECK-DAG: //   entry ";" is _$$3B
// CHECK-DAG: //   entry "%k" is _$$25k
// CHECK-DAG: //   entry "k\FF" is _$k$FF
// CHECK-DAG: //   global "9lives" is _$9lives
// CHECK-DAG: //   global "_" is _$_

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

// CHECK-DAG: .global .align 4 .b8 _$9lives[8]
// CHECK-DAG: .global .align 4 .b8 _$_[8]
// CHECK-DAG: .visible .entry _$$3B(
// CHECK-DAG: .visible .entry _$$25k(
// CHECK-DAG: .visible .entry _$k$FF(
// CHECK-DAG: ld.global.b32 {{.*}}[_$9lives]
cuda_tile.module @mangled {
// REMARK-DAG: names.mlir:[[@LINE+1]]:3: remark: passed: global name is not a PTX identifier; it is _$9lives in PTX
  global @"9lives" <i32: [1, 2]> : tile<2xi32>
  global @_ <i32: [3, 4]> : tile<2xi32>
// REMARK-DAG: names.mlir:[[@LINE+1]]:3: remark: passed: entry name is not a PTX identifier; its kernel is _$$3B in PTX
  entry @";"() {
    %p = get_global @"9lives" : tile<ptr<i32>>
    %v, %tok = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    print_tko "%d\n", %v : tile<i32> -> token
    return
  }
  entry @"%k"() {
    return
  }
  entry @"k\FF"() {
    return
  }
}
