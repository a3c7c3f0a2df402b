//===- ConversionPlan.cpp - moving a tile between two layouts -------------===//
//
// The three mechanisms are tried cheapest first. Each test is a question of
// spans over GF(2): where a destination element lies relative to what the
// same thread, the same warp or the CTA holds under the source layout.
//
// Warp shuffles run in rounds: in each, every thread fetches one of its
// destination registers, and a sender asked for different registers in one
// round serves them in extra steps. Which register a thread fetches in
// which round is a linear choice too; the planner compares rounds by
// register, rounds that keep the elements a lane holds local, diagonal
// rounds in which threads reading the same lane want the same register of
// it, and reading a lane-replicated source through its replicas.
//
// Shared memory layout. With e-byte elements, offset bits at or above
// hi = 7 - log2(e) (byte 128 and up) never change the bank. A warp-wide
// access, one phase at a time, is conflict-free exactly when no two active
// lanes of a phase reach offsets that differ only in those high bits
// (modulo the bits inside one access unit or word). So the planner picks
// the subspace R of element directions stored at the high offset bits so
// that it meets neither the span X_s of the lanes of a store phase nor X_l
// of a load phase (each extended by the low, same-word directions): with
// I = X_s n X_l, X_s = I + A', X_l = I + B' and W completing X_s + X_l,
// R = W + {a'_k ^ b'_k} has the right dimension and meets neither. The
// bits below hi then hold X_s itself.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Layout/ConversionPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

using namespace mlir::cuda_tile;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

StringRef mlir::cuda_tile::stringifyConversionKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::RegisterPermutation:
    return "register-permutation";
  case ConversionKind::WarpShuffle:
    return "warp-shuffle";
  case ConversionKind::SharedMemory:
    return "shared-memory";
  }
  return "unknown";
}

bool ShuffleStep::hasUniformSendRegister() const {
  return llvm::all_equal(sendRegister);
}

bool ShuffleStep::hasUniformDstRegister() const {
  return llvm::all_equal(dstRegister);
}

unsigned ConversionPlan::getNumShuffles() const {
  return llvm::count_if(shuffleSteps,
                        [](const ShuffleStep &step) { return !step.local; });
}

namespace {

constexpr unsigned kLaneBits = LinearLayout::kLaneBits;
constexpr unsigned kLanes = LinearLayout::kLanesPerWarp;

/// The bases of a distributed layout by input dimension.
struct HardwareBases {
  explicit HardwareBases(const LinearLayout &layout)
      : reg(layout.getBases(LinearLayout::kRegister)),
        lane(layout.getBases(LinearLayout::kLane)),
        warp(layout.getBases(LinearLayout::kWarp)) {}
  ArrayRef<uint64_t> reg, lane, warp;
};

/// The XOR of the vectors selected by the bits of `mask`.
uint64_t combine(ArrayRef<uint64_t> vectors, uint64_t mask) {
  uint64_t result = 0;
  for (; mask != 0; mask &= mask - 1)
    result ^= vectors[llvm::countr_zero(mask)];
  return result;
}

/// Solves every vector of `targets` in `span`; false when one is outside.
bool solveAll(const GF2Basis &span, ArrayRef<uint64_t> targets,
              SmallVector<uint64_t> &solutions) {
  for (uint64_t target : targets) {
    std::optional<uint64_t> solution = span.solve(target);
    if (!solution)
      return false;
    solutions.push_back(*solution);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Register permutation
//===----------------------------------------------------------------------===//

/// Every thread holds its destination elements at the same source registers
/// exactly when lanes and warps have the same images and every destination
/// register is a combination of source registers.
bool planRegisterPermutation(const HardwareBases &src, const HardwareBases &dst,
                             ConversionPlan &plan) {
  if (!llvm::equal(src.lane, dst.lane) || !llvm::equal(src.warp, dst.warp))
    return false;
  GF2Basis registers;
  for (auto [bit, basis] : llvm::enumerate(src.reg))
    registers.insert(basis, uint64_t(1) << bit);
  SmallVector<uint64_t> perBit;
  if (!solveAll(registers, dst.reg, perBit))
    return false;
  plan.kind = ConversionKind::RegisterPermutation;
  for (unsigned reg = 0; reg < plan.numDstRegisters; ++reg)
    plan.registerSource.push_back(combine(perBit, reg));
  return true;
}

//===----------------------------------------------------------------------===//
// Transversal subspaces
//===----------------------------------------------------------------------===//

/// A subspace meeting neither of two others, everything modulo a seed
/// subspace: with A and B of dimension at most d in an ambient space of
/// dimension m, both are padded to d (each from the other first, so that
/// they share most), split as A = I + A', B = I + B' with I = A n B, and
/// R = W + {a'_k ^ b'_k} with W completing A + B. Then dim R = m - d, and a
/// vector of R inside A (or B) would need a B' (A') part inside A (B): none.
struct Transversal {
  /// A basis of I.
  SmallVector<uint64_t> intersection;
  /// A', picked from A's vectors in order.
  SmallVector<uint64_t> onlyA;
  /// A basis of R.
  SmallVector<uint64_t> transversal;
};

/// A span seeded with a subspace every vector is taken modulo.
struct SeededSpan {
  explicit SeededSpan(const GF2Basis &seed) : span(seed) {}
  bool add(uint64_t vector) {
    if (vector == 0 || !span.insert(vector))
      return false;
    vectors.push_back(vector);
    return true;
  }
  GF2Basis span;
  SmallVector<uint64_t> vectors;
};

/// Builds R for A = span(a), B = span(b) inside span(ambient) (modulo
/// `seed`); I's basis is looked for among the combinations of A's vectors
/// from index `enumerateFrom` on first. When B has more than d dimensions,
/// R avoids the span of its first d independent vectors only. Returns
/// nullopt when A has more than d dimensions.
std::optional<Transversal>
buildTransversal(const GF2Basis &seed, ArrayRef<uint64_t> a,
                 ArrayRef<uint64_t> b, ArrayRef<uint64_t> ambient, unsigned d,
                 unsigned enumerateFrom = 0) {
  SeededSpan spanA(seed), spanB(seed);
  for (uint64_t vector : a)
    spanA.add(vector);
  for (uint64_t vector : b)
    if (spanB.vectors.size() < d)
      spanB.add(vector);
  if (spanA.vectors.size() > d || d > 16)
    return std::nullopt;
  // Copies: add() grows the lists being read.
  SmallVector<uint64_t> originalA(spanA.vectors);
  for (ArrayRef<uint64_t> list : {ArrayRef<uint64_t>(originalA), ambient})
    for (uint64_t vector : list)
      if (spanB.vectors.size() < d)
        spanB.add(vector);
  SmallVector<uint64_t> paddedB(spanB.vectors);
  for (ArrayRef<uint64_t> list : {ArrayRef<uint64_t>(paddedB), ambient})
    for (uint64_t vector : list)
      if (spanA.vectors.size() < d)
        spanA.add(vector);
  if (spanA.vectors.size() < d || spanB.vectors.size() < d)
    return std::nullopt;

  Transversal result;
  SmallVector<uint64_t> enumeration(spanA.vectors.begin() + enumerateFrom,
                                    spanA.vectors.end());
  enumeration.append(spanA.vectors.begin(),
                     spanA.vectors.begin() + enumerateFrom);
  GF2Basis intersection = seed;
  for (uint64_t mask = 1; mask < (uint64_t(1) << d); ++mask) {
    uint64_t vector = combine(enumeration, mask);
    if (spanB.span.contains(vector) && intersection.insert(vector))
      result.intersection.push_back(vector);
  }
  auto complement = [&](ArrayRef<uint64_t> vectors) {
    GF2Basis span = intersection;
    SmallVector<uint64_t> rest;
    for (uint64_t vector : vectors)
      if (span.insert(vector))
        rest.push_back(vector);
    return rest;
  };
  result.onlyA = complement(spanA.vectors);
  SmallVector<uint64_t> onlyB = complement(spanB.vectors);
  assert(result.onlyA.size() == onlyB.size() && "both have dimension d");
  for (auto [fromA, fromB] : llvm::zip_equal(result.onlyA, onlyB))
    result.transversal.push_back(fromA ^ fromB);
  GF2Basis sum = spanA.span;
  for (uint64_t vector : spanB.vectors)
    sum.insert(vector);
  for (uint64_t vector : ambient)
    if (sum.insert(vector))
      result.transversal.push_back(vector);
  return result;
}

/// The kernel of the linear map sending unit vector i to columns[i].
SmallVector<uint64_t> getKernel(ArrayRef<uint64_t> columns) {
  GF2Basis image;
  SmallVector<uint64_t> kernel;
  for (auto [index, column] : llvm::enumerate(columns)) {
    uint64_t self = uint64_t(1) << index;
    if (column != 0 && image.insert(column, self))
      continue;
    kernel.push_back(self ^ *image.solve(column));
  }
  return kernel;
}

//===----------------------------------------------------------------------===//
// Warp shuffles
//===----------------------------------------------------------------------===//

/// Where each thread finds each destination element under the source, as
/// masks with the lane offset in the low 5 bits and the source register
/// above. The source may be read through a virtual layout in which each
/// lane bit with a zero basis (a replica) takes over a combination of
/// register bits: register a of lane l then stands for the physical
/// register a ^ registerOfLane(l).
struct WarpSources {
  SmallVector<uint64_t> reg, lane, warp;
  SmallVector<uint64_t> registerOfLane = SmallVector<uint64_t>(kLaneBits, 0);
};

/// Thread (r, l, w) needs dst(r, l, w) = src(a, l ^ d, w) for some source
/// register a and lane offset d: the difference dst(r, l, w) ^ src(0, l, w)
/// must lie in the span of the source's register and lane bases. It is
/// linear in (r, l, w), so solving each destination basis suffices. Lane
/// bases come first in the span so that lanes absorb what they can.
std::optional<WarpSources> solveWarpSources(const HardwareBases &src,
                                            const HardwareBases &dst,
                                            ArrayRef<uint64_t> laneBases,
                                            ArrayRef<uint64_t> registerOfLane) {
  GF2Basis local;
  for (auto [bit, basis] : llvm::enumerate(laneBases))
    local.insert(basis, uint64_t(1) << bit);
  for (auto [bit, basis] : llvm::enumerate(src.reg))
    local.insert(basis, uint64_t(1) << (kLaneBits + bit));
  SmallVector<uint64_t> laneDelta, warpDelta;
  for (auto [d, s] : llvm::zip_equal(dst.lane, laneBases))
    laneDelta.push_back(d ^ s);
  for (auto [d, s] : llvm::zip_equal(dst.warp, src.warp))
    warpDelta.push_back(d ^ s);
  WarpSources sources;
  sources.registerOfLane.assign(registerOfLane.begin(), registerOfLane.end());
  if (!solveAll(local, dst.reg, sources.reg) ||
      !solveAll(local, laneDelta, sources.lane) ||
      !solveAll(local, warpDelta, sources.warp))
    return std::nullopt;
  return sources;
}

/// Which destination register each thread fetches in which round: round j
/// of lane l in warp w is register j ^ lane(l) ^ warp(w), lane and warp
/// linear maps given by the images of their bits.
struct RoundMap {
  SmallVector<uint64_t> lane = SmallVector<uint64_t>(kLaneBits, 0);
  SmallVector<uint64_t> warp;
};

/// Schedules the shuffles in rounds, one destination register per thread
/// and round. A sender asked for different registers in one round serves
/// them in consecutive steps.
SmallVector<ShuffleStep> scheduleShuffles(const WarpSources &sources,
                                          const RoundMap &rounds,
                                          unsigned numWarps,
                                          unsigned numDstRegisters) {
  unsigned numThreads = numWarps * kLanes;
  SmallVector<unsigned> needLane(numThreads), needReg(numThreads),
      dstReg(numThreads);
  // Distinct source registers asked of each thread, ascending.
  SmallVector<SmallVector<unsigned, 2>> requested(numThreads);
  // The parts of each thread's solution that do not change with rounds.
  SmallVector<uint64_t> threadPart(numThreads), threadRegister(numThreads);
  for (unsigned thread = 0; thread < numThreads; ++thread) {
    unsigned lane = thread % kLanes, warp = thread / kLanes;
    threadRegister[thread] =
        combine(rounds.lane, lane) ^ combine(rounds.warp, warp);
    threadPart[thread] =
        combine(sources.lane, lane) ^ combine(sources.warp, warp);
  }
  SmallVector<ShuffleStep> steps;
  for (unsigned round = 0; round < numDstRegisters; ++round) {
    for (auto &list : requested)
      list.clear();
    for (unsigned thread = 0; thread < numThreads; ++thread) {
      unsigned lane = thread % kLanes, warp = thread / kLanes;
      dstReg[thread] = round ^ threadRegister[thread];
      uint64_t solution =
          combine(sources.reg, dstReg[thread]) ^ threadPart[thread];
      needLane[thread] = lane ^ (solution & (kLanes - 1));
      needReg[thread] = (solution >> kLaneBits) ^
                        combine(sources.registerOfLane, needLane[thread]);
      auto &list = requested[warp * kLanes + needLane[thread]];
      auto it = llvm::lower_bound(list, needReg[thread]);
      if (it == list.end() || *it != needReg[thread])
        list.insert(it, needReg[thread]);
    }
    size_t numSteps = 1;
    for (const auto &list : requested)
      numSteps = std::max(numSteps, list.size());
    SmallVector<bool> served(numThreads, false);
    for (size_t index = 0; index < numSteps; ++index) {
      ShuffleStep step;
      step.sendRegister.assign(numThreads, 0);
      // Threads nobody reads from offer what the first sender offers, so
      // that a step stays uniform when the senders agree.
      std::optional<unsigned> filler;
      for (unsigned thread = 0; thread < numThreads; ++thread) {
        const auto &list = requested[thread];
        if (list.empty())
          continue;
        step.sendRegister[thread] = list[std::min(index, list.size() - 1)];
        if (!filler)
          filler = step.sendRegister[thread];
      }
      for (unsigned thread = 0; thread < numThreads; ++thread)
        if (requested[thread].empty())
          step.sendRegister[thread] = filler.value_or(0);
      step.srcLane.assign(needLane.begin(), needLane.end());
      step.dstRegister.assign(numThreads, -1);
      step.local = true;
      for (unsigned thread = 0; thread < numThreads; ++thread) {
        unsigned sender = thread / kLanes * kLanes + needLane[thread];
        if (!served[thread] && step.sendRegister[sender] == needReg[thread]) {
          step.dstRegister[thread] = dstReg[thread];
          served[thread] = true;
        }
        if (needLane[thread] != thread % kLanes)
          step.local = false;
      }
      steps.push_back(std::move(step));
    }
  }
  return steps;
}

/// A lane -> destination register map under which, in every round, the
/// threads that read the same lane want the same register from it.
///
/// Let phi map a (lane, destination register) displacement to its source
/// (lane, register) displacement, Z be its kernel (replicas) and K the
/// displacements whose source lane does not move. Round j pairs lane l with
/// register j ^ F(l); the graph G = {(l, F(l))} must meet K only inside Z
/// (two lanes reading the same sender then want the same register) and
/// meet the register axis only in 0 (so that F is a function). G = Z + R,
/// R the transversal of the register axis and K modulo Z. When K is larger
/// than the register axis (a warp's data sits on fewer lanes than need it),
/// G avoids as much of K as it can and senders serve several steps.
std::optional<SmallVector<uint64_t>>
findLaneToRegister(const WarpSources &sources) {
  unsigned regBits = sources.reg.size();
  if (regBits == 0 || kLaneBits + regBits > 64)
    return std::nullopt;
  // Displacement bits: lanes 0..4, then destination registers.
  SmallVector<uint64_t> phi, phiLane, units, registerAxis;
  for (unsigned bit = 0; bit < kLaneBits; ++bit)
    phi.push_back(sources.lane[bit] ^ (uint64_t(1) << bit));
  for (uint64_t solution : sources.reg)
    phi.push_back(solution);
  for (uint64_t column : phi)
    phiLane.push_back(column & (kLanes - 1));
  for (unsigned bit = 0; bit < kLaneBits + regBits; ++bit)
    units.push_back(uint64_t(1) << bit);
  for (unsigned bit = 0; bit < regBits; ++bit)
    registerAxis.push_back(uint64_t(1) << (kLaneBits + bit));

  SmallVector<uint64_t> replicas = getKernel(phi);
  GF2Basis seed;
  for (uint64_t vector : replicas)
    seed.insert(vector);
  // Two destination registers holding the same element: not handled.
  {
    GF2Basis withAxis = seed;
    for (uint64_t vector : registerAxis)
      if (!withAxis.insert(vector))
        return std::nullopt;
  }
  std::optional<Transversal> transversal =
      buildTransversal(seed, registerAxis, getKernel(phiLane), units, regBits);
  if (!transversal)
    return std::nullopt;
  SmallVector<uint64_t> graph(replicas);
  graph.append(transversal->transversal);
  // F(e_i): the register part of the graph vector whose lane part is e_i.
  GF2Basis lanes;
  for (auto [index, vector] : llvm::enumerate(graph))
    if (!lanes.insert(vector & (kLanes - 1), uint64_t(1) << index))
      return std::nullopt;
  SmallVector<uint64_t> laneToRegister;
  for (unsigned bit = 0; bit < kLaneBits; ++bit) {
    std::optional<uint64_t> combination = lanes.solve(uint64_t(1) << bit);
    if (!combination)
      return std::nullopt;
    laneToRegister.push_back(combine(graph, *combination) >> kLaneBits);
  }
  return laneToRegister;
}

/// Rounds that stay in their lanes where possible: lane l of warp w reads
/// lane l ^ (Dr r ^ Dl l ^ Dw w), Dr, Dl, Dw the lane parts of the
/// solutions, so with Dr F = Dl and Dr G = Dw (round register
/// j ^ F(l) ^ G(w)) the rounds j with Dr j = 0 read no other lane.
std::optional<RoundMap> findLocalRounds(const WarpSources &sources) {
  GF2Basis registerMoves;
  for (auto [bit, solution] : llvm::enumerate(sources.reg))
    registerMoves.insert(solution & (kLanes - 1), uint64_t(1) << bit);
  RoundMap rounds;
  rounds.lane.clear();
  bool anyMoves = false;
  for (auto [solutions, map] :
       {std::pair(ArrayRef<uint64_t>(sources.lane), &rounds.lane),
        {ArrayRef<uint64_t>(sources.warp), &rounds.warp}}) {
    for (uint64_t solution : solutions) {
      std::optional<uint64_t> registers =
          registerMoves.solve(solution & (kLanes - 1));
      map->push_back(registers.value_or(0));
      anyMoves |= registers.value_or(0) != 0;
    }
  }
  if (!anyMoves)
    return std::nullopt;
  return rounds;
}

/// The source seen through its replicas: each lane bit with a zero basis
/// takes over a combination of registers, so that the replicas of a lane
/// serve different registers. Combinations whose elements the destination
/// spreads over lanes come first, then those it spreads over registers,
/// then single registers, highest first.
std::optional<WarpSources> solveThroughReplicas(const HardwareBases &src,
                                                const HardwareBases &dst) {
  unsigned numFree = llvm::count(src.lane, uint64_t(0));
  unsigned regBits = src.reg.size();
  if (numFree == 0 || regBits == 0 || regBits + kLaneBits + dst.reg.size() > 64)
    return std::nullopt;
  SmallVector<uint64_t> candidates;
  // Register combinations k with src(k) in the span of `others`: the
  // register part of the kernel of [src registers | others].
  auto addShared = [&](ArrayRef<uint64_t> others) {
    SmallVector<uint64_t> columns(src.reg.begin(), src.reg.end());
    columns.append(others.begin(), others.end());
    for (uint64_t vector : getKernel(columns))
      if (uint64_t combination = vector & ((uint64_t(1) << regBits) - 1))
        candidates.push_back(combination);
  };
  addShared(dst.lane);
  SmallVector<uint64_t> dstBoth(dst.lane.begin(), dst.lane.end());
  dstBoth.append(dst.reg.begin(), dst.reg.end());
  addShared(dstBoth);
  for (unsigned bit = regBits; bit-- > 0;)
    candidates.push_back(uint64_t(1) << bit);

  SmallVector<uint64_t> laneBases(src.lane.begin(), src.lane.end());
  SmallVector<uint64_t> registerOfLane(kLaneBits, 0);
  GF2Basis used;
  const uint64_t *next = candidates.begin();
  for (unsigned bit = 0; bit < kLaneBits; ++bit) {
    if (laneBases[bit] != 0)
      continue;
    while (next != candidates.end() &&
           (combine(src.reg, *next) == 0 || !used.insert(*next)))
      ++next;
    if (next == candidates.end())
      break;
    registerOfLane[bit] = *next;
    laneBases[bit] = combine(src.reg, *next);
  }
  if (used.rank() == 0)
    return std::nullopt;
  return solveWarpSources(src, dst, laneBases, registerOfLane);
}

bool planWarpShuffle(const HardwareBases &src, const HardwareBases &dst,
                     ConversionPlan &plan) {
  std::optional<WarpSources> sources =
      solveWarpSources(src, dst, src.lane, SmallVector<uint64_t>(kLaneBits, 0));
  if (!sources)
    return false;
  plan.kind = ConversionKind::WarpShuffle;
  // Rounds by register alone, every lane reading a sender with its own
  // replica bits, keep registers held by every lane local; rounds that
  // follow what each lane holds keep more. When senders are asked for
  // several registers in one round, try the diagonal rounds of
  // findLaneToRegister and reading through the replicas.
  RoundMap byRegister;
  byRegister.warp.assign(src.warp.size(), 0);
  plan.shuffleSteps = scheduleShuffles(*sources, byRegister, plan.numWarps,
                                       plan.numDstRegisters);
  auto countShuffles = [](ArrayRef<ShuffleStep> steps) {
    return llvm::count_if(steps,
                          [](const ShuffleStep &step) { return !step.local; });
  };
  auto consider = [&](const WarpSources &candidate, const RoundMap &rounds) {
    SmallVector<ShuffleStep> steps = scheduleShuffles(
        candidate, rounds, plan.numWarps, plan.numDstRegisters);
    if (countShuffles(steps) < countShuffles(plan.shuffleSteps))
      plan.shuffleSteps = std::move(steps);
  };
  if (std::optional<RoundMap> local = findLocalRounds(*sources))
    consider(*sources, *local);
  if (plan.shuffleSteps.size() == plan.numDstRegisters)
    return true;
  auto diagonalOf =
      [&](const WarpSources &candidate) -> std::optional<RoundMap> {
    std::optional<SmallVector<uint64_t>> lanes = findLaneToRegister(candidate);
    if (!lanes)
      return std::nullopt;
    RoundMap rounds = byRegister;
    rounds.lane = *lanes;
    return rounds;
  };
  if (std::optional<RoundMap> diagonal = diagonalOf(*sources))
    consider(*sources, *diagonal);
  if (std::optional<WarpSources> replicated = solveThroughReplicas(src, dst)) {
    consider(*replicated, byRegister);
    if (std::optional<RoundMap> diagonal = diagonalOf(*replicated))
      consider(*replicated, *diagonal);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// The geometry of one side's warp-wide accesses, in offset bits.
struct AccessShape {
  AccessShape(unsigned vectorBits, unsigned logBytes, unsigned offsetBits) {
    // A lane reaches 2^unitLog bytes, at least one whole word for the banks.
    unsigned unitLog = std::max(vectorBits + logBytes, 2u);
    lowBits = std::min(offsetBits, unitLog - logBytes);
    phaseLaneBits = std::min(kLaneBits, 7 - unitLog);
    phases = 1u << (kLaneBits - phaseLaneBits);
  }
  /// Offset bits below this stay within one access unit (or word): lanes
  /// differing there never conflict.
  unsigned lowBits;
  /// Lanes served together: the low phaseLaneBits lane bits.
  unsigned phaseLaneBits;
  unsigned phases;
};

/// A candidate shared memory layout and its cost.
struct SharedCandidate {
  unsigned storeVectorBits = 0, loadVectorBits = 0;
  SmallVector<uint64_t> offsetBasis;
  /// The offset (in elements) of every element bit.
  SmallVector<uint64_t> elementOffset;
  unsigned storeWays = 1, loadWays = 1;
  uint64_t cost = 0;
};

/// How many leading register bases of `reg` can form one vector access of
/// at most 16 bytes: non-zero and independent.
unsigned getMaxVectorBits(ArrayRef<uint64_t> reg, unsigned logBytes) {
  GF2Basis span;
  unsigned bits = 0;
  while (bits + logBytes < 4 && bits < reg.size() && span.insert(reg[bits]))
    ++bits;
  return bits;
}

/// The non-zero lane bases of the first `phaseLaneBits` lanes.
SmallVector<uint64_t> getPhaseLanes(ArrayRef<uint64_t> lane,
                                    unsigned phaseLaneBits) {
  SmallVector<uint64_t> result;
  for (uint64_t basis : lane.take_front(phaseLaneBits))
    if (basis != 0)
      result.push_back(basis);
  return result;
}

/// Builds the shared layout for vectors of 2^storeVectorBits source and
/// 2^loadVectorBits destination registers (one is a prefix of the other's
/// registers); nullopt when the vectors cannot stay aligned.
std::optional<SharedCandidate>
buildSharedCandidate(const HardwareBases &src, const HardwareBases &dst,
                     unsigned storeVectorBits, unsigned loadVectorBits,
                     unsigned logBytes, unsigned offsetBits) {
  const unsigned n = offsetBits;
  // Offset bits from `high` up never change the bank.
  const unsigned high = 7 - logBytes;
  SharedCandidate candidate;
  candidate.storeVectorBits = storeVectorBits;
  candidate.loadVectorBits = loadVectorBits;
  SmallVector<uint64_t> &basis = candidate.offsetBasis;
  GF2Basis placed;
  auto place = [&](uint64_t vector) {
    if (vector == 0 || basis.size() >= n || !placed.insert(vector))
      return false;
    basis.push_back(vector);
    return true;
  };
  SmallVector<uint64_t> units;
  for (unsigned bit = 0; bit < n; ++bit)
    units.push_back(uint64_t(1) << bit);

  // The vectors take the lowest offset bits, in register order.
  unsigned vectorBits = std::max(storeVectorBits, loadVectorBits);
  ArrayRef<uint64_t> vectorSource =
      storeVectorBits >= loadVectorBits ? src.reg : dst.reg;
  for (unsigned bit = 0; bit < vectorBits; ++bit)
    if (!place(vectorSource[bit]))
      return std::nullopt;

  AccessShape store(storeVectorBits, logBytes, n);
  AccessShape load(loadVectorBits, logBytes, n);
  SmallVector<uint64_t> storeLanes =
      getPhaseLanes(src.lane, store.phaseLaneBits);
  SmallVector<uint64_t> loadLanes = getPhaseLanes(dst.lane, load.phaseLaneBits);

  // Bits inside one word (sub-word elements): directions both sides spread
  // over lanes first, so lanes share words, then the remaining registers.
  unsigned lowBits = std::max(store.lowBits, load.lowBits);
  {
    GF2Basis loadLaneSpan;
    for (uint64_t lane : loadLanes)
      loadLaneSpan.insert(lane);
    SmallVector<uint64_t> preferred;
    for (uint64_t lane : storeLanes)
      if (loadLaneSpan.contains(lane))
        preferred.push_back(lane);
    for (ArrayRef<uint64_t> list : {ArrayRef<uint64_t>(preferred), src.reg,
                                    dst.reg, ArrayRef<uint64_t>(units)})
      for (uint64_t vector : list)
        if (basis.size() < lowBits)
          place(vector);
  }

  if (n <= high) {
    // The whole buffer spans at most 128 bytes: one word per bank.
    for (ArrayRef<uint64_t> list :
         {ArrayRef<uint64_t>(storeLanes), ArrayRef<uint64_t>(loadLanes),
          src.reg, dst.reg, ArrayRef<uint64_t>(units)})
      for (uint64_t vector : list)
        place(vector);
  } else {
    // X_s and X_l: the same-word bits of each side and its phase lanes. A
    // is the side whose same-word bits are all the low bits placed so far.
    bool storeIsA = store.lowBits >= load.lowBits;
    const AccessShape &shapeA = storeIsA ? store : load;
    const AccessShape &shapeB = storeIsA ? load : store;
    SmallVector<uint64_t> spanA(basis.begin(), basis.begin() + shapeA.lowBits);
    SmallVector<uint64_t> spanB(basis.begin(), basis.begin() + shapeB.lowBits);
    spanA.append(storeIsA ? storeLanes : loadLanes);
    spanB.append(storeIsA ? loadLanes : storeLanes);
    // Lanes before low bits when looking for I, so that I's basis avoids
    // the vector bits where it can.
    std::optional<Transversal> transversal =
        buildTransversal(GF2Basis(), spanA, spanB, units, high,
                         /*enumerateFrom=*/shapeA.lowBits);
    if (!transversal)
      return std::nullopt;
    // The bank bits complete the low bits to A; R takes the bits above.
    for (ArrayRef<uint64_t> list :
         {ArrayRef<uint64_t>(transversal->intersection),
          ArrayRef<uint64_t>(transversal->onlyA)})
      for (uint64_t vector : list)
        if (basis.size() < high)
          place(vector);
    if (basis.size() != high)
      return std::nullopt;
    for (uint64_t vector : transversal->transversal)
      place(vector);
  }
  if (basis.size() != n)
    return std::nullopt;

  // The offset of each element bit, and the alignment of the vectors.
  GF2Basis offsets;
  for (auto [bit, vector] : llvm::enumerate(basis))
    offsets.insert(vector, uint64_t(1) << bit);
  for (unsigned bit = 0; bit < n; ++bit)
    candidate.elementOffset.push_back(*offsets.solve(uint64_t(1) << bit));
  auto offsetOf = [&](uint64_t element) {
    return combine(candidate.elementOffset, element);
  };
  auto isAligned = [&](const HardwareBases &side, unsigned sideVectorBits) {
    uint64_t vectorMask = (uint64_t(1) << sideVectorBits) - 1;
    for (auto [bit, vector] : llvm::enumerate(side.reg)) {
      uint64_t offset = offsetOf(vector);
      if (bit < sideVectorBits ? offset != uint64_t(1) << bit
                               : (offset & vectorMask) != 0)
        return false;
    }
    for (ArrayRef<uint64_t> list : {side.lane, side.warp})
      for (uint64_t vector : list)
        if ((offsetOf(vector) & vectorMask) != 0)
          return false;
    return true;
  };
  if (!isAligned(src, storeVectorBits) || !isAligned(dst, loadVectorBits))
    return std::nullopt;

  // 2^(dim(P + Q) + dim R - dim(P + Q + R)) words per bank, where P are
  // the phase lanes, Q the same-word bits and R the high bits.
  auto conflictWays = [&](const AccessShape &shape,
                          ArrayRef<uint64_t> lanes) -> unsigned {
    if (n <= high)
      return 1;
    GF2Basis span;
    for (unsigned bit = 0; bit < shape.lowBits; ++bit)
      span.insert(basis[bit]);
    for (uint64_t lane : lanes)
      span.insert(lane);
    unsigned withoutHigh = span.rank();
    for (unsigned bit = high; bit < n; ++bit)
      span.insert(basis[bit]);
    return 1u << (withoutHigh + (n - high) - span.rank());
  };
  candidate.storeWays = conflictWays(store, storeLanes);
  candidate.loadWays = conflictWays(load, loadLanes);

  // Cost: per warp, one issue per access plus one per wavefront.
  auto countNonZero = [](ArrayRef<uint64_t> vectors) {
    return unsigned(llvm::count_if(vectors, [](uint64_t v) { return v; }));
  };
  uint64_t storeAccesses = uint64_t(1)
                           << (countNonZero(src.reg) - storeVectorBits);
  uint64_t loadAccesses = uint64_t(1) << (dst.reg.size() - loadVectorBits);
  candidate.cost = storeAccesses * (1 + store.phases * candidate.storeWays) +
                   loadAccesses * (1 + load.phases * candidate.loadWays);
  return candidate;
}

void planSharedMemory(const LinearLayout &srcLayout, const HardwareBases &src,
                      const HardwareBases &dst, ConversionPlan &plan) {
  unsigned logBytes = llvm::Log2_32(plan.elementBytes);
  unsigned n = srcLayout.getTotalOutBits();
  unsigned maxStore = getMaxVectorBits(src.reg, logBytes);
  unsigned maxLoad = getMaxVectorBits(dst.reg, logBytes);
  unsigned common = 0;
  while (common < std::min(maxStore, maxLoad) &&
         src.reg[common] == dst.reg[common])
    ++common;
  SmallVector<std::pair<unsigned, unsigned>> tries = {{common, common}};
  if (maxStore > common)
    tries.push_back({maxStore, common});
  if (maxLoad > common)
    tries.push_back({common, maxLoad});
  if (common > 0)
    tries.push_back({0, 0});
  std::optional<SharedCandidate> best;
  for (auto [storeBits, loadBits] : tries) {
    std::optional<SharedCandidate> candidate =
        buildSharedCandidate(src, dst, storeBits, loadBits, logBytes, n);
    if (candidate && (!best || candidate->cost < best->cost))
      best = std::move(candidate);
  }
  assert(best && "scalar accesses are always aligned");

  plan.kind = ConversionKind::SharedMemory;
  plan.sharedLayout = LinearLayout(
      {{LinearLayout::kOffset.str(), best->offsetBasis}},
      SmallVector<LinearLayout::OutDim>(srcLayout.getOutDims().begin(),
                                        srcLayout.getOutDims().end()));
  plan.sharedBytes = plan.elementBytes << n;
  plan.storeVectorElements = 1u << best->storeVectorBits;
  plan.loadVectorElements = 1u << best->loadVectorBits;
  plan.storeConflictWays = best->storeWays;
  plan.loadConflictWays = best->loadWays;

  // Byte offsets are linear in the hardware bits too.
  auto byteOffsets = [&](ArrayRef<uint64_t> vectors) {
    SmallVector<uint64_t> result;
    for (uint64_t vector : vectors)
      result.push_back(combine(best->elementOffset, vector) << logBytes);
    return result;
  };
  auto freeMask = [](ArrayRef<uint64_t> vectors) {
    uint64_t mask = 0;
    for (auto [bit, vector] : llvm::enumerate(vectors))
      if (vector == 0)
        mask |= uint64_t(1) << bit;
    return mask;
  };
  unsigned numThreads = plan.numWarps * kLanes;
  auto fill = [&](const HardwareBases &side, unsigned numRegisters,
                  bool ownersOnly, SmallVector<int64_t> &table) {
    SmallVector<uint64_t> reg = byteOffsets(side.reg);
    SmallVector<uint64_t> lane = byteOffsets(side.lane);
    SmallVector<uint64_t> warp = byteOffsets(side.warp);
    uint64_t freeReg = freeMask(side.reg), freeLane = freeMask(side.lane),
             freeWarp = freeMask(side.warp);
    // Register r's offset from that of r without its lowest set bit.
    SmallVector<uint64_t> registerOffset(numRegisters, 0);
    for (unsigned r = 1; r < numRegisters; ++r)
      registerOffset[r] =
          registerOffset[r & (r - 1)] ^ reg[llvm::countr_zero(r)];
    table.assign(size_t(numThreads) * numRegisters, -1);
    for (unsigned thread = 0; thread < numThreads; ++thread) {
      unsigned laneId = thread % kLanes, warpId = thread / kLanes;
      if (ownersOnly && ((laneId & freeLane) || (warpId & freeWarp)))
        continue;
      uint64_t threadOffset = combine(lane, laneId) ^ combine(warp, warpId);
      int64_t *row = table.data() + size_t(thread) * numRegisters;
      for (unsigned r = 0; r < numRegisters; ++r)
        if (!ownersOnly || !(r & freeReg))
          row[r] = int64_t(threadOffset ^ registerOffset[r]);
    }
  };
  fill(src, plan.numSrcRegisters, /*ownersOnly=*/true, plan.storeOffsets);
  fill(dst, plan.numDstRegisters, /*ownersOnly=*/false, plan.loadOffsets);
}

} // namespace

std::optional<ConversionPlan>
mlir::cuda_tile::planConversion(const LinearLayout &src,
                                const LinearLayout &dst, unsigned elementBytes,
                                ConversionOptions options) {
  if (!src.isDistributed() || !dst.isDistributed())
    return std::nullopt;
  if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4 &&
      elementBytes != 8)
    return std::nullopt;
  ArrayRef<LinearLayout::OutDim> srcOuts = src.getOutDims();
  ArrayRef<LinearLayout::OutDim> dstOuts = dst.getOutDims();
  if (srcOuts.size() != dstOuts.size() ||
      src.getNumWarps() != dst.getNumWarps())
    return std::nullopt;
  for (auto [a, b] : llvm::zip_equal(srcOuts, dstOuts))
    if (a.name != b.name || a.numBits != b.numBits)
      return std::nullopt;

  HardwareBases srcBases(src), dstBases(dst);
  // Every element the destination places must be held by the source.
  GF2Basis held;
  for (ArrayRef<uint64_t> list : {srcBases.reg, srcBases.lane, srcBases.warp})
    for (uint64_t basis : list)
      held.insert(basis);
  for (ArrayRef<uint64_t> list : {dstBases.reg, dstBases.lane, dstBases.warp})
    for (uint64_t basis : list)
      if (!held.contains(basis))
        return std::nullopt;

  ConversionPlan plan;
  plan.elementBytes = elementBytes;
  plan.numWarps = src.getNumWarps();
  plan.numSrcRegisters = src.getNumRegisters();
  plan.numDstRegisters = dst.getNumRegisters();
  if (options.allowRegisterPermutation &&
      planRegisterPermutation(srcBases, dstBases, plan))
    return plan;
  if (options.allowWarpShuffle && planWarpShuffle(srcBases, dstBases, plan))
    return plan;
  planSharedMemory(src, srcBases, dstBases, plan);
  return plan;
}

std::optional<SmallVector<unsigned>>
mlir::cuda_tile::registerPermutationOf(const LinearLayout &src,
                                       const LinearLayout &dst) {
  ConversionOptions registersOnly;
  registersOnly.allowWarpShuffle = false;
  // The element width only matters to shared-memory plans.
  std::optional<ConversionPlan> plan =
      planConversion(src, dst, /*elementBytes=*/4, registersOnly);
  if (!plan || plan->kind != ConversionKind::RegisterPermutation)
    return std::nullopt;
  return plan->registerSource;
}

//===----------------------------------------------------------------------===//
// Conversions in parts
//===----------------------------------------------------------------------===//

namespace {
/// `value` without the bits at `positions` (ascending), the higher bits
/// moved down.
uint64_t removeBits(uint64_t value, ArrayRef<unsigned> positions) {
  for (unsigned i = positions.size(); i-- > 0;) {
    uint64_t low = value & ((uint64_t(1) << positions[i]) - 1);
    value = ((value >> (positions[i] + 1)) << positions[i]) | low;
  }
  return value;
}

/// `value` with bit i of `bits` inserted at positions[i] (ascending).
uint64_t insertBits(uint64_t value, ArrayRef<unsigned> positions,
                    uint64_t bits) {
  for (auto [i, position] : llvm::enumerate(positions)) {
    uint64_t low = value & ((uint64_t(1) << position) - 1);
    value = ((value >> position) << (position + 1)) | low |
            (((bits >> i) & 1) << position);
  }
  return value;
}
} // namespace

unsigned PartedConversion::sourceRegister(unsigned part, unsigned reg) const {
  // Insert the part's bits at their register positions, lowest first.
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < partRegisterBits.size(); ++i)
    order.push_back(i);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return partRegisterBits[a] < partRegisterBits[b];
  });
  uint64_t value = reg;
  for (unsigned i : order)
    value = insertBits(value, partRegisterBits[i], (part >> i) & 1);
  return unsigned(value);
}

uint64_t PartedConversion::elementOf(unsigned part, uint64_t index) const {
  return insertBits(index, partElementBits, part);
}

std::optional<PartedConversion>
mlir::cuda_tile::planPartedConversion(const LinearLayout &src,
                                      unsigned elementBytes,
                                      unsigned runLength,
                                      int64_t maxSharedBytes) {
  ArrayRef<uint64_t> registers = src.getBases(LinearLayout::kRegister);
  SmallVector<uint64_t> all;
  for (StringRef dim :
       {LinearLayout::kRegister, LinearLayout::kLane, LinearLayout::kWarp})
    llvm::append_range(all, src.getBases(dim));
  // Register bits that alone decide one element bit at or above the run,
  // highest element bit first.
  unsigned runBits = llvm::Log2_32(runLength);
  SmallVector<std::pair<unsigned, unsigned>> candidates;
  for (auto [reg, basis] : llvm::enumerate(registers)) {
    if (!llvm::isPowerOf2_64(basis) || llvm::Log2_64(basis) < runBits)
      continue;
    if (llvm::count_if(all, [&](uint64_t b) { return (b & basis) != 0; }) == 1)
      candidates.push_back({unsigned(llvm::Log2_64(basis)), unsigned(reg)});
  }
  llvm::sort(candidates, std::greater<>());
  SmallVector<int64_t> shape = src.getOutShape();
  unsigned numWarps = src.getNumWarps();
  for (unsigned parts = 0; parts <= candidates.size(); ++parts) {
    PartedConversion result;
    for (unsigned i = 0; i < parts; ++i)
      result.partElementBits.push_back(candidates[i].first);
    // Part bit i is element bit partElementBits[i] (ascending), held by
    // register bit partRegisterBits[i].
    llvm::sort(result.partElementBits);
    for (unsigned bit : result.partElementBits)
      for (auto [element, reg] : llvm::ArrayRef(candidates).take_front(parts))
        if (element == bit)
          result.partRegisterBits.push_back(reg);
    // The part's shape: each fixed bit halves the dimension it indexes
    // (dimensions row-major, the last fastest).
    result.partShape = shape;
    for (unsigned bit : result.partElementBits) {
      unsigned low = 0;
      for (unsigned d = shape.size(); d-- > 0;) {
        unsigned bits = llvm::Log2_64(shape[d]);
        if (bit < low + bits) {
          result.partShape[d] /= 2;
          break;
        }
        low += bits;
      }
    }
    int64_t partElements = 1;
    for (int64_t d : result.partShape)
      partElements *= d;
    if (partElements * elementBytes > maxSharedBytes)
      continue;
    if (int64_t(runLength) * 32 * numWarps > partElements)
      return std::nullopt;
    auto compress = [&](ArrayRef<uint64_t> bases) {
      SmallVector<uint64_t> out;
      for (uint64_t basis : bases)
        out.push_back(removeBits(basis, result.partElementBits));
      return out;
    };
    SmallVector<uint64_t> partRegisters;
    for (auto [reg, basis] : llvm::enumerate(registers))
      if (!llvm::is_contained(result.partRegisterBits, unsigned(reg)))
        partRegisters.push_back(removeBits(basis, result.partElementBits));
    LinearLayout part(
        {{LinearLayout::kRegister.str(), std::move(partRegisters)},
         {LinearLayout::kLane.str(),
          compress(src.getBases(LinearLayout::kLane))},
         {LinearLayout::kWarp.str(),
          compress(src.getBases(LinearLayout::kWarp))}},
        LinearLayout::tileOutDims(result.partShape));
    std::optional<ConversionPlan> plan = planConversion(
        part, LinearLayout::cyclic(result.partShape, numWarps, runLength),
        elementBytes);
    if (!plan || plan->kind != ConversionKind::SharedMemory ||
        plan->sharedBytes > maxSharedBytes)
      return std::nullopt;
    result.plan = std::move(*plan);
    return result;
  }
  return std::nullopt;
}

std::optional<XorOffsets>
mlir::cuda_tile::xorOffsetsOf(ArrayRef<int64_t> table, unsigned numThreads,
                              unsigned numRegisters) {
  assert(table.size() == size_t(numThreads) * numRegisters);
  XorOffsets offsets;
  offsets.registers.assign(table.begin(), table.begin() + numRegisters);
  for (unsigned bit = 1; bit < numThreads; bit <<= 1)
    offsets.threadBits.push_back(table[size_t(bit) * numRegisters] ^
                                 table[0]);
  for (unsigned t = 0; t < numThreads; ++t) {
    int64_t thread = 0;
    for (unsigned i = 0; i < offsets.threadBits.size(); ++i)
      if (t >> i & 1)
        thread ^= offsets.threadBits[i];
    for (unsigned r = 0; r < numRegisters; ++r) {
      int64_t entry = table[size_t(t) * numRegisters + r];
      if (entry < 0 || entry != (thread ^ offsets.registers[r]))
        return std::nullopt;
    }
  }
  return offsets;
}
