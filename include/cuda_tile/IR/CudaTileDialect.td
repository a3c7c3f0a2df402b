//===- CudaTileDialect.td - cuda_tile dialect and base classes -*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILEDIALECT_TD
#define CUDA_TILE_IR_CUDATILEDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let cppNamespace = "::mlir::cuda_tile";
  let summary = "Tile-level GPU IR with a versioned bytecode";
  let description = [{
    The cuda_tile dialect models kernels as programs over tiles: statically
    shaped multi-dimensional values, pointers into global memory and views
    describing tensors in memory.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    /// Parses `fpowf`, 13.4's name for `pow`, as `pow`.
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;

    /// Registers the ops of the reference's testing builds (testing$func),
    /// which its tests are written with.
    void registerTestingOps();

  private:
    void registerTypes();
    void registerAttributes();
  }];
}

// Bytecode versions are written "major.minor"; every op, attribute, operand and
// type records the version that introduced it so the writer can refuse targets
// that lack it.
class CudaTileVersioned<string version> {
  string sinceVersion = version;
}

class CudaTile_Op<string mnemonic, int opc, list<Trait> traits = [],
                  string version = "13.1">
    : Op<CudaTile_Dialect, mnemonic, traits>, CudaTileVersioned<version> {
  // Frozen bytecode opcode.
  int opcode = opc;
  // Whether the op is written as an op record inside function bodies. The
  // module, entry and global ops are not: they become the file itself, the
  // function table and the global section.
  bit bytecodeBodyOp = 1;
}

class CudaTile_Type<string name, string typeMnemonic, int bytecodeTag,
                    list<Trait> traits = [], string version = "13.1">
    : TypeDef<CudaTile_Dialect, name, traits>, CudaTileVersioned<version> {
  let mnemonic = typeMnemonic;
  int tag = bytecodeTag;
}

class CudaTile_Attr<string name, string attrMnemonic, list<Trait> traits = [],
                    string baseCppClass = "::mlir::Attribute">
    : AttrDef<CudaTile_Dialect, name, traits, baseCppClass> {
  let mnemonic = attrMnemonic;
}

// Ops whose regions hold cuda_tile ops print and parse those ops without the
// `cuda_tile.` prefix.
defvar CudaTile_DefaultDialectDecl = [{
  static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
}];

#endif // CUDA_TILE_IR_CUDATILEDIALECT_TD
