"""Wire-level primitives of CUDA Tile IR bytecode.

Everything here is independent of the IR: fixed-width little-endian integers,
unsigned LEB128 varints, zigzag varints, the 0xCB padding byte, section
headers, and the package's exception types.

Offsets
-------
A :class:`DecodeError` carries two kinds of offset:

``offset``
    the offset the reference reader reports for the same failure (``error at
    offset N``).  Its base depends on where the failure happened: the file for
    the header and the section scan, the section payload inside a section,
    the function body inside a body, and the end of the file for records
    resolved after the scan (function names and signatures, global
    constants); see "Reader" in ``docs/python.md``.
``file_offset``
    the absolute byte position in the file, always set by the reader.

``str(error)`` is a single line that names both.
"""

import struct

__all__ = [
    "BytecodeError", "DecodeError", "EncodeError", "MAGIC", "PAD_BYTE",
    "ByteReader", "ByteWriter", "encode_varint", "zigzag", "unzigzag",
    "Version", "parse_version", "SUPPORTED_VERSIONS", "SECTION_ALIGNED", "section_header",
]

MAGIC = b"\x7fTileIR\x00"
PAD_BYTE = 0xCB
_U64 = (1 << 64) - 1


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------
class BytecodeError(Exception):
    """Base class of every exception this package raises on bad input."""


class DecodeError(BytecodeError):
    """The input is not valid bytecode.

    ``diagnostics`` is the chain of ``(offset, message)`` pairs in the order
    the reference reader prints them (innermost failure first); ``offset``
    is the first reference offset of that chain that is not ``None``;
    ``file_offset`` is the absolute position in the file.
    """

    def __init__(self, offset, message, file_offset=None):
        self.diagnostics = [(offset, message)]
        self.file_offset = file_offset if file_offset is not None else offset
        super().__init__(message)

    @property
    def message(self):
        return self.diagnostics[0][1]

    @property
    def offset(self):
        for off, _ in self.diagnostics:
            if off is not None:
                return off
        return self.file_offset

    def add_context(self, offset, message):
        """Append a follow-up diagnostic (the reference's outer messages)."""
        self.diagnostics.append((offset, message))
        if self.file_offset is None:
            self.file_offset = offset
        return self

    def reference_lines(self):
        """The diagnostics in the reference reader's wording, one per line."""
        out = []
        for off, msg in self.diagnostics:
            out.append(msg if off is None else "error at offset %d: %s" % (off, msg))
        return out

    def __str__(self):
        text = "; ".join(self.reference_lines())
        if self.file_offset is not None:
            text += " (file offset %d)" % self.file_offset
        return text


class EncodeError(BytecodeError):
    """The module cannot be written (at the requested version).

    ``message`` uses the reference writer's wording; ``location`` names the
    construct (function, op index and name, debug location, and the input
    file offset when the module was read from a file) or is ``None`` where
    the reference reports an unknown location.
    """

    def __init__(self, message, location=None):
        self.message = message
        self.location = location
        super().__init__(message)

    def __str__(self):
        if self.location:
            return "%s: %s" % (self.location, self.message)
        return self.message


# ---------------------------------------------------------------------------
# Versions
# ---------------------------------------------------------------------------
class Version(tuple):
    """A bytecode version ``(major, minor)``; ``str()`` gives ``"13.2"``."""

    __slots__ = ()

    def __new__(cls, major, minor):
        return tuple.__new__(cls, (int(major), int(minor)))

    major = property(lambda self: self[0])
    minor = property(lambda self: self[1])

    def __str__(self):
        return "%d.%d" % self

    def __repr__(self):
        return "Version(%d, %d)" % self


def parse_version(value):
    """Accept ``"13.2"``, ``"13.2.0"``, ``(13, 2)`` or a :class:`Version`."""
    if isinstance(value, Version):
        return value
    if isinstance(value, str):
        parts = value.strip().split(".")
        if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
            raise ValueError("invalid bytecode version %r (expected MAJOR.MINOR)" % value)
        return Version(int(parts[0]), int(parts[1]))
    if isinstance(value, (tuple, list)) and len(value) in (2, 3):
        return Version(value[0], value[1])
    raise ValueError("invalid bytecode version %r" % (value,))


def parse_version_patch(value):
    """``"13.3.1"`` -> ``(Version(13, 3), 1)``: the version and the patch
    number the header's 16-bit tag holds (0 when not given), as
    ``cuda-tile-translate -bytecode-version`` takes them."""
    if isinstance(value, str):
        parts = value.strip().split(".")
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            patch = int(parts[2])
            if patch > 0xFFFF:
                raise ValueError("invalid bytecode version %r (the patch number must fit in "
                                 "16 bits)" % value)
            return Version(int(parts[0]), int(parts[1])), patch
    return parse_version(value), 0


SUPPORTED_VERSIONS = (Version(13, 1), Version(13, 2), Version(13, 3), Version(13, 4))


# ---------------------------------------------------------------------------
# Varints
# ---------------------------------------------------------------------------
def zigzag(value):
    """Signed 64-bit value -> zigzag-encoded unsigned value."""
    value &= _U64
    signed = value - (1 << 64) if value >> 63 else value
    return ((value << 1) ^ (_U64 if signed < 0 else 0)) & _U64


def unzigzag(value):
    """Zigzag-encoded unsigned value -> signed Python int."""
    return (value >> 1) ^ -(value & 1)


def encode_varint(value):
    """Minimal unsigned LEB128 of ``value`` taken modulo 2**64."""
    value &= _U64
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


# ---------------------------------------------------------------------------
# Reader
# ---------------------------------------------------------------------------
class ByteReader:
    """Bounds-checked cursor over a byte string.

    ``base`` is the reference offset of ``data[0]`` used in diagnostics and
    ``file_base`` its absolute position in the file.  Every failure raises
    :class:`DecodeError`.
    """

    __slots__ = ("data", "pos", "base", "file_base")

    def __init__(self, data, base=0, file_base=0):
        self.data = data
        self.pos = 0
        self.base = base
        self.file_base = file_base

    # positions --------------------------------------------------------
    @property
    def offset(self):
        """Reference offset of the cursor."""
        return self.base + self.pos

    @property
    def file_offset(self):
        return self.file_base + self.pos

    def remaining(self):
        return len(self.data) - self.pos

    def at_end(self):
        return self.pos >= len(self.data)

    def error(self, message, pos=None):
        p = self.pos if pos is None else pos
        return DecodeError(self.base + p, message, self.file_base + p)

    # primitives -------------------------------------------------------
    def u8(self):
        if self.pos >= len(self.data):
            raise self.error("unexpected end of data")
        value = self.data[self.pos]
        self.pos += 1
        return value

    def take(self, count, what="data"):
        if count < 0 or count > len(self.data) - self.pos:
            raise self.error("unexpected end of data while reading %s (%d bytes needed, %d left)"
                             % (what, count, len(self.data) - self.pos))
        chunk = bytes(self.data[self.pos:self.pos + count])
        self.pos += count
        return chunk

    def uint(self, width):
        return int.from_bytes(self.take(width, "a %d-byte integer" % width), "little")

    def sint(self, width):
        return int.from_bytes(self.take(width, "a %d-byte integer" % width), "little", signed=True)

    def varint(self, what="varint", bits=64):
        start = self.pos
        value = 0
        shift = 0
        data = self.data
        while True:
            if self.pos >= len(data):
                raise self.error("unexpected end of data while reading %s" % what, start)
            byte = data[self.pos]
            self.pos += 1
            if shift > 63 or (shift == 63 and (byte & 0x7F) >> (bits - 63)):
                raise self.error("%s does not fit in %d bits" % (what, bits), start)
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    def svarint(self, what="signed varint"):
        return unzigzag(self.varint(what))

    def float_bits(self, width):
        """A float attribute's bits: one byte up to 8 bits, else a zigzag
        varint of up to 65 bits, as cuTile Python and cuTile.jl zigzag the
        unsigned pattern (an f64 with its sign set takes bit 64)."""
        if width <= 8:
            return self.u8()
        return unzigzag(self.varint("float bits", bits=65)) & _U64

    def count(self, what, min_bytes_each=1):
        """A varint element count, checked against the bytes left."""
        start = self.pos
        n = self.varint(what)
        if min_bytes_each and n > self.remaining() // min_bytes_each:
            raise self.error("%s %d exceeds the remaining data (%d bytes)" % (what, n, self.remaining()),
                             start)
        return n

    def i32_array(self, what="i32 array"):
        n = self.count(what + " length", 4)
        return tuple(self.sint(4) for _ in range(n))

    def i64_array(self, what="i64 array"):
        n = self.count(what + " length", 8)
        return tuple(self.sint(8) for _ in range(n))

    def align(self, alignment):
        """Skip padding up to ``alignment`` (relative to ``data[0]``)."""
        while self.pos % alignment:
            if self.pos >= len(self.data):
                raise self.error("unexpected end of data in padding")
            if self.data[self.pos] != PAD_BYTE:
                raise self.error("invalid padding byte 0x%02x (expected 0x%02x)"
                                 % (self.data[self.pos], PAD_BYTE))
            self.pos += 1


# ---------------------------------------------------------------------------
# Writer
# ---------------------------------------------------------------------------
class ByteWriter:
    """Append-only buffer; ``alignment`` is the largest ``align()`` used."""

    __slots__ = ("buf", "alignment")

    def __init__(self):
        self.buf = bytearray()
        self.alignment = 1

    def __len__(self):
        return len(self.buf)

    def u8(self, value):
        self.buf.append(value & 0xFF)

    def uint(self, value, width):
        self.buf += (value & ((1 << (8 * width)) - 1)).to_bytes(width, "little")

    def varint(self, value):
        value &= _U64
        buf = self.buf
        while value > 0x7F:
            buf.append((value & 0x7F) | 0x80)
            value >>= 7
        buf.append(value)

    def svarint(self, value):
        self.varint(zigzag(value))

    def raw(self, data):
        self.buf += data

    def i32_array(self, values):
        self.varint(len(values))
        for v in values:
            self.uint(v, 4)

    def i64_array(self, values):
        self.varint(len(values))
        for v in values:
            self.uint(v, 8)

    def align(self, alignment):
        if alignment > 1:
            pad = -len(self.buf) % alignment
            self.buf += bytes([PAD_BYTE]) * pad
            self.alignment = max(self.alignment, alignment)

    def getvalue(self):
        return bytes(self.buf)


# ---------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------
#: Bit of the section id byte that says an alignment varint follows.
SECTION_ALIGNED = 0x80


def section_header(section_id, length, alignment, offset):
    """Bytes that precede a section payload of ``length`` bytes when the
    header starts at file offset ``offset``: the id byte (with
    ``SECTION_ALIGNED`` when ``alignment`` > 1), the varint length, and for an
    aligned section the varint alignment plus 0xCB padding up to a payload
    offset that is a multiple of ``alignment``."""
    out = bytearray([section_id | (SECTION_ALIGNED if alignment > 1 else 0)])
    out += encode_varint(length)
    if alignment > 1:
        out += encode_varint(alignment)
        out += bytes([PAD_BYTE]) * (-(offset + len(out)) % alignment)
    return bytes(out)


def pack_f64(value):
    """IEEE double bits of a Python float (helper for tests and builders)."""
    return struct.unpack("<Q", struct.pack("<d", value))[0]
