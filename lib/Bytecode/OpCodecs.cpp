//===- OpCodecs.cpp - the generated op encoders and decoders ---------------===//
//
// Instantiates the per-op codecs cuda-tile-tblgen derives from ODS and the
// lookups the writer (by op TypeID) and the reader (by opcode) use.
//
//===----------------------------------------------------------------------===//

#include "OpCodec.h"

#include "llvm/ADT/DenseMap.h"

#include <array>
#include <limits>
#include <optional>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace mlir::cuda_tile::bytecode {
namespace {
#define GET_BYTECODE_OP_CODECS
#include "cuda_tile/Bytecode/CudaTileBytecodeOpCodecs.inc"
} // namespace

const OpCodec *lookupCodec(uint32_t opcode) {
  // Opcodes are dense and small: index them directly.
  static const std::vector<const OpCodec *> byOpcode = [] {
    uint32_t max = 0;
    for (const OpCodec &codec : kOpCodecs)
      max = std::max(max, codec.opcode);
    std::vector<const OpCodec *> table(max + 1, nullptr);
    for (const OpCodec &codec : kOpCodecs)
      table[codec.opcode] = &codec;
    return table;
  }();
  return opcode < byOpcode.size() ? byOpcode[opcode] : nullptr;
}

const OpCodec *lookupCodec(TypeID opType) {
  static const llvm::DenseMap<TypeID, const OpCodec *> byType = [] {
    llvm::DenseMap<TypeID, const OpCodec *> map;
    for (const OpCodec &codec : kOpCodecs)
      map[codec.getTypeID()] = &codec;
    return map;
  }();
  return byType.lookup(opType);
}

} // namespace mlir::cuda_tile::bytecode
