//===- Npy.h - reading and writing NumPy .npy files -------------*- C++ -*-===//
#ifndef CUDA_TILE_INTERPRETER_NPY_H
#define CUDA_TILE_INTERPRETER_NPY_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::cuda_tile::interp {

/// An array as stored in a .npy file: little-endian or byte-sized elements in
/// C order.
struct NpyArray {
  /// The dtype as NumPy writes it: '<f4', '|u1', '|b1', ...
  std::string descr;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;

  /// Bytes per element, from the descr.
  unsigned getItemSize() const;
  int64_t getNumElements() const;
};

/// Reads a .npy file (format 1.0, 2.0 or 3.0). On failure returns false and
/// sets `error` to a one-line reason.
bool readNpy(llvm::StringRef path, NpyArray &array, std::string &error);
/// Parses the bytes of a .npy file.
bool parseNpy(llvm::StringRef contents, NpyArray &array, std::string &error);
/// The bytes of a format 1.0 .npy file holding `array`.
std::string serializeNpy(const NpyArray &array);

} // namespace mlir::cuda_tile::interp

#endif // CUDA_TILE_INTERPRETER_NPY_H
