"""Reading bytecode written by real producers (../shared/real-clients).

cuTile Python's writer is not the reference's: its string table is in
creation order, its type table always holds i1 and i32, equal constants are
stored once, empty sections may be written and the function section is not
padded. The package must read all of it, and what it writes from it must
read back to the same module.
"""

import glob
import os
import unittest

import support
from support import read_bytes

import cuda_tile_bytecode as ctb


def real_clients_dir():
    path = os.environ.get("CUDA_TILE_REAL_CLIENTS_DIR")
    if not path:
        path = os.path.join(support.REPO_DIR, os.pardir, "shared",
                            "real-clients")
    return os.path.normpath(path)


def producer_files():
    """(version folder, path) of every bytecode file, or skip."""
    root = real_clients_dir()
    files = sorted(glob.glob(os.path.join(root, "*", "v*", "*.tileirbc")))
    if not files:
        raise unittest.SkipTest("no real-clients data at %s" % root)
    return [(os.path.basename(os.path.dirname(path))[1:], path)
            for path in files]


class RealClients(unittest.TestCase):

    def test_every_file_reads_and_round_trips(self):
        supported = set(str(v) for v in ctb.SUPPORTED_VERSIONS)
        checked = 0
        for version, path in producer_files():
            with self.subTest(file=os.path.relpath(path, real_clients_dir())):
                data = read_bytes(path)
                if version not in supported:
                    with self.assertRaises(ctb.DecodeError) as cm:
                        ctb.read(data)
                    self.assertIn("unsupported Tile version", str(cm.exception))
                    continue
                module = ctb.read(data)
                self.assertEqual(str(module.version), version)
                again = ctb.read(ctb.write(module, version))
                self.assertIsNone(ctb.compare_modules(module, again))
                checked += 1
        self.assertGreater(checked, 0)


if __name__ == "__main__":
    unittest.main()
