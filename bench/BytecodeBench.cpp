//===- BytecodeBench.cpp - bytecode writer and reader throughput ----------===//
//
// Builds one large module (a few kernel shapes repeated: views, loads and
// stores with hints, reductions with combiner regions, loops, conditionals,
// arithmetic, constants; well over 200k ops and 10 MB of text) and measures
// writing it as bytecode and reading it back (the read includes
// verification). Bytes per second are bytecode bytes; items per second are
// ops. Parsing and printing the text are measured too, for comparison.
//
//   build/bench/cuda-tile-bytecode-bench [--benchmark_filter=Bytecode]
//   CUDA_TILE_BENCH_KERNELS=N sets the number of kernels of each shape.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

using namespace mlir;

namespace {

/// A softmax over rows: views, a load, two reductions, arithmetic, a store.
void appendSoftmax(llvm::raw_ostream &os, unsigned index) {
  os << llvm::formatv(R"(
  entry @softmax_{0}(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %rows: tile<i32>) {
    %xv = make_tensor_view %x, shape = [%rows, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %yv = make_tensor_view %y, shape = [%rows, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %xp = make_partition_view %xv : partition_view<tile=(4x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>>
    %yp = make_partition_view %yv : partition_view<tile=(4x64), tensor_view<?x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %tok = load_view_tko weak %xp[%bx, %c0] optimization_hints = <sm_100 = {{latency = 3, allow_tma = true}> : partition_view<tile=(4x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<4x64xf32>, token
    %max = reduce %t dim=1 identities=[0xFF800000 : f32] : tile<4x64xf32> -> tile<4xf32>
      (%v: tile<f32>, %acc: tile<f32>) {{
        %m = maxf %v, %acc : tile<f32>
        yield %m : tile<f32>
      }
    %max2 = reshape %max : tile<4xf32> -> tile<4x1xf32>
    %maxb = broadcast %max2 : tile<4x1xf32> -> tile<4x64xf32>
    %shifted = subf %t, %maxb : tile<4x64xf32>
    %e = exp %shifted : tile<4x64xf32>
    %sum = reduce %e dim=1 identities=[0.0 : f32] : tile<4x64xf32> -> tile<4xf32>
      (%v: tile<f32>, %acc: tile<f32>) {{
        %s = addf %v, %acc : tile<f32>
        yield %s : tile<f32>
      }
    %sum2 = reshape %sum : tile<4xf32> -> tile<4x1xf32>
    %sumb = broadcast %sum2 : tile<4x1xf32> -> tile<4x64xf32>
    %r = divf %e, %sumb : tile<4x64xf32>
    %t2 = store_view_tko weak %r, %yp[%bx, %c0] token = %tok : tile<4x64xf32>, partition_view<tile=(4x64), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
)",
                      index);
}

/// Integer arithmetic in a counted loop with a conditional.
void appendLoop(llvm::raw_ostream &os, unsigned index) {
  os << llvm::formatv(R"(
  entry @loop_{0}(%n: tile<i32>, %p: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %seed = constant <i32: [1, 2, 3, 4, 5, 6, 7, {0}]> : tile<8xi32>
    %acc = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%a = %zero) -> (tile<i32>) {{
      %sq = muli %i, %i : tile<i32>
      %odd = andi %i, %one : tile<i32>
      %isOdd = cmpi equal %odd, %one, signed : tile<i32> -> tile<i1>
      %next = if %isOdd -> (tile<i32>) {{
        %x = addi %a, %sq overflow<no_signed_wrap> : tile<i32>
        yield %x : tile<i32>
      } else {{
        %y = subi %a, %sq : tile<i32>
        %z = shli %y, %one : tile<i32>
        yield %z : tile<i32>
      }
      continue %next : tile<i32>
    }
    %m = maxi %acc, %zero signed : tile<i32>
    %f = itof %m signed : tile<i32> -> tile<f32>
    %g = mulf %f, %f rounding<zero> : tile<f32>
    %h = ftoi %g signed : tile<f32> -> tile<i32>
    %io = iota : tile<8xi32>
    %s = addi %io, %seed : tile<8xi32>
    %ptrs = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ptrs8 = broadcast %ptrs : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %addr = offset %ptrs8, %io : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %tok = store_ptr_tko weak %addr, %s : tile<8xptr<i32>>, tile<8xi32> -> token
    %hs = reshape %h : tile<i32> -> tile<1xi32>
    %tok2 = store_ptr_tko weak %ptrs, %hs token=%tok : tile<1xptr<i32>>, tile<1xi32> -> token
    return
  }
)",
                      index);
}

struct Workload {
  MLIRContext context;
  std::string text;
  OwningOpRef<Operation *> module;
  std::string bytecode;
  size_t numOps = 0;

  Workload() {
    context.getOrLoadDialect<cuda_tile::CudaTileDialect>();
    unsigned kernels = 4500;
    if (const char *env = std::getenv("CUDA_TILE_BENCH_KERNELS"))
      kernels = std::max(1, std::atoi(env));
    llvm::raw_string_ostream os(text);
    os << "cuda_tile.module @bench {\n";
    for (unsigned i = 0; i < kernels; ++i) {
      appendSoftmax(os, i);
      appendLoop(os, i);
    }
    os << "}\n";
    ParserConfig config(&context);
    module = parseSourceString(text, config);
    if (!module) {
      llvm::errs() << "benchmark module does not parse\n";
      std::abort();
    }
    module->walk([&](Operation *) { ++numOps; });
    llvm::raw_string_ostream bytes(bytecode);
    if (failed(cuda_tile::writeBytecode(*module, bytes))) {
      llvm::errs() << "benchmark module cannot be written\n";
      std::abort();
    }
  }
};

Workload &getWorkload() {
  static Workload workload;
  return workload;
}

void report(benchmark::State &state, const Workload &w) {
  state.SetBytesProcessed(int64_t(state.iterations()) * w.bytecode.size());
  state.SetItemsProcessed(int64_t(state.iterations()) * w.numOps);
  state.counters["ops"] = w.numOps;
  state.counters["text_MB"] = w.text.size() / 1e6;
  state.counters["bytecode_MB"] = w.bytecode.size() / 1e6;
}

void BM_WriteBytecode(benchmark::State &state) {
  Workload &w = getWorkload();
  for (auto _ : state) {
    std::string out;
    out.reserve(w.bytecode.size());
    llvm::raw_string_ostream os(out);
    if (failed(cuda_tile::writeBytecode(*w.module, os)))
      state.SkipWithError("write failed");
    benchmark::DoNotOptimize(out.data());
  }
  report(state, w);
}

void BM_ReadBytecode(benchmark::State &state) {
  Workload &w = getWorkload();
  for (auto _ : state) {
    OwningOpRef<Operation *> module = cuda_tile::readBytecode(
        llvm::MemoryBufferRef(w.bytecode, "bench"), &w.context);
    if (!module)
      state.SkipWithError("read failed");
    benchmark::DoNotOptimize(module.get());
  }
  report(state, w);
}

void BM_PrintText(benchmark::State &state) {
  Workload &w = getWorkload();
  for (auto _ : state) {
    std::string out;
    llvm::raw_string_ostream os(out);
    w.module->print(os);
    benchmark::DoNotOptimize(out.data());
  }
  report(state, w);
}

void BM_ParseText(benchmark::State &state) {
  Workload &w = getWorkload();
  for (auto _ : state) {
    ParserConfig config(&w.context);
    OwningOpRef<Operation *> module = parseSourceString(w.text, config);
    benchmark::DoNotOptimize(module.get());
  }
  report(state, w);
}

BENCHMARK(BM_WriteBytecode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadBytecode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PrintText)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseText)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
