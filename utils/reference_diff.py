#!/usr/bin/env python3
"""Differential tests of our tools against a build of the reference.

A developer tool, not part of the suite (which must not depend on the
reference). utils/build-reference.sh builds the reference's tools.

  reference_diff.py --ref DIR chunks FILE...
      every `// -----` chunk of the files: cuda-tile-opt (plain and
      -mlir-print-debuginfo), the writer for 13.1-13.3 and our reader on the
      reference's bytes must do what the reference's tools do
  reference_diff.py --ref DIR mutate-text --seed S -n N FILE...
      N mutants of the files (a type, number, keyword, operand name, line or
      punctuation changed or dropped) through cuda-tile-opt
  reference_diff.py --ref DIR mutate-bytecode --seed S -n N FILE...
      N mutants of bytecode files (a byte set, flipped, inserted or deleted,
      or the file cut) through the reader

Outputs are compared with runs of whitespace collapsed; errors by their first
`error:` line, from the word `error:` on (the reference names no file for
bytecode). Each difference is printed with both sides; the last line counts
them by kind. --ours DIR selects our tools (default build/bin).
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


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", required=True, help="the reference's bin/")
    parser.add_argument("--ours", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("mode", choices=("chunks", "mutate-text",
                                         "mutate-bytecode"))
    parser.add_argument("--seed", type=int, default=1)
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
        sources = [(p, open(p).read()) for p in args.files]
        while len(jobs) < args.n:
            path, text = rng.choice(sources)
            mutant, how = mutate_text(text, rng)
            if mutant is not None and mutant != text:
                jobs.append(("%s: %s" % (os.path.basename(path), how), mutant))
    else:
        sources = [(p, open(p, "rb").read()) for p in args.files]
        for _ in range(args.n):
            path, data = rng.choice(sources)
            mutant, how = mutate_bytecode(data, rng)
            jobs.append(("%s: %s" % (os.path.basename(path), how), mutant))

    check = check_bytecode if args.mode == "mutate-bytecode" else check_text

    def one(job):
        with tempfile.TemporaryDirectory(prefix="refdiff") as workdir:
            return job, check(tools, job[1], workdir)

    counts = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for (what, _), found in pool.map(one, jobs):
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
