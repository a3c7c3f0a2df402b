//===- Emitter.cpp - kernel emission, layouts, control flow, exchanges ----===//
//
// The core of the cuda_tile -> NVVM code generator: the layout analysis, the
// per-kernel emitter with its value mapping, the control flow of entries,
// shared-memory exchanges and the dispatch to the op families implemented in
// EmitArith.cpp, EmitShape.cpp, EmitMemory.cpp and EmitMma.cpp.
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"
#include "cuda_tile/Codegen/CodegenDialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

int64_t codegen::numElementsOf(TileType type) {
  int64_t n = 1;
  for (int64_t d : type.getShape())
    n *= d;
  return n;
}

unsigned codegen::log2Exact(int64_t value) {
  assert(value > 0 && llvm::isPowerOf2_64(value) && "not a power of two");
  return llvm::Log2_64(value);
}

StringRef codegen::ptxScope(MemoryScope scope) {
  switch (scope) {
  case MemoryScope::TileBlock:
    return "cta";
  case MemoryScope::Device:
    return "gpu";
  case MemoryScope::System:
    return "sys";
  }
  return "sys";
}

StringRef codegen::llvmSyncScope(MemoryScope scope) {
  switch (scope) {
  case MemoryScope::TileBlock:
    return "block";
  case MemoryScope::Device:
    return "device";
  case MemoryScope::System:
    return "";
  }
  return "";
}

llvm::DenseSet<Operation *> codegen::findDeadOps(Operation *root) {
  llvm::DenseSet<Operation *> dead;
  auto isGone = [&](Operation *op) {
    for (; op && op != root; op = op->getParentOp())
      if (dead.contains(op))
        return true;
    return false;
  };
  // Users before producers (reverse order), so a chain of dead ops usually
  // falls in one sweep; the next sweep confirms nothing changes.
  bool changed = true;
  while (changed) {
    changed = false;
    root->walk<WalkOrder::PreOrder, ReverseIterator>([&](Operation *op) {
      if (op == root)
        return WalkResult::advance();
      if (isGone(op))
        return WalkResult::skip();
      if (op->hasTrait<OpTrait::IsTerminator>() ||
          !wouldOpBeTriviallyDead(op) ||
          llvm::any_of(op->getUsers(),
                       [&](Operation *user) { return !isGone(user); }))
        return WalkResult::advance();
      dead.insert(op);
      changed = true;
      return WalkResult::skip();
    });
  }
  return dead;
}

void codegen::eraseDeadOps(Operation *root) {
  llvm::DenseSet<Operation *> dead = findDeadOps(root);
  // Users come after their producers; erase from the back.
  SmallVector<Operation *> order;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!dead.contains(op))
      return WalkResult::advance();
    order.push_back(op);
    return WalkResult::skip();
  });
  for (Operation *op : llvm::reverse(order))
    op->erase();
}

//===----------------------------------------------------------------------===//
// Target and layouts
//===----------------------------------------------------------------------===//

std::optional<Target> Target::parse(StringRef chip) {
  unsigned sm = 0;
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  bool archSpecific = chip.consume_back("a");
  if (chip.getAsInteger(10, sm))
    return std::nullopt;
  if (sm != 80 && sm != 86 && sm != 89 && sm != 90 && sm != 100 && sm != 120)
    return std::nullopt;
  if (archSpecific && sm != 90)
    return std::nullopt;
  Target target;
  target.chip = ("sm_" + Twine(sm) + (archSpecific ? "a" : "")).str();
  target.sm = sm;
  target.archSpecific = archSpecific;
  return target;
}

static MmaLayoutAttr mmaAttr(MLIRContext *ctx, int64_t threads,
                             const MmaFragments &f) {
  return MmaLayoutAttr::get(ctx, threads, f.batch, f.rows, f.cols, f.instRows,
                            f.instCols, f.wholeRows);
}

static MmaFragments fragmentsOf(MmaLayoutAttr attr) {
  return {attr.getBatch(),     attr.getRows(),      attr.getCols(),
          attr.getInstrRows(), attr.getInstrCols(), attr.getWholeRows()};
}

LinearLayout Layout::fragmentMap() const {
  assert((mma || slice) && "only fragment layouts are linear maps here");
  return mma ? mma->linearLayout(numThreads / 32)
             : slice->linearLayout(numThreads / 32);
}

Attribute Layout::toAttr(MLIRContext *ctx) const {
  if (isUniform())
    return UniformLayoutAttr::get(ctx);
  if (mma)
    return mmaAttr(ctx, numThreads, *mma);
  if (slice)
    return SliceLayoutAttr::get(ctx, slice->dim,
                                mmaAttr(ctx, numThreads, slice->parent));
  return DistributedLayoutAttr::get(ctx, numThreads, vectorWidth);
}

void ViewValue::setShapeFacts(ArrayRef<unsigned> dynamicSizeZeros,
                              ArrayRef<unsigned> dynamicStrideZeros) {
  // Zero is divisible by everything; 63 bits are as many as matter.
  auto zerosOf = [](int64_t v) {
    return v == 0 ? 63u : unsigned(llvm::countr_zero(uint64_t(v)));
  };
  sizeZeros.clear();
  strideZeros.clear();
  staticStrides.clear();
  size_t nextSize = 0, nextStride = 0;
  for (int64_t d : tensorView.getShape())
    sizeZeros.push_back(ShapedType::isDynamic(d)
                            ? dynamicSizeZeros[nextSize++]
                            : zerosOf(d));
  for (int64_t st : tensorView.getStrides()) {
    bool dynamic = ShapedType::isDynamic(st);
    strideZeros.push_back(dynamic ? dynamicStrideZeros[nextStride++]
                                  : zerosOf(st));
    staticStrides.push_back(dynamic ? std::nullopt
                                    : std::optional<int64_t>(st));
  }
}

Layout KernelPlan::layoutOf(Type tileType) const {
  if (auto tile = dyn_cast<TileType>(tileType))
    return layoutOfCount(numElementsOf(tile));
  return Layout{1, threads};
}

Layout KernelPlan::layoutOfCount(int64_t numElements) const {
  Layout layout{numElements, threads};
  auto it = vectorWidths.find(numElements);
  if (it != vectorWidths.end())
    layout.vectorWidth = it->second;
  auto mma = mmaLayouts.find(numElements);
  if (mma != mmaLayouts.end()) {
    layout.mma = mma->second;
    // Each fragment holds pairs of consecutive columns.
    layout.vectorWidth = 2;
  }
  auto slice = sliceLayouts.find(numElements);
  if (slice != sliceLayouts.end()) {
    layout.slice = slice->second;
    layout.vectorWidth = 1;
    layout.sliceSlots = layout.fragmentMap().getNumRegisters();
  }
  return layout;
}

/// Calls `fn` for every tile an op of `entry` produces or a block of it
/// takes as an argument, with the op; ops in `dead` and theirs are skipped.
static void forEachTile(Operation *entry,
                        const llvm::DenseSet<Operation *> &dead,
                        function_ref<void(TileType, Operation *)> fn) {
  entry->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (dead.contains(op))
      return WalkResult::skip();
    for (Type t : op->getResultTypes())
      if (auto tile = dyn_cast<TileType>(t))
        fn(tile, op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (auto tile = dyn_cast<TileType>(arg.getType()))
            fn(tile, op);
    return WalkResult::advance();
  });
}

LogicalResult
KernelPlan::checkSlots(Operation *entry,
                       const llvm::DenseSet<Operation *> &dead) const {
  int64_t largest = 1;
  Operation *largestAt = entry;
  forEachTile(entry, dead, [&](TileType tile, Operation *at) {
    if (numElementsOf(tile) > largest) {
      largest = numElementsOf(tile);
      largestAt = at;
    }
  });
  if (largest / threads <= kMaxSlots)
    return success();
  InFlightDiagnostic diag =
      largestAt->emitError("tile of ")
      << largest << " elements is too large for this code generator: "
      << "with " << threads << " threads per tile block each thread "
      << "would hold " << largest / threads << " elements (at most "
      << kMaxSlots << " are supported)";
  diag.attachNote(entry->getLoc())
      << "in the kernel compiled here; smaller tiles or more warps "
         "(--num-warps) are needed";
  return failure();
}

FailureOr<KernelPlan> KernelPlan::analyze(Operation *entry,
                                          const Target &target,
                                          unsigned requestedWarps) {
  // The largest tile the kernel computes with decides how many threads help.
  int64_t largest = 1;
  // The narrowest element (bytes) of the tiles of each size.
  llvm::DenseMap<int64_t, int64_t> narrowest;
  // Dead ops are not compiled (eraseDeadOps), so they do not count.
  llvm::DenseSet<Operation *> dead = findDeadOps(entry);
  forEachTile(entry, dead, [&](TileType tile, Operation *) {
    int64_t n = numElementsOf(tile);
    largest = std::max(largest, n);
    int64_t bytes = KernelEmitter::storageBytes(tile.getElementType());
    auto [it, inserted] = narrowest.try_emplace(n, bytes);
    if (!inserted)
      it->second = std::min(it->second, bytes);
  });

  auto isWarpCount = [](int64_t n) {
    return n >= 1 && n <= 32 && llvm::isPowerOf2_64(n);
  };
  unsigned warps = requestedWarps;
  if (warps == 0) {
    if (auto e = dyn_cast<EntryOp>(entry))
      if (OptimizationHintsAttr hints = e.getOptimizationHintsAttr())
        if (auto hint = dyn_cast_if_present<IntegerAttr>(
                hints.lookup(target.familyChip(), "num_worker_warps_per_cta"))) {
          // Hints are discardable (the specification): one this code
          // generator cannot honor is reported and the choice is its own.
          if (isWarpCount(hint.getInt()))
            warps = hint.getInt();
          else
            entry->emitWarning("optimization hint num_worker_warps_per_cta = ")
                << hint.getInt() << " for " << target.chip
                << " is ignored: this code generator runs a power of two "
                   "between 1 and 32 warps per tile block";
        }
  }
  // A matmul whose lhs is another matmul's result (attention's P = f(Q K^T)
  // times V): warps take whole rows of both, so the lhs is the A fragments
  // in the registers, and (chosen automatically) no more warps than the
  // smallest of them has 16-row tiles.
  bool chained = false;
  int64_t rowTiles = std::numeric_limits<int64_t>::max();
  {
    // Whether `matmul`'s lhs is computed, through ops on tiles of its
    // shape, from another matmul's result.
    auto fedByMatmul = [](Operation *matmul) {
      Value lhs = matmul->getOperand(0);
      ArrayRef<int64_t> shape = cast<TileType>(lhs.getType()).getShape();
      SmallVector<Value> work = {lhs};
      llvm::SmallDenseSet<Value> seen;
      while (!work.empty() && seen.size() < 64) {
        Value v = work.pop_back_val();
        Operation *def = v.getDefiningOp();
        if (!seen.insert(v).second || !def)
          continue;
        if (isa<MmaFOp, MmaIOp>(def)) {
          if (def != matmul)
            return true;
          continue;
        }
        // An if's result: what its branches yield (attention's causal mask
        // behind an if on the key step).
        if (auto ifOp = dyn_cast<IfOp>(def)) {
          unsigned index = cast<OpResult>(v).getResultNumber();
          for (Region *branch : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
            if (!branch->empty())
              if (auto yield = dyn_cast<YieldOp>(branch->front().back()))
                work.push_back(yield.getOperand(index));
          continue;
        }
        for (Value operand : def->getOperands())
          if (auto tile = dyn_cast<TileType>(operand.getType());
              tile && tile.getShape() == shape)
            work.push_back(operand);
      }
      return false;
    };
    entry->walk([&](Operation *op) {
      if (!isa<MmaFOp, MmaIOp>(op) || dead.contains(op))
        return;
      auto lhs = cast<TileType>(op->getOperand(0).getType());
      int64_t rank = lhs.getRank();
      rowTiles = std::min(rowTiles, (rank == 3 ? lhs.getShape()[0] : 1) *
                                        lhs.getShape()[rank - 2] / 16);
      chained |= lhs.getElementType().getIntOrFloatBitWidth() == 16 &&
                 fedByMatmul(op);
    });
  }
  // sm_90a: a matmul that can be wgmma (operands in rings) takes whole rows
  // as well, wgmma's accumulator layout, with (chosen automatically) one
  // warp per 16 rows: warpgroups of 64.
  int64_t wgmmaWarps = 0;
  entry->walk([&](Operation *op) {
    if (dead.contains(op) || !wantsWgmma(op, target))
      return;
    int64_t rows = cast<TileType>(op->getOperand(0).getType()).getShape()[0];
    int64_t w = std::min<int64_t>(rows / 16, 16);
    wgmmaWarps = wgmmaWarps ? std::min(wgmmaWarps, w) : w;
  });
  // A pipelined GEMM on mma.sync: 64x64 warp tiles reuse each A fragment 8
  // times and each B fragment 4 times; shared-memory reads, not the tensor
  // cores, bound smaller ones (H100, 128x128x32 f16: 0.35 ms on 4 warps,
  // 0.53-0.58 ms on 8 and 16). Only where its accumulator is the largest
  // tile, so that no other tile holds more than it per thread.
  int64_t ringMmaWarps = 0;
  entry->walk([&](Operation *op) {
    if (dead.contains(op) || !isa<MmaFOp, MmaIOp>(op) ||
        numElementsOf(cast<TileType>(op->getResult(0).getType())) != largest)
      return;
    ringMmaWarps = std::max(ringMmaWarps, ringMmaSyncWarps(op, target));
  });
  if (warps == 0) {
    warps = 4;
    while (warps < 32 && largest / (32 * int64_t(warps)) > kTargetSlots)
      warps *= 2;
    // Aim at four 16-byte runs per thread of the largest tile: a single run
    // leaves too little in flight (softmax f16 rows of 1024: 9% faster on 2
    // warps than on 4, H100), eight hold registers for nothing (f32 rows of
    // 4096: 1% faster with 4 runs than with 8), up to 8 warps (at 16,
    // ptxas for sm_80 squeezes softmax f32 rows of 8192 into 40 registers
    // and spills).
    auto bytesPerThread = [&] {
      return largest / (32 * int64_t(warps)) * narrowest.lookup(largest);
    };
    while (warps < 8 && bytesPerThread() > 4 * kVectorBytes)
      warps *= 2;
    if (bytesPerThread() == kVectorBytes)
      warps /= 2;
    if (chained && rowTiles >= 1)
      warps = std::min<int64_t>(warps, rowTiles);
    if (wgmmaWarps)
      warps = wgmmaWarps;
    else if (ringMmaWarps && !chained)
      warps = ringMmaWarps;
  }
  if (!isWarpCount(warps)) {
    entry->emitError("cannot run a tile block with ")
        << warps
        << " warps: the number of warps must be a power of two between 1 "
           "and 32";
    return failure();
  }

  KernelPlan plan;
  plan.threads = 32 * int64_t(warps);
  plan.wholeRows = chained || (wgmmaWarps != 0 && warps == wgmmaWarps);
  for (auto [n, bytes] : narrowest) {
    if (n <= plan.threads)
      continue;
    plan.vectorWidths[n] = std::min<int64_t>(
        n / plan.threads, std::max<int64_t>(1, kVectorBytes / bytes));
  }
  // Accumulators of tensor-core matmuls keep the instruction's fragments,
  // so that a loop carrying one never moves it; sizes whose matmuls
  // disagree stay cyclic.
  llvm::DenseMap<int64_t, std::optional<MmaFragments>> accumulators;
  entry->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (dead.contains(op))
      return WalkResult::skip();
    if (!isa<MmaFOp, MmaIOp>(op))
      return WalkResult::advance();
    int64_t n = numElementsOf(cast<TileType>(op->getResult(0).getType()));
    std::optional<MmaFragments> fragments =
        tensorCoreFragments(op, plan.threads, target, plan.wholeRows);
    auto [it, inserted] = accumulators.try_emplace(n, fragments);
    if (!inserted && it->second != fragments)
      it->second = std::nullopt;
    return WalkResult::advance();
  });
  for (auto &[n, fragments] : accumulators)
    if (fragments)
      plan.mmaLayouts[n] = *fragments;
  // A reduction of an accumulator along its rows or columns leaves its
  // result where the fragments hold them (attention's row maximum and sum:
  // no exchange, and broadcasts back read the thread's own registers).
  // Sizes whose reductions agree on the map, and that no accumulator has,
  // take that slice.
  llvm::DenseMap<int64_t, std::optional<MmaSlice>> slices;
  entry->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (dead.contains(op))
      return WalkResult::skip();
    auto reduce = dyn_cast<ReduceOp>(op);
    if (!reduce)
      return WalkResult::advance();
    auto source = cast<TileType>(reduce.getOperands().front().getType());
    auto parent = plan.mmaLayouts.find(numElementsOf(source));
    if (parent == plan.mmaLayouts.end())
      return WalkResult::advance();
    // Only the accumulator's own shape: another shape of its element count
    // has other rows.
    const MmaFragments &f = parent->second;
    ArrayRef<int64_t> shape = source.getShape();
    int64_t rank = shape.size();
    if (rank < 2 || shape[rank - 2] != f.rows || shape[rank - 1] != f.cols ||
        (rank == 3 ? shape[0] : 1) != f.batch || rank > 3)
      return WalkResult::advance();
    int64_t dim = int64_t(reduce.getDim()) - (rank - 2);
    int64_t n = numElementsOf(cast<TileType>(op->getResult(0).getType()));
    if (dim < 0 || n <= 1 || plan.mmaLayouts.count(n))
      return WalkResult::advance();
    MmaSlice slice{f, dim};
    auto [it, inserted] = slices.try_emplace(n, slice);
    if (!inserted && it->second &&
        it->second->linearLayout(warps) != slice.linearLayout(warps))
      it->second = std::nullopt;
    return WalkResult::advance();
  });
  for (auto &[n, slice] : slices)
    if (slice)
      plan.sliceLayouts[n] = *slice;
  if (failed(plan.checkSlots(entry, dead)))
    return failure();
  return plan;
}

FailureOr<KernelPlan> KernelPlan::forEntry(EntryOp entry, const Target &target,
                                           unsigned requestedWarps) {
  if (entry->hasAttr(CudaTileCodegenDialect::ThreadsAttrHelper::getNameStr()))
    return fromAttributes(entry, requestedWarps);
  // Layouts without the CTA size they were chosen for are no plan.
  WalkResult stray = entry.walk([&](Operation *op) {
    if (!op->hasAttr(CudaTileCodegenDialect::LayoutAttrHelper::getNameStr()))
      return WalkResult::advance();
    op->emitError("op has a layout but its entry has no ")
        << CudaTileCodegenDialect::ThreadsAttrHelper::getNameStr();
    return WalkResult::interrupt();
  });
  if (stray.wasInterrupted())
    return failure();
  return analyze(entry, target, requestedWarps);
}

FailureOr<KernelPlan> KernelPlan::fromAttributes(EntryOp entry,
                                                 unsigned requestedWarps) {
  StringRef threadsName =
      CudaTileCodegenDialect::ThreadsAttrHelper::getNameStr();
  auto threadsAttr = entry->getAttrOfType<IntegerAttr>(threadsName);
  if (!threadsAttr)
    return entry.emitError("'") << threadsName << "' must be an integer";
  KernelPlan plan;
  plan.threads = threadsAttr.getInt();
  if (failed(verifyThreadCount(plan.threads, [&] {
        return entry.emitError("'") << threadsName << "': ";
      })))
    return failure();
  if (requestedWarps != 0 && 32 * int64_t(requestedWarps) != plan.threads)
    return entry.emitError("the entry's ")
           << threadsName << " = " << plan.threads << " contradicts "
           << requestedWarps << " requested warps (" << 32 * requestedWarps
           << " threads)";

  // Element count -> (run length, the op that set it).
  llvm::DenseMap<int64_t, std::pair<int64_t, Operation *>> runsOf;
  WalkResult walk = entry.walk([&](Operation *op) {
    if (op == entry.getOperation())
      return WalkResult::advance();
    for (OpResult result : op->getResults()) {
      auto tile = dyn_cast<TileType>(result.getType());
      if (!tile)
        continue;
      Attribute layout = getResultLayout(op, result.getResultNumber());
      if (!layout) {
        op->emitError("result #")
            << result.getResultNumber() << " has no layout ("
            << CudaTileCodegenDialect::LayoutAttrHelper::getNameStr()
            << ") but its entry has " << threadsName
            << ": a kernel's plan is all or nothing";
        return WalkResult::interrupt();
      }
      auto mma = dyn_cast<MmaLayoutAttr>(layout);
      auto distributed = dyn_cast<DistributedLayoutAttr>(layout);
      auto slice = dyn_cast<SliceLayoutAttr>(layout);
      if (!mma && !distributed && !slice)
        continue;
      int64_t layoutThreads = mma     ? mma.getThreads()
                              : slice ? slice.getParent().getThreads()
                                      : distributed.getThreads();
      if (layoutThreads != plan.threads) {
        op->emitError("layout ")
            << layout << " of result #" << result.getResultNumber()
            << " is for " << layoutThreads << " threads but its entry runs "
            << plan.threads;
        return WalkResult::interrupt();
      }
      // The fragment layout of the tile's size; two for one size are no
      // plan.
      auto record = [&](auto &layouts, const auto &layout, StringRef kind) {
        auto [it, inserted] = layouts.try_emplace(numElementsOf(tile), layout);
        if (inserted || it->second == layout)
          return true;
        op->emitError("tiles of ")
            << numElementsOf(tile) << " elements have two " << kind
            << " layouts in the kernel: tiles of one size share one layout";
        return false;
      };
      if (slice) {
        MmaSlice sliced{fragmentsOf(slice.getParent()), slice.getDim()};
        if (!record(plan.sliceLayouts, sliced, "slice"))
          return WalkResult::interrupt();
        continue;
      }
      if (mma) {
        MmaFragments fragments = fragmentsOf(mma);
        plan.wholeRows |= fragments.wholeRows;
        if (!record(plan.mmaLayouts, fragments, "mma"))
          return WalkResult::interrupt();
        continue;
      }
      int64_t n = numElementsOf(tile);
      auto [it, inserted] =
          runsOf.try_emplace(n, distributed.getRuns(), op);
      if (!inserted && it->second.first != distributed.getRuns()) {
        InFlightDiagnostic diag =
            op->emitError("tiles of ")
            << n << " elements have runs of " << distributed.getRuns()
            << " here but runs of " << it->second.first
            << " elsewhere in the kernel: tiles of one size share one layout";
        diag.attachNote(it->second.second->getLoc())
            << "runs of " << it->second.first << " given here";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (auto &[n, runs] : runsOf) {
    if (plan.mmaLayouts.count(n) || plan.sliceLayouts.count(n))
      return runs.second->emitError("tiles of ")
             << n << " elements are distributed here but have "
             << (plan.mmaLayouts.count(n) ? "an mma" : "a slice")
             << " layout elsewhere in the kernel: tiles of one size share "
                "one layout";
    plan.vectorWidths[n] = runs.first;
  }
  for (auto &[n, slice] : plan.sliceLayouts)
    if (plan.mmaLayouts.count(n))
      return entry.emitError("tiles of ")
             << n << " elements have an mma and a slice layout in the "
             << "kernel: tiles of one size share one layout";
  if (failed(plan.checkSlots(entry, findDeadOps(entry))))
    return failure();
  return plan;
}

//===----------------------------------------------------------------------===//
// ModuleState
//===----------------------------------------------------------------------===//

ModuleState::ModuleState(mlir::ModuleOp out, const Target &target)
    : out(out), target(target) {}

/// Whether `name` is a PTX identifier: a letter then letters, digits, `_`
/// and `$`, or `_` or `$` then at least one of those (PTX also allows a
/// leading `%`, which LLVM's NVPTX printer refuses).
static bool isPTXIdentifier(StringRef name) {
  auto follows = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  };
  if (name.empty() || !llvm::all_of(name.drop_front(), follows))
    return false;
  char first = name.front();
  if (llvm::isAlpha(first))
    return true;
  return (first == '_' || first == '$') && name.size() > 1;
}

std::string mlir::cuda_tile::codegen::ptxSymbolName(StringRef name) {
  if (isPTXIdentifier(name))
    return name.str();
  std::string mangled = "_$";
  for (unsigned char c : name) {
    if (llvm::isAlnum(c) || c == '_') {
      mangled += char(c);
      continue;
    }
    mangled += '$';
    mangled += llvm::hexdigit(c >> 4);
    mangled += llvm::hexdigit(c & 15);
  }
  return mangled;
}

std::string ModuleState::uniqueName(StringRef prefix) {
  unsigned &counter = nameCounters[prefix];
  while (true) {
    std::string name = (prefix + "_" + Twine(counter++)).str();
    if (!SymbolTable::lookupSymbolIn(out, name))
      return name;
  }
}

LLVM::LLVMFuncOp
ModuleState::getOrDeclareFunction(StringRef name,
                                  LLVM::LLVMFunctionType type) {
  if (auto existing = out.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder builder(out.getContext());
  builder.setInsertionPointToEnd(out.getBody());
  return LLVM::LLVMFuncOp::create(builder, out.getLoc(), name, type);
}

LLVM::GlobalOp ModuleState::createGlobal(Location loc, StringRef name,
                                         Type type, bool isConstant,
                                         LLVM::Linkage linkage,
                                         Attribute value, uint64_t alignment,
                                         unsigned addrSpace) {
  OpBuilder builder(out.getContext());
  builder.setInsertionPointToStart(out.getBody());
  return LLVM::GlobalOp::create(builder, loc, type, isConstant, linkage, name,
                                value, alignment, addrSpace);
}

LLVM::GlobalOp ModuleState::getStringLiteral(StringRef text) {
  auto it = strings.find(text);
  if (it != strings.end())
    return it->second;
  std::string data = text.str();
  data.push_back('\0');
  MLIRContext *ctx = out.getContext();
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), data.size());
  LLVM::GlobalOp global = createGlobal(
      out.getLoc(), uniqueName("__cudatile_str"), type, /*isConstant=*/true,
      LLVM::Linkage::Private, StringAttr::get(ctx, data), /*alignment=*/1,
      /*addrSpace=*/1);
  strings[text] = global;
  return global;
}

LLVM::GlobalOp ModuleState::getDynamicShared() {
  if (!dynamicShared) {
    MLIRContext *ctx = out.getContext();
    dynamicShared = createGlobal(
        out.getLoc(), uniqueName("__cudatile_dynamic_smem"),
        LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 0),
        /*isConstant=*/false, LLVM::Linkage::External, Attribute(),
        KernelEmitter::kRingAlignment, /*addrSpace=*/3);
  }
  return dynamicShared;
}

LLVM::GlobalOp ModuleState::createConstantTable(Type arrayType, Attribute data,
                                                unsigned alignment) {
  return createGlobal(out.getLoc(), uniqueName("__cudatile_const"), arrayType,
                      /*isConstant=*/true, LLVM::Linkage::Private, data,
                      alignment, /*addrSpace=*/1);
}

//===----------------------------------------------------------------------===//
// KernelEmitter: types and constants
//===----------------------------------------------------------------------===//

KernelEmitter::KernelEmitter(EntryOp entry, ModuleState &module,
                             const KernelPlan &plan)
    : module(module), entry(entry), plan(plan), b(entry.getContext()),
      loc(plainLocation(entry.getLoc())) {
  // Rings of operand buffers (dynamic shared memory) take their room from
  // the CTA's shared memory first.
  int64_t rings = 0;
  entry.walk([&](AllocRingOp ring) {
    rings += llvm::alignTo(ring.getRing().getType().getStages() *
                               ring.getRing().getType().getSlotBytes(),
                           kRingAlignment);
  });
  mbarrierBase = rings;
  entry.walk([&](AllocMBarriersOp barriers) {
    rings += barriers.getBarriers().getType().getStages() * 8;
  });
  plannedRingBytes = rings;
  // (Over-approximated where the lhs is no ring: the emitter decides later
  // whether it is in the registers.)
  entry.walk([&](Operation *op) {
    if (isa<MmaFOp, MmaIOp>(op) &&
        wgmmaObstacle(op, module.getTarget(), plan.numThreads() / 32,
                      plan.wholeRowGrids(), /*lhsInRegisters=*/true)
            .empty()) {
      readsRingsAsynchronously = true;
      wgmmaRegisters = std::max(wgmmaRegisters,
                                wgmmaRegistersNeeded(op, module.getTarget()));
    }
  });
  // The accumulators of the matmuls of one block (attention's S and O) are
  // live together: registers no occupancy may take from a thread.
  llvm::DenseMap<Block *, int64_t> accumulatorsPerBlock;
  entry.walk([&](Operation *op) {
    if (!isa<MmaFOp, MmaIOp>(op))
      return;
    auto acc = cast<TileType>(op->getResult(0).getType());
    int64_t bits = numElementsOf(acc) * storageBits(acc.getElementType());
    int64_t &regs = accumulatorsPerBlock[op->getBlock()];
    regs += llvm::divideCeil(bits, 32 * plan.numThreads());
    accumulatorRegisters = std::max(accumulatorRegisters, regs);
  });
  scratchLimit = std::max<int64_t>(
      0, std::min<int64_t>(kScratchBytes,
                           module.getTarget().sharedBytesPerCTA() - rings));
}

Type KernelEmitter::scalarType(Type elementType) {
  MLIRContext *c = ctx();
  if (isa<PointerType>(elementType))
    return IntegerType::get(c, 64);
  if (isNarrowFloat(elementType))
    return IntegerType::get(c, 8);
  if (isa<FloatTF32Type>(elementType))
    return Float32Type::get(c);
  return elementType;
}

Type KernelEmitter::loweredType(TileType type) {
  Type scalar = scalarType(type.getElementType());
  Layout layout = layoutOf(type);
  if (layout.isUniform())
    return scalar;
  return VectorType::get({layout.slots()}, scalar);
}

unsigned KernelEmitter::storageBits(Type elementType) {
  if (isa<PointerType>(elementType))
    return 64;
  // A dialect type: no bit width of its own.
  if (isa<Float8E5M3FNUType>(elementType))
    return 8;
  // tf32 values occupy the 32 bits of an f32.
  if (isa<FloatTF32Type>(elementType))
    return 32;
  return elementType.getIntOrFloatBitWidth();
}

unsigned KernelEmitter::storageBytes(Type elementType) {
  return std::max(1u, storageBits(elementType) / 8);
}

Type KernelEmitter::storageType(Type elementType) {
  Type scalar = scalarType(elementType);
  if (scalar.isInteger(1) || scalar.isInteger(4))
    return IntegerType::get(ctx(), 8);
  return scalar;
}

Value KernelEmitter::cI32(int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}
Value KernelEmitter::cI64(int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 64);
}
Value KernelEmitter::cInt(Type type, int64_t value) {
  return cIntLike(type, value);
}
Value KernelEmitter::cBool(bool value) {
  return arith::ConstantIntOp::create(b, loc, value ? 1 : 0, 1);
}

Value KernelEmitter::cIntLike(Type type, const APInt &value) {
  Type elem = mlir::getElementTypeOrSelf(type);
  APInt v = value.zextOrTrunc(elem.getIntOrFloatBitWidth());
  if (auto vec = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc, vec,
                                     DenseElementsAttr::get(vec, v));
  return arith::ConstantOp::create(b, loc, type, IntegerAttr::get(type, v));
}

Value KernelEmitter::cIntLike(Type type, int64_t value) {
  Type elem = mlir::getElementTypeOrSelf(type);
  return cIntLike(type, APInt(elem.getIntOrFloatBitWidth(), value,
                              /*isSigned=*/true, /*implicitTrunc=*/true));
}

Value KernelEmitter::cFloatLike(Type type, double value) {
  auto elem = cast<FloatType>(mlir::getElementTypeOrSelf(type));
  APFloat v(value);
  bool lost = false;
  v.convert(elem.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
  if (auto vec = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc, vec,
                                     DenseElementsAttr::get(vec, v));
  return arith::ConstantOp::create(b, loc, type, FloatAttr::get(type, v));
}

Value KernelEmitter::splat(Value scalar, Type type) {
  if (scalar.getType() == type)
    return scalar;
  return vector::BroadcastOp::create(b, loc, type, scalar);
}

//===----------------------------------------------------------------------===//
// Lanes and indices
//===----------------------------------------------------------------------===//

Value KernelEmitter::lane(Value value, int64_t k) {
  if (!isa<VectorType>(value.getType()))
    return value;
  return vector::ExtractOp::create(b, loc, value, k);
}

SmallVector<Value> KernelEmitter::lanes(Value value) {
  auto vec = dyn_cast<VectorType>(value.getType());
  if (!vec)
    return {value};
  SmallVector<Value> result;
  for (int64_t k = 0; k < vec.getNumElements(); ++k)
    result.push_back(lane(value, k));
  return result;
}

Value KernelEmitter::fromLanes(ArrayRef<Value> parts, Type type) {
  if (!isa<VectorType>(type)) {
    assert(parts.size() == 1);
    return parts.front();
  }
  return vector::FromElementsOp::create(b, loc, type, parts);
}

Value KernelEmitter::mapLanes(ValueRange operands, Type resultType,
                              function_ref<Value(ValueRange)> fn) {
  auto vec = dyn_cast<VectorType>(resultType);
  if (!vec)
    return fn(operands);
  SmallVector<Value> parts;
  for (int64_t k = 0; k < vec.getNumElements(); ++k) {
    SmallVector<Value> scalars;
    for (Value operand : operands)
      scalars.push_back(lane(operand, k));
    parts.push_back(fn(scalars));
  }
  return fromLanes(parts, resultType);
}

Value KernelEmitter::elementIndex(const Layout &layout, int64_t k) {
  if (layout.isUniform())
    return cI32(0);
  if (layout.mma || layout.slice) {
    // Linear in the thread id with one element bit per thread-id bit: the
    // slot's constant part, plus each set bit of the thread id moved to
    // its element bit.
    LinearLayout map = layout.fragmentMap();
    Value index = cI32(int64_t(map.apply(k, 0, 0)));
    ArrayRef<uint64_t> lanes = map.getBases(LinearLayout::kLane);
    ArrayRef<uint64_t> warps = map.getBases(LinearLayout::kWarp);
    for (unsigned bit = 0; bit < lanes.size() + warps.size(); ++bit) {
      uint64_t image = bit < lanes.size() ? lanes[bit]
                                          : warps[bit - lanes.size()];
      if (image == 0)
        continue;
      assert(llvm::isPowerOf2_64(image) && "a thread-id bit is one element bit");
      Value set = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, tid, cI32(bit)), cI32(1));
      index = arith::OrIOp::create(
          b, loc, index,
          arith::ShLIOp::create(b, loc, set, cI32(llvm::Log2_64(image))));
    }
    return index;
  }
  if (layout.isReplicated())
    return arith::AndIOp::create(b, loc, tid, cI32(layout.numElements - 1));
  int64_t v = layout.vectorWidth;
  Value run = tid;
  if (v > 1)
    run = arith::ShLIOp::create(b, loc, tid, cI32(llvm::Log2_64(v)));
  int64_t offset = (k / v) * layout.numThreads * v + k % v;
  if (offset == 0)
    return run;
  return arith::AddIOp::create(b, loc, run, cI32(offset));
}

LinearLayout KernelEmitter::linearLayoutOf(TileType type) const {
  Layout layout = layoutOf(type);
  if (!layout.mma && !layout.slice)
    return LinearLayout::cyclic(type.getShape(), numThreads() / 32,
                                layout.vectorWidth);
  // The bases are row-major element indices: the same for any shape of the
  // element count.
  LinearLayout map = layout.fragmentMap();
  return LinearLayout(SmallVector<LinearLayout::InDim>(map.getInDims()),
                      LinearLayout::tileOutDims(type.getShape()));
}

Value KernelEmitter::ownsSlot(const Layout &layout, int64_t k) {
  if (layout.isUniform())
    return isThread0();
  if (layout.slice) {
    // The replica whose lane and warp bits of zero image are zero.
    LinearLayout map = layout.fragmentMap();
    uint64_t replicaBits =
        map.getFreeBits(LinearLayout::kLane) |
        (map.getFreeBits(LinearLayout::kWarp) << LinearLayout::kLaneBits);
    if (replicaBits == 0)
      return cBool(true);
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(b, loc, tid, cI32(int64_t(replicaBits))),
        cI32(0));
  }
  if (layout.isReplicated())
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                                 cI32(layout.numElements));
  return cBool(true);
}

Value KernelEmitter::isThread0() {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                               cI32(0));
}

SmallVector<Value> KernelEmitter::delinearize(Value linear,
                                              ArrayRef<int64_t> shape) {
  SmallVector<Value> coords(shape.size());
  int64_t inner = 1;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    Value c = linear;
    if (inner > 1)
      c = arith::ShRUIOp::create(b, loc, c, cI32(log2Exact(inner)));
    c = arith::AndIOp::create(b, loc, c, cI32(shape[d] - 1));
    coords[d] = c;
    inner *= shape[d];
  }
  return coords;
}

Value KernelEmitter::linearize(ArrayRef<Value> coords,
                               ArrayRef<int64_t> shape) {
  Value result = cI32(0);
  int64_t inner = 1;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    Value term = coords[d];
    if (inner > 1)
      term = arith::ShLIOp::create(b, loc, term, cI32(log2Exact(inner)));
    result = arith::OrIOp::create(b, loc, result, term);
    inner *= shape[d];
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Structured helpers (scf)
//===----------------------------------------------------------------------===//

SmallVector<Value>
KernelEmitter::buildIf(Value cond, TypeRange types,
                       function_ref<SmallVector<Value>()> thenFn,
                       function_ref<SmallVector<Value>()> elseFn) {
  IntegerAttr constant;
  if (matchPattern(cond, m_Constant(&constant)))
    return constant.getValue().isZero()
               ? (elseFn ? elseFn() : SmallVector<Value>())
               : thenFn();
  auto ifOp = scf::IfOp::create(b, loc, types, cond, /*withElseRegion=*/true);
  for (Block *block : {ifOp.thenBlock(), ifOp.elseBlock()})
    if (!block->empty())
      block->back().erase();
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    SmallVector<Value> thenValues = thenFn();
    scf::YieldOp::create(b, loc, thenValues);
    b.setInsertionPointToStart(ifOp.elseBlock());
    SmallVector<Value> elseValues = elseFn ? elseFn() : SmallVector<Value>();
    scf::YieldOp::create(b, loc, elseValues);
  }
  return SmallVector<Value>(ifOp.getResults());
}

void KernelEmitter::buildIfThen(Value cond, function_ref<void()> thenFn) {
  IntegerAttr constant;
  if (matchPattern(cond, m_Constant(&constant))) {
    if (constant.getValue().isZero())
      return;
    thenFn();
    return;
  }
  auto ifOp = scf::IfOp::create(b, loc, TypeRange(), cond,
                                /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  thenFn();
}

SmallVector<Value> KernelEmitter::buildFor(
    Value lb, Value ub, Value step, ValueRange inits,
    function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  auto forOp = scf::ForOp::create(b, loc, lb, ub, step, inits);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *block = forOp.getBody();
    if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
      block->back().erase();
    b.setInsertionPointToEnd(block);
    SmallVector<Value> next =
        body(forOp.getInductionVar(), forOp.getRegionIterArgs());
    scf::YieldOp::create(b, loc, next);
  }
  return SmallVector<Value>(forOp.getResults());
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

void KernelEmitter::barrier() {
  if (inCombiner)
    combinerNeedsCTA = true;
  // Two barriers with only side-effect-free ops between them order exactly
  // as much as one does.
  Block *block = b.getInsertionBlock();
  for (auto it = b.getInsertionPoint(); it != block->begin();) {
    Operation *prev = &*--it;
    if (isa<NVVM::Barrier0Op>(prev))
      return;
    if (!isMemoryEffectFree(prev))
      break;
  }
  NVVM::Barrier0Op::create(b, loc);
}

Value KernelEmitter::scratchPointer(int64_t regionOffset, Type storedType,
                                    Value index) {
  auto ptr3 = LLVM::LLVMPointerType::get(ctx(), 3);
  scratchUsed = true;
  if (inCombiner)
    combinerNeedsCTA = true;
  Value base = LLVM::AddressOfOp::create(b, loc, ptr3, scratchName);
  Type i8 = IntegerType::get(ctx(), 8);
  if (regionOffset != 0)
    base = LLVM::GEPOp::create(b, loc, ptr3, i8, base,
                               ArrayRef<LLVM::GEPArg>{int32_t(regionOffset)});
  return LLVM::GEPOp::create(b, loc, ptr3, storedType, base,
                             ArrayRef<LLVM::GEPArg>{index});
}

Value KernelEmitter::swizzledOffset(const OperandSwizzle &swizzle, Value row,
                                    Value byteInRow) {
  int64_t w = swizzle.blockBytes();
  Value phase = arith::AndIOp::create(
      b, loc,
      arith::ShRUIOp::create(b, loc, row,
                             cI32(llvm::Log2_64(swizzle.perPhase))),
      cI32(swizzle.maxPhase - 1));
  Value flip = arith::ShLIOp::create(b, loc, phase, cI32(4));
  Value within = byteInRow;
  Value offset = arith::MulIOp::create(b, loc, row, cI32(w));
  if (swizzle.blockStride) {
    // Column blocks of w bytes, blockStride apart.
    within = arith::AndIOp::create(b, loc, byteInRow, cI32(w - 1));
    Value block = arith::ShRUIOp::create(b, loc, byteInRow,
                                         cI32(llvm::Log2_64(w)));
    offset = arith::AddIOp::create(
        b, loc, offset,
        arith::MulIOp::create(b, loc, block, cI32(swizzle.blockStride)));
  }
  return arith::AddIOp::create(b, loc, offset,
                               arith::XOrIOp::create(b, loc, within, flip));
}

std::string SharedAddresses::Address::operand(unsigned index) const {
  std::string text = "[$" + std::to_string(index);
  if (immediate)
    text += "+" + std::to_string(immediate);
  return text + "]";
}

const SharedAddresses::Table *SharedAddresses::tableOf(Value v,
                                                       unsigned depth) {
  auto known = tables.find(v);
  if (known != tables.end())
    return known->second.get();
  int64_t threads = em.numThreads();
  std::optional<Table> table;
  auto fill = [&](auto value) {
    table.emplace(threads);
    for (int64_t t = 0; t < threads; ++t)
      (*table)[t] = value(t);
  };
  Operation *def = v.getDefiningOp();
  auto isI32 = [](Value x) { return x.getType().isInteger(32); };
  if (v == em.threadId()) {
    fill([](int64_t t) { return uint32_t(t); });
  } else if (!def || depth > 64 || !(isI32(v) || v.getType().isInteger(1))) {
    // Not a function of the thread id (or too deep to be worth it).
  } else if (auto c = dyn_cast<arith::ConstantOp>(def)) {
    if (auto attr = dyn_cast<IntegerAttr>(c.getValue())) {
      uint32_t value = uint32_t(attr.getValue().getZExtValue());
      fill([&](int64_t) { return value; });
    }
  } else if (auto sel = dyn_cast<arith::SelectOp>(def)) {
    const Table *cond = tableOf(sel.getCondition(), depth + 1);
    const Table *yes = cond ? tableOf(sel.getTrueValue(), depth + 1) : nullptr;
    const Table *no = yes ? tableOf(sel.getFalseValue(), depth + 1) : nullptr;
    if (no)
      fill([&](int64_t t) { return (*cond)[t] ? (*yes)[t] : (*no)[t]; });
  } else if (def->getNumOperands() == 2 && llvm::all_of(def->getOperands(),
                                                         isI32)) {
    const Table *x = tableOf(def->getOperand(0), depth + 1);
    const Table *y = x ? tableOf(def->getOperand(1), depth + 1) : nullptr;
    if (!y) {
      tables[v] = nullptr;
      return nullptr;
    }
    // Only what the i32 arithmetic defines for every thread.
    bool defined = true;
    auto binary = [&](auto fn) {
      fill([&](int64_t t) { return uint32_t(fn((*x)[t], (*y)[t])); });
    };
    auto divisorsNonZero = [&] {
      return llvm::all_of(*y, [](uint32_t d) { return d != 0; });
    };
    auto shiftsInRange = [&] {
      return llvm::all_of(*y, [](uint32_t d) { return d < 32; });
    };
    if (isa<arith::AddIOp>(def))
      binary([](uint32_t a, uint32_t c) { return a + c; });
    else if (isa<arith::SubIOp>(def))
      binary([](uint32_t a, uint32_t c) { return a - c; });
    else if (isa<arith::MulIOp>(def))
      binary([](uint32_t a, uint32_t c) { return a * c; });
    else if (isa<arith::AndIOp>(def))
      binary([](uint32_t a, uint32_t c) { return a & c; });
    else if (isa<arith::OrIOp>(def))
      binary([](uint32_t a, uint32_t c) { return a | c; });
    else if (isa<arith::XOrIOp>(def))
      binary([](uint32_t a, uint32_t c) { return a ^ c; });
    else if (isa<arith::ShLIOp>(def) && (defined = shiftsInRange()))
      binary([](uint32_t a, uint32_t c) { return a << c; });
    else if (isa<arith::ShRUIOp>(def) && (defined = shiftsInRange()))
      binary([](uint32_t a, uint32_t c) { return a >> c; });
    else if (isa<arith::DivUIOp>(def) && (defined = divisorsNonZero()))
      binary([](uint32_t a, uint32_t c) { return a / c; });
    else if (isa<arith::RemUIOp>(def) && (defined = divisorsNonZero()))
      binary([](uint32_t a, uint32_t c) { return a % c; });
    else if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
      switch (cmp.getPredicate()) {
      case arith::CmpIPredicate::eq:
        binary([](uint32_t a, uint32_t c) { return a == c; });
        break;
      case arith::CmpIPredicate::ne:
        binary([](uint32_t a, uint32_t c) { return a != c; });
        break;
      case arith::CmpIPredicate::ult:
        binary([](uint32_t a, uint32_t c) { return a < c; });
        break;
      case arith::CmpIPredicate::ule:
        binary([](uint32_t a, uint32_t c) { return a <= c; });
        break;
      case arith::CmpIPredicate::ugt:
        binary([](uint32_t a, uint32_t c) { return a > c; });
        break;
      case arith::CmpIPredicate::uge:
        binary([](uint32_t a, uint32_t c) { return a >= c; });
        break;
      default:
        break;
      }
    }
    if (!defined)
      table.reset();
  }
  std::unique_ptr<Table> &slot = tables[v];
  if (table)
    slot = std::make_unique<Table>(std::move(*table));
  return slot.get();
}

SharedAddresses::Address SharedAddresses::at(Value offset) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  Block *block = b.getInsertionBlock();
  const Table *table = tableOf(offset);
  if (!table)
    return {arith::AddIOp::create(b, loc, base, offset), 0};
  const Table &want = *table;
  auto constantFrom = [&](const Table &from, uint32_t flip) {
    std::optional<int64_t> immediate;
    for (size_t t = 0; t < want.size(); ++t) {
      int32_t d = int32_t(want[t] - (from[t] ^ flip));
      if (immediate && *immediate != d)
        return std::optional<int64_t>();
      immediate = d;
    }
    return immediate;
  };
  // A register plus a constant, in the block the address is used in.
  for (const Register &r : registers)
    if (r.block == block)
      if (std::optional<int64_t> imm = constantFrom(r.offsets, 0))
        return {r.address, *imm};
  // A register with a chunk of its low bits flipped, plus a constant: the
  // flip must stay below the base's alignment, so that it flips the same
  // bits of the address. The lowest split that holds for every thread.
  for (size_t i = 0, e = registers.size(); i < e; ++i) {
    if (registers[i].block != block)
      continue;
    for (int64_t split = 16; split <= baseAlignment; split *= 2) {
      uint32_t low = uint32_t(split - 1);
      uint32_t flip = (want[0] ^ registers[i].offsets[0]) & low;
      if (!flip)
        continue;
      std::optional<int64_t> imm = constantFrom(registers[i].offsets, flip);
      if (!imm)
        continue;
      Table flipped = registers[i].offsets;
      for (uint32_t &o : flipped)
        o ^= flip;
      Value address =
          arith::XOrIOp::create(b, loc, registers[i].address, em.cI32(flip));
      registers.push_back({std::move(flipped), address, block});
      return {address, *imm};
    }
  }
  Value address = arith::AddIOp::create(b, loc, base, offset);
  registers.push_back({want, address, block});
  return {address, 0};
}

void KernelEmitter::stageSwizzled(
    Value value, TileType type, Value base, const OperandSwizzle &swizzle,
    function_ref<std::tuple<Value, Value, Value>(ArrayRef<Value>)> place) {
  Layout layout = layoutOf(type);
  Type elem = type.getElementType();
  int64_t eBytes = storageBytes(elem);
  int64_t run = 1;
  if (!layout.isUniform() && !layout.isReplicated())
    run = std::min<int64_t>(
        {int64_t(linearLayoutOf(type).contiguousElementsPerThread(
             type.getRank() - 1)),
         16 / eBytes, layout.slots()});
  Type stored = storageType(elem);
  Value lowered = get(value);
  for (int64_t k = 0; k < layout.slots(); k += run) {
    SmallVector<Value> coords =
        delinearize(elementIndex(layout, k), type.getShape());
    auto [keep, row, col] = place(coords);
    Value cond = ownsSlot(layout, k);
    if (keep)
      cond = arith::AndIOp::create(b, loc, cond, keep);
    SmallVector<Value> parts;
    for (int64_t j = 0; j < run; ++j)
      parts.push_back(lane(lowered, k + j));
    Value data = run == 1 ? parts.front()
                          : vector::FromElementsOp::create(
                                b, loc, VectorType::get({run}, stored), parts)
                                .getResult();
    buildIfThen(cond, [&] {
      Value byteInRow = arith::MulIOp::create(b, loc, col, cI32(eBytes));
      Value offset = swizzledOffset(swizzle, row, byteInRow);
      Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(),
                                      base, ArrayRef<LLVM::GEPArg>{offset});
      LLVM::StoreOp::create(b, loc, data, ptr, unsigned(run * eBytes));
    });
  }
}

Value KernelEmitter::scratchAddress32(int64_t regionOffset) {
  Value ptr =
      scratchPointer(regionOffset, IntegerType::get(ctx(), 8), cI32(0));
  return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr);
}

void KernelEmitter::scratchStore(int64_t regionOffset, Type elementType,
                                 Value index, Value value) {
  Type stored = storageType(elementType);
  if (stored != value.getType())
    value = arith::ExtUIOp::create(b, loc, stored, value);
  Value ptr = scratchPointer(regionOffset, stored, index);
  LLVM::StoreOp::create(b, loc, value, ptr, storageBytes(elementType));
}

Value KernelEmitter::scratchLoad(int64_t regionOffset, Type elementType,
                                 Value index) {
  Type stored = storageType(elementType);
  Value ptr = scratchPointer(regionOffset, stored, index);
  Value value =
      LLVM::LoadOp::create(b, loc, stored, ptr, storageBytes(elementType));
  Type scalar = scalarType(elementType);
  if (scalar != stored)
    value = arith::TruncIOp::create(b, loc, scalar, value);
  return value;
}

void KernelEmitter::stage(Value value, TileType type, int64_t regionOffset,
                          function_ref<std::pair<Value, Value>(Value)> place) {
  Layout layout = layoutOf(type);
  Type elem = type.getElementType();
  for (int64_t k = 0; k < layout.slots(); ++k) {
    Value e = elementIndex(layout, k);
    auto [keep, position] = place(e);
    Value cond = ownsSlot(layout, k);
    if (keep)
      cond = arith::AndIOp::create(b, loc, cond, keep);
    Value element = lane(value, k);
    Value pos = position;
    buildIfThen(cond, [&] { scratchStore(regionOffset, elem, pos, element); });
  }
}

Value KernelEmitter::broadcastFromThread0(Value value, Type elementType) {
  reserveScratch(storageBytes(elementType));
  barrier();
  buildIfThen(isThread0(),
              [&] { scratchStore(0, elementType, cI32(0), value); });
  barrier();
  return scratchLoad(0, elementType, cI32(0));
}

Value KernelEmitter::gather(ArrayRef<GatherSource> sources,
                            ArrayRef<int64_t> resultShape,
                            function_ref<std::pair<Value, Value>(Value)> pick) {
  Type elem = sources.front().type.getElementType();
  auto resultTile = TileType::get(resultShape, elem);
  Layout layout = layoutOf(resultTile);
  int64_t slots = layout.slots();
  SmallVector<Value> selects(slots), indices(slots);
  for (int64_t k = 0; k < slots; ++k)
    std::tie(selects[k], indices[k]) = pick(elementIndex(layout, k));
  return fromLanes(gatherIndices(sources, selects, indices),
                   loweredType(resultTile));
}

Value KernelEmitter::shuffle(Value value, Value lane, NVVM::ShflKind kind) {
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  auto move = [&](Value word) {
    return NVVM::ShflOp::create(b, loc, i32, cI32(-1), word, lane, cI32(0x1f),
                                NVVM::ShflKindAttr::get(ctx(), kind),
                                UnitAttr())
        .getResult();
  };
  Type bits = b.getIntegerType(width);
  Value raw =
      type == bits ? value : arith::BitcastOp::create(b, loc, bits, value);
  Value moved;
  if (width == 64) {
    Type i64 = b.getI64Type();
    Value low = arith::TruncIOp::create(b, loc, i32, raw);
    Value high = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, raw, cI64(32)));
    Value lowMoved = arith::ExtUIOp::create(b, loc, i64, move(low));
    Value highMoved = arith::ExtUIOp::create(b, loc, i64, move(high));
    moved = arith::OrIOp::create(
        b, loc, lowMoved, arith::ShLIOp::create(b, loc, highMoved, cI64(32)));
  } else if (width == 32) {
    moved = move(raw);
  } else {
    moved = arith::TruncIOp::create(
        b, loc, bits, move(arith::ExtUIOp::create(b, loc, i32, raw)));
  }
  return type == bits ? moved : arith::BitcastOp::create(b, loc, type, moved);
}

SmallVector<Value> KernelEmitter::gatherIndices(ArrayRef<GatherSource> sources,
                                                ArrayRef<Value> selects,
                                                ArrayRef<Value> indices) {
  Type elem = sources.front().type.getElementType();
  Type scalar = scalarType(elem);
  int64_t slots = indices.size();

  auto isSource = [&](int64_t k, size_t s) -> Value {
    if (sources.size() == 1)
      return {};
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, selects[k],
                                 cI32(s));
  };

  SmallVector<Value> result(slots);
  Value zero = isa<FloatType>(scalar) ? cFloatLike(scalar, 0.0)
                                      : cIntLike(scalar, 0);
  for (int64_t k = 0; k < slots; ++k)
    result[k] = zero;

  unsigned bytes = storageBytes(elem);
  int64_t capacity = int64_t(llvm::bit_floor<uint64_t>(scratchCapacity() / bytes));
  for (auto [s, source] : llvm::enumerate(sources)) {
    Layout srcLayout = layoutOf(source.type);
    if (srcLayout.isUniform()) {
      for (int64_t k = 0; k < slots; ++k) {
        Value here = isSource(k, s);
        result[k] = here ? arith::SelectOp::create(b, loc, here, source.value,
                                                   result[k])
                               .getResult()
                         : source.value;
      }
      continue;
    }
    int64_t n = srcLayout.numElements;
    // A cyclic source of at most 32 elements is whole in every warp (lane
    // l holds element l mod n): each element comes from lane `index` by a
    // shuffle. (Reduce and scan bodies, run by one thread, hold only rank-0
    // tiles.)
    if (n <= 32 && !srcLayout.slice) {
      if (current)
        remark(current, /*passed=*/true,
               "layout change through warp shuffles: " + Twine(slots) +
                   " element(s) per thread by shfl.sync.idx");
      Value held = lane(source.value, 0);
      for (int64_t k = 0; k < slots; ++k) {
        Value moved = shuffle(held, indices[k], NVVM::ShflKind::idx);
        Value here = isSource(k, s);
        result[k] =
            here ? arith::SelectOp::create(b, loc, here, moved, result[k])
                       .getResult()
                 : moved;
      }
      continue;
    }
    int64_t chunk = std::min(n, capacity);
    int64_t numChunks = n / chunk;
    reserveScratch(chunk * bytes);
    if (current)
      remark(current, /*passed=*/false,
             "layout change through shared memory: " + Twine(n * bytes) +
                 " bytes in " + Twine(numChunks) + " chunk(s)");

    auto readChunk = [&](Value chunkBase,
                         ArrayRef<Value> currentValues) -> SmallVector<Value> {
      barrier();
      stage(source.value, source.type, 0,
            [&](Value e) -> std::pair<Value, Value> {
              if (numChunks == 1)
                return {Value(), e};
              Value rel = arith::SubIOp::create(b, loc, e, chunkBase);
              Value in = arith::CmpIOp::create(
                  b, loc, arith::CmpIPredicate::ult, rel, cI32(chunk));
              return {in, rel};
            });
      barrier();
      SmallVector<Value> next(currentValues.begin(), currentValues.end());
      for (int64_t k = 0; k < slots; ++k) {
        Value here = isSource(k, s);
        Value rel = indices[k];
        if (numChunks > 1) {
          rel = arith::SubIOp::create(b, loc, indices[k], chunkBase);
          Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           rel, cI32(chunk));
          here = here ? arith::AndIOp::create(b, loc, here, in).getResult()
                      : in;
        }
        if (!here) {
          next[k] = scratchLoad(0, elem, rel);
          continue;
        }
        Value safe = arith::SelectOp::create(b, loc, here, rel, cI32(0));
        Value loaded = scratchLoad(0, elem, safe);
        next[k] = arith::SelectOp::create(b, loc, here, loaded, next[k]);
      }
      return next;
    };

    if (numChunks == 1) {
      result = readChunk(cI32(0), result);
      continue;
    }
    result = buildFor(cI32(0), cI32(n), cI32(chunk), result,
                      [&](Value base, ValueRange iters) {
                        SmallVector<Value> currentValues(iters.begin(),
                                                         iters.end());
                        return readChunk(base, currentValues);
                      });
  }
  return result;
}

Value KernelEmitter::scatterToTile(ArrayRef<Value> scalars,
                                   ArrayRef<Value> positions,
                                   ArrayRef<Value> valid, TileType type) {
  Type elem = type.getElementType();
  Layout layout = layoutOf(type);
  int64_t n = layout.numElements;
  unsigned bytes = storageBytes(elem);
  int64_t chunk = std::min<int64_t>(
      n, int64_t(llvm::bit_floor<uint64_t>(scratchCapacity() / bytes)));
  int64_t numChunks = n / chunk;
  reserveScratch(chunk * bytes);
  Type scalar = scalarType(elem);
  SmallVector<Value> result;
  Value zero = isa<FloatType>(scalar) ? cFloatLike(scalar, 0.0)
                                      : cIntLike(scalar, 0);
  for (int64_t k = 0; k < layout.slots(); ++k)
    result.push_back(zero);
  auto processChunk = [&](Value base,
                          ArrayRef<Value> current) -> SmallVector<Value> {
    barrier();
    for (auto [i, v] : llvm::enumerate(scalars)) {
      Value rel = arith::SubIOp::create(b, loc, positions[i], base);
      Value cond = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         rel, cI32(chunk));
      if (valid[i])
        cond = arith::AndIOp::create(b, loc, cond, valid[i]);
      Value value = v;
      buildIfThen(cond, [&] { scratchStore(0, elem, rel, value); });
    }
    barrier();
    SmallVector<Value> next(current.begin(), current.end());
    for (int64_t k = 0; k < layout.slots(); ++k) {
      Value rel = arith::SubIOp::create(b, loc, elementIndex(layout, k), base);
      if (numChunks == 1) {
        next[k] = scratchLoad(0, elem, rel);
        continue;
      }
      Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, rel,
                                       cI32(chunk));
      Value safe = arith::SelectOp::create(b, loc, in, rel, cI32(0));
      next[k] = arith::SelectOp::create(b, loc, in,
                                        scratchLoad(0, elem, safe), next[k]);
    }
    return next;
  };
  if (numChunks == 1)
    result = processChunk(cI32(0), result);
  else
    result = buildFor(cI32(0), cI32(n), cI32(chunk), result,
                      [&](Value base, ValueRange iters) {
                        SmallVector<Value> cur(iters.begin(), iters.end());
                        return processChunk(base, cur);
                      });
  return fromLanes(result, loweredType(type));
}

//===----------------------------------------------------------------------===//
// Values, diagnostics, calls
//===----------------------------------------------------------------------===//

Value KernelEmitter::get(Value tile) {
  auto it = values.find(tile);
  assert(it != values.end() && "use of a value that was not emitted");
  return it->second;
}

ViewValue *KernelEmitter::getView(Value view) {
  auto it = views.find(view);
  if (it == views.end())
    return nullptr;
  return it->second.get();
}

void KernelEmitter::setView(Value view, std::unique_ptr<ViewValue> lowered) {
  views[view] = std::move(lowered);
}

InFlightDiagnostic KernelEmitter::emitError(const Twine &message) {
  return (current ? current : entry.getOperation())->emitError(message);
}

bool KernelEmitter::tokenPending(Value token) {
  auto it = tokens.find(token);
  return it == tokens.end() ? true : it->second;
}

Value KernelEmitter::callFunction(StringRef name, Type result,
                                  ValueRange args) {
  SmallVector<Type> argTypes;
  for (Value arg : args)
    argTypes.push_back(arg.getType());
  bool isVoid = !result;
  Type ret = isVoid ? LLVM::LLVMVoidType::get(ctx()) : result;
  auto fnType = LLVM::LLVMFunctionType::get(ret, argTypes);
  LLVM::LLVMFuncOp fn = module.getOrDeclareFunction(name, fnType);
  auto call = LLVM::CallOp::create(b, loc, fn, args);
  return isVoid ? Value() : call.getResult();
}

Value KernelEmitter::callIntrinsic(StringRef name, Type result,
                                   ValueRange args) {
  if (!result) {
    LLVM::CallIntrinsicOp::create(b, loc, TypeRange(),
                                  StringAttr::get(ctx(), name), args,
                                  LLVM::FastmathFlagsAttr());
    return {};
  }
  auto call = LLVM::CallIntrinsicOp::create(
      b, loc, result, StringAttr::get(ctx(), name), args);
  return call.getResult(0);
}

Value KernelEmitter::inlinePtx(StringRef text, StringRef constraints,
                               Type result, ValueRange args,
                               bool sideEffects) {
  auto op = LLVM::InlineAsmOp::create(
      b, loc, result ? TypeRange(result) : TypeRange(), args, text,
      constraints, sideEffects, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(ctx(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return result ? op.getResult(0) : Value();
}

//===----------------------------------------------------------------------===//
// Entry
//===----------------------------------------------------------------------===//

/// The parameter type of an entry argument of scalar tile type.
static Type parameterType(MLIRContext *ctx, Type elementType) {
  if (isa<PointerType>(elementType))
    return LLVM::LLVMPointerType::get(ctx);
  if (elementType.isInteger(1) || isNarrowFloat(elementType))
    return IntegerType::get(ctx, 8);
  if (isa<FloatTF32Type>(elementType))
    return Float32Type::get(ctx);
  return elementType;
}

bool codegen::isNarrowFloat(Type elementType) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float8E5M3FNUType, Float4E2M1FNType>(elementType);
}

int64_t codegen::walkingDimension(ArrayRef<int64_t> shape, int64_t length,
                                  int64_t stride) {
  int64_t inner = 1;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    if (inner == stride && shape[d] == length)
      return d;
    inner *= shape[d];
  }
  return -1;
}

TensorViewType codegen::tensorViewOf(Type type) {
  return TypeSwitch<Type, TensorViewType>(type)
      .Case([](TensorViewType t) { return t; })
      .Case([](PartitionViewType t) { return t.getTensorView(); })
      .Case([](StridedViewType t) { return t.getTensorView(); })
      .Case([](GatherScatterViewType t) { return t.getTensorView(); })
      .Default([](Type) { return TensorViewType(); });
}

LogicalResult KernelEmitter::run() {
  int64_t capacity = target().sharedBytesPerCTA();
  if (plannedRingBytes > capacity)
    return entry.emitError("the kernel's rings of operand buffers need ")
           << plannedRingBytes << " bytes of shared memory, more than the "
           << capacity << " bytes a CTA can use on " << target().chip;
  MLIRContext *c = ctx();
  mlir::ModuleOp out = module.getModule();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(out.getBody());

  planTmaCopies();
  // Parameters.
  SmallVector<Type> params;
  for (Type type : entry.getArgumentTypes()) {
    if (auto tile = dyn_cast<TileType>(type)) {
      params.push_back(parameterType(c, tile.getElementType()));
    } else if (TensorViewType tv = tensorViewOf(type)) {
      params.push_back(LLVM::LLVMPointerType::get(c));
      for (int64_t d : tv.getShape())
        if (ShapedType::isDynamic(d))
          params.push_back(IntegerType::get(c, 64));
      for (int64_t s : tv.getStrides())
        if (ShapedType::isDynamic(s))
          params.push_back(IntegerType::get(c, 64));
    } else if (!isa<TokenType>(type)) {
      return entry.emitError("entry argument of type ")
             << type << " cannot be passed to a kernel";
    }
  }

  // The tensor maps: 128-byte objects the host builds, passed by value.
  for (size_t i = 0; i < tensorMaps.size(); ++i)
    params.push_back(LLVM::LLVMPointerType::get(c));

  std::string name = ptxSymbolName(entry.getSymName());
  if (SymbolTable::lookupSymbolIn(out, name))
    return entry.emitError("kernel name '")
           << name << "' clashes with another symbol of the module";
  auto fnType =
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(c), params);
  loc = plainLocation(entry.getLoc());
  func = LLVM::LLVMFuncOp::create(b, loc, name, fnType);
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), UnitAttr::get(c));
  if (name != entry.getSymName()) {
    func->setAttr(kSourceNameAttr, entry.getSymNameAttr());
    remark(entry, /*passed=*/true,
           "entry name is not a PTX identifier; its kernel is " + name +
               " in PTX");
  }
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                b.getDenseI32ArrayAttr({int32_t(numThreads()), 1, 1}));
  Block *body = func.addEntryBlock(b);
  b.setInsertionPointToStart(body);
  scratchName = module.uniqueName("__cudatile_smem_" + name);

  tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  lowerEntryArguments(func);

  Region &region = entry.getBody();
  if (!region.hasOneBlock())
    return entry.emitError("entry body must have exactly one block");
  if (failed(emitBlock(region.front())))
    return failure();
  // An entry without an explicit terminator.
  Block *last = b.getInsertionBlock();
  if (last->empty() || !last->back().hasTrait<OpTrait::IsTerminator>())
    emitReturn();

  IRRewriter rewriter(ctx());
  (void)eraseUnreachableBlocks(rewriter, func.getBody());
  finalizeScratch();
  if (scratchBytes + allocaBytes > kSharedBytes)
    return entry.emitError("kernel needs ")
           << scratchBytes + allocaBytes
           << " bytes of shared memory, more than the 49152 bytes of static "
              "shared memory a CTA can use";
  int64_t dynamicBytes = dynamicSharedBytes();
  if (scratchBytes + allocaBytes + dynamicBytes > capacity)
    return entry.emitError("kernel needs ")
           << scratchBytes + allocaBytes << " bytes of static and "
           << dynamicBytes << " bytes of dynamic shared memory, more than the "
           << capacity << " bytes a CTA can use on " << target().chip;
  if (dynamicBytes > 0)
    func->setAttr(kDynamicSharedBytesAttr, b.getI64IntegerAttr(dynamicBytes));
  applyOccupancyHint(func, scratchBytes + allocaBytes + dynamicBytes);
  if (!tensorMaps.empty()) {
    SmallVector<Attribute> maps;
    for (const std::string &map : tensorMaps)
      maps.push_back(b.getStringAttr(map));
    func->setAttr(kTensorMapsAttr, b.getArrayAttr(maps));
  }
  return success();
}

int64_t KernelEmitter::occupancyHint() {
  OptimizationHintsAttr hints = entry.getOptimizationHintsAttr();
  auto occupancy = hints ? dyn_cast_if_present<IntegerAttr>(hints.lookup(
                               target().familyChip(), "occupancy"))
                         : IntegerAttr();
  return occupancy ? occupancy.getInt() : 0;
}

int64_t KernelEmitter::ctasByRegisters() {
  int64_t needed = std::max(wgmmaRegisters, accumulatorRegisters);
  if (!needed)
    return std::numeric_limits<int64_t>::max();
  int64_t ctas = 1;
  while (registerCapOf(numThreads(), ctas + 1) >= needed)
    ++ctas;
  return ctas;
}

int64_t KernelEmitter::reachableOccupancy() {
  return std::min({occupancyHint(),
                   target().ctasPerSM(numThreads(),
                                      plannedRingBytes + scratchBytes),
                   ctasByRegisters()});
}

void KernelEmitter::applyOccupancyHint(LLVM::LLVMFuncOp func,
                                       int64_t sharedBytes) {
  // (1 to 32 by the verifier.) More CTAs than the SM's shared memory and
  // threads hold would only take registers from the one that runs.
  int64_t wanted = occupancyHint();
  int64_t fits = target().ctasPerSM(numThreads(), sharedBytes);
  StringRef directive = NVVM::NVVMDialect::getMinctasmAttrName();
  if (!wanted) {
    // Where the shared memory holds one CTA, ptxas left to itself may still
    // budget registers for two (128 at 256 threads) and spill.
    if (fits == 1)
      func->setAttr(directive, b.getI32IntegerAttr(1));
    return;
  }
  int64_t ctas = std::min(wanted, fits);
  if (ctas < wanted)
    remark(entry, /*passed=*/false,
           "occupancy " + Twine(wanted) + " not reachable on " +
               target().chip + ": with " + Twine(sharedBytes) +
               " bytes of shared memory and " + Twine(numThreads()) +
               " threads per CTA, " + Twine(fits) +
               " fit on an SM; registers are budgeted for " + Twine(ctas));
  // The accumulators, and beside a wgmma's what ptxas needs, must fit the
  // registers the CTAs leave a thread.
  if (int64_t byRegisters = ctasByRegisters(); byRegisters < ctas) {
    std::string need =
        wgmmaRegisters >= accumulatorRegisters
            ? "a wgmma needs " + std::to_string(wgmmaRegisters)
            : "the matmuls' accumulators need " +
                  std::to_string(accumulatorRegisters);
    remark(entry, /*passed=*/false,
           "occupancy " + Twine(ctas) + " not reachable on " +
               target().chip + ": " + need + " registers per thread, which " +
               Twine(numThreads()) + " threads per CTA have with at most " +
               Twine(byRegisters) + " on an SM; registers are budgeted for " +
               Twine(byRegisters));
    ctas = byRegisters;
  }
  func->setAttr(directive, b.getI32IntegerAttr(ctas));
}

void KernelEmitter::planTmaCopies() {
  // Equal descriptions share one map (a kernel parameter).
  llvm::StringMap<unsigned> numbers;
  auto mapNumber = [&](const TensorMapPlan &plan) {
    auto [it, added] =
        numbers.try_emplace(plan.description, unsigned(tensorMaps.size()));
    if (added)
      tensorMaps.push_back(plan.description);
    return it->second;
  };
  // (One remark per ring: its prologue and refill copies are alike.)
  llvm::DenseSet<Value> remarked;
  entry.walk([&](AsyncLoadOp op) {
    if (!target().hasTma()) {
      ringsWrittenGenerically = true;
      return;
    }
    bool first = remarked.insert(op.getRing()).second;
    std::string whyNot;
    FailureOr<TensorMapPlan> plan = TensorMapPlan::of(
        op.getView(), cast<TileType>(op.getViewTile()),
        op.getRing().getType(), target(), facts, whyNot);
    // Without barriers the pipelining pass chose cp.async for the ring.
    if (failed(plan) || !op.getBarriers()) {
      ringsWrittenGenerically = true;
      if (first)
        remark(op, /*passed=*/false,
               "not TMA: " +
                   Twine(failed(plan)
                             ? whyNot
                             : "the pipelining pass gave the copy no "
                               "mbarrier (--tma=false, the load's "
                               "allow_tma = false hint, or no view of "
                               "the loop's body has a tensor map)") +
                   "; cp.async");
      return;
    }
    unsigned map = mapNumber(*plan);
    if (first)
      remark(op, /*passed=*/true,
             "copied by TMA (cp.async.bulk.tensor, tensor map " + Twine(map) +
                 ": " + plan->description + ")");
    tmaCopies[op] = TmaCopy{std::move(*plan), map};
  });
  if (!tmaStore)
    return;
  entry.walk([&](StoreViewTkoOp op) {
    std::string whyNot;
    FailureOr<TensorMapPlan> plan = planTmaStore(op, whyNot);
    if (failed(plan)) {
      remark(op, /*passed=*/false, "view store not by TMA: " + whyNot);
      return;
    }
    unsigned map = mapNumber(*plan);
    remark(op, /*passed=*/true,
           "view store by TMA (cp.async.bulk.tensor from the idle rings' "
           "memory, tensor map " +
               Twine(map) + ": " + plan->description + ")");
    tmaStores[op] = TmaCopy{std::move(*plan), map};
  });
}

void KernelEmitter::emitReturn() {
  // No copy into a ring outlives the kernel (a loop-invariant operand's copy
  // is in flight when its loop runs no iteration).
  if (plannedRingBytes > 0 && ringsWrittenGenerically)
    inlinePtx("cp.async.wait_all;", "", Type(), ValueRange(),
              /*sideEffects=*/true);
  LLVM::ReturnOp::create(b, loc, ValueRange());
}

void KernelEmitter::lowerEntryArguments(LLVM::LLVMFuncOp fn) {
  unsigned next = 0;
  for (BlockArgument arg : entry.getBody().front().getArguments()) {
    Type type = arg.getType();
    if (auto tile = dyn_cast<TileType>(type)) {
      Value param = fn.getArgument(next++);
      Type elem = tile.getElementType();
      if (isa<PointerType>(elem)) {
        // The parameter carries the alignment the kernel asserts for it
        // (`.ptr .align N` in the PTX).
        unsigned zeros = 0;
        for (Operation *user : arg.getUsers())
          if (auto assume = dyn_cast<AssumeOp>(user))
            zeros = std::max(zeros, getAssumedTrailingZeros(assume));
        if (zeros > 0)
          fn.setArgAttr(next - 1, LLVM::LLVMDialect::getAlignAttrName(),
                        b.getI64IntegerAttr(int64_t(1) << std::min(zeros, 16u)));
        param = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), param);
      }
      else if (elem.isInteger(1))
        param = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, param,
                                      cInt(param.getType(), 0));
      set(arg, param);
      continue;
    }
    if (TensorViewType tv = tensorViewOf(type)) {
      auto view = std::make_unique<ViewValue>();
      view->type = type;
      view->tensorView = tv;
      view->elementType = tv.getElementType();
      view->base = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(),
                                            fn.getArgument(next++));
      // A kernel parameter's view: global memory, naturally aligned.
      view->global = true;
      view->baseZeros = llvm::Log2_32(storageBytes(view->elementType));
      view->setShapeFacts(SmallVector<unsigned>(tv.getShape().size(), 0),
                          SmallVector<unsigned>(tv.getStrides().size(), 0));
      for (int64_t d : tv.getShape())
        view->sizes.push_back(
            ShapedType::isDynamic(d) ? Value(fn.getArgument(next++)) : cI64(d));
      for (int64_t s : tv.getStrides())
        view->strides.push_back(
            ShapedType::isDynamic(s) ? Value(fn.getArgument(next++)) : cI64(s));
      views[arg] = std::move(view);
      continue;
    }
    setToken(arg, false);
  }
  // The tensor maps: `.param .align 64 .b8 [128]`, read where they lie
  // (grid constants, so their generic addresses are the parameters').
  MLIRContext *c = ctx();
  for (size_t i = 0; i < tensorMaps.size(); ++i, ++next) {
    fn.setArgAttr(next, LLVM::LLVMDialect::getByValAttrName(),
                  TypeAttr::get(LLVM::LLVMArrayType::get(
                      IntegerType::get(c, 8), 128)));
    fn.setArgAttr(next, LLVM::LLVMDialect::getAlignAttrName(),
                  b.getI64IntegerAttr(64));
    fn.setArgAttr(next, NVVM::NVVMDialect::getGridConstantAttrName(),
                  UnitAttr::get(c));
    tensorMapAddresses.push_back(LLVM::PtrToIntOp::create(
        b, loc, b.getI64Type(), fn.getArgument(next)));
  }
}

void KernelEmitter::finalizeScratch() {
  if (!scratchUsed)
    return;
  int64_t bytes = std::max<int64_t>(scratchBytes, 16);
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx(), 8), bytes);
  module.createGlobal(plainLocation(entry.getLoc()), scratchName, type, /*isConstant=*/false,
                      LLVM::Linkage::Internal, Attribute(), kScratchAlignment,
                      /*addrSpace=*/3);
}

//===----------------------------------------------------------------------===//
// Blocks and control flow
//===----------------------------------------------------------------------===//

Location KernelEmitter::plainLocation(Location l) {
  MLIRContext *c = l.getContext();
  if (auto di = dyn_cast<DILocAttr>(l))
    return di.getSourceLoc();
  if (auto site = dyn_cast<CallSiteLoc>(l))
    return CallSiteLoc::get(plainLocation(site.getCallee()),
                            plainLocation(site.getCaller()));
  if (auto name = dyn_cast<NameLoc>(l))
    return NameLoc::get(name.getName(), plainLocation(name.getChildLoc()));
  if (auto fused = dyn_cast<FusedLoc>(l)) {
    SmallVector<Location> parts;
    for (Location part : fused.getLocations())
      parts.push_back(plainLocation(part));
    return FusedLoc::get(c, parts);
  }
  if (isa<FileLineColLoc, UnknownLoc>(l))
    return l;
  return UnknownLoc::get(c);
}

void KernelEmitter::freeScopes(size_t count) {
  SmallVector<Value> pointers;
  for (size_t i = 0; i < count; ++i)
    pointers.append(scopes[scopes.size() - 1 - i].allocations);
  if (pointers.empty())
    return;
  // Every thread is done with the memory before thread 0 releases it.
  barrier();
  buildIfThen(isThread0(), [&] {
    for (Value p : pointers)
      callFunction("free", Type(),
                   {LLVM::IntToPtrOp::create(
                       b, loc, LLVM::LLVMPointerType::get(ctx()), p)});
  });
}

LogicalResult KernelEmitter::emitBlock(Block &block, bool isLoopBody) {
  scopes.push_back(Scope{isLoopBody, {}});
  bool terminated = false;
  for (Operation &op : block) {
    current = &op;
    loc = plainLocation(op.getLoc());
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      if (failed(emitTerminator(&op)))
        return failure();
      terminated = true;
      continue;
    }
    if (failed(emitOperation(&op)))
      return failure();
  }
  if (!terminated)
    freeScopes(1);
  scopes.pop_back();
  return success();
}

/// Values of `range` that have a runtime representation (tokens have none).
static SmallVector<Value> materialized(ValueRange range) {
  SmallVector<Value> result;
  for (Value v : range)
    if (!isa<TokenType>(v.getType()))
      result.push_back(v);
  return result;
}

LogicalResult KernelEmitter::emitTerminator(Operation *op) {
  if (inCombiner)
    return op->emitError("unexpected terminator in a combiner body");
  SmallVector<Value> operands;
  for (Value v : materialized(op->getOperands())) {
    if (!isa<TileType>(v.getType()))
      return op->emitError("values of type ")
             << v.getType() << " cannot cross control flow in generated code";
    operands.push_back(get(v));
  }
  // Leaving blocks releases their global allocations.
  if (isa<ReturnOp>(op)) {
    freeScopes(scopes.size());
  } else if (isa<YieldOp>(op)) {
    freeScopes(1);
  } else if (isa<ContinueOp, BreakOp>(op)) {
    size_t count = 0;
    while (count < scopes.size()) {
      ++count;
      if (scopes[scopes.size() - count].isLoopBody)
        break;
    }
    freeScopes(count);
  }
  if (isa<ReturnOp>(op)) {
    emitReturn();
    return success();
  }
  if (isa<YieldOp>(op)) {
    if (ifMerges.empty())
      return op->emitError("yield outside of an if");
    cf::BranchOp::create(b, loc, ifMerges.back(), operands);
    return success();
  }
  if (isa<ContinueOp>(op)) {
    if (loops.empty())
      return op->emitError("continue outside of a loop");
    cf::BranchOp::create(b, loc, loops.back().continueTarget, operands);
    return success();
  }
  if (isa<BreakOp>(op)) {
    if (loops.empty() || !loops.back().breakTarget)
      return op->emitError("break outside of a loop");
    cf::BranchOp::create(b, loc, loops.back().breakTarget, operands);
    return success();
  }
  return op->emitError("unsupported terminator");
}

/// Lowered types of materialized values; fails on views.
static LogicalResult loweredTypes(KernelEmitter &em, Operation *op,
                                  ValueRange values,
                                  SmallVectorImpl<Type> &types) {
  for (Value v : materialized(values)) {
    auto tile = dyn_cast<TileType>(v.getType());
    if (!tile)
      return op->emitError("values of type ")
             << v.getType()
             << " cannot be carried through control flow in generated code";
    types.push_back(em.loweredType(tile));
  }
  return success();
}

/// Maps the materialized values of `from` to `to` and marks tokens pending.
static void bindValues(KernelEmitter &em, ValueRange from, ValueRange to) {
  size_t next = 0;
  for (Value v : from) {
    if (isa<TokenType>(v.getType())) {
      em.setToken(v, true);
      continue;
    }
    em.set(v, to[next++]);
  }
}

LogicalResult KernelEmitter::emitIf(IfOp op) {
  SmallVector<Type> types;
  if (failed(loweredTypes(*this, op, op.getResults(), types)))
    return failure();
  Value cond = get(op.getCondition());
  Block *currentBlock = b.getInsertionBlock();
  Region *parent = currentBlock->getParent();
  auto *merge = new Block();
  parent->getBlocks().insertAfter(Region::iterator(currentBlock), merge);
  for (Type t : types)
    merge->addArgument(t, plainLocation(op.getLoc()));
  auto *thenBlock = new Block();
  parent->getBlocks().insert(Region::iterator(merge), thenBlock);
  Block *elseBlock = nullptr;
  bool hasElse = !op.getElseRegion().empty();
  if (hasElse) {
    elseBlock = new Block();
    parent->getBlocks().insert(Region::iterator(merge), elseBlock);
  }
  cf::CondBranchOp::create(b, loc, cond, thenBlock, ValueRange(),
                           hasElse ? elseBlock : merge, ValueRange());

  ifMerges.push_back(merge);
  b.setInsertionPointToEnd(thenBlock);
  if (failed(emitBlock(op.getThenRegion().front())))
    return failure();
  if (hasElse) {
    b.setInsertionPointToEnd(elseBlock);
    if (failed(emitBlock(op.getElseRegion().front())))
      return failure();
  }
  ifMerges.pop_back();
  b.setInsertionPointToEnd(merge);
  current = op;
  loc = plainLocation(op.getLoc());
  bindValues(*this, op.getResults(), merge->getArguments());
  return success();
}

LogicalResult KernelEmitter::emitFor(ForOp op) {
  SmallVector<Type> types;
  if (failed(loweredTypes(*this, op, op.getResults(), types)))
    return failure();
  Value lb = get(op.getLowerBound()), ub = get(op.getUpperBound()),
        step = get(op.getStep());
  SmallVector<Value> inits;
  for (Value v : materialized(op.getInitValues()))
    inits.push_back(get(v));
  bool isUnsigned = op.getUnsignedCmp();

  Block *currentBlock = b.getInsertionBlock();
  Region *parent = currentBlock->getParent();
  Location l = plainLocation(op.getLoc());
  auto *header = new Block(), *body = new Block(), *latch = new Block(),
       *exit = new Block();
  parent->getBlocks().insertAfter(Region::iterator(currentBlock), exit);
  parent->getBlocks().insert(Region::iterator(exit), header);
  parent->getBlocks().insert(Region::iterator(exit), body);
  parent->getBlocks().insert(Region::iterator(exit), latch);
  Value iv = header->addArgument(lb.getType(), l);
  for (Type t : types) {
    header->addArgument(t, l);
    latch->addArgument(t, l);
    exit->addArgument(t, l);
  }
  SmallVector<Value> headerInit{lb};
  headerInit.append(inits);
  cf::BranchOp::create(b, loc, header, headerInit);

  b.setInsertionPointToEnd(header);
  Value enter = arith::CmpIOp::create(b, loc,
                                      isUnsigned ? arith::CmpIPredicate::ult
                                                 : arith::CmpIPredicate::slt,
                                      iv, ub);
  cf::CondBranchOp::create(b, loc, enter, body, ValueRange(), exit,
                           header->getArguments().drop_front());

  b.setInsertionPointToEnd(body);
  Block &region = op.getRegion().front();
  set(region.getArgument(0), iv);
  bindValues(*this, region.getArguments().drop_front(),
             header->getArguments().drop_front());
  loops.push_back({latch, nullptr});
  if (failed(emitBlock(region, /*isLoopBody=*/true)))
    return failure();
  loops.pop_back();

  // Leave before the induction variable would pass the upper bound (and so
  // before it could wrap around).
  b.setInsertionPointToEnd(latch);
  current = op;
  loc = l;
  Value remaining = arith::SubIOp::create(b, loc, ub, iv);
  Value more = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                     remaining, step);
  Value nextIv = arith::AddIOp::create(b, loc, iv, step);
  SmallVector<Value> again{nextIv};
  again.append(latch->getArguments().begin(), latch->getArguments().end());
  cf::CondBranchOp::create(b, loc, more, header, again, exit,
                           latch->getArguments());

  b.setInsertionPointToEnd(exit);
  bindValues(*this, op.getResults(), exit->getArguments());
  return success();
}

LogicalResult KernelEmitter::emitLoop(LoopOp op) {
  SmallVector<Type> iterTypes, resultTypes;
  Block &region = op.getRegion().front();
  if (failed(loweredTypes(*this, op, region.getArguments(), iterTypes)) ||
      failed(loweredTypes(*this, op, op.getResults(), resultTypes)))
    return failure();
  SmallVector<Value> inits;
  for (Value v : materialized(op.getInitValues()))
    inits.push_back(get(v));

  Block *currentBlock = b.getInsertionBlock();
  Region *parent = currentBlock->getParent();
  Location l = plainLocation(op.getLoc());
  auto *header = new Block(), *exit = new Block();
  parent->getBlocks().insertAfter(Region::iterator(currentBlock), exit);
  parent->getBlocks().insert(Region::iterator(exit), header);
  for (Type t : iterTypes)
    header->addArgument(t, l);
  for (Type t : resultTypes)
    exit->addArgument(t, l);
  cf::BranchOp::create(b, loc, header, inits);

  b.setInsertionPointToEnd(header);
  bindValues(*this, region.getArguments(), header->getArguments());
  loops.push_back({header, exit});
  if (failed(emitBlock(region, /*isLoopBody=*/true)))
    return failure();
  loops.pop_back();

  b.setInsertionPointToEnd(exit);
  current = op;
  loc = l;
  bindValues(*this, op.getResults(), exit->getArguments());
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult KernelEmitter::emitOperation(Operation *op) {
  if (inCombiner) {
    // Combiner bodies run per element pair, so every tile in them is rank 0.
    auto isScalar = [](Type t) {
      auto tile = dyn_cast<TileType>(t);
      return !tile || tile.getRank() == 0;
    };
    if (op->getNumRegions() != 0 ||
        !llvm::all_of(op->getOperandTypes(), isScalar) ||
        !llvm::all_of(op->getResultTypes(), isScalar))
      return op->emitError("'")
             << op->getName()
             << "' is not supported inside a reduce or scan body by this code "
                "generator (only operations without regions on rank-0 tiles "
                "are)";
  }

  if (auto ifOp = dyn_cast<IfOp>(op))
    return emitIf(ifOp);
  if (auto forOp = dyn_cast<ForOp>(op))
    return emitFor(forOp);
  if (auto loopOp = dyn_cast<LoopOp>(op))
    return emitLoop(loopOp);

  if (auto assume = dyn_cast<AssumeOp>(op)) {
    Value in = assume.getValue();
    if (isa<TileType>(in.getType()))
      set(assume.getResult(), get(in));
    else if (ViewValue *view = getView(in)) {
      auto copy = std::make_unique<ViewValue>(*view);
      // div_by on a view asserts the alignment of its base address.
      copy->baseZeros =
          std::max(copy->baseZeros, getAssumedTrailingZeros(assume));
      setView(assume.getResult(), std::move(copy));
    }
    else
      setToken(assume.getResult(), tokenPending(in));
    return success();
  }
  if (auto ids = dyn_cast<GetTileBlockIdOp>(op)) {
    Type i32 = b.getI32Type();
    set(ids.getBlockIdX(), NVVM::BlockIdXOp::create(b, loc, i32));
    set(ids.getBlockIdY(), NVVM::BlockIdYOp::create(b, loc, i32));
    set(ids.getBlockIdZ(), NVVM::BlockIdZOp::create(b, loc, i32));
    return success();
  }
  if (auto dims = dyn_cast<GetNumTileBlocksOp>(op)) {
    Type i32 = b.getI32Type();
    set(dims.getGridSizeX(), NVVM::GridDimXOp::create(b, loc, i32));
    set(dims.getGridSizeY(), NVVM::GridDimYOp::create(b, loc, i32));
    set(dims.getGridSizeZ(), NVVM::GridDimZOp::create(b, loc, i32));
    return success();
  }

  if (std::optional<LogicalResult> r = emitArith(op))
    return *r;
  if (std::optional<LogicalResult> r = emitShape(op))
    return *r;
  if (std::optional<LogicalResult> r = emitMemory(op))
    return *r;
  return op->emitError("'") << op->getName()
                            << "' is not supported by the PTX code generator";
}

FailureOr<SmallVector<Value>>
KernelEmitter::emitCombiner(Region &region, ArrayRef<Value> args) {
  Block &block = region.front();
  for (auto [arg, value] : llvm::zip_equal(block.getArguments(), args))
    set(arg, value);
  Operation *saved = current;
  bool wasIn = inCombiner;
  inCombiner = true;
  for (Operation &op : block.without_terminator()) {
    current = &op;
    loc = plainLocation(op.getLoc());
    LogicalResult emitted = emitOperation(&op);
    if (succeeded(emitted) && combinerNeedsCTA)
      emitted = op.emitError("'")
                << op.getName()
                << "' needs a barrier or shared memory, which a reduce or "
                   "scan body cannot use in this code generator";
    if (failed(emitted)) {
      inCombiner = wasIn;
      combinerNeedsCTA = false;
      return failure();
    }
  }
  inCombiner = wasIn;
  SmallVector<Value> results;
  for (Value v : block.getTerminator()->getOperands())
    results.push_back(get(v));
  current = saved;
  loc = plainLocation(saved ? saved->getLoc() : entry.getLoc());
  return results;
}
