"""Reading and writing the conformance bytecode files."""

import os
import unittest

import support
from support import read_bytes, relative, stem_and_version

import cuda_tile_bytecode as ctb


class RoundTrip(unittest.TestCase):
    """Every valid file reads and writes back byte-identically at its version."""

    def test_same_version_byte_identical(self):
        files = support.valid_files()
        self.assertGreater(len(files), 0)
        for path in files:
            with self.subTest(file=relative(path)):
                data = read_bytes(path)
                module = ctb.read(data)
                _, version = stem_and_version(path)
                self.assertEqual(str(module.version), version)
                self.assertEqual(ctb.write(module), data)
                self.assertEqual(module.to_bytes(version), data)

    def test_every_version_of_every_file(self):
        """Each file, written at every version the reference wrote for the
        same input, gives the reference's bytes; where the reference refused
        a version we refuse too, with its message."""
        for path in support.valid_files():
            stem, version = stem_and_version(path)
            module = ctb.read(read_bytes(path))
            for target in support.VERSIONS:
                ref = "%s.%s.tileirbc" % (stem, target)
                err = "%s.%s.err" % (stem, target)
                with self.subTest(file=relative(path), target=target):
                    if os.path.exists(ref):
                        expected = read_bytes(ref)
                        ref_module = ctb.read(expected)
                        if module.producer is None and ref_module.producer is not None:
                            # the source version cannot hold the producer: compare
                            # with the reference's bytes minus the producer
                            ref_module.producer = None
                            expected = ctb.write(ref_module, target)
                        self.assertEqual(ctb.write(module, target), expected)
                    elif os.path.exists(err):
                        with self.assertRaises(ctb.EncodeError) as cm:
                            ctb.write(module, target)
                        expected = support.reference_error_lines(err)[0]
                        self.assertEqual(cm.exception.message, expected)

    def test_reference_reader_failures(self):
        """``emulate_reference=True`` fails exactly where the reference reader
        fails on its own writer's output (``<name>.<V>.read.err``) and reads
        everything else."""
        for path in support.valid_files():
            stem, version = stem_and_version(path)
            err = "%s.%s.read.err" % (stem, version)
            with self.subTest(file=relative(path)):
                data = read_bytes(path)
                if os.path.exists(err):
                    with self.assertRaises(ctb.DecodeError) as cm:
                        ctb.read(data, emulate_reference=True)
                    self.assertEqual(cm.exception.reference_lines(),
                                     support.reference_error_lines(err))
                    ctb.read(data)      # our reader has no such limitation
                else:
                    ctb.read(data, emulate_reference=True)

    def test_model_contents(self):
        """Spot checks of the object model against the conformance sources."""
        root = support.require_conformance()
        m = ctb.read_file(os.path.join(root, "valid", "globals", "globals_basic.13.3.tileirbc"))
        names = [g.name for g in m.globals]
        self.assertEqual(names, ["weights", "aligned", "one_byte", "halves", "splatted",
                                 "spelled_public"])
        self.assertEqual(m.globals[0].value.values(), [0.25, 0.5, 0.75, 1.0])
        self.assertEqual(m.globals[1].alignment, 256)
        self.assertEqual(m.globals[2].value.values(), [-128])
        self.assertEqual(m.globals[4].value.values(), [7] * 64)
        self.assertTrue(m.globals[4].value.is_splat)
        gets = [op.attributes["name"] for op in m.walk() if op.name == "get_global"]
        self.assertEqual(gets, names)

        m = ctb.read_file(os.path.join(root, "valid", "misc", "print_tko.13.3.tileirbc"))
        prints = [op for op in m.walk() if op.name == "print_tko"]
        self.assertTrue(all(len(op.results) == 1 for op in prints))
        # A 13.2+ result is materialized when reading 13.1 files as well.
        m = ctb.read_file(os.path.join(root, "valid", "misc", "print_tko_no_token.13.1.tileirbc"))
        for op in m.walk():
            if op.name == "print_tko":
                self.assertEqual([str(r.type) for r in op.results], ["token"])
        # Defaults of attributes newer than the file are explicit in the model.
        m = ctb.read_file(os.path.join(root, "valid", "int_arith", "negi_overflow.13.2.tileirbc"))
        self.assertIn("overflow", [op for op in m.walk() if op.name == "negi"][0].attributes)

        m = ctb.read_file(os.path.join(root, "valid", "debug_info", "callsite_locs.13.3.tileirbc"))
        fn = m.functions[0]
        self.assertIsInstance(fn.location, ctb.DILoc)
        self.assertEqual((fn.location.filename, fn.location.line, fn.location.column),
                         ("model.py", 20, 1))
        tanh, mulf, ret = fn.operations
        self.assertIsInstance(tanh.location, ctb.CallSiteLoc)
        self.assertEqual(tanh.location.callee.line, 6)
        self.assertIsNone(mulf.location.callee)       # a plain file:line:col callee
        self.assertEqual(ret.location.line, 25)


if __name__ == "__main__":
    unittest.main()
