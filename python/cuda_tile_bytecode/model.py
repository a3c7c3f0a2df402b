"""Plain object model of a CUDA Tile IR bytecode module.

The model is version independent: it describes the newest IR.  The reader
fills in what an older file cannot hold (defaults of attributes that are
newer than the file, the result token ``print_tko`` has since 13.2) and the
writer drops or refuses what the target version lacks.

Types, attributes and debug-info attributes are immutable and compare by
value (like MLIR's uniqued storage); values, operations, blocks, regions,
functions, globals and modules are mutable objects with identity.

Overview::

    Module(functions=[Function], globals=[Global], producer=str|None)
    Function(name, body=Block(arguments=[Value]), result_types=(),
             kernel=True, private=False, optimization_hints=None,
             location=None)
    Global(name, value=DenseElementsAttr, alignment=0, visibility="public",
           constant=False)
    Operation(name, operands={ods_name: Value | [Value] | None},
              result_types=[Type], attributes={name: value},
              regions=[Region], location=None)
    Region(blocks=[Block]);  Block(arguments=[Value], operations=[Operation])

Inline attribute values of operations, by their ``AttrSpec.kind``:
``enum`` -> keyword ``str`` (``"nearest_even"``), ``unit`` -> ``True`` when
present, ``bool`` -> ``bool``, ``int`` -> ``int``, ``string`` -> ``str``,
``i32_array`` -> tuple of ints, ``dense`` -> :class:`DenseElementsAttr`,
``attr`` -> any attribute object, ``attr_array`` -> tuple of attribute
objects, ``hints`` -> :class:`OptimizationHintsAttr`.
"""

from collections import OrderedDict

from . import tables
from .elements import bits_to_float, decode_elements, element_count

__all__ = [
    # types
    "Type", "ScalarType", "TokenType", "PointerType", "TileType", "TensorViewType",
    "PartitionViewType", "GatherScatterViewType", "StridedViewType", "FunctionType",
    "DYNAMIC",
    # attributes
    "Attribute", "IntegerAttr", "FloatAttr", "BoolAttr", "TypeAttr", "StringAttr", "ArrayAttr",
    "DenseElementsAttr", "DivByAttr", "SameElementsAttr", "DictionaryAttr",
    "OptimizationHintsAttr", "BoundedAttr",
    # locations
    "Location", "FileLineColLoc", "NameLoc", "FusedLoc", "DebugAttr", "UnknownDebugAttr",
    "DIFile", "DICompileUnit", "DISubprogram", "DILexicalBlock", "DILoc", "CallSiteLoc",
    # IR
    "Value", "Operation", "Block", "Region", "Function", "Global", "Module",
    "compare_modules",
]

DYNAMIC = None       # a dynamic dimension / stride of a tensor_view ("?")


class _Frozen:
    """Immutable value object: equality and hash over ``_fields``."""

    __slots__ = ()
    _fields = ()

    def __init__(self, *args, **kwargs):
        names = self._fields
        if len(args) > len(names):
            raise TypeError("%s takes at most %d arguments" % (type(self).__name__, len(names)))
        values = dict(zip(names, args))
        for k, v in kwargs.items():
            if k not in names or k in values:
                raise TypeError("%s: unexpected or repeated argument %r" % (type(self).__name__, k))
            values[k] = v
        for name in names:
            if name in values:
                object.__setattr__(self, name, values[name])
            elif hasattr(type(self), "_default_" + name):
                object.__setattr__(self, name, getattr(type(self), "_default_" + name))
            else:
                raise TypeError("%s: missing argument %r" % (type(self).__name__, name))
        self._normalize()

    def _normalize(self):
        pass

    def _set(self, name, value):
        object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("%s is immutable" % type(self).__name__)

    def _key(self):
        return (type(self),) + tuple(getattr(self, n) for n in self._fields)

    def __eq__(self, other):
        return type(self) is type(other) and self._key() == other._key()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__,
                           ", ".join("%s=%r" % (n, getattr(self, n)) for n in self._fields))


def _ints(values):
    return tuple(int(v) for v in values)


def _dims(values):
    return "x".join(str(d) for d in values)


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------
class Type(_Frozen):
    __slots__ = ()

    @property
    def mnemonic(self):
        raise NotImplementedError

    @property
    def info(self):
        return tables.TYPES_BY_MNEMONIC[self.mnemonic]

    def dependencies(self):
        """Types the writer registers before this one."""
        return ()


class ScalarType(Type):
    """An integer or float element type, by mnemonic (``"i32"``, ``"bf16"``)."""

    __slots__ = ("name",)
    _fields = ("name",)

    def _normalize(self):
        info = tables.TYPES_BY_MNEMONIC.get(self.name)
        if info is None or info.kind not in ("int", "float"):
            raise ValueError("unknown element type %r" % (self.name,))

    @property
    def mnemonic(self):
        return self.name

    @property
    def is_float(self):
        return self.info.kind == "float"

    @property
    def is_integer(self):
        return self.info.kind == "int"

    @property
    def width(self):
        return self.info.bits

    def __str__(self):
        return self.name


class TokenType(Type):
    __slots__ = ()
    _fields = ()
    mnemonic = "token"

    def __str__(self):
        return "token"


class PointerType(Type):
    __slots__ = ("pointee",)
    _fields = ("pointee",)
    mnemonic = "ptr"

    def dependencies(self):
        return (self.pointee,)

    def __str__(self):
        return "ptr<%s>" % self.pointee


class TileType(Type):
    """``tile<shape x element>``; ``shape`` is a tuple (``()`` for a scalar)."""

    __slots__ = ("shape", "element")
    _fields = ("shape", "element")
    mnemonic = "tile"

    def _normalize(self):
        self._set("shape", _ints(self.shape))

    def dependencies(self):
        return (self.element,)

    @property
    def rank(self):
        return len(self.shape)

    @property
    def num_elements(self):
        return element_count(self.shape)

    def __str__(self):
        if self.shape:
            return "tile<%sx%s>" % (_dims(self.shape), self.element)
        return "tile<%s>" % self.element


def _dyn(values):
    return tuple(None if v is None else int(v) for v in values)


def _dyn_str(v):
    return "?" if v is None else str(v)


class TensorViewType(Type):
    """``tensor_view``; dynamic sizes and strides are ``None`` (``?``)."""

    __slots__ = ("element", "shape", "strides")
    _fields = ("element", "shape", "strides")
    mnemonic = "tensor_view"

    def _normalize(self):
        self._set("shape", _dyn(self.shape))
        self._set("strides", _dyn(self.strides))

    def dependencies(self):
        return (self.element,)

    def __str__(self):
        dims = "x".join([_dyn_str(d) for d in self.shape] + [str(self.element)])
        if not self.shape and not self.strides:
            return "tensor_view<%s>" % dims
        return "tensor_view<%s, strides=[%s]>" % (dims, ",".join(_dyn_str(s) for s in self.strides))


def _padding_str(padding):
    return "" if padding is None else ", padding_value = %s" % padding


def _dim_map_str(dim_map):
    if tuple(dim_map) == tuple(range(len(dim_map))):
        return ""
    return ", dim_map=[%s]" % ", ".join(str(d) for d in dim_map)


def _check_padding(padding):
    if padding is not None and padding not in tables.ENUMS["PaddingValue"].values:
        raise ValueError("unknown padding value %r" % (padding,))


class PartitionViewType(Type):
    """``partition_view``; ``padding`` is a PaddingValue keyword or None."""

    __slots__ = ("tile_shape", "tensor_view", "dim_map", "padding")
    _fields = ("tile_shape", "tensor_view", "dim_map", "padding")
    mnemonic = "partition_view"
    _default_dim_map = None
    _default_padding = None

    def _normalize(self):
        self._set("tile_shape", _ints(self.tile_shape))
        if self.dim_map is None:
            self._set("dim_map", tuple(range(len(self.tile_shape))))
        self._set("dim_map", _ints(self.dim_map))
        _check_padding(self.padding)

    def dependencies(self):
        return (self.tensor_view,)

    def __str__(self):
        return "partition_view<tile=(%s)%s, %s%s>" % (
            _dims(self.tile_shape), _padding_str(self.padding), self.tensor_view,
            _dim_map_str(self.dim_map))


class GatherScatterViewType(Type):
    __slots__ = ("tile_shape", "tensor_view", "sparse_dim", "padding")
    _fields = ("tile_shape", "tensor_view", "sparse_dim", "padding")
    mnemonic = "gather_scatter_view"
    _default_padding = None

    def _normalize(self):
        self._set("tile_shape", _ints(self.tile_shape))
        self._set("sparse_dim", int(self.sparse_dim))
        _check_padding(self.padding)

    def dependencies(self):
        return (self.tensor_view,)

    def __str__(self):
        return "gather_scatter_view<tile=(%s)%s, %s, sparse_dim=%d>" % (
            _dims(self.tile_shape), _padding_str(self.padding), self.tensor_view, self.sparse_dim)


class StridedViewType(Type):
    __slots__ = ("tile_shape", "traversal_strides", "tensor_view", "dim_map", "padding")
    _fields = ("tile_shape", "traversal_strides", "tensor_view", "dim_map", "padding")
    mnemonic = "strided_view"
    _default_dim_map = None
    _default_padding = None

    def _normalize(self):
        self._set("tile_shape", _ints(self.tile_shape))
        self._set("traversal_strides", _ints(self.traversal_strides))
        if self.dim_map is None:
            self._set("dim_map", tuple(range(len(self.tile_shape))))
        self._set("dim_map", _ints(self.dim_map))
        _check_padding(self.padding)

    def dependencies(self):
        return (self.tensor_view,)

    def __str__(self):
        return "strided_view<tile=(%s), traversal_strides=[%s]%s, %s%s>" % (
            _dims(self.tile_shape), ",".join(str(s) for s in self.traversal_strides),
            _padding_str(self.padding), self.tensor_view, _dim_map_str(self.dim_map))


class FunctionType(Type):
    __slots__ = ("inputs", "results")
    _fields = ("inputs", "results")
    mnemonic = "function"
    _default_results = ()

    def _normalize(self):
        self._set("inputs", tuple(self.inputs))
        self._set("results", tuple(self.results))

    def dependencies(self):
        return self.inputs + self.results

    def __str__(self):
        return "(%s) -> (%s)" % (", ".join(map(str, self.inputs)), ", ".join(map(str, self.results)))


# ---------------------------------------------------------------------------
# Attributes
# ---------------------------------------------------------------------------
def _int_width(ty):
    if isinstance(ty, ScalarType) and ty.is_integer:
        return ty.width
    return 64


class Attribute(_Frozen):
    __slots__ = ()
    kind = None          # ATTRIBUTE_TAGS kind


class IntegerAttr(Attribute):
    """An integer of type ``type``; ``value`` may be given signed or unsigned."""

    __slots__ = ("type", "value")
    _fields = ("type", "value")
    kind = "integer"

    def _normalize(self):
        value = int(self.value)
        if value < 0:
            value &= (1 << _int_width(self.type)) - 1
        self._set("value", value)

    @property
    def signed_value(self):
        width = _int_width(self.type)
        v = self.value & ((1 << width) - 1)
        return v - (1 << width) if v >> (width - 1) & 1 else v

    def __str__(self):
        if isinstance(self.type, ScalarType) and self.type.name == "i1":
            return "true" if self.value & 1 else "false"
        if isinstance(self.type, ScalarType) and self.type.name == "i64":
            return str(self.signed_value)
        return "%d : %s" % (self.signed_value, self.type)


class FloatAttr(Attribute):
    """A float of type ``type`` stored as its bit pattern ``bits``."""

    __slots__ = ("type", "bits")
    _fields = ("type", "bits")
    kind = "float"

    @classmethod
    def from_float(cls, ty, value):
        from .elements import float_to_bits
        return cls(ty, float_to_bits(value, str(ty)))

    @property
    def value(self):
        try:
            return bits_to_float(self.bits, str(self.type))
        except (KeyError, ValueError, OverflowError):
            return float("nan")

    def __str__(self):
        return "%r : %s" % (self.value, self.type)


class BoolAttr(Attribute):
    __slots__ = ("value",)
    _fields = ("value",)
    kind = "bool"

    def __str__(self):
        return "true" if self.value else "false"


class TypeAttr(Attribute):
    __slots__ = ("type",)
    _fields = ("type",)
    kind = "type"

    def __str__(self):
        return str(self.type)


def _quote(text):
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or 0xD800 <= ord(ch) <= 0xDFFF:
            # control characters and bytes that are not UTF-8 (surrogateescape)
            out.append("\\%02X" % (ord(ch) & 0xFF))
        else:
            out.append(ch)
    return '"%s"' % "".join(out)


class StringAttr(Attribute):
    __slots__ = ("value",)
    _fields = ("value",)
    kind = "string"

    def __str__(self):
        return _quote(self.value)


class ArrayAttr(Attribute):
    __slots__ = ("elements",)
    _fields = ("elements",)
    kind = "array"

    def _normalize(self):
        self._set("elements", tuple(self.elements))

    def __str__(self):
        return "[%s]" % ", ".join(str(e) for e in self.elements)


class DenseElementsAttr(Attribute):
    """Constant data: ``type`` (a tile type) and the raw pool bytes ``data``."""

    __slots__ = ("type", "data")
    _fields = ("type", "data")
    kind = "dense_elements"

    def _normalize(self):
        self._set("data", bytes(self.data))

    @classmethod
    def from_values(cls, ty, values):
        """Encode Python numbers for tile type ``ty`` (a scalar is a splat)."""
        from .elements import encode_elements
        if not isinstance(ty, TileType) or not isinstance(ty.element, ScalarType):
            raise ValueError("dense constants need a tile of integers or floats, got %s" % ty)
        return cls(ty, encode_elements(ty.element.name, ty.shape, values))

    def values(self, limit=None):
        """The elements as Python numbers (flat list, at most ``limit``), or
        None if the data does not fit the type."""
        ty = self.type
        if isinstance(ty, TileType) and isinstance(ty.element, ScalarType):
            try:
                return decode_elements(ty.element.name, ty.shape, self.data, limit)
            except ValueError:
                return None
        return None

    @property
    def is_splat(self):
        ty = self.type
        if not isinstance(ty, TileType) or not isinstance(ty.element, ScalarType):
            return False
        info = ty.element.info
        if info.storage_bits == 0:
            return len(self.data) == 1 and (ty.num_elements > 8 or self.data in (b"\x00", b"\xff"))
        return len(self.data) == info.storage_bits // 8

    def value_text(self, limit=16):
        vals = self.values(limit + 1)
        if vals is None:
            data = self.data if len(self.data) <= 64 else self.data[:64]
            return "0x" + data.hex().upper() + ("..." if len(self.data) > 64 else "")
        if self.is_splat and vals:
            vals = vals[:1]
        def one(v):
            if isinstance(v, bool):
                return "true" if v else "false"
            return repr(v)
        if len(vals) == 1 and self.is_splat:
            return one(vals[0])
        if len(vals) > limit:
            return "[%s, ... (%d elements)]" % (", ".join(one(v) for v in vals[:limit]),
                                                self.type.num_elements)
        return "[%s]" % ", ".join(one(v) for v in vals)

    def __str__(self):
        elem = self.type.element if isinstance(self.type, TileType) else self.type
        return "<%s: %s>" % (elem, self.value_text())


class DivByAttr(Attribute):
    __slots__ = ("divisor", "every", "along")
    _fields = ("divisor", "every", "along")
    kind = "div_by"
    _default_every = None
    _default_along = None

    def __str__(self):
        extra = ""
        if self.every is not None:
            extra += " every %d" % self.every
        if self.along is not None:
            extra += " along %d" % self.along
        sep = "," if extra else ""
        return "div_by<%d%s%s>" % (self.divisor, sep, extra)


class SameElementsAttr(Attribute):
    __slots__ = ("values",)
    _fields = ("values",)
    kind = "same_elements"

    def _normalize(self):
        self._set("values", _ints(self.values))

    def __str__(self):
        return "same_elements<[%s]>" % ", ".join(str(v) for v in self.values)


def _entries(entries):
    if isinstance(entries, dict):
        entries = entries.items()
    return tuple((str(k), v) for k, v in entries)


class DictionaryAttr(Attribute):
    """``entries`` is a tuple of ``(key, attribute)`` in stored order."""

    __slots__ = ("entries",)
    _fields = ("entries",)
    kind = "dictionary"

    def _normalize(self):
        self._set("entries", _entries(self.entries))

    @classmethod
    def sorted(cls, entries):
        """A dictionary with keys in MLIR's order (bytewise)."""
        items = _entries(entries)
        return cls(tuple(sorted(items, key=lambda kv: kv[0].encode("utf-8", "surrogateescape"))))

    def get(self, key, default=None):
        for k, v in self.entries:
            if k == key:
                return v
        return default

    def __str__(self):
        return "{%s}" % ", ".join("%s = %s" % (k, v) for k, v in self.entries)


class OptimizationHintsAttr(Attribute):
    """Per-architecture hints: ``entries`` = ``((arch, DictionaryAttr), ...)``."""

    __slots__ = ("entries",)
    _fields = ("entries",)
    kind = "optimization_hints"

    def _normalize(self):
        items = []
        for k, v in _entries(self.entries):
            if isinstance(v, dict):
                v = DictionaryAttr.sorted(v)
            items.append((k, v))
        self._set("entries", tuple(items))

    def __str__(self):
        return "<%s>" % ", ".join("%s = %s" % (k, v) for k, v in self.entries)


class BoundedAttr(Attribute):
    __slots__ = ("lower", "upper")
    _fields = ("lower", "upper")
    kind = "bounded"
    _default_lower = None
    _default_upper = None

    def __str__(self):
        return "bounded<%s, %s>" % ("?" if self.lower is None else self.lower,
                                    "?" if self.upper is None else self.upper)


# ---------------------------------------------------------------------------
# Locations and debug info
# ---------------------------------------------------------------------------
class Location(_Frozen):
    __slots__ = ()


class FileLineColLoc(Location):
    """A plain ``file:line:col`` location (written as "unknown")."""

    __slots__ = ("filename", "line", "column")
    _fields = ("filename", "line", "column")

    def __str__(self):
        return "%s:%d:%d" % (self.filename, self.line, self.column)


class NameLoc(Location):
    """A named location; the bytecode cannot hold it (the writer refuses)."""

    __slots__ = ("name", "child")
    _fields = ("name", "child")
    _default_child = None

    def __str__(self):
        return "%s(%s)" % (_quote(self.name), self.child or "")


class FusedLoc(Location):
    """A fused location; the bytecode cannot hold it (the writer refuses)."""

    __slots__ = ("locations",)
    _fields = ("locations",)

    def _normalize(self):
        self._set("locations", tuple(self.locations))

    def __str__(self):
        return "fused[%s]" % ", ".join(str(l) for l in self.locations)


class DebugAttr(Location):
    """Base of the attributes stored in the debug section."""

    __slots__ = ()
    kind = None

    def dependencies(self):
        return ()


class UnknownDebugAttr(DebugAttr):
    __slots__ = ()
    _fields = ()
    kind = "unknown"

    def __str__(self):
        return "unknown"


class DIFile(DebugAttr):
    __slots__ = ("name", "directory")
    _fields = ("name", "directory")
    kind = "di_file"

    def __str__(self):
        return "di_file<%s in %s>" % (_quote(self.name), _quote(self.directory))


class DICompileUnit(DebugAttr):
    __slots__ = ("file",)
    _fields = ("file",)
    kind = "di_compile_unit"

    def dependencies(self):
        return (self.file,)

    def __str__(self):
        return "di_compile_unit<file = %s>" % self.file


class DISubprogram(DebugAttr):
    __slots__ = ("file", "line", "name", "linkage_name", "compile_unit", "scope_line")
    _fields = ("file", "line", "name", "linkage_name", "compile_unit", "scope_line")
    kind = "di_subprogram"
    _default_scope_line = 0

    def dependencies(self):
        return (self.file, self.compile_unit)

    def __str__(self):
        return "di_subprogram<%s, line = %d, linkage = %s>" % (_quote(self.name), self.line,
                                                                _quote(self.linkage_name))


class DILexicalBlock(DebugAttr):
    __slots__ = ("scope", "file", "line", "column")
    _fields = ("scope", "file", "line", "column")
    kind = "di_lexical_block"

    def dependencies(self):
        return (self.scope, self.file)

    def __str__(self):
        return "di_lexical_block<%d:%d in %s>" % (self.line, self.column, self.scope)


class DILoc(DebugAttr):
    """A source position inside a subprogram or lexical block scope."""

    __slots__ = ("scope", "filename", "line", "column")
    _fields = ("scope", "filename", "line", "column")
    kind = "di_loc"

    def dependencies(self):
        return (self.scope,)

    def __str__(self):
        return "%s:%d:%d" % (self.filename, self.line, self.column)


class CallSiteLoc(DebugAttr):
    """``callee`` inlined at ``caller``; either may be None (unknown)."""

    __slots__ = ("callee", "caller")
    _fields = ("callee", "caller")
    kind = "call_site"

    def dependencies(self):
        return (self.callee, self.caller)

    def __str__(self):
        return "callsite(%s at %s)" % (self.callee or "unknown", self.caller or "unknown")


# ---------------------------------------------------------------------------
# IR objects
# ---------------------------------------------------------------------------
class Value:
    """An SSA value: a function or block argument or an op result."""

    __slots__ = ("type", "owner", "index", "__weakref__")

    def __init__(self, type, owner=None, index=0):
        self.type = type
        self.owner = owner
        self.index = index

    def __repr__(self):
        owner = self.owner
        if isinstance(owner, Operation):
            return "<Value #%d of cuda_tile.%s : %s>" % (self.index, owner.name, self.type)
        return "<Value arg #%d : %s>" % (self.index, self.type)


class Operation:
    """One op.  ``name`` is the mnemonic without the ``cuda_tile.`` prefix.

    ``operands`` maps every ODS operand group to a :class:`Value` (single),
    a list of values (variadic) or ``None`` (absent optional operand).
    ``results`` is the list of result values; ``offset`` the absolute file
    offset of the op's opcode when it was read from a file.
    """

    __slots__ = ("name", "operands", "results", "attributes", "regions", "location", "offset")

    def __init__(self, name, operands=None, result_types=(), attributes=None, regions=(),
                 location=None):
        if name.startswith("cuda_tile."):
            name = name[len("cuda_tile."):]
        self.name = name
        self.operands = OrderedDict(operands or ())
        self.results = [Value(t, self, i) for i, t in enumerate(result_types)]
        self.attributes = dict(attributes or {})
        self.regions = list(regions)
        self.location = location
        self.offset = None

    @property
    def schema(self):
        return tables.OPS_BY_NAME.get(self.name)

    @property
    def full_name(self):
        return "cuda_tile." + self.name

    @property
    def result(self):
        if len(self.results) != 1:
            raise ValueError("cuda_tile.%s has %d results" % (self.name, len(self.results)))
        return self.results[0]

    @property
    def result_types(self):
        return [r.type for r in self.results]

    def operand_values(self):
        """All operands, flattened in ODS order."""
        out = []
        for v in self.operands.values():
            if isinstance(v, (list, tuple)):
                out.extend(v)
            elif v is not None:
                out.append(v)
        return out

    def walk(self):
        """This op and every op nested in its regions, pre-order."""
        yield self
        for region in self.regions:
            for block in region.blocks:
                for op in block.operations:
                    for x in op.walk():
                        yield x

    def __repr__(self):
        return "<Operation cuda_tile.%s>" % self.name


class Block:
    __slots__ = ("arguments", "operations")

    def __init__(self, argument_types=(), operations=()):
        self.arguments = [Value(t, self, i) for i, t in enumerate(argument_types)]
        self.operations = list(operations)

    def add_argument(self, type):
        value = Value(type, self, len(self.arguments))
        self.arguments.append(value)
        return value

    def append(self, op):
        self.operations.append(op)
        return op

    def __repr__(self):
        return "<Block %d args, %d ops>" % (len(self.arguments), len(self.operations))


class Region:
    __slots__ = ("blocks",)

    def __init__(self, blocks=()):
        self.blocks = list(blocks)

    def __repr__(self):
        return "<Region %d blocks>" % len(self.blocks)


class Function:
    """A kernel (``entry``) or other function of the module."""

    def __init__(self, name, argument_types=(), result_types=(), kernel=True, private=False,
                 optimization_hints=None, location=None):
        self.name = name
        self.body = Block(argument_types)
        self.result_types = tuple(result_types)
        self.kernel = kernel
        self.private = private
        self.optimization_hints = optimization_hints
        self.location = location
        self.offset = None

    @property
    def arguments(self):
        return self.body.arguments

    @property
    def type(self):
        return FunctionType(tuple(a.type for a in self.body.arguments), self.result_types)

    @property
    def operations(self):
        return self.body.operations

    def walk(self):
        for op in self.body.operations:
            for x in op.walk():
                yield x

    def __repr__(self):
        return "<Function @%s>" % self.name


class Global:
    """A module-level global: ``value`` is a :class:`DenseElementsAttr`."""

    def __init__(self, name, value, alignment=0, visibility="public", constant=False):
        self.name = name
        self.value = value
        self.alignment = alignment
        self.visibility = visibility
        self.constant = constant
        self.offset = None

    @property
    def type(self):
        return self.value.type

    def __repr__(self):
        return "<Global @%s : %s>" % (self.name, self.type)


class Module:
    """A bytecode module.  ``version`` is the version it was read from (or
    the default target of :meth:`to_bytes`); the name is not stored in the
    bytecode (the reference reader prints ``@kernels``)."""

    def __init__(self, functions=(), globals=(), producer=None, version=None, name="kernels"):
        self.functions = list(functions)
        self.globals = list(globals)
        self.producer = producer
        self.version = tables.DEFAULT_VERSION if version is None else tables.parse_version(version)
        self.name = name

    def walk(self):
        for f in self.functions:
            for op in f.walk():
                yield op

    def function(self, name):
        for f in self.functions:
            if f.name == name:
                return f
        raise KeyError(name)

    def to_bytes(self, version=None):
        """Serialize (see :func:`cuda_tile_bytecode.writer.write_bytecode`)."""
        from .writer import write_bytecode
        return write_bytecode(self, self.version if version is None else version)

    @classmethod
    def from_bytes(cls, data):
        from .reader import read_bytecode
        return read_bytecode(data)

    def __repr__(self):
        return "<Module %d functions, %d globals, version %s>" % (
            len(self.functions), len(self.globals), self.version)


# ---------------------------------------------------------------------------
# Structural comparison
# ---------------------------------------------------------------------------
def compare_modules(a, b, ignore_producer=False):
    """None if the modules are structurally equal, else a description of the
    first difference.  Values are matched by position, not identity."""
    if not ignore_producer and a.producer != b.producer:
        return "producer %r != %r" % (a.producer, b.producer)
    if len(a.globals) != len(b.globals):
        return "%d globals != %d" % (len(a.globals), len(b.globals))
    for ga, gb in zip(a.globals, b.globals):
        for field in ("name", "value", "alignment", "visibility", "constant"):
            if getattr(ga, field) != getattr(gb, field):
                return "global @%s: %s differs" % (ga.name, field)
    if len(a.functions) != len(b.functions):
        return "%d functions != %d" % (len(a.functions), len(b.functions))
    for fa, fb in zip(a.functions, b.functions):
        for field in ("name", "type", "kernel", "private", "optimization_hints", "location"):
            if getattr(fa, field) != getattr(fb, field):
                return "function @%s: %s differs" % (fa.name, field)
        mapping = {}
        diff = _compare_blocks(fa.body, fb.body, mapping, "@%s" % fa.name)
        if diff:
            return diff
    return None


def _compare_blocks(ba, bb, mapping, where):
    if len(ba.arguments) != len(bb.arguments):
        return "%s: block argument count differs" % where
    for x, y in zip(ba.arguments, bb.arguments):
        if x.type != y.type:
            return "%s: block argument type %s != %s" % (where, x.type, y.type)
        mapping[id(x)] = y
    if len(ba.operations) != len(bb.operations):
        return "%s: %d ops != %d" % (where, len(ba.operations), len(bb.operations))
    for i, (oa, ob) in enumerate(zip(ba.operations, bb.operations)):
        here = "%s op #%d (cuda_tile.%s)" % (where, i, oa.name)
        if oa.name != ob.name:
            return "%s: op name %s != %s" % (here, oa.name, ob.name)
        if oa.attributes != ob.attributes:
            return "%s: attributes %r != %r" % (here, oa.attributes, ob.attributes)
        if oa.location != ob.location:
            return "%s: location %s != %s" % (here, oa.location, ob.location)
        if list(oa.operands) != list(ob.operands):
            return "%s: operand groups differ" % here
        for name in oa.operands:
            va, vb = oa.operands[name], ob.operands[name]
            la = va if isinstance(va, (list, tuple)) else [va]
            lb = vb if isinstance(vb, (list, tuple)) else [vb]
            if len(la) != len(lb):
                return "%s: operand %s count differs" % (here, name)
            for x, y in zip(la, lb):
                if (x is None) != (y is None) or (x is not None and mapping.get(id(x)) is not y):
                    return "%s: operand %s differs" % (here, name)
        if [r.type for r in oa.results] != [r.type for r in ob.results]:
            return "%s: result types differ" % here
        for x, y in zip(oa.results, ob.results):
            mapping[id(x)] = y
        if len(oa.regions) != len(ob.regions):
            return "%s: region count differs" % here
        for ra, rb in zip(oa.regions, ob.regions):
            if len(ra.blocks) != len(rb.blocks):
                return "%s: block count differs" % here
            for xa, xb in zip(ra.blocks, rb.blocks):
                diff = _compare_blocks(xa, xb, mapping, here)
                if diff:
                    return diff
    return None
