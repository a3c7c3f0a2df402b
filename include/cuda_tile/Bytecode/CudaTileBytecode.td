//===- CudaTileBytecode.td - inputs of the bytecode generator -*- tablegen -*-===//
//
// Everything cuda-tile-tblgen reads to build the bytecode tables: the whole op
// roster (opcodes and versions live on the ops themselves, see
// CudaTileDialect.td), the dialect types (tags on CudaTile_Type) and, here, the
// frozen tags of the builtin scalar types a cuda_tile program may use.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_TILE_BYTECODE_CUDATILEBYTECODE_TD
#define CUDA_TILE_BYTECODE_CUDATILEBYTECODE_TD

include "cuda_tile/IR/CudaTileOps.td"

// A builtin scalar type with its bytecode type tag. `diagName` is how writer
// diagnostics name the type ("type 'Int4' requires bytecode version 13.3+").
class CudaTileBC_ScalarType<TypeConstraint scalar, int bytecodeTag,
                            string diagName, string version = "13.1">
    : CudaTileVersioned<version> {
  TypeConstraint type = scalar;
  int tag = bytecodeTag;
  string name = diagName;
}

def CudaTileBC_I1 : CudaTileBC_ScalarType<CudaTile_I1, 0, "Int1">;
def CudaTileBC_I8 : CudaTileBC_ScalarType<CudaTile_I8, 1, "Int8">;
def CudaTileBC_I16 : CudaTileBC_ScalarType<CudaTile_I16, 2, "Int16">;
def CudaTileBC_I32 : CudaTileBC_ScalarType<CudaTile_I32, 3, "Int32">;
def CudaTileBC_I64 : CudaTileBC_ScalarType<CudaTile_I64, 4, "Int64">;
def CudaTileBC_F16 : CudaTileBC_ScalarType<CudaTile_F16, 5, "Float16">;
def CudaTileBC_BF16 : CudaTileBC_ScalarType<CudaTile_BF16, 6, "BFloat16">;
def CudaTileBC_F32 : CudaTileBC_ScalarType<CudaTile_F32, 7, "Float32">;
def CudaTileBC_TF32 : CudaTileBC_ScalarType<CudaTile_TF32, 8, "FloatTF32">;
def CudaTileBC_F64 : CudaTileBC_ScalarType<CudaTile_F64, 9, "Float64">;
def CudaTileBC_F8E4M3FN : CudaTileBC_ScalarType<CudaTile_F8E4M3FN, 10, "Float8E4M3FN">;
def CudaTileBC_F8E5M2 : CudaTileBC_ScalarType<CudaTile_F8E5M2, 11, "Float8E5M2">;
def CudaTileBC_F8E8M0FNU
    : CudaTileBC_ScalarType<CudaTile_F8E8M0FNU, 18, "Float8E8M0FNU", "13.2">;
def CudaTileBC_F4E2M1FN
    : CudaTileBC_ScalarType<CudaTile_F4E2M1FN, 19, "Float4E2M1FN", "13.3">;
def CudaTileBC_I4 : CudaTileBC_ScalarType<CudaTile_I4, 22, "Int4", "13.3">;

// A builtin non-scalar type with its bytecode type tag.
class CudaTileBC_BuiltinType<string typeName, int bytecodeTag,
                             string version = "13.1">
    : CudaTileVersioned<version> {
  string name = typeName;
  int tag = bytecodeTag;
}

// Function signatures of entries.
def CudaTileBC_FunctionType : CudaTileBC_BuiltinType<"Function", 16>;

#endif // CUDA_TILE_BYTECODE_CUDATILEBYTECODE_TD
