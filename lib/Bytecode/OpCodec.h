//===- OpCodec.h - interface of the generated op codecs ----------*- C++ -*-===//
//
// The generated per-op encode and decode functions
// (CudaTileBytecodeOpCodecs.inc, see tools/cuda-tile-tblgen) are written
// against OpEncoder and OpDecoder: what an op needs to write or read its
// fields (varints, types, strings, operands, attributes, regions) and to
// report version conflicts. The writer and the reader implement them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LIB_BYTECODE_OPCODEC_H
#define CUDA_TILE_LIB_BYTECODE_OPCODEC_H

#include "Encoding.h"

#include "cuda_tile/Bytecode/BytecodeVersion.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/TypeID.h"

namespace mlir::cuda_tile::bytecode {

class ModuleWriter;
class FunctionReader;

/// What a generated encoder writes an op's fields with. Writes go to the body
/// of the function being written; types, strings and constants are interned
/// in the module's tables.
class OpEncoder {
public:
  OpEncoder(ModuleWriter &writer, EncodingWriter &out)
      : writer(writer), out(out) {}

  BytecodeVersion getVersion() const;

  void writeVarint(uint64_t value) { out.writeVarint(value); }
  void writeByte(uint8_t value) { out.writeByte(value); }
  void writeI32Array(llvm::ArrayRef<int32_t> values);
  /// A count, then one byte (0 or 1) per element.
  void writeBoolArray(llvm::ArrayRef<bool> values);
  /// These record a failure (reported at the op being written) when the
  /// type has no encoding or the value was not defined before.
  void writeType(Type type);
  void writeString(llvm::StringRef value);
  void writeOperand(Value value);

  LogicalResult writeConstant(Operation *op, ElementsAttr value, Type type);
  LogicalResult writeAttributeArray(Operation *op, ArrayAttr array);
  LogicalResult writeSelfContainedAttr(Operation *op, Attribute attr);
  /// A dialect attribute whose kind the op implies: its self-contained
  /// encoding without the tag.
  LogicalResult writeInlineAttr(Operation *op, Attribute attr);
  LogicalResult writeRegions(Operation *op);

  LogicalResult emitUsedResultTooNew(Operation *op, llvm::StringRef name,
                                     BytecodeVersion since);
  LogicalResult emitOptionalTooNew(Operation *op, llvm::StringRef kind,
                                   llvm::StringRef name,
                                   BytecodeVersion since);
  LogicalResult emitAttributeTooNew(Operation *op, llvm::StringRef name,
                                    BytecodeVersion since);
  /// An enum attribute holding a case newer than the target.
  LogicalResult emitAttributeValueTooNew(Operation *op, llvm::StringRef name,
                                         llvm::StringRef keyword,
                                         BytecodeVersion since);
  LogicalResult emitMissingAttribute(Operation *op, llvm::StringRef name);

  EncodingWriter &getOutput() { return out; }

private:
  ModuleWriter &writer;
  EncodingWriter &out;
};

/// What a generated decoder reads an op's fields with. Every read checks its
/// bounds and reports malformed input itself; decoders only propagate
/// failure.
class OpDecoder {
public:
  OpDecoder(FunctionReader &reader, EncodingReader &in)
      : reader(reader), in(in) {}

  BytecodeVersion getVersion() const;
  Builder &getBuilder();

  /// Names the op being read (its C++ class and op name) for diagnostics.
  void beginOp(llvm::StringRef className, llvm::StringRef opName) {
    opClassName = className;
    this->opName = opName;
    numResultTypes = 0;
    numOperands = 0;
  }

  LogicalResult readVarint(uint64_t &value);
  /// The number of results of an op with variadic results.
  LogicalResult readResultCount(uint64_t &value);
  /// The type of the next result.
  LogicalResult readResultType(Type &type);
  /// The number of operands of an op that writes its operand count.
  LogicalResult readOperandCount(uint64_t &value);
  /// The size of a variadic operand segment and an operand of a segment.
  LogicalResult readSegmentSize(uint64_t &value, llvm::StringRef segment);
  LogicalResult readSegmentOperand(Value &value, llvm::StringRef segment,
                                   uint64_t element);
  LogicalResult readEnumValue(uint64_t &value);
  /// A count of items that each take at least one byte: larger than what is
  /// left of the body means malformed input.
  LogicalResult readCount(uint64_t &value);
  LogicalResult readBool(bool &value);
  /// The flags varint of an op with `numBits` optional fields.
  LogicalResult readFlags(uint64_t &value, unsigned numBits);
  LogicalResult readType(Type &type);
  LogicalResult readString(StringAttr &value);
  LogicalResult readSymbolName(StringAttr &value);
  LogicalResult readOperand(Value &value);
  LogicalResult readI32Array(llvm::SmallVectorImpl<int32_t> &values);
  LogicalResult readBoolArray(llvm::SmallVectorImpl<bool> &values);
  LogicalResult readIntegerAttr(unsigned width, IntegerAttr &attr);
  /// A constant pool index; `type` is the tile type of the value.
  LogicalResult readConstant(Type type, Attribute &attr);
  LogicalResult readAttributeArray(ArrayAttr &attr);
  LogicalResult readSelfContainedAttr(Attribute &attr);
  LogicalResult readInlineAttr(OptimizationHintsAttr &attr);
  LogicalResult readRegions(OperationState &state, unsigned numRegions);

  LogicalResult emitInvalidEnum(llvm::StringRef name, uint64_t value,
                                bool optional);
  /// The follow-up of a failed attribute read.
  LogicalResult emitAttrFailure(llvm::StringRef name, bool optional);
  /// The reference's words where an op has results newer than itself.
  LogicalResult emitCompatibleResultCountMismatch(uint64_t count,
                                                  unsigned expected);
  LogicalResult emitOperandCountMismatch(uint64_t count, unsigned expected,
                                         bool atLeast);
  /// A self-contained attribute of the interface `className` that attribute
  /// `name` takes could not be read, in the reference's words.
  LogicalResult emitSelfContainedFailure(llvm::StringRef name,
                                         llvm::StringRef className,
                                         bool optional);
  /// A self-contained attribute that is not of the interface `className`
  /// attribute `name` takes, in the reference's words.
  LogicalResult emitAttrCastFailure(llvm::StringRef name,
                                    llvm::StringRef className, bool optional);
  LogicalResult emitFlagTooNew(llvm::StringRef name, BytecodeVersion since);

  /// Result `index` of the op being read was not written (it is newer than
  /// the file) and gets no value number.
  void markResultUnnumbered(unsigned index) { unnumbered.push_back(index); }
  llvm::ArrayRef<unsigned> getUnnumberedResults() const { return unnumbered; }

private:
  FunctionReader &reader;
  EncodingReader &in;
  llvm::SmallVector<unsigned, 1> unnumbered;
  llvm::StringRef opClassName, opName;
  unsigned numResultTypes = 0;
  unsigned numOperands = 0;
};

using OpEncodeFn = LogicalResult (*)(Operation *, OpEncoder &,
                                     llvm::SmallVectorImpl<Value> &);
using OpDecodeFn = LogicalResult (*)(OpDecoder &, OperationState &);

/// The codec of one body op.
struct OpCodec {
  uint32_t opcode;
  llvm::StringLiteral name;
  TypeID (*getTypeID)();
  BytecodeVersion since;
  /// Writes the op's fields after its opcode and appends the results that
  /// get value numbers (all but those too new for the target) to the vector.
  OpEncodeFn encode;
  /// Reads the op's fields into an OperationState.
  OpDecodeFn decode;
};

/// The codec of the op with `opcode`, or null.
const OpCodec *lookupCodec(uint32_t opcode);
/// The codec of an op by its TypeID, or null (not a body op).
const OpCodec *lookupCodec(TypeID opType);

} // namespace mlir::cuda_tile::bytecode

#endif // CUDA_TILE_LIB_BYTECODE_OPCODEC_H
