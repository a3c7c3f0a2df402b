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
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "utils"))
import kernel_io  # noqa: E402


def read_npy(path):
    try:
        return kernel_io.npy_values(path)
    except ValueError as e:
        raise SystemExit(str(e))


def write_npy(path, descr, shape, values):
    try:
        kernel_io.write_npy_values(path, descr, shape, values)
    except ValueError as e:
        raise SystemExit(str(e))


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
