// Non-splat literals above the hex threshold print as a hex string, and that
// string parses back to the same values.
// RUN: cuda-tile-opt %s | FileCheck %s --check-prefix=HEX
// RUN: cuda-tile-opt %s | cuda-tile-opt -mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s --check-prefix=DEC
// RUN: cuda-tile-opt %s -mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s --check-prefix=DEC

cuda_tile.module @hex {
  // HEX-LABEL: entry @big
  // DEC-LABEL: entry @big
  entry @big() {
    // HEX: %cst_i8 = constant <i8: "0x{{[0-9A-F]+}}"> : tile<128xi8>
    // DEC: %cst_i8 = constant <i8: [-64, -57, -50,
    // DEC-SAME: 50, 57]> : tile<128xi8>
    %0 = constant <i8: [-64, -57, -50, -43, -36, -29, -22, -15, -8, -1, 6, 13, 20, 27, 34, 41, 48, 55, 62, -59, -52, -45, -38, -31, -24, -17, -10, -3, 4, 11, 18, 25, 32, 39, 46, 53, 60, -61, -54, -47, -40, -33, -26, -19, -12, -5, 2, 9, 16, 23, 30, 37, 44, 51, 58, -63, -56, -49, -42, -35, -28, -21, -14, -7, 0, 7, 14, 21, 28, 35, 42, 49, 56, 63, -58, -51, -44, -37, -30, -23, -16, -9, -2, 5, 12, 19, 26, 33, 40, 47, 54, 61, -60, -53, -46, -39, -32, -25, -18, -11, -4, 3, 10, 17, 24, 31, 38, 45, 52, 59, -62, -55, -48, -41, -34, -27, -20, -13, -6, 1, 8, 15, 22, 29, 36, 43, 50, 57]> : tile<128xi8>
    return
  }
}
