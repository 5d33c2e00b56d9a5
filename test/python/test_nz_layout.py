"""ptonz.nz_layout = ptonz_pack.layout (pack_nz / unpack_nz / c0_for); the
ptonz-pack command is tested in test_ptonz_pack.py."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ptonz.nz_layout
import ptonz_pack.layout
import ptonz_geometry as nz_geometry
from ptonz_geometry import default_strides, nz_element_offset
from ptonz.nz_layout import SUPPORTED_DTYPES, NZArray, c0_for, nz_blocked_shape, pack_nz, unpack_nz
from ptonz_pack import dtypes as D

# Elements per 32-byte C0 line of every element type the passes lower as NZ
# (8-, 16-, 32- and 64-bit; issue 22: ptonz-pack refused the 16- and 64-bit
# integers and float64 that the passes lower).
C0 = {
    "int8": 32,
    "uint8": 32,
    "float8_e4m3fn": 32,
    "float8_e5m2": 32,
    "float8_e4m3": 32,
    "float8_e4m3fnuz": 32,
    "float8_e5m2fnuz": 32,
    "float8_e4m3b11fnuz": 32,
    "float8_e3m4": 32,
    "float8_e8m0fnu": 32,
    "int16": 16,
    "uint16": 16,
    "float16": 16,
    "bfloat16": 16,
    "int32": 8,
    "uint32": 8,
    "float32": 8,
    "int64": 4,
    "uint64": 4,
    "float64": 4,
}


def test_supported_dtypes_are_every_nz_type():
    assert sorted(SUPPORTED_DTYPES) == sorted(C0)


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
        (np.complex64, ["complex64", "cast to one of"]),
        (np.complex128, ["complex128", "cast to one of"]),
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
    assert same_bits(unpack_nz(p), a)  # the NZArray remembers the logical shape
    assert same_bits(unpack_nz(p, rank=rank), a)
    # unpacking bytes read back from GM gives the same
    back = np.frombuffer(p.tobytes(), dtype=a.dtype).reshape(p.shape)
    assert same_bits(unpack_nz(back, rank=rank), a)
    # without the remembered shape: [R, C] when B == 1, else [B, R, C]
    inferred = unpack_nz(back)
    assert inferred.shape == (a.shape if p.shape[0] > 1 or rank == 2 else a.shape[1:])
    assert inferred.tobytes() == a.tobytes()


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
        ((32, 32), np.complex64, ["complex64", "cast to one of"]),
        ((32, 6), np.float64, ["C=6", "c0=4", "pad the columns to 8"]),
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


# --- unpack_nz(pack_nz(w)) == w -------------------------------------------------


@pytest.mark.parametrize("shape", [(32, 64), (1, 32, 64), (3, 32, 64)])
def test_unpack_inverts_pack_without_arguments(shape):
    w = random_array(shape, np.int8, 5)
    p = pack_nz(w)
    assert isinstance(p, NZArray) and p.logical_shape == shape
    assert same_bits(unpack_nz(p), w)
    assert type(unpack_nz(p)) is np.ndarray


def test_plain_blocked_arrays_infer_the_rank():
    """Blocked data read from a file or GM has no remembered shape."""
    one = np.asarray(pack_nz(random_array((1, 32, 64), np.int8, 1)))
    many = np.asarray(pack_nz(random_array((2, 32, 64), np.int8, 2)))
    assert type(one) is np.ndarray and unpack_nz(one).shape == (32, 64)
    assert unpack_nz(one, rank=3).shape == (1, 32, 64)
    assert unpack_nz(many).shape == (2, 32, 64)


def test_nzarray_keeps_the_shape_only_while_it_is_blocked():
    p = pack_nz(random_array((1, 32, 64), np.int8, 3))
    assert p.copy().logical_shape == (1, 32, 64)
    assert (p + 0).logical_shape == (1, 32, 64)
    assert p.reshape(-1).logical_shape is None
    assert p[0].logical_shape is None
    assert not isinstance(p.sum(), np.ndarray)  # reductions give scalars, as for ndarray
    # a reshaped-back array no longer knows: inferred [R, C]
    assert unpack_nz(p.reshape(-1).reshape(p.shape)).shape == (32, 64)


def test_geometry_agrees_with_the_passes():
    """ptonz_pack has no geometry of its own: it is ptonz_geometry's."""
    from ptonz_pack import layout as L

    assert L.FRACTAL_ROWS == nz_geometry.FRACTAL_ROWS
    assert D.SUPPORTED_DTYPES is nz_geometry.NZ_DTYPES
    for name in SUPPORTED_DTYPES:
        bits = np.dtype(name).itemsize * 8
        assert c0_for(name) == nz_geometry.c0_for_bitwidth(bits)
        c0 = c0_for(name)
        for b, r, c in [(1, 16, c0), (3, 64, 4 * c0)]:
            assert list(nz_blocked_shape((b, r, c), name)) == nz_geometry.blocked_shape(b, r, c, c0)


def test_ptonz_nz_layout_reexports_ptonz_pack():
    for name in ptonz.nz_layout.__all__:
        assert getattr(ptonz.nz_layout, name) is getattr(ptonz_pack.layout, name)
