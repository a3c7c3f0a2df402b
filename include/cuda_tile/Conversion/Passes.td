//===- Passes.td - cuda_tile code generation passes --------*- tablegen -*-===//
//
// The stages of the cuda_tile -> PTX code generator, each usable on its own
// from cuda-tile-opt. docs/codegen.md describes the design.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_CONVERSION_PASSES_TD
#define CUDA_TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def CudaTileExpandScaledMatmuls
    : Pass<"cudatile-expand-scaled-matmuls", "::mlir::ModuleOp"> {
  let summary = "Rewrites block-scaled matmuls as bf16 matmuls of scaled "
                "operands, for the tensor cores";
  let description = [{
    Every `mmaf_scaled` becomes an `mmaf` on bf16 operands into its f32
    accumulator: each operand is widened to f32 (`ftof`), multiplied by its
    block's scale (the scale tile widened to f32 and spread over the V values
    of its block by `reshape` and `broadcast`) and narrowed to bf16. The code
    generator has no block-scaling instruction below sm_100, and a matmul of
    bf16 tiles reaches `mma.sync` (its operands are computed, so they are
    staged, not read from rings) where `mmaf_scaled` itself would run one
    fused multiply-add per product.

    Nothing is rounded for operands in bf16's normal range: an f8 value has
    at most 4 significant bits, an f4E2M1FN value 2, an f8E8M0FNU scale 1 and
    an f8E4M3FN scale (of f4 operands) 4, so a scaled value has at most 6 and
    is a bf16 whenever its magnitude lies in [2^-126, 2^128) or it is zero,
    infinite or NaN; products of bf16 values are exact in f32. Outside that
    range (scales near 2^-127 or 2^127) values round or overflow as f32 and
    bf16 do, where the interpreter's f64 products would not.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numExpanded", "expanded", "Number of mmaf_scaled rewritten">,
  ];
}

def CudaTilePipelineOperands
    : Pass<"cudatile-pipeline-operands", "::mlir::ModuleOp"> {
  let summary = "Copies the operand tiles of a for loop's matmul into rings "
                "of shared-memory buffers, stages ahead, with cp.async";
  let description = [{
    In an innermost `for` loop whose loads may move between iterations (the
    loop writes no memory; only its terminator ends an iteration), every
    `mmaf` on f16, bf16 or tf32 tiles whose shape suits `mma.sync` (or on
    fp8 tiles into f32 with both operands' memory running along K: `wgmma`
    on sm_90a, `mma.sync` from sm_89; or `mmai` on i8 tiles, likewise K
    contiguous) gets rings of
    `S` buffers (`cuda_tile_codegen.alloc_ring`, in dynamic shared memory)
    for its operands loaded in the body (`load_view_tko weak`, as
    -pipeline-loads requires, ordered by no token or one from `make_token`,
    through `reshape`s or not, and through one `ftof` from f32 to tf32,
    whose rounding mode the `ring_tile` then carries, or, in a loop whose
    rings cp.async fills, a `ring_round` after the iteration's wait, which
    rounds the buffers once for every warp that reads them
    (`round-rings-in-place`); a rhs whose memory
    runs along K in a `transposed` ring; a lhs whose memory runs along M is
    left alone): S from 2 to 6, the fewest whose S - 1 stages ahead hold
    64 KiB of operands (16 KiB per unit of the largest `latency` hint of
    the loads), within the target's shared memory per CTA less the
    32 KiB the code generator keeps for layout exchanges (the kernel's
    first rings may take two stages from that room when fewer would fit
    otherwise). The loads of the
    first S - 1 iterations are started in front of the loop
    (`cuda_tile_codegen.async_load`, one `async_commit` group per
    iteration); each iteration waits for its own group and for the CTA
    (`async_wait S-2`), multiplies its buffers (`ring_tile`) and starts the
    loads of the iteration S - 1 ahead into the buffers the previous
    iteration read (predicated copies, `async_load ... if`: past the last
    iteration they zero-fill, and an `async_wait 0` after the loop sees
    them land); a loop with several matmuls, one with two buffers (S = 2:
    the refill must start before the matmul to overlap it), or under
    `refill-first`, starts them before its first matmul. An operand loaded in front of the
    loop and used only by the matmul (no memory write in between) is copied
    once, where it was loaded, into a one-buffer ring, as the budget allows.
    A loop with one matmul whose K step is too deep for two stages (such a
    K step loop as `pair-k-steps` describes below, whose loads may reach
    the matmul through reshapes that drop unit dimensions and the ftof to
    tf32, and whose upper bound is known to stay under 2^31 / 4, as
    cuTile's `cdiv(K, tile)` is) runs two, else four times as many steps
    over views as much shallower along K, where those get two stages, each
    at least 64 bytes deep: the matmul's instructions keep their order
    along K, so the results are the same, and the copies overlap it.
    Otherwise, where two stages do not fit but one does, every ring has one
    buffer.
    With several matmuls reading the rings (attention at head dimension 128
    on GPUs with 99 KiB a CTA), each matmul waits for all copies and the CTA
    (`async_wait 0`), then the copies for the previous matmul's operands
    start (the last matmul's of this iteration before the first, the
    others' of the next iteration), so that each operand loads while
    another matmul computes. A single matmul (a GEMM whose K step is too
    deep for two stages) waits, multiplies, waits again and copies the next
    iteration's operands.

    On sm_90 and newer (`tma`, on by default), when the view of an operand
    loaded in the body can be described by a tensor map (`TensorMapPlan`),
    the loop's stages get mbarriers (`alloc_mbarriers`): the copies of the
    body take them (`async_load ... on`), each group's `async_commit`
    arrives on its stage's barrier, and `async_wait` first waits for the
    phase of its stage (the parity is carried by the loop), so that the
    code generator may copy those operands with TMA.

    With `mbarrier-release`, a loop whose every operand a tensor map
    describes releases the buffers it read through per-warp mbarriers
    instead of a CTA barrier: each warp arrives (`ring_release on`) on the
    barrier of the buffer the iteration refills once it has read it (its
    matmuls' instructions complete), and only the refill waits for that
    phase (`ring_acquire`), so that no warp waits for the others.

    With `tma-refill-after`, a loop with barriers and one matmul waits for
    its stage first (`async_wait S-2 ... released`), multiplies, and then
    releases and refills the buffer the previous iteration read (the
    matmul has finished reading it: a `wgmma` left in flight waits for the
    one before it), S - 1 iterations ahead, where the default order keeps a
    wgmma loop's rings one buffer behind; the automatic depth then has no
    buffer for that lag (the same bytes ahead in one buffer less).

    With `pair-k-steps` (the default), a loop from an even constant in steps
    of 1 whose body is two view loads (partition views made outside the
    loop, at the induction variable along K) and one matmul whose K step is
    under 128 bytes holds two steps a stage: it runs over pairs (iv, iv + 1)
    and multiplies tile iv / 2 of views twice as deep along K; an odd
    count's last step multiplies the first half of the next stage's buffers
    after the loop. This applies where the matmul stays in flight (wgmma)
    and, with two buffers and the copies before the matmul, where mma.sync
    reads 16-bit operands from cp.async rings and an SM keeps as many CTAs
    with those buffers as with single steps, registers counted
    (`pair-mma-sync-k-steps` sets those buffers).
  }];
  let options = [
    Option<"gpuName", "gpu-name", "std::string", /*default=*/"\"sm_80\"",
           "Target GPU (its shared memory per CTA bounds the rings)">,
    Option<"tma", "tma", "bool", /*default=*/"true",
           "Let the copies of views a tensor map describes use TMA (sm_90+; "
           "the kernel then takes tensor maps, see docs/codegen.md)">,
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "Buffers per ring (0: automatic, 64 KiB of copies ahead, 96 KiB "
           "where wgmma stays in flight, or 16 KiB per unit of the largest "
           "`latency` hint of the loop's operand loads, at most 6, within the "
           "budget; a count given here may take the scratch's room too)">,
    Option<"roundRingsInPlace", "round-rings-in-place", "bool",
           /*default=*/"true",
           "Round the f32 buffers of rings read as tf32 once, in place after "
           "each iteration's wait (`ring_round`), where cp.async fills "
           "them, rather than each register as the matmul reads it">,
    Option<"refillFirst", "refill-first", "bool", /*default=*/"false",
           "Start the cp.async refills of a loop with one matmul before "
           "it (by default they follow it, so that it starts as soon as the "
           "CTA has met; loops with more matmuls refill first)">,
    Option<"tmaRefillAfter", "tma-refill-after", "bool", /*default=*/"false",
           "Refill the TMA rings of a loop with one matmul after it, into "
           "the buffer the previous iteration read, rather than first, "
           "into the one read before (one buffer more ahead where wgmma "
           "stays in flight)">,
    Option<"mbarrierRelease", "mbarrier-release", "bool", /*default=*/"false",
           "Release the buffers of TMA rings through per-warp mbarriers "
           "that only the refill waits for, rather than a CTA barrier at "
           "each iteration's start">,
    Option<"pairKSteps", "pair-k-steps", "bool", /*default=*/"true",
           "Give each stage of a GEMM loop two iterations where its K step "
           "is under 128 bytes and its wgmma stays in flight (or mma.sync "
           "reads cp.async rings: pair-mma-sync-k-steps); the loop runs "
           "over pairs of steps, reading tiles twice as deep along K, and "
           "an odd count's last step follows it">,
    Option<"pairMmaSyncSteps", "pair-mma-sync-k-steps", "unsigned",
           /*default=*/"0",
           "Buffers per ring of a GEMM loop whose matmul runs mma.sync with "
           "its K steps paired (0: automatic, two where cp.async fills "
           "rings of 16-bit values and an SM keeps its CTAs, else not "
           "paired)">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::codegen::CudaTileCodegenDialect"];
  let statistics = [
    Statistic<"numRings", "rings", "Number of operand rings created">,
    Statistic<"numTmaLoops", "tma-loops",
              "Number of loops whose stages have mbarriers for TMA copies">,
    Statistic<"numPairedLoops", "paired-loops",
              "Number of loops whose stages hold two iterations">,
    Statistic<"numSplitLoops", "split-loops",
              "Number of loops whose iterations were split along K">,
    Statistic<"numRoundedRings", "rounded-ring-loops",
              "Number of loops whose tf32 rings are rounded in place">,
  ];
}

def CudaTileAssignLayouts : Pass<"cudatile-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Runs the layout analysis and records its plan on the IR";
  let description = [{
    Chooses, for every kernel, the number of threads of the CTA that runs one
    tile block and, for every tile value, how its elements are spread over
    those threads. The plan is attached to the ops as attributes of the
    `cuda_tile_codegen` dialect (`cuda_tile_codegen.threads` on each `entry`,
    a `#cuda_tile_codegen.uniform` or `#cuda_tile_codegen.distributed<...>`
    `cuda_tile_codegen.layout` on every op producing tiles), which
    `-convert-cudatile-to-nvvm` follows. Entries that already carry
    `cuda_tile_codegen.threads` keep their plan.
  }];
  let options = [
    Option<"gpuName", "gpu-name", "std::string", /*default=*/"\"sm_80\"",
           "Target GPU (sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_120)">,
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "Warps per tile block (0: chosen from the tile sizes)">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::codegen::CudaTileCodegenDialect"];
}

def ConvertCudaTileToNVVM : Pass<"convert-cudatile-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lowers cuda_tile kernels to LLVM functions over arith, cf, scf, vector, math, nvvm and llvm ops";
  let description = [{
    Replaces every `cuda_tile.module` (and top-level `cuda_tile.entry`) by
    `llvm.func` kernels marked `nvvm.kernel` with a fixed CTA size
    (`nvvm.reqntid`), module globals and the shared-memory buffers the
    kernels use. Tile values become per-thread values following the plan
    the entry carries (`-cudatile-assign-layouts`), checked for consistency,
    or the layout analysis' when it carries none; layout changes go through
    shared memory. Ops or type combinations the target cannot execute are
    reported as errors at the op.
  }];
  let options = [
    Option<"gpuName", "gpu-name", "std::string", /*default=*/"\"sm_80\"",
           "Target GPU (sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_120)">,
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "Warps per tile block (0: chosen from the tile sizes)">,
    Option<"reductionOrder", "reduction-order", "std::string",
           /*default=*/"\"tree\"",
           "How reduce combines: 'tree' (register folds, warp shuffles, one "
           "shared-memory exchange) or 'sequential' (one thread per row, in "
           "index order: the interpreter's float results bit for bit)">,
    Option<"remarks", "remarks", "std::string", /*default=*/"\"\"",
           "Report optimizations at the op as remarks: 'passed' (applied), "
           "'missed' (not applied, and why) or 'all'">,
    Option<"storeRuns", "store-runs", "bool", /*default=*/"true",
           "Store matmul results (tiles in the accumulator layout) to "
           "global memory in 16-byte runs, regrouped through shared memory "
           "where it costs no occupancy">,
    Option<"tmaStore", "tma-store", "bool", /*default=*/"false",
           "Store a kernel's last matmul result with TMA where a tensor "
           "map describes its view (sm_90 and newer): the tile is written "
           "to the idle rings' memory in the map's box layout and one "
           "thread copies it out">,
  ];
  let dependentDialects = [
    "::mlir::cuda_tile::codegen::CudaTileCodegenDialect",
    "::mlir::arith::ArithDialect", "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::math::MathDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect"
  ];
}

def CudaTileLowerToLLVM : Pass<"cudatile-lower-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lowers the arith, cf, scf, vector and math ops of converted kernels to the LLVM dialect";
  let description = [{
    The second stage: after it the module holds only llvm and nvvm ops and
    can be translated to LLVM IR.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect"];
}

#endif // CUDA_TILE_CONVERSION_PASSES_TD
