"""Writes a kernel file whose type table has one crafted entry (type 1,
which the kernel's signature, type 2, takes as its argument).

  type-entries.py KIND OUT

KINDs: tile-element (a tile whose element type index is out of range),
wide-tag (a tile tag written as the two-byte varint 269, whose low byte is
the tile tag), unknown-wide-tag (the varint 65 + 128 * 14, low byte 65),
pointee (a pointer whose pointee index is out of range), partition-view
(a 13.3 partition_view whose tensor_view index names i1).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from limits import FUNC, I1, PTR, TILE, RETURN, kernel_file, varint  # noqa: E402

PARTITION_VIEW = 15


def entry(kind):
    if kind == "tile-element":
        return varint(TILE) + varint(9) + varint(0)
    if kind == "wide-tag":
        return b"\x8d\x02" + varint(0) + varint(0)
    if kind == "unknown-wide-tag":
        return b"\xc1\x0e" + varint(0) + varint(0)
    if kind == "pointee":
        return varint(PTR) + varint(9)
    if kind == "partition-view":
        # flags, tile shape [4], tensor_view = type 0 (i1), dim map [0]
        return (varint(PARTITION_VIEW) + varint(0) + varint(1)
                + (4).to_bytes(4, "little") + varint(0) + varint(1)
                + (0).to_bytes(4, "little"))
    raise SystemExit("unknown kind " + kind)


def main(kind, out):
    types = [varint(I1), entry(kind),
             varint(FUNC) + varint(1) + varint(1) + varint(0)]
    with open(out, "wb") as handle:
        handle.write(kernel_file(RETURN, types=types))


if __name__ == "__main__":
    main(*sys.argv[1:])
