"""The differential addressing oracle: logical program vs its NZ lowering."""

import re

import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st
from mlir import ir

from ptonz.sim import check as C
from ptonz_cli import reports

from conftest import EXAMPLES, TRANSFORMS_INPUTS, read


def _example(name):
    path = str(EXAMPLES / name)
    return path, read(path)


def _parse_file(ctx, name):
    path, text = _example(name)
    return ir.Module.parseFile(path) if hasattr(ir.Module, "parseFile") else ir.Module.parse(text)


def test_every_example_reads_identical_tiles(ctx, example_path):
    r = C.check_addressing(read(example_path), samples=4, context=ctx)
    assert r.ok, r.summary()
    assert r.matched == r.total > 0
    assert "read identical tiles" in r.summary()


def test_seed000_compares_both_tloads(ctx):
    _, text = _example("seed000_nz_probe_pl.mlir")
    r = C.check_addressing(text, samples=4, context=ctx)
    assert r.ok and r.total == 2, r.summary()


def test_seed001_samples_iterations_and_uses_lazy_gm(ctx):
    _, text = _example("seed001_grouped_matmul_pl.mlir")
    r = C.check_addressing(text, samples=2, max_trips=3, context=ctx)
    assert r.ok and r.sampled_loops
    # e: 3 of 32, nb: 3 of 8, per nb: 2 tloads + 3 of 7 k0 iterations * 2
    assert r.total == 3 * 3 * (2 + 3 * 2)


def _swap_nz_offsets(text):
    """Swap the two blocked offsets (col/c0, row/16) of every NZ partition."""
    return re.sub(
        r"offsets = \[(%\w+), (%\w+), (%\w+), %c0, %c0\]", r"offsets = [\1, \3, \2, %c0, %c0]", text
    )


def test_swapped_blocked_offsets_are_caught(ctx):
    _, text = _example("seed001_grouped_matmul_pl.mlir")
    logical = C.logical_module(text, context=ctx)
    lowered = C.lower(logical)
    bad_text = _swap_nz_offsets(str(lowered))
    assert bad_text != str(lowered)
    bad = ir.Module.parse(bad_text)
    good = C.compare_programs(logical, lowered, samples=2, max_trips=3)
    assert good.ok
    r = C.compare_programs(logical, bad, samples=2, max_trips=3)
    assert not r.ok
    m = r.mismatch
    assert m.where.startswith("-:") or "seed001" in m.where
    assert m.coord is not None and m.differing > 0
    assert any(v != 0 for _, v in m.iteration)  # nb = 0 reads the same block either way
    assert "MISMATCH" in r.summary()


SMALL = """
func.func @k(%w: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %v = pto.make_tensor_view %w, shape = [%c64, %c96], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %col = arith.muli %bi, %c32 : index
  scf.for %i = %c0 to %c64 step %c32 {
    %pv = pto.partition_view %v, offsets = [%i, %col], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 32x64xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<32x64xf16>) outs(%t : !pto.tile_buf<mat, 32x64xf16, blayout=col_major, slayout=row_major>)
  }
  return
}
"""


def test_small_program_with_block_idx(ctx):
    r = C.check_addressing(SMALL, samples=2, block_num=2, context=ctx)
    assert r.ok, r.summary()
    assert r.block_ids == [0, 1] and r.total == 4


def test_swapped_blocked_strides_are_caught(ctx):
    logical = C.logical_module(SMALL, context=ctx)
    lowered = str(C.lower(logical))
    # blocked [1, 96/16, 64/16, 16, 16]: strides [6144, 1024, 256, 16, 1]
    assert "strides = [%c6144, %c1024, %c256, %c16, %c1]" in lowered
    bad = ir.Module.parse(
        lowered.replace("strides = [%c6144, %c1024, %c256,", "strides = [%c6144, %c256, %c1024,")
    )
    r = C.compare_programs(logical, bad, samples=2, block_num=2)
    assert not r.ok and r.mismatch.index == 0
    assert r.mismatch.coord is not None


def test_swapped_blocked_partition_dims_are_caught(ctx):
    logical = C.logical_module(SMALL, context=ctx)
    lowered = str(C.lower(logical))
    assert "sizes = [%c1, %c4, %c2, %c16, %c16]" in lowered
    bad = ir.Module.parse(
        lowered.replace(
            "sizes = [%c1, %c4, %c2, %c16, %c16]", "sizes = [%c1, %c2, %c4, %c16, %c16]"
        ).replace("1x4x2x16x16xf16", "1x2x4x16x16xf16")
    )
    r = C.compare_programs(logical, bad, samples=2, block_num=2)
    assert not r.ok
    assert "lowered program fails here" in r.mismatch.reason


def test_cli_reports_a_wrong_lowering_at_the_tload(ctx, monkeypatch):
    module = ir.Module.parse(SMALL)
    real_lower = C.lower

    def bad_lower(logical, version=C.DEFAULT_VERSION, pass_defaults=None):
        text = str(real_lower(logical, version, pass_defaults))
        return ir.Module.parse(
            text.replace("strides = [%c6144, %c1024, %c256,", "strides = [%c6144, %c256, %c1024,"),
            context=logical.context,
        )

    seen = []

    def handler(d):
        seen.append((str(d.severity), d.message, str(d.location)))
        return True

    ctx.attach_diagnostic_handler(handler)
    monkeypatch.setattr(C, "lower", bad_lower)
    assert reports.check_addressing_cli(module, samples=2) is None
    assert seen and "MISMATCH" in seen[0][1] and "first difference at tile" in seen[0][1]
    monkeypatch.setattr(C, "lower", real_lower)
    out = reports.check_addressing_cli(module, samples=2)
    assert out.startswith("check-addressing: ") and "identical tiles (2 block ids)" in out


def test_already_lowered_input_is_refused(ctx):
    logical = C.logical_module(SMALL, context=ctx)
    with pytest.raises(C.CheckError, match="already lowered"):
        C.check_addressing(C.lower(logical))


# --------------------------------------------------------------------------- property

DTYPES = {"i8": 32, "f16": 16, "f32": 8}


@st.composite
def programs(draw):
    dtype = draw(st.sampled_from(sorted(DTYPES)))
    c0 = DTYPES[dtype]
    rank = draw(st.sampled_from([2, 3]))
    R = 16 * draw(st.integers(1, 8))
    C_ = c0 * draw(st.integers(1, 128 // c0))
    B = draw(st.integers(1, 3)) if rank == 3 else 1
    Rt = 16 * draw(st.integers(1, R // 16))
    Ct = c0 * draw(st.integers(1, C_ // c0))
    block_num = draw(st.integers(1, 4))

    consts = set()
    lines = []
    loops = []

    def c(n):
        consts.add(n)
        return f"%c{n}"

    def offset(name, extent, tile, unit):
        room = (extent - tile) // unit  # offsets 0, unit, ..., room*unit are in range
        form = draw(st.sampled_from(["const", "iv", "block"]))
        if form == "block" and block_num > 1 and room // (block_num - 1) >= 0:
            m = draw(st.integers(0, room // (block_num - 1)))
            lines.append(f"%{name}_m = arith.muli %bi, {c(m * unit)} : index")
            return f"%{name}_m", f"block_idx*{m * unit}"
        if form == "iv":
            lb = draw(st.integers(0, room))
            step = draw(st.integers(1, max(1, room - lb + 1)))
            loops.append(
                f"scf.for %{name} = {c(lb * unit)} to {c(room * unit + 1)} step {c(step * unit)} {{"
            )
            return f"%{name}", f"iv[{lb * unit}:{room * unit}:{step * unit}]"
        k = draw(st.integers(0, room))
        return c(k * unit), str(k * unit)

    b_off, b_form = offset("bb", B, 1, 1) if rank == 3 else (None, None)
    r_off, r_form = offset("row", R, Rt, 16)
    c_off, c_form = offset("col", C_, Ct, c0)
    note(
        f"{dtype} rank={rank} B={B} R={R} C={C_} tile={Rt}x{Ct} blocks={block_num} "
        f"offsets=({b_form}, {r_form}, {c_form})"
    )

    T = dtype
    shape = ([c(B)] if rank == 3 else []) + [c(R), c(C_)]
    vty = "?x" * rank + T
    offs = ([b_off] if rank == 3 else []) + [r_off, c_off]
    sizes = ([c(1)] if rank == 3 else []) + [c(Rt), c(Ct)]
    pty = ("1x" if rank == 3 else "") + f"{Rt}x{Ct}x{T}"
    tty = f"!pto.tile_buf<mat, {Rt}x{Ct}x{T}, blayout=col_major, slayout=row_major>"
    body = [
        f"%pv = pto.partition_view %v, offsets = [{', '.join(offs)}], sizes = [{', '.join(sizes)}]"
        f" : !pto.tensor_view<{vty}> -> !pto.partition_tensor_view<{pty}>",
        f"%t = pto.alloc_tile : {tty}",
        f"pto.tload ins(%pv : !pto.partition_tensor_view<{pty}>) outs(%t : {tty})",
        # the same window of an ND tensor: its addressing must be left alone
        f"%px = pto.partition_view %x, offsets = [{r_off}, {c_off}], sizes = [{c(Rt)}, {c(Ct)}]"
        f" : !pto.tensor_view<?x?x{T}> -> !pto.partition_tensor_view<{Rt}x{Ct}x{T}>",
        f"%tx = pto.alloc_tile : {tty}",
        f"pto.tload ins(%px : !pto.partition_tensor_view<{Rt}x{Ct}x{T}>) outs(%tx : {tty})",
    ]
    head = [
        f"%v = pto.make_tensor_view %w, shape = [{', '.join(shape)}], strides = [] "
        f"{{layout = #pto.layout<nz>}} : !pto.tensor_view<{vty}>",
        f"%x = pto.make_tensor_view %xp, shape = [{c(R)}, {c(C_)}], strides = [{c(C_)}, {c(1)}] "
        f"{{layout = #pto.layout<nd>}} : !pto.tensor_view<?x?x{T}>",
        "%b = pto.get_block_idx",
        "%bi = arith.index_cast %b : i64 to index",
    ]
    text = [f"func.func @k(%w: !pto.ptr<{T}>, %xp: !pto.ptr<{T}>) {{"]
    text += [f"  %c{n} = arith.constant {n} : index" for n in sorted(consts)]
    text += ["  " + s for s in head + lines]
    text += ["  " * (i + 1) + s for i, s in enumerate(loops)]
    text += ["  " * (len(loops) + 1) + s for s in body]
    text += ["  " * (i + 1) + "}" for i in reversed(range(len(loops)))]
    text += ["  return", "}"]
    return "\n".join(text) + "\n", block_num


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.integers(0, 3))
def test_every_accepted_program_reads_identical_tiles(prog, seed):
    text, block_num = prog
    note(text)
    with ir.Context(), ir.Location.unknown():
        try:
            r = C.check_addressing(
                text,
                samples=block_num,
                seed=seed,
                block_num=block_num,
                max_trips=None,
                max_tloads=None,
            )
        except C.CheckError as exc:
            assume(not exc.diagnostics)  # rejected by the lowering: not an accepted program
            raise
        note(r.summary())
        assert r.ok, r.summary()
        assert r.total == r.matched > 0


@pytest.mark.parametrize("dtype,c0", [("int8", 32), ("float16", 16), ("float32", 8)])
def test_pack_nz_matches_the_design_formula(dtype, c0):
    import numpy as np

    rng = np.random.default_rng(0)
    x = C.random_weights((2, 32, 4 * c0), np.dtype(dtype), rng)
    packed = C.pack_nz(x)
    b, r, c = np.meshgrid(np.arange(2), np.arange(32), np.arange(4 * c0), indexing="ij")
    offs = b * 32 * 4 * c0 + (c // c0) * 32 * c0 + r * c0 + c % c0
    np.testing.assert_array_equal(packed[offs].view(x.dtype), x)


# -- issue 14's forms: the check sees a wrong fold, slice offset or ragged size

FORMS = TRANSFORMS_INPUTS / "pypto-nz-forms.mlir"


def _forms(ctx):
    with open(FORMS) as f:
        logical = C.logical_module(f.read(), context=ctx)
    return logical, str(C.lower(logical))


def test_issue14_forms_read_identical_tiles(ctx):
    logical, lowered = _forms(ctx)
    r = C.compare_programs(logical, ir.Module.parse(lowered), samples=4)
    assert r.ok and r.total == 84, r.summary()


@pytest.mark.parametrize(
    "good,bad",
    [
        # the rank-4 fold g*4 + e, with g*2 instead
        ("arith.muli %arg1, %c4 overflow<nsw, nuw>", "arith.muli %arg1, %c2 overflow<nsw, nuw>"),
        # the slice pointer: one [256, 512] matrix per layer, not half of one
        (
            "arith.muli %arg1, %c131072 overflow<nsw, nuw>",
            "arith.muli %arg1, %c8192 overflow<nsw, nuw>",
        ),
        # the ragged tail's row fractals valid/16, read as valid/32
        ("arith.floordivsi %4, %c16", "arith.floordivsi %4, %c32"),
    ],
)
def test_issue14_wrong_lowerings_are_caught(ctx, good, bad):
    logical, lowered = _forms(ctx)
    assert lowered.count(good) == 1, good
    r = C.compare_programs(logical, ir.Module.parse(lowered.replace(good, bad)), samples=4)
    assert not r.ok, r.summary()


# --------------------------------------------------------------------------- logical ranks
# Issue 25: logical NZ views of every rank the passes accept (analyses.view_kinds:
# `strides = []` with the layout attribute), the leading axes folded into the
# batch b = sum(i_k * prod(E_{k+1..})).

ISSUE25 = """
module {
  func.func @rank5(%arg0: !pto.ptr<i8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %w = pto.make_tensor_view %arg0, shape = [%c2, %c3, %c2, %c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
    %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %pv = pto.partition_view %w, offsets = [%c1, %c2, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c32, %c64] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x1x1x32x64xi8>
    pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    return
  }
}
"""


def test_issue25_rank5_logical_view_is_checked(ctx):
    r = C.check_addressing(ISSUE25, samples=2, context=ctx)
    assert r.ok, r.summary()
    assert r.total == 1


def test_issue25_through_the_cli_pipeline(ctx):
    """`ptonz-opt --lower-to-ptoas --check-addressing`: the pipeline's input
    (a logical rank-5 view) against its output."""
    before = ir.Module.parse(ISSUE25)
    after = C.lower(C.logical_module(before))
    r = C.check_pipeline(before, after, samples=2)
    assert r.ok and r.total == 1, r.summary()


def _fold_program(leading, R, C_, dtype, c0, offsets, Rt, Ct, row, col):
    """A logical NZ view [*leading, R, C] and one tload per combination of
    `offsets` (per leading axis: an int, or "loop" for every index)."""
    rank = len(leading) + 2
    names = {}

    def c(n):
        names[n] = f"%c{n}"
        return names[n]

    shape = ", ".join(c(e) for e in list(leading) + [R, C_])
    body, close = [], []
    offs = []
    for i, o in enumerate(offsets):
        if o == "loop":
            body.append(f"scf.for %i{i} = {c(0)} to {c(leading[i])} step {c(1)} {{")
            close.append("}")
            offs.append(f"%i{i}")
        else:
            offs.append(c(o))
    offs += [c(row), c(col)]
    sizes = ", ".join([c(1)] * len(leading) + [c(Rt), c(Ct)])
    dyn = "x".join("?" * rank)
    ptype = "x".join(["1"] * len(leading) + [str(Rt), str(Ct)]) + f"x{dtype}"
    tile = (
        f"!pto.tile_buf<loc=mat, dtype={dtype}, rows={Rt}, cols={Ct}, v_row={Rt}, "
        f"v_col={Ct}, blayout=col_major, slayout=row_major, fractal=512, pad=0>"
    )
    body += [
        f"%t = pto.alloc_tile : {tile}",
        f"%pv = pto.partition_view %w, offsets = [{', '.join(offs)}], sizes = [{sizes}] : "
        f"!pto.tensor_view<{dyn}x{dtype}> -> !pto.partition_tensor_view<{ptype}>",
        f"pto.tload ins(%pv : !pto.partition_tensor_view<{ptype}>) outs(%t : {tile})",
    ] + close
    consts = "\n".join(f"  %c{n} = arith.constant {n} : index" for n in sorted(names))
    view = (
        f"  %w = pto.make_tensor_view %p, shape = [{shape}], strides = [] "
        f"{{layout = #pto.layout<nz>}} : !pto.tensor_view<{dyn}x{dtype}>"
    )
    return (
        f"func.func @k(%p: !pto.ptr<{dtype}>) {{\n{consts}\n{view}\n  "
        + "\n  ".join(body)
        + "\n  return\n}\n"
    )


FOLD_CASES = [
    # leading extents, plane R x C, dtype, c0, leading offsets, tile, row, col
    ((3, 2), 48, 64, "i8", 32, (2, 1), 16, 32, 32, 32),
    ((2, 3, 2), 32, 64, "i8", 32, (1, 2, 0), 32, 64, 0, 0),  # issue 25
    ((3, 2, 4), 48, 64, "i8", 32, ("loop", 1, "loop"), 16, 32, 32, 32),
    ((2, 2, 3, 2), 32, 48, "f16", 16, (1, "loop", 2, "loop"), 32, 16, 0, 32),
    ((2, 3, 2, 2, 2), 16, 16, "f32", 8, (1, 2, "loop", 0, 1), 16, 8, 0, 8),
    ((5, 3), 32, 32, "f32", 8, (4, 2), 16, 16, 16, 8),
]


@pytest.mark.parametrize("case", FOLD_CASES, ids=lambda c: f"rank{len(c[0]) + 2}-{c[3]}")
def test_logical_ranks_fold_and_pass_the_check(ctx, case):
    import math
    import re as _re

    from ptonz.analyses.descriptors import descriptors

    leading, R, C_, dtype, c0, offsets, Rt, Ct, row, col = case
    text = _fold_program(*case)
    r = C.check_addressing(text, samples=2, context=ctx, max_trips=None)
    assert r.ok, r.summary()
    loops = [leading[i] for i, o in enumerate(offsets) if o == "loop"]
    assert r.total == math.prod(loops)
    # The exact descriptor of the first tload (every loop index 0): one batch
    # b = sum(i_k * prod(E_{k+1..})) of [B, C/c0, R/16, 16, c0].
    lowered = C.lower(C.logical_module(text, context=ctx))
    B = math.prod(leading)
    want_b = 0
    for i, o in enumerate(offsets):
        want_b += (0 if o == "loop" else o) * math.prod(leading[i + 1 :])
    strides = [C_ * R, R * c0, 16 * c0, c0, 1]
    assert f"shape = [%c{B}, %c{C_ // c0}, %c{R // 16}, %c16, %c{c0}]" in str(lowered)
    d = descriptors(lowered)[0]
    assert d.shape == [1, Ct // c0, Rt // 16, 16, c0]
    assert d.strides == strides and d.layout == "NZ"
    if "loop" not in offsets:
        assert d.offset == want_b * strides[0] + (col // c0) * strides[1] + (row // 16) * strides[2]
    else:
        assert not _re.fullmatch(r"\d+", str(d.offset))


def test_a_wrong_fold_is_caught(ctx):
    """The oracle guards the fold: swapping two leading strides' roles in the
    batch (b = 1*6 + 2*2 read as 2*6 + 1*2 would be batch 14) mis-addresses."""
    logical = C.logical_module(ISSUE25, context=ctx)
    lowered = str(C.lower(logical))
    assert "offsets = [%c10, %c0, %c0, %c0, %c0]" in lowered
    bad = ir.Module.parse(
        lowered.replace(
            "offsets = [%c10, %c0, %c0, %c0, %c0]", "offsets = [%c11, %c0, %c0, %c0, %c0]"
        ).replace("%c10 = arith.constant 10", "%c11 = arith.constant 11")
    )
    r = C.compare_programs(logical, bad, samples=1)
    assert not r.ok and r.mismatch.coord is not None


def test_a_physical_nz_input_is_checked_as_written(ctx):
    """An input view that is already physical NZ (explicit strides) is the
    same bytes in both programs: the check runs and agrees."""
    text = """
func.func @k(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c8, %c16, %c8], strides = [%c4096, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf32>
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c4, %c8, %c16, %c8] : !pto.tensor_view<?x?x?x?x?xf32> -> !pto.partition_tensor_view<1x4x8x16x8xf32>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 128x32xf32, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x4x8x16x8xf32>) outs(%t : !pto.tile_buf<mat, 128x32xf32, blayout=col_major, slayout=row_major>)
  return
}
"""
    r = C.check_addressing(text, samples=1, context=ctx)
    assert r.ok and r.total == 1, r.summary()


# Fuzz finding 9090:3454: an MX scale view of 2^31 x 16 elements made the
# simulator allocate 32 GiB (scale tensors are packed eagerly).
HUGE_MX_SCALE = """
func.func @f(%p: !pto.ptr<f8E8M0FNU>) {
  %c2g = arith.constant 2147483648 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c2g, %c16], strides = [] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?xf8E8M0FNU>
  return
}
"""


def test_a_huge_mx_scale_tensor_is_refused_not_allocated(ctx):
    with pytest.raises(C.CheckError, match="the simulator holds scale tensors of at most"):
        C.check_addressing(HUGE_MX_SCALE, samples=2, context=ctx)


# Fuzz finding 216:19755: a 256 x 2^40 mat tile made the simulator allocate
# 256 TiB (a MemoryError, an internal error of ptonz-opt --check-addressing).
HUGE_TILE = """
func.func @f(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c256], strides = [] : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  %t = pto.alloc_tile valid_row = %c256 valid_col = %c256 : !pto.tile_buf<mat, 256x1099511627776xi8, valid=?x?, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x256xi8>) outs(%t : !pto.tile_buf<mat, 256x1099511627776xi8, valid=?x?, blayout=col_major, slayout=row_major>)
  return
}
"""


def test_a_tile_larger_than_any_buffer_is_refused_not_allocated(ctx):
    with pytest.raises(C.CheckError, match="tile is larger than any on-chip buffer"):
        C.check_addressing(HUGE_TILE, samples=1, context=ctx)


def test_an_empty_nz_tensor_is_not_packed(ctx):
    """A view with a 0 extent has no element to compare, however large its
    other extents (fuzz finding 303:14: packing its [0 x 2^62] plane raised)."""
    text = """
func.func @empty(%p: !pto.ptr<f16>) {
  %c4096 = arith.constant 4096 : index
  %c0 = arith.constant 0 : index
  %big = arith.constant 4611686018427387904 : index
  %v = pto.make_tensor_view %p, shape = [%c4096, %c0, %big], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xf16>
  return
}
"""
    r = C.check_addressing(text, samples=2, context=ctx)
    assert r.ok and r.total == 0, r.summary()
