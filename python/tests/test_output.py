"""Output files (cuda_tile_bytecode/output.py) through the command line:
symlinks are written through, devices and FIFOs in place, a failed write is
an error, and a regular file is either untouched or complete.

The device-node cases make nodes with os.mknod in a temporary directory and
need root; otherwise they are skipped with the reason printed.
"""

import errno
import io
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import unittest

import support

from cuda_tile_bytecode import __main__ as cli

EMPTY_MODULE = os.path.join("valid", "core", "empty_module.13.3.tileirbc")


def run(*args):
    env = dict(os.environ, PYTHONPATH=support.PYTHON_DIR)
    return subprocess.run([sys.executable, "-m", "cuda_tile_bytecode"] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


class Output(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.tmp)
        self.input = os.path.join(support.require_conformance(), EMPTY_MODULE)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def migrate(self, output, version="13.1"):
        return run("migrate", "--to", version, self.input, "-o", output)

    def device(self, name, minor):
        """A character device of the mem driver (3: null, 7: full)."""
        if os.geteuid() != 0:
            reason = "device nodes need root (os.mknod); skipping the %s case" % name
            print("\nNOTE: skipping: %s" % reason)
            self.skipTest(reason)
        path = self.path(name)
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
        return path

    def assertOnlyFiles(self, *names):
        self.assertEqual(sorted(os.listdir(self.tmp)), sorted(names))

    def test_symlink_is_kept_and_its_target_written(self):
        target, link = self.path("target.tileirbc"), self.path("link.tileirbc")
        with open(target, "wb") as f:
            f.write(b"old")
        os.symlink("target.tileirbc", link)
        proc = self.migrate(link)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(os.path.islink(link))
        with open(target, "rb") as f:
            self.assertEqual(f.read()[8:10], bytes([13, 1]))
        self.assertOnlyFiles("target.tileirbc", "link.tileirbc")

    def test_dangling_symlink_creates_its_target(self):
        link = self.path("link.tileirbc")
        os.symlink("new.tileirbc", link)
        self.assertEqual(self.migrate(link).returncode, 0)
        self.assertTrue(os.path.islink(link))
        self.assertTrue(os.path.isfile(self.path("new.tileirbc")))

    def test_null_device_stays_a_device(self):
        null = self.device("null", 3)
        proc = self.migrate(null)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(stat.S_ISCHR(os.lstat(null).st_mode))
        self.assertOnlyFiles("null")

    def test_full_device_fails(self):
        full = self.device("full", 7)
        proc = self.migrate(full)
        self.assertEqual(proc.returncode, 1)
        message = proc.stderr.decode()
        self.assertIn("No space left on device", message)
        self.assertEqual(message.count("\n"), 1)
        self.assertTrue(stat.S_ISCHR(os.lstat(full).st_mode))
        self.assertOnlyFiles("full")

    def test_fifo_is_written_in_place(self):
        fifo = self.path("fifo")
        os.mkfifo(fifo)
        received = []

        def read_fifo():
            with open(fifo, "rb") as f:
                received.append(f.read())
        # a daemon: if the output never opens the FIFO, the test must not hang
        reader = threading.Thread(target=read_fifo, daemon=True)
        reader.start()
        proc = self.migrate(fifo)
        reader.join(60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(received[0][8:10], bytes([13, 1]))
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))

    def test_dev_stdout(self):
        proc = self.migrate("/dev/stdout")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout[:10], b"\x7fTileIR\x00" + bytes([13, 1]))

    def test_permissions_of_an_existing_file_are_kept(self):
        out = self.path("out.tileirbc")
        with open(out, "wb") as f:
            f.write(b"old")
        os.chmod(out, 0o640)
        self.assertEqual(self.migrate(out).returncode, 0)
        self.assertEqual(stat.S_IMODE(os.stat(out).st_mode), 0o640)
        self.assertOnlyFiles("out.tileirbc")

    def test_failed_run_leaves_the_old_file(self):
        out = self.path("out.tileirbc")
        with open(out, "wb") as f:
            f.write(b"old")
        bad = self.path("bad.tileirbc")
        with open(bad, "wb") as f:
            f.write(b"\x7fTileIR\x00\x0d\x03\x00\x00garbage")
        proc = run("migrate", "--to", "13.1", bad, "-o", out)
        self.assertEqual(proc.returncode, 1)
        with open(out, "rb") as f:
            self.assertEqual(f.read(), b"old")
        self.assertOnlyFiles("out.tileirbc", "bad.tileirbc")

    def test_failed_write_leaves_the_old_file_and_no_temporary(self):
        """ENOSPC while the temporary is flushed: an error, the old file and
        nothing else."""
        out = self.path("out.tileirbc")
        with open(out, "wb") as f:
            f.write(b"old")

        def full_disk(fd):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        original = os.fsync
        os.fsync = full_disk
        err = io.StringIO()
        try:
            status = cli.main(["migrate", "--to", "13.1", self.input, "-o", out],
                              io.StringIO(), err)
        finally:
            os.fsync = original
        self.assertEqual(status, 1)
        self.assertIn("No space left on device", err.getvalue())
        with open(out, "rb") as f:
            self.assertEqual(f.read(), b"old")
        self.assertOnlyFiles("out.tileirbc")


class PatchVersion(unittest.TestCase):
    def setUp(self):
        self.input = os.path.join(support.require_conformance(), EMPTY_MODULE)

    def test_patch_number_is_kept(self):
        """As cuda-tile-translate -bytecode-version=13.3.1: the patch goes
        into the header's version tag."""
        proc = run("migrate", "--to", "13.3.1", self.input, "-o", "-", "-v")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout[8:12], bytes([13, 3, 1, 0]))
        self.assertIn(b"-> 13.3.1", proc.stderr)
        self.assertNotIn(b"canonical", proc.stderr)

    def test_patch_number_over_16_bits_is_refused(self):
        proc = run("migrate", "--to", "13.3.65536", self.input, "-o", "-")
        self.assertEqual(proc.returncode, 2)
        self.assertEqual(proc.stdout, b"")


if __name__ == "__main__":
    unittest.main()
