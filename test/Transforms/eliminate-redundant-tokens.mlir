// RUN: cuda-tile-opt %s -split-input-file -eliminate-redundant-tokens | FileCheck %s

!tv = !cuda_tile.tensor_view<256x256xf32, strides=[256,1]>
!pv = !cuda_tile.partition_view<tile=(16x16), tensor_view<256x256xf32, strides=[256,1]>>

// Stores to tiles i and i+1 of one view cannot overlap; the load of tile i
// must still follow the store of tile i, and the final store of tile i must
// follow both the store and the load of that tile (it reaches them through
// the load's token). The load of tile (i, 1) only overlaps nothing.
cuda_tile.module @m {
  // CHECK-LABEL: entry @disjoint_tiles
  entry @disjoint_tiles(%base: tile<ptr<f32>>, %i: tile<i32>, %f: tile<f32>) {
    %f1 = reshape %f : tile<f32> -> tile<1x1xf32>
    %x = broadcast %f1 : tile<1x1xf32> -> tile<16x16xf32>
    %tv = make_tensor_view %base, shape = [256, 256], strides = [256, 1] : !tv
    %pv = make_partition_view %tv : !pv
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %i1 = addi %i, %c1 : tile<i32>
    // CHECK: %[[S0:.*]] = store_view_tko weak %{{.*}}, %{{.*}}[%arg1, %{{.*}}] :
    // CHECK: store_view_tko weak %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] :
    // CHECK: %{{.*}}, %[[L0:.*]] = load_view_tko weak %{{.*}}[%arg1, %{{.*}}] token = %[[S0]] :
    // CHECK: load_view_tko weak %{{.*}}[%arg1, %{{.*}}] :
    // CHECK: store_view_tko weak %{{.*}}, %{{.*}}[%arg1, %{{.*}}] token = %[[L0]] :
    %t0 = store_view_tko weak %x, %pv[%i, %c0] : tile<16x16xf32>, !pv, tile<i32> -> token
    %t1 = store_view_tko weak %x, %pv[%i1, %c0] token = %t0 : tile<16x16xf32>, !pv, tile<i32> -> token
    %v, %t2 = load_view_tko weak %pv[%i, %c0] token = %t1 : !pv, tile<i32> -> tile<16x16xf32>, token
    %w, %t3 = load_view_tko weak %pv[%i, %c1] token = %t2 : !pv, tile<i32> -> tile<16x16xf32>, token
    %t4 = store_view_tko weak %w, %pv[%i, %c0] token = %t3 : tile<16x16xf32>, !pv, tile<i32> -> token
    return
  }
}

// -----

!tv = !cuda_tile.tensor_view<256x256xf32, strides=[256,1]>
!pv = !cuda_tile.partition_view<tile=(16x16), tensor_view<256x256xf32, strides=[256,1]>>

// Kept: tiles that may be the same (unrelated indices), a token into an
// access of another view (views may alias), and anything ordered or atomic.
cuda_tile.module @m {
  // CHECK-LABEL: entry @kept
  entry @kept(%base: tile<ptr<f32>>, %other: tile<ptr<f32>>, %i: tile<i32>, %j: tile<i32>, %f: tile<f32>) {
    %f1 = reshape %f : tile<f32> -> tile<1x1xf32>
    %x = broadcast %f1 : tile<1x1xf32> -> tile<16x16xf32>
    %tv = make_tensor_view %base, shape = [256, 256], strides = [256, 1] : !tv
    %pv = make_partition_view %tv : !pv
    %tw = make_tensor_view %other, shape = [256, 256], strides = [256, 1] : !tv
    %pw = make_partition_view %tw : !pv
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: %[[A:.*]] = store_view_tko weak %{{.*}}[%arg2, %{{.*}}] :
    // CHECK: %[[B:.*]] = store_view_tko weak %{{.*}}[%arg3, %{{.*}}] token = %[[A]] :
    // CHECK: %{{.*}}, %[[C:.*]] = load_view_tko weak %{{.*}}[%arg2, %{{.*}}] token = %[[B]] :
    // CHECK: %[[D:.*]] = store_view_tko relaxed device %{{.*}} token = %[[C]] :
    // CHECK: load_view_tko weak %{{.*}} token = %[[D]] :
    %t0 = store_view_tko weak %x, %pv[%i, %c0] : tile<16x16xf32>, !pv, tile<i32> -> token
    %t1 = store_view_tko weak %x, %pv[%j, %c0] token = %t0 : tile<16x16xf32>, !pv, tile<i32> -> token
    %v, %t2 = load_view_tko weak %pw[%i, %c0] token = %t1 : !pv, tile<i32> -> tile<16x16xf32>, token
    %t3 = store_view_tko relaxed device %v, %pv[%i, %c0] token = %t2 : tile<16x16xf32>, !pv, tile<i32> -> token
    %w, %t4 = load_view_tko weak %pv[%j, %c0] token = %t3 : !pv, tile<i32> -> tile<16x16xf32>, token
    return
  }
}

// -----

!tv = !cuda_tile.tensor_view<256x256xf32, strides=[256,1]>
!pv = !cuda_tile.partition_view<tile=(16x16), tensor_view<256x256xf32, strides=[256,1]>>

// join_tokens keeps the inputs still needed: one left is used directly.
// Loads only read: they need no token between them; fresh tokens order
// nothing. A pointer store may write what any pointer load read.
cuda_tile.module @m {
  // CHECK-LABEL: entry @joins
  entry @joins(%base: tile<ptr<f32>>, %p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %tv = make_tensor_view %base, shape = [256, 256], strides = [256, 1] : !tv
    %pv = make_partition_view %tv : !pv
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    // CHECK-NOT: make_token
    // CHECK: %{{.*}}, %[[A:.*]] = load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] :
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] :
    // CHECK-NOT: join_tokens
    // CHECK: store_view_tko weak %{{.*}} token = %[[A]] :
    %t = make_token : token
    %a, %ta = load_view_tko weak %pv[%c0, %c0] token = %t : !pv, tile<i32> -> tile<16x16xf32>, token
    %b, %tb = load_view_tko weak %pv[%c0, %c1] token = %ta : !pv, tile<i32> -> tile<16x16xf32>, token
    %j = join_tokens %ta, %tb : token
    %ts = store_view_tko weak %b, %pv[%c0, %c0] token = %j : tile<16x16xf32>, !pv, tile<i32> -> token
    // CHECK: %{{.*}}, %[[PA:.*]] = load_ptr_tko weak %arg1 :
    // CHECK: %{{.*}}, %[[QB:.*]] = load_ptr_tko weak %arg2 :
    // CHECK: %[[J:.*]] = join_tokens %[[PA]], %[[QB]] : token
    // CHECK: store_ptr_tko weak %arg1, %{{.*}} token=%[[J]] :
    %pa, %tpa = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    %qb, %tqb = load_ptr_tko weak %q token=%tpa : tile<ptr<f32>> -> tile<f32>, token
    %ps = store_ptr_tko weak %p, %qb token=%tqb : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

// A join a terminator takes keeps what it orders after, but repeated and
// fresh inputs go, and a join of one token is that token.
cuda_tile.module @m {
  // CHECK-LABEL: entry @join_inputs
  entry @join_inputs(%a: token, %b: token, %c: tile<i1>) {
    // CHECK: %[[J:.*]] = join_tokens %arg0, %arg1 : token
    // CHECK: yield %[[J]], %arg0 : token, token
    %r:2 = if %c -> (token, token) {
      %f = make_token : token
      %j = join_tokens %a, %f, %b, %a : token
      %k = join_tokens %a, %a : token
      yield %j, %k : token, token
    } else {
      yield %a, %b : token, token
    }
    return
  }
}

// -----

// A token a later op takes (here the loop) keeps all it orders after; so
// does a token of the entry's arguments.
cuda_tile.module @m {
  // CHECK-LABEL: entry @escaping
  entry @escaping(%p: tile<ptr<f32>>, %tin: token) {
    // CHECK: %{{.*}}, %[[A:.*]] = load_ptr_tko weak %arg0 token=%arg1 :
    // CHECK: %{{.*}}, %[[B:.*]] = load_ptr_tko weak %arg0 token=%[[A]] :
    // CHECK: for {{.*}} iter_values(%{{.*}} = %[[B]])
    %a, %ta = load_ptr_tko weak %p token=%tin : tile<ptr<f32>> -> tile<f32>, token
    %b, %tb = load_ptr_tko weak %p token=%ta : tile<ptr<f32>> -> tile<f32>, token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %r = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%t = %tb) -> (token) {
      %s = store_ptr_tko weak %p, %a token=%t : tile<ptr<f32>>, tile<f32> -> token
      continue %s : token
    }
    %u = store_ptr_tko weak %p, %b token=%r : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// -----

!tv = !cuda_tile.tensor_view<?x?xf32, strides=[?,1]>
!pv = !cuda_tile.partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>

// Loop-carried tokens: loads of a read-only chain do not wait for earlier
// iterations; stores at the tile of the induction variable do not either;
// the carried tokens then go away. Stores at tiles that move differently
// keep their chain.
cuda_tile.module @m {
  // CHECK-LABEL: entry @loops
  entry @loops(%x: tile<ptr<f32>>, %n: tile<i32>, %row: tile<i32>) {
    %xv = make_tensor_view %x, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> !tv
    %xp = make_partition_view %xv : !pv
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tok = make_token : token
    // CHECK: for %[[I:.*]] in (%{{.*}}) : tile<i32> {
    // CHECK-NEXT: %{{.*}}, %[[T:.*]] = load_view_tko weak %{{.*}}[%arg2, %[[I]]] :
    // CHECK-NEXT: store_view_tko weak %{{.*}}[%arg2, %[[I]]] token = %[[T]] :
    // CHECK-NEXT: }
    %ta, %tb = for %i in (%c0 to %n, step %c1) : tile<i32>
        iter_values(%t0 = %tok, %u0 = %tok) -> (token, token) {
      %v, %t1 = load_view_tko weak %xp[%row, %i] token = %t0 : !pv, tile<i32> -> tile<1x256xf32>, token
      %u1 = store_view_tko weak %v, %xp[%row, %i] token = %t1 : tile<1x256xf32>, !pv, tile<i32> -> token
      continue %t1, %u1 : token, token
    }
    // CHECK: for %[[J:.*]] in (%{{.*}}) : tile<i32> iter_values(%[[U:.*]] = %{{.*}}) -> (token) {
    // CHECK: %[[J1:.*]] = addi %[[J]]
    // CHECK: load_view_tko weak %{{.*}}[%arg2, %[[J1]]] token = %[[U]] :
    // CHECK: store_view_tko weak %{{.*}}[%arg2, %[[J]]] token =
    %tc = for %j in (%c0 to %n, step %c1) : tile<i32> iter_values(%u0 = %tok) -> (token) {
      %j1 = addi %j, %c1 : tile<i32>
      %v, %t1 = load_view_tko weak %xp[%row, %j1] token = %u0 : !pv, tile<i32> -> tile<1x256xf32>, token
      %u1 = store_view_tko weak %v, %xp[%row, %j] token = %t1 : tile<1x256xf32>, !pv, tile<i32> -> token
      continue %u1 : token
    }
    return
  }
}
