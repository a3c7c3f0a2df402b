// The input of reader-diagnostics.test: a global, a kernel whose body is
// negf (opcode, result type, operand), addf (opcode, result type, flags,
// rounding mode, two operands), an if with one block in its then region,
// and return.
cuda_tile.module @m {
  global @g <f32: [0.25, 0.5]> : tile<2xf32>
  entry @k(%x: tile<f32>, %c: tile<i1>) {
    %y = negf %x : tile<f32>
    %z = addf %y, %x rounding<zero> : tile<f32>
    if %c {
      yield
    }
    return
  }
}
