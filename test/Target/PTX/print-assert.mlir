// RUN: %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_90 %s | FileCheck %s
// RUN: %if ptxas %{ %cuda-tile-translate -cudatile-to-ptx --gpu-name=sm_80 %s -o %t.ptx && %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// print_tko calls the CUDA runtime's device-side vprintf once per tile block;
// a failing assert prints the index of the failing element and calls
// __assertfail, which the driver resolves when the module is loaded.

// CHECK-DAG: .extern .func (.param .b32 func_retval0) vprintf
// CHECK-DAG: .extern .func __assertfail
// CHECK-LABEL: .entry pr(
// CHECK: call.uni (retval0), vprintf, (param0, param1);
// CHECK: call.uni (retval0), vprintf, (param0, param1);
// CHECK: call.uni __assertfail,
cuda_tile.module @m {
  entry @pr(%x: tile<f32>, %n: tile<i32>) {
    %v = constant <f16: [1.0, 2.0, 3.0, 4.0]> : tile<4xf16>
    %t = print_tko "x=%f n=%d v=%f\0A", %x, %n, %v : tile<f32>, tile<i32>, tile<4xf16> -> token
    %l = iota : tile<4xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<4xi32>
    %c = cmpi less_than %l, %nb, signed : tile<4xi32> -> tile<4xi1>
    assert %c, "index below n" : tile<4xi1>
    return
  }
}
