//===- ConversionPlanTest.cpp - layout conversions on a model CTA ---------===//
//
// Every plan is executed on CTAModel: each thread's destination registers
// must end holding exactly the elements the destination layout names, and
// the bank conflicts the plan claims must be the ones the model measures.
// The kind chosen is checked against brute force (does every thread, or
// every warp, already hold what it needs?), and the shuffles against a
// lower bound. A sweep covers every rank-1 tile of 1 to 4096 elements and
// every rank-2 tile with dimensions 1 to 128, for element widths 1, 2, 4, 8
// and 1 to 32 warps, over pairs of a family of layouts.
//
//===----------------------------------------------------------------------===//

#include "CTAModel.h"
#include "LayoutTestUtils.h"

#include "cuda_tile/Layout/ConversionPlan.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <map>
#include <random>

using namespace mlir::cuda_tile;
using namespace cuda_tile_test;
using llvm::SmallVector;

namespace {

constexpr unsigned kLanes = 32;

std::string describe(const LinearLayout &src, const LinearLayout &dst,
                     unsigned elementBytes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "shape [";
  llvm::interleave(src.getOutShape(), os, "x");
  os << "], " << elementBytes << "-byte elements, " << src.getNumWarps()
     << " warps\n  src: " << src << "\n  dst: " << dst;
  return text;
}

/// Whether every warp holds, under `src`, every element it needs under
/// `dst` (brute force).
bool isWarpLocal(const LinearLayout &src, const LinearLayout &dst) {
  unsigned srcRegisters = src.getNumRegisters();
  unsigned dstRegisters = dst.getNumRegisters();
  std::vector<bool> held(size_t(1) << src.getTotalOutBits());
  for (unsigned warp = 0; warp < src.getNumWarps(); ++warp) {
    std::fill(held.begin(), held.end(), false);
    for (unsigned lane = 0; lane < kLanes; ++lane)
      for (unsigned reg = 0; reg < srcRegisters; ++reg)
        held[src.apply(reg, lane, warp)] = true;
    for (unsigned lane = 0; lane < kLanes; ++lane)
      for (unsigned reg = 0; reg < dstRegisters; ++reg)
        if (!held[dst.apply(reg, lane, warp)])
          return false;
  }
  return true;
}

/// Whether each destination register is one source register in every
/// thread (brute force).
bool isRegisterPermutation(const LinearLayout &src, const LinearLayout &dst) {
  unsigned numThreads = src.getNumWarps() * kLanes;
  unsigned srcRegisters = src.getNumRegisters();
  for (unsigned dstReg = 0; dstReg < dst.getNumRegisters(); ++dstReg) {
    bool found = false;
    for (unsigned srcReg = 0; !found && srcReg < srcRegisters; ++srcReg) {
      found = true;
      for (unsigned thread = 0; found && thread < numThreads; ++thread)
        found = src.apply(srcReg, thread % kLanes, thread / kLanes) ==
                dst.apply(dstReg, thread % kLanes, thread / kLanes);
    }
    if (!found)
      return false;
  }
  return true;
}

/// A lower bound on the shuffles of a conversion inside warps: a shuffle
/// brings each thread one value, and each lane offers one. So a warp needs
/// at least as many as a thread needs elements it does not hold, and at
/// least the elements its threads need from other lanes divided by the
/// lanes that hold any of them.
unsigned getShuffleLowerBound(const LinearLayout &src,
                              const LinearLayout &dst) {
  unsigned srcRegisters = src.getNumRegisters();
  unsigned dstRegisters = dst.getNumRegisters();
  size_t numElements = size_t(1) << src.getTotalOutBits();
  unsigned bound = 0;
  // holders[e]: the lanes of the warp holding element e, as a mask.
  std::vector<uint32_t> holders(numElements);
  std::vector<bool> needed(numElements);
  for (unsigned warp = 0; warp < src.getNumWarps(); ++warp) {
    std::fill(holders.begin(), holders.end(), 0);
    std::fill(needed.begin(), needed.end(), false);
    for (unsigned lane = 0; lane < kLanes; ++lane)
      for (unsigned reg = 0; reg < srcRegisters; ++reg)
        holders[src.apply(reg, lane, warp)] |= uint32_t(1) << lane;
    unsigned numNeeded = 0;
    uint32_t senders = 0;
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      unsigned notHeld = 0;
      for (unsigned reg = 0; reg < dstRegisters; ++reg) {
        uint64_t element = dst.apply(reg, lane, warp);
        if ((holders[element] >> lane) & 1)
          continue;
        ++notHeld;
        if (needed[element])
          continue;
        needed[element] = true;
        ++numNeeded;
        senders |= holders[element];
      }
      bound = std::max(bound, notHeld);
    }
    if (senders != 0) {
      unsigned numSenders = llvm::popcount(senders);
      bound = std::max(bound, (numNeeded + numSenders - 1) / numSenders);
    }
  }
  return bound;
}

/// What a sweep saw, for its summary.
struct SweepCounts {
  std::map<ConversionKind, unsigned> kinds;
  unsigned conversions = 0;
  unsigned conflictFree = 0;
  unsigned sharedPlans = 0;
  unsigned shuffleLowerBound = 0;
  unsigned shuffles = 0;
  unsigned atLowerBound = 0;
  unsigned vectorStores = 0;
  unsigned vectorLoads = 0;
};

/// Plans `src` -> `dst`, runs the plan on the model and checks the result.
std::optional<ConversionPlan>
runConversion(const LinearLayout &src, const LinearLayout &dst,
              unsigned elementBytes, ConversionOptions options = {},
              SweepCounts *counts = nullptr, CTAStats *statsOut = nullptr) {
  std::optional<ConversionPlan> plan =
      planConversion(src, dst, elementBytes, options);
  if (!plan) {
    ADD_FAILURE() << "no plan for " << describe(src, dst, elementBytes);
    return plan;
  }
  unsigned numWarps = src.getNumWarps();
  unsigned srcRegisters = src.getNumRegisters();
  unsigned dstRegisters = dst.getNumRegisters();
  CTAModel model(numWarps, srcRegisters, dstRegisters, plan->sharedBytes,
                 elementBytes);
  for (unsigned thread = 0; thread < model.getNumThreads(); ++thread)
    for (unsigned reg = 0; reg < srcRegisters; ++reg)
      model.src(thread, reg) =
          int64_t(src.apply(reg, thread % kLanes, thread / kLanes));
  std::string error = model.execute(*plan);
  if (!error.empty()) {
    ADD_FAILURE() << stringifyConversionKind(plan->kind).str() << ": " << error
                  << " for " << describe(src, dst, elementBytes);
    return plan;
  }
  for (unsigned thread = 0; thread < model.getNumThreads(); ++thread)
    for (unsigned reg = 0; reg < dstRegisters; ++reg) {
      int64_t expected =
          int64_t(dst.apply(reg, thread % kLanes, thread / kLanes));
      if (model.dst(thread, reg) != expected) {
        ADD_FAILURE() << stringifyConversionKind(plan->kind).str()
                      << ": thread " << thread << " register " << reg
                      << " holds " << model.dst(thread, reg) << ", expected "
                      << expected << " for "
                      << describe(src, dst, elementBytes);
        return plan;
      }
    }

  const CTAStats &stats = model.stats;
  if (plan->kind == ConversionKind::SharedMemory) {
    EXPECT_EQ(plan->sharedBytes, uint64_t(elementBytes)
                                     << src.getTotalOutBits());
    if (stats.storeInstructions > 0) {
      EXPECT_EQ(stats.maxStoreWays, plan->storeConflictWays)
          << describe(src, dst, elementBytes);
    }
    if (stats.loadInstructions > 0) {
      EXPECT_EQ(stats.maxLoadWays, plan->loadConflictWays)
          << describe(src, dst, elementBytes);
    }
    // Owners store each element once.
    if (src.isInjective()) {
      EXPECT_EQ(stats.duplicateStores, 0u) << describe(src, dst, elementBytes);
    }
  }
  unsigned shuffleLowerBound = 0;
  if (plan->kind == ConversionKind::WarpShuffle) {
    EXPECT_EQ(stats.shuffles, plan->getNumShuffles());
    // Within a quarter of the lower bound (which is not always reachable).
    shuffleLowerBound = getShuffleLowerBound(src, dst);
    EXPECT_LE(4 * plan->getNumShuffles(), 5 * shuffleLowerBound)
        << describe(src, dst, elementBytes);
  }

  // The cheapest kind: brute force says what each thread or warp holds.
  if (options.allowRegisterPermutation && options.allowWarpShuffle) {
    bool warpLocal = isWarpLocal(src, dst);
    EXPECT_EQ(plan->kind == ConversionKind::SharedMemory, !warpLocal)
        << describe(src, dst, elementBytes);
    uint64_t bruteForceCost =
        uint64_t(srcRegisters) * dstRegisters * model.getNumThreads();
    if (warpLocal && bruteForceCost <= (1u << 16)) {
      EXPECT_EQ(plan->kind == ConversionKind::RegisterPermutation,
                isRegisterPermutation(src, dst))
          << describe(src, dst, elementBytes);
    }
  }

  if (counts) {
    ++counts->conversions;
    ++counts->kinds[plan->kind];
    if (plan->kind == ConversionKind::SharedMemory) {
      ++counts->sharedPlans;
      counts->conflictFree += plan->isConflictFree();
      counts->vectorStores += plan->storeVectorElements > 1;
      counts->vectorLoads += plan->loadVectorElements > 1;
    }
    if (plan->kind == ConversionKind::WarpShuffle) {
      counts->shuffleLowerBound += shuffleLowerBound;
      counts->shuffles += plan->getNumShuffles();
      counts->atLowerBound += plan->getNumShuffles() <= shuffleLowerBound;
    }
  }
  if (statsOut)
    *statsOut = stats;
  return plan;
}

ConversionOptions sharedOnly() {
  ConversionOptions options;
  options.allowRegisterPermutation = false;
  options.allowWarpShuffle = false;
  return options;
}

//===----------------------------------------------------------------------===//
// The model itself
//===----------------------------------------------------------------------===//

TEST(CTAModelTest, CountsBankConflicts) {
  std::vector<int64_t> offsets(32);
  auto fill = [&](auto offsetOf) {
    for (unsigned lane = 0; lane < 32; ++lane)
      offsets[lane] = offsetOf(lane);
  };
  // 4-byte words in a row: one per bank.
  fill([](unsigned lane) { return int64_t(4 * lane); });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 4).ways, 1u);
  // A column of a 32-word-wide row-major tile: every lane in bank 0.
  fill([](unsigned lane) { return int64_t(128 * lane); });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 4).ways, 32u);
  // Stride of two words: two words per bank.
  fill([](unsigned lane) { return int64_t(8 * lane); });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 4).ways, 2u);
  // One word read by every lane is a broadcast.
  fill([](unsigned) { return int64_t(64); });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 4).ways, 1u);
  // Bytes: four lanes share a word.
  fill([](unsigned lane) { return int64_t(lane); });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 1).ways, 1u);
  fill([](unsigned lane) { return int64_t(32 * lane); });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 1).ways, 8u);
  // 8 and 16 bytes per lane: served 16 and 8 lanes at a time.
  fill([](unsigned lane) { return int64_t(8 * lane); });
  BankCost eight = CTAModel::measureBanks(offsets, 8);
  EXPECT_EQ(eight.ways, 1u);
  EXPECT_EQ(eight.wavefronts, 2u);
  fill([](unsigned lane) { return int64_t(16 * lane); });
  BankCost sixteen = CTAModel::measureBanks(offsets, 16);
  EXPECT_EQ(sixteen.ways, 1u);
  EXPECT_EQ(sixteen.wavefronts, 4u);
  fill([](unsigned lane) { return int64_t(256 * lane); });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 16).ways, 8u);
  // Inactive lanes do not count.
  fill([](unsigned lane) {
    return lane % 2 ? int64_t(-1) : int64_t(256 * lane);
  });
  EXPECT_EQ(CTAModel::measureBanks(offsets, 4).ways, 16u);
}

TEST(CTAModelTest, RejectsBrokenPlans) {
  LinearLayout layout = LinearLayout::blocked({64}, {2}, {32}, {1}, {0});
  std::optional<ConversionPlan> plan =
      planConversion(layout, layout, 4, sharedOnly());
  ASSERT_TRUE(plan);
  auto run = [&](const ConversionPlan &broken) {
    CTAModel model(1, 2, 2, broken.sharedBytes, 4);
    for (unsigned thread = 0; thread < 32; ++thread)
      for (unsigned reg = 0; reg < 2; ++reg)
        model.src(thread, reg) = layout.apply(reg, thread, 0);
    return model.execute(broken);
  };
  EXPECT_EQ(run(*plan), "");
  ConversionPlan misaligned = *plan;
  for (int64_t &offset : misaligned.loadOffsets)
    offset += 4;
  EXPECT_EQ(run(misaligned), "a vector access is misaligned");
  ConversionPlan unwritten = *plan;
  unwritten.storeOffsets[0] = unwritten.storeOffsets[1] = -1;
  EXPECT_EQ(run(unwritten), "a load reads a slot nobody stored");
  ConversionPlan racing = *plan;
  racing.storeOffsets[2] = racing.storeOffsets[0];
  racing.storeOffsets[3] = racing.storeOffsets[1];
  EXPECT_EQ(run(racing), "two different values stored to one slot");
}

//===----------------------------------------------------------------------===//
// Plans for chosen pairs
//===----------------------------------------------------------------------===//

TEST(ConversionPlanTest, SameLayoutIsTheIdentityPermutation) {
  LinearLayout layout =
      LinearLayout::blocked({64, 64}, {2, 4}, {4, 8}, {2, 2}, {1, 0});
  std::optional<ConversionPlan> plan = runConversion(layout, layout, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::RegisterPermutation);
  for (unsigned reg = 0; reg < plan->numDstRegisters; ++reg)
    EXPECT_EQ(plan->registerSource[reg], reg);
}

TEST(ConversionPlanTest, RowStatisticsBroadcastFromRegisters) {
  // Attention's row statistics in the slice of the scores' fragments
  // (128x128 over 8 warps of whole rows), broadcast back over the scores
  // and over the 128x64 output: every thread reads its own registers. As
  // columns (1x128) they are elsewhere.
  LinearLayout scores =
      LinearLayout::mmaAccumulator({128, 128}, 8, 16, 8, /*wholeRows=*/true);
  LinearLayout output =
      LinearLayout::mmaAccumulator({128, 64}, 8, 16, 8, /*wholeRows=*/true);
  LinearLayout rows = LinearLayout::sliced(scores, 1);
  auto as = [&](llvm::ArrayRef<int64_t> shape) {
    return LinearLayout(SmallVector<LinearLayout::InDim>(rows.getInDims()),
                        LinearLayout::tileOutDims(shape));
  };
  for (const LinearLayout &target : {scores, output}) {
    std::optional<ConversionPlan> plan = runConversion(
        as({128, 1}), LinearLayout::collapsed(target, {128, 1}), 4);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->kind, ConversionKind::RegisterPermutation) << target;
  }
  std::optional<ConversionPlan> columns =
      planConversion(as({1, 128}), LinearLayout::collapsed(scores, {1, 128}),
                     4);
  ASSERT_TRUE(columns);
  EXPECT_EQ(columns->kind, ConversionKind::SharedMemory);
}

TEST(ConversionPlanTest, ReorderedRegistersArePermuted) {
  // The same elements per thread, registers walking rows then columns.
  LinearLayout src =
      LinearLayout::blocked({8, 128}, {2, 4}, {4, 8}, {1, 4}, {1, 0});
  ASSERT_EQ(src.str(), "register=[[0,1],[0,2],[1,0]], "
                       "lane=[[0,4],[0,8],[0,16],[2,0],[4,0]], "
                       "warp=[[0,32],[0,64]]");
  LinearLayout dst = LinearLayout::distributed(
      {8, 128}, {{1, 0}, {0, 1}, {0, 2}},
      {{0, 4}, {0, 8}, {0, 16}, {2, 0}, {4, 0}}, {{0, 32}, {0, 64}});
  std::optional<ConversionPlan> plan = runConversion(src, dst, 2);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::RegisterPermutation);
  EXPECT_EQ(plan->registerSource,
            (SmallVector<unsigned>{0, 4, 1, 5, 2, 6, 3, 7}));
}

TEST(ConversionPlanTest, ReplicatedSourceNeedsNoShuffle) {
  // Every thread holds the tile: only a per-thread register choice remains.
  LinearLayout src = LinearLayout::replicated({16, 8}, 4);
  LinearLayout dst =
      LinearLayout::blocked({16, 8}, {1, 1}, {8, 4}, {2, 2}, {1, 0});
  std::optional<ConversionPlan> plan = runConversion(src, dst, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::WarpShuffle);
  EXPECT_EQ(plan->getNumShuffles(), 0u);
  EXPECT_FALSE(plan->shuffleSteps[0].hasUniformSendRegister());
}

TEST(ConversionPlanTest, WarpTransposeTakesOneShufflePerRegister) {
  // Four consecutive elements per thread <-> one element per lane: every
  // sender is asked for all four of its registers, so the rounds go along
  // diagonals (lane l fetches register j ^ f(l) in round j).
  LinearLayout src = LinearLayout::blocked({128}, {4}, {32}, {1}, {0});
  LinearLayout dst = LinearLayout::blocked({128}, {1}, {32}, {1}, {0});
  std::optional<ConversionPlan> plan = runConversion(src, dst, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::WarpShuffle);
  EXPECT_EQ(plan->getNumShuffles(), 4u);
  EXPECT_FALSE(plan->shuffleSteps[0].hasUniformDstRegister());

  // A 32x32 transpose inside one warp, 8-byte elements.
  LinearLayout rows =
      LinearLayout::blocked({32, 32}, {1, 4}, {4, 8}, {1, 1}, {1, 0});
  LinearLayout cols =
      LinearLayout::blocked({32, 32}, {4, 1}, {8, 4}, {1, 1}, {0, 1});
  plan = runConversion(rows, cols, 8);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::WarpShuffle);
  EXPECT_LE(plan->getNumShuffles(), plan->numDstRegisters);
}

TEST(ConversionPlanTest, ShufflesWithUniformRegisters) {
  // Lanes 1 and 2 trade places: every register comes from lane
  // swap(l), the same register in every lane.
  LinearLayout src =
      LinearLayout::distributed({64}, {{32}}, {{1}, {2}, {4}, {8}, {16}}, {});
  LinearLayout dst =
      LinearLayout::distributed({64}, {{32}}, {{2}, {1}, {4}, {8}, {16}}, {});
  std::optional<ConversionPlan> plan = runConversion(src, dst, 1);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::WarpShuffle);
  ASSERT_EQ(plan->shuffleSteps.size(), 2u);
  for (const ShuffleStep &step : plan->shuffleSteps) {
    EXPECT_FALSE(step.local);
    EXPECT_TRUE(step.hasUniformSendRegister());
    EXPECT_TRUE(step.hasUniformDstRegister());
    EXPECT_EQ(step.srcLane[1], 2u);
  }
}

TEST(ConversionPlanTest, HalfWarpsTradeRegisters) {
  // Destination lane bit 4 walks what source register bit 0 walked: lanes
  // below 16 fetch one register from lane l + 16, the others one from
  // lane l - 16, and each keeps the other register: one shuffle with
  // per-lane registers on both sides, and one local move.
  LinearLayout src =
      LinearLayout::distributed({64}, {{32}}, {{1}, {2}, {4}, {8}, {16}}, {});
  LinearLayout dst =
      LinearLayout::distributed({64}, {{16}}, {{1}, {2}, {4}, {8}, {32}}, {});
  std::optional<ConversionPlan> plan = runConversion(src, dst, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::WarpShuffle);
  EXPECT_EQ(plan->getNumShuffles(), 1u);
  EXPECT_EQ(plan->shuffleSteps.size(), 2u);
}

TEST(ConversionPlanTest, TransposeAcrossWarpsIsConflictFree) {
  for (unsigned bytes : {1u, 2u, 4u, 8u}) {
    unsigned vector = 16 / bytes;
    LinearLayout src =
        LinearLayout::blocked({64, 128}, {1, vector}, {4, 8}, {4, 1}, {1, 0});
    LinearLayout dst =
        LinearLayout::blocked({64, 128}, {vector, 1}, {8, 4}, {1, 4}, {0, 1});
    CTAStats stats;
    std::optional<ConversionPlan> plan =
        runConversion(src, dst, bytes, {}, nullptr, &stats);
    ASSERT_TRUE(plan);
    EXPECT_EQ(plan->kind, ConversionKind::SharedMemory);
    EXPECT_TRUE(plan->isConflictFree()) << bytes;
    EXPECT_EQ(stats.maxStoreWays, 1u);
    EXPECT_EQ(stats.maxLoadWays, 1u);
    // Both sides are 16-byte vectors along different dimensions: one of
    // them gets them.
    EXPECT_EQ(std::max(plan->storeVectorElements, plan->loadVectorElements),
              vector);
    EXPECT_EQ(plan->sharedLayout.getTotalOutBits(), 13u);
    EXPECT_TRUE(plan->sharedLayout.isBijective());
  }
}

TEST(ConversionPlanTest, RowMajorSharedLayoutWouldConflict) {
  // The plain row-major buffer serializes a column read 32 ways; the
  // planner's buffer does not.
  LinearLayout src =
      LinearLayout::blocked({32, 32}, {1, 1}, {1, 32}, {32, 1}, {1, 0});
  LinearLayout dst =
      LinearLayout::blocked({32, 32}, {1, 1}, {32, 1}, {1, 32}, {0, 1});
  std::vector<int64_t> column(32);
  for (unsigned lane = 0; lane < 32; ++lane)
    column[lane] = 4 * int64_t(dst.apply(0, lane, 0));
  EXPECT_EQ(CTAModel::measureBanks(column, 4).ways, 32u);
  std::optional<ConversionPlan> plan = runConversion(src, dst, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->kind, ConversionKind::SharedMemory);
  EXPECT_TRUE(plan->isConflictFree());
}

TEST(ConversionPlanTest, ForcedSharedMemoryAndBroadcasts) {
  // A reduction result (rows replicated over the lanes that held columns)
  // back to a blocked layout, and the other way round.
  LinearLayout parent =
      LinearLayout::blocked({64, 32}, {1, 4}, {4, 8}, {8, 1}, {1, 0});
  LinearLayout reduced = LinearLayout::sliced(parent, 1);
  LinearLayout blocked = LinearLayout::blocked({64}, {2}, {32}, {8}, {0});
  for (auto [src, dst] : {std::pair(reduced, blocked), {blocked, reduced}})
    for (unsigned bytes : {1u, 8u}) {
      std::optional<ConversionPlan> plan =
          runConversion(src, dst, bytes, sharedOnly());
      ASSERT_TRUE(plan);
      EXPECT_EQ(plan->kind, ConversionKind::SharedMemory);
      EXPECT_TRUE(plan->isConflictFree());
      EXPECT_TRUE(runConversion(src, dst, bytes));
    }
}

TEST(ConversionPlanTest, RefusesMismatchedLayouts) {
  LinearLayout a =
      LinearLayout::blocked({32, 32}, {1, 1}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout otherShape =
      LinearLayout::blocked({16, 64}, {1, 1}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout otherWarps =
      LinearLayout::blocked({32, 32}, {1, 1}, {4, 8}, {2, 1}, {1, 0});
  EXPECT_FALSE(planConversion(a, otherShape, 4));
  EXPECT_FALSE(planConversion(a, otherWarps, 4));
  EXPECT_FALSE(planConversion(a, a, 3));
  EXPECT_FALSE(planConversion(a, LinearLayout::identity({32, 32}), 4));
  // The source lacks half the elements the destination needs.
  LinearLayout half =
      LinearLayout::distributed({64}, {}, {{1}, {2}, {4}, {8}, {16}}, {{0}});
  LinearLayout full = LinearLayout::blocked({64}, {1}, {32}, {2}, {0});
  EXPECT_FALSE(planConversion(half, full, 4));
  EXPECT_TRUE(planConversion(full, half, 4));
}

TEST(ConversionPlanTest, AccumulatorToRunsInParts) {
  // A matmul result stored from its accumulator: regrouped through shared
  // memory into 16-byte runs, in as many parts as the buffer needs. Each
  // part is executed: stores at the plan's offsets, loads at its offsets,
  // and every element of the tile must reach the thread and register the
  // part's cyclic layout names, once.
  for (bool wholeRows : {false, true})
    for (auto shape : {SmallVector<int64_t>{128, 128}, {128, 256}, {64, 64}})
      for (unsigned bytes : {1u, 2u, 4u})
        for (int64_t budget : {int64_t(8192), int64_t(32768)}) {
          LinearLayout src =
              LinearLayout::mmaAccumulator(shape, 8, 16, 8, wholeRows);
          unsigned run = 16 / bytes;
          std::optional<PartedConversion> parted =
              planPartedConversion(src, bytes, run, budget);
          std::string what = describe(src, src, bytes) + " budget " +
                             std::to_string(budget);
          ASSERT_TRUE(parted) << what;
          const ConversionPlan &plan = parted->plan;
          int64_t elements = shape[0] * shape[1];
          EXPECT_LE(plan.sharedBytes, budget) << what;
          EXPECT_EQ(int64_t(plan.sharedBytes) * parted->getNumParts(),
                    elements * bytes)
              << what;
          EXPECT_TRUE(plan.isConflictFree()) << what;
          EXPECT_GE(plan.storeVectorElements * plan.loadVectorElements, 2u)
              << what;
          unsigned threads = 32 * plan.numWarps;
          std::optional<XorOffsets> stores = xorOffsetsOf(
              plan.storeOffsets, threads, plan.numSrcRegisters);
          std::optional<XorOffsets> loads =
              xorOffsetsOf(plan.loadOffsets, threads, plan.numDstRegisters);
          ASSERT_TRUE(stores && loads) << what;
          LinearLayout dst =
              LinearLayout::cyclic(parted->partShape, plan.numWarps, run);
          std::vector<int> seen(elements, 0);
          for (unsigned part = 0; part < parted->getNumParts(); ++part) {
            std::map<int64_t, uint64_t> buffer;
            for (unsigned t = 0; t < threads; ++t)
              for (unsigned r = 0; r < plan.numSrcRegisters; ++r)
                buffer[plan.storeOffsets[t * plan.numSrcRegisters + r]] =
                    src.apply(parted->sourceRegister(part, r), t % 32,
                              t / 32);
            ASSERT_EQ(int64_t(buffer.size()), elements / parted->getNumParts());
            for (unsigned t = 0; t < threads; ++t)
              for (unsigned r = 0; r < plan.numDstRegisters; ++r) {
                uint64_t want =
                    parted->elementOf(part, dst.apply(r, t % 32, t / 32));
                int64_t offset = plan.loadOffsets[t * plan.numDstRegisters + r];
                ASSERT_TRUE(buffer.count(offset)) << what;
                ASSERT_EQ(buffer[offset], want) << what;
                ++seen[want];
              }
          }
          EXPECT_TRUE(llvm::all_of(seen, [](int n) { return n == 1; }))
              << what;
        }
  // A 128x128 f16 tile fits 32 KiB in one part (pairs stored, 16-byte runs
  // loaded), 8 KiB in four.
  LinearLayout acc = LinearLayout::mmaAccumulator({128, 128}, 8, 16, 8);
  std::optional<PartedConversion> whole = planPartedConversion(acc, 2, 8, 32768);
  EXPECT_EQ(whole->getNumParts(), 1u);
  EXPECT_EQ(whole->plan.storeVectorElements, 2u);
  EXPECT_EQ(whole->plan.loadVectorElements, 8u);
  EXPECT_EQ(planPartedConversion(acc, 2, 8, 8192)->getNumParts(), 4u);
  // Runs never split: too small a budget has no plan.
  EXPECT_FALSE(planPartedConversion(acc, 2, 8, 1024));
}

TEST(ConversionPlanTest, XorOffsetsRefuseNonlinearTables) {
  // 2 threads x 2 registers.
  EXPECT_TRUE(xorOffsetsOf({0, 4, 8, 12}, 2, 2));
  EXPECT_FALSE(xorOffsetsOf({0, 4, 8, 16}, 2, 2));
  EXPECT_FALSE(xorOffsetsOf({0, -1, 8, 12}, 2, 2));
  std::optional<XorOffsets> offsets = xorOffsetsOf({0, 4, 8, 12}, 2, 2);
  EXPECT_EQ(offsets->threadBits, (SmallVector<int64_t>{8}));
  EXPECT_EQ(offsets->registers, (SmallVector<int64_t>{0, 4}));
}

//===----------------------------------------------------------------------===//
// The sweep
//===----------------------------------------------------------------------===//

class ConversionSweep : public ::testing::TestWithParam<unsigned> {};

TEST_P(ConversionSweep, EveryShapeWidthAndLayoutPair) {
  unsigned numWarps = GetParam();
  SmallVector<SmallVector<int64_t>> shapes;
  for (int64_t size = 1; size <= 4096; size *= 2)
    shapes.push_back({size});
  for (int64_t rows = 1; rows <= 128; rows *= 2)
    for (int64_t cols = 1; cols <= 128; cols *= 2)
      shapes.push_back({rows, cols});

  SweepCounts counts;
  unsigned combination = 0;
  for (const SmallVector<int64_t> &shape : shapes) {
    for (unsigned bytes : {1u, 2u, 4u, 8u}) {
      std::mt19937_64 random(combination * 977 + numWarps);
      std::vector<NamedLayout> family =
          makeLayoutFamily(shape, numWarps, bytes, random);
      unsigned familySize = family.size();
      unsigned numPairs = familySize * familySize;
      // Small CTAs and tiles take every pair; larger ones a window that
      // moves with each combination, so that every pair comes up again
      // and again.
      int64_t work = getTileSize(shape) * numWarps;
      unsigned take = work <= 128 ? numPairs : work <= 4096 ? 12 : 4;
      for (unsigned index = 0; index < std::min(take, numPairs); ++index) {
        unsigned pair = (combination * take + index) % numPairs;
        const NamedLayout &src = family[pair / familySize];
        const NamedLayout &dst = family[pair % familySize];
        SCOPED_TRACE(src.name + " -> " + dst.name);
        std::optional<ConversionPlan> plan =
            runConversion(src.layout, dst.layout, bytes, {}, &counts);
        if (plan && plan->kind != ConversionKind::SharedMemory)
          runConversion(src.layout, dst.layout, bytes, sharedOnly(), &counts);
      }
      ++combination;
    }
  }
  // Every shared memory plan of the sweep avoids bank conflicts.
  EXPECT_EQ(counts.conflictFree, counts.sharedPlans);
  std::printf("%u warps: %u conversions (%u register, %u shuffle, %u shared; "
              "%u conflict-free, %u vector stores, %u vector loads; "
              "%u shuffles, lower bound %u, reached by %u plans)\n",
              numWarps, counts.conversions,
              counts.kinds[ConversionKind::RegisterPermutation],
              counts.kinds[ConversionKind::WarpShuffle],
              counts.kinds[ConversionKind::SharedMemory], counts.conflictFree,
              counts.vectorStores, counts.vectorLoads, counts.shuffles,
              counts.shuffleLowerBound, counts.atLowerBound);
}

INSTANTIATE_TEST_SUITE_P(Warps, ConversionSweep,
                         ::testing::Values(1u, 2u, 4u, 8u, 16u, 32u),
                         [](const ::testing::TestParamInfo<unsigned> &info) {
                           return std::to_string(info.param);
                         });

} // namespace
