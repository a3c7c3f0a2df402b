// RUN: cuda-tile-opt %s -split-input-file -simplify-integers | FileCheck %s

// Python's `a % b`: the remainder takes the sign of the divisor, so a
// frontend adds b when the signs differ. With a >= 0 and b > 0 the fix-up
// never fires and only the remainder is left.
cuda_tile.module @m {
  // CHECK-LABEL: entry @python_mod
  entry @python_mod(%a0: tile<i32>, %b0: tile<i32>, %p: tile<ptr<i32>>) {
    %a = assume bounded<0, ?>, %a0 : tile<i32>
    %b = assume bounded<1, 1024>, %b0 : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    // CHECK: %[[R:.*]] = remi %assume, %assume_0 signed
    // CHECK-NOT: cmpi
    // CHECK-NOT: xori
    // CHECK-NOT: select
    // CHECK: store_ptr_tko weak %arg2, %[[R]]
    %r = remi %a, %b signed : tile<i32>
    %rneg = cmpi less_than %r, %zero, signed : tile<i32> -> tile<i1>
    %bneg = cmpi less_than %b, %zero, signed : tile<i32> -> tile<i1>
    %diff = xori %rneg, %bneg : tile<i1>
    %rnz = cmpi not_equal %r, %zero, signed : tile<i32> -> tile<i1>
    %fix = andi %diff, %rnz : tile<i1>
    %radj = addi %r, %b : tile<i32>
    %res = select %fix, %radj, %r : tile<i1>, tile<i32>
    %t = store_ptr_tko weak %p, %res : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// The same without facts: the operands may be negative, nothing changes.
cuda_tile.module @m {
  // CHECK-LABEL: entry @python_mod_no_facts
  entry @python_mod_no_facts(%a: tile<i32>, %b: tile<i32>, %p: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    // CHECK: remi
    // CHECK: cmpi less_than
    // CHECK: cmpi less_than
    // CHECK: xori
    // CHECK: cmpi not_equal
    // CHECK: andi
    // CHECK: addi
    // CHECK: select
    %r = remi %a, %b signed : tile<i32>
    %rneg = cmpi less_than %r, %zero, signed : tile<i32> -> tile<i1>
    %bneg = cmpi less_than %b, %zero, signed : tile<i32> -> tile<i1>
    %diff = xori %rneg, %bneg : tile<i1>
    %rnz = cmpi not_equal %r, %zero, signed : tile<i32> -> tile<i1>
    %fix = andi %diff, %rnz : tile<i1>
    %radj = addi %r, %b : tile<i32>
    %res = select %fix, %radj, %r : tile<i1>, tile<i32>
    %t = store_ptr_tko weak %p, %res : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// Division and remainder by a power of two. A floor division is an
// arithmetic shift whatever the sign; a truncating one is a shift when the
// dividend is non-negative; so is the remainder a mask. Equal results are
// computed once.
cuda_tile.module @m {
  // CHECK-LABEL: entry @power_of_two
  entry @power_of_two(%x0: tile<i32>, %y: tile<i32>, %p: tile<ptr<i32>>) {
    %x = assume bounded<0, ?>, %x0 : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    // CHECK: %[[SIX:.*]] = constant <i32: 6>
    // CHECK: %[[Q:.*]] = shri %assume, %[[SIX]] unsigned
    // CHECK: %[[F:.*]] = shri %arg1, %[[SIX]] signed
    // CHECK: %[[MASK:.*]] = constant <i32: 63>
    // CHECK: %[[M:.*]] = andi %assume, %[[MASK]]
    // CHECK: %[[T:.*]] = divi %arg1, %{{.*}} signed
    // CHECK: store_ptr_tko weak %arg2, %[[Q]]
    // CHECK: store_ptr_tko weak %arg2, %[[Q]]
    // CHECK: store_ptr_tko weak %arg2, %[[F]]
    // CHECK: store_ptr_tko weak %arg2, %[[M]]
    // CHECK: store_ptr_tko weak %arg2, %[[T]]
    %q0 = divi %x, %c64 signed : tile<i32>
    %q1 = divi %x, %c64 signed rounding<negative_inf> : tile<i32>
    %f = divi %y, %c64 signed rounding<negative_inf> : tile<i32>
    %m = remi %x, %c64 signed : tile<i32>
    // Truncating division of a value that may be negative stays.
    %t = divi %y, %c64 signed : tile<i32>
    %s0 = store_ptr_tko weak %p, %q0 : tile<ptr<i32>>, tile<i32> -> token
    %s1 = store_ptr_tko weak %p, %q1 : tile<ptr<i32>>, tile<i32> -> token
    %s2 = store_ptr_tko weak %p, %f : tile<ptr<i32>>, tile<i32> -> token
    %s3 = store_ptr_tko weak %p, %m : tile<ptr<i32>>, tile<i32> -> token
    %s4 = store_ptr_tko weak %p, %t : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// Range checks that always hold: an index made by `% n` is below n, a loop
// index is below the upper bound and at or above the lower bound (positive
// step), iota stays below its length. The branch on them is resolved and a
// mask that is always true is dropped.
cuda_tile.module @m {
  // CHECK-LABEL: entry @range_checks
  entry @range_checks(%xs: tile<i32>, %n0: tile<i32>, %ub: tile<i32>, %p: tile<ptr<f32>>) {
    %x1 = reshape %xs : tile<i32> -> tile<1xi32>
    %x = broadcast %x1 : tile<1xi32> -> tile<16xi32>
    %n = assume bounded<1, ?>, %n0 : tile<i32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<16xi32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c16 = constant <i32: 16> : tile<16xi32>
    %i = remi %x, %nb unsigned : tile<16xi32>
    %ok = cmpi less_than %i, %nb, unsigned : tile<16xi32> -> tile<16xi1>
    %iota = iota : tile<16xi32>
    %ok2 = cmpi less_than %iota, %c16, signed : tile<16xi32> -> tile<16xi1>
    %both = andi %ok, %ok2 : tile<16xi1>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %ptrs = offset %pb, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %zero = constant <f32: 0.0> : tile<16xf32>
    // CHECK: load_ptr_tko weak %{{[^,]*}} : tile<16xptr<f32>> -> tile<16xf32>, token
    %v, %tv = load_ptr_tko weak %ptrs, %both, %zero : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
    // CHECK: for %[[IV:.*]] in
    // CHECK-NOT: if
    // CHECK-NOT: cmpi
    // CHECK: store_ptr_tko weak %{{[^,]*}}, %{{[^ ]*}} :
    // CHECK: }
    for %k in (%c0 to %ub, step %c1) : tile<i32> {
      %below = cmpi less_than %k, %ub, signed : tile<i32> -> tile<i1>
      %above = cmpi greater_than_or_equal %k, %c0, signed : tile<i32> -> tile<i1>
      %in = andi %below, %above : tile<i1>
      if %in {
        %t = store_ptr_tko weak %ptrs, %v : tile<16xptr<f32>>, tile<16xf32> -> token
      }
    }
    return
  }
}

// -----

// A check that depends on the data stays, and so does its mask.
cuda_tile.module @m {
  // CHECK-LABEL: entry @real_check
  entry @real_check(%xs: tile<i32>, %n: tile<i32>, %p: tile<ptr<f32>>) {
    %x1 = reshape %xs : tile<i32> -> tile<1xi32>
    %x = broadcast %x1 : tile<1xi32> -> tile<16xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<16xi32>
    // CHECK: %[[OK:.*]] = cmpi less_than
    %ok = cmpi less_than %x, %nb, signed : tile<16xi32> -> tile<16xi1>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %ptrs = offset %pb, %x : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    // CHECK: load_ptr_tko weak %{{.*}}, %[[OK]]
    %v, %tv = load_ptr_tko weak %ptrs, %ok : tile<16xptr<f32>>, tile<16xi1> -> tile<16xf32>, token
    %t = store_ptr_tko weak %ptrs, %v : tile<16xptr<f32>>, tile<16xf32> -> token
    return
  }
}

// -----

// Identities, reassociated constants, x - (x / y) * y, and exact divisions
// known from div_by.
cuda_tile.module @m {
  // CHECK-LABEL: entry @identities
  entry @identities(%x: tile<i32>, %y: tile<i32>, %a0: tile<i32>, %p: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    // (x + 3) + 5 -> x + 8
    // CHECK-DAG: %[[EIGHT:.*]] = constant <i32: 8>
    // CHECK-DAG: %[[ADD:.*]] = addi %arg0, %[[EIGHT]]
    %a = addi %x, %c3 : tile<i32>
    %b = addi %a, %c5 : tile<i32>
    // (x + y) - y -> x
    %d = addi %x, %y : tile<i32>
    %e = subi %d, %y : tile<i32>
    // x - (x / y) * y -> x rem y
    // CHECK-DAG: %[[REM:.*]] = remi %arg0, %arg1 signed
    %q = divi %x, %y signed : tile<i32>
    %qy = muli %q, %y : tile<i32>
    %r = subi %x, %qy : tile<i32>
    // (a / 16) * 16 -> a when a is a multiple of 16; a % 16 -> 0
    %a16 = assume div_by<16>, %a0 : tile<i32>
    %aq = divi %a16, %c16 signed : tile<i32>
    %am = muli %aq, %c16 : tile<i32>
    %ar = remi %a16, %c16 signed : tile<i32>
    // CHECK: store_ptr_tko weak %arg3, %[[ADD]]
    // CHECK: store_ptr_tko weak %arg3, %arg0
    // CHECK: store_ptr_tko weak %arg3, %[[REM]]
    // CHECK: store_ptr_tko weak %arg3, %assume
    // CHECK: store_ptr_tko weak %arg3, %{{.*}}cst_0_i32
    %t0 = store_ptr_tko weak %p, %b : tile<ptr<i32>>, tile<i32> -> token
    %t1 = store_ptr_tko weak %p, %e : tile<ptr<i32>>, tile<i32> -> token
    %t2 = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    %t3 = store_ptr_tko weak %p, %am : tile<ptr<i32>>, tile<i32> -> token
    %t4 = store_ptr_tko weak %p, %ar : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// Overflow flags carry facts: with no_signed_wrap, pid * 100 of a
// non-negative pid is non-negative, so its truncating division by 32 is a
// shift; without them it may wrap to a negative value: the floor division
// is still an arithmetic shift, the truncating one stays. A multiple of 128
// (even a wrapped one) divides by 32 exactly, with any rounding.
cuda_tile.module @m {
  // CHECK-LABEL: entry @overflow_flags
  entry @overflow_flags(%p: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c100 = constant <i32: 100> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %nsw = muli %bx, %c100 overflow<no_signed_wrap> : tile<i32>
    %wrap = muli %bx, %c100 : tile<i32>
    %m128 = muli %bx, %c128 : tile<i32>
    // CHECK: %[[Q0:.*]] = shri %{{.*}}, %{{.*}} unsigned
    // CHECK: %[[Q1:.*]] = shri %{{.*}}, %{{.*}} signed
    // CHECK: %[[Q2:.*]] = divi %{{.*}}, %{{.*}} signed :
    // CHECK: %[[Q3:.*]] = shri %{{.*}}, %{{.*}} signed
    // CHECK: store_ptr_tko weak %arg0, %[[Q0]]
    // CHECK: store_ptr_tko weak %arg0, %[[Q1]]
    // CHECK: store_ptr_tko weak %arg0, %[[Q2]]
    // CHECK: store_ptr_tko weak %arg0, %[[Q3]]
    %q0 = divi %nsw, %c32 signed : tile<i32>
    %q1 = divi %wrap, %c32 signed rounding<negative_inf> : tile<i32>
    %q2 = divi %wrap, %c32 signed : tile<i32>
    %q3 = divi %m128, %c32 signed rounding<positive_inf> : tile<i32>
    %t0 = store_ptr_tko weak %p, %q0 : tile<ptr<i32>>, tile<i32> -> token
    %t1 = store_ptr_tko weak %p, %q1 : tile<ptr<i32>>, tile<i32> -> token
    %t2 = store_ptr_tko weak %p, %q2 : tile<ptr<i32>>, tile<i32> -> token
    %t3 = store_ptr_tko weak %p, %q3 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// A shift by the width or more gives 0 (not a value the ranges may ignore):
// the select below can still be 0, so the comparison stays.
cuda_tile.module @m {
  // CHECK-LABEL: entry @wide_shift
  // CHECK: %[[Z:.*]] = constant <i32: 0>
  // CHECK: %[[S:.*]] = select %arg1, %[[Z]], %{{.*}}
  // CHECK: cmpi equal %[[S]]
  entry @wide_shift(%x: tile<i32>, %c: tile<i1>, %p: tile<ptr<i1>>) {
    %c40 = constant <i32: 40> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %r = shli %x, %c40 : tile<i32>
    %s = select %c, %r, %c5 : tile<i1>, tile<i32>
    %z = cmpi equal %s, %c5, signed : tile<i32> -> tile<i1>
    %t = store_ptr_tko weak %p, %z : tile<ptr<i1>>, tile<i1> -> token
    return
  }
}

// -----

// Tile counts of a partition view are ceil(extent / tile): at most 2^24 for
// 128 over an i32 extent, 8 for 1000 rows, 32 for an extent assumed up to
// 4096. Comparisons those bounds decide fold; the one that reaches the
// bound (a count of 32 is possible) stays.
cuda_tile.module @m {
  // CHECK-LABEL: entry @tile_counts
  entry @tile_counts(%p: tile<ptr<f32>>, %m: tile<i32>, %k0: tile<i32>, %q: tile<ptr<i32>>) {
    %k = assume bounded<0, 4096>, %k0 : tile<i32>
    %tv = make_tensor_view %p, shape = [%m, 1000, %k], strides = [%m, %m, 1] : tile<i32> -> tensor_view<?x1000x?xf32, strides=[?,?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(128x128x128), tensor_view<?x1000x?xf32, strides=[?,?,1]>>
    // CHECK: %[[COUNTS:.*]]:3 = get_index_space_shape
    %cm, %c1000, %ck = get_index_space_shape %pv : partition_view<tile=(128x128x128), tensor_view<?x1000x?xf32, strides=[?,?,1]>> -> tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %big = constant <i32: 16777216> : tile<i32>
    %a = cmpi less_than_or_equal %cm, %big, signed : tile<i32> -> tile<i1>
    %b = cmpi less_than_or_equal %c1000, %c8, signed : tile<i32> -> tile<i1>
    %c = cmpi less_than_or_equal %ck, %c32, signed : tile<i32> -> tile<i1>
    %d = cmpi less_than %ck, %c32, signed : tile<i32> -> tile<i1>
    %ab = andi %a, %b : tile<i1>
    %abc = andi %ab, %c : tile<i1>
    %all = andi %abc, %d : tile<i1>
    // CHECK-NOT: cmpi
    // CHECK: %[[BELOW:.*]] = cmpi less_than %[[COUNTS]]#2, %{{.*}}, signed
    // CHECK-NOT: cmpi
    // CHECK-NOT: andi
    // CHECK: if %[[BELOW]] {
    if %all {
      %t = store_ptr_tko weak %q, %cm : tile<ptr<i32>>, tile<i32> -> token
    }
    return
  }
}
