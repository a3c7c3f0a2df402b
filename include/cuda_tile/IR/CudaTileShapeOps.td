//===- CudaTileShapeOps.td - shape, data movement, reductions, MMA -*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILESHAPEOPS_TD
#define CUDA_TILE_IR_CUDATILESHAPEOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// Constraints local to this family
//===----------------------------------------------------------------------===//

// "all of {a, b} have the same element type" (the builtin trait words it
// "have same element type").
class CudaTileShape_SameElementType<list<string> names>
    : PredOpTrait<"all of {" # !interleave(names, ", ") # "} have the same element type",
                  AllMatchSameOperatorPred<names, ElementType<"_self">.result>>;

// Every numeric element type, the 4-bit integer included (last, as the
// reference's diagnostics list it).
defvar CudaTileShape_PackableTypes = !listconcat(
    [CudaTile_I1, CudaTile_I8, CudaTile_I16, CudaTile_I32, CudaTile_I64],
    CudaTile_FloatTypes, [CudaTile_I4]);
def CudaTileShape_PackableTile : CudaTile_TileOf<CudaTileShape_PackableTypes>;
def CudaTileShape_ByteTile : CudaTile_TileOf<[CudaTile_I8]>;

def CudaTileShape_MmaFOperandTile
    : CudaTile_TileOf<[CudaTile_F16, CudaTile_BF16, CudaTile_F32, CudaTile_F64,
                       CudaTile_TF32, CudaTile_F8E4M3FN, CudaTile_F8E5M2],
                      [], "mmaf operand tile type">;
def CudaTileShape_MmaFAccTile
    : CudaTile_TileOf<[CudaTile_F16, CudaTile_F32, CudaTile_F64], [],
                      "mmaf acc/result tile type">;
def CudaTileShape_MmaIOperandTile
    : CudaTile_TileOf<[CudaTile_I8], [], "mmai operand tile type">;
def CudaTileShape_MmaIAccTile
    : CudaTile_TileOf<[CudaTile_I32], [], "mmai acc tile type">;
def CudaTileShape_MmaIResultTile
    : CudaTile_TileOf<[CudaTile_I32], [], "mmai result tile type">;
def CudaTileShape_MmaFScaledOperandTile
    : CudaTile_TileOf<[CudaTile_F8E4M3FN, CudaTile_F8E5M2, CudaTile_F4E2M1FN], [],
                      "mmaf_scaled operand tile type">;
def CudaTileShape_MmaFScaledScaleTile
    : CudaTile_TileOf<[CudaTile_F8E4M3FN, CudaTile_F8E8M0FNU], [],
                      "mmaf_scaled scale tile type">;
def CudaTileShape_MmaFScaledResultTile
    : CudaTile_TileOf<[CudaTile_F32], [], "mmaf_scaled result tile type">;

defvar CudaTileShape_ResultNameDecl = [{
  void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
}];

//===----------------------------------------------------------------------===//
// Shape changes
//===----------------------------------------------------------------------===//

def CudaTile_BroadcastOp : CudaTile_Op<"broadcast", 0x0B, [
    Pure, SameOperandsAndResultElementType,
    AllRanksMatch<["source", "result"]>, OpAsmOpInterface]> {
  let summary = "repeats a tile along its size-1 dimensions";
  let description = [{
    Every dimension of the source is either equal to the matching result
    dimension or 1, in which case the single slice is repeated. The rank does
    not change; use `reshape` to add unit dimensions first.
  }];
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = CudaTileShape_ResultNameDecl;
}

def CudaTile_ReshapeOp : CudaTile_Op<"reshape", 0x5B, [
    Pure, SameOperandsAndResultElementType, OpAsmOpInterface]> {
  let summary = "reinterprets a tile with another shape of the same size";
  let description = [{
    The elements keep their row-major order; only the shape changes.
  }];
  let arguments = (ins CudaTile_AnyTile:$source);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = CudaTileShape_ResultNameDecl;
}

def CudaTile_PermuteOp : CudaTile_Op<"permute", 0x53, [
    Pure, CudaTileShape_SameElementType<["source", "result"]>,
    AllRanksMatch<["source", "result"]>]> {
  let summary = "reorders the dimensions of a tile";
  let description = [{
    Result dimension `i` is source dimension `permutation[i]`.
  }];
  let arguments = (ins CudaTile_AnyTile:$source,
                       DenseI32ArrayAttr:$permutation);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def CudaTile_CatOp : CudaTile_Op<"cat", 0x0C, [
    Pure, AllRanksMatch<["lhs", "rhs", "result"]>,
    CudaTileShape_SameElementType<["lhs", "rhs", "result"]>]> {
  let summary = "concatenates two tiles along one dimension";
  let arguments = (ins CudaTile_AnyTile:$lhs, CudaTile_AnyTile:$rhs,
                       I64Attr:$dim);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim attr-dict `:` custom<CudaTileType>(type($lhs))
    `,` custom<CudaTileType>(type($rhs)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_ExtractOp : CudaTile_Op<"extract", 0x26, [
    Pure, AllRanksMatch<["source", "result"]>]> {
  let summary = "takes one slice of a tile cut into equal slices";
  let description = [{
    The source is cut into slices of the result's shape; index `i` picks the
    slice along dimension `i`.
  }];
  let arguments = (ins CudaTile_AnyTile:$source,
                       Variadic<CudaTile_ScalarI32Tile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` custom<CudaTileType>(type($source))
    `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def CudaTile_InsertOp : CudaTile_Op<"insert", 0x76, [
    Pure, AllRanksMatch<["source", "destination"]>,
    AllTypesMatch<["destination", "result"]>], "13.4"> {
  let summary = "replaces one slice of a tile cut into equal slices";
  let description = [{
    The inverse of `extract`: the destination is cut into slices of the
    source's shape, index `i` picks the slice along dimension `i` (counted in
    slices, read as unsigned) and the result is the destination with that
    slice replaced by the source.

    ```mlir
    %r = insert %src, %dst[%i, %j] : tile<2x4xf32> -> tile<8x8xf32>
    ```
  }];
  let arguments = (ins CudaTile_AnyTile:$source, CudaTile_AnyTile:$destination,
                       Variadic<CudaTile_ScalarI32Tile>:$indices);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $source `,` $destination `[` $indices `]` attr-dict `:`
    custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_IotaOp : CudaTile_Op<"iota", 0x3A, [Pure]> {
  let summary = "the sequence 0, 1, 2, ... as a rank-1 tile";
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

def CudaTile_SelectOp : CudaTile_Op<"select", 0x5F, [
    Pure, AllTypesMatch<["val_if_true", "val_if_false", "result"]>,
    AllShapesMatch<["cond", "val_if_true", "val_if_false", "result"]>]> {
  let summary = "element-wise choice between two tiles";
  let arguments = (ins CudaTile_BoolTile:$cond,
                       CudaTile_AnyTile:$val_if_true,
                       CudaTile_AnyTile:$val_if_false);
  let results = (outs CudaTile_AnyTile:$result);
  let assemblyFormat = [{
    $cond `,` $val_if_true `,` $val_if_false attr-dict `:`
    custom<CudaTileType>(type($cond)) `,` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def CudaTile_OffsetOp : CudaTile_Op<"offset", 0x51, [
    Pure, Elementwise, SameOperandsAndResultShape,
    AllTypesMatch<["result", "ptr"]>]> {
  let summary = "advances pointers by element counts";
  let arguments = (ins CudaTile_PointerTile:$ptr, CudaTile_IntTile:$offset);
  let results = (outs CudaTile_PointerTile:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` custom<CudaTileType>(type($ptr)) `,`
    custom<CudaTileType>(type($offset)) `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_PackOp : CudaTile_Op<"pack", 0x6F, [
    Pure, AllRanksMatch<["source", "result"]>], "13.3"> {
  let summary = "the bytes of a rank-1 numeric tile";
  let arguments = (ins CudaTileShape_PackableTile:$source);
  let results = (outs CudaTileShape_ByteTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_UnpackOp : CudaTile_Op<"unpack", 0x70, [
    Pure, AllRanksMatch<["source", "result"]>], "13.3"> {
  let summary = "reads bytes back as a rank-1 numeric tile";
  let arguments = (ins CudaTileShape_ByteTile:$source);
  let results = (outs CudaTileShape_PackableTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->`
    custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

def CudaTile_MmaFOp : CudaTile_Op<"mmaf", 0x49, [
    Pure, AllTypesMatch<["acc", "result"]>,
    CudaTileShape_SameElementType<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "floating-point matrix multiply-accumulate";
  let description = [{
    `result = lhs * rhs + acc` on MxK, KxN and MxN tiles, optionally batched
    over a leading dimension.
  }];
  let arguments = (ins CudaTileShape_MmaFOperandTile:$lhs,
                       CudaTileShape_MmaFOperandTile:$rhs,
                       CudaTileShape_MmaFAccTile:$acc,
                       CudaTile_Since<UnitAttr, "13.3">:$fast_acc);
  let results = (outs CudaTileShape_MmaFAccTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaIOp : CudaTile_Op<"mmai", 0x4A, [
    Pure, AllTypesMatch<["acc", "result"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "integer matrix multiply-accumulate";
  let arguments = (ins CudaTileShape_MmaIOperandTile:$lhs,
                       CudaTileShape_MmaIOperandTile:$rhs,
                       CudaTileShape_MmaIAccTile:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs CudaTileShape_MmaIResultTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<Signedness>($signedness_lhs)
    custom<Signedness>($signedness_rhs) attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaFScaledOp : CudaTile_Op<"mmaf_scaled", 0x72, [
    Pure, AllTypesMatch<["acc", "result"]>,
    CudaTileShape_SameElementType<["lhs", "rhs"]>,
    CudaTileShape_SameElementType<["lhs_scale", "rhs_scale"]>,
    AllRanksMatch<["lhs", "rhs", "acc", "lhs_scale", "rhs_scale"]>], "13.3"> {
  let summary = "block-scaled floating-point matrix multiply-accumulate";
  let description = [{
    Like `mmaf`, with each block of K operand values scaled by one factor:
    lhs_scale is M x (K/V) and rhs_scale is (K/V) x N for a block size V.
  }];
  let arguments = (ins CudaTileShape_MmaFScaledOperandTile:$lhs,
                       CudaTileShape_MmaFScaledOperandTile:$rhs,
                       CudaTileShape_MmaFScaledResultTile:$acc,
                       CudaTileShape_MmaFScaledScaleTile:$lhs_scale,
                       CudaTileShape_MmaFScaledScaleTile:$rhs_scale);
  let results = (outs CudaTileShape_MmaFScaledResultTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale attr-dict `:`
    custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,`
    custom<CudaTileType>(type($acc)) `,` custom<CudaTileType>(type($lhs_scale))
    `,` custom<CudaTileType>(type($rhs_scale))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

// The result types are inferred (and checked, as in the reference, after
// the op's verifier and the region's ops, before the region's verifier).
class CudaTile_CombinerOp<string mnemonic, int opc, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, opc, !listconcat(traits, [
        InferTypeOpAdaptor, RecursiveMemoryEffects, SameOperandsShape,
        OpAsmOpInterface, SingleBlock])> {
  let results = (outs Variadic<CudaTile_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def CudaTile_ReduceOp : CudaTile_CombinerOp<"reduce", 0x58> {
  let summary = "folds tiles along one dimension with a combiner region";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
    void getAsmBlockArgumentNames(::mlir::Region &region,
                                  ::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

def CudaTile_ScanOp : CudaTile_CombinerOp<"scan", 0x5E> {
  let summary = "prefix combination of tiles along one dimension";
  let arguments = (ins Variadic<CudaTile_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse,
                       ArrayAttr:$identities);
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

#endif // CUDA_TILE_IR_CUDATILESHAPEOPS_TD
