//===- CodegenOps.td - cuda_tile_codegen types and ops -----*- tablegen -*-===//
//
// Ops the code generator's own passes put into a kernel before it is lowered:
// rings of shared-memory buffers that matmul operands are copied into
// asynchronously (cp.async, or TMA completing on mbarriers) while earlier
// ones are multiplied (-cudatile-pipeline-operands, docs/codegen.md "MMA").
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_CODEGEN_CODEGENOPS_TD
#define CUDA_TILE_CODEGEN_CODEGENOPS_TD

include "cuda_tile/Codegen/CodegenAttrs.td"
include "cuda_tile/IR/CudaTileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def CudaTileCodegen_RingType
    : TypeDef<CudaTileCodegen_Dialect, "Ring"> {
  let mnemonic = "ring";
  let summary = "Shared-memory buffers holding a tile each, used in turn";
  let description = [{
    `stages` buffers in shared memory, each holding one tile of type `tile`
    as a matmul operand is read from it: row-major, rows of the innermost
    dimension, their 16-byte chunks XOR-swizzled by row
    (`OperandSwizzle`, include/cuda_tile/Layout/TensorCoreLayout.h). A
    `transposed` ring holds each matrix of the tile (its last two
    dimensions) transposed: rows of the second-to-last dimension, for a
    `rhs` whose memory is contiguous along K (read with `ldmatrix` without
    `.trans`).

    ```mlir
    %ring = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>
    %keys = cuda_tile_codegen.alloc_ring : !cuda_tile_codegen.ring<3, !cuda_tile.tile<64x128xf16>, transposed>
    ```
  }];
  let parameters = (ins "int64_t":$stages, "::mlir::Type":$tile,
                        "bool":$transposed);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilder<(ins "int64_t":$stages, "::mlir::Type":$tile,
                     CArg<"bool", "false">:$transposed), [{
      return $_get($_ctxt, stages, tile, transposed);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    /// Bytes of one buffer.
    int64_t getSlotBytes() const;
    /// Elements of one buffer row: the tile's innermost dimension, or its
    /// second-to-last when transposed.
    int64_t getRowElems() const;
  }];
}

def CudaTileCodegen_MBarriersType
    : TypeDef<CudaTileCodegen_Dialect, "MBarriers"> {
  let mnemonic = "mbarriers";
  let summary = "Shared-memory barriers, one per stage of a loop's rings";
  let description = [{
    `stages` mbarriers in shared memory, one per buffer of the rings of a
    loop: barrier `s` completes a phase when buffer `s` of every ring has
    been filled by the TMA copies started into it (sm_90 and newer).

    ```mlir
    %bars = cuda_tile_codegen.alloc_mbarriers : !cuda_tile_codegen.mbarriers<4>
    ```
  }];
  let parameters = (ins "int64_t":$stages);
  let assemblyFormat = "`<` $stages `>`";
  let genVerifyDecl = 1;
}

class CudaTileCodegen_Op<string mnemonic, list<Trait> traits = []>
    : Op<CudaTileCodegen_Dialect, mnemonic, traits>;

def CudaTileCodegen_AllocRingOp : CudaTileCodegen_Op<"alloc_ring",
    [MemoryEffects<[MemAlloc]>]> {
  let summary = "Shared memory for a ring of operand buffers";
  let results = (outs CudaTileCodegen_RingType:$ring);
  let assemblyFormat = "attr-dict `:` type($ring)";
}

def CudaTileCodegen_AllocMBarriersOp
    : CudaTileCodegen_Op<"alloc_mbarriers",
                         [MemoryEffects<[MemAlloc, MemWrite]>]> {
  let summary = "Shared-memory mbarriers for the stages of a loop's rings";
  let description = [{
    Initializes the barriers, each expecting one arrival per phase (with
    `per_warp`, one per warp of the CTA: a `ring_release` on them), and
    waits for the CTA (every thread may then wait on them).

    ```mlir
    %freed = cuda_tile_codegen.alloc_mbarriers per_warp : !cuda_tile_codegen.mbarriers<4>
    ```
  }];
  let arguments = (ins UnitAttr:$perWarp);
  let results = (outs CudaTileCodegen_MBarriersType:$barriers);
  let assemblyFormat = "(`per_warp` $perWarp^)? attr-dict `:` type($barriers)";
}

def CudaTileCodegen_AsyncLoadOp : CudaTileCodegen_Op<"async_load",
    [AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Starts copying the tile of a view into a ring buffer";
  let description = [{
    Starts copying the tile at `index` of `view` (as `load_view_tko weak`
    would load it into a `viewTile`, out-of-bounds elements zero) into
    buffer `slot` of `ring`, element by row-major index (the ring's tile may
    be a reshape of `viewTile`). The copy belongs to the group the next `async_commit` closes;
    the buffer may be read once an `async_wait` has seen that group
    complete. Where the view's accesses cannot be 16-byte copies, the copy
    is done synchronously.

    With `barriers` (sm_90 and newer), where the view can be described by a
    tensor map (`TensorMapPlan`), one thread copies the tile with TMA
    (`cp.async.bulk.tensor`), its bytes expected on barrier `slot`, which
    the `async_commit` of the group then arrives on; otherwise the copy is
    as without.

    With `if` (a scalar `tile<i1>`), the copy happens only where the
    predicate holds: otherwise no byte of the view is read, cp.async copies
    fill the buffer with zeros (they still belong to the group, so an
    `async_wait` must see them complete before the buffer is reused) and no
    TMA copy is started. A pipelined loop's refills are predicated rather
    than branched around, so that the iteration stays one block.

    ```mlir
    cuda_tile_codegen.async_load %pv[%i, %k], %ring[%slot] as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    cuda_tile_codegen.async_load %pv[%i, %k], %ring[%slot] on %bars as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>), !cuda_tile_codegen.mbarriers<2>
    cuda_tile_codegen.async_load %pv[%i, %k], %ring[%slot] if %runs : !cuda_tile.tile<i1> as !cuda_tile.tile<128x32xf16> : !cuda_tile.partition_view<tile=(128x32), tensor_view<?x?xf16, strides=[?,1]>>, !cuda_tile_codegen.ring<2, !cuda_tile.tile<128x32xf16>>, !cuda_tile.tile<i32>, (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    ```
  }];
  let arguments = (ins AnyType:$view, Variadic<AnyType>:$index,
                       CudaTileCodegen_RingType:$ring, AnyType:$slot,
                       Optional<CudaTileCodegen_MBarriersType>:$barriers,
                       Optional<AnyType>:$predicate,
                       TypeAttr:$viewTile);
  let assemblyFormat = [{
    $view `[` $index `]` `,` $ring `[` $slot `]` (`on` $barriers^)?
    (`if` $predicate^ `:` type($predicate))? `as`
    $viewTile attr-dict `:` type($view) `,` type($ring) `,` type($slot) `,`
    `(` type($index) `)` (`,` type($barriers)^)?
  }];
  let hasVerifier = 1;
}

def CudaTileCodegen_AsyncCommitOp : CudaTileCodegen_Op<"async_commit",
    [AttrSizedOperandSegments, MemoryEffects<[MemWrite]>]> {
  let summary = "Closes the group of the copies started since the last one";
  let description = [{
    With `barriers`, also arrives (once, for the CTA) on barrier `slot`,
    after the TMA copies of the group expected their bytes there: its phase
    completes when they have landed.
  }];
  let arguments = (ins Optional<CudaTileCodegen_MBarriersType>:$barriers,
                       Optional<AnyType>:$slot);
  let assemblyFormat = [{
    (`on` $barriers^ `[` $slot `]` `:` type($barriers) `,` type($slot))?
    attr-dict
  }];
  let hasVerifier = 1;
}

def CudaTileCodegen_AsyncWaitOp : CudaTileCodegen_Op<"async_wait",
    [AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Waits for all but the newest groups of copies, then for "
                "the CTA";
  let description = [{
    Waits until at most `pending` of the groups this thread committed are
    still copying, then until every thread of the CTA has done so: the
    buffers of the other groups are then complete for all threads, and every
    thread has finished reading what it read before.

    With `barriers`, each thread first waits until barrier `slot` has
    completed the phase of parity `parity` (0 for its first phase, then
    alternating): the TMA copies of that group have landed.

    `released` (with `barriers`): a `ring_release` earlier in the iteration
    ordered the reads of the old buffers, so the wait for the CTA remains
    only where the code generator copies some buffer with cp.async (whose
    bytes other threads wrote); each thread's wait on the barrier makes the
    TMA copies' bytes visible to it.
  }];
  let arguments = (ins I64Attr:$pending,
                       Optional<CudaTileCodegen_MBarriersType>:$barriers,
                       Optional<AnyType>:$slot, Optional<AnyType>:$parity,
                       UnitAttr:$released);
  let assemblyFormat = [{
    $pending (`on` $barriers^ `[` $slot `]` `parity` $parity `:`
    type($barriers) `,` type($slot) `,` type($parity))? attr-dict
  }];
  let hasVerifier = 1;
}

def CudaTileCodegen_RingReleaseOp : CudaTileCodegen_Op<"ring_release",
    [AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Releases what the threads read from the rings before";
  let description = [{
    Without operands, a CTA barrier that lets a loop refill ring buffers
    read by earlier iterations before it waits for the copies of the
    current one (TMA rings, whose `async_wait` is then `released`): the
    refill is not held back by a late copy.

    With `per_warp` barriers (sm_90 and newer), no thread waits: each warp
    arrives on barrier `slot` once all its threads have finished reading
    what they read from the rings before, and the copies that refill buffer
    `slot` wait for the phase in a `ring_acquire`. With `if`, only where the
    predicate holds (an iteration that follows no read of the buffer).

    ```mlir
    cuda_tile_codegen.ring_release
    cuda_tile_codegen.ring_release on %freed[%slot] : !cuda_tile_codegen.mbarriers<4>, !cuda_tile.tile<i32> if %read : !cuda_tile.tile<i1>
    ```
  }];
  let arguments = (ins Optional<CudaTileCodegen_MBarriersType>:$barriers,
                       Optional<AnyType>:$slot,
                       Optional<AnyType>:$predicate);
  let assemblyFormat = [{
    (`on` $barriers^ `[` $slot `]` `:` type($barriers) `,` type($slot))?
    (`if` $predicate^ `:` type($predicate))? attr-dict
  }];
  // The CTA barrier.
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, Value(), Value(), Value());
  }]>];
  let hasVerifier = 1;
}

def CudaTileCodegen_RingAcquireOp : CudaTileCodegen_Op<"ring_acquire",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Holds the refill of a ring buffer until the warps have "
                "released it";
  let description = [{
    The copies into buffer `slot` of the rings that follow start once
    `per_warp` barrier `slot` has completed the phase of parity `parity`:
    every warp has released (`ring_release`) what it read of the buffer's
    previous contents. Parity 1 before the barrier's first phase completes
    names the phase before it, which counts as complete: a buffer's first
    fill waits for nothing. Only the threads that start the copies wait
    (one thread where TMA makes all of them).

    ```mlir
    cuda_tile_codegen.ring_acquire %freed[%slot] parity %p : !cuda_tile_codegen.mbarriers<4>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>
    ```
  }];
  let arguments = (ins CudaTileCodegen_MBarriersType:$barriers, AnyType:$slot,
                       AnyType:$parity);
  let assemblyFormat = [{
    $barriers `[` $slot `]` `parity` $parity attr-dict `:` type($barriers) `,`
    type($slot) `,` type($parity)
  }];
  let hasVerifier = 1;
}

def CudaTileCodegen_RingRoundOp : CudaTileCodegen_Op<"ring_round",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Rounds the f32 values of ring buffers to tf32 in place, "
                "then waits for the CTA";
  let description = [{
    Replaces each f32 value of buffer `slot` of every ring in `rings` by its
    tf32 value as `ftof` gives it in the ring's mode of `modes` (still
    stored as an f32), each thread a share of the buffers, then waits until
    every thread of the CTA has done so. A `ring_tile` without rounding
    then reads the buffers as tf32 exactly: each value is rounded once,
    where rounding as read would round it again for every warp that reads
    it. The buffers must be complete for every thread (after the
    `async_wait` of their group).

    ```mlir
    cuda_tile_codegen.ring_round %a, %b[%slot] rounding [#cuda_tile.rounding<nearest_even>, #cuda_tile.rounding<nearest_even>] : !cuda_tile.tile<i32>, !cuda_tile_codegen.ring<3, !cuda_tile.tile<128x32xf32>>, !cuda_tile_codegen.ring<3, !cuda_tile.tile<32x128xf32>>
    ```
  }];
  let arguments = (ins Variadic<CudaTileCodegen_RingType>:$rings,
                       AnyType:$slot,
                       TypedArrayAttrBase<CudaTile_RoundingModeAttr,
                                          "rounding modes">:$modes);
  let assemblyFormat = [{
    $rings `[` $slot `]` `rounding` $modes attr-dict `:` type($slot)
    (`,` type($rings)^)?
  }];
  let hasVerifier = 1;
}

def CudaTileCodegen_RingTileOp : CudaTileCodegen_Op<"ring_tile",
    [MemoryEffects<[MemRead]>]> {
  let summary = "The tile in a ring buffer, as a matmul operand";
  let description = [{
    The tile buffer `slot` of `ring` holds; it is read where it is used,
    which must be as the `lhs` or `rhs` of an `mmaf` or `mmai` before the
    buffer is refilled. The result may be the buffer's first part along the
    matmul's K (a lhs's last dimension, a rhs's second-to-last): the last
    step of an odd count after a loop whose stages hold two.

    With `rounding`, the ring holds f32 values and the result is their tf32
    conversion in that mode, as `ftof` would give it (an f32 GEMM that
    cuTile Python writes as f32 loads, `ftof` to tf32 and `mmaf`): the
    tensor cores' reader rounds each value it reads. Without it, a ring of
    f32 read as the tf32 tile of its shape gives the values' high 19 bits
    (what the tensor cores read): exact after a `ring_round`.
  }];
  let arguments = (ins CudaTileCodegen_RingType:$ring, AnyType:$slot,
                       OptionalAttr<CudaTile_RoundingModeAttr>:$rounding);
  let results = (outs AnyType:$tile);
  let assemblyFormat = [{
    $ring `[` $slot `]` (`rounding` $rounding^)? attr-dict `:` type($ring)
    `,` type($slot) `->` type($tile)
  }];
  let hasVerifier = 1;
}

def CudaTileCodegen_MmaWaitOp : CudaTileCodegen_Op<"mma_wait",
    [AllTypesMatch<["tile", "result"]>]> {
  let summary = "Waits for the matmuls a loop left in flight";
  let description = [{
    `tile` is a result of a `for` loop whose iterations accumulate into it
    with a matmul (the matmul's result is only continued). Such a matmul
    may leave its last tensor-core instructions in flight when the
    iteration ends (sm_90a: `wgmma.wait_group 1`, the loop's rings kept one
    buffer further behind by `-cudatile-pipeline-operands`); this op waits
    for them and gives the complete tile. Elsewhere it is the tile itself.
  }];
  let arguments = (ins AnyType:$tile);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tile attr-dict `:` type($tile)";
}

#endif // CUDA_TILE_CODEGEN_CODEGENOPS_TD
