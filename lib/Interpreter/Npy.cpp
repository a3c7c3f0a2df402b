//===- Npy.cpp - NumPy .npy files -----------------------------------------===//
//
// The .npy format: the magic string "\x93NUMPY", a major and minor version
// byte, the header length (2 bytes little-endian in format 1.0, 4 bytes in
// 2.0 and 3.0), and a header that is a Python dict literal with the keys
// 'descr', 'fortran_order' and 'shape', padded with spaces and ending in a
// newline; the raw array data follows.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Interpreter/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir::cuda_tile::interp;

unsigned NpyArray::getItemSize() const {
  size_t digits = descr.find_first_of("0123456789");
  if (digits == std::string::npos)
    return 0;
  return unsigned(std::stoul(descr.substr(digits)));
}

int64_t NpyArray::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The quoted value after `'key':` in the header dict.
static bool findValue(llvm::StringRef header, llvm::StringRef key,
                      llvm::StringRef &value) {
  std::string quoted = "'" + key.str() + "'";
  size_t pos = header.find(quoted);
  if (pos == llvm::StringRef::npos)
    return false;
  pos = header.find(':', pos + quoted.size());
  if (pos == llvm::StringRef::npos)
    return false;
  value = header.drop_front(pos + 1).ltrim();
  return true;
}

bool mlir::cuda_tile::interp::parseNpy(llvm::StringRef contents, NpyArray &array,
                                       std::string &error) {
  if (!contents.starts_with("\x93NUMPY") || contents.size() < 10) {
    error = "not a NumPy .npy file";
    return false;
  }
  unsigned major = uint8_t(contents[6]);
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = uint8_t(contents[8]) | (uint8_t(contents[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (contents.size() < 12) {
      error = "truncated .npy header";
      return false;
    }
    headerLength = uint32_t(uint8_t(contents[8])) | (uint32_t(uint8_t(contents[9])) << 8) |
                   (uint32_t(uint8_t(contents[10])) << 16) |
                   (uint32_t(uint8_t(contents[11])) << 24);
    headerStart = 12;
  } else {
    error = "unsupported .npy format version " + std::to_string(major);
    return false;
  }
  if (contents.size() < headerStart + headerLength) {
    error = "truncated .npy header";
    return false;
  }
  llvm::StringRef header = contents.substr(headerStart, headerLength);

  llvm::StringRef value;
  if (!findValue(header, "descr", value) || value.empty() ||
      (value[0] != '\'' && value[0] != '"')) {
    error = "the .npy header has no simple 'descr' (structured dtypes are not supported)";
    return false;
  }
  char quote = value[0];
  size_t end = value.find(quote, 1);
  if (end == llvm::StringRef::npos) {
    error = "malformed 'descr' in the .npy header";
    return false;
  }
  array.descr = value.substr(1, end - 1).str();

  if (!findValue(header, "fortran_order", value)) {
    error = "the .npy header has no 'fortran_order'";
    return false;
  }
  if (value.starts_with("True")) {
    error = "Fortran-ordered arrays are not supported; save the array in C order";
    return false;
  }

  if (!findValue(header, "shape", value) || !value.starts_with("(")) {
    error = "the .npy header has no 'shape'";
    return false;
  }
  size_t close = value.find(')');
  if (close == llvm::StringRef::npos) {
    error = "malformed 'shape' in the .npy header";
    return false;
  }
  llvm::StringRef dims = value.substr(1, close - 1);
  array.shape.clear();
  while (!dims.trim().empty()) {
    auto [item, rest] = dims.split(',');
    item = item.trim();
    if (!item.empty()) {
      int64_t d;
      if (item.getAsInteger(10, d) || d < 0 || d > (int64_t(1) << 40)) {
        error = "malformed 'shape' in the .npy header";
        return false;
      }
      array.shape.push_back(d);
    }
    dims = rest;
  }

  unsigned itemSize = array.getItemSize();
  if (itemSize == 0) {
    error = "unsupported dtype '" + array.descr + "'";
    return false;
  }
  llvm::StringRef data = contents.drop_front(headerStart + headerLength);
  unsigned __int128 count = 1;
  for (int64_t d : array.shape)
    count = std::min<unsigned __int128>(count * uint64_t(d), uint64_t(1) << 62);
  if (count * itemSize > data.size()) {
    error = "the .npy file holds " + std::to_string(data.size()) +
            " bytes of data, less than its header promises";
    return false;
  }
  uint64_t expected = uint64_t(count) * itemSize;
  if (data.size() < expected) {
    error = "the .npy file holds " + std::to_string(data.size()) +
            " bytes of data, its header promises " + std::to_string(expected);
    return false;
  }
  array.data.assign(data.begin(), data.begin() + expected);
  return true;
}

bool mlir::cuda_tile::interp::readNpy(llvm::StringRef path, NpyArray &array,
                                      std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    error = "cannot open '" + path.str() + "': " + buffer.getError().message();
    return false;
  }
  if (!parseNpy((*buffer)->getBuffer(), array, error)) {
    error = "'" + path.str() + "': " + error;
    return false;
  }
  return true;
}

std::string mlir::cuda_tile::interp::serializeNpy(const NpyArray &array) {
  std::string dict = "{'descr': '" + array.descr + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < array.shape.size(); ++i)
    dict += (i ? ", " : "") + std::to_string(array.shape[i]);
  if (array.shape.size() == 1)
    dict += ",";
  dict += "), }";
  // Magic (6) + version (2) + length (2) + dict + padding + newline is a
  // multiple of 64.
  size_t total = 10 + dict.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  dict.append(padded - total, ' ');
  dict += '\n';
  std::string out = "\x93NUMPY";
  out += char(1);
  out += char(0);
  out += char(dict.size() & 0xFF);
  out += char((dict.size() >> 8) & 0xFF);
  out += dict;
  out.append(reinterpret_cast<const char *>(array.data.data()), array.data.size());
  return out;
}
