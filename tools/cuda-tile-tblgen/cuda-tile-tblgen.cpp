//===- cuda-tile-tblgen.cpp - TableGen driver for the cuda_tile bytecode --===//
//
// A TableGen binary with the backends that turn the ODS description of the
// cuda_tile dialect into the bytecode tables and op codecs (see
// BytecodeGen.cpp). Only these backends are linked; the usual MLIR backends
// stay in mlir-tblgen.
//
//===----------------------------------------------------------------------===//

#include "BytecodeGen.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"

using namespace llvm;

namespace {
enum class Action { None, Opcodes, OpCodecs, FieldTable };

cl::opt<Action> action(
    cl::desc("Backend to run:"), cl::init(Action::None),
    cl::values(
        clEnumValN(Action::Opcodes, "gen-bytecode-opcodes",
                   "Opcode enum, op table (name, opcode, since-version) and "
                   "type tag tables"),
        clEnumValN(Action::OpCodecs, "gen-bytecode-op-codecs",
                   "Per-op bytecode encode and decode functions"),
        clEnumValN(Action::FieldTable, "gen-bytecode-field-table",
                   "Markdown table of every op's wire fields, in order")));

bool dispatch(raw_ostream &os, const RecordKeeper &records) {
  switch (action) {
  case Action::Opcodes:
    return cuda_tile_tblgen::emitBytecodeOpcodes(records, os);
  case Action::OpCodecs:
    return cuda_tile_tblgen::emitBytecodeOpCodecs(records, os);
  case Action::FieldTable:
    return cuda_tile_tblgen::emitBytecodeFieldTable(records, os);
  case Action::None:
    break;
  }
  errs() << "cuda-tile-tblgen: no backend selected (see --help)\n";
  return true;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "cuda_tile bytecode table generator\n");
  return TableGenMain(argv[0], &dispatch);
}
