// RUN: %cuda-tile-opt %s -split-input-file -verify-diagnostics -convert-cudatile-to-nvvm="remarks=all"
// RUN: %cuda-tile-translate -split-input-file -cudatile-to-ptx --gpu-name=sm_80 %s -o - | FileCheck %s --check-prefix=PTX

// Pointer tiles are loaded and stored a run at a time where their pointers
// step by one element along the innermost dimension from an address aligned
// to the access, under a mask that holds still over it (InnerDimFacts;
// docs/codegen.md, "Memory").

// PTX-LABEL: .entry contiguous
// PTX-COUNT-2: ld.v4.b32
// PTX-NOT: ld.b32
// PTX-COUNT-2: st.v4.b32
// PTX-NOT: st.b32
// PTX: ret;
cuda_tile.module @m {
  entry @contiguous(%src_arg: tile<ptr<f32>>, %dst_arg: tile<ptr<f32>>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<f32>>
    %dst = assume div_by<16>, %dst_arg : tile<ptr<f32>>
    %i = iota : tile<1024xi32>
    %s1 = reshape %src : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sb = broadcast %s1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %sp = offset %sb, %i : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    // expected-remark @+1 {{passed: load of 1024 x f32 vectorized: 16-byte accesses}}
    %x, %t0 = load_ptr_tko weak %sp : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %d1 = reshape %dst : tile<ptr<f32>> -> tile<1xptr<f32>>
    %db = broadcast %d1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %dp = offset %db, %i : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    // expected-remark @+1 {{passed: store of 1024 x f32 vectorized: 16-byte accesses}}
    %t1 = store_ptr_tko weak %dp, %x : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
}

// -----

// A bound that is a multiple of 16 cuts runs of 8 only between runs: one
// mask test per access. An unknown bound, or a comparison that changes
// inside a run (>), may cut one: the mask's lanes of an access are tested
// together, and a partly masked access goes element by element.
cuda_tile.module @m {
  entry @masks(%src_arg: tile<ptr<f16>>, %n_arg: tile<i32>, %m: tile<i32>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<f16>>
    %n = assume div_by<16>, %n_arg : tile<i32>
    %i = iota : tile<2048xi32>
    %s1 = reshape %src : tile<ptr<f16>> -> tile<1xptr<f16>>
    %sb = broadcast %s1 : tile<1xptr<f16>> -> tile<2048xptr<f16>>
    %sp = offset %sb, %i : tile<2048xptr<f16>>, tile<2048xi32> -> tile<2048xptr<f16>>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<2048xi32>
    %in = cmpi less_than %i, %nb, signed : tile<2048xi32> -> tile<2048xi1>
    %pad = constant <f16: 0.0> : tile<2048xf16>
    // expected-remark @+1 {{passed: load of 2048 x f16 vectorized: 16-byte accesses, one mask test per access}}
    %x, %t0 = load_ptr_tko weak %sp, %in, %pad : tile<2048xptr<f16>>, tile<2048xi1>, tile<2048xf16> -> tile<2048xf16>, token
    %m1 = reshape %m : tile<i32> -> tile<1xi32>
    %mb = broadcast %m1 : tile<1xi32> -> tile<2048xi32>
    %below = cmpi less_than %i, %mb, signed : tile<2048xi32> -> tile<2048xi1>
    // expected-remark @+1 {{passed: load of 2048 x f16 vectorized: 16-byte accesses, element accesses where the mask changes inside an access}}
    %y, %t1 = load_ptr_tko weak %sp, %below, %pad : tile<2048xptr<f16>>, tile<2048xi1>, tile<2048xf16> -> tile<2048xf16>, token
    %above = cmpi greater_than %i, %nb, signed : tile<2048xi32> -> tile<2048xi1>
    // expected-remark @+1 {{passed: load of 2048 x f16 vectorized: 16-byte accesses, element accesses where the mask changes inside an access}}
    %z, %t2 = load_ptr_tko weak %sp, %above, %pad : tile<2048xptr<f16>>, tile<2048xi1>, tile<2048xf16> -> tile<2048xf16>, token
    %sum0 = addf %x, %y : tile<2048xf16>
    %sum = addf %sum0, %z : tile<2048xf16>
    // expected-remark @+1 {{passed: store of 2048 x f16 vectorized: 16-byte accesses, element accesses where the mask changes inside an access}}
    %t3 = store_ptr_tko weak %sp, %sum, %below : tile<2048xptr<f16>>, tile<2048xf16>, tile<2048xi1> -> token
    return
  }
}

// -----

// Rows gathered by an index array (as in a MoE kernel): each row's columns
// are contiguous; the row offsets are aligned where the row stride is.
cuda_tile.module @m {
  entry @gather(%a_arg: tile<ptr<bf16>>, %idx: tile<ptr<i32>>, %s_arg: tile<i32>, %u: tile<i32>) {
    %a = assume div_by<16>, %a_arg : tile<ptr<bf16>>
    %s = assume div_by<8>, %s_arg : tile<i32>
    %i = iota : tile<64xi32>
    %x1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %xb = broadcast %x1 : tile<1xptr<i32>> -> tile<64xptr<i32>>
    %xp = offset %xb, %i : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
    // expected-remark @+1 {{missed: load of 64 x i32 not vectorized: the tile has no more elements than the tile block has threads}}
    %rows, %tr = load_ptr_tko weak %xp : tile<64xptr<i32>> -> tile<64xi32>, token
    %r2 = reshape %rows : tile<64xi32> -> tile<64x1xi32>
    // expected-remark @+1 {{missed: layout change through shared memory}}
    %rb = broadcast %r2 : tile<64x1xi32> -> tile<64x64xi32>
    %s2 = reshape %s : tile<i32> -> tile<1x1xi32>
    %sb = broadcast %s2 : tile<1x1xi32> -> tile<64x64xi32>
    %roff = muli %rb, %sb : tile<64x64xi32>
    %c2 = reshape %i : tile<64xi32> -> tile<1x64xi32>
    %cb = broadcast %c2 : tile<1x64xi32> -> tile<64x64xi32>
    %off = addi %roff, %cb : tile<64x64xi32>
    %a2 = reshape %a : tile<ptr<bf16>> -> tile<1x1xptr<bf16>>
    %ab = broadcast %a2 : tile<1x1xptr<bf16>> -> tile<64x64xptr<bf16>>
    %p = offset %ab, %off : tile<64x64xptr<bf16>>, tile<64x64xi32> -> tile<64x64xptr<bf16>>
    // expected-remark @+1 {{passed: load of 4096 x bf16 vectorized: 16-byte accesses}}
    %x, %t0 = load_ptr_tko weak %p : tile<64x64xptr<bf16>> -> tile<64x64xbf16>, token
    // An unasserted stride: rows only 2-byte aligned.
    %u2 = reshape %u : tile<i32> -> tile<1x1xi32>
    %ub = broadcast %u2 : tile<1x1xi32> -> tile<64x64xi32>
    %uoff0 = muli %rb, %ub : tile<64x64xi32>
    %uoff = addi %uoff0, %cb : tile<64x64xi32>
    %q = offset %ab, %uoff : tile<64x64xptr<bf16>>, tile<64x64xi32> -> tile<64x64xptr<bf16>>
    // expected-remark @+1 {{missed: load of 4096 x bf16 not vectorized: a run's first pointer is only known to be 2-byte aligned (assume div_by on the base pointer and the offsets)}}
    %y, %t1 = load_ptr_tko weak %q : tile<64x64xptr<bf16>> -> tile<64x64xbf16>, token
    // Columns two apart do not step by one element.
    %two = constant <i32: 2> : tile<64x64xi32>
    %wide = muli %cb, %two : tile<64x64xi32>
    %woff = addi %roff, %wide : tile<64x64xi32>
    %w = offset %ab, %woff : tile<64x64xptr<bf16>>, tile<64x64xi32> -> tile<64x64xptr<bf16>>
    // expected-remark @+1 {{missed: load of 4096 x bf16 not vectorized: its pointers are not known to step by one element along the innermost dimension}}
    %z, %t2 = load_ptr_tko weak %w : tile<64x64xptr<bf16>> -> tile<64x64xbf16>, token
    %sum0 = addf %x, %y : tile<64x64xbf16>
    %sum = addf %sum0, %z : tile<64x64xbf16>
    // expected-remark @+1 {{passed: store of 4096 x bf16 vectorized: 16-byte accesses}}
    %t3 = store_ptr_tko weak %p, %sum : tile<64x64xptr<bf16>>, tile<64x64xbf16> -> token
    return
  }
}

// -----

// Through subi, trunci, ori and select: offsets `i64 index - start`
// truncated to i32 step by one; masks combined by ori / select of masks that
// hold still hold still.
cuda_tile.module @m {
  entry @through(%src_arg: tile<ptr<f32>>, %start_arg: tile<i64>, %n_arg: tile<i64>, %c: tile<i1>) {
    %src = assume div_by<16>, %src_arg : tile<ptr<f32>>
    %start = assume div_by<16>, %start_arg : tile<i64>
    %n = assume div_by<16>, %n_arg : tile<i64>
    %i = iota : tile<1024xi64>
    %s1 = reshape %start : tile<i64> -> tile<1xi64>
    %sb = broadcast %s1 : tile<1xi64> -> tile<1024xi64>
    %rel = subi %i, %sb : tile<1024xi64>
    %rel32 = trunci %rel : tile<1024xi64> -> tile<1024xi32>
    %p1 = reshape %src : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %p = offset %pb, %rel32 : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %n1 = reshape %n : tile<i64> -> tile<1xi64>
    %nb = broadcast %n1 : tile<1xi64> -> tile<1024xi64>
    %below = cmpi less_than %i, %nb, unsigned : tile<1024xi64> -> tile<1024xi1>
    %above = cmpi greater_than_or_equal %i, %sb, signed : tile<1024xi64> -> tile<1024xi1>
    %either = ori %below, %above : tile<1024xi1>
    %c1 = reshape %c : tile<i1> -> tile<1xi1>
    %cb = broadcast %c1 : tile<1xi1> -> tile<1024xi1>
    %m = select %cb, %either, %below : tile<1024xi1>, tile<1024xi1>
    %pad = constant <f32: 0.0> : tile<1024xf32>
    // expected-remark @+1 {{passed: load of 1024 x f32 vectorized: 16-byte accesses, one mask test per access}}
    %x, %t0 = load_ptr_tko weak %p, %m, %pad : tile<1024xptr<f32>>, tile<1024xi1>, tile<1024xf32> -> tile<1024xf32>, token
    // An offset minus a stepping value no longer steps by one.
    %back = subi %sb, %i : tile<1024xi64>
    %q = offset %pb, %back : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    // expected-remark @+1 {{missed: store of 1024 x f32 not vectorized: its pointers are not known to step by one element along the innermost dimension}}
    %t1 = store_ptr_tko weak %q, %x : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
}
