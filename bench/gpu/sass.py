#!/usr/bin/env python3
"""The machine code a GPU runs for prepared kernels, and their hot loops.

  bench/gpu/sass.py [--arch sm_XX] [--filter REGEX] [--out FILE] DIR...
      On a machine with ptxas and cuobjdump (or nvdisasm): compiles each
      prepared kernel's PTX in DIR (a gpu_bench.py --prepare directory)
      for the GPU at hand (as the driver compiles PTX
      built for an older target; --arch without PyTorch's GPU), appends its
      SASS to FILE and prints, per kernel, its registers and the
      instruction mix of its hot loop: the innermost loop holding the most
      tensor-core instructions (HMMA, HGMMA, IMMA, QMMA, DMMA), or the most
      instructions where there are none.
  bench/gpu/sass.py --summarize FILE...
      The same summary for SASS already dumped (cuobjdump -sass or
      nvdisasm output, one or more functions), on any machine; for a PTX
      file, the hot loop of each of its kernels in PTX (lines, not
      addresses; tensor-core instructions: mma, wgmma).

The tools are looked for in $CUDA_HOME/bin (default /usr/local/cuda), on
PATH and in Triton's package (which carries ptxas, cuobjdump and nvdisasm).
"""

import argparse
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TENSOR_CORE_OPCODES = ("HMMA", "HGMMA", "IMMA", "IGMMA", "QMMA", "QGMMA",
                       "DMMA", "OMMA")
# PTX: mma.sync..., wgmma.mma_async... (not wgmma's fences and waits).
TENSOR_CORE_PTX = ("mma.", "wgmma.mma_async")

_FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
_NVDISASM_FUNCTION = re.compile(r"^\s*\.text\.(\S+):")
_LABEL = re.compile(r"^\s*(\.L\w+):")
_INSTRUCTION = re.compile(
    r"/\*([0-9a-fA-F]+)\*/\s+(?:\{\s*)?(@!?U?P[0-9T]+\s+)?([A-Z][A-Z0-9_.]*)"
    r"([^;]*);")
_LABEL_TARGET = re.compile(r"`\((\.L\w+)\)")
_ADDRESS_TARGET = re.compile(r"\b0x([0-9a-fA-F]+)\b")
_BRANCHES = ("BRA", "BRX", "JMP", "JMX", "bra")
_PTX_ENTRY = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.(?:entry|func)\s+"
                        r"(?:\([^)]*\)\s*)?([\w$]+)")
_PTX_LABEL = re.compile(r"^\s*([\w$]+):")
_PTX_INSTRUCTION = re.compile(r"^\s*(@!?%\w+\s+)?([a-z][\w.:]*)\s*([^;]*);")


def parse_listing(lines, function, label, instruction):
    """[(function, [(address, predicate, opcode, operands)], labels)] of a
    listing (labels: name -> address). `function` and `label` give a line's
    function or label name (or None), `instruction` its instruction tuple."""
    functions = []
    current = None
    pending_labels = []
    for line in lines:
        name = function(line)
        if name:
            current = (name, [], {})
            functions.append(current)
            pending_labels = []
            continue
        if current is None:
            continue
        name = label(line)
        if name:
            pending_labels.append(name)
            continue
        parsed = instruction(line)
        if not parsed:
            continue
        for name in pending_labels:
            current[2][name] = parsed[0]
        pending_labels = []
        current[1].append(parsed)
    return functions


def _group(regex, line):
    match = regex.match(line)
    return match.group(1) if match else None


def parse_sass(text):
    """parse_listing's result for a cuobjdump -sass or nvdisasm listing."""
    def instruction(line):
        match = _INSTRUCTION.search(line)
        return match and (int(match.group(1), 16),
                          (match.group(2) or "").strip(), match.group(3),
                          match.group(4).strip())
    return parse_listing(
        text.splitlines(),
        lambda line: (_group(_FUNCTION, line) or
                      _group(_NVDISASM_FUNCTION, line)),
        lambda line: _group(_LABEL, line), instruction)


def parse_ptx(text):
    """parse_listing's result for a PTX file: line numbers for addresses,
    inline-asm comments and directives left out."""
    def instruction(numbered):
        number, line = numbered
        match = _PTX_INSTRUCTION.match(line)
        return match and (number, (match.group(1) or "").strip(),
                          match.group(2), match.group(3).strip())
    lines = [(number, line.split("//")[0])
             for number, line in enumerate(text.splitlines(), 1)]
    return parse_listing(lines,
                         lambda numbered: _group(_PTX_ENTRY, numbered[1]),
                         lambda numbered: _group(_PTX_LABEL, numbered[1]),
                         instruction)


def is_ptx(text):
    return re.search(r"^\s*\.version\s", text, re.M) is not None


def branch_target(operands, labels):
    """The address a branch goes to, or None where it is indirect."""
    if operands in labels:
        return labels[operands]
    match = _LABEL_TARGET.search(operands)
    if match:
        return labels.get(match.group(1))
    match = _ADDRESS_TARGET.search(operands)
    return int(match.group(1), 16) if match else None


def loops(instructions, labels):
    """(first, last) instruction indices of each backward branch's loop."""
    index_of = {address: i for i, (address, _, _, _) in
                enumerate(instructions)}
    found = []
    for i, (address, _, opcode, operands) in enumerate(instructions):
        if opcode.split(".")[0] not in _BRANCHES:
            continue
        target = branch_target(operands, labels)
        if target is not None and target <= address and target in index_of:
            found.append((index_of[target], i))
    return found


def base_opcode(opcode):
    """SASS: the opcode without modifiers; PTX (lower case): its first three
    parts (add.s64, setp.lt.u64, cp.async.cg, ldmatrix.sync.aligned)."""
    parts = opcode.split(".")
    return ".".join(parts[:3]) if opcode[:1].islower() else parts[0]


def is_tensor_core(opcode):
    if opcode[:1].islower():
        return opcode.startswith(TENSOR_CORE_PTX)
    return base_opcode(opcode) in TENSOR_CORE_OPCODES


def hot_loop(instructions, labels):
    """The loop with the most tensor-core instructions (the most
    instructions where none has any), innermost on ties; None without
    loops."""
    def weight(span):
        body = instructions[span[0]:span[1] + 1]
        mma = sum(is_tensor_core(op) for _, _, op, _ in body)
        return (mma, len(body) if not mma else 0, -len(body))
    candidates = loops(instructions, labels)
    return max(candidates, key=weight) if candidates else None


def summarize(name, instructions, labels, registers=None, ptx=False):
    """Lines describing one function and its hot loop."""
    lines = ["kernel %s: %d instructions%s" % (
        name, len(instructions),
        ", %d registers" % registers if registers is not None else "")]
    span = hot_loop(instructions, labels)
    if span is None:
        lines.append("  no loop")
        return lines
    body = instructions[span[0]:span[1] + 1]
    counts = collections.Counter(base_opcode(op) for _, _, op, _ in body)
    mma = sum(is_tensor_core(op) for _, _, op, _ in body)
    where = "lines %d-%d" if ptx else "0x%04x-0x%04x"
    lines.append(("  hot loop " + where + ": %d instructions, %d tensor-core")
                 % (body[0][0], body[-1][0], len(body), mma))
    width = max(8, max(len(opcode) for opcode in counts))
    for opcode, count in sorted(counts.items(),
                                key=lambda item: (-item[1], item[0])):
        lines.append("  %-*s %5d%s" % (
            width, opcode, count,
            "  %.2f per MMA" % (count / mma) if mma else ""))
    variants = collections.Counter(op for _, _, op, _ in body
                                   if is_tensor_core(op))
    for opcode, count in sorted(variants.items()):
        lines.append("  (%s x%d)" % (opcode, count))
    return lines


def find_tool(name):
    """Path of a CUDA tool, or None."""
    candidates = [os.path.join(os.environ.get("CUDA_HOME",
                                              "/usr/local/cuda"), "bin", name)]
    found = shutil.which(name)
    if found:
        candidates.append(found)
    try:
        import triton
        root = os.path.dirname(triton.__file__)
        candidates += sorted(glob.glob(os.path.join(root, "backends", "*",
                                                    "bin", name)))
    except Exception:
        pass
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def gpu_arch():
    import torch
    major, minor = torch.cuda.get_device_capability()
    return "sm_%d%d" % (major, minor)


def kernel_ptx(directory):
    """(name, PTX path) of every kernel of a gpu_bench.py --prepare
    directory (its manifest.json names them)."""
    with open(os.path.join(directory, "manifest.json")) as handle:
        manifest = json.load(handle)
    for kernel in manifest["kernels"]:
        yield kernel["name"], os.path.join(directory, kernel["name"] + ".ptx")


def dump(directories, arch, pattern, out):
    ptxas, cuobjdump = find_tool("ptxas"), find_tool("cuobjdump")
    nvdisasm = find_tool("nvdisasm")
    if not ptxas or not (cuobjdump or nvdisasm):
        print("sass: needs ptxas and cuobjdump or nvdisasm "
              "(CUDA_HOME, PATH, Triton's package)", file=sys.stderr)
        return 2
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        for directory in directories:
            for name, ptx in kernel_ptx(directory):
                label = "%s/%s" % (os.path.basename(directory.rstrip("/")),
                                   name)
                if pattern and not re.search(pattern, label):
                    continue
                cubin = os.path.join(scratch, "kernel.cubin")
                built = subprocess.run(
                    [ptxas, "-arch=" + arch, "-v", "-o", cubin, ptx],
                    capture_output=True, text=True)
                if built.returncode:
                    print("%s: ptxas failed: %s" % (label,
                                                    built.stderr.strip()))
                    failures += 1
                    continue
                registers = re.search(r"Used (\d+) registers", built.stderr)
                command = ([cuobjdump, "-sass", cubin] if cuobjdump
                           else [nvdisasm, "-c", cubin])
                listing = subprocess.run(command, capture_output=True,
                                         text=True)
                if listing.returncode:
                    print("%s: %s failed: %s" % (label, command[0],
                                                 listing.stderr.strip()))
                    failures += 1
                    continue
                if out:
                    with open(out, "a") as handle:
                        handle.write("=== %s (%s, %s)\n%s\n" % (
                            label, arch, os.path.basename(command[0]),
                            listing.stdout))
                for function, instructions, labels in parse_sass(
                        listing.stdout):
                    print("\n".join(summarize(
                        "%s (%s)" % (label, function), instructions, labels,
                        int(registers.group(1)) if registers else None)))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="*", metavar="DIR")
    parser.add_argument("--summarize", nargs="+", metavar="FILE")
    parser.add_argument("--arch", help="default: the GPU's (PyTorch)")
    parser.add_argument("--filter", default="",
                        help="only the kernels whose DIR/name matches")
    parser.add_argument("--out", help="append each kernel's SASS here")
    args = parser.parse_args()
    if bool(args.summarize) == bool(args.dirs):
        parser.error("give prepared directories or --summarize FILE")
    if args.summarize:
        for path in args.summarize:
            with open(path) as handle:
                text = handle.read()
            ptx = is_ptx(text)
            functions = parse_ptx(text) if ptx else parse_sass(text)
            if not functions:
                print("%s: no %s function found" % (path,
                                                     "PTX" if ptx else "SASS"),
                      file=sys.stderr)
                return 1
            for function, instructions, labels in functions:
                print("\n".join(summarize(function, instructions, labels,
                                           ptx=ptx)))
        return 0
    return dump(args.dirs, args.arch or gpu_arch(), args.filter, args.out)


if __name__ == "__main__":
    sys.exit(main())
