"""Replays the inputs the fuzzers saved (fuzz/crashes/<harness>/) through the
release tools: each must be accepted or refused with exit status 1, never
crash. Bytecode goes through cuda-tile-translate (and, when read, is written
back as bytecode), text and bytecode through cuda-tile-opt.

  replay.py CRASHES_DIR CUDA_TILE_OPT CUDA_TILE_TRANSLATE
"""

import os
import subprocess
import sys
import tempfile

HARNESSES = ("bytecode-reader", "bytecode-roundtrip", "text-parser")
MAGIC = b"\x7fTileIR\x00"


def run(cmd, stdin=None):
    result = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    return result.returncode, result.stdout


def main(argv):
    crashes, opt, translate = argv[1:4]
    failures = []
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        for harness in HARNESSES:
            directory = os.path.join(crashes, harness)
            if not os.path.isdir(directory):
                continue
            for name in sorted(os.listdir(directory)):
                path = os.path.join(directory, name)
                data = open(path, "rb").read()
                count += 1
                steps = [[opt, path, "-o", os.devnull]]
                if data.startswith(MAGIC):
                    text = os.path.join(tmp, "read.mlir")
                    steps.append([translate, "-cudatilebc-to-mlir", path, "-o", text])
                for cmd in steps:
                    status, _ = run(cmd)
                    if status not in (0, 1):
                        failures.append("%s: %s exited with %d" % (path, cmd[0], status))
                    elif cmd[0] == translate and status == 0:
                        # From the bytes: printed hints need not parse back
                        # (docs/cuda-tile-opt.md).
                        status, _ = run([translate, "-mlir-to-cudatilebc", path,
                                         "-o", os.path.join(tmp, "again.bc")])
                        if status != 0:
                            failures.append("%s: read but not written back" % path)
    for failure in failures:
        print("FAIL: " + failure)
    print("replayed %d inputs, %d failures" % (count, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
