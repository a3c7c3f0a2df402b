//===- CudaTileAttrs.td - cuda_tile enums and attributes ---*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILEATTRS_TD
#define CUDA_TILE_IR_CUDATILEATTRS_TD

include "cuda_tile/IR/CudaTileDialect.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

//===----------------------------------------------------------------------===//
// Enums. Case values are the bytecode encodings.
//===----------------------------------------------------------------------===//

class CudaTile_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::cuda_tile";
  let genSpecializedAttr = 0;
}

// An enum case newer than the attributes that hold it: the writer refuses it,
// and the reader rejects it, in bytecode older than `version`.
class CudaTile_EnumCase<string symbol, int value, string keyword,
                        string version>
    : I32EnumAttrCase<symbol, value, keyword>, CudaTileVersioned<version>;

class CudaTile_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<CudaTile_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

// (Summaries: the reference's constraint text in diagnostics, "attribute
// 'signedness' failed to satisfy constraint: signedness".)
def CudaTile_Signedness : CudaTile_Enum<"Signedness", "signedness", [
  I32EnumAttrCase<"Unsigned", 0, "unsigned">,
  I32EnumAttrCase<"Signed", 1, "signed">]>;
def CudaTile_SignednessAttr : CudaTile_EnumAttr<CudaTile_Signedness, "signedness">;

def CudaTile_IntegerOverflow : CudaTile_Enum<"IntegerOverflow", "integer overflow", [
  I32EnumAttrCase<"None", 0, "none">,
  I32EnumAttrCase<"NoSignedWrap", 1, "no_signed_wrap">,
  I32EnumAttrCase<"NoUnsignedWrap", 2, "no_unsigned_wrap">,
  I32EnumAttrCase<"NoWrap", 3, "no_wrap">]>;
def CudaTile_IntegerOverflowAttr : CudaTile_EnumAttr<CudaTile_IntegerOverflow, "overflow">;

def CudaTile_RoundingMode : CudaTile_Enum<"RoundingMode", "rounding mode", [
  I32EnumAttrCase<"NearestEven", 0, "nearest_even">,
  I32EnumAttrCase<"Zero", 1, "zero">,
  I32EnumAttrCase<"NegativeInf", 2, "negative_inf">,
  I32EnumAttrCase<"PositiveInf", 3, "positive_inf">,
  I32EnumAttrCase<"Approx", 4, "approx">,
  I32EnumAttrCase<"Full", 5, "full">,
  I32EnumAttrCase<"NearestIntToZero", 6, "nearest_int_to_zero">,
  CudaTile_EnumCase<"NearestAway", 7, "nearest_away", "13.4">]>;
def CudaTile_RoundingModeAttr : CudaTile_EnumAttr<CudaTile_RoundingMode, "rounding">;

def CudaTile_ComparisonOrdering : CudaTile_Enum<"ComparisonOrdering", "comparison_ordering", [
  I32EnumAttrCase<"Unordered", 0, "unordered">,
  I32EnumAttrCase<"Ordered", 1, "ordered">]>;
def CudaTile_ComparisonOrderingAttr : CudaTile_EnumAttr<CudaTile_ComparisonOrdering, "comparison_ordering">;

def CudaTile_ComparisonPredicate : CudaTile_Enum<"ComparisonPredicate", "cmp_predicate", [
  I32EnumAttrCase<"Equal", 0, "equal">,
  I32EnumAttrCase<"NotEqual", 1, "not_equal">,
  I32EnumAttrCase<"LessThan", 2, "less_than">,
  I32EnumAttrCase<"LessThanOrEqual", 3, "less_than_or_equal">,
  I32EnumAttrCase<"GreaterThan", 4, "greater_than">,
  I32EnumAttrCase<"GreaterThanOrEqual", 5, "greater_than_or_equal">]>;
def CudaTile_ComparisonPredicateAttr : CudaTile_EnumAttr<CudaTile_ComparisonPredicate, "comparison_predicate">;

// The memory-model and atomic-mode enums are stored as plain i32 integer
// attributes (generic form `memory_scope = 1 : i32`), as the reference does,
// and read back as the C++ enums.
class CudaTile_StoredEnum<string name, string summary,
                          list<I32EnumAttrCase> cases>
    : CudaTile_Enum<name, summary, cases> {
  let returnType = "::mlir::cuda_tile::" # name;
  let convertFromStorage =
    "static_cast<::mlir::cuda_tile::" # name # ">($_self.getInt())";
  let constBuilderCall = "$_builder.getI32IntegerAttr(static_cast<int32_t>($0))";
}

// (No summary: "allowed 32-bit signless integer cases: 0, 1, ..." as the
// reference says.)
def CudaTile_AtomicRMWMode : CudaTile_StoredEnum<"AtomicRMWMode", "", [
  I32EnumAttrCase<"And", 0, "and">,
  I32EnumAttrCase<"Or", 1, "or">,
  I32EnumAttrCase<"Xor", 2, "xor">,
  I32EnumAttrCase<"Add", 3, "add">,
  I32EnumAttrCase<"AddF", 4, "addf">,
  I32EnumAttrCase<"Max", 5, "max">,
  I32EnumAttrCase<"Min", 6, "min">,
  I32EnumAttrCase<"UMax", 7, "umax">,
  I32EnumAttrCase<"UMin", 8, "umin">,
  I32EnumAttrCase<"Xchg", 9, "xchg">]>;

def CudaTile_MemoryScope : CudaTile_StoredEnum<"MemoryScope", "memory scope", [
  I32EnumAttrCase<"TileBlock", 0, "tl_blk">,
  I32EnumAttrCase<"Device", 1, "device">,
  I32EnumAttrCase<"System", 2, "sys">]>;

def CudaTile_MemoryOrdering : CudaTile_StoredEnum<"MemoryOrdering", "memory ordering semantics", [
  I32EnumAttrCase<"Weak", 0, "weak">,
  I32EnumAttrCase<"Relaxed", 1, "relaxed">,
  I32EnumAttrCase<"Acquire", 2, "acquire">,
  I32EnumAttrCase<"Release", 3, "release">,
  I32EnumAttrCase<"AcqRel", 4, "acq_rel">]>;

// A global's visibility: public (the default, not printed) or private.
def CudaTile_SymbolVisibility : CudaTile_Enum<"SymbolVisibility", "symbol visibility", [
  I32EnumAttrCase<"Public", 0, "public">,
  I32EnumAttrCase<"Private", 1, "private">]>;
def CudaTile_SymbolVisibilityAttr : CudaTile_EnumAttr<CudaTile_SymbolVisibility, "symbol_visibility">;

def CudaTile_PaddingValue : CudaTile_Enum<"PaddingValue", "out-of-bounds padding value", [
  I32EnumAttrCase<"Zero", 0, "zero">,
  I32EnumAttrCase<"NegZero", 1, "neg_zero">,
  I32EnumAttrCase<"NaN", 2, "nan">,
  I32EnumAttrCase<"PosInf", 3, "pos_inf">,
  I32EnumAttrCase<"NegInf", 4, "neg_inf">]>;
def CudaTile_PaddingValueAttr : CudaTile_EnumAttr<CudaTile_PaddingValue, "padding_value">;

//===----------------------------------------------------------------------===//
// Assumption predicates (operands of `assume`).
//===----------------------------------------------------------------------===//

def CudaTile_AssumePredicateAttrInterface
    : AttrInterface<"AssumePredicateAttrInterface"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = "A fact `assume` attaches to a value.";
  let methods = [
    InterfaceMethod<"Checks the predicate against the constrained value; "
                    "`emitError` reports at the assume op.",
      "::llvm::LogicalResult", "verifyWithValue",
      (ins "::mlir::Value":$value,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>
  ];
}

def CudaTile_DivByAttr : CudaTile_Attr<"DivBy", "div_by",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "divisibility of values (or of a view's base address)";
  let parameters = (ins "uint64_t":$divisor,
                        OptionalParameter<"std::optional<int64_t>">:$every,
                        OptionalParameter<"std::optional<int64_t>">:$along);
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_SameElementsAttr : CudaTile_Attr<"SameElements", "same_elements",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "per-dimension group sizes of equal elements";
  let parameters = (ins "DenseI64ArrayAttr":$values);
  let assemblyFormat = "`<` $values `>`";
}

def CudaTile_BoundedAttr : CudaTile_Attr<"Bounded", "bounded",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "inclusive signed bounds of all elements";
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$lb,
                        OptionalParameter<"std::optional<int64_t>">:$ub);
  let assemblyFormat = "`<` ($lb^) : (`?`)? `,` ($ub^) : (`?`)? `>`";
}

//===----------------------------------------------------------------------===//
// Optimization hints: architecture name -> dictionary of hints.
//===----------------------------------------------------------------------===//

def CudaTile_OptimizationHintsAttr : CudaTile_Attr<"OptimizationHints", "optimization_hints"> {
  // (No summary, as the reference: "failed to satisfy constraint: ".)
  let summary = "";
  let parameters = (ins "::mlir::DictionaryAttr":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Checks the known architectures and hint keys for `op`; unknown ones are
    /// reported as warnings or errors according to the hint-checking options.
    ::llvm::LogicalResult verifyForOp(::mlir::Operation *op) const;
    /// The hint `key` for architecture `arch`, falling back to `default`.
    ::mlir::Attribute lookup(::llvm::StringRef arch, ::llvm::StringRef key) const;
  }];
}

//===----------------------------------------------------------------------===//
// Debug info.
//===----------------------------------------------------------------------===//

def CudaTile_DIFileAttr : CudaTile_Attr<"DIFile", "di_file"> {
  let summary = "a source file";
  let parameters = (ins "StringAttr":$name, "StringAttr":$directory);
  let assemblyFormat = "`<` $name `in` $directory `>`";
}

def CudaTile_DICompileUnitAttr : CudaTile_Attr<"DICompileUnit", "di_compile_unit"> {
  let summary = "a compilation unit";
  let parameters = (ins "DIFileAttr":$file);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DISubprogramAttr : CudaTile_Attr<"DISubprogram", "di_subprogram"> {
  let summary = "a source function";
  let parameters = (ins "DIFileAttr":$file, "unsigned":$line,
                        "StringAttr":$name, "StringAttr":$linkageName,
                        "DICompileUnitAttr":$compileUnit,
                        OptionalParameter<"unsigned">:$scopeLine);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILexicalBlockAttr : CudaTile_Attr<"DILexicalBlock", "di_lexical_block"> {
  let summary = "a lexical block inside a subprogram";
  // The scope is a subprogram or another lexical block.
  let parameters = (ins "DILocalScopeAttr":$scope, "DIFileAttr":$file,
                        "unsigned":$line, OptionalParameter<"unsigned">:$column);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILocAttr : LocationAttrDef<CudaTile_Dialect, "DILoc"> {
  let summary = "a source location inside a debug scope";
  let mnemonic = "di_loc";
  let parameters = (ins "FileLineColLoc":$sourceLoc,
                        "DILocalScopeAttr":$scope);
  let assemblyFormat = "`<` $sourceLoc `in` $scope `>`";
}

#endif // CUDA_TILE_IR_CUDATILEATTRS_TD
