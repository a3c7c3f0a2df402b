//===- IntegerFacts.h - what is known about integer tiles --------*- C++ -*-===//
//
// Value ranges, known low zero bits and constant differences of integer
// tiles, derived from constants, `assume` predicates, iota, block ids, loop
// bounds and the integer ops in between. A fact about a tile holds for every
// one of its elements. Shared by simplify-integers (ranges of comparisons),
// eliminate-redundant-tokens (index differences), cuda-tile-licm,
// loop-split (trip counts) and the code generator (alignment of accesses).
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_ANALYSIS_INTEGERFACTS_H
#define CUDA_TILE_ANALYSIS_INTEGERFACTS_H

#include "cuda_tile/IR/CudaTileOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/ConstantRange.h"

#include <optional>

namespace mlir::cuda_tile {

/// The integer ops the analyses (and the simplifier's expression form)
/// understand, independent of how they are spelled in the dialect.
enum class IntOpKind : uint16_t {
  Add, Sub, Mul, DivS, DivU, RemS, RemU, Neg, Abs, And, Or, Xor, Shl, ShrS,
  ShrU, MinS, MaxS, MinU, MaxU, Cmp, Select, ExtS, ExtU, Trunc,
};

/// An integer op as the analyses see it.
struct IntOpInfo {
  IntOpKind kind;
  /// Overflow assumption of add / sub / mul / shl / neg.
  IntegerOverflow overflow = IntegerOverflow::None;
  /// Rounding of div.
  RoundingMode rounding = RoundingMode::Zero;
  /// Predicate and signedness of cmp.
  ComparisonPredicate predicate = ComparisonPredicate::Equal;
  bool cmpSigned = true;
};

/// How `op` computes an integer tile, when it is one of IntOpKind (the
/// operands keep their order; `select` takes condition, true, false).
std::optional<IntOpInfo> classifyIntOp(Operation *op);

/// Element bit width of an integer tile type, 0 for anything else.
unsigned getIntWidth(Type type);

/// The low zero bits `assume` promises for every element of its value: a
/// `div_by` of the whole value (not per group) gives those of its divisor's
/// power-of-two factor; any other predicate gives 0. Also the alignment of a
/// pointer or view base it asserts.
unsigned getAssumedTrailingZeros(AssumeOp assume);

/// The value of every element of an integer constant splat.
std::optional<llvm::APInt> getSplatInt(Value value);

/// The range of an op's result from the ranges of its operands; `width` is
/// the result's element width.
llvm::ConstantRange transferRange(const IntOpInfo &info,
                                  llvm::ArrayRef<llvm::ConstantRange> operands,
                                  unsigned width);

/// Whether every element of `lhs pred rhs` is true (or false) for all values
/// in the ranges; nullopt when it depends.
std::optional<bool> evaluateComparison(ComparisonPredicate predicate,
                                       bool isSigned,
                                       const llvm::ConstantRange &lhs,
                                       const llvm::ConstantRange &rhs);

/// Facts about values, computed on demand and memoized. The IR must not
/// change in a way that alters the facts of analysed values while an
/// instance is in use.
class IntegerFacts {
public:
  explicit IntegerFacts(unsigned depthLimit = 48) : depthLimit(depthLimit) {}

  /// Contains every element of the integer tile `value`.
  llvm::ConstantRange getRange(Value value);

  /// Number of low bits known to be zero in every element.
  unsigned getKnownTrailingZeros(Value value);

  /// `a - b` modulo 2^width when it is the same constant for all inputs
  /// (both decomposed into sums of constant multiples of common values).
  std::optional<llvm::APInt> getConstantDifference(Value a, Value b);

  /// Whether `a < b` (or `a <= b`), compared signed or unsigned, holds for
  /// every element, using ranges and the relations that loops, remainders
  /// and min / max establish.
  bool provesLess(Value a, Value b, bool isSigned, bool orEqual);

  /// For a `for` loop: whether its body runs at least once.
  bool provesNonEmpty(ForOp forOp);

  void clear() {
    ranges.clear();
    trailingZeros.clear();
  }

private:
  llvm::ConstantRange computeRange(Value value, unsigned depth);
  /// The range of result `dim` of `query`: the tile counts of its view.
  llvm::ConstantRange indexSpaceRange(GetIndexSpaceShapeOp query, unsigned dim,
                                      unsigned width, unsigned depth);
  llvm::ConstantRange getRange(Value value, unsigned depth);
  unsigned computeTrailingZeros(Value value, unsigned depth);
  unsigned getKnownTrailingZeros(Value value, unsigned depth);

  unsigned depthLimit;
  llvm::DenseMap<Value, llvm::ConstantRange> ranges;
  llvm::DenseMap<Value, unsigned> trailingZeros;
};

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_ANALYSIS_INTEGERFACTS_H
