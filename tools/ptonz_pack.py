"""ptonz-pack: convert weights between logical and NZ-blocked layout.

    ptonz-pack IN.npy -o OUT.npy            logical [R, C] / [B, R, C] -> blocked .npy
    ptonz-pack IN.npy -o OUT.bin            ... -> raw NZ bytes, ready to upload to GM
    ptonz-pack --unpack IN.npy -o OUT.npy   blocked [B, C/c0, R/16, 16, c0] .npy -> logical
    ptonz-pack --unpack IN.bin --shape R,C --dtype int8 -o OUT.npy

Prints one line naming what it wrote. Every user error is reported as
`ptonz-pack: error: ...` on stderr with exit status 1; no Python traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional, Tuple

PROG = "ptonz-pack"
FORMATS = ("npy", "bin")


class UserError(Exception):
    """An error to report as `ptonz-pack: error: ...` (exit 1)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit 2; ptonz tools exit 1
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(1)


def _build_parser() -> argparse.ArgumentParser:
    from ptonz.nz_layout import SUPPORTED_DTYPES

    p = _Parser(
        prog=PROG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Pack a logical [R, C] or [B, R, C] weight into the NZ fractal byte order\n"
            "(the row-major blocked array [B, C/c0, R/16, 16, c0]; B=1 for rank 2), or\n"
            "unpack NZ data back to logical. Element (b, r, c) lands at element offset\n"
            "b*R*C + (c//c0)*R*c0 + r*c0 + c%c0.\n\n"
            "c0 = elements per 32-byte C0 line: 32 for int8/uint8/float8_e4m3fn/\n"
            "float8_e5m2, 16 for float16/bfloat16, 8 for int32/float32. R must be a\n"
            "multiple of 16 and C a multiple of c0 (pad the weight otherwise)."
        ),
        epilog=(
            "examples:\n"
            "  ptonz-pack w.npy -o w_nz.bin                  raw NZ bytes for upload\n"
            "  ptonz-pack w.npy -o w_nz.npy                  blocked .npy\n"
            "  ptonz-pack --unpack w_nz.npy -o w.npy         back to logical\n"
            "  ptonz-pack --unpack w_nz.bin --shape 256,512 --dtype int8 -o w.npy\n\n"
            "Input .npy files are read as NumPy arrays; any other input is raw bytes and\n"
            "needs --shape and --dtype. NumPy cannot name bfloat16/float8 in a .npy\n"
            "header: such arrays are written as opaque |V2/|V1 elements, and reading\n"
            "them (or NumPy-saved ones) needs --dtype.\n\n"
            "Prints one line naming what it wrote; errors print 'ptonz-pack: error: ...'\n"
            "and exit 1."
        ),
    )
    p.add_argument("input", metavar="IN", help="input file: .npy, or raw bytes (e.g. .bin) with --shape/--dtype")
    p.add_argument("-o", "--output", metavar="OUT", required=True,
                   help="output file; its extension (.npy or .bin) picks the format unless --format is given")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="output format: npy (NumPy array) or bin (raw C-order bytes)")
    p.add_argument("--unpack", action="store_true",
                   help="convert NZ-blocked data back to the logical layout (default: pack)")
    p.add_argument("--shape", metavar="R,C|B,R,C", default=None,
                   help="LOGICAL shape of a raw input; with --unpack of a .npy input it "
                   "selects the result rank (default: [R, C] when B is 1, else [B, R, C])")
    p.add_argument("--dtype", metavar="DTYPE", default=None,
                   help="element type of a raw input: " + ", ".join(SUPPORTED_DTYPES))
    return p


def _parse_shape(text: str) -> Tuple[int, ...]:
    parts = [s.strip() for s in text.replace("x", ",").split(",")]
    try:
        dims = tuple(int(s) for s in parts)
    except ValueError:
        raise UserError(f"--shape {text!r} is not a list of integers: write R,C or B,R,C (e.g. 256,512)")
    if len(dims) not in (2, 3):
        raise UserError(f"--shape {text!r} has {len(dims)} dimensions: write R,C or B,R,C")
    if any(d <= 0 for d in dims):
        raise UserError(f"--shape {text!r} has a non-positive dimension: every dimension must be >= 1")
    return dims


def _output_format(path: str, fmt: Optional[str]) -> str:
    if fmt:
        return fmt
    ext = os.path.splitext(path)[1].lower()
    if ext == ".npy":
        return "npy"
    if ext == ".bin":
        return "bin"
    raise UserError(
        f"cannot tell the output format of {path!r} from its extension: "
        f"name it .npy or .bin, or pass --format npy|bin"
    )


def _load_npy_raw_header(path: str, np):
    """(bytes as uint8, shape, fortran_order) of a .npy whose dtype NumPy cannot
    rebuild (np.save writes float8_e5m2 as '<f1', which np.load rejects)."""
    import ast
    import struct

    with open(path, "rb") as f:
        major, _minor = np.lib.format.read_magic(f)
        (hlen,) = struct.unpack("<H" if major == 1 else "<I", f.read(2 if major == 1 else 4))
        header = ast.literal_eval(f.read(hlen).decode("latin1"))
        data = np.fromfile(f, dtype=np.uint8)
    return data, tuple(header["shape"]), bool(header["fortran_order"])


def _load_npy(path: str, np, dtype):
    """Load a .npy; ml_dtypes arrays (saved by NumPy as opaque |V1/|V2 elements,
    or as an unloadable '<f1') are reinterpreted as --dtype."""
    try:
        arr = np.load(path, allow_pickle=False)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}")
    except ValueError as exc:
        if "descr" not in str(exc):
            raise UserError(f"cannot read {path} as a .npy array: {exc}")
        if dtype is None:
            raise UserError(
                f"{path} stores an element type NumPy cannot name ({exc}); this is how "
                f"NumPy saves float8 arrays: give the element type with --dtype"
            )
        try:
            data, shape, fortran = _load_npy_raw_header(path, np)
            count = int(np.prod(shape))
            arr = data[: count * dtype.itemsize].view(dtype).reshape(shape, order="F" if fortran else "C")
        except Exception as exc2:
            raise UserError(f"cannot read {path} as a .npy array of {dtype.name}: {exc2}")
        return arr
    if arr.dtype.kind == "V" and arr.dtype.fields is None:
        # NumPy saves bfloat16 / float8 (ml_dtypes) arrays as opaque bytes.
        if dtype is None:
            raise UserError(
                f"{path} stores opaque {arr.dtype.itemsize}-byte elements ({arr.dtype.str}, "
                f"how NumPy saves bfloat16/float8 arrays): give the element type with "
                f"--dtype (e.g. --dtype "
                f"{'bfloat16' if arr.dtype.itemsize == 2 else 'float8_e4m3fn'})"
            )
        if dtype.itemsize != arr.dtype.itemsize:
            raise UserError(
                f"--dtype {dtype.name} has {dtype.itemsize}-byte elements but {path} stores "
                f"{arr.dtype.itemsize}-byte ones: check --dtype"
            )
        return arr.view(dtype)
    if dtype is not None and arr.dtype != dtype:
        raise UserError(
            f"--dtype {dtype.name} does not match {path}'s dtype {arr.dtype.name}: "
            f"drop --dtype (ptonz-pack never converts values) or cast the array first"
        )
    return arr


def _read_input(args, np, dtype):
    """(array, is_raw): a loaded .npy, or the raw bytes of any other file."""
    path = args.input
    if os.path.splitext(path)[1].lower() == ".npy":
        return _load_npy(path, np, dtype), False
    if args.shape is None or dtype is None:
        raise UserError(
            f"{path} is read as raw bytes (not .npy): give its logical shape and element "
            f"type with --shape R,C (or B,R,C) and --dtype"
        )
    try:
        raw = np.fromfile(path, dtype=np.uint8)
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}")
    return raw, True


def _run(argv: Optional[List[str]]) -> int:
    args = _build_parser().parse_args(argv)

    import numpy as np
    from ptonz.nz_layout import c0_for, nz_blocked_shape, pack_nz, unpack_nz

    fmt = _output_format(args.output, args.format)
    shape = _parse_shape(args.shape) if args.shape is not None else None
    dtype = None
    if args.dtype is not None:
        try:
            dtype = np.dtype(args.dtype)
            c0_for(dtype)
        except (TypeError, ValueError) as exc:
            raise UserError(f"--dtype {args.dtype}: {exc}")

    arr, is_raw = _read_input(args, np, dtype)
    dtype = dtype if is_raw else arr.dtype

    if is_raw:
        # --shape is the logical shape; a raw file holds it logical (pack) or NZ (unpack).
        want = nz_blocked_shape(shape, dtype) if args.unpack else shape
        count = int(np.prod(want))
        if arr.size != count * dtype.itemsize:
            raise UserError(
                f"{args.input} holds {arr.size} bytes but logical shape {list(shape)} of "
                f"{dtype.name} needs {count * dtype.itemsize}: check --shape and --dtype"
            )
        arr = arr.view(dtype).reshape(want)

    if args.unpack:
        if shape is not None:
            rank = len(shape)
        elif arr.ndim == 5:
            rank = 2 if arr.shape[0] == 1 else 3
        else:
            raise UserError(
                f"{args.input} has shape {list(arr.shape)}, not a blocked rank-5 "
                f"[B, C/c0, R/16, 16, c0] NZ array: drop --unpack to pack a logical array"
            )
        blocked = arr
        logical = unpack_nz(blocked, rank=rank)
        if shape is not None and tuple(logical.shape) != tuple(shape):
            raise UserError(
                f"{args.input} unpacks to logical shape {list(logical.shape)}, "
                f"not --shape {list(shape)}"
            )
        result = logical
    else:
        if shape is not None and tuple(arr.shape) != tuple(shape):
            raise UserError(
                f"{args.input} has shape {list(arr.shape)}, not --shape {list(shape)}: "
                f"drop --shape or fix it"
            )
        logical = arr
        blocked = pack_nz(logical)
        result = blocked

    c0 = c0_for(result.dtype)
    try:
        with open(args.output, "wb") as f:  # a file object: np.save adds no suffix
            if fmt == "npy":
                # NumPy cannot record ml_dtypes types in a .npy header (float8_e5m2
                # even becomes an unloadable '<f1'): save them as opaque |V bytes;
                # read back with --dtype.
                opaque = result.dtype.name in ("bfloat16", "float8_e4m3fn", "float8_e5m2")
                saved = result.view(f"V{result.dtype.itemsize}") if opaque else result
                np.save(f, saved, allow_pickle=False)
            else:
                f.write(np.ascontiguousarray(result).tobytes())
    except OSError as exc:
        raise UserError(f"cannot write {args.output}: {exc.strerror or exc}")

    src, dst = ("blocked", "logical") if args.unpack else ("logical", "blocked")
    src_shape = list(blocked.shape if args.unpack else logical.shape)
    dst_shape = list(logical.shape if args.unpack else blocked.shape)
    print(
        f"wrote {args.output} ({fmt}): {src} {src_shape} -> {dst} {dst_shape}, "
        f"dtype {result.dtype.name}, c0={c0}, {result.nbytes} bytes"
    )
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    try:
        return _run(argv)
    except UserError as exc:
        msg = str(exc)
    except ValueError as exc:  # layout errors from ptonz.nz_layout say what to do
        msg = str(exc)
    except KeyboardInterrupt:
        msg = "interrupted"
    except Exception as exc:  # never a traceback
        msg = f"internal error: {type(exc).__name__}: {exc}"
    sys.stderr.write(f"{PROG}: error: {msg}\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
