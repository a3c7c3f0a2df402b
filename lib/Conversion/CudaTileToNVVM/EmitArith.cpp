//===- EmitArith.cpp - elementwise arithmetic, math and conversions -------===//
//
// Integer, floating-point and math ops work lane by lane on the per-thread
// values; arith ops take vectors directly, intrinsics and libdevice calls are
// made per lane. Conversions the hardware does not round exactly (or that
// older GPUs lack, like the 8-bit and 4-bit float formats) are done in
// software with integer arithmetic, identically on every target.
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

//===----------------------------------------------------------------------===//
// Float formats
//===----------------------------------------------------------------------===//

FloatFormat FloatFormat::of(Type type) {
  FloatFormat f;
  if (type.isF16()) {
    f.expBits = 5, f.manBits = 10, f.bias = 15, f.storageBits = 16;
  } else if (type.isBF16()) {
    f.expBits = 8, f.manBits = 7, f.bias = 127, f.storageBits = 16;
  } else if (type.isF32()) {
    f.expBits = 8, f.manBits = 23, f.bias = 127, f.storageBits = 32;
  } else if (type.isF64()) {
    f.expBits = 11, f.manBits = 52, f.bias = 1023, f.storageBits = 64;
  } else if (isa<FloatTF32Type>(type)) {
    f.expBits = 8, f.manBits = 10, f.bias = 127, f.storageBits = 32;
    f.storageShift = 13;
  } else if (isa<Float8E4M3FNType>(type)) {
    f.expBits = 4, f.manBits = 3, f.bias = 7, f.storageBits = 8;
    f.hasInf = false, f.nan = NaNKind::AllOnes;
  } else if (isa<Float8E5M2Type>(type)) {
    f.expBits = 5, f.manBits = 2, f.bias = 15, f.storageBits = 8;
  } else if (isa<Float8E8M0FNUType>(type)) {
    f.expBits = 8, f.manBits = 0, f.bias = 127, f.storageBits = 8;
    f.hasSign = false, f.hasInf = false, f.nan = NaNKind::AllOnes;
    f.hasSubnormals = false;
  } else if (isa<Float4E2M1FNType>(type)) {
    f.expBits = 2, f.manBits = 1, f.bias = 1, f.storageBits = 8;
    f.hasInf = false, f.nan = NaNKind::None;
  } else if (isa<Float8E5M3FNUType>(type)) {
    f.expBits = 5, f.manBits = 3, f.bias = 15, f.storageBits = 8;
    f.hasSign = false, f.hasInf = false, f.nan = NaNKind::AllOnes;
  }
  return f;
}

namespace {

/// Shorthands for building integer arithmetic on scalars or vectors.
struct IntMath {
  KernelEmitter &em;
  Type type; // i64 or vector<K x i64> (or another integer shape)

  OpBuilder &b() { return em.b; }
  Location loc() { return em.loc; }
  Value c(int64_t v) { return em.cIntLike(type, v); }
  Value cu(uint64_t v) {
    return em.cIntLike(type, APInt(mlir::getElementTypeOrSelf(type)
                                       .getIntOrFloatBitWidth(),
                                   v));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b(), loc(), x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b(), loc(), x, y); }
  Value band(Value x, Value y) {
    return arith::AndIOp::create(b(), loc(), x, y);
  }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b(), loc(), x, y); }
  Value shl(Value x, Value y) {
    return arith::ShLIOp::create(b(), loc(), x, y);
  }
  Value lshr(Value x, Value y) {
    return arith::ShRUIOp::create(b(), loc(), x, y);
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b(), loc(), p, x, y);
  }
  Value eq(Value x, Value y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value ne(Value x, Value y) { return cmp(arith::CmpIPredicate::ne, x, y); }
  Value sel(Value c, Value x, Value y) {
    return arith::SelectOp::create(b(), loc(), c, x, y);
  }
  Value land(Value x, Value y) {
    return arith::AndIOp::create(b(), loc(), x, y);
  }
  Value lor(Value x, Value y) { return arith::OrIOp::create(b(), loc(), x, y); }
  Value lnot(Value x) {
    return arith::XOrIOp::create(b(), loc(), x,
                                 em.cIntLike(x.getType(), 1));
  }
  Value smin(Value x, Value y) {
    return arith::MinSIOp::create(b(), loc(), x, y);
  }
  Value smax(Value x, Value y) {
    return arith::MaxSIOp::create(b(), loc(), x, y);
  }
};

/// The integer type with the shape of `like` and `bits` wide lanes.
Type intTypeLike(Type like, unsigned bits) {
  Type elem = IntegerType::get(like.getContext(), bits);
  if (auto vec = dyn_cast<VectorType>(like))
    return VectorType::get(vec.getShape(), elem);
  return elem;
}

Type floatTypeLike(Type like, Type floatElem) {
  if (auto vec = dyn_cast<VectorType>(like))
    return VectorType::get(vec.getShape(), floatElem);
  return floatElem;
}

/// Rounds the finite nonzero value (-1)^sign * sig * 2^exp2 (sig, exp2 i64
/// lanes) to `fmt` with `mode`, producing the format's bits in i64 lanes.
/// NaN/infinity/zero inputs are patched by the caller.
Value roundCore(KernelEmitter &em, Type i64Like, Value sign, Value sig,
                Value exp2, const FloatFormat &fmt, RoundingMode mode) {
  IntMath m{em, i64Like};
  auto P = arith::CmpIPredicate{};
  (void)P;
  // Normalize: the leading one goes to bit 63.
  Value lz = math::CountLeadingZerosOp::create(em.b, em.loc, sig);
  Value lzSafe = m.smin(lz, m.c(63));
  Value sigN = m.shl(sig, lzSafe);
  Value unbiased = m.add(exp2, m.sub(m.c(63), lzSafe));
  int mt = fmt.manBits;

  if (!fmt.hasSubnormals) {
    // E8M0: powers of two only; rounds to zero or toward +inf.
    Value biased = m.add(unbiased, m.c(fmt.bias));
    Value fraction = m.shl(sigN, m.c(1));
    if (mode == RoundingMode::PositiveInf)
      biased = m.add(biased, arith::ExtUIOp::create(
                                 em.b, em.loc, i64Like, m.ne(fraction, m.c(0))));
    Value tooSmall = m.cmp(arith::CmpIPredicate::slt, biased, m.c(0));
    Value tooLarge = m.cmp(arith::CmpIPredicate::sgt, biased, m.c(254));
    Value result = m.sel(tooSmall, m.c(0), biased);
    Value over = mode == RoundingMode::Zero ? m.c(254) : m.c(255);
    return m.sel(tooLarge, over, result);
  }

  Value biased = m.add(unbiased, m.c(fmt.bias));
  // Normal results: m fraction bits below the leading one.
  Value mantN = m.lshr(sigN, m.c(63 - mt));
  Value restN = m.shl(sigN, m.c(mt + 1));
  Value bitsN = m.add(m.shl(m.sub(biased, m.c(1)), m.c(mt)), mantN);
  // Subnormal results: shift further right by 1 - biased.
  Value total = m.sub(m.c(64 - mt), biased);
  Value small = m.cmp(arith::CmpIPredicate::sle, total, m.c(63));
  Value shr = m.smin(total, m.c(63));
  Value shl = m.smax(m.sub(m.c(64), total), m.c(1));
  Value mantS = m.sel(small, m.lshr(sigN, shr), m.c(0));
  Value restS = m.sel(small, m.shl(sigN, shl),
                      m.sel(m.eq(total, m.c(64)), sigN, m.c(1)));
  Value isSub = m.cmp(arith::CmpIPredicate::slt, biased, m.c(1));
  Value bits = m.sel(isSub, mantS, bitsN);
  Value rest = m.sel(isSub, restS, restN);

  // Rounding increment.
  Value roundBit = m.ne(m.lshr(rest, m.c(63)), m.c(0));
  Value sticky = m.ne(m.shl(rest, m.c(1)), m.c(0));
  Value inexact = m.lor(roundBit, sticky);
  Value negative = m.ne(sign, m.c(0));
  Value inc;
  switch (mode) {
  case RoundingMode::Zero:
    inc = em.cIntLike(intTypeLike(i64Like, 1), 0);
    break;
  case RoundingMode::PositiveInf:
    inc = m.land(inexact, m.lnot(negative));
    break;
  case RoundingMode::NegativeInf:
    inc = m.land(inexact, negative);
    break;
  case RoundingMode::NearestAway:
    // Ties (round bit set, nothing below) go away from zero: up in magnitude.
    inc = roundBit;
    break;
  default: {
    Value odd = m.ne(m.band(bits, m.c(1)), m.c(0));
    inc = m.land(roundBit, m.lor(sticky, odd));
    break;
  }
  }
  bits = m.add(bits, arith::ExtUIOp::create(em.b, em.loc, i64Like, inc));

  // Overflow.
  int64_t expAllOnes = (int64_t(1) << fmt.expBits) - 1;
  int64_t fracMask = (int64_t(1) << mt) - 1;
  int64_t maxFinite;
  int64_t overflowValue; // what "rounds to infinity" produces
  switch (fmt.nan) {
  case FloatFormat::NaNKind::IEEE:
    maxFinite = ((expAllOnes - 1) << mt) | fracMask;
    overflowValue = expAllOnes << mt;
    break;
  case FloatFormat::NaNKind::AllOnes:
    maxFinite = ((expAllOnes << mt) | fracMask) - 1;
    overflowValue = maxFinite + 1;
    break;
  case FloatFormat::NaNKind::None:
    maxFinite = (expAllOnes << mt) | fracMask;
    overflowValue = maxFinite;
    break;
  }
  Value overflow = m.lor(
      m.cmp(arith::CmpIPredicate::sgt, biased, m.c(expAllOnes + 1)),
      m.cmp(arith::CmpIPredicate::ugt, bits, m.c(maxFinite)));
  Value toMax;
  switch (mode) {
  case RoundingMode::Zero:
    toMax = em.cIntLike(intTypeLike(i64Like, 1), 1);
    break;
  case RoundingMode::PositiveInf:
    toMax = negative;
    break;
  case RoundingMode::NegativeInf:
    toMax = m.lnot(negative);
    break;
  default:
    toMax = em.cIntLike(intTypeLike(i64Like, 1), 0);
    break;
  }
  Value onOverflow = m.sel(toMax, m.c(maxFinite), m.c(overflowValue));
  return m.sel(overflow, onOverflow, bits);
}

/// The NaN bits of `fmt` (without sign), or the value used when the format
/// has none.
int64_t nanBits(const FloatFormat &fmt) {
  int64_t expAllOnes = (int64_t(1) << fmt.expBits) - 1;
  switch (fmt.nan) {
  case FloatFormat::NaNKind::IEEE:
    // The canonical NaN of the GPU: every fraction bit set.
    return (expAllOnes << fmt.manBits) | ((int64_t(1) << fmt.manBits) - 1);
  case FloatFormat::NaNKind::AllOnes:
    return (expAllOnes << fmt.manBits) | ((int64_t(1) << fmt.manBits) - 1);
  case FloatFormat::NaNKind::None:
    return 0;
  }
  return 0;
}

/// Bits (i64 lanes) of format `fmt` -> lowered value of element type `to`.
Value packBits(KernelEmitter &em, Value bits64, Type to,
               const FloatFormat &fmt) {
  Type like = bits64.getType();
  Type storage = intTypeLike(like, fmt.storageBits);
  Value bits = arith::TruncIOp::create(em.b, em.loc, storage, bits64);
  if (fmt.storageShift)
    bits = arith::ShLIOp::create(em.b, em.loc, bits,
                                 em.cIntLike(storage, fmt.storageShift));
  Type scalar = em.scalarType(to);
  if (isa<FloatType>(scalar))
    return arith::BitcastOp::create(em.b, em.loc,
                                    floatTypeLike(like, scalar), bits);
  return bits;
}

} // namespace

Value KernelEmitter::softRound(Value value, Type to, RoundingMode mode) {
  Type srcElem = mlir::getElementTypeOrSelf(value.getType());
  Type like = value.getType();
  // f32 -> tf32 keeps the exponent and drops 13 fraction bits: rounding
  // the bits as an integer (carries run into the exponent, up to infinity)
  // takes a few 32-bit instructions (a tensor-core loop rounds every
  // operand register it reads).
  if (srcElem.isF32() && isa<FloatTF32Type>(to) &&
      (mode == RoundingMode::NearestEven || mode == RoundingMode::Zero ||
       mode == RoundingMode::NearestAway)) {
    Type i32Like = intTypeLike(like, 32);
    IntMath m{*this, i32Like};
    Value bits = arith::BitcastOp::create(b, loc, i32Like, value);
    Value rounded = bits;
    if (mode == RoundingMode::NearestEven)
      rounded = m.add(bits, m.add(m.c(0xfff),
                                  m.band(m.lshr(bits, m.c(13)), m.c(1))));
    else if (mode == RoundingMode::NearestAway)
      rounded = m.add(bits, m.c(0x1000));
    // A NaN stays one: quiet, with its sign and its upper fraction bits.
    Value isNaN = m.cmp(arith::CmpIPredicate::sgt,
                        m.band(bits, m.c(0x7fffffff)), m.c(0x7f800000));
    rounded = m.band(m.sel(isNaN, m.bor(bits, m.c(0x400000)), rounded),
                     m.cu(0xffffe000u));
    return arith::BitcastOp::create(b, loc, like, rounded);
  }
  FloatFormat src = FloatFormat::of(srcElem);
  FloatFormat dst = FloatFormat::of(to);
  Type i64Like = intTypeLike(like, 64);
  IntMath m{*this, i64Like};

  Value raw = arith::BitcastOp::create(
      b, loc, intTypeLike(like, src.storageBits), value);
  if (src.storageBits < 64)
    raw = arith::ExtUIOp::create(b, loc, i64Like, raw);
  Value sign = m.lshr(raw, m.c(src.storageBits - 1));
  Value exponent =
      m.band(m.lshr(raw, m.c(src.manBits)), m.c((1 << src.expBits) - 1));
  Value fraction = m.band(raw, m.cu((uint64_t(1) << src.manBits) - 1));
  int64_t srcAllOnes = (int64_t(1) << src.expBits) - 1;
  Value special = m.eq(exponent, m.c(srcAllOnes));
  Value isNaN = m.land(special, m.ne(fraction, m.c(0)));
  Value isInf = m.land(special, m.eq(fraction, m.c(0)));
  Value isZero = m.land(m.eq(exponent, m.c(0)), m.eq(fraction, m.c(0)));
  Value expZero = m.eq(exponent, m.c(0));
  Value sig = m.sel(expZero, fraction,
                    m.bor(fraction, m.c(int64_t(1) << src.manBits)));
  Value exp2 = m.sub(m.sel(expZero, m.c(1), exponent),
                     m.c(src.bias + src.manBits));
  Value bits = roundCore(*this, i64Like, sign, sig, exp2, dst, mode);

  int64_t nan = nanBits(dst);
  if (!dst.hasSubnormals) {
    // E8M0: NaN for NaN, zero, negative and (rounding up) infinite inputs.
    Value bad = m.lor(m.lor(isNaN, isZero), m.ne(sign, m.c(0)));
    Value infValue = mode == RoundingMode::Zero ? m.c(254) : m.c(255);
    bits = m.sel(isInf, infValue, bits);
    bits = m.sel(bad, m.c(255), bits);
    return packBits(*this, bits, to, dst);
  }
  int64_t infValue;
  int64_t expAllOnes = (int64_t(1) << dst.expBits) - 1;
  if (dst.hasInf)
    infValue = expAllOnes << dst.manBits;
  else if (dst.nan == FloatFormat::NaNKind::AllOnes)
    infValue = nan;
  else
    infValue = (expAllOnes << dst.manBits) | ((1 << dst.manBits) - 1);
  bits = m.sel(isZero, m.c(0), bits);
  bits = m.sel(isInf, m.c(infValue), bits);
  bits = m.sel(isNaN, m.c(nan), bits);
  if (!dst.hasSign) {
    // f8E5M3FNU: NaN for negative inputs; -0 is +0.
    Value negative = m.land(m.ne(sign, m.c(0)), m.lnot(isZero));
    return packBits(*this, m.sel(negative, m.c(nan), bits), to, dst);
  }
  // NaN keeps no sign in formats without NaN (it becomes +0).
  Value signed_ = m.shl(sign, m.c(dst.expBits + dst.manBits));
  if (dst.nan == FloatFormat::NaNKind::None)
    signed_ = m.sel(isNaN, m.c(0), signed_);
  bits = m.bor(bits, signed_);
  return packBits(*this, bits, to, dst);
}

Value KernelEmitter::softIntToFloat(Value value, bool isSigned, Type to) {
  Type like = value.getType();
  Type i64Like = intTypeLike(like, 64);
  IntMath m{*this, i64Like};
  unsigned width = mlir::getElementTypeOrSelf(like).getIntOrFloatBitWidth();
  // An i64 source is already wide; extending it to itself is not a valid op.
  Value wide = value;
  if (width < 64)
    wide = isSigned ? arith::ExtSIOp::create(b, loc, i64Like, value).getResult()
                    : arith::ExtUIOp::create(b, loc, i64Like, value).getResult();
  Value negative = isSigned ? m.cmp(arith::CmpIPredicate::slt, wide, m.c(0))
                            : cIntLike(intTypeLike(like, 1), 0);
  Value magnitude = m.sel(negative, m.sub(m.c(0), wide), wide);
  Value sign = arith::ExtUIOp::create(b, loc, i64Like, negative);
  FloatFormat dst = FloatFormat::of(to);
  Value bits = roundCore(*this, i64Like, sign, magnitude, m.c(0), dst,
                         RoundingMode::NearestEven);
  bits = m.sel(m.eq(magnitude, m.c(0)), m.c(0), bits);
  bits = m.bor(bits, m.shl(sign, m.c(dst.expBits + dst.manBits)));
  return packBits(*this, bits, to, dst);
}

Value KernelEmitter::toF32(Value value, Type from) {
  Type like = value.getType();
  Type f32Like = floatTypeLike(like, b.getF32Type());
  if (from.isF32() || isa<FloatTF32Type>(from) || from.isF64())
    return value;
  if (from.isF16() || from.isBF16())
    return arith::ExtFOp::create(b, loc, f32Like, value);
  if (target().sm >= 89 && isa<Float8E4M3FNType, Float8E5M2Type>(from))
    return arith::ExtFOp::create(b, loc, f32Like, fp8ToF16(value, from));
  // 8- and 4-bit formats: decode the bits (lowered as i8).
  FloatFormat fmt = FloatFormat::of(from);
  Type i32Like = intTypeLike(like, 32);
  IntMath m{*this, i32Like};
  Value raw = arith::ExtUIOp::create(b, loc, i32Like, value);
  int mt = fmt.manBits;
  Value exponent =
      m.band(m.lshr(raw, m.c(mt)), m.c((1 << fmt.expBits) - 1));
  Value fraction = m.band(raw, m.c((1 << mt) - 1));
  if (!fmt.hasSubnormals) {
    // E8M0: 2^(e - 127); 0xFF is NaN; e == 0 is the f32 subnormal 2^-127.
    Value bits = m.sel(m.eq(exponent, m.c(0)), m.c(0x00400000),
                       m.shl(exponent, m.c(23)));
    bits = m.sel(m.eq(exponent, m.c(255)), m.c(0x7fffffff), bits);
    return arith::BitcastOp::create(b, loc, f32Like, bits);
  }
  // Unsigned formats (f8E5M3FNU) have no bit there: the byte is zero-extended.
  Value sign = m.shl(m.band(m.lshr(raw, m.c(fmt.expBits + mt)), m.c(1)),
                     m.c(31));
  Value normal = m.bor(m.shl(m.add(exponent, m.c(127 - fmt.bias)), m.c(23)),
                       m.shl(fraction, m.c(23 - mt)));
  // Subnormals: fraction * 2^(1 - bias - m), exactly in f32.
  Value subValue = arith::UIToFPOp::create(b, loc, f32Like, fraction);
  subValue = arith::MulFOp::create(
      b, loc, subValue,
      cFloatLike(f32Like, std::ldexp(1.0, 1 - fmt.bias - mt)));
  Value subBits = arith::BitcastOp::create(b, loc, i32Like, subValue);
  Value bits = m.sel(m.eq(exponent, m.c(0)), subBits, normal);
  int64_t allOnes = (1 << fmt.expBits) - 1;
  if (fmt.nan == FloatFormat::NaNKind::IEEE) {
    Value special = m.eq(exponent, m.c(allOnes));
    Value inf = m.c(0x7f800000);
    Value nan = m.c(0x7fffffff);
    bits = m.sel(special, m.sel(m.eq(fraction, m.c(0)), inf, nan), bits);
  } else if (fmt.nan == FloatFormat::NaNKind::AllOnes) {
    Value isNaN = m.land(m.eq(exponent, m.c(allOnes)),
                         m.eq(fraction, m.c((1 << mt) - 1)));
    bits = m.sel(isNaN, m.c(0x7fffffff), bits);
  }
  bits = m.bor(bits, sign);
  return arith::BitcastOp::create(b, loc, f32Like, bits);
}

Value KernelEmitter::fp8ToF16(Value value, Type from) {
  auto bytePair = VectorType::get({2}, b.getI8Type());
  auto halfPair = VectorType::get({2}, b.getF16Type());
  auto decode = [&](Value pair) -> Value {
    return NVVM::ConvertF8x2ToF16x2Op::create(b, loc, halfPair, pair,
                                              /*relu=*/false, from);
  };
  // A lone lane goes in as both halves of a pair.
  auto decodeOne = [&](Value byte) -> Value {
    return vector::ExtractOp::create(
        b, loc, decode(vector::BroadcastOp::create(b, loc, bytePair, byte)),
        0);
  };
  auto vectorType = dyn_cast<VectorType>(value.getType());
  if (!vectorType)
    return decodeOne(value);
  int64_t lanes = vectorType.getNumElements();
  Value result = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(
                  VectorType::get({lanes}, b.getF16Type()),
                  b.getFloatAttr(b.getF16Type(), 0.0)));
  for (int64_t i = 0; i < lanes; i += 2) {
    if (i + 1 == lanes) {
      Value last = vector::ExtractOp::create(b, loc, value, i);
      return vector::InsertOp::create(b, loc, decodeOne(last), result, i);
    }
    Value halves = decode(vector::ShuffleOp::create(
        b, loc, value, value, ArrayRef<int64_t>{i, i + 1}));
    for (int64_t j = 0; j < 2; ++j)
      result = vector::InsertOp::create(
          b, loc, vector::ExtractOp::create(b, loc, halves, j), result, i + j);
  }
  return result;
}

Value KernelEmitter::convertFloat(Value value, Type from, Type to,
                                  RoundingMode mode) {
  if (from == to)
    return value;
  Type like = value.getType();
  auto isNative = [](Type t) {
    return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
  };
  bool nearest = mode == RoundingMode::NearestEven;
  // Bring 8/4-bit and tf32 sources to f32 (exact).
  if (!isNative(from) || isa<FloatTF32Type>(from)) {
    value = toF32(value, from);
    from = b.getF32Type();
    if (to == from)
      return value;
  }
  Type toScalar = scalarType(to);
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  if (isNative(to)) {
    if (to.getIntOrFloatBitWidth() > fromWidth ||
        (from.isF16() && to.isBF16()) || (from.isBF16() && to.isF16())) {
      // Widening is exact; f16 <-> bf16 goes through f32 exactly.
      Value wide = value;
      if (!from.isF32() && !from.isF64())
        wide = arith::ExtFOp::create(b, loc,
                                     floatTypeLike(like, b.getF32Type()),
                                     value);
      Type wideElem = mlir::getElementTypeOrSelf(wide.getType());
      if (wideElem == toScalar)
        return wide;
      if (toScalar.getIntOrFloatBitWidth() > wideElem.getIntOrFloatBitWidth())
        return arith::ExtFOp::create(b, loc, floatTypeLike(like, toScalar),
                                     wide);
      if (nearest)
        return arith::TruncFOp::create(b, loc, floatTypeLike(like, toScalar),
                                       wide);
      return softRound(wide, to, mode);
    }
    // Narrowing with one rounding: hardware for round-to-nearest except
    // f64 -> bf16, which older GPUs do through f32 (twice rounded).
    if (nearest && !(from.isF64() && to.isBF16()))
      return arith::TruncFOp::create(b, loc, floatTypeLike(like, toScalar),
                                     value);
    return softRound(value, to, mode);
  }
  // tf32, 8- and 4-bit targets: from f32 (f16/bf16 widened exactly) or f64.
  if (from.isF16() || from.isBF16())
    value = arith::ExtFOp::create(b, loc, floatTypeLike(like, b.getF32Type()),
                                  value);
  return softRound(value, to, mode);
}

Value KernelEmitter::bareMinMax(bool isMax, Value x, Value y,
                                bool propagateNaN) {
  if (propagateNaN)
    return isMax ? arith::MaximumFOp::create(b, loc, x, y).getResult()
                 : arith::MinimumFOp::create(b, loc, x, y).getResult();
  return isMax ? arith::MaxNumFOp::create(b, loc, x, y).getResult()
               : arith::MinNumFOp::create(b, loc, x, y).getResult();
}

Value KernelEmitter::flushSubnormals(Value value) {
  Type like = value.getType();
  Type i32Like = intTypeLike(like, 32);
  IntMath m{*this, i32Like};
  Value bits = arith::BitcastOp::create(b, loc, i32Like, value);
  Value isSub = m.eq(m.band(bits, m.c(0x7f800000)), m.c(0));
  Value flushed = m.sel(isSub, m.band(bits, m.cu(0x80000000u)), bits);
  return arith::BitcastOp::create(b, loc, like, flushed);
}

//===----------------------------------------------------------------------===//
// Op emission
//===----------------------------------------------------------------------===//

namespace {

/// Lane-wise helpers bound to one op.
struct ArithEmitter {
  KernelEmitter &em;
  OpBuilder &b;
  Location loc;

  explicit ArithEmitter(KernelEmitter &em) : em(em), b(em.b), loc(em.loc) {}

  Type resultType(Operation *op, unsigned i = 0) {
    return em.loweredType(cast<TileType>(op->getResult(i).getType()));
  }
  Value v(Value tile) { return em.get(tile); }

  /// Calls the scalar intrinsic `name` lane by lane.
  Value perLaneIntrinsic(StringRef name, Type result, ValueRange args) {
    Type scalar = mlir::getElementTypeOrSelf(result);
    return em.mapLanes(args, result, [&](ValueRange lanes) {
      return em.callIntrinsic(name, scalar, lanes);
    });
  }
  Value perLaneCall(StringRef name, Type result, ValueRange args) {
    Type scalar = mlir::getElementTypeOrSelf(result);
    return em.mapLanes(args, result, [&](ValueRange lanes) {
      return em.callFunction(name, scalar, lanes);
    });
  }

  static StringRef roundingSuffix(RoundingMode mode) {
    switch (mode) {
    case RoundingMode::Zero:
      return "rz";
    case RoundingMode::NegativeInf:
      return "rm";
    case RoundingMode::PositiveInf:
      return "rp";
    default:
      return "rn";
    }
  }

  /// f32/f64 binary arithmetic with a rounding mode and flush-to-zero.
  Value nativeBinary(StringRef opName, Value x, Value y, RoundingMode mode,
                     bool ftz) {
    Type type = x.getType();
    Type elem = mlir::getElementTypeOrSelf(type);
    bool isF64 = elem.isF64();
    if (opName == "div" && mode == RoundingMode::Approx)
      return perLaneIntrinsic(ftz ? "llvm.nvvm.div.approx.ftz.f"
                                  : "llvm.nvvm.div.approx.f",
                              type, {x, y});
    if (opName == "div" && mode == RoundingMode::Full)
      return perLaneIntrinsic(ftz ? "llvm.nvvm.div.full.ftz"
                                  : "llvm.nvvm.div.full",
                              type, {x, y});
    if (mode == RoundingMode::NearestEven && !ftz) {
      if (opName == "add")
        return arith::AddFOp::create(b, loc, x, y);
      if (opName == "mul")
        return arith::MulFOp::create(b, loc, x, y);
      return arith::DivFOp::create(b, loc, x, y);
    }
    std::string name = ("llvm.nvvm." + opName + "." + roundingSuffix(mode))
                           .str();
    name += isF64 ? ".d" : (ftz ? ".ftz.f" : ".f");
    return perLaneIntrinsic(name, type, {x, y});
  }

  /// addf/subf/mulf/divf on any base float type.
  Value binary(StringRef opName, Value x, Value y, Type elem,
               RoundingMode mode, bool ftz) {
    bool sub = opName == "sub";
    StringRef base = sub ? "add" : opName;
    if (elem.isF32() || elem.isF64()) {
      if (sub && mode == RoundingMode::NearestEven && !ftz)
        return arith::SubFOp::create(b, loc, x, y);
      // x - y rounds exactly like x + (-y).
      if (sub)
        y = arith::NegFOp::create(b, loc, y);
      return nativeBinary(base, x, y, mode, ftz);
    }
    // f16 / bf16: round-to-nearest directly (correctly rounded in hardware
    // or through f32, where double rounding is innocuous); directed modes
    // in f32 and then rounded the same way.
    if (mode == RoundingMode::NearestEven) {
      if (opName == "add")
        return arith::AddFOp::create(b, loc, x, y);
      if (opName == "sub")
        return arith::SubFOp::create(b, loc, x, y);
      if (opName == "mul")
        return arith::MulFOp::create(b, loc, x, y);
      return arith::DivFOp::create(b, loc, x, y);
    }
    Value x32 = em.toF32(x, elem), y32 = em.toF32(y, elem);
    if (sub)
      y32 = arith::NegFOp::create(b, loc, y32);
    Value r = nativeBinary(base, x32, y32, mode, false);
    return em.softRound(r, elem, mode);
  }

  /// min/max following IEEE 754-2019 maximumNumber / maximum, with
  /// -0 < +0.
  Value minMax(bool isMax, Value x, Value y, bool propagateNaN, bool ftz) {
    if (ftz) {
      x = em.flushSubnormals(x);
      y = em.flushSubnormals(y);
    }
    Value r = em.bareMinMax(isMax, x, y, propagateNaN);
    // Equal operands (+0 / -0 included): combine the sign bits.
    Type like = x.getType();
    unsigned width = mlir::getElementTypeOrSelf(like).getIntOrFloatBitWidth();
    Type intLike = intTypeLike(like, width);
    Value xb = arith::BitcastOp::create(b, loc, intLike, x);
    Value yb = arith::BitcastOp::create(b, loc, intLike, y);
    Value combined = isMax ? arith::AndIOp::create(b, loc, xb, yb).getResult()
                           : arith::OrIOp::create(b, loc, xb, yb).getResult();
    Value equal =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, y);
    return arith::SelectOp::create(
        b, loc, equal, arith::BitcastOp::create(b, loc, like, combined), r);
  }

  /// A libdevice function lane by lane; f16/bf16 computed in f32.
  Value libdevice(StringRef base, ValueRange args, Type elem, Type result) {
    if (elem.isF64())
      return perLaneCall(("__nv_" + base).str(), result, args);
    std::string name = ("__nv_" + base + "f").str();
    if (elem.isF32())
      return perLaneCall(name, result, args);
    SmallVector<Value> wide;
    for (Value a : args)
      wide.push_back(em.toF32(a, elem));
    Type f32Like = floatTypeLike(result, b.getF32Type());
    Value r = perLaneCall(name, f32Like, wide);
    return arith::TruncFOp::create(b, loc, result, r);
  }

  /// A unary f32 computation for f16/bf16 (computed in f32) and f32.
  Value viaF32(Value x, Type elem, Type result,
               function_ref<Value(Value)> fn) {
    if (elem.isF32())
      return fn(x);
    Value r = fn(em.toF32(x, elem));
    return arith::TruncFOp::create(b, loc, result, r);
  }

  static arith::CmpIPredicate intPredicate(ComparisonPredicate p,
                                           bool isSigned) {
    using P = arith::CmpIPredicate;
    switch (p) {
    case ComparisonPredicate::Equal:
      return P::eq;
    case ComparisonPredicate::NotEqual:
      return P::ne;
    case ComparisonPredicate::LessThan:
      return isSigned ? P::slt : P::ult;
    case ComparisonPredicate::LessThanOrEqual:
      return isSigned ? P::sle : P::ule;
    case ComparisonPredicate::GreaterThan:
      return isSigned ? P::sgt : P::ugt;
    case ComparisonPredicate::GreaterThanOrEqual:
      return isSigned ? P::sge : P::uge;
    }
    return P::eq;
  }

  static arith::CmpFPredicate floatPredicate(ComparisonPredicate p,
                                             bool ordered) {
    using P = arith::CmpFPredicate;
    switch (p) {
    case ComparisonPredicate::Equal:
      return ordered ? P::OEQ : P::UEQ;
    case ComparisonPredicate::NotEqual:
      return ordered ? P::ONE : P::UNE;
    case ComparisonPredicate::LessThan:
      return ordered ? P::OLT : P::ULT;
    case ComparisonPredicate::LessThanOrEqual:
      return ordered ? P::OLE : P::ULE;
    case ComparisonPredicate::GreaterThan:
      return ordered ? P::OGT : P::UGT;
    case ComparisonPredicate::GreaterThanOrEqual:
      return ordered ? P::OGE : P::UGE;
    }
    return P::OEQ;
  }

  /// Shift with amounts >= the width defined: 0 (left, logical right) or
  /// the sign (arithmetic right).
  Value shift(Value x, Value amount, bool left, bool arithmetic) {
    Type type = x.getType();
    unsigned width = mlir::getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    Value w = em.cIntLike(type, width);
    Value big = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                      amount, w);
    Value safe = arith::SelectOp::create(b, loc, big,
                                         em.cIntLike(type, width - 1), amount);
    if (left) {
      Value r = arith::ShLIOp::create(b, loc, x, safe);
      return arith::SelectOp::create(b, loc, big, em.cIntLike(type, 0), r);
    }
    if (arithmetic)
      return arith::ShRSIOp::create(b, loc, x, safe);
    Value r = arith::ShRUIOp::create(b, loc, x, safe);
    return arith::SelectOp::create(b, loc, big, em.cIntLike(type, 0), r);
  }

  /// The high half of the unsigned product.
  Value mulHigh(Value x, Value y) {
    Type type = x.getType();
    unsigned width = mlir::getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    if (width == 64)
      return perLaneIntrinsic("llvm.nvvm.mulhi.ull", type, {x, y});
    Type wide = intTypeLike(type, 2 * width < 16 ? 16 : 2 * width);
    Value xw = arith::ExtUIOp::create(b, loc, wide, x);
    Value yw = arith::ExtUIOp::create(b, loc, wide, y);
    Value p = arith::MulIOp::create(b, loc, xw, yw);
    Value h = arith::ShRUIOp::create(b, loc, p, em.cIntLike(wide, width));
    return arith::TruncIOp::create(b, loc, type, h);
  }

  /// Integer division rounding toward zero, +inf or -inf.
  Value divide(Value x, Value y, bool isSigned, RoundingMode mode) {
    Type type = x.getType();
    Value q = isSigned ? arith::DivSIOp::create(b, loc, x, y).getResult()
                       : arith::DivUIOp::create(b, loc, x, y).getResult();
    if (mode == RoundingMode::Zero)
      return q;
    Value r = isSigned ? arith::RemSIOp::create(b, loc, x, y).getResult()
                       : arith::RemUIOp::create(b, loc, x, y).getResult();
    Value zero = em.cIntLike(type, 0);
    Value inexact =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, r, zero);
    Value adjust = inexact;
    if (isSigned) {
      // The exact quotient is positive when r and y have the same sign.
      Value sameSign = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::sge,
          arith::XOrIOp::create(b, loc, r, y), zero);
      Value wanted = mode == RoundingMode::PositiveInf
                         ? sameSign
                         : arith::XOrIOp::create(
                               b, loc, sameSign,
                               em.cIntLike(sameSign.getType(), 1))
                               .getResult();
      adjust = arith::AndIOp::create(b, loc, inexact, wanted);
    }
    Value one = em.cIntLike(type, 1);
    Value step = arith::SelectOp::create(b, loc, adjust, one, zero);
    if (mode == RoundingMode::PositiveInf)
      return arith::AddIOp::create(b, loc, q, step);
    return arith::SubIOp::create(b, loc, q, step);
  }
};

/// Converts an element of a dense constant to an attribute of the lowered
/// scalar type.
TypedAttr constantElement(KernelEmitter &em, Type elem, Attribute value) {
  Type scalar = em.scalarType(elem);
  if (auto i = dyn_cast<IntegerAttr>(value))
    return IntegerAttr::get(scalar, i.getValue());
  auto f = cast<FloatAttr>(value);
  APFloat v = f.getValue();
  if (isa<FloatType>(scalar)) {
    bool lost = false;
    v.convert(cast<FloatType>(scalar).getFloatSemantics(),
              APFloat::rmNearestTiesToEven, &lost);
    return FloatAttr::get(scalar, v);
  }
  return IntegerAttr::get(scalar, v.bitcastToAPInt().zextOrTrunc(8));
}

} // namespace

/// Lowers a `constant`.
static LogicalResult emitConstant(KernelEmitter &em, ConstantOp op) {
  auto type = cast<TileType>(op.getType());
  Type elem = type.getElementType();
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!dense)
    return op.emitError("constant values must be dense literals for the PTX "
                        "code generator");
  Layout layout = em.layoutOf(type);
  Type lowered = em.loweredType(type);
  Type scalar = em.scalarType(elem);
  auto attrs = dense.getValues<Attribute>();
  if (layout.isUniform() || dense.isSplat()) {
    TypedAttr splat = constantElement(em, elem, *attrs.begin());
    if (auto vec = dyn_cast<VectorType>(lowered))
      em.set(op.getResult(),
             arith::ConstantOp::create(em.b, em.loc, vec,
                                       DenseElementsAttr::get(vec, splat)));
    else
      em.set(op.getResult(), arith::ConstantOp::create(em.b, em.loc, splat));
    return success();
  }
  // A table in global memory, read by each slot.
  Type stored = em.storageType(elem);
  int64_t n = layout.numElements;
  SmallVector<Attribute> elements;
  elements.reserve(n);
  for (Attribute a : attrs) {
    TypedAttr e = constantElement(em, elem, a);
    if (stored != scalar)
      e = IntegerAttr::get(stored,
                           cast<IntegerAttr>(e).getValue().zext(8));
    elements.push_back(e);
  }
  auto tensorType = RankedTensorType::get({n}, stored);
  auto data = DenseElementsAttr::get(tensorType, elements);
  auto arrayType = LLVM::LLVMArrayType::get(stored, n);
  unsigned bytes = KernelEmitter::storageBytes(elem);
  LLVM::GlobalOp table =
      em.module.createConstantTable(arrayType, data, std::max(bytes, 4u));
  auto ptr1 = LLVM::LLVMPointerType::get(em.ctx(), 1);
  SmallVector<Value> parts;
  for (int64_t k = 0; k < layout.slots(); ++k) {
    Value e = em.elementIndex(layout, k);
    Value base = LLVM::AddressOfOp::create(em.b, em.loc, ptr1,
                                           table.getSymName());
    Value ptr = LLVM::GEPOp::create(em.b, em.loc, ptr1, stored, base,
                                    ArrayRef<LLVM::GEPArg>{e});
    Value value = LLVM::LoadOp::create(em.b, em.loc, stored, ptr, bytes);
    if (stored != scalar)
      value = arith::TruncIOp::create(em.b, em.loc, scalar, value);
    parts.push_back(value);
  }
  em.set(op.getResult(), em.fromLanes(parts, lowered));
  return success();
}

std::optional<LogicalResult> KernelEmitter::emitArith(Operation *op) {
  ArithEmitter a(*this);
  auto unaryFloat = [&](Operation *o) {
    return std::make_tuple(a.v(o->getOperand(0)), elementTypeOf(o->getOperand(0)),
                           a.resultType(o));
  };
  return TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](ConstantOp o) -> LogicalResult { return emitConstant(*this, o); })
      // Integer arithmetic.
      .Case([&](AddIOp o) -> LogicalResult {
        set(o, arith::AddIOp::create(b, loc, a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      .Case([&](SubIOp o) -> LogicalResult {
        set(o, arith::SubIOp::create(b, loc, a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      .Case([&](MulIOp o) -> LogicalResult {
        set(o, arith::MulIOp::create(b, loc, a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      .Case([&](MulhiIOp o) -> LogicalResult {
        set(o, a.mulHigh(a.v(o.getX()), a.v(o.getY())));
        return success();
      })
      .Case([&](DivIOp o) -> LogicalResult {
        set(o, a.divide(a.v(o.getLhs()), a.v(o.getRhs()),
                        o.getSignedness() == Signedness::Signed,
                        o.getRounding()));
        return success();
      })
      .Case([&](RemIOp o) -> LogicalResult {
        Value x = a.v(o.getLhs()), y = a.v(o.getRhs());
        set(o, o.getSignedness() == Signedness::Signed
                   ? arith::RemSIOp::create(b, loc, x, y).getResult()
                   : arith::RemUIOp::create(b, loc, x, y).getResult());
        return success();
      })
      .Case([&](MaxIOp o) -> LogicalResult {
        Value x = a.v(o.getLhs()), y = a.v(o.getRhs());
        set(o, o.getSignedness() == Signedness::Signed
                   ? arith::MaxSIOp::create(b, loc, x, y).getResult()
                   : arith::MaxUIOp::create(b, loc, x, y).getResult());
        return success();
      })
      .Case([&](MinIOp o) -> LogicalResult {
        Value x = a.v(o.getLhs()), y = a.v(o.getRhs());
        set(o, o.getSignedness() == Signedness::Signed
                   ? arith::MinSIOp::create(b, loc, x, y).getResult()
                   : arith::MinUIOp::create(b, loc, x, y).getResult());
        return success();
      })
      .Case([&](AbsIOp o) -> LogicalResult {
        Value x = a.v(o.getSource());
        Value neg = arith::SubIOp::create(b, loc, cIntLike(x.getType(), 0), x);
        Value isNeg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                            x, cIntLike(x.getType(), 0));
        set(o, arith::SelectOp::create(b, loc, isNeg, neg, x));
        return success();
      })
      .Case([&](NegIOp o) -> LogicalResult {
        Value x = a.v(o.getSource());
        set(o, arith::SubIOp::create(b, loc, cIntLike(x.getType(), 0), x));
        return success();
      })
      .Case([&](ShLIOp o) -> LogicalResult {
        set(o, a.shift(a.v(o.getLhs()), a.v(o.getRhs()), true, false));
        return success();
      })
      .Case([&](ShRIOp o) -> LogicalResult {
        set(o, a.shift(a.v(o.getLhs()), a.v(o.getRhs()), false,
                       o.getSignedness() == Signedness::Signed));
        return success();
      })
      .Case([&](AndIOp o) -> LogicalResult {
        set(o, arith::AndIOp::create(b, loc, a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      .Case([&](OrIOp o) -> LogicalResult {
        set(o, arith::OrIOp::create(b, loc, a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      .Case([&](XOrIOp o) -> LogicalResult {
        set(o, arith::XOrIOp::create(b, loc, a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      .Case([&](CmpIOp o) -> LogicalResult {
        set(o, arith::CmpIOp::create(
                   b, loc,
                   a.intPredicate(o.getComparisonPredicate(),
                                  o.getSignedness() == Signedness::Signed),
                   a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      // Floating point.
      .Case([&](AddFOp o) -> LogicalResult {
        set(o, a.binary("add", a.v(o.getLhs()), a.v(o.getRhs()),
                        elementTypeOf(o.getLhs()), o.getRoundingMode(),
                        o.getFlushToZero()));
        return success();
      })
      .Case([&](SubFOp o) -> LogicalResult {
        set(o, a.binary("sub", a.v(o.getLhs()), a.v(o.getRhs()),
                        elementTypeOf(o.getLhs()), o.getRoundingMode(),
                        o.getFlushToZero()));
        return success();
      })
      .Case([&](MulFOp o) -> LogicalResult {
        set(o, a.binary("mul", a.v(o.getLhs()), a.v(o.getRhs()),
                        elementTypeOf(o.getLhs()), o.getRoundingMode(),
                        o.getFlushToZero()));
        return success();
      })
      .Case([&](DivFOp o) -> LogicalResult {
        set(o, a.binary("div", a.v(o.getLhs()), a.v(o.getRhs()),
                        elementTypeOf(o.getLhs()), o.getRoundingMode(),
                        o.getFlushToZero()));
        return success();
      })
      .Case([&](FmaOp o) -> LogicalResult {
        Type elem = elementTypeOf(o.getLhs());
        Value x = a.v(o.getLhs()), y = a.v(o.getRhs()), z = a.v(o.getAcc());
        RoundingMode mode = o.getRoundingMode();
        bool ftz = o.getFlushToZero();
        Type type = x.getType();
        if (mode == RoundingMode::NearestEven && !ftz) {
          set(o, math::FmaOp::create(b, loc, x, y, z));
          return success();
        }
        if (elem.isF32() || elem.isF64()) {
          std::string name =
              ("llvm.nvvm.fma." + ArithEmitter::roundingSuffix(mode)).str();
          name += elem.isF64() ? ".d" : (ftz ? ".ftz.f" : ".f");
          set(o, a.perLaneIntrinsic(name, type, {x, y, z}));
          return success();
        }
        // f16/bf16 products are exact in f32: one directed rounding there
        // and the same rounding to the narrow type.
        Value x32 = toF32(x, elem), y32 = toF32(y, elem), z32 = toF32(z, elem);
        std::string name =
            ("llvm.nvvm.fma." + ArithEmitter::roundingSuffix(mode) + ".f")
                .str();
        Value r = a.perLaneIntrinsic(name, x32.getType(), {x32, y32, z32});
        set(o, softRound(r, elem, mode));
        return success();
      })
      .Case([&](RemFOp o) -> LogicalResult {
        Type elem = elementTypeOf(o.getLhs());
        set(o, a.libdevice("fmod", {a.v(o.getLhs()), a.v(o.getRhs())}, elem,
                           a.resultType(o)));
        return success();
      })
      .Case([&](MaxFOp o) -> LogicalResult {
        set(o, a.minMax(true, a.v(o.getLhs()), a.v(o.getRhs()),
                        o.getPropagateNan(), o.getFlushToZero()));
        return success();
      })
      .Case([&](MinFOp o) -> LogicalResult {
        set(o, a.minMax(false, a.v(o.getLhs()), a.v(o.getRhs()),
                        o.getPropagateNan(), o.getFlushToZero()));
        return success();
      })
      .Case([&](AbsFOp o) -> LogicalResult {
        set(o, math::AbsFOp::create(b, loc, a.v(o.getSource())));
        return success();
      })
      .Case([&](NegFOp o) -> LogicalResult {
        set(o, arith::NegFOp::create(b, loc, a.v(o.getSource())));
        return success();
      })
      .Case([&](CmpFOp o) -> LogicalResult {
        set(o, arith::CmpFOp::create(
                   b, loc,
                   a.floatPredicate(o.getComparisonPredicate(),
                                    o.getComparisonOrdering() ==
                                        ComparisonOrdering::Ordered),
                   a.v(o.getLhs()), a.v(o.getRhs())));
        return success();
      })
      .Case([&](CeilOp o) -> LogicalResult {
        set(o, math::CeilOp::create(b, loc, a.v(o.getSource())));
        return success();
      })
      .Case([&](FloorOp o) -> LogicalResult {
        set(o, math::FloorOp::create(b, loc, a.v(o.getSource())));
        return success();
      })
      // Math.
      .Case<CosOp, CosHOp, SinOp, SinHOp, TanOp, LogOp, Log2Op>(
          [&](Operation *o) -> LogicalResult {
            auto [x, elem, type] = unaryFloat(o);
            StringRef base = TypeSwitch<Operation *, StringRef>(o)
                                 .Case([](CosOp) { return "cos"; })
                                 .Case([](CosHOp) { return "cosh"; })
                                 .Case([](SinOp) { return "sin"; })
                                 .Case([](SinHOp) { return "sinh"; })
                                 .Case([](TanOp) { return "tan"; })
                                 .Case([](LogOp) { return "log"; })
                                 .Default([](Operation *) { return "log2"; });
            set(o->getResult(0), a.libdevice(base, {x}, elem, type));
            return success();
          })
      .Case([&](ExpOp o) -> LogicalResult {
        auto [x, elem, type] = unaryFloat(o);
        if (o.getRoundingMode() == RoundingMode::Approx && !elem.isF64()) {
          set(o, a.viaF32(x, elem, type, [&](Value x32) {
            Value scaled = arith::MulFOp::create(
                b, loc, x32, cFloatLike(x32.getType(), 1.4426950408889634));
            return a.perLaneIntrinsic("llvm.nvvm.ex2.approx.f32",
                                      x32.getType(), {scaled});
          }));
          return success();
        }
        set(o, a.libdevice("exp", {x}, elem, type));
        return success();
      })
      .Case([&](TanHOp o) -> LogicalResult {
        auto [x, elem, type] = unaryFloat(o);
        if (o.getRoundingMode() == RoundingMode::Approx && !elem.isF64()) {
          set(o, a.viaF32(x, elem, type, [&](Value x32) {
            return mapLanes({x32}, x32.getType(), [&](ValueRange l) {
              return inlinePtx("tanh.approx.f32 $0, $1;", "=f,f",
                               b.getF32Type(), l, /*sideEffects=*/false);
            });
          }));
          return success();
        }
        set(o, a.libdevice("tanh", {x}, elem, type));
        return success();
      })
      .Case([&](Exp2Op o) -> LogicalResult {
        auto [x, elem, type] = unaryFloat(o);
        // f32: the flushing instruction itself (subnormal inputs and
        // results to zero), which is libdevice's exp2f under FTZ.
        if (o.getFlushToZero() && elem.isF32()) {
          set(o, a.perLaneIntrinsic("llvm.nvvm.ex2.approx.ftz.f32",
                                    x.getType(), {x}));
          return success();
        }
        if (o.getFlushToZero()) {
          Value r = a.libdevice("exp2", {flushSubnormals(x)}, elem, type);
          set(o, flushSubnormals(r));
          return success();
        }
        set(o, a.libdevice("exp2", {x}, elem, type));
        return success();
      })
      .Case([&](RsqrtOp o) -> LogicalResult {
        auto [x, elem, type] = unaryFloat(o);
        if (o.getFlushToZero()) {
          Value r = a.libdevice("rsqrt", {flushSubnormals(x)}, elem, type);
          set(o, flushSubnormals(r));
          return success();
        }
        set(o, a.libdevice("rsqrt", {x}, elem, type));
        return success();
      })
      .Case([&](SqrtOp o) -> LogicalResult {
        auto [x, elem, type] = unaryFloat(o);
        RoundingMode mode = o.getRoundingMode();
        bool ftz = o.getFlushToZero();
        if (mode == RoundingMode::Approx) {
          set(o, a.perLaneIntrinsic(ftz ? "llvm.nvvm.sqrt.approx.ftz.f"
                                        : "llvm.nvvm.sqrt.approx.f",
                                    type, {x}));
          return success();
        }
        if (mode == RoundingMode::NearestEven && !ftz) {
          set(o, math::SqrtOp::create(b, loc, x));
          return success();
        }
        if (elem.isF32() || elem.isF64()) {
          std::string name =
              ("llvm.nvvm.sqrt." + ArithEmitter::roundingSuffix(mode)).str();
          name += elem.isF64() ? ".d" : (ftz ? ".ftz.f" : ".f");
          set(o, a.perLaneIntrinsic(name, type, {x}));
          return success();
        }
        Value x32 = toF32(x, elem);
        std::string name =
            ("llvm.nvvm.sqrt." + ArithEmitter::roundingSuffix(mode) + ".f")
                .str();
        Value r = a.perLaneIntrinsic(name, x32.getType(), {x32});
        set(o, softRound(r, elem, mode));
        return success();
      })
      .Case([&](PowOp o) -> LogicalResult {
        Type elem = elementTypeOf(o.getSource());
        set(o, a.libdevice("pow", {a.v(o.getSource()), a.v(o.getExponent())},
                           elem, a.resultType(o)));
        return success();
      })
      .Case([&](FPowIOp o) -> LogicalResult {
        Type elem = elementTypeOf(o.getSource());
        Type result = a.resultType(o);
        Value x = a.v(o.getSource());
        // libdevice's powi takes an i32 exponent; narrower ones are signed.
        Value n = a.v(o.getExponent());
        if (mlir::getElementTypeOrSelf(n.getType()).getIntOrFloatBitWidth() < 32)
          n = arith::ExtSIOp::create(b, loc, intTypeLike(n.getType(), 32), n);
        if (elem.isF64()) {
          set(o, a.perLaneCall("__nv_powi", result, {x, n}));
          return success();
        }
        if (elem.isF32()) {
          set(o, a.perLaneCall("__nv_powif", result, {x, n}));
          return success();
        }
        Value r = a.perLaneCall("__nv_powif", floatTypeLike(result, b.getF32Type()),
                                {toF32(x, elem), n});
        set(o, arith::TruncFOp::create(b, loc, result, r));
        return success();
      })
      .Case([&](Atan2Op o) -> LogicalResult {
        Type elem = elementTypeOf(o.getX());
        set(o, a.libdevice("atan2", {a.v(o.getX()), a.v(o.getY())}, elem,
                           a.resultType(o)));
        return success();
      })
      // Conversions.
      .Case([&](BitcastOp o) -> LogicalResult {
        Value x = a.v(o.getSource());
        Type type = a.resultType(o);
        set(o, x.getType() == type
                   ? x
                   : arith::BitcastOp::create(b, loc, type, x).getResult());
        return success();
      })
      .Case<IntToPtrOp, PtrToIntOp, PtrToPtrOp>(
          [&](Operation *o) -> LogicalResult {
            set(o->getResult(0), a.v(o->getOperand(0)));
            return success();
          })
      .Case([&](ExtIOp o) -> LogicalResult {
        Value x = a.v(o.getFrom());
        Type type = a.resultType(o);
        set(o, o.getSignedness() == Signedness::Signed
                   ? arith::ExtSIOp::create(b, loc, type, x).getResult()
                   : arith::ExtUIOp::create(b, loc, type, x).getResult());
        return success();
      })
      .Case([&](TruncIOp o) -> LogicalResult {
        set(o, arith::TruncIOp::create(b, loc, a.resultType(o),
                                       a.v(o.getFrom())));
        return success();
      })
      .Case([&](IToFOp o) -> LogicalResult {
        Value x = a.v(o.getFrom());
        Type to = elementTypeOf(o.getTo());
        Type type = a.resultType(o);
        bool isSigned = o.getSignedness() == Signedness::Signed;
        unsigned width = elementTypeOf(o.getFrom()).getIntOrFloatBitWidth();
        bool native = to.isF16() || to.isF32() || to.isF64() ||
                      (to.isBF16() && width <= 16);
        if (native) {
          set(o, isSigned ? arith::SIToFPOp::create(b, loc, type, x).getResult()
                          : arith::UIToFPOp::create(b, loc, type, x).getResult());
          return success();
        }
        set(o, softIntToFloat(x, isSigned, to));
        return success();
      })
      .Case([&](FToIOp o) -> LogicalResult {
        Value x = a.v(o.getFrom());
        Type from = elementTypeOf(o.getFrom());
        Type type = a.resultType(o);
        if (!(from.isF16() || from.isBF16() || from.isF32() || from.isF64()))
          x = toF32(x, from);
        // Saturating, NaN -> 0: what `saturating` defines, and one valid
        // value for the undefined results without it.
        Type srcElem = mlir::getElementTypeOrSelf(x.getType());
        Type dstElem = mlir::getElementTypeOrSelf(type);
        auto mangle = [](Type t) {
          std::string s;
          llvm::raw_string_ostream os(s);
          if (t.isBF16())
            os << "bf16";
          else
            os << t;
          return s;
        };
        std::string name =
            (o.getSignedness() == Signedness::Signed ? "llvm.fptosi.sat."
                                                     : "llvm.fptoui.sat.") +
            mangle(dstElem) + "." + mangle(srcElem);
        set(o, a.perLaneIntrinsic(name, type, {x}));
        return success();
      })
      .Case([&](FToFOp o) -> LogicalResult {
        set(o, convertFloat(a.v(o.getFrom()), elementTypeOf(o.getFrom()),
                            elementTypeOf(o.getTo()), o.getRoundingMode()));
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}
