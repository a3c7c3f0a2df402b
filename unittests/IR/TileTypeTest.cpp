//===- TileTypeTest.cpp - Parsing and verification of cuda_tile types -----===//
//
// Checks the type constraints of the cuda_tile dialect through the public
// MLIR parser API: tile shapes (powers of two, element limit), pointer
// pointees, and tensor_view shape/stride consistency.
//
//===----------------------------------------------------------------------===//

#include "cuda_tile/IR/CudaTileDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

namespace {

class CudaTileTypeTest : public ::testing::Test {
protected:
  CudaTileTypeTest()
      : diagnostics(&context, [this](mlir::Diagnostic &diag) {
          if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
            ++errorCount;
          return mlir::success();
        }) {
    context.getOrLoadDialect<mlir::cuda_tile::CudaTileDialect>();
  }

  /// Parses `text` as a type; diagnostics are counted, not printed.
  mlir::Type parse(llvm::StringRef text) {
    return mlir::parseType(text, &context);
  }

  /// Expects `text` to parse into a cuda_tile type that reparses from its
  /// printed form to the same type.
  void expectAccepted(llvm::StringRef text) {
    SCOPED_TRACE(text.str());
    unsigned errorsBefore = errorCount;
    mlir::Type type = parse(text);
    ASSERT_TRUE(type) << "type was refused";
    EXPECT_EQ(errorCount, errorsBefore);
    EXPECT_EQ(type.getDialect().getNamespace().str(), "cuda_tile");
    std::string printed = print(type);
    EXPECT_EQ(parse(printed), type) << "printed as " << printed;
  }

  /// Expects `text` to be refused with at least one error diagnostic.
  void expectRefused(llvm::StringRef text) {
    SCOPED_TRACE(text.str());
    unsigned errorsBefore = errorCount;
    mlir::Type type = parse(text);
    EXPECT_FALSE(type) << "type was accepted as " << print(type);
    EXPECT_GT(errorCount, errorsBefore) << "no error diagnostic was emitted";
  }

  static std::string print(mlir::Type type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (type)
      type.print(os);
    else
      os << "<null>";
    return os.str();
  }

  mlir::MLIRContext context;
  unsigned errorCount = 0;
  mlir::ScopedDiagnosticHandler diagnostics;
};

TEST_F(CudaTileTypeTest, RankZeroTile) {
  expectAccepted("!cuda_tile.tile<f32>");
  expectAccepted("!cuda_tile.tile<i1>");
}

TEST_F(CudaTileTypeTest, ShapedTile) {
  expectAccepted("!cuda_tile.tile<64x64xf16>");
  expectAccepted("!cuda_tile.tile<1x1x1xi32>");
  EXPECT_NE(parse("!cuda_tile.tile<64x64xf16>"),
            parse("!cuda_tile.tile<64x32xf16>"));
}

TEST_F(CudaTileTypeTest, ElementLimit) {
  // 2^24 elements is the largest tile allowed.
  expectAccepted("!cuda_tile.tile<4096x4096xi8>");
  expectAccepted("!cuda_tile.tile<16777216xi1>");
  expectRefused("!cuda_tile.tile<8192x4096xi8>");
  expectRefused("!cuda_tile.tile<33554432xi1>");
}

TEST_F(CudaTileTypeTest, NonPowerOfTwoDimension) {
  expectRefused("!cuda_tile.tile<3x4xf32>");
  expectRefused("!cuda_tile.tile<4x6xf32>");
  expectRefused("!cuda_tile.tile<12xi32>");
}

TEST_F(CudaTileTypeTest, ZeroDimension) {
  expectRefused("!cuda_tile.tile<0xf32>");
  expectRefused("!cuda_tile.tile<0x4xf32>");
}

TEST_F(CudaTileTypeTest, Pointer) {
  expectAccepted("!cuda_tile.ptr<f32>");
  expectAccepted("!cuda_tile.tile<ptr<f32>>");
  expectRefused("!cuda_tile.ptr<!cuda_tile.ptr<f32>>");
}

TEST_F(CudaTileTypeTest, TensorViewRoundTrip) {
  const char *text = "!cuda_tile.tensor_view<?x?xf16, strides=[?,1]>";
  expectAccepted(text);
  mlir::Type type = parse(text);
  ASSERT_TRUE(type);
  EXPECT_EQ(print(type), text);

  expectAccepted("!cuda_tile.tensor_view<16x32xf32, strides=[32,1]>");
}

TEST_F(CudaTileTypeTest, TensorViewRankMismatch) {
  expectRefused("!cuda_tile.tensor_view<?x?xf16, strides=[1]>");
  expectRefused("!cuda_tile.tensor_view<16xf32, strides=[16,1]>");
}

} // namespace
