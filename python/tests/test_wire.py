"""Wire primitives and the generated tables."""

import os
import subprocess
import sys
import unittest

import support

from cuda_tile_bytecode import _tables, tables
from cuda_tile_bytecode.wire import (
    ByteReader, ByteWriter, DecodeError, EncodeError, Version, encode_varint, parse_version, unzigzag,
    zigzag,
)


class Varints(unittest.TestCase):
    def test_varint_round_trip(self):
        values = [0, 1, 127, 128, 255, 300, 16383, 16384, 2 ** 32, 2 ** 63, 2 ** 64 - 1]
        for v in values:
            with self.subTest(value=v):
                data = encode_varint(v)
                r = ByteReader(data)
                self.assertEqual(r.varint(), v)
                self.assertTrue(r.at_end())
        self.assertEqual(encode_varint(0), b"\x00")
        self.assertEqual(encode_varint(300), b"\xac\x02")
        self.assertEqual(len(encode_varint(2 ** 64 - 1)), 10)

    def test_varint_errors(self):
        for data in (b"", b"\x80", b"\xff" * 11, b"\xff" * 9 + b"\x02"):
            with self.subTest(data=data.hex()), self.assertRaises(DecodeError):
                ByteReader(data).varint()

    def test_zigzag(self):
        for v in (0, -1, 1, -2, 2 ** 62, -(2 ** 63), 2 ** 63 - 1):
            self.assertEqual(unzigzag(zigzag(v)), v)
        self.assertEqual(zigzag(-1), 1)
        self.assertEqual(zigzag(1), 2)
        # -0.125 as f64 bits, from FORMAT.md
        self.assertEqual(encode_varint(zigzag(0xBFC0000000000000)).hex(), "ffffffffffffffbf8001")

    def test_reader_offsets(self):
        r = ByteReader(b"\x01\x02\x03", base=10, file_base=100)
        r.u8()
        with self.assertRaises(DecodeError) as cm:
            r.take(5)
        self.assertEqual(cm.exception.offset, 11)
        self.assertEqual(cm.exception.file_offset, 101)

    def test_padding(self):
        w = ByteWriter()
        w.u8(1)
        w.align(4)
        self.assertEqual(w.getvalue(), b"\x01\xcb\xcb\xcb")
        self.assertEqual(w.alignment, 4)
        r = ByteReader(b"\x01\xcb\x00\xcb")
        r.u8()
        with self.assertRaises(DecodeError):
            r.align(4)

    def test_error_texts(self):
        e = DecodeError(5, "inner", 17).add_context(9, "outer")
        self.assertEqual(e.reference_lines(), ["error at offset 5: inner", "error at offset 9: outer"])
        self.assertEqual(str(e), "error at offset 5: inner; error at offset 9: outer (file offset 17)")
        e = DecodeError(None, "no offset", 3).add_context(4, "then")
        self.assertEqual(e.offset, 4)
        self.assertEqual(str(EncodeError("msg", "entry @k")), "entry @k: msg")

    def test_versions(self):
        self.assertEqual(parse_version("13.2"), Version(13, 2))
        self.assertEqual(parse_version("13.2.0"), (13, 2))
        self.assertEqual(str(parse_version((13, 3))), "13.3")
        for bad in ("13", "x.y", "13.2.1.0", ""):
            with self.subTest(text=bad), self.assertRaises(ValueError):
                parse_version(bad)


class Tables(unittest.TestCase):
    def test_consistency(self):
        opcodes = [op[0] for op in _tables.OPS]
        self.assertEqual(len(opcodes), len(set(opcodes)))
        self.assertEqual(len(tables.OPS_BY_NAME), len(_tables.OPS))
        # 105 opcodes: 102 body ops + module, entry, global
        self.assertEqual(len(tables.OPS_BY_NAME), 105)
        self.assertEqual(len([o for o in tables.OPS_BY_NAME.values() if not o.module_level]), 102)
        self.assertEqual({str(v): tables.max_opcode(v) for v in tables.VERSIONS},
                         {"13.1": 0x6D, "13.2": 0x6E, "13.3": 0x75, "13.4": 0x7A})
        for op in tables.OPS_BY_NAME.values():
            for field in op.results + op.operands + op.attributes:
                self.assertGreaterEqual(field.since, op.since, (op.name, field.name))
            for spec in op.attributes:
                if spec.default is not None and spec.kind == "enum":
                    self.assertIn(spec.default, spec.enum.values)
        tags = [t[0] for t in _tables.TYPES]
        self.assertEqual(len(tags), len(set(tags)))

    def test_plain_data(self):
        """_tables.py holds only literals a TableGen backend can print."""
        def plain(value):
            if isinstance(value, tuple):
                return all(plain(v) for v in value)
            return value is None or isinstance(value, (int, str, bool))
        for name in dir(_tables):
            if name.isupper():
                self.assertTrue(plain(getattr(_tables, name)), name)

    def test_flag_assignment(self):
        """Flag bits of the ops FORMAT.md documents."""
        cases = {
            "load_ptr_tko": ["memory_scope", "optimization_hints", "mask", "paddingValue", "token"],
            "load_view_tko": ["memory_scope", "optimization_hints", "token"],
            "atomic_cas_tko": ["mask", "token"],
            "for": ["unsignedCmp"],
            "print_tko": ["token"],
            "maxf": ["propagate_nan", "flush_to_zero"],
        }
        for name, fields in cases.items():
            with self.subTest(op=name):
                self.assertEqual([f[0] for f in tables.op_schema(name).optional_fields], fields)
        self.assertEqual(str(tables.op_schema("for").flags_since), "13.2")
        self.assertTrue(tables.op_schema("extract").counted)
        self.assertFalse(tables.op_schema("load_ptr_tko").counted)

    def test_generated_from_tablegen(self):
        """_tables.py is what tools/gen_tables.py generates from the .td files
        (skipped when llvm-tblgen with the MLIR .td files is not available)."""
        sys.path.insert(0, os.path.join(support.PYTHON_DIR, "tools"))
        try:
            import gen_tables
        finally:
            sys.path.pop(0)
        tblgen, inc = gen_tables.find_tools(support.REPO_DIR)
        if tblgen is None:
            reason = "llvm-tblgen with the MLIR .td files not found; _tables.py not checked"
            support._report(reason)
            self.skipTest(reason)
        proc = subprocess.run([sys.executable, os.path.join(support.PYTHON_DIR, "tools", "gen_tables.py"),
                               "--check", "--src", support.REPO_DIR], capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)


if __name__ == "__main__":
    unittest.main()
