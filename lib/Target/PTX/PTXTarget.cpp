//===- PTXTarget.cpp - LLVM dialect -> LLVM IR -> PTX ----------------------===//
//
// Translates a module of llvm/nvvm ops to LLVM IR, links the libdevice
// functions it calls, resolves __nvvm_reflect, optimizes with the NVPTX
// target machine and emits PTX, all in process. With line information on,
// the ops' file locations become debug locations that the NVPTX back end
// writes as .file / .loc directives.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Target/PTX/PTXTarget.h"
#include "cuda_tile/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"

#include <mutex>

using namespace mlir;
using namespace mlir::cuda_tile;

unsigned mlir::cuda_tile::ptxVersionFor(StringRef gpuName) {
  unsigned sm = 0;
  if (!gpuName.consume_front("sm_"))
    return 0;
  // sm_90a (wgmma) needs PTX 8.0.
  if (gpuName == "90a")
    return 80;
  if (gpuName.getAsInteger(10, sm))
    return 0;
  switch (sm) {
  case 80:
    return 70;
  case 86:
    return 71;
  case 89:
  case 90:
    return 78;
  case 100:
    return 86;
  case 120:
    return 87;
  default:
    return 0;
  }
}

static void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

/// The libdevice bitcode to use, or an empty string.
static std::string findLibdevice(const PTXOptions &options) {
  if (!options.libdevicePath.empty())
    return options.libdevicePath;
  SmallVector<std::string> candidates;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (std::optional<std::string> dir = llvm::sys::Process::GetEnv(var)) {
      SmallString<256> path(*dir);
      llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
      candidates.push_back(std::string(path));
    }
  candidates.push_back("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");
  for (const std::string &c : candidates)
    if (llvm::sys::fs::exists(c))
      return c;
  return candidates.back();
}

/// The string a __nvvm_reflect call asks about.
static std::optional<StringRef> reflectQuery(llvm::Value *arg) {
  llvm::Value *stripped = arg->stripPointerCasts();
  if (auto *gep = dyn_cast<llvm::GEPOperator>(stripped))
    stripped = gep->getPointerOperand()->stripPointerCasts();
  auto *global = dyn_cast<llvm::GlobalVariable>(stripped);
  if (!global || !global->hasInitializer())
    return std::nullopt;
  auto *data = dyn_cast<llvm::ConstantDataSequential>(global->getInitializer());
  if (!data || !data->isCString())
    return std::nullopt;
  return data->getAsCString();
}

/// Replaces __nvvm_reflect queries by their values for `sm` (no flush to
/// zero, precise division and square roots).
static void resolveReflect(llvm::Module &module, unsigned sm) {
  for (StringRef name : {"__nvvm_reflect", "llvm.nvvm.reflect"}) {
    llvm::Function *fn = module.getFunction(name);
    if (!fn)
      continue;
    for (llvm::User *user : llvm::make_early_inc_range(fn->users())) {
      auto *call = dyn_cast<llvm::CallInst>(user);
      if (!call)
        continue;
      int value = 0;
      if (std::optional<StringRef> q = reflectQuery(call->getArgOperand(0))) {
        if (*q == "__CUDA_ARCH")
          value = sm * 10;
        else if (*q == "__CUDA_PREC_DIV" || *q == "__CUDA_PREC_SQRT")
          value = 1;
      }
      call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), value));
      call->eraseFromParent();
    }
    if (fn->use_empty())
      fn->eraseFromParent();
  }
}

/// The first file location of `loc` (through fused, named and call-site
/// locations), if any.
static FileLineColLoc findFileLoc(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      found = file;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Gives every function with a body a DISubprogram in a compile unit that
/// only asks for .file / .loc directives (DebugDirectivesOnly, as nvcc
/// -lineinfo: no DWARF sections, no `.target ..., debug`), so that the MLIR
/// to LLVM IR translation turns the ops' file locations into debug
/// locations. Each op is reduced to its first file location (of a call site,
/// the callee's: the innermost source line); one of another file than its
/// function's is scoped in a DILexicalBlockFile of that file, and an op
/// without one gets line 0 (LLVM's "no source line"). Functions without any
/// file location are left without line information.
static void addLineInfo(mlir::ModuleOp module) {
  MLIRContext *context = module.getContext();
  llvm::StringMap<LLVM::DIFileAttr> files;
  auto fileAttr = [&](StringRef name) {
    LLVM::DIFileAttr &file = files[name];
    if (!file)
      file = LLVM::DIFileAttr::get(context, llvm::sys::path::filename(name),
                                   llvm::sys::path::parent_path(name));
    return file;
  };
  LLVM::DICompileUnitAttr compileUnit;
  auto subroutineType =
      LLVM::DISubroutineTypeAttr::get(context, ArrayRef<LLVM::DITypeAttr>());
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (func.isExternal())
      return;
    FileLineColLoc funcLoc = findFileLoc(func.getLoc());
    if (!funcLoc)
      func.walk([&](Operation *op) {
        funcLoc = findFileLoc(op->getLoc());
        return funcLoc ? WalkResult::interrupt() : WalkResult::advance();
      });
    if (!funcLoc)
      return;
    LLVM::DIFileAttr file = fileAttr(funcLoc.getFilename());
    if (!compileUnit)
      compileUnit = LLVM::DICompileUnitAttr::get(
          DistinctAttr::create(UnitAttr::get(context)),
          llvm::dwarf::DW_LANG_C, file, StringAttr::get(context, "cuda-tile"),
          /*isOptimized=*/true, LLVM::DIEmissionKind::DebugDirectivesOnly);
    auto subprogram = LLVM::DISubprogramAttr::get(
        context, DistinctAttr::create(UnitAttr::get(context)), compileUnit,
        file, func.getNameAttr(), func.getNameAttr(), file, funcLoc.getLine(),
        funcLoc.getLine(),
        LLVM::DISubprogramFlags::Definition |
            LLVM::DISubprogramFlags::Optimized,
        subroutineType, /*retainedNodes=*/{}, /*annotations=*/{});
    func->setLoc(FusedLoc::get(context, {func.getLoc()}, subprogram));
    func.walk([&](Operation *op) {
      if (op == func)
        return;
      FileLineColLoc opLoc = findFileLoc(op->getLoc());
      if (!opLoc)
        opLoc = FileLineColLoc::get(funcLoc.getFilename(), /*line=*/0,
                                    /*column=*/0);
      if (opLoc.getFilename() == funcLoc.getFilename()) {
        op->setLoc(opLoc);
        return;
      }
      auto scope = LLVM::DILexicalBlockFileAttr::get(
          context, subprogram, fileAttr(opLoc.getFilename()),
          /*discriminator=*/0);
      op->setLoc(FusedLoc::get(context, {opLoc}, scope));
    });
  });
}

LogicalResult mlir::cuda_tile::translateToPTX(mlir::ModuleOp module,
                                              const PTXOptions &options,
                                              llvm::raw_ostream &os,
                                              bool emitLLVMIR) {
  unsigned ptx = ptxVersionFor(options.gpuName);
  if (!ptx)
    return module.emitError("unsupported GPU '")
           << options.gpuName
           << "'; expected one of sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, "
              "sm_120";
  unsigned sm = 0;
  StringRef(options.gpuName).drop_front(3).take_while(llvm::isDigit).getAsInteger(10, sm);
  if (options.optLevel > 3)
    return module.emitError("optimization level must be 0 to 3");

  // Kernels and globals renamed into PTX identifiers, listed in the PTX.
  std::string renames;
  llvm::raw_string_ostream renamesStream(renames);
  module.walk([&](Operation *op) {
    auto source = op->getAttrOfType<StringAttr>(kSourceNameAttr);
    if (!source || !isa<LLVM::LLVMFuncOp, LLVM::GlobalOp>(op))
      return;
    renamesStream << "//   " << (isa<LLVM::LLVMFuncOp>(op) ? "entry" : "global")
                  << " \"";
    llvm::printEscapedString(source.getValue(), renamesStream);
    renamesStream << "\" is "
                  << cast<SymbolOpInterface>(op).getName() << "\n";
    op->removeAttr(kSourceNameAttr);
  });
  // Kernels that must be launched with dynamic shared memory (how much) or
  // with tensor maps (what each describes).
  std::string dynamicShared, tensorMaps;
  llvm::raw_string_ostream dynamicSharedStream(dynamicShared),
      tensorMapsStream(tensorMaps);
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (auto bytes = func->getAttrOfType<IntegerAttr>(kDynamicSharedBytesAttr))
      dynamicSharedStream << "//   " << func.getName() << " " << bytes.getInt()
                          << "\n";
    if (auto maps = func->getAttrOfType<ArrayAttr>(kTensorMapsAttr))
      for (auto [i, map] : llvm::enumerate(maps.getAsValueRange<StringAttr>()))
        tensorMapsStream << "//   " << func.getName() << " tensormap " << i
                         << ": " << map << "\n";
    func->removeAttr(kDynamicSharedBytesAttr);
    func->removeAttr(kTensorMapsAttr);
  });

  // fence.proxy.alias (memory_fence_alias_tko) needs PTX 7.5, newer than
  // what sm_80 and sm_86 kernels are otherwise written in; mma.sync on fp8
  // operands (sm_89+) needs PTX 8.4, and so does wgmma on one signed and
  // one unsigned 8-bit operand; TMA copies and their mbarrier expectations
  // 8.0; cvt.rn.f16x2.{e4m3,e5m2}x2 8.1 on sm_89 (7.8 from sm_90).
  module.walk([&](Operation *op) {
    if (sm == 89 && isa<NVVM::ConvertF8x2ToF16x2Op>(op))
      ptx = std::max(ptx, 81u);
    auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op);
    if (!asmOp)
      return;
    StringRef text = asmOp.getAsmString();
    if (text.starts_with("cp.async.bulk") ||
        text.starts_with("mbarrier.expect_tx"))
      ptx = std::max(ptx, 80u);
    if (text.starts_with("fence.proxy.alias"))
      ptx = std::max(ptx, 75u);
    if (text.starts_with("mma.sync") &&
        (text.contains(".e4m3") || text.contains(".e5m2")))
      ptx = std::max(ptx, 84u);
    if (text.contains("wgmma.mma_async") &&
        (text.contains(".s8.u8") || text.contains(".u8.s8")))
      ptx = std::max(ptx, 84u);
  });

  // Functions of libdevice the module calls, with a location for errors.
  Operation *firstLibdeviceUse = nullptr;
  module.walk([&](LLVM::CallOp call) {
    std::optional<StringRef> callee = call.getCallee();
    if (!firstLibdeviceUse && callee && callee->starts_with("__nv_"))
      firstLibdeviceUse = call;
  });

  initializeNVPTX();
  std::string error;
  llvm::Triple triple("nvptx64-nvidia-cuda");
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return module.emitError("NVPTX target unavailable: ") << error;
  llvm::TargetOptions targetOptions;
  llvm::CodeGenOptLevel cgLevel =
      options.optLevel == 0   ? llvm::CodeGenOptLevel::None
      : options.optLevel == 1 ? llvm::CodeGenOptLevel::Less
      : options.optLevel == 2 ? llvm::CodeGenOptLevel::Default
                              : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, options.gpuName, ("+ptx" + Twine(ptx)).str(), targetOptions,
      std::nullopt, std::nullopt, cgLevel));
  if (!machine)
    return module.emitError("cannot create the NVPTX target machine for ")
           << options.gpuName;

  if (options.lineInfo)
    addLineInfo(module);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, "cuda_tile");
  if (!llvmModule)
    return module.emitError("translation to LLVM IR failed");
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());

  if (firstLibdeviceUse) {
    std::string path = findLibdevice(options);
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return firstLibdeviceUse->emitError(
                 "this operation needs libdevice, which was not found at '")
             << path
             << "' (pass --libdevice=<path to libdevice.10.bc> or set "
                "CUDA_HOME)";
    llvm::Expected<std::unique_ptr<llvm::Module>> libdevice =
        llvm::parseBitcodeFile(**buffer, llvmContext);
    if (!libdevice)
      return firstLibdeviceUse->emitError("cannot read libdevice '")
             << path << "': " << llvm::toString(libdevice.takeError());
    (*libdevice)->setTargetTriple(triple);
    (*libdevice)->setDataLayout(llvmModule->getDataLayout());
    if (llvm::Linker::linkModules(*llvmModule, std::move(*libdevice),
                                  llvm::Linker::Flags::LinkOnlyNeeded))
      return firstLibdeviceUse->emitError("linking libdevice '")
             << path << "' failed";
  }
  resolveReflect(*llvmModule, sm);
  // Everything but kernels and module globals is private to the module.
  for (llvm::Function &fn : *llvmModule)
    if (!fn.isDeclaration() &&
        fn.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      fn.setLinkage(llvm::GlobalValue::InternalLinkage);

  if (llvm::verifyModule(*llvmModule, &llvm::errs()))
    return module.emitError("generated LLVM IR does not verify");

  // Optimization.
  {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder builder(machine.get());
    builder.registerModuleAnalyses(mam);
    builder.registerCGSCCAnalyses(cgam);
    builder.registerFunctionAnalyses(fam);
    builder.registerLoopAnalyses(lam);
    builder.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager mpm;
    if (options.optLevel == 0) {
      mpm = builder.buildO0DefaultPipeline(llvm::OptimizationLevel::O0);
      mpm.addPass(llvm::GlobalDCEPass());
    } else {
      llvm::OptimizationLevel level =
          options.optLevel == 1   ? llvm::OptimizationLevel::O1
          : options.optLevel == 2 ? llvm::OptimizationLevel::O2
                                  : llvm::OptimizationLevel::O3;
      mpm = builder.buildPerModuleDefaultPipeline(level);
    }
    mpm.run(*llvmModule, mam);
  }

  if (emitLLVMIR) {
    llvmModule->print(os, nullptr);
    return success();
  }

  SmallString<0> text;
  llvm::raw_svector_ostream stream(text);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, stream, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile))
    return module.emitError("the NVPTX target cannot emit PTX");
  codegen.run(*llvmModule);
  // The lists go after the back end's header comment, before `.version`.
  StringRef ptxText = text.str();
  size_t body = ptxText.find("\n.version");
  if (body == StringRef::npos)
    body = 0;
  os << ptxText.take_front(body);
  if (!renames.empty())
    os << "\n// cuda_tile names that are not PTX identifiers, renamed:\n"
       << renames;
  if (!dynamicShared.empty())
    os << "\n// cuda_tile kernels launched with dynamic shared memory "
          "(sharedMemBytes):\n"
       << dynamicShared;
  if (!tensorMaps.empty())
    os << "\n// cuda_tile kernels taking tensor maps (CUtensorMap, 128 bytes, "
          "by value after their parameters, in order; dims and box innermost "
          "first, strides in elements):\n"
       << tensorMaps;
  os << ptxText.drop_front(body);
  return success();
}
