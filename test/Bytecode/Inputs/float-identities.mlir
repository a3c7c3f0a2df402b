cuda_tile.module @m {
  entry @k() {
    %x = constant <f64: 1.000000e+00> : tile<16xf64>
    %y = constant <f32: 1.000000e+00> : tile<16xf32>
    %max = reduce %x dim=0 identities=[0xFFF0000000000000 : f64] : tile<16xf64> -> tile<f64>
    (%a: tile<f64>, %b: tile<f64>) {
      %m = maxf %a, %b : tile<f64>
      yield %m : tile<f64>
    }
    %sum = reduce %x dim=0 identities=[-2.500000e+00 : f64] : tile<16xf64> -> tile<f64>
    (%a: tile<f64>, %b: tile<f64>) {
      %s = addf %a, %b : tile<f64>
      yield %s : tile<f64>
    }
    %maxf32 = reduce %y dim=0 identities=[0xFF800000 : f32] : tile<16xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      %m = maxf %a, %b : tile<f32>
      yield %m : tile<f32>
    }
    return
  }
}
