"""Element values <-> bytes: float formats and dense constant payloads.

The constant pool stores MLIR's raw ``DenseElementsAttr`` data: row-major,
little-endian, ``storage_bits`` per element (``TYPES``), i1 bit-packed
LSB-first, and a splat (all elements equal) as one element -- for i1 the byte
``00`` or ``FF``.  Floats are converted with round-to-nearest-even.
"""

import math
import struct

from . import tables

__all__ = ["float_to_bits", "bits_to_float", "encode_elements", "decode_elements",
           "element_count", "element_info"]


def element_info(name):
    """The ``TypeInfo`` of an int/float element type mnemonic."""
    info = tables.TYPES_BY_MNEMONIC.get(name)
    if info is None or info.kind not in ("int", "float"):
        raise ValueError("%r is not an integer or float element type" % (name,))
    return info


#: Largest number of elements encode/decode will materialize.
_MAX_ELEMENTS = 1 << 26


def element_count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


# ---------------------------------------------------------------------------
# Floats
# ---------------------------------------------------------------------------
def _round_div(num, den):
    """num / den rounded to nearest, ties to even (num, den > 0)."""
    q, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and q & 1):
        q += 1
    return q


def float_to_bits(value, fmt):
    """Bit pattern of ``value`` in float format ``fmt`` (a mnemonic)."""
    value = float(value)
    if fmt == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    return _generic_to_bits(value, fmt)


def _generic_to_bits(value, fmt):
    exp_bits, man_bits, bias, flavour = tables.FLOAT_FORMATS[fmt]
    signed = flavour not in ("e8m0", "fnu")
    sign = 1 if math.copysign(1.0, value) < 0 else 0
    if flavour == "fnu" and sign and value != 0:
        raise ValueError("%r is not representable in %s (unsigned)" % (value, fmt))
    exp_max = (1 << exp_bits) - 1
    sign_bit = (sign << (exp_bits + man_bits)) if signed else 0
    if math.isnan(value):
        if flavour == "ieee":
            return (exp_max << man_bits) | (1 << (man_bits - 1))
        if flavour in ("fn", "fnu"):
            return (exp_max << man_bits) | ((1 << man_bits) - 1)
        if flavour == "e8m0":
            return 0xFF
        raise ValueError("NaN is not representable in %s" % fmt)
    if flavour == "e8m0":
        if value <= 0 or math.isinf(value):
            raise ValueError("%r is not representable in %s" % (value, fmt))
        mant, exp = math.frexp(value)           # value = mant * 2**exp, 0.5 <= mant < 1
        e = exp - 1 if mant < 0.75 else exp     # nearest power of two
        biased = e + bias
        if not 0 <= biased < 0xFF:
            raise ValueError("%r is out of range for %s" % (value, fmt))
        return biased
    if math.isinf(value):
        if flavour == "ieee":
            return sign_bit | (exp_max << man_bits)
        raise ValueError("infinity is not representable in %s" % fmt)
    if value == 0:
        return sign_bit
    num, den = abs(value).as_integer_ratio()
    e = num.bit_length() - den.bit_length()
    if (num << max(0, -e)) < (den << max(0, e)):
        e -= 1                                  # now 2**e <= |value| < 2**(e+1)
    min_exp = 1 - bias
    if e < min_exp:
        e = min_exp - 1                         # subnormal: biased exponent 0
        shift = man_bits - min_exp
    else:
        shift = man_bits - e
    n, d = (num << shift, den) if shift >= 0 else (num, den << -shift)
    mant = _round_div(n, d)
    biased = e + bias if e >= min_exp else 0
    if biased == 0 and mant >> man_bits:        # subnormal rounded up to normal
        biased = 1
    elif biased and mant >> (man_bits + 1):     # mantissa overflow
        mant >>= 1
        biased += 1
    mant &= (1 << man_bits) - 1
    if flavour == "ieee":
        if biased >= exp_max:
            return sign_bit | (exp_max << man_bits)     # overflow -> infinity
    elif flavour in ("fn", "fnu"):
        if biased > exp_max or (biased == exp_max and mant == (1 << man_bits) - 1):
            raise ValueError("%r is out of range for %s" % (value, fmt))
    elif biased > exp_max:
        raise ValueError("%r is out of range for %s" % (value, fmt))
    return sign_bit | (biased << man_bits) | mant


def bits_to_float(bits, fmt):
    """Python float of bit pattern ``bits`` in float format ``fmt``."""
    if fmt == "f32":
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if fmt == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
    exp_bits, man_bits, bias, flavour = tables.FLOAT_FORMATS[fmt]
    if flavour == "e8m0":
        bits &= 0xFF
        return math.nan if bits == 0xFF else math.ldexp(1.0, bits - bias)
    signed = flavour != "fnu"
    total = int(signed) + exp_bits + man_bits
    bits &= (1 << total) - 1
    sign = -1.0 if signed and bits >> (exp_bits + man_bits) else 1.0
    biased = (bits >> man_bits) & ((1 << exp_bits) - 1)
    mant = bits & ((1 << man_bits) - 1)
    exp_max = (1 << exp_bits) - 1
    if flavour == "ieee" and biased == exp_max:
        return math.nan if mant else sign * math.inf
    if flavour in ("fn", "fnu") and biased == exp_max and mant == (1 << man_bits) - 1:
        return math.nan
    if biased == 0:
        return sign * math.ldexp(mant, 1 - bias - man_bits)
    return sign * math.ldexp(mant | (1 << man_bits), biased - bias - man_bits)


# ---------------------------------------------------------------------------
# Dense payloads
# ---------------------------------------------------------------------------
def _flatten(values):
    if isinstance(values, (list, tuple)):
        out = []
        for v in values:
            out.extend(_flatten(v))
        return out
    return [values]


def _element_bits(info, value):
    if info.kind == "float":
        if isinstance(value, bool):
            value = float(value)
        return float_to_bits(value, info.mnemonic)
    if isinstance(value, float):
        if value != int(value):
            raise ValueError("integer element type %s given %r" % (info.mnemonic, value))
        value = int(value)
    value = int(value)
    width = info.bits
    low = -1 if width == 1 else -(1 << (width - 1))
    if not low <= value < (1 << width):
        raise ValueError("%r does not fit in %s" % (value, info.mnemonic))
    return value & ((1 << width) - 1)


def encode_elements(element, shape, values):
    """Raw constant-pool bytes of ``values`` for a tile of ``shape`` x ``element``.

    ``values`` is a scalar (a splat) or a (nested) sequence of
    ``product(shape)`` elements; equal elements are stored as a splat, as
    MLIR does.
    """
    info = element_info(element)
    n = element_count(shape)
    if n > _MAX_ELEMENTS or any(d < 0 for d in shape):
        raise ValueError("cannot encode a constant of shape %r" % (tuple(shape),))
    flat = _flatten(values)
    if len(flat) == 1:
        flat = flat * max(n, 1)
    if len(flat) != n:
        raise ValueError("%d values given for %d elements" % (len(flat), n))
    bits = [_element_bits(info, v) for v in flat]
    if n == 0:
        return b""
    splat = all(b == bits[0] for b in bits)
    if info.storage_bits == 0:                  # i1: bit-packed
        if splat:
            return b"\xff" if bits[0] else b"\x00"
        out = bytearray((n + 7) // 8)
        for i, b in enumerate(bits):
            if b:
                out[i // 8] |= 1 << (i % 8)
        return bytes(out)
    width = info.storage_bits // 8
    if splat:
        bits = bits[:1]
    return b"".join(b.to_bytes(width, "little") for b in bits)


def decode_elements(element, shape, raw, limit=None):
    """Python values (ints signed per width, floats) of a constant payload.

    Returns the flat list of ``product(shape)`` values (a splat expanded),
    or only the first ``limit`` of them.  Raises ``ValueError`` when ``raw``
    does not fit the shape.
    """
    info = element_info(element)
    if any(d < 0 for d in shape):
        raise ValueError("negative dimension in shape %r" % (tuple(shape),))
    n = element_count(shape)
    count = n if limit is None else min(n, limit)
    if count > _MAX_ELEMENTS:
        raise ValueError("%d elements are too many to decode" % n)
    if info.storage_bits == 0:
        if len(raw) == 1 and raw[0] in (0, 0xFF) and (n > 8 or n == 1 or raw[0] in (0, 0xFF)):
            bits = [1 if raw[0] else 0] * count
        elif len(raw) == (n + 7) // 8:
            bits = [(raw[i // 8] >> (i % 8)) & 1 for i in range(count)]
        else:
            raise ValueError("%d bytes do not hold %d i1 elements" % (len(raw), n))
    else:
        width = info.storage_bits // 8
        if len(raw) == width and n != 1:
            bits = [int.from_bytes(raw, "little")] * count
        elif len(raw) == width * n:
            bits = [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(count)]
        else:
            raise ValueError("%d bytes do not hold %d %s elements" % (len(raw), n, element))
    if info.kind == "float":
        return [bits_to_float(b, element) for b in bits]
    width = info.bits
    if width == 1:
        return [bool(b) for b in bits]
    return [b - (1 << width) if b >> (width - 1) & 1 else b for b in bits]
