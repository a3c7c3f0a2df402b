// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm=gpu-name=sm_80 | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: %cuda-tile-opt %s -convert-cudatile-to-nvvm=gpu-name=sm_90 | FileCheck %s --check-prefixes=CHECK,SM90

// Atomics are PTX atom instructions carrying the op's ordering (relaxed,
// acquire, release, acq_rel) and scope (tl_blk -> cta, device -> gpu,
// sys -> sys). Each thread performs the atomics of the elements it owns;
// a rank-0 atomic is performed once, by thread 0, and its result broadcast
// through shared memory. acquire-side orderings are followed, release-side
// orderings preceded, by a CTA barrier. bf16 addf has no atom before sm_90
// and becomes a compare-and-swap loop there.

// CHECK-LABEL: llvm.func @atomics
// CHECK: "atom.relaxed.gpu.add.u32 $0, [$1], $2;", "=r,l,r,~{memory}"
// CHECK: nvvm.barrier0
// CHECK: "atom.acq_rel.cta.max.s32 $0, [$1], $2;", "=r,l,r,~{memory}"
// CHECK: nvvm.barrier0
// A masked-off compare-and-swap lane yields its comparand.
// CHECK: %[[CMP:.*]] = vector.extract %{{.*}}[0] : i32 from vector<1xi32>
// CHECK: scf.if %{{.*}} -> (i32) {
// CHECK:   "atom.acquire.sys.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"
// CHECK: } else {
// CHECK:   scf.yield %[[CMP]] : i32
// CHECK: nvvm.barrier0
// CHECK: %[[T0:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: scf.if %[[T0]] -> (f32) {
// CHECK:   "atom.release.gpu.add.f32 $0, [$1], $2;", "=r,l,r,~{memory}"
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// SM80: scf.while
// SM80: arith.addf %{{.*}}, %{{.*}} : f32
// SM80: arith.truncf %{{.*}} : f32 to bf16
// SM80: "atom.relaxed.gpu.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h,~{memory}"
// SM80: scf.condition
// SM90-NOT: scf.while
// SM90: "atom.relaxed.gpu.add.noftz.bf16 $0, [$1], $2;"
// CHECK: llvm.return
cuda_tile.module @m {
  entry @atomics(%p: tile<ptr<i32>>, %f: tile<ptr<f32>>, %h: tile<ptr<bf16>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %l = iota : tile<128xi32>
    %pp = offset %pb, %l : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %a, %t0 = atomic_rmw_tko relaxed device %pp, add, %l : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %b, %t1 = atomic_rmw_tko acq_rel tl_blk %pp, max, %a token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %half = constant <i32: 64> : tile<128xi32>
    %low = cmpi less_than %l, %half, signed : tile<128xi32> -> tile<128xi1>
    %c, %t2 = atomic_cas_tko acquire sys %pp, %a, %b, %low : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
    %one = constant <f32: 1.0> : tile<f32>
    %fv, %t3 = atomic_rmw_tko release device %f, addf, %one : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %hb = constant <bf16: 1.0> : tile<bf16>
    %hv, %t4 = atomic_rmw_tko relaxed device %h, addf, %hb : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    return
  }
}
