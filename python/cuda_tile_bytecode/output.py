"""Writing an output file: the one place every command and API that writes
a file goes through.

* ``-`` is standard output.
* A symlink is followed: its target is written and the link stays a link.
* Something that is not a regular file (``/dev/null``, ``/dev/stdout``, a
  FIFO) is opened and written in place; replacing it would turn a device
  into a regular file.
* A regular or new file is written to a temporary file in its directory,
  flushed to disk, given the old file's permission bits (or the umask's for
  a new one) and renamed over it only then: the file is either untouched or
  complete, and a failure leaves no temporary behind.

A failed write (``ENOSPC`` on ``/dev/full``, a full disk) raises
:class:`OSError`.
"""

import os
import stat
import sys
import tempfile

__all__ = ["write_output"]


def write_output(path, data, stdout=None):
    """Write bytes ``data`` to ``path`` (``-``: the binary stream ``stdout``,
    by default the buffer of ``sys.stdout``)."""
    if path == "-":
        _write_stream(stdout, data)
        return
    try:
        mode = os.stat(path).st_mode            # of the symlink's target
    except FileNotFoundError:
        mode = None                             # new file, or a dangling symlink
    if mode is not None and not stat.S_ISREG(mode):
        # opened by its own name: /dev/stdout's target (/proc/self/fd/1) may
        # not resolve to a path
        _write_in_place(path, data)
    else:
        _replace(os.path.realpath(path), data, mode)


def _write_stream(stream, data):
    if stream is None:
        sys.stdout.flush()              # text printed before goes out first
        stream = sys.stdout.buffer
    stream.write(data)
    stream.flush()


def _write_in_place(target, data):
    """A device or FIFO: written through; a full device reports ENOSPC on
    the write or the flush, both of which raise."""
    with open(target, "wb", buffering=0) as f:
        view = memoryview(data)
        while view:
            written = f.write(view)
            view = view[written:]


def _replace(target, data, mode):
    directory = os.path.dirname(target)
    fd, temporary = tempfile.mkstemp(prefix=".%s." % os.path.basename(target), suffix=".tmp",
                                     dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            permissions = 0o666 & ~umask
        else:
            permissions = stat.S_IMODE(mode)
        os.chmod(temporary, permissions)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
