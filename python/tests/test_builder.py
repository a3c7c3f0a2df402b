"""The builder API and the examples."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import support
from support import read_bytes

import cuda_tile_bytecode as ctb
from cuda_tile_bytecode.builder import (
    BuilderError, ModuleBuilder, bf16, f16, f32, hints, i1, i8, i32, i64, ptr, tile,
)
from cuda_tile_bytecode.elements import bits_to_float, decode_elements, encode_elements, float_to_bits
from cuda_tile_bytecode.model import StridedViewType, TensorViewType

EXAMPLES = os.path.join(support.PYTHON_DIR, "examples")


def _load_example(name):
    import importlib.util
    spec = importlib.util.spec_from_file_location("example_" + name, os.path.join(EXAMPLES, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class ReproducesReference(unittest.TestCase):
    """Modules built in Python give exactly the reference writer's bytes for
    the same IR (conformance inputs rebuilt by hand)."""

    def reference(self, rel, version="13.3"):
        root = support.require_conformance()
        return read_bytes(os.path.join(root, "valid", rel + ".%s.tileirbc" % version))

    def test_tile_block_ids(self):
        mb = ModuleBuilder()
        b = mb.entry("where_am_i")
        bx, by, bz = b.get_tile_block_id()
        nx, ny, nz = b.get_num_tile_blocks()
        row = b.muli(by, nx)
        lin = b.addi(row, bx)
        plane = b.muli(ny, nx)
        zoff = b.muli(bz, plane)
        b.addi(lin, zoff)
        b.return_()
        for v in support.VERSIONS:
            with self.subTest(version=v):
                self.assertEqual(mb.to_bytes(v), self.reference("core/tile_block_ids", v))

    def test_globals(self):
        mb = ModuleBuilder()
        mb.global_("weights", [0.25, 0.5, 0.75, 1.0], tile(f32, [4]))
        mb.global_("aligned", list(range(1, 9)), tile(i64, [8]), alignment=256)
        mb.global_("one_byte", [-128], tile(i8, [1]))
        mb.global_("halves", [1.0, -1.0], tile(f16, [2]), alignment=16)
        mb.global_("splatted", 7, tile(i32, [64]))
        mb.global_("spelled_public", [3.0, 4.0], tile(bf16, [2]))
        b = mb.entry("use")
        w = b.get_global(name="weights", result_type=tile(ptr(f32)))
        b.load_ptr_tko(w)
        for name, elem in (("aligned", i64), ("one_byte", i8), ("halves", f16), ("splatted", i32),
                           ("spelled_public", bf16)):
            b.get_global(name=name, result_type=tile(ptr(elem)))
        b.return_()
        for v in support.VERSIONS:
            with self.subTest(version=v):
                self.assertEqual(mb.to_bytes(v), self.reference("globals/globals_basic", v))

    def test_scan(self):
        mb = ModuleBuilder()
        b = mb.entry("s")
        x = b.constant(1.0, tile(f32, [8, 16]))
        with b.scan([x], 1, [0.0]) as body:
            a, c = body.args
            b.yield_(b.addf(a, c))
        with b.scan([x], 0, [1.0], reverse=True) as body:
            a, c = body.args
            b.yield_(b.mulf(a, c))
        i = b.iota(result_type=tile(i64, [32]))
        with b.scan([i], 0, [0]) as body:
            a, c = body.args
            b.yield_(b.addi(a, c))
        b.return_()
        self.assertEqual(mb.to_bytes(), self.reference("reduce_scan/scan"))

    def test_entry_forms(self):
        mb = ModuleBuilder()
        mb.entry("noop").return_()
        b = mb.entry("no_explicit_return", [tile(f32), tile(f32)])
        b.addf(*b.args)
        b.return_()
        mb.entry("empty_braces").return_()
        self.assertEqual(mb.to_bytes(), self.reference("core/entry_forms"))

    def test_hints(self):
        mb = ModuleBuilder()
        b = mb.entry("tuned", [tile(ptr(f32))], optimization_hints={
            "sm_90": {"num_cta_in_cga": 2, "num_worker_warps_per_cta": 8},
            "sm_100": {"num_cta_in_cga": 16, "occupancy": 4},
            "default": {"num_worker_warps_per_cta": 4}})
        b.return_()
        module = ctb.read(self.reference("assume_hints/hints_entry_and_memory"))
        self.assertEqual(mb.module.functions[0].optimization_hints,
                         module.functions[0].optimization_hints)


class Examples(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="ctb-examples-")
        self.addCleanup(shutil.rmtree, self.tmp)

    def run_example(self, name, *args):
        out = os.path.join(self.tmp, name + ".tileirbc")
        proc = subprocess.run([sys.executable, os.path.join(EXAMPLES, name + ".py"), out] + list(args),
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return read_bytes(out)

    def test_vector_add(self):
        data = self.run_example("vector_add")
        module = ctb.read(data)
        self.assertEqual(ctb.write(module), data)
        (fn,) = module.functions
        self.assertEqual(fn.name, "vector_add")
        self.assertEqual([str(a.type) for a in fn.arguments],
                         ["tile<ptr<f32>>"] * 3 + ["tile<i32>"])
        names = [op.name for op in fn.walk()]
        self.assertEqual(names.count("load_ptr_tko"), 2)
        self.assertEqual(names.count("store_ptr_tko"), 1)
        self.assertEqual(names[-1], "return")
        loads = [op for op in fn.walk() if op.name == "load_ptr_tko"]
        self.assertTrue(all(op.operands["mask"] is not None for op in loads))
        for v in support.VERSIONS:
            self.assertEqual(ctb.read(ctb.write(module, v)).functions[0].name, "vector_add")

    def test_gemm(self):
        data = self.run_example("gemm", "--version", "13.1")
        module = ctb.read(data)
        self.assertEqual(str(module.version), "13.1")
        ops = list(module.walk())
        loop = [op for op in ops if op.name == "for"][0]
        body = loop.regions[0].blocks[0]
        self.assertEqual([op.name for op in body.operations],
                         ["load_view_tko", "load_view_tko", "mmaf", "continue"])
        mma = body.operations[2]
        self.assertEqual(str(mma.results[0].type), "tile<64x64xf32>")
        self.assertIs(mma.operands["acc"], body.arguments[1])
        self.assertEqual(ctb.write(module, "13.3"), self.run_example("gemm"))

    def test_readme_snippets(self):
        """The builder examples in README.md produce the examples' bytes."""
        import re
        with open(os.path.join(support.PYTHON_DIR, "README.md"), encoding="utf-8") as f:
            blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
        blocks = [blk for blk in blocks if "ModuleBuilder()" in blk]
        self.assertEqual(len(blocks), 2)
        cwd = os.getcwd()
        os.chdir(self.tmp)
        try:
            for blk in blocks:
                exec(compile(blk, "README.md", "exec"), {})
        finally:
            os.chdir(cwd)
        for name in ("vector_add", "gemm"):
            self.assertEqual(read_bytes(os.path.join(self.tmp, name + ".tileirbc")),
                             _load_example(name).build().to_bytes("13.3"))

    def test_examples_importable(self):
        self.assertIsInstance(_load_example("vector_add").build().to_bytes(), bytes)
        self.assertIsInstance(_load_example("gemm").build().to_bytes(), bytes)


class Api(unittest.TestCase):
    def test_result_inference_and_errors(self):
        mb = ModuleBuilder()
        b = mb.entry("k", [tile(f32, [4]), tile(ptr(f32), [4])])
        x, p = b.args
        self.assertEqual(b.addf(x, x).type, tile(f32, [4]))
        self.assertEqual(b.cmpf(x, x, comparison_predicate="less_than",
                                comparison_ordering="ordered").type, tile(i1, [4]))
        v, t = b.load_ptr_tko(p)
        self.assertEqual(v.type, tile(f32, [4]))
        self.assertEqual(str(t.type), "token")
        with self.assertRaises(BuilderError):
            b.reshape(x)                                   # result type not inferable
        with self.assertRaises(BuilderError):
            b.cmpi(x, x)                                   # required attributes missing
        with self.assertRaises(BuilderError):
            b.addf(x, x, rounding_mode="sideways")
        with self.assertRaises(BuilderError):
            b.addf(x)
        with self.assertRaises(BuilderError):
            b.addf(x, x, bogus=1)
        with self.assertRaises(AttributeError):
            b.not_an_op

    def test_if_and_loop(self):
        mb = ModuleBuilder()
        b = mb.entry("k", [tile(i1), tile(i32)])
        c, n = b.args
        branch = b.if_(c)
        with branch.then():
            b.addi(n, n)
        with branch.else_():
            b.subi(n, n)
        valued = b.if_(c, [tile(i32)])
        with valued.then():
            b.yield_(n)
        with valued.else_():
            b.yield_(b.muli(n, n))
        with b.loop([n], [tile(i32)]) as loop:
            (i,) = loop.args
            b.break_(i)
        with b.for_(n, n, n) as body:
            pass
        b.return_()
        m = ctb.read(mb.to_bytes())
        ops = m.functions[0].operations
        self.assertEqual([op.name for op in ops], ["if", "if", "loop", "for", "return"])
        self.assertEqual(len(ops[0].regions[0].blocks[0].operations), 2)     # addi + implicit yield
        self.assertEqual(ops[0].regions[0].blocks[0].operations[-1].name, "yield")
        self.assertEqual(ops[3].regions[0].blocks[0].operations[-1].name, "continue")
        self.assertEqual(ctb.compare_modules(m, mb.module), None)
        with self.assertRaises(BuilderError):
            with b.loop([n], [tile(i32)]):
                pass                                         # no terminator

    def test_writer_refusals_on_built_modules(self):
        mb = ModuleBuilder()
        b = mb.entry("k", [tile(f32)])
        (x,) = b.args
        b.exp(x, rounding_mode="approx")
        b.return_()
        self.assertIsInstance(mb.to_bytes("13.3"), bytes)
        with self.assertRaises(ctb.EncodeError) as cm:
            mb.to_bytes("13.2")
        self.assertEqual(cm.exception.message,
                         "attribute 'rounding_mode' requires bytecode version 13.3+, but targeting 13.2")
        self.assertIn("entry @k, op #1 (cuda_tile.exp)", cm.exception.location)

    def test_writer_names_dialect_types_by_class(self):
        view = StridedViewType(tile_shape=(2, 2), traversal_strides=(2, 2),
                               tensor_view=TensorViewType(element=i32, shape=(2, 2),
                                                          strides=(2, 1)))
        mb = ModuleBuilder()
        mb.entry("k", [view]).return_()
        self.assertIsInstance(mb.to_bytes("13.3"), bytes)
        with self.assertRaises(ctb.EncodeError) as cm:
            mb.to_bytes("13.2")
        self.assertEqual(cm.exception.message,
                         "type 'StridedViewType' requires bytecode version 13.3+, targeting 13.2")

    def test_values_out_of_scope(self):
        mb = ModuleBuilder()
        b1 = mb.entry("a", [tile(f32)])
        b2 = mb.entry("b")
        b2.negf(b1.args[0])
        b2.return_()
        b1.return_()
        with self.assertRaises(ctb.EncodeError) as cm:
            mb.to_bytes()
        self.assertIn("not a value defined before it", str(cm.exception))

    def test_unsupported_location(self):
        mb = ModuleBuilder()
        b = mb.entry("k", [tile(f32)])
        b.negf(b.args[0], loc=ctb.NameLoc("x", ctb.FileLineColLoc("n.py", 2, 3)))
        b.return_()
        with self.assertRaises(ctb.EncodeError) as cm:
            mb.to_bytes()
        self.assertEqual(cm.exception.message,
                         "unsupported location, got NameLoc, expected DILocAttr or CallSiteLoc")

    def test_debug_locations(self):
        f = ctb.DIFile("k.py", "/src")
        cu = ctb.DICompileUnit(f)
        sp = ctb.DISubprogram(f, 1, "k", "k", cu, 2)
        mb = ModuleBuilder()
        b = mb.entry("k", [tile(f32)], location=ctb.DILoc(sp, "k.py", 1, 1))
        b.location = ctb.DILoc(sp, "k.py", 3, 5)
        b.negf(b.args[0])
        b.return_()
        m = ctb.read(mb.to_bytes())
        self.assertEqual(m.functions[0].operations[0].location, ctb.DILoc(sp, "k.py", 3, 5))
        self.assertEqual(m.functions[0].location.scope, sp)

    def test_hints_helper(self):
        h = hints({"sm_90": {"b": True, "a": 3}, "default": {}})
        self.assertEqual([k for k, _ in h.entries], ["default", "sm_90"])
        self.assertEqual([k for k, _ in h.entries[1][1].entries], ["a", "b"])
        self.assertEqual(str(h), "<default = {}, sm_90 = {a = 3, b = true}>")


class Elements(unittest.TestCase):
    def test_reference_encodings(self):
        """Encodings seen in the reference's constant pools."""
        cases = [
            ("f8E4M3FN", [448.0, -448.0, 0.015625], "7efe08"),
            ("f8E5M2", 1.0, "3c"),
            ("f8E8M0FNU", 1.0, "7f"),
            ("f4E2M1FN", [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0], "0001020304050607"),
            ("bf16", 0.5, "003f"),
            ("tf32", 2.0, "000002"),
            ("f16", [1.0, 2.0, 3.0, 4.0], "003c004000420044"),
            ("i1", [True, False, True, False], "05"),
            ("i1", True, "ff"),
            ("i16", [1, 2, 4, 8, 16, 32, 64, 128], "01000200040008001000200040008000"),
        ]
        for elem, values, expected in cases:
            with self.subTest(element=elem):
                n = len(values) if isinstance(values, list) else 16
                raw = encode_elements(elem, (n,), values)
                self.assertEqual(raw.hex(), expected)
                back = decode_elements(elem, (n,), raw)
                want = values if isinstance(values, list) else [values] * n
                self.assertEqual([float(v) for v in back], [float(v) for v in want])

    def test_float_rounding(self):
        import struct
        import random
        rng = random.Random(7)
        for _ in range(2000):
            x = struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]
            if x != x:
                continue
            self.assertEqual(float_to_bits(x, "f32"), struct.unpack("<I", struct.pack("<f", x))[0])
            y = rng.uniform(-60000, 60000) * rng.choice([1, 1e-4, 1e-7])
            self.assertEqual(float_to_bits(y, "f16"), struct.unpack("<H", struct.pack("<e", y))[0])
            self.assertEqual(bits_to_float(float_to_bits(y, "f16"), "f16"),
                             struct.unpack("<e", struct.pack("<e", y))[0])
        self.assertEqual(float_to_bits(1e10, "f16"), 0x7C00)         # overflow -> inf
        with self.assertRaises(ValueError):
            float_to_bits(1e10, "f8E4M3FN")                          # no infinity
        with self.assertRaises(ValueError):
            encode_elements("i8", (2,), [1, 300])

    def test_all_conformance_constants_decode(self):
        for path in support.valid_files("13.3"):
            m = ctb.read(read_bytes(path))
            for op in m.walk():
                if op.name == "constant":
                    value = op.attributes["value"]
                    with self.subTest(file=support.relative(path)):
                        vals = value.values()
                        self.assertIsNotNone(vals)
                        # re-encoding the decoded values gives the same bytes
                        # (NaN payloads aside)
                        if all(v == v for v in vals):
                            again = ctb.DenseElementsAttr.from_values(value.type, vals)
                            self.assertEqual(again.data, value.data)


if __name__ == "__main__":
    unittest.main()
