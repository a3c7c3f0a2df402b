"""Writes a kernel file with one crafted entry: type 1 of the type table
(the kernel's signature, type 2, takes it as its argument), or the value of
the kernel's optimization hints.

  entries.py KIND OUT

KINDs: tile-element (a tile whose element type index is out of range),
wide-tag (a tile tag written as the two-byte varint 269, whose low byte is
the tile tag), unknown-wide-tag (the varint 65 + 128 * 14, low byte 65),
pointee (a pointer whose pointee index is out of range), partition-view
(a 13.3 partition_view whose tensor_view index names i1), hint-tag (hints
whose one value has the unknown attribute tag 1038, a two-byte varint).
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
    if kind == "hint-tag":
        # A dictionary (tag 11) of one entry: key string 0, value tag 1038.
        hints = varint(11) + varint(1) + varint(0) + varint(1038)
        data = kernel_file(RETURN, flags=0x06, hints=hints)
    else:
        types = [varint(I1), entry(kind),
                 varint(FUNC) + varint(1) + varint(1) + varint(0)]
        data = kernel_file(RETURN, types=types)
    with open(out, "wb") as handle:
        handle.write(data)


if __name__ == "__main__":
    main(*sys.argv[1:])
