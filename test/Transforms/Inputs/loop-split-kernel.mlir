cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %lb: tile<i32>, %ub: tile<i32>, %st: tile<i32>, %v: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %r1 = for %i in (%lb to %ub, step %st) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi less_than_or_equal %i, %v, signed : tile<i32> -> tile<i1>
      %x = if %c -> (tile<i32>) {
        %m = muli %i, %c3 : tile<i32>
        yield %m : tile<i32>
      } else {
        %m = addi %i, %c1 : tile<i32>
        yield %m : tile<i32>
      }
      %h = muli %acc, %c3 : tile<i32>
      %s = addi %h, %x : tile<i32>
      continue %s : tile<i32>
    }
    %r2 = for %i in (%lb to %ub, step %c3) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi greater_than %v, %i, signed : tile<i32> -> tile<i1>
      if %c {
        %h = muli %acc, %c3 : tile<i32>
        %s = addi %h, %i : tile<i32>
        continue %s : tile<i32>
      }
      %h = muli %acc, %c1 : tile<i32>
      %s = subi %h, %i : tile<i32>
      continue %s : tile<i32>
    }
    %r3 = for unsigned %i in (%lb to %ub, step %st) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %c = cmpi greater_than_or_equal %i, %v, unsigned : tile<i32> -> tile<i1>
      %x = select %c, %i, %c3 : tile<i1>, tile<i32>
      %y = if %c -> (tile<i32>) {
        yield %c1 : tile<i32>
      } else {
        yield %x : tile<i32>
      }
      %h = muli %acc, %c3 : tile<i32>
      %s = addi %h, %y : tile<i32>
      %s2 = addi %s, %x : tile<i32>
      continue %s2 : tile<i32>
    }
    %o1 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %io = iota : tile<1xi32>
    %p0 = offset %o1, %io : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %one = constant <i32: [1]> : tile<1xi32>
    %two = constant <i32: [2]> : tile<1xi32>
    %p1 = offset %o1, %one : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %p2 = offset %o1, %two : tile<1xptr<i32>>, tile<1xi32> -> tile<1xptr<i32>>
    %v1 = reshape %r1 : tile<i32> -> tile<1xi32>
    %v2 = reshape %r2 : tile<i32> -> tile<1xi32>
    %v3 = reshape %r3 : tile<i32> -> tile<1xi32>
    %t0 = store_ptr_tko weak %p0, %v1 : tile<1xptr<i32>>, tile<1xi32> -> token
    %t1 = store_ptr_tko weak %p1, %v2 : tile<1xptr<i32>>, tile<1xi32> -> token
    %t2 = store_ptr_tko weak %p2, %v3 : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
}
