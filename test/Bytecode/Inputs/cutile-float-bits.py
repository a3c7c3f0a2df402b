"""Writes a bytecode file again as cuTile Python and cuTile.jl encode
signed varints: the zigzag of the value as given, without a 64-bit wrap,
so the bits of an f64 with its sign set (an unsigned pattern) take 65.

  cutile-float-bits.py IN OUT
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "python"))
import cuda_tile_bytecode as bc  # noqa: E402
from cuda_tile_bytecode import wire  # noqa: E402


def unbounded_svarint(self, value):
    zigzagged = value << 1 if value >= 0 else ~(value << 1)
    while zigzagged > 0x7F:
        self.buf.append((zigzagged & 0x7F) | 0x80)
        zigzagged >>= 7
    self.buf.append(zigzagged)


with open(sys.argv[1], "rb") as handle:
    module = bc.read(handle.read())
wire.ByteWriter.svarint = unbounded_svarint
with open(sys.argv[2], "wb") as handle:
    handle.write(bc.write(module))
