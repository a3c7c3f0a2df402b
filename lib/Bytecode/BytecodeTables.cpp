//===- BytecodeTables.cpp - opcode and type tag tables ---------------------===//

#include "cuda_tile/Bytecode/BytecodeTables.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>

using namespace mlir;

namespace mlir::cuda_tile::bytecode {
namespace {
#define GET_BYTECODE_OPCODE_TABLE
#include "cuda_tile/Bytecode/CudaTileBytecodeOpcodes.inc"
#define GET_BYTECODE_TYPE_TABLES
#include "cuda_tile/Bytecode/CudaTileBytecodeOpcodes.inc"
} // namespace

llvm::ArrayRef<OpcodeInfo> getOpcodeTable() { return kOpcodeTable; }

const OpcodeInfo *lookupOpcode(uint32_t opcode) {
  // The table is sorted by opcode.
  const OpcodeInfo *it = std::lower_bound(
      std::begin(kOpcodeTable), std::end(kOpcodeTable), opcode,
      [](const OpcodeInfo &info, uint32_t value) {
        return info.opcode < value;
      });
  if (it == std::end(kOpcodeTable) || it->opcode != opcode)
    return nullptr;
  return it;
}

const OpcodeInfo *lookupOpcode(llvm::StringRef name) {
  for (const OpcodeInfo &info : kOpcodeTable)
    if (info.name == name)
      return &info;
  return nullptr;
}

uint32_t getMaxOpcode(BytecodeVersion version) {
  uint32_t max = 0;
  for (const OpcodeInfo &info : kOpcodeTable)
    if (info.since <= version)
      max = std::max(max, info.opcode);
  return max;
}

llvm::ArrayRef<ScalarTypeInfo> getScalarTypeTable() {
  return kScalarTypeTable;
}

llvm::ArrayRef<TypeTagInfo> getDialectTypeTable() {
  return kDialectTypeTable;
}

std::string TypeTagInfo::getMessageName() const {
  return tag == TypeTag::Float8E5M3FNU ? name.str() : (name + "Type").str();
}

} // namespace mlir::cuda_tile::bytecode
