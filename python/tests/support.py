"""Shared helpers of the cuda_tile_bytecode tests.

* The package is imported from the source tree (``python/``) unless it is
  already importable.
* Conformance data: ``$CUDA_TILE_CONFORMANCE_DIR``, else
  ``<repo>/../shared/conformance``.  Tests that need it are skipped, with the
  reason printed, when it is absent.
* The C++ translator: ``$CUDA_TILE_TRANSLATE``, else
  ``<repo>/build/bin/cuda-tile-translate``.
"""

import glob
import re
import os
import sys
import unittest

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.dirname(TESTS_DIR)
REPO_DIR = os.path.dirname(PYTHON_DIR)

if PYTHON_DIR not in sys.path:
    try:
        import cuda_tile_bytecode  # noqa: F401
    except ImportError:
        sys.path.insert(0, PYTHON_DIR)

import cuda_tile_bytecode  # noqa: E402,F401

VERSIONS = ("13.1", "13.2", "13.3")


def conformance_dir():
    path = os.environ.get("CUDA_TILE_CONFORMANCE_DIR")
    if not path:
        path = os.path.join(REPO_DIR, os.pardir, "shared", "conformance")
    return os.path.normpath(path)


_REPORTED = set()


def _report(reason):
    if reason not in _REPORTED:
        _REPORTED.add(reason)
        sys.stderr.write("\nNOTE: skipping: %s\n" % reason)


def require_conformance(test_case=None):
    """The conformance directory, or skip (printing why)."""
    path = conformance_dir()
    if not os.path.isdir(os.path.join(path, "valid")):
        reason = ("conformance data not found at %s (set CUDA_TILE_CONFORMANCE_DIR)" % path)
        _report(reason)
        raise unittest.SkipTest(reason)
    return path


def valid_files(version=None):
    root = require_conformance()
    pattern = "*.tileirbc" if version is None else "*.%s.tileirbc" % version
    return sorted(glob.glob(os.path.join(root, "valid", "**", pattern), recursive=True))


def invalid_files():
    root = require_conformance()
    return sorted(glob.glob(os.path.join(root, "invalid_bytecode", "*.tileirbc")))


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def stem_and_version(path):
    """``.../name.13.2.tileirbc`` -> (``.../name``, ``"13.2"``)."""
    base = path[:-len(".tileirbc")]
    stem, _, minor = base.rpartition(".")
    stem, _, major = stem.rpartition(".")
    return stem, "%s.%s" % (major, minor)


def reference_error_lines(path):
    """Diagnostics of a reference ``.err`` file without the location prefix."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    lines = [l.split("error: ", 1)[1] if "error: " in l else l for l in lines
             if ": error: " in l or l.startswith("<unknown>")]
    # A version refusal names the reader's own range; the reference reads up
    # to 13.3, this package up to its newest version.
    newest = "this reader supports versions [13.1 - %s]" % (cuda_tile_bytecode.LATEST_VERSION,)
    return [re.sub(r"this reader supports versions \[[0-9.]+ - [0-9.]+\]", newest, l)
            for l in lines]


def relative(path):
    try:
        return os.path.relpath(path, conformance_dir())
    except ValueError:
        return path


def translate_binary():
    path = os.environ.get("CUDA_TILE_TRANSLATE") or os.path.join(REPO_DIR, "build", "bin",
                                                                 "cuda-tile-translate")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def require_translate():
    path = translate_binary()
    if path is None:
        reason = ("C++ cuda-tile-translate not found (set CUDA_TILE_TRANSLATE or build "
                  "build/bin/cuda-tile-translate)")
        _report(reason)
        raise unittest.SkipTest(reason)
    return path


# ---------------------------------------------------------------------------
# A tiny assembler for hand-made (often malformed) files
# ---------------------------------------------------------------------------
def varint(value):
    from cuda_tile_bytecode.wire import encode_varint
    return encode_varint(value)


def table(entries, align):
    """Payload of an offset-table section (strings, types): count, padding,
    u32 offsets, data."""
    out = bytearray(varint(len(entries)))
    out += b"\xcb" * (-len(out) % align)
    pos = 0
    for e in entries:
        out += pos.to_bytes(4, "little")
        pos += len(e)
    for e in entries:
        out += e
    return bytes(out)


def section(sid, payload, align=1):
    out = bytearray([sid | (0x80 if align > 1 else 0)])
    out += varint(len(payload))
    if align > 1:
        out += varint(align)
    return out, payload, align


def assemble(version, sections):
    """A file from ``[(id, payload, alignment), ...]`` (padding inserted)."""
    major, minor = (int(x) for x in version.split("."))
    out = bytearray(b"\x7fTileIR\x00" + bytes([major, minor, 0, 0]))
    for sid, payload, align in sections:
        head, payload, align = section(sid, payload, align)
        out += head
        if align > 1:
            out += b"\xcb" * (-len(out) % align)
        out += payload
    out.append(0)
    return bytes(out)


def function_record(name_index, sig_index, body, flags=0x02, loc_index=0):
    return (varint(name_index) + varint(sig_index) + bytes([flags]) + varint(loc_index)
            + varint(len(body)) + body)


def function_section(records):
    out = bytearray(varint(len(records)))
    for r in records:
        out += r
    out += b"\xcb" * (-len(out) % 8)
    return bytes(out)
