"""Object model -> bytecode, byte-compatible with the reference writer.

The writer replays the reference's table-building order, which fixes the
string, type, constant and debug-attribute indices:

1. per function: name, signature type, and (for a debug-info location) the
   function's debug list and location attribute;
2. the global section: per global its name, type and value constant;
3. the function section: per function its optimization hints, then its ops
   in pre-order (opcode, location, result types, flags, attributes,
   operands, regions);
4. the constant, debug (interning the debug strings), type, producer
   (interning the producer string) and string sections.

Sections are emitted as global, function, constant, debug, type, producer,
string, end; optional sections are left out when empty.

Constructs the target version lacks are refused with :class:`EncodeError`
using the reference writer's wording; the error's ``location`` names the
function, op (pre-order number and name), its debug location and, for a
module read from a file, the op's file offset.  ``dropped`` lists what was
left out silently (as the reference does): the producer string below 13.3.
"""

from . import tables
from .model import (
    ArrayAttr, Attribute, BoolAttr, BoundedAttr, CallSiteLoc, DebugAttr, DenseElementsAttr,
    DICompileUnit, DictionaryAttr, DIFile, DILexicalBlock, DILoc, DISubprogram, DivByAttr,
    FileLineColLoc, FloatAttr, FunctionType, GatherScatterViewType, IntegerAttr, Module,
    OptimizationHintsAttr, PartitionViewType, PointerType, SameElementsAttr, ScalarType,
    StridedViewType, StringAttr, TensorViewType, TileType, TokenType, Type, TypeAttr,
    UnknownDebugAttr, Value,
)
from .wire import MAGIC, ByteWriter, EncodeError, parse_version, section_header

__all__ = ["write_bytecode", "BytecodeWriter"]

_INT64_MIN = -(1 << 63)
_U64 = (1 << 64) - 1
_SEC = tables.SECTION_IDS


def _loc_kind(loc):
    names = {"NameLoc": "NameLoc", "FusedLoc": "FusedLoc"}
    return names.get(type(loc).__name__, type(loc).__name__)


class BytecodeWriter:
    """Serializes one module for one target version."""

    def __init__(self, module, version=None, patch=0):
        if not isinstance(module, Module):
            raise TypeError("expected a Module, got %s" % type(module).__name__)
        self.module = module
        if version is None:
            version = module.version
        try:
            self.version = parse_version(version)
        except ValueError as e:
            raise EncodeError(str(e))
        if self.version not in tables.VERSIONS:
            raise EncodeError("unsupported version requested %s, must be in range [%s, %s]"
                              % (self.version, tables.OLDEST_VERSION, tables.LATEST_VERSION))
        if not 0 <= patch <= 0xFFFF:
            raise EncodeError("patch number %d does not fit the 16-bit version tag" % patch)
        self.patch = patch
        self.dropped = []
        self._strings = {}
        self._types = {}
        self._type_list = []
        self._type_context = {}
        self._constants = {}
        self._constant_list = []
        self._debug = {}
        self._debug_list = []
        self._debug_functions = []
        self._context = None
        self._used = set()

    # ------------------------------------------------------------------
    # Tables
    # ------------------------------------------------------------------
    def string(self, text):
        if not isinstance(text, str):
            raise EncodeError("expected a string, got %r" % (text,), self._loc())
        index = self._strings.get(text)
        if index is None:
            index = self._strings[text] = len(self._strings)
        return index

    def type_index(self, ty, depth=0):
        index = self._types.get(ty)
        if index is not None:
            return index
        if not isinstance(ty, Type):
            raise EncodeError("expected a type, got %r" % (ty,), self._loc())
        if depth > 100:
            raise EncodeError("type nested too deeply: %s" % ty, self._loc())
        for dep in ty.dependencies():
            self.type_index(dep, depth + 1)
        index = self._types[ty] = len(self._type_list)
        self._type_list.append(ty)
        self._type_context[index] = self._context
        return index

    def constant(self, ty, data):
        key = (ty, data)
        index = self._constants.get(key)
        if index is None:
            index = self._constants[key] = len(self._constant_list)
            self._constant_list.append(data)
        return index

    def debug_index(self, attr):
        if attr is None or isinstance(attr, FileLineColLoc):
            return 0
        index = self._debug.get(attr)
        if index is not None:
            return index
        if not isinstance(attr, DebugAttr):
            raise EncodeError("unsupported location, got %s, expected DILocAttr or CallSiteLoc"
                              % _loc_kind(attr), self._loc())
        for dep in attr.dependencies():
            self.debug_index(dep)
        index = self._debug[attr] = len(self._debug_list) + 1
        self._debug_list.append(attr)
        return index

    # ------------------------------------------------------------------
    # Locations for diagnostics
    # ------------------------------------------------------------------
    def _loc(self, context=None):
        """Render a context: a string, or (where, op, number)."""
        context = self._context if context is None else context
        if isinstance(context, tuple):
            return self._describe(*context)
        return context

    @staticmethod
    def _describe(where, op=None, number=None):
        text = where
        if op is not None:
            text += ", op #%d (cuda_tile.%s)" % (number, op.name)
            loc = op.location
            if isinstance(loc, (DILoc, FileLineColLoc)):
                text += " at %s" % loc
            elif isinstance(loc, CallSiteLoc) and isinstance(loc.callee, (DILoc, FileLineColLoc)):
                text += " at %s" % loc.callee
            if getattr(op, "offset", None) is not None:
                text += " [input offset %d]" % op.offset
        return text

    # ------------------------------------------------------------------
    # Types
    # ------------------------------------------------------------------
    def _write_type(self, w, ty, index):
        info_key = ty.mnemonic
        info = tables.TYPES_BY_MNEMONIC.get(info_key)
        if info is None:
            raise EncodeError("unknown type %r" % (ty,), self._loc(self._type_context.get(index)))
        if self.version < info.since:
            where = self._loc(self._type_context.get(index))
            # Named as the reference names them: dialect types by C++ class.
            name = info.cpp_name if info.kind in ("int", "float") else info.cpp_name + "Type"
            raise EncodeError("type '%s' requires bytecode version %s+, targeting %s"
                              % (name, info.since, self.version),
                              ("type %s, first used by %s" % (ty, where)) if where else None)
        w.varint(info.tag)
        t = self.type_index
        if isinstance(ty, (ScalarType, TokenType)):
            return
        # From 13.4 ptr and tensor_view start with a flags word; the model has
        # no pointer attribute, so it is always 0.
        pointer_flags = self.version >= tables.POINTER_FLAGS_VERSION
        if isinstance(ty, PointerType):
            if pointer_flags:
                w.varint(0)
            w.varint(t(ty.pointee))
        elif isinstance(ty, TileType):
            w.varint(t(ty.element))
            w.i64_array(ty.shape)
        elif isinstance(ty, TensorViewType):
            if pointer_flags:
                w.varint(0)
            w.varint(t(ty.element))
            w.i64_array([_INT64_MIN if d is None else d for d in ty.shape])
            w.i64_array([_INT64_MIN if s is None else s for s in ty.strides])
        elif isinstance(ty, PartitionViewType):
            pad = ty.padding
            if self.version >= tables.UNIFIED_BITFIELD_VERSION:
                w.varint(0 if pad is None else 1)
                w.i32_array(ty.tile_shape)
                w.varint(t(ty.tensor_view))
                w.i32_array(ty.dim_map)
            else:
                w.i32_array(ty.tile_shape)
                w.varint(t(ty.tensor_view))
                w.i32_array(ty.dim_map)
                w.u8(0 if pad is None else 1)
            if pad is not None:
                w.varint(tables.ENUMS["PaddingValue"].value(pad))
        elif isinstance(ty, FunctionType):
            w.varint(len(ty.inputs))
            for x in ty.inputs:
                w.varint(t(x))
            w.varint(len(ty.results))
            for x in ty.results:
                w.varint(t(x))
        elif isinstance(ty, GatherScatterViewType):
            w.varint(0 if ty.padding is None else 1)
            w.i32_array(ty.tile_shape)
            w.varint(t(ty.tensor_view))
            w.varint(ty.sparse_dim)
            if ty.padding is not None:
                w.varint(tables.ENUMS["PaddingValue"].value(ty.padding))
        elif isinstance(ty, StridedViewType):
            w.varint(0 if ty.padding is None else 1)
            w.i32_array(ty.tile_shape)
            w.i32_array(ty.traversal_strides)
            w.varint(t(ty.tensor_view))
            w.i32_array(ty.dim_map)
            if ty.padding is not None:
                w.varint(tables.ENUMS["PaddingValue"].value(ty.padding))
        else:
            raise EncodeError("unsupported type %r" % (ty,), self._loc(self._type_context.get(index)))

    # ------------------------------------------------------------------
    # Attributes
    # ------------------------------------------------------------------
    def _attribute(self, w, attr, depth=0):
        """A self-contained (tagged) attribute."""
        if depth > 100:
            raise EncodeError("attribute nested too deeply", self._loc())
        tag = tables.ATTRIBUTE_TAGS
        if isinstance(attr, IntegerAttr):
            w.varint(tag["integer"])
            w.varint(self.type_index(attr.type))
            w.varint(attr.value)
        elif isinstance(attr, FloatAttr):
            ty = attr.type
            if not (isinstance(ty, ScalarType) and ty.is_float):
                raise EncodeError("float attribute of non-float type %s" % ty, self._loc())
            w.varint(tag["float"])
            w.varint(self.type_index(ty))
            if ty.width <= 8:
                w.u8(attr.bits)
            else:
                w.svarint(attr.bits)
        elif isinstance(attr, BoolAttr):
            w.varint(tag["bool"])
            w.u8(1 if attr.value else 0)
        elif isinstance(attr, TypeAttr):
            w.varint(tag["type"])
            w.varint(self.type_index(attr.type))
        elif isinstance(attr, StringAttr):
            w.varint(tag["string"])
            w.varint(self.string(attr.value))
        elif isinstance(attr, ArrayAttr):
            w.varint(tag["array"])
            w.varint(len(attr.elements))
            for e in attr.elements:
                self._attribute(w, e, depth + 1)
        elif isinstance(attr, DenseElementsAttr):
            w.varint(tag["dense_elements"])
            w.varint(self.type_index(attr.type))
            w.varint(self.constant(attr.type, attr.data))
        elif isinstance(attr, DivByAttr):
            w.varint(tag["div_by"])
            w.varint(attr.divisor)
            w.u8((attr.every is not None) | ((attr.along is not None) << 1))
            if attr.every is not None:
                w.svarint(attr.every)
            if attr.along is not None:
                w.svarint(attr.along)
        elif isinstance(attr, SameElementsAttr):
            w.varint(tag["same_elements"])
            w.i64_array(attr.values)
        elif isinstance(attr, DictionaryAttr):
            w.varint(tag["dictionary"])
            self._dictionary(w, attr.entries, depth)
        elif isinstance(attr, OptimizationHintsAttr):
            w.varint(tag["optimization_hints"])
            self._dictionary(w, attr.entries, depth)
        elif isinstance(attr, BoundedAttr):
            w.varint(tag["bounded"])
            w.u8((attr.lower is not None) | ((attr.upper is not None) << 1))
            if attr.lower is not None:
                w.svarint(attr.lower)
            if attr.upper is not None:
                w.svarint(attr.upper)
        else:
            raise EncodeError("cannot encode attribute %r" % (attr,), self._loc())

    def _dictionary(self, w, entries, depth):
        w.varint(len(entries))
        for key, value in entries:
            w.varint(self.string(key))
            self._attribute(w, value, depth + 1)

    def _inline_attribute(self, w, op, spec, value):
        kind = spec.kind
        bad = None
        if kind == "enum":
            if isinstance(value, int) and not isinstance(value, bool) and value in spec.enum.keywords:
                value = spec.enum.keywords[value]
            if isinstance(value, str) and value in spec.enum.values:
                since = spec.enum.since.get(value)
                if since is not None and self.version < since:
                    raise EncodeError("attribute '%s' value '%s' requires bytecode version %s+, "
                                      "but targeting %s" % (spec.name, value, since, self.version),
                                      self._loc())
                w.varint(spec.enum.values[value])
            elif isinstance(value, str):
                bad = "unknown %s value %r" % (spec.enum.name, value)
            else:
                bad = "expected a %s keyword, got %r" % (spec.enum.name, value)
        elif kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                w.varint(value)
            else:
                bad = "expected an integer, got %r" % (value,)
        elif kind == "bool":
            if isinstance(value, (bool, int)):
                w.u8(1 if value else 0)
            else:
                bad = "expected a bool, got %r" % (value,)
        elif kind == "string":
            if isinstance(value, StringAttr):
                value = value.value
            if isinstance(value, str):
                w.varint(self.string(value))
            else:
                bad = "expected a string, got %r" % (value,)
        elif kind == "bool_array":
            if isinstance(value, (list, tuple)) and all(isinstance(v, bool) for v in value):
                w.varint(len(value))
                for v in value:
                    w.u8(1 if v else 0)
            else:
                bad = "expected a sequence of bools, got %r" % (value,)
        elif kind == "i32_array":
            if isinstance(value, (list, tuple)) and all(isinstance(v, int) for v in value):
                w.i32_array(value)
            else:
                bad = "expected a sequence of integers, got %r" % (value,)
        elif kind == "dense":
            if not isinstance(value, DenseElementsAttr):
                bad = "expected a DenseElementsAttr, got %r" % (value,)
            elif not op.results:
                bad = "needs a result type"
            else:
                w.varint(self.constant(op.results[0].type, value.data))
        elif kind == "attr":
            if isinstance(value, Attribute):
                self._attribute(w, value)
            else:
                bad = "expected an attribute, got %r" % (value,)
        elif kind == "attr_array":
            if isinstance(value, ArrayAttr):
                value = value.elements
            if isinstance(value, (list, tuple)) and all(isinstance(v, Attribute) for v in value):
                w.varint(len(value))
                for v in value:
                    self._attribute(w, v)
            else:
                bad = "expected a sequence of attributes, got %r" % (value,)
        elif kind == "hints":
            if isinstance(value, OptimizationHintsAttr):
                self._dictionary(w, value.entries, 0)
            else:
                bad = "expected an OptimizationHintsAttr, got %r" % (value,)
        else:  # pragma: no cover
            bad = "unsupported attribute kind %s" % kind
        if bad:
            raise EncodeError("attribute '%s' of 'cuda_tile.%s': %s" % (spec.name, op.name, bad),
                              self._loc())

    # ------------------------------------------------------------------
    # Operations
    # ------------------------------------------------------------------
    def _collect_uses(self, ops):
        stack = list(ops)
        while stack:
            op = stack.pop()
            for v in op.operand_values():
                self._used.add(v)
            for region in op.regions:
                for block in region.blocks:
                    stack.extend(block.operations)

    def _value(self, w, op, group, value):
        index = self._values.get(value) if isinstance(value, Value) else None
        if index is None:
            raise EncodeError("operand '%s' of 'cuda_tile.%s' is not a value defined before it in an "
                              "enclosing scope" % (group, op.name), self._loc())
        w.varint(index)

    def _op(self, w, op, fn_where, debug_list, counter, depth):
        if depth > 100:
            raise EncodeError("regions nested too deeply", self._loc())
        counter[0] += 1
        number = counter[0]
        self._context = (fn_where, op, number)
        schema = tables.OPS_BY_NAME.get(op.name)
        version = self.version
        if schema is None or schema.module_level:
            raise EncodeError("operation 'cuda_tile.%s' cannot be encoded in a function body"
                              % op.name, self._loc())
        if version < schema.since or schema.opcode > tables.max_opcode(version):
            raise EncodeError("operation 'cuda_tile.%s' is not available in bytecode version %s"
                              % (op.name, version), self._loc())
        w.varint(schema.opcode)
        loc = op.location
        if loc is not None and not isinstance(loc, (DebugAttr, FileLineColLoc)):
            raise EncodeError("unsupported location, got %s, expected DILocAttr or CallSiteLoc"
                              % _loc_kind(loc), self._loc())
        if debug_list is not None:
            debug_list.append(self.debug_index(loc))
        else:
            self._check_location(loc)
        # results
        results = list(op.results)
        if schema.variadic_results:
            written = results
        else:
            if len(results) != len(schema.results):
                raise EncodeError("'cuda_tile.%s' has %d results, expected %d"
                                  % (op.name, len(results), len(schema.results)), self._loc())
            written = []
            for spec, value in zip(schema.results, results):
                if version < spec.since:
                    if value in self._used:
                        raise EncodeError(
                            "result '%s' requires bytecode version %s but is being used and targeting "
                            "%s. Cannot serialize to older bytecode version when newer features are "
                            "used." % (spec.name, spec.since, version), self._loc())
                    continue
                written.append(value)
        if schema.counted:
            w.varint(len(written))
        for value in written:
            w.varint(self.type_index(value.type))
        # flags
        attrs = op.attributes
        operands = op.operands
        for name in attrs:
            if name not in schema.attr_by_name:
                raise EncodeError("'cuda_tile.%s' has no attribute '%s'" % (op.name, name),
                                  self._loc())
        for name in operands:
            if name not in schema.operand_by_name:
                raise EncodeError("'cuda_tile.%s' has no operand '%s'" % (op.name, name),
                                  self._loc())
        if schema.optional_fields:
            flags = 0
            for bit, (name, since, kind) in enumerate(schema.optional_fields):
                present = attrs.get(name) not in (None, False) if kind == "attribute" \
                    else operands.get(name) is not None
                if present:
                    if version < since:
                        raise EncodeError("optional %s '%s' is provided but requires bytecode version "
                                          "%s, targeting %s" % (kind, name, since, version),
                                          self._loc())
                    flags |= 1 << bit
            if schema.has_flags(version):
                w.varint(flags)
        # attributes
        for spec in schema.attributes:
            if spec.is_unit:
                continue
            value = attrs.get(spec.name)
            if spec.optional:
                if value is not None:
                    self._inline_attribute(w, op, spec, value)
                continue
            if spec.always:
                default = spec.wire_default(operands)
                if value is not None and len(value) != len(default):
                    raise EncodeError("'cuda_tile.%s' op expected one %s value per %s (%d), but got %d"
                                      % (op.name, spec.name, spec.default, len(default),
                                         len(value)), self._loc())
                if version < spec.since:
                    if value is not None and any(value):
                        raise EncodeError("attribute '%s' requires bytecode version %s+, but "
                                          "targeting %s" % (spec.name, spec.since, version),
                                          self._loc())
                    continue
                self._inline_attribute(w, op, spec, default if value is None else value)
                continue
            if version < spec.since:
                if value is not None and value != spec.default:
                    raise EncodeError("attribute '%s' requires bytecode version %s+, but targeting %s"
                                      % (spec.name, spec.since, version), self._loc())
                continue
            if value is None:
                value = spec.default
                if value is None:
                    raise EncodeError("'cuda_tile.%s' is missing its required attribute '%s'"
                                      % (op.name, spec.name), self._loc())
            self._inline_attribute(w, op, spec, value)
        # operands
        if schema.segmented:
            for spec in schema.operands:
                value = operands.get(spec.name)
                if spec.arity == "optional":
                    if value is not None:
                        self._value(w, op, spec.name, value)
                elif spec.arity == "variadic":
                    value = self._group(op, spec, value)
                    w.varint(len(value))
                    for v in value:
                        self._value(w, op, spec.name, v)
                else:
                    self._value(w, op, spec.name, value)
        elif schema.flat_operands:
            flat = []
            for spec in schema.operands:
                value = operands.get(spec.name)
                if spec.arity == "variadic":
                    flat.extend((spec.name, v) for v in self._group(op, spec, value))
                elif value is not None or spec.arity == "single":
                    flat.append((spec.name, value))
            w.varint(len(flat))
            for name, v in flat:
                self._value(w, op, name, v)
        else:
            for spec in schema.operands:
                self._value(w, op, spec.name, operands.get(spec.name))
        # regions
        if schema.regions:
            w.varint(len(op.regions))
            for region in op.regions:
                w.varint(len(region.blocks))
                for block in region.blocks:
                    saved = len(self._value_stack)
                    w.varint(len(block.arguments))
                    for arg in block.arguments:
                        w.varint(self.type_index(arg.type))
                        self._push(arg)
                    w.varint(len(block.operations))
                    for inner in block.operations:
                        self._op(w, inner, fn_where, debug_list, counter, depth + 1)
                    self._pop_to(saved)
                    self._context = (fn_where, op, number)
        elif op.regions:
            raise EncodeError("'cuda_tile.%s' has no regions" % op.name, self._loc())
        for value in written:
            self._push(value)

    def _group(self, op, spec, value):
        if value is None:
            return []
        if isinstance(value, Value) or not isinstance(value, (list, tuple)):
            raise EncodeError("operand group '%s' of 'cuda_tile.%s' must be a list of values"
                              % (spec.name, op.name), self._loc())
        return value

    def _check_location(self, loc):
        """Validate a location that is not recorded (function without debug info)."""
        if isinstance(loc, CallSiteLoc):
            for part in (loc.callee, loc.caller):
                if part is not None and not isinstance(part, (DebugAttr, FileLineColLoc)):
                    raise EncodeError("unsupported location, got %s, expected DILocAttr or CallSiteLoc"
                                      % _loc_kind(part), self._loc())

    def _push(self, value):
        self._values[value] = len(self._value_stack)
        self._value_stack.append(value)

    def _pop_to(self, mark):
        for value in self._value_stack[mark:]:
            self._values.pop(value, None)
        del self._value_stack[mark:]

    # ------------------------------------------------------------------
    # Sections
    # ------------------------------------------------------------------
    @staticmethod
    def _section(out, name, body, alignment=None):
        """Append section ``name``; its alignment is the largest alignment
        its payload used (or ``alignment``)."""
        payload = body.buf
        align = body.alignment if alignment is None else alignment
        out += section_header(_SEC[name], len(payload), align, len(out))
        out += payload

    def write(self):
        try:
            return self._write()
        except EncodeError:
            raise
        except (TypeError, ValueError, AttributeError, KeyError, OverflowError) as e:
            # a malformed model (wrong field types); report it like a refusal
            raise EncodeError("invalid module: %s: %s" % (type(e).__name__, e), self._loc())

    def _write(self):
        module = self.module
        version = self.version
        out = bytearray(MAGIC)
        out += bytes([version.major, version.minor, self.patch & 0xFF, self.patch >> 8])
        for fn in module.functions:
            self._collect_uses(fn.body.operations)
        # 1. function records: names, signatures, function debug lists
        records = []
        for fn in module.functions:
            where = "entry @%s" % fn.name if fn.kernel else "function @%s" % fn.name
            self._context = where
            name_index = self.string(fn.name)
            sig_index = self.type_index(fn.type)
            loc = fn.location
            if isinstance(loc, DebugAttr):
                debug_list = [self.debug_index(loc)]
                self._debug_functions.append(debug_list)
                loc_index = len(self._debug_functions)
            elif loc is None or isinstance(loc, FileLineColLoc):
                debug_list, loc_index = None, 0
            else:
                raise EncodeError("unsupported location, got %s, expected DILocAttr or CallSiteLoc"
                                  % _loc_kind(loc), where)
            records.append((fn, where, name_index, sig_index, loc_index, debug_list))
        # 2. globals
        if module.globals:
            w = ByteWriter()
            w.varint(len(module.globals))
            for g in module.globals:
                self._context = where = "global @%s" % g.name
                if not isinstance(g.value, DenseElementsAttr):
                    raise EncodeError("the value of a global must be a DenseElementsAttr", where)
                if version < tables.GLOBAL_FIELD_SINCE["visibility"]:
                    if g.visibility != "public":
                        raise EncodeError(
                            "global `%s` uses non-public symbol visibility, which cannot be encoded in "
                            "bytecode version %s (requires bytecode %s+)"
                            % (g.name, version, tables.GLOBAL_FIELD_SINCE["visibility"]), where)
                    if g.constant:
                        raise EncodeError(
                            "constant global `%s` cannot be encoded in bytecode version %s (the "
                            "`constant` attribute requires bytecode %s+)"
                            % (g.name, version, tables.GLOBAL_FIELD_SINCE["constant"]), where)
                vis = tables.ENUMS["SymbolVisibility"].values.get(g.visibility)
                if vis is None:
                    raise EncodeError("unknown symbol visibility %r" % (g.visibility,), where)
                w.varint(self.string(g.name))
                w.varint(self.type_index(g.type))
                w.varint(self.constant(g.type, g.value.data))
                if not isinstance(g.alignment, int) or g.alignment < 0:
                    raise EncodeError("invalid alignment %r" % (g.alignment,), where)
                w.varint(g.alignment)
                if version >= tables.GLOBAL_FIELD_SINCE["visibility"]:
                    w.varint(vis)
                    w.varint(1 if g.constant else 0)
            self._section(out, "global", w)
        # 3. functions
        w = ByteWriter()
        w.varint(len(module.functions))
        flag = tables.FUNCTION_FLAGS
        for fn, where, name_index, sig_index, loc_index, debug_list in records:
            self._context = where
            hints = fn.optimization_hints
            if hints is not None and not isinstance(hints, OptimizationHintsAttr):
                raise EncodeError("optimization_hints must be an OptimizationHintsAttr", where)
            flags = (flag["kernel"] if fn.kernel else 0) | (flag["private"] if fn.private else 0) \
                | (flag["optimization_hints"] if hints is not None else 0)
            w.varint(name_index)
            w.varint(sig_index)
            w.u8(flags)
            w.varint(loc_index)
            if hints is not None:
                self._attribute(w, hints)
            body = ByteWriter()
            self._values = {}
            self._value_stack = []
            for arg in fn.arguments:
                self._push(arg)
            counter = [0]
            for op in fn.body.operations:
                self._op(body, op, where, debug_list, counter, 0)
            w.varint(len(body))
            w.raw(body.buf)
        w.align(8)
        self._section(out, "function", w)
        self._context = None
        # 4a. constants
        if self._constant_list:
            w = ByteWriter()
            w.varint(len(self._constant_list))
            w.align(8)
            data = ByteWriter()
            offsets = []
            for raw in self._constant_list:
                offsets.append(len(data))
                data.varint(len(raw))
                data.raw(raw)
            for o in offsets:
                w.uint(o, 8)
            w.raw(data.buf)
            self._section(out, "constant", w)
        # 4b. debug info
        if self._debug_functions or self._debug_list:
            w = ByteWriter()
            w.varint(len(self._debug_functions))
            w.align(4)
            total = 0
            for lst in self._debug_functions:
                w.uint(total, 4)
                total += len(lst)
            w.varint(total)
            w.align(8)
            for lst in self._debug_functions:
                for index in lst:
                    w.uint(index, 8)
            w.varint(len(self._debug_list))
            w.align(4)
            data = ByteWriter()
            offsets = []
            for attr in self._debug_list:
                offsets.append(len(data))
                self._write_debug_attr(data, attr)
            for o in offsets:
                w.uint(o, 4)
            w.raw(data.buf)
            self._section(out, "debug", w)
        # 4c. types (serializing never registers new types: dependencies
        # were registered first)
        w = ByteWriter()
        data = ByteWriter()
        offsets = []
        i = 0
        while i < len(self._type_list):
            offsets.append(len(data))
            self._write_type(data, self._type_list[i], i)
            i += 1
        w.varint(len(self._type_list))
        w.align(4)
        for o in offsets:
            w.uint(o, 4)
        w.raw(data.buf)
        self._section(out, "type", w)
        # 4d. producer
        if module.producer is not None:
            if version >= tables.section_since("producer"):
                w = ByteWriter()
                w.varint(self.string(module.producer))
                self._section(out, "producer", w, 1)
            else:
                self.dropped.append("producer %r (the producer section requires bytecode %s+)"
                                    % (module.producer, tables.section_since("producer")))
        # 4e. strings
        w = ByteWriter()
        w.varint(len(self._strings))
        w.align(4)
        blob = bytearray()
        for text in self._strings:
            w.uint(len(blob), 4)
            blob += text.encode("utf-8", "surrogateescape")
        w.raw(blob)
        self._section(out, "string", w)
        out.append(_SEC["end"])
        return bytes(out)

    def _write_debug_attr(self, w, attr):
        tag = tables.DEBUG_TAGS
        d = self.debug_index
        if isinstance(attr, UnknownDebugAttr):
            w.varint(tag["unknown"])
        elif isinstance(attr, DICompileUnit):
            w.varint(tag["di_compile_unit"])
            w.varint(d(attr.file))
        elif isinstance(attr, DIFile):
            w.varint(tag["di_file"])
            w.varint(self.string(attr.name))
            w.varint(self.string(attr.directory))
        elif isinstance(attr, DILexicalBlock):
            w.varint(tag["di_lexical_block"])
            w.varint(d(attr.scope))
            w.varint(d(attr.file))
            w.varint(attr.line)
            w.varint(attr.column)
        elif isinstance(attr, DILoc):
            w.varint(tag["di_loc"])
            w.varint(d(attr.scope))
            w.varint(self.string(attr.filename))
            w.varint(attr.line)
            w.varint(attr.column)
        elif isinstance(attr, DISubprogram):
            w.varint(tag["di_subprogram"])
            w.varint(d(attr.file))
            w.varint(attr.line)
            w.varint(self.string(attr.name))
            w.varint(self.string(attr.linkage_name))
            w.varint(d(attr.compile_unit))
            w.varint(attr.scope_line or 0)
        elif isinstance(attr, CallSiteLoc):
            w.varint(tag["call_site"])
            w.varint(d(attr.callee))
            w.varint(d(attr.caller))
        else:
            raise EncodeError("unsupported debug attribute %r" % (attr,))


def write_bytecode(module, version=None, patch=0):
    """Serialize ``module`` for ``version`` (default: ``module.version``);
    ``patch`` goes into the header's version tag."""
    return BytecodeWriter(module, version, patch).write()
