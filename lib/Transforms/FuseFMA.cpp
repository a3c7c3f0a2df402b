//===- FuseFMA.cpp - fuse multiplies into adds ----------------------------===//
//
// a*b+c with one rounding instead of two, with the reference pass's rewrite
// set: addf puts a product operand first, `addf(mulf(a, b), c)` becomes
// fma(a, b, c) and `subf(mulf(a, b), c)` becomes fma(a, b, negf(c)). They run
// under MLIR's greedy driver, as the reference's do, so constants end up at
// the start of the entry (deduplicated) and dead ops are erased. Folding stays
// off: the reference's arithmetic ops have no folders, ours do, and folding a
// product of constants would leave nothing to fuse.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_FUSEFMAPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// The single-use mulf defining `value` whose rounding mode and
/// flush_to_zero are those of the op it feeds, if any.
static MulFOp getFusableProduct(Value value, RoundingMode roundingMode,
                                bool flushToZero) {
  auto mul = value.getDefiningOp<MulFOp>();
  if (!mul || !mul->hasOneUse() || mul.getRoundingMode() != roundingMode ||
      mul.getFlushToZero() != flushToZero)
    return {};
  return mul;
}

/// a*b + c -> fma(a, b, c) and a*b - c -> fma(a, b, -c).
template <typename OpTy>
struct FuseProduct : OpRewritePattern<OpTy> {
  FuseProduct(MLIRContext *context, llvm::Statistic &numFused)
      : OpRewritePattern<OpTy>(context), numFused(numFused) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    MulFOp mul = getFusableProduct(op.getLhs(), op.getRoundingMode(),
                                   op.getFlushToZero());
    if (!mul)
      return failure();
    Value addend = op.getRhs();
    // Negation is exact, so the single rounding stays the fma's.
    if constexpr (std::is_same_v<OpTy, SubFOp>)
      addend = NegFOp::create(rewriter, op.getLoc(), addend);
    rewriter.replaceOpWithNewOp<FmaOp>(op, mul.getLhs(), mul.getRhs(), addend,
                                       op.getRoundingMode(),
                                       op.getFlushToZero());
    rewriter.eraseOp(mul);
    ++numFused;
    return success();
  }
  llvm::Statistic &numFused;
};

struct FuseFMAPass : public cuda_tile::impl::FuseFMAPassBase<FuseFMAPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Its canonicalization puts a product on the left of an addf.
    AddFOp::getCanonicalizationPatterns(patterns, &getContext());
    patterns.add<FuseProduct<AddFOp>, FuseProduct<SubFOp>>(&getContext(),
                                                         numFused);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
