#!/usr/bin/env python3
"""GPU benchmark: our PTX against Triton and PyTorch on the same GPU.

  bench/gpu/gpu_bench.py --prepare DIR [--build DIR] [--gpu-name sm_90]
                         [--reduction-order sequential|tree]
                         [--num-warps N] [--num-stages N] [--no-tma]
                         [--no-store-runs] [--refill-first]
                         [--mbarrier-release] [--tma-refill-after]
                         [--tma-store] [--no-round-rings-in-place]
                         [--filter REGEX]
      On the build machine (no GPU): writes the cuda_tile kernels of
      bench/gpu/kernels.py, compiles them to PTX with cuda-tile-translate
      and records each kernel's entry, CTA size and launch into
      DIR/manifest.json. ptxas -v (when CUDA is installed) reports registers
      and spills into the manifest.
  bench/gpu/gpu_bench.py --check-cpu DIR [--build DIR] [--filter REGEX]
      On the build machine: runs every kernel on small inputs in the CPU
      interpreter (cuda-tile-run) and compares with a plain Python
      computation, so the kernels the GPU times are known to be right.
  bench/gpu/gpu_bench.py --check-simulated DIR [--filter REGEX]
      On the build machine (numpy): runs the PTX prepared in DIR, the code
      --run times, on the same small inputs on the CPU PTX simulator
      (utils/ptx_sim.py) and compares it with the same computation.
  bench/gpu/gpu_bench.py --run DIR [--filter REGEX] [--reps N]
      On the GPU machine (Python with PyTorch, Triton and libcuda; no
      LLVM/MLIR): loads the PTX through the CUDA driver, checks each
      kernel's output against PyTorch, then times our kernel, the same
      kernel written in Triton and the PyTorch operation with CUDA events in
      one process, and prints a table of times, GB/s and ratios. The
      device-to-device copy bandwidth measured in the same run is the 100%
      line.

Workloads: vector add f32 and bf16 (2^28 elements), row softmax and
layernorm (rows of 1024, 4096 and 8192; f32 and f16; 2^26 elements in all),
row cumsum (a scan; f32 rows of 1024, 4096 and 8192, 2^26 elements),
sum of 2^28 f32; GEMM f16 and bf16 with f32 accumulation (4096^3, 8192^3
and 4000^3, 128x128x32 tiles and a K loop; at 4096^3 and 8192^3 also in
cuTile Python's grouped tile order, and f16 with 128x256x32, 128x128x64,
128x256x64 (the K-64 ones grouped too) and 128x256x128 tiles (cuTile
Python's BatchMatMul step); tf32 from f32
operands rounded by ftof, 4096^3 and 8192^3, against torch.matmul with TF32
allowed; block-scaled e4m3 with e8m0 scales per 32 K values, mmaf_scaled
with 128x128x128 tiles, 4096^3 and 8192^3, against Triton's tl.dot_scaled
and torch.matmul on the operands scaled into bf16), against Triton's
tutorial matmul (128x128x64, 8 warps, 3 stages) and torch.matmul (cuBLAS); flash
attention forward, f16, causal and not (batch * heads 32, sequence 4096, head
dim 64 and 128) against a Triton flash attention and
scaled_dot_product_attention; tensor-core rows in TFLOP/s and percent of
PyTorch's rate. softmax rounds exp and the division correctly, as cuTile's
default does; softmax_approx uses `rounding<approx>` for both, as Triton's
tl.exp and `/` do (the Triton column is the same kernel for both). GB/s count the bytes each operation must move once.
"""

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "utils"))

import codegen_flags  # noqa: E402
import kernel_io  # noqa: E402
import kernels  # noqa: E402

VECTOR_ELEMENTS = 1 << 28
ROW_ELEMENTS = 1 << 26


# --------------------------------------------------------------------------
# Prepare (CPU)
# --------------------------------------------------------------------------

def _ptxas_report(ptxas, gpu, ptx_path):
    """(registers, spill bytes) from ptxas -v, or None without ptxas."""
    if not ptxas:
        return None
    proc = subprocess.run([ptxas, "-arch=" + gpu, "-v", ptx_path, "-o",
                           os.devnull], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    if proc.returncode:
        raise SystemExit("ptxas rejects %s:\n%s" % (ptx_path, proc.stdout))
    registers = re.search(r"Used (\d+) registers", proc.stdout)
    spills = [int(x) for x in re.findall(r"(\d+) bytes spill", proc.stdout)]
    return {"registers": int(registers.group(1)) if registers else None,
            "spill_bytes": sum(spills)}


def _find_ptxas():
    for candidate in (os.environ.get("CUDA_HOME", ""), "/usr/local/cuda"):
        path = os.path.join(candidate, "bin", "ptxas")
        if candidate and os.path.isfile(path):
            return path
    return None


def prepare(out_dir, build, gpu, reduction_order="tree", num_warps=None,
            pattern="", flags=()):
    """Compiles the kernels matching `pattern` into `out_dir`, with the
    code generator's `flags` (codegen_flags.translate_flags) besides."""
    translate = os.path.join(build, "bin", "cuda-tile-translate")
    if not os.path.isfile(translate):
        raise SystemExit("%s not found: build the project first" % translate)
    os.makedirs(out_dir, exist_ok=True)
    ptxas = _find_ptxas()
    manifest = {"gpu": gpu, "reduction_order": reduction_order,
                "num_warps": num_warps, "kernels": []}
    driver_module = _load_driver_module()
    launch_shape = driver_module.launch_shape
    for name, (kind, params, text, entry) in sorted(
            kernels.all_kernels().items()):
        if pattern and not re.search(pattern, name):
            continue
        source = os.path.join(out_dir, name + ".mlir")
        with open(source, "w") as handle:
            handle.write(text)
        ptx = os.path.join(out_dir, name + ".ptx")
        proc = subprocess.run([translate, "-cudatile-to-ptx",
                               "--gpu-name=" + gpu,
                               "--reduction-order=" + reduction_order]
                              + list(flags) + [source, "-o", ptx],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)
        if proc.returncode:
            raise SystemExit("compiling %s failed:\n%s" % (name, proc.stderr))
        with open(ptx) as handle:
            ptx_text = handle.read()
        threads, shared = launch_shape(ptx_text, entry)
        maps = driver_module.tensor_maps(ptx_text, entry)
        entry_info = {"name": name, "kind": kind, "params": params,
                      "entry": entry, "ptx": name + ".ptx",
                      "threads": threads, "shared": shared,
                      "tensor_maps": maps,
                      "ptxas": _ptxas_report(ptxas, gpu, ptx)}
        manifest["kernels"].append(entry_info)
        report = entry_info["ptxas"]
        print("prepared %-22s %4d threads%s%s%s" % (
            name, entry_info["threads"],
            ", %d bytes of dynamic shared memory" % shared if shared else "",
            ", %d tensor maps" % len(maps) if maps else "",
            "" if not report else ", %s registers, %d spill bytes"
            % (report["registers"], report["spill_bytes"])))
    with open(os.path.join(out_dir, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)


# --------------------------------------------------------------------------
# CPU check (interpreter)
# --------------------------------------------------------------------------

def _reference(kind, params, inputs, rows_or_n):
    """Expected outputs (flat lists of floats) of one small launch."""
    import math
    if kind == "vector_add":
        a, b = inputs
        return [x + y for x, y in zip(a, b)]
    if kind == "sum":
        return [math.fsum(inputs[0])]
    if kind == "attention":
        q, k, v = inputs
        bh, seq, d, scale = rows_or_n
        out = []
        for h in range(bh):
            at = lambda x, i, j: x[(h * seq + i) * d + j]  # noqa: E731
            for i in range(seq):
                # Causal: the keys up to the query's own position.
                keys = i + 1 if params.get("causal") else seq
                s = [scale * math.fsum(at(q, i, x) * at(k, j, x)
                                       for x in range(d)) for j in range(keys)]
                top = max(s)
                e = [math.exp(x - top) for x in s]
                total = math.fsum(e)
                out += [math.fsum(e[j] * at(v, j, x) for j in range(keys)) /
                        total for x in range(d)]
        return out
    if kind == "gemm":
        a, b = inputs[:2]
        m, n, k = rows_or_n
        # B stored K x N, or N x K (b_nk).
        at_b = ((lambda x, j: b[j * k + x]) if params.get("b_nk")
                else (lambda x, j: b[x * n + j]))
        scale = lambda i, x, j: 1.0  # noqa: E731
        if params.get("block_scaled"):
            # A's scales M x K/32, B's stored N x K/32.
            sa, sb = inputs[2:]
            kb = -(-k // kernels.MX_BLOCK)
            scale = lambda i, x, j: (  # noqa: E731
                sa[i * kb + x // kernels.MX_BLOCK] *
                sb[j * kb + x // kernels.MX_BLOCK])
        return [math.fsum(a[i * k + x] * at_b(x, j) * scale(i, x, j)
                          for x in range(k))
                for i in range(m) for j in range(n)]
    cols = params["cols"]
    out = []
    x = inputs[0]
    for r in range(rows_or_n):
        row = x[r * cols:(r + 1) * cols]
        if kind == "softmax":
            top = max(row)
            e = [math.exp(v - top) for v in row]
            total = math.fsum(e)
            out += [v / total for v in e]
        elif kind == "cumsum":
            out += [math.fsum(row[:i + 1]) for i in range(cols)]
        else:
            w, b = inputs[1], inputs[2]
            mean = math.fsum(row) / cols
            var = math.fsum((v - mean) ** 2 for v in row) / cols
            rstd = 1.0 / math.sqrt(var + 1e-5)
            out += [(v - mean) * rstd * wv + bv
                    for v, wv, bv in zip(row, w, b)]
    return out


def _round_to_tf32(value):
    """`value` (an f32) rounded to tf32's 10 fraction bits, ties to even."""
    import struct
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    bits = (bits + 0xfff + ((bits >> 13) & 1)) & 0xffffe000
    return struct.unpack("<f", struct.pack("<I", bits))[0]


class SmallCase(object):
    """One kernel's small launch, for checks on the CPU: `inputs` are
    (element type, values rounded to it, raw bytes); `args` the kernel's
    arguments in order, each ("in", i), ("out",), ("i32", v) or ("f32", v);
    the output holds `out_count` elements of `out_elem`; `want` is what a
    plain Python computation expects there, within `rtol`."""


def _small_cases(pattern):
    """The SmallCase of every kernel whose name matches `pattern`."""
    import random
    rng = random.Random(7)
    for name, (kind, params, text, entry) in sorted(
            kernels.all_kernels().items()):
        if pattern and not re.search(pattern, name):
            continue
        case = SmallCase()
        case.name, case.kind, case.params = name, kind, params
        case.text, case.entry = text, entry
        elem = params["elem"]
        case.inputs = []

        def array(values, of=elem):
            raw = kernel_io.encode_floats(of, values)
            case.inputs.append((of, kernel_io.decode(of, raw, len(values)), raw))
            return ("in", len(case.inputs) - 1)

        if kind in ("vector_add", "sum"):
            # Two full blocks and a partial one.
            n = 2 * kernels.VECTOR_BLOCK + 100
            case.grid = "3"
            lo = 0.0 if kind == "sum" else -4.0
            args = [array([rng.uniform(lo, 4.0) for _ in range(n)])
                    for _ in range(2 if kind == "vector_add" else 1)]
            case.args = args + [("out",), ("i32", n)]
            case.out_count = n if kind == "vector_add" else 1
            scale = n
        elif kind == "attention":
            # One head, two key tiles (the loop and its online softmax).
            d, bh, seq, scale = params["head_dim"], 1, 256, 0.125
            case.grid = "%d,%d" % (seq // kernels.ATTENTION_TILE[0], bh)
            case.args = [array([rng.uniform(-1.0, 1.0)
                                for _ in range(bh * seq * d)]) for _ in "qkv"]
            case.args += [("out",), ("i32", bh), ("i32", seq), ("f32", scale)]
            case.out_count = bh * seq * d
            scale = (bh, seq, d, scale)
        elif kind == "gemm":
            # Two tile blocks each way, the second ones partial; three steps
            # of K, the last one partial (sizes keep the asserted div_by<16>).
            m, n, k = 136, 144, 80
            tile = params.get("tile", kernels.GEMM_TILE)
            if params.get("block_scaled"):
                # Two K steps of 128, the second one block of 32.
                k = 160
            case.grid = "%d,%d" % (-(-n // tile[1]), -(-m // tile[0]))
            if params.get("group"):
                case.grid = "%d" % (-(-n // tile[1]) * -(-m // tile[0]))
            if elem.startswith("f8"):
                # Values the 8-bit format holds exactly.
                values = lambda count: [  # noqa: E731
                    rng.choice((-2.0, -1.5, -1.0, -0.5, -0.25, 0.0, 0.25,
                                0.5, 1.0, 1.5, 2.0)) for _ in range(count)]
            else:
                values = lambda count: [  # noqa: E731
                    rng.uniform(-2.0, 2.0) for _ in range(count)]
            case.args = [array(values(m * k)), array(values(k * n))]
            if params.get("block_scaled"):
                kb = -(-k // kernels.MX_BLOCK)
                for rows in (m, n):
                    case.args.append(array(
                        [2.0 ** rng.randint(-3, 3) for _ in range(rows * kb)],
                        "f8E8M0FNU"))
            case.args += [("out",), ("i32", m), ("i32", n), ("i32", k)]
            case.out_count = m * n
            scale = (m, n, k)
        else:
            cols, rows = params["cols"], 3
            case.grid = str(rows)
            # cumsum: integers, whose running sums every order gets exactly.
            draw = ((lambda: float(rng.randint(-4, 4))) if kind == "cumsum"
                    else (lambda: rng.uniform(-4.0, 4.0)))
            case.args = [array([draw() for _ in range(rows * cols)]),
                         ("out",)]
            if kind == "layernorm":
                case.args += [array([rng.uniform(0.5, 1.5) for _ in range(cols)]),
                              array([rng.uniform(-1.0, 1.0) for _ in range(cols)]),
                              ("i32", rows), ("f32", 1e-5)]
            else:
                case.args.append(("i32", rows))
            case.out_count = rows * cols
            scale = rows
        case.out_elem = params.get("out", elem)
        values = [v for _, v, _ in case.inputs]
        if params.get("convert") == "tf32":
            # The kernel rounds its operands to tf32 (nearest even).
            values = [[_round_to_tf32(x) for x in vs] for vs in values]
        case.want = _reference(kind, params, values, scale)
        case.rtol = 1e-5 if kind == "sum" else {
            "f32": 1e-5, "f16": 2e-3, "bf16": 1e-2}[case.out_elem]
        yield case


def _compare(case, got):
    """Prints the case's line; whether `got` is within its bound."""
    worst = max(abs(g - w) / max(1.0, abs(w)) for g, w in zip(got, case.want))
    ok = len(got) == len(case.want) and worst <= case.rtol
    print("%s %-22s worst relative error %.2g (bound %.0g)"
          % ("ok  " if ok else "FAIL", case.name, worst, case.rtol))
    sys.stdout.flush()
    return ok


def check_cpu(out_dir, build, pattern):
    """Runs each kernel on the interpreter; returns the number of failures."""
    run_tool = os.path.join(build, "bin", "cuda-tile-run")
    os.makedirs(out_dir, exist_ok=True)
    failures = 0
    for case in _small_cases(pattern):
        case_dir = os.path.join(out_dir, case.name)
        os.makedirs(case_dir, exist_ok=True)
        source = os.path.join(case_dir, "kernel.mlir")
        with open(source, "w") as handle:
            handle.write(case.text)
        command = [run_tool, source, "--entry", case.entry, "--grid", case.grid,
                   "--out-dir", os.path.join(case_dir, "out")]
        for arg in case.args:
            if arg[0] == "in":
                of, values, raw = case.inputs[arg[1]]
                path = os.path.join(case_dir, "in%d.npy" % arg[1])
                kernel_io.write_npy(path, kernel_io.DESCR[of][0], (len(values),), raw)
                command += ["--arg", "@" + path]
            elif arg[0] == "out":
                command += ["--arg", "zeros:%s:%d" % (case.out_elem, case.out_count)]
            else:
                command += ["--arg", "%s:%r" % arg]
        proc = subprocess.run(command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True)
        if proc.returncode:
            print("FAIL %s: the interpreter stops:\n%s" % (case.name, proc.stderr))
            failures += 1
            continue
        out_index = case.args.index(("out",))
        _, shape, raw = kernel_io.read_npy(
            os.path.join(case_dir, "out", "arg%d.npy" % out_index))
        got = kernel_io.decode(case.out_elem, raw,
                               len(raw) // kernel_io.DESCR[case.out_elem][1])
        failures += not _compare(case, got)
    return failures


def check_simulated(directory, pattern):
    """Runs each prepared kernel's PTX (the code --run times) on the CPU PTX
    simulator (utils/ptx_sim.py) with the small inputs of --check-cpu;
    returns the number of failures."""
    import ctypes
    import ptx_sim
    with open(os.path.join(directory, "manifest.json")) as handle:
        manifest = json.load(handle)
    infos = {info["name"]: info for info in manifest["kernels"]}
    print("PTX compiled for %s, run on the simulator" % manifest["gpu"])
    failures = 0
    for case in _small_cases(pattern):
        info = infos.get(case.name)
        if info is None:
            continue
        drv = ptx_sim.SimulatedDriver()
        with open(os.path.join(directory, info["ptx"])) as handle:
            fn = drv.function(drv.load(handle.read()), info["entry"])
        out_bytes = case.out_count * kernel_io.DESCR[case.out_elem][1]
        params, out = [], None
        for arg in case.args:
            if arg[0] == "in":
                raw = case.inputs[arg[1]][2]
                address = drv.alloc(len(raw))
                drv.upload(address, raw)
                params.append(ctypes.c_uint64(address))
            elif arg[0] == "out":
                out = drv.alloc(out_bytes)
                drv.memset0(out, out_bytes)
                params.append(ctypes.c_uint64(out))
            elif arg[0] == "i32":
                params.append(ctypes.c_int32(arg[1]))
            else:
                params.append(ctypes.c_float(arg[1]))
        values = tuple(p.value for p in params)
        params += [drv.tensor_map(fields, values)
                   for fields in info.get("tensor_maps", [])]
        try:
            drv.launch(fn, case.grid, info["threads"], params, info.get("shared", 0))
        except (ptx_sim.Fault, ptx_sim.PtxUnsupported) as error:
            print("FAIL %s: %s" % (case.name, error))
            failures += 1
            continue
        got = kernel_io.decode(case.out_elem, drv.download(out, out_bytes),
                               case.out_count)
        failures += not _compare(case, got)
    return failures


# --------------------------------------------------------------------------
# Run (GPU)
# --------------------------------------------------------------------------

def _load_driver_module():
    """utils/gpu-check.py's CUDA driver wrapper (its file name has a dash)."""
    spec = importlib.util.spec_from_file_location(
        "gpu_check", os.path.join(ROOT, "utils", "gpu-check.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Launcher(object):
    """Launches our PTX kernels on PyTorch's current stream, asynchronously."""

    def __init__(self, directory, manifest):
        import ctypes
        self.ctypes = ctypes
        self.gpu_check = _load_driver_module()
        self.driver = self.gpu_check.Driver()
        self.directory = directory
        self.functions = {}
        for info in manifest["kernels"]:
            with open(os.path.join(directory, info["ptx"])) as handle:
                module = self.driver.load(handle.read())
            fn = self.driver.function(module, info["entry"])
            shared = info.get("shared", 0)
            if shared:
                self.driver.allow_dynamic_shared(fn, shared)
            self.functions[info["name"]] = (fn, info["threads"], shared,
                                            info.get("tensor_maps", []))
        # Tensor maps encoded for the arguments they were built from.
        self.maps = {}

    def launch(self, name, grid, params):
        import torch
        ctypes = self.ctypes
        fn, threads, shared, maps = self.functions[name]
        holders = list(params)
        if maps:
            values = tuple(p.value for p in params)
            key = (name, values)
            if key not in self.maps:
                self.maps[key] = [self.driver.tensor_map(fields, values)
                                  for fields in maps]
            holders += self.maps[key]
        pointers = (ctypes.c_void_p * len(holders))()
        for i, holder in enumerate(holders):
            pointers[i] = ctypes.cast(ctypes.pointer(holder), ctypes.c_void_p)
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        gx, gy = grid if isinstance(grid, tuple) else (grid, 1)
        self.driver.check(self.driver.lib.cuLaunchKernel(
            fn, gx, gy, 1, threads, 1, 1, shared, stream, pointers, None),
            "cuLaunchKernel " + name)

    def ptr(self, tensor):
        return self.ctypes.c_uint64(tensor.data_ptr())

    def i32(self, value):
        return self.ctypes.c_int32(value)

    def f32(self, value):
        return self.ctypes.c_float(value)


def time_ms(fns, reps, rounds=5):
    """Median milliseconds per call of each of `fns`, by CUDA events on the
    current stream: `rounds` rounds of `reps` calls each, the functions
    taking turns within a round so that clock and thermal drift fall on all
    of them alike."""
    import torch

    def timed(fn, calls):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            fn()
        stop.record()
        stop.synchronize()
        return start.elapsed_time(stop) / calls

    # Warm-up; a slow function (a GEMM far from the hardware's rate) gets
    # fewer calls per round, so that a round stays near 20 ms.
    counts = []
    for fn in fns:
        fn()
        single = timed(fn, 1)
        counts.append(max(1, min(reps, int(20.0 / max(single, 1e-3)))))
        for _ in range(min(2, counts[-1])):
            fn()
    torch.cuda.synchronize()
    samples = [[] for _ in fns]
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            samples[i].append(timed(fn, counts[i]))
    return [sorted(times)[len(times) // 2] for times in samples]


def _triton_kernels():
    import triton
    import triton.language as tl

    @triton.jit
    def add_kernel(a, b, c, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        x = tl.load(a + offsets, mask=mask)
        y = tl.load(b + offsets, mask=mask)
        tl.store(c + offsets, x + y, mask=mask)

    @triton.jit
    def softmax_kernel(x, y, cols, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offsets = tl.arange(0, BLOCK)
        mask = offsets < cols
        v = tl.load(x + row * cols + offsets, mask=mask,
                    other=-float("inf")).to(tl.float32)
        v = v - tl.max(v, axis=0)
        e = tl.exp(v)
        out = e / tl.sum(e, axis=0)
        tl.store(y + row * cols + offsets, out.to(y.dtype.element_ty),
                 mask=mask)

    @triton.jit
    def cumsum_kernel(x, y, cols, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offsets = tl.arange(0, BLOCK)
        mask = offsets < cols
        v = tl.load(x + row * cols + offsets, mask=mask,
                    other=0.0).to(tl.float32)
        tl.store(y + row * cols + offsets,
                 tl.cumsum(v, axis=0).to(y.dtype.element_ty), mask=mask)

    @triton.jit
    def layernorm_kernel(x, y, w, b, cols, eps, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offsets = tl.arange(0, BLOCK)
        mask = offsets < cols
        v = tl.load(x + row * cols + offsets, mask=mask,
                    other=0.0).to(tl.float32)
        mean = tl.sum(v, axis=0) / cols
        d = tl.where(mask, v - mean, 0.0)
        var = tl.sum(d * d, axis=0) / cols
        rstd = 1.0 / tl.sqrt(var + eps)
        wv = tl.load(w + offsets, mask=mask).to(tl.float32)
        bv = tl.load(b + offsets, mask=mask).to(tl.float32)
        out = d * rstd * wv + bv
        tl.store(y + row * cols + offsets, out.to(y.dtype.element_ty),
                 mask=mask)

    @triton.jit
    def sum_kernel(x, out, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.load(x + offsets, mask=offsets < n, other=0.0)
        tl.atomic_add(out, tl.sum(v, axis=0))

    @triton.jit
    def grouped_tile(M, N, BM: tl.constexpr, BN: tl.constexpr,
                     GROUP: tl.constexpr):
        # The rows and columns of the program's output tile in the tutorial
        # matmul's order: GROUP rows of tiles column by column, for L2 reuse.
        pid = tl.program_id(0)
        num_m = tl.cdiv(M, BM)
        num_n = tl.cdiv(N, BN)
        in_group = GROUP * num_n
        first_m = (pid // in_group) * GROUP
        size_m = tl.minimum(num_m - first_m, GROUP)
        pid_m = first_m + (pid % in_group) % size_m
        pid_n = (pid % in_group) // size_m
        return (pid_m * BM + tl.arange(0, BM), pid_n * BN + tl.arange(0, BN))

    @triton.jit
    def matmul_kernel(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                      BK: tl.constexpr, GROUP: tl.constexpr,
                      B_NK: tl.constexpr):
        # Triton's tutorial matmul.
        rm, rn = grouped_tile(M, N, BM, BN, GROUP)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, tl.cdiv(K, BK)):
            kk = k0 * BK + rk
            x = tl.load(a + rm[:, None] * K + kk[None, :],
                        mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            if B_NK:  # B stored N x K
                y = tl.load(b + rn[None, :] * K + kk[:, None],
                            mask=(kk[:, None] < K) & (rn[None, :] < N),
                            other=0.0)
            else:
                y = tl.load(b + kk[:, None] * N + rn[None, :],
                            mask=(kk[:, None] < K) & (rn[None, :] < N),
                            other=0.0)
            acc = tl.dot(x, y, acc)
        tl.store(c + rm[:, None] * N + rn[None, :],
                 acc.to(c.dtype.element_ty),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))

    @triton.jit
    def mx_matmul_kernel(a, b, sa, sb, c, M, N, K, BM: tl.constexpr,
                         BN: tl.constexpr, BK: tl.constexpr,
                         GROUP: tl.constexpr):
        # The tutorial matmul with e4m3 operands (B stored N x K) and e8m0
        # scales per 32 K values (A's M x K/32, B's N x K/32): tl.dot_scaled,
        # which before Blackwell scales the operands into bf16 as we do.
        rm, rn = grouped_tile(M, N, BM, BN, GROUP)
        rk = tl.arange(0, BK)
        rs = tl.arange(0, BK // 32)
        KB = K // 32
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, tl.cdiv(K, BK)):
            kk = k0 * BK + rk
            ks = k0 * (BK // 32) + rs
            x = tl.load(a + rm[:, None] * K + kk[None, :],
                        mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            y = tl.load(b + rn[None, :] * K + kk[:, None],
                        mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
            xs = tl.load(sa + rm[:, None] * KB + ks[None, :],
                         mask=(rm[:, None] < M) & (ks[None, :] < KB),
                         other=127)
            ys = tl.load(sb + rn[:, None] * KB + ks[None, :],
                         mask=(rn[:, None] < N) & (ks[None, :] < KB),
                         other=127)
            acc = tl.dot_scaled(x, xs, "e4m3", y, ys, "e4m3", acc)
        tl.store(c + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))

    @triton.jit
    def attention_kernel(q, k, v, o, S, scale, D: tl.constexpr,
                         BM: tl.constexpr, BN: tl.constexpr,
                         CAUSAL: tl.constexpr):
        # Flash attention forward, the online softmax in exp2; causal: keys
        # up to the block's last query, those past a query masked.
        qb = tl.program_id(0)
        base = tl.program_id(1).to(tl.int64) * S * D
        rm = qb * BM + tl.arange(0, BM)
        rn = tl.arange(0, BN)
        rd = tl.arange(0, D)
        qt = tl.load(q + base + rm[:, None] * D + rd[None, :])
        m = tl.full([BM], float("-inf"), tl.float32)
        l = tl.zeros([BM], tl.float32)
        acc = tl.zeros([BM, D], tl.float32)
        qk = scale * 1.44269504
        end = tl.minimum((qb + 1) * BM, S) if CAUSAL else S
        for start in range(0, end, BN):
            kt = tl.load(k + base + (start + rn)[None, :] * D + rd[:, None])
            s = tl.dot(qt, kt)
            if CAUSAL:
                s = tl.where(rm[:, None] >= (start + rn)[None, :], s,
                             float("-inf"))
            m_new = tl.maximum(m, tl.max(s, 1) * qk)
            p = tl.math.exp2(s * qk - m_new[:, None])
            alpha = tl.math.exp2(m - m_new)
            l = l * alpha + tl.sum(p, 1)
            vt = tl.load(v + base + (start + rn)[:, None] * D + rd[None, :])
            acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), vt)
            m = m_new
        tl.store(o + base + rm[:, None] * D + rd[None, :],
                 (acc / l[:, None]).to(tl.float16))

    return {"add": add_kernel, "softmax": softmax_kernel,
            "cumsum": cumsum_kernel,
            "layernorm": layernorm_kernel, "sum": sum_kernel,
            "matmul": matmul_kernel, "mx_matmul": mx_matmul_kernel,
            "attention": attention_kernel}


_DTYPES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16",
           "f8E4M3FN": "float8_e4m3fn"}


def _workload(info, launcher, tk):
    """(bytes moved, ours, triton, torch, check) closures for one kernel."""
    import torch
    import torch.nn.functional as F
    kind, params, name = info["kind"], info["params"], info["name"]
    dtype = getattr(torch, _DTYPES[params["elem"]])
    size = torch.tensor([], dtype=dtype).element_size()
    if kind == "vector_add":
        n = VECTOR_ELEMENTS
        a = torch.randn(n, device="cuda", dtype=dtype)
        b = torch.randn(n, device="cuda", dtype=dtype)
        c = torch.empty_like(a)
        blocks = n // kernels.VECTOR_BLOCK
        ours = lambda: launcher.launch(name, blocks, [  # noqa: E731
            launcher.ptr(a), launcher.ptr(b), launcher.ptr(c), launcher.i32(n)])
        triton_block = 1024
        triton = lambda: tk["add"][(n // triton_block,)](  # noqa: E731
            a, b, c, n, BLOCK=triton_block)
        reference = lambda: torch.add(a, b)  # noqa: E731
        return 3 * n * size, ours, triton, reference, lambda: (c, a + b)
    if kind in ("softmax", "layernorm", "cumsum"):
        cols = params["cols"]
        rows = ROW_ELEMENTS // cols
        x = torch.randn(rows, cols, device="cuda", dtype=dtype)
        y = torch.empty_like(x)
        if kind == "cumsum":
            ours = lambda: launcher.launch(name, rows, [  # noqa: E731
                launcher.ptr(x), launcher.ptr(y), launcher.i32(rows)])
            triton = lambda: tk["cumsum"][(rows,)](  # noqa: E731
                x, y, cols, BLOCK=cols)
            reference = lambda: torch.cumsum(x, dim=-1)  # noqa: E731
            check = lambda: (y, torch.cumsum(x.double(), -1))  # noqa: E731
            return 2 * x.numel() * size, ours, triton, reference, check
        if kind == "softmax":
            ours = lambda: launcher.launch(name, rows, [  # noqa: E731
                launcher.ptr(x), launcher.ptr(y), launcher.i32(rows)])
            triton = lambda: tk["softmax"][(rows,)](  # noqa: E731
                x, y, cols, BLOCK=cols)
            reference = lambda: torch.softmax(x, dim=-1)  # noqa: E731
            check = lambda: (y, torch.softmax(x.float(), -1).to(dtype))  # noqa: E731
            return 2 * x.numel() * size, ours, triton, reference, check
        w = torch.randn(cols, device="cuda", dtype=dtype)
        b = torch.randn(cols, device="cuda", dtype=dtype)
        eps = 1e-5
        ours = lambda: launcher.launch(name, rows, [  # noqa: E731
            launcher.ptr(x), launcher.ptr(y), launcher.ptr(w),
            launcher.ptr(b), launcher.i32(rows), launcher.f32(eps)])
        triton = lambda: tk["layernorm"][(rows,)](  # noqa: E731
            x, y, w, b, cols, eps, BLOCK=cols)
        reference = lambda: F.layer_norm(x, (cols,), w, b, eps)  # noqa: E731
        check = lambda: (y, F.layer_norm(  # noqa: E731
            x.float(), (cols,), w.float(), b.float(), eps).to(dtype))
        return 2 * x.numel() * size, ours, triton, reference, check
    if kind == "sum":
        n = VECTOR_ELEMENTS
        x = torch.rand(n, device="cuda", dtype=dtype)
        out = torch.zeros(1, device="cuda", dtype=dtype)
        blocks = n // kernels.VECTOR_BLOCK

        def ours():
            out.zero_()
            launcher.launch(name, blocks, [launcher.ptr(x), launcher.ptr(out),
                                           launcher.i32(n)])

        def triton():
            out.zero_()
            tk["sum"][(n // 4096,)](x, out, n, BLOCK=4096)

        reference = lambda: x.sum()  # noqa: E731
        return n * size, ours, triton, reference, lambda: (
            out, x.double().sum().float().reshape(1))
    if kind == "gemm":
        m = n = k = params["size"]
        b_nk = params.get("b_nk", False)
        out = getattr(torch, _DTYPES[params.get("out", params["elem"])])
        a = torch.randn(m, k, device="cuda").to(dtype)
        b = torch.randn(*((n, k) if b_nk else (k, n)), device="cuda").to(dtype)
        c = torch.empty(m, n, device="cuda", dtype=out)
        tm, tn, _ = params.get("tile", kernels.GEMM_TILE)
        grid = (-(-n // tn), -(-m // tm))
        if params.get("group"):
            grid = (grid[0] * grid[1], 1)
        bm, bn = 128, 128
        tgrid = (-(-m // bm) * -(-n // bn),)
        if params.get("block_scaled"):
            return _mx_workload(name, launcher, tk, a, b, c, grid, tgrid)
        ours = lambda: launcher.launch(name, grid, [  # noqa: E731
            launcher.ptr(a), launcher.ptr(b), launcher.ptr(c),
            launcher.i32(m), launcher.i32(n), launcher.i32(k)])
        # (f32: tl.dot rounds to tf32; 3 stages of 64 would take 192 KiB.)
        bk = {1: 128, 4: 32}.get(size, 64)
        triton = lambda: tk["matmul"][tgrid](  # noqa: E731
            a, b, c, m, n, k, BM=bm, BN=bn, BK=bk, GROUP=8, B_NK=b_nk,
            num_warps=8, num_stages=3)
        if size == 1:
            # fp8: cuBLASLt through torch._scaled_mm (B column-major: our
            # N x K), unit scales, its fast accumulation as our fast_acc.
            one = torch.ones((), device="cuda")
            reference = lambda: torch._scaled_mm(  # noqa: E731
                a, b.t(), scale_a=one, scale_b=one, out_dtype=out,
                use_fast_accum=True)
            want = lambda: a.float() @ b.float().t()  # noqa: E731
        elif params.get("convert") == "tf32":
            # cuBLAS with TF32 allowed for this call only; the check against
            # f64 products.
            def reference():
                torch.backends.cuda.matmul.allow_tf32 = True
                try:
                    return torch.matmul(a, b)
                finally:
                    torch.backends.cuda.matmul.allow_tf32 = False
            want = lambda: torch.matmul(  # noqa: E731
                a.double(), b.double()).float()
        else:
            reference = lambda: torch.matmul(a, b)  # noqa: E731
            want = lambda: torch.matmul(a.float(), b.float())  # noqa: E731
        return 2 * m * n * k, ours, triton, reference, lambda: (c, want())
    if kind == "attention":
        d, causal = params["head_dim"], params.get("causal", False)
        bh, seq = kernels.ATTENTION_SHAPE
        q, k, v = (torch.randn(bh, seq, d, device="cuda", dtype=dtype)
                   for _ in range(3))
        o = torch.empty_like(q)
        scale = d ** -0.5
        tm, _ = kernels.ATTENTION_TILE
        ours = lambda: launcher.launch(name, (seq // tm, bh), [  # noqa: E731
            launcher.ptr(q), launcher.ptr(k), launcher.ptr(v), launcher.ptr(o),
            launcher.i32(bh), launcher.i32(seq), launcher.f32(scale)])
        triton = lambda: tk["attention"][(seq // 128, bh)](  # noqa: E731
            q, k, v, o, seq, scale, D=d, BM=128, BN=64, CAUSAL=causal,
            num_warps=8, num_stages=2)
        reference = lambda: F.scaled_dot_product_attention(  # noqa: E731
            q.unsqueeze(0), k.unsqueeze(0), v.unsqueeze(0), is_causal=causal)
        # Causal: half the products.
        flops = 4 * bh * seq * seq * d // (2 if causal else 1)
        return flops, ours, triton, reference, lambda: (
            o, F.scaled_dot_product_attention(
                q.float().unsqueeze(0), k.float().unsqueeze(0),
                v.float().unsqueeze(0), is_causal=causal).squeeze(0))
    raise SystemExit("unknown kernel kind " + kind)


def _mx_workload(name, launcher, tk, a, b, c, grid, tgrid):
    """The block-scaled GEMM: A M x K and B N x K in e4m3, e8m0 scales per
    32 K values (2^-4 .. 2^4), f32 C. torch: torch.matmul on the operands
    scaled into bf16 beforehand (cuBLAS's bf16 rate, the ceiling of a GEMM
    that scales its operands into bf16; no block-scaled GEMM below sm_100)."""
    import torch
    m, k = a.shape
    n = b.shape[0]
    kb = k // kernels.MX_BLOCK
    sa = torch.randint(123, 132, (m, kb), device="cuda", dtype=torch.uint8)
    sb = torch.randint(123, 132, (n, kb), device="cuda", dtype=torch.uint8)

    def scaled(x, s):
        factors = torch.exp2(s.float() - 127.0)
        return x.float() * factors.repeat_interleave(kernels.MX_BLOCK, 1)
    a16 = scaled(a, sa).to(torch.bfloat16)
    b16 = scaled(b, sb).to(torch.bfloat16)
    ours = lambda: launcher.launch(name, grid, [  # noqa: E731
        launcher.ptr(a), launcher.ptr(b), launcher.ptr(sa), launcher.ptr(sb),
        launcher.ptr(c), launcher.i32(m), launcher.i32(n), launcher.i32(k)])
    triton = lambda: tk["mx_matmul"][tgrid](  # noqa: E731
        a, b, sa, sb, c, m, n, k, BM=128, BN=128, BK=128, GROUP=8,
        num_warps=8, num_stages=3)
    reference = lambda: torch.matmul(a16, b16.t())  # noqa: E731
    want = lambda: torch.matmul(  # noqa: E731
        scaled(a, sa).double(), scaled(b, sb).double().t()).float()
    return 2 * m * n * k, ours, triton, reference, lambda: (c, want())


def _close(got, want, elem, kind):
    import torch
    if kind in ("gemm", "attention"):
        # Sums of K products: the error relative to the whole result (f32
        # accumulation in another order, one rounding to the 16-bit output).
        error = torch.linalg.norm(got.float() - want) / torch.linalg.norm(want)
        return error.item() < 1e-2
    if kind == "cumsum":
        # Running sums that cross zero: the error relative to the whole
        # result (f32 sums in another order than the float64 reference).
        error = (torch.linalg.norm(got.double() - want) /
                 torch.linalg.norm(want))
        return error.item() < 1e-5
    tol = {"f32": (1e-4, 1e-5), "f16": (1e-2, 1e-3), "bf16": (2e-2, 1e-2)}
    rtol, atol = tol[elem]
    if got.numel() == 1:  # sums of 2^28 values: relative to their magnitude
        rtol, atol = 1e-4, 0.0
    return torch.allclose(got.float(), want.float(), rtol=rtol, atol=atol)


def run(directory, pattern, reps):
    import torch
    with open(os.path.join(directory, "manifest.json")) as handle:
        manifest = json.load(handle)
    selected = [k for k in manifest["kernels"]
                if not pattern or re.search(pattern, k["name"])]
    # Tensor-core kernels (TFLOP/s) in their own table, last.
    selected.sort(key=lambda k: k["kind"] in ("gemm", "attention"))
    torch.cuda.init()
    launcher = Launcher(directory, manifest)
    device = torch.cuda.get_device_name()
    arch = launcher.driver.arch()
    tk = _triton_kernels()
    started = time.time()

    src = torch.empty(VECTOR_ELEMENTS, device="cuda", dtype=torch.float32)
    dst = torch.empty_like(src)
    # An idle GPU runs its first milliseconds at a low clock: warm it up
    # first (seen on an H100: 345 MHz idle, the first rows of a table 3-20%
    # slow).
    warm_until = time.time() + 1.0
    while time.time() < warm_until:
        for _ in range(10):
            dst.copy_(src)
        torch.cuda.synchronize()
    copy_ms, = time_ms([lambda: dst.copy_(src)], reps)
    copy_gbs = 2 * src.numel() * 4 / copy_ms / 1e6
    del src, dst

    print("device: %s (%s); PTX built for %s, %s reductions, %s"
          % (device, arch, manifest["gpu"],
             manifest.get("reduction_order", "tree"),
             "%d warps per tile block" % manifest["num_warps"]
             if manifest.get("num_warps") else "the compiler's CTA sizes"))
    print("copy bandwidth (device to device, 2^28 f32): %.1f GB/s = 100%%"
          % copy_gbs)
    header = ("%-20s %9s %8s %6s %9s %9s %8s %8s %s"
              % ("kernel", "ours ms", "GB/s", "%copy", "triton ms",
                 "torch ms", "/triton", "/torch", "check"))
    print(header)
    print("-" * len(header))
    failures = 0
    matmul_header = False
    for info in selected:
        if info["kind"] in ("gemm", "attention") and not matmul_header:
            matmul_header = True
            print("\n%-20s %9s %8s %6s %9s %9s %8s %8s %s"
                  % ("tensor cores", "ours ms", "TFLOP/s", "%torch",
                     "triton ms", "torch ms", "/triton", "/torch", "check"))
            print("-" * len(header))
        nbytes, ours, triton, reference, check = _workload(info, launcher, tk)
        ours()
        torch.cuda.synchronize()
        got, want = check()
        ok = _close(got, want, info["params"]["elem"], info["kind"])
        failures += not ok
        try:
            triton()
            torch.cuda.synchronize()
        except Exception as exc:  # noqa: BLE001 (any Triton failure)
            print("%s: the Triton kernel fails (%s: %s); its column is nan"
                  % (info["name"], type(exc).__name__,
                     str(exc).splitlines()[0] if str(exc) else ""))
            triton = None
        timed = [ours, reference] if triton is None else [ours, triton,
                                                           reference]
        times = time_ms(timed, reps)
        ours_ms, torch_ms = times[0], times[-1]
        triton_ms = float("nan") if triton is None else times[1]
        rate = nbytes / ours_ms / 1e6
        # GEMM rows: TFLOP/s (nbytes holds the flops) and % of PyTorch's.
        if info["kind"] in ("gemm", "attention"):
            rate, line = rate / 1e3, 100 * torch_ms / ours_ms
        else:
            line = 100 * rate / copy_gbs
        print("%-20s %9.4f %8.1f %5.0f%% %9.4f %9.4f %7.2fx %7.2fx %s"
              % (info["name"], ours_ms, rate, line, triton_ms,
                 torch_ms, triton_ms / ours_ms, torch_ms / ours_ms,
                 "ok" if ok else "MISMATCH"))
        torch.cuda.empty_cache()
    print("(/triton and /torch: their time over ours; above 1 means we are "
          "faster.) %d kernels in %.0f s, %d mismatches"
          % (len(selected), time.time() - started, failures))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prepare", metavar="DIR")
    parser.add_argument("--run", metavar="DIR")
    parser.add_argument("--check-cpu", metavar="DIR")
    parser.add_argument("--check-simulated", metavar="DIR")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--gpu-name", default="sm_90")
    parser.add_argument("--reduction-order", default="tree",
                        choices=("sequential", "tree"))
    parser.add_argument("--filter", default="",
                        help="only the kernels whose name matches")
    # (With --prepare.)
    codegen_flags.add_arguments(parser)
    parser.add_argument("--reps", type=int, default=20,
                        help="calls per timing round (5 rounds; the median "
                        "round counts)")
    args = parser.parse_args()
    if sum(bool(x) for x in (args.prepare, args.run, args.check_cpu,
                             args.check_simulated)) != 1:
        parser.error("give one of --prepare, --check-cpu, --check-simulated "
                     "and --run")
    if args.check_cpu:
        return 1 if check_cpu(args.check_cpu, args.build, args.filter) else 0
    if args.check_simulated:
        return 1 if check_simulated(args.check_simulated, args.filter) else 0
    if args.prepare:
        prepare(args.prepare, args.build, args.gpu_name,
                args.reduction_order, args.num_warps, args.filter,
                codegen_flags.translate_flags(args))
        return 0
    return run(args.run, args.filter, args.reps)


if __name__ == "__main__":
    sys.exit(main())
