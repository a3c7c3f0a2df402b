//===- InputLimits.h - bounds on nesting in cuda_tile input ------*- C++ -*-===//
//
// MLIR's text parser, printer and verifier recurse once per level of nesting
// (regions, attributes, types, parenthesized lists). To keep untrusted input
// from overflowing the stack, nesting is bounded before and while parsing:
//
//  * kMaxTextNestingDepth: the tools scan textual input for brackets
//    (`{`, `(`, `[`, `<`) and rows of unary minus signs before handing it to
//    the parser and reject it when they nest deeper than this
//    (checkTextNesting).
//  * kMaxRegionNestingDepth: the dialect's own parsers of region-holding ops
//    (`if`, `for`, `loop`, `reduce`, `scan`) refuse regions nested deeper than
//    this, whoever calls the parser. The bytecode reader applies the same
//    bound, so text and bytecode accept the same modules.
//
// See docs/fuzzing.md for every limit and its test.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_IR_INPUTLIMITS_H
#define CUDA_TILE_IR_INPUTLIMITS_H

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace llvm {
class MemoryBufferRef;
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace mlir {
class AsmParserState;
class Block;
class ModuleOp;
class ParserConfig;
} // namespace mlir

namespace mlir::cuda_tile {

/// Deepest bracket nesting accepted in textual input.
inline constexpr unsigned kMaxTextNestingDepth = 512;

/// Deepest nesting of op regions below a function (an `if` inside a `for` is
/// depth 2), in text and in bytecode.
inline constexpr unsigned kMaxRegionNestingDepth = 128;

/// The byte offset of the first opening bracket of `text` that nests deeper
/// than `maxDepth`, or std::nullopt when there is none. Brackets inside
/// string literals and `//` comments do not count; a closing bracket closes
/// the innermost open one only when they match (`->` closes nothing). A row
/// of unary minus signs (`- - d0`) counts as one level per sign.
std::optional<size_t>
findExcessiveNesting(llvm::StringRef text,
                     unsigned maxDepth = kMaxTextNestingDepth);

/// Fails after printing "<name>:<line>:<col>: error: ..." (the layout of MLIR
/// diagnostics, with the source line) to `os` when `buffer` nests deeper than
/// `maxDepth`. Tools call it on textual input before parsing it.
LogicalResult checkTextNesting(llvm::MemoryBufferRef buffer,
                               llvm::raw_ostream &os,
                               unsigned maxDepth = kMaxTextNestingDepth);

/// Parses the main buffer of `sourceMgr` into `block` once its nesting was
/// checked; too deep nesting is a located error through the context's
/// diagnostics. Every tool that parses cuda_tile text parses it through this
/// function or its overload below.
/// With `asmState`, the parser records where each value and block is
/// defined (the SSA names of the text).
LogicalResult parseSourceWithinLimits(llvm::SourceMgr &sourceMgr, Block *block,
                                      const ParserConfig &config,
                                      AsmParserState *asmState = nullptr);

/// The same, into a builtin module (made implicitly when the text has none).
OwningOpRef<mlir::ModuleOp>
parseSourceWithinLimits(llvm::SourceMgr &sourceMgr, const ParserConfig &config);

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_IR_INPUTLIMITS_H
