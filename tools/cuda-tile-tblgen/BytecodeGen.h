//===- BytecodeGen.h - cuda_tile bytecode TableGen backends ------*- C++ -*-===//
#ifndef CUDA_TILE_TBLGEN_BYTECODEGEN_H
#define CUDA_TILE_TBLGEN_BYTECODEGEN_H

namespace llvm {
class RecordKeeper;
class raw_ostream;
} // namespace llvm

namespace cuda_tile_tblgen {
/// Each returns true on error, as TableGen backends do.
bool emitBytecodeOpcodes(const llvm::RecordKeeper &records,
                         llvm::raw_ostream &os);
bool emitBytecodeOpCodecs(const llvm::RecordKeeper &records,
                          llvm::raw_ostream &os);
bool emitBytecodeFieldTable(const llvm::RecordKeeper &records,
                            llvm::raw_ostream &os);
} // namespace cuda_tile_tblgen

#endif // CUDA_TILE_TBLGEN_BYTECODEGEN_H
