"""Lit test format for bytecode written by real producers.

The data set (<real_clients_dir>/README.md) holds bytecode that front ends
people use wrote, today NVIDIA's cuTile Python. Every file becomes lit tests:

  read/<V>/<name>      reading it prints text that cuda-tile-opt prints back
                       unchanged, and writing that text as bytecode at V reads
                       back to the same text. A file of a version this build
                       does not support (13.4 until it lands) must be refused
                       cleanly: non-zero exit, a located diagnostic, no crash.
  optimize/<V>/<name>  cuda-tile-optimize -O3 succeeds and its output verifies.
  ptx/<V>/<name>/<sm>  PTX for sm_80, sm_89, sm_90, sm_90a and sm_100 is
                       generated and accepted by ptxas.
  run/<name>           runs/<name>/launch.json launched on cuda-tile-run
                       reproduces expected_output.txt: what the kernel printed,
                       or an array argument as the example printed it after
                       the launch.
  run-expanded/<name>  the same after -cudatile-expand-scaled-matmuls, for
                       the kernels it changes.

Used from test/RealClients/lit.local.cfg like conformance_lit.
"""

import json
import os
import re

import lit.Test

import conformance_lit
import kernel_io
from conformance_lit import (Case, CaseKind, ConformanceFormat, _ScratchDir,
                             collapse_whitespace, compile_to_ptx, read_text)

PRODUCER_DIRS = ("cutile-python",)
_VERSION_DIR = re.compile(r"^v(\d+)\.(\d+)$")


def _files(ctx):
    """(producer, version dir, name, path) of every bytecode file."""
    for producer in PRODUCER_DIRS:
        root = os.path.join(ctx.conformance_dir, producer)
        if not os.path.isdir(root):
            continue
        for vdir in sorted(os.listdir(root)):
            if not _VERSION_DIR.match(vdir):
                continue
            for filename in sorted(os.listdir(os.path.join(root, vdir))):
                stem, ext = os.path.splitext(filename)
                if ext == ".tileirbc":
                    yield producer, vdir, stem, os.path.join(root, vdir,
                                                             filename)


_supported_cache = {}


def supported_versions(ctx):
    """The versions `cuda-tile-translate --list-versions` prints."""
    key = ctx.tools_dir
    if key not in _supported_cache:
        listed = ctx.run("cuda-tile-translate", ["--list-versions"], ".")
        _supported_cache[key] = set(
            line.split()[0] for line in listed.stdout.splitlines()
            if line.strip())
    return _supported_cache[key]


class _FileKind(CaseKind):
    """A case per bytecode file of a supported version (13.1 and later)."""

    def discover(self, ctx):
        for producer, vdir, name, path in _files(ctx):
            yield Case(self.name, (self.name, producer, vdir, name), path,
                       {"version": vdir[1:], "dir": os.path.dirname(path),
                        "file": os.path.basename(path)})

    def unsupported_version(self, case, ctx):
        """A result for files of versions this build does not read."""
        if case.data["version"] in supported_versions(ctx):
            return None
        return (lit.Test.UNSUPPORTED,
                "bytecode %s is not supported by this build; "
                "read/ checks that it is refused" % case.data["version"])


class ReadKind(_FileKind):
    name = "read"

    def run(self, case, ctx):
        directory, filename = case.data["dir"], case.data["file"]
        version = case.data["version"]
        read = ctx.run("cuda-tile-translate",
                       ["-cudatilebc-to-mlir", filename], directory)
        bad = conformance_lit.abnormal_exit(read)
        if bad:
            return bad
        if version not in supported_versions(ctx):
            if read.returncode == 0:
                return (lit.Test.FAIL, "a %s file was read although this "
                        "build does not list %s:\n%s"
                        % (version, version, read.transcript()))
            if "error at offset" not in read.stderr or \
                    "unsupported Tile version" not in read.stderr:
                return (lit.Test.FAIL, "refused without the located version "
                        "diagnostic:\n" + read.transcript())
            return lit.Test.PASS, "refused cleanly:\n" + read.transcript()
        if read.returncode != 0:
            return (lit.Test.FAIL, "the reader rejects a file cuTile Python "
                    "wrote:\n" + read.transcript())
        text = read.stdout
        log = ["$ " + read.command_line()]
        reparsed = ctx.run("cuda-tile-opt", ["-no-implicit-module", "-"],
                           directory, stdin_text=text)
        bad = conformance_lit.abnormal_exit(reparsed)
        if bad:
            return bad
        # cuda-tile-opt ends its output with an empty line, the translator
        # does not.
        if reparsed.returncode != 0 or reparsed.stdout.rstrip() != text.rstrip():
            detail = reparsed.transcript() if reparsed.returncode else \
                conformance_lit.readable_diff(text, reparsed.stdout,
                                              "read", "re-parsed")
            return (lit.Test.FAIL, "the printed text does not parse back to "
                    "itself:\n%s\n--- text ---\n%s" % (detail, text))
        log.append("$ cuda-tile-opt -  # prints the same text")
        with _ScratchDir() as scratch:
            rewritten = os.path.join(scratch, "again.tileirbc")
            write = ctx.run("cuda-tile-translate",
                            ["-mlir-to-cudatilebc", "-bytecode-version=" +
                             version, "-", "-o", rewritten], directory,
                            stdin_text=text)
            bad = conformance_lit.abnormal_exit(write)
            if bad:
                return bad
            if write.returncode != 0:
                return (lit.Test.FAIL, "the text does not write back as "
                        "bytecode %s:\n%s" % (version, write.transcript()))
            again = ctx.run("cuda-tile-translate",
                            ["-cudatilebc-to-mlir", rewritten], scratch)
            bad = conformance_lit.abnormal_exit(again)
            if bad:
                return bad
            if again.returncode != 0 or again.stdout != text:
                detail = again.transcript() if again.returncode else \
                    conformance_lit.readable_diff(text, again.stdout,
                                                  "original", "rewritten")
                return (lit.Test.FAIL, "the rewritten bytecode reads back "
                        "differently:\n" + detail)
        log.append("$ ... -mlir-to-cudatilebc -bytecode-version=%s | "
                   "-cudatilebc-to-mlir  # same text" % version)
        return lit.Test.PASS, "\n".join(log) + "\n"


class OptimizeKind(_FileKind):
    name = "optimize"

    def run(self, case, ctx):
        skipped = self.unsupported_version(case, ctx)
        if skipped:
            return skipped
        directory, filename = case.data["dir"], case.data["file"]
        optimized = ctx.run("cuda-tile-optimize", ["-O3", filename], directory)
        bad = conformance_lit.abnormal_exit(optimized)
        if bad:
            return bad
        if optimized.returncode != 0:
            return (lit.Test.FAIL, "cuda-tile-optimize -O3 fails:\n"
                    + optimized.transcript())
        verified = ctx.run("cuda-tile-opt", ["-"], directory,
                           stdin_text=optimized.stdout)
        if verified.returncode != 0 or verified.crashed():
            return (lit.Test.FAIL, "the optimized module does not verify:\n"
                    + verified.transcript())
        return (lit.Test.PASS, "$ %s | cuda-tile-opt -  # verifies\n"
                % optimized.command_line())


class PTXFileKind(_FileKind):
    name = "ptx"
    targets = ("sm_80", "sm_89", "sm_90", "sm_90a", "sm_100")

    def discover(self, ctx):
        for case in _FileKind.discover(self, ctx):
            for target in self.targets:
                yield Case(self.name, case.path + (target,), case.input_file,
                           dict(case.data, target=target))

    def run(self, case, ctx):
        skipped = self.unsupported_version(case, ctx)
        if skipped:
            return skipped
        return compile_to_ptx(ctx, case.data["file"], case.data["dir"],
                              case.data["target"])


# --------------------------------------------------------------------------
# Runs: launch.json -> cuda-tile-run arguments, output comparison.
# --------------------------------------------------------------------------

def _scalar_spec(elem, value):
    """A cuda-tile-run TYPE:VALUE spec for a rank-0 tile of `elem`."""
    if isinstance(value, bool):
        value = int(value)
    if elem.startswith("f") or elem == "bf16":
        return "%s:%r" % (elem, float(value))
    return "%s:%d" % (elem, int(value))


def split_constraints(text):
    """The manifest's `constraints` column, one entry per launch leaf."""
    entries, depth, current = [], 0, ""
    for char in text:
        if char == ";" and depth == 0:
            entries.append(current.strip())
            current = ""
            continue
        depth += (char == "(") - (char == ")")
        current += char
    if current.strip():
        entries.append(current.strip())
    return entries


def launch_arguments(leaves, constraints, arg_types, directory, scratch):
    """cuda-tile-run --arg specs for `leaves` under cuTile Python's calling
    convention: a const(...) leaf was folded into the kernel; an array is
    its base pointer, then its shape and its strides as rank-0 tiles; a
    scalar is one rank-0 tile. Float8 arrays are stored as their values
    (the data set's .npy files hold small integers such as 1 and 2 for
    torch.ones and 2.0 scales), so they are passed as their encodings."""
    if len(constraints) != len(leaves):
        raise ValueError("%d constraints for %d launch arguments"
                         % (len(constraints), len(leaves)))
    values, pointers = [], {}
    for leaf, constraint in zip(leaves, constraints):
        if constraint.startswith("const("):
            continue
        if leaf["kind"] == "scalar":
            values.append(leaf["value"])
            continue
        path = os.path.join(directory, leaf["file"])
        if leaf["dtype"] in _FLOAT8_TYPES:
            path = encode_float8_npy(path, leaf["dtype"], scratch)
        pointers[len(values)] = "@" + path
        values.append(None)
        values.extend(leaf["shape"])
        values.extend(leaf["strides"])
    if len(values) != len(arg_types):
        raise ValueError("%d values for %d parameters"
                         % (len(values), len(arg_types)))
    result = []
    for position, (value, (kind, elem)) in enumerate(zip(values, arg_types)):
        if (position in pointers) != (kind == "ptr") or kind == "token":
            raise ValueError("a %s for parameter %d, a %s"
                             % ("array" if position in pointers else "scalar",
                                position, kind))
        result.append(pointers[position] if kind == "ptr"
                      else _scalar_spec(elem, value))
    return result


# launch.json float8 dtypes -> Tile IR element types.
_FLOAT8_TYPES = {"float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2",
                 "float8_e8m0fnu": "f8E8M0FNU"}


def encode_float8_npy(path, dtype, scratch):
    """A copy of the .npy at `path` whose bytes are the float8 encodings of
    its values."""
    descr, shape, values = kernel_io.npy_values(path)
    encode = kernel_io.FLOAT8_ENCODERS[_FLOAT8_TYPES[dtype]]
    out = os.path.join(scratch, "encoded-" + os.path.basename(path))
    kernel_io.write_npy(out, descr, shape,
                        bytes(encode(float(v)) for v in values))
    return out


_NUMBER = re.compile(r"-?(?:inf|nan|\d+\.?\d*(?:e[-+]?\d+)?|\.\d+)",
                     re.IGNORECASE)


# Parts of a printed NumPy array or PyTorch tensor that are not its values:
# `dtype=float32`, `device='cuda:0'`, `requires_grad=True`.
_NOT_VALUES = re.compile(r"(?:dtype|device|requires_grad|grad_fn)="
                         r"(?:'[^']*'|<[^>]*>|[\w.]+)")


def _printed_tolerance(token):
    """Half a unit in the last digit `token` was printed with."""
    mantissa, _, exponent = token.lower().partition("e")
    decimals = len(mantissa.partition(".")[2]) if "." in mantissa else 0
    scale = 10.0 ** int(exponent) if exponent else 1.0
    return 0.5 * 10.0 ** -decimals * scale


def numbers_in(text):
    """The values of a printed array, in order (True/False as 1/0), each
    with the tolerance its printed digits allow."""
    text = _NOT_VALUES.sub(" ", text)
    text = re.sub(r"\bTrue\b", "1", re.sub(r"\bFalse\b", "0", text))
    return [(float(x), _printed_tolerance(x)) for x in _NUMBER.findall(text)]


def _same_numbers(expected, actual):
    """Whether `actual` values print as the (value, tolerance) pairs."""
    if len(expected) != len(actual):
        return False
    for (e, tolerance), a in zip(expected, actual):
        if e != e or a != a:  # NaN matches NaN only
            if not (e != e and a != a):
                return False
            continue
        if e in (float("inf"), float("-inf")):
            if e != a:
                return False
            continue
        if abs(e - a) > max(tolerance, 1e-6 * abs(e)):
            return False
    return True


class RunKind(CaseKind):
    """run/<name>: the launch of runs/<name>/launch.json on cuda-tile-run."""

    name = "run"

    def discover(self, ctx):
        for producer in PRODUCER_DIRS:
            runs = os.path.join(ctx.conformance_dir, producer, "runs")
            if not os.path.isdir(runs):
                continue
            for name in sorted(os.listdir(runs)):
                directory = os.path.join(runs, name)
                if os.path.isfile(os.path.join(directory, "launch.json")):
                    yield Case(self.name, (self.name, producer, name),
                               os.path.join(directory, "launch.json"),
                               {"dir": directory, "name": name,
                                "producer": producer})

    @staticmethod
    def _bytecode(ctx, producer, name):
        """The newest supported bytecode of kernel `name`."""
        root = os.path.join(ctx.conformance_dir, producer)
        versions = sorted((v for v in os.listdir(root)
                           if _VERSION_DIR.match(v)),
                          key=lambda v: tuple(int(x) for x in
                                              _VERSION_DIR.match(v).groups()),
                          reverse=True)
        for vdir in versions:
            if vdir[1:] not in supported_versions(ctx):
                continue
            path = os.path.join(root, vdir, name + ".tileirbc")
            if os.path.isfile(path):
                return path
        return None

    def module_to_run(self, ctx, bytecode, text, scratch):
        """The file cuda-tile-run runs (here the bytecode itself), or a lit
        result that ends the case."""
        return bytecode

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        bytecode = self._bytecode(ctx, case.data["producer"], name)
        if not bytecode:
            return (lit.Test.UNSUPPORTED, "no bytecode of a supported "
                    "version for " + name)
        with open(case.input_file) as handle:
            launch = json.load(handle)
        text = ctx.run("cuda-tile-translate", ["-cudatilebc-to-mlir",
                                               bytecode], directory)
        bad = conformance_lit.failed_run(text)
        if bad:
            return bad
        relative = os.path.relpath(bytecode, os.path.join(
            ctx.conformance_dir, case.data["producer"]))
        rows = [row for row in conformance_lit.load_manifest(os.path.join(
            ctx.conformance_dir, case.data["producer"]))
            if row.get("file") == relative]
        if not rows:
            return lit.Test.FAIL, "no manifest row for " + relative
        entry = rows[0]["kernel"]
        try:
            arg_types = kernel_io.entry_arg_types(text.stdout, entry)
        except ValueError as exc:
            return lit.Test.FAIL, "%s:\n%s" % (exc, text.stdout)
        grid = ",".join(str(x) for x in launch["grid"])
        expected = read_text(os.path.join(directory, "expected_output.txt"))
        with _ScratchDir() as scratch, _ScratchDir() as inputs:
            module = self.module_to_run(ctx, bytecode, text.stdout, inputs)
            if not isinstance(module, str):
                return module
            try:
                specs = launch_arguments(
                    launch["leaves"], split_constraints(rows[0]["constraints"]),
                    arg_types, directory, inputs)
            except ValueError as exc:
                return (lit.Test.FAIL, "cannot bind the launch to %s%s: %s"
                        % (entry, arg_types, exc))
            args = [module, "--entry", entry, "--grid", grid,
                    "--out-dir", scratch]
            for spec in specs:
                args.append("--arg=" + spec)
            result = ctx.run("cuda-tile-run", args, directory)
            bad = conformance_lit.abnormal_exit(result)
            if bad:
                return bad
            if result.returncode != 0:
                return (lit.Test.FAIL, "the kernel does not run:\n"
                        + result.transcript())
            printed = collapse_whitespace(result.stdout)
            wanted_text = collapse_whitespace(expected)
            if printed == wanted_text:
                return (lit.Test.PASS, "$ %s\n# prints expected_output.txt\n"
                        % result.command_line())
            # Otherwise the example printed an array argument after the
            # launch (after what the kernel printed, if anything).
            if wanted_text.startswith(printed):
                rest = wanted_text[len(printed):]
            elif wanted_text.endswith(printed):
                rest = wanted_text[:len(wanted_text) - len(printed)]
            else:
                return (lit.Test.FAIL, "the kernel prints something else:\n"
                        "%s\n--- expected ---\n%s\n--- printed ---\n%s"
                        % (result.transcript(), expected, result.stdout))
            wanted = numbers_in(rest)
            outputs = sorted(f for f in os.listdir(scratch)
                             if f.endswith(".npy"))
            for output in outputs:
                _, _, values = kernel_io.npy_values(
                    os.path.join(scratch, output))
                values = [float(v) for v in values]
                distinct = sorted(set(values))
                if wanted and (_same_numbers(wanted, values) or
                               _same_numbers(wanted, distinct)):
                    return (lit.Test.PASS, "$ %s\n# %s holds the values of "
                            "expected_output.txt\n"
                            % (result.command_line(), output))
            return (lit.Test.FAIL, "no array argument holds the values "
                    "expected_output.txt shows:\n%s\n--- expected ---\n%s\n"
                    "--- printed ---\n%s"
                    % (result.transcript(), expected, result.stdout))


class ExpandedRunKind(RunKind):
    """run-expanded/<name>: the same launch after the code generator's
    rewrites that stay in cuda_tile (-cudatile-expand-scaled-matmuls), for
    kernels they change: the rewritten kernel prints the same."""

    name = "run-expanded"
    PASSES = ["-cudatile-expand-scaled-matmuls"]

    def module_to_run(self, ctx, bytecode, text, scratch):
        source = os.path.join(scratch, "kernel.mlir")
        rewritten = os.path.join(scratch, "expanded.mlir")
        with open(source, "w") as handle:
            handle.write(text)
        result = ctx.run("cuda-tile-opt", self.PASSES + [source, "-o",
                                                         rewritten], scratch)
        bad = conformance_lit.failed_run(result)
        if bad:
            return bad
        printed = ctx.run("cuda-tile-opt", [source], scratch)
        if printed.returncode == 0 and printed.stdout == read_text(rewritten):
            return (lit.Test.UNSUPPORTED,
                    "the rewrites leave this kernel as it is")
        return rewritten


CASE_KINDS = [ReadKind(), OptimizeKind(), PTXFileKind(), RunKind(),
              ExpandedRunKind()]


class RealClientsFormat(ConformanceFormat):
    """One lit test per case of the real-clients data set."""

    MISSING_TEST_NAME = "real-clients-data-set"

    def __init__(self, real_clients_dir, tools_dir):
        ConformanceFormat.__init__(self, real_clients_dir, tools_dir,
                                   kinds=CASE_KINDS)
