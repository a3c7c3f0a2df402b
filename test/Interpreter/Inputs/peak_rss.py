#!/usr/bin/env python3
"""Compares the peak resident memory of two commands (standard library only).

  peak_rss.py MAX_MIB -- BASELINE [ARG]... -- COMMAND [ARG]...
      Runs BASELINE, then COMMAND, each with its stdout counted and dropped.
      Prints 'stdout bytes: N' (COMMAND's) and 'peak rss growth below MAX_MIB
      MiB' when COMMAND's peak resident memory exceeds BASELINE's by less than
      MAX_MIB MiB; otherwise says by how much and exits 1. Comparing with a
      baseline run keeps the check independent of the build (sanitizers
      included). Exits with a command's status when it fails.
"""
import os
import subprocess
import sys


def run(argv):
    """Returns (stdout bytes, exit status, peak rss in KiB) of one command."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE)
    count = 0
    while True:
        chunk = proc.stdout.read(1 << 20)
        if not chunk:
            break
        count += len(chunk)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return count, proc.returncode, usage.ru_maxrss


def main():
    limit_mib = int(sys.argv[1])
    rest = sys.argv[2:]
    if rest[:1] != ["--"] or "--" not in rest[1:]:
        raise SystemExit(__doc__)
    split = rest.index("--", 1)
    baseline, command = rest[1:split], rest[split + 1:]
    _, status, base_kib = run(baseline)
    if status != 0:
        print("baseline failed with status %d" % status)
        return 1
    count, status, peak_kib = run(command)
    print("stdout bytes: %d" % count)
    if status != 0:
        print("command failed with status %d" % status)
        return 1
    growth_mib = (peak_kib - base_kib) // 1024
    if growth_mib >= limit_mib:
        print("peak rss grew by %d MiB, not below %d MiB" % (growth_mib, limit_mib))
        return 1
    print("peak rss growth below %d MiB" % limit_mib)
    return 0


if __name__ == "__main__":
    sys.exit(main())
