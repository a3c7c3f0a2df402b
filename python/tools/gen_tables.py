#!/usr/bin/env python3
"""Generate ``cuda_tile_bytecode/_tables.py`` from the dialect's TableGen files.

This is the Python stand-in for a TableGen backend: it reads the records that
``llvm-tblgen --dump-json`` prints for ``include/cuda_tile/Bytecode/
CudaTileBytecode.td`` (the input of the C++ bytecode backend; falls back to
``include/cuda_tile/IR/CudaTileOps.td``) and writes the table module.  The ODS-derived parts (ops, operands,
attributes, results, enums, dialect types, versions) come from the records;
the bytecode-only constants (section ids, builtin type tags, attribute and
debug-info tags, record layouts) are fixed here, as a backend would hold them
or read them from a bytecode .td file.

    python3 python/tools/gen_tables.py [--tblgen PATH] [--src DIR]
            [--mlir-include DIR] [-o OUT | --check]

``--check`` compares the generated text with the checked-in file and exits
non-zero when they differ (python/tests/test_wire.py runs it).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PKG_TABLES = os.path.join(HERE, os.pardir, "cuda_tile_bytecode", "_tables.py")
DEFAULT_SRC = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))


class GenError(Exception):
    pass


# ---------------------------------------------------------------------------
# Locating tools and running llvm-tblgen
# ---------------------------------------------------------------------------
def _prefix_candidates(src):
    """LLVM install prefixes, best first: the build's LLVM_DIR/MLIR_DIR, then
    the newest /usr/lib/llvm-* that ships MLIR, then PATH."""
    out = []
    cache = os.path.join(src, "build", "CMakeCache.txt")
    try:
        with open(cache, encoding="utf-8", errors="replace") as f:
            for line in f:
                key = line.split(":", 1)[0]
                if key in ("MLIR_DIR", "LLVM_DIR") and "=" in line:
                    cmake_dir = line.split("=", 1)[1].strip()
                    # <prefix>/lib/cmake/{llvm,mlir}
                    out.append(os.path.normpath(os.path.join(cmake_dir, os.pardir, os.pardir, os.pardir)))
    except OSError:
        pass
    if os.path.isdir("/usr/lib"):
        versions = []
        for name in os.listdir("/usr/lib"):
            if name.startswith("llvm-") and name[5:].isdigit():
                versions.append((int(name[5:]), os.path.join("/usr/lib", name)))
        out.extend(p for _, p in sorted(versions, reverse=True))
    for cand in ("llvm-tblgen",):
        path = shutil.which(cand)
        if path:
            out.append(os.path.dirname(os.path.dirname(os.path.realpath(path))))
    return out


def find_tools(src, tblgen=None, mlir_include=None):
    """(llvm-tblgen, directory holding mlir/IR/OpBase.td) or (None, None)."""
    tblgen = tblgen or os.environ.get("LLVM_TBLGEN")
    for prefix in _prefix_candidates(src):
        inc = os.path.join(prefix, "include")
        exe = os.path.join(prefix, "bin", "llvm-tblgen")
        if os.path.exists(os.path.join(inc, "mlir", "IR", "OpBase.td")) and os.path.exists(exe):
            return tblgen or exe, mlir_include or inc
    if tblgen and mlir_include:
        return tblgen, mlir_include
    return None, None


def dump_records(tblgen, src, mlir_include):
    # CudaTileBytecode.td (the C++ bytecode generator's input: the op roster
    # plus the builtin scalar type tags) when present, else the op roster.
    td = os.path.join(src, "include", "cuda_tile", "Bytecode", "CudaTileBytecode.td")
    if not os.path.exists(td):
        td = os.path.join(src, "include", "cuda_tile", "IR", "CudaTileOps.td")
    proc = subprocess.run([tblgen, "--dump-json", "-I", os.path.join(src, "include"),
                           "-I", mlir_include, td], capture_output=True, text=True)
    if proc.returncode != 0:
        raise GenError("llvm-tblgen failed:\n" + proc.stderr)
    return json.loads(proc.stdout)


# ---------------------------------------------------------------------------
# Reading the records
# ---------------------------------------------------------------------------
class Records:
    def __init__(self, data):
        self.d = data

    def rec(self, name):
        try:
            return self.d[name]
        except KeyError:
            raise GenError("record %s not found" % name)

    def supers(self, name):
        return self.rec(name).get("!superclasses", [])

    def instances(self, cls):
        return self.d.get("!instanceof", {}).get(cls, [])

    @staticmethod
    def ref(value):
        return value["def"] if isinstance(value, dict) and "def" in value else None


def version_key(v):
    return tuple(int(x) for x in v.split("."))


def later(a, b):
    return a if version_key(a) >= version_key(b) else b


class Extractor:
    def __init__(self, records):
        self.r = records

    # enums ------------------------------------------------------------
    def enum_info(self, name):
        rec = self.r.rec(name)
        cases = []
        for e in rec["enumerants"]:
            ref = Records.ref(e)
            er = self.r.rec(ref)
            since = er["sinceVersion"] if "CudaTileVersioned" in self.r.supers(ref) else None
            cases.append((er["str"], er["value"], er["symbol"], since))
        return rec["className"], cases

    def enums(self):
        out = []
        for name in self.r.instances("CudaTile_Enum"):
            cls, cases = self.enum_info(name)
            out.append((cls, tuple((s, v) for s, v, _, _ in cases)))
        return sorted(out)

    def enum_case_versions(self):
        """(enum, keyword, since) of the cases newer than their enum."""
        out = []
        for name in self.r.instances("CudaTile_Enum"):
            cls, cases = self.enum_info(name)
            out.extend((cls, s, since) for s, _, _, since in cases if since)
        return sorted(out)

    def enum_of(self, name):
        """Enum className behind an attribute constraint record, or None."""
        sup = self.r.supers(name)
        rec = self.r.rec(name)
        if "EnumInfo" in sup:
            return rec["className"]
        if "EnumAttr" in sup:
            return self.r.rec(Records.ref(rec["enum"]))["className"]
        return None

    # arguments --------------------------------------------------------
    def unwrap(self, name, since):
        """Strip CudaTile_Since wrappers: (constraint record, since)."""
        while "CudaTile_Since" in self.r.supers(name):
            rec = self.r.rec(name)
            since = later(since, rec["sinceVersion"])
            name = Records.ref(rec["constraint"])
        return name, since

    def is_attr(self, name):
        sup = self.r.supers(name)
        return "Attr" in sup or "AttrInterface" in sup or "EnumInfo" in sup

    def attr_kind(self, name):
        """(kind, presence, default) of an attribute constraint."""
        presence = "required"
        default = None
        sup = self.r.supers(name)
        rec = self.r.rec(name)
        if name == "UnitAttr" or "UnitAttr" in sup:
            return "unit", "optional", None
        if "OptionalAttr" in sup:
            presence = "optional"
            name = Records.ref(rec["baseAttr"])
            return self.attr_kind(name)[0], presence, None
        if "DefaultValuedAttr" in sup:
            raw = rec["defaultValue"]
            name = Records.ref(rec["baseAttr"])
            kind = self.attr_kind(name)[0]
            default = self.default_value(kind, raw)
            return kind, presence, default
        if "ConfinedAttr" in sup:
            return self.attr_kind(Records.ref(rec["baseAttr"]))[0], presence, None
        enum = self.enum_of(name)
        if enum:
            return "enum:" + enum, presence, None
        simple = {
            "I32Attr": "int", "I64Attr": "int", "BoolAttr": "bool", "StrAttr": "string",
            "FlatSymbolRefAttr": "string", "SymbolNameAttr": "string",
            "DenseI32ArrayAttr": "i32_array", "DenseBoolArrayAttr": "bool_array",
            "ArrayAttr": "attr_array",
            "ElementsAttr": "dense", "DenseElementsAttr": "dense", "AnyAttr": "attr",
            "CudaTile_OptimizationHintsAttr": "hints",
        }
        if name in simple:
            return simple[name], presence, None
        if "AttrInterface" in sup:
            return "attr", presence, None
        if "ArrayAttrBase" in sup or "TypedArrayAttrBase" in sup:
            return "attr_array", presence, None
        raise GenError("cannot classify attribute constraint %s (%s)" % (name, sup))

    def default_value(self, kind, raw):
        if kind.startswith("enum:"):
            enum = kind[5:]
            symbol = raw.rsplit("::", 1)[-1]
            for inst in self.r.instances("CudaTile_Enum"):
                cls, cases = self.enum_info(inst)
                if cls == enum:
                    for s, _, sym, _ in cases:
                        if sym == symbol:
                            return s
            raise GenError("default %s not found in enum %s" % (raw, enum))
        if kind == "int":
            return int(raw)
        if kind == "bool":
            return raw.strip() == "true"
        raise GenError("unsupported default %r for kind %s" % (raw, kind))

    def always_default(self, name, kind):
        """The operand whose values a CudaTile_SinceAlwaysWritten attribute
        has one `false` for when absent (the Python stand-in for its C++
        wire-default builder)."""
        rec = self.r.rec(name)
        if kind != "bool_array" or "boolPerValueOf" not in rec:
            raise GenError("%s: only CudaTile_SinceBoolPerValue has a Python wire default" % name)
        return rec["boolPerValueOf"]

    def arity(self, name):
        sup = self.r.supers(name)
        if "Variadic" in sup:
            return "variadic"
        if "Optional" in sup:
            return "optional"
        return "single"

    # ops --------------------------------------------------------------
    def ops(self):
        out = []
        for name in self.r.instances("CudaTile_Op"):
            rec = self.r.rec(name)
            since = rec["sinceVersion"]
            traits = [Records.ref(t) for t in rec.get("traits", [])]
            keep = []
            if "AttrSizedOperandSegments" in traits:
                keep.append("AttrSizedOperandSegments")
            if "Terminator" in traits:
                keep.append("Terminator")
            if not rec.get("bytecodeBodyOp", 1) or rec["opName"] in ("module", "entry", "global"):
                keep.append("ModuleLevel")
            attrs, operands, results = [], [], []
            if "ModuleLevel" in keep:
                # File structure (module, entry, global): stored in their own
                # records (FUNCTION_FLAGS, GLOBAL_FIELDS), never as op fields.
                out.append((rec["opcode"], rec["opName"], since, tuple(keep), (), (), (), 0))
                continue
            for arg, argname in rec["arguments"]["args"]:
                cons, asince = self.unwrap(Records.ref(arg), since)
                if self.is_attr(cons):
                    kind, presence, default = self.attr_kind(cons)
                    if "CudaTile_SinceAlwaysWritten" in self.r.supers(Records.ref(arg)):
                        presence, default = "always", self.always_default(Records.ref(arg), kind)
                    attrs.append((argname, kind, presence, asince, default))
                else:
                    operands.append((argname, self.arity(cons), asince))
            for res, resname in rec["results"]["args"]:
                cons, rsince = self.unwrap(Records.ref(res), since)
                results.append((resname, self.arity(cons), rsince))
            regions = len(rec["regions"]["args"])
            out.append((rec["opcode"], rec["opName"], since, tuple(keep), tuple(results),
                        tuple(attrs), tuple(operands), regions))
        out.sort()
        return out

    def builtin_types(self):
        """BUILTIN_TYPES, with tag / since / name checked against the
        CudaTileBC_* records of CudaTileBytecode.td when those exist."""
        by_name = {row[3]: row for row in BUILTIN_TYPES}
        found = {}
        for cls in ("CudaTileBC_ScalarType", "CudaTileBC_BuiltinType"):
            for name in self.r.instances(cls):
                rec = self.r.rec(name)
                found[rec["name"]] = (rec["tag"], rec["sinceVersion"])
        if not found:
            return list(BUILTIN_TYPES)
        out = []
        for cpp_name, (tag, since) in found.items():
            row = by_name.get(cpp_name)
            if row is None:
                raise GenError("builtin type %s (tag %d) has no entry in BUILTIN_TYPES" % (cpp_name, tag))
            out.append((tag, row[1], since, cpp_name) + tuple(row[4:]))
        missing = set(by_name) - set(found)
        if missing:
            raise GenError("builtin types missing from CudaTileBytecode.td: %s" % ", ".join(sorted(missing)))
        return out

    def dialect_types(self):
        out = {}
        for name in self.r.instances("CudaTile_Type"):
            rec = self.r.rec(name)
            out[rec["tag"]] = (rec["mnemonic"], rec["sinceVersion"], rec["cppClassName"])
        return out


# ---------------------------------------------------------------------------
# Fixed bytecode constants (not described by ODS)
# ---------------------------------------------------------------------------
VERSIONS = ("13.1", "13.2", "13.3", "13.4")
# Written when no version is asked for: the reference toolchain's default.
DEFAULT_VERSION = "13.3"

SECTIONS = (
    (0, "end", "13.1"),
    (1, "string", "13.1"),
    (2, "function", "13.1"),
    (3, "debug", "13.1"),
    (4, "constant", "13.1"),
    (5, "type", "13.1"),
    (6, "global", "13.1"),
    (7, "producer", "13.3"),
)
SECTION_ORDER = ("global", "function", "constant", "debug", "type", "producer", "string")

# Builtin (MLIR) types: tag, mnemonic, since, C++ name, kind, bits, storage
# bits per element in the constant pool (0 = bit-packed).  Tags, versions and
# names are checked against CudaTileBytecode.td when it exists.
BUILTIN_TYPES = (
    (0, "i1", "13.1", "Int1", "int", 1, 0),
    (1, "i8", "13.1", "Int8", "int", 8, 8),
    (2, "i16", "13.1", "Int16", "int", 16, 16),
    (3, "i32", "13.1", "Int32", "int", 32, 32),
    (4, "i64", "13.1", "Int64", "int", 64, 64),
    (5, "f16", "13.1", "Float16", "float", 16, 16),
    (6, "bf16", "13.1", "BFloat16", "float", 16, 16),
    (7, "f32", "13.1", "Float32", "float", 32, 32),
    (8, "tf32", "13.1", "FloatTF32", "float", 19, 24),
    (9, "f64", "13.1", "Float64", "float", 64, 64),
    (10, "f8E4M3FN", "13.1", "Float8E4M3FN", "float", 8, 8),
    (11, "f8E5M2", "13.1", "Float8E5M2", "float", 8, 8),
    (16, "function", "13.1", "Function", "function", 0, 0),
    (18, "f8E8M0FNU", "13.2", "Float8E8M0FNU", "float", 8, 8),
    (19, "f4E2M1FN", "13.3", "Float4E2M1FN", "float", 4, 8),
    (22, "i4", "13.3", "Int4", "int", 4, 8),
)
# Payload layout of the dialect types, by mnemonic.
DIALECT_TYPE_KINDS = {
    "ptr": "pointer", "tile": "tile", "tensor_view": "tensor_view",
    "partition_view": "partition_view", "token": "token",
    "gather_scatter_view": "gather_scatter_view", "strided_view": "strided_view",
}
# Dialect types that are scalars (no payload): kind, bits, storage bits.
# f8E5M3FNU is a dialect type only because APFloat lacks its format.
DIALECT_SCALAR_TYPES = {"f8E5M3FNU": ("float", 8, 8)}

# Float formats: mnemonic, exponent bits, mantissa bits, bias, flavour
#   ieee: IEEE-754 with infinities and NaNs;  fn: finite, NaN = all ones
#   (OCP E4M3);  fn_nonan: finite, no NaN (E2M1);  e8m0: exponent only;
#   fnu: unsigned, finite, NaN = all ones, subnormals (E5M3FNU).
FLOAT_FORMATS = (
    ("f16", 5, 10, 15, "ieee"),
    ("bf16", 8, 7, 127, "ieee"),
    ("f32", 8, 23, 127, "ieee"),
    ("tf32", 8, 10, 127, "ieee"),
    ("f64", 11, 52, 1023, "ieee"),
    ("f8E4M3FN", 4, 3, 7, "fn"),
    ("f8E5M2", 5, 2, 15, "ieee"),
    ("f8E8M0FNU", 8, 0, 127, "e8m0"),
    ("f4E2M1FN", 2, 1, 1, "fn_nonan"),
    ("f8E5M3FNU", 5, 3, 15, "fnu"),
)

ATTRIBUTE_TAGS = (
    (1, "integer"), (2, "float"), (3, "bool"), (4, "type"), (5, "string"), (6, "array"),
    (7, "dense_elements"), (8, "div_by"), (9, "same_elements"), (10, "dictionary"),
    (11, "optimization_hints"), (12, "bounded"),
)

DEBUG_TAGS = (
    (0, "unknown"), (1, "di_compile_unit"), (2, "di_file"), (3, "di_lexical_block"),
    (4, "di_loc"), (5, "di_subprogram"), (6, "call_site"),
)

FUNCTION_FLAGS = (("private", 0x01), ("kernel", 0x02), ("optimization_hints", 0x04))

GLOBAL_FIELDS = (
    ("name", "string", "13.1"), ("type", "type", "13.1"), ("value", "dense", "13.1"),
    ("alignment", "int", "13.1"), ("visibility", "enum:SymbolVisibility", "13.3"),
    ("constant", "int", "13.3"),
)

UNIFIED_BITFIELD_VERSION = "13.3"
# ptr and tensor_view types start with a flags varint (bit 0: a pointer
# attribute byte ends the payload).
POINTER_FLAGS_VERSION = "13.4"


# ---------------------------------------------------------------------------
# Emission
# ---------------------------------------------------------------------------
HEADER = '''\
# Generated by python/tools/gen_tables.py from include/cuda_tile/**/*.td.
# Do not edit: change the .td files (or the fixed constants in the generator)
# and run `python3 python/tools/gen_tables.py`.
"""Bytecode tables of the cuda_tile dialect, as plain data.

Every value below is an int, a str, None, a bool or a tuple of these, so a
TableGen backend can print the identical file.  Versions are "MAJOR.MINOR"
strings exactly as written in the .td files (``sinceVersion``).

Records
=======
``VERSIONS``          supported bytecode versions, oldest first.
``DEFAULT_VERSION``   the version written when none is asked for.
``SECTIONS``          ``(id, name, since)`` of every section.
``SECTION_ORDER``     section names in the order the writer emits them.
``TYPES``             ``(tag, mnemonic, since, cpp_name, kind, bits,
                      storage_bits)``; ``kind`` names the payload layout
                      (int, float, token, pointer, tile, tensor_view,
                      partition_view, function, gather_scatter_view,
                      strided_view); ``bits`` is the element width of int and
                      float types; ``storage_bits`` the bits one element takes
                      in the constant pool (0 = bit-packed).
``FLOAT_FORMATS``     ``(mnemonic, exponent_bits, mantissa_bits, bias,
                      flavour)``.
``ENUMS``             ``(name, ((keyword, value), ...))`` -- the I32EnumAttr
                      cases; the value is the wire encoding.
``ENUM_CASE_SINCE``   ``(enum, keyword, since)`` of the cases that declare a
                      version (CudaTile_EnumCase): older files must not
                      hold them.
``ATTRIBUTE_TAGS``    ``(tag, kind)`` of self-contained attributes.
``DEBUG_TAGS``        ``(tag, kind)`` of debug-info attributes.
``FUNCTION_FLAGS``    ``(name, bit)`` of the function record's flag byte.
``GLOBAL_FIELDS``     ``(name, wire_kind, since)`` of a global record.
``OPS``               one record per op, sorted by opcode::

    (opcode, mnemonic, since, traits, results, attributes, operands, regions)

  ``traits``      subset of "AttrSizedOperandSegments", "Terminator",
                  "ModuleLevel" (ops that are file structure, never in a body)
  ``results``     ``((name, arity, since), ...)``; arity "single"/"variadic"
  ``attributes``  ``((name, kind, presence, since, default), ...)`` in ODS
                  declaration order; ``kind`` is the inline wire encoding:
                  "enum:<Enum>", "unit" (a flag bit only), "bool" (u8), "int"
                  (varint), "string" (string index), "i32_array",
                  "bool_array" (varint n, n bytes 0/1), "dense"
                  (constant-pool index typed by the first result), "attr" (a
                  self-contained attribute), "attr_array", "hints" (an
                  optimization-hints dictionary without its tag);
                  ``presence`` is "required", "optional" or "always" (optional
                  in the model, written without a flag bit from ``since`` on:
                  absent is one false per value of the operand ``default``
                  names, and all false reads back as absent); ``default`` is
                  otherwise the DefaultValuedAttr value (an enum keyword or a
                  number) or None
  ``operands``    ``((name, arity, since), ...)``; arity "single", "variadic"
                  or "optional"
  ``regions``     number of regions (0: the op has no region list)

  ``since`` of a result, attribute or operand is the later of the op's
  version and its ``CudaTile_Since`` wrapper.  How the writer turns these
  records into bytes is described in docs/python.md and tables.py.
"""

TABLES_FORMAT = 1
'''


def fmt(value):
    if isinstance(value, tuple):
        if not value:
            return "()"
        inner = ", ".join(fmt(v) for v in value)
        return "(%s,)" % inner if len(value) == 1 else "(%s)" % inner
    if isinstance(value, str):
        return '"%s"' % value.replace("\\", "\\\\").replace('"', '\\"')
    return repr(value)


def emit_table(lines, name, comment, rows, hex_first=False):
    lines.append("")
    lines.append("# " + comment)
    lines.append("%s = (" % name)
    for row in rows:
        if hex_first:
            lines.append("    (0x%02X, %s)," % (row[0], ", ".join(fmt(v) for v in row[1:])))
        else:
            lines.append("    %s," % fmt(tuple(row)))
    lines.append(")")


def render(ext):
    lines = [HEADER.rstrip("\n")]
    lines.append("")
    lines.append("VERSIONS = %s" % fmt(VERSIONS))
    lines.append("DEFAULT_VERSION = %s" % fmt(DEFAULT_VERSION))
    emit_table(lines, "SECTIONS", "(id, name, since)", SECTIONS)
    lines.append("")
    lines.append("SECTION_ORDER = %s" % fmt(SECTION_ORDER))
    dialect = ext.dialect_types()
    types = ext.builtin_types()
    for tag, (mnemonic, since, cpp) in dialect.items():
        cpp_name = cpp[:-4] if cpp.endswith("Type") else cpp
        if mnemonic in DIALECT_SCALAR_TYPES:
            types.append((tag, mnemonic, since, cpp_name) + DIALECT_SCALAR_TYPES[mnemonic])
        else:
            types.append((tag, mnemonic, since, cpp_name, DIALECT_TYPE_KINDS[mnemonic], 0, 0))
    types.sort()
    emit_table(lines, "TYPES", "(tag, mnemonic, since, cpp_name, kind, bits, storage_bits)", types)
    lines.append("")
    lines.append("UNIFIED_BITFIELD_VERSION = %s" % fmt(UNIFIED_BITFIELD_VERSION))
    lines.append("POINTER_FLAGS_VERSION = %s" % fmt(POINTER_FLAGS_VERSION))
    emit_table(lines, "FLOAT_FORMATS", "(mnemonic, exponent_bits, mantissa_bits, bias, flavour)",
               FLOAT_FORMATS)
    enums = ext.enums()
    lines.append("")
    lines.append("# (name, ((keyword, value), ...))")
    lines.append("ENUMS = (")
    for name, cases in enums:
        lines.append("    (%s, %s)," % (fmt(name), fmt(cases)))
    lines.append(")")
    emit_table(lines, "ENUM_CASE_SINCE", "(enum, keyword, since)", ext.enum_case_versions())
    emit_table(lines, "ATTRIBUTE_TAGS", "(tag, kind)", ATTRIBUTE_TAGS)
    emit_table(lines, "DEBUG_TAGS", "(tag, kind)", DEBUG_TAGS)
    emit_table(lines, "FUNCTION_FLAGS", "(name, bit)", FUNCTION_FLAGS)
    emit_table(lines, "GLOBAL_FIELDS", "(name, wire_kind, since)", GLOBAL_FIELDS)
    lines.append("")
    lines.append("# (opcode, mnemonic, since, traits, results, attributes, operands, regions)")
    lines.append("OPS = (")
    for opcode, mnemonic, since, traits, results, attrs, operands, regions in ext.ops():
        lines.append("    (0x%02X, %s, %s, %s," % (opcode, fmt(mnemonic), fmt(since), fmt(traits)))
        lines.append("        %s," % fmt(results))
        lines.append("        %s," % fmt(attrs))
        lines.append("        %s," % fmt(operands))
        lines.append("        %d)," % regions)
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tblgen", help="llvm-tblgen executable (default: the build's LLVM, "
                    "then the newest /usr/lib/llvm-*, then PATH)")
    ap.add_argument("--src", default=DEFAULT_SRC, help="repository root (default: %(default)s)")
    ap.add_argument("--mlir-include", help="directory holding mlir/IR/OpBase.td")
    ap.add_argument("--json", help="use this llvm-tblgen --dump-json output instead of running it")
    ap.add_argument("-o", "--output", default=PKG_TABLES,
                    help="file to write (default: the package's _tables.py; - for standard output)")
    ap.add_argument("--check", action="store_true", help="compare with the output file instead of writing")
    args = ap.parse_args(argv)
    try:
        if args.json:
            with open(args.json) as f:
                data = json.load(f)
        else:
            tblgen, inc = find_tools(args.src, args.tblgen, args.mlir_include)
            if not tblgen:
                raise GenError("llvm-tblgen with the MLIR .td files not found "
                               "(use --tblgen and --mlir-include, or LLVM_TBLGEN)")
            data = dump_records(tblgen, args.src, inc)
        text = render(Extractor(Records(data)))
    except GenError as e:
        print("gen_tables: error: %s" % e, file=sys.stderr)
        return 2
    if args.check:
        try:
            with open(args.output, encoding="utf-8") as f:
                current = f.read()
        except OSError as e:
            print("gen_tables: error: %s" % e, file=sys.stderr)
            return 2
        if current != text:
            import difflib
            sys.stdout.writelines(difflib.unified_diff(
                current.splitlines(True), text.splitlines(True), "checked-in", "generated"))
            print("gen_tables: %s is out of date; run python3 python/tools/gen_tables.py" % args.output,
                  file=sys.stderr)
            return 1
        return 0
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
