//===- Codegen.h - internals of the cuda_tile -> NVVM code generator -------===//
//
// Shared by the files of lib/Conversion/CudaTileToNVVM. The design is
// described in docs/codegen.md; in short:
//
//  * one tile block runs as one CTA of `numThreads` threads;
//  * a tile of N elements (N is a power of two) is either uniform (N == 1:
//    every thread holds the value) or distributed in runs of V consecutive
//    elements: thread t, slot k = c * V + j holds the element of row-major
//    index ((c * numThreads + t) * V + j) mod N, so each thread holds
//    max(1, N / numThreads) slots and, when N < numThreads (then V = 1),
//    threads t >= N hold replicas. Only the owner of an element (the slot
//    with k * numThreads + t < N) performs side effects or publishes it;
//  * elementwise ops work lane by lane on the per-thread vectors;
//  * every other data movement goes through a shared-memory scratch buffer
//    between two CTA barriers, in chunks when the data does not fit.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_LIB_CONVERSION_CUDATILETONVVM_CODEGEN_H
#define CUDA_TILE_LIB_CONVERSION_CUDATILETONVVM_CODEGEN_H

#include "cuda_tile/Analysis/InnerDimFacts.h"
#include "cuda_tile/Analysis/IntegerFacts.h"
#include "cuda_tile/Conversion/Passes.h"
#include "cuda_tile/IR/CudaTileDialect.h"
#include "cuda_tile/IR/CudaTileOps.h"
#include "cuda_tile/Codegen/CodegenDialect.h"
#include "cuda_tile/Layout/ConversionPlan.h"
#include "cuda_tile/Layout/LinearLayout.h"
#include "cuda_tile/Layout/TensorCoreLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>

namespace mlir::cuda_tile::codegen {

//===----------------------------------------------------------------------===//
// Target and layout
//===----------------------------------------------------------------------===//

/// The GPU a kernel is compiled for.
struct Target {
  std::string chip = "sm_80";
  /// 80, 86, 89, 90, 100 or 120.
  unsigned sm = 80;
  /// `sm_90a`: the architecture-specific features of sm_90 (wgmma), in PTX
  /// that runs on sm_90 only.
  bool archSpecific = false;

  /// Parses `sm_XX` (and `sm_90a`); only the architectures the generator
  /// supports.
  static std::optional<Target> parse(StringRef chip);
  static StringRef supportedList() {
    return "sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_120";
  }
  /// The chip without the architecture-specific suffix (optimization hints
  /// are keyed by it).
  std::string familyChip() const { return "sm_" + std::to_string(sm); }
  /// Whether matmuls may use wgmma.mma_async (sm_90a).
  bool hasWgmma() const { return sm == 90 && archSpecific; }
  /// Whether the Tensor Memory Accelerator copies tiles (cp.async.bulk.tensor
  /// with mbarriers; sm_90 and newer).
  bool hasTma() const { return sm >= 90; }
  /// Shared memory one CTA may use, static and dynamic together, once the
  /// launcher opts in (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES).
  int64_t sharedBytesPerCTA() const {
    switch (sm) {
    case 80:
      return 163 * 1024;
    case 90:
    case 100:
      return 227 * 1024;
    default:
      return 99 * 1024;
    }
  }
  /// Shared memory of an SM: a CTA's limit plus the 1 KiB the driver keeps
  /// for each resident CTA.
  int64_t sharedBytesPerSM() const {
    return sharedBytesPerCTA() + kSharedBytesReservedPerCTA;
  }
  static constexpr int64_t kSharedBytesReservedPerCTA = 1024;
  /// Resident threads per SM.
  int64_t threadsPerSM() const {
    return sm == 86 || sm == 89 || sm == 120 ? 1536 : 2048;
  }
  /// CTAs of `threads` threads and `sharedBytes` of shared memory (static
  /// and dynamic) an SM holds at once, by threads and shared memory.
  int64_t ctasPerSM(int64_t threads, int64_t sharedBytes) const {
    int64_t fits = threadsPerSM() / threads;
    if (sharedBytes > 0)
      fits = std::min(fits, sharedBytesPerSM() /
                                (sharedBytes + kSharedBytesReservedPerCTA));
    return fits;
  }
};

/// How TMA (cp.async.bulk.tensor, sm_90+) fills a ring buffer with the
/// tile of a view: the tensor map the host builds for the view's tensor
/// (kernel ABI: listed in the PTX by `description`, passed after the
/// kernel's parameters) and the copies into the buffer.
struct TensorMapPlan {
  /// `base=%A elem=B dims=.. strides=.. box=.. swizzle=S` (dimensions in the
  /// map's order, innermost first; a size or stride is a constant, `%N` for
  /// entry argument N, a product of such (`%5*64`), or `%N.shapeD` /
  /// `%N.strideD` of a tensor_view argument). Equal descriptions share one
  /// map.
  std::string description;
  /// The view tile dimension of each map dimension (the buffer's rows'
  /// first, then its lines', then the others, of extent 1).
  SmallVector<int64_t> tileDimOf;
  /// Elements between the tiles of consecutive indices, per map dimension.
  SmallVector<int64_t> steps;
  int64_t elementBytes = 2;
  /// 0 (none), 32, 64 or 128: the map's swizzle, the buffer's.
  int64_t swizzleBytes = 0;
  /// Copies per buffer (column blocks of up to 128 bytes), the bytes
  /// between them in the buffer, the map dimension 0 elements and the bytes
  /// of one.
  int64_t blocks = 1, blockStride = 0, blockElems = 0, boxBytes = 0;

  /// The plan for copying the `viewTile` at an index of `view` into a
  /// buffer of `ring`, or failure with the reason in `whyNot`: a partition
  /// or strided view, zero padding, one matrix, rows contiguous in memory,
  /// the tensor made from kernel arguments (or one), base and strides
  /// asserted 16-byte aligned, at most 256 rows and 5 dimensions.
  static FailureOr<TensorMapPlan> of(Value view, TileType viewTile,
                                     RingType ring, const Target &target,
                                     IntegerFacts &facts, std::string &whyNot);
};

/// The accumulator fragments of mma.sync as the layout of a tile
/// (#cuda_tile_codegen.mma; the map is LinearLayout::mmaAccumulator).
struct MmaFragments {
  int64_t batch = 1, rows = 0, cols = 0, instRows = 16, instCols = 8;
  /// Warps hold whole rows where they can (MmaWarpGrid::choose).
  bool wholeRows = false;
  int64_t numTiles() const {
    return batch * (rows / instRows) * (cols / instCols);
  }
  /// The warp grid over the output tiles.
  MmaWarpGrid grid(int64_t numWarps) const {
    return MmaWarpGrid::choose(batch, rows / instRows, cols / instCols,
                               numWarps, instRows, instCols, wholeRows);
  }
  /// The layout as a linear map (LinearLayout::mmaAccumulator).
  LinearLayout linearLayout(int64_t numWarps) const {
    return LinearLayout::mmaAccumulator({batch, rows, cols}, numWarps,
                                        instRows, instCols, wholeRows);
  }
  bool operator==(const MmaFragments &o) const {
    return batch == o.batch && rows == o.rows && cols == o.cols &&
           instRows == o.instRows && instCols == o.instCols &&
           wholeRows == o.wholeRows;
  }
  bool operator!=(const MmaFragments &o) const { return !(*this == o); }
};

/// The rows (or columns) of an mma.sync accumulator layout
/// (#cuda_tile_codegen.slice): where a reduction of the accumulator along the
/// other dimension leaves its result, and what a broadcast back reads.
struct MmaSlice {
  MmaFragments parent;
  /// The accumulator dimension dropped: 0 the rows, 1 the columns.
  int64_t dim = 1;
  int64_t numElements() const {
    return parent.batch * (dim == 1 ? parent.rows : parent.cols);
  }
  /// The layout as a linear map (LinearLayout::sliced of the parent's).
  LinearLayout linearLayout(int64_t numWarps) const {
    return LinearLayout::sliced(parent.linearLayout(numWarps), dim + 1);
  }
  bool operator==(const MmaSlice &o) const {
    return parent == o.parent && dim == o.dim;
  }
};

/// How the elements of a tile are spread over the threads of the CTA.
struct Layout {
  int64_t numElements = 1;
  int64_t numThreads = 1;
  /// Consecutive elements a thread holds in consecutive slots (a power of
  /// two dividing slots()); wide enough for 16-byte global accesses.
  int64_t vectorWidth = 1;
  /// Set: the accumulator layout of mma.sync instead of the cyclic one.
  std::optional<MmaFragments> mma;
  /// Set: the rows (columns) of an accumulator layout; `sliceSlots` are the
  /// registers of its map.
  std::optional<MmaSlice> slice;
  int64_t sliceSlots = 0;

  bool isUniform() const { return numElements == 1; }
  /// Elements (vector lanes) each thread holds.
  int64_t slots() const {
    if (slice)
      return sliceSlots;
    return isUniform() ? 1 : std::max<int64_t>(1, numElements / numThreads);
  }
  /// Whether some threads hold copies of elements owned by others.
  bool isReplicated() const {
    return slice || (!isUniform() && numElements < numThreads);
  }
  /// The map of an mma or slice layout from (register, lane, warp) bits to
  /// row-major element index bits (the same for every shape of its element
  /// count).
  LinearLayout fragmentMap() const;
  /// The attribute carrying this layout on the IR (CodegenAttrs.td).
  Attribute toAttr(MLIRContext *ctx) const;
};

/// The layouts of one kernel: the CTA size and the layout of every tile
/// type. Tiles with the same element count share one layout, so elementwise
/// ops never move data and reshapes are free.
class KernelPlan {
public:
  /// The layout analysis. Chooses the CTA size for `entry`: `requestedWarps`
  /// when non-zero, the `num_worker_warps_per_cta` hint for the target when
  /// present, otherwise enough warps to keep at most kTargetSlots slots (4
  /// to 32) and, up to 8 warps, four 16-byte runs of the largest tile per
  /// thread, halved when
  /// a thread would then hold a single run; and the run length of each tile
  /// size. Fails (with a
  /// diagnostic at the offending op) when a tile is too large.
  static FailureOr<KernelPlan> analyze(Operation *entry, const Target &target,
                                       unsigned requestedWarps);

  /// The plan `entry` carries (cuda_tile_codegen.threads and the layouts of
  /// its ops, from -cudatile-assign-layouts or written by hand), checked to
  /// be one plan: layouts for the entry's threads, one per tile size, every
  /// tile result covered, and `requestedWarps` (when non-zero) agreeing.
  /// Without cuda_tile_codegen.threads, the analysis' plan.
  static FailureOr<KernelPlan> forEntry(EntryOp entry, const Target &target,
                                        unsigned requestedWarps);

  int64_t numThreads() const { return threads; }
  /// Whether the kernel's tensor-core matmuls give warps whole rows of
  /// their outputs (MmaWarpGrid::choose): chosen where one matmul's lhs is
  /// another's result, so that it stays in registers.
  bool wholeRowGrids() const { return wholeRows; }
  Layout layoutOf(Type tileType) const;
  Layout layoutOfCount(int64_t numElements) const;

  static constexpr int64_t kTargetSlots = 32;
  static constexpr int64_t kMaxSlots = 1024;
  /// The widest global access a thread makes (ld.global.v4.b32).
  static constexpr int64_t kVectorBytes = 16;

private:
  static FailureOr<KernelPlan> fromAttributes(EntryOp entry,
                                              unsigned requestedWarps);
  /// Fails (at the largest tile outside `dead`) when a tile would give a
  /// thread more than kMaxSlots elements.
  LogicalResult checkSlots(Operation *entry,
                           const llvm::DenseSet<Operation *> &dead) const;

  int64_t threads = 128;
  bool wholeRows = false;
  /// Element count -> vector width: tiles of one size share one layout (so
  /// elementwise ops and reshapes never move data); the width is chosen for
  /// the narrowest element type among them.
  llvm::DenseMap<int64_t, int64_t> vectorWidths;
  /// Element count -> the mma.sync accumulator layout of that size, where
  /// the tensor-core matmuls of the kernel agree on one.
  llvm::DenseMap<int64_t, MmaFragments> mmaLayouts;
  /// Element count -> the slice of an accumulator layout that the kernel's
  /// reductions of accumulators along one dimension agree on.
  llvm::DenseMap<int64_t, MmaSlice> sliceLayouts;
};

//===----------------------------------------------------------------------===//
// Float formats (software conversions)
//===----------------------------------------------------------------------===//

/// A floating-point storage format for the software conversion routines.
struct FloatFormat {
  unsigned expBits = 8;
  unsigned manBits = 23;
  int bias = 127;
  bool hasSign = true;
  bool hasInf = true;
  /// NaN encodings: IEEE (all-ones exponent), only S.1111.111 (FN types),
  /// none (f4E2M1FN), or all-ones byte (E8M0).
  enum class NaNKind { IEEE, AllOnes, None } nan = NaNKind::IEEE;
  /// Whether the exponent field 0 encodes subnormals (false for E8M0).
  bool hasSubnormals = true;
  /// Bit width of the container the bits are produced in.
  unsigned storageBits = 32;
  /// Left shift of the encoded bits inside the container (tf32 keeps its
  /// 19 bits in the top of an f32).
  unsigned storageShift = 0;

  static FloatFormat of(Type floatType);
  unsigned totalBits() const {
    return (hasSign ? 1 : 0) + expBits + manBits;
  }
};

//===----------------------------------------------------------------------===//
// Module-level state
//===----------------------------------------------------------------------===//

/// The name `name` (an entry's or a global's) has in PTX: itself when it is
/// a PTX identifier, else "_$" followed by its bytes, each byte other than a
/// letter, digit or '_' written as '$' and two upper-case hex digits (";"
/// becomes "_$$3B", "9lives" becomes "_$9lives"). The mapping is one to one;
/// a mangled name that equals another symbol is an error where symbols are
/// created.
std::string ptxSymbolName(StringRef name);

/// What the kernels of one output module share: declarations, constant
/// tables and string literals.
class ModuleState {
public:
  ModuleState(mlir::ModuleOp out, const Target &target);

  mlir::ModuleOp getModule() { return out; }
  const Target &getTarget() const { return target; }

  /// `name` declared with `type` (created at the end of the module once).
  LLVM::LLVMFuncOp getOrDeclareFunction(StringRef name,
                                        LLVM::LLVMFunctionType type);
  /// A private constant global holding `text` NUL-terminated (addrspace 1).
  LLVM::GlobalOp getStringLiteral(StringRef text);
  /// A private constant global holding `data` (addrspace 1).
  LLVM::GlobalOp createConstantTable(Type arrayType, Attribute data,
                                     unsigned alignment);
  /// The module's dynamic shared memory (`.extern .shared`, 128-byte
  /// aligned): every kernel's rings of operand buffers start there.
  LLVM::GlobalOp getDynamicShared();
  /// A fresh symbol name starting with `prefix`.
  std::string uniqueName(StringRef prefix);
  /// A global in the output module with `alignment`, `addrSpace`.
  LLVM::GlobalOp createGlobal(Location loc, StringRef name, Type type,
                              bool isConstant, LLVM::Linkage linkage,
                              Attribute value, uint64_t alignment,
                              unsigned addrSpace);

private:
  mlir::ModuleOp out;
  Target target;
  llvm::StringMap<LLVM::GlobalOp> strings;
  llvm::StringMap<unsigned> nameCounters;
  LLVM::GlobalOp dynamicShared;
};

//===----------------------------------------------------------------------===//
// Lowered values
//===----------------------------------------------------------------------===//

/// A view (tensor_view, partition_view, strided_view or gather_scatter_view)
/// as uniform address arithmetic inputs.
struct ViewValue {
  Type type;
  TensorViewType tensorView;
  Type elementType;
  /// i64 values: base address, sizes and strides (in elements) of the
  /// tensor view.
  Value base;
  SmallVector<Value> sizes;
  SmallVector<Value> strides;
  /// What is known at compile time, for vectorized accesses: low zero bits
  /// of the base address (bytes), of each size and stride (elements); the
  /// static strides; whether the base points into global memory.
  unsigned baseZeros = 0;
  SmallVector<unsigned> sizeZeros;
  SmallVector<unsigned> strideZeros;
  SmallVector<std::optional<int64_t>> staticStrides;
  bool global = false;

  /// Sets the facts of the sizes and strides: static ones from the tensor
  /// view type, dynamic ones (in order) from the arguments.
  void setShapeFacts(ArrayRef<unsigned> dynamicSizeZeros,
                     ArrayRef<unsigned> dynamicStrideZeros);
};

//===----------------------------------------------------------------------===//
// The kernel emitter
//===----------------------------------------------------------------------===//

class KernelEmitter {
public:
  KernelEmitter(EntryOp entry, ModuleState &module, const KernelPlan &plan);
  /// Emits the LLVM function for the kernel.
  LogicalResult run();
  /// Returns from the kernel (after its copies into rings have landed).
  void emitReturn();

  //===--------------------------------------------------------------------===//
  // Types and constants
  //===--------------------------------------------------------------------===//

  MLIRContext *ctx() { return entry.getContext(); }
  const Target &target() const { return module.getTarget(); }
  int64_t numThreads() const { return plan.numThreads(); }
  bool wholeRowGrids() const { return plan.wholeRowGrids(); }

  /// The register type of one element of cuda_tile element type `type`.
  Type scalarType(Type elementType);
  /// Scalar (uniform) or vector<slots x scalar> for a tile type.
  Type loweredType(TileType type);
  Layout layoutOf(Type tileType) const { return plan.layoutOf(tileType); }
  /// The layout of `type` as a map from (register, lane, warp) bits to
  /// element bits.
  LinearLayout linearLayoutOf(TileType type) const;
  /// Bytes one element occupies in memory and in shared memory.
  static unsigned storageBytes(Type elementType);
  /// Bits one element occupies in memory (tf32: 32, i1: 1, f4: 4).
  static unsigned storageBits(Type elementType);
  /// The type elements are stored as in memory (i1 -> i8).
  Type storageType(Type elementType);

  Value cI32(int64_t value);
  Value cI64(int64_t value);
  Value cInt(Type type, int64_t value);
  Value cBool(bool value);
  /// A constant of scalar or vector type `type` with every lane `value`.
  Value cIntLike(Type type, int64_t value);
  Value cIntLike(Type type, const APInt &value);
  Value cFloatLike(Type type, double value);
  Value splat(Value scalar, Type vectorOrScalarType);

  //===--------------------------------------------------------------------===//
  // Lanes and indices
  //===--------------------------------------------------------------------===//

  /// Lane `k` of a lowered tile value (the value itself when scalar).
  Value lane(Value value, int64_t k);
  SmallVector<Value> lanes(Value value);
  /// Rebuilds a lowered value of `type` (scalar or vector) from its lanes.
  Value fromLanes(ArrayRef<Value> lanes, Type type);
  /// Applies `fn` to each lane of `operands` (all of the same layout) and
  /// builds a value of type `resultType`.
  Value mapLanes(ValueRange operands, Type resultType,
                 function_ref<Value(ValueRange)> fn);
  /// The row-major element index (i32) slot `k` holds under `layout`.
  Value elementIndex(const Layout &layout, int64_t k);
  /// Whether this thread owns slot `k` (i1).
  Value ownsSlot(const Layout &layout, int64_t k);
  /// Coordinates (i32) of linear index `linear` in `shape`.
  SmallVector<Value> delinearize(Value linear, ArrayRef<int64_t> shape);
  Value linearize(ArrayRef<Value> coords, ArrayRef<int64_t> shape);
  Value threadId() { return tid; }
  Value isThread0();

  //===--------------------------------------------------------------------===//
  // Structured helpers
  //===--------------------------------------------------------------------===//

  SmallVector<Value> buildIf(Value cond, TypeRange types,
                             function_ref<SmallVector<Value>()> thenFn,
                             function_ref<SmallVector<Value>()> elseFn);
  void buildIfThen(Value cond, function_ref<void()> thenFn);
  SmallVector<Value>
  buildFor(Value lb, Value ub, Value step, ValueRange inits,
           function_ref<SmallVector<Value>(Value, ValueRange)> body);

  //===--------------------------------------------------------------------===//
  // Shared memory
  //===--------------------------------------------------------------------===//

  /// Capacity of the scratch buffer used to plan chunked exchanges, at most.
  static constexpr int64_t kScratchBytes = 32 * 1024;
  /// Static shared memory a CTA may use (more must be dynamic).
  static constexpr int64_t kSharedBytes = 48 * 1024;
  /// Alignment of a ring of operand buffers: the period of the 128-byte
  /// swizzle, so that wgmma's descriptors see the swizzle the copies wrote.
  static constexpr int64_t kRingAlignment = 1024;
  /// The alignment of every buffer of a ring (its slots follow each other).
  static int64_t ringSlotAlignment(RingType ring) {
    int64_t slot = ring.getSlotBytes();
    return std::min<int64_t>(kRingAlignment, slot & -slot);
  }
  /// The alignment of byte `regionOffset` of the scratch buffer.
  static int64_t scratchAlignment(int64_t regionOffset) {
    return regionOffset ? std::min<int64_t>(kScratchAlignment,
                                            regionOffset & -regionOffset)
                        : kScratchAlignment;
  }
  static constexpr int64_t kScratchAlignment = 16;
  /// This kernel's scratch capacity: kScratchBytes, less where its rings
  /// need the room.
  int64_t scratchCapacity() const { return scratchLimit; }
  /// Dynamic shared memory the kernel's rings of operand buffers take so
  /// far (each ring starts kRingAlignment-aligned).
  int64_t ringBytes = 0;
  /// The stages' mbarriers lie after all the rings (from mbarrierBase, the
  /// rings' planned bytes), so that no ring is realigned after them.
  int64_t mbarrierBase = 0, mbarrierBytes = 0;
  /// The kernel's dynamic shared memory: its rings and mbarriers.
  int64_t dynamicSharedBytes() const {
    return mbarrierBytes ? mbarrierBase + mbarrierBytes : ringBytes;
  }
  /// The TMA copies of the kernel (async_loads with barriers that a tensor
  /// map describes): their plans and map numbers.
  struct TmaCopy {
    TensorMapPlan plan;
    unsigned map = 0;
  };
  llvm::DenseMap<Operation *, TmaCopy> tmaCopies;
  /// The view stores TMA makes (tmaStore), out of the idle rings' memory.
  llvm::DenseMap<Operation *, TmaCopy> tmaStores;
  /// The kernel's tensor maps (descriptions) and their generic addresses
  /// (i64, the kernel parameters').
  SmallVector<std::string> tensorMaps;
  SmallVector<Value> tensorMapAddresses;
  /// Whether some copy into a ring writes through the generic proxy
  /// (cp.async, element stores), which wgmma's reads must be fenced from.
  bool ringsWrittenGenerically = false;
  /// Plans the TMA copies (before the parameters are made).
  void planTmaCopies();
  /// The tensor map plan of a view store TMA can make, or failure with why
  /// not (tmaStore).
  FailureOr<TensorMapPlan> planTmaStore(StoreViewTkoOp op,
                                        std::string &whyNot);
  /// `.minnctapersm` from the target's occupancy hint, lowered to the CTAs
  /// that `sharedBytes` and the CTA's threads let share an SM (a remark
  /// says so); without a hint, 1 where only one fits.
  void applyOccupancyHint(LLVM::LLVMFuncOp func, int64_t sharedBytes);
  /// The entry's occupancy hint for the target (CTAs per SM), 0 without.
  int64_t occupancyHint();
  /// The occupancy hint, lowered to the CTAs that the shared memory planned
  /// so far (rings and scratch) lets share an SM.
  int64_t reachableOccupancy();
  /// OperandSwizzle::byteOffset (i32) of byte `byteInRow` of `row`.
  Value swizzledOffset(const OperandSwizzle &swizzle, Value row,
                       Value byteInRow);
  /// Writes the owned elements of tile `value` of `type` into the swizzled
  /// rows at `base` (a shared-memory pointer), one store per run of
  /// consecutive elements along the last dimension (up to 16 bytes):
  /// `place(coordinates)` gives (keep?, row, column) of a run's first
  /// element, the run continuing along the row.
  void stageSwizzled(
      Value value, TileType type, Value base, const OperandSwizzle &swizzle,
      function_ref<std::tuple<Value, Value, Value>(ArrayRef<Value>)> place);
  void barrier();
  /// Pointer (addrspace 3) to element `index` (i32) of the array of `type`
  /// starting at byte `regionOffset` of the scratch buffer.
  Value scratchPointer(int64_t regionOffset, Type storedType, Value index);
  /// The 32-bit shared-window address (i32) of byte `regionOffset` of the
  /// scratch buffer, for inline PTX.
  Value scratchAddress32(int64_t regionOffset);
  void scratchStore(int64_t regionOffset, Type elementType, Value index,
                    Value value);
  Value scratchLoad(int64_t regionOffset, Type elementType, Value index);
  /// Records that `bytes` of scratch are used.
  void reserveScratch(int64_t bytes) {
    scratchBytes = std::max(scratchBytes, bytes);
  }
  /// Writes the owned elements of tile `value` of `type` to the scratch
  /// array at `regionOffset`; `place(e)` gives (keep?, position) for element
  /// e. Uniform values are written by thread 0.
  void stage(Value value, TileType type, int64_t regionOffset,
             function_ref<std::pair<Value, Value>(Value)> place);
  /// The destination registers of a shared-memory ConversionPlan, from the
  /// source registers `sources` (scalars of `elementType`'s storage): a
  /// barrier, every thread stores its registers into the scratch buffer
  /// (or `buffer`, a shared-memory pointer), a barrier, every thread loads.
  /// `stores` and `loads` are the plan's offset tables in XOR-linear form
  /// (xorOffsetsOf), so that each address is a thread part computed once
  /// and a constant per register.
  SmallVector<Value> exchangeByPlan(const ConversionPlan &plan,
                                    const XorOffsets &stores,
                                    const XorOffsets &loads,
                                    ArrayRef<Value> sources, Type elementType,
                                    Value buffer = Value());
  /// Whether the memory of the kernel's rings is idle from `op` on: no ring
  /// is copied into or read after it, nor in a loop around it.
  bool ringsIdleFrom(Operation *op);
  /// The largest scratch buffer (bytes) that does not lower the number of
  /// CTAs the kernel's shared memory and threads let an SM hold.
  int64_t scratchBytesKeepingOccupancy() const;
  /// One source of a gather.
  struct GatherSource {
    Value value;
    TileType type;
  };
  /// A tile of `resultShape` and element type of the sources whose element
  /// e is element `pick(e).second` of source `pick(e).first` (an i32 source
  /// number, or null with a single source). Chunked when needed.
  Value gather(ArrayRef<GatherSource> sources, ArrayRef<int64_t> resultShape,
               function_ref<std::pair<Value, Value>(Value)> pick);
  /// Per-slot form of `gather`: value i is element `indices[i]` of source
  /// `selects[i]` (null with a single source).
  SmallVector<Value> gatherIndices(ArrayRef<GatherSource> sources,
                                   ArrayRef<Value> selects,
                                   ArrayRef<Value> indices);
  /// A tile of `type` from per-thread scalars placed at row-major positions
  /// (each element written by exactly one (thread, value); `valid` entries
  /// may be null).
  Value scatterToTile(ArrayRef<Value> scalars, ArrayRef<Value> positions,
                      ArrayRef<Value> valid, TileType type);
  /// Makes `value` (computed by thread 0) known to all threads.
  Value broadcastFromThread0(Value value, Type elementType);
  /// `value` (a scalar) from another lane of the warp: lane `lane` (idx) or
  /// `lane ^ lane-operand` (bfly). shfl.sync moves 32 bits, so narrower
  /// values travel zero-extended and 64-bit ones in two halves. Every lane
  /// of the warp must execute it.
  Value shuffle(Value value, Value lane, NVVM::ShflKind kind);

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//

  Value get(Value tile);
  void set(Value tile, Value lowered) { values[tile] = lowered; }
  ViewValue *getView(Value view);
  void setView(Value view, std::unique_ptr<ViewValue> lowered);
  Operation *currentOp() { return current; }
  InFlightDiagnostic emitError(const Twine &message);

  //===--------------------------------------------------------------------===//
  // Libraries
  //===--------------------------------------------------------------------===//

  /// Calls `name(args)` returning `result` (declared on first use).
  Value callFunction(StringRef name, Type result, ValueRange args);
  /// Calls an LLVM intrinsic.
  Value callIntrinsic(StringRef name, Type result, ValueRange args);
  /// Inline PTX with side effects.
  Value inlinePtx(StringRef text, StringRef constraints, Type result,
                  ValueRange args, bool sideEffects = true);

  //===--------------------------------------------------------------------===//
  // Numerics (EmitArith.cpp)
  //===--------------------------------------------------------------------===//

  /// Decodes a scalar/vector of elements of `from` (lowered form) to f32
  /// (exactly; for f64 sources use f64).
  Value toF32(Value value, Type from);
  /// e4m3 / e5m2 (lowered as i8) to f16, two lanes an instruction
  /// (`cvt.rn.f16x2.{e4m3,e5m2}x2`, sm_89+; exact).
  Value fp8ToF16(Value value, Type from);
  /// Converts a float value (f32 or f64 lowered) to format `to`, rounding
  /// with `mode`, in software.
  Value softRound(Value value, Type to, RoundingMode mode);
  /// Converts an integer value to float format `to` with round-to-nearest.
  Value softIntToFloat(Value value, bool isSigned, Type to);
  /// Converts between any two float element types.
  Value convertFloat(Value value, Type from, Type to, RoundingMode mode);
  /// Flushes f32 subnormals to signed zero.
  Value flushSubnormals(Value value);
  /// The float max (min) instruction: maximumNumber (maximum with
  /// `propagateNaN`), returning either zero of a +0 / -0 tie.
  Value bareMinMax(bool isMax, Value x, Value y, bool propagateNaN);

  ModuleState &module;

private:
  LogicalResult emitBlock(Block &block, bool isLoopBody = false);
  /// Frees the global allocations of the innermost `count` block scopes.
  void freeScopes(size_t count);
  LogicalResult emitOperation(Operation *op);
  LogicalResult emitTerminator(Operation *op);
  LogicalResult emitIf(IfOp op);
  LogicalResult emitFor(ForOp op);
  LogicalResult emitLoop(LoopOp op);
  void lowerEntryArguments(LLVM::LLVMFuncOp func);
  void finalizeScratch();

  // Families (other files); std::nullopt when `op` is not of the family.
  std::optional<LogicalResult> emitArith(Operation *op);
  std::optional<LogicalResult> emitShape(Operation *op);
  std::optional<LogicalResult> emitMemory(Operation *op);

public:
  /// Emits the ops of a combiner region on scalar arguments.
  FailureOr<SmallVector<Value>> emitCombiner(Region &region,
                                             ArrayRef<Value> args);
  /// Lower reduce as a tree (register folds, warp shuffles, one exchange
  /// through shared memory) instead of one thread per row in index order.
  bool treeReductions = false;
  /// Accumulator-layout tiles are stored in 16-byte runs through shared
  /// memory where that costs no occupancy (the store-runs option).
  bool storeRuns = true;
  /// A kernel's last accumulator-layout tile is stored by TMA where a
  /// tensor map describes its view (the tma-store option).
  bool tmaStore = false;
  /// Which optimization remarks to report (--remarks).
  bool remarksPassed = false;
  bool remarksMissed = false;
  /// Reports at `op` an optimization applied (`passed`) or not applied, with
  /// why, when such remarks were asked for.
  void remark(Operation *op, bool passed, const Twine &message) {
    // At the op's location, without the op printed after it.
    if (passed ? remarksPassed : remarksMissed)
      mlir::emitRemark(op->getLoc())
          << (passed ? "passed: " : "missed: ") << message;
  }
  /// True while emitting a combiner body, which runs on one thread at a time.
  bool inCombiner = false;
  /// Set when a combiner op asked for a barrier or shared scratch memory,
  /// which one thread cannot use while the CTA waits elsewhere.
  bool combinerNeedsCTA = false;

  /// Token bookkeeping: whether consuming `token` needs a CTA barrier.
  bool tokenPending(Value token);
  void setToken(Value token, bool pending) { tokens[token] = pending; }
  /// Emits the barrier an optional input token asks for.
  void syncOnToken(Value token) {
    if (token && tokenPending(token))
      barrier();
  }

  EntryOp entry;
  const KernelPlan &plan;
  OpBuilder b;
  Location loc;
  /// Known low zero bits and ranges of the kernel's integer tiles.
  IntegerFacts facts;
  /// Runs along the innermost dimension of pointer, integer and mask tiles.
  InnerDimFacts innerDims{facts};

private:
  Operation *current = nullptr;
  LLVM::LLVMFuncOp func;
  Value tid;
  DenseMap<Value, Value> values;
  DenseMap<Value, std::unique_ptr<ViewValue>> views;
  DenseMap<Value, bool> tokens;
  std::string scratchName;
  int64_t scratchBytes = 0;
  int64_t scratchLimit = kScratchBytes;
  /// Shared memory the entry's alloc_ring ops ask for.
  int64_t plannedRingBytes = 0;
  /// Whether a matmul of the kernel reads rings with wgmma (asynchronous
  /// proxy): the waits for ring copies then fence them for it.
  bool readsRingsAsynchronously = false;
  /// The registers a thread needs for the kernel's largest wgmma
  /// (wgmmaRegistersNeeded); 0 without wgmma.
  int64_t wgmmaRegisters = 0;
  /// The registers a thread holds of the accumulators of the matmuls of one
  /// block, the most over the blocks.
  int64_t accumulatorRegisters = 0;
  /// The most CTAs per SM that leave a thread wgmmaRegisters and
  /// accumulatorRegisters.
  int64_t ctasByRegisters();
  bool scratchUsed = false;
  SmallVector<Operation *> scratchUses;

  /// Control-flow context of cuda_tile regions.
  struct LoopContext {
    Block *continueTarget;
    Block *breakTarget;
  };
  SmallVector<LoopContext> loops;
  SmallVector<Block *> ifMerges;

  /// Block scopes of the cuda_tile body being emitted, with the global
  /// allocations to free when control leaves them.
  struct Scope {
    bool isLoopBody = false;
    SmallVector<Value> allocations;
  };
  SmallVector<Scope> scopes;

public:
  /// Shared-memory globals for `alloca`s: bytes in use.
  int64_t allocaBytes = 0;
  /// Registers memory to free (by thread 0) when the current block ends.
  void freeAtScopeEnd(Value pointer) {
    scopes.back().allocations.push_back(pointer);
  }
  /// A location the LLVM translation accepts (cuda_tile debug locations
  /// become their file:line:col).
  static Location plainLocation(Location loc);
};

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Number of elements of a tile type.
int64_t numElementsOf(TileType type);
/// Element type of a tile type.
inline Type elementTypeOf(Value value) {
  return cast<TileType>(value.getType()).getElementType();
}
/// log2 of a power of two.
unsigned log2Exact(int64_t value);
/// The PTX scope suffix (`cta`, `gpu`, `sys`) and LLVM sync scope.
StringRef ptxScope(MemoryScope scope);
StringRef llvmSyncScope(MemoryScope scope);

/// Emits an mmaf / mmai with mma.sync when its types and shapes fit an
/// instruction; false when they do not (nothing was emitted then).
/// The accumulator fragments `op` (mmaf, mmai) keeps when the tensor-core
/// path lowers it on a CTA of `threads` threads and every warp has the same
/// number of output tiles; nothing otherwise.
std::optional<MmaFragments> tensorCoreFragments(Operation *op,
                                                int64_t threads,
                                                const Target &target,
                                                bool wholeRows);
FailureOr<bool> emitTensorCoreMatmul(KernelEmitter &em, Operation *op,
                                     Value lhs, Value rhs, Value acc);
/// Why matmul `op` (mmaf, mmai) cannot be wgmma.mma_async on `target` with
/// `numWarps` warps holding whole rows (`wholeRows`) or not; empty when it
/// can: sm_90a, 16-bit operands, B read from a ring and A from a ring (not
/// transposed) or, `lhsInRegisters`, from the registers of the matmul that
/// computed it, no batch, one warp per 16 rows (warpgroups of 64 rows).
std::string wgmmaObstacle(Operation *op, const Target &target,
                          int64_t numWarps, bool wholeRows,
                          bool lhsInRegisters = false);
/// The registers ptxas may give a thread of `ctas` CTAs of `threads`
/// threads sharing an SM's 64K (at most 255, in multiples of 8).
int64_t registerCapOf(int64_t threads, int64_t ctas);
/// Registers ptxas needs beside a wgmma's accumulator (154 at m64n256 f32).
constexpr int64_t kWgmmaRegisterMargin = 32;
/// The registers a thread needs for matmul `op` (mmaf, mmai) where it is
/// wgmma.mma_async: its accumulator and kWgmmaRegisterMargin.
int64_t wgmmaRegistersNeeded(Operation *op, const Target &target);
/// The PTX name of an fp8 format the tensor cores take (mma.sync on sm_89+,
/// wgmma on sm_90a): "e4m3", "e5m2", or "".
StringRef fp8Name(Type t);
/// Lowers mma_wait: wgmma.wait_group 0 with the tile's registers tied
/// through it on sm_90a (f32 tiles), the tile itself elsewhere.
LogicalResult emitMmaWait(KernelEmitter &em, MmaWaitOp op);
/// The part of wgmmaObstacle that the matmul's types and shapes decide,
/// given where its operands will be: A in a ring (else in registers), B in
/// a ring of rows of K (`bRowsOfK`) or of N.
std::string wgmmaShapeObstacle(Operation *op, const Target &target,
                               bool lhsInRing, bool bRowsOfK);
/// Whether `op` is a matmul a kernel for `target` could run with wgmma
/// given enough warps over whole rows (its operands come from rings).
bool wantsWgmma(Operation *op, const Target &target);
/// Shared-memory addresses `base + offset` whose offsets (i32) are
/// functions of the thread id alone, as few registers plus immediates: each
/// offset is evaluated for every thread of the CTA at compile time and
/// matched against the registers made before it in the same block, as one
/// of them plus a constant, or one XORed with a constant below the base's
/// alignment (a swizzled chunk of another column) plus a constant. For the
/// inline PTX that takes `[register+immediate]` (ldmatrix, cp.async), where
/// LLVM cannot fold offsets itself and would keep one hoisted register per
/// address. An offset that depends on anything else gets a register of its
/// own.
class SharedAddresses {
public:
  /// `baseAlignment`: a power of two that divides `base` (i32) at run time.
  SharedAddresses(KernelEmitter &em, Value base, int64_t baseAlignment)
      : em(em), base(base), baseAlignment(baseAlignment) {}
  struct Address {
    Value reg;
    int64_t immediate = 0;
    /// `[$operand]` or `[$operand+immediate]` for an inline PTX operand.
    std::string operand(unsigned index) const;
  };
  Address at(Value offset);

private:
  using Table = SmallVector<uint32_t, 0>;
  /// The value of `v` in each thread, or null where it depends on anything
  /// but the thread id and constants.
  const Table *tableOf(Value v, unsigned depth = 0);

  KernelEmitter &em;
  Value base;
  int64_t baseAlignment;
  /// Null where unknown (heap-held: pointers to them outlive insertions).
  DenseMap<Value, std::unique_ptr<Table>> tables;
  struct Register {
    Table offsets;
    Value address;
    Block *block;
  };
  SmallVector<Register> registers;
};

/// The warps a tile block should run for `op` when it is a 2-D matmul of
/// 16-bit, tf32 or 8-bit operands that mma.sync reads from rings (a
/// pipelined GEMM): one per 64x64 of the output (64x32 for tf32), at least 4;
/// 0 for any other op.
int64_t ringMmaSyncWarps(Operation *op, const Target &target);
/// The warps of such a GEMM whose 2-D accumulator is `acc` and whose
/// operands take `operandBytes` bytes a value.
int64_t gemmMmaSyncWarps(TileType acc, int64_t operandBytes);
/// Registers a thread of such a GEMM takes beside its accumulator: two k16
/// steps of fragments and the addresses (the 128x128x32 and 128x256x32 f16
/// GEMMs of bench/gpu: 128 of accumulator, 231-248 in all).
constexpr int64_t kMmaSyncRegisterMargin = 64;

/// The dimension of a tile of `shape` that a run of `length` elements walks
/// when consecutive elements are `stride` apart in the row-major index of a
/// reshape of it (the dimension of that extent with `stride` elements
/// inside it), or -1. A ring row in the tile a view loads: a matmul
/// operand's row (stride 1) or column (stride = its row length).
int64_t walkingDimension(ArrayRef<int64_t> shape, int64_t length,
                         int64_t stride);

/// The tensor_view a view type is built on (null for other types).
TensorViewType tensorViewOf(Type type);

/// The 8- and 4-bit float formats, which the code generator keeps as their
/// bit patterns in i8 (converted in software).
bool isNarrowFloat(Type elementType);

/// The ops of `root` that eraseDeadOps removes: pure ops whose results only
/// dead ops use (the outermost ones; their nested ops go with them).
llvm::DenseSet<Operation *> findDeadOps(Operation *root);

/// Erases dead pure ops in `entry` (so dead oversized tiles do not count).
void eraseDeadOps(Operation *entry);

} // namespace mlir::cuda_tile::codegen

#endif // CUDA_TILE_LIB_CONVERSION_CUDATILETONVVM_CODEGEN_H
