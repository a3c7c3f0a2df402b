"""A CPU simulator for the PTX that the code generator emits for mma.sync
targets (sm_80, sm_86, sm_89): it runs a kernel's threads one warp at a time
and reports the faults a GPU would (an access outside every allocation, a
misaligned address, a barrier that never completes) plus some a GPU would not
(a warp-wide instruction in a diverged warp).

It exists so that utils/gpu-check.py can check the code generator's PTX on a
machine without a GPU (`--run DIR --simulate`): the simulator offers the
methods of gpu-check's CUDA driver wrapper (`SimulatedDriver`).

How it runs a CTA, and why:
  * One warp at a time, in order, each until it waits at a barrier or ends.
    A missing barrier between one warp's shared-memory writes and another's
    reads then reads stale data, which a lockstep schedule would hide.
  * Lanes of a warp run together while converged; after a divergent branch
    the lanes with the lowest program counter go first, so structured
    code reconverges where it joins.
  * cp.async copies land as late as the program allows (at the
    cp.async.wait_group that needs them) by default, so a read of a stage
    before its wait sees stale data; `async_copies="early"` lands them at
    issue instead, which exposes refills that overwrite a stage still read.

Floating point: f32 arithmetic rounds each operation (numpy float32); fma
and the .approx functions are computed in f64 and rounded once; mma.sync
multiplies in f64 and rounds the sums to the accumulator type. Results can
differ from a GPU's in the last bits, which gpu-check's tolerances allow.

Not simulated: TMA, mbarrier, wgmma (the sm_90a paths), atomics, local
memory, textures. An instruction outside what is simulated is reported
when its kernel is loaded (`PtxUnsupported`).

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
ALIGNMENT = 256
GUARD = 4096


class PtxUnsupported(RuntimeError):
    """The PTX uses something the simulator does not implement."""


class Fault(RuntimeError):
    """The kernel did something a GPU would fault on (or hang)."""


def mask_of(bits):
    return U64((1 << bits) - 1) if bits < 64 else U64(0xFFFFFFFFFFFFFFFF)


def sext(u, bits):
    """uint64 lanes holding `bits`-bit values -> int64 lanes."""
    if bits == 64:
        return u.view(np.int64)
    sign = U64(1 << (bits - 1))
    return ((u & mask_of(bits)) ^ sign).astype(np.uint64) - sign


def signed(u, bits):
    v = sext(u, bits)
    return v.view(np.int64) if v.dtype == np.uint64 else v


def to_u64(values, bits=64):
    """Integer lanes (any numpy integer type) -> uint64 lanes of `bits` bits."""
    return np.asarray(values).astype(np.int64 if np.asarray(values).dtype.kind == "i"
                                     else np.uint64).astype(np.uint64) & mask_of(bits)


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


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------

REG_WIDTH = {"pred": 1, "b8": 8, "u8": 8, "s8": 8, "b16": 16, "u16": 16, "s16": 16,
             "f16": 16, "bf16": 16, "b32": 32, "u32": 32, "s32": 32, "f32": 32,
             "f16x2": 32, "bf16x2": 32, "b64": 64, "u64": 64, "s64": 64, "f64": 64}
TYPE_BITS = dict(REG_WIDTH, b128=128, tf32=32, e4m3=8, e5m2=8, e4m3x2=16, e5m2x2=16)


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
        self.body = None        # text, until parsed
        self.compiled = None


class Module(object):
    def __init__(self):
        self.entries = {}
        self.shared = []        # (name, size or None for extern, align)


def _strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def _split_operands(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
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
    decl = re.compile(r"\s*((?:\.\w+\s+)*)(\.(?:entry|func))\s+(\w+)\s*\(", re.S)
    shared = re.compile(r"(?:\.extern\s+)?\.shared\s+(?:\.align\s+(\d+)\s+)?\.\w+\s+"
                        r"([\w$]+)\s*\[(\d*)\]\s*;")
    for m in shared.finditer(text):
        # Only module-level declarations: those before the first body brace
        # that follows them are checked by position below.
        module.shared.append((m.group(2), int(m.group(3)) if m.group(3) else None,
                              int(m.group(1) or 1), m.start()))
    bodies = []
    while True:
        m = decl.search(text, pos)
        if not m:
            break
        kind, name = m.group(2), m.group(3)
        close = text.index(")", m.end())
        params = text[m.end():close]
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
        if kind != ".entry":
            raise PtxUnsupported("device functions (.func %s) are not simulated" % name)
        entry = Entry(name)
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
            sm = re.match(r"\.shared\s+(?:\.align\s+(\d+)\s+)?\.\w+\s+([\w$]+)\s*\[(\d+)\]$",
                          stmt)
            if sm:
                entry.shared.append((sm.group(2), int(sm.group(3)), int(sm.group(1) or 1)))
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
# Instructions
# --------------------------------------------------------------------------

class Warp(object):
    __slots__ = ("index", "R", "P", "pc", "alive", "converged", "tid", "blocked",
                 "groups", "open_group", "steps")


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


class Compiler(object):
    """Turns one entry's statements into closures over a warp's state."""

    def __init__(self, module, entry):
        self.module, self.entry = module, entry
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
        self.params = {}
        for name, size, align in entry.params:
            self.params[name] = (size, align)

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

    def instruction(self, st):
        head = st.parts[0]
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

    def _binary_int(self, st, fn):
        t = st.parts[-1]
        bits = TYPE_BITS[t]
        d, a, b = st.operands
        out, sa, sb = self.dest(d), self.source(a, bits), self.source(b, bits)
        m_ = mask_of(bits)
        sign = t.startswith("s")
        return out, sa, sb, m_, bits, sign

    def op_add(self, st):
        return self._arith(st, lambda x, y: x + y, np.add)

    def op_sub(self, st):
        return self._arith(st, lambda x, y: x - y, np.subtract)

    def _arith(self, st, int_fn, float_fn):
        t = st.parts[-1]
        d, a, b = st.operands
        out = self.dest(d)
        if t in ("f32", "f64", "f16", "bf16", "f16x2", "bf16x2"):
            ftz = "ftz" in st.parts
            return self._float_binary(t, out, self.source(a), self.source(b), float_fn, ftz)
        bits = TYPE_BITS[t]
        sa, sb = self.source(a, bits), self.source(b, bits)
        if "sat" in st.parts:
            lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1

            def sat(w, m):
                v = int_fn(signed(sa(w).astype(np.uint64), bits).astype(np.int64),
                           signed(sb(w).astype(np.uint64), bits).astype(np.int64))
                out(w, m, to_u64(np.clip(v, lo, hi), bits))
            return sat
        return lambda w, m: out(w, m, int_fn(sa(w), sb(w)))

    def _float_binary(self, t, out, sa, sb, fn, ftz):
        if t == "f32":
            def f32(w, m):
                x, y = f32_of(sa(w)), f32_of(sb(w))
                if ftz:
                    x, y = flush(x), flush(y)
                r = fn(x, y).astype(np.float32)
                out(w, m, bits_of_f32(flush(r) if ftz else r))
            return f32
        if t == "f64":
            return lambda w, m: out(w, m, bits_of_f64(fn(f64_of(sa(w)),
                                                         f64_of(sb(w)))))
        halves = 2 if t.endswith("x2") else 1
        dec, enc = (f16_of, bits_of_f16) if t.startswith("f16") else (bf16_of, bits_of_bf16)

        def half(w, m):
            x, y, r = sa(w), sb(w), U64(0)
            for h in range(halves):
                s = U64(16 * h)
                v = fn(dec(x >> s).astype(np.float32), dec(y >> s).astype(np.float32))
                r = r | (enc(v.astype(np.float32)) << s)
            out(w, m, r)
        return half

    def op_mul(self, st):
        t = st.parts[-1]
        d, a, b = st.operands
        out = self.dest(d)
        if t.startswith(("f", "bf")):
            return self._float_binary(t, out, self.source(a), self.source(b), np.multiply,
                                      "ftz" in st.parts)
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
        if t == "f64":
            # No exact fused f64 multiply-add in numpy: the product is rounded.
            return lambda w, m: out(w, m, bits_of_f64(
                f64_of(sa(w)) * f64_of(sb(w)) +
                f64_of(sc(w))))
        if t != "f32":
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

        def fma32(w, m):
            x, y, z = (f32_of(s(w)) for s in (sa, sb, sc))
            if ftz:
                x, y, z = flush(x), flush(y), flush(z)
            # The f64 product of two f32 values is exact: one rounding after
            # the add, as a fused multiply-add (f64 then f32 rounds twice,
            # off by one ulp in rare ties).
            r = (x.astype(np.float64) * y.astype(np.float64) + z.astype(np.float64)).astype(np.float32)
            out(w, m, bits_of_f32(flush(r) if ftz else r))
        return fma32

    def op_div(self, st):
        t = st.parts[-1]
        d, a, b = st.operands
        out = self.dest(d)
        if t.startswith("f"):
            return self._float_binary(t, out, self.source(a), self.source(b), np.divide,
                                      "ftz" in st.parts)
        return self._divrem(st, out, a, b, True)

    def op_rem(self, st):
        d, a, b = st.operands
        return self._divrem(st, self.dest(d), a, b, False)

    def _divrem(self, st, out, a, b, quotient):
        t = st.parts[-1]
        bits = TYPE_BITS[t]
        sa, sb = self.source(a, bits), self.source(b, bits)
        sgn = t.startswith("s")

        def divrem(w, m):
            x = sa(w).astype(np.uint64)
            y = sb(w).astype(np.uint64)
            zero = (y & mask_of(bits)) == 0
            if sgn:
                xs, ys = signed(x, bits), signed(y, bits)
                ys = np.where(zero, 1, ys)
                q = np.abs(xs) // np.abs(ys) * np.sign(xs) * np.sign(ys)
                r = xs - q * ys
                v = to_u64(q if quotient else r, bits)
            else:
                ys = np.where(zero, U64(1), y)
                v = x // ys if quotient else x % ys
            out(w, m, np.where(zero, mask_of(bits) if quotient else x, v))
        return divrem

    def _minmax(self, st, int_fn, float_fn):
        t = st.parts[-1]
        d, a, b = st.operands
        out = self.dest(d)
        if t.startswith(("f", "bf")):
            return self._float_binary(t, out, self.source(a), self.source(b), float_fn,
                                      "ftz" in st.parts)
        bits = TYPE_BITS[t]
        sa, sb = self.source(a, bits), self.source(b, bits)
        if t.startswith("s"):
            return lambda w, m: out(w, m, to_u64(int_fn(
                signed(sa(w).astype(np.uint64), bits),
                signed(sb(w).astype(np.uint64), bits)), bits))
        return lambda w, m: out(w, m, int_fn(sa(w).astype(np.uint64),
                                              sb(w).astype(np.uint64)))

    def op_max(self, st):
        return self._minmax(st, np.maximum, np.fmax)

    def op_min(self, st):
        return self._minmax(st, np.minimum, np.fmin)

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
        return lambda w, m: out(w, m, U64(0) - sa(w))

    def op_abs(self, st):
        t = st.parts[-1]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a)
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

    def op_clz(self, st):
        bits = TYPE_BITS[st.parts[-1]]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a, bits)

        def clz(w, m):
            x = sa(w)
            out(w, m, np.array([bits - int(v).bit_length() for v in x], dtype=np.uint64))
        return clz

    def op_popc(self, st):
        bits = TYPE_BITS[st.parts[-1]]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a, bits)
        return lambda w, m: out(w, m, np.array(
            [bin(int(v) & ((1 << bits) - 1)).count("1")
             for v in sa(w)], dtype=np.uint64))

    def op_brev(self, st):
        bits = TYPE_BITS[st.parts[-1]]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a, bits)
        return lambda w, m: out(w, m, np.array(
            [int(format(int(v), "0%db" % bits)[::-1], 2)
             for v in sa(w)], dtype=np.uint64))

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
                nan = np.isnan(x) | np.isnan(y)
                base = cmp_[:-1] if cmp_.endswith("u") and cmp_ not in ("num",) else cmp_
                unordered = cmp_.endswith("u") and cmp_ != "num"
                if cmp_ == "num":
                    return ~nan
                if cmp_ == "nan":
                    return nan
                r = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y,
                     "gt": x > y, "ge": x >= y}[base]
                return (r | nan) if unordered else (r & ~nan)
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
            return lambda w, m: out(w, m, (enc(self._rounded_f32(f32_of(sa(w)), dt[:-2], rnd)) << U64(16)) |
                                    enc(self._rounded_f32(f32_of(sb(w)), dt[:-2], rnd)))
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

    def _rounded_f32(self, x, to, rnd):
        return x

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
                               else np.array([_f64_to_f16(float(i)) for i in r], dtype=np.float16))
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
        if space != "shared":
            if space in ("global",):
                return lambda w, m: out(w, m, sa(w))
            raise PtxUnsupported("cvta for .%s" % space)
        if to_generic:
            return lambda w, m: out(w, m, sa(w) + U64(SHARED_WINDOW))
        return lambda w, m: out(w, m, sa(w) - U64(SHARED_WINDOW))

    # Special functions -------------------------------------------------
    def _unary_float(self, st, fn):
        t = st.parts[-1]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a)
        ftz = "ftz" in st.parts
        if t == "f64":
            return lambda w, m: out(w, m, bits_of_f64(fn(f64_of(sa(w).astype(np.uint64)))))
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
            out(w, m, bits_of_f32(flush(r) if ftz else r))
        return f32

    def op_ex2(self, st):
        return self._unary_float(st, np.exp2)

    def op_lg2(self, st):
        return self._unary_float(st, np.log2)

    def op_rcp(self, st):
        return self._unary_float(st, lambda x: 1.0 / x)

    def op_sqrt(self, st):
        return self._unary_float(st, np.sqrt)

    def op_rsqrt(self, st):
        return self._unary_float(st, lambda x: 1.0 / np.sqrt(x))

    def op_sin(self, st):
        return self._unary_float(st, np.sin)

    def op_cos(self, st):
        return self._unary_float(st, np.cos)

    def op_tanh(self, st):
        return self._unary_float(st, np.tanh)

    def op_copysign(self, st):
        t = st.parts[-1]
        d, a, b = st.operands
        out, sa, sb = self.dest(d), self.source(a), self.source(b)
        sign = U64(1 << (TYPE_BITS[t] - 1))
        # copysign.f32 d, a, b: b's magnitude, a's sign.
        return lambda w, m: out(w, m, (sb(w) & ~sign & mask_of(TYPE_BITS[t])) | (sa(w) & sign))

    def op_testp(self, st):
        kind, t = st.parts[1], st.parts[-1]
        d, a = st.operands
        out, sa = self.dest(d), self.source(a)
        dec = f32_of if t == "f32" else f64_of

        def testp(w, m):
            x = dec(sa(w).astype(np.uint64))
            tiny = np.finfo(x.dtype).tiny
            r = {"finite": np.isfinite(x), "infinite": np.isinf(x), "number": ~np.isnan(x),
                 "notanumber": np.isnan(x),
                 "normal": np.isfinite(x) & (np.abs(x) >= tiny),
                 "subnormal": (np.abs(x) < tiny) & (x != 0)}[kind]
            out(w, m, r)
        return testp

    # Memory --------------------------------------------------------------
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
        get, param = self.address(a)
        if space == "param" or param is not None:
            if param is None:
                raise PtxUnsupported("ld.param through a register")
            name, off = param

            def ld_param(w, m):
                raw = w.cta.params[name][off:off + nbytes * count]
                for i, o in enumerate(outs):
                    v = int.from_bytes(raw[i * nbytes:(i + 1) * nbytes], "little")
                    if sgn and v >> (8 * nbytes - 1):
                        v -= 1 << (8 * nbytes)
                    o(w, m, U64(v & 0xFFFFFFFFFFFFFFFF))
            return ld_param
        if space in ("local", "const"):
            raise PtxUnsupported("ld.%s" % space)

        def ld(w, m):
            lanes = np.nonzero(m)[0]
            if len(lanes) == 0:
                return
            addr = get(w)[lanes]
            mem = w.cta.space_of(addr, space)
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
        get, param = self.address(a)
        if param is not None or space in ("param", "local", "const"):
            raise PtxUnsupported("st.%s" % space)
        count = len(srcs)

        def st_(w, m):
            lanes = np.nonzero(m)[0]
            if len(lanes) == 0:
                return
            addr = get(w)[lanes]
            mem = w.cta.space_of(addr, space)
            if count == 1:
                mem.store(addr, srcs[0](w)[lanes], nbytes)
                return
            vals = np.stack([s(w)[lanes].astype("<u%d" % nbytes)
                             for s in srcs], axis=1)
            idx = mem.offsets(addr, nbytes * count, "store")
            mem.data[idx] = np.ascontiguousarray(vals).view(np.uint8).reshape(len(lanes), -1)
        return st_

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
            rows = w.cta.space_of(addr, "shared").load_bytes(addr, 16)
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
            w.cta.issue_copy(w, copy)
        return cp_async

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
        if st.parts[1] not in ("sync",) and not (len(st.parts) > 1 and st.parts[1] == "cta"):
            raise PtxUnsupported(st.opcode)
        ident = int(ops[0], 0) if ops and _imm(ops[0]) is not None else 0
        count = int(ops[1], 0) if len(ops) > 1 else None
        return ("barrier", ident, count)

    def op_barrier(self, st):
        return self.op_bar(st)

    def op_membar(self, st):
        return lambda w, m: None

    def op_fence(self, st):
        if "proxy" in st.parts and "async" in st.parts:
            raise PtxUnsupported(st.opcode)
        return lambda w, m: None

    def op_bra(self, st):
        target = st.operands[0]
        if target not in self.entry.labels:
            raise PtxUnsupported("branch to unknown label %s" % target)
        return ("branch", self.entry.labels[target])

    def op_ret(self, st):
        return ("exit",)

    def op_exit(self, st):
        return ("exit",)

    def op_trap(self, st):
        return ("trap",)

    def op_vote(self, st):
        mode = st.parts[2]
        d, a = st.operands[0], st.operands[1]
        out, pa = self.dest(d), self.pred_source(a)

        def vote(w, m):
            w.require_converged("vote.sync")
            p = pa(w) & m
            if mode == "ballot":
                bits = int(sum(1 << i for i in range(WARP) if p[i]))
                out(w, m, U64(bits))
            elif mode == "all":
                out(w, m, bool(np.all(p[m])))
            elif mode == "any":
                out(w, m, bool(np.any(p)))
            else:
                raise Fault("vote.%s" % mode)
        return vote


def _round_int_to_f32(i):
    # Python's float() rounds a big int exactly once, to f64: then to f32
    # exactly when the f64 rounding kept every bit f32 rounding needs.
    f = np.float32(float(i))
    return f


def _f64_to_f16(x):
    return np.float16(x)


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

    def decode(self, raw, t):
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


# --------------------------------------------------------------------------
# Execution
# --------------------------------------------------------------------------

class Kernel(object):
    def __init__(self, module, entry):
        self.module, self.entry = module, entry
        if entry.body is not None:
            _parse_body(entry, entry.body)
            entry.body = None
        compiler = Compiler(module, entry)
        self.ops = compiler.compile()
        self.nregs, self.npreds = len(compiler.regs), len(compiler.preds)
        self.static_shared = compiler.static_shared
        self.dynamic_symbols = [n for n, s, a in module.shared if s is None]
        self.compiler = compiler


class Cta(object):
    def __init__(self, kernel, memory, ctaid, grid, threads, params, dynamic, late):
        self.kernel, self.memory = kernel, memory
        size = kernel.static_shared + dynamic
        self.shared = Space("shared", np.zeros(size, dtype=np.uint8),
                            np.ones(size, dtype=bool), 0)
        self.generic_shared = Space("shared", self.shared.data, self.shared.valid,
                                    SHARED_WINDOW)
        self.global_ = Space("global", memory.data, memory.valid, GLOBAL_BASE)
        self.special = {"%ctaid": ctaid, "%nctaid": grid, "%ntid": (threads, 1, 1)}
        self.params = params
        self.late = late

    def space_of(self, addr, space):
        if space == "shared":
            return self.shared
        if space == "global":
            return self.global_
        if len(addr) and np.all((addr >= U64(SHARED_WINDOW)) &
                                (addr < U64(SHARED_WINDOW + len(self.shared.data)))):
            return self.generic_shared
        return self.global_

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


class SimWarp(Warp):
    __slots__ = ("cta",)

    def require_converged(self, what):
        if not self.converged:
            raise Fault("%s in a diverged warp (warp %d)" % (what, self.index))
        if not np.all(self.alive):
            raise Fault("%s in warp %d after some of its lanes exited" % (what, self.index))

    def commit(self):
        self.groups.append(self.open_group)
        self.open_group = []


def run_cta(kernel, cta, threads, step_limit):
    nwarps = (threads + WARP - 1) // WARP
    warps = []
    for i in range(nwarps):
        w = SimWarp()
        w.index, w.cta = i, cta
        w.R = np.zeros((max(kernel.nregs, 1), WARP), dtype=np.uint64)
        w.P = np.zeros((max(kernel.npreds, 1), WARP), dtype=bool)
        w.tid = (LANES + U64(i * WARP)).astype(np.uint64)
        w.alive = (LANES + U64(i * WARP)) < U64(threads)
        w.pc = np.zeros(WARP, dtype=np.int64)
        w.converged = bool(np.all(w.alive))
        w.blocked = None
        w.groups, w.open_group = [], []
        w.steps = 0
        warps.append(w)
    ops = kernel.ops
    steps = 0
    while True:
        progressed = False
        for w in warps:
            if w.blocked is not None or not w.alive.any():
                continue
            progressed = True
            steps = run_warp(w, ops, steps, step_limit)
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
        elif not progressed:
            raise Fault("no warp can run")
    for w in warps:
        w.commit()
        for group in w.groups:
            for copy in group:
                cta.land(copy)


def run_warp(w, ops, steps, step_limit):
    """Runs warp `w` until it blocks at a barrier or all its lanes exit."""
    n = len(ops)
    while True:
        if w.converged:
            live = w.alive
            pc = int(w.pc[np.argmax(live)])
            m = live
        else:
            live = w.alive
            pcs = np.where(live, w.pc, np.iinfo(np.int64).max)
            pc = int(pcs.min())
            m = live & (w.pc == pc)
        if pc >= n:
            raise Fault("warp %d ran past the end of the kernel" % w.index)
        guard, fn, head = ops[pc]
        steps += 1
        w.steps = steps
        if steps > step_limit:
            raise Fault("no exit after %d warp steps (a loop that never ends?)" % step_limit)
        g = m if guard is None else (m & guard(w))
        if isinstance(fn, tuple):
            kind = fn[0]
            if kind == "branch":
                taken = g
                not_taken = m & ~g
                w.pc[taken] = fn[1]
                w.pc[not_taken] = pc + 1
            elif kind == "exit":
                w.alive = w.alive & ~g
                w.pc[m & ~g] = pc + 1
            elif kind == "trap":
                if g.any():
                    raise Fault("trap in warp %d" % w.index)
                w.pc[m] = pc + 1
            elif kind == "barrier":
                w.pc[m] = pc + 1
                if g.any():
                    if not w.converged:
                        raise Fault("bar.sync in a diverged warp (warp %d)" % w.index)
                    w.blocked = (fn[1], fn[2])
            live = w.alive
            if not live.any():
                return steps
            first = w.pc[np.argmax(live)]
            w.converged = bool(np.all(w.pc[live] == first))
            if w.blocked is not None:
                return steps
            continue
        if g.any():
            fn(w, g)
        w.pc[m] = pc + 1
        if not w.converged:
            live = w.alive
            w.converged = bool(np.all(w.pc[live] == w.pc[np.argmax(live)]))


# --------------------------------------------------------------------------
# The CUDA driver's interface, as gpu-check.py uses it
# --------------------------------------------------------------------------

class SimulatedDriver(object):
    """gpu-check.py's Driver, on the simulator: modules are parsed PTX,
    memory is a numpy arena, launches run every CTA in turn."""

    def __init__(self, async_copies="late", step_limit=20000000):
        self.memory = GlobalMemory()
        self.late = async_copies == "late"
        self.step_limit = step_limit

    def arch(self):
        return "simulated (mma.sync targets)"

    def load(self, ptx):
        return parse(ptx)

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
        raise PtxUnsupported("tensor maps (TMA) are not simulated")

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
        if kernel.dynamic_symbols == [] and shared:
            pass
        g = [int(x) for x in str(grid).split(",")] + [1, 1]
        g = g[:3]
        for z in range(g[2]):
            for y in range(g[1]):
                for x in range(g[0]):
                    cta = Cta(kernel, self.memory, (x, y, z), tuple(g), threads, values,
                              shared, self.late)
                    run_cta(kernel, cta, threads, self.step_limit)
