"""Corrupts one field of a bytecode file written from Inputs/corrupt.mlir.

  corrupt.py KIND IN OUT

Each KIND changes one field the way the shared conformance set's
corruptions do (the other bytes stay where they were, where possible), so
that reader-diagnostics.test can check the reader's exact diagnostics.
Header and section fields are found by walking the file; fields of the
function body are at fixed places of corrupt.mlir's body:
  negf:   4f <result type> <operand>
  addf:   02 <result type> <flags> <rounding mode> <lhs> <rhs>
  if:     32 <result count> <condition> <region count>
          <block count> <argument count> <op count> yield <block count>
  return
"""

import sys


def get_varint(buf, pos):
    value, shift = 0, 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def sections(buf):
    """{id: (offset of the id byte, offset of the length, payload offset,
    alignment offset or None)}"""
    pos, found = 12, {}
    while buf[pos] & 0x7F:
        start, sid, aligned = pos, buf[pos] & 0x7F, buf[pos] & 0x80
        length, pos = get_varint(buf, pos + 1)
        align_at = None
        if aligned:
            align_at = pos
            align, pos = get_varint(buf, pos)
            pos += (-pos) % align
        found[sid] = (start, start + 1, pos, align_at)
        pos += length
    return found


def function_fields(buf):
    payload = sections(buf)[2][2]
    fields = {"count": payload}
    _, pos = get_varint(buf, payload)
    fields["name"] = pos
    _, pos = get_varint(buf, pos)
    fields["signature"] = pos
    fields["flags"] = pos + 1
    _, pos = get_varint(buf, pos + 2)
    fields["length"] = pos
    _, pos = get_varint(buf, pos)
    fields["body"] = pos
    return fields


def corrupt(kind, buf):
    buf = bytearray(buf)
    secs = sections(buf)
    fn = function_fields(buf)
    body = fn["body"]
    # kind: (offset, new byte value)
    edits = {
        # The header cut inside the version tag.
        "header-11": None,
        # Section layout.
        "function-alignment-4": (secs[2][3], 4),
        "string-unaligned": (secs[1][0], 1),
        # Tables.
        "string-count": (secs[1][2], 0x7F),
        "type-count": (secs[5][2], 0x7F),
        "global-count": (secs[6][2], 0x7F),
        "global-type": (secs[6][2] + 2, 0x7F),
        "global-name": (secs[6][2] + 1, 0x7F),
        "function-count": (fn["count"], 0x7F),
        "function-length": (fn["length"], 0x7F),
        "function-signature-tile": (fn["signature"], 1),
        "function-not-kernel": (fn["flags"], 0),
        "function-debug": (fn["flags"] + 1, 5),
        # The body.
        "result-type": (body + 1, 0x7F),
        "operand": (body + 2, 5),
        "enum": (body + 6, 0x63),
        "segment-less-operand": (body + 8, 9),
        "region-count": (body + 12, 3),
        "empty-block": (body + 15, 0),
        "opcode": (body, 0x19),
    }
    if kind == "header-11":
        return bytes(buf[:11])
    if kind == "block-arg-type":
        # One block argument, of type 127, in the if's then block.
        buf[body + 14] = 1
        buf[body + 15] = 0x7F
        return bytes(buf)
    offset, value = edits[kind]
    buf[offset] = value
    return bytes(buf)


if __name__ == "__main__":
    kind, src, dst = sys.argv[1:]
    with open(src, "rb") as handle:
        data = handle.read()
    with open(dst, "wb") as handle:
        handle.write(corrupt(kind, data))
