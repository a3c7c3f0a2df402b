"""The reader refuses what the C++ reader refuses beyond decoding: invalid
types, constants, attributes, blocks without terminators, module-level rules
and assume predicates (cuda_tile_bytecode/structure.py).

Each bad file is made from a valid module: one thing in the model is made
invalid and the model written (the writer does not verify).  Where
``cuda-tile-translate`` is available, each file is also checked to be
refused by the C++ reader, and the unmodified module to be accepted by both.
"""

import os
import subprocess
import tempfile
import unittest

import support
import test_invalid

import cuda_tile_bytecode as ctb
from cuda_tile_bytecode.builder import ModuleBuilder, f32, i32, ptr, tile
from cuda_tile_bytecode.model import (
    ArrayAttr, BoundedAttr, DenseElementsAttr, DictionaryAttr, DivByAttr, Function, IntegerAttr,
    Operation, OptimizationHintsAttr, PartitionViewType, PointerType, SameElementsAttr, ScalarType,
    StringAttr, TensorViewType, TileType,
)

TRANSLATE = os.environ.get("CUDA_TILE_TRANSLATE",
                           os.path.join(support.REPO_DIR, "build", "bin", "cuda-tile-translate"))


def _module():
    """k(%n: tile<i32>): a constant tile<4xi32>, an assume on it, an if with
    a yield, return."""
    mb = ModuleBuilder()
    b = mb.entry("k", [tile(i32)])
    values = b.constant([1, 2, 3, 4], tile(i32, [4]))
    b.assume(values, predicate=SameElementsAttr([2]), result_type=values.type)
    branch = b.if_(b.constant(True, tile(ScalarType("i1"))), [])
    with branch.then():
        b.yield_()
    b.return_()
    return mb.module


def _op(module, name):
    return next(op for op in module.walk() if op.name == name)


def _retype_constant(module, shape, data):
    constant = _op(module, "constant")
    ty = TileType(shape, ScalarType("i32"))
    constant.attributes["value"] = DenseElementsAttr(ty, data)
    constant.results[0].type = ty


def _set(obj, name, value):
    setattr(obj, name, value)


def _hints(module, dictionary):
    module.functions[0].optimization_hints = OptimizationHintsAttr((("sm_90", dictionary),))


def _nested_array(depth):
    attr = ArrayAttr(())
    for _ in range(depth):
        attr = ArrayAttr((attr,))
    return attr


def _argument_type(module, ty):
    module.functions[0].arguments[0].type = ty


def _duplicate_function(module):
    again = Function("k", [tile(i32)])
    again.body.operations.append(Operation("return"))
    module.functions.append(again)


def _add_get_global(module):
    mb = ModuleBuilder()
    b = mb.entry("g", [])
    b.get_global(name="missing", result_type=tile(ptr(f32)))
    b.return_()
    module.functions.append(mb.module.functions[0])


_VIEW_2D = TensorViewType(ScalarType("f32"), [8, 8], [8, 1])

#: name -> (how the module is made invalid, a fragment of the message)
CASES = {
    "non-power-of-two dimension": (
        lambda m: _retype_constant(m, (3,), bytes(12)), "powers of two"),
    "zero dimension": (
        lambda m: _retype_constant(m, (0,), b""), "positive"),
    "tile over the element limit": (
        lambda m: _retype_constant(m, (1 << 25,), bytes(4)), "maximum of 16777216"),
    "constant of the wrong size": (
        lambda m: _retype_constant(m, (4,), bytes(8)), "buffer size"),
    "block without a terminator": (
        lambda m: _op(m, "if").regions[0].blocks[0].operations.pop(), "terminator"),
    "if with one region": (
        lambda m: _set(_op(m, "if"), "regions", _op(m, "if").regions[:1]), "expected 2 regions"),
    "same_elements out of range": (
        lambda m: _op(m, "assume").attributes.update(predicate=SameElementsAttr([5])),
        "same_elements' value 0"),
    "same_elements of the wrong rank": (
        lambda m: _op(m, "assume").attributes.update(predicate=SameElementsAttr([1, 1])),
        "to match rank"),
    "bounded outside the element type": (
        lambda m: _op(m, "assume").attributes.update(predicate=BoundedAttr(0, 1 << 40)),
        "upper bound"),
    "div_by not a power of two": (
        lambda m: _op(m, "assume").attributes.update(predicate=DivByAttr(3)), "power of 2"),
    "predicate of another kind": (
        lambda m: _op(m, "assume").attributes.update(predicate=StringAttr("x")),
        "unexpected kind of attribute 'predicate'"),
    "non-entry function": (
        lambda m: _set(m.functions[0], "kernel", False), "non-entry function"),
    "function with results": (
        lambda m: _set(m.functions[0], "result_types", (tile(i32),)), "without results"),
    "duplicate symbol": (_duplicate_function, "redefinition of symbol named 'k'"),
    "entry argument of rank 1": (
        lambda m: _argument_type(m, tile(i32, [4])), "scalar types"),
    "pointer to i4": (
        lambda m: _argument_type(m, tile(PointerType(ScalarType("i4")))), "pointee"),
    "tensor_view stride 0": (
        lambda m: _argument_type(m, TensorViewType(ScalarType("f32"), [4], [0])), "strides"),
    "partition_view mapping a dimension twice": (
        lambda m: _argument_type(m, PartitionViewType((4, 4), _VIEW_2D, (0, 0))),
        "mapped at least twice"),
    "duplicate optimization hint": (
        lambda m: _hints(m, DictionaryAttr((("a", IntegerAttr(i32, 1)),
                                            ("a", IntegerAttr(i32, 2))))),
        "duplicate dictionary key 'a'"),
    "optimization hints entry not a dictionary": (
        lambda m: m.functions[0].__setattr__(
            "optimization_hints", OptimizationHintsAttr((("sm_90", IntegerAttr(i32, 1)),))),
        "expected dictionary attribute"),
    "attributes nested 65 deep (hints, architecture, 63 arrays)": (
        lambda m: _hints(m, DictionaryAttr((("a", _nested_array(63)),))), "nested deeper"),
    "get_global of no global": (
        lambda m: _add_get_global(m), "does not reference a valid global"),
}


def _cpp_accepts(data):
    with tempfile.NamedTemporaryFile(suffix=".tileirbc") as f:
        f.write(data)
        f.flush()
        proc = subprocess.run([TRANSLATE, "-cudatilebc-to-mlir", f.name, "-o", os.devnull],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc.returncode == 0


class StructuralChecks(unittest.TestCase):
    def test_valid_module_reads(self):
        data = ctb.write(_module(), "13.3")
        ctb.read(data)
        if os.access(TRANSLATE, os.X_OK):
            self.assertTrue(_cpp_accepts(data))

    def test_refused_like_the_cpp_reader(self):
        cross_check = os.access(TRANSLATE, os.X_OK)
        if not cross_check:
            print("\nNOTE: %s not found: the C++ cross-check is skipped" % TRANSLATE)
        for name, (spoil, fragment) in CASES.items():
            with self.subTest(case=name):
                module = _module()
                spoil(module)
                data = ctb.write(module, "13.3")
                with self.assertRaises(ctb.DecodeError) as cm:
                    ctb.read(data)
                self.assertIn(fragment, str(cm.exception))
                self.assertIsInstance(cm.exception.file_offset, int)
                if cross_check:
                    self.assertFalse(_cpp_accepts(data), "the C++ reader accepts it")

    def test_migrate_refuses(self):
        module = _module()
        _retype_constant(module, (3,), bytes(12))
        with self.assertRaises(ctb.DecodeError):
            ctb.migrate_bytes(ctb.write(module, "13.3"), "13.2")

    def test_region_nesting_limit_is_the_cpp_readers(self):
        limit = ctb.reader.MAX_NESTING
        self.assertEqual(limit, 128)
        ctb.read(test_invalid._file(test_invalid._nested_ifs(limit)))
        with self.assertRaises(ctb.DecodeError) as cm:
            ctb.read(test_invalid._file(test_invalid._nested_ifs(limit + 1)))
        self.assertIn("nested deeper than 128", str(cm.exception))

    def test_attribute_nesting_limit(self):
        module = _module()
        _hints(module, DictionaryAttr((("a", _nested_array(62)),)))   # 64 levels
        ctb.read(ctb.write(module, "13.3"))


if __name__ == "__main__":
    unittest.main()
