"""Kernel arguments as files: NumPy .npy reading and writing, element
encodings, entry signatures and the sizes of tensor map lines, shared by
utils/gpu-check.py, utils/ptx_sim.py,
bench/gpu/gpu_bench.py, the real-clients tests (utils/real_clients_lit.py),
examples/reference.py and test/Interpreter/Inputs/npy_check.py.
Python standard library only.
"""

import math
import re
import struct

# --------------------------------------------------------------------------
# Element types
# --------------------------------------------------------------------------

# element type -> (npy descr, bytes)
DESCR = {
    "i1": ("|b1", 1), "i8": ("|i1", 1), "i16": ("<i2", 2), "i32": ("<i4", 4),
    "i64": ("<i8", 8), "f16": ("<f2", 2), "bf16": ("<u2", 2), "f32": ("<f4", 4),
    "tf32": ("<f4", 4), "f64": ("<f8", 8), "f8E4M3FN": ("|u1", 1),
    "f8E5M2": ("|u1", 1), "f8E8M0FNU": ("|u1", 1), "f4E2M1FN": ("|u1", 1),
}
# npy descr -> struct code
STRUCT = {"|b1": "B", "|u1": "B", "|i1": "b", "<i2": "h", "<u2": "H", "<i4": "i",
          "<u4": "I", "<i8": "q", "<u8": "Q", "<f2": "e", "<f4": "f", "<f8": "d"}
# bit-pattern struct code per element size
RAW = {1: "B", 2: "H", 4: "I", 8: "Q"}


def write_npy(path, descr, shape, raw_bytes):
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    total = 10 + len(header) + 1
    header += " " * ((total + 63) // 64 * 64 - total) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(raw_bytes)


def read_npy(path):
    """(descr, shape, raw bytes) of a .npy file (format 1.0 - 3.0)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError("%s: not a .npy file" % path)
    major = data[6]
    if major == 1:
        (hlen,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack("<I", data[8:12])
        start = 12
    header = eval(data[start:start + hlen].decode("latin1"))  # trusted files
    return header["descr"], tuple(header["shape"]), data[start + hlen:]


def decode_f8(bits, exp_bits, man_bits, bias, kind):
    """Value of an 8-bit (or 4-bit) float pattern. kind: ieee, fn, e8m0, f4."""
    if kind == "e8m0":
        return float("nan") if bits == 0xFF else math.ldexp(1.0, bits - 127)
    sign = -1.0 if bits >> (exp_bits + man_bits) & 1 else 1.0
    e = (bits >> man_bits) & ((1 << exp_bits) - 1)
    m = bits & ((1 << man_bits) - 1)
    all_ones = (1 << exp_bits) - 1
    if kind == "ieee" and e == all_ones:
        return sign * math.inf if m == 0 else float("nan")
    if kind == "fn" and e == all_ones and m == (1 << man_bits) - 1:
        return float("nan")
    if e == 0:
        return sign * math.ldexp(m, 1 - bias - man_bits)
    return sign * math.ldexp(m + (1 << man_bits), e - bias - man_bits)


def decode(elem, raw, count):
    """Python values of `count` elements of `elem` in `raw`."""
    size = DESCR[elem][1]
    bits = struct.unpack("<%d%s" % (count, RAW[size]), raw[:count * size])
    if elem in ("i8", "i16", "i32", "i64"):
        width = 8 * size
        return [b - (1 << width) if b >> (width - 1) else b for b in bits]
    if elem == "i1":
        return [1 if b else 0 for b in bits]
    if elem == "f16":
        return [struct.unpack("<e", struct.pack("<H", b))[0] for b in bits]
    if elem == "bf16":
        return [struct.unpack("<f", struct.pack("<I", b << 16))[0] for b in bits]
    if elem in ("f32", "tf32"):
        return [struct.unpack("<f", struct.pack("<I", b))[0] for b in bits]
    if elem == "f64":
        return [struct.unpack("<d", struct.pack("<Q", b))[0] for b in bits]
    if elem == "f8E4M3FN":
        return [decode_f8(b, 4, 3, 7, "fn") for b in bits]
    if elem == "f8E5M2":
        return [decode_f8(b, 5, 2, 15, "ieee") for b in bits]
    if elem == "f8E8M0FNU":
        return [decode_f8(b, 8, 0, 127, "e8m0") for b in bits]
    if elem == "f4E2M1FN":
        # two elements per byte, element 0 in the low nibble
        out = []
        for b in bits:
            out += [decode_f8(b & 15, 2, 1, 1, "f4"), decode_f8(b >> 4, 2, 1, 1, "f4")]
        return out
    raise ValueError(elem)


def encode_floats(elem, values):
    """Raw bytes of float `values` rounded to `elem` (f16, bf16, f32, f64;
    8-bit floats: values they represent exactly)."""
    if elem == "f16":
        return struct.pack("<%de" % len(values), *values)
    if elem == "f32":
        return struct.pack("<%df" % len(values), *values)
    if elem == "tf32":
        # f32 layout, rounded to the 10 fraction bits of tf32
        out = []
        for v in values:
            (b,) = struct.unpack("<I", struct.pack("<f", v))
            out.append(((b + 0xFFF + ((b >> 13) & 1)) >> 13 << 13) & 0xFFFFFFFF)
        return struct.pack("<%dI" % len(out), *out)
    if elem == "f64":
        return struct.pack("<%dd" % len(values), *values)
    if elem == "bf16":
        out = []
        for v in values:
            (b,) = struct.unpack("<I", struct.pack("<f", v))
            b = (b + 0x7FFF + ((b >> 16) & 1)) >> 16  # round to nearest even
            out.append(b & 0xFFFF)
        return struct.pack("<%dH" % len(out), *out)
    if elem in FLOAT8_ENCODERS:
        return bytes(FLOAT8_ENCODERS[elem](v) for v in values)
    raise ValueError(elem)


def _encode_minifloat(value, exponent_bits, mantissa_bits, bias):
    """Bits of `value` in a float format without infinities (e4m3fn); only
    exactly representable values are accepted."""
    sign = 0x80 if value < 0 or (value == 0 and math.copysign(1, value) < 0) \
        else 0
    value = abs(value)
    if value == 0:
        return sign
    exponent = math.floor(math.log2(value))
    if exponent < 1 - bias:  # subnormal
        exponent = 1 - bias
        fraction = value / 2.0 ** exponent
        biased = 0
    else:
        fraction = value / 2.0 ** exponent - 1.0
        biased = exponent + bias
    mantissa = fraction * (1 << mantissa_bits)
    if mantissa != int(mantissa) or biased >= (1 << exponent_bits):
        raise ValueError("%r is not exactly a float8 value" % value)
    return sign | (biased << mantissa_bits) | int(mantissa)


def _encode_e8m0(value):
    exponent = math.log2(value) if value > 0 else None
    if exponent is None or exponent != int(exponent):
        raise ValueError("%r is not a power of two (f8E8M0FNU)" % value)
    return int(exponent) + 127


# element type -> encoder of exactly representable float values
FLOAT8_ENCODERS = {
    "f8E4M3FN": lambda v: _encode_minifloat(v, 4, 3, 7),
    "f8E5M2": lambda v: _encode_minifloat(v, 5, 2, 15),
    "f8E8M0FNU": _encode_e8m0,
}


def entry_arg_types(text, entry):
    """(kind, element type) of each argument of `entry` in module `text`:
    ("ptr", T), ("scalar", T) or ("token", None); ValueError otherwise."""
    m = re.search(r"entry\s+@%s\s*\(([^)]*)\)" % re.escape(entry), text)
    if not m:
        raise ValueError("entry @%s not found" % entry)
    types = []
    for part in re.findall(r"%[\w.$-]+\s*:\s*([^,]+(?:<[^>]*>>?)?)", m.group(1)):
        part = part.strip()
        p = re.match(r"(?:!cuda_tile\.)?tile<ptr<(\w+)>>", part)
        if p:
            types.append(("ptr", p.group(1)))
            continue
        s = re.match(r"(?:!cuda_tile\.)?tile<(\w+)>", part)
        if s:
            types.append(("scalar", s.group(1)))
            continue
        if "token" in part:
            types.append(("token", None))
            continue
        raise ValueError("only pointer, scalar and token entry arguments "
                         "are supported, not %s" % part)
    return types


def struct_code(descr):
    """The struct code of one element of npy dtype `descr`."""
    if descr not in STRUCT:
        raise ValueError("unsupported dtype %r" % descr)
    return STRUCT[descr]


def write_npy_values(path, descr, shape, values):
    """A .npy file of dtype `descr` holding `values` (Python numbers)."""
    code = struct_code(descr)
    write_npy(path, descr, shape,
              struct.pack("<%d%s" % (len(values), code), *values))


def npy_values(path):
    """(descr, shape, the elements as Python numbers) of a .npy file."""
    descr, shape, raw = read_npy(path)
    count = 1
    for extent in shape:
        count *= extent
    code = struct_code(descr)
    return descr, shape, list(struct.unpack(
        "<%d%s" % (count, code), raw[:count * struct.calcsize(code)]))


def map_value(reference, args):
    """A size or stride of a tensor map line: a product of constants and
    `%N` (entry argument N's value in `args`)."""
    value = 1
    for factor in reference.split("*"):
        if factor.startswith("%"):
            if "." in factor:
                raise RuntimeError("tensor_view arguments are not launched "
                                   "by utils/gpu-check.py: " + reference)
            value *= args[int(factor[1:])]
        else:
            value *= int(factor)
    return value
