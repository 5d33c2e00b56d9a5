"""ptonz-fuzz: a seeded, grammar-aware mutation fuzzer for ptonz-opt.

    python -m ptonz_cli.fuzz [-n 1000] [--seed 0] [--jobs 2] [--root .]
                                     [--save DIR] [--replay SEED:INDEX]

The corpus is ptonz's own inputs: `examples/*.mlir` and `test/**/*.mlir`,
split at `// -----`. Each mutant applies one to three mutations to a corpus
chunk: element types and widths, shapes, tile sizes, integer constants near
powers of two, arithmetic swaps (addi/subi/muli/shli/...), wrapping and narrowing
casts, loop bounds (and loops one or two trips too long, overrunning their
dimension by a tile), ragged tails whose valid extent can be zero or negative
(pl valid shapes, dynamic pto partition sizes), loaded tiles turned into
function arguments, every MLIR element type (f80, f128, tf32, the f8/f6/f4
variants, odd integer widths, index, complex), attributes (layout, memory,
tile layout, the blocked marker), view kinds (`analyses.view_kinds`: the old
type spelling of a logical view, a view without its layout), offsets, a use
of one value replaced by another value of the same function, and syntax
damage (deleted, duplicated, truncated text,
bytes that are not UTF-8). Mutant `i` of seed `s` depends only on (s, i).

Every mutant runs in-process (`ptonz-opt`'s own `run`) in a forked worker,
under a timeout: `--lower-to-ptoas` first, then, if it is accepted,
`--check-addressing` (the oracle: the logical program simulated on ND
weights against the lowered one on NZ-packed bytes). The fuzzer asserts

* no crash (a signal), no hang (the timeout) and no internal error (exit 2);
* every error is located (`file:line:col: error:`);
* every accepted program passes `--check-addressing`, and its logical
  program does not read outside a view in the launch of one block (a
  statically out-of-bounds load the passes should have rejected).

An accepted program the oracle cannot check is counted, not a finding: the
simulator models the address arithmetic of the pto subset ptonz emits, so a
program with ops or element types it does not model, with scalar function
arguments, or one whose logical program leaves a view only in larger
launches (an offset from `pto.get_block_idx`: undecidable, accepted by
design) is "unchecked", by reason.

Findings are printed with their reproducer (`--replay SEED:INDEX`) and, with
`--save DIR`, written there as `.mlir` files.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing as mp
import os

# numpy's BLAS starts a thread pool on import; a forked worker must not inherit one.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import random
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple


from ptonz_cli import split_chunks

# --------------------------------------------------------------------------
# Corpus
# --------------------------------------------------------------------------


# What a chunk must have for ptonz's passes to lower: a pl op or a pto tensor
# view. The lit inputs of PTOAS 0.60's verifier rules (vector, comm, pipe
# ops ptonz keeps verbatim) have neither; mutating them tests the parser and
# those rules, not the lowering.
LOWERABLE = re.compile(r"\bpl\.|tensor_view")


def load_corpus(root: Path) -> List[Tuple[str, str]]:
    """(name, chunk text) of every example and lit input, split at `// -----`,
    that has something to lower (LOWERABLE). Mutants start from a chunk with
    no `expected-*` annotation (a valid program) VALID_BIAS times out of ten:
    most lit inputs are rejections."""
    files = sorted((root / "examples").glob("*.mlir")) + sorted(
        p
        for p in (root / "test").rglob("*.mlir")
        if not any(part.startswith(".") for part in p.relative_to(root).parts)
    )
    out = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        for k, (chunk, _line) in enumerate(split_chunks(text)):
            if ("func.func" in chunk or "module" in chunk) and LOWERABLE.search(chunk):
                out.append((f"{path.relative_to(root)}#{k}", chunk))
    return out


# --------------------------------------------------------------------------
# Mutations (each: (rng, text) -> text, or None when it does not apply)
# --------------------------------------------------------------------------

# Every MLIR builtin element type (and a few non-scalar ones), and PTOAS's
# own scalar types: PTOAS has C++ types for some, the rest must be located
# errors.
ELEMENT_TYPES = [
    "i8",
    "i16",
    "i32",
    "i64",
    "f16",
    "bf16",
    "f32",
    "f64",
    "i1",
    "i2",
    "i4",
    "i12",
    "i24",
    "i128",
    "i256",
    "i512",
    "ui8",
    "si8",
    "ui16",
    "si32",
    "ui64",
    "tf32",
    "f80",
    "f128",
    "f8E4M3",
    "f8E4M3FN",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E5M2",
    "f8E5M2FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "f6E2M3FN",
    "f6E3M2FN",
    "f4E2M1FN",
    "index",
    "complex<f32>",
    "complex<i8>",
    "vector<4xf16>",
    # PTOAS's own scalars: one-byte ones, and packed pairs (of 4-bit values)
    "!pto.hif8",
    "!pto.f8E8M0",
    "!pto.hif8x2",
    "!pto.f4E2M1x2",
    "!pto.f4E1M2x2",
    "!pto.bf16x2",
]
INT_TYPES = ["i8", "i16", "i32", "i64"]
ARITH_BINARY = [
    "addi",
    "subi",
    "muli",
    "shli",
    "shrsi",
    "shrui",
    "divsi",
    "divui",
    "floordivsi",
    "ceildivsi",
    "remsi",
    "remui",
    "minsi",
    "maxsi",
    "minui",
    "maxui",
    "andi",
    "ori",
    "xori",
]


def _near_pow2(rng: random.Random) -> int:
    k = rng.choice([1, 3, 4, 5, 7, 8, 9, 12, 15, 16, 20, 24, 31, 32, 40, 62, 63])
    v = (1 << k) + rng.choice([-1, 0, 0, 1])
    if k == 63 and v > (1 << 63) - 1:
        v = (1 << 63) - 1
    return -v if rng.random() < 0.15 else v


def _interesting_int(rng: random.Random) -> int:
    return rng.choice(
        [
            0,
            1,
            -1,
            2,
            8,
            16,
            32,
            48,
            64,
            128,
            192,
            255,
            256,
            257,
            512,
            1024,
            2048,
            4096,
            65535,
            65536,
            (1 << 31) - 1,
            1 << 31,
            1 << 32,
            (1 << 63) - 1,
            -(1 << 63),
            -16,
            -256,
            _near_pow2(rng),
            _near_pow2(rng),
        ]
    )


def _sub_at(text: str, m: re.Match, group: int, new: str) -> str:
    return text[: m.start(group)] + new + text[m.end(group) :]


def _pick(rng: random.Random, pattern: str, text: str, flags=0) -> Optional[re.Match]:
    ms = list(re.finditer(pattern, text, flags))
    return rng.choice(ms) if ms else None


def mut_element_type(rng, text):
    m = _pick(rng, r"(?<=[x<])(i\d+|f\d+|bf16|tf32|f[864]E\w+|[su]i\d+)(?=[>,])", text)
    if m is None:
        return None
    old, new = m.group(0), rng.choice(ELEMENT_TYPES)
    if rng.random() < 0.8:  # consistently: the type in every shaped and pointer type
        return re.sub(rf"(?<=[x<]){re.escape(old)}(?=[>,])", new, text)
    return _sub_at(text, m, 0, new)


def mut_shape_dim(rng, text):
    m = _pick(rng, r"(?<=[<x])(\d+)(?=x)", text)
    if m is None:
        return None
    new = str(
        rng.choice(
            [
                1,
                8,
                15,
                16,
                17,
                32,
                48,
                64,
                100,
                128,
                256,
                512,
                1024,
                4096,
                1 << 20,
                1 << 31,
                1 << 40,
                (1 << 62),
            ]
        )
    )
    old = m.group(1)
    if rng.random() < 0.5:
        return re.sub(rf"(?<=[<x]){old}(?=x)", new, text)
    return _sub_at(text, m, 1, new)


def mut_constant(rng, text):
    m = _pick(rng, r"arith\.constant (-?\d+) : (index|i\d+)", text)
    if m is None:
        return None
    return _sub_at(text, m, 1, str(_interesting_int(rng)))


def mut_arith_swap(rng, text):
    m = _pick(rng, r"arith\.(" + "|".join(ARITH_BINARY) + r")\b", text)
    if m is None:
        return None
    return _sub_at(text, m, 1, rng.choice(ARITH_BINARY))


_DEF = r"^(\s*)(%[\w.$-]+) = (arith\.\w+|pto\.get_block_\w+|pto\.get_subblock_\w+)([^\n]*): (index|i64)\s*$"


def _rename_later_uses(text: str, pos: int, old: str, new: str) -> str:
    return text[:pos] + re.sub(re.escape(old) + r"(?![\w.$-])", new, text[pos:])


def mut_narrow_cast(rng, text):
    """After `%x = ... : index`, route its later uses through a narrowing cast
    round trip (index -> iN -> index), which wraps."""
    m = _pick(rng, _DEF, text, re.M)
    if m is None:
        return None
    indent, name, typ = m.group(1), m.group(2), m.group(5)
    width = rng.choice(["i8", "i16", "i32"])
    cast = "arith.index_cast" if typ == "index" else "arith.trunci"
    back = "arith.index_cast" if typ == "index" else rng.choice(["arith.extsi", "arith.extui"])
    n1, n2 = f"{name}_n{width}", f"{name}_w"
    lines = (
        f"\n{indent}{n1} = {cast} {name} : {typ} to {width}"
        f"\n{indent}{n2} = {back} {n1} : {width} to {typ}"
    )
    end = m.end()
    text = text[:end] + lines + text[end:]
    return _rename_later_uses(text, end + len(lines), name, n2)


def mut_narrow_arith(rng, text):
    """Compute an index `addi`/`muli`/`subi`/`shli` in a narrower type and cast
    the (possibly wrapped) result back."""
    m = _pick(
        rng,
        r"^(\s*)(%[\w.$-]+) = arith\.(addi|muli|subi|shli) (%[\w.$-]+), "
        r"(%[\w.$-]+) : index\s*$",
        text,
        re.M,
    )
    if m is None:
        return None
    indent, name, op, a, b = m.groups()
    w = rng.choice(["i8", "i16", "i32"])
    p = f"{name}_{w}"
    new = (
        f"{indent}{p}a = arith.index_cast {a} : index to {w}\n"
        f"{indent}{p}b = arith.index_cast {b} : index to {w}\n"
        f"{indent}{p} = arith.{op} {p}a, {p}b : {w}\n"
        f"{indent}{name} = arith.index_cast {p} : {w} to index"
    )
    return text[: m.start()] + new + text[m.end() :]


def mut_loop_bound(rng, text):
    m = _pick(rng, r"scf\.for (%[\w.$-]+) = (%[\w.$-]+) to (%[\w.$-]+) step (%[\w.$-]+)", text)
    if m is None:
        return None
    names = re.findall(r"(%c[\w.$-]*) = arith\.constant", text) or [m.group(2)]
    g = rng.choice([2, 3, 4])
    return _sub_at(text, m, g, rng.choice(names))


def mut_offset(rng, text):
    m = _pick(rng, r"offsets = \[([^\]]*)\]", text)
    if m is None or not m.group(1).strip():
        return None
    items = [x.strip() for x in m.group(1).split(",")]
    pool = re.findall(r"(%[\w.$-]+) = ", text[: m.start()]) or items
    k = rng.randrange(len(items))
    items[k] = rng.choice(pool)
    return _sub_at(text, m, 1, ", ".join(items))


def mut_block_offset(rng, text):
    """Make an offset depend on the block id: `%off = block_idx * K`."""
    m = _pick(
        rng,
        r"^(\s*)(%[\w.$-]+) = (pto|pl)\.partition_view|^(\s*)(%[\w.$-]+) = pl\.tile\.load",
        text,
        re.M,
    )
    if m is None:
        return None
    line_start = m.start()
    indent = m.group(1) or m.group(4) or "  "
    k = rng.choice([16, 32, 64, 256, 512, 4096, 1 << 24])
    new = (
        f"{indent}%fz_b = pto.get_block_{rng.choice(['idx', 'num'])}\n"
        f"{indent}%fz_bi = arith.index_cast %fz_b : i64 to index\n"
        f"{indent}%fz_k = arith.constant {k} : index\n"
        f"{indent}%fz_off = arith.muli %fz_bi, %fz_k : index\n"
    )
    text = text[:line_start] + new + text[line_start:]
    after = line_start + len(new)
    mo = re.compile(r"offsets = \[([^\]]*)\]").search(text, after)
    if mo is None:
        return None
    items = [x.strip() for x in mo.group(1).split(",")]
    items[rng.randrange(len(items))] = "%fz_off"
    return _sub_at(text, mo, 1, ", ".join(items))


_VALUE = re.compile(r"%[\w.$-]+")


def mut_operand(rng, text):
    """Replace one use of a value by another value named earlier in the same
    function (an offset by a loop's induction variable, a size by an
    argument, a stride by a block id): data flow no corpus case has. A type
    or scope the parser rejects is just another rejected mutant."""
    func = 0
    uses = []  # (start, end, where its function starts)
    for m in re.finditer(r"^.*$", text, re.M):
        line = m.group(0)
        if "func.func" in line:
            func = m.start()
            continue  # the signature defines its arguments
        if line.lstrip().startswith("//"):
            continue
        lhs = re.match(r"\s*%[\w.$-]+(?::\d+)?(?:\s*,\s*%[\w.$-]+)*\s*=", line)
        for u in _VALUE.finditer(line, lhs.end() if lhs else 0):
            if re.match(r":|\s*=", line[u.end() :]):
                continue  # a definition: `%i = lb to ub`, `%acc = %init`, `^bb0(%a: i32)`
            uses.append((m.start() + u.start(), m.start() + u.end(), func))
    if not uses:
        return None
    start, end, func = rng.choice(uses)
    names = sorted(set(_VALUE.findall(text, func, start)) - {text[start:end]})
    if not names:
        return None
    return text[:start] + rng.choice(names) + text[end:]


def mut_sizes(rng, text):
    """Change one static size of a `sizes = [...]` list (pl.tile.load /
    store), usually with the tile type on the same line to match."""
    m = _pick(rng, r"sizes = \[([-\d, ]+)\]", text)
    if m is None:
        return None
    items = [x.strip() for x in m.group(1).split(",")]
    k = rng.randrange(len(items))
    old = items[k]
    items[k] = str(
        rng.choice(
            [
                0,
                -16,
                1,
                2,
                8,
                15,
                16,
                17,
                32,
                48,
                64,
                128,
                256,
                512,
                1024,
                4096,
                1 << 31,
                (1 << 63) - 1,
                _near_pow2(rng),
            ]
        )
    )
    text = _sub_at(text, m, 1, ", ".join(items))
    if rng.random() < 0.7:  # the tile type on the same line: AxB
        eol = text.find("\n", m.start())
        eol = len(text) if eol < 0 else eol
        line = re.sub(rf"(?<=[<x]){re.escape(old)}(?=x)", items[k], text[m.end() : eol], count=1)
        text = text[: m.end()] + line + text[eol:]
    return text


def _constants(text: str) -> Dict[str, int]:
    """The index constants of a chunk: name -> value."""
    return {
        m.group(1): int(m.group(2))
        for m in re.finditer(r"(%[\w.$-]+) = arith\.constant (-?\d+) : index", text)
    }


def mut_loop_overrun(rng, text):
    """One more trip: an scf.for whose bounds are constants runs to ub + step,
    so a loop over tiles overruns its dimension by one tile."""
    consts = _constants(text)
    loops = [
        m
        for m in re.finditer(
            r"^(\s*)(?:%[\w.$-]+(?::\d+)? = )?scf\.for (%[\w.$-]+) = "
            r"(%[\w.$-]+) to (%[\w.$-]+) step (%[\w.$-]+)",
            text,
            re.M,
        )
        if m.group(4) in consts and m.group(5) in consts
    ]
    if not loops:
        return None
    m = rng.choice(loops)
    ub = consts[m.group(4)] + consts[m.group(5)] * rng.choice([1, 1, 1, 2])
    name = f"%fz{rng.randrange(1 << 20)}_ub"
    line = f"{m.group(1)}{name} = arith.constant {ub} : index\n"
    text = _sub_at(text, m, 4, name)
    start = text.rfind("\n", 0, m.start(2)) + 1
    return text[:start] + line + text[start:]


def _valid_extent(
    rng, indent: str, offset: Optional[str], rows: int, extents: Sequence[int]
) -> Tuple[str, str]:
    """(definitions, value) of a valid extent that may be zero or negative:
    min(E - offset, rows) with E the dimension's extent (usually one of
    `extents`), or a hidden constant 0 / negative count. The names are
    fresh, so that the mutation can apply twice."""
    n = f"%fz{rng.randrange(1 << 20)}"
    kind = rng.choice(["rest", "rest", "rest", "zero", "negative"])
    if kind == "rest" and offset is not None:
        e = rng.choice(list(extents) * 3 + [0, rows, 256, 768, 4096])
        return (
            f"{indent}{n}_e = arith.constant {e} : index\n"
            f"{indent}{n}_r = arith.subi {n}_e, {offset} : index\n"
            f"{indent}{n}_t = arith.constant {rows} : index\n"
            f"{indent}{n}_v = arith.minsi {n}_r, {n}_t : index\n"
        ), f"{n}_v"
    c = 0 if kind != "negative" else rng.choice([-1, -16, -256])
    return (
        f"{indent}{n}_z = arith.constant {c} : index\n"
        f"{indent}{n}_t = arith.constant {rows} : index\n"
        f"{indent}{n}_v = arith.minsi {n}_z, {n}_t : index\n"
    ), f"{n}_v"


_PL_LOAD = re.compile(
    r"^(\s*)(%[\w.$-]+) = pl\.tile\.load [^\n]*?offsets = \[([^\]]*)\], "
    r"sizes = \[([-\d, ]+)\](, valid_shape = \[[^\]]*\])?",
    re.M,
)


def mut_ragged_tail(rng, text):
    """A ragged tail whose valid extent can be zero or negative: a
    pl.tile.load gets (or has replaced) a valid_shape whose row (or column)
    count is min(E - offset, Rt) or a hidden constant 0 / negative count; a
    pto.partition_view gets such a dynamic size (its result type `?` there)."""
    if rng.random() < 0.5:
        loads = [m for m in _PL_LOAD.finditer(text) if len(m.group(4).split(",")) >= 2]
        if loads:
            m = rng.choice(loads)
            sizes = [int(x) for x in m.group(4).split(",")]
            offsets = [x.strip() for x in m.group(3).split(",")]
            if len(offsets) < 2:
                return None
            k = rng.choice([-2, -2, -1])
            tensor = re.search(r"!pl\.tensor<([\dx]+)x", text[m.end() : m.end() + 400])
            dims = [int(d) for d in tensor.group(1).split("x")] if tensor else []
            defs, value = _valid_extent(
                rng,
                m.group(1),
                offsets[k] if offsets[k].startswith("%") else None,
                sizes[k],
                dims[k:][:1],
            )
            other = sizes[-1] if k == -2 else sizes[-2]
            o = f"%fz{rng.randrange(1 << 20)}_o"
            defs += f"{m.group(1)}{o} = arith.constant {other} : index\n"
            valid = [value, o] if k == -2 else [o, value]
            new = f", valid_shape = [{', '.join(valid)}]"
            text = text[: m.end(4) + 1] + new + text[m.end(5) if m.group(5) else m.end(4) + 1 :]
            return text[: m.start()] + defs + text[m.start() :]
    parts = list(
        re.finditer(
            r"^(\s*)(%[\w.$-]+) = pto\.partition_view [^\n]*?offsets = "
            r"\[([^\]]*)\], sizes = \[([^\]]*)\] : [^\n]*-> "
            r"(!pto\.partition_tensor_view<([^>]*)>)",
            text,
            re.M,
        )
    )
    if not parts:
        return None
    m = rng.choice(parts)
    offsets = [x.strip() for x in m.group(3).split(",")]
    sizes = [x.strip() for x in m.group(4).split(",")]
    dims = m.group(6).split("x")
    if len(dims) != len(sizes) + 1 or len(sizes) < 2 or len(offsets) != len(sizes):
        return None
    k = len(sizes) - rng.choice([2, 2, 1])
    rows = int(dims[k]) if dims[k].isdigit() else 256
    extents = [v for v in _constants(text[: m.start()]).values() if v >= rows][-3:]
    defs, value = _valid_extent(rng, m.group(1), offsets[k], rows, extents)
    sizes[k] = value
    dims[k] = "?"
    old_type, new_type = m.group(5), f"!pto.partition_tensor_view<{'x'.join(dims)}>"
    text = (
        text[: m.start(4)]
        + ", ".join(sizes)
        + text[m.end(4) : m.start(5)]
        + new_type
        + text[m.end(5) :].replace(old_type, new_type)
    )
    return text[: m.start()] + defs + text[m.start() :]


def mut_tile_argument(rng, text):
    """A loaded pl tile becomes an argument of its function instead (a
    tile passed in: no function can be handed one)."""
    loads = list(
        re.finditer(
            r"^\s*(%[\w.$-]+) = pl\.tile\.load [^\n]*(?:\n[^\n]*)??"
            r" -> (!pl\.tile<[^>]*>)[ \t]*\n",
            text,
            re.M,
        )
    )
    if not loads:
        return None
    m = rng.choice(loads)
    func = None
    for f in re.finditer(r"func\.func @[\w.$-]+\(", text[: m.start()]):
        func = f
    if func is None:
        return None
    arg = f"{m.group(1)}: {m.group(2)}"
    close = text.find(")", func.end())
    sep = "" if close == func.end() else ", "
    text = text[: m.start()] + "\n" + text[m.end() :]
    return text[: func.end()] + arg + sep + text[func.end() :]


ATTRIBUTE_SWAPS = [
    (r"#pto\.layout<(nd|dn|nz|mx_a_zz|mx_b_nn)>", ["nd", "dn", "nz", "mx_a_zz", "mx_b_nn"]),
    (r"!pl\.tensor<[^>]*?, (nd|dn|nz|mx_a_zz|mx_b_nn)>", ["nd", "dn", "nz", "mx_a_zz", "mx_b_nn"]),
    (r"#pl\.memory<(\w+)>", ["mat", "vec", "left", "right", "acc"]),
    (r"blayout=(\w+)", ["row_major", "col_major"]),
    (r"slayout=(\w+)", ["row_major", "col_major", "none_box"]),
    (r"fractal=(\d+)", ["16", "32", "512", "1024"]),
    (r"tile_buf<(mat|vec|left|right|acc)", ["mat", "vec", "left", "right", "acc"]),
]


def mut_attribute(rng, text):
    pattern, choices = rng.choice(ATTRIBUTE_SWAPS)
    m = _pick(rng, pattern, text)
    if m is None:
        return None
    return _sub_at(text, m, 1, rng.choice(choices))


def _blocked_mark(rng) -> str:
    from ptonz.analyses.view_kinds import MARKS  # the one name of each mark

    return rng.choice(sorted(set(MARKS.values())))


def mut_marker(rng, text):
    mark = _blocked_mark(rng)
    if mark in text:
        return text.replace(f" attributes {{{mark}}}", "", 1)
    m = _pick(rng, r"func\.func @\w+\([^)]*\)", text)
    if m is None:
        return None
    return text[: m.end()] + f" attributes {{{mark}}}" + text[m.end() :]


_LOGICAL_VIEW = (
    r"strides = \[\] \{layout = #pto\.layout<(nd|dn|nz|mx_a_zz|mx_b_nn)>\} : "
    r"!pto\.tensor_view<([^>]*)>"
)


def mut_view_kind(rng, text):
    """Move a view between the kinds of `analyses.view_kinds`: a logical view
    in the old spelling (the layout in the view type), or without its layout
    attribute."""
    m = _pick(rng, _LOGICAL_VIEW, text)
    if m is None:
        return None
    layout, body = m.group(1), m.group(2)
    new = rng.choice(
        [
            f"strides = [] : !pto.tensor_view<{body}, #pto.layout<{layout}>>",
            f"strides = [] {{layout = #pto.layout<{layout}>}} : "
            f"!pto.tensor_view<{body}, #pto.layout<{layout}>>",
            f"strides = [] : !pto.tensor_view<{body}>",
        ]
    )
    return text[: m.start()] + new + text[m.end() :]


def mut_damage(rng, text):
    if not text:
        return None
    kind = rng.choice(["delete", "duplicate", "truncate", "bytes", "swap", "char"])
    lines = text.splitlines(keepends=True)
    if kind == "delete" and lines:
        del lines[rng.randrange(len(lines))]
        return "".join(lines)
    if kind == "duplicate" and lines:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "".join(lines)
    if kind == "swap" and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    if kind == "truncate":
        return text[: rng.randrange(len(text))]
    if kind == "bytes":
        i = rng.randrange(len(text))
        return (
            text[:i] + rng.choice(["\udcff", "\udcc3", "\udc80\udc80", "\x00", "\u00e9"]) + text[i:]
        )
    i = rng.randrange(len(text))
    return text[:i] + rng.choice("{}()[]<>,:=%@#!x0123456789-") + text[i + 1 :]


MUTATIONS: Dict[str, Callable] = {
    "element_type": mut_element_type,
    "shape_dim": mut_shape_dim,
    "constant": mut_constant,
    "arith_swap": mut_arith_swap,
    "narrow_cast": mut_narrow_cast,
    "narrow_arith": mut_narrow_arith,
    "loop_bound": mut_loop_bound,
    "offset": mut_offset,
    "sizes": mut_sizes,
    "block_offset": mut_block_offset,
    "attribute": mut_attribute,
    "marker": mut_marker,
    "view_kind": mut_view_kind,
    "damage": mut_damage,
    "loop_overrun": mut_loop_overrun,
    "ragged_tail": mut_ragged_tail,
    "tile_argument": mut_tile_argument,
    "operand": mut_operand,
}
# Semantic mutations are more interesting than syntax damage.
WEIGHTS = {
    "damage": 1,
    "marker": 1,
    "view_kind": 1,
    "attribute": 2,
    "element_type": 6,
    "shape_dim": 3,
    "constant": 4,
    "arith_swap": 3,
    "narrow_cast": 3,
    "narrow_arith": 3,
    "loop_bound": 3,
    "offset": 3,
    "sizes": 2,
    "block_offset": 2,
    "loop_overrun": 3,
    "ragged_tail": 3,
    "tile_argument": 1,
    "operand": 3,
}


VALID_BIAS = 8


def make_mutant(
    corpus: Sequence[Tuple[str, str]], seed: int, index: int
) -> Tuple[str, List[str], bytes]:
    """(corpus chunk name, mutations applied, mutant bytes) of mutant `index`."""
    rng = random.Random(f"ptonz-fuzz:{seed}:{index}")
    valid = [c for c in corpus if "expected-" not in c[1]]
    name, text = rng.choice(valid if valid and rng.random() < VALID_BIAS / 10 else corpus)
    applied = []
    names, weights = list(WEIGHTS), list(WEIGHTS.values())
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        for _attempt in range(4):
            m = rng.choices(names, weights)[0]
            new = MUTATIONS[m](rng, text)
            if new is not None and new != text:
                text = new
                applied.append(m)
                break
    # Surrogate escapes stand for raw bytes that are not UTF-8.
    return name, applied, text.encode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------
# Running one mutant (in the worker)
# --------------------------------------------------------------------------

# The header of a diagnostic that has no place in the input (ptonz-opt prints
# located ones as `file:line:col: severity: ...`, then the source line and a
# caret, which may contain anything).
_UNLOCATED = re.compile(
    r"^(<unknown>:0: (error|warning)|ptonz-opt: (error|internal error)"
    r"|error:|loc\()"
)


@dataclass
class Outcome:
    kind: str  # see KINDS
    detail: str = ""
    stderr: str = ""


# Outcome kinds; the ones in FINDINGS fail the run.
FINDINGS = (
    "crash",
    "hang",
    "internal",
    "unlocated",
    "mis-addressed",
    "accepted-out-of-bounds",
    "oracle-error",
)


def _run_cli(argv: List[str]) -> Tuple[int, str, str]:
    from ptonz_cli import opt as ptonz_opt

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = ptonz_opt.exit_code(argv)
    finally:
        sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def _unlocated(stderr: str) -> Optional[str]:
    """The first diagnostic that is not located (`file:line:col: ...`)."""
    for line in stderr.splitlines():
        if _UNLOCATED.match(line):
            return line
    return None


def _first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if ": error: " in line:
            return line.split(": error: ", 1)[1][:200]
    return stderr.strip().splitlines()[0][:200] if stderr.strip() else ""


def run_mutant(data: bytes, path: str, samples: int = 4) -> Outcome:
    """`--lower-to-ptoas`, then the oracle on an accepted program."""
    with open(path, "wb") as f:
        f.write(data)
    code, _out, err = _run_cli(["--lower-to-ptoas", path, "-o", os.devnull])
    if code == 2:
        return Outcome("internal", err.strip().splitlines()[0] if err.strip() else "", err)
    bad = _unlocated(err)
    if bad is not None:
        return Outcome("unlocated", bad, err)
    if code != 0:
        return Outcome("rejected", _first_error(err))
    return _oracle(path, samples)


def _oracle(path: str, samples: int) -> Outcome:
    from mlir import ir

    from ptonz.sim.check import CheckError, check_addressing

    code, out, err = _run_cli([f"--check-addressing={samples}", path])
    if code == 2:
        return Outcome("internal", "--check-addressing: " + err.strip().splitlines()[0], err)
    bad = _unlocated(err)
    if bad is not None:
        return Outcome("unlocated", "--check-addressing: " + bad, err)
    if code == 0:
        return Outcome("accepted")
    if "MISMATCH" in err:
        return Outcome("mis-addressed", _first_error(err), err)
    # The oracle could not run: say why, and whether the logical program
    # leaves a view even in the launch of one block (a static out-of-bounds
    # load the passes accepted).
    text = open(path, encoding="utf-8").read()
    try:
        with ir.Context() as ctx:
            check_addressing(ir.Module.parse(text, context=ctx), samples=1, block_num=1)
        return Outcome("unchecked", "launch-dependent: " + _first_error(err))
    except CheckError as exc:
        if exc.kind == "out-of-bounds":
            return Outcome("accepted-out-of-bounds", exc.message, err)
        if exc.kind == "lowering":
            return Outcome(
                "oracle-error",
                f"the lowering --check-addressing runs rejected an accepted program: {exc.message}",
                err,
            )
        return Outcome("unchecked", f"{exc.kind}: {_reason(exc.message)}")
    except Exception as exc:  # the oracle itself failed: a bug
        return Outcome("oracle-error", f"{type(exc).__name__}: {exc}", err)


def _reason(message: str) -> str:
    # Group "cannot check" reasons without their operands.
    return re.sub(r"\d+", "N", message.split(" (", 1)[0])[:90]


# --------------------------------------------------------------------------
# Workers
# --------------------------------------------------------------------------


def _worker(conn, tmpdir: str, samples: int, runner) -> None:
    path = os.path.join(tmpdir, f"mutant{os.getpid()}.mlir")
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        index, data = job
        try:
            outcome = runner(data, path, samples)
        except Exception as exc:  # a bug in ptonz or the fuzzer: report it, keep going
            outcome = Outcome("internal", f"{type(exc).__name__}: {exc}")
        conn.send((index, outcome))


@dataclass
class Report:
    counts: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    findings: List[Tuple[int, str, List[str], Outcome]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.findings

    def summary(self, seed: int) -> str:
        n = sum(self.counts.values())
        lines = [f"ptonz-fuzz: {n} mutants, seed {seed}, {self.seconds:.1f} s"]
        for kind in ("accepted", "rejected", "unchecked") + FINDINGS:
            lines.append(f"  {kind:24s} {self.counts.get(kind, 0)}")
        if self.reasons:
            lines.append("  unchecked, by reason:")
            for reason, k in self.reasons.most_common(12):
                lines.append(f"    {k:6d}  {reason}")
        for index, name, applied, o in self.findings[:50]:
            lines.append(
                f"FINDING {o.kind} --replay {seed}:{index} ({name}; "
                f"{', '.join(applied)}): {o.detail}"
            )
        return "\n".join(lines)


def fuzz(
    root: Path,
    n: int,
    seed: int,
    jobs: int = 2,
    timeout: float = 20.0,
    samples: int = 4,
    save: Optional[Path] = None,
    start: int = 0,
    progress: bool = False,
    runner: Optional[Callable[..., Outcome]] = None,
) -> Report:
    """Run mutants start..start+n-1 of `seed` on `jobs` forked workers.
    `runner(data, path, samples) -> Outcome` runs one mutant (default
    `run_mutant`; the tests give one that crashes or hangs)."""
    runner = runner or run_mutant
    import ptonz  # loaded once, shared by the forked workers
    import ptonz.sim.check  # noqa: F401
    from ptonz_cli import opt as ptonz_opt  # noqa: F401

    corpus = load_corpus(root)
    ctx = mp.get_context("fork")
    report = Report()
    t0 = time.monotonic()
    tmp = tempfile.TemporaryDirectory(prefix="ptonz-fuzz-")
    pending = list(range(start, start + n))
    pending.reverse()
    # connection -> (process, (mutant index, start time) or None when idle)
    workers: Dict[Any, Tuple[Any, Optional[Tuple[int, float]]]] = {}

    def spawn():
        parent, child = ctx.Pipe()
        p = ctx.Process(target=_worker, args=(child, tmp.name, samples, runner), daemon=True)
        p.start()
        child.close()
        workers[parent] = (p, None)

    def give(conn):
        p, _ = workers[conn]
        if not pending:
            workers[conn] = (p, None)
            return
        index = pending.pop()
        _name, _applied, data = make_mutant(corpus, seed, index)
        conn.send((index, data))
        workers[conn] = (p, (index, time.monotonic()))

    def record(index: int, outcome: Outcome):
        report.counts[outcome.kind] += 1
        if outcome.kind == "unchecked":
            report.reasons[outcome.detail] += 1
        if outcome.kind in FINDINGS:
            name, applied, data = make_mutant(corpus, seed, index)
            report.findings.append((index, name, applied, outcome))
            if save is not None:
                save.mkdir(parents=True, exist_ok=True)
                (save / f"seed{seed}_{index}_{outcome.kind}.mlir").write_bytes(data)
        done = sum(report.counts.values())
        if progress and done % 500 == 0:
            print(
                f"  {done}/{n} ({time.monotonic() - t0:.0f} s) {dict(report.counts)}",
                file=sys.stderr,
                flush=True,
            )

    for _ in range(max(1, jobs)):
        spawn()
    for conn in list(workers):
        give(conn)
    try:
        while any(job is not None for _p, job in workers.values()):
            ready: List[Any] = wait(
                [c for c, (_p, job) in workers.items() if job is not None], timeout=0.5
            )
            now = time.monotonic()
            for conn in ready:
                p, job = workers[conn]
                assert job is not None  # only busy workers are waited on
                try:
                    index, outcome = conn.recv()
                except (EOFError, OSError):  # the worker died: a signal
                    p.join(1)
                    code = p.exitcode
                    sig = -code if code is not None and code < 0 else code
                    record(job[0], Outcome("crash", f"worker died (signal/exit {sig})"))
                    del workers[conn]
                    spawn()
                    give(list(workers)[-1])
                    continue
                record(index, outcome)
                give(conn)
            for conn, (p, job) in list(workers.items()):
                if job is not None and now - job[1] > timeout:
                    p.kill()
                    p.join(1)
                    record(job[0], Outcome("hang", f"no answer in {timeout:.0f} s"))
                    del workers[conn]
                    spawn()
                    give(list(workers)[-1])
    finally:
        for conn, (p, _job) in workers.items():
            try:
                conn.send(None)
            except OSError:
                pass
            p.join(2)
            if p.is_alive():
                p.kill()
        tmp.cleanup()
    report.seconds = time.monotonic() - t0
    return report


def replay(root: Path, seed: int, index: int, samples: int = 4) -> int:
    """Print mutant SEED:INDEX and what ptonz-opt does with it (in this process)."""
    corpus = load_corpus(root)
    name, applied, data = make_mutant(corpus, seed, index)
    print(f"// mutant {seed}:{index} of {name}: {', '.join(applied)}")
    sys.stdout.write(data.decode("utf-8", "replace"))
    with tempfile.TemporaryDirectory(prefix="ptonz-fuzz-") as tmp:
        outcome = run_mutant(data, os.path.join(tmp, "mutant.mlir"), samples)
    print(f"\n// outcome: {outcome.kind}: {outcome.detail}")
    if outcome.stderr:
        print(outcome.stderr)
    return 1 if outcome.kind in FINDINGS else 0


def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(prog="ptonz-fuzz", description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=1000, help="number of mutants")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--start", type=int, default=0, help="index of the first mutant")
    p.add_argument("--jobs", type=int, default=2, help="forked workers")
    p.add_argument("--timeout", type=float, default=20.0, help="seconds per mutant")
    p.add_argument("--samples", type=int, default=4, help="--check-addressing=N of the oracle")
    p.add_argument(
        "--root",
        type=Path,
        default=Path("."),
        help="the ptonz checkout (its examples/ and test/ are the corpus)",
    )
    p.add_argument("--save", type=Path, default=None, help="write findings' reproducers here")
    p.add_argument(
        "--replay",
        metavar="SEED:INDEX",
        default=None,
        help="print one mutant and what ptonz-opt does with it",
    )
    args = p.parse_args(argv)
    if args.replay:
        seed, index = (int(x) for x in args.replay.split(":"))
        sys.exit(replay(args.root, seed, index, args.samples))
    report = fuzz(
        args.root,
        args.n,
        args.seed,
        args.jobs,
        args.timeout,
        args.samples,
        args.save,
        args.start,
        progress=True,
    )
    print(report.summary(args.seed))
    sys.exit(0 if report.ok else 1)


if __name__ == "__main__":
    main()
