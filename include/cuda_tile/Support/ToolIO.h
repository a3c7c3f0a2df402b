//===- ToolIO.h - how the tools read inputs and write outputs ----*- C++ -*-===//
//
// Every tool reads its input and writes its outputs through these functions,
// so that they all keep the same promises (docs/architecture.md, "Input and
// output files"):
//
//  * input is read up to kMaxInputBytes, so endless input (/dev/zero, a
//    pipe that never closes) ends with an error instead of exhausting memory;
//  * "-" is stdin / stdout;
//  * an output that is a device node, a FIFO or a socket (/dev/null,
//    /dev/stdout) is written in place, never replaced by a regular file;
//  * a symlink stays a symlink: the file it points at is written;
//  * a regular output file is replaced only once all of its contents were
//    written (a temporary file in the same directory, renamed over it), so a
//    failed run or a full disk leaves the old file, or none, never part of a
//    new one; the replaced file keeps its permission bits;
//  * every failed write (ENOSPC, EIO, /dev/full) is an error.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_SUPPORT_TOOLIO_H
#define CUDA_TILE_SUPPORT_TOOLIO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace mlir::cuda_tile {

/// Largest input any tool reads (1 GiB).
inline constexpr uint64_t kMaxInputBytes = uint64_t(1) << 30;

/// Reads `path` ("-": stdin) into a buffer, failing with a message that names
/// the file when it cannot be read or holds more than `maxBytes` bytes. The
/// buffer is null-terminated, as MLIR's parser requires.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readToolInput(llvm::StringRef path, uint64_t maxBytes = kMaxInputBytes);

/// Writes `contents` to `path` ("-": stdout) with the guarantees above.
llvm::Error writeToolOutput(llvm::StringRef path, llvm::StringRef contents);

/// Writes each (file name, contents) pair into `directory`, all or nothing:
/// every file is first written to a temporary file in `directory`, and they
/// are renamed into place only once all were written. `directory` is created
/// when it does not exist, and removed again when nothing could be written.
llvm::Error writeToolOutputFiles(
    llvm::StringRef directory,
    llvm::ArrayRef<std::pair<std::string, std::string>> files);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_SUPPORT_TOOLIO_H
