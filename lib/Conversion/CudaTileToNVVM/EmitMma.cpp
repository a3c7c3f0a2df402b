//===- EmitMma.cpp - matrix multiply-accumulate on tensor cores -----------===//
//
// mmaf / mmai with mma.sync when the element types and the shapes fit an
// instruction of sm_80 and newer: f16 and bf16 (m16n8k16), tf32 (m16n8k8),
// i8 (m16n8k32) and f64 (m8n8k4). The warps tile the output in a grid of
// blocks of instruction-sized tiles (MmaWarpGrid); the operands are staged
// through swizzled shared memory in chunks of K, each thread storing its
// runs of up to 16 bytes, and read with ldmatrix (A; B of 16-bit types with
// .trans) or, where ldmatrix cannot give the fragment, scalar loads. The
// accumulator stays in the instruction's fragments when its layout is
// them, else it moves through the emitter's exchanges. On sm_90a a matmul
// whose operands are in cp.async rings (A possibly in registers) runs
// wgmma.mma_async per warpgroup of 64 rows, its operands read through
// matrix descriptors (WgmmaOperandLayout). Other combinations use the
// scalar path of EmitShape.cpp.
//
//===----------------------------------------------------------------------===//

#include "Codegen.h"

#include "cuda_tile/Layout/TensorCoreLayout.h"

#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

StringRef codegen::fp8Name(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return "e4m3";
  if (isa<Float8E5M2Type>(t))
    return "e5m2";
  return "";
}

namespace {

/// Operand formats by fragment shape: 16-bit, tf32, 8-bit (i8, fp8), f64.
enum class Kind { Half, TF32, Byte, F64 };

struct Instruction {
  Kind kind;
  int m, n, k;
  int aElems, bElems, cElems; // per lane
  int pack;                   // A/B elements per register
  std::string text;           // without operands
  /// Sum each instruction's products from zero and add them to the
  /// accumulator in f32: fp8 without fast_acc, whose native accumulation is
  /// narrower than f32.
  bool promote = false;
};

/// The mma.sync instruction for the operand and accumulator element types,
/// if there is one.
std::optional<Instruction> selectInstruction(Type a, Type c, bool lhsSigned,
                                             bool rhsSigned, bool fastAcc,
                                             unsigned sm) {
  Instruction in;
  if (!fp8Name(a).empty() && c.isF32()) {
    if (sm < 89)
      return std::nullopt;
    in = {Kind::Byte, 16, 8, 32, 16, 8, 4, 4, ""};
    std::string ab = fp8Name(a).str();
    in.text = "mma.sync.aligned.m16n8k32.row.col.f32." + ab + "." + ab + ".f32";
    in.promote = !fastAcc;
    return in;
  }
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
    in = {Kind::Byte, 16, 8, 32, 16, 8, 4, 4, ""};
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
  case Kind::Byte:
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
  case Kind::Byte:
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
  bool wholeRows = false;
  MmaFragments fragments() const {
    return MmaFragments{B, M, N, inst.m, inst.n, wholeRows};
  }
};

/// `whyNot` (when given) says why there is no plan.
std::optional<TensorCorePlan>
planTensorCore(TileType lhsType, TileType rhsType, TileType accType,
               bool lhsSigned, bool rhsSigned, bool fastAcc, unsigned sm,
               int64_t scratchCapacity, bool lhsRing, bool rhsRing,
               std::string *whyNot = nullptr) {
  Type aElem = lhsType.getElementType();
  Type cElem = accType.getElementType();
  auto fail = [&](const Twine &why) -> std::optional<TensorCorePlan> {
    if (whyNot)
      *whyNot = why.str();
    return std::nullopt;
  };
  std::string types;
  llvm::raw_string_ostream(types) << aElem << " x " << rhsType.getElementType()
                                  << " into " << cElem;
  if (aElem != rhsType.getElementType())
    return fail("no mma.sync instruction takes " + types);
  if (!fp8Name(aElem).empty() && cElem.isF32() && sm < 89)
    return fail("fp8 tensor cores need sm_89 or newer");
  std::optional<Instruction> inst =
      selectInstruction(aElem, cElem, lhsSigned, rhsSigned, fastAcc, sm);
  if (!inst)
    return fail("no mma.sync instruction takes " + types);
  TensorCorePlan plan{*inst};
  plan.batched = lhsType.getRank() == 3;
  plan.B = plan.batched ? lhsType.getShape()[0] : 1;
  plan.M = lhsType.getShape()[plan.batched ? 1 : 0];
  plan.K = lhsType.getShape()[plan.batched ? 2 : 1];
  plan.N = rhsType.getShape()[plan.batched ? 2 : 1];
  if (plan.M % inst->m || plan.N % inst->n || plan.K % inst->k)
    return fail(Twine(plan.M) + "x" + Twine(plan.N) + "x" + Twine(plan.K) +
                " (M x N x K) is not a multiple of the instruction's " +
                Twine(inst->m) + "x" + Twine(inst->n) + "x" + Twine(inst->k));
  int64_t eBytes = KernelEmitter::storageBytes(aElem);
  // Operands in rings are read where they are; the others are staged in
  // chunks of K.
  int64_t perK =
      plan.B * ((lhsRing ? 0 : plan.M) + (rhsRing ? 0 : plan.N)) * eBytes;
  plan.kChunk = perK == 0 ? plan.K
                          : std::min<int64_t>(
                                plan.K, int64_t(llvm::bit_floor<uint64_t>(
                                            uint64_t(scratchCapacity / perK))));
  if (plan.kChunk < inst->k)
    return fail("one K step of the operands does not fit the shared "
                "scratch buffer");
  return plan;
}

/// The ring operand `index` (0: lhs, 1: rhs) of matmul `op` is read from,
/// if any.
RingTileOp ringOperand(Operation *op, unsigned index) {
  return op->getOperand(index).getDefiningOp<RingTileOp>();
}

/// For a matmul's remark: the rings its operands come from, with their
/// buffers (the pipelining depth) and what fills them (TMA or cp.async).
std::string describeRings(KernelEmitter &em, RingTileOp lhs, RingTileOp rhs) {
  // (A ring of f32 read as tf32 without a mode was rounded by a ring_round.)
  auto rounding = [](RingTileOp operand) -> StringRef {
    if (operand.getRounding())
      return " (f32, rounded to tf32 as read)";
    Type held = cast<TileType>(operand.getRing().getType().getTile())
                    .getElementType();
    return held != cast<TileType>(operand.getType()).getElementType()
               ? " (f32, rounded to tf32 in place)"
               : "";
  };
  auto ring = [&](RingTileOp operand) {
    int64_t stages = operand.getRing().getType().getStages();
    bool tma = llvm::any_of(operand.getRing().getUsers(), [&](Operation *u) {
      return isa<AsyncLoadOp>(u) && em.tmaCopies.count(u);
    });
    return std::to_string(stages) + (stages == 1 ? " buffer" : " buffers") +
           " filled by " + (tma ? "TMA" : "cp.async") +
           rounding(operand).str();
  };
  // (-cudatile-pipeline-operands' mbarrier-release.)
  RingTileOp any = lhs ? lhs : rhs;
  bool perWarp =
      any && llvm::any_of(any->getBlock()->getOps<RingReleaseOp>(),
                          [](RingReleaseOp r) { return bool(r.getBarriers()); });
  std::string released = perWarp ? ", released per warp by mbarriers" : "";
  if (lhs && rhs) {
    std::string a = ring(lhs), b = ring(rhs);
    return (a == b ? "A and B from rings of " + a
                   : "A from a ring of " + a + ", B from a ring of " + b) +
           released;
  }
  if (lhs)
    return "A from a ring of " + ring(lhs) + released;
  return rhs ? "B from a ring of " + ring(rhs) + released : std::string();
}

/// The tensor-core plan of an mmaf / mmai op on sm_`sm` staging through a
/// scratch buffer of `scratchCapacity` bytes (the lhs not, with
/// `lhsUnstaged`: it comes from registers).
std::optional<TensorCorePlan>
planTensorCore(Operation *op, unsigned sm, int64_t scratchCapacity,
               std::string *whyNot = nullptr, bool lhsUnstaged = false) {
  auto tileOf = [](Value v) { return cast<TileType>(v.getType()); };
  bool lhsRing = lhsUnstaged || ringOperand(op, 0);
  if (auto mmaf = dyn_cast<MmaFOp>(op))
    return planTensorCore(tileOf(mmaf.getLhs()), tileOf(mmaf.getRhs()),
                          tileOf(mmaf.getAcc()), true, true,
                          mmaf.getFastAcc(), sm, scratchCapacity, lhsRing,
                          bool(ringOperand(op, 1)), whyNot);
  if (auto mmai = dyn_cast<MmaIOp>(op))
    return planTensorCore(
        tileOf(mmai.getLhs()), tileOf(mmai.getRhs()), tileOf(mmai.getAcc()),
        mmai.getSignednessLhs() == Signedness::Signed,
        mmai.getSignednessRhs() == Signedness::Signed, false, sm,
        scratchCapacity, lhsRing, bool(ringOperand(op, 1)), whyNot);
  return std::nullopt;
}

} // namespace

std::optional<MmaFragments>
codegen::tensorCoreFragments(Operation *op, int64_t threads,
                             const Target &target, bool wholeRows) {
  std::optional<TensorCorePlan> plan =
      planTensorCore(op, target.sm, KernelEmitter::kScratchBytes);
  if (!plan || plan->fragments().numTiles() % (threads / 32) != 0)
    return std::nullopt;
  plan->wholeRows = wholeRows;
  return plan->fragments();
}

namespace {
/// The registers a thread of a warpgroup holds of a wgmma accumulator:
/// N / 2 of its 64 x N, f16 packed in pairs.
int64_t wgmmaAccumulatorRegisters(const TensorCorePlan &plan, Operation *op) {
  bool packed =
      cast<TileType>(op->getResult(0).getType()).getElementType().isF16();
  return plan.N / (packed ? 4 : 2);
}
} // namespace

int64_t codegen::registerCapOf(int64_t threads, int64_t ctas) {
  return std::min<int64_t>(255, (65536 / (threads * ctas)) & ~int64_t(7));
}

int64_t codegen::wgmmaRegistersNeeded(Operation *op, const Target &target) {
  std::optional<TensorCorePlan> plan =
      planTensorCore(op, target.sm, KernelEmitter::kScratchBytes);
  return plan ? wgmmaAccumulatorRegisters(*plan, op) + kWgmmaRegisterMargin
              : 0;
}

std::string codegen::wgmmaShapeObstacle(Operation *op, const Target &target,
                                        bool lhsInRing, bool bRowsOfK) {
  if (!target.hasWgmma())
    return "wgmma needs sm_90a";
  std::string whyNot;
  // (Operands in rings or registers: nothing to stage.)
  std::optional<TensorCorePlan> plan =
      planTensorCore(op, target.sm, KernelEmitter::kScratchBytes, &whyNot);
  if (!plan)
    return whyNot;
  if (plan->inst.kind != Kind::Half && plan->inst.kind != Kind::Byte)
    return "the wgmma path takes f16, bf16, fp8 and 8-bit integer operands";
  // 8-bit operands are read K-major only.
  if (plan->inst.kind == Kind::Byte && (!lhsInRing || !bRowsOfK))
    return "wgmma reads 8-bit operands from rings of rows of K only";
  if (plan->batched)
    return "the matmul is batched";
  if (plan->M % 64 != 0)
    return "M is not a multiple of 64 (warpgroups of 64 rows)";
  int64_t accRegs = wgmmaAccumulatorRegisters(*plan, op);
  // One warp per 16 rows share the 64K-register file (an occupancy hint
  // that would leave too few is lowered where it is applied).
  int64_t registerCap = registerCapOf(plan->M / 16 * 32, 1);
  if (accRegs > 128 || accRegs + kWgmmaRegisterMargin > registerCap)
    return "the accumulator would take " + std::to_string(accRegs) +
           " registers per thread (64 x " + std::to_string(plan->N) +
           " per warpgroup) of the " + std::to_string(registerCap) +
           " that " + std::to_string(plan->M / 16) + " warps may use";
  // (Rows of K hold 32 bytes or more: K is a multiple of the instruction's.)
  if (!bRowsOfK && plan->N * 2 < 32)
    return "B's rows are under 32 bytes (no swizzle atom)";
  return "";
}

std::string codegen::wgmmaObstacle(Operation *op, const Target &target,
                                   int64_t numWarps, bool wholeRows,
                                   bool lhsInRegisters) {
  RingTileOp lhsRing = ringOperand(op, 0), rhsRing = ringOperand(op, 1);
  if (!rhsRing || (!lhsRing && !lhsInRegisters))
    return "wgmma reads B from a ring and A from a ring or the registers of "
           "the matmul that computed it, and this matmul's are not";
  // (A lhs in a transposed ring is an error on every path.)
  std::string shape =
      wgmmaShapeObstacle(op, target, bool(lhsRing),
                         rhsRing.getRing().getType().getTransposed());
  if (!shape.empty())
    return shape;
  std::optional<TensorCorePlan> plan =
      planTensorCore(op, target.sm, KernelEmitter::kScratchBytes);
  if (numWarps != plan->M / 16)
    return "wgmma needs one warp per 16 rows of the output (" +
           std::to_string(plan->M / 16) + " warps in warpgroups of 64 rows; "
           "the CTA has " + std::to_string(numWarps) + ")";
  plan->wholeRows = wholeRows;
  MmaWarpGrid grid = plan->fragments().grid(numWarps);
  if (grid.rowWarps != numWarps || grid.colWarps != 1)
    return "the accumulator's warps do not hold whole rows";
  return "";
}

bool codegen::wantsWgmma(Operation *op, const Target &target) {
  if (!target.hasWgmma() || !isa<MmaFOp, MmaIOp>(op))
    return false;
  auto lhs = cast<TileType>(op->getOperand(0).getType());
  int64_t m = lhs.getRank() == 2 ? lhs.getShape()[0] : 0;
  return m >= 64 && m % 64 == 0 &&
         wgmmaObstacle(op, target, m / 16, /*wholeRows=*/true).empty();
}

int64_t codegen::ringMmaSyncWarps(Operation *op, const Target &target) {
  if (!isa<MmaFOp, MmaIOp>(op) || wantsWgmma(op, target) ||
      !ringOperand(op, 0) || !ringOperand(op, 1))
    return 0;
  auto acc = cast<TileType>(op->getResult(0).getType());
  auto lhs = cast<TileType>(op->getOperand(0).getType());
  int64_t bytes = KernelEmitter::storageBytes(lhs.getElementType());
  if (acc.getRank() != 2 || bytes > 4 ||
      !planTensorCore(op, target.sm, KernelEmitter::kScratchBytes))
    return 0;
  return gemmMmaSyncWarps(acc, bytes);
}

int64_t codegen::gemmMmaSyncWarps(TileType acc, int64_t operandBytes) {
  // tf32 takes twice the k steps of a 16-bit K: 64x32 warp tiles
  // (128x128x32 on sm_80: 4 warps spilled 104-240 B at 255 registers with
  // each register rounded as read, 8 B with the rings rounded in place; 8
  // warps take 146-195 and spill none).
  int64_t warpCols = operandBytes == 4 ? 32 : 64;
  return std::clamp<int64_t>(
      acc.getShape()[0] / 64 * (acc.getShape()[1] / warpCols), 4, 32);
}

namespace {

/// Whether `tile` is a constant of +0 or integer 0 (a matmul's accumulator
/// that adds nothing but the sign of zero products).
bool isPositiveZero(Value tile) {
  auto constant = tile.getDefiningOp<ConstantOp>();
  auto dense =
      constant ? dyn_cast<DenseElementsAttr>(constant.getValue()) : nullptr;
  if (!dense || !dense.isSplat())
    return false;
  if (isa<FloatType>(dense.getElementType()))
    return dense.getSplatValue<APFloat>().isPosZero();
  return dense.getSplatValue<APInt>().isZero();
}

/// Inline PTX that reads and writes the registers `regs` in place (tied
/// operands: wgmma's accumulators, whose order against the asynchronous
/// instructions must stay visible to LLVM), with `inputs` before them
/// ($n.. for n registers).
SmallVector<Value> inPlaceAsm(KernelEmitter &em, StringRef text,
                              ArrayRef<Value> regs, ValueRange inputs,
                              StringRef inputConstraints) {
  OpBuilder &b = em.b;
  std::string constraints;
  SmallVector<Type> types;
  for (size_t i = 0; i < regs.size(); ++i) {
    types.push_back(regs[i].getType());
    constraints += std::string(i ? ",=" : "=") +
                   (types.back().isF32() ? "f" : "r");
  }
  if (!inputConstraints.empty())
    constraints += "," + inputConstraints.str();
  for (size_t i = 0; i < regs.size(); ++i)
    constraints += "," + std::to_string(i);
  SmallVector<Value> args(inputs.begin(), inputs.end());
  args.append(regs.begin(), regs.end());
  Value result = em.inlinePtx(
      text, constraints, LLVM::LLVMStructType::getLiteral(em.ctx(), types),
      args);
  SmallVector<Value> out;
  for (int64_t i = 0; i < int64_t(regs.size()); ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, em.loc, result,
                                               ArrayRef<int64_t>{i}));
  return out;
}

/// The K steps of a matmul as wgmma.mma_async (sm_90a): each warpgroup
/// (4 warps, 64 rows) multiplies its rows of A by all of B, B read from its
/// ring buffer through descriptors (WgmmaOperandLayout), A likewise or,
/// when `aFragments` holds them (one per k16 step), from registers (the
/// m16n8k16 A fragments of each warp's 16 rows), in k16 steps and up to
/// 256 columns per instruction; `regs` are the warpgroup's accumulator
/// registers in wgmma's order (the whole-row mma layout's: n8 tile j in
/// registers 4j..4j+3, f16 pairs packed). `inst` is the mma.sync
/// instruction of the same types (its D, A and B types are wgmma's). With
/// `fromZero` (the accumulator is a zero constant) the first K step does
/// not add it (scale-d 0), so the registers need no zeros written into them.
SmallVector<Value> emitWgmmaSteps(KernelEmitter &em, const Instruction &inst,
                                  Type aElem, int64_t N, int64_t K,
                                  Value aBase,
                                  Value bBase, const OperandSwizzle &aSwizzle,
                                  const OperandSwizzle &bSwizzle,
                                  bool bRowsOfK, ArrayRef<Value> regs,
                                  ArrayRef<SmallVector<Value>> aFragments,
                                  bool promote, bool leaveInFlight,
                                  bool fromZero) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  // k16 of 16-bit values, k32 of fp8 (32 bytes of K either way).
  int64_t eBytes = KernelEmitter::storageBytes(aElem);
  int64_t kInst = 32 / eBytes;
  std::optional<WgmmaOperandLayout> aLayout =
      WgmmaOperandLayout::of(aSwizzle, false);
  WgmmaOperandLayout bLayout = *WgmmaOperandLayout::of(bSwizzle, !bRowsOfK);
  int64_t nInst = std::min<int64_t>(N, 256);
  int64_t chunks = N / nInst;
  int64_t regsPerChunk = int64_t(regs.size()) / chunks;
  // A descriptor: bits 0-13 the start address / 16, the rest constant.
  // Starts stay under 2^18 bytes (shared memory), so offsets / 16 add to
  // the address field without carrying out of it.
  Type i64 = b.getI64Type();
  auto descriptorOf = [&](Value start, const WgmmaOperandLayout &layout) {
    Value field = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, start, em.cI32(4)),
        em.cI32(0x3FFF));
    return arith::OrIOp::create(
               b, loc, arith::ExtUIOp::create(b, loc, i64, field),
               em.cI64(int64_t(layout.descriptorBits())))
        .getResult();
  };
  auto advanced = [&](Value descriptor, int64_t offset) -> Value {
    if (offset == 0)
      return descriptor;
    return arith::AddIOp::create(b, loc, descriptor, em.cI64(offset >> 4));
  };
  bool aInRegisters = !aFragments.empty();
  Value aDescriptor;
  if (!aInRegisters) {
    // This warpgroup's 64 rows of A.
    Value warpgroup =
        arith::ShRUIOp::create(b, loc, em.threadId(), em.cI32(7));
    Value aRows = arith::AddIOp::create(
        b, loc, aBase,
        arith::MulIOp::create(b, loc, warpgroup,
                              em.cI32(aLayout->startOffset(aSwizzle, 64, 0,
                                                           eBytes))));
    aDescriptor = descriptorOf(aRows, *aLayout);
  }
  Value bDescriptor = descriptorOf(bBase, bLayout);

  // Operands: $0.. the accumulators, then A (a descriptor or 4 registers),
  // B's descriptor, and the scale-d flag. The types: mma.sync's
  // `.row.col.D.A.B.C` less C.
  StringRef types =
      StringRef(inst.text).split(".row.col.").second.rsplit('.').first;
  int64_t next = regsPerChunk;
  std::string aText = "$" + std::to_string(next++);
  if (aInRegisters) {
    for (int i = 1; i < 4; ++i)
      aText += ", $" + std::to_string(next++);
    aText = "{" + aText + "}";
  }
  std::string bText = "$" + std::to_string(next++);
  std::string text =
      "{\n.reg .pred p;\nsetp.ne.b32 p, $" + std::to_string(next) +
      ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(nInst) +
      "k" + std::to_string(kInst) + "." + types.str() + " {";
  for (int64_t i = 0; i < regsPerChunk; ++i)
    text += (i ? ", $" : "$") + std::to_string(i);
  // Immediates of float types: scale A, scale B, and for 16-bit operands
  // (A from shared memory: transpose A,) transpose B (1: N-major); 8-bit
  // ones are K-major. Integer types take none.
  text += "}, " + aText + ", " + bText + ", p";
  if (!isa<IntegerType>(aElem))
    text += ", 1, 1";
  if (eBytes == 2)
    text += std::string(", ") + (aInRegisters ? "" : "0, ") +
            (bRowsOfK ? "0" : "1");
  text += ";\n}";
  // scale-d: 0 sums each instruction's products from zero (promoted fp8,
  // the first step from a zero accumulator).
  fromZero &= !promote;
  Value accumulate = em.cI32(promote ? 0 : 1);
  Value startFromZero = em.cI32(0);

  // The accumulators' and A's last writes complete before wgmma reads them.
  SmallVector<Value> fenced(regs.begin(), regs.end());
  if (fromZero)
    for (Value &reg : fenced)
      reg = LLVM::UndefOp::create(b, loc, reg.getType());
  for (const SmallVector<Value> &fragment : aFragments)
    fenced.append(fragment.begin(), fragment.end());
  fenced = inPlaceAsm(em, "wgmma.fence.sync.aligned;", fenced, {}, "");
  SmallVector<Value> acc(fenced.begin(), fenced.begin() + regs.size());
  for (int64_t k0 = 0; k0 < K; k0 += kInst) {
    // Promoted: each step's products into fresh registers, waited for and
    // added to the accumulators in f32 (as mma.sync's fp8 path does).
    SmallVector<Value> sums;
    if (promote) {
      sums.assign(acc.size(), em.cFloatLike(acc.front().getType(), 0.0));
      sums = inPlaceAsm(em, "wgmma.fence.sync.aligned;", sums, {}, "");
    }
    SmallVector<Value> &target = promote ? sums : acc;
    SmallVector<Value> inputs;
    if (aInRegisters) {
      ArrayRef<Value> fragment(fenced.data() + regs.size() + k0 / kInst * 4,
                               4);
      inputs.assign(fragment.begin(), fragment.end());
    } else {
      inputs.push_back(advanced(
          aDescriptor, aLayout->startOffset(aSwizzle, 0, k0, eBytes)));
    }
    for (int64_t c = 0; c < chunks; ++c) {
      SmallVector<Value> operands(inputs);
      operands.push_back(advanced(
          bDescriptor, bLayout.startOffset(bSwizzle, c * nInst, k0, eBytes)));
      operands.push_back(fromZero && k0 == 0 ? startFromZero : accumulate);
      ArrayRef<Value> mine(target.data() + c * regsPerChunk, regsPerChunk);
      SmallVector<Value> out =
          inPlaceAsm(em, text, mine, operands,
                     aInRegisters ? "r,r,r,r,l,r" : "l,l,r");
      llvm::copy(out, target.begin() + c * regsPerChunk);
    }
    if (promote) {
      sums = inPlaceAsm(em,
                        "wgmma.commit_group.sync.aligned;\n"
                        "wgmma.wait_group.sync.aligned 0;",
                        sums, {}, "");
      for (auto [a, sum] : llvm::zip(acc, sums))
        a = arith::AddFOp::create(b, loc, a, sum);
    }
  }
  if (promote)
    return acc;
  // Wait for this matmul's instructions: the registers hold the sums, and
  // the ring buffers they read may be refilled after the next barrier.
  // Left in flight, the previous iteration's are waited for instead (the
  // rings refill the buffers read two iterations back).
  return inPlaceAsm(em,
                    std::string("wgmma.commit_group.sync.aligned;\n"
                                "wgmma.wait_group.sync.aligned ") +
                        (leaveInFlight ? "1;" : "0;"),
                    acc, {}, "");
}

/// Whether matmul `op` only accumulates across the iterations of a loop
/// whose result mma_wait completes: its wgmma may stay in flight when the
/// iteration ends.
bool leftInFlight(Operation *op) {
  Value result = op->getResult(0);
  if (!result.hasOneUse())
    return false;
  OpOperand &use = *result.getUses().begin();
  auto cont = dyn_cast<ContinueOp>(use.getOwner());
  auto loop = cont ? dyn_cast<ForOp>(cont->getParentOp()) : ForOp();
  if (!loop)
    return false;
  Value looped = loop->getResult(use.getOperandNumber());
  return looped.hasOneUse() && isa<MmaWaitOp>(*looped.getUsers().begin());
}

/// ldmatrix of `count` 8x8 matrices (2 or 4) from the 32-bit shared address
/// `address` of this lane's row.
SmallVector<Value> ldmatrix(KernelEmitter &em,
                            const SharedAddresses::Address &address, int count,
                            bool transposed) {
  OpBuilder &b = em.b;
  std::string text = "ldmatrix.sync.aligned.m8n8.x" + std::to_string(count) +
                     (transposed ? ".trans" : "") + ".shared.b16 {";
  std::string constraints;
  for (int i = 0; i < count; ++i) {
    text += (i ? ", $" : "$") + std::to_string(i);
    constraints += (i ? ",=r" : "=r");
  }
  text += "}, " + address.operand(count) + ";";
  constraints += ",r";
  Type i32 = b.getI32Type();
  auto result = LLVM::LLVMStructType::getLiteral(
      em.ctx(), SmallVector<Type>(count, i32));
  // Has side effects: it must stay between the barriers around the staging.
  Value loaded = em.inlinePtx(text, constraints, result, address.reg);
  SmallVector<Value> regs;
  for (int64_t i = 0; i < count; ++i)
    regs.push_back(LLVM::ExtractValueOp::create(b, em.loc, loaded,
                                                ArrayRef<int64_t>{i}));
  return regs;
}

} // namespace

FailureOr<bool> codegen::emitTensorCoreMatmul(KernelEmitter &em, Operation *op,
                                              Value lhs, Value rhs, Value acc) {
  auto lhsType = cast<TileType>(lhs.getType());
  auto rhsType = cast<TileType>(rhs.getType());
  auto accType = cast<TileType>(acc.getType());
  Type aElem = lhsType.getElementType();
  Type cElem = accType.getElementType();
  std::string whyNot;
  std::optional<TensorCorePlan> plan =
      planTensorCore(op, em.target().sm, em.scratchCapacity(), &whyNot);
  RingTileOp lhsRing = ringOperand(op, 0), rhsRing = ringOperand(op, 1);
  bool fromRings = lhsRing || rhsRing;
  // B in a transposed ring: rows of K, read with ldmatrix without .trans.
  bool bRowsOfK =
      rhsRing && rhsRing.getRing().getType().getTransposed();
  // Where the rings leave too little scratch to stage the lhs, it may still
  // come from the registers of the matmul that computed it (checked below).
  bool needsAInRegisters = false;
  if (!plan && rhsRing && !lhsRing) {
    plan = planTensorCore(op, em.target().sm, em.scratchCapacity(), nullptr,
                          /*lhsUnstaged=*/true);
    needsAInRegisters = plan.has_value();
  }
  auto ringsNeedTensorCores = [&] {
    return op->emitError("matmul operands in rings need the tensor-core "
                         "path: ")
           << whyNot;
  };
  if (!plan && fromRings)
    return ringsNeedTensorCores();
  if (!plan) {
    em.remark(op, /*passed=*/false,
              "matmul on the scalar path (fma in K order): " + whyNot);
    return false;
  }
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
  plan->wholeRows = em.wholeRowGrids();
  MmaWarpGrid grid = plan->fragments().grid(numWarps);
  int64_t blockB = B / grid.batchWarps, blockM = tilesM / grid.rowWarps,
          blockN = tilesN / grid.colWarps;
  int64_t perWarp = blockB * blockM * blockN;
  bool allWarps = grid.numWarps() == numWarps;
  // A from registers: the lhs is a result in the fragments of a matmul
  // whose warps hold the same whole rows (attention's P): the 16x16 A
  // fragment of rows jm, k16 step kb is the accumulator fragments of that
  // matmul's n8 tiles 2kb and 2kb + 1, packed in pairs.
  bool aInRegisters = false;
  if (!lhsRing && inst->kind == Kind::Half && allWarps &&
      grid.colWarps == 1) {
    MmaFragments asResult{B, M, K, 16, 8, /*wholeRows=*/true};
    std::optional<MmaFragments> lhsLayout = em.layoutOf(lhsType).mma;
    MmaWarpGrid lhsGrid = asResult.grid(numWarps);
    int64_t stagedPerK = B * (rhsRing ? 0 : N) * eBytes;
    int64_t unstagedChunk =
        stagedPerK == 0
            ? K
            : std::min<int64_t>(K, int64_t(llvm::bit_floor<uint64_t>(uint64_t(
                                       em.scratchCapacity() / stagedPerK))));
    aInRegisters = lhsLayout && *lhsLayout == asResult &&
                   lhsGrid == grid && unstagedChunk == K;
    if (aInRegisters)
      kChunk = K;
  }
  if (needsAInRegisters && !aInRegisters)
    return ringsNeedTensorCores();
  int64_t numChunks = K / kChunk;
  // sm_90a: wgmma where the matmul's shape and operands allow it.
  std::string wgmmaWhyNot =
      em.target().hasWgmma()
          ? wgmmaObstacle(op, em.target(), numWarps, plan->wholeRows,
                          aInRegisters)
          : "";
  bool useWgmma = em.target().hasWgmma() && wgmmaWhyNot.empty();

  // Operands in shared memory: A as B*M rows of kChunk (k contiguous), read
  // with ldmatrix (f64 with scalar loads); B for 16-bit types as B*kChunk
  // rows of N (n contiguous) read with ldmatrix.trans, else as B*N rows of
  // kChunk (k contiguous: ldmatrix cannot transpose 8- or 32-bit values).
  bool ldmatrixA = inst->kind != Kind::F64;
  bool ldmatrixB = inst->kind == Kind::Half;
  // ldmatrix reads 16-bit operands from rings, and 8-bit and tf32 ones from
  // rings of rows of K (A; B in a transposed ring: the quads of its
  // fragments, in bytes or in 32-bit words); scalar loads read tf32 B from
  // rows of N.
  bool ringsReadable =
      ldmatrixB || inst->kind == Kind::TF32 ||
      (inst->kind == Kind::Byte && (!rhsRing || bRowsOfK));
  if (fromRings && !ringsReadable && !useWgmma)
    return op->emitError("matmul operands in rings must be 16-bit or tf32 "
                         "values, or 8-bit ones with B in a transposed ring");
  if (lhsRing && lhsRing.getRing().getType().getTransposed())
    return op->emitError("the lhs of a matmul cannot be read from a "
                         "transposed ring");
  // A ring holds the whole K, or more (the matmul reads its first part);
  // staged operands hold a chunk of it.
  auto ringK = [](RingTileOp ring, int64_t dimFromEnd) {
    ArrayRef<int64_t> shape =
        cast<TileType>(ring.getRing().getType().getTile()).getShape();
    return shape[shape.size() - dimFromEnd];
  };
  int64_t aRowK = lhsRing ? ringK(lhsRing, 1) : kChunk;
  int64_t bK = rhsRing ? ringK(rhsRing, 2) : kChunk;
  OperandSwizzle aSwizzle =
      OperandSwizzle::forTile(B * M, std::max<int64_t>(16, aRowK * eBytes));
  OperandSwizzle bSwizzle = OperandSwizzle::forTile(
      B * (bRowsOfK ? N : bK),
      std::max<int64_t>(16, (bRowsOfK ? bK : N) * eBytes));
  bool aStaged = !lhsRing && !aInRegisters;
  int64_t aOffset = 0;
  int64_t bOffset =
      aStaged ? llvm::alignTo(B * M * kChunk * eBytes, 16) : 0;
  if (aStaged || !rhsRing)
    em.reserveScratch(bOffset + (rhsRing ? 0 : B * N * kChunk * eBytes));

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

  // This warp's place in the grid; warps past it (fewer tiles than warps)
  // take part in the ldmatrix reads of warp 0's block and skip the mma.
  Value valid;
  Value gridWarp = warp;
  if (!allWarps) {
    valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, warp,
                                  em.cI32(grid.numWarps()));
    gridWarp = arith::SelectOp::create(b, loc, valid, warp, em.cI32(0));
  }
  Value warpN = arith::RemUIOp::create(b, loc, gridWarp,
                                       em.cI32(grid.colWarps));
  Value warpM = arith::RemUIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc, gridWarp, em.cI32(grid.colWarps)),
      em.cI32(grid.rowWarps));
  Value warpB = arith::DivUIOp::create(
      b, loc, gridWarp, em.cI32(grid.colWarps * grid.rowWarps));
  // The warp's tiles, row-major over its block: (batch, first row, first
  // column), as LinearLayout::mmaAccumulator numbers them.
  struct WarpTile {
    Value batch, row0, col0;
  };
  SmallVector<WarpTile> mine;
  for (int64_t jb = 0; jb < blockB; ++jb)
    for (int64_t jm = 0; jm < blockM; ++jm)
      for (int64_t jn = 0; jn < blockN; ++jn)
        mine.push_back({addc(mul(warpB, blockB), jb),
                        mul(addc(mul(warpM, blockM), jm), inst->m),
                        mul(addc(mul(warpN, blockN), jn), inst->n)});

  if (useWgmma) {
    int64_t swizzleA = aSwizzle.blockBytes(), swizzleB = bSwizzle.blockBytes();
    em.remark(op, /*passed=*/true,
              "wgmma.mma_async m64n" + Twine(std::min<int64_t>(N, 256)) +
                  "k" + Twine(32 / eBytes) + ": " + Twine(numWarps / 4) +
                  " warpgroup(s) of 64 rows; A " +
                  (aInRegisters ? "from the registers of the matmul that "
                                  "computed it, B ("
                                : "(K-major, " + std::to_string(swizzleA) +
                                      "-byte swizzle) and B (") +
                  (bRowsOfK ? "K-major" : "N-major") + ", " +
                  Twine(swizzleB) +
                  "-byte swizzle) read by descriptor" +
                  (aInRegisters ? "" : "s") + "; " +
                  describeRings(em, lhsRing, rhsRing) + "; " +
                  Twine(K / (32 / eBytes) * (N / std::min<int64_t>(N, 256))) +
                  " instruction(s) per warpgroup, then one wait" +
                  (inst->promote ? " each (fp8 products summed per "
                                   "instruction, accumulated in f32)"
                                 : ""));
  } else {
    em.remark(op, /*passed=*/true,
              Twine(inst->text.substr(0, inst->text.find(".row"))) + ": " +
                  Twine(grid.batchWarps) + "x" + Twine(grid.rowWarps) + "x" +
                  Twine(grid.colWarps) + " warps of " + Twine(blockB) + "x" +
                  Twine(blockM) + "x" + Twine(blockN) + " tiles; A " +
                  (aInRegisters ? "from the registers of the matmul that "
                                  "computed it"
                   : ldmatrixA  ? "through ldmatrix"
                                : "through scalar shared loads") +
                  ", B through " +
                  (bRowsOfK    ? "ldmatrix (rows of K)"
                   : ldmatrixB ? "ldmatrix.trans"
                               : "scalar shared loads (ldmatrix.trans moves "
                                 "16-bit values)") +
                  (fromRings ? "; " + describeRings(em, lhsRing, rhsRing)
                             : std::string()) +
                  "; K in " + Twine(numChunks) + " chunk(s) of " +
                  Twine(kChunk) +
                  (inst->promote ? "; fp8 products summed per instruction, "
                                   "accumulated in f32"
                                 : "") +
                  (wgmmaWhyNot.empty() ? "" : "; not wgmma: " + wgmmaWhyNot));
  }

  // Accumulator fragments: the accumulator's own slots when its layout is
  // these fragments, else gathered from the tile layout.
  std::optional<MmaFragments> accLayout = em.layoutOf(accType).mma;
  bool inFragments =
      accLayout && *accLayout == plan->fragments() && allWarps;
  SmallVector<Value> accPositions, accValid, accScalars;
  if (inFragments) {
    em.remark(op, /*passed=*/true,
              Twine(useWgmma ? std::string("wgmma.mma_async")
                             : inst->text.substr(0, inst->text.find(".row"))) +
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
        accValid.push_back(valid);
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

  // The row and byte of its block each lane points ldmatrix at
  // (ldmatrixRow).
  Value laneRow = arith::AndIOp::create(b, loc, lane, em.cI32(15));
  Value laneByte = arith::ShLIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, lane, em.cI32(4)), em.cI32(4));
  // x2 reads of B's rows of K: the two matrices side by side.
  Value pairRow = arith::AndIOp::create(b, loc, lane, em.cI32(7));
  Value pairByte = arith::ShLIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc,
                            arith::ShRUIOp::create(b, loc, lane, em.cI32(3)),
                            em.cI32(1)),
      em.cI32(4));
  // Ring tiles are lowered to their buffer's 32-bit shared address.
  Value aBase, bBase;
  if (lhsRing)
    aBase = em.get(lhs);
  else if (ldmatrixA)
    aBase = em.scratchAddress32(aOffset);
  if (rhsRing)
    bBase = em.get(rhs);
  else if (ldmatrixB)
    bBase = em.scratchAddress32(bOffset);
  // The operands' ldmatrix addresses: a few registers and immediates.
  auto addressesOf = [&](RingTileOp ring, Value base, int64_t scratchOffset) {
    std::optional<SharedAddresses> addresses;
    if (base)
      addresses.emplace(
          em, base,
          ring ? KernelEmitter::ringSlotAlignment(ring.getRing().getType())
               : KernelEmitter::scratchAlignment(scratchOffset));
    return addresses;
  };
  std::optional<SharedAddresses> aAddresses =
      addressesOf(lhsRing, aBase, aOffset);
  std::optional<SharedAddresses> bAddresses =
      addressesOf(rhsRing, bBase, bOffset);

  // One K step of inst->k at kk (i32, relative to the chunk starting at
  // k0; ring operands hold all of K).
  Value lhsValue = aInRegisters ? em.get(lhs) : Value();
  // The A fragment of k16 step kb of the warp's block row `blockRow` when
  // the lhs is in the registers: the lhs's tiles of that row, K / 8 of
  // them, n8 tiles 2kb and 2kb + 1 giving (a0a1, a2a3) and (a4a5, a6a7).
  auto registerAFragment = [&](int64_t blockRow, int64_t kb) {
    SmallVector<Value> frag;
    for (int64_t half = 0; half < 2; ++half) {
      int64_t tile = blockRow * (K / 8) + 2 * kb + half;
      for (int64_t pair = 0; pair < 2; ++pair) {
        Value packed = packPair(em.lane(lhsValue, tile * 4 + 2 * pair),
                                em.lane(lhsValue, tile * 4 + 2 * pair + 1));
        frag.push_back(vector::ExtractOp::create(b, loc, packed, 0));
      }
    }
    return frag;
  };
  // A ring read with a rounding mode holds f32 values: each register read
  // becomes the tf32 value ftof gives in that mode.
  auto roundRead = [&](RingTileOp ring, MutableArrayRef<Value> words) {
    if (!ring || !ring.getRounding())
      return;
    Type f32 = b.getF32Type();
    for (Value &word : words) {
      Value value = arith::BitcastOp::create(b, loc, f32, word);
      value = em.convertFloat(value, f32, aElem, *ring.getRounding());
      word = arith::BitcastOp::create(b, loc, i32, value);
    }
  };
  auto kStep = [&](Value k0, Value kk, std::optional<int64_t> kAt,
                   SmallVector<Value> &out) {
    Value ringK = add(k0, kk);
    // A fragments of the warp's block rows, B fragments of its columns.
    SmallVector<SmallVector<Value>> aFrag(blockB * blockM),
        bFrag(blockB * blockN);
    for (int64_t jb = 0; jb < blockB; ++jb) {
      for (int64_t jm = 0; jm < blockM; ++jm) {
        const WarpTile &w = mine[(jb * blockM + jm) * blockN];
        Value rowBase = add(mul(w.batch, M), w.row0);
        SmallVector<Value> &frag = aFrag[jb * blockM + jm];
        if (aInRegisters) {
          frag = registerAFragment(jb * blockM + jm, *kAt / 16);
          continue;
        }
        if (ldmatrixA) {
          Value row = add(rowBase, laneRow);
          Value byte = add(mul(lhsRing ? ringK : kk, eBytes), laneByte);
          frag = ldmatrix(
              em, aAddresses->at(em.swizzledOffset(aSwizzle, row, byte)), 4,
              /*transposed=*/false);
          roundRead(lhsRing, frag);
          continue;
        }
        for (int r = 0; r < aRegs; ++r) {
          int gRow = 0, tCol = 0;
          auto [dr, dc] = aPosition(inst->kind, r * inst->pack, gRow, tCol);
          Value row = add(rowBase, addc(mul(g, gRow), dr));
          Value col = add(kk, addc(mul(t, tCol), dc));
          Value index = add(mul(row, kChunk), col);
          frag.push_back(LLVM::LoadOp::create(
              b, loc, abReg, em.scratchPointer(aOffset, abReg, index),
              abReg.getIntOrFloatBitWidth() / 8));
        }
      }
      for (int64_t jn = 0; jn < blockN; ++jn) {
        const WarpTile &w = mine[jb * blockM * blockN + jn];
        SmallVector<Value> &frag = bFrag[jb * blockN + jn];
        if (bRowsOfK) {
          // x4 reads the fragments of two n8 tiles (16 rows of K), x2 of
          // one; registers b0b1 and b2b3 of a tile are matrices j, j + 2.
          if (jn % 2)
            continue;
          bool pair = jn + 1 < blockN;
          Value row = add(add(mul(w.batch, N), w.col0),
                          pair ? laneRow : pairRow);
          Value byte =
              add(mul(ringK, eBytes), pair ? laneByte : pairByte);
          SmallVector<Value> loaded = ldmatrix(
              em, bAddresses->at(em.swizzledOffset(bSwizzle, row, byte)),
              pair ? 4 : 2, /*transposed=*/false);
          roundRead(rhsRing, loaded);
          if (pair) {
            frag.assign({loaded[0], loaded[2]});
            bFrag[jb * blockN + jn + 1].assign({loaded[1], loaded[3]});
          } else {
            frag.assign(loaded.begin(), loaded.end());
          }
          continue;
        }
        if (rhsRing && !ldmatrixB) {
          // tf32 from rows of N, a 32-bit load per register: row k of the
          // batch's K rows, the lane's column.
          for (int r = 0; r < bRegs; ++r) {
            int tK = 0;
            int dk = bPosition(inst->kind, r * inst->pack, tK);
            Value row = add(mul(w.batch, K), add(ringK, addc(mul(t, tK), dk)));
            Value byte = mul(add(w.col0, g), eBytes);
            SharedAddresses::Address at =
                bAddresses->at(em.swizzledOffset(bSwizzle, row, byte));
            frag.push_back(em.inlinePtx("ld.shared.b32 $0, " +
                                            at.operand(1) + ";",
                                        "=r,r", i32, at.reg));
          }
          roundRead(rhsRing, frag);
          continue;
        }
        if (ldmatrixB) {
          // x4.trans reads the fragments of two n8 tiles, x2 of one.
          if (jn % 2)
            continue;
          Value row = add(add(mul(w.batch, rhsRing ? K : kChunk),
                              rhsRing ? ringK : kk),
                          laneRow);
          Value byte = add(mul(w.col0, eBytes), laneByte);
          bool pair = jn + 1 < blockN;
          SmallVector<Value> loaded = ldmatrix(
              em, bAddresses->at(em.swizzledOffset(bSwizzle, row, byte)),
              pair ? 4 : 2, /*transposed=*/true);
          frag.assign(loaded.begin(), loaded.begin() + 2);
          if (pair)
            bFrag[jb * blockN + jn + 1].assign(loaded.begin() + 2,
                                               loaded.end());
          continue;
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
          frag.push_back(LLVM::LoadOp::create(
              b, loc, abReg, em.scratchPointer(bOffset, abReg, index),
              abReg.getIntOrFloatBitWidth() / 8));
        }
      }
    }
    for (int64_t j = 0; j < perWarp; ++j) {
      int64_t jb = j / (blockM * blockN), jm = j / blockN % blockM,
              jn = j % blockN;
      SmallVector<Value> args(aFrag[jb * blockM + jm]);
      args.append(bFrag[jb * blockN + jn]);
      ArrayRef<Value> cIn(out.data() + j * cRegsPerTile, cRegsPerTile);
      args.append(cIn.begin(), cIn.end());
      // Promoted: the instruction sums from zero, f32 adds accumulate.
      Value zero;
      if (inst->promote) {
        zero = em.cFloatLike(cReg, 0.0);
        for (int64_t r = 0; r < cRegsPerTile; ++r)
          args[args.size() - cRegsPerTile + r] = zero;
      }
      auto compute = [&]() -> SmallVector<Value> {
        auto asmOp = LLVM::InlineAsmOp::create(
            b, loc, TypeRange(resultStruct), args, asmText, constraints,
            /*has_side_effects=*/true, /*is_align_stack=*/false,
            LLVM::tailcallkind::TailCallKind::None,
            LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
            ArrayAttr());
        SmallVector<Value> d;
        for (int64_t r = 0; r < cRegsPerTile; ++r) {
          d.push_back(LLVM::ExtractValueOp::create(
              b, loc, asmOp.getResult(0), ArrayRef<int64_t>{r}));
          if (inst->promote)
            d.back() = arith::AddFOp::create(b, loc, cIn[r], d.back());
        }
        return d;
      };
      SmallVector<Value> d;
      if (allWarps)
        d = compute();
      else
        d = em.buildIf(valid, TypeRange(SmallVector<Type>(cRegsPerTile, cReg)),
                       compute, [&]() -> SmallVector<Value> {
                         return SmallVector<Value>(cIn.begin(), cIn.end());
                       });
      for (int64_t r = 0; r < cRegsPerTile; ++r)
        out[j * cRegsPerTile + r] = d[r];
    }
  };

  // Steps per chunk unrolled up to this many (their addresses fold): 8
  // where both operands are read in place (a ring holds the whole K, as in
  // attention with head dimension 128), else 4.
  int64_t unrolledSteps = !aStaged && rhsRing ? 8 : 4;
  // (A in registers: every step, to pick its registers.)
  auto runSteps = [&](Value k0,
                      ArrayRef<Value> current) -> SmallVector<Value> {
    SmallVector<Value> out(current.begin(), current.end());
    if (aInRegisters || kChunk / inst->k <= unrolledSteps) {
      for (int64_t kk = 0; kk < kChunk; kk += inst->k)
        kStep(k0, em.cI32(kk),
              numChunks == 1 ? std::optional<int64_t>(kk) : std::nullopt,
              out);
      return out;
    }
    return em.buildFor(em.cI32(0), em.cI32(kChunk), em.cI32(inst->k), out,
                       [&](Value kk, ValueRange iters) -> SmallVector<Value> {
                         SmallVector<Value> step(iters.begin(), iters.end());
                         kStep(k0, kk, std::nullopt, step);
                         return step;
                       });
  };
  auto processChunk = [&](Value k0,
                          ArrayRef<Value> current) -> SmallVector<Value> {
    // The async_wait before a ring's reader made its buffers complete.
    if (!aStaged && rhsRing)
      return runSteps(k0, current);
    em.barrier();
    // The k of an element relative to the chunk, and whether it is in it.
    auto inChunk = [&](Value k) -> std::pair<Value, Value> {
      Value rel = arith::SubIOp::create(b, loc, k, k0);
      if (numChunks == 1)
        return {Value(), rel};
      return {arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, rel,
                                    em.cI32(kChunk)),
              rel};
    };
    int64_t lb = batched ? 1 : 0;
    Value zero = em.cI32(0);
    if (!aStaged) {
      // Read where its ring or the registers hold it.
    } else if (ldmatrixA) {
      // lhs[b, m, k] -> row b * M + m, column k - k0.
      em.stageSwizzled(lhs, lhsType, em.scratchPointer(aOffset, b.getI8Type(), em.cI32(0)), aSwizzle,
                    [&](ArrayRef<Value> c) -> std::tuple<Value, Value, Value> {
                      auto [keep, rel] = inChunk(c[lb + 1]);
                      Value row = add(mul(batched ? c[0] : zero, M), c[lb]);
                      return {keep, row, rel};
                    });
    } else {
      // lhs[b, m, k] -> A[(b * M + m) * kChunk + k - k0]
      em.stage(em.get(lhs), lhsType, aOffset,
               [&](Value e) -> std::pair<Value, Value> {
                 SmallVector<Value> c = em.delinearize(e, lhsType.getShape());
                 auto [keep, rel] = inChunk(c[lb + 1]);
                 Value row = add(mul(batched ? c[0] : zero, M), c[lb]);
                 return {keep, add(mul(row, kChunk), rel)};
               });
    }
    if (rhsRing) {
      // Read where its ring holds it.
    } else if (ldmatrixB) {
      // rhs[b, k, n] -> row b * kChunk + k - k0, column n.
      em.stageSwizzled(rhs, rhsType, em.scratchPointer(bOffset, b.getI8Type(), em.cI32(0)), bSwizzle,
                    [&](ArrayRef<Value> c) -> std::tuple<Value, Value, Value> {
                      auto [keep, rel] = inChunk(c[lb]);
                      Value row =
                          add(mul(batched ? c[0] : zero, kChunk), rel);
                      return {keep, row, c[lb + 1]};
                    });
    } else {
      // rhs[b, k, n] -> Bt[(b * N + n) * kChunk + k - k0]  (k contiguous)
      em.stage(em.get(rhs), rhsType, bOffset,
               [&](Value e) -> std::pair<Value, Value> {
                 SmallVector<Value> c = em.delinearize(e, rhsType.getShape());
                 auto [keep, rel] = inChunk(c[lb]);
                 Value col = add(mul(batched ? c[0] : zero, N), c[lb + 1]);
                 return {keep, add(mul(col, kChunk), rel)};
               });
    }
    em.barrier();
    return runSteps(k0, current);
  };
  if (useWgmma) {
    // A from the registers: each warp's 16 rows are its m16n8k16 A
    // fragments, which are wgmma's (a warpgroup's 64 rows, warp by warp).
    SmallVector<SmallVector<Value>> aFragments;
    if (aInRegisters)
      for (int64_t kb = 0; kb < K / 16; ++kb)
        aFragments.push_back(registerAFragment(0, kb));
    regs = emitWgmmaSteps(
        em, *inst, aElem, N, K, aBase, bBase, aSwizzle, bSwizzle, bRowsOfK,
        regs, aFragments, inst->promote,
        inFragments && cElem.isF32() && !inst->promote && leftInFlight(op),
        isPositiveZero(acc));
  } else if (numChunks == 1) {
    regs = processChunk(em.cI32(0), regs);
  } else {
    regs = em.buildFor(em.cI32(0), em.cI32(K), em.cI32(kChunk), regs,
                       [&](Value k0, ValueRange iters) {
                         SmallVector<Value> cur(iters.begin(), iters.end());
                         return processChunk(k0, cur);
                       });
  }

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

LogicalResult codegen::emitMmaWait(KernelEmitter &em, MmaWaitOp op) {
  Value value = em.get(op.getTile());
  auto type = cast<TileType>(op.getTile().getType());
  // Only f32 accumulators of wgmma are left in flight (leftInFlight).
  if (!em.target().hasWgmma() || !type.getElementType().isF32()) {
    em.set(op.getResult(), value);
    return success();
  }
  SmallVector<Value> lanes =
      inPlaceAsm(em, "wgmma.wait_group.sync.aligned 0;", em.lanes(value), {},
                 "");
  em.set(op.getResult(), em.fromLanes(lanes, value.getType()));
  return success();
}
