// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm | FileCheck %s

// Integer ops on uniform values become scalar arith ops, on distributed
// tiles vector arith ops; shift amounts and division rounding get the
// guards their cuda_tile semantics need.

cuda_tile.module @m {
  // CHECK-LABEL: llvm.func @scalar(%arg0: i32, %arg1: i32, %arg2: !llvm.ptr)
  // CHECK: %[[SUM:.*]] = arith.addi %arg0, %arg1 : i32
  // CHECK: %[[Q:.*]] = arith.divsi %arg0, %arg1 : i32
  // Floor division: quotient minus one when the remainder is non-zero and
  // its sign differs from the divisor's.
  // CHECK: %[[Q2:.*]] = arith.divsi %arg0, %arg1 : i32
  // CHECK: %[[R:.*]] = arith.remsi %arg0, %arg1 : i32
  // CHECK: arith.cmpi ne, %[[R]]
  // CHECK: arith.xori %[[R]], %arg1 : i32
  // CHECK: arith.subi %[[Q2]]
  // CHECK: arith.divui
  // CHECK: arith.remui
  // High half of the unsigned product through a double-width multiply.
  // CHECK: arith.extui %arg0 : i32 to i64
  // CHECK: arith.muli %{{.*}} : i64
  // CHECK: arith.shrui %{{.*}} : i64
  // Shift amounts at least the width give 0 (left) or the sign (right).
  // CHECK: %[[BIG:.*]] = arith.cmpi uge, %arg1, %{{.*}} : i32
  // CHECK: %[[SHL:.*]] = arith.shli %arg0, %{{.*}} : i32
  // CHECK: arith.select %[[BIG]], %{{.*}}, %[[SHL]] : i32
  // CHECK: arith.shrsi
  // CHECK: arith.maxui
  // CHECK: arith.cmpi slt
  entry @scalar(%a: tile<i32>, %b: tile<i32>, %p: tile<ptr<i32>>) {
    %0 = addi %a, %b : tile<i32>
    %1 = divi %a, %b signed : tile<i32>
    %2 = divi %a, %b signed rounding<negative_inf> : tile<i32>
    %3 = divi %a, %b unsigned rounding<positive_inf> : tile<i32>
    %4 = mulhii %a, %b : tile<i32>
    %5 = shli %a, %b : tile<i32>
    %6 = shri %a, %b signed : tile<i32>
    %7 = maxi %a, %b unsigned : tile<i32>
    %8 = absi %a : tile<i32>
    %s0 = addi %0, %1 : tile<i32>
    %s1 = addi %s0, %2 : tile<i32>
    %s2 = addi %s1, %3 : tile<i32>
    %s3 = addi %s2, %4 : tile<i32>
    %s4 = addi %s3, %5 : tile<i32>
    %s5 = addi %s4, %6 : tile<i32>
    %s6 = addi %s5, %7 : tile<i32>
    %s7 = addi %s6, %8 : tile<i32>
    %t = store_ptr_tko weak %p, %s7 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // 64-bit high products use mul.hi.u64; tiles use vector ops.
  // CHECK-LABEL: llvm.func @tiles
  // CHECK: llvm.call_intrinsic "llvm.nvvm.mulhi.ull"
  // CHECK: arith.muli %{{.*}}, %{{.*}} : vector<4xi64>
  // CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : vector<4xi64>
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xi64>
  entry @tiles(%p: tile<ptr<i64>>) {
    %a = iota : tile<512xi64>
    %h = mulhii %a, %a : tile<512xi64>
    %m = muli %h, %a : tile<512xi64>
    %c = cmpi less_than %m, %a, unsigned : tile<512xi64> -> tile<512xi1>
    %s = select %c, %m, %a : tile<512xi1>, tile<512xi64>
    %r = reduce %s dim=0 identities=[0 : i64] : tile<512xi64> -> tile<i64>
      (%e: tile<i64>, %acc: tile<i64>) {
        %q = addi %e, %acc : tile<i64>
        yield %q : tile<i64>
      }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i64>>, tile<i64> -> token
    return
  }
}
