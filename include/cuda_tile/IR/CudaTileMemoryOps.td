//===- CudaTileMemoryOps.td - views, loads, stores, atomics, tokens -*- tablegen -*-===//
//
// Operations that touch memory or order memory accesses: tensor views and the
// tiled views built on them, pointer and view loads and stores, atomics,
// allocation, tokens, and the diagnostic ops `print_tko` and `assert`.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_IR_CUDATILEMEMORYOPS_TD
#define CUDA_TILE_IR_CUDATILEMEMORYOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// Constraints local to this family
//===----------------------------------------------------------------------===//

// A token; buildable so that variadic token operands need no written types.
def CudaTile_OrderToken
    : Type<CPred<"::llvm::isa<::mlir::cuda_tile::TokenType>($_self)">,
           "cuda tile token type", "::mlir::cuda_tile::TokenType"> {
  let builderCall = "::mlir::cuda_tile::TokenType::get($_builder.getContext())";
}

// Any view tiles can be loaded from or stored to.
def CudaTile_TileView
    : Type<CPred<"::llvm::isa<::mlir::cuda_tile::PartitionViewType, "
                 "::mlir::cuda_tile::StridedViewType, "
                 "::mlir::cuda_tile::GatherScatterViewType>($_self)">,
           "TileView instance">;

def CudaTile_PartitionViewTy
    : Type<CPred<"::llvm::isa<::mlir::cuda_tile::PartitionViewType>($_self)">,
           "partition view type", "::mlir::cuda_tile::PartitionViewType">;
def CudaTile_StridedViewTy
    : Type<CPred<"::llvm::isa<::mlir::cuda_tile::StridedViewType>($_self)">,
           "strided view type", "::mlir::cuda_tile::StridedViewType">;
def CudaTile_GatherScatterViewTy
    : Type<CPred<"::llvm::isa<::mlir::cuda_tile::GatherScatterViewType>($_self)">,
           "gather/scatter view type", "::mlir::cuda_tile::GatherScatterViewType">;

def CudaTile_ScalarPointerTile : CudaTile_ScalarTileOf<[CudaTile_PointerType]>;

// Tile element types a pointer-based load may produce or a store may write.
// The summary is the reference's diagnostic text, which predates f8E5M3FNU.
def CudaTile_NumberTile
    : CudaTile_TileOf<!listconcat(CudaTile_IntTypes, CudaTile_FloatTypes,
                                  [CudaTile_F8E5M3FNU])> {
  let summary = "tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or "
                "f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN "
                "values";
}

// Non-negative 64-bit integer attribute (alloca sizes and alignments).
def CudaTile_NonNegI64Attr : ConfinedAttr<I64Attr, [IntMinValue<0>]>;

// Type transforms (defined in CudaTileMemoryOps.cpp): the tile of pointers to
// a tile's elements, and the i1 mask tile of a tile's shape.
defvar CudaTile_PointerTileOf =
  "::mlir::cuda_tile::getPointerTileType($_self)";
defvar CudaTile_MaskTileOf =
  "::mlir::cuda_tile::getI1TileLike($_self)";


class CudaTile_MemoryOp<string mnemonic, int opc, list<Trait> traits = [],
                        string version = "13.1">
    : CudaTile_Op<mnemonic, opc, traits, version>;

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

def CudaTile_MakeTensorViewOp : CudaTile_MemoryOp<"make_tensor_view", 0x43, [
    AttrSizedOperandSegments, NoMemoryEffect, OpAsmOpInterface]> {
  let summary = "describes a strided tensor in global memory";
  let description = [{
    Builds a `tensor_view` from a base pointer. Static sizes and strides are
    part of the result type; each `?` in the type takes its value from one of
    the dynamic operands, shape entries first.

    ```mlir
    %tview = make_tensor_view %p, shape = [%m, 64], strides = [64, 1]
        : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    ```
  }];
  let arguments = (ins CudaTile_ScalarPointerTile:$base,
                       Variadic<CudaTile_ScalarIntTile>:$dynamicShape,
                       Variadic<CudaTile_ScalarIntTile>:$dynamicStrides);
  let results = (outs CudaTile_TensorView:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

class CudaTile_MakeTiledViewOp<string mnemonic, int opc, Type resultType,
                               string resultName, string version>
    : CudaTile_MemoryOp<mnemonic, opc, [Pure, OpAsmOpInterface], version> {
  let arguments = (ins CudaTile_TensorView:$tensor_view);
  let results = (outs resultType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      setNameFn(getResult(), "}] # resultName # [{");
    }
  }];
}

def CudaTile_MakePartitionViewOp
    : CudaTile_MakeTiledViewOp<"make_partition_view", 0x42,
                               CudaTile_PartitionViewTy, "pview", "13.1"> {
  let summary = "tiles a tensor_view into a grid of equal tiles";
  let description = [{
    Only the result type is written; the operand's tensor_view type is the
    one embedded in it.

    ```mlir
    %pview = make_partition_view %tview
        : partition_view<tile=(32x64), tensor_view<256x128xf32, strides=[128,1]>>
    ```
  }];
}

def CudaTile_MakeStridedViewOp
    : CudaTile_MakeTiledViewOp<"make_strided_view", 0x74,
                               CudaTile_StridedViewTy, "sview", "13.3"> {
  let summary = "tiles a tensor_view with tiles placed at traversal strides";
  let description = [{
    ```mlir
    %sview = make_strided_view %tview
        : strided_view<tile=(4x4), traversal_strides=[6,5], tensor_view<64x48xf32, strides=[48,1]>>
    ```
  }];
}

def CudaTile_MakeGatherScatterViewOp
    : CudaTile_MakeTiledViewOp<"make_gather_scatter_view", 0x73,
                               CudaTile_GatherScatterViewTy, "gsview", "13.3"> {
  let summary = "a view indexed by a tile of indices along one dimension";
  let description = [{
    ```mlir
    %gsview = make_gather_scatter_view %tview
        : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf16, strides=[64,1]>, sparse_dim=0>
    ```
  }];
}

def CudaTile_GetTensorShapeOp : CudaTile_MemoryOp<"get_tensor_shape", 0x2F, [
    NoMemoryEffect]> {
  let summary = "the sizes of a tensor_view, one scalar per dimension";
  let description = [{
    ```mlir
    %0:2 = get_tensor_shape %tview : tensor_view<?x64xf32, strides=[64,1]> -> tile<i64>
    ```
  }];
  let arguments = (ins CudaTile_TensorView:$src);
  let results = (outs Variadic<CudaTile_ScalarIntTile>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetIndexSpaceShapeOp : CudaTile_MemoryOp<"get_index_space_shape", 0x2D, [
    NoMemoryEffect]> {
  let summary = "the number of tiles of a view along each index dimension";
  let description = [{
    ```mlir
    %0:2 = get_index_space_shape %pview : partition_view<...> -> tile<i32>
    ```
  }];
  let arguments = (ins CudaTile_TileView:$src);
  let results = (outs Variadic<CudaTile_ScalarIntTile>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadViewTkoOp : CudaTile_MemoryOp<"load_view_tko", 0x3E, [
    AttrSizedOperandSegments, MemoryEffects<[MemRead]>, OpAsmOpInterface]> {
  let summary = "loads the tile of a view at an index";
  let description = [{
    `inbounds` (since 13.4) holds one bool per index: `true` promises that
    the tile stays inside the tensor along that dimension (undefined
    behaviour otherwise), `false` keeps the usual padding of out-of-bounds
    elements. Without the clause every element is false.

    ```mlir
    %tile, %result_token = load_view_tko relaxed device %pview[%i, %j] token = %t
        : partition_view<...>, tile<i32> -> tile<32x64xf32>, token
    %tile2, %token2 = load_view_tko weak %pview[%i, %j] inbounds = [true, false]
        : partition_view<...>, tile<i32> -> tile<32x64xf32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CudaTile_SinceBoolPerValue<"index", "13.4">:$inbounds,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_AnyTile:$tile, CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    custom<MemoryAttributes>($memory_ordering_semantics, $memory_scope)
    $view `[` $index `]` `` custom<Inbounds>($inbounds) (`token` `=` $token^)?
    (`optimization_hints` `=` $optimization_hints^)? attr-dict-with-keyword
    `:` custom<CudaTileType>(type($view)) ``
    custom<ViewIndexTypes>(type($index), ref($index))
    `->` custom<CudaTileType>(type($tile)) `,` custom<CudaTileType>(type($result_token))
    `` custom<IndexTypesGiven>(ref($index), ref(type($index)))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      setNameFn(getTile(), "tile");
      setNameFn(getResultToken(), "result_token");
    }
  }];
}

def CudaTile_StoreViewTkoOp : CudaTile_MemoryOp<"store_view_tko", 0x66, [
    AttrSizedOperandSegments, MemoryEffects<[MemWrite]>]> {
  let summary = "stores a tile into a view at an index";
  let description = [{
    `inbounds` (since 13.4) holds one bool per index, as for
    `load_view_tko`: `true` promises that the tile stays inside the tensor
    along that dimension, `false` drops out-of-bounds elements as usual.

    ```mlir
    %0 = store_view_tko weak %tile, %pview[%i, %j] token = %t
        : tile<32x64xf32>, partition_view<...>, tile<i32> -> token
    %1 = store_view_tko weak %tile, %pview[%i, %j] inbounds = [true, true]
        : tile<32x64xf32>, partition_view<...>, tile<i32> -> token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CudaTile_SinceBoolPerValue<"index", "13.4">:$inbounds,
                       CudaTile_AnyTile:$tile,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    custom<MemoryAttributes>($memory_ordering_semantics, $memory_scope)
    $tile `,` $view `[` $index `]` `` custom<Inbounds>($inbounds) (`token` `=` $token^)?
    (`optimization_hints` `=` $optimization_hints^)? attr-dict-with-keyword
    `:` custom<CudaTileType>(type($tile)) `,` custom<CudaTileType>(type($view)) ``
    custom<ViewIndexTypes>(type($index), ref($index))
    `->` custom<CudaTileType>(type($result_token))
    `` custom<IndexTypesGiven>(ref($index), ref(type($index)))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadPtrTkoOp : CudaTile_MemoryOp<"load_ptr_tko", 0x3D, [
    AttrSizedOperandSegments, MemoryEffects<[MemRead]>, OpAsmOpInterface,
    TypesMatchWith<"`source` type is expected a pointer type of `result` type",
                   "result", "source", CudaTile_PointerTileOf>,
    OptionalTypesMatchWith<"shape of 'mask' must match the shape of 'source'",
                           "source", "mask", CudaTile_MaskTileOf>,
    OptionalTypesMatchWith<"type of 'paddingValue' must match the type of 'result'",
                           "result", "paddingValue", "$_self">]> {
  let summary = "loads the elements a tile of pointers points at";
  let description = [{
    Masked-off lanes take the padding value (unspecified without one).
    A padding value without a mask is written `padding=%pad`; a lone
    operand after the pointers is the mask unless its type is the result's.

    ```mlir
    %result, %result_token = load_ptr_tko weak %ptrs, %mask, %pad token=%t
        : tile<32xptr<f32>>, tile<32xi1>, tile<32xf32> -> tile<32xf32>, token
    %r2, %t2 = load_ptr_tko weak %ptrs, padding=%pad
        : tile<32xptr<f32>>, tile<32xf32> -> tile<32xf32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CudaTile_PointerTile:$source,
                       Optional<CudaTile_BoolTile>:$mask,
                       Optional<CudaTile_NumberTile>:$paddingValue,
                       Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_OrderToken:$result_token);
  // The reference's declarative syntax prints a padding value without a mask
  // as `%ptrs, %pad`, which reads back as a mask; ours writes that case as
  // `%ptrs, padding=%pad` and still reads the reference's form by its type.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      setNameFn(getResult(), "result");
      setNameFn(getResultToken(), "result_token");
    }
  }];
}

def CudaTile_StorePtrTkoOp : CudaTile_MemoryOp<"store_ptr_tko", 0x65, [
    AttrSizedOperandSegments, MemoryEffects<[MemWrite]>,
    TypesMatchWith<"`destination` type is expected a pointer type of `value` type",
                   "value", "destination", CudaTile_PointerTileOf>,
    OptionalTypesMatchWith<"shape of 'destination' must match the shape of 'mask'",
                           "destination", "mask", CudaTile_MaskTileOf>]> {
  let summary = "stores a tile through a tile of pointers";
  let description = [{
    ```mlir
    %0 = store_ptr_tko release sys %ptrs, %v, %mask token=%t
        : tile<32xptr<f32>>, tile<32xf32>, tile<32xi1> -> token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CudaTile_PointerTile:$destination,
                       CudaTile_AnyTile:$value,
                       Optional<CudaTile_BoolTile>:$mask,
                       Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)? $destination `,` $value
    (`,` $mask^)? (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)? attr-dict
    `:` custom<CudaTileType>(type($destination)) `,` custom<CudaTileType>(type($value))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AllocaOp : CudaTile_MemoryOp<"alloca", 0x71, [
    MemoryEffects<[MemAlloc<AutomaticAllocationScopeResource>]>], "13.3"> {
  let summary = "allocates memory that lives until the enclosing block ends";
  let description = [{
    Reserves `num_elem` elements of the result's pointee type, aligned to
    `alignment` bytes; `global` places the allocation in global memory.

    ```mlir
    %0 = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    ```
  }];
  let arguments = (ins CudaTile_NonNegI64Attr:$num_elem,
                       CudaTile_NonNegI64Attr:$alignment,
                       UnitAttr:$global);
  let results = (outs CudaTile_ScalarPointerTile:$result);
  let assemblyFormat = [{
    `num_elem` `=` $num_elem `,` `alignment` `=` $alignment (`global` $global^)?
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def CudaTile_AtomicCASTkoOp : CudaTile_MemoryOp<"atomic_cas_tko", 0x07, [
    AttrSizedOperandSegments, OpAsmOpInterface,
    MemoryEffects<[MemRead, MemWrite]>,
    AllShapesMatch<["pointers", "cmp", "val", "result"]>,
    AllTypesMatch<["cmp", "val", "result"]>]> {
  let summary = "atomically replaces elements equal to `cmp` by `val`";
  let description = [{
    Returns the values found in memory.

    ```mlir
    %result, %result_token = atomic_cas_tko acquire sys %p, %c, %v, %m token=%t
        : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       CudaTile_MemoryScope:$memory_scope,
                       CudaTile_PointerTile:$pointers,
                       CudaTile_AnyTile:$cmp,
                       CudaTile_AnyTile:$val,
                       Optional<CudaTile_BoolTile>:$mask,
                       Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $cmp `,` $val
    (`,` $mask^)? (`token` `` `=` `` $token^)? attr-dict
    `:` custom<CudaTileType>(type($pointers)) `,` custom<CudaTileType>(type($val))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      setNameFn(getResult(), "result");
      setNameFn(getResultToken(), "result_token");
    }
  }];
}

def CudaTile_AtomicRMWTkoOp : CudaTile_MemoryOp<"atomic_rmw_tko", 0x08, [
    AttrSizedOperandSegments, OpAsmOpInterface,
    MemoryEffects<[MemRead, MemWrite]>,
    AllShapesMatch<["pointers", "arg", "result"]>,
    AllTypesMatch<["arg", "result"]>]> {
  let summary = "atomically combines memory with `arg`";
  let description = [{
    Returns the values found in memory before the update.

    ```mlir
    %result, %result_token = atomic_rmw_tko relaxed device %p, add, %v
        : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       CudaTile_MemoryScope:$memory_scope,
                       CudaTile_AtomicRMWMode:$mode,
                       CudaTile_PointerTile:$pointers,
                       CudaTile_AnyTile:$arg,
                       Optional<CudaTile_BoolTile>:$mask,
                       Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_AnyTile:$result, CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $mode `,` $arg
    (`,` $mask^)? (`token` `` `=` `` $token^)? attr-dict
    `:` custom<CudaTileType>(type($pointers)) `,` custom<CudaTileType>(type($arg))
    (`,` custom<CudaTileType>(type($mask))^)?
    `->` custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      setNameFn(getResult(), "result");
      setNameFn(getResultToken(), "result_token");
    }
  }];
}

def CudaTile_AtomicRedViewTkoOp : CudaTile_MemoryOp<"atomic_red_view_tko", 0x75, [
    AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>], "13.3"> {
  let summary = "atomically reduces a tile into the tile of a view at an index";
  let description = [{
    ```mlir
    %0 = atomic_red_view_tko relaxed device %pview[%i, %j], add, %vals token = %t
        : tile<16x16xi32>, partition_view<...>, tile<i32> -> token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       CudaTile_MemoryScope:$memory_scope,
                       CudaTile_AtomicRMWMode:$mode,
                       CudaTile_TileView:$view,
                       Variadic<CudaTile_IntTile>:$index,
                       CudaTile_AnyTile:$value,
                       Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    custom<AtomicRedViewAttributes>($memory_ordering_semantics, $memory_scope)
    $view `[` $index `]` `` custom<AtomicRedViewMode>($mode) `,`
    $value (`token` `=` $token^)? attr-dict
    `:` custom<CudaTileType>(type($value)) `,` custom<CudaTileType>(type($view)) ``
    custom<ViewIndexTypes>(type($index), ref($index))
    `->` custom<CudaTileType>(type($result_token))
    `` custom<IndexTypesGiven>(ref($index), ref(type($index)))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

def CudaTile_MakeTokenOp : CudaTile_MemoryOp<"make_token", 0x44, [Pure]> {
  let summary = "a token with no ordering constraint";
  let description = [{
    ```mlir
    %0 = make_token : token
    ```
  }];
  let results = (outs CudaTile_OrderToken:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_JoinTokensOp : CudaTile_MemoryOp<"join_tokens", 0x3C, [Pure]> {
  let summary = "a token ordered after all of its operands";
  let description = [{
    ```mlir
    %2 = join_tokens %0, %1 : token
    ```
  }];
  let arguments = (ins Variadic<CudaTile_OrderToken>:$tokens);
  let results = (outs CudaTile_OrderToken:$result);
  let assemblyFormat = "$tokens attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Programmatic dependent launch and proxy fences (13.4)
//===----------------------------------------------------------------------===//

// The optional token operand is spelled `token = %t` as on the other `_tko`
// ops; the result is always a token.
class CudaTile_GdcOp<string mnemonic, int opc, string summaryText>
    : CudaTile_MemoryOp<mnemonic, opc, [MemoryEffects<[MemRead, MemWrite]>],
                        "13.4"> {
  let summary = summaryText;
  let arguments = (ins Optional<CudaTile_OrderToken>:$token);
  let results = (outs CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    (`token` `=` $token^)? attr-dict `->` custom<CudaTileType>(type($result_token))
  }];
}

def CudaTile_GdcLaunchDependentsTkoOp : CudaTile_GdcOp<"gdc_launch_dependents_tko",
    0x77, "lets the kernels that depend on this grid be scheduled"> {
  let description = [{
    Every tile block executes it or exits; it schedules dependents early and
    orders no memory. A no-op below sm_90 and for launches without
    programmatic stream serialization.

    ```mlir
    %t = gdc_launch_dependents_tko -> token
    ```
  }];
}

def CudaTile_GdcWaitTkoOp : CudaTile_GdcOp<"gdc_wait_tko", 0x78,
    "waits until the grid this kernel depends on has completed"> {
  let description = [{
    Acquire: the stores of the grid waited for are visible to accesses
    ordered after the result token. A no-op below sm_90.

    ```mlir
    %w = gdc_wait_tko token = %t -> token
    ```
  }];
}

def CudaTile_MemoryFenceAliasTkoOp : CudaTile_MemoryOp<"memory_fence_alias_tko",
    0x7A, [MemoryEffects<[MemRead, MemWrite]>], "13.4"> {
  let summary = "orders accesses to one memory through different virtual aliases";
  let description = [{
    Accesses ordered before the token operand are complete, for every alias of
    the memory they touched, before accesses ordered after the result.

    ```mlir
    %f = memory_fence_alias_tko token = %t -> token
    ```
  }];
  let arguments = (ins CudaTile_OrderToken:$token);
  let results = (outs CudaTile_OrderToken:$result_token);
  let assemblyFormat = [{
    `token` `=` $token attr-dict `->` custom<CudaTileType>(type($result_token))
  }];
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

def CudaTile_PrintTkoOp : CudaTile_MemoryOp<"print_tko", 0x55, [
    AttrSizedOperandSegments]> {
  let summary = "prints a printf-style formatted message";
  let description = [{
    Each `%` conversion in the format consumes one tile operand (`%%` prints a
    percent sign).

    ```mlir
    %1 = print_tko "x=%f\n", %x token=%0 : tile<f32> -> token
    ```
  }];
  let arguments = (ins StrAttr:$str,
                       Variadic<CudaTile_AnyTile>:$args,
                       CudaTile_Since<Optional<CudaTile_OrderToken>, "13.2">:$token);
  let results = (outs CudaTile_Since<CudaTile_OrderToken, "13.2">:$result_token);
  let assemblyFormat = [{
    $str (`,` $args^)? (`token` `` `=` `` $token^)? attr-dict
    (`:` custom<CudaTileTypeList>(type($args))^)?
    `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AssertOp : CudaTile_MemoryOp<"assert", 0x05> {
  let summary = "aborts the kernel when an element of the condition is false";
  let description = [{
    ```mlir
    assert %ok, "index out of range" : tile<16xi1>
    ```
  }];
  let arguments = (ins CudaTile_BoolTile:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` custom<CudaTileType>(type($condition))
  }];
}

#endif // CUDA_TILE_IR_CUDATILEMEMORYOPS_TD
