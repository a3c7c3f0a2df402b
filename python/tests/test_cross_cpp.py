"""Cross-checks with the C++ cuda-tile-translate (skipped when it is absent).

* Python -> C++: every file the Python writer produces for the conformance
  inputs (each file at its own version and the 13.3 files migrated down) is
  read by the C++ reader, which must print the conformance ``.roundtrip.mlir``
  text (with ``-mlir-print-debuginfo``: ``.roundtrip.debuginfo.mlir``).  The
  builder examples must be readable, and the C++ writer must produce exactly
  the builder's bytes from the same IR written as text (tests/data/*.mlir).
* C++ -> Python: every file the C++ writer produces from a conformance input
  is read by Python, written back byte-identically, and describes the same
  module as the reference's file.

The translator: $CUDA_TILE_TRANSLATE, else <repo>/build/bin/cuda-tile-translate.
"""

import concurrent.futures
import glob
import os
import shutil
import subprocess
import tempfile
import unittest

import support
from support import read_bytes, relative, stem_and_version

import cuda_tile_bytecode as ctb

DATA = os.path.join(support.TESTS_DIR, "data")
JOBS = max(2, os.cpu_count() or 2)

# Reader output that deliberately differs from the reference's (the same list
# as utils/conformance_lit.py; see docs/cuda-tile-opt.md).  For these the C++
# reader must still read the file; the text is not compared.
DOCUMENTED_DEVIATIONS = {
    "assume_hints/hint_unicode_keys":
        "the reference prints non-ASCII hint keys unquoted; we quote them",
    "assume_hints/hint_dense_value":
        "the reference prints dense hint values without their type; we keep it",
}


def _collapse(text):
    """Whitespace-insensitive comparison, as the conformance suite does."""
    return " ".join(text.split())


def _case_name(stem):
    root = support.conformance_dir()
    rel = os.path.relpath(stem, os.path.join(root, "valid"))
    return rel.replace(os.sep, "/")


def _expected_text(stem, version, debuginfo=False):
    """Reference reader output for ``stem`` at ``version``, or None."""
    if os.path.exists("%s.%s.read.err" % (stem, version)):
        return None
    suffix = "roundtrip.debuginfo.mlir" if debuginfo else "roundtrip.mlir"
    for path in ("%s.%s.%s" % (stem, version, suffix), "%s.%s" % (stem, suffix)):
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                return f.read()
    return None


class CrossCpp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.translate = support.require_translate()
        cls.tmp = tempfile.mkdtemp(prefix="ctb-cross-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def translate_run(self, *args, cwd=None):
        return subprocess.run([self.translate] + list(args), capture_output=True, cwd=cwd)

    def read_with_cpp(self, data, name, debuginfo=False):
        path = os.path.join(self.tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        args = ["-cudatilebc-to-mlir", path]
        if debuginfo:
            args.insert(0, "-mlir-print-debuginfo")
        proc = self.translate_run(*args)
        return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8",
                                                                                          "replace")

    def test_cpp_reads_python_output(self):
        cases = []
        for path in support.valid_files():
            stem, version = stem_and_version(path)
            module = ctb.read(read_bytes(path))
            targets = [version] + (["13.1", "13.2"] if version == "13.3" else [])
            for target in targets:
                try:
                    data = ctb.write(module, target)
                except ctb.EncodeError:
                    continue
                for debuginfo in (False, True):
                    expected = _expected_text(stem, target, debuginfo)
                    if expected is not None:
                        name = "%s.%s.%s.tileirbc" % (os.path.basename(stem), version, target)
                        deviation = DOCUMENTED_DEVIATIONS.get(_case_name(stem))
                        cases.append((relative(path), target, debuginfo, data, name, expected,
                                      deviation))
        self.assertGreater(len(cases), 0)

        # Identical bytes (a migrated file equals the other version's file
        # rewritten) are read once.
        unique = {}
        for case in cases:
            unique.setdefault((case[3], case[2]), case)

        def check(key):
            case = unique[key]
            data, name, debuginfo = case[3], case[4], case[2]
            return key, self.read_with_cpp(data, ("d." if debuginfo else "") + name, debuginfo)

        with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
            outputs = dict(pool.map(check, list(unique)))
        for case in cases:
            rel, target, debuginfo, data, _, expected, deviation = case
            rc, out, err = outputs[(data, debuginfo)]
            with self.subTest(file=rel, written_as=target, debuginfo=debuginfo):
                self.assertEqual(rc, 0, err)
                if deviation is None:
                    self.assertEqual(_collapse(out), _collapse(expected),
                                     "C++ reader output:\n%s" % out)

    def test_builder_examples(self):
        """The C++ reader reads the builder's output, and the C++ writer
        produces the builder's bytes from the same IR as text."""
        import importlib.util
        for name in ("vector_add", "gemm"):
            spec = importlib.util.spec_from_file_location(
                "example_" + name, os.path.join(support.PYTHON_DIR, "examples", name + ".py"))
            example = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(example)
            for version in support.VERSIONS:
                with self.subTest(example=name, version=version):
                    data = example.build().to_bytes(version)
                    rc, out, err = self.read_with_cpp(data, "%s.%s.tileirbc" % (name, version))
                    self.assertEqual(rc, 0, err)
                    self.assertIn("entry @%s(" % name, out)
                    target = os.path.join(self.tmp, "%s.cpp.%s.tileirbc" % (name, version))
                    proc = self.translate_run("-mlir-to-cudatilebc", "-no-implicit-module",
                                              "-bytecode-version=%s" % version,
                                              os.path.join(DATA, name + ".mlir"), "-o", target)
                    self.assertEqual(proc.returncode, 0, proc.stderr.decode("utf-8", "replace"))
                    self.assertEqual(read_bytes(target), data)

    def test_python_reads_cpp_output(self):
        root = support.require_conformance()
        cases = []
        for source in sorted(glob.glob(os.path.join(root, "valid", "**", "*.mlir"), recursive=True)):
            if source.count(".") != 1:          # only <name>.mlir inputs
                continue
            stem = source[:-len(".mlir")]
            for version in support.VERSIONS:
                ref = "%s.%s.tileirbc" % (stem, version)
                if os.path.exists(ref):
                    cases.append((source, version, ref))
        self.assertGreater(len(cases), 0)

        def write(case):
            source, version, ref = case
            out = os.path.join(self.tmp, "%s.cpp.%s.tileirbc" % (os.path.basename(source), version))
            proc = self.translate_run("-mlir-to-cudatilebc", "-no-implicit-module",
                                      "-bytecode-version=%s" % version, os.path.basename(source),
                                      "-o", out, cwd=os.path.dirname(source))
            return case, proc, out

        with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
            for (source, version, ref), proc, out in pool.map(write, cases):
                with self.subTest(file=relative(source), version=version):
                    self.assertEqual(proc.returncode, 0, proc.stderr.decode("utf-8", "replace"))
                    data = read_bytes(out)
                    module = ctb.read(data)
                    self.assertEqual(ctb.write(module, version), data)
                    self.assertIsNone(ctb.compare_modules(module, ctb.read(read_bytes(ref))))


if __name__ == "__main__":
    unittest.main()
