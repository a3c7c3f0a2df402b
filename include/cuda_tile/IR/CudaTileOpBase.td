//===- CudaTileOpBase.td - what every op family includes ---*- tablegen -*-===//
#ifndef CUDA_TILE_IR_CUDATILEOPBASE_TD
#define CUDA_TILE_IR_CUDATILEOPBASE_TD

include "cuda_tile/IR/CudaTileTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Argument wrapper recording the bytecode version that introduced an operand
// or attribute newer than its op.
class CudaTile_Since<Constraint constraint, string version, string desc = "">
    : Arg<constraint, desc>, CudaTileVersioned<version>;

// An attribute that is optional in the IR but that bytecode of `version` and
// later always carries, with no flag bit. The writer puts `wireDefault` (built
// with `$_builder` for `$_op`, the op being written) where the attribute is
// absent; the reader leaves out values `$_self` for which `isWireDefault`
// holds, so absence and the default are one state. Older bytecode cannot hold
// the attribute: writing it there refuses any other value.
class CudaTile_SinceAlwaysWritten<Attr attr, string version, code wireDefault,
                                  code isWireDefault, string desc = "">
    : CudaTile_Since<OptionalAttr<attr>, version, desc> {
  code bytecodeWireDefault = wireDefault;
  code bytecodeIsWireDefault = isWireDefault;
}

// One bool per value of the variadic operand `operand` (a one-word name),
// all false when absent.
class CudaTile_SinceBoolPerValue<string operand, string version,
                                 string desc = "">
    : CudaTile_SinceAlwaysWritten<DenseBoolArrayAttr, version,
          "$_builder.getDenseBoolArrayAttr(::llvm::SmallVector<bool>($_op.get"
              # !toupper(!substr(operand, 0, 1)) # !substr(operand, 1)
              # "().size(), false))",
          "!::llvm::is_contained($_self.asArrayRef(), true)", desc> {
  // Which operand the array follows, for generators that cannot run
  // `wireDefault` (python/tools/gen_tables.py).
  string boolPerValueOf = operand;
}

#endif // CUDA_TILE_IR_CUDATILEOPBASE_TD
