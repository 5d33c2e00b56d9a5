"""Tensors in files, read and written band by band (bounded memory).

Three containers: ``.safetensors`` (many named tensors, metadata), ``.npy``
(one array) and raw ``.bin`` (one array, shape and dtype given by the user).
Each tensor is a byte range of its file; data moves with ``pread``/``pwrite``
in bands of at most ``BAND_BYTES`` (whole batches when a [R, C] matrix fits,
else 16-row-aligned row bands), so the memory a run needs is about two bands
whatever the size of the checkpoint or of one tensor.

Why not ``mmap``, nor the safetensors library for the data (measured on a
1 GiB checkpoint, see bench/README.md): pages of a memory-mapped input that
have been read count in the process's resident set until it is unmapped, so
reading every tensor through ``safe_open(..., backend="mmap")`` ends at RSS ~
the file size; ``backend="pread"`` stays bounded but its NumPy frontend cannot
return float8 tensors (safetensors 0.8.0), and ``save_file`` /
``serialize_file`` need every output tensor in memory at once. So the
library opens and validates every input and every output file (it is the
arbiter of the format), and the bytes move here. The format is small and
documented: an 8-byte little-endian header length N, N bytes of JSON
(``{"__metadata__": {str: str}, name: {"dtype", "shape", "data_offsets":
[begin, end]}}``, padded with spaces to a multiple of 8), then the data,
tensors back to back.
"""

from __future__ import annotations

import json
import math
import os
import struct
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from . import layout as L
from ptonz_geometry import FRACTAL_ROWS, nz_element_offset

from .dtypes import (
    SAFETENSORS_BITS,
    SAFETENSORS_CODES,
    SAFETENSORS_DTYPES,
    SUPPORTED_DTYPES,
)

BAND_BYTES = 32 << 20
COPY_BYTES = 32 << 20
MAX_HEADER_BYTES = 100_000_000  # the safetensors library's limit

# Metadata ptonz-pack writes into a packed .safetensors file.
META_FORMAT_KEY = "ptonz.pack"
META_FORMAT_VERSION = "1"
META_TENSOR_PREFIX = "ptonz.nz."

Progress = Callable[[int], None]


class FormatError(Exception):
    """A user-facing problem with a file (reported as one line, exit 1)."""


# --------------------------------------------------------------------------- raw I/O


def pread_into(fd: int, buf: np.ndarray, offset: int, path: str) -> None:
    """Fill the uint8 array `buf` from `fd` at `offset` (short reads retried)."""
    view = buf.data.cast("B")
    done = 0
    while done < len(view):
        if hasattr(os, "preadv"):  # straight into `buf`
            n = os.preadv(fd, [view[done:]], offset + done)
        else:  # pragma: no cover - platforms without preadv
            chunk = os.pread(fd, len(view) - done, offset + done)
            n = len(chunk)
            view[done : done + n] = chunk
        if n <= 0:
            raise FormatError(
                f"{path}: file ends at byte {offset + done}, inside a tensor (truncated file?)"
            )
        done += n


def pread(fd: int, offset: int, nbytes: int, path: str) -> np.ndarray:
    buf = np.empty(nbytes, dtype=np.uint8)
    pread_into(fd, buf, offset, path)
    return buf


def as_bytes(array: np.ndarray) -> memoryview:
    """The C-order bytes of an array (any dtype, ml_dtypes included), no copy
    when it is contiguous."""
    a = np.ascontiguousarray(array)
    return a.reshape(-1).view(np.uint8).data


def pwrite_all(fd: int, data: np.ndarray, offset: int) -> None:
    view = as_bytes(data)
    done = 0
    while done < len(view):
        done += os.pwrite(fd, view[done:], offset + done)


# --------------------------------------------------------------------------- dtypes


def numpy_dtype(name: str) -> np.dtype:
    """np.dtype of a name; bfloat16 / float8 names are known because `layout`
    imported ml_dtypes."""
    return np.dtype(name)


def code_of(dtype: np.dtype) -> str:
    """The safetensors dtype code of a NumPy dtype."""
    code = SAFETENSORS_CODES.get(np.dtype(dtype).name)
    if code is None:
        raise FormatError(f"dtype {np.dtype(dtype).name} has no safetensors code")
    return code


# --------------------------------------------------------------------------- tensors


@dataclass
class TensorRef:
    """A tensor stored C-contiguous in a file: bytes [offset, offset + nbytes)."""

    name: str
    path: str
    fd: int
    offset: int
    nbytes: int
    shape: Tuple[int, ...]
    code: str  # safetensors dtype code (copied verbatim for unknown ones)
    dtype_name: Optional[str] = None  # NumPy name, when known

    @property
    def label(self) -> str:
        return f"{self.path}: tensor '{self.name}'" if self.name else self.path

    def dtype(self) -> np.dtype:
        if self.dtype_name is None:
            raise FormatError(f"{self.label}: dtype {self.code} has no NumPy equivalent")
        return numpy_dtype(self.dtype_name)

    def read(self, start: int, nbytes: int) -> np.ndarray:
        return pread(self.fd, self.offset + start, nbytes, self.path)

    def read_into(self, buf: np.ndarray, start: int) -> None:
        pread_into(self.fd, buf, self.offset + start, self.path)


@dataclass
class ArrayRef:
    """A tensor already in memory (a Fortran-order .npy, loaded whole)."""

    name: str
    path: str
    array: np.ndarray
    shape: Tuple[int, ...] = ()
    code: str = ""
    nbytes: int = 0

    def __post_init__(self):
        self.array = np.ascontiguousarray(self.array)
        self.shape = tuple(self.array.shape)
        self.nbytes = self.array.nbytes
        self.code = SAFETENSORS_CODES.get(self.array.dtype.name, "")

    @property
    def label(self) -> str:
        return self.path

    @property
    def dtype_name(self) -> str:
        return self.array.dtype.name

    def dtype(self) -> np.dtype:
        return self.array.dtype

    def read(self, start: int, nbytes: int) -> np.ndarray:
        return self.array.reshape(-1).view(np.uint8)[start : start + nbytes]

    def read_into(self, buf: np.ndarray, start: int) -> None:
        buf[...] = self.read(start, buf.size)


def open_fd(path: str) -> int:
    try:
        return os.open(path, os.O_RDONLY)
    except OSError as exc:
        raise FormatError(f"cannot read {path}: {exc.strerror or exc}") from None


# --------------------------------------------------------------------------- safetensors


@dataclass
class SafetensorsFile:
    path: str
    fd: int
    tensors: List[TensorRef]  # in data order
    metadata: Dict[str, str]
    by_name: Dict[str, TensorRef] = field(default_factory=dict)

    def __post_init__(self):
        self.by_name = {t.name: t for t in self.tensors}

    def close(self) -> None:
        os.close(self.fd)

    def nz_info(self, name: str) -> Optional[dict]:
        """The ptonz NZ record of a packed tensor, or None."""
        raw = self.metadata.get(META_TENSOR_PREFIX + name)
        if raw is None:
            return None
        try:
            info = json.loads(raw)
            logical = tuple(int(d) for d in info["logical_shape"])
            # The tensor's own shape when it was packed as another logical shape
            # of the same elements (ptonz-pack --nz-shape); else the logical one.
            own = tuple(int(d) for d in info.get("tensor_shape", logical))
            c0 = int(info["c0"])
            if math.prod(own) != math.prod(logical):
                raise ValueError(
                    f"tensor_shape {list(own)} has other elements than "
                    f"logical_shape {list(logical)}"
                )
            if info.get("layout") != "nz":
                raise ValueError(f"layout {info.get('layout')!r}")
        except (ValueError, KeyError, TypeError) as exc:
            raise FormatError(
                f"{self.path}: metadata '{META_TENSOR_PREFIX}{name}' is not a "
                f"ptonz NZ record ({exc}): the file was not written by "
                f"ptonz-pack, or was edited"
            ) from None
        return {"layout": "nz", "logical_shape": logical, "c0": c0, "tensor_shape": own}


def validate_with_library(path: str) -> None:
    """Open `path` with the safetensors library (header and offsets checked)."""
    try:
        from safetensors import safe_open
    except ImportError:  # pragma: no cover - a dependency of ptonz
        return
    try:
        with safe_open(path, framework="np") as f:  # header only: no data page is read
            f.keys()
    except Exception as exc:  # SafetensorError, OSError, ...
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise FormatError(f"{path}: not a valid safetensors file ({msg})") from None


def read_safetensors(path: str) -> SafetensorsFile:
    """Parse and validate the header of a .safetensors file (no data is read)."""
    fd = open_fd(path)
    try:
        size = os.fstat(fd).st_size
        if size < 8:
            raise FormatError(
                f"{path}: not a valid safetensors file ({size} bytes, shorter "
                f"than the 8-byte header length)"
            )
        (hlen,) = struct.unpack("<Q", os.pread(fd, 8, 0))
        if hlen > MAX_HEADER_BYTES or 8 + hlen > size:
            raise FormatError(
                f"{path}: not a valid safetensors file (header length {hlen} "
                f"does not fit in the file of {size} bytes)"
            )
        validate_with_library(path)
        try:
            header = json.loads(os.pread(fd, hlen, 8).decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise FormatError(
                f"{path}: not a valid safetensors file (header is not JSON: {exc})"
            ) from None
        if not isinstance(header, dict):
            raise FormatError(f"{path}: not a valid safetensors file (header is not a JSON object)")
        metadata = header.pop("__metadata__", None) or {}
        data_start = 8 + hlen
        tensors = []
        for name, entry in header.items():
            try:
                code = entry["dtype"]
                shape = tuple(int(d) for d in entry["shape"])
                begin, end = (int(x) for x in entry["data_offsets"])
            except (KeyError, TypeError, ValueError) as exc:
                raise FormatError(
                    f"{path}: tensor '{name}' has a malformed header entry ({exc})"
                ) from None
            if not (0 <= begin <= end <= size - data_start):
                raise FormatError(
                    f"{path}: tensor '{name}' data_offsets [{begin}, {end}] lie "
                    f"outside the file's {size - data_start} data bytes"
                )
            tensors.append(
                TensorRef(
                    name,
                    path,
                    fd,
                    data_start + begin,
                    end - begin,
                    shape,
                    code,
                    SAFETENSORS_DTYPES.get(code),
                )
            )
        tensors.sort(key=lambda t: t.offset)
        return SafetensorsFile(path, fd, tensors, dict(metadata))
    except BaseException:
        os.close(fd)
        raise


# --------------------------------------------------------------------------- .npy


@dataclass
class NpyHeader:
    shape: Tuple[int, ...]
    descr: str
    fortran: bool
    data_offset: int
    dtype: Optional[np.dtype]  # None when NumPy cannot name the descr


def read_npy_header(path: str) -> NpyHeader:
    import ast

    try:
        f = open(path, "rb")
    except OSError as exc:
        raise FormatError(f"cannot read {path}: {exc.strerror or exc}") from None
    with f:
        try:
            major, _minor = np.lib.format.read_magic(f)
            (hlen,) = struct.unpack("<H" if major == 1 else "<I", f.read(2 if major == 1 else 4))
            header = ast.literal_eval(f.read(hlen).decode("latin1"))
            shape = tuple(int(d) for d in header["shape"])
            descr = header["descr"]
            fortran = bool(header["fortran_order"])
        except Exception as exc:
            raise FormatError(f"cannot read {path} as a .npy array: {exc}") from None
        offset = f.tell()
    try:  # 'bfloat16' / 'float8_*' descrs resolve: `layout` imported ml_dtypes
        dtype = np.lib.format.descr_to_dtype(descr)
    except Exception:
        dtype = None  # e.g. '<f1', how NumPy saves float8_e5m2
    return NpyHeader(shape, descr if isinstance(descr, str) else str(descr), fortran, offset, dtype)


# ml_dtypes types have no .npy descr of their own (NumPy writes opaque '|V2' /
# '|V1', or an unloadable '<f1'): ptonz-pack writes their names, which
# np.load reads back as the real dtype once ml_dtypes is imported.
NAMED_DESCRS = tuple(n for n in SUPPORTED_DTYPES if not hasattr(np, n))  # bfloat16, float8_*


def npy_header_bytes(shape: Sequence[int], dtype: np.dtype) -> bytes:
    import io

    dtype = np.dtype(dtype)
    descr = dtype.name if dtype.name in NAMED_DESCRS else np.lib.format.dtype_to_descr(dtype)
    buf = io.BytesIO()
    header = {"descr": descr, "fortran_order": False, "shape": tuple(int(d) for d in shape)}
    try:
        np.lib.format.write_array_header_1_0(buf, header)
    except ValueError:  # header longer than 64 KiB
        buf = io.BytesIO()
        np.lib.format.write_array_header_2_0(buf, header)
    return buf.getvalue()


# --------------------------------------------------------------------------- output


class OutputFile:
    """A file written at computed offsets into a temporary sibling, renamed
    over `path` only by `commit()` (no half-written output on error)."""

    def __init__(self, path: str, header: bytes, data_bytes: int):
        self.path = path
        self.header_bytes = len(header)
        directory, base = os.path.split(os.path.abspath(path))
        self.fd, self.tmp = -1, None
        try:
            # (tempfile would cost its import of shutil, ~5-10 ms of start-up)
            for attempt in range(100):
                tmp = os.path.join(directory, f".{base}.ptonz-pack-{os.getpid()}-{attempt}.tmp")
                try:
                    self.fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
                    self.tmp = tmp
                    break
                except FileExistsError:
                    continue
            else:
                raise FileExistsError(f"{directory} has 100 stale .{base}.ptonz-pack-*.tmp files")
        except OSError as exc:
            raise FormatError(f"cannot write {path}: {exc.strerror or exc}") from None
        try:
            os.ftruncate(self.fd, len(header) + data_bytes)
            os.pwrite(self.fd, header, 0)
        except OSError as exc:
            self.abort()
            raise FormatError(f"cannot write {path}: {exc.strerror or exc}") from None

    def write(self, offset: int, data: np.ndarray) -> None:
        try:
            pwrite_all(self.fd, data, self.header_bytes + offset)
        except OSError as exc:
            raise FormatError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def commit(self, validate: Optional[Callable[[str], None]] = None) -> None:
        tmp = self.tmp
        assert tmp is not None, "commit of a file already committed or aborted"
        os.close(self.fd)
        self.fd = -1
        if validate is not None:
            validate(tmp)
        os.chmod(tmp, 0o644 & ~_umask())
        os.replace(tmp, self.path)
        self.tmp = None

    def abort(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        if self.tmp is not None:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
            self.tmp = None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@dataclass
class OutEntry:
    name: str
    code: str
    shape: Tuple[int, ...]
    nbytes: int
    offset: int = 0  # in the data section


def safetensors_header(entries: Sequence[OutEntry], metadata: Dict[str, str]) -> bytes:
    """Assign data offsets (back to back, in the given order) and serialize the
    header as the safetensors library does (compact JSON, space-padded to 8)."""
    header: Dict[str, object] = {}
    if metadata:
        header["__metadata__"] = dict(metadata)
    offset = 0
    for e in entries:
        if e.name in header or e.name == "__metadata__":
            raise FormatError(f"tensor name {e.name!r} appears twice")
        e.offset = offset
        header[e.name] = {
            "dtype": e.code,
            "shape": list(e.shape),
            "data_offsets": [offset, offset + e.nbytes],
        }
        offset += e.nbytes
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text


# --------------------------------------------------------------------------- NZ bands


def logical_dims(shape: Sequence[int]) -> Tuple[int, int, int]:
    return (1,) + tuple(shape) if len(shape) == 2 else tuple(shape)  # type: ignore[return-value]


def bands(
    batch: int, rows: int, cols: int, itemsize: int, budget: int = BAND_BYTES
) -> Iterator[Tuple[int, int, int, int]]:
    """(b0, b1, r0, r1) pieces of a logical [B, R, C]: whole batches when one
    [R, C] fits in `budget` bytes, else 16-row-aligned bands of one batch."""
    per_batch = rows * cols * itemsize
    if per_batch <= budget:
        step = max(1, budget // max(1, per_batch))
        for b0 in range(0, batch, step):
            yield b0, min(batch, b0 + step), 0, rows
        return
    nr = max(FRACTAL_ROWS, budget // (cols * itemsize) // FRACTAL_ROWS * FRACTAL_ROWS)
    for b in range(batch):
        for r0 in range(0, rows, nr):
            yield b, b + 1, r0, min(rows, r0 + nr)


def _read_nz_band(
    src, b: int, r0: int, r1: int, rows: int, cols: int, c0: int, dtype: np.dtype
) -> np.ndarray:
    """Rows [r0, r1) of batch b of an NZ-stored [B, R, C], as the blocked
    [1, C/c0, (r1-r0)/16, 16, c0] array (one read per column block)."""
    isz = dtype.itemsize
    nr, ncb = r1 - r0, cols // c0
    buf = np.empty((ncb, nr * c0 * isz), dtype=np.uint8)
    for cb in range(ncb):
        src.read_into(buf[cb], nz_element_offset(b, r0, cb * c0, rows, cols, c0) * isz)
    return buf.view(dtype).reshape(1, ncb, nr // FRACTAL_ROWS, FRACTAL_ROWS, c0)


def pack_tensor(
    src,
    write: Callable[[int, np.ndarray], None],
    shape: Sequence[int],
    dtype: np.dtype,
    progress: Progress = lambda n: None,
    budget: int = BAND_BYTES,
) -> None:
    """Write NZ(src) through `write(byte offset in the tensor, array)`."""
    B, R, C = logical_dims(shape)
    c0 = L.c0_for(dtype)
    isz = dtype.itemsize
    for b0, b1, r0, r1 in bands(B, R, C, isz, budget):
        if r0 == 0 and r1 == R:
            n = (b1 - b0) * R * C
            band = src.read(b0 * R * C * isz, n * isz).view(dtype).reshape(b1 - b0, R, C)
            write(b0 * R * C * isz, L.pack_nz(band))
            progress(n * isz)
            continue
        nr = r1 - r0
        band = src.read((b0 * R * C + r0 * C) * isz, nr * C * isz).view(dtype).reshape(nr, C)
        blocked = L.pack_nz(band)  # [1, C/c0, nr/16, 16, c0]
        for cb in range(C // c0):
            write(nz_element_offset(b0, r0, cb * c0, R, C, c0) * isz, blocked[0, cb])
        progress(nr * C * isz)


def unpack_tensor(
    src,
    write: Callable[[int, np.ndarray], None],
    shape: Sequence[int],
    dtype: np.dtype,
    progress: Progress = lambda n: None,
    budget: int = BAND_BYTES,
) -> None:
    """Write the logical [B, R, C] (C-order) of an NZ-stored `src`."""
    B, R, C = logical_dims(shape)
    c0 = L.c0_for(dtype)
    isz = dtype.itemsize
    for b0, b1, r0, r1 in bands(B, R, C, isz, budget):
        if r0 == 0 and r1 == R:
            n = (b1 - b0) * R * C
            blocked = src.read(b0 * R * C * isz, n * isz).view(dtype)
            blocked = blocked.reshape(L.nz_blocked_shape((b1 - b0, R, C), dtype))
            write(b0 * R * C * isz, L.unpack_nz(blocked, rank=3))
            progress(n * isz)
            continue
        blocked = _read_nz_band(src, b0, r0, r1, R, C, c0, dtype)
        write((b0 * R * C + r0 * C) * isz, L.unpack_nz(blocked, rank=2))
        progress((r1 - r0) * C * isz)


def _native(a: np.ndarray) -> np.ndarray:
    return a if a.dtype.isnative else a.astype(a.dtype.newbyteorder("="))


def first_nz_mismatch(
    logical,
    packed,
    shape: Sequence[int],
    dtype: np.dtype,
    progress: Progress = lambda n: None,
    budget: int = BAND_BYTES,
    packed_dtype: Optional[np.dtype] = None,
) -> Optional[Tuple[int, int, int]]:
    """The first logical (b, r, c) where `packed` is not NZ(`logical`) bit for
    bit, or None. `dtype` is the logical data's (byte order included),
    `packed_dtype` the packed data's (default: the same)."""
    packed_dtype = dtype if packed_dtype is None else packed_dtype
    B, R, C = logical_dims(shape)
    c0 = L.c0_for(dtype)
    isz = dtype.itemsize
    for b0, b1, r0, r1 in bands(B, R, C, isz, budget):
        if r0 == 0 and r1 == R:
            n = (b1 - b0) * R * C
            want = logical.read(b0 * R * C * isz, n * isz).view(dtype).reshape(b1 - b0, R, C)
            got = packed.read(b0 * R * C * isz, n * isz).view(packed_dtype)
            got = L.unpack_nz(got.reshape(L.nz_blocked_shape((b1 - b0, R, C), dtype)), rank=3)
        else:
            nr = r1 - r0
            want = logical.read((b0 * R * C + r0 * C) * isz, nr * C * isz).view(dtype)
            want = want.reshape(1, nr, C)
            got = L.unpack_nz(_read_nz_band(packed, b0, r0, r1, R, C, c0, packed_dtype), rank=3)
        want = _native(want)
        diff = want.view(np.uint8).reshape(want.shape[0], want.shape[1], -1) != got.view(
            np.uint8
        ).reshape(got.shape[0], got.shape[1], -1)
        if diff.any():
            b, r, byte = (int(x) for x in np.argwhere(diff)[0])
            return b0 + b, r0 + r, byte // isz
        progress(want.nbytes)
    return None


def copy_bytes(
    src,
    write: Callable[[int, np.ndarray], None],
    nbytes: int,
    progress: Progress = lambda n: None,
    chunk: int = COPY_BYTES,
) -> None:
    for start in range(0, nbytes, chunk):
        n = min(chunk, nbytes - start)
        write(start, src.read(start, n))
        progress(n)


def first_byte_mismatch(
    a, b, nbytes: int, progress: Progress = lambda n: None, chunk: int = COPY_BYTES
) -> Optional[int]:
    for start in range(0, nbytes, chunk):
        n = min(chunk, nbytes - start)
        x, y = a.read(start, n), b.read(start, n)
        if not np.array_equal(x, y):
            return start + int(np.argmax(x != y))
        progress(n)
    return None


def safetensors_bits(code: str) -> Optional[int]:
    return SAFETENSORS_BITS.get(code)
