#!/usr/bin/env python3
"""GEMM, C = A x B (f16 inputs, f32 accumulation), built with the Python builder.

A is MxK, B is KxN, C is MxN, all row-major.  Tile block (bx, by) computes
the BMxBN tile of C at block coordinates (bx, by): it walks the K dimension
in BK steps, loading one A tile and one B tile per step through partition
views and accumulating with ``mmaf``, then stores the accumulator.

    python3 python/examples/gemm.py [OUT.tileirbc] [--version 13.3]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from cuda_tile_bytecode.builder import (  # noqa: E402
    ModuleBuilder, f16, f32, i32, partition_view, ptr, tensor_view, tile,
)

M, N, K = 512, 512, 256
BM, BN, BK = 64, 64, 32


def build():
    mb = ModuleBuilder()
    b = mb.entry("gemm", [tile(ptr(f16)), tile(ptr(f16)), tile(ptr(f32))])
    a_ptr, b_ptr, c_ptr = b.args

    def view(base, elem, rows, cols, tile_rows, tile_cols):
        tv = b.make_tensor_view(base, result_type=tensor_view(elem, [rows, cols], [cols, 1]))
        return b.make_partition_view(tv, result_type=partition_view([tile_rows, tile_cols], tv.type))

    a_view = view(a_ptr, f16, M, K, BM, BK)
    b_view = view(b_ptr, f16, K, N, BK, BN)
    c_view = view(c_ptr, f32, M, N, BM, BN)
    bx, by, _ = b.get_tile_block_id()
    zero = b.constant(0.0, tile(f32, [BM, BN]))
    k_begin = b.constant(0, tile(i32))
    k_end = b.constant(K // BK, tile(i32))
    k_step = b.constant(1, tile(i32))
    with b.for_(k_begin, k_end, k_step, iter_values=[zero]) as loop:
        k, acc = loop.args
        a_tile, _ = b.load_view_tko(a_view, [bx, k])
        b_tile, _ = b.load_view_tko(b_view, [k, by])
        b.continue_(b.mmaf(a_tile, b_tile, acc))
    (result,) = loop.results
    b.store_view_tko(result, c_view, [bx, by])
    b.return_()
    return mb


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("output", nargs="?", default="gemm.tileirbc")
    ap.add_argument("--version", default="13.3")
    args = ap.parse_args(argv)
    data = build().write(args.output, args.version)
    print("wrote %s (%d bytes, bytecode %s)" % (args.output, len(data), args.version))


if __name__ == "__main__":
    main()
