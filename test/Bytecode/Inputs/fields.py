"""Changes one structural field of a bytecode file, as the conformance
set's invalid_bytecode/make_invalid.py damages its files.

  fields.py IN OUT KIND ARG...

  section-id SID NEW          section SID's ID becomes NEW (alignment flag kept)
  section-last-byte SID VALUE the last byte of section SID's payload
  body-length DELTA           the first function's body length plus DELTA
                              (its bytes stay where they are)
  debug-tag INDEX VALUE       the tag byte of debug attribute INDEX (from 1)
  type-last-byte INDEX VALUE  the last byte of type entry INDEX (from 0)
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


def varint(value):
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return out


def sections(buf):
    """{id: (offset of the id byte, payload offset, payload end)}"""
    pos, found = 12, {}
    while buf[pos] & 0x7F:
        start, sid = pos, buf[pos] & 0x7F
        length, pos = get_varint(buf, pos + 1)
        if buf[start] & 0x80:
            align, pos = get_varint(buf, pos)
            pos += (-pos) % align
        found[sid] = (start, pos, pos + length)
        pos += length
    return found


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
