//===- Numeric.h - number formats of the interpreter ------------*- C++ -*-===//
//
// Bit-exact conversions between the element formats and the host's float and
// double, the canonical NaNs results carry, denormal flushing, and the APFloat
// semantics of every float kind.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LIB_INTERPRETER_NUMERIC_H
#define CUDA_TILE_LIB_INTERPRETER_NUMERIC_H

#include "cuda_tile/Interpreter/Tile.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace mlir::cuda_tile::interp {

template <typename To, typename From> inline To bitCast(From from) {
  static_assert(sizeof(To) == sizeof(From), "size mismatch");
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

/// Canonical NaNs written by every operation that produces a NaN (the
/// positive quiet NaN with all payload bits set, as the GPU writes them).
constexpr uint32_t kCanonicalNaN32 = 0x7FFFFFFFu;
constexpr uint64_t kCanonicalNaN64 = 0x7FFFFFFFFFFFFFFFull;
constexpr uint16_t kCanonicalNaN16 = 0x7FFF;

inline float canonicalF32NaN() { return bitCast<float>(kCanonicalNaN32); }
inline double canonicalF64NaN() { return bitCast<double>(kCanonicalNaN64); }
inline float canon(float x) { return x != x ? canonicalF32NaN() : x; }
inline double canon(double x) { return x != x ? canonicalF64NaN() : x; }

/// f16 and bf16 from and to f32. The narrowing conversions round to nearest
/// even and turn every NaN into the canonical one.
float halfToFloat(uint16_t bits);
uint16_t floatToHalf(float value);
inline float bf16ToFloat(uint16_t bits) {
  return bitCast<float>(uint32_t(bits) << 16);
}
inline uint16_t floatToBF16(float value) {
  uint32_t x = bitCast<uint32_t>(value);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u)
    return kCanonicalNaN16;
  x += 0x7FFFu + ((x >> 16) & 1u);
  return uint16_t(x >> 16);
}

/// Flushes a denormal f32 to a zero of the same sign.
inline float flushDenormal(float x) {
  uint32_t b = bitCast<uint32_t>(x);
  if ((b & 0x7F800000u) == 0)
    return bitCast<float>(b & 0x80000000u);
  return x;
}

/// The APFloat semantics of a float kind (tf32 included).
const llvm::fltSemantics &getSemantics(ElemKind kind);
/// The value held by a float element's storage bits.
llvm::APFloat decodeFloat(ElemKind kind, uint64_t bits);
/// The storage bits of `value`, which must already be in the kind's
/// semantics (tf32 values are stored as f32).
uint64_t encodeFloat(ElemKind kind, const llvm::APFloat &value);
/// Float element bits as a double (exact).
double floatBitsToDouble(ElemKind kind, uint64_t bits);
/// The storage bits of the float of `kind` nearest to `value` (ties to even),
/// through APFloat where the host has no such type. NaNs become canonical;
/// for kinds without NaN (f4E2M1FN) the caller must rule NaN out first.
uint64_t doubleToFloatBits(ElemKind kind, double value);
/// Converts `value` to `kind` with rounding mode `rm`; NaNs become canonical.
/// `exact` reports whether no rounding happened.
uint64_t convertToFloatBits(ElemKind kind, llvm::APFloat value,
                            llvm::RoundingMode rm, bool *exact = nullptr);
/// The value of f8E5M3FNU bits (exact; 0xFF is NaN).
double f8E5M3FNUToDouble(uint8_t bits);
/// `value` rounded to f8E5M3FNU with `rm`. NaN, negative values and what
/// rounds past 114688 (but toward zero or -inf) give the NaN 0xFF; -0 gives 0.
uint8_t roundToF8E5M3FNU(llvm::APFloat value, llvm::RoundingMode rm,
                         bool *exact = nullptr);
/// True if the kind has a NaN encoding.
bool hasNaN(ElemKind kind);
/// The canonical NaN bits of a float kind with NaNs.
uint64_t canonicalNaNBits(ElemKind kind);

/// Sign-extends the low `width` bits of `v`.
inline int64_t signExtend(uint64_t v, unsigned width) {
  if (width >= 64)
    return int64_t(v);
  uint64_t m = uint64_t(1) << (width - 1);
  v &= (uint64_t(1) << width) - 1;
  return int64_t((v ^ m) - m);
}
inline uint64_t maskBits(uint64_t v, unsigned width) {
  return width >= 64 ? v : v & ((uint64_t(1) << width) - 1);
}

} // namespace mlir::cuda_tile::interp

#endif // CUDA_TILE_LIB_INTERPRETER_NUMERIC_H
