"""Rewrites a bytecode file the way writers other than the reference's do.

  noncanonical.py KIND IN OUT

The file is split into its sections, one payload is changed, and the file
is laid out again with the reference writer's alignment padding, so that
only the change of KIND differs from a valid file:

  unpadded-function   no 0xCB padding after the last function record
  function-tail       two extra bytes after the last function record
  zero-padding        table padding bytes are 0x00 instead of 0xCB
  type-tail           an extra byte after the last type entry
  constant-tail       an extra byte after the last constant
  global-tail         an extra byte after the last global record
  duplicate-global    a damaged global section (127 globals in one byte)
                      before the real one, which replaces it
  string-bounds       the start offset of the string `sm_100` points past
                      the string data (the reference reader reads it as "")
  scan-reverse-2      the `reverse` bool byte of the function body's only
                      one-result scan along dimension 0 is 2 instead of 1
                      (scan: opcode 0x5E, result count, result type, dim,
                      reverse)
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "python"))
from cuda_tile_bytecode.wire import PAD_BYTE as PAD  # noqa: E402
from cuda_tile_bytecode.wire import section_header  # noqa: E402
from corrupt import get_varint  # noqa: E402

ALIGNED = 0x80


def split(buf):
    """(header, [[id, alignment or None, payload]])"""
    pos, found = 12, []
    while buf[pos] & 0x7F:
        sid, aligned = buf[pos] & 0x7F, buf[pos] & ALIGNED
        length, pos = get_varint(buf, pos + 1)
        align = None
        if aligned:
            align, pos = get_varint(buf, pos)
            pos += (-pos) % align
        found.append([sid, align, bytearray(buf[pos:pos + length])])
        pos += length
    return bytes(buf[:12]), found


def join(header, sections):
    out = bytearray(header)
    for sid, align, payload in sections:
        out += section_header(sid, len(payload), align or 1, len(out))
        out += payload
    out.append(0)
    return bytes(out)


def section(sections, sid):
    for entry in sections:
        if entry[0] == sid:
            return entry
    sys.exit("no section %d" % sid)


def strip_function_padding(payload):
    """The function section without the padding after its last record."""
    count, pos = get_varint(payload, 0)
    for _ in range(count):
        _, pos = get_varint(payload, pos)  # name
        _, pos = get_varint(payload, pos)  # signature
        flags = payload[pos]
        pos += 1
        _, pos = get_varint(payload, pos)  # debug index
        if flags & 0x04 and flags & 0x02:
            sys.exit("hints in the function table are not handled")
        length, pos = get_varint(payload, pos)
        pos += length
    if pos == len(payload):
        sys.exit("the function section has no padding to remove")
    assert all(b == PAD for b in payload[pos:])
    return payload[:pos]


def main():
    kind, src, dst = sys.argv[1:4]
    with open(src, "rb") as handle:
        header, sections = split(handle.read())
    if kind == "unpadded-function":
        entry = section(sections, 2)
        entry[2] = strip_function_padding(entry[2])
    elif kind == "function-tail":
        section(sections, 2)[2] += b"\x00\x07"
    elif kind == "zero-padding":
        for sid in (1, 5):  # string and type tables
            payload = section(sections, sid)[2]
            _, pos = get_varint(payload, 0)
            while pos % 4:
                assert payload[pos] == PAD
                payload[pos] = 0
                pos += 1
    elif kind == "type-tail":
        section(sections, 5)[2].append(0)
    elif kind == "constant-tail":
        section(sections, 4)[2].append(0)
    elif kind == "global-tail":
        section(sections, 6)[2].append(0)
    elif kind == "duplicate-global":
        entry = section(sections, 6)
        sections.insert(sections.index(entry),
                        [entry[0], entry[1], bytearray([0x7F])])
    elif kind == "string-bounds":
        payload = section(sections, 1)[2]
        count, pos = get_varint(payload, 0)
        pos += (-pos) % 4
        data = pos + 4 * count
        starts = [int.from_bytes(payload[pos + 4 * i:pos + 4 * i + 4], "little")
                  for i in range(count)]
        ends = starts[1:] + [len(payload) - data]
        index = [bytes(payload[data + b:data + e])
                 for b, e in zip(starts, ends)].index(b"sm_100")
        payload[pos + 4 * index:pos + 4 * index + 4] = \
            (len(payload) - data + 0x100).to_bytes(4, "little")
    elif kind == "scan-reverse-2":
        payload = section(sections, 2)[2]
        found = list(re.finditer(rb"\x5e\x01[\x00-\x7f]\x00\x01", payload))
        if len(found) != 1:
            sys.exit("%d scans with reverse=true" % len(found))
        payload[found[0].end() - 1] = 2
    else:
        sys.exit("unknown kind " + kind)
    with open(dst, "wb") as handle:
        handle.write(join(header, sections))


if __name__ == "__main__":
    main()
