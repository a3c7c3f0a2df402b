//===- BytecodeWriter.cpp - cuda_tile bytecode writer ----------------------===//
//
// Writes a cuda_tile.module as bytecode. The tables (strings, types,
// constants, debug info) are filled in the order the reference writer fills
// them, so that equal modules give equal bytes:
//
//  1. per function: its name, its signature type and, when its location is a
//     debug location, that location;
//  2. the global section: per global its name, value type and value;
//  3. the function section: per function its optimization hints, then its
//     body in pre-order (per op: location, result types, attributes, nested
//     regions);
//  4. the constant, debug (interning the strings of debug attributes now),
//     type, producer (interning the producer now) and string sections.
//
// The op fields themselves are written by the generated codecs (OpCodecs.cpp).
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeWriter.h"

#include "Encoding.h"
#include "OpCodec.h"

#include "cuda_tile/Bytecode/BytecodeTables.h"
#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/IR/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::bytecode;

namespace mlir::cuda_tile::bytecode {

/// One debug-info table entry before serialization: string fields are kept
/// as text because their strings are interned only when the debug section is
/// written.
struct DebugEntry {
  struct Field {
    enum Kind : uint8_t { Number, String } kind;
    uint64_t number = 0;
    StringRef string;
  };
  DebugTag tag;
  SmallVector<Field, 6> fields;
};

class ModuleWriter {
public:
  ModuleWriter(MLIRContext *context, BytecodeVersion version)
      : context(context), version(version) {}

  LogicalResult write(cuda_tile::ModuleOp module, EncodingWriter &file);

  //===--------------------------------------------------------------------===//
  // Used by OpEncoder.
  //===--------------------------------------------------------------------===//

  BytecodeVersion getVersion() const { return version; }
  unsigned internString(StringRef value);
  /// Registers `type` (its component types first); reports failure at
  /// `user` when the type has no encoding.
  FailureOr<unsigned> registerType(Type type, Operation *user);
  unsigned internConstant(Type type, ArrayRef<char> raw);
  /// `name` is the dictionary key the attribute is the value of, or
  /// "arrayElement" (the reference's error for an attribute it cannot write
  /// names it so).
  LogicalResult writeAttribute(EncodingWriter &out, Attribute attr,
                               Operation *user, bool withTag,
                               unsigned depth = 0, StringRef name = {});
  LogicalResult writeDictionaryBody(EncodingWriter &out, DictionaryAttr dict,
                                    Operation *user, unsigned depth);
  LogicalResult writeOp(Operation *op, EncodingWriter &out);
  /// Refuses rounding modes that a conversion took only from a later
  /// version on.
  LogicalResult checkRoundingModeVersion(Operation *op);
  LogicalResult writeRegions(Operation *op, EncodingWriter &out);

  /// Sticky failure of a void write (writeType, writeOperand) of the op
  /// being encoded.
  void recordFailure() { failedWrite = true; }
  Operation *getCurrentOp() const { return currentOp; }
  std::optional<unsigned> lookupValue(Value value) const {
    auto it = valueIds.find(value);
    if (it == valueIds.end())
      return std::nullopt;
    return it->second;
  }

private:
  const ScalarTypeInfo *lookupScalar(Type type);
  LogicalResult serializeType(EncodingWriter &out, Type type);
  void writeI32Array(EncodingWriter &out, ArrayRef<int32_t> values);
  void writeI64Array(EncodingWriter &out, ArrayRef<int64_t> values);

  /// Checks that a location can be encoded (a debug location, a call site of
  /// such, a file location or unknown); reports at `user` otherwise.
  LogicalResult checkLocation(Location loc, Operation *user);
  /// Registers a location in the debug table: 0 for file and unknown
  /// locations.
  FailureOr<uint64_t> registerLocation(Location loc, Operation *user);
  FailureOr<uint64_t> registerScope(Attribute scope, Operation *user);
  uint64_t registerFile(DIFileAttr file);
  uint64_t addDebugEntry(DebugEntry entry);

  LogicalResult writeGlobals(ArrayRef<GlobalOp> globals,
                             EncodingWriter &section);
  LogicalResult writeFunctions(ArrayRef<EntryOp> entries,
                               EncodingWriter &section);
  void writeConstantSection(EncodingWriter &section);
  void writeDebugSection(EncodingWriter &section);
  LogicalResult writeTypeSection(EncodingWriter &section);
  void writeStringSection(EncodingWriter &section);

  MLIRContext *context;
  BytecodeVersion version;
  unsigned regionDepth = 0;

  // Strings, in first-use order.
  llvm::StringMap<unsigned> stringIds;
  std::vector<StringRef> strings;

  // Types, dependencies before users.
  llvm::DenseMap<Type, unsigned> typeIds;
  std::vector<Type> types;
  llvm::DenseMap<Type, const ScalarTypeInfo *> scalarTypes;
  bool scalarTypesBuilt = false;

  // Constants, keyed by (type, raw bytes).
  llvm::DenseMap<std::pair<const void *, StringRef>, unsigned> constantIds;
  std::vector<StringRef> constants;

  // Debug info.
  llvm::DenseMap<Attribute, uint64_t> debugIdsByAttr;
  llvm::StringMap<uint64_t> debugIdsByContent;
  std::vector<DebugEntry> debugEntries;
  std::vector<std::vector<uint64_t>> debugFunctionLists;
  std::vector<uint64_t> *currentDebugList = nullptr;

  // Function bodies.
  llvm::DenseMap<Value, unsigned> valueIds;
  unsigned nextValueId = 0;
  Operation *currentOp = nullptr;
  bool failedWrite = false;

  struct FunctionHeader {
    unsigned name;
    unsigned signature;
    uint64_t debugIndex;
  };
  std::vector<FunctionHeader> functionHeaders;
};

} // namespace mlir::cuda_tile::bytecode

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

unsigned ModuleWriter::internString(StringRef value) {
  auto [it, inserted] = stringIds.try_emplace(value, strings.size());
  if (inserted)
    strings.push_back(it->getKey());
  return it->second;
}

const ScalarTypeInfo *ModuleWriter::lookupScalar(Type type) {
  if (!scalarTypesBuilt) {
    Builder builder(context);
    for (const ScalarTypeInfo &info : getScalarTypeTable())
      scalarTypes[info.build(builder)] = &info;
    scalarTypesBuilt = true;
  }
  return scalarTypes.lookup(type);
}

FailureOr<unsigned> ModuleWriter::registerType(Type type, Operation *user) {
  auto it = typeIds.find(type);
  if (it != typeIds.end())
    return it->second;

  // Component types get lower indices.
  SmallVector<Type, 4> components;
  bool encodable = true;
  llvm::TypeSwitch<Type>(type)
      .Case([&](TileType t) { components.push_back(t.getElementType()); })
      .Case([&](PointerType t) { components.push_back(t.getPointeeType()); })
      .Case([&](TensorViewType t) { components.push_back(t.getElementType()); })
      .Case([&](PartitionViewType t) { components.push_back(t.getTensorView()); })
      .Case([&](GatherScatterViewType t) {
        components.push_back(t.getTensorView());
      })
      .Case([&](StridedViewType t) { components.push_back(t.getTensorView()); })
      .Case([&](FunctionType t) {
        llvm::append_range(components, t.getInputs());
        llvm::append_range(components, t.getResults());
      })
      .Case<TokenType, Float8E5M3FNUType>([&](auto) {})
      .Default([&](Type t) { encodable = lookupScalar(t) != nullptr; });
  if (!encodable) {
    // The reference's unlocated error first; a note says where and which.
    InFlightDiagnostic diag = emitError(UnknownLoc::get(context))
                              << "unsupported type in bytecode writer";
    Location where = user ? user->getLoc() : UnknownLoc::get(context);
    diag.attachNote(where) << "type " << type << " has no bytecode encoding";
    return failure();
  }
  // The reference's types are refused where they are written, without a
  // location as it does; 13.4's f8E5M3FNU at the first op that uses it.
  if (isa<Float8E5M3FNUType>(type)) {
    for (const TypeTagInfo &info : getDialectTypeTable())
      if (info.tag == TypeTag::Float8E5M3FNU && version < info.since) {
        InFlightDiagnostic diag =
            user ? user->emitError() : emitError(UnknownLoc::get(context));
        diag << "type '" << info.getMessageName() << "' requires bytecode version "
             << info.since.str() << "+, targeting " << version.str();
        return failure();
      }
  }
  for (Type component : components)
    if (failed(registerType(component, user)))
      return failure();
  unsigned id = types.size();
  typeIds[type] = id;
  types.push_back(type);
  return id;
}

unsigned ModuleWriter::internConstant(Type type, ArrayRef<char> raw) {
  StringRef bytes(raw.data(), raw.size());
  auto [it, inserted] = constantIds.try_emplace(
      std::make_pair(type.getAsOpaquePointer(), bytes), constants.size());
  if (inserted)
    constants.push_back(bytes);
  return it->second;
}

void ModuleWriter::writeI32Array(EncodingWriter &out,
                                 ArrayRef<int32_t> values) {
  out.writeVarint(values.size());
  for (int32_t value : values)
    out.writeLE<uint32_t>(static_cast<uint32_t>(value));
}

void ModuleWriter::writeI64Array(EncodingWriter &out,
                                 ArrayRef<int64_t> values) {
  out.writeVarint(values.size());
  for (int64_t value : values)
    out.writeLE<uint64_t>(static_cast<uint64_t>(value));
}

//===----------------------------------------------------------------------===//
// Self-contained attributes
//===----------------------------------------------------------------------===//

static constexpr unsigned kMaxAttributeDepth = 64;

LogicalResult ModuleWriter::writeDictionaryBody(EncodingWriter &out,
                                                DictionaryAttr dict,
                                                Operation *user,
                                                unsigned depth) {
  out.writeVarint(dict.size());
  for (NamedAttribute entry : dict) {
    out.writeVarint(internString(entry.getName().getValue()));
    if (failed(writeAttribute(out, entry.getValue(), user, /*withTag=*/true,
                              depth + 1, entry.getName().getValue())))
      return failure();
  }
  return success();
}

LogicalResult ModuleWriter::writeAttribute(EncodingWriter &out, Attribute attr,
                                           Operation *user, bool withTag,
                                           unsigned depth, StringRef name) {
  auto fail = [&]() -> LogicalResult {
    InFlightDiagnostic diag =
        user ? user->emitError() : emitError(UnknownLoc::get(context));
    if (!name.empty())
      diag << "unsupported attribute type encountered during serialization "
              "of attribute '"
           << name << "': " << attr;
    else
      diag << "attribute " << attr
           << " cannot be written to cuda_tile bytecode";
    return failure();
  };
  if (depth > kMaxAttributeDepth) {
    InFlightDiagnostic diag =
        user ? user->emitError() : emitError(UnknownLoc::get(context));
    diag << "attribute nesting deeper than " << kMaxAttributeDepth
         << " levels cannot be written to cuda_tile bytecode";
    return failure();
  }
  auto tag = [&](AttrTag value) {
    if (withTag)
      out.writeVarint(static_cast<uint64_t>(value));
  };

  if (auto intAttr = dyn_cast<IntegerAttr>(attr)) {
    APInt value = intAttr.getValue();
    if (!isa<IntegerType>(intAttr.getType()) || value.getBitWidth() > 64)
      return fail();
    tag(AttrTag::Integer);
    FailureOr<unsigned> type = registerType(intAttr.getType(), user);
    if (failed(type))
      return failure();
    out.writeVarint(*type);
    out.writeVarint(value.getZExtValue());
    return success();
  }
  if (auto floatAttr = dyn_cast<FloatAttr>(attr)) {
    APInt bits = floatAttr.getValue().bitcastToAPInt();
    if (bits.getBitWidth() > 64)
      return fail();
    tag(AttrTag::Float);
    FailureOr<unsigned> type = registerType(floatAttr.getType(), user);
    if (failed(type))
      return failure();
    out.writeVarint(*type);
    if (bits.getBitWidth() <= 8)
      out.writeByte(static_cast<uint8_t>(bits.getZExtValue()));
    else
      out.writeSignedVarint(static_cast<int64_t>(bits.getZExtValue()));
    return success();
  }
  if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
    tag(AttrTag::Type);
    FailureOr<unsigned> type = registerType(typeAttr.getValue(), user);
    if (failed(type))
      return failure();
    out.writeVarint(*type);
    return success();
  }
  if (auto stringAttr = dyn_cast<StringAttr>(attr)) {
    tag(AttrTag::String);
    out.writeVarint(internString(stringAttr.getValue()));
    return success();
  }
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    tag(AttrTag::Array);
    out.writeVarint(array.size());
    for (Attribute element : array)
      if (failed(writeAttribute(out, element, user, /*withTag=*/true,
                                depth + 1, "arrayElement")))
        return failure();
    return success();
  }
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(attr)) {
    // Dense values are stored with their tile type.
    if (!isa<TileType>(dense.getType()))
      return fail();
    tag(AttrTag::DenseElements);
    FailureOr<unsigned> type = registerType(dense.getType(), user);
    if (failed(type))
      return failure();
    out.writeVarint(*type);
    out.writeVarint(internConstant(dense.getType(), dense.getRawData()));
    return success();
  }
  if (auto divBy = dyn_cast<DivByAttr>(attr)) {
    tag(AttrTag::DivBy);
    out.writeVarint(divBy.getDivisor());
    std::optional<int64_t> every = divBy.getEvery(), along = divBy.getAlong();
    out.writeByte((every ? 1 : 0) | (along ? 2 : 0));
    if (every)
      out.writeSignedVarint(*every);
    if (along)
      out.writeSignedVarint(*along);
    return success();
  }
  if (auto same = dyn_cast<SameElementsAttr>(attr)) {
    tag(AttrTag::SameElements);
    writeI64Array(out, same.getValues().asArrayRef());
    return success();
  }
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    tag(AttrTag::Dictionary);
    return writeDictionaryBody(out, dict, user, depth);
  }
  if (auto hints = dyn_cast<OptimizationHintsAttr>(attr)) {
    tag(AttrTag::OptimizationHints);
    return writeDictionaryBody(out, hints.getValue(), user, depth);
  }
  if (auto bounded = dyn_cast<BoundedAttr>(attr)) {
    tag(AttrTag::Bounded);
    std::optional<int64_t> lb = bounded.getLb(), ub = bounded.getUb();
    out.writeByte((lb ? 1 : 0) | (ub ? 2 : 0));
    if (lb)
      out.writeSignedVarint(*lb);
    if (ub)
      out.writeSignedVarint(*ub);
    return success();
  }
  return fail();
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

/// The name writer diagnostics give a location kind.
static StringRef getLocationKindName(Location loc) {
  return llvm::TypeSwitch<LocationAttr, StringRef>(loc)
      .Case([](NameLoc) { return "NameLoc"; })
      .Case([](FusedLoc) { return "FusedLoc"; })
      .Case([](OpaqueLoc) { return "OpaqueLoc"; })
      .Case([](CallSiteLoc) { return "CallSiteLoc"; })
      .Case([](FileLineColRange) { return "FileLineColLoc"; })
      .Case([](UnknownLoc) { return "UnknownLoc"; })
      .Default([](LocationAttr) { return "LocationAttr"; });
}

static LogicalResult emitUnsupportedLocation(Location loc, Operation *user) {
  InFlightDiagnostic diag = user ? user->emitError()
                                 : emitError(loc);
  diag << "unsupported location, got " << getLocationKindName(loc)
       << ", expected DILocAttr or CallSiteLoc";
  return failure();
}

LogicalResult ModuleWriter::checkLocation(Location loc, Operation *user) {
  if (isa<UnknownLoc, FileLineColRange, DILocAttr>(loc))
    return success();
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return success(succeeded(checkLocation(callSite.getCallee(), user)) &&
                   succeeded(checkLocation(callSite.getCaller(), user)));
  return emitUnsupportedLocation(loc, user);
}

uint64_t ModuleWriter::addDebugEntry(DebugEntry entry) {
  // Entries are identified by what is written, so that locations that differ
  // only in what the bytecode drops share an entry.
  std::string key;
  {
    llvm::raw_string_ostream os(key);
    os << static_cast<unsigned>(entry.tag);
    for (const DebugEntry::Field &field : entry.fields) {
      if (field.kind == DebugEntry::Field::Number)
        os << ",n" << field.number;
      else
        os << ",s" << field.string.size() << ':' << field.string;
    }
  }
  auto [it, inserted] =
      debugIdsByContent.try_emplace(key, debugEntries.size() + 1);
  if (inserted)
    debugEntries.push_back(std::move(entry));
  return it->second;
}

uint64_t ModuleWriter::registerFile(DIFileAttr file) {
  auto it = debugIdsByAttr.find(file);
  if (it != debugIdsByAttr.end())
    return it->second;
  DebugEntry entry{DebugTag::File, {}};
  entry.fields.push_back({DebugEntry::Field::String, 0,
                          file.getName().getValue()});
  entry.fields.push_back({DebugEntry::Field::String, 0,
                          file.getDirectory().getValue()});
  uint64_t id = addDebugEntry(std::move(entry));
  debugIdsByAttr[file] = id;
  return id;
}

FailureOr<uint64_t> ModuleWriter::registerScope(Attribute scope,
                                                Operation *user) {
  auto it = debugIdsByAttr.find(scope);
  if (it != debugIdsByAttr.end())
    return it->second;
  using Field = DebugEntry::Field;
  uint64_t id;
  if (auto subprogram = dyn_cast<DISubprogramAttr>(scope)) {
    uint64_t file = registerFile(subprogram.getFile());
    DICompileUnitAttr unit = subprogram.getCompileUnit();
    uint64_t unitId;
    if (auto found = debugIdsByAttr.find(unit); found != debugIdsByAttr.end()) {
      unitId = found->second;
    } else {
      uint64_t unitFile = registerFile(unit.getFile());
      unitId = addDebugEntry({DebugTag::CompileUnit,
                              {Field{Field::Number, unitFile, {}}}});
      debugIdsByAttr[unit] = unitId;
    }
    DebugEntry entry{DebugTag::Subprogram, {}};
    entry.fields.push_back({Field::Number, file, {}});
    entry.fields.push_back({Field::Number, subprogram.getLine(), {}});
    entry.fields.push_back(
        {Field::String, 0, subprogram.getName().getValue()});
    entry.fields.push_back(
        {Field::String, 0, subprogram.getLinkageName().getValue()});
    entry.fields.push_back({Field::Number, unitId, {}});
    entry.fields.push_back({Field::Number, subprogram.getScopeLine(), {}});
    id = addDebugEntry(std::move(entry));
  } else if (auto block = dyn_cast<DILexicalBlockAttr>(scope)) {
    FailureOr<uint64_t> parent = registerScope(block.getScope(), user);
    if (failed(parent))
      return failure();
    uint64_t file = registerFile(block.getFile());
    DebugEntry entry{DebugTag::LexicalBlock, {}};
    entry.fields.push_back({Field::Number, *parent, {}});
    entry.fields.push_back({Field::Number, file, {}});
    entry.fields.push_back({Field::Number, block.getLine(), {}});
    entry.fields.push_back({Field::Number, block.getColumn(), {}});
    id = addDebugEntry(std::move(entry));
  } else {
    InFlightDiagnostic diag =
        user ? user->emitError() : emitError(UnknownLoc::get(context));
    diag << "unsupported debug info scope " << scope
         << ", expected a di_subprogram or a di_lexical_block";
    return failure();
  }
  debugIdsByAttr[scope] = id;
  return id;
}

FailureOr<uint64_t> ModuleWriter::registerLocation(Location loc,
                                                   Operation *user) {
  if (isa<UnknownLoc, FileLineColRange>(loc))
    return uint64_t(0);
  auto it = debugIdsByAttr.find(loc);
  if (it != debugIdsByAttr.end())
    return it->second;
  using Field = DebugEntry::Field;
  uint64_t id;
  if (auto diLoc = dyn_cast<DILocAttr>(loc)) {
    FailureOr<uint64_t> scope = registerScope(diLoc.getScope(), user);
    if (failed(scope))
      return failure();
    FileLineColLoc source = diLoc.getSourceLoc();
    DebugEntry entry{DebugTag::Loc, {}};
    entry.fields.push_back({Field::Number, *scope, {}});
    entry.fields.push_back({Field::String, 0, source.getFilename().getValue()});
    entry.fields.push_back({Field::Number, source.getLine(), {}});
    entry.fields.push_back({Field::Number, source.getColumn(), {}});
    id = addDebugEntry(std::move(entry));
  } else if (auto callSite = dyn_cast<CallSiteLoc>(loc)) {
    FailureOr<uint64_t> callee = registerLocation(callSite.getCallee(), user);
    if (failed(callee))
      return failure();
    FailureOr<uint64_t> caller = registerLocation(callSite.getCaller(), user);
    if (failed(caller))
      return failure();
    id = addDebugEntry({DebugTag::CallSite,
                        {Field{Field::Number, *callee, {}},
                         Field{Field::Number, *caller, {}}}});
  } else {
    return emitUnsupportedLocation(loc, user);
  }
  debugIdsByAttr[loc] = id;
  return id;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

// (The rounding enum's own 13.4 case, nearest_away, is refused by the op's
// encoder.)
LogicalResult ModuleWriter::checkRoundingModeVersion(Operation *op) {
  auto ftof = dyn_cast<FToFOp>(op);
  if (!ftof || version >= kFToFRoundingTableVersion ||
      ftof.getRoundingMode() == RoundingMode::NearestAway ||
      ftof.isRoundingModeIn13_3())
    return success();
  return op->emitError() << "rounding mode '"
                         << stringifyRoundingMode(ftof.getRoundingMode())
                         << "' of a conversion from "
                         << ftof.getFrom().getType().getElementType()
                         << " to " << ftof.getTo().getType().getElementType()
                         << " requires bytecode version "
                         << kFToFRoundingTableVersion.str()
                         << "+, but targeting " << version.str();
}

LogicalResult ModuleWriter::writeOp(Operation *op, EncodingWriter &out) {
  const OpCodec *codec = lookupCodec(op->getName().getTypeID());
  if (!codec)
    return op->emitError() << "operation '" << op->getName()
                           << "' cannot be written to cuda_tile bytecode";
  if (version < codec->since)
    return op->emitError() << "operation '" << op->getName()
                           << "' is not available in bytecode version "
                           << version.str();
  if (failed(checkRoundingModeVersion(op)))
    return failure();
  out.writeVarint(codec->opcode);
  if (currentDebugList) {
    FailureOr<uint64_t> loc = registerLocation(op->getLoc(), op);
    if (failed(loc))
      return failure();
    currentDebugList->push_back(*loc);
  } else if (failed(checkLocation(op->getLoc(), op))) {
    return failure();
  }

  Operation *parentOp = currentOp;
  currentOp = op;
  SmallVector<Value, 4> results;
  OpEncoder encoder(*this, out);
  if (failed(codec->encode(op, encoder, results)) || failedWrite)
    return failure();
  currentOp = parentOp;
  for (Value result : results)
    valueIds[result] = nextValueId++;
  return success();
}

LogicalResult ModuleWriter::writeRegions(Operation *op, EncodingWriter &out) {
  // The reader's bound: nothing is written that it would refuse.
  if (regionDepth >= kMaxRegionNestingDepth)
    return op->emitError() << "regions nested deeper than "
                           << kMaxRegionNestingDepth
                           << " levels cannot be written to cuda_tile bytecode";
  ++regionDepth;
  auto leave = llvm::make_scope_exit([&] { --regionDepth; });
  out.writeVarint(op->getNumRegions());
  for (Region &region : op->getRegions()) {
    out.writeVarint(region.getBlocks().size());
    for (Block &block : region) {
      unsigned scopeStart = nextValueId;
      out.writeVarint(block.getNumArguments());
      for (BlockArgument arg : block.getArguments()) {
        FailureOr<unsigned> type = registerType(arg.getType(), op);
        if (failed(type))
          return failure();
        out.writeVarint(*type);
        valueIds[arg] = nextValueId++;
      }
      out.writeVarint(block.getOperations().size());
      for (Operation &nested : block)
        if (failed(writeOp(&nested, out)))
          return failure();
      nextValueId = scopeStart;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// OpEncoder
//===----------------------------------------------------------------------===//

BytecodeVersion OpEncoder::getVersion() const { return writer.getVersion(); }

void OpEncoder::writeI32Array(ArrayRef<int32_t> values) {
  out.writeVarint(values.size());
  for (int32_t value : values)
    out.writeLE<uint32_t>(static_cast<uint32_t>(value));
}

void OpEncoder::writeBoolArray(ArrayRef<bool> values) {
  out.writeVarint(values.size());
  for (bool value : values)
    out.writeByte(value ? 1 : 0);
}

void OpEncoder::writeType(Type type) {
  FailureOr<unsigned> id = writer.registerType(type, writer.getCurrentOp());
  if (failed(id)) {
    writer.recordFailure();
    return;
  }
  out.writeVarint(*id);
}

void OpEncoder::writeString(StringRef value) {
  out.writeVarint(writer.internString(value));
}

void OpEncoder::writeOperand(Value value) {
  std::optional<unsigned> id = writer.lookupValue(value);
  if (!id) {
    writer.getCurrentOp()->emitError()
        << "operand is not defined before its use in the written order";
    writer.recordFailure();
    return;
  }
  out.writeVarint(*id);
}

LogicalResult OpEncoder::writeConstant(Operation *op, ElementsAttr value,
                                       Type type) {
  auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value);
  if (!dense)
    return op->emitError() << "constant value " << value
                           << " cannot be written to cuda_tile bytecode";
  out.writeVarint(writer.internConstant(type, dense.getRawData()));
  return success();
}

LogicalResult OpEncoder::writeAttributeArray(Operation *op, ArrayAttr array) {
  out.writeVarint(array.size());
  for (Attribute element : array)
    if (failed(writer.writeAttribute(out, element, op, /*withTag=*/true)))
      return failure();
  return success();
}

LogicalResult OpEncoder::writeSelfContainedAttr(Operation *op,
                                                Attribute attr) {
  return writer.writeAttribute(out, attr, op, /*withTag=*/true);
}

LogicalResult OpEncoder::writeInlineAttr(Operation *op, Attribute attr) {
  return writer.writeAttribute(out, attr, op, /*withTag=*/false);
}

LogicalResult OpEncoder::writeRegions(Operation *op) {
  return writer.writeRegions(op, out);
}

LogicalResult OpEncoder::emitUsedResultTooNew(Operation *op, StringRef name,
                                              BytecodeVersion since) {
  return op->emitError() << "result '" << name
                         << "' requires bytecode version " << since.str()
                         << " but is being used and targeting "
                         << getVersion().str()
                         << ". Cannot serialize to older bytecode version "
                            "when newer features are used.";
}

LogicalResult OpEncoder::emitOptionalTooNew(Operation *op, StringRef kind,
                                            StringRef name,
                                            BytecodeVersion since) {
  return op->emitError() << "optional " << kind << " '" << name
                         << "' is provided but requires bytecode version "
                         << since.str() << ", targeting " << getVersion().str();
}

LogicalResult OpEncoder::emitAttributeTooNew(Operation *op, StringRef name,
                                             BytecodeVersion since) {
  return op->emitError() << "attribute '" << name
                         << "' requires bytecode version " << since.str()
                         << "+, but targeting " << getVersion().str();
}

LogicalResult OpEncoder::emitAttributeValueTooNew(Operation *op,
                                                  StringRef name,
                                                  StringRef keyword,
                                                  BytecodeVersion since) {
  return op->emitError() << "attribute '" << name << "' value '" << keyword
                         << "' requires bytecode version " << since.str()
                         << "+, but targeting " << getVersion().str();
}

LogicalResult OpEncoder::emitMissingAttribute(Operation *op, StringRef name) {
  return op->emitError() << "required attribute '" << name
                         << "' is missing";
}

//===----------------------------------------------------------------------===//
// Sections
//===----------------------------------------------------------------------===//

static constexpr BytecodeVersion kGlobalFlagsVersion(13, 3);
static constexpr BytecodeVersion kProducerVersion(13, 3);
static constexpr BytecodeVersion kUnifiedTypeFlagsVersion(13, 3);

LogicalResult ModuleWriter::writeGlobals(ArrayRef<GlobalOp> globals,
                                         EncodingWriter &section) {
  section.writeVarint(globals.size());
  for (GlobalOp global : globals) {
    uint64_t visibilityValue =
        static_cast<uint64_t>(global.getSymbolVisibility());
    if (version < kGlobalFlagsVersion) {
      if (visibilityValue)
        return global.emitError()
               << "global `" << global.getSymName()
               << "` uses non-public symbol visibility, which cannot be "
                  "encoded in bytecode version "
               << version.str() << " (requires bytecode " << kGlobalFlagsVersion.str()
               << "+)";
      if (global.getConstant())
        return global.emitError()
               << "constant global `" << global.getSymName()
               << "` cannot be encoded in bytecode version " << version.str()
               << " (the `constant` attribute requires bytecode "
               << kGlobalFlagsVersion.str() << "+)";
    }
    auto dense = dyn_cast<DenseIntOrFPElementsAttr>(global.getValue());
    if (!dense)
      return global.emitError() << "global value " << global.getValue()
                                << " cannot be written to cuda_tile bytecode";
    section.writeVarint(internString(global.getSymName()));
    TileType type = global.getTileType();
    FailureOr<unsigned> typeId = registerType(type, global);
    if (failed(typeId))
      return failure();
    section.writeVarint(*typeId);
    section.writeVarint(internConstant(type, dense.getRawData()));
    section.writeVarint(global.getAlignment());
    if (version >= kGlobalFlagsVersion) {
      section.writeVarint(visibilityValue);
      section.writeVarint(global.getConstant() ? 1 : 0);
    }
  }
  return success();
}

LogicalResult ModuleWriter::writeFunctions(ArrayRef<EntryOp> entries,
                                           EncodingWriter &section) {
  section.writeVarint(entries.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    EntryOp entry = entries[i];
    const FunctionHeader &header = functionHeaders[i];
    section.writeVarint(header.name);
    section.writeVarint(header.signature);
    OptimizationHintsAttr hints = entry.getOptimizationHintsAttr();
    section.writeByte(kFunctionKernel | (hints ? kFunctionHasHints : 0));
    section.writeVarint(header.debugIndex);
    if (hints && failed(writeAttribute(section, hints, entry,
                                       /*withTag=*/true)))
      return failure();

    currentDebugList = header.debugIndex
                           ? &debugFunctionLists[header.debugIndex - 1]
                           : nullptr;
    valueIds.clear();
    nextValueId = 0;
    EncodingWriter body;
    Region &region = entry.getBody();
    if (!region.hasOneBlock())
      return entry.emitError()
             << "a function body must be a single block to be written";
    for (BlockArgument arg : region.front().getArguments())
      valueIds[arg] = nextValueId++;
    for (Operation &op : region.front())
      if (failed(writeOp(&op, body)))
        return failure();
    currentDebugList = nullptr;
    section.writeVarint(body.size());
    section.writeBytes(body.getBytes());
  }
  section.alignTo(8);
  return success();
}

void ModuleWriter::writeConstantSection(EncodingWriter &section) {
  section.writeVarint(constants.size());
  section.alignTo(8);
  EncodingWriter data;
  std::vector<uint64_t> offsets;
  offsets.reserve(constants.size());
  for (StringRef raw : constants) {
    offsets.push_back(data.size());
    data.writeVarint(raw.size());
    data.writeBytes(raw);
  }
  for (uint64_t offset : offsets)
    section.writeLE<uint64_t>(offset);
  section.writeBytes(data.getBytes());
}

void ModuleWriter::writeDebugSection(EncodingWriter &section) {
  section.writeVarint(debugFunctionLists.size());
  section.alignTo(4);
  uint64_t total = 0;
  for (const std::vector<uint64_t> &list : debugFunctionLists) {
    section.writeLE<uint32_t>(static_cast<uint32_t>(total));
    total += list.size();
  }
  section.writeVarint(total);
  section.alignTo(8);
  for (const std::vector<uint64_t> &list : debugFunctionLists)
    for (uint64_t index : list)
      section.writeLE<uint64_t>(index);

  section.writeVarint(debugEntries.size());
  section.alignTo(4);
  EncodingWriter data;
  std::vector<uint32_t> offsets;
  for (const DebugEntry &entry : debugEntries) {
    offsets.push_back(data.size());
    data.writeVarint(static_cast<uint64_t>(entry.tag));
    for (const DebugEntry::Field &field : entry.fields)
      data.writeVarint(field.kind == DebugEntry::Field::Number
                           ? field.number
                           : internString(field.string));
  }
  for (uint32_t offset : offsets)
    section.writeLE<uint32_t>(offset);
  section.writeBytes(data.getBytes());
}

LogicalResult ModuleWriter::serializeType(EncodingWriter &out, Type type) {
  auto checkVersion = [&](BytecodeVersion since,
                          StringRef name) -> LogicalResult {
    if (version >= since)
      return success();
    return emitError(UnknownLoc::get(context))
           << "type '" << name << "' requires bytecode version " << since.str()
           << "+, targeting " << version.str();
  };
  auto dialectTag = [&](uint32_t tag) -> LogicalResult {
    for (const TypeTagInfo &info : getDialectTypeTable())
      if (info.tag == tag) {
        if (failed(checkVersion(info.since, info.getMessageName())))
          return failure();
        out.writeVarint(tag);
        return success();
      }
    llvm_unreachable("type tag missing from the table");
  };
  auto typeId = [&](Type t) { return typeIds.lookup(t); };
  auto paddingOf = [](PaddingValueAttr padding) -> std::optional<uint64_t> {
    if (!padding)
      return std::nullopt;
    return static_cast<uint64_t>(padding.getValue());
  };

  if (const ScalarTypeInfo *scalar = lookupScalar(type)) {
    if (failed(checkVersion(scalar->since, scalar->name)))
      return failure();
    out.writeVarint(scalar->tag);
    return success();
  }
  if (auto pointer = dyn_cast<PointerType>(type)) {
    if (failed(dialectTag(TypeTag::Pointer)))
      return failure();
    if (version >= kPointerFlagsVersion)
      out.writeVarint(0);
    out.writeVarint(typeId(pointer.getPointeeType()));
    return success();
  }
  if (auto tile = dyn_cast<TileType>(type)) {
    if (failed(dialectTag(TypeTag::Tile)))
      return failure();
    out.writeVarint(typeId(tile.getElementType()));
    writeI64Array(out, tile.getShape());
    return success();
  }
  if (auto view = dyn_cast<TensorViewType>(type)) {
    if (failed(dialectTag(TypeTag::TensorView)))
      return failure();
    if (version >= kPointerFlagsVersion)
      out.writeVarint(0);
    out.writeVarint(typeId(view.getElementType()));
    writeI64Array(out, view.getShape());
    writeI64Array(out, view.getStrides());
    return success();
  }
  if (auto view = dyn_cast<PartitionViewType>(type)) {
    if (failed(dialectTag(TypeTag::PartitionView)))
      return failure();
    std::optional<uint64_t> padding = paddingOf(view.getPaddingValue());
    if (version >= kUnifiedTypeFlagsVersion) {
      out.writeVarint(padding ? 1 : 0);
      writeI32Array(out, view.getTileShape().asArrayRef());
      out.writeVarint(typeId(view.getTensorView()));
      writeI32Array(out, view.getDimMap());
      if (padding)
        out.writeVarint(*padding);
    } else {
      writeI32Array(out, view.getTileShape().asArrayRef());
      out.writeVarint(typeId(view.getTensorView()));
      writeI32Array(out, view.getDimMap());
      out.writeByte(padding ? 1 : 0);
      if (padding)
        out.writeVarint(*padding);
    }
    return success();
  }
  if (auto function = dyn_cast<FunctionType>(type)) {
    if (failed(dialectTag(TypeTag::Function)))
      return failure();
    out.writeVarint(function.getNumInputs());
    for (Type input : function.getInputs())
      out.writeVarint(typeId(input));
    out.writeVarint(function.getNumResults());
    for (Type result : function.getResults())
      out.writeVarint(typeId(result));
    return success();
  }
  if (isa<TokenType>(type))
    return dialectTag(TypeTag::Token);
  if (isa<Float8E5M3FNUType>(type))
    return dialectTag(TypeTag::Float8E5M3FNU);
  if (auto view = dyn_cast<GatherScatterViewType>(type)) {
    if (failed(dialectTag(TypeTag::GatherScatterView)))
      return failure();
    std::optional<uint64_t> padding = paddingOf(view.getPaddingValue());
    out.writeVarint(padding ? 1 : 0);
    writeI32Array(out, view.getTileShape().asArrayRef());
    out.writeVarint(typeId(view.getTensorView()));
    out.writeVarint(static_cast<uint32_t>(view.getSparseDim()));
    if (padding)
      out.writeVarint(*padding);
    return success();
  }
  if (auto view = dyn_cast<StridedViewType>(type)) {
    if (failed(dialectTag(TypeTag::StridedView)))
      return failure();
    std::optional<uint64_t> padding = paddingOf(view.getPaddingValue());
    out.writeVarint(padding ? 1 : 0);
    writeI32Array(out, view.getTileShape().asArrayRef());
    SmallVector<int32_t> strides;
    for (int64_t stride : view.getTraversalStrides()) {
      if (stride < INT32_MIN || stride > INT32_MAX)
        return emitError(UnknownLoc::get(context))
               << "traversal stride " << stride << " of " << type
               << " does not fit the 32-bit bytecode field";
      strides.push_back(static_cast<int32_t>(stride));
    }
    writeI32Array(out, strides);
    out.writeVarint(typeId(view.getTensorView()));
    writeI32Array(out, view.getDimMap());
    if (padding)
      out.writeVarint(*padding);
    return success();
  }
  return emitError(UnknownLoc::get(context))
         << "unsupported type in bytecode writer: " << type;
}

LogicalResult ModuleWriter::writeTypeSection(EncodingWriter &section) {
  EncodingWriter data;
  std::vector<uint32_t> offsets;
  offsets.reserve(types.size());
  for (Type type : types) {
    offsets.push_back(data.size());
    if (failed(serializeType(data, type)))
      return failure();
  }
  section.writeVarint(types.size());
  section.alignTo(4);
  for (uint32_t offset : offsets)
    section.writeLE<uint32_t>(offset);
  section.writeBytes(data.getBytes());
  return success();
}

void ModuleWriter::writeStringSection(EncodingWriter &section) {
  section.writeVarint(strings.size());
  section.alignTo(4);
  uint64_t offset = 0;
  for (StringRef value : strings) {
    section.writeLE<uint32_t>(static_cast<uint32_t>(offset));
    offset += value.size();
  }
  for (StringRef value : strings)
    section.writeBytes(value);
}

static void appendSection(EncodingWriter &file, Section id,
                          const EncodingWriter &payload) {
  unsigned alignment = payload.getRequiredAlignment();
  file.writeByte(static_cast<uint8_t>(id) |
                 (alignment > 1 ? kSectionAlignedFlag : 0));
  file.writeVarint(payload.size());
  if (alignment > 1) {
    file.writeVarint(alignment);
    // The payload's absolute offset is aligned, so that the alignment the
    // payload applied to its own offsets holds in the file.
    while (file.size() % alignment)
      file.writeByte(kPadding);
  }
  file.writeBytes(payload.getBytes());
}

LogicalResult ModuleWriter::write(cuda_tile::ModuleOp module,
                                  EncodingWriter &file) {
  SmallVector<EntryOp> entries;
  SmallVector<GlobalOp> globals;
  for (Operation &op : *module.getBodyBlock()) {
    if (auto entry = dyn_cast<EntryOp>(op))
      entries.push_back(entry);
    else if (auto global = dyn_cast<GlobalOp>(op))
      globals.push_back(global);
    else
      return op.emitError() << "operation '" << op.getName()
                            << "' cannot be written to cuda_tile bytecode "
                               "at module level";
  }

  // 1. Function names, signatures and debug locations.
  for (EntryOp entry : entries) {
    FunctionHeader header;
    header.name = internString(entry.getSymName());
    FailureOr<unsigned> signature =
        registerType(entry.getFunctionType(), entry);
    if (failed(signature))
      return failure();
    header.signature = *signature;
    header.debugIndex = 0;
    Location loc = entry.getLoc();
    if (isa<DILocAttr, CallSiteLoc>(loc)) {
      FailureOr<uint64_t> locId = registerLocation(loc, entry);
      if (failed(locId))
        return failure();
      debugFunctionLists.push_back({*locId});
      header.debugIndex = debugFunctionLists.size();
    } else if (failed(checkLocation(loc, entry))) {
      return failure();
    }
    functionHeaders.push_back(header);
  }

  // 2-3. Globals and functions.
  EncodingWriter globalSection, functionSection;
  if (!globals.empty() && failed(writeGlobals(globals, globalSection)))
    return failure();
  if (failed(writeFunctions(entries, functionSection)))
    return failure();

  // 4. The remaining tables.
  EncodingWriter constantSection, debugSection, typeSection, producerSection,
      stringSection;
  if (!constants.empty())
    writeConstantSection(constantSection);
  bool hasDebug = !debugFunctionLists.empty() || !debugEntries.empty();
  if (hasDebug)
    writeDebugSection(debugSection);
  if (failed(writeTypeSection(typeSection)))
    return failure();
  std::optional<StringRef> producer = module.getProducer();
  bool hasProducer = producer && version >= kProducerVersion;
  if (hasProducer)
    producerSection.writeVarint(internString(*producer));
  writeStringSection(stringSection);

  for (char c : kMagic)
    file.writeByte(static_cast<uint8_t>(c));
  file.writeByte(version.getMajor());
  file.writeByte(version.getMinor());
  file.writeLE<uint16_t>(version.getTag());
  if (!globals.empty())
    appendSection(file, Section::Global, globalSection);
  appendSection(file, Section::Function, functionSection);
  if (!constants.empty())
    appendSection(file, Section::Constant, constantSection);
  if (hasDebug)
    appendSection(file, Section::Debug, debugSection);
  appendSection(file, Section::Type, typeSection);
  if (hasProducer)
    appendSection(file, Section::Producer, producerSection);
  appendSection(file, Section::String, stringSection);
  file.writeByte(static_cast<uint8_t>(Section::End));
  return success();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

/// Refuses modules the bytecode cannot hold, as the reference writer does: a
/// remark names the offending op, the error is the module's. Remarks take
/// only the location, since attaching the op would verify the module again.
static LogicalResult verifySelfContained(cuda_tile::ModuleOp module) {
  for (Operation &op : *module.getBodyBlock()) {
    if (isa<EntryOp, GlobalOp>(op))
      continue;
    emitRemark(op.getLoc(), "invalid op: ") << op.getName();
    return module.emitOpError(
        "only function and global ops are allowed in the body");
  }
  Dialect *dialect = module->getDialect();
  WalkResult walk = module->walk([&](Operation *op) {
    if (op->getDialect() == dialect)
      return WalkResult::advance();
    emitRemark(op->getLoc(), "invalid op: ") << op->getName();
    module.emitOpError("only ops from the '")
        << dialect->getNamespace() << "' dialect are allowed";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult mlir::cuda_tile::writeBytecode(Operation *op, raw_ostream &os,
                                             BytecodeVersion version) {
  MLIRContext *context = op->getContext();
  if (!version.isSupported())
    return emitError(op->getLoc())
           << "unsupported version requested " << version.str()
           << ", must be in range [" << BytecodeVersion::getOldest().str() << ", "
           << BytecodeVersion::getNewest().str() << "]";

  // Look through the implicit builtin module a parser may add.
  if (auto builtinModule = dyn_cast<mlir::ModuleOp>(op)) {
    Block *body = builtinModule.getBody();
    if (!body->empty() && std::next(body->begin()) == body->end())
      op = &body->front();
  }
  auto module = dyn_cast<cuda_tile::ModuleOp>(op);
  if (!module)
    return op->emitError() << "expected a CUDA Tile IR module, but got a "
                           << op->getName();

  if (failed(verifySelfContained(module)))
    return failure();
  ModuleWriter writer(context, version);
  EncodingWriter file;
  if (failed(writer.write(module, file)))
    return failure();
  ArrayRef<uint8_t> bytes = file.getBytes();
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return success();
}
