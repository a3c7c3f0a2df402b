//===- InputLimits.cpp - bounds on nesting in cuda_tile input -------------===//

#include "cuda_tile/IR/InputLimits.h"

#include "RegionNesting.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cuda_tile;

std::optional<size_t> mlir::cuda_tile::findExcessiveNesting(StringRef text,
                                                            unsigned maxDepth) {
  llvm::SmallVector<char, 64> open;
  // Pops up to and including the innermost `opener`, if one is open.
  auto close = [&](char opener) {
    for (size_t i = open.size(); i > 0; --i) {
      if (open[i - 1] == opener) {
        open.truncate(i - 1);
        return;
      }
    }
  };
  // Unary minus signs in a row (`- - - d0` in an affine expression) recurse
  // in MLIR's parser like brackets do.
  size_t minusRun = 0;
  for (size_t pos = 0, end = text.size(); pos < end; ++pos) {
    char c = text[pos];
    if (c == '-' && !(pos + 1 < end && text[pos + 1] == '>')) {
      if (open.size() + ++minusRun > maxDepth)
        return pos;
      continue;
    }
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      minusRun = 0;
    switch (c) {
    case '"':
      // A string literal: up to the closing quote, skipping escapes.
      for (++pos; pos < end && text[pos] != '"' && text[pos] != '\n'; ++pos)
        if (text[pos] == '\\')
          ++pos;
      break;
    case '/':
      if (pos + 1 < end && text[pos + 1] == '/')
        while (pos < end && text[pos] != '\n')
          ++pos;
      break;
    case '{':
    case '(':
    case '[':
    case '<':
      open.push_back(c);
      if (open.size() > maxDepth)
        return pos;
      break;
    case '}':
      close('{');
      break;
    case ')':
      close('(');
      break;
    case ']':
      close('[');
      break;
    case '-':
      // `->`: its `>` closes nothing.
      ++pos;
      break;
    case '>':
      // `>` also appears in affine constraints: it only closes a `<` that
      // is innermost.
      if (!open.empty() && open.back() == '<')
        open.pop_back();
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

LogicalResult mlir::cuda_tile::checkTextNesting(llvm::MemoryBufferRef buffer,
                                                llvm::raw_ostream &os,
                                                unsigned maxDepth) {
  std::optional<size_t> at = findExcessiveNesting(buffer.getBuffer(), maxDepth);
  if (!at)
    return success();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  sourceMgr.PrintMessage(
      os, llvm::SMLoc::getFromPointer(buffer.getBufferStart() + *at),
      llvm::SourceMgr::DK_Error,
      "input nested deeper than " + llvm::Twine(maxDepth) +
          " levels of brackets or unary minus signs (the limit of textual "
          "input, see docs/fuzzing.md)");
  return failure();
}

/// Fails with a located error when the main buffer of `sourceMgr` nests too
/// deep for the parser.
static LogicalResult checkSourceNesting(llvm::SourceMgr &sourceMgr,
                                        MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::optional<size_t> at = mlir::cuda_tile::findExcessiveNesting(
      buffer->getBuffer(), mlir::cuda_tile::kMaxTextNestingDepth);
  if (!at)
    return success();
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + *at));
  return emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                       line, column))
         << "input nested deeper than " << mlir::cuda_tile::kMaxTextNestingDepth
         << " levels of brackets or unary minus signs (the limit of textual "
            "input, see docs/fuzzing.md)";
}

LogicalResult
mlir::cuda_tile::parseSourceWithinLimits(llvm::SourceMgr &sourceMgr,
                                         Block *block,
                                         const ParserConfig &config,
                                         AsmParserState *asmState) {
  if (failed(checkSourceNesting(sourceMgr, config.getContext())))
    return failure();
  if (asmState)
    return parseAsmSourceFile(sourceMgr, block, config, asmState);
  return parseSourceFile(sourceMgr, block, config);
}

OwningOpRef<mlir::ModuleOp>
mlir::cuda_tile::parseSourceWithinLimits(llvm::SourceMgr &sourceMgr,
                                         const ParserConfig &config) {
  if (failed(checkSourceNesting(sourceMgr, config.getContext())))
    return nullptr;
  return parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
}

//===----------------------------------------------------------------------===//
// Region nesting in the dialect's parsers (RegionNesting.h)
//===----------------------------------------------------------------------===//


/// Regions of region-holding cuda_tile ops being parsed on this thread.
static thread_local unsigned regionParseDepth = 0;

ParseResult
mlir::cuda_tile::parseNestedRegion(OpAsmParser &parser, Region &region,
                                   ArrayRef<OpAsmParser::Argument> arguments) {
  if (regionParseDepth >= kMaxRegionNestingDepth)
    return parser.emitError(parser.getCurrentLocation())
           << "regions nested deeper than " << kMaxRegionNestingDepth
           << " levels";
  ++regionParseDepth;
  ParseResult result = parser.parseRegion(region, arguments);
  --regionParseDepth;
  return result;
}
