//===- EmitMemory.cpp - views, loads, stores, atomics, tokens, print ------===//
//
// Memory ops become per-element accesses by the threads that own the
// elements. Orderings and scopes map onto the PTX memory model: relaxed and
// acquire/release loads and stores use ld/st with .relaxed/.acquire/.release
// and .cta/.gpu/.sys, atomics use atom with the same qualifiers. A tile-level
// acquire is followed, and a tile-level release preceded, by a CTA barrier
// so that the accesses of the other threads of the tile block are ordered
// too; a token produced by a memory op makes its consumer wait at a barrier.
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"

#include "llvm/Support/FormatVariadic.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

namespace {

using Pick = std::pair<Value, Value>;

bool isSubByte(Type elem) { return isa<Float4E2M1FNType>(elem); }

LLVM::AtomicOrdering llvmOrdering(MemoryOrdering ordering) {
  switch (ordering) {
  case MemoryOrdering::Weak:
    return LLVM::AtomicOrdering::not_atomic;
  case MemoryOrdering::Relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemoryOrdering::Acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemoryOrdering::Release:
    return LLVM::AtomicOrdering::release;
  case MemoryOrdering::AcqRel:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::not_atomic;
}

StringRef ptxSemantics(MemoryOrdering ordering) {
  switch (ordering) {
  case MemoryOrdering::Acquire:
    return "acquire";
  case MemoryOrdering::Release:
    return "release";
  case MemoryOrdering::AcqRel:
    return "acq_rel";
  default:
    return "relaxed";
  }
}

bool acquires(MemoryOrdering o) {
  return o == MemoryOrdering::Acquire || o == MemoryOrdering::AcqRel;
}
bool releases(MemoryOrdering o) {
  return o == MemoryOrdering::Release || o == MemoryOrdering::AcqRel;
}

/// Loads, stores and atomics of single elements.
struct MemoryEmitter {
  KernelEmitter &em;
  OpBuilder &b;
  explicit MemoryEmitter(KernelEmitter &em) : em(em), b(em.b) {}
  Location loc() { return em.loc; }

  /// A pointer to `address` in the generic (0) or global (1) state space.
  Value pointer(Value address, unsigned addressSpace = 0) {
    return LLVM::IntToPtrOp::create(
        b, loc(), LLVM::LLVMPointerType::get(em.ctx(), addressSpace),
        address);
  }

  /// The element value of `stored` bits as the tile holds it.
  Value fromStorage(Value v, Type elem) {
    if (em.scalarType(elem).isInteger(1))
      return arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::ne, v,
                                   em.cIntLike(v.getType(), 0));
    return v;
  }

  Value load(Value address, Type elem, MemoryOrdering ordering,
             std::optional<MemoryScope> scope, unsigned addressSpace = 0) {
    Type stored = em.storageType(elem);
    unsigned bytes = KernelEmitter::storageBytes(elem);
    Value ptr = pointer(address, addressSpace);
    LLVM::AtomicOrdering o = llvmOrdering(ordering);
    StringRef syncScope =
        scope && o != LLVM::AtomicOrdering::not_atomic ? llvmSyncScope(*scope)
                                                       : StringRef();
    Value v = LLVM::LoadOp::create(b, loc(), stored, ptr, bytes,
                                   /*isVolatile=*/false,
                                   /*isNonTemporal=*/false,
                                   /*isInvariant=*/false,
                                   /*isInvariantGroup=*/false, o, syncScope);
    return fromStorage(v, elem);
  }

  /// One weak access of `count` consecutive elements at an address aligned
  /// to their size (ld.v2/ld.v4, or one wider scalar for narrow elements).
  SmallVector<Value> loadVector(Value address, Type elem, int64_t count,
                                unsigned addressSpace) {
    Type stored = em.storageType(elem);
    unsigned bytes = KernelEmitter::storageBytes(elem);
    auto vectorType = VectorType::get({count}, stored);
    Value v = LLVM::LoadOp::create(b, loc(), vectorType,
                                   pointer(address, addressSpace),
                                   bytes * count);
    SmallVector<Value> elements;
    for (int64_t i = 0; i < count; ++i)
      elements.push_back(fromStorage(
          vector::ExtractOp::create(b, loc(), v, i).getResult(), elem));
    return elements;
  }

  void storeVector(Value address, ArrayRef<Value> elements, Type elem,
                   unsigned addressSpace) {
    Type stored = em.storageType(elem);
    unsigned bytes = KernelEmitter::storageBytes(elem);
    auto vectorType = VectorType::get({int64_t(elements.size())}, stored);
    Value v = LLVM::PoisonOp::create(b, loc(), vectorType);
    for (auto [i, e] : llvm::enumerate(elements)) {
      Value element = e;
      if (element.getType() != stored)
        element = arith::ExtUIOp::create(b, loc(), stored, element);
      v = vector::InsertOp::create(b, loc(), element, v, int64_t(i));
    }
    LLVM::StoreOp::create(b, loc(), v, pointer(address, addressSpace),
                          bytes * elements.size());
  }

  void store(Value address, Value value, Type elem, MemoryOrdering ordering,
             std::optional<MemoryScope> scope, unsigned addressSpace = 0) {
    Type stored = em.storageType(elem);
    unsigned bytes = KernelEmitter::storageBytes(elem);
    if (value.getType() != stored)
      value = arith::ExtUIOp::create(b, loc(), stored, value);
    LLVM::AtomicOrdering o = llvmOrdering(ordering);
    StringRef syncScope =
        scope && o != LLVM::AtomicOrdering::not_atomic ? llvmSyncScope(*scope)
                                                       : StringRef();
    LLVM::StoreOp::create(b, loc(), value, pointer(address, addressSpace),
                          bytes,
                          /*isVolatile=*/false, /*isNonTemporal=*/false,
                          /*isInvariantGroup=*/false, o, syncScope);
  }

  /// The integer register type and PTX constraint of an atomic operand.
  std::pair<Type, StringRef> atomicRegister(Type elem) {
    unsigned bits = elem.getIntOrFloatBitWidth();
    if (bits == 16)
      return {b.getI16Type(), "h"};
    if (bits == 64)
      return {b.getI64Type(), "l"};
    return {b.getI32Type(), "r"};
  }

  Value toRegister(Value v, Type reg) {
    if (v.getType() == reg)
      return v;
    return arith::BitcastOp::create(b, loc(), reg, v);
  }
  Value fromRegister(Value v, Type scalar) {
    if (v.getType() == scalar)
      return v;
    return arith::BitcastOp::create(b, loc(), scalar, v);
  }

  std::string qualifiers(MemoryOrdering ordering, MemoryScope scope) {
    return ("." + ptxSemantics(ordering) + "." + ptxScope(scope)).str();
  }

  /// atom.<sem>.<scope>.cas
  Value cas(Value address, Value cmp, Value val, Type elem,
            MemoryOrdering ordering, MemoryScope scope) {
    auto [reg, c] = atomicRegister(elem);
    unsigned bits = reg.getIntOrFloatBitWidth();
    std::string text = "atom" + qualifiers(ordering, scope) + ".cas.b" +
                       std::to_string(bits) + " $0, [$1], $2, $3;";
    std::string constraints =
        ("=" + c + ",l," + c + "," + c + ",~{memory}").str();
    Value r = em.inlinePtx(text, constraints, reg,
                           {address, toRegister(cmp, reg),
                            toRegister(val, reg)});
    return fromRegister(r, em.scalarType(elem));
  }

  /// atom.<sem>.<scope>.<op>; bf16 addition without hardware support goes
  /// through a compare-and-swap loop.
  FailureOr<Value> rmw(Value address, Value val, Type elem,
                       AtomicRMWMode mode, MemoryOrdering ordering,
                       MemoryScope scope) {
    auto [reg, c] = atomicRegister(elem);
    unsigned bits = reg.getIntOrFloatBitWidth();
    std::string w = std::to_string(bits);
    std::string op;
    bool isFloat = isa<FloatType>(elem);
    switch (mode) {
    case AtomicRMWMode::And:
      op = "and.b" + w;
      break;
    case AtomicRMWMode::Or:
      op = "or.b" + w;
      break;
    case AtomicRMWMode::Xor:
      op = "xor.b" + w;
      break;
    case AtomicRMWMode::Add:
      op = "add.u" + w;
      break;
    case AtomicRMWMode::Max:
      op = "max.s" + w;
      break;
    case AtomicRMWMode::Min:
      op = "min.s" + w;
      break;
    case AtomicRMWMode::UMax:
      op = "max.u" + w;
      break;
    case AtomicRMWMode::UMin:
      op = "min.u" + w;
      break;
    case AtomicRMWMode::Xchg:
      op = "exch.b" + w;
      break;
    case AtomicRMWMode::AddF:
      if (elem.isF16())
        op = "add.noftz.f16";
      else if (elem.isBF16())
        op = "add.noftz.bf16";
      else
        op = elem.isF64() ? "add.f64" : "add.f32";
      break;
    }
    if (mode == AtomicRMWMode::AddF && elem.isBF16() && em.target().sm < 90)
      return casLoopAdd(address, val, elem, ordering, scope);
    std::string text =
        "atom" + qualifiers(ordering, scope) + "." + op + " $0, [$1], $2;";
    std::string constraints = ("=" + c + ",l," + c + ",~{memory}").str();
    (void)isFloat;
    Value r = em.inlinePtx(text, constraints, reg,
                           {address, toRegister(val, reg)});
    return fromRegister(r, em.scalarType(elem));
  }

  /// Floating-point addition by compare-and-swap on 16 bits.
  Value casLoopAdd(Value address, Value val, Type elem,
                   MemoryOrdering ordering, MemoryScope scope) {
    Type reg = b.getI16Type();
    Value initial = load(address, elem,
                         MemoryOrdering::Relaxed, scope);
    initial = toRegister(initial, reg);
    Location l = loc();
    auto whileOp = scf::WhileOp::create(
        b, l, TypeRange{reg}, ValueRange{initial},
        [&](OpBuilder &, Location, ValueRange args) {
          Value old = args[0];
          Value oldValue = fromRegister(old, elem);
          Value sum = arith::AddFOp::create(
              b, l, em.toF32(oldValue, elem), em.toF32(val, elem));
          Value rounded = arith::TruncFOp::create(b, l, elem, sum);
          Value prev = toRegister(
              cas(address, oldValue, rounded, elem, ordering, scope), reg);
          Value retry =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, prev, old);
          scf::ConditionOp::create(b, l, retry, ValueRange{prev});
        },
        [&](OpBuilder &, Location, ValueRange args) {
          scf::YieldOp::create(b, l, args);
        });
    // The loop ends when the swap saw the value it expected: that value.
    return fromRegister(whileOp.getResult(0), elem);
  }
};

/// What is known of the address a rank-0 pointer tile holds.
struct PointerFacts {
  /// Low zero bits of the address.
  unsigned zeros = 0;
  /// It is (an offset of) a kernel parameter, hence a global address.
  bool global = false;
};

/// Facts from `assume div_by`, `offset` and `ptr_to_ptr` back to the
/// kernel's parameters; a pointer is at least aligned to its pointee.
PointerFacts pointerFacts(KernelEmitter &em, Value ptr, unsigned depth = 0) {
  PointerFacts facts;
  auto pointee = [](Value p) {
    return cast<PointerType>(cast<TileType>(p.getType()).getElementType())
        .getPointeeType();
  };
  facts.zeros = llvm::Log2_32(KernelEmitter::storageBytes(pointee(ptr)));
  if (auto arg = dyn_cast<BlockArgument>(ptr)) {
    facts.global = arg.getOwner() == &em.entry.getBody().front();
    return facts;
  }
  if (depth > 32)
    return facts;
  Operation *op = ptr.getDefiningOp();
  if (auto assume = dyn_cast<AssumeOp>(op)) {
    PointerFacts inner = pointerFacts(em, assume.getValue(), depth + 1);
    facts.global = inner.global;
    facts.zeros = std::max(
        {facts.zeros, inner.zeros, getAssumedTrailingZeros(assume)});
    return facts;
  }
  if (auto offset = dyn_cast<OffsetOp>(op)) {
    PointerFacts inner = pointerFacts(em, offset.getPtr(), depth + 1);
    unsigned elemZeros = facts.zeros;
    facts.global = inner.global;
    facts.zeros = std::max(
        facts.zeros,
        std::min(inner.zeros,
                 em.facts.getKnownTrailingZeros(offset.getOffset()) +
                     elemZeros));
    return facts;
  }
  if (auto retyped = dyn_cast<PtrToPtrOp>(op)) {
    PointerFacts inner = pointerFacts(em, retyped.getSource(), depth + 1);
    facts.global = inner.global;
    facts.zeros = std::max(facts.zeros, inner.zeros);
  }
  return facts;
}

/// The padding element of a view (zero when none is given).
Value paddingValue(KernelEmitter &em, PaddingValueAttr attr, Type elem) {
  Type scalar = em.scalarType(elem);
  auto floatType = dyn_cast<FloatType>(scalar);
  PaddingValue kind = attr ? attr.getValue() : PaddingValue::Zero;
  if (!floatType) {
    if (isNarrowFloat(elem)) {
      // 8- and 4-bit floats: encode through the software conversion.
      double value = 0.0;
      switch (kind) {
      case PaddingValue::NegZero:
        value = -0.0;
        break;
      case PaddingValue::NaN:
        value = std::nan("");
        break;
      case PaddingValue::PosInf:
        value = INFINITY;
        break;
      case PaddingValue::NegInf:
        value = -INFINITY;
        break;
      default:
        break;
      }
      // A type without zero (f8E8M0FNU) pads with what zero rounds to there,
      // its smallest value, as the interpreter and TMA's zero fill do.
      auto narrow = dyn_cast<FloatType>(elem);
      if (narrow && value == 0.0 &&
          !APFloat::semanticsHasZero(narrow.getFloatSemantics())) {
        APFloat rounded(0.0);
        bool lost = false;
        rounded.convert(narrow.getFloatSemantics(),
                        APFloat::rmNearestTiesToEven, &lost);
        return em.cIntLike(scalar,
                           rounded.bitcastToAPInt().getZExtValue());
      }
      return em.convertFloat(em.cFloatLike(em.b.getF32Type(), value),
                             em.b.getF32Type(), elem,
                             RoundingMode::NearestEven);
    }
    return em.cIntLike(scalar, 0);
  }
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  APFloat v = APFloat::getZero(sem);
  switch (kind) {
  case PaddingValue::Zero:
    break;
  case PaddingValue::NegZero:
    v = APFloat::getZero(sem, /*Negative=*/true);
    break;
  case PaddingValue::NaN:
    v = APFloat::getQNaN(sem);
    break;
  case PaddingValue::PosInf:
    v = APFloat::getInf(sem);
    break;
  case PaddingValue::NegInf:
    v = APFloat::getInf(sem, /*Negative=*/true);
    break;
  }
  return arith::ConstantOp::create(em.b, em.loc, FloatAttr::get(floatType, v));
}

/// Tile geometry of a tiled view.
struct TiledView {
  ViewValue *view = nullptr;
  SmallVector<int64_t> tileShape;
  SmallVector<int32_t> dimMap;
  SmallVector<int64_t> steps; // origin step per tile dimension
  int64_t sparseDim = -1;
  bool isGather = false;
  PaddingValueAttr padding;

  static std::optional<TiledView> of(KernelEmitter &em, Value v) {
    TiledView t;
    t.view = em.getView(v);
    if (!t.view)
      return std::nullopt;
    Type type = v.getType();
    if (auto p = dyn_cast<PartitionViewType>(type)) {
      t.tileShape.assign(p.getTileShape().asArrayRef().begin(),
                         p.getTileShape().asArrayRef().end());
      t.dimMap.assign(p.getDimMap().begin(), p.getDimMap().end());
      t.steps = t.tileShape;
      t.padding = p.getPaddingValue();
    } else if (auto s = dyn_cast<StridedViewType>(type)) {
      t.tileShape.assign(s.getTileShape().asArrayRef().begin(),
                         s.getTileShape().asArrayRef().end());
      t.dimMap.assign(s.getDimMap().begin(), s.getDimMap().end());
      t.steps.assign(s.getTraversalStrides().begin(),
                     s.getTraversalStrides().end());
      t.padding = s.getPaddingValue();
    } else if (auto g = dyn_cast<GatherScatterViewType>(type)) {
      t.tileShape.assign(g.getTileShape().asArrayRef().begin(),
                         g.getTileShape().asArrayRef().end());
      for (size_t d = 0; d < t.tileShape.size(); ++d)
        t.dimMap.push_back(d);
      // Indices other than the sparse one are element offsets.
      t.steps.assign(t.tileShape.size(), 1);
      t.sparseDim = g.getSparseDim();
      t.isGather = true;
      t.padding = g.getPaddingValue();
    } else {
      return std::nullopt;
    }
    return t;
  }
};

/// How a view access of a tile is split into vector accesses
/// (docs/codegen.md, "Memory").
struct VectorPlan {
  /// Consecutive elements a thread holds (a run of the layout) and moves
  /// per access; accessElems == 1 means one access per element.
  int64_t runElems = 1;
  int64_t accessElems = 1;
  /// Every run is wholly inside the view or wholly outside it (the view's
  /// size along the run is a multiple of the run length); for pointer
  /// tiles: the mask holds still over each access.
  bool wholeRuns = false;
  /// `inbounds` promises every dimension: no bounds checks at all.
  bool unchecked = false;
  /// A pointer tile's access: a mask test (if `masked`) instead of bounds
  /// checks.
  bool pointers = false;
  bool masked = false;
  /// Why the access is not vectorized.
  std::string whyNot;
};

/// Why an access in `layout` with `ordering` cannot move runs of elements
/// at once (whatever it addresses), or nullopt.
static std::optional<std::string> whyNoVectorRuns(const Layout &layout,
                                                  MemoryOrdering ordering) {
  if (layout.vectorWidth == 1 && layout.numElements > layout.numThreads)
    return std::string("its layout gives each thread runs of one element");
  if (layout.vectorWidth == 1)
    return ("the tile has no more elements than the tile block has threads (" +
            Twine(layout.numThreads) + ")")
        .str();
  if (ordering != MemoryOrdering::Weak)
    return std::string("only weak accesses are vectorized");
  return std::nullopt;
}

/// Whether the i1 `mask` holds in all of its lanes [first, first + count).
static Value allLanes(KernelEmitter &em, Value mask, int64_t first,
                      int64_t count) {
  Value all = em.lane(mask, first);
  for (int64_t k = first + 1; k < first + count; ++k)
    all = arith::AndIOp::create(em.b, em.loc, all, em.lane(mask, k));
  return all;
}

/// Vector accesses of a pointer tile: where the layout gives each thread
/// runs along the innermost dimension and the pointers of a run step by one
/// element from an address aligned to the access, under a mask constant
/// over it (InnerDimFacts).
static VectorPlan planPointerAccess(KernelEmitter &em, TileType tileType,
                                    Value pointers, Value mask,
                                    MemoryOrdering ordering) {
  VectorPlan plan;
  plan.pointers = true;
  plan.masked = static_cast<bool>(mask);
  plan.unchecked = true;
  Layout layout = em.layoutOf(tileType);
  int64_t v = layout.vectorWidth;
  auto refuse = [&](const Twine &why) {
    plan.whyNot = why.str();
    return plan;
  };
  if (std::optional<std::string> why = whyNoVectorRuns(layout, ordering))
    return refuse(*why);
  int64_t inner = tileType.getShape().back();
  if (inner % v != 0)
    return refuse("the tile's innermost dimension (" + Twine(inner) +
                  ") is shorter than a thread's run of " + Twine(v) +
                  " elements");
  unsigned bytes = KernelEmitter::storageBytes(tileType.getElementType());
  int64_t maxElems =
      std::min<int64_t>(v, KernelPlan::kVectorBytes / int64_t(bytes));
  plan.runElems = v;
  // Where the mask may change inside an access, the access tests all of
  // its lanes (wholeRuns false).
  plan.wholeRuns = true;
  plan.accessElems = em.innerDims.vectorElements(pointers, mask, maxElems);
  if (plan.accessElems > 1)
    return plan;
  plan.wholeRuns = false;
  plan.accessElems = em.innerDims.vectorElements(pointers, Value(), maxElems);
  if (plan.accessElems > 1)
    return plan;
  InnerDimInfo info = em.innerDims.get(pointers);
  if (info.contiguity < 2)
    return refuse("its pointers are not known to step by one element along "
                  "the innermost dimension");
  return refuse("a run's first pointer is only known to be " +
                Twine(int64_t(1) << std::min(info.divisibilityZeros, 62u)) +
                "-byte aligned (assume div_by on the base pointer and the "
                "offsets)");
}

/// `heldAs`: the layout the tile's registers are in, when not its own.
VectorPlan planVectorAccess(KernelEmitter &em, const TiledView &tv,
                            TileType tileType, MemoryOrdering ordering,
                            DenseBoolArrayAttr promised,
                            const Layout *heldAs = nullptr) {
  VectorPlan plan;
  plan.unchecked = promised && llvm::all_of(promised.asArrayRef(),
                                            [](bool b) { return b; });
  Layout layout = heldAs ? *heldAs : em.layoutOf(tileType);
  ArrayRef<int64_t> shape = tileType.getShape();
  Type elem = tv.view->elementType;
  int64_t v = layout.vectorWidth;
  auto refuse = [&](const Twine &why) {
    plan.whyNot = why.str();
    return plan;
  };
  if (std::optional<std::string> why = whyNoVectorRuns(layout, ordering))
    return refuse(*why);
  if (tv.isGather)
    return refuse("a gather/scatter view addresses each element by its own "
                  "index");
  if (isSubByte(elem))
    return refuse("4-bit elements are packed two per byte");
  int64_t last = int64_t(shape.size()) - 1;
  if (shape[last] % v != 0)
    return refuse("the tile's innermost dimension (" + Twine(shape[last]) +
                  ") is shorter than a thread's run of " + Twine(v) +
                  " elements");
  const ViewValue &view = *tv.view;
  int32_t innerDim = tv.dimMap[last];
  if (view.staticStrides[innerDim] != 1)
    return refuse("the tile's innermost dimension walks view dimension " +
                  Twine(innerDim) + ", whose stride is not 1");
  if (tv.steps[last] % v != 0)
    return refuse("the view's step along its dimension " + Twine(innerDim) +
                  " (" + Twine(tv.steps[last]) + ") is not a multiple of " +
                  Twine(v));
  // Low zero bits of a run's first address: base + sum(coord * stride).
  unsigned bytes = KernelEmitter::storageBytes(elem);
  unsigned elemZeros = llvm::Log2_32(bytes);
  unsigned zeros = std::min<unsigned>(view.baseZeros,
                                      elemZeros + llvm::Log2_64(v));
  for (int64_t d = 0; d < last; ++d)
    zeros = std::min(zeros, view.strideZeros[tv.dimMap[d]] + elemZeros);
  int64_t accessBytes = std::min<int64_t>(
      {KernelPlan::kVectorBytes, v * bytes, int64_t(1) << std::min(zeros, 6u)});
  if (accessBytes < 2 * int64_t(bytes))
    return refuse("a run's address is only known to be " +
                  Twine(int64_t(1) << zeros) +
                  "-byte aligned (assume div_by on the base pointer and the "
                  "strides)");
  plan.runElems = v;
  plan.accessElems = accessBytes / bytes;
  plan.wholeRuns = view.sizeZeros[innerDim] >= llvm::Log2_64(v) ||
                   (promised && promised[last]);
  return plan;
}

/// Addresses and bounds checks of a view access, built slot by slot at the
/// insertion point, so that the code of a rarely taken path stays in it.
class ViewAccess {
public:
  /// `promised`: the op's `inbounds` (tile dimensions with no bounds check).
  static FailureOr<ViewAccess> build(KernelEmitter &em, Operation *op,
                                     Value viewValue, ValueRange indices,
                                     TileType tileType,
                                     DenseBoolArrayAttr promised = {});

  /// Slot `k`'s bounds check (i1), byte address (i64; of its byte for
  /// 4-bit elements) and, for 4-bit elements, whether it is the high nibble.
  struct Slot {
    Value inBounds, address, nibble;
  };
  Slot slot(int64_t k) {
    OpBuilder &b = em->b;
    Location loc = em->loc;
    Type elem = tv.view->elementType;
    auto [offset, inside] = coordinates(k);
    Slot s{inside, offset, Value()};
    if (isSubByte(elem)) {
      s.nibble = arith::TruncIOp::create(
          b, loc, b.getI1Type(),
          arith::AndIOp::create(b, loc, offset, em->cI64(1)));
      s.address = arith::ShRSIOp::create(b, loc, offset, em->cI64(1));
    } else if (unsigned bytes = KernelEmitter::storageBytes(elem); bytes != 1) {
      s.address = arith::MulIOp::create(b, loc, offset, em->cI64(bytes));
    }
    s.address = arith::AddIOp::create(b, loc, tv.view->base, s.address);
    return s;
  }
  /// Slots from now on follow `layout`, slot k holding the tile's element
  /// `indexOf(k)` (row-major, i32) instead of the tile's own layout's.
  void holdAs(const Layout &heldAs, std::function<Value(int64_t)> indexOf) {
    layout = heldAs;
    slotIndex = std::move(indexOf);
  }
  Value inBounds(int64_t k) { return coordinates(k).second; }
  Value address(int64_t k) { return slot(k).address; }
  /// The byte address of the element at tile coordinates `c` (i32; not for
  /// gather views), and how many of the `run` elements from it on along
  /// tile dimension `dim` lie inside the view (they form a prefix).
  Value addressAt(ArrayRef<Value> c) {
    return byteAddress(walk(c, -1, -1, 1).offset);
  }
  Value runInBoundsAt(ArrayRef<Value> c, int64_t dim, int64_t run) {
    return walk(c, -1, dim, run).count;
  }
  /// The run of `run` elements from tile coordinates `c` (i32; not for
  /// gather views) along tile dimension `dim`: how many bytes to read from
  /// it (i32: those of its elements inside the view; none where it starts
  /// outside or `guard`, an i1, does not hold) and its byte address, summed
  /// as the base plus the access's origin (the same sum for every run of the
  /// access) plus the run's place in the tile (fixed per thread: hoisted out
  /// of a loop).
  struct Run {
    Value bytes, address;
  };
  Run runAt(ArrayRef<Value> c, int64_t dim, int64_t run, Value guard = {});
  KernelEmitter &emitter() { return *em; }

private:
  /// (element offset from the base, inside the view) of slot `k`.
  std::pair<Value, Value> coordinates(int64_t k) {
    Walk w = walk(tileCoordinates(k), k, -1, 1);
    return {w.offset, w.inside};
  }
  SmallVector<Value> tileCoordinates(int64_t k) {
    return em->delinearize(slotIndex ? slotIndex(k) : em->elementIndex(layout, k),
                           shape);
  }
  /// The element offset (i64) and inside-check (i1) of the element at tile
  /// coordinates `c` (slot `k` gives the sparse index of gather views), and
  /// the i32 count of the `run` elements from it along `dim` inside.
  struct Walk {
    Value offset, inside, count;
  };
  Walk walk(ArrayRef<Value> c, int64_t k, int64_t dim, int64_t run);
  /// base + offset * element bytes (elements of at least a byte).
  Value byteAddress(Value offset) {
    unsigned bytes = KernelEmitter::storageBytes(tv.view->elementType);
    if (bytes != 1)
      offset = arith::MulIOp::create(em->b, em->loc, offset, em->cI64(bytes));
    return arith::AddIOp::create(em->b, em->loc, tv.view->base, offset);
  }

  KernelEmitter *em = nullptr;
  TiledView tv;
  Layout layout;
  std::function<Value(int64_t)> slotIndex;
  SmallVector<int64_t> shape;
  DenseBoolArrayAttr promised;
  /// Uniform origin (i64) per tile dimension; per-slot indices along the
  /// sparse dimension of a gather view.
  SmallVector<Value> origin;
  SmallVector<Value> sparse;
};

FailureOr<ViewAccess> ViewAccess::build(KernelEmitter &em, Operation *op,
                                        Value viewValue, ValueRange indices,
                                        TileType tileType,
                                        DenseBoolArrayAttr promised) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  std::optional<TiledView> tv = TiledView::of(em, viewValue);
  if (!tv)
    return op->emitError("view operand was not lowered");
  ViewAccess access;
  access.em = &em;
  access.tv = *tv;
  access.layout = em.layoutOf(tileType);
  access.shape.assign(tileType.getShape().begin(), tileType.getShape().end());
  access.promised = promised;
  access.origin.resize(access.shape.size());
  ArrayRef<int64_t> shape = access.shape;
  Type i64 = b.getI64Type();
  for (auto [d, idx] : llvm::enumerate(indices)) {
    if (int64_t(d) == tv->sparseDim) {
      auto idxType = cast<TileType>(idx.getType());
      Value gathered;
      if (em.layoutOf(idxType).isUniform()) {
        gathered = em.splat(em.get(idx), em.loweredType(TileType::get(
                                             shape, idxType.getElementType())));
      } else {
        gathered = em.gather({{em.get(idx), idxType}}, shape,
                             [&](Value e) -> Pick {
                               SmallVector<Value> c = em.delinearize(e, shape);
                               return {Value(), c[d]};
                             });
      }
      for (int64_t k = 0; k < access.layout.slots(); ++k) {
        Value g = em.lane(gathered, k);
        if (g.getType() != i64)
          g = arith::ExtSIOp::create(b, loc, i64, g);
        access.sparse.push_back(g);
      }
      continue;
    }
    Value v = em.get(idx);
    if (v.getType() != i64)
      v = arith::ExtSIOp::create(b, loc, i64, v);
    access.origin[d] = arith::MulIOp::create(b, loc, v, em.cI64(tv->steps[d]));
  }
  return access;
}

ViewAccess::Walk ViewAccess::walk(ArrayRef<Value> c, int64_t k, int64_t dim,
                                 int64_t run) {
  OpBuilder &b = em->b;
  Location loc = em->loc;
  Type i64 = b.getI64Type();
  Walk w{em->cI64(0), em->cBool(true), em->cI64(run)};
  for (size_t d = 0; d < shape.size(); ++d) {
    int32_t td = tv.dimMap[d];
    Value coord;
    if (int64_t(d) == tv.sparseDim) {
      coord = sparse[k];
    } else {
      coord = arith::ExtUIOp::create(b, loc, i64, c[d]);
      coord = arith::AddIOp::create(b, loc, coord, origin[d]);
    }
    if (!promised || !promised[d]) {
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       coord, tv.view->sizes[td]);
      w.inside = arith::AndIOp::create(b, loc, w.inside, ok);
      if (int64_t(d) == dim && run > 1 && int64_t(d) != tv.sparseDim)
        w.count = arith::MinUIOp::create(
            b, loc, w.count,
            arith::SubIOp::create(b, loc, tv.view->sizes[td], coord));
    }
    w.offset = arith::AddIOp::create(
        b, loc, w.offset,
        arith::MulIOp::create(b, loc, coord, tv.view->strides[td]));
  }
  w.count = arith::TruncIOp::create(
      b, loc, b.getI32Type(),
      arith::SelectOp::create(b, loc, w.inside, w.count, em->cI64(0)));
  return w;
}

ViewAccess::Run ViewAccess::runAt(ArrayRef<Value> c, int64_t dim,
                                  int64_t run, Value guard) {
  OpBuilder &b = em->b;
  Location loc = em->loc;
  Type i64 = b.getI64Type();
  // A thread's runs mostly share their place along `dim`: the guard and the
  // check along `dim` give one byte count for all of them, which each run's
  // checks along the other dimensions select from.
  Value shared = guard ? guard : em->cBool(true), rest = em->cBool(true);
  Value count = em->cI64(run);
  Value originPart = em->cI64(0), placePart = em->cI64(0);
  for (int64_t d = 0; d < int64_t(shape.size()); ++d) {
    int32_t td = tv.dimMap[d];
    Value place = arith::ExtUIOp::create(b, loc, i64, c[d]);
    if (!promised || !promised[d]) {
      // origin + place < size as place < size - origin (none left where the
      // origin is past the end; a negative origin wraps past it): the
      // difference is uniform, so each run costs one comparison.
      Value size = tv.view->sizes[td];
      Value left = arith::SelectOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, origin[d],
                                size),
          arith::SubIOp::create(b, loc, size, origin[d]), em->cI64(0));
      Value &checks = d == dim ? shared : rest;
      checks = arith::AndIOp::create(
          b, loc, checks,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, place,
                                left));
      if (d == dim && run > 1)
        count = arith::MinUIOp::create(
            b, loc, count, arith::SubIOp::create(b, loc, left, place));
    }
    originPart = arith::AddIOp::create(
        b, loc, originPart,
        arith::MulIOp::create(b, loc, origin[d], tv.view->strides[td]));
    placePart = arith::AddIOp::create(
        b, loc, placePart,
        arith::MulIOp::create(b, loc, place, tv.view->strides[td]));
  }
  unsigned bytes = KernelEmitter::storageBytes(tv.view->elementType);
  Value address = arith::AddIOp::create(
      b, loc, byteAddress(originPart),
      arith::MulIOp::create(b, loc, placePart, em->cI64(bytes)));
  // Nested selects, the shared one inside: one select a run (an and of the
  // checks would be reassociated, the shared part split up).
  Value zero = em->cI32(0);
  Value bytesInside = arith::MulIOp::create(
      b, loc, arith::TruncIOp::create(b, loc, b.getI32Type(), count),
      em->cI32(bytes));
  Value read = arith::SelectOp::create(
      b, loc, rest,
      arith::SelectOp::create(b, loc, shared, bytesInside, zero), zero);
  return {read, address};
}

/// i1: the runs of `run` slots from slot `first` on (one run, or all of them
/// when `first` is -1) lie inside the view; a run is inside when both its
/// ends are.
Value runsInside(ViewAccess &access, const Layout &layout, int64_t run,
                 int64_t first = -1) {
  KernelEmitter &em = access.emitter();
  int64_t begin = first < 0 ? 0 : first;
  int64_t end = first < 0 ? layout.slots() : first + run;
  Value inside = em.cBool(true);
  for (int64_t k0 = begin; k0 < end; k0 += run)
    for (int64_t k : {k0, k0 + run - 1})
      inside = arith::AndIOp::create(em.b, em.loc, inside, access.inBounds(k));
  return inside;
}

/// Loads one f4 element (low nibble first) from a packed byte.
Value loadNibble(KernelEmitter &em, MemoryEmitter &mem, Value address,
                 Value high, MemoryOrdering ordering,
                 std::optional<MemoryScope> scope) {
  OpBuilder &b = em.b;
  Type i8 = b.getI8Type();
  Value byte = mem.load(address, i8, ordering, scope);
  Value shift = arith::SelectOp::create(b, em.loc, high, em.cIntLike(i8, 4),
                                        em.cIntLike(i8, 0));
  Value v = arith::ShRUIOp::create(b, em.loc, byte, shift);
  return arith::AndIOp::create(b, em.loc, v, em.cIntLike(i8, 15));
}

/// Stores one f4 element into its nibble with two atomic bit operations on
/// the enclosing 32-bit word (neighbouring nibbles belong to other threads).
void storeNibble(KernelEmitter &em, MemoryEmitter &mem, Value address,
                 Value high, Value value, MemoryScope scope) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  Type i32 = b.getI32Type();
  Value word = arith::AndIOp::create(b, loc, address, em.cI64(~int64_t(3)));
  Value byteInWord = arith::TruncIOp::create(
      b, loc, i32, arith::AndIOp::create(b, loc, address, em.cI64(3)));
  Value shift = arith::AddIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, byteInWord, em.cI32(3)),
      arith::SelectOp::create(b, loc, high, em.cI32(4), em.cI32(0)));
  Value mask = arith::ShLIOp::create(b, loc, em.cI32(15), shift);
  Value clear = arith::XOrIOp::create(b, loc, mask, em.cI32(-1));
  Value bits = arith::ShLIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i32, value),
                            em.cI32(15)),
      shift);
  Type wordType = b.getI32Type();
  (void)mem.rmw(word, clear, wordType, AtomicRMWMode::And,
                MemoryOrdering::Relaxed, scope);
  (void)mem.rmw(word, bits, wordType, AtomicRMWMode::Or,
                MemoryOrdering::Relaxed, scope);
}

/// Expands printf conversions for tiles; returns the rewritten format and
/// fills `argTypes` (per-element promoted types) per operand.
struct PrintPlan {
  std::string format;
  std::string error;
};

bool isConversionChar(char c) {
  return StringRef("diouxXeEfFgGaAcsp").contains(c);
}

PrintPlan planPrint(StringRef str, ArrayRef<TileType> operands) {
  PrintPlan plan;
  std::string &out = plan.format;
  size_t arg = 0;
  for (size_t i = 0; i < str.size(); ++i) {
    char ch = str[i];
    if (ch != '%') {
      out.push_back(ch);
      continue;
    }
    if (i + 1 < str.size() && str[i + 1] == '%') {
      out += "%%";
      ++i;
      continue;
    }
    // %[flags][width][.precision][length]conversion
    size_t j = i + 1;
    std::string core = "%";
    while (j < str.size() && StringRef("-+ #0").contains(str[j]))
      core.push_back(str[j++]);
    while (j < str.size() && (isdigit(str[j]) || str[j] == '.'))
      core.push_back(str[j++]);
    while (j < str.size() && StringRef("hlLqjzt").contains(str[j]))
      ++j; // length modifiers are chosen from the operand type
    if (j >= str.size() || !isConversionChar(str[j])) {
      plan.error = "unsupported conversion in format string";
      return plan;
    }
    char conv = str[j];
    i = j;
    if (arg >= operands.size()) {
      plan.error = "more conversions than operands in format string";
      return plan;
    }
    TileType type = operands[arg++];
    Type elem = type.getElementType();
    std::string length;
    if (isa<FloatType>(elem)) {
      if (!StringRef("eEfFgGaA").contains(conv))
        conv = 'f';
    } else {
      if (StringRef("eEfFgGaA").contains(conv))
        conv = 'd';
      if (isa<PointerType>(elem) || elem.isInteger(64))
        length = "ll";
      if (conv == 'p' || conv == 's' || conv == 'c')
        conv = conv == 'c' ? 'c' : (conv == 'p' ? 'p' : 'd');
      if (conv == 'p')
        length.clear();
    }
    std::string spec = core + length + conv;
    SmallVector<int64_t> shape(type.getShape());
    // Nested brackets per dimension.
    std::function<void(size_t)> expand = [&](size_t dim) {
      if (dim == shape.size()) {
        out += spec;
        return;
      }
      out += "[";
      for (int64_t e = 0; e < shape[dim]; ++e) {
        if (e)
          out += ", ";
        expand(dim + 1);
      }
      out += "]";
    };
    expand(0);
  }
  if (arg != operands.size())
    plan.error = "fewer conversions than operands in format string";
  return plan;
}

/// The printf argument type of an element.
Type promotedType(KernelEmitter &em, Type elem) {
  if (isa<FloatType>(elem))
    return em.b.getF64Type();
  if (isa<PointerType>(elem) || elem.isInteger(64))
    return em.b.getI64Type();
  return em.b.getI32Type();
}

Value promote(KernelEmitter &em, Value v, Type elem) {
  OpBuilder &b = em.b;
  Type t = promotedType(em, elem);
  if (isa<FloatType>(elem)) {
    Value f = elem.isF64() ? v : em.convertFloat(v, elem, b.getF32Type(),
                                                 RoundingMode::NearestEven);
    if (!f.getType().isF64())
      f = arith::ExtFOp::create(b, em.loc, t, f);
    return f;
  }
  if (v.getType() == t)
    return v;
  if (v.getType().isInteger(1))
    return arith::ExtUIOp::create(b, em.loc, t, v);
  return arith::ExtSIOp::create(b, em.loc, t, v);
}

} // namespace

//===----------------------------------------------------------------------===//
// Op emission
//===----------------------------------------------------------------------===//

static Value genericAddressOf(KernelEmitter &em, StringRef symbol,
                              unsigned addrSpace) {
  auto ptrN = LLVM::LLVMPointerType::get(em.ctx(), addrSpace);
  Value p = LLVM::AddressOfOp::create(em.b, em.loc, ptrN, symbol);
  if (addrSpace != 0)
    p = LLVM::AddrSpaceCastOp::create(
        em.b, em.loc, LLVM::LLVMPointerType::get(em.ctx()), p);
  return LLVM::PtrToIntOp::create(em.b, em.loc, em.b.getI64Type(), p);
}

/// An alloca placed in the entry block of the kernel.
static Value entryAlloca(KernelEmitter &em, int64_t bytes, unsigned align) {
  OpBuilder::InsertionGuard guard(em.b);
  Block *entryBlock = em.b.getInsertionBlock();
  while (Operation *parent = entryBlock->getParentOp()) {
    if (isa<LLVM::LLVMFuncOp>(parent))
      break;
    entryBlock = parent->getBlock();
  }
  Region *body = entryBlock->getParent();
  em.b.setInsertionPointToStart(&body->front());
  Value size = LLVM::ConstantOp::create(em.b, em.loc, em.b.getI64Type(),
                                        em.b.getI64IntegerAttr(bytes));
  return LLVM::AllocaOp::create(
      em.b, em.loc, LLVM::LLVMPointerType::get(em.ctx()),
      em.b.getI8Type(), size, align);
}

/// The remark of a global access of a tile: vectorized, or why not
/// (docs/codegen.md, "Remarks"). Pointer tiles have no plan.
/// A store of a tile held in the accumulator layout (pairs of consecutive
/// elements per register) in 16-byte runs: each part of the tile is
/// regrouped through the scratch buffer into the cyclic layout of its
/// elements (planPartedConversion), then stored from there.
struct RunsStore {
  PartedConversion parted;
  XorOffsets stores, loads;
  /// The cyclic layout of one part, and its accesses.
  Layout partLayout;
  VectorPlan vectors;
  /// Through the memory of the kernel's rings (idle from the store on)
  /// rather than the scratch buffer.
  bool inRings = false;
};

/// Whether offsets move groups of `n` registers as aligned vectors of
/// `n * bytes` bytes.
static bool movesAlignedVectors(const XorOffsets &offsets, unsigned n,
                                unsigned bytes) {
  int64_t width = int64_t(n) * bytes;
  for (int64_t bit : offsets.threadBits)
    if (bit % width)
      return false;
  for (unsigned r = 0; r < offsets.registers.size(); r += n) {
    if (offsets.registers[r] % width)
      return false;
    for (unsigned i = 1; i < n; ++i)
      if (offsets.registers[r + i] != offsets.registers[r] + i * bytes)
        return false;
  }
  return true;
}

/// The plan for storing `type` (a weak store to global memory through `tv`)
/// in 16-byte runs, where its layout is an accumulator's, the view takes
/// 16-byte accesses and the parts fit a scratch buffer that costs no CTA
/// per SM.
static std::optional<RunsStore> planRunsStore(KernelEmitter &em,
                                              Operation *op,
                                              const TiledView &tv,
                                              TileType type,
                                              MemoryOrdering ordering,
                                              DenseBoolArrayAttr promised) {
  Layout layout = em.layoutOf(type);
  Type elem = type.getElementType();
  if (!em.storeRuns || !layout.mma || !tv.view->global || tv.isGather ||
      ordering != MemoryOrdering::Weak || isSubByte(elem) ||
      em.scalarType(elem) != em.storageType(elem))
    return std::nullopt;
  // Registers budgeted for several CTAs per SM (the occupancy hint, where
  // the shared memory lets it hold) leave no room for the regrouped runs
  // and their addresses.
  if (em.reachableOccupancy() > 1)
    return std::nullopt;
  unsigned bytes = KernelEmitter::storageBytes(elem);
  int64_t run = KernelPlan::kVectorBytes / bytes;
  if (run < 2)
    return std::nullopt;
  // The rings' memory where they are done with it (it costs nothing), else
  // scratch that costs no CTA per SM; parts of at most the scratch size
  // either way (a larger part holds more registers at once).
  int64_t budget = std::min(em.scratchCapacity(),
                            em.scratchBytesKeepingOccupancy());
  // (Every ring is allocated by then: none is after the store.)
  int64_t inRingsBudget =
      std::min(em.ringBytes, KernelEmitter::kScratchBytes);
  bool inRings = inRingsBudget > 0 && inRingsBudget >= budget &&
                 em.ringsIdleFrom(op);
  if (inRings)
    budget = inRingsBudget;
  std::optional<PartedConversion> parted =
      planPartedConversion(em.linearLayoutOf(type), bytes, run, budget);
  if (!parted)
    return std::nullopt;
  RunsStore store{*parted, {}, {}, Layout{}, {}, inRings};
  const ConversionPlan &plan = store.parted.plan;
  int64_t partElements = layout.numElements / parted->getNumParts();
  store.partLayout = Layout{partElements, em.numThreads()};
  store.partLayout.vectorWidth = run;
  store.vectors =
      planVectorAccess(em, tv, type, ordering, promised, &store.partLayout);
  if (store.vectors.accessElems != run)
    return std::nullopt;
  std::optional<XorOffsets> stores = xorOffsetsOf(
      plan.storeOffsets, em.numThreads(), plan.numSrcRegisters);
  std::optional<XorOffsets> loads = xorOffsetsOf(
      plan.loadOffsets, em.numThreads(), plan.numDstRegisters);
  if (!stores || !loads ||
      !movesAlignedVectors(*stores, plan.storeVectorElements, bytes) ||
      !movesAlignedVectors(*loads, plan.loadVectorElements, bytes))
    return std::nullopt;
  store.stores = std::move(*stores);
  store.loads = std::move(*loads);
  return store;
}

static void remarkAccess(KernelEmitter &em, Operation *op, StringRef what,
                         TileType type, const VectorPlan &plan, bool global) {
  Layout layout = em.layoutOf(type);
  if (layout.isUniform())
    return;
  unsigned bytes = KernelEmitter::storageBytes(type.getElementType());
  std::string subject = (Twine(what) + " of " + Twine(layout.numElements) +
                         " x " +
                         llvm::formatv("{0}", type.getElementType()).str())
                            .str();
  if (plan.pointers && plan.accessElems > 1) {
    em.remark(op, /*passed=*/true,
              subject + " vectorized: " + Twine(plan.accessElems * bytes) +
                  "-byte accesses" +
                  (!plan.masked ? ""
                   : plan.wholeRuns
                       ? ", one mask test per access"
                       : ", element accesses where the mask changes inside "
                         "an access"));
    return;
  }
  if (plan.accessElems > 1) {
    em.remark(op, /*passed=*/true,
              subject + " vectorized: " + Twine(plan.accessElems * bytes) +
                  "-byte accesses" + (global ? " to global memory" : "") +
                  (plan.unchecked
                       ? ", no bounds checks (inbounds)"
                       : ", one bounds check per run of " +
                             Twine(plan.runElems) + " elements" +
                             (plan.wholeRuns
                                  ? ""
                                  : ", element checks where a run crosses "
                                    "the view's edge")));
    return;
  }
  em.remark(op, /*passed=*/false,
            subject + " not vectorized: " + plan.whyNot +
                "; each element is its own " +
                Twine(bytes) + "-byte access" +
                (!plan.unchecked ? " behind its own bounds check"
                                          : ""));
}

/// The 32-bit shared address of buffer `slot` (a tile<i32>) of `ring`.
static Value ringSlotAddress(KernelEmitter &em, Value ring, Value slot) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  int64_t slotBytes = cast<RingType>(ring.getType()).getSlotBytes();
  Value base = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), em.get(ring));
  Value offset = arith::MulIOp::create(
      b, loc, em.get(slot), em.cI32(slotBytes));
  return arith::AddIOp::create(b, loc, base, offset);
}

/// A pointer (address space 3) `offset` bytes into the kernel's dynamic
/// shared memory, where rings and mbarriers lie.
static Value dynamicSharedAt(KernelEmitter &em, int64_t offset) {
  OpBuilder &b = em.b;
  auto sharedPtr = LLVM::LLVMPointerType::get(em.ctx(), 3);
  Value base = LLVM::AddressOfOp::create(
      b, em.loc, sharedPtr, em.module.getDynamicShared().getSymName());
  return LLVM::GEPOp::create(b, em.loc, sharedPtr, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

/// The 32-bit shared address of barrier `slot` (i32) of `barriers`.
static Value mbarrierAddress(KernelEmitter &em, Value barriers, Value slot) {
  OpBuilder &b = em.b;
  Value base =
      LLVM::PtrToIntOp::create(b, em.loc, b.getI32Type(), em.get(barriers));
  return arith::AddIOp::create(
      b, em.loc, base, arith::MulIOp::create(b, em.loc, slot, em.cI32(8)));
}

/// The coordinates (i32), per dimension of `plan`'s tensor map, of column
/// block `block` of the tile at `index` of the view.
static SmallVector<Value> tmaCoordinates(KernelEmitter &em,
                                         const TensorMapPlan &plan,
                                         ValueRange index, int64_t block) {
  OpBuilder &b = em.b;
  SmallVector<Value> coordinates;
  for (auto [dim, step] : llvm::zip(plan.tileDimOf, plan.steps)) {
    Value at = em.get(index[dim]);
    if (at.getType() != b.getI32Type())
      at = arith::TruncIOp::create(b, em.loc, b.getI32Type(), at);
    coordinates.push_back(arith::MulIOp::create(b, em.loc, at, em.cI32(step)));
  }
  coordinates[0] = arith::AddIOp::create(b, em.loc, coordinates[0],
                                         em.cI32(block * plan.blockElems));
  return coordinates;
}

/// `{$first, $first+1, ...}` for the `dims` coordinates of an inline
/// cp.async.bulk.tensor, their constraints added to `constraints`.
static std::string tmaCoordinateOperands(int64_t dims, int64_t first,
                                         std::string &constraints) {
  std::string list = "{";
  for (int64_t i = 0; i < dims; ++i) {
    list += (i ? ", $" : "$") + std::to_string(first + i);
    constraints += ",r";
  }
  return list + "}";
}

FailureOr<TensorMapPlan> KernelEmitter::planTmaStore(StoreViewTkoOp op,
                                                     std::string &whyNot) {
  auto fail = [&](const Twine &why) -> FailureOr<TensorMapPlan> {
    whyNot = why.str();
    return failure();
  };
  auto type = cast<TileType>(op.getTile().getType());
  Type elem = type.getElementType();
  if (!target().hasTma())
    return fail("TMA needs sm_90 or newer");
  if (op.getMemoryOrderingSemantics() != MemoryOrdering::Weak)
    return fail("the store is not weak");
  if (!layoutOf(type).mma)
    return fail("the tile is not in an accumulator layout");
  if (isSubByte(elem) || scalarType(elem) != storageType(elem) ||
      storageBytes(elem) > 4)
    return fail("its elements are not 1, 2 or 4 bytes stored as held");
  // The copy completes after the threads have moved on: nothing after the
  // store may touch memory.
  if (!op.getResultToken().use_empty())
    return fail("its token orders later memory operations");
  if (op->getParentOp() != entry)
    return fail("it is not at the kernel's top level");
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
    if (!isa<ReturnOp>(next) && !isMemoryEffectFree(next))
      return fail("memory operations follow it");
  // The tile goes through the rings' memory, in the box layout.
  RingType box = RingType::get(ctx(), 1, type, /*transposed=*/false);
  if (!ringsIdleFrom(op) || box.getSlotBytes() > plannedRingBytes)
    return fail("the kernel's idle rings do not hold the tile");
  return TensorMapPlan::of(op.getView(), type, box, target(), facts, whyNot);
}

/// A view store TMA makes: once the CTA has met, every thread writes its
/// slots into the idle rings' memory in the map's box layout (the swizzle
/// the boxes' width gives), which the async proxy then reads; thread 0
/// starts one cp.async.bulk.tensor per column block and waits until they
/// have read the memory (the writes to global memory complete on their
/// own; the hardware drops the out-of-bounds part of a box).
static void emitTmaStore(KernelEmitter &em, StoreViewTkoOp o,
                         const KernelEmitter::TmaCopy &copy) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  const TensorMapPlan &plan = copy.plan;
  auto type = cast<TileType>(o.getTile().getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = shape.size();
  Value base = dynamicSharedAt(em, 0);
  // (An earlier store may still be reading its exchange in that memory.)
  em.barrier();
  em.stageSwizzled(
      o.getTile(), type, base,
      OperandSwizzle::forTile(shape[rank - 2],
                              shape[rank - 1] * plan.elementBytes),
      [&](ArrayRef<Value> coords) {
        return std::make_tuple(Value(), coords[rank - 2], coords[rank - 1]);
      });
  em.inlinePtx("fence.proxy.async.shared::cta;", "", Type(), ValueRange(),
               /*sideEffects=*/true);
  em.barrier();
  int64_t dims = plan.tileDimOf.size();
  std::string constraints = "l";
  std::string text = "cp.async.bulk.tensor." + std::to_string(dims) +
                     "d.global.shared::cta.tile.bulk_group [$0, " +
                     tmaCoordinateOperands(dims, 1, constraints) + "], [$" +
                     std::to_string(dims + 1) + "];";
  constraints += ",r";
  Value address = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  em.buildIfThen(em.isThread0(), [&] {
    for (int64_t block = 0; block < plan.blocks; ++block) {
      SmallVector<Value> args{em.tensorMapAddresses[copy.map]};
      llvm::append_range(args,
                         tmaCoordinates(em, plan, o.getIndex(), block));
      args.push_back(arith::AddIOp::create(
          b, loc, address, em.cI32(block * plan.blockStride)));
      em.inlinePtx(text, constraints, Type(), args, /*sideEffects=*/true);
    }
    em.inlinePtx("cp.async.bulk.commit_group;\n"
                 "cp.async.bulk.wait_group.read 0;",
                 "", Type(), ValueRange(), /*sideEffects=*/true);
  });
}

/// Waits, in the threads that run it, until `barrier` has completed the
/// phase of parity `parity`.
static void waitForPhase(KernelEmitter &em, Value barrier, Value parity) {
  em.inlinePtx("{\n.reg .pred done;\nwaitPhase${:uid}:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;\n"
               "@!done bra waitPhase${:uid};\n}",
               "r,r", Type(), ValueRange{barrier, parity},
               /*sideEffects=*/true);
}

/// An async_load that TMA makes: thread 0 expects the box's bytes on the
/// stage's barrier and starts one cp.async.bulk.tensor per column block of
/// the buffer, at the tile's coordinates in the tensor map's dimensions
/// (out-of-bounds elements arrive as zeros).
static void emitTmaCopy(KernelEmitter &em, AsyncLoadOp o,
                        const KernelEmitter::TmaCopy &copy) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  const TensorMapPlan &plan = copy.plan;
  Value slotBase = ringSlotAddress(em, o.getRing(), o.getSlot());
  Value barrier = mbarrierAddress(em, o.getBarriers(), em.get(o.getSlot()));
  Value map = em.tensorMapAddresses[copy.map];
  int64_t rank = plan.tileDimOf.size();
  std::string constraints = "r,l";
  std::string text = "cp.async.bulk.tensor." + std::to_string(rank) +
                     "d.shared::cluster.global.tile.mbarrier::complete_tx::"
                     "bytes [$0], [$1, " +
                     tmaCoordinateOperands(rank, 2, constraints) + "], [$" +
                     std::to_string(rank + 2) + "];";
  constraints += ",r";
  Value issues = em.isThread0();
  if (o.getPredicate())
    issues = arith::AndIOp::create(b, loc, issues, em.get(o.getPredicate()));
  em.buildIfThen(issues, [&] {
    for (int64_t block = 0; block < plan.blocks; ++block) {
      // The block's buffer address and its first coordinate move along.
      SmallVector<Value> args{
          arith::AddIOp::create(b, loc, slotBase,
                                em.cI32(block * plan.blockStride)),
          map};
      llvm::append_range(args,
                         tmaCoordinates(em, plan, o.getIndex(), block));
      args.push_back(barrier);
      em.inlinePtx("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [$0], " +
                       std::to_string(plan.boxBytes) + ";",
                   "r", Type(), ValueRange{barrier}, /*sideEffects=*/true);
      em.inlinePtx(text, constraints, Type(), args, /*sideEffects=*/true);
    }
  });
}

/// Rounds the f32 values of buffer `slot` of each ring of `o` to tf32 in
/// place, each value once: the buffer's 16-byte chunks (4-byte words where
/// it has no whole ones) dealt to the threads round-robin; then the CTA
/// barrier, after which every warp reads the rounded values.
static void emitRingRound(KernelEmitter &em, MemoryEmitter &mem,
                          RingRoundOp o) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  Type f32 = b.getF32Type();
  Type tf32 = FloatTF32Type::get(em.ctx());
  constexpr unsigned kShared = 3;
  int64_t threads = em.numThreads();
  for (auto [ring, mode] : llvm::zip(o.getRings(), o.getModes())) {
    RoundingMode rounding = cast<RoundingModeAttr>(mode).getValue();
    int64_t bytes = cast<RingType>(ring.getType()).getSlotBytes();
    int64_t width = bytes % 16 == 0 ? 4 : 1;
    int64_t chunks = bytes / (4 * width);
    Value base = ringSlotAddress(em, ring, o.getSlot());
    for (int64_t first = 0; first < chunks; first += threads) {
      Value chunk = arith::AddIOp::create(b, loc, em.threadId(),
                                          em.cI32(first));
      auto round = [&] {
        Value address = arith::AddIOp::create(
            b, loc, base,
            arith::MulIOp::create(b, loc, chunk, em.cI32(4 * width)));
        SmallVector<Value> values =
            mem.loadVector(address, f32, width, kShared);
        for (Value &value : values)
          value = em.convertFloat(value, f32, tf32, rounding);
        mem.storeVector(address, values, f32, kShared);
      };
      if (first + threads <= chunks)
        round();
      else
        em.buildIfThen(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                             chunk, em.cI32(chunks)),
                       round);
    }
  }
  em.barrier();
}

/// async_load: the threads deal the ring buffer's rows, in runs of up to
/// 16 bytes along the view's contiguous dimension, round-robin (the tile's
/// register layout plays no part: the copies bypass registers). Each run is
/// one cp.async (source size = its elements inside the view, the rest of it
/// zero-filled) or, where the view's accesses cannot be such copies
/// (alignment not known, a padding value other than zero, memory that is
/// not global, memory not contiguous along the buffer's rows), element
/// copies through registers. A predicate that does not hold makes every
/// run out of bounds: zeros, no byte read.
static LogicalResult emitAsyncLoad(KernelEmitter &em, MemoryEmitter &mem,
                                   AsyncLoadOp o) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  auto viewTile = cast<TileType>(o.getViewTile());
  RingType ring = o.getRing().getType();
  bool transposed = ring.getTransposed();
  ArrayRef<int64_t> ringShape = cast<TileType>(ring.getTile()).getShape();
  ArrayRef<int64_t> viewShape = viewTile.getShape();
  Type elem = viewTile.getElementType();
  int64_t eBytes = KernelEmitter::storageBytes(elem);
  int64_t tileRows = ringShape[ringShape.size() - 2];
  int64_t tileCols = ringShape.back();
  int64_t matrices = viewTile.getNumElements() / (tileRows * tileCols);
  // A buffer row: a tile row (elements one apart in the row-major index),
  // or, transposed, a tile column (tileCols apart).
  int64_t rowElems = ring.getRowElems();
  int64_t rowsPerMatrix = transposed ? tileCols : tileRows;
  int64_t elemStride = transposed ? tileCols : 1;
  FailureOr<ViewAccess> access =
      ViewAccess::build(em, o, o.getView(), o.getIndex(), viewTile);
  if (failed(access))
    return failure();
  std::optional<TiledView> tv = TiledView::of(em, o.getView());
  int64_t rowDim = walkingDimension(viewShape, rowElems, elemStride);
  if (rowDim < 0 || tv->isGather)
    return o.emitError("the view tile cannot fill the ring: no dimension of "
                       "it is the ring's rows");
  // Copies of up to 16 bytes along rowDim: contiguous in memory, their
  // first addresses aligned to the copy.
  const ViewValue &view = *tv->view;
  unsigned elemZeros = llvm::Log2_64(eBytes);
  int64_t v = std::min<int64_t>(rowElems, 16 / eBytes);
  unsigned zeros = std::min<unsigned>(view.baseZeros,
                                      elemZeros + llvm::Log2_64(v));
  for (int64_t d = 0; d < int64_t(viewShape.size()); ++d)
    if (d != rowDim && viewShape[d] > 1)
      zeros = std::min(zeros, view.strideZeros[tv->dimMap[d]] + elemZeros);
  int64_t copyBytes = std::min<int64_t>(v * eBytes, int64_t(1) << zeros);
  bool zeroPadding =
      !tv->padding || tv->padding.getValue() == PaddingValue::Zero;
  bool async = view.global && zeroPadding &&
               view.staticStrides[tv->dimMap[rowDim]] == 1 &&
               tv->steps[rowDim] % v == 0 &&
               (copyBytes == 4 || copyBytes == 8 || copyBytes == 16);
  int64_t run = async ? copyBytes / eBytes : 1;

  OperandSwizzle swizzle = OperandSwizzle::forTile(
      matrices * rowsPerMatrix, rowElems * eBytes);
  SharedAddresses destinations(em,
                               ringSlotAddress(em, o.getRing(), o.getSlot()),
                               KernelEmitter::ringSlotAlignment(ring));
  Value predicate = o.getPredicate() ? em.get(o.getPredicate()) : Value();
  int64_t runsPerRow = rowElems / run;
  int64_t total = matrices * rowsPerMatrix * runsPerRow;
  int64_t threads = em.numThreads();
  auto mul = [&](Value x, int64_t c) -> Value {
    return arith::MulIOp::create(b, loc, x, em.cI32(c));
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  for (int64_t first = 0; first < total; first += threads) {
    Value chunk = add(em.threadId(), em.cI32(first));
    auto copy = [&] {
      Value bufferRow =
          arith::DivUIOp::create(b, loc, chunk, em.cI32(runsPerRow));
      Value at = mul(
          arith::RemUIOp::create(b, loc, chunk, em.cI32(runsPerRow)), run);
      Value matrix =
          arith::DivUIOp::create(b, loc, bufferRow, em.cI32(rowsPerMatrix));
      Value line =
          arith::RemUIOp::create(b, loc, bufferRow, em.cI32(rowsPerMatrix));
      // Row-major index in the tile of the run's first element.
      Value e = transposed
                    ? add(mul(add(mul(matrix, tileRows), at), tileCols), line)
                    : add(mul(bufferRow, tileCols), at);
      SmallVector<Value> c = em.delinearize(e, viewShape);
      SharedAddresses::Address dst = destinations.at(
          em.swizzledOffset(swizzle, bufferRow, mul(at, eBytes)));
      if (async) {
        // A run that reads nothing keeps its address, which may lie outside
        // the view: with source size 0 cp.async reads no byte of it.
        ViewAccess::Run r = access->runAt(c, rowDim, run, predicate);
        em.inlinePtx((copyBytes == 16 ? "cp.async.cg" : "cp.async.ca") +
                         std::string(".shared.global ") + dst.operand(0) +
                         ", [$1], " + std::to_string(copyBytes) + ", $2;",
                     "r,l,r", Type(), ValueRange{dst.reg, r.address, r.bytes});
        return;
      }
      Value count = access->runInBoundsAt(c, rowDim, run);
      if (predicate)
        count = arith::SelectOp::create(b, loc, predicate, count, em.cI32(0));
      Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                           count, em.cI32(0));
      Value value =
          em.buildIf(inside, {em.scalarType(elem)},
                     [&]() -> SmallVector<Value> {
                       return {mem.load(access->addressAt(c), elem,
                                        MemoryOrdering::Weak, std::nullopt,
                                        view.global ? 1 : 0)};
                     },
                     [&]() -> SmallVector<Value> {
                       return {paddingValue(em, tv->padding, elem)};
                     })
              .front();
      Value wide = arith::ExtUIOp::create(
          b, loc, b.getI64Type(),
          dst.immediate ? add(dst.reg, em.cI32(dst.immediate)) : dst.reg);
      Value ptr = LLVM::IntToPtrOp::create(
          b, loc, LLVM::LLVMPointerType::get(em.ctx(), 3), wide);
      LLVM::StoreOp::create(b, loc, value, ptr, unsigned(eBytes));
    };
    if (first + threads <= total)
      copy();
    else
      em.buildIfThen(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           chunk, em.cI32(total)),
                     copy);
  }
  return success();
}

std::optional<LogicalResult> KernelEmitter::emitMemory(Operation *op) {
  MemoryEmitter mem(*this);
  return TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      // Tokens.
      .Case([&](MakeTokenOp o) -> LogicalResult {
        setToken(o.getResult(), false);
        return success();
      })
      .Case([&](JoinTokensOp o) -> LogicalResult {
        bool pending = false;
        for (Value t : o.getTokens())
          pending |= tokenPending(t);
        setToken(o.getResult(), pending);
        return success();
      })
      // Programmatic dependent launch exists from sm_90; below, both ops are
      // no-ops as the spec says.
      .Case([&](GdcLaunchDependentsTkoOp o) -> LogicalResult {
        syncOnToken(o.getToken());
        if (target().sm >= 90)
          inlinePtx("griddepcontrol.launch_dependents;", "", Type(), {},
                    /*sideEffects=*/true);
        setToken(o.getResultToken(), false);
        return success();
      })
      .Case([&](GdcWaitTkoOp o) -> LogicalResult {
        syncOnToken(o.getToken());
        if (target().sm >= 90)
          inlinePtx("griddepcontrol.wait;", "", Type(), {},
                    /*sideEffects=*/true);
        setToken(o.getResultToken(), false);
        return success();
      })
      .Case([&](MemoryFenceAliasTkoOp o) -> LogicalResult {
        syncOnToken(o.getToken());
        inlinePtx("fence.proxy.alias;", "", Type(), {}, /*sideEffects=*/true);
        setToken(o.getResultToken(), false);
        return success();
      })
      // Globals and allocations.
      .Case([&](GetGlobalOp o) -> LogicalResult {
        set(o, genericAddressOf(*this, ptxSymbolName(o.getName()), 1));
        return success();
      })
      .Case([&](AllocaOp o) -> LogicalResult {
        Type pointee =
            cast<PointerType>(elementTypeOf(o.getResult())).getPointeeType();
        int64_t bytes = std::max<int64_t>(
            1, isSubByte(pointee) ? (int64_t(o.getNumElem()) + 1) / 2
                                  : int64_t(o.getNumElem()) *
                                        storageBytes(pointee));
        uint64_t align = std::max<uint64_t>(
            {o.getAlignment(), uint64_t(storageBytes(pointee)), 1});
        if (!llvm::isPowerOf2_64(align))
          return o.emitError("alloca alignment must be a power of two");
        if (o.getGlobal()) {
          // Device heap memory, allocated by thread 0 and released when the
          // enclosing block ends.
          Type i64 = b.getI64Type();
          auto ptr = LLVM::LLVMPointerType::get(ctx());
          int64_t extra = align > 16 ? int64_t(align) - 1 : 0;
          SmallVector<Value> got = buildIf(
              isThread0(), {i64, i64},
              [&]() -> SmallVector<Value> {
                Value raw = callFunction("malloc", ptr, {cI64(bytes + extra)});
                Value address = LLVM::PtrToIntOp::create(b, loc, i64, raw);
                Value aligned = address;
                if (extra)
                  aligned = arith::AndIOp::create(
                      b, loc, arith::AddIOp::create(b, loc, address,
                                                    cI64(extra)),
                      cI64(~int64_t(align - 1)));
                return {address, aligned};
              },
              [&]() -> SmallVector<Value> { return {cI64(0), cI64(0)}; });
          freeAtScopeEnd(got[0]);
          set(o, broadcastFromThread0(got[1], b.getI64Type()));
          return success();
        }
        std::string name = module.uniqueName(
            "__cudatile_alloca_" + ptxSymbolName(entry.getSymName()));
        auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes);
        module.createGlobal(loc, name, type, /*isConstant=*/false,
                            LLVM::Linkage::Internal, Attribute(), align,
                            /*addrSpace=*/3);
        allocaBytes = llvm::alignTo(allocaBytes, align) + bytes;
        set(o, genericAddressOf(*this, name, 3));
        return success();
      })
      // Views.
      .Case([&](MakeTensorViewOp o) -> LogicalResult {
        auto tv = cast<TensorViewType>(o.getType());
        auto view = std::make_unique<ViewValue>();
        view->type = tv;
        view->tensorView = tv;
        view->elementType = tv.getElementType();
        view->base = get(o.getBase());
        auto dynShape = o.getDynamicShape();
        auto dynStrides = o.getDynamicStrides();
        size_t nextShape = 0, nextStride = 0;
        auto widen = [&](Value v) -> Value {
          v = get(v);
          if (v.getType() != b.getI64Type())
            v = arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
          return v;
        };
        for (int64_t d : tv.getShape())
          view->sizes.push_back(ShapedType::isDynamic(d)
                                    ? widen(dynShape[nextShape++])
                                    : cI64(d));
        for (int64_t s : tv.getStrides())
          view->strides.push_back(ShapedType::isDynamic(s)
                                      ? widen(dynStrides[nextStride++])
                                      : cI64(s));
        SmallVector<unsigned> sizeZeros, strideZeros;
        for (Value v : dynShape)
          sizeZeros.push_back(facts.getKnownTrailingZeros(v));
        for (Value v : dynStrides)
          strideZeros.push_back(facts.getKnownTrailingZeros(v));
        view->setShapeFacts(sizeZeros, strideZeros);
        PointerFacts base = pointerFacts(*this, o.getBase());
        view->baseZeros = base.zeros;
        view->global = base.global;
        setView(o.getResult(), std::move(view));
        return success();
      })
      .Case<MakePartitionViewOp, MakeStridedViewOp,
            MakeGatherScatterViewOp>([&](Operation *o) -> LogicalResult {
        ViewValue *source = getView(o->getOperand(0));
        if (!source)
          return o->emitError("view operand was not lowered");
        auto view = std::make_unique<ViewValue>(*source);
        view->type = o->getResult(0).getType();
        setView(o->getResult(0), std::move(view));
        return success();
      })
      .Case([&](GetTensorShapeOp o) -> LogicalResult {
        ViewValue *view = getView(o.getSrc());
        if (!view)
          return o.emitError("view operand was not lowered");
        for (auto [r, size] : llvm::zip_equal(o.getResults(), view->sizes)) {
          Type t = scalarType(elementTypeOf(r));
          set(r, t == size.getType()
                     ? size
                     : arith::TruncIOp::create(b, loc, t, size).getResult());
        }
        return success();
      })
      .Case([&](GetIndexSpaceShapeOp o) -> LogicalResult {
        std::optional<TiledView> tv = TiledView::of(*this, o.getSrc());
        if (!tv)
          return o.emitError("view operand was not lowered");
        for (auto [d, r] : llvm::enumerate(o.getResults())) {
          Value size = tv->view->sizes[tv->dimMap[d]];
          Value count = size;
          if (!tv->isGather) {
            int64_t step = tv->steps[d];
            count = arith::DivUIOp::create(
                b, loc, arith::AddIOp::create(b, loc, size, cI64(step - 1)),
                cI64(step));
          }
          Type t = scalarType(elementTypeOf(r));
          set(r, t == count.getType()
                     ? count
                     : arith::TruncIOp::create(b, loc, t, count).getResult());
        }
        return success();
      })
      // Pointer loads and stores.
      .Case([&](LoadPtrTkoOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getResult().getType());
        Type elem = type.getElementType();
        if (isSubByte(elem))
          return o.emitError("load_ptr_tko of ")
                 << elem
                 << " elements is not supported: pointers address whole "
                    "bytes; load packed 4-bit data through a tensor_view";
        syncOnToken(o.getToken());
        MemoryOrdering ordering = o.getMemoryOrderingSemantics();
        std::optional<MemoryScope> scope = o.getMemoryScope();
        Layout layout = layoutOf(type);
        VectorPlan vectors = planPointerAccess(*this, type, o.getSource(),
                                               o.getMask(), ordering);
        remarkAccess(*this, o, "load", type, vectors, /*global=*/false);
        Value ptrs = get(o.getSource());
        Value mask = o.getMask() ? get(o.getMask()) : Value();
        Value pad = o.getPaddingValue() ? get(o.getPaddingValue()) : Value();
        Type scalar = scalarType(elem);
        Value zero = isa<FloatType>(scalar) ? cFloatLike(scalar, 0.0)
                                            : cIntLike(scalar, 0);
        auto loadSlot = [&](int64_t k) -> Value {
          Value p = lane(ptrs, k);
          if (!mask)
            return mem.load(p, elem, ordering, scope);
          Value otherwise = pad ? lane(pad, k) : zero;
          return buildIf(lane(mask, k), {scalar},
                         [&]() -> SmallVector<Value> {
                           return {mem.load(p, elem, ordering, scope)};
                         },
                         [&]() -> SmallVector<Value> { return {otherwise}; })
              .front();
        };
        Value result;
        if (int64_t count = vectors.accessElems; count > 1) {
          // One access per `count` slots: behind the mask of the first where
          // the mask holds still over an access; else where all of its
          // lanes hold, element by element otherwise. Then one test of all
          // lanes first keeps the common path branch-free.
          SmallVector<Type> types(count, scalar);
          auto loadAll = [&](bool tested) {
            SmallVector<Value> parts;
            for (int64_t k = 0; k < layout.slots(); k += count) {
              Value p = lane(ptrs, k);
              if (!mask || !tested) {
                llvm::append_range(parts, mem.loadVector(p, elem, count, 0));
                continue;
              }
              Value cond = vectors.wholeRuns ? lane(mask, k)
                                             : allLanes(*this, mask, k, count);
              llvm::append_range(
                  parts,
                  buildIf(
                      cond, types,
                      [&]() -> SmallVector<Value> {
                        return mem.loadVector(p, elem, count, 0);
                      },
                      [&]() -> SmallVector<Value> {
                        SmallVector<Value> slots;
                        for (int64_t i = 0; i < count; ++i)
                          slots.push_back(vectors.wholeRuns
                                              ? (pad ? lane(pad, k + i) : zero)
                                              : loadSlot(k + i));
                        return slots;
                      }));
            }
            return parts;
          };
          SmallVector<Value> parts;
          if (mask && !vectors.wholeRuns)
            parts = buildIf(
                allLanes(*this, mask, 0, layout.slots()),
                SmallVector<Type>(layout.slots(), scalar),
                [&]() -> SmallVector<Value> { return loadAll(false); },
                [&]() -> SmallVector<Value> { return loadAll(true); });
          else
            parts = loadAll(true);
          result = fromLanes(parts, loweredType(type));
        } else if (layout.isUniform() && ordering != MemoryOrdering::Weak) {
          // One thread performs a synchronizing load; all see its value.
          Value v = buildIf(isThread0(), {scalar},
                            [&]() -> SmallVector<Value> { return {loadSlot(0)}; },
                            [&]() -> SmallVector<Value> { return {zero}; })
                        .front();
          result = broadcastFromThread0(v, elem);
        } else {
          SmallVector<Value> parts;
          for (int64_t k = 0; k < layout.slots(); ++k)
            parts.push_back(loadSlot(k));
          result = fromLanes(parts, loweredType(type));
        }
        if (acquires(ordering))
          barrier();
        set(o.getResult(), result);
        setToken(o.getResultToken(), true);
        return success();
      })
      .Case([&](StorePtrTkoOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getValue().getType());
        Type elem = type.getElementType();
        if (isSubByte(elem))
          return o.emitError("store_ptr_tko of ")
                 << elem
                 << " elements is not supported: pointers address whole "
                    "bytes; store packed 4-bit data through a tensor_view";
        syncOnToken(o.getToken());
        MemoryOrdering ordering = o.getMemoryOrderingSemantics();
        std::optional<MemoryScope> scope = o.getMemoryScope();
        if (releases(ordering))
          barrier();
        Layout layout = layoutOf(type);
        VectorPlan vectors = planPointerAccess(*this, type, o.getDestination(),
                                               o.getMask(), ordering);
        remarkAccess(*this, o, "store", type, vectors, /*global=*/false);
        Value ptrs = get(o.getDestination());
        Value values = get(o.getValue());
        Value mask = o.getMask() ? get(o.getMask()) : Value();
        if (int64_t count = vectors.accessElems; count > 1) {
          // One access per `count` slots where the mask holds for them (the
          // first's, where it holds still); element stores otherwise.
          for (int64_t k = 0; k < layout.slots(); k += count) {
            Value owns = ownsSlot(layout, k);
            Value cond = owns;
            if (mask)
              cond = arith::AndIOp::create(
                  b, loc, cond,
                  vectors.wholeRuns ? lane(mask, k)
                                    : allLanes(*this, mask, k, count));
            Value p = lane(ptrs, k);
            SmallVector<Value> elements;
            for (int64_t i = 0; i < count; ++i)
              elements.push_back(lane(values, k + i));
            if (!mask || vectors.wholeRuns) {
              buildIfThen(cond,
                          [&] { mem.storeVector(p, elements, elem, 0); });
              continue;
            }
            buildIf(
                cond, {},
                [&]() -> SmallVector<Value> {
                  mem.storeVector(p, elements, elem, 0);
                  return {};
                },
                [&]() -> SmallVector<Value> {
                  for (int64_t i = 0; i < count; ++i) {
                    Value one = arith::AndIOp::create(b, loc, owns,
                                                      lane(mask, k + i));
                    Value pi = lane(ptrs, k + i), vi = lane(values, k + i);
                    buildIfThen(one, [&] {
                      mem.store(pi, vi, elem, ordering, scope);
                    });
                  }
                  return {};
                });
          }
          setToken(o.getResultToken(), true);
          return success();
        }
        for (int64_t k = 0; k < layout.slots(); ++k) {
          Value cond = ownsSlot(layout, k);
          if (mask)
            cond = arith::AndIOp::create(b, loc, cond, lane(mask, k));
          Value p = lane(ptrs, k), v = lane(values, k);
          buildIfThen(cond, [&] { mem.store(p, v, elem, ordering, scope); });
        }
        setToken(o.getResultToken(), true);
        return success();
      })
      // View loads and stores.
      .Case([&](LoadViewTkoOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getTile().getType());
        Type elem = type.getElementType();
        syncOnToken(o.getToken());
        MemoryOrdering ordering = o.getMemoryOrderingSemantics();
        std::optional<MemoryScope> scope = o.getMemoryScope();
        FailureOr<ViewAccess> access =
            ViewAccess::build(*this, o, o.getView(), o.getIndex(), type,
                       o.getInboundsAttr());
        if (failed(access))
          return failure();
        std::optional<TiledView> tv = TiledView::of(*this, o.getView());
        Value pad = paddingValue(*this, tv->padding, elem);
        Type scalar = scalarType(elem);
        Layout layout = layoutOf(type);
        VectorPlan vectors = planVectorAccess(*this, *tv, type, ordering,
                                              o.getInboundsAttr());
        unsigned space = tv->view->global ? 1 : 0;
        remarkAccess(*this, o, "view load", type, vectors, space == 1);
        auto loadSlot = [&](int64_t k) -> Value {
          ViewAccess::Slot slot = access->slot(k);
          return buildIf(slot.inBounds, {scalar},
                         [&]() -> SmallVector<Value> {
                           if (isSubByte(elem))
                             return {loadNibble(*this, mem, slot.address,
                                                slot.nibble, ordering, scope)};
                           return {mem.load(slot.address, elem, ordering,
                                            scope, space)};
                         },
                         [&]() -> SmallVector<Value> { return {pad}; })
              .front();
        };
        Value result;
        if (vectors.accessElems > 1) {
          // One check per run: vector accesses where the run is inside the
          // view, padding (or element checks at the edge) where it is not;
          // one check of all runs first keeps the common path branch-free.
          int64_t run = vectors.runElems;
          auto loadRun = [&](int64_t k0) {
            SmallVector<Value> loaded;
            for (int64_t i = 0; i < run; i += vectors.accessElems)
              llvm::append_range(
                  loaded, mem.loadVector(access->address(k0 + i), elem,
                                         vectors.accessElems, space));
            return loaded;
          };
          SmallVector<Type> types(layout.slots(), scalar);
          SmallVector<Value> parts = buildIf(
              runsInside(*access, layout, run), types,
              [&]() -> SmallVector<Value> {
                SmallVector<Value> loaded;
                for (int64_t k0 = 0; k0 < layout.slots(); k0 += run)
                  llvm::append_range(loaded, loadRun(k0));
                return loaded;
              },
              [&]() -> SmallVector<Value> {
                SmallVector<Value> loaded;
                SmallVector<Type> runTypes(run, scalar);
                for (int64_t k0 = 0; k0 < layout.slots(); k0 += run)
                  llvm::append_range(
                      loaded,
                      buildIf(
                          runsInside(*access, layout, run, k0), runTypes,
                          [&]() -> SmallVector<Value> { return loadRun(k0); },
                          [&]() -> SmallVector<Value> {
                            if (vectors.wholeRuns)
                              return SmallVector<Value>(run, pad);
                            SmallVector<Value> slots;
                            for (int64_t i = 0; i < run; ++i)
                              slots.push_back(loadSlot(k0 + i));
                            return slots;
                          }));
                return loaded;
              });
          result = fromLanes(parts, loweredType(type));
        } else if (layout.isUniform() && ordering != MemoryOrdering::Weak) {
          Value v = buildIf(isThread0(), {scalar},
                            [&]() -> SmallVector<Value> { return {loadSlot(0)}; },
                            [&]() -> SmallVector<Value> { return {pad}; })
                        .front();
          result = broadcastFromThread0(v, elem);
        } else {
          SmallVector<Value> parts;
          for (int64_t k = 0; k < layout.slots(); ++k)
            parts.push_back(loadSlot(k));
          result = fromLanes(parts, loweredType(type));
        }
        if (acquires(ordering))
          barrier();
        set(o.getTile(), result);
        setToken(o.getResultToken(), true);
        return success();
      })
      // Rings of matmul operand buffers (-cudatile-pipeline-operands).
      .Case([&](AllocRingOp o) -> LogicalResult {
        // Rings lie one after another in the kernel's dynamic shared memory.
        RingType ring = o.getRing().getType();
        int64_t offset = llvm::alignTo(ringBytes, kRingAlignment);
        ringBytes = offset + ring.getStages() * ring.getSlotBytes();
        set(o.getRing(), dynamicSharedAt(*this, offset));
        return success();
      })
      .Case([&](RingRoundOp o) -> LogicalResult {
        emitRingRound(*this, mem, o);
        return success();
      })
      .Case([&](RingTileOp o) -> LogicalResult {
        // The buffer's 32-bit shared address; mmaf / mmai read it.
        set(o.getTile(), ringSlotAddress(*this, o.getRing(), o.getSlot()));
        return success();
      })
      .Case([&](AllocMBarriersOp o) -> LogicalResult {
        // After the rings in dynamic shared memory; thread 0 initializes
        // them (one arrival per phase), visible to the async proxy and then
        // to the CTA.
        int64_t stages = o.getBarriers().getType().getStages();
        set(o.getBarriers(),
            dynamicSharedAt(*this, mbarrierBase + mbarrierBytes));
        mbarrierBytes += stages * 8;
        int64_t arrivals = o.getPerWarp() ? numThreads() / 32 : 1;
        buildIfThen(isThread0(), [&] {
          for (int64_t s = 0; s < stages; ++s)
            inlinePtx(("mbarrier.init.shared::cta.b64 [$0], " +
                       Twine(arrivals) + ";")
                          .str(),
                      "r", Type(),
                      ValueRange{mbarrierAddress(*this, o.getBarriers(), cI32(s))},
                      /*sideEffects=*/true);
          inlinePtx("fence.mbarrier_init.release.cluster;", "", Type(),
                    ValueRange(), /*sideEffects=*/true);
        });
        barrier();
        return success();
      })
      .Case([&](AsyncLoadOp o) -> LogicalResult {
        auto tma = tmaCopies.find(o);
        if (tma != tmaCopies.end()) {
          emitTmaCopy(*this, o, tma->second);
          return success();
        }
        return emitAsyncLoad(*this, mem, o);
      })
      .Case([&](AsyncCommitOp o) -> LogicalResult {
        // (A kernel whose rings only TMA fills has no cp.async group.)
        if (ringsWrittenGenerically)
          inlinePtx("cp.async.commit_group;", "", Type(), ValueRange());
        // The group's TMA copies expected their bytes: the arrival lets the
        // phase complete once they have landed.
        if (o.getBarriers()) {
          Value barrier =
              mbarrierAddress(*this, o.getBarriers(), get(o.getSlot()));
          buildIfThen(isThread0(), [&] {
            inlinePtx("mbarrier.arrive.shared::cta.b64 _, [$0];", "r", Type(),
                      ValueRange{barrier}, /*sideEffects=*/true);
          });
        }
        return success();
      })
      .Case([&](AsyncWaitOp o) -> LogicalResult {
        if (o.getBarriers())
          waitForPhase(*this,
                       mbarrierAddress(*this, o.getBarriers(), get(o.getSlot())),
                       get(o.getParity()));
        if (ringsWrittenGenerically)
          inlinePtx(
              ("cp.async.wait_group " + Twine(o.getPending()) + ";").str(), "",
              Type(), ValueRange());
        // wgmma reads the rings through the async proxy: the copies this
        // thread waited for are made visible to it before the barrier
        // (TMA writes through the async proxy itself: none needed).
        if (readsRingsAsynchronously && ringsWrittenGenerically)
          inlinePtx("fence.proxy.async.shared::cta;", "", Type(), ValueRange());
        if (!o.getReleased() || ringsWrittenGenerically)
          barrier();
        return success();
      })
      .Case([&](RingReleaseOp o) -> LogicalResult {
        if (!o.getBarriers()) {
          barrier();
          return success();
        }
        // The warp's lanes have all read (bar.warp.sync orders their reads
        // before the arrival's release); its first lane arrives.
        auto arrive = [&] {
          inlinePtx("{\n.reg .pred first;\n.reg .b32 lane;\n"
                    "mov.u32 lane, %laneid;\nsetp.eq.u32 first, lane, 0;\n"
                    "bar.warp.sync -1;\n"
                    "@first mbarrier.arrive.shared::cta.b64 _, [$0];\n}",
                    "r", Type(),
                    ValueRange{mbarrierAddress(*this, o.getBarriers(),
                                               get(o.getSlot()))},
                    /*sideEffects=*/true);
        };
        if (o.getPredicate())
          buildIfThen(get(o.getPredicate()), arrive);
        else
          arrive();
        return success();
      })
      .Case([&](RingAcquireOp o) -> LogicalResult {
        // Where TMA makes every copy into the rings, thread 0 alone starts
        // them; cp.async copies are every thread's.
        Value barrier =
            mbarrierAddress(*this, o.getBarriers(), get(o.getSlot()));
        if (ringsWrittenGenerically)
          waitForPhase(*this, barrier, get(o.getParity()));
        else
          buildIfThen(isThread0(),
                      [&] { waitForPhase(*this, barrier, get(o.getParity())); });
        return success();
      })
      .Case([&](MmaWaitOp o) -> LogicalResult {
        return emitMmaWait(*this, o);
      })
      .Case([&](StoreViewTkoOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getTile().getType());
        Type elem = type.getElementType();
        syncOnToken(o.getToken());
        if (auto tma = tmaStores.find(o); tma != tmaStores.end()) {
          emitTmaStore(*this, o, tma->second);
          setToken(o.getResultToken(), true);
          return success();
        }
        MemoryOrdering ordering = o.getMemoryOrderingSemantics();
        std::optional<MemoryScope> scope = o.getMemoryScope();
        if (releases(ordering))
          barrier();
        FailureOr<ViewAccess> access =
            ViewAccess::build(*this, o, o.getView(), o.getIndex(), type,
                       o.getInboundsAttr());
        if (failed(access))
          return failure();
        std::optional<TiledView> tv = TiledView::of(*this, o.getView());
        unsigned space = tv->view->global ? 1 : 0;
        Value values = get(o.getTile());
        // Stores the slots of `layout`, slot k holding `valueOf(k)`.
        auto storeSlots = [&](const Layout &layout, const VectorPlan &vectors,
                              function_ref<Value(int64_t)> valueOf) {
          auto storeSlot = [&](int64_t k) {
            ViewAccess::Slot slot = access->slot(k);
            Value cond = arith::AndIOp::create(b, loc, ownsSlot(layout, k),
                                               slot.inBounds);
            Value v = valueOf(k);
            buildIfThen(cond, [&] {
              if (isSubByte(elem))
                storeNibble(*this, mem, slot.address, slot.nibble, v,
                            scope.value_or(MemoryScope::Device));
              else
                mem.store(slot.address, v, elem, ordering, scope, space);
            });
          };
          if (vectors.accessElems <= 1) {
            for (int64_t k = 0; k < layout.slots(); ++k)
              storeSlot(k);
            return;
          }
          // Vectorized runs are never replicated: every thread owns its.
          int64_t run = vectors.runElems;
          auto storeRun = [&](int64_t k0) {
            for (int64_t i = 0; i < run; i += vectors.accessElems) {
              SmallVector<Value> elements;
              for (int64_t j = 0; j < vectors.accessElems; ++j)
                elements.push_back(valueOf(k0 + i + j));
              mem.storeVector(access->address(k0 + i), elements, elem, space);
            }
          };
          buildIf(
              runsInside(*access, layout, run), TypeRange{},
              [&]() -> SmallVector<Value> {
                for (int64_t k0 = 0; k0 < layout.slots(); k0 += run)
                  storeRun(k0);
                return {};
              },
              [&]() -> SmallVector<Value> {
                for (int64_t k0 = 0; k0 < layout.slots(); k0 += run)
                  buildIf(
                      runsInside(*access, layout, run, k0), TypeRange{},
                      [&]() -> SmallVector<Value> {
                        storeRun(k0);
                        return {};
                      },
                      [&]() -> SmallVector<Value> {
                        if (!vectors.wholeRuns)
                          for (int64_t i = 0; i < run; ++i)
                            storeSlot(k0 + i);
                        return {};
                      });
                return {};
              });
        };
        if (std::optional<RunsStore> runs = planRunsStore(
                *this, o, *tv, type, ordering, o.getInboundsAttr())) {
          const PartedConversion &parted = runs->parted;
          remark(o, /*passed=*/true,
                 "view store of " + Twine(runs->partLayout.numElements *
                                          parted.getNumParts()) +
                     " elements regrouped from the accumulator layout into " +
                     Twine(KernelPlan::kVectorBytes) + "-byte runs through " +
                     Twine(parted.plan.sharedBytes) + " bytes of " +
                     (runs->inRings ? "the rings' shared memory (idle after "
                                      "their loops)"
                                    : "scratch shared memory") +
                     ", in " + Twine(parted.getNumParts()) + " part(s)");
          remarkAccess(*this, o, "view store", type, runs->vectors,
                       space == 1);
          for (unsigned part = 0; part < parted.getNumParts(); ++part) {
            SmallVector<Value> sources;
            for (unsigned r = 0; r < parted.plan.numSrcRegisters; ++r)
              sources.push_back(lane(values, parted.sourceRegister(part, r)));
            SmallVector<Value> registers = exchangeByPlan(
                parted.plan, runs->stores, runs->loads, sources, elem,
                runs->inRings ? dynamicSharedAt(*this, 0) : Value());
            // The part's element index with the part's bits put back.
            access->holdAs(runs->partLayout, [&, part](int64_t k) {
              Value index = elementIndex(runs->partLayout, k);
              for (auto [i, bit] : llvm::enumerate(parted.partElementBits)) {
                Value low = arith::AndIOp::create(
                    b, loc, index, cI32((int64_t(1) << bit) - 1));
                Value high = arith::ShLIOp::create(
                    b, loc, arith::ShRUIOp::create(b, loc, index, cI32(bit)),
                    cI32(bit + 1));
                index = arith::OrIOp::create(b, loc, high, low);
                if ((part >> i) & 1)
                  index = arith::OrIOp::create(b, loc, index,
                                               cI32(int64_t(1) << bit));
              }
              return index;
            });
            storeSlots(runs->partLayout, runs->vectors,
                       [&](int64_t k) { return registers[k]; });
          }
        } else {
          Layout layout = layoutOf(type);
          VectorPlan vectors = planVectorAccess(*this, *tv, type, ordering,
                                                o.getInboundsAttr());
          remarkAccess(*this, o, "view store", type, vectors, space == 1);
          storeSlots(layout, vectors,
                     [&](int64_t k) { return lane(values, k); });
        }
        setToken(o.getResultToken(), true);
        return success();
      })
      // Atomics.
      .Case([&](AtomicRMWTkoOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getArg().getType());
        Type elem = type.getElementType();
        syncOnToken(o.getToken());
        MemoryOrdering ordering = o.getMemoryOrderingSemantics();
        MemoryScope scope = o.getMemoryScope();
        if (releases(ordering))
          barrier();
        Layout layout = layoutOf(type);
        Value ptrs = get(o.getPointers()), args = get(o.getArg());
        Value mask = o.getMask() ? get(o.getMask()) : Value();
        Type scalar = scalarType(elem);
        SmallVector<Value> parts;
        bool failedOp = false;
        for (int64_t k = 0; k < layout.slots(); ++k) {
          Value cond = ownsSlot(layout, k);
          if (mask)
            cond = arith::AndIOp::create(b, loc, cond, lane(mask, k));
          Value p = lane(ptrs, k), v = lane(args, k);
          parts.push_back(
              buildIf(cond, {scalar},
                      [&]() -> SmallVector<Value> {
                        FailureOr<Value> r = mem.rmw(p, v, elem, o.getMode(),
                                                     ordering, scope);
                        if (failed(r)) {
                          failedOp = true;
                          return {v};
                        }
                        return {*r};
                      },
                      [&]() -> SmallVector<Value> {
                        return {isa<FloatType>(scalar)
                                    ? cFloatLike(scalar, 0.0)
                                    : cIntLike(scalar, 0)};
                      })
                  .front());
        }
        if (failedOp)
          return failure();
        Value result = fromLanes(parts, loweredType(type));
        if (layout.isUniform())
          result = broadcastFromThread0(result, elem);
        if (acquires(ordering))
          barrier();
        set(o.getResult(), result);
        setToken(o.getResultToken(), true);
        return success();
      })
      .Case([&](AtomicCASTkoOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getVal().getType());
        Type elem = type.getElementType();
        syncOnToken(o.getToken());
        MemoryOrdering ordering = o.getMemoryOrderingSemantics();
        MemoryScope scope = o.getMemoryScope();
        if (releases(ordering))
          barrier();
        Layout layout = layoutOf(type);
        Value ptrs = get(o.getPointers()), cmps = get(o.getCmp()),
              vals = get(o.getVal());
        Value mask = o.getMask() ? get(o.getMask()) : Value();
        Type scalar = scalarType(elem);
        SmallVector<Value> parts;
        for (int64_t k = 0; k < layout.slots(); ++k) {
          Value cond = ownsSlot(layout, k);
          if (mask)
            cond = arith::AndIOp::create(b, loc, cond, lane(mask, k));
          Value p = lane(ptrs, k), c = lane(cmps, k), v = lane(vals, k);
          parts.push_back(
              buildIf(cond, {scalar},
                      [&]() -> SmallVector<Value> {
                        return {mem.cas(p, c, v, elem, ordering, scope)};
                      },
                      [&]() -> SmallVector<Value> { return {c}; })
                  .front());
        }
        Value result = fromLanes(parts, loweredType(type));
        if (layout.isUniform())
          result = broadcastFromThread0(result, elem);
        if (acquires(ordering))
          barrier();
        set(o.getResult(), result);
        setToken(o.getResultToken(), true);
        return success();
      })
      .Case([&](AtomicRedViewTkoOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getValue().getType());
        Type elem = type.getElementType();
        syncOnToken(o.getToken());
        MemoryOrdering ordering = o.getMemoryOrderingSemantics();
        MemoryScope scope = o.getMemoryScope();
        if (releases(ordering))
          barrier();
        FailureOr<ViewAccess> access =
            ViewAccess::build(*this, o, o.getView(), o.getIndex(), type);
        if (failed(access))
          return failure();
        Layout layout = layoutOf(type);
        Value values = get(o.getValue());
        bool failedOp = false;
        for (int64_t k = 0; k < layout.slots(); ++k) {
          ViewAccess::Slot slot = access->slot(k);
          Value cond =
              arith::AndIOp::create(b, loc, ownsSlot(layout, k), slot.inBounds);
          Value v = lane(values, k);
          buildIfThen(cond, [&] {
            if (failed(mem.rmw(slot.address, v, elem, o.getMode(), ordering,
                               scope)))
              failedOp = true;
          });
        }
        if (failedOp)
          return failure();
        if (acquires(ordering))
          barrier();
        setToken(o.getResultToken(), true);
        return success();
      })
      // Diagnostics.
      .Case([&](PrintTkoOp o) -> LogicalResult {
        syncOnToken(o.getToken());
        SmallVector<TileType> types;
        for (Value v : o.getArgs())
          types.push_back(cast<TileType>(v.getType()));
        PrintPlan plan = planPrint(o.getStr(), types);
        if (!plan.error.empty())
          return o.emitError(plan.error);
        // Argument buffer layout (each argument aligned to its size).
        int64_t total = 0;
        SmallVector<int64_t> offsets;
        int64_t printedElements = 0;
        for (TileType t : types) {
          int64_t size =
              promotedType(*this, t.getElementType()).getIntOrFloatBitWidth() /
              8;
          total = llvm::alignTo(total, size);
          offsets.push_back(total);
          total += size * numElementsOf(t);
          printedElements += numElementsOf(t);
        }
        if (printedElements > 4096)
          return o.emitError("print_tko of ")
                 << printedElements
                 << " elements is not supported (at most 4096 per op)";
        Value buffer = total ? entryAlloca(*this, total, 8) : Value();
        Type i8 = b.getI8Type();
        auto ptr = LLVM::LLVMPointerType::get(ctx());
        auto storeArg = [&](Value value, TileType t, int64_t offset,
                            Value index) {
          Type pt = promotedType(*this, t.getElementType());
          int64_t size = pt.getIntOrFloatBitWidth() / 8;
          Value byteOffset = arith::AddIOp::create(
              b, loc, cI32(offset),
              arith::MulIOp::create(b, loc, index, cI32(size)));
          Value at = LLVM::GEPOp::create(b, loc, ptr, i8, buffer,
                                         ArrayRef<LLVM::GEPArg>{byteOffset});
          LLVM::StoreOp::create(b, loc, promote(*this, value,
                                                t.getElementType()),
                                at, size);
        };
        // Scalars by thread 0; tiles through shared memory in chunks.
        for (auto [i, v] : llvm::enumerate(o.getArgs())) {
          TileType t = types[i];
          Layout layout = layoutOf(t);
          Value lowered = get(v);
          if (layout.isUniform()) {
            buildIfThen(isThread0(),
                        [&] { storeArg(lowered, t, offsets[i], cI32(0)); });
            continue;
          }
          Type elem = t.getElementType();
          int64_t n = layout.numElements;
          int64_t chunk = std::min<int64_t>(
              n, llvm::bit_floor<uint64_t>(scratchCapacity() / storageBytes(elem)));
          reserveScratch(chunk * storageBytes(elem));
          auto copyChunk = [&](Value base) {
            barrier();
            stage(lowered, t, 0, [&](Value e) -> std::pair<Value, Value> {
              Value rel = arith::SubIOp::create(b, loc, e, base);
              Value in = arith::CmpIOp::create(
                  b, loc, arith::CmpIPredicate::ult, rel, cI32(chunk));
              return {in, rel};
            });
            barrier();
            buildIfThen(isThread0(), [&] {
              buildFor(cI32(0), cI32(chunk), cI32(1), {},
                       [&](Value j, ValueRange) -> SmallVector<Value> {
                         Value x = scratchLoad(0, elem, j);
                         storeArg(x, t, offsets[i],
                                  arith::AddIOp::create(b, loc, base, j));
                         return {};
                       });
            });
          };
          if (n == chunk)
            copyChunk(cI32(0));
          else
            buildFor(cI32(0), cI32(n), cI32(chunk), {},
                     [&](Value base, ValueRange) -> SmallVector<Value> {
                       copyChunk(base);
                       return {};
                     });
        }
        buildIfThen(isThread0(), [&] {
          LLVM::GlobalOp fmt = module.getStringLiteral(plan.format);
          Value fmtPtr = LLVM::AddrSpaceCastOp::create(
              b, loc, ptr,
              LLVM::AddressOfOp::create(
                  b, loc, LLVM::LLVMPointerType::get(ctx(), 1),
                  fmt.getSymName()));
          Value args = buffer ? buffer
                              : LLVM::ZeroOp::create(b, loc, ptr).getResult();
          callFunction("vprintf", b.getI32Type(), {fmtPtr, args});
        });
        setToken(o.getResultToken(), false);
        return success();
      })
      .Case([&](AssertOp o) -> LogicalResult {
        auto type = cast<TileType>(o.getCondition().getType());
        Layout layout = layoutOf(type);
        Value cond = get(o.getCondition());
        auto ptr = LLVM::LLVMPointerType::get(ctx());
        auto ptr1 = LLVM::LLVMPointerType::get(ctx(), 1);
        auto literal = [&](StringRef text) -> Value {
          LLVM::GlobalOp g = module.getStringLiteral(text);
          return LLVM::AddrSpaceCastOp::create(
              b, loc, ptr, LLVM::AddressOfOp::create(b, loc, ptr1,
                                                     g.getSymName()));
        };
        std::string file = "<unknown>";
        unsigned line = 0;
        if (auto fl = dyn_cast<FileLineColLoc>(o.getLoc())) {
          file = fl.getFilename().str();
          line = fl.getLine();
        } else if (auto di = dyn_cast<DILocAttr>(o.getLoc())) {
          file = di.getSourceLoc().getFilename().str();
          line = di.getSourceLoc().getLine();
        }
        SmallVector<int64_t> shape(type.getShape());
        for (int64_t k = 0; k < layout.slots(); ++k) {
          Value failedHere = arith::XOrIOp::create(b, loc, lane(cond, k),
                                                   cBool(true));
          Value check =
              arith::AndIOp::create(b, loc, ownsSlot(layout, k), failedHere);
          buildIfThen(check, [&] {
            if (!shape.empty()) {
              // Report the element index before aborting.
              std::string fmt = "assertion failed at index [";
              for (size_t d = 0; d < shape.size(); ++d)
                fmt += d ? ", %d" : "%d";
              fmt += "]: %s\n";
              SmallVector<Value> coords = delinearize(
                  elementIndex(layout, k), shape);
              int64_t bytes = llvm::alignTo(4 * shape.size(), 8) + 8;
              Value buffer = entryAlloca(*this, bytes, 8);
              for (auto [d, c] : llvm::enumerate(coords)) {
                Value at = LLVM::GEPOp::create(
                    b, loc, ptr, b.getI8Type(), buffer,
                    ArrayRef<LLVM::GEPArg>{int32_t(4 * d)});
                LLVM::StoreOp::create(b, loc, c, at, 4);
              }
              Value msgAt = LLVM::GEPOp::create(
                  b, loc, ptr, b.getI8Type(), buffer,
                  ArrayRef<LLVM::GEPArg>{
                      int32_t(llvm::alignTo(4 * shape.size(), 8))});
              LLVM::StoreOp::create(b, loc, literal(o.getMessage()), msgAt, 8);
              callFunction("vprintf", b.getI32Type(), {literal(fmt), buffer});
            }
            callFunction("__assertfail", Type(),
                         {literal(o.getMessage()), literal(file),
                          cIntLike(b.getI32Type(), line),
                          literal(entry.getSymName()),
                          cIntLike(b.getI64Type(), 1)});
          });
        }
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}
