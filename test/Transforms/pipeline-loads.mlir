// RUN: cuda-tile-opt %s -split-input-file -pipeline-loads | FileCheck %s

// A K loop of view loads feeding mmaf: the first tiles load in front of the
// loop when it runs, each iteration loads the next iteration's tiles (index
// iv + 1, recomputed from the induction variable) before the mmaf and
// carries them.
cuda_tile.module @m {
  // CHECK-LABEL: entry @gemm
  entry @gemm(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %n: tile<i32>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a, shape = [%n, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(32x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tv = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<32x32xf32>
    // CHECK: %[[RUNS:.*]] = cmpi less_than %[[LB:.*]], %arg3, signed
    // CHECK: %[[A0:.*]] = if %[[RUNS]] -> (tile<32x16xf16>)
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %[[LB]]]
    // CHECK: } else {
    // CHECK: constant <f16: 0.000000e+00> : tile<32x16xf16>
    // CHECK: %[[B0:.*]] = if %[[RUNS]] -> (tile<16x32xf16>)
    // CHECK: %[[DOUBLE:.*]] = muli %[[LB]], %{{.*}}
    // CHECK: load_view_tko weak %{{.*}}[%[[DOUBLE]], %{{.*}}]
    // CHECK: for %[[IV:.*]] in ({{.*}}) : tile<i32> iter_values(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]])
    // CHECK-NEXT: %[[NEXT:.*]] = addi %[[IV]], %{{.*}}
    // CHECK-NEXT: %[[BELOW:.*]] = cmpi less_than %[[NEXT]], %arg3, signed
    // CHECK-NEXT: %[[AHEAD:.*]] = cmpi greater_than %[[NEXT]], %[[IV]], signed
    // CHECK-NEXT: %[[HAS:.*]] = andi %[[BELOW]], %[[AHEAD]]
    // CHECK-NEXT: %[[AN:.*]] = if %[[HAS]] -> (tile<32x16xf16>)
    // CHECK-NEXT: load_view_tko weak %{{.*}}[%{{.*}}, %[[NEXT]]]
    // CHECK: %[[BN:.*]] = if %[[HAS]] -> (tile<16x32xf16>)
    // CHECK: muli %[[NEXT]]
    // CHECK-NEXT: load_view_tko
    // CHECK-NOT: load_view_tko
    // CHECK-NOT: muli
    // CHECK: %[[R:.*]] = mmaf %[[A]], %[[B]], %[[ACC]]
    // CHECK-NEXT: continue %[[R]], %[[AN]], %[[BN]]
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<32x32xf32>) {
      %at, %t0 = load_view_tko weak %a_pv[%c0, %kk] : partition_view<tile=(32x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x16xf16>, token
      %c2 = constant <i32: 2> : tile<i32>
      %kb = muli %kk, %c2 : tile<i32>
      %bt, %t1 = load_view_tko weak %b_pv[%kb, %c0] : partition_view<tile=(16x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x32xf16>, token
      %next = mmaf %at, %bt, %sum : tile<32x16xf16>, tile<16x32xf16>, tile<32x32xf32>
      continue %next : tile<32x32xf32>
    }
    return
  }
}

// -----

// Left alone: a store in the loop (the next iteration's tile could be the
// one it writes), a load whose tile feeds no matmul, a load ordered after a
// token of the loop, a load indexed by a value the loop carries.
cuda_tile.module @m {
  // CHECK-LABEL: entry @stores
  // CHECK: for
  // CHECK-NEXT: load_view_tko
  entry @stores(%a: tile<ptr<f16>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<16x16xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<16x16xf32>) {
      %t, %t0 = load_view_tko weak %pv[%c0, %kk] : partition_view<tile=(16x16), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x16xf16>, token
      %next = mmaf %t, %t, %sum : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
      %h = ftof %next : tile<16x16xf32> -> tile<16x16xf16>
      %s = store_view_tko weak %h, %pv[%kk, %c0] : tile<16x16xf16>, partition_view<tile=(16x16), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
      continue %next : tile<16x16xf32>
    }
    return
  }

  // CHECK-LABEL: entry @no_matmul
  // CHECK: for
  // CHECK-NEXT: load_view_tko
  entry @no_matmul(%a: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<16x16xf32>
    %acc = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<16x16xf32>) {
      %t, %t0 = load_view_tko weak %pv[%c0, %kk] : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
      %next = addf %t, %sum : tile<16x16xf32>
      continue %next : tile<16x16xf32>
    }
    return
  }

  // CHECK-LABEL: entry @carried_index
  // CHECK: for
  // CHECK-NEXT: load_view_tko
  entry @carried_index(%a: tile<ptr<f16>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<16x16xf32>
    %acc, %j = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero, %i = %c0) -> (tile<16x16xf32>, tile<i32>) {
      %t, %t0 = load_view_tko weak %pv[%c0, %i] : partition_view<tile=(16x16), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x16xf16>, token
      %next = mmaf %t, %t, %sum : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
      %i2 = addi %i, %c1 : tile<i32>
      continue %next, %i2 : tile<16x16xf32>, tile<i32>
    }
    return
  }
}

// -----

// An unsigned loop compares its bounds unsigned in the guards too.
cuda_tile.module @m {
  // CHECK-LABEL: entry @unsigned_loop
  // CHECK: cmpi less_than %{{.*}}, %arg1, unsigned
  // CHECK: for unsigned
  // CHECK: cmpi less_than %{{.*}}, %arg1, unsigned
  // CHECK: cmpi greater_than %{{.*}}, %{{.*}}, unsigned
  entry @unsigned_loop(%a: tile<ptr<f16>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf16, strides=[?,1]>>
    %zero = constant <f32: 0.0> : tile<16x16xf32>
    %acc = for unsigned %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<16x16xf32>) {
      %t, %t0 = load_view_tko weak %pv[%c0, %kk] : partition_view<tile=(16x16), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x16xf16>, token
      %next = mmaf %t, %t, %sum : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
      continue %next : tile<16x16xf32>
    }
    return
  }
}

// -----

// A view made in the body next to its load (as cuTile Python writes it):
// the load of the next iteration makes its own view.
cuda_tile.module @m {
  // CHECK-LABEL: entry @view_in_body
  // CHECK: if
  // CHECK-NEXT: %[[PV:.*]] = make_partition_view
  // CHECK-NEXT: load_view_tko weak %[[PV]]
  // CHECK: for
  // CHECK: if
  // CHECK-NEXT: %[[NPV:.*]] = make_partition_view
  // CHECK-NEXT: load_view_tko weak %[[NPV]]
  entry @view_in_body(%a: tile<ptr<f32>>, %k: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %a, shape = [%k, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %zero = constant <f32: 0.0> : tile<16x16xf32>
    %r = for %kk in (%c0 to %k, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<16x16xf32>) {
      %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
      %t, %t0 = load_view_tko weak %pv[%c0, %kk] : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
      %n = mmaf %t, %t, %acc : tile<16x16xf32>, tile<16x16xf32>, tile<16x16xf32>
      continue %n : tile<16x16xf32>
    }
    %s = reduce %r dim=0 identities=[0.0 : f32] : tile<16x16xf32> -> tile<16xf32>
      (%e: tile<f32>, %x: tile<f32>) {
        %y = addf %e, %x : tile<f32>
        yield %y : tile<f32>
      }
    return
  }
}
