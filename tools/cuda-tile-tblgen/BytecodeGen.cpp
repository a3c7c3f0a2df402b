//===- BytecodeGen.cpp - cuda_tile bytecode TableGen backends -------------===//
//
// Derives the cuda_tile bytecode from the ODS description of the dialect:
//
//  * -gen-bytecode-opcodes: the opcode enum, the table of every op (name,
//    opcode, version that introduced it, whether it is written inside
//    function bodies) and the type tag tables (builtin scalars from
//    CudaTileBytecode.td, dialect types from their CudaTile_Type records).
//  * -gen-bytecode-op-codecs: one encode and one decode function per body op
//    and the table that dispatches to them.
//  * -gen-bytecode-field-table: the wire fields of every op, in order, as a
//    Markdown table (documentation and tests).
//
// The wire layout of an op follows from its ODS arguments:
//
//   opcode
//   [result count]   iff the op has a variadic operand or result
//   result types
//   [flags varint]   iff the op has optional fields, from the version of the
//                    oldest one on; bit i = optional field i present, fields
//                    ordered by introducing version, then attributes before
//                    operands, then declaration order
//   attributes       declaration order; unit attributes are flag bits only,
//                    optional ones are written when their bit is set,
//                    required ones newer than the target are left out, and
//                    so are CudaTile_SinceAlwaysWritten ones (no flag bit:
//                    written from their version on, the default if absent)
//   operands         AttrSizedOperandSegments: per ODS operand (variadic:
//                    count + values, optional: value when its bit is set);
//                    otherwise a counted list when any operand has a variable
//                    length, else the values
//   [regions]        iff the op has regions
//
//===----------------------------------------------------------------------===//

#include "BytecodeGen.h"

#include "mlir/TableGen/Attribute.h"
#include "mlir/TableGen/EnumInfo.h"
#include "mlir/TableGen/Format.h"
#include "mlir/TableGen/Operator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
using mlir::tblgen::FmtContext;
using mlir::tblgen::tgfmt;

namespace {

//===----------------------------------------------------------------------===//
// Versions
//===----------------------------------------------------------------------===//

struct Version {
  int major = 13;
  int minor = 1;

  static Version parse(const Record &rec, StringRef text) {
    auto [majorText, minorText] = text.split('.');
    Version v;
    if (majorText.getAsInteger(10, v.major) ||
        minorText.getAsInteger(10, v.minor))
      PrintFatalError(&rec, "malformed bytecode version '" + text +
                                "' (expected major.minor)");
    return v;
  }
  bool operator<(const Version &o) const {
    return std::tie(major, minor) < std::tie(o.major, o.minor);
  }
  bool operator==(const Version &o) const {
    return major == o.major && minor == o.minor;
  }
  bool operator!=(const Version &o) const { return !(*this == o); }
  bool operator>(const Version &o) const { return o < *this; }
  std::string cpp() const {
    return formatv("::mlir::cuda_tile::BytecodeVersion({0}, {1})", major,
                   minor)
        .str();
  }
  std::string str() const { return formatv("{0}.{1}", major, minor).str(); }
};

/// The version a record declares through CudaTileVersioned, if any.
std::optional<Version> declaredVersion(const Record *rec) {
  if (!rec || !rec->isSubClassOf("CudaTileVersioned"))
    return std::nullopt;
  return Version::parse(*rec, rec->getValueAsString("sinceVersion"));
}

Version versionOf(const Record &rec) {
  if (std::optional<Version> v = declaredVersion(&rec))
    return *v;
  PrintFatalError(&rec, "record has no bytecode version");
}

//===----------------------------------------------------------------------===//
// The model of one op's wire layout
//===----------------------------------------------------------------------===//

enum class AttrKind {
  Unit,          // a flag bit, no bytes
  Enum,          // varint of the enum value
  Bool,          // u8
  Int,           // varint, zero-extended
  Str,           // string table index
  SymbolRef,     // string table index of the flat symbol name
  I32Array,      // varint n, n x i32le
  BoolArray,     // varint n, n x u8
  Const,         // constant pool index (typed by the op's single result)
  Array,         // varint n, n x self-contained attribute
  SelfContained, // tagged self-contained attribute (attribute interfaces)
  Inline,        // a dialect attribute: its self-contained payload, no tag
};

StringRef describeKind(AttrKind kind) {
  switch (kind) {
  case AttrKind::Unit:
    return "unit";
  case AttrKind::Enum:
    return "enum";
  case AttrKind::Bool:
    return "u8";
  case AttrKind::Int:
    return "varint";
  case AttrKind::Str:
  case AttrKind::SymbolRef:
    return "str";
  case AttrKind::I32Array:
    return "i32[]";
  case AttrKind::BoolArray:
    return "bool[]";
  case AttrKind::Const:
    return "const";
  case AttrKind::Array:
    return "attr[]";
  case AttrKind::SelfContained:
    return "attr";
  case AttrKind::Inline:
    return "inline-attr";
  }
  llvm_unreachable("unknown attribute kind");
}

struct AttrField {
  std::string name;
  // As declared (Optional/DefaultValued wrappers kept).
  std::optional<mlir::tblgen::Attribute> attr;
  AttrKind kind = AttrKind::Unit;
  Version since;
  bool optional = false; // OptionalAttr or UnitAttr: owns a flag bit
  int flagBit = -1;
  std::string storageType;   // C++ storage class of the base attribute
  std::string getter;        // accessor of the stored attribute
  std::string nameGetter;    // static accessor of the attribute name
  unsigned width = 0;        // Int: bit width
  std::string symbolizeFn;   // Enum: underlying value -> enum
  std::string enumUnderlying;
  std::string enumName;
  std::string constBuilder;  // Enum: builds the attribute from `$0`
  std::string fromStorage;   // Enum: attribute `$_self` -> enum value
  struct VersionedCase {
    int64_t value;
    std::string keyword;
    Version since;
  };
  std::vector<VersionedCase> versionedCases; // Enum: cases declaring a version
  std::string defaultAttr;   // required attributes with a default: builder
  // CudaTile_SinceAlwaysWritten: `defaultAttr` is built for `op` and this
  // condition on `attr` says that a value means the same as absence.
  std::string isWireDefault;
};

enum class OperandKind { Single, Optional, Variadic };

struct OperandField {
  std::string name;
  unsigned odsIndex = 0;
  OperandKind kind = OperandKind::Single;
  Version since;
  int flagBit = -1;
};

struct ResultField {
  std::string name;
  unsigned odsIndex = 0;
  bool variadic = false;
  Version since;
  std::string builderCall; // results newer than the op: type builder
};

struct FlagField {
  std::string name;
  Version since;
  bool isOperand;
};

struct OpInfo {
  const Record *def = nullptr;
  std::unique_ptr<mlir::tblgen::Operator> op;
  std::string cppClass;  // qualified
  std::string shortName; // C++ class name
  std::string opName;    // cuda_tile.addf
  unsigned opcode = 0;
  Version since;
  bool bodyOp = true;

  std::vector<AttrField> attrs;
  std::vector<OperandField> operands;
  std::vector<ResultField> results;
  std::vector<FlagField> flags; // in bit order
  Version flagsSince;
  bool countedResults = false;
  bool asos = false;
  bool countedOperands = false;
  unsigned numRegions = 0;
};

/// The record an ODS argument or result was declared with (the CudaTile_Since
/// wrapper when there is one).
const Record *declaredArg(const DagInit *dag, unsigned index) {
  if (auto *defInit = dyn_cast<DefInit>(dag->getArg(index)))
    return defInit->getDef();
  return nullptr;
}

Version argVersion(const DagInit *dag, unsigned index, Version opSince) {
  Version v = opSince;
  if (std::optional<Version> declared = declaredVersion(declaredArg(dag, index)))
    if (*declared > v)
      v = *declared;
  return v;
}

void classifyAttr(const OpInfo &info, AttrField &field) {
  mlir::tblgen::Attribute base = field.attr->getBaseAttr();
  const Record &baseDef = base.getDef();
  StringRef storage = base.getStorageType();
  field.storageType = storage.str();

  if (storage == "::mlir::UnitAttr") {
    field.kind = AttrKind::Unit;
    return;
  }
  const Record *enumDef = nullptr;
  if (base.isEnumAttr())
    enumDef = &baseDef;
  else if (baseDef.isSubClassOf("EnumAttr"))
    enumDef = baseDef.getValueAsDef("enum");
  if (enumDef) {
    mlir::tblgen::EnumInfo enumInfo(*enumDef);
    if (enumInfo.isBitEnum())
      PrintFatalError(info.def, "bit enum attribute '" + field.name +
                                    "' has no bytecode encoding");
    field.kind = AttrKind::Enum;
    field.enumName = enumInfo.getEnumClassName().str();
    field.enumUnderlying = enumInfo.getUnderlyingType().str();
    field.symbolizeFn = (enumInfo.getCppNamespace() + "::" +
                         enumInfo.getUnderlyingToSymbolFnName())
                            .str();
    field.constBuilder = base.getConstBuilderTemplate().str();
    field.fromStorage = base.getConvertFromStorageCall().str();
    for (const mlir::tblgen::EnumCase &enumCase : enumInfo.getAllCases())
      if (std::optional<Version> since = declaredVersion(&enumCase.getDef()))
        field.versionedCases.push_back(
            {enumCase.getValue(), enumCase.getStr().str(), *since});
    if (field.constBuilder.empty() || field.fromStorage.empty())
      PrintFatalError(info.def, "enum attribute '" + field.name +
                                    "' cannot be built from its value");
    return;
  }
  if (storage == "::mlir::BoolAttr") {
    field.kind = AttrKind::Bool;
    return;
  }
  if (storage == "::mlir::IntegerAttr") {
    const Record *valueType = baseDef.getValueAsOptionalDef("valueType");
    if (!valueType || !valueType->getValue("bitwidth"))
      PrintFatalError(info.def, "integer attribute '" + field.name +
                                    "' has no fixed bit width");
    field.kind = AttrKind::Int;
    field.width = valueType->getValueAsInt("bitwidth");
    if (field.width == 0 || field.width > 64)
      PrintFatalError(info.def, "integer attribute '" + field.name +
                                    "' is wider than 64 bits");
    return;
  }
  if (storage == "::mlir::StringAttr") {
    field.kind = AttrKind::Str;
    return;
  }
  if (storage == "::mlir::FlatSymbolRefAttr") {
    field.kind = AttrKind::SymbolRef;
    return;
  }
  if (storage == "::mlir::DenseI32ArrayAttr") {
    field.kind = AttrKind::I32Array;
    return;
  }
  if (storage == "::mlir::DenseBoolArrayAttr") {
    field.kind = AttrKind::BoolArray;
    return;
  }
  if (storage == "::mlir::ElementsAttr" ||
      storage == "::mlir::DenseElementsAttr" ||
      storage == "::mlir::DenseIntOrFPElementsAttr") {
    if (info.op->getNumResults() != 1 || info.op->getResult(0).isVariableLength())
      PrintFatalError(info.def, "constant attribute '" + field.name +
                                    "' needs exactly one result to type it");
    field.kind = AttrKind::Const;
    return;
  }
  if (storage == "::mlir::ArrayAttr") {
    field.kind = AttrKind::Array;
    return;
  }
  if (baseDef.isSubClassOf("AttrInterface")) {
    field.kind = AttrKind::SelfContained;
    return;
  }
  if (baseDef.isSubClassOf("AttrDef")) {
    field.kind = AttrKind::Inline;
    return;
  }
  PrintFatalError(info.def, "attribute '" + field.name + "' (" + storage +
                                ") has no bytecode encoding");
}

std::unique_ptr<OpInfo> buildOpInfo(const Record *def) {
  auto info = std::make_unique<OpInfo>();
  info->def = def;
  info->op = std::make_unique<mlir::tblgen::Operator>(def);
  mlir::tblgen::Operator &op = *info->op;
  info->cppClass = op.getQualCppClassName();
  info->shortName = op.getCppClassName().str();
  info->opName = op.getOperationName();
  info->opcode = def->getValueAsInt("opcode");
  info->since = versionOf(*def);
  info->bodyOp = def->getValueAsBit("bytecodeBodyOp");
  if (!info->bodyOp)
    return info;

  if (op.getNumSuccessors())
    PrintFatalError(def, "ops with successors have no bytecode encoding");
  if (op.getNumVariadicRegions())
    PrintFatalError(def, "ops with variadic regions have no bytecode encoding");
  info->numRegions = op.getNumRegions();
  info->asos = op.getTrait("::mlir::OpTrait::AttrSizedOperandSegments");
  if (op.getTrait("::mlir::OpTrait::AttrSizedResultSegments"))
    PrintFatalError(def, "AttrSizedResultSegments has no bytecode encoding");
  info->countedResults = op.isVariadic();

  const DagInit *argsDag = def->getValueAsDag("arguments");
  const DagInit *resultsDag = def->getValueAsDag("results");

  // Arguments in declaration order.
  unsigned operandIndex = 0;
  for (int i = 0, e = op.getNumArgs(); i < e; ++i) {
    mlir::tblgen::Argument arg = op.getArg(i);
    Version since = argVersion(argsDag, i, info->since);
    if (auto *named = dyn_cast<mlir::tblgen::NamedAttribute *>(arg)) {
      if (named->attr.isDerivedAttr())
        continue;
      AttrField field;
      field.name = named->name.str();
      field.attr = named->attr;
      field.since = since;
      classifyAttr(*info, field);
      std::string getter = op.getGetterName(field.name);
      field.getter = getter + "Attr";
      field.nameGetter = getter + "AttrName";
      field.optional = field.kind == AttrKind::Unit || field.attr->isOptional();
      const Record *declared = declaredArg(argsDag, i);
      if (declared && declared->isSubClassOf("CudaTile_SinceAlwaysWritten")) {
        if (field.kind == AttrKind::Unit)
          PrintFatalError(def, "unit attribute '" + field.name +
                                   "' cannot be written without a flag bit");
        field.optional = false;
        FmtContext ctx;
        ctx.withBuilder("builder").withSelf("attr").addSubst("_op", "op");
        field.defaultAttr = tgfmt(
            declared->getValueAsString("bytecodeWireDefault"), &ctx);
        field.isWireDefault = tgfmt(
            declared->getValueAsString("bytecodeIsWireDefault"), &ctx);
      } else if (!field.optional && field.attr->hasDefaultValue()) {
        FmtContext ctx;
        ctx.withBuilder("builder");
        field.defaultAttr = tgfmt(field.attr->getConstBuilderTemplate(), &ctx,
                                  field.attr->getDefaultValue());
      }
      if (!field.optional && since > info->since && field.defaultAttr.empty())
        PrintFatalError(def, "attribute '" + field.name +
                                 "' is newer than its op but has no default "
                                 "value for older files");
      info->attrs.push_back(std::move(field));
      continue;
    }
    if (isa<mlir::tblgen::NamedProperty *>(arg))
      PrintFatalError(def, "properties have no bytecode encoding");
    auto *operand = cast<mlir::tblgen::NamedTypeConstraint *>(arg);
    if (operand->isVariadicOfVariadic())
      PrintFatalError(def, "variadic-of-variadic operands have no bytecode "
                           "encoding");
    OperandField field;
    field.name = operand->name.str();
    field.odsIndex = operandIndex++;
    field.kind = operand->isOptional()   ? OperandKind::Optional
                 : operand->isVariadic() ? OperandKind::Variadic
                                         : OperandKind::Single;
    field.since = since;
    if (since > info->since &&
        (field.kind != OperandKind::Optional || !info->asos))
      PrintFatalError(def, "operand '" + field.name +
                               "' is newer than its op; only optional "
                               "operands of AttrSizedOperandSegments ops can "
                               "be");
    info->operands.push_back(std::move(field));
  }
  info->countedOperands =
      !info->asos && llvm::any_of(info->operands, [](const OperandField &f) {
        return f.kind != OperandKind::Single;
      });

  // Results.
  unsigned numVariadicResults = 0;
  for (int i = 0, e = op.getNumResults(); i < e; ++i) {
    const mlir::tblgen::NamedTypeConstraint &result = op.getResult(i);
    ResultField field;
    field.name = result.name.str();
    field.odsIndex = i;
    field.variadic = result.isVariableLength();
    field.since = argVersion(resultsDag, i, info->since);
    if (field.variadic)
      ++numVariadicResults;
    if (field.since > info->since) {
      std::optional<StringRef> builderCall =
          result.constraint.getBuilderCall();
      if (field.variadic || !builderCall)
        PrintFatalError(def, "result '" + field.name +
                                 "' is newer than its op but its type cannot "
                                 "be built for older files");
      FmtContext ctx;
      ctx.withBuilder("builder");
      field.builderCall = tgfmt(*builderCall, &ctx);
    }
    info->results.push_back(std::move(field));
  }
  if (numVariadicResults > 1)
    PrintFatalError(def, "more than one variadic result group");

  // Flag bits: by introducing version, attributes before operands, then in
  // declaration order.
  struct Candidate {
    Version since;
    bool isOperand;
    unsigned order;
    std::string name;
  };
  std::vector<Candidate> candidates;
  for (auto [i, attr] : llvm::enumerate(info->attrs))
    if (attr.optional)
      candidates.push_back({attr.since, false, (unsigned)i, attr.name});
  if (info->asos)
    for (auto [i, operand] : llvm::enumerate(info->operands))
      if (operand.kind == OperandKind::Optional)
        candidates.push_back({operand.since, true, (unsigned)i, operand.name});
  llvm::stable_sort(candidates, [](const Candidate &a, const Candidate &b) {
    return std::tie(a.since, a.isOperand) < std::tie(b.since, b.isOperand);
  });
  if (candidates.size() > 63)
    PrintFatalError(def, "too many optional fields for one flags varint");
  for (auto [bit, c] : llvm::enumerate(candidates)) {
    if (c.isOperand)
      info->operands[c.order].flagBit = bit;
    else
      info->attrs[c.order].flagBit = bit;
    info->flags.push_back({c.name, c.since, c.isOperand});
  }
  if (!candidates.empty())
    info->flagsSince = candidates.front().since;
  return info;
}

std::vector<std::unique_ptr<OpInfo>> collectOps(const RecordKeeper &records) {
  std::vector<std::unique_ptr<OpInfo>> ops;
  for (const Record *def : records.getAllDerivedDefinitions("CudaTile_Op"))
    ops.push_back(buildOpInfo(def));
  llvm::stable_sort(ops, [](const auto &a, const auto &b) {
    return a->opcode < b->opcode;
  });
  for (size_t i = 1; i < ops.size(); ++i)
    if (ops[i]->opcode == ops[i - 1]->opcode)
      PrintFatalError(ops[i]->def,
                      formatv("opcode {0:x2} is also used by {1}",
                              ops[i]->opcode, ops[i - 1]->opName));
  return ops;
}

/// A C++ identifier for an op: its class name without the `Op` suffix.
std::string enumName(const OpInfo &info) {
  StringRef name = info.shortName;
  name.consume_back("Op");
  return name.str();
}

//===----------------------------------------------------------------------===//
// -gen-bytecode-opcodes
//===----------------------------------------------------------------------===//

bool emitOpcodes(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("cuda_tile bytecode opcodes and type tags", os,
                       records);
  auto ops = collectOps(records);

  os << "#ifdef GET_BYTECODE_OPCODE_ENUM\n";
  os << "#undef GET_BYTECODE_OPCODE_ENUM\n";
  os << "enum class Opcode : uint32_t {\n";
  for (const auto &op : ops)
    os << formatv("  {0} = {1:x2},\n", enumName(*op), op->opcode);
  os << "};\n";
  os << "#endif // GET_BYTECODE_OPCODE_ENUM\n\n";

  os << "#ifdef GET_BYTECODE_OPCODE_TABLE\n";
  os << "#undef GET_BYTECODE_OPCODE_TABLE\n";
  os << "// name, opcode, version that introduced the op, written in bodies\n";
  os << "static constexpr ::mlir::cuda_tile::bytecode::OpcodeInfo "
        "kOpcodeTable[] = {\n";
  for (const auto &op : ops)
    os << formatv("  {{\"{0}\", {1:x2}, {2}, {3}},\n", op->opName, op->opcode,
                  op->since.cpp(), op->bodyOp ? "true" : "false");
  os << "};\n";
  os << "#endif // GET_BYTECODE_OPCODE_TABLE\n\n";

  // Type tags.
  struct TagEntry {
    unsigned tag;
    std::string name;
    Version since;
    std::string builder; // scalars only
    std::string cppClass; // dialect types only
  };
  std::vector<TagEntry> scalars, dialectTypes, builtinTypes;
  for (const Record *def :
       records.getAllDerivedDefinitions("CudaTileBC_ScalarType")) {
    mlir::tblgen::TypeConstraint type(def->getValueAsDef("type"));
    std::optional<StringRef> builderCall = type.getBuilderCall();
    if (!builderCall)
      PrintFatalError(def, "scalar type cannot be built");
    FmtContext ctx;
    ctx.withBuilder("builder");
    scalars.push_back({(unsigned)def->getValueAsInt("tag"),
                       def->getValueAsString("name").str(), versionOf(*def),
                       tgfmt(*builderCall, &ctx).str(), ""});
  }
  for (const Record *def : records.getAllDerivedDefinitions("CudaTile_Type")) {
    std::string cppClass = def->getValueAsString("cppClassName").str();
    std::string cppName = StringRef(cppClass).drop_back(4).str();
    dialectTypes.push_back({(unsigned)def->getValueAsInt("tag"), cppName,
                            versionOf(*def), "", cppClass});
  }
  for (const Record *def :
       records.getAllDerivedDefinitions("CudaTileBC_BuiltinType"))
    builtinTypes.push_back({(unsigned)def->getValueAsInt("tag"),
                            def->getValueAsString("name").str(),
                            versionOf(*def), "", ""});
  auto byTag = [](const TagEntry &a, const TagEntry &b) { return a.tag < b.tag; };
  llvm::sort(scalars, byTag);
  llvm::sort(dialectTypes, byTag);
  llvm::sort(builtinTypes, byTag);
  std::map<unsigned, std::string> seen;
  for (const auto *list : {&scalars, &dialectTypes, &builtinTypes})
    for (const TagEntry &e : *list)
      if (!seen.emplace(e.tag, e.name).second)
        PrintFatalError(formatv("type tag {0} used by {1} and {2}", e.tag,
                                seen[e.tag], e.name));

  os << "#ifdef GET_BYTECODE_TYPE_TAG_ENUM\n";
  os << "#undef GET_BYTECODE_TYPE_TAG_ENUM\n";
  os << "namespace TypeTag {\nenum : uint32_t {\n";
  for (const auto *list : {&scalars, &dialectTypes, &builtinTypes})
    for (const TagEntry &e : *list)
      os << formatv("  {0} = {1},\n", e.name, e.tag);
  os << "};\n} // namespace TypeTag\n";
  os << "#endif // GET_BYTECODE_TYPE_TAG_ENUM\n\n";

  os << "#ifdef GET_BYTECODE_TYPE_TABLES\n";
  os << "#undef GET_BYTECODE_TYPE_TABLES\n";
  os << "// Builtin scalar types: tag, version, diagnostic name, builder.\n";
  os << "static constexpr ::mlir::cuda_tile::bytecode::ScalarTypeInfo "
        "kScalarTypeTable[] = {\n";
  for (const TagEntry &e : scalars)
    os << formatv("  {{{0}, {1}, \"{2}\", [](::mlir::Builder &builder) -> "
                  "::mlir::Type {{ return {3}; }},\n",
                  e.tag, e.since.cpp(), e.name, e.builder);
  os << "};\n\n";
  os << "// Dialect and other non-scalar types: tag, version, diagnostic "
        "name.\n";
  os << "static constexpr ::mlir::cuda_tile::bytecode::TypeTagInfo "
        "kDialectTypeTable[] = {\n";
  std::vector<TagEntry> others = dialectTypes;
  llvm::append_range(others, builtinTypes);
  llvm::sort(others, byTag);
  for (const TagEntry &e : others)
    os << formatv("  {{{0}, {1}, \"{2}\"},\n", e.tag, e.since.cpp(), e.name);
  os << "};\n";
  os << "#endif // GET_BYTECODE_TYPE_TABLES\n";
  return false;
}

//===----------------------------------------------------------------------===//
// -gen-bytecode-op-codecs
//===----------------------------------------------------------------------===//

std::string quote(StringRef s) { return ("\"" + s + "\"").str(); }

/// `cond` is a C++ condition that is true when the target lacks `since`.
std::string olderThan(const Version &since) {
  return "version < " + since.cpp();
}

void emitEncodeAttrValue(const OpInfo &info, const AttrField &attr,
                         raw_ostream &os, StringRef indent) {
  switch (attr.kind) {
  case AttrKind::Unit:
    break;
  case AttrKind::Enum: {
    FmtContext ctx;
    ctx.withSelf("attr");
    std::string value =
        formatv("static_cast<uint64_t>({0})", tgfmt(attr.fromStorage, &ctx));
    for (const AttrField::VersionedCase &c : attr.versionedCases)
      if (c.since > attr.since)
        os << indent << "if (" << olderThan(c.since) << " && " << value
           << " == " << c.value << ")\n"
           << indent << "  return enc.emitAttributeValueTooNew(operation, "
           << quote(attr.name) << ", " << quote(c.keyword) << ", "
           << c.since.cpp() << ");\n";
    os << indent << "enc.writeVarint(" << value << ");\n";
    break;
  }
  case AttrKind::Bool:
    os << indent << "enc.writeByte(attr.getValue() ? 1 : 0);\n";
    break;
  case AttrKind::Int:
    os << indent << "enc.writeVarint(attr.getValue().getZExtValue());\n";
    break;
  case AttrKind::Str:
  case AttrKind::SymbolRef:
    os << indent << "enc.writeString(attr.getValue());\n";
    break;
  case AttrKind::I32Array:
    os << indent << "enc.writeI32Array(attr.asArrayRef());\n";
    break;
  case AttrKind::BoolArray:
    os << indent << "enc.writeBoolArray(attr.asArrayRef());\n";
    break;
  case AttrKind::Const:
    os << indent
       << "if (::mlir::failed(enc.writeConstant(operation, attr, "
          "operation->getResult(0).getType())))\n"
       << indent << "  return ::mlir::failure();\n";
    break;
  case AttrKind::Array:
    os << indent
       << "if (::mlir::failed(enc.writeAttributeArray(operation, attr)))\n"
       << indent << "  return ::mlir::failure();\n";
    break;
  case AttrKind::SelfContained:
    os << indent
       << "if (::mlir::failed(enc.writeSelfContainedAttr(operation, attr)))\n"
       << indent << "  return ::mlir::failure();\n";
    break;
  case AttrKind::Inline:
    os << indent
       << "if (::mlir::failed(enc.writeInlineAttr(operation, attr)))\n"
       << indent << "  return ::mlir::failure();\n";
    break;
  }
}

void emitEncoder(const OpInfo &info, raw_ostream &os) {
  os << formatv("// {0} (opcode {1:x2})\n", info.opName, info.opcode);
  os << formatv("static ::llvm::LogicalResult encode{0}(::mlir::Operation "
                "*operation, OpEncoder &enc, "
                "::llvm::SmallVectorImpl<::mlir::Value> &results) {{\n",
                info.shortName);
  os << formatv("  auto op = ::llvm::cast<{0}>(operation);\n", info.cppClass);
  os << "  const ::mlir::cuda_tile::BytecodeVersion version = "
        "enc.getVersion();\n";
  os << "  (void)op;\n  (void)version;\n";

  // Results.
  for (const ResultField &result : info.results) {
    std::string range = formatv("op.getODSResults({0})", result.odsIndex);
    if (result.since > info.since) {
      os << "  if (" << olderThan(result.since) << ") {\n";
      os << "    if (!" << range << ".use_empty())\n";
      os << "      return enc.emitUsedResultTooNew(operation, "
         << quote(result.name) << ", " << result.since.cpp() << ");\n";
      os << "  } else {\n";
      os << "    results.append(" << range << ".begin(), " << range
         << ".end());\n";
      os << "  }\n";
    } else {
      os << "  results.append(" << range << ".begin(), " << range
         << ".end());\n";
    }
  }
  if (info.countedResults)
    os << "  enc.writeVarint(results.size());\n";
  if (!info.results.empty())
    os << "  for (::mlir::Value result : results)\n"
          "    enc.writeType(result.getType());\n";

  // Flags.
  if (!info.flags.empty()) {
    os << "  uint64_t flags = 0;\n";
    for (const AttrField &attr : info.attrs) {
      if (attr.flagBit < 0)
        continue;
      os << "  if (op." << attr.getter << "()) {\n";
      if (attr.since > info.since) {
        os << "    if (" << olderThan(attr.since) << ")\n";
        os << "      return enc.emitOptionalTooNew(operation, \"attribute\", "
           << quote(attr.name) << ", " << attr.since.cpp() << ");\n";
      }
      os << "    flags |= uint64_t(1) << " << attr.flagBit << ";\n  }\n";
    }
    for (const OperandField &operand : info.operands) {
      if (operand.flagBit < 0)
        continue;
      os << "  if (!op.getODSOperands(" << operand.odsIndex
         << ").empty()) {\n";
      if (operand.since > info.since) {
        os << "    if (" << olderThan(operand.since) << ")\n";
        os << "      return enc.emitOptionalTooNew(operation, \"operand\", "
           << quote(operand.name) << ", " << operand.since.cpp() << ");\n";
      }
      os << "    flags |= uint64_t(1) << " << operand.flagBit << ";\n  }\n";
    }
    if (info.flagsSince > info.since)
      os << "  if (!(" << olderThan(info.flagsSince) << "))\n  ";
    os << "  enc.writeVarint(flags);\n";
  }

  // Attributes.
  for (const AttrField &attr : info.attrs) {
    if (attr.kind == AttrKind::Unit)
      continue;
    os << "  { // " << attr.name << "\n";
    os << "    auto attr = op." << attr.getter << "();\n";
    if (attr.optional) {
      os << "    if (attr) {\n";
      emitEncodeAttrValue(info, attr, os, "      ");
      os << "    }\n  }\n";
      continue;
    }
    if (!attr.defaultAttr.empty())
      os << "    ::mlir::Builder builder(operation->getContext());\n"
         << "    " << attr.storageType
         << " defaultAttr = " << attr.defaultAttr << ";\n";
    if (attr.since > info.since) {
      std::string notDefault = attr.isWireDefault.empty()
                                   ? std::string("attr != defaultAttr")
                                   : "!(" + attr.isWireDefault + ")";
      os << "    if (" << olderThan(attr.since) << ") {\n";
      os << "      if (attr && " << notDefault << ")\n";
      os << "        return enc.emitAttributeTooNew(operation, "
         << quote(attr.name) << ", " << attr.since.cpp() << ");\n";
      os << "    } else {\n";
      os << "      if (!attr)\n        attr = defaultAttr;\n";
      emitEncodeAttrValue(info, attr, os, "      ");
      os << "    }\n  }\n";
      continue;
    }
    if (!attr.defaultAttr.empty())
      os << "    if (!attr)\n      attr = defaultAttr;\n";
    os << "    if (!attr)\n      return enc.emitMissingAttribute(operation, "
       << quote(attr.name) << ");\n";
    emitEncodeAttrValue(info, attr, os, "    ");
    os << "  }\n";
  }

  // Operands.
  if (info.asos) {
    for (const OperandField &operand : info.operands) {
      std::string range = formatv("op.getODSOperands({0})", operand.odsIndex);
      switch (operand.kind) {
      case OperandKind::Single:
        os << "  enc.writeOperand(" << range << ".front());\n";
        break;
      case OperandKind::Optional:
        os << "  if (!" << range << ".empty())\n    enc.writeOperand("
           << range << ".front());\n";
        break;
      case OperandKind::Variadic:
        os << "  enc.writeVarint(" << range << ".size());\n";
        os << "  for (::mlir::Value value : " << range
           << ")\n    enc.writeOperand(value);\n";
        break;
      }
    }
  } else if (info.countedOperands) {
    os << "  enc.writeVarint(operation->getNumOperands());\n";
    os << "  for (::mlir::Value value : operation->getOperands())\n"
          "    enc.writeOperand(value);\n";
  } else {
    for (const OperandField &operand : info.operands)
      os << "  enc.writeOperand(operation->getOperand(" << operand.odsIndex
         << "));\n";
  }

  // Regions.
  if (info.numRegions)
    os << "  if (::mlir::failed(enc.writeRegions(operation)))\n"
          "    return ::mlir::failure();\n";
  os << "  return ::mlir::success();\n}\n\n";
}

void emitDecodeAttr(const OpInfo &info, const AttrField &attr,
                    raw_ostream &os, StringRef indent) {
  std::string name = formatv("{0}::{1}(state.name)", info.cppClass,
                             attr.nameGetter);
  // A failed read is followed by the attribute's own diagnostic, as in the
  // reference reader.
  bool optional = attr.flagBit >= 0;
  auto fail = [&](StringRef what) {
    os << indent << "if (::mlir::failed(" << what << "))\n"
       << indent << "  return dec.emitAttrFailure(" << quote(attr.name) << ", "
       << (optional ? "true" : "false") << ");\n";
  };
  switch (attr.kind) {
  case AttrKind::Unit:
    os << indent << "state.addAttribute(" << name
       << ", builder.getUnitAttr());\n";
    return;
  case AttrKind::Enum: {
    os << indent << "uint64_t raw;\n";
    fail("dec.readEnumValue(raw)");
    os << indent << "auto symbol = raw <= std::numeric_limits<"
       << attr.enumUnderlying << ">::max() ? " << attr.symbolizeFn
       << "(static_cast<" << attr.enumUnderlying
       << ">(raw)) : std::nullopt;\n";
    os << indent << "if (!symbol)\n";
    os << indent << "  return dec.emitInvalidEnum(" << quote(attr.name)
       << ", raw, " << (optional ? "true" : "false") << ");\n";
    // A value newer than the file is no value of the file's enum, as the
    // reference reader of that version reports it.
    for (const AttrField::VersionedCase &c : attr.versionedCases)
      if (c.since > attr.since)
        os << indent << "if (raw == " << c.value << " && dec.getVersion() < "
           << c.since.cpp() << ")\n"
           << indent << "  return dec.emitInvalidEnum(" << quote(attr.name)
           << ", raw, " << (optional ? "true" : "false") << ");\n";
    FmtContext ctx;
    ctx.withBuilder("builder");
    os << indent << "state.addAttribute(" << name << ", "
       << tgfmt(attr.constBuilder, &ctx, "*symbol") << ");\n";
    return;
  }
  case AttrKind::Bool:
    os << indent << "bool value;\n";
    fail("dec.readBool(value)");
    os << indent << "state.addAttribute(" << name
       << ", builder.getBoolAttr(value));\n";
    return;
  case AttrKind::Int:
    os << indent << "::mlir::IntegerAttr attr;\n";
    fail(formatv("dec.readIntegerAttr({0}, attr)", attr.width).str());
    os << indent << "state.addAttribute(" << name << ", attr);\n";
    return;
  case AttrKind::Str:
    os << indent << "::mlir::StringAttr attr;\n";
    fail("dec.readString(attr)");
    os << indent << "state.addAttribute(" << name << ", attr);\n";
    return;
  case AttrKind::SymbolRef:
    os << indent << "::mlir::StringAttr attr;\n";
    fail("dec.readSymbolName(attr)");
    os << indent << "state.addAttribute(" << name
       << ", ::mlir::FlatSymbolRefAttr::get(attr));\n";
    return;
  case AttrKind::I32Array:
    os << indent << "::llvm::SmallVector<int32_t, 8> values;\n";
    fail("dec.readI32Array(values)");
    os << indent << "state.addAttribute(" << name
       << ", builder.getDenseI32ArrayAttr(values));\n";
    return;
  case AttrKind::BoolArray:
    os << indent << "::llvm::SmallVector<bool, 8> values;\n";
    fail("dec.readBoolArray(values)");
    os << indent << "state.addAttribute(" << name
       << ", builder.getDenseBoolArrayAttr(values));\n";
    return;
  case AttrKind::Const:
    os << indent << "::mlir::Attribute attr;\n";
    fail("dec.readConstant(state.types.front(), attr)");
    os << indent << "state.addAttribute(" << name << ", attr);\n";
    return;
  case AttrKind::Array:
    os << indent << "::mlir::ArrayAttr attr;\n";
    fail("dec.readAttributeArray(attr)");
    os << indent << "state.addAttribute(" << name << ", attr);\n";
    return;
  case AttrKind::SelfContained: {
    std::string args =
        quote(attr.name) + ", " +
        quote(StringRef(attr.storageType).rsplit("::").second) + ", " +
        (optional ? "true" : "false");
    os << indent << "::mlir::Attribute attr;\n";
    os << indent << "if (::mlir::failed(dec.readSelfContainedAttr(attr)))\n";
    os << indent << "  return dec.emitSelfContainedFailure(" << args << ");\n";
    os << indent << "if (!::llvm::isa<" << attr.storageType << ">(attr))\n";
    os << indent << "  return dec.emitAttrCastFailure(" << args << ");\n";
    os << indent << "state.addAttribute(" << name << ", attr);\n";
    return;
  }
  case AttrKind::Inline:
    os << indent << attr.storageType << " attr;\n";
    fail("dec.readInlineAttr(attr)");
    os << indent << "state.addAttribute(" << name << ", attr);\n";
    return;
  }
}

void emitDecoder(const OpInfo &info, raw_ostream &os) {
  os << formatv("// {0} (opcode {1:x2})\n", info.opName, info.opcode);
  os << formatv("static ::llvm::LogicalResult decode{0}(OpDecoder &dec, "
                "::mlir::OperationState &state) {{\n",
                info.shortName);
  os << "  const ::mlir::cuda_tile::BytecodeVersion version = "
        "dec.getVersion();\n";
  os << "  ::mlir::Builder &builder = dec.getBuilder();\n";
  os << "  (void)version;\n  (void)builder;\n";
  os << "  dec.beginOp(" << quote(info.shortName) << ", " << quote(info.opName)
     << ");\n";

  // Results.
  if (!info.results.empty() || info.countedResults) {
    os << "  unsigned numFixedResults = 0;\n";
    for (const ResultField &result : info.results) {
      if (result.variadic)
        continue;
      if (result.since > info.since)
        os << "  if (!(" << olderThan(result.since) << "))\n  ";
      os << "  ++numFixedResults;\n";
    }
    bool hasVersioned = llvm::any_of(info.results, [&](const ResultField &r) {
      return r.since > info.since;
    });
    if (info.countedResults) {
      os << "  uint64_t numResults;\n";
      os << "  if (::mlir::failed(dec.readResultCount(numResults)))\n"
            "    return ::mlir::failure();\n";
    } else {
      os << "  uint64_t numResults = numFixedResults;\n";
    }
    os << "  (void)numResults;\n";
    // As the reference's reader: without results newer than the op, every
    // written result type is read and the op is built with them, a wrong
    // count left to the verifier; with them, the types of the version are
    // read, then the count is compared.
    if (info.countedResults && !hasVersioned) {
      os << "  for (uint64_t i = 0; i < numResults; ++i) {\n";
      os << "    ::mlir::Type type;\n";
      os << "    if (::mlir::failed(dec.readResultType(type)))\n"
            "      return ::mlir::failure();\n";
      os << "    state.addTypes(type);\n  }\n";
    }
    for (const ResultField &result : info.results) {
      if (info.countedResults && !hasVersioned)
        break;
      if (result.variadic) {
        os << "  for (uint64_t i = 0, e = numResults - numFixedResults; i < "
              "e; ++i) {\n";
        os << "    ::mlir::Type type;\n";
        os << "    if (::mlir::failed(dec.readResultType(type)))\n"
              "      return ::mlir::failure();\n";
        os << "    state.addTypes(type);\n  }\n";
        continue;
      }
      if (result.since > info.since) {
        os << "  if (" << olderThan(result.since) << ") {\n";
        os << "    state.addTypes(" << result.builderCall << ");\n";
        os << "    dec.markResultUnnumbered(state.types.size() - 1);\n";
        os << "  } else {\n";
      } else {
        os << "  {\n";
      }
      os << "    ::mlir::Type type;\n";
      os << "    if (::mlir::failed(dec.readResultType(type)))\n"
            "      return ::mlir::failure();\n";
      os << "    state.addTypes(type);\n  }\n";
    }
    if (info.countedResults && hasVersioned)
      os << "  if (numResults != numFixedResults)\n"
            "    return dec.emitCompatibleResultCountMismatch(numResults, "
            "numFixedResults);\n";
  }

  // Flags.
  if (!info.flags.empty()) {
    os << "  uint64_t flags = 0;\n";
    if (info.flagsSince > info.since)
      os << "  if (!(" << olderThan(info.flagsSince) << ")) {\n";
    else
      os << "  {\n";
    os << "    if (::mlir::failed(dec.readFlags(flags, " << info.flags.size()
       << ")))\n      return ::mlir::failure();\n  }\n";
    for (auto [bit, flag] : llvm::enumerate(info.flags)) {
      if (!(flag.since > info.since))
        continue;
      os << "  if ((flags & (uint64_t(1) << " << bit << ")) && "
         << olderThan(flag.since) << ")\n";
      os << "    return dec.emitFlagTooNew(" << quote(flag.name) << ", "
         << flag.since.cpp() << ");\n";
    }
  }

  // Attributes.
  for (const AttrField &attr : info.attrs) {
    if (attr.flagBit >= 0) {
      os << "  if (flags & (uint64_t(1) << " << attr.flagBit << ")) { // "
         << attr.name << "\n";
      emitDecodeAttr(info, attr, os, "    ");
      os << "  }\n";
      continue;
    }
    os << "  { // " << attr.name << "\n";
    std::string name =
        formatv("{0}::{1}(state.name)", info.cppClass, attr.nameGetter);
    std::string indent = "    ";
    if (attr.since > info.since) {
      // Absent below its version: the op default, or nothing where absence
      // is the wire default.
      if (attr.isWireDefault.empty())
        os << "    if (" << olderThan(attr.since) << ") {\n"
           << "      state.addAttribute(" << name << ", " << attr.defaultAttr
           << ");\n"
           << "    } else {\n";
      else
        os << "    if (!(" << olderThan(attr.since) << ")) {\n";
      indent = "      ";
    }
    emitDecodeAttr(info, attr, os, indent);
    if (!attr.isWireDefault.empty()) {
      // The wire default reads back as absence, as the text has it.
      os << indent << "if (auto attr = ::llvm::dyn_cast_or_null<"
         << attr.storageType << ">(state.attributes.get(" << name
         << ")); attr && " << attr.isWireDefault << ")\n"
         << indent << "  state.attributes.erase(" << name << ");\n";
    }
    if (attr.since > info.since)
      os << "    }\n";
    os << "  }\n";
  }

  // Operands.
  // In segmented ops, operands are named by segment and element.
  auto readOperand = [&](StringRef indent, StringRef segment = "",
                         StringRef element = "0") {
    os << indent << "::mlir::Value value;\n";
    if (segment.empty())
      os << indent << "if (::mlir::failed(dec.readOperand(value)))\n";
    else
      os << indent << "if (::mlir::failed(dec.readSegmentOperand(value, "
         << quote(segment) << ", " << element << ")))\n";
    os << indent << "  return ::mlir::failure();\n";
    os << indent << "state.addOperands(value);\n";
  };
  if (info.asos) {
    os << formatv("  ::std::array<int32_t, {0}> segments{{};\n",
                  info.operands.size());
    for (auto [i, operand] : llvm::enumerate(info.operands)) {
      switch (operand.kind) {
      case OperandKind::Single:
        os << "  { // " << operand.name << "\n";
        readOperand("    ", operand.name);
        os << "    segments[" << i << "] = 1;\n  }\n";
        break;
      case OperandKind::Optional:
        os << "  if (flags & (uint64_t(1) << " << operand.flagBit << ")) { // "
           << operand.name << "\n";
        readOperand("    ", operand.name);
        os << "    segments[" << i << "] = 1;\n  }\n";
        break;
      case OperandKind::Variadic:
        os << "  { // " << operand.name << "\n";
        os << "    uint64_t count;\n";
        os << "    if (::mlir::failed(dec.readSegmentSize(count, "
           << quote(operand.name) << ")))\n"
              "      return ::mlir::failure();\n";
        os << "    for (uint64_t i = 0; i < count; ++i) {\n";
        readOperand("      ", operand.name, "i");
        os << "    }\n";
        os << "    segments[" << i << "] = static_cast<int32_t>(count);\n";
        os << "  }\n";
        break;
      }
    }
    os << "  state.getOrAddProperties<" << info.cppClass
       << "::Properties>().operandSegmentSizes = segments;\n";
  } else if (info.countedOperands) {
    unsigned numSingle = 0, numOptional = 0;
    bool anyVariadic = false;
    for (const OperandField &operand : info.operands) {
      numSingle += operand.kind == OperandKind::Single;
      numOptional += operand.kind == OperandKind::Optional;
      anyVariadic |= operand.kind == OperandKind::Variadic;
    }
    os << "  uint64_t numOperands;\n";
    os << "  if (::mlir::failed(dec.readOperandCount(numOperands)))\n"
          "    return ::mlir::failure();\n";
    // The operands are read before their count is checked (as the reference
    // reader does, which leaves the count to the verifier).
    os << "  for (uint64_t i = 0; i < numOperands; ++i) {\n";
    readOperand("    ");
    os << "  }\n";
    if (numSingle)
      os << "  if (numOperands < " << numSingle << ")\n"
         << "    return dec.emitOperandCountMismatch(numOperands, "
         << numSingle << ", true);\n";
    if (!anyVariadic)
      os << "  if (numOperands > " << numSingle + numOptional << ")\n"
         << "    return dec.emitOperandCountMismatch(numOperands, "
         << numSingle + numOptional << ", false);\n";
  } else {
    for (const OperandField &operand : info.operands) {
      os << "  { // " << operand.name << "\n";
      readOperand("    ");
      os << "  }\n";
    }
  }

  // Regions.
  if (info.numRegions)
    os << "  if (::mlir::failed(dec.readRegions(state, " << info.numRegions
       << ")))\n    return ::mlir::failure();\n";
  os << "  return ::mlir::success();\n}\n\n";
}

bool emitOpCodecs(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("cuda_tile bytecode op encoders and decoders", os,
                       records);
  auto ops = collectOps(records);

  os << "#ifdef GET_BYTECODE_OP_CODECS\n";
  os << "#undef GET_BYTECODE_OP_CODECS\n\n";
  for (const auto &op : ops)
    if (op->bodyOp)
      emitEncoder(*op, os);
  for (const auto &op : ops)
    if (op->bodyOp)
      emitDecoder(*op, os);

  os << "// opcode, op name, op type id, version, encoder, decoder\n";
  os << "static const ::mlir::cuda_tile::bytecode::OpCodec kOpCodecs[] = {\n";
  for (const auto &op : ops) {
    if (!op->bodyOp)
      continue;
    os << formatv("  {{{0:x2}, \"{1}\", [] {{ return ::mlir::TypeID::get<{2}>(); "
                  "}, {3}, &encode{4}, &decode{4}},\n",
                  op->opcode, op->opName, op->cppClass, op->since.cpp(),
                  op->shortName);
  }
  os << "};\n";
  os << "#endif // GET_BYTECODE_OP_CODECS\n";
  return false;
}

//===----------------------------------------------------------------------===//
// -gen-bytecode-field-table
//===----------------------------------------------------------------------===//

std::string describeFields(const OpInfo &info) {
  SmallVector<std::string> parts;
  // Results.
  unsigned numFixed = 0, numNewer = 0;
  Version newest = info.since;
  bool hasVariadic = false;
  for (const ResultField &r : info.results) {
    if (r.variadic) {
      hasVariadic = true;
      continue;
    }
    ++numFixed;
    if (r.since > info.since) {
      ++numNewer;
      if (newest < r.since)
        newest = r.since;
    }
  }
  if (info.countedResults) {
    if (hasVariadic) {
      parts.push_back("nres, type×nres");
    } else if (numNewer) {
      parts.push_back(formatv("nres(={0}; {1} before {2}), type×nres", numFixed,
                              numFixed - numNewer, newest.str()));
    } else {
      parts.push_back(formatv("nres(={0}), type×nres", numFixed));
    }
  } else if (numFixed) {
    parts.push_back(formatv("type×{0}", numFixed));
  }
  // Flags.
  if (!info.flags.empty()) {
    std::string flags = "flags{";
    for (auto [bit, flag] : llvm::enumerate(info.flags)) {
      if (bit)
        flags += ", ";
      flags += formatv("b{0}={1}", bit, flag.name);
      if (flag.since > info.since)
        flags += "@" + flag.since.str();
    }
    flags += "}";
    if (info.flagsSince > info.since)
      flags += " [only ≥" + info.flagsSince.str() + "]";
    parts.push_back(flags);
  }
  // Attributes.
  for (const AttrField &attr : info.attrs) {
    if (attr.kind == AttrKind::Unit)
      continue;
    std::string text = attr.name + ":" + describeKind(attr.kind).str();
    if (attr.optional)
      text = "[" + text + " if flag]";
    else if (attr.since > info.since)
      text = "[" + text + " only ≥" + attr.since.str() + "]";
    parts.push_back(text);
  }
  // Operands.
  if (info.asos) {
    for (const OperandField &operand : info.operands) {
      switch (operand.kind) {
      case OperandKind::Single:
        parts.push_back(operand.name);
        break;
      case OperandKind::Optional:
        parts.push_back("[" + operand.name + " if flag]");
        break;
      case OperandKind::Variadic:
        parts.push_back("n_" + operand.name + ", " + operand.name + "×n");
        break;
      }
    }
  } else if (info.countedOperands) {
    SmallVector<std::string> names;
    for (const OperandField &operand : info.operands)
      names.push_back(operand.kind == OperandKind::Single
                          ? operand.name
                          : operand.name + "…");
    parts.push_back("nopnds, opnd×nopnds (" + llvm::join(names, ", ") + ")");
  } else {
    for (const OperandField &operand : info.operands)
      parts.push_back(operand.name);
  }
  if (info.numRegions)
    parts.push_back("nregions, region×nregions");
  return llvm::join(parts, " · ");
}

bool emitFieldTable(const RecordKeeper &records, raw_ostream &os) {
  auto ops = collectOps(records);
  os << "| opcode | op | since | fields after the opcode, in order |\n";
  os << "|---|---|---|---|\n";
  for (const auto &op : ops) {
    if (!op->bodyOp)
      continue;
    StringRef mnemonic = StringRef(op->opName).split('.').second;
    os << formatv("| 0x{0:X-2} | `{1}` | {2} | {3} |\n", op->opcode, mnemonic,
                  op->since.str(), describeFields(*op));
  }
  return false;
}

} // namespace

bool cuda_tile_tblgen::emitBytecodeOpcodes(const RecordKeeper &records,
                                           raw_ostream &os) {
  return emitOpcodes(records, os);
}

bool cuda_tile_tblgen::emitBytecodeOpCodecs(const RecordKeeper &records,
                                            raw_ostream &os) {
  return emitOpCodecs(records, os);
}

bool cuda_tile_tblgen::emitBytecodeFieldTable(const RecordKeeper &records,
                                              raw_ostream &os) {
  return emitFieldTable(records, os);
}
