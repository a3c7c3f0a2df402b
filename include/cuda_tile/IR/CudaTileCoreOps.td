//===- CudaTileCoreOps.td - module, entry, globals, control flow -*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILECOREOPS_TD
#define CUDA_TILE_IR_CUDATILECOREOPS_TD

include "cuda_tile/IR/CudaTileOpBase.td"
include "mlir/Interfaces/LoopLikeInterface.td"

//===----------------------------------------------------------------------===//
// Module structure
//===----------------------------------------------------------------------===//

def CudaTile_ModuleOp : CudaTile_Op<"module", 0x4B, [
    // (In the reference's order: region arguments checked before blocks.)
    NoRegionArguments, SingleBlock, NoTerminator, IsolatedFromAbove,
    SymbolTable, Symbol, OpAsmOpInterface]> {
  let summary = "a unit of kernels and globals";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       CudaTile_Since<OptionalAttr<StrAttr>, "13.3">:$producer);
  // (At most one block, as the reference: an empty region fails only the
  // symbol table's check, after the verifier.)
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
  let skipDefaultBuilders = 1;
  let bytecodeBodyOp = 0;
}

def CudaTile_EntryOp : CudaTile_Op<"entry", 0x16, [
    IsolatedFromAbove, Symbol, FunctionOpInterface, CallableOpInterface,
    AutomaticAllocationScope, OpAsmOpInterface, SingleBlock]> {
  let summary = "a kernel entry point";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let bytecodeBodyOp = 0;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

// Not Pure: inside an `if` it leaves the kernel, so an `if` holding only a
// `return` must not count as dead. The verifier checks the parent (entry or
// if, with the reference's wording) and the enclosing entry.
def CudaTile_ReturnOp : CudaTile_Op<"return", 0x5C, [
    Terminator, ReturnLike]> {
  let summary = "leaves the kernel";
  let arguments = (ins Variadic<AnyType>:$operands);
  let hasVerifier = 1;
  let assemblyFormat = "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

def CudaTile_GlobalOp : CudaTile_Op<"global", 0x31, [Symbol]> {
  let summary = "a module-level array in global memory";
  // Alignment 0: the element's natural one.
  let arguments = (ins SymbolNameAttr:$sym_name,
                       ElementsAttr:$value,
                       DefaultValuedAttr<I64Attr, "0">:$alignment,
                       CudaTile_Since<UnitAttr, "13.3">:$constant,
                       CudaTile_Since<DefaultValuedAttr<CudaTile_SymbolVisibilityAttr,
                           "::mlir::cuda_tile::SymbolVisibility::Public">, "13.3">:$symbol_visibility);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The rank-1 tile type the initializer is printed with.
    ::mlir::cuda_tile::TileType getTileType();
  }];
  let bytecodeBodyOp = 0;
}

def CudaTile_GetGlobalOp : CudaTile_Op<"get_global", 0x2C, [
    Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the address of a global";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CudaTile_ScalarTileOf<[CudaTile_PointerType]>:$result);
  let assemblyFormat = "$name attr-dict `:` custom<CudaTileType>(type($result))";
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

def CudaTile_ConstantOp : CudaTile_Op<"constant", 0x10, [
    Pure, ConstantLike, OpAsmOpInterface]> {
  let summary = "a tile of literal values";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs CudaTile_AnyTile:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::ElementsAttr":$value)>];
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

def CudaTile_AssumeOp : CudaTile_Op<"assume", 0x06, [
    Pure, AllTypesMatch<["value", "result"]>, OpAsmOpInterface]> {
  let summary = "attaches a predicate that holds for a value";
  let arguments = (ins CudaTile_AssumePredicateAttrInterface:$predicate,
                       AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AssumePredicate>($predicate) `,` $value attr-dict `:` custom<CudaTileType>(type($value))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

def CudaTile_GetTileBlockIdOp : CudaTile_Op<"get_tile_block_id", 0x30, [
    Pure, OpAsmOpInterface]> {
  let summary = "the coordinates of the running tile block in the grid";
  let results = (outs CudaTile_ScalarI32Tile:$blockId_x,
                      CudaTile_ScalarI32Tile:$blockId_y,
                      CudaTile_ScalarI32Tile:$blockId_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($blockId_x))";
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

def CudaTile_GetNumTileBlocksOp : CudaTile_Op<"get_num_tile_blocks", 0x2E, [
    Pure, OpAsmOpInterface]> {
  let summary = "the grid size in tile blocks";
  let results = (outs CudaTile_ScalarI32Tile:$gridSize_x,
                      CudaTile_ScalarI32Tile:$gridSize_y,
                      CudaTile_ScalarI32Tile:$gridSize_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($gridSize_x))";
  let extraClassDeclaration = [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
  }];
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def CudaTile_IfOp : CudaTile_Op<"if", 0x32, [
    RecursiveMemoryEffects, NoRegionArguments, OpAsmOpInterface, SingleBlock]> {
  let summary = "runs one of two regions";
  let arguments = (ins CudaTile_ScalarTileOf<[CudaTile_I1]>:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

def CudaTile_ForOp : CudaTile_Op<"for", 0x29, [
    RecursiveMemoryEffects, OpAsmOpInterface, SingleBlock,
    DeclareOpInterfaceMethods<LoopLikeOpInterface, ["getLoopInductionVars"]>,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    AllTypesMatch<["initValues", "resultValues"]>]> {
  let summary = "a counted loop";
  let arguments = (ins CudaTile_ScalarIntTile:$lowerBound,
                       CudaTile_ScalarIntTile:$upperBound,
                       CudaTile_ScalarIntTile:$step,
                       Variadic<AnyType>:$initValues,
                       CudaTile_Since<UnitAttr, "13.2">:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    void getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn);
    void getAsmBlockArgumentNames(::mlir::Region &region,
                                  ::mlir::OpAsmSetValueNameFn setNameFn);
    ::mlir::Value getInductionVar() { return getRegion().getArgument(0); }
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getRegion().getArguments().drop_front();
    }
  }];
}

def CudaTile_LoopOp : CudaTile_Op<"loop", 0x41, [
    RecursiveMemoryEffects, OpAsmOpInterface, SingleBlock,
    DeclareOpInterfaceMethods<LoopLikeOpInterface>]> {
  let summary = "a loop left only through break";
  let arguments = (ins Variadic<AnyType>:$initValues);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

// What yield, break and continue carry: a number or a value of a type no
// builtin (tiles, tokens, views). The summary is the reference's diagnostic
// text, whose last alternative has none.
def CudaTile_CarriedType : Type<Or<[
    AnyTypeOf<!listconcat(CudaTile_FloatTypes, CudaTile_IntTypes)>.predicate,
    CPred<"$_self.getDialect().getNamespace() != \"builtin\"">]>,
  "f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or "
  "f4E2M1FN or i1 or i8 or i16 or i32 or i64 or ">;

def CudaTile_YieldOp : CudaTile_Op<"yield", 0x6D, [
    Pure, Terminator, ReturnLike, ParentOneOf<["IfOp", "ReduceOp", "ScanOp"]>]> {
  let summary = "ends an if branch or a combiner region with values";
  let arguments = (ins Variadic<CudaTile_CarriedType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

def CudaTile_BreakOp : CudaTile_Op<"break", 0x0A, [
    Terminator, ParentOneOf<["IfOp", "LoopOp"]>]> {
  let summary = "leaves the innermost loop";
  let arguments = (ins Variadic<CudaTile_CarriedType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

def CudaTile_ContinueOp : CudaTile_Op<"continue", 0x11, [
    Terminator, ParentOneOf<["ForOp", "IfOp", "LoopOp"]>]> {
  let summary = "starts the next iteration of the innermost loop";
  let arguments = (ins Variadic<CudaTile_CarriedType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` custom<CudaTileTypeList>(type($operands)))?";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
}

#endif // CUDA_TILE_IR_CUDATILECOREOPS_TD
