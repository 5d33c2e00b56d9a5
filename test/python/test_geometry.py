"""ptonz_geometry, the one home of the NZ / MX geometry and the NZ element
widths (issue 22): MLIR-free, the same rule in C++ and Python, and every
other place (ptonz-pack, the simulator, the passes, the tools) calling it."""

import subprocess
import sys

import ml_dtypes  # noqa: F401  (the bfloat16 / float8 names)
import numpy as np
import pytest
from mlir import ir

import ptonz_geometry as G
from ptonz.analyses.ir_queries import bit_width
from ptonz.analyses.ptoas_facts import element_type_problem
from ptonz.sim import dtypes as sim_dtypes
from ptonz.sim.interpreter import nz_logical_index
from ptonz_pack.layout import SUPPORTED_DTYPES, c0_for, pack_nz, unpack_nz
from test_element_types import FLOATS, INTEGERS


def test_imports_no_mlir_and_no_numpy():
    code = (
        "import sys, ptonz_geometry, ptonz_pack.dtypes\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('mlir', 'ptonz', 'numpy', 'ml_dtypes'))\n"
        "assert not heavy, heavy\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_ptonz_pack_layout_imports_no_mlir():
    code = (
        "import sys, ptonz_pack.layout\n"
        "assert 'mlir' not in sys.modules and 'ptonz' not in sys.modules\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


# --- the NZ element-width rule: one rule, the C++ verifier held equal -------


def _pl_nz_verifies(ctx, t: str) -> bool:
    try:
        ir.Type.parse(f"!pl.tensor<32x256x{t}, nz>")
    except ir.MLIRError:
        return False
    return True


@pytest.mark.parametrize("t", FLOATS + INTEGERS)
def test_cpp_pl_tensor_verifier_agrees_with_the_width_rule(ctx, t):
    """PLDialect.cpp's `!pl.tensor<..., nz>` verifier and
    ptonz_geometry.nz_width_problem agree on every MLIR element type."""
    ctx.allow_unregistered_dialects = False
    bits = bit_width(ir.Type.parse(t))
    assert _pl_nz_verifies(ctx, t) == (G.nz_width_problem(bits) is None), (t, bits)


def test_cpp_verifier_agrees_on_every_integer_width(ctx):
    for n in range(1, 520):
        for t in (f"i{n}", f"si{n}", f"ui{n}"):
            assert _pl_nz_verifies(ctx, t) == (G.nz_width_problem(n) is None), t


def test_width_rule():
    assert G.NZ_WIDTHS == (8, 16, 32, 64, 128, 256)
    assert [G.c0_for_bitwidth(b) for b in (8, 16, 32, 64)] == [32, 16, 8, 4]
    assert G.nz_width_problem(4) == G.SUB_BYTE_NZ
    assert "12-bit" in G.nz_width_problem(12)
    # A packed pair: the values decide sub-byte, the storage the C0 line.
    assert G.nz_width_problem(8, value_bits=4) == G.SUB_BYTE_NZ
    assert G.nz_width_problem(16, value_bits=8) is None
    assert "24-bit" in G.nz_width_problem(24, value_bits=12)
    for bits in (0, 1, 4, 12, 24, 80, 512):
        with pytest.raises(ValueError):
            G.c0_for_bitwidth(bits)


@pytest.mark.parametrize("t", FLOATS + INTEGERS)
def test_ptonz_pack_packs_every_element_type_the_passes_lower(t):
    """Every element type the lowering takes as NZ (the width rule) and
    PTOAS names (pto-verify-ptoas) has a NumPy type ptonz-pack packs, with the
    c0 of the passes (issue 22: int16, int64 and float64 were refused)."""
    bits = bit_width(ir.Type.parse(t, ir.Context()))
    if G.nz_width_problem(bits) is not None or element_type_problem(t) is not None:
        return
    name, table_bits = G.ELEMENT_TYPES[t]
    assert table_bits == bits
    assert name in SUPPORTED_DTYPES
    assert c0_for(name) == G.c0_for_bitwidth(bits)
    assert sim_dtypes.numpy_dtype_of(t) == np.dtype(name)


@pytest.mark.parametrize(
    "name",
    [
        "int16",
        "uint16",
        "int64",
        "uint64",
        "float64",
        "uint32",
        "float8_e8m0fnu",
        "float8_e4m3fnuz",
    ],
)
@pytest.mark.parametrize("rank", [2, 3])
def test_pack_new_dtypes_byte_exact_and_at_the_simulators_offsets(name, rank):
    dt = np.dtype(name)
    c0 = c0_for(dt)
    shape = (32, 2 * c0) if rank == 2 else (3, 16, 3 * c0)
    b, r, c = G.fold_leading(shape)
    raw = np.random.default_rng(7).integers(
        0, 256, size=int(np.prod(shape)) * dt.itemsize, dtype=np.uint8
    )
    a = raw.view(dt).reshape(shape)
    packed = pack_nz(a)
    assert packed.shape == tuple(G.blocked_shape(b, r, c, c0))
    assert unpack_nz(packed).tobytes() == a.tobytes()  # byte-exact round trip
    flat = np.ascontiguousarray(packed).reshape(-1).view(sim_dtypes.UINT[dt.itemsize * 8])
    logical = a.reshape(-1).view(sim_dtypes.UINT[dt.itemsize * 8])
    # The simulator's inverse NZ map (interpreter.nz_logical_index) reads the
    # packed bytes back in logical order ...
    p = np.arange(flat.size)
    assert np.array_equal(flat, logical[nz_logical_index(p, b, r, c, c0)])
    # ... and nz_element_offset puts element (b, r, c) where pack_nz did.
    bb, rr, cc = np.meshgrid(np.arange(b), np.arange(r), np.arange(c), indexing="ij")
    assert np.array_equal(flat[G.nz_element_offset(bb, rr, cc, r, c, c0)], logical.reshape(b, r, c))


def test_sim_check_packs_with_ptonz_pack():
    """sim/check packs every NZ weight with ptonz-pack's packer (no packing
    of its own for the 64-bit types any more)."""
    from ptonz.sim import check as C

    a = np.arange(2 * 16 * 8, dtype=np.int64).reshape(2, 16, 8)
    assert C.pack_nz(a).tobytes() == pack_nz(a).tobytes()
    assert C.numpy_dtype(ir.Type.parse("i64", ir.Context())) == np.dtype(np.int64)


# --- the other facts, once -------------------------------------------------


def test_nz_logical_position_inverts_the_offset():
    rows, cols, c0 = 48, 64, 16
    for b, r, c in [(0, 0, 0), (1, 17, 33), (2, 47, 63)]:
        off = G.nz_element_offset(b, r, c, rows, cols, c0)
        assert G.nz_logical_position(off, rows, cols, c0) == (b, r, c)


def test_fold():
    assert G.fold_leading([2, 4, 256, 512]) == (8, 256, 512)
    assert G.fold_leading([256, 512]) == (1, 256, 512)
    assert G.fold_strides([2, 4]) == [4, 1]  # batch g*4 + e
    assert G.fold_strides([2, 3, 4], inner=10) == [120, 40, 10]


def test_right_align5():
    assert G.right_align5([16, 32], [64, 1]) == ([1, 1, 1, 16, 32], [1024, 1024, 1024, 64, 1])
    sym = G.right_align5(["%n", 32], ["%s", 1], lambda a, b: f"{a}*{b}")
    assert sym == ([1, 1, 1, "%n", 32], ["1*1*%n*%s", "1*%n*%s", "%n*%s", "%s", 1])


def test_stride_past_int64():
    big = 1 << 40
    assert G.stride_past_int64([2, big, big]) == (0, big * big)
    assert G.stride_past_int64([2, big, big], "dn") == (0, big * big)
    assert G.stride_past_int64([None, big, big]) == (0, big * big)  # the constant tail
    assert G.stride_past_int64([None, None, 4]) is None
    assert G.stride_past_int64([2, 3]) is None
    assert "beyond int64" in G.int64_stride_message(0, 1 << 70)


def test_mx_geometry_is_the_packers():
    from ptonz_pack.layout import mx_blocked_shape, pack_mx

    for layout, shape in (("mx_a_zz", (64, 4)), ("mx_b_nn", (4, 64))):
        assert list(mx_blocked_shape(shape, layout)) == G.mx_blocked_shape(layout, shape)
        a = np.arange(256, dtype=np.uint8).reshape(shape)
        flat = pack_mx(a, layout).reshape(-1)
        for r in range(shape[0]):
            for c in range(shape[1]):
                assert flat[G.mx_element_offset(layout, r, c, *shape)] == a[r, c]


def _module(*names):
    """The first of `names` that imports (the tools' modules, where they live)."""
    import importlib

    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise ImportError(names)


def test_one_splitter_for_every_tool():
    import ptonz_cli

    from ptonz_cli import opt as ptonz_opt, ptoas_check

    assert ptonz_opt.split_chunks is ptonz_cli.split_chunks
    assert ptoas_check.split_chunks is ptonz_cli.split_chunks
    text = "a\n// -----\nb\nc\n  // -----  \nd\n"
    assert ptonz_cli.split_chunks(text) == [("a\n", 1), ("b\nc\n", 3), ("d\n", 6)]
    assert ptonz_cli.split_chunks(text, False) == [(text, 1)]


def test_default_version_is_written_once():
    """`ptoas_facts.DEFAULT_VERSION` is the only literal of the default PTOAS
    release in the sources (issue 22: it was written about ten times)."""
    import ast
    import pathlib

    from ptonz.analyses.ptoas_facts import DEFAULT_VERSION

    root = pathlib.Path(__file__).resolve().parents[2]
    found = []
    for sub in ("python", "tools", "bench"):
        for path in sorted((root / sub).rglob("*.py")):
            if path.name == "ptoas_facts.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value == DEFAULT_VERSION:
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not found, found


@pytest.mark.parametrize("name", ["int16", "uint32", "int64", "float64"])
def test_ptonz_pack_cli_packs_and_verifies_the_new_dtypes(tmp_path, capsys, name):
    """The ptonz-pack command (not just the library) packs, verifies and
    unpacks 16- and 64-bit weights byte-exactly."""
    from test_ptonz_pack import random_array, run

    a = random_array((2, 32, 64), np.dtype(name), 3)
    np.save(tmp_path / "w.npy", a)
    rc, _, err = run([tmp_path / "w.npy", "-o", tmp_path / "w_nz.npy"], capsys)
    assert rc == 0, err
    rc, _, err = run([tmp_path / "w.npy", "-o", tmp_path / "w_nz.npy", "--verify"], capsys)
    assert rc == 0, err
    packed = np.load(tmp_path / "w_nz.npy")
    assert packed.tobytes() == pack_nz(a).tobytes()
    rc, _, err = run(["--unpack", tmp_path / "w_nz.npy", "-o", tmp_path / "back.npy"], capsys)
    assert rc == 0, err
    assert np.load(tmp_path / "back.npy").tobytes() == a.tobytes()


@pytest.mark.parametrize(
    "text, home",
    [
        ('"// -----"', "python/ptonz_cli/__init__.py"),  # the --split-input-file marker
        ("beyond int64", "python/ptonz_geometry/__init__.py"),  # the int64 stride rule
        ("incomplete C0 line", "python/ptonz_geometry/__init__.py"),  # rows % 16 / cols % c0
        ("256 // ", "python/ptonz_geometry/__init__.py"),  # c0 from a bit width ...
        ("32 // ", "python/ptonz_geometry/__init__.py"),  # ... or a byte size
    ],
)
def test_each_fact_is_written_once(text, home):
    """A reviewer grepping the sources for a fact finds its one home (issue 22)."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    where = sorted(
        str(p.relative_to(root))
        for sub in ("python", "tools", "bench")
        for p in (root / sub).rglob("*.py")
        if text in p.read_text(encoding="utf-8")
    )
    assert where in ([], [home]), where


def test_span_past_int64():
    from ptonz_geometry import span_past_int64

    assert span_past_int64([32, 32], [1 << 62, 32]) == 31 * (1 << 62) + 31 * 32
    assert span_past_int64([2, 32], [1 << 62, 1]) is None  # 2^62 + 31 fits
    assert span_past_int64([None, 32], [1 << 62, 1]) is None  # not constant
    assert span_past_int64([32, 32], []) is None  # logical view: no strides yet
