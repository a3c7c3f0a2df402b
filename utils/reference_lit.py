#!/usr/bin/env python3
"""Run the lit suite of the reference implementation (NVIDIA/cuda-tile) with
this project's tools in place of the reference's.

    git clone https://github.com/NVIDIA/cuda-tile /path/to/cuda-tile
    python3 utils/reference_lit.py /path/to/cuda-tile [--commit REV]
        [--build build] [--work-dir DIR] [-- LIT-ARGS...]

The reference's test/ tree at REV (default HEAD; a bare mirror works too) is
extracted into the work directory, its lit configuration is replaced by one
that finds cuda-tile-opt and cuda-tile-translate in <build>/bin and FileCheck
and `not` in LLVM's bin directory, and lit runs it. Tests that need what only
a reference testing build has are left out (EXCLUDED, with the reason),
deliberate differences are applied to the tests as text replacements
(ADJUSTED); the last line counts the passed and failed tests.

This is a developer tool: the normal suite never depends on the reference.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

LLVM_TOOLS_DIR = "/usr/lib/llvm-22/bin"

# The reference builds its testing ops only with
# -DCUDA_TILE_ENABLE_TESTING=ON. Of them our tools have testing$func (behind
# --testing-ops, which wrapper scripts give the tools the tests run), not the
# bytecode-evolution ops and types of versions 250.x.
TESTING_TOOLS = ("cuda-tile-opt", "cuda-tile-translate")
TEST_PASS = ("runs --test-debuginfo-update-symbol-name, a pass of the "
             "reference's test/lib")
VERSION_250 = ("writes bytecode version 250.x with the testing$bytecode_* "
               "ops, which only a reference testing build knows")

EXCLUDED = {
    "Bytecode/versioning/test_version_250_1.mlir": VERSION_250,
    "Bytecode/versioning/test_version_errors.mlir": VERSION_250,
    "Bytecode/versioning/test_forward_compatibility.mlir": VERSION_250,
    "Dialect/CudaTile/debuginfo_update_symbol_names.mlir": TEST_PASS,
    "Dialect/CudaTile/debuginfo_update_symbol_names_fail.mlir": TEST_PASS,
}

# Deliberate differences, applied to the extracted tests as (old, new) text
# replacements so that the rest of each test still runs.
SUPPORTS_13_4 = ("this build reads and writes Tile IR 13.4 too, so the "
                 "supported range ends at 13.4")
ADJUSTED = {
    "Bytecode/unsupportedVersionTest.mlir":
        (SUPPORTS_13_4, [("[13.1 - 13.3]", "[13.1 - 13.4]")]),
    "Bytecode/invalid/invalid_structure.mlir":
        (SUPPORTS_13_4, [("[13.1 - 13.3]", "[13.1 - 13.4]")]),
    "Dialect/CudaTile/invalid.mlir":
        ("13.4 lets ftof round f32 -> f64 with any IEEE mode, as our "
         "13.4 support does",
         [("  // expected-error @below {{invalid rounding mode specified. "
           "Only 'nearest_even' is supported}}\n"
           "  %f = ftof %arg0 rounding<negative_inf> : tile<2x2xf32> -> "
           "tile<2x2xf64>",
           "  %f = ftof %arg0 rounding<negative_inf> : tile<2x2xf32> -> "
           "tile<2x2xf64>")]),
    "Dialect/CudaTile/canonicalize.mlir":
        ("expected to fail: we fold arithmetic on constants (mulf, addf, "
         "addi, x + 0) that the reference leaves, and nine of its CHECK "
         "lines look for the unfolded ops; its if, select and assume cases "
         "match (our test/Transforms/canonicalize-*.mlir have them too)",
         [("// RUN: cuda-tile-opt %s --canonicalize --split-input-file | "
           "FileCheck %s\n",
           "// RUN: cuda-tile-opt %s --canonicalize --split-input-file | "
           "FileCheck %s\n// XFAIL: *\n")]),
    "Bytecode/list_versions.mlir":
        (SUPPORTS_13_4 + "; 250.x are versions of a reference testing build",
         [("// CHECK-NEXT: 250.0\n// CHECK-NEXT: 250.1",
           "// CHECK-NEXT: 13.4")]),
}

# Whole directories: the reference's C API test program and its nanobind
# Python bindings, neither of which this project provides under those names
# (our C API is tested by test/CAPI, our Python package by test/Python).
EXCLUDED_DIRS = {
    "CAPI": "test-cuda-tile-capi-register, the reference's C API program",
    "python": "the reference's nanobind `cuda_tile` Python bindings",
    "lib": "sources of the reference's test passes",
}

LIT_CONFIG = """\
# Written by utils/reference_lit.py; replaces the reference's configuration.
import os
import lit.formats

config.name = "CUDA-Tile-Reference"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = {exec_root!r}
config.excludes = {excludes!r}
config.environment["PATH"] = os.pathsep.join(
    [{wrapper_dir!r}, {tools_dir!r}, {llvm_tools_dir!r},
     config.environment.get("PATH", "")])
config.substitutions.append(
    ("%round_trip_test",
     "bash " + os.path.join(config.test_source_root,
                            "Dialect/CudaTile/round_trip_test.sh")))
"""


def extract(reference, commit, dest):
    """Writes the reference's test/ tree at `commit` under `dest`."""
    archive = subprocess.run(
        ["git", "-C", reference, "archive", commit, "test"],
        check=True, stdout=subprocess.PIPE).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    return os.path.join(dest, "test")


def write_wrappers(wrapper_dir, tools_dir):
    """Scripts that run our tools with the reference testing build's ops."""
    os.makedirs(wrapper_dir, exist_ok=True)
    for tool in TESTING_TOOLS:
        path = os.path.join(wrapper_dir, tool)
        with open(path, "w") as handle:
            handle.write("#!/bin/sh\nexec %s --testing-ops \"$@\"\n"
                         % os.path.join(tools_dir, tool))
        os.chmod(path, 0o755)


def write_config(test_root, exec_root, tools_dir, wrapper_dir):
    for rel in list(EXCLUDED) + list(EXCLUDED_DIRS):
        path = os.path.join(test_root, rel)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    for rel, (_, replacements) in ADJUSTED.items():
        path = os.path.join(test_root, rel)
        with open(path) as handle:
            text = handle.read()
        for old, new in replacements:
            if old not in text:
                sys.exit(f"{rel}: `{old}` not found; update ADJUSTED")
            text = text.replace(old, new)
        with open(path, "w") as handle:
            handle.write(text)
    for name in ("lit.site.cfg.py.in", "round_trip_test.py"):
        path = os.path.join(test_root, name)
        if os.path.exists(path):
            os.remove(path)
    # A newer reference may add tests that need more of its testing build.
    for directory, _, files in os.walk(test_root):
        for name in files:
            path = os.path.join(directory, name)
            if not name.endswith(".mlir"):
                continue
            text = open(path).read().replace("testing$func", "")
            if "testing$" in text:
                print("warning: " + os.path.relpath(path, test_root) +
                      " uses testing$ ops other than testing$func; add it "
                      "to EXCLUDED")
    with open(os.path.join(test_root, "lit.cfg.py"), "w") as cfg:
        cfg.write(LIT_CONFIG.format(
            exec_root=exec_root,
            excludes=["lit.cfg.py", "Inputs"],
            wrapper_dir=wrapper_dir, tools_dir=tools_dir,
            llvm_tools_dir=LLVM_TOOLS_DIR))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reference",
                        help="clone (or bare mirror) of NVIDIA/cuda-tile")
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--build", default=os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build"))
    parser.add_argument("--work-dir",
                        help="where the tests are extracted and run "
                             "(default: a new temporary directory)")
    parser.add_argument("lit_args", nargs="*",
                        help="passed to lit (after --), e.g. -v")
    args = parser.parse_args()

    tools_dir = os.path.join(os.path.abspath(args.build), "bin")
    if not os.path.isfile(os.path.join(tools_dir, "cuda-tile-opt")):
        parser.error(f"no cuda-tile-opt in {tools_dir}; build first")
    work = args.work_dir or tempfile.mkdtemp(prefix="cuda-tile-reference-")
    if os.path.exists(os.path.join(work, "test")):
        shutil.rmtree(os.path.join(work, "test"))
    os.makedirs(work, exist_ok=True)
    test_root = extract(args.reference, args.commit, work)
    exec_root = os.path.join(work, "out")
    os.makedirs(exec_root, exist_ok=True)
    wrapper_dir = os.path.join(work, "bin")
    write_wrappers(wrapper_dir, tools_dir)
    write_config(test_root, exec_root, tools_dir, wrapper_dir)

    print("Left out:")
    for rel, why in sorted({**EXCLUDED_DIRS, **EXCLUDED}.items()):
        print(f"  {rel}: {why}")
    print("Adjusted (deliberate differences):")
    for rel, (why, _) in sorted(ADJUSTED.items()):
        print(f"  {rel}: {why}")
    sys.stdout.flush()
    lit = os.path.join(LLVM_TOOLS_DIR, "lit")
    return subprocess.run([lit, "-s", "--no-progress-bar", *args.lit_args, test_root]).returncode


if __name__ == "__main__":
    sys.exit(main())
