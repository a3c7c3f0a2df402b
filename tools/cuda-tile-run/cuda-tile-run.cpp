//===- cuda-tile-run.cpp - run cuda_tile kernels on the CPU ---------------===//
//
// See docs/cuda-tile-run.md; everything happens in the CudaTileInterpreter
// library.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Interpreter/Interpreter.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  return mlir::cuda_tile::interp::runCommandLine(argc, argv);
}
