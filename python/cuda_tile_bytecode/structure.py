"""The structural rules the reference reader enforces beyond decoding.

The C++ reader builds types and debug attributes through their checked
constructors (the dialect's type verifiers), validates every dense constant
against its type, requires each block to end in a terminator and verifies
the module.  The functions here state the same rules on the object model;
each returns a message (the C++ wording where it has one) or ``None``, so
that the reader can raise it with the offset where the construct ends.

What is deliberately not repeated is the per-op verifier (operand and result
type constraints of each op); of the verifier only the module-level rules
(symbols, globals, entry signatures, debug scopes, ``get_global`` targets)
and the ``assume`` predicates are checked.
"""

from .model import (
    BoundedAttr, CallSiteLoc, DILexicalBlock, DILoc, DISubprogram, DivByAttr, GatherScatterViewType,
    Global, PartitionViewType, PointerType, SameElementsAttr, ScalarType, StridedViewType,
    TensorViewType, TileType, UnknownDebugAttr,
)

__all__ = ["MAX_TILE_ELEMENTS", "MAX_TYPE_DEPTH", "MAX_ATTRIBUTE_DEPTH", "MAX_REGION_DEPTH",
           "MAX_DEBUG_DEPTH", "type_problem", "dense_payload_problem", "integer_fits",
           "is_location", "is_local_scope", "predicate_problem", "module_problem",
           "ASSUME_PREDICATES"]

#: ``TileType::kMaxElements``.
MAX_TILE_ELEMENTS = 1 << 24
#: The C++ reader's recursion limits (lib/Bytecode/BytecodeReader.cpp).
MAX_TYPE_DEPTH = 32
MAX_ATTRIBUTE_DEPTH = 64
MAX_REGION_DEPTH = 128
MAX_DEBUG_DEPTH = 256

_INT32_MAX = (1 << 31) - 1
#: Attribute classes ``assume`` accepts as its predicate (AssumePredicateAttrInterface).
ASSUME_PREDICATES = (DivByAttr, SameElementsAttr, BoundedAttr)


def _is_power_of_two(value):
    return value > 0 and value & (value - 1) == 0


def _shape_text(values, separator="x"):
    return separator.join("?" if v is None else str(v) for v in values)


def is_pointee_type(ty):
    """CudaTile_PointeeType: every integer and float type except i4."""
    return isinstance(ty, ScalarType) and ty.name != "i4"


def is_tile_element_type(ty):
    """CudaTile_TileElementType: a number type (i4 included) or a pointer."""
    return isinstance(ty, (ScalarType, PointerType))


def _tile_problem(shape, element):
    """TileType::verify (after the element-type constraint)."""
    if any(d <= 0 for d in shape):
        return "all dimensions must be positive constants, got %s" % _shape_text(shape)
    if not all(_is_power_of_two(d) for d in shape):
        return "all dimensions must be powers of two, got %s" % _shape_text(shape)
    count = 1
    for d in shape:
        count *= d
        if count > MAX_TILE_ELEMENTS:
            return "tile would exceed the maximum of %d elements" % MAX_TILE_ELEMENTS
    if isinstance(element, ScalarType) and element.name == "f4E2M1FN" and count % 2:
        return "F4E2M1FN tiles must have an even number of elements"
    return None


def _tiled_view_problem(tile_shape, view, dim_map, padding):
    """verifyTiledView: the checks every tiled view type shares."""
    rank = len(view.shape)
    if not tile_shape:
        return "0-dimension tile shape is not supported"
    if len(tile_shape) != rank:
        return ("expected tensor_view rank and tile rank to match, got tensor_view of rank %d "
                "and tiles of rank %d" % (rank, len(tile_shape)))
    if len(dim_map) != len(tile_shape):
        return ("expected dim_map to map exactly all %d dimensions of the tile, got %d mappings"
                % (len(tile_shape), len(dim_map)))
    if any(d <= 0 for d in tile_shape):
        return ("tile shape dimensions must have positive length but got [%s]"
                % _shape_text(tile_shape))
    if not all(_is_power_of_two(d) for d in tile_shape):
        return ("tile shape dimensions must have power of two length but got [%s]"
                % _shape_text(tile_shape))
    seen_at = {}
    for tile_dim, target in enumerate(dim_map):
        if target < 0:
            return "target dimension must not be negative, got %d" % target
        if target >= rank:
            return ("target dimension is outside of tensor view dimensions, expected strictly "
                    "less than %d, got %d" % (rank, target))
        if target in seen_at:
            return ("target dimension %d mapped at least twice (for tile dimensions %d and %d)"
                    % (target, seen_at[target], tile_dim))
        seen_at[target] = tile_dim
    problem = _tile_problem(tile_shape, view.element)
    if problem:
        return problem
    if padding is not None and padding != "zero" and not view.element.is_float:
        return ("padding_value %s can only be used with floating point element types, got %s"
                % (padding, view.element))
    return None


def type_problem(ty):
    """Why the dialect's verifier refuses type ``ty`` (its components are
    already checked), or None."""
    if isinstance(ty, PointerType):
        if not is_pointee_type(ty.pointee):
            return "failed to verify 'pointeeType': pointee type, got %s" % ty.pointee
        return None
    if isinstance(ty, TileType):
        if not is_tile_element_type(ty.element):
            return ("failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or "
                    "f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or "
                    "i64 or Pointer type, got %s" % ty.element)
        return _tile_problem(ty.shape, ty.element)
    if isinstance(ty, TensorViewType):
        if not is_pointee_type(ty.element):
            return "failed to verify 'elementType': pointee type, got %s" % ty.element
        if len(ty.shape) != len(ty.strides):
            return ("expected shape and stride to be of same rank but got shape of rank %d and "
                    "stride of rank %d" % (len(ty.shape), len(ty.strides)))
        if any(d is not None and d <= 0 for d in ty.shape):
            return ("dimensions must have strictly positive constant sizes but got [%s]"
                    % _shape_text(ty.shape, ", "))
        if any(s is not None and s <= 0 for s in ty.strides):
            return ("dimensions must have strictly positive constant strides but got [%s]"
                    % _shape_text(ty.strides, ", "))
        return None
    if isinstance(ty, (PartitionViewType, StridedViewType, GatherScatterViewType)):
        if not isinstance(ty.tensor_view, TensorViewType):
            return "expected a tensor_view type, got %s" % ty.tensor_view
    if isinstance(ty, PartitionViewType):
        return _tiled_view_problem(ty.tile_shape, ty.tensor_view, ty.dim_map, ty.padding)
    if isinstance(ty, StridedViewType):
        if len(ty.traversal_strides) != len(ty.tile_shape):
            return ("expected %d traversal strides, got %d"
                    % (len(ty.tile_shape), len(ty.traversal_strides)))
        for stride in ty.traversal_strides:
            if stride <= 0:
                return "expected strictly positive integer, got %d" % stride
        return _tiled_view_problem(ty.tile_shape, ty.tensor_view, ty.dim_map, ty.padding)
    if isinstance(ty, GatherScatterViewType):
        rank = len(ty.tensor_view.shape)
        problem = _tiled_view_problem(ty.tile_shape, ty.tensor_view, tuple(range(rank)),
                                      ty.padding)
        if problem:
            return problem
        if not 0 <= ty.sparse_dim < rank or ty.sparse_dim > _INT32_MAX:
            return ("sparse_dim must be a dimension of the tensor_view, expected strictly less "
                    "than %d, got %d" % (rank, ty.sparse_dim))
    return None


def dense_payload_problem(ty, data):
    """Why ``data`` is not a valid constant of type ``ty`` (MLIR's
    ``DenseElementsAttr::isValidRawBuffer``: a splat of one element, or
    exactly one element each; i1 bit-packed), or None."""
    if not isinstance(ty, TileType) or not isinstance(ty.element, ScalarType):
        return "expect Cuda Tile integer or float type but got: %s" % ty
    count = 1
    for d in ty.shape:
        count *= d
    info = ty.element.info
    if info.storage_bits == 0:                       # i1: one bit per element
        if len(data) == 1 and data[0] in (0x00, 0xFF):
            return None
        if len(data) == (count + 7) // 8:
            return None
    else:
        width = info.storage_bits // 8
        if len(data) == width or len(data) == width * count:
            return None
    return "failed to validate buffer size and format"


def integer_fits(value, width):
    """Whether unsigned ``value`` fits ``width`` bits (64 bits always do)."""
    return width >= 64 or value >> width == 0


def is_location(attr):
    """A debug attribute that is a location (MLIR ``LocationAttr``); None is
    the unknown location."""
    return attr is None or isinstance(attr, (UnknownDebugAttr, DILoc, CallSiteLoc))


def is_local_scope(attr):
    return isinstance(attr, (DISubprogram, DILexicalBlock))


def predicate_problem(predicate, ty):
    """Why an ``assume`` predicate does not apply to a value of type ``ty``
    (the attributes' ``verifyWithValue``), or None."""
    tile = ty if isinstance(ty, TileType) else None
    element = tile.element if tile is not None else None
    int_tile = isinstance(element, ScalarType) and element.is_integer
    ptr_tile = isinstance(element, PointerType)
    if isinstance(predicate, DivByAttr):
        if not _is_power_of_two(predicate.divisor):
            return "'cuda_tile.div_by' divisor must be a power of 2"
        if (predicate.every is None) != (predicate.along is None):
            return "'cuda_tile.div_by' 'every'/'along' must be used in combination"
        if predicate.divisor > 1 << 62:
            return "'cuda_tile.div_by' divisor is too large"
        if isinstance(ty, TensorViewType):
            if predicate.every is not None:
                return ("'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained "
                        "value is a tensor_view")
            return None
        if tile is None:
            return ("'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view "
                    "values")
        if not tile.shape and predicate.every is not None:
            return ("'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value "
                    "is a 0D tile")
        if not int_tile and not ptr_tile:
            return ("'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view "
                    "values")
        if predicate.every is None:
            return None
        rank = len(tile.shape)
        if not 0 <= predicate.along < rank:
            return ("'cuda_tile.div_by' every_dim (%d) must be >= 0 and < tile rank (%d)"
                    % (predicate.along, rank))
        size = tile.shape[predicate.along]
        if not 0 <= predicate.every <= size:
            return ("expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the "
                    "respective dimension (%d)" % size)
        return None
    if isinstance(predicate, SameElementsAttr):
        if not int_tile and not ptr_tile:
            return "'cuda_tile.same_elements' is valid only for tile of integer/pointer values"
        if len(predicate.values) != len(tile.shape):
            return ("expected number of values in 'cuda_tile.same_elements' (%d) to match rank "
                    "of constrained tile (%d)" % (len(predicate.values), len(tile.shape)))
        for i, v in enumerate(predicate.values):
            if not 0 <= v <= tile.shape[i]:
                return ("expected 'cuda_tile.same_elements' value %d to be within 0 and the size "
                        "of the respective dimension (%d)" % (i, tile.shape[i]))
        return None
    if isinstance(predicate, BoundedAttr):
        if not int_tile:
            return "'cuda_tile.bounded' is valid only for tile of integer values"
        width = element.width
        low, high = -(1 << (width - 1)), (1 << (width - 1)) - 1
        if width == 1:
            low, high = -1, 0
        if predicate.lower is not None and not low <= predicate.lower <= high:
            return ("'cuda_tile.bounded' expects lower bound to be within [%d, %d]"
                    % (low, high))
        if predicate.upper is not None and not low <= predicate.upper <= high:
            return ("'cuda_tile.bounded' expects upper bound to be within [%d, %d]"
                    % (low, high))
        if (predicate.lower is not None and predicate.upper is not None
                and predicate.lower > predicate.upper):
            return ("'cuda_tile.bounded' expects lower bound to be less than or equal to upper "
                    "bound")
        return None
    return "unexpected kind of attribute 'predicate': %s" % predicate


def _debug_scope(location):
    """The scope of a location (``getDebugScope``): a DILoc's, a call site's caller's."""
    if isinstance(location, DILoc):
        return location.scope
    if isinstance(location, CallSiteLoc):
        return _debug_scope(location.caller)
    return None


def _subprogram(scope):
    while isinstance(scope, DILexicalBlock):
        scope = scope.scope
    return scope if isinstance(scope, DISubprogram) else None


def module_problem(module):
    """The first ``(construct, message)`` the module verifier refuses in
    ``module`` (symbols, globals, entry signatures and debug scopes,
    ``get_global`` targets), or None.  ``construct`` is the global, function
    or op, whose ``offset`` locates it."""
    symbols = {}
    for construct, op_name in ([(g, "global") for g in module.globals]
                               + [(f, "entry") for f in module.functions]):
        if not construct.name:
            return construct, "'cuda_tile.%s' op symbol name must not be empty" % op_name
        if construct.name in symbols:
            return construct, "redefinition of symbol named '%s'" % construct.name
        symbols[construct.name] = construct
    for g in module.globals:
        if not isinstance(g.type, TileType) or len(g.type.shape) != 1:
            return g, "'cuda_tile.global' op type must have rank 1"
        if g.alignment and not _is_power_of_two(g.alignment):
            return g, "'cuda_tile.global' op 'alignment' must be power of two"
    for fn in module.functions:
        for value in fn.arguments:
            if isinstance(value.type, TileType) and value.type.shape:
                return fn, "'cuda_tile.entry' op entry op must have scalar types (rank 0 !cuda_tile.tile)"
        subprogram = _subprogram(_debug_scope(fn.location))
        if subprogram is not None and subprogram.linkage_name != fn.name:
            return fn, ("'cuda_tile.entry' op invalid function debug info scope: %s. Function name "
                        "\"%s\" does not match subprogram scope linkage name \"%s\"."
                        % (subprogram, fn.name, subprogram.linkage_name))
        for op in fn.walk():
            scope = _debug_scope(op.location)
            if scope is None:
                continue
            if subprogram is None:
                return op, ("'cuda_tile.%s' op invalid operation debug info scope: %s. Operation "
                            "has debug info scope, but function debug info scope is undefined."
                            % (op.name, scope))
            if _subprogram(scope) != subprogram:
                return op, ("'cuda_tile.%s' op invalid operation debug info scope: %s. Operation "
                            "debug info scope is not nested in the function debug info scope."
                            % (op.name, scope))
    for op in module.walk():
        if op.name != "get_global":
            continue
        target = symbols.get(op.attributes.get("name"))
        if not isinstance(target, Global):
            return op, ("'cuda_tile.get_global' op '%s' does not reference a valid global"
                        % op.attributes.get("name"))
        result = op.result_types[0] if op.result_types else None
        if (isinstance(result, TileType) and isinstance(result.element, PointerType)
                and result.element.pointee != target.type.element):
            return op, ("'cuda_tile.get_global' op pointee type of result type %s does not match "
                        "type %s of the global @%s" % (result.element, target.type.element,
                                                        target.name))
    return None
