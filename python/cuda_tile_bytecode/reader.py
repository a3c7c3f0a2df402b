"""Bytecode -> object model.

:func:`read_bytecode` returns a :class:`~.model.Module`;
:class:`BytecodeReader` also exposes the file layout (header, sections with
offsets) and the decoded tables (strings, types, constants, debug
attributes), which :mod:`.dump` prints.

Every malformed input raises :class:`~.wire.DecodeError`.  Where the
reference reader diagnoses the same problem, the messages and their offsets
follow it (see :mod:`.wire` for what the offsets are relative to); other
problems get messages of their own.
"""

from . import structure, tables
from .model import (
    ArrayAttr, Block, BoolAttr, BoundedAttr, CallSiteLoc, DenseElementsAttr, DICompileUnit,
    DictionaryAttr, DIFile, DILexicalBlock, DILoc, DISubprogram, DivByAttr, FloatAttr,
    Function, FunctionType, GatherScatterViewType, Global, IntegerAttr, Module, Operation,
    OptimizationHintsAttr, PartitionViewType, PointerType, Region, SameElementsAttr,
    ScalarType, StridedViewType, StringAttr, TensorViewType, TileType, TokenType, TypeAttr,
    UnknownDebugAttr, Value,
)
from .structure import (
    ASSUME_PREDICATES, MAX_ATTRIBUTE_DEPTH, MAX_DEBUG_DEPTH, MAX_REGION_DEPTH, MAX_TYPE_DEPTH,
)
from .wire import MAGIC, SECTION_ALIGNED, ByteReader, DecodeError, Version

__all__ = ["read_bytecode", "BytecodeReader", "SectionInfo", "MAX_NESTING"]

#: Deepest nesting of regions accepted (the C++ reader's limit; the limits of
#: types, attributes and debug scopes are in :mod:`.structure`).
MAX_NESTING = MAX_REGION_DEPTH
_INT32_MIN, _INT32_MAX = -(1 << 31), (1 << 31) - 1
_INT64_MIN = -(1 << 63)

_SEC = tables.SECTION_IDS
_SEC_END = _SEC["end"]
_CREATE_FUNCTION = "failed to create function from bytecode"


class SectionInfo:
    """One section of the file as found by the section scan."""

    __slots__ = ("id", "name", "header_offset", "payload_offset", "length", "alignment")

    def __init__(self, sid, header_offset, payload_offset, length, alignment):
        self.id = sid
        self.name = tables.SECTION_NAMES.get(sid, "?")
        self.header_offset = header_offset
        self.payload_offset = payload_offset
        self.length = length
        self.alignment = alignment

    @property
    def end_offset(self):
        return self.payload_offset + self.length

    def __repr__(self):
        return "SectionInfo(%s @%d+%d)" % (self.name, self.payload_offset, self.length)


class BytecodeReader:
    """Reads one file.

    :meth:`read_layout` checks the header and finds the sections
    (``version``, ``version_tag``, ``sections``, ``end_offset``); :meth:`read`
    decodes everything into ``module`` and leaves the tables in ``strings``,
    ``types``, ``constants`` and ``debug_lists`` (the per-function location
    lists); debug attributes are resolved on demand by :meth:`debug_attr`.
    """

    def __init__(self, data, emulate_reference=False):
        if isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        if not isinstance(data, bytes):
            raise TypeError("bytecode must be bytes, not %s" % type(data).__name__)
        self.data = data
        self.emulate_reference = emulate_reference
        self.version = None
        self.version_tag = None
        self.sections = []
        self.strings = []
        self.types = []
        self.constants = []
        self.debug_lists = []
        self.module = None
        self.end_offset = None
        self._section_map = {}
        self._type_entries = []
        self._debug_entries = []
        self._debug_cache = {}
        self._layout_done = False

    # ------------------------------------------------------------------
    # Header and section directory
    # ------------------------------------------------------------------
    def read_layout(self):
        """Check the header and find the sections (``self.sections``)."""
        if self._layout_done:
            return self.sections
        data = self.data
        r = ByteReader(data)
        header = "failed to parse bytecode header"
        for i, expected in enumerate(MAGIC):
            if r.at_end():
                raise DecodeError(r.pos, "invalid magic number at position %d, got 0 expected %d"
                                  % (i, expected)).add_context(r.pos, header)
            got = r.u8()
            if got != expected:
                raise DecodeError(r.pos, "invalid magic number at position %d, got %d expected %d"
                                  % (i, got, expected)).add_context(r.pos, header)
        if len(data) < 12:
            raise DecodeError(len(data), header)
        major, minor = r.u8(), r.u8()
        tag = r.uint(2)
        if Version(major, minor) not in tables.VERSIONS:
            raise DecodeError(r.pos, "unsupported Tile version %d.%d.%d, this reader supports versions "
                              "[%s - %s]" % (major, minor, tag, tables.OLDEST_VERSION,
                                             tables.LATEST_VERSION)).add_context(r.pos, header)
        self.version = Version(major, minor)
        self.version_tag = tag
        section_header = "failed to parse section header"
        while True:
            if r.at_end():
                raise DecodeError(r.pos, "unexpected end of data while reading section header"
                                  ).add_context(r.pos, section_header)
            start = r.pos
            id_byte = r.u8()
            sid = id_byte & 0x7F
            if sid == _SEC_END:
                if id_byte & SECTION_ALIGNED:
                    raise DecodeError(r.pos, "end section should not have alignment flag set"
                                      ).add_context(r.pos, section_header)
                if not r.at_end():
                    raise DecodeError(r.pos, "end section is not the last section")
                self.end_offset = start
                break
            if sid not in tables.SECTION_NAMES:
                raise DecodeError(r.pos, "unknown section ID: %d" % sid).add_context(r.pos, section_header)
            try:
                length = r.varint()
            except DecodeError:
                raise DecodeError(r.pos, "failed to read section length").add_context(r.pos, section_header)
            if length > r.remaining():
                raise DecodeError(r.pos, "section length %d exceeds remaining data size %d"
                                  % (length, r.remaining())).add_context(r.pos, section_header)
            alignment = 1
            if id_byte & SECTION_ALIGNED:
                try:
                    alignment = r.varint()
                except DecodeError:
                    raise DecodeError(r.pos, "failed to read section alignment"
                                      ).add_context(r.pos, section_header)
                if alignment == 0 or alignment & (alignment - 1):
                    raise DecodeError(r.pos, "invalid alignment value: %d" % alignment
                                      ).add_context(r.pos, section_header)
                while r.pos % alignment:
                    if r.at_end():
                        raise DecodeError(r.pos, "unexpected end of data in section padding"
                                          ).add_context(r.pos, section_header)
                    r.pos += 1
                if length > r.remaining():
                    raise DecodeError(r.pos, "section length %d exceeds remaining data size %d"
                                      % (length, r.remaining())).add_context(r.pos, section_header)
            name = tables.SECTION_NAMES[sid]
            if name in self._section_map:
                raise DecodeError(start, "duplicate %s section" % name)
            if self.version < tables.section_since(name):
                raise DecodeError(start, "%s section requires bytecode version %s+, file is %s"
                                  % (name, tables.section_since(name), self.version))
            info = SectionInfo(sid, start, r.pos, length, alignment)
            self.sections.append(info)
            self._section_map[name] = info
            r.pos += length
        end = len(data)
        for name in ("string", "function"):
            if name not in self._section_map:
                raise DecodeError(end, "%s section is mandatory" % name)
        self._layout_done = True
        return self.sections

    def _payload(self, name):
        info = self._section_map[name]
        return ByteReader(self.data[info.payload_offset:info.end_offset], 0, info.payload_offset)

    # ------------------------------------------------------------------
    # Tables
    # ------------------------------------------------------------------
    def _offset_table(self, r, what, width, align):
        n = r.count("%s count" % what, width)
        r.align(align)
        if n > r.remaining() // width:
            raise r.error("%s count %d exceeds the section size" % (what, n))
        return [r.uint(width) for _ in range(n)]

    @staticmethod
    def _slices(r, offsets, what):
        """Entry i = data[offsets[i]:offsets[i+1]] of the rest of ``r``."""
        start = r.pos
        size = r.remaining()
        out = []
        for i, s in enumerate(offsets):
            e = offsets[i + 1] if i + 1 < len(offsets) else size
            if not s <= e <= size:
                raise r.error("%s %d has an invalid offset range [%d, %d) (data size %d)"
                              % (what, i, s, e, size))
            out.append((start + s, e - s))
        return out

    def _read_strings(self):
        r = self._payload("string")
        offsets = self._offset_table(r, "string", 4, 4)
        for pos, size in self._slices(r, offsets, "string"):
            raw = r.data[pos:pos + size]
            self.strings.append(raw.decode("utf-8", "surrogateescape"))

    def string(self, index, r=None, pos=None):
        if index >= len(self.strings):
            if r is not None:
                raise r.error("string index %d out of bounds" % index, pos)
            raise DecodeError(None, "string index %d out of bounds" % index, len(self.data))
        return self.strings[index]

    def _read_types(self):
        if "type" not in self._section_map:
            return
        r = self._payload("type")
        offsets = self._offset_table(r, "type", 4, 4)
        self._type_entries = [(r, pos, size) for pos, size in self._slices(r, offsets, "type")]
        self.types = [None] * len(offsets)
        for i in range(len(offsets)):
            self.type_at(i)

    def _pointer_flags(self, r):
        """The flags word of ptr and tensor_view types (13.4 and later)."""
        if self.version < tables.POINTER_FLAGS_VERSION:
            return 0
        flags = r.varint("type flags")
        if flags & ~1:
            raise r.error("invalid type flags %d" % flags)
        return flags

    def _pointer_attr(self, r, flags):
        """13.4's pointer attribute byte: only ``default`` (0) is defined,
        which means the same as no attribute."""
        if flags & 1:
            value = r.u8()
            if value != 0:
                raise r.error("unknown pointer attribute %d" % value)

    def type_at(self, index, r=None, pos=None, depth=0):
        """Type ``index`` (resolving its dependencies first)."""
        if index >= len(self.types):
            if r is not None:
                raise r.error("type index %d out of bounds" % index, pos)
            raise DecodeError(len(self.data), "type index %d out of bounds" % index)
        ty = self.types[index]
        if ty is not None:
            if ty is _IN_PROGRESS:
                raise self._type_reader(index).error("type %d refers to itself" % index)
            return ty
        if depth > MAX_TYPE_DEPTH:
            raise self._type_reader(index).error("types nested deeper than %d levels"
                                                 % MAX_TYPE_DEPTH)
        self.types[index] = _IN_PROGRESS
        try:
            ty = self._parse_type(index, depth)
        except BaseException:
            self.types[index] = None
            raise
        self.types[index] = ty
        return ty

    def _type_reader(self, index):
        section, pos, size = self._type_entries[index]
        sub = ByteReader(section.data[pos:pos + size], section.base + pos, section.file_base + pos)
        return sub

    def _parse_type(self, index, depth):
        r = self._type_reader(index)
        tag = r.varint("type tag")
        info = tables.TYPES_BY_TAG.get(tag)
        if info is None:
            raise r.error("unknown type tag %d" % tag, 0)
        if self.version < info.since:
            raise r.error("type tag %d (%s) requires bytecode version %s+, file is %s"
                          % (tag, info.mnemonic, info.since, self.version), 0)

        def sub():
            p = r.pos
            return self.type_at(r.varint("type index"), r, p, depth + 1)

        kind = info.kind
        unified = self.version >= tables.UNIFIED_BITFIELD_VERSION
        if kind in ("int", "float"):
            ty = ScalarType(info.mnemonic)
        elif kind == "token":
            ty = TokenType()
        elif kind == "pointer":
            flags = self._pointer_flags(r)
            ty = PointerType(sub())
            self._pointer_attr(r, flags)
        elif kind == "tile":
            elem = sub()
            ty = TileType(r.i64_array("tile shape"), elem)
        elif kind == "tensor_view":
            flags = self._pointer_flags(r)
            elem = sub()
            shape = r.i64_array("tensor_view shape")
            strides = r.i64_array("tensor_view strides")
            self._pointer_attr(r, flags)
            ty = TensorViewType(elem, [None if d == _INT64_MIN else d for d in shape],
                                [None if s == _INT64_MIN else s for s in strides])
        elif kind == "partition_view":
            flags = r.varint("flags") if unified else 0
            tile_shape = r.i32_array("tile shape")
            view = sub()
            dim_map = r.i32_array("dim_map")
            if unified:
                has_padding = flags & 1
                if flags >> 1:
                    raise r.error("unknown partition_view flag bits 0x%x" % flags)
            else:
                has_padding = r.u8()
                if has_padding > 1:
                    raise r.error("invalid padding presence byte %d" % has_padding, r.pos - 1)
            ty = PartitionViewType(tile_shape, view, dim_map, self._padding(r) if has_padding else None)
        elif kind == "function":
            inputs = tuple(sub() for _ in range(r.count("function input count")))
            results = tuple(sub() for _ in range(r.count("function result count")))
            ty = FunctionType(inputs, results)
        elif kind == "gather_scatter_view":
            flags = r.varint("flags")
            if flags >> 1:
                raise r.error("unknown gather_scatter_view flag bits 0x%x" % flags)
            tile_shape = r.i32_array("tile shape")
            view = sub()
            sparse = r.varint("sparse_dim")
            ty = GatherScatterViewType(tile_shape, view, sparse, self._padding(r) if flags & 1 else None)
        elif kind == "strided_view":
            flags = r.varint("flags")
            if flags >> 1:
                raise r.error("unknown strided_view flag bits 0x%x" % flags)
            tile_shape = r.i32_array("tile shape")
            strides = r.i32_array("traversal strides")
            view = sub()
            dim_map = r.i32_array("dim_map")
            ty = StridedViewType(tile_shape, strides, view, dim_map,
                                 self._padding(r) if flags & 1 else None)
        else:  # pragma: no cover - every TYPES kind is handled above
            raise r.error("unsupported type kind %s" % kind, 0)
        problem = structure.type_problem(ty)
        if problem:
            raise r.error(problem)
        if not r.at_end():
            raise r.error("%d trailing bytes in type entry %d" % (r.remaining(), index))
        return ty

    def _padding(self, r):
        pos = r.pos
        value = r.varint("padding value")
        keyword = tables.ENUMS["PaddingValue"].keywords.get(value)
        if keyword is None:
            raise r.error("invalid padding value %d" % value, pos)
        return keyword

    def _read_constants(self):
        if "constant" not in self._section_map:
            return
        r = self._payload("constant")
        offsets = self._offset_table(r, "constant", 8, 8)
        for pos, size in self._slices(r, offsets, "constant"):
            cr = ByteReader(r.data[pos:pos + size], r.base + pos, r.file_base + pos)
            length = cr.varint("constant length")
            raw = cr.take(length, "constant data")
            if not cr.at_end():
                raise cr.error("%d trailing bytes in constant entry" % cr.remaining())
            self.constants.append(raw)

    def constant(self, index, r=None, pos=None):
        if index >= len(self.constants):
            if r is not None:
                raise r.error("constant index %d out of bounds" % index, pos)
            raise DecodeError(len(self.data), "constant index %d out of bounds" % index)
        return self.constants[index]

    def _read_debug(self):
        if "debug" not in self._section_map:
            return
        r = self._payload("debug")
        firsts = self._offset_table(r, "debug function", 4, 4)
        indices = self._offset_table(r, "debug location", 8, 8)
        attr_offsets = self._offset_table(r, "debug attribute", 4, 4)
        for i, s in enumerate(firsts):
            e = firsts[i + 1] if i + 1 < len(firsts) else len(indices)
            if not s <= e <= len(indices):
                raise r.error("debug location list %d has an invalid range [%d, %d)" % (i, s, e))
            self.debug_lists.append(indices[s:e])
        self._debug_entries = [(r, pos, size) for pos, size in self._slices(r, attr_offsets,
                                                                            "debug attribute")]

    @property
    def debug_attr_count(self):
        return len(self._debug_entries)

    def debug_attr(self, index, r=None, pos=None, depth=0):
        """Debug attribute ``index`` (1-based; 0 = unknown -> None)."""
        if index == 0:
            return None
        if index in self._debug_cache:
            value = self._debug_cache[index]
            if value is _IN_PROGRESS:
                raise self._debug_reader(index).error("debug attribute %d refers to itself" % index)
            return value
        if index > len(self._debug_entries):
            if r is not None:
                raise r.error("debug attribute index %d out of bounds" % index, pos)
            raise DecodeError(len(self.data), "debug attribute index %d out of bounds" % index)
        if depth > MAX_DEBUG_DEPTH:
            raise self._debug_reader(index).error("debug scopes nested deeper than %d levels"
                                                  % MAX_DEBUG_DEPTH)
        self._debug_cache[index] = _IN_PROGRESS
        try:
            value = self._parse_debug_attr(index, depth)
        except BaseException:
            del self._debug_cache[index]
            raise
        self._debug_cache[index] = value
        return value

    def _debug_reader(self, index):
        section, pos, size = self._debug_entries[index - 1]
        return ByteReader(section.data[pos:pos + size], section.base + pos, section.file_base + pos)

    def _parse_debug_attr(self, index, depth):
        r = self._debug_reader(index)
        tag = r.varint("debug attribute tag")
        kind = tables.DEBUG_TAG_NAMES.get(tag)

        def di(expected, what):
            """A referenced entry, which must be one of the ``expected`` kinds."""
            p = r.pos
            value = self.debug_attr(r.varint("debug attribute index"), r, p, depth + 1)
            if not expected(value):
                raise r.error("debug info entry %d %s" % (index, what))
            return value

        def di_file():
            return di(lambda v: isinstance(v, DIFile), "refers to an entry of the wrong kind")

        def scope():
            return di(structure.is_local_scope,
                      "has a scope that is not a subprogram or a lexical block")

        def location():
            return di(structure.is_location, "refers to an entry of the wrong kind")

        def s():
            p = r.pos
            return self.string(r.varint("string index"), r, p)

        def u32():
            value = r.varint()
            if value > 0xFFFFFFFF:
                raise r.error("value %d out of range" % value)
            return value

        if kind == "unknown":
            value = UnknownDebugAttr()
        elif kind == "di_compile_unit":
            value = DICompileUnit(di_file())
        elif kind == "di_file":
            value = DIFile(s(), s())
        elif kind == "di_lexical_block":
            value = DILexicalBlock(scope(), di_file(), u32(), u32())
        elif kind == "di_loc":
            value = DILoc(scope(), s(), u32(), u32())
            if not value.filename:
                raise r.error("debug info entry %d has an empty file name" % index, 0)
        elif kind == "di_subprogram":
            f = di_file()
            line = u32()
            name = s()
            linkage = s()
            cu = di(lambda v: isinstance(v, DICompileUnit), "refers to an entry of the wrong kind")
            value = DISubprogram(f, line, name, linkage, cu, u32())
        elif kind == "call_site":
            value = CallSiteLoc(location(), location())
        else:
            raise r.error("unknown debug attribute tag %d" % tag, 0)
        if not r.at_end():
            raise r.error("%d trailing bytes in debug attribute %d" % (r.remaining(), index))
        return value

    def debug_location(self, index, r=None, pos=None):
        """Debug attribute ``index`` as an op or function location: it must
        be a location (``None`` is unknown)."""
        value = self.debug_attr(index, r, pos)
        if not structure.is_location(value):
            message = "debug info entry %d is not a location" % index
            if r is not None:
                raise r.error(message, pos)
            raise DecodeError(len(self.data), message)
        return value

    # ------------------------------------------------------------------
    # Module
    # ------------------------------------------------------------------
    def read(self):
        if self.module is not None:
            return self.module
        self.read_layout()
        self._read_strings()
        self._read_types()
        self._read_constants()
        self._read_debug()
        module = Module(version=self.version)
        if "producer" in self._section_map:
            r = self._payload("producer")
            p = r.pos
            module.producer = self.string(r.varint("producer string index"), r, p)
            if not r.at_end():
                raise r.error("%d trailing bytes in the producer section" % r.remaining())
        if "global" in self._section_map:
            module.globals = self._read_globals()
        module.functions = self._read_functions()
        found = structure.module_problem(module)
        if found:
            construct, message = found
            raise DecodeError(None, message, construct.offset)
        self.module = module
        return module

    def _read_globals(self):
        r = self._payload("global")
        end = len(self.data)
        context = "failed to create global from bytecode"
        out = []
        n = r.count("global count", 4)
        for _ in range(n):
            start = r.file_offset
            name_index = r.varint("global name")
            type_index = r.varint("global type")
            const_index = r.varint("global value")
            alignment = r.varint("global alignment")
            visibility, constant = 0, 0
            if self.version >= tables.GLOBAL_FIELD_SINCE["visibility"]:
                visibility = r.varint("global visibility")
                constant = r.varint("global constant flag")
            if name_index >= len(self.strings):
                raise DecodeError(end, "string index %d out of bounds" % name_index).add_context(
                    end, context)
            name = self.strings[name_index]
            if type_index >= len(self.types):
                raise DecodeError(end, "global type index %d out of bounds for global '%s'"
                                  % (type_index, name)).add_context(end, context)
            if const_index >= len(self.constants):
                raise DecodeError(end, "global value constant index out of bounds").add_context(
                    end, context)
            vis = tables.ENUMS["SymbolVisibility"].keywords.get(visibility)
            if vis is None:
                raise DecodeError(end, "invalid visibility %d for global '%s'" % (visibility, name),
                                  start).add_context(end, context)
            if constant > 1:
                raise DecodeError(end, "invalid constant flag %d for global '%s'" % (constant, name),
                                  start).add_context(end, context)
            problem = structure.dense_payload_problem(self.types[type_index],
                                                      self.constants[const_index])
            if problem:
                raise DecodeError(end, problem, start).add_context(end, context)
            g = Global(name, DenseElementsAttr(self.types[type_index], self.constants[const_index]),
                       alignment, vis, bool(constant))
            g.offset = start
            out.append(g)
        if not r.at_end():
            raise r.error("%d trailing bytes in the global section" % r.remaining())
        return out

    def _read_functions(self):
        r = self._payload("function")
        end = len(self.data)
        out = []
        n = r.count("function count", 4)
        for _ in range(n):
            start = r.file_offset
            name_index = r.varint("function name")
            if name_index >= len(self.strings):
                raise DecodeError(None, "string index %d out of bounds" % name_index, end).add_context(
                    end, "failed to get function name string at index %d" % name_index).add_context(
                    end, _CREATE_FUNCTION)
            name = self.strings[name_index]
            sig_index = r.varint("function signature")
            if sig_index >= len(self.types):
                raise DecodeError(end, "function signature index %d out of bounds for function '%s'"
                                  % (sig_index, name)).add_context(end, _CREATE_FUNCTION)
            sig = self.types[sig_index]
            if not isinstance(sig, FunctionType):
                raise DecodeError(end, "signature of function '%s' is not a function type: %s"
                                  % (name, sig), start).add_context(end, _CREATE_FUNCTION)
            if sig.results:
                raise DecodeError(end, "function signature of '%s' is not a function type without "
                                  "results: %s" % (name, sig), start).add_context(end, _CREATE_FUNCTION)
            flags_pos = r.pos
            flags = r.u8()
            known = 0
            for bit in tables.FUNCTION_FLAGS.values():
                known |= bit
            if flags & ~known:
                raise r.error("function '%s' has unknown flag bits 0x%02x" % (name, flags), flags_pos)
            if not flags & tables.FUNCTION_FLAGS["kernel"]:
                # Only entry functions exist in the dialect.
                raise DecodeError(end, "un-expected non-entry function '%s'" % name,
                                  start).add_context(end, _CREATE_FUNCTION)
            loc_index = r.varint("function location index")
            fn = Function(name, sig.inputs, sig.results,
                          kernel=bool(flags & tables.FUNCTION_FLAGS["kernel"]),
                          private=bool(flags & tables.FUNCTION_FLAGS["private"]))
            fn.offset = start
            if flags & tables.FUNCTION_FLAGS["optimization_hints"]:
                pos = r.pos
                try:
                    hints = self._attribute(r, 0)
                except DecodeError as e:
                    raise e.add_context(end, "failed to parse function section")
                if not isinstance(hints, OptimizationHintsAttr):
                    raise r.error("function '%s': expected an optimization_hints attribute, got %s"
                                  % (name, hints.kind), pos)
                fn.optimization_hints = hints
            body_len = r.varint("function body length")
            body_file = r.file_offset
            body = r.take(body_len, "function body")
            locs = None
            if loc_index:
                if loc_index > len(self.debug_lists):
                    raise DecodeError(end, "location index %d of function '%s' is out of bounds"
                                      % (loc_index, name), start).add_context(end, _CREATE_FUNCTION)
                lst = self.debug_lists[loc_index - 1]
                if lst:
                    fn.location = self.debug_location(lst[0])
                locs = _LocationCursor(lst[1:])
            br = ByteReader(body, 0, body_file)
            values = list(fn.arguments)
            try:
                while not br.at_end():
                    fn.body.operations.append(self._op(br, values, locs, 0))
            except DecodeError as e:
                raise e.add_context(end, "failed to parse function body for function '%s'" % name
                                    ).add_context(end, _CREATE_FUNCTION)
            out.append(fn)
        # the function section is padded to 8 bytes at the end
        if not r.at_end():
            r.align(8)
        if not r.at_end():
            raise r.error("%d trailing bytes in the function section" % r.remaining())
        return out

    # ------------------------------------------------------------------
    # Attributes
    # ------------------------------------------------------------------
    def _attribute(self, r, depth):
        """A self-contained (tagged) attribute."""
        if depth > MAX_ATTRIBUTE_DEPTH:
            raise r.error("attributes nested deeper than %d levels" % MAX_ATTRIBUTE_DEPTH)
        pos = r.pos
        tag = r.varint("attribute tag")
        kind = tables.ATTRIBUTE_TAG_NAMES.get(tag)

        def ty():
            p = r.pos
            return self.type_at(r.varint("type index"), r, p)

        if kind == "integer":
            t = ty()
            if not (isinstance(t, ScalarType) and t.is_integer):
                raise r.error("failed to read valid IntegerType for IntegerAttr")
            if t.width == 1:
                # The reference reads an i1 value as one byte, any non-zero one true.
                return IntegerAttr(t, 1 if r.u8() else 0)
            value = r.varint("integer value")
            if not structure.integer_fits(value, t.width):
                raise r.error("value %d does not fit in %d bits" % (value, t.width))
            return IntegerAttr(t, value)
        if kind == "float":
            t = ty()
            if not (isinstance(t, ScalarType) and t.is_float):
                raise r.error("float attribute of non-float type %s" % t, pos)
            bits = r.float_bits(t.width)
            if not structure.integer_fits(bits, t.width):
                raise r.error("value does not fit %s" % t)
            return FloatAttr(t, bits)
        if kind == "bool":
            p = r.pos
            b = r.u8()
            if b > 1:
                raise r.error("invalid bool value %d" % b, p)
            return BoolAttr(bool(b))
        if kind == "type":
            return TypeAttr(ty())
        if kind == "string":
            p = r.pos
            return StringAttr(self.string(r.varint("string index"), r, p))
        if kind == "array":
            n = r.count("array size")
            return ArrayAttr(tuple(self._attribute(r, depth + 1) for _ in range(n)))
        if kind == "dense_elements":
            t = ty()
            if self.emulate_reference:
                raise r.error("unknown DenseElementsAttr based Attr")
            if not isinstance(t, TileType):
                raise r.error("failed to read valid MLIR Type for self-contained DenseElementsAttr")
            p = r.pos
            return self._dense(t, self.constant(r.varint("constant index"), r, p), r)
        if kind == "div_by":
            divisor = r.varint("divisor")
            p = r.pos
            flags = r.u8()
            if flags >> 2:
                raise r.error("invalid div_by flags 0x%02x" % flags, p)
            every = r.svarint("every") if flags & 1 else None
            along = r.svarint("along") if flags & 2 else None
            return DivByAttr(divisor, every, along)
        if kind == "same_elements":
            return SameElementsAttr(r.i64_array("same_elements values"))
        if kind == "dictionary":
            return DictionaryAttr(self._dictionary(r, depth))
        if kind == "optimization_hints":
            return self._hints(r, depth)
        if kind == "bounded":
            p = r.pos
            flags = r.u8()
            if flags >> 2:
                raise r.error("invalid bounded flags 0x%02x" % flags, p)
            lower = r.svarint("lower bound") if flags & 1 else None
            upper = r.svarint("upper bound") if flags & 2 else None
            return BoundedAttr(lower, upper)
        raise r.error("unsupported AttributeTag %d for self-contained attribute" % tag, pos)

    def _dictionary(self, r, depth):
        entries = []
        keys = set()
        n = r.count("dictionary size", 2)
        for i in range(n):
            p = r.pos
            key = self.string(r.varint("string index"), r, p)
            # MLIR attribute names are never empty (the text cannot spell one).
            if not key:
                raise r.error(
                    "invalid empty attribute name for DictionaryAttr element %d" % i)
            try:
                entries.append((key, self._attribute(r, depth + 1)))
            except DecodeError as e:
                raise e.add_context(e.diagnostics[0][0],
                                    "failed to parse DictionaryAttr value for key %s" % key)
            if key in keys:
                raise r.error("duplicate dictionary key '%s'" % key)
            keys.add(key)
        return tuple(entries)

    def _hints(self, r, depth):
        """An optimization_hints body: every architecture maps to a dictionary."""
        hints = OptimizationHintsAttr(self._dictionary(r, depth))
        for arch, value in hints.entries:
            if not isinstance(value, DictionaryAttr):
                raise r.error("expected dictionary attribute for optimization_hints entry `%s` "
                              "got value=%s" % (arch, value))
        return hints

    def _dense(self, ty, data, r, pos=None):
        """A dense constant of ``ty``, which must be a tile of numbers whose
        element count the data fits."""
        problem = structure.dense_payload_problem(ty, data)
        if problem:
            raise r.error(problem, pos)
        return DenseElementsAttr(ty, data)

    def _inline_attribute(self, r, spec, op_types):
        kind = spec.kind
        pos = r.pos
        if kind == "enum":
            value = r.varint(spec.name)
            keyword = spec.enum.keywords.get(value)
            if keyword is None:
                raise r.error("invalid %s value %d for attribute '%s'"
                              % (spec.enum.name, value, spec.name), pos)
            since = spec.enum.since.get(keyword)
            if since is not None and self.version < since:
                raise r.error("attribute '%s' value '%s' requires bytecode version %s "
                              "but the file has version %s"
                              % (spec.name, keyword, since, self.version), pos)
            return keyword
        if kind == "int":
            return r.varint(spec.name)
        if kind == "bool":
            b = r.u8()
            if b > 1:
                raise r.error("invalid bool value %d for attribute '%s'" % (b, spec.name), pos)
            return bool(b)
        if kind == "string":
            return self.string(r.varint(spec.name), r, pos)
        if kind == "bool_array":
            values = []
            for _ in range(r.count(spec.name + " size")):
                p = r.pos
                b = r.u8()
                if b > 1:
                    raise r.error("invalid bool value %d in attribute '%s'" % (b, spec.name), p)
                values.append(bool(b))
            return tuple(values)
        if kind == "i32_array":
            values = r.i32_array(spec.name)
            # The reference reader keeps these two values out of op arrays.
            for value in values:
                if value in (_INT32_MAX, _INT32_MIN):
                    raise r.error("array contains unsupported value %d" % value)
            return values
        if kind == "dense":
            index = r.varint(spec.name)
            if not op_types:
                raise r.error("attribute '%s' needs a result type" % spec.name, pos)
            return self._dense(op_types[0], self.constant(index, r, pos), r)
        if kind == "attr":
            value = self._attribute(r, 0)
            if not isinstance(value, ASSUME_PREDICATES):
                raise r.error("unexpected kind of attribute '%s': %s" % (spec.name, value))
            return value
        if kind == "attr_array":
            n = r.count(spec.name + " size")
            return tuple(self._attribute(r, 0) for _ in range(n))
        if kind == "hints":
            return self._hints(r, 0)
        raise r.error("unsupported attribute kind %s" % kind, pos)  # pragma: no cover

    # ------------------------------------------------------------------
    # Operations
    # ------------------------------------------------------------------
    def _value(self, r, values):
        pos = r.pos
        index = r.varint("operand index")
        if index >= len(values):
            raise r.error("operand index %d out of range (%d values in scope)" % (index, len(values)),
                          pos)
        return values[index]

    def _values(self, r, values, what):
        n = r.count(what + " count")
        return [self._value(r, values) for _ in range(n)]

    def _type(self, r):
        pos = r.pos
        return self.type_at(r.varint("type index"), r, pos)

    def _op(self, r, values, locs, depth):
        start = r.pos
        opcode = r.varint("opcode")
        if opcode > tables.max_opcode(self.version):
            raise r.error("unsupported opcode %d for bytecode version %s" % (opcode, self.version))
        schema = tables.OPS_BY_OPCODE.get(opcode)
        if schema is None or schema.module_level:
            raise r.error("unknown or unimplemented opcode: %d" % opcode)
        version = self.version
        op = Operation(schema.name)
        op.offset = r.file_base + start
        if locs is not None:
            op.location = self.debug_location(locs.next(r, start), r, start)
        # results
        present = schema.results_at(version) if not schema.variadic_results else None
        if schema.counted:
            pos = r.pos
            n = r.count("result count")
            if present is not None and n != len(present):
                raise r.error("cuda_tile.%s has %d results at version %s, the file gives %d"
                              % (schema.name, len(present), version, n), pos)
        else:
            n = len(present)
        result_types = [self._type(r) for _ in range(n)]
        if present is not None and len(present) < len(schema.results):
            # results newer than the file: the model always has them
            full = []
            it = iter(result_types)
            for i, spec in enumerate(schema.results):
                full.append(next(it) if i in present else TokenType())
            result_types = full
        # flags
        set_fields = set()
        if schema.has_flags(version):
            pos = r.pos
            flags = r.varint("flags")
            if flags >> len(schema.optional_fields):
                raise r.error("cuda_tile.%s: unknown flag bits 0x%x" % (schema.name, flags), pos)
            for bit, (name, since, _) in enumerate(schema.optional_fields):
                if flags >> bit & 1:
                    if version < since:
                        raise r.error("cuda_tile.%s: field '%s' requires bytecode version %s+"
                                      % (schema.name, name, since), pos)
                    set_fields.add(name)
        # attributes
        for spec in schema.attributes:
            if spec.is_unit:
                if spec.name in set_fields:
                    op.attributes[spec.name] = True
                continue
            if spec.optional:
                if spec.name in set_fields:
                    op.attributes[spec.name] = self._inline_attribute(r, spec, result_types)
                continue
            if spec.always:
                # Absent below its version; its default reads back as absence.
                if version >= spec.since:
                    value = self._inline_attribute(r, spec, result_types)
                    if any(value):
                        op.attributes[spec.name] = value
                continue
            if version < spec.since:
                if spec.default is not None:
                    op.attributes[spec.name] = spec.default
                continue
            op.attributes[spec.name] = self._inline_attribute(r, spec, result_types)
        # operands
        if schema.segmented:
            for spec in schema.operands:
                if spec.arity == "optional":
                    op.operands[spec.name] = self._value(r, values) if spec.name in set_fields else None
                elif spec.arity == "variadic":
                    op.operands[spec.name] = self._values(r, values, spec.name)
                else:
                    op.operands[spec.name] = self._value(r, values)
        elif schema.flat_operands:
            pos = r.pos
            flat = self._values(r, values, "operand")
            singles = sum(1 for o in schema.operands if o.arity == "single")
            if len(flat) < singles:
                raise r.error("cuda_tile.%s needs at least %d operands, the file gives %d"
                              % (schema.name, singles, len(flat)), pos)
            _split_operands(op, schema, flat)
        else:
            for spec in schema.operands:
                op.operands[spec.name] = self._value(r, values)
        for spec in schema.attributes:
            value = op.attributes.get(spec.name)
            if spec.always and value is not None and len(value) != len(op.operands[spec.default]):
                raise r.error("'cuda_tile.%s' op expected one %s value per %s (%d), but got %d"
                              % (schema.name, spec.name, spec.default,
                                 len(op.operands[spec.default]), len(value)), start)
        if schema.name == "assume":
            problem = structure.predicate_problem(op.attributes["predicate"],
                                                  op.operands["value"].type)
            if problem:
                raise r.error("'cuda_tile.assume' op %s" % problem, start)
        # regions
        if schema.regions:
            nregions = r.count("region count")
            if nregions != schema.regions:
                raise r.error("cuda_tile.%s op expected %d regions, got %d"
                              % (schema.name, schema.regions, nregions))
            if depth >= MAX_REGION_DEPTH:
                raise r.error("regions nested deeper than %d levels" % MAX_REGION_DEPTH)
            for _ in range(nregions):
                region = Region()
                nblocks = r.count("block count")
                for _ in range(nblocks):
                    ntypes = r.count("block argument count")
                    block = Block([self._type(r) for _ in range(ntypes)])
                    mark = len(values)
                    values.extend(block.arguments)
                    nops = r.count("operation count")
                    for _ in range(nops):
                        block.operations.append(self._op(r, values, locs, depth + 1))
                    if not block.operations:
                        raise r.error("invalid block structure: block is expected to have a "
                                      "terminator operation, but it is empty")
                    last = block.operations[-1]
                    if not tables.OPS_BY_NAME[last.name].terminator:
                        raise r.error("invalid block structure: block is expected to have a "
                                      "terminator operation, but the last operation "
                                      "'cuda_tile.%s' is not a terminator." % last.name)
                    del values[mark:]
                    region.blocks.append(block)
                op.regions.append(region)
        op.results = [Value(t, op, i) for i, t in enumerate(result_types)]
        if present is not None and len(present) < len(schema.results):
            values.extend(op.results[i] for i in present)
        else:
            values.extend(op.results)
        return op


def _split_operands(op, schema, flat):
    """Distribute a flat operand list over the ODS groups (one of which is
    variadic or optional)."""
    i = 0
    for pos, spec in enumerate(schema.operands):
        if spec.arity == "single":
            op.operands[spec.name] = flat[i]
            i += 1
        else:
            rest = len(flat) - i - sum(1 for o in schema.operands[pos + 1:] if o.arity == "single")
            if spec.arity == "optional":
                op.operands[spec.name] = flat[i] if rest > 0 else None
                i += 1 if rest > 0 else 0
            else:
                op.operands[spec.name] = list(flat[i:i + rest])
                i += rest


class _LocationCursor:
    """Walks a function's debug-location list, one entry per op."""

    __slots__ = ("items", "pos")

    def __init__(self, items):
        self.items = items
        self.pos = 0

    def next(self, r, op_pos):
        if self.pos >= len(self.items):
            raise r.error("the debug location list ends before this op", op_pos)
        value = self.items[self.pos]
        self.pos += 1
        return value


class _InProgress:
    def __repr__(self):
        return "<in progress>"


_IN_PROGRESS = _InProgress()


def read_bytecode(data, emulate_reference=False):
    """Read ``data`` (bytes) into a :class:`~.model.Module`.

    With ``emulate_reference=True`` the reader also fails where the
    reference reader cannot read its own writer's output (a self-contained
    DenseElements attribute, e.g. inside optimization hints).
    """
    return BytecodeReader(data, emulate_reference).read()
