//===- CudaTileArithOps.td - integer, float, math and conversion ops -*- tablegen -*-===//
//
// Elementwise arithmetic on tiles: integer and bitwise ops, floating-point
// ops, math functions and element type conversions. Every op works on whole
// tiles; operands and results of the arithmetic ops share one tile type.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_IR_CUDATILEARITHOPS_TD
#define CUDA_TILE_IR_CUDATILEARITHOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"

//===----------------------------------------------------------------------===//
// Type constraints local to this family. The element lists are in the order
// the diagnostics name them.
//===----------------------------------------------------------------------===//

// Integers and floats (not pointers), as bitcast takes them.
def CudaTileArith_NumberTile
    : CudaTile_TileOf<!listconcat(CudaTile_IntTypes, CudaTile_FloatTypes)>;

// Integers including the 4-bit type, both sides of exti / trunci (the
// verifiers compare the widths), listed as the reference's diagnostics do.
def CudaTileArith_IntOrI4Tile : CudaTile_TileOf<[
    CudaTile_I1, CudaTile_I8, CudaTile_I16, CudaTile_I32, CudaTile_I64,
    CudaTile_I4]>;

def CudaTileArith_I64Tile : CudaTile_TileOf<[CudaTile_I64]>;

defvar CudaTileArith_NoOverflow =
    DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                      "::mlir::cuda_tile::IntegerOverflow::None">;

// The i1 tile with the shape of the compared operands.
defvar CudaTileArith_CompareResult =
    TypesMatchWith<"Result type has i1 element type and same shape as operands",
                   "lhs", "result",
                   "::mlir::cuda_tile::getI1TileLike($_self)">;

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

// An `overflow` flag other than `none` makes a wrapping input undefined
// behaviour (not a poison value), so such an op must stay where it runs.
defvar CudaTileArith_OverflowSpeculation = [{
    ::mlir::Speculation::Speculatability getSpeculatability() {
      return getOverflow() == ::mlir::cuda_tile::IntegerOverflow::None
                 ? ::mlir::Speculation::Speculatable
                 : ::mlir::Speculation::NotSpeculatable;
    }
}];

// `op %lhs, %rhs [overflow<f>] : T` on integer tiles.
class CudaTileArith_IntOverflowOp<string mnemonic, int opc, string summaryText,
                                  list<Trait> traits = []>
    : CudaTile_Op<mnemonic, opc, !listconcat([NoMemoryEffect,
        ConditionallySpeculatable,
        AllTypesMatch<["lhs", "rhs", "result"]>], traits)> {
  let summary = summaryText;
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTileArith_NoOverflow:$overflow);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflow^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasFolder = 1;
  let extraClassDeclaration = CudaTileArith_OverflowSpeculation;
}

// `op %lhs, %rhs : T` on integer tiles.
class CudaTileArith_IntBinaryOp<string mnemonic, int opc, string summaryText,
                                list<Trait> traits = []>
    : CudaTile_Op<mnemonic, opc, !listconcat([Pure,
        AllTypesMatch<["lhs", "rhs", "result"]>], traits)> {
  let summary = summaryText;
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasFolder = 1;
}

// `op %lhs, %rhs signed|unsigned : T` on integer tiles.
// `effects` is Pure unless the op has inputs without a defined result
// (a zero divisor), which must not be speculated.
// `sameType` orders the operands in the diagnostic of AllTypesMatch.
class CudaTileArith_IntSignedOp<string mnemonic, int opc, string summaryText,
                                list<Trait> traits = [],
                                Trait effects = Pure,
                                list<string> sameType = ["lhs", "rhs", "result"]>
    : CudaTile_Op<mnemonic, opc, !listconcat([effects,
        AllTypesMatch<sameType>], traits)> {
  let summary = summaryText;
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasFolder = 1;
}

// `op %source : T` on integer tiles.
class CudaTileArith_IntUnaryOp<string mnemonic, int opc, string summaryText,
                               list<Trait> traits = []>
    : CudaTile_Op<mnemonic, opc, !listconcat([Pure,
        AllTypesMatch<["source", "result"]>], traits)> {
  let summary = summaryText;
  let arguments = (ins CudaTile_IntTile:$source);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

// `op %lhs, %rhs [rounding<m>] [flush_to_zero] : T` on f16/bf16/f32/f64
// tiles. `roundingDirective` names the custom directive that knows which
// rounding modes the op takes.
class CudaTileArith_FloatRoundedBinaryOp<string mnemonic, int opc,
                                         string summaryText,
                                         string roundingDirective = "IEEERoundingMode">
    : CudaTile_Op<mnemonic, opc, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = summaryText;
  let arguments = (ins CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = "$lhs `,` $rhs custom<" # roundingDirective #
      ">($rounding_mode) (`flush_to_zero` $flush_to_zero^)? attr-dict `:` "
      "custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

// `op %lhs, %rhs : T` on f16/bf16/f32/f64 tiles.
class CudaTileArith_FloatBinaryOp<string mnemonic, int opc, string summaryText,
                                  string lhsName = "lhs", string rhsName = "rhs",
                                  string version = "13.1">
    : CudaTile_Op<mnemonic, opc, [Pure,
        AllTypesMatch<[lhsName, rhsName, "result"]>], version> {
  let summary = summaryText;
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = "$" # lhsName # " `,` $" # rhsName #
      " attr-dict `:` custom<CudaTileType>(type($result))";
}

// `op %source : T` on f16/bf16/f32/f64 tiles.
class CudaTileArith_FloatUnaryOp<string mnemonic, int opc, string summaryText,
                                 list<Trait> traits = []>
    : CudaTile_Op<mnemonic, opc, !listconcat([Pure,
        AllTypesMatch<["source", "result"]>], traits)> {
  let summary = summaryText;
  let arguments = (ins CudaTile_BaseFloatTile:$source);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

// `op %source [flush_to_zero] : T` on f16/bf16/f32/f64 tiles.
class CudaTileArith_FloatUnaryFtzOp<string mnemonic, int opc, string summaryText>
    : CudaTile_Op<mnemonic, opc, [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = summaryText;
  let arguments = (ins CudaTile_BaseFloatTile:$source, UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

// `op %source [rounding<approx>] : T`: math functions with a fast
// approximation; the precise `full` form is the default and is not printed.
class CudaTileArith_FloatApproxOp<string mnemonic, int opc, string summaryText,
                                  string roundingVersion>
    : CudaTile_Op<mnemonic, opc, [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = summaryText;
  let arguments = (ins CudaTile_BaseFloatTile:$source,
                       CudaTile_Since<DefaultValuedAttr<CudaTile_RoundingModeAttr,
                           "::mlir::cuda_tile::RoundingMode::Full">,
                           roundingVersion>:$rounding_mode);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source custom<ApproxRoundingMode>($rounding_mode) attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

// `op %source : A -> B`: conversions without modifiers.
class CudaTileArith_CastOp<string mnemonic, int opc, string summaryText,
                           Type sourceType, Type resultType>
    : CudaTile_Op<mnemonic, opc, [Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = summaryText;
  let arguments = (ins sourceType:$source);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_AbsIOp : CudaTileArith_IntUnaryOp<"absi", 0x01,
    "elementwise absolute value of signed integers", [SameOperandsAndResultShape]> {
  let hasFolder = 1;
}

def CudaTile_AddIOp : CudaTileArith_IntOverflowOp<"addi", 0x03,
    "elementwise integer addition", [Commutative]>;
def CudaTile_SubIOp : CudaTileArith_IntOverflowOp<"subi", 0x68,
    "elementwise integer subtraction">;
def CudaTile_MulIOp : CudaTileArith_IntOverflowOp<"muli", 0x4E,
    "elementwise integer multiplication (low half)", [Commutative]>;
def CudaTile_ShLIOp : CudaTileArith_IntOverflowOp<"shli", 0x60,
    "elementwise left shift by an unsigned amount">;

def CudaTile_MulhiIOp : CudaTile_Op<"mulhii", 0x4D, [Pure,
    AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "elementwise high half of the full integer product";
  let arguments = (ins CudaTile_IntTile:$x, CudaTile_IntTile:$y);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_DivIOp : CudaTile_Op<"divi", 0x15, [NoMemoryEffect,
    AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "elementwise integer division with a rounding direction";
  let arguments = (ins CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness,
                       DefaultValuedAttr<CudaTile_RoundingModeAttr,
                           "::mlir::cuda_tile::RoundingMode::Zero">:$rounding);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) (`rounding` `` $rounding^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_RemIOp : CudaTileArith_IntSignedOp<"remi", 0x5A,
    "elementwise integer remainder (sign of the dividend)",
    [AllShapesMatch<["result", "lhs", "rhs"]>], NoMemoryEffect,
    ["result", "lhs", "rhs"]>;
def CudaTile_MaxIOp : CudaTileArith_IntSignedOp<"maxi", 0x46,
    "elementwise integer maximum">;
def CudaTile_MinIOp : CudaTileArith_IntSignedOp<"mini", 0x48,
    "elementwise integer minimum">;
def CudaTile_ShRIOp : CudaTileArith_IntSignedOp<"shri", 0x61,
    "elementwise right shift, arithmetic when signed, logical when unsigned">;

def CudaTile_NegIOp : CudaTile_Op<"negi", 0x50, [NoMemoryEffect,
    ConditionallySpeculatable, AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise two's complement negation";
  let arguments = (ins CudaTile_IntTile:$source,
                       CudaTile_Since<CudaTileArith_NoOverflow, "13.2">:$overflow);
  let results = (outs CudaTile_IntTile:$result);
  let assemblyFormat = [{
    $source (`overflow` `` $overflow^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = CudaTileArith_OverflowSpeculation;
}

def CudaTile_CmpIOp : CudaTile_Op<"cmpi", 0x0F, [Pure,
    AllTypesMatch<["lhs", "rhs"]>, CudaTileArith_CompareResult]> {
  let summary = "elementwise integer comparison";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_IntTile:$lhs, CudaTile_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTile_BoolTile:$result);
  let assemblyFormat = [{
    custom<ComparisonPredicate>($comparison_predicate) $lhs `,` $rhs `,` custom<Signedness>($signedness) attr-dict `:` custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Bitwise
//===----------------------------------------------------------------------===//

def CudaTile_AndIOp : CudaTileArith_IntBinaryOp<"andi", 0x04,
    "elementwise bitwise and", [Commutative]>;
def CudaTile_OrIOp : CudaTileArith_IntBinaryOp<"ori", 0x52,
    "elementwise bitwise or", [Commutative]>;
def CudaTile_XOrIOp : CudaTileArith_IntBinaryOp<"xori", 0x6C,
    "elementwise bitwise exclusive or", [Commutative]>;

//===----------------------------------------------------------------------===//
// Floating point
//===----------------------------------------------------------------------===//

def CudaTile_AddFOp : CudaTileArith_FloatRoundedBinaryOp<"addf", 0x02,
    "elementwise floating-point addition"> {
  // A product moves to the left, where fuse-fma looks for it.
  let hasCanonicalizer = 1;
}
def CudaTile_SubFOp : CudaTileArith_FloatRoundedBinaryOp<"subf", 0x67,
    "elementwise floating-point subtraction">;
def CudaTile_MulFOp : CudaTileArith_FloatRoundedBinaryOp<"mulf", 0x4C,
    "elementwise floating-point multiplication">;
def CudaTile_DivFOp : CudaTileArith_FloatRoundedBinaryOp<"divf", 0x14,
    "elementwise floating-point division", "DivFOpRoundingMode">;

def CudaTile_FmaOp : CudaTile_Op<"fma", 0x28, [Pure,
    AllTypesMatch<["lhs", "rhs", "acc", "result"]>]> {
  let summary = "elementwise fused multiply-add `lhs * rhs + acc`";
  let arguments = (ins CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs,
                       CudaTile_BaseFloatTile:$acc,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<IEEERoundingMode>($rounding_mode) (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_RemFOp : CudaTileArith_FloatBinaryOp<"remf", 0x59,
    "elementwise floating-point remainder (sign of the dividend)"> {
  let arguments = (ins CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs);
}

class CudaTileArith_FloatMinMaxOp<string mnemonic, int opc, string summaryText>
    : CudaTile_Op<mnemonic, opc, [Pure, Commutative,
        AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = summaryText;
  let arguments = (ins CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs,
                       UnitAttr:$propagate_nan, UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan) attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_MaxFOp : CudaTileArith_FloatMinMaxOp<"maxf", 0x45,
    "elementwise floating-point maximum">;
def CudaTile_MinFOp : CudaTileArith_FloatMinMaxOp<"minf", 0x47,
    "elementwise floating-point minimum">;

def CudaTile_AbsFOp : CudaTileArith_FloatUnaryOp<"absf", 0x00,
    "elementwise floating-point absolute value", [SameOperandsAndResultShape]> {
  let hasFolder = 1;
}
def CudaTile_NegFOp : CudaTileArith_FloatUnaryOp<"negf", 0x4F,
    "elementwise floating-point negation"> {
  let hasFolder = 1;
}

def CudaTile_CmpFOp : CudaTile_Op<"cmpf", 0x0E, [Pure,
    AllTypesMatch<["lhs", "rhs"]>, CudaTileArith_CompareResult]> {
  let summary = "elementwise floating-point comparison";
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       CudaTile_BaseFloatTile:$lhs, CudaTile_BaseFloatTile:$rhs);
  let results = (outs CudaTile_BoolTile:$result);
  let assemblyFormat = [{
    custom<ComparisonPredicate>($comparison_predicate) custom<ComparisonOrdering>($comparison_ordering) $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Math functions
//===----------------------------------------------------------------------===//

def CudaTile_CeilOp : CudaTileArith_FloatUnaryOp<"ceil", 0x0D,
    "elementwise rounding toward positive infinity to an integral value"> {
  let hasFolder = 1;
}
def CudaTile_FloorOp : CudaTileArith_FloatUnaryOp<"floor", 0x27,
    "elementwise rounding toward negative infinity to an integral value"> {
  let hasFolder = 1;
}
def CudaTile_CosOp : CudaTileArith_FloatUnaryOp<"cos", 0x12, "elementwise cosine">;
def CudaTile_CosHOp : CudaTileArith_FloatUnaryOp<"cosh", 0x13,
    "elementwise hyperbolic cosine">;
def CudaTile_SinOp : CudaTileArith_FloatUnaryOp<"sin", 0x62, "elementwise sine">;
def CudaTile_SinHOp : CudaTileArith_FloatUnaryOp<"sinh", 0x63,
    "elementwise hyperbolic sine">;
def CudaTile_TanOp : CudaTileArith_FloatUnaryOp<"tan", 0x69, "elementwise tangent">;
def CudaTile_LogOp : CudaTileArith_FloatUnaryOp<"log", 0x3F,
    "elementwise natural logarithm">;
def CudaTile_Log2Op : CudaTileArith_FloatUnaryOp<"log2", 0x40,
    "elementwise base-2 logarithm">;

def CudaTile_ExpOp : CudaTileArith_FloatApproxOp<"exp", 0x17,
    "elementwise natural exponential", "13.3">;
def CudaTile_TanHOp : CudaTileArith_FloatApproxOp<"tanh", 0x6A,
    "elementwise hyperbolic tangent", "13.2">;

def CudaTile_Exp2Op : CudaTileArith_FloatUnaryFtzOp<"exp2", 0x18,
    "elementwise base-2 exponential">;
def CudaTile_RsqrtOp : CudaTileArith_FloatUnaryFtzOp<"rsqrt", 0x5D,
    "elementwise reciprocal square root">;

def CudaTile_SqrtOp : CudaTile_Op<"sqrt", 0x64, [Pure,
    AllTypesMatch<["source", "result"]>]> {
  let summary = "elementwise square root";
  let arguments = (ins CudaTile_BaseFloatTile:$source,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       UnitAttr:$flush_to_zero);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source custom<SqrtOpRoundingMode>($rounding_mode) (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_PowOp : CudaTile_Op<"pow", 0x54, [Pure,
    AllTypesMatch<["result", "source", "exponent"]>]> {
  let summary = "elementwise power `source ^ exponent`";
  let description = [{
    Tile IR 13.4 renames the op `fpowf` (same opcode); that spelling parses
    too, and `pow` is printed, as the 13.3 reference prints it.
  }];
  let arguments = (ins CudaTile_BaseFloatTile:$source,
                       CudaTile_BaseFloatTile:$exponent);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_Atan2Op : CudaTileArith_FloatBinaryOp<"atan2", 0x6E,
    "elementwise four-quadrant arctangent of `x / y`", "x", "y", "13.2"> {
  let arguments = (ins CudaTile_BaseFloatTile:$x, CudaTile_BaseFloatTile:$y);
}

def CudaTile_FPowIOp : CudaTile_Op<"fpowi", 0x79, [Pure,
    AllTypesMatch<["source", "result"]>,
    AllShapesMatch<["source", "exponent"]>], "13.4"> {
  let summary = "elementwise power `source ^ exponent` with an integer exponent";
  let description = [{
    The exponent is read as signed; f16 and bf16 are computed in f32.

    ```mlir
    %r = fpowi %x, %n : tile<128xf32>, tile<128xi32>
    ```
  }];
  let arguments = (ins CudaTile_BaseFloatTile:$source,
                       CudaTile_TileOf<[CudaTile_I1, CudaTile_I8, CudaTile_I16,
                                        CudaTile_I32]>:$exponent);
  let results = (outs CudaTile_BaseFloatTile:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($result)) `,`
    custom<CudaTileType>(type($exponent))
  }];
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def CudaTile_BitcastOp : CudaTileArith_CastOp<"bitcast", 0x09,
    "reinterprets the bits of each element as another type of the same width",
    CudaTileArith_NumberTile, CudaTileArith_NumberTile> {
  let hasVerifier = 1;
}

def CudaTile_IntToPtrOp : CudaTileArith_CastOp<"int_to_ptr", 0x33,
    "turns unsigned 64-bit integers into pointers",
    CudaTileArith_I64Tile, CudaTile_PointerTile>;
def CudaTile_PtrToIntOp : CudaTileArith_CastOp<"ptr_to_int", 0x56,
    "turns pointers into unsigned 64-bit integers",
    CudaTile_PointerTile, CudaTileArith_I64Tile>;
def CudaTile_PtrToPtrOp : CudaTileArith_CastOp<"ptr_to_ptr", 0x57,
    "changes the pointee type of pointers",
    CudaTile_PointerTile, CudaTile_PointerTile>;

def CudaTile_ExtIOp : CudaTile_Op<"exti", 0x25, [Pure,
    AllShapesMatch<["from", "to"]>]> {
  let summary = "widens integers by sign or zero extension";
  let arguments = (ins CudaTileArith_IntOrI4Tile:$from,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CudaTileArith_IntOrI4Tile:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_TruncIOp : CudaTile_Op<"trunci", 0x6B, [NoMemoryEffect,
    ConditionallySpeculatable, AllShapesMatch<["from", "to"]>]> {
  let summary = "narrows integers by dropping their high bits";
  let arguments = (ins CudaTileArith_IntOrI4Tile:$from, CudaTileArith_NoOverflow:$overflow);
  let results = (outs CudaTileArith_IntOrI4Tile:$to);
  let assemblyFormat = [{
    $from (`overflow` `` $overflow^)? attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = CudaTileArith_OverflowSpeculation;
}

def CudaTile_IToFOp : CudaTile_Op<"itof", 0x3B, [Pure,
    AllShapesMatch<["from", "to"]>]> {
  let summary = "converts integers to the nearest floating-point values";
  let arguments = (ins CudaTile_IntTile:$from, CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode);
  let results = (outs CudaTile_FloatTile:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) custom<IEEERoundingMode>($rounding_mode) attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_FToIOp : CudaTile_Op<"ftoi", 0x2B, [Pure,
    AllShapesMatch<["from", "to"]>]> {
  let summary = "converts floating-point values to integers, rounding toward zero";
  let arguments = (ins CudaTile_FloatTile:$from,
                       CudaTile_SignednessAttr:$signedness,
                       CudaTile_RoundingModeAttr:$rounding_mode,
                       CudaTile_Since<UnitAttr, "13.4">:$saturating);
  let results = (outs CudaTile_IntTile:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) custom<IntegerRoundingMode>($rounding_mode) (`saturating` $saturating^)? attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_FToFOp : CudaTile_Op<"ftof", 0x2A, [Pure,
    AllShapesMatch<["from", "to"]>]> {
  let summary = "converts floating-point values to another floating-point type";
  let description = [{
    The rounding modes a conversion takes (13.4's table; the first row that
    matches applies): to f8E8M0FNU `zero` and `positive_inf`; to f8E4M3FN,
    f8E5M2, f4E2M1FN and f8E5M3FNU `nearest_even`; an exact widening (every value of the
    source is one of the target, by normal exponent range and precision) all
    of `nearest_even`, `zero`, `negative_inf`, `positive_inf` and
    `nearest_away`; f64 to f32 the first four; f32 to tf32 `nearest_even`,
    `zero` and `nearest_away`; any other narrowing `nearest_even` and `zero`.
    13.3 took `nearest_even` only (and the f8E8M0FNU row): bytecode below 13.4
    cannot hold the others.
  }];
  let arguments = (ins CudaTile_FToFTile:$from,
                       DefaultValuedAttr<CudaTile_RoundingModeAttr,
                           "::mlir::cuda_tile::RoundingMode::NearestEven">:$rounding_mode);
  let results = (outs CudaTile_FToFTile:$to);
  let assemblyFormat = [{
    $from custom<FToFRoundingMode>($rounding_mode) attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The rounding modes a conversion between these element types takes
    /// (13.4's table, which widened 13.3's).
    static ::llvm::ArrayRef<::mlir::cuda_tile::RoundingMode>
    getAllowedRoundingModes(::mlir::Type from, ::mlir::Type to);
    /// Whether 13.3 took this op's rounding mode for its conversion.
    bool isRoundingModeIn13_3();
  }];
}

#endif // CUDA_TILE_IR_CUDATILEARITHOPS_TD
