//===- BytecodeVersion.h - cuda_tile bytecode versions -----------*- C++ -*-===//
//
// A bytecode version is "major.minor" plus a 16-bit tag stored in the file
// header. Versions compare by major and minor only; the tag is carried along.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_BYTECODE_BYTECODEVERSION_H
#define CUDA_TILE_BYTECODE_BYTECODEVERSION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::cuda_tile {

class BytecodeVersion {
public:
  constexpr BytecodeVersion(uint8_t major, uint8_t minor, uint16_t tag = 0)
      : major(major), minor(minor), tag(tag) {}

  constexpr uint8_t getMajor() const { return major; }
  constexpr uint8_t getMinor() const { return minor; }
  constexpr uint16_t getTag() const { return tag; }

  /// "13.1"; "13.1.7" when the tag is not zero.
  std::string str() const;

  /// Parses "major.minor" or "major.minor.tag". Returns std::nullopt for
  /// anything else (the version need not be supported).
  static std::optional<BytecodeVersion> parse(llvm::StringRef text);

  /// Every version this implementation reads and writes, oldest first.
  static llvm::ArrayRef<BytecodeVersion> getSupported();
  /// The version written by default (13.3, the reference's default; 13.4 is
  /// written on request).
  static BytecodeVersion getCurrent();
  /// The newest supported version.
  static BytecodeVersion getNewest();
  /// The oldest supported version.
  static BytecodeVersion getOldest();
  /// Whether major.minor is one of getSupported().
  bool isSupported() const;

  constexpr bool operator==(const BytecodeVersion &o) const {
    return major == o.major && minor == o.minor;
  }
  constexpr bool operator!=(const BytecodeVersion &o) const {
    return !(*this == o);
  }
  constexpr bool operator<(const BytecodeVersion &o) const {
    return major < o.major || (major == o.major && minor < o.minor);
  }
  constexpr bool operator>(const BytecodeVersion &o) const { return o < *this; }
  constexpr bool operator<=(const BytecodeVersion &o) const {
    return !(o < *this);
  }
  constexpr bool operator>=(const BytecodeVersion &o) const {
    return !(*this < o);
  }

private:
  uint8_t major;
  uint8_t minor;
  uint16_t tag;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, BytecodeVersion version);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_BYTECODE_BYTECODEVERSION_H
