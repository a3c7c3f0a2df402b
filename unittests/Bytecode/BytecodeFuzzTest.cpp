//===- BytecodeFuzzTest.cpp - the reader on corrupted bytecode ------------===//
//
// Mutates the reference's bytecode files of the conformance data set at
// random (bit flips, byte overwrites, truncations, deletions, duplications,
// splices between files) with a fixed seed and reads every result. The
// reader must reject or accept each one without crashing; what it accepts
// must print and write back without crashing either.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace mlir;

namespace {

std::string conformanceDir() {
  if (const char *env = std::getenv("CUDA_TILE_CONFORMANCE_DIR"))
    return env;
#ifdef CUDA_TILE_CONFORMANCE_DIR
  return CUDA_TILE_CONFORMANCE_DIR;
#else
  return "";
#endif
}

/// Every valid/**/*.tileirbc file, sorted by path for a stable order.
std::vector<std::string> loadSeeds(std::vector<std::string> &names) {
  std::vector<std::string> seeds;
  std::string root = conformanceDir();
  if (root.empty())
    return seeds;
  llvm::SmallString<256> valid(root);
  llvm::sys::path::append(valid, "valid");
  std::error_code ec;
  std::vector<std::string> paths;
  for (llvm::sys::fs::recursive_directory_iterator it(valid, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".tileirbc"))
      paths.push_back(it->path());
  std::sort(paths.begin(), paths.end());
  for (const std::string &path : paths) {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      continue;
    seeds.push_back((*buffer)->getBuffer().str());
    names.push_back(path);
  }
  return seeds;
}

class Mutator {
public:
  explicit Mutator(const std::vector<std::string> &seeds) : seeds(seeds) {
    // CUDA_TILE_FUZZ_SEED varies the campaign; the default is fixed.
    if (const char *env = std::getenv("CUDA_TILE_FUZZ_SEED"))
      rng.seed(std::strtoull(env, nullptr, 0));
  }

  std::string next(std::string &description) {
    const std::string &seed = seeds[pick(seeds.size())];
    std::string data = seed;
    unsigned rounds = 1 + pick(3);
    description.clear();
    for (unsigned r = 0; r < rounds; ++r)
      mutate(data, description);
    return data;
  }

private:
  size_t pick(size_t n) { return n ? rng() % n : 0; }

  void mutate(std::string &data, std::string &description) {
    static const unsigned char interesting[] = {0x00, 0x01, 0x7F, 0x80,
                                                0xFF, 0xCB, 0x0D, 0x03};
    llvm::raw_string_ostream os(description);
    switch (pick(7)) {
    case 0: { // flip bits
      if (data.empty())
        return;
      size_t at = pick(data.size());
      data[at] ^= static_cast<char>(1u << pick(8));
      os << "flip@" << at << ' ';
      return;
    }
    case 1: { // overwrite a byte, preferring values with a meaning
      if (data.empty())
        return;
      size_t at = pick(data.size());
      data[at] = pick(2) ? static_cast<char>(interesting[pick(8)])
                         : static_cast<char>(pick(256));
      os << "set@" << at << ' ';
      return;
    }
    case 2: { // truncate
      size_t size = pick(data.size() + 1);
      data.resize(size);
      os << "truncate@" << size << ' ';
      return;
    }
    case 3: { // delete a range
      if (data.empty())
        return;
      size_t at = pick(data.size());
      size_t length = 1 + pick(std::min<size_t>(16, data.size() - at));
      data.erase(at, length);
      os << "delete@" << at << '+' << length << ' ';
      return;
    }
    case 4: { // duplicate a range in place
      if (data.empty())
        return;
      size_t at = pick(data.size());
      size_t length = 1 + pick(std::min<size_t>(32, data.size() - at));
      data.insert(at, data.substr(at, length));
      os << "dup@" << at << '+' << length << ' ';
      return;
    }
    case 5: { // splice in bytes of another file
      const std::string &other = seeds[pick(seeds.size())];
      if (other.empty())
        return;
      size_t from = pick(other.size());
      size_t length = 1 + pick(std::min<size_t>(64, other.size() - from));
      size_t at = pick(data.size() + 1);
      data.insert(at, other.substr(from, length));
      os << "splice@" << at << '+' << length << ' ';
      return;
    }
    default: { // a long varint where a small one was
      if (data.empty())
        return;
      size_t at = pick(data.size());
      data.insert(at, std::string(1 + pick(10), '\xFF'));
      os << "varint@" << at << ' ';
      return;
    }
    }
  }

  const std::vector<std::string> &seeds;
  std::mt19937_64 rng{0x5EED7113BC};
};

TEST(BytecodeFuzz, MutatedFilesNeverCrashTheReader) {
  std::vector<std::string> names;
  std::vector<std::string> seeds = loadSeeds(names);
  if (seeds.empty())
    GTEST_SKIP() << "conformance data set not found at '" << conformanceDir()
                 << "' (set CUDA_TILE_CONFORMANCE_DIR)";

  MLIRContext context(MLIRContext::Threading::DISABLED);
  context.getOrLoadDialect<cuda_tile::CudaTileDialect>();
  unsigned errors = 0;
  ScopedDiagnosticHandler silence(&context, [&](Diagnostic &) {
    ++errors;
    return success();
  });

  // Every seed reads back as it is.
  for (auto [seed, name] : llvm::zip_equal(seeds, names)) {
    OwningOpRef<Operation *> module = cuda_tile::readBytecode(
        llvm::MemoryBufferRef(seed, name), &context);
    // The reference reader itself cannot read hint_dense_value; we can.
    EXPECT_TRUE(module) << name;
  }

  // CUDA_TILE_FUZZ_CASES runs a longer campaign.
  unsigned kCases = 4000;
  if (const char *env = std::getenv("CUDA_TILE_FUZZ_CASES"))
    kCases = std::max(1, std::atoi(env));
  Mutator mutator(seeds);
  unsigned accepted = 0;
  // CUDA_TILE_FUZZ_VERBOSE names every case before it runs.
  bool verbose = std::getenv("CUDA_TILE_FUZZ_VERBOSE") != nullptr;
  for (unsigned i = 0; i < kCases; ++i) {
    std::string description;
    std::string data = mutator.next(description);
    SCOPED_TRACE("case " + std::to_string(i) + ": " + description);
    if (verbose)
      llvm::errs() << "case " << i << ": " << description << "\n";
    // Copy into an exactly sized allocation so that reading past the end is
    // a real out-of-bounds access for sanitizers and valgrind.
    std::unique_ptr<char[]> exact(new char[data.size()]);
    std::copy(data.begin(), data.end(), exact.get());
    llvm::MemoryBufferRef buffer(llvm::StringRef(exact.get(), data.size()),
                                 "mutated");
    if (const char *dump = std::getenv("CUDA_TILE_FUZZ_DUMP"))
      if (std::to_string(i) == dump) {
        std::error_code ec;
        llvm::raw_fd_ostream out("fuzz-case.tileirbc", ec);
        out << data;
      }
    OwningOpRef<Operation *> module =
        cuda_tile::readBytecode(buffer, &context);
    if (!module)
      continue;
    ++accepted;
    // What reads must also print and write back.
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    std::string bytes;
    llvm::raw_string_ostream bytesOs(bytes);
    std::optional<cuda_tile::BytecodeVersion> version =
        cuda_tile::getBytecodeVersion(data);
    ASSERT_TRUE(version);
    (void)cuda_tile::writeBytecode(*module, bytesOs, *version);
  }
  llvm::outs() << seeds.size() << " seed files, " << kCases
               << " mutations, " << accepted << " read successfully, "
               << errors << " diagnostics\n";
  // Not a property of the reader, but a sign that the mutations reach past
  // the header checks.
  EXPECT_GT(accepted, 0u);
  EXPECT_GT(errors, 0u);
}

TEST(BytecodeFuzz, LazyLoadingOfMutatedFilesNeverCrashes) {
  std::vector<std::string> names;
  std::vector<std::string> seeds = loadSeeds(names);
  if (seeds.empty())
    GTEST_SKIP() << "conformance data set not found";

  MLIRContext context(MLIRContext::Threading::DISABLED);
  context.getOrLoadDialect<cuda_tile::CudaTileDialect>();
  ScopedDiagnosticHandler silence(&context,
                                  [](Diagnostic &) { return success(); });
  Mutator mutator(seeds);
  unsigned cases = 1000;
  if (const char *env = std::getenv("CUDA_TILE_FUZZ_CASES"))
    cases = std::max(1, std::atoi(env) / 4);
  for (unsigned i = 0; i < cases; ++i) {
    std::string description;
    std::string data = mutator.next(description);
    SCOPED_TRACE("case " + std::to_string(i) + ": " + description);
    std::unique_ptr<cuda_tile::BytecodeFile> file = cuda_tile::BytecodeFile::open(
        llvm::MemoryBufferRef(data, "mutated"), &context);
    if (!file)
      continue;
    OwningOpRef<cuda_tile::ModuleOp> module = file->createModule();
    // Load the functions in reverse order: each stands alone.
    for (size_t f = file->getFunctions().size(); f-- > 0;)
      (void)file->loadFunction(f, *module);
  }
}

} // namespace
