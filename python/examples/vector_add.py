#!/usr/bin/env python3
"""Vector add, c[i] = a[i] + b[i] for i < n, built with the Python builder.

Each tile block handles 128 consecutive elements: it computes their
pointers, masks the ones past ``n`` and does one masked load / add / store.

    python3 python/examples/vector_add.py [OUT.tileirbc] [--version 13.3]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from cuda_tile_bytecode.builder import ModuleBuilder, f32, i32, ptr, tile  # noqa: E402

BLOCK = 128


def build():
    mb = ModuleBuilder()
    b = mb.entry("vector_add", [tile(ptr(f32)), tile(ptr(f32)), tile(ptr(f32)), tile(i32)])
    a, bb, c, n = b.args

    def splat(scalar, elem):                       # tile<T> -> tile<BLOCKxT>
        one = b.reshape(scalar, result_type=tile(elem, [1]))
        return b.broadcast(one, result_type=tile(elem, [BLOCK]))

    bid, _, _ = b.get_tile_block_id()
    start = b.muli(bid, b.constant(BLOCK, tile(i32)))
    index = b.addi(splat(start, i32), b.iota(result_type=tile(i32, [BLOCK])))
    mask = b.cmpi(index, splat(n, i32), comparison_predicate="less_than", signedness="signed")

    def pointers(base):
        return b.offset(splat(base, ptr(f32)), index, result_type=tile(ptr(f32), [BLOCK]))

    x, _ = b.load_ptr_tko(pointers(a), mask=mask, memory_ordering_semantics="weak")
    y, _ = b.load_ptr_tko(pointers(bb), mask=mask, memory_ordering_semantics="weak")
    total = b.addf(x, y)
    b.store_ptr_tko(pointers(c), total, mask=mask, memory_ordering_semantics="weak")
    b.return_()
    return mb


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("output", nargs="?", default="vector_add.tileirbc")
    ap.add_argument("--version", default="13.3")
    args = ap.parse_args(argv)
    data = build().write(args.output, args.version)
    print("wrote %s (%d bytes, bytecode %s)" % (args.output, len(data), args.version))


if __name__ == "__main__":
    main()
