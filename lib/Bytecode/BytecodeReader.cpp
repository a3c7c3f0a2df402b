//===- BytecodeReader.cpp - cuda_tile bytecode reader ----------------------===//
//
// Reads cuda_tile bytecode. open() checks the header and the section layout
// and reads the tables that everything else indexes (strings, types,
// constants, debug info, globals, the function table); types, constants and
// debug attributes are decoded on first use. Function bodies are decoded one
// at a time by the generated op decoders (OpCodecs.cpp).
//
// Robustness: every read is bounds-checked; counts are checked against the
// bytes left before anything is allocated for them; table references are
// checked against the table sizes; recursion (nested regions, attributes,
// types, debug scopes) is depth-limited; IR is only built through checked
// constructors and verified before it is handed out.
//
// Diagnostics are "error at offset N: ..." with N the absolute file offset
// while the header and the section layout are read, the offset inside the
// section payload for table entries, the offset inside the function body for
// ops, and the file size for records that reference other tables (the
// conventions of the reference reader). They are located at the file (its
// buffer's name, line and column 0), so that every tool names the file:
// `kernel.tileirbc:0:0: error: error at offset N: ...`.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"

#include "Encoding.h"
#include "OpCodec.h"

#include "cuda_tile/Bytecode/BytecodeTables.h"
#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/IR/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ManagedStatic.h"

#include <vector>

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::bytecode;
using llvm::MemoryBufferRef;

namespace {
constexpr unsigned kMaxRegionDepth = kMaxRegionNestingDepth; // 128
constexpr unsigned kMaxAttributeDepth = 64;
constexpr unsigned kMaxTypeDepth = 32;
constexpr unsigned kMaxDebugDepth = 256;

/// Bytes of one entry of an offset-indexed table (string, type, constant and
/// debug sections): entry i spans [starts[i], starts[i+1]) of `data`, the
/// last one up to the end.
struct OffsetTable {
  std::vector<uint64_t> starts;
  ArrayRef<uint8_t> data;
  uint64_t dataOffset = 0; // offset of `data` inside its section payload

  size_t size() const { return starts.size(); }
  /// False when the offsets are out of order or out of range.
  bool entry(size_t index, ArrayRef<uint8_t> &bytes, uint64_t &offset) const {
    uint64_t begin = starts[index];
    uint64_t end = index + 1 < starts.size() ? starts[index + 1] : data.size();
    if (begin > end || end > data.size())
      return false;
    bytes = data.slice(begin, end - begin);
    offset = dataOffset + begin;
    return true;
  }
  /// Entry `index` as the reference reader takes a string whose offsets are
  /// out of range: StringRef::substr of the 32-bit span, clamped to `data`.
  ArrayRef<uint8_t> clampedEntry(size_t index) const {
    uint32_t begin = starts[index];
    uint32_t end = index + 1 < starts.size() ? starts[index + 1] : data.size();
    uint64_t first = std::min<uint64_t>(begin, data.size());
    uint64_t length = std::min<uint64_t>(uint32_t(end - begin),
                                         data.size() - first);
    return data.slice(first, length);
  }
};
} // namespace

/// The location of diagnostics about the file as a whole: its name without a
/// line (unknown for a nameless buffer).
static Location getFileLoc(MemoryBufferRef buffer, MLIRContext *context) {
  if (buffer.getBufferIdentifier().empty())
    return UnknownLoc::get(context);
  return FileLineColLoc::get(context, buffer.getBufferIdentifier(),
                             /*line=*/0, /*column=*/0);
}

namespace mlir::cuda_tile::bytecode {

/// Why flag bits without a meaning stay errors (docs/bytecode.md).
static constexpr const char *kUnknownFlagRule =
    " (an undefined flag bit may announce a field this reader cannot skip)";

/// The reference reader's words for a view type's arrays it cannot read.
static constexpr const char *kTileShapeFailure =
    "failed to read tile_shape data";
static constexpr const char *kDimMapFailure = "failed to read dim_map";

struct SectionRange {
  bool present = false;
  uint64_t offset = 0;
  uint64_t length = 0;
};

class FileReader {
public:
  FileReader(MemoryBufferRef buffer, MLIRContext *context,
             const BytecodeReaderConfig &config)
      : data(reinterpret_cast<const uint8_t *>(buffer.getBufferStart()),
             buffer.getBufferSize()),
        context(context), builder(context), config(config),
        fileLoc(getFileLoc(buffer, context)) {}

  LogicalResult parse();

  //===--------------------------------------------------------------------===//
  // Diagnostics
  //===--------------------------------------------------------------------===//

  InFlightDiagnostic error(uint64_t offset) {
    lastErrorOffset = offset;
    return emitError(fileLoc) << "error at offset " << offset << ": ";
  }
  InFlightDiagnostic errorWithoutOffset() {
    lastErrorOffset = fileSize();
    return emitError(fileLoc);
  }
  uint64_t fileSize() const { return data.size(); }

  /// Something the reference reader accepts but the reference writer never
  /// writes (docs/bytecode.md, "What the reader accepts"): an error naming
  /// `rule` under -strict-bytecode, accepted otherwise.
  LogicalResult nonCanonical(uint64_t offset, StringRef rule,
                             const Twine &what) {
    if (!config.strict)
      return success();
    error(offset) << what << " (-strict-bytecode rule '" << rule << "')";
    return failure();
  }
  /// Skips table or section padding; any byte value is read, non-0xCB ones
  /// are reported as non-canonical. False at the end of the data.
  FailureOr<bool> skipPadding(EncodingReader &in, unsigned alignment,
                              const Twine &where) {
    bool canonical;
    if (!in.skipPadding(alignment, canonical))
      return false;
    if (!canonical &&
        failed(nonCanonical(in.offset(), "padding-byte",
                            "padding in the " + where + " is not 0xCB")))
      return failure();
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Tables. `at` is the offset reported when the index is out of range.
  //===--------------------------------------------------------------------===//

  FailureOr<StringAttr> getString(uint64_t index);
  FailureOr<Type> getType(uint64_t index, uint64_t at, unsigned depth = 0);
  /// A DenseElementsAttr of tile `type` (null when unknown) from constant
  /// `index`, which must be in range. Diagnostics name offsets inside the
  /// constant.
  FailureOr<Attribute> getDenseConstant(Type type, uint64_t index);
  FailureOr<Attribute> getDebugAttr(uint64_t index, uint64_t at,
                                    unsigned depth = 0);

  FailureOr<Attribute> readAttribute(EncodingReader &in, unsigned depth = 0);
  FailureOr<DictionaryAttr> readDictionaryBody(EncodingReader &in,
                                               unsigned depth);
  FailureOr<OptimizationHintsAttr> readHintsBody(EncodingReader &in,
                                                 unsigned depth);
  /// A varint count and that many little-endian values. On failure, as the
  /// reference's reader: where reading stopped, `what` ("failed to read
  /// shape"), after its capacity error for counts of 2^32 - 1 or more.
  template <typename T>
  LogicalResult readLEArray(EncodingReader &in, SmallVectorImpl<T> &values,
                            StringRef what);

  BytecodeVersion getVersion() const { return version; }
  MLIRContext *getContext() const { return context; }
  Builder &getBuilder() { return builder; }
  OperationName getOpName(const OpCodec &codec);

  //===--------------------------------------------------------------------===//
  // Records
  //===--------------------------------------------------------------------===//

  struct GlobalRecord {
    uint64_t nameIndex;
    uint64_t typeIndex;
    uint64_t constIndex;
    StringAttr name;
    Attribute value;
    uint64_t alignment;
    uint64_t visibility;
    uint64_t constant;
  };
  struct FunctionRecord {
    uint64_t nameIndex;
    uint64_t typeIndex;
    Attribute hintsAttr;
    // Set by checkFunctionLocation before the body is read; a Location
    // cannot be null, so the record holds the attribute.
    LocationAttr location;
    StringAttr name;
    FunctionType type;
    uint8_t flags;
    uint64_t debugIndex;
    OptimizationHintsAttr hints;
    uint64_t bodyOffset; // absolute
    uint64_t bodyLength;
  };

  OwningOpRef<cuda_tile::ModuleOp> createModule();
  EntryOp loadFunction(size_t index, cuda_tile::ModuleOp module);

  ArrayRef<uint8_t> data;
  MLIRContext *context;
  Builder builder;
  BytecodeReaderConfig config;
  /// Where the reader's diagnostics point.
  Location fileLoc;
  BytecodeVersion version = BytecodeVersion(0, 0);
  SectionRange sections[kNumSections];

  OffsetTable strings;
  std::vector<StringAttr> stringCache;
  OffsetTable types;
  std::vector<Type> typeCache;
  std::vector<uint8_t> typeInProgress;
  OffsetTable constants;
  std::vector<uint64_t> debugFirst;
  std::vector<uint64_t> debugIndices;
  OffsetTable debugAttrs;
  std::vector<Attribute> debugCache;
  std::vector<uint8_t> debugInProgress;
  std::optional<StringAttr> producer;
  std::vector<GlobalRecord> globals;
  std::vector<FunctionRecord> functions;
  std::vector<BytecodeFile::FunctionInfo> functionInfos;
  std::vector<std::optional<OperationName>> opNames;
  uint32_t maxOpcode = 0; // the largest opcode of the file's version
  uint64_t lastErrorOffset = 0;

private:
  LogicalResult parseHeaderAndSections();
  ArrayRef<uint8_t> sectionBytes(Section id) const {
    const SectionRange &range = sections[static_cast<unsigned>(id)];
    return data.slice(range.offset, range.length);
  }
  LogicalResult parseOffsetTable(Section id, unsigned alignment,
                                 OffsetTable &table, StringRef what);
  LogicalResult parseDebugSection();
  LogicalResult parseGlobals();
  LogicalResult checkGlobals();
  LogicalResult parseFunctionTable();
  LogicalResult checkFunctionLocation(FunctionRecord &record);

public:
  /// Checks every function record (BytecodeFile::open), or one.
  LogicalResult checkFunctions();
  LogicalResult checkFunction(FunctionRecord &record);
  FailureOr<Location> lookupLocation(uint64_t index);
  FailureOr<Location> functionListLocation(uint64_t debugIndex, uint64_t i);

private:
  FailureOr<Type> parseType(size_t index, unsigned depth);
  FailureOr<Attribute> parseDebugAttr(size_t index, unsigned depth);
};

/// Reads the body of one function.
class FunctionReader {
public:
  FunctionReader(FileReader &file, const FileReader::FunctionRecord &record)
      : file(file), record(record),
        in(file.data.slice(record.bodyOffset, record.bodyLength)) {}

  LogicalResult parseBody(Block &block);
  LogicalResult parseRegions(OperationState &state, unsigned numRegions);

  FileReader &file;
  const FileReader::FunctionRecord &record;
  EncodingReader in;
  std::vector<Value> values;
  uint64_t nextDebug = 1; // entry 0 is the function's own location
  unsigned regionDepth = 0;

private:
  LogicalResult parseOp(Block &block);
  LogicalResult parseRegionList(OperationState &state, unsigned numRegions);
  FailureOr<Location> nextLocation();
};

} // namespace mlir::cuda_tile::bytecode

//===----------------------------------------------------------------------===//
// Header and sections
//===----------------------------------------------------------------------===//

LogicalResult FileReader::parseHeaderAndSections() {
  size_t pos = 0;
  auto headerError = [&](uint64_t offset) {
    error(offset) << "failed to parse bytecode header";
    return failure();
  };
  for (unsigned i = 0; i < sizeof(kMagic); ++i) {
    uint8_t expected = static_cast<uint8_t>(kMagic[i]);
    if (pos >= data.size()) {
      error(pos) << "invalid magic number at position " << i
                 << ", got 0 expected " << unsigned(expected);
      return headerError(pos);
    }
    uint8_t byte = data[pos++];
    if (byte != expected) {
      error(pos) << "invalid magic number at position " << i << ", got "
                 << unsigned(byte) << " expected " << unsigned(expected);
      return headerError(pos);
    }
  }
  // The version is read as major, minor (a byte each) and a two-byte tag;
  // a truncated field is not consumed.
  if (data.size() < kHeaderSize)
    return headerError(std::min<uint64_t>(data.size(), 10));
  uint16_t tag = data[10] | (uint16_t(data[11]) << 8);
  version = BytecodeVersion(data[8], data[9], tag);
  pos = kHeaderSize;
  if (!version.isSupported()) {
    error(pos) << "unsupported Tile version " << unsigned(data[8]) << '.'
               << unsigned(data[9]) << '.' << tag
               << ", this reader supports versions ["
               << BytecodeVersion::getOldest().str() << " - "
               << BytecodeVersion::getNewest().str() << "]";
    return headerError(pos);
  }

  EncodingReader in(data);
  in.seek(pos);
  auto sectionError = [&](uint64_t offset) {
    error(offset) << "failed to parse section header";
    return failure();
  };
  while (true) {
    if (in.atEnd()) {
      error(in.offset()) << "unexpected end of data while reading section "
                            "header";
      return sectionError(in.offset());
    }
    uint64_t headerOffset = in.offset();
    uint8_t idByte;
    in.readByte(idByte);
    unsigned id = idByte & ~kSectionAlignedFlag;
    if (id == static_cast<unsigned>(Section::End)) {
      if (idByte & kSectionAlignedFlag) {
        error(in.offset()) << "end section should not have alignment flag set";
        return sectionError(in.offset());
      }
      if (!in.atEnd()) {
        error(in.offset()) << "end section is not the last section";
        return failure();
      }
      break;
    }
    if (id >= kNumSections) {
      error(in.offset()) << "unknown section ID: " << id;
      return sectionError(in.offset());
    }
    uint64_t length;
    if (!in.readVarint(length)) {
      error(in.offset()) << "failed to read section length";
      return sectionError(in.offset());
    }
    if (length > in.remaining()) {
      error(in.offset()) << "section length " << length
                         << " exceeds remaining data size " << in.remaining();
      return sectionError(in.offset());
    }
    uint64_t alignment = 1;
    if (idByte & kSectionAlignedFlag) {
      // A missing alignment or padding is reported by the follow-up alone.
      if (!in.readVarint(alignment))
        return sectionError(in.offset());
      if (alignment == 0 || (alignment & (alignment - 1))) {
        error(in.offset()) << "invalid alignment value: " << alignment;
        return sectionError(in.offset());
      }
      // The padding bytes are skipped whatever their value.
      uint64_t padding = (alignment - in.offset() % alignment) % alignment;
      if (alignment > 1 && (in.atEnd() || padding > in.remaining()))
        return sectionError(in.offset());
      in.seek(in.position() + padding);
    }
    // The tables of these sections are read in place, so their payloads
    // must be aligned for them.
    unsigned required = 0;
    switch (static_cast<Section>(id)) {
    case Section::String:
    case Section::Type:
      required = 4;
      break;
    case Section::Constant:
    case Section::Debug:
    case Section::Function:
      required = 8;
      break;
    default:
      break;
    }
    if (required && (!(idByte & kSectionAlignedFlag) || alignment % required)) {
      auto diag = error(in.offset());
      diag << "section " << id << " must have alignment that is a multiple of "
           << required << " bytes, but ";
      if (idByte & kSectionAlignedFlag)
        diag << "has alignment of " << alignment;
      else
        diag << "has no alignment flag set";
      return failure();
    }
    if (length > in.remaining())
      return error(in.offset()) << "section length " << length
                                << " exceeds remaining bytecode data. "
                                << in.remaining();
    SectionRange &range = sections[id];
    // A later copy of a section replaces the earlier one, as in the
    // reference reader.
    if (range.present &&
        failed(nonCanonical(headerOffset, "duplicate-section",
                            "duplicate section ID: " + Twine(id))))
      return sectionError(headerOffset);
    range.present = true;
    range.offset = in.offset();
    range.length = length;
    in.seek(in.position() + length);
  }

  if (!sections[static_cast<unsigned>(Section::String)].present) {
    error(data.size()) << "string section is mandatory";
    return failure();
  }
  return success();
}


LogicalResult FileReader::parseOffsetTable(Section id, unsigned alignment,
                                           OffsetTable &table,
                                           StringRef what) {
  EncodingReader in(sectionBytes(id));
  auto chain = [&]() {
    error(fileSize()) << "failed to parse " << what << " section";
    return failure();
  };
  uint64_t payloadSize = in.getData().size();
  uint64_t count;
  if (!in.readVarint(count))
    return chain();
  if (alignment == 8 && count > UINT32_MAX - 1) {
    error(in.offset()) << "varint value exceeds maximum supported capacity. "
                          "(expected value less than "
                       << UINT32_MAX - 1 << ", got " << count << ").";
    return chain();
  }
  if (count == 0) {
    table.dataOffset = in.position();
    table.data = in.getData().drop_front(in.position());
    return success();
  }
  if (alignment == 4 && count > (payloadSize - in.position()) / 4) {
    uint64_t left = payloadSize - in.position();
    error(in.offset()) << "number of " << what << "s (" << count
                       << ") exceeds the maximum of " << left / 4
                       << " that can fit in the remaining payload of " << left
                       << " bytes.";
    return chain();
  }
  if (in.atEnd())
    return chain();
  FailureOr<bool> padded = skipPadding(in, alignment, what + " section");
  if (failed(padded) || !*padded)
    return chain();
  if (alignment == 8 && in.remaining() / 8 < count) {
    error(in.offset()) << "insufficient data for constant indices";
    return chain();
  }
  if (in.atEnd() || in.remaining() / alignment < count)
    return chain();
  table.starts.resize(count);
  for (uint64_t &start : table.starts) {
    if (alignment == 8) {
      in.readLE(start);
    } else {
      uint32_t start32 = 0;
      in.readLE(start32);
      start = start32;
    }
  }
  table.dataOffset = in.position();
  table.data = in.getData().drop_front(in.position());
  if (alignment == 8) {
    // The constant table's entries are checked up front.
    for (size_t i = 0; i < table.starts.size(); ++i) {
      uint64_t begin = table.starts[i];
      uint64_t end = i + 1 < table.starts.size() ? table.starts[i + 1]
                                                 : table.data.size();
      if (end < begin) {
        error(in.offset()) << "invalid constant start indices: end (" << end
                           << ") is less than start (" << begin
                           << ") for constant " << i;
        return chain();
      }
      if (end > table.data.size()) {
        error(in.offset()) << "constant " << i
                           << " extends beyond available data: size="
                           << end - begin << ", start=" << begin
                           << ", total data size=" << table.data.size();
        return chain();
      }
    }
  }
  return success();
}

LogicalResult FileReader::parseDebugSection() {
  EncodingReader in(sectionBytes(Section::Debug));
  uint64_t payloadSize = in.getData().size();
  auto fail = [&](StringRef message) {
    error(in.offset()) << message;
    error(fileSize()) << "failed to parse debug section";
    return failure();
  };
  // Reads `count` little-endian values of `width` bytes in place.
  auto readValues = [&](std::vector<uint64_t> &values, uint64_t count,
                        unsigned width) -> bool {
    if (count > in.remaining() / width)
      return false;
    values.resize(count);
    for (uint64_t &value : values) {
      if (width == 8) {
        in.readLE(value);
      } else {
        uint32_t value32 = 0;
        in.readLE(value32);
        value = value32;
      }
    }
    return true;
  };
  uint64_t numOps, numIndices, numAttrs;
  // Table padding as the reference reader skips it: at least one byte must
  // be left.
  auto pad = [&](unsigned alignment, StringRef table) {
    if (in.atEnd())
      return false;
    FailureOr<bool> padded = skipPadding(in, alignment, table);
    return succeeded(padded) && *padded;
  };
  if (!in.readVarint(numOps))
    return fail("failed to read total number of operations with debug info");
  if (!pad(4, "debug info index offsets"))
    return fail("failed to skip padding for debug info index offset pointer");
  if (in.atEnd())
    return fail("failed to read debug info index offset pointer.");
  if (!readValues(debugFirst, numOps, 4))
    return fail("failed to skip debug info index offsets");
  if (!in.readVarint(numIndices))
    return fail("failed to read total number of debug info indices");
  if (!pad(8, "debug info indices"))
    return fail("failed to skip padding for debug info indices pointer");
  if (in.atEnd())
    return fail("failed to read debug info indices pointer");
  if (!readValues(debugIndices, numIndices, 8))
    return fail("failed to skip debug info indices");
  if (!in.readVarint(numAttrs))
    return fail("failed to read total number of debug info attributes");
  if (numAttrs > (payloadSize - in.position()) / 4) {
    uint64_t left = payloadSize - in.position();
    error(in.offset()) << "number of debug info attributes (" << numAttrs
                       << ") exceeds the maximum of " << left / 4
                       << " that can fit in the remaining payload of " << left
                       << " bytes.";
    error(fileSize()) << "failed to parse debug section";
    return failure();
  }
  if (!pad(4, "debug info offsets"))
    return fail("failed to skip padding for debug info offset pointer");
  if (in.atEnd())
    return fail("failed to read debug info offset pointer");
  if (!readValues(debugAttrs.starts, numAttrs, 4))
    return fail("failed to skip debug info offsets");
  debugAttrs.dataOffset = in.position();
  debugAttrs.data = in.getData().drop_front(in.position());
  debugCache.assign(debugAttrs.size(), Attribute());
  debugInProgress.assign(debugAttrs.size(), 0);
  return success();
}

LogicalResult FileReader::parse() {
  // The sections are read in the reference reader's order: strings,
  // producer, types, constants, globals, the function table, debug info;
  // then the globals are checked against them (function records are checked
  // by the caller, before each body or all at once).
  if (failed(parseHeaderAndSections()))
    return failure();
  maxOpcode = getMaxOpcode(version);
  if (failed(parseOffsetTable(Section::String, 4, strings, "string")))
    return failure();
  for (size_t i = 0; i < strings.size(); ++i) {
    ArrayRef<uint8_t> bytes;
    uint64_t offset;
    if (!strings.entry(i, bytes, offset) &&
        failed(nonCanonical(strings.dataOffset, "string-bounds",
                            "string " + Twine(i) +
                                " lies outside the string section")))
      return failure();
  }
  stringCache.assign(strings.size(), StringAttr());
  if (sections[static_cast<unsigned>(Section::Producer)].present) {
    // The reference writer drops the producer below 13.3, but its reader
    // reads one whatever the version.
    if (version < BytecodeVersion(13, 3) &&
        failed(nonCanonical(
            sections[static_cast<unsigned>(Section::Producer)].offset,
            "producer-version",
            "producer section requires bytecode version 13.3, the file has "
            "version " +
                version.str())))
      return failure();
    EncodingReader in(sectionBytes(Section::Producer));
    auto chain = [&]() {
      error(fileSize()) << "failed to parse producer section";
      return failure();
    };
    uint64_t index;
    if (!in.readVarint(index)) {
      error(in.offset()) << "failed to read producer string index";
      return chain();
    }
    if (index >= strings.size()) {
      errorWithoutOffset() << "string index " << index << " out of bounds";
      error(in.offset()) << "failed to get producer string at index " << index;
      return chain();
    }
    producer = *getString(index);
  }
  if (sections[static_cast<unsigned>(Section::Type)].present &&
      failed(parseOffsetTable(Section::Type, 4, types, "type")))
    return failure();
  typeCache.assign(types.size(), Type());
  typeInProgress.assign(types.size(), 0);
  if (sections[static_cast<unsigned>(Section::Constant)].present &&
      failed(parseOffsetTable(Section::Constant, 8, constants, "constant")))
    return failure();
  if (sections[static_cast<unsigned>(Section::Global)].present &&
      failed(parseGlobals()))
    return failure();
  // Missing only after the sections before it were read, as the reference
  // reader finds it.
  if (!sections[static_cast<unsigned>(Section::Function)].present) {
    error(data.size()) << "function section is mandatory";
    return failure();
  }
  if (failed(parseFunctionTable()))
    return failure();
  if (sections[static_cast<unsigned>(Section::Debug)].present &&
      failed(parseDebugSection()))
    return failure();
  return checkGlobals();
}

//===----------------------------------------------------------------------===//
// Strings, types, constants
//===----------------------------------------------------------------------===//

FailureOr<StringAttr> FileReader::getString(uint64_t index) {
  // Without an offset, as the reference's string table reports it.
  if (index >= strings.size())
    return errorWithoutOffset() << "string index " << index << " out of bounds";
  if (StringAttr cached = stringCache[index])
    return cached;
  ArrayRef<uint8_t> bytes = strings.clampedEntry(index);
  StringAttr value = builder.getStringAttr(
      StringRef(reinterpret_cast<const char *>(bytes.data()), bytes.size()));
  stringCache[index] = value;
  return value;
}

template <typename T>
LogicalResult FileReader::readLEArray(EncodingReader &in,
                                      SmallVectorImpl<T> &values,
                                      StringRef what) {
  uint64_t count;
  if (!in.readVarint(count))
    return error(in.offset()) << what;
  if (count > UINT32_MAX - 1) {
    error(in.offset()) << "array size in bytecode (" << count
                       << ") exceeds maximum supported capacity";
    return error(in.offset()) << what;
  }
  // Only the whole values that are there are read (never allocated beyond).
  uint64_t present = std::min<uint64_t>(count, in.remaining() / sizeof(T));
  values.resize(present);
  for (T &value : values) {
    std::make_unsigned_t<T> raw = 0;
    in.readLE(raw);
    value = static_cast<T>(raw);
  }
  if (present < count)
    return error(in.offset()) << what;
  return success();
}

FailureOr<Type> FileReader::getType(uint64_t index, uint64_t at,
                                    unsigned depth) {
  // As in the reference reader, an index out of range, a type defined in
  // terms of itself and an entry outside the table fail without a
  // diagnostic: the reader of the index reports it.
  if (index >= types.size())
    return failure();
  if (Type cached = typeCache[index])
    return cached;
  if (typeInProgress[index])
    return failure();
  if (depth > kMaxTypeDepth)
    return error(at) << "types nested deeper than " << kMaxTypeDepth
                     << " levels";
  typeInProgress[index] = 1;
  FailureOr<Type> type = parseType(index, depth);
  typeInProgress[index] = 0;
  if (succeeded(type))
    typeCache[index] = *type;
  return type;
}

FailureOr<Type> FileReader::parseType(size_t index, unsigned depth) {
  ArrayRef<uint8_t> bytes;
  uint64_t entryOffset;
  if (!types.entry(index, bytes, entryOffset))
    return failure();
  uint64_t tag;
  {
    EncodingReader tagReader(bytes);
    if (!tagReader.readVarint(tag))
      return failure();
    // The reference reads the tag as a varint but dispatches on its low byte.
    tag &= 0xFF;
    bytes = bytes.drop_front(tagReader.position());
    entryOffset = 0;
  }
  // Offsets are inside the entry, after its tag (as in the reference).
  EncodingReader in(bytes);

  auto component = [&](StringRef what) -> FailureOr<Type> {
    uint64_t component;
    FailureOr<Type> type = failure();
    if (in.readVarint(component))
      type = getType(component, in.offset(), depth + 1);
    if (failed(type))
      return error(in.offset()) << "failed to get " << what;
    return type;
  };
  // Worded as the reference's reader words it, without an offset.
  auto checkVersion = [&](BytecodeVersion since,
                          StringRef name) -> LogicalResult {
    if (since <= version)
      return success();
    return errorWithoutOffset()
           << "type '" << name << "' requires bytecode version " << since.str()
           << "+, file version is " << version.str();
  };
  // The checked constructors report at the end of what was read, as in the
  // reference reader.
  auto emitInvalidFn = [&]() { return error(in.offset()); };
  llvm::function_ref<InFlightDiagnostic()> emitInvalid = emitInvalidFn;
  auto readPadding = [&](bool present,
                         PaddingValueAttr &padding) -> LogicalResult {
    if (!present)
      return success();
    // Read as the reference reads any enum: 32 bits of the varint count.
    uint64_t raw;
    if (!in.readVarint(raw))
      return error(in.offset()) << "failed to read VarInt for enum attribute.";
    std::optional<PaddingValue> value =
        symbolizePaddingValue(static_cast<uint32_t>(raw));
    if (!value)
      return error(in.offset()) << "invalid integer value for enum type: "
                                << static_cast<uint32_t>(raw);
    padding = PaddingValueAttr::get(context, *value);
    return success();
  };
  auto readViewFlags = [&](uint64_t &flags) -> LogicalResult {
    if (!in.readVarint(flags))
      return error(in.offset()) << "failed to read optional parameter flags";
    if (flags > 1)
      return error(in.offset()) << "invalid type flags " << flags
                                 << kUnknownFlagRule;
    return success();
  };
  // 13.4's pointer attribute of ptr and tensor_view types: only `default`
  // (0) is defined, which is what the type means without one.
  auto readPointerAttr = [&](bool present) -> LogicalResult {
    uint8_t value;
    if (!present)
      return success();
    if (!in.readByte(value))
      return error(in.offset()) << "failed to read a pointer attribute";
    if (value != 0)
      return error(in.offset() - 1) << "unknown pointer attribute " << unsigned(value);
    return success();
  };
  // A view's tensor_view, checked as soon as it is read (as the reference).
  auto readTensorView = [&](TensorViewType &view) -> LogicalResult {
    FailureOr<Type> type = component("tensor_view type");
    if (failed(type))
      return failure();
    view = dyn_cast<TensorViewType>(*type);
    if (!view)
      return error(in.offset())
             << "expected ::mlir::cuda_tile::TensorViewType but got " << *type;
    return success();
  };

  Type result;
  for (const ScalarTypeInfo &scalar : getScalarTypeTable()) {
    if (scalar.tag != tag)
      continue;
    if (failed(checkVersion(scalar.since, scalar.name)))
      return failure();
    result = scalar.build(builder);
  }
  if (!result) {
    const TypeTagInfo *info = nullptr;
    for (const TypeTagInfo &candidate : getDialectTypeTable())
      if (candidate.tag == tag)
        info = &candidate;
    if (!info)
      return errorWithoutOffset() << "unknown type tag: " << tag;
    std::string className = info->getMessageName();
    if (failed(checkVersion(info->since, className)))
      return failure();
    switch (tag) {
    case TypeTag::Pointer: {
      uint64_t flags = 0;
      if (version >= kPointerFlagsVersion && failed(readViewFlags(flags)))
        return failure();
      FailureOr<Type> pointee = component("pointeeType type");
      if (failed(pointee) || failed(readPointerAttr(flags & 1)))
        return failure();
      result = PointerType::getChecked(emitInvalid, context, *pointee);
      break;
    }
    case TypeTag::Tile: {
      FailureOr<Type> element = component("elementType type");
      SmallVector<int64_t> shape;
      if (failed(element) ||
          failed(readLEArray(in, shape, "failed to read shape")))
        return failure();
      result = TileType::getChecked(emitInvalid, context,
                                    ArrayRef<int64_t>(shape), *element);
      break;
    }
    case TypeTag::TensorView: {
      uint64_t flags = 0;
      if (version >= kPointerFlagsVersion && failed(readViewFlags(flags)))
        return failure();
      FailureOr<Type> element = component("elementType type");
      SmallVector<int64_t> shape, strides;
      if (failed(element) ||
          failed(readLEArray(in, shape, "failed to read shape")) ||
          failed(readLEArray(in, strides, "failed to read strides")) ||
          failed(readPointerAttr(flags & 1)))
        return failure();
      result = TensorViewType::getChecked(emitInvalid, context, *element,
                                          ArrayRef<int64_t>(shape),
                                          ArrayRef<int64_t>(strides));
      break;
    }
    case TypeTag::PartitionView: {
      SmallVector<int32_t> tileShape, dimMap;
      PaddingValueAttr padding;
      TensorViewType tensorView;
      if (version >= BytecodeVersion(13, 3)) {
        uint64_t flags;
        if (failed(readViewFlags(flags)) ||
            failed(readLEArray(in, tileShape, kTileShapeFailure)) ||
            failed(readTensorView(tensorView)) ||
            failed(readLEArray(in, dimMap, kDimMapFailure)) ||
            failed(readPadding(flags & 1, padding)))
          return failure();
      } else {
        uint8_t hasPadding;
        if (failed(readLEArray(in, tileShape, kTileShapeFailure)) ||
            failed(readTensorView(tensorView)) ||
            failed(readLEArray(in, dimMap, kDimMapFailure)))
          return failure();
        if (!in.readByte(hasPadding))
          return error(in.offset()) << "failed to read a padding flag";
        if (hasPadding > 1)
          return error(in.offset()) << "invalid padding flag " << hasPadding
                                   << kUnknownFlagRule;
        if (failed(readPadding(hasPadding, padding)))
          return failure();
      }
      result = PartitionViewType::getChecked(
          emitInvalid, context, builder.getDenseI32ArrayAttr(tileShape),
          tensorView, ArrayRef<int32_t>(dimMap), padding);
      break;
    }
    case TypeTag::Function: {
      SmallVector<Type> inputs, results;
      for (bool isResult : {false, true}) {
        SmallVector<Type> &list = isResult ? results : inputs;
        StringRef what = isResult ? "result" : "parameter";
        uint64_t count;
        if (!in.readVarint(count) || count > UINT32_MAX - 1) {
          if (count > UINT32_MAX - 1)
            error(in.offset())
                << "varint value exceeds maximum supported capacity. "
                   "(expected value less than "
                << UINT32_MAX - 1 << ", got " << count << ").";
          return error(in.offset())
                 << "failed to read number of " << what << "s";
        }
        for (uint64_t i = 0; i < count; ++i) {
          uint64_t component;
          FailureOr<Type> type = failure();
          if (in.readVarint(component))
            type = getType(component, in.offset(), depth + 1);
          if (failed(type))
            return error(in.offset()) << "failed to get " << what << " type";
          list.push_back(*type);
        }
      }
      result = builder.getFunctionType(inputs, results);
      break;
    }
    case TypeTag::Token:
      result = TokenType::get(context);
      break;
    case TypeTag::Float8E5M3FNU:
      result = Float8E5M3FNUType::get(context);
      break;
    case TypeTag::GatherScatterView: {
      uint64_t flags, sparseDim;
      SmallVector<int32_t> tileShape;
      PaddingValueAttr padding;
      TensorViewType tensorView;
      if (failed(readViewFlags(flags)) ||
          failed(readLEArray(in, tileShape, kTileShapeFailure)) ||
          failed(readTensorView(tensorView)))
        return failure();
      if (!in.readVarint(sparseDim))
        return error(in.offset()) << "failed to read sparse_dim";
      if (sparseDim > UINT32_MAX)
        return error(in.offset())
               << "sparse_dim value " << sparseDim << " exceeds uint32_t range";
      if (sparseDim > INT32_MAX)
        return error(in.offset()) << "invalid sparse dimension " << sparseDim;
      if (failed(readPadding(flags & 1, padding)))
        return failure();
      result = GatherScatterViewType::getChecked(
          emitInvalid, context, builder.getDenseI32ArrayAttr(tileShape),
          tensorView, static_cast<int32_t>(sparseDim), padding);
      break;
    }
    case TypeTag::StridedView: {
      uint64_t flags;
      SmallVector<int32_t> tileShape, strides32, dimMap;
      PaddingValueAttr padding;
      TensorViewType tensorView;
      if (failed(readViewFlags(flags)) ||
          failed(readLEArray(in, tileShape, kTileShapeFailure)) ||
          failed(readLEArray(in, strides32,
                             "failed to read traversal_strides data")) ||
          failed(readTensorView(tensorView)) ||
          failed(readLEArray(in, dimMap, kDimMapFailure)) ||
          failed(readPadding(flags & 1, padding)))
        return failure();
      SmallVector<int64_t> strides(strides32.begin(), strides32.end());
      result = StridedViewType::getChecked(
          emitInvalid, context, builder.getDenseI32ArrayAttr(tileShape),
          ArrayRef<int64_t>(strides), tensorView, ArrayRef<int32_t>(dimMap),
          padding);
      break;
    }
    default:
      return errorWithoutOffset() << "unknown type tag: " << tag;
    }
  }
  if (!result)
    return failure(); // the checked constructor reported why
  if (!in.atEnd() && failed(nonCanonical(in.offset(), "trailing-bytes",
                                         "trailing bytes in type " +
                                             Twine(index))))
    return failure();
  return result;
}

FailureOr<Attribute> FileReader::getDenseConstant(Type type, uint64_t index) {
  ArrayRef<uint8_t> bytes;
  uint64_t offset;
  constants.entry(index, bytes, offset); // checked by parseOffsetTable
  EncodingReader in(bytes);
  if (!type)
    return error(in.offset()) << "provided type is null";
  auto tile = dyn_cast<TileType>(type);
  if (!tile || !tile.getElementType().isIntOrFloat())
    return error(in.offset())
           << "expect Cuda Tile integer or float type but got: " << tile;
  uint64_t length;
  if (!in.readVarint(length))
    return error(in.offset()) << "failed to read the size of the data buffer";
  ArrayRef<uint8_t> raw;
  if (!in.readBytes(length, raw))
    return error(in.offset()) << "failed to read the raw byte data";
  ArrayRef<char> buffer(reinterpret_cast<const char *>(raw.data()),
                        raw.size());
  bool isSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(tile, buffer, isSplat))
    return error(in.offset()) << "failed to validate buffer size and format";
  if (!in.atEnd() && failed(nonCanonical(in.offset(), "trailing-bytes",
                                         "trailing bytes in constant " +
                                             Twine(index))))
    return failure();
  return Attribute(DenseElementsAttr::getFromRawBuffer(tile, buffer));
}

//===----------------------------------------------------------------------===//
// Self-contained attributes
//===----------------------------------------------------------------------===//

/// A count read with the reference reader's cap (the largest 32-bit value
/// but one); `what` is the follow-up when it cannot be read.
static LogicalResult readCappedCount(FileReader &file, EncodingReader &in,
                                     uint64_t &value,
                                     llvm::function_ref<void()> emitWhat) {
  if (!in.readVarint(value)) {
    emitWhat();
    return failure();
  }
  if (value > UINT32_MAX - 1) {
    file.error(in.offset()) << "varint value exceeds maximum supported "
                               "capacity. (expected value less than "
                            << UINT32_MAX - 1 << ", got " << value << ").";
    emitWhat();
    return failure();
  }
  return success();
}

FailureOr<DictionaryAttr> FileReader::readDictionaryBody(EncodingReader &in,
                                                         unsigned depth) {
  uint64_t count;
  // Nothing is reserved for the count: a false one fails at the first entry
  // that is not there.
  if (failed(readCappedCount(*this, in, count, [&] {
        error(in.offset()) << "failed to read size for DictionaryAttr";
      })))
    return failure();
  NamedAttrList entries;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t keyIndex;
    FailureOr<StringAttr> key = failure();
    if (in.readVarint(keyIndex))
      key = getString(keyIndex);
    if (failed(key))
      return error(in.offset())
             << "failed to read key for DictionaryAttr element " << i;
    // MLIR's attribute names are never empty (the text cannot spell one).
    if (key->getValue().empty())
      return error(in.offset())
             << "invalid empty attribute name for DictionaryAttr element " << i;
    FailureOr<Attribute> value = readAttribute(in, depth + 1);
    if (failed(value)) {
      error(lastErrorOffset) << "failed to parse DictionaryAttr value for key "
                             << key->getValue();
      return failure();
    }
    entries.append(*key, *value);
  }
  if (std::optional<NamedAttribute> duplicate = entries.findDuplicate())
    return error(in.offset())
           << "failed to parse DictionaryAttr, duplicate key found: "
           << duplicate->getName();
  return entries.getDictionary(context);
}

FailureOr<OptimizationHintsAttr>
FileReader::readHintsBody(EncodingReader &in, unsigned depth) {
  FailureOr<DictionaryAttr> dict = readDictionaryBody(in, depth);
  if (failed(dict))
    return failure();
  // As in the textual form, every architecture maps to a dictionary.
  for (NamedAttribute arch : *dict)
    if (!isa<DictionaryAttr>(arch.getValue()))
      return error(in.offset())
             << "expected dictionary attribute for optimization_hints entry `"
             << arch.getName().getValue() << "` got value=" << arch.getValue();
  return OptimizationHintsAttr::get(context, *dict);
}

FailureOr<Attribute> FileReader::readAttribute(EncodingReader &in,
                                               unsigned depth) {
  if (depth > kMaxAttributeDepth)
    return error(in.offset()) << "attributes nested deeper than "
                              << kMaxAttributeDepth << " levels";
  uint64_t tag;
  if (!in.readVarint(tag))
    return error(in.offset()) << "failed to read an attribute tag";
  // An unknown tag is reported after it, as the reference's reader does.
  uint64_t afterTag = in.offset();
  // A type index; failures are reported by each attribute kind.
  auto readType = [&]() -> FailureOr<Type> {
    uint64_t index;
    if (!in.readVarint(index))
      return failure();
    return getType(index, in.offset());
  };
  switch (static_cast<AttrTag>(tag)) {
  case AttrTag::Integer: {
    FailureOr<Type> type = readType();
    if (failed(type) || !isa<IntegerType>(*type))
      return error(in.offset())
             << "failed to read valid IntegerType for IntegerAttr";
    auto intType = cast<IntegerType>(*type);
    unsigned width = intType.getWidth();
    if (width == 0 || width > 64)
      return error(in.offset())
             << "unsupported width for inline integer attribute: " << width;
    uint64_t value;
    if (width == 1) {
      uint8_t byte;
      if (!in.readByte(byte))
        return error(in.offset())
               << "failed to read byte for inline bool (i1)";
      return Attribute(builder.getBoolAttr(byte != 0));
    }
    if (!in.readVarint(value))
      return error(in.offset())
             << "failed to read VarInt for inline integer (width=" << width
             << ")";
    if (width < 64 && (value >> width))
      return error(in.offset()) << "value " << value << " does not fit in "
                                << width << " bits";
    return Attribute(IntegerAttr::get(intType, APInt(width, value)));
  }
  case AttrTag::Float: {
    FailureOr<Type> type = readType();
    if (failed(type) || !isa<FloatType>(*type))
      return error(in.offset())
             << "failed to read valid FloatType for FloatAttr";
    auto floatType = cast<FloatType>(*type);
    if (floatType.getWidth() > 64)
      return error(in.offset()) << "float attribute of type " << *type;
    unsigned width = floatType.getWidth();
    uint64_t bits;
    if (width <= 8) {
      uint8_t byte;
      if (!in.readByte(byte))
        return error(in.offset()) << "failed to read a float value";
      bits = byte;
    } else {
      bool wide;
      if (!in.readWideSignedVarint(bits, wide))
        return error(in.offset()) << "failed to read a float value";
      if (wide && failed(nonCanonical(
                      in.offset(), "float-bits",
                      "float bits written as a 65-bit zigzag varint")))
        return failure();
    }
    if (width < 64 && (bits >> width))
      return error(in.offset()) << "value does not fit " << *type;
    APFloat value(floatType.getFloatSemantics(), APInt(width, bits));
    return Attribute(FloatAttr::get(floatType, value));
  }
  case AttrTag::Bool: {
    uint8_t value;
    if (!in.readByte(value))
      return error(in.offset()) << "invalid boolean attribute";
    if (value > 1 && failed(nonCanonical(in.offset(), "bool-byte",
                                         "invalid boolean attribute")))
      return failure();
    return Attribute(builder.getBoolAttr(value != 0));
  }
  case AttrTag::Type: {
    FailureOr<Type> type = readType();
    if (failed(type))
      return error(in.offset())
             << "failed to get referenced type for TypeAttr";
    return Attribute(TypeAttr::get(*type));
  }
  case AttrTag::String: {
    uint64_t index;
    FailureOr<StringAttr> value = failure();
    if (in.readVarint(index))
      value = getString(index);
    if (failed(value))
      return error(in.offset()) << "failed to read StringAttr.";
    return Attribute(*value);
  }
  case AttrTag::Array: {
    uint64_t count;
    if (failed(readCappedCount(*this, in, count, [&] {
          error(in.offset()) << "failed to read size for ArrayAttr.";
        })))
      return failure();
    SmallVector<Attribute> elements;
    for (uint64_t i = 0; i < count; ++i) {
      FailureOr<Attribute> element = readAttribute(in, depth + 1);
      if (failed(element))
        return error(in.offset()) << "failed to parse ArrayAttr element " << i;
      elements.push_back(*element);
    }
    return Attribute(builder.getArrayAttr(elements));
  }
  case AttrTag::DenseElements: {
    // The reference reader rejects this tag ("unknown DenseElementsAttr
    // based Attr") although its writer produces it; we read it back.
    FailureOr<Type> type = readType();
    auto tile = succeeded(type) ? dyn_cast<TileType>(*type) : TileType();
    if (!tile)
      return error(in.offset()) << "failed to read valid MLIR Type for "
                                   "self-contained DenseElementsAttr";
    uint64_t index;
    if (!in.readVarint(index))
      return error(in.offset()) << "failed to read constant index";
    if (index >= constants.size())
      return error(in.offset()) << "constant index " << index
                                << " out of bounds";
    return getDenseConstant(tile, index);
  }
  case AttrTag::DivBy: {
    uint64_t divisor;
    uint8_t flags;
    if (!in.readVarint(divisor))
      return error(in.offset()) << "failed to read divisor for DivByAttr";
    if (!in.readByte(flags))
      return error(in.offset()) << "failed to read flags byte for DivByAttr";
    if (flags > 3)
      return error(in.offset()) << "invalid div_by flags " << unsigned(flags)
                                 << kUnknownFlagRule;
    std::optional<int64_t> every, along;
    int64_t value;
    if (flags & 1) {
      if (!in.readSignedVarint(value))
        return error(in.offset())
               << "failed to read value for 'every' in DivByAttr";
      every = value;
    }
    if (flags & 2) {
      if (!in.readSignedVarint(value))
        return error(in.offset())
               << "failed to read value for 'along' in DivByAttr";
      along = value;
    }
    return Attribute(DivByAttr::get(context, divisor, every, along));
  }
  case AttrTag::SameElements: {
    SmallVector<int64_t> values;
    if (failed(readLEArray(in, values,
                           "failed to read DenseI64ArrayAttr values.")))
      return error(in.offset())
             << "failed to read DenseI64ArrayAttr for SameElementsAttr";
    return Attribute(
        SameElementsAttr::get(context, builder.getDenseI64ArrayAttr(values)));
  }
  case AttrTag::Dictionary: {
    FailureOr<DictionaryAttr> dict = readDictionaryBody(in, depth);
    if (failed(dict))
      return failure();
    return Attribute(*dict);
  }
  case AttrTag::OptimizationHints: {
    FailureOr<OptimizationHintsAttr> hints = readHintsBody(in, depth);
    if (failed(hints))
      return failure();
    return Attribute(*hints);
  }
  case AttrTag::Bounded: {
    uint8_t flags;
    if (!in.readByte(flags))
      return error(in.offset()) << "malformed bounded attribute";
    if (flags > 3)
      return error(in.offset()) << "invalid bounded flags " << unsigned(flags)
                                 << kUnknownFlagRule;
    std::optional<int64_t> lb, ub;
    int64_t value;
    if (flags & 1) {
      if (!in.readSignedVarint(value))
        return error(in.offset()) << "malformed bounded attribute";
      lb = value;
    }
    if (flags & 2) {
      if (!in.readSignedVarint(value))
        return error(in.offset()) << "malformed bounded attribute";
      ub = value;
    }
    return Attribute(BoundedAttr::get(context, lb, ub));
  }
  }
  return error(afterTag) << "unsupported AttributeTag " << tag
                          << " for self-contained attribute";
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

/// As the reference reader decodes debug info: an index, span or tag that
/// cannot be read, or an entry in terms of itself, fails without a word of
/// its own (the referring entry or op says what it could not read).
FailureOr<Attribute> FileReader::getDebugAttr(uint64_t index, uint64_t at,
                                              unsigned depth) {
  if (index == 0)
    return Attribute(UnknownLoc::get(context));
  if (index - 1 >= debugAttrs.size())
    return failure();
  size_t slot = index - 1;
  if (Attribute cached = debugCache[slot])
    return cached;
  if (debugInProgress[slot])
    return failure();
  // The reference recurses without a bound; a chain this deep is refused.
  if (depth > kMaxDebugDepth)
    return error(at) << "debug info nested deeper than " << kMaxDebugDepth
                     << " levels";
  debugInProgress[slot] = 1;
  FailureOr<Attribute> attr = parseDebugAttr(slot, depth);
  debugInProgress[slot] = 0;
  if (succeeded(attr))
    debugCache[slot] = *attr;
  return attr;
}

FailureOr<Attribute> FileReader::parseDebugAttr(size_t slot, unsigned depth) {
  ArrayRef<uint8_t> bytes;
  uint64_t entryOffset;
  if (!debugAttrs.entry(slot, bytes, entryOffset))
    return failure();
  EncodingReader tagReader(bytes);
  uint64_t tag;
  if (!tagReader.readVarint(tag))
    return failure();
  // The fields are read with offsets from the end of the tag, and a field
  // that cannot be read is named with the attribute being built.
  EncodingReader in(bytes.drop_front(tagReader.position()));
  auto failedField = [&](StringRef field, StringRef what) {
    return error(in.offset())
           << "failed to read " << field << " when parsing " << what;
  };
  auto ref = [&](auto &result) -> bool {
    using AttrT = std::remove_reference_t<decltype(result)>;
    uint64_t index;
    if (!in.readVarint(index))
      return false;
    FailureOr<Attribute> attr = getDebugAttr(index, in.offset(), depth + 1);
    result = succeeded(attr) ? dyn_cast<AttrT>(*attr) : AttrT();
    return bool(result);
  };
  auto string = [&](StringAttr &result) -> bool {
    uint64_t index;
    if (!in.readVarint(index))
      return false;
    FailureOr<StringAttr> value = getString(index);
    if (failed(value))
      return false;
    result = *value;
    return true;
  };
  // Line and column numbers are taken modulo 2^32, as the reference does.
  auto number = [&](unsigned &result) -> bool {
    uint64_t value;
    if (!in.readVarint(value))
      return false;
    result = static_cast<unsigned>(value);
    return true;
  };
  Attribute result;
  // The reference dispatches on the tag's low byte and reads any tag it does
  // not know as an unknown location.
  bool knownTag = tag <= 0xFF && static_cast<DebugTag>(tag) != DebugTag::Unknown &&
                  static_cast<DebugTag>(tag) <= DebugTag::CallSite;
  if (!knownTag && failed(nonCanonical(entryOffset, "debug-tag",
                                       "debug info entry " + Twine(slot + 1) +
                                           " has tag " + Twine(tag))))
    return failure();
  switch (static_cast<DebugTag>(tag & 0xFF)) {
  case DebugTag::CompileUnit: {
    DIFileAttr file;
    if (!ref(file))
      return failedField("file attribute", "DICompileUnitAttr");
    result = DICompileUnitAttr::get(context, file);
    break;
  }
  case DebugTag::File: {
    StringAttr name, directory;
    if (!string(name))
      return failedField("file name attribute", "DIFileAttr");
    if (!string(directory))
      return failedField("directory attribute", "DIFileAttr");
    result = DIFileAttr::get(context, name, directory);
    break;
  }
  case DebugTag::LexicalBlock: {
    StringRef what = "DILexicalBlockAttr";
    DILocalScopeAttr parent;
    DIFileAttr file;
    unsigned line, column;
    if (!ref(parent))
      return failedField("scope attribute", what);
    if (!ref(file))
      return failedField("file attribute", what);
    if (!number(line))
      return failedField("line number", what);
    if (!number(column))
      return failedField("column number", what);
    result = DILexicalBlockAttr::get(context, parent, file, line, column);
    break;
  }
  case DebugTag::Loc: {
    DILocalScopeAttr parent;
    StringAttr fileName;
    unsigned line, column;
    if (!ref(parent))
      return failedField("scope attribute", "DILocAttr");
    if (!string(fileName))
      return failedField("file name attribute", "FileLineColLoc");
    if (!number(line))
      return failedField("line number", "FileLineColLoc");
    if (!number(column))
      return failedField("column number", "FileLineColLoc");
    // The textual form cannot spell an empty file name (the parser reads
    // `loc("":1:2)` as file "-").
    if (fileName.getValue().empty())
      return error(entryOffset) << "debug info entry " << slot + 1
                                << " has an empty file name";
    result = DILocAttr::get(
        context, FileLineColLoc::get(fileName, line, column), parent);
    break;
  }
  case DebugTag::Subprogram: {
    StringRef what = "DISubprogramAttr";
    DIFileAttr file;
    DICompileUnitAttr unit;
    StringAttr name, linkageName;
    unsigned line, scopeLine;
    if (!ref(file))
      return failedField("file attribute", what);
    if (!number(line))
      return failedField("line number", what);
    if (!string(name))
      return failedField("name attribute", what);
    if (!string(linkageName))
      return failedField("linkage name attribute", what);
    if (!ref(unit))
      return failedField("compile unit attribute", what);
    if (!number(scopeLine))
      return failedField("scope line number", what);
    result = DISubprogramAttr::get(context, file, line, name, linkageName,
                                   unit, scopeLine);
    break;
  }
  case DebugTag::CallSite: {
    LocationAttr callee, caller;
    if (!ref(callee))
      return failedField("callee attribute", "CallSiteLoc");
    if (!ref(caller))
      return failedField("caller attribute", "CallSiteLoc");
    result = CallSiteLoc::get(Location(callee), Location(caller));
    break;
  }
  default:
    return Attribute(UnknownLoc::get(context));
  }
  if (!in.atEnd() && failed(nonCanonical(entryOffset + tagReader.position() +
                                             in.position(),
                                         "trailing-bytes",
                                         "trailing bytes in debug info entry " +
                                             Twine(slot + 1))))
    return failure();
  return result;
}

LogicalResult FileReader::parseGlobals() {
  EncodingReader in(sectionBytes(Section::Global));
  uint64_t payloadSize = in.getData().size();
  auto fail = [&](StringRef message) {
    error(in.offset()) << message;
    error(fileSize()) << "failed to parse global section";
    return failure();
  };
  uint64_t count;
  if (!in.readVarint(count))
    return fail("failed to read number of global.");
  // A record is at least four varints, six from 13.3 on.
  unsigned minRecord = version >= BytecodeVersion(13, 3) ? 6 : 4;
  if (count > (payloadSize - in.position()) / minRecord) {
    uint64_t left = payloadSize - in.position();
    error(in.offset()) << "number of globals (" << count
                       << ") exceeds the maximum of " << left / minRecord
                       << " that can fit in the remaining payload of " << left
                       << " bytes.";
    error(fileSize()) << "failed to parse global section";
    return failure();
  }
  bool hasFlags = version >= BytecodeVersion(13, 3);
  for (uint64_t i = 0; i < count; ++i) {
    GlobalRecord global{};
    if (!in.readVarint(global.nameIndex))
      return fail("failed to read global symbol name string.");
    if (!in.readVarint(global.typeIndex))
      return fail("failed to read global value type");
    if (!in.readVarint(global.constIndex))
      return fail("failed to read global value constant index");
    if (!in.readVarint(global.alignment))
      return fail("failed to read global alignment");
    if (hasFlags && !in.readVarint(global.visibility))
      return fail("failed to read global visibility");
    if (hasFlags && !in.readVarint(global.constant))
      return fail("failed to read global constant flag");
    globals.push_back(global);
  }
  if (!in.atEnd() &&
      failed(nonCanonical(in.offset(), "trailing-bytes",
                          "trailing bytes in the global section")))
    return failure();
  return success();
}

LogicalResult FileReader::checkGlobals() {
  uint64_t end = fileSize();
  auto createError = [&]() {
    error(end) << "failed to create global from bytecode";
    return failure();
  };
  for (GlobalRecord &global : globals) {
    if (global.constIndex >= constants.size()) {
      error(end) << "global value constant index out of bounds";
      return createError();
    }
    if (global.nameIndex >= strings.size()) {
      errorWithoutOffset() << "string index " << global.nameIndex
                           << " out of bounds";
      error(end) << "failed to get global symbol name string for index "
                 << global.nameIndex;
      return createError();
    }
    global.name = *getString(global.nameIndex);
    if (global.name.getValue().empty()) {
      error(end) << "global symbol name at index " << global.nameIndex
                 << " is empty";
      return createError();
    }
    Type type;
    if (global.typeIndex < types.size()) {
      FailureOr<Type> parsed = getType(global.typeIndex, end);
      if (succeeded(parsed))
        type = *parsed;
    }
    FailureOr<Attribute> value = getDenseConstant(type, global.constIndex);
    if (failed(value))
      return createError();
    global.value = *value;
    if (global.visibility > 1 || global.constant > 1) {
      error(end) << "invalid visibility or constant flag of global '"
                 << global.name.getValue() << "'" << kUnknownFlagRule;
      return createError();
    }
  }
  return success();
}

LogicalResult FileReader::parseFunctionTable() {
  const SectionRange &section =
      sections[static_cast<unsigned>(Section::Function)];
  EncodingReader in(sectionBytes(Section::Function));
  uint64_t payloadSize = in.getData().size();
  auto chain = [&]() {
    error(fileSize()) << "failed to parse function section";
    return failure();
  };
  uint64_t count;
  if (!in.readVarint(count))
    return chain();
  if (count > payloadSize) {
    error(in.offset()) << "number of functions (" << count
                       << ") exceeds payload size (" << payloadSize << ")";
    return chain();
  }
  for (uint64_t i = 0; i < count; ++i) {
    FunctionRecord record{};
    if (!in.readVarint(record.nameIndex) ||
        !in.readVarint(record.typeIndex) || !in.readByte(record.flags) ||
        !in.readVarint(record.debugIndex))
      return chain();
    // Hints are only read for kernels, as the reference reader does.
    if ((record.flags & kFunctionKernel) && (record.flags & kFunctionHasHints)) {
      FailureOr<Attribute> hints = readAttribute(in);
      if (failed(hints))
        return chain();
      record.hintsAttr = *hints;
    }
    if (!in.readVarint(record.bodyLength))
      return chain();
    if (record.bodyLength > in.remaining()) {
      error(in.offset()) << "function body length " << record.bodyLength
                         << " exceeds remaining bytecode data ("
                         << in.remaining() << " bytes)";
      return chain();
    }
    in.seek(in.position() + record.bodyLength);
    record.bodyOffset = section.offset + in.position() - record.bodyLength;
    functions.push_back(record);
  }
  // The reference writer pads the section to 8 bytes, cuTile Python's does
  // not; the reference reader ignores whatever follows the last record.
  if ((!in.alignTo(8) || !in.atEnd()) &&
      failed(nonCanonical(in.offset(), "function-section-end",
                          "trailing bytes in the function section (expected "
                          "0xCB padding to 8 bytes)")))
    return failure();
  return success();
}

LogicalResult FileReader::checkFunctions() {
  for (FunctionRecord &record : functions)
    if (failed(checkFunction(record)))
      return failure();
  return success();
}

LogicalResult FileReader::checkFunction(FunctionRecord &record) {
  uint64_t end = fileSize();
  auto createError = [&]() {
    error(end) << "failed to create function from bytecode";
    return failure();
  };
  if (record.nameIndex >= strings.size()) {
    errorWithoutOffset() << "string index " << record.nameIndex
                         << " out of bounds";
    error(end) << "failed to get function name string at index "
               << record.nameIndex;
    return createError();
  }
  record.name = *getString(record.nameIndex);
  StringRef name = record.name.getValue();
  if (name.empty()) {
    error(end) << "function name at index " << record.nameIndex
               << " is empty";
    return createError();
  }
  if (record.typeIndex >= types.size()) {
    error(end) << "function signature index " << record.typeIndex
               << " out of bounds for function '" << name << "'";
    return createError();
  }
  FailureOr<Type> type = getType(record.typeIndex, end);
  if (failed(type)) {
    // (sic: the reference's message has no closing quote)
    error(end) << "failed to parse type at index " << record.typeIndex
               << " for function '" << name;
    return createError();
  }
  record.type = dyn_cast<FunctionType>(*type);
  if (!record.type) {
    error(end) << "function signature index " << record.typeIndex
               << " does not refer to a function type for function '"
               << name << "', got type: " << *type;
    return createError();
  }
  if (record.type.getNumResults() != 0) {
    error(end) << "function signature of '" << name
               << "' is not a function type without results: " << *type;
    return createError();
  }
  if (failed(checkFunctionLocation(record))) {
    error(end) << "failed to read function location for '" << name << "'";
    return createError();
  }
  if (!(record.flags & kFunctionKernel)) {
    error(end) << "un-expected non-entry function '" << name << "'";
    return createError();
  }
  if (record.flags & ~(kFunctionPrivate | kFunctionKernel |
                       kFunctionHasHints)) {
    error(end) << "invalid flags " << unsigned(record.flags)
               << " of function '" << name << "'" << kUnknownFlagRule;
    return createError();
  }
  if (record.hintsAttr) {
    record.hints = dyn_cast<OptimizationHintsAttr>(record.hintsAttr);
    if (!record.hints) {
      error(end) << "invalid optimization hints attribute for function '"
                 << name << "'";
      return createError();
    }
  }

  BytecodeFile::FunctionInfo info;
  info.name = name.str();
  info.isKernel = record.flags & kFunctionKernel;
  info.hasOptimizationHints = record.hints != nullptr;
  info.hasDebugInfo = record.debugIndex != 0;
  info.bodyOffset = record.bodyOffset;
  info.bodyLength = record.bodyLength;
  functionInfos.push_back(std::move(info));
  return success();
}

/// The location of debug-info index `index` (0 is unknown), or failure
/// without a diagnostic of its own when it does not name a location.
FailureOr<Location> FileReader::lookupLocation(uint64_t index) {
  if (index != 0 && index - 1 >= debugAttrs.size())
    return failure();
  FailureOr<Attribute> attr = getDebugAttr(index, 0);
  if (failed(attr))
    return failure();
  auto loc = dyn_cast<LocationAttr>(*attr);
  if (!loc)
    return failure();
  return Location(loc);
}

/// The i-th location of a function's list: the reference reader starts at
/// the function's first entry and reads on through the indices of the
/// debug section, whatever function they were written for.
FailureOr<Location> FileReader::functionListLocation(uint64_t debugIndex,
                                                     uint64_t i) {
  if (debugIndex == 0)
    return Location(UnknownLoc::get(context));
  if (debugIndex - 1 >= debugFirst.size())
    return failure();
  uint64_t position = debugFirst[debugIndex - 1];
  if (position > UINT32_MAX - 1 || position + i >= debugIndices.size())
    return failure();
  return lookupLocation(debugIndices[position + i]);
}

LogicalResult FileReader::checkFunctionLocation(FunctionRecord &record) {
  FailureOr<Location> loc = functionListLocation(record.debugIndex, 0);
  if (failed(loc))
    return failure();
  // The reference writer lists op locations only for a kernel whose own
  // location is written; a writer drops the others.
  if (record.debugIndex != 0 && !isa<DILocAttr, CallSiteLoc>(*loc) &&
      failed(nonCanonical(fileSize(), "function-location",
                          "the debug locations of function '" +
                              record.name.getValue() +
                              "' have no location of the function")))
    return failure();
  record.location = *loc;
  return success();
}

OperationName FileReader::getOpName(const OpCodec &codec) {
  if (opNames.size() <= codec.opcode)
    opNames.resize(codec.opcode + 1);
  std::optional<OperationName> &name = opNames[codec.opcode];
  if (!name)
    name.emplace(codec.name, context);
  return *name;
}

//===----------------------------------------------------------------------===//
// Function bodies
//===----------------------------------------------------------------------===//


//===----------------------------------------------------------------------===//
//===----------------------------------------------------------------------===//

FailureOr<Location> FunctionReader::nextLocation() {
  FailureOr<Location> loc =
      file.functionListLocation(record.debugIndex, nextDebug++);
  if (failed(loc))
    return file.error(in.offset()) << "failed to read operation location.";
  return loc;
}

LogicalResult FunctionReader::parseBody(Block &block) {
  values.assign(block.args_begin(), block.args_end());
  while (!in.atEnd())
    if (failed(parseOp(block)))
      return failure();
  return success();
}

LogicalResult FunctionReader::parseOp(Block &block) {
  BytecodeVersion version = file.getVersion();
  uint64_t opcode;
  if (!in.readVarint(opcode))
    return file.error(in.offset()) << "failed to read operation opcode.";
  const OpCodec *codec = opcode <= UINT32_MAX ? lookupCodec(opcode) : nullptr;
  // The reference reader checks the opcode as a 32-bit value.
  uint32_t opcode32 = static_cast<uint32_t>(opcode);
  if (opcode > UINT32_MAX)
    codec = nullptr;
  if (opcode32 > file.maxOpcode || (codec && codec->since > version))
    return file.error(in.offset()) << "unsupported opcode " << opcode32
                                   << " for bytecode version " << version.str();
  if (!codec)
    return file.error(in.offset())
           << "unknown or unimplemented opcode: " << opcode32;
  FailureOr<Location> loc = nextLocation();
  if (failed(loc))
    return failure();

  OperationState state(*loc, file.getOpName(*codec));
  OpDecoder decoder(*this, in);
  if (failed(codec->decode(decoder, state)))
    return failure();
  Operation *op = Operation::create(state);
  block.push_back(op);
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    if (!llvm::is_contained(decoder.getUnnumberedResults(), i))
      values.push_back(result);
  return success();
}

LogicalResult FunctionReader::parseRegions(OperationState &state,
                                           unsigned numRegions) {
  uint64_t count;
  if (failed(readCappedCount(file, in, count, [&] {
        file.error(in.offset()) << "failed to read number of regions to parse.";
      })))
    return failure();
  if (count != numRegions)
    return file.error(in.offset())
           << state.name.getStringRef() << " op expected " << numRegions
           << " regions, got " << count;
  if (regionDepth >= kMaxRegionDepth)
    return file.error(in.offset()) << "regions nested deeper than "
                                   << kMaxRegionDepth << " levels";
  ++regionDepth;
  LogicalResult result = parseRegionList(state, numRegions);
  --regionDepth;
  return result;
}

LogicalResult FunctionReader::parseRegionList(OperationState &state,
                                              unsigned numRegions) {
  // Each failure is followed by the enclosing block's, region's and op's
  // diagnostics, as in the reference reader.
  for (unsigned r = 0; r < numRegions; ++r) {
    Region *region = state.addRegion();
    auto regionFailure = [&]() {
      return file.error(in.offset()) << "failed to parse region " << r;
    };
    uint64_t numBlocks;
    if (!in.readVarint(numBlocks)) {
      file.error(in.offset()) << "failed to read region block count";
      return regionFailure();
    }
    for (uint64_t b = 0; b < numBlocks; ++b) {
      Block *block = new Block();
      region->push_back(block);
      auto blockFailure = [&]() {
        file.error(in.offset()) << "failed to parse block " << b
                                << " in region.";
        return regionFailure();
      };
      uint64_t numArgs;
      if (!in.readVarint(numArgs)) {
        file.error(in.offset()) << "failed to read block argument count.";
        return blockFailure();
      }
      size_t scope = values.size();
      for (uint64_t a = 0; a < numArgs; ++a) {
        uint64_t typeIndex;
        FailureOr<Type> type = failure();
        if (in.readVarint(typeIndex))
          type = file.getType(typeIndex, in.offset());
        if (failed(type)) {
          file.error(in.offset()) << "failed to read block argument type: "
                                  << a;
          return blockFailure();
        }
        values.push_back(
            block->addArgument(*type, UnknownLoc::get(file.context)));
      }
      uint64_t numOps;
      if (!in.readVarint(numOps)) {
        file.error(in.offset()) << "failed to read block operation count.";
        return blockFailure();
      }
      for (uint64_t i = 0; i < numOps; ++i) {
        if (failed(parseOp(*block))) {
          file.error(in.offset()) << "failed to parse operation " << i
                                  << " in block.";
          return blockFailure();
        }
      }
      if (block->empty()) {
        file.error(in.offset())
            << "invalid block structure: block is expected to have a "
               "terminator operation, but it is empty";
        return blockFailure();
      }
      Operation &last = block->back();
      if (!last.hasTrait<OpTrait::IsTerminator>()) {
        file.error(in.offset())
            << "invalid block structure: block is expected to have a "
               "terminator operation, but the last operation '"
            << last.getName() << "' is not a terminator.";
        return blockFailure();
      }
      values.resize(scope);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// OpDecoder
//===----------------------------------------------------------------------===//

BytecodeVersion OpDecoder::getVersion() const {
  return reader.file.getVersion();
}

Builder &OpDecoder::getBuilder() { return reader.file.getBuilder(); }

LogicalResult OpDecoder::readVarint(uint64_t &value) {
  if (!in.readVarint(value))
    return reader.file.error(in.offset()) << "failed to read a varint";
  return success();
}

LogicalResult OpDecoder::readResultCount(uint64_t &value) {
  return readCappedCount(reader.file, in, value, [&] {
    reader.file.error(in.offset())
        << "failed to read number of result types for " << opClassName;
  });
}

LogicalResult OpDecoder::readResultType(Type &type) {
  unsigned index = numResultTypes++;
  uint64_t typeIndex;
  FailureOr<Type> result = failure();
  if (in.readVarint(typeIndex))
    result = reader.file.getType(typeIndex, in.offset());
  if (failed(result))
    return reader.file.error(in.offset()) << "failed to get result type "
                                          << index << " for " << opClassName;
  type = *result;
  return success();
}

LogicalResult OpDecoder::readOperandCount(uint64_t &value) {
  return readCappedCount(reader.file, in, value, [&] {
    reader.file.error(in.offset()) << "failed to read operand count";
  });
}

LogicalResult OpDecoder::readSegmentSize(uint64_t &value, StringRef segment) {
  if (!in.readVarint(value))
    return reader.file.error(in.offset())
           << "failed to read actual size for variadic ODS segment '"
           << segment << "' of op '" << opName << "'";
  // The reference reader keeps the size as a 32-bit signed count.
  if (value > INT32_MAX)
    return reader.file.error(in.offset())
           << "failed to read operands for " << segment
           << " segment, exceeds maximum supported capacity";
  return success();
}

LogicalResult OpDecoder::readSegmentOperand(Value &value, StringRef segment,
                                            uint64_t element) {
  uint64_t index;
  if (!in.readVarint(index))
    return reader.file.error(in.offset())
           << "failed to read operand index for " << segment
           << " segment, element " << element;
  if (index >= reader.values.size())
    return reader.file.error(in.offset())
           << "operand index " << index << " out of bounds (size="
           << reader.values.size() << ") for " << segment
           << " segment, element " << element;
  value = reader.values[index];
  return success();
}

LogicalResult OpDecoder::readEnumValue(uint64_t &value) {
  if (!in.readVarint(value))
    return reader.file.error(in.offset())
           << "failed to read VarInt for enum attribute.";
  return success();
}

LogicalResult OpDecoder::readCount(uint64_t &value) {
  if (failed(readVarint(value)))
    return failure();
  if (value > in.remaining())
    return reader.file.error(in.offset())
           << "count " << value << " exceeds the remaining data";
  return success();
}

LogicalResult OpDecoder::readBool(bool &value) {
  uint8_t byte;
  if (!in.readByte(byte))
    return reader.file.error(in.offset())
           << "failed to read byte for inline bool (i1)";
  // Any non-zero byte is true, as for the reference reader.
  if (byte > 1 && failed(reader.file.nonCanonical(in.offset(), "bool-byte",
                                                  "invalid boolean")))
    return failure();
  value = byte != 0;
  return success();
}

LogicalResult OpDecoder::readFlags(uint64_t &value, unsigned numBits) {
  if (!in.readVarint(value))
    return reader.file.error(in.offset()) << "failed to read flags field";
  if (numBits < 64 && (value >> numBits))
    return reader.file.error(in.offset())
           << "invalid flags " << value << " for an op with " << numBits
           << " optional fields" << kUnknownFlagRule;
  return success();
}

LogicalResult OpDecoder::readType(Type &type) {
  uint64_t index;
  if (failed(readVarint(index)))
    return failure();
  FailureOr<Type> result = reader.file.getType(index, in.offset());
  if (failed(result))
    return reader.file.error(in.offset()) << "failed to get type";
  type = *result;
  return success();
}

LogicalResult OpDecoder::readString(StringAttr &value) {
  uint64_t index;
  if (!in.readVarint(index))
    return reader.file.error(in.offset()) << "failed to read StringAttr.";
  FailureOr<StringAttr> result = reader.file.getString(index);
  if (failed(result))
    return reader.file.error(in.offset()) << "failed to read StringAttr.";
  value = *result;
  return success();
}

LogicalResult OpDecoder::readSymbolName(StringAttr &value) {
  uint64_t index;
  if (!in.readVarint(index))
    return reader.file.error(in.offset())
           << "failed to read string for FlatSymbolRefAttr.";
  FailureOr<StringAttr> result = reader.file.getString(index);
  if (failed(result))
    return reader.file.error(in.offset())
           << "failed to read string for FlatSymbolRefAttr.";
  value = *result;
  return success();
}

LogicalResult OpDecoder::readOperand(Value &value) {
  unsigned operand = numOperands++;
  uint64_t index;
  if (!in.readVarint(index))
    return reader.file.error(in.offset())
           << "failed to read operand index " << operand;
  if (index >= reader.values.size())
    return reader.file.error(in.offset())
           << "operand index " << index << " out of bounds (size="
           << reader.values.size() << ") for operand " << operand;
  value = reader.values[index];
  return success();
}

LogicalResult OpDecoder::readI32Array(SmallVectorImpl<int32_t> &values) {
  // As the reference reader: the elements are read one by one, and a
  // missing one is reported where the reading stopped.
  uint64_t count;
  if (!in.readVarint(count))
    return reader.file.error(in.offset())
           << "failed to read DenseI32ArrayAttr values.";
  if (count > UINT32_MAX - 1) {
    reader.file.error(in.offset()) << "array size in bytecode (" << count
                                   << ") exceeds maximum supported capacity";
    return reader.file.error(in.offset())
           << "failed to read DenseI32ArrayAttr values.";
  }
  for (uint64_t i = 0; i < count; ++i) {
    uint32_t raw;
    if (!in.readLE(raw))
      return reader.file.error(in.offset())
             << "failed to read DenseI32ArrayAttr values.";
    values.push_back(static_cast<int32_t>(raw));
  }
  for (int32_t value : values)
    if (value == INT32_MAX || value == INT32_MIN)
      return reader.file.error(in.offset())
             << "array contains unsupported value " << value;
  return success();
}

LogicalResult OpDecoder::readBoolArray(SmallVectorImpl<bool> &values) {
  uint64_t count;
  if (failed(readCount(count)))
    return failure();
  values.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    bool value;
    if (failed(readBool(value)))
      return failure();
    values.push_back(value);
  }
  return success();
}

LogicalResult OpDecoder::readIntegerAttr(unsigned width, IntegerAttr &attr) {
  uint64_t value;
  if (width == 1) {
    uint8_t byte;
    if (!in.readByte(byte))
      return reader.file.error(in.offset())
             << "failed to read byte for inline bool (i1)";
    value = byte != 0;
  } else if (!in.readVarint(value)) {
    return reader.file.error(in.offset())
           << "failed to read VarInt for inline integer (width=" << width
           << ")";
  }
  if (width < 64 && (value >> width))
    return reader.file.error(in.offset())
           << "value " << value << " does not fit in " << width << " bits";
  attr = IntegerAttr::get(IntegerType::get(reader.file.context, width),
                          APInt(width, value));
  return success();
}

LogicalResult OpDecoder::readConstant(Type type, Attribute &attr) {
  uint64_t index;
  if (!in.readVarint(index))
    return reader.file.error(in.offset()) << "failed to read constant index";
  if (index >= reader.file.constants.size())
    return reader.file.error(in.offset())
           << "constant index " << index << " out of bounds";
  FailureOr<Attribute> value = reader.file.getDenseConstant(type, index);
  if (failed(value))
    return failure();
  attr = *value;
  return success();
}

LogicalResult OpDecoder::readAttributeArray(ArrayAttr &attr) {
  uint64_t count;
  if (failed(readCount(count)))
    return failure();
  SmallVector<Attribute> elements;
  for (uint64_t i = 0; i < count; ++i) {
    FailureOr<Attribute> element = reader.file.readAttribute(in);
    if (failed(element))
      return failure();
    elements.push_back(*element);
  }
  attr = getBuilder().getArrayAttr(elements);
  return success();
}

LogicalResult OpDecoder::readSelfContainedAttr(Attribute &attr) {
  FailureOr<Attribute> result = reader.file.readAttribute(in);
  if (failed(result))
    return failure();
  attr = *result;
  return success();
}

LogicalResult OpDecoder::readInlineAttr(OptimizationHintsAttr &attr) {
  FailureOr<OptimizationHintsAttr> hints = reader.file.readHintsBody(in, 0);
  if (failed(hints))
    return failure();
  attr = *hints;
  return success();
}

LogicalResult OpDecoder::readRegions(OperationState &state,
                                     unsigned numRegions) {
  return reader.parseRegions(state, numRegions);
}

LogicalResult OpDecoder::emitInvalidEnum(StringRef name, uint64_t value,
                                         bool optional) {
  // The reference reader reads the value as 32 bits.
  reader.file.error(in.offset()) << "invalid integer value for enum type: "
                                 << static_cast<uint32_t>(value);
  return emitAttrFailure(name, optional);
}

LogicalResult OpDecoder::emitAttrFailure(StringRef name, bool optional) {
  return reader.file.error(in.offset())
         << "failed to parse " << (optional ? "optional " : "")
         << "attribute '" << name << "'";
}

LogicalResult OpDecoder::emitCompatibleResultCountMismatch(uint64_t count,
                                                           unsigned expected) {
  return reader.file.error(in.offset())
         << "result count mismatch for " << opClassName << ": expected "
         << expected << " compatible results but got " << count;
}

LogicalResult OpDecoder::emitOperandCountMismatch(uint64_t count,
                                                  unsigned expected,
                                                  bool atLeast) {
  return reader.file.error(in.offset())
         << "expected " << (atLeast ? "at least " : "at most ") << expected
         << " operands, got " << count;
}

LogicalResult OpDecoder::emitSelfContainedFailure(StringRef name,
                                                  StringRef className,
                                                  bool optional) {
  reader.file.error(in.offset())
      << "failed to parse self-contained attribute for " << className;
  return emitAttrFailure(name, optional);
}

LogicalResult OpDecoder::emitAttrCastFailure(StringRef name,
                                             StringRef className,
                                             bool optional) {
  reader.file.error(in.offset())
      << "failed to cast parsed attribute to " << className;
  return emitAttrFailure(name, optional);
}

LogicalResult OpDecoder::emitFlagTooNew(StringRef name,
                                        BytecodeVersion since) {
  return reader.file.error(in.offset())
         << "'" << name << "' requires bytecode version " << since.str()
         << " but the file has version " << getVersion().str();
}


//===----------------------------------------------------------------------===//
// Building the module
//===----------------------------------------------------------------------===//

OwningOpRef<cuda_tile::ModuleOp> FileReader::createModule() {
  OpBuilder opBuilder(context);
  Location unknown = UnknownLoc::get(context);
  OwningOpRef<cuda_tile::ModuleOp> module =
      cuda_tile::ModuleOp::create(opBuilder, unknown, "kernels");
  if (producer)
    (*module)->setAttr(module->getProducerAttrName(), *producer);
  opBuilder.setInsertionPointToEnd(module->getBodyBlock());
  OperationName globalName(GlobalOp::getOperationName(), context);
  for (const GlobalRecord &global : globals) {
    OperationState state(unknown, globalName);
    state.addAttribute(GlobalOp::getSymNameAttrName(globalName), global.name);
    if (global.visibility)
      state.addAttribute(
          GlobalOp::getSymbolVisibilityAttrName(globalName),
          SymbolVisibilityAttr::get(context, SymbolVisibility::Private));
    state.addAttribute(GlobalOp::getValueAttrName(globalName), global.value);
    if (global.alignment)
      state.addAttribute(GlobalOp::getAlignmentAttrName(globalName),
                         builder.getI64IntegerAttr(global.alignment));
    if (global.constant)
      state.addAttribute(GlobalOp::getConstantAttrName(globalName),
                         builder.getUnitAttr());
    opBuilder.create(state);
  }
  return module;
}

/// The rounding modes ftof took before 13.4, as that version's verifier
/// words its refusal (the dialect's verifier takes 13.4's wider set).
/// Checked as a function loads, since the lazy API's callers verify with
/// the dialect's verifier alone; an ftof whose operand and result are not
/// two different tiles is left to that verifier.
static LogicalResult checkFToFBefore13_4(Operation *entry) {
  WalkResult walk = entry->walk([](FToFOp op) {
    Operation *raw = op.getOperation();
    if (raw->getNumOperands() != 1 || raw->getNumResults() != 1 ||
        !op.getRoundingModeAttr())
      return WalkResult::advance();
    auto from = dyn_cast<TileType>(raw->getOperand(0).getType());
    auto to = dyn_cast<TileType>(raw->getResult(0).getType());
    if (!from || !to || from == to || op.isRoundingModeIn13_3())
      return WalkResult::advance();
    op.emitOpError(
        "invalid rounding mode specified. Only 'nearest_even' is supported");
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

EntryOp FileReader::loadFunction(size_t index, cuda_tile::ModuleOp module) {
  const FunctionRecord &record = functions[index];
  FunctionReader reader(*this, record);
  uint64_t end = fileSize();
  auto fail = [&]() -> EntryOp {
    error(end) << "failed to parse function body for function '"
               << record.name.getValue() << "'";
    error(end) << "failed to create function from bytecode";
    return nullptr;
  };
  OperationName entryName(EntryOp::getOperationName(), context);
  OperationState state(Location(record.location), entryName);
  state.addAttribute(EntryOp::getSymNameAttrName(entryName), record.name);
  state.addAttribute(EntryOp::getFunctionTypeAttrName(entryName),
                     TypeAttr::get(record.type));
  if (record.hints)
    state.addAttribute(EntryOp::getOptimizationHintsAttrName(entryName),
                       record.hints);
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Type input : record.type.getInputs())
    block->addArgument(input, UnknownLoc::get(context));
  if (failed(reader.parseBody(*block)))
    return fail();
  Operation *entry = Operation::create(state);
  module.getBodyBlock()->push_back(entry);
  if (version < kFToFRoundingTableVersion &&
      failed(checkFToFBefore13_4(entry))) {
    entry->erase();
    return nullptr;
  }
  return cast<EntryOp>(entry);
}

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

bool mlir::cuda_tile::isBytecode(StringRef buffer) {
  return buffer.starts_with(StringRef(kMagic, sizeof(kMagic)));
}

std::optional<BytecodeVersion>
mlir::cuda_tile::getBytecodeVersion(StringRef buffer) {
  if (buffer.size() < kHeaderSize || !isBytecode(buffer))
    return std::nullopt;
  auto byte = [&](size_t i) { return static_cast<uint8_t>(buffer[i]); };
  return BytecodeVersion(byte(8), byte(9), byte(10) | (byte(11) << 8));
}

struct BytecodeFile::Impl {
  Impl(MemoryBufferRef buffer, MLIRContext *context,
       const BytecodeReaderConfig &config)
      : reader(buffer, context, config) {}
  FileReader reader;
};

BytecodeFile::BytecodeFile(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
BytecodeFile::~BytecodeFile() = default;

std::unique_ptr<BytecodeFile>
BytecodeFile::open(MemoryBufferRef buffer, MLIRContext *context,
                   const BytecodeReaderConfig &config) {
  context->getOrLoadDialect<CudaTileDialect>();
  auto impl = std::make_unique<Impl>(buffer, context, config);
  if (failed(impl->reader.parse()) || failed(impl->reader.checkFunctions()))
    return nullptr;
  return std::unique_ptr<BytecodeFile>(new BytecodeFile(std::move(impl)));
}

BytecodeVersion BytecodeFile::getVersion() const {
  return impl->reader.getVersion();
}

std::optional<StringRef> BytecodeFile::getProducer() const {
  if (!impl->reader.producer)
    return std::nullopt;
  return impl->reader.producer->getValue();
}

ArrayRef<BytecodeFile::FunctionInfo> BytecodeFile::getFunctions() const {
  return impl->reader.functionInfos;
}

std::optional<size_t> BytecodeFile::lookupFunction(StringRef name) const {
  for (auto [i, info] : llvm::enumerate(impl->reader.functionInfos))
    if (info.name == name)
      return i;
  return std::nullopt;
}

OwningOpRef<cuda_tile::ModuleOp> BytecodeFile::createModule() {
  return impl->reader.createModule();
}

EntryOp BytecodeFile::loadFunction(size_t index, cuda_tile::ModuleOp module) {
  if (index >= impl->reader.functions.size())
    return nullptr;
  return impl->reader.loadFunction(index, module);
}

namespace {
struct BytecodeReaderCLOptions {
  llvm::cl::opt<bool> strict{
      "strict-bytecode",
      llvm::cl::desc("Refuse bytecode the reference writer would not write "
                     "(missing or non-0xCB padding, trailing bytes, bools "
                     "other than 0/1, a producer section below 13.3, "
                     "float bits as 65-bit zigzag varints, a repeated "
                     "section), "
                     "although the reference reader accepts it")};
};
} // namespace

static llvm::ManagedStatic<BytecodeReaderCLOptions> readerCLOptions;

void mlir::cuda_tile::registerBytecodeReaderCLOptions() { *readerCLOptions; }

BytecodeReaderConfig mlir::cuda_tile::getBytecodeReaderConfigFromCLOptions() {
  BytecodeReaderConfig config;
  if (readerCLOptions.isConstructed())
    config.strict = readerCLOptions->strict;
  return config;
}

OwningOpRef<Operation *>
mlir::cuda_tile::readBytecode(MemoryBufferRef buffer, MLIRContext *context,
                              const BytecodeReaderConfig &config) {
  context->getOrLoadDialect<CudaTileDialect>();
  bytecode::FileReader reader(buffer, context, config);
  if (failed(reader.parse()))
    return nullptr;
  OwningOpRef<cuda_tile::ModuleOp> module = reader.createModule();
  // Each function's record is checked just before its body is read, so a
  // damaged body is reported before a damaged record after it, as the
  // reference reader reports them.
  for (size_t i = 0, e = reader.functions.size(); i < e; ++i)
    if (failed(reader.checkFunction(reader.functions[i])) ||
        !reader.loadFunction(i, *module))
      return nullptr;
  if (failed(verify(*module))) {
    emitError(UnknownLoc::get(context))
        << "verification failed for deserialized cuda_tile::ModuleOp";
    return nullptr;
  }
  return OwningOpRef<Operation *>(module.release().getOperation());
}
