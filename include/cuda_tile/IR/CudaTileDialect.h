//===- CudaTileDialect.h - cuda_tile dialect, types and attributes -*- C++ -*-===//
#ifndef CUDA_TILE_IR_CUDATILEDIALECT_H
#define CUDA_TILE_IR_CUDATILEDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OpImplementation.h"

#include "cuda_tile/IR/CudaTileDialect.h.inc"
#include "cuda_tile/IR/CudaTileEnums.h.inc"
#include "cuda_tile/IR/CudaTileAttrInterfaces.h.inc"

namespace mlir::cuda_tile {
/// A debug scope a location or lexical block may sit in: a subprogram or a
/// lexical block. As a parameter type it makes the parser refuse other
/// attributes ("invalid kind of attribute specified"), as the reference does.
class DILocalScopeAttr : public Attribute {
public:
  using Attribute::Attribute;
  static bool classof(Attribute attr);
};
} // namespace mlir::cuda_tile

#define GET_ATTRDEF_CLASSES
#include "cuda_tile/IR/CudaTileAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "cuda_tile/IR/CudaTileTypes.h.inc"

namespace mlir::cuda_tile {

//===----------------------------------------------------------------------===//
// Short type spelling. Inside op syntax cuda_tile types are written without
// the `!cuda_tile.` prefix (`tile<4xf32>`); the long form is accepted too.
//===----------------------------------------------------------------------===//

ParseResult parseCudaTileType(AsmParser &parser, Type &type);
/// Like parseCudaTileType, but returns std::nullopt (consuming nothing) when
/// the next token starts neither a type nor a cuda_tile type mnemonic.
OptionalParseResult parseOptionalCudaTileType(AsmParser &parser, Type &type);
void printCudaTileType(AsmPrinter &printer, Type type);
inline void printCudaTileType(AsmPrinter &printer, Operation *, Type type) {
  printCudaTileType(printer, type);
}
ParseResult parseCudaTileTypeList(AsmParser &parser,
                                  SmallVectorImpl<Type> &types);
void printCudaTileTypeList(AsmPrinter &printer, TypeRange types);
inline void printCudaTileTypeList(AsmPrinter &printer, Operation *,
                                  TypeRange types) {
  printCudaTileTypeList(printer, types);
}

/// True for the scalar types a tile may hold (numbers, including i4).
bool isTileNumberType(Type type);
/// True for the types a pointer or a tensor_view may point at (numbers but
/// i4, and f8E5M3FNU).
bool isValidPointeeType(Type type);
/// True for floating-point element types.
inline bool isTileFloatType(Type type) { return isa<FloatType>(type); }

/// The i1 tile with the shape of the tile `type` (comparison results, masks);
/// null for other types.
Type getI1TileLike(Type type);

/// The element type of a tile type, or `type` itself for scalars.
Type getElementTypeOrSelf(Type type);

/// Comma-separated rendering of a shape, as used in diagnostics.
std::string formatShape(ArrayRef<int64_t> shape, StringRef separator = ", ");

} // namespace mlir::cuda_tile

#endif // CUDA_TILE_IR_CUDATILEDIALECT_H
