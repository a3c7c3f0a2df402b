// The C API (include/cuda_tile-c/CudaTile.h) from a C program: a context
// with the dialect, the dialect handle, parsing and printing, optimizing,
// writing bytecode at a chosen version and reading it back, compiling to PTX,
// and failing cleanly on bad input. Only the header's functions and MLIR's
// inline helpers are used: the library does not need MLIR's C API.
// RUN: cuda-tile-capi-test 2>&1 | FileCheck %s

#include "cuda_tile-c/CudaTile.h"

#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

typedef struct {
  char *data;
  size_t size;
} Buffer;

static void appendToBuffer(MlirStringRef text, void *userData) {
  Buffer *buffer = (Buffer *)userData;
  buffer->data = realloc(buffer->data, buffer->size + text.length + 1);
  memcpy(buffer->data + buffer->size, text.data, text.length);
  buffer->size += text.length;
  buffer->data[buffer->size] = '\0';
}

static const char *kernel =
    "cuda_tile.module @capi {\n"
    "  entry @five() {\n"
    "    %a = constant <i32: 2> : tile<i32>\n"
    "    %b = constant <i32: 3> : tile<i32>\n"
    "    %c = addi %a, %b : tile<i32>\n"
    "    print_tko \"%d\\n\", %c : tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

static MlirStringRef str(const char *text) {
  return mlirStringRefCreate(text, strlen(text));
}

int main(void) {
  MlirContext context = cudaTileContextCreate();
  // CHECK-LABEL: dialect handle: 1
  MlirDialectHandle handle = mlirGetDialectHandle__cuda_tile__();
  printf("dialect handle: %d\n", handle.ptr != NULL);

  // CHECK: versions: 13.1 13.2 13.3
  printf("versions:");
  for (intptr_t i = 0; i < cudaTileGetNumBytecodeVersions(); ++i) {
    printf(" ");
    cudaTileGetBytecodeVersion(i, printToStdout, NULL);
  }
  printf("\n");

  // A builtin module around the cuda_tile.module, as the tools parse text.
  MlirOperation module = cudaTileParseModule(context, str(kernel), str("capi.mlir"));
  if (mlirOperationIsNull(module))
    return 1;
  // CHECK-LABEL: parsed:
  // CHECK: %{{.*}} = addi %{{.*}}, %{{.*}} : tile<i32>
  printf("parsed:\n");
  cudaTileOperationPrint(module, printToStdout, NULL);
  printf("\n");

  // -O3 folds the addition.
  // CHECK-LABEL: optimized:
  // CHECK-NOT: addi
  // CHECK: constant <i32: 5> : tile<i32>
  if (mlirLogicalResultIsFailure(cudaTileOptimize(module, 3)))
    return 1;
  printf("optimized:\n");
  cudaTileOperationPrint(module, printToStdout, NULL);
  printf("\n");

  // CHECK-LABEL: bytecode: magic 1, 13.1 header 1
  Buffer bytes = {NULL, 0};
  if (mlirLogicalResultIsFailure(cudaTileWriteBytecode(
          module, str("13.1"), appendToBuffer,
          &bytes)))
    return 1;
  MlirStringRef written = mlirStringRefCreate(bytes.data, bytes.size);
  printf("bytecode: magic %d, 13.1 header %d\n", cudaTileIsBytecode(written),
         bytes.size > 10 && bytes.data[8] == 13 && bytes.data[9] == 1);
  // CHECK-LABEL: read back:
  // CHECK: entry @five()
  MlirOperation reread = cudaTileReadBytecode(context, written);
  if (mlirOperationIsNull(reread))
    return 1;
  printf("read back:\n");
  cudaTileOperationPrint(reread, printToStdout, NULL);
  printf("\n");

  // CHECK-LABEL: ptx:
  // CHECK: .target sm_90
  // CHECK: .visible .entry five()
  Buffer ptx = {NULL, 0};
  if (mlirLogicalResultIsFailure(cudaTileCompileToPTX(
          module, str("sm_90"), appendToBuffer,
          &ptx)))
    return 1;
  printf("ptx:\n%s\n", ptx.data);

  // The module is unchanged by compiling a copy of it.
  // CHECK-LABEL: still cuda_tile:
  // CHECK: cuda_tile.module @capi
  printf("still cuda_tile:\n");
  cudaTileOperationPrint(module, printToStdout, NULL);
  printf("\n");

  // CHECK-LABEL: bad version:
  // CHECK: error: unsupported version requested 12.9
  // CHECK: failed 1, nothing written 1
  printf("bad version:\n");
  fflush(stdout);
  Buffer none = {NULL, 0};
  MlirLogicalResult bad = cudaTileWriteBytecode(
      module, str("12.9"), appendToBuffer, &none);
  fflush(stderr);
  printf("failed %d, nothing written %d\n", mlirLogicalResultIsFailure(bad),
         none.size == 0);

  free(bytes.data);
  free(ptx.data);
  // CHECK-LABEL: parse error:
  // CHECK: bad.mlir:1:1: error: custom op 'nonsense' is unknown
  // CHECK: null 1
  printf("parse error:\n");
  fflush(stdout);
  MlirOperation broken = cudaTileParseModule(context, str("nonsense\n"), str("bad.mlir"));
  fflush(stderr);
  printf("null %d\n", mlirOperationIsNull(broken));

  cudaTileOperationDestroy(reread);
  cudaTileOperationDestroy(module);
  cudaTileContextDestroy(context);
  return 0;
}
