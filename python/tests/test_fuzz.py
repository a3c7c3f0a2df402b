"""Seeded mutation fuzzing: corrupt conformance files must only ever raise
the package's exceptions, and whatever reads must write and dump cleanly.

CUDA_TILE_FUZZ_CASES (default 3000) and CUDA_TILE_FUZZ_SEED (default 20240)
change the amount and the seed.
"""

import io
import os
import random
import traceback
import unittest

import support
from support import read_bytes

import cuda_tile_bytecode as ctb
from cuda_tile_bytecode.dump import dump

CASES = int(os.environ.get("CUDA_TILE_FUZZ_CASES", "3000"))
SEED = int(os.environ.get("CUDA_TILE_FUZZ_SEED", "20240"))


def mutate(rng, data):
    d = bytearray(data)
    kind = rng.random()
    if kind < 0.45:                               # bit flips
        for _ in range(rng.randint(1, 4)):
            p = rng.randrange(len(d))
            d[p] ^= 1 << rng.randrange(8)
        what = "bit flips"
    elif kind < 0.65:                             # truncation
        d = d[:rng.randrange(len(d))]
        what = "truncation"
    elif kind < 0.8:                              # byte replaced
        p = rng.randrange(len(d))
        d[p] = rng.choice((0x00, 0x7F, 0x80, 0xFF, rng.randrange(256)))
        what = "byte replaced"
    elif kind < 0.9:                              # bytes deleted
        p = rng.randrange(len(d))
        del d[p:p + rng.randint(1, 8)]
        what = "bytes deleted"
    else:                                         # bytes inserted
        p = rng.randrange(len(d))
        d[p:p] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        what = "bytes inserted"
    return bytes(d), what


def exercise(data):
    """Read; if that works, write at every version, read back, dump."""
    try:
        module = ctb.read(data)
    except ctb.BytecodeError:
        return "rejected"
    for version in support.VERSIONS:
        try:
            out = ctb.write(module, version)
        except ctb.EncodeError:
            continue
        again = ctb.read(out)
        if ctb.write(again, version) != out:
            raise AssertionError("re-encoding at %s is not stable" % version)
    dump(data, io.StringIO())
    return "read"


class Fuzz(unittest.TestCase):
    def test_mutations(self):
        files = support.valid_files()
        seeds = [(support.relative(p), read_bytes(p)) for p in files]
        rng = random.Random(SEED)
        outcomes = {"rejected": 0, "read": 0}
        for case in range(CASES):
            name, original = rng.choice(seeds)
            data, what = mutate(rng, original)
            try:
                outcomes[exercise(data)] += 1
            except Exception as e:         # anything but BytecodeError is a bug
                self.fail("case %d (seed %d, %s of %s, %d bytes): %s: %s\n%s" % (
                    case, SEED, what, name, len(data), type(e).__name__, e, traceback.format_exc()))
        self.assertGreater(outcomes["rejected"], CASES // 4)

    def test_random_bytes_after_header(self):
        rng = random.Random(SEED + 1)
        for case in range(300):
            body = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
            data = b"\x7fTileIR\x00" + bytes([13, rng.choice((1, 2, 3)), 0, 0]) + body
            try:
                exercise(data)
            except Exception as e:
                self.fail("case %d: %s: %s\n%s" % (case, type(e).__name__, e, traceback.format_exc()))


if __name__ == "__main__":
    unittest.main()
