//===- ReductionPlan.cpp - reductions over distributed layouts ------------===//

#include "cuda_tile/Layout/ReductionPlan.h"
#include "cuda_tile/Layout/ConversionPlan.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::cuda_tile;

uint64_t ReductionPlan::getLaneMask() const {
  uint64_t mask = 0;
  for (unsigned bit : laneBits)
    mask |= uint64_t(1) << bit;
  return mask;
}

uint64_t ReductionPlan::getWarpMask() const {
  uint64_t mask = 0;
  for (unsigned bit : warpBits)
    mask |= uint64_t(1) << bit;
  return mask;
}

uint64_t ReductionPlan::warpCombination(uint64_t warp) const {
  uint64_t combination = 0;
  for (auto [i, bit] : llvm::enumerate(warpBits))
    combination |= ((warp >> bit) & 1) << i;
  return combination;
}

std::optional<ReductionPlan>
mlir::cuda_tile::planReduction(const LinearLayout &layout, unsigned dim) {
  if (!layout.isDistributed() || dim >= layout.getOutDims().size())
    return std::nullopt;
  unsigned shift = layout.getOutDimShift(dim);
  uint64_t dimMask =
      ((uint64_t(1) << layout.getOutDims()[dim].numBits) - 1) << shift;
  // Whether input bit `basis` walks the reduced dimension; nullopt when it
  // mixes it with other dimensions.
  auto walks = [&](uint64_t basis) -> std::optional<bool> {
    bool inside = basis & dimMask, outside = basis & ~dimMask;
    if (inside && outside)
      return std::nullopt;
    return inside;
  };
  // The bits of input dimension `name` that walk the reduced dimension.
  auto walkingBits = [&](llvm::StringRef name)
      -> std::optional<llvm::SmallVector<unsigned>> {
    llvm::SmallVector<unsigned> bits;
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(name))) {
      std::optional<bool> w = walks(basis);
      if (!w)
        return std::nullopt;
      if (*w)
        bits.push_back(bit);
    }
    return bits;
  };
  auto registerBits = walkingBits(LinearLayout::kRegister);
  auto laneBits = walkingBits(LinearLayout::kLane);
  auto warpBits = walkingBits(LinearLayout::kWarp);
  if (!registerBits || !laneBits || !warpBits)
    return std::nullopt;
  ReductionPlan plan;
  for (unsigned bit : *registerBits)
    plan.registerMask |= uint64_t(1) << bit;
  plan.laneBits = std::move(*laneBits);
  plan.warpBits = std::move(*warpBits);
  plan.numResults = int64_t(1)
                    << (layout.getTotalOutBits() -
                        layout.getOutDims()[dim].numBits);
  plan.numSharedSlots = plan.numResults << plan.warpBits.size();
  return plan;
}

std::optional<llvm::SmallVector<int64_t>>
mlir::cuda_tile::planResultsInPlace(const LinearLayout &source, unsigned dim,
                                    const ReductionPlan &plan,
                                    const LinearLayout &result) {
  if (!plan.warpBits.empty())
    return std::nullopt;
  // `sliced` drops the register bits whose image lies in `dim`: the folded
  // ones, unless some other register bit had no image.
  LinearLayout folded = LinearLayout::sliced(source, dim);
  unsigned sourceBits = source.getInDimBits(LinearLayout::kRegister);
  if (folded.getInDimBits(LinearLayout::kRegister) +
          llvm::popcount(plan.registerMask) !=
      sourceBits)
    return std::nullopt;
  std::optional<llvm::SmallVector<unsigned>> sources =
      registerPermutationOf(folded, result);
  if (!sources)
    return std::nullopt;
  // Folded register c is the source register with c's bits in the
  // positions the plan keeps.
  llvm::SmallVector<unsigned> keptPositions;
  for (unsigned bit = 0; bit < sourceBits; ++bit)
    if (!(plan.registerMask >> bit & 1))
      keptPositions.push_back(bit);
  llvm::SmallVector<int64_t> registers;
  for (unsigned c : *sources) {
    int64_t reg = 0;
    for (auto [i, position] : llvm::enumerate(keptPositions))
      reg |= int64_t(c >> i & 1) << position;
    registers.push_back(reg);
  }
  return registers;
}

int64_t mlir::cuda_tile::reducedElementIndex(llvm::ArrayRef<int64_t> shape,
                                             unsigned dim, int64_t element) {
  int64_t inner = 1;
  for (size_t d = dim + 1; d < shape.size(); ++d)
    inner *= shape[d];
  return element / (inner * shape[dim]) * inner + element % inner;
}
