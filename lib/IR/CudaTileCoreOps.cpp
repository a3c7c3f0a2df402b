//===- CudaTileOps.cpp - cuda_tile operations -----------------------------===//

#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/IR/InputLimits.h"

#include "FunctionSyntax.h"
#include "RegionNesting.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Renders types as `('!cuda_tile.tile<i32>', ...)` for diagnostics.
static std::string formatTypeList(TypeRange types) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << '(';
  llvm::interleaveComma(types, os, [&](Type t) { os << '\'' << t << '\''; });
  os << ')';
  return out;
}

/// Adds `Terminator` at the end of `region`'s block when the text left it out.
template <typename Terminator>
static void ensureTerminator(OpBuilder &builder, Region &region,
                             Location loc) {
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&block);
  Terminator::create(builder, loc);
}

/// The custom directive of `assume`'s predicate: `div_by<...>` with the
/// dialect prefix left out, or any attribute in full form.
static ParseResult parseAssumePredicate(OpAsmParser &parser,
                                        AssumePredicateAttrInterface &pred) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  OptionalParseResult full = parser.parseOptionalAttribute(attr);
  if (full.has_value()) {
    if (failed(*full))
      return failure();
  } else {
    StringRef keyword;
    if (failed(parser.parseKeyword(&keyword)))
      return parser.emitError(loc) << "expected attribute name";
    if (keyword == DivByAttr::getMnemonic())
      attr = DivByAttr::parse(parser, Type());
    else if (keyword == SameElementsAttr::getMnemonic())
      attr = SameElementsAttr::parse(parser, Type());
    else if (keyword == BoundedAttr::getMnemonic())
      attr = BoundedAttr::parse(parser, Type());
    else
      return parser.emitError(loc)
             << "unknown assume predicate attribute: " << keyword
             << " (expected 'div_by', 'same_elements', or 'bounded')";
    if (!attr)
      return failure();
  }
  pred = dyn_cast<AssumePredicateAttrInterface>(attr);
  if (!pred)
    return parser.emitError(loc, "expected assume predicate attribute");
  return success();
}

static void printAssumePredicate(OpAsmPrinter &printer, Operation *,
                                 AssumePredicateAttrInterface pred) {
  llvm::TypeSwitch<Attribute>(pred)
      .Case<DivByAttr, SameElementsAttr, BoundedAttr>([&](auto attr) {
        printer << attr.getMnemonic();
        attr.print(printer);
      })
      .Default([&](Attribute attr) { printer.printAttribute(attr); });
}

/// Name suggestion of the op defining `value`, as its own OpAsmOpInterface
/// would print it (empty when it has none).
static std::string getSuggestedName(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return {};
  auto asmOp = dyn_cast<OpAsmOpInterface>(result.getOwner());
  if (!asmOp)
    return {};
  std::string name;
  asmOp.getAsmResultNames([&](Value v, StringRef n) {
    if (v == value)
      name = n.str();
  });
  return name;
}

ParseResult mlir::cuda_tile::parseSignedness(OpAsmParser &parser,
                                            SignednessAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  // No keyword at all is reported twice, as MLIR's enum parsers do: first the
  // missing keyword, then the choices.
  bool sawKeyword = succeeded(parser.parseOptionalKeyword(&keyword));
  if (!sawKeyword)
    (void)parser.emitError(loc, "expected valid keyword");
  std::optional<Signedness> value =
      sawKeyword ? symbolizeSignedness(keyword) : std::nullopt;
  if (!value)
    return parser.emitError(loc, "expected signedness to be one of: "
                                 "{'signed', 'unsigned'}");
  attr = SignednessAttr::get(parser.getContext(), *value);
  return success();
}

void mlir::cuda_tile::printSignedness(OpAsmPrinter &printer, Operation *,
                                      SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}

ParseResult mlir::cuda_tile::parseViewIndexTypes(
    OpAsmParser &parser, SmallVectorImpl<Type> &types,
    ArrayRef<OpAsmParser::UnresolvedOperand> operands) {
  // Without the comma the types are missing (parseIndexTypesGiven says so
  // where there are indices); one type after it is every index's.
  if (failed(parser.parseOptionalComma()))
    return success();
  SMLoc typeLoc = parser.getCurrentLocation();
  SmallVector<Type> written(1);
  // A first type that fails gets the reference's follow-up error.
  if (failed(parseCudaTileType(parser, written.front())))
    return parser.emitError(typeLoc, "expected index type after comma");
  while (succeeded(parser.parseOptionalComma()))
    if (parseCudaTileType(parser, written.emplace_back()))
      return failure();
  if (written.size() == 1) {
    types.assign(operands.size(), written.front());
    return success();
  }
  if (written.size() != operands.size())
    return parser.emitError(typeLoc, "expected ")
           << operands.size() << " index types, got " << written.size();
  types.append(written.begin(), written.end());
  return success();
}

void mlir::cuda_tile::printViewIndexTypes(OpAsmPrinter &printer, Operation *,
                                          TypeRange types, OperandRange) {
  if (types.empty())
    return;
  printer << ", ";
  if (llvm::all_equal(types))
    printCudaTileType(printer, types.front());
  else
    printCudaTileTypeList(printer, types);
}

ParseResult mlir::cuda_tile::parseIndexTypesGiven(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    ArrayRef<Type> types) {
  if (!operands.empty() && types.empty())
    return parser.emitError(parser.getCurrentLocation(),
                            "index types must be specified when indices are "
                            "present");
  return success();
}

//===----------------------------------------------------------------------===//
// ModuleOp
//===----------------------------------------------------------------------===//

void cuda_tile::ModuleOp::build(OpBuilder &builder, OperationState &state,
                     StringRef name) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addRegion()->emplaceBlock();
}

LogicalResult cuda_tile::verifySymbolName(Operation *op, StringRef name) {
  if (name.empty())
    return op->emitOpError("symbol name must not be empty");
  return success();
}

/// The debug location a location carries, looking through call sites (their
/// caller), names, opaque locations and fusions (the first that has one).
static DILocAttr getDILoc(Location loc) {
  return llvm::TypeSwitch<LocationAttr, DILocAttr>(loc)
      .Case([](DILocAttr l) { return l; })
      .Case([](CallSiteLoc l) { return getDILoc(l.getCaller()); })
      .Case([](NameLoc l) { return getDILoc(l.getChildLoc()); })
      .Case([](OpaqueLoc l) { return getDILoc(l.getFallbackLocation()); })
      .Case([](FusedLoc l) -> DILocAttr {
        for (Location inner : l.getLocations())
          if (DILocAttr found = getDILoc(inner))
            return found;
        return {};
      })
      .Default([](LocationAttr) { return DILocAttr(); });
}

static Attribute getDebugScope(Location loc) {
  DILocAttr diLoc = getDILoc(loc);
  return diLoc ? diLoc.getScope() : Attribute();
}

LogicalResult cuda_tile::ModuleOp::verify() {
  // Only functions have a debug info scope. (An empty region is reported
  // by the symbol table's check, which runs later.)
  for (Operation &op : getBody().getOps())
    if (!isa<FunctionOpInterface>(op))
      if (DILocAttr diLoc = getDILoc(op.getLoc()))
        return op.emitOpError("invalid operation debug info scope: ")
               << diLoc << ". Global variables must not have scope.";
  return verifySymbolName(*this, getSymName());
}

//===----------------------------------------------------------------------===//
// EntryOp
//===----------------------------------------------------------------------===//

ParseResult cuda_tile::parseFunctionOp(
    OpAsmParser &parser, OperationState &result, StringAttr symNameAttrName,
    StringAttr functionTypeAttrName, StringAttr argAttrsAttrName,
    function_ref<ParseResult()> parseAfterSignature) {
  Builder &builder = parser.getBuilder();
  StringAttr name;
  if (parser.parseSymbolName(name, symNameAttrName, result.attributes))
    return failure();

  // As MLIR's function syntax: `%name: type` arguments, or types alone (then
  // the body gets no arguments and the verifier reports it), never mixed.
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<Attribute> argAttrs;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            OptionalParseResult named = parser.parseOptionalArgument(
                arg, /*allowType=*/false, /*allowAttrs=*/false);
            bool previousNamed =
                !args.empty() && !args.back().ssaName.name.empty();
            if (named.has_value()) {
              if (failed(*named))
                return failure();
              if (!args.empty() && !previousNamed)
                return parser.emitError(arg.ssaName.location,
                                        "expected type instead of SSA "
                                        "identifier");
              if (parser.parseColon())
                return failure();
            } else if (previousNamed) {
              return parser.emitError(parser.getCurrentLocation(),
                                      "expected SSA identifier");
            }
            NamedAttrList attrs;
            if (parseCudaTileType(parser, arg.type) ||
                parser.parseOptionalAttrDict(attrs) ||
                parser.parseOptionalLocationSpecifier(arg.sourceLoc))
              return failure();
            argAttrs.push_back(attrs.getDictionary(parser.getContext()));
            args.push_back(arg);
            return success();
          }))
    return failure();

  SmallVector<Type> resultTypes;
  if (succeeded(parser.parseOptionalArrow())) {
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen()) &&
          (parseCudaTileTypeList(parser, resultTypes) || parser.parseRParen()))
        return failure();
    } else {
      Type type;
      if (parseCudaTileType(parser, type))
        return failure();
      resultTypes.push_back(type);
    }
  }

  SmallVector<Type> argTypes;
  for (OpAsmParser::Argument &arg : args)
    argTypes.push_back(arg.type);
  result.addAttribute(functionTypeAttrName,
                      TypeAttr::get(builder.getFunctionType(argTypes,
                                                            resultTypes)));
  // Always present, one dictionary per argument, as the reference's parser
  // makes it (the generic form, in diagnostics' notes, shows it).
  result.addAttribute(argAttrsAttrName, builder.getArrayAttr(argAttrs));

  if (parseAfterSignature() ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();

  Region *body = result.addRegion();
  if (!args.empty() && args.front().ssaName.name.empty())
    args.clear();
  if (parser.parseRegion(*body, args, /*enableNameShadowing=*/false))
    return failure();
  OpBuilder opBuilder(parser.getContext());
  ensureTerminator<ReturnOp>(opBuilder, *body,
                             parser.getEncodedSourceLoc(parser.getNameLoc()));
  // Discardable attributes follow the body.
  return parser.parseOptionalAttrDict(result.attributes);
}

void cuda_tile::printFunctionOp(OpAsmPrinter &printer, FunctionOpInterface op,
                                function_ref<void()> printAfterSignature,
                                ArrayRef<StringRef> elidedAttrs) {
  printer << ' ';
  printer.printSymbolName(op.getName());
  // Argument attributes are parsed but, as by the reference, not printed
  // (the generic form keeps them).
  printer << '(';
  Region &body = op.getFunctionBody();
  llvm::interleaveComma(body.getArguments(), printer, [&](BlockArgument arg) {
    printer.printOperand(arg);
    printer << ": ";
    printCudaTileType(printer, arg.getType());
  });
  printer << ')';
  ArrayRef<Type> results = op.getResultTypes();
  if (results.size() == 1) {
    printer << " -> ";
    printCudaTileType(printer, results.front());
  } else if (!results.empty()) {
    printer << " -> (";
    printCudaTileTypeList(printer, results);
    printer << ')';
  }
  printAfterSignature();
  printer << ' ';
  printer.printRegion(body, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
  printer.printOptionalAttrDict(op->getAttrs(), elidedAttrs);
}

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr hintsName = getOptimizationHintsAttrName(result.name);
  return parseFunctionOp(
      parser, result, getSymNameAttrName(result.name),
      getFunctionTypeAttrName(result.name), getArgAttrsAttrName(result.name),
      [&]() -> ParseResult {
        if (failed(parser.parseOptionalKeyword("optimization_hints")))
          return success();
        if (parser.parseEqual())
          return failure();
        Attribute hints = OptimizationHintsAttr::parse(parser, Type());
        if (!hints)
          return failure();
        result.addAttribute(hintsName, hints);
        return success();
      });
}

void EntryOp::print(OpAsmPrinter &printer) {
  printFunctionOp(
      printer, *this,
      [&] {
        // An empty hint dictionary is the same as none.
        OptimizationHintsAttr hints = getOptimizationHintsAttr();
        if (hints && !hints.getValue().empty()) {
          printer << " optimization_hints=";
          hints.print(printer);
        }
      },
      {getSymNameAttrName(), getFunctionTypeAttrName(), getArgAttrsAttrName(),
       getResAttrsAttrName(), getOptimizationHintsAttrName()});
}

/// The debug scope a location places an op in: the scope of its `di_loc`,
/// looking through call sites (to the caller, i.e. the function being
/// compiled), names and fusions.
/// The subprogram enclosing a scope.
static DISubprogramAttr getSubprogram(Attribute scope) {
  while (auto block = dyn_cast_or_null<DILexicalBlockAttr>(scope))
    scope = block.getScope();
  return dyn_cast_or_null<DISubprogramAttr>(scope);
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  // The reference's testing build's list (a parent is checked first).
  if (!isa_and_present<EntryOp, IfOp, TestingFuncOp>((*this)->getParentOp()))
    return emitOpError("expects parent op to be one of 'cuda_tile.entry, "
                       "cuda_tile.if, cuda_tile.testing$func'");
  // Through the enclosing ifs to the function.
  Operation *parent = (*this)->getParentOp();
  while (isa<IfOp>(parent))
    parent = parent->getParentOp();
  if (auto function = dyn_cast<TestingFuncOp>(parent)) {
    ArrayRef<Type> results = function.getResultTypes();
    if (getNumOperands() != results.size())
      return emitOpError("has ")
             << getNumOperands() << " operands, but enclosing function (@"
             << function.getSymName() << ") returns " << results.size();
    for (auto [i, type] : llvm::enumerate(getOperandTypes()))
      if (type != results[i])
        return emitError() << "type of return operand " << i << " (" << type
                           << ") doesn't match function result type ("
                           << results[i] << ") in function @"
                           << function.getSymName();
    return success();
  }
  auto entry = dyn_cast<EntryOp>(parent);
  if (!entry)
    return emitOpError("must be used within a cuda_tile.testing$func, "
                       "cuda_tile.entry, or cuda_tile.if operation");
  size_t results = entry.getFunctionType().getNumResults();
  if (getNumOperands() != results)
    return emitOpError("has ")
           << getNumOperands() << " operands, but enclosing function (@"
           << entry.getSymName() << ") returns " << results;
  if (getNumOperands() != 0)
    return emitOpError("has ")
           << getNumOperands()
           << " operands, but entry function must return 0 operands";
  return success();
}

LogicalResult EntryOp::verify() {
  if (failed(verifySymbolName(*this, getSymName())))
    return failure();
  if (!getResultTypes().empty())
    return emitOpError("entry op must not return values");
  for (Type type : getArgumentTypes())
    if (auto tile = dyn_cast<TileType>(type); tile && tile.getRank() != 0)
      return emitOpError(
          "entry op must have scalar types (rank 0 !cuda_tile.tile)");
  if (getBody().empty() ||
      getBody().front().getArgumentTypes() != getArgumentTypes())
    return emitOpError("entry block arguments must match the signature");
  // The debug info rules and their wording are the reference's.
  if (isa<CallSiteLoc>(getLoc()))
    return emitOpError("invalid function debug info location: ")
           << getLoc() << ". Function location must not be a CallSiteLoc.";
  Attribute scope = getDebugScope(getLoc());
  auto subprogram = dyn_cast_or_null<DISubprogramAttr>(scope);
  if (scope && !subprogram)
    return emitOpError("invalid function debug info scope: ")
           << scope
           << ". Function location must have cuda_tile.di_subprogram debug "
              "info scope.";
  if (subprogram && subprogram.getLinkageName() != getSymNameAttr())
    return emitOpError("invalid function debug info scope: ")
           << subprogram << ". Function name \"" << getSymName()
           << "\" does not match subprogram scope linkage name \""
           << subprogram.getLinkageName().getValue() << "\".";
  if (OptimizationHintsAttr hints = getOptimizationHintsAttr())
    if (failed(hints.verifyForOp(*this)))
      return failure();
  return success();
}

/// The first op of `region` (at `depth` regions below its entry) whose own
/// regions would nest deeper than kMaxRegionNestingDepth, or null. Recursion
/// stops at the limit.
static Operation *findTooDeeplyNestedAt(Region &region, unsigned depth) {
  for (Block &block : region) {
    for (Operation &op : block) {
      if (op.getNumRegions() == 0)
        continue;
      if (depth >= kMaxRegionNestingDepth)
        return &op;
      for (Region &nested : op.getRegions())
        if (Operation *found = findTooDeeplyNestedAt(nested, depth + 1))
          return found;
    }
  }
  return nullptr;
}

LogicalResult cuda_tile::verifyBodyNesting(Region &body) {
  if (Operation *tooDeep = findTooDeeplyNestedAt(body, 0))
    return tooDeep->emitOpError("regions nested deeper than ")
           << kMaxRegionNestingDepth << " levels";
  return success();
}

LogicalResult EntryOp::verifyRegions() {
  // The bound of the parsers and the bytecode reader (InputLimits.h), for IR
  // that reached here another way (generic form, built in memory).
  if (failed(verifyBodyNesting(getBody())))
    return failure();
  DISubprogramAttr subprogram = getSubprogram(getDebugScope(getLoc()));
  WalkResult walk = getBody().walk([&](Operation *op) {
    DISubprogramAttr opSubprogram = getSubprogram(getDebugScope(op->getLoc()));
    if (!opSubprogram)
      return WalkResult::advance();
    if (!subprogram) {
      op->emitOpError("invalid operation debug info scope: ")
          << opSubprogram
          << ". Operation has debug info scope, but function debug info "
             "scope is undefined.";
      return WalkResult::interrupt();
    }
    if (opSubprogram != subprogram) {
      // Not an op error, as in the reference.
      op->emitError("invalid operation debug info scope: ")
          << opSubprogram
          << ". Operation debug info scope does not match function debug "
             "info scope: "
          << subprogram << ".";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Dense literals: `<elementType: literal>` used by constant and global.
//===----------------------------------------------------------------------===//

/// The element types a literal may have (every tile number type but i4).
static bool isLiteralElementType(Type type) {
  return isTileNumberType(type) && !type.isInteger(4);
}

namespace {
/// Collects a nested `[...]` literal into flat APInt/APFloat values and its
/// inferred shape.
class DenseLiteralParser {
public:
  DenseLiteralParser(AsmParser &parser, Type elementType)
      : parser(parser), elementType(elementType) {}

  ParseResult parse() {
    if (failed(parser.parseOptionalLSquare())) {
      isSplat = true;
      return parseElement();
    }
    return parseList(referenceShape, 0);
  }

  /// Refuses what the reference's checks let through, once the literal
  /// has passed them and its shape the type's: a scalar beside a list (as
  /// in `[[1, 2], 3]`, which the reference reads as garbage) or lists of
  /// one depth with different counts.
  ParseResult checkNesting() {
    SMLoc first = firstUnevenCount;
    for (auto [depth, loc] : leaves) {
      if (depth == shape.size())
        continue;
      if (!first.isValid() || loc.getPointer() < first.getPointer())
        first = loc;
      break;
    }
    return first.isValid() ? inconsistent(first) : success();
  }

  bool isSplat = false;
  /// The shape the reference infers: the outer list's count, then the
  /// shape of its first element list.
  SmallVector<int64_t> referenceShape;
  /// Element count per depth.
  SmallVector<int64_t> shape;
  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;

private:
  ParseResult inconsistent(SMLoc loc) {
    return parser.emitError(loc, "tensor literal is invalid; ranks are not "
                                 "consistent between elements");
  }

  /// After its `[`, a list at `depth` and its elements, checked where and
  /// as the reference checks them, so that a literal it refuses fails at
  /// the same place: a list's shape is its count and the shape of its first
  /// element list (scalars have none and are not compared), and two
  /// element lists of one list must have the same shape.
  ParseResult parseList(SmallVectorImpl<int64_t> &listShape, unsigned depth) {
    SmallVector<int64_t> elementShape;
    int64_t count = 0;
    auto element = [&]() -> ParseResult {
      ++count;
      if (failed(parser.parseOptionalLSquare()))
        return parseLeaf(depth + 1);
      // An element list: its elements are compared with its first.
      SmallVector<int64_t> first;
      int64_t nested = 0;
      if (parser.parseCommaSeparatedList([&]() -> ParseResult {
            ++nested;
            SmallVector<int64_t> current;
            if (failed(parser.parseOptionalLSquare())) {
              if (parseLeaf(depth + 2))
                return failure();
            } else if (parseList(current, depth + 2)) {
              return failure();
            }
            if (nested == 1)
              first = current;
            else if (current != first)
              return inconsistent(parser.getCurrentLocation());
            return success();
          }) ||
          parser.parseRSquare())
        return failure();
      noteCount(depth + 1, nested);
      SmallVector<int64_t> nestedShape{nested};
      llvm::append_range(nestedShape, first);
      if (elementShape.empty())
        elementShape = nestedShape;
      else if (nestedShape != elementShape)
        return inconsistent(parser.getCurrentLocation());
      return success();
    };
    if (parser.parseCommaSeparatedList(element) || parser.parseRSquare())
      return failure();
    noteCount(depth, count);
    listShape.assign({count});
    llvm::append_range(listShape, elementShape);
    return success();
  }

  /// A list at `depth` closed with `count` elements: the first at that
  /// depth sets its extent.
  void noteCount(unsigned depth, int64_t count) {
    if (shape.size() <= depth)
      shape.resize(depth + 1, -1);
    if (shape[depth] == -1)
      shape[depth] = count;
    else if (shape[depth] != count && !firstUnevenCount.isValid())
      firstUnevenCount = parser.getCurrentLocation();
  }

  /// A scalar element inside the lists at `depth` (1: the outermost's).
  ParseResult parseLeaf(unsigned depth) {
    leaves.push_back({depth, parser.getCurrentLocation()});
    return parseElement();
  }

  ParseResult parseElement() {
    SMLoc loc = parser.getCurrentLocation();
    if (auto intType = dyn_cast<IntegerType>(elementType)) {
      unsigned width = intType.getWidth();
      if (width == 1) {
        if (succeeded(parser.parseOptionalKeyword("true"))) {
          ints.push_back(APInt(1, 1));
          return success();
        }
        if (succeeded(parser.parseOptionalKeyword("false"))) {
          ints.push_back(APInt(1, 0));
          return success();
        }
      } else if (succeeded(parser.parseOptionalKeyword("true")) ||
                 succeeded(parser.parseOptionalKeyword("false"))) {
        // Booleans are i1 literals only (MLIR would read them as 1 / 0).
        return parser.emitError(loc, "expected integer value");
      }
      // The reference reads every integer as an int64_t and reports a
      // failure a second time in its own words.
      APInt value;
      if (parser.parseInteger(value))
        return parser.emitError(loc, "expected integer value");
      if (value.getSignificantBits() > 64) {
        (void)parser.emitError(loc, "integer value too large");
        return parser.emitError(loc, "expected integer value");
      }
      // Accept anything that fits as either a signed or an unsigned value.
      if (value.getSignificantBits() > width &&
          value.getActiveBits() > width)
        return parser.emitError(loc, "integer constant out of range for type");
      ints.push_back(value.sextOrTrunc(width));
      return success();
    }
    auto floatType = cast<FloatType>(elementType);
    APFloat value(floatType.getFloatSemantics());
    if (parser.parseFloat(floatType.getFloatSemantics(), value))
      return failure();
    floats.push_back(value);
    return success();
  }

  AsmParser &parser;
  Type elementType;
  /// Where each scalar is, and at what depth.
  SmallVector<std::pair<unsigned, SMLoc>> leaves;
  /// After the first list whose count differs from an earlier one's at its
  /// depth.
  SMLoc firstUnevenCount;
};
} // namespace

/// Parses `<elementType: literal> : tileType` into an ElementsAttr of a
/// tensor type with the tile's shape.
static ParseResult parseDenseLiteral(AsmParser &parser, ElementsAttr &value,
                                     Type &tileTypeOut) {
  Type elementType;
  if (parser.parseLess())
    return failure();
  // A type that does not parse is reported as the reference reports it: its
  // own error, then this one naming the null type.
  if (parseCudaTileType(parser, elementType) ||
      !isLiteralElementType(elementType))
    return parser.emitError(parser.getCurrentLocation(),
                            "expect element type to be one of i1 or i8 or i16 "
                            "or i32 or i64 or f16 or bf16 or f32 or f64 or "
                            "tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or "
                            "f4E2M1FN values, but got ")
           << elementType;
  if (parser.parseColon())
    return failure();

  // Hex blobs, as printed for large literals, are read back directly. The
  // reference reads no strings here: one that is not a hex blob of this
  // type fails as the reference's literal parser does.
  std::string hex;
  DenseLiteralParser literal(parser, elementType);
  SMLoc literalLoc = parser.getCurrentLocation();
  auto notALiteral = [&]() -> ParseResult {
    if (isa<IntegerType>(elementType))
      return parser.emitError(literalLoc, "expected integer value");
    return mlir::emitError(parser.getEncodedSourceLoc(literalLoc),
                           "expected floating point literal");
  };
  bool isHex = succeeded(parser.parseOptionalString(&hex));
  if (!isHex && literal.parse())
    return failure();
  if (isHex && failed(parser.parseOptionalGreater()))
    return notALiteral();
  if ((!isHex && parser.parseGreater()) || parser.parseColon())
    return failure();

  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  auto tile = dyn_cast<TileType>(type);
  if (!tile)
    return parser.emitError(typeLoc,
                            "result #0 must be tile of i1 or i8 or i16 or i32 "
                            "or i64 or f16 or bf16 or f32 or f64 or tf32 or "
                            "f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN "
                            "values, but got ")
           << type;
  if (tile.getElementType() != elementType)
    return parser.emitError(typeLoc,
                            "mismatch between the element type: ")
           << elementType << " and the tile element type "
           << tile.getElementType();
  tileTypeOut = tile;

  if (isHex) {
    StringRef digits(hex);
    std::string bytes;
    bool detectedSplat = false;
    if (!digits.consume_front("0x") || !llvm::tryGetFromHex(digits, bytes) ||
        !DenseElementsAttr::isValidRawBuffer(
            tile, ArrayRef<char>(bytes.data(), bytes.size()), detectedSplat))
      return notALiteral();
    value = DenseElementsAttr::getFromRawBuffer(
        tile, ArrayRef<char>(bytes.data(), bytes.size()));
    return success();
  }

  if (!literal.isSplat &&
      ArrayRef<int64_t>(literal.referenceShape) != tile.getShape())
    return parser.emitError(typeLoc, "inferred shape of elements literal ([")
           << formatShape(literal.referenceShape) << "]) does not match type (["
           << formatShape(tile.getShape()) << "])";
  if (!literal.isSplat && literal.checkNesting())
    return failure();
  if (isa<IntegerType>(elementType))
    value = DenseElementsAttr::get(tile, literal.ints);
  else
    value = DenseElementsAttr::get(tile, literal.floats);
  return success();
}

/// Prints `<elementType: literal>` using the builtin dense printer's literal.
static void printDenseLiteral(AsmPrinter &printer, ElementsAttr value) {
  std::string text;
  {
    llvm::raw_string_ostream os(text);
    value.print(os, /*elideType=*/true);
  }
  StringRef body(text);
  body.consume_front("dense<");
  body.consume_back(">");
  printer << '<' << value.getElementType() << ": " << body << '>';
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

ElementsAttr mlir::cuda_tile::tileTypedLiteral(ElementsAttr value) {
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense || isa<TileType>(dense.getType()))
    return value;
  ShapedType type = dense.getType();
  return dense.reshape(TileType::get(type.getShape(), type.getElementType()));
}

void ConstantOp::build(OpBuilder &builder, OperationState &state,
                       ElementsAttr value) {
  value = tileTypedLiteral(value);
  build(builder, state, value.getType(), value);
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  ElementsAttr value;
  Type type;
  if (parseDenseLiteral(parser, value, type) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getValueAttrName(result.name), value);
  result.addTypes(type);
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printDenseLiteral(printer, getValue());
  printer << " : ";
  printCudaTileType(printer, getType());
  printer.printOptionalAttrDict((*this)->getAttrs(), {getValueAttrName()});
}

LogicalResult ConstantOp::verify() {
  // The result's element type first, as the reference's type constraint.
  auto tile = cast<TileType>(getType());
  if (!isLiteralElementType(tile.getElementType()))
    return emitOpError("result #0 must be tile of i1 or i8 or i16 or i32 or "
                       "i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN "
                       "or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got ")
           << tile;
  if (getValue().getType() != tile)
    return emitOpError(
        "failed to verify that all of {value, result} have same type");
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  Type elementType = getValue().getElementType();
  auto dense = dyn_cast<DenseElementsAttr>(getValue());
  std::string name;
  llvm::raw_string_ostream os(name);
  if (dense && dense.isSplat()) {
    if (elementType.isInteger(1)) {
      setNameFn(getResult(), dense.getSplatValue<bool>() ? "true" : "false");
      return;
    }
    if (isa<IntegerType>(elementType)) {
      os << "cst_" << dense.getSplatValue<APInt>().getSExtValue() << '_'
         << elementType;
      setNameFn(getResult(), name);
      return;
    }
    APFloat value = dense.getSplatValue<APFloat>();
    if (value.isNaN()) {
      os << "cst_NaN_" << elementType;
      setNameFn(getResult(), name);
      return;
    }
    // As the reference: values that are exactly an unsigned 64-bit integer.
    APSInt asInt(64, /*isUnsigned=*/true);
    bool exact = false;
    if (value.isFinite() &&
        value.convertToInteger(asInt, APFloat::rmTowardZero, &exact) ==
            APFloat::opOK &&
        exact && !value.isNegative()) {
      os << "cst_" << asInt.getZExtValue() << '_' << elementType;
      setNameFn(getResult(), name);
      return;
    }
  }
  os << "cst_" << elementType;
  setNameFn(getResult(), name);
}

//===----------------------------------------------------------------------===//
// GlobalOp / GetGlobalOp
//===----------------------------------------------------------------------===//

ParseResult GlobalOp::parse(OpAsmParser &parser, OperationState &result) {
  StringRef visibility;
  if (succeeded(
          parser.parseOptionalKeyword(&visibility, {"public", "private"})))
    result.addAttribute(
        getSymbolVisibilityAttrName(result.name),
        SymbolVisibilityAttr::get(parser.getContext(),
                                  *symbolizeSymbolVisibility(visibility)));
  if (succeeded(parser.parseOptionalKeyword("constant")))
    result.addAttribute(getConstantAttrName(result.name),
                        parser.getBuilder().getUnitAttr());
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("alignment"))) {
    int64_t alignment = 0;
    if (parser.parseEqual() || parser.parseInteger(alignment))
      return failure();
    result.addAttribute(getAlignmentAttrName(result.name),
                        parser.getBuilder().getI64IntegerAttr(alignment));
  }
  ElementsAttr value;
  Type type;
  if (parseDenseLiteral(parser, value, type) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getValueAttrName(result.name), value);
  return success();
}

void GlobalOp::print(OpAsmPrinter &printer) {
  // The spacing mirrors the reference printer: one space per optional slot.
  printer << ' ';
  if (getSymbolVisibility() != SymbolVisibility::Public)
    printer << stringifySymbolVisibility(getSymbolVisibility()) << ' ';
  printer << ' ';
  if (getConstant())
    printer << "constant ";
  printer.printSymbolName(getSymName());
  if (getAlignment())
    printer << " alignment = " << getAlignment();
  printer << ' ';
  printDenseLiteral(printer, getValue());
  printer << " : ";
  printCudaTileType(printer, getTileType());
  // After the type, where the parser (and `constant`) reads it.
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getSymNameAttrName(), getSymbolVisibilityAttrName(), getValueAttrName(),
       getAlignmentAttrName(), getConstantAttrName()});
}

TileType GlobalOp::getTileType() {
  ShapedType type = getValue().getShapedType();
  return TileType::get(type.getShape(), type.getElementType());
}

LogicalResult GlobalOp::verify() {
  if (failed(verifySymbolName(*this, getSymName())))
    return failure();
  // Any alignment is accepted, as by the reference (the code generator
  // rounds it up to a power of two).
  if (getValue().getShapedType().getRank() != 1)
    return emitOpError("type must have rank 1");
  return success();
}

LogicalResult
GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName()
                            << "' does not reference a valid global";
  Type elementType = global.getValue().getElementType();
  auto pointer = cast<PointerType>(
      cast<TileType>(getResult().getType()).getElementType());
  if (pointer.getPointeeType() != elementType)
    return emitOpError("pointee type of result type ")
           << pointer << " does not match type " << elementType
           << " of the global @" << getName();
  return success();
}

//===----------------------------------------------------------------------===//
// AssumeOp and block queries
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  return getPredicate().verifyWithValue(getValue(),
                                        [&] { return emitOpError(); });
}

OpFoldResult AssumeOp::fold(FoldAdaptor) {
  // Saying the same of a value twice in a row adds nothing.
  if (auto inner = getValue().getDefiningOp<AssumeOp>();
      inner && inner.getPredicate() == getPredicate())
    return inner.getResult();
  return {};
}

void AssumeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  std::string operandName = getSuggestedName(getValue());
  setNameFn(getResult(),
            operandName.empty() ? "assume" : "assume_" + operandName);
}

void GetTileBlockIdOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getBlockIdX(), "blockId_x");
  setNameFn(getBlockIdY(), "blockId_y");
  setNameFn(getBlockIdZ(), "blockId_z");
}

void GetNumTileBlocksOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getGridSizeX(), "gridSize_x");
  setNameFn(getGridSizeY(), "gridSize_y");
  setNameFn(getGridSizeZ(), "gridSize_z");
}

//===----------------------------------------------------------------------===//
// Region printing shared by if / for / loop
//===----------------------------------------------------------------------===//

/// Prints a region, leaving out a terminator the parser would re-insert
/// (an operand-less `Implicit`).
template <typename Implicit>
static void printBodyRegion(OpAsmPrinter &printer, Region &region,
                            bool printEntryBlockArgs = false) {
  bool printTerminator = true;
  if (!region.empty() && !region.front().empty())
    if (auto term = dyn_cast<Implicit>(region.front().back()))
      printTerminator = term->getNumOperands() != 0;
  printer.printRegion(region, printEntryBlockArgs, printTerminator);
}

/// Parses `%a = %init, ...` inside `iter_values(...)`.
static ParseResult
parseIterValues(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::Argument> &regionArgs,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inits) {
  // The assignment list reports a missing `(` as the op's error, as the
  // reference's does.
  return parser.parseAssignmentList(regionArgs, inits);
}

static void printIterValues(OpAsmPrinter &printer, ValueRange regionArgs,
                            ValueRange inits) {
  printer << "iter_values(";
  llvm::interleaveComma(llvm::zip(regionArgs, inits), printer,
                        [&](auto pair) {
                          printer << std::get<0>(pair) << " = "
                                  << std::get<1>(pair);
                        });
  printer << ')';
}

/// The loop a `break`/`continue` leaves or restarts: the nearest enclosing
/// op that is not an `if`, when it is one of `Loops`.
template <typename... Loops>
static Operation *getEnclosingLoop(Operation *op) {
  Operation *parent = op->getParentOp();
  while (isa_and_nonnull<IfOp>(parent))
    parent = parent->getParentOp();
  return isa_and_nonnull<Loops...>(parent) ? parent : nullptr;
}

/// Reports a break / continue whose chain of `if` ancestors does not end in
/// one of its loops, with a note on the ancestor that ends the chain.
static LogicalResult emitBadLoopAncestor(Operation *op, StringRef chain) {
  Operation *ancestor = op->getParentOp();
  while (isa_and_nonnull<IfOp>(ancestor))
    ancestor = ancestor->getParentOp();
  InFlightDiagnostic diag =
      op->emitOpError("can only be nested within a ancestor chain of ")
      << chain << " operations";
  if (ancestor)
    diag.attachNote(ancestor->getLoc()) << "see unexpected ancestor operation";
  return diag;
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand condition;
  if (parser.parseOperand(condition))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    SmallVector<Type> types;
    if (parser.parseLParen() ||
        (failed(parser.parseOptionalRParen()) &&
         (parseCudaTileTypeList(parser, types) || parser.parseRParen())))
      return failure();
    result.addTypes(types);
  }
  OpBuilder builder(parser.getContext());
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parseNestedRegion(parser, *thenRegion))
    return failure();
  Location opLoc = parser.getEncodedSourceLoc(parser.getNameLoc());
  ensureTerminator<YieldOp>(builder, *thenRegion, opLoc);
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parseNestedRegion(parser, *elseRegion))
      return failure();
    ensureTerminator<YieldOp>(builder, *elseRegion, opLoc);
  }
  // Resolved after the branches, as in `for`.
  Type conditionType = TileType::getScalar(parser.getBuilder().getI1Type());
  if (parser.resolveOperand(condition, conditionType, result.operands))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getCondition();
  if (!getResults().empty()) {
    printer << " -> (";
    printCudaTileTypeList(printer, getResultTypes());
    printer << ')';
  }
  printer << ' ';
  printBodyRegion<YieldOp>(printer, getThenRegion());
  if (!getElseRegion().empty()) {
    printer << " else ";
    printBodyRegion<YieldOp>(printer, getElseRegion());
  }
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult IfOp::verify() {
  bool hasResults = getNumResults() != 0;
  for (auto [i, type] : llvm::enumerate(getResultTypes())) {
    if (isa<TensorViewType>(type))
      return emitOpError("result type ")
             << i << " is a tensor_view, which is not supported";
    if (isa<PartitionViewType, StridedViewType, GatherScatterViewType>(type))
      return emitOpError("result type ")
             << i << " is a tile view, which is not supported";
  }
  // A branch ending in `yield` must yield exactly the result types; other
  // terminators (break, continue, return) leave the if.
  auto checkBranch = [&](Region &region, StringRef name) -> LogicalResult {
    if (region.empty() || region.front().empty())
      return success();
    auto yield = dyn_cast<YieldOp>(region.front().back());
    if (!yield)
      return success();
    TypeRange yielded = yield.getOperandTypes();
    if (hasResults && yielded.empty())
      return emitOpError("has return type of ")
             << getResultTypes() << " but " << name
             << " branch does not yield anything";
    if (!hasResults && !yielded.empty())
      return emitOpError("does not return a value, but ")
             << name << " branch yields " << yielded;
    if (yielded != getResultTypes())
      return emitOpError("type does not match yield type, ")
             << name << " branch yields " << yielded
             << " but op result type is " << getResultTypes();
    return success();
  };
  if (failed(checkBranch(getThenRegion(), "then")))
    return failure();
  if (getElseRegion().empty())
    return hasResults ? emitOpError("has non-empty return type, must define "
                                    "else branch")
                      : success();
  return checkBranch(getElseRegion(), "else");
}

//===----------------------------------------------------------------------===//
// Loop-carried values (for and loop)
//===----------------------------------------------------------------------===//

static bool isViewType(Type type) {
  return isa<PartitionViewType, StridedViewType, GatherScatterViewType>(type);
}

/// Checks the region iter_values of `for` / `loop` against their inits, and
/// that neither they nor the results are views (which cannot be carried).
static LogicalResult verifyLoopCarriedValues(Operation *op, ValueRange inits,
                                             ValueRange iterValues) {
  if (iterValues.size() != inits.size())
    return op->emitOpError("mismatch in number of region iterator values and "
                           "loop iterator inits: ")
           << iterValues.size() << " vs " << inits.size();
  for (auto [i, init, arg] : llvm::enumerate(inits, iterValues)) {
    if (isa<TensorViewType>(arg.getType()))
      return op->emitOpError("loop-carried value ")
             << i << " is a tensor_view, which is not supported";
    if (isViewType(arg.getType()))
      return op->emitOpError("loop-carried value ")
             << i << " is a tile view, which is not supported";
    if (init.getType() != arg.getType())
      return op->emitOpError("init value ")
             << i << " and region iter_value " << i
             << " have different type: " << init.getType() << " != "
             << arg.getType();
  }
  for (auto [i, type] : llvm::enumerate(op->getResultTypes())) {
    if (isa<TensorViewType>(type))
      return op->emitOpError("result type ")
             << i << " is a tensor_view, which is not supported";
    if (isViewType(type))
      return op->emitOpError("result type ")
             << i << " is a tile view, which is not supported";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    result.addAttribute(getUnsignedCmpAttrName(result.name),
                        builder.getUnitAttr());
  OpAsmParser::Argument inductionVar;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  Type ivType;
  if (parser.parseArgument(inductionVar) || parser.parseKeyword("in") ||
      parser.parseLParen() || parser.parseOperand(lb) ||
      parser.parseKeyword("to") || parser.parseOperand(ub) ||
      parser.parseComma() || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseRParen() ||
      parser.parseColon() || parseCudaTileType(parser, ivType))
    return failure();
  inductionVar.type = ivType;

  SmallVector<OpAsmParser::Argument> regionArgs{inductionVar};
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> resultTypes;
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    if (parseIterValues(parser, regionArgs, inits) || parser.parseArrow() ||
        parser.parseLParen() ||
        (failed(parser.parseOptionalRParen()) &&
         (parseCudaTileTypeList(parser, resultTypes) || parser.parseRParen())))
      return failure();
    if (resultTypes.size() != inits.size())
      return parser.emitError(
          parser.getNameLoc(),
          "mismatch in number of loop-carried values and defined values");
    for (auto [arg, type] : llvm::zip(llvm::drop_begin(regionArgs),
                                      resultTypes))
      arg.type = type;
  }
  result.addTypes(resultTypes);

  // The body is parsed before the operands are resolved (as the reference
  // does): a name first defined inside the body is then an undeclared value
  // outside it rather than a forward reference the body resolves.
  Region *body = result.addRegion();
  if (parseNestedRegion(parser, *body, regionArgs))
    return failure();
  OpBuilder opBuilder(parser.getContext());
  ensureTerminator<ContinueOp>(
      opBuilder, *body, parser.getEncodedSourceLoc(parser.getNameLoc()));
  if (parser.resolveOperand(lb, ivType, result.operands) ||
      parser.resolveOperand(ub, ivType, result.operands) ||
      parser.resolveOperand(step, ivType, result.operands) ||
      parser.resolveOperands(inits, resultTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void ForOp::print(OpAsmPrinter &printer) {
  if (getUnsignedCmp())
    printer << " unsigned";
  printer << ' ' << getInductionVar() << " in (" << getLowerBound() << " to "
          << getUpperBound() << ", step " << getStep() << ") : ";
  printCudaTileType(printer, getLowerBound().getType());
  if (!getInitValues().empty()) {
    printer << ' ';
    printIterValues(printer, getRegionIterValues(), getInitValues());
    printer << " -> (";
    printCudaTileTypeList(printer, getResultTypes());
    printer << ')';
  }
  printer << ' ';
  printBodyRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getUnsignedCmpAttrName()});
}

LogicalResult ForOp::verifyRegions() {
  Block &body = getRegion().front();
  if (body.getNumArguments() == 0)
    return emitOpError(
        "expected at least one block argument for induction variable");
  if (body.getArgument(0).getType() != getLowerBound().getType())
    return emitOpError("expected induction variable to be same type as bounds "
                       "and step: ")
           << body.getArgument(0).getType() << " vs "
           << getLowerBound().getType();
  if (failed(verifyLoopCarriedValues(*this, getInitValues(),
                                     getRegionIterValues())))
    return failure();
  if (getInitValues().getTypes() != getResultTypes())
    return emitOpError("iter_values and result types must match");
  return success();
}

SmallVector<Region *> ForOp::getLoopRegions() { return {&getRegion()}; }

std::optional<SmallVector<Value>> ForOp::getLoopInductionVars() {
  return SmallVector<Value>{getInductionVar()};
}

void ForOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults())
    setNameFn(getResult(0), "for");
}

void ForOp::getAsmBlockArgumentNames(Region &region,
                                     OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  setNameFn(region.getArgument(0), "loopIdx");
  for (auto [i, arg] : llvm::enumerate(region.getArguments().drop_front()))
    setNameFn(arg, "iterArg" + std::to_string(i));
}

//===----------------------------------------------------------------------===//
// LoopOp
//===----------------------------------------------------------------------===//

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> regionArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> iterTypes, resultTypes;
  bool hasIterValues = succeeded(parser.parseOptionalKeyword("iter_values"));
  if (hasIterValues &&
      (parseIterValues(parser, regionArgs, inits) || parser.parseColon() ||
       parseCudaTileTypeList(parser, iterTypes)))
    return failure();
  if (iterTypes.size() != inits.size())
    return parser.emitError(parser.getCurrentLocation(),
                            "found different number of iter_values and types");
  // Results follow `->` after iter_values, or `:` without them.
  if (hasIterValues ? succeeded(parser.parseOptionalArrow())
                    : succeeded(parser.parseOptionalColon())) {
    if (parseCudaTileTypeList(parser, resultTypes))
      return failure();
  }
  for (auto [arg, type] : llvm::zip(regionArgs, iterTypes))
    arg.type = type;
  result.addTypes(resultTypes);
  Region *body = result.addRegion();
  if (parseNestedRegion(parser, *body, regionArgs))
    return failure();
  // Like `for`, a body without a terminator ends in an operand-less
  // `continue`; an empty body `{}` is such a body.
  OpBuilder builder(parser.getContext());
  ensureTerminator<ContinueOp>(
      builder, *body, parser.getEncodedSourceLoc(parser.getNameLoc()));
  // Resolved after the body, as in `for`.
  if (parser.resolveOperands(inits, iterTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void LoopOp::print(OpAsmPrinter &printer) {
  if (!getInitValues().empty()) {
    printer << ' ';
    printIterValues(printer, getRegion().getArguments(), getInitValues());
    printer << " : ";
    printCudaTileTypeList(printer, getInitValues().getTypes());
    if (getNumResults()) {
      printer << " -> ";
      printCudaTileTypeList(printer, getResultTypes());
    }
  } else if (getNumResults()) {
    printer << " : ";
    printCudaTileTypeList(printer, getResultTypes());
  }
  printer << ' ';
  printBodyRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs());
}

// Only the body is exposed: its iter_values are continued from several
// `continue` ops and its results come from `break`, which LoopLikeOpInterface
// cannot describe.
SmallVector<Region *> LoopOp::getLoopRegions() { return {&getRegion()}; }

LogicalResult LoopOp::verifyRegions() {
  Block &body = getRegion().front();
  if (failed(verifyLoopCarriedValues(*this, getInitValues(),
                                     body.getArguments())))
    return failure();
  if (body.empty() || !body.back().hasTrait<OpTrait::IsTerminator>())
    return emitOpError("body must end with 'break', 'continue' or 'return'");
  return success();
}

//===----------------------------------------------------------------------===//
// BreakOp / ContinueOp
//===----------------------------------------------------------------------===//

LogicalResult BreakOp::verify() {
  auto loop = dyn_cast_or_null<LoopOp>(getEnclosingLoop<LoopOp>(*this));
  if (!loop)
    return emitBadLoopAncestor(*this, "'cuda_tile.loop', 'cuda_tile.if'");
  if (getOperandTypes() != loop.getResultTypes())
    return emitOpError("operand types must correspond to the parent loop "
                       "result types: ")
           << formatTypeList(getOperandTypes()) << " vs "
           << formatTypeList(loop.getResultTypes());
  return success();
}

LogicalResult ContinueOp::verify() {
  Operation *loop = getEnclosingLoop<ForOp, LoopOp>(*this);
  if (!loop)
    return emitBadLoopAncestor(
        *this, "'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if'");
  if (auto forOp = dyn_cast<ForOp>(loop)) {
    if (getOperandTypes() != forOp.getResultTypes())
      return emitError()
             << "`for` is missing a valid terminator. `continue` op should "
                "have operand types that match the parent loop return types: "
             << formatTypeList(forOp.getResultTypes())
             << ", but found: " << formatTypeList(getOperandTypes());
    return success();
  }
  auto loopOp = cast<LoopOp>(loop);
  if (getOperandTypes() != loopOp.getInitValues().getTypes())
    return emitError()
           << "`loop` is missing a valid terminator. `continue` op should "
              "have operand types that match the parent loop iter_values: "
           << formatTypeList(loopOp.getInitValues().getTypes())
           << ", but found: " << formatTypeList(getOperandTypes());
  return success();
}

//===----------------------------------------------------------------------===//
// TableGen'd definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "cuda_tile/IR/CudaTileCoreOps.cpp.inc"
