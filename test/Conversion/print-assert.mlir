// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm | FileCheck %s

// print_tko is one vprintf call made by thread 0: tile operands are gathered
// through shared memory into the argument buffer and the format is expanded
// to one conversion per element ("[%f, %f, ...]"); floats are passed as
// double, as C varargs require. assert checks every element its owner holds;
// a failing element prints its index and the message, then calls
// __assertfail with the message, the file, the line and the kernel name.

// CHECK-DAG: llvm.mlir.global private constant @[[FILE:__cudatile_str_[0-9]+]]("{{.*}}print-assert.mlir\00")
// CHECK-DAG: llvm.mlir.global private constant @[[IDX:__cudatile_str_[0-9]+]]("assertion failed at index [%d]: %s\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @[[MSG:__cudatile_str_[0-9]+]]("iota is non-negative\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FMT:__cudatile_str_[0-9]+]]("x=%f i=%d v=[%f, %f, %f, %f]\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FN:__cudatile_str_[0-9]+]]("pr\00")
// CHECK-LABEL: llvm.func @pr(%arg0: f32, %arg1: i32)
// Argument buffers are allocas of the entry block: the assert's, then the
// print's.
// CHECK: llvm.alloca %{{.*}} x i8
// CHECK: %[[BUF:.*]] = llvm.alloca %{{.*}} x i8 {alignment = 8 : i64} : (i64) -> !llvm.ptr
// CHECK: %[[X:.*]] = arith.extf %arg0 : f32 to f64
// CHECK: llvm.store %[[X]], %{{.*}} {alignment = 8 : i64} : f64, !llvm.ptr
// CHECK: llvm.store %arg1, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: scf.for
// CHECK:   llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK:   arith.extf %{{.*}} : f32 to f64
// CHECK: %[[F:.*]] = llvm.mlir.addressof @[[FMT]] : !llvm.ptr<1>
// CHECK: %[[FG:.*]] = llvm.addrspacecast %[[F]] : !llvm.ptr<1> to !llvm.ptr
// CHECK: llvm.call @vprintf(%[[FG]], %[[BUF]]) : (!llvm.ptr, !llvm.ptr) -> i32
// CHECK: %[[BAD:.*]] = arith.xori %{{.*}}, %true : i1
// CHECK: %[[FAIL:.*]] = arith.andi %{{.*}}, %[[BAD]] : i1
// CHECK: scf.if %[[FAIL]] {
// CHECK:   llvm.mlir.addressof @[[IDX]]
// CHECK:   llvm.call @vprintf
// CHECK:   llvm.mlir.addressof @[[MSG]]
// CHECK:   llvm.mlir.addressof @[[FILE]]
// CHECK:   %[[LINE:.*]] = arith.constant 51 : i32
// CHECK:   llvm.mlir.addressof @[[FN]]
// CHECK:   llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
// CHECK: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
cuda_tile.module @m {
  entry @pr(%x: tile<f32>, %i: tile<i32>) {
    %v = constant <f16: [1.0, 2.0, 3.0, 4.0]> : tile<4xf16>
    %t = print_tko "x=%f i=%d v=%f\0A", %x, %i, %v : tile<f32>, tile<i32>, tile<4xf16> -> token
    %z = constant <i32: 0> : tile<4xi32>
    %l = iota : tile<4xi32>
    %c = cmpi greater_than_or_equal %l, %z, signed : tile<4xi32> -> tile<4xi1>
    assert %c, "iota is non-negative" : tile<4xi1>
    return
  }
}
