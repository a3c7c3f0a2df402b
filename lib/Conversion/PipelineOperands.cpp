//===- PipelineOperands.cpp - matmul operands through cp.async rings ------===//
//
//   for %iv ... iter_values(%acc) {
//     %a = load_view_tko weak %va[f(%iv)]      %b = load_view_tko weak %vb[...]
//     %r = mmaf %a, %b, %acc
//   }
//
// becomes, with S buffers per operand,
//
//   %ra = alloc_ring : ring<S, A>              %rb = alloc_ring : ring<S, B>
//   for s in 0 .. S-2: if (lb + s*step runs) { async_load A, B into slot s }
//                      async_commit
//   for %iv ... iter_values(%acc, %slot = 0) {
//     async_wait S-2                           // own group complete, CTA met
//     if (iv + (S-1)*step runs) { async_load A, B into slot (slot-1) mod S }
//     async_commit
//     %r = mmaf ring_tile %ra[%slot], ring_tile %rb[%slot], %acc
//     continue %r, (slot+1) mod S
//   }
//
// Group accounting: before iteration k waits, S - 1 + k groups are
// committed and its own is number k, so S - 2 may still be in flight. The
// barrier after the wait also orders every thread's reads of the previous
// iteration's buffer before this iteration refills it.
//
//===----------------------------------------------------------------------===//

#include "CudaTileToNVVM/Codegen.h"
#include "cuda_tile/Codegen/CodegenDialect.h"
#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/Transforms/LoopPipelining.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILEPIPELINEOPERANDS
#include "cuda_tile/Conversion/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

namespace {

/// Operand bytes the stages ahead of the current one should hold: enough
/// for a 128x128x32 f16 GEMM step's copies to cover ~1500 cycles of memory
/// latency at the mma.sync rate (cuBLAS's sm_80 kernels for that tile use
/// 5 stages).
constexpr int64_t kBytesInFlight = 64 * 1024;
constexpr int64_t kMaxStages = 6;

/// A matmul operand loaded in the loop body, possibly reshaped on the way.
struct RingOperand {
  MovableLoad load;
  /// The reshapes between the load and the matmul, the matmul's first.
  SmallVector<ReshapeOp> reshapes;
  TileType tile;
};

/// A scalar tile<i32> constant.
Value constantI32(OpBuilder &b, Location loc, int64_t value) {
  auto type = RankedTensorType::get({}, b.getI32Type());
  return ConstantOp::create(b, loc,
                            DenseElementsAttr::get(type, APInt(32, value)));
}

/// A constant of the loop's induction variable type.
Value constantLike(OpBuilder &b, Location loc, Value like, int64_t value) {
  auto tile = cast<TileType>(like.getType());
  auto type = RankedTensorType::get({}, tile.getElementType());
  unsigned width = tile.getElementType().getIntOrFloatBitWidth();
  return ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, APInt(width, value)));
}

int64_t tileBytes(TileType tile) {
  return tile.getNumElements() *
         (tile.getElementType().getIntOrFloatBitWidth() / 8);
}

struct PipelineOperandsPass
    : public cuda_tile::impl::CudaTilePipelineOperandsBase<
          PipelineOperandsPass> {
  using Base::Base;

  /// The movable load `operand` comes from, through single-use reshapes.
  std::optional<RingOperand> operandLoad(ForOp forOp, Value operand) {
    RingOperand found;
    found.tile = cast<TileType>(operand.getType());
    Value value = operand;
    while (auto reshape = value.getDefiningOp<ReshapeOp>()) {
      if (!reshape->hasOneUse())
        return std::nullopt;
      found.reshapes.push_back(reshape);
      value = reshape.getSource();
    }
    Operation *def = value.getDefiningOp();
    if (!def || !value.hasOneUse())
      return std::nullopt;
    std::optional<MovableLoad> load = matchMovableLoad(forOp, *def);
    if (!load)
      return std::nullopt;
    found.load = std::move(*load);
    return found;
  }

  /// Whether mma.sync reads both operands with ldmatrix (16-bit values)
  /// and the shapes are multiples of m16n8k16.
  static bool suitsTensorCores(Operation *matmul) {
    auto lhs = cast<TileType>(matmul->getOperand(0).getType());
    auto rhs = cast<TileType>(matmul->getOperand(1).getType());
    auto acc = cast<TileType>(matmul->getOperand(2).getType());
    Type a = lhs.getElementType(), c = acc.getElementType();
    if (!isa<MmaFOp>(matmul) || a != rhs.getElementType() ||
        !(a.isF16() || a.isBF16()) || !(c.isF32() || (a.isF16() && c.isF16())))
      return false;
    int64_t rank = lhs.getRank();
    int64_t m = lhs.getShape()[rank - 2], k = lhs.getShape()[rank - 1];
    int64_t n = rhs.getShape()[rank - 1];
    return m % 16 == 0 && k % 16 == 0 && n % 8 == 0;
  }

  /// Issues, under `cond`, the loads of both operands for iteration value
  /// `iv` into buffer `slot` of their rings.
  void loadIf(OpBuilder &b, Location loc, Value cond, ForOp forOp, Value iv,
              ArrayRef<RingOperand *> operands, ArrayRef<Value> rings,
              Value slot) {
    auto ifOp = IfOp::create(b, loc, TypeRange{}, cond);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().emplaceBlock());
    for (auto [operand, ring] : llvm::zip(operands, rings)) {
      SmallVector<Value> indices = cloneIndicesAt(b, forOp, operand->load, iv);
      LoadViewTkoOp load = operand->load.load;
      AsyncLoadOp::create(b, loc, load.getView(), indices, ring, slot,
                          TypeAttr::get(load.getTile().getType()));
    }
    YieldOp::create(b, loc, ValueRange{});
  }

  /// Rings for the first suitable matmul of `forOp`'s body, within
  /// `budget` bytes; returns the bytes used.
  int64_t pipeline(ForOp forOp, int64_t budget) {
    if (!loopAllowsLoadMotion(forOp))
      return 0;
    Block *body = &forOp.getRegion().front();
    Operation *matmul = nullptr;
    RingOperand lhs, rhs;
    for (Operation &op : body->without_terminator()) {
      if (!isa<MmaFOp, MmaIOp>(op) || !suitsTensorCores(&op) ||
          op.getOperand(0) == op.getOperand(1))
        continue;
      std::optional<RingOperand> a = operandLoad(forOp, op.getOperand(0));
      std::optional<RingOperand> b = operandLoad(forOp, op.getOperand(1));
      if (!a || !b)
        continue;
      matmul = &op;
      lhs = std::move(*a);
      rhs = std::move(*b);
      break;
    }
    if (!matmul)
      return 0;
    int64_t stageBytes = tileBytes(lhs.tile) + tileBytes(rhs.tile);
    int64_t stages = std::min(
        {kMaxStages, 1 + llvm::divideCeilSigned(kBytesInFlight, stageBytes),
         budget / stageBytes});
    if (stages < 2)
      return 0;

    Location loc = forOp.getLoc();
    MLIRContext *ctx = forOp.getContext();
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound();
    Value step = forOp.getStep();
    Signedness signedness =
        forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
    OpBuilder b(forOp);
    SmallVector<RingOperand *> operands = {&lhs, &rhs};
    SmallVector<Value> rings;
    for (RingOperand *operand : operands)
      rings.push_back(AllocRingOp::create(
          b, loc, RingType::get(ctx, stages, operand->tile)));

    // The first S - 1 iterations' operands, one group each.
    for (int64_t s = 0; s + 1 < stages; ++s) {
      Value iv = lb, runs;
      if (s == 0) {
        runs = CmpIOp::create(b, loc, ComparisonPredicate::LessThan, lb, ub,
                              signedness);
      } else {
        iv = AddIOp::create(
            b, loc, lb,
            MulIOp::create(b, loc, step, constantLike(b, loc, step, s)));
        runs = iterationRuns(b, loc, forOp, lb, iv);
      }
      loadIf(b, loc, runs, forOp, iv, operands, rings,
             constantI32(b, loc, s));
      AsyncCommitOp::create(b, loc);
    }

    SmallVector<Value> inits(forOp.getInitValues());
    inits.push_back(constantI32(b, loc, 0));
    SmallVector<Type> resultTypes(forOp.getResultTypes());
    resultTypes.push_back(inits.back().getType());
    auto newFor = ForOp::create(b, loc, resultTypes, lb, ub, step, inits,
                                forOp.getUnsignedCmpAttr());
    newFor->setAttrs(forOp->getAttrs());
    newFor.getRegion().takeBody(forOp.getRegion());
    Value slot = body->addArgument(inits.back().getType(), loc);

    b.setInsertionPointToStart(body);
    AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(stages - 2));
    Value iv = newFor.getInductionVar();
    Value ahead = AddIOp::create(
        b, loc, iv,
        MulIOp::create(b, loc, step, constantLike(b, loc, step, stages - 1)));
    Value runs = iterationRuns(b, loc, newFor, iv, ahead);
    Value first = CmpIOp::create(b, loc, ComparisonPredicate::Equal, slot,
                                 constantI32(b, loc, 0), Signedness::Signed);
    Value refill = SelectOp::create(
        b, loc, first, constantI32(b, loc, stages - 1),
        SubIOp::create(b, loc, slot, constantI32(b, loc, 1)));
    loadIf(b, loc, runs, newFor, ahead, operands, rings, refill);
    AsyncCommitOp::create(b, loc);
    for (auto [index, operand, ring] : llvm::enumerate(operands, rings))
      matmul->setOperand(index,
                         RingTileOp::create(b, loc, operand->tile, ring, slot));
    // (After all creation: the builder points before the body's old first
    // op, which may be one of these.)
    for (RingOperand *operand : operands) {
      for (ReshapeOp reshape : operand->reshapes)
        reshape.erase();
      operand->load.load.erase();
    }
    eraseUnusedSlices({lhs.load, rhs.load});

    auto cont = cast<ContinueOp>(body->getTerminator());
    b.setInsertionPoint(cont);
    Value bumped = AddIOp::create(b, loc, slot, constantI32(b, loc, 1));
    Value wraps = CmpIOp::create(b, loc, ComparisonPredicate::Equal, bumped,
                                 constantI32(b, loc, stages),
                                 Signedness::Signed);
    cont.getOperandsMutable().append(SelectOp::create(
        b, loc, wraps, constantI32(b, loc, 0), bumped).getResult());
    forOp->replaceAllUsesWith(
        newFor->getResults().take_front(forOp->getNumResults()));
    forOp.erase();
    ++numRings;
    return stages * stageBytes;
  }

  void runOnOperation() override {
    std::optional<Target> target = Target::parse(gpuName);
    if (!target) {
      getOperation().emitError("unsupported GPU '")
          << gpuName << "'; expected one of " << Target::supportedList();
      return signalPassFailure();
    }
    getOperation().walk([&](EntryOp entry) {
      SmallVector<ForOp> innermost;
      entry.walk([&](ForOp forOp) {
        bool nested = false;
        forOp.getRegion().walk([&](Operation *op) {
          nested |= isa<ForOp, LoopOp>(op);
        });
        if (!nested)
          innermost.push_back(forOp);
      });
      // The rest of the CTA's shared memory stays for layout exchanges.
      int64_t budget =
          target->sharedBytesPerCTA() - KernelEmitter::kScratchBytes;
      for (ForOp forOp : innermost)
        budget -= pipeline(forOp, budget);
    });
  }
};

} // namespace
