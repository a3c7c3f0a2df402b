//===- ReductionPlanTest.cpp - reductions executed on a model CTA ---------===//
//
// Executes reduction plans on a model of one CTA, step by step as the code
// generator emits them (register folds, butterfly shuffles, one exchange
// through shared memory), for every power-of-two shape up to 2^12 elements
// of rank 1 to 3, every reduced dimension and 1 to 32 warps, on the cyclic
// layout the code generator uses and on blocked layouts; every thread must
// end with the reduction of each result element its result layout gives it.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Layout/ReductionPlan.h"

#include "gtest/gtest.h"

#include <random>
#include <vector>

using namespace mlir::cuda_tile;
using llvm::SmallVector;

namespace {

/// A commutative, associative combiner of the model: wrapping addition, or
/// maximum (which makes duplicated contributions visible to neither).
struct Combiner {
  bool isMax;
  uint32_t identity() const { return 0; }
  uint32_t operator()(uint32_t element, uint32_t acc) const {
    return isMax ? std::max(element, acc) : element + acc;
  }
};

/// Registers of every thread: values[warp][lane][register].
using RegisterFile = std::vector<std::vector<std::vector<uint32_t>>>;

/// The reduction of every result element of `data` (shape `shape`) along
/// `dim`, in result order.
std::vector<uint32_t> expectedResults(llvm::ArrayRef<int64_t> shape,
                                      unsigned dim, int64_t numResults,
                                      const std::vector<uint32_t> &data,
                                      Combiner op) {
  int64_t inner = 1;
  for (size_t d = dim + 1; d < shape.size(); ++d)
    inner *= shape[d];
  std::vector<uint32_t> expected(numResults, op.identity());
  for (int64_t e = 0; e < numResults; ++e) {
    int64_t outer = e / inner, in = e % inner;
    for (int64_t k = 0; k < shape[dim]; ++k)
      expected[e] = op(data[(outer * shape[dim] + k) * inner + in],
                       expected[e]);
  }
  return expected;
}

/// Steps 1 and 2 of `plan` (register folds, butterfly shuffles) for
/// `layout` on `data`: the registers every thread ends with.
RegisterFile foldAndShuffle(const LinearLayout &layout,
                            const ReductionPlan &plan,
                            const std::vector<uint32_t> &data, Combiner op) {
  unsigned warps = layout.getNumWarps(), lanes = layout.getNumLanes();
  unsigned regs = layout.getNumRegisters();
  RegisterFile values(warps, std::vector<std::vector<uint32_t>>(
                                 lanes, std::vector<uint32_t>(regs)));
  for (unsigned w = 0; w < warps; ++w)
    for (unsigned l = 0; l < lanes; ++l)
      for (unsigned r = 0; r < regs; ++r)
        values[w][l][r] = data[layout.apply(r, l, w)];

  // 1. Each thread folds the registers of one result element, in order.
  for (auto &warp : values)
    for (auto &thread : warp)
      for (unsigned r = 0; r < regs; ++r) {
        if (r & plan.registerMask)
          continue;
        uint32_t acc = op.identity();
        for (unsigned s = 0; s < regs; ++s)
          if ((s & ~plan.registerMask) == r)
            acc = op(thread[s], acc);
        thread[r] = acc;
      }

  // 2. Butterfly shuffles: every lane reads its partner's register.
  for (unsigned bit : plan.laneBits)
    for (auto &warp : values) {
      auto before = warp;
      for (unsigned l = 0; l < lanes; ++l)
        for (unsigned r = 0; r < regs; ++r)
          if (!(r & plan.registerMask))
            warp[l][r] = op(before[l ^ (1u << bit)][r], before[l][r]);
    }

  return values;
}


/// Runs `plan` for `layout` (the source) and `resultLayout` on `data`;
/// returns an empty string or what went wrong.
std::string execute(const LinearLayout &layout, unsigned dim,
                    const ReductionPlan &plan,
                    const LinearLayout &resultLayout,
                    const std::vector<uint32_t> &data, Combiner op) {
  SmallVector<int64_t> shape = layout.getOutShape();
  unsigned warps = layout.getNumWarps(), lanes = layout.getNumLanes();
  unsigned regs = layout.getNumRegisters();
  RegisterFile values = foldAndShuffle(layout, plan, data, op);

  // 3. The writing lanes store partial results; duplicates must agree.
  std::vector<uint32_t> shared(plan.numSharedSlots);
  std::vector<bool> written(plan.numSharedSlots, false);
  for (unsigned w = 0; w < warps; ++w)
    for (unsigned l = 0; l < lanes; ++l) {
      if (l & plan.getLaneMask())
        continue;
      for (unsigned r = 0; r < regs; ++r) {
        if (r & plan.registerMask)
          continue;
        int64_t result =
            reducedElementIndex(shape, dim, layout.apply(r, l, w));
        int64_t slot = plan.warpCombination(w) * plan.numResults + result;
        if (written[slot] && shared[slot] != values[w][l][r])
          return "two threads write different values to slot " +
                 std::to_string(slot);
        shared[slot] = values[w][l][r];
        written[slot] = true;
      }
    }

  // 4. Every thread reads the result elements of its result layout.
  int64_t numCombinations = int64_t(1) << plan.warpBits.size();
  std::vector<uint32_t> expected =
      expectedResults(shape, dim, plan.numResults, data, op);
  for (unsigned w = 0; w < warps; ++w)
    for (unsigned l = 0; l < lanes; ++l)
      for (unsigned r = 0; r < resultLayout.getNumRegisters(); ++r) {
        uint64_t e = resultLayout.apply(r, l, w);
        uint32_t acc = op.identity();
        for (int64_t c = 0; c < numCombinations; ++c) {
          int64_t slot = c * plan.numResults + int64_t(e);
          if (!written[slot])
            return "slot " + std::to_string(slot) + " is read unwritten";
          acc = op(shared[slot], acc);
        }
        uint32_t want = expected[e];
        if (acc != want)
          return "thread " + std::to_string(w * lanes + l) + " register " +
                 std::to_string(r) + " (result element " +
                 std::to_string(e) + ") holds " + std::to_string(acc) +
                 ", expected " + std::to_string(want);
      }
  return "";
}

/// Runs `plan` with no exchange: after the folds and shuffles, result
/// register r of every thread is its source register inPlace[r].
std::string executeInPlace(const LinearLayout &layout, unsigned dim,
                           const ReductionPlan &plan,
                           const LinearLayout &resultLayout,
                           llvm::ArrayRef<int64_t> inPlace,
                           const std::vector<uint32_t> &data, Combiner op) {
  RegisterFile values = foldAndShuffle(layout, plan, data, op);
  std::vector<uint32_t> expected = expectedResults(
      layout.getOutShape(), dim, plan.numResults, data, op);
  if (inPlace.size() != resultLayout.getNumRegisters())
    return "one source register per result register is needed";
  for (unsigned w = 0; w < layout.getNumWarps(); ++w)
    for (unsigned l = 0; l < layout.getNumLanes(); ++l)
      for (auto [r, source] : llvm::enumerate(inPlace)) {
        if (source & plan.registerMask)
          return "result register " + std::to_string(r) +
                 " is a folded-away register";
        uint64_t e = resultLayout.apply(r, l, w);
        if (values[w][l][source] != expected[e])
          return "thread " + std::to_string(w * 32 + l) + " register " +
                 std::to_string(r) + " (result element " +
                 std::to_string(e) + ") holds " +
                 std::to_string(values[w][l][source]) + ", expected " +
                 std::to_string(expected[e]);
      }
  return "";
}

/// All shapes of rank 1 to 3 whose dimensions are powers of two, with at
/// most 2^maxBits elements.
std::vector<SmallVector<int64_t>> shapes(unsigned maxBits) {
  std::vector<SmallVector<int64_t>> result;
  for (unsigned total = 0; total <= maxBits; ++total) {
    result.push_back({int64_t(1) << total});
    for (unsigned a = 0; a <= total; ++a) {
      result.push_back({int64_t(1) << a, int64_t(1) << (total - a)});
      for (unsigned b = 0; a + b <= total; ++b)
        result.push_back({int64_t(1) << a, int64_t(1) << b,
                          int64_t(1) << (total - a - b)});
    }
  }
  return result;
}

SmallVector<int64_t> withoutDim(llvm::ArrayRef<int64_t> shape, unsigned dim) {
  SmallVector<int64_t> result;
  for (auto [d, size] : llvm::enumerate(shape))
    if (d != dim)
      result.push_back(size);
  if (result.empty())
    result.push_back(1);
  return result;
}

/// `runLength` > 1: the result layout has runs too, as the code generator
/// gives them (as long as the result tile covers the CTA).
void checkAll(const LinearLayout &layout, llvm::ArrayRef<int64_t> shape,
              unsigned warps, std::mt19937 &rng, unsigned &checked,
              unsigned runLength = 1) {
  std::vector<uint32_t> data(size_t(1) << layout.getTotalOutBits());
  for (uint32_t &v : data)
    v = rng() % 1000;
  for (unsigned dim = 0; dim < shape.size(); ++dim) {
    std::optional<ReductionPlan> plan = planReduction(layout, dim);
    ASSERT_TRUE(plan) << layout.str();
    SmallVector<int64_t> resultShape = withoutDim(shape, dim);
    int64_t resultSize = 1;
    for (int64_t size : resultShape)
      resultSize *= size;
    int64_t threads = 32 * warps;
    unsigned resultRun =
        resultSize > threads
            ? unsigned(std::min<int64_t>(runLength, resultSize / threads))
            : 1;
    LinearLayout resultLayout =
        LinearLayout::cyclic(resultShape, warps, resultRun);
    for (bool isMax : {false, true}) {
      std::string error =
          execute(layout, dim, *plan, resultLayout, data, Combiner{isMax});
      ASSERT_EQ(error, "") << "dim " << dim << " of " << layout.str();
    }
    ++checked;
  }
}

TEST(ReductionPlanTest, CyclicLayoutsEveryShapeDimAndWarpCount) {
  std::mt19937 rng(1);
  unsigned checked = 0;
  for (const SmallVector<int64_t> &shape : shapes(12))
    for (unsigned warps : {1u, 2u, 4u, 8u, 16u, 32u})
      checkAll(LinearLayout::cyclic(shape, warps), shape, warps, rng,
               checked);
  EXPECT_GT(checked, 1000u);
}

TEST(ReductionPlanTest, CyclicLayoutsWithRuns) {
  std::mt19937 rng(3);
  unsigned checked = 0;
  for (const SmallVector<int64_t> &shape : shapes(12)) {
    int64_t size = 1;
    for (int64_t dim : shape)
      size *= dim;
    for (unsigned warps : {1u, 4u, 8u, 32u})
      for (unsigned run : {2u, 4u, 8u, 16u})
        if (int64_t(run) * 32 * warps <= size)
          checkAll(LinearLayout::cyclic(shape, warps, run), shape, warps, rng,
                   checked, run);
  }
  EXPECT_GT(checked, 500u);
}

TEST(ReductionPlanTest, BlockedLayouts) {
  std::mt19937 rng(2);
  unsigned checked = 0;
  for (const SmallVector<int64_t> &shape : shapes(10)) {
    if (shape.size() != 2)
      continue;
    for (unsigned warps : {1u, 4u, 8u})
      for (unsigned vec : {1u, 4u})
        for (unsigned lanesInner : {32u, 8u, 1u}) {
          SmallVector<unsigned> perThread = {1, vec};
          SmallVector<unsigned> threads = {32 / lanesInner, lanesInner};
          SmallVector<unsigned> warpsPerCTA = {warps, 1};
          SmallVector<unsigned> order = {1, 0};
          LinearLayout layout = LinearLayout::blocked(
              shape, perThread, threads, warpsPerCTA, order);
          checkAll(layout, shape, warps, rng, checked);
        }
  }
  EXPECT_GT(checked, 100u);
}

TEST(ReductionPlanTest, MmaAccumulators) {
  // Rows and columns of an accumulator in mma.sync's fragments (the
  // attention kernel's row max and row sum of Q K^T).
  std::mt19937 rng(4);
  unsigned checked = 0;
  for (unsigned instRows : {16u, 8u})
    for (int64_t rows : {16, 64, 128})
      for (int64_t cols : {8, 64, 128})
        for (unsigned warps : {1u, 4u, 8u, 16u}) {
          if (rows < instRows || (rows / instRows) * (cols / 8) % warps)
            continue;
          SmallVector<int64_t> shape = {rows, cols};
          checkAll(LinearLayout::mmaAccumulator(shape, warps, instRows, 8),
                   shape, warps, rng, checked);
        }
  EXPECT_GT(checked, 40u);
}

TEST(ReductionPlanTest, MmaAccumulatorsIntoTheirSlices) {
  // The result in the accumulator's slice (#cuda_tile_codegen.slice): with
  // no warp walking the reduced dimension (whole rows for a row reduction)
  // every thread's result registers are among its own after the shuffles;
  // otherwise the exchange delivers the slice.
  std::mt19937 rng(5);
  unsigned inPlace = 0, exchanged = 0;
  for (unsigned instRows : {16u, 8u})
    for (int64_t rows : {16, 64, 128})
      for (int64_t cols : {8, 64, 128})
        for (unsigned warps : {1u, 4u, 8u, 16u})
          for (bool wholeRows : {false, true}) {
            if (rows < instRows || (rows / instRows) * (cols / 8) % warps)
              continue;
            SmallVector<int64_t> shape = {rows, cols};
            LinearLayout layout = LinearLayout::mmaAccumulator(
                shape, warps, instRows, 8, wholeRows);
            std::vector<uint32_t> data(size_t(rows * cols));
            for (uint32_t &v : data)
              v = rng() % 1000;
            for (unsigned dim : {0u, 1u}) {
              std::optional<ReductionPlan> plan = planReduction(layout, dim);
              ASSERT_TRUE(plan) << layout.str();
              LinearLayout slice = LinearLayout::sliced(layout, dim);
              std::optional<SmallVector<int64_t>> registers =
                  planResultsInPlace(layout, dim, *plan, slice);
              EXPECT_EQ(registers.has_value(), plan->warpBits.empty())
                  << "dim " << dim << " of " << layout.str();
              for (bool isMax : {false, true}) {
                std::string error =
                    registers ? executeInPlace(layout, dim, *plan, slice,
                                               *registers, data,
                                               Combiner{isMax})
                              : execute(layout, dim, *plan, slice, data,
                                        Combiner{isMax});
                ASSERT_EQ(error, "") << "dim " << dim << " of "
                                     << layout.str();
              }
              ++(registers ? inPlace : exchanged);
            }
          }
  EXPECT_GT(inPlace, 20u);
  EXPECT_GT(exchanged, 20u);
}

TEST(ReductionPlanTest, ResultsInPlaceNeedTheSlice) {
  // Attention's 128x128 scores over 8 warps of whole rows: the row results
  // stay in place for the slice, not for the cyclic layout of 128 elements.
  LinearLayout scores =
      LinearLayout::mmaAccumulator({128, 128}, 8, 16, 8, /*wholeRows=*/true);
  std::optional<ReductionPlan> plan = planReduction(scores, 1);
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->warpBits.empty());
  std::optional<SmallVector<int64_t>> registers =
      planResultsInPlace(scores, 1, *plan, LinearLayout::sliced(scores, 1));
  ASSERT_TRUE(registers);
  // Rows g and g + 8 of the warp's 16: the first fragment's elements 0 and 2.
  EXPECT_EQ(*registers, (SmallVector<int64_t>{0, 2}));
  EXPECT_FALSE(planResultsInPlace(scores, 1, *plan,
                                  LinearLayout::cyclic({128}, 8)));
}

TEST(ReductionPlanTest, RefusesMixedBases) {
  // Lane 0 walks both dimensions of a 2x2 tile at once.
  LinearLayout layout = LinearLayout::distributed(
      {2, 2}, {}, {{1, 1}, {0, 1}, {0, 0}, {0, 0}, {0, 0}}, {});
  EXPECT_FALSE(planReduction(layout, 0));
  EXPECT_FALSE(planReduction(layout, 1));
}

TEST(ReductionPlanTest, RowOfACyclicLayout) {
  // 1x1024 over 4 warps: 8 registers, all lanes and warps walk the row.
  std::optional<ReductionPlan> plan =
      planReduction(LinearLayout::cyclic({1, 1024}, 4), 1);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->registerMask, 0b111u);
  EXPECT_EQ(plan->laneBits.size(), 5u);
  EXPECT_EQ(plan->warpBits.size(), 2u);
  EXPECT_EQ(plan->numResults, 1);
  EXPECT_EQ(plan->numSharedSlots, 4);
}

} // namespace
