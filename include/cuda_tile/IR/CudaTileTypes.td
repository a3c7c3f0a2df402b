//===- CudaTileTypes.td - cuda_tile types ------------------*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILETYPES_TD
#define CUDA_TILE_IR_CUDATILETYPES_TD

include "cuda_tile/IR/CudaTileAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// Element types. Builtin scalar types, constrained to the cuda_tile set.
//===----------------------------------------------------------------------===//

def CudaTile_I1 : TypeAlias<I1, "i1">;
def CudaTile_I4 : TypeAlias<I<4>, "i4">;
def CudaTile_I8 : TypeAlias<I8, "i8">;
def CudaTile_I16 : TypeAlias<I16, "i16">;
def CudaTile_I32 : TypeAlias<I32, "i32">;
def CudaTile_I64 : TypeAlias<I64, "i64">;
def CudaTile_F16 : TypeAlias<F16, "f16">;
def CudaTile_BF16 : TypeAlias<BF16, "bf16">;
def CudaTile_F32 : TypeAlias<F32, "f32">;
def CudaTile_TF32 : TypeAlias<TF32, "tf32">;
def CudaTile_F64 : TypeAlias<F64, "f64">;
def CudaTile_F8E4M3FN : TypeAlias<F8E4M3FN, "f8E4M3FN">;
def CudaTile_F8E5M2 : TypeAlias<F8E5M2, "f8E5M2">;
def CudaTile_F8E8M0FNU : TypeAlias<F8E8M0FNU, "f8E8M0FNU">;
def CudaTile_F4E2M1FN : TypeAlias<F4E2M1FN, "f4E2M1FN">;

// 13.4's unsigned 8-bit float (no sign bit, 5 exponent bits with bias 15, 3
// mantissa bits, subnormals, no infinity, 0xFF its only NaN). MLIR's APFloat
// has no semantics for it, so it is a dialect type and no FloatType: tiles,
// pointers and views hold it, and ftof converts to and from it.
def CudaTile_F8E5M3FNU
    : CudaTile_Type<"Float8E5M3FNU", "f8E5M3FNU", 130, [], "13.4"> {
  let summary = "f8E5M3FNU";
  let description = [{
    An unsigned 8-bit floating-point format: 5 exponent bits (bias 15) and 3
    mantissa bits, subnormals down to 2^-17, largest finite value 114688
    (0xFE), no infinity and 0xFF as the only NaN. Since bytecode 13.4.
  }];
}

// Element type sets, in the order the reference lists them in diagnostics.
defvar CudaTile_IntTypes = [CudaTile_I1, CudaTile_I8, CudaTile_I16, CudaTile_I32, CudaTile_I64];
defvar CudaTile_BaseFloatTypes = [CudaTile_F16, CudaTile_BF16, CudaTile_F32, CudaTile_F64];
defvar CudaTile_FloatTypes = [CudaTile_F16, CudaTile_BF16, CudaTile_F32, CudaTile_F64,
                              CudaTile_TF32, CudaTile_F8E4M3FN, CudaTile_F8E5M2,
                              CudaTile_F8E8M0FNU, CudaTile_F4E2M1FN];

// What a pointer may point at: every numeric type except i4, and 13.4's
// f8E5M3FNU. The summary is the reference's diagnostic text (tf32 before
// f64), which predates f8E5M3FNU.
def CudaTile_PointeeType : AnyTypeOf<[
    CudaTile_F16, CudaTile_BF16, CudaTile_F32, CudaTile_TF32, CudaTile_F64,
    CudaTile_F8E4M3FN, CudaTile_F8E5M2, CudaTile_F8E8M0FNU, CudaTile_F4E2M1FN,
    CudaTile_I1, CudaTile_I8, CudaTile_I16, CudaTile_I32, CudaTile_I64,
    CudaTile_F8E5M3FNU],
    "f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or "
    "f4E2M1FN or i1 or i8 or i16 or i32 or i64">;

//===----------------------------------------------------------------------===//
// Dialect types.
//===----------------------------------------------------------------------===//

def CudaTile_PointerType : CudaTile_Type<"Pointer", "ptr", 12> {
  // The summary appears in ODS diagnostics ("tile of Pointer type values").
  let summary = "Pointer type";
  let description = "A typed pointer into global memory.";
  let parameters = (ins CudaTile_PointeeType:$pointeeType);
  let assemblyFormat = "`<` custom<CudaTileType>($pointeeType) `>`";
  let builders = [TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
    return $_get(pointeeType.getContext(), pointeeType);
  }]>];
}

// What a tile may hold: every numeric type (i4 included) or a pointer. The
// summary is the reference's diagnostic text ("failed to verify
// 'elementType': ..."), which names i4 last.
def CudaTile_TileElementType : AnyTypeOf<[CudaTile_PointeeType, CudaTile_I4, CudaTile_PointerType],
    "f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or "
    "f4E2M1FN or i1 or i8 or i16 or i32 or i64 or Pointer type or i4">;

def CudaTile_TileType : CudaTile_Type<"Tile", "tile", 13, [ShapedTypeInterface]> {
  let summary = "a statically shaped tile of numbers or pointers";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, CudaTile_TileElementType:$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), shape, elementType);
    }]>,
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType), [{
      return $_get($_ctxt, shape, elementType);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Largest number of elements a tile may hold.
    static constexpr int64_t kMaxElements = int64_t(1) << 24;
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const;
    /// A rank-0 tile of `elementType`.
    static TileType getScalar(::mlir::Type elementType) {
      return get(::llvm::ArrayRef<int64_t>{}, elementType);
    }
  }];
}

def CudaTile_TensorViewType : CudaTile_Type<"TensorView", "tensor_view", 14> {
  let summary = "a strided tensor in global memory";
  let parameters = (ins CudaTile_PointeeType:$elementType,
                        ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDynamic = ::mlir::ShapedType::kDynamic;
    int64_t getRank() const { return getShape().size(); }
    size_t getNumDynamicShape() const;
    size_t getNumDynamicStrides() const;
  }];
}

def CudaTile_PartitionViewType : CudaTile_Type<"PartitionView", "partition_view", 15> {
  let summary = "a tensor_view tiled by a grid of equal tiles";
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tileShape,
                        "TensorViewType":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_StridedViewType : CudaTile_Type<"StridedView", "strided_view", 21, [], "13.3"> {
  let summary = "a tensor_view tiled by tiles placed at traversal strides";
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tileShape,
                        ArrayRefParameter<"int64_t">:$traversalStrides,
                        "TensorViewType":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_GatherScatterViewType
    : CudaTile_Type<"GatherScatterView", "gather_scatter_view", 20, [], "13.3"> {
  let summary = "a tensor_view indexed by a tile of indices along one dimension";
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tileShape,
                        "TensorViewType":$tensorView,
                        "int32_t":$sparseDim,
                        OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_TokenType : CudaTile_Type<"Token", "token", 17> {
  let summary = "an ordering edge between memory operations";
}

//===----------------------------------------------------------------------===//
// Type constraints used by ops.
//===----------------------------------------------------------------------===//

def CudaTile_IsTilePred : CPred<"::llvm::isa<::mlir::cuda_tile::TileType>($_self)">;

class CudaTile_TileOf<list<Type> allowed, list<Pred> preds = [], string summary = "tile">
    : ShapedContainerType<allowed, And<!listconcat([CudaTile_IsTilePred], preds)>,
                          summary, "::mlir::cuda_tile::TileType">;

class CudaTile_ScalarTileOf<list<Type> allowed>
    : CudaTile_TileOf<allowed, [HasAnyRankOfPred<[0]>], "0D tile">;

// (The summaries of these constraints are the reference's diagnostic text:
// "operand #0 must be Tile type, but got ...".)
def CudaTile_AnyTile : Type<CudaTile_IsTilePred, "Tile type", "::mlir::cuda_tile::TileType">;
def CudaTile_IntTile : CudaTile_TileOf<CudaTile_IntTypes>;
def CudaTile_BoolTile : CudaTile_TileOf<[CudaTile_I1]>;
def CudaTile_ScalarIntTile : CudaTile_ScalarTileOf<CudaTile_IntTypes>;
// Buildable: where an op's format spells one such type, the others are this.
def CudaTile_ScalarI32Tile : CudaTile_ScalarTileOf<[CudaTile_I32]> {
  let builderCall = "::mlir::cuda_tile::TileType::getScalar($_builder.getI32Type())";
}
def CudaTile_BaseFloatTile : CudaTile_TileOf<CudaTile_BaseFloatTypes>;
def CudaTile_FloatTile : CudaTile_TileOf<CudaTile_FloatTypes>;
// What ftof converts: the float types and f8E5M3FNU, which no arithmetic
// takes. The summary is the reference's diagnostic text.
def CudaTile_FToFTile
    : CudaTile_TileOf<!listconcat(CudaTile_FloatTypes, [CudaTile_F8E5M3FNU])> {
  let summary = "tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or "
                "f8E5M2 or f8E8M0FNU or f4E2M1FN values";
}
def CudaTile_PointerTile : CudaTile_TileOf<[CudaTile_PointerType]>;
def CudaTile_Token : Type<CPred<"::llvm::isa<::mlir::cuda_tile::TokenType>($_self)">,
                          "token", "::mlir::cuda_tile::TokenType">;
def CudaTile_TensorView : Type<CPred<"::llvm::isa<::mlir::cuda_tile::TensorViewType>($_self)">,
                               "tensor view type", "::mlir::cuda_tile::TensorViewType">;

#endif // CUDA_TILE_IR_CUDATILETYPES_TD
