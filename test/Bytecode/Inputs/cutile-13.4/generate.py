#!/usr/bin/env python3
"""Writes the 13.4 bytecode inputs of test/Bytecode/cutile-13.4.test with
NVIDIA's own encoder, the pure-Python `cuda.tile._bytecode` of cuTile Python
(NVIDIA/cutile-python, checked at 9c3ee3c), imported alone from a source
checkout with the standard library only:

    python3 generate.py /path/to/cutile-python/src [out_dir]

The kernels use the 13.4 constructs this project implements: the five new
ops, ftoi's `saturating` flag, the flags word of ptr types, the
`inbounds` array of view loads and stores and the f8E5M3FNU element type.
"""

import importlib
import os
import sys
import types


def load_bytecode_package(src):
    """Imports cuda.tile._bytecode without running the __init__ of cuda or
    cuda.tile (which need cuTile's GPU stack): both are registered as bare
    packages over the checkout's directories."""
    for name, directory in (("cuda", ("cuda",)), ("cuda.tile", ("cuda", "tile"))):
        package = types.ModuleType(name)
        package.__path__ = [os.path.join(src, *directory)]
        sys.modules[name] = package
    return importlib.import_module("cuda.tile._bytecode")


def new_ops(bc):
    """insert, fpowi, the gdc ops and memory_fence_alias_tko."""
    buf = bytearray()
    with bc.write_bytecode(1, buf, bc.BytecodeVersion.V_13_4) as w:
        tt = w.type_table
        i32 = tt.I32
        f32 = tt.F32
        i8 = tt.simple(bc.SimpleType.I8)
        token = tt.Token
        scalar_i32 = tt.tile(i32, ())
        dst_t = tt.tile(f32, (8,))
        src_t = tt.tile(f32, (2,))
        exp_t = tt.tile(i8, (8,))
        with w.function("new_ops", (), (), True, {}, bc.MISSING_DEBUG_ATTR_ID) as fb:
            cb = fb.code_builder
            zero = bc.encode_ConstantOp(cb, scalar_i32, (1).to_bytes(4, "little"))
            dst = bc.encode_ConstantOp(cb, dst_t, (0x40000000).to_bytes(4, "little"))
            src = bc.encode_ConstantOp(cb, src_t, (0x3F800000).to_bytes(4, "little"))
            n = bc.encode_ConstantOp(cb, exp_t, (3).to_bytes(1, "little"))
            bc.encode_InsertOp(cb, dst_t, src, dst, (zero,))
            bc.encode_FPowIOp(cb, dst_t, dst, n)
            launched = bc.encode_GdcLaunchDependentsTkoOp(cb, token, None)
            ready = bc.encode_GdcWaitTkoOp(cb, token, launched)
            bc.encode_MemoryFenceAliasTkoOp(cb, token, ready)
            bc.encode_ReturnOp(cb, ())
    return bytes(buf)


def ftoi_ptr(bc):
    """ftoi with and without `saturating`; a pointer argument (ptr flags)."""
    buf = bytearray()
    with bc.write_bytecode(1, buf, bc.BytecodeVersion.V_13_4) as w:
        tt = w.type_table
        f32 = tt.F32
        i16 = tt.simple(bc.SimpleType.I16)
        ptr = tt.pointer(f32, bc.PtrAttr.Missing)
        ptr_t = tt.tile(ptr, ())
        src_t = tt.tile(f32, (4,))
        dst_t = tt.tile(i16, (4,))
        with w.function("ftoi_ptr", (ptr_t,), (), True, {}, bc.MISSING_DEBUG_ATTR_ID) as fb:
            cb = fb.code_builder
            x = bc.encode_ConstantOp(cb, src_t, (0x47000000).to_bytes(4, "little"))
            bc.encode_FToIOp(cb, dst_t, x, bc.Signedness.Signed,
                             bc.RoundingMode.NEAREST_INT_TO_ZERO, True)
            bc.encode_FToIOp(cb, dst_t, x, bc.Signedness.Unsigned,
                             bc.RoundingMode.NEAREST_INT_TO_ZERO, False)
            bc.encode_ReturnOp(cb, ())
    return bytes(buf)


def views(bc):
    """load_view_tko and store_view_tko with `inbounds`: all true, mixed and
    all false (what cuTile Python writes for check_bounds=True), with a
    scope and with tokens."""
    buf = bytearray()
    with bc.write_bytecode(1, buf, bc.BytecodeVersion.V_13_4) as w:
        tt = w.type_table
        f32 = tt.F32
        i32 = tt.I32
        token = tt.Token
        ptr_t = tt.tile(tt.pointer(f32, bc.PtrAttr.Missing), ())
        scalar_i32 = tt.tile(i32, ())
        view_t = tt.tensor_view(f32, (64, 64), (64, 1), bc.PtrAttr.Missing)
        part_t = tt.partition_view((32, 32), view_t, (0, 1), bc.PaddingValue.Missing)
        tile_t = tt.tile(f32, (32, 32))
        weak = bc.MemoryOrderingSemantics.WEAK
        with w.function("views", (ptr_t, ptr_t), (), True, {}, bc.MISSING_DEBUG_ATTR_ID) as fb:
            cb = fb.code_builder
            src, dst = fb.parameters
            bx, by, _ = bc.encode_GetTileBlockIdOp(cb, scalar_i32, scalar_i32, scalar_i32)
            src_view = bc.encode_MakeTensorViewOp(cb, view_t, src, (), ())
            dst_view = bc.encode_MakeTensorViewOp(cb, view_t, dst, (), ())
            src_part = bc.encode_MakePartitionViewOp(cb, part_t, src_view)
            dst_part = bc.encode_MakePartitionViewOp(cb, part_t, dst_view)
            tile, loaded = bc.encode_LoadViewTkoOp(cb, tile_t, token, src_part, (bx, by), None,
                                                   weak, None, None, (True, True))
            stored = bc.encode_StoreViewTkoOp(cb, token, tile, dst_part, (bx, by), loaded,
                                              weak, None, None, (True, False))
            again, _ = bc.encode_LoadViewTkoOp(cb, tile_t, token, dst_part, (by, bx), stored,
                                               bc.MemoryOrderingSemantics.RELAXED,
                                               bc.MemoryScope.DEVICE, None, (False, True))
            bc.encode_StoreViewTkoOp(cb, token, again, src_part, (bx, by), None,
                                     weak, None, None, (False, False))
            bc.encode_ReturnOp(cb, ())
    return bytes(buf)


def f8e5m3fnu(bc):
    """13.4's f8E5M3FNU (type tag 130, varint bytes 82 01) as the pointee of
    pointers and a tensor_view and the element of tiles: loaded, converted to
    f32 and back, stored."""
    buf = bytearray()
    with bc.write_bytecode(1, buf, bc.BytecodeVersion.V_13_4) as w:
        tt = w.type_table
        f32 = tt.F32
        i32 = tt.I32
        f8 = tt.simple(bc.SimpleType.F8E5M3FNU)
        token = tt.Token
        ptr_t = tt.tile(tt.pointer(f8, bc.PtrAttr.Missing), ())
        ptr1_t = tt.tile(tt.pointer(f8, bc.PtrAttr.Missing), (1,))
        ptrs_t = tt.tile(tt.pointer(f8, bc.PtrAttr.Missing), (8,))
        offsets_t = tt.tile(i32, (8,))
        f8_t = tt.tile(f8, (8,))
        f32_t = tt.tile(f32, (8,))
        view_t = tt.tensor_view(f8, (8,), (1,), bc.PtrAttr.Missing)
        nearest = bc.RoundingMode.NEAREST_EVEN
        weak = bc.MemoryOrderingSemantics.WEAK
        with w.function("f8e5m3fnu", (ptr_t,), (), True, {}, bc.MISSING_DEBUG_ATTR_ID) as fb:
            cb = fb.code_builder
            (base,) = fb.parameters
            bc.encode_MakeTensorViewOp(cb, view_t, base, (), ())
            one = bc.encode_ReshapeOp(cb, ptr1_t, base)
            ptrs = bc.encode_BroadcastOp(cb, ptrs_t, one)
            offsets = bc.encode_IotaOp(cb, offsets_t)
            ptrs = bc.encode_OffsetOp(cb, ptrs_t, ptrs, offsets)
            x, loaded = bc.encode_LoadPtrTkoOp(cb, f8_t, token, ptrs, None, None, None,
                                               weak, None, None)
            wide = bc.encode_FToFOp(cb, f32_t, x, nearest)
            back = bc.encode_FToFOp(cb, f8_t, wide, nearest)
            bc.encode_StorePtrTkoOp(cb, token, ptrs, back, None, loaded, weak, None, None)
            bc.encode_ReturnOp(cb, ())
    return bytes(buf)


def main():
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))
    bc = load_bytecode_package(src)
    for name, make in (("new_ops", new_ops), ("ftoi_ptr", ftoi_ptr), ("views", views),
                       ("f8e5m3fnu", f8e5m3fnu)):
        with open(os.path.join(out, name + ".tileirbc"), "wb") as f:
            f.write(make(bc))


if __name__ == "__main__":
    main()
