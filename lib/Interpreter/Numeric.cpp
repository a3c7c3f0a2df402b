//===- Numeric.cpp - element kinds, tiles and number conversions ----------===//

#include "Numeric.h"

#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <atomic>
#include <limits>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

//===----------------------------------------------------------------------===//
// Element kinds
//===----------------------------------------------------------------------===//

std::optional<ElemKind> interp::getElemKind(Type type) {
  if (isa<PointerType>(type))
    return ElemKind::Ptr;
  if (auto i = dyn_cast<IntegerType>(type)) {
    switch (i.getWidth()) {
    case 1: return ElemKind::I1;
    case 4: return ElemKind::I4;
    case 8: return ElemKind::I8;
    case 16: return ElemKind::I16;
    case 32: return ElemKind::I32;
    case 64: return ElemKind::I64;
    default: return std::nullopt;
    }
  }
  if (type.isF16()) return ElemKind::F16;
  if (type.isBF16()) return ElemKind::BF16;
  if (type.isF32()) return ElemKind::F32;
  if (type.isTF32()) return ElemKind::TF32;
  if (type.isF64()) return ElemKind::F64;
  if (isa<Float8E4M3FNType>(type)) return ElemKind::F8E4M3FN;
  if (isa<Float8E5M2Type>(type)) return ElemKind::F8E5M2;
  if (isa<Float8E8M0FNUType>(type)) return ElemKind::F8E8M0FNU;
  if (isa<Float4E2M1FNType>(type)) return ElemKind::F4E2M1FN;
  if (isa<Float8E5M3FNUType>(type)) return ElemKind::F8E5M3FNU;
  return std::nullopt;
}

std::optional<ElemKind> interp::parseElemKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<ElemKind>>(name)
      .Case("i1", ElemKind::I1)
      .Case("i4", ElemKind::I4)
      .Case("i8", ElemKind::I8)
      .Case("i16", ElemKind::I16)
      .Case("i32", ElemKind::I32)
      .Case("i64", ElemKind::I64)
      .Case("f16", ElemKind::F16)
      .Case("bf16", ElemKind::BF16)
      .Case("f32", ElemKind::F32)
      .Case("tf32", ElemKind::TF32)
      .Case("f64", ElemKind::F64)
      .Case("f8E4M3FN", ElemKind::F8E4M3FN)
      .Case("f8E5M2", ElemKind::F8E5M2)
      .Case("f8E8M0FNU", ElemKind::F8E8M0FNU)
      .Case("f4E2M1FN", ElemKind::F4E2M1FN)
      .Case("f8E5M3FNU", ElemKind::F8E5M3FNU)
      .Default(std::nullopt);
}

llvm::StringRef interp::getElemKindName(ElemKind kind) {
  switch (kind) {
  case ElemKind::I1: return "i1";
  case ElemKind::I4: return "i4";
  case ElemKind::I8: return "i8";
  case ElemKind::I16: return "i16";
  case ElemKind::I32: return "i32";
  case ElemKind::I64: return "i64";
  case ElemKind::F16: return "f16";
  case ElemKind::BF16: return "bf16";
  case ElemKind::F32: return "f32";
  case ElemKind::TF32: return "tf32";
  case ElemKind::F64: return "f64";
  case ElemKind::F8E4M3FN: return "f8E4M3FN";
  case ElemKind::F8E5M2: return "f8E5M2";
  case ElemKind::F8E8M0FNU: return "f8E8M0FNU";
  case ElemKind::F4E2M1FN: return "f4E2M1FN";
  case ElemKind::F8E5M3FNU: return "f8E5M3FNU";
  case ElemKind::Ptr: return "ptr";
  }
  return "?";
}

unsigned interp::getTileBytes(ElemKind kind) {
  switch (kind) {
  case ElemKind::I1:
  case ElemKind::I4:
  case ElemKind::I8:
  case ElemKind::F8E4M3FN:
  case ElemKind::F8E5M2:
  case ElemKind::F8E8M0FNU:
  case ElemKind::F4E2M1FN:
  case ElemKind::F8E5M3FNU:
    return 1;
  case ElemKind::I16:
  case ElemKind::F16:
  case ElemKind::BF16:
    return 2;
  case ElemKind::I32:
  case ElemKind::F32:
  case ElemKind::TF32:
    return 4;
  case ElemKind::I64:
  case ElemKind::F64:
  case ElemKind::Ptr:
    return 8;
  }
  return 1;
}

unsigned interp::getBitWidth(ElemKind kind) {
  switch (kind) {
  case ElemKind::I1: return 1;
  case ElemKind::I4:
  case ElemKind::F4E2M1FN: return 4;
  default: return 8 * getTileBytes(kind);
  }
}

unsigned interp::getMemoryBits(ElemKind kind) {
  if (kind == ElemKind::F4E2M1FN)
    return 4;
  return 8 * getTileBytes(kind);
}

unsigned interp::getPackBits(ElemKind kind) { return getBitWidth(kind); }

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

int64_t interp::getNumElements(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

llvm::SmallVector<int64_t, 4>
interp::getRowMajorStrides(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

namespace {
std::atomic<uint64_t> hostMemoryUsed{0};
std::atomic<uint64_t> hostMemoryLimit{UINT64_MAX};
} // namespace

void HostMemoryBudget::setLimit(uint64_t bytes) { hostMemoryLimit = bytes; }
uint64_t HostMemoryBudget::getLimit() { return hostMemoryLimit; }
uint64_t HostMemoryBudget::getUsed() { return hostMemoryUsed; }

bool HostMemoryBudget::fits(uint64_t bytes) {
  uint64_t limit = getLimit(), used = getUsed();
  return used <= limit && bytes <= limit - used;
}

bool HostMemoryBudget::reserve(uint64_t bytes) {
  uint64_t limit = hostMemoryLimit.load(std::memory_order_relaxed);
  uint64_t used = hostMemoryUsed.load(std::memory_order_relaxed);
  do {
    if (used > limit || bytes > limit - used)
      return false;
  } while (!hostMemoryUsed.compare_exchange_weak(used, used + bytes,
                                                 std::memory_order_relaxed));
  return true;
}

void HostMemoryBudget::add(uint64_t bytes) {
  hostMemoryUsed.fetch_add(bytes, std::memory_order_relaxed);
}

void HostMemoryBudget::release(uint64_t bytes) {
  hostMemoryUsed.fetch_sub(bytes, std::memory_order_relaxed);
}

std::string HostMemoryBudget::describeExhaustion(uint64_t bytes) {
  return std::to_string(bytes) + " bytes would exceed the memory limit of " +
         std::to_string(getLimit()) + " bytes (" + std::to_string(getUsed()) +
         " bytes in use; see --max-memory)";
}

Tile Tile::alloc(ElemKind kind, llvm::ArrayRef<int64_t> shape) {
  Tile t;
  t.kind = kind;
  t.shape.assign(shape.begin(), shape.end());
  t.numElements = getNumElements(shape);
  size_t bytes = std::max<size_t>(1, t.numElements * getTileBytes(kind));
  HostMemoryBudget::add(bytes);
  t.storage = std::shared_ptr<uint8_t[]>(new uint8_t[bytes], [bytes](uint8_t *p) {
    delete[] p;
    HostMemoryBudget::release(bytes);
  });
  return t;
}

Tile Tile::zeros(ElemKind kind, llvm::ArrayRef<int64_t> shape) {
  Tile t = alloc(kind, shape);
  std::memset(t.bytes(), 0, t.getByteSize());
  return t;
}

Tile Tile::scalar(ElemKind kind, uint64_t bits) {
  Tile t = alloc(kind, {});
  t.setBits(0, bits);
  return t;
}

Tile Tile::reshaped(llvm::ArrayRef<int64_t> newShape) const {
  Tile t = *this;
  t.shape.assign(newShape.begin(), newShape.end());
  return t;
}

uint64_t Tile::getBits(int64_t i) const {
  switch (getTileBytes(kind)) {
  case 1: return as<uint8_t>()[i];
  case 2: return as<uint16_t>()[i];
  case 4: return as<uint32_t>()[i];
  default: return as<uint64_t>()[i];
  }
}

void Tile::setBits(int64_t i, uint64_t bits) const {
  switch (getTileBytes(kind)) {
  case 1: as<uint8_t>()[i] = uint8_t(maskBits(bits, getBitWidth(kind))); break;
  case 2: as<uint16_t>()[i] = uint16_t(bits); break;
  case 4: as<uint32_t>()[i] = uint32_t(bits); break;
  default: as<uint64_t>()[i] = bits; break;
  }
}

int64_t Tile::getSigned(int64_t i) const {
  return signExtend(getBits(i), getBitWidth(kind));
}

uint64_t Tile::getUnsigned(int64_t i) const {
  return maskBits(getBits(i), getBitWidth(kind));
}

double Tile::getDouble(int64_t i) const {
  return floatBitsToDouble(kind, getBits(i));
}

//===----------------------------------------------------------------------===//
// Float formats
//===----------------------------------------------------------------------===//

// f8E5M3FNU: bits eeeeemmm, value 2^(e-15) * (1 + m/8) for e > 0 and
// 2^-14 * m/8 for e == 0; 0xFF is NaN, there is no sign and no infinity.
double interp::f8E5M3FNUToDouble(uint8_t bits) {
  if (bits == 0xFF)
    return std::numeric_limits<double>::quiet_NaN();
  unsigned exponent = bits >> 3, mantissa = bits & 7;
  if (exponent == 0)
    return std::ldexp(double(mantissa), -17);
  return std::ldexp(double(8 + mantissa), int(exponent) - 18);
}

uint8_t interp::roundToF8E5M3FNU(llvm::APFloat value, llvm::RoundingMode rm,
                                 bool *exact) {
  if (exact)
    *exact = !value.isNaN() && !value.isInfinity() &&
             !(value.isNegative() && !value.isZero());
  if (value.isNaN() || (value.isNegative() && !value.isZero()))
    return 0xFF;
  if (value.isZero())
    return 0;
  constexpr double kMaxFinite = 114688.0; // 0xFE: 2^16 * 1.75
  bool lost;
  // Every source kind is exact in f64; f64 is the widest.
  value.convert(llvm::APFloat::IEEEdouble(), rm, &lost);
  double x = value.convertToDouble();
  double rounded = x;
  if (!std::isinf(x)) {
    // The spacing of the format at x: 2^(e - 3), with e at least -14.
    int quantum = std::max(std::ilogb(x), -14) - 3;
    llvm::APFloat steps(std::ldexp(x, -quantum));
    steps.roundToIntegral(rm);
    rounded = std::ldexp(steps.convertToDouble(), quantum);
  }
  if (exact)
    *exact = *exact && rounded == x;
  if (rounded > kMaxFinite) {
    // No infinity: what rounds past the largest value is NaN, except
    // when rounding toward zero or -inf keeps it finite.
    bool toMax = rm == llvm::RoundingMode::TowardZero ||
                 rm == llvm::RoundingMode::TowardNegative;
    return toMax ? 0xFE : 0xFF;
  }
  if (rounded == 0)
    return 0;
  if (rounded < 0x1p-14)
    return uint8_t(std::ldexp(rounded, 17));
  int exponent = std::ilogb(rounded);
  unsigned mantissa = unsigned(std::ldexp(rounded, 3 - exponent)) - 8;
  return uint8_t(((exponent + 15) << 3) | mantissa);
}

float interp::halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t mant = h & 0x3FFu;
  if (exp == 0) {
    // Zero or denormal: mant * 2^-24 is exact in f32.
    float v = float(mant) * 5.9604644775390625e-08f;
    return bitCast<float>(bitCast<uint32_t>(v) | sign);
  }
  if (exp == 31)
    return bitCast<float>(sign | 0x7F800000u | (mant << 13));
  return bitCast<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

uint16_t interp::floatToHalf(float value) {
  uint32_t x = bitCast<uint32_t>(value);
  uint16_t sign = uint16_t((x >> 16) & 0x8000u);
  x &= 0x7FFFFFFFu;
  if (x > 0x7F800000u)
    return kCanonicalNaN16;
  if (x >= 0x477FF000u) // 65520 and above round to infinity
    return sign | 0x7C00u;
  if (x < 0x38800000u) {
    // Below the smallest normal (2^-14): a multiple of 2^-24, rounded to
    // nearest even by the host's default rounding.
    float scaled = bitCast<float>(x) * 16777216.0f; // exact
    uint32_t m = uint32_t(std::nearbyint(scaled));
    return sign | uint16_t(m);
  }
  uint32_t mant = x & 0x7FFFFFu;
  uint32_t exp = (x >> 23) - 112;
  uint32_t h = (exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
    ++h;
  return sign | uint16_t(h);
}

const llvm::fltSemantics &interp::getSemantics(ElemKind kind) {
  switch (kind) {
  case ElemKind::F16: return llvm::APFloat::IEEEhalf();
  case ElemKind::BF16: return llvm::APFloat::BFloat();
  case ElemKind::F32: return llvm::APFloat::IEEEsingle();
  case ElemKind::TF32: return llvm::APFloat::FloatTF32();
  case ElemKind::F64: return llvm::APFloat::IEEEdouble();
  case ElemKind::F8E4M3FN: return llvm::APFloat::Float8E4M3FN();
  case ElemKind::F8E5M2: return llvm::APFloat::Float8E5M2();
  case ElemKind::F8E8M0FNU: return llvm::APFloat::Float8E8M0FNU();
  case ElemKind::F4E2M1FN: return llvm::APFloat::Float4E2M1FN();
  default: return llvm::APFloat::IEEEdouble();
  }
}

llvm::APFloat interp::decodeFloat(ElemKind kind, uint64_t bits) {
  if (kind == ElemKind::F8E5M3FNU)
    return llvm::APFloat(f8E5M3FNUToDouble(uint8_t(bits)));
  if (kind == ElemKind::TF32) {
    llvm::APFloat f(llvm::APFloat::IEEEsingle(), llvm::APInt(32, bits));
    bool lost;
    f.convert(llvm::APFloat::FloatTF32(), llvm::RoundingMode::TowardZero,
              &lost);
    return f;
  }
  const llvm::fltSemantics &sem = getSemantics(kind);
  unsigned width = llvm::APFloat::getSizeInBits(sem);
  return llvm::APFloat(sem, llvm::APInt(width, maskBits(bits, width)));
}

uint64_t interp::encodeFloat(ElemKind kind, const llvm::APFloat &value) {
  if (kind == ElemKind::TF32) {
    llvm::APFloat f = value;
    bool lost;
    f.convert(llvm::APFloat::IEEEsingle(), llvm::RoundingMode::TowardZero,
              &lost);
    return f.bitcastToAPInt().getZExtValue();
  }
  return value.bitcastToAPInt().getZExtValue();
}

namespace {
/// Decoding tables of the 8- and 4-bit float kinds.
struct SmallFloatTables {
  std::array<double, 256> e4m3, e5m2, e8m0;
  std::array<double, 16> e2m1;
  SmallFloatTables() {
    auto fill = [](ElemKind kind, double *table, unsigned count) {
      for (unsigned i = 0; i < count; ++i) {
        llvm::APFloat value = decodeFloat(kind, i);
        // APFloat widens the f8E8M0FNU NaN (0xFF) to infinity; keep it NaN.
        table[i] = value.isNaN() ? std::numeric_limits<double>::quiet_NaN()
                                 : value.convertToDouble();
      }
    };
    fill(ElemKind::F8E4M3FN, e4m3.data(), 256);
    fill(ElemKind::F8E5M2, e5m2.data(), 256);
    fill(ElemKind::F8E8M0FNU, e8m0.data(), 256);
    fill(ElemKind::F4E2M1FN, e2m1.data(), 16);
  }
};
const SmallFloatTables &tables() {
  static const SmallFloatTables t;
  return t;
}
} // namespace

double interp::floatBitsToDouble(ElemKind kind, uint64_t bits) {
  switch (kind) {
  case ElemKind::F16: return halfToFloat(uint16_t(bits));
  case ElemKind::BF16: return bf16ToFloat(uint16_t(bits));
  case ElemKind::F32:
  case ElemKind::TF32: return bitCast<float>(uint32_t(bits));
  case ElemKind::F64: return bitCast<double>(bits);
  case ElemKind::F8E4M3FN: return tables().e4m3[bits & 0xFF];
  case ElemKind::F8E5M2: return tables().e5m2[bits & 0xFF];
  case ElemKind::F8E8M0FNU: return tables().e8m0[bits & 0xFF];
  case ElemKind::F4E2M1FN: return tables().e2m1[bits & 0xF];
  case ElemKind::F8E5M3FNU: return f8E5M3FNUToDouble(uint8_t(bits));
  default: return double(int64_t(bits));
  }
}

bool interp::hasNaN(ElemKind kind) { return kind != ElemKind::F4E2M1FN; }

uint64_t interp::canonicalNaNBits(ElemKind kind) {
  switch (kind) {
  case ElemKind::F16:
  case ElemKind::BF16: return kCanonicalNaN16;
  case ElemKind::F32:
  case ElemKind::TF32: return kCanonicalNaN32;
  case ElemKind::F64: return kCanonicalNaN64;
  case ElemKind::F8E4M3FN: return 0x7F;
  case ElemKind::F8E5M2: return 0x7F;
  case ElemKind::F8E8M0FNU: return 0xFF;
  case ElemKind::F8E5M3FNU: return 0xFF;
  default: return 0;
  }
}

uint64_t interp::convertToFloatBits(ElemKind kind, llvm::APFloat value,
                                    llvm::RoundingMode rm, bool *exact) {
  if (value.isNaN()) {
    if (exact)
      *exact = true;
    return canonicalNaNBits(kind);
  }
  if (kind == ElemKind::F8E5M3FNU)
    return roundToF8E5M3FNU(value, rm, exact);
  bool lost = false;
  llvm::APFloat::opStatus status = value.convert(getSemantics(kind), rm, &lost);
  if (exact)
    *exact = status == llvm::APFloat::opOK;
  if (value.isNaN())
    return canonicalNaNBits(kind);
  return encodeFloat(kind, value);
}

uint64_t interp::doubleToFloatBits(ElemKind kind, double value) {
  switch (kind) {
  case ElemKind::F32:
    return bitCast<uint32_t>(canon(float(value)));
  case ElemKind::F64:
    return bitCast<uint64_t>(canon(value));
  default:
    return convertToFloatBits(kind, llvm::APFloat(value),
                              llvm::RoundingMode::NearestTiesToEven);
  }
}
