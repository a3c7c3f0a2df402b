//===- ExecMemory.cpp - views, loads, stores, atomics, print, assert ------===//

#include "Exec.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

namespace {

//===----------------------------------------------------------------------===//
// Element access in host memory
//===----------------------------------------------------------------------===//

int toAtomicOrder(MemoryOrdering ordering) {
  switch (ordering) {
  case MemoryOrdering::Weak:
  case MemoryOrdering::Relaxed: return __ATOMIC_RELAXED;
  case MemoryOrdering::Acquire: return __ATOMIC_ACQUIRE;
  case MemoryOrdering::Release: return __ATOMIC_RELEASE;
  case MemoryOrdering::AcqRel: return __ATOMIC_ACQ_REL;
  }
  return __ATOMIC_SEQ_CST;
}

/// Loads `bytes` (1, 2, 4 or 8) from `p`: a plain copy for weak accesses, an
/// atomic load with the given ordering otherwise.
uint64_t loadElement(const uint8_t *p, unsigned bytes, MemoryOrdering ordering) {
  if (ordering == MemoryOrdering::Weak) {
    switch (bytes) {
    case 1: return *p;
    case 2: { uint16_t v; std::memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; std::memcpy(&v, p, 4); return v; }
    default: { uint64_t v; std::memcpy(&v, p, 8); return v; }
    }
  }
  int order = ordering == MemoryOrdering::Acquire ? __ATOMIC_ACQUIRE : __ATOMIC_RELAXED;
  switch (bytes) {
  case 1: return __atomic_load_n(p, order);
  case 2: return __atomic_load_n(reinterpret_cast<const uint16_t *>(p), order);
  case 4: return __atomic_load_n(reinterpret_cast<const uint32_t *>(p), order);
  default: return __atomic_load_n(reinterpret_cast<const uint64_t *>(p), order);
  }
}

void storeElement(uint8_t *p, unsigned bytes, uint64_t v, MemoryOrdering ordering) {
  if (ordering == MemoryOrdering::Weak) {
    switch (bytes) {
    case 1: *p = uint8_t(v); return;
    case 2: { uint16_t x = uint16_t(v); std::memcpy(p, &x, 2); return; }
    case 4: { uint32_t x = uint32_t(v); std::memcpy(p, &x, 4); return; }
    default: std::memcpy(p, &v, 8); return;
    }
  }
  int order = ordering == MemoryOrdering::Release ? __ATOMIC_RELEASE : __ATOMIC_RELAXED;
  switch (bytes) {
  case 1: __atomic_store_n(p, uint8_t(v), order); return;
  case 2: __atomic_store_n(reinterpret_cast<uint16_t *>(p), uint16_t(v), order); return;
  case 4: __atomic_store_n(reinterpret_cast<uint32_t *>(p), uint32_t(v), order); return;
  default: __atomic_store_n(reinterpret_cast<uint64_t *>(p), v, order); return;
  }
}

/// The new memory value of an atomic read-modify-write.
uint64_t combineAtomic(AtomicRMWMode mode, ElemKind kind, uint64_t old,
                       uint64_t arg) {
  unsigned w = getBitWidth(kind);
  switch (mode) {
  case AtomicRMWMode::And: return old & arg;
  case AtomicRMWMode::Or: return old | arg;
  case AtomicRMWMode::Xor: return old ^ arg;
  case AtomicRMWMode::Add: return maskBits(old + arg, w);
  case AtomicRMWMode::Xchg: return arg;
  case AtomicRMWMode::Max: return signExtend(old, w) >= signExtend(arg, w) ? old : arg;
  case AtomicRMWMode::Min: return signExtend(old, w) <= signExtend(arg, w) ? old : arg;
  case AtomicRMWMode::UMax: return old >= arg ? old : arg;
  case AtomicRMWMode::UMin: return old <= arg ? old : arg;
  case AtomicRMWMode::AddF:
    switch (kind) {
    case ElemKind::F32:
      return bitCast<uint32_t>(canon(bitCast<float>(uint32_t(old)) + bitCast<float>(uint32_t(arg))));
    case ElemKind::F64:
      return bitCast<uint64_t>(canon(bitCast<double>(old) + bitCast<double>(arg)));
    case ElemKind::F16:
      return floatToHalf(halfToFloat(uint16_t(old)) + halfToFloat(uint16_t(arg)));
    case ElemKind::BF16:
      return floatToBF16(bf16ToFloat(uint16_t(old)) + bf16ToFloat(uint16_t(arg)));
    default:
      return old;
    }
  }
  return old;
}

template <typename U>
uint64_t atomicRmwTyped(U *p, AtomicRMWMode mode, ElemKind kind, uint64_t arg,
                        int order) {
  U a = U(arg);
  switch (mode) {
  case AtomicRMWMode::And: return __atomic_fetch_and(p, a, order);
  case AtomicRMWMode::Or: return __atomic_fetch_or(p, a, order);
  case AtomicRMWMode::Xor: return __atomic_fetch_xor(p, a, order);
  case AtomicRMWMode::Add: return __atomic_fetch_add(p, a, order);
  case AtomicRMWMode::Xchg: return __atomic_exchange_n(p, a, order);
  default: {
    int failure = order == __ATOMIC_ACQ_REL || order == __ATOMIC_ACQUIRE
                      ? __ATOMIC_ACQUIRE
                      : __ATOMIC_RELAXED;
    U old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (true) {
      U next = U(combineAtomic(mode, kind, old, arg));
      if (__atomic_compare_exchange_n(p, &old, next, false, order, failure))
        return old;
    }
  }
  }
}

uint64_t atomicRmw(uint8_t *p, unsigned bytes, AtomicRMWMode mode, ElemKind kind,
                   uint64_t arg, int order) {
  switch (bytes) {
  case 2: return atomicRmwTyped(reinterpret_cast<uint16_t *>(p), mode, kind, arg, order);
  case 4: return atomicRmwTyped(reinterpret_cast<uint32_t *>(p), mode, kind, arg, order);
  default: return atomicRmwTyped(reinterpret_cast<uint64_t *>(p), mode, kind, arg, order);
  }
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

LogicalResult execMakeTensorView(BlockExec &ex, MakeTensorViewOp op) {
  auto type = op.getResult().getType();
  auto view = std::make_shared<ViewData>();
  view->kind = ViewData::Tensor;
  view->elem = *getElemKind(type.getElementType());
  view->base = ex.tile(op.getBase()).getBits(0);
  auto dynShape = op.getDynamicShape().begin();
  for (int64_t d : type.getShape()) {
    int64_t v = ShapedType::isDynamic(d) ? ex.tile(*dynShape++).getSigned(0) : d;
    if (v < 0)
      return ex.fail(op, "negative tensor size " + llvm::Twine(v) +
                             " (undefined behaviour)");
    view->shape.push_back(v);
  }
  auto dynStrides = op.getDynamicStrides().begin();
  for (int64_t s : type.getStrides()) {
    int64_t v = ShapedType::isDynamic(s) ? ex.tile(*dynStrides++).getSigned(0) : s;
    if (v < 0)
      return ex.fail(op, "negative tensor stride " + llvm::Twine(v) +
                             " (undefined behaviour)");
    view->strides.push_back(v);
  }
  ex.set(op.getResult(), RtValue::ofView(std::move(view)));
  return success();
}

template <typename ViewType>
void fillTiled(ViewData &v, ViewType type) {
  for (int32_t t : type.getTileShape().asArrayRef())
    v.tileShape.push_back(t);
  if (auto pad = type.getPaddingValue())
    v.padding = pad.getValue();
}

LogicalResult execMakeTiledView(BlockExec &ex, Operation *op) {
  auto view = std::make_shared<ViewData>(*ex.get(op->getOperand(0)).view);
  Type type = op->getResult(0).getType();
  if (auto p = dyn_cast<PartitionViewType>(type)) {
    view->kind = ViewData::Partition;
    fillTiled(*view, p);
    view->dimMap.assign(p.getDimMap().begin(), p.getDimMap().end());
  } else if (auto s = dyn_cast<StridedViewType>(type)) {
    view->kind = ViewData::Strided;
    fillTiled(*view, s);
    view->dimMap.assign(s.getDimMap().begin(), s.getDimMap().end());
    view->traversalStrides.assign(s.getTraversalStrides().begin(),
                                  s.getTraversalStrides().end());
  } else {
    auto g = cast<GatherScatterViewType>(type);
    view->kind = ViewData::Gather;
    fillTiled(*view, g);
    for (int32_t i = 0; i < int32_t(view->shape.size()); ++i)
      view->dimMap.push_back(i);
    view->sparseDim = g.getSparseDim();
  }
  ex.set(op->getResult(0), RtValue::ofView(std::move(view)));
  return success();
}

/// Tiles of a view along tile dimension `i`.
int64_t indexSpaceSize(const ViewData &v, size_t i) {
  int64_t extent = v.shape[v.dimMap[i]];
  // ceil(extent / step), without overflowing for extents near 2^63.
  auto ceilDiv = [&](int64_t step) {
    return extent / step + (extent % step != 0);
  };
  switch (v.kind) {
  case ViewData::Partition:
    return ceilDiv(v.tileShape[i]);
  case ViewData::Strided:
    return ceilDiv(v.traversalStrides[i]);
  default:
    return extent;
  }
}

/// Element offsets are summed in 128 bits and clamped to this magnitude: any
/// offset beyond 2^64 elements wraps the address anyway, and the clamp keeps
/// sums and products far from overflowing.
constexpr __int128 kOffsetClamp = __int128(1) << 70;

__int128 clampOffset(__int128 offset) {
  return std::clamp(offset, -kOffsetClamp, kOffsetClamp);
}

/// Checked host storage of `count` elements of a view starting `offset`
/// elements past its base (f4E2M1FN: one byte holding element `offset`). An
/// address computation that wraps around 2^64 is an out-of-bounds access;
/// other failures are reported by BlockExec::access.
uint8_t *accessView(BlockExec &ex, Operation *op, const ViewData &v,
                    __int128 offset, int64_t count, bool write,
                    const char *what, llvm::ArrayRef<int64_t> shape,
                    int64_t index) {
  bool f4 = v.elem == ElemKind::F4E2M1FN;
  unsigned bytes = f4 ? 1 : getTileBytes(v.elem);
  __int128 byteOffset = f4 ? offset / 2 : offset * bytes;
  __int128 address = __int128(v.base) + byteOffset;
  // Negative strides only come from library callers binding views directly.
  if (offset >= kOffsetClamp || address < 0 || address > __int128(UINT64_MAX)) {
    llvm::SmallString<40> offsetText("2^70 or more");
    if (offset < kOffsetClamp)
      offsetText = llvm::toString(
          llvm::APInt(128, {uint64_t(offset), uint64_t(offset >> 64)}), 10,
          /*Signed=*/true);
    std::string base;
    llvm::raw_string_ostream(base) << llvm::format_hex(v.base, 2);
    (void)ex.fail(op, llvm::Twine("out-of-bounds ") + what + " " +
                          BlockExec::formatIndexOf(shape, index) +
                          ": the address of element offset " + offsetText +
                          " from the view's base " + base +
                          " wraps around 2^64");
    return nullptr;
  }
  return ex.access(op, uint64_t(address), count * bytes, bytes, write, what,
                   shape, index);
}

/// A view access resolved per tile dimension: the tensor coordinate each
/// position along the dimension reaches, whether it is inside the tensor,
/// and the tensor stride it moves by.
struct AccessDim {
  std::vector<int64_t> coord;
  std::vector<uint8_t> valid;
  int64_t stride = 0;
  /// Positions [lo, hi) are the valid ones when `dense`.
  bool dense = true;
  int64_t lo = 0, hi = 0;
};
struct Access {
  llvm::SmallVector<int64_t, 4> tileShape;
  std::vector<AccessDim> dims;
};

/// `inbounds` (view loads and stores, 13.4) marks the tile dimensions whose
/// elements the program promises to be inside the tensor; a broken promise is
/// undefined behaviour, reported here.
LogicalResult resolveAccess(BlockExec &ex, Operation *op, const ViewData &v,
                            OperandRange indices, Access &acc,
                            DenseBoolArrayAttr inbounds = {}) {
  size_t rank = v.tileShape.size();
  acc.tileShape = v.tileShape;
  acc.dims.assign(rank, AccessDim());
  for (size_t i = 0; i < rank; ++i) {
    AccessDim &dim = acc.dims[i];
    int64_t tensorDim = v.dimMap[i];
    int64_t extent = v.shape[tensorDim];
    int64_t size = v.tileShape[i];
    dim.stride = v.strides[tensorDim];
    const Tile &index = ex.tile(indices[i]);
    bool sparse = v.kind == ViewData::Gather && int32_t(i) == v.sparseDim;
    int64_t origin = 0;
    // A tile index outside the index space selects no element: as on NVIDIA's
    // GPUs, loads yield the padding value there and stores write nothing.
    bool outside = false;
    if (!sparse) {
      int64_t idx = index.getSigned(0);
      if (v.kind == ViewData::Gather) {
        origin = idx;
      } else {
        outside = idx < 0 || idx >= indexSpaceSize(v, i);
        if (!outside)
          origin = idx * (v.kind == ViewData::Partition ? v.tileShape[i]
                                                        : v.traversalStrides[i]);
      }
    }
    dim.dense = !sparse;
    dim.coord.resize(size);
    dim.valid.resize(size);
    for (int64_t t = 0; t < size; ++t) {
      int64_t c = sparse ? index.getSigned(t) : 0;
      // A coordinate past INT64_MAX is past every extent.
      bool overflows = !sparse && __builtin_add_overflow(origin, t, &c);
      dim.coord[t] = outside || overflows ? 0 : c;
      dim.valid[t] = !outside && !overflows && c >= 0 && c < extent;
    }
    if (inbounds && inbounds[i]) {
      auto broken = llvm::find(dim.valid, 0);
      if (outside)
        return ex.fail(op, "broken inbounds promise along tile dimension " +
                               llvm::Twine(i) + ": tile index " +
                               llvm::Twine(index.getSigned(0)) +
                               " is outside the index space [0, " +
                               llvm::Twine(indexSpaceSize(v, i)) +
                               ") (undefined behaviour)");
      if (broken != dim.valid.end()) {
        int64_t t = broken - dim.valid.begin();
        __int128 coord = sparse ? __int128(index.getSigned(t))
                                : __int128(origin) + t;
        return ex.fail(
            op, "broken inbounds promise along tile dimension " +
                    llvm::Twine(i) + ": tensor coordinate " +
                    llvm::toString(llvm::APInt(128, {uint64_t(coord),
                                                     uint64_t(coord >> 64)}),
                                   10, /*Signed=*/true) +
                    " (tile position " + llvm::Twine(t) +
                    ") is outside dimension " + llvm::Twine(tensorDim) +
                    " of size " + llvm::Twine(extent) +
                    " (undefined behaviour)");
      }
    }
    if (dim.dense) {
      // In 128 bits: a gather origin may be any int64_t.
      dim.lo = outside ? 0 : int64_t(std::clamp<__int128>(-__int128(origin), 0, size));
      dim.hi = outside ? 0
                       : int64_t(std::clamp<__int128>(__int128(extent) - origin,
                                                      dim.lo, size));
    }
  }
  return success();
}

/// Calls `fn(first, base, valid)` for every row of the tile (the positions
/// along the last dimension): `first` is the row's first tile element,
/// `base` the tensor offset of the outer coordinates and `valid` whether they
/// are all inside the tensor.
template <typename Fn> void forEachRow(const Access &acc, Fn fn) {
  size_t rank = acc.tileShape.size();
  if (rank == 0) {
    fn(int64_t(0), __int128(0), true);
    return;
  }
  llvm::SmallVector<int64_t, 4> index(rank, 0);
  int64_t inner = acc.tileShape.back();
  for (int64_t first = 0;; first += inner) {
    __int128 base = 0;
    bool valid = true;
    for (size_t d = 0; d + 1 < rank; ++d) {
      const AccessDim &dim = acc.dims[d];
      base = clampOffset(base + __int128(dim.coord[index[d]]) * dim.stride);
      valid = valid && dim.valid[index[d]];
    }
    fn(first, base, valid);
    int64_t d = int64_t(rank) - 2;
    for (; d >= 0; --d) {
      if (++index[d] < acc.tileShape[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}

uint64_t paddingBits(const ViewData &v) {
  if (!v.padding || !isFloatKind(v.elem))
    return 0;
  double value = 0;
  switch (*v.padding) {
  case PaddingValue::Zero: value = 0.0; break;
  case PaddingValue::NegZero: value = -0.0; break;
  case PaddingValue::NaN: return canonicalNaNBits(v.elem);
  case PaddingValue::PosInf: value = INFINITY; break;
  case PaddingValue::NegInf: value = -INFINITY; break;
  }
  if (v.elem == ElemKind::F4E2M1FN && std::isinf(value))
    return value > 0 ? 0x7 : 0xF; // the largest magnitude
  return doubleToFloatBits(v.elem, value);
}

LogicalResult execLoadView(BlockExec &ex, LoadViewTkoOp op) {
  const ViewData &v = *ex.get(op.getView()).view;
  Access acc;
  if (failed(resolveAccess(ex, op, v, op.getIndex(), acc,
                           op.getInboundsAttr())))
    return failure();
  Tile r = Tile::alloc(v.elem, acc.tileShape);
  uint64_t pad = paddingBits(v);
  MemoryOrdering ordering = op.getMemoryOrderingSemantics();
  bool f4 = v.elem == ElemKind::F4E2M1FN;
  unsigned bytes = getTileBytes(v.elem);
  AccessDim scalarDim;
  scalarDim.coord = {0};
  scalarDim.valid = {1};
  scalarDim.hi = 1;
  const AccessDim &last = acc.dims.empty() ? scalarDim : acc.dims.back();
  int64_t inner = int64_t(last.coord.size());
  LogicalResult result = success();
  forEachRow(acc, [&](int64_t first, __int128 base, bool rowValid) {
    if (failed(result))
      return;
    if (!rowValid) {
      for (int64_t t = 0; t < inner; ++t)
        r.setBits(first + t, pad);
      return;
    }
    if (!f4 && last.dense && last.stride == 1 && ordering == MemoryOrdering::Weak &&
        last.hi - last.lo > 1) {
      // The in-bounds part of the row is contiguous: one checked copy.
      for (int64_t t = 0; t < last.lo; ++t)
        r.setBits(first + t, pad);
      for (int64_t t = last.hi; t < inner; ++t)
        r.setBits(first + t, pad);
      int64_t count = last.hi - last.lo;
      uint8_t *p = accessView(ex, op, v, base + last.coord[last.lo], count,
                              false, "load of row", acc.tileShape, first);
      if (!p) {
        result = failure();
        return;
      }
      std::memcpy(r.bytes() + (first + last.lo) * bytes, p, count * bytes);
      if (v.elem == ElemKind::I1)
        for (int64_t e = first + last.lo; e < first + last.hi; ++e)
          r.bytes()[e] = r.bytes()[e] != 0;
      return;
    }
    for (int64_t t = 0; t < inner; ++t) {
      if (!last.valid[t]) {
        r.setBits(first + t, pad);
        continue;
      }
      __int128 off = clampOffset(base + __int128(last.coord[t]) * last.stride);
      uint8_t *p = accessView(ex, op, v, off, 1, false, "load of element",
                              acc.tileShape, first + t);
      if (!p) {
        result = failure();
        return;
      }
      if (f4) {
        if (!p) {
          result = failure();
          return;
        }
        r.setBits(first + t, (*p >> (4 * (off & 1))) & 0xF);
        continue;
      }
      uint64_t bits = loadElement(p, bytes, ordering);
      r.setBits(first + t, v.elem == ElemKind::I1 ? bits != 0 : bits);
    }
  });
  if (failed(result))
    return failure();
  ex.setTile(op.getTile(), r);
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

/// Stores (`mode` unset) or atomically reduces `t` into the in-bounds
/// elements of a view access.
LogicalResult writeView(BlockExec &ex, Operation *op, const ViewData &v,
                        const Access &acc, const Tile &t, MemoryOrdering ordering,
                        std::optional<AtomicRMWMode> mode) {
  bool f4 = v.elem == ElemKind::F4E2M1FN;
  unsigned bytes = getTileBytes(v.elem);
  AccessDim scalarDim;
  scalarDim.coord = {0};
  scalarDim.valid = {1};
  scalarDim.hi = 1;
  const AccessDim &last = acc.dims.empty() ? scalarDim : acc.dims.back();
  int64_t inner = int64_t(last.coord.size());
  const char *what = mode ? "atomic reduction of element" : "store of element";
  LogicalResult result = success();
  forEachRow(acc, [&](int64_t first, __int128 base, bool rowValid) {
    if (failed(result) || !rowValid)
      return;
    if (!mode && !f4 && last.dense && last.stride == 1 &&
        ordering == MemoryOrdering::Weak && last.hi - last.lo > 1) {
      int64_t count = last.hi - last.lo;
      uint8_t *p = accessView(ex, op, v, base + last.coord[last.lo], count,
                              true, "store of row", acc.tileShape, first);
      if (!p) {
        result = failure();
        return;
      }
      std::memcpy(p, t.bytes() + (first + last.lo) * bytes, count * bytes);
      return;
    }
    for (int64_t k = 0; k < inner; ++k) {
      if (!last.valid[k])
        continue;
      __int128 off = clampOffset(base + __int128(last.coord[k]) * last.stride);
      uint8_t *p = accessView(ex, op, v, off, 1, true, what, acc.tileShape,
                              first + k);
      if (!p) {
        result = failure();
        return;
      }
      if (f4) {
        unsigned shift = 4 * (off & 1);
        *p = uint8_t((*p & ~(0xF << shift)) | ((t.getBits(first + k) & 0xF) << shift));
        continue;
      }
      if (mode)
        atomicRmw(p, bytes, *mode, v.elem, t.getBits(first + k), toAtomicOrder(ordering));
      else
        storeElement(p, bytes, t.getBits(first + k), ordering);
    }
  });
  return result;
}

LogicalResult execStoreView(BlockExec &ex, StoreViewTkoOp op) {
  const ViewData &v = *ex.get(op.getView()).view;
  Access acc;
  if (failed(resolveAccess(ex, op, v, op.getIndex(), acc,
                            op.getInboundsAttr())) ||
      failed(writeView(ex, op, v, acc, ex.tile(op.getTile()),
                       op.getMemoryOrderingSemantics(), std::nullopt)))
    return failure();
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

LogicalResult execAtomicRedView(BlockExec &ex, AtomicRedViewTkoOp op) {
  const ViewData &v = *ex.get(op.getView()).view;
  Access acc;
  if (failed(resolveAccess(ex, op, v, op.getIndex(), acc)) ||
      failed(writeView(ex, op, v, acc, ex.tile(op.getValue()),
                       op.getMemoryOrderingSemantics(), op.getMode())))
    return failure();
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

LogicalResult execShapeQuery(BlockExec &ex, Operation *op, bool tensor) {
  const ViewData &v = *ex.get(op->getOperand(0)).view;
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    int64_t value = tensor ? v.shape[i] : indexSpaceSize(v, i);
    ElemKind kind = kindOf(result.getType());
    unsigned w = getBitWidth(kind);
    if (w < 64 && (value >= (int64_t(1) << (w - 1))))
      return ex.fail(op, "size " + llvm::Twine(value) + " does not fit in " +
                             getElemKindName(kind) + " (undefined behaviour)");
    ex.setTile(result, Tile::scalar(kind, uint64_t(value)));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Pointer loads, stores and atomics
//===----------------------------------------------------------------------===//

LogicalResult checkPointee(BlockExec &ex, Operation *op, ElemKind kind) {
  if (kind == ElemKind::F4E2M1FN)
    return ex.fail(op, "pointer accesses to f4E2M1FN are not supported: packed "
                       "4-bit elements are only accessible through views");
  return success();
}

LogicalResult execLoadPtr(BlockExec &ex, LoadPtrTkoOp op) {
  const Tile &ptrs = ex.tile(op.getSource());
  ElemKind kind = kindOf(op.getResult().getType());
  if (failed(checkPointee(ex, op, kind)))
    return failure();
  const Tile *mask = op.getMask() ? &ex.tile(op.getMask()) : nullptr;
  const Tile *pad = op.getPaddingValue() ? &ex.tile(op.getPaddingValue()) : nullptr;
  Tile r = Tile::alloc(kind, ptrs.getShape());
  unsigned bytes = getTileBytes(kind);
  MemoryOrdering ordering = op.getMemoryOrderingSemantics();
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    if (mask && !(mask->as<uint8_t>()[i] & 1)) {
      r.setBits(i, pad ? pad->getBits(pad->size() == 1 ? 0 : i) : 0);
      continue;
    }
    uint64_t address = ptrs.as<uint64_t>()[i];
    uint8_t *p = ex.access(op, address, bytes, bytes, false, "load through pointer", ptrs.getShape(), i);
    if (!p)
      return failure();
    uint64_t bits = loadElement(p, bytes, ordering);
    r.setBits(i, kind == ElemKind::I1 ? bits != 0 : bits);
  }
  ex.setTile(op.getResult(), r);
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

LogicalResult execStorePtr(BlockExec &ex, StorePtrTkoOp op) {
  const Tile &ptrs = ex.tile(op.getDestination());
  const Tile &values = ex.tile(op.getValue());
  ElemKind kind = values.getKind();
  if (failed(checkPointee(ex, op, kind)))
    return failure();
  const Tile *mask = op.getMask() ? &ex.tile(op.getMask()) : nullptr;
  unsigned bytes = getTileBytes(kind);
  MemoryOrdering ordering = op.getMemoryOrderingSemantics();
  for (int64_t i = 0, n = ptrs.size(); i < n; ++i) {
    if (mask && !(mask->as<uint8_t>()[i] & 1))
      continue;
    uint8_t *p = ex.access(op, ptrs.as<uint64_t>()[i], bytes, bytes, true, "store through pointer", ptrs.getShape(), i);
    if (!p)
      return failure();
    storeElement(p, bytes, values.getBits(i), ordering);
  }
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

LogicalResult execAtomicRmw(BlockExec &ex, AtomicRMWTkoOp op) {
  const Tile &ptrs = ex.tile(op.getPointers());
  const Tile &arg = ex.tile(op.getArg());
  const Tile *mask = op.getMask() ? &ex.tile(op.getMask()) : nullptr;
  ElemKind kind = arg.getKind();
  unsigned bytes = getTileBytes(kind);
  int order = toAtomicOrder(op.getMemoryOrderingSemantics());
  Tile r = Tile::zeros(kind, arg.getShape());
  for (int64_t i = 0, n = ptrs.size(); i < n; ++i) {
    if (mask && !(mask->as<uint8_t>()[i] & 1))
      continue;
    uint8_t *p = ex.access(op, ptrs.as<uint64_t>()[i], bytes, bytes, true, "atomic access through pointer", ptrs.getShape(), i);
    if (!p)
      return failure();
    r.setBits(i, atomicRmw(p, bytes, op.getMode(), kind, arg.getBits(i), order));
  }
  ex.setTile(op.getResult(), r);
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

LogicalResult execAtomicCas(BlockExec &ex, AtomicCASTkoOp op) {
  const Tile &ptrs = ex.tile(op.getPointers());
  const Tile &cmp = ex.tile(op.getCmp());
  const Tile &val = ex.tile(op.getVal());
  const Tile *mask = op.getMask() ? &ex.tile(op.getMask()) : nullptr;
  ElemKind kind = val.getKind();
  unsigned bytes = getTileBytes(kind);
  int order = toAtomicOrder(op.getMemoryOrderingSemantics());
  int failure = order == __ATOMIC_ACQ_REL || order == __ATOMIC_ACQUIRE ? __ATOMIC_ACQUIRE
                                                                        : __ATOMIC_RELAXED;
  Tile r = Tile::alloc(kind, val.getShape());
  for (int64_t i = 0, n = ptrs.size(); i < n; ++i) {
    uint64_t expected = cmp.getBits(i);
    if (mask && !(mask->as<uint8_t>()[i] & 1)) {
      r.setBits(i, expected);
      continue;
    }
    uint8_t *p = ex.access(op, ptrs.as<uint64_t>()[i], bytes, bytes, true, "atomic access through pointer", ptrs.getShape(), i);
    if (!p)
      return mlir::failure();
    if (bytes == 4) {
      uint32_t e = uint32_t(expected);
      __atomic_compare_exchange_n(reinterpret_cast<uint32_t *>(p), &e,
                                  uint32_t(val.getBits(i)), false, order, failure);
      r.setBits(i, e);
    } else {
      uint64_t e = expected;
      __atomic_compare_exchange_n(reinterpret_cast<uint64_t *>(p), &e,
                                  val.getBits(i), false, order, failure);
      r.setBits(i, e);
    }
  }
  ex.setTile(op.getResult(), r);
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

LogicalResult execAlloca(BlockExec &ex, AllocaOp op) {
  auto ptrType = cast<PointerType>(cast<TileType>(op.getResult().getType()).getElementType());
  ElemKind kind = *getElemKind(ptrType.getPointeeType());
  uint64_t bytes = getMemoryBytes(kind, op.getNumElem());
  uint64_t address = ex.prog.memory.allocate(
      "alloca at " + formatLocation(op.getLoc()), bytes, op.getAlignment());
  if (!address) {
    if (bytes > DeviceMemory::kMaxBufferBytes)
      return ex.fail(op, "cannot allocate " + llvm::Twine(bytes) +
                             " bytes: buffers are limited to 64 GiB");
    if (!HostMemoryBudget::fits(bytes))
      return ex.fail(op, "out of memory: " +
                             HostMemoryBudget::describeExhaustion(bytes));
    return ex.fail(op, "cannot allocate " + llvm::Twine(bytes) +
                           " bytes: the host has no memory for them");
  }
  ex.allocas.push_back(address);
  ex.setTile(op.getResult(), Tile::scalar(ElemKind::Ptr, address));
  return success();
}

//===----------------------------------------------------------------------===//
// print_tko and assert
//===----------------------------------------------------------------------===//

/// Prints one element of a tile formatted by a printf conversion (at most
/// 511 characters).
void printElement(const Tile &t, int64_t i, const std::string &spec, char conv,
                  llvm::raw_ostream &os) {
  char buffer[512];
  ElemKind kind = t.getKind();
  bool isFloat = isFloatKind(kind);
  std::string fmt = "%" + spec;
  switch (conv) {
  case 'd':
  case 'i':
  case 'c': {
    long long v;
    if (isFloat) {
      double d = t.getDouble(i);
      v = d != d ? 0 : d >= 9.2e18 ? LLONG_MAX : d <= -9.2e18 ? LLONG_MIN : (long long)d;
    } else if (kind == ElemKind::I1 || kind == ElemKind::Ptr) {
      v = (long long)t.getUnsigned(i);
    } else {
      v = t.getSigned(i);
    }
    fmt += conv == 'c' ? "c" : "lld";
    if (conv == 'c')
      std::snprintf(buffer, sizeof(buffer), fmt.c_str(), int(v));
    else
      std::snprintf(buffer, sizeof(buffer), fmt.c_str(), v);
    break;
  }
  case 'u':
  case 'o':
  case 'x':
  case 'X': {
    unsigned long long v;
    if (isFloat) {
      double d = t.getDouble(i);
      v = d != d || d < 0 ? 0 : d >= 1.8e19 ? ULLONG_MAX : (unsigned long long)d;
    } else {
      v = t.getUnsigned(i);
    }
    fmt += "ll";
    fmt += conv;
    std::snprintf(buffer, sizeof(buffer), fmt.c_str(), v);
    break;
  }
  case 'p': {
    std::snprintf(buffer, sizeof(buffer), "0x%llx", (unsigned long long)t.getUnsigned(i));
    break;
  }
  default: {
    double v = isFloat ? t.getDouble(i)
               : (kind == ElemKind::I1 || kind == ElemKind::Ptr)
                   ? double(t.getUnsigned(i))
                   : double(t.getSigned(i));
    fmt += conv;
    std::snprintf(buffer, sizeof(buffer), fmt.c_str(), v);
    break;
  }
  }
  os << buffer;
}

/// A tile printed element by element: rank 0 as the element, higher ranks as
/// nested bracketed lists separated by ", ".
void printTile(const Tile &t, const std::string &spec, char conv,
               llvm::raw_ostream &os) {
  llvm::ArrayRef<int64_t> shape = t.getShape();
  if (shape.empty()) {
    printElement(t, 0, spec, conv, os);
    return;
  }
  // The elements one level-d bracket spans.
  llvm::SmallVector<int64_t, 4> span(shape.size());
  for (size_t d = shape.size(); d-- > 0;)
    span[d] = shape[d] * (d + 1 < shape.size() ? span[d + 1] : 1);
  for (int64_t i = 0; i < t.size(); ++i) {
    for (size_t d = 0; d < shape.size(); ++d)
      if (i % span[d] == 0)
        os << '[';
    printElement(t, i, spec, conv, os);
    for (size_t d = shape.size(); d-- > 0;)
      if ((i + 1) % span[d] == 0)
        os << ']';
    if (i + 1 < t.size())
      os << ", ";
  }
}

/// A piece of a print_tko format: literal text, or one conversion of the
/// next operand.
struct FormatPiece {
  std::string text;
  std::string spec;
  char conv = 0;
};

LogicalResult execPrint(BlockExec &ex, PrintTkoOp op) {
  // The whole format is checked before anything is printed.
  llvm::StringRef format = op.getStr();
  llvm::SmallVector<FormatPiece, 8> pieces(1);
  unsigned numConversions = 0;
  for (size_t pos = 0; pos < format.size();) {
    char c = format[pos];
    if (c != '%') {
      pieces.back().text += c;
      ++pos;
      continue;
    }
    if (pos + 1 < format.size() && format[pos + 1] == '%') {
      pieces.back().text += '%';
      pos += 2;
      continue;
    }
    size_t start = ++pos;
    pos = format.find_first_not_of("-+ #0123456789.", pos);
    size_t specEnd = pos;
    // Length modifiers carry no meaning here: the element type decides.
    pos = format.find_first_not_of("hlLqjzt", pos);
    if (pos == llvm::StringRef::npos)
      return ex.fail(op, "unterminated conversion in the format");
    char conv = format[pos++];
    if (!llvm::StringRef("diuoxXfFeEgGaAcp").contains(conv))
      return ex.fail(op, llvm::Twine("unsupported conversion '%") + llvm::Twine(conv) +
                             "' in the format");
    if (numConversions >= op.getArgs().size())
      return ex.fail(op, "more conversions than arguments in the format");
    ++numConversions;
    FormatPiece piece;
    piece.spec = format.substr(start, specEnd - start).str();
    piece.conv = conv;
    pieces.push_back(std::move(piece));
  }
  // Streamed, so that printing a large tile holds no more than one element's
  // text; with threads, one print_tko holds the output until it is done.
  llvm::raw_ostream &os = *ex.prog.options.out;
  std::unique_lock<std::mutex> lock(ex.prog.outputMutex, std::defer_lock);
  if (ex.prog.threaded)
    lock.lock();
  unsigned argIndex = 0;
  for (const FormatPiece &piece : pieces) {
    if (piece.conv)
      printTile(ex.tile(op.getArgs()[argIndex++]), piece.spec, piece.conv, os);
    os << piece.text;
  }
  if (ex.prog.threaded)
    os.flush();
  ex.set(op.getResultToken(), RtValue::token());
  return success();
}

LogicalResult execAssert(BlockExec &ex, AssertOp op) {
  const Tile &cond = ex.tile(op.getCondition());
  for (int64_t i = 0; i < cond.size(); ++i)
    if (!(cond.as<uint8_t>()[i] & 1))
      return ex.fail(op, "assertion failed: " + op.getMessage() +
                             (cond.getRank() ? " (element " + formatIndex(cond.getShape(), i) + ")"
                                             : std::string()));
  return success();
}

} // namespace

ExecStatus interp::execMemoryOp(BlockExec &ex, Operation &operation) {
  Operation *op = &operation;
  return llvm::TypeSwitch<Operation *, ExecStatus>(op)
      .Case([&](MakeTensorViewOp o) { return toStatus(execMakeTensorView(ex, o)); })
      .Case<MakePartitionViewOp, MakeStridedViewOp, MakeGatherScatterViewOp>(
          [&](auto) { return toStatus(execMakeTiledView(ex, op)); })
      .Case([&](GetTensorShapeOp) { return toStatus(execShapeQuery(ex, op, true)); })
      .Case([&](GetIndexSpaceShapeOp) { return toStatus(execShapeQuery(ex, op, false)); })
      .Case([&](LoadViewTkoOp o) { return toStatus(execLoadView(ex, o)); })
      .Case([&](StoreViewTkoOp o) { return toStatus(execStoreView(ex, o)); })
      .Case([&](AtomicRedViewTkoOp o) { return toStatus(execAtomicRedView(ex, o)); })
      .Case([&](LoadPtrTkoOp o) { return toStatus(execLoadPtr(ex, o)); })
      .Case([&](StorePtrTkoOp o) { return toStatus(execStorePtr(ex, o)); })
      .Case([&](AtomicRMWTkoOp o) { return toStatus(execAtomicRmw(ex, o)); })
      .Case([&](AtomicCASTkoOp o) { return toStatus(execAtomicCas(ex, o)); })
      .Case([&](AllocaOp o) { return toStatus(execAlloca(ex, o)); })
      .Case([&](MakeTokenOp o) {
        ex.set(o.getResult(), RtValue::token());
        return ExecStatus::Ok;
      })
      .Case([&](JoinTokensOp o) {
        ex.set(o.getResult(), RtValue::token());
        return ExecStatus::Ok;
      })
      // One grid runs at a time: there is no dependent grid to launch early,
      // no grid to wait for, and memory has one address per location.
      .Case<GdcLaunchDependentsTkoOp, GdcWaitTkoOp, MemoryFenceAliasTkoOp>(
          [&](Operation *o) {
            ex.set(o->getResult(0), RtValue::token());
            return ExecStatus::Ok;
          })
      .Case([&](PrintTkoOp o) { return toStatus(execPrint(ex, o)); })
      .Case([&](AssertOp o) { return toStatus(execAssert(ex, o)); })
      .Default([](Operation *) { return ExecStatus::Unhandled; });
}
