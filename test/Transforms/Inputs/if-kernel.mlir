// A kernel full of `if`s that the canonicalizer rewrites (select, adjacent
// and nested merges, negated conditions, exits in branches); run by
// canonicalize-if.mlir before and after canonicalization.
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %a: tile<i32>, %b: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %true = constant <i1: true> : tile<i1>
    %o1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %i0 = constant <i32: [0]> : tile<1xi32>
    %i1 = constant <i32: [1]> : tile<1xi32>
    %i2 = constant <i32: [2]> : tile<1xi32>
    %i3 = constant <i32: [3]> : tile<1xi32>
    %p0 = offset %o1, %i0 : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %p1 = offset %o1, %i1 : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %p2 = offset %o1, %i2 : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %p3 = offset %o1, %i3 : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %r:2 = for %i in (%c0 to %c16, step %c1) : tile<i32> iter_values(%acc = %c0, %acc2 = %c1) -> (tile<i32>, tile<i32>) {
      %ca = cmpi less_than %i, %a, signed : tile<i32> -> tile<i1>
      %cb = cmpi greater_than %i, %b, signed : tile<i32> -> tile<i1>
      %na = xori %ca, %true : tile<i1>
      %x = if %ca -> (tile<i32>) {
        yield %i : tile<i32>
      } else {
        yield %acc : tile<i32>
      }
      %y = if %ca -> (tile<i32>) {
        %m = muli %x, %c3 : tile<i32>
        yield %m : tile<i32>
      } else {
        %m = addi %x, %c2 : tile<i32>
        yield %m : tile<i32>
      }
      %z = if %na -> (tile<i32>) {
        %m = addi %y, %x : tile<i32>
        yield %m : tile<i32>
      } else {
        %m = subi %y, %i : tile<i32>
        yield %m : tile<i32>
      }
      %w = if %ca -> (tile<i32>) {
        %in = if %cb -> (tile<i32>) {
          %m = muli %z, %c2 : tile<i32>
          yield %m : tile<i32>
        } else {
          yield %acc2 : tile<i32>
        }
        yield %in : tile<i32>
      } else {
        yield %acc2 : tile<i32>
      }
      %e = if %cb -> (tile<i32>) {
        %s = addi %acc, %w : tile<i32>
        continue %s, %w : tile<i32>, tile<i32>
      } else {
        yield %z : tile<i32>
      }
      %s = addi %acc, %e : tile<i32>
      continue %s, %w : tile<i32>, tile<i32>
    }
    %l = loop iter_values(%j = %c0) : tile<i32> -> tile<i32> {
      %big = cmpi greater_than_or_equal %j, %b, signed : tile<i32> -> tile<i1>
      %t = if %big -> (tile<i32>) {
        break %j : tile<i32>
      } else {
        yield %j : tile<i32>
      }
      %odd = andi %t, %c1 : tile<i32>
      %isodd = cmpi equal %odd, %c1, signed : tile<i32> -> tile<i1>
      if %isodd {
        %n = addi %t, %c3 : tile<i32>
        continue %n : tile<i32>
      } else {
        %n = addi %t, %c1 : tile<i32>
        continue %n : tile<i32>
      }
      %dead = muli %t, %c2 : tile<i32>
      continue %dead : tile<i32>
    }
    %v0 = reshape %r#0 : tile<i32> -> tile<1xi32>
    %v1 = reshape %r#1 : tile<i32> -> tile<1xi32>
    %v2 = reshape %l : tile<i32> -> tile<1xi32>
    %t0 = store_ptr_tko weak %p0, %v0 : tile<1xptr<i32>>, tile<1xi32> -> token
    %t1 = store_ptr_tko weak %p1, %v1 : tile<1xptr<i32>>, tile<1xi32> -> token
    %t2 = store_ptr_tko weak %p2, %v2 : tile<1xptr<i32>>, tile<1xi32> -> token
    %neg = cmpi less_than %a, %c0, signed : tile<i32> -> tile<i1>
    %seven = constant <i32: [7]> : tile<1xi32>
    %nine = constant <i32: [99]> : tile<1xi32>
    if %neg {
      %t3 = store_ptr_tko weak %p3, %nine : tile<1xptr<i32>>, tile<1xi32> -> token
      return
    } else {
      %t3 = store_ptr_tko weak %p3, %seven : tile<1xptr<i32>>, tile<1xi32> -> token
      return
    }
    %t4 = store_ptr_tko weak %p3, %i0 : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
}
