"""Command line: ``python -m cuda_tile_bytecode {dump,migrate,check} ...``.

Exit status: 0 success, 1 invalid input or refused conversion (one line on
stderr), 2 usage error, 70 internal error.  Set CUDA_TILE_BYTECODE_TRACEBACK=1
to see the traceback of an internal error.
"""

import argparse
import io
import os
import sys

from . import __version__
from .dump import dump
from .migrate import MigrationError, migrate_bytes
from .output import write_output
from .reader import read_bytecode
from .wire import (BytecodeError, DecodeError, EncodeError, SUPPORTED_VERSIONS,
                   parse_version_patch)
from .writer import write_bytecode

PROG = "cuda_tile_bytecode"


class CommandError(Exception):
    """A failure reported as one line (message already formatted)."""


def _read(path):
    """The bytes of file `path`; `-` is standard input."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise CommandError("%s: cannot read: %s" % (path, e.strerror or e))


def _write(path, data, out):
    """Writes `data` to `path` (see :mod:`.output`); `-` is standard output
    (the binary buffer behind `out`)."""
    stream = None
    if path == "-":
        stream = getattr(out, "buffer", None) or sys.stdout.buffer
        out.flush()
    try:
        write_output(path, data, stream)
    except OSError as e:
        raise CommandError("%s: cannot write: %s" % (path, e.strerror or e))


def _version(text):
    """The --to text, checked; the patch number (13.3.1) is kept."""
    try:
        parse_version_patch(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e))
    return text.strip()


def cmd_dump(args, out, err):
    data = _read(args.file)
    try:
        dump(data, out, emulate_reference=args.emulate_reference)
    except DecodeError as e:
        out.flush()
        raise CommandError("%s: %s" % (args.file, e))
    return 0


def cmd_migrate(args, out, err):
    data = _read(args.input)
    try:
        result = migrate_bytes(data, args.to)
    except DecodeError as e:
        raise CommandError("%s: %s" % (args.input, e))
    except EncodeError as e:
        raise CommandError("%s: cannot write bytecode %s: %s" % (args.input, args.to, e))
    except MigrationError as e:
        raise CommandError("%s: %s" % (args.input, e))
    for note in result.dropped:
        err.write("%s: note: %s: dropped %s\n" % (PROG, args.input, note))
    if result.source_version == result.target_version and not result.canonical:
        err.write("%s: note: %s: the input was not in canonical form; the output is re-encoded\n"
                  % (PROG, args.input))
    _write(args.output, result.data, out)
    if args.verbose:
        target = str(result.target_version)
        if result.patch:
            target += ".%d" % result.patch
        # With -o -, standard output holds the bytecode: the line goes to stderr.
        (err if args.output == "-" else out).write(
            "%s: %s -> %s (%d bytes)\n" % (args.output, result.source_version, target,
                                          len(result.data)))
    return 0


def cmd_check(args, out, err):
    status = 0
    for path in args.files:
        data = _read(path)
        try:
            module = read_bytecode(data)
            again = write_bytecode(module, module.version)
        except BytecodeError as e:
            raise CommandError("%s: %s" % (path, e))
        if again != data:
            raise CommandError("%s: reads, but does not write back byte-identically "
                               "(not in the reference writer's canonical form)" % path)
        out.write("%s: ok (bytecode %s, %d functions, %d globals)\n"
                  % (path, module.version, len(module.functions), len(module.globals)))
    return status


def build_parser():
    ap = argparse.ArgumentParser(prog=PROG, description="CUDA Tile IR bytecode tools.")
    ap.add_argument("--version", action="version", version="%(prog)s " + __version__)
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    d = sub.add_parser("dump", help="print the header, sections, tables and ops of a file",
                       description="Print the header, the sections, the tables and the "
                                   "ops of a bytecode file, one item per line, with "
                                   "offsets.")
    d.add_argument("file", help="bytecode file, or - for standard input")
    d.add_argument("--emulate-reference", action="store_true",
                   help="fail where the reference reader fails on its own writer's output")
    d.set_defaults(func=cmd_dump)
    m = sub.add_parser("migrate", help="rewrite a file for another bytecode version",
                       description="Rewrite a bytecode file for another version, refusing "
                                   "constructs the target version lacks, and read the "
                                   "result back to check it.")
    m.add_argument("input", help="bytecode file, or - for standard input")
    m.add_argument("-o", "--output", required=True,
                   help="output file, or - for standard output (a regular file is replaced "
                        "only once complete; symlinks are followed, devices written in place)")
    m.add_argument("--to", required=True, type=_version, metavar="VERSION",
                   help="target version: %s; MAJOR.MINOR.PATCH also writes the patch "
                        "number into the header"
                        % ", ".join(str(v) for v in SUPPORTED_VERSIONS))
    m.add_argument("-v", "--verbose", action="store_true",
                   help="print the source and target versions and the size written "
                        "(to standard error with -o -)")
    m.set_defaults(func=cmd_migrate)
    c = sub.add_parser("check", help="read files and check they write back byte-identically",
                       description="Read each file and check that writing it back at its "
                                   "version gives the same bytes; prints one line per "
                                   "file and stops with an error at the first that does "
                                   "not.")
    c.add_argument("files", nargs="+", metavar="file", help="bytecode files")
    c.set_defaults(func=cmd_check)
    return ap


def main(argv=None, out=None, err=None):
    out = out or sys.stdout
    err = err or sys.stderr
    for stream in (out, err):
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (AttributeError, ValueError):
                pass
    args = build_parser().parse_args(argv)
    try:
        return args.func(args, out, err)
    except CommandError as e:
        err.write("%s: error: %s\n" % (PROG, e))
        return 1
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except KeyboardInterrupt:
        err.write("%s: interrupted\n" % PROG)
        return 130
    except Exception as e:  # an internal error: still one line unless asked
        if os.environ.get("CUDA_TILE_BYTECODE_TRACEBACK"):
            raise
        err.write("%s: internal error: %s: %s\n" % (PROG, type(e).__name__, e))
        return 70


def main_entry():
    """Console-script entry point (``cuda-tile-bytecode``)."""
    sys.exit(main())


if __name__ == "__main__":
    main_entry()
