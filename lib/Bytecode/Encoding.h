//===- Encoding.h - cuda_tile bytecode primitives ----------------*- C++ -*-===//
//
// Byte-level building blocks shared by the writer and the reader: the file
// magic, section ids, padding, LEB128 varints (unsigned and zigzag) and
// fixed-width little-endian integers.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LIB_BYTECODE_ENCODING_H
#define CUDA_TILE_LIB_BYTECODE_ENCODING_H

#include "cuda_tile/Bytecode/BytecodeVersion.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>

namespace mlir::cuda_tile::bytecode {

inline constexpr char kMagic[8] = {'\x7F', 'T', 'i', 'l', 'e', 'I', 'R', '\0'};
inline constexpr size_t kHeaderSize = 12; // magic, major, minor, u16 tag

/// Byte used for every alignment padding.
inline constexpr uint8_t kPadding = 0xCB;

/// Section ids (low 7 bits of a section header's first byte; bit 7 says that
/// an alignment follows the length).
enum class Section : uint8_t {
  End = 0,
  String = 1,
  Function = 2,
  Debug = 3,
  Constant = 4,
  Type = 5,
  Global = 6,
  Producer = 7,
};
inline constexpr unsigned kNumSections = 8;
inline constexpr uint8_t kSectionAlignedFlag = 0x80;

/// From 13.4 ptr and tensor_view types start with a flags varint (bit 0: a
/// pointer attribute follows the payload; the dialect has none, so 0).
inline constexpr BytecodeVersion kPointerFlagsVersion(13, 4);
/// 13.4 widened the rounding modes ftof takes per conversion (before it:
/// nearest_even, and zero or positive_inf to f8E8M0FNU).
inline constexpr BytecodeVersion kFToFRoundingTableVersion(13, 4);

/// Function record flags.
enum FunctionFlags : uint8_t {
  kFunctionPrivate = 0x01,
  kFunctionKernel = 0x02,
  kFunctionHasHints = 0x04,
};

/// Tags of self-contained attributes.
enum class AttrTag : uint64_t {
  Integer = 1,
  Float = 2,
  Bool = 3,
  Type = 4,
  String = 5,
  Array = 6,
  DenseElements = 7,
  DivBy = 8,
  SameElements = 9,
  Dictionary = 10,
  OptimizationHints = 11,
  Bounded = 12,
};

/// Tags of debug-info table entries.
enum class DebugTag : uint64_t {
  Unknown = 0,
  CompileUnit = 1,
  File = 2,
  LexicalBlock = 3,
  Loc = 4,
  Subprogram = 5,
  CallSite = 6,
};

inline uint64_t zigzagEncode(int64_t value) {
  return (static_cast<uint64_t>(value) << 1) ^
         static_cast<uint64_t>(value >> 63);
}
inline int64_t zigzagDecode(uint64_t value) {
  return static_cast<int64_t>((value >> 1) ^ (~(value & 1) + 1));
}

/// A growable byte buffer. Offsets and alignments are relative to its start;
/// `getRequiredAlignment` is the largest alignment requested so far (a
/// section whose payload is such a buffer must start at that alignment).
class EncodingWriter {
public:
  void writeByte(uint8_t value) { bytes.push_back(value); }
  void writeVarint(uint64_t value) {
    do {
      uint8_t byte = value & 0x7F;
      value >>= 7;
      bytes.push_back(value ? (byte | 0x80) : byte);
    } while (value);
  }
  void writeSignedVarint(int64_t value) { writeVarint(zigzagEncode(value)); }
  template <typename T> void writeLE(T value) {
    for (size_t i = 0; i < sizeof(T); ++i)
      bytes.push_back(static_cast<uint8_t>(static_cast<uint64_t>(value) >>
                                           (8 * i)));
  }
  void writeBytes(llvm::ArrayRef<uint8_t> data) {
    bytes.append(data.begin(), data.end());
  }
  void writeBytes(llvm::StringRef data) {
    bytes.append(data.bytes_begin(), data.bytes_end());
  }
  void alignTo(unsigned alignment) {
    if (alignment > requiredAlignment)
      requiredAlignment = alignment;
    while (bytes.size() % alignment)
      bytes.push_back(kPadding);
  }

  size_t size() const { return bytes.size(); }
  unsigned getRequiredAlignment() const { return requiredAlignment; }
  llvm::ArrayRef<uint8_t> getBytes() const { return bytes; }
  void reserve(size_t n) { bytes.reserve(n); }

private:
  llvm::SmallVector<uint8_t, 0> bytes;
  unsigned requiredAlignment = 1;
};

/// Reads a bounded byte range. Every read checks the bounds; a failed read
/// leaves the position where the problem was found and returns false.
/// `base` is added to positions for diagnostics.
class EncodingReader {
public:
  EncodingReader() = default;
  EncodingReader(llvm::ArrayRef<uint8_t> data, uint64_t base = 0)
      : data(data), base(base) {}

  uint64_t offset() const { return base + pos; }
  size_t position() const { return pos; }
  size_t remaining() const { return data.size() - pos; }
  bool atEnd() const { return pos >= data.size(); }
  llvm::ArrayRef<uint8_t> getData() const { return data; }
  void seek(size_t newPos) { pos = newPos < data.size() ? newPos : data.size(); }

  bool readByte(uint8_t &value) {
    if (pos >= data.size())
      return false;
    value = data[pos++];
    return true;
  }
  /// Unsigned LEB128. As in the reference reader, at most ten bytes are
  /// read (bits beyond 64 are dropped); on failure the position is after the
  /// bytes consumed (the end of the data, or the tenth byte of a varint that
  /// goes on).
  /// `bit64`, where given, receives bit 64 (the tenth byte's second bit).
  bool readVarint(uint64_t &value, bool *bit64 = nullptr) {
    value = 0;
    if (pos >= data.size())
      return false;
    unsigned shift = 0;
    uint8_t byte;
    do {
      if (pos >= data.size() || shift > 63)
        return false;
      byte = data[pos++];
      value |= static_cast<uint64_t>(byte & 0x7F) << shift;
      if (bit64 && shift == 63)
        *bit64 = byte & 2;
      shift += 7;
    } while (byte & 0x80);
    return true;
  }
  /// A zigzag varint of up to 65 bits, decoded to the 64 bits it means:
  /// cuTile Python and cuTile.jl zigzag a float's bits as an unsigned
  /// number, so an f64 with its sign set takes bit 64 (`wide`), which the
  /// reference reader drops (-Inf would read as +Inf).
  bool readWideSignedVarint(uint64_t &value, bool &wide) {
    uint64_t raw;
    wide = false;
    if (!readVarint(raw, &wide))
      return false;
    uint64_t magnitude = (raw >> 1) | (static_cast<uint64_t>(wide) << 63);
    value = raw & 1 ? ~magnitude : magnitude;
    return true;
  }
  bool readSignedVarint(int64_t &value) {
    uint64_t raw;
    if (!readVarint(raw))
      return false;
    value = zigzagDecode(raw);
    return true;
  }
  template <typename T> bool readLE(T &value) {
    if (remaining() < sizeof(T))
      return false;
    uint64_t result = 0;
    for (size_t i = 0; i < sizeof(T); ++i)
      result |= static_cast<uint64_t>(data[pos + i]) << (8 * i);
    pos += sizeof(T);
    value = static_cast<T>(result);
    return true;
  }
  bool readBytes(size_t n, llvm::ArrayRef<uint8_t> &out) {
    if (remaining() < n)
      return false;
    out = data.slice(pos, n);
    pos += n;
    return true;
  }
  /// Skips padding up to `alignment` (relative to the start of the data);
  /// every skipped byte must be the padding byte.
  /// Skips to the next multiple of `alignment` whatever the padding bytes
  /// hold, as the reference reader does; `canonical` says whether they were
  /// all kPadding. False when the data ends first.
  bool skipPadding(unsigned alignment, bool &canonical) {
    canonical = true;
    while (pos % alignment) {
      if (pos >= data.size())
        return false;
      canonical &= data[pos++] == kPadding;
    }
    return true;
  }

  bool alignTo(unsigned alignment) {
    while (pos % alignment) {
      if (pos >= data.size() || data[pos] != kPadding)
        return false;
      ++pos;
    }
    return true;
  }

private:
  llvm::ArrayRef<uint8_t> data;
  size_t pos = 0;
  uint64_t base = 0;
};

} // namespace mlir::cuda_tile::bytecode

#endif // CUDA_TILE_LIB_BYTECODE_ENCODING_H
