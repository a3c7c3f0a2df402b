//===- Passes.cpp - the cuda_tile code generation passes ------------------===//
//
// cudatile-assign-layouts: runs the layout analysis and records its plan.
// convert-cudatile-to-nvvm: emits LLVM kernels (CudaTileToNVVM/Emitter.cpp)
// following the recorded plan, or the analysis' when there is none.
// cudatile-lower-to-llvm: lowers the remaining arith/cf/scf/vector/math ops.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/Transforms/Passes.h"
#include "CudaTileToNVVM/Codegen.h"
#include "cuda_tile/Codegen/CodegenDialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILEASSIGNLAYOUTS
#define GEN_PASS_DEF_CONVERTCUDATILETONVVM
#define GEN_PASS_DEF_CUDATILELOWERTOLLVM
#include "cuda_tile/Conversion/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::codegen;

/// Kernels and globals of the input: inside cuda_tile.module ops and, as the
/// reference tools accept it, directly at top level.
static void collect(mlir::ModuleOp top, SmallVectorImpl<Operation *> &containers,
                    SmallVectorImpl<EntryOp> &entries,
                    SmallVectorImpl<GlobalOp> &globals) {
  for (Operation &op : *top.getBody()) {
    if (auto entry = dyn_cast<EntryOp>(op)) {
      entries.push_back(entry);
    } else if (auto global = dyn_cast<GlobalOp>(op)) {
      globals.push_back(global);
    } else if (auto module = dyn_cast<cuda_tile::ModuleOp>(op)) {
      containers.push_back(module);
      for (Operation &inner : *module.getBodyBlock()) {
        if (auto entry = dyn_cast<EntryOp>(inner))
          entries.push_back(entry);
        else if (auto global = dyn_cast<GlobalOp>(inner))
          globals.push_back(global);
      }
    }
  }
}

namespace {

struct CudaTileAssignLayoutsPass
    : public mlir::cuda_tile::impl::CudaTileAssignLayoutsBase<CudaTileAssignLayoutsPass> {
  using Base::Base;
  void runOnOperation() override {
    std::optional<Target> target = Target::parse(gpuName);
    if (!target) {
      getOperation().emitError("unsupported GPU '")
          << gpuName << "'; expected one of " << Target::supportedList();
      return signalPassFailure();
    }
    SmallVector<Operation *> containers;
    SmallVector<EntryOp> entries;
    SmallVector<GlobalOp> globals;
    collect(getOperation(), containers, entries, globals);
    MLIRContext *ctx = &getContext();
    auto *dialect = ctx->getLoadedDialect<CudaTileCodegenDialect>();
    for (EntryOp entry : entries) {
      // A plan already on the entry (written by hand) is kept; the
      // conversion checks it.
      if (entry->hasAttr(dialect->getThreadsAttrHelper().getName()))
        continue;
      FailureOr<KernelPlan> plan =
          KernelPlan::analyze(entry, *target, numWarps);
      if (failed(plan))
        return signalPassFailure();
      dialect->getThreadsAttrHelper().setAttr(
          entry, IntegerAttr::get(IntegerType::get(ctx, 64),
                                  plan->numThreads()));
      // Dead ops are not compiled (the analysis leaves them out): no layout.
      llvm::DenseSet<Operation *> dead = findDeadOps(entry);
      entry.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (dead.contains(op))
          return WalkResult::skip();
        if (op == entry.getOperation() ||
            llvm::none_of(op->getResultTypes(), llvm::IsaPred<TileType>))
          return WalkResult::advance();
        SmallVector<Attribute> layouts;
        for (Type t : op->getResultTypes())
          layouts.push_back(isa<TileType>(t) ? plan->layoutOf(t).toAttr(ctx)
                                             : Attribute());
        setResultLayouts(op, layouts);
        return WalkResult::advance();
      });
    }
  }
};

/// The register / memory representation of a global's elements.
static Type storageScalarType(MLIRContext *ctx, Type elem) {
  if (elem.isInteger(1) || isNarrowFloat(elem))
    return IntegerType::get(ctx, 8);
  if (isa<FloatTF32Type>(elem))
    return Float32Type::get(ctx);
  return elem;
}

static LogicalResult lowerGlobal(GlobalOp global, ModuleState &state,
                                 bool remarkRenames) {
  MLIRContext *ctx = global.getContext();
  std::string name = ptxSymbolName(global.getSymName());
  auto dense = dyn_cast<DenseElementsAttr>(global.getValue());
  if (!dense)
    return global.emitError("global initializers must be dense literals for "
                            "the PTX code generator");
  Type elem = dense.getElementType();
  Type stored = storageScalarType(ctx, elem);
  int64_t n = dense.getNumElements();
  SmallVector<Attribute> values;
  for (Attribute a : dense.getValues<Attribute>()) {
    if (auto i = dyn_cast<IntegerAttr>(a)) {
      values.push_back(IntegerAttr::get(
          stored, i.getValue().zextOrTrunc(stored.getIntOrFloatBitWidth())));
      continue;
    }
    APFloat v = cast<FloatAttr>(a).getValue();
    if (auto ft = dyn_cast<FloatType>(stored)) {
      bool lost = false;
      v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      values.push_back(FloatAttr::get(ft, v));
    } else {
      values.push_back(
          IntegerAttr::get(stored, v.bitcastToAPInt().zextOrTrunc(8)));
    }
  }
  auto data = DenseElementsAttr::get(RankedTensorType::get({n}, stored),
                                     values);
  auto type = LLVM::LLVMArrayType::get(stored, n);
  unsigned natural = std::max(1u, stored.getIntOrFloatBitWidth() / 8);
  // The reference accepts any alignment; LLVM wants a power of two, and the
  // next one up also meets the requested one's power-of-two part.
  uint64_t align = llvm::PowerOf2Ceil(
      std::max<uint64_t>(global.getAlignment(), natural));
  LLVM::Linkage linkage =
      global.getSymbolVisibility() == SymbolVisibility::Private
          ? LLVM::Linkage::Internal
          : LLVM::Linkage::External;
  if (SymbolTable::lookupSymbolIn(state.getModule(), name))
    return global.emitError("global '")
           << name << "' clashes with another symbol";
  LLVM::GlobalOp created = state.createGlobal(
      KernelEmitter::plainLocation(global.getLoc()), name, type,
      global.getConstant(), linkage, data, align, /*addrSpace=*/1);
  if (name != global.getSymName()) {
    created->setAttr(kSourceNameAttr, global.getSymNameAttr());
    if (remarkRenames)
      emitRemark(global.getLoc())
          << "passed: global name is not a PTX identifier; it is " << name
          << " in PTX";
  }
  return success();
}

struct ConvertCudaTileToNVVMPass
    : public mlir::cuda_tile::impl::ConvertCudaTileToNVVMBase<ConvertCudaTileToNVVMPass> {
  using Base::Base;
  void runOnOperation() override {
    mlir::ModuleOp top = getOperation();
    std::optional<Target> target = Target::parse(gpuName);
    if (!target) {
      top.emitError("unsupported GPU '")
          << gpuName << "'; expected one of " << Target::supportedList();
      return signalPassFailure();
    }
    if (!llvm::is_contained({"", "passed", "missed", "all"}, remarks)) {
      top.emitError("unknown remarks kind '")
          << remarks << "'; expected 'passed', 'missed' or 'all'";
      return signalPassFailure();
    }
    if (reductionOrder != "sequential" && reductionOrder != "tree") {
      top.emitError("unknown reduction order '")
          << reductionOrder << "'; expected 'sequential' or 'tree'";
      return signalPassFailure();
    }
    // Other ops (say, `nvvm.exit` written at top level) have no function to
    // live in and would crash the LLVM IR translation.
    for (Operation &op : *top.getBody()) {
      if (isa<EntryOp, GlobalOp, cuda_tile::ModuleOp>(op))
        continue;
      op.emitError("'") << op.getName()
                        << "' is not a cuda_tile module, entry or global: the "
                           "PTX code generator compiles only those";
      return signalPassFailure();
    }
    SmallVector<Operation *> containers;
    SmallVector<EntryOp> entries;
    SmallVector<GlobalOp> globals;
    collect(top, containers, entries, globals);

    // Everything is built in a detached module, then moved in place of the
    // cuda_tile ops (their symbols may collide with kernel names).
    OwningOpRef<mlir::ModuleOp> out =
        mlir::ModuleOp::create(KernelEmitter::plainLocation(top.getLoc()));
    ModuleState state(*out, *target);
    bool ok = true;
    for (GlobalOp global : globals)
      ok &= succeeded(
          lowerGlobal(global, state, remarks == "passed" || remarks == "all"));
    for (EntryOp entry : entries) {
      if (!ok)
        break;
      eraseDeadOps(entry);
      FailureOr<KernelPlan> plan =
          KernelPlan::forEntry(entry, *target, numWarps);
      if (failed(plan)) {
        ok = false;
        break;
      }
      KernelEmitter emitter(entry, state, *plan);
      emitter.treeReductions = reductionOrder == "tree";
      emitter.storeRuns = storeRuns;
      emitter.tmaStore = tmaStore;
      emitter.remarksPassed = remarks == "passed" || remarks == "all";
      emitter.remarksMissed = remarks == "missed" || remarks == "all";
      ok &= succeeded(emitter.run());
    }
    if (!ok)
      return signalPassFailure();
    // Top-level entries and globals first: erasing a container frees the
    // ones inside it.
    for (EntryOp entry : entries)
      if (entry->getParentOp() == top.getOperation())
        entry->erase();
    for (GlobalOp global : globals)
      if (global->getParentOp() == top.getOperation())
        global->erase();
    for (Operation *op : containers)
      op->erase();
    Block *body = top.getBody();
    for (Operation &op : llvm::make_early_inc_range(*out->getBody()))
      op.moveBefore(body, body->end());
  }
};

struct CudaTileLowerToLLVMPass
    : public mlir::cuda_tile::impl::CudaTileLowerToLLVMBase<CudaTileLowerToLLVMPass> {
  using Base::Base;
  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    {
      RewritePatternSet patterns(ctx);
      populateSCFToControlFlowConversionPatterns(patterns);
      ConversionTarget target(*ctx);
      target.addIllegalDialect<scf::SCFDialect>();
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateVectorToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*ctx);
    target.addLegalDialect<NVVM::NVVMDialect>();
    target.addLegalOp<mlir::ModuleOp>();
    target.addIllegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                             vector::VectorDialect, math::MathDialect,
                             scf::SCFDialect>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

void mlir::cuda_tile::buildCudaTileToLLVMPipeline(
    OpPassManager &pm, const CodegenPipelineOptions &options) {
  // Block-scaled matmuls become bf16 matmuls the tensor cores run.
  pm.addPass(createCudaTileExpandScaledMatmuls());
  // Matmul operands of later loop iterations load while this one computes:
  // into rings of shared memory with cp.async where the matmul and the
  // budget allow, else into registers one iteration ahead.
  CudaTilePipelineOperandsOptions rings;
  rings.gpuName = options.gpuName;
  rings.tma = options.tma;
  rings.numStages = options.numStages;
  rings.refillFirst = options.refillFirst;
  rings.roundRingsInPlace = options.roundRingsInPlace;
  rings.mbarrierRelease = options.mbarrierRelease;
  rings.tmaRefillAfter = options.tmaRefillAfter;
  rings.pairKSteps = options.pairKSteps;
  rings.pairMmaSyncSteps = options.pairMmaSyncSteps;
  pm.addPass(createCudaTilePipelineOperands(rings));
  pm.addPass(createPipelineLoadsPass());
  CudaTileAssignLayoutsOptions assign;
  assign.gpuName = options.gpuName;
  assign.numWarps = options.numWarps;
  pm.addPass(createCudaTileAssignLayouts(assign));
  ConvertCudaTileToNVVMOptions convert;
  convert.gpuName = options.gpuName;
  convert.numWarps = options.numWarps;
  convert.reductionOrder = options.reductionOrder;
  convert.remarks = options.remarks;
  convert.storeRuns = options.storeRuns;
  convert.tmaStore = options.tmaStore;
  pm.addPass(createConvertCudaTileToNVVM(convert));
  pm.addPass(createCudaTileLowerToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::cuda_tile::registerCodegenDialects(DialectRegistry &registry) {
  registry.insert<codegen::CudaTileCodegenDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, scf::SCFDialect,
                  vector::VectorDialect, math::MathDialect, ub::UBDialect,
                  LLVM::LLVMDialect, NVVM::NVVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}
