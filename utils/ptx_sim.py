"""A CPU simulator for the PTX that the code generator emits (sm_80 to
sm_90a): it runs a kernel's threads one warp at a time and reports the
faults a GPU would (an access outside every allocation, a misaligned
address, a barrier that never completes) plus some a GPU would not (a
warp-wide instruction in a diverged warp).

It exists so that utils/gpu-check.py can check the code generator's PTX on a
machine without a GPU (`--run DIR --simulate`): the simulator offers the
methods of gpu-check's CUDA driver wrapper (`SimulatedDriver`).

How it runs a CTA, and why:
  * One warp at a time, in order, each until it waits at a barrier, spins
    on an mbarrier or ends. A missing barrier between one warp's
    shared-memory writes and another's reads then reads stale data, which a
    lockstep schedule would hide.
  * Lanes of a warp run together; a divergent branch runs one side, then
    the other, and the lanes rejoin at the branch's immediate
    post-dominator, where a GPU reconverges them.
  * Asynchronous work lands as late as the program allows by default:
    cp.async copies at the cp.async.wait_group that needs them, TMA loads
    when every warp waits (so a read before the wait on their mbarrier
    sees stale data), wgmma at the wgmma.wait_group that retires it (its
    shared-memory operands are read then). `async_copies="early"` lands
    copies and TMA loads at issue instead, which exposes refills that
    overwrite a stage still being read.

Floating point: f32 arithmetic rounds each operation (numpy float32); fma
is fused (f32 through exact f64 products; f64 per lane, exactly); the
rounding modes .rz/.rm/.rp of add, sub, mul, div, fma and sqrt round each
lane's exact result, and so do sm_100's mixed-precision .f32.f16/.f32.bf16
forms; the .approx functions are computed in f64 and rounded once; mma.sync
and wgmma multiply in f64 and round the sums to the accumulator type.
Results can differ from a GPU's in the last bits only there, which
gpu-check's tolerances allow.

Also simulated: atomics (lanes in order), local memory (each lane its
own frame), carry chains, module-level global and constant variables,
calls of the module's device functions (a frame of registers and local
memory each; not recursive ones), and of the runtime's malloc, free and
vprintf (what vprintf writes is kept in `GlobalMemory.printed`).

Not simulated: TMA stores and multicast, clusters, textures. An instruction outside what is simulated is
reported when its kernel is loaded (`PtxUnsupported`).

Needs numpy (Debian's python3-numpy).
"""

import re

import numpy as np

np.seterr(all="ignore")

U64 = np.uint64
WARP = 32
LANES = np.arange(WARP, dtype=np.uint64)
# Where global allocations start, and the generic-address window of shared
# memory (cvta.shared adds it).
GLOBAL_BASE = 1 << 40
SHARED_WINDOW = 1 << 48
# Kernel parameters' addresses (mov of a parameter's name; cvta.param keeps
# them): a tensor map passed by value is read through one.
PARAM_WINDOW = 1 << 52
# Generic addresses of local memory (cvta.local adds it): each thread's own.
LOCAL_WINDOW = 1 << 50
ALIGNMENT = 256
GUARD = 4096


class PtxUnsupported(RuntimeError):
    """The PTX uses something the simulator does not implement."""


class Fault(RuntimeError):
    """The kernel did something a GPU would fault on (or hang)."""


def mask_of(bits):
    return U64((1 << bits) - 1) if bits < 64 else U64(0xFFFFFFFFFFFFFFFF)


def signed(u, bits):
    """uint64 lanes holding `bits`-bit values -> their int64 values."""
    u = np.asarray(u, dtype=np.uint64)
    if bits == 64:
        return u.view(np.int64)
    sign = U64(1 << (bits - 1))
    return (((u & mask_of(bits)) ^ sign) - sign).view(np.int64)


def to_u64(values, bits=64):
    """Integer lanes (signed or not) -> uint64 lanes of `bits` bits (two's
    complement for negative values)."""
    values = np.asarray(values)
    if values.dtype.kind == "i":
        values = values.astype(np.int64).view(np.uint64)
    return values.astype(np.uint64) & mask_of(bits)


# --------------------------------------------------------------------------
# Floating-point formats
# --------------------------------------------------------------------------

FLT_MIN = np.float32(1.1754943508222875e-38)


def f32_of(u):
    return (u & U64(0xFFFFFFFF)).astype(np.uint32).view(np.float32)


def bits_of_f32(f):
    return np.asarray(f, dtype=np.float32).view(np.uint32).astype(np.uint64)


def f16_of(u):
    return (u & U64(0xFFFF)).astype(np.uint16).view(np.float16)


def bits_of_f16(f):
    return np.asarray(f, dtype=np.float16).view(np.uint16).astype(np.uint64)


def f64_of(u):
    return np.ascontiguousarray(u, dtype=np.uint64).view(np.float64)


def bits_of_f64(f):
    return np.ascontiguousarray(f, dtype=np.float64).view(np.uint64)


def bf16_of(u):
    return f32_of((u & U64(0xFFFF)) << U64(16))


def bits_of_bf16(f):
    """f32 values -> bf16 bits, rounded to nearest even."""
    b = bits_of_f32(f)
    nan = np.isnan(np.asarray(f, dtype=np.float32))
    rounded = ((b + U64(0x7FFF) + ((b >> U64(16)) & U64(1))) >> U64(16)) & U64(0xFFFF)
    return np.where(nan, ((b >> U64(16)) & U64(0x8000)) | U64(0x7FC0), rounded)


def tf32_of(u):
    # The tensor cores read a tf32 operand's top 19 bits.
    return f32_of(u & U64(0xFFFFE000))


def _fp8_table(exp_bits, man_bits, ieee_specials):
    bias = (1 << (exp_bits - 1)) - 1
    table = np.zeros(256, dtype=np.float64)
    for b in range(256):
        sign = -1.0 if b & 0x80 else 1.0
        e = (b >> man_bits) & ((1 << exp_bits) - 1)
        m = b & ((1 << man_bits) - 1)
        if ieee_specials and e == (1 << exp_bits) - 1:
            value = float("inf") if m == 0 else float("nan")
        elif not ieee_specials and e == (1 << exp_bits) - 1 and m == (1 << man_bits) - 1:
            value = float("nan")
        elif e == 0:
            value = m * 2.0 ** (1 - bias - man_bits)
        else:
            value = (1 + m / float(1 << man_bits)) * 2.0 ** (e - bias)
        table[b] = sign * value
    return table


E4M3_VALUES = _fp8_table(4, 3, False)
E5M2_VALUES = _fp8_table(5, 2, True)


def flush(x):
    """Subnormal f32 lanes -> zero of the same sign (.ftz)."""
    return np.where(np.abs(x) < FLT_MIN, np.copysign(np.float32(0), x), x).astype(np.float32)


def round_exact(q, rnd, fmt):
    """Rational q (a Fraction, not zero) as a `fmt` (np.float32 or
    np.float64) rounded to nearest even (rn, f64 only), toward zero (rz),
    down (rm) or up (rp)."""
    import fractions
    top = np.finfo(fmt).max
    try:
        c = fmt(float(q))
    except OverflowError:
        c = fmt(np.inf if q > 0 else -np.inf)
    if np.isinf(c):
        lo, hi = (top, c) if c > 0 else (c, -top)
    else:
        exact = fractions.Fraction(float(c))
        if exact == q:
            return c
        lo, hi = (c, np.nextafter(c, fmt(np.inf))) if exact < q else \
            (np.nextafter(c, fmt(-np.inf)), c)
    if rnd == "rn":
        # float() of a Fraction is its nearest f64 (no f32 caller: rounding
        # that f64 again to f32 could miss the nearest f32).
        assert fmt is np.float64
        return c
    if rnd == "rz":
        return lo if q > 0 else hi
    return lo if rnd == "rm" else hi


def exact_lanes(nearest, operands, exact, rnd, fmt, addends=None):
    """`nearest` (the lanes' results as numpy computes them, fmt) with each
    lane whose operands (f64 lanes) are finite recomputed exactly: exact(*q)
    gives the rational result (None: keep the lane), rounded once by rnd
    (rn, rz, rm, rp). An exact zero sum, `addends(*values)` giving its two addends, is
    -0 when rounding down unless both addends are +0, else +0 unless both
    are -0 (IEEE 754)."""
    import fractions
    out = np.array(nearest, dtype=fmt, copy=True)
    for lane in range(len(out)):
        values = [float(o[lane]) for o in operands]
        if not all(np.isfinite(values)):
            continue
        q = exact(*[fractions.Fraction(v) for v in values])
        if q is None:
            continue
        if q != 0:
            out[lane] = round_exact(q, rnd, fmt)
        elif addends is not None:
            x, y = addends(*values)
            if x == 0 and y == 0 and np.signbit(x) == np.signbit(y):
                out[lane] = fmt(x)
            else:
                out[lane] = fmt(-0.0) if rnd == "rm" else fmt(0.0)
    return out


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------

REG_WIDTH = {"pred": 1, "b8": 8, "u8": 8, "s8": 8, "b16": 16, "u16": 16, "s16": 16,
             "f16": 16, "bf16": 16, "b32": 32, "u32": 32, "s32": 32, "f32": 32,
             "f16x2": 32, "bf16x2": 32, "b64": 64, "u64": 64, "s64": 64, "f64": 64}
TYPE_BITS = dict(REG_WIDTH, b128=128, tf32=32, e4m3=8, e5m2=8, e4m3x2=16, e5m2x2=16,
                 f32x2=64)


class Statement(object):
    __slots__ = ("guard", "negate", "opcode", "parts", "operands", "line")

    def __init__(self, guard, negate, opcode, operands, line):
        self.guard, self.negate, self.opcode = guard, negate, opcode
        self.parts = opcode.split(".")
        self.operands, self.line = operands, line


class Entry(object):
    def __init__(self, name):
        self.name = name
        self.params = []        # (name, size, align)
        self.reqntid = None
        self.reg_widths = {}    # register name or prefix -> bits
        self.statements = []
        self.labels = {}        # label -> statement index
        self.shared = []        # function-scope (name, size, align)
        self.local = []         # local variables (name, size, align)
        self.body = None        # text, until parsed
        self.compiled = None


class Module(object):
    def __init__(self):
        self.entries = {}
        self.shared = []        # (name, size or None for extern, align)
        self.globals = []       # (name, size, align, initial bytes)
        self.global_addresses = {}
        self.functions = {}     # device functions by name (Entry)


def _strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def _split_operands(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse(text):
    """PTX text -> Module."""
    module = Module()
    text = _strip_comments(text)
    pos = 0
    decl = re.compile(r"\s*((?:\.\w+\s+)*)(\.(?:entry|func))\s+(?:\([^)]*\)\s*)?([\w$]+)\s*\(",
                      re.S)
    shared = re.compile(r"(?:\.extern\s+)?\.shared\s+(?:\.align\s+(\d+)\s+)?\.\w+\s+"
                        r"([\w$]+)\s*\[(\d*)\]\s*;")
    for m in shared.finditer(text):
        # Only module-level declarations: those before the first body brace
        # that follows them are checked by position below.
        module.shared.append((m.group(2), int(m.group(3)) if m.group(3) else None,
                              int(m.group(1) or 1), m.start()))
    globals_ = re.compile(r"^(?:\.visible\s+|\.extern\s+)?\.(?:global|const)\s+(?:\.align\s+(\d+)\s+)?\.(\w+)\s+([\w$]+)"
                          r"(?:\[(\d+)\])?\s*(?:=\s*\{([^}]*)\})?\s*;", re.M)
    for m in globals_.finditer(text):
        elem = TYPE_BITS[m.group(2)] // 8
        size = elem * int(m.group(4) or 1)
        values = [int(v, 0) for v in m.group(5).split(",")] if m.group(5) else []
        raw = b"".join((v & ((1 << (8 * elem)) - 1)).to_bytes(elem, "little") for v in values)
        module.globals.append((m.group(3), size, int(m.group(1) or elem), raw.ljust(size, b"\0")))
    bodies = []
    while True:
        m = decl.search(text, pos)
        if not m:
            break
        kind, name = m.group(2), m.group(3)
        close = text.index(")", m.end())
        params = text[m.end():close]
        if kind == ".func" and re.match(r"\s*;", text[close + 1:]):
            # A declaration (.extern .func): the simulator provides malloc,
            # free and vprintf itself.
            pos = close + 1
            continue
        brace = text.index("{", close)
        header = text[close + 1:brace]
        depth, i = 0, brace
        while True:
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        bodies.append((brace, i))
        pos = i + 1
        entry = Entry(name)
        if kind != ".entry":
            # A device function: its parameters are read like a call's.
            entry.params = [p.split()[-1].split("[")[0] for p in _split_operands(params)]
            entry.body = text[brace + 1:i]
            module.functions[name] = entry
            continue
        for p in _split_operands(params):
            pm = re.match(r"\.param\s+(?:\.(\w+)\s+)?(?:\.ptr\s+)?(?:\.\w+\s+)*?"
                          r"(?:\.align\s+(\d+)\s+)?(?:\.(\w+)\s+)?(\w+)(?:\[(\d+)\])?$", p)
            if not pm:
                raise PtxUnsupported("parameter '%s'" % p)
            ptype = pm.group(3) or pm.group(1)
            size = TYPE_BITS.get(ptype, 8) // 8 * (int(pm.group(5)) if pm.group(5) else 1)
            entry.params.append((pm.group(4), size, int(pm.group(2) or size)))
        rq = re.search(r"\.reqntid\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?", header)
        if rq:
            entry.reqntid = int(rq.group(1)) * int(rq.group(2) or 1) * int(rq.group(3) or 1)
        # Bodies are read when their kernel is launched: a module may hold
        # many large kernels.
        entry.body = text[brace + 1:i]
        module.entries[name] = entry
    module.shared = [(n, s, a) for n, s, a, at in module.shared
                     if not any(b <= at <= e for b, e in bodies)]
    return module


def _statements(body):
    """A body's statements: braces that open or close a scope (at the start
    of a statement) are dropped, vector operands' braces are kept."""
    out, cur, depth = [], "", 0
    for ch in body:
        if depth == 0 and ch in "{}" and not cur.strip():
            cur = ""
            continue
        if depth == 0 and ch in "{}" and re.match(r"^\s*([\w$]+\s*:\s*)+$", cur):
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == ";" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return out


def _parse_body(entry, body):
    for stmt in _statements(body):
        stmt = stmt.strip()
        while True:
            lm = re.match(r"([\w$]+)\s*:\s*", stmt)
            if not lm:
                break
            entry.labels[lm.group(1)] = len(entry.statements)
            stmt = stmt[lm.end():]
        if not stmt:
            continue
        if stmt.startswith(".reg"):
            rm = re.match(r"\.reg\s+\.(\w+)\s+(.*)$", stmt, re.S)
            for name in _split_operands(rm.group(2)):
                name = name.strip()
                pm = re.match(r"([%\w$]+?)<\d+>$", name)
                entry.reg_widths[pm.group(1) if pm else name] = REG_WIDTH[rm.group(1)]
            continue
        if stmt.startswith("."):
            sm = re.match(r"\.(shared|local)\s+(?:\.align\s+(\d+)\s+)?\.(\w+)\s+([\w$]+)"
                          r"\s*(?:\[(\d+)\])?$", stmt)
            if sm:
                size = TYPE_BITS[sm.group(3)] // 8 * int(sm.group(5) or 1)
                where = entry.shared if sm.group(1) == "shared" else entry.local
                where.append((sm.group(4), size, int(sm.group(2) or 1)))
            elif stmt.startswith((".local", ".shared")):
                raise PtxUnsupported("function-scope '%s'" % stmt.split()[0])
            continue
        gm = re.match(r"@(!?)(%?[\w$]+)\s+", stmt)
        guard, negate = None, False
        if gm:
            guard, negate = gm.group(2), gm.group(1) == "!"
            stmt = stmt[gm.end():]
        parts = stmt.split(None, 1)
        operands = _split_operands(parts[1]) if len(parts) > 1 else []
        entry.statements.append(Statement(guard, negate, parts[0], operands, stmt))


# --------------------------------------------------------------------------
# Memory
# --------------------------------------------------------------------------

class GlobalMemory(object):
    """Device allocations in one arena; bytes outside them fault."""

    def __init__(self):
        self.data = np.zeros(0, dtype=np.uint8)
        self.valid = np.zeros(0, dtype=bool)
        self.sizes = {}
        self.printed = []       # what vprintf wrote

    def alloc(self, nbytes):
        start = (len(self.data) + GUARD + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
        end = start + max(nbytes, 1)
        grow = end + GUARD - len(self.data)
        self.data = np.concatenate([self.data, np.zeros(grow, dtype=np.uint8)])
        self.valid = np.concatenate([self.valid, np.zeros(grow, dtype=bool)])
        self.valid[start:start + nbytes] = True
        self.sizes[GLOBAL_BASE + start] = nbytes
        return GLOBAL_BASE + start

    def free(self, address):
        start = address - GLOBAL_BASE
        self.valid[start:start + self.sizes.pop(address)] = False

    def write(self, address, raw):
        start = address - GLOBAL_BASE
        self.data[start:start + len(raw)] = np.frombuffer(raw, dtype=np.uint8)

    def read(self, address, nbytes):
        start = address - GLOBAL_BASE
        return self.data[start:start + nbytes].tobytes()


class Space(object):
    """A byte array that lanes address: global memory, or a CTA's shared
    memory (offsets from 0, or from SHARED_WINDOW in generic addresses)."""

    def __init__(self, name, data, valid, base):
        self.name, self.data, self.valid, self.base = name, data, valid, base

    def offsets(self, addresses, nbytes, what):
        off = addresses.astype(np.int64) - self.base
        if nbytes > 1 and np.any(off % nbytes):
            bad = int(addresses[np.nonzero(off % nbytes)[0][0]])
            raise Fault("misaligned %d-byte %s at %s address 0x%x"
                        % (nbytes, what, self.name, bad))
        idx = off[:, None] + np.arange(nbytes)
        inside = (idx >= 0) & (idx < len(self.data))
        if not np.all(inside) or not np.all(self.valid[np.where(inside, idx, 0)]):
            row = np.nonzero(~(inside & self.valid[np.where(inside, idx, 0)]).all(axis=1))[0][0]
            raise Fault("%s of %d bytes outside every allocation at %s address 0x%x"
                        % (what, nbytes, self.name, int(addresses[row])))
        return idx

    def load(self, addresses, nbytes):
        """Lanes' little-endian values of `nbytes` (1..8) bytes as uint64."""
        raw = self.data[self.offsets(addresses, nbytes, "load")]
        return np.ascontiguousarray(raw).view("<u%d" % nbytes).reshape(-1).astype(np.uint64)

    def load_bytes(self, addresses, nbytes):
        return self.data[self.offsets(addresses, nbytes, "load")]

    def store(self, addresses, values, nbytes):
        idx = self.offsets(addresses, nbytes, "store")
        raw = np.ascontiguousarray(values.astype("<u%d" % nbytes)).view(np.uint8)
        self.data[idx] = raw.reshape(-1, nbytes)


# --------------------------------------------------------------------------
# Profile
# --------------------------------------------------------------------------

SHARED_BANKS = 32
WAVEFRONT_BYTES = 128
SECTOR_BYTES = 32


def shared_wavefronts(offsets, nbytes):
    """(wavefronts, fewest) of one warp-wide shared-memory access of
    `nbytes` a lane at byte `offsets`: a wavefront serves one 4-byte word
    per bank (lanes reading one word share it), so the access takes as many
    as its busiest bank has distinct words, and at least its distinct
    bytes over 128."""
    if not len(offsets):
        return 0, 0
    starts = offsets.astype(np.int64)
    words = np.unique((starts[:, None] + np.arange(0, max(nbytes, 4), 4)) // 4)
    busiest = int(np.bincount(words % SHARED_BANKS, minlength=SHARED_BANKS).max())
    fewest = -(-len(words) * 4 // WAVEFRONT_BYTES)
    return max(busiest, fewest), fewest


def global_sectors(addresses, nbytes):
    """(sectors, fewest) of one warp-wide global access: the 32-byte
    sectors its bytes touch, and the fewest that many distinct bytes
    need."""
    if not len(addresses):
        return 0, 0
    spans = addresses.astype(np.int64)[:, None] + np.arange(nbytes)
    touched = np.unique(spans // SECTOR_BYTES)
    fewest = -(-len(np.unique(spans)) // SECTOR_BYTES)
    return len(touched), fewest


class Profile(object):
    """What a run's warps did, per PTX statement: how often each ran
    (warp-wide, whatever its predicate), and for its memory accesses the
    shared-memory wavefronts (bank conflicts) and global sectors (coalescing)
    against the fewest their bytes need. Static evidence of a kernel's
    memory efficiency that needs no GPU (`gpu-check.py --profile`)."""

    def __init__(self):
        self.runs = {}      # Code -> executions per statement
        self.memory = {}    # (Code, statement index, space) -> [space, accesses, transactions, fewest]

    def ran(self, code, pc):
        counts = self.runs.get(code)
        if counts is None:
            counts = self.runs[code] = np.zeros(len(code.ops), dtype=np.int64)
        counts[pc] += 1

    def access(self, w, space, addresses, nbytes):
        """One warp-wide access by the statement warp `w` runs."""
        if space == "shared":
            done, fewest = shared_wavefronts(addresses, nbytes)
        else:
            done, fewest = global_sectors(addresses, nbytes)
        row = self.memory.setdefault((w.code, w.stack[-1][1], space), [space, 0, 0, 0])
        row[1] += 1
        row[2] += done
        row[3] += fewest

    def report(self, worst=8):
        """Lines of text: per kernel or device function, its warp
        instructions by opcode, its memory traffic against the fewest, and
        the statements furthest above it."""
        lines = []
        for code, counts in self.runs.items():
            statements = code.entry.statements
            lines.append("%s: %d warp instructions" % (code.entry.name, int(counts.sum())))
            mix = {}
            for st, n in zip(statements, counts):
                key = ".".join(st.parts[:2])
                mix[key] = mix.get(key, 0) + int(n)
            top = sorted(mix.items(), key=lambda kv: -kv[1])[:10]
            lines.append("  most run: " + ", ".join("%s %d" % kv for kv in top if kv[1]))
            rows = [(pc, row) for (c, pc, _), row in self.memory.items() if c is code]
            for space, unit in (("shared", "wavefronts"), ("global", "sectors")):
                mine = [r for _, r in rows if r[0] == space]
                if mine:
                    done = sum(r[2] for r in mine)
                    fewest = sum(r[3] for r in mine)
                    lines.append("  %s memory: %d %s for %d accesses, the fewest %d (%.1f%% over)"
                                 % (space, done, unit, sum(r[1] for r in mine), fewest,
                                    100.0 * (done - fewest) / max(fewest, 1)))
            over = sorted(((r[2] - r[3], pc, r) for pc, r in rows if r[2] > r[3]),
                          key=lambda x: (-x[0], x[1]))[:worst]
            for extra, pc, r in over:
                lines.append("  statement %d: %s: %d accesses, %d %s, the fewest %d"
                             % (pc, statements[pc].line, r[1], r[2],
                                "wavefronts" if r[0] == "shared" else "sectors", r[3]))
        return lines


# --------------------------------------------------------------------------
# Instructions
# --------------------------------------------------------------------------

def constant(value):
    """A read-only array of WARP lanes holding `value`: what every operand
    reader returns, so that operations never broadcast."""
    lanes = np.full(WARP, value, dtype=np.uint64)
    lanes.setflags(write=False)
    return lanes


def _imm(text):
    """An immediate operand's bits (int), or None."""
    t = text.strip()
    m = re.match(r"^(-?)0[fF]([0-9a-fA-F]{8})$", t)
    if m:
        return int(m.group(2), 16)
    m = re.match(r"^(-?)0[dD]([0-9a-fA-F]{16})$", t)
    if m:
        return int(m.group(2), 16)
    if re.match(r"^-?(0[xX][0-9a-fA-F]+|\d+)[uU]?$", t):
        return int(t.rstrip("uU"), 0) & 0xFFFFFFFFFFFFFFFF
    return None


SPECIAL = ("%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid",
           "%clock", "%clock64", "%globaltimer", "%smid", "%nsmid", "%lanemask")


def call_param(w, name, offset, nbytes):
    """Lanes' `nbytes` at `offset` of a call parameter of the warp's frame."""
    data = w.call_params.get(name)
    if data is None or data.shape[1] < offset + nbytes:
        raise Fault("read of call parameter %s+%d before it was written" % (name, offset))
    raw = np.ascontiguousarray(data[:, offset:offset + nbytes])
    return raw.view("<u%d" % nbytes).reshape(-1).astype(np.uint64)


def set_call_param(w, name, offset, nbytes, values, lanes):
    data = w.call_params.get(name)
    if data is None or data.shape[1] < offset + nbytes:
        grown = np.zeros((WARP, offset + nbytes), dtype=np.uint8)
        if data is not None:
            grown[:, :data.shape[1]] = data
        data = w.call_params[name] = grown
    raw = np.ascontiguousarray(values.astype("<u%d" % nbytes)).view(np.uint8).reshape(WARP, nbytes)
    data[lanes, offset:offset + nbytes] = raw[lanes]


class Compiler(object):
    """Turns one entry's (or device function's) statements into closures
    over a warp's state."""

    def __init__(self, module, entry, function=False):
        self.module, self.entry, self.function = module, entry, function
        self.regs, self.preds = {}, {}
        self.widths = {}
        self.shared_symbols = {}
        # Static variables first, then the dynamic ones (extern, no size)
        # at the end, where the launch's dynamic bytes go.
        offset = 0
        declared = module.shared + entry.shared
        for name, size, align in [d for d in declared if d[1] is not None] + \
                [d for d in declared if d[1] is None]:
            offset = (offset + align - 1) // align * align
            self.shared_symbols[name] = offset
            if size is not None:
                offset += size
        self.static_shared = offset
        self.local_symbols, offset = {}, 0
        for name, size, align in entry.local:
            offset = (offset + align - 1) // align * align
            self.local_symbols[name] = offset
            offset += size
        self.local_size = offset
        self.params = {}
        self.param_addresses = {}
        offset = 0
        for name, size, align in ([] if function else entry.params):
            offset = (offset + align - 1) // align * align
            self.params[name] = (size, align)
            self.param_addresses[name] = PARAM_WINDOW + offset
            offset += size

    # Registers -------------------------------------------------------------
    def width(self, name):
        if name in self.entry.reg_widths:
            return self.entry.reg_widths[name]
        prefix = re.match(r"(%?[A-Za-z_$]+)", name).group(1)
        if prefix in self.entry.reg_widths:
            return self.entry.reg_widths[prefix]
        raise PtxUnsupported("undeclared register %s" % name)

    def reg(self, name):
        if name not in self.regs:
            self.regs[name] = len(self.regs)
            self.widths[name] = self.width(name)
        return self.regs[name]

    def pred(self, name):
        if name not in self.preds:
            self.preds[name] = len(self.preds)
        return self.preds[name]

    def is_pred(self, name):
        try:
            return self.width(name) == 1
        except PtxUnsupported:
            return False

    # Operands --------------------------------------------------------------
    def source(self, text, bits=64):
        """A closure giving an operand's lanes as uint64."""
        text = text.strip()
        imm = _imm(text)
        if imm is not None:
            value = constant(imm & ((1 << bits) - 1) if bits < 64 else imm)
            return lambda w: value
        if text.startswith("%") and text.split(".")[0] in SPECIAL:
            return self.special(text)
        if text in self.shared_symbols:
            value = constant(self.shared_symbols[text])
            return lambda w: value
        if text in self.param_addresses:
            value = constant(self.param_addresses[text])
            return lambda w: value
        if text in self.local_symbols:
            value = constant(self.local_symbols[text])
            return lambda w: value
        if text in self.module.global_addresses:
            value = constant(self.module.global_addresses[text])
            return lambda w: value
        if self.is_pred(text):
            p = self.pred(text)
            return lambda w: w.P[p].astype(np.uint64)
        if text.startswith("%") or text in self.entry.reg_widths:
            r = self.reg(text)
            return lambda w: w.R[r]
        raise PtxUnsupported("operand '%s'" % text)

    def special(self, text):
        base, _, dim = text.partition(".")
        axis = {"x": 0, "y": 1, "z": 2, "": 0}[dim]
        if base == "%tid":
            if axis:
                zero = constant(0)
                return lambda w: zero
            return lambda w: w.tid
        if base == "%laneid":
            return lambda w: LANES
        if base == "%warpid":
            return lambda w: constant(w.index)
        if base in ("%ctaid", "%nctaid", "%ntid"):
            return lambda w, b=base, a=axis: constant(w.cta.special[b][a])
        if base in ("%clock", "%clock64", "%globaltimer"):
            return lambda w: constant(w.steps)
        raise PtxUnsupported("special register %s" % text)

    def dest(self, text):
        """A closure writing lanes (uint64) of a register under a mask."""
        text = text.strip()
        if text == "_":
            return lambda w, m, v: None
        if self.is_pred(text):
            p = self.pred(text)

            def write_pred(w, m, v):
                np.copyto(w.P[p], np.asarray(v).astype(bool), where=m)
            return write_pred
        r = self.reg(text)
        mask = mask_of(self.widths[text])

        def write(w, m, v):
            np.copyto(w.R[r], np.asarray(v, dtype=np.uint64) & mask, where=m)
        return write

    def vector(self, text):
        t = text.strip()
        if t.startswith("{"):
            return [x.strip() for x in t[1:-1].split(",")]
        return [t]

    def address(self, text):
        """[reg], [reg+imm], [sym], [sym+imm] -> (closure giving lanes'
        addresses, symbol name or None)."""
        t = text.strip()
        if not (t.startswith("[") and t.endswith("]")):
            raise PtxUnsupported("address '%s'" % text)
        inner = t[1:-1].replace(" ", "")
        m = re.match(r"^([%\w$.]+?)(?:\+(-?\w+))?$", inner)
        if not m:
            raise PtxUnsupported("address '%s'" % text)
        base, off = m.group(1), int(m.group(2) or "0", 0)
        if base in self.params:
            return None, (base, off)
        get = self.source(base)
        offset = U64(off & 0xFFFFFFFFFFFFFFFF)
        return (lambda w: get(w) + offset), None

    def guard(self, st):
        if st.guard is None:
            return None
        if st.guard in ("%pt", "pt"):
            return None
        p = self.pred(st.guard)
        if st.negate:
            return lambda w: ~w.P[p]
        return lambda w: w.P[p]

    # Compilation -----------------------------------------------------------
    def compile(self):
        ops = []
        for st in self.entry.statements:
            try:
                ops.append(self.instruction(st))
            except PtxUnsupported as e:
                raise PtxUnsupported("%s (in '%s')" % (e, st.line))
            except (KeyError, ValueError, IndexError, AttributeError) as e:
                raise PtxUnsupported("cannot read '%s' (%s)" % (st.line, e))
        return ops

    def carry_op(self, st):
        """add.cc / addc / sub.cc / subc / mad{c}.{lo,hi}{.cc} on 32- or
        64-bit integers: the carry flag is the warp's CC register."""
        parts = st.parts
        head = parts[0]
        uses = head in ("addc", "subc", "madc")
        sets = "cc" in parts
        t = parts[-1]
        bits = TYPE_BITS[t]
        full = 1 << bits
        ops = st.operands
        out = self.dest(ops[0])
        srcs = [self.source(x, bits) for x in ops[1:]]
        kind = head[:3]
        half = parts[1] if kind == "mad" else None

        def carry(w, m):
            values = [x(w) for x in srcs]
            result = np.zeros(WARP, dtype=np.uint64)
            for lane in np.nonzero(m)[0]:
                v = [int(x[lane]) for x in values]
                cin = int(w.cc[lane]) if uses else 0
                if kind == "add":
                    total = v[0] + v[1] + cin
                    carry_out = total >> bits
                elif kind == "sub":
                    total = v[0] - v[1] - cin
                    carry_out = 1 if total < 0 else 0
                else:
                    product = v[0] * v[1]
                    part = (product >> bits) if half == "hi" else product
                    total = (part & (full - 1)) + v[2] + cin
                    carry_out = total >> bits
                result[lane] = total % full
                if sets:
                    w.cc[lane] = carry_out & 1
            out(w, m, result)
        return carry

    def instruction(self, st):
        head = st.parts[0]
        if head in ("addc", "subc", "madc") or ("cc" in st.parts and head in ("add", "sub", "mad")):
            return (self.guard(st), self.carry_op(st), head)
        handler = getattr(self, "op_" + head.replace(".", "_"), None)
        if handler is None:
            raise PtxUnsupported("instruction %s" % st.opcode)
        fn = handler(st)
        return (self.guard(st), fn, head)

    # Each op_* returns fn(w, m) for the lanes m, or a tuple for control flow.

    def op_mov(self, st):
        d, a = st.operands
        if d.startswith("{"):
            names = self.vector(d)
            src = self.source(a)
            bits = TYPE_BITS[st.parts[-1]] // len(names)
            outs = [self.dest(n) for n in names]

            def unpack(w, m):
                v = src(w)
                for i, o in enumerate(outs):
                    o(w, m, v >> U64(i * bits))
            return unpack
        out = self.dest(d)
        if a.startswith("{"):
            names = self.vector(a)
            bits = TYPE_BITS[st.parts[-1]] // len(names)
            srcs = [self.source(n) for n in names]
            piece = mask_of(bits)

            def pack(w, m):
                v = U64(0)
                for i, s in enumerate(srcs):
                    v = v | ((s(w) & piece) << U64(i * bits))
                out(w, m, v)
            return pack
        src = self.source(a)
        return lambda w, m: out(w, m, src(w))

    def op_add(self, st):
        return self._arith(st, lambda x, y: x + y, np.add)

    def op_sub(self, st):
        return self._arith(st, lambda x, y: x - y, np.subtract)

    def _packed_int(self, st, fn):
        """.s16x2 / .u16x2: `fn` on each 16-bit half (int64 lanes)."""
        t = st.parts[-1]
        d, a, b = st.operands
        out, sa, sb = self.dest(d), self.source(a, 32), self.source(b, 32)

        def packed(w, m):
            x, y, r = sa(w), sb(w), np.zeros(WARP, dtype=np.uint64)
            for h in range(2):
                s_ = U64(16 * h)
                hx, hy = (x >> s_) & U64(0xFFFF), (y >> s_) & U64(0xFFFF)
                if t.startswith("s"):
                    v = fn(signed(hx, 16), signed(hy, 16))
                else:
                    v = fn(hx.astype(np.int64), hy.astype(np.int64))
                r = r | (to_u64(v, 16) << s_)
            out(w, m, r)
        return packed

    def _arith(self, st, int_fn, float_fn, by_sign=False):
        """A two-operand op on any type. Integers wrap, except .sat (clamped
        to the signed range) and `by_sign` ops (min, max), which see signed
        types' values."""
        t = st.parts[-1]
        if t in ("s16x2", "u16x2"):
            return self._packed_int(st, int_fn)
        d, a, b = st.operands
        out = self.dest(d)
        rnd = next((x for x in st.parts if x in ("rn", "rz", "rm", "rp")), None)
        if t in ("f16", "bf16") and st.parts[-2] == "f32":
            # sm_100's mixed precision: d = a (16-bit, widened) op c (f32).
            if float_fn not in (np.add, np.subtract):
                raise PtxUnsupported(st.opcode)
            dec = f16_of if t == "f16" else bf16_of
            sa, sc = self.source(a), self.source(b)
            sign = 1.0 if float_fn is np.add else -1.0
            if "sat" in st.parts:
                raise PtxUnsupported(st.opcode)

            def mixed(w, m):
                x = dec(sa(w)).astype(np.float64)
                z = sign * f32_of(sc(w)).astype(np.float64)
                r = (x + z).astype(np.float32)
                if rnd in ("rz", "rm", "rp"):
                    r = exact_lanes(r, (x, z), lambda u, v: u + v, rnd, np.float32,
                                    lambda u, v: (u, v))
                out(w, m, bits_of_f32(r))
            return mixed
        if t in ("f32", "f64", "f16", "bf16", "f16x2", "bf16x2", "f32x2"):
            ftz = "ftz" in st.parts
            if rnd in ("rz", "rm", "rp") and t not in ("f32", "f64"):
                raise PtxUnsupported("%s with rounding mode .%s" % (st.opcode, rnd))
            return self._float_binary(t, out, self.source(a), self.source(b), float_fn, ftz,
                                      rnd)
        bits = TYPE_BITS[t]
        sa, sb = self.source(a, bits), self.source(b, bits)
        if "sat" in st.parts or (by_sign and t.startswith("s")):
            lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
            clamp = "sat" in st.parts

            def on_values(w, m):
                v = int_fn(signed(sa(w), bits), signed(sb(w), bits))
                out(w, m, to_u64(np.clip(v, lo, hi) if clamp else v, bits))
            return on_values
        return lambda w, m: out(w, m, int_fn(sa(w), sb(w)))

    def _float_binary(self, t, out, sa, sb, fn, ftz, rnd=None):
        # Directed rounding (add, sub, mul, div): each lane's exact result,
        # rounded once.
        directed = None
        if rnd in ("rz", "rm", "rp"):
            exact = {np.add: lambda u, v: u + v, np.subtract: lambda u, v: u - v,
                     np.multiply: lambda u, v: u * v,
                     np.divide: lambda u, v: u / v if v else None}.get(fn)
            if exact is None:
                raise PtxUnsupported("rounding mode .%s of this op" % rnd)
            addends = {np.add: lambda u, v: (u, v),
                       np.subtract: lambda u, v: (u, -v)}.get(fn)

            def directed(r, x, y, fmt):
                return exact_lanes(r, (x.astype(np.float64), y.astype(np.float64)),
                                   exact, rnd, fmt, addends)
        if t == "f32":
            def f32(w, m):
                x, y = f32_of(sa(w)), f32_of(sb(w))
                if ftz:
                    x, y = flush(x), flush(y)
                r = fn(x, y).astype(np.float32)
                if directed:
                    r = directed(r, x, y, np.float32)
                out(w, m, bits_of_f32(flush(r) if ftz else r))
            return f32
        if t == "f64":
            def f64(w, m):
                x, y = f64_of(sa(w)), f64_of(sb(w))
                r = fn(x, y)
                out(w, m, bits_of_f64(directed(r, x, y, np.float64) if directed else r))
            return f64
        if t == "f32x2":
            # sm_100's f32 pairs in 64-bit registers: each half as f32.
            def pair(w, m):
                x, y, r = sa(w), sb(w), np.zeros(WARP, dtype=np.uint64)
                for h in range(2):
                    s = U64(32 * h)
                    u, v = f32_of(x >> s), f32_of(y >> s)
                    if ftz:
                        u, v = flush(u), flush(v)
                    q = fn(u, v).astype(np.float32)
                    r = r | (bits_of_f32(flush(q) if ftz else q) << s)
                out(w, m, r)
            return pair
        if t not in ("f16", "bf16", "f16x2", "bf16x2"):
            raise PtxUnsupported("float type %s" % t)
        halves = 2 if t.endswith("x2") else 1
        dec, enc = (f16_of, bits_of_f16) if t.startswith("f16") else (bf16_of, bits_of_bf16)

        def half(w, m):
            # Exact in f64 for add, sub and mul of 16-bit floats: one rounding.
            x, y, r = sa(w), sb(w), U64(0)
            for h in range(halves):
                s = U64(16 * h)
                v = fn(dec(x >> s).astype(np.float64), dec(y >> s).astype(np.float64))
                r = r | (enc(v.astype(np.float32) if enc is bits_of_bf16 else
                             v.astype(np.float16)) << s)
            out(w, m, r)
        return half

    def op_mul(self, st):
        t = st.parts[-1]
        if t.startswith(("f", "bf")):
            return self._arith(st, None, np.multiply)
        d, a, b = st.operands
        out = self.dest(d)
        bits = TYPE_BITS[t]
        sa, sb = self.source(a, bits), self.source(b, bits)
        mode = st.parts[1]
        sgn = t.startswith("s")
        if mode == "lo":
            return lambda w, m: out(w, m, sa(w) * sb(w))
        if mode == "wide":
            if sgn:
                return lambda w, m: out(w, m, to_u64(
                    signed(sa(w).astype(np.uint64), bits) *
                    signed(sb(w).astype(np.uint64), bits)))
            return lambda w, m: out(w, m, (sa(w) & mask_of(bits)) * (sb(w) & mask_of(bits)))
        if mode == "hi":
            def hi(w, m):
                x = sa(w)
                y = sb(w)
                vals = []
                for i in range(WARP):
                    p, q = int(x[i]), int(y[i])
                    if sgn:
                        p -= (p >> (bits - 1) & 1) << bits
                        q -= (q >> (bits - 1) & 1) << bits
                    vals.append(((p * q) >> bits) & ((1 << bits) - 1))
                out(w, m, np.array(vals, dtype=np.uint64))
            return hi
        raise PtxUnsupported("mul mode %s" % mode)

    def op_mad(self, st):
        t = st.parts[-1]
        d, a, b, c = st.operands
        out = self.dest(d)
        if t.startswith("f"):
            return self._fma(st)
        bits = TYPE_BITS[t]
        sa, sb, sc = self.source(a, bits), self.source(b, bits), self.source(c, 64)
        mode = st.parts[1]
        if mode == "lo":
            return lambda w, m: out(w, m, sa(w) * sb(w) + sc(w))
        if mode == "wide":
            if t.startswith("s"):
                return lambda w, m: out(w, m, to_u64(
                    signed(sa(w).astype(np.uint64), bits) *
                    signed(sb(w).astype(np.uint64), bits)) + sc(w))
            return lambda w, m: out(w, m, (sa(w) & mask_of(bits)) * (sb(w) & mask_of(bits)) + sc(w))
        raise PtxUnsupported("mad mode %s" % mode)

    def op_fma(self, st):
        return self._fma(st)

    def _fma(self, st):
        t = st.parts[-1]
        d, a, b, c = st.operands
        out = self.dest(d)
        sa, sb, sc = self.source(a), self.source(b), self.source(c)
        rnd = next((x for x in st.parts if x in ("rn", "rz", "rm", "rp")), None)

        def fused(r, x, y, z, fmt):
            return exact_lanes(r, (x, y, z), lambda u, v, c: u * v + c, rnd or "rn", fmt,
                               lambda u, v, c: (u * v, c))
        if t in ("f16", "bf16") and st.parts[-2] == "f32":
            # sm_100's mixed precision: d = a * b (16-bit, widened) + c (f32).
            dec = f16_of if t == "f16" else bf16_of
            if "sat" in st.parts:
                raise PtxUnsupported(st.opcode)

            def mixed(w, m):
                x, y = dec(sa(w)).astype(np.float64), dec(sb(w)).astype(np.float64)
                z = f32_of(sc(w)).astype(np.float64)
                # (The product of two 16-bit values is exact in f64.)
                r = (x * y + z).astype(np.float32)
                if rnd in ("rz", "rm", "rp"):
                    r = fused(r, x, y, z, np.float32)
                out(w, m, bits_of_f32(r))
            return mixed
        if rnd in ("rz", "rm", "rp") and t not in ("f32", "f64"):
            raise PtxUnsupported("%s with rounding mode .%s" % (st.opcode, rnd))
        if t == "f64":
            # numpy has no fused f64 multiply-add (x * y + z rounds twice):
            # each lane exactly, rounded once.
            def fma64(w, m):
                x, y, z = f64_of(sa(w)), f64_of(sb(w)), f64_of(sc(w))
                out(w, m, bits_of_f64(fused(x * y + z, x, y, z, np.float64)))
            return fma64
        if t not in ("f32", "f32x2"):
            if t not in ("f16", "bf16", "f16x2", "bf16x2"):
                raise PtxUnsupported("fma on %s" % t)
            dec, enc = (f16_of, bits_of_f16) if t.startswith("f16") else (bf16_of, bits_of_bf16)
            halves = 2 if t.endswith("x2") else 1

            def fma16(w, m):
                x, y, z = (s(w) for s in (sa, sb, sc))
                r = U64(0)
                for h in range(halves):
                    s = U64(16 * h)
                    v = (dec(x >> s).astype(np.float64) * dec(y >> s).astype(np.float64) +
                         dec(z >> s).astype(np.float64))
                    r = r | (enc(v.astype(np.float32)) << s)
                out(w, m, r)
            return fma16
        ftz = "ftz" in st.parts

        halves = 2 if t == "f32x2" else 1

        def fma32(w, m):
            result = np.zeros(WARP, dtype=np.uint64)
            for h in range(halves):
                shift = U64(32 * h)
                x, y, z = (f32_of(s(w) >> shift) for s in (sa, sb, sc))
                if ftz:
                    x, y, z = flush(x), flush(y), flush(z)
                # The f64 product of two f32 values is exact: one rounding
                # after the add, as a fused multiply-add (f64 then f32
                # rounds twice, off by one ulp in rare ties).
                r = (x.astype(np.float64) * y.astype(np.float64) +
                     z.astype(np.float64)).astype(np.float32)
                if rnd in ("rz", "rm", "rp"):
                    r = fused(r, x.astype(np.float64), y.astype(np.float64),
                              z.astype(np.float64), np.float32)
                result |= bits_of_f32(flush(r) if ftz else r) << shift
            out(w, m, result)
        return fma32

    def op_div(self, st):
        t = st.parts[-1]
        if t.startswith(("f", "bf")):
            return self._arith(st, None, np.divide)
        d, a, b = st.operands
        out = self.dest(d)
        bits = TYPE_BITS[t]
        sa, sb = self.source(a, bits), self.source(b, bits)
        sgn = t.startswith("s")

        def div(w, m):
            # Integer division truncates; by zero it gives all ones.
            x, y = sa(w), sb(w)
            zero = (y & mask_of(bits)) == 0
            if sgn:
                xs, ys = signed(x, bits), signed(y, bits)
                ys = np.where(zero, 1, ys)
                v = to_u64(np.abs(xs) // np.abs(ys) * np.sign(xs) * np.sign(ys), bits)
            else:
                v = x // np.where(zero, U64(1), y)
            out(w, m, np.where(zero, mask_of(bits), v))
        return div

    def op_max(self, st):
        # max.f32 returns the number when one side is NaN; max.NaN the NaN.
        return self._arith(st, np.maximum, np.maximum if "NaN" in st.parts else np.fmax,
                           by_sign=True)

    def op_min(self, st):
        return self._arith(st, np.minimum, np.minimum if "NaN" in st.parts else np.fmin,
                           by_sign=True)

    def _bitwise(self, st, fn):
        t = st.parts[-1]
        d, a, b = st.operands
        out = self.dest(d)
        if t == "pred":
            pa, pb = self.pred_source(a), self.pred_source(b)
            return lambda w, m: out(w, m, fn(pa(w), pb(w)))
        bits = TYPE_BITS[t]
        sa, sb = self.source(a, bits), self.source(b, bits)
        return lambda w, m: out(w, m, fn(sa(w), sb(w)))

    def pred_source(self, text):
        t = text.strip()
        neg = t.startswith("!")
        p = self.pred(t.lstrip("!"))
        if neg:
            return lambda w: ~w.P[p]
        return lambda w: w.P[p]

    def op_and(self, st):
        return self._bitwise(st, lambda x, y: x & y)

    def op_or(self, st):
        return self._bitwise(st, lambda x, y: x | y)

    def op_xor(self, st):
        return self._bitwise(st, lambda x, y: x ^ y)

    def op_not(self, st):
        t = st.parts[-1]
        d, a = st.operands
        out = self.dest(d)
        if t == "pred":
            pa = self.pred_source(a)
            return lambda w, m: out(w, m, ~pa(w))
        sa = self.source(a, TYPE_BITS[t])
        return lambda w, m: out(w, m, ~sa(w).astype(np.uint64))

    def op_neg(self, st):
        t = st.parts[-1]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a)
        if t == "f32":
            return lambda w, m: out(w, m, sa(w) ^ U64(0x80000000))
        if t == "f64":
            return lambda w, m: out(w, m, sa(w) ^ U64(1 << 63))
        if t in ("f16", "bf16"):
            return lambda w, m: out(w, m, sa(w) ^ U64(0x8000))
        if t in ("f16x2", "bf16x2"):
            return lambda w, m: out(w, m, sa(w) ^ U64(0x80008000))
        if t == "f32x2":
            return lambda w, m: out(w, m, sa(w) ^ U64(0x8000000080000000))
        return lambda w, m: out(w, m, U64(0) - sa(w))

    def op_abs(self, st):
        t = st.parts[-1]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a)
        if t in ("f16x2", "bf16x2"):
            return lambda w, m: out(w, m, sa(w) & U64(0x7FFF7FFF))
        if t == "f32x2":
            return lambda w, m: out(w, m, sa(w) & U64(0x7FFFFFFF7FFFFFFF))
        if t.startswith("f") or t.startswith("bf"):
            bits = TYPE_BITS[t]
            clear = mask_of(bits) >> U64(1)
            return lambda w, m: out(w, m, sa(w) & clear)
        bits = TYPE_BITS[t]
        return lambda w, m: out(w, m, to_u64(np.abs(signed(
            sa(w).astype(np.uint64), bits)), bits))

    def _shift(self, st, left):
        t = st.parts[-1]
        bits = TYPE_BITS[t]
        d, a, b = st.operands
        out, sa, sb = self.dest(d), self.source(a, bits), self.source(b, 32)
        arith = t.startswith("s") and not left

        def shift(w, m):
            x = sa(w).astype(np.uint64) & mask_of(bits)
            n = sb(w).astype(np.uint64) & U64(0xFFFFFFFF)
            big = n >= U64(bits)
            n = np.minimum(n, U64(bits - 1))
            if left:
                v = np.where(big, U64(0), x << n)
            elif arith:
                s = signed(x, bits)
                v = to_u64(np.where(big, np.where(s < 0, -1, 0), s >> n.astype(np.int64)), bits)
            else:
                v = np.where(big, U64(0), x >> n)
            out(w, m, v)
        return shift

    def op_shl(self, st):
        return self._shift(st, True)

    def op_shr(self, st):
        return self._shift(st, False)

    def op_shf(self, st):
        """Funnel shift of the 64-bit {b, a} (b high) by c: the high word
        after a left shift, the low word after a right shift."""
        left = st.parts[1] == "l"
        clamp = st.parts[2] == "clamp"
        d, a, b, c = st.operands
        out, sa, sb, sc = self.dest(d), self.source(a, 32), self.source(b, 32), self.source(c, 32)

        def shf(w, m):
            pair = (sb(w) << U64(32)) | sa(w)
            n = sc(w) & U64(0xFFFFFFFF)
            n = np.minimum(n, U64(32)) if clamp else n & U64(31)
            if left:
                v = np.where(n == U64(32), pair & U64(0xFFFFFFFF),
                             (pair << np.minimum(n, U64(31))) >> U64(32))
            else:
                v = np.where(n == U64(32), pair >> U64(32), pair >> np.minimum(n, U64(31)))
            out(w, m, v & U64(0xFFFFFFFF))
        return shf

    def op_clz(self, st):
        bits = TYPE_BITS[st.parts[-1]]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a, bits)

        def clz(w, m):
            x = sa(w)
            out(w, m, np.array([bits - int(v).bit_length() for v in x], dtype=np.uint64))
        return clz

    def op_bfe(self, st):
        t = st.parts[-1]
        bits = TYPE_BITS[t]
        d, a, b, c = st.operands
        out, sa, sb, sc = self.dest(d), self.source(a, bits), self.source(b), self.source(c)
        sgn = t.startswith("s")

        def bfe(w, m):
            x = sa(w)
            pos = sb(w)
            length = sc(w)
            vals = []
            for i in range(WARP):
                v, p, n = int(x[i]), int(pos[i]) & 0xFF, int(length[i]) & 0xFF
                field = (v >> p) & ((1 << n) - 1) if p < bits else 0
                if sgn:
                    top = min(p + n - 1, bits - 1) if n else 0
                    s = (v >> top) & 1 if n else 0
                    if n and p + n > bits:
                        n = max(bits - p, 0)
                        field = (v >> p) & ((1 << n) - 1) if p < bits else 0
                    if s:
                        field |= ((1 << bits) - 1) & ~((1 << n) - 1)
                vals.append(field & ((1 << bits) - 1))
            out(w, m, np.array(vals, dtype=np.uint64))
        return bfe

    def op_bfi(self, st):
        bits = TYPE_BITS[st.parts[-1]]
        d, f, b, c, e = st.operands
        out = self.dest(d)
        sf, sb, sc, se = self.source(f, bits), self.source(b, bits), self.source(c), self.source(e)

        def bfi(w, m):
            vals = []
            fs, bs = sf(w), sb(w)
            cs, es = sc(w), se(w)
            for i in range(WARP):
                p, n = int(cs[i]) & 0xFF, int(es[i]) & 0xFF
                v = int(bs[i])
                if p < bits:
                    fm = ((1 << n) - 1) << p
                    v = (v & ~fm) | ((int(fs[i]) << p) & fm)
                vals.append(v & ((1 << bits) - 1))
            out(w, m, np.array(vals, dtype=np.uint64))
        return bfi

    def op_prmt(self, st):
        if len(st.parts) != 2:
            raise PtxUnsupported("prmt mode %s" % st.opcode)
        d, a, b, c = st.operands
        out, sa, sb, sc = self.dest(d), self.source(a, 32), self.source(b, 32), self.source(c, 32)

        def prmt(w, m):
            x = sa(w).astype(np.uint64) & U64(0xFFFFFFFF)
            y = sb(w).astype(np.uint64) & U64(0xFFFFFFFF)
            sel = sc(w).astype(np.uint64)
            pool = x | (y << U64(32))
            r = U64(0)
            for k in range(4):
                s = (sel >> U64(4 * k)) & U64(0xF)
                byte = (pool >> ((s & U64(7)) * U64(8))) & U64(0xFF)
                rep = np.where((byte & U64(0x80)) != 0, U64(0xFF), U64(0))
                byte = np.where((s & U64(8)) != 0, rep, byte)
                r = r | (byte << U64(8 * k))
            out(w, m, r)
        return prmt

    def op_selp(self, st):
        t = st.parts[-1]
        d, a, b, c = st.operands
        bits = TYPE_BITS[t]
        out, sa, sb, pc = self.dest(d), self.source(a, bits), self.source(b, bits), self.pred_source(c)
        return lambda w, m: out(w, m, np.where(pc(w), sa(w), sb(w)))

    def op_setp(self, st):
        parts = st.parts
        cmp_, t = parts[1], parts[-1]
        combine = next((p for p in parts[2:] if p in ("and", "or", "xor")), None)
        ops = st.operands
        dests = ops[0].split("|")
        outs = [self.dest(x) for x in dests]
        if t in ("f16x2", "bf16x2"):
            return self._setp_pairs(st, cmp_, t[:-2], combine, outs, ops)
        bits = TYPE_BITS[t]
        sa, sb = self.source(ops[1], bits), self.source(ops[2], bits)
        pc = self.pred_source(ops[3]) if combine else None
        if t.startswith(("f", "bf")):
            dec = {"f32": f32_of, "f64": f64_of, "f16": f16_of, "bf16": bf16_of}[t]
            ftz = "ftz" in parts

            def compare(w):
                x = dec(sa(w).astype(np.uint64))
                y = dec(sb(w).astype(np.uint64))
                if ftz:
                    x, y = flush(x), flush(y)
                return _float_compare(cmp_, x, y)
        else:
            sgn = t.startswith("s")
            lower = {"lo": "lt", "ls": "le", "hi": "gt", "hs": "ge"}

            def compare(w):
                x = sa(w).astype(np.uint64) & mask_of(bits)
                y = sb(w).astype(np.uint64) & mask_of(bits)
                if sgn:
                    x, y = signed(x, bits), signed(y, bits)
                c = lower.get(cmp_, cmp_)
                return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y,
                        "gt": x > y, "ge": x >= y}[c]
        fn = {None: None, "and": np.logical_and, "or": np.logical_or,
              "xor": np.logical_xor}[combine]

        def setp(w, m):
            r = compare(w)
            if fn is not None:
                outs[0](w, m, fn(r, pc(w)))
                if len(outs) > 1:
                    outs[1](w, m, fn(~r, pc(w)))
            else:
                outs[0](w, m, r)
                if len(outs) > 1:
                    outs[1](w, m, ~r)
        return setp

    def _setp_pairs(self, st, cmp_, half, combine, outs, ops):
        """setp on f16x2 / bf16x2: the low halves' result goes to the first
        predicate, the high halves' to the second."""
        sa, sb = self.source(ops[1], 32), self.source(ops[2], 32)
        pc = self.pred_source(ops[3]) if combine else None
        dec = f16_of if half == "f16" else bf16_of
        fn = {None: None, "and": np.logical_and, "or": np.logical_or,
              "xor": np.logical_xor}[combine]

        def setp_pairs(w, m):
            for h, out in enumerate(outs):
                s_ = U64(16 * h)
                x = dec(sa(w) >> s_).astype(np.float64)
                y = dec(sb(w) >> s_).astype(np.float64)
                r = _float_compare(cmp_, x, y)
                out(w, m, fn(r, pc(w)) if fn is not None else r)
        return setp_pairs

    def op_cvt(self, st):
        parts = st.parts[1:]
        dt, at = parts[-2], parts[-1]
        mods = parts[:-2]
        d, a = st.operands[0], st.operands[1]
        out = self.dest(d)
        sat = "sat" in mods
        ftz = "ftz" in mods
        rnd = next((x for x in mods if x in ("rn", "rz", "rm", "rp", "rna", "rni", "rzi",
                                              "rmi", "rpi")), None)
        if at in ("e4m3x2", "e5m2x2") and dt == "f16x2":
            sa = self.source(a)
            table = E4M3_VALUES if at.startswith("e4m3") else E5M2_VALUES

            def widen(w, m):
                x = sa(w).astype(np.uint64)
                lo = bits_of_f16(table[(x & U64(0xFF)).astype(np.int64)])
                hi = bits_of_f16(table[((x >> U64(8)) & U64(0xFF)).astype(np.int64)])
                out(w, m, lo | (hi << U64(16)))
            return widen
        if dt in ("f16x2", "bf16x2"):
            sa, sb = self.source(a), self.source(st.operands[2])
            enc = bits_of_f16 if dt == "f16x2" else bits_of_bf16
            return lambda w, m: out(w, m, (enc(f32_of(sa(w))) << U64(16)) | enc(f32_of(sb(w))))
        if dt in ("e4m3x2", "e5m2x2"):
            sa, sb = self.source(a), self.source(st.operands[2])
            table = E4M3_VALUES if dt.startswith("e4m3") else E5M2_VALUES
            return lambda w, m: out(w, m, (_encode_fp8(f32_of(sa(w)), table, dt) << U64(8)) |
                                    _encode_fp8(f32_of(sb(w)), table, dt))
        sa = self.source(a)
        float_types = ("f16", "bf16", "f32", "f64", "tf32")
        if at in float_types and dt in float_types:
            return lambda w, m: out(w, m, self._cvt_float(sa(w).astype(np.uint64),
                                                          at, dt, rnd, ftz, sat))
        if at in float_types:
            return lambda w, m: out(w, m, self._float_to_int(sa(w).astype(np.uint64),
                                                             at, dt, rnd))
        abits, dbits = TYPE_BITS[at], TYPE_BITS[dt]
        if dt in float_types:
            def int_to_float(w, m):
                x = sa(w).astype(np.uint64) & mask_of(abits)
                v = signed(x, abits) if at.startswith("s") else x
                if abits == 64 and dt != "f64":
                    # Exact integer -> f32 rounding (f64 first would round twice).
                    f = np.array([_round_int_to_f32(int(i)) for i in v], dtype=np.float32)
                else:
                    f = v.astype(np.float64)
                out(w, m, self._encode(f, dt, rnd or "rn"))
            return int_to_float

        def int_to_int(w, m):
            x = sa(w).astype(np.uint64) & mask_of(abits)
            v = signed(x, abits) if at.startswith("s") else x
            if sat:
                lo = -(1 << (dbits - 1)) if dt.startswith("s") else 0
                hi = (1 << (dbits - 1)) - 1 if dt.startswith("s") else (1 << dbits) - 1
                v = np.array([min(max(int(i), lo), hi) for i in v], dtype=object)
                r = np.array([int(i) & ((1 << 64) - 1) for i in v], dtype=np.uint64)
            else:
                r = to_u64(v) if v.dtype != np.uint64 else v
            r = r & mask_of(dbits)
            if dt.startswith("s"):
                r = to_u64(signed(r, dbits))
            out(w, m, r)
        return int_to_int

    def _encode(self, f, dt, rnd):
        f = np.asarray(f, dtype=np.float64)
        if dt == "f64":
            return bits_of_f64(f)
        if dt == "f32" or dt == "tf32":
            return bits_of_f32(f.astype(np.float32))
        if dt == "f16":
            return bits_of_f16(f.astype(np.float32).astype(np.float16))
        if dt == "bf16":
            return bits_of_bf16(f.astype(np.float32))
        raise PtxUnsupported("conversion to %s" % dt)

    def _cvt_float(self, x, at, dt, rnd, ftz, sat):
        dec = {"f16": f16_of, "bf16": bf16_of, "f32": f32_of, "f64": f64_of, "tf32": f32_of}[at]
        v = dec(x)
        if ftz and at == "f32":
            v = flush(v)
        if rnd in ("rni", "rzi", "rmi", "rpi"):
            fn = {"rni": np.rint, "rzi": np.trunc, "rmi": np.floor, "rpi": np.ceil}[rnd]
            r = fn(v.astype(np.float64))
            return self._encode(r, dt, "rn") if dt != at else \
                {"f32": bits_of_f32, "f64": bits_of_f64, "f16": bits_of_f16,
                 "bf16": bits_of_bf16}[dt](r.astype(np.float32 if dt != "f64" else np.float64))
        if dt == "tf32":
            b = bits_of_f32(v.astype(np.float32))
            if rnd == "rna":
                rounded = (b + U64(0x1000)) & U64(0xFFFFE000)
            else:
                rounded = b & U64(0xFFFFE000)
            finite = np.isfinite(v)
            return np.where(finite, rounded, b)
        if rnd not in (None, "rn") and TYPE_BITS[dt] < TYPE_BITS[at]:
            raise PtxUnsupported("rounding .%s to %s" % (rnd, dt))
        if dt == "f64":
            return bits_of_f64(v.astype(np.float64))
        r = v.astype(np.float64)
        if sat:
            r = np.where(np.isnan(r), 0.0, np.clip(r, 0.0, 1.0))
        if dt == "f32":
            f = r.astype(np.float32)
            if ftz:
                f = flush(f)
            return bits_of_f32(f)
        if dt == "f16":
            return bits_of_f16(r.astype(np.float32).astype(np.float16) if at != "f64"
                               else r.astype(np.float16))
        if dt == "bf16":
            return bits_of_bf16(r.astype(np.float32))
        raise PtxUnsupported("conversion %s -> %s" % (at, dt))

    def _float_to_int(self, x, at, dt, rnd):
        dec = {"f16": f16_of, "bf16": bf16_of, "f32": f32_of, "f64": f64_of}[at]
        v = dec(x).astype(np.float64)
        fn = {"rni": np.rint, "rzi": np.trunc, "rmi": np.floor, "rpi": np.ceil,
              None: np.trunc}[rnd]
        r = fn(v)
        bits = TYPE_BITS[dt]
        lo = -(1 << (bits - 1)) if dt.startswith("s") else 0
        hi = (1 << (bits - 1)) - 1 if dt.startswith("s") else (1 << bits) - 1
        vals = []
        for f in r:
            if f != f:
                vals.append(0)
            else:
                vals.append(int(min(max(f, lo), hi)) & ((1 << 64) - 1))
        u = np.array(vals, dtype=np.uint64) & mask_of(bits)
        return to_u64(signed(u, bits)) if dt.startswith("s") else u

    def op_cvta(self, st):
        d, a = st.operands
        out, sa = self.dest(d), self.source(a)
        space = st.parts[2] if st.parts[1] == "to" else st.parts[1]
        to_generic = st.parts[1] != "to"
        if space in ("global", "param"):
            return lambda w, m: out(w, m, sa(w))
        window = {"shared": U64(SHARED_WINDOW), "local": U64(LOCAL_WINDOW)}.get(space)
        if window is None:
            raise PtxUnsupported("cvta for .%s" % space)
        if to_generic:
            return lambda w, m: out(w, m, sa(w) + window)
        return lambda w, m: out(w, m, sa(w) - window)

    # Special functions -------------------------------------------------
    def _unary_float(self, st, fn, directed=None):
        """`directed(nearest, x, rnd, fmt)`: the op's results in rounding
        mode rnd (rz, rm, rp) from the nearest ones; without it such a mode
        is not simulated."""
        t = st.parts[-1]
        if t not in ("f16", "bf16", "f16x2", "bf16x2", "f32", "f64"):
            raise PtxUnsupported("%s on %s" % (st.parts[0], t))
        d, a = st.operands
        out, sa = self.dest(d), self.source(a)
        ftz = "ftz" in st.parts
        rnd = next((x for x in st.parts if x in ("rz", "rm", "rp")), None)
        if rnd and (directed is None or t not in ("f32", "f64")):
            raise PtxUnsupported("%s with rounding mode .%s" % (st.opcode, rnd))
        if t == "f64":
            def f64(w, m):
                x = f64_of(sa(w).astype(np.uint64))
                r = fn(x)
                out(w, m, bits_of_f64(directed(r, x, rnd, np.float64) if rnd else r))
            return f64
        if t in ("f16", "bf16", "f16x2", "bf16x2"):
            dec, enc = (f16_of, bits_of_f16) if t.startswith("f16") else (bf16_of, bits_of_bf16)
            halves = 2 if t.endswith("x2") else 1

            def half(w, m):
                x, r = sa(w).astype(np.uint64), U64(0)
                for h in range(halves):
                    s = U64(16 * h)
                    r = r | (enc(fn(dec(x >> s).astype(np.float64)).astype(np.float32)) << s)
                out(w, m, r)
            return half

        def f32(w, m):
            x = f32_of(sa(w).astype(np.uint64))
            if ftz:
                x = flush(x)
            r = fn(x.astype(np.float64)).astype(np.float32)
            if rnd:
                r = directed(r, x, rnd, np.float32)
            out(w, m, bits_of_f32(flush(r) if ftz else r))
        return f32

    def op_ex2(self, st):
        return self._unary_float(st, np.exp2)

    def op_rcp(self, st):
        return self._unary_float(st, lambda x: 1.0 / x)

    def op_sqrt(self, st):
        def directed(nearest, x, rnd, fmt):
            # The nearest root is within an ulp: one step where its square
            # lies on the wrong side of x.
            import fractions
            out = np.array(nearest, dtype=fmt, copy=True)
            for lane in range(len(out)):
                c, v = out[lane], float(x[lane])
                if not (np.isfinite(c) and v > 0):
                    continue
                square = fractions.Fraction(float(c)) ** 2
                if rnd == "rp" and square < fractions.Fraction(v):
                    out[lane] = np.nextafter(c, fmt(np.inf))
                elif rnd != "rp" and square > fractions.Fraction(v):
                    out[lane] = np.nextafter(c, fmt(0))
            return out
        return self._unary_float(st, np.sqrt, directed)

    def op_rsqrt(self, st):
        return self._unary_float(st, lambda x: 1.0 / np.sqrt(x))

    def op_tanh(self, st):
        return self._unary_float(st, np.tanh)

    def op_copysign(self, st):
        t = st.parts[-1]
        d, a, b = st.operands
        out, sa, sb = self.dest(d), self.source(a), self.source(b)
        sign = U64(1 << (TYPE_BITS[t] - 1))
        # copysign.f32 d, a, b: b's magnitude, a's sign.
        return lambda w, m: out(w, m, (sb(w) & ~sign & mask_of(TYPE_BITS[t])) | (sa(w) & sign))

    def _space(self, st):
        for s in ("param", "shared", "global", "local", "const"):
            if s in st.parts:
                return s
        return "generic"

    def op_ld(self, st):
        space = self._space(st)
        t = st.parts[-1]
        count = 1
        for p in st.parts:
            if p in ("v2", "v4", "v8"):
                count = int(p[1:])
        nbytes = TYPE_BITS[t] // 8
        d, a = st.operands
        names = self.vector(d)
        outs = [self.dest(n) for n in names]
        sgn = t.startswith("s")
        name = a.strip()[1:-1].strip()
        call_result = space == "param" and name not in self.params
        get, param = (None, None) if call_result else self.address(a)
        if call_result:
            pm = re.match(r"^([\w$]+)(?:\+(\d+))?$", name)
            if not pm:
                raise PtxUnsupported("ld.param through a register")
            # A call's result (retval0), or a device function's parameter.
            pname, poff = pm.group(1), int(pm.group(2) or 0)

            def ld_result(w, m):
                for i, o in enumerate(outs):
                    v = call_param(w, pname, poff + i * nbytes, nbytes)
                    o(w, m, to_u64(signed(v, 8 * nbytes)) if sgn else v)
            return ld_result
        if space == "param" or param is not None:
            name, off = param

            def ld_param(w, m):
                raw = w.cta.params[name][off:off + nbytes * count]
                for i, o in enumerate(outs):
                    v = int.from_bytes(raw[i * nbytes:(i + 1) * nbytes], "little")
                    if sgn and v >> (8 * nbytes - 1):
                        v -= 1 << (8 * nbytes)
                    o(w, m, U64(v & 0xFFFFFFFFFFFFFFFF))
            return ld_param
        if space == "const":
            # Constant variables live in global memory here.
            space = "global"

        def ld(w, m):
            lanes = np.nonzero(m)[0]
            if len(lanes) == 0:
                return
            mem, addr = w.cta.resolve(w, lanes, get(w)[lanes], space)
            if w.cta.profile is not None:
                w.cta.profile_access(w, mem, addr, nbytes * count)
            raw = mem.load_bytes(addr, nbytes * count) if count > 1 else None
            for i, o in enumerate(outs):
                if raw is not None:
                    v = np.ascontiguousarray(raw[:, i * nbytes:(i + 1) * nbytes]).view(
                        "<u%d" % nbytes).reshape(-1).astype(np.uint64)
                else:
                    v = mem.load(addr, nbytes)
                if sgn:
                    v = to_u64(signed(v, 8 * nbytes))
                full = np.zeros(WARP, dtype=np.uint64)
                full[lanes] = v
                o(w, m, full)
        return ld

    def op_st(self, st):
        space = self._space(st)
        t = st.parts[-1]
        nbytes = TYPE_BITS[t] // 8
        a, v = st.operands
        srcs = [self.source(n) for n in self.vector(v)]
        if space == "param":
            # A call's argument (param0, ...) or a device function's result.
            pm = re.match(r"^([\w$]+)(?:\+(\d+))?$", a.strip()[1:-1].strip())
            if not pm:
                raise PtxUnsupported("st.param to '%s'" % a)
            pname, poff = pm.group(1), int(pm.group(2) or 0)

            def st_param(w, m):
                for i, src in enumerate(srcs):
                    set_call_param(w, pname, poff + i * nbytes, nbytes, src(w), m)
            return st_param
        get, param = self.address(a)
        if param is not None or space == "const":
            raise PtxUnsupported("st.%s" % space)
        count = len(srcs)

        def st_(w, m):
            lanes = np.nonzero(m)[0]
            if len(lanes) == 0:
                return
            mem, addr = w.cta.resolve(w, lanes, get(w)[lanes], space)
            if w.cta.profile is not None:
                w.cta.profile_access(w, mem, addr, nbytes * count)
            if count == 1:
                mem.store(addr, srcs[0](w)[lanes], nbytes)
                return
            vals = np.stack([s(w)[lanes].astype("<u%d" % nbytes)
                             for s in srcs], axis=1)
            idx = mem.offsets(addr, nbytes * count, "store")
            mem.data[idx] = np.ascontiguousarray(vals).view(np.uint8).reshape(len(lanes), -1)
        return st_

    def op_atom(self, st):
        return self._atomic(st)

    def _atomic(self, st):
        """atom: lanes in order, each a read-modify-write (the order a GPU
        picks among lanes is one of these)."""
        parts = st.parts
        t = parts[-1]
        ops = ["add", "min", "max", "and", "or", "xor", "exch", "cas", "inc", "dec"]
        op = next((p for p in parts if p in ops), None)
        if op is None or t not in TYPE_BITS or "v2" in parts or "v4" in parts:
            raise PtxUnsupported(st.opcode)
        space = self._space(st)
        operands = st.operands
        out = self.dest(operands[0])
        get, _ = self.address(operands[1])
        b = self.source(operands[2], TYPE_BITS[t])
        c = self.source(operands[3], TYPE_BITS[t]) if op == "cas" else None
        nbytes = TYPE_BITS[t] // 8
        bits = TYPE_BITS[t]
        floats = {"f32": (f32_of, bits_of_f32), "f64": (f64_of, bits_of_f64),
                  "f16": (f16_of, bits_of_f16), "bf16": (bf16_of, bits_of_bf16)}

        def combine(old, value, compare):
            if op == "exch":
                return value
            if op == "cas":
                return compare if old == value else old
            if t in floats:
                dec, enc = floats[t]
                x = dec(np.array([old], dtype=np.uint64))[0]
                y = dec(np.array([value], dtype=np.uint64))[0]
                r = {"add": lambda: np.float64(x) + np.float64(y),
                     "min": lambda: np.fmin(x, y), "max": lambda: np.fmax(x, y)}[op]()
                cast = np.float64 if t == "f64" else np.float32
                return int(enc(np.array([r], dtype=cast))[0])
            mask = (1 << bits) - 1
            if t.startswith("s") and op in ("min", "max"):
                sx = old - (1 << bits) if old >> (bits - 1) else old
                sy = value - (1 << bits) if value >> (bits - 1) else value
                return (min if op == "min" else max)(sx, sy) & mask
            if op == "add":
                return (old + value) & mask
            if op == "min":
                return min(old, value)
            if op == "max":
                return max(old, value)
            if op == "inc":
                return 0 if old >= value else old + 1
            if op == "dec":
                return value if old == 0 or old > value else old - 1
            return {"and": old & value, "or": old | value, "xor": old ^ value}[op]

        def atomic(w, m):
            addresses, values = get(w), b(w)
            compares = c(w) if c is not None else None
            result = np.zeros(WARP, dtype=np.uint64)
            for lane in np.nonzero(m)[0]:
                mem, address = w.cta.resolve(w, np.array([lane]),
                                             addresses[lane:lane + 1], space)
                old = int(mem.load(address, nbytes)[0])
                new = combine(old, int(values[lane]),
                              int(compares[lane]) if compares is not None else None)
                mem.store(address, np.array([new], dtype=np.uint64), nbytes)
                result[lane] = old
            out(w, m, result)
        return atomic

    def op_ldmatrix(self, st):
        parts = st.parts
        count = int(next(p for p in parts if p.startswith("x"))[1:])
        trans = "trans" in parts
        if "m8n8" not in parts or "b16" not in parts:
            raise PtxUnsupported(st.opcode)
        d, a = st.operands
        outs = [self.dest(n) for n in self.vector(d)]
        get, _ = self.address(a)
        lane = np.arange(WARP)

        def ldmatrix(w, m):
            w.require_converged("ldmatrix")
            addr = get(w)[:8 * count]
            if w.cta.profile is not None:
                w.cta.profile.access(w, "shared", addr, 16)
            rows = w.cta.shared.load_bytes(addr, 16)
            rows = np.ascontiguousarray(rows).view("<u2").reshape(count, 8, 8).astype(np.uint64)
            for j, o in enumerate(outs):
                mat = rows[j]
                if trans:
                    lo = mat[2 * (lane % 4), lane // 4]
                    hi = mat[2 * (lane % 4) + 1, lane // 4]
                else:
                    lo = mat[lane // 4, 2 * (lane % 4)]
                    hi = mat[lane // 4, 2 * (lane % 4) + 1]
                o(w, m, lo | (hi << U64(16)))
        return ldmatrix

    def op_cp(self, st):
        parts = st.parts
        if parts[1:4] == ["async", "bulk", "tensor"]:
            return self.tma_load(st)
        if parts[1] != "async" or parts[2] not in ("ca", "cg", "commit_group",
                                                   "wait_group", "wait_all"):
            raise PtxUnsupported(st.opcode)
        if parts[2] == "commit_group":
            return lambda w, m: w.commit()
        if parts[2] == "wait_group":
            n = int(st.operands[0])
            return lambda w, m: w.cta.wait_copies(w, n)
        if parts[2] == "wait_all":
            def wait_all(w, m):
                w.commit()
                w.cta.wait_copies(w, 0)
            return wait_all
        ops = st.operands
        dst, _ = self.address(ops[0])
        src, _ = self.address(ops[1])
        size = int(ops[2], 0)
        full = constant(size)
        src_size = self.source(ops[3], 32) if len(ops) > 3 else (lambda w: full)

        def cp_async(w, m):
            lanes = np.nonzero(m)[0]
            if len(lanes) == 0:
                return
            copy = (dst(w)[lanes].copy(),
                    src(w)[lanes].copy(),
                    src_size(w)[lanes].astype(np.int64), size)
            if w.cta.profile is not None:
                # Its shared side, and the global sectors of the lanes that
                # read (a partial read counted whole).
                w.cta.profile.access(w, "shared", copy[0], size)
                w.cta.profile.access(w, "global", copy[1][copy[2] > 0], size)
            w.cta.issue_copy(w, copy)
        return cp_async

    def tma_load(self, st):
        """cp.async.bulk.tensor global -> shared, completing on an mbarrier
        (TMA stores and multicast are not simulated)."""
        parts = st.parts
        spaces = [p for p in parts if p.startswith(("shared", "global"))]
        if spaces[:1] == ["global"] or "tile" not in parts or len(st.operands) != 3 or \
                "mbarrier::complete_tx::bytes" not in parts or \
                "multicast::cluster" in parts:
            raise PtxUnsupported(st.opcode)
        dst, _ = self.address(st.operands[0])
        inner = st.operands[1].strip()[1:-1]
        tmap_text, coords_text = inner.split(",", 1)
        tmap = self.source(tmap_text)
        coords = [self.source(c, 32) for c in self.vector(coords_text.strip())]
        bar, _ = self.address(st.operands[2])

        def tma(w, m):
            for lane in np.nonzero(m)[0]:
                where = [int(c(w)[lane]) for c in coords]
                where = [c - (1 << 32) if c >> 31 else c for c in where]
                w.cta.issue_bulk(int(dst(w)[lane]), int(tmap(w)[lane]), where,
                                 int(bar(w)[lane]))
        return tma

    def op_mma(self, st):
        return MmaShape(self, st).closure()

    def op_shfl(self, st):
        parts = st.parts
        mode = parts[2]
        ops = st.operands
        dests = ops[0].split("|")
        out = self.dest(dests[0])
        pout = self.dest(dests[1]) if len(dests) > 1 else None
        sa, sb, sc = self.source(ops[1], 32), self.source(ops[2], 32), self.source(ops[3], 32)
        lane = np.arange(WARP, dtype=np.int64)

        def shfl(w, m):
            w.require_converged("shfl.sync")
            a = sa(w).astype(np.uint64)
            b = sb(w).astype(np.int64) & 31
            c = sc(w).astype(np.int64)
            clamp, segmask = c & 31, (c >> 8) & 31
            max_lane = (lane & segmask) | (clamp & ~segmask)
            min_lane = lane & segmask
            if mode == "up":
                j = lane - b
                ok = j >= max_lane
            elif mode == "down":
                j = lane + b
                ok = j <= max_lane
            elif mode == "bfly":
                j = lane ^ b
                ok = j <= max_lane
            else:
                j = min_lane | (b & ~segmask)
                ok = j <= max_lane
            j = np.where(ok, j, lane)
            out(w, m, a[j])
            if pout is not None:
                pout(w, m, ok)
        return shfl

    def op_bar(self, st):
        ops = st.operands
        if st.parts[1:3] == ["warp", "sync"]:
            members = self.source(ops[0], 32)

            def warp_sync(w, m):
                # The named lanes must all be here.
                named = (members(w)[0] >> LANES) & U64(1)
                if np.any((named != 0) & w.alive & ~m):
                    raise Fault("bar.warp.sync with lanes of its mask elsewhere "
                                "(warp %d)" % w.index)
            return warp_sync
        if st.parts[1] not in ("sync",) and not (len(st.parts) > 1 and st.parts[1] == "cta"):
            raise PtxUnsupported(st.opcode)
        ident = int(ops[0], 0) if ops and _imm(ops[0]) is not None else 0
        count = int(ops[1], 0) if len(ops) > 1 else None
        return ("barrier", ident, count)

    def op_fence(self, st):
        # The simulator's memory is one coherent store: async-proxy and
        # mbarrier-init fences have nothing to order.
        return lambda w, m: None

    # Hopper: mbarrier, TMA, wgmma ---------------------------------------
    def op_mbarrier(self, st):
        parts = st.parts
        what = parts[1]
        ops = st.operands
        if what == "init":
            get, _ = self.address(ops[0])
            count = self.source(ops[1], 32)

            def init(w, m):
                for lane in np.nonzero(m)[0]:
                    w.cta.barriers[int(get(w)[lane])] = MBarrier(int(count(w)[lane]))
                w.cta.events += 1
            return init
        if what == "expect_tx":
            get, _ = self.address(ops[0])
            tx = self.source(ops[1], 32)

            def expect_tx(w, m):
                for lane in np.nonzero(m)[0]:
                    w.cta.barrier(int(get(w)[lane])).expect(int(tx(w)[lane]))
                w.cta.events += 1
            return expect_tx
        if what == "arrive":
            if "expect_tx" in parts:
                out = self.dest(ops[0])
                get, _ = self.address(ops[1])
                tx = self.source(ops[2], 32)
            else:
                out = self.dest(ops[0])
                get, _ = self.address(ops[1])
                tx = None
            if len(ops) > (3 if tx else 2):
                raise PtxUnsupported("mbarrier.arrive with a count")

            def arrive(w, m):
                state = np.zeros(WARP, dtype=np.uint64)
                for lane in np.nonzero(m)[0]:
                    bar = w.cta.barrier(int(get(w)[lane]))
                    state[lane] = bar.phase
                    if tx is not None:
                        bar.expect(int(tx(w)[lane]))
                    bar.arrive()
                w.cta.events += 1
                out(w, m, state)
            return arrive
        if what in ("try_wait", "test_wait") and "parity" in parts:
            out = self.dest(ops[0])
            get, _ = self.address(ops[1])
            parity = self.source(ops[2], 32)

            def try_wait(w, m):
                done = np.zeros(WARP, dtype=bool)
                for lane in np.nonzero(m)[0]:
                    address = int(get(w)[lane])
                    want = int(parity(w)[lane]) & 1
                    done[lane] = w.cta.barrier(address).phase != want
                out(w, m, done)
                if not done[m].all():
                    w.spinning = True
            return try_wait
        raise PtxUnsupported(st.opcode)

    def op_wgmma(self, st):
        what = st.parts[1]
        if what == "fence":
            return lambda w, m: None
        if what == "commit_group":
            def commit(w, m):
                w.require_converged("wgmma.commit_group")
                w.wgmma_groups.append(w.wgmma_open)
                w.wgmma_open = []
            return commit
        if what == "wait_group":
            keep = int(st.operands[0])

            def wait(w, m):
                w.require_converged("wgmma.wait_group")
                while len(w.wgmma_groups) > keep:
                    for op in w.wgmma_groups.pop(0):
                        op()
            return wait
        if what == "mma_async":
            return WgmmaShape(self, st).closure()
        raise PtxUnsupported(st.opcode)

    def op_bra(self, st):
        target = st.operands[0]
        if target not in self.entry.labels:
            raise PtxUnsupported("branch to unknown label %s" % target)
        return ("branch", self.entry.labels[target])

    def op_call(self, st):
        """A call of a device function of the module (a new frame), or of
        the runtime's malloc, free and vprintf."""
        ops = st.operands
        result = None
        if ops[0].startswith("("):
            result = ops[0].strip("() ")
            ops = ops[1:]
        callee = ops[0].strip()
        args = [x.strip() for x in ops[1].strip("() ").split(",")] if len(ops) > 1 else []
        if callee in self.module.functions:
            function = self.module.functions[callee]
            if len(args) != len(function.params):
                raise PtxUnsupported("call of %s with %d arguments" % (callee, len(args)))
            return ("call", function, args, result)
        if callee not in ("malloc", "free", "vprintf"):
            raise PtxUnsupported("call of %s" % callee)

        def call(w, m):
            ret = np.zeros(WARP, dtype=np.uint64)
            for lane in np.nonzero(m)[0]:
                values = [int(call_param(w, x, 0, 8)[lane]) for x in args]
                ret[lane] = w.cta.runtime_call(w, lane, callee, values)
            if result:
                set_call_param(w, result, 0, 8, ret, m)
        return call

    def op_ret(self, st):
        # Inside a device function, a return; in a kernel, the end.
        return ("return",) if self.function else ("exit",)

def _float_compare(cmp_, x, y):
    """setp's float comparisons: ordered ones are false and unordered ones
    (…u) true when either side is NaN."""
    nan = np.isnan(x) | np.isnan(y)
    if cmp_ == "num":
        return ~nan
    if cmp_ == "nan":
        return nan
    unordered = cmp_.endswith("u")
    base = cmp_[:-1] if unordered else cmp_
    r = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y,
         "gt": x > y, "ge": x >= y}[base]
    return (r | nan) if unordered else (r & ~nan)


def _round_int_to_f32(i):
    """An integer (up to 64 bits) rounded to f32, nearest even, in one step
    (through f64 would round twice above 2^53)."""
    magnitude = abs(i)
    shift = max(magnitude.bit_length() - 24, 0)
    q, r = divmod(magnitude, 1 << shift)
    half = (1 << shift) >> 1
    if shift and (r > half or (r == half and q & 1)):
        q += 1
    return np.float32(float(q << shift) * (-1 if i < 0 else 1))


def _encode_fp8(x, table, dt):
    """f32 lanes -> the nearest fp8 code (satfinite: clamp to the largest
    finite value; NaN stays NaN)."""
    finite = np.isfinite(table)
    codes = np.nonzero(finite)[0]
    values = table[codes]
    order = np.argsort(values, kind="stable")
    codes, values = codes[order], values[order]
    out = []
    for v in np.asarray(x, dtype=np.float64):
        if v != v:
            out.append(0x7F if dt.startswith("e4m3") else 0x7E)
            continue
        k = np.searchsorted(values, v)
        cands = [c for c in (k - 1, k) if 0 <= c < len(values)]
        best = min(cands, key=lambda c: (abs(values[c] - v), codes[c] & 1))
        code = int(codes[best])
        if v == 0 and np.signbit(v):
            code = 0x80
        out.append(code)
    return np.array(out, dtype=np.uint64)


class MmaShape(object):
    """One mma.sync form: its fragments (lane, register, element) -> (row,
    column) per the PTX ISA's fragment figures, and the element codecs."""

    def __init__(self, compiler, st):
        parts = st.parts
        if "sync" not in parts or "aligned" not in parts:
            raise PtxUnsupported(st.opcode)
        shape = next(p for p in parts if re.match(r"m\d+n\d+k\d+$", p))
        m_, n_, k_ = (int(x) for x in re.match(r"m(\d+)n(\d+)k(\d+)", shape).groups())
        types = [p for p in parts if p in TYPE_BITS]
        if len(types) == 4:
            dt, at, bt, ct = types
        elif len(types) == 2:
            dt, at = types
            bt, ct = at, dt
        else:
            raise PtxUnsupported(st.opcode)
        if "row" not in parts or "col" not in parts:
            raise PtxUnsupported("mma layout %s" % st.opcode)
        self.shape, self.types = (m_, n_, k_), (dt, at, bt, ct)
        self.sat = "satfinite" in parts
        d, a, b, c = st.operands
        self.outs = [compiler.dest(x) for x in compiler.vector(d)]
        self.a = [compiler.source(x) for x in compiler.vector(a)]
        self.b = [compiler.source(x) for x in compiler.vector(b)]
        self.c = [compiler.source(x) for x in compiler.vector(c)]
        self.a_map = self.fragment("a", at)
        self.b_map = self.fragment("b", bt)
        self.c_map = self.fragment("c", ct)
        self.d_map = self.fragment("c", dt)
        for regs, fmap, what in ((self.a, self.a_map, "A"), (self.b, self.b_map, "B"),
                                 (self.c, self.c_map, "C"), (self.outs, self.d_map, "D")):
            if len(regs) != fmap[0]:
                raise PtxUnsupported("%s: %d %s registers, expected %d"
                                     % (st.opcode, len(regs), what, fmap[0]))

    def fragment(self, which, t):
        """(registers, elements per register, element bits, index arrays
        rows[reg, elem, lane], cols[reg, elem, lane])."""
        m_, n_, k_ = self.shape
        bits = TYPE_BITS[t] if t not in ("tf32",) else 32
        if (m_, n_, k_) == (8, 8, 4):
            if t != "f64":
                raise PtxUnsupported("m8n8k4 with %s" % t)
            per = 1
            regs = {"a": 1, "b": 1, "c": 2}[which]
        else:
            per = 32 // bits
            total = {"a": m_ * k_, "b": k_ * n_, "c": m_ * n_}[which] // WARP
            regs = total // per
        lane = np.arange(WARP)
        g, t4 = lane // 4, lane % 4
        rows = np.zeros((regs, per, WARP), dtype=np.int64)
        cols = np.zeros((regs, per, WARP), dtype=np.int64)
        for r in range(regs):
            for e in range(per):
                if (m_, n_, k_) == (8, 8, 4):
                    if which == "a":
                        row, col = g, t4
                    elif which == "b":
                        row, col = t4, g
                    else:
                        row, col = g, 2 * t4 + r
                elif which == "c":
                    # Accumulators: 2 values per row per lane, rows g and g+8.
                    i = r * per + e
                    row, col = g + 8 * (i // 2), 2 * t4 + (i % 2)
                elif which == "a":
                    # A: (k_ / per / 4)-register halves along k, rows g, g+8.
                    chunk = 4 * per
                    row = g + 8 * (r % 2)
                    col = t4 * per + e + chunk * (r // 2)
                else:
                    chunk = 4 * per
                    row = t4 * per + e + chunk * r
                    col = g
                rows[r, e], cols[r, e] = row, col
        return regs, per, bits, rows, cols

    @staticmethod
    def decode(raw, t):
        if t == "f16":
            return f16_of(raw).astype(np.float64)
        if t == "bf16":
            return bf16_of(raw).astype(np.float64)
        if t == "tf32":
            return tf32_of(raw).astype(np.float64)
        if t == "f32":
            return f32_of(raw).astype(np.float64)
        if t == "f64":
            return f64_of(raw)
        if t == "e4m3":
            return E4M3_VALUES[(raw & U64(0xFF)).astype(np.int64)]
        if t == "e5m2":
            return E5M2_VALUES[(raw & U64(0xFF)).astype(np.int64)]
        if t in ("s8", "u8", "s4", "u4", "s32"):
            bits = TYPE_BITS[t]
            v = raw & mask_of(bits)
            return signed(v, bits).astype(np.int64) if t.startswith("s") else v.astype(np.int64)
        raise PtxUnsupported("mma element type %s" % t)

    def gather(self, w, srcs, fmap, t, shape):
        regs, per, bits, rows, cols = fmap
        integer = t in ("s8", "u8", "s4", "u4", "s32")
        mat = np.zeros(shape, dtype=np.int64 if integer else np.float64)
        raw = np.stack([s(w) for s in srcs])
        if per > 1:
            raw = raw[:, None, :] >> (np.arange(per, dtype=np.uint64) * U64(bits))[None, :, None]
        else:
            raw = raw[:, None, :]
        mat[rows, cols] = self.decode(raw, t)
        return mat

    def closure(self):
        m_, n_, k_ = self.shape
        dt, at, bt, ct = self.types

        def mma(w, m):
            w.require_converged("mma.sync")
            a = self.gather(w, self.a, self.a_map, at, (m_, k_))
            b = self.gather(w, self.b, self.b_map, bt, (k_, n_))
            c = self.gather(w, self.c, self.c_map, ct, (m_, n_))
            if dt == "s32":
                d = (a @ b + c)
                d = ((d + (1 << 31)) % (1 << 32)) - (1 << 31)
                if self.sat:
                    d = np.clip(a @ b + c, -(1 << 31), (1 << 31) - 1)
            else:
                d = a @ b + c
            regs, per, bits, rows, cols = self.d_map
            for r in range(regs):
                word = U64(0)
                for e in range(per):
                    v = d[rows[r, e], cols[r, e]]
                    if dt == "f32":
                        enc = bits_of_f32(v.astype(np.float32))
                    elif dt == "f16":
                        enc = bits_of_f16(v.astype(np.float32).astype(np.float16))
                    elif dt == "f64":
                        enc = bits_of_f64(v)
                    else:
                        enc = to_u64(v.astype(np.int64), 32)
                    word = word | (enc << U64(e * bits))
                self.outs[r](w, m, word)
        return mma


class WgmmaShape(object):
    """One wgmma.mma_async form. Each warp computes its 16 rows of the
    warpgroup's 64 (warp index mod 4) when the wgmma.wait_group that retires
    it runs: its shared-memory operands are read then, and its accumulator
    registers change then."""

    def __init__(self, compiler, st):
        parts = st.parts
        shape = next(p for p in parts if re.match(r"m\d+n\d+k\d+$", p))
        self.m, self.n, self.k = (int(x) for x in re.match(r"m(\d+)n(\d+)k(\d+)", shape).groups())
        types = [p for p in parts if p in TYPE_BITS]
        if len(types) != 3 or self.m != 64:
            raise PtxUnsupported(st.opcode)
        self.dt, self.at, self.bt = types
        ops = st.operands
        self.d_names = compiler.vector(ops[0])
        self.outs = [compiler.dest(x) for x in self.d_names]
        self.ins = [compiler.source(x) for x in self.d_names]
        self.a_regs = None
        if ops[1].strip().startswith("{"):
            self.a_regs = [compiler.source(x) for x in compiler.vector(ops[1])]
            rest = ops[2:]
        else:
            self.a_desc = compiler.source(ops[1])
            rest = ops[2:]
        self.b_desc = compiler.source(rest[0])
        self.scale_d = compiler.pred_source(rest[1]) if not _imm(rest[1]) is not None \
            else (lambda w, v=bool(_imm(rest[1])): np.full(WARP, v))
        imms = [int(x, 0) for x in rest[2:]]
        if self.dt == "s32" or self.at in ("e4m3", "e5m2", "s8", "u8"):
            # Integer and fp8 forms take no scales or transposes: K-major.
            imms = [1, 1, 0, 0] if not imms else imms
        while len(imms) < 4:
            imms.append(0)
        if self.a_regs is not None:
            self.scale_a, self.scale_b, self.trans_a, self.trans_b = imms[0], imms[1], 0, imms[2]
        else:
            self.scale_a, self.scale_b, self.trans_a, self.trans_b = imms[:4]
        per = 32 // TYPE_BITS[self.dt]
        if len(self.outs) * per * WARP * 4 != self.m * self.n:
            raise PtxUnsupported("%s: %d accumulator registers" % (st.opcode, len(self.outs)))
        # Accumulator map, per warp of the warpgroup: as mma.sync's m16n8
        # blocks, side by side along N.
        lane = np.arange(WARP)
        g, t4 = lane // 4, lane % 4
        regs = len(self.outs)
        self.rows = np.zeros((regs, per, WARP), dtype=np.int64)
        self.cols = np.zeros((regs, per, WARP), dtype=np.int64)
        for r in range(regs):
            for e in range(per):
                i = r * per + e
                block, within = i // 4, i % 4
                self.rows[r, e] = g + 8 * (within // 2)
                self.cols[r, e] = 8 * block + 2 * t4 + (within % 2)
        self.per = per

    def operand(self, cta, desc, rows, k, elem_type, mn_major):
        """The rows x k matrix (rows along M or N) that a shared-memory
        descriptor describes, decoded to f64 (int64 for integers)."""
        start = (desc & 0x3FFF) << 4
        lbo = ((desc >> 16) & 0x3FFF) << 4
        sbo = ((desc >> 32) & 0x3FFF) << 4
        mode = (desc >> 62) & 3
        swizzle = {0: 0, 1: 128, 2: 64, 3: 32}[mode]
        eb = TYPE_BITS[elem_type] // 8
        chunk = 16 // eb                   # elements per 16-byte chunk
        mn = np.arange(rows, dtype=np.int64)[:, None]
        kk = np.arange(k, dtype=np.int64)[None, :]
        if not mn_major:
            if swizzle == 0:
                addr = start + (mn // 8) * sbo + (kk // chunk) * lbo + (mn % 8) * 16 + (kk % chunk) * eb
            else:
                addr = start + (mn // 8) * sbo + (mn % 8) * swizzle + kk * eb
        else:
            if swizzle == 0:
                addr = start + (mn // chunk) * sbo + (kk // 8) * lbo + (kk % 8) * 16 + (mn % chunk) * eb
            else:
                width = swizzle // eb
                addr = start + (mn // width) * lbo + (kk // 8) * sbo + (kk % 8) * swizzle + (mn % width) * eb
        physical = swizzled(addr, swizzle).reshape(-1).astype(np.uint64)
        raw = cta.shared.load(physical, eb).reshape(rows, k)
        return MmaShape.decode(raw, elem_type)

    def closure(self):
        m_, n_, k_ = self.m, self.n, self.k

        def issue(w, m):
            w.require_converged("wgmma.mma_async")
            quarter = w.index % 4
            scale_d = bool(self.scale_d(w)[0])
            a_desc = None if self.a_regs else int(self.a_desc(w)[0])
            b_desc = int(self.b_desc(w)[0])

            def execute():
                # Registers are read when the operation runs: a chain of
                # wgmmas on one accumulator sees each other's results, and
                # a program that changes A or the accumulators before the
                # wait gets what it asked for.
                c = np.stack([x(w) for x in self.ins])
                a_raw = np.stack([x(w) for x in self.a_regs]) if self.a_regs else None
                b = self.operand(w.cta, b_desc, n_, k_, self.bt, self.trans_b).T
                if a_raw is not None:
                    a = self.a_from_registers(a_raw)
                else:
                    a = self.operand(w.cta, a_desc, m_, k_, self.at, self.trans_a)
                    a = a[16 * quarter:16 * quarter + 16]
                product = (self.scale_a * a) @ (self.scale_b * b)
                acc = self.accumulators(c) if scale_d else 0
                d = product + acc
                self.write(w, d)
            w.wgmma_open.append(execute)
        return issue

    def a_from_registers(self, raw):
        # As mma.sync's A fragment (m16 x k16 or k32) for the warp's rows.
        per = 32 // TYPE_BITS[self.at]
        chunk = 4 * per
        lane = np.arange(WARP)
        g, t4 = lane // 4, lane % 4
        a = np.zeros((16, self.k), dtype=np.float64)
        for r in range(raw.shape[0]):
            for e in range(per):
                row = g + 8 * (r % 2)
                col = t4 * per + e + chunk * (r // 2)
                a[row, col] = MmaShape.decode(raw[r] >> U64(e * (32 // per)), self.at)
        return a

    def accumulators(self, c):
        acc = np.zeros((16, self.n), dtype=np.int64 if self.dt == "s32" else np.float64)
        bits = TYPE_BITS[self.dt]
        for r in range(c.shape[0]):
            for e in range(self.per):
                part = c[r] >> U64(e * bits) if self.per > 1 else c[r]
                acc[self.rows[r, e], self.cols[r, e]] = MmaShape.decode(part, self.dt)
        return acc

    def write(self, w, d):
        full = np.ones(WARP, dtype=bool)
        bits = TYPE_BITS[self.dt]
        for r, out in enumerate(self.outs):
            word = np.zeros(WARP, dtype=np.uint64)
            for e in range(self.per):
                v = d[self.rows[r, e], self.cols[r, e]]
                if self.dt == "f32":
                    enc = bits_of_f32(v.astype(np.float32))
                elif self.dt == "f16":
                    enc = bits_of_f16(v.astype(np.float32).astype(np.float16))
                else:
                    enc = to_u64(((v.astype(np.int64) + (1 << 31)) % (1 << 32)) - (1 << 31), 32)
                word = word | (enc << U64(e * bits))
            out(w, full, word)


# --------------------------------------------------------------------------
# Execution
# --------------------------------------------------------------------------

class MBarrier(object):
    """An mbarrier's state: arrivals still expected in the current phase,
    transaction bytes still expected, and the current phase's parity."""

    def __init__(self, count):
        self.count, self.pending, self.tx, self.phase = count, count, 0, 0

    def expect(self, nbytes):
        self.tx += nbytes

    def arrive(self):
        self.pending -= 1
        self.advance()

    def complete(self, nbytes):
        self.tx -= nbytes
        self.advance()

    def advance(self):
        if self.pending <= 0 and self.tx == 0:
            self.phase ^= 1
            self.pending = self.count


# A tensor map as SimulatedDriver.tensor_map encodes it (its own format, in
# the 128 bytes of a CUtensorMap): magic, rank, element bytes, swizzle bytes,
# base address, then dims[5], strides[5] (bytes) and box[5].
TENSOR_MAP_MAGIC = 0x70747873696D
TENSOR_MAP_FORMAT = "<QIIIQ5Q5Q5I"


def encode_tensor_map(base, elem, dims, strides, box, swizzle):
    import struct
    rank = len(dims)
    pad = lambda v, fill: list(v) + [fill] * (5 - len(v))
    raw = struct.pack(TENSOR_MAP_FORMAT, TENSOR_MAP_MAGIC, rank, elem, swizzle, base,
                      *(pad(dims, 1) + pad([elem] + list(strides), 0) + pad(box, 1)))
    return raw.ljust(128, b"\0")


def decode_tensor_map(raw):
    import struct
    fields = struct.unpack_from(TENSOR_MAP_FORMAT, raw)
    if fields[0] != TENSOR_MAP_MAGIC:
        raise Fault("a TMA copy through something that is not a tensor map")
    magic, rank, elem, swizzle, base = fields[:5]
    dims, strides, box = fields[5:10], fields[10:15], fields[15:20]
    return rank, elem, swizzle, base, dims[:rank], strides[:rank], box[:rank]


def swizzled(address, swizzle):
    """The shared-memory address that TMA and wgmma use for `address` under
    a 32/64/128-byte swizzle: its 16-byte chunk index (bits 4..) XORed with
    the 128-byte row index (bits 7..) within a 256/512/1024-byte span."""
    if swizzle == 0:
        return address
    bits = {32: 1, 64: 2, 128: 3}[swizzle]
    return address ^ (((address >> 7) & ((1 << bits) - 1)) << 4)


class Code(object):
    """A kernel's or device function's compiled instructions, with what a
    frame of it needs: register counts, reconvergence points, local bytes."""

    def __init__(self, module, entry, function=False):
        if entry.body is not None:
            _parse_body(entry, entry.body)
            entry.body = None
        compiler = Compiler(module, entry, function)
        self.entry = entry
        self.ops = compiler.compile()
        self.nregs, self.npreds = len(compiler.regs), len(compiler.preds)
        self.ipdom = post_dominators(self.ops)
        self.local_size = compiler.local_size
        self.compiler = compiler
        # The device functions it calls, compiled once each.
        for op in self.ops:
            fn = op[1]
            if isinstance(fn, tuple) and fn[0] == "call" and not isinstance(fn[1], Code):
                callee = fn[1]
                if callee.compiled == "compiling":
                    raise PtxUnsupported("recursive call of %s" % callee.name)
                if callee.compiled is None:
                    callee.compiled = "compiling"
                    callee.compiled = Code(module, callee, True)
        self.ops = [(g, ("call", fn[1].compiled) + fn[2:], h)
                    if isinstance(fn, tuple) and fn[0] == "call" else (g, fn, h)
                    for g, fn, h in self.ops]


class Kernel(Code):
    def __init__(self, module, entry):
        self.module = module
        Code.__init__(self, module, entry)
        self.static_shared = self.compiler.static_shared


class Cta(object):
    def __init__(self, kernel, memory, ctaid, grid, threads, params, dynamic, late,
                 profile=None):
        self.kernel, self.memory = kernel, memory
        self.profile = profile
        size = kernel.static_shared + dynamic
        self.shared = Space("shared", np.zeros(size, dtype=np.uint8),
                            np.ones(size, dtype=bool), 0)
        self.generic_shared = Space("shared", self.shared.data, self.shared.valid,
                                    SHARED_WINDOW)
        self.global_ = Space("global", memory.data, memory.valid, GLOBAL_BASE)
        self.special = {"%ctaid": ctaid, "%nctaid": grid, "%ntid": (threads, 1, 1)}
        self.params = params
        self.late = late
        self.barriers = {}
        self.bulk = {}          # mbarrier address -> TMA loads in flight
        self.events = 0         # changes another warp may be waiting for
        self.printed = memory.printed

    def barrier(self, address):
        if address not in self.barriers:
            raise Fault("mbarrier operation on shared address 0x%x, which no "
                        "mbarrier.init initialized" % address)
        return self.barriers[address]

    def param_bytes(self, address, nbytes):
        for name, base in self.kernel.compiler.param_addresses.items():
            raw = self.params[name]
            if base <= address and address + nbytes <= base + len(raw):
                return raw[address - base:address - base + nbytes]
        raise Fault("read of %d bytes at parameter address 0x%x outside every "
                    "parameter" % (nbytes, address))

    def issue_bulk(self, dst, tmap_address, coords, bar_address):
        self.barrier(bar_address)
        copy = (dst, self.param_bytes(tmap_address, 128), coords, bar_address)
        if self.late:
            self.bulk.setdefault(bar_address, []).append(copy)
        else:
            self.land_tma(copy)

    def land_bulk(self, bar_address):
        for copy in self.bulk.pop(bar_address, []):
            self.land_tma(copy)

    def land_tma(self, copy):
        """A tiled TMA load: the box at `coords` (innermost first), elements
        outside the tensor read as zeros, stored row by row from `dst` with
        the map's swizzle; then its bytes complete on the mbarrier."""
        dst, raw, coords, bar_address = copy
        rank, elem, swizzle, base, dims, strides, box = decode_tensor_map(raw)
        if len(coords) != rank:
            raise Fault("TMA copy with %d coordinates through a rank-%d tensor map"
                        % (len(coords), rank))
        if swizzle and dst % (8 * swizzle):
            raise Fault("TMA destination 0x%x not aligned to its %d-byte swizzle span"
                        % (dst, 8 * swizzle))
        grids = np.meshgrid(*[np.arange(b, dtype=np.int64) for b in reversed(box)],
                            indexing="ij")
        index = [g.reshape(-1) for g in reversed(grids)]   # innermost first
        count = len(index[0])
        inside = np.ones(count, dtype=bool)
        source = np.full(count, base, dtype=np.int64)
        for d in range(rank):
            c = index[d] + coords[d]
            inside &= (c >= 0) & (c < dims[d])
            source += np.where(inside, c, 0) * strides[d]
        data = np.zeros((count, elem), dtype=np.uint8)
        rows = np.nonzero(inside)[0]
        if len(rows):
            data[rows] = self.global_.load_bytes(source[rows].astype(np.uint64), elem)
        logical = dst + np.arange(count, dtype=np.int64) * elem
        physical = swizzled(logical, swizzle).astype(np.uint64)
        idx = self.shared.offsets(physical, elem, "TMA store")
        self.shared.data[idx] = data
        self.barrier(bar_address).complete(count * elem)
        self.events += 1

    def runtime_call(self, w, lane, callee, args):
        """One lane's call of malloc, free or vprintf: its result."""
        memory = self.memory
        if callee == "malloc":
            address = memory.alloc(args[0])
            # The arena grew: this CTA's view of it must follow.
            self.global_ = Space("global", memory.data, memory.valid, GLOBAL_BASE)
            return address
        if callee == "free":
            if args[0]:
                if args[0] not in memory.sizes:
                    raise Fault("free of 0x%x, which malloc did not return" % args[0])
                memory.free(args[0])
            return 0
        text = self._c_string(args[0])
        self.printed.append(self._format(w, lane, text, args[1]))
        return len(self.printed[-1])

    def _c_string(self, address):
        out = bytearray()
        while True:
            mem, addr = self.resolve(None, None, np.array([address + len(out)], dtype=np.uint64),
                                     "global")
            byte = int(mem.load(addr, 1)[0])
            if byte == 0:
                return out.decode("latin1")
            out.append(byte)

    def _format(self, w, lane, text, buffer):
        """printf formatting with vprintf's packed arguments (each aligned
        to its size)."""
        offset = [0]

        def take(nbytes):
            offset[0] = (offset[0] + nbytes - 1) // nbytes * nbytes
            address = np.array([buffer + offset[0]], dtype=np.uint64)
            mem, addr = self.resolve(w, np.array([lane]), address, "generic")
            offset[0] += nbytes
            return int(mem.load(addr, nbytes)[0])

        def convert(m):
            spec = m.group(0)
            if spec == "%%":
                return "%"
            conv, length = spec[-1], m.group(1) or ""
            if conv in "fFeEgGaA":
                value = f64_of(np.array([take(8)], dtype=np.uint64))[0]
                return spec.replace(length, "") % value
            if conv == "s":
                return self._c_string(take(8))
            if conv == "p":
                return "0x%x" % take(8)
            nbytes = 8 if "l" in length else 4
            value = take(nbytes)
            if conv in "di" and value >> (8 * nbytes - 1):
                value -= 1 << (8 * nbytes)
            return spec.replace(length, "") % value
        return re.sub(r"%[-+ #0]*\d*(?:\.\d+)?(hh|h|ll|l|z|j|t)?[diouxXcfFeEgGaAsp%]",
                      convert, text)

    def resolve(self, w, lanes, addr, space):
        """(memory, addresses in it) for lanes' `addr` in a state space:
        a generic address goes to shared memory or local memory by its
        window, else to global memory; local addresses are each lane's."""
        if space == "shared":
            return self.shared, addr
        if space == "global":
            return self.global_, addr
        if space == "generic" and len(addr):
            if np.all((addr >= U64(SHARED_WINDOW)) &
                      (addr < U64(SHARED_WINDOW + len(self.shared.data)))):
                return self.generic_shared, addr
            if np.all((addr >= U64(LOCAL_WINDOW)) &
                      (addr < U64(LOCAL_WINDOW + w.local_size))):
                space, addr = "local", addr - U64(LOCAL_WINDOW)
        if space == "local":
            size = w.local_size
            if np.any(addr >= U64(size)):
                raise Fault("local access at 0x%x outside the %d-byte frame"
                            % (int(addr[np.nonzero(addr >= U64(size))[0][0]]), size))
            # Each lane's frame is its own row of the warp's local memory.
            return w.local, addr + lanes.astype(np.uint64) * U64(size)
        return self.global_, addr

    def profile_access(self, w, mem, addr, nbytes):
        """Counts a load's or store's traffic (local memory is not)."""
        if mem.name == "shared":
            self.profile.access(w, "shared", addr - U64(mem.base), nbytes)
        elif mem.name == "global":
            self.profile.access(w, "global", addr, nbytes)

    def issue_copy(self, w, copy):
        if self.late:
            w.open_group.append(copy)
        else:
            self.land(copy)

    def land(self, copy):
        dst, src, src_size, size = copy
        if np.any((src_size < 0) | (src_size > size)):
            raise Fault("cp.async source size outside 0..%d" % size)
        reading = src_size > 0
        if np.any(src[reading] % U64(size)):
            raise Fault("misaligned %d-byte cp.async source" % size)
        data = np.zeros((len(dst), size), dtype=np.uint8)
        whole = np.nonzero(src_size == size)[0]
        if len(whole):
            data[whole] = self.global_.load_bytes(src[whole], size)
        # A partial source is read byte by byte: only its first bytes exist.
        for i in np.nonzero(reading & (src_size < size))[0]:
            n = int(src_size[i])
            addresses = src[i] + np.arange(n, dtype=np.uint64)
            data[i, :n] = self.global_.load_bytes(addresses, 1).reshape(-1)
        idx = self.shared.offsets(dst, size, "cp.async store")
        self.shared.data[idx] = data

    def wait_copies(self, w, keep):
        w.require_converged("cp.async.wait_group")
        while len(w.groups) > keep:
            for copy in w.groups.pop(0):
                self.land(copy)


class Warp(object):
    """One warp's state: registers (R: uint64 lanes, P: predicates), the
    reconvergence stack, its lanes, and its asynchronous work in flight."""
    __slots__ = ("index", "cta", "R", "P", "stack", "active", "alive", "tid",
                 "blocked", "groups", "open_group", "wgmma_groups", "wgmma_open",
                 "spinning", "steps", "local", "local_size", "cc", "call_params",
                 "code", "frames")

    def __init__(self, index, cta, kernel, threads):
        self.index, self.cta = index, cta
        self.tid = (LANES + U64(index * WARP)).astype(np.uint64)
        self.alive = self.tid < U64(threads)
        # Reconvergence stack: [reconvergence pc, pc, lanes] entries.
        self.stack = [[-1, 0, self.alive.copy()]]
        self.active = self.alive
        self.blocked = None
        self.groups, self.open_group = [], []          # cp.async groups
        self.wgmma_groups, self.wgmma_open = [], []
        self.spinning = False
        self.steps = 0
        self.cc = np.zeros(WARP, dtype=np.uint64)      # carry flags
        self.call_params = {}
        self.code, self.frames = kernel, []
        self.enter_frame(kernel)

    def enter_frame(self, code):
        """Registers and local memory for `code` (the kernel, or a device
        function being called)."""
        self.code = code
        self.R = np.zeros((max(code.nregs, 1), WARP), dtype=np.uint64)
        self.P = np.zeros((max(code.npreds, 1), WARP), dtype=bool)
        self.local_size = code.local_size
        size = WARP * code.local_size
        self.local = Space("local", np.zeros(size, dtype=np.uint8), np.ones(size, dtype=bool), 0)

    def call(self, callee, args, result, lanes):
        """Enters device function `callee` with `lanes`; the caller's frame
        waits on the frame stack."""
        params = {}
        for name, arg in zip(callee.entry.params, args):
            if arg not in self.call_params:
                raise Fault("call of %s before its argument %s was written"
                            % (callee.entry.name, arg))
            params[name] = self.call_params[arg].copy()
        self.frames.append((self.code, self.R, self.P, self.stack, self.local,
                            self.local_size, self.call_params, result))
        self.enter_frame(callee)
        self.stack = [[-1, 0, lanes.copy()]]
        self.call_params = params

    def leave_frame(self):
        """Back to the caller, with the function's result (func_retval0)."""
        returned = self.call_params.get("func_retval0")
        (self.code, self.R, self.P, self.stack, self.local, self.local_size,
         self.call_params, result) = self.frames.pop()
        if result and returned is not None:
            self.call_params[result] = returned

    def require_converged(self, what):
        if not np.array_equal(self.active, self.alive):
            raise Fault("%s in a diverged warp (warp %d)" % (what, self.index))
        if not np.all(self.alive):
            raise Fault("%s in warp %d after some of its lanes exited" % (what, self.index))

    def commit(self):
        self.groups.append(self.open_group)
        self.open_group = []


def run_cta(kernel, cta, threads, step_limit):
    nwarps = (threads + WARP - 1) // WARP
    warps = [Warp(i, cta, kernel, threads) for i in range(nwarps)]
    steps = 0
    idle = 0
    while True:
        before = cta.events
        for w in warps:
            if w.blocked is not None or not w.alive.any():
                continue
            w.spinning = False
            steps = run_warp(w, steps, step_limit)
        live = [w for w in warps if w.alive.any()]
        if not live:
            break
        waiting = [w for w in live if w.blocked is not None]
        if len(waiting) == len(live):
            ids = set(w.blocked[0] for w in waiting)
            released = False
            for ident in ids:
                at = [w for w in waiting if w.blocked[0] == ident]
                count = at[0].blocked[1]
                arrived = sum(int(w.alive.sum()) for w in at)
                need = count if count is not None else sum(int(w.alive.sum()) for w in live)
                if arrived >= need:
                    for x in at:
                        x.blocked = None
                    released = True
            if not released:
                raise Fault("barrier deadlock: warps wait at barriers %s that never "
                            "complete" % sorted(ids))
            cta.events += 1
        # TMA loads in flight land when nothing else can happen (as late as
        # the program allows): a read of their bytes before the wait on
        # their mbarrier sees stale data.
        if cta.events == before and cta.bulk:
            for address in list(cta.bulk):
                cta.land_bulk(address)
            continue
        # Rounds in which the warps only spin on mbarriers change nothing.
        idle = idle + 1 if cta.events == before else 0
        if idle > 2:
            raise Fault("deadlock: warps wait on mbarrier phases that never complete")
    for w in warps:
        w.commit()
        for group in w.groups:
            for copy in group:
                cta.land(copy)


def run_warp(w, steps, step_limit):
    """Runs warp `w` until it blocks at a barrier, spins on an mbarrier or
    all its lanes exit. A divergent branch pushes both sides, which run in
    turn and rejoin at the branch's immediate post-dominator (where a GPU
    reconverges a warp)."""
    while True:
        stack = w.stack
        if not stack:
            if not w.frames:
                return steps
            w.leave_frame()
            continue
        ops, ipdom = w.code.ops, w.code.ipdom
        top = stack[-1]
        m = top[2] & w.alive
        pc = top[1]
        if pc == top[0] or not m.any():
            stack.pop()
            continue
        guard, fn, head = ops[pc]
        steps += 1
        if w.cta.profile is not None:
            w.cta.profile.ran(w.code, pc)
        w.steps = steps
        if steps > step_limit:
            raise Fault("no exit after %d warp steps (a loop that never ends?)" % step_limit)
        w.active = m
        g = m if guard is None else (m & guard(w))
        if isinstance(fn, tuple):
            kind = fn[0]
            if kind == "branch":
                rest = m & ~g
                if not rest.any():
                    top[1] = fn[1]
                elif not g.any():
                    top[1] = pc + 1
                else:
                    join = ipdom[pc]
                    top[1] = join
                    stack.append([join, pc + 1, rest])
                    stack.append([join, fn[1], g])
            elif kind == "exit":
                if g.any():
                    w.alive = w.alive & ~g
                    w.cta.events += 1
                top[1] = pc + 1
            elif kind == "return":
                # The returning lanes leave every entry of this frame.
                top[1] = pc + 1
                for entry in stack:
                    entry[2] = entry[2] & ~g
            elif kind == "call":
                top[1] = pc + 1
                if g.any():
                    w.call(fn[1], fn[2], fn[3], g)
            elif kind == "barrier":
                top[1] = pc + 1
                if g.any():
                    w.require_converged("bar.sync")
                    w.blocked = (fn[1], fn[2])
                    return steps
            continue
        if g.any():
            fn(w, g)
        top[1] = pc + 1
        if w.spinning:
            # An mbarrier wait that failed: let the other warps run.
            return steps
    return steps


def post_dominators(ops):
    """pc of each conditional branch -> its immediate post-dominator (the pc
    where its two sides meet again; len(ops) when they only meet at exit)."""
    n = len(ops)
    succ = []
    for pc, (guard, fn, head) in enumerate(ops):
        if isinstance(fn, tuple) and fn[0] == "branch":
            succ.append([fn[1]] if guard is None else [fn[1], pc + 1])
        elif isinstance(fn, tuple) and fn[0] in ("exit", "return"):
            succ.append([n] if guard is None else [n, pc + 1])
        else:
            succ.append([pc + 1] if pc + 1 < n else [n])
    everything = (1 << (n + 1)) - 1
    pdom = [everything] * n + [1 << n]
    changed = True
    while changed:
        changed = False
        for pc in range(n - 1, -1, -1):
            meet = everything
            for t in succ[pc]:
                meet &= pdom[t]
            value = meet | (1 << pc)
            if value != pdom[pc]:
                pdom[pc] = value
                changed = True
    result = {}
    for pc, (guard, fn, head) in enumerate(ops):
        if isinstance(fn, tuple) and fn[0] == "branch" and guard is not None:
            strict = pdom[pc] & ~(1 << pc)
            # The nearest strict post-dominator: the one whose own set is
            # all the others.
            candidate = strict
            while candidate:
                low = candidate & -candidate
                q = low.bit_length() - 1
                if pdom[q] == strict:
                    result[pc] = q
                    break
                candidate ^= low
            else:
                result[pc] = n
    return result


# --------------------------------------------------------------------------
# The CUDA driver's interface, as gpu-check.py uses it
# --------------------------------------------------------------------------

class SimulatedDriver(object):
    """gpu-check.py's Driver, on the simulator: modules are parsed PTX,
    memory is a numpy arena, launches run every CTA in turn."""

    def __init__(self, async_copies="late", step_limit=20000000, profile=None):
        self.memory = GlobalMemory()
        self.profile = profile
        self.late = async_copies == "late"
        self.step_limit = step_limit

    def arch(self):
        return "simulated"

    def load(self, ptx):
        module = parse(ptx)
        for name, size, align, raw in module.globals:
            address = self.memory.alloc(size)
            self.memory.write(address, raw)
            module.global_addresses[name] = address
        return module

    def function(self, module, name):
        if name not in module.entries:
            raise RuntimeError("no kernel %s in the module" % name)
        entry = module.entries[name]
        if entry.compiled is None:
            entry.compiled = Kernel(module, entry)
        return entry.compiled

    def alloc(self, nbytes):
        return self.memory.alloc(nbytes)

    def upload(self, ptr, data):
        self.memory.write(ptr, data)

    def memset0(self, ptr, nbytes):
        self.memory.write(ptr, bytes(max(nbytes, 0)))

    def download(self, ptr, nbytes):
        return self.memory.read(ptr, nbytes)

    def free(self, ptr):
        self.memory.free(ptr)

    def unload(self, module):
        pass

    def tensor_map(self, fields, args):
        """The 128 bytes a TMA copy reads, from a tensor map line of the
        PTX (docs/codegen.md, kernel ABI): in the simulator's own format."""
        import ctypes
        from kernel_io import map_value
        elem = int(fields["elem"])
        dims = [map_value(r, args) for r in fields["dims"].split(",")]
        strides = [map_value(r, args) * elem for r in fields["strides"].split(",") if r]
        box = [int(x) for x in fields["box"].split(",")]
        raw = encode_tensor_map(args[int(fields["base"][1:])], elem, dims, strides, box,
                                int(fields["swizzle"]))
        return (ctypes.c_uint8 * 128).from_buffer_copy(raw)

    def launch(self, kernel, grid, threads, params, shared=0):
        entry = kernel.entry
        if len(params) != len(entry.params):
            raise RuntimeError("%s takes %d parameters, %d given"
                               % (entry.name, len(entry.params), len(params)))
        values = {}
        for (name, size, _), p in zip(entry.params, params):
            raw = bytes(p)
            values[name] = raw[:size].ljust(size, b"\0")
        if entry.reqntid is not None and entry.reqntid != threads:
            raise Fault("launched with %d threads, .reqntid is %d" % (threads, entry.reqntid))
        g = [int(x) for x in str(grid).split(",")] + [1, 1]
        g = g[:3]
        for z in range(g[2]):
            for y in range(g[1]):
                for x in range(g[0]):
                    cta = Cta(kernel, self.memory, (x, y, z), tuple(g), threads, values,
                              shared, self.late, self.profile)
                    run_cta(kernel, cta, threads, self.step_limit)


def main(argv=None):
    """ptx_sim.py FILE.ptx --entry NAME [--grid X[,Y,Z]] [--threads N]
    [--shared BYTES] [--arg buf:BYTES|i32:V ...]: runs one kernel on
    zeroed buffers and prints its profile (what `gpu-check.py --profile`
    prints per case)."""
    import argparse
    import struct
    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("ptx")
    ap.add_argument("--entry", required=True)
    ap.add_argument("--grid", default="1")
    ap.add_argument("--threads", type=int)
    ap.add_argument("--shared", type=int, default=0,
                    help="dynamic shared memory bytes")
    ap.add_argument("--arg", action="append", default=[],
                    help="buf:BYTES (a zeroed buffer's address) or i32:V")
    opts = ap.parse_args(argv)
    drv = SimulatedDriver(profile=Profile())
    with open(opts.ptx) as f:
        kernel = drv.function(drv.load(f.read()), opts.entry)
    threads = opts.threads or kernel.entry.reqntid
    if not threads:
        ap.error("--threads is needed: %s has no .reqntid" % opts.entry)
    params = []
    for arg in opts.arg:
        kind, _, value = arg.partition(":")
        if kind == "buf":
            nbytes = int(value, 0)
            address = drv.alloc(nbytes)
            drv.memset0(address, nbytes)
            params.append(struct.pack("<Q", address))
        elif kind == "i32":
            params.append(struct.pack("<i", int(value, 0)))
        else:
            ap.error("argument '%s': buf:BYTES or i32:V" % arg)
    try:
        drv.launch(kernel, opts.grid, threads, params, opts.shared)
    except (Fault, PtxUnsupported) as e:
        print("fault: %s" % e)
        return 1
    print("\n".join(drv.profile.report()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
