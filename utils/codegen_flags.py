"""The code generator's options that utils/gpu-check.py and
bench/gpu/gpu_bench.py take to compile their kernels, and the
cuda-tile-translate flags they become. Python standard library only.
"""

# (argument, cuda-tile-translate flag, help)
SWITCHES = (
    ("--no-tma", "--tma=false",
     "matmul operands by cp.async where TMA could copy them; no tensor maps"),
    ("--no-store-runs", "--store-runs=false",
     "matmul results stored from their fragments, not in 16-byte runs "
     "regrouped through shared memory"),
    ("--no-round-rings-in-place", "--round-rings-in-place=false",
     "f32 operands of tf32 matmuls rounded as each register is read, not "
     "once in the rings"),
    ("--refill-first", "--refill-first",
     "a GEMM loop's cp.async refills before its matmul"),
    ("--mbarrier-release", "--mbarrier-release",
     "TMA rings released through per-warp mbarriers, not a CTA barrier"),
    ("--tma-refill-after", "--tma-refill-after",
     "TMA rings refilled after the matmul, one buffer further ahead"),
    ("--no-pair-k-steps", "--pair-k-steps=false",
     "GEMM loops with K steps under 128 bytes keep one step per stage"),
    ("--tma-store", "--tma-store",
     "a kernel's last matmul result stored by TMA from the idle rings' "
     "memory"),
)

# (argument, help): a positive count, passed on as --NAME=N.
COUNTS = (
    ("--num-warps",
     "warps per tile block of every kernel (default: the compiler's choice)"),
    ("--num-stages",
     "buffers per matmul operand ring (default: the compiler's choice)"),
    ("--pair-mma-sync-k-steps",
     "buffers per ring of mma.sync GEMM loops whose K steps are paired "
     "(default: the compiler's choice)"),
)


def add_arguments(parser):
    """Adds the options to an argparse parser."""
    for name, flag, text in SWITCHES:
        parser.add_argument(name, action="store_true",
                            help="compile with %s: %s" % (flag, text))
    for name, text in COUNTS:
        parser.add_argument(name, type=int, help=text)


def _dest(name):
    return name[2:].replace("-", "_")


def translate_flags(args):
    """The cuda-tile-translate flags of the options given in `args`."""
    flags = [flag for name, flag, _ in SWITCHES if getattr(args, _dest(name))]
    for name, _ in COUNTS:
        count = getattr(args, _dest(name))
        if count:
            flags.append("%s=%d" % (name, count))
    return flags
