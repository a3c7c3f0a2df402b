//===- LinearLayoutTest.cpp - the algebra of linear layouts ---------------===//
//
// Checks the constructors of LinearLayout against the definitions they
// implement (by enumerating every register, lane and warp), the queries, and
// the identities of inversion and composition.
//
//===----------------------------------------------------------------------===//

#include "LayoutTestUtils.h"

#include "cuda_tile/Layout/LinearLayout.h"
#include "cuda_tile/Layout/TensorCoreLayout.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>
#include <set>

using namespace mlir::cuda_tile;
using namespace cuda_tile_test;
using llvm::SmallVector;

namespace {

/// How many (register, lane, warp) slots hold each element.
std::vector<unsigned> countHolders(const LinearLayout &layout) {
  std::vector<unsigned> holders(size_t(1) << layout.getTotalOutBits(), 0);
  for (unsigned warp = 0; warp < layout.getNumWarps(); ++warp)
    for (unsigned lane = 0; lane < layout.getNumLanes(); ++lane)
      for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg)
        ++holders[layout.apply(reg, lane, warp)];
  return holders;
}

/// Whether `layout` maps every input bit to itself (its outputs are its
/// inputs).
bool isIdentity(const LinearLayout &layout) {
  llvm::ArrayRef<LinearLayout::InDim> ins = layout.getInDims();
  for (unsigned dim = 0; dim < ins.size(); ++dim)
    for (unsigned bit = 0; bit < ins[dim].bases.size(); ++bit) {
      SmallVector<uint64_t> inputs(ins.size(), 0);
      inputs[dim] = uint64_t(1) << bit;
      if (layout.unpackOutput(layout.apply(inputs)) != inputs)
        return false;
    }
  return true;
}

TEST(GF2BasisTest, SolvesInTermsOfTheInsertedVectors) {
  GF2Basis basis;
  EXPECT_TRUE(basis.insert(0b0110, 1));
  EXPECT_TRUE(basis.insert(0b0011, 2));
  EXPECT_FALSE(basis.insert(0b0101, 4)); // 0110 ^ 0011
  EXPECT_FALSE(basis.insert(0, 8));
  EXPECT_TRUE(basis.insert(0b1000, 16));
  EXPECT_EQ(basis.rank(), 3u);
  EXPECT_TRUE(basis.contains(0b1101));
  EXPECT_FALSE(basis.contains(0b0001));
  EXPECT_EQ(basis.solve(0b0101), std::optional<uint64_t>(3));
  EXPECT_EQ(basis.solve(0b1110), std::optional<uint64_t>(17));
  EXPECT_EQ(basis.solve(0), std::optional<uint64_t>(0));
  EXPECT_EQ(basis.solve(0b10000), std::nullopt);
}

TEST(LinearLayoutTest, BlockedBasesAndPrinting) {
  LinearLayout layout =
      LinearLayout::blocked({16, 64}, {1, 4}, {8, 4}, {2, 2}, {1, 0});
  EXPECT_EQ(layout.str(), "register=[[0,1],[0,2],[0,32]], "
                          "lane=[[0,4],[0,8],[1,0],[2,0],[4,0]], "
                          "warp=[[0,16],[8,0]]");
  EXPECT_EQ(layout.getNumRegisters(), 8u);
  EXPECT_EQ(layout.getNumLanes(), 32u);
  EXPECT_EQ(layout.getNumWarps(), 4u);
  EXPECT_TRUE(layout.isDistributed());
  EXPECT_TRUE(layout.isBijective());
  EXPECT_EQ(layout.getOutShape(), (SmallVector<int64_t>{16, 64}));
  // Register 5 = bits 0 and 2: column 1 + 32; lane 9 = column 4, row 2;
  // warp 3 = column 16, row 8.
  EXPECT_EQ(layout.apply(5, 9, 3), uint64_t((2 + 8) * 64 + 33 + 4 + 16));
  EXPECT_EQ(layout.unpackOutput(layout.apply(5, 9, 3)),
            (SmallVector<uint64_t>{10, 53}));
  EXPECT_EQ(layout.packOutput({10, 53}), uint64_t(10 * 64 + 53));

  LinearLayout same = LinearLayout::distributed(
      {16, 64}, {{0, 1}, {0, 2}, {0, 32}},
      {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}, {{0, 16}, {8, 0}});
  EXPECT_EQ(same, layout);

  LinearLayout oneD = LinearLayout::blocked({8}, {2}, {32}, {1}, {0});
  EXPECT_EQ(oneD.str(), "register=[[1]], lane=[[2],[4],[0],[0],[0]], warp=[]");
  std::string streamed;
  llvm::raw_string_ostream os(streamed);
  os << oneD;
  EXPECT_EQ(streamed, oneD.str());
}

TEST(LinearLayoutTest, BlockedMatchesTheClassicDefinition) {
  // Element (i, j) of a blocked layout lives in the thread whose block
  // contains (i mod coverage, j mod coverage).
  for (auto [shape, spt, tpw, wpc, order] :
       {std::tuple<SmallVector<int64_t>, SmallVector<unsigned>,
                   SmallVector<unsigned>, SmallVector<unsigned>,
                   SmallVector<unsigned>>{
            {32, 64}, {2, 4}, {4, 8}, {2, 2}, {1, 0}},
        {{128, 16}, {4, 1}, {16, 2}, {1, 4}, {0, 1}},
        {{8, 8}, {2, 2}, {8, 4}, {2, 1}, {1, 0}},
        {{4, 256}, {1, 8}, {1, 32}, {4, 1}, {1, 0}}}) {
    LinearLayout layout = LinearLayout::blocked(shape, spt, tpw, wpc, order);
    for (unsigned warp = 0; warp < layout.getNumWarps(); ++warp)
      for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
          SmallVector<uint64_t> at =
              layout.unpackOutput(layout.apply(reg, lane, warp));
          // Thread coordinates from the lane and warp ids along `order`.
          SmallVector<int64_t> laneCoord(2), warpCoord(2);
          unsigned laneRest = lane, warpRest = warp;
          for (unsigned dim : order) {
            laneCoord[dim] = laneRest % tpw[dim];
            laneRest /= tpw[dim];
            warpCoord[dim] = warpRest % wpc[dim];
            warpRest /= wpc[dim];
          }
          for (unsigned dim = 0; dim < 2; ++dim) {
            // Threads past a small tile wrap around it.
            int64_t block = spt[dim];
            int64_t coverage = block * tpw[dim] * wpc[dim];
            int64_t blocks =
                std::max<int64_t>(1, std::min(coverage, shape[dim]) / block);
            EXPECT_EQ(int64_t(at[dim] % coverage) / block,
                      (laneCoord[dim] + warpCoord[dim] * tpw[dim]) % blocks)
                << layout << " reg " << reg << " lane " << lane;
          }
        }
  }
}

TEST(LinearLayoutTest, BlockedCoversOnceOrReplicatesEvenly) {
  for (int64_t rows = 1; rows <= 128; rows *= 4)
    for (int64_t cols = 1; cols <= 128; cols *= 2)
      for (unsigned warps : {1u, 4u, 32u})
        for (auto [spt, tpw, wpc, order] :
             {std::tuple<SmallVector<unsigned>, SmallVector<unsigned>,
                         SmallVector<unsigned>, SmallVector<unsigned>>{
                  {1, 4}, {4, 8}, {warps, 1}, {1, 0}},
              {{2, 1}, {32, 1}, {1, warps}, {0, 1}}}) {
          LinearLayout layout =
              LinearLayout::blocked({rows, cols}, spt, tpw, wpc, order);
          std::vector<unsigned> holders = countHolders(layout);
          int64_t coverRows = spt[0] * tpw[0] * wpc[0];
          int64_t coverCols = spt[1] * tpw[1] * wpc[1];
          // Threads beyond the tile hold replicas; registers never do.
          unsigned expected = std::max<int64_t>(1, coverRows / rows) *
                              std::max<int64_t>(1, coverCols / cols);
          expected /= std::max<int64_t>(1, spt[0] / rows) *
                      std::max<int64_t>(1, spt[1] / cols);
          for (unsigned count : holders)
            ASSERT_EQ(count, expected) << layout;
          EXPECT_TRUE(layout.isInjective());
          EXPECT_TRUE(layout.isSurjective());
          EXPECT_EQ(layout.isBijective(), expected == 1) << layout;
          // The replicas are exactly the zero bases.
          unsigned freeBits =
              llvm::popcount(layout.getFreeBits(LinearLayout::kLane)) +
              llvm::popcount(layout.getFreeBits(LinearLayout::kWarp));
          EXPECT_EQ(1u << freeBits, expected);
          EXPECT_EQ(layout.getFreeBits(LinearLayout::kRegister), 0u);
        }
}

TEST(LinearLayoutTest, CyclicIsTheCurrentCodeGeneratorLayout) {
  for (SmallVector<int64_t> shape :
       {SmallVector<int64_t>{1}, {16}, {4, 8}, {64, 32}, {2, 4, 512}})
    for (unsigned warps : {1u, 2u, 8u, 32u}) {
      LinearLayout layout = LinearLayout::cyclic(shape, warps);
      uint64_t size = 1;
      for (int64_t dim : shape)
        size *= dim;
      uint64_t threads = 32 * warps;
      EXPECT_EQ(layout.getNumRegisters(),
                std::max<uint64_t>(1, size / threads));
      for (unsigned warp = 0; warp < warps; ++warp)
        for (unsigned lane = 0; lane < 32; ++lane)
          for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg)
            ASSERT_EQ(layout.apply(reg, lane, warp),
                      (reg * threads + warp * 32 + lane) % size);
    }
}

TEST(LinearLayoutTest, CyclicRunsMatchTheCodeGeneratorsElementIndex) {
  for (SmallVector<int64_t> shape :
       {SmallVector<int64_t>{256}, {4, 64}, {64, 32}, {2, 4, 512}, {8192}})
    for (unsigned warps : {1u, 2u, 8u})
      for (unsigned run : {1u, 2u, 4u, 8u, 16u}) {
        uint64_t size = 1;
        for (int64_t dim : shape)
          size *= dim;
        uint64_t threads = 32 * warps;
        if (run > 1 && run * threads > size)
          continue;
        LinearLayout layout = LinearLayout::cyclic(shape, warps, run);
        EXPECT_TRUE(layout.isBijective() || size < threads) << layout;
        for (unsigned warp = 0; warp < warps; ++warp)
          for (unsigned lane = 0; lane < 32; ++lane)
            for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
              uint64_t t = warp * 32 + lane;
              ASSERT_EQ(layout.apply(reg, lane, warp),
                        ((reg / run * threads + t) * run + reg % run) % size);
            }
        // A run is consecutive elements of the innermost dimension in
        // consecutive registers.
        if (shape.back() >= run)
          EXPECT_GE(layout.contiguousElementsPerThread(shape.size() - 1), run)
              << layout;
      }
}

TEST(LinearLayoutTest, MmaAccumulatorIsThePtxFragmentLayout) {
  // The fragment layout of the PTX ISA's mma.sync accumulators, written out:
  // c0, c1 at row groupID, columns 2 * threadID_in_group + {0, 1}; c2, c3 at
  // row groupID + 8 (m16n8); m8n8 (f64): c0, c1 at row groupID.
  unsigned checked = 0;
  for (bool wholeRows : {false, true})
  for (unsigned instRows : {16u, 8u})
    for (int64_t batch : {1, 2, 4})
      for (int64_t rows = instRows; rows <= 256; rows *= 2)
        for (int64_t cols = 8; cols <= 256; cols *= 2)
          for (unsigned warps = 1; warps <= 32; warps *= 2) {
            int64_t tilesM = rows / instRows, tilesN = cols / 8;
            int64_t tiles = batch * tilesM * tilesN;
            if (tiles % warps != 0)
              continue;
            LinearLayout layout = LinearLayout::mmaAccumulator(
                {batch, rows, cols}, warps, instRows, 8, wholeRows);
            MmaWarpGrid grid = MmaWarpGrid::choose(
                batch, tilesM, tilesN, warps, instRows, 8, wholeRows);
            if (wholeRows && batch * tilesM >= warps)
              ASSERT_EQ(grid.colWarps, 1);
            ASSERT_TRUE(layout.isDistributed()) << layout;
            ASSERT_TRUE(layout.isBijective()) << layout;
            unsigned perLane = instRows * 8 / 32;
            ASSERT_EQ(layout.getNumRegisters(), tiles / warps * perLane);
            for (unsigned warp = 0; warp < warps; ++warp)
              for (unsigned lane = 0; lane < 32; ++lane)
                for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
                  // The warp's block of the grid, walked row-major.
                  int64_t j = reg / perLane;
                  unsigned c = reg % perLane;
                  int64_t blockM = tilesM / grid.rowWarps,
                          blockN = tilesN / grid.colWarps,
                          blockB = batch / grid.batchWarps;
                  int64_t b = warp / (grid.colWarps * grid.rowWarps) * blockB +
                              j / (blockM * blockN);
                  int64_t mt = warp / grid.colWarps % grid.rowWarps * blockM +
                               j / blockN % blockM;
                  int64_t nt = warp % grid.colWarps * blockN + j % blockN;
                  int64_t row = mt * instRows + lane / 4 + (c >= 2 ? 8 : 0);
                  int64_t col = nt * 8 + 2 * (lane % 4) + c % 2;
                  ASSERT_EQ(layout.apply(reg, lane, warp),
                            uint64_t((b * rows + row) * cols + col))
                      << layout;
                }
            // Pairs of consecutive columns in consecutive registers.
            EXPECT_EQ(layout.contiguousElementsPerThread(2), 2u) << layout;
            ++checked;
          }
  EXPECT_GT(checked, 800u);
}

TEST(LinearLayoutTest, WholeRowAccumulatorHoldsTheNextMatmulsA) {
  // With whole rows per warp, the m16n8 accumulator fragments of n8 tiles
  // 2kb and 2kb + 1 are, in pairs, the PTX ISA's m16n8k16 A fragment of k16
  // step kb: a0a1 at row groupID, columns 2 * threadID_in_group + {0, 1};
  // a2a3 at row groupID + 8; a4..a7 the same 8 columns on.
  unsigned checked = 0;
  for (int64_t batch : {1, 2})
    for (int64_t rows = 16; rows <= 128; rows *= 2)
      for (int64_t k = 16; k <= 256; k *= 2)
        for (unsigned warps = 1; warps <= batch * rows / 16; warps *= 2) {
          LinearLayout layout = LinearLayout::mmaAccumulator(
              {batch, rows, k}, warps, 16, 8, /*wholeRows=*/true);
          MmaWarpGrid grid = MmaWarpGrid::choose(batch, rows / 16, k / 8,
                                                 warps, 16, 8, true);
          ASSERT_EQ(grid.colWarps, 1);
          int64_t blockB = batch / grid.batchWarps,
                  blockM = rows / 16 / grid.rowWarps;
          for (unsigned warp = 0; warp < warps; ++warp)
            for (unsigned lane = 0; lane < 32; ++lane)
              for (int64_t jb = 0; jb < blockB; ++jb)
                for (int64_t jm = 0; jm < blockM; ++jm)
                  for (int64_t kb = 0; kb < k / 16; ++kb)
                    for (int64_t i = 0; i < 8; ++i) {
                      int64_t half = i >> 2, pair = (i >> 1) & 1;
                      int64_t tile =
                          (jb * blockM + jm) * (k / 8) + 2 * kb + half;
                      unsigned reg = unsigned(tile * 4 + 2 * pair + (i & 1));
                      int64_t b = warp / grid.rowWarps * blockB + jb;
                      int64_t row = (warp % grid.rowWarps * blockM + jm) * 16 +
                                    lane / 4 + 8 * pair;
                      int64_t col = kb * 16 + 2 * (lane % 4) + (i & 1) + 8 * half;
                      ASSERT_EQ(layout.apply(reg, lane, warp),
                                uint64_t((b * rows + row) * k + col))
                          << "warp " << warp << " lane " << lane << " a" << i;
                    }
          ++checked;
        }
  EXPECT_GT(checked, 30u);
}

TEST(LinearLayoutTest, ReplicatedGivesEveryThreadTheTile) {
  LinearLayout layout = LinearLayout::replicated({4, 8}, 4);
  EXPECT_EQ(layout.getNumRegisters(), 32u);
  EXPECT_EQ(layout.getFreeBits(LinearLayout::kLane), 0x1fu);
  EXPECT_EQ(layout.getFreeBits(LinearLayout::kWarp), 0x3u);
  for (unsigned reg = 0; reg < 32; ++reg)
    EXPECT_EQ(layout.apply(reg, 17, 3), reg);
  EXPECT_TRUE(layout.isInjective());
  EXPECT_FALSE(layout.isBijective());
}

TEST(LinearLayoutTest, SlicedHoldsTheReducedRows) {
  for (auto [shape, spt, tpw, wpc, order] :
       {std::tuple<SmallVector<int64_t>, SmallVector<unsigned>,
                   SmallVector<unsigned>, SmallVector<unsigned>,
                   SmallVector<unsigned>>{
            {32, 64}, {1, 4}, {4, 8}, {2, 2}, {1, 0}},
        {{16, 8, 32}, {1, 2, 2}, {2, 2, 8}, {4, 1, 1}, {2, 1, 0}},
        {{2, 512}, {2, 2}, {1, 32}, {8, 1}, {0, 1}}}) {
    LinearLayout parent = LinearLayout::blocked(shape, spt, tpw, wpc, order);
    for (unsigned dim = 0; dim < shape.size(); ++dim) {
      LinearLayout sliced = LinearLayout::sliced(parent, dim);
      SmallVector<int64_t> slicedShape(shape);
      slicedShape.erase(slicedShape.begin() + dim);
      EXPECT_EQ(sliced.getOutShape(), slicedShape);
      EXPECT_EQ(sliced.getOutDims().back().name,
                LinearLayout::tileDimName(shape.size() - 2));
      // Each thread holds exactly the projections of its parent elements,
      // each once.
      for (unsigned warp = 0; warp < parent.getNumWarps(); ++warp)
        for (unsigned lane = 0; lane < 32; ++lane) {
          std::set<SmallVector<uint64_t>> expected, actual;
          for (unsigned reg = 0; reg < parent.getNumRegisters(); ++reg) {
            SmallVector<uint64_t> at =
                parent.unpackOutput(parent.apply(reg, lane, warp));
            at.erase(at.begin() + dim);
            expected.insert(at);
          }
          for (unsigned reg = 0; reg < sliced.getNumRegisters(); ++reg)
            actual.insert(sliced.unpackOutput(sliced.apply(reg, lane, warp)));
          ASSERT_EQ(actual, expected) << sliced;
          ASSERT_EQ(actual.size(), sliced.getNumRegisters()) << sliced;
        }
    }
  }
}

TEST(LinearLayoutTest, CollapsedMapsCopiesToTheirSource) {
  // Through a broadcast from `source`, every register of every thread maps
  // to the source element its element copies.
  for (auto [layout, source] :
       {std::pair<LinearLayout, SmallVector<int64_t>>{
            LinearLayout::mmaAccumulator({128, 64}, 8, 16, 8, true),
            {128, 1}},
        {LinearLayout::mmaAccumulator({64, 128}, 4, 16, 8), {1, 128}},
        {LinearLayout::cyclic({4, 16, 32}, 4, 4), {4, 1, 32}},
        {LinearLayout::cyclic({8, 8}, 2), {1, 1}}}) {
    LinearLayout seen = LinearLayout::collapsed(layout, source);
    EXPECT_EQ(seen.getOutShape(), source);
    LinearLayout sourceTile({}, LinearLayout::tileOutDims(source));
    for (unsigned warp = 0; warp < layout.getNumWarps(); ++warp)
      for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
          SmallVector<uint64_t> at =
              layout.unpackOutput(layout.apply(reg, lane, warp));
          for (auto [dim, size] : llvm::enumerate(source))
            if (size == 1)
              at[dim] = 0;
          ASSERT_EQ(seen.apply(reg, lane, warp), sourceTile.packOutput(at))
              << layout;
        }
  }
}

TEST(LinearLayoutTest, RegistersAndThreadsOwnSeparateElementBits) {
  // The code generator's layouts (cyclic with runs, mma fragments and their
  // slices) give registers and threads disjoint element bits, so a slot's
  // element index is its register's constant plus the thread's part (the
  // broadcast of index tiles relies on it).
  auto separate = [](const LinearLayout &layout) {
    uint64_t registers = 0, threads = 0;
    for (uint64_t basis : layout.getBases(LinearLayout::kRegister))
      registers |= basis;
    for (llvm::StringRef in : {LinearLayout::kLane, LinearLayout::kWarp})
      for (uint64_t basis : layout.getBases(in))
        threads |= basis;
    return (registers & threads) == 0;
  };
  unsigned checked = 0;
  for (int64_t rows : {1, 16, 64, 128})
    for (int64_t cols : {8, 64, 256})
      for (unsigned warps : {1u, 4u, 8u, 16u}) {
        for (unsigned runs : {1u, 2u, 4u})
          if (runs == 1 || rows * cols >= int64_t(runs) * 32 * warps) {
            EXPECT_TRUE(separate(LinearLayout::cyclic({rows, cols}, warps,
                                                      runs)));
            ++checked;
          }
        if (rows < 16 || (rows / 16) * (cols / 8) % warps)
          continue;
        for (bool wholeRows : {false, true}) {
          LinearLayout mma = LinearLayout::mmaAccumulator(
              {rows, cols}, warps, 16, 8, wholeRows);
          EXPECT_TRUE(separate(mma)) << mma;
          EXPECT_TRUE(separate(LinearLayout::sliced(mma, 0))) << mma;
          EXPECT_TRUE(separate(LinearLayout::sliced(mma, 1))) << mma;
          ++checked;
        }
      }
  EXPECT_GT(checked, 100u);
}

TEST(LinearLayoutTest, SwizzledSharedIsTheClassicBijection) {
  for (auto [rows, cols, vec, perPhase, maxPhase] :
       {std::tuple<int64_t, int64_t, unsigned, unsigned, unsigned>{64, 64, 4, 1,
                                                                   8},
        {32, 128, 8, 2, 4},
        {128, 32, 1, 1, 32},
        {16, 16, 2, 4, 8},
        {8, 256, 16, 1, 16},
        {4, 4, 1, 1, 1}}) {
    for (bool rowMajor : {true, false}) {
      SmallVector<unsigned> order =
          rowMajor ? SmallVector<unsigned>{1, 0} : SmallVector<unsigned>{0, 1};
      LinearLayout layout = LinearLayout::swizzledShared(
          {rows, cols}, vec, perPhase, maxPhase, order);
      EXPECT_TRUE(layout.isBijective()) << layout;
      int64_t lineLength = rowMajor ? cols : rows;
      int64_t numLines = rowMajor ? rows : cols;
      std::vector<bool> seen(rows * cols, false);
      for (int64_t line = 0; line < numLines; ++line)
        for (int64_t pos = 0; pos < lineLength; ++pos) {
          // The classic formula: offset of (line, pos).
          int64_t phase = (line / perPhase) % maxPhase;
          int64_t offset = line * lineLength +
                           (((pos / vec) ^ phase) * vec) % lineLength +
                           pos % vec;
          SmallVector<uint64_t> at = layout.unpackOutput(
              layout.apply(SmallVector<uint64_t>{uint64_t(offset)}));
          SmallVector<uint64_t> expected =
              rowMajor ? SmallVector<uint64_t>{uint64_t(line), uint64_t(pos)}
                       : SmallVector<uint64_t>{uint64_t(pos), uint64_t(line)};
          ASSERT_EQ(at, expected) << layout << " offset " << offset;
          ASSERT_FALSE(seen[offset]);
          seen[offset] = true;
        }
    }
  }
  // Rank 1 and 3: no swizzle in rank 1; rows are dimension order[1].
  EXPECT_EQ(LinearLayout::swizzledShared({64}, 4, 1, 8, {0}),
            LinearLayout::identity({64}));
  LinearLayout threeD =
      LinearLayout::swizzledShared({4, 8, 16}, 2, 1, 4, {2, 1, 0});
  EXPECT_TRUE(threeD.isBijective());
  EXPECT_EQ(threeD.str(),
            "offset=[[0,0,1],[0,0,2],[0,0,4],[0,0,8],[0,1,2],[0,2,4],[0,4,0],"
            "[1,0,0],[2,0,0]]");
}

TEST(LinearLayoutTest, Queries) {
  LinearLayout rowVec =
      LinearLayout::blocked({32, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  EXPECT_EQ(rowVec.contiguousElementsPerThread(1), 8u);
  EXPECT_EQ(rowVec.contiguousElementsPerThread(0), 1u);
  LinearLayout colVec =
      LinearLayout::blocked({32, 64}, {4, 2}, {8, 4}, {1, 4}, {0, 1});
  EXPECT_EQ(colVec.contiguousElementsPerThread(0), 4u);
  EXPECT_EQ(colVec.contiguousElementsPerThread(1), 1u);
  // A block wider than the tile: the registers stop at the tile's edge.
  LinearLayout narrow =
      LinearLayout::blocked({4, 4}, {1, 8}, {4, 8}, {1, 1}, {1, 0});
  EXPECT_EQ(narrow.contiguousElementsPerThread(1), 4u);
  EXPECT_EQ(narrow.getNumRegisters(), 4u);
  // Lanes walk columns first: the first three are past the tile.
  EXPECT_EQ(narrow.getFreeBits(LinearLayout::kLane), 0x7u);

  LinearLayout notInjective = LinearLayout::distributed(
      {8}, {{1}, {2}, {3}}, {{4}, {0}, {0}, {0}, {0}}, {});
  EXPECT_FALSE(notInjective.isInjective());
  EXPECT_TRUE(notInjective.isSurjective());
  LinearLayout notSurjective =
      LinearLayout::distributed({8}, {{1}}, {{2}, {0}, {0}, {0}, {0}}, {});
  EXPECT_TRUE(notSurjective.isInjective());
  EXPECT_FALSE(notSurjective.isSurjective());
  EXPECT_EQ(notSurjective.getInDimBits("nope"), 0u);
  EXPECT_FALSE(notSurjective.hasInDim("nope"));
  EXPECT_EQ(notSurjective.findInDim(LinearLayout::kWarp),
            std::optional<unsigned>(2));
}

TEST(LinearLayoutTest, InvertAndCompose) {
  std::mt19937_64 random(7);
  for (SmallVector<int64_t> shape :
       {SmallVector<int64_t>{1}, {32}, {8, 16}, {64, 64}, {2, 4, 128}}) {
    for (unsigned warps : {1u, 4u, 16u}) {
      LinearLayout mixing = makeRandomInvertible(shape, random);
      SmallVector<LinearLayout> layouts = {
          LinearLayout::cyclic(shape, warps),
          LinearLayout::replicated(shape, warps),
          LinearLayout::cyclic(shape, warps).compose(mixing)};
      for (const LinearLayout &layout : layouts) {
        ASSERT_TRUE(layout.isSurjective());
        LinearLayout inverse = layout.invert();
        // elements -> hardware -> elements is the identity.
        EXPECT_TRUE(isIdentity(inverse.compose(layout))) << layout;
        // hardware -> elements -> hardware keeps the element.
        LinearLayout roundTrip = layout.compose(inverse);
        for (unsigned warp = 0; warp < warps; ++warp)
          for (unsigned lane = 0; lane < 32; lane += 7)
            for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
              SmallVector<uint64_t> hardware = {reg, lane, warp};
              SmallVector<uint64_t> back =
                  roundTrip.unpackOutput(roundTrip.apply(hardware));
              ASSERT_EQ(layout.apply(back), layout.apply(hardware));
            }
        // A bijection round-trips exactly; otherwise the round trip is a
        // projection onto the chosen owners.
        if (layout.isBijective())
          EXPECT_TRUE(isIdentity(roundTrip)) << layout;
        else
          EXPECT_EQ(roundTrip.compose(roundTrip), roundTrip);
        // The chosen owner of an element is a register of lane 0, warp 0
        // when every thread holds the tile.
        if (layout.getFreeBits(LinearLayout::kLane) == 0x1f &&
            layout.getFreeBits(LinearLayout::kWarp) == (uint64_t(warps) - 1))
          for (uint64_t element = 0; element < (1u << layout.getTotalOutBits());
               ++element) {
            SmallVector<uint64_t> owner = inverse.unpackOutput(
                inverse.apply(layout.unpackOutput(element)));
            EXPECT_EQ(owner[1], 0u);
            EXPECT_EQ(owner[2], 0u);
          }
      }
      // Composition is associative, and the inverse of a composition of
      // bijections is the composition of the inverses, reversed.
      LinearLayout other = makeRandomInvertible(shape, random);
      LinearLayout base = LinearLayout::cyclic(shape, warps);
      if (base.isBijective()) {
        EXPECT_EQ(base.compose(mixing).compose(other),
                  base.compose(mixing.compose(other)));
        EXPECT_EQ(mixing.compose(other).invert(),
                  other.invert().compose(mixing.invert()));
      }
    }
  }
}

TEST(LinearLayoutTest, SharedLayoutsInvertToOffsets) {
  LinearLayout swizzled =
      LinearLayout::swizzledShared({32, 32}, 4, 1, 8, {1, 0});
  LinearLayout offsets = swizzled.invert();
  EXPECT_EQ(offsets.getOutDims().size(), 1u);
  EXPECT_EQ(offsets.getOutDims()[0].name, LinearLayout::kOffset.str());
  // Element (1, 0) sits at the start of row 1 xor phase 1: column 4.
  EXPECT_EQ(offsets.apply({1, 0}), 32u + 4u);
  EXPECT_EQ(offsets.apply({1, 4}), 32u);
  EXPECT_TRUE(isIdentity(swizzled.compose(offsets)));
}

} // namespace
