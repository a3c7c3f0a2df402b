// The input of reader-reference-order.test: two kernels, the first with a
// call-site location whose caller is a di_loc (the debug section's last
// entry), the second with a global.
#f = #cuda_tile.di_file<"model.py" in "models">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 20, name = "layer", linkageName = "layer", compileUnit = #cu, scopeLine = 21>
#caller = #cuda_tile.di_loc<loc("model.py":25:10) in #sp>
cuda_tile.module @m {
  global @g <f32: [0.25, 0.5]> : tile<2xf32>
  entry @layer(%x: tile<f32>) {
    %t = tanh %x : tile<f32> loc(callsite("model.py":7:3 at #caller))
    %u = mulf %t, %x : tile<f32> loc(#caller)
    return loc(#caller)
  } loc(#cuda_tile.di_loc<loc("model.py":20:1) in #sp>)
  entry @second(%x: tile<f32>) {
    %y = negf %x : tile<f32>
    return
  }
}
