//===- cuda-tile-lsp-server.cpp - language server for cuda_tile -----------===//
//
// MLIR's language server with the cuda_tile dialect registered (and the
// dialects the code generator produces, so its intermediate IR can be read
// too): diagnostics, hover, go to definition, document symbols and the rest
// of what mlir-lsp-server offers, for .mlir files. See docs/cuda-tile-lsp-server.md.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  mlir::cuda_tile::registerCodegenDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
