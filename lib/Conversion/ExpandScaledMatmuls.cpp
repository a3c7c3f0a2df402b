//===- ExpandScaledMatmuls.cpp - block-scaled matmuls as bf16 matmuls -----===//
//
//   %r = mmaf_scaled %a, %b, %acc, %sa, %sb   // a: MxK, sa: Mx(K/V)
//
// becomes
//
//   %sa32 = ftof %sa -> f32                    // exact
//   %sak = reshape (broadcast (reshape %sa32 -> (M*K/V)x1) -> (M*K/V)xV) -> MxK
//   %ab = ftof (mulf (ftof %a -> f32), %sak) -> bf16
//   %bb = likewise, (K/V)xN -> (K/V)x1xN -> (K/V)xVxN -> KxN
//   %r = mmaf %ab, %bb, %acc
//
// so that the tensor cores run it (see the pass description for why nothing
// rounds in bf16's normal range).
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILEEXPANDSCALEDMATMULS
#include "cuda_tile/Conversion/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// `operand` (f8/f4) times the scale of its block, as bf16. The scale tile
/// has the operand's shape with dimension `kDim` (K) divided by the block
/// size; every dimension before `kDim` is folded into one, so that the
/// factors spread with one broadcast along a new dimension after K/V.
Value scaleOperand(OpBuilder &b, Location loc, Value operand, Value scale,
                   unsigned kDim) {
  auto tile = cast<TileType>(operand.getType());
  auto scaleTile = cast<TileType>(scale.getType());
  Type f32 = b.getF32Type();
  ArrayRef<int64_t> shape = scaleTile.getShape();
  int64_t block = tile.getShape()[kDim] / shape[kDim];
  Value factors = FToFOp::create(b, loc, scaleTile.cloneWith(std::nullopt, f32),
                                 scale);
  if (block > 1) {
    int64_t outer = 1, inner = 1;
    for (unsigned d = 0; d <= kDim; ++d)
      outer *= shape[d];
    for (unsigned d = kDim + 1; d < shape.size(); ++d)
      inner *= shape[d];
    SmallVector<int64_t> one{outer, 1}, spread{outer, block};
    if (inner > 1) {
      one.push_back(inner);
      spread.push_back(inner);
    }
    factors = ReshapeOp::create(b, loc, TileType::get(one, f32), factors);
    factors = BroadcastOp::create(b, loc, TileType::get(spread, f32), factors);
    factors = ReshapeOp::create(b, loc, tile.cloneWith(std::nullopt, f32),
                                factors);
  }
  Value wide =
      FToFOp::create(b, loc, tile.cloneWith(std::nullopt, f32), operand);
  Value scaled =
      MulFOp::create(b, loc, wide, factors, RoundingMode::NearestEven);
  return FToFOp::create(b, loc, tile.cloneWith(std::nullopt, b.getBF16Type()),
                        scaled);
}

struct ExpandScaledMatmulsPass
    : public cuda_tile::impl::CudaTileExpandScaledMatmulsBase<
          ExpandScaledMatmulsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<MmaFScaledOp> matmuls;
    getOperation()->walk([&](MmaFScaledOp op) { matmuls.push_back(op); });
    for (MmaFScaledOp op : matmuls) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      unsigned rank = cast<TileType>(op.getLhs().getType()).getRank();
      Value lhs = scaleOperand(b, loc, op.getLhs(), op.getLhsScale(), rank - 1);
      Value rhs = scaleOperand(b, loc, op.getRhs(), op.getRhsScale(), rank - 2);
      auto matmul = MmaFOp::create(b, loc, op.getType(), lhs, rhs, op.getAcc());
      op.getResult().replaceAllUsesWith(matmul.getResult());
      op.erase();
      ++numExpanded;
    }
  }
};

} // namespace
