#!/usr/bin/env python3
"""Checks f8E5M3FNU conversions against the format's definition, computed
here from the bit layout with exact fractions (standard library only).

f8E5M3FNU: no sign bit; bits eeeeemmm; e == 0: m/8 * 2^-14 (zero and
subnormals); e > 0: (1 + m/8) * 2^(e - 15); 0xFF is the only NaN (so 0xFE,
1.75 * 2^16 = 114688, is the largest value) and there is no infinity.

  f8e5m3fnu_check.py widen F32_NPY BITS_NPY
      F32_NPY holds ftof of bit patterns 0..255 to f32; BITS_NPY those f32
      narrowed back.
  f8e5m3fnu_check.py make-narrow OUT_NPY
      Writes 1024 f32 inputs: every value, the midpoints between neighbours
      and one f32 step either side of them, the overflow edge, specials.
  f8e5m3fnu_check.py narrow IN_NPY BITS_NPY
      BITS_NPY holds ftof of IN_NPY to f8E5M3FNU (nearest_even).
"""
import math
import os
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npy_check import read_npy, write_npy  # noqa: E402

NAN_BITS = 0xFF


def value_of(bits):
    """The exact value of `bits` (None for the NaN)."""
    if bits == NAN_BITS:
        return None
    exponent, mantissa = bits >> 3, bits & 0b111
    if exponent == 0:
        return Fraction(mantissa, 8) * Fraction(1, 2 ** 14)
    return (1 + Fraction(mantissa, 8)) * Fraction(2) ** (exponent - 15)


FINITE = [(value_of(b), b) for b in range(255)]
# Where the exponent would go on past 0xFE: 1.875 * 2^16, odd, never a result.
PAST_MAX = Fraction(15, 8) * 2 ** 16


def nearest_even(x):
    """The bits nearest to x >= 0 (a Fraction), ties to the even pattern,
    rounding as if the exponent were unbounded; NaN past the largest value."""
    if x >= PAST_MAX:
        return NAN_BITS
    best = None
    for value, bits in FINITE + [(PAST_MAX, NAN_BITS)]:
        key = (abs(value - x), bits & 1)
        if best is None or key < best[0]:
            best = (key, bits)
    return best[1]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_step(x, direction):
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    return struct.unpack("<f", struct.pack("<I", bits + direction))[0]


def widen(f32_path, bits_path):
    _, _, widened = read_npy(f32_path)
    _, _, back = read_npy(bits_path)
    for bits in range(256):
        expected = value_of(bits)
        got = widened[bits]
        if expected is None:
            ok = math.isnan(got)
        else:
            ok = not math.isnan(got) and Fraction(got) == expected
        if not ok:
            raise SystemExit("0x%02X widened to %r, expected %s" % (bits, got, expected))
    print("256 values match the f8E5M3FNU definition")
    for bits in range(256):
        if back[bits] != bits:
            raise SystemExit("0x%02X narrowed back to 0x%02X" % (bits, back[bits]))
    print("256 bit patterns narrow back to themselves")


def narrow_inputs():
    values = [float(v) for v, _ in FINITE]
    for (a, _), (b, _) in zip(FINITE, FINITE[1:]):
        mid = float((a + b) / 2)
        values += [mid, f32_step(mid, 1), f32_step(mid, -1)]
    top = float((FINITE[-1][0] + PAST_MAX) / 2)
    values += [-0.0, 2.0 ** -18, f32_step(2.0 ** -18, 1), 2.0 ** -30, top,
               f32_step(top, 1), f32_step(top, -1), float(PAST_MAX), 1e6, 3.0e38,
               math.inf, math.nan]
    step = 0
    while len(values) < 1024:
        step += 1
        values.append(f32(step * 97.3 % 120000.0))
    return values[:1024]


def narrow(in_path, bits_path):
    _, _, inputs = read_npy(in_path)
    _, _, got = read_npy(bits_path)
    for x, bits in zip(inputs, got):
        expected = NAN_BITS if math.isnan(x) or math.isinf(x) else nearest_even(Fraction(abs(x)))
        if bits != expected:
            raise SystemExit("%r narrowed to 0x%02X, expected 0x%02X" % (x, bits, expected))
    print("%d roundings match" % len(inputs))


def main(argv):
    if argv[1] == "widen":
        widen(argv[2], argv[3])
    elif argv[1] == "make-narrow":
        write_npy(argv[2], "<f4", (1024,), narrow_inputs())
    elif argv[1] == "narrow":
        narrow(argv[2], argv[3])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
