//===- EmitMma.cpp - matrix multiply-accumulate on tensor cores -----------===//
//
// mmaf / mmai with mma.sync when the element types and the shapes fit an
// instruction of sm_80 and newer: f16 and bf16 (m16n8k16), tf32 (m16n8k8),
// i8 (m16n8k32) and f64 (m8n8k4). The warps of the CTA share the m x n
// output tiles of the instruction shape; the operands are staged through
// shared memory in chunks of K (k-contiguous for both), the accumulator
// moves between the tile layout and the instruction's fragments through the
// emitter's exchanges. Other combinations use the scalar path of
// EmitShape.cpp.
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"

#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

namespace {

enum class Kind { Half, TF32, Int8, F64 };

struct Instruction {
  Kind kind;
  int m, n, k;
  int aElems, bElems, cElems; // per lane
  int pack;                   // A/B elements per register
  std::string text;           // without operands
};

/// The mma.sync instruction for the operand and accumulator element types,
/// if there is one.
std::optional<Instruction> selectInstruction(Type a, Type c, bool lhsSigned,
                                             bool rhsSigned) {
  Instruction in;
  if ((a.isF16() || a.isBF16()) && (c.isF32() || (a.isF16() && c.isF16()))) {
    in = {Kind::Half, 16, 8, 16, 8, 4, 4, 2, ""};
    std::string ab = a.isF16() ? "f16" : "bf16";
    std::string cd = c.isF32() ? "f32" : "f16";
    in.text = "mma.sync.aligned.m16n8k16.row.col." + cd + "." + ab + "." + ab +
              "." + cd;
    return in;
  }
  if (isa<FloatTF32Type>(a) && c.isF32()) {
    in = {Kind::TF32, 16, 8, 8, 4, 2, 4, 1,
          "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"};
    return in;
  }
  if (a.isInteger(8) && c.isInteger(32)) {
    in = {Kind::Int8, 16, 8, 32, 16, 8, 4, 4, ""};
    in.text = std::string("mma.sync.aligned.m16n8k32.row.col.s32.") +
              (lhsSigned ? "s8." : "u8.") + (rhsSigned ? "s8" : "u8") + ".s32";
    return in;
  }
  if (a.isF64() && c.isF64()) {
    in = {Kind::F64, 8, 8, 4, 1, 1, 2, 1,
          "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"};
    return in;
  }
  return std::nullopt;
}

/// (row, column) offsets of A element i of a lane (g = lane / 4, t = lane % 4).
std::pair<int, int> aPosition(Kind kind, int i, int &gRow, int &tCol) {
  switch (kind) {
  case Kind::Half:
    gRow = 1, tCol = 2;
    return {8 * ((i >> 1) & 1), (i & 1) + 8 * (i >> 2)};
  case Kind::TF32:
    gRow = 1, tCol = 1;
    return {8 * (i & 1), 4 * (i >> 1)};
  case Kind::Int8:
    gRow = 1, tCol = 4;
    return {8 * ((i >> 2) & 1), (i & 3) + 16 * (i >> 3)};
  case Kind::F64:
    gRow = 1, tCol = 1;
    return {0, 0};
  }
  return {0, 0};
}

/// k offset of B element i (its column n is the lane's g); tK: factor of t.
int bPosition(Kind kind, int i, int &tK) {
  switch (kind) {
  case Kind::Half:
    tK = 2;
    return (i & 1) + 8 * (i >> 1);
  case Kind::TF32:
    tK = 1;
    return 4 * i;
  case Kind::Int8:
    tK = 4;
    return (i & 3) + 16 * (i >> 2);
  case Kind::F64:
    tK = 1;
    return 0;
  }
  return 0;
}

/// (row, column) offsets of accumulator element i: row g (+8), column 2t+.
std::pair<int, int> cPosition(Kind kind, int i) {
  if (kind == Kind::F64)
    return {0, i};
  return {8 * (i >> 1), i & 1};
}

/// How the tensor-core path computes one matmul: the instruction, the
/// problem (B x M x N x K) and the K extent staged at a time.
struct TensorCorePlan {
  Instruction inst;
  int64_t B = 1, M = 0, N = 0, K = 0, kChunk = 0;
  bool batched = false;
  MmaFragments fragments() const {
    return MmaFragments{B, M, N, inst.m, inst.n};
  }
};

std::optional<TensorCorePlan> planTensorCore(TileType lhsType,
                                             TileType rhsType,
                                             TileType accType, bool lhsSigned,
                                             bool rhsSigned) {
  Type aElem = lhsType.getElementType();
  Type cElem = accType.getElementType();
  if (aElem != rhsType.getElementType())
    return std::nullopt;
  std::optional<Instruction> inst =
      selectInstruction(aElem, cElem, lhsSigned, rhsSigned);
  if (!inst)
    return std::nullopt;
  TensorCorePlan plan{*inst};
  plan.batched = lhsType.getRank() == 3;
  plan.B = plan.batched ? lhsType.getShape()[0] : 1;
  plan.M = lhsType.getShape()[plan.batched ? 1 : 0];
  plan.K = lhsType.getShape()[plan.batched ? 2 : 1];
  plan.N = rhsType.getShape()[plan.batched ? 2 : 1];
  if (plan.M % inst->m || plan.N % inst->n || plan.K % inst->k)
    return std::nullopt;
  int64_t eBytes = KernelEmitter::storageBytes(aElem);
  int64_t perK = plan.B * (plan.M + plan.N) * eBytes;
  plan.kChunk = std::min<int64_t>(
      plan.K, int64_t(llvm::bit_floor<uint64_t>(
                  uint64_t(KernelEmitter::kScratchBytes / perK))));
  if (plan.kChunk < inst->k)
    return std::nullopt;
  return plan;
}

/// The tensor-core plan of an mmaf / mmai op.
std::optional<TensorCorePlan> planTensorCore(Operation *op) {
  auto tileOf = [](Value v) { return cast<TileType>(v.getType()); };
  if (auto mmaf = dyn_cast<MmaFOp>(op))
    return planTensorCore(tileOf(mmaf.getLhs()), tileOf(mmaf.getRhs()),
                          tileOf(mmaf.getAcc()), true, true);
  if (auto mmai = dyn_cast<MmaIOp>(op))
    return planTensorCore(
        tileOf(mmai.getLhs()), tileOf(mmai.getRhs()), tileOf(mmai.getAcc()),
        mmai.getSignednessLhs() == Signedness::Signed,
        mmai.getSignednessRhs() == Signedness::Signed);
  return std::nullopt;
}

} // namespace

std::optional<MmaFragments> codegen::tensorCoreFragments(Operation *op,
                                                         int64_t threads) {
  std::optional<TensorCorePlan> plan = planTensorCore(op);
  if (!plan || plan->fragments().numTiles() % (threads / 32) != 0)
    return std::nullopt;
  return plan->fragments();
}

FailureOr<bool> codegen::emitTensorCoreMatmul(KernelEmitter &em, Operation *op,
                                              Value lhs, Value rhs, Value acc,
                                              bool lhsSigned, bool rhsSigned) {
  auto lhsType = cast<TileType>(lhs.getType());
  auto rhsType = cast<TileType>(rhs.getType());
  auto accType = cast<TileType>(acc.getType());
  Type aElem = lhsType.getElementType();
  Type cElem = accType.getElementType();
  std::optional<TensorCorePlan> plan =
      planTensorCore(lhsType, rhsType, accType, lhsSigned, rhsSigned);
  if (!plan)
    return false;
  const Instruction *inst = &plan->inst;
  bool batched = plan->batched;
  int64_t B = plan->B, M = plan->M, N = plan->N, K = plan->K;
  int64_t kChunk = plan->kChunk;
  int64_t eBytes = KernelEmitter::storageBytes(aElem);

  OpBuilder &b = em.b;
  Location loc = em.loc;
  MLIRContext *ctx = em.ctx();
  int64_t numWarps = em.numThreads() / 32;
  int64_t tilesM = M / inst->m, tilesN = N / inst->n;
  int64_t tiles = B * tilesM * tilesN;
  int64_t perWarp = (tiles + numWarps - 1) / numWarps;
  int64_t numChunks = K / kChunk;
  int64_t aOffset = 0;
  int64_t bOffset = llvm::alignTo(B * M * kChunk * eBytes, 16);
  em.reserveScratch(bOffset + B * N * kChunk * eBytes);

  Value tid = em.threadId();
  Value warp = arith::ShRUIOp::create(b, loc, tid, em.cI32(5));
  Value lane = arith::AndIOp::create(b, loc, tid, em.cI32(31));
  Value g = arith::ShRUIOp::create(b, loc, lane, em.cI32(2));
  Value t = arith::AndIOp::create(b, loc, lane, em.cI32(3));
  auto mul = [&](Value x, int64_t c) -> Value {
    if (c == 1)
      return x;
    return arith::MulIOp::create(b, loc, x, em.cI32(c));
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  auto addc = [&](Value x, int64_t c) -> Value {
    return c ? add(x, em.cI32(c)) : x;
  };

  // The output tiles of this warp: (batch, first row, first column).
  struct WarpTile {
    Value valid, batch, row0, col0;
  };
  SmallVector<WarpTile> mine;
  for (int64_t j = 0; j < perWarp; ++j) {
    Value tau = add(warp, em.cI32(j * numWarps));
    Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        tau, em.cI32(tiles));
    tau = arith::SelectOp::create(b, loc, valid, tau, em.cI32(0));
    Value nt = arith::RemUIOp::create(b, loc, tau, em.cI32(tilesN));
    Value rest = arith::DivUIOp::create(b, loc, tau, em.cI32(tilesN));
    Value mt = arith::RemUIOp::create(b, loc, rest, em.cI32(tilesM));
    Value batch = arith::DivUIOp::create(b, loc, rest, em.cI32(tilesM));
    mine.push_back({valid, batch, mul(mt, inst->m), mul(nt, inst->n)});
  }

  // Accumulator fragments: the accumulator's own slots when its layout is
  // these fragments, else gathered from the tile layout.
  std::optional<MmaFragments> accLayout = em.layoutOf(accType).mma;
  bool inFragments = accLayout && *accLayout == plan->fragments() &&
                     tiles % numWarps == 0;
  SmallVector<Value> accPositions, accValid, accScalars;
  if (inFragments) {
    em.remark(op, /*passed=*/true,
              Twine(inst->text.substr(0, inst->text.find(".row"))) +
                  ": the accumulator stays in the instruction's fragments");
    Value accValue = em.get(acc);
    for (int64_t k = 0; k < perWarp * inst->cElems; ++k)
      accScalars.push_back(em.lane(accValue, k));
  } else {
    for (const WarpTile &w : mine)
      for (int i = 0; i < inst->cElems; ++i) {
        auto [dr, dc] = cPosition(inst->kind, i);
        Value row = addc(g, dr);
        Value col = addc(mul(t, 2), dc);
        Value r = add(w.row0, row), c = add(w.col0, col);
        Value linear = add(mul(add(mul(w.batch, M), r), N), c);
        accPositions.push_back(linear);
        accValid.push_back(w.valid);
      }
    accScalars =
        em.gatherIndices({{em.get(acc), accType}},
                         SmallVector<Value>(accPositions.size()), accPositions);
  }

  // Registers: f16 accumulators travel as f16x2 in i32.
  bool packedAcc = cElem.isF16();
  Type i32 = b.getI32Type();
  Type cReg = packedAcc ? i32 : em.scalarType(cElem);
  auto packPair = [&](Value lo, Value hi) -> Value {
    auto v2 = VectorType::get({2}, lo.getType());
    Value v = vector::FromElementsOp::create(b, loc, v2, ValueRange{lo, hi});
    return vector::BitCastOp::create(b, loc, VectorType::get({1}, i32), v)
        .getResult();
  };
  SmallVector<Value> regs;
  if (packedAcc) {
    for (size_t i = 0; i < accScalars.size(); i += 2) {
      Value v = packPair(accScalars[i], accScalars[i + 1]);
      regs.push_back(vector::ExtractOp::create(b, loc, v, 0));
    }
  } else {
    regs = accScalars;
  }
  int64_t cRegsPerTile = packedAcc ? inst->cElems / 2 : inst->cElems;

  // The inline PTX of one instruction.
  int aRegs = inst->aElems / inst->pack, bRegs = inst->bElems / inst->pack;
  std::string operands;
  std::string constraints;
  StringRef abC = inst->kind == Kind::F64 ? "d" : "r";
  StringRef cC = cReg.isF32() ? "f" : (cReg.isF64() ? "d" : "r");
  int next = 0;
  auto group = [&](int count) {
    std::string text = "{";
    for (int i = 0; i < count; ++i)
      text += (i ? ", $" : "$") + std::to_string(next++);
    return text + "}";
  };
  std::string dText = group(cRegsPerTile), aText = group(aRegs),
              bText = group(bRegs), cText = group(cRegsPerTile);
  std::string asmText =
      inst->text + " " + dText + ", " + aText + ", " + bText + ", " + cText + ";";
  for (int i = 0; i < cRegsPerTile; ++i)
    constraints += (i ? ",=" : "=") + cC.str();
  for (int i = 0; i < aRegs + bRegs; ++i)
    constraints += "," + abC.str();
  for (int i = 0; i < cRegsPerTile; ++i)
    constraints += "," + cC.str();
  SmallVector<Type> resultTypes(cRegsPerTile, cReg);
  auto resultStruct = LLVM::LLVMStructType::getLiteral(ctx, resultTypes);
  Type abReg = inst->kind == Kind::F64 ? Type(b.getF64Type()) : i32;

  auto processChunk = [&](Value k0,
                          ArrayRef<Value> current) -> SmallVector<Value> {
    em.barrier();
    // lhs[b, m, k] -> A[(b * M + m) * kChunk + k - k0]
    em.stage(em.get(lhs), lhsType, aOffset, [&](Value e) -> std::pair<Value, Value> {
      SmallVector<Value> c = em.delinearize(e, lhsType.getShape());
      Value bb = batched ? c[0] : em.cI32(0);
      Value rel = arith::SubIOp::create(b, loc, c[batched ? 2 : 1], k0);
      Value keep = numChunks == 1
                       ? Value()
                       : arith::CmpIOp::create(b, loc,
                                               arith::CmpIPredicate::ult, rel,
                                               em.cI32(kChunk))
                             .getResult();
      Value row = add(mul(bb, M), c[batched ? 1 : 0]);
      return {keep, add(mul(row, kChunk), rel)};
    });
    // rhs[b, k, n] -> Bt[(b * N + n) * kChunk + k - k0]  (k contiguous)
    em.stage(em.get(rhs), rhsType, bOffset, [&](Value e) -> std::pair<Value, Value> {
      SmallVector<Value> c = em.delinearize(e, rhsType.getShape());
      Value bb = batched ? c[0] : em.cI32(0);
      Value rel = arith::SubIOp::create(b, loc, c[batched ? 1 : 0], k0);
      Value keep = numChunks == 1
                       ? Value()
                       : arith::CmpIOp::create(b, loc,
                                               arith::CmpIPredicate::ult, rel,
                                               em.cI32(kChunk))
                             .getResult();
      Value col = add(mul(bb, N), c[batched ? 2 : 1]);
      return {keep, add(mul(col, kChunk), rel)};
    });
    em.barrier();
    return em.buildFor(
        em.cI32(0), em.cI32(kChunk), em.cI32(inst->k), current,
        [&](Value kk, ValueRange iters) -> SmallVector<Value> {
          SmallVector<Value> out(iters.begin(), iters.end());
          for (auto [j, w] : llvm::enumerate(mine)) {
            // Operand registers from shared memory.
            SmallVector<Value> args;
            for (int r = 0; r < aRegs; ++r) {
              int gRow = 0, tCol = 0;
              auto [dr, dc] = aPosition(inst->kind, r * inst->pack, gRow, tCol);
              Value row = add(add(mul(w.batch, M), w.row0), addc(mul(g, gRow), dr));
              Value col = add(kk, addc(mul(t, tCol), dc));
              Value linear = add(mul(row, kChunk), col);
              Value index = inst->pack > 1
                                ? arith::ShRUIOp::create(
                                      b, loc, linear,
                                      em.cI32(llvm::Log2_64(inst->pack)))
                                      .getResult()
                                : linear;
              Value ptr = em.scratchPointer(aOffset, abReg, index);
              args.push_back(LLVM::LoadOp::create(
                  b, loc, abReg, ptr, abReg.getIntOrFloatBitWidth() / 8));
            }
            for (int r = 0; r < bRegs; ++r) {
              int tK = 0;
              int dk = bPosition(inst->kind, r * inst->pack, tK);
              Value col = add(mul(w.batch, N), add(w.col0, g));
              Value k = add(kk, addc(mul(t, tK), dk));
              Value linear = add(mul(col, kChunk), k);
              Value index = inst->pack > 1
                                ? arith::ShRUIOp::create(
                                      b, loc, linear,
                                      em.cI32(llvm::Log2_64(inst->pack)))
                                      .getResult()
                                : linear;
              Value ptr = em.scratchPointer(bOffset, abReg, index);
              args.push_back(LLVM::LoadOp::create(
                  b, loc, abReg, ptr, abReg.getIntOrFloatBitWidth() / 8));
            }
            ArrayRef<Value> cIn(out.data() + j * cRegsPerTile, cRegsPerTile);
            args.append(cIn.begin(), cIn.end());
            auto compute = [&]() -> SmallVector<Value> {
              auto asmOp = LLVM::InlineAsmOp::create(
                  b, loc, TypeRange(resultStruct), args, asmText, constraints,
                  /*has_side_effects=*/true, /*is_align_stack=*/false,
                  LLVM::tailcallkind::TailCallKind::None,
                  LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
                  ArrayAttr());
              SmallVector<Value> d;
              for (int64_t r = 0; r < cRegsPerTile; ++r)
                d.push_back(LLVM::ExtractValueOp::create(
                    b, loc, asmOp.getResult(0), ArrayRef<int64_t>{r}));
              return d;
            };
            SmallVector<Value> d;
            if (tiles % numWarps == 0)
              d = compute();
            else
              d = em.buildIf(w.valid, TypeRange(SmallVector<Type>(
                                          cRegsPerTile, cReg)),
                             compute, [&]() -> SmallVector<Value> {
                               return SmallVector<Value>(cIn.begin(),
                                                         cIn.end());
                             });
            for (int64_t r = 0; r < cRegsPerTile; ++r)
              out[j * cRegsPerTile + r] = d[r];
          }
          return out;
        });
  };

  if (numChunks == 1)
    regs = processChunk(em.cI32(0), regs);
  else
    regs = em.buildFor(em.cI32(0), em.cI32(K), em.cI32(kChunk), regs,
                       [&](Value k0, ValueRange iters) {
                         SmallVector<Value> cur(iters.begin(), iters.end());
                         return processChunk(k0, cur);
                       });

  // Fragments back to the tile layout.
  SmallVector<Value> results;
  if (packedAcc) {
    for (Value r : regs) {
      Value v1 = vector::FromElementsOp::create(
          b, loc, VectorType::get({1}, i32), ValueRange{r});
      Value v2 = vector::BitCastOp::create(
          b, loc, VectorType::get({2}, b.getF16Type()), v1);
      results.push_back(vector::ExtractOp::create(b, loc, v2, 0));
      results.push_back(vector::ExtractOp::create(b, loc, v2, 1));
    }
  } else {
    results = regs;
  }
  if (inFragments)
    em.set(op->getResult(0), em.fromLanes(results, em.loweredType(accType)));
  else
    em.set(op->getResult(0),
           em.scatterToTile(results, accPositions, accValid, accType));
  return true;
}
