//===- Driver.cpp - the cuda-tile-run command line ------------------------===//
//
//   cuda-tile-run FILE --entry NAME --grid X[,Y[,Z]] [--arg SPEC]...
//                 [--out-dir DIR] [--threads N] [--strict-assume]
//                 [--max-memory SIZE] [--max-steps N] [--max-grid-blocks N]
//
// Argument specs, one per entry argument, in order:
//   TYPE:VALUE         a rank-0 tile (i32:1024, f32:0.5, i1:true, bf16:-inf)
//   @PATH.npy          a pointer: a copy of the array, the pointer at element
//                      0; or a whole tile of the array's shape
//   zeros:TYPE:COUNT   a pointer to COUNT zero elements of TYPE
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

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

OwningOpRef<cuda_tile::ModuleOp>
interp::loadModule(std::unique_ptr<llvm::MemoryBuffer> buffer,
                   MLIRContext *context) {
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
  if (failed(parseSourceWithinLimits(sourceMgr, &block, config)))
    return nullptr;
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
    "  zeros:TYPE:COUNT  pointer to COUNT zero-filled elements of TYPE\n"
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
  case ElemKind::F4E2M1FN: return {"|u1", "|i1", "|V1"};
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
  if (view && !spec.starts_with("@")) {
    error = prefix + "a tensor_view takes @PATH.npy, got '" + spec.str() + "'";
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
    } else if (spec.consume_front("zeros:")) {
      auto [typeName, countText] = spec.split(':');
      std::optional<ElemKind> zk = parseElemKind(typeName);
      int64_t count;
      if (!zk || countText.getAsInteger(10, count) || count < 0) {
        error = prefix + "expected zeros:TYPE:COUNT, got 'zeros:" + spec.str() + "'";
        return false;
      }
      if (*zk != kind) {
        error = prefix + "zeros of " + typeName.str() + " do not match the pointee type " +
                kindName.str();
        return false;
      }
      array.descr = acceptedDescrs(kind).front().str();
      uint64_t bytes = getMemoryBytes(kind, count);
      if (count > (int64_t(1) << 34)) {
        error = prefix + "zeros:" + spec.str() + " is too large";
        return false;
      }
      array.shape = {int64_t(kind == ElemKind::F4E2M1FN ? bytes : count)};
      array.data.assign(bytes, 0);
    } else {
      error = prefix + "a pointer takes @PATH.npy or zeros:TYPE:COUNT, got '" +
              spec.str() + "'";
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
    outputs.push_back({index, address, std::move(layout)});
    return true;
  }

  ElemKind kind = *getElemKind(tile.getElementType());
  if (spec.consume_front("@")) {
    NpyArray array;
    std::string why;
    if (!readNpy(spec, array, why)) {
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

} // namespace

int interp::runCommandLine(int argc, char **argv) {
  Options opts;
  if (std::optional<int> rc = parseOptions(argc, argv, opts))
    return *rc;

  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readToolInput(opts.file);
  if (!buffer)
    return usageError(llvm::toString(buffer.takeError()));

  MLIRContext context;
  context.getOrLoadDialect<CudaTileDialect>();
  OwningOpRef<cuda_tile::ModuleOp> module = loadModule(std::move(*buffer), &context);
  if (!module)
    return 2;

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

  RunOptions run;
  run.grid = opts.grid;
  run.threads = opts.threads;
  run.out = &llvm::outs();
  run.warnings = &llvm::errs();
  run.strictAssume = opts.strictAssume;
  run.maxSteps = opts.maxSteps;
  std::string error;
  if (failed(runEntry(entry, values, run, memory, error))) {
    llvm::outs().flush();
    llvm::errs() << error << "\n";
    return 1;
  }

  if (!opts.outDir.empty()) {
    // All files or none (ToolIO.h); the directory appears only with them.
    std::vector<std::pair<std::string, std::string>> files;
    for (OutputBuffer &out : outputs) {
      Buffer *b = memory.getBuffer(out.address);
      out.layout.data.assign(b->data.get(), b->data.get() + b->size);
      files.emplace_back("arg" + std::to_string(out.argIndex) + ".npy",
                         serializeNpy(out.layout));
    }
    if (llvm::Error error = writeToolOutputFiles(opts.outDir, files))
      return usageError(llvm::toString(std::move(error)));
  }
  return 0;
}
