"""cuda_tile sources of the GPU benchmark kernels, written the way cuTile
users write them: pointers asserted div_by<16>, view loads through
partition views, one row (or one block of a vector) per tile block.

Every generator returns (MLIR text, entry name). The benchmark's Triton
kernels and PyTorch ops compute the same results (bench/gpu/gpu_bench.py).
"""

# Elements of a vector one tile block handles in the elementwise and
# reduction kernels.
VECTOR_BLOCK = 4096



def _pointer_facts(names, elem):
    return "".join(
        "    %%%s = assume div_by<16>, %%%s_arg : tile<ptr<%s>>\n"
        % (name, name, elem) for name in names)


def _module(entry, params, body, hints=""):
    """A module holding entry `entry`(params) with `body` and, if given,
    the optimization hints `hints` (`<default = {...}>`)."""
    hints = " optimization_hints=%s" % hints if hints else ""
    return ("cuda_tile.module @bench {\n  entry @%s(%s)%s {\n%s    return\n"
            "  }\n}\n" % (entry, params, hints, body))


def _vector_view(name, elem, block, padding=""):
    """A 1-D tensor view of %n elements at %name and its partition view."""
    pad = ", padding_value = %s" % padding if padding else ""
    tv = "tensor_view<?x%s, strides=[1]>" % elem
    pv = "partition_view<tile=(%d)%s, %s>" % (block, pad, tv)
    text = ("    %%%s_tv = make_tensor_view %%%s, shape = [%%n], strides = [1]"
            " : tile<i32> -> %s\n" % (name, name, tv))
    text += "    %%%s_pv = make_partition_view %%%s_tv : %s\n" % (name, name, pv)
    return text, pv


def vector_add(elem):
    """c = a + b over %n elements; VECTOR_BLOCK elements per tile block."""
    block = VECTOR_BLOCK
    tile = "tile<%dx%s>" % (block, elem)
    body = _pointer_facts(["a", "b", "c"], elem)
    views = {}
    for name in "abc":
        text, views[name] = _vector_view(name, elem, block)
        body += text
    body += "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    for name in "ab":
        body += ("    %%%s_t, %%%s_k = load_view_tko weak %%%s_pv[%%bx] : %s, "
                 "tile<i32> -> %s, token\n" % (name, name, name, views[name],
                                                tile))
    body += "    %%sum = addf %%a_t, %%b_t : %s\n" % tile
    body += ("    %%done = store_view_tko weak %%sum, %%c_pv[%%bx] : %s, %s, "
             "tile<i32> -> token\n" % (tile, views["c"]))
    entry = "vector_add_%s" % elem
    params = ("%%a_arg: tile<ptr<%s>>, %%b_arg: tile<ptr<%s>>, "
              "%%c_arg: tile<ptr<%s>>, %%n: tile<i32>" % (elem, elem, elem))
    return _module(entry, params, body), entry


def vector_add_pointers(elem):
    """vector_add through pointer tiles, as cuTile Python's gather writes it
    (VectorAddition.py's vec_add_kernel_1d_gather): a block's pointers
    base + bx * VECTOR_BLOCK + iota under the mask `index < n`, %n not
    asserted divisible."""
    block = VECTOR_BLOCK
    tile = "tile<%dx%s>" % (block, elem)
    ptrs = "tile<%dxptr<%s>>" % (block, elem)
    mask = "tile<%dxi1>" % block
    body = _pointer_facts(["a", "b", "c"], elem)
    body += "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    body += "    %%block = constant <i32: %d> : tile<i32>\n" % block
    body += "    %first = muli %bx, %block : tile<i32>\n"
    body += "    %%iota = iota : tile<%dxi32>\n" % block
    body += "    %first1 = reshape %first : tile<i32> -> tile<1xi32>\n"
    body += ("    %%firsts = broadcast %%first1 : tile<1xi32> -> tile<%dxi32>\n"
             % block)
    body += "    %%index = addi %%firsts, %%iota : tile<%dxi32>\n" % block
    body += "    %n1 = reshape %n : tile<i32> -> tile<1xi32>\n"
    body += "    %%nb = broadcast %%n1 : tile<1xi32> -> tile<%dxi32>\n" % block
    body += ("    %%in = cmpi less_than %%index, %%nb, signed : tile<%dxi32> -> "
             "%s\n" % (block, mask))
    body += "    %%zero = constant <%s: 0.0> : %s\n" % (elem, tile)
    for name in "abc":
        body += ("    %%%s1 = reshape %%%s : tile<ptr<%s>> -> tile<1xptr<%s>>\n"
                 % (name, name, elem, elem))
        body += ("    %%%sb = broadcast %%%s1 : tile<1xptr<%s>> -> %s\n"
                 % (name, name, elem, ptrs))
        body += ("    %%%sp = offset %%%sb, %%index : %s, tile<%dxi32> -> %s\n"
                 % (name, name, ptrs, block, ptrs))
    for name in "ab":
        body += ("    %%%s_t, %%%s_k = load_ptr_tko weak %%%sp, %%in, %%zero : "
                 "%s, %s, %s -> %s, token\n"
                 % (name, name, name, ptrs, mask, tile, tile))
    body += "    %%sum = addf %%a_t, %%b_t : %s\n" % tile
    body += ("    %%done = store_ptr_tko weak %%cp, %%sum, %%in : %s, %s, %s -> "
             "token\n" % (ptrs, tile, mask))
    entry = "vector_add_pointers_%s" % elem
    params = ("%%a_arg: tile<ptr<%s>>, %%b_arg: tile<ptr<%s>>, "
              "%%c_arg: tile<ptr<%s>>, %%n: tile<i32>" % (elem, elem, elem))
    return _module(entry, params, body), entry


def _row_views(elem, cols, padding=""):
    """2-D views of %rows x cols at %x and %y, one row per tile."""
    pad = ", padding_value = %s" % padding if padding else ""
    tv = "tensor_view<?x%dx%s, strides=[%d,1]>" % (cols, elem, cols)
    text = ""
    views = {}
    for name, p in (("x", pad), ("y", "")):
        pv = "partition_view<tile=(1x%d)%s, %s>" % (cols, p, tv)
        text += ("    %%%s_tv = make_tensor_view %%%s, shape = [%%rows, %d], "
                 "strides = [%d, 1] : tile<i32> -> %s\n"
                 % (name, name, cols, cols, tv))
        text += ("    %%%s_pv = make_partition_view %%%s_tv : %s\n"
                 % (name, name, pv))
        views[name] = pv
    return text, views


def _row_sum(value, cols, result):
    return ("    %%%s = reduce %%%s dim=1 identities=[0.0 : f32] : "
            "tile<1x%dxf32> -> tile<1xf32>\n"
            "      (%%v: tile<f32>, %%acc: tile<f32>) {\n"
            "        %%s = addf %%v, %%acc : tile<f32>\n"
            "        yield %%s : tile<f32>\n"
            "      }\n" % (result, value, cols))


def _broadcast_row(value, cols, result):
    return ("    %%%s_r = reshape %%%s : tile<1xf32> -> tile<1x1xf32>\n"
            "    %%%s = broadcast %%%s_r : tile<1x1xf32> -> tile<1x%dxf32>\n"
            % (result, value, result, result, cols))


def _load_row_f32(elem, cols, views):
    """Loads row %bx of %x_pv; returns (text, name of the f32 row)."""
    row = "tile<1x%dx%s>" % (cols, elem)
    text = ("    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
            "    %%c0 = constant <i32: 0> : tile<i32>\n"
            "    %%raw, %%k = load_view_tko weak %%x_pv[%%bx, %%c0] : %s, "
            "tile<i32> -> %s, token\n" % (views["x"], row))
    if elem == "f32":
        return text, "raw"
    text += "    %%xf = ftof %%raw : %s -> tile<1x%dxf32>\n" % (row, cols)
    return text, "xf"


def _store_row(elem, cols, value, views):
    row = "tile<1x%dx%s>" % (cols, elem)
    text = ""
    if elem != "f32":
        text += ("    %%out = ftof %%%s : tile<1x%dxf32> -> %s\n"
                 % (value, cols, row))
        value = "out"
    text += ("    %%done = store_view_tko weak %%%s, %%y_pv[%%bx, %%c0] : %s, "
             "%s, tile<i32> -> token\n" % (value, row, views["y"]))
    return text


def _row_kernel(entry, elem, cols, padding, compute):
    """A kernel that loads row %bx of x (`padding` past the end) as f32,
    computes on it with `compute`(name of the f32 row, its tile type) ->
    (text, name of the f32 result) and stores the result to y's row."""
    body = _pointer_facts(["x", "y"], elem)
    text, views = _row_views(elem, cols, padding)
    load, xf = _load_row_f32(elem, cols, views)
    work, result = compute(xf, "tile<1x%dxf32>" % cols)
    body += text + load + work + _store_row(elem, cols, result, views)
    params = ("%%x_arg: tile<ptr<%s>>, %%y_arg: tile<ptr<%s>>, "
              "%%rows: tile<i32>" % (elem, elem))
    return _module(entry, params, body), entry


def softmax(elem, cols, approx=False):
    """y = softmax(x) along rows of `cols` elements, computed in f32; with
    `approx`, exp and the division round approximately (`rounding<approx>`,
    as Triton's tl.exp and `/` do)."""
    rounding = " rounding<approx>" if approx else ""

    def compute(xf, f):
        text = ("    %%max = reduce %%%s dim=1 identities=[0xFF800000 : f32] "
                ": %s -> tile<1xf32>\n"
                "      (%%v: tile<f32>, %%acc: tile<f32>) {\n"
                "        %%m = maxf %%v, %%acc : tile<f32>\n"
                "        yield %%m : tile<f32>\n"
                "      }\n" % (xf, f))
        text += _broadcast_row("max", cols, "maxb")
        text += "    %%shifted = subf %%%s, %%maxb : %s\n" % (xf, f)
        text += "    %%e = exp %%shifted%s : %s\n" % (rounding, f)
        text += _row_sum("e", cols, "sum")
        text += _broadcast_row("sum", cols, "sumb")
        text += "    %%p = divf %%e, %%sumb%s : %s\n" % (rounding, f)
        return text, "p"

    entry = "softmax%s_%s_%d" % ("_approx" if approx else "", elem, cols)
    return _row_kernel(entry, elem, cols, "neg_inf", compute)


def cumsum(elem, cols):
    """y = the running sums of x along rows of `cols` elements, computed in
    f32 (a scan, as torch.cumsum)."""
    def compute(xf, f):
        return ("    %%sums = scan %%%s dim=1 reverse=false "
                "identities=[0.0 : f32] : %s -> %s\n"
                "      (%%v: tile<f32>, %%acc: tile<f32>) {\n"
                "        %%s = addf %%v, %%acc : tile<f32>\n"
                "        yield %%s : tile<f32>\n"
                "      }\n" % (xf, f, f)), "sums"

    return _row_kernel("cumsum_%s_%d" % (elem, cols), elem, cols, "zero",
                       compute)


def layernorm(elem, cols):
    """y = (x - mean) * rsqrt(var + eps) * w + b along rows, in f32."""
    body = _pointer_facts(["x", "y", "w", "b"], elem)
    text, views = _row_views(elem, cols)
    body += text
    vec_tv = "tensor_view<%dx%s, strides=[1]>" % (cols, elem)
    vec_pv = "partition_view<tile=(%d), %s>" % (cols, vec_tv)
    for name in "wb":
        body += ("    %%%s_tv = make_tensor_view %%%s, shape = [%d], "
                 "strides = [1] : %s\n" % (name, name, cols, vec_tv))
        body += ("    %%%s_pv = make_partition_view %%%s_tv : %s\n"
                 % (name, name, vec_pv))
    load, xf = _load_row_f32(elem, cols, views)
    body += load
    f = "tile<1x%dxf32>" % cols
    for name in "wb":
        body += ("    %%%s_raw, %%%s_k = load_view_tko weak %%%s_pv[%%c0] : %s, "
                 "tile<i32> -> tile<%dx%s>, token\n"
                 % (name, name, name, vec_pv, cols, elem))
        src = "%s_raw" % name
        if elem != "f32":
            body += ("    %%%s_f = ftof %%%s : tile<%dx%s> -> tile<%dxf32>\n"
                     % (name, src, cols, elem, cols))
            src = "%s_f" % name
        body += ("    %%%s_row = reshape %%%s : tile<%dxf32> -> %s\n"
                 % (name, src, cols, f))
    inv_n = 1.0 / cols
    body += _row_sum(xf, cols, "sum")
    body += "    %%inv_n = constant <f32: %r> : tile<1xf32>\n" % inv_n
    body += "    %mean = mulf %sum, %inv_n : tile<1xf32>\n"
    body += _broadcast_row("mean", cols, "meanb")
    body += "    %%d = subf %%%s, %%meanb : %s\n" % (xf, f)
    body += "    %%sq = mulf %%d, %%d : %s\n" % f
    body += _row_sum("sq", cols, "sqsum")
    body += "    %var = mulf %sqsum, %inv_n : tile<1xf32>\n"
    body += "    %eps1 = reshape %eps : tile<f32> -> tile<1xf32>\n"
    body += "    %vare = addf %var, %eps1 : tile<1xf32>\n"
    body += "    %rstd = rsqrt %vare : tile<1xf32>\n"
    body += _broadcast_row("rstd", cols, "rstdb")
    body += "    %%norm = mulf %%d, %%rstdb : %s\n" % f
    body += "    %%res = fma %%norm, %%w_row, %%b_row : %s\n" % f
    body += _store_row(elem, cols, "res", views)
    entry = "layernorm_%s_%d" % (elem, cols)
    params = ("%%x_arg: tile<ptr<%s>>, %%y_arg: tile<ptr<%s>>, "
              "%%w_arg: tile<ptr<%s>>, %%b_arg: tile<ptr<%s>>, "
              "%%rows: tile<i32>, %%eps: tile<f32>" % ((elem,) * 4))
    return _module(entry, params, body), entry


def sum_reduction():
    """out[0] += sum of a block of VECTOR_BLOCK f32 elements per tile block
    (one atomic add per tile block; out must be zero before the launch)."""
    block = VECTOR_BLOCK
    body = _pointer_facts(["x"], "f32")
    text, pv = _vector_view("x", "f32", block, "zero")
    body += text
    body += ("    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
             "    %%t, %%k = load_view_tko weak %%x_pv[%%bx] : %s, tile<i32> -> "
             "tile<%dxf32>, token\n" % (pv, block))
    body += ("    %%s = reduce %%t dim=0 identities=[0.0 : f32] : "
             "tile<%dxf32> -> tile<f32>\n"
             "      (%%v: tile<f32>, %%acc: tile<f32>) {\n"
             "        %%a = addf %%v, %%acc : tile<f32>\n"
             "        yield %%a : tile<f32>\n"
             "      }\n" % block)
    body += ("    %old, %done = atomic_rmw_tko relaxed device %out, addf, %s : "
             "tile<ptr<f32>>, tile<f32> -> tile<f32>, token\n")
    entry = "sum_f32"
    params = "%x_arg: tile<ptr<f32>>, %out: tile<ptr<f32>>, %n: tile<i32>"
    return _module(entry, params, body), entry


# The GEMM tile a tile block computes (M x N) and its step along K, and the
# square problem sizes the benchmark times (4000: edges in every dimension).
GEMM_TILE = (128, 128, 32)
GEMM_SIZES = (4096, 8192, 4000)
# A wider output tile per tile block (f16, the even sizes): fewer operand
# bytes per product, more accumulator registers per thread.
GEMM_WIDE_TILE = (128, 256, 32)
GEMM_WIDE_SIZES = (4096, 8192)
# Both output tiles with twice the K step (Triton's and cuBLAS's depth):
# half the ring waits and barriers per product.
GEMM_DEEP_TILES = ((128, 128, 64), (128, 256, 64))
# cuTile Python's BatchMatMul sample step (f16, the even sizes): 96 KiB of
# operands a step, which the sm_80 build splits into two steps along K so
# that two stages fit.
GEMM_DEEP_STEP_TILE = (128, 256, 128)
# The deep tiles again in cuTile Python's MatMul sample order (its
# swizzle_2d, as Triton's tutorial groups): a 1-D grid whose consecutive
# tile blocks cover GEMM_GROUP rows of output tiles column by column, so
# the tile blocks running at once share their A and B tiles in L2.
GEMM_GROUP = 8


# fp8: e4m3 operands with B stored N x K (the layout fp8 tensor cores read,
# as torch._scaled_mm takes it), bf16 results, fast_acc (the tensor core's
# own accumulation, as use_fast_accum); on sm_90a wgmma m64n128k32.
GEMM_FP8_TILE = (128, 128, 64)
GEMM_FP8_SIZES = (4096, 8192)
# tf32: f32 operands rounded to tf32 (rings of f32, rounded as read), against
# torch.matmul with TF32 allowed and Triton's default tf32 dot.
GEMM_TF32_SIZES = (4096, 8192)
# Block-scaled (MX) fp8: e4m3 operands, B stored N x K, one e8m0 scale per
# 32 K values of a row of A and of a column of B (stored N x K/32), f32
# results: mmaf_scaled, as cuTile Python's BlockScaledMatMul sample writes
# it, with the sample's 128-deep K step.
GEMM_MX_TILE = (128, 128, 128)
GEMM_MX_SIZES = (4096, 8192)
MX_BLOCK = 32


def gemm(elem, tile_shape=GEMM_TILE, out_elem=None, b_nk=False,
         fast_acc=False, group=0, convert=None, block_scaled=False):
    """C = A @ B for row-major A (M x K), B (K x N; with `b_nk` stored
    N x K and read through a transposing view), C (M x N) of `elem` (or
    `out_elem`), accumulated in f32: one `tile_shape` (M x N x K) output
    tile per tile block, a `for` loop over K carrying the accumulator,
    zero-padded view loads at the edges. Pointers and the row strides are
    asserted 16-aligned, as cuTile Python asserts them for contiguous
    arrays. The grid is (N tiles, M tiles), or with `group` one dimension
    whose tile blocks take their output tiles `group` rows at a time
    (cuTile Python's swizzle_2d). With `convert` the loaded operands are
    converted (ftof) to that type for the matmul: f32 loads rounded to tf32,
    as cuTile Python writes an f32 GEMM. `block_scaled` (with `b_nk`) adds
    the f8E8M0FNU scales of A (M x K/32) and B (stored N x K/32) after B and
    multiplies with mmaf_scaled."""
    tm, tn, tk = tile_shape
    out_elem = out_elem or elem
    body = _pointer_facts(["a", "b"], elem) + _pointer_facts(["c"], out_elem)
    body += ("    %ks = assume div_by<16>, %k : tile<i32>\n"
             "    %ns = assume div_by<16>, %n : tile<i32>\n")
    views = {}
    b_view = (("b", "n", "k", "ks", (tk, tn), True) if b_nk
              else ("b", "k", "n", "ns", (tk, tn), True))
    operands = [("a", "m", "k", "ks", (tm, tk), True), b_view]
    scale = "f8E8M0FNU"
    if block_scaled:
        # Scales per MX_BLOCK values of K; a partial block at K's end has one.
        body += ("    %%sa = assume div_by<16>, %%sa_arg : tile<ptr<%s>>\n"
                 "    %%sb = assume div_by<16>, %%sb_arg : tile<ptr<%s>>\n"
                 "    %%mx_block = constant <i32: %d> : tile<i32>\n"
                 "    %%kb = divi %%ks, %%mx_block signed rounding<positive_inf>"
                 " : tile<i32>\n" % (scale, scale, MX_BLOCK))
        operands += [("sa", "m", "kb", "kb", (tm, tk // MX_BLOCK), True),
                     ("sb", "n", "kb", "kb", (tk // MX_BLOCK, tn), True)]
    for name, rows, cols, stride, tile, pad in operands + [
            ("c", "m", "n", "ns", (tm, tn), False)]:
        tv = "tensor_view<?x?x%s, strides=[?,1]>" % (
            out_elem if name == "c" else scale if name in ("sa", "sb")
            else elem)
        pv = "partition_view<tile=(%dx%d)%s, %s%s>" % (
            tile[0], tile[1], ", padding_value = zero" if pad else "", tv,
            ", dim_map=[1, 0]" if name in ("b", "sb") and b_nk else "")
        body += ("    %%%s_tv = make_tensor_view %%%s, shape = [%%%s, %%%s], "
                 "strides = [%%%s, 1] : tile<i32> -> %s\n"
                 % (name, name, rows, cols, stride, tv))
        body += "    %%%s_pv = make_partition_view %%%s_tv : %s\n" % (
            name, name, pv)
        views[name] = pv
    acc = "tile<%dx%dxf32>" % (tm, tn)
    body += ("    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
             "    %%tiles_m, %%tiles_k = get_index_space_shape %%a_pv : %s "
             "-> tile<i32>\n" % views["a"])
    row, col = "%by", "%bx"
    if group:
        body += (
            "    %%tiles_cm, %%tiles_n = get_index_space_shape %%c_pv : %s "
            "-> tile<i32>\n"
            "    %%group = constant <i32: %d> : tile<i32>\n"
            "    %%in_group = muli %%group, %%tiles_n : tile<i32>\n"
            "    %%group_id = divi %%bx, %%in_group signed : tile<i32>\n"
            "    %%first_m = muli %%group_id, %%group : tile<i32>\n"
            "    %%left_m = subi %%tiles_m, %%first_m : tile<i32>\n"
            "    %%group_m = mini %%left_m, %%group signed : tile<i32>\n"
            "    %%in_here = remi %%bx, %%in_group signed : tile<i32>\n"
            "    %%row_in = remi %%in_here, %%group_m signed : tile<i32>\n"
            "    %%row = addi %%first_m, %%row_in : tile<i32>\n"
            "    %%col = divi %%in_here, %%group_m signed : tile<i32>\n"
            % (views["c"], group))
        row, col = "%row", "%col"
    body += ("    %%c0 = constant <i32: 0> : tile<i32>\n"
             "    %%c1 = constant <i32: 1> : tile<i32>\n"
             "    %%zero = constant <f32: 0.0> : %s\n"
             "    %%acc = for %%kk in (%%c0 to %%tiles_k, step %%c1) : tile<i32> "
             "iter_values(%%sum = %%zero) -> (%s) {\n"
             % (acc, acc))
    at = "tile<%dx%dx%s>" % (tm, tk, elem)
    bt = "tile<%dx%dx%s>" % (tk, tn, elem)
    body += ("      %%at, %%t0 = load_view_tko weak %%a_pv[%s, %%kk] : %s, "
             "tile<i32> -> %s, token\n" % (row, views["a"], at))
    body += ("      %%bt, %%t1 = load_view_tko weak %%b_pv[%%kk, %s] : %s, "
             "tile<i32> -> %s, token\n" % (col, views["b"], bt))
    a_op, b_op = "%at", "%bt"
    if block_scaled:
        sat = "tile<%dx%dx%s>" % (tm, tk // MX_BLOCK, scale)
        sbt = "tile<%dx%dx%s>" % (tk // MX_BLOCK, tn, scale)
        body += ("      %%sat, %%t2 = load_view_tko weak %%sa_pv[%s, %%kk] : "
                 "%s, tile<i32> -> %s, token\n" % (row, views["sa"], sat))
        body += ("      %%sbt, %%t3 = load_view_tko weak %%sb_pv[%%kk, %s] : "
                 "%s, tile<i32> -> %s, token\n" % (col, views["sb"], sbt))
        body += ("      %%next = mmaf_scaled %%at, %%bt, %%sum, %%sat, %%sbt : "
                 "%s, %s, %s, %s, %s\n"
                 "      continue %%next : %s\n"
                 "    }\n" % (at, bt, acc, sat, sbt, acc))
    elif convert:
        for x, t, shape in (("a", at, (tm, tk)), ("b", bt, (tk, tn))):
            body += ("      %%%s_c = ftof %%%st : %s -> tile<%dx%dx%s>\n"
                     % (x, x, t, shape[0], shape[1], convert))
        a_op, b_op = "%a_c", "%b_c"
        at = "tile<%dx%dx%s>" % (tm, tk, convert)
        bt = "tile<%dx%dx%s>" % (tk, tn, convert)
    if not block_scaled:
        body += ("      %%next = mmaf %s, %s, %%sum%s : %s, %s, %s\n"
                 "      continue %%next : %s\n"
                 "    }\n" % (a_op, b_op, " fast_acc" if fast_acc else "",
                               at, bt, acc, acc))
    ct = "tile<%dx%dx%s>" % (tm, tn, out_elem)
    out = "%acc"
    if ct != acc:
        body += "    %%out = ftof %%acc : %s -> %s\n" % (acc, ct)
        out = "%out"
    body += ("    %%done = store_view_tko weak %s, %%c_pv[%s, %s] : %s, "
             "%s, tile<i32> -> token\n" % (out, row, col, ct, views["c"]))
    entry = "gemm_%s%s" % ("mx_" if block_scaled else "", {
        "f8E4M3FN": "e4m3", "f8E5M2": "e5m2"}.get(elem, elem))
    if convert:
        entry += "_" + convert
    if b_nk:
        entry += "_nt"
    fp8 = elem.startswith("f8")
    if tile_shape != (GEMM_MX_TILE if block_scaled else
                      GEMM_FP8_TILE if fp8 else GEMM_TILE):
        entry += "_%dx%d" % (tm, tn) + ("x%d" % tk if tk != 32 else "")
    if group:
        entry += "_g%d" % group
    scales = ("%%sa_arg: tile<ptr<%s>>, %%sb_arg: tile<ptr<%s>>, "
              % (scale, scale) if block_scaled else "")
    params = ("%%a_arg: tile<ptr<%s>>, %%b_arg: tile<ptr<%s>>, %s"
              "%%c_arg: tile<ptr<%s>>, %%m: tile<i32>, %%n: tile<i32>, "
              "%%k: tile<i32>" % (elem, elem, scales, out_elem))
    return _module(entry, params, body), entry


# Attention: query rows and keys per step of a tile block, the head
# dimensions and the (batch * heads, sequence) the benchmark times.
ATTENTION_TILE = (128, 128)
ATTENTION_HEAD_DIMS = (64, 128)
ATTENTION_SHAPE = (32, 4096)


def attention(head_dim, causal=False):
    """Flash-attention forward: O = softmax(Q K^T * scale) V for f16 Q, K,
    V, O of shape (batch * heads, seq, head_dim), one tile of
    ATTENTION_TILE[0] query rows per tile block (grid: seq / rows, batch *
    heads), a loop over key tiles with the online softmax in exp2 and
    approximate division at the end, K read through a transposing partition
    view, occupancy hint 2: the structure of cuTile Python's FMHA sample.
    Causal: the loop stops at the block's last query row, and the steps
    from the first key tile that can lie past a query row on (an `if` on
    the induction variable) mask those keys with -inf, as that sample
    does."""
    tm, tn = ATTENTION_TILE
    d = head_dim
    body = _pointer_facts(["q", "k", "v", "o"], "f16")
    body += ("    %%dc = constant <i32: %d> : tile<i32>\n"
             "    %%row_stride = muli %%s, %%dc : tile<i32>\n" % d)
    tv = "tensor_view<?x?x%dxf16, strides=[?,%d,1]>" % (d, d)
    for name in "qkvo":
        body += ("    %%%s_tv = make_tensor_view %%%s, shape = [%%bh, %%s, %d], "
                 "strides = [%%row_stride, %d, 1] : tile<i32> -> %s\n"
                 % (name, name, d, d, tv))
    rows_pv = "partition_view<tile=(1x%dx%d), %s>" % (tm, d, tv)
    keys_pv = "partition_view<tile=(1x%dx%d), %s, dim_map=[0, 2, 1]>" % (
        d, tn, tv)
    vals_pv = "partition_view<tile=(1x%dx%d), %s>" % (tn, d, tv)
    body += "    %%q_pv = make_partition_view %%q_tv : %s\n" % rows_pv
    body += "    %%o_pv = make_partition_view %%o_tv : %s\n" % rows_pv
    body += "    %%k_pv = make_partition_view %%k_tv : %s\n" % keys_pv
    body += "    %%v_pv = make_partition_view %%v_tv : %s\n" % vals_pv
    s_t = "tile<%dx%dxf32>" % (tm, tn)
    acc_t = "tile<%dx%dxf32>" % (tm, d)
    col_t = "tile<%dx1xf32>" % tm
    body += (
        "    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
        "    %%c0 = constant <i32: 0> : tile<i32>\n"
        "    %%c1 = constant <i32: 1> : tile<i32>\n"
        "    %%q3, %%tq = load_view_tko weak %%q_pv[%%by, %%bx, %%c0] : %s, "
        "tile<i32> -> tile<1x%dx%dxf16>, token\n"
        "    %%qt = reshape %%q3 : tile<1x%dx%dxf16> -> tile<%dx%dxf16>\n"
        "    %%log2e = constant <f32: 1.44269504> : tile<f32>\n"
        "    %%qk = mulf %%scale, %%log2e : tile<f32>\n"
        "    %%qk1 = reshape %%qk : tile<f32> -> tile<1x1xf32>\n"
        "    %%qk_col = broadcast %%qk1 : tile<1x1xf32> -> %s\n"
        "    %%qk_all = broadcast %%qk1 : tile<1x1xf32> -> %s\n"
        "    %%tn_c = constant <i32: %d> : tile<i32>\n"
        "    %%steps = divi %%s, %%tn_c signed rounding<positive_inf> : "
        "tile<i32>\n"
        "    %%zero_s = constant <f32: 0.0> : %s\n"
        "    %%zero_acc = constant <f32: 0.0> : %s\n"
        "    %%zero_col = constant <f32: 0.0> : %s\n"
        "    %%ninf_col = constant <f32: 0xFF800000> : %s\n"
        % (rows_pv, tm, d, tm, d, tm, d, col_t, s_t, tn, s_t, acc_t, col_t,
           col_t))
    mask_t = "tile<%dx%dxi32>" % (tm, tn)
    if causal:
        # Key tiles up to the block's last query row; the query row and key
        # column of every score.
        body += (
            "    %%tm_c = constant <i32: %d> : tile<i32>\n"
            "    %%row0 = muli %%bx, %%tm_c : tile<i32>\n"
            "    %%row_end = addi %%row0, %%tm_c : tile<i32>\n"
            "    %%row_last = mini %%row_end, %%s signed : tile<i32>\n"
            "    %%steps_c = divi %%row_last, %%tn_c signed "
            "rounding<positive_inf> : tile<i32>\n"
            "    %%first_key = divi %%row0, %%tn_c signed : tile<i32>\n"
            "    %%whole_keys = divi %%s, %%tn_c signed : tile<i32>\n"
            "    %%mask_start = mini %%first_key, %%whole_keys signed : "
            "tile<i32>\n"
            "    %%ri = iota : tile<%dxi32>\n"
            "    %%ri2 = reshape %%ri : tile<%dxi32> -> tile<%dx1xi32>\n"
            "    %%rib = broadcast %%ri2 : tile<%dx1xi32> -> %s\n"
            "    %%row0_1 = reshape %%row0 : tile<i32> -> tile<1x1xi32>\n"
            "    %%row0_b = broadcast %%row0_1 : tile<1x1xi32> -> %s\n"
            "    %%rows = addi %%rib, %%row0_b : %s\n"
            "    %%ci = iota : tile<%dxi32>\n"
            "    %%ci2 = reshape %%ci : tile<%dxi32> -> tile<1x%dxi32>\n"
            "    %%cib = broadcast %%ci2 : tile<1x%dxi32> -> %s\n"
            "    %%ninf_s = constant <f32: 0xFF800000> : %s\n"
            % (tm, tm, tm, tm, tm, mask_t, mask_t, mask_t, tn, tn, tn, tn,
               mask_t, s_t))
    loop_end = "%steps_c" if causal else "%steps"
    body += (
        "    %%acc, %%l, %%m = for %%j in (%%c0 to %s, step %%c1) : "
        "tile<i32> iter_values(%%acc_i = %%zero_acc, %%l_i = %%zero_col, "
        "%%m_i = %%ninf_col) -> (%s, %s, %s) {\n"
        % (loop_end, acc_t, col_t, col_t))
    body += (
        "      %%k3, %%tk = load_view_tko weak %%k_pv[%%by, %%c0, %%j] : %s, "
        "tile<i32> -> tile<1x%dx%dxf16>, token\n"
        "      %%kt = reshape %%k3 : tile<1x%dx%dxf16> -> tile<%dx%dxf16>\n"
        "      %%%s = mmaf %%qt, %%kt, %%zero_s : tile<%dx%dxf16>, "
        "tile<%dx%dxf16>, %s\n"
        % (keys_pv, d, tn, d, tn, d, tn, "sc0" if causal else "sc", tm, d, d,
           tn, s_t))
    if causal:
        body += (
            "      %%masked = cmpi greater_than_or_equal %%j, %%mask_start, "
            "signed : tile<i32> -> tile<i1>\n"
            "      %%sc = if %%masked -> (%s) {\n"
            "        %%col0 = muli %%j, %%tn_c : tile<i32>\n"
            "        %%col0_1 = reshape %%col0 : tile<i32> -> tile<1x1xi32>\n"
            "        %%col0_b = broadcast %%col0_1 : tile<1x1xi32> -> %s\n"
            "        %%cols = addi %%cib, %%col0_b : %s\n"
            "        %%future = cmpi greater_than %%cols, %%rows, signed : %s "
            "-> tile<%dx%dxi1>\n"
            "        %%scm = select %%future, %%ninf_s, %%sc0 : "
            "tile<%dx%dxi1>, %s\n"
            "        yield %%scm : %s\n"
            "      } else {\n"
            "        yield %%sc0 : %s\n"
            "      }\n"
            % (s_t, mask_t, mask_t, mask_t, tm, tn, tm, tn, s_t, s_t, s_t))
    body += (
        "      %%mx = reduce %%sc dim=1 identities=[0xFF800000 : f32] : %s -> "
        "tile<%dxf32>\n"
        "        (%%a: tile<f32>, %%b: tile<f32>) {\n"
        "          %%r = maxf %%a, %%b : tile<f32>\n"
        "          yield %%r : tile<f32>\n"
        "        }\n"
        "      %%mx_col = reshape %%mx : tile<%dxf32> -> %s\n"
        "      %%mx_s = mulf %%mx_col, %%qk_col : %s\n"
        "      %%m_new = maxf %%m_i, %%mx_s : %s\n"
        "      %%m_all = broadcast %%m_new : %s -> %s\n"
        "      %%neg_m = negf %%m_all : %s\n"
        "      %%x = fma %%sc, %%qk_all, %%neg_m : %s\n"
        "      %%p = exp2 %%x flush_to_zero : %s\n"
        "      %%ps = reduce %%p dim=1 identities=[0.0 : f32] : %s -> "
        "tile<%dxf32>\n"
        "        (%%a: tile<f32>, %%b: tile<f32>) {\n"
        "          %%r = addf %%a, %%b : tile<f32>\n"
        "          yield %%r : tile<f32>\n"
        "        }\n"
        "      %%ps_col = reshape %%ps : tile<%dxf32> -> %s\n"
        "      %%dm = subf %%m_i, %%m_new : %s\n"
        "      %%alpha = exp2 %%dm flush_to_zero : %s\n"
        "      %%l_new = fma %%l_i, %%alpha, %%ps_col : %s\n"
        "      %%alpha_all = broadcast %%alpha : %s -> %s\n"
        "      %%acc_s = mulf %%acc_i, %%alpha_all : %s\n"
        % (s_t, tm, tm, col_t, col_t, col_t, col_t, s_t, s_t, s_t, s_t, s_t,
           tm, tm, col_t, col_t, col_t, col_t, col_t, acc_t, acc_t))
    body += (
        "      %%v3, %%tv3 = load_view_tko weak %%v_pv[%%by, %%j, %%c0] : %s, "
        "tile<i32> -> tile<1x%dx%dxf16>, token\n"
        "      %%vt = reshape %%v3 : tile<1x%dx%dxf16> -> tile<%dx%dxf16>\n"
        "      %%pf = ftof %%p : %s -> tile<%dx%dxf16>\n"
        "      %%acc_n = mmaf %%pf, %%vt, %%acc_s : tile<%dx%dxf16>, "
        "tile<%dx%dxf16>, %s\n"
        "      continue %%acc_n, %%l_new, %%m_new : %s, %s, %s\n"
        "    }\n"
        % (vals_pv, tn, d, tn, d, tn, d, s_t, tm, tn, tm, tn, tn, d, acc_t,
           acc_t, col_t, col_t))
    body += (
        "    %%l_all = broadcast %%l : %s -> %s\n"
        "    %%out = divf %%acc, %%l_all rounding<approx> flush_to_zero : %s\n"
        "    %%out16 = ftof %%out : %s -> tile<%dx%dxf16>\n"
        "    %%out3 = reshape %%out16 : tile<%dx%dxf16> -> tile<1x%dx%dxf16>\n"
        "    %%done = store_view_tko weak %%out3, %%o_pv[%%by, %%bx, %%c0] : "
        "tile<1x%dx%dxf16>, %s, tile<i32> -> token\n"
        % (col_t, acc_t, acc_t, acc_t, tm, d, tm, d, tm, d, tm, d, rows_pv))
    entry = "attention_d%d%s" % (d, "_causal" if causal else "")
    params = ("%q_arg: tile<ptr<f16>>, %k_arg: tile<ptr<f16>>, "
              "%v_arg: tile<ptr<f16>>, %o_arg: tile<ptr<f16>>, "
              "%bh: tile<i32>, %s: tile<i32>, %scale: tile<f32>")
    # The sample's `@ct.kernel(occupancy=2)`.
    return _module(entry, params, body, "<default = {occupancy = 2}>"), entry


def all_kernels():
    """name -> (generator kind, parameters, MLIR text, entry)."""
    kernels = {}
    for elem in ("f32", "bf16"):
        text, entry = vector_add(elem)
        kernels[entry] = ("vector_add", {"elem": elem}, text, entry)
    text, entry = vector_add_pointers("f32")
    kernels[entry] = ("vector_add", {"elem": "f32"}, text, entry)
    for elem in ("f32", "f16"):
        for cols in (1024, 4096, 8192):
            for approx in (False, True):
                text, entry = softmax(elem, cols, approx)
                kernels[entry] = ("softmax", {"elem": elem, "cols": cols},
                                  text, entry)
            text, entry = layernorm(elem, cols)
            kernels[entry] = ("layernorm", {"elem": elem, "cols": cols}, text,
                              entry)
    for cols in (1024, 4096, 8192):
        text, entry = cumsum("f32", cols)
        kernels[entry] = ("cumsum", {"elem": "f32", "cols": cols}, text, entry)
    text, entry = sum_reduction()
    kernels[entry] = ("sum", {"elem": "f32"}, text, entry)
    for elem in ("f16", "bf16"):
        text, entry = gemm(elem)
        for size in GEMM_SIZES:
            kernels["%s_%d" % (entry, size)] = (
                "gemm", {"elem": elem, "size": size, "tile": GEMM_TILE},
                text, entry)
    # The default tile in cuTile Python's MatMul sample order too.
    for elem in ("f16", "bf16"):
        text, entry = gemm(elem, group=GEMM_GROUP)
        for size in GEMM_WIDE_SIZES:
            kernels["%s_%d" % (entry, size)] = (
                "gemm", {"elem": elem, "size": size, "tile": GEMM_TILE,
                         "group": GEMM_GROUP}, text, entry)
    text, entry = gemm("f16", GEMM_WIDE_TILE)
    for size in GEMM_WIDE_SIZES:
        kernels["%s_%d" % (entry, size)] = (
            "gemm", {"elem": "f16", "size": size, "tile": GEMM_WIDE_TILE},
            text, entry)
    text, entry = gemm("f16", GEMM_DEEP_STEP_TILE)
    for size in GEMM_WIDE_SIZES:
        kernels["%s_%d" % (entry, size)] = (
            "gemm", {"elem": "f16", "size": size, "tile": GEMM_DEEP_STEP_TILE},
            text, entry)
    for tile in GEMM_DEEP_TILES:
        for elem, group in (("f16", 0), ("f16", GEMM_GROUP),
                            ("bf16", GEMM_GROUP)):
            text, entry = gemm(elem, tile, group=group)
            for size in GEMM_WIDE_SIZES:
                kernels["%s_%d" % (entry, size)] = (
                    "gemm", {"elem": elem, "size": size, "tile": tile,
                             "group": group}, text, entry)
    text, entry = gemm("f8E4M3FN", GEMM_FP8_TILE, out_elem="bf16", b_nk=True,
                       fast_acc=True)
    for size in GEMM_FP8_SIZES:
        kernels["%s_%d" % (entry, size)] = (
            "gemm", {"elem": "f8E4M3FN", "out": "bf16", "b_nk": True,
                     "size": size, "tile": GEMM_FP8_TILE}, text, entry)
    text, entry = gemm("f8E4M3FN", GEMM_MX_TILE, out_elem="f32", b_nk=True,
                       block_scaled=True)
    for size in GEMM_MX_SIZES:
        kernels["%s_%d" % (entry, size)] = (
            "gemm", {"elem": "f8E4M3FN", "out": "f32", "b_nk": True,
                     "block_scaled": True, "size": size,
                     "tile": GEMM_MX_TILE}, text, entry)
    text, entry = gemm("f32", out_elem="f32", convert="tf32")
    for size in GEMM_TF32_SIZES:
        kernels["%s_%d" % (entry, size)] = (
            "gemm", {"elem": "f32", "convert": "tf32", "size": size,
                     "tile": GEMM_TILE}, text, entry)
    for d in ATTENTION_HEAD_DIMS:
        for causal in (False, True):
            text, entry = attention(d, causal)
            kernels[entry] = ("attention", {"elem": "f16", "head_dim": d,
                                            "causal": causal}, text, entry)
    return kernels
