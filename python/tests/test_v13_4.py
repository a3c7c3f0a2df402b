"""Tile IR 13.4: reading NVIDIA's 13.4 files, the ptr flags word, refusals
of 13.4 constructs at 13.3."""

import os
import unittest

import support  # noqa: F401
import cuda_tile_bytecode as ctb

INPUTS = os.path.join(support.REPO_DIR, "test", "Bytecode", "Inputs", "cutile-13.4")


def read_input(name):
    with open(os.path.join(INPUTS, name + ".tileirbc"), "rb") as f:
        return f.read()


class Version134(unittest.TestCase):
    def test_versions(self):
        self.assertEqual(str(ctb.LATEST_VERSION), "13.4")
        self.assertEqual(str(ctb.DEFAULT_VERSION), "13.3")

    def test_reads_nvidia_files(self):
        m = ctb.read(read_input("new_ops"))
        self.assertEqual(str(m.version), "13.4")
        data = ctb.write(m, "13.4")
        self.assertEqual(ctb.write(ctb.read(data), "13.4"), data)

    def test_pointer_flags(self):
        m = ctb.read(read_input("ftoi_ptr"))
        # f32 (type 0), ptr<f32> with its flags word (0), tile<ptr<f32>>.
        self.assertIn(bytes([0x07, 0x0C, 0x00, 0x00, 0x0D]), ctb.write(m, "13.4"))

    def test_refused_below_13_4(self):
        with self.assertRaisesRegex(ctb.EncodeError,
                                    "operation 'cuda_tile.insert' is not available in "
                                    "bytecode version 13.3"):
            ctb.write(ctb.read(read_input("new_ops")), "13.3")
        with self.assertRaisesRegex(ctb.EncodeError,
                                    "optional attribute 'saturating' is provided but "
                                    "requires bytecode version 13.4, targeting 13.3"):
            ctb.write(ctb.read(read_input("ftoi_ptr")), "13.3")

    def test_version_gate(self):
        data = bytearray(read_input("new_ops"))
        data[9] = 3
        with self.assertRaisesRegex(ctb.DecodeError, "opcode 118"):
            ctb.read(bytes(data))


if __name__ == "__main__":
    unittest.main()
