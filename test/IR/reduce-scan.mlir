// RUN: cuda-tile-opt %s | FileCheck %s
// RUN: cuda-tile-opt %s | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | cuda-tile-opt | FileCheck %s
// RUN: cuda-tile-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

cuda_tile.module @reductions {
  // CHECK-LABEL: entry @reduce(%arg0: tile<f32>)
  entry @reduce(%s: tile<f32>) {
    // CHECK: %[[X:.*]] = constant <f32: 5.000000e-01> : tile<8x16xf32>
    %x = constant <f32: 0.5> : tile<8x16xf32>
    // The header line ends with a space; the block arguments follow on the
    // next line.
    // CHECK: %reduce = reduce %[[X]] dim=1 identities=[0.000000e+00 : f32] : tile<8x16xf32> -> tile<8xf32> {{$}}
    // CHECK-NEXT: (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    // CHECK-NEXT: addf %reduce_lhs, %reduce_rhs
    // CHECK-NEXT: yield %{{.*}} : tile<f32>
    // CHECK-NEXT: }
    // GENERIC: "cuda_tile.reduce"(%{{.*}}) <{dim = 1 : i32, identities = [0.000000e+00 : f32]}> ({
    // GENERIC-NEXT: ^bb0(%{{.*}}: !cuda_tile.tile<f32>, %{{.*}}: !cuda_tile.tile<f32>):
    %r = reduce %x dim=1 identities=[0.0 : f32] : tile<8x16xf32> -> tile<8xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %sum = addf %a, %b : tile<f32>
        yield %sum : tile<f32>
      }
    // Reducing the only dimension leaves a rank-0 tile; the combiner may
    // just pick one side.
    // CHECK: %reduce_0 = reduce %reduce dim=0 identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<f32> {{$}}
    // CHECK-NEXT: (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    // CHECK-NEXT: yield %reduce_rhs : tile<f32>
    %r2 = reduce %r dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %b : tile<f32>
      }
    // Several operands reduced together; integer identities print bare for
    // i64 and typed otherwise.
    %h = constant <f16: 1.0> : tile<4x4xf16>
    %i = constant <i64: 3> : tile<4x4xi64>
    %j = constant <i32: 3> : tile<4x4xi32>
    // CHECK: %reduce_1:3 = reduce %{{.*}}, %{{.*}}, %{{.*}} dim=0 identities=[0.000000e+00 : f16, 0, -2147483648 : i32] : tile<4x4xf16>, tile<4x4xi64>, tile<4x4xi32> -> tile<4xf16>, tile<4xi64>, tile<4xi32> {{$}}
    // CHECK-NEXT: (%reduce_lhs0: tile<f16>, %reduce_rhs0: tile<f16>, %reduce_lhs1: tile<i64>, %reduce_rhs1: tile<i64>, %reduce_lhs2: tile<i32>, %reduce_rhs2: tile<i32>) {
    // CHECK-NEXT: yield %reduce_lhs0, %reduce_rhs1, %reduce_lhs2 : tile<f16>, tile<i64>, tile<i32>
    %m:3 = reduce %h, %i, %j dim=0 identities=[0.0 : f16, 0 : i64, -2147483648 : i32] : tile<4x4xf16>, tile<4x4xi64>, tile<4x4xi32> -> tile<4xf16>, tile<4xi64>, tile<4xi32>
      (%a0: tile<f16>, %b0: tile<f16>, %a1: tile<i64>, %b1: tile<i64>, %a2: tile<i32>, %b2: tile<i32>) {
        yield %a0, %b1, %a2 : tile<f16>, tile<i64>, tile<i32>
      }
    // Discardable attributes are printed after the identities.
    // CHECK: reduce %{{.*}} dim=0 identities=[false] {tag = 1 : i64} : tile<2xi1> -> tile<i1> {{$}}
    %bits = constant <i1: [true, false]> : tile<2xi1>
    %any = reduce %bits dim=0 identities=[false] {tag = 1} : tile<2xi1> -> tile<i1>
      (%a: tile<i1>, %b: tile<i1>) {
        %o = select %a, %a, %b : tile<i1>, tile<i1>
        yield %o : tile<i1>
      }
    return
  }

  // CHECK-LABEL: entry @scan()
  entry @scan() {
    %x = constant <f32: 1.0> : tile<8x16xf32>
    // Scan results keep the operand shape; block arguments are not renamed.
    // CHECK: %[[S0:.*]] = scan %{{.*}} dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32> {{$}}
    // CHECK-NEXT: (%arg0: tile<f32>, %arg1: tile<f32>) {
    // CHECK-NEXT: addf %arg0, %arg1
    // GENERIC: "cuda_tile.scan"(%{{.*}}) <{dim = 1 : i32, identities = [0.000000e+00 : f32], reverse = false}> ({
    %0 = scan %x dim=1 reverse=false identities=[0.0 : f32] : tile<8x16xf32> -> tile<8x16xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %s = addf %a, %b : tile<f32>
        yield %s : tile<f32>
      }
    // CHECK: scan %[[S0]] dim=0 reverse=true identities=[1.000000e+00 : f32] : tile<8x16xf32> -> tile<8x16xf32> {{$}}
    // CHECK-NEXT: (%arg0: tile<f32>, %arg1: tile<f32>) {
    // CHECK-NEXT: yield %arg1 : tile<f32>
    %1 = scan %0 dim=0 reverse=true identities=[1.0 : f32] : tile<8x16xf32> -> tile<8x16xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        yield %b : tile<f32>
      }
    %i = iota : tile<32xi64>
    // CHECK: scan %{{.*}} dim=0 reverse=false identities=[0] : tile<32xi64> -> tile<32xi64> {{$}}
    %2 = scan %i dim=0 reverse=false identities=[0] : tile<32xi64> -> tile<32xi64>
      (%a: tile<i64>, %b: tile<i64>) {
        yield %a : tile<i64>
      }
    return
  }
}
