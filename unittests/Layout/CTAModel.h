//===- CTAModel.h - a CPU model of one CTA for layout tests -----*- C++ -*-===//
//
// Test support: one CTA as the code generator sees it, with a register file
// per thread (source and destination registers apart, as the SSA values of a
// conversion are), 32 lanes per warp, and a shared memory of 32 banks of 4
// bytes. It executes a ConversionPlan the way the hardware would (every lane
// of a shfl.sync reads the value its source lane offers; a warp-wide shared
// access is served one phase at a time) and measures what the plan claims.
//
// Registers and shared memory slots hold element ids rather than bytes, so
// that a 1-byte element of a 4096-element tile is still told apart; bank
// arithmetic uses the byte offsets.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_UNITTESTS_LAYOUT_CTAMODEL_H
#define CUDA_TILE_UNITTESTS_LAYOUT_CTAMODEL_H

#include "cuda_tile/Layout/ConversionPlan.h"

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace cuda_tile_test {

/// What executing one plan took.
struct CTAStats {
  unsigned shuffles = 0;
  unsigned localSteps = 0;
  unsigned storeInstructions = 0;
  unsigned loadInstructions = 0;
  /// The worst bank conflict degree of one store (load) instruction.
  unsigned maxStoreWays = 0;
  unsigned maxLoadWays = 0;
  /// Shared memory wavefronts, summed over phases and instructions.
  uint64_t storeWavefronts = 0;
  uint64_t loadWavefronts = 0;
  /// Stores of a value into a slot that already held it.
  unsigned duplicateStores = 0;
};

/// The bank conflicts of one warp-wide access.
struct BankCost {
  /// The most distinct words one bank serves in one phase (1: none).
  unsigned ways = 0;
  /// The phases' degrees summed: the wavefronts the access takes.
  unsigned wavefronts = 0;
};

class CTAModel {
public:
  static constexpr unsigned kLanes = 32;
  static constexpr unsigned kBanks = 32;
  static constexpr unsigned kBankBytes = 4;
  static constexpr int64_t kUndefined = -1;

  CTAModel(unsigned numWarps, unsigned numSrcRegisters,
           unsigned numDstRegisters, unsigned sharedBytes,
           unsigned elementBytes)
      : numWarps(numWarps), numSrcRegisters(numSrcRegisters),
        numDstRegisters(numDstRegisters), elementBytes(elementBytes),
        srcFile(size_t(numWarps) * kLanes * numSrcRegisters, kUndefined),
        dstFile(size_t(numWarps) * kLanes * numDstRegisters, kUndefined),
        shared(sharedBytes / elementBytes, kUndefined) {}

  unsigned getNumThreads() const { return numWarps * kLanes; }
  int64_t &src(unsigned thread, unsigned reg) {
    return srcFile[size_t(thread) * numSrcRegisters + reg];
  }
  int64_t &dst(unsigned thread, unsigned reg) {
    return dstFile[size_t(thread) * numDstRegisters + reg];
  }

  /// The bank conflicts of one warp-wide access where lane l touches
  /// `bytesPerLane` bytes from laneOffsets[l] (negative: lane inactive).
  /// Accesses of 8 and 16 bytes per lane are served 16 and 8 lanes at a
  /// time (128 bytes per phase).
  static BankCost measureBanks(llvm::ArrayRef<int64_t> laneOffsets,
                               unsigned bytesPerLane) {
    unsigned lanesPerPhase = bytesPerLane <= kBankBytes
                                 ? kLanes
                                 : kLanes * kBankBytes / bytesPerLane;
    BankCost cost;
    for (unsigned first = 0; first < kLanes; first += lanesPerPhase) {
      // The distinct words of the phase (at most 128 bytes per lane group).
      std::array<int64_t, kLanes * 4> words;
      unsigned numWords = 0;
      for (unsigned lane = first; lane < first + lanesPerPhase; ++lane) {
        if (laneOffsets[lane] < 0)
          continue;
        int64_t firstWord = laneOffsets[lane] / kBankBytes;
        int64_t lastWord = (laneOffsets[lane] + bytesPerLane - 1) / kBankBytes;
        for (int64_t word = firstWord; word <= lastWord; ++word)
          words[numWords++] = word;
      }
      std::sort(words.begin(), words.begin() + numWords);
      numWords =
          std::unique(words.begin(), words.begin() + numWords) - words.begin();
      std::array<unsigned, kBanks> wordsPerBank{};
      unsigned phaseWays = 0;
      for (unsigned i = 0; i < numWords; ++i)
        phaseWays = std::max(phaseWays, ++wordsPerBank[words[i] % kBanks]);
      cost.ways = std::max(cost.ways, phaseWays);
      cost.wavefronts += phaseWays;
    }
    return cost;
  }

  /// Runs `plan`; returns an empty string, or what went wrong.
  std::string execute(const mlir::cuda_tile::ConversionPlan &plan) {
    using mlir::cuda_tile::ConversionKind;
    if (plan.numWarps != numWarps || plan.numSrcRegisters != numSrcRegisters ||
        plan.numDstRegisters != numDstRegisters)
      return "plan and model disagree on the CTA";
    switch (plan.kind) {
    case ConversionKind::RegisterPermutation:
      return executeRegisterPermutation(plan);
    case ConversionKind::WarpShuffle:
      return executeShuffles(plan);
    case ConversionKind::SharedMemory:
      return executeShared(plan);
    }
    return "unknown plan kind";
  }

  CTAStats stats;

private:
  std::string
  executeRegisterPermutation(const mlir::cuda_tile::ConversionPlan &plan) {
    if (plan.registerSource.size() != numDstRegisters)
      return "register permutation of the wrong size";
    for (unsigned thread = 0; thread < getNumThreads(); ++thread)
      for (unsigned reg = 0; reg < numDstRegisters; ++reg) {
        if (plan.registerSource[reg] >= numSrcRegisters)
          return "source register out of range";
        dst(thread, reg) = src(thread, plan.registerSource[reg]);
      }
    return "";
  }

  std::string executeShuffles(const mlir::cuda_tile::ConversionPlan &plan) {
    unsigned numThreads = getNumThreads();
    std::vector<int64_t> offered(numThreads);
    for (const mlir::cuda_tile::ShuffleStep &step : plan.shuffleSteps) {
      if (step.sendRegister.size() != numThreads ||
          step.srcLane.size() != numThreads ||
          step.dstRegister.size() != numThreads)
        return "shuffle step tables of the wrong size";
      // Every lane offers first, then every lane reads: one shfl.sync.
      for (unsigned thread = 0; thread < numThreads; ++thread) {
        if (step.sendRegister[thread] >= numSrcRegisters)
          return "offered register out of range";
        offered[thread] = src(thread, step.sendRegister[thread]);
      }
      for (unsigned thread = 0; thread < numThreads; ++thread) {
        unsigned lane = thread % kLanes, warp = thread / kLanes;
        if (step.srcLane[thread] >= kLanes)
          return "source lane out of range";
        if (step.local && step.srcLane[thread] != lane)
          return "a local step reads another lane";
        int target = step.dstRegister[thread];
        if (target < 0)
          continue;
        if (unsigned(target) >= numDstRegisters)
          return "destination register out of range";
        if (dst(thread, target) != kUndefined)
          return "destination register written twice";
        dst(thread, target) = offered[warp * kLanes + step.srcLane[thread]];
      }
      if (step.local)
        ++stats.localSteps;
      else
        ++stats.shuffles;
    }
    return "";
  }

  /// One pass of warp-wide vector accesses over a per-thread offset table;
  /// `visit` moves one element and returns an error or nullptr.
  template <typename Visit>
  std::string forEachAccess(llvm::ArrayRef<int64_t> offsets,
                            unsigned numRegisters, unsigned vectorElements,
                            bool isStore, Visit visit) {
    if (offsets.size() != size_t(getNumThreads()) * numRegisters)
      return "offset table of the wrong size";
    if (vectorElements == 0 || numRegisters % vectorElements != 0)
      return "vector width does not divide the registers";
    unsigned bytesPerLane = vectorElements * elementBytes;
    std::vector<int64_t> laneOffsets(kLanes);
    for (unsigned warp = 0; warp < numWarps; ++warp) {
      for (unsigned first = 0; first < numRegisters; first += vectorElements) {
        bool anyActive = false;
        for (unsigned lane = 0; lane < kLanes; ++lane) {
          size_t row = size_t(warp * kLanes + lane) * numRegisters;
          int64_t base = offsets[row + first];
          laneOffsets[lane] = base;
          for (unsigned i = 0; i < vectorElements; ++i) {
            int64_t offset = offsets[row + first + i];
            if ((base < 0) != (offset < 0))
              return "a vector access is partly inactive";
            if (base >= 0 && offset != base + int64_t(i * elementBytes))
              return "a vector access is not contiguous";
          }
          if (base < 0)
            continue;
          anyActive = true;
          if (base % bytesPerLane != 0)
            return "a vector access is misaligned";
          if (size_t(base) + bytesPerLane > shared.size() * elementBytes)
            return "a shared access is out of bounds";
        }
        if (!anyActive)
          continue;
        BankCost cost = measureBanks(laneOffsets, bytesPerLane);
        if (isStore) {
          ++stats.storeInstructions;
          stats.maxStoreWays = std::max(stats.maxStoreWays, cost.ways);
          stats.storeWavefronts += cost.wavefronts;
        } else {
          ++stats.loadInstructions;
          stats.maxLoadWays = std::max(stats.maxLoadWays, cost.ways);
          stats.loadWavefronts += cost.wavefronts;
        }
        for (unsigned lane = 0; lane < kLanes; ++lane) {
          if (laneOffsets[lane] < 0)
            continue;
          for (unsigned i = 0; i < vectorElements; ++i) {
            if (const char *error =
                    visit(warp * kLanes + lane, first + i,
                          (laneOffsets[lane] / elementBytes) + i))
              return error;
          }
        }
      }
    }
    return "";
  }

  std::string executeShared(const mlir::cuda_tile::ConversionPlan &plan) {
    if (plan.elementBytes != elementBytes ||
        plan.sharedBytes != shared.size() * elementBytes)
      return "shared buffer size disagrees";
    std::string error = forEachAccess(
        plan.storeOffsets, numSrcRegisters, plan.storeVectorElements,
        /*isStore=*/true,
        [&](unsigned thread, unsigned reg, size_t slot) -> const char * {
          int64_t value = src(thread, reg);
          if (shared[slot] == value) {
            ++stats.duplicateStores;
            return nullptr;
          }
          if (shared[slot] != kUndefined)
            return "two different values stored to one slot";
          shared[slot] = value;
          return nullptr;
        });
    if (!error.empty())
      return error;
    // Barrier: every store lands before any load.
    return forEachAccess(
        plan.loadOffsets, numDstRegisters, plan.loadVectorElements,
        /*isStore=*/false,
        [&](unsigned thread, unsigned reg, size_t slot) -> const char * {
          if (shared[slot] == kUndefined)
            return "a load reads a slot nobody stored";
          dst(thread, reg) = shared[slot];
          return nullptr;
        });
  }

  unsigned numWarps, numSrcRegisters, numDstRegisters, elementBytes;
  std::vector<int64_t> srcFile, dstFile, shared;
};

} // namespace cuda_tile_test

#endif // CUDA_TILE_UNITTESTS_LAYOUT_CTAMODEL_H
