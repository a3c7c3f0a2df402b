#!/usr/bin/env python3
"""Runs a command, counts the bytes it writes to stdout, and checks its peak
resident memory (standard library only).

  peak_rss.py MAX_MIB COMMAND [ARG]...
      Prints 'stdout bytes: N' and 'peak rss below MAX_MIB MiB', or 'peak rss
      X MiB, over MAX_MIB MiB' (exit 1). Exits with the command's status when
      it fails.
"""
import resource
import subprocess
import sys


def main():
    limit_mib = int(sys.argv[1])
    proc = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE)
    count = 0
    while True:
        chunk = proc.stdout.read(1 << 20)
        if not chunk:
            break
        count += len(chunk)
    status = proc.wait()
    print("stdout bytes: %d" % count)
    if status != 0:
        print("command failed with status %d" % status)
        return status if status > 0 else 1
    # ru_maxrss is in KiB on Linux.
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    if peak_mib >= limit_mib:
        print("peak rss %d MiB, over %d MiB" % (peak_mib, limit_mib))
        return 1
    print("peak rss below %d MiB" % limit_mib)
    return 0


if __name__ == "__main__":
    sys.exit(main())
