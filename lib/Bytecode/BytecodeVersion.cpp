//===- BytecodeVersion.cpp - cuda_tile bytecode versions -------------------===//

#include "cuda_tile/Bytecode/BytecodeVersion.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <iterator>

using namespace mlir::cuda_tile;

namespace {
constexpr BytecodeVersion kSupported[] = {
    BytecodeVersion(13, 1), BytecodeVersion(13, 2), BytecodeVersion(13, 3),
    BytecodeVersion(13, 4)};
// The reference toolchain still writes 13.3 by default.
constexpr BytecodeVersion kDefault(13, 3);
} // namespace

std::string BytecodeVersion::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << *this;
  return text;
}

std::optional<BytecodeVersion> BytecodeVersion::parse(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, '.');
  if (parts.size() != 2 && parts.size() != 3)
    return std::nullopt;
  unsigned major, minor, tag = 0;
  if (parts[0].getAsInteger(10, major) || parts[1].getAsInteger(10, minor) ||
      (parts.size() == 3 && parts[2].getAsInteger(10, tag)) || major > 0xFF ||
      minor > 0xFF || tag > 0xFFFF)
    return std::nullopt;
  return BytecodeVersion(major, minor, tag);
}

llvm::ArrayRef<BytecodeVersion> BytecodeVersion::getSupported() {
  return kSupported;
}

BytecodeVersion BytecodeVersion::getCurrent() { return kDefault; }

BytecodeVersion BytecodeVersion::getNewest() {
  return kSupported[std::size(kSupported) - 1];
}

BytecodeVersion BytecodeVersion::getOldest() { return kSupported[0]; }

bool BytecodeVersion::isSupported() const {
  return llvm::is_contained(kSupported, *this);
}

llvm::raw_ostream &mlir::cuda_tile::operator<<(llvm::raw_ostream &os,
                                               BytecodeVersion version) {
  os << unsigned(version.getMajor()) << '.' << unsigned(version.getMinor());
  if (version.getTag())
    os << '.' << version.getTag();
  return os;
}
