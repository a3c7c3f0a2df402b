"""Version migration (the library API; the command line is in test_cli)."""

import os
import shutil
import tempfile
import unittest

import support
from support import read_bytes, relative, stem_and_version

import cuda_tile_bytecode as ctb
from cuda_tile_bytecode.migrate import migrate_bytes, migrate_file
from cuda_tile_bytecode.output import write_output


class DownConversion(unittest.TestCase):
    def test_13_3_to_older_matches_reference(self):
        """13.3 -> 13.1 / 13.2 gives the reference's bytes, or refuses with the
        reference's message where the reference's writer refused."""
        checked = refused = 0
        for path in support.valid_files("13.3"):
            stem, _ = stem_and_version(path)
            data = read_bytes(path)
            for target in ("13.1", "13.2"):
                ref = "%s.%s.tileirbc" % (stem, target)
                err = "%s.%s.err" % (stem, target)
                with self.subTest(file=relative(path), target=target):
                    if os.path.exists(ref):
                        result = migrate_bytes(data, target)
                        self.assertEqual(result.data, read_bytes(ref))
                        self.assertEqual(str(result.target_version), target)
                        checked += 1
                    elif os.path.exists(err):
                        with self.assertRaises(ctb.EncodeError) as cm:
                            migrate_bytes(data, target)
                        self.assertEqual(cm.exception.message, support.reference_error_lines(err)[0])
                        self.assertTrue(cm.exception.location)
                        refused += 1
                    else:
                        self.fail("no reference output for %s" % target)
        self.assertGreater(checked, 0)
        self.assertGreater(refused, 0)

    def test_13_3_to_13_1_and_back(self):
        """13.3 -> 13.1 -> 13.3 reproduces the original bytes for every file
        13.1 can express (nothing refused, nothing dropped)."""
        count = 0
        for path in support.valid_files("13.3"):
            data = read_bytes(path)
            with self.subTest(file=relative(path)):
                try:
                    down = migrate_bytes(data, "13.1")
                except ctb.EncodeError:
                    continue
                if down.dropped:
                    self.assertIn("producer", down.dropped[0])
                    continue
                up = migrate_bytes(down.data, "13.3")
                self.assertEqual(up.data, data)
                count += 1
        self.assertGreater(count, 40)

    def test_same_version_is_identity(self):
        for path in support.valid_files():
            _, version = stem_and_version(path)
            data = read_bytes(path)
            with self.subTest(file=relative(path)):
                result = migrate_bytes(data, version)
                self.assertTrue(result.identical)
                self.assertEqual(result.data, data)

    def test_up_conversion_matches_reference(self):
        """13.1 -> 13.2 / 13.3 equals the reference's file for that version
        (minus the producer, which 13.1 cannot hold)."""
        for path in support.valid_files("13.1"):
            stem, _ = stem_and_version(path)
            data = read_bytes(path)
            for target in ("13.2", "13.3"):
                ref = "%s.%s.tileirbc" % (stem, target)
                if not os.path.exists(ref):
                    continue
                with self.subTest(file=relative(path), target=target):
                    expected = read_bytes(ref)
                    ref_module = ctb.read(expected)
                    if ref_module.producer is not None:
                        ref_module.producer = None
                        expected = ctb.write(ref_module, target)
                    self.assertEqual(migrate_bytes(data, target).data, expected)

    def test_producer_dropped_with_note(self):
        root = support.require_conformance()
        data = read_bytes(os.path.join(root, "valid", "core", "producer_attr.13.3.tileirbc"))
        result = migrate_bytes(data, "13.2")
        self.assertEqual(len(result.dropped), 1)
        self.assertIn("producer", result.dropped[0])
        self.assertEqual(result.data, read_bytes(os.path.join(root, "valid", "core",
                                                              "producer_attr.13.2.tileirbc")))

    def test_bad_target_version(self):
        root = support.require_conformance()
        data = read_bytes(os.path.join(root, "valid", "core", "tile_block_ids.13.3.tileirbc"))
        for target in ("13.0", "13.5", "12.9", "14.1"):
            with self.subTest(target=target), self.assertRaises(ctb.EncodeError) as cm:
                migrate_bytes(data, target)
            self.assertIn("unsupported version requested", str(cm.exception))
        with self.assertRaises(ctb.EncodeError):
            migrate_bytes(data, "thirteen")


class Files(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="ctb-migrate-")
        self.addCleanup(shutil.rmtree, self.tmp)

    def test_refusal_leaves_no_output(self):
        root = support.require_conformance()
        src = os.path.join(root, "valid", "math", "atan2.13.3.tileirbc")
        dst = os.path.join(self.tmp, "out.tileirbc")
        with self.assertRaises(ctb.EncodeError):
            migrate_file(src, dst, "13.1")
        self.assertEqual(os.listdir(self.tmp), [])

    def test_refusal_keeps_existing_output(self):
        root = support.require_conformance()
        src = os.path.join(root, "valid", "math", "atan2.13.3.tileirbc")
        dst = os.path.join(self.tmp, "out.tileirbc")
        with open(dst, "wb") as f:
            f.write(b"previous")
        with self.assertRaises(ctb.EncodeError):
            migrate_file(src, dst, "13.1")
        self.assertEqual(read_bytes(dst), b"previous")
        self.assertEqual(os.listdir(self.tmp), ["out.tileirbc"])

    def test_success_writes_output(self):
        root = support.require_conformance()
        src = os.path.join(root, "valid", "math", "atan2.13.3.tileirbc")
        dst = os.path.join(self.tmp, "out.tileirbc")
        result = migrate_file(src, dst, "13.2")
        self.assertEqual(read_bytes(dst), result.data)
        self.assertEqual(read_bytes(dst), read_bytes(os.path.join(root, "valid", "math",
                                                                  "atan2.13.2.tileirbc")))
        self.assertEqual(os.listdir(self.tmp), ["out.tileirbc"])

    def test_write_output_failure_cleans_up(self):
        class Boom(Exception):
            pass

        dst = os.path.join(self.tmp, "x.bin")
        original_fsync = os.fsync

        def failing_fsync(fd):
            raise Boom()
        os.fsync = failing_fsync
        try:
            with self.assertRaises(Boom):
                write_output(dst, b"abc")
        finally:
            os.fsync = original_fsync
        self.assertEqual(os.listdir(self.tmp), [])

    def test_read_back_check_catches_a_broken_writer(self):
        """The migration refuses to return output that does not read back."""
        import cuda_tile_bytecode.migrate as mig
        root = support.require_conformance()
        data = read_bytes(os.path.join(root, "valid", "core", "tile_block_ids.13.3.tileirbc"))
        original = mig.BytecodeWriter.write

        def corrupt(self):
            out = original(self)
            return out[:-1]           # drop the end marker
        mig.BytecodeWriter.write = corrupt
        try:
            with self.assertRaises(mig.MigrationError):
                migrate_bytes(data, "13.2")
        finally:
            mig.BytecodeWriter.write = original


if __name__ == "__main__":
    unittest.main()
