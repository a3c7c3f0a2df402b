# -*- Python -*-
# Nested lit suite that runs the GoogleTest executables of the project.
#
# build/test/Unit/lit.site.cfg.py points here. Discovery walks
# build/unittests recursively and picks up every executable whose name ends in
# "Tests" (for example build/unittests/IR/CudaTileIRTests). With lit's default
# gtest sharding each test case is reported as a test of its own.

import os

import lit.formats

if not hasattr(config, "cuda_tile_unittests_dir"):
    lit_config.fatal("run lit on build/test (the CMake-generated site config is missing)")

config.name = "CUDA-Tile-Unit"
config.suffixes = []
config.test_source_root = config.cuda_tile_unittests_dir
config.test_exec_root = config.cuda_tile_unittests_dir
config.excludes = ["CMakeFiles"]
config.test_format = lit.formats.GoogleTest(".", "Tests")

# gtest binaries are linked against shared LLVM/MLIR libraries; keep the
# loader path of the calling environment.
for var in ("LD_LIBRARY_PATH", "HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
