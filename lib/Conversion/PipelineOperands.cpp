//===- PipelineOperands.cpp - matmul operands through cp.async rings ------===//
//
//   for %iv ... iter_values(%acc) {
//     %a = load_view_tko weak %va[f(%iv)]      %b = load_view_tko weak %vb[...]
//     %r = mmaf %a, %b, %acc
//   }
//
// becomes, with S buffers per operand,
//
//   %ra = alloc_ring : ring<S, A>              %rb = alloc_ring : ring<S, B>
//   for s in 0 .. S-2: if (lb + s*step runs) { async_load A, B into slot s }
//                      async_commit
//   for %iv ... iter_values(%acc, %slot = 0) {
//     async_wait S-2                           // own group complete, CTA met
//     %r = mmaf ring_tile %ra[%slot], ring_tile %rb[%slot], %acc
//     async_load A, B into slot (slot-1) mod S if (iv + (S-1)*step runs)
//     async_commit
//     continue %r, (slot+1) mod S
//   }
//   async_wait 0
//
// Group accounting: before iteration k waits, S - 1 + k groups are
// committed and its own is number k, so S - 2 may still be in flight. The
// barrier after the wait also orders every thread's reads of the previous
// iteration's buffer before this iteration refills it. The refills are
// predicated: past the last iteration they zero-fill their buffers, and the
// wait after the loop sees them done before the memory is reused. They
// follow the matmul, which then starts right after the barrier; a loop
// with more matmuls (attention) refills before the first, where the fewest
// registers are live (and so does every loop under `refill-first`).
//
// On sm_90a, when every matmul of the loop will be wgmma, one that only
// accumulates (its result goes to the next iteration alone) may leave its
// last instructions in flight when an iteration ends (wgmma.wait_group 1):
// the rings then lag one buffer (S - 2 iterations ahead, refilling the
// buffer read two iterations back, async_wait S-3), and an mma_wait after
// the loop completes the result.
//
// On sm_90 and newer, when a tensor map can describe the view of an operand
// loaded in the body (TensorMapPlan), the stages get mbarriers: the copies
// name them (the code generator may make them TMA copies expecting their
// bytes there), each commit arrives on its stage's barrier, and each wait
// first waits for its stage's phase, whose parity the loop carries. The
// iteration then starts with a ring_release (the CTA has read the buffer
// to refill), refills, commits and waits last (async_wait S-1 released,
// S-2 with the lag): a copy that is late does not delay the next refill.
// Under `mbarrier-release`, where TMA makes every copy of the loop, the
// ring_release is per warp instead: from iteration 1 + lag on, each warp
// arrives on a per-warp barrier of the buffer the iteration refills, and a
// ring_acquire holds the refill (thread 0) until that phase completes.
// Under `tma-refill-after`, a loop with barriers and one matmul waits
// first (async_wait S-2 released), multiplies, then releases and refills
// the buffer the previous iteration read: no lag, S - 1 ahead (and the
// automatic depth no buffer for the lag).
//
// A loop with one matmul whose K step is too deep for two stages runs two
// or four times as many shallower steps where those get two stages
// (splitIterations; the matmul's instructions keep their order along K).
// A loop whose two stages do not fit but one does gets one buffer per ring:
// with several matmuls (attention) each matmul's operands load while the
// others compute; a single matmul waits for its copies (pipelineOneBuffer).
//
// Every matmul of the body gets rings for its operands loaded there (a rhs
// whose memory runs along K in transposed buffers: rows of K), so an
// attention loop's K and V share the stages. An operand loaded in front of
// the loop and used only by the matmul (attention's Q) is copied once into
// a one-buffer ring where it was loaded; that copy joins the first group.
//
//===----------------------------------------------------------------------===//

#include "CudaTileToNVVM/Codegen.h"
#include "cuda_tile/Codegen/CodegenDialect.h"
#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/Transforms/LoopPipelining.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILEPIPELINEOPERANDS
#include "cuda_tile/Conversion/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

namespace {

/// Operand bytes the stages ahead of the current one should hold: enough
/// for a 128x128x32 f16 GEMM step's copies to cover ~1500 cycles of memory
/// latency at the mma.sync rate (cuBLAS's sm_80 kernels for that tile use
/// 5 stages).
constexpr int64_t kBytesInFlight = 64 * 1024;
/// The same where cp.async copies them on a target without TMA: measured on
/// an H200 (sm_80 build, f16 GEMM 4096^3, 128x128x32 tiles), 2 stages ahead
/// ran at 50-51% of cuBLAS, 3 at 47-52%, 4 (64 KiB) at 42-44%, 5 and 6 at
/// 45-50%.
constexpr int64_t kBytesInFlightCpAsync = 32 * 1024;
/// The fewest buffers the cp.async default gives a ring that fits them: two
/// stages ahead (128x128x64 f16 keeps its 3 buffers; on the H200 above, 2
/// buffers ran 128x128x32 at 33-36% of cuBLAS against 45-52% with 3).
constexpr int64_t kMinStagesCpAsync = 3;
/// The same where a matmul's instructions stay in flight across iterations
/// (wgmma): measured on an H100 (sm_90a, TMA, f16 GEMM 4096^3), 96 KiB
/// ahead ran 128x256x64 tiles in 0.26 ms (0.31 ms with 48 KiB), 128x128x64
/// in 0.26 ms (0.27-0.29 ms with 32 and 64 KiB), 128x256x32 in 0.24 ms
/// (0.28 ms with 72 KiB).
constexpr int64_t kBytesInFlightAsync = 96 * 1024;
constexpr int64_t kMaxStages = 6;
/// Room a loop that takes the scratch's room leaves for its rings' mbarriers
/// and alignment.
constexpr int64_t kRingSlack = 2 * 1024;
/// Bytes ahead per unit of a load's `latency` hint (1: light DRAM traffic,
/// 10: heavy), which replaces the defaults above: 2 is the cp.async
/// default, 4 the TMA one, 6 the wgmma one.
constexpr int64_t kBytesInFlightPerLatency = 16 * 1024;

/// A matmul operand loaded in the loop body (or, loop-invariant, in front
/// of the loop), possibly reshaped on the way.
struct RingOperand {
  MovableLoad load;
  /// The reshapes between the load and the matmul, and at most one ftof
  /// from f32 to tf32 among them (`rounding`), the matmul's first.
  SmallVector<Operation *> between;
  /// The matmul's operand type.
  TileType tile;
  /// With an ftof to tf32 on the way, its rounding mode: the ring holds f32
  /// values and its reader rounds them.
  std::optional<RoundingMode> rounding;
  Operation *matmul = nullptr;
  unsigned index = 0; // 0: lhs, 1: rhs
  /// A rhs whose memory is contiguous along K: buffers of rows of K.
  bool transposed = false;
};

/// The CTAs of pipelined mma.sync GEMM `matmul` with `ringBytes` of rings
/// an SM of `target` holds: by threads and shared memory, and by the
/// registers of its accumulator and kMmaSyncRegisterMargin.
int64_t mmaSyncGemmCTAsPerSM(Operation *matmul, const Target &target,
                             int64_t ringBytes) {
  auto acc = cast<TileType>(matmul->getResult(0).getType());
  auto lhs = cast<TileType>(matmul->getOperand(0).getType());
  if (acc.getRank() != 2) // (batched: not paired)
    return 0;
  int64_t threads =
      32 * gemmMmaSyncWarps(acc,
                            KernelEmitter::storageBytes(lhs.getElementType()));
  int64_t needed =
      llvm::divideCeil(numElementsOf(acc) * KernelEmitter::storageBits(
                                                acc.getElementType()),
                       32 * threads) +
      kMmaSyncRegisterMargin;
  int64_t ctas = target.ctasPerSM(threads, ringBytes);
  while (ctas > 1 && registerCapOf(threads, ctas) < needed)
    --ctas;
  return ctas;
}

/// The optimization hint `key` of `load` for `target` (or its default), if
/// it has one of type `HintAttr`.
template <typename HintAttr>
HintAttr loadHint(LoadViewTkoOp load, const Target &target, StringRef key) {
  OptimizationHintsAttr hints = load.getOptimizationHintsAttr();
  return hints ? dyn_cast_if_present<HintAttr>(
                     hints.lookup(target.familyChip(), key))
               : HintAttr();
}

/// Whether `load`'s optimization hints say `allow_tma = false` for `target`:
/// its copies stay on cp.async.
bool tmaForbidden(LoadViewTkoOp load, const Target &target) {
  auto allow = loadHint<BoolAttr>(load, target, "allow_tma");
  return allow && !allow.getValue();
}

/// The `latency` optimization hint of `load` for `target`, if it has one.
std::optional<int64_t> latencyHint(LoadViewTkoOp load, const Target &target) {
  if (auto latency = loadHint<IntegerAttr>(load, target, "latency"))
    return latency.getInt();
  return std::nullopt;
}

/// A scalar tile<i32> constant.
Value constantI32(OpBuilder &b, Location loc, int64_t value) {
  auto type = RankedTensorType::get({}, b.getI32Type());
  return ConstantOp::create(b, loc,
                            DenseElementsAttr::get(type, APInt(32, value)));
}

/// A constant of the loop's induction variable type.
Value constantLike(OpBuilder &b, Location loc, Value like, int64_t value) {
  auto tile = cast<TileType>(like.getType());
  auto type = RankedTensorType::get({}, tile.getElementType());
  unsigned width = tile.getElementType().getIntOrFloatBitWidth();
  return ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, APInt(width, value)));
}

/// Whether `token` orders nothing: absent, from make_token, or a join of
/// such tokens. A copy into a ring does not wait for a token (the load it
/// replaces would have waited for the CTA's pending writes).
bool isFreshToken(Value token) {
  if (!token || token.getDefiningOp<MakeTokenOp>())
    return true;
  auto join = token.getDefiningOp<JoinTokensOp>();
  return join && llvm::all_of(join.getTokens(), isFreshToken);
}

struct PipelineOperandsPass
    : public cuda_tile::impl::CudaTilePipelineOperandsBase<
          PipelineOperandsPass> {
  using Base::Base;

  /// The load `operand` comes from, through single-use reshapes and ftofs
  /// from f32 to tf32 (one at most), as a movable load of `forOp`'s body or
  /// (with `invariant`) a load in front of the loop, in its block, with no
  /// memory write between the two.
  std::optional<RingOperand> operandLoad(ForOp forOp, Operation *matmul,
                                         unsigned index, bool invariant) {
    RingOperand found;
    found.matmul = matmul;
    found.index = index;
    found.tile = cast<TileType>(matmul->getOperand(index).getType());
    Value value = matmul->getOperand(index);
    while (Operation *def = value.getDefiningOp()) {
      auto reshape = dyn_cast<ReshapeOp>(def);
      auto ftof = dyn_cast<FToFOp>(def);
      if (ftof && (found.rounding ||
                   !isa<FloatTF32Type>(getElementTypeOrSelf(ftof.getTo())) ||
                   !getElementTypeOrSelf(ftof.getFrom()).isF32()))
        ftof = nullptr;
      if (!reshape && !ftof)
        break;
      if (!def->hasOneUse())
        return std::nullopt;
      found.between.push_back(def);
      if (ftof)
        found.rounding = ftof.getRoundingMode();
      value = def->getOperand(0);
    }
    Operation *def = value.getDefiningOp();
    if (!def || !value.hasOneUse())
      return std::nullopt;
    if (invariant) {
      auto load = dyn_cast<LoadViewTkoOp>(def);
      if (!load || load->getBlock() != forOp->getBlock() ||
          !load->isBeforeInBlock(forOp) ||
          load.getMemoryOrderingSemantics() != MemoryOrdering::Weak ||
          !load.getResultToken().use_empty() ||
          !noWritesBetween(load->getNextNode(), forOp))
        return std::nullopt;
      found.load.load = load;
    } else {
      std::optional<MovableLoad> load = matchMovableLoad(forOp, *def);
      if (!load)
        return std::nullopt;
      found.load = std::move(*load);
    }
    if (!isFreshToken(found.load.load.getToken()))
      return std::nullopt;
    if (index == 1)
      found.transposed = contiguousAlongRows(found.load.load, found.tile);
    // A lhs is copied as rows of K; one contiguous along M would be copied
    // element by element: leave it to the registers.
    if (index == 0 && contiguousAlongRows(found.load.load, found.tile))
      return std::nullopt;
    return found;
  }

  /// Whether the view `load` reads is contiguous in memory (static stride
  /// 1) along the matmul operand `tile`'s second-to-last dimension, the
  /// one its rows run along (K of a rhs, M of a lhs).
  static bool contiguousAlongRows(LoadViewTkoOp load, TileType tile) {
    ArrayRef<int32_t> dimMap;
    TensorViewType tv;
    Type viewType = load.getView().getType();
    if (auto p = dyn_cast<PartitionViewType>(viewType)) {
      dimMap = p.getDimMap();
      tv = p.getTensorView();
    } else if (auto st = dyn_cast<StridedViewType>(viewType)) {
      dimMap = st.getDimMap();
      tv = st.getTensorView();
    } else {
      return false;
    }
    // The view tile's dimension that the operand's second-to-last walks.
    ArrayRef<int64_t> shape = tile.getShape();
    int64_t d = walkingDimension(load.getTile().getType().getShape(),
                                 shape[shape.size() - 2], shape.back());
    return d >= 0 && tv.getStrides()[dimMap[d]] == 1;
  }

  /// Whether the tensor cores read both operands from rings: 16-bit values
  /// (ldmatrix, or wgmma on sm_90a) with shapes multiples of m16n8k16; tf32
  /// into f32 (m16n8k8, whose fragments counted in 32-bit words are the
  /// 8-bit ones: ldmatrix reads rows of K, scalar loads the rows of N of a B
  /// that is not transposed); 8-bit values, which are read K-major only
  /// (the caller checks that B's ring is transposed): i8 into i32
  /// (m16n8k32), fp8 into f32 (wgmma m64nNk32 on sm_90a, mma.sync m16n8k32
  /// from sm_89).
  static bool suitsTensorCores(Operation *matmul, const Target &target) {
    auto lhs = cast<TileType>(matmul->getOperand(0).getType());
    auto rhs = cast<TileType>(matmul->getOperand(1).getType());
    auto acc = cast<TileType>(matmul->getOperand(2).getType());
    Type a = lhs.getElementType(), c = acc.getElementType();
    if (a != rhs.getElementType())
      return false;
    int64_t rank = lhs.getRank();
    int64_t m = lhs.getShape()[rank - 2], k = lhs.getShape()[rank - 1];
    int64_t n = rhs.getShape()[rank - 1];
    if (isa<MmaIOp>(matmul))
      return a.isInteger(8) && c.isInteger(32) && rank == 2 && m % 16 == 0 &&
             k % 32 == 0 && n % 8 == 0;
    if (!fp8Name(a).empty())
      return c.isF32() && rank == 2 && k % 32 == 0 && n % 8 == 0 &&
             (target.hasWgmma() ? m % 64 == 0 : target.sm >= 89 && m % 16 == 0);
    if (isa<FloatTF32Type>(a))
      return c.isF32() && m % 16 == 0 && k % 8 == 0 && n % 8 == 0;
    if (!(a.isF16() || a.isBF16()) || !(c.isF32() || (a.isF16() && c.isF16())))
      return false;
    return m % 16 == 0 && k % 16 == 0 && n % 8 == 0;
  }


  /// Whether `forOp` runs its first iteration (lb < ub, compared as the
  /// loop compares; `upperBound`, when given, in place of the loop's).
  static Value firstIterationRuns(OpBuilder &b, Location loc, ForOp forOp,
                                  Value upperBound = {}) {
    return CmpIOp::create(
        b, loc, ComparisonPredicate::LessThan, forOp.getLowerBound(),
        upperBound ? upperBound : forOp.getUpperBound(),
        forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed);
  }

  /// The dimension of matmul operand `operand`'s tile that runs along K.
  static unsigned kDimension(const RingOperand &operand) {
    return operand.index == 0 ? 1 : 0;
  }

  /// The dimension of `shape` that runs along K of `operand` where `shape`
  /// is the matmul operand's after unit dimensions (which the reshapes on
  /// the way drop); -1 for any other shape.
  template <typename Dim>
  static int64_t kDimensionIn(ArrayRef<Dim> shape,
                              const RingOperand &operand) {
    ArrayRef<int64_t> operandShape = operand.tile.getShape();
    if (shape.size() < operandShape.size())
      return -1;
    size_t units = shape.size() - operandShape.size();
    if (llvm::any_of(shape.take_front(units), [](Dim d) { return d != 1; }) ||
        !llvm::equal(shape.drop_front(units), operandShape))
      return -1;
    return units + kDimension(operand);
  }

  /// The dimension of the view tile `operand` loads that runs along K.
  static int64_t viewKDimension(const RingOperand &operand,
                                MakePartitionViewOp view) {
    return kDimensionIn(
        cast<PartitionViewType>(view.getType()).getTileShape().asArrayRef(),
        operand);
  }

  /// Whether `forOp` is a K loop whose steps may be regrouped: its one
  /// matmul (rank 2, accumulating into the loop's only result and going
  /// only there) reads both operands from the body's loads (`loaded`;
  /// nothing loop-invariant), the loop counts from a constant that is not
  /// negative in steps of 1, the body holds only the loads, their index
  /// computation, the reshapes and conversion on the way and the matmul,
  /// and each load reads a partition view made outside the loop whose tile
  /// is the operand (after unit dimensions), at the induction variable
  /// along K and loop-invariant indices elsewhere.
  bool isKStepLoop(ForOp forOp, ArrayRef<RingOperand> loaded,
                   ArrayRef<RingOperand> invariant) {
    if (loaded.size() != 2 || !invariant.empty())
      return false;
    Operation *matmul = loaded[0].matmul;
    Value result = matmul->getResult(0);
    if (loaded[1].matmul != matmul || !result.hasOneUse() ||
        result.getUses().begin()->getOwner() !=
            forOp.getRegion().front().getTerminator() ||
        cast<TileType>(matmul->getOperand(0).getType()).getRank() != 2)
      return false;
    std::optional<APInt> step = getSplatInt(forOp.getStep());
    std::optional<APInt> lb = getSplatInt(forOp.getLowerBound());
    Block *body = &forOp.getRegion().front();
    if (!step || !step->isOne() || !lb || lb->isNegative() ||
        forOp.getNumResults() != 1 ||
        matmul->getOperand(2) != body->getArgument(1))
      return false;
    llvm::SmallPtrSet<Operation *, 32> known{matmul};
    for (const RingOperand &operand : loaded) {
      LoadViewTkoOp load = operand.load.load;
      auto view = load.getView().getDefiningOp<MakePartitionViewOp>();
      if (!view || forOp->isAncestor(view))
        return false;
      int64_t k = viewKDimension(operand, view);
      if (k < 0 || llvm::any_of(operand.between, [&](Operation *op) {
            return kDimensionIn(
                       cast<TileType>(op->getResult(0).getType()).getShape(),
                       operand) < 0;
          }))
        return false;
      for (auto [i, index] : llvm::enumerate(load.getIndex())) {
        bool inLoop = forOp.getRegion().isAncestor(index.getParentRegion());
        if (int64_t(i) == k ? index != forOp.getInductionVar() : inLoop)
          return false;
      }
      known.insert(operand.load.slice.begin(), operand.load.slice.end());
      known.insert(operand.between.begin(), operand.between.end());
      known.insert(load);
    }
    return llvm::all_of(body->without_terminator(),
                        [&](Operation &op) { return known.contains(&op); });
  }

  /// Whether the stages of `forOp` should hold two iterations each: a K
  /// step loop (isKStepLoop) from an even constant whose loads feed the
  /// matmul directly, whose matmul stays in flight across iterations
  /// (`deferred`: wgmma, whose per-iteration wait, barrier and refill then
  /// come once per two steps) and whose K step is under 128 bytes (a row of
  /// the 128-byte swizzle, the 64 16-bit values of cuBLAS's and Triton's K
  /// step): tiles 2j and 2j + 1 along K are then tile j of the view twice
  /// as deep.
  /// A matmul that does not stay in flight (mma.sync) qualifies only with
  /// `mmaSync`.
  bool shouldPairIterations(ForOp forOp, ArrayRef<RingOperand> loaded,
                            ArrayRef<RingOperand> invariant,
                            ArrayRef<Operation *> deferred, bool mmaSync) {
    if (!pairKSteps || numStages ||
        (deferred.size() != 1 && (!deferred.empty() || !mmaSync)) ||
        !isKStepLoop(forOp, loaded, invariant) ||
        (*getSplatInt(forOp.getLowerBound()))[0])
      return false;
    auto lhs = cast<TileType>(loaded[0].matmul->getOperand(0).getType());
    return lhs.getShape().back() *
                   KernelEmitter::storageBytes(lhs.getElementType()) <
               128 &&
           llvm::all_of(loaded, [](const RingOperand &operand) {
             return operand.between.empty();
           });
  }

  /// Whether `forOp`, a K step loop (isKStepLoop), may run `parts` times
  /// as many steps, each multiplying a part of the K step that stays at
  /// least 64 bytes deep: the K tile divides into them, and `parts` times
  /// the upper bound does not wrap (its range, which the facts of the
  /// kernel bound, such as cuTile's `cdiv(K, tile)`).
  bool shouldSplitIterations(ForOp forOp, ArrayRef<RingOperand> loaded,
                             ArrayRef<RingOperand> invariant, int64_t parts) {
    if (!isKStepLoop(forOp, loaded, invariant))
      return false;
    auto lhs = cast<TileType>(loaded[0].matmul->getOperand(0).getType());
    int64_t k = lhs.getShape().back();
    if (k % parts ||
        k / parts * KernelEmitter::storageBytes(lhs.getElementType()) < 64)
      return false;
    unsigned width = getIntWidth(forOp.getUpperBound().getType());
    APInt limit = APInt::getSignedMaxValue(width).udiv(parts);
    IntegerFacts facts;
    return facts.getRange(forOp.getUpperBound()).getUnsignedMax().ule(limit) &&
           getSplatInt(forOp.getLowerBound())->ule(limit);
  }

  /// The operands `loaded` of `forOp`'s matmul, as loads of partition views
  /// like theirs (made beside them) whose tiles are `kScale` times as deep
  /// along K (a fraction: `kScale` / `kDivisor`), at index `kIndex` along K;
  /// the reshapes and conversion on the way follow them, and a copy of the
  /// matmul multiplies the results. The old loads and matmul go.
  void retileAlongK(ForOp forOp, SmallVectorImpl<RingOperand> &loaded,
                    int64_t kScale, int64_t kDivisor, Value kIndex) {
    Location loc = forOp.getLoc();
    MLIRContext *ctx = forOp.getContext();
    Operation *matmul = loaded.front().matmul;
    OpBuilder inBody(matmul);
    auto scaled = [&](TileType type, int64_t k) {
      SmallVector<int64_t> shape(type.getShape());
      shape[k] = shape[k] * kScale / kDivisor;
      return TileType::get(shape, type.getElementType());
    };
    SmallVector<Value, 2> retiled(2);
    SmallVector<MovableLoad> old;
    SmallVector<Operation *> oldBetween;
    for (RingOperand &operand : loaded) {
      LoadViewTkoOp load = operand.load.load;
      auto view = load.getView().getDefiningOp<MakePartitionViewOp>();
      auto viewType = cast<PartitionViewType>(view.getType());
      int64_t k = viewKDimension(operand, view);
      SmallVector<int32_t> shape(viewType.getTileShape().asArrayRef());
      shape[k] = shape[k] * kScale / kDivisor;
      auto retiledType = PartitionViewType::get(
          ctx, DenseI32ArrayAttr::get(ctx, shape), viewType.getTensorView(),
          viewType.getDimMap(), viewType.getPaddingValue());
      OpBuilder atView(view->getNextNode());
      Value retiledView = MakePartitionViewOp::create(
          atView, loc, retiledType, view.getTensorView());
      SmallVector<Value> indices(load.getIndex());
      indices[k] = kIndex;
      auto copy = cast<LoadViewTkoOp>(inBody.clone(*load));
      copy.getViewMutable().assign(retiledView);
      copy.getIndexMutable().assign(indices);
      copy.getTile().setType(
          scaled(cast<TileType>(load.getTile().getType()), k));
      Value value = copy.getTile();
      // The reshapes (and conversion) on the way, from the load on.
      SmallVector<Operation *> between;
      for (Operation *op : llvm::reverse(operand.between)) {
        Operation *clone = inBody.clone(*op);
        clone->setOperand(0, value);
        auto type = cast<TileType>(clone->getResult(0).getType());
        clone->getResult(0).setType(
            scaled(type, kDimensionIn(type.getShape(), operand)));
        between.insert(between.begin(), clone);
        value = clone->getResult(0);
      }
      retiled[operand.index] = value;
      old.push_back(operand.load);
      llvm::append_range(oldBetween, operand.between);
      operand.between = std::move(between);
      operand.tile = cast<TileType>(value.getType());
      operand.load.load = copy;
    }
    Operation *retiledMatmul = inBody.clone(*matmul);
    retiledMatmul->setOperand(0, retiled[0]);
    retiledMatmul->setOperand(1, retiled[1]);
    matmul->replaceAllUsesWith(retiledMatmul);
    matmul->erase();
    // (Each operand's reshapes from the matmul's side: users first.)
    for (Operation *op : oldBetween)
      op->erase();
    for (MovableLoad &load : old)
      load.load.erase();
    eraseUnusedSlices(old);
    for (RingOperand &operand : loaded) {
      std::optional<MovableLoad> load =
          matchMovableLoad(forOp, *operand.load.load);
      assert(load && "a load of a view made outside the loop is movable");
      operand.load = std::move(*load);
      operand.matmul = retiledMatmul;
      if (operand.index == 1)
        operand.transposed =
            contiguousAlongRows(operand.load.load, operand.tile);
    }
  }

  /// `forOp` (as shouldPairIterations accepts it) as a loop over pairs of
  /// its iterations, from lb while iv + 1 < ub in steps of 2, whose matmul
  /// reads the tiles of both: tile iv / 2 of views twice as deep along K
  /// (made beside the loads' views). `loaded` becomes those loads. The
  /// last iteration of an odd count is the caller's (the first half of the
  /// next pair's tiles).
  ForOp pairIterations(ForOp forOp, SmallVectorImpl<RingOperand> &loaded) {
    Location loc = forOp.getLoc();
    OpBuilder b(forOp);
    Value lb = forOp.getLowerBound(), one = forOp.getStep();
    // (ub - 1 does not wrap where the loop runs.)
    Value pairsEnd = SelectOp::create(
        b, loc, firstIterationRuns(b, loc, forOp),
        SubIOp::create(b, loc, forOp.getUpperBound(), one), lb);
    Value two = AddIOp::create(b, loc, one, one);
    auto pairs =
        ForOp::create(b, loc, forOp.getResultTypes(), lb, pairsEnd, two,
                      forOp.getInitValues(), forOp.getUnsignedCmpAttr());
    pairs->setAttrs(forOp->getAttrs());
    pairs.getRegion().takeBody(forOp.getRegion());
    forOp->replaceAllUsesWith(pairs);
    forOp.erase();

    // (lb is even and not negative: so is every iv.)
    OpBuilder inBody(loaded.front().matmul);
    Value pair = ShRIOp::create(inBody, loc, pairs.getInductionVar(), one,
                                Signedness::Unsigned);
    retileAlongK(pairs, loaded, /*kScale=*/2, /*kDivisor=*/1, pair);
    ++numPairedLoops;
    return pairs;
  }

  /// `forOp` (as shouldSplitIterations accepts it for `parts`) as a loop
  /// from lb * parts to ub * parts whose step j multiplies tile j of views
  /// `parts` times shallower along K (made beside the loads' views): the
  /// steps of iteration iv multiply the parts of its tiles in the order of
  /// K, as the one matmul's instructions did. `loaded` becomes those loads.
  ForOp splitIterations(ForOp forOp, SmallVectorImpl<RingOperand> &loaded,
                        int64_t parts) {
    Location loc = forOp.getLoc();
    OpBuilder b(forOp);
    Value factor = constantLike(b, loc, forOp.getUpperBound(), parts);
    Value lb = MulIOp::create(b, loc, forOp.getLowerBound(), factor);
    Value ub = MulIOp::create(b, loc, forOp.getUpperBound(), factor);
    auto steps = ForOp::create(b, loc, forOp.getResultTypes(), lb, ub,
                               forOp.getStep(), forOp.getInitValues(),
                               forOp.getUnsignedCmpAttr());
    steps->setAttrs(forOp->getAttrs());
    steps.getRegion().takeBody(forOp.getRegion());
    forOp->replaceAllUsesWith(steps);
    forOp.erase();
    retileAlongK(steps, loaded, /*kScale=*/1, parts, steps.getInductionVar());
    ++numSplitLoops;
    return steps;
  }

  static RingType ringTypeOf(MLIRContext *ctx, int64_t stages,
                             const RingOperand &operand) {
    TileType tile = operand.tile;
    if (operand.rounding)
      tile = TileType::get(tile.getShape(), Float32Type::get(ctx));
    return RingType::get(ctx, stages, tile, operand.transposed);
  }

  /// The bytes of one buffer of `operand`'s ring.
  static int64_t tileBytes(const RingOperand &operand) {
    return ringTypeOf(operand.tile.getContext(), 1, operand).getSlotBytes();
  }

  /// Issues, where `cond` holds (always without it), the loads of
  /// `operands` for iteration value `iv` into buffer `slot` of their rings
  /// (on `barriers` unless the load forbids TMA): `predicated` copies, whose
  /// index computation runs either way, or copies under an `if`.
  void loadIf(OpBuilder &b, Location loc, Value cond, bool predicated,
              ForOp forOp, Value iv, ArrayRef<RingOperand *> operands,
              ArrayRef<Value> rings, Value slot, Value barriers,
              const Target &target) {
    OpBuilder::InsertionGuard guard(b);
    if (!predicated && cond) {
      auto ifOp = IfOp::create(b, loc, TypeRange{}, cond);
      b.setInsertionPointToStart(&ifOp.getThenRegion().emplaceBlock());
      YieldOp::create(b, loc, ValueRange{});
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    }
    for (auto [operand, ring] : llvm::zip(operands, rings)) {
      MovableLoad::Operands operands =
          cloneOperandsAt(b, forOp, operand->load, iv);
      LoadViewTkoOp load = operand->load.load;
      AsyncLoadOp::create(b, load.getLoc(), operands.view, operands.indices,
                          ring, slot,
                          tmaForbidden(load, target) ? Value() : barriers,
                          predicated ? cond : Value(),
                          TypeAttr::get(load.getTile().getType()));
    }
  }

  /// The matmul operand `operand` reads the ring buffer `slot`; its load,
  /// reshapes and conversion go. `rounded`: a ring_round has rounded the
  /// buffer to the operand's tf32 values.
  static void readFromRing(OpBuilder &b, Location loc, RingOperand &operand,
                           Value ring, Value slot, bool rounded = false) {
    RoundingModeAttr rounding;
    if (operand.rounding && !rounded)
      rounding = RoundingModeAttr::get(b.getContext(), *operand.rounding);
    operand.matmul->setOperand(
        operand.index,
        RingTileOp::create(b, loc, operand.tile, ring, slot, rounding));
    for (Operation *op : operand.between)
      op->erase();
    operand.load.load.erase();
  }

  /// The matmuls of `forOp`'s body that may leave their last tensor-core
  /// instructions in flight when an iteration ends (mma_wait after the
  /// loop): on sm_90a, when every matmul reading the rings of `loaded`
  /// will be wgmma (both operands loaded into rings in the body), those
  /// whose result only goes to the next iteration. Empty otherwise.
  static SmallVector<Operation *>
  deferrableMatmuls(ForOp forOp, ArrayRef<RingOperand> loaded,
                    const Target &target) {
    if (!target.hasWgmma())
      return {};
    // The matmuls in body order, each with its operands (lhs first).
    llvm::MapVector<Operation *, SmallVector<const RingOperand *, 2>>
        byMatmul;
    for (const RingOperand &operand : loaded)
      byMatmul[operand.matmul].push_back(&operand);
    SmallVector<Operation *> deferred;
    Operation *terminator = forOp.getRegion().front().getTerminator();
    for (auto &[matmul, operands] : byMatmul) {
      if (operands.size() != 2 ||
          !wgmmaShapeObstacle(matmul, target, /*lhsInRing=*/true,
                              operands[1]->transposed)
               .empty())
        return {};
      // (f32 accumulators: mma_wait ties them through the wait one by one;
      // promoted fp8 waits every instruction.)
      Value result = matmul->getResult(0);
      auto mmaf = dyn_cast<MmaFOp>(matmul);
      if (result.hasOneUse() &&
          result.getUses().begin()->getOwner() == terminator &&
          cast<TileType>(result.getType()).getElementType().isF32() && mmaf &&
          (mmaf.getFastAcc() ||
           fp8Name(cast<TileType>(mmaf.getLhs().getType()).getElementType())
               .empty()))
        deferred.push_back(matmul);
    }
    return deferred;
  }

  /// Copies the loop-invariant operands `invariant` of `forOp`, as the
  /// `budget` allows beyond the `used` bytes (which grow), once where they
  /// were loaded into one-buffer rings, in the group of the first
  /// iteration's copies (their uses wait for that group; with barriers,
  /// for the first stage's). With `barrierStages`, first allocates that
  /// many stage barriers (`barriers`). Returns the operands copied.
  SmallVector<RingOperand *>
  copyInvariantOnce(ForOp forOp, MutableArrayRef<RingOperand> invariant,
                    int64_t &used, int64_t budget, int64_t barrierStages,
                    Value &barriers, const Target &target) {
    Location loc = forOp.getLoc();
    MLIRContext *ctx = forOp.getContext();
    SmallVector<RingOperand *> once;
    for (RingOperand &operand : invariant) {
      if (used + tileBytes(operand) > budget)
        continue;
      used += tileBytes(operand);
      once.push_back(&operand);
    }
    Operation *first = forOp;
    for (RingOperand *operand : once)
      if (operand->load.load->isBeforeInBlock(first))
        first = operand->load.load;
    // Inside another loop this one runs again: every thread must have left
    // its previous run (the last reads of the buffers, the last waits on
    // the barriers) before the barriers are initialized and copies start.
    if (forOp->getParentOfType<ForOp>() || forOp->getParentOfType<LoopOp>()) {
      OpBuilder b(first);
      RingReleaseOp::create(b, loc);
    }
    // The barriers come before the first copy that names them.
    if (barrierStages) {
      OpBuilder b(first);
      barriers = AllocMBarriersOp::create(
          b, loc, MBarriersType::get(ctx, barrierStages));
      ++numTmaLoops;
    }
    for (RingOperand *operand : once) {
      LoadViewTkoOp load = operand->load.load;
      OpBuilder b(load);
      Value ring = AllocRingOp::create(b, loc, ringTypeOf(ctx, 1, *operand));
      Value zero = constantI32(b, loc, 0);
      AsyncLoadOp::create(b, load.getLoc(), load.getView(), load.getIndex(),
                          ring, zero,
                          tmaForbidden(load, target) ? Value() : barriers,
                          Value(), TypeAttr::get(load.getTile().getType()));
      readFromRing(b, loc, *operand, ring, zero);
      ++numRings;
    }
    return once;
  }

  /// Rings of one buffer for a loop whose two stages do not fit `room`
  /// bytes but one does. With several matmuls reading them (attention:
  /// Q K^T, then P V), each matmul's operands are copied while the others
  /// compute:
  ///
  ///   copy K(lb); commit                   // every ring but the last's
  ///   for %iv {
  ///     async_wait 0                       // K(iv) landed, the CTA met
  ///     copy V(iv); commit                 // the last matmul's rings
  ///     S = mmaf Q, K ...
  ///     async_wait 0                       // V(iv) landed, K read
  ///     copy K(iv + step) if it runs; commit
  ///     O = mmaf P, V ...
  ///   }
  ///   async_wait 0
  ///
  /// Before each matmul the wait's barrier also orders every thread's reads
  /// of the rings the copies then refill (the previous matmul's). cp.async
  /// only: the waits see every group of the thread complete.
  ///
  /// A loop with one matmul (a GEMM whose K step is too deep for two
  /// stages) has nothing to overlap its copies with, but still reads its
  /// operands from shared memory rather than through registers:
  ///
  ///   copy A(lb), B(lb); commit
  ///   for %iv {
  ///     async_wait 0                       // A(iv), B(iv) landed
  ///     C = mmaf A, B, C
  ///     async_wait 0                       // the CTA has read them
  ///     copy A(iv + step), B(iv + step) if it runs; commit
  ///   }
  ///   async_wait 0
  int64_t pipelineOneBuffer(ForOp forOp, MutableArrayRef<RingOperand> loaded,
                            MutableArrayRef<RingOperand> invariant,
                            int64_t room, const Target &target) {
    // The matmuls in body order, each with its ring operands.
    llvm::MapVector<Operation *, SmallVector<RingOperand *, 2>> byMatmul;
    int64_t used = 0;
    for (RingOperand &operand : loaded) {
      byMatmul[operand.matmul].push_back(&operand);
      used += tileBytes(operand);
    }
    if (used + kRingSlack > room)
      return 0;
    Location loc = forOp.getLoc();
    MLIRContext *ctx = forOp.getContext();
    Value noBarriers;
    copyInvariantOnce(forOp, invariant, used, room - kRingSlack,
                      /*barrierStages=*/0, noBarriers, target);

    OpBuilder b(forOp);
    SmallVector<SmallVector<Value, 2>> rings;
    for (auto &entry : byMatmul) {
      rings.emplace_back();
      for (RingOperand *operand : entry.second)
        rings.back().push_back(
            AllocRingOp::create(b, loc, ringTypeOf(ctx, 1, *operand)));
    }
    Value zero = constantI32(b, loc, 0);
    size_t last = byMatmul.size() - 1;
    Value runs = firstIterationRuns(b, loc, forOp);
    for (size_t j = 0; j < std::max<size_t>(last, 1); ++j)
      loadIf(b, loc, runs, /*predicated=*/false, forOp, forOp.getLowerBound(),
             byMatmul.begin()[j].second, rings[j], zero, Value(), target);
    AsyncCommitOp::create(b, loc, Value(), Value());

    // Every copy is cloned from its load before any load goes.
    Value iv = forOp.getInductionVar();
    auto copyNext = [&](size_t j) {
      Value at = AddIOp::create(b, loc, iv, forOp.getStep());
      loadIf(b, loc, iterationRuns(b, loc, forOp, iv, at), /*predicated=*/true,
             forOp, at, byMatmul.begin()[j].second, rings[j], zero, Value(),
             target);
      AsyncCommitOp::create(b, loc, Value(), Value());
    };
    for (size_t j = 0; j <= last; ++j) {
      b.setInsertionPoint(byMatmul.begin()[j].first);
      AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0), Value(), Value(),
                          Value());
      if (last == 0) {
        b.setInsertionPointAfter(byMatmul.begin()[j].first);
        AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0), Value(), Value(),
                            Value());
        copyNext(j);
        continue;
      }
      // Before the first matmul, the last one's operands of this
      // iteration; before the others, the previous one's of the next.
      if (j) {
        copyNext(j - 1);
        continue;
      }
      loadIf(b, loc, Value(), /*predicated=*/true, forOp, iv,
             byMatmul.begin()[last].second, rings[last], zero, Value(),
             target);
      AsyncCommitOp::create(b, loc, Value(), Value());
    }
    SmallVector<MovableLoad> slices;
    for (auto [entry, matmulRings] : llvm::zip(byMatmul, rings)) {
      b.setInsertionPoint(entry.first);
      for (auto [operand, ring] : llvm::zip(entry.second, matmulRings)) {
        slices.push_back(operand->load);
        readFromRing(b, loc, *operand, ring, zero);
      }
    }
    eraseUnusedSlices(slices);
    b.setInsertionPointAfter(forOp);
    AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0), Value(), Value(),
                        Value());
    numRings += loaded.size();
    return used;
  }

  /// After a loop over pairs of steps (pairIterations) whose count of steps
  /// from lb to `stepsEnd` is odd, the last step (stepsEnd - 1): its
  /// operands are the first half along K of the tiles of the stage after
  /// the loop's last (buffer `slot`, the loop's result after its
  /// `numResults`, whose group may have `ahead - 1` more after it),
  /// multiplied onto `acc` by a copy of the loop's matmul. `acc`'s later
  /// uses take the result.
  void multiplyLastOfOddCount(OpBuilder &b, ForOp pairs, unsigned numResults,
                              Value stepsEnd, Value acc, int64_t ahead,
                              Value barriers,
                              ArrayRef<RingOperand *> operands,
                              ArrayRef<Value> rings) {
    Location loc = pairs.getLoc();
    Value lb = pairs.getLowerBound();
    Value one = constantLike(b, loc, lb, 1);
    Value lowBit = AndIOp::create(b, loc, SubIOp::create(b, loc, stepsEnd, lb),
                                  one);
    Value odd = CmpIOp::create(b, loc, ComparisonPredicate::Equal, lowBit, one,
                               Signedness::Signed);
    Value runs = AndIOp::create(
        b, loc, firstIterationRuns(b, loc, pairs, stepsEnd), odd);
    auto tail = IfOp::create(b, loc, TypeRange{acc.getType()}, runs);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&tail.getThenRegion().emplaceBlock());
      Value slot = pairs->getResult(numResults);
      Value parity = barriers ? pairs->getResult(numResults + 1) : Value();
      AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(ahead - 1), barriers,
                          barriers ? slot : Value(), parity, UnitAttr());
      Operation *matmul = operands.front()->matmul;
      IRMapping halves;
      for (auto [operand, ring] : llvm::zip(operands, rings)) {
        SmallVector<int64_t> shape(operand->tile.getShape());
        shape[kDimension(*operand)] /= 2;
        halves.map(matmul->getOperand(operand->index),
                   RingTileOp::create(
                       b, loc,
                       TileType::get(shape, operand->tile.getElementType()),
                       ring, slot, RoundingModeAttr()));
      }
      halves.map(matmul->getOperand(2), acc);
      Operation *last = b.clone(*matmul, halves);
      YieldOp::create(b, loc, last->getResult(0));
      b.setInsertionPointToStart(&tail.getElseRegion().emplaceBlock());
      YieldOp::create(b, loc, acc);
    }
    acc.replaceUsesWithIf(tail.getResult(0), [&](OpOperand &use) {
      return !tail->isAncestor(use.getOwner());
    });
  }

  /// Rings for the suitable matmuls of `forOp`'s body within `budget`
  /// bytes: S-stage rings for the operands loaded in the body, one-buffer
  /// rings filled once for loop-invariant ones. A loop that would get fewer
  /// than two stages may take two from `reserve` more bytes (the scratch
  /// buffer's room: the emitter's layout exchanges then work in smaller
  /// chunks or fall back, and a GEMM's epilogue regroups through the idle
  /// rings).
  /// Returns the bytes used.
  int64_t pipeline(ForOp forOp, int64_t budget, int64_t reserve,
                   const Target &target) {
    if (!loopAllowsLoadMotion(forOp))
      return 0;
    Block *body = &forOp.getRegion().front();
    SmallVector<RingOperand> loaded, invariant;
    for (Operation &op : body->without_terminator()) {
      if (!isa<MmaFOp, MmaIOp>(op) || !suitsTensorCores(&op, target) ||
          op.getOperand(0) == op.getOperand(1))
        continue;
      SmallVector<RingOperand> inBody, before;
      for (unsigned index : {0u, 1u}) {
        if (auto in = operandLoad(forOp, &op, index, /*invariant=*/false))
          inBody.push_back(std::move(*in));
        else if (auto out = operandLoad(forOp, &op, index, /*invariant=*/true))
          before.push_back(std::move(*out));
      }
      // 8-bit values: both operands loaded in the body, in rings of rows of
      // K (no loop-invariant ring: the budget could leave it out, and
      // mma.sync cannot read the other from a ring; ldmatrix.trans moves
      // 16-bit values, so B must be K-major).
      if (KernelEmitter::storageBytes(
              cast<TileType>(op.getOperand(0).getType()).getElementType()) ==
          1) {
        if (inBody.size() != 2 || !inBody[1].transposed)
          continue;
        before.clear();
      }
      for (RingOperand &o : inBody)
        loaded.push_back(std::move(o));
      for (RingOperand &o : before)
        invariant.push_back(std::move(o));
    }
    if (loaded.empty())
      return 0;
    int64_t stageBytes = 0;
    for (const RingOperand &operand : loaded)
      stageBytes += tileBytes(operand);
    SmallVector<Operation *> deferred = deferrableMatmuls(forOp, loaded, target);
    // The operands share the stages: the heaviest traffic a load's hint
    // announces sets the bytes ahead.
    std::optional<int64_t> latency;
    for (const RingOperand &operand : loaded)
      if (std::optional<int64_t> hint = latencyHint(operand.load.load, target))
        latency = std::max(latency.value_or(0), *hint);
    bool cpAsyncOnly = !tma || !target.hasTma();
    int64_t inFlight = latency           ? *latency * kBytesInFlightPerLatency
                       : !deferred.empty() ? kBytesInFlightAsync
                       : cpAsyncOnly       ? kBytesInFlightCpAsync
                                           : kBytesInFlight;
    // With a matmul's last instructions in flight across the iteration's
    // end, the copies refill the buffer read two iterations back: one
    // buffer more than the stages ahead.
    int64_t wantedAhead = 0;
    // Stages or buffers the options name may also take the scratch's room.
    int64_t requestedRoom = std::max(budget, budget + reserve - kRingSlack);
    auto stagesOf = [&](int64_t bytes) {
      wantedAhead = llvm::divideCeilSigned(inFlight, bytes);
      int64_t stages = numStages ? int64_t(numStages)
                                 : (deferred.empty() ? 1 : 2) + wantedAhead;
      if (!numStages && !latency && deferred.empty() && cpAsyncOnly)
        stages = std::max(stages, kMinStagesCpAsync);
      stages = std::min(stages, (numStages ? requestedRoom : budget) / bytes);
      if (stages < 2 && !numStages &&
          2 * bytes + kRingSlack <= budget + reserve)
        stages = 2;
      if (!numStages)
        stages = std::min(stages, kMaxStages);
      return stages;
    };
    // Two iterations a stage where the matmul stays in flight across
    // iterations (three stages at least, as the lag needs), and where
    // cp.async fills the rings of a 16-bit mma.sync matmul: two buffers,
    // the next pair's copies started before the matmul (measured on an
    // H200, sm_80 build, 128x128x32 f16 and bf16: 49% of cuBLAS at 8192^3
    // and 50-57% at 4096^3, against 45-46% and 49-54% with one step in each
    // of three buffers; three buffers of pairs 44-51%; 128x256x32 f16, one
    // CTA of 8 warps an SM either way: 10-13% faster), where an SM keeps
    // as many CTAs as with single steps (not on GPUs with 100 KiB, whose
    // two CTAs of 128x128x32 would become one). pair-mma-sync-k-steps sets
    // the buffers of any mma.sync pairs.
    Value stepsEnd = forOp.getUpperBound();
    int64_t mmaSyncBuffers = pairMmaSyncSteps;
    if (!mmaSyncBuffers && cpAsyncOnly && !latency &&
        KernelEmitter::storageBytes(loaded.front().tile.getElementType()) ==
            2) {
      Operation *matmul = loaded.front().matmul;
      if (mmaSyncGemmCTAsPerSM(matmul, target, 2 * 2 * stageBytes) >=
          mmaSyncGemmCTAsPerSM(matmul, target,
                               stagesOf(stageBytes) * stageBytes))
        mmaSyncBuffers = 2;
    }
    bool paired = shouldPairIterations(forOp, loaded, invariant, deferred,
                                       mmaSyncBuffers > 0) &&
                  (deferred.empty()
                       ? 2 * stageBytes * mmaSyncBuffers <=
                             (pairMmaSyncSteps ? requestedRoom : budget)
                       : stagesOf(2 * stageBytes) >= 3);
    if (paired) {
      stageBytes *= 2;
      forOp = pairIterations(forOp, loaded);
      if (!deferred.empty())
        deferred.assign({loaded.back().matmul});
    }
    int64_t stages = paired && deferred.empty() ? mmaSyncBuffers
                                                : stagesOf(stageBytes);
    // A K step too deep for two stages: split into steps that get two, so
    // that copies overlap the matmul (one buffer serializes them).
    for (int64_t parts : {2, 4}) {
      if (paired || numStages || stages >= 2 ||
          !shouldSplitIterations(forOp, loaded, invariant, parts) ||
          stagesOf(stageBytes / parts) < 2)
        continue;
      forOp = splitIterations(forOp, loaded, parts);
      stepsEnd = forOp.getUpperBound();
      stageBytes /= parts;
      deferred = deferrableMatmuls(forOp, loaded, target);
      stages = stagesOf(stageBytes);
    }
    if (stages < 2)
      return numStages ? 0
                       : pipelineOneBuffer(forOp, loaded, invariant,
                                           budget + reserve, target);
    Location loc = forOp.getLoc();
    MLIRContext *ctx = forOp.getContext();
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound();
    Value step = forOp.getStep();
    Signedness signedness =
        forOp.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;

    // TMA where a tensor map describes one of the body's views (decided
    // before the IR changes: the facts are memoized).
    bool withBarriers = false, allTma = true;
    if (tma && target.hasTma()) {
      IntegerFacts facts;
      for (const RingOperand &operand : loaded) {
        std::string whyNot;
        LoadViewTkoOp load = operand.load.load;
        bool described =
            !tmaForbidden(load, target) &&
            succeeded(TensorMapPlan::of(
                load.getView(), cast<TileType>(load.getTile().getType()),
                ringTypeOf(ctx, stages, operand), target, facts, whyNot));
        withBarriers |= described;
        allTma &= described;
      }
    }
    llvm::SmallPtrSet<Operation *, 2> matmuls;
    for (const RingOperand &operand : loaded)
      matmuls.insert(operand.matmul);
    // Refilled after its one matmul, a TMA loop refills the buffer the
    // previous iteration read, which the matmul's wait (wgmma.wait_group 1
    // where it stays in flight) has released: no lag.
    bool refillAfter = tmaRefillAfter && withBarriers && matmuls.size() == 1;
    // Nor the lag's buffer: the automatic depth keeps the bytes ahead.
    if (refillAfter && !numStages && !deferred.empty())
      stages = std::min(stages, 1 + wantedAhead);
    int64_t lag = refillAfter || deferred.empty() || stages < 3 ? 0 : 1;
    if (!lag && !refillAfter)
      deferred.clear();
    int64_t ahead = stages - 1 - lag;
    int64_t used = stages * stageBytes;

    Value barriers;
    SmallVector<RingOperand *> once = copyInvariantOnce(
        forOp, invariant, used, budget, withBarriers ? stages : 0, barriers,
        target);

    OpBuilder b(forOp);
    SmallVector<RingOperand *> operands;
    SmallVector<Value> rings;
    for (RingOperand &operand : loaded) {
      operands.push_back(&operand);
      rings.push_back(
          AllocRingOp::create(b, loc, ringTypeOf(ctx, stages, operand)));
    }

    // The first `ahead` iterations' operands, one group each (a pair's
    // where its first step runs).
    for (int64_t s = 0; s < ahead; ++s) {
      Value iv = lb, runs;
      if (s == 0) {
        runs = firstIterationRuns(b, loc, forOp, stepsEnd);
      } else {
        iv = AddIOp::create(
            b, loc, lb,
            MulIOp::create(b, loc, step, constantLike(b, loc, step, s)));
        runs = iterationRuns(b, loc, forOp, lb, iv, stepsEnd);
      }
      Value slot = constantI32(b, loc, s);
      loadIf(b, loc, runs, /*predicated=*/false, forOp, iv, operands, rings,
             slot, barriers, target);
      AsyncCommitOp::create(b, loc, barriers, barriers ? slot : Value());
    }

    // The loop carries the buffer it reads and, with barriers, the parity
    // of that buffer's barrier phase (flipped each time the slot wraps).
    SmallVector<Value> inits(forOp.getInitValues());
    inits.push_back(constantI32(b, loc, 0));
    if (barriers)
      inits.push_back(constantI32(b, loc, 0));
    SmallVector<Type> resultTypes(forOp.getResultTypes());
    Type i32Tile = inits.back().getType();
    resultTypes.push_back(i32Tile);
    if (barriers)
      resultTypes.push_back(i32Tile);
    // Buffers released through per-warp barriers (only TMA fills the
    // rings: the one thread that starts the copies waits), from the
    // iteration `1 + lag` on, the first that refills a buffer read before.
    Value freed, firstRelease, releaseRuns;
    if (mbarrierRelease && barriers && allTma) {
      freed = AllocMBarriersOp::create(
          b, loc, MBarriersType::get(ctx, stages), /*perWarp=*/true);
      firstRelease = AddIOp::create(
          b, loc, lb,
          MulIOp::create(b, loc, step, constantLike(b, loc, step, 1 + lag)));
      // (No such iteration where the first one's value wraps.)
      releaseRuns = CmpIOp::create(b, loc, ComparisonPredicate::GreaterThan,
                                   firstRelease, lb, signedness);
    }
    auto newFor = ForOp::create(b, loc, resultTypes, lb, ub, step, inits,
                                forOp.getUnsignedCmpAttr());
    newFor->setAttrs(forOp->getAttrs());
    newFor.getRegion().takeBody(forOp.getRegion());
    Value slot = body->addArgument(i32Tile, loc);
    Value parity = barriers ? body->addArgument(i32Tile, loc) : Value();

    b.setInsertionPointToStart(body);
    // With barriers the refill comes first, after the CTA has read the old
    // buffer, so that a late copy of this iteration does not hold it back;
    // the wait follows (one more group committed before it). Under
    // tma-refill-after the wait comes first and the release and refill
    // follow the matmul.
    if (!barriers || refillAfter)
      AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(ahead - 1), barriers,
                          barriers ? slot : Value(),
                          barriers ? parity : Value(),
                          barriers ? b.getUnitAttr() : UnitAttr());
    // cp.async refills of a loop with one matmul follow it: the matmul
    // starts as soon as the CTA has met (the copies are many instructions
    // per thread). With more matmuls (attention), the iteration's start is
    // where the fewest registers are live.
    // (Two buffers: the copies can start only once this iteration's wait
    // has freed the other, and go before the matmul, or nothing would
    // overlap them.)
    bool copiesFirst = refillFirst || (deferred.empty() && stages < 3);
    if ((!barriers && !copiesFirst && matmuls.size() == 1) || refillAfter)
      b.setInsertionPoint(body->getTerminator());
    if (barriers && !freed)
      RingReleaseOp::create(b, loc);
    Value iv = newFor.getInductionVar();
    Value aheadIv = AddIOp::create(
        b, loc, iv,
        MulIOp::create(b, loc, step, constantLike(b, loc, step, ahead)));
    Value runs = iterationRuns(b, loc, newFor, iv, aheadIv, stepsEnd);
    // The buffer `ahead` iterations on: read 1 + lag iterations back
    // ((slot + ahead) mod S; without lag, S - 1 after buffer 0).
    Value wraps =
        lag ? CmpIOp::create(b, loc, ComparisonPredicate::LessThan, slot,
                             constantI32(b, loc, 1 + lag), Signedness::Signed)
            : CmpIOp::create(b, loc, ComparisonPredicate::Equal, slot,
                             constantI32(b, loc, 0), Signedness::Signed);
    Value up = lag ? AddIOp::create(b, loc, slot, constantI32(b, loc, ahead))
                         .getResult()
                   : constantI32(b, loc, ahead);
    Value down = SubIOp::create(b, loc, slot, constantI32(b, loc, 1 + lag));
    Value refill = SelectOp::create(b, loc, wraps, up, down);
    if (freed) {
      // The warps release the buffer they read 1 + lag iterations back,
      // which this iteration refills; its fill number is one more than the
      // phase to wait for, whose parity is the read slot's, flipped where
      // the refill wrapped around (a first fill waits on parity 1: done).
      Value read = AndIOp::create(
          b, loc, releaseRuns,
          CmpIOp::create(b, loc, ComparisonPredicate::GreaterThanOrEqual, iv,
                         firstRelease, signedness));
      RingReleaseOp::create(b, loc, freed, refill, read);
      Value flipped = XOrIOp::create(b, loc, parity, constantI32(b, loc, 1));
      RingAcquireOp::create(b, loc, freed, refill,
                            SelectOp::create(b, loc, wraps, flipped, parity));
    }
    // Predicated refills (their index computation is speculatable, as
    // matchMovableLoad requires) keep the iteration one block for the
    // scheduler; the last iterations' zero-filling copies are waited for
    // after the loop, before anything reuses the rings' memory.
    loadIf(b, loc, runs, /*predicated=*/true, newFor, aheadIv, operands, rings,
           refill, barriers, target);
    AsyncCommitOp::create(b, loc, barriers, barriers ? refill : Value());
    if (barriers && !refillAfter)
      AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(ahead), barriers, slot,
                          parity, /*released=*/b.getUnitAttr());
    // Rings that cp.async fills and a matmul reads as tf32 are rounded
    // once, before the first such matmul, rather than in every warp that
    // reads a value.
    bool rounded = roundRingsInPlace && !barriers;
    SmallVector<Value> roundedRings;
    SmallVector<Attribute> modes;
    Operation *firstRounded = nullptr;
    for (auto [operand, ring] : llvm::zip(operands, rings)) {
      if (!rounded || !operand->rounding)
        continue;
      roundedRings.push_back(ring);
      modes.push_back(RoundingModeAttr::get(ctx, *operand->rounding));
      if (!firstRounded || operand->matmul->isBeforeInBlock(firstRounded))
        firstRounded = operand->matmul;
    }
    if (firstRounded) {
      b.setInsertionPoint(firstRounded);
      RingRoundOp::create(b, loc, roundedRings, slot, b.getArrayAttr(modes));
      ++numRoundedRings;
    }
    // (The builder points before the body's old first op, which may be one
    // of the loads readFromRing erases: place the ring reads at the
    // matmuls.)
    SmallVector<MovableLoad> slices;
    for (auto [operand, ring] : llvm::zip(operands, rings)) {
      b.setInsertionPoint(operand->matmul);
      slices.push_back(operand->load);
      readFromRing(b, loc, *operand, ring, slot, rounded);
    }
    eraseUnusedSlices(slices);

    auto cont = cast<ContinueOp>(body->getTerminator());
    b.setInsertionPoint(cont);
    Value bumped = AddIOp::create(b, loc, slot, constantI32(b, loc, 1));
    Value last = CmpIOp::create(b, loc, ComparisonPredicate::Equal, bumped,
                                constantI32(b, loc, stages),
                                Signedness::Signed);
    cont.getOperandsMutable().append(SelectOp::create(
        b, loc, last, constantI32(b, loc, 0), bumped).getResult());
    if (parity) {
      Value flipped = XOrIOp::create(b, loc, parity, constantI32(b, loc, 1));
      cont.getOperandsMutable().append(
          SelectOp::create(b, loc, last, flipped, parity).getResult());
    }
    unsigned numResults = forOp->getNumResults();
    forOp->replaceAllUsesWith(newFor->getResults().take_front(numResults));
    forOp.erase();
    b.setInsertionPointAfter(newFor);
    // A loop that runs no iteration waited for no stage: the loop-invariant
    // TMA copies into the first one must land before anything reuses it.
    if (barriers && !once.empty()) {
      Value none = CmpIOp::create(b, loc,
                                  ComparisonPredicate::GreaterThanOrEqual, lb,
                                  ub, signedness);
      auto ifOp = IfOp::create(b, loc, TypeRange{}, none);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ifOp.getThenRegion().emplaceBlock());
      Value zero = constantI32(b, loc, 0);
      AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0), barriers, zero,
                          zero);
      YieldOp::create(b, loc, ValueRange{});
    }
    // What the deferred matmuls accumulate is complete after a wait.
    Value waited;
    for (Operation *matmul : deferred) {
      Value result = newFor->getResult(
          matmul->getResult(0).getUses().begin()->getOperandNumber());
      auto wait = MmaWaitOp::create(b, loc, result.getType(), result);
      result.replaceAllUsesExcept(wait.getResult(), wait);
      waited = wait.getResult();
    }
    if (paired)
      multiplyLastOfOddCount(b, newFor, numResults, stepsEnd,
                             waited ? waited : newFor->getResult(0), ahead,
                             barriers, operands, rings);
    // (After the matmuls' waits: a barrier that follows, before the rings'
    // memory is reused, may then be this one.)
    AsyncWaitOp::create(b, loc, b.getI64IntegerAttr(0), Value(), Value(),
                        Value());
    numRings += rings.size();
    return used;
  }

  void runOnOperation() override {
    std::optional<Target> target = Target::parse(gpuName);
    if (!target) {
      getOperation().emitError("unsupported GPU '")
          << gpuName << "'; expected one of " << Target::supportedList();
      return signalPassFailure();
    }
    getOperation().walk([&](EntryOp entry) {
      SmallVector<ForOp> innermost;
      entry.walk([&](ForOp forOp) {
        bool nested = false;
        forOp.getRegion().walk([&](Operation *op) {
          nested |= isa<ForOp, LoopOp>(op);
        });
        if (!nested)
          innermost.push_back(forOp);
      });
      // The rest of the CTA's shared memory stays for layout exchanges,
      // unless the kernel's only rings need it (a loop whose two stages
      // would not fit otherwise, with no rings before it).
      int64_t reserve = KernelEmitter::kScratchBytes;
      int64_t budget = target->sharedBytesPerCTA() - reserve;
      bool anyRings = false;
      for (ForOp forOp : innermost) {
        int64_t used =
            pipeline(forOp, budget, anyRings ? 0 : reserve, *target);
        anyRings |= used > 0;
        budget = std::max<int64_t>(0, budget - used);
      }
    });
  }
};

} // namespace
