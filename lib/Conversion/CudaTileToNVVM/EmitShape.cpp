//===- EmitShape.cpp - shape changes, data movement, reductions, MMA ------===//
//
// Ops that move elements between threads go through the shared-memory
// exchange of the emitter (`gather`) or, for reductions, scans and matrix
// products, through their own staging of chunks of rows / of the K
// dimension. Reshapes are free: tiles of equal size share one layout.
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"

#include "cuda_tile/Layout/ConversionPlan.h"
#include "cuda_tile/Layout/ReductionPlan.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

SmallVector<Value> KernelEmitter::exchangeByPlan(const ConversionPlan &plan,
                                                const XorOffsets &stores,
                                                const XorOffsets &loads,
                                                ArrayRef<Value> sources,
                                                Type elementType,
                                                Value buffer) {
  assert(plan.kind == ConversionKind::SharedMemory &&
         sources.size() == plan.numSrcRegisters);
  Type stored = storageType(elementType);
  unsigned bytes = storageBytes(elementType);
  if (!buffer)
    reserveScratch(plan.sharedBytes);
  // The thread's part of every offset, and the bits it may set: a
  // register's constant outside them is added (an immediate offset).
  auto threadPart = [&](const XorOffsets &offsets) {
    Value part = cI32(0);
    int64_t span = 0;
    for (auto [bit, image] : llvm::enumerate(offsets.threadBits)) {
      if (image == 0)
        continue;
      span |= image;
      Value set = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, tid, cI32(bit)), cI32(1));
      Value term =
          llvm::isPowerOf2_64(image)
              ? arith::ShLIOp::create(b, loc, set, cI32(llvm::Log2_64(image)))
                    .getResult()
              : arith::MulIOp::create(b, loc, set, cI32(image)).getResult();
      part = arith::XOrIOp::create(b, loc, part, term);
    }
    return std::pair(part, span);
  };
  // A register's constant is XORed into the thread's part where they share
  // bits (one base per distinct shared part) and added past them, as an
  // immediate offset.
  llvm::SmallDenseMap<int64_t, Value> bases;
  auto address = [&](std::pair<Value, int64_t> thread, int64_t reg) {
    int64_t shared = reg & thread.second;
    Value &base = bases[shared];
    if (!base) {
      Value offset =
          shared ? arith::XOrIOp::create(b, loc, thread.first, cI32(shared))
                       .getResult()
                 : thread.first;
      base = buffer ? LLVM::GEPOp::create(b, loc, buffer.getType(),
                                          b.getI8Type(), buffer,
                                          ArrayRef<LLVM::GEPArg>{offset})
                          .getResult()
                    : scratchPointer(0, b.getI8Type(), offset);
    }
    int64_t rest = reg & ~thread.second;
    if (rest == 0)
      return base;
    return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                               ArrayRef<LLVM::GEPArg>{int32_t(rest)})
        .getResult();
  };
  auto vectorOf = [&](unsigned n) -> Type {
    return n == 1 ? stored : VectorType::get({int64_t(n)}, stored);
  };
  // (Ring memory that TMA wrote or wgmma read is rewritten here with no
  // proxy fence: every thread saw those complete, on the mbarriers and in
  // wgmma.wait_group, as cp.async refills after wgmma reads rely on too.)
  barrier();
  std::pair<Value, int64_t> storeThread = threadPart(stores);
  unsigned n = plan.storeVectorElements;
  for (unsigned r = 0; r < plan.numSrcRegisters; r += n) {
    Value v = sources[r];
    if (n > 1)
      v = fromLanes(sources.slice(r, n), vectorOf(n));
    LLVM::StoreOp::create(b, loc, v,
                          address(storeThread, stores.registers[r]), n * bytes);
  }
  barrier();
  bases.clear();
  std::pair<Value, int64_t> loadThread = threadPart(loads);
  SmallVector<Value> results;
  n = plan.loadVectorElements;
  for (unsigned r = 0; r < plan.numDstRegisters; r += n) {
    Value v = LLVM::LoadOp::create(b, loc, vectorOf(n),
                                   address(loadThread, loads.registers[r]),
                                   n * bytes);
    if (n == 1)
      results.push_back(v);
    else
      llvm::append_range(results, lanes(v));
  }
  return results;
}

bool KernelEmitter::ringsIdleFrom(Operation *op) {
  for (Operation *p = op->getParentOp(); p && p != entry; p = p->getParentOp())
    if (isa<ForOp, LoopOp>(p) &&
        p->walk([](Operation *o) {
           return isa<AllocRingOp, AsyncLoadOp, RingRoundOp, RingTileOp>(o)
                      ? WalkResult::interrupt()
                      : WalkResult::advance();
         }).wasInterrupted())
      return false;
  bool after = false, idle = true;
  entry.walk<WalkOrder::PreOrder>([&](Operation *o) {
    if (o == op)
      after = true;
    else if (after && isa<AllocRingOp, AsyncLoadOp, RingRoundOp, RingTileOp>(o))
      idle = false;
  });
  return idle;
}

int64_t KernelEmitter::scratchBytesKeepingOccupancy() const {
  const Target &target = module.getTarget();
  int64_t ctas =
      target.ctasPerSM(numThreads(), plannedRingBytes + scratchBytes);
  if (ctas < 1)
    return scratchBytes;
  return target.sharedBytesPerSM() / ctas - plannedRingBytes -
         Target::kSharedBytesReservedPerCTA;
}

namespace {

using Pick = std::pair<Value, Value>;

SmallVector<int64_t> shapeOf(Value tile) {
  return SmallVector<int64_t>(cast<TileType>(tile.getType()).getShape());
}

/// Lowered value of `tile` viewed as a tile of `bits`-wide integers.
std::pair<Value, TileType> asIntegers(KernelEmitter &em, Value tile,
                                      unsigned bits) {
  auto type = cast<TileType>(tile.getType());
  Value v = em.get(tile);
  Type intElem = em.b.getIntegerType(bits);
  auto intTile = TileType::get(type.getShape(), intElem);
  Type lowered = em.loweredType(intTile);
  if (v.getType() != lowered)
    v = arith::BitcastOp::create(em.b, em.loc, lowered, v);
  return {v, intTile};
}

/// Rows of a tile along `dim`: row r, position j <-> linear index.
struct Rows {
  int64_t length;  // size of `dim`
  int64_t inner;   // product of the sizes after `dim`
  int64_t count;   // number of rows
};

Rows rowsOf(ArrayRef<int64_t> shape, int64_t dim) {
  Rows rows{shape[dim], 1, 1};
  int64_t total = 1;
  for (int64_t d : shape)
    total *= d;
  for (int64_t d = dim + 1; d < int64_t(shape.size()); ++d)
    rows.inner *= shape[d];
  rows.count = total / rows.length;
  return rows;
}

/// (row, position) of linear index `e` (i32).
std::pair<Value, Value> rowAndPosition(KernelEmitter &em, Value e,
                                       const Rows &rows) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  Value innerIdx =
      arith::AndIOp::create(b, loc, e, em.cI32(rows.inner - 1));
  Value rest = arith::ShRUIOp::create(b, loc, e,
                                      em.cI32(log2Exact(rows.inner)));
  Value pos = arith::AndIOp::create(b, loc, rest, em.cI32(rows.length - 1));
  Value outer = arith::ShRUIOp::create(b, loc, rest,
                                       em.cI32(log2Exact(rows.length)));
  Value row = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(b, loc, outer, em.cI32(log2Exact(rows.inner))),
      innerIdx);
  return {row, pos};
}

int64_t floorPow2(int64_t v) {
  return v <= 0 ? 0 : int64_t(llvm::bit_floor<uint64_t>(uint64_t(v)));
}

} // namespace

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

/// Identity attribute -> scalar constant of the lowered element type.
static Value identityValue(KernelEmitter &em, Attribute attr, Type elem) {
  Type scalar = em.scalarType(elem);
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return em.cIntLike(scalar, i.getValue());
  auto f = cast<FloatAttr>(attr);
  APFloat v = f.getValue();
  if (auto ft = dyn_cast<FloatType>(scalar)) {
    bool lost = false;
    v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return arith::ConstantOp::create(em.b, em.loc, FloatAttr::get(ft, v));
  }
  return em.cIntLike(scalar, v.bitcastToAPInt().zextOrTrunc(8));
}

using Combiner = function_ref<FailureOr<SmallVector<Value>>(
    ArrayRef<Value>, ArrayRef<Value>)>;

/// Folds staged elements of each operand, steps j in [lb, ub), into running
/// values that start at `init`: step j reads index `indexOf(j)` of the
/// operands' arrays
/// at `offsets` and, with `store` (a scan), writes the running values back
/// there. Clears `ok` when the combiner could not be emitted.
static SmallVector<Value> foldStaged(KernelEmitter &em,
                                     ArrayRef<int64_t> offsets,
                                     ArrayRef<Type> elems, Value lb, Value ub,
                                     ArrayRef<Value> init,
                                     function_ref<Value(Value)> indexOf,
                                     bool store, Combiner combine, bool &ok) {
  return em.buildFor(
      lb, ub, em.cI32(1), init,
      [&](Value j, ValueRange accs) -> SmallVector<Value> {
        Value at = indexOf(j);
        SmallVector<Value> xs;
        for (auto [offset, elem] : llvm::zip_equal(offsets, elems))
          xs.push_back(em.scratchLoad(offset, elem, at));
        SmallVector<Value> accVec(accs.begin(), accs.end());
        FailureOr<SmallVector<Value>> next = combine(xs, accVec);
        if (failed(next)) {
          ok = false;
          return accVec;
        }
        if (store)
          for (auto [offset, elem, v] : llvm::zip_equal(offsets, elems, *next))
            em.scratchStore(offset, elem, at, v);
        return *next;
      });
}

/// Where a row scanned in segments keeps its running values between
/// segments: one array per operand, read from slot `in`, written to slot
/// `out` (two slots, so that the write cannot overtake a read).
struct ScanCarry {
  ArrayRef<int64_t> offsets;
  Value in, out;
};

/// Rows shorter than this are scanned by one thread each: the runs' folds
/// and the extra barrier would cost more than they save.
constexpr int64_t kMinSegmentedScanRow = 32;
/// Fewer runs a row than this save too little for the extra barrier.
constexpr int64_t kMinScanSegments = 4;

/// Runs a row of `length` is cut into: the power of two nearest
/// sqrt(2 * length), which balances the two passes over a run (2 * length /
/// runs steps) against the fold of the runs before it (runs - 1 steps).
static int64_t scanSegmentsPerRow(int64_t length) {
  int64_t runs = 1;
  while (4 * runs * runs <= 2 * length)
    runs *= 2;
  return runs;
}

/// The segmented scan of a staged chunk (`rowsPerChunk` rows of `length`,
/// `segments` runs a row, one thread a run): each thread folds its run into
/// the run-fold arrays; after a barrier it folds the runs before its own, in
/// scan order, and scans its run again from that value, in place. With a
/// carry (a row scanned in segments, one row a chunk), the runs start from
/// the values in slot `in` of the carry arrays and the last run leaves the
/// segment's final values in slot `out`. Returns false when the combiner
/// could not be emitted.
static bool emitSegmentedScan(KernelEmitter &em, int64_t rowsPerChunk,
                              int64_t segments, int64_t length, bool reverse,
                              ArrayRef<int64_t> inOffset,
                              ArrayRef<int64_t> foldOffset,
                              ArrayRef<Type> elems, ArrayRef<Value> ids,
                              function_ref<Value(Value, Value)> stagedIndex,
                              Combiner combine,
                              const ScanCarry *carry = nullptr) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  size_t m = elems.size();
  int64_t runLength = length / segments;
  bool ok = true;
  // The run a thread takes: (row of the chunk, first position in scan order).
  auto runOf = [&](Value worker) -> std::pair<Value, Value> {
    Value rel =
        arith::ShRUIOp::create(b, loc, worker, em.cI32(log2Exact(segments)));
    Value run = arith::AndIOp::create(b, loc, worker, em.cI32(segments - 1));
    return {rel, arith::MulIOp::create(b, loc, run, em.cI32(runLength))};
  };
  // Scans (or folds, when `store` is false) a run from `init`.
  auto walkRun = [&](Value rel, Value first, ArrayRef<Value> init,
                     bool store) -> SmallVector<Value> {
    return foldStaged(
        em, inOffset, elems, em.cI32(0), em.cI32(runLength), init,
        [&](Value j) -> Value {
          Value q = arith::AddIOp::create(b, loc, first, j);
          if (reverse)
            q = arith::SubIOp::create(b, loc, em.cI32(length - 1), q);
          return stagedIndex(rel, q);
        },
        store, combine, ok);
  };
  Value workers = em.cI32(rowsPerChunk * segments);
  Value stride = em.cI32(em.numThreads());
  em.buildFor(em.threadId(), workers, stride, {},
              [&](Value worker, ValueRange) -> SmallVector<Value> {
                auto [rel, first] = runOf(worker);
                SmallVector<Value> fold = walkRun(rel, first, ids, false);
                for (size_t i = 0; i < m; ++i)
                  em.scratchStore(foldOffset[i], elems[i], worker, fold[i]);
                return {};
              });
  em.barrier();
  em.buildFor(
      em.threadId(), workers, stride, {},
      [&](Value worker, ValueRange) -> SmallVector<Value> {
        auto [rel, first] = runOf(worker);
        Value rowStart = arith::MulIOp::create(b, loc, rel, em.cI32(segments));
        SmallVector<Value> start(ids.begin(), ids.end());
        if (carry)
          for (size_t i = 0; i < m; ++i)
            start[i] = em.scratchLoad(carry->offsets[i], elems[i], carry->in);
        SmallVector<Value> before =
            foldStaged(em, foldOffset, elems, rowStart, worker, start,
                       [](Value k) { return k; }, false, combine, ok);
        SmallVector<Value> last = walkRun(rel, first, before, true);
        if (carry) {
          Value isLast = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, worker,
              em.cI32(rowsPerChunk * segments - 1));
          em.buildIfThen(isLast, [&] {
            for (size_t i = 0; i < m; ++i)
              em.scratchStore(carry->offsets[i], elems[i], carry->out,
                              last[i]);
          });
        }
        return {};
      });
  return ok;
}

/// reduce / scan over rows too long for the scratch buffer: one row at a
/// time, each row in segments that fit. Thread 0 folds the segments in
/// order (last to first when `reverse`), keeping the running values in a
/// carry slot of the buffer between segments; scans publish each segment's
/// results to their owners before the next segment is staged.
static LogicalResult emitLongRows(KernelEmitter &em, Operation *op,
                                  ValueRange operands, ArrayRef<Type> elems,
                                  ArrayRef<Value> ids, const Rows &rows,
                                  bool isScan, bool reverse,
                                  Combiner combine) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  size_t m = operands.size();
  int64_t elemBytes = 0;
  for (Type t : elems)
    elemBytes += KernelEmitter::storageBytes(t);
  // Arrays are 8-byte aligned: keep room for the padding and the carries
  // (two slots each).
  int64_t reserved = 24 * int64_t(m);
  int64_t segment =
      floorPow2((em.scratchCapacity() - reserved) / elemBytes);
  segment = std::min(segment, rows.length);
  // Scans in the tree order cut each segment into runs, one a thread
  // (emitSegmentedScan), in segments padded one element a run, with an
  // array of run folds.
  int64_t runs = 1;
  if (isScan && em.treeReductions) {
    int64_t room = em.scratchCapacity() - reserved -
                   (em.numThreads() * elemBytes + 8 * int64_t(m));
    // A segment of n takes at most n + sqrt(2n) elements: n + n / 8 is more.
    int64_t padded =
        room > 0 ? std::min(floorPow2(room * 8 / (9 * elemBytes)),
                            rows.length)
                 : 0;
    int64_t threads = std::min(scanSegmentsPerRow(padded),
                               floorPow2(em.numThreads()));
    if (padded >= kMinSegmentedScanRow && threads >= kMinScanSegments) {
      segment = padded;
      runs = threads;
    }
  }
  if (isScan) {
    if (runs > 1)
      em.remark(op, /*passed=*/true,
                Twine("scan in ") + Twine(runs) + " runs of " +
                    Twine(segment / runs) + " per segment of " +
                    Twine(segment) + " (rows longer than the buffer), each "
                    "from the fold of the runs before it");
    else
      em.remark(op, /*passed=*/false,
                Twine("scan folded by one thread in segments of ") +
                    Twine(segment) + ", in index order (" +
                    (em.treeReductions
                         ? "rows longer than the buffer, too few threads"
                         : "--reduction-order=sequential") +
                    ")");
  }
  int64_t numSegments = rows.length / segment;
  SmallVector<int64_t> segOffset(m), carryOffset(m), foldOffset(m);
  int64_t offset = 0;
  for (size_t i = 0; i < m; ++i) {
    segOffset[i] = offset;
    offset += (segment + (runs > 1 ? runs : 0)) *
              KernelEmitter::storageBytes(elems[i]);
    offset = llvm::alignTo(offset, 8);
  }
  for (size_t i = 0; i < m; ++i) {
    carryOffset[i] = offset;
    offset += 16;
  }
  for (size_t i = 0; i < m && runs > 1; ++i) {
    foldOffset[i] = offset;
    offset += runs * KernelEmitter::storageBytes(elems[i]);
    offset = llvm::alignTo(offset, 8);
  }
  em.reserveScratch(offset);
  // Index in the segment arrays of position `pos` of the segment: one pad
  // element after each run.
  auto stagedIndex = [&](Value pos) -> Value {
    if (runs == 1)
      return pos;
    return arith::AddIOp::create(
        b, loc, pos,
        arith::ShRUIOp::create(b, loc, pos,
                               em.cI32(log2Exact(segment / runs))));
  };

  SmallVector<TileType> resultTypes;
  for (Value r : op->getResults())
    resultTypes.push_back(cast<TileType>(r.getType()));
  Layout resLayout = em.layoutOf(resultTypes.front());
  int64_t slots = resLayout.slots();
  SmallVector<Value> flat;
  for (size_t i = 0; i < m; ++i) {
    Type scalar = em.scalarType(elems[i]);
    Value zero = isa<FloatType>(scalar) ? em.cFloatLike(scalar, 0.0)
                                        : em.cIntLike(scalar, 0);
    for (int64_t k = 0; k < slots; ++k)
      flat.push_back(zero);
  }

  Value c0 = em.cI32(0);
  bool failedBody = false;
  auto processRow = [&](Value row,
                        ArrayRef<Value> current) -> SmallVector<Value> {
    em.barrier();
    em.buildIfThen(em.isThread0(), [&] {
      for (size_t i = 0; i < m; ++i)
        em.scratchStore(carryOffset[i], elems[i], c0, ids[i]);
    });
    SmallVector<Value> result = em.buildFor(
        c0, em.cI32(numSegments), em.cI32(1), current,
        [&](Value s, ValueRange iters) -> SmallVector<Value> {
          Value index = s;
          if (reverse)
            index = arith::SubIOp::create(b, loc, em.cI32(numSegments - 1), s);
          Value segBase =
              arith::MulIOp::create(b, loc, index, em.cI32(segment));
          // (in this segment of this row?, position in the segment) of e.
          auto place = [&](Value e) -> Pick {
            auto [r, pos] = rowAndPosition(em, e, rows);
            Value rel = arith::SubIOp::create(b, loc, pos, segBase);
            Value inSeg = arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::ult, rel, em.cI32(segment));
            Value inRow =
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, r, row);
            return {arith::AndIOp::create(b, loc, inRow, inSeg), rel};
          };
          em.barrier();
          for (size_t i = 0; i < m; ++i)
            em.stage(em.get(operands[i]), cast<TileType>(operands[i].getType()),
                     segOffset[i], [&](Value e) -> Pick {
                       Pick at = place(e);
                       return {at.first, stagedIndex(at.second)};
                     });
          em.barrier();
          if (runs > 1) {
            Value parity =
                arith::AndIOp::create(b, loc, s, em.cI32(1));
            Value next =
                arith::XOrIOp::create(b, loc, parity, em.cI32(1));
            ScanCarry carry{carryOffset, parity, next};
            if (!emitSegmentedScan(
                    em, 1, runs, segment, reverse, segOffset, foldOffset,
                    elems, ids,
                    [&](Value, Value pos) { return stagedIndex(pos); },
                    combine, &carry))
              failedBody = true;
          } else {
            em.buildIfThen(em.isThread0(), [&] {
              SmallVector<Value> init;
              for (size_t i = 0; i < m; ++i)
                init.push_back(em.scratchLoad(carryOffset[i], elems[i], c0));
              bool ok = true;
              SmallVector<Value> finals = foldStaged(
                  em, segOffset, elems, c0, em.cI32(segment), init,
                  [&](Value j) -> Value {
                    if (!reverse)
                      return j;
                    return arith::SubIOp::create(b, loc, em.cI32(segment - 1),
                                                 j);
                  },
                  isScan, combine, ok);
              failedBody |= !ok;
              for (size_t i = 0; i < m; ++i)
                em.scratchStore(carryOffset[i], elems[i], c0, finals[i]);
            });
          }
          SmallVector<Value> next(iters.begin(), iters.end());
          if (!isScan)
            return next;
          em.barrier();
          for (int64_t k = 0; k < slots; ++k) {
            auto [in, rel] = place(em.elementIndex(resLayout, k));
            Value safe = stagedIndex(arith::SelectOp::create(b, loc, in, rel, c0));
            for (size_t i = 0; i < m; ++i) {
              Value v = em.scratchLoad(segOffset[i], elems[i], safe);
              size_t slot = i * slots + k;
              next[slot] = arith::SelectOp::create(b, loc, in, v, next[slot]);
            }
          }
          return next;
        });
    if (isScan)
      return result;
    em.barrier();
    for (int64_t k = 0; k < slots; ++k) {
      Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       em.elementIndex(resLayout, k), row);
      for (size_t i = 0; i < m; ++i) {
        Value v = em.scratchLoad(carryOffset[i], elems[i], c0);
        size_t slot = i * slots + k;
        result[slot] = arith::SelectOp::create(b, loc, in, v, result[slot]);
      }
    }
    return result;
  };

  if (rows.count == 1)
    flat = processRow(c0, flat);
  else
    flat = em.buildFor(c0, em.cI32(rows.count), em.cI32(1), flat,
                       [&](Value row, ValueRange iters) {
                         SmallVector<Value> cur(iters.begin(), iters.end());
                         return processRow(row, cur);
                       });
  if (failedBody)
    return failure();
  for (size_t i = 0; i < m; ++i) {
    ArrayRef<Value> parts(flat.data() + i * slots, slots);
    em.set(op->getResult(i),
           em.fromLanes(parts, em.loweredType(resultTypes[i])));
  }
  return success();
}

/// `value` from lane `lane ^ (1 << bit)` of the warp.
static Value butterfly(KernelEmitter &em, Value value, unsigned bit) {
  return em.shuffle(value, em.cI32(1 << bit), NVVM::ShflKind::bfly);
}

/// Whether `tile` is an index tile: an iota, or reshapes, broadcasts and
/// integer sums, differences and products of index tiles, integer splat
/// constants and one-element tiles (held by every thread).
static bool isIndexTile(KernelEmitter &em, Value tile, unsigned depth = 0) {
  auto type = dyn_cast<TileType>(tile.getType());
  if (!type || !isa<IntegerType>(type.getElementType()) || depth > 8)
    return false;
  if (em.layoutOf(type).isUniform())
    return true;
  Operation *def = tile.getDefiningOp();
  if (!def)
    return false;
  if (auto constant = dyn_cast<ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    return dense && dense.isSplat();
  }
  if (isa<IotaOp>(def))
    return true;
  if (isa<ReshapeOp, BroadcastOp>(def))
    return isIndexTile(em, def->getOperand(0), depth + 1);
  if (isa<AddIOp, SubIOp, MulIOp>(def))
    return isIndexTile(em, def->getOperand(0), depth + 1) &&
           isIndexTile(em, def->getOperand(1), depth + 1);
  return false;
}

/// A value of an index tile as `variant + constant` (wrapping in the
/// element's width; no variant: the constant alone). Kept apart so that the
/// constants of a tile's slots stay immediates: LLVM hoists out of a loop
/// whatever of a slot's value does not change in it, one register per slot.
struct IndexValue {
  Value variant;
  int64_t constant = 0;
};

/// The shape without its dimensions of size 1.
static SmallVector<int64_t> withoutUnitDims(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> kept;
  for (int64_t size : shape)
    if (size != 1)
      kept.push_back(size);
  return kept;
}

static Value materialize(KernelEmitter &em, const IndexValue &v, Type scalar) {
  Value constant = em.cIntLike(scalar, v.constant);
  if (!v.variant)
    return constant;
  if (v.constant == 0)
    return v.variant;
  return arith::AddIOp::create(em.b, em.loc, v.variant, constant);
}

/// The element at `coords` (in `tile`'s shape) of an index tile, computed
/// from the coordinates: what the tile's ops compute there, wrapping as
/// they do.
static IndexValue indexTileAt(KernelEmitter &em, Value tile,
                              ArrayRef<IndexValue> coords) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  auto type = cast<TileType>(tile.getType());
  Type scalar = em.scalarType(type.getElementType());
  if (em.layoutOf(type).isUniform())
    return {em.get(tile), 0};
  Operation *def = tile.getDefiningOp();
  if (auto constant = dyn_cast<ConstantOp>(def))
    return {Value(), cast<DenseElementsAttr>(constant.getValue())
                         .getSplatValue<APInt>()
                         .getSExtValue()};
  if (isa<IotaOp>(def)) {
    IndexValue index = coords.front();
    unsigned width = scalar.getIntOrFloatBitWidth();
    if (index.variant && width < 32)
      index.variant = arith::TruncIOp::create(b, loc, scalar, index.variant);
    else if (index.variant && width > 32)
      index.variant = arith::ExtUIOp::create(b, loc, scalar, index.variant);
    return index;
  }
  Value source = def->getOperand(0);
  ArrayRef<int64_t> shape = type.getShape();
  if (isa<ReshapeOp>(def)) {
    ArrayRef<int64_t> from = cast<TileType>(source.getType()).getShape();
    SmallVector<IndexValue> at;
    if (withoutUnitDims(shape) == withoutUnitDims(from)) {
      // Dimensions of size 1 come and go: the others keep their
      // coordinates.
      SmallVector<IndexValue> kept;
      for (auto [d, size] : llvm::enumerate(shape))
        if (size != 1)
          kept.push_back(coords[d]);
      size_t next = 0;
      for (int64_t size : from)
        at.push_back(size != 1 ? kept[next++] : IndexValue());
    } else {
      SmallVector<Value> values;
      for (const IndexValue &c : coords)
        values.push_back(materialize(em, c, b.getI32Type()));
      for (Value c : em.delinearize(em.linearize(values, shape), from))
        at.push_back({c, 0});
    }
    return indexTileAt(em, source, at);
  }
  if (isa<BroadcastOp>(def)) {
    ArrayRef<int64_t> from = cast<TileType>(source.getType()).getShape();
    SmallVector<IndexValue> at(coords);
    for (auto [d, size] : llvm::enumerate(from))
      if (size == 1)
        at[d] = IndexValue();
    return indexTileAt(em, source, at);
  }
  IndexValue lhs = indexTileAt(em, def->getOperand(0), coords);
  IndexValue rhs = indexTileAt(em, def->getOperand(1), coords);
  unsigned width = scalar.getIntOrFloatBitWidth();
  auto wrap = [&](int64_t v) {
    return APInt(width, uint64_t(v), /*isSigned=*/true, /*implicitTrunc=*/true)
        .getSExtValue();
  };
  auto combine = [&](Value x, Value y, bool subtract) -> Value {
    if (!y)
      return x;
    if (!x)
      return subtract ? arith::SubIOp::create(b, loc, em.cIntLike(scalar, 0), y)
                            .getResult()
                      : y;
    return subtract ? arith::SubIOp::create(b, loc, x, y).getResult()
                    : arith::AddIOp::create(b, loc, x, y).getResult();
  };
  if (isa<AddIOp>(def))
    return {combine(lhs.variant, rhs.variant, false),
            wrap(lhs.constant + rhs.constant)};
  if (isa<SubIOp>(def))
    return {combine(lhs.variant, rhs.variant, true),
            wrap(lhs.constant - rhs.constant)};
  // A product distributes a constant factor over the other's parts.
  auto scale = [&](const IndexValue &v, int64_t factor) -> IndexValue {
    Value scaled;
    if (v.variant)
      scaled = arith::MulIOp::create(b, loc, v.variant,
                                     em.cIntLike(scalar, factor));
    return {scaled, wrap(v.constant * factor)};
  };
  if (!lhs.variant)
    return scale(rhs, lhs.constant);
  if (!rhs.variant)
    return scale(lhs, rhs.constant);
  return {arith::MulIOp::create(b, loc, materialize(em, lhs, scalar),
                                materialize(em, rhs, scalar)),
          0};
}

/// `broadcast` of an index tile, each slot computed from its coordinates.
/// Slot k's element index is its register's constant plus the thread's
/// part, on element bits of their own (cyclic, mma and slice layouts all
/// deal registers and threads distinct bits), so each coordinate splits
/// into the thread's part, shared by the slots, and the slot's constant.
static Value broadcastIndexTile(KernelEmitter &em, BroadcastOp op) {
  auto type = cast<TileType>(op.getType());
  Layout layout = em.layoutOf(type);
  LinearLayout map = em.linearLayoutOf(type);
#ifndef NDEBUG
  uint64_t registerBits = 0, threadBits = 0;
  for (uint64_t basis : map.getBases(LinearLayout::kRegister))
    registerBits |= basis;
  for (StringRef in : {LinearLayout::kLane, LinearLayout::kWarp})
    for (uint64_t basis : map.getBases(in))
      threadBits |= basis;
  assert(!(registerBits & threadBits) &&
         "registers and threads share element bits");
#endif
  SmallVector<Value> threadCoords = em.delinearize(
      arith::XOrIOp::create(em.b, em.loc, em.elementIndex(layout, 0),
                            em.cI32(int64_t(map.apply(0, 0, 0)))),
      type.getShape());
  Type scalar = em.scalarType(type.getElementType());
  SmallVector<Value> parts;
  for (int64_t k = 0; k < layout.slots(); ++k) {
    SmallVector<IndexValue> coords;
    for (auto [thread, constant] :
         llvm::zip_equal(threadCoords, map.unpackOutput(map.apply(k, 0, 0))))
      coords.push_back({thread, int64_t(constant)});
    parts.push_back(
        materialize(em, indexTileAt(em, op.getResult(), coords), scalar));
  }
  return em.fromLanes(parts, em.loweredType(type));
}

/// A reduce body that is one `maxf` / `minf` of its two arguments;
/// `zeroSignSeen`: whether anything the kernel computes from the result can
/// tell -0 from +0 (else the fold needs no sign fix).
struct FloatMinMaxBody {
  bool isMax = true;
  bool propagateNaN = false;
  bool ftz = false;
  bool zeroSignSeen = true;
};

/// Whether nothing computed from `value` tells -0 from +0: every use, seen
/// through the ops that carry a zero's sign into their result (shape ops,
/// conversions, negation, sums, products, min / max, select, loops), ends
/// in an op that maps both zeros to one result (exp, exp2, comparisons).
/// Attention's running row maximum only reaches exp2.
static bool zeroSignUnobserved(Value value) {
  SmallVector<Value> work = {value};
  llvm::SmallDenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (seen.size() > 256)
      return false;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<Exp2Op, ExpOp, CmpFOp>(user))
        continue;
      if (isa<ReshapeOp, BroadcastOp, PermuteOp, ExtractOp, FToFOp, NegFOp,
              AddFOp, SubFOp, MulFOp, FmaOp, MaxFOp, MinFOp>(user) ||
          (isa<SelectOp>(user) && use.getOperandNumber() > 0)) {
        work.append(user->result_begin(), user->result_end());
        continue;
      }
      if (auto loop = dyn_cast<ForOp>(user)) {
        unsigned first = loop.getInitValues().getBeginOperandIndex();
        if (use.getOperandNumber() < first)
          return false;
        unsigned i = use.getOperandNumber() - first;
        work.push_back(loop.getRegionIterValues()[i]);
        work.push_back(loop->getResult(i));
        continue;
      }
      if (auto next = dyn_cast<ContinueOp>(user)) {
        auto loop = dyn_cast<ForOp>(next->getParentOp());
        if (!loop)
          return false;
        unsigned i = use.getOperandNumber();
        work.push_back(loop.getRegionIterValues()[i]);
        work.push_back(loop->getResult(i));
        continue;
      }
      return false;
    }
  }
  return true;
}

static std::optional<FloatMinMaxBody> floatMinMaxBody(Region &body) {
  Block &block = body.front();
  if (block.getNumArguments() != 2 ||
      !llvm::hasSingleElement(block.without_terminator()))
    return std::nullopt;
  Operation &op = block.front();
  Operation *yield = block.getTerminator();
  if (yield->getNumOperands() != 1 ||
      yield->getOperand(0) != op.getResult(0) || op.getNumOperands() != 2)
    return std::nullopt;
  llvm::SmallDenseSet<Value, 2> args(block.args_begin(), block.args_end());
  if (!args.contains(op.getOperand(0)) || !args.contains(op.getOperand(1)) ||
      op.getOperand(0) == op.getOperand(1))
    return std::nullopt;
  auto fold = [&](bool isMax, bool propagateNaN, bool ftz) {
    return FloatMinMaxBody{isMax, propagateNaN, ftz,
                           !zeroSignUnobserved(body.getParentOp()->getResult(0))};
  };
  if (auto max = dyn_cast<MaxFOp>(op))
    return fold(true, max.getPropagateNan(), max.getFlushToZero());
  if (auto min = dyn_cast<MinFOp>(op))
    return fold(false, min.getPropagateNan(), min.getFlushToZero());
  return std::nullopt;
}

/// A reduce along `dim` as a tree (docs/codegen.md, "Layouts"): each
/// thread folds its registers of one result element, butterfly shuffles
/// combine the lanes, and one exchange through shared memory combines the
/// warps into the result's layout. Returns false, emitting nothing, where
/// the plan does not apply (then the sequential lowering runs).
static FailureOr<bool> emitTreeReduce(
    KernelEmitter &em, Operation *op, ValueRange operands, int64_t dim,
    ArrayRef<Type> operandElems, ArrayRef<Value> operandIds,
    function_ref<FailureOr<SmallVector<Value>>(ArrayRef<Value>,
                                               ArrayRef<Value>)>
        operandCombine,
    std::optional<FloatMinMaxBody> minMax) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  auto srcType = cast<TileType>(operands.front().getType());
  SmallVector<int64_t> shape(srcType.getShape());
  int64_t threads = em.numThreads();
  if (threads % 32 != 0)
    return false;
  LinearLayout source = em.linearLayoutOf(srcType);
  std::optional<ReductionPlan> plan = planReduction(source, dim);
  if (!plan) {
    em.remark(op, /*passed=*/false,
              "reduce folded by one thread per row: the layout has no tree "
              "plan");
    return false;
  }
  SmallVector<TileType> resultTypes;
  for (Value r : op->getResults())
    resultTypes.push_back(cast<TileType>(r.getType()));
  std::optional<SmallVector<int64_t>> inPlace = planResultsInPlace(
      source, dim, *plan, em.linearLayoutOf(resultTypes.front()));

  // A float max (min) folds with the bare instruction, which returns either
  // zero of +0 / -0; alongside it folds the unsigned minimum of the bits
  // (for min with the sign flipped), which is 0 exactly where a +0 (-0) took
  // part, and gives a zero result its sign at the end: 2 instructions per
  // element instead of the 4 of an exact maxf.
  SmallVector<Type> elems(operandElems);
  SmallVector<Value> ids(operandIds);
  Type trackerType;
  auto zeroTracker = [&](Value v) -> Value {
    Value bits = arith::BitcastOp::create(b, loc, trackerType, v);
    if (minMax->isMax)
      return bits;
    unsigned width = trackerType.getIntOrFloatBitWidth();
    return arith::XOrIOp::create(
        b, loc, bits,
        em.cInt(trackerType, int64_t(uint64_t(1) << (width - 1))));
  };
  auto flush = [&](Value v) {
    return minMax && minMax->ftz ? em.flushSubnormals(v) : v;
  };
  bool tracked = minMax && minMax->zeroSignSeen;
  if (minMax)
    ids.front() = flush(ids.front());
  if (tracked) {
    trackerType = b.getIntegerType(elems.front().getIntOrFloatBitWidth());
    elems.push_back(trackerType);
    ids.push_back(zeroTracker(ids.front()));
  }
  auto combine = [&](ArrayRef<Value> xs,
                     ArrayRef<Value> accs) -> FailureOr<SmallVector<Value>> {
    if (!minMax)
      return operandCombine(xs, accs);
    Value r = em.bareMinMax(minMax->isMax, xs[0], accs[0],
                            minMax->propagateNaN);
    if (!tracked)
      return SmallVector<Value>{r};
    return SmallVector<Value>{
        r, arith::MinUIOp::create(b, loc, xs[1], accs[1]).getResult()};
  };
  size_t m = elems.size();
  SmallVector<int64_t> offsets(m);
  int64_t bytes = 0;
  for (size_t i = 0; i < m && !inPlace; ++i) {
    offsets[i] = bytes;
    bytes = llvm::alignTo(
        bytes + plan->numSharedSlots * KernelEmitter::storageBytes(elems[i]),
        8);
  }
  if (bytes > em.scratchCapacity()) {
    em.remark(op, /*passed=*/false,
              "reduce folded by one thread per row: the tree's exchange needs " +
                  Twine(bytes) + " bytes of shared memory, more than " +
                  Twine(em.scratchCapacity()));
    return false;
  }
  if (bytes)
    em.reserveScratch(bytes);
  std::string exchange =
      inPlace ? std::string("no exchange: the results stay in the registers "
                            "of their layout")
              : std::to_string(bytes) + " bytes through shared memory";
  em.remark(op, /*passed=*/true,
            "reduce as a tree: " +
                Twine(llvm::popcount(plan->registerMask)) +
                " register bit(s) folded per thread, " +
                Twine(plan->laneBits.size()) + " butterfly shuffle(s), " +
                exchange);

  Layout srcLayout = em.layoutOf(srcType);
  int64_t slots = srcLayout.slots();
  // values[k]: the operands' scalars in register k.
  SmallVector<SmallVector<Value>> values(slots);
  for (int64_t k = 0; k < slots; ++k)
    for (Value operand : operands)
      values[k].push_back(flush(em.lane(em.get(operand), k)));
  if (tracked)
    for (SmallVector<Value> &v : values)
      v.push_back(zeroTracker(v.front()));

  // 1. Fold the registers of each result element, in register order.
  SmallVector<int64_t> kept;
  for (int64_t k = 0; k < slots; ++k) {
    if (k & plan->registerMask)
      continue;
    SmallVector<Value> acc(ids.begin(), ids.end());
    for (int64_t s = 0; s < slots; ++s) {
      if ((s & ~int64_t(plan->registerMask)) != k)
        continue;
      FailureOr<SmallVector<Value>> next = combine(values[s], acc);
      if (failed(next))
        return failure();
      acc = *next;
    }
    values[k] = acc;
    kept.push_back(k);
  }

  // 2. Butterfly shuffles over the lane bits that walk the dimension.
  for (unsigned bit : plan->laneBits)
    for (int64_t k : kept) {
      SmallVector<Value> partner;
      for (Value v : values[k])
        partner.push_back(butterfly(em, v, bit));
      FailureOr<SmallVector<Value>> next = combine(partner, values[k]);
      if (failed(next))
        return failure();
      values[k] = *next;
    }

  // results[i]: operand i's result lanes in the result's layout.
  SmallVector<SmallVector<Value>> results(m);
  auto finish = [&] {
    if (tracked) {
      // A zero result is +0 for max where some +0 took part, else -0;
      // the other way round for min.
      Type scalar = results[0].front().getType();
      Value plus = em.cFloatLike(scalar, 0.0);
      Value minus = em.cFloatLike(scalar, -0.0);
      for (auto [r, tracker] : llvm::zip_equal(results[0], results[1])) {
        Value isZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                             r, plus);
        Value seen = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           tracker,
                                           em.cInt(trackerType, 0));
        Value zero = arith::SelectOp::create(
            b, loc, seen, minMax->isMax ? plus : minus,
            minMax->isMax ? minus : plus);
        r = arith::SelectOp::create(b, loc, isZero, zero, r);
      }
    }
    for (auto [i, result] : llvm::enumerate(op->getResults()))
      em.set(result, em.fromLanes(results[i], em.loweredType(resultTypes[i])));
  };
  if (inPlace) {
    for (size_t i = 0; i < m; ++i)
      for (int64_t k : *inPlace)
        results[i].push_back(values[k][i]);
    finish();
    return true;
  }

  // 3. Lanes with zero reduced bits store their partial results at
  //    (warp combination, result element).
  Value tid = em.threadId();
  Value lane = arith::AndIOp::create(b, loc, tid, em.cI32(31));
  Value warp = arith::ShRUIOp::create(b, loc, tid, em.cI32(5));
  Value combination = em.cI32(0);
  for (auto [i, bit] : llvm::enumerate(plan->warpBits)) {
    Value picked = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, warp, em.cI32(bit)),
        em.cI32(1));
    combination = arith::OrIOp::create(
        b, loc, combination,
        arith::ShLIOp::create(b, loc, picked, em.cI32(i)));
  }
  Value slotBase =
      arith::MulIOp::create(b, loc, combination, em.cI32(plan->numResults));
  int64_t inner = 1;
  for (size_t d = dim + 1; d < shape.size(); ++d)
    inner *= shape[d];
  em.barrier();
  Value writes = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::AndIOp::create(b, loc, lane, em.cI32(plan->getLaneMask())),
      em.cI32(0));
  em.buildIfThen(writes, [&] {
    for (int64_t k : kept) {
      Value e = em.elementIndex(srcLayout, k);
      Value outer = arith::DivUIOp::create(b, loc, e,
                                           em.cI32(inner * shape[dim]));
      Value within = arith::RemUIOp::create(b, loc, e, em.cI32(inner));
      Value result = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, outer, em.cI32(inner)),
          within);
      Value slot = arith::AddIOp::create(b, loc, slotBase, result);
      for (size_t i = 0; i < m; ++i)
        em.scratchStore(offsets[i], elems[i], slot, values[k][i]);
    }
  });
  em.barrier();

  // 4. Each thread combines the warps' partials of its result elements.
  Layout resLayout = em.layoutOf(resultTypes.front());
  int64_t resultSlots = resLayout.slots();
  for (int64_t k = 0; k < resultSlots; ++k) {
    Value e = em.elementIndex(resLayout, k);
    SmallVector<Value> acc(ids.begin(), ids.end());
    for (int64_t c = 0, e2 = int64_t(1) << plan->warpBits.size(); c < e2;
         ++c) {
      Value slot =
          arith::AddIOp::create(b, loc, e, em.cI32(c * plan->numResults));
      SmallVector<Value> partial;
      for (size_t i = 0; i < m; ++i)
        partial.push_back(em.scratchLoad(offsets[i], elems[i], slot));
      FailureOr<SmallVector<Value>> next = combine(partial, acc);
      if (failed(next))
        return failure();
      acc = *next;
    }
    for (size_t i = 0; i < m; ++i)
      results[i].push_back(acc[i]);
  }
  finish();
  return true;
}

static LogicalResult emitReduceOrScan(KernelEmitter &em, Operation *op,
                                      ValueRange operands, int64_t dim,
                                      ArrayAttr identities, Region &body,
                                      bool isScan, bool reverse) {
  OpBuilder &b = em.b;
  size_t m = operands.size();
  auto srcType = cast<TileType>(operands.front().getType());
  SmallVector<int64_t> shape(srcType.getShape());
  Layout srcLayout = em.layoutOf(srcType);
  SmallVector<Type> elems;
  SmallVector<Value> ids;
  for (auto [v, attr] : llvm::zip_equal(operands, identities)) {
    elems.push_back(elementTypeOf(v));
    ids.push_back(identityValue(em, attr, elementTypeOf(v)));
  }
  auto combine = [&](ArrayRef<Value> xs,
                     ArrayRef<Value> accs) -> FailureOr<SmallVector<Value>> {
    SmallVector<Value> args;
    for (size_t i = 0; i < m; ++i) {
      args.push_back(xs[i]);
      args.push_back(accs[i]);
    }
    return em.emitCombiner(body, args);
  };

  if (!srcLayout.isUniform() && !isScan && !em.treeReductions)
    em.remark(op, /*passed=*/false,
              "reduce folded by one thread per row, in index order "
              "(--reduction-order=sequential)");
  if (!isScan && !srcLayout.isUniform() && em.treeReductions) {
    FailureOr<bool> done =
        emitTreeReduce(em, op, operands, dim, elems, ids, combine,
                       m == 1 && isa<Float16Type, BFloat16Type, Float32Type,
                                     Float64Type>(elems.front())
                           ? floatMinMaxBody(body)
                           : std::nullopt);
    if (failed(done))
      return failure();
    if (*done)
      return success();
  }

  if (srcLayout.isUniform()) {
    SmallVector<Value> xs;
    for (Value v : operands)
      xs.push_back(em.get(v));
    FailureOr<SmallVector<Value>> r = combine(xs, ids);
    if (failed(r))
      return failure();
    for (size_t i = 0; i < m; ++i)
      em.set(op->getResult(i), (*r)[i]);
    return success();
  }

  Rows rows = rowsOf(shape, dim);
  int64_t elemBytes = 0;
  for (Type t : elems)
    elemBytes += KernelEmitter::storageBytes(t);
  int64_t perRow = rows.length * elemBytes + (isScan ? 0 : elemBytes);
  int64_t numThreads = em.numThreads();
  // A scan of rows long enough to share (tree order): each row is cut into
  // `segments` runs, consecutive in scan order, one a thread. A thread folds
  // its run, then scans it again from the fold of the runs before it. Each
  // run is followed by a pad element, so that runs start L + 1 elements
  // apart and a warp's accesses (one a run) fall in distinct banks.
  int64_t segments = 1, rowsPerChunk = 0;
  // A row whose padded copy does not fit is scanned a segment at a time
  // (emitLongRows), in runs too.
  bool paddedRowTooLong = false;
  std::string sequentialWhy =
      !em.treeReductions ? "--reduction-order=sequential"
                         : "rows shorter than " +
                               std::to_string(kMinSegmentedScanRow);
  if (isScan && em.treeReductions && rows.length >= kMinSegmentedScanRow) {
    int64_t paddedRow =
        perRow + scanSegmentsPerRow(rows.length) * elemBytes;
    int64_t totals = numThreads * elemBytes + 8 * int64_t(m);
    int64_t room = em.scratchCapacity() - totals;
    int64_t fit =
        room > 0 ? std::min(rows.count, floorPow2(room / paddedRow)) : 0;
    if (fit > 0) {
      int64_t runs =
          std::min(scanSegmentsPerRow(rows.length),
                   floorPow2(std::max<int64_t>(1, numThreads / fit)));
      if (runs >= kMinScanSegments) {
        segments = runs;
        rowsPerChunk = fit;
      } else {
        sequentialWhy = "fewer than " + std::to_string(kMinScanSegments) +
                        " threads a row";
      }
    } else {
      paddedRowTooLong = true;
    }
  }
  if (segments == 1 && !paddedRowTooLong)
    rowsPerChunk =
        std::min(rows.count, floorPow2(em.scratchCapacity() / perRow));
  // (emitLongRows says how it scans rows longer than the buffer.)
  if (!srcLayout.isUniform() && isScan && rowsPerChunk != 0) {
    if (segments > 1)
      em.remark(op, /*passed=*/true,
                Twine("scan in ") + Twine(segments) + " runs of " +
                    Twine(rows.length / segments) +
                    " per row, each from the fold of the runs before it");
    else
      em.remark(op, /*passed=*/false,
                "scan folded by one thread per row, in index order (" +
                    sequentialWhy + ")");
  }
  if (rowsPerChunk == 0)
    return emitLongRows(em, op, operands, elems, ids, rows, isScan, reverse,
                        combine);
  int64_t numChunks = rows.count / rowsPerChunk;
  bool padded = segments > 1;
  int64_t chunkElems = rowsPerChunk * rows.length;
  // Regions: one input array per operand, then (reduce) one result array per
  // operand, or (segmented scan) one array of run folds per operand.
  SmallVector<int64_t> inOffset(m), outOffset(m), foldOffset(m);
  int64_t offset = 0;
  for (size_t i = 0; i < m; ++i) {
    inOffset[i] = offset;
    offset += (chunkElems + (padded ? rowsPerChunk * segments : 0)) *
              KernelEmitter::storageBytes(elems[i]);
    offset = llvm::alignTo(offset, 8);
  }
  for (size_t i = 0; i < m && !isScan; ++i) {
    outOffset[i] = offset;
    offset += rowsPerChunk * KernelEmitter::storageBytes(elems[i]);
    offset = llvm::alignTo(offset, 8);
  }
  for (size_t i = 0; i < m && padded; ++i) {
    foldOffset[i] = offset;
    offset += rowsPerChunk * segments * KernelEmitter::storageBytes(elems[i]);
    offset = llvm::alignTo(offset, 8);
  }
  em.reserveScratch(offset);
  // Index in the input arrays of position `pos` of row `rel` of the chunk.
  auto stagedIndex = [&](Value rel, Value pos) -> Value {
    Value at = arith::AddIOp::create(
        b, em.loc, arith::MulIOp::create(b, em.loc, rel, em.cI32(rows.length)),
        pos);
    if (!padded)
      return at;
    return arith::AddIOp::create(
        b, em.loc, at,
        arith::ShRUIOp::create(b, em.loc, at,
                               em.cI32(log2Exact(rows.length / segments))));
  };

  // Result layouts.
  SmallVector<TileType> resultTypes;
  for (Value r : op->getResults())
    resultTypes.push_back(cast<TileType>(r.getType()));
  Layout resLayout = em.layoutOf(resultTypes.front());
  int64_t slots = resLayout.slots();

  // Result values, per result and slot.
  SmallVector<Value> flat;
  for (size_t i = 0; i < m; ++i) {
    Type scalar = em.scalarType(elems[i]);
    Value zero = isa<FloatType>(scalar) ? em.cFloatLike(scalar, 0.0)
                                        : em.cIntLike(scalar, 0);
    for (int64_t k = 0; k < slots; ++k)
      flat.push_back(zero);
  }

  bool failedBody = false;
  auto processChunk = [&](Value rowBase,
                          ArrayRef<Value> current) -> SmallVector<Value> {
    em.barrier();
    for (size_t i = 0; i < m; ++i)
      em.stage(em.get(operands[i]), cast<TileType>(operands[i].getType()),
               inOffset[i], [&](Value e) -> Pick {
                 auto [row, pos] = rowAndPosition(em, e, rows);
                 Value rel = arith::SubIOp::create(b, em.loc, row, rowBase);
                 Value keep = arith::CmpIOp::create(
                     b, em.loc, arith::CmpIPredicate::ult, rel,
                     em.cI32(rowsPerChunk));
                 return {keep, stagedIndex(rel, pos)};
               });
    em.barrier();
    if (padded) {
      if (!emitSegmentedScan(em, rowsPerChunk, segments, rows.length, reverse,
                             inOffset, foldOffset, elems, ids, stagedIndex,
                             combine))
        failedBody = true;
    } else {
      // Each row is folded (or scanned) by one thread, in order.
      em.buildFor(
          em.threadId(), em.cI32(rowsPerChunk), em.cI32(em.numThreads()), {},
          [&](Value row, ValueRange) -> SmallVector<Value> {
            Value rowStart =
                arith::MulIOp::create(b, em.loc, row, em.cI32(rows.length));
            bool ok = true;
            SmallVector<Value> finals = foldStaged(
                em, inOffset, elems, em.cI32(0), em.cI32(rows.length), ids,
                [&](Value j) -> Value {
                  Value pos = j;
                  if (reverse)
                    pos = arith::SubIOp::create(b, em.loc,
                                                em.cI32(rows.length - 1), j);
                  return arith::AddIOp::create(b, em.loc, rowStart, pos);
                },
                isScan, combine, ok);
            failedBody |= !ok;
            if (!isScan)
              for (size_t i = 0; i < m; ++i)
                em.scratchStore(outOffset[i], elems[i], row, finals[i]);
            return {};
          });
    }
    em.barrier();
    SmallVector<Value> next(current.begin(), current.end());
    for (int64_t k = 0; k < slots; ++k) {
      Value e = em.elementIndex(resLayout, k);
      Value row = e, at;
      if (isScan) {
        auto [r, pos] = rowAndPosition(em, e, rows);
        row = r;
        at = pos;
      }
      Value rel = arith::SubIOp::create(b, em.loc, row, rowBase);
      Value in = arith::CmpIOp::create(b, em.loc, arith::CmpIPredicate::ult,
                                       rel, em.cI32(rowsPerChunk));
      Value safe = numChunks == 1
                       ? rel
                       : arith::SelectOp::create(b, em.loc, in, rel,
                                                 em.cI32(0))
                             .getResult();
      for (size_t i = 0; i < m; ++i) {
        Value index = safe;
        int64_t region = outOffset[i];
        if (isScan) {
          index = stagedIndex(safe, at);
          region = inOffset[i];
        }
        Value v = em.scratchLoad(region, elems[i], index);
        size_t slot = i * slots + k;
        next[slot] = numChunks == 1
                         ? v
                         : arith::SelectOp::create(b, em.loc, in, v,
                                                   next[slot])
                               .getResult();
      }
    }
    return next;
  };

  if (numChunks == 1)
    flat = processChunk(em.cI32(0), flat);
  else
    flat = em.buildFor(em.cI32(0), em.cI32(rows.count),
                       em.cI32(rowsPerChunk), flat,
                       [&](Value base, ValueRange iters) {
                         SmallVector<Value> cur(iters.begin(), iters.end());
                         return processChunk(base, cur);
                       });
  if (failedBody)
    return failure();
  for (size_t i = 0; i < m; ++i) {
    ArrayRef<Value> parts(flat.data() + i * slots, slots);
    em.set(op->getResult(i),
           em.fromLanes(parts, em.loweredType(resultTypes[i])));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

namespace {

/// What the scalar MMA computes with.
struct MmaKind {
  enum { Float, Int } kind = Float;
  Type accType; // f32, f64 or i32
  bool lhsSigned = true, rhsSigned = true;
};

} // namespace

/// Converts one staged operand element to the accumulation type.
static Value mmaOperand(KernelEmitter &em, Value v, Type elem,
                        const MmaKind &kind, bool isSigned) {
  if (kind.kind == MmaKind::Int) {
    if (isSigned)
      return arith::ExtSIOp::create(em.b, em.loc, kind.accType, v);
    return arith::ExtUIOp::create(em.b, em.loc, kind.accType, v);
  }
  if (kind.accType.isF64())
    return v; // f64 x f64 only
  return em.toF32(v, elem);
}

/// result = acc + lhs * rhs (optionally with block scales), computed per
/// result element over K, K staged in chunks through shared memory.
static LogicalResult emitMatmul(KernelEmitter &em, Operation *op, Value lhs,
                                Value rhs, Value acc, Value lhsScale,
                                Value rhsScale, MmaKind kind) {
  OpBuilder &b = em.b;
  auto lhsType = cast<TileType>(lhs.getType());
  auto rhsType = cast<TileType>(rhs.getType());
  auto accType = cast<TileType>(acc.getType());
  bool batched = lhsType.getRank() == 3;
  int64_t B = batched ? lhsType.getShape()[0] : 1;
  int64_t M = lhsType.getShape()[batched ? 1 : 0];
  int64_t K = lhsType.getShape()[batched ? 2 : 1];
  int64_t N = rhsType.getShape()[batched ? 2 : 1];
  Type aElem = lhsType.getElementType(), bElem = rhsType.getElementType();
  int64_t aBytes = KernelEmitter::storageBytes(aElem);
  int64_t bBytes = KernelEmitter::storageBytes(bElem);

  // Block scales: lhs_scale is [B x] M x KS, rhs_scale [B x] KS x N.
  int64_t KS = 0, V = 1, scaleBytes = 0;
  Type sElem;
  if (lhsScale) {
    auto st = cast<TileType>(lhsScale.getType());
    KS = st.getShape()[batched ? 2 : 1];
    V = K / KS;
    sElem = st.getElementType();
    scaleBytes = llvm::alignTo(B * M * KS, 8) + llvm::alignTo(B * KS * N, 8);
  }
  int64_t perK = B * (M * aBytes + N * bBytes);
  int64_t kChunk = std::min(
      K, floorPow2((em.scratchCapacity() - scaleBytes) / perK));
  if (kChunk == 0)
    return op->emitError("matrix operands with M = ")
           << M << ", N = " << N
           << " need more shared memory per K step than the scratch buffer "
              "of this code generator holds";
  int64_t numChunks = K / kChunk;
  int64_t aOffset = 0;
  int64_t bOffset = llvm::alignTo(B * M * kChunk * aBytes, 8);
  int64_t saOffset = bOffset + llvm::alignTo(B * kChunk * N * bBytes, 8);
  int64_t sbOffset = saOffset + llvm::alignTo(B * M * KS, 8);
  em.reserveScratch(sbOffset + B * KS * N + 8);

  Layout layout = em.layoutOf(accType);
  int64_t slots = layout.slots();
  Type accLowered = em.loweredType(accType);
  Type accElem = accType.getElementType();
  SmallVector<int64_t> accShape(accType.getShape());

  // Per slot: (batch, m, n) and the accumulator in the accumulation type.
  SmallVector<Value> bIdx(slots), mIdx(slots), nIdx(slots), accs(slots);
  Value accValue = em.get(acc);
  for (int64_t k = 0; k < slots; ++k) {
    SmallVector<Value> c = em.delinearize(em.elementIndex(layout, k),
                                          accShape);
    bIdx[k] = batched ? c[0] : em.cI32(0);
    mIdx[k] = c[batched ? 1 : 0];
    nIdx[k] = c[batched ? 2 : 1];
    Value a = em.lane(accValue, k);
    if (kind.kind == MmaKind::Float && accElem.isF16())
      a = arith::ExtFOp::create(b, em.loc, b.getF32Type(), a);
    accs[k] = a;
  }

  // Scales are staged once.
  if (lhsScale) {
    em.barrier();
    em.stage(em.get(lhsScale), cast<TileType>(lhsScale.getType()), saOffset,
             [&](Value e) -> Pick { return {Value(), e}; });
    em.stage(em.get(rhsScale), cast<TileType>(rhsScale.getType()), sbOffset,
             [&](Value e) -> Pick { return {Value(), e}; });
  }

  auto processChunk = [&](Value k0,
                          ArrayRef<Value> current) -> SmallVector<Value> {
    em.barrier();
    // lhs[b, m, k] -> A[(b * M + m) * kChunk + (k - k0)]
    em.stage(em.get(lhs), lhsType, aOffset, [&](Value e) -> Pick {
      SmallVector<Value> c = em.delinearize(e, lhsType.getShape());
      Value bb = batched ? c[0] : em.cI32(0);
      Value mm = c[batched ? 1 : 0], kk = c[batched ? 2 : 1];
      Value rel = arith::SubIOp::create(b, em.loc, kk, k0);
      Value keep = numChunks == 1
                       ? Value()
                       : arith::CmpIOp::create(b, em.loc,
                                               arith::CmpIPredicate::ult, rel,
                                               em.cI32(kChunk))
                             .getResult();
      Value row = arith::AddIOp::create(
          b, em.loc, arith::MulIOp::create(b, em.loc, bb, em.cI32(M)), mm);
      Value at = arith::AddIOp::create(
          b, em.loc, arith::MulIOp::create(b, em.loc, row, em.cI32(kChunk)),
          rel);
      return {keep, at};
    });
    // rhs[b, k, n] -> Bm[(b * kChunk + (k - k0)) * N + n]
    em.stage(em.get(rhs), rhsType, bOffset, [&](Value e) -> Pick {
      SmallVector<Value> c = em.delinearize(e, rhsType.getShape());
      Value bb = batched ? c[0] : em.cI32(0);
      Value kk = c[batched ? 1 : 0], nn = c[batched ? 2 : 1];
      Value rel = arith::SubIOp::create(b, em.loc, kk, k0);
      Value keep = numChunks == 1
                       ? Value()
                       : arith::CmpIOp::create(b, em.loc,
                                               arith::CmpIPredicate::ult, rel,
                                               em.cI32(kChunk))
                             .getResult();
      Value row = arith::AddIOp::create(
          b, em.loc, arith::MulIOp::create(b, em.loc, bb, em.cI32(kChunk)),
          rel);
      Value at = arith::AddIOp::create(
          b, em.loc, arith::MulIOp::create(b, em.loc, row, em.cI32(N)), nn);
      return {keep, at};
    });
    em.barrier();
    // Row starts of every slot.
    SmallVector<Value> aRow(slots), bCol(slots), saRow(slots), sbCol(slots);
    for (int64_t k = 0; k < slots; ++k) {
      Value row = arith::AddIOp::create(
          b, em.loc, arith::MulIOp::create(b, em.loc, bIdx[k], em.cI32(M)),
          mIdx[k]);
      aRow[k] = arith::MulIOp::create(b, em.loc, row, em.cI32(kChunk));
      bCol[k] = arith::AddIOp::create(
          b, em.loc,
          arith::MulIOp::create(b, em.loc, bIdx[k], em.cI32(kChunk * N)),
          nIdx[k]);
      if (lhsScale) {
        saRow[k] = arith::MulIOp::create(b, em.loc, row, em.cI32(KS));
        sbCol[k] = arith::AddIOp::create(
            b, em.loc,
            arith::MulIOp::create(b, em.loc, bIdx[k], em.cI32(KS * N)),
            nIdx[k]);
      }
    }
    return em.buildFor(
        em.cI32(0), em.cI32(kChunk), em.cI32(1), current,
        [&](Value kk, ValueRange iters) -> SmallVector<Value> {
          SmallVector<Value> next;
          Value scaleK;
          if (lhsScale)
            scaleK = arith::DivUIOp::create(
                b, em.loc, arith::AddIOp::create(b, em.loc, k0, kk),
                em.cI32(V));
          for (int64_t k = 0; k < slots; ++k) {
            Value ai = arith::AddIOp::create(b, em.loc, aRow[k], kk);
            Value bi = arith::AddIOp::create(
                b, em.loc,
                arith::MulIOp::create(b, em.loc, kk, em.cI32(N)), bCol[k]);
            Value av = mmaOperand(em, em.scratchLoad(aOffset, aElem, ai),
                                  aElem, kind, kind.lhsSigned);
            Value bv = mmaOperand(em, em.scratchLoad(bOffset, bElem, bi),
                                  bElem, kind, kind.rhsSigned);
            if (lhsScale) {
              Value sai = arith::AddIOp::create(b, em.loc, saRow[k], scaleK);
              Value sbi = arith::AddIOp::create(
                  b, em.loc,
                  arith::MulIOp::create(b, em.loc, scaleK, em.cI32(N)),
                  sbCol[k]);
              Value sa = em.toF32(em.scratchLoad(saOffset, sElem, sai), sElem);
              Value sb = em.toF32(em.scratchLoad(sbOffset, sElem, sbi), sElem);
              av = arith::MulFOp::create(b, em.loc, av, sa);
              bv = arith::MulFOp::create(b, em.loc, bv, sb);
            }
            Value accIn = iters[k];
            if (kind.kind == MmaKind::Int)
              next.push_back(arith::AddIOp::create(
                  b, em.loc, accIn, arith::MulIOp::create(b, em.loc, av, bv)));
            else
              next.push_back(math::FmaOp::create(b, em.loc, av, bv, accIn));
          }
          return next;
        });
  };

  if (numChunks == 1)
    accs = processChunk(em.cI32(0), accs);
  else
    accs = em.buildFor(em.cI32(0), em.cI32(K), em.cI32(kChunk), accs,
                       [&](Value k0, ValueRange iters) {
                         SmallVector<Value> cur(iters.begin(), iters.end());
                         return processChunk(k0, cur);
                       });
  if (kind.kind == MmaKind::Float && accElem.isF16())
    for (Value &a : accs)
      a = arith::TruncFOp::create(b, em.loc, b.getF16Type(), a);
  em.set(op->getResult(0), em.fromLanes(accs, accLowered));
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

std::optional<LogicalResult> KernelEmitter::emitShape(Operation *op) {
  return TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](ReshapeOp o) -> LogicalResult {
        set(o, get(o.getSource()));
        return success();
      })
      .Case([&](BroadcastOp o) -> LogicalResult {
        auto srcType = cast<TileType>(o.getSource().getType());
        auto resType = cast<TileType>(o.getType());
        Value src = get(o.getSource());
        if (layoutOf(srcType).isUniform()) {
          set(o, splat(src, loweredType(resType)));
          return success();
        }
        if (srcType.getShape() == resType.getShape()) {
          set(o, src);
          return success();
        }
        SmallVector<int64_t> srcShape(srcType.getShape()),
            resShape(resType.getShape());
        // Each thread already holds the elements its copies come from
        // (a row statistic broadcast back over the mma fragments).
        if (std::optional<SmallVector<unsigned>> sources =
                registerPermutationOf(
                    linearLayoutOf(srcType),
                    LinearLayout::collapsed(linearLayoutOf(resType),
                                            srcShape))) {
          SmallVector<Value> parts;
          for (unsigned k : *sources)
            parts.push_back(lane(src, k));
          set(o, fromLanes(parts, loweredType(resType)));
          return success();
        }
        // Copies of an index tile (attention's causal mask: the key
        // columns, iota + offset, over the scores' fragments) are computed
        // where they are needed.
        if (isIndexTile(*this, o.getSource())) {
          set(o, broadcastIndexTile(*this, o));
          return success();
        }
        set(o, gather({{src, srcType}}, resShape, [&](Value e) -> Pick {
              SmallVector<Value> c = delinearize(e, resShape);
              for (size_t d = 0; d < c.size(); ++d)
                if (srcShape[d] == 1)
                  c[d] = cI32(0);
              return {Value(), linearize(c, srcShape)};
            }));
        return success();
      })
      .Case([&](PermuteOp o) -> LogicalResult {
        auto srcType = cast<TileType>(o.getSource().getType());
        Value src = get(o.getSource());
        if (layoutOf(srcType).isUniform()) {
          set(o, src);
          return success();
        }
        SmallVector<int64_t> srcShape(srcType.getShape()),
            resShape = shapeOf(o.getResult());
        ArrayRef<int32_t> perm = o.getPermutation();
        set(o, gather({{src, srcType}}, resShape, [&](Value e) -> Pick {
              SmallVector<Value> rc = delinearize(e, resShape);
              SmallVector<Value> sc(rc.size());
              for (size_t i = 0; i < rc.size(); ++i)
                sc[perm[i]] = rc[i];
              return {Value(), linearize(sc, srcShape)};
            }));
        return success();
      })
      .Case([&](CatOp o) -> LogicalResult {
        auto lhsType = cast<TileType>(o.getLhs().getType());
        auto rhsType = cast<TileType>(o.getRhs().getType());
        SmallVector<int64_t> lhsShape(lhsType.getShape()),
            rhsShape(rhsType.getShape()), resShape = shapeOf(o.getResult());
        int64_t dim = o.getDim();
        int64_t split = lhsShape[dim];
        set(o, gather({{get(o.getLhs()), lhsType}, {get(o.getRhs()), rhsType}},
                      resShape, [&](Value e) -> Pick {
                        SmallVector<Value> rc = delinearize(e, resShape);
                        Value inLhs = arith::CmpIOp::create(
                            b, loc, arith::CmpIPredicate::ult, rc[dim],
                            cI32(split));
                        Value lhsIdx = linearize(rc, lhsShape);
                        SmallVector<Value> rcr = rc;
                        rcr[dim] = arith::SubIOp::create(b, loc, rc[dim],
                                                         cI32(split));
                        Value rhsIdx = linearize(rcr, rhsShape);
                        Value sel = arith::SelectOp::create(b, loc, inLhs,
                                                            cI32(0), cI32(1));
                        Value idx = arith::SelectOp::create(b, loc, inLhs,
                                                            lhsIdx, rhsIdx);
                        return {sel, idx};
                      }));
        return success();
      })
      .Case([&](ExtractOp o) -> LogicalResult {
        auto srcType = cast<TileType>(o.getSource().getType());
        Value src = get(o.getSource());
        if (layoutOf(srcType).isUniform()) {
          set(o, src);
          return success();
        }
        SmallVector<int64_t> srcShape(srcType.getShape()),
            resShape = shapeOf(o.getResult());
        SmallVector<Value> offsets;
        for (auto [d, idx] : llvm::enumerate(o.getIndices()))
          offsets.push_back(
              arith::MulIOp::create(b, loc, get(idx), cI32(resShape[d])));
        set(o, gather({{src, srcType}}, resShape, [&](Value e) -> Pick {
              SmallVector<Value> c = delinearize(e, resShape);
              for (size_t d = 0; d < c.size(); ++d)
                c[d] = arith::AddIOp::create(b, loc, c[d], offsets[d]);
              return {Value(), linearize(c, srcShape)};
            }));
        return success();
      })
      .Case([&](InsertOp o) -> LogicalResult {
        auto srcType = cast<TileType>(o.getSource().getType());
        auto dstType = cast<TileType>(o.getDestination().getType());
        SmallVector<int64_t> srcShape(srcType.getShape()),
            resShape = shapeOf(o.getResult());
        SmallVector<Value> offsets;
        for (auto [d, idx] : llvm::enumerate(o.getIndices()))
          offsets.push_back(
              arith::MulIOp::create(b, loc, get(idx), cI32(srcShape[d])));
        // Element c of the result comes from the source where c - offset lies
        // inside the slice (unsigned compare: below the offset wraps high).
        set(o, gather({{get(o.getSource()), srcType},
                       {get(o.getDestination()), dstType}},
                      resShape, [&](Value e) -> Pick {
                        SmallVector<Value> c = delinearize(e, resShape);
                        SmallVector<Value> inner;
                        Value inSlice;
                        for (size_t d = 0; d < c.size(); ++d) {
                          inner.push_back(
                              arith::SubIOp::create(b, loc, c[d], offsets[d]));
                          Value inDim = arith::CmpIOp::create(
                              b, loc, arith::CmpIPredicate::ult, inner[d],
                              cI32(srcShape[d]));
                          inSlice = inSlice ? arith::AndIOp::create(
                                                  b, loc, inSlice, inDim)
                                                  .getResult()
                                            : inDim;
                        }
                        if (!inSlice)
                          return {cI32(0), cI32(0)};
                        Value sel = arith::SelectOp::create(b, loc, inSlice,
                                                            cI32(0), cI32(1));
                        Value idx = arith::SelectOp::create(
                            b, loc, inSlice, linearize(inner, srcShape), e);
                        return {sel, idx};
                      }));
        return success();
      })
      .Case([&](IotaOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getType());
        Layout layout = layoutOf(type);
        Type scalar = scalarType(type.getElementType());
        SmallVector<Value> parts;
        for (int64_t k = 0; k < layout.slots(); ++k) {
          Value e = elementIndex(layout, k);
          unsigned width = scalar.getIntOrFloatBitWidth();
          if (width < 32)
            e = arith::TruncIOp::create(b, loc, scalar, e);
          else if (width > 32)
            e = arith::ExtUIOp::create(b, loc, scalar, e);
          parts.push_back(e);
        }
        set(o, fromLanes(parts, loweredType(type)));
        return success();
      })
      .Case([&](SelectOp o) -> LogicalResult {
        set(o, arith::SelectOp::create(b, loc, get(o.getCond()),
                                       get(o.getValIfTrue()),
                                       get(o.getValIfFalse())));
        return success();
      })
      .Case([&](OffsetOp o) -> LogicalResult {
        auto ptrType = cast<PointerType>(elementTypeOf(o.getPtr()));
        int64_t bytes = storageBytes(ptrType.getPointeeType());
        Value ptr = get(o.getPtr());
        Value off = get(o.getOffset());
        Type wide = ptr.getType();
        if (off.getType() != wide)
          off = arith::ExtSIOp::create(b, loc, wide, off);
        if (bytes != 1)
          off = arith::MulIOp::create(b, loc, off, cIntLike(wide, bytes));
        set(o, arith::AddIOp::create(b, loc, ptr, off));
        return success();
      })
      .Case([&](PackOp o) -> LogicalResult {
        auto srcType = cast<TileType>(o.getSource().getType());
        Type elem = srcType.getElementType();
        unsigned bits = storageBits(elem);
        SmallVector<int64_t> resShape = shapeOf(o.getResult());
        auto resType = cast<TileType>(o.getType());
        Type lowered = loweredType(resType);
        Layout layout = layoutOf(resType);
        if (bits >= 8) {
          unsigned per = bits / 8;
          auto [ints, intTile] = asIntegers(*this, o.getSource(), bits);
          Value words = gather({{ints, intTile}}, resShape,
                               [&](Value e) -> Pick {
                                 return {Value(),
                                         arith::ShRUIOp::create(
                                             b, loc, e, cI32(log2Exact(per)))};
                               });
          SmallVector<Value> parts;
          for (int64_t k = 0; k < layout.slots(); ++k) {
            Value w = lane(words, k);
            if (per > 1) {
              // Byte (e mod per) of the element, least significant first.
              Value e = elementIndex(layout, k);
              Value byteIdx = arith::AndIOp::create(b, loc, e, cI32(per - 1));
              Value sh = arith::ShLIOp::create(b, loc, byteIdx, cI32(3));
              Type wt = w.getType();
              if (bits > 32)
                sh = arith::ExtUIOp::create(b, loc, wt, sh);
              else if (bits < 32)
                sh = arith::TruncIOp::create(b, loc, wt, sh);
              w = arith::ShRUIOp::create(b, loc, w, sh);
            }
            if (bits > 8)
              w = arith::TruncIOp::create(b, loc, b.getI8Type(), w);
            parts.push_back(w);
          }
          set(o, fromLanes(parts, lowered));
          return success();
        }
        // 4-bit and 1-bit elements: several elements per byte.
        unsigned per = 8 / bits;
        Type storage = storageType(elem);
        Value src = get(o.getSource());
        Value acc = cIntLike(lowered, 0);
        for (unsigned j = 0; j < per; ++j) {
          Value part = gather({{src, srcType}}, resShape, [&](Value e) -> Pick {
            Value base = arith::ShLIOp::create(b, loc, e, cI32(log2Exact(per)));
            return {Value(), arith::OrIOp::create(b, loc, base, cI32(j))};
          });
          if (mlir::getElementTypeOrSelf(part.getType()) != b.getI8Type()) {
            Type i8Like = lowered;
            part = arith::ExtUIOp::create(b, loc, i8Like, part);
          }
          (void)storage;
          part = arith::AndIOp::create(b, loc, part,
                                       cIntLike(lowered, (1 << bits) - 1));
          part = arith::ShLIOp::create(b, loc, part,
                                       cIntLike(lowered, j * bits));
          acc = arith::OrIOp::create(b, loc, acc, part);
        }
        set(o, acc);
        return success();
      })
      .Case([&](UnpackOp o) -> LogicalResult {
        auto srcType = cast<TileType>(o.getSource().getType());
        auto resType = cast<TileType>(o.getType());
        Type elem = resType.getElementType();
        unsigned bits = storageBits(elem);
        SmallVector<int64_t> resShape = shapeOf(o.getResult());
        Type lowered = loweredType(resType);
        Layout layout = layoutOf(resType);
        Value src = get(o.getSource());
        Type scalar = scalarType(elem);
        if (bits >= 8) {
          unsigned per = bits / 8;
          Type intTy = b.getIntegerType(bits);
          Type intLike = isa<VectorType>(lowered)
                             ? Type(VectorType::get(
                                   cast<VectorType>(lowered).getShape(), intTy))
                             : intTy;
          Value acc = cIntLike(intLike, 0);
          for (unsigned j = 0; j < per; ++j) {
            Value part =
                gather({{src, srcType}}, resShape, [&](Value e) -> Pick {
                  Value base = arith::MulIOp::create(b, loc, e, cI32(per));
                  return {Value(),
                          arith::AddIOp::create(b, loc, base, cI32(j))};
                });
            if (bits > 8)
              part = arith::ExtUIOp::create(b, loc, intLike, part);
            if (j)
              part = arith::ShLIOp::create(b, loc, part,
                                           cIntLike(intLike, 8 * j));
            acc = arith::OrIOp::create(b, loc, acc, part);
          }
          if (intLike != lowered)
            acc = arith::BitcastOp::create(b, loc, lowered, acc);
          set(o, acc);
          return success();
        }
        unsigned per = 8 / bits;
        Value bytes = gather({{src, srcType}}, resShape, [&](Value e) -> Pick {
          return {Value(),
                  arith::ShRUIOp::create(b, loc, e, cI32(log2Exact(per)))};
        });
        SmallVector<Value> parts;
        for (int64_t k = 0; k < layout.slots(); ++k) {
          Value e = elementIndex(layout, k);
          Value sub = arith::AndIOp::create(b, loc, e, cI32(per - 1));
          Value sh = arith::TruncIOp::create(
              b, loc, b.getI8Type(),
              arith::MulIOp::create(b, loc, sub, cI32(bits)));
          Value v = arith::ShRUIOp::create(b, loc, lane(bytes, k), sh);
          v = arith::AndIOp::create(b, loc, v, cIntLike(b.getI8Type(),
                                                        (1 << bits) - 1));
          if (scalar != v.getType())
            v = arith::TruncIOp::create(b, loc, scalar, v);
          parts.push_back(v);
        }
        set(o, fromLanes(parts, lowered));
        return success();
      })
      .Case([&](ReduceOp o) -> LogicalResult {
        return emitReduceOrScan(*this, o, o.getOperands(), o.getDim(),
                                o.getIdentities(), o.getBody(),
                                /*isScan=*/false, /*reverse=*/false);
      })
      .Case([&](ScanOp o) -> LogicalResult {
        return emitReduceOrScan(*this, o, o.getOperands(), o.getDim(),
                                o.getIdentities(), o.getBody(),
                                /*isScan=*/true, o.getReverse());
      })
      .Case([&](MmaFOp o) -> LogicalResult {
        FailureOr<bool> fast =
            emitTensorCoreMatmul(*this, o, o.getLhs(), o.getRhs(), o.getAcc());
        if (failed(fast) || *fast)
          return failure(failed(fast));
        MmaKind kind;
        Type accElem = elementTypeOf(o.getAcc());
        kind.accType = accElem.isF64() ? Type(b.getF64Type())
                                       : Type(b.getF32Type());
        return emitMatmul(*this, o, o.getLhs(), o.getRhs(), o.getAcc(), {}, {},
                          kind);
      })
      .Case([&](MmaIOp o) -> LogicalResult {
        FailureOr<bool> fast =
            emitTensorCoreMatmul(*this, o, o.getLhs(), o.getRhs(), o.getAcc());
        if (failed(fast) || *fast)
          return failure(failed(fast));
        MmaKind kind;
        kind.kind = MmaKind::Int;
        kind.accType = b.getI32Type();
        kind.lhsSigned = o.getSignednessLhs() == Signedness::Signed;
        kind.rhsSigned = o.getSignednessRhs() == Signedness::Signed;
        return emitMatmul(*this, o, o.getLhs(), o.getRhs(), o.getAcc(), {}, {},
                          kind);
      })
      .Case([&](MmaFScaledOp o) -> LogicalResult {
        remark(o, /*passed=*/false,
               "matmul on the scalar path (fma in K order): block-scaled, "
               "not rewritten by -cudatile-expand-scaled-matmuls");
        MmaKind kind;
        kind.accType = b.getF32Type();
        return emitMatmul(*this, o, o.getLhs(), o.getRhs(), o.getAcc(),
                          o.getLhsScale(), o.getRhsScale(), kind);
      })
      .Default([](Operation *) { return std::nullopt; });
}
