//===- SimplifyIntegers.cpp - integer simplification with facts -----------===//
//
// The simplifier never reasons on the op graph itself. For each integer op
// (the root) it
//
//  1. lifts the DAG of integer ops behind the root into a private expression
//     form: compact nodes (kind, modifier flags, tile type, operands, and a
//     constant or the leaf value) that are hash-consed, so a subexpression
//     that occurs twice, or that another root already lifted, is one node;
//  2. simplifies the expression bottom-up, memoizing each node's simplified
//     form, down to a recursion limit: constant folding, identities,
//     reassociation of constants, and rules that use facts: value ranges
//     (assume bounded, iota, block ids, loop bounds, overflow flags, ...),
//     known low zero bits (assume div_by) and relations (an induction
//     variable is below its upper bound, x rem n is below n, ...);
//  3. materializes the result only when building it costs less than the ops
//     the root keeps alive: nodes that an existing, dominating value already
//     computes are reused (one canonical value per node), the others are
//     built in front of the root, then the root's uses are redirected.
//
// Ops left without uses are erased at the end, and ifs whose condition
// became a constant are resolved.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Analysis/IntegerFacts.h"
#include "TransformUtils.h"
#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/Support/Allocator.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_SIMPLIFYINTEGERSPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;
using llvm::APInt;
using llvm::ConstantRange;

namespace {

//===----------------------------------------------------------------------===//
// Expression form
//===----------------------------------------------------------------------===//

enum class ExprKind : uint16_t {
  /// A value the simplifier does not look into.
  Leaf,
  /// A splat integer constant.
  Constant,
  /// An integer op; the op kind is in `op`.
  Op,
};

struct Expr : public llvm::FoldingSetNode {
  ExprKind kind = ExprKind::Leaf;
  IntOpKind op = IntOpKind::Add;
  /// Overflow flags, rounding mode, or predicate and signedness (packed).
  uint16_t flags = 0;
  /// Creation order; orders the operands of commutative ops.
  unsigned id = 0;
  TileType type;
  ArrayRef<Expr *> operands;
  APInt value;
  Value leaf;

  unsigned width() const {
    return cast<IntegerType>(type.getElementType()).getWidth();
  }
  bool isConstant() const { return kind == ExprKind::Constant; }
  bool is(IntOpKind k) const { return kind == ExprKind::Op && op == k; }
  Expr *lhs() const { return operands[0]; }
  Expr *rhs() const { return operands[1]; }

  void Profile(llvm::FoldingSetNodeID &id) const {
    profile(id, kind, op, flags, type, operands, value, leaf);
  }
  static void profile(llvm::FoldingSetNodeID &id, ExprKind kind, IntOpKind op,
                      uint16_t flags, TileType type, ArrayRef<Expr *> operands,
                      const APInt &value, Value leaf) {
    id.AddInteger(static_cast<unsigned>(kind));
    id.AddInteger(static_cast<unsigned>(op));
    id.AddInteger(flags);
    id.AddPointer(type.getAsOpaquePointer());
    id.AddInteger(static_cast<unsigned>(operands.size()));
    for (Expr *operand : operands)
      id.AddPointer(operand);
    if (kind == ExprKind::Constant)
      value.Profile(id);
    id.AddPointer(leaf.getAsOpaquePointer());
  }
};

/// Packing of the modifiers each op kind has.
static uint16_t packCmp(ComparisonPredicate predicate, bool isSigned) {
  return static_cast<uint16_t>(predicate) | (isSigned ? 0x100 : 0);
}
static ComparisonPredicate cmpPredicate(const Expr *e) {
  return static_cast<ComparisonPredicate>(e->flags & 0xff);
}
static bool cmpSigned(const Expr *e) { return e->flags & 0x100; }

static uint16_t packInfo(const IntOpInfo &info) {
  switch (info.kind) {
  case IntOpKind::Add:
  case IntOpKind::Sub:
  case IntOpKind::Mul:
  case IntOpKind::Shl:
  case IntOpKind::Neg:
    return static_cast<uint16_t>(info.overflow);
  case IntOpKind::DivS:
  case IntOpKind::DivU:
    return static_cast<uint16_t>(info.rounding);
  case IntOpKind::Cmp:
    return packCmp(info.predicate, info.cmpSigned);
  default:
    return 0;
  }
}

static IntOpInfo unpackInfo(const Expr *e) {
  IntOpInfo info{e->op};
  switch (e->op) {
  case IntOpKind::Add:
  case IntOpKind::Sub:
  case IntOpKind::Mul:
  case IntOpKind::Shl:
  case IntOpKind::Neg:
    info.overflow = static_cast<IntegerOverflow>(e->flags);
    break;
  case IntOpKind::DivS:
  case IntOpKind::DivU:
    info.rounding = static_cast<RoundingMode>(e->flags);
    break;
  case IntOpKind::Cmp:
    info.predicate = cmpPredicate(e);
    info.cmpSigned = cmpSigned(e);
    break;
  default:
    break;
  }
  return info;
}

static bool isCommutative(IntOpKind kind) {
  switch (kind) {
  case IntOpKind::Add:
  case IntOpKind::Mul:
  case IntOpKind::And:
  case IntOpKind::Or:
  case IntOpKind::Xor:
  case IntOpKind::MinS:
  case IntOpKind::MaxS:
  case IntOpKind::MinU:
  case IntOpKind::MaxU:
    return true;
  default:
    return false;
  }
}

/// Relative cost of an op of each kind (leaves and constants are free).
static unsigned costOf(const Expr *e) {
  if (e->kind != ExprKind::Op)
    return 0;
  switch (e->op) {
  case IntOpKind::DivS:
  case IntOpKind::DivU:
  case IntOpKind::RemS:
  case IntOpKind::RemU:
    return 8;
  case IntOpKind::Mul:
    return 3;
  default:
    return 1;
  }
}

/// Owns and uniques expression nodes.
class ExprUniquer {
public:
  Expr *get(ExprKind kind, IntOpKind op, uint16_t flags, TileType type,
            ArrayRef<Expr *> operands, const APInt &value, Value leaf) {
    SmallVector<Expr *, 3> ordered(operands);
    // Commutative operands in creation order, constants last, so that
    // a+b and b+a are one node.
    if (kind == ExprKind::Op && isCommutative(op) && ordered.size() == 2) {
      auto rank = [](Expr *e) {
        return std::make_pair(e->isConstant() ? 1u : 0u, e->id);
      };
      if (rank(ordered[1]) < rank(ordered[0]))
        std::swap(ordered[0], ordered[1]);
    }
    llvm::FoldingSetNodeID id;
    Expr::profile(id, kind, op, flags, type, ordered, value, leaf);
    void *insertPos = nullptr;
    if (Expr *existing = nodes.FindNodeOrInsertPos(id, insertPos))
      return existing;
    auto *e = new (allocator.Allocate<Expr>()) Expr();
    e->kind = kind;
    e->op = op;
    e->flags = flags;
    e->id = nextId++;
    e->type = type;
    Expr **storage = allocator.Allocate<Expr *>(ordered.size());
    std::copy(ordered.begin(), ordered.end(), storage);
    e->operands = ArrayRef<Expr *>(storage, ordered.size());
    e->value = value;
    e->leaf = leaf;
    nodes.InsertNode(e, insertPos);
    all.push_back(e);
    return e;
  }

  Expr *constant(TileType type, const APInt &value) {
    return get(ExprKind::Constant, IntOpKind::Add, 0, type, {}, value, {});
  }
  Expr *leaf(Value value) {
    return get(ExprKind::Leaf, IntOpKind::Add, 0,
               cast<TileType>(value.getType()), {}, APInt(), value);
  }
  Expr *op(IntOpKind kind, TileType type, ArrayRef<Expr *> operands,
           uint16_t flags = 0) {
    return get(ExprKind::Op, kind, flags, type, operands, APInt(), {});
  }

  ~ExprUniquer() {
    for (Expr *e : all)
      e->~Expr();
  }

private:
  llvm::BumpPtrAllocator allocator;
  llvm::FoldingSet<Expr> nodes;
  std::vector<Expr *> all;
  unsigned nextId = 0;
};

//===----------------------------------------------------------------------===//
// Constant evaluation
//===----------------------------------------------------------------------===//

static bool compareAPInt(ComparisonPredicate predicate, bool isSigned,
                         const APInt &a, const APInt &b) {
  switch (predicate) {
  case ComparisonPredicate::Equal:
    return a == b;
  case ComparisonPredicate::NotEqual:
    return a != b;
  case ComparisonPredicate::LessThan:
    return isSigned ? a.slt(b) : a.ult(b);
  case ComparisonPredicate::LessThanOrEqual:
    return isSigned ? a.sle(b) : a.ule(b);
  case ComparisonPredicate::GreaterThan:
    return isSigned ? a.sgt(b) : a.ugt(b);
  case ComparisonPredicate::GreaterThanOrEqual:
    return isSigned ? a.sge(b) : a.uge(b);
  }
  return false;
}

/// The result of an op on constants, when defined and within the op's
/// overflow assumption.
static std::optional<APInt> evaluate(const Expr *e, ArrayRef<APInt> v) {
  IntOpInfo info = unpackInfo(e);
  bool nsw = info.overflow == IntegerOverflow::NoSignedWrap ||
             info.overflow == IntegerOverflow::NoWrap;
  bool nuw = info.overflow == IntegerOverflow::NoUnsignedWrap ||
             info.overflow == IntegerOverflow::NoWrap;
  auto checked = [&](APInt result, bool sOv,
                     bool uOv) -> std::optional<APInt> {
    if ((sOv && nsw) || (uOv && nuw))
      return std::nullopt;
    return result;
  };
  bool sOv = false, uOv = false;
  unsigned width = e->width();
  APInt::Rounding rounding =
      info.rounding == RoundingMode::NegativeInf   ? APInt::Rounding::DOWN
      : info.rounding == RoundingMode::PositiveInf ? APInt::Rounding::UP
                                                   : APInt::Rounding::TOWARD_ZERO;
  switch (e->op) {
  case IntOpKind::Add: {
    APInt r = v[0].sadd_ov(v[1], sOv);
    (void)v[0].uadd_ov(v[1], uOv);
    return checked(r, sOv, uOv);
  }
  case IntOpKind::Sub: {
    APInt r = v[0].ssub_ov(v[1], sOv);
    (void)v[0].usub_ov(v[1], uOv);
    return checked(r, sOv, uOv);
  }
  case IntOpKind::Mul: {
    APInt r = v[0].smul_ov(v[1], sOv);
    (void)v[0].umul_ov(v[1], uOv);
    return checked(r, sOv, uOv);
  }
  case IntOpKind::Shl: {
    if (v[1].uge(width))
      return std::nullopt;
    APInt r = v[0].sshl_ov(v[1], sOv);
    (void)v[0].ushl_ov(v[1], uOv);
    return checked(r, sOv, uOv);
  }
  case IntOpKind::Neg:
    return checked(-v[0], v[0].isMinSignedValue(), !v[0].isZero());
  case IntOpKind::DivS:
    if (v[1].isZero() || (v[0].isMinSignedValue() && v[1].isAllOnes()))
      return std::nullopt;
    return llvm::APIntOps::RoundingSDiv(v[0], v[1], rounding);
  case IntOpKind::DivU:
    if (v[1].isZero())
      return std::nullopt;
    return llvm::APIntOps::RoundingUDiv(v[0], v[1], rounding);
  case IntOpKind::RemS:
    if (v[1].isZero())
      return std::nullopt;
    return v[0].srem(v[1]);
  case IntOpKind::RemU:
    if (v[1].isZero())
      return std::nullopt;
    return v[0].urem(v[1]);
  case IntOpKind::Abs:
    if (v[0].isMinSignedValue() && width > 1)
      return std::nullopt;
    return v[0].abs();
  case IntOpKind::And:
    return v[0] & v[1];
  case IntOpKind::Or:
    return v[0] | v[1];
  case IntOpKind::Xor:
    return v[0] ^ v[1];
  case IntOpKind::ShrS:
    if (v[1].uge(width))
      return std::nullopt;
    return v[0].ashr(v[1]);
  case IntOpKind::ShrU:
    if (v[1].uge(width))
      return std::nullopt;
    return v[0].lshr(v[1]);
  case IntOpKind::MinS:
    return llvm::APIntOps::smin(v[0], v[1]);
  case IntOpKind::MaxS:
    return llvm::APIntOps::smax(v[0], v[1]);
  case IntOpKind::MinU:
    return llvm::APIntOps::umin(v[0], v[1]);
  case IntOpKind::MaxU:
    return llvm::APIntOps::umax(v[0], v[1]);
  case IntOpKind::Cmp:
    return APInt(1, compareAPInt(info.predicate, info.cmpSigned, v[0], v[1]));
  case IntOpKind::Select:
    return v[0].isOne() ? v[1] : v[2];
  case IntOpKind::ExtS:
    return v[0].sext(width);
  case IntOpKind::ExtU:
    return v[0].zext(width);
  case IntOpKind::Trunc:
    return v[0].trunc(width);
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct SimplifyIntegersPass
    : public cuda_tile::impl::SimplifyIntegersPassBase<SimplifyIntegersPass> {
  using Base::Base;

  // Per-run state.
  std::shared_ptr<ExprUniquer> uniquer;
  IntegerFacts facts;
  DominanceInfo *dominance = nullptr;
  /// Cache 1: the node each lifted value became.
  DenseMap<Value, Expr *> lifted;
  /// Cache 2: the simplified form of each node.
  DenseMap<Expr *, Expr *> simplified;
  DenseMap<Expr *, ConstantRange> rangeCache;
  /// Values known to compute each node (originals and materialized ones).
  DenseMap<Expr *, SmallVector<Value, 1>> valuesOf;
  /// Values whose uses were redirected; never handed out again.
  llvm::DenseSet<Value> retired;

  //===--------------------------------------------------------------------===//
  // Lifting
  //===--------------------------------------------------------------------===//

  Expr *lift(Value value, unsigned depth) {
    if (Expr *known = lifted.lookup(value))
      return known;
    Expr *e = nullptr;
    auto type = cast<TileType>(value.getType());
    if (std::optional<APInt> c = getSplatInt(value)) {
      e = uniquer->constant(type, *c);
    } else if (Operation *op = value.getDefiningOp();
               op && depth < recursionLimit) {
      std::optional<IntOpInfo> info = classifyIntOp(op);
      if (info && llvm::all_of(op->getOperandTypes(), [](Type t) {
            return getIntWidth(t) != 0;
          })) {
        SmallVector<Expr *, 3> operands;
        for (Value operand : op->getOperands())
          operands.push_back(lift(operand, depth + 1));
        e = uniquer->op(info->kind, type, operands, packInfo(*info));
      }
    }
    if (!e)
      e = uniquer->leaf(value);
    lifted[value] = e;
    valuesOf[e].push_back(value);
    return e;
  }

  //===--------------------------------------------------------------------===//
  // Facts on expressions
  //===--------------------------------------------------------------------===//

  /// A value of the input that computes `e`, if any.
  Value originOf(Expr *e) {
    if (e->kind == ExprKind::Leaf)
      return e->leaf;
    auto it = valuesOf.find(e);
    if (it == valuesOf.end())
      return {};
    for (Value v : it->second)
      if (!retired.contains(v))
        return v;
    return {};
  }

  ConstantRange rangeOf(Expr *e) {
    if (auto it = rangeCache.find(e); it != rangeCache.end())
      return it->second;
    ConstantRange range = ConstantRange::getFull(e->width());
    if (e->isConstant()) {
      range = ConstantRange(e->value);
    } else if (e->kind == ExprKind::Leaf) {
      range = facts.getRange(e->leaf);
    } else {
      SmallVector<ConstantRange, 3> operands;
      for (Expr *operand : e->operands)
        operands.push_back(rangeOf(operand));
      range = transferRange(unpackInfo(e), operands, e->width());
    }
    rangeCache.try_emplace(e, range);
    return range;
  }

  bool isNonNegative(Expr *e) {
    ConstantRange r = rangeOf(e);
    return !r.isEmptySet() && r.isAllNonNegative();
  }
  bool isPositive(Expr *e) {
    ConstantRange r = rangeOf(e);
    return !r.isEmptySet() && r.getSignedMin().sgt(0);
  }

  unsigned trailingZerosOf(Expr *e) {
    if (e->isConstant())
      return e->value.isZero() ? e->width() : e->value.countr_zero();
    if (Value origin = originOf(e))
      return facts.getKnownTrailingZeros(origin);
    return 0;
  }

  /// Whether a < b (or a <= b) for every element.
  bool provesLess(Expr *a, Expr *b, bool isSigned, bool orEqual) {
    if (a == b)
      return orEqual;
    ConstantRange ra = rangeOf(a), rb = rangeOf(b);
    if (!ra.isEmptySet() && !rb.isEmptySet()) {
      APInt aMax = isSigned ? ra.getSignedMax() : ra.getUnsignedMax();
      APInt bMin = isSigned ? rb.getSignedMin() : rb.getUnsignedMin();
      if (orEqual ? (isSigned ? aMax.sle(bMin) : aMax.ule(bMin))
                  : (isSigned ? aMax.slt(bMin) : aMax.ult(bMin)))
        return true;
    }
    // x rem b stays below b.
    if (a->is(IntOpKind::RemU) && a->rhs() == b && !isSigned)
      return true;
    if (a->is(IntOpKind::RemS) && a->rhs() == b && isSigned && isPositive(b))
      return true;
    if (orEqual) {
      IntOpKind min = isSigned ? IntOpKind::MinS : IntOpKind::MinU;
      IntOpKind max = isSigned ? IntOpKind::MaxS : IntOpKind::MaxU;
      if (a->is(min) && llvm::is_contained(a->operands, b))
        return true;
      if (b->is(max) && llvm::is_contained(b->operands, a))
        return true;
    }
    Value va = originOf(a), vb = originOf(b);
    return va && vb && facts.provesLess(va, vb, isSigned, orEqual);
  }

  /// Whether the comparison `e` always holds (true) or never does (false).
  std::optional<bool> decideComparison(Expr *e) {
    Expr *a = e->lhs(), *b = e->rhs();
    bool s = cmpSigned(e);
    switch (cmpPredicate(e)) {
    case ComparisonPredicate::LessThan:
      if (provesLess(a, b, s, false))
        return true;
      if (provesLess(b, a, s, true))
        return false;
      break;
    case ComparisonPredicate::LessThanOrEqual:
      if (provesLess(a, b, s, true))
        return true;
      if (provesLess(b, a, s, false))
        return false;
      break;
    case ComparisonPredicate::GreaterThan:
      if (provesLess(b, a, s, false))
        return true;
      if (provesLess(a, b, s, true))
        return false;
      break;
    case ComparisonPredicate::GreaterThanOrEqual:
      if (provesLess(b, a, s, true))
        return true;
      if (provesLess(a, b, s, false))
        return false;
      break;
    case ComparisonPredicate::Equal:
      if (a == b)
        return true;
      if (provesLess(a, b, s, false) || provesLess(b, a, s, false))
        return false;
      break;
    case ComparisonPredicate::NotEqual:
      if (a == b)
        return false;
      if (provesLess(a, b, s, false) || provesLess(b, a, s, false))
        return true;
      break;
    }
    return std::nullopt;
  }

  //===--------------------------------------------------------------------===//
  // Simplification
  //===--------------------------------------------------------------------===//

  Expr *constant(Expr *like, const APInt &value) {
    return uniquer->constant(like->type, value);
  }
  Expr *constant(Expr *like, uint64_t value) {
    return uniquer->constant(like->type, APInt(like->width(), value));
  }
  Expr *node(IntOpKind kind, Expr *like, ArrayRef<Expr *> operands) {
    return uniquer->op(kind, like->type, operands);
  }
  static bool isConst(Expr *e, APInt &value) {
    if (!e->isConstant())
      return false;
    value = e->value;
    return true;
  }
  static bool isZero(Expr *e) { return e->isConstant() && e->value.isZero(); }
  static bool isOne(Expr *e) { return e->isConstant() && e->value.isOne(); }
  static bool isAllOnes(Expr *e) {
    return e->isConstant() && e->value.isAllOnes();
  }
  /// log2 of a constant power of two greater than one.
  static std::optional<unsigned> powerOfTwo(Expr *e) {
    if (!e->isConstant() || !e->value.isPowerOf2() || e->value.isOne())
      return std::nullopt;
    return e->value.logBase2();
  }

  Expr *simplify(Expr *e, unsigned depth) {
    if (e->kind != ExprKind::Op)
      return e;
    if (Expr *known = simplified.lookup(e))
      return known;
    if (depth > recursionLimit)
      return e;
    SmallVector<Expr *, 3> operands;
    for (Expr *operand : e->operands)
      operands.push_back(simplify(operand, depth + 1));
    Expr *rebuilt = uniquer->op(e->op, e->type, operands, e->flags);
    Expr *result = rebuilt;
    if (Expr *better = applyRules(rebuilt); better && better != rebuilt)
      result = simplify(better, depth + 1);
    simplified[e] = result;
    simplified[rebuilt] = result;
    return result;
  }

  /// One rewrite of `e` (whose operands are simplified), or null.
  Expr *applyRules(Expr *e) {
    unsigned width = e->width();
    // All operands constant.
    if (llvm::all_of(e->operands, [](Expr *o) { return o->isConstant(); })) {
      SmallVector<APInt, 3> values;
      for (Expr *o : e->operands)
        values.push_back(o->value);
      if (std::optional<APInt> r = evaluate(e, values))
        return constant(e, *r);
      return nullptr;
    }
    // One possible value. (The range must outlive the pointer into it.)
    ConstantRange range = rangeOf(e);
    if (const APInt *single = range.getSingleElement())
      return constant(e, *single);

    Expr *a = e->operands[0];
    Expr *b = e->operands.size() > 1 ? e->operands[1] : nullptr;
    APInt c;
    switch (e->op) {
    case IntOpKind::Add:
      if (isZero(b))
        return a;
      // (x + c1) + c2 -> x + (c1 + c2)
      if (isConst(b, c) && a->is(IntOpKind::Add) && a->rhs()->isConstant())
        return node(IntOpKind::Add, e,
                    {a->lhs(), constant(e, a->rhs()->value + c)});
      // (x - y) + y -> x
      if (a->is(IntOpKind::Sub) && a->rhs() == b)
        return a->lhs();
      if (b->is(IntOpKind::Sub) && b->rhs() == a)
        return b->lhs();
      break;
    case IntOpKind::Sub:
      if (isZero(b))
        return a;
      if (a == b)
        return constant(e, uint64_t(0));
      // (x + y) - y -> x, (x + y) - x -> y
      if (a->is(IntOpKind::Add) && a->rhs() == b)
        return a->lhs();
      if (a->is(IntOpKind::Add) && a->lhs() == b)
        return a->rhs();
      // (x + c1) - c2 -> x + (c1 - c2)
      if (isConst(b, c) && a->is(IntOpKind::Add) && a->rhs()->isConstant())
        return node(IntOpKind::Add, e,
                    {a->lhs(), constant(e, a->rhs()->value - c)});
      // x - (x / y) * y -> x rem y
      if (Expr *rem = matchRemainder(a, b))
        return rem;
      break;
    case IntOpKind::Mul:
      if (isZero(b))
        return b;
      if (isOne(b))
        return a;
      if (isConst(b, c) && a->is(IntOpKind::Mul) && a->rhs()->isConstant())
        return node(IntOpKind::Mul, e,
                    {a->lhs(), constant(e, a->rhs()->value * c)});
      // (x / 2^k) * 2^k -> x when the low k bits of x are zero.
      if (std::optional<unsigned> k = powerOfTwo(b)) {
        bool byShift = a->is(IntOpKind::ShrS) || a->is(IntOpKind::ShrU);
        bool byDivision = a->is(IntOpKind::DivS) || a->is(IntOpKind::DivU);
        bool matches =
            (byShift && a->rhs()->isConstant() &&
             a->rhs()->value == APInt(width, *k)) ||
            (byDivision && a->rhs() == b);
        if (matches && trailingZerosOf(a->lhs()) >= *k)
          return a->lhs();
      }
      break;
    case IntOpKind::DivS:
    case IntOpKind::DivU:
      return simplifyDivision(e, a, b);
    case IntOpKind::RemS:
    case IntOpKind::RemU:
      return simplifyRemainder(e, a, b);
    case IntOpKind::And:
      if (isZero(b))
        return b;
      if (isAllOnes(b) || a == b)
        return a;
      // x & (2^k - 1) -> x when x is in [0, 2^k).
      if (isConst(b, c) && c.isMask()) {
        ConstantRange r = rangeOf(a);
        if (!r.isEmptySet() && r.getUnsignedMax().ule(c))
          return a;
      }
      break;
    case IntOpKind::Or:
      if (isZero(b) || a == b)
        return a;
      if (isAllOnes(b))
        return b;
      break;
    case IntOpKind::Xor:
      if (isZero(b))
        return a;
      if (a == b)
        return constant(e, uint64_t(0));
      break;
    case IntOpKind::Shl:
    case IntOpKind::ShrS:
    case IntOpKind::ShrU:
      if (isZero(b))
        return a;
      break;
    case IntOpKind::MinS:
    case IntOpKind::MaxS:
    case IntOpKind::MinU:
    case IntOpKind::MaxU: {
      if (a == b)
        return a;
      bool isSigned = e->op == IntOpKind::MinS || e->op == IntOpKind::MaxS;
      bool isMin = e->op == IntOpKind::MinS || e->op == IntOpKind::MinU;
      if (provesLess(a, b, isSigned, true))
        return isMin ? a : b;
      if (provesLess(b, a, isSigned, true))
        return isMin ? b : a;
      break;
    }
    case IntOpKind::Cmp:
      if (std::optional<bool> known = decideComparison(e))
        return constant(e, APInt(1, *known));
      break;
    case IntOpKind::Select: {
      Expr *t = e->operands[1], *f = e->operands[2];
      if (t == f)
        return t;
      if (a->isConstant())
        return a->value.isOne() ? t : f;
      // select(c, true, false) -> c on i1.
      if (width == 1 && isOne(t) && isZero(f))
        return a;
      break;
    }
    case IntOpKind::Neg:
      if (a->is(IntOpKind::Neg))
        return a->lhs();
      break;
    case IntOpKind::Abs:
      if (isNonNegative(a))
        return a;
      break;
    case IntOpKind::Trunc:
      if ((a->is(IntOpKind::ExtS) || a->is(IntOpKind::ExtU)) &&
          a->lhs()->type == e->type)
        return a->lhs();
      break;
    case IntOpKind::ExtS:
    case IntOpKind::ExtU:
      // ext(ext(x)) of one kind -> one ext.
      if (a->is(e->op))
        return node(e->op, e, {a->lhs()});
      break;
    }
    return nullptr;
  }

  /// x - (x / y) * y as a remainder, when the division truncates (or floors
  /// non-negative operands).
  Expr *matchRemainder(Expr *x, Expr *product) {
    if (!product->is(IntOpKind::Mul))
      return nullptr;
    for (auto [quotient, y] : {std::pair(product->lhs(), product->rhs()),
                               std::pair(product->rhs(), product->lhs())}) {
      if (!(quotient->is(IntOpKind::DivS) || quotient->is(IntOpKind::DivU)) ||
          quotient->lhs() != x || quotient->rhs() != y)
        continue;
      auto rounding = static_cast<RoundingMode>(quotient->flags);
      bool isSigned = quotient->is(IntOpKind::DivS);
      bool truncates =
          rounding == RoundingMode::Zero ||
          (rounding == RoundingMode::NegativeInf &&
           (!isSigned || (isNonNegative(x) && isPositive(y))));
      if (!truncates)
        continue;
      return node(isSigned ? IntOpKind::RemS : IntOpKind::RemU, x, {x, y});
    }
    return nullptr;
  }

  Expr *simplifyDivision(Expr *e, Expr *a, Expr *b) {
    bool isSigned = e->is(IntOpKind::DivS);
    auto rounding = static_cast<RoundingMode>(e->flags);
    unsigned width = e->width();
    if (isOne(b) && (!isSigned || width > 1))
      return a;
    // 0 <= a < b: the quotient truncates or floors to 0.
    if (rounding != RoundingMode::PositiveInf && isNonNegative(a) &&
        (!isSigned || isPositive(b)) && provesLess(a, b, isSigned, false))
      return constant(e, uint64_t(0));
    std::optional<unsigned> k = powerOfTwo(b);
    if (!k || (isSigned && *k == width - 1))
      return nullptr;
    Expr *shift = constant(e, uint64_t(*k));
    bool exact = trailingZerosOf(a) >= *k;
    if (!isSigned) {
      if (exact || rounding != RoundingMode::PositiveInf)
        return node(IntOpKind::ShrU, e, {a, shift});
      return nullptr;
    }
    // Signed: an arithmetic shift floors; it also truncates when a >= 0,
    // where a logical shift does the same.
    bool nonNegative = isNonNegative(a);
    if (exact || rounding == RoundingMode::NegativeInf ||
        (rounding == RoundingMode::Zero && nonNegative))
      return node(nonNegative ? IntOpKind::ShrU : IntOpKind::ShrS, e,
                  {a, shift});
    return nullptr;
  }

  Expr *simplifyRemainder(Expr *e, Expr *a, Expr *b) {
    bool isSigned = e->is(IntOpKind::RemS);
    unsigned width = e->width();
    if (isOne(b) && (!isSigned || width > 1))
      return constant(e, uint64_t(0));
    // 0 <= a < b: a itself.
    if (isNonNegative(a) && (!isSigned || isPositive(b)) &&
        provesLess(a, b, isSigned, false))
      return a;
    std::optional<unsigned> k = powerOfTwo(b);
    if (!k || (isSigned && *k == width - 1))
      return nullptr;
    if (trailingZerosOf(a) >= *k)
      return constant(e, uint64_t(0));
    if (!isSigned || isNonNegative(a))
      return node(IntOpKind::And, e,
                  {a, constant(e, APInt::getLowBitsSet(width, *k))});
    return nullptr;
  }

  //===--------------------------------------------------------------------===//
  // Materialization
  //===--------------------------------------------------------------------===//

  /// An existing value computing `e` that is usable at `at`.
  Value availableValue(Expr *e, Operation *at) {
    if (e->kind == ExprKind::Leaf)
      return e->leaf;
    auto it = valuesOf.find(e);
    if (it == valuesOf.end())
      return {};
    for (Value v : it->second)
      if (!retired.contains(v) && dominance->properlyDominates(v, at))
        return v;
    return {};
  }

  /// Cost of the ops that must be built for `e` at `at`.
  unsigned buildCost(Expr *e, Operation *at,
                     llvm::SmallPtrSetImpl<Expr *> &seen) {
    if (!seen.insert(e).second || availableValue(e, at))
      return 0;
    unsigned cost = costOf(e);
    for (Expr *operand : e->operands)
      cost += buildCost(operand, at, seen);
    return cost;
  }

  /// Values the materialized `e` would reuse.
  void reusedValues(Expr *e, Operation *at,
                    llvm::SmallPtrSetImpl<Expr *> &seen,
                    llvm::DenseSet<Value> &used) {
    if (!seen.insert(e).second)
      return;
    if (Value v = availableValue(e, at)) {
      used.insert(v);
      return;
    }
    for (Expr *operand : e->operands)
      reusedValues(operand, at, seen, used);
  }

  /// Cost of the ops that die when `root`'s result is replaced and the
  /// values in `kept` stay used.
  unsigned deadCost(Operation *root, const llvm::DenseSet<Value> &kept) {
    llvm::SmallPtrSet<Operation *, 8> dead;
    SmallVector<Operation *> worklist{root};
    dead.insert(root);
    unsigned cost = 0;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (Expr *e = lifted.lookup(op->getResult(0)))
        cost += costOf(e);
      for (Value operand : op->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || dead.contains(def) || def->getNumResults() != 1 ||
            !classifyIntOp(def) || kept.contains(operand) ||
            !isMemoryEffectFree(def))
          continue;
        if (!llvm::all_of(operand.getUsers(), [&](Operation *user) {
              return dead.contains(user);
            }))
          continue;
        dead.insert(def);
        worklist.push_back(def);
      }
    }
    return cost;
  }

  Value materialize(Expr *e, OpBuilder &builder, Location loc) {
    if (Value v = availableValue(e, &*builder.getInsertionPoint()))
      return v;
    Value result;
    if (e->isConstant()) {
      result = createSplatInt(builder, loc, e->type, e->value);
    } else {
      SmallVector<Value, 3> operands;
      for (Expr *operand : e->operands)
        operands.push_back(materialize(operand, builder, loc));
      result = buildOp(e, operands, builder, loc);
    }
    valuesOf[e].push_back(result);
    return result;
  }

  Value buildOp(Expr *e, ArrayRef<Value> v, OpBuilder &b, Location loc) {
    IntOpInfo info = unpackInfo(e);
    auto sign = [](bool isSigned) {
      return isSigned ? Signedness::Signed : Signedness::Unsigned;
    };
    switch (e->op) {
    case IntOpKind::Add:
      return AddIOp::create(b, loc, v[0], v[1], info.overflow);
    case IntOpKind::Sub:
      return SubIOp::create(b, loc, v[0], v[1], info.overflow);
    case IntOpKind::Mul:
      return MulIOp::create(b, loc, v[0], v[1], info.overflow);
    case IntOpKind::Shl:
      return ShLIOp::create(b, loc, v[0], v[1], info.overflow);
    case IntOpKind::Neg:
      return NegIOp::create(b, loc, v[0], info.overflow);
    case IntOpKind::DivS:
    case IntOpKind::DivU:
      return DivIOp::create(b, loc, v[0], v[1],
                            sign(e->op == IntOpKind::DivS), info.rounding);
    case IntOpKind::RemS:
    case IntOpKind::RemU:
      return RemIOp::create(b, loc, v[0], v[1],
                            sign(e->op == IntOpKind::RemS));
    case IntOpKind::Abs:
      return AbsIOp::create(b, loc, v[0]);
    case IntOpKind::And:
      return AndIOp::create(b, loc, v[0], v[1]);
    case IntOpKind::Or:
      return OrIOp::create(b, loc, v[0], v[1]);
    case IntOpKind::Xor:
      return XOrIOp::create(b, loc, v[0], v[1]);
    case IntOpKind::ShrS:
    case IntOpKind::ShrU:
      return ShRIOp::create(b, loc, v[0], v[1],
                            sign(e->op == IntOpKind::ShrS));
    case IntOpKind::MinS:
    case IntOpKind::MinU:
      return MinIOp::create(b, loc, v[0], v[1],
                            sign(e->op == IntOpKind::MinS));
    case IntOpKind::MaxS:
    case IntOpKind::MaxU:
      return MaxIOp::create(b, loc, v[0], v[1],
                            sign(e->op == IntOpKind::MaxS));
    case IntOpKind::Cmp:
      return CmpIOp::create(b, loc, info.predicate, v[0], v[1],
                            sign(info.cmpSigned));
    case IntOpKind::Select:
      return SelectOp::create(b, loc, v[0], v[1], v[2]);
    case IntOpKind::ExtS:
    case IntOpKind::ExtU:
      return ExtIOp::create(b, loc, e->type, v[0],
                            sign(e->op == IntOpKind::ExtS));
    case IntOpKind::Trunc:
      return TruncIOp::create(b, loc, e->type, v[0]);
    }
    llvm_unreachable("unknown integer op kind");
  }

  /// Simplifies the value of `root`; true when it was replaced.
  bool simplifyRoot(Operation *root) {
    Value result = root->getResult(0);
    if (result.use_empty() || retired.contains(result))
      return false;
    Expr *original = lift(result, 0);
    Expr *better = simplify(original, 0);
    if (better == original)
      return false;
    llvm::SmallPtrSet<Expr *, 16> seen;
    unsigned newCost = buildCost(better, root, seen);
    llvm::DenseSet<Value> kept;
    seen.clear();
    reusedValues(better, root, seen, kept);
    if (kept.contains(result))
      return false;
    unsigned oldCost = deadCost(root, kept);
    if (newCost >= oldCost)
      return false;
    OpBuilder builder(root);
    Value replacement = materialize(better, builder, root->getLoc());
    if (replacement == result)
      return false;
    result.replaceAllUsesWith(replacement);
    retired.insert(result);
    valuesOf[original].push_back(replacement);
    return true;
  }

  /// Drops the mask (and padding) of pointer loads and stores whose mask is
  /// known to be all true.
  void dropTrueMasks(Operation *root) {
    auto allTrue = [](Value mask) {
      std::optional<APInt> c = mask ? getSplatInt(mask) : std::nullopt;
      return c && c->isOne();
    };
    root->walk([&](Operation *op) {
      if (auto load = dyn_cast<LoadPtrTkoOp>(op)) {
        if (allTrue(load.getMask())) {
          load.getMaskMutable().clear();
          load.getPaddingValueMutable().clear();
        }
      } else if (auto store = dyn_cast<StorePtrTkoOp>(op)) {
        if (allTrue(store.getMask()))
          store.getMaskMutable().clear();
      }
    });
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    uniquer = std::make_shared<ExprUniquer>();
    DominanceInfo domInfo(root);
    dominance = &domInfo;

    SmallVector<Operation *> roots;
    root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (classifyIntOp(op))
        roots.push_back(op);
    });
    for (Operation *op : roots)
      if (simplifyRoot(op))
        ++numSimplified;

    lifted.clear();
    simplified.clear();
    rangeCache.clear();
    valuesOf.clear();
    retired.clear();
    facts.clear();
    uniquer.reset();
    dominance = nullptr;

    // Erase the integer ops nothing uses any more, last first.
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<Operation *> ops;
      root->walk([&](Operation *op) {
        if (op != root && (classifyIntOp(op) || isa<ConstantOp>(op)))
          ops.push_back(op);
      });
      for (Operation *op : llvm::reverse(ops))
        if (isOpTriviallyDead(op)) {
          op->erase();
          ++numErased;
          changed = true;
        }
    }
    dropTrueMasks(root);
    inlineConstantIfs(root);
  }
};

} // namespace
