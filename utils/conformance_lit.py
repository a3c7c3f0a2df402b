"""Lit test format for the CUDA Tile IR conformance data set.

The data set (see <conformance_dir>/README.md) holds inputs and the outputs the
reference implementation produced for them. This module turns every case of it
into one lit test:

  opt/<family>/<name>   valid/<family>/<name>.mlir printed by cuda-tile-opt
                        must match <name>.opt.mlir (and the .opt.debuginfo /
                        .opt.nohex variants when present), whitespace runs
                        collapsed.
  invalid/<name>        invalid/<name>.mlir must be rejected without a crash,
                        printing the reference's <name>.err: its first error
                        (location and words) and then every diagnostic and
                        note, whitespace runs collapsed.
  generic/<family>/<name>
                        the generic form of every valid input parses back.
  bytecode/<family>/<name>/<V>
                        cuda-tile-translate writes <name>.<V>.tileirbc byte
                        for byte, or refuses V like <name>.<V>.err.
  read/<family>/<name>/<V>
                        reading <name>.<V>.tileirbc prints the reference
                        reader's .roundtrip.mlir text.
  invalid_bytecode/<name>
                        corrupted bytecode is rejected without a crash, with
                        the reference's first error.
  optimize/<family>/<name>
                        cuda-tile-optimize -O3 (and -O3 --fuse-fma) of every
                        valid input succeeds and its output verifies.
  ptx/<family>/<name>/<target>
                        cuda-tile-translate -cudatile-to-ptx compiles every
                        valid input for sm_100, sm_80 and sm_90 (or refuses a
                        construct the target lacks) and ptxas accepts it.

Results: PASS, FAIL (with a diff or an explanation), UNSUPPORTED when our tool
does not know an op the case uses yet (or the data set is missing).

New kinds of cases (bytecode writer / reader, ...) are added by writing a
subclass of CaseKind and appending an instance to CASE_KINDS.

Used from test/Conformance/lit.local.cfg:

    config.test_format = conformance_lit.ConformanceFormat(
        conformance_dir, tools_dir)
"""

import csv
import difflib
import os
import re
import signal
import subprocess

import lit.Test
from lit.formats.base import TestFormat

# Seconds one tool invocation may take unless lit's --timeout says otherwise.
DEFAULT_TOOL_TIMEOUT = 120

# Diagnostics meaning "this op is not implemented by our dialect (yet)". Each
# pattern captures op names in named groups; `tried` (the name with the default
# dialect prefix) wins over `op` when both are present.
UNKNOWN_OP_PATTERNS = [
    re.compile(r"custom op '(?P<op>[^']+)' is unknown"
               r"(?: \(tried '(?P<tried>[^']+)' as well\))?"),
    re.compile(r"unregistered operation '(?P<op>[^']+)'"),
    re.compile(r"[Dd]ialect [`'](?P<dialect>[^`']+)' not found for custom op "
               r"'(?P<op>[^']+)'"),
]

CRASH_MARKERS = ("Stack dump", "PLEASE submit a bug report")

_ERROR_LINE = re.compile(r"(?:^|: )error: ")
_FILE_LINE_COL = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+)$")


# --------------------------------------------------------------------------
# Helpers shared by the case kinds.
# --------------------------------------------------------------------------

def unknown_ops(text):
    """Names of the ops that `text` (a tool's stderr) reports as unknown."""
    names = []
    for pattern in UNKNOWN_OP_PATTERNS:
        for match in pattern.finditer(text):
            groups = match.groupdict()
            name = groups.get("tried") or groups.get("op")
            if name and name not in names:
                names.append(name)
    return names


def collapse_whitespace(text):
    """Every run of whitespace becomes one space; no leading/trailing space."""
    return " ".join(text.split())


def first_error(text):
    """(location, message) of the first `error:` diagnostic in `text`.

    The location is the text before ": error: " (empty for diagnostics
    without a location). Returns None when there is no error line.
    """
    for line in text.splitlines():
        match = _ERROR_LINE.search(line)
        if match:
            location = line[:match.start()]
            message = line[match.end():].strip()
            return location, message
    return None


def file_and_line(location):
    """'a.mlir:4:10' -> 'a.mlir:4:'; other locations are returned unchanged."""
    match = _FILE_LINE_COL.match(location)
    if match:
        return "%s:%s:" % (match.group("file"), match.group("line"))
    return location


def read_text(path):
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8", errors="replace")


def readable_diff(expected, actual, expected_name, actual_name, context=3):
    """A unified diff that ignores differences in whitespace only.

    Lines are matched on their whitespace-collapsed form (blank lines
    dropped) but shown as printed, indentation included. When the texts
    differ only in where lines break, a word-by-word diff is returned.
    """
    def keyed_lines(text):
        shown, keys = [], []
        for line in text.splitlines():
            key = collapse_whitespace(line)
            if key:
                shown.append(line.rstrip())
                keys.append(key)
        return shown, keys

    old_shown, old_keys = keyed_lines(expected)
    new_shown, new_keys = keyed_lines(actual)
    matcher = difflib.SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    out = []
    for group in matcher.get_grouped_opcodes(context):
        first, last = group[0], group[-1]
        out.append("@@ -%d,%d +%d,%d @@" % (first[1] + 1, last[2] - first[1],
                                            first[3] + 1, last[4] - first[3]))
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out.extend(" " + line for line in old_shown[i1:i2])
                continue
            if tag in ("replace", "delete"):
                out.extend("-" + line for line in old_shown[i1:i2])
            if tag in ("replace", "insert"):
                out.extend("+" + line for line in new_shown[j1:j2])
    if out:
        return "\n".join(["--- " + expected_name, "+++ " + actual_name] + out)
    return "\n".join(difflib.unified_diff(
        expected.split(), actual.split(),
        fromfile=expected_name + " (words)",
        tofile=actual_name + " (words)", lineterm=""))


class ToolRun(object):
    """Outcome of one tool invocation."""

    def __init__(self, argv, cwd, returncode, stdout, stderr, timed_out=False,
                 missing=False):
        self.argv = argv
        self.cwd = cwd
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.timed_out = timed_out
        self.missing = missing

    def command_line(self):
        return "cd %s && %s" % (self.cwd, " ".join(self.argv))

    def crashed(self):
        if self.returncode is None:
            return False
        if self.returncode < 0 or self.returncode >= 128:
            return True
        return any(marker in self.stderr for marker in CRASH_MARKERS)

    def describe_exit(self):
        if self.timed_out:
            return "timed out"
        if self.returncode is not None and self.returncode < 0:
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = "signal %d" % -self.returncode
            return "killed by %s" % name
        return "exit code %s" % self.returncode

    def transcript(self):
        parts = ["$ " + self.command_line(), "# " + self.describe_exit()]
        if self.stderr.strip():
            parts.append("# stderr:")
            parts.append(self.stderr.rstrip())
        return "\n".join(parts)


def run_tool(tool, args, cwd, env, timeout, stdin_text=None):
    argv = [tool] + list(args)
    if not os.path.exists(tool):
        return ToolRun(argv, cwd, None, "", "%s: no such file (not built?)" % tool,
                       missing=True)
    try:
        feed = {"stdin": subprocess.DEVNULL} if stdin_text is None else {
            "input": stdin_text.encode("utf-8")}
        proc = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout, **feed)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout or b""
        err = exc.stderr or b""
        return ToolRun(argv, cwd, None, out.decode("utf-8", "replace"),
                       err.decode("utf-8", "replace"), timed_out=True)
    except OSError as exc:
        return ToolRun(argv, cwd, None, "", "cannot run %s: %s" % (tool, exc),
                       missing=True)
    return ToolRun(argv, cwd, proc.returncode,
                   proc.stdout.decode("utf-8", "replace"),
                   proc.stderr.decode("utf-8", "replace"))


def load_manifest(conformance_dir):
    """Rows of MANIFEST.tsv as dicts keyed by the header; [] when absent."""
    path = os.path.join(conformance_dir, "MANIFEST.tsv")
    if not os.path.isfile(path):
        return []
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t",
                                   quoting=csv.QUOTE_NONE))


class Case(object):
    """One conformance case: `path` (tuple) names it inside the suite,
    `kind` the CaseKind that runs it, `data` whatever that kind needs."""

    def __init__(self, kind, path, input_file, data):
        self.kind = kind
        self.path = tuple(path)
        self.input_file = input_file
        self.data = data


class Context(object):
    """What a case kind may use while discovering and running cases."""

    def __init__(self, conformance_dir, tools_dir, manifest=None, env=None,
                 timeout=DEFAULT_TOOL_TIMEOUT):
        self.conformance_dir = conformance_dir
        self.tools_dir = tools_dir
        self.manifest = manifest if manifest is not None else []
        self.env = env
        self.timeout = timeout

    def tool(self, name):
        return os.path.join(self.tools_dir, name)

    def run(self, tool_name, args, cwd, stdin_text=None):
        return run_tool(self.tool(tool_name), args, cwd, self.env, self.timeout,
                        stdin_text)

    def manifest_rows(self, **match):
        for row in self.manifest:
            if all(row.get(key) == value for key, value in match.items()):
                yield row

    def input_notes(self, kind, name):
        """The MANIFEST.tsv notes of an input ("" where there are none); the
        manifest is read here if the context was made without it."""
        if not self.manifest:
            self.manifest = load_manifest(self.conformance_dir)
        for row in self.manifest_rows(kind=kind, name=name, role="input"):
            return row.get("notes") or ""
        return ""


# --------------------------------------------------------------------------
# Case kinds.
# --------------------------------------------------------------------------

class CaseKind(object):
    """Base class: `discover` yields Cases, `run` returns (lit code, text)."""

    name = None

    def discover(self, ctx):
        raise NotImplementedError

    def run(self, case, ctx):
        raise NotImplementedError


def _unsupported_ops_result(ops):
    return (lit.Test.UNSUPPORTED,
            "uses ops of a later issue: %s" % ", ".join(ops))


class OptPrintKind(CaseKind):
    """valid/<family>/<name>.mlir printed by cuda-tile-opt == reference."""

    name = "opt"
    base_flags = ["-no-implicit-module"]
    # (extra flags, suffix of the expected output next to the input)
    variants = [
        ([], ".opt.mlir"),
        (["-mlir-print-debuginfo"], ".opt.debuginfo.mlir"),
        (["-mlir-print-elementsattrs-with-hex-if-larger=-1"], ".opt.nohex.mlir"),
    ]

    def _inputs(self, ctx):
        rows = list(ctx.manifest_rows(kind="valid", role="input"))
        if rows:
            for row in rows:
                yield row["family"], row["name"]
            return
        valid_dir = os.path.join(ctx.conformance_dir, "valid")
        if not os.path.isdir(valid_dir):
            return
        for family in sorted(os.listdir(valid_dir)):
            family_dir = os.path.join(valid_dir, family)
            if not os.path.isdir(family_dir):
                continue
            for filename in sorted(os.listdir(family_dir)):
                stem, ext = os.path.splitext(filename)
                if ext == ".mlir" and "." not in stem:
                    yield family, stem

    def discover(self, ctx):
        for family, name in self._inputs(ctx):
            directory = os.path.join(ctx.conformance_dir, "valid", family)
            input_file = os.path.join(directory, name + ".mlir")
            yield Case(self.name, ("opt", family, name), input_file,
                       {"dir": directory, "name": name})

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        log = []
        checked = 0
        for extra, suffix in self.variants:
            expected_path = os.path.join(directory, name + suffix)
            if not os.path.isfile(expected_path):
                continue
            result = ctx.run("cuda-tile-opt",
                             self.base_flags + extra + [name + ".mlir"], directory)
            if result.missing:
                return lit.Test.FAIL, result.stderr
            if result.timed_out:
                return lit.Test.TIMEOUT, result.transcript()
            if result.crashed():
                return lit.Test.FAIL, "crash:\n" + result.transcript()
            if result.returncode != 0:
                ops = unknown_ops(result.stderr)
                if ops:
                    return _unsupported_ops_result(ops)
                return (lit.Test.FAIL,
                        "the reference accepts this input, ours rejects it:\n"
                        + result.transcript())
            expected = read_text(expected_path)
            if collapse_whitespace(expected) != collapse_whitespace(result.stdout):
                diff = readable_diff(expected, result.stdout, name + suffix,
                                     "cuda-tile-opt output")
                log.append("$ " + result.command_line())
                return (lit.Test.FAIL,
                        "\n".join(log) + "\noutput differs from %s:\n%s\n"
                        % (name + suffix, diff))
            log.append("$ %s  # matches %s" % (result.command_line(),
                                               name + suffix))
            checked += 1
        if not checked:
            return (lit.Test.UNRESOLVED,
                    "no reference output (%s.opt.mlir) next to %s"
                    % (name, case.input_file))
        return lit.Test.PASS, "\n".join(log) + "\n"


class InvalidKind(CaseKind):
    """invalid/<name>.mlir rejected like the reference's <name>.err says."""

    name = "invalid"
    default_flags = ["-no-implicit-module"]

    def discover(self, ctx):
        invalid_dir = os.path.join(ctx.conformance_dir, "invalid")
        flags_by_name = {}
        names = []
        for row in ctx.manifest_rows(kind="invalid", role="input"):
            names.append(row["name"])
            flags_by_name[row["name"]] = row.get("opt_flags", "")
        if not names and os.path.isdir(invalid_dir):
            for filename in sorted(os.listdir(invalid_dir)):
                stem, ext = os.path.splitext(filename)
                if ext == ".mlir" and "." not in stem:
                    names.append(stem)
        for name in names:
            flags = (flags_by_name.get(name) or "").split()
            if not flags or flags == ["-"]:
                flags = list(self.default_flags)
            yield Case(self.name, ("invalid", name),
                       os.path.join(invalid_dir, name + ".mlir"),
                       {"dir": invalid_dir, "name": name, "flags": flags})

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        reference_path = os.path.join(directory, name + ".err")
        if not os.path.isfile(reference_path):
            return lit.Test.UNRESOLVED, "missing reference " + reference_path
        reference = read_text(reference_path)
        result = ctx.run("cuda-tile-opt", case.data["flags"] + [name + ".mlir"],
                         directory)
        if result.missing:
            return lit.Test.FAIL, result.stderr
        if result.timed_out:
            return lit.Test.TIMEOUT, result.transcript()
        if result.crashed():
            return lit.Test.FAIL, "crash:\n" + result.transcript()
        ours_unknown = unknown_ops(result.stderr)
        if ours_unknown and not unknown_ops(reference):
            return _unsupported_ops_result(ours_unknown)
        if result.returncode == 0:
            return (lit.Test.FAIL,
                    "the reference rejects this input, ours accepts it:\n"
                    + result.transcript())

        expected_error = first_error(reference)
        actual_error = first_error(result.stderr)
        if actual_error is None:
            return (lit.Test.FAIL,
                    "rejected, but no 'error:' diagnostic was printed:\n"
                    + result.transcript())
        if expected_error is None:
            return (lit.Test.UNRESOLVED,
                    "reference %s has no 'error:' line" % reference_path)

        # The first error as the reference prints it: file:line:column and
        # wording; then the whole stderr (warnings, notes, the generic form
        # of the op they show).
        expected_at, actual_at = expected_error[0], actual_error[0]
        info = ["reference: %s error: %s" % (expected_at, expected_error[1]),
                "ours:      %s error: %s" % (actual_at, actual_error[1])]
        if expected_at != actual_at:
            info.insert(0, "first error at %r, the reference reports it at %r"
                        % (actual_at, expected_at))
        elif expected_error[1] != actual_error[1]:
            info.insert(0, "first error worded differently from the reference")
        elif collapse_whitespace(reference) != collapse_whitespace(
                result.stderr):
            info.insert(0, "the diagnostics after the first error differ "
                        "from the reference's")
            info.append(readable_diff(reference, result.stderr,
                                      name + ".err", "ours"))
        else:
            info.insert(0, "$ " + result.command_line())
            return lit.Test.PASS, "\n".join(info) + "\n"
        info.append(result.transcript())
        return lit.Test.FAIL, "\n".join(info) + "\n"


def _unless_unreadable_by_design(ctx, name, failure):
    """A failure to parse our printed text back, unless MANIFEST.tsv notes
    that the reference's printed text of the input does not parse back
    either: we print as it prints (hints), so no text round trip exists."""
    notes = ctx.input_notes("valid", name)
    if "opt-output-does-not-reparse" in notes:
        return (lit.Test.UNSUPPORTED, "the reference's printed form of this "
                "input does not parse back (%s), nor does ours:\n%s"
                % (notes, failure))
    return lit.Test.FAIL, failure


class GenericRoundTripKind(OptPrintKind):
    """generic/<family>/<name>: the generic form of every valid input parses
    back and prints the reference's .opt.mlir text again."""

    name = "generic"

    def discover(self, ctx):
        for case in OptPrintKind.discover(self, ctx):
            yield Case(self.name, ("generic",) + case.path[1:],
                       case.input_file, case.data)

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        expected_path = os.path.join(directory, name + ".opt.mlir")
        if not os.path.isfile(expected_path):
            return (lit.Test.UNRESOLVED,
                    "no reference output next to %s" % case.input_file)
        generic = ctx.run("cuda-tile-opt", self.base_flags +
                          ["-mlir-print-op-generic", name + ".mlir"], directory)
        if generic.crashed() or generic.missing or generic.timed_out:
            return lit.Test.FAIL, generic.transcript()
        if generic.returncode != 0:
            ops = unknown_ops(generic.stderr)
            if ops:
                return _unsupported_ops_result(ops)
            return lit.Test.FAIL, generic.transcript()
        custom = ctx.run("cuda-tile-opt", self.base_flags + ["-"], directory,
                         stdin_text=generic.stdout)
        if custom.crashed():
            return lit.Test.FAIL, custom.transcript()
        if custom.returncode != 0:
            return _unless_unreadable_by_design(
                ctx, name, "the generic form does not parse back:\n"
                + custom.transcript())
        expected = read_text(expected_path)
        if collapse_whitespace(expected) == collapse_whitespace(custom.stdout):
            return lit.Test.PASS, ""
        diff = readable_diff(expected, custom.stdout, name + ".opt.mlir",
                             "generic -> custom output")
        return lit.Test.FAIL, "generic round trip differs:\n" + diff


# --------------------------------------------------------------------------
# Bytecode case kinds.
# --------------------------------------------------------------------------

BYTECODE_VERSIONS = ("13.1", "13.2", "13.3")
_OFFSET = re.compile(r"error at offset \d+: ")


def _error_lines(text):
    """The `error:` lines of a tool's stderr, without their location."""
    lines = []
    for line in text.splitlines():
        match = _ERROR_LINE.search(line)
        if match:
            lines.append(line[match.end():].strip())
    return lines


def _first_difference(expected, actual):
    """Human-readable description of where two byte strings first differ."""
    limit = min(len(expected), len(actual))
    offset = next((i for i in range(limit) if expected[i] != actual[i]), limit)
    start = max(0, offset - 8)

    def window(data):
        return " ".join("%02x" % b for b in data[start:offset + 8])

    return ("%d bytes expected, %d written; first difference at offset %d\n"
            "  reference: %s\n  ours:      %s"
            % (len(expected), len(actual), offset, window(expected),
               window(actual)))


def _bytecode_inputs(ctx):
    """(family, name) of every valid input, as the opt cases see them."""
    return OptPrintKind()._inputs(ctx)


class _ScratchDir(object):
    """A temporary directory for tool outputs, removed afterwards."""

    def __enter__(self):
        import tempfile
        self.path = tempfile.mkdtemp(prefix="cuda-tile-conformance-")
        return self.path

    def __exit__(self, *exc):
        import shutil
        shutil.rmtree(self.path, ignore_errors=True)
        return False


class BytecodeWriteKind(CaseKind):
    """bytecode/<family>/<name>/<V>: our writer given valid/<family>/<name>.mlir
    and version V writes the reference's <name>.<V>.tileirbc byte for byte, or
    refuses it like <name>.<V>.err (non-zero exit, an error at the same
    file:line, no output file left behind)."""

    name = "bytecode"

    def discover(self, ctx):
        for family, name in _bytecode_inputs(ctx):
            directory = os.path.join(ctx.conformance_dir, "valid", family)
            for version in BYTECODE_VERSIONS:
                stem = os.path.join(directory, "%s.%s" % (name, version))
                if os.path.isfile(stem + ".tileirbc") or \
                        os.path.isfile(stem + ".err"):
                    yield Case(self.name, ("bytecode", family, name, version),
                               os.path.join(directory, name + ".mlir"),
                               {"dir": directory, "name": name,
                                "version": version})

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        version = case.data["version"]
        expected_path = os.path.join(directory, "%s.%s.tileirbc"
                                     % (name, version))
        with _ScratchDir() as scratch:
            output = os.path.join(scratch, "out.tileirbc")
            result = ctx.run("cuda-tile-translate",
                             ["-mlir-to-cudatilebc", "-no-implicit-module",
                              "-bytecode-version=" + version, name + ".mlir",
                              "-o", output], directory)
            if result.missing:
                return lit.Test.FAIL, result.stderr
            if result.timed_out:
                return lit.Test.TIMEOUT, result.transcript()
            if result.crashed():
                return lit.Test.FAIL, "crash:\n" + result.transcript()
            if result.returncode != 0 and unknown_ops(result.stderr):
                return _unsupported_ops_result(unknown_ops(result.stderr))
            if os.path.isfile(expected_path):
                if result.returncode != 0:
                    return (lit.Test.FAIL,
                            "the reference writes this version, ours "
                            "refuses:\n" + result.transcript())
                with open(expected_path, "rb") as handle:
                    expected = handle.read()
                with open(output, "rb") as handle:
                    actual = handle.read()
                if expected != actual:
                    return (lit.Test.FAIL,
                            "$ %s\nbytes differ from %s: %s\n"
                            % (result.command_line(),
                               os.path.basename(expected_path),
                               _first_difference(expected, actual)))
                return (lit.Test.PASS, "$ %s  # %d bytes, identical\n"
                        % (result.command_line(), len(actual)))
            # The reference refuses this version.
            reference = read_text(os.path.join(directory, "%s.%s.err"
                                               % (name, version)))
            if result.returncode == 0:
                return (lit.Test.FAIL,
                        "the reference refuses version %s, ours writes it:\n%s"
                        % (version, result.transcript()))
            if os.path.exists(output):
                return (lit.Test.FAIL, "refused, but left an output file:\n"
                        + result.transcript())
            expected_error = first_error(reference)
            actual_error = first_error(result.stderr)
            if actual_error is None:
                return (lit.Test.FAIL, "refused without an 'error:' "
                        "diagnostic:\n" + result.transcript())
            if expected_error and \
                    file_and_line(expected_error[0]) != \
                    file_and_line(actual_error[0]):
                return (lit.Test.FAIL,
                        "refusal reported at %r, the reference reports it at "
                        "%r\n%s" % (actual_error[0], expected_error[0],
                                    result.transcript()))
            same = expected_error is not None and \
                expected_error[1] == actual_error[1]
            return (lit.Test.PASS,
                    "$ %s\nrefused: %s\nmessage: %s\n"
                    % (result.command_line(), actual_error[1],
                       "same wording as the reference" if same else
                       "wording differs from the reference (information "
                       "only)"))


_SUPPORTED_RANGE = re.compile(r"this reader supports versions \[[0-9.]+ - [0-9.]+\]")


_range_cache = {}


def _supported_range(ctx):
    """How this build's reader names its range, from --list-versions."""
    if ctx.tools_dir not in _range_cache:
        listed = ctx.run("cuda-tile-translate", ["--list-versions"], ".")
        versions = [line.split()[0] for line in listed.stdout.splitlines()
                    if line.strip()]
        _range_cache[ctx.tools_dir] = (
            "this reader supports versions [%s - %s]"
            % (versions[0], versions[-1]))
    return _range_cache[ctx.tools_dir]


class BytecodeReadKind(CaseKind):
    """read/<family>/<name>/<V>: reading the reference's <name>.<V>.tileirbc
    prints the reference reader's text (<name>.<V>.roundtrip.mlir or
    <name>.roundtrip.mlir, and .roundtrip.debuginfo.mlir with
    -mlir-print-debuginfo), whitespace runs aside.

    Where the reference reader fails on its own writer's output
    (<name>.<V>.read.err, the self-contained dense attribute of
    assume_hints/hint_dense_value), ours reads the file: that case passes when
    our text writes back to the very same bytes (a documented improvement,
    docs/bytecode.md)."""

    name = "read"

    def discover(self, ctx):
        for family, name in _bytecode_inputs(ctx):
            directory = os.path.join(ctx.conformance_dir, "valid", family)
            for version in BYTECODE_VERSIONS:
                path = os.path.join(directory, "%s.%s.tileirbc"
                                    % (name, version))
                if os.path.isfile(path):
                    yield Case(self.name, ("read", family, name, version),
                               path, {"dir": directory, "name": name,
                                      "version": version})

    def _read(self, ctx, directory, filename, extra=()):
        return ctx.run("cuda-tile-translate",
                       ["-cudatilebc-to-mlir"] + list(extra) + [filename],
                       directory)

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        version = case.data["version"]
        filename = "%s.%s.tileirbc" % (name, version)
        expected_path = None
        for candidate in ("%s.%s.roundtrip.mlir" % (name, version),
                          "%s.roundtrip.mlir" % name):
            if os.path.isfile(os.path.join(directory, candidate)):
                expected_path = os.path.join(directory, candidate)
                break
        read_err = os.path.join(directory, "%s.%s.read.err" % (name, version))

        result = self._read(ctx, directory, filename)
        if result.missing:
            return lit.Test.FAIL, result.stderr
        if result.timed_out:
            return lit.Test.TIMEOUT, result.transcript()
        if result.crashed():
            return lit.Test.FAIL, "crash:\n" + result.transcript()
        if result.returncode != 0:
            return (lit.Test.FAIL, "cannot read the reference's file:\n"
                    + result.transcript())

        if expected_path is None:
            if not os.path.isfile(read_err):
                return (lit.Test.UNRESOLVED,
                        "no reader output or .read.err for " + filename)
            return self._improvement(ctx, directory, filename, version,
                                     result)

        log = ["$ " + result.command_line()]
        checks = [([], expected_path)]
        debuginfo = os.path.join(directory,
                                 "%s.roundtrip.debuginfo.mlir" % name)
        if os.path.isfile(debuginfo):
            checks.append((["-mlir-print-debuginfo"], debuginfo))
        for extra, path in checks:
            if extra:
                result = self._read(ctx, directory, filename, extra)
                if result.returncode != 0 or result.crashed():
                    return lit.Test.FAIL, result.transcript()
                log.append("$ " + result.command_line())
            expected = read_text(path)
            if collapse_whitespace(expected) == \
                    collapse_whitespace(result.stdout):
                log[-1] += "  # matches " + os.path.basename(path)
                continue
            diff = readable_diff(expected, result.stdout,
                                 os.path.basename(path), "reader output")
            return (lit.Test.FAIL, "\n".join(log) +
                    "\noutput differs from %s:\n%s\n"
                    % (os.path.basename(path), diff))
        return lit.Test.PASS, "\n".join(log) + "\n"

    def _improvement(self, ctx, directory, filename, version, result):
        with open(os.path.join(directory, filename), "rb") as handle:
            original = handle.read()
        with _ScratchDir() as scratch:
            # From the bytes (the printed text may not parse back, as the
            # reference's would not: hint values without their type).
            output = os.path.join(scratch, "again.tileirbc")
            again = ctx.run("cuda-tile-translate",
                            ["-mlir-to-cudatilebc", "-no-implicit-module",
                             "-bytecode-version=" + version, filename, "-o",
                             output], directory)
            if again.returncode != 0 or again.crashed():
                return (lit.Test.FAIL, "the reference cannot read this file; "
                        "ours reads it but cannot write it back:\n"
                        + again.transcript())
            with open(output, "rb") as handle:
                rewritten = handle.read()
        if rewritten != original:
            return (lit.Test.FAIL, "the reference cannot read this file; ours "
                    "reads it, but writing the result back gives other "
                    "bytes: " + _first_difference(original, rewritten))
        return (lit.Test.PASS, "documented improvement: the reference reader "
                "fails on this file (.read.err), ours reads it and writes the "
                "same %d bytes back\n" % len(original))


class InvalidBytecodeKind(CaseKind):
    """invalid_bytecode/<name>: reading a corrupted file fails without a crash,
    with error diagnostics that name byte offsets; the first error must read
    as the reference's first error (<name>.err)."""

    name = "invalid_bytecode"

    def discover(self, ctx):
        directory = os.path.join(ctx.conformance_dir, "invalid_bytecode")
        if not os.path.isdir(directory):
            return
        for filename in sorted(os.listdir(directory)):
            stem, ext = os.path.splitext(filename)
            if ext == ".tileirbc":
                yield Case(self.name, ("invalid_bytecode", stem),
                           os.path.join(directory, filename),
                           {"dir": directory, "name": stem})

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        result = ctx.run("cuda-tile-translate",
                         ["-cudatilebc-to-mlir", name + ".tileirbc"],
                         directory)
        if result.missing:
            return lit.Test.FAIL, result.stderr
        if result.timed_out:
            return lit.Test.TIMEOUT, result.transcript()
        if result.crashed():
            return lit.Test.FAIL, "crash:\n" + result.transcript()
        if result.returncode == 0:
            return (lit.Test.FAIL, "corrupted bytecode was accepted:\n"
                    + result.transcript())
        ours = _error_lines(result.stderr)
        if not any(_OFFSET.search(line) for line in ours):
            return (lit.Test.FAIL, "rejected without an 'error at offset N' "
                    "diagnostic:\n" + result.transcript())
        reference_path = os.path.join(directory, name + ".err")
        if not os.path.isfile(reference_path):
            return lit.Test.PASS, "rejected (no reference .err to compare)\n"
        # The refusal of a version names the reader's own range: the
        # reference reads up to 13.3, this reader up to its newest version.
        reference = [_SUPPORTED_RANGE.sub(_supported_range(ctx), line)
                     for line in _error_lines(read_text(reference_path))]
        if reference and ours[0] != reference[0]:
            return (lit.Test.FAIL,
                    "first error differs from the reference's:\n"
                    "  reference: %s\n  ours:      %s\n%s"
                    % (reference[0], ours[0], result.transcript()))
        return (lit.Test.PASS, "$ %s\n%s\nall errors: %s\n"
                % (result.command_line(), "\n".join(ours),
                   "same as the reference" if ours == reference else
                   "follow-up lines differ from the reference (information "
                   "only)"))


# --------------------------------------------------------------------------
# Optimizer case kind.
# --------------------------------------------------------------------------

class OptimizeKind(OptPrintKind):
    """optimize/<family>/<name>: cuda-tile-optimize keeps every valid input
    valid. Each pipeline's output must be accepted by cuda-tile-opt."""

    name = "optimize"
    pipelines = [["-O3"], ["-O3", "--fuse-fma"]]

    def discover(self, ctx):
        for case in OptPrintKind.discover(self, ctx):
            yield Case(self.name, ("optimize",) + case.path[1:],
                       case.input_file, case.data)

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        log = []
        for flags in self.pipelines:
            optimized = ctx.run("cuda-tile-optimize", flags + [name + ".mlir"],
                                directory)
            if optimized.missing or optimized.timed_out or optimized.crashed():
                code = (lit.Test.TIMEOUT if optimized.timed_out
                        else lit.Test.FAIL)
                return code, optimized.transcript()
            if optimized.returncode != 0:
                ops = unknown_ops(optimized.stderr)
                if ops:
                    return _unsupported_ops_result(ops)
                return (lit.Test.FAIL, "cuda-tile-optimize rejects a valid "
                        "input:\n" + optimized.transcript())
            verified = ctx.run("cuda-tile-opt", self.base_flags + ["-"],
                               directory, stdin_text=optimized.stdout)
            if verified.crashed():
                return lit.Test.FAIL, verified.transcript()
            if verified.returncode != 0:
                return _unless_unreadable_by_design(
                    ctx, name, "the output of %s does not verify:\n%s"
                    "\n--- output ---\n%s"
                    % (" ".join(optimized.argv), verified.transcript(),
                       optimized.stdout))
            log.append("$ %s | cuda-tile-opt -  # verifies"
                       % optimized.command_line())
        return lit.Test.PASS, "\n".join(log) + "\n"


class PTXKind(OptPrintKind):
    """ptx/<family>/<name>/<target>: cuda-tile-translate -cudatile-to-ptx
    compiles every valid input for sm_100, sm_80 and sm_90, and ptxas accepts
    the PTX. On sm_80 and sm_90 a construct the target lacks may be refused
    instead, with an error naming it and the minimum target ("... requires
    sm_NN ..."). Without ptxas the cases are UNSUPPORTED."""

    name = "ptx"
    targets = ("sm_100", "sm_80", "sm_90")
    _refusal = re.compile(r"requires sm_(\d+)")

    def discover(self, ctx):
        for case in OptPrintKind.discover(self, ctx):
            for target in self.targets:
                yield Case(self.name, ("ptx",) + case.path[1:] + (target,),
                           case.input_file, dict(case.data, target=target))

    @staticmethod
    def _ptxas():
        import shutil
        found = shutil.which("ptxas")
        if found:
            return found
        for root in (os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
            if root and os.path.isfile(os.path.join(root, "bin", "ptxas")):
                return os.path.join(root, "bin", "ptxas")
        return None

    def run(self, case, ctx):
        directory, name = case.data["dir"], case.data["name"]
        target = case.data["target"]

        def refused(result):
            ops = unknown_ops(result.stderr)
            if ops:
                return _unsupported_ops_result(ops)
            needed = self._refusal.search(result.stderr)
            if (target != "sm_100" and needed and
                    int(needed.group(1)) > int(target[3:])):
                return (lit.Test.PASS, "refused for %s as expected:\n%s"
                        % (target, result.transcript()))
            return None

        return compile_to_ptx(ctx, name + ".mlir", directory, target, refused)


def abnormal_exit(run):
    """A lit result when tool `run` is missing, timed out or crashed, else
    None."""
    if run.missing:
        return lit.Test.FAIL, run.stderr
    if run.timed_out:
        return lit.Test.TIMEOUT, run.transcript()
    if run.crashed():
        return lit.Test.FAIL, "crash:\n" + run.transcript()
    return None


def failed_run(run):
    """A lit result when tool `run` is missing, timed out, crashed or exited
    non-zero, else None."""
    bad = abnormal_exit(run)
    if bad or run.returncode == 0:
        return bad
    return lit.Test.FAIL, run.transcript()


def compile_to_ptx(ctx, input_file, directory, target, refused=None):
    """Compiles `input_file` (in `directory`) to PTX for `target` and has
    ptxas assemble it. `refused(result)` may turn a failed compilation into
    a lit result. UNSUPPORTED when ptxas is missing."""
    with _ScratchDir() as scratch:
        output = os.path.join(scratch, "out.ptx")
        result = ctx.run("cuda-tile-translate",
                         ["-cudatile-to-ptx", "--gpu-name=" + target,
                          input_file, "-o", output], directory)
        abnormal = abnormal_exit(result)
        if abnormal:
            return abnormal
        if result.returncode != 0:
            verdict = refused(result) if refused else None
            return verdict or (lit.Test.FAIL, "PTX generation failed:\n"
                               + result.transcript())
        ptxas = PTXKind._ptxas()
        if not ptxas:
            return (lit.Test.UNSUPPORTED,
                    "ptxas not found (PATH, $CUDA_HOME/bin, "
                    "/usr/local/cuda/bin): PTX generated but not checked")
        checked = run_tool(ptxas, ["-arch=" + target, output, "-o",
                                   os.path.join(scratch, "out.cubin")],
                           scratch, ctx.env, ctx.timeout)
        if checked.timed_out:
            return lit.Test.TIMEOUT, checked.transcript()
        if checked.returncode != 0:
            return (lit.Test.FAIL, "ptxas rejects the PTX:\n%s\n%s"
                    % (result.transcript(), checked.transcript()))
        return (lit.Test.PASS, "$ %s\n$ %s  # accepted\n"
                % (result.command_line(), checked.command_line()))


# Every kind of conformance case, in discovery order.
CASE_KINDS = [
    OptPrintKind(),
    GenericRoundTripKind(),
    InvalidKind(),
    BytecodeWriteKind(),
    BytecodeReadKind(),
    InvalidBytecodeKind(),
    OptimizeKind(),
    PTXKind(),
]


# --------------------------------------------------------------------------
# The lit format.
# --------------------------------------------------------------------------

class ConformanceFormat(TestFormat):
    """Generates one lit test per conformance case of `conformance_dir`."""

    MISSING_TEST_NAME = "conformance-data-set"

    def __init__(self, conformance_dir, tools_dir, kinds=None):
        self.conformance_dir = os.path.abspath(conformance_dir)
        self.tools_dir = tools_dir
        self.kinds = list(kinds) if kinds is not None else list(CASE_KINDS)

    def _kind(self, name):
        for kind in self.kinds:
            if kind.name == name:
                return kind
        raise KeyError(name)

    def _context(self, with_manifest, env=None, timeout=DEFAULT_TOOL_TIMEOUT):
        manifest = load_manifest(self.conformance_dir) if with_manifest else []
        return Context(self.conformance_dir, self.tools_dir, manifest, env,
                       timeout)

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig,
                            localConfig):
        if not os.path.isdir(self.conformance_dir):
            # A single placeholder test that reports UNSUPPORTED.
            yield lit.Test.Test(testSuite,
                                path_in_suite + (self.MISSING_TEST_NAME,),
                                localConfig)
            return
        ctx = self._context(with_manifest=True)
        for kind in self.kinds:
            for case in kind.discover(ctx):
                test = lit.Test.Test(testSuite, path_in_suite + case.path,
                                     localConfig, file_path=case.input_file)
                test.conformance_case = case
                yield test

    def getTestsForPath(self, testSuite, path_in_suite, litConfig, localConfig):
        # Conformance tests have no files of their own in the suite; select
        # them with lit's --filter instead of naming a path.
        return iter(())

    def execute(self, test, litConfig):
        if not os.path.isdir(self.conformance_dir):
            return (lit.Test.UNSUPPORTED,
                    "conformance data set not found at %s "
                    "(configure with -DCUDA_TILE_CONFORMANCE_DIR=...)"
                    % self.conformance_dir)
        case = getattr(test, "conformance_case", None)
        if case is None:
            return lit.Test.UNRESOLVED, "not a conformance case"
        if litConfig.noExecute:
            return lit.Test.PASS, ""
        timeout = litConfig.maxIndividualTestTime or DEFAULT_TOOL_TIMEOUT
        ctx = self._context(with_manifest=False,
                            env=dict(test.config.environment), timeout=timeout)
        try:
            return self._kind(case.kind).run(case, ctx)
        except Exception as exc:  # a bug in this format, not in the tool
            import traceback
            return (lit.Test.UNRESOLVED,
                    "conformance format error: %s\n%s"
                    % (exc, traceback.format_exc()))
