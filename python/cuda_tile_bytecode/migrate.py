"""Rewrite a bytecode file for another supported version.

The input is read into the (version-independent) object model and written
for the target, exactly as the reference writer would write the same IR:

* down: attributes newer than the target are dropped when they hold their
  default (``negi`` ``overflow<none>``, ``tanh``/``exp`` ``rounding<full>``)
  and refused otherwise; unused results newer than the target are dropped
  (``print_tko``'s token below 13.2); ops, types, optional fields and global
  properties the target lacks are refused with the reference's message, and
  so is an ``inbounds`` array of view loads and stores holding a true below
  13.4 (all false is what older files mean); the producer string is dropped
  below 13.3 (reported in ``dropped``);
* up: the defaults are written explicitly and new results materialized.

Before anything is returned (or a file written) the output is read back,
compared structurally with the input and re-encoded, which must reproduce
it byte for byte.  Writing the same version reproduces the input bytes for
every file the reference wrote.
"""

from .model import compare_modules
from .reader import read_bytecode
from .wire import BytecodeError, DecodeError, EncodeError, parse_version, parse_version_patch
from .output import write_output
from .writer import BytecodeWriter, write_bytecode

__all__ = ["MigrationError", "MigrationResult", "migrate_module", "migrate_bytes",
           "migrate_file"]


#: Offset of the 16-bit version tag (the patch number) in the header.
_VERSION_TAG = 10


class MigrationError(BytecodeError):
    """The migrated output failed its read-back check (a bug, not bad input)."""


class MigrationResult:
    """``data``: the output bytes; ``source_version`` / ``target_version``;
    ``patch``: the target's patch number (the header's version tag);
    ``dropped``: what was left out silently; ``identical``: the output equals
    the input (same-version rewrite of a canonical file); ``canonical``: it
    does apart from the header's version tag (a patch number given or
    dropped)."""

    def __init__(self, data, source_version, target_version, dropped, identical, patch=0,
                 canonical=None):
        self.data = data
        self.source_version = source_version
        self.target_version = target_version
        self.patch = patch
        self.dropped = dropped
        self.identical = identical
        self.canonical = identical if canonical is None else canonical

def migrate_module(module, version, patch=0):
    """Bytecode of ``module`` at ``version`` (with ``patch`` in the header's
    version tag), verified by reading it back.

    Returns ``(data, dropped)``; raises :class:`EncodeError` when the target
    cannot express the module and :class:`MigrationError` when the check
    fails.
    """
    target = parse_version(version)
    writer = BytecodeWriter(module, target, patch)
    data = writer.write()
    try:
        back = read_bytecode(data)
    except DecodeError as e:
        raise MigrationError("the %s output does not read back: %s" % (target, e))
    diff = compare_modules(module, back, ignore_producer=bool(writer.dropped))
    if diff:
        raise MigrationError("the %s output reads back different: %s" % (target, diff))
    again = write_bytecode(back, target, patch)
    if again != data:
        raise MigrationError("the %s output does not re-encode to the same bytes" % target)
    return data, list(writer.dropped)


def migrate_bytes(data, version):
    """Rewrite bytecode ``data`` for ``version`` (``"13.3"``, or ``"13.3.1"``
    to write patch number 1 into the header, as ``cuda-tile-translate
    -bytecode-version`` does); returns a :class:`MigrationResult`."""
    try:
        target, patch = parse_version_patch(version)
    except ValueError as e:
        raise EncodeError(str(e))
    module = read_bytecode(data)
    out, dropped = migrate_module(module, target, patch)
    data = bytes(data)
    canonical = (out[:_VERSION_TAG] + out[_VERSION_TAG + 2:]
                 == data[:_VERSION_TAG] + data[_VERSION_TAG + 2:])
    return MigrationResult(out, module.version, target, dropped, out == data, patch, canonical)


def migrate_file(src, dst, version):
    """Read ``src``, migrate it to ``version`` and write ``dst`` (see
    :func:`.output.write_output`)."""
    with open(src, "rb") as f:
        data = f.read()
    result = migrate_bytes(data, version)
    write_output(dst, result.data)
    return result
