//===- FuzzCommon.h - shared pieces of the libFuzzer harnesses ---*- C++ -*-===//
//
// Every harness runs its inputs in one MLIRContext that is replaced now and
// then (interned types and attributes would otherwise pile up over millions
// of runs), swallows diagnostics (malformed input is expected to produce
// them; CUDA_TILE_FUZZ_VERBOSE=1 prints them when reproducing a case), and
// reports a broken invariant by printing what differs and aborting, which
// libFuzzer records as a crash.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_FUZZ_FUZZCOMMON_H
#define CUDA_TILE_FUZZ_FUZZCOMMON_H

#include "cuda_tile/IR/CudaTileDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>

namespace cuda_tile_fuzz {

/// The context of the current input. `setup` fills the registry of every new
/// context (dialects to register and load).
class FuzzContext {
public:
  using Setup = std::function<void(mlir::DialectRegistry &)>;
  explicit FuzzContext(Setup setup) : setup(std::move(setup)) {
    verbose = std::getenv("CUDA_TILE_FUZZ_VERBOSE") != nullptr;
  }

  /// The context for the next input.
  mlir::MLIRContext &next() {
    if (!context || ++runs >= kRunsPerContext) {
      handler.reset();
      context.reset();
      mlir::DialectRegistry registry;
      setup(registry);
      context = std::make_unique<mlir::MLIRContext>(
          registry, mlir::MLIRContext::Threading::DISABLED);
      context->loadAllAvailableDialects();
      if (!verbose)
        handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
            context.get(), [](mlir::Diagnostic &) { return mlir::success(); });
      runs = 0;
    }
    return *context;
  }

private:
  static constexpr unsigned kRunsPerContext = 5000;
  Setup setup;
  std::unique_ptr<mlir::MLIRContext> context;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  unsigned runs = 0;
  bool verbose = false;
};

/// `op` as text: generic or custom form, with or without locations.
inline std::string print(mlir::Operation *op, bool generic, bool debugInfo) {
  mlir::OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  if (debugInfo)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, flags);
  return text;
}

/// Whether the text of `op` reads back as other attributes, which are then
/// stable: optimization hints, whose values print without a type (as the
/// reference's printer does), so `4 : i32` reads back as an i64 and an f32
/// as an f64; and i1 constants stored element by element (bytecode from a
/// writer that does not detect splats) with all elements equal, which the
/// parser stores as a splat. Such text is stable only from its second round
/// trip on (docs/bytecode.md, "Text round trips").
inline bool reparsesAsOtherAttributes(mlir::Operation *op) {
  bool found = false;
  op->walk([&](mlir::Operation *nested) {
    for (mlir::NamedAttribute attr : nested->getAttrs()) {
      if (attr.getName() == "optimization_hints")
        found = true;
      auto dense = llvm::dyn_cast<mlir::DenseIntElementsAttr>(attr.getValue());
      if (dense && !dense.isSplat() && dense.getElementType().isInteger(1) &&
          llvm::all_equal(dense.getValues<bool>()))
        found = true;
    }
  });
  return found;
}

/// True when the module's optimization hints print, as the reference prints
/// them, in text that does not parse back: a name that is no bare identifier
/// (`größe`, `needs space`) or a dense value, whose literal needs its type
/// (docs/cuda-tile-opt.md). Text round trips are not checked for them.
inline bool printsUnreadableHints(mlir::Operation *op) {
  auto isBare = [](llvm::StringRef name) {
    return !name.empty() && (llvm::isAlpha(name.front()) || name.front() == '_') &&
           llvm::all_of(name.drop_front(), [](char c) {
             return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
           });
  };
  bool found = false;
  op->walk([&](mlir::Operation *nested) {
    for (mlir::NamedAttribute attr : nested->getAttrs()) {
      auto hints =
          llvm::dyn_cast<mlir::cuda_tile::OptimizationHintsAttr>(attr.getValue());
      if (!hints)
        continue;
      for (mlir::NamedAttribute arch : hints.getValue()) {
        found |= !isBare(arch.getName().getValue());
        if (auto dict = llvm::dyn_cast<mlir::DictionaryAttr>(arch.getValue()))
          for (mlir::NamedAttribute hint : dict)
            found |= !isBare(hint.getName().getValue()) ||
                     llvm::isa<mlir::ElementsAttr>(hint.getValue());
      }
    }
  });
  return found;
}

/// A broken invariant: prints it (and the two texts that should have been
/// equal, if given) and aborts.
[[noreturn]] inline void fail(llvm::StringRef what, llvm::StringRef first = {},
                              llvm::StringRef second = {}) {
  llvm::errs() << "cuda-tile fuzz invariant broken: " << what << "\n";
  if (!first.empty())
    llvm::errs() << "---- first ----\n" << first << "\n";
  if (!second.empty())
    llvm::errs() << "---- second ----\n" << second << "\n";
  llvm::errs().flush();
  std::abort();
}

/// Aborts with `what` when `first` and `second` differ.
inline void expectEqual(llvm::StringRef what, llvm::StringRef first,
                        llvm::StringRef second) {
  if (first != second)
    fail(what, first, second);
}

} // namespace cuda_tile_fuzz

#endif // CUDA_TILE_FUZZ_FUZZCOMMON_H
