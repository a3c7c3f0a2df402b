"""``python -m cuda_tile_bytecode``: dump, migrate, check, errors."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import support
from support import read_bytes


def run(*args, stdin=None):
    """Runs the CLI; with `stdin` (bytes) the streams are bytes too."""
    env = dict(os.environ)
    env["PYTHONPATH"] = support.PYTHON_DIR + (os.pathsep + env["PYTHONPATH"]
                                              if env.get("PYTHONPATH") else "")
    env.pop("CUDA_TILE_BYTECODE_TRACEBACK", None)
    return subprocess.run([sys.executable, "-m", "cuda_tile_bytecode"] + list(args),
                          capture_output=True, text=stdin is None, input=stdin, env=env)


class Cli(unittest.TestCase):
    def setUp(self):
        self.root = support.require_conformance()
        self.tmp = tempfile.mkdtemp(prefix="ctb-cli-")
        self.addCleanup(shutil.rmtree, self.tmp)

    def valid(self, rel):
        return os.path.join(self.root, "valid", rel)

    def assertOneLineError(self, proc, fragment):
        self.assertEqual(proc.returncode, 1, proc.stderr)
        lines = proc.stderr.splitlines()
        self.assertEqual(len(lines), 1, proc.stderr)
        self.assertTrue(lines[0].startswith("cuda_tile_bytecode: error: "), lines[0])
        self.assertIn(fragment, lines[0])
        self.assertNotIn("Traceback", proc.stderr)

    def test_dump(self):
        proc = run("dump", self.valid("globals/globals_basic.13.3.tileirbc"))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        out = proc.stdout
        for fragment in ("version 13.3", "sections:", "global", "function", "constant", "type",
                         "string table: ", '"weights"', "type table: ", "tile<4xf32>",
                         "constant pool: ", "global @weights : tile<4xf32>", "entry @use()",
                         "cuda_tile.get_global", "cuda_tile.load_ptr_tko", "cuda_tile.return"):
            self.assertIn(fragment, out)
        self.assertEqual(proc.stderr, "")

    def test_dump_debug_info_and_regions(self):
        proc = run("dump", self.valid("debug_info/lexical_blocks.13.3.tileirbc"))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("debug info:", proc.stdout)
        self.assertIn("di_lexical_block", proc.stdout)
        proc = run("dump", self.valid("control_flow/nested_control.13.3.tileirbc"))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("region #0", proc.stdout)

    def test_dump_invalid(self):
        path = os.path.join(self.root, "invalid_bytecode", "unknown_opcode.tileirbc")
        proc = run("dump", path)
        self.assertOneLineError(proc, "error at offset 1: unsupported opcode 126 for bytecode "
                                      "version 13.3")
        self.assertIn("sections:", proc.stdout)       # what was decoded is still shown

    def test_dump_missing_file(self):
        self.assertOneLineError(run("dump", os.path.join(self.tmp, "nope.tileirbc")), "cannot read")

    def test_migrate(self):
        out = os.path.join(self.tmp, "out.tileirbc")
        proc = run("migrate", "--to", "13.1", self.valid("math/tanh_approx.13.3.tileirbc"), "-o", out)
        self.assertOneLineError(proc, "attribute 'rounding_mode' requires bytecode version 13.2+, "
                                      "but targeting 13.1")
        self.assertIn("op #1 (cuda_tile.tanh)", proc.stderr)
        self.assertFalse(os.path.exists(out))
        proc = run("migrate", "--to", "13.2", self.valid("math/tanh_approx.13.3.tileirbc"), "-o", out)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stderr, "")
        self.assertEqual(read_bytes(out), read_bytes(self.valid("math/tanh_approx.13.2.tileirbc")))
        self.assertEqual(os.listdir(self.tmp), ["out.tileirbc"])

    def test_standard_streams(self):
        """`-` reads standard input; `-o -` writes the bytecode to standard
        output, and -v then reports on stderr."""
        src = read_bytes(self.valid("math/tanh_approx.13.3.tileirbc"))
        proc = run("migrate", "--to", "13.2", "-", "-o", "-", "-v", stdin=src)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout, read_bytes(self.valid("math/tanh_approx.13.2.tileirbc")))
        self.assertIn(b"13.3 -> 13.2", proc.stderr)
        proc = run("dump", "-", stdin=src)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn(b"version 13.3", proc.stdout)
        proc = run("dump", "-", stdin=b"\x7fTileIR")
        self.assertEqual(proc.returncode, 1)
        self.assertTrue(proc.stderr.startswith(b"cuda_tile_bytecode: error: -: "), proc.stderr)

    def test_migrate_same_version(self):
        src = self.valid("control_flow/for_loops.13.2.tileirbc")
        out = os.path.join(self.tmp, "same.tileirbc")
        proc = run("migrate", "--to", "13.2", src, "-o", out, "-v")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(read_bytes(out), read_bytes(src))
        self.assertIn("13.2 -> 13.2", proc.stdout)

    def test_migrate_note_on_dropped_producer(self):
        out = os.path.join(self.tmp, "p.tileirbc")
        proc = run("migrate", "--to", "13.1", self.valid("core/producer_attr.13.3.tileirbc"), "-o", out)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("note:", proc.stderr)
        self.assertIn("dropped producer", proc.stderr)
        self.assertEqual(read_bytes(out), read_bytes(self.valid("core/producer_attr.13.1.tileirbc")))

    def test_migrate_invalid_input(self):
        out = os.path.join(self.tmp, "o.tileirbc")
        path = os.path.join(self.root, "invalid_bytecode", "bad_magic.tileirbc")
        proc = run("migrate", "--to", "13.3", path, "-o", out)
        self.assertOneLineError(proc, "invalid magic number at position 1, got 88 expected 84")
        self.assertFalse(os.path.exists(out))

    def test_migrate_unwritable_output(self):
        out = os.path.join(self.tmp, "no", "such", "dir", "o.tileirbc")
        proc = run("migrate", "--to", "13.3", self.valid("core/empty_module.13.1.tileirbc"), "-o", out)
        self.assertOneLineError(proc, "cannot write")

    def test_usage_errors(self):
        for args in ([], ["migrate", "--to", "13.1"], ["migrate", "--to", "x.y", "a", "-o", "b"],
                     ["frobnicate"]):
            with self.subTest(args=args):
                proc = run(*args)
                self.assertEqual(proc.returncode, 2)
                self.assertNotIn("Traceback", proc.stderr)
        proc = run("migrate", "--to", "13.5", self.valid("core/empty_module.13.1.tileirbc"),
                   "-o", os.path.join(self.tmp, "x"))
        self.assertOneLineError(proc, "unsupported version requested 13.5")

    def test_check(self):
        proc = run("check", self.valid("core/multi_entry.13.1.tileirbc"),
                   self.valid("core/multi_entry.13.3.tileirbc"))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.count(": ok"), 2)
        bad = os.path.join(self.root, "invalid_bytecode", "trailing_garbage.tileirbc")
        self.assertOneLineError(run("check", bad), "end section is not the last section")

    def test_garbage_never_tracebacks(self):
        path = os.path.join(self.tmp, "garbage.tileirbc")
        for content in (b"", b"\x7fTileIR\x00\x0d\x03\x00\x00\x02\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01",
                        b"\x7fTileIR\x00\x0d\x03\x00\x00" + b"\x85" * 40):
            with open(path, "wb") as f:
                f.write(content)
            for cmd in (["dump", path], ["check", path],
                        ["migrate", "--to", "13.1", path, "-o", path + ".out"]):
                with self.subTest(content=content[:16], cmd=cmd[0]):
                    proc = run(*cmd)
                    self.assertEqual(proc.returncode, 1)
                    self.assertEqual(len(proc.stderr.splitlines()), 1, proc.stderr)
                    self.assertNotIn("Traceback", proc.stderr)
            self.assertFalse(os.path.exists(path + ".out"))


if __name__ == "__main__":
    unittest.main()


class Help(unittest.TestCase):
    """Every subcommand documents itself: a description in its own --help and
    a help text for every argument (the versions listed are the package's)."""

    def test_every_subcommand_and_argument_is_documented(self):
        import argparse
        from cuda_tile_bytecode.__main__ import build_parser
        from cuda_tile_bytecode.wire import SUPPORTED_VERSIONS
        parser = build_parser()
        commands = next(a for a in parser._actions
                        if isinstance(a, argparse._SubParsersAction))
        self.assertEqual(sorted(commands.choices), ["check", "dump", "migrate"])
        for name, sub in commands.choices.items():
            self.assertTrue(sub.description, name)
            for action in sub._actions:
                if isinstance(action, argparse._HelpAction):
                    continue
                self.assertTrue(action.help, "%s %s" % (name, action.dest))
        proc = run("migrate", "--help")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        for version in SUPPORTED_VERSIONS:
            self.assertIn(str(version), proc.stdout)
