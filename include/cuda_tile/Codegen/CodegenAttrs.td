//===- CodegenAttrs.td - the cuda_tile_codegen dialect -----*- tablegen -*-===//
//
// Attributes the PTX code generator puts on cuda_tile ops: the CTA size of a
// kernel and the layout of every tile value. -cudatile-assign-layouts chooses
// them, -convert-cudatile-to-nvvm reads them (docs/codegen.md, "Layouts").
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_CODEGEN_CODEGENATTRS_TD
#define CUDA_TILE_CODEGEN_CODEGENATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/DialectBase.td"
include "mlir/IR/OpBase.td"

def CudaTileCodegen_Dialect : Dialect {
  let name = "cuda_tile_codegen";
  let cppNamespace = "::mlir::cuda_tile::codegen";
  let summary = "Decisions of the cuda_tile PTX code generator, carried on the IR";
  let description = [{
    The code generator's layout decisions as data: `-cudatile-assign-layouts`
    attaches them to the ops of each `cuda_tile.entry`, so `cuda-tile-opt`
    prints them, and `-convert-cudatile-to-nvvm` lowers each kernel as they
    say. Two discardable attributes carry them:

    * `cuda_tile_codegen.threads` (an integer) on an `entry`: the threads of
      the CTA that runs one tile block, 32 times a power of two up to 1024;
    * `cuda_tile_codegen.layout` on every op producing tiles: the layout of
      its result, or for an op with several results an array holding one
      layout per result (`unit` for results that are not tiles).
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let discardableAttrs = (ins
    "::mlir::IntegerAttr":$threads,
    "::mlir::Attribute":$layout
  );
}

class CudaTileCodegen_Attr<string name, string attrMnemonic,
                           list<Trait> traits = []>
    : AttrDef<CudaTileCodegen_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def CudaTileCodegen_UniformLayoutAttr
    : CudaTileCodegen_Attr<"UniformLayout", "uniform"> {
  let summary = "Every thread holds the tile's one element";
  let description = [{
    The layout of tiles of one element (rank 0 included): every thread of the
    CTA holds the value and computes it identically; thread 0 owns it and
    performs its side effects.

    ```mlir
    %c = constant <f32: 1.0> : tile<f32> {cuda_tile_codegen.layout = #cuda_tile_codegen.uniform}
    ```
  }];
}

def CudaTileCodegen_DistributedLayoutAttr
    : CudaTileCodegen_Attr<"DistributedLayout", "distributed"> {
  let summary = "Runs of consecutive elements dealt round-robin to the threads";
  let description = [{
    The layout of a tile of `N > 1` elements over `T = threads` threads, in
    runs of `V = runs` consecutive elements: each thread holds
    `K = max(1, N / T)` slots, and slot `k = c * V + j` of thread `t` holds
    the element of row-major index `((c * T + t) * V + j) mod N`. When
    `N < T` the threads `t >= N` hold replicas. `N` is the tile's; `threads`
    is the entry's `cuda_tile_codegen.threads`; `runs` is a power of two
    dividing `K` (1, the default, unless `N > T`). Tiles of one element count
    share one layout within a kernel. As a linear map it is
    `LinearLayout::cyclic(shape, threads / 32, runs)`.

    ```mlir
    %m = constant <f32: 3.0> : tile<16x32xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.distributed<threads = 128, runs = 4>}
    ```
  }];
  let parameters = (ins
    AttrParameter<"int64_t", "threads of the CTA">:$threads,
    DefaultValuedParameter<"int64_t", "1",
                           "consecutive elements per run">:$runs
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def CudaTileCodegen_MmaLayoutAttr
    : CudaTileCodegen_Attr<"MmaLayout", "mma"> {
  let summary = "The accumulator fragments of mma.sync";
  let description = [{
    The layout of an `mmaf`/`mmai` accumulator that the code generator keeps
    in the registers of the `mma.sync` instruction, so that a loop carrying
    it never moves it: the `batch x rows x cols` tile is cut into output
    tiles of the instruction (`instr_rows x instr_cols`: 16x8, or 8x8 for
    f64) and shared by the warps as a batch x rows x cols grid of blocks
    of tiles (MmaWarpGrid::choose: the blocks that make the operand rows
    and columns a warp reads the fewest, e.g. 32x32 per warp for 128x128
    over 16 warps), warp `w` taking block `w` of the grid (row-major) and
    numbering its tiles row-major (column tiles fastest). Lane `l` (`g = l / 4`, `t = l % 4`) holds element `i` of its fragment at
    row `g + 8 * (i / 2)`, column `2 * t + i % 2` of the output tile (16x8),
    or row `g`, column `2 * t + i` (8x8); slot `j * E + i` of a thread holds
    element `i` of its block's `j`-th tile (`E = instr_rows * instr_cols /
    32`).
    Tiles of one element count share one layout within a kernel; the warps
    must divide the number of output tiles. With `whole_rows = true` the
    warps split only the batch and the rows, where there are rows enough
    (every warp holds whole rows: a following matmul reads them as its A
    fragments, row reductions stay within warps); the code generator chooses
    it for kernels where one matmul's lhs is another's result (attention).

    ```mlir
    %acc = mmaf %a, %b, %c : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.mma<threads = 512, rows = 128, cols = 128, instr_rows = 16, instr_cols = 8>}
    ```
  }];
  let parameters = (ins
    AttrParameter<"int64_t", "threads of the CTA">:$threads,
    DefaultValuedParameter<"int64_t", "1", "batch">:$batch,
    AttrParameter<"int64_t", "rows of the accumulator">:$rows,
    AttrParameter<"int64_t", "columns of the accumulator">:$cols,
    AttrParameter<"int64_t", "rows of the instruction's output">:$instr_rows,
    AttrParameter<"int64_t", "columns of the instruction's output">:$instr_cols,
    DefaultValuedParameter<"bool", "false", "warps hold whole rows">:$whole_rows
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def CudaTileCodegen_SliceLayoutAttr
    : CudaTileCodegen_Attr<"SliceLayout", "slice"> {
  let summary = "The rows (or columns) of an mma accumulator layout";
  let description = [{
    The layout of a tile of the `[batch x] rows` (`dim = 1`: the columns are
    dropped) or `[batch x] cols` (`dim = 0`) of the `parent` accumulator
    layout: every thread holds the rows (columns) its fragments of the parent
    touch, one slot per distinct row in the order of the parent's slots, so
    the lanes of a quad (and warps that split the dropped dimension) hold
    replicas; the owner of an element is the thread whose replica bits are
    zero. A reduction of the accumulator along the dropped dimension leaves
    its result there without an exchange through shared memory, and a
    broadcast back to the parent's shape reads the thread's own slots: the
    row statistics of attention's online softmax. As a linear map it is
    `LinearLayout::sliced` of the parent's map. The parent prints without
    its prefix (`parent = <...>`); `#cuda_tile_codegen.mma<...>` parses too.

    ```mlir
    %m = reduce %s dim=1 ... : tile<128x128xf32> -> tile<128xf32> {cuda_tile_codegen.layout = #cuda_tile_codegen.slice<dim = 1, parent = <threads = 256, rows = 128, cols = 128, instr_rows = 16, instr_cols = 8, whole_rows = true>>}
    ```
  }];
  let parameters = (ins
    AttrParameter<"int64_t", "the accumulator dimension dropped: 0 rows, 1 columns">:$dim,
    AttrParameter<"MmaLayoutAttr", "the accumulator layout">:$parent
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The elements of the tiles it lays out.
    int64_t getNumElements() const;
  }];
}

#endif // CUDA_TILE_CODEGEN_CODEGENATTRS_TD
