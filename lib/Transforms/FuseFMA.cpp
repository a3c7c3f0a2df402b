//===- FuseFMA.cpp - fuse multiplies into adds ----------------------------===//
//
// a*b+c with one rounding instead of two. The sign of each operand is
// carried by negf ops, which are exact, so the only numeric change is the
// dropped intermediate rounding of the product.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_FUSEFMAPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// A product term `sign * (lhs * rhs)` found behind an addend.
struct Product {
  MulFOp mul;
  /// The negf between the product and the add, if any.
  NegFOp neg;
  bool negated = false;
};

/// The product behind `value` when it can be folded into an fma at `user`:
/// a mulf (possibly under one negf) with the user's rounding mode and
/// flush_to_zero, whose result (and negation) feeds nothing else.
static std::optional<Product> matchProduct(Value value,
                                           RoundingMode roundingMode,
                                           bool flushToZero) {
  Product product;
  if (auto neg = value.getDefiningOp<NegFOp>()) {
    if (!neg->hasOneUse())
      return std::nullopt;
    product.neg = neg;
    product.negated = true;
    value = neg.getSource();
  }
  auto mul = value.getDefiningOp<MulFOp>();
  if (!mul || !mul->hasOneUse())
    return std::nullopt;
  if (mul.getRoundingMode() != roundingMode ||
      mul.getFlushToZero() != flushToZero)
    return std::nullopt;
  product.mul = mul;
  return product;
}

/// Replaces `op` (an addf or subf) by `fma(±a, b, ±c)`.
static void rewriteToFma(Operation *op, Product product,
                         bool negateProduct, Value addend, bool negateAddend,
                         RoundingMode roundingMode, bool flushToZero) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  Value lhs = product.mul.getLhs();
  Value rhs = product.mul.getRhs();
  if (negateProduct)
    lhs = NegFOp::create(builder, loc, lhs);
  if (negateAddend)
    addend = NegFOp::create(builder, loc, addend);
  auto fma = FmaOp::create(builder, loc, lhs, rhs, addend, roundingMode,
                           flushToZero);
  op->getResult(0).replaceAllUsesWith(fma.getResult());
  op->erase();
  if (product.neg)
    product.neg->erase();
  product.mul->erase();
}

struct FuseFMAPass : public cuda_tile::impl::FuseFMAPassBase<FuseFMAPass> {
  using Base::Base;

  /// Tries every fma form of `add`; true when it was rewritten.
  bool fuseAdd(AddFOp add) {
    RoundingMode mode = add.getRoundingMode();
    bool ftz = add.getFlushToZero();
    // (±a*b) + c and c + (±a*b).
    for (auto [term, addend] : {std::pair(add.getLhs(), add.getRhs()),
                                std::pair(add.getRhs(), add.getLhs())}) {
      if (term == addend)
        continue;
      if (auto product = matchProduct(term, mode, ftz)) {
        rewriteToFma(add, *product, product->negated, addend,
                     /*negateAddend=*/false, mode, ftz);
        return true;
      }
    }
    return false;
  }

  bool fuseSub(SubFOp sub) {
    RoundingMode mode = sub.getRoundingMode();
    bool ftz = sub.getFlushToZero();
    if (sub.getLhs() == sub.getRhs())
      return false;
    // (±a*b) - c = fma(±a, b, -c).
    if (auto product = matchProduct(sub.getLhs(), mode, ftz)) {
      rewriteToFma(sub, *product, product->negated, sub.getRhs(),
                   /*negateAddend=*/true, mode, ftz);
      return true;
    }
    // c - (±a*b) = fma(∓a, b, c).
    if (auto product = matchProduct(sub.getRhs(), mode, ftz)) {
      rewriteToFma(sub, *product, !product->negated, sub.getLhs(),
                   /*negateAddend=*/false, mode, ftz);
      return true;
    }
    return false;
  }

  void runOnOperation() override {
    // Program order, so that an fma made of an inner add is seen as the
    // addend of the outer one.
    SmallVector<Operation *> candidates;
    getOperation()->walk([&](Operation *op) {
      if (isa<AddFOp, SubFOp>(op))
        candidates.push_back(op);
    });
    for (Operation *op : candidates) {
      bool fused = false;
      if (auto add = dyn_cast<AddFOp>(op))
        fused = fuseAdd(add);
      else
        fused = fuseSub(cast<SubFOp>(op));
      if (fused)
        ++numFused;
    }
  }
};

} // namespace
