//===- SynthesizeDebugInfoScopes.cpp - complete debug scopes --------------===//
//
// Frontends that only emit file:line:col locations get line tables this way:
// each function (entry, or the reference tests' testing$func) gets a
// subprogram, and every op a di_loc inside it.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Path.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_SYNTHESIZEDEBUGINFOSCOPESPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

/// The debug scope `loc` places an op in, looked up as the entry verifier
/// does (through call sites to the caller, names and fusions).
static Attribute scopeOf(Location loc) {
  return llvm::TypeSwitch<LocationAttr, Attribute>(loc)
      .Case([](DILocAttr l) { return l.getScope(); })
      .Case([](CallSiteLoc l) { return scopeOf(l.getCaller()); })
      .Case([](NameLoc l) { return scopeOf(l.getChildLoc()); })
      .Case([](FusedLoc l) -> Attribute {
        for (Location inner : l.getLocations())
          if (Attribute scope = scopeOf(inner))
            return scope;
        return {};
      })
      .Default([](LocationAttr) { return Attribute(); });
}

/// The subprogram a scope belongs to.
static DISubprogramAttr subprogramOf(Attribute scope) {
  while (auto block = dyn_cast_or_null<DILexicalBlockAttr>(scope))
    scope = block.getScope();
  return dyn_cast_or_null<DISubprogramAttr>(scope);
}

/// The file:line:col inside `loc`, if any, found as the reference finds it:
/// a call site's is its caller's (the line the user wrote), a fusion's its
/// first plain file:line:col.
static FileLineColLoc fileLocOf(Location loc) {
  return llvm::TypeSwitch<LocationAttr, FileLineColLoc>(loc)
      .Case([](FileLineColLoc l) { return l; })
      .Case([](DILocAttr l) { return l.getSourceLoc(); })
      .Case([](NameLoc l) { return fileLocOf(l.getChildLoc()); })
      .Case([](CallSiteLoc l) { return fileLocOf(l.getCaller()); })
      .Case([](OpaqueLoc l) { return fileLocOf(l.getFallbackLocation()); })
      .Case([](FusedLoc l) {
        for (Location inner : l.getLocations())
          if (auto found = dyn_cast<FileLineColLoc>(inner))
            return found;
        return FileLineColLoc();
      })
      .Default([](LocationAttr) { return FileLineColLoc(); });
}

/// A di_file for the file named by `loc`: base name and directory.
static DIFileAttr fileFor(FileLineColLoc loc) {
  Builder builder(loc.getContext());
  StringRef path = loc.getFilename().getValue();
  return DIFileAttr::get(loc.getContext(),
                         builder.getStringAttr(llvm::sys::path::filename(path)),
                         builder.getStringAttr(llvm::sys::path::parent_path(path)));
}

namespace {
struct SynthesizeDebugInfoScopesPass
    : public cuda_tile::impl::SynthesizeDebugInfoScopesPassBase<
          SynthesizeDebugInfoScopesPass> {
  using Base::Base;

  void runOnOperation() override {
    cuda_tile::ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    Builder builder(context);

    // One compile unit per module: the one existing subprograms use, or a
    // new one for the module's file.
    DICompileUnitAttr compileUnit;
    for (auto function : module.getOps<FunctionOpInterface>())
      if (DISubprogramAttr sp = subprogramOf(scopeOf(function.getLoc()))) {
        compileUnit = sp.getCompileUnit();
        break;
      }
    if (!compileUnit) {
      DIFileAttr file;
      if (FileLineColLoc loc = fileLocOf(module.getLoc()))
        file = fileFor(loc);
      else
        file = DIFileAttr::get(context, builder.getStringAttr("<unknown>"),
                               builder.getStringAttr(""));
      compileUnit = DICompileUnitAttr::get(context, file);
    }

    for (auto function : module.getOps<FunctionOpInterface>()) {
      FileLineColLoc functionLoc = fileLocOf(function.getLoc());
      DISubprogramAttr subprogram = subprogramOf(scopeOf(function.getLoc()));
      if (!subprogram) {
        DIFileAttr file = compileUnit.getFile();
        unsigned line = 1;
        if (functionLoc) {
          file = fileFor(functionLoc);
          line = functionLoc.getLine();
        }
        subprogram = DISubprogramAttr::get(
            context, file, line, function.getNameAttr(),
            function.getNameAttr(), compileUnit, /*scopeLine=*/line);
        ++numSubprograms;
      }
      if (!functionLoc) {
        // Line 1 of the subprogram's file stands in for ops without one.
        DIFileAttr file = subprogram.getFile();
        SmallString<128> path(file.getDirectory().getValue());
        llvm::sys::path::append(path, file.getName().getValue());
        functionLoc = FileLineColLoc::get(context, path, subprogram.getLine(), 1);
      }
      function->walk([&](Operation *op) {
        if (scopeOf(op->getLoc()))
          return;
        FileLineColLoc loc = fileLocOf(op->getLoc());
        op->setLoc(DILocAttr::get(context, loc ? loc : functionLoc,
                                  cast<DILocalScopeAttr>(subprogram)));
        ++numScoped;
      });
    }
  }
};
} // namespace
