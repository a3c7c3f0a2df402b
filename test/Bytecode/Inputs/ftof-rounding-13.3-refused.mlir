cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{attribute 'rounding_mode' value 'nearest_away' requires bytecode version 13.4+, but targeting 13.3}}
    %y = ftof %x rounding<nearest_away> : tile<f32> -> tile<tf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error @+1 {{rounding mode 'zero' of a conversion from 'f32' to 'f16' requires bytecode version 13.4+, but targeting 13.3}}
    %y = ftof %x rounding<zero> : tile<f32> -> tile<f16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%x: tile<f64>) {
    // expected-error @+1 {{rounding mode 'negative_inf' of a conversion from 'f64' to 'f32' requires bytecode version 13.4+, but targeting 13.3}}
    %y = ftof %x rounding<negative_inf> : tile<f64> -> tile<f32>
    return
  }
}

// -----

// 13.3 already took zero and positive_inf to f8E8M0FNU.
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %y = ftof %x rounding<positive_inf> : tile<f32> -> tile<f8E8M0FNU>
    return
  }
}
