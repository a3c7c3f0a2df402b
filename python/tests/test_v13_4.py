"""Tile IR 13.4: reading NVIDIA's 13.4 files, the ptr flags word, the
`inbounds` array of view loads and stores, refusals of 13.4 constructs at
13.3."""

import io
import math
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



def view_ops(module):
    return [op for op in module.functions[0].operations
            if op.name in ("load_view_tko", "store_view_tko")]


class Inbounds(unittest.TestCase):
    """load_view_tko / store_view_tko `inbounds`: after the optional
    attributes, before the operands; no flag bit; absent = all false."""

    def test_reads_nvidia_file(self):
        m = ctb.read(read_input("views"))
        self.assertEqual([op.attributes.get("inbounds") for op in view_ops(m)],
                         [(True, True), (True, False), (False, True), None])
        data = ctb.write(m, "13.4")
        self.assertEqual(ctb.write(ctb.read(data), "13.4"), data)

    def test_records(self):
        # cuTile.jl's vectors but for the type ids: 13.4 with [true, true]
        # `3E 02 t t 00 00 02 01 01 07 02 02 03`; all false is written too.
        m = ctb.read(read_input("views"))
        load, store = view_ops(m)[:2]
        data = ctb.write(m, "13.4")
        types = data[data.index(bytes([0x3E, 0x02])) + 2:][:2]
        self.assertIn(bytes([0x3E, 0x02]) + types + bytes([0x00, 0x00, 0x02, 0x01, 0x01,
                                                          0x07, 0x02, 0x02, 0x03]), data)
        self.assertIn(bytes([0x66, 0x01, types[1], 0x00, 0x00, 0x02, 0x00, 0x00, 0x0C]), data)
        for op in view_ops(m):
            op.attributes.pop("inbounds", None)
        old = ctb.write(m, "13.3")
        self.assertIn(bytes([0x3E, 0x02]) + types + bytes([0x00, 0x00, 0x07, 0x02, 0x02, 0x03]),
                      old)
        # Up from 13.3: one false per index, read back as absent.
        up = ctb.write(ctb.read(old), "13.4")
        self.assertIn(bytes([0x3E, 0x02]) + types + bytes([0x00, 0x00, 0x02, 0x00, 0x00, 0x07]),
                      up)
        self.assertEqual([op.attributes.get("inbounds") for op in view_ops(ctb.read(up))],
                         [None] * 4)

    def test_refused_below_13_4(self):
        with self.assertRaisesRegex(ctb.EncodeError,
                                    "attribute 'inbounds' requires bytecode version 13.4\\+, "
                                    "but targeting 13.3"):
            ctb.write(ctb.read(read_input("views")), "13.3")
        with self.assertRaisesRegex(ctb.EncodeError, "attribute 'inbounds' requires"):
            ctb.migrate_bytes(read_input("views"), "13.3")
        m = ctb.read(read_input("views"))
        for op in view_ops(m):
            if "inbounds" in op.attributes:
                op.attributes["inbounds"] = (False, False)
        back = ctb.read(ctb.write(m, "13.3"))
        self.assertEqual([op.attributes.get("inbounds") for op in view_ops(back)], [None] * 4)

    def test_one_value_per_index(self):
        m = ctb.read(read_input("views"))
        view_ops(m)[0].attributes["inbounds"] = (True,)
        with self.assertRaisesRegex(ctb.EncodeError,
                                    "expected one inbounds value per index \\(2\\), but got 1"):
            ctb.write(m, "13.4")
        # In a file: three values for one index, in the bytes of the first
        # load (`02 01 01 07 02 02 03` becomes `03 01 01 00 07 01 02`).
        data = read_input("views")
        record = bytes.fromhex("02010107020203")
        self.assertEqual(data.count(record), 1)
        with self.assertRaisesRegex(ctb.DecodeError,
                                    "expected one inbounds value per index \\(1\\), but got 3"):
            ctb.read(data.replace(record, bytes.fromhex("03010100070102")))

    def test_invalid_bool_byte(self):
        data = bytearray(read_input("views"))
        at = data.index(bytes([0x02, 0x01, 0x01, 0x07]))
        data[at + 2] = 0x02
        with self.assertRaisesRegex(ctb.DecodeError, "invalid bool value 2 in attribute 'inbounds'"):
            ctb.read(bytes(data))

    def test_builder_and_printer(self):
        m = ctb.read(read_input("views"))
        out = io.StringIO()
        from cuda_tile_bytecode.dump import format_module
        format_module(m, out)
        self.assertIn("inbounds = [true, false]", out.getvalue())


def f8e5m3fnu_value(bits):
    """The definition: no sign; e == 0: m/8 * 2^-14; else (1 + m/8) *
    2^(e - 15); 0xFF is the only NaN."""
    e, m = bits >> 3, bits & 7
    if bits == 0xFF:
        return math.nan
    if e == 0:
        return m / 8 * 2.0 ** -14
    return (1 + m / 8) * 2.0 ** (e - 15)


class F8E5M3FNU(unittest.TestCase):
    """13.4's f8E5M3FNU: type tag 130 (varint 82 01), no payload."""

    def test_reads_nvidia_file(self):
        m = ctb.read(read_input("f8e5m3fnu"))
        out = io.StringIO()
        from cuda_tile_bytecode.dump import format_module
        format_module(m, out)
        self.assertIn("tile<8xf8E5M3FNU>", out.getvalue())
        self.assertIn("tile<ptr<f8E5M3FNU>>", out.getvalue())
        data = ctb.write(m, "13.4")
        # f8E5M3FNU first, then ptr<f8E5M3FNU> (flags 0, pointee type 0).
        self.assertIn(bytes([0x82, 0x01, 0x0C, 0x00, 0x00]), data)
        self.assertEqual(ctb.write(ctb.read(data), "13.4"), data)

    def test_refused_below_13_4(self):
        m = ctb.read(read_input("f8e5m3fnu"))
        with self.assertRaisesRegex(ctb.EncodeError,
                                    "type 'Float8E5M3FNU' requires bytecode version 13.4\\+, "
                                    "targeting 13.3"):
            ctb.write(m, "13.3")

    def test_reader_gate(self):
        data = ctb.write(ctb.read(read_input("f8e5m3fnu")), "13.4")
        patched = bytearray(data)
        patched[9] = 3
        with self.assertRaisesRegex(ctb.DecodeError, "type tag 130"):
            ctb.read(bytes(patched))

    def test_values(self):
        from cuda_tile_bytecode.elements import bits_to_float, float_to_bits
        for bits in range(256):
            expected = f8e5m3fnu_value(bits)
            got = bits_to_float(bits, "f8E5M3FNU")
            if math.isnan(expected):
                self.assertTrue(math.isnan(got))
                self.assertEqual(float_to_bits(got, "f8E5M3FNU"), 0xFF)
            else:
                self.assertEqual(got, expected, hex(bits))
                self.assertEqual(float_to_bits(got, "f8E5M3FNU"), bits)
        self.assertEqual(bits_to_float(0xFE, "f8E5M3FNU"), 114688.0)
        self.assertEqual(bits_to_float(0x01, "f8E5M3FNU"), 2.0 ** -17)
        self.assertEqual(float_to_bits(-0.0, "f8E5M3FNU"), 0)
        # Ties to even: 1.0625 between 1.0 (0x78) and 1.125 (0x79).
        self.assertEqual(float_to_bits(1.0625, "f8E5M3FNU"), 0x78)
        self.assertEqual(float_to_bits(1.1875, "f8E5M3FNU"), 0x7A)
        for bad in (-1.0, math.inf, 2.0 ** 17):
            with self.assertRaises(ValueError):
                float_to_bits(bad, "f8E5M3FNU")


if __name__ == "__main__":
    unittest.main()
