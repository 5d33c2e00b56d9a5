"""`ptonz-opt --emit=layout-svg -o DIR`: one self-contained SVG per NZ->NZ
`pto.tload`, showing what the load reads.

Four panels, drawn in blocks (fractals, C0 column blocks, runs), never
element by element, so a 256x512 tile of a 256 MiB weight stays readable:

1. the logical weight (one batch) with the loaded tile highlighted;
2. the tile cut into its 16-row x c0 fractals, coloured by C0 column block,
   each with a hover `<title>` giving its blocked [B, C/c0, R/16, 16, c0]
   coordinates and its ND / NZ byte offsets;
3. the ND build's GM bytes around the tile (one logical row per line): the
   tile is (Ct/c0) stripes, each of Rt separate C0-line runs that the ND->NZ
   DMA reads one by one (seed 001: 4096 runs of 32 B);
4. the NZ build's GM bytes around the tile (one C0 column block per line):
   one run per column block (seed 001: 16 runs of 8 KiB).

Panels 3 and 4 use the same scale (area per byte), and the same colour is
the same data in panels 2-4. The run counts and sizes come from
`ptonz.analyses.descriptors.contiguous_runs` (what `--report=loads`
prints); the drawn runs are cross-checked against them. A tile whose
offsets are symbolic is drawn where its first execution (block id 0, every
loop at its first iteration, run by `ptonz.sim.interpreter`) reads.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple
from xml.sax.saxutils import escape, quoteattr

from mlir import ir
from ptonz_geometry import (
    FRACTAL_ROWS,
    blocked_shape,
    nz_blocked_index,
    nz_element_offset,
    nz_logical_dims,
    nz_logical_position,
    right_align5,
)

from ..analyses.descriptors import Descriptor, contiguous_runs, descriptors, gm_path
from ..analyses.view_kinds import is_blocked_nz
from ..analyses.ir_queries import (
    bit_width,
    constant_int,
    constant_ints,
    defining_op,
    layout_of,
    ops_named,
    name_state,
    ssa_name,
    symbol_name as _sym,
)
from ..diagnostics import format_location
from ..sim.dtypes import UINT
from ..sim.interpreter import GMBuffer, Interpreter, SimError

SVG_FORMAT = "ptonz-layout-svg/1"


class LayoutSvgError(Exception):
    """A load cannot be drawn; `op` locates it."""

    def __init__(self, message: str, op=None):
        super().__init__(message)
        self.message, self.op = message, op


@dataclass
class Run:
    """A contiguous GM byte range [start, start + size) relative to the batch."""

    start: int
    size: int


@dataclass
class LoadPicture:
    """Everything the SVG shows about one NZ->NZ tload (no MLIR objects)."""

    where: str  # file:line:col of the tload
    func: str
    element: str  # MLIR element type, e.g. "i8"
    element_bytes: int
    batch: int
    rows: int
    cols: int
    c0: int
    tile_b: int
    tile_r: int
    tile_c: int
    tile_rows: int
    tile_cols: int
    nz_descriptor: str
    nd_descriptor: str
    nz_runs: Tuple[int, int]  # (count, bytes each) from contiguous_runs
    nd_runs: Tuple[int, int]
    offsets: str  # the blocked partition offsets as written in the IR
    shown_for: Optional[str] = None  # the iteration drawn, when offsets are symbolic

    # -- geometry (bytes, relative to the start of batch tile_b)
    @property
    def col_blocks(self) -> int:
        return self.tile_cols // self.c0

    @property
    def row_blocks(self) -> int:
        return self.tile_rows // FRACTAL_ROWS

    @property
    def line_bytes(self) -> int:
        return self.c0 * self.element_bytes

    def nz_offset(self, r: int, c: int) -> int:
        return nz_element_offset(0, r, c, self.rows, self.cols, self.c0) * self.element_bytes

    def nd_offset(self, r: int, c: int) -> int:
        return (r * self.cols + c) * self.element_bytes

    def nz_run_list(self) -> List[Tuple[Run, List[int]]]:
        """The NZ build's runs, merged where column blocks are adjacent, each
        with the tile column blocks it covers."""
        runs: List[Tuple[Run, List[int]]] = []
        size = self.tile_rows * self.line_bytes
        for j in range(self.col_blocks):
            start = self.nz_offset(self.tile_r, self.tile_c + j * self.c0)
            if runs and runs[-1][0].start + runs[-1][0].size == start:
                runs[-1][0].size += size
                runs[-1][1].append(j)
            else:
                runs.append((Run(start, size), [j]))
        return runs


# --------------------------------------------------------------------------- from IR


def _func_of(op: ir.Operation) -> ir.Operation:
    p = op.parent
    while p is not None and p.name != "func.func":
        p = p.parent
    if p is None:
        raise LayoutSvgError("pto.tload is not inside a func.func", op)
    return p


class _AddressOnly(GMBuffer):
    """A GM buffer for an interpreter run that only needs addresses: any
    offset is in bounds, every element reads as 0."""

    size = 1 << 62

    def __init__(self, bits: int):
        self.bits = bits

    def read(self, flat):
        import numpy as np

        return np.zeros(flat.shape, dtype=UINT[self.bits])


def _first_executions(func: ir.Operation) -> Dict[ir.Operation, object]:
    """tload op -> the TloadRecord of its first execution (block id 0, each
    loop at its first iteration)."""
    from .._ptonz import PtrType

    block = func.regions[0].blocks[0]
    args = {}
    for i, a in enumerate(block.arguments):
        if PtrType.isinstance(a.type):
            buf = _AddressOnly(bit_width(PtrType(a.type).element_type))
            args[i] = buf

    def first_only(op, lb, ub, step, has_iter_args):
        return range(lb, min(ub, lb + step), step) if step > 0 else ()

    interp = Interpreter(args, block_idx=0, block_num=1, loop_policy=first_only)
    try:
        records = interp.run(func)
    except SimError as exc:
        raise LayoutSvgError(
            f"cannot evaluate the symbolic tile offsets: {exc.message}", exc.op or func
        ) from None
    out: Dict[ir.Operation, object] = {}
    for rec in records:
        out.setdefault(rec.op, rec)
    return out


def _iteration_text(rec) -> str:
    """'its first execution (block id 0; the loop at line 24 = 0, ...)'."""
    from ..diagnostics import file_location

    parts = []
    for loop, v in zip(rec.loops, rec.path):
        where = file_location(loop.location)
        parts.append(f"the scf.for at line {where[1]} = {v}" if where else f"an scf.for = {v}")
    loops = ", ".join(parts) if parts else "no enclosing loop"
    return f"its first execution (block id 0; {loops})"


def picture_of(d: Descriptor, state, first: Dict) -> LoadPicture:
    """The LoadPicture of an NZ->NZ tload's descriptor."""
    op = d.op.operation
    part = defining_op(d.op.src)
    assert part is not None  # an NZ->NZ descriptor reads a partition_view
    view = defining_op(part.source)
    assert view is not None
    dims = constant_ints(view.shape)
    if dims is None or len(dims) != 5:
        raise LayoutSvgError(
            "the NZ view's blocked shape is not constant, so the weight cannot "
            "be drawn: give the weight a static shape",
            view,
        )
    batch, rows, cols = nz_logical_dims(dims)
    c0 = dims[4]
    sizes = constant_ints(part.sizes)
    if sizes is None or len(sizes) != 5:
        raise LayoutSvgError("the NZ partition sizes are not constant", part)
    _, tile_rows, tile_cols = nz_logical_dims(sizes)
    offs = constant_ints(part.offsets)
    shown_for = None
    if offs is not None:
        tb, cb, rb = offs[0], offs[1], offs[2]
    else:
        rec = first.get(op)
        if rec is None:
            raise LayoutSvgError(
                "this tload's offsets are symbolic and it does not execute in "
                "the first iteration of its loops (block id 0), so there is no "
                "tile position to draw",
                op,
            )
        tb, r, c = nz_logical_position(rec.first_offset, rows, cols, c0)
        cb, rb = c // c0, r // FRACTAL_ROWS
        shown_for = _iteration_text(rec)
    ebytes = d.element_bytes
    nz = contiguous_runs(d)
    # The same tile read from an ND weight: [1, Rt, Ct] of row-major [B, R, C].
    nd_shape, nd_strides = right_align5([1, tile_rows, tile_cols], [rows * cols, cols, 1])
    nd = dataclasses.replace(d, shape=nd_shape, strides=nd_strides, layout="ND")
    nd_runs = contiguous_runs(nd)
    if nz is None or nd_runs is None:  # pragma: no cover - sizes/strides are constant here
        raise LayoutSvgError("the descriptor is symbolic", op)

    def entry(v):
        c = constant_int(v)
        return str(c) if c is not None else ssa_name(v, state)

    pic = LoadPicture(
        where=format_location(op.location),
        func=_sym(_func_of(op)),
        element=str(d.element_type),
        element_bytes=ebytes,
        batch=batch,
        rows=rows,
        cols=cols,
        c0=c0,
        tile_b=tb,
        tile_r=rb * FRACTAL_ROWS,
        tile_c=cb * c0,
        tile_rows=tile_rows,
        tile_cols=tile_cols,
        nz_descriptor=d.global_tensor(),
        nd_descriptor=nd.global_tensor(),
        nz_runs=nz,
        nd_runs=nd_runs,
        offsets="[" + ", ".join(entry(v) for v in part.offsets) + "]",
        shown_for=shown_for,
    )
    _check_runs(pic, op)
    return pic


def _check_runs(p: LoadPicture, op=None) -> None:
    """The runs drawn must be the runs --report=loads counts."""
    merged = p.nz_run_list()
    count, size = p.nz_runs
    if len(merged) != count or any(r.size != size for r, _ in merged):
        raise LayoutSvgError(
            f"internal: drawn NZ runs ({len(merged)}) disagree with the "
            f"descriptor's {count} x {size} B",
            op,
        )
    count, size = p.nd_runs
    if count != p.col_blocks * p.tile_rows or size != p.line_bytes:
        raise LayoutSvgError(
            f"internal: drawn ND runs ({p.col_blocks} x {p.tile_rows} C0 lines) "
            f"disagree with the descriptor's {count} x {size} B",
            op,
        )


def pictures(module) -> List[LoadPicture]:
    """A LoadPicture for every NZ->NZ tload of the module, in IR order."""
    op = module.operation if hasattr(module, "operation") else module
    state = name_state(op)
    firsts: Dict[ir.Operation, Dict] = {}
    out = []
    for d in descriptors(op):
        if d.layout != "NZ" or gm_path(d) != "NZ->NZ":
            continue
        part = defining_op(d.op.src)
        assert part is not None  # an NZ->NZ descriptor reads a partition_view
        if not is_blocked_nz(defining_op(part.source)):
            continue  # a logical NZ view, not lowered yet: see logical_nz_loads

        func = _func_of(d.op.operation)
        first = {}
        if any(constant_int(v) is None for v in part.offsets):
            if func not in firsts:
                firsts[func] = _first_executions(func)
            first = firsts[func]
        out.append(picture_of(d, state, first))
    return out


def logical_nz_loads(module) -> List[ir.OpView]:
    """NZ views that are not blocked yet (logical, `analyses.view_kinds`:
    nothing to draw)."""
    op = module.operation if hasattr(module, "operation") else module
    found = []
    for view in ops_named(op, "pto.make_tensor_view"):
        if layout_of(view) == "nz" and not is_blocked_nz(view):
            found.append(view)
    return found


# --------------------------------------------------------------------------- SVG

WIDTH = 960
MARGIN = 20
PANEL_W = WIDTH - 2 * MARGIN
GM_AREA_H = 240  # height of the larger GM window panel


def byte_size(n: int) -> str:
    """`n` bytes as the pictures label them: 8 KiB, 2 MiB, 48 B."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} B"


def _wrap(text: str, width: int) -> List[str]:
    import textwrap

    return textwrap.wrap(text, width, break_long_words=True, subsequent_indent="    ") or [""]


def _color(j: int, n: int) -> str:
    return f"hsl({(j * 360 // max(1, n)) % 360}, 70%, 52%)"


class _Svg:
    def __init__(self):
        self.parts: List[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def text(
        self, x, y, s, size=12, weight="normal", anchor="start", family="sans-serif", fill="#222"
    ) -> None:
        self.add(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" '
            f'font-family="{family}" text-anchor="{anchor}" fill="{fill}">{escape(s)}</text>'
        )

    def rect(
        self, x, y, w, h, fill, title=None, stroke="none", sw=0.0, cls=None, extra="", opacity=None
    ) -> None:
        attrs = f'x="{x:.2f}" y="{y:.2f}" width="{max(w, 0.0):.2f}" height="{max(h, 0.0):.2f}" fill="{fill}"'
        if stroke != "none":
            attrs += f' stroke="{stroke}" stroke-width="{sw}"'
        if opacity is not None:
            attrs += f' fill-opacity="{opacity}"'
        if cls:
            attrs += f' class="{cls}"'
        if extra:
            attrs += " " + extra
        if title is None:
            self.add(f"<rect {attrs}/>")
        else:
            self.add(f"<rect {attrs}><title>{escape(title)}</title></rect>")


def render_svg(p: LoadPicture) -> str:
    """A self-contained SVG document of one LoadPicture."""
    _check_runs(p)
    e, R, C, c0, isz = p.element, p.rows, p.cols, p.c0, p.element_bytes
    b, r0, k0, Rt, Ct = p.tile_b, p.tile_r, p.tile_c, p.tile_rows, p.tile_cols
    ncb = p.col_blocks
    s = _Svg()
    y: float = 26
    s.text(MARGIN, y, "What a load reads: pto.tload NZ->NZ", 16, "bold")
    for line in _wrap(f"at {p.where} in @{p.func}", 125):
        y += 17
        s.text(MARGIN, y, line, 12)
    for line in _wrap(
        f"weight [{p.batch}, {R}, {C}] {e}, stored NZ as [B, C/c0, R/16, 16, c0] = "
        f"{blocked_shape(p.batch, R, C, c0)} (c0 = {c0}); tile "
        f"[1, {Rt}, {Ct}] at logical (b, r, c) = ({b}, {r0}, {k0}); blocked "
        f"partition offsets {p.offsets}",
        125,
    ):
        y += 17
        s.text(MARGIN, y, line, 12)
    if p.shown_for:
        for line in _wrap(f"the offsets are symbolic: drawn for {p.shown_for}", 125):
            y += 17
            s.text(MARGIN, y, line, 12, fill="#8a4b00")
    for label, text in (("NZ build", p.nz_descriptor), ("ND build", p.nd_descriptor)):
        for line in _wrap(f"{label}: {text}", 130):
            y += 15
            s.text(MARGIN, y, line, 11, family="monospace")

    # -- panel 1: the logical weight (batch b)
    y += 30
    top = y + 8
    box_w, box_h = 440.0, 200.0
    sa = min(box_w / C, box_h / R)
    wa, ha = C * sa, R * sa
    s.text(MARGIN, y, f"1. logical weight, batch {b} of {p.batch}: [{R}, {C}] {e}", 13, "bold")
    s.add('<g id="logical">')
    s.rect(
        MARGIN,
        top,
        wa,
        ha,
        "#f2f2f2",
        stroke="#555",
        sw=1,
        title=f"logical weight batch {b}: {R} rows x {C} columns of {e}",
    )
    if C // Ct <= 64 and R // Rt <= 64:  # the grid of tiles of this size
        for k in range(1, C // Ct):
            x = MARGIN + k * Ct * sa
            s.add(
                f'<line x1="{x:.2f}" y1="{top:.2f}" x2="{x:.2f}" y2="{top + ha:.2f}" stroke="#ccc" stroke-width="0.5"/>'
            )
        for k in range(1, R // Rt):
            yy = top + k * Rt * sa
            s.add(
                f'<line x1="{MARGIN}" y1="{yy:.2f}" x2="{MARGIN + wa:.2f}" y2="{yy:.2f}" stroke="#ccc" stroke-width="0.5"/>'
            )
    s.rect(
        MARGIN + k0 * sa,
        top + r0 * sa,
        max(Ct * sa, 2),
        max(Rt * sa, 2),
        "#e4572e",
        stroke="#000",
        sw=1,
        cls="tile",
        extra=(f'data-b="{b}" data-r="{r0}" data-c="{k0}" data-rows="{Rt}" data-cols="{Ct}"'),
        title=f"the tile: batch {b}, rows {r0}-{r0 + Rt - 1}, columns {k0}-{k0 + Ct - 1} "
        f"-> blocked [{b}, {k0 // c0}:{(k0 + Ct) // c0}, {r0 // 16}:{(r0 + Rt) // 16}, "
        f"0:16, 0:{c0}]",
    )
    s.add("</g>")
    s.text(
        MARGIN,
        top + ha + 16,
        f"tile rows {r0}-{r0 + Rt - 1}, columns {k0}-{k0 + Ct - 1} "
        f"(grey lines: the grid of {Rt}x{Ct} tiles)",
        11,
        fill="#555",
    )

    # -- panel 2: the tile's fractals
    x2 = MARGIN + 480
    sb = min(box_w / Ct, box_h / Rt)
    s.text(
        x2,
        y,
        f"2. the tile: {Rt // 16} x {ncb} fractals of 16 x {c0} ({byte_size(16 * c0 * isz)})",
        13,
        "bold",
    )
    s.add('<g id="fractals">')
    cw, ch = c0 * sb, 16 * sb
    for i in range(p.row_blocks):
        for j in range(ncb):
            r, c = r0 + FRACTAL_ROWS * i, k0 + c0 * j
            base = b * R * C * isz
            bb, cb, rb = nz_blocked_index(b, r, c, c0)[:3]
            title = (
                f"fractal rows {r}-{r + 15}, columns {c}-{c + c0 - 1} (batch {b})\n"
                f"element ({b}, {r}, {c}) -> blocked [{bb}, {cb}, {rb}, 0, 0] of "
                f"[B, C/c0, R/16, 16, c0]\n"
                f"NZ: bytes {base + p.nz_offset(r, c)}.. (512 contiguous bytes, 16 C0 lines)\n"
                f"ND: bytes {base + p.nd_offset(r, c)}.. (16 lines of {c0 * isz} B, "
                f"{C * isz} B apart)"
            )
            s.rect(
                x2 + j * cw,
                top + i * ch,
                cw,
                ch,
                _color(j, ncb),
                title=title,
                stroke="#fff",
                sw=0.5 if min(cw, ch) >= 4 else 0,
                cls="fractal",
                extra=f'data-blocked="{bb},{cb},{rb},0,0"',
            )
    s.add("</g>")
    s.text(
        x2,
        top + Rt * sb + 16,
        "colour = the tile's C0 column block (the same data in 3 and 4)",
        11,
        fill="#555",
    )

    # -- panels 3 and 4: GM byte order around the tile, same area per byte
    nd_lines, nd_line_bytes = Rt, C * isz
    nz_lines, nz_line_bytes = ncb, R * c0 * isz
    nd_window, nz_window = nd_lines * nd_line_bytes, nz_lines * nz_line_bytes
    biggest = max(nd_window, nz_window)
    h_nd = max(24.0, GM_AREA_H * nd_window / biggest)
    h_nz = max(24.0, GM_AREA_H * nz_window / biggest)

    y = top + max(ha, Rt * sb) + 50
    count, size = p.nd_runs
    s.text(
        MARGIN,
        y,
        f"3. ND build, GM byte order: {count} runs of {byte_size(size)} "
        f"(ND->NZ: the DMA moves one {byte_size(size)} C0 line per fractal row)",
        13,
        "bold",
    )
    y += 16
    nd_first = b * R * C * isz + p.nd_offset(r0, 0)
    s.text(
        MARGIN,
        y,
        f"bytes {nd_first}-{nd_first + nd_window - 1} of the weight (rows {r0}-"
        f"{r0 + Rt - 1} of batch {b}), one logical row of {byte_size(nd_line_bytes)} per "
        f"line; each stripe is {Rt} separate runs, {byte_size(nd_line_bytes)} apart",
        11,
        fill="#555",
    )
    top3 = y + 8
    s.add(
        f'<g id="gm-nd" data-runs="{count}" data-run-bytes="{size}" '
        f'data-window-bytes="{nd_window}">'
    )
    s.rect(
        MARGIN,
        top3,
        PANEL_W,
        h_nd,
        "#eeeeee",
        stroke="#999",
        sw=0.5,
        title=f"ND bytes of rows {r0}-{r0 + Rt - 1}: {byte_size(nd_window)}; grey = not read by "
        f"this load",
    )
    for j in range(ncb):
        c = k0 + j * c0
        x = MARGIN + PANEL_W * (c * isz) / nd_line_bytes
        w = max(1.0, PANEL_W * (c0 * isz) / nd_line_bytes)
        s.rect(
            x,
            top3,
            w,
            h_nd,
            _color(j, ncb),
            cls="run",
            extra=(f'data-runs="{Rt}" data-run-bytes="{size}" data-col-block="{c // c0}"'),
            title=f"column block {c // c0} (columns {c}-{c + c0 - 1}): {Rt} runs of "
            f"{byte_size(size)}, one per row, at ND bytes "
            f"{b * R * C * isz + p.nd_offset(r0, c)} + k*{nd_line_bytes}",
        )
    s.add("</g>")

    # zoom: the first lines of the ND window, one cell per run
    zl = min(8, Rt)
    y = top3 + h_nd + 22
    s.text(
        MARGIN,
        y,
        f"zoom on rows {r0}-{r0 + zl - 1}: one cell per run; each row's {ncb} "
        f"runs are followed by {byte_size(nd_line_bytes - Ct * isz)} the load does not "
        f"read before the next row's",
        11,
        fill="#555",
    )
    ztop = y + 6
    gap_w = 150.0
    zw = (PANEL_W - gap_w) / ncb
    zh = 13.0
    s.add('<g id="gm-nd-zoom">')
    for i in range(zl):
        r = r0 + i
        for j in range(ncb):
            c = k0 + j * c0
            s.rect(
                MARGIN + j * zw,
                ztop + i * (zh + 2),
                zw - (1 if zw >= 4 else 0),
                zh,
                _color(j, ncb),
                cls="zoom-run",
                title=f"one run: row {r}, column block {c // c0} (columns {c}-{c + c0 - 1}), "
                f"ND bytes {b * R * C * isz + p.nd_offset(r, c)}-"
                f"{b * R * C * isz + p.nd_offset(r, c) + size - 1}",
            )
        s.rect(MARGIN + ncb * zw + 4, ztop + i * (zh + 2), gap_w - 4, zh, "#eeeeee")
        s.text(
            MARGIN + ncb * zw + gap_w / 2,
            ztop + i * (zh + 2) + zh - 3,
            f"{byte_size(nd_line_bytes - Ct * isz)} not read",
            10,
            anchor="middle",
            fill="#777",
        )
    s.add("</g>")

    y = ztop + zl * (zh + 2) + 34
    count, size = p.nz_runs
    s.text(
        MARGIN,
        y,
        f"4. NZ build, GM byte order: {count} run{'s' if count != 1 else ''} of "
        f"{byte_size(size)} (NZ->NZ)",
        13,
        "bold",
    )
    y += 16
    nz_first = b * R * C * isz + p.nz_offset(0, k0)
    s.text(
        MARGIN,
        y,
        f"bytes {nz_first}-{nz_first + nz_window - 1} of the weight (column blocks "
        f"{k0 // c0}-{(k0 + Ct) // c0 - 1} of batch {b}), one column block of "
        f"{R} rows x {byte_size(c0 * isz)} = {byte_size(nz_line_bytes)} per line",
        11,
        fill="#555",
    )
    top4 = y + 8
    s.add(
        f'<g id="gm-nz" data-runs="{count}" data-run-bytes="{size}" '
        f'data-window-bytes="{nz_window}">'
    )
    s.rect(
        MARGIN,
        top4,
        PANEL_W,
        h_nz,
        "#eeeeee",
        stroke="#999",
        sw=0.5,
        title=f"NZ bytes of column blocks {k0 // c0}-{(k0 + Ct) // c0 - 1}: {byte_size(nz_window)}; "
        f"grey = not read by this load",
    )
    lh = h_nz / nz_lines
    for k, (run, blocks) in enumerate(p.nz_run_list()):
        for j in blocks:
            c = k0 + j * c0
            x = MARGIN + PANEL_W * (r0 * c0 * isz) / nz_line_bytes
            w = max(1.0, PANEL_W * (Rt * c0 * isz) / nz_line_bytes)
            gap = 1.0 if lh >= 4 else 0.0
            s.rect(
                x,
                top4 + j * lh,
                w,
                lh - gap,
                _color(j, ncb),
                cls="run",
                extra=(f'data-run="{k}" data-col-block="{c // c0}"'),
                title=f"run {k}: NZ bytes {b * R * C * isz + run.start}-"
                f"{b * R * C * isz + run.start + run.size - 1} ({byte_size(run.size)}); this "
                f"line: column block {c // c0} rows {r0}-{r0 + Rt - 1} = blocked "
                f"[{b}, {c // c0}, {r0 // 16}:{(r0 + Rt) // 16}, 0:16, 0:{c0}]",
            )
    s.add("</g>")
    y = top4 + h_nz + 4
    for line in _wrap(
        "3 and 4 are drawn to the same scale (area per byte). Hover a block for its "
        "blocked [B, C/c0, R/16, 16, c0] coordinates and byte offsets. Generated by "
        "ptonz-opt --emit=layout-svg.",
        140,
    ):
        y += 15
        s.text(MARGIN, y, line, 11, fill="#555")
    height = y + 12

    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
        f'viewBox="0 0 {WIDTH} {height:.0f}" data-format="{SVG_FORMAT}" '
        f"data-location={quoteattr(p.where)} data-function={quoteattr(p.func)} "
        f'data-logical-shape="{p.batch},{R},{C}" data-element="{escape(e)}" data-c0="{c0}" '
        f'data-tile-offset="{b},{r0},{k0}" data-tile-shape="1,{Rt},{Ct}" '
        f'data-nz-runs="{p.nz_runs[0]}x{p.nz_runs[1]}" data-nd-runs="{p.nd_runs[0]}x{p.nd_runs[1]}">'
    )
    title = (
        f"<title>pto.tload NZ->NZ at {escape(p.where)}: tile [1, {Rt}, {Ct}] of [{p.batch}, {R}, "
        f"{C}] {escape(e)}; ND {p.nd_runs[0]} x {p.nd_runs[1]} B runs vs NZ {p.nz_runs[0]} x "
        f"{p.nz_runs[1]} B</title>"
    )
    return (
        "\n".join(
            [
                '<?xml version="1.0" encoding="UTF-8"?>',
                head,
                title,
                f'<rect width="{WIDTH}" height="{height:.0f}" fill="#ffffff"/>',
            ]
            + s.parts
            + ["</svg>"]
        )
        + "\n"
    )


# --------------------------------------------------------------------------- files


def svg_names(pics: Sequence[LoadPicture], prefix: str = "") -> List[str]:
    """`<prefix><function>.tload<k>.svg`, k counting the function's NZ loads
    in IR order from 0."""
    seen: Dict[str, int] = {}
    names = []
    for p in pics:
        k = seen.get(p.func, 0)
        seen[p.func] = k + 1
        safe = "".join(ch if ch.isalnum() or ch in "_-." else "_" for ch in p.func)
        names.append(f"{prefix}{safe}.tload{k}.svg")
    return names
