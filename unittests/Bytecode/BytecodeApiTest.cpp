//===- BytecodeApiTest.cpp - the C++ API of the bytecode library ----------===//
//
// Versions, the generated tables, magic detection, in-memory round trips,
// writer refusals and lazy loading of single functions.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/Bytecode/BytecodeReader.h"
#include "cuda_tile/Bytecode/BytecodeTables.h"
#include "cuda_tile/Bytecode/BytecodeVersion.h"
#include "cuda_tile/Bytecode/BytecodeWriter.h"
#include "cuda_tile/IR/CudaTileOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

TEST(BytecodeVersionTest, ParseAndPrint) {
  std::optional<BytecodeVersion> v = BytecodeVersion::parse("13.2");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->getMajor(), 13);
  EXPECT_EQ(v->getMinor(), 2);
  EXPECT_EQ(v->str(), "13.2");
  EXPECT_TRUE(v->isSupported());
  EXPECT_EQ(BytecodeVersion::parse("13.1.5")->getTag(), 5);
  EXPECT_EQ(BytecodeVersion::parse("13.1.5")->str(), "13.1.5");
  EXPECT_FALSE(BytecodeVersion::parse("13"));
  EXPECT_FALSE(BytecodeVersion::parse("13.x"));
  EXPECT_FALSE(BytecodeVersion::parse("300.1"));
  EXPECT_FALSE(BytecodeVersion::parse("13.0")->isSupported());
  EXPECT_TRUE(BytecodeVersion::parse("13.4")->isSupported());
  EXPECT_FALSE(BytecodeVersion::parse("13.5")->isSupported());
  EXPECT_EQ(BytecodeVersion::getCurrent().str(), "13.3");
  EXPECT_EQ(BytecodeVersion::getNewest().str(), "13.4");
  EXPECT_EQ(BytecodeVersion::getOldest().str(), "13.1");
  ASSERT_EQ(BytecodeVersion::getSupported().size(), 4u);
  EXPECT_LT(BytecodeVersion(13, 1), BytecodeVersion(13, 2));
  EXPECT_EQ(BytecodeVersion(13, 1, 7), BytecodeVersion(13, 1));
}

TEST(BytecodeTablesTest, OpcodesAndVersions) {
  using namespace mlir::cuda_tile::bytecode;
  const OpcodeInfo *addf = lookupOpcode("cuda_tile.addf");
  ASSERT_TRUE(addf);
  EXPECT_EQ(addf->opcode, 0x02u);
  EXPECT_EQ(addf->since, BytecodeVersion(13, 1));
  EXPECT_EQ(lookupOpcode(0x6E)->name, "cuda_tile.atan2");
  EXPECT_EQ(lookupOpcode(0x6E)->since, BytecodeVersion(13, 2));
  EXPECT_EQ(static_cast<uint32_t>(Opcode::MmaFScaled), 0x72u);
  EXPECT_FALSE(lookupOpcode(0x19));
  EXPECT_FALSE(lookupOpcode("cuda_tile.entry")->bodyOp);
  EXPECT_EQ(getMaxOpcode(BytecodeVersion(13, 1)), 0x6Du);
  EXPECT_EQ(getMaxOpcode(BytecodeVersion(13, 2)), 0x6Eu);
  EXPECT_EQ(getMaxOpcode(BytecodeVersion(13, 3)), 0x75u);
  EXPECT_EQ(getMaxOpcode(BytecodeVersion(13, 4)), 0x7Au);
  EXPECT_EQ(lookupOpcode(0x79)->name, "cuda_tile.fpowi");
  EXPECT_EQ(lookupOpcode(0x79)->since, BytecodeVersion(13, 4));
  EXPECT_EQ(getOpcodeTable().size(), 105u);
  EXPECT_EQ(TypeTag::Int4, 22u);
  EXPECT_EQ(TypeTag::Tile, 13u);
}

class BytecodeRoundTripTest : public ::testing::Test {
protected:
  BytecodeRoundTripTest()
      : handler(&context, [this](Diagnostic &diag) {
          llvm::raw_string_ostream os(diagnostics);
          os << diag << '\n';
          return success();
        }) {
    context.getOrLoadDialect<CudaTileDialect>();
  }

  OwningOpRef<Operation *> parse(llvm::StringRef text) {
    ParserConfig config(&context);
    return parseSourceString(text, config);
  }

  std::string print(Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  std::string write(Operation *op, BytecodeVersion version) {
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    if (failed(writeBytecode(op, os, version)))
      return "";
    return bytes;
  }

  MLIRContext context;
  std::string diagnostics;
  ScopedDiagnosticHandler handler;
};

constexpr llvm::StringLiteral kKernels = R"mlir(
cuda_tile.module @kernels {
  global @table <f32: [1.0, 2.0]> : tile<2xf32>
  entry @first(%a: tile<f32>) {
    %b = negf %a : tile<f32>
    return
  }
  entry @second(%a: tile<i32>) {
    %b = addi %a, %a : tile<i32>
    return
  }
  entry @third() {
    %p = get_global @table : tile<ptr<f32>>
    return
  }
}
)mlir";

TEST_F(BytecodeRoundTripTest, WriteThenRead) {
  OwningOpRef<Operation *> module = parse(kKernels);
  ASSERT_TRUE(module) << diagnostics;
  for (BytecodeVersion version : BytecodeVersion::getSupported()) {
    std::string bytes = write(*module, version);
    ASSERT_FALSE(bytes.empty()) << diagnostics;
    EXPECT_TRUE(isBytecode(bytes));
    ASSERT_TRUE(getBytecodeVersion(bytes));
    EXPECT_EQ(*getBytecodeVersion(bytes), version);
    OwningOpRef<Operation *> read =
        readBytecode(llvm::MemoryBufferRef(bytes, "mem"), &context);
    ASSERT_TRUE(read) << diagnostics;
    EXPECT_EQ(print(*read), print(*module));
    // And the bytes are stable.
    EXPECT_EQ(write(*read, version), bytes);
  }
}

TEST_F(BytecodeRoundTripTest, NotBytecode) {
  EXPECT_FALSE(isBytecode("cuda_tile.module @m {}"));
  EXPECT_FALSE(isBytecode(""));
  EXPECT_FALSE(getBytecodeVersion(llvm::StringRef("\x7FTileIR\0\x0D", 9)));
  OwningOpRef<Operation *> read =
      readBytecode(llvm::MemoryBufferRef("garbage", "mem"), &context);
  EXPECT_FALSE(read);
  EXPECT_NE(diagnostics.find("error at offset 1: invalid magic number at "
                             "position 0, got 103 expected 127"),
            std::string::npos)
      << diagnostics;
}

TEST_F(BytecodeRoundTripTest, RefusalWritesNothing) {
  OwningOpRef<Operation *> module = parse(R"mlir(
    cuda_tile.module @m {
      entry @k(%x: tile<f32>, %y: tile<f32>) {
        %z = atan2 %x, %y : tile<f32>
        return
      }
    })mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  EXPECT_TRUE(failed(writeBytecode(*module, os, BytecodeVersion(13, 1))));
  EXPECT_TRUE(bytes.empty());
  EXPECT_NE(diagnostics.find("operation 'cuda_tile.atan2' is not available "
                             "in bytecode version 13.1"),
            std::string::npos)
      << diagnostics;
  EXPECT_TRUE(succeeded(writeBytecode(*module, os, BytecodeVersion(13, 2))));
  EXPECT_FALSE(bytes.empty());
}

TEST_F(BytecodeRoundTripTest, LazyLoadingOneFunction) {
  OwningOpRef<Operation *> module = parse(kKernels);
  ASSERT_TRUE(module) << diagnostics;
  std::string bytes = write(*module, BytecodeVersion::getCurrent());
  ASSERT_FALSE(bytes.empty()) << diagnostics;

  std::unique_ptr<BytecodeFile> file =
      BytecodeFile::open(llvm::MemoryBufferRef(bytes, "mem"), &context);
  ASSERT_TRUE(file) << diagnostics;
  EXPECT_EQ(file->getVersion(), BytecodeVersion::getCurrent());
  ASSERT_EQ(file->getFunctions().size(), 3u);
  EXPECT_EQ(file->getFunctions()[0].name, "first");
  EXPECT_EQ(file->getFunctions()[2].name, "third");
  for (const BytecodeFile::FunctionInfo &info : file->getFunctions()) {
    EXPECT_TRUE(info.isKernel);
    EXPECT_LE(info.bodyOffset + info.bodyLength, bytes.size());
  }
  std::optional<size_t> index = file->lookupFunction("third");
  ASSERT_TRUE(index);
  EXPECT_EQ(*index, 2u);
  EXPECT_FALSE(file->lookupFunction("nope"));

  OwningOpRef<cuda_tile::ModuleOp> partial = file->createModule();
  EntryOp third = file->loadFunction(*index, *partial);
  ASSERT_TRUE(third) << diagnostics;
  EXPECT_EQ(third.getSymName(), "third");
  // The globals come with the module, so that the one function verifies.
  EXPECT_TRUE(succeeded(verify(*partial))) << diagnostics;
  unsigned entries = 0;
  for (Operation &op : *partial->getBodyBlock())
    entries += isa<EntryOp>(op);
  EXPECT_EQ(entries, 1u);
  EXPECT_FALSE(file->loadFunction(7, *partial));
}

// A rounding mode 13.4 added for f32 -> f16 under a 13.3 header: loading that
// function alone is refused as readBytecode refuses the file; its neighbour
// loads.
TEST_F(BytecodeRoundTripTest, LazyLoadingRefusesNewerFToFRounding) {
  OwningOpRef<Operation *> module = parse(R"mlir(
    cuda_tile.module @m {
      entry @plain(%x: tile<f32>) {
        %y = ftof %x : tile<f32> -> tile<f16>
        return
      }
      entry @directed(%x: tile<f32>) {
        %y = ftof %x rounding<zero> : tile<f32> -> tile<f16>
        return
      }
    })mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::string bytes = write(*module, BytecodeVersion(13, 4));
  ASSERT_GT(bytes.size(), 9u) << diagnostics;
  ASSERT_EQ(bytes[9], 4);
  bytes[9] = 3; // the minor version
  EXPECT_FALSE(readBytecode(llvm::MemoryBufferRef(bytes, "mem"), &context));
  const char *refusal = "'cuda_tile.ftof' op invalid rounding mode "
                        "specified. Only 'nearest_even' is supported";
  EXPECT_NE(diagnostics.find(refusal), std::string::npos) << diagnostics;
  diagnostics.clear();

  std::unique_ptr<BytecodeFile> file =
      BytecodeFile::open(llvm::MemoryBufferRef(bytes, "mem"), &context);
  ASSERT_TRUE(file) << diagnostics;
  EXPECT_EQ(file->getVersion(), BytecodeVersion(13, 3));
  OwningOpRef<cuda_tile::ModuleOp> partial = file->createModule();
  EXPECT_TRUE(file->loadFunction(*file->lookupFunction("plain"), *partial))
      << diagnostics;
  EXPECT_TRUE(diagnostics.empty()) << diagnostics;
  EXPECT_FALSE(file->loadFunction(*file->lookupFunction("directed"), *partial));
  EXPECT_NE(diagnostics.find(refusal), std::string::npos) << diagnostics;
}

} // namespace
