"""Writes small .npy arrays for the optimizer's differential tests.

usage: make_npy.py OUT.npy DTYPE COUNT KIND [SEED]
  DTYPE  f4 | f2 | i4
  KIND   ramp (0, 1, 2, ...), uniform (floats in [-4, 4)),
         ints (integers of every magnitude, the extremes included),
         naturals (non-negative integers, the largest included)
Only the standard library is used.
"""
import random
import struct
import sys


def write(path, values, dtype):
    code = {"f4": "f", "f2": "e", "i4": "i"}[dtype]
    payload = struct.pack("<%d%s" % (len(values), code), *values)
    header = "{'descr': '<%s', 'fortran_order': False, 'shape': (%d,), }" % (
        dtype, len(values))
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as out:
        out.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        out.write(header.encode("latin1") + payload)


def main():
    path, dtype, count, kind = sys.argv[1:5]
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    count = int(count)
    if kind == "ramp":
        values = list(range(count))
    elif kind == "uniform":
        values = [rng.uniform(-4.0, 4.0) for _ in range(count)]
    elif kind == "ints":
        pool = [-2**31, 2**31 - 1, 0, -1, 1, 63, 64, -64, -65]
        values = [rng.choice(pool) if rng.random() < 0.3
                  else rng.randint(-2**31, 2**31 - 1) if rng.random() < 0.5
                  else rng.randint(-300, 300) for _ in range(count)]
    elif kind == "naturals":
        pool = [0, 2**31 - 1, 63, 64]
        values = [rng.choice(pool) if rng.random() < 0.3
                  else rng.randint(0, 2**31 - 1) if rng.random() < 0.5
                  else rng.randint(0, 300) for _ in range(count)]
    else:
        raise SystemExit("unknown kind " + kind)
    if dtype.startswith("f"):
        values = [float(v) for v in values]
    write(path, values, dtype)


if __name__ == "__main__":
    main()
