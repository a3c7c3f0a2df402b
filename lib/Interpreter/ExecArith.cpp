//===- ExecArith.cpp - integer, float, math and conversion ops ------------===//
//
// Every op here is elementwise and runs as a loop over whole tiles. Operands
// normally have equal shapes; inside combiner regions (run over many lanes at
// once, see ExecShape.cpp) an operand with a single element is broadcast.
//
// Integers are held as their bit patterns; signed and unsigned readings are
// taken per op. Float arithmetic in the default rounding mode uses the host's
// IEEE arithmetic (f16 and bf16 through f32, where the result of + - * / and
// sqrt rounded once more to the narrow type is still correctly rounded); the
// directed rounding modes go through APFloat. NaN results are canonical.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

namespace {

/// The shape of an elementwise result: the operand with the most elements.
const Tile &widest(const Tile &a, const Tile &b) {
  return a.size() >= b.size() ? a : b;
}
inline int64_t step(const Tile &t, int64_t n) { return t.size() == 1 && n > 1 ? 0 : 1; }

//===----------------------------------------------------------------------===//
// Integer kernels
//===----------------------------------------------------------------------===//

template <typename U, typename Fn>
void intLoop2(const U *a, const U *b, U *r, int64_t n, int64_t sa, int64_t sb,
              unsigned w, Fn fn) {
  const U mask = w >= 8 * sizeof(U) ? U(~U(0)) : U((U(1) << w) - 1);
  if (sa == 1 && sb == 1) {
    for (int64_t i = 0; i < n; ++i)
      r[i] = U(fn(uint64_t(a[i]), uint64_t(b[i]), w)) & mask;
  } else {
    for (int64_t i = 0; i < n; ++i)
      r[i] = U(fn(uint64_t(a[i * sa]), uint64_t(b[i * sb]), w)) & mask;
  }
}

/// `fn(a, b, width)` on zero-extended bit patterns; the result is truncated
/// to the width.
template <typename Fn>
Tile intMap2(const Tile &a, const Tile &b, Fn fn) {
  Tile r = Tile::alloc(a.getKind(), widest(a, b).getShape());
  int64_t n = r.size();
  int64_t sa = step(a, n), sb = step(b, n);
  unsigned w = getBitWidth(a.getKind());
  switch (getTileBytes(a.getKind())) {
  case 1: intLoop2(a.as<uint8_t>(), b.as<uint8_t>(), r.as<uint8_t>(), n, sa, sb, w, fn); break;
  case 2: intLoop2(a.as<uint16_t>(), b.as<uint16_t>(), r.as<uint16_t>(), n, sa, sb, w, fn); break;
  case 4: intLoop2(a.as<uint32_t>(), b.as<uint32_t>(), r.as<uint32_t>(), n, sa, sb, w, fn); break;
  default: intLoop2(a.as<uint64_t>(), b.as<uint64_t>(), r.as<uint64_t>(), n, sa, sb, w, fn); break;
  }
  return r;
}

template <typename Fn> Tile intMap1(const Tile &a, Fn fn) {
  Tile r = Tile::alloc(a.getKind(), a.getShape());
  unsigned w = getBitWidth(a.getKind());
  for (int64_t i = 0, n = a.size(); i < n; ++i)
    r.setBits(i, maskBits(fn(a.getUnsigned(i), w), w));
  return r;
}

/// The exact value of an integer read signed or unsigned.
inline __int128 exactInt(uint64_t bits, unsigned w, bool isSigned) {
  return isSigned ? __int128(signExtend(bits, w)) : __int128(maskBits(bits, w));
}
inline bool fits(__int128 v, unsigned w, bool isSigned) {
  if (isSigned) {
    __int128 lo = -(__int128(1) << (w - 1)), hi = (__int128(1) << (w - 1)) - 1;
    return v >= lo && v <= hi;
  }
  return v >= 0 && v <= (__int128(1) << w) - 1;
}

std::string intText(__int128 v) {
  bool neg = v < 0;
  unsigned __int128 u = neg ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(u % 10)));
    u /= 10;
  } while (u);
  return neg ? "-" + s : s;
}

/// addi, subi, muli, shli with an overflow assumption: the assumption is
/// checked per element and a violation reported.
LogicalResult checkOverflow(BlockExec &ex, Operation *op, const Tile &a,
                            const Tile &b, IntegerOverflow flags, char sym) {
  if (flags == IntegerOverflow::None)
    return success();
  unsigned w = getBitWidth(a.getKind());
  int64_t n = std::max(a.size(), b.size());
  int64_t sa = step(a, n), sb = step(b, n);
  bool checkSigned = flags == IntegerOverflow::NoSignedWrap || flags == IntegerOverflow::NoWrap;
  bool checkUnsigned = flags == IntegerOverflow::NoUnsignedWrap || flags == IntegerOverflow::NoWrap;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t x = a.getBits(i * sa), y = b.getBits(i * sb);
    for (int pass = 0; pass < 2; ++pass) {
      bool isSigned = pass == 0;
      if ((isSigned && !checkSigned) || (!isSigned && !checkUnsigned))
        continue;
      __int128 ex1 = exactInt(x, w, isSigned), ex2 = exactInt(y, w, isSigned), r;
      switch (sym) {
      case '+': r = ex1 + ex2; break;
      case '-': r = ex1 - ex2; break;
      case '*': r = ex1 * ex2; break;
      default: {
        // Shift: the amount is unsigned; the shifted value must survive.
        uint64_t s = maskBits(y, w);
        r = s >= w ? (ex1 == 0 ? 0 : (__int128(1) << 100)) : ex1 * (__int128(1) << s);
        ex2 = __int128(s);
        break;
      }
      }
      if (!fits(r, w, isSigned)) {
        std::string text = sym == '<' ? "<<" : std::string(1, sym);
        return ex.fail(op, llvm::Twine("overflow<") +
                               (isSigned ? "no_signed_wrap" : "no_unsigned_wrap") +
                               "> does not hold for element " +
                               formatIndex(widest(a, b).getShape(), i) + ": " +
                               intText(ex1) + " " + text + " " + intText(ex2) +
                               " does not fit in " + (isSigned ? "signed " : "unsigned ") +
                               getElemKindName(a.getKind()) +
                               " (undefined behaviour)");
      }
    }
  }
  return success();
}

LogicalResult execDivRem(BlockExec &ex, Operation *op, const Tile &a,
                         const Tile &b, bool isSigned, RoundingMode rounding,
                         bool isRem, Value result) {
  unsigned w = getBitWidth(a.getKind());
  Tile r = Tile::alloc(a.getKind(), widest(a, b).getShape());
  int64_t n = r.size(), sa = step(a, n), sb = step(b, n);
  for (int64_t i = 0; i < n; ++i) {
    __int128 x = exactInt(a.getBits(i * sa), w, isSigned);
    __int128 y = exactInt(b.getBits(i * sb), w, isSigned);
    if (y == 0)
      return ex.fail(op, "division by zero in element " +
                             formatIndex(r.getShape(), i) + " (undefined behaviour)");
    __int128 q = x / y, rem = x % y; // truncating
    if (isRem) {
      r.setBits(i, uint64_t(rem));
      continue;
    }
    if (rem != 0) {
      bool negative = (x < 0) != (y < 0);
      if (rounding == RoundingMode::NegativeInf && negative)
        q -= 1;
      else if (rounding == RoundingMode::PositiveInf && !negative)
        q += 1;
    }
    if (!fits(q, w, isSigned))
      return ex.fail(op, "the quotient " + intText(x) + " / " + intText(y) +
                             " of element " + formatIndex(r.getShape(), i) +
                             " overflows " + getElemKindName(a.getKind()) +
                             " (undefined behaviour)");
    r.setBits(i, uint64_t(q));
  }
  ex.setTile(result, r);
  return success();
}

bool compareInts(ComparisonPredicate p, __int128 x, __int128 y) {
  switch (p) {
  case ComparisonPredicate::Equal: return x == y;
  case ComparisonPredicate::NotEqual: return x != y;
  case ComparisonPredicate::LessThan: return x < y;
  case ComparisonPredicate::LessThanOrEqual: return x <= y;
  case ComparisonPredicate::GreaterThan: return x > y;
  case ComparisonPredicate::GreaterThanOrEqual: return x >= y;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Float kernels
//===----------------------------------------------------------------------===//

/// `fn(x, y)` on float or double values; f16 and bf16 are computed in f32.
/// `ftz` flushes denormal inputs and results (f32 only).
template <typename Fn>
Tile floatMap2(const Tile &a, const Tile &b, bool ftz, Fn fn) {
  ElemKind k = a.getKind();
  Tile r = Tile::alloc(k, widest(a, b).getShape());
  int64_t n = r.size(), sa = step(a, n), sb = step(b, n);
  switch (k) {
  case ElemKind::F32: {
    const float *x = a.as<float>(), *y = b.as<float>();
    float *out = r.as<float>();
    if (!ftz && sa == 1 && sb == 1) {
      for (int64_t i = 0; i < n; ++i)
        out[i] = canon(float(fn(x[i], y[i])));
    } else {
      for (int64_t i = 0; i < n; ++i) {
        float u = x[i * sa], v = y[i * sb];
        if (ftz)
          u = flushDenormal(u), v = flushDenormal(v);
        float res = fn(u, v);
        out[i] = canon(ftz ? flushDenormal(res) : res);
      }
    }
    break;
  }
  case ElemKind::F64: {
    const double *x = a.as<double>(), *y = b.as<double>();
    double *out = r.as<double>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = canon(double(fn(x[i * sa], y[i * sb])));
    break;
  }
  case ElemKind::F16: {
    const uint16_t *x = a.as<uint16_t>(), *y = b.as<uint16_t>();
    uint16_t *out = r.as<uint16_t>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = floatToHalf(fn(halfToFloat(x[i * sa]), halfToFloat(y[i * sb])));
    break;
  }
  case ElemKind::BF16: {
    const uint16_t *x = a.as<uint16_t>(), *y = b.as<uint16_t>();
    uint16_t *out = r.as<uint16_t>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = floatToBF16(fn(bf16ToFloat(x[i * sa]), bf16ToFloat(y[i * sb])));
    break;
  }
  default:
    break;
  }
  return r;
}

template <typename Fn> Tile floatMap1(const Tile &a, bool ftz, Fn fn) {
  Tile dummy = a;
  return floatMap2(a, dummy, ftz, [&](auto x, auto) { return fn(x); });
}

/// Binary float ops in a directed rounding mode, through APFloat.
enum class FOp { Add, Sub, Mul, Div };
Tile floatRounded2(const Tile &a, const Tile &b, FOp fop, llvm::RoundingMode rm,
                   bool ftz) {
  ElemKind k = a.getKind();
  Tile r = Tile::alloc(k, widest(a, b).getShape());
  int64_t n = r.size(), sa = step(a, n), sb = step(b, n);
  auto load = [&](const Tile &t, int64_t i) {
    uint64_t bits = t.getBits(i);
    if (ftz && k == ElemKind::F32)
      bits = bitCast<uint32_t>(flushDenormal(bitCast<float>(uint32_t(bits))));
    return decodeFloat(k, bits);
  };
  for (int64_t i = 0; i < n; ++i) {
    llvm::APFloat x = load(a, i * sa), y = load(b, i * sb);
    switch (fop) {
    case FOp::Add: x.add(y, rm); break;
    case FOp::Sub: x.subtract(y, rm); break;
    case FOp::Mul: x.multiply(y, rm); break;
    case FOp::Div: x.divide(y, rm); break;
    }
    uint64_t bits = x.isNaN() ? canonicalNaNBits(k) : encodeFloat(k, x);
    if (ftz && k == ElemKind::F32)
      bits = bitCast<uint32_t>(flushDenormal(bitCast<float>(uint32_t(bits))));
    r.setBits(i, bits);
  }
  return r;
}

std::optional<llvm::RoundingMode> toAPRounding(RoundingMode m) {
  switch (m) {
  case RoundingMode::Zero: return llvm::RoundingMode::TowardZero;
  case RoundingMode::NegativeInf: return llvm::RoundingMode::TowardNegative;
  case RoundingMode::PositiveInf: return llvm::RoundingMode::TowardPositive;
  case RoundingMode::NearestAway: return llvm::RoundingMode::NearestTiesToAway;
  default: return std::nullopt; // nearest_even; approx and full are computed
                                // correctly rounded
  }
}

/// IEEE 754-2019 maximum / maximumNumber (and minimum); +0 > -0.
template <bool IsMax> struct MinMax {
  bool propagate;
  template <typename T> T operator()(T x, T y) const {
    bool xn = x != x, yn = y != y;
    if (xn || yn) {
      if (propagate || (xn && yn))
        return std::numeric_limits<T>::quiet_NaN();
      return xn ? y : x;
    }
    if (x == y)
      return (std::signbit(x) == IsMax) ? y : x;
    return IsMax ? (x > y ? x : y) : (x < y ? x : y);
  }
};

bool compareFloats(ComparisonPredicate p, bool ordered, double x, double y) {
  if (x != x || y != y)
    return !ordered;
  switch (p) {
  case ComparisonPredicate::Equal: return x == y;
  case ComparisonPredicate::NotEqual: return x != y;
  case ComparisonPredicate::LessThan: return x < y;
  case ComparisonPredicate::LessThanOrEqual: return x <= y;
  case ComparisonPredicate::GreaterThan: return x > y;
  case ComparisonPredicate::GreaterThanOrEqual: return x >= y;
  }
  return false;
}

/// sqrt in a directed rounding mode: the nearest result, moved by one ulp
/// where its exact square shows it is on the wrong side.
uint64_t sqrtDirected(ElemKind k, uint64_t bits, llvm::RoundingMode rm) {
  llvm::APFloat x = decodeFloat(k, bits);
  double d = x.convertToDouble();
  double nearest = std::sqrt(d);
  uint64_t rbits = doubleToFloatBits(k, nearest);
  if (x.isNaN() || x.isNegative() || x.isZero() || x.isInfinity())
    return rbits;
  const llvm::fltSemantics &quad = llvm::APFloat::IEEEquad();
  bool lost;
  llvm::APFloat r = decodeFloat(k, rbits);
  llvm::APFloat xq = x, rq = r;
  xq.convert(quad, llvm::RoundingMode::NearestTiesToEven, &lost);
  rq.convert(quad, llvm::RoundingMode::NearestTiesToEven, &lost);
  llvm::APFloat square = rq;
  square.multiply(rq, llvm::RoundingMode::NearestTiesToEven); // exact
  llvm::APFloat::cmpResult c = square.compare(xq);
  if (c == llvm::APFloat::cmpEqual)
    return rbits;
  if (rm == llvm::RoundingMode::TowardPositive) {
    if (c == llvm::APFloat::cmpLessThan)
      r.next(/*nextDown=*/false);
  } else if (c == llvm::APFloat::cmpGreaterThan) {
    r.next(/*nextDown=*/true);
  }
  return encodeFloat(k, r);
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult execIToF(BlockExec &ex, IToFOp op) {
  const Tile &a = ex.tile(op.getFrom());
  ElemKind to = kindOf(op.getTo().getType());
  bool isSigned = op.getSignedness() == Signedness::Signed;
  llvm::RoundingMode rm =
      toAPRounding(op.getRoundingMode()).value_or(llvm::RoundingMode::NearestTiesToEven);
  unsigned w = getBitWidth(a.getKind());
  Tile r = Tile::alloc(to, a.getShape());
  bool nearest = rm == llvm::RoundingMode::NearestTiesToEven;
  for (int64_t i = 0, n = a.size(); i < n; ++i) {
    uint64_t bits = a.getBits(i);
    if (nearest && (isSigned || w < 64) && (to == ElemKind::F32 || to == ElemKind::F64)) {
      int64_t v = isSigned ? signExtend(bits, w) : int64_t(maskBits(bits, w));
      if (to == ElemKind::F32)
        r.as<float>()[i] = float(v);
      else
        r.as<double>()[i] = double(v);
      continue;
    }
    llvm::APFloat f(getSemantics(to));
    llvm::APFloat::opStatus status = f.convertFromAPInt(
        llvm::APInt(64, isSigned ? uint64_t(signExtend(bits, w)) : maskBits(bits, w)),
        isSigned, rm);
    if ((status & llvm::APFloat::opOverflow) && !hasNaN(to))
      return ex.fail(op, "element " + formatIndex(a.getShape(), i) +
                             " is out of the range of " + getElemKindName(to) +
                             ", which has neither infinities nor NaN (undefined)");
    r.setBits(i, f.isNaN() ? canonicalNaNBits(to) : encodeFloat(to, f));
  }
  ex.setTile(op.getTo(), r);
  return success();
}

LogicalResult execFToI(BlockExec &ex, FToIOp op) {
  const Tile &a = ex.tile(op.getFrom());
  ElemKind to = kindOf(op.getTo().getType());
  bool isSigned = op.getSignedness() == Signedness::Signed;
  unsigned w = getBitWidth(to);
  double lo = isSigned ? -std::ldexp(1.0, int(w) - 1) : 0.0;
  double hiExclusive = isSigned ? std::ldexp(1.0, int(w) - 1) : std::ldexp(1.0, int(w));
  Tile r = Tile::alloc(to, a.getShape());
  // `saturating` defines this clamping (NaN gives 0); without it a NaN or
  // out-of-range input makes the result undefined. That is reported as a
  // warning, not an error: ftoi is speculatable, so the optimizer may hoist
  // it above the guard that kept such inputs away, and only a use of the
  // value is undefined. The same saturated value serves.
  bool reportUndefined = !op.getSaturating();
  auto reportOutOfRange = [&](int64_t i, double v) {
    reportUndefined = false;
    std::string value;
    llvm::raw_string_ostream os(value);
    if (v != v)
      os << "NaN";
    else
      os << llvm::format("%.17g", v);
    ex.warnOnce(op, "element " + formatIndex(a.getShape(), i) + " is " +
                        value + ", out of the range of " +
                        getElemKindName(to) +
                        ": without `saturating` the result is undefined "
                        "(the value saturates, NaN gives 0)");
  };
  for (int64_t i = 0, n = a.size(); i < n; ++i) {
    double v = a.getDouble(i);
    uint64_t bits;
    if (v != v) {
      if (reportUndefined)
        reportOutOfRange(i, v);
      bits = 0;
    } else {
      double t = std::trunc(v);
      if ((t < lo || t >= hiExclusive) && reportUndefined)
        reportOutOfRange(i, v);
      if (t < lo)
        bits = isSigned ? uint64_t(int64_t(lo)) : 0;
      else if (t >= hiExclusive)
        bits = isSigned ? (uint64_t(1) << (w - 1)) - 1 : ~uint64_t(0);
      else
        bits = isSigned ? uint64_t(int64_t(t)) : (t >= 9223372036854775808.0
                                                      ? uint64_t(t - 9223372036854775808.0) + (uint64_t(1) << 63)
                                                      : uint64_t(int64_t(t)));
    }
    r.setBits(i, maskBits(bits, w));
  }
  ex.setTile(op.getTo(), r);
  return success();
}

LogicalResult execFToF(BlockExec &ex, FToFOp op) {
  const Tile &a = ex.tile(op.getFrom());
  ElemKind from = a.getKind(), to = kindOf(op.getTo().getType());
  Tile r = Tile::alloc(to, a.getShape());
  int64_t n = a.size();
  RoundingMode mode = op.getRoundingMode();
  if (mode == RoundingMode::NearestEven) {
    // Exact or host-rounded fast paths.
    if (from == ElemKind::F32 && to == ElemKind::F16) {
      for (int64_t i = 0; i < n; ++i)
        r.as<uint16_t>()[i] = floatToHalf(a.as<float>()[i]);
      ex.setTile(op.getTo(), r);
      return success();
    }
    if (from == ElemKind::F32 && to == ElemKind::BF16) {
      for (int64_t i = 0; i < n; ++i)
        r.as<uint16_t>()[i] = floatToBF16(a.as<float>()[i]);
      ex.setTile(op.getTo(), r);
      return success();
    }
    if (to == ElemKind::F32 || to == ElemKind::F64) {
      // Exact widening, or the host's f64 -> f32 rounding.
      for (int64_t i = 0; i < n; ++i)
        r.setBits(i, doubleToFloatBits(to, a.getDouble(i)));
      ex.setTile(op.getTo(), r);
      return success();
    }
  }
  llvm::RoundingMode rm = toAPRounding(mode).value_or(llvm::RoundingMode::NearestTiesToEven);
  for (int64_t i = 0; i < n; ++i) {
    llvm::APFloat v = decodeFloat(from, a.getBits(i));
    if (!hasNaN(to) && v.isNaN())
      return ex.fail(op, "element " + formatIndex(a.getShape(), i) +
                             " is a NaN, which " + getElemKindName(to) +
                             " cannot represent (undefined)");
    if (to == ElemKind::F8E8M0FNU && !v.isNaN() && (v.isZero() || v.isNegative()))
      return ex.fail(op, "element " + formatIndex(a.getShape(), i) +
                             " is zero or negative, which f8E8M0FNU cannot "
                             "represent (undefined)");
    if (to == ElemKind::F8E5M3FNU && !v.isNaN() && v.isNegative() &&
        !v.isZero())
      return ex.fail(op, "element " + formatIndex(a.getShape(), i) +
                             " is negative, which f8E5M3FNU cannot represent "
                             "(undefined)");
    r.setBits(i, convertToFloatBits(to, v, rm));
  }
  ex.setTile(op.getTo(), r);
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult execFloatRounded(BlockExec &ex, Operation *op, FOp fop) {
  const Tile &a = ex.tile(op->getOperand(0));
  const Tile &b = ex.tile(op->getOperand(1));
  auto modeAttr = op->getAttrOfType<RoundingModeAttr>("rounding_mode");
  RoundingMode mode = modeAttr ? modeAttr.getValue() : RoundingMode::NearestEven;
  bool ftz = op->hasAttr("flush_to_zero");
  Tile r;
  if (std::optional<llvm::RoundingMode> rm = toAPRounding(mode)) {
    r = floatRounded2(a, b, fop, *rm, ftz);
  } else {
    switch (fop) {
    case FOp::Add: r = floatMap2(a, b, ftz, [](auto x, auto y) { return x + y; }); break;
    case FOp::Sub: r = floatMap2(a, b, ftz, [](auto x, auto y) { return x - y; }); break;
    case FOp::Mul: r = floatMap2(a, b, ftz, [](auto x, auto y) { return x * y; }); break;
    case FOp::Div: r = floatMap2(a, b, ftz, [](auto x, auto y) { return x / y; }); break;
    }
  }
  ex.setTile(op->getResult(0), r);
  return success();
}

/// Math functions: computed in double and rounded to the element type (f16
/// and bf16 as the f32 function rounded once more, as the specification
/// emulates them in f32).
template <typename Fn> LogicalResult execMath(BlockExec &ex, Operation *op, Fn fn, bool ftz = false) {
  const Tile &a = ex.tile(op->getOperand(0));
  Tile r = floatMap1(a, ftz, [&](auto x) {
    using T = decltype(x);
    return T(fn(double(x)));
  });
  ex.setTile(op->getResult(0), r);
  return success();
}

LogicalResult execFma(BlockExec &ex, FmaOp op) {
  const Tile &a = ex.tile(op.getLhs()), &b = ex.tile(op.getRhs()),
             &c = ex.tile(op.getAcc());
  ElemKind k = a.getKind();
  const Tile &shape = widest(widest(a, b), c);
  Tile r = Tile::alloc(k, shape.getShape());
  int64_t n = r.size(), sa = step(a, n), sb = step(b, n), sc = step(c, n);
  bool ftz = op.getFlushToZero();
  std::optional<llvm::RoundingMode> rm = toAPRounding(op.getRoundingMode());
  if (!rm && k == ElemKind::F32) {
    for (int64_t i = 0; i < n; ++i) {
      float x = a.as<float>()[i * sa], y = b.as<float>()[i * sb], z = c.as<float>()[i * sc];
      if (ftz)
        x = flushDenormal(x), y = flushDenormal(y), z = flushDenormal(z);
      float v = std::fma(x, y, z);
      r.as<float>()[i] = canon(ftz ? flushDenormal(v) : v);
    }
  } else if (!rm && k == ElemKind::F64) {
    for (int64_t i = 0; i < n; ++i)
      r.as<double>()[i] = canon(std::fma(a.as<double>()[i * sa], b.as<double>()[i * sb],
                                         c.as<double>()[i * sc]));
  } else {
    llvm::RoundingMode mode = rm.value_or(llvm::RoundingMode::NearestTiesToEven);
    auto load = [&](const Tile &t, int64_t i) {
      uint64_t bits = t.getBits(i);
      if (ftz && k == ElemKind::F32)
        bits = bitCast<uint32_t>(flushDenormal(bitCast<float>(uint32_t(bits))));
      return decodeFloat(k, bits);
    };
    for (int64_t i = 0; i < n; ++i) {
      llvm::APFloat x = load(a, i * sa);
      x.fusedMultiplyAdd(load(b, i * sb), load(c, i * sc), mode);
      uint64_t bits = x.isNaN() ? canonicalNaNBits(k) : encodeFloat(k, x);
      if (ftz && k == ElemKind::F32)
        bits = bitCast<uint32_t>(flushDenormal(bitCast<float>(uint32_t(bits))));
      r.setBits(i, bits);
    }
  }
  ex.setTile(op.getResult(), r);
  return success();
}

LogicalResult execSqrt(BlockExec &ex, SqrtOp op) {
  const Tile &a = ex.tile(op.getSource());
  bool ftz = op.getFlushToZero();
  std::optional<llvm::RoundingMode> rm = toAPRounding(op.getRoundingMode());
  if (!rm) {
    ex.setTile(op.getResult(), floatMap1(a, ftz, [](auto x) {
                 using T = decltype(x);
                 return T(std::sqrt(double(x)));
               }));
    return success();
  }
  ElemKind k = a.getKind();
  Tile r = Tile::alloc(k, a.getShape());
  for (int64_t i = 0, n = a.size(); i < n; ++i) {
    uint64_t bits = a.getBits(i);
    if (ftz && k == ElemKind::F32)
      bits = bitCast<uint32_t>(flushDenormal(bitCast<float>(uint32_t(bits))));
    uint64_t res = sqrtDirected(k, bits, *rm);
    if (ftz && k == ElemKind::F32)
      res = bitCast<uint32_t>(flushDenormal(bitCast<float>(uint32_t(res))));
    r.setBits(i, res);
  }
  ex.setTile(op.getResult(), r);
  return success();
}

LogicalResult execCmpF(BlockExec &ex, CmpFOp op) {
  const Tile &a = ex.tile(op.getLhs()), &b = ex.tile(op.getRhs());
  Tile r = Tile::alloc(ElemKind::I1, widest(a, b).getShape());
  int64_t n = r.size(), sa = step(a, n), sb = step(b, n);
  bool ordered = op.getComparisonOrdering() == ComparisonOrdering::Ordered;
  ComparisonPredicate p = op.getComparisonPredicate();
  for (int64_t i = 0; i < n; ++i)
    r.as<uint8_t>()[i] = compareFloats(p, ordered, a.getDouble(i * sa), b.getDouble(i * sb));
  ex.setTile(op.getResult(), r);
  return success();
}

LogicalResult execCmpI(BlockExec &ex, CmpIOp op) {
  const Tile &a = ex.tile(op.getLhs()), &b = ex.tile(op.getRhs());
  Tile r = Tile::alloc(ElemKind::I1, widest(a, b).getShape());
  int64_t n = r.size(), sa = step(a, n), sb = step(b, n);
  bool isSigned = op.getSignedness() == Signedness::Signed;
  unsigned w = getBitWidth(a.getKind());
  ComparisonPredicate p = op.getComparisonPredicate();
  for (int64_t i = 0; i < n; ++i)
    r.as<uint8_t>()[i] = compareInts(p, exactInt(a.getBits(i * sa), w, isSigned),
                                     exactInt(b.getBits(i * sb), w, isSigned));
  ex.setTile(op.getResult(), r);
  return success();
}

/// Copies bit patterns into a tile of another kind of the same storage size.
Tile rebrand(const Tile &a, ElemKind kind) {
  Tile r = Tile::alloc(kind, a.getShape());
  std::memcpy(r.bytes(), a.bytes(), a.getByteSize());
  return r;
}

} // namespace

bool interp::isLaneWiseOp(Operation &op) {
  if (isa<ConstantOp, YieldOp, SelectOp, AssumeOp>(op))
    return true;
  Dialect *dialect = op.getDialect();
  if (!dialect || op.getNumRegions() != 0)
    return false;
  // Every op of the arithmetic family is elementwise.
  return isa<AbsIOp, AddIOp, SubIOp, MulIOp, ShLIOp, MulhiIOp, DivIOp, RemIOp,
             MaxIOp, MinIOp, ShRIOp, NegIOp, CmpIOp, AndIOp, OrIOp, XOrIOp,
             AddFOp, SubFOp, MulFOp, DivFOp, FmaOp, RemFOp, MaxFOp, MinFOp,
             AbsFOp, NegFOp, CmpFOp, CeilOp, FloorOp, CosOp, CosHOp, SinOp,
             SinHOp, TanOp, LogOp, Log2Op, ExpOp, TanHOp, Exp2Op, RsqrtOp,
             SqrtOp, PowOp, FPowIOp, Atan2Op, BitcastOp, IntToPtrOp, PtrToIntOp,
             PtrToPtrOp, ExtIOp, TruncIOp, IToFOp, FToIOp, FToFOp>(op);
}

ExecStatus interp::execArithOp(BlockExec &ex, Operation &operation) {
  Operation *op = &operation;
  auto tile = [&](Value v) -> const Tile & { return ex.tile(v); };
  auto set = [&](Value v, Tile t) {
    ex.setTile(v, std::move(t));
    return ExecStatus::Ok;
  };
  auto sx = [](uint64_t v, unsigned w) { return signExtend(v, w); };

  return llvm::TypeSwitch<Operation *, ExecStatus>(op)
      //===------------------------------------------------------------===//
      // Integers
      //===------------------------------------------------------------===//
      .Case([&](AddIOp o) {
        if (failed(checkOverflow(ex, op, tile(o.getLhs()), tile(o.getRhs()), o.getOverflow(), '+')))
          return ExecStatus::Failed;
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned) { return a + b; }));
      })
      .Case([&](SubIOp o) {
        if (failed(checkOverflow(ex, op, tile(o.getLhs()), tile(o.getRhs()), o.getOverflow(), '-')))
          return ExecStatus::Failed;
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned) { return a - b; }));
      })
      .Case([&](MulIOp o) {
        if (failed(checkOverflow(ex, op, tile(o.getLhs()), tile(o.getRhs()), o.getOverflow(), '*')))
          return ExecStatus::Failed;
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned) { return a * b; }));
      })
      // Amounts of the width or more shift every bit out, as on the GPU:
      // 0, or the sign for an arithmetic right shift.
      .Case([&](ShLIOp o) {
        if (failed(checkOverflow(ex, op, tile(o.getLhs()), tile(o.getRhs()), o.getOverflow(), '<')))
          return ExecStatus::Failed;
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned w) {
                                            return b >= w ? 0 : a << b;
                                          }));
      })
      .Case([&](ShRIOp o) {
        if (o.getSignedness() == Signedness::Signed)
          return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                            [&](uint64_t a, uint64_t b, unsigned w) {
                                              return uint64_t(sx(a, w) >> std::min<uint64_t>(b, w - 1));
                                            }));
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned w) {
                                            return b >= w ? 0 : a >> b;
                                          }));
      })
      .Case([&](MulhiIOp o) {
        return set(o.getResult(), intMap2(tile(o.getX()), tile(o.getY()),
                                          [](uint64_t a, uint64_t b, unsigned w) {
                                            unsigned __int128 p = (unsigned __int128)a * b;
                                            return uint64_t(p >> w);
                                          }));
      })
      .Case([&](DivIOp o) {
        return toStatus(execDivRem(ex, op, tile(o.getLhs()), tile(o.getRhs()),
                                   o.getSignedness() == Signedness::Signed,
                                   o.getRounding(), false, o.getResult()));
      })
      .Case([&](RemIOp o) {
        return toStatus(execDivRem(ex, op, tile(o.getLhs()), tile(o.getRhs()),
                                   o.getSignedness() == Signedness::Signed,
                                   RoundingMode::Zero, true, o.getResult()));
      })
      .Case([&](MaxIOp o) {
        bool s = o.getSignedness() == Signedness::Signed;
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [s](uint64_t a, uint64_t b, unsigned w) {
                                            return exactInt(a, w, s) >= exactInt(b, w, s) ? a : b;
                                          }));
      })
      .Case([&](MinIOp o) {
        bool s = o.getSignedness() == Signedness::Signed;
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [s](uint64_t a, uint64_t b, unsigned w) {
                                            return exactInt(a, w, s) <= exactInt(b, w, s) ? a : b;
                                          }));
      })
      .Case([&](AndIOp o) {
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned) { return a & b; }));
      })
      .Case([&](OrIOp o) {
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned) { return a | b; }));
      })
      .Case([&](XOrIOp o) {
        return set(o.getResult(), intMap2(tile(o.getLhs()), tile(o.getRhs()),
                                          [](uint64_t a, uint64_t b, unsigned) { return a ^ b; }));
      })
      .Case([&](NegIOp o) {
        const Tile &a = tile(o.getSource());
        IntegerOverflow flags = o.getOverflow();
        if (flags == IntegerOverflow::NoSignedWrap || flags == IntegerOverflow::NoWrap) {
          unsigned w = getBitWidth(a.getKind());
          for (int64_t i = 0; i < a.size(); ++i)
            if (w > 1 ? a.getSigned(i) == signExtend(uint64_t(1) << (w - 1), w)
                      : a.getBits(i) != 0)
              return toStatus(ex.fail(op, "overflow<no_signed_wrap> does not hold for element " +
                                              formatIndex(a.getShape(), i) +
                                              ": the negation of the minimum value (undefined behaviour)"));
        }
        if (flags == IntegerOverflow::NoUnsignedWrap || flags == IntegerOverflow::NoWrap) {
          for (int64_t i = 0; i < a.size(); ++i)
            if (a.getBits(i) != 0)
              return toStatus(ex.fail(op, "overflow<no_unsigned_wrap> does not hold for element " +
                                              formatIndex(a.getShape(), i) +
                                              ": only zero negates without unsigned wrap (undefined behaviour)"));
        }
        return set(o.getResult(), intMap1(a, [](uint64_t v, unsigned) { return 0 - v; }));
      })
      .Case([&](AbsIOp o) {
        return set(o.getResult(), intMap1(tile(o.getSource()), [](uint64_t v, unsigned w) {
                     int64_t s = signExtend(v, w);
                     return s < 0 ? 0 - uint64_t(s) : uint64_t(s);
                   }));
      })
      .Case([&](CmpIOp o) { return toStatus(execCmpI(ex, o)); })
      //===------------------------------------------------------------===//
      // Floats
      //===------------------------------------------------------------===//
      .Case([&](AddFOp) { return toStatus(execFloatRounded(ex, op, FOp::Add)); })
      .Case([&](SubFOp) { return toStatus(execFloatRounded(ex, op, FOp::Sub)); })
      .Case([&](MulFOp) { return toStatus(execFloatRounded(ex, op, FOp::Mul)); })
      .Case([&](DivFOp) { return toStatus(execFloatRounded(ex, op, FOp::Div)); })
      .Case([&](FmaOp o) { return toStatus(execFma(ex, o)); })
      .Case([&](RemFOp o) {
        return set(o.getResult(), floatMap2(tile(o.getLhs()), tile(o.getRhs()), false,
                                            [](auto x, auto y) { return std::fmod(x, y); }));
      })
      .Case([&](MaxFOp o) {
        return set(o.getResult(), floatMap2(tile(o.getLhs()), tile(o.getRhs()), o.getFlushToZero(),
                                            MinMax<true>{o.getPropagateNan()}));
      })
      .Case([&](MinFOp o) {
        return set(o.getResult(), floatMap2(tile(o.getLhs()), tile(o.getRhs()), o.getFlushToZero(),
                                            MinMax<false>{o.getPropagateNan()}));
      })
      .Case([&](AbsFOp o) {
        const Tile &a = tile(o.getSource());
        Tile r = Tile::alloc(a.getKind(), a.getShape());
        unsigned w = getBitWidth(a.getKind());
        for (int64_t i = 0; i < a.size(); ++i)
          r.setBits(i, a.getBits(i) & ~(uint64_t(1) << (w - 1)));
        return set(o.getResult(), r);
      })
      .Case([&](NegFOp o) {
        const Tile &a = tile(o.getSource());
        Tile r = Tile::alloc(a.getKind(), a.getShape());
        unsigned w = getBitWidth(a.getKind());
        for (int64_t i = 0; i < a.size(); ++i)
          r.setBits(i, a.getBits(i) ^ (uint64_t(1) << (w - 1)));
        return set(o.getResult(), r);
      })
      .Case([&](CmpFOp o) { return toStatus(execCmpF(ex, o)); })
      .Case([&](CeilOp) { return toStatus(execMath(ex, op, [](double x) { return std::ceil(x); })); })
      .Case([&](FloorOp) { return toStatus(execMath(ex, op, [](double x) { return std::floor(x); })); })
      .Case([&](CosOp) { return toStatus(execMath(ex, op, [](double x) { return std::cos(x); })); })
      .Case([&](CosHOp) { return toStatus(execMath(ex, op, [](double x) { return std::cosh(x); })); })
      .Case([&](SinOp) { return toStatus(execMath(ex, op, [](double x) { return std::sin(x); })); })
      .Case([&](SinHOp) { return toStatus(execMath(ex, op, [](double x) { return std::sinh(x); })); })
      .Case([&](TanOp) { return toStatus(execMath(ex, op, [](double x) { return std::tan(x); })); })
      .Case([&](LogOp) { return toStatus(execMath(ex, op, [](double x) { return std::log(x); })); })
      .Case([&](Log2Op) { return toStatus(execMath(ex, op, [](double x) { return std::log2(x); })); })
      .Case([&](ExpOp) { return toStatus(execMath(ex, op, [](double x) { return std::exp(x); })); })
      .Case([&](TanHOp) { return toStatus(execMath(ex, op, [](double x) { return std::tanh(x); })); })
      .Case([&](Exp2Op o) {
        return toStatus(execMath(ex, op, [](double x) { return std::exp2(x); }, o.getFlushToZero()));
      })
      .Case([&](RsqrtOp o) {
        return toStatus(execMath(ex, op, [](double x) { return 1.0 / std::sqrt(x); }, o.getFlushToZero()));
      })
      .Case([&](SqrtOp o) { return toStatus(execSqrt(ex, o)); })
      .Case([&](PowOp o) {
        return set(o.getResult(), floatMap2(tile(o.getSource()), tile(o.getExponent()), false,
                                            [](auto x, auto y) {
                                              using T = decltype(x);
                                              return T(std::pow(double(x), double(y)));
                                            }));
      })
      .Case([&](FPowIOp o) {
        // floatMap1 visits the elements in order, so a running index pairs
        // each base with its exponent (read as signed, i1 included).
        const Tile &exponent = tile(o.getExponent());
        int64_t i = 0;
        return set(o.getResult(), floatMap1(tile(o.getSource()), false, [&](auto x) {
          using T = decltype(x);
          return T(std::pow(double(x), double(exponent.getSigned(i++))));
        }));
      })
      .Case([&](Atan2Op o) {
        return set(o.getResult(), floatMap2(tile(o.getX()), tile(o.getY()), false,
                                            [](auto x, auto y) {
                                              using T = decltype(x);
                                              return T(std::atan2(double(x), double(y)));
                                            }));
      })
      //===------------------------------------------------------------===//
      // Conversions
      //===------------------------------------------------------------===//
      .Case([&](BitcastOp o) {
        return set(o.getResult(), rebrand(tile(o.getSource()), kindOf(o.getResult().getType())));
      })
      .Case([&](IntToPtrOp o) { return set(o.getResult(), rebrand(tile(o.getSource()), ElemKind::Ptr)); })
      .Case([&](PtrToIntOp o) { return set(o.getResult(), rebrand(tile(o.getSource()), ElemKind::I64)); })
      .Case([&](PtrToPtrOp o) { return set(o.getResult(), tile(o.getSource())); })
      .Case([&](ExtIOp o) {
        const Tile &a = tile(o.getFrom());
        ElemKind to = kindOf(o.getTo().getType());
        bool s = o.getSignedness() == Signedness::Signed;
        Tile r = Tile::alloc(to, a.getShape());
        for (int64_t i = 0; i < a.size(); ++i)
          r.setBits(i, maskBits(s ? uint64_t(a.getSigned(i)) : a.getUnsigned(i), getBitWidth(to)));
        return set(o.getTo(), r);
      })
      .Case([&](TruncIOp o) {
        const Tile &a = tile(o.getFrom());
        ElemKind to = kindOf(o.getTo().getType());
        unsigned w = getBitWidth(to), wFrom = getBitWidth(a.getKind());
        IntegerOverflow flags = o.getOverflow();
        Tile r = Tile::alloc(to, a.getShape());
        for (int64_t i = 0; i < a.size(); ++i) {
          uint64_t bits = a.getUnsigned(i);
          bool nsw = flags == IntegerOverflow::NoSignedWrap || flags == IntegerOverflow::NoWrap;
          bool nuw = flags == IntegerOverflow::NoUnsignedWrap || flags == IntegerOverflow::NoWrap;
          if ((nsw && !fits(signExtend(bits, wFrom), w, true)) ||
              (nuw && !fits(__int128(bits), w, false)))
            return toStatus(ex.fail(op, "overflow<" +
                                            llvm::Twine(nsw && !fits(signExtend(bits, wFrom), w, true)
                                                            ? "no_signed_wrap"
                                                            : "no_unsigned_wrap") +
                                            "> does not hold for element " +
                                            formatIndex(a.getShape(), i) + ": " +
                                            intText(signExtend(bits, wFrom)) + " does not fit in " +
                                            getElemKindName(to) + " (undefined behaviour)"));
          r.setBits(i, maskBits(bits, w));
        }
        return set(o.getTo(), r);
      })
      .Case([&](IToFOp o) { return toStatus(execIToF(ex, o)); })
      .Case([&](FToIOp o) { return toStatus(execFToI(ex, o)); })
      .Case([&](FToFOp o) { return toStatus(execFToF(ex, o)); })
      .Default([](Operation *) { return ExecStatus::Unhandled; });
}
