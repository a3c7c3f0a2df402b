//===- Driver.cpp - the cuda-tile-run command line ------------------------===//
//
//   cuda-tile-run FILE --entry NAME --grid X[,Y[,Z]] [--arg SPEC]...
//                 [--out-dir DIR] [--threads N] [--strict-assume]
//                 [--max-memory SIZE] [--max-steps N] [--max-grid-blocks N]
//
// Argument specs, one per entry argument, in order:
//   TYPE:VALUE         a rank-0 tile (i32:1024, f32:0.5, i1:true, bf16:-inf)
//   @PATH.npy          a pointer: a copy of the array, the pointer at element
//                      0; a tensor_view over it; or a rank-0 tile from one element
//   zeros:TYPE:SHAPE   a pointer (or view) to zeros of TYPE, SHAPE 1024 or 64x64
//   rand:TYPE:SHAPE[:seed=N]  the same with seeded random elements
//   token              a token argument
// After a successful run, buffer argument k is written as DIR/arg<k>.npy.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/InputLimits.h"
#include "cuda_tile/Interpreter/Npy.h"
#include "cuda_tile/Support/ToolCommandLine.h"
#include "cuda_tile/Support/ToolIO.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Format.h"

#include <chrono>
#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

OwningOpRef<cuda_tile::ModuleOp>
interp::loadModule(std::unique_ptr<llvm::MemoryBuffer> buffer,
                   MLIRContext *context, ArgumentNames *argNames) {
  context->getOrLoadDialect<CudaTileDialect>();
  std::string name = buffer->getBufferIdentifier().str();
  if (isBytecode(buffer->getBuffer())) {
    llvm::SourceMgr sourceMgr;
    SourceMgrDiagnosticHandler handler(sourceMgr, context, llvm::errs());
    OwningOpRef<Operation *> read =
        readBytecode(buffer->getMemBufferRef(), context);
    if (!read)
      return nullptr;
    return OwningOpRef<cuda_tile::ModuleOp>(
        cast<cuda_tile::ModuleOp>(read.release()));
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, context, llvm::errs());
  Block block;
  ParserConfig config(context);
  AsmParserState asmState;
  if (failed(parseSourceWithinLimits(sourceMgr, &block, config, &asmState)))
    return nullptr;
  if (argNames) {
    // `%alpha` is "alpha"; `%0` and `%arg0`-style names count as names too.
    block.walk([&](EntryOp entry) {
      const AsmParserState::BlockDefinition *def =
          asmState.getBlockDef(&entry.getBody().front());
      if (!def)
        return;
      std::vector<std::string> &names = (*argNames)[entry];
      for (const AsmParserState::SMDefinition &arg : def->arguments) {
        llvm::StringRef text(arg.loc.Start.getPointer(),
                             arg.loc.End.getPointer() -
                                 arg.loc.Start.getPointer());
        names.push_back(text.drop_front(text.starts_with("%")).str());
      }
    });
  }
  // A cuda_tile.module at the top level, or the only one inside a builtin
  // module.
  cuda_tile::ModuleOp found;
  for (Operation &op : block) {
    if (auto m = dyn_cast<cuda_tile::ModuleOp>(op)) {
      found = m;
      break;
    }
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        for (Operation &nested : inner)
          if (auto m = dyn_cast<cuda_tile::ModuleOp>(nested)) {
            found = m;
            break;
          }
    if (found)
      break;
  }
  if (!found) {
    llvm::errs() << "error: '" << name << "' holds no cuda_tile.module\n";
    return nullptr;
  }
  found->remove();
  return OwningOpRef<cuda_tile::ModuleOp>(found);
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

namespace {

/// Grids with more tile blocks need --max-grid-blocks: a mistyped grid could
/// otherwise keep the interpreter busy for days.
constexpr int64_t kDefaultMaxGridBlocks = int64_t(1) << 20;

struct Options {
  std::string file;
  std::string entry;
  std::array<int64_t, 3> grid = {0, 0, 0};
  bool hasGrid = false;
  std::vector<std::string> args;
  std::string outDir;
  unsigned threads = 1;
  bool strictAssume = false;
  uint64_t maxMemory = 0;
  uint64_t maxSteps = 0;
  int64_t maxGridBlocks = kDefaultMaxGridBlocks;
  /// --expect NAME=PATH.npy, in order.
  std::vector<std::pair<std::string, std::string>> expects;
  double rtol = 1e-5;
  double atol = 1e-8;
  bool time = false;
  double progressAfter = 1.0;
  /// --out-names=args: name output files after the arguments' names in the
  /// text instead of arg<k>.
  bool outNamesFromText = false;
};

const char *kUsage =
    "usage: cuda-tile-run FILE --entry NAME --grid X[,Y[,Z]] [--arg SPEC]...\n"
    "                     [--out-dir DIR] [--threads N] [--strict-assume]\n"
    "                     [--max-memory SIZE] [--max-steps N]\n"
    "                     [--max-grid-blocks N]\n"
    "\n"
    "Runs the entry NAME of the cuda_tile module in FILE on the CPU over a grid\n"
    "of X*Y*Z tile blocks. One --arg per entry argument, in order:\n"
    "  TYPE:VALUE        rank-0 tile, e.g. i32:1024, f32:0.5, i1:true\n"
    "  @PATH.npy         pointer to a copy of the array (dtype of the pointee),\n"
    "                    or a whole tile with the array's shape\n"
    "  zeros:TYPE:SHAPE  pointer or view to zeros of TYPE (SHAPE: 1024, 64x64)\n"
    "  rand:TYPE:SHAPE[:seed=N]  the same, random: floats in [-1, 1),\n"
    "                    integers in [-100, 100]\n"
    "  token             token argument\n"
    "After a successful run, buffer argument k is written to DIR/arg<k>.npy.\n"
    "--threads N runs tile blocks on N threads (default 1: in order).\n"
    "--strict-assume stops at an assume that does not hold (default: warn once\n"
    "per op and go on).\n"
    "--max-memory SIZE bounds the memory held by tiles and buffers: bytes, or\n"
    "with a suffix K, M, G or T (powers of 1024); default: half of the\n"
    "physical memory.\n"
    "--max-steps N stops a run that executes more than N operations (default:\n"
    "no limit).\n"
    "--max-grid-blocks N allows grids of up to N tile blocks (default 1048576).\n"
    "--expect NAME=PATH.npy compares buffer argument NAME (its name in the\n"
    "text, argK or K) with the array after the run; a mismatch beyond\n"
    "--rtol R (default 1e-5) and --atol A (default 1e-8) exits 1 and lists\n"
    "the worst elements.\n"
    "--out-names=args names the --out-dir files after the arguments' names in\n"
    "the text (%out -> out.npy; default 'index': arg<k>.npy).\n"
    "--time prints where the time went to stderr.\n"
    "--progress-after S prints progress to stderr once a grid has run S\n"
    "seconds (default 1).\n"
    "--version prints the versions of the tool, the bytecode and LLVM.\n";

/// Reports one line and returns the usage-error exit code.
int usageError(const llvm::Twine &message) {
  llvm::errs() << "cuda-tile-run: error: " << message << "\n";
  return 2;
}

bool parseGrid(llvm::StringRef text, std::array<int64_t, 3> &grid) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, ',');
  if (parts.empty() || parts.size() > 3)
    return false;
  grid = {1, 1, 1};
  for (auto [i, part] : llvm::enumerate(parts)) {
    int64_t v;
    if (part.trim().getAsInteger(10, v) || v <= 0 || v > INT32_MAX)
      return false;
    grid[i] = v;
  }
  // Far more tile blocks than any run could go through.
  return __int128(grid[0]) * grid[1] * grid[2] <= (__int128(1) << 62);
}

/// A --max-memory size: bytes, or a number with a K, M, G or T suffix (powers
/// of 1024).
std::optional<uint64_t> parseMemorySize(llvm::StringRef text) {
  unsigned shift = 0;
  if (!text.empty()) {
    switch (llvm::toUpper(text.back())) {
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case 'T': shift = 40; break;
    }
    if (shift)
      text = text.drop_back();
  }
  uint64_t n;
  if (text.getAsInteger(10, n) || n == 0 || n > (UINT64_MAX >> shift))
    return std::nullopt;
  return n << shift;
}

/// Parses the command line; returns an exit code when the run should stop
/// (help or an error).
std::optional<int> parseOptions(int argc, char **argv, Options &opts) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a = argv[i];
    if (a == "-h" || a == "--help" || a == "-help") {
      llvm::outs() << kUsage;
      return 0;
    }
    if (a == "--version" || a == "-version") {
      printToolVersion(llvm::outs(), "cuda-tile-run");
      return 0;
    }
    auto takeValue = [&](llvm::StringRef name, std::string &value) -> std::optional<int> {
      std::string prefix = name.str() + "=";
      if (a.starts_with(prefix)) {
        value = a.drop_front(prefix.size()).str();
        return std::nullopt;
      }
      if (i + 1 >= argc)
        return usageError("option " + name + " needs a value");
      value = argv[++i];
      return std::nullopt;
    };
    auto is = [&](llvm::StringRef name) {
      return a == name || a.starts_with((name + "=").str()) ||
             (name.starts_with("--") && (a == name.drop_front() ||
                                         a.starts_with((name.drop_front() + "=").str())));
    };
    std::string value;
    if (is("--entry")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--entry" : "-entry", value))
        return rc;
      opts.entry = value;
    } else if (is("--grid")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--grid" : "-grid", value))
        return rc;
      if (!parseGrid(value, opts.grid))
        return usageError("invalid --grid '" + value +
                          "': expected X[,Y[,Z]] with sizes from 1 to 2147483647 "
                          "and at most 2^62 tile blocks");
      opts.hasGrid = true;
    } else if (is("--arg")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--arg" : "-arg", value))
        return rc;
      opts.args.push_back(value);
    } else if (is("--out-dir")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--out-dir" : "-out-dir", value))
        return rc;
      opts.outDir = value;
    } else if (a == "--strict-assume" || a == "-strict-assume") {
      opts.strictAssume = true;
    } else if (is("--threads")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--threads" : "-threads", value))
        return rc;
      int64_t n;
      if (llvm::StringRef(value).getAsInteger(10, n) || n < 1 || n > 1024)
        return usageError("invalid --threads '" + value + "': expected 1 to 1024");
      opts.threads = unsigned(n);
    } else if (is("--max-memory")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--max-memory" : "-max-memory", value))
        return rc;
      std::optional<uint64_t> size = parseMemorySize(value);
      if (!size)
        return usageError("invalid --max-memory '" + value +
                          "': expected a positive number of bytes, optionally "
                          "with a suffix K, M, G or T");
      opts.maxMemory = *size;
    } else if (is("--max-steps")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--max-steps" : "-max-steps", value))
        return rc;
      if (llvm::StringRef(value).getAsInteger(10, opts.maxSteps) || opts.maxSteps == 0)
        return usageError("invalid --max-steps '" + value +
                          "': expected a positive number of operations");
    } else if (is("--max-grid-blocks")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--max-grid-blocks" : "-max-grid-blocks", value))
        return rc;
      if (llvm::StringRef(value).getAsInteger(10, opts.maxGridBlocks) ||
          opts.maxGridBlocks < 1 || opts.maxGridBlocks > (int64_t(1) << 62))
        return usageError("invalid --max-grid-blocks '" + value +
                          "': expected 1 to 2^62");
    } else if (is("--expect")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--expect" : "-expect", value))
        return rc;
      auto [name, path] = llvm::StringRef(value).split('=');
      if (name.empty() || path.empty())
        return usageError("invalid --expect '" + value + "': expected NAME=PATH.npy");
      opts.expects.emplace_back(name.str(), path.str());
    } else if (is("--rtol") || is("--atol")) {
      bool relative = is("--rtol");
      llvm::StringRef name = relative ? "--rtol" : "--atol";
      if (auto rc = takeValue(a.starts_with("--") ? name : name.drop_front(), value))
        return rc;
      double tolerance;
      if (llvm::StringRef(value).getAsDouble(tolerance) || !(tolerance >= 0))
        return usageError("invalid " + name + " '" + value +
                          "': expected a number >= 0");
      (relative ? opts.rtol : opts.atol) = tolerance;
    } else if (is("--out-names")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--out-names" : "-out-names", value))
        return rc;
      if (value != "index" && value != "args")
        return usageError("invalid --out-names '" + value +
                          "': expected 'index' (arg<k>.npy) or 'args'");
      opts.outNamesFromText = value == "args";
    } else if (a == "--time" || a == "-time") {
      opts.time = true;
    } else if (is("--progress-after")) {
      if (auto rc = takeValue(a.starts_with("--") ? "--progress-after" : "-progress-after", value))
        return rc;
      if (llvm::StringRef(value).getAsDouble(opts.progressAfter) ||
          !(opts.progressAfter >= 0))
        return usageError("invalid --progress-after '" + value +
                          "': expected seconds >= 0");
    } else if (a.starts_with("-") && a != "-") {
      return usageError("unknown option '" + a + "' (see --help)");
    } else {
      if (!opts.file.empty())
        return usageError("more than one input file ('" + opts.file + "' and '" + a + "')");
      opts.file = a.str();
    }
  }
  if (opts.file.empty())
    return usageError("no input file (see --help)");
  if (opts.entry.empty())
    return usageError("missing --entry NAME");
  if (!opts.hasGrid)
    return usageError("missing --grid X[,Y[,Z]]");
  int64_t blocks = opts.grid[0] * opts.grid[1] * opts.grid[2];
  if (blocks > opts.maxGridBlocks)
    return usageError("the grid has " + llvm::Twine(blocks) +
                      " tile blocks, more than the limit of " +
                      llvm::Twine(opts.maxGridBlocks) +
                      " (raise it with --max-grid-blocks)");
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Argument specs
//===----------------------------------------------------------------------===//

/// The dtypes an array may have for elements of `kind`, the first being the
/// one written for fresh buffers. NumPy has no bf16, f8 or f4 dtype: those
/// are raw unsigned integers of the same size (f4E2M1FN packed two to a
/// byte).
llvm::SmallVector<llvm::StringRef, 4> acceptedDescrs(ElemKind kind) {
  switch (kind) {
  case ElemKind::I1: return {"|b1", "|u1", "|i1"};
  case ElemKind::I8: return {"|i1", "|u1"};
  case ElemKind::I16: return {"<i2", "<u2"};
  case ElemKind::I32: return {"<i4", "<u4"};
  case ElemKind::I64: return {"<i8", "<u8"};
  case ElemKind::F16: return {"<f2", "<u2"};
  case ElemKind::BF16: return {"<u2", "<i2", "|V2"};
  case ElemKind::F32: return {"<f4"};
  case ElemKind::TF32: return {"<f4", "<u4"};
  case ElemKind::F64: return {"<f8"};
  case ElemKind::F8E4M3FN:
  case ElemKind::F8E5M2:
  case ElemKind::F8E8M0FNU:
  case ElemKind::F4E2M1FN:
  case ElemKind::F8E5M3FNU: return {"|u1", "|i1", "|V1"};
  default: return {};
  }
}

/// '=' (native) is little-endian here; one-byte dtypes may carry any order
/// character.
std::string normalizeDescr(llvm::StringRef descr) {
  std::string d = descr.str();
  if (d.size() >= 2 && (d[0] == '=' || d[0] == '<' || d[0] == '>' || d[0] == '|') &&
      d.back() == '1' && d.size() == 3)
    d[0] = '|';
  else if (!d.empty() && d[0] == '=')
    d[0] = '<';
  return d;
}

struct OutputBuffer {
  unsigned argIndex;
  uint64_t address;
  NpyArray layout; // descr and shape; data filled after the run
  ElemKind kind;
};

std::string typeText(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  llvm::StringRef text(s);
  if (text.starts_with("!cuda_tile."))
    return text.drop_front(strlen("!cuda_tile.")).str();
  return s;
}

/// Parses the value of `TYPE:VALUE` for a rank-0 tile of `kind`.
bool parseScalar(ElemKind kind, llvm::StringRef text, uint64_t &bits,
                 std::string &error) {
  text = text.trim();
  if (isIntKind(kind)) {
    unsigned w = getBitWidth(kind);
    if (kind == ElemKind::I1 && (text == "true" || text == "false")) {
      bits = text == "true";
      return true;
    }
    llvm::StringRef digits = text;
    bool negative = digits.consume_front("-");
    if (!negative)
      digits.consume_front("+");
    uint64_t magnitude;
    if (digits.getAsInteger(0, magnitude)) {
      error = "'" + text.str() + "' is not an integer";
      return false;
    }
    __int128 v = negative ? -__int128(magnitude) : __int128(magnitude);
    __int128 lo = -(__int128(1) << (w - 1)), hi = (__int128(1) << w) - 1;
    if (v < lo || v > hi) {
      error = text.str() + " does not fit in " + getElemKindName(kind).str();
      return false;
    }
    bits = maskBits(uint64_t(v), w);
    return true;
  }
  if (kind == ElemKind::F8E5M3FNU) {
    // No APFloat semantics: read an f64 and round it once.
    if (text.trim().equals_insensitive("nan")) {
      bits = canonicalNaNBits(kind);
      return true;
    }
    llvm::APFloat value(llvm::APFloat::IEEEdouble());
    auto status = value.convertFromString(text, llvm::RoundingMode::NearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      error = "'" + text.str() + "' is not a number";
      return false;
    }
    bits = roundToF8E5M3FNU(value, llvm::RoundingMode::NearestTiesToEven);
    if (bits == canonicalNaNBits(kind)) {
      error = text.str() + " is out of the range of f8E5M3FNU";
      return false;
    }
    return true;
  }
  const llvm::fltSemantics &sem = getSemantics(kind);
  llvm::StringRef lower = text;
  bool negative = lower.consume_front("-");
  if (!negative)
    lower.consume_front("+");
  llvm::APFloat value(sem);
  if (lower.equals_insensitive("inf") || lower.equals_insensitive("infinity")) {
    if (!llvm::APFloat::semanticsHasInf(sem)) {
      error = getElemKindName(kind).str() + " has no infinity";
      return false;
    }
    value = llvm::APFloat::getInf(sem, negative);
  } else if (lower.equals_insensitive("nan")) {
    if (!llvm::APFloat::semanticsHasNaN(sem)) {
      error = getElemKindName(kind).str() + " has no NaN";
      return false;
    }
    bits = canonicalNaNBits(kind);
    return true;
  } else {
    auto status = value.convertFromString(text, llvm::RoundingMode::NearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      error = "'" + text.str() + "' is not a number";
      return false;
    }
    if (value.isNaN() || value.isInfinity()) {
      error = text.str() + " is out of the range of " + getElemKindName(kind).str();
      return false;
    }
  }
  bits = encodeFloat(kind, value);
  return true;
}

/// Whether `spec` asks for a generated array (`zeros:...` or `rand:...`).
bool isGeneratedSpec(llvm::StringRef spec) {
  return spec.starts_with("zeros:") || spec.starts_with("rand:");
}

/// The next number of a splitmix64 sequence: fast, and the same everywhere.
uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// Builds the array of `zeros:TYPE:SHAPE` or `rand:TYPE:SHAPE[:seed=N]`
/// (SHAPE is COUNT or DxDx...) for elements of `kind`, with the first dtype
/// acceptedDescrs lists. Random floats are uniform in [-1, 1) (powers of two
/// from 2^-4 to 2^4 for f8E8M0FNU), random integers uniform in [-100, 100]
/// (i1: 0 or 1), rounded to the type.
bool generateArray(llvm::StringRef spec, ElemKind kind, NpyArray &array,
                   std::string &error) {
  std::string whole = spec.str();
  bool random = spec.consume_front("rand:");
  if (!random)
    spec.consume_front("zeros:");
  llvm::SmallVector<llvm::StringRef, 3> parts;
  spec.split(parts, ':');
  uint64_t seed = 0;
  if (parts.size() == 3 && random && parts[2].consume_front("seed=")) {
    if (parts[2].getAsInteger(0, seed)) {
      error = "invalid seed in '" + whole + "'";
      return false;
    }
    parts.pop_back();
  }
  std::optional<ElemKind> given = parts.size() == 2 ? parseElemKind(parts[0])
                                                    : std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> dims;
  if (parts.size() == 2)
    parts[1].split(dims, 'x');
  std::vector<int64_t> shape;
  __int128 count = 1;
  for (llvm::StringRef dim : dims) {
    int64_t size;
    if (dim.getAsInteger(10, size) || size < 0) {
      shape.clear();
      break;
    }
    shape.push_back(size);
    count *= size;
  }
  if (!given || shape.empty()) {
    error = "expected " + std::string(random ? "rand:TYPE:SHAPE[:seed=N]"
                                             : "zeros:TYPE:SHAPE") +
            " (SHAPE: COUNT or DxDx...), got '" + whole + "'";
    return false;
  }
  if (*given != kind) {
    error = "'" + whole + "' has elements of type " + parts[0].str() +
            ", not " + getElemKindName(kind).str();
    return false;
  }
  if (count > (__int128(1) << 34)) {
    error = "'" + whole + "' is too large";
    return false;
  }
  if (kind == ElemKind::F4E2M1FN && shape.back() % 2) {
    error = "'" + whole + "': f4E2M1FN is stored two to a byte, so the last "
            "size must be even";
    return false;
  }
  if (!HostMemoryBudget::fits(getMemoryBytes(kind, uint64_t(count)))) {
    error = "'" + whole + "': " +
            HostMemoryBudget::describeExhaustion(
                getMemoryBytes(kind, uint64_t(count)));
    return false;
  }
  Tile values = Tile::zeros(kind, {int64_t(count)});
  uint64_t state = seed;
  for (int64_t i = 0; random && i < int64_t(count); ++i) {
    uint64_t r = nextRandom(state);
    if (kind == ElemKind::I1) {
      values.setBits(i, r & 1);
    } else if (isIntKind(kind)) {
      values.setBits(i, maskBits(uint64_t(int64_t(r % 201) - 100),
                                 getBitWidth(kind)));
    } else if (kind == ElemKind::F8E8M0FNU) {
      values.setBits(i, doubleToFloatBits(kind, std::ldexp(1.0, int(r % 9) - 4)));
    } else {
      double uniform = double(r >> 11) * 0x1.0p-53 * 2.0 - 1.0;
      // The unsigned f8E5M3FNU takes [0, 1).
      if (kind == ElemKind::F8E5M3FNU)
        uniform = std::fabs(uniform);
      values.setBits(i, doubleToFloatBits(kind, uniform));
    }
  }
  array.descr = acceptedDescrs(kind).front().str();
  array.shape = shape;
  if (kind == ElemKind::F4E2M1FN)
    array.shape.back() /= 2;
  array.data.assign(getMemoryBytes(kind, uint64_t(count)), 0);
  encodeToMemory(values, array.data.data());
  return true;
}

/// Binds argument `index` of `type` from `spec`.
bool bindArg(unsigned index, Type type, llvm::StringRef spec, DeviceMemory &memory,
             std::vector<ArgValue> &values, std::vector<OutputBuffer> &outputs,
             std::string &error) {
  std::string prefix = "argument " + std::to_string(index) + " (" + typeText(type) + "): ";
  if (isa<TokenType>(type)) {
    if (spec != "token") {
      error = prefix + "expected 'token', got '" + spec.str() + "'";
      return false;
    }
    values.push_back(ArgValue::token());
    return true;
  }
  auto view = dyn_cast<TensorViewType>(type);
  auto tile = dyn_cast<TileType>(type);
  if (!tile && !view) {
    error = prefix + "arguments of this type cannot be given on the command line";
    return false;
  }
  if (view && !spec.starts_with("@") && !isGeneratedSpec(spec)) {
    error = prefix + "a tensor_view takes @PATH.npy, zeros:TYPE:SHAPE or "
                     "rand:TYPE:SHAPE, got '" + spec.str() + "'";
    return false;
  }
  auto ptr = view ? PointerType::get(view.getElementType())
                  : dyn_cast<PointerType>(tile.getElementType());
  if (ptr && tile && tile.getRank() != 0) {
    error = prefix + "tiles of pointers cannot be given on the command line";
    return false;
  }
  if (ptr) {
    ElemKind kind = *getElemKind(ptr.getPointeeType());
    llvm::StringRef kindName = getElemKindName(kind);
    NpyArray array;
    if (spec.consume_front("@")) {
      std::string why;
      if (!readNpy(spec, array, why)) {
        error = prefix + why;
        return false;
      }
      std::string descr = normalizeDescr(array.descr);
      if (!descr.empty() && descr[0] == '>') {
        error = prefix + "'" + spec.str() + "' is big-endian ('" + array.descr +
                "'); save it little-endian";
        return false;
      }
      auto accepted = acceptedDescrs(kind);
      if (!llvm::is_contained(accepted, descr)) {
        std::string list;
        for (auto [i, d] : llvm::enumerate(accepted))
          list += (i ? ", '" : "'") + d.str() + "'";
        error = prefix + "'" + spec.str() + "' has dtype '" + array.descr +
                "', which does not match the pointee type " + kindName.str() +
                " (expected " + list + ")";
        return false;
      }
    } else if (isGeneratedSpec(spec)) {
      std::string why;
      if (!generateArray(spec, kind, array, why)) {
        error = prefix + why;
        return false;
      }
    } else {
      error = prefix + "a pointer takes @PATH.npy, zeros:TYPE:SHAPE or "
                       "rand:TYPE:SHAPE, got '" + spec.str() + "'";
      return false;
    }
    uint64_t address = memory.allocate("arg" + std::to_string(index), array.data.size(),
                                       256);
    if (!address) {
      error = prefix + "cannot allocate " + std::to_string(array.data.size()) + " bytes";
      if (!HostMemoryBudget::fits(array.data.size()))
        error += ": " + HostMemoryBudget::describeExhaustion(array.data.size());
      return false;
    }
    if (!array.data.empty())
      std::memcpy(memory.getBuffer(address)->data.get(), array.data.data(),
                  array.data.size());
    if (view) {
      // The array's C-order layout fills in the dynamic sizes and strides.
      std::vector<int64_t> shape = array.shape;
      if (kind == ElemKind::F4E2M1FN && !shape.empty())
        shape.back() *= 2;
      std::vector<int64_t> strides(shape.size(), 1);
      for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
        strides[d] = strides[d + 1] * shape[d + 1];
      if (int64_t(shape.size()) != view.getRank()) {
        error = prefix + "'" + spec.str() + "' has rank " + std::to_string(shape.size());
        return false;
      }
      for (int64_t d = 0; d < view.getRank(); ++d) {
        if (!ShapedType::isDynamic(view.getShape()[d]) && view.getShape()[d] != shape[d]) {
          error = prefix + "'" + spec.str() + "' has size " + std::to_string(shape[d]) +
                  " in dimension " + std::to_string(d);
          return false;
        }
        if (!ShapedType::isDynamic(view.getStrides()[d]))
          strides[d] = view.getStrides()[d];
      }
      values.push_back(ArgValue::tensorView(address, shape, strides));
    } else {
      values.push_back(ArgValue::pointer(address));
    }
    NpyArray layout;
    layout.descr = array.descr;
    layout.shape = array.shape;
    outputs.push_back({index, address, std::move(layout), kind});
    return true;
  }

  ElemKind kind = *getElemKind(tile.getElementType());
  if (spec.starts_with("@") || isGeneratedSpec(spec)) {
    NpyArray array;
    std::string why;
    bool read = spec.consume_front("@") ? readNpy(spec, array, why)
                                        : generateArray(spec, kind, array, why);
    if (!read) {
      error = prefix + why;
      return false;
    }
    std::string descr = normalizeDescr(array.descr);
    if (!llvm::is_contained(acceptedDescrs(kind), descr) ||
        kind == ElemKind::F4E2M1FN || kind == ElemKind::I4) {
      error = prefix + "'" + spec.str() + "' has dtype '" + array.descr +
              "', which does not match the element type " + getElemKindName(kind).str();
      return false;
    }
    if (llvm::ArrayRef<int64_t>(array.shape) != tile.getShape() &&
        !(tile.getRank() == 0 && array.getNumElements() == 1)) {
      error = prefix + "'" + spec.str() + "' does not have the tile's shape";
      return false;
    }
    Tile t = Tile::alloc(kind, tile.getShape());
    decodeFromMemory(array.data.data(), t);
    values.push_back(ArgValue::value(t));
    return true;
  }
  auto [typeName, valueText] = spec.split(':');
  std::optional<ElemKind> given = parseElemKind(typeName);
  if (!given || !spec.contains(':')) {
    error = prefix + "expected TYPE:VALUE or @PATH.npy, got '" + spec.str() + "'";
    return false;
  }
  if (tile.getRank() != 0) {
    error = prefix + "a tile of rank " + std::to_string(tile.getRank()) +
            " takes @PATH.npy, not a single value";
    return false;
  }
  if (*given != kind) {
    error = prefix + "got a value of type " + typeName.str();
    return false;
  }
  uint64_t bits;
  std::string why;
  if (!parseScalar(kind, valueText, bits, why)) {
    error = prefix + why;
    return false;
  }
  values.push_back(ArgValue::value(Tile::scalar(kind, bits)));
  return true;
}

/// Seconds since construction.
class Stopwatch {
public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  }

private:
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

/// Progress on stderr for grids that take a while: nothing until `after`
/// seconds, then at most one line a second and one at the end (rewritten in
/// place on a terminal).
class ProgressLine {
public:
  explicit ProgressLine(double after) : after(after) {}

  void update(int64_t done, int64_t total) {
    double now = clock.seconds();
    bool last = done == total;
    if (now < after || (printed && now - lastPrint < 1.0 && !last))
      return;
    if (!printed && last && after > 0)
      return; // Finished before anyone waited.
    llvm::raw_ostream &os = llvm::errs();
    os << (os.is_displayed() ? "\r" : "")
       << llvm::format("cuda-tile-run: %lld/%lld tile blocks, %.1f s",
                       (long long)done, (long long)total, now)
       << (os.is_displayed() ? "" : "\n");
    os.flush();
    printed = true;
    lastPrint = now;
  }

  void finish() {
    if (printed && llvm::errs().is_displayed())
      llvm::errs() << "\n";
  }

private:
  double after;
  Stopwatch clock;
  bool printed = false;
  double lastPrint = 0;
};

/// One --expect: a buffer argument and the array it must match.
struct Expectation {
  std::string label; // "arg2 (out)"
  std::string path;
  const OutputBuffer *buffer;
  NpyArray expected;
  /// The array holds encodings of the buffer's element type (its dtype is
  /// one acceptedDescrs lists), rather than plain numbers to compare with.
  bool encoded;
};

int64_t elementCount(const OutputBuffer &buffer) {
  int64_t count = 1;
  for (int64_t size : buffer.layout.shape)
    count *= size;
  return buffer.kind == ElemKind::F4E2M1FN ? count * 2 : count;
}

/// The numbers of a plain NumPy array (bool, integers, f16/f32/f64).
std::optional<std::vector<double>> plainValues(const NpyArray &array) {
  std::string descr = normalizeDescr(array.descr);
  if (descr.size() != 3 || descr[0] == '>')
    return std::nullopt;
  char type = descr[1];
  unsigned bytes = descr[2] - '0';
  int64_t count = array.getNumElements();
  if (uint64_t(count) * bytes != array.data.size())
    return std::nullopt;
  std::vector<double> values;
  values.reserve(count);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t bits = 0;
    std::memcpy(&bits, array.data.data() + i * bytes, bytes);
    if (type == 'f' && bytes == 2)
      values.push_back(halfToFloat(uint16_t(bits)));
    else if (type == 'f' && bytes == 4)
      values.push_back(bitCast<float>(uint32_t(bits)));
    else if (type == 'f' && bytes == 8)
      values.push_back(bitCast<double>(bits));
    else if (type == 'i' && (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8))
      values.push_back(double(signExtend(bits, bytes * 8)));
    else if ((type == 'u' || type == 'b') &&
             (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8))
      values.push_back(double(bits));
    else
      return std::nullopt;
  }
  return values;
}

/// Element `i` of `tile` as a number.
double elementValue(const Tile &tile, int64_t i) {
  ElemKind kind = tile.getKind();
  if (!isIntKind(kind))
    return floatBitsToDouble(kind, tile.getBits(i));
  return kind == ElemKind::I1 ? double(tile.getUnsigned(i))
                              : double(tile.getSigned(i));
}

/// Resolves --expect NAME=PATH: NAME is the argument's name in the text,
/// argK or K.
std::optional<Expectation>
prepareExpectation(llvm::StringRef name, llvm::StringRef path,
                   llvm::ArrayRef<std::string> textNames,
                   llvm::ArrayRef<OutputBuffer> outputs, std::string &error) {
  std::optional<unsigned> index;
  unsigned k;
  if (auto found = llvm::find(textNames, name); found != textNames.end())
    index = unsigned(found - textNames.begin());
  else if (!name.getAsInteger(10, k) ||
           (name.starts_with("arg") && !name.drop_front(3).getAsInteger(10, k)))
    index = k;
  if (!index) {
    error = "--expect " + name.str() + ": the entry has no argument of that name";
    return std::nullopt;
  }
  const OutputBuffer *buffer = nullptr;
  for (const OutputBuffer &out : outputs)
    if (out.argIndex == *index)
      buffer = &out;
  if (!buffer) {
    error = "--expect " + name.str() + ": argument " + std::to_string(*index) +
            " is not a buffer (a pointer or tensor_view argument)";
    return std::nullopt;
  }
  Expectation expectation;
  expectation.label = "arg" + std::to_string(*index);
  if (*index < textNames.size() && textNames[*index] != expectation.label)
    expectation.label += " (" + textNames[*index] + ")";
  expectation.path = path.str();
  expectation.buffer = buffer;
  if (!readNpy(path, expectation.expected, error)) {
    error = "--expect " + name.str() + ": " + error;
    return std::nullopt;
  }
  std::string descr = normalizeDescr(expectation.expected.descr);
  expectation.encoded = llvm::is_contained(acceptedDescrs(buffer->kind), descr);
  int64_t count = expectation.expected.getNumElements();
  if (expectation.encoded && buffer->kind == ElemKind::F4E2M1FN)
    count *= 2;
  if (!expectation.encoded && !plainValues(expectation.expected)) {
    error = "--expect " + name.str() + ": '" + path.str() + "' has dtype '" +
            expectation.expected.descr + "', which cannot be compared with " +
            getElemKindName(buffer->kind).str();
    return std::nullopt;
  }
  if (count != elementCount(*buffer)) {
    error = "--expect " + name.str() + ": '" + path.str() + "' has " +
            std::to_string(count) + " elements, the buffer " +
            std::to_string(elementCount(*buffer));
    return std::nullopt;
  }
  return expectation;
}

/// Whether an argument's name can name a file as it is (`%0` and `%x#1`
/// cannot be told apart from other files or paths).
bool isPlainFileName(llvm::StringRef name) {
  return !name.empty() && (llvm::isAlpha(name.front()) || name.front() == '_') &&
         llvm::all_of(name, [](char c) {
           return llvm::isAlnum(c) || c == '_' || c == '-' || c == '.';
         });
}

/// `value` as printf's %g with `digits` significant digits.
std::string formatNumber(double value, int digits = 6) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.*g", digits, value);
  return text;
}

/// The C-order index of element `i` of an array of `shape`, as "[a, b]".
std::string formatIndex(int64_t i, llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 4> index(shape.size(), 0);
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    index[d] = shape[d] ? i % shape[d] : 0;
    i = shape[d] ? i / shape[d] : 0;
  }
  std::string text = "[";
  for (auto [d, v] : llvm::enumerate(index))
    text += (d ? ", " : "") + std::to_string(v);
  return text + "]";
}

/// Compares the buffer with the array after the run (|got - expected| <=
/// atol + rtol * |expected|, NaN matching NaN); reports the result and the
/// worst elements to `os`.
bool compareWithExpectation(const Expectation &expectation,
                            DeviceMemory &memory, double rtol, double atol,
                            llvm::raw_ostream &os) {
  const OutputBuffer &buffer = *expectation.buffer;
  int64_t count = elementCount(buffer);
  Tile got = Tile::alloc(buffer.kind, {count});
  decodeFromMemory(memory.getBuffer(buffer.address)->data.get(), got);
  std::vector<double> expected;
  if (expectation.encoded) {
    Tile want = Tile::alloc(buffer.kind, {count});
    decodeFromMemory(expectation.expected.data.data(), want);
    for (int64_t i = 0; i < count; ++i)
      expected.push_back(elementValue(want, i));
  } else {
    expected = *plainValues(expectation.expected);
  }
  std::vector<std::pair<double, int64_t>> mismatches;
  double largest = 0;
  for (int64_t i = 0; i < count; ++i) {
    double g = elementValue(got, i), e = expected[i];
    if (std::isnan(g) && std::isnan(e))
      continue;
    double difference = g == e ? 0 : std::fabs(g - e);
    if (std::isnan(difference))
      difference = INFINITY;
    largest = std::max(largest, difference);
    if (difference > atol + rtol * std::fabs(e))
      mismatches.emplace_back(difference, i);
  }
  std::string tolerance =
      "rtol " + formatNumber(rtol) + ", atol " + formatNumber(atol);
  if (mismatches.empty()) {
    os << "cuda-tile-run: " << expectation.label << " matches '"
       << expectation.path << "': " << count << " elements within "
       << tolerance << " (largest difference " << formatNumber(largest)
       << ")\n";
    return true;
  }
  size_t shown = std::min<size_t>(5, mismatches.size());
  std::partial_sort(mismatches.begin(), mismatches.begin() + shown,
                    mismatches.end(), [](const auto &a, const auto &b) {
                      return a.first > b.first ||
                             (a.first == b.first && a.second < b.second);
                    });
  llvm::ArrayRef<int64_t> shape = expectation.expected.shape;
  std::vector<int64_t> elementShape(shape.begin(), shape.end());
  if (expectation.encoded && buffer.kind == ElemKind::F4E2M1FN &&
      !elementShape.empty())
    elementShape.back() *= 2;
  os << "cuda-tile-run: error: " << expectation.label << " differs from '"
     << expectation.path << "' in " << mismatches.size() << " of " << count
     << " elements beyond " << tolerance << "; the worst:\n";
  for (size_t m = 0; m < shown; ++m) {
    auto [difference, i] = mismatches[m];
    os << "  " << formatIndex(i, elementShape) << ": got "
       << formatNumber(elementValue(got, i), 9) << ", expected "
       << formatNumber(expected[i], 9) << " (difference "
       << formatNumber(difference) << ")\n";
  }
  return false;
}

} // namespace

int interp::runCommandLine(int argc, char **argv) {
  Options opts;
  if (std::optional<int> rc = parseOptions(argc, argv, opts))
    return *rc;

  Stopwatch timer;
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readToolInput(opts.file);
  if (!buffer)
    return usageError(llvm::toString(buffer.takeError()));

  MLIRContext context;
  context.getOrLoadDialect<CudaTileDialect>();
  ArgumentNames argNames;
  OwningOpRef<cuda_tile::ModuleOp> module =
      loadModule(std::move(*buffer), &context, &argNames);
  if (!module)
    return 2;
  double loadSeconds = timer.seconds();

  EntryOp entry;
  std::string names;
  for (auto e : module->getBodyBlock()->getOps<EntryOp>()) {
    names += (names.empty() ? "" : ", ") + e.getSymName().str();
    if (e.getSymName() == opts.entry)
      entry = e;
  }
  if (!entry)
    return usageError("no entry named '" + opts.entry + "' in module @" +
                      module->getSymName() +
                      (names.empty() ? std::string(" (it has no entries)")
                                     : " (entries: " + names + ")"));

  llvm::ArrayRef<Type> argTypes = entry.getArgumentTypes();
  if (argTypes.size() != opts.args.size())
    return usageError("entry @" + opts.entry + " takes " + llvm::Twine(argTypes.size()) +
                      " argument(s), but " + llvm::Twine(opts.args.size()) +
                      " --arg option(s) were given");

  HostMemoryBudget::setLimit(opts.maxMemory ? opts.maxMemory
                                             : getDefaultMemoryLimit());
  DeviceMemory memory;
  std::vector<ArgValue> values;
  std::vector<OutputBuffer> outputs;
  for (auto [i, type] : llvm::enumerate(argTypes)) {
    std::string error;
    if (!bindArg(unsigned(i), type, opts.args[i], memory, values, outputs, error))
      return usageError(error);
  }
  // Each --expect names a buffer argument; the arrays are read before the run.
  std::vector<std::string> textNames = argNames.lookup(entry);
  std::vector<Expectation> expectations;
  for (const auto &[name, path] : opts.expects) {
    std::string error;
    std::optional<Expectation> expectation =
        prepareExpectation(name, path, textNames, outputs, error);
    if (!expectation)
      return usageError(error);
    expectations.push_back(std::move(*expectation));
  }
  double bindSeconds = timer.seconds();

  RunOptions run;
  run.grid = opts.grid;
  run.threads = opts.threads;
  run.out = &llvm::outs();
  run.warnings = &llvm::errs();
  run.strictAssume = opts.strictAssume;
  run.maxSteps = opts.maxSteps;
  ProgressLine progress(opts.progressAfter);
  run.onBlockDone = [&](int64_t done, int64_t total) {
    progress.update(done, total);
  };
  std::string error;
  LogicalResult ran = runEntry(entry, values, run, memory, error);
  progress.finish();
  if (failed(ran)) {
    llvm::outs().flush();
    llvm::errs() << error << "\n";
    return 1;
  }
  double runSeconds = timer.seconds();

  bool matched = true;
  for (const Expectation &expectation : expectations)
    matched &= compareWithExpectation(expectation, memory, opts.rtol,
                                      opts.atol, llvm::errs());

  if (!opts.outDir.empty()) {
    // All files or none (ToolIO.h); the directory appears only with them.
    std::vector<std::pair<std::string, std::string>> files;
    for (OutputBuffer &out : outputs) {
      Buffer *b = memory.getBuffer(out.address);
      out.layout.data.assign(b->data.get(), b->data.get() + b->size);
      std::string name = "arg" + std::to_string(out.argIndex);
      if (opts.outNamesFromText && out.argIndex < textNames.size() &&
          isPlainFileName(textNames[out.argIndex]))
        name = textNames[out.argIndex];
      files.emplace_back(name + ".npy", serializeNpy(out.layout));
    }
    if (llvm::Error error = writeToolOutputFiles(opts.outDir, files))
      return usageError(llvm::toString(std::move(error)));
  }
  if (opts.time) {
    int64_t blocks = opts.grid[0] * opts.grid[1] * opts.grid[2];
    llvm::errs() << llvm::format(
        "cuda-tile-run: time: load %.3f s, arguments %.3f s, run %.3f s "
        "(%lld tile blocks, %.1f us each), check and write %.3f s\n",
        loadSeconds, bindSeconds - loadSeconds, runSeconds - bindSeconds,
        (long long)blocks, (runSeconds - bindSeconds) * 1e6 / double(blocks),
        timer.seconds() - runSeconds);
  }
  return matched ? 0 : 1;
}
