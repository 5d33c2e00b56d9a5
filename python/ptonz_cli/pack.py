"""ptonz-pack: convert weights between logical and NZ-blocked layout.

    ptonz-pack CKPT.safetensors -o CKPT_NZ.safetensors --select 'model.layers.*.mlp.experts.*.w1'
    ptonz-pack --unpack CKPT_NZ.safetensors -o CKPT.safetensors
    ptonz-pack CKPT.safetensors -o CKPT_NZ.safetensors --verify
    ptonz-pack IN.npy -o OUT.npy            logical [R, C] / [B, R, C] -> blocked .npy
    ptonz-pack IN.npy -o OUT.bin            ... -> raw NZ bytes, ready to upload to GM
    ptonz-pack --unpack IN.npy -o OUT.npy   blocked [B, C/c0, R/16, 16, c0] .npy -> logical
    ptonz-pack --unpack IN.bin --shape R,C --dtype int8 -o OUT.npy

Imports nothing from ``ptonz`` (hence no MLIR): ``--help`` needs argparse
only, a pack NumPy and ml_dtypes. Prints one line naming what it wrote or
checked. Every user error is reported as ``ptonz-pack: error: ...`` on stderr
with exit status 1; no Python traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ptonz_geometry import MX_LAYOUTS
from ptonz_pack.dtypes import SAFETENSORS_BITS, SAFETENSORS_DTYPES, SUPPORTED_DTYPES

PROG = "ptonz-pack"
FORMATS = ("npy", "bin", "safetensors")
PROGRESS_MIN_BYTES = 64 << 20  # smaller jobs finish before a bar is worth drawing


class UserError(Exception):
    """An error to report as `ptonz-pack: error: ...` (exit 1)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit 2; ptonz tools exit 1
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(1)


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Pack logical [R, C] or [B, R, C] weights into the NZ fractal byte order\n"
            "(the row-major blocked array [B, C/c0, R/16, 16, c0]; B=1 for rank 2), or\n"
            "unpack NZ data back to logical. Element (b, r, c) lands at element offset\n"
            "b*R*C + (c//c0)*R*c0 + r*c0 + c%c0.\n\n"
            "c0 = elements per 32-byte C0 line: 32 for (u)int8 and the float8 types,\n"
            "16 for (u)int16/float16/bfloat16, 8 for (u)int32/float32, 4 for\n"
            "(u)int64/float64. R must be a multiple of 16 and C a multiple of c0 (pad\n"
            "the weight otherwise)."
        ),
        epilog=(
            "examples:\n"
            "  ptonz-pack ckpt.safetensors -o ckpt_nz.safetensors \\\n"
            "      --select 'model.layers.*.mlp.experts.*.w1' --select '*.w3'\n"
            "  ptonz-pack ckpt.safetensors -o ckpt_nz.safetensors --verify\n"
            "  ptonz-pack --unpack ckpt_nz.safetensors -o ckpt_back.safetensors\n"
            "  ptonz-pack w.npy -o w_nz.bin                  raw NZ bytes for upload\n"
            "  ptonz-pack w.npy -o w_nz.npy                  blocked .npy\n"
            "  ptonz-pack --unpack w_nz.npy -o w.npy         back to logical\n"
            "  ptonz-pack --unpack w_nz.bin --shape 256,512 --dtype int8 -o w.npy\n\n"
            "safetensors: the --select'ed tensors are stored NZ with their real dtype and\n"
            "the blocked shape; every other tensor is copied unchanged. The file's\n"
            "metadata records, per packed tensor, 'ptonz.nz.NAME' =\n"
            '{"layout": "nz", "logical_shape": [...], "c0": N}, so --unpack and --verify\n'
            "need no flags. Tensors are read and written band by band (at most 32 MiB\n"
            "at a time): memory stays bounded whatever the checkpoint size.\n\n"
            ".npy: bfloat16 / float8 arrays are written with their ml_dtypes name as the\n"
            "dtype (np.load reads them back once ml_dtypes is imported). Input .npy\n"
            "files NumPy saved as opaque |V2/|V1 elements (or '<f1') need --dtype.\n"
            "Any other input is raw bytes and needs --shape and --dtype.\n\n"
            "--verify re-reads IN and OUT and checks, bit for bit, that OUT is what\n"
            "this command writes (with --unpack: the unpacked IN); it writes nothing.\n\n"
            "Prints one line naming what it wrote or checked; a progress bar on stderr\n"
            "for long runs (not with --quiet or when stderr is not a terminal). Errors\n"
            "print 'ptonz-pack: error: ...' and exit 1."
        ),
    )
    p.add_argument(
        "input",
        metavar="IN",
        help="input file: .safetensors, .npy, or raw bytes (e.g. .bin) with --shape/--dtype",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        required=True,
        help="output file; its extension (.safetensors, .npy or .bin) picks the format "
        "unless --format is given",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        default=None,
        help="output format: safetensors, npy (NumPy array) or bin (raw C-order bytes)",
    )
    p.add_argument(
        "--select",
        metavar="NAME|GLOB",
        action="append",
        default=None,
        help="safetensors: pack the tensors with this name or matching this glob "
        "(fnmatch: *, ?, [..]); repeatable; the others are copied unchanged",
    )
    p.add_argument(
        "--unpack",
        action="store_true",
        help="convert NZ-blocked data back to the logical layout (default: pack)",
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="check that OUT already holds IN packed (unpacked with --unpack), "
        "bit for bit; write nothing",
    )
    p.add_argument(
        "--shape",
        metavar="R,C|B,R,C",
        default=None,
        help="LOGICAL shape of a raw input; with --unpack of a .npy input it "
        "selects the result rank (default: [R, C] when B is 1, else [B, R, C])",
    )
    p.add_argument(
        "--nz-shape",
        metavar="SHAPE",
        default=None,
        help="pack as this logical shape (e.g. 65536x4096: a [32, 2048, 4096] "
        "tensor as one NZ matrix; default: the tensor's own shape, one NZ matrix "
        "per leading index), as ptonz-opt --nz-arg=@FUNC:INDEX=SHAPE declares it; "
        "the same elements in row-major order",
    )
    p.add_argument(
        "--layout",
        choices=MX_LAYOUTS,
        default=None,
        help="pack (or --unpack) an A5 microscaling scale tensor instead of NZ: "
        "mx_a_zz for an A-side [M, G] scale, mx_b_nn for a B-side [G, N] scale "
        "(one-byte float8_e8m0fnu or uint8 elements, 16x2 boxes: the blocked "
        "[1, M/16, G/2, 16, 2] / [1, N/16, G/2, 16, 2] that pto-block-mx-scale-views "
        "addresses); .npy or raw input, read whole",
    )
    p.add_argument(
        "--dtype",
        metavar="DTYPE",
        default=None,
        help="element type of a raw input: " + ", ".join(SUPPORTED_DTYPES),
    )
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress bar and no summary line (errors still print)",
    )
    return p


# --------------------------------------------------------------------------- helpers


def _kind(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    return {".safetensors": "safetensors", ".npy": "npy"}.get(ext, "bin")


def _parse_shape(text: str) -> Tuple[int, ...]:
    parts = [s.strip() for s in text.replace("x", ",").split(",")]
    try:
        dims = tuple(int(s) for s in parts)
    except ValueError:
        raise UserError(
            f"--shape {text!r} is not a list of integers: write R,C or B,R,C (e.g. 256,512)"
        ) from None
    if len(dims) not in (2, 3):
        raise UserError(f"--shape {text!r} has {len(dims)} dimensions: write R,C or B,R,C")
    if any(d <= 0 for d in dims):
        raise UserError(
            f"--shape {text!r} has a non-positive dimension: every dimension must be >= 1"
        )
    return dims


def _output_format(path: str, fmt: Optional[str]) -> str:
    if fmt:
        return fmt
    ext = os.path.splitext(path)[1].lower()
    if ext in (".npy", ".bin", ".safetensors"):
        return ext[1:]
    raise UserError(
        f"cannot tell the output format of {path!r} from its extension: "
        f"name it .safetensors, .npy or .bin, or pass --format safetensors|npy|bin"
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class _Progress:
    """A tqdm bar over bytes on stderr, or nothing (quiet, not a TTY, short job)."""

    def __init__(self, total: int, quiet: bool, desc: str):
        self.bar = None
        if quiet or total < PROGRESS_MIN_BYTES or not sys.stderr.isatty():
            return
        from tqdm import tqdm

        self.bar = tqdm(
            total=total,
            unit="B",
            unit_scale=True,
            unit_divisor=1024,
            desc=desc,
            file=sys.stderr,
            leave=False,
            dynamic_ncols=True,
        )

    def __call__(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def label(self, text: str) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


# --------------------------------------------------------------------------- safetensors


def _has_glob(pattern: str) -> bool:
    return any(ch in pattern for ch in "*?[")


def resolve_select(names: Sequence[str], patterns: Sequence[str], path: str) -> List[str]:
    """The tensors `patterns` name (exact names or fnmatch globs), in file order.
    A name that is missing or a glob that matches nothing is an error."""
    import difflib
    from fnmatch import fnmatchcase

    known = set(names)
    chosen = set()
    for pat in patterns:
        if _has_glob(pat):
            hits = [n for n in names if fnmatchcase(n, pat)]
            if not hits:
                sample = ", ".join(repr(n) for n in list(names)[:3])
                raise UserError(
                    f"{path}: --select {pat!r} matches no tensor (the file has "
                    f"{_plural(len(names), 'tensor')}{', e.g. ' + sample if names else ''}): "
                    f"fix the glob (fnmatch syntax: *, ?, [..])"
                )
            chosen.update(hits)
        elif pat in known:
            chosen.add(pat)
        else:
            close = difflib.get_close_matches(pat, names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UserError(
                f"{path}: no tensor named {pat!r}{hint}: fix --select {pat!r} "
                f"(a glob such as '*.w1' selects by pattern)"
            )
    return [n for n in names if n in chosen]


def _packing_shape(args, label: str, shape: Sequence[int]) -> Tuple[int, ...]:
    """The logical shape a tensor of `shape` is packed as (--nz-shape, else its own)."""
    if args.nz_shape is None:
        return tuple(shape)
    try:
        packing = tuple(int(d) for d in args.nz_shape.lower().split("x"))
    except ValueError:
        raise UserError(f"--nz-shape {args.nz_shape}: not a shape like 65536x4096") from None
    count = 1
    for d in shape:
        count *= d
    own = 1
    for d in packing:
        own *= d
    if own != count or not packing or min(packing) <= 0:
        raise UserError(
            f"{label}: --nz-shape {args.nz_shape} does not hold the tensor's "
            f"{count} elements (shape {list(shape)}); give a shape of the same "
            f"elements, e.g. {'x'.join(map(str, shape))}"
        )
    return packing


def _nz_shape_of(t, what: str, logical=None) -> Tuple[Tuple[int, ...], Any]:
    """(blocked shape, NumPy dtype) of a tensor selected for packing (as
    `logical`, by default its own shape)."""
    from ptonz_pack import layout as L

    bits = SAFETENSORS_BITS.get(t.code)
    if bits is not None and bits < 8:
        raise UserError(
            f"{t.label}: sub-byte dtype {t.code} ({bits}-bit) is outside ptonz's NZ "
            f"scope: leave it out of {what} (it is then copied unchanged)"
        )
    name = SAFETENSORS_DTYPES.get(t.code)
    if name not in SUPPORTED_DTYPES:
        codes = ", ".join(k for k, v in SAFETENSORS_DTYPES.items() if v in SUPPORTED_DTYPES)
        raise UserError(
            f"{t.label}: dtype {t.code} is not an NZ element type ({codes}): "
            f"leave it out of {what} (it is then copied unchanged)"
        )
    from ptonz_pack.tensor_io import numpy_dtype

    dtype = numpy_dtype(name)
    try:
        blocked = L.nz_blocked_shape(t.shape if logical is None else logical, dtype)
    except ValueError as exc:
        raise UserError(f"{t.label}: {exc} (or leave it out of {what})") from None
    _check_size(t, dtype)
    return blocked, dtype


def _check_size(t, dtype) -> None:
    count = 1
    for d in t.shape:
        count *= d
    if count * dtype.itemsize != t.nbytes:
        raise UserError(
            f"{t.label}: shape {list(t.shape)} of {t.code} needs "
            f"{count * dtype.itemsize} bytes but data_offsets give {t.nbytes}: the "
            f"file is corrupt"
        )


def _nz_record(src, t) -> Optional[Tuple[Tuple[int, ...], Any, Tuple[int, ...]]]:
    """(logical shape, dtype, the tensor's own shape) of a tensor `src`'s
    metadata marks NZ-packed."""
    from ptonz_pack import layout as L
    from ptonz_pack.tensor_io import FormatError, numpy_dtype

    info = src.nz_info(t.name)
    if info is None:
        return None
    name = SAFETENSORS_DTYPES.get(t.code)
    if name not in SUPPORTED_DTYPES:
        raise FormatError(
            f"{t.label}: marked NZ in the metadata but its dtype {t.code} is not "
            f"an NZ element type: the file is corrupt"
        )
    dtype = numpy_dtype(name)
    logical = info["logical_shape"]
    try:
        blocked = L.nz_blocked_shape(logical, dtype)
    except ValueError as exc:
        raise FormatError(
            f"{t.label}: its NZ metadata logical_shape {list(logical)} is not "
            f"packable ({exc}): the file is corrupt"
        ) from None
    if tuple(t.shape) != blocked or info["c0"] != L.c0_for(dtype):
        raise FormatError(
            f"{t.label}: stored shape {list(t.shape)} is not the NZ blocking "
            f"{list(blocked)} (c0={L.c0_for(dtype)}) of its metadata logical_shape "
            f"{list(logical)}, c0={info['c0']}: the file is corrupt"
        )
    _check_size(t, dtype)
    return logical, dtype, info["tensor_shape"]


def _pack_safetensors(args, out_path: str) -> str:
    import json

    from ptonz_pack import layout as L
    from ptonz_pack import tensor_io as T

    if args.verify and not args.select:
        # The packed file's metadata says which tensors are NZ.
        return _verify_safetensors(
            args, logical_path=args.input, packed_path=out_path, selected=None
        )
    if not args.select:
        raise UserError(
            f"{args.input}: name the tensors to pack with --select NAME|GLOB (repeatable), e.g. "
            f"--select 'model.layers.*.mlp.experts.*.w1'; the others are copied unchanged"
        )
    src = T.read_safetensors(args.input)
    try:
        names = [t.name for t in src.tensors]
        selected = resolve_select(names, args.select, args.input)
        # name -> (blocked shape, NumPy dtype, logical shape)
        plan: Dict[str, Tuple[Tuple[int, ...], Any, Tuple[int, ...]]] = {}
        for name in selected:
            t = src.by_name[name]
            if src.nz_info(name) is not None:
                raise UserError(
                    f"{t.label}: already NZ-packed (its metadata has "
                    f"'{T.META_TENSOR_PREFIX}{name}'): leave it out of --select, or "
                    f"--unpack the file first"
                )
            logical = _packing_shape(args, t.label, t.shape)
            plan[name] = _nz_shape_of(t, "--select", logical) + (logical,)
        metadata = dict(src.metadata)
        metadata[T.META_FORMAT_KEY] = T.META_FORMAT_VERSION
        entries = []
        for t in src.tensors:
            if t.name in plan:
                blocked, dtype, logical = plan[t.name]
                record = {"layout": "nz", "logical_shape": list(logical), "c0": L.c0_for(dtype)}
                if tuple(logical) != tuple(t.shape):
                    record["tensor_shape"] = list(t.shape)
                metadata[T.META_TENSOR_PREFIX + t.name] = json.dumps(record)
                entries.append(T.OutEntry(t.name, t.code, blocked, t.nbytes))
            else:
                entries.append(T.OutEntry(t.name, t.code, t.shape, t.nbytes))
        if args.verify:
            return _verify_safetensors(
                args, logical_path=args.input, packed_path=out_path, selected=selected, logical=src
            )

        def pack(t, write, progress):
            if t.name in plan:
                T.pack_tensor(t, write, plan[t.name][2], plan[t.name][1], progress)
            else:
                T.copy_bytes(t, write, t.nbytes, progress)

        total = _write_safetensors(out_path, src, entries, metadata, args.quiet, "packing", pack)
        packed_bytes = sum(src.by_name[n].nbytes for n in plan)
        return (
            f"wrote {out_path} (safetensors): {len(plan)} of {_plural(len(entries), 'tensor')} "
            f"packed to NZ ({packed_bytes} bytes), {len(entries) - len(plan)} copied unchanged, "
            f"{total} data bytes"
        )
    finally:
        src.close()


def _unpack_safetensors(args, out_path: str) -> str:
    from ptonz_pack import tensor_io as T

    if args.select:
        raise UserError(
            "--select picks tensors to pack; --unpack unpacks every tensor the "
            "file's metadata marks NZ: drop --select"
        )
    src = T.read_safetensors(args.input)
    try:
        records = {}
        for t in src.tensors:
            rec = _nz_record(src, t)
            if rec is not None:
                records[t.name] = rec
        if not records:
            raise UserError(
                f"{args.input}: no tensor is marked NZ-packed (no "
                f"'{T.META_TENSOR_PREFIX}NAME' metadata): nothing to unpack; was it "
                f"written by ptonz-pack?"
            )
        if args.verify:
            return _verify_safetensors(
                args, logical_path=out_path, packed_path=args.input, selected=None, packed=src
            )
        metadata = {
            k: v
            for k, v in src.metadata.items()
            if k != T.META_FORMAT_KEY and not k.startswith(T.META_TENSOR_PREFIX)
        }
        entries = [
            T.OutEntry(
                t.name, t.code, records[t.name][2] if t.name in records else t.shape, t.nbytes
            )
            for t in src.tensors
        ]

        def unpack(t, write, progress):
            if t.name in records:
                T.unpack_tensor(t, write, records[t.name][0], records[t.name][1], progress)
            else:
                T.copy_bytes(t, write, t.nbytes, progress)

        total = _write_safetensors(
            out_path, src, entries, metadata, args.quiet, "unpacking", unpack
        )
        return (
            f"wrote {out_path} (safetensors): {len(records)} of "
            f"{_plural(len(entries), 'tensor')} unpacked from NZ, "
            f"{len(entries) - len(records)} copied unchanged, {total} data bytes"
        )
    finally:
        src.close()


def _verify_safetensors(
    args, logical_path: str, packed_path: str, selected, logical=None, packed=None
) -> str:
    """Check that `packed_path` is `logical_path` with the tensors its metadata
    marks NZ packed bit for bit and every other tensor identical."""
    from ptonz_pack import tensor_io as T

    if _kind(logical_path) != "safetensors" or _kind(packed_path) != "safetensors":
        raise UserError("--verify of a .safetensors file needs a .safetensors counterpart")
    own_logical, own_packed = logical is None, packed is None
    logical = logical or T.read_safetensors(logical_path)
    try:
        packed = packed or T.read_safetensors(packed_path)
    except BaseException:
        if own_logical:
            logical.close()
        raise
    try:
        lnames = [t.name for t in logical.tensors]
        pnames = set(t.name for t in packed.tensors)
        missing = [n for n in lnames if n not in pnames]
        extra = sorted(pnames - set(lnames))
        if missing or extra:
            what = (
                f"lacks {', '.join(repr(n) for n in missing[:3])}"
                if missing
                else f"has extra tensors {', '.join(repr(n) for n in extra[:3])}"
            )
            raise UserError(f"verify: {packed_path} {what} compared with {logical_path}")
        # Tensors the logical file already holds NZ (packed by an earlier run)
        # must be plain copies.
        already = {t.name for t in logical.tensors if logical.nz_info(t.name) is not None}
        nz = {}
        for p in packed.tensors:
            rec = _nz_record(packed, p)
            if rec is not None and p.name not in already:
                nz[p.name] = rec
        if selected is not None and set(selected) != set(nz):
            unpacked = [n for n in selected if n not in nz]
            unselected = [n for n in lnames if n in nz and n not in selected]
            if unpacked:
                raise UserError(
                    f"verify: {packed_path}: tensor {unpacked[0]!r} is selected "
                    f"(--select) but not NZ-packed"
                )
            raise UserError(
                f"verify: {packed_path}: tensor {unselected[0]!r} is NZ-packed but "
                f"not selected (--select)"
            )
        total = sum(t.nbytes for t in logical.tensors)
        progress = _Progress(total, args.quiet, "verifying")
        try:
            for t in logical.tensors:
                p = packed.by_name[t.name]
                progress.label(t.name)
                if p.code != t.code:
                    raise UserError(f"verify: {p.label} is {p.code} but {t.label} is {t.code}")
                if t.name in nz:
                    lshape, dtype, own = nz[t.name]
                    if tuple(own) != tuple(t.shape):
                        raise UserError(
                            f"verify: {p.label} unpacks to shape "
                            f"{list(own)}, not {list(t.shape)} as in {logical_path}"
                        )
                    if args.nz_shape is not None and tuple(lshape) != _packing_shape(
                        args, t.label, t.shape
                    ):
                        raise UserError(
                            f"verify: {p.label} is packed as {list(lshape)}, not "
                            f"--nz-shape {args.nz_shape}"
                        )
                    _check_size(t, dtype)
                    bad = T.first_nz_mismatch(t, p, lshape, dtype, progress)
                    if bad is not None:
                        b, r, c = bad
                        at = f"[{r}, {c}]" if len(lshape) == 2 else f"[{b}, {r}, {c}]"
                        raise UserError(
                            f"verify: {p.label} is not NZ({t.label}): logical element {at} differs"
                        )
                else:
                    if tuple(p.shape) != tuple(t.shape) or p.nbytes != t.nbytes:
                        raise UserError(
                            f"verify: {p.label} has shape {list(p.shape)}, "
                            f"{t.label} {list(t.shape)}"
                        )
                    at_byte = T.first_byte_mismatch(t, p, t.nbytes, progress)
                    if at_byte is not None:
                        raise UserError(
                            f"verify: {p.label} differs from {t.label} at byte {at_byte} "
                            f"(it is not NZ-packed, so it should be a copy)"
                        )
        finally:
            progress.close()
        return (
            f"verified {packed_path} against {logical_path}: {len(nz)} of "
            f"{_plural(len(lnames), 'tensor')} NZ-packed bit for bit, "
            f"{len(lnames) - len(nz)} identical copies"
        )
    finally:
        if own_logical:
            logical.close()
        if own_packed:
            packed.close()


# --------------------------------------------------------------------------- one array


def _single_input(args, path: str, dtype, shape, stored_shape_for):
    """A TensorRef / ArrayRef of a .npy or raw file. `stored_shape_for(shape,
    dtype)` gives the stored shape of a raw file from the logical --shape."""
    import numpy as np

    from ptonz_pack import tensor_io as T

    if _kind(path) == "npy":
        h = T.read_npy_header(path)
        file_dtype = h.dtype
        if file_dtype is None or _opaque(file_dtype):
            opaque = (
                f"{file_dtype.itemsize}-byte elements ({file_dtype.str}, "
                if file_dtype is not None
                else f"elements of descr {h.descr!r} NumPy cannot name ("
            )
            if dtype is None:
                guess = (
                    "bfloat16"
                    if (file_dtype is not None and file_dtype.itemsize == 2)
                    else "float8_e4m3fn"
                )
                raise UserError(
                    f"{path} stores opaque {opaque}how NumPy saves bfloat16/float8 arrays): give "
                    f"the element type with --dtype (e.g. --dtype {guess})"
                )
            itemsize = file_dtype.itemsize if file_dtype is not None else 1
            if dtype.itemsize != itemsize:
                raise UserError(
                    f"--dtype {dtype.name} has {dtype.itemsize}-byte elements but {path} stores "
                    f"{itemsize}-byte ones: check --dtype"
                )
            file_dtype = dtype
        elif dtype is not None and file_dtype != dtype:
            raise UserError(
                f"--dtype {dtype.name} does not match {path}'s dtype {file_dtype.name}: "
                f"drop --dtype (ptonz-pack never converts values) or cast the array first"
            )
        count = int(np.prod(h.shape)) if h.shape else 1
        size = os.path.getsize(path)
        if h.data_offset + count * file_dtype.itemsize > size:
            raise UserError(
                f"{path}: holds {size - h.data_offset} data bytes but its header "
                f"shape {list(h.shape)} of {file_dtype.name} needs "
                f"{count * file_dtype.itemsize}: the file is truncated"
            )
        if h.fortran and len(h.shape) > 1:
            # Rare: read it whole and make it C-order (memory = the array).
            raw = np.fromfile(
                path, dtype=np.uint8, offset=h.data_offset, count=count * file_dtype.itemsize
            )
            arr = raw.view(file_dtype).reshape(h.shape, order="F")
            return T.ArrayRef("", path, arr)
        if file_dtype.name not in SUPPORTED_DTYPES:
            _unsupported(path, file_dtype)
        # A big-endian .npy keeps its byte order ('>f4'); results are native.
        name = file_dtype.name if file_dtype.isnative else file_dtype.str
        return T.TensorRef(
            "",
            path,
            T.open_fd(path),
            h.data_offset,
            count * file_dtype.itemsize,
            tuple(h.shape),
            T.SAFETENSORS_CODES.get(file_dtype.name, ""),
            name,
        )
    if shape is None or dtype is None:
        raise UserError(
            f"{path} is read as raw bytes (not .npy): give its logical shape and element "
            f"type with --shape R,C (or B,R,C) and --dtype"
        )
    stored = stored_shape_for(shape, dtype)
    count = int(np.prod(stored))
    fd = T.open_fd(path)
    size = os.fstat(fd).st_size
    if size != count * dtype.itemsize:
        os.close(fd)
        raise UserError(
            f"{path} holds {size} bytes but logical shape {list(shape)} of "
            f"{dtype.name} needs {count * dtype.itemsize}: check --shape and --dtype"
        )
    return T.TensorRef("", path, fd, 0, size, tuple(stored), "", dtype.name)


def _opaque(dtype) -> bool:
    """Whether a .npy dtype is NumPy's opaque void (ml_dtypes types, whose kind
    is also 'V', are not)."""
    import numpy as np

    return dtype.type is np.void


def _unsupported(path, dtype):
    from ptonz_pack import layout as L

    try:
        L.c0_for(dtype)
    except ValueError as exc:
        raise UserError(f"{path}: {exc}") from None
    raise UserError(f"{path}: dtype {dtype.name} is not an NZ element type")  # pragma: no cover


def _close(ref) -> None:
    fd = getattr(ref, "fd", None)
    if fd is not None:
        os.close(fd)


def _run_single(args, out_path: str, fmt: str) -> str:
    from ptonz_pack import layout as L
    from ptonz_pack import tensor_io as T

    if args.select:
        raise UserError(
            f"--select picks tensors of a .safetensors input; {args.input} holds "
            f"a single array: drop --select"
        )
    if fmt == "safetensors":
        raise UserError(
            f"a .safetensors output needs a .safetensors input ({args.input} holds a "
            f"single array): write .npy or .bin"
        )
    shape = _parse_shape(args.shape) if args.shape is not None else None
    dtype = None
    if args.dtype is not None:
        try:
            dtype = T.numpy_dtype(args.dtype)
            L.c0_for(dtype)
        except (TypeError, ValueError) as exc:
            raise UserError(f"--dtype {args.dtype}: {exc}") from None

    if args.unpack:
        src = _single_input(args, args.input, dtype, shape, L.nz_blocked_shape)
        try:
            try:
                rank = len(shape) if shape is not None else None
                logical = L.logical_shape_of(src.shape, src.dtype(), rank)
            except ValueError as exc:
                if len(src.shape) != 5:
                    raise UserError(
                        f"{args.input} has shape {list(src.shape)}, not a blocked rank-5 "
                        f"[B, C/c0, R/16, 16, c0] NZ array: drop --unpack to pack a logical "
                        f"array"
                    ) from None
                raise UserError(f"{args.input}: {exc}") from None
            if shape is not None and tuple(logical) != tuple(shape):
                raise UserError(
                    f"{args.input} unpacks to logical shape {list(logical)}, "
                    f"not --shape {list(shape)}"
                )
            blocked = tuple(src.shape)
            return _write_single(
                args,
                src,
                out_path,
                fmt,
                logical,
                blocked,
                src.dtype(),
                T.unpack_tensor,
                ("blocked", "logical"),
            )
        finally:
            _close(src)
    src = _single_input(args, args.input, dtype, shape, lambda s, d: s)
    try:
        if shape is not None and tuple(src.shape) != tuple(shape):
            raise UserError(
                f"{args.input} has shape {list(src.shape)}, not --shape {list(shape)}: "
                f"drop --shape or fix it"
            )
        logical = _packing_shape(args, args.input, src.shape)
        try:
            blocked = L.nz_blocked_shape(logical, src.dtype())
        except ValueError as exc:
            raise UserError(f"{args.input}: {exc}") from None
        return _write_single(
            args,
            src,
            out_path,
            fmt,
            logical,
            blocked,
            src.dtype(),
            T.pack_tensor,
            ("logical", "blocked"),
        )
    finally:
        _close(src)


def _run_mx(args, in_kind: str, fmt: str) -> str:
    """--layout mx_a_zz|mx_b_nn: pack (or unpack) one MX scale array, read
    whole (scale tensors are K/32 times smaller than their matrices)."""
    import numpy as np

    from ptonz_pack import layout as L
    from ptonz_pack import tensor_io as T

    for flag, given in (
        ("--select", args.select),
        ("--nz-shape", args.nz_shape),
        ("--verify", args.verify),
    ):
        if given:
            raise UserError(
                f"{flag} is not available with --layout {args.layout}: pack the "
                "scale array as a .npy or raw file"
            )
    if in_kind == "safetensors" or fmt == "safetensors":
        raise UserError(
            f"--layout {args.layout} packs a .npy or raw scale array, not a .safetensors checkpoint"
        )
    if in_kind == "npy":
        data = np.load(args.input, allow_pickle=False)
        if args.dtype is not None:
            data = data.view(T.numpy_dtype(args.dtype))
        elif data.dtype.kind == "V" and data.dtype.itemsize == 1:
            # NumPy saves ml_dtypes' float8_e8m0fnu as an opaque |V1 element:
            # the one one-byte type MX scales have.
            data = data.view(T.numpy_dtype("float8_e8m0fnu"))
    else:
        if args.shape is None or args.dtype is None:
            raise UserError(
                "a raw input needs --shape (the LOGICAL scale shape) and --dtype "
                "(float8_e8m0fnu or uint8)"
            )
        shape = _parse_shape(args.shape)
        dtype = T.numpy_dtype(args.dtype)
        blocked_shape = L.mx_blocked_shape(shape, args.layout) if args.unpack else shape
        data = np.fromfile(args.input, dtype=dtype)
        if data.size != int(np.prod(blocked_shape)):
            raise UserError(
                f"{args.input} holds {data.size} elements, not the "
                f"{int(np.prod(blocked_shape))} of {list(blocked_shape)}"
            )
        data = data.reshape(blocked_shape)
    if args.unpack:
        out, what = L.unpack_mx(data, args.layout), ("blocked", "logical")
    else:
        out, what = L.pack_mx(data, args.layout), ("logical", "blocked")
    with open(args.output, "wb") as f:
        if fmt == "npy":  # the ml_dtypes name as the dtype, as for NZ output
            f.write(T.npy_header_bytes(out.shape, out.dtype))
        f.write(np.ascontiguousarray(out).tobytes())
    return (
        f"wrote {args.output} ({fmt}): {what[0]} {list(data.shape)} -> {what[1]} "
        f"{list(out.shape)} ({args.layout}), dtype {out.dtype.name}, {out.nbytes} bytes"
    )


def _write_single(args, src, out_path, fmt, logical, blocked, dtype, convert, direction) -> str:
    import numpy as np

    from ptonz_pack import layout as L
    from ptonz_pack import tensor_io as T

    out_dtype = dtype.newbyteorder("=") if not dtype.isnative else dtype
    result_shape = blocked if direction[1] == "blocked" else logical
    nbytes = int(np.prod(result_shape)) * dtype.itemsize
    c0 = L.c0_for(dtype)
    if args.verify:
        return _verify_single(args, src, out_path, fmt, logical, blocked, out_dtype, direction)
    header = T.npy_header_bytes(result_shape, out_dtype) if fmt == "npy" else b""
    out = T.OutputFile(out_path, header, nbytes)
    progress = _Progress(
        nbytes, args.quiet, "packing" if direction[1] == "blocked" else "unpacking"
    )
    try:
        convert(src, out.write, logical, dtype, progress)
        out.commit()
    except BaseException:
        out.abort()
        raise
    finally:
        progress.close()
    src_shape, dst_shape = (logical, blocked) if direction[1] == "blocked" else (blocked, logical)
    return (
        f"wrote {out_path} ({fmt}): {direction[0]} {list(src_shape)} -> {direction[1]} "
        f"{list(dst_shape)}, dtype {out_dtype.name}, c0={c0}, {nbytes} bytes"
    )


def _verify_single(args, src, out_path, fmt, logical, blocked, dtype, direction) -> str:
    import numpy as np

    from ptonz_pack import tensor_io as T

    want_shape = blocked if direction[1] == "blocked" else logical
    if fmt == "npy":
        h = T.read_npy_header(out_path)
        got_dtype = h.dtype
        if got_dtype is not None and _opaque(got_dtype):
            got_dtype = None  # opaque: compare the bytes as `dtype`
        if tuple(h.shape) != tuple(want_shape) or (got_dtype is not None and got_dtype != dtype):
            raise UserError(
                f"verify: {out_path} holds {list(h.shape)} "
                f"{got_dtype.name if got_dtype is not None else h.descr}, expected "
                f"{direction[1]} {list(want_shape)} {dtype.name}"
            )
        offset = h.data_offset
    else:
        offset = 0
    nbytes = int(np.prod(want_shape)) * dtype.itemsize
    fd = T.open_fd(out_path)
    try:
        if os.fstat(fd).st_size != offset + nbytes:
            raise UserError(
                f"verify: {out_path} holds {os.fstat(fd).st_size - offset} data bytes, "
                f"expected {nbytes} ({direction[1]} {list(want_shape)} {dtype.name})"
            )
        out = T.TensorRef("", out_path, fd, offset, nbytes, tuple(want_shape), "", dtype.name)
        logical_ref, packed_ref = (src, out) if direction[1] == "blocked" else (out, src)
        progress = _Progress(nbytes, args.quiet, "verifying")
        try:
            bad = T.first_nz_mismatch(
                logical_ref,
                packed_ref,
                logical,
                logical_ref.dtype(),
                progress,
                packed_dtype=packed_ref.dtype(),
            )
        finally:
            progress.close()
    finally:
        os.close(fd)
    if bad is not None:
        b, r, c = bad
        at = f"[{r}, {c}]" if len(logical) == 2 else f"[{b}, {r}, {c}]"
        packed_path = out_path if direction[1] == "blocked" else args.input
        logical_path = args.input if direction[1] == "blocked" else out_path
        raise UserError(
            f"verify: {packed_path} is not NZ({logical_path}): logical element {at} differs"
        )
    return (
        f"verified {out_path} ({fmt}): {direction[1]} {list(want_shape)} of {args.input}, "
        f"dtype {dtype.name}, bit for bit"
    )


# --------------------------------------------------------------------------- main


def _run(argv: Optional[List[str]]) -> int:
    args = _build_parser().parse_args(argv)
    in_kind = _kind(args.input)
    fmt = _output_format(args.output, args.format)
    if not args.verify and os.path.exists(args.output) and _same_file(args.input, args.output):
        raise UserError(f"{args.output} is the input file: write the result to another file")
    if args.layout is not None:
        line = _run_mx(args, in_kind, fmt)
    elif in_kind == "safetensors":
        if fmt != "safetensors":
            raise UserError(
                f"a .safetensors input is written as .safetensors: name the output "
                f".safetensors (or pass --format safetensors), not {args.output!r}"
            )
        if args.shape or args.dtype:
            raise UserError(
                "--shape/--dtype describe a raw or opaque .npy input; a .safetensors "
                "file names its own shapes and dtypes: drop them"
            )
        line = (_unpack_safetensors if args.unpack else _pack_safetensors)(args, args.output)
    else:
        line = _run_single(args, args.output, fmt)
    if not args.quiet:
        print(line)
    return 0


def _write_safetensors(out_path, src, entries, metadata, quiet, what, convert) -> int:
    """Write `src`'s tensors to a new safetensors file of `entries` (same
    order), each through `convert(tensor, write(offset, array), progress)`;
    the file appears only once complete and validated. Returns its data bytes."""
    from ptonz_pack import tensor_io as T

    header = T.safetensors_header(entries, metadata)
    total = sum(e.nbytes for e in entries)
    out = T.OutputFile(out_path, header, total)
    progress = _Progress(total, quiet, what)
    try:
        for t, e in zip(src.tensors, entries):
            progress.label(t.name)
            convert(
                t, (lambda base: lambda off, arr: out.write(base + off, arr))(e.offset), progress
            )
        out.commit(validate=T.validate_with_library)
    except BaseException:
        out.abort()
        raise
    finally:
        progress.close()
    return total


def main(argv: Optional[List[str]] = None) -> int:
    # Packing never calls BLAS: skip starting OpenBLAS's thread pool when NumPy
    # loads (~15% of NumPy's import time), unless the user chose otherwise.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        return _run(argv)
    except UserError as exc:
        msg = str(exc)
    except ValueError as exc:  # layout errors from ptonz_pack.layout say what to do
        msg = str(exc)
    except KeyboardInterrupt:
        msg = "interrupted"
    except MemoryError:
        msg = "out of memory"
    except OSError as exc:
        msg = f"{exc.filename + ': ' if exc.filename else ''}{exc.strerror or exc}"
    except Exception as exc:  # never a traceback
        if type(exc).__name__ == "FormatError":
            msg = str(exc)
        else:
            msg = f"internal error: {type(exc).__name__}: {exc}"
    sys.stderr.write(f"{PROG}: error: {msg}\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
