//===- CudaTile.cpp - C API of the cuda_tile toolchain --------------------===//

#include "cuda_tile-c/CudaTile.h"

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeVersion.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/IR/InputLimits.h"
#include "cuda_tile/Target/PTX/PTXTarget.h"
#include "cuda_tile/Transforms/Optimizer.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::cuda_tile;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(CudaTile, cuda_tile,
                                      mlir::cuda_tile::CudaTileDialect)

void cudaTileRegisterAllDialects(MlirDialectRegistry registry) {
  unwrap(registry)->insert<CudaTileDialect>();
  registerCodegenDialects(*unwrap(registry));
}

MlirContext cudaTileContextCreate(void) {
  DialectRegistry registry;
  registry.insert<CudaTileDialect>();
  registerCodegenDialects(registry);
  auto *context = new MLIRContext(registry);
  context->loadDialect<CudaTileDialect>();
  return wrap(context);
}

void cudaTileContextDestroy(MlirContext context) { delete unwrap(context); }

MlirOperation cudaTileParseModule(MlirContext context, MlirStringRef source,
                                  MlirStringRef name) {
  MLIRContext *ctx = unwrap(context);
  ctx->getOrLoadDialect<CudaTileDialect>();
  llvm::StringRef bufferName = unwrap(name);
  if (isBytecode(unwrap(source))) {
    OwningOpRef<Operation *> read = readBytecode(
        llvm::MemoryBufferRef(unwrap(source), bufferName), ctx);
    if (!read)
      return MlirOperation{nullptr};
    if (isa<mlir::ModuleOp>(read.get()))
      return wrap(read.release());
    mlir::ModuleOp wrapper = mlir::ModuleOp::create(read->getLoc());
    wrapper.getBody()->push_back(read.release());
    return wrap(wrapper.getOperation());
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source), bufferName),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, ctx);
  OwningOpRef<mlir::ModuleOp> module =
      parseSourceWithinLimits(sourceMgr, ParserConfig(ctx));
  return wrap(module.release().getOperation());
}

void cudaTileOperationPrint(MlirOperation op, MlirStringCallback callback,
                            void *userData) {
  mlir::detail::CallbackOstream stream(callback, userData);
  unwrap(op)->print(stream);
}

void cudaTileOperationDestroy(MlirOperation op) { unwrap(op)->erase(); }

bool cudaTileIsBytecode(MlirStringRef data) {
  return isBytecode(unwrap(data));
}

intptr_t cudaTileGetNumBytecodeVersions(void) {
  return BytecodeVersion::getSupported().size();
}

void cudaTileGetBytecodeVersion(intptr_t index, MlirStringCallback callback,
                                void *userData) {
  llvm::ArrayRef<BytecodeVersion> versions = BytecodeVersion::getSupported();
  if (index < 0 || size_t(index) >= versions.size())
    return;
  mlir::detail::CallbackOstream stream(callback, userData);
  stream << versions[index];
}

MlirOperation cudaTileReadBytecode(MlirContext context, MlirStringRef data) {
  MLIRContext *ctx = unwrap(context);
  ctx->getOrLoadDialect<CudaTileDialect>();
  OwningOpRef<Operation *> module =
      readBytecode(llvm::MemoryBufferRef(unwrap(data), "<bytecode>"), ctx);
  return wrap(module.release());
}

MlirLogicalResult cudaTileWriteBytecode(MlirOperation module,
                                        MlirStringRef version,
                                        MlirStringCallback callback,
                                        void *userData) {
  Operation *op = unwrap(module);
  BytecodeVersion target = BytecodeVersion::getCurrent();
  if (version.length != 0) {
    std::optional<BytecodeVersion> parsed =
        BytecodeVersion::parse(unwrap(version));
    if (!parsed) {
      emitError(op->getLoc()) << "unknown bytecode version '"
                              << unwrap(version) << "'";
      return mlirLogicalResultFailure();
    }
    target = *parsed;
  }
  // Nothing reaches the callback unless the whole file could be written.
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (failed(writeBytecode(op, os, target)))
    return mlirLogicalResultFailure();
  callback(mlirStringRefCreate(bytes.data(), bytes.size()), userData);
  return mlirLogicalResultSuccess();
}

/// A builtin module holding a copy of `op` (a cuda_tile.module) or a copy of
/// `op` itself (a builtin module), for the pass pipelines, which run on
/// builtin modules.
static OwningOpRef<mlir::ModuleOp> builtinModuleCopy(Operation *op) {
  if (auto builtin = dyn_cast<mlir::ModuleOp>(op))
    return OwningOpRef<mlir::ModuleOp>(builtin.clone());
  OwningOpRef<mlir::ModuleOp> wrapper = mlir::ModuleOp::create(op->getLoc());
  wrapper->getBody()->push_back(op->clone());
  return wrapper;
}

MlirLogicalResult cudaTileOptimize(MlirOperation module, int optLevel) {
  Operation *op = unwrap(module);
  if (!isa<mlir::ModuleOp, cuda_tile::ModuleOp>(op)) {
    op->emitError("expected a cuda_tile.module or a builtin module");
    return mlirLogicalResultFailure();
  }
  if (optLevel < 0 || optLevel > 3) {
    op->emitError("optimization level must be 0 to 3");
    return mlirLogicalResultFailure();
  }
  // Optimize a copy and move its body back, so the caller's handle stays
  // valid whatever the pipeline erases.
  OwningOpRef<mlir::ModuleOp> copy = builtinModuleCopy(op);
  OptimizerOptions options;
  options.optLevel = optLevel;
  PassManager pm(op->getContext(), mlir::ModuleOp::getOperationName());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(buildOptimizerPipeline(pm, options, errorStream))) {
    op->emitError(errors);
    return mlirLogicalResultFailure();
  }
  if (failed(pm.run(*copy)))
    return mlirLogicalResultFailure();
  Operation *optimized = isa<mlir::ModuleOp>(op)
                             ? copy->getOperation()
                             : &copy->getBody()->front();
  for (auto [target, source] :
       llvm::zip_equal(op->getRegions(), optimized->getRegions())) {
    target.getBlocks().clear();
    target.takeBody(source);
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult cudaTileCompileToPTX(MlirOperation module,
                                       MlirStringRef gpuName,
                                       MlirStringCallback callback,
                                       void *userData) {
  Operation *op = unwrap(module);
  if (!isa<mlir::ModuleOp, cuda_tile::ModuleOp>(op)) {
    op->emitError("expected a cuda_tile.module or a builtin module");
    return mlirLogicalResultFailure();
  }
  DialectRegistry registry;
  registerCodegenDialects(registry);
  op->getContext()->appendDialectRegistry(registry);
  OwningOpRef<mlir::ModuleOp> copy = builtinModuleCopy(op);
  CodegenPipelineOptions pipeline;
  pipeline.gpuName = unwrap(gpuName).str();
  PassManager pm(op->getContext(), mlir::ModuleOp::getOperationName());
  buildCudaTileToLLVMPipeline(pm, pipeline);
  if (failed(pm.run(*copy)))
    return mlirLogicalResultFailure();
  PTXOptions options;
  options.gpuName = pipeline.gpuName;
  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  if (failed(translateToPTX(*copy, options, os)))
    return mlirLogicalResultFailure();
  callback(mlirStringRefCreate(ptx.data(), ptx.size()), userData);
  return mlirLogicalResultSuccess();
}
