#!/usr/bin/env python3
"""Differential tests of our tools against a build of the reference.

A developer tool, not part of the suite (which must not depend on the
reference). utils/build-reference.sh builds the reference's tools.

  reference_diff.py --ref DIR chunks FILE...
      every `// -----` chunk of the files: cuda-tile-opt (plain and
      -mlir-print-debuginfo), the writer for 13.1-13.3 and our reader on the
      reference's bytes must do what the reference's tools do
  reference_diff.py --ref DIR mutate-text --seed S -n N FILE...
      N mutants of the files' chunks that the reference reads (a type,
      number, keyword, operand name, line or punctuation changed or
      dropped) through cuda-tile-opt
  reference_diff.py --ref DIR mutate-bytecode --seed S -n N FILE...
      N mutants of bytecode files (a byte set, flipped, inserted or deleted,
      or the file cut) through the reader
  reference_diff.py --ref DIR fields FILE...
      every file with each field of its structure damaged in turn (header,
      each section's id, length, alignment and presence, the end marker, the
      first function's and global's fields and first opcode), as the data
      set's invalid_bytecode/make_invalid.py damages one file

Outputs are compared with runs of whitespace collapsed; errors by their first
`error:` line, from the word `error:` on (the reference names no file for
bytecode). Each difference is printed with both sides; the last line counts
them by kind. --ours DIR selects our tools (default build/bin); --save DIR
keeps each input that differs there (NNNN.mlir, NNNN.tileirbc).
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSIONS = ("13.1", "13.2", "13.3")
ELEMENT_TYPES = ("f32", "f16", "bf16", "f64", "tf32", "i1", "i4", "i8", "i16",
                 "i32", "i64", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN")
KEYWORD_GROUPS = (
    ("weak", "relaxed", "acquire", "release", "acq_rel"),
    ("nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full",
     "nearest_int_to_zero"),
    ("signed", "unsigned"), ("tl_blk", "device", "sys"),
    ("neg_zero", "nan", "pos_inf", "neg_inf"),
    ("equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
     "greater_than_or_equal"),
    ("ordered", "unordered"), ("public", "private"), ("true", "false"))
ODD_NUMBERS = ("x", '"a"', "-1", "99999999999", "1 : i64", "1.5", "true", "0x10")


class Tools:
    def __init__(self, ours, ref):
        self.dirs = {"ours": ours, "ref": ref}

    def run(self, side, tool, args, cwd, testing=False):
        cmd = [os.path.join(self.dirs[side], tool)]
        if testing and side == "ours":
            cmd.append("--testing-ops")
        try:
            done = subprocess.run(cmd + args, cwd=cwd, capture_output=True,
                                  timeout=60)
        except subprocess.TimeoutExpired:
            return "timeout", b"", ""
        return done.returncode, done.stdout, done.stderr.decode(errors="replace")


def collapse(data):
    return re.sub(rb"\s+", b" ", data).strip()


def first_error(stderr):
    for line in stderr.splitlines():
        if "error:" in line:
            return line[line.index("error:"):].strip()
    return ""


def compare(tag, ref, ours):
    """The difference between two runs, or None."""
    if "timeout" in (ref[0], ours[0]):
        return (tag, "timeout", str(ref[0]), str(ours[0]))
    if ref[0] not in (0, 1):
        return (tag, "reference-crash", str(ref[0]), first_error(ours[2]))
    if (ref[0] == 0) != (ours[0] == 0):
        return (tag, "accept", "%s %s" % (ref[0], first_error(ref[2])),
                "%s %s" % (ours[0], first_error(ours[2])))
    if ref[0] == 0:
        if collapse(ref[1]) != collapse(ours[1]):
            return (tag, "output", ref[1].decode(errors="replace"),
                    ours[1].decode(errors="replace"))
        return None
    if first_error(ref[2]) != first_error(ours[2]):
        return (tag, "first-error", first_error(ref[2]), first_error(ours[2]))
    return None


def check_text(tools, text, workdir):
    """Differences for one text input, through opt, writer and reader."""
    with open(os.path.join(workdir, "case.mlir"), "w") as handle:
        handle.write(text)
    testing = "testing$" in text
    found = []
    accepted = True
    for flags in ([], ["-mlir-print-debuginfo"]):
        args = ["-no-implicit-module"] + flags + ["case.mlir"]
        ref = tools.run("ref", "cuda-tile-opt", args, workdir, testing)
        ours = tools.run("ours", "cuda-tile-opt", args, workdir, testing)
        diff = compare("opt" + "".join(flags), ref, ours)
        if diff:
            found.append(diff)
        accepted = ref[0] == 0
    # The writer of testing ops is a reference test feature we do not copy.
    if not accepted or testing:
        return found
    for version in VERSIONS:
        written = {}
        runs = {}
        for side in ("ref", "ours"):
            out = os.path.join(workdir, "%s.%s.tileirbc" % (side, version))
            if os.path.exists(out):
                os.remove(out)
            runs[side] = tools.run(side, "cuda-tile-translate", [
                "-mlir-to-cudatilebc", "-no-implicit-module",
                "-bytecode-version=" + version, "case.mlir", "-o", out], workdir)
            written[side] = out
        diff = compare("write" + version, runs["ref"], runs["ours"])
        if diff:
            found.append(diff)
        if runs["ref"][0] != 0 or runs["ours"][0] != 0:
            continue
        with open(written["ref"], "rb") as a, open(written["ours"], "rb") as b:
            if a.read() != b.read():
                found.append(("write" + version, "bytes", "", ""))
        for flags in ([], ["-mlir-print-debuginfo"]):
            args = ["-cudatilebc-to-mlir"] + flags + [written["ref"]]
            diff = compare("read" + version + "".join(flags),
                           tools.run("ref", "cuda-tile-translate", args, workdir),
                           tools.run("ours", "cuda-tile-translate", args, workdir))
            if diff:
                found.append(diff)
    return found


def check_bytecode(tools, data, workdir):
    path = os.path.join(workdir, "case.tileirbc")
    with open(path, "wb") as handle:
        handle.write(data)
    args = ["-cudatilebc-to-mlir", "case.tileirbc"]
    diff = compare("read", tools.run("ref", "cuda-tile-translate", args, workdir),
                   tools.run("ours", "cuda-tile-translate", args, workdir))
    return [diff] if diff else []


def chunks(path):
    with open(path, errors="replace") as handle:
        text = handle.read()
    return [c for c in re.split(r"^// -----.*$", text, flags=re.M)
            if "cuda_tile" in c]


def mutate_text(text, rng):
    start = text.find("cuda_tile.module")
    tokens = [(m.start(), m.end(), m.group()) for m in re.finditer(
        r"[A-Za-z_][A-Za-z0-9_]*|\d+|%[A-Za-z0-9_#]+|\S", text)
        if m.start() > start]
    for _ in range(100):
        begin, end, word = rng.choice(tokens)
        kind = rng.randrange(9)
        new = None
        if kind == 0 and word in ELEMENT_TYPES:
            new = rng.choice([t for t in ELEMENT_TYPES if t != word])
        elif kind == 1 and word.isdigit():
            new = str(rng.choice((0, 1, 2, 3, 4, 8, 12, 16, 1024, 2**31)))
        elif kind == 2 and word.isdigit():
            new = rng.choice(ODD_NUMBERS)
        elif kind == 3:
            for group in KEYWORD_GROUPS:
                if word in group:
                    new = rng.choice([w for w in group if w != word])
        elif kind == 4 and word.startswith("%"):
            names = [t[2] for t in tokens if t[2].startswith("%") and t[2] != word]
            new = rng.choice(names) if names else None
        elif kind == 5 and not word[0].isalnum() and word[0] != "%":
            new = ""
        elif kind == 6 and word[0].isalpha() and word != "cuda_tile":
            new = rng.choice(("", "bogus", "%x", '"s"'))
        elif kind == 7:
            lines = text.split("\n")
            body = [i for i, line in enumerate(lines) if line.strip()
                    and not line.strip().startswith("//")
                    and "cuda_tile.module" not in line]
            if body:
                del lines[rng.choice(body)]
                return "\n".join(lines), "drop a line"
        elif kind == 8 and word == "x":
            new = ""
        if new is not None:
            return text[:begin] + new + text[end:], "%r -> %r" % (word, new)
    return None, None


def mutate_bytecode(data, rng):
    data = bytearray(data)
    at = rng.randrange(12, len(data)) if len(data) > 12 else 0
    kind = rng.randrange(5)
    if kind == 0:
        data[at] = rng.randrange(256)
        return bytes(data), "byte %d set" % at
    if kind == 1:
        data[at] ^= 1 << rng.randrange(8)
        return bytes(data), "bit of byte %d flipped" % at
    if kind == 2:
        del data[at]
        return bytes(data), "byte %d deleted" % at
    if kind == 3:
        data.insert(at, rng.randrange(256))
        return bytes(data), "byte inserted at %d" % at
    cut = rng.randrange(len(data))
    return bytes(data[:cut]), "cut at %d" % cut


def varint(value):
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def read_varint(data, pos):
    value = shift = 0
    while True:
        byte = data[pos]
        value |= (byte & 0x7F) << shift
        shift += 7
        pos += 1
        if not byte & 0x80:
            return value, pos


def section_layout(data):
    """(id, header start, length start, length end, payload, end) per
    section, the end marker last; None where the file does not parse."""
    found, pos = [], 12
    try:
        while True:
            start, sid = pos, data[pos] & 0x7F
            pos += 1
            if sid == 0:
                return found + [(0, start, pos, pos, pos, pos)]
            length, body = read_varint(data, pos)
            len_end = body
            if data[start] & 0x80:
                align, body = read_varint(data, body)
                body += (-body) % align
            found.append((sid, start, pos, len_end, body, body + length))
            pos = body + length
    except (IndexError, ZeroDivisionError):
        return None


def field_mutants(data):
    """(description, bytes) for each structured corruption of one file."""
    out = [("empty", b""), ("cut in the magic", data[:5]),
           ("cut in the version", data[:10]), ("no end marker", data[:-1]),
           ("trailing bytes", data + b"\x00\x01\x02")]
    def setting(at, values, what):
        for value in values:
            if at < len(data) and data[at] != value:
                out.append(("%s (byte %d) set to %d" % (what, at, value),
                            data[:at] + bytes([value]) + data[at + 1:]))
    setting(1, [ord("X")], "magic")
    for major, minor in ((13, 0), (13, 4), (14, 0), (12, 9), (99, 9), (250, 0)):
        out.append(("version %d.%d" % (major, minor),
                    data[:8] + bytes([major, minor]) + data[10:]))
    setting(10, [1, 0xFF], "version patch")
    layout = section_layout(data)
    if not layout:
        return out
    for sid, start, len_at, len_end, body, end in layout:
        if sid == 0:
            setting(start, [0x80, 0x5A], "end marker")
            continue
        name = "section %d" % sid
        out.append((name + " removed", data[:start] + data[end:]))
        out.append((name + " cut", data[:(body + end) // 2]))
        setting(start, [(data[start] & 0x80) | other
                        for other in (0x5A, 0, *range(1, 8)) if other != sid],
                name + " id")
        setting(start, [data[start] ^ 0x80], name + " alignment flag")
        length = end - body
        for new in (length - 1, length + 1, length + 127, 2**63):
            if new >= 0:
                out.append(("%s length %d" % (name, new),
                            data[:len_at] + varint(new) + data[len_end:]))
        out.append((name + " length never ends",
                    data[:len_at] + b"\xff" * 11 + data[len_end:]))
        if data[start] & 0x80:
            setting(len_end, [0, 3, 6, 0x7F], name + " alignment")
        if end - body:
            setting(body, [0, 0x7F], name + " first byte")
            setting(end - 1, [0xFF], name + " last byte")
    by_id = {entry[0]: entry for entry in layout}
    if 2 in by_id:
        pos = by_id[2][4]
        try:
            _, pos = read_varint(data, pos)                 # function count
            name_at = pos
            _, pos = read_varint(data, pos)
            signature_at = pos
            _, pos = read_varint(data, pos)
            flags_at = pos
            pos += 1
            location_at = pos
            _, pos = read_varint(data, pos)
            body_length_at = pos
            body_length, body = read_varint(data, pos)
            for at, what in ((name_at, "name"), (signature_at, "signature"),
                             (location_at, "location")):
                setting(at, [0x7F, 0x00, 0x01, 0x02], "function " + what)
            setting(flags_at, [0, 1, 2, 4, 8, 0x80, 0xFF], "function flags")
            for new in (0, body_length - 1, body_length + 1):
                if new >= 0:
                    out.append(("function body length %d" % new,
                                data[:body_length_at] + varint(new) +
                                data[body:]))
            if not data[flags_at] & 0x04:
                setting(body, [0x7E, 0x19, 0x6E, 0x00, 0x01, 0x7F, 0xFF],
                        "first opcode")
        except IndexError:
            pass
    if 6 in by_id:
        pos = by_id[6][4]
        try:
            _, pos = read_varint(data, pos)                 # global count
            for what in ("name", "type", "constant", "alignment"):
                setting(pos, [0x7F, 0x00, 0x03], "global " + what)
                _, pos = read_varint(data, pos)
        except IndexError:
            pass
    return out


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", required=True, help="the reference's bin/")
    parser.add_argument("--ours", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("mode", choices=("chunks", "mutate-text",
                                         "mutate-bytecode", "fields"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write each input that differs to "
                        "this folder (NNNN.mlir / NNNN.tileirbc)")
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    tools = Tools(args.ours, args.ref)
    rng = random.Random(args.seed)

    jobs = []  # (description, input)
    if args.mode == "chunks":
        for path in args.files:
            for i, text in enumerate(chunks(path)):
                jobs.append(("%s #%d" % (path, i), text))
    elif args.mode == "mutate-text":
        sources = [(p, text) for p in args.files for text in chunks(p)]
        # Only chunks the reference reads: a mutant of one it refuses says
        # nothing about the mutation.
        def accepted(source):
            with tempfile.TemporaryDirectory(prefix="refdiff") as workdir:
                with open(os.path.join(workdir, "case.mlir"), "w") as handle:
                    handle.write(source[1])
                return tools.run("ref", "cuda-tile-opt",
                                 ["-no-implicit-module", "case.mlir"], workdir,
                                 "testing$" in source[1])[0] == 0
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            sources = [source for source, ok in
                       zip(sources, pool.map(accepted, sources)) if ok]
        while len(jobs) < args.n:
            path, text = rng.choice(sources)
            mutant, how = mutate_text(text, rng)
            if mutant is not None and mutant != text:
                jobs.append(("%s: %s" % (os.path.basename(path), how), mutant))
    elif args.mode == "fields":
        for path in args.files:
            with open(path, "rb") as handle:
                for how, mutant in field_mutants(handle.read()):
                    jobs.append(("%s: %s" % (os.path.basename(path), how),
                                 mutant))
    else:
        sources = [(p, open(p, "rb").read()) for p in args.files]
        for _ in range(args.n):
            path, data = rng.choice(sources)
            mutant, how = mutate_bytecode(data, rng)
            jobs.append(("%s: %s" % (os.path.basename(path), how), mutant))

    check = check_text if args.mode in ("chunks", "mutate-text") else \
        check_bytecode

    def one(job):
        with tempfile.TemporaryDirectory(prefix="refdiff") as workdir:
            return job, check(tools, job[1], workdir)

    counts = collections.Counter()
    saved = 0
    if args.save:
        os.makedirs(args.save, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for (what, data), found in pool.map(one, jobs):
            if found and args.save:
                saved += 1
                name = os.path.join(args.save, "%04d.%s" % (
                    saved, "tileirbc" if isinstance(data, bytes) else "mlir"))
                with open(name, "wb" if isinstance(data, bytes) else "w") as f:
                    f.write(data)
                print("saved as " + name)
            for tag, kind, ref, ours in found:
                counts[kind] += 1
                print("%s [%s] %s" % (what, tag, kind))
                if kind != "output":
                    print("  ref : %s\n  ours: %s" % (ref, ours))
    print("inputs %d, differences %d %s" % (len(jobs), sum(counts.values()),
                                            dict(counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
