//===- TensorCoreLayoutTest.cpp - mma.sync warp grid, staging, ldmatrix ---===//
//
// The tensor-core operand path on a CPU model: operands staged into the
// swizzled shared layout and read back with ldmatrix (as the PTX ISA
// describes it) must give every lane exactly the mma.sync operand fragments
// the ISA lists, without bank conflicts in the stores or the reads.
//
//===----------------------------------------------------------------------===//

#include "CTAModel.h"
#include "LayoutTestUtils.h"

#include "cuda_tile/Layout/TensorCoreLayout.h"

#include "gtest/gtest.h"

#include <map>
#include <vector>

using namespace mlir::cuda_tile;
using cuda_tile_test::CTAModel;

namespace {

TEST(TensorCoreLayoutTest, WarpGridSharesTheTiles) {
  // 128x128 f32 accumulators of m16n8 tiles: square warp blocks.
  auto grid = [](int64_t warps) {
    return MmaWarpGrid::choose(1, 8, 16, warps, 16, 8);
  };
  EXPECT_EQ(grid(16), (MmaWarpGrid{1, 4, 4})); // 32x32 per warp
  EXPECT_EQ(grid(8), (MmaWarpGrid{1, 2, 4}));  // 64x32
  EXPECT_EQ(grid(4), (MmaWarpGrid{1, 2, 2}));  // 64x64
  EXPECT_EQ(grid(1), (MmaWarpGrid{1, 1, 1}));
  // Fewer tiles than warps: one tile per warp.
  EXPECT_EQ(MmaWarpGrid::choose(2, 1, 2, 8, 16, 8), (MmaWarpGrid{2, 1, 2}));
  for (int64_t batch : {1, 2, 4})
    for (int64_t tilesM = 1; tilesM <= 32; tilesM *= 2)
      for (int64_t tilesN = 1; tilesN <= 32; tilesN *= 2)
        for (int64_t warps = 1; warps <= 32; warps *= 2) {
          MmaWarpGrid g = MmaWarpGrid::choose(batch, tilesM, tilesN, warps,
                                              16, 8);
          int64_t tiles = batch * tilesM * tilesN;
          EXPECT_EQ(g.numWarps(), std::min(tiles, warps));
          EXPECT_EQ(batch % g.batchWarps, 0);
          EXPECT_EQ(tilesM % g.rowWarps, 0);
          EXPECT_EQ(tilesN % g.colWarps, 0);
        }
}

TEST(TensorCoreLayoutTest, OperandSwizzleIsASwizzledSharedLayout) {
  for (int64_t rowBytes = 16; rowBytes <= 512; rowBytes *= 2)
    for (int64_t elementBytes : {1, 2, 4, 8}) {
      int64_t rows = 64, cols = rowBytes / elementBytes;
      OperandSwizzle swizzle = OperandSwizzle::forTile(rows, rowBytes);
      EXPECT_EQ(swizzle.perPhase * swizzle.maxPhase * swizzle.blockBytes() >=
                    128,
                true);
      if (rowBytes > 128) {
        // Column blocks of 128 bytes, each the 128-byte rows' layout.
        OperandSwizzle block = OperandSwizzle::forTile(rows, 128);
        std::vector<bool> used(rows * rowBytes);
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t byte = 0; byte < rowBytes; byte += elementBytes) {
            int64_t offset = swizzle.byteOffset(r, byte);
            ASSERT_EQ(offset, byte / 128 * rows * 128 +
                                  block.byteOffset(r, byte % 128));
            ASSERT_FALSE(used[offset]);
            used[offset] = true;
          }
        continue;
      }
      LinearLayout layout = swizzle.layout(rows, elementBytes);
      ASSERT_TRUE(layout.isBijective()) << layout;
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c) {
          int64_t offset = swizzle.byteOffset(r, c * elementBytes);
          ASSERT_EQ(offset % elementBytes, 0);
          ASSERT_EQ(layout.apply({uint64_t(offset / elementBytes)}),
                    uint64_t(r * cols + c))
              << "row " << r << " column " << c << " of " << rowBytes;
        }
    }
}

/// The byte offsets of the 32 lanes' ldmatrix rows for the block at row
/// `row0`, byte `byte0` of a staged operand.
std::vector<int64_t> ldmatrixOffsets(const OperandSwizzle &swizzle,
                                     int64_t row0, int64_t byte0) {
  std::vector<int64_t> offsets;
  for (unsigned lane = 0; lane < 32; ++lane) {
    LdmatrixRow at = ldmatrixRow(lane);
    offsets.push_back(swizzle.byteOffset(row0 + at.row, byte0 + at.byte));
  }
  return offsets;
}

TEST(TensorCoreLayoutTest, LdmatrixReadsWithoutBankConflicts) {
  for (int64_t rowBytes = 32; rowBytes <= 512; rowBytes *= 2) {
    OperandSwizzle swizzle = OperandSwizzle::forTile(64, rowBytes);
    // Blocks start at 16-row and 32-byte boundaries (A: k16 of 16-bit
    // values; B: two n8 tiles).
    for (int64_t row0 = 0; row0 < 64; row0 += 16)
      for (int64_t byte0 = 0; byte0 < rowBytes; byte0 += 32) {
        cuda_tile_test::BankCost cost = CTAModel::measureBanks(
            ldmatrixOffsets(swizzle, row0, byte0), 16);
        EXPECT_EQ(cost.ways, 1u) << rowBytes << " " << row0 << " " << byte0;
        EXPECT_EQ(cost.wavefronts, 4u);
      }
  }
}

TEST(TensorCoreLayoutTest, StagingStoresWithoutBankConflicts) {
  // The code generator's cyclic layout of an operand tile, runs of 16
  // bytes, stored run by run into its rows.
  for (int64_t elementBytes : {1, 2, 4})
    for (int64_t rowElems : {16, 32, 64, 128, 256})
      for (unsigned warps : {4u, 8u, 16u}) {
        int64_t rowBytes = rowElems * elementBytes;
        if (rowBytes < 32 || rowBytes > 512)
          continue;
        int64_t run = 16 / elementBytes, rows = 4096 / rowElems;
        // The code generator gives runs this long only to tiles covering
        // the CTA with them.
        if (run * 32 * warps > 4096)
          continue;
        LinearLayout layout =
            LinearLayout::cyclic({rows, rowElems}, warps, unsigned(run));
        OperandSwizzle swizzle = OperandSwizzle::forTile(rows, rowBytes);
        for (unsigned warp = 0; warp < warps; ++warp)
          for (unsigned reg = 0; reg < layout.getNumRegisters(); reg += run) {
            std::vector<int64_t> offsets;
            for (unsigned lane = 0; lane < 32; ++lane) {
              uint64_t element = layout.apply(reg, lane, warp);
              offsets.push_back(swizzle.byteOffset(
                  int64_t(element) / rowElems,
                  int64_t(element) % rowElems * elementBytes));
            }
            EXPECT_EQ(CTAModel::measureBanks(offsets, 16).ways, 1u)
                << rowBytes << " bytes per row, " << warps << " warps";
          }
      }
}

/// A byte of shared memory in the model: which element it belongs to and
/// which of its bytes it is.
struct Byte {
  int64_t element = -1;
  int64_t part = 0;
  bool operator==(const Byte &o) const {
    return element == o.element && part == o.part;
  }
};

/// ldmatrix as the PTX ISA describes it, over shared memory of tagged
/// bytes: the 32-bit register `matrix` of lane `lane`, each matrix row
/// coming from the address lane 8 * matrix + row supplies. Without .trans,
/// lane i holds row i / 4, 16-bit columns 2 * (i % 4) and 2 * (i % 4) + 1;
/// with .trans, rows 2 * (i % 4) and 2 * (i % 4) + 1 of column i / 4.
std::array<Byte, 4> ldmatrix(const std::vector<Byte> &shared,
                             const std::vector<int64_t> &addresses,
                             unsigned lane, unsigned matrix, bool trans) {
  std::array<Byte, 4> reg;
  for (unsigned half = 0; half < 2; ++half) {
    unsigned row = trans ? 2 * (lane % 4) + half : lane / 4;
    unsigned col = trans ? lane / 4 : 2 * (lane % 4) + half;
    int64_t address = addresses[8 * matrix + row] + 2 * col;
    reg[2 * half] = shared[address];
    reg[2 * half + 1] = shared[address + 1];
  }
  return reg;
}

/// The mma.sync operand fragments of the PTX ISA: (row, column) of the
/// fragment element `i` of lane (g = lane / 4, t = lane % 4).
struct Fragment {
  const char *name;
  int64_t elementBytes;
  bool isB;
  std::pair<int64_t, int64_t> (*position)(int64_t g, int64_t t, int64_t i);
};

const Fragment kFragments[] = {
    {"A f16/bf16 m16n8k16", 2, false,
     [](int64_t g, int64_t t, int64_t i) {
       return std::pair<int64_t, int64_t>(g + 8 * ((i >> 1) & 1),
                                          2 * t + (i & 1) + 8 * (i >> 2));
     }},
    {"A tf32 m16n8k8", 4, false,
     [](int64_t g, int64_t t, int64_t i) {
       return std::pair<int64_t, int64_t>(g + 8 * (i & 1), t + 4 * (i >> 1));
     }},
    {"A s8/u8 m16n8k32", 1, false,
     [](int64_t g, int64_t t, int64_t i) {
       return std::pair<int64_t, int64_t>(g + 8 * ((i >> 2) & 1),
                                          4 * t + (i & 3) + 16 * (i >> 3));
     }},
    // B is K x N; (row, column) = (k, n).
    {"B f16/bf16 m16n8k16", 2, true,
     [](int64_t g, int64_t t, int64_t i) {
       return std::pair<int64_t, int64_t>(2 * t + (i & 1) + 8 * (i >> 1), g);
     }},
    {"B s8/u8/e4m3/e5m2 m16n8k32", 1, true,
     [](int64_t g, int64_t t, int64_t i) {
       return std::pair<int64_t, int64_t>(4 * t + (i & 3) + 16 * (i >> 2), g);
     }},
    {"B tf32 m16n8k8", 4, true,
     [](int64_t g, int64_t t, int64_t i) {
       return std::pair<int64_t, int64_t>(t + 4 * i, g);
     }},
};

TEST(TensorCoreLayoutTest, LdmatrixGivesTheMmaOperandFragments) {
  unsigned checked = 0;
  for (const Fragment &f : kFragments)
    for (int64_t rowBytes = 32; rowBytes <= 256; rowBytes *= 2) {
      // (ldmatrix.trans moves 16-bit values: 8-bit B comes from rows of K.)
      if (f.isB && f.elementBytes != 2)
        continue;
      // The staged operand: 32 rows of rowBytes (A: rows m, columns k; B:
      // rows k, columns n); element (r, c) has id r * cols + c.
      int64_t rows = 32, cols = rowBytes / f.elementBytes;
      OperandSwizzle swizzle = OperandSwizzle::forTile(rows, rowBytes);
      std::vector<Byte> shared(rows * rowBytes);
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
          for (int64_t part = 0; part < f.elementBytes; ++part)
            shared[swizzle.byteOffset(r, c * f.elementBytes) + part] = {
                r * cols + c, part};
      for (int64_t row0 = 0; row0 < rows; row0 += 16)
        for (int64_t byte0 = 0; byte0 < rowBytes; byte0 += 32) {
          std::vector<int64_t> addresses =
              ldmatrixOffsets(swizzle, row0, byte0);
          for (unsigned lane = 0; lane < 32; ++lane) {
            int64_t g = lane / 4, t = lane % 4;
            // A: x4, registers a0..a3. B: x4.trans, the two n8 tiles'
            // registers (b0, b1) then (b0, b1) of the next 8 columns.
            for (unsigned matrix = 0; matrix < 4; ++matrix) {
              std::array<Byte, 4> got =
                  ldmatrix(shared, addresses, lane, matrix, f.isB);
              int64_t reg = f.isB ? matrix % 2 : matrix;
              int64_t colBase = f.isB ? byte0 / f.elementBytes +
                                            8 * (matrix / 2)
                                      : byte0 / f.elementBytes;
              for (int64_t byte = 0; byte < 4; ++byte) {
                int64_t linear = reg * 4 + byte; // byte of the fragment
                int64_t i = linear / f.elementBytes;
                auto [r, c] = f.position(g, t, i);
                Byte want{(row0 + r) * cols + colBase + c,
                          linear % f.elementBytes};
                ASSERT_TRUE(got[byte] == want)
                    << f.name << ": lane " << lane << " register " << reg
                    << " byte " << byte << " (rows of " << rowBytes << ")";
              }
            }
          }
          ++checked;
        }
    }
  EXPECT_GT(checked, 20u);
}

// B stored as rows of K (a transposed ring: row n holds B[0..K)[n]) and read
// with ldmatrix without .trans: x4 over 16 rows gives the fragments of two
// n8 tiles (matrices 0 and 2 for rows 0-7, 1 and 3 for rows 8-15), x2 over
// 8 rows (ldmatrixRowPair) those of one.
TEST(TensorCoreLayoutTest, LdmatrixGivesBFragmentsFromRowsOfK) {
  unsigned checked = 0;
  // 16-bit values (k16), 8-bit ones (k32) and tf32 (k8): 32 bytes of K
  // each.
  for (const Fragment *f : {&kFragments[3], &kFragments[4], &kFragments[5]})
    for (int64_t rowBytes = 32; rowBytes <= 256; rowBytes *= 2) {
      int64_t e = f->elementBytes;
      int64_t rows = 32, cols = rowBytes / e; // rows n, columns k
      OperandSwizzle swizzle = OperandSwizzle::forTile(rows, rowBytes);
      std::vector<Byte> shared(rows * rowBytes);
      for (int64_t n = 0; n < rows; ++n)
        for (int64_t k = 0; k < cols; ++k)
          for (int64_t part = 0; part < e; ++part)
            shared[swizzle.byteOffset(n, e * k) + part] = {n * cols + k, part};
      for (int64_t row0 = 0; row0 < rows; row0 += 16)
        for (int64_t byte0 = 0; byte0 < rowBytes; byte0 += 32)
          for (bool pair : {false, true}) {
            std::vector<int64_t> addresses(32);
            for (unsigned lane = 0; lane < 32; ++lane) {
              LdmatrixRow at =
                  pair ? ldmatrixRowPair(lane) : ldmatrixRow(lane);
              addresses[lane] =
                  swizzle.byteOffset(row0 + at.row, byte0 + at.byte);
            }
            for (unsigned lane = 0; lane < 32; ++lane) {
              int64_t g = lane / 4, t = lane % 4;
              for (unsigned matrix = 0; matrix < (pair ? 2u : 4u); ++matrix) {
                std::array<Byte, 4> got =
                    ldmatrix(shared, addresses, lane, matrix, /*trans=*/false);
                int64_t tile = pair ? 0 : matrix % 2;
                int64_t reg = pair ? matrix : matrix / 2;
                for (int64_t byte = 0; byte < 4; ++byte) {
                  int64_t linear = reg * 4 + byte;
                  auto [k, n] = f->position(g, t, linear / e);
                  Byte want{(row0 + 8 * tile + n) * cols + byte0 / e + k,
                            linear % e};
                  ASSERT_TRUE(got[byte] == want)
                      << f->name << ": lane " << lane << " matrix " << matrix
                      << " byte " << byte << " (rows of " << rowBytes
                      << ", x" << (pair ? 2 : 4) << ")";
                }
              }
            }
            ++checked;
          }
    }
  EXPECT_GT(checked, 40u);
}

// wgmma reads its operands through descriptors (start address, strides,
// swizzle mode) from the PTX ISA's canonical layouts: the descriptor the code
// generator builds for each warpgroup's block and K step must address every
// element where the ring's copies put it, for every ring shape.
TEST(TensorCoreLayoutTest, WgmmaDescriptorsReadTheRings) {
  // A ring's buffer starts 1024-byte aligned (kRingAlignment).
  constexpr int64_t base = 3 * 1024;
  unsigned checked = 0;
  // Every instruction block of a ring of `rows` rows of `rowBytes`: rows of
  // M or N with K along them (K-major), or rows of K (MN-major); blocks of
  // `mnBlock` rows of M / columns of N and kInst of K.
  auto check = [&](int64_t rows, int64_t rowBytes, bool rowsAreK,
                   int64_t elementBytes, int64_t kInst, int64_t mnBlock) {
    OperandSwizzle swizzle = OperandSwizzle::forTile(rows, rowBytes);
    std::optional<WgmmaOperandLayout> layout =
        WgmmaOperandLayout::of(swizzle, rowsAreK);
    ASSERT_TRUE(layout.has_value());
    int64_t along = rowBytes / elementBytes;
    int64_t mnExtent = rowsAreK ? along : rows, kExtent = rowsAreK ? rows
                                                                   : along;
    for (int64_t mn0 = 0; mn0 < mnExtent; mn0 += mnBlock)
      for (int64_t k0 = 0; k0 < kExtent; k0 += kInst) {
        int64_t start =
            base + layout->startOffset(swizzle, mn0, k0, elementBytes);
        for (int64_t mn = 0; mn < mnBlock; ++mn)
          for (int64_t kk = 0; kk < kInst; ++kk) {
            int64_t row = rowsAreK ? k0 + kk : mn0 + mn;
            int64_t col = rowsAreK ? mn0 + mn : k0 + kk;
            ASSERT_EQ(layout->address(start, mn, kk, elementBytes),
                      base + swizzle.byteOffset(row, col * elementBytes))
                << (rowsAreK ? "MN" : "K") << "-major, " << rows
                << " rows of " << rowBytes << " bytes, block (" << mn0 << ", "
                << k0 << "), element (" << mn << ", " << kk << ")";
          }
        ++checked;
      }
  };
  for (int64_t elementBytes : {1, 2, 4}) {
    int64_t kInst = 32 / elementBytes; // k16 (16-bit), k32 (8-bit), k8
    // K-major: rows of M (A, a warpgroup's 64) or of N (B in a transposed
    // ring), K along them.
    for (int64_t rows : {64, 128, 256})
      for (int64_t rowBytes = 32; rowBytes <= 512; rowBytes *= 2)
        check(rows, rowBytes, /*rowsAreK=*/false, elementBytes, kInst, 64);
    // MN-major (16-bit only: wgmma transposes 16-bit operands): rows of K,
    // N along them (B in a ring of rows of K), up to 256 columns per
    // instruction.
    if (elementBytes == 2)
      for (int64_t rows : {16, 32, 64})
        for (int64_t rowBytes = 32; rowBytes <= 1024; rowBytes *= 2)
          check(rows, rowBytes, /*rowsAreK=*/true, elementBytes, kInst,
                std::min<int64_t>(rowBytes / elementBytes, 256));
  }
  EXPECT_GT(checked, 100u);
  // Rows under 32 bytes have no swizzle atom.
  EXPECT_FALSE(WgmmaOperandLayout::of(OperandSwizzle::forTile(64, 16), false));
}

// TMA copies fill a ring buffer box by box (one per column block), each with
// the hardware swizzle of its row width: on a buffer start aligned to the
// swizzle's period, every byte must land where the ring's OperandSwizzle
// (what ldmatrix and wgmma read) puts it, for every ring shape.
TEST(TensorCoreLayoutTest, TmaBoxesFillTheRings) {
  unsigned checked = 0;
  for (int64_t rows : {8, 16, 32, 64, 128, 256})
    for (int64_t rowBytes = 16; rowBytes <= 1024; rowBytes *= 2) {
      OperandSwizzle swizzle = OperandSwizzle::forTile(rows, rowBytes);
      TmaBoxLayout boxes = TmaBoxLayout::of(swizzle);
      EXPECT_EQ(boxes.boxes * boxes.boxRowBytes, rowBytes);
      EXPECT_LE(boxes.boxRowBytes, 128); // the swizzle modes' span at most
      EXPECT_EQ(boxes.boxStride % boxes.period(), 0)
          << rows << " rows of " << rowBytes << " bytes";
      // Several buffers of a ring: each starts on the period where its
      // size is a multiple of it (the analysis refuses the others).
      int64_t bufferBytes = rows * rowBytes;
      if (bufferBytes % boxes.period() != 0)
        continue;
      for (int64_t buffer = 0; buffer < 3; ++buffer) {
        int64_t start = 1024 + buffer * bufferBytes;
        for (int64_t row = 0; row < rows; ++row)
          for (int64_t byte = 0; byte < rowBytes; ++byte) {
            int64_t box = byte / boxes.boxRowBytes;
            // The hardware swizzles the absolute shared address.
            int64_t unswizzled = start + box * boxes.boxStride +
                                 row * boxes.boxRowBytes +
                                 byte % boxes.boxRowBytes;
            int64_t hardware = unswizzled;
            if (boxes.swizzleBytes)
              hardware ^= ((unswizzled >> 7) & (boxes.swizzleBytes / 16 - 1))
                           << 4;
            ASSERT_EQ(start + boxes.byteOffset(box, row,
                                               byte % boxes.boxRowBytes),
                      hardware);
            ASSERT_EQ(hardware, start + swizzle.byteOffset(row, byte))
                << rows << " rows of " << rowBytes << " bytes, row " << row
                << ", byte " << byte << ", buffer " << buffer;
          }
        ++checked;
      }
    }
  EXPECT_GT(checked, 60u);
}

// The model against the PTX ISA's worked example (MN-major, 64-byte swizzle,
// bf16: Swizzle<2,4,3> o ((8,4,2),(8,2)):((1,8,256),(32,512)), LBO 256 and
// SBO 512 elements, encoded 32 and 64) and the descriptor's fields.
TEST(TensorCoreLayoutTest, WgmmaLayoutFollowsThePtxExample) {
  WgmmaOperandLayout layout;
  layout.swizzleBytes = 64;
  layout.kMajor = false;
  layout.leadingBytes = 512;
  layout.strideBytes = 1024;
  for (int64_t mn = 0; mn < 64; ++mn)
    for (int64_t k = 0; k < 16; ++k) {
      int64_t element = mn % 8 + 8 * (mn / 8 % 4) + 256 * (mn / 32) +
                        32 * (k % 8) + 512 * (k / 8);
      int64_t byte = 2 * element;
      int64_t swizzled = byte ^ ((byte >> 3) & 0x30);
      ASSERT_EQ(layout.address(0, mn, k, 2), swizzled) << mn << " " << k;
    }
  EXPECT_EQ(layout.descriptor(0x2400),
            uint64_t(0x240) | (uint64_t(32) << 16) | (uint64_t(64) << 32) |
                (uint64_t(2) << 62));
  layout.swizzleBytes = 128;
  EXPECT_EQ(layout.modeBits(), 1u);
  layout.swizzleBytes = 32;
  EXPECT_EQ(layout.modeBits(), 3u);
}

} // namespace
