//===- Passes.td - cuda_tile transformation passes ---------*- tablegen -*-===//
//
// The passes of cuda-tile-optimize. All but synthesize-debug-info-scopes are
// op-agnostic: they work on every cuda_tile.entry nested in the op they run
// on, so `cuda-tile-opt -fuse-fma` and a pipeline nested on entries both work.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_TRANSFORMS_PASSES_TD
#define CUDA_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseFMAPass : Pass<"fuse-fma"> {
  let summary = "Fuse mulf feeding addf/subf into fma (changes rounding)";
  let description = [{
    Rewrites `addf(mulf(a, b), c)` (either addend order) into
    `fma(a, b, c)` and `subf(mulf(a, b), c)` into `fma(a, b, negf(c))`, as the
    reference pass does, under the greedy driver (constants hoisted to the
    entry start, dead ops erased, no folding). The product is rounded once
    instead of twice, so results may differ in the last bit: the pass is
    opt-in. It fuses only when the multiply and the add use the same rounding
    mode and the same flush_to_zero setting and the multiply has no other use.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numFused", "fused", "Number of fma ops created">,
  ];
}

def LoopSplitPass : Pass<"loop-split"> {
  let summary = "Split a for loop at the point where an if on its induction "
                "variable changes direction";
  let description = [{
    A `for` whose body branches (`if`) on `cmpi <, <=, >, >=` between the
    induction variable and a loop-invariant value, compared with the loop's
    own signedness, is replaced by two loops, the first running the
    iterations on one side of the comparison and the second the rest, each
    with the branch resolved. iter_values flow from the first loop into the
    second. Each loop is split once, as by the reference pass, whose output
    shape it keeps (docs/cuda-tile-optimize.md has the bounds).

    The threshold decides which branches are worth it: 0 never splits, 1
    always splits, N splits when a branch holds at least N ops or any load,
    store, mma, reduce, if or for. A discardable `cuda_tile.loop_split`
    integer attribute on the if, the for or the entry (first found, in that
    order) overrides the option.
  }];
  let options = [
    Option<"splitThreshold", "split-threshold", "int", /*default=*/"1",
           "Minimum number of ops in a branch to split at it (0 disables)">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numSplit", "loops-split", "Number of loops split in two">,
    Statistic<"numBranchesRemoved", "branches-removed",
              "Number of if ops resolved by splitting">,
  ];
}

def SynthesizeDebugInfoScopesPass
    : Pass<"synthesize-debug-info-scopes", "::mlir::cuda_tile::ModuleOp"> {
  let summary = "Give every op of a module a debug info scope";
  let description = [{
    Entries without a `di_subprogram` get one (named after the entry, in the
    file of the entry's location, with a compile unit for the module's file),
    and every op of an entry whose location carries no scope gets a `di_loc`
    in the entry's subprogram, keeping its file:line:col (or the entry's when
    it has none). Ops that already have a scope are left alone.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numSubprograms", "subprograms", "Number of subprograms created">,
    Statistic<"numScoped", "ops-scoped", "Number of ops given a scope">,
  ];
}

def CudaTileLICMPass : Pass<"cuda-tile-licm"> {
  let summary = "Hoist loop-invariant ops out of for and loop, aware of "
                "break and continue";
  let description = [{
    Moves ops whose operands are defined outside a `for` or `loop` in front
    of it, innermost loops first, also out of `if` branches inside the body.
    Speculatable ops (Pure ops but `assume`) move from anywhere. Ops that may
    trap or have effects only move when they are certain to run: at the top
    level of a `loop` body (which runs at least once) before anything that
    may leave the iteration (break, continue, return, an assert, a nested
    loop), or in a `for` whose bounds are constants with at least one
    iteration. Loads move only if they are weak, their token is defined
    outside the loop and nothing in the loop writes memory or has unknown
    effects.
  }];
  let options = [
    Option<"hoistLoads", "hoist-loads", "bool", /*default=*/"true",
           "Hoist weak loads out of loops without writes">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numHoisted", "hoisted", "Number of ops hoisted">,
    Statistic<"numLoadsHoisted", "loads-hoisted", "Number of loads hoisted">,
  ];
}

def PipelineLoadsPass : Pass<"pipeline-loads"> {
  let summary = "Load the next iteration's matmul operand tiles of a for "
                "loop while the current iteration computes";
  let description = [{
    In a `for` loop whose body writes no memory, each weak `load_view_tko`
    at the top level of the body whose tile feeds an `mmaf` or `mmai` (itself
    or through `reshape`), whose
    input token comes from outside the loop, whose result token is unused
    and whose indices are computed from the induction variable and values
    from outside the loop by pure ops, is software-pipelined by one stage:
    the load for the first iteration moves in front of the loop (run when
    the loop runs at all), each iteration loads the tile of the next one at
    the top of its body (when there is a next one) and carries it to it as
    an iter_value. A tile that is not loaded is zero, and never used. Each
    load then has a whole iteration of computation to arrive in.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numLoadsPipelined", "loads-pipelined",
              "Number of loads moved one iteration ahead">,
  ];
}

def EliminateRedundantTokensPass : Pass<"eliminate-redundant-tokens"> {
  let summary = "Drop token edges between memory accesses that cannot conflict";
  let description = [{
    Within each block, every memory op keeps a token dependence only on the
    earlier accesses it may conflict with: accesses where one writes, to the
    same view at tiles that may overlap, or anything it cannot reason about
    (pointer accesses that may alias, atomics, ordered accesses, tokens from
    outside the block). Orderings that later ops rely on transitively are
    kept: a dropped edge is replaced by the edges it implied. Two weak
    accesses of one view do not conflict when some index differs by a
    constant (partition views) or by at least the tile over the traversal
    stride (strided views). join_tokens are rebuilt with the tokens that are
    still needed; one left becomes the token itself, none drops the operand.
  }];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numEdgesBefore", "edges-before", "Token edges before the pass">,
    Statistic<"numEdgesAfter", "edges-after", "Token edges after the pass">,
    Statistic<"numJoinsRemoved", "joins-removed",
              "Number of join_tokens ops removed">,
  ];
}

def SimplifyIntegersPass : Pass<"simplify-integers"> {
  let summary = "Simplify integer arithmetic with facts from assume and ranges";
  let description = [{
    Lifts the integer op DAG behind each integer op into a private
    expression form, hash-consed so that equal subexpressions are shared, and
    simplifies it bottom-up with two memo caches: constant folding,
    identities, reassociation of constants, and facts about value ranges
    (from `assume bounded`, constants, iota, block ids, loop bounds, overflow
    flags) and divisibility (`assume div_by`). Comparisons that always hold
    fold, so the sign-fixing selects of a Python-style modulo or floor
    division disappear when the operands are known non-negative; division and
    remainder of a non-negative value by a power of two become shifts and
    masks. An op is replaced only when the result is cheaper than what it
    makes dead.
  }];
  let options = [
    Option<"recursionLimit", "recursion-limit", "unsigned", /*default=*/"32",
           "Deepest expression nesting the simplifier looks through">,
  ];
  let dependentDialects = ["::mlir::cuda_tile::CudaTileDialect"];
  let statistics = [
    Statistic<"numSimplified", "simplified", "Number of ops replaced">,
    Statistic<"numErased", "erased", "Number of ops erased as dead">,
  ];
}

#endif // CUDA_TILE_TRANSFORMS_PASSES_TD
