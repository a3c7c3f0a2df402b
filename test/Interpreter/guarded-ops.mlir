// Ops whose bad inputs only make the result undefined (a shift by the width
// or more, ftoi of an infinity, an offset that wraps) may be speculated;
// ops with an overflow flag may not (a violated flag is undefined
// behaviour). Here every one of them is guarded, by an `if` in a loop and by
// a loop that runs zero times, with inputs that would be bad: the guards
// hold them off at -O0, and -O3 (which hoists the speculatable ones out of
// both) must run the same way and write the same bits.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: cuda-tile-optimize -O3 %s -o %t/o3.mlir
// RUN: FileCheck %s --check-prefix=O3 < %t/o3.mlir
// RUN: cuda-tile-run %s --entry guarded --grid 1 --arg zeros:i32:4 --arg i32:40 --arg f32:inf --arg i64:4611686018427387904 --arg i32:2147483647 --arg i32:0 --out-dir %t/r0
// RUN: cuda-tile-run %t/o3.mlir --entry guarded --grid 1 --arg zeros:i32:4 --arg i32:40 --arg f32:inf --arg i64:4611686018427387904 --arg i32:2147483647 --arg i32:0 --out-dir %t/r3
// RUN: cmp %t/r0/arg0.npy %t/r3/arg0.npy
// RUN: %python -c "import struct, sys; d = open(sys.argv[1], 'rb').read(); sys.exit(struct.unpack('<4i', d[-16:]) != (0, 1, 0, 0))" %t/r0/arg0.npy
//
// The values the interpreter gives: shifts by the width or more shift every
// bit out; ftoi saturates infinities like other values out of range.
// RUN: cuda-tile-run %s --entry values --grid 1 --arg zeros:i32:16 --out-dir %t/v
// RUN: %python -c "import struct, sys; d = open(sys.argv[1], 'rb').read(); sys.exit(struct.unpack('<16i', d[-64:]) != (0, 0, 0, 1, 0, -1, -1, 1, 0, 0, 0, 1, 2147483647, -2147483648, 0, 1))" %t/v/arg0.npy
//
// The speculatable ops left both loops; the flagged addi stayed in its
// `if` and in the loop that may not run.
// O3-LABEL: entry @guarded
// O3-NOT: {{= for }}
// O3: shli
// O3-NOT: {{= for }}
// O3: ftoi
// O3-NOT: {{= for }}
// O3: offset
// O3: {{= for }}
// O3: if
// O3-NEXT: addi {{.*}} overflow<no_signed_wrap>
// O3: {{= for }}
// O3-NEXT: addi {{.*}} overflow<no_signed_wrap>

cuda_tile.module @m {
  entry @guarded(%out: tile<ptr<i32>>, %s: tile<i32>, %f: tile<f32>, %o: tile<i64>, %a: tile<i32>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %imax = constant <i32: 2147483647> : tile<i32>
    %huge = constant <f32: 1.0e9> : tile<f32>
    %z64 = constant <i64: 0> : tile<i64>
    %one64 = constant <i64: 1> : tile<i64>
    %shiftOk = cmpi less_than %s, %c32, unsigned : tile<i32> -> tile<i1>
    %mag = absf %f : tile<f32>
    %finite = cmpf less_than ordered %mag, %huge : tile<f32> -> tile<i1>
    %noWrap = cmpi less_than %a, %imax, signed : tile<i32> -> tile<i1>
    %near = cmpi equal %o, %z64, signed : tile<i64> -> tile<i1>
    %r = for %i in (%c0 to %c2, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %v1 = if %shiftOk -> (tile<i32>) {
        %x = shli %c1, %s : tile<i32>
        yield %x : tile<i32>
      } else {
        yield %c0 : tile<i32>
      }
      %v2 = if %finite -> (tile<i32>) {
        %x = ftoi %f signed : tile<f32> -> tile<i32>
        yield %x : tile<i32>
      } else {
        yield %c0 : tile<i32>
      }
      %v3 = if %noWrap -> (tile<i32>) {
        %x = addi %a, %c1 overflow<no_signed_wrap> : tile<i32>
        yield %x : tile<i32>
      } else {
        yield %c0 : tile<i32>
      }
      %v4 = if %near -> (tile<i32>) {
        %q = offset %out, %o : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
        %x, %t = load_ptr_tko weak %q : tile<ptr<i32>> -> tile<i32>, token
        yield %x : tile<i32>
      } else {
        yield %c0 : tile<i32>
      }
      %s1 = addi %acc, %v1 : tile<i32>
      %s2 = addi %s1, %v2 : tile<i32>
      %s3 = addi %s2, %v3 : tile<i32>
      %s4 = addi %s3, %v4 : tile<i32>
      continue %s4 : tile<i32>
    }
    %t0 = store_ptr_tko weak %out, %r : tile<ptr<i32>>, tile<i32> -> token
    %r2 = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c1) -> (tile<i32>) {
      %x3 = addi %a, %c1 overflow<no_signed_wrap> : tile<i32>
      %x1 = shli %c1, %s : tile<i32>
      %x2 = ftoi %f signed : tile<f32> -> tile<i32>
      %q = offset %out, %o : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
      %x4, %t = load_ptr_tko weak %q : tile<ptr<i32>> -> tile<i32>, token
      %s1 = addi %acc, %x1 : tile<i32>
      %s2 = addi %s1, %x2 : tile<i32>
      %s3 = addi %s2, %x3 : tile<i32>
      %s4 = addi %s3, %x4 : tile<i32>
      continue %s4 : tile<i32>
    }
    %p1 = offset %out, %one64 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
    %t1 = store_ptr_tko weak %p1, %r2 token = %t0 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  entry @values(%out: tile<ptr<i32>>) {
    %v = constant <i32: [1, -8, -8, 1]> : tile<4xi32>
    %amount = constant <i32: [40, 40, 32, 0]> : tile<4xi32>
    %shl = shli %v, %amount : tile<4xi32>
    %sar = shri %v, %amount signed : tile<4xi32>
    %shr = shri %v, %amount unsigned : tile<4xi32>
    %fs = constant <f32: [0x7F800000, 0xFF800000, 0x7FC00000, 1.5]> : tile<4xf32>
    %conv = ftoi %fs signed : tile<4xf32> -> tile<4xi32>
    %a = cat %shl, %sar dim = 0 : tile<4xi32>, tile<4xi32> -> tile<8xi32>
    %b = cat %shr, %conv dim = 0 : tile<4xi32>, tile<4xi32> -> tile<8xi32>
    %all = cat %a, %b dim = 0 : tile<8xi32>, tile<8xi32> -> tile<16xi32>
    %p1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %idx = iota : tile<16xi32>
    %ptrs = offset %pb, %idx : tile<16xptr<i32>>, tile<16xi32> -> tile<16xptr<i32>>
    %t = store_ptr_tko weak %ptrs, %all : tile<16xptr<i32>>, tile<16xi32> -> token
    return
  }
}
