"""Rewrite a bytecode file for another supported version.

The input is read into the (version-independent) object model and written
for the target, exactly as the reference writer would write the same IR:

* down: attributes newer than the target are dropped when they hold their
  default (``negi`` ``overflow<none>``, ``tanh``/``exp`` ``rounding<full>``)
  and refused otherwise; unused results newer than the target are dropped
  (``print_tko``'s token below 13.2); ops, types, optional fields and global
  properties the target lacks are refused with the reference's message; the
  producer string is dropped below 13.3 (reported in ``dropped``);
* up: the defaults are written explicitly and new results materialized.

Before anything is returned (or a file written) the output is read back,
compared structurally with the input and re-encoded, which must reproduce
it byte for byte.  Writing the same version reproduces the input bytes for
every file the reference wrote.
"""

import os
import tempfile

from .model import compare_modules
from .reader import read_bytecode
from .wire import BytecodeError, DecodeError, EncodeError, parse_version
from .writer import BytecodeWriter, write_bytecode

__all__ = ["MigrationError", "MigrationResult", "migrate_module", "migrate_bytes",
           "migrate_file", "atomic_write"]


class MigrationError(BytecodeError):
    """The migrated output failed its read-back check (a bug, not bad input)."""


class MigrationResult:
    """``data``: the output bytes; ``source_version`` / ``target_version``;
    ``dropped``: what was left out silently; ``identical``: the output equals
    the input (same-version rewrite of a canonical file)."""

    def __init__(self, data, source_version, target_version, dropped, identical):
        self.data = data
        self.source_version = source_version
        self.target_version = target_version
        self.dropped = dropped
        self.identical = identical


def migrate_module(module, version):
    """Bytecode of ``module`` at ``version``, verified by reading it back.

    Returns ``(data, dropped)``; raises :class:`EncodeError` when the target
    cannot express the module and :class:`MigrationError` when the check
    fails.
    """
    target = parse_version(version)
    writer = BytecodeWriter(module, target)
    data = writer.write()
    try:
        back = read_bytecode(data)
    except DecodeError as e:
        raise MigrationError("the %s output does not read back: %s" % (target, e))
    diff = compare_modules(module, back, ignore_producer=bool(writer.dropped))
    if diff:
        raise MigrationError("the %s output reads back different: %s" % (target, diff))
    again = write_bytecode(back, target)
    if again != data:
        raise MigrationError("the %s output does not re-encode to the same bytes" % target)
    return data, list(writer.dropped)


def migrate_bytes(data, version):
    """Rewrite bytecode ``data`` for ``version``; returns a :class:`MigrationResult`."""
    try:
        target = parse_version(version)
    except ValueError as e:
        raise EncodeError(str(e))
    module = read_bytecode(data)
    out, dropped = migrate_module(module, target)
    return MigrationResult(out, module.version, target, dropped, out == bytes(data))


def atomic_write(path, data):
    """Write ``data`` to ``path`` via a temporary file in the same directory,
    so that ``path`` is either untouched or complete."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".%s." % os.path.basename(path), suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if os.path.exists(path):
            try:
                os.chmod(tmp, os.stat(path).st_mode & 0o7777)
            except OSError:
                pass
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def migrate_file(src, dst, version):
    """Read ``src``, migrate it to ``version`` and write ``dst`` atomically."""
    with open(src, "rb") as f:
        data = f.read()
    result = migrate_bytes(data, version)
    atomic_write(dst, result.data)
    return result
