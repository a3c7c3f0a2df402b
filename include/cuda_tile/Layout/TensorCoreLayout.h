//===- TensorCoreLayout.h - where mma.sync's data lives ---------*- C++ -*-===//
//
// The pieces of the tensor-core path that are layouts rather than code, kept
// here so the code generator and the unit tests use one definition:
//
//  * MmaWarpGrid: how the warps of a CTA share the instruction-sized output
//    tiles of one matmul (the accumulator layout, LinearLayout::
//    mmaAccumulator, is built on it);
//  * OperandSwizzle: the shared-memory layout an operand is staged in (rows
//    of 16-byte chunks, XOR-swizzled by row) so that both the 16-byte stores
//    that stage it and the ldmatrix reads that consume it are free of bank
//    conflicts;
//  * ldmatrixRow: which row of an operand block each lane points at.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LAYOUT_TENSORCORELAYOUT_H
#define CUDA_TILE_LAYOUT_TENSORCORELAYOUT_H

#include "cuda_tile/Layout/LinearLayout.h"

#include <cstdint>
#include <optional>

namespace mlir::cuda_tile {

/// The warps of a CTA arranged as a batch x rows x cols grid over the output
/// tiles of an mma.sync matmul (warp index row-major over the grid): each
/// warp holds a block of (batch / batchWarps) x (tilesM / rowWarps) x
/// (tilesN / colWarps) tiles, its registers walking the block row-major
/// (columns fastest). A block of bm x bn tiles reads bm A fragments and bn
/// B fragments per K step for bm * bn instructions, so the grid is chosen to
/// make the operand rows and columns a warp reads the fewest.
struct MmaWarpGrid {
  int64_t batchWarps = 1, rowWarps = 1, colWarps = 1;

  /// The grid for `numWarps` warps over batch x tilesM x tilesN tiles of
  /// instRows x instCols (all powers of two). When the tiles are fewer than
  /// the warps, one tile per warp and the remaining warps idle. With
  /// `wholeRows`, when batch x tilesM has a tile row for every warp, the
  /// warps split only batch and rows (colWarps = 1): each warp holds whole
  /// rows of the output, which then are the A fragments of a following
  /// matmul (attention's P) and reduce along rows without other warps.
  static MmaWarpGrid choose(int64_t batch, int64_t tilesM, int64_t tilesN,
                            int64_t numWarps, int64_t instRows,
                            int64_t instCols, bool wholeRows = false);

  /// The warps the grid uses.
  int64_t numWarps() const { return batchWarps * rowWarps * colWarps; }
  bool operator==(const MmaWarpGrid &o) const {
    return batchWarps == o.batchWarps && rowWarps == o.rowWarps &&
           colWarps == o.colWarps;
  }
};

/// The shared-memory layout of a staged tensor-core operand: rows of
/// `rowBytes` (a power of two, at least 16), each a sequence of 16-byte
/// chunks. Rows wider than 128 bytes are cut into column blocks of 128
/// bytes stored one after another (`blockStride` bytes apart), so that
/// every block is the swizzle atom wgmma reads (8 rows of 128 bytes).
/// Within a block of w bytes, chunk c of row r is stored at chunk
/// c ^ ((r / perPhase) % maxPhase): perPhase rows share a phase so that 128
/// bytes of consecutive rows span the 32 banks once, and maxPhase (up to 8)
/// phases spread the 8 rows an ldmatrix phase reads over 8 distinct 16-byte
/// bank groups. On a buffer aligned to 1024 bytes this is the hardware's
/// 32/64/128-byte swizzle (bits 4.. of the address XOR bits 7..).
struct OperandSwizzle {
  int64_t rowBytes = 16, perPhase = 8, maxPhase = 1;
  /// Bytes between column blocks (rows x 128); 0 when a row is one block.
  int64_t blockStride = 0;

  /// The layout of `rows` rows of `rowBytes`.
  static OperandSwizzle forTile(int64_t rows, int64_t rowBytes);

  /// The width of a column block: the row, up to 128 bytes.
  int64_t blockBytes() const { return rowBytes < 128 ? rowBytes : 128; }

  /// The byte offset of byte `byteInRow` of row `row` before the swizzle:
  /// its column block, the row in it, the byte in the row.
  int64_t blockOffset(int64_t row, int64_t byteInRow) const {
    int64_t w = blockBytes();
    return byteInRow / w * blockStride + row * w + byteInRow % w;
  }
  /// The byte offset of byte `byteInRow` of row `row` (the swizzle moves
  /// only the 16-byte chunk within the block's row).
  int64_t byteOffset(int64_t row, int64_t byteInRow) const {
    return blockOffset(row, byteInRow) ^ (((row / perPhase) % maxPhase) << 4);
  }

  /// The same as a shared-memory layout (offset -> element) of a rows x
  /// (rowBytes / elementBytes) tile of `elementBytes` elements (rows of at
  /// most 128 bytes).
  LinearLayout layout(int64_t rows, int64_t elementBytes) const;
};

/// How TMA copies (cp.async.bulk.tensor) fill rows stored with an
/// OperandSwizzle: one box per column block, each box's rows `boxRowBytes`
/// apart under the hardware swizzle of that width (CU_TENSOR_MAP_SWIZZLE_32B,
/// 64B, 128B; none for 16-byte rows), which on a base aligned to period()
/// is the OperandSwizzle.
struct TmaBoxLayout {
  /// 0 (no swizzle), 32, 64 or 128.
  int64_t swizzleBytes = 0;
  int64_t boxes = 1;
  int64_t boxRowBytes = 16;
  /// Bytes between the boxes' starts (the column blocks' stride).
  int64_t boxStride = 0;

  static TmaBoxLayout of(const OperandSwizzle &swizzle);
  /// The alignment the boxes' starts need for the swizzle to be the ring's:
  /// the swizzle pattern's period (8 rows of its width), 128 bytes without.
  int64_t period() const { return swizzleBytes ? swizzleBytes * 8 : 128; }
  /// Where TMA writes byte `byteInRow` of row `row` of box `box`, from the
  /// first box's start: the box's rows packed, then the 16-byte chunk index
  /// within each swizzleBytes span XORed with the address bits 7 and up
  /// (the CUDA driver's description of the swizzle modes).
  int64_t byteOffset(int64_t box, int64_t row, int64_t byteInRow) const;
};

/// How wgmma.mma_async finds an operand in shared memory (PTX ISA,
/// "Shared Memory Matrix Layout": the canonical layouts and the matrix
/// descriptor): 8 x `swizzleBytes` swizzle atoms, K-major (rows of M or N,
/// K contiguous) or MN-major (rows of K), the leading and stride byte
/// offsets between atoms.
struct WgmmaOperandLayout {
  /// 32, 64 or 128: the atom's row width and the swizzle mode.
  int64_t swizzleBytes = 128;
  bool kMajor = true;
  /// K-major: unused (1 is encoded); MN-major: bytes between column blocks
  /// of swizzleBytes along MN.
  int64_t leadingBytes = 16;
  /// Bytes between groups of 8 rows (K-major: of M or N; MN-major: of K).
  int64_t strideBytes = 1024;

  /// The layout of an operand stored with `swizzle`; `rowsAreK` when the
  /// buffer's rows run along K (an MN-major operand). None when the rows
  /// are too narrow for a swizzle atom (under 32 bytes).
  static std::optional<WgmmaOperandLayout> of(const OperandSwizzle &swizzle,
                                              bool rowsAreK);

  /// The descriptor's bits 62-63: 1 (128 bytes), 2 (64) or 3 (32).
  uint64_t modeBits() const {
    return swizzleBytes == 128 ? 1 : swizzleBytes == 64 ? 2 : 3;
  }
  /// The descriptor bits other than the start address.
  uint64_t descriptorBits() const {
    return (uint64_t((leadingBytes & 0x3FFFF) >> 4) << 16) |
           (uint64_t((strideBytes & 0x3FFFF) >> 4) << 32) | (modeBits() << 62);
  }
  /// The 64-bit descriptor of the operand starting at shared address
  /// `start`.
  uint64_t descriptor(uint64_t start) const {
    return ((start & 0x3FFFF) >> 4) | descriptorBits();
  }
  /// The byte address of element (mn, k) of the operand whose descriptor
  /// starts at `start`: the canonical layout of the PTX ISA, then the
  /// swizzle, applied to address bits (what the hardware reads; the model
  /// the unit tests check the rings against).
  int64_t address(int64_t start, int64_t mn, int64_t k,
                  int64_t elementBytes) const;
  /// The start address, relative to the buffer, of the operand block whose
  /// first row of M or N is `mn0` and first K element `k0`.
  int64_t startOffset(const OperandSwizzle &swizzle, int64_t mn0, int64_t k0,
                      int64_t elementBytes) const;
};

/// ldmatrix reads up to four 8x8 matrices of 16-bit values, matrix j's
/// eight 16-byte rows from the addresses of lanes 8j..8j+7. For an operand
/// block of 16 rows x 32 bytes (the A fragment of m16n8k16 / m16n8k8 tf32 /
/// m16n8k32 i8 with matrices at rows 8 * (j % 2), bytes 16 * (j / 2), or the
/// k16 x n16 block of two B fragments read with .trans), lane `lane` points
/// at row lane % 16, byte 16 * (lane / 16) of the block.
struct LdmatrixRow {
  int64_t row, byte;
};
inline LdmatrixRow ldmatrixRow(unsigned lane) {
  return {int64_t(lane % 16), int64_t(16 * ((lane / 16) % 2))};
}

/// ldmatrix.x2 of a block of 8 rows x 32 bytes (matrices side by side: the
/// B fragment of one n8 tile stored as rows of K): lane `lane` points at
/// row lane % 8, byte 16 * (lane / 8 % 2). The x4 form over 16 rows is
/// ldmatrixRow: matrices (rows 0-7, bytes 0-15), (8-15, 0-15), (0-7,
/// 16-31), (8-15, 16-31), i.e. registers b0b1 and b2b3 of the n8 tiles of
/// rows 0-7 and 8-15 come as matrices 0, 2 and 1, 3.
inline LdmatrixRow ldmatrixRowPair(unsigned lane) {
  return {int64_t(lane % 8), int64_t(16 * ((lane / 8) % 2))};
}

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_LAYOUT_TENSORCORELAYOUT_H
