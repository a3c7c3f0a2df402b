//===- cuda-tile-opt.cpp - the cuda_tile optimizer driver -----------------===//
//
// mlir-opt for cuda_tile: the dialect plus MLIR's generic passes.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "cuda_tile optimizer driver\n", registry));
}
