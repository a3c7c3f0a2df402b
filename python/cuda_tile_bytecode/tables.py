"""Typed view of the bytecode tables in :mod:`._tables`.

``_tables.py`` is plain data generated from the dialect's TableGen files (see
its docstring for the record layouts).  This module turns those records into
small objects and derives what the reader and writer need:

* the flag-bit assignment of an op's optional fields;
* whether an op writes a result count / operand count;
* the largest opcode of each version;
* lookup by name, opcode, tag and keyword.

How an op record becomes bytes (after the varint opcode)::

    [varint nres]        iff any result or operand group is variadic
    type x nres          result types (results newer than the target dropped)
    [varint flags]       iff the op has optional fields and the target is at
                         least the oldest of their versions
    attributes           declaration order; "unit" ones are flag bits only;
                         optional ones only when their bit is set; required
                         ones newer than the target are skipped
    operands             AttrSizedOperandSegments: per operand group, single
                         -> index, variadic -> count + indices, optional ->
                         index iff its flag bit is set; otherwise, if any
                         group is variadic/optional: count + all indices,
                         else the indices
    [varint nregions, regions]   iff the record has regions

Flag bits: optional fields ordered by version, attributes before operands
within a version, declaration order otherwise; bit i <=> field i present.
"""

from . import _tables as _raw
from .wire import Version, parse_version

__all__ = [
    "TypeInfo", "EnumInfo", "AttrSpec", "OperandSpec", "ResultSpec", "OpSchema",
    "VERSIONS", "LATEST_VERSION", "DEFAULT_VERSION", "OLDEST_VERSION", "SECTION_IDS", "SECTION_NAMES",
    "TYPES_BY_TAG", "TYPES_BY_MNEMONIC", "ENUMS", "OPS_BY_NAME", "OPS_BY_OPCODE",
    "ATTRIBUTE_TAGS", "ATTRIBUTE_TAG_NAMES", "DEBUG_TAGS", "DEBUG_TAG_NAMES",
    "FLOAT_FORMATS", "FUNCTION_FLAGS", "max_opcode", "op_schema", "enum",
    "UNIFIED_BITFIELD_VERSION", "POINTER_FLAGS_VERSION", "GLOBAL_FIELD_SINCE", "section_since",
]


def _v(text):
    return parse_version(text)


VERSIONS = tuple(_v(v) for v in _raw.VERSIONS)
OLDEST_VERSION = VERSIONS[0]
LATEST_VERSION = VERSIONS[-1]
DEFAULT_VERSION = _v(_raw.DEFAULT_VERSION)
UNIFIED_BITFIELD_VERSION = _v(_raw.UNIFIED_BITFIELD_VERSION)
POINTER_FLAGS_VERSION = _v(_raw.POINTER_FLAGS_VERSION)

SECTION_IDS = {name: sid for sid, name, _ in _raw.SECTIONS}
SECTION_NAMES = {sid: name for sid, name, _ in _raw.SECTIONS}
_SECTION_SINCE = {name: _v(since) for _, name, since in _raw.SECTIONS}
SECTION_ORDER = tuple(_raw.SECTION_ORDER)


def section_since(name):
    return _SECTION_SINCE[name]


ATTRIBUTE_TAGS = {kind: tag for tag, kind in _raw.ATTRIBUTE_TAGS}
ATTRIBUTE_TAG_NAMES = {tag: kind for tag, kind in _raw.ATTRIBUTE_TAGS}
DEBUG_TAGS = {kind: tag for tag, kind in _raw.DEBUG_TAGS}
DEBUG_TAG_NAMES = {tag: kind for tag, kind in _raw.DEBUG_TAGS}
FUNCTION_FLAGS = dict(_raw.FUNCTION_FLAGS)
GLOBAL_FIELD_SINCE = {name: _v(since) for name, _, since in _raw.GLOBAL_FIELDS}


class TypeInfo:
    """One ``TYPES`` record."""

    __slots__ = ("tag", "mnemonic", "since", "cpp_name", "kind", "bits", "storage_bits")

    def __init__(self, tag, mnemonic, since, cpp_name, kind, bits, storage_bits):
        self.tag = tag
        self.mnemonic = mnemonic
        self.since = _v(since)
        self.cpp_name = cpp_name
        self.kind = kind
        self.bits = bits
        self.storage_bits = storage_bits

    def __repr__(self):
        return "TypeInfo(%d, %r)" % (self.tag, self.mnemonic)


TYPES_BY_TAG = {}
TYPES_BY_MNEMONIC = {}
for _rec in _raw.TYPES:
    _t = TypeInfo(*_rec)
    TYPES_BY_TAG[_t.tag] = _t
    TYPES_BY_MNEMONIC[_t.mnemonic] = _t

FLOAT_FORMATS = {name: (e, m, bias, flavour) for name, e, m, bias, flavour in _raw.FLOAT_FORMATS}


class EnumInfo:
    """One ``ENUMS`` record: keyword <-> wire value."""

    __slots__ = ("name", "values", "keywords", "since")

    def __init__(self, name, cases):
        self.name = name
        self.values = dict(cases)                      # keyword -> value
        self.keywords = {v: k for k, v in cases}       # value -> keyword
        self.since = {}                                # keyword -> Version (newer cases)

    def value(self, keyword):
        return self.values[keyword]

    def keyword(self, value):
        return self.keywords[value]

    def __repr__(self):
        return "EnumInfo(%r)" % self.name


ENUMS = {name: EnumInfo(name, cases) for name, cases in _raw.ENUMS}
for _enum, _keyword, _since in _raw.ENUM_CASE_SINCE:
    ENUMS[_enum].since[_keyword] = _v(_since)


def enum(name):
    return ENUMS[name]


class AttrSpec:
    """An inline attribute of an op record."""

    __slots__ = ("name", "kind", "enum", "optional", "always", "since", "default")

    def __init__(self, name, kind, presence, since, default):
        self.name = name
        if kind.startswith("enum:"):
            self.kind = "enum"
            self.enum = ENUMS[kind[5:]]
        else:
            self.kind = kind
            self.enum = None
        self.optional = presence == "optional"
        # Optional in the model, yet written without a flag bit from `since`
        # on; `default` then names the operand with one `false` per value.
        self.always = presence == "always"
        self.since = _v(since)
        self.default = default

    def wire_default(self, operands):
        """The value an absent "always" attribute is written as."""
        return (False,) * len(operands.get(self.default) or ())

    @property
    def is_unit(self):
        return self.kind == "unit"

    def __repr__(self):
        return "AttrSpec(%r, %r)" % (self.name, self.kind)


class OperandSpec:
    __slots__ = ("name", "arity", "since")

    def __init__(self, name, arity, since):
        self.name = name
        self.arity = arity
        self.since = _v(since)

    def __repr__(self):
        return "OperandSpec(%r, %r)" % (self.name, self.arity)


class ResultSpec:
    __slots__ = ("name", "arity", "since")

    def __init__(self, name, arity, since):
        self.name = name
        self.arity = arity
        self.since = _v(since)

    def __repr__(self):
        return "ResultSpec(%r, %r)" % (self.name, self.arity)


class OpSchema:
    """One ``OPS`` record plus the wire facts derived from it."""

    def __init__(self, opcode, name, since, traits, results, attributes, operands, regions):
        self.opcode = opcode
        self.name = name
        self.since = _v(since)
        self.traits = frozenset(traits)
        self.results = tuple(ResultSpec(*r) for r in results)
        self.attributes = tuple(AttrSpec(*a) for a in attributes)
        self.operands = tuple(OperandSpec(*o) for o in operands)
        self.regions = regions
        self.attr_by_name = {a.name: a for a in self.attributes}
        self.operand_by_name = {o.name: o for o in self.operands}
        self.segmented = "AttrSizedOperandSegments" in self.traits
        self.terminator = "Terminator" in self.traits
        self.module_level = "ModuleLevel" in self.traits
        self.variadic_results = any(r.arity == "variadic" for r in self.results)
        # A count precedes the result types iff a result or an operand group
        # is variadic (optional operands do not count).
        self.counted = self.variadic_results or any(o.arity == "variadic" for o in self.operands)
        self.flat_operands = (not self.segmented) and any(o.arity != "single" for o in self.operands)
        self.optional_fields = self._flag_fields()
        self.flag_bits = {name: i for i, (name, _, _) in enumerate(self.optional_fields)}
        self.flags_since = min((s for _, s, _ in self.optional_fields), default=None)

    def _flag_fields(self):
        fields = []
        for pos, a in enumerate(self.attributes):
            if a.optional:
                fields.append((a.since, 0, pos, a.name, "attribute"))
        if self.segmented:
            for pos, o in enumerate(self.operands):
                if o.arity == "optional":
                    fields.append((o.since, 1, pos, o.name, "operand"))
        fields.sort()
        return tuple((name, since, kind) for since, _, _, name, kind in fields)

    @property
    def full_name(self):
        return "cuda_tile." + self.name

    def has_flags(self, version):
        return self.flags_since is not None and version >= self.flags_since

    def results_at(self, version):
        """Fixed results present at ``version`` (indices into ``results``)."""
        return [i for i, r in enumerate(self.results) if version >= r.since]

    def __repr__(self):
        return "OpSchema(0x%02X, %r)" % (self.opcode, self.name)


OPS_BY_OPCODE = {}
OPS_BY_NAME = {}
for _rec in _raw.OPS:
    _op = OpSchema(*_rec)
    OPS_BY_OPCODE[_op.opcode] = _op
    OPS_BY_NAME[_op.name] = _op

_MAX_OPCODE = {}
for _ver in VERSIONS:
    _MAX_OPCODE[_ver] = max(o.opcode for o in OPS_BY_OPCODE.values() if o.since <= _ver)


def max_opcode(version):
    """Largest opcode a file of ``version`` may contain."""
    return _MAX_OPCODE[Version(*version[:2])]


def op_schema(name):
    """Schema of an op by mnemonic (``"addf"`` or ``"cuda_tile.addf"``)."""
    if name.startswith("cuda_tile."):
        name = name[len("cuda_tile."):]
    return OPS_BY_NAME[name]
