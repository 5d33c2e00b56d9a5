"""ptonz.nz_layout (pack_nz / unpack_nz / c0_for) and the ptonz-pack CLI."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptonz.analyses.nz_geometry import default_strides, nz_element_offset
from ptonz.nz_layout import SUPPORTED_DTYPES, c0_for, nz_blocked_shape, pack_nz, unpack_nz
from ptonz.tools.ptonz_pack import main as pack_main

C0 = {
    "int8": 32,
    "uint8": 32,
    "float8_e4m3fn": 32,
    "float8_e5m2": 32,
    "float16": 16,
    "bfloat16": 16,
    "int32": 8,
    "float32": 8,
}


def random_array(shape, dtype, seed):
    """Random bit patterns of `dtype` (NaNs included, so compare bytes)."""
    dt = np.dtype(dtype)
    n = int(np.prod(shape)) * dt.itemsize
    raw = np.random.default_rng(seed).integers(0, 256, size=n, dtype=np.uint8)
    return raw.view(dt).reshape(shape)


def same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


@st.composite
def logical_arrays(draw):
    dtype = draw(st.sampled_from(SUPPORTED_DTYPES))
    c0 = C0[dtype]
    rank = draw(st.sampled_from([2, 3]))
    rows = 16 * draw(st.integers(1, 5))
    cols = c0 * draw(st.integers(1, 5))
    shape = (rows, cols) if rank == 2 else (draw(st.integers(1, 3)), rows, cols)
    return random_array(shape, dtype, draw(st.integers(0, 2**32 - 1))), rank


# --- c0_for ------------------------------------------------------------------


@pytest.mark.parametrize("name", SUPPORTED_DTYPES)
def test_c0_for_supported(name):
    assert c0_for(name) == C0[name]
    assert c0_for(np.dtype(name)) == C0[name]
    assert c0_for(np.dtype(name).type) == C0[name]


def test_c0_for_ml_dtypes_scalar_types():
    assert c0_for(ml_dtypes.bfloat16) == 16
    assert c0_for(ml_dtypes.float8_e4m3fn) == 32
    assert c0_for(ml_dtypes.float8_e5m2) == 32


@pytest.mark.parametrize(
    "dtype, words",
    [
        (np.bool_, ["bool", "uint8"]),
        (ml_dtypes.int4, ["sub-byte", "int4", "int8"]),
        (ml_dtypes.uint4, ["sub-byte", "uint4"]),
        (ml_dtypes.float4_e2m1fn, ["sub-byte", "float4_e2m1fn"]),
        (np.float64, ["float64", "cast to one of"]),
        (np.int16, ["int16", "cast to one of"]),
        (np.complex64, ["complex64", "cast to one of"]),
        (object, ["object", "cast to one of"]),
        ("not_a_dtype", ["unknown dtype", "int8"]),
    ],
)
def test_c0_for_rejects(dtype, words):
    with pytest.raises(ValueError) as err:
        c0_for(dtype)
    for w in words:
        assert w in str(err.value)


# --- seed example ------------------------------------------------------------


def test_seed_int8_256x512():
    a = random_array((256, 512), np.int8, 1)
    p = pack_nz(a)
    assert p.shape == (1, 16, 16, 16, 32)
    assert p.dtype == np.int8 and p.flags.c_contiguous
    # pto-isa's NZ strides [R*C, R*c0, 16*c0, c0, 1]
    assert default_strides(p.shape) == [131072, 8192, 512, 32, 1]
    assert nz_blocked_shape((256, 512), np.int8) == (1, 16, 16, 16, 32)
    # Every element at the documented offset.
    b, r, c = np.indices((1, 256, 512)).reshape(3, -1)
    off = b * 256 * 512 + (c // 32) * 256 * 32 + r * 32 + c % 32
    assert np.array_equal(p.ravel()[off], a.ravel())
    assert same_bits(unpack_nz(p), a)


def test_fractal_contents():
    """The first 512 bytes are rows 0..15 of columns 0..c0-1, row after row."""
    a = np.arange(64 * 64, dtype=np.int32).reshape(64, 64)
    raw = np.frombuffer(pack_nz(a).tobytes(), dtype=np.int32)
    assert np.array_equal(raw[: 16 * 8], a[:16, :8].ravel())
    # next fractal: rows 16..31 of the same column block
    assert np.array_equal(raw[16 * 8 : 32 * 8], a[16:32, :8].ravel())
    # column block 1 starts after all R rows of block 0
    assert np.array_equal(raw[64 * 8 : 64 * 8 + 8], a[0, 8:16])


# --- properties --------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(logical_arrays())
def test_round_trip(arr_rank):
    a, rank = arr_rank
    p = pack_nz(a)
    c0 = C0[a.dtype.name]
    b, r, c = (1,) + a.shape if rank == 2 else a.shape
    assert p.shape == (b, c // c0, r // 16, 16, c0)
    assert p.shape == nz_blocked_shape(a.shape, a.dtype)
    assert p.dtype == a.dtype and p.flags.c_contiguous
    assert same_bits(unpack_nz(p, rank=rank), a)
    # unpacking bytes read back from GM gives the same
    back = np.frombuffer(p.tobytes(), dtype=a.dtype).reshape(p.shape)
    assert same_bits(unpack_nz(back, rank=rank), a)


@settings(max_examples=150, deadline=None)
@given(logical_arrays(), st.data())
def test_element_offset_formula(arr_rank, data):
    a, _ = arr_rank
    a3 = a.reshape((1,) + a.shape) if a.ndim == 2 else a
    B, R, C = a3.shape
    c0 = C0[a.dtype.name]
    flat = pack_nz(a).ravel()
    for _ in range(8):
        b = data.draw(st.integers(0, B - 1))
        r = data.draw(st.integers(0, R - 1))
        c = data.draw(st.integers(0, C - 1))
        off = b * R * C + (c // c0) * R * c0 + r * c0 + c % c0
        assert off == nz_element_offset(b, r, c, R, C, c0)
        assert flat[off : off + 1].tobytes() == a3[b, r, c : c + 1].tobytes()


def test_accepts_views_and_big_endian():
    a = np.arange(32 * 16, dtype=np.float32).reshape(32, 16)
    t = np.ascontiguousarray(a.T)  # [16, 32]
    assert np.array_equal(pack_nz(a.T), pack_nz(t))  # non-contiguous input
    be = a.astype(">f4")
    assert np.array_equal(pack_nz(be), pack_nz(a))
    assert np.array_equal(unpack_nz(pack_nz(a).astype(">f4")), a)


# --- errors ------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape, dtype, words",
    [
        ((100, 64), np.int8, ["R=100", "multiple of 16", "pad the rows to 112"]),
        ((2, 20, 64), np.int8, ["R=20", "pad the rows to 32"]),
        ((32, 48), np.int8, ["C=48", "c0=32", "pad the columns to 64"]),
        ((32, 24), np.float16, ["C=24", "c0=16", "pad the columns to 32"]),
        ((32, 12), np.float32, ["C=12", "c0=8", "pad the columns to 16"]),
        ((512,), np.int8, ["rank 1", "[R, C] or [B, R, C]"]),
        ((2, 2, 32, 32), np.int8, ["rank 4", "merge leading dimensions"]),
        ((32, 32), np.bool_, ["bool", "uint8"]),
        ((32, 32), ml_dtypes.int4, ["sub-byte", "int4"]),
        ((32, 32), np.float64, ["float64", "cast to one of"]),
    ],
)
def test_pack_errors(shape, dtype, words):
    with pytest.raises(ValueError) as err:
        pack_nz(np.zeros(shape, dtype=dtype))
    for w in words:
        assert w in str(err.value)


def test_unpack_errors():
    p = pack_nz(np.zeros((2, 32, 64), np.int8))
    with pytest.raises(ValueError, match="rank must be 2"):
        unpack_nz(p, rank=4)
    with pytest.raises(ValueError, match="B=2 batches.*rank=3"):
        unpack_nz(p, rank=2)
    with pytest.raises(ValueError, match="rank 3"):
        unpack_nz(np.zeros((2, 32, 64), np.int8))
    with pytest.raises(ValueError, match=r"does not end in \[16, 32\]"):
        unpack_nz(np.zeros((1, 2, 2, 16, 16), np.int8))  # an int8 line is 32 wide
    with pytest.raises(ValueError, match=r"does not end in \[16, 32\]"):
        unpack_nz(np.zeros((1, 2, 2, 8, 32), np.int8))
    with pytest.raises(ValueError, match="sub-byte"):
        unpack_nz(np.zeros((1, 1, 1, 16, 32), ml_dtypes.int4))


# --- ptonz-pack CLI ----------------------------------------------------------


def test_cli_pack_bin_and_unpack(tmp_path, capsys):
    a = random_array((2, 32, 64), np.float16, 7)
    np.save(tmp_path / "w.npy", a)
    assert pack_main([str(tmp_path / "w.npy"), "-o", str(tmp_path / "w.bin")]) == 0
    line = capsys.readouterr().out.strip()
    assert line == (
        f"wrote {tmp_path / 'w.bin'} (bin): logical [2, 32, 64] -> blocked "
        f"[2, 4, 2, 16, 16], dtype float16, c0=16, 8192 bytes"
    )
    assert (tmp_path / "w.bin").read_bytes() == pack_nz(a).tobytes()
    out = tmp_path / "back.npy"
    argv = ["--unpack", str(tmp_path / "w.bin"), "--shape", "2,32,64", "--dtype", "float16", "-o", str(out)]
    assert pack_main(argv) == 0
    assert same_bits(np.load(out), a)


@pytest.mark.parametrize("name", ["bfloat16", "float8_e4m3fn", "float8_e5m2"])
def test_cli_ml_dtypes_npy(tmp_path, capsys, name):
    """NumPy cannot name ml_dtypes types in .npy headers: --dtype supplies it."""
    a = random_array((32, 64), name, 3)
    np.save(tmp_path / "w.npy", a)
    assert pack_main([str(tmp_path / "w.npy"), "-o", str(tmp_path / "nz.npy")]) == 1
    assert "--dtype" in capsys.readouterr().err
    assert pack_main([str(tmp_path / "w.npy"), "--dtype", name, "-o", str(tmp_path / "nz.npy")]) == 0
    assert np.load(tmp_path / "nz.npy").tobytes() == pack_nz(a).tobytes()
    back = tmp_path / "back.npy"
    assert pack_main(["--unpack", str(tmp_path / "nz.npy"), "--dtype", name, "-o", str(back)]) == 0
    assert np.load(back).view(name).tobytes() == a.tobytes()


@pytest.mark.parametrize(
    "argv, words",
    [
        (["{d}/bad.npy", "-o", "{d}/x.npy"], ["R=100", "pad the rows"]),
        (["{d}/missing.npy", "-o", "{d}/x.npy"], ["cannot read", "No such file"]),
        (["{d}/ok.npy", "-o", "{d}/x.dat"], ["--format npy|bin"]),
        (["{d}/ok.bin", "-o", "{d}/x.npy"], ["--shape", "--dtype"]),
        (["--unpack", "{d}/ok.npy", "-o", "{d}/x.npy"], ["drop --unpack"]),
        (["--unpack", "{d}/ok.bin", "--shape", "32,64", "--dtype", "float16", "-o", "{d}/x.npy"],
         ["holds 2048 bytes", "needs 4096"]),
        (["{d}/ok.npy", "--dtype", "int4", "-o", "{d}/x.npy"], ["sub-byte"]),
        (["{d}/ok.npy", "--shape", "1,2,3,4", "-o", "{d}/x.npy"], ["R,C or B,R,C"]),
        (["{d}/ok.npy"], ["-o/--output"]),
        (["{d}/ok.npy", "-o", "{d}/x.npy", "--format", "txt"], ["invalid choice"]),
    ],
)
def test_cli_errors(tmp_path, capsys, argv, words):
    np.save(tmp_path / "bad.npy", np.zeros((100, 64), np.int8))
    np.save(tmp_path / "ok.npy", np.zeros((32, 64), np.int8))
    (tmp_path / "ok.bin").write_bytes(bytes(32 * 64))
    argv = [s.format(d=tmp_path) for s in argv]
    try:
        rc = pack_main(argv)
    except SystemExit as exc:  # argparse errors
        rc = exc.code
    assert rc == 1
    err = capsys.readouterr().err
    assert "ptonz-pack: error: " in err and "Traceback" not in err
    for w in words:
        assert w in err
    assert not (tmp_path / "x.npy").exists()
