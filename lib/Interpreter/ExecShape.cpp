//===- ExecShape.cpp - shape, data movement, MMA, reduce and scan ---------===//

#include "Exec.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

namespace {

/// out[outBase + sum(i_d * outStrides_d)] = src[srcBase + sum(i_d *
/// srcStrides_d)] for every index i of `shape`; strides in elements.
void stridedCopy(uint8_t *out, llvm::ArrayRef<int64_t> outStrides,
                 int64_t outBase, const uint8_t *src,
                 llvm::ArrayRef<int64_t> srcStrides, int64_t srcBase,
                 llvm::ArrayRef<int64_t> shape, unsigned bytes) {
  size_t rank = shape.size();
  if (rank == 0) {
    std::memcpy(out + outBase * bytes, src + srcBase * bytes, bytes);
    return;
  }
  for (int64_t d : shape)
    if (d == 0)
      return;
  llvm::SmallVector<int64_t, 4> index(rank, 0);
  int64_t inner = shape[rank - 1];
  int64_t os = outStrides[rank - 1], ss = srcStrides[rank - 1];
  while (true) {
    int64_t o = outBase, s = srcBase;
    for (size_t d = 0; d + 1 < rank; ++d)
      o += index[d] * outStrides[d], s += index[d] * srcStrides[d];
    if (os == 1 && ss == 1) {
      std::memcpy(out + o * bytes, src + s * bytes, inner * bytes);
    } else {
      switch (bytes) {
      case 1:
        for (int64_t i = 0; i < inner; ++i)
          out[o + i * os] = src[s + i * ss];
        break;
      case 2:
        for (int64_t i = 0; i < inner; ++i)
          reinterpret_cast<uint16_t *>(out)[o + i * os] =
              reinterpret_cast<const uint16_t *>(src)[s + i * ss];
        break;
      case 4:
        for (int64_t i = 0; i < inner; ++i)
          reinterpret_cast<uint32_t *>(out)[o + i * os] =
              reinterpret_cast<const uint32_t *>(src)[s + i * ss];
        break;
      default:
        for (int64_t i = 0; i < inner; ++i)
          reinterpret_cast<uint64_t *>(out)[o + i * os] =
              reinterpret_cast<const uint64_t *>(src)[s + i * ss];
        break;
      }
    }
    // Advance the outer dimensions.
    int64_t d = int64_t(rank) - 2;
    for (; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}

Tile broadcastTo(const Tile &src, llvm::ArrayRef<int64_t> shape) {
  Tile r = Tile::alloc(src.getKind(), shape);
  llvm::SmallVector<int64_t, 4> srcStrides = getRowMajorStrides(src.getShape());
  // A source of lower rank (a rank-0 accumulator) broadcasts everywhere.
  llvm::SmallVector<int64_t, 4> strides(shape.size(), 0);
  if (src.getRank() == int64_t(shape.size()))
    for (size_t d = 0; d < shape.size(); ++d)
      strides[d] = src.getShape()[d] == 1 ? 0 : srcStrides[d];
  stridedCopy(r.bytes(), getRowMajorStrides(shape), 0, src.bytes(), strides, 0,
              shape, getTileBytes(src.getKind()));
  return r;
}

LogicalResult execExtract(BlockExec &ex, ExtractOp op) {
  const Tile &src = ex.tile(op.getSource());
  auto resultType = cast<TileType>(op.getResult().getType());
  llvm::ArrayRef<int64_t> shape = resultType.getShape();
  llvm::SmallVector<int64_t, 4> srcStrides = getRowMajorStrides(src.getShape());
  int64_t base = 0;
  for (auto [d, index] : llvm::enumerate(op.getIndices())) {
    int64_t k = ex.tile(index).getSigned(0);
    if (k < 0 || (k + 1) * shape[d] > src.getShape()[d])
      return ex.fail(op, "slice index " + llvm::Twine(k) + " along dimension " +
                             llvm::Twine(d) + " is out of range: the source has " +
                             llvm::Twine(src.getShape()[d] / shape[d]) +
                             " slices (undefined behaviour)");
    base += k * shape[d] * srcStrides[d];
  }
  Tile r = Tile::alloc(src.getKind(), shape);
  stridedCopy(r.bytes(), getRowMajorStrides(shape), 0, src.bytes(), srcStrides,
              base, shape, getTileBytes(src.getKind()));
  ex.setTile(op.getResult(), r);
  return success();
}

LogicalResult execInsert(BlockExec &ex, InsertOp op) {
  const Tile &src = ex.tile(op.getSource());
  const Tile &dst = ex.tile(op.getDestination());
  llvm::ArrayRef<int64_t> shape = src.getShape();
  llvm::SmallVector<int64_t, 4> dstStrides = getRowMajorStrides(dst.getShape());
  int64_t base = 0;
  for (auto [d, index] : llvm::enumerate(op.getIndices())) {
    // Slice indices of insert are unsigned.
    uint64_t k = ex.tile(index).getUnsigned(0);
    uint64_t slices = dst.getShape()[d] / shape[d];
    if (k >= slices)
      return ex.fail(op, "slice index " + llvm::Twine(k) + " along dimension " +
                             llvm::Twine(d) + " is out of range: the destination has " +
                             llvm::Twine(slices) + " slices (undefined behaviour)");
    base += int64_t(k) * shape[d] * dstStrides[d];
  }
  Tile r = Tile::alloc(dst.getKind(), dst.getShape());
  std::memcpy(r.bytes(), dst.bytes(), dst.getByteSize());
  stridedCopy(r.bytes(), dstStrides, base, src.bytes(), getRowMajorStrides(shape),
              0, shape, getTileBytes(src.getKind()));
  ex.setTile(op.getResult(), r);
  return success();
}

Tile catTiles(const Tile &lhs, const Tile &rhs, int64_t dim,
              llvm::ArrayRef<int64_t> shape) {
  Tile r = Tile::alloc(lhs.getKind(), shape);
  llvm::SmallVector<int64_t, 4> outStrides = getRowMajorStrides(shape);
  unsigned bytes = getTileBytes(lhs.getKind());
  stridedCopy(r.bytes(), outStrides, 0, lhs.bytes(),
              getRowMajorStrides(lhs.getShape()), 0, lhs.getShape(), bytes);
  stridedCopy(r.bytes(), outStrides, lhs.getShape()[dim] * outStrides[dim],
              rhs.bytes(), getRowMajorStrides(rhs.getShape()), 0,
              rhs.getShape(), bytes);
  return r;
}

Tile permuteTile(const Tile &src, llvm::ArrayRef<int32_t> perm,
                 llvm::ArrayRef<int64_t> shape) {
  Tile r = Tile::alloc(src.getKind(), shape);
  llvm::SmallVector<int64_t, 4> srcStrides = getRowMajorStrides(src.getShape());
  llvm::SmallVector<int64_t, 4> strides;
  for (int32_t p : perm)
    strides.push_back(srcStrides[p]);
  stridedCopy(r.bytes(), getRowMajorStrides(shape), 0, src.bytes(), strides, 0,
              shape, getTileBytes(src.getKind()));
  return r;
}

LogicalResult execSelect(BlockExec &ex, SelectOp op) {
  const Tile &c = ex.tile(op.getCond());
  const Tile &a = ex.tile(op.getValIfTrue());
  const Tile &b = ex.tile(op.getValIfFalse());
  const Tile *shapeOf = &c;
  if (a.size() > shapeOf->size())
    shapeOf = &a;
  if (b.size() > shapeOf->size())
    shapeOf = &b;
  Tile r = Tile::alloc(a.getKind(), shapeOf->getShape());
  int64_t n = r.size();
  auto at = [n](const Tile &t, int64_t i) { return t.size() == 1 && n > 1 ? 0 : i; };
  unsigned bytes = getTileBytes(a.getKind());
  for (int64_t i = 0; i < n; ++i) {
    const Tile &pick = (c.as<uint8_t>()[at(c, i)] & 1) ? a : b;
    std::memcpy(r.bytes() + i * bytes, pick.bytes() + at(pick, i) * bytes, bytes);
  }
  ex.setTile(op.getResult(), r);
  return success();
}

LogicalResult execOffset(BlockExec &ex, OffsetOp op) {
  const Tile &p = ex.tile(op.getPtr());
  const Tile &off = ex.tile(op.getOffset());
  auto ptrType = cast<PointerType>(cast<TileType>(op.getPtr().getType()).getElementType());
  ElemKind pointee = *getElemKind(ptrType.getPointeeType());
  if (pointee == ElemKind::F4E2M1FN)
    return ex.fail(op, "pointer arithmetic on ptr<f4E2M1FN> is not supported: "
                       "packed 4-bit elements are only addressable through views");
  int64_t bytes = getTileBytes(pointee);
  Tile r = Tile::alloc(ElemKind::Ptr, p.getShape());
  int64_t n = r.size();
  for (int64_t i = 0; i < n; ++i) {
    __int128 a = __int128(p.getBits(p.size() == 1 ? 0 : i));
    __int128 o = __int128(off.getSigned(off.size() == 1 ? 0 : i)) * bytes;
    // An address that wraps is an undefined result, not undefined
    // behaviour: it is kept modulo 2^64 and checked where it is accessed.
    r.as<uint64_t>()[i] = uint64_t(a + o);
  }
  ex.setTile(op.getResult(), r);
  return success();
}

/// pack and unpack: the elements' bits laid end to end, little-endian,
/// element 0 in the lowest bits.
Tile repack(const Tile &src, ElemKind to, int64_t count) {
  Tile r = Tile::zeros(to, {count});
  unsigned inBits = getPackBits(src.getKind()), outBits = getPackBits(to);
  int64_t totalBits = src.size() * int64_t(inBits);
  for (int64_t bit = 0; bit < totalBits;) {
    int64_t i = bit / inBits, iOff = bit % inBits;
    int64_t o = bit / outBits, oOff = bit % outBits;
    int64_t chunk = std::min<int64_t>(inBits - iOff, outBits - oOff);
    uint64_t piece = (src.getBits(i) >> iOff) & maskBits(~uint64_t(0), unsigned(chunk));
    r.setBits(o, r.getBits(o) | (piece << oOff));
    bit += chunk;
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

/// Batch, M, N, K of an (optionally batched) MMA.
struct MmaDims {
  int64_t b, m, n, k;
};
MmaDims mmaDims(const Tile &lhs, const Tile &rhs) {
  bool batched = lhs.getRank() == 3;
  int64_t b = batched ? lhs.getShape()[0] : 1;
  int64_t m = lhs.getShape()[batched], k = lhs.getShape()[batched + 1];
  int64_t n = rhs.getShape()[batched + 1];
  return {b, m, n, k};
}

std::vector<double> toDoubles(const Tile &t) {
  std::vector<double> v(t.size());
  switch (t.getKind()) {
  case ElemKind::F32:
  case ElemKind::TF32:
    for (int64_t i = 0; i < t.size(); ++i)
      v[i] = t.as<float>()[i];
    break;
  case ElemKind::F64:
    std::memcpy(v.data(), t.bytes(), t.size() * sizeof(double));
    break;
  default:
    for (int64_t i = 0; i < t.size(); ++i)
      v[i] = t.getDouble(i);
  }
  return v;
}

/// result = acc + lhs x rhs. Products of inputs narrower than f64 are exact in
/// f64 and are summed in f64 in increasing k, then rounded once to the
/// accumulator type; f64 inputs accumulate with one fused multiply-add per k.
Tile mmaFloat(const std::vector<double> &a, const std::vector<double> &b,
              const Tile &acc, MmaDims d) {
  ElemKind kind = acc.getKind();
  Tile r = Tile::alloc(kind, acc.getShape());
  std::vector<double> c = toDoubles(acc);
  std::vector<double> row(d.n);
  for (int64_t bi = 0; bi < d.b; ++bi) {
    const double *A = a.data() + bi * d.m * d.k;
    const double *B = b.data() + bi * d.k * d.n;
    double *C = c.data() + bi * d.m * d.n;
    for (int64_t i = 0; i < d.m; ++i) {
      double *Ci = C + i * d.n;
      if (kind == ElemKind::F64) {
        for (int64_t kk = 0; kk < d.k; ++kk) {
          double x = A[i * d.k + kk];
          const double *Bk = B + kk * d.n;
          for (int64_t j = 0; j < d.n; ++j)
            Ci[j] = std::fma(x, Bk[j], Ci[j]);
        }
      } else {
        for (int64_t kk = 0; kk < d.k; ++kk) {
          double x = A[i * d.k + kk];
          const double *Bk = B + kk * d.n;
          for (int64_t j = 0; j < d.n; ++j)
            Ci[j] += x * Bk[j];
        }
      }
    }
  }
  for (int64_t i = 0; i < r.size(); ++i)
    r.setBits(i, doubleToFloatBits(kind, c[i]));
  return r;
}

LogicalResult execMmaI(BlockExec &ex, MmaIOp op) {
  const Tile &lhs = ex.tile(op.getLhs()), &rhs = ex.tile(op.getRhs()),
             &acc = ex.tile(op.getAcc());
  MmaDims d = mmaDims(lhs, rhs);
  bool ls = op.getSignednessLhs() == Signedness::Signed;
  bool rs = op.getSignednessRhs() == Signedness::Signed;
  Tile r = Tile::alloc(ElemKind::I32, acc.getShape());
  for (int64_t bi = 0; bi < d.b; ++bi)
    for (int64_t i = 0; i < d.m; ++i)
      for (int64_t j = 0; j < d.n; ++j) {
        int64_t idx = (bi * d.m + i) * d.n + j;
        int64_t sum = acc.getSigned(idx);
        for (int64_t kk = 0; kk < d.k; ++kk) {
          int64_t ai = (bi * d.m + i) * d.k + kk, bidx = (bi * d.k + kk) * d.n + j;
          int64_t x = ls ? lhs.getSigned(ai) : int64_t(lhs.getUnsigned(ai));
          int64_t y = rs ? rhs.getSigned(bidx) : int64_t(rhs.getUnsigned(bidx));
          sum += x * y;
        }
        // The accumulator wraps like the i32 it is.
        r.as<uint32_t>()[idx] = uint32_t(uint64_t(sum));
      }
  ex.setTile(op.getResult(), r);
  return success();
}

LogicalResult execMmaFScaled(BlockExec &ex, MmaFScaledOp op) {
  const Tile &lhs = ex.tile(op.getLhs()), &rhs = ex.tile(op.getRhs()),
             &acc = ex.tile(op.getAcc()), &ls = ex.tile(op.getLhsScale()),
             &rs = ex.tile(op.getRhsScale());
  MmaDims d = mmaDims(lhs, rhs);
  bool batched = lhs.getRank() == 3;
  int64_t ks = ls.getShape()[batched + 1];
  int64_t block = d.k / ks;
  std::vector<double> a = toDoubles(lhs), b = toDoubles(rhs);
  std::vector<double> sa = toDoubles(ls), sb = toDoubles(rs);
  // Scale every operand value by its block's factor (exact in f64).
  for (int64_t bi = 0; bi < d.b; ++bi) {
    for (int64_t i = 0; i < d.m; ++i)
      for (int64_t kk = 0; kk < d.k; ++kk)
        a[(bi * d.m + i) * d.k + kk] *= sa[(bi * d.m + i) * ks + kk / block];
    for (int64_t kk = 0; kk < d.k; ++kk)
      for (int64_t j = 0; j < d.n; ++j)
        b[(bi * d.k + kk) * d.n + j] *= sb[(bi * ks + kk / block) * d.n + j];
  }
  ex.setTile(op.getResult(), mmaFloat(a, b, acc, d));
  return success();
}

//===----------------------------------------------------------------------===//
// reduce and scan
//===----------------------------------------------------------------------===//

/// Shape of a reduction or scan: the dims before, along and after `dim`.
struct Split {
  int64_t outer, len, inner;
};
Split splitAt(llvm::ArrayRef<int64_t> shape, int64_t dim) {
  Split s{1, shape[dim], 1};
  for (int64_t d = 0; d < dim; ++d)
    s.outer *= shape[d];
  for (int64_t d = dim + 1; d < int64_t(shape.size()); ++d)
    s.inner *= shape[d];
  return s;
}

/// The lanes of step `k`: elements [o, k, i] for every o and i.
Tile sliceAt(const Tile &t, Split s, int64_t k) {
  Tile r = Tile::alloc(t.getKind(), {s.outer * s.inner});
  unsigned bytes = getTileBytes(t.getKind());
  for (int64_t o = 0; o < s.outer; ++o)
    std::memcpy(r.bytes() + o * s.inner * bytes,
                t.bytes() + (o * s.len + k) * s.inner * bytes, s.inner * bytes);
  return r;
}

void storeSlice(const Tile &dst, Split s, int64_t k, const Tile &lanes) {
  unsigned bytes = getTileBytes(dst.getKind());
  for (int64_t o = 0; o < s.outer; ++o)
    std::memcpy(dst.bytes() + (o * s.len + k) * s.inner * bytes,
                lanes.bytes() + o * s.inner * bytes, s.inner * bytes);
}

/// reduce (`isScan` false) and scan: the combiner folds the elements along
/// `dim` in increasing order (decreasing for a reverse scan), starting from
/// the identity: acc = body(element, acc).
LogicalResult execCombiner(BlockExec &ex, Operation *op, int64_t dim,
                           ArrayAttr identities, bool isScan, bool reverse) {
  unsigned n = op->getNumOperands();
  Block &body = op->getRegion(0).front();
  llvm::SmallVector<Tile, 4> inputs;
  for (Value v : op->getOperands())
    inputs.push_back(ex.tile(v));
  Split s = splitAt(inputs[0].getShape(), dim);
  int64_t lanes = s.outer * s.inner;

  llvm::SmallVector<Tile, 4> acc;
  for (unsigned j = 0; j < n; ++j) {
    std::string why;
    FailureOr<Tile> id = materializeScalarAttr(identities[j], inputs[j].getKind(), why);
    if (failed(id))
      return ex.fail(op, why);
    acc.push_back(*id);
  }
  llvm::SmallVector<Tile, 4> scanOut;
  if (isScan)
    for (unsigned j = 0; j < n; ++j)
      scanOut.push_back(Tile::alloc(inputs[j].getKind(), inputs[j].getShape()));

  bool laneWise = ex.prog.laneWiseCombiners.lookup(op);
  Signal signal;
  llvm::SmallVector<RtValue, 8> args(2 * n);
  if (laneWise) {
    for (unsigned j = 0; j < n; ++j)
      acc[j] = broadcastTo(acc[j].reshaped({1}), {lanes});
    for (int64_t step = 0; step < s.len; ++step) {
      int64_t k = reverse ? s.len - 1 - step : step;
      for (unsigned j = 0; j < n; ++j) {
        args[2 * j] = RtValue::ofTile(sliceAt(inputs[j], s, k));
        args[2 * j + 1] = RtValue::ofTile(acc[j]);
      }
      if (failed(ex.runBlock(body, args, signal)))
        return failure();
      for (unsigned j = 0; j < n; ++j) {
        Tile next = signal.values[j].tile;
        acc[j] = next.size() == lanes ? next.reshaped({lanes})
                                      : broadcastTo(next.reshaped({1}), {lanes});
        if (isScan)
          storeSlice(scanOut[j], s, k, acc[j]);
      }
    }
  } else {
    // One lane at a time, with rank-0 tiles, for combiners holding ops that
    // do not work lane-wise.
    llvm::SmallVector<Tile, 4> results;
    for (unsigned j = 0; j < n; ++j) {
      llvm::SmallVector<int64_t, 4> shape;
      for (int64_t d = 0; d < inputs[j].getRank(); ++d)
        if (d != dim)
          shape.push_back(inputs[j].getShape()[d]);
      results.push_back(Tile::alloc(inputs[j].getKind(), isScan ? inputs[j].getShape() : llvm::ArrayRef<int64_t>(shape)));
    }
    for (int64_t lane = 0; lane < lanes; ++lane) {
      int64_t o = lane / s.inner, i = lane % s.inner;
      llvm::SmallVector<Tile, 4> a = acc;
      for (int64_t step = 0; step < s.len; ++step) {
        int64_t k = reverse ? s.len - 1 - step : step;
        int64_t index = (o * s.len + k) * s.inner + i;
        for (unsigned j = 0; j < n; ++j) {
          args[2 * j] = RtValue::ofTile(Tile::scalar(inputs[j].getKind(), inputs[j].getBits(index)));
          args[2 * j + 1] = RtValue::ofTile(a[j]);
        }
        if (failed(ex.runBlock(body, args, signal)))
          return failure();
        for (unsigned j = 0; j < n; ++j) {
          a[j] = signal.values[j].tile;
          if (isScan)
            results[j].setBits(index, a[j].getBits(0));
        }
      }
      if (!isScan)
        for (unsigned j = 0; j < n; ++j)
          results[j].setBits(lane, a[j].getBits(0));
    }
    for (unsigned j = 0; j < n; ++j)
      ex.setTile(op->getResult(j), results[j]);
    return success();
  }
  for (unsigned j = 0; j < n; ++j) {
    if (isScan) {
      ex.setTile(op->getResult(j), scanOut[j]);
    } else {
      auto type = cast<TileType>(op->getResult(j).getType());
      ex.setTile(op->getResult(j), acc[j].reshaped(type.getShape()));
    }
  }
  return success();
}

} // namespace

ExecStatus interp::execShapeOp(BlockExec &ex, Operation &operation, Signal &) {
  Operation *op = &operation;
  auto set = [&](Value v, Tile t) {
    ex.setTile(v, std::move(t));
    return ExecStatus::Ok;
  };
  auto resultShape = [](Value v) { return cast<TileType>(v.getType()).getShape(); };
  return llvm::TypeSwitch<Operation *, ExecStatus>(op)
      .Case([&](BroadcastOp o) {
        return set(o.getResult(), broadcastTo(ex.tile(o.getSource()), resultShape(o.getResult())));
      })
      .Case([&](ReshapeOp o) {
        return set(o.getResult(), ex.tile(o.getSource()).reshaped(resultShape(o.getResult())));
      })
      .Case([&](PermuteOp o) {
        return set(o.getResult(), permuteTile(ex.tile(o.getSource()), o.getPermutation(),
                                              resultShape(o.getResult())));
      })
      .Case([&](CatOp o) {
        return set(o.getResult(), catTiles(ex.tile(o.getLhs()), ex.tile(o.getRhs()), o.getDim(),
                                           resultShape(o.getResult())));
      })
      .Case([&](ExtractOp o) { return toStatus(execExtract(ex, o)); })
      .Case([&](InsertOp o) { return toStatus(execInsert(ex, o)); })
      .Case([&](IotaOp o) {
        auto type = cast<TileType>(o.getResult().getType());
        Tile r = Tile::alloc(kindOf(type), type.getShape());
        for (int64_t i = 0; i < r.size(); ++i)
          r.setBits(i, uint64_t(i));
        return set(o.getResult(), r);
      })
      .Case([&](SelectOp o) { return toStatus(execSelect(ex, o)); })
      .Case([&](OffsetOp o) { return toStatus(execOffset(ex, o)); })
      .Case([&](PackOp o) {
        auto type = cast<TileType>(o.getResult().getType());
        return set(o.getResult(), repack(ex.tile(o.getSource()), ElemKind::I8, type.getShape()[0]));
      })
      .Case([&](UnpackOp o) {
        auto type = cast<TileType>(o.getResult().getType());
        return set(o.getResult(), repack(ex.tile(o.getSource()), kindOf(type), type.getShape()[0]));
      })
      .Case([&](MmaFOp o) {
        const Tile &lhs = ex.tile(o.getLhs()), &rhs = ex.tile(o.getRhs());
        return set(o.getResult(), mmaFloat(toDoubles(lhs), toDoubles(rhs), ex.tile(o.getAcc()),
                                           mmaDims(lhs, rhs)));
      })
      .Case([&](MmaIOp o) { return toStatus(execMmaI(ex, o)); })
      .Case([&](MmaFScaledOp o) { return toStatus(execMmaFScaled(ex, o)); })
      .Case([&](ReduceOp o) {
        return toStatus(execCombiner(ex, op, o.getDim(), o.getIdentities(), false, false));
      })
      .Case([&](ScanOp o) {
        return toStatus(execCombiner(ex, op, o.getDim(), o.getIdentities(), true, o.getReverse()));
      })
      .Default([](Operation *) { return ExecStatus::Unhandled; });
}
