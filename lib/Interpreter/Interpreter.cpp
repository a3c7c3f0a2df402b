//===- Interpreter.cpp - tile blocks, regions and control flow ------------===//
//
// The core of the interpreter: numbering the values of an entry, running the
// tile blocks of the grid (one after the other or on worker threads), running
// regions and the control-flow ops, and dispatching every other op to its
// family (ExecArith.cpp, ExecShape.cpp, ExecMemory.cpp).
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"

#include <thread>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

std::string interp::formatIndex(llvm::ArrayRef<int64_t> shape, int64_t linear) {
  if (shape.empty())
    return "[]";
  llvm::SmallVector<int64_t, 4> index(shape.size());
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    index[d] = linear % shape[d];
    linear /= shape[d];
  }
  std::string s = "[";
  for (size_t i = 0; i < index.size(); ++i)
    s += (i ? ", " : "") + std::to_string(index[i]);
  return s + "]";
}

std::string interp::formatLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) +
            ":" + llvm::Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(loc))
    return formatLocation(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return formatLocation(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations()) {
      std::string s = formatLocation(inner);
      if (s != "<unknown location>")
        return s;
    }
  }
  if (auto di = dyn_cast<DILocAttr>(loc))
    return formatLocation(di.getSourceLoc());
  return "<unknown location>";
}

ElemKind interp::kindOf(Type type) {
  auto tile = cast<TileType>(type);
  return *getElemKind(tile.getElementType());
}

uint64_t interp::getMemoryBytes(ElemKind kind, uint64_t count) {
  if (kind == ElemKind::F4E2M1FN)
    return (count + 1) / 2;
  return count * getTileBytes(kind);
}

void interp::encodeToMemory(const Tile &tile, uint8_t *dst) {
  if (tile.getKind() == ElemKind::F4E2M1FN) {
    const uint8_t *src = tile.bytes();
    int64_t n = tile.size();
    for (int64_t i = 0; i < n; i += 2) {
      uint8_t lo = src[i] & 0xF;
      uint8_t hi = i + 1 < n ? (src[i + 1] & 0xF) : 0;
      dst[i / 2] = uint8_t(lo | (hi << 4));
    }
    return;
  }
  std::memcpy(dst, tile.bytes(), tile.getByteSize());
}

void interp::decodeFromMemory(const uint8_t *src, Tile &tile) {
  int64_t n = tile.size();
  uint8_t *dst = tile.bytes();
  switch (tile.getKind()) {
  case ElemKind::F4E2M1FN:
    for (int64_t i = 0; i < n; ++i)
      dst[i] = (src[i / 2] >> (4 * (i & 1))) & 0xF;
    return;
  case ElemKind::I1:
    for (int64_t i = 0; i < n; ++i)
      dst[i] = src[i] != 0;
    return;
  default:
    std::memcpy(dst, src, tile.getByteSize());
  }
}

FailureOr<Tile> interp::materializeElements(ElementsAttr attr, ElemKind kind,
                                            llvm::ArrayRef<int64_t> shape,
                                            std::string &error) {
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense) {
    error = "only dense literal values are supported";
    return failure();
  }
  uint64_t bytes = uint64_t(getNumElements(shape)) * getTileBytes(kind);
  if (!HostMemoryBudget::reserve(bytes)) {
    error = "out of memory: " + HostMemoryBudget::describeExhaustion(bytes);
    return failure();
  }
  Tile t = Tile::alloc(kind, shape);
  HostMemoryBudget::release(bytes);
  int64_t n = t.size();
  if (!dense.isSplat() && dense.getNumElements() != n) {
    error = "literal has " + std::to_string(dense.getNumElements()) +
            " elements, expected " + std::to_string(n);
    return failure();
  }
  if (isFloatKind(kind)) {
    if (dense.isSplat()) {
      uint64_t bits = encodeFloat(kind, dense.getSplatValue<llvm::APFloat>());
      for (int64_t i = 0; i < n; ++i)
        t.setBits(i, bits);
    } else {
      int64_t i = 0;
      for (const llvm::APFloat &v : dense.getValues<llvm::APFloat>())
        t.setBits(i++, encodeFloat(kind, v));
    }
    return t;
  }
  if (dense.isSplat()) {
    uint64_t bits = dense.getSplatValue<llvm::APInt>().getZExtValue();
    for (int64_t i = 0; i < n; ++i)
      t.setBits(i, bits);
  } else {
    int64_t i = 0;
    for (const llvm::APInt &v : dense.getValues<llvm::APInt>())
      t.setBits(i++, v.getZExtValue());
  }
  return t;
}

FailureOr<Tile> interp::materializeScalarAttr(Attribute attr, ElemKind kind,
                                              std::string &error) {
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (isFloatKind(kind)) {
      error = "integer identity for a float operand";
      return failure();
    }
    return Tile::scalar(kind, i.getValue().getZExtValue());
  }
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    if (!isFloatKind(kind)) {
      error = "float identity for an integer operand";
      return failure();
    }
    return Tile::scalar(kind,
                        convertToFloatBits(kind, f.getValue(),
                                           llvm::RoundingMode::NearestTiesToEven));
  }
  error = "unsupported identity attribute";
  return failure();
}

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

static void numberRegion(Region &region, Program &prog) {
  for (Block &block : region) {
    for (BlockArgument arg : block.getArguments())
      prog.slots[arg] = prog.numSlots++;
    for (Operation &op : block) {
      for (Value result : op.getResults())
        prog.slots[result] = prog.numSlots++;
      for (Region &inner : op.getRegions())
        numberRegion(inner, prog);
    }
  }
}

LogicalResult Program::prepare(std::string &error) {
  numberRegion(entry.getBody(), *this);

  // Globals of the enclosing module, in memory for the whole run.
  if (auto module = entry->getParentOfType<cuda_tile::ModuleOp>()) {
    for (auto global : module.getBodyBlock()->getOps<GlobalOp>()) {
      auto type = cast<ShapedType>(global.getValue().getType());
      std::optional<ElemKind> kind = getElemKind(type.getElementType());
      if (!kind) {
        error = formatLocation(global.getLoc()) +
                ": error: unsupported element type of global @" +
                global.getSymName().str();
        return failure();
      }
      std::string why;
      FailureOr<Tile> init =
          materializeElements(global.getValue(), *kind, type.getShape(), why);
      if (failed(init)) {
        error = formatLocation(global.getLoc()) + ": error: global @" +
                global.getSymName().str() + ": " + why;
        return failure();
      }
      uint64_t bytes = getMemoryBytes(*kind, init->size());
      uint64_t align = llvm::PowerOf2Ceil(global.getAlignment());
      uint64_t address = memory.allocate(
          ("global @" + global.getSymName()).str(), bytes,
          std::max<uint64_t>(align, 1), global.getConstant());
      if (!address) {
        error = formatLocation(global.getLoc()) + ": error: cannot allocate " +
                std::to_string(bytes) + " bytes for global @" +
                global.getSymName().str();
        return failure();
      }
      encodeToMemory(*init, memory.getBuffer(address)->data.get());
      globals[global.getSymName()] = address;
    }
  }

  // Constants are built once and shared by every tile block.
  WalkResult walk = entry.walk([&](Operation *op) {
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      auto type = cast<TileType>(constant.getType());
      std::string why;
      FailureOr<Tile> t = materializeElements(
          constant.getValue(), kindOf(type), type.getShape(), why);
      if (failed(t)) {
        error = formatLocation(op->getLoc()) + ": error: constant: " + why;
        return WalkResult::interrupt();
      }
      constants[op] = *t;
    }
    if (isa<ReduceOp, ScanOp>(op)) {
      bool laneWise = llvm::all_of(op->getRegion(0).front(), [](Operation &inner) {
        return isLaneWiseOp(inner);
      });
      laneWiseCombiners[op] = laneWise;
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Tile blocks
//===----------------------------------------------------------------------===//

BlockExec::BlockExec(Program &program) : prog(program) {
  slots.resize(program.numSlots);
}

void BlockExec::warnOnce(Operation *op, const llvm::Twine &message) {
  llvm::raw_ostream *os = prog.options.warnings;
  if (!os)
    return;
  std::lock_guard<std::mutex> lock(prog.outputMutex);
  if (!prog.warned.insert(op).second)
    return;
  std::string name = op->getName().getStringRef().str();
  if (llvm::StringRef(name).starts_with("cuda_tile."))
    name = name.substr(strlen("cuda_tile."));
  *os << formatLocation(op->getLoc()) << ": warning: " << name
      << " in tile block (" << blockId[0] << ", " << blockId[1] << ", "
      << blockId[2] << "): " << message << "\n";
  os->flush();
}

LogicalResult BlockExec::fail(Operation *op, const llvm::Twine &message) {
  std::string name = op->getName().getStringRef().str();
  if (llvm::StringRef(name).starts_with("cuda_tile."))
    name = name.substr(strlen("cuda_tile."));
  error = formatLocation(op->getLoc()) + ": error: " + name +
          " in tile block (" + std::to_string(blockId[0]) + ", " +
          std::to_string(blockId[1]) + ", " + std::to_string(blockId[2]) +
          "): " + message.str();
  return failure();
}

std::string BlockExec::formatIndexOf(llvm::ArrayRef<int64_t> shape, int64_t i) {
  return formatIndex(shape, i);
}

uint8_t *BlockExec::reportAccess(Operation *op, uint64_t address, uint64_t bytes,
                                 uint64_t align, bool write,
                                 const std::string &what) {
  if (align > 1 && address % align != 0) {
    std::string where;
    if (Buffer *b = prog.memory.lookup(address))
      where = " (offset " + std::to_string(address - b->base) +
              " in buffer '" + b->name + "')";
    std::string addr;
    llvm::raw_string_ostream os(addr);
    os << llvm::format_hex(address, 2);
    (void)fail(op, "misaligned " + what + ": address " + addr + where +
                 " is not a multiple of " + llvm::Twine(align) + " bytes");
    return nullptr;
  }
  uint8_t *p = translate(address, bytes);
  if (!p) {
    (void)fail(op, "out-of-bounds " + what + ": " +
                 prog.memory.describeMiss(address, bytes));
    return nullptr;
  }
  if (write && cached->readOnly) {
    (void)fail(op, what + " writes to read-only buffer '" + cached->name + "'");
    return nullptr;
  }
  return p;
}

LogicalResult BlockExec::run(std::array<int32_t, 3> id,
                             llvm::ArrayRef<RtValue> args) {
  blockId = id;
  Signal signal;
  return runBlock(prog.entry.getBody().front(), args, signal);
}

LogicalResult BlockExec::runBlock(Block &block, llvm::ArrayRef<RtValue> args,
                                  Signal &signal) {
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    set(arg, value);
  size_t allocaMark = allocas.size();
  auto releaseAllocas = [&] {
    while (allocas.size() > allocaMark) {
      prog.memory.release(allocas.back());
      allocas.pop_back();
    }
  };
  signal.kind = SignalKind::None;
  signal.values.clear();
  uint64_t maxSteps = prog.options.maxSteps;
  for (Operation &op : block) {
    // Terminators count too: a loop whose body is only `continue` must stop.
    if (maxSteps &&
        prog.steps.fetch_add(1, std::memory_order_relaxed) >= maxSteps) {
      releaseAllocas();
      return fail(&op, "the run exceeds its limit of " + llvm::Twine(maxSteps) +
                           " operations executed (--max-steps)");
    }
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      signal.kind = llvm::TypeSwitch<Operation *, SignalKind>(&op)
                        .Case<YieldOp>([](auto) { return SignalKind::Yield; })
                        .Case<ContinueOp>([](auto) { return SignalKind::Continue; })
                        .Case<BreakOp>([](auto) { return SignalKind::Break; })
                        .Case<ReturnOp>([](auto) { return SignalKind::Return; })
                        .Default([](auto) { return SignalKind::Yield; });
      for (Value v : op.getOperands())
        signal.values.push_back(get(v));
      releaseAllocas();
      return success();
    }
    if (failed(execOp(op, signal))) {
      releaseAllocas();
      return failure();
    }
    if (signal.kind != SignalKind::None) {
      // A break, continue or return inside a nested `if` leaves this block
      // too.
      releaseAllocas();
      return success();
    }
  }
  releaseAllocas();
  return success();
}

/// The scalar integer of a rank-0 tile, as an exact 128-bit value.
static __int128 scalarInt(const Tile &t, bool isUnsigned) {
  return isUnsigned ? __int128(t.getUnsigned(0)) : __int128(t.getSigned(0));
}

static LogicalResult execIf(BlockExec &ex, IfOp op, Signal &signal) {
  bool cond = ex.tile(op.getCondition()).getBits(0) & 1;
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  if (region.empty())
    return success();
  Signal inner;
  if (failed(ex.runBlock(region.front(), {}, inner)))
    return failure();
  switch (inner.kind) {
  case SignalKind::Yield:
  case SignalKind::None:
    for (auto [result, value] : llvm::zip(op.getResults(), inner.values))
      ex.set(result, value);
    return success();
  default:
    signal = std::move(inner);
    return success();
  }
}

static LogicalResult execFor(BlockExec &ex, ForOp op, Signal &signal) {
  const Tile &lbT = ex.tile(op.getLowerBound());
  const Tile &ubT = ex.tile(op.getUpperBound());
  const Tile &stepT = ex.tile(op.getStep());
  bool isUnsigned = op.getUnsignedCmp();
  __int128 lb = scalarInt(lbT, isUnsigned), ub = scalarInt(ubT, isUnsigned),
           step = scalarInt(stepT, isUnsigned);
  if (step <= 0)
    return ex.fail(op, "the step must be positive, got " +
                           llvm::Twine(int64_t(step)) +
                           " (undefined behaviour)");
  ElemKind kind = lbT.getKind();
  llvm::SmallVector<RtValue, 4> args;
  args.push_back(RtValue());
  for (Value init : op.getInitValues())
    args.push_back(ex.get(init));
  Block &body = op.getRegion().front();
  Signal inner;
  for (__int128 iv = lb; iv < ub; iv += step) {
    if (ex.prog.aborted.load(std::memory_order_relaxed))
      return failure();
    args[0] = RtValue::ofTile(Tile::scalar(kind, uint64_t(iv)));
    if (failed(ex.runBlock(body, args, inner)))
      return failure();
    if (inner.kind == SignalKind::Return || inner.kind == SignalKind::Break) {
      signal = std::move(inner);
      return success();
    }
    for (size_t i = 0; i < inner.values.size() && i + 1 < args.size(); ++i)
      args[i + 1] = inner.values[i];
  }
  for (auto [result, value] :
       llvm::zip(op.getResults(), llvm::ArrayRef(args).drop_front()))
    ex.set(result, value);
  return success();
}

static LogicalResult execLoop(BlockExec &ex, LoopOp op, Signal &signal) {
  llvm::SmallVector<RtValue, 4> args;
  for (Value init : op.getInitValues())
    args.push_back(ex.get(init));
  Block &body = op.getRegion().front();
  Signal inner;
  while (true) {
    if (ex.prog.aborted.load(std::memory_order_relaxed))
      return failure();
    if (failed(ex.runBlock(body, args, inner)))
      return failure();
    if (inner.kind == SignalKind::Break) {
      for (auto [result, value] : llvm::zip(op.getResults(), inner.values))
        ex.set(result, value);
      return success();
    }
    if (inner.kind == SignalKind::Return) {
      signal = std::move(inner);
      return success();
    }
    for (size_t i = 0; i < inner.values.size() && i < args.size(); ++i)
      args[i] = inner.values[i];
  }
}

/// Reports an `assume` whose predicate is false. The interpreter never uses
/// assumed facts, so the run can go on: front ends assert facts that do not
/// change any result (cuTile Python's div_by on the stride of a size-1
/// dimension), and only --strict-assume stops on them.
static LogicalResult assumeViolated(BlockExec &ex, AssumeOp op,
                                    const llvm::Twine &message) {
  if (ex.prog.options.strictAssume)
    return ex.fail(op, message + " (undefined behaviour)");
  ex.warnOnce(op, message + "; the fact is ignored (--strict-assume stops "
                            "the run here)");
  return success();
}

/// Checks the predicate of an `assume`: a false predicate makes the program
/// undefined, so it is reported.
static LogicalResult checkAssume(BlockExec &ex, AssumeOp op) {
  const RtValue &value = ex.get(op.getValue());
  Attribute pred = op.getPredicate();
  if (value.kind == RtValue::ViewV) {
    if (auto divBy = dyn_cast<DivByAttr>(pred)) {
      uint64_t d = divBy.getDivisor();
      if (d && value.view->base % d != 0)
        return assumeViolated(ex, op,
                              "assumed div_by<" + llvm::Twine(d) +
                                  "> does not hold for the view's base "
                                  "address " +
                                  llvm::Twine(value.view->base));
    }
    return success();
  }
  if (value.kind != RtValue::TileV)
    return success();
  const Tile &t = value.tile;
  if (isFloatKind(t.getKind()))
    return success();
  bool isPtr = t.getKind() == ElemKind::Ptr;
  auto elem = [&](int64_t i) -> __int128 {
    return isPtr ? __int128(t.getBits(i)) : __int128(t.getSigned(i));
  };
  auto violated = [&](int64_t i, const llvm::Twine &what) {
    return assumeViolated(ex, op,
                          "assumed " + what + " does not hold: element " +
                              formatIndex(t.getShape(), i) + " is " +
                              llvm::Twine(int64_t(elem(i))));
  };
  llvm::ArrayRef<int64_t> shape = t.getShape();
  llvm::SmallVector<int64_t, 4> strides = getRowMajorStrides(shape);
  if (auto divBy = dyn_cast<DivByAttr>(pred)) {
    __int128 d = divBy.getDivisor();
    if (d == 0)
      return success();
    std::optional<int64_t> every = divBy.getEvery();
    int64_t along = divBy.getAlong().value_or(0);
    for (int64_t i = 0; i < t.size(); ++i) {
      std::string what = "div_by<" + std::to_string(int64_t(d)) + ">";
      if (!every) {
        if (elem(i) % d != 0)
          return violated(i, what);
        continue;
      }
      int64_t coord = shape.empty() ? 0 : (i / strides[along]) % shape[along];
      if (coord % *every == 0) {
        if (elem(i) % d != 0)
          return violated(i, what);
      } else if (elem(i) != elem(i - strides[along]) + 1) {
        return violated(i, what + " every " + std::to_string(*every) +
                               " along " + std::to_string(along) +
                               " (consecutive values)");
      }
    }
    return success();
  }
  if (auto bounded = dyn_cast<BoundedAttr>(pred)) {
    for (int64_t i = 0; i < t.size(); ++i) {
      if ((bounded.getLb() && elem(i) < *bounded.getLb()) ||
          (bounded.getUb() && elem(i) > *bounded.getUb()))
        return violated(i, "bounded range");
    }
    return success();
  }
  if (auto same = dyn_cast<SameElementsAttr>(pred)) {
    llvm::ArrayRef<int64_t> groups = same.getValues().asArrayRef();
    if (groups.size() != shape.size())
      return success();
    for (int64_t i = 0; i < t.size(); ++i) {
      // The first element of i's group.
      int64_t first = 0;
      for (size_t d = 0; d < shape.size(); ++d) {
        int64_t c = (i / strides[d]) % shape[d];
        int64_t g = std::max<int64_t>(groups[d], 1);
        first += (c - c % g) * strides[d];
      }
      if (t.getBits(i) != t.getBits(first))
        return violated(i, "same_elements");
    }
  }
  return success();
}

/// Host bytes of the tiles `op` produces, from their static types (at most
/// UINT64_MAX).
static uint64_t getResultBytes(Operation &op) {
  __int128 bytes = 0;
  for (Type type : op.getResultTypes())
    if (auto tile = dyn_cast<TileType>(type))
      bytes += __int128(tile.getNumElements()) * getTileBytes(kindOf(tile));
  return uint64_t(std::min<__int128>(bytes, UINT64_MAX));
}

LogicalResult BlockExec::execOp(Operation &op, Signal &signal) {
  if (auto constant = dyn_cast<ConstantOp>(op)) {
    setTile(constant.getResult(), prog.constants.lookup(&op));
    return success();
  }
  if (auto ifOp = dyn_cast<IfOp>(op))
    return execIf(*this, ifOp, signal);
  if (auto forOp = dyn_cast<ForOp>(op))
    return execFor(*this, forOp, signal);
  if (auto loopOp = dyn_cast<LoopOp>(op))
    return execLoop(*this, loopOp, signal);
  if (auto assume = dyn_cast<AssumeOp>(op)) {
    if (failed(checkAssume(*this, assume)))
      return failure();
    set(assume.getResult(), get(assume.getValue()));
    return success();
  }
  if (auto ids = dyn_cast<GetTileBlockIdOp>(op)) {
    for (unsigned i = 0; i < 3; ++i)
      setTile(op.getResult(i), Tile::scalar(ElemKind::I32, uint32_t(blockId[i])));
    return success();
  }
  if (isa<GetNumTileBlocksOp>(op)) {
    for (unsigned i = 0; i < 3; ++i)
      setTile(op.getResult(i),
              Tile::scalar(ElemKind::I32, uint32_t(prog.options.grid[i])));
    return success();
  }
  if (auto getGlobal = dyn_cast<GetGlobalOp>(op)) {
    auto it = prog.globals.find(getGlobal.getName());
    if (it == prog.globals.end())
      return fail(&op, "unknown global @" + getGlobal.getName());
    setTile(getGlobal.getResult(), Tile::scalar(ElemKind::Ptr, it->second));
    return success();
  }

  // The results are reserved before the op allocates them, so that running
  // out of memory is an error at this op.
  uint64_t resultBytes = getResultBytes(op);
  if (!HostMemoryBudget::reserve(resultBytes))
    return fail(&op, "out of memory for its results: " +
                         HostMemoryBudget::describeExhaustion(resultBytes));
  ExecStatus status = execArithOp(*this, op);
  if (status == ExecStatus::Unhandled)
    status = execShapeOp(*this, op, signal);
  if (status == ExecStatus::Unhandled)
    status = execMemoryOp(*this, op);
  HostMemoryBudget::release(resultBytes);
  if (status == ExecStatus::Unhandled)
    return fail(&op, "operation is not supported by the interpreter");
  return success(status == ExecStatus::Ok);
}

//===----------------------------------------------------------------------===//
// Running a grid
//===----------------------------------------------------------------------===//

/// Checks the bound values against the entry's argument types.
static LogicalResult checkArgs(EntryOp entry, llvm::ArrayRef<ArgValue> args,
                               std::string &error) {
  llvm::ArrayRef<Type> types = entry.getArgumentTypes();
  if (types.size() != args.size()) {
    error = "entry @" + entry.getSymName().str() + " takes " +
            std::to_string(types.size()) + " argument(s), got " +
            std::to_string(args.size());
    return failure();
  }
  for (auto [i, type, arg] : llvm::enumerate(types, args)) {
    std::string prefix = "argument " + std::to_string(i) + ": ";
    if (isa<TokenType>(type)) {
      if (arg.kind != ArgValue::Token) {
        error = prefix + "expected a token";
        return failure();
      }
      continue;
    }
    if (auto view = dyn_cast<TensorViewType>(type)) {
      bool ok = arg.kind == ArgValue::TensorView &&
                arg.shape.size() == size_t(view.getRank()) &&
                arg.strides.size() == size_t(view.getRank());
      for (int64_t d = 0; ok && d < view.getRank(); ++d)
        ok = (ShapedType::isDynamic(view.getShape()[d]) ||
              view.getShape()[d] == arg.shape[d]) &&
             (ShapedType::isDynamic(view.getStrides()[d]) ||
              view.getStrides()[d] == arg.strides[d]);
      if (!ok) {
        error = prefix + "the tensor does not have the tensor_view's shape and strides";
        return failure();
      }
      continue;
    }
    auto tile = dyn_cast<TileType>(type);
    if (!tile) {
      error = prefix + "arguments of this type are not supported";
      return failure();
    }
    bool isPointer = isa<PointerType>(tile.getElementType());
    if (isPointer) {
      if (tile.getRank() != 0 || arg.kind != ArgValue::Pointer) {
        error = prefix + "expected a buffer for a scalar pointer";
        return failure();
      }
      continue;
    }
    if (arg.kind != ArgValue::TileValue ||
        arg.tile.getKind() != kindOf(tile) ||
        arg.tile.getShape() != tile.getShape()) {
      error = prefix + "the value does not have the argument's type";
      return failure();
    }
  }
  return success();
}

LogicalResult interp::runEntry(EntryOp entry, llvm::ArrayRef<ArgValue> args,
                               const RunOptions &options, DeviceMemory &memory,
                               std::string &error) {
  if (failed(checkArgs(entry, args, error)))
    return failure();
  for (int64_t g : options.grid)
    if (g <= 0 || g > INT32_MAX) {
      error = "grid sizes must be between 1 and 2147483647";
      return failure();
    }
  Program prog(entry, memory, options);
  if (!prog.options.out)
    prog.options.out = &llvm::outs();
  if (failed(prog.prepare(error)))
    return failure();

  llvm::SmallVector<RtValue, 8> values;
  for (auto [arg, type] : llvm::zip(args, entry.getArgumentTypes())) {
    switch (arg.kind) {
    case ArgValue::TensorView: {
      auto view = std::make_shared<ViewData>();
      view->elem = *getElemKind(cast<TensorViewType>(type).getElementType());
      view->base = arg.address;
      view->shape.assign(arg.shape.begin(), arg.shape.end());
      view->strides.assign(arg.strides.begin(), arg.strides.end());
      values.push_back(RtValue::ofView(std::move(view)));
      break;
    }
    case ArgValue::Pointer:
      values.push_back(RtValue::ofTile(Tile::scalar(ElemKind::Ptr, arg.address)));
      break;
    case ArgValue::TileValue:
      values.push_back(RtValue::ofTile(arg.tile));
      break;
    case ArgValue::Token:
      values.push_back(RtValue::token());
      break;
    }
  }

  const std::array<int64_t, 3> grid = options.grid;
  __int128 exactTotal = __int128(grid[0]) * grid[1] * grid[2];
  if (exactTotal > (__int128(1) << 62)) {
    error = "the grid has too many tile blocks";
    return failure();
  }
  int64_t total = int64_t(exactTotal);
  auto idOf = [&](int64_t linear) -> std::array<int32_t, 3> {
    return {int32_t(linear % grid[0]), int32_t((linear / grid[0]) % grid[1]),
            int32_t(linear / (grid[0] * grid[1]))};
  };

  unsigned threads =
      unsigned(std::min<int64_t>(std::max(1u, options.threads), total));
  if (threads <= 1) {
    BlockExec ex(prog);
    for (int64_t linear = 0; linear < total; ++linear) {
      if (failed(ex.run(idOf(linear), values))) {
        prog.options.out->flush();
        error = ex.error;
        return failure();
      }
      if (options.onBlockDone)
        options.onBlockDone(linear + 1, total);
    }
    prog.options.out->flush();
    return success();
  }

  prog.threaded = true;
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> done{0};
  std::mutex errorMutex, progressMutex;
  std::string firstError;
  auto worker = [&] {
    BlockExec ex(prog);
    while (!prog.aborted.load()) {
      int64_t linear = next.fetch_add(1);
      if (linear >= total)
        return;
      if (failed(ex.run(idOf(linear), values))) {
        std::lock_guard<std::mutex> lock(errorMutex);
        if (firstError.empty() && !ex.error.empty())
          firstError = ex.error;
        prog.aborted.store(true);
        return;
      }
      int64_t finished = done.fetch_add(1) + 1;
      if (options.onBlockDone) {
        std::lock_guard<std::mutex> lock(progressMutex);
        options.onBlockDone(finished, total);
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 0; i < threads; ++i)
    pool.emplace_back(worker);
  for (std::thread &t : pool)
    t.join();
  prog.options.out->flush();
  if (prog.aborted.load()) {
    error = firstError.empty() ? "a tile block failed" : firstError;
    return failure();
  }
  return success();
}
