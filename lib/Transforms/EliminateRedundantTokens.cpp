//===- EliminateRedundantTokens.cpp - drop unneeded token edges -----------===//
//
// A token orders a memory op after every access its token transitively
// comes from. Within one block, each access keeps only the orderings it
// needs: after the earlier accesses it may conflict with, and after every
// token it cannot see through (block arguments, results of control flow,
// tokens of ops it does not model). It is then given the fewest tokens that
// cover those, picked latest first from the rewritten graph, so an ordering
// a later access relied on through a dropped edge is re-established.
// Tokens used by anything but the modelled accesses and join_tokens of the
// block (a terminator, an op in a nested region, ...) keep everything they
// ordered after.
//
// Two accesses conflict unless both only read (weak loads), or both are
// weak accesses of the same view at tiles that are disjoint in memory:
// along some index dimension the indices differ by a constant c (modulo
// 2^w), both possible true distances, c and 2^w - c, times the traversal
// stride reach past the tile, and the tensor_view's strides (static, or
// bounded through the ranges of its dynamic operands) keep the two element
// sets apart: |stride| times the least coordinate gap along that dimension
// is more than the other dimensions can add. A stride of 0, or strides that
// interleave dimensions, make distinct tiles share memory.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Analysis/IntegerFacts.h"
#include "TransformUtils.h"
#include "cuda_tile/Transforms/Passes.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_ELIMINATEREDUNDANTTOKENSPASS
#include "cuda_tile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;
using llvm::APInt;
using llvm::BitVector;

namespace {

/// What a token-taking memory op does, as far as ordering goes.
struct Access {
  Operation *op = nullptr;
  bool writes = true;
  /// A weak load or store whose footprint can be reasoned about (as a whole
  /// for pointers, by tile for views).
  bool modelled = false;
  /// For view accesses: the view and the tile index.
  Value view;
  SmallVector<Value> indices;
};

/// The token operand and result of the memory ops that take one.
static std::optional<std::pair<MutableOperandRange, Value>>
getTokenPorts(Operation *op) {
  return llvm::TypeSwitch<Operation *,
                          std::optional<std::pair<MutableOperandRange, Value>>>(
             op)
      .Case<LoadViewTkoOp, StoreViewTkoOp, LoadPtrTkoOp, StorePtrTkoOp,
            AtomicCASTkoOp, AtomicRMWTkoOp, AtomicRedViewTkoOp, PrintTkoOp>(
          [](auto memOp) {
            return std::make_pair(memOp.getTokenMutable(),
                                  Value(memOp.getResultToken()));
          })
      .Default([](Operation *) { return std::nullopt; });
}

static Access describe(Operation *op) {
  Access access;
  access.op = op;
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](LoadViewTkoOp load) {
        access.writes = false;
        access.modelled =
            load.getMemoryOrderingSemantics() == MemoryOrdering::Weak;
        access.view = load.getView();
        access.indices.assign(load.getIndex().begin(), load.getIndex().end());
      })
      .Case([&](StoreViewTkoOp store) {
        access.modelled =
            store.getMemoryOrderingSemantics() == MemoryOrdering::Weak;
        access.view = store.getView();
        access.indices.assign(store.getIndex().begin(),
                              store.getIndex().end());
      })
      .Case([&](LoadPtrTkoOp load) {
        access.writes = false;
        access.modelled =
            load.getMemoryOrderingSemantics() == MemoryOrdering::Weak;
      })
      .Case([&](StorePtrTkoOp store) {
        access.modelled =
            store.getMemoryOrderingSemantics() == MemoryOrdering::Weak;
      });
  return access;
}

/// The tensor_view a tiled view was made from and the view's type, so that
/// two views made the same way from one tensor_view compare equal.
static std::pair<Value, Type> viewIdentity(Value view) {
  if (auto make = view.getDefiningOp<MakePartitionViewOp>())
    return {make.getTensorView(), view.getType()};
  if (auto make = view.getDefiningOp<MakeStridedViewOp>())
    return {make.getTensorView(), view.getType()};
  return {view, view.getType()};
}

/// How the tiles of a view are laid over its tensor_view, per index
/// dimension d: a tile covers `extent[d]` elements of tensor dimension
/// `tensorDim[d]`, and tiles at consecutive indices start `step[d]` elements
/// apart.
struct ViewTiling {
  TensorViewType tensorView;
  SmallVector<int64_t> extent, step;
  SmallVector<unsigned> tensorDim;
};

/// The tiling of a partition or strided view type; nothing for views
/// indexed otherwise.
static std::optional<ViewTiling> getTiling(Type viewType) {
  ViewTiling tiling;
  if (auto partition = dyn_cast<PartitionViewType>(viewType)) {
    tiling.tensorView = partition.getTensorView();
    for (auto [d, target] : llvm::zip(partition.getTileShape().asArrayRef(),
                                      partition.getDimMap())) {
      tiling.extent.push_back(d);
      tiling.step.push_back(d);
      tiling.tensorDim.push_back(target);
    }
    return tiling;
  }
  if (auto strided = dyn_cast<StridedViewType>(viewType)) {
    // Tile extents and traversal strides are read along the index
    // dimensions; keep to views that do not permute them.
    for (auto [i, d] : llvm::enumerate(strided.getDimMap()))
      if (d != static_cast<int32_t>(i))
        return std::nullopt;
    tiling.tensorView = strided.getTensorView();
    llvm::append_range(tiling.extent, strided.getTileShape().asArrayRef());
    llvm::append_range(tiling.step, strided.getTraversalStrides());
    for (unsigned d = 0, e = tiling.extent.size(); d < e; ++d)
      tiling.tensorDim.push_back(d);
    return tiling;
  }
  return std::nullopt;
}

/// What is known of one dimension of a tensor_view: bounds on the absolute
/// value of its stride (in elements) and on the largest in-bounds
/// coordinate.
struct DimBounds {
  uint64_t minStride = 0;
  uint64_t maxStride = UINT64_MAX;
  uint64_t maxCoord = UINT64_MAX;
};

/// Whether two tiles of a view lie in disjoint memory when their indices
/// along index dimension `d` are at least `distance` apart and, along every
/// other index dimension i, equal where `sameIndex[i]` (arbitrary
/// elsewhere). The tiles then hold disjoint sets of elements; their
/// addresses differ by sum(delta_k * stride_k) over the tensor dimensions,
/// which is never 0 when either
///  * |stride| along d times the least coordinate gap there is more than
///    all other dimensions can add, or
///  * the layout is one-to-one on the box both tiles lie in: taken by
///    increasing stride, every stride is more than the reach of the smaller
///    ones.
static bool separatedInMemory(const ViewTiling &tiling,
                              ArrayRef<DimBounds> dims, unsigned d,
                              uint64_t distance, ArrayRef<bool> sameIndex) {
  uint64_t gap = llvm::SaturatingMultiply(distance, uint64_t(tiling.step[d]));
  uint64_t extent = tiling.extent[d];
  if (gap < extent)
    return false;
  unsigned rank = tiling.extent.size();
  // How far apart two coordinates of the box can be, per index dimension.
  SmallVector<uint64_t> spread;
  for (unsigned i = 0; i < rank; ++i) {
    uint64_t maxCoord = dims[tiling.tensorDim[i]].maxCoord;
    spread.push_back(i != d && sameIndex[i]
                         ? std::min(maxCoord, uint64_t(tiling.extent[i] - 1))
                         : maxCoord);
  }
  auto reach = [&](unsigned i) {
    uint64_t maxStride = dims[tiling.tensorDim[i]].maxStride;
    return maxStride == 0 || spread[i] == 0
               ? 0
               : llvm::SaturatingMultiply(maxStride, spread[i]);
  };

  // Packed sub-byte elements share a byte unless two elements apart.
  bool packed = isa<Float4E2M1FNType>(tiling.tensorView.getElementType());
  uint64_t near = llvm::SaturatingMultiply(dims[tiling.tensorDim[d]].minStride,
                                           gap - (extent - 1));
  uint64_t far = packed;
  for (unsigned i = 0; i < rank; ++i)
    if (i != d)
      far = llvm::SaturatingAdd(far, reach(i));
  if (far != UINT64_MAX && near > far)
    return true;
  if (packed)
    return false;

  SmallVector<unsigned> order = llvm::to_vector(llvm::seq(0u, rank));
  llvm::stable_sort(order, [&](unsigned x, unsigned y) {
    return dims[tiling.tensorDim[x]].minStride <
           dims[tiling.tensorDim[y]].minStride;
  });
  uint64_t covered = 0;
  for (unsigned i : order) {
    if (spread[i] == 0)
      continue;
    if (covered == UINT64_MAX ||
        dims[tiling.tensorDim[i]].minStride <= covered)
      return false;
    covered = llvm::SaturatingAdd(covered, reach(i));
  }
  return true;
}

/// The loop a continue belongs to.
static Operation *owningLoop(ContinueOp op) {
  Operation *parent = op->getParentOp();
  while (isa_and_nonnull<IfOp>(parent))
    parent = parent->getParentOp();
  return parent;
}

/// The continue ops of `forOp` (not of loops nested in it).
static SmallVector<ContinueOp> continuesOf(ForOp forOp) {
  SmallVector<ContinueOp> result;
  forOp.getRegion().walk([&](ContinueOp op) {
    if (owningLoop(op) == forOp.getOperation())
      result.push_back(op);
  });
  return result;
}

/// The result token of a weak load whose token operand is `use`.
static Value weakLoadThrough(OpOperand &use) {
  Operation *user = use.getOwner();
  auto check = [&](auto load) -> Value {
    MutableOperandRange token = load.getTokenMutable();
    if (load.getMemoryOrderingSemantics() != MemoryOrdering::Weak ||
        token.empty() ||
        token[0].getOperandNumber() != use.getOperandNumber())
      return {};
    return load.getResultToken();
  };
  if (auto load = dyn_cast<LoadViewTkoOp>(user))
    return check(load);
  if (auto load = dyn_cast<LoadPtrTkoOp>(user))
    return check(load);
  return {};
}

/// Drops the iter_values of `forOp` at `indices` (sorted), whose block
/// arguments and results have no uses.
static ForOp dropIterValues(ForOp forOp, ArrayRef<unsigned> indices) {
  llvm::SmallDenseSet<unsigned> drop(indices.begin(), indices.end());
  SmallVector<Value> inits;
  SmallVector<Type> types;
  for (auto [i, init] : llvm::enumerate(forOp.getInitValues()))
    if (!drop.contains(i)) {
      inits.push_back(init);
      types.push_back(init.getType());
    }
  OpBuilder builder(forOp);
  auto newFor = ForOp::create(builder, forOp.getLoc(), types,
                              forOp.getLowerBound(), forOp.getUpperBound(),
                              forOp.getStep(), inits, forOp.getUnsignedCmp());
  newFor->setDiscardableAttrs(forOp->getDiscardableAttrDictionary());
  for (ContinueOp cont : continuesOf(forOp))
    for (unsigned i : llvm::reverse(indices))
      cont->eraseOperand(i);
  newFor.getRegion().takeBody(forOp.getRegion());
  Block &body = newFor.getRegion().front();
  for (unsigned i : llvm::reverse(indices))
    body.eraseArgument(i + 1);
  unsigned next = 0;
  for (auto [i, result] : llvm::enumerate(forOp.getResults()))
    if (!drop.contains(i))
      result.replaceAllUsesWith(newFor.getResult(next++));
  forOp->erase();
  return newFor;
}

struct EliminateRedundantTokensPass
    : public cuda_tile::impl::EliminateRedundantTokensPassBase<
          EliminateRedundantTokensPass> {
  using Base::Base;

  IntegerFacts facts;

  /// Bounds on the strides and sizes of the tensor_view `view` is made
  /// from: static ones from its type, dynamic ones from the ranges of the
  /// operands of its make_tensor_view (assume bounded, constants, ...).
  SmallVector<DimBounds> getDimBounds(Value view, TensorViewType type) {
    auto make = viewIdentity(view).first.getDefiningOp<MakeTensorViewOp>();
    SmallVector<DimBounds> dims(type.getRank());
    unsigned nextShape = 0, nextStride = 0;
    for (auto [i, dim] : llvm::enumerate(dims)) {
      int64_t size = type.getShape()[i];
      if (size != TensorViewType::kDynamic) {
        dim.maxCoord = size > 0 ? uint64_t(size - 1) : 0;
      } else if (make) {
        APInt max =
            facts.getRange(make.getDynamicShape()[nextShape]).getUnsignedMax();
        dim.maxCoord = max.isZero() ? 0 : (max - 1).getLimitedValue();
      }
      if (size == TensorViewType::kDynamic)
        ++nextShape;
      int64_t stride = type.getStrides()[i];
      if (stride != TensorViewType::kDynamic) {
        dim.minStride = dim.maxStride = uint64_t(std::abs(stride));
      } else if (make) {
        llvm::ConstantRange magnitude =
            facts.getRange(make.getDynamicStrides()[nextStride]).abs();
        dim.minStride = magnitude.getUnsignedMin().getLimitedValue();
        dim.maxStride = magnitude.getUnsignedMax().getLimitedValue();
      }
      if (stride == TensorViewType::kDynamic)
        ++nextStride;
    }
    return dims;
  }

  /// Whether the tiles two accesses of views touch are provably disjoint in
  /// memory.
  bool disjointTiles(const Access &a, const Access &b) {
    if (!a.view || !b.view || viewIdentity(a.view) != viewIdentity(b.view))
      return false;
    if (a.indices.size() != b.indices.size())
      return false;
    std::optional<ViewTiling> tiling = getTiling(a.view.getType());
    if (!tiling || tiling->extent.size() != a.indices.size())
      return false;
    SmallVector<std::optional<APInt>> diffs;
    SmallVector<bool> sameIndex;
    for (auto [x, y] : llvm::zip(a.indices, b.indices)) {
      diffs.push_back(facts.getConstantDifference(x, y));
      sameIndex.push_back(diffs.back() && diffs.back()->isZero());
    }
    SmallVector<DimBounds> dims = getDimBounds(a.view, tiling->tensorView);
    for (auto [d, diff] : llvm::enumerate(diffs)) {
      if (!diff || diff->isZero())
        continue;
      unsigned width = diff->getBitWidth();
      // The true distance is c or 2^w - c; the nearer one decides.
      APInt c = diff->zext(width + 1);
      APInt other = APInt::getOneBitSet(width + 1, width) - c;
      uint64_t distance = (c.ult(other) ? c : other).getLimitedValue();
      if (separatedInMemory(*tiling, dims, d, distance, sameIndex))
        return true;
    }
    return false;
  }

  bool conflict(const Access &a, const Access &b) {
    if (!a.modelled || !b.modelled)
      return true;
    if (!a.writes && !b.writes)
      return false;
    return !disjointTiles(a, b);
  }

  /// Drops repeated and fresh inputs of the block's joins; a join left with
  /// one input is that input, with none a fresh token.
  void simplifyJoins(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      auto join = dyn_cast<JoinTokensOp>(op);
      if (!join)
        continue;
      llvm::SetVector<Value> inputs;
      for (Value input : join.getTokens())
        if (!input.getDefiningOp<MakeTokenOp>())
          inputs.insert(input);
      if (inputs.size() == join.getTokens().size())
        continue;
      if (inputs.size() >= 2) {
        join.getTokensMutable().assign(inputs.getArrayRef());
        continue;
      }
      Value replacement;
      if (inputs.empty()) {
        OpBuilder builder(join);
        replacement = MakeTokenOp::create(builder, join.getLoc(),
                                          TokenType::get(join.getContext()));
      } else {
        replacement = inputs.front();
      }
      join.getResult().replaceAllUsesWith(replacement);
      join.erase();
      ++numJoinsRemoved;
    }
  }

  void processBlock(Block &block) {
    simplifyJoins(block);
    // Items a token can order after: the accesses of the block, then the
    // tokens it cannot see through.
    SmallVector<Access> accesses;
    DenseMap<Operation *, unsigned> accessIndex;
    DenseMap<Value, unsigned> opaqueIndex;
    // Position in the block of each item, for latest-first choices
    // (-1: defined before the block).
    SmallVector<int64_t> position;
    DenseMap<Operation *, int64_t> opPosition;
    int64_t pos = 0;
    for (Operation &op : block) {
      opPosition[&op] = pos++;
      if (getTokenPorts(&op)) {
        accessIndex[&op] = accesses.size();
        accesses.push_back(describe(&op));
        position.push_back(opPosition[&op]);
      }
    }
    if (accesses.empty()) {
      eraseUnusedTokens(block);
      return;
    }

    auto isLocalToken = [&](Value v) {
      Operation *def = v.getDefiningOp();
      return def && def->getBlock() == &block &&
             (accessIndex.count(def) || isa<JoinTokensOp, MakeTokenOp>(def));
    };
    auto itemOfOpaque = [&](Value v) {
      auto [it, inserted] = opaqueIndex.try_emplace(v, position.size());
      if (inserted) {
        Operation *def = v.getDefiningOp();
        position.push_back(def && def->getBlock() == &block ? opPosition[def]
                                                            : -1);
      }
      return it->second;
    };
    // A fresh token (wherever it is made) orders after nothing.
    auto isFresh = [](Value v) { return v.getDefiningOp<MakeTokenOp>(); };
    // Register every opaque token an access or join of the block takes.
    for (Operation &op : block) {
      if (!accessIndex.count(&op) && !isa<JoinTokensOp>(op))
        continue;
      for (Value operand : op.getOperands())
        if (isa<TokenType>(operand.getType()) && !isLocalToken(operand) &&
            !isFresh(operand))
          itemOfOpaque(operand);
    }
    unsigned numItems = position.size();

    // What each token value orders after, originally.
    DenseMap<Value, BitVector> covers;
    auto coversOf = [&](Value v) -> BitVector {
      if (!v)
        return BitVector(numItems);
      auto it = covers.find(v);
      if (it != covers.end())
        return it->second;
      BitVector bits(numItems);
      if (!isFresh(v))
        bits.set(opaqueIndex.lookup(v));
      return bits;
    };
    for (Operation &op : block) {
      if (auto it = accessIndex.find(&op); it != accessIndex.end()) {
        auto [operand, result] = *getTokenPorts(&op);
        BitVector bits = operand.empty() ? BitVector(numItems)
                                         : coversOf(operand[0].get());
        bits.set(it->second);
        covers[result] = bits;
      } else if (auto join = dyn_cast<JoinTokensOp>(op)) {
        BitVector bits(numItems);
        for (Value input : join.getTokens())
          bits |= coversOf(input);
        covers[join.getResult()] = bits;
      } else if (auto make = dyn_cast<MakeTokenOp>(op)) {
        covers[make.getResult()] = BitVector(numItems);
      }
    }

    // Tokens whose full ordering must survive: used by anything but the
    // block's accesses and (unpinned) joins.
    llvm::DenseSet<Value> pinned;
    auto isFreeUse = [&](OpOperand &use) {
      Operation *user = use.getOwner();
      if (user->getBlock() != &block)
        return false;
      if (isa<JoinTokensOp>(user))
        return true;
      auto it = accessIndex.find(user);
      if (it == accessIndex.end())
        return false;
      MutableOperandRange operand = getTokenPorts(user)->first;
      return !operand.empty() &&
             operand[0].getOperandNumber() == use.getOperandNumber();
    };
    for (Operation &op : llvm::reverse(block)) {
      for (Value result : op.getResults()) {
        if (!isa<TokenType>(result.getType()) || !isLocalToken(result))
          continue;
        bool isPinned = pinned.contains(result) ||
                        llvm::any_of(result.getUses(), [&](OpOperand &use) {
                          return !isFreeUse(use);
                        });
        if (!isPinned)
          continue;
        pinned.insert(result);
        if (auto join = dyn_cast<JoinTokensOp>(op))
          for (Value input : join.getTokens())
            pinned.insert(input);
      }
    }
    // A use by a pinned join pins (handled above, as joins precede users).

    // Rewrite, in program order, with the orderings of the new graph.
    DenseMap<Value, BitVector> newCovers;
    auto newCoversOf = [&](Value v) -> BitVector {
      auto it = newCovers.find(v);
      if (it != newCovers.end())
        return it->second;
      // Pinned joins and opaque tokens keep what they had.
      return coversOf(v);
    };
    // The token standing for each item in the new graph.
    auto tokenOfItem = [&](unsigned item) -> Value {
      if (item < accesses.size())
        return getTokenPorts(accesses[item].op)->second;
      for (auto &[value, index] : opaqueIndex)
        if (index == item)
          return value;
      llvm_unreachable("every item has a token");
    };
    SmallVector<unsigned> order(numItems);
    for (unsigned i = 0; i < numItems; ++i)
      order[i] = i;
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return position[a] > position[b];
    });

    for (auto [index, access] : llvm::enumerate(accesses)) {
      Operation *op = access.op;
      auto [operand, result] = *getTokenPorts(op);
      Value input = operand.empty() ? Value() : operand[0].get();
      BitVector original = input ? coversOf(input) : BitVector(numItems);
      BitVector needed(numItems);
      if (pinned.contains(result)) {
        needed = original;
      } else {
        for (unsigned item : original.set_bits()) {
          if (item >= accesses.size() ||
              conflict(accesses[item], access))
            needed.set(item);
        }
      }
      // Cover the needed items latest first.
      SmallVector<Value> chosen;
      BitVector covered(numItems);
      for (unsigned item : order) {
        if (!needed.test(item) || covered.test(item))
          continue;
        Value token = tokenOfItem(item);
        chosen.push_back(token);
        covered |= newCoversOf(token);
      }
      BitVector mine = covered;
      mine.set(index);
      newCovers[result] = mine;

      // Keep the existing operand when it already is exactly this set.
      SmallVector<Value> current;
      if (input) {
        if (auto join = input.getDefiningOp<JoinTokensOp>())
          current.assign(join.getTokens().begin(), join.getTokens().end());
        else
          current.push_back(input);
      }
      llvm::SmallPtrSet<void *, 4> chosenSet, currentSet;
      for (Value v : chosen)
        chosenSet.insert(v.getAsOpaquePointer());
      for (Value v : current)
        currentSet.insert(v.getAsOpaquePointer());
      if (chosenSet == currentSet)
        continue;
      if (chosen.empty()) {
        operand.clear();
      } else if (chosen.size() == 1) {
        operand.assign(chosen.front());
      } else {
        // Oldest first reads best.
        std::reverse(chosen.begin(), chosen.end());
        OpBuilder builder(op);
        Value join = JoinTokensOp::create(
            builder, op->getLoc(), TokenType::get(op->getContext()), chosen);
        operand.assign(join);
      }
    }

    eraseUnusedTokens(block);
  }

  /// Erases the joins and fresh tokens of `block` nobody uses any more.
  void eraseUnusedTokens(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
      if (isa<JoinTokensOp, MakeTokenOp>(op) && op.use_empty()) {
        if (isa<JoinTokensOp>(op))
          ++numJoinsRemoved;
        op.erase();
      }
  }

  /// A token carried by `forOp` through weak accesses only orders each
  /// iteration's accesses after those of the earlier iterations. When no
  /// access of one iteration can conflict with one of another (they all
  /// read, or they all touch the tile at the induction variable plus one
  /// common offset along some dimension of one view), and nothing after the
  /// loop uses the carried token, the accesses may take the token the loop
  /// started with instead.
  void cutIndependentChains(ForOp forOp) {
    SmallVector<ContinueOp> continues = continuesOf(forOp);
    Value iv = forOp.getInductionVar();
    for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterValues())) {
      if (!isa<TokenType>(arg.getType()) || arg.use_empty())
        continue;
      // What comes after the loop through this token must not need the
      // earlier iterations: nothing, or only reads (checked below).
      bool resultUnused = forOp.getResult(i).use_empty();
      llvm::DenseSet<Value> chain{arg};
      SmallVector<Value> worklist{arg};
      SmallVector<Access> accesses;
      bool independent = true;
      while (!worklist.empty() && independent) {
        Value token = worklist.pop_back_val();
        for (OpOperand &use : token.getUses()) {
          Operation *user = use.getOwner();
          if (auto cont = dyn_cast<ContinueOp>(user)) {
            // Into this iter_value, or into one nobody reads.
            unsigned k = use.getOperandNumber();
            independent &=
                owningLoop(cont) == forOp.getOperation() &&
                (k == i || (forOp.getRegionIterValues()[k].use_empty() &&
                            forOp.getResult(k).use_empty()));
            continue;
          }
          std::optional<std::pair<MutableOperandRange, Value>> ports =
              getTokenPorts(user);
          Access access = describe(user);
          if (!ports || !access.modelled || ports->first.empty() ||
              ports->first[0].getOperandNumber() != use.getOperandNumber()) {
            independent = false;
            break;
          }
          accesses.push_back(access);
          if (chain.insert(ports->second).second)
            worklist.push_back(ports->second);
        }
      }
      for (ContinueOp cont : continues)
        independent &= chain.contains(cont.getOperand(i));
      bool writes =
          llvm::any_of(accesses, [](const Access &a) { return a.writes; });
      if (!independent ||
          (writes && !disjointAcrossIterations(accesses, forOp)))
        continue;
      if (!resultUnused) {
        llvm::DenseSet<Value> visited;
        if (writes || !feedsOnlyReads(forOp.getResult(i), visited))
          continue;
      }
      arg.replaceAllUsesWith(forOp.getInitValues()[i]);
    }
  }

  /// Whether everything ordered after `token` (through accesses, loops and
  /// branches) is a weak read.
  bool feedsOnlyReads(Value token, llvm::DenseSet<Value> &visited) {
    if (!visited.insert(token).second)
      return true;
    for (OpOperand &use : token.getUses()) {
      Operation *user = use.getOwner();
      unsigned index = use.getOperandNumber();
      if (Value next = weakLoadThrough(use)) {
        if (!feedsOnlyReads(next, visited))
          return false;
        continue;
      }
      if (auto forOp = dyn_cast<ForOp>(user)) {
        unsigned first = forOp.getInitValues().getBeginOperandIndex();
        if (index < first)
          return false;
        if (!feedsOnlyReads(forOp.getRegionIterValues()[index - first],
                            visited) ||
            !feedsOnlyReads(forOp.getResult(index - first), visited))
          return false;
        continue;
      }
      if (auto cont = dyn_cast<ContinueOp>(user)) {
        auto forOp = dyn_cast<ForOp>(owningLoop(cont));
        if (!forOp || !feedsOnlyReads(forOp.getResult(index), visited) ||
            !feedsOnlyReads(forOp.getRegionIterValues()[index], visited))
          return false;
        continue;
      }
      if (auto yield = dyn_cast<YieldOp>(user)) {
        auto ifOp = dyn_cast<IfOp>(yield->getParentOp());
        if (!ifOp || !feedsOnlyReads(ifOp.getResult(index), visited))
          return false;
        continue;
      }
      return false;
    }
    return true;
  }

  /// Whether accesses made in different iterations of `forOp` never touch
  /// the same memory: all of one view, along one dimension all at iv + c
  /// for one c, and far enough apart in memory given what the other
  /// indices do.
  bool disjointAcrossIterations(ArrayRef<Access> accesses, ForOp forOp) {
    Value iv = forOp.getInductionVar();
    const Access &first = accesses.front();
    if (!first.view)
      return false;
    for (const Access &a : accesses)
      if (!a.view || viewIdentity(a.view) != viewIdentity(first.view) ||
          a.indices.size() != first.indices.size())
        return false;
    std::optional<ViewTiling> tiling = getTiling(first.view.getType());
    if (!tiling || tiling->extent.size() != first.indices.size())
      return false;
    // An index every access takes from one loop-invariant value is the
    // same in all iterations.
    auto sameEverywhere = [&](unsigned d) {
      if (!forOp.isDefinedOutsideOfLoop(first.indices[d]))
        return false;
      return llvm::all_of(accesses, [&](const Access &a) {
        std::optional<APInt> diff =
            facts.getConstantDifference(a.indices[d], first.indices[d]);
        return diff && diff->isZero();
      });
    };
    SmallVector<bool> sameIndex;
    for (unsigned d = 0; d < first.indices.size(); ++d)
      sameIndex.push_back(sameEverywhere(d));
    SmallVector<DimBounds> dims = getDimBounds(first.view, tiling->tensorView);
    for (unsigned d = 0; d < first.indices.size(); ++d) {
      if (first.indices[d].getType() != iv.getType())
        continue;
      std::optional<APInt> offset =
          facts.getConstantDifference(first.indices[d], iv);
      if (!offset)
        continue;
      bool same = llvm::all_of(accesses, [&](const Access &a) {
        std::optional<APInt> diff =
            facts.getConstantDifference(a.indices[d], first.indices[d]);
        return diff && diff->isZero();
      });
      // Distinct iterations put the tiles at least one index apart.
      if (same && separatedInMemory(*tiling, dims, d, /*distance=*/1,
                                    sameIndex))
        return true;
    }
    return false;
  }

  /// Drops token iter_values nothing reads any more.
  void dropDeadTokenIterValues(ForOp forOp) {
    SmallVector<unsigned> dead;
    for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterValues()))
      if (isa<TokenType>(arg.getType()) && arg.use_empty() &&
          forOp.getResult(i).use_empty())
        dead.push_back(i);
    if (!dead.empty())
      dropIterValues(forOp, dead);
  }

  void runOnOperation() override {
    numEdgesBefore += countTokenEdges(getOperation());
    SmallVector<ForOp> loops;
    getOperation()->walk([&](ForOp forOp) { loops.push_back(forOp); });
    for (ForOp forOp : loops)
      cutIndependentChains(forOp);
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      processBlock(*block);
    // Innermost first: dropping an inner iter_value can free an outer one.
    for (ForOp forOp : loops)
      dropDeadTokenIterValues(forOp);
    // The blocks again: tokens the dropped iter_values kept alive are gone.
    for (Block *block : blocks)
      processBlock(*block);
    numEdgesAfter += countTokenEdges(getOperation());
  }
};

} // namespace
