"""Changes one structural field of a bytecode file, as the conformance
set's invalid_bytecode/make_invalid.py damages its files.

  fields.py IN OUT KIND ARG...

  section-id SID NEW          section SID's ID becomes NEW (alignment flag kept)
  section-last-byte SID VALUE the last byte of section SID's payload
  body-length DELTA           the first function's body length plus DELTA
                              (its bytes stay where they are)
  debug-tag INDEX VALUE       the tag byte of debug attribute INDEX (from 1)
  debug-index AT VALUE        location index AT (from 0) of the debug section's
                              per-op lists (0: the first function's own)
  type-last-byte INDEX VALUE  the last byte of type entry INDEX (from 0)
  body-byte FUNC AT VALUE     byte AT of function FUNC's body (from 0; AT < 0
                              counts from the body's end); no hints allowed
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corrupt import get_varint, sections as layout  # noqa: E402
from limits import varint  # noqa: E402


def sections(buf):
    """{id: (offset of the id byte, payload offset, payload end)}"""
    return {sid: (start, payload, payload + get_varint(buf, length_at)[0])
            for sid, (start, length_at, payload, _) in layout(buf).items()}


def main():
    src, dst, kind, *args = sys.argv[1:]
    buf = bytearray(open(src, "rb").read())
    table = sections(buf)
    if kind == "section-id":
        sid, new = int(args[0]), int(args[1])
        start = table[sid][0]
        buf[start] = (buf[start] & 0x80) | new
    elif kind == "section-last-byte":
        buf[table[int(args[0])][2] - 1] = int(args[1])
    elif kind == "body-length":
        pos = table[2][1]
        _, pos = get_varint(buf, pos)                   # function count
        _, pos = get_varint(buf, pos)                   # name
        _, pos = get_varint(buf, pos)                   # signature
        pos += 1                                        # flags
        _, pos = get_varint(buf, pos)                   # location
        length, end = get_varint(buf, pos)
        buf[pos:end] = varint(length + int(args[0]))
    elif kind == "debug-index":
        base = table[3][1]
        count, pos = get_varint(buf, base)              # ops with locations
        pos += (-(pos - base)) % 4 + 4 * count
        count, pos = get_varint(buf, pos)               # location indices
        pos += (-(pos - base)) % 8 + 8 * int(args[0])
        buf[pos:pos + 8] = int(args[1]).to_bytes(8, "little")
    elif kind == "debug-tag":
        base = table[3][1]
        count, pos = get_varint(buf, base)              # ops with locations
        pos += (-(pos - base)) % 4 + 4 * count
        count, pos = get_varint(buf, pos)               # location indices
        pos += (-(pos - base)) % 8 + 8 * count
        count, pos = get_varint(buf, pos)               # attributes
        pos += (-(pos - base)) % 4
        starts = [int.from_bytes(buf[pos + 4 * i:pos + 4 * i + 4], "little")
                  for i in range(count)]
        data = pos + 4 * count
        buf[data + starts[int(args[0]) - 1]] = int(args[1])
    elif kind == "body-byte":
        count, pos = get_varint(buf, table[2][1])
        for index in range(int(args[0]) + 1):
            for _ in range(2):                          # name, signature
                _, pos = get_varint(buf, pos)
            if buf[pos] & 0x04:
                sys.exit("functions with hints are not handled")
            _, pos = get_varint(buf, pos + 1)           # location
            length, pos = get_varint(buf, pos)
            body, pos = pos, pos + length
        at = int(args[1])
        buf[body + at if at >= 0 else pos + at] = int(args[2])
    elif kind == "type-last-byte":
        base, end = table[5][1], table[5][2]
        count, pos = get_varint(buf, base)
        pos += (-(pos - base)) % 4
        starts = [int.from_bytes(buf[pos + 4 * i:pos + 4 * i + 4], "little")
                  for i in range(count)]
        data = pos + 4 * count
        index = int(args[0])
        last = starts[index + 1] if index + 1 < count else end - data
        buf[data + last - 1] = int(args[1])
    else:
        sys.exit("unknown kind " + kind)
    open(dst, "wb").write(buf)


main()
