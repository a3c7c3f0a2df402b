// Kernels of utils/gpu-check.py (generated once from a template; edit
// freely). Each GPU-CHECK line is one case: entry, grid, tolerance and the
// arguments in cuda-tile-run syntax (gen:TYPE:COUNT:DIST makes an input).
// for / loop / if with tiles and scalars carried through control flow.
// GPU-CHECK: control grid=1 tol=exact args i32:27 gen:f32:6912:u(-1,1) zeros:f32:256 zeros:i32:4
cuda_tile.module @control {
  entry @control(%n: tile<i32>, %x: tile<ptr<f32>>, %out: tile<ptr<f32>>, %iout: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %lane = iota : tile<256xi32>
    %xp1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xpv = broadcast %xp1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %acc0 = constant <f32: 0.0> : tile<256xf32>
    %c256 = constant <i32: 256> : tile<i32>
    // A tile carried through a counted loop with loads in the body.
    %acc = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%a = %acc0) -> (tile<256xf32>) {
      %off = muli %i, %c256 : tile<i32>
      %o1 = reshape %off : tile<i32> -> tile<1xi32>
      %ov = broadcast %o1 : tile<1xi32> -> tile<256xi32>
      %ix = addi %lane, %ov : tile<256xi32>
      %p = offset %xpv, %ix : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
      %v, %t = load_ptr_tko weak %p : tile<256xptr<f32>> -> tile<256xf32>, token
      %odd = andi %i, %one : tile<i32>
      %isodd = cmpi equal %odd, %one, signed : tile<i32> -> tile<i1>
      %na = if %isodd -> (tile<256xf32>) {
        %s = subf %a, %v : tile<256xf32>
        yield %s : tile<256xf32>
      } else {
        %s = addf %a, %v : tile<256xf32>
        yield %s : tile<256xf32>
      }
      continue %na : tile<256xf32>
    }
    %op1 = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %opv = broadcast %op1 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %op = offset %opv, %lane : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %s0 = store_ptr_tko weak %op, %acc : tile<256xptr<f32>>, tile<256xf32> -> token
    // Collatz steps of n with loop / break / continue.
    %c3 = constant <i32: 3> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %steps, %last = loop iter_values(%v = %n, %s = %zero) : tile<i32>, tile<i32> -> tile<i32>, tile<i32> {
      %done = cmpi less_than_or_equal %v, %one, signed : tile<i32> -> tile<i1>
      if %done {
        break %s, %v : tile<i32>, tile<i32>
      }
      %s2 = addi %s, %one : tile<i32>
      %bit = andi %v, %one : tile<i32>
      %even = cmpi equal %bit, %zero, signed : tile<i32> -> tile<i1>
      if %even {
        %h = divi %v, %two signed : tile<i32>
        continue %h, %s2 : tile<i32>, tile<i32>
      }
      %t3 = muli %v, %c3 : tile<i32>
      %t4 = addi %t3, %one : tile<i32>
      continue %t4, %s2 : tile<i32>, tile<i32>
    }
    // Nested loops with an unsigned comparison and a wrapping bound.
    %lo = constant <i8: 100> : tile<i8>
    %hi = constant <i8: 127> : tile<i8>
    %st = constant <i8: 7> : tile<i8>
    %z8 = constant <i8: 0> : tile<i8>
    %cnt = for %j in (%lo to %hi, step %st) : tile<i8> iter_values(%c = %z8) -> (tile<i8>) {
      %c2 = addi %c, %j : tile<i8>
      continue %c2 : tile<i8>
    }
    %cnt32 = exti %cnt signed : tile<i8> -> tile<i32>
    %ulo = constant <i32: 0> : tile<i32>
    %uhi = constant <i32: -16> : tile<i32>
    %ust = constant <i32: 1073741824> : tile<i32>
    %ucnt = for unsigned %j in (%ulo to %uhi, step %ust) : tile<i32> iter_values(%c = %zero) -> (tile<i32>) {
      %c2 = addi %c, %one : tile<i32>
      continue %c2 : tile<i32>
    }
    %r1 = reshape %steps : tile<i32> -> tile<1xi32>
    %r2 = reshape %last : tile<i32> -> tile<1xi32>
    %r3 = reshape %cnt32 : tile<i32> -> tile<1xi32>
    %r4 = reshape %ucnt : tile<i32> -> tile<1xi32>
    %r12 = cat %r1, %r2 dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>
    %r34 = cat %r3, %r4 dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>
    %r = cat %r12, %r34 dim = 0 : tile<2xi32>, tile<2xi32> -> tile<4xi32>
    %l4 = iota : tile<4xi32>
    %ip1 = reshape %iout : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ipv = broadcast %ip1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %ip = offset %ipv, %l4 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %s1 = store_ptr_tko weak %ip, %r : tile<4xptr<i32>>, tile<4xi32> -> token
    %neg = cmpi less_than %n, %zero, signed : tile<i32> -> tile<i1>
    if %neg {
      return
    }
    return
  }
}
