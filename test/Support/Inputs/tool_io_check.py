"""Checks the output-file promises of every tool (docs/architecture.md, "Input
and output files") and prints one line per check, for FileCheck.

    tool_io_check.py plain KERNEL DIR    checks any user can run
    tool_io_check.py device KERNEL DIR   device nodes made with mknod (root)
    tool_io_check.py full KERNEL DIR     a full disk: a small tmpfs mounted on
                                         DIR in a private mount namespace
                                         (root, unshare)

The tools are found on PATH.
"""
import os
import stat
import subprocess
import sys

# Each tool reading KERNEL and writing to the file after -o.
COMMANDS = {
    "opt": ["cuda-tile-opt"],
    "optimize": ["cuda-tile-optimize"],
    "to-bytecode": ["cuda-tile-translate", "-mlir-to-cudatilebc"],
    "to-ptx": ["cuda-tile-translate", "-cudatile-to-ptx"],
}
RUN_ARGS = ["--entry", "k", "--grid", "1", "--arg", "zeros:f32:4",
            "--arg", "zeros:f32:4096"]


def run(argv):
    return subprocess.run(argv, capture_output=True)


FAILURES = []


def report(name, ok, detail=""):
    print(f"{name}: {'ok' if ok else 'FAILED ' + detail}")
    if not ok:
        FAILURES.append(name)


def leftovers(directory):
    return sorted(n for n in os.listdir(directory) if ".tmp-" in n)


def check_plain(kernel, work, bad):
    for name, command in COMMANDS.items():
        expected = run(command + [kernel]).stdout

        # A symlink stays a symlink; the file it points at gets the output.
        target, link = os.path.join(work, name + ".target"), os.path.join(work, name + ".link")
        with open(target, "w") as f:
            f.write("old\n")
        os.chmod(target, 0o640)
        os.symlink(os.path.basename(target), link)
        result = run(command + [kernel, "-o", link])
        with open(target, "rb") as f:
            written = f.read()
        report(f"{name} symlink", result.returncode == 0 and os.path.islink(link)
               and written == expected, f"rc={result.returncode} {result.stderr!r}")
        # The replaced file keeps its permission bits.
        mode = stat.S_IMODE(os.stat(target).st_mode)
        report(f"{name} mode kept", mode == 0o640, oct(mode))

        # A run that fails leaves the -o file as it was.
        kept = os.path.join(work, name + ".kept")
        with open(kept, "w") as f:
            f.write("old\n")
        result = run(command + [bad, "-o", kept])
        with open(kept) as f:
            report(f"{name} failed run keeps the file",
                   result.returncode != 0 and f.read() == "old\n")
        missing = os.path.join(work, name + ".missing")
        run(command + [bad, "-o", missing])
        report(f"{name} failed run creates nothing", not os.path.exists(missing))

        # /dev/stdout is written in place, /dev/full is an error.
        result = subprocess.run(command + [kernel, "-o", "/dev/stdout"],
                                capture_output=True)
        report(f"{name} /dev/stdout", result.returncode == 0
               and result.stdout == expected, f"rc={result.returncode}")
        result = run(command + [kernel, "-o", "/dev/full"])
        report(f"{name} /dev/full", result.returncode != 0
               and b"No space left on device" in result.stderr,
               f"rc={result.returncode} {result.stderr!r}")
        with open("/dev/full", "wb") as full:
            result = subprocess.run(command + [kernel], stdout=full,
                                    stderr=subprocess.PIPE)
        report(f"{name} stdout full", result.returncode != 0
               and b"No space left on device" in result.stderr,
               f"rc={result.returncode}")
        report(f"{name} no temporaries", not leftovers(work), str(leftovers(work)))

    # cuda-tile-run creates --out-dir only when the run succeeded.
    out_dir = os.path.join(work, "run-failed")
    result = run(["cuda-tile-run", kernel] + RUN_ARGS +
                 ["--arg", "i32:30", "--strict-assume", "--out-dir", out_dir])
    report("run failed run creates no directory",
           result.returncode != 0 and not os.path.exists(out_dir))
    out_dir = os.path.join(work, "run")
    result = run(["cuda-tile-run", kernel] + RUN_ARGS +
                 ["--arg", "i32:3", "--out-dir", out_dir])
    report("run writes every buffer", result.returncode == 0 and
           sorted(os.listdir(out_dir)) == ["arg0.npy", "arg1.npy"],
           f"rc={result.returncode} {result.stderr!r}")


def check_device(kernel, work, bad):
    for name, command in COMMANDS.items():
        node = os.path.join(work, name + ".null")
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        result = run(command + [kernel, "-o", node])
        report(f"{name} device node stays a device",
               result.returncode == 0 and stat.S_ISCHR(os.stat(node).st_mode))
        link = os.path.join(work, name + ".null-link")
        os.symlink(node, link)
        result = run(command + [kernel, "-o", link])
        report(f"{name} symlink to a device", result.returncode == 0
               and os.path.islink(link) and stat.S_ISCHR(os.stat(node).st_mode))
    out_dir = os.path.join(work, "run")
    os.mkdir(out_dir)
    node = os.path.join(out_dir, "arg0.npy")
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    result = run(["cuda-tile-run", kernel] + RUN_ARGS + ["--arg", "i32:3", "--out-dir", out_dir])
    report("run device node in --out-dir stays a device", result.returncode == 0
           and stat.S_ISCHR(os.stat(node).st_mode)
           and os.path.isfile(os.path.join(out_dir, "arg1.npy")))


def check_full(kernel, work, bad):
    # 8 KiB: room for small outputs, not for the 4096-float buffer of RUN_ARGS
    # or for the PTX and the filler written below.
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8k", "tmpfs", work], check=True)
    for name, command in COMMANDS.items():
        old = os.path.join(work, name + ".out")
        with open(old, "w") as f:
            f.write("old\n")
        filler = os.path.join(work, "filler")
        with open(filler, "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"x" * 1024)
            except OSError:
                pass
        result = run(command + [kernel, "-o", old])
        with open(old) as f:
            contents = f.read()
        report(f"{name} full disk", result.returncode != 0
               and b"No space left on device" in result.stderr
               and contents == "old\n" and not leftovers(work),
               f"rc={result.returncode} {contents!r} {leftovers(work)}")
        os.remove(filler)
        os.remove(old)
    # arg0.npy fits, arg1.npy does not: neither may be left.
    out_dir = os.path.join(work, "run")
    result = run(["cuda-tile-run", kernel] + RUN_ARGS + ["--arg", "i32:3", "--out-dir", out_dir])
    report("run full disk leaves no file", result.returncode != 0
           and b"No space left on device" in result.stderr
           and not os.path.exists(out_dir), f"rc={result.returncode} {result.stderr!r}")


def main():
    mode, kernel, work = sys.argv[1:4]
    bad = os.path.join(work, "bad.mlir")
    if mode == "full":
        # Re-run in a private mount namespace so the tmpfs is never seen
        # outside this test.
        if os.environ.get("TOOL_IO_IN_NAMESPACE") != "1":
            env = dict(os.environ, TOOL_IO_IN_NAMESPACE="1")
            sys.exit(subprocess.run(["unshare", "-m", sys.executable] + sys.argv,
                                    env=env).returncode)
    os.makedirs(work, exist_ok=True)
    if mode == "full":
        bad = os.path.join(os.path.dirname(work), "bad.mlir")
    with open(bad, "w") as f:
        f.write("this is not a cuda_tile module\n")
    {"plain": check_plain, "device": check_device, "full": check_full}[mode](kernel, work, bad)
    if FAILURES:
        sys.exit(f"{len(FAILURES)} check(s) failed: {', '.join(FAILURES)}")


if __name__ == "__main__":
    main()
