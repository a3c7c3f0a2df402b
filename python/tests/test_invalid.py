"""Malformed input: always a DecodeError with an offset, never anything else."""

import os
import unittest

import support
from support import assemble, function_record, function_section, read_bytes, relative, table, varint

import cuda_tile_bytecode as ctb
from cuda_tile_bytecode import reader as reader_module

STRING, FUNCTION, DEBUG, TYPE = 1, 2, 3, 5
I1, TILE, FUNC, PTR = 0, 13, 16, 12


def _tile_i1_types():
    """Types: 0 = i1, 1 = tile<i1>, 2 = (tile<i1>) -> ()."""
    return [varint(I1), varint(TILE) + varint(0) + varint(0),
            varint(FUNC) + varint(1) + varint(1) + varint(0)]


def _file(body, version="13.3", types=None, extra=(), flags=0x02, loc_index=0):
    types = _tile_i1_types() if types is None else types
    sections = [(FUNCTION, function_section([function_record(0, len(types) - 1, body, flags,
                                                             loc_index)]), 8)]
    sections += list(extra)
    sections += [(TYPE, table(types, 4), 4), (STRING, table([b"f"], 4), 4)]
    return assemble(version, sections)


def _nested_ifs(depth):
    """``depth`` nested ``if %arg0 { ... }`` (opcode 0x32), each then-block
    ending in a yield."""
    yield_op = varint(0x6D) + varint(0) + varint(0)
    then = varint(1) + varint(0) + varint(1) + yield_op            # 1 block, 0 args, 1 op
    for _ in range(depth):
        nested_if = (varint(0x32) + varint(0) + varint(0)          # if: 0 results, cond %0
                     + varint(2) + then + varint(0))               # 2 regions, else empty
        then = varint(1) + varint(0) + varint(2) + nested_if + yield_op
    return nested_if + varint(0x5C) + varint(0) + varint(0)        # return


class ReferenceDiagnostics(unittest.TestCase):
    def test_invalid_bytecode_files(self):
        """Every invalid_bytecode file is rejected with the reference reader's
        exact diagnostics, and the error carries the offset."""
        files = support.invalid_files()
        self.assertGreater(len(files), 0)
        for path in files:
            with self.subTest(file=relative(path)):
                with self.assertRaises(ctb.DecodeError) as cm:
                    ctb.read(read_bytes(path))
                e = cm.exception
                expected = support.reference_error_lines(path[:-len(".tileirbc")] + ".err")
                self.assertEqual(e.reference_lines(), expected)
                self.assertIsInstance(e.offset, int)
                self.assertIsInstance(e.file_offset, int)
                self.assertIn("error at offset %d" % e.offset, "\n".join(expected))
                self.assertIn("offset", str(e))
                self.assertNotIn("\n", str(e))


class Crafted(unittest.TestCase):
    def assertDecodeError(self, data, fragment=None):
        with self.assertRaises(ctb.DecodeError) as cm:
            ctb.read(data)
        if fragment is not None:
            self.assertIn(fragment, str(cm.exception))
        self.assertIsInstance(cm.exception.file_offset, int)
        self.assertLessEqual(cm.exception.file_offset, len(data))
        return cm.exception

    def test_assembler_sanity(self):
        m = ctb.read(_file(_nested_ifs(3)))
        self.assertEqual(len(list(m.walk())), 3 + 3 + 1)   # ifs, yields, return
        self.assertEqual(ctb.write(m), _file(_nested_ifs(3)))

    def test_deep_region_nesting(self):
        self.assertDecodeError(_file(_nested_ifs(2000)), "nested deeper")
        ctb.read(_file(_nested_ifs(reader_module.MAX_NESTING)))

    def test_deep_attribute_nesting(self):
        depth = 5000
        attr = varint(6) + varint(0)              # []
        for _ in range(depth):
            attr = varint(6) + varint(1) + attr    # [attr]
        hints = varint(11) + varint(1) + varint(0) + attr
        body = varint(0x5C) + varint(0) + varint(0)
        types = _tile_i1_types()
        rec = varint(0) + varint(2) + bytes([0x06]) + varint(0) + hints + varint(len(body)) + body
        data = assemble("13.3", [(FUNCTION, function_section([rec]), 8), (TYPE, table(types, 4), 4),
                                 (STRING, table([b"f"], 4), 4)])
        self.assertDecodeError(data, "nested deeper")

    def test_type_cycle(self):
        types = [varint(PTR) + varint(0), varint(FUNC) + varint(0) + varint(0)]
        self.assertDecodeError(_file(varint(0x5C) + varint(0) + varint(0), types=types),
                               "refers to itself")

    def test_deep_type_chain(self):
        # type i = ptr<type i+1>, ..., the last one i1: resolving type 0 walks
        # the whole chain
        n = 3000
        types = [varint(PTR) + varint(i + 1) for i in range(n)] + [varint(I1)]
        types.append(varint(FUNC) + varint(0) + varint(0))
        self.assertDecodeError(_file(varint(0x5C) + varint(0) + varint(0), types=types),
                               "nested deeper")

    def test_debug_cycle(self):
        debug = bytearray(varint(1))                 # one function list
        debug += b"\xcb" * (-len(debug) % 4)
        debug += (0).to_bytes(4, "little")
        debug += varint(1)                           # one location index
        debug += b"\xcb" * (-len(debug) % 8)
        debug += (1).to_bytes(8, "little")
        debug += varint(1)                           # one attribute: cu(file = itself)
        debug += b"\xcb" * (-len(debug) % 4)
        debug += (0).to_bytes(4, "little")
        debug += varint(1) + varint(1)
        data = _file(varint(0x5C) + varint(0) + varint(0), extra=[(DEBUG, bytes(debug), 8)],
                     loc_index=1)
        self.assertDecodeError(data, "refers to itself")

    def test_huge_counts(self):
        big = varint((1 << 63) + 12345)
        cases = {
            "string count": assemble("13.3", [(FUNCTION, function_section([]), 8),
                                              (STRING, big, 1)]),
            "operand count": _file(varint(0x5C) + varint(0) + big),
            "result count": _file(varint(0x5C) + big),
            "function count": assemble("13.3", [(FUNCTION, big, 1), (STRING, table([], 4), 4)]),
            "tile shape": _file(varint(0x5C) + varint(0) + varint(0),
                                types=[varint(I1), varint(TILE) + varint(0) + big,
                                       varint(FUNC) + varint(1) + varint(1) + varint(0)]),
        }
        for name, data in cases.items():
            with self.subTest(case=name):
                self.assertDecodeError(data)

    def test_operand_out_of_scope(self):
        # return %5 with only one value in scope
        self.assertDecodeError(_file(varint(0x5C) + varint(0) + varint(1) + varint(5)),
                               "operand index 5 out of range")

    def test_bad_enum_value(self):
        # addi (0x03) with overflow = 9
        body = varint(0x03) + varint(1) + varint(9) + varint(0) + varint(0)
        self.assertDecodeError(_file(body + varint(0x5C) + varint(0) + varint(0)),
                               "invalid IntegerOverflow value 9")

    def test_module_level_opcodes_in_body(self):
        for opcode in (0x16, 0x31, 0x4B):
            with self.subTest(opcode=opcode):
                self.assertDecodeError(_file(varint(opcode)), "unknown or unimplemented opcode")

    def test_newer_type_tag_in_older_file(self):
        types = [varint(22), varint(FUNC) + varint(0) + varint(0)]    # i4 in 13.1
        self.assertDecodeError(_file(varint(0x5C) + varint(0) + varint(0), "13.1", types=types),
                               "requires bytecode version 13.3")

    def test_every_truncation(self):
        """Every proper prefix of a few files is rejected."""
        root = support.require_conformance()
        for rel in ("debug_info/lexical_blocks.13.3.tileirbc", "globals/globals_basic.13.1.tileirbc",
                    "assume_hints/hints_entry_and_memory.13.2.tileirbc"):
            data = read_bytes(os.path.join(root, "valid", rel))
            for n in range(len(data)):
                with self.subTest(file=rel, size=n):
                    self.assertDecodeError(data[:n])

    def test_not_bytes(self):
        with self.assertRaises(TypeError):
            ctb.read("not bytes")


if __name__ == "__main__":
    unittest.main()
