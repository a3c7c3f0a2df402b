//===- ToolIO.cpp - how the tools read inputs and write outputs -----------===//

#include "cuda_tile/Support/ToolIO.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#if defined(LLVM_ON_UNIX)
#include <unistd.h>
#endif

#include <cerrno>
#include <vector>

using namespace llvm;
using namespace mlir::cuda_tile;

static Error fileError(const Twine &what, StringRef path, std::error_code ec) {
  return createStringError(ec, what + " '" + path + "': " + ec.message());
}

static std::string describeSize(uint64_t bytes) {
  if (bytes >= (uint64_t(1) << 30) && bytes % (uint64_t(1) << 30) == 0)
    return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (uint64_t(1) << 20) && bytes % (uint64_t(1) << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

Expected<std::unique_ptr<MemoryBuffer>>
mlir::cuda_tile::readToolInput(StringRef path, uint64_t maxBytes) {
  bool isStdin = path == "-";
  std::string name = isStdin ? "<stdin>" : path.str();
  sys::fs::file_t file = sys::fs::getStdinHandle();
  if (!isStdin) {
    sys::fs::file_status status;
    if (std::error_code ec = sys::fs::status(path, status))
      return fileError("cannot read", path, ec);
    if (status.type() == sys::fs::file_type::directory_file)
      return fileError("cannot read", path,
                       std::make_error_code(std::errc::is_a_directory));
    // A regular file's size is known: refuse it before reading it.
    if (status.type() == sys::fs::file_type::regular_file &&
        status.getSize() > maxBytes)
      return createStringError(std::make_error_code(std::errc::file_too_large),
                               "input '" + path + "' is larger than " +
                                   describeSize(maxBytes) +
                                   ", the most any tool reads");
    Expected<sys::fs::file_t> opened = sys::fs::openNativeFileForRead(path);
    if (!opened)
      return fileError("cannot read", path,
                       errorToErrorCode(opened.takeError()));
    file = *opened;
  }

  // Devices and pipes have no size: read until end of file or the limit.
  SmallVector<char, 0> data;
  std::error_code readError;
  constexpr size_t kChunk = size_t(1) << 16;
  while (true) {
    if (data.size() > maxBytes)
      break;
    size_t used = data.size();
    data.resize_for_overwrite(used + kChunk);
    Expected<size_t> read = sys::fs::readNativeFile(
        file, MutableArrayRef<char>(data.data() + used, kChunk));
    if (!read) {
      readError = errorToErrorCode(read.takeError());
      data.truncate(used);
      break;
    }
    data.truncate(used + *read);
    if (*read == 0)
      break;
  }
  if (!isStdin)
    sys::fs::closeFile(file);
  if (readError)
    return fileError("cannot read", name, readError);
  if (data.size() > maxBytes)
    return createStringError(std::make_error_code(std::errc::file_too_large),
                             "input '" + name + "' is larger than " +
                                 describeSize(maxBytes) +
                                 ", the most any tool reads");
  return MemoryBuffer::getMemBufferCopy(StringRef(data.data(), data.size()),
                                        name);
}

namespace {
/// Where an output path really writes.
struct OutputTarget {
  SmallString<256> path;     // After following symlinks.
  bool inPlace = false;      // A device, FIFO or socket: write it directly.
  bool exists = false;       // A regular file is there now.
  sys::fs::perms permissions = sys::fs::perms::all_read | sys::fs::perms::all_write;
};
} // namespace

static Expected<OutputTarget> resolveOutput(StringRef path) {
  OutputTarget target;
  target.path = path;
  if (sys::fs::is_symlink_file(path)) {
    SmallString<256> resolved;
    // A dangling symlink is written through as it is: open() creates its
    // target.
    if (sys::fs::real_path(path, resolved))
      target.inPlace = true;
    else
      target.path = resolved;
  }
  sys::fs::file_status status;
  if (sys::fs::status(target.path, status))
    return target; // Nothing there yet.
  switch (status.type()) {
  case sys::fs::file_type::directory_file:
    return fileError("cannot write", path,
                     std::make_error_code(std::errc::is_a_directory));
  case sys::fs::file_type::regular_file:
    target.exists = true;
    target.permissions = status.permissions();
    return target;
  default:
    target.inPlace = true;
    return target;
  }
}

/// Writes `contents` to a new temporary file next to `target`, and returns its
/// path; the file is removed again on failure.
static Expected<SmallString<256>> writeTemporary(const OutputTarget &target,
                                                 StringRef contents) {
  SmallString<256> model = sys::path::parent_path(target.path);
  if (model.empty())
    model = ".";
  sys::path::append(model,
                    "." + sys::path::filename(target.path) + ".tmp-%%%%%%%%");
  int fd = -1;
  SmallString<256> temporary;
  if (std::error_code ec = sys::fs::createUniqueFile(model, fd, temporary))
    return fileError("cannot write", target.path, ec);
  sys::RemoveFileOnSignal(temporary);
  std::error_code ec;
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << contents;
    os.flush();
#if defined(LLVM_ON_UNIX)
    // Some file systems report a full disk only when the data is synced.
    if (!os.has_error() && ::fsync(fd) != 0 && errno != EINVAL)
      ec = std::error_code(errno, std::generic_category());
#endif
    os.close();
    if (os.has_error() && !ec)
      ec = os.error();
    os.clear_error();
  }
  if (!ec && target.exists)
    ec = sys::fs::setPermissions(temporary, target.permissions);
  if (ec) {
    sys::fs::remove(temporary);
    sys::DontRemoveFileOnSignal(temporary);
    return fileError("cannot write", target.path, ec);
  }
  return temporary;
}

static Error moveIntoPlace(StringRef temporary, const OutputTarget &target) {
  std::error_code ec = sys::fs::rename(temporary, target.path);
  if (ec)
    sys::fs::remove(temporary);
  sys::DontRemoveFileOnSignal(temporary);
  if (ec)
    return fileError("cannot write", target.path, ec);
  return Error::success();
}

static Error writeInPlace(StringRef path, StringRef contents) {
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_None);
  if (ec)
    return fileError("cannot write", path, ec);
  os << contents;
  os.close();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error();
    return fileError("cannot write", path, ec);
  }
  return Error::success();
}

Error mlir::cuda_tile::writeToolOutput(StringRef path, StringRef contents) {
  if (path == "-") {
    raw_fd_ostream &out = outs();
    out << contents;
    out.flush();
    if (out.has_error()) {
      std::error_code ec = out.error();
      out.clear_error();
      return fileError("cannot write", "<stdout>", ec);
    }
    return Error::success();
  }
  Expected<OutputTarget> target = resolveOutput(path);
  if (!target)
    return target.takeError();
  if (target->inPlace)
    return writeInPlace(target->path, contents);
  Expected<SmallString<256>> temporary = writeTemporary(*target, contents);
  if (!temporary)
    return temporary.takeError();
  return moveIntoPlace(*temporary, *target);
}

Error mlir::cuda_tile::writeToolOutputFiles(
    StringRef directory, ArrayRef<std::pair<std::string, std::string>> files) {
  if (files.empty())
    return Error::success();
  bool created = false;
  if (!sys::fs::is_directory(directory)) {
    if (std::error_code ec = sys::fs::create_directories(directory))
      return fileError("cannot create output directory", directory, ec);
    created = true;
  }

  // Devices and FIFOs among them are written last, in place.
  std::vector<OutputTarget> targets;
  std::vector<SmallString<256>> temporaries;
  SmallVector<std::pair<std::string, StringRef>> inPlace;
  auto discard = [&] {
    for (SmallString<256> &temporary : temporaries) {
      sys::fs::remove(temporary);
      sys::DontRemoveFileOnSignal(temporary);
    }
    if (created)
      sys::fs::remove(directory); // Only succeeds when it is empty.
  };
  for (const auto &[name, contents] : files) {
    SmallString<256> path = directory;
    sys::path::append(path, name);
    Expected<OutputTarget> target = resolveOutput(path);
    if (!target) {
      discard();
      return target.takeError();
    }
    if (target->inPlace) {
      inPlace.emplace_back(target->path.str().str(), contents);
      continue;
    }
    Expected<SmallString<256>> temporary = writeTemporary(*target, contents);
    if (!temporary) {
      discard();
      return temporary.takeError();
    }
    targets.push_back(std::move(*target));
    temporaries.push_back(std::move(*temporary));
  }
  for (size_t i = 0; i < targets.size(); ++i) {
    if (Error error = moveIntoPlace(temporaries[i], targets[i])) {
      temporaries.erase(temporaries.begin(), temporaries.begin() + i + 1);
      created = false; // Earlier files are in place now.
      discard();
      return error;
    }
  }
  for (const auto &[path, contents] : inPlace)
    if (Error error = writeInPlace(path, contents))
      return error;
  return Error::success();
}
