#!/usr/bin/env python3
"""Makes and inspects NumPy .npy files without NumPy (standard library only).

  npy_check.py make OUT DESCR SHAPE VALUES
      Writes OUT with dtype DESCR ('<f4', '<i4', '|u1', '|b1', ...), SHAPE
      ('4', '2x3' or 'scalar') and VALUES: comma-separated numbers (floats
      accept inf, -inf, nan, and 0x... for raw bits of float dtypes), or
      iota[:START[:STEP]] for START, START+STEP, ...
  npy_check.py print FILE
      Prints 'DESCR SHAPE: v0 v1 ...' (floats with repr, which round-trips).
  npy_check.py expect FILE VALUES [--rtol R] [--atol A]
      Compares FILE's values with VALUES (as for make); exits 1 with the
      first mismatch.
"""
import math
import struct
import sys

FORMATS = {
    "b1": "?", "i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i",
    "u4": "I", "i8": "q", "u8": "Q", "f2": "e", "f4": "f", "f8": "d",
}


def _code(descr):
    key = descr[1:]
    if key not in FORMATS:
        raise SystemExit("unsupported dtype %r" % descr)
    return FORMATS[key]


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise SystemExit("%s: not a .npy file" % path)
    major = data[6]
    if major == 1:
        (hlen,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack("<I", data[8:12])
        start = 12
    header = eval(data[start:start + hlen].decode("latin1"))  # a dict literal
    descr, shape = header["descr"], tuple(header["shape"])
    count = 1
    for d in shape:
        count *= d
    code = _code(descr)
    size = struct.calcsize(code)
    body = data[start + hlen:start + hlen + count * size]
    values = list(struct.unpack("<%d%s" % (count, code), body))
    return descr, shape, values


def write_npy(path, descr, shape, values):
    code = _code(descr)
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    total = 10 + len(header) + 1
    header += " " * ((total + 63) // 64 * 64 - total) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00")
        f.write(struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


def parse_shape(text):
    if text == "scalar":
        return ()
    return tuple(int(d) for d in text.split("x"))


def parse_values(text, descr, count):
    if text.startswith("iota"):
        parts = text.split(":")
        start = float(parts[1]) if len(parts) > 1 else 0
        step = float(parts[2]) if len(parts) > 2 else 1
        vals = [start + i * step for i in range(count)]
    else:
        vals = []
        for item in text.split(","):
            item = item.strip()
            if item.startswith("0x") and descr[1] == "f":
                bits = int(item, 16)
                size = int(descr[2:])
                fmt = {2: "<H", 4: "<I", 8: "<Q"}[size]
                code = {2: "<e", 4: "<f", 8: "<d"}[size]
                vals.append(struct.unpack(code, struct.pack(fmt, bits))[0])
            else:
                vals.append(float(item))
        if len(vals) == 1 and count != 1:
            vals = vals * count
    if descr[1] in "iub":
        vals = [int(v) for v in vals]
    return vals


def fmt(v):
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        return repr(v)
    return str(v)


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    cmd = argv[1]
    if cmd == "make":
        out, descr, shape = argv[2], argv[3], parse_shape(argv[4])
        count = 1
        for d in shape:
            count *= d
        vals = parse_values(argv[5], descr, count)
        if len(vals) != count:
            raise SystemExit("expected %d values, got %d" % (count, len(vals)))
        write_npy(out, descr, shape, vals)
    elif cmd == "print":
        descr, shape, vals = read_npy(argv[2])
        print("%s %s: %s" % (descr, "x".join(str(d) for d in shape) or "scalar",
                             " ".join(fmt(v) for v in vals)))
    elif cmd == "expect":
        descr, shape, vals = read_npy(argv[2])
        want = parse_values(argv[3], descr, len(vals))
        rtol = atol = 0.0
        rest = argv[4:]
        while rest:
            if rest[0] == "--rtol":
                rtol = float(rest[1])
            elif rest[0] == "--atol":
                atol = float(rest[1])
            rest = rest[2:]
        if len(want) != len(vals):
            raise SystemExit("%s: %d values, expected %d" % (argv[2], len(vals), len(want)))
        for i, (g, w) in enumerate(zip(vals, want)):
            if isinstance(g, float) and (math.isnan(g) or math.isnan(w)):
                if math.isnan(g) and math.isnan(w):
                    continue
            elif abs(g - w) <= atol + rtol * abs(w):
                continue
            raise SystemExit("%s: element %d is %s, expected %s" % (argv[2], i, fmt(g), fmt(w)))
        print("ok")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
