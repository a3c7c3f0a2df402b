#!/usr/bin/env python3
"""Runs cuda_tile kernels compiled to PTX on a GPU and compares their results
with the CPU interpreter (cuda-tile-run).

Python standard library and the CUDA driver (libcuda.so.1, through ctypes)
only. CI never runs this script; it needs an NVIDIA GPU.

  utils/gpu-check.py [--build DIR] [--gpu-name sm_XX] [--num-warps N]
                     [--reduction-order tree|sequential] [--no-tma]
                     [--no-store-runs] [--mbarrier-release]
                     [--tma-refill-after] [--tma-store] [--num-stages N]
                     [--refill-first] [--no-round-rings-in-place]
                     [--filter REGEX] [-v]
      compile, compute the references, run on the GPU and compare
      (--num-warps forces the CTA size of every kernel, to exercise other
      layouts; reduce compiles as warp-shuffle trees by default, whose float
      sums come in another order than the interpreter's, so `exact` float
      comparisons become rel=1e-5,abs=1e-4 (a sum of 1024 values of
      [-2, 2] that cancels to 0.65 differs by 1.7e-5), or the TOL of
      `exact/TOL`, while integers stay exact;
      --reduction-order sequential keeps the interpreter's order and
      compares bit for bit; --no-tma keeps matmul operands off TMA, whose
      kernels take tensor maps the script builds with
      cuTensorMapEncodeTiled; --no-store-runs stores matmul results from
      their fragments instead of in 16-byte runs through shared memory;
      --mbarrier-release releases TMA rings through per-warp mbarriers;
      --tma-refill-after refills them after the matmul; --tma-store
      stores a kernel's last matmul result by TMA;
      --no-round-rings-in-place rounds f32 ring operands to tf32 as each
      register is read; --num-stages and --refill-first as
      cuda-tile-translate's: utils/codegen_flags.py);
  utils/gpu-check.py --prepare DIR [...]
      only compile and compute the references (no GPU needed) into DIR;
  utils/gpu-check.py --run DIR [--filter REGEX] [--sanitize] [-v]
                     [--simulate [late|early]]
      only run the prepared cases of DIR on the GPU and compare (no build
      tree needed: DIR holds the PTX, the inputs and the expected outputs).
      --simulate runs them on the CPU PTX simulator instead (utils/ptx_sim.py,
      numpy; no TMA stores, atomics or local memory), its asynchronous
      copies landing as late as the waits allow or (early) at issue.
      Cases run in a child process that a fault (a misaligned address, say)
      ends; the next child goes on after the faulting case. A case without a
      result GPU_CHECK_CASE_TIMEOUT seconds (60) after its launch is reported
      as hung and its child killed (loading its module, which the driver
      compiles, may take GPU_CHECK_LOAD_TIMEOUT seconds: 600). --sanitize runs
      the first faulting cases again under compute-sanitizer.

Cases are the kernels of utils/gpu-check/*.mlir and examples/*.mlir. In a
kernel file, every line

  // GPU-CHECK: <entry> grid=X[,Y,Z] tol=<tolerance> args <arg> <arg> ...

is one case. Arguments use the cuda-tile-run syntax (`TYPE:VALUE` scalars,
`zeros:TYPE:COUNT` buffers, `@file.npy`) plus generated inputs
`gen:TYPE:COUNT:DIST` with DIST one of `u(lo,hi)` (uniform floats),
`i(lo,hi)` (uniform integers), `bits` (random bit patterns), `iota`,
`perm` (a permutation of 0..COUNT-1), `pick(a|b*N|...)` (values drawn
from the list, `b*N` counting N times: `-0.0`, `nan`, `inf`). Examples
take their arguments from
examples/reference.py (`gen` and `args`).

Every buffer argument is compared after the run (`arg<k>.npy` of
cuda-tile-run) with the case's tolerance:

  exact        bit-identical integers; floats equal (NaN matches NaN, zeros
               compared with their sign)
  order-free   exact, also for trees of float reductions: results that no
               order of the operations changes (max, min)
  rel=R,abs=A  |gpu - ref| <= A + R * |ref| (NaN/inf must match exactly)
  ulp=N        at most N units in the last place of the element type
  exact/TOL    exact in the sequential order, TOL (one of the above) in the
               tree order: long float scans and sums, whose rounding the
               order changes by more than the tree order's default bound

The tolerance of each op family (why it is what it is) is listed in
docs/codegen.md ("Checking on a GPU").
"""

import argparse
import ctypes
import hashlib
import json
import math
import os
import random
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import codegen_flags  # noqa: E402
from kernel_io import (DESCR, RAW, STRUCT, decode, encode_floats,  # noqa: E402
                       entry_arg_types, map_value, read_npy, write_npy)


def generate(elem, count, dist, rng):
    """Raw bytes of a generated input."""
    size = DESCR[elem][1]
    picked = re.match(r"pick\(([^)]*)\)$", dist)
    if picked:
        choices = []
        for item in picked.group(1).split("|"):
            value, _, times = item.partition("*")
            choices += [float(value)] * int(times or 1)
        vals = [rng.choice(choices) for _ in range(count)]
        if elem in ("f16", "bf16", "f32", "tf32", "f64"):
            return encode_floats(elem, vals)
        mask = (1 << (8 * size)) - 1
        return struct.pack("<%d%s" % (count, RAW[size]),
                           *[int(v) & mask for v in vals])
    m = re.match(r"(\w+)(?:\(([^,]*),([^)]*)\))?$", dist)
    if not m:
        raise SystemExit("bad distribution '%s'" % dist)
    kind, lo, hi = m.group(1), m.group(2), m.group(3)
    if kind == "bits":
        vals = [rng.getrandbits(8 * size) for _ in range(count)]
        if elem == "i1":
            vals = [v & 1 for v in vals]
        return struct.pack("<%d%s" % (count, RAW[size]), *vals)
    if kind in ("iota", "perm", "i"):
        if kind == "iota":
            vals = list(range(count))
        elif kind == "perm":
            vals = list(range(count))
            rng.shuffle(vals)
        else:
            vals = [rng.randint(int(lo, 0), int(hi, 0)) for _ in range(count)]
        if elem in ("f16", "bf16", "f32", "tf32", "f64"):
            return encode_floats(elem, [float(v) for v in vals])
        # integers, and raw bit patterns of the 8-bit float formats
        mask = (1 << (8 * size)) - 1
        return struct.pack("<%d%s" % (count, RAW[size]), *[v & mask for v in vals])
    if kind == "u":
        vals = [rng.uniform(float(lo), float(hi)) for _ in range(count)]
        return encode_floats(elem, vals)
    raise SystemExit("bad distribution '%s'" % dist)


# --------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------

class Case(object):
    def __init__(self, name, source, entry, grid, tol, args, threads=None):
        self.name, self.source, self.entry = name, source, entry
        self.grid, self.tol, self.args = grid, tol, args


def parse_kernel_file(path):
    cases = []
    with open(path) as f:
        text = f.read()
    for line in text.splitlines():
        m = re.match(r"\s*//\s*GPU-CHECK:\s*(\S+)\s+grid=(\S+)\s+tol=(\S+)\s+args(.*)$", line)
        if not m:
            continue
        entry, grid, tol, args = m.group(1), m.group(2), m.group(3), m.group(4).split()
        name = "%s/%s" % (os.path.splitext(os.path.basename(path))[0], entry)
        cases.append(Case(name, path, entry, grid, tol, args))
    return cases


def example_cases():
    cases = []
    ref = os.path.join(ROOT, "examples", "reference.py")
    if not os.path.exists(ref):
        return cases
    for name, tol in (("vector_add", "exact"), ("gemm", "rel=1e-4,abs=1e-5"),
                      ("softmax", "rel=1e-5,abs=1e-7"), ("layernorm", "rel=1e-5,abs=1e-5"),
                      ("prefix_sum", "exact"), ("histogram", "exact")):
        path = os.path.join(ROOT, "examples", name + ".mlir")
        if os.path.exists(path):
            case = Case("examples/" + name, path, None, None, tol, None)
            case.example = name
            cases.append(case)
    return cases


def all_cases():
    cases = []
    kdir = os.path.join(ROOT, "utils", "gpu-check")
    for fname in sorted(os.listdir(kdir)):
        if fname.endswith(".mlir"):
            cases += parse_kernel_file(os.path.join(kdir, fname))
    return cases + example_cases()


# --------------------------------------------------------------------------
# Preparation: PTX, inputs, reference outputs
# --------------------------------------------------------------------------

def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, **kw)


def prepare_case(case, build, gpu, outdir, rng, extra=()):
    """Compiles `case`, writes its inputs and the interpreter's outputs into
    `outdir`; returns its manifest entry (or an error string)."""
    os.makedirs(outdir, exist_ok=True)
    translate = os.path.join(build, "bin", "cuda-tile-translate")
    interp = os.path.join(build, "bin", "cuda-tile-run")
    if getattr(case, "example", None):
        ref = os.path.join(ROOT, "examples", "reference.py")
        r = run([sys.executable, ref, "gen", case.example, outdir])
        if r.returncode:
            return "reference.py gen failed: " + r.stderr
        r = run([sys.executable, ref, "args", case.example, outdir])
        words = r.stdout.split()
        args, i = [], 0
        while i < len(words):
            if words[i] == "--entry":
                case.entry = words[i + 1]
                i += 2
            elif words[i] == "--grid":
                case.grid = words[i + 1]
                i += 2
            elif words[i] == "--arg":
                args.append(words[i + 1])
                i += 2
            elif words[i] == "--threads":
                i += 2
            else:
                i += 1
        case.args = args
    with open(case.source) as f:
        text = f.read()
    try:
        types = entry_arg_types(text, case.entry)
    except ValueError as exc:
        return str(exc)
    if len(types) != len(case.args):
        return "%d arguments given, the entry takes %d" % (len(case.args), len(types))

    ptx = os.path.join(outdir, "kernel.ptx")
    r = run([translate, "-cudatile-to-ptx", "--gpu-name=" + gpu] + list(extra) +
            [case.source, "-o", ptx])
    if r.returncode:
        return "compilation failed:\n" + r.stderr
    with open(ptx) as f:
        ptx_text = f.read()
    threads, shared = launch_shape(ptx_text, case.entry)

    # Arguments for the interpreter and for the GPU.
    interp_args, gpu_args = [], []
    for k, (spec, (kind, elem)) in enumerate(zip(case.args, types)):
        if spec.startswith("gen:"):
            _, t, count, dist = spec.split(":", 3)
            raw = generate(t, int(count), dist, rng)
            path = os.path.join(outdir, "in%d.npy" % k)
            write_npy(path, DESCR[t][0], (int(count),), raw)
            spec = "@" + path
        if spec.startswith("@"):
            path = spec[1:]
            if not os.path.isabs(path):
                path = os.path.join(outdir, path)
            local = os.path.join(outdir, "in%d.npy" % k)
            if os.path.abspath(path) != os.path.abspath(local):
                shutil.copy(path, local)
            descr, shape, raw = read_npy(local)
            count = 1
            for d in shape:
                count *= d
            interp_args.append("@" + local)
            gpu_args.append({"kind": "buffer", "elem": elem, "file": "in%d.npy" % k,
                             "count": count, "nbytes": len(raw)})
        elif spec.startswith("zeros:"):
            _, t, count = spec.split(":")
            interp_args.append(spec)
            gpu_args.append({"kind": "buffer", "elem": t, "file": None,
                             "count": int(count),
                             "nbytes": int(count) * DESCR[t][1]})
        elif spec == "token":
            interp_args.append(spec)
            gpu_args.append({"kind": "token"})
        else:
            t, value = spec.split(":", 1)
            interp_args.append(spec)
            gpu_args.append({"kind": "scalar", "elem": t, "value": value})

    # A broken `assume` is undefined behaviour that the GPU may turn into a
    # fault (a misaligned vector access): refuse the case here.
    cmd = [interp, case.source, "--entry", case.entry, "--grid", case.grid,
           "--strict-assume", "--out-dir", os.path.join(outdir, "expected")]
    for a in interp_args:
        cmd += ["--arg", a]
    r = run(cmd)
    if r.returncode:
        return "the interpreter failed:\n" + r.stderr
    return {"name": case.name, "entry": case.entry, "grid": case.grid,
            "threads": threads, "shared": shared,
            "tensor_maps": tensor_maps(ptx_text, case.entry),
            "tol": case.tol, "args": gpu_args,
            "dir": os.path.basename(outdir), "stdout": r.stdout}


def launch_shape(ptx_text, entry):
    """The block size and the dynamic shared memory (bytes) `entry` must be
    launched with: its `.reqntid`, and its line in the PTX's list of kernels
    with dynamic shared memory (docs/codegen.md, kernel ABI)."""
    m = re.search(r"\.entry\s+%s\s*\(.*?\)\s*\.reqntid\s+(\d+)" % re.escape(entry),
                  ptx_text, re.S)
    threads = int(m.group(1)) if m else 128
    m = re.search(r"^//   %s (\d+)$" % re.escape(entry), ptx_text, re.M)
    return threads, int(m.group(1)) if m else 0


def tensor_maps(ptx_text, entry):
    """The tensor maps `entry` takes after its parameters, in order: the
    fields of its lines in the PTX's list (docs/codegen.md, kernel ABI)."""
    maps = []
    for m in re.finditer(r"^//   %s tensormap \d+: (.*)$" % re.escape(entry),
                         ptx_text, re.M):
        maps.append(dict(f.split("=", 1) for f in m.group(1).split()))
    return maps


def prepare(cases, build, gpu, root, seed, extra=()):
    os.makedirs(root, exist_ok=True)
    manifest, failures = [], []
    for i, case in enumerate(cases):
        rng = random.Random(seed + i)
        d = os.path.join(root, "case%03d" % i)
        entry = prepare_case(case, build, gpu, d, rng, extra)
        if isinstance(entry, str):
            failures.append((case.name, entry))
            print("PREPARE FAIL %s: %s" % (case.name, entry.strip().splitlines()[0]
                                           if entry.strip() else ""))
        else:
            # The cases of one file share its PTX: kept once, by content.
            src = os.path.join(d, "kernel.ptx")
            with open(src, "rb") as f:
                digest = hashlib.sha1(f.read()).hexdigest()[:16]
            entry["ptx"] = "ptx/%s.ptx" % digest
            dst = os.path.join(root, entry["ptx"])
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if os.path.exists(dst):
                os.remove(src)
            else:
                os.replace(src, dst)
            manifest.append(entry)
    with open(os.path.join(root, "manifest.json"), "w") as f:
        json.dump({"gpu": gpu, "cases": manifest}, f, indent=1)
    return failures


# --------------------------------------------------------------------------
# The GPU (CUDA driver API through ctypes)
# --------------------------------------------------------------------------

class Driver(object):
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        self.check(self.lib.cuInit(0), "cuInit")
        self.device = ctypes.c_int()
        self.check(self.lib.cuDeviceGet(ctypes.byref(self.device), 0), "cuDeviceGet")
        self.context = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(self.context),
                                                     self.device), "cuDevicePrimaryCtxRetain")
        self.check(self.lib.cuCtxSetCurrent(self.context), "cuCtxSetCurrent")

    def check(self, code, what):
        if code != 0:
            name = ctypes.c_char_p()
            self.lib.cuGetErrorName(code, ctypes.byref(name))
            raise RuntimeError("%s failed: %s (%d)" % (what, name.value.decode()
                                                       if name.value else "?", code))

    def arch(self):
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.lib.cuDeviceGetAttribute(ctypes.byref(major), 75, self.device)
        self.lib.cuDeviceGetAttribute(ctypes.byref(minor), 76, self.device)
        return "sm_%d%d" % (major.value, minor.value)

    def load(self, ptx):
        module = ctypes.c_void_p()
        log = ctypes.create_string_buffer(16384)
        opts = (ctypes.c_int * 2)(5, 6)  # CU_JIT_ERROR_LOG_BUFFER(_SIZE_BYTES)
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p), 16384)
        code = self.lib.cuModuleLoadDataEx(ctypes.byref(module),
                                           ctypes.c_char_p(ptx.encode() + b"\0"),
                                           2, opts, vals)
        if code:
            raise RuntimeError("cuModuleLoadDataEx failed (%d): %s"
                               % (code, log.value.decode(errors="replace")))
        return module

    def function(self, module, name):
        fn = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(fn), module,
                                                name.encode()), "cuModuleGetFunction")
        return fn

    def alloc(self, nbytes):
        ptr = ctypes.c_uint64()
        self.check(self.lib.cuMemAlloc_v2(ctypes.byref(ptr), max(nbytes, 1)), "cuMemAlloc")
        return ptr.value

    def upload(self, ptr, data):
        buf = ctypes.create_string_buffer(data, len(data))
        self.check(self.lib.cuMemcpyHtoD_v2(ctypes.c_uint64(ptr), buf,
                                            ctypes.c_size_t(len(data))), "cuMemcpyHtoD")

    def memset0(self, ptr, nbytes):
        self.check(self.lib.cuMemsetD8_v2(ctypes.c_uint64(ptr), 0,
                                          ctypes.c_size_t(max(nbytes, 1))), "cuMemsetD8")

    def download(self, ptr, nbytes):
        buf = ctypes.create_string_buffer(nbytes)
        self.check(self.lib.cuMemcpyDtoH_v2(buf, ctypes.c_uint64(ptr),
                                            ctypes.c_size_t(nbytes)), "cuMemcpyDtoH")
        return buf.raw

    def free(self, ptr):
        self.lib.cuMemFree_v2(ctypes.c_uint64(ptr))

    def allow_dynamic_shared(self, fn, nbytes):
        """Lets `fn` launch with `nbytes` of dynamic shared memory (over
        48 KiB needs the opt-in)."""
        # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
        self.check(self.lib.cuFuncSetAttribute(fn, 8, ctypes.c_int(nbytes)),
                   "cuFuncSetAttribute")

    def tensor_map(self, fields, args):
        """The 128-byte CUtensorMap (a ctypes object, 64-byte aligned) that
        a tensor map line `fields` describes, for the kernel arguments
        `args` (entry argument number -> address or integer)."""
        elem = int(fields["elem"])
        dims = [map_value(r, args) for r in fields["dims"].split(",")]
        strides = [map_value(r, args) * elem
                   for r in fields["strides"].split(",") if r]
        box = [int(x) for x in fields["box"].split(",")]
        rank = len(dims)
        raw = ctypes.create_string_buffer(128 + 64)
        aligned = (ctypes.addressof(raw) + 63) & ~63
        tmap = (ctypes.c_uint8 * 128).from_address(aligned)
        tmap._owner = raw
        u64s, u32s = ctypes.c_uint64 * rank, ctypes.c_uint32 * rank
        self.check(self.lib.cuTensorMapEncodeTiled(
            ctypes.c_void_p(aligned),
            ctypes.c_int({1: 0, 2: 1, 4: 2}[elem]),  # UINT8 / UINT16 / UINT32
            ctypes.c_uint32(rank), ctypes.c_void_p(args[int(fields["base"][1:])]),
            u64s(*[max(d, 1) for d in dims]),
            (ctypes.c_uint64 * max(rank - 1, 1))(*(strides or [0])),
            u32s(*box), u32s(*([1] * rank)),
            ctypes.c_int(0),  # CU_TENSOR_MAP_INTERLEAVE_NONE
            ctypes.c_int({"0": 0, "32": 1, "64": 2, "128": 3}[fields["swizzle"]]),
            ctypes.c_int(2),  # CU_TENSOR_MAP_L2_PROMOTION_L2_128B
            ctypes.c_int(0)),  # out-of-bounds elements read as zeros
            "cuTensorMapEncodeTiled")
        return tmap

    def launch(self, fn, grid, threads, params, shared=0):
        holders = []
        pointers = (ctypes.c_void_p * max(len(params), 1))()
        for i, p in enumerate(params):
            holders.append(p)
            pointers[i] = ctypes.cast(ctypes.pointer(p), ctypes.c_void_p)
        g = [int(x) for x in grid.split(",")] + [1, 1]
        if shared:
            self.allow_dynamic_shared(fn, shared)
        self.check(self.lib.cuLaunchKernel(fn, g[0], g[1], g[2], threads, 1, 1,
                                           shared, None, pointers, None),
                   "cuLaunchKernel")
        self.check(self.lib.cuCtxSynchronize(), "kernel execution")

    def unload(self, module):
        self.lib.cuModuleUnload(module)


def scalar_param(elem, value):
    """A ctypes object holding kernel parameter `value` of element type `elem`."""
    v = value.lower()
    if elem == "i1":
        return ctypes.c_uint8(1 if v in ("true", "1", "-1") else 0)
    if elem in ("i8", "i16", "i32", "i64"):
        n = int(value, 0)
        return {"i8": ctypes.c_int8, "i16": ctypes.c_int16, "i32": ctypes.c_int32,
                "i64": ctypes.c_int64}[elem](n)
    x = float(value)
    if elem in ("f32", "tf32"):
        return ctypes.c_float(x)
    if elem == "f64":
        return ctypes.c_double(x)
    if elem == "f16":
        return ctypes.c_uint16(struct.unpack("<H", struct.pack("<e", x))[0])
    if elem == "bf16":
        return ctypes.c_uint16(struct.unpack("<H", encode_floats("bf16", [x]))[0])
    raise ValueError("unsupported scalar parameter type " + elem)


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def parse_tol(tol):
    if tol in ("exact", "order-free"):
        return ("exact", 0, 0)
    m = re.match(r"ulp=(\d+)$", tol)
    if m:
        return ("ulp", int(m.group(1)), 0)
    m = re.match(r"rel=([^,]+),abs=(.+)$", tol)
    if m:
        return ("close", float(m.group(1)), float(m.group(2)))
    raise SystemExit("bad tolerance '%s'" % tol)


def ulp(elem, x):
    if elem in ("f16",):
        bits = 11
        emin = -14
    elif elem == "bf16":
        bits, emin = 8, -126
    elif elem == "f64":
        bits, emin = 53, -1022
    else:
        bits, emin = 24, -126
    if x == 0 or math.isinf(x) or math.isnan(x):
        return math.ldexp(1.0, emin - bits + 1)
    e = max(math.frexp(x)[1] - 1, emin)
    return math.ldexp(1.0, e - bits + 1)


def compare(elem, got_raw, want_raw, count, tol):
    kind, a, b = parse_tol(tol)
    got, want = decode(elem, got_raw, count), decode(elem, want_raw, count)
    bad = []
    for i, (g, w) in enumerate(zip(got, want)):
        if isinstance(w, int):
            ok = g == w
        elif math.isnan(w) or math.isnan(g):
            ok = math.isnan(w) and math.isnan(g)
        elif math.isinf(w) or math.isinf(g):
            ok = g == w
        elif kind == "exact":
            ok = g == w and math.copysign(1, g) == math.copysign(1, w)
        elif kind == "ulp":
            ok = abs(g - w) <= a * ulp(elem, w)
        else:
            ok = abs(g - w) <= b + a * abs(w)
        if not ok:
            bad.append((i, g, w))
    return bad


class ContextLost(Exception):
    """A fault that the CUDA context does not survive (sticky errors)."""


def run_case(drv, root, case, on_launch=None):
    """Runs one prepared case; returns its problems (empty when it passed).
    Raises ContextLost when a fault leaves the context unusable. `on_launch`
    is called once the module is loaded, just before the launch."""
    d = os.path.join(root, case["dir"])
    buffers, module = [], None
    try:
        with open(os.path.join(root, case["ptx"])) as f:
            ptx = f.read()
        module = drv.load(ptx)
        fn = drv.function(module, case["entry"])
        params, values = [], {}
        for k, arg in enumerate(case["args"]):
            if arg["kind"] == "token":
                continue
            if arg["kind"] == "scalar":
                params.append(scalar_param(arg["elem"], arg["value"]))
                if arg["elem"] in ("i8", "i16", "i32", "i64"):
                    values[k] = int(arg["value"], 0)
                continue
            ptr = drv.alloc(arg["nbytes"])
            buffers.append((k, arg, ptr))
            if arg["file"]:
                _, _, raw = read_npy(os.path.join(d, arg["file"]))
                drv.upload(ptr, raw[:arg["nbytes"]])
            else:
                drv.memset0(ptr, arg["nbytes"])
            params.append(ctypes.c_uint64(ptr))
            values[k] = ptr
        for fields in case.get("tensor_maps", []):
            params.append(drv.tensor_map(fields, values))
        if on_launch:
            on_launch()
        drv.launch(fn, case["grid"], case["threads"], params,
                   case.get("shared", 0))
        problems = []
        for k, arg, ptr in buffers:
            got = drv.download(ptr, arg["nbytes"])
            _, _, want = read_npy(os.path.join(d, "expected", "arg%d.npy" % k))
            count = arg["count"]
            if arg["elem"] == "f4E2M1FN":
                count = arg["nbytes"]
            bad = compare(arg["elem"], got, want, count, case["tol"])
            if bad:
                i, g, w = bad[0]
                problems.append("arg%d: %d of %d elements differ; first at %d: "
                                "gpu %r, interpreter %r" % (k, len(bad), count, i, g, w))
    except RuntimeError as e:
        # Faults such as a misaligned address are sticky: the process must
        # start over with a new context.
        raise ContextLost(str(e))
    for _, _, ptr in buffers:
        drv.free(ptr)
    if module is not None:
        drv.unload(module)
    return problems


def make_driver(simulate):
    """The GPU's driver, or the PTX simulator's stand-in for it
    (`--simulate early|late`: when cp.async copies land)."""
    if not simulate:
        return Driver()
    import ptx_sim
    return ptx_sim.SimulatedDriver(async_copies=simulate)


def run_worker(root, first, only, simulate=None, name_filter=None, profile=None):
    """Runs the cases of `root` from index `first` (or only case `only`),
    printing one PASS/FAIL line each; after a fault that kills the context
    it prints `@@resume N` and stops, so that a new process goes on. With
    `profile` (simulating), each case's simulator profile is appended to
    that file."""
    with open(os.path.join(root, "manifest.json")) as f:
        cases = json.load(f)["cases"]
    drv = make_driver(simulate)
    indices = [only] if only is not None else range(first, len(cases))
    for i in indices:
        case = cases[i]
        if name_filter and not re.search(name_filter, case["name"]):
            continue
        print("@@start %d" % i, flush=True)
        if profile:
            import ptx_sim
            drv.profile = ptx_sim.Profile()
        try:
            problems = run_case(
                drv, root, case,
                on_launch=lambda: print("@@launch", flush=True))
        except ContextLost as e:
            print("FAIL %s\n  %s" % (case["name"], e))
            print("@@fault %d" % i)
            print("@@resume %d" % (i + 1), flush=True)
            return 3
        if problems:
            print("FAIL %s\n  %s" % (case["name"], "\n  ".join(problems)))
        else:
            print("PASS %s" % case["name"])
        if profile:
            with open(profile, "a") as f:
                f.write("case %d %s grid=%s (%s)\n" % (i, case["name"], case["grid"], case["dir"]))
                f.write("".join("  %s\n" % line for line in drv.profile.report()))
        sys.stdout.flush()
    return 0


def run_prepared(root, verbose, sanitize=False, simulate=None, name_filter=None,
                 profile=None):
    """Runs every prepared case of `root`, each process of cases in a child
    so that a fault in one case does not hide the results of the others."""
    with open(os.path.join(root, "manifest.json")) as f:
        manifest = json.load(f)
    print("GPU: %s, PTX compiled for %s" % (make_driver(simulate).arch(), manifest["gpu"]))
    sys.stdout.flush()
    passed, failed, faults, first = 0, [], [], 0
    script = os.path.abspath(__file__)
    # A case that gives no result in this many seconds after its launch hangs
    # (a kernel that never finishes, say a wait on a barrier phase that never
    # completes): its process is killed and the next one goes on after it.
    # Loading the module is timed apart: the driver's JIT takes minutes on
    # the largest modules (50 s in ptxas for reduce_scan at one warp).
    # The simulator takes seconds to minutes where a GPU takes milliseconds.
    case_timeout = float(os.environ.get("GPU_CHECK_CASE_TIMEOUT",
                                        "900" if simulate else "60"))
    load_timeout = float(os.environ.get("GPU_CHECK_LOAD_TIMEOUT", "600"))
    while first < len(manifest["cases"]):
        child = subprocess.Popen([sys.executable, script, "--run", root, "--worker",
                                  "--start-at", str(first)] +
                                 (["--simulate", simulate] if simulate else []) +
                                 (["--profile", profile] if profile else []) +
                                 (["--filter", name_filter] if name_filter else []),
                                 stdout=subprocess.PIPE)
        resume, current = None, first
        waiting = {"for": "load"}

        def lines():
            # Unbuffered reads: select() sees only what no buffer holds yet.
            fd, pending = child.stdout.fileno(), b""
            while True:
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    yield line.decode(errors="replace") + "\n"
                limit = case_timeout if waiting["for"] == "result" else load_timeout
                ready, _, _ = select.select([fd], [], [], limit)
                if not ready:
                    child.kill()
                    yield "@@hang\n"
                    return
                chunk = os.read(fd, 65536)
                if not chunk:
                    if pending:
                        yield pending.decode(errors="replace")
                    return
                pending += chunk

        for line in lines():
            if line.startswith("@@start "):
                current = int(line.split()[1])
                waiting["for"] = "load"
            elif line.startswith("@@launch"):
                waiting["for"] = "result"
            elif line.startswith("@@hang"):
                name = manifest["cases"][current]["name"]
                if waiting["for"] == "result":
                    print("FAIL %s\n  no result in %g s: killed (a kernel that "
                          "never finishes?)" % (name, case_timeout))
                else:
                    print("FAIL %s\n  module not loaded in %g s: killed "
                          "(GPU_CHECK_LOAD_TIMEOUT)" % (name, load_timeout))
                failed.append(name)
                resume = current + 1
            elif line.startswith("@@resume "):
                resume = int(line.split()[1])
            elif line.startswith("@@fault "):
                faults.append(int(line.split()[1]))
            elif line.startswith("PASS "):
                passed += 1
                if verbose:
                    sys.stdout.write(line)
            else:
                if line.startswith("FAIL "):
                    failed.append(line.split()[1])
                sys.stdout.write(line)
            sys.stdout.flush()
        code = child.wait()
        if resume is None:
            if code:
                failed.append("(worker exited with %d after case %d)" % (code, first))
            break
        first = resume
    if sanitize and faults:
        tool = shutil.which("compute-sanitizer") or "/usr/local/cuda/bin/compute-sanitizer"
        for i in faults[:3]:
            print("compute-sanitizer on %s:" % manifest["cases"][i]["name"])
            sys.stdout.flush()
            try:
                r = subprocess.run([tool, "--print-limit", "3", sys.executable, script,
                                    "--run", root, "--worker", "--only", str(i)],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   universal_newlines=True, timeout=120)
                print("\n".join(r.stdout.splitlines()[:40]))
            except (OSError, subprocess.TimeoutExpired) as e:
                print("  could not run: %s" % e)
    print("%d passed, %d failed" % (passed, len(failed)))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--gpu-name", help="target (default: the GPU's)")
    ap.add_argument("--filter", help="only cases whose name matches this regex")
    ap.add_argument("--prepare", metavar="DIR")
    ap.add_argument("--run", metavar="DIR")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--reduction-order", choices=("sequential", "tree"),
                    default="tree",
                    help="the code generator's reduction order (default: tree)")
    codegen_flags.add_arguments(ap)
    ap.add_argument("--sanitize", action="store_true",
                    help="with --run: run each case that faults again under "
                    "compute-sanitizer and print its report")
    ap.add_argument("--simulate", nargs="?", const="late", choices=("late", "early"),
                    help="run on the CPU PTX simulator (utils/ptx_sim.py) instead "
                    "of a GPU; its cp.async copies land as late as the waits "
                    "allow (late, the default) or at issue (early)")
    ap.add_argument("--profile", metavar="FILE",
                    help="with --run and --simulate: append each case's simulator "
                    "profile to FILE (warp instructions by opcode; shared-memory "
                    "wavefronts and global sectors against the fewest, and the "
                    "statements furthest above it)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--start-at", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--only", type=int, help=argparse.SUPPRESS)
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()

    if opts.run and opts.worker:
        return run_worker(os.path.abspath(opts.run), opts.start_at, opts.only,
                          opts.simulate, opts.filter, opts.profile)
    if opts.profile and not (opts.run and opts.simulate):
        raise SystemExit("--profile needs --run and --simulate")
    if opts.run:
        return run_prepared(os.path.abspath(opts.run), opts.verbose, opts.sanitize,
                            opts.simulate, opts.filter,
                            opts.profile and os.path.abspath(opts.profile))

    cases = all_cases()
    if opts.filter:
        cases = [c for c in cases if re.search(opts.filter, c.name)]
    gpu = opts.gpu_name
    if not gpu:
        if opts.prepare or opts.simulate:
            raise SystemExit("--prepare and --simulate need --gpu-name")
        gpu = Driver().arch()
    root = os.path.abspath(opts.prepare or tempfile.mkdtemp(prefix="gpu-check-"))
    extra = codegen_flags.translate_flags(opts)
    extra.append("--reduction-order=" + opts.reduction_order)
    for case in cases:
        ordered, _, tree_tol = case.tol.partition("/")
        if opts.reduction_order == "sequential":
            case.tol = ordered
        elif tree_tol:
            case.tol = tree_tol
        elif case.tol == "exact":
            case.tol = "rel=1e-5,abs=1e-4"
    failures = prepare(cases, opts.build, gpu, root, opts.seed, extra)
    if opts.prepare:
        print("prepared %d cases in %s (%d failed)" % (len(cases) - len(failures), root,
                                                        len(failures)))
        return 1 if failures else 0
    status = run_prepared(root, opts.verbose, simulate=opts.simulate)
    return 1 if failures or status else 0


if __name__ == "__main__":
    sys.exit(main())
