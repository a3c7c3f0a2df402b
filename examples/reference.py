#!/usr/bin/env python3
"""Independent reference for the examples (Python standard library only).

  reference.py gen NAME DIR     writes the inputs of example NAME into DIR
  reference.py check NAME DIR   checks DIR/out/arg<k>.npy against a
                                computation in Python floats (f64)
  reference.py args NAME DIR    prints the cuda-tile-run arguments

NAME is one of vector_add, gemm, softmax, layernorm, prefix_sum, histogram.
The test suite (test/Interpreter/example-*.test) runs gen, cuda-tile-run and
check; by hand:

  python3 examples/reference.py gen gemm /tmp/g
  cuda-tile-run examples/gemm.mlir $(python3 examples/reference.py args gemm /tmp/g) \
      --out-dir /tmp/g/out
  python3 examples/reference.py check gemm /tmp/g
"""
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "utils"))
from kernel_io import npy_values, write_npy_values as write_npy  # noqa: E402


def read_npy(path):
    return npy_values(path)[2]


def f32(x):
    """Rounds a Python float to the nearest f32."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def close(got, want, rtol, atol, what):
    assert len(got) == len(want), "%s: %d values, expected %d" % (what, len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        if abs(g - w) > atol + rtol * abs(w):
            raise SystemExit("%s: element %d is %r, expected %r" % (what, i, g, w))


class Example:
    def __init__(self, d):
        self.d = d
        self.rng = random.Random(1234)

    def path(self, name):
        return os.path.join(self.d, name)

    def out(self, k):
        return read_npy(os.path.join(self.d, "out", "arg%d.npy" % k))


class VectorAdd(Example):
    n = 1000

    def gen(self):
        self.a = [f32(self.rng.uniform(-10, 10)) for _ in range(self.n)]
        self.b = [f32(self.rng.uniform(-10, 10)) for _ in range(self.n)]
        write_npy(self.path("a.npy"), "<f4", (self.n,), self.a)
        write_npy(self.path("b.npy"), "<f4", (self.n,), self.b)

    def args(self):
        return ["--entry", "vadd", "--grid", "8", "--arg", "@" + self.path("a.npy"),
                "--arg", "@" + self.path("b.npy"), "--arg", "zeros:f32:%d" % self.n,
                "--arg", "i32:%d" % self.n]

    def check(self):
        a, b = read_npy(self.path("a.npy")), read_npy(self.path("b.npy"))
        # One f32 rounding of the exact sum: the results must be identical.
        close(self.out(2), [f32(x + y) for x, y in zip(a, b)], 0, 0, "c")


class Gemm(Example):
    m, n, k = 70, 50, 45

    def gen(self):
        a = [f16(self.rng.uniform(-1, 1)) for _ in range(self.m * self.k)]
        b = [f16(self.rng.uniform(-1, 1)) for _ in range(self.k * self.n)]
        write_npy(self.path("a.npy"), "<f2", (self.m, self.k), a)
        write_npy(self.path("b.npy"), "<f2", (self.k, self.n), b)

    def args(self):
        return ["--entry", "gemm", "--grid", "2,3", "--arg", "@" + self.path("a.npy"),
                "--arg", "@" + self.path("b.npy"), "--arg", "zeros:f32:%d" % (self.m * self.n),
                "--arg", "i32:%d" % self.m, "--arg", "i32:%d" % self.n, "--arg", "i32:%d" % self.k]

    def check(self):
        a, b = read_npy(self.path("a.npy")), read_npy(self.path("b.npy"))
        want = []
        for i in range(self.m):
            for j in range(self.n):
                want.append(sum(a[i * self.k + kk] * b[kk * self.n + j] for kk in range(self.k)))
        # f32 rounding once per 32-wide step of K.
        close(self.out(2), want, 1e-5, 1e-6, "c")


class Softmax(Example):
    rows = 10

    def gen(self):
        x = [f32(self.rng.uniform(-5, 5)) for _ in range(self.rows * 64)]
        write_npy(self.path("x.npy"), "<f4", (self.rows, 64), x)

    def args(self):
        return ["--entry", "softmax", "--grid", "3", "--arg", "@" + self.path("x.npy"),
                "--arg", "zeros:f32:%d" % (self.rows * 64), "--arg", "i32:%d" % self.rows]

    def check(self):
        x = read_npy(self.path("x.npy"))
        want = []
        for r in range(self.rows):
            row = x[r * 64:(r + 1) * 64]
            m = max(row)
            e = [math.exp(v - m) for v in row]
            s = sum(e)
            want += [v / s for v in e]
        close(self.out(1), want, 1e-5, 1e-7, "y")


class LayerNorm(Example):
    rows, cols = 6, 128

    def gen(self):
        x = [f32(self.rng.uniform(-3, 3)) for _ in range(self.rows * self.cols)]
        g = [f32(self.rng.uniform(0.5, 1.5)) for _ in range(self.cols)]
        b = [f32(self.rng.uniform(-0.5, 0.5)) for _ in range(self.cols)]
        write_npy(self.path("x.npy"), "<f4", (self.rows, self.cols), x)
        write_npy(self.path("gamma.npy"), "<f4", (self.cols,), g)
        write_npy(self.path("beta.npy"), "<f4", (self.cols,), b)

    def args(self):
        return ["--entry", "layernorm", "--grid", "3", "--arg", "@" + self.path("x.npy"),
                "--arg", "@" + self.path("gamma.npy"), "--arg", "@" + self.path("beta.npy"),
                "--arg", "zeros:f32:%d" % (self.rows * self.cols), "--arg", "f32:1e-5"]

    def check(self):
        x = read_npy(self.path("x.npy"))
        g, b = read_npy(self.path("gamma.npy")), read_npy(self.path("beta.npy"))
        want = []
        for r in range(self.rows):
            row = x[r * self.cols:(r + 1) * self.cols]
            mean = sum(row) / self.cols
            var = sum((v - mean) ** 2 for v in row) / self.cols
            rstd = 1 / math.sqrt(var + 1e-5)
            want += [(v - mean) * rstd * g[i] + b[i] for i, v in enumerate(row)]
        close(self.out(3), want, 1e-5, 1e-5, "y")


class PrefixSum(Example):
    n = 1000

    def gen(self):
        x = [self.rng.randint(-1000, 1000) for _ in range(self.n)]
        write_npy(self.path("x.npy"), "<i4", (self.n,), x)

    def args(self):
        return ["--entry", "prefix_sum", "--grid", "1", "--arg", "@" + self.path("x.npy"),
                "--arg", "zeros:i32:%d" % self.n, "--arg", "i32:%d" % self.n]

    def check(self):
        x = read_npy(self.path("x.npy"))
        want, total = [], 0
        for v in x:
            total += v
            want.append(total)
        close(self.out(1), want, 0, 0, "y")
        print("total = %d" % total)


class Histogram(Example):
    n, bins = 5000, 16

    def gen(self):
        x = [self.rng.randrange(self.bins) for _ in range(self.n)]
        write_npy(self.path("x.npy"), "<i4", (self.n,), x)

    def args(self):
        return ["--entry", "histogram", "--grid", "20", "--threads", "2",
                "--arg", "@" + self.path("x.npy"), "--arg", "zeros:i32:%d" % self.bins,
                "--arg", "i32:%d" % self.n]

    def check(self):
        x = read_npy(self.path("x.npy"))
        want = [0] * self.bins
        for v in x:
            want[v] += 1
        close(self.out(1), want, 0, 0, "bins")


EXAMPLES = {"vector_add": VectorAdd, "gemm": Gemm, "softmax": Softmax,
            "layernorm": LayerNorm, "prefix_sum": PrefixSum, "histogram": Histogram}


def main(argv):
    if len(argv) != 4 or argv[1] not in ("gen", "check", "args") or argv[2] not in EXAMPLES:
        raise SystemExit(__doc__)
    example = EXAMPLES[argv[2]](argv[3])
    if argv[1] == "gen":
        os.makedirs(argv[3], exist_ok=True)
        example.gen()
    elif argv[1] == "args":
        print(" ".join(example.args()))
    else:
        example.check()
        print("%s: ok" % argv[2])


if __name__ == "__main__":
    main(sys.argv)
