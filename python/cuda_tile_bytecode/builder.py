"""Build modules in Python.

    from cuda_tile_bytecode.builder import ModuleBuilder, tile, ptr, f32, i32

    mb = ModuleBuilder()
    b = mb.entry("scale", [tile(ptr(f32))])          # a Builder at the body
    (p,) = b.args
    v, tok = b.load_ptr_tko(p, memory_ordering_semantics="weak")
    two = b.constant(2.0, tile(f32))
    b.store_ptr_tko(p, b.mulf(v, two), token=tok, memory_ordering_semantics="weak")
    b.return_()
    data = mb.to_bytes("13.3")

Every op of the dialect is a method of :class:`Builder` named after its
mnemonic (Python keywords get a trailing underscore: ``if_``, ``for_``,
``return_``, ``yield_``, ``break_``, ``continue_``, ``assert_``).  Operands are
positional (a variadic group takes a list, or the surplus positional values
when it is the only variadic group) or keyword by ODS name; optional operands
are keyword-only.  Attributes are keywords by ODS name: enum keywords as
strings, unit attributes as ``True``, optimization hints as nested dicts.
``result_type=`` / ``result_types=`` give the result types; they are inferred
where the op determines them (element-wise arithmetic, comparisons, MMA,
loads, stores, tokens, block ids, ``for``, ``scan``).  A method returns the
result value, a tuple of them, or the :class:`~.model.Operation` when the op
has no result.

Ops with regions return a scope whose ``with`` block builds the body:
``for_``, ``loop``, ``reduce`` and ``scan`` (``with b.for_(...) as loop:``;
``loop.args`` are the block arguments, ``loop.results`` the op results), and
``if_`` (``with branch.then(): ...`` / ``with branch.else_(): ...``).  A body
left without a terminator gets the implicit one (``continue`` for ``for``,
``yield`` for ``if``) when that one takes no values.
"""

import contextlib
import keyword

from . import tables
from .model import (
    Attribute, DenseElementsAttr, DictionaryAttr, FloatAttr, Function, Global,
    IntegerAttr, Module, Operation, OptimizationHintsAttr, PartitionViewType, PointerType,
    Region, Block, ScalarType, StridedViewType, GatherScatterViewType, TensorViewType,
    TileType, TokenType, Value,
)

__all__ = [
    "ModuleBuilder", "Builder", "RegionScope", "IfScope",
    "tile", "ptr", "tensor_view", "partition_view", "token", "scalar", "hints",
    "i1", "i4", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "tf32", "f64",
    "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN", "f8E5M3FNU",
]


# ---------------------------------------------------------------------------
# Type helpers
# ---------------------------------------------------------------------------
def scalar(name):
    return ScalarType(name)


i1, i4, i8, i16, i32, i64 = (ScalarType(n) for n in ("i1", "i4", "i8", "i16", "i32", "i64"))
f16, bf16, f32, tf32, f64 = (ScalarType(n) for n in ("f16", "bf16", "f32", "tf32", "f64"))
f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN = (ScalarType(n) for n in
                                         ("f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN"))
f8E5M3FNU = ScalarType("f8E5M3FNU")  # 13.4
token = TokenType()


def _element(x):
    return ScalarType(x) if isinstance(x, str) else x


def tile(element, shape=()):
    """``tile<shape x element>``: ``tile(f32)``, ``tile(f32, [64, 64])``."""
    if isinstance(shape, int):
        shape = (shape,)
    return TileType(tuple(shape), _element(element))


def ptr(pointee):
    return PointerType(_element(pointee))


def tensor_view(element, shape, strides):
    """``tensor_view``; ``None`` marks a dynamic size or stride."""
    return TensorViewType(_element(element), tuple(shape), tuple(strides))


def partition_view(tile_shape, view, dim_map=None, padding=None):
    return PartitionViewType(tuple(tile_shape), view, dim_map, padding)


def _attr(value):
    """Python value -> attribute for dictionaries (hints)."""
    if isinstance(value, Attribute):
        return value
    if isinstance(value, bool):
        return IntegerAttr(i1, 1 if value else 0)
    if isinstance(value, int):
        return IntegerAttr(i64, value)
    if isinstance(value, float):
        return FloatAttr.from_float(f32, value)
    if isinstance(value, dict):
        return DictionaryAttr.sorted({k: _attr(v) for k, v in value.items()})
    raise TypeError("cannot turn %r into an attribute" % (value,))


def hints(mapping):
    """``{"sm_100": {"num_cta_in_cga": 2}}`` -> :class:`OptimizationHintsAttr`
    (keys sorted as MLIR sorts them; ints become i64, bools i1)."""
    if isinstance(mapping, OptimizationHintsAttr):
        return mapping
    entries = {arch: _attr(values) if isinstance(values, dict) else values
               for arch, values in mapping.items()}
    return OptimizationHintsAttr(DictionaryAttr.sorted(entries).entries)


# ---------------------------------------------------------------------------
# Result type inference
# ---------------------------------------------------------------------------
_SAME_AS = {}
for _n in ("absf absi addf addi andi ceil cos cosh divf divi exp exp2 floor fma log log2 maxf "
           "maxi minf mini mulf mulhii muli negf negi ori pow remf remi rsqrt shli shri sin sinh "
           "sqrt subf subi tan tanh xori").split():
    _SAME_AS[_n] = 0                      # first operand
_SAME_AS.update({"atan2": "x", "select": "val_if_true", "assume": "value", "offset": "ptr",
                 "mmaf": "acc", "mmai": "acc", "mmaf_scaled": "acc"})


def _shape_of(ty):
    return ty.shape if isinstance(ty, TileType) else ()


def _view_tile(view):
    if isinstance(view, (PartitionViewType, StridedViewType, GatherScatterViewType)):
        return TileType(view.tile_shape, view.tensor_view.element)
    return None


def _loaded(ptr_type):
    if isinstance(ptr_type, TileType) and isinstance(ptr_type.element, PointerType):
        return TileType(ptr_type.shape, ptr_type.element.pointee)
    return None


def _infer(name, groups):
    """Result types of op ``name`` from its operand groups, or None."""
    def first(group):
        v = groups.get(group)
        if isinstance(v, (list, tuple)):
            v = v[0] if v else None
        return v.type if isinstance(v, Value) else None

    if name in _SAME_AS:
        key = _SAME_AS[name]
        if key == 0:
            key = next(iter(groups), None)
        t = first(key)
        return [t] if t is not None else None
    if name in ("cmpi", "cmpf"):
        t = first("lhs")
        return [TileType(_shape_of(t), i1)] if t is not None else None
    if name in ("get_tile_block_id", "get_num_tile_blocks"):
        return [tile(i32)] * 3
    if name in ("make_token", "join_tokens", "store_ptr_tko", "store_view_tko",
                "atomic_red_view_tko", "print_tko"):
        return [token]
    if name in ("load_ptr_tko", "atomic_cas_tko", "atomic_rmw_tko"):
        src = first("source") or first("pointers")
        t = _loaded(src) if src is not None else None
        return [t, token] if t is not None else None
    if name == "load_view_tko":
        t = _view_tile(first("view"))
        return [t, token] if t is not None else None
    if name == "for":
        inits = groups.get("initValues") or []
        return [v.type for v in inits]
    if name == "scan":
        return [v.type for v in groups.get("operands") or []]
    if name in ("if", "loop", "assert", "return", "yield", "break", "continue"):
        return []
    return None


# ---------------------------------------------------------------------------
# Builders
# ---------------------------------------------------------------------------
class BuilderError(TypeError):
    """Misuse of the builder API (wrong arguments)."""


class Builder:
    """Appends ops to a block.  ``args`` are the block's arguments."""

    def __init__(self, block, module_builder=None):
        self._blocks = [block]
        self._module_builder = module_builder
        #: location given to new ops (None = unknown)
        self.location = None

    @property
    def block(self):
        return self._blocks[-1]

    @property
    def args(self):
        return list(self._blocks[0].arguments)

    # insertion point --------------------------------------------------
    @contextlib.contextmanager
    def at_end_of(self, block):
        """Insert into ``block`` inside the ``with`` statement."""
        self._blocks.append(block)
        try:
            yield block
        finally:
            self._blocks.pop()

    def insert(self, op):
        self.block.operations.append(op)
        return op

    # generic creation -------------------------------------------------
    def create(self, op_name, /, *args, **kwargs):
        """Create op ``op_name`` (see the module docstring for the arguments)
        and return its results."""
        op = self.create_op(op_name, *args, **kwargs)
        if not op.results:
            return op
        if len(op.results) == 1:
            return op.results[0]
        return tuple(op.results)

    def create_op(self, op_name, /, *args, **kwargs):
        """Like :meth:`create` but returns the :class:`Operation`."""
        schema = _schema(op_name)
        result_types = kwargs.pop("result_types", None)
        if "result_type" in kwargs:
            if result_types is not None:
                raise BuilderError("give result_type or result_types, not both")
            result_types = [kwargs.pop("result_type")]
        loc = kwargs.pop("loc", self.location)
        regions = kwargs.pop("regions", None)
        groups = _bind_operands(schema, args, kwargs)
        attrs = {}
        for key, value in kwargs.items():
            spec = schema.attr_by_name.get(key)
            if spec is None:
                raise BuilderError("cuda_tile.%s has no operand or attribute '%s'" % (schema.name, key))
            if value is None or (spec.is_unit and value is False):
                continue
            attrs[key] = value
        if result_types is None:
            result_types = _infer(schema.name, groups)
            if result_types is None:
                raise BuilderError("cuda_tile.%s: give result_type= (cannot infer it)" % schema.name)
        result_types = list(result_types)
        for spec in schema.attributes:
            if spec.kind == "dense" and spec.name in attrs and not isinstance(attrs[spec.name],
                                                                             DenseElementsAttr):
                if not result_types:
                    raise BuilderError("cuda_tile.%s: dense attribute needs a result type" % schema.name)
                attrs[spec.name] = DenseElementsAttr.from_values(result_types[0], attrs[spec.name])
            elif spec.kind == "hints" and spec.name in attrs:
                attrs[spec.name] = hints(attrs[spec.name])
            elif spec.kind == "attr_array" and spec.name in attrs:
                attrs[spec.name] = tuple(attrs[spec.name])
            elif spec.kind == "i32_array" and spec.name in attrs:
                attrs[spec.name] = tuple(int(v) for v in attrs[spec.name])
            elif spec.kind == "bool_array" and spec.name in attrs:
                attrs[spec.name] = tuple(bool(v) for v in attrs[spec.name])
                # All false is absence, as the reader has it.
                if spec.always and not any(attrs[spec.name]):
                    del attrs[spec.name]
            elif spec.kind == "enum" and spec.name in attrs:
                if attrs[spec.name] not in spec.enum.values:
                    raise BuilderError("cuda_tile.%s: %r is not a %s (one of %s)" % (
                        schema.name, attrs[spec.name], spec.enum.name,
                        ", ".join(sorted(spec.enum.values))))
        for spec in schema.attributes:
            if not spec.optional and not spec.always and spec.name not in attrs:
                if spec.default is not None:
                    attrs[spec.name] = spec.default
                elif schema.name in _BUILDER_DEFAULTS.get(spec.name, ()):
                    attrs[spec.name] = _BUILDER_DEFAULT_VALUES[spec.name]
                else:
                    raise BuilderError("cuda_tile.%s needs the attribute %s=" % (schema.name, spec.name))
        op = Operation(schema.name, groups, result_types, attrs, regions or (), loc)
        return self.insert(op)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        mnemonic = name[:-1] if name.endswith("_") and keyword.iskeyword(name[:-1]) else name
        schema = tables.OPS_BY_NAME.get(mnemonic)
        if schema is None or schema.module_level:
            raise AttributeError("%s: no op cuda_tile.%s" % (type(self).__name__, mnemonic))

        def method(*args, **kwargs):
            return self.create(mnemonic, *args, **kwargs)
        method.__name__ = name
        method.__doc__ = "Create cuda_tile.%s." % mnemonic
        return method

    # ops with special arguments ---------------------------------------
    def constant(self, value, type, loc=None):
        """``constant`` of ``type`` holding ``value`` (a scalar is a splat)."""
        return self.create("constant", value=value, result_type=type,
                           loc=self.location if loc is None else loc)

    def for_(self, lower, upper, step, iter_values=(), unsigned=False, loc=None):
        """Counted loop; ``with`` it to build the body (``scope.args`` =
        induction variable then iteration values)."""
        iter_values = list(iter_values)
        op = self.create_op("for", lower, upper, step, iter_values, unsignedCmp=unsigned,
                            loc=self.location if loc is None else loc)
        block = Block([lower.type] + [v.type for v in iter_values])
        op.regions.append(Region([block]))
        return RegionScope(self, op, block, "continue" if not iter_values else None)

    def loop(self, iter_values=(), result_types=(), loc=None):
        """Unbounded loop (leave it with ``break_``)."""
        iter_values = list(iter_values)
        op = self.create_op("loop", iter_values, result_types=result_types,
                            loc=self.location if loc is None else loc)
        block = Block([v.type for v in iter_values])
        op.regions.append(Region([block]))
        return RegionScope(self, op, block, None)

    def if_(self, condition, result_types=(), loc=None):
        """Conditional; build the branches with ``scope.then()`` /
        ``scope.else_()``."""
        op = self.create_op("if", condition, result_types=result_types,
                            loc=self.location if loc is None else loc)
        op.regions.extend([Region(), Region()])
        return IfScope(self, op)

    def _combiner(self, name, operands, dim, identities, result_types, loc, **extra):
        operands = list(operands)
        ids = [v if isinstance(v, Attribute) else _identity(v, o.type)
               for v, o in zip(identities, operands)]
        if len(ids) != len(operands):
            raise BuilderError("cuda_tile.%s needs one identity per operand" % name)
        kwargs = dict(dim=dim, identities=tuple(ids), loc=self.location if loc is None else loc)
        kwargs.update(extra)
        if result_types is not None:
            kwargs["result_types"] = result_types
        op = self.create_op(name, operands, **kwargs)
        arg_types = []
        for o in operands:
            elem = TileType((), o.type.element) if isinstance(o.type, TileType) else o.type
            arg_types += [elem, elem]
        block = Block(arg_types)
        op.regions.append(Region([block]))
        return RegionScope(self, op, block, None)

    def reduce(self, operands, dim, identities, result_types, loc=None):
        """Reduction along ``dim``; the body gets (element, accumulator)
        scalar tiles per operand and must ``yield_`` the combined values."""
        return self._combiner("reduce", operands, dim, identities, result_types, loc)

    def scan(self, operands, dim, identities, reverse=False, result_types=None, loc=None):
        return self._combiner("scan", operands, dim, identities, result_types, loc, reverse=reverse)


def _identity(value, ty):
    elem = ty.element if isinstance(ty, TileType) else ty
    if isinstance(elem, ScalarType) and elem.is_float:
        return FloatAttr.from_float(elem, value)
    if isinstance(elem, ScalarType):
        return IntegerAttr(elem, int(value))
    raise BuilderError("no identity for %s" % ty)


# Defaults the builder applies when the attribute is not given (the textual
# syntax of these ops omits them too); ODS defaults come from the tables.
_BUILDER_DEFAULTS = {
    "rounding_mode": ("addf", "subf", "mulf", "divf", "fma", "sqrt"),
    "memory_ordering_semantics": ("load_ptr_tko", "store_ptr_tko", "load_view_tko", "store_view_tko"),
}
_BUILDER_DEFAULT_VALUES = {"rounding_mode": "nearest_even", "memory_ordering_semantics": "weak"}


def _schema(name):
    if name.startswith("cuda_tile."):
        name = name[len("cuda_tile."):]
    schema = tables.OPS_BY_NAME.get(name)
    if schema is None or schema.module_level:
        raise BuilderError("unknown op cuda_tile.%s" % name)
    return schema


def _bind_operands(schema, args, kwargs):
    """Map positional / keyword operands onto the ODS operand groups."""
    groups = {}
    for spec in schema.operands:
        if spec.name in kwargs:
            groups[spec.name] = kwargs.pop(spec.name)
    positional = [o for o in schema.operands if o.arity != "optional" and o.name not in groups]
    args = list(args)
    variadic = [o for o in positional if o.arity == "variadic"]
    direct = len(args) <= len(positional) and all(
        o.arity == "variadic" for o in positional[len(args):]) and all(
        isinstance(a, (list, tuple)) for a, o in zip(args, positional) if o.arity == "variadic")
    if direct:
        # one value per group (a list for a variadic one); missing trailing
        # variadic groups are empty
        for spec, a in zip(positional, args):
            groups[spec.name] = list(a) if spec.arity == "variadic" else a
    elif len(variadic) == 1 and len(args) >= len(positional) - 1:
        # the only variadic group takes the surplus values
        vi = positional.index(variadic[0])
        tail = len(positional) - vi - 1
        for spec, a in zip(positional[:vi], args[:vi]):
            groups[spec.name] = a
        groups[variadic[0].name] = list(args[vi:len(args) - tail])
        for spec, a in zip(positional[vi + 1:], args[len(args) - tail:]):
            groups[spec.name] = a
    else:
        raise BuilderError("cuda_tile.%s takes operands (%s), got %d positional values" % (
            schema.name, ", ".join("%s%s" % (o.name, {"variadic": "...", "optional": "?"}.get(o.arity, ""))
                                   for o in schema.operands), len(args)))
    out = {}
    for spec in schema.operands:
        value = groups.get(spec.name)
        if spec.arity == "variadic":
            value = [] if value is None else list(value)
            bad = [v for v in value if not isinstance(v, Value)]
        elif spec.arity == "optional":
            bad = [] if value is None or isinstance(value, Value) else [value]
        else:
            bad = [] if isinstance(value, Value) else [value]
        if bad:
            raise BuilderError("cuda_tile.%s: operand '%s' must be %s, got %r" % (
                schema.name, spec.name, "values" if spec.arity == "variadic" else "a value", bad[0]))
        out[spec.name] = value
    return out


class RegionScope:
    """The body of a single-region op; use it as a context manager."""

    def __init__(self, builder, op, block, implicit_terminator):
        self.builder = builder
        self.op = op
        self.block = block
        self._implicit = implicit_terminator

    @property
    def args(self):
        return list(self.block.arguments)

    @property
    def results(self):
        return list(self.op.results)

    def __enter__(self):
        self.builder._blocks.append(self.block)
        return self

    def __exit__(self, exc_type, exc, tb):
        self.builder._blocks.pop()
        if exc_type is None:
            _close_block(self.block, self._implicit, self.op)
        return False


class IfScope:
    """Branches of an ``if``: ``with scope.then(): ...``, ``with scope.else_(): ...``."""

    def __init__(self, builder, op):
        self.builder = builder
        self.op = op

    @property
    def results(self):
        return list(self.op.results)

    @contextlib.contextmanager
    def _branch(self, index):
        region = self.op.regions[index]
        if region.blocks:
            raise BuilderError("this branch of the if was already built")
        block = Block()
        region.blocks.append(block)
        self.builder._blocks.append(block)
        try:
            yield block
        finally:
            self.builder._blocks.pop()
        _close_block(block, "yield" if not self.op.results else None, self.op)

    def then(self):
        return self._branch(0)

    def else_(self):
        return self._branch(1)


def _close_block(block, implicit, op):
    last = block.operations[-1] if block.operations else None
    if last is not None and last.schema is not None and last.schema.terminator:
        return
    if implicit is None:
        raise BuilderError("the body of cuda_tile.%s must end with a terminator" % op.name)
    block.operations.append(Operation(implicit, {"operands": []}, (), {}, (), op.location))


class ModuleBuilder:
    """Collects globals and functions; ``to_bytes()`` serializes."""

    def __init__(self, producer=None):
        self.module = Module(producer=producer)

    def entry(self, name, argument_types=(), optimization_hints=None, location=None):
        """Add a kernel and return a :class:`Builder` for its body."""
        fn = Function(name, argument_types, (), kernel=True,
                      optimization_hints=None if optimization_hints is None else hints(optimization_hints),
                      location=location)
        self.module.functions.append(fn)
        b = Builder(fn.body, self)
        b.function = fn
        return b

    def global_(self, name, values, type, alignment=0, visibility="public", constant=False):
        """Add a global initialized with ``values`` (a tile ``type``)."""
        g = Global(name, DenseElementsAttr.from_values(type, values), alignment, visibility, constant)
        self.module.globals.append(g)
        return g

    def to_bytes(self, version=None):
        from .writer import write_bytecode
        return write_bytecode(self.module, version or tables.DEFAULT_VERSION)

    def write(self, path, version=None):
        """Write the module to ``path`` (see :func:`.output.write_output`);
        returns the bytes."""
        from .output import write_output
        data = self.to_bytes(version)
        write_output(path, data)
        return data
