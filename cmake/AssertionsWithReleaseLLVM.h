// Force-included in assertion builds (CUDA_TILE_ENABLE_ASSERTIONS), which
// compile our code with -UNDEBUG against MLIR and LLVM shared libraries
// built with NDEBUG. llvm::Statistic depends on NDEBUG (TrackingStatistic
// or NoopStatistic), and mlir::Pass::Statistic objects are constructed in
// libMLIR: our passes must see the layout libMLIR builds, so Statistic.h is
// read once here as a release build reads it. assert() stays active.
#ifndef CUDA_TILE_CMAKE_ASSERTIONSWITHRELEASELLVM_H
#define CUDA_TILE_CMAKE_ASSERTIONSWITHRELEASELLVM_H
#ifdef __cplusplus
#define NDEBUG
#include "llvm/ADT/Statistic.h"
#undef NDEBUG
#include <cassert>
#endif
#endif
