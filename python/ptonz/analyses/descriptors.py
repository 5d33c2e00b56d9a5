"""The pto-isa GlobalTensor descriptor PTOAS emits for each `pto.tload`.

A tload from `pto.partition_view(pto.make_tensor_view(...))` becomes
`GlobalTensor<T, pto::Shape<5 dims>, pto::Stride<5 dims>, pto::Layout::L>`:
the partition sizes and the view strides, right-aligned to rank 5 (a padded
leading dim has size 1 and stride = next size * next stride). Entries that
are not constants print as their SSA name.

The partition's offsets do not enter the descriptor: PTOAS moves the GM
pointer by `sum(offset_k * stride_k)` elements (`Descriptor.offset`) and keeps
the view's strides. So a partition of one batch of a batched NZ view
[B, C/c0, R/16, 16, c0] at d0 = b is `Shape<1, ...>` with the parent strides
at pointer offset `b * stride[0]` (PTOAS >= 0.61's `batched_nz_tload`).

The descriptor is the one of a PTOAS release (`version`, default
DEFAULT_VERSION): from 0.59 PTOAS writes a partition whose sizes, view
strides or type are not all static in its runtime form, `Stride<-1, ...>`
with -1 for each dynamic dim of the partition type
(`ptoas_facts.runtime_global_tensor`); 0.27 keeps the static entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Tuple, Union, cast

from mlir import ir
from ptonz_geometry import C0_BYTES, c0_for_bitwidth, right_align5

from .. import _ptonz
from .._ptonz import DYNAMIC, PartitionTensorViewType, TileBufType
from .ir_queries import (
    bit_width,
    constant_int,
    defining_op,
    dims_of,
    layout_of,
    name_state,
    ops_named,
    ssa_name,
)
from .ptoas_facts import (
    DEFAULT_VERSION,
    Version,
    parse_version,
    runtime_global_tensor,
    view_layout,
)

Entry = Union[int, str]

CPP_TYPES = {
    "i8": "int8_t",
    "ui8": "uint8_t",
    "si8": "int8_t",
    "i16": "int16_t",
    "i32": "int32_t",
    "i64": "int64_t",
    "f16": "half",
    "bf16": "bfloat16_t",
    "f32": "float",
    "f8E4M3FN": "float8_e4m3_t",
    "f8E5M2": "float8_e5m2_t",
    "f8E4M3": "float8_e4m3_t",
    "!pto.f8E8M0": "float8_e8m0_t",  # MX scales (pto::Layout::MX_A_ZZ / MX_B_NN)
}


@dataclass
class Descriptor:
    op: ir.OpView  # the tload
    element_type: ir.Type
    shape: List[Entry]
    strides: List[Entry]
    layout: str  # ND | DN | NZ | MX_A_ZZ | MX_B_NN (pto-isa's pto::Layout names)
    tile: TileBufType
    offset: Entry = 0  # elements the GM pointer moves: sum(offset_k * stride_k)
    # PTOAS's runtime form (ptoas_facts.runtime_global_tensor): the shape its
    # template prints (-1 where the partition type is dynamic; a symbolic
    # entry stands for -1 as elsewhere), its strides all -1. None: the
    # compile-time form, `shape` and `strides` as they are.
    runtime_shape: Optional[List[Entry]] = None

    def global_tensor(self) -> str:
        t = CPP_TYPES.get(str(self.element_type), str(self.element_type))
        shape, strides = self.shape, self.strides
        if self.runtime_shape is not None:
            shape, strides = self.runtime_shape, [-1] * len(self.runtime_shape)
        return (
            f"GlobalTensor<{t}, pto::Shape<{', '.join(map(str, shape))}>, "
            f"pto::Stride<{', '.join(map(str, strides))}>, pto::Layout::{self.layout}>"
        )

    @property
    def element_bytes(self) -> int:
        return bit_width(self.element_type) // 8


def _entry(value: ir.Value, state: Any) -> Entry:
    c = constant_int(value)
    return c if c is not None else ssa_name(value, state)


def _times(a: Entry, b: Entry) -> Entry:
    """a * b of two descriptor entries (symbolic when either is)."""
    return a * b if isinstance(a, int) and isinstance(b, int) else f"{a}*{b}"


def descriptor_of(
    tload: Any, state: Any, version: Optional[Version] = None, infer_layout: bool = True
) -> Optional[Descriptor]:
    """The descriptor of a tload from a GM view, or None if it reads something
    else; `version`: the PTOAS release as (major, minor) (None: DEFAULT_VERSION),
    `infer_layout`: false when it runs with --disable-infer-layout."""
    part = defining_op(tload.src)
    if part is None or part.operation.name != "pto.partition_view":
        return None
    view = defining_op(part.source)
    if view is None or view.operation.name != "pto.make_tensor_view":
        return None
    shape = [_entry(s, state) for s in part.sizes]
    if len(view.strides):
        strides = [_entry(s, state) for s in view.strides]
    else:
        strides = ["?"] * len(shape)  # not materialized yet
    offset = _pointer_offset([_entry(o, state) for o in part.offsets], strides)
    part_type = PartitionTensorViewType(part.result.type)
    version = version or parse_version(DEFAULT_VERSION)
    runtime = _runtime_shape(shape, strides, list(part_type.shape), version)
    info = _ptonz.view_info(view.operation)
    try:
        element_bytes = bit_width(part_type.element_type) // 8
    except ValueError:
        element_bytes = 0
    layout = view_layout(
        version, infer_layout, layout_of(view), dims_of(info), info[4], element_bytes
    )
    if len(strides) == len(shape):
        shape, strides = right_align5(shape, strides, _times)
    return Descriptor(
        tload,
        part_type.element_type,
        shape,
        strides,
        layout.upper(),
        TileBufType(tload.dst.type),
        offset,
        runtime,
    )


def _runtime_shape(
    sizes: List[Entry], strides: List[Entry], type_shape: List[int], version: Version
) -> Optional[List[Entry]]:
    """The 5-d template shape of PTOAS's runtime form of this partition, or
    None when `version` writes it in the compile-time form."""
    if len(type_shape) != len(sizes) or len(strides) != len(sizes) or "?" in strides:
        return None  # rank-reduced, or strides not materialized yet
    static_sizes = all(isinstance(x, int) and d in (DYNAMIC, x) for x, d in zip(sizes, type_shape))
    if not runtime_global_tensor(
        version, static_sizes, all(isinstance(x, int) for x in strides), DYNAMIC not in type_shape
    ):
        return None
    shape = [
        d if d != DYNAMIC else (x if not isinstance(x, int) else -1)
        for d, x in zip(type_shape, sizes)
    ]
    return [1] * (5 - len(shape)) + shape


def _pointer_offset(offsets: List[Entry], strides: List[Entry]) -> Entry:
    """sum(offset_k * stride_k): an int when every term is constant, else the
    symbolic sum (constant terms folded, last)."""
    const, terms = 0, []
    for o, s in zip(offsets, strides):
        if isinstance(o, int) and isinstance(s, int):
            const += o * s
        elif o != 0 and s != 0:
            terms.append(f"{o}" if s == 1 else f"{o}*{s}")
    if not terms:
        return const
    return " + ".join(terms + ([str(const)] if const else []))


def descriptors(
    module: Any, version: Union[str, Version, None] = None, infer_layout: bool = True
) -> List[Descriptor]:
    """The descriptor of every tload from a GM view, as PTOAS release `version`
    ("X.Y" or (major, minor); default DEFAULT_VERSION) writes it (with
    `--disable-infer-layout` where `infer_layout` is false)."""
    op = module.operation if hasattr(module, "operation") else module
    state = name_state(op)
    version = parse_version(version) if isinstance(version, str) else version
    out = []
    for tload in ops_named(op, "pto.tload"):
        d = descriptor_of(tload, state, version, infer_layout)
        if d is not None:
            out.append(d)
    return out


# --------------------------------------------------------------------------
# --report=loads
# --------------------------------------------------------------------------


def gm_path(d: Descriptor) -> str:
    """ND->NZ, NZ->NZ, ND->ND, MX_A_ZZ->ZZ, MX_B_NN->NN ... : GM layout ->
    tile layout (an MX scale tile: SFractal 32, row-major ZZ or column-major
    NN boxes)."""
    t = d.tile
    if t.fractal == 32 and t.blayout == t.slayout and t.blayout in ("row_major", "col_major"):
        return f"{d.layout}->{'ZZ' if t.blayout == 'row_major' else 'NN'}"
    tile_nz = t.blayout == "col_major" and t.slayout == "row_major"
    return f"{d.layout}->{'NZ' if tile_nz else 'ND'}"


def contiguous_runs(d: Descriptor) -> Optional[Tuple[int, int]]:
    """(runs per tile, bytes per run) of the GM reads, or None if symbolic.

    A strided box reads runs of its merged innermost contiguous dims. An ND->NZ
    load converts layouts on the fly: it moves one 32-byte C0 line per fractal
    row, so its runs are C0 lines whatever the GM contiguity (seed 001: 4096
    runs of 32 B per 256x512 i8 tile, against 16 runs of 8 KiB NZ->NZ).
    """
    if not all(isinstance(x, int) for x in d.shape + d.strides):
        return None
    shape, strides = cast("list[int]", d.shape), cast("list[int]", d.strides)
    total = 1
    for s in shape:
        total *= s
    if gm_path(d) in ("ND->NZ", "DN->NZ"):
        c0 = c0_for_bitwidth(bit_width(d.element_type))
        return total // c0, C0_BYTES
    run = 1
    k = len(shape)
    while k > 0:
        size, stride = shape[k - 1], strides[k - 1]
        if size != 1 and stride != run:
            break
        run *= size
        k -= 1
    return total // run, run * d.element_bytes
