"""Read, write, migrate and build CUDA Tile IR bytecode (``.tileirbc``).

Standard library only.  Versions 13.1 to 13.4 are supported (13.3 is written
by default) and the output is byte-identical to the reference writer's.

    >>> import cuda_tile_bytecode as ctb
    >>> module = ctb.read_file("kernel.tileirbc")
    >>> data = ctb.write(module, "13.2")          # or module.to_bytes("13.2")
    >>> ctb.migrate_bytes(data, "13.3")           # checked re-encoding

Modules:

* :mod:`.wire`      varints, sections, exceptions
* :mod:`.tables`    opcodes, op field schemas, type/attribute tags, enums
                    (data in :mod:`._tables`, generated from TableGen)
* :mod:`.model`     the object model
* :mod:`.reader`    bytes -> model;  :mod:`.writer` model -> bytes
* :mod:`.migrate`   version conversion with a read-back check
* :mod:`.output`    writing output files (standard output, symlinks, devices,
                    regular files replaced only once complete)
* :mod:`.builder`   building modules in Python
* :mod:`.dump`      llvm-bcanalyzer-style listing
"""

from .wire import (  # noqa: F401
    BytecodeError, DecodeError, EncodeError, Version, SUPPORTED_VERSIONS, parse_version,
)
from .model import *  # noqa: F401,F403
from .model import __all__ as _model_all
from .reader import BytecodeReader, read_bytecode  # noqa: F401
from .writer import BytecodeWriter, write_bytecode  # noqa: F401
from .migrate import MigrationError, migrate_bytes, migrate_file  # noqa: F401
from .builder import Builder, ModuleBuilder  # noqa: F401
from .output import write_output

__version__ = "0.1.0"

#: Newest bytecode version.
LATEST_VERSION = SUPPORTED_VERSIONS[-1]
#: The version written by default (the reference toolchain's, 13.3).
DEFAULT_VERSION = SUPPORTED_VERSIONS[2]


def read(data, emulate_reference=False):
    """Read bytecode ``data`` (bytes) into a :class:`Module`."""
    return read_bytecode(data, emulate_reference)


def read_file(path, emulate_reference=False):
    """Read the bytecode file at ``path`` into a :class:`Module`."""
    with open(path, "rb") as f:
        return read_bytecode(f.read(), emulate_reference)


def write(module, version=None):
    """Bytecode of ``module`` for ``version`` (default: ``module.version``)."""
    return write_bytecode(module, version)


def write_file(module, path, version=None):
    """Write ``module`` to ``path`` (see :func:`.output.write_output`);
    nothing is written if encoding fails."""
    data = write_bytecode(module, version)
    write_output(path, data)
    return data


__all__ = [
    "BytecodeError", "DecodeError", "EncodeError", "MigrationError", "Version",
    "SUPPORTED_VERSIONS", "LATEST_VERSION", "DEFAULT_VERSION", "parse_version", "read", "read_file", "write",
    "write_file", "read_bytecode", "write_bytecode", "BytecodeReader", "BytecodeWriter",
    "migrate_bytes", "migrate_file", "write_output", "Builder", "ModuleBuilder",
] + list(_model_all)
