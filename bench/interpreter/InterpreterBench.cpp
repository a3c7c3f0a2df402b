//===- InterpreterBench.cpp - throughput of the cuda_tile interpreter -----===//
//
// Two kernels, each run over its whole grid per iteration:
//  * gemm: C = A x B on 1024x1024 f32 matrices, one 64x64 tile of C per tile
//    block, a loop over K loading 64x64 tiles of A and B and calling mmaf;
//    reported as FLOP/s (2 * 1024^3 per run).
//  * vadd: c = a + b over 16M f32 elements in tiles of 4096; reported as
//    elements/s.
// The argument of each benchmark is the number of worker threads.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/Interpreter/Interpreter.h"

#include "mlir/IR/MLIRContext.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <random>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::interp;

namespace {

const char *kGemm = R"mlir(
cuda_tile.module @bench {
  entry @gemm(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %av = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %bv = make_tensor_view %b, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %cv = make_tensor_view %c, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %ap = make_partition_view %av : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bp = make_partition_view %bv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %cp = make_partition_view %cv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %k in (%c0 to %c16, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<64x64xf32>) {
      %at, %t0 = load_view_tko weak %ap[%y, %k] : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<64x64xf32>, token
      %bt, %t1 = load_view_tko weak %bp[%k, %x] : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<64x64xf32>, token
      %r = mmaf %at, %bt, %s : tile<64x64xf32>, tile<64x64xf32>, tile<64x64xf32>
      continue %r : tile<64x64xf32>
    }
    %t2 = store_view_tko weak %acc, %cp[%y, %x] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

  entry @vadd(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %av = make_tensor_view %a, shape = [16777216], strides = [1] : tensor_view<16777216xf32, strides=[1]>
    %bv = make_tensor_view %b, shape = [16777216], strides = [1] : tensor_view<16777216xf32, strides=[1]>
    %cv = make_tensor_view %c, shape = [16777216], strides = [1] : tensor_view<16777216xf32, strides=[1]>
    %ap = make_partition_view %av : partition_view<tile=(4096), tensor_view<16777216xf32, strides=[1]>>
    %bp = make_partition_view %bv : partition_view<tile=(4096), tensor_view<16777216xf32, strides=[1]>>
    %cp = make_partition_view %cv : partition_view<tile=(4096), tensor_view<16777216xf32, strides=[1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %at, %t0 = load_view_tko weak %ap[%x] : partition_view<tile=(4096), tensor_view<16777216xf32, strides=[1]>>, tile<i32> -> tile<4096xf32>, token
    %bt, %t1 = load_view_tko weak %bp[%x] : partition_view<tile=(4096), tensor_view<16777216xf32, strides=[1]>>, tile<i32> -> tile<4096xf32>, token
    %s = addf %at, %bt : tile<4096xf32>
    %t2 = store_view_tko weak %s, %cp[%x] : tile<4096xf32>, partition_view<tile=(4096), tensor_view<16777216xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
)mlir";

struct Fixture {
  MLIRContext context;
  OwningOpRef<cuda_tile::ModuleOp> module;
  DeviceMemory memory;

  Fixture() {
    module = loadModule(llvm::MemoryBuffer::getMemBuffer(kGemm, "bench.mlir"), &context);
  }
  EntryOp entry(llvm::StringRef name) {
    for (auto e : module->getBodyBlock()->getOps<EntryOp>())
      if (e.getSymName() == name)
        return e;
    return {};
  }
  uint64_t randomBuffer(llvm::StringRef name, size_t count) {
    uint64_t address = memory.allocate(name, count * sizeof(float), 256);
    float *data = reinterpret_cast<float *>(memory.getBuffer(address)->data.get());
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (size_t i = 0; i < count; ++i)
      data[i] = dist(rng);
    return address;
  }
};

void runKernel(benchmark::State &state, llvm::StringRef name, size_t count,
               std::array<int64_t, 3> grid, double workPerRun,
               const char *counter) {
  Fixture f;
  if (!f.module) {
    state.SkipWithError("the benchmark kernels do not parse");
    return;
  }
  std::vector<ArgValue> args = {ArgValue::pointer(f.randomBuffer("a", count)),
                                ArgValue::pointer(f.randomBuffer("b", count)),
                                ArgValue::pointer(f.randomBuffer("c", count))};
  RunOptions options;
  options.grid = grid;
  options.threads = unsigned(state.range(0));
  EntryOp entry = f.entry(name);
  for (auto _ : state) {
    std::string error;
    if (failed(runEntry(entry, args, options, f.memory, error))) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  state.counters[counter] =
      benchmark::Counter(workPerRun, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_GemmF32_1024(benchmark::State &state) {
  runKernel(state, "gemm", 1024 * 1024, {16, 16, 1}, 2.0 * 1024 * 1024 * 1024,
            "FLOP/s");
}
void BM_VectorAddF32_16M(benchmark::State &state) {
  runKernel(state, "vadd", size_t(1) << 24, {4096, 1, 1}, double(1 << 24),
            "elements/s");
}

} // namespace

BENCHMARK(BM_GemmF32_1024)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_VectorAddF32_16M)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
