"""The ptonz-pack command (ptonz_cli.pack) and its band-by-band tensor I/O
(ptonz_pack.tensor_io): safetensors checkpoints, .npy and raw .bin."""

import json
import struct
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from safetensors import safe_open
from safetensors.numpy import save_file

from ptonz_pack import tensor_io as T
from ptonz_cli.pack import main as pack_main
from ptonz_pack.layout import SUPPORTED_DTYPES, c0_for, pack_nz, unpack_nz


def random_array(shape, dtype, seed):
    """Random bit patterns of `dtype` (NaNs included, so compare bytes)."""
    dt = np.dtype(dtype)
    n = int(np.prod(shape)) * dt.itemsize
    raw = np.random.default_rng(seed).integers(0, 256, size=n, dtype=np.uint8)
    return raw.view(dt).reshape(shape)


def same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def run(argv, capsys):
    """(exit status, stdout, stderr) of ptonz-pack in-process."""
    try:
        rc = pack_main([str(a) for a in argv])
    except SystemExit as exc:  # argparse usage errors
        rc = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return rc, out, err


def read_all(path):
    """{name: (dtype code, shape, raw bytes)} and the metadata of a .safetensors file."""
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
        data = f.read()
    meta = header.pop("__metadata__", {})
    return {
        k: (v["dtype"], tuple(v["shape"]), data[v["data_offsets"][0] : v["data_offsets"][1]])
        for k, v in header.items()
    }, meta


# A checkpoint with every NZ dtype, rank 2 and 3 (B = 1 and B > 1), plus
# tensors that stay logical (1-D, odd shapes, complex64).
CHECKPOINT = {
    "model.layers.0.mlp.experts.0.w1": ((64, 128), ml_dtypes.bfloat16),
    "model.layers.0.mlp.experts.1.w1": ((2, 32, 64), np.float16),
    "model.layers.0.mlp.experts.0.w2": ((1, 32, 64), np.int8),
    "model.layers.0.mlp.experts.1.w2": ((3, 16, 64), ml_dtypes.float8_e4m3fn),
    "model.layers.0.mlp.experts.0.w3": ((16, 32), ml_dtypes.float8_e5m2),
    "model.layers.0.mlp.experts.1.w3": ((32, 16), np.int32),
    "model.layers.0.q_u8": ((16, 64), np.uint8),
    "model.norm.weight": ((64,), np.float32),
    "model.embed": ((10, 7), ml_dtypes.bfloat16),
    "model.rope": ((5, 3), np.complex64),
    "model.gate": ((48, 20), np.float32),
}
PACKED = [n for n in CHECKPOINT if n.startswith("model.layers.")]
PACKED_BYTES = sum(
    int(np.prod(s)) * np.dtype(d).itemsize for n, (s, d) in CHECKPOINT.items() if n in PACKED
)
TOTAL_BYTES = sum(int(np.prod(s)) * np.dtype(d).itemsize for s, d in CHECKPOINT.values())


@pytest.fixture
def ckpt(tmp_path):
    tensors = {
        name: random_array(shape, dt, i) for i, (name, (shape, dt)) in enumerate(CHECKPOINT.items())
    }
    path = tmp_path / "ckpt.safetensors"
    save_file(tensors, str(path), metadata={"format": "pt"})
    return path, tensors


# --- safetensors -------------------------------------------------------------


def test_safetensors_round_trip(tmp_path, capsys, ckpt):
    path, tensors = ckpt
    nz = tmp_path / "nz.safetensors"
    rc, out, err = run(
        [path, "-o", nz, "--select", "model.layers.*.mlp.*", "--select", "*.q_u8"], capsys
    )
    assert rc == 0, err
    assert out.strip() == (
        f"wrote {nz} (safetensors): 7 of 11 tensors packed to NZ ({PACKED_BYTES} "
        f"bytes), 4 copied unchanged, {TOTAL_BYTES} data bytes"
    )
    assert err == ""  # no progress bar when stderr is not a terminal

    stored, meta = read_all(nz)
    assert meta["format"] == "pt" and meta["ptonz.pack"] == "1"
    for name, a in tensors.items():
        code, shape, raw = stored[name]
        assert code == T.code_of(a.dtype)
        if name in PACKED:
            assert shape == tuple(pack_nz(a).shape)
            assert raw == pack_nz(a).tobytes()
            record = json.loads(meta["ptonz.nz." + name])
            assert record == {"layout": "nz", "logical_shape": list(a.shape), "c0": c0_for(a.dtype)}
        else:
            assert shape == a.shape and raw == a.tobytes()
            assert "ptonz.nz." + name not in meta
    # The safetensors library reads the result, with the real dtypes.
    with safe_open(str(nz), framework="np") as f:
        assert set(f.keys()) == set(tensors)
        w1 = f.get_tensor("model.layers.0.mlp.experts.0.w1")
        assert w1.dtype == ml_dtypes.bfloat16 and w1.shape == (1, 8, 4, 16, 16)
        assert same_bits(unpack_nz(w1), tensors["model.layers.0.mlp.experts.0.w1"])
        assert f.get_slice("model.layers.0.mlp.experts.1.w2").get_dtype() == "F8_E4M3"

    rc, out, err = run([path, "-o", nz, "--verify"], capsys)
    assert rc == 0, err
    assert out.strip() == (
        f"verified {nz} against {path}: 7 of 11 tensors NZ-packed bit for bit, 4 identical copies"
    )

    back = tmp_path / "back.safetensors"
    rc, out, err = run(["--unpack", nz, "-o", back], capsys)
    assert rc == 0, err
    assert out.strip() == (
        f"wrote {back} (safetensors): 7 of 11 tensors unpacked from NZ, "
        f"4 copied unchanged, {TOTAL_BYTES} data bytes"
    )
    restored, meta = read_all(back)
    assert meta == {"format": "pt"}
    for name, a in tensors.items():
        assert restored[name] == (T.code_of(a.dtype), a.shape, a.tobytes())
    rc, out, err = run(["--unpack", nz, "-o", back, "--verify"], capsys)
    assert rc == 0 and out.startswith(f"verified {nz} against {back}: 7 of 11"), err


def test_safetensors_exact_names_and_quiet(tmp_path, capsys, ckpt):
    path, tensors = ckpt
    nz = tmp_path / "nz.safetensors"
    name = "model.layers.0.mlp.experts.1.w1"
    rc, out, err = run([path, "-o", nz, "--select", name, "--quiet"], capsys)
    assert rc == 0 and out == "" and err == ""
    stored, meta = read_all(nz)
    assert [k[len("ptonz.nz.") :] for k in meta if k.startswith("ptonz.nz.")] == [name]
    assert stored[name][1] == (2, 4, 2, 16, 16)
    rc, out, err = run([path, "-o", nz, "--verify", "--select", name], capsys)
    assert rc == 0, err
    rc, out, err = run([path, "-o", nz, "--verify", "--select", "*.w1"], capsys)
    assert rc == 1
    assert (
        "tensor 'model.layers.0.mlp.experts.0.w1' is selected (--select) but not NZ-packed" in err
    )


def _flip(path, name, index=0):
    """Flip one byte of tensor `name` in a .safetensors file."""
    with open(path, "r+b") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
        pos = 8 + n + header[name]["data_offsets"][0] + index
        f.seek(pos)
        b = f.read(1)
        f.seek(pos)
        f.write(bytes([b[0] ^ 0x40]))


def test_verify_finds_a_wrong_element(tmp_path, capsys, ckpt):
    path, _ = ckpt
    nz = tmp_path / "nz.safetensors"
    assert run([path, "-o", nz, "--select", "model.layers.*"], capsys)[0] == 0
    name = "model.layers.0.mlp.experts.1.w1"  # [2, 32, 64] f16, c0 = 16
    # packed offset (in elements) of logical (1, 5, 20): 1*32*64 + 1*32*16 + 5*16 + 4
    _flip(nz, name, index=2 * (2048 + 512 + 80 + 4))
    rc, out, err = run([path, "-o", nz, "--verify"], capsys)
    assert rc == 1
    assert err.strip() == (
        f"ptonz-pack: error: verify: {nz}: tensor '{name}' is not "
        f"NZ({path}: tensor '{name}'): logical element [1, 5, 20] differs"
    )
    _flip(nz, name, index=2 * (2048 + 512 + 80 + 4))  # restore
    _flip(nz, "model.rope", index=3)
    rc, out, err = run([path, "-o", nz, "--verify"], capsys)
    assert rc == 1 and "tensor 'model.rope' differs from" in err and "at byte 3" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "{ckpt}: name the tensors to pack with --select NAME|GLOB (repeatable)"),
        (
            ["--select", "model.layers.0.mlp.expert.0.w1"],
            "{ckpt}: no tensor named 'model.layers.0.mlp.expert.0.w1' (did you mean "
            "'model.layers.0.mlp.experts.0.w1'?): fix --select",
        ),
        (
            ["--select", "*.w9"],
            "{ckpt}: --select '*.w9' matches no tensor (the file has 11 tensors",
        ),
        (
            ["--select", "model.layers.*", "--select", "model.norm.weight"],
            "{ckpt}: tensor 'model.norm.weight': the logical shape must be a logical [R, C] or "
            "[B, R, C] array, got rank 1 shape [64]",
        ),
        (
            ["--select", "model.embed"],
            "{ckpt}: tensor 'model.embed': row count R=10 is not a multiple of 16 (the NZ fractal "
            "height): pad the rows to 16 (e.g. with np.pad) before packing (or leave it out of --select)",
        ),
        (
            ["--select", "model.rope"],
            "{ckpt}: tensor 'model.rope': dtype C64 is not an NZ element type",
        ),
        (
            ["--select", "model.gate"],
            "{ckpt}: tensor 'model.gate': column count C=20 is not a multiple of c0=8 (float32 "
            "elements per 32-byte C0 line): pad the columns to 24",
        ),
        (["--select", "*", "--unpack"], "--select picks tensors to pack"),
        (
            ["--select", "*.w1", "--dtype", "int8"],
            "--shape/--dtype describe a raw or opaque .npy input",
        ),
    ],
)
def test_safetensors_errors(tmp_path, capsys, ckpt, argv, message):
    path, _ = ckpt
    out = tmp_path / "out.safetensors"
    rc, _, err = run([path, "-o", out] + argv, capsys)
    assert rc == 1
    assert err.startswith("ptonz-pack: error: " + message.format(ckpt=path)), err
    assert err.count("\n") == 1
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["ckpt.safetensors"]  # no temporary left


def test_sub_byte_and_corrupt_files(tmp_path, capsys):
    f4 = tmp_path / "f4.safetensors"
    f4.write_bytes(T.safetensors_header([T.OutEntry("w", "F4", (32, 32), 512)], {}) + bytes(512))
    rc, _, err = run([f4, "-o", tmp_path / "o.safetensors", "--select", "w"], capsys)
    assert rc == 1 and err.strip() == (
        f"ptonz-pack: error: {f4}: tensor 'w': sub-byte dtype F4 (4-bit) is outside ptonz's NZ "
        f"scope: leave it out of --select (it is then copied unchanged)"
    )
    # ... but it is copied unchanged when not selected
    f4b = tmp_path / "f4b.safetensors"
    f4b.write_bytes(
        T.safetensors_header(
            [T.OutEntry("w", "F4", (32, 32), 512), T.OutEntry("x", "I8", (16, 32), 512)], {}
        )
        + bytes(range(256)) * 4
    )
    rc, _, err = run([f4b, "-o", tmp_path / "o.safetensors", "--select", "x"], capsys)
    assert rc == 0, err
    assert read_all(tmp_path / "o.safetensors")[0]["w"] == ("F4", (32, 32), bytes(range(256)) * 2)

    truncated = tmp_path / "cut.safetensors"
    truncated.write_bytes(f4b.read_bytes()[:-100])
    garbage = tmp_path / "garbage.safetensors"
    garbage.write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00not json at all!")
    tiny = tmp_path / "tiny.safetensors"
    tiny.write_bytes(b"\x01\x02")
    for bad, words in [
        (truncated, "not a valid safetensors file"),
        (garbage, "not a valid safetensors file"),
        (tiny, "shorter than the 8-byte header length"),
        (tmp_path / "missing.safetensors", "No such file or directory"),
    ]:
        rc, _, err = run([bad, "-o", tmp_path / "x.safetensors", "--select", "*"], capsys)
        assert (
            rc == 1 and err.startswith("ptonz-pack: error: ") and str(bad) in err and words in err
        ), err
        assert err.count("\n") == 1


def test_already_packed_and_unpack_without_metadata(tmp_path, capsys, ckpt):
    path, _ = ckpt
    nz = tmp_path / "nz.safetensors"
    assert run([path, "-o", nz, "--select", "*.w1"], capsys)[0] == 0
    rc, _, err = run([nz, "-o", tmp_path / "nz2.safetensors", "--select", "*.w1"], capsys)
    assert rc == 1 and "already NZ-packed" in err and "--unpack the file first" in err
    # packing more tensors of a packed file keeps the earlier records
    nz2 = tmp_path / "nz2.safetensors"
    assert run([nz, "-o", nz2, "--select", "*.w2"], capsys)[0] == 0
    meta = read_all(nz2)[1]
    assert sum(k.startswith("ptonz.nz.") for k in meta) == 4
    rc, out, err = run([nz, "-o", nz2, "--verify"], capsys)  # the w1s were packed already: copies
    assert rc == 0 and "2 of 11 tensors NZ-packed bit for bit, 9 identical copies" in out, err
    rc, out, err = run([nz, "-o", nz2, "--verify", "--select", "*.w2"], capsys)
    assert rc == 0, err
    rc, _, err = run(["--unpack", path, "-o", tmp_path / "x.safetensors"], capsys)
    assert rc == 1 and "no tensor is marked NZ-packed" in err
    rc, _, err = run([path, "-o", path, "--select", "*.w1"], capsys)
    assert rc == 1 and "is the input file" in err


def test_corrupt_nz_metadata_is_reported(tmp_path, capsys):
    a = random_array((32, 64), np.int8, 0)
    bad = tmp_path / "bad.safetensors"
    bad.write_bytes(
        T.safetensors_header(
            [T.OutEntry("w", "I8", (1, 2, 2, 16, 32), a.nbytes)],
            {"ptonz.nz.w": json.dumps({"layout": "nz", "logical_shape": [64, 32], "c0": 32})},
        )
        + a.tobytes()
    )
    rc, _, err = run(["--unpack", bad, "-o", tmp_path / "x.safetensors"], capsys)
    assert (
        rc == 1 and "stored shape [1, 2, 2, 16, 32] is not the NZ blocking [1, 1, 4, 16, 32]" in err
    )


# --- band by band ------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(SUPPORTED_DTYPES),
    st.integers(1, 3),
    st.integers(1, 6),
    st.integers(1, 4),
    st.sampled_from([2, 3]),
    st.integers(1, 5000),
)
def test_bands_equal_pack_nz(dtype, batch, row_blocks, col_blocks, rank, budget):
    """Packing / unpacking / comparing in bands of at most `budget` bytes (row
    bands when one [R, C] does not fit) gives pack_nz's bytes."""
    c0 = c0_for(dtype)
    shape = (
        (16 * row_blocks, c0 * col_blocks)
        if rank == 2
        else (batch, 16 * row_blocks, c0 * col_blocks)
    )
    a = random_array(shape, dtype, budget)
    dt = a.dtype
    src = T.ArrayRef("", "mem", a)
    out = np.zeros(a.nbytes, np.uint8)

    def write(off, arr):
        b = np.ascontiguousarray(arr).reshape(-1).view(np.uint8)
        out[off : off + b.size] = b

    T.pack_tensor(src, write, shape, dt, budget=budget)
    assert out.tobytes() == pack_nz(a).tobytes()
    packed = T.ArrayRef("", "mem", out.copy())
    assert T.first_nz_mismatch(src, packed, shape, dt, budget=budget) is None
    out[:] = 0
    T.unpack_tensor(packed, write, shape, dt, budget=budget)
    assert out.tobytes() == a.tobytes()
    # a flipped byte is found at its logical element
    k = budget % a.nbytes
    broken = packed.array.copy()
    broken[k] ^= 1
    elem = k // dt.itemsize
    B, R, C = (1,) + shape if rank == 2 else shape
    b, rem = divmod(elem, R * C)
    cb, rem = divmod(rem, R * c0)
    r, cc = divmod(rem, c0)
    got = T.first_nz_mismatch(src, T.ArrayRef("", "mem", broken), shape, dt, budget=budget)
    assert got == (b, r, cb * c0 + cc)


def test_band_plan():
    # whole batches when one [R, C] fits
    assert list(T.bands(4, 32, 64, 1, budget=2 * 32 * 64)) == [(0, 2, 0, 32), (2, 4, 0, 32)]
    # else 16-row-aligned bands of one batch
    assert list(T.bands(1, 64, 64, 2, budget=40 * 64 * 2)) == [(0, 1, 0, 32), (0, 1, 32, 64)]
    assert list(T.bands(1, 64, 64, 2, budget=1)) == [(0, 1, r, r + 16) for r in range(0, 64, 16)]


# --- .npy / raw .bin -----------------------------------------------------------


def test_cli_pack_bin_and_unpack(tmp_path, capsys):
    a = random_array((2, 32, 64), np.float16, 7)
    np.save(tmp_path / "w.npy", a)
    rc, out, _ = run([tmp_path / "w.npy", "-o", tmp_path / "w.bin"], capsys)
    assert rc == 0
    assert out.strip() == (
        f"wrote {tmp_path / 'w.bin'} (bin): logical [2, 32, 64] -> blocked "
        f"[2, 4, 2, 16, 16], dtype float16, c0=16, 8192 bytes"
    )
    assert (tmp_path / "w.bin").read_bytes() == pack_nz(a).tobytes()
    rc, out, _ = run([tmp_path / "w.npy", "-o", tmp_path / "w.bin", "--verify"], capsys)
    assert rc == 0 and out.startswith(
        f"verified {tmp_path / 'w.bin'} (bin): blocked [2, 4, 2, 16, 16]"
    )
    back = tmp_path / "back.npy"
    argv = ["--unpack", tmp_path / "w.bin", "--shape", "2,32,64", "--dtype", "float16", "-o", back]
    assert run(argv, capsys)[0] == 0
    assert same_bits(np.load(back), a)


@pytest.mark.parametrize("name", ["bfloat16", "float8_e4m3fn", "float8_e5m2"])
def test_cli_ml_dtypes_npy(tmp_path, capsys, name):
    """NumPy saves ml_dtypes arrays as opaque |V bytes (or '<f1'): reading such
    a file needs --dtype. ptonz-pack writes the real dtype name, so its own
    output round-trips without flags and np.load returns the real dtype."""
    a = random_array((32, 64), name, 3)
    np.save(tmp_path / "w.npy", a)
    rc, _, err = run([tmp_path / "w.npy", "-o", tmp_path / "nz.npy"], capsys)
    assert rc == 1 and "--dtype" in err
    assert run([tmp_path / "w.npy", "--dtype", name, "-o", tmp_path / "nz.npy"], capsys)[0] == 0
    nz = np.load(tmp_path / "nz.npy")
    assert nz.dtype == np.dtype(name) and same_bits(nz, np.asarray(pack_nz(a)))
    back = tmp_path / "back.npy"
    assert run(["--unpack", tmp_path / "nz.npy", "-o", back], capsys)[0] == 0
    assert same_bits(np.load(back), a)
    rc, out, err = run(["--unpack", tmp_path / "nz.npy", "-o", back, "--verify"], capsys)
    assert rc == 0, err


def test_big_endian_and_fortran_npy(tmp_path, capsys):
    a = random_array((32, 16), np.float32, 1)
    np.save(tmp_path / "be.npy", a.astype(">f4"))
    np.save(tmp_path / "f.npy", np.asfortranarray(a))
    for name in ("be.npy", "f.npy"):
        rc, _, err = run([tmp_path / name, "-o", tmp_path / "o.npy"], capsys)
        assert rc == 0, err
        assert np.load(tmp_path / "o.npy").tobytes() == pack_nz(a).tobytes()
        assert run([tmp_path / name, "-o", tmp_path / "o.npy", "--verify"], capsys)[0] == 0


@pytest.mark.parametrize(
    "argv, words",
    [
        (["{d}/bad.npy", "-o", "{d}/x.npy"], ["bad.npy: row count R=100", "pad the rows"]),
        (["{d}/missing.npy", "-o", "{d}/x.npy"], ["cannot read", "No such file"]),
        (["{d}/ok.npy", "-o", "{d}/x.dat"], ["--format safetensors|npy|bin"]),
        (["{d}/ok.bin", "-o", "{d}/x.npy"], ["--shape", "--dtype"]),
        (["--unpack", "{d}/ok.npy", "-o", "{d}/x.npy"], ["drop --unpack"]),
        (
            ["--unpack", "{d}/ok.bin", "--shape", "32,64", "--dtype", "float16", "-o", "{d}/x.npy"],
            ["holds 2048 bytes", "needs 4096"],
        ),
        (["{d}/ok.npy", "--dtype", "int4", "-o", "{d}/x.npy"], ["sub-byte"]),
        (["{d}/ok.npy", "--shape", "1,2,3,4", "-o", "{d}/x.npy"], ["R,C or B,R,C"]),
        (["{d}/ok.npy"], ["-o/--output"]),
        (["{d}/ok.npy", "-o", "{d}/x.npy", "--format", "txt"], ["invalid choice"]),
        (["{d}/ok.npy", "-o", "{d}/x.safetensors"], ["needs a .safetensors input"]),
        (["{d}/ok.npy", "-o", "{d}/x.npy", "--select", "w"], ["drop --select"]),
        (
            ["{d}/c64.npy", "-o", "{d}/x.npy"],
            ["c64.npy: dtype complex64 is not an NZ element type"],
        ),
        (["{d}/ok.npy", "-o", "{d}/x.npy", "--verify"], ["cannot read", "x.npy"]),
    ],
)
def test_cli_errors(tmp_path, capsys, argv, words):
    np.save(tmp_path / "bad.npy", np.zeros((100, 64), np.int8))
    np.save(tmp_path / "ok.npy", np.zeros((32, 64), np.int8))
    np.save(tmp_path / "c64.npy", np.zeros((32, 64), np.complex64))
    (tmp_path / "ok.bin").write_bytes(bytes(32 * 64))
    rc, _, err = run([s.format(d=tmp_path) for s in argv], capsys)
    assert rc == 1
    assert "ptonz-pack: error: " in err
    for w in words:
        assert w in err
    assert not (tmp_path / "x.npy").exists()


def test_verify_single_array_mismatch(tmp_path, capsys):
    a = random_array((32, 64), np.int8, 4)
    np.save(tmp_path / "w.npy", a)
    p = np.asarray(pack_nz(a)).copy()
    p[0, 1, 0, 3, 5] ^= 1  # logical (3, 32 + 5)
    (tmp_path / "w.bin").write_bytes(p.tobytes())
    rc, _, err = run([tmp_path / "w.npy", "-o", tmp_path / "w.bin", "--verify"], capsys)
    assert rc == 1 and err.strip().endswith("logical element [3, 37] differs")


# --- start-up: no MLIR -------------------------------------------------------


@pytest.mark.parametrize("argv", [["--help"], ["{d}/w.npy", "-o", "{d}/w.bin"]])
def test_ptonz_pack_does_not_import_mlir(tmp_path, argv):
    np.save(tmp_path / "w.npy", np.zeros((16, 32), np.int8))
    code = (
        "import sys\nfrom ptonz_cli.pack import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('mlir', 'ptonz', 'tqdm', 'numpy'))\n"
        "print('LOADED', ' '.join(sorted(set(m.split('.')[0] for m in heavy))))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code] + [a.format(d=tmp_path) for a in argv],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = r.stdout.strip().splitlines()[-1].split()[1:]
    assert "mlir" not in loaded and "ptonz" not in loaded and "tqdm" not in loaded
    if argv == ["--help"]:
        assert loaded == []  # argparse only
