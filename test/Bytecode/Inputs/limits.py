"""Makes the inputs of the resource-limit tests (limits*.test, limits*.mlir).

  limits.py bytecode KIND N OUT   writes a crafted bytecode file
  limits.py text KIND N OUT       writes a deeply nested text file
  limits.py maxrss MB STATUS CMD...
                                  runs CMD; succeeds when it exits with STATUS
                                  and its peak resident memory stayed below MB

Bytecode KINDs: nested-ifs (N nested `if`s), deep-attr (an array attribute N
deep in the optimization hints), deep-type (a chain of N pointer types),
deep-debug (a chain of N lexical blocks), and count-* (a tiny file whose
count field claims N entries: count-string, count-type, count-constant,
count-debug, count-global, count-function, count-dict, count-array,
count-shape, count-block, count-ops, count-args, count-results).
Text KINDs: if, for, loop (N nested region ops, custom form), generic (N
nested `if`s in the generic form), array (an attribute of N nested arrays),
type (N nested pointer types), minus (N unary minus signs in a row in an
affine map), comment (N brackets inside a comment and a string, which do
not count).
"""

import os
import resource
import subprocess
import sys


# The wire encoding comes from the project's Python package (python/).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "python"))
from cuda_tile_bytecode.wire import encode_varint as varint  # noqa: E402


def pad(data, align):
    return data + b"\xcb" * (-len(data) % align)


def table(entries, width=4):
    out = pad(bytearray(varint(len(entries))), width)
    pos = 0
    for entry in entries:
        out += pos.to_bytes(width, "little")
        pos += len(entry)
    for entry in entries:
        out += entry
    return bytes(out)


def assemble(sections, version=(13, 3)):
    """A file from [(section id, payload, alignment)]."""
    out = bytearray(b"\x7fTileIR\x00" + bytes(version) + b"\x00\x00")
    for sid, payload, align in sections:
        out.append(sid | (0x80 if align > 1 else 0))
        out += varint(len(payload))
        if align > 1:
            out += varint(align)
            out = pad(out, align)
        out += payload
    out.append(0)
    return bytes(out)


STRING, FUNCTION, DEBUG, CONSTANT, TYPE, GLOBAL = 1, 2, 3, 4, 5, 6
I1, PTR, TILE, FUNC = 0, 12, 13, 16
OP_IF, OP_YIELD, OP_RETURN, OP_LOOP = 0x32, 0x6D, 0x5C, 0x41
# Types 0 = i1, 1 = tile<i1>, 2 = (tile<i1>) -> ().
TYPES = [varint(I1), varint(TILE) + varint(0) + varint(0),
         varint(FUNC) + varint(1) + varint(1) + varint(0)]
RETURN = varint(OP_RETURN) + varint(0) + varint(0)


def function(body, flags=0x02, debug=0, hints=b"", sig=2):
    record = varint(0) + varint(sig) + bytes([flags]) + varint(debug)
    record += hints + varint(len(body)) + body
    return pad(varint(1) + record, 8)


def kernel_file(body, types=TYPES, extra=(), **kwargs):
    sections = [(FUNCTION, function(body, sig=len(types) - 1, **kwargs), 8)]
    sections += list(extra)
    sections += [(TYPE, table(types), 4), (STRING, table([b"k"]), 4)]
    return assemble(sections)


def nested_ifs(n):
    yield_ = varint(OP_YIELD) + varint(0) + varint(0)
    inner = yield_
    for i in range(n):
        # One block without arguments: the inner `if` (if any) and a yield.
        if i == 0:
            block = varint(1) + varint(0) + varint(1) + yield_
        else:
            block = varint(1) + varint(0) + varint(2) + inner + yield_
        inner = (varint(OP_IF) + varint(0) + varint(0)       # no results, %0
                 + varint(2) + block + varint(0))             # then, empty else
    return inner + RETURN


def bytecode(kind, n):
    if kind == "nested-ifs":
        return kernel_file(nested_ifs(n))
    if kind == "deep-attr":
        attr = varint(6) + varint(0)                          # []
        for _ in range(n):
            attr = varint(6) + varint(1) + attr               # [attr]
        hints = varint(11) + varint(1) + varint(0) + attr     # {"k" = attr}
        return kernel_file(RETURN, flags=0x06, hints=hints)
    if kind == "deep-type":
        # Type i = ptr<type i + 1>, type n = i1, and the kernel takes type 0.
        types = [varint(PTR) + varint(i + 1) for i in range(n)] + [varint(I1)]
        types.append(varint(FUNC) + varint(1) + varint(0) + varint(0))
        return kernel_file(RETURN, types=types)
    if kind == "deep-debug":
        # Entry 1: file; entry 2: compile unit; entry 3: subprogram; entries
        # 4..: lexical blocks, each inside the next one; the last is the
        # subprogram's child. The kernel's location is a di_loc in the
        # subprogram (a function's scope is its subprogram), its return's one
        # in the innermost block.
        strings = [b"k", b"f.py", b"/d"]
        file_ = varint(2) + varint(1) + varint(2)
        unit = varint(1) + varint(1)
        sub = (varint(5) + varint(1) + varint(1) + varint(0) + varint(0)
               + varint(2) + varint(1))
        attrs = [file_, unit, sub]
        for i in range(n):
            parent = 3 if i == n - 1 else 5 + i  # entry 4 + i is block i
            attrs.append(varint(3) + varint(parent) + varint(1) + varint(1)
                         + varint(1))
        loc = varint(4) + varint(4) + varint(1) + varint(1) + varint(1)
        attrs.append(loc)
        deep_index = len(attrs).to_bytes(8, "little")
        # The kernel's subprogram, compile unit and file are copies, so that
        # reading the kernel's location first leaves the chain uncached.
        first = len(attrs) + 1
        attrs += [file_, varint(1) + varint(first),
                  varint(5) + varint(first) + varint(1) + varint(0)
                  + varint(0) + varint(first + 1) + varint(1)]
        attrs.append(varint(4) + varint(first + 2) + varint(1) + varint(1)
                     + varint(1))
        kernel_index = len(attrs).to_bytes(8, "little")
        debug = pad(bytearray(varint(1)), 4) + (0).to_bytes(4, "little")
        # Locations: the kernel's and its return's.
        debug = pad(debug + varint(2), 8) + kernel_index + deep_index
        debug = bytes(debug) + table(attrs)
        sections = [(FUNCTION, function(RETURN, debug=1), 8),
                    (DEBUG, debug, 8), (TYPE, table(TYPES), 4),
                    (STRING, table(strings), 4)]
        return assemble(sections)
    if kind.startswith("count-"):
        return count_file(kind[len("count-"):], n)
    raise SystemExit("unknown bytecode kind " + kind)


def count_file(what, n):
    """A file of a few dozen bytes whose `what` count claims n entries."""
    big = varint(n)
    if what == "string":
        return assemble([(FUNCTION, function(RETURN), 8), (TYPE, table(TYPES), 4),
                         (STRING, pad(bytearray(big), 4) + b"\0\0\0\0k", 4)])
    if what == "type":
        return assemble([(FUNCTION, function(RETURN), 8),
                         (TYPE, pad(bytearray(big), 4) + b"\0\0\0\0\0", 4),
                         (STRING, table([b"k"]), 4)])
    if what == "constant":
        return kernel_file(RETURN, extra=[(CONSTANT, pad(bytearray(big), 8)
                                           + bytes(8) + b"\x01\x00", 8)])
    if what == "debug":
        return kernel_file(RETURN, extra=[(DEBUG, pad(bytearray(big), 4)
                                           + bytes(4), 8)])
    if what == "global":
        return kernel_file(RETURN, extra=[(GLOBAL, big + b"\0\0\0\0", 1)])
    if what == "function":
        body = pad(big + varint(0) + varint(2) + b"\x02\x00\x03" + RETURN, 8)
        return assemble([(FUNCTION, body, 8), (TYPE, table(TYPES), 4),
                         (STRING, table([b"k"]), 4)])
    if what in ("dict", "array"):
        if what == "dict":
            hints = varint(11) + big + varint(0) + varint(3) + b"\x01"
        else:
            hints = varint(11) + varint(1) + varint(0) + varint(6) + big
        return kernel_file(RETURN, flags=0x06, hints=hints)
    if what == "shape":
        types = [varint(I1), varint(TILE) + varint(0) + big + bytes(8),
                 varint(FUNC) + varint(1) + varint(1) + varint(0)]
        return kernel_file(RETURN, types=types)
    # A `loop` (no results, no operands, one region) whose region, block or
    # result list claims n entries.
    loop = varint(OP_LOOP) + varint(0) + varint(0) + varint(1)
    if what == "block":
        return kernel_file(loop + big + varint(0) + varint(1) + RETURN)
    if what == "ops":
        return kernel_file(loop + varint(1) + varint(0) + big + RETURN)
    if what == "args":
        return kernel_file(loop + varint(1) + big + varint(0) + RETURN)
    if what == "results":
        return kernel_file(varint(OP_LOOP) + big + varint(0) + RETURN)
    raise SystemExit("unknown count kind " + what)


def text(kind, n):
    head = "cuda_tile.module @m {\n  entry @k(%c: tile<i1>, %i: tile<i32>) {\n"
    tail = "    return\n  }\n}\n"
    if kind == "if":
        body = "if %c {\n" * n + "}\n" * n
    elif kind == "for":
        body = "".join("for %%v%d in (%%i to %%i, step %%i) : tile<i32> {\n" % d
                       for d in range(n)) + "}\n" * n
    elif kind == "loop":
        body = "loop {\n" * n + "break\n}\n" * n
    elif kind == "generic":
        body = ""
        for _ in range(n):
            body = ('"cuda_tile.if"(%c) ({\n' + body
                    + '"cuda_tile.yield"() : () -> ()\n'
                    + '}, {\n}) : (!cuda_tile.tile<i1>) -> ()\n')
    elif kind == "array":
        body = ("cuda_tile.assume div_by<16>, %i {deep = " + "[" * n + "]" * n
                + "} : tile<i32>\n")
        body = "%a = " + body
    elif kind == "type":
        return ("cuda_tile.module @m {\n  entry @k(%p: tile<" + "ptr<" * n
                + "f32" + ">" * n + ">) {\n" + tail)
    elif kind == "minus":
        body = ("return {a = affine_map<(d0) -> (" + "- " * n + "d0)>}\n")
        tail = "  }\n}\n"
    elif kind == "comment":
        body = ("// " + "{([<" * n + "\n"
                + '%a = cuda_tile.assume div_by<16>, %i {note = "'
                + "{([<" * n + '"} : tile<i32>\n')
    else:
        raise SystemExit("unknown text kind " + kind)
    return head + body + tail


def maxrss(limit_mb, expected, cmd):
    """Runs cmd; succeeds when it exits with `expected` within limit_mb."""
    status = subprocess.call(cmd)
    used = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    if used > limit_mb:
        sys.stderr.write("peak memory %d MB exceeds %d MB\n" % (used, limit_mb))
        return 1
    if status != expected:
        sys.stderr.write("exit status %d, expected %d\n" % (status, expected))
        return 1
    return 0


def main(argv):
    if argv[1] == "maxrss":
        return maxrss(int(argv[2]), int(argv[3]), argv[4:])
    kind, n, out = argv[2], int(argv[3]), argv[4]
    if argv[1] == "bytecode":
        open(out, "wb").write(bytecode(kind, n))
    else:
        open(out, "w").write(text(kind, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
