"""The reports of ptonz-opt: the text of `--emit=descriptors` and
`--report=loads`, and the front ends of `--check-addressing`,
`--check-results` and `--emit=layout-svg` (the line to print, or None after
emitting a located error; ptonz-opt then exits 1). The analyses, the
simulator and the SVG renderer they format live in `ptonz`; nothing there
imports this module. The simulator and the renderer (NumPy) are imported by
the reports that use them only."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional

from mlir import ir

from ptonz import _ptonz
from ptonz.analyses.descriptors import Descriptor, contiguous_runs, descriptors, gm_path
from ptonz.analyses.ptoas_facts import DEFAULT_VERSION
from ptonz.diagnostics import format_location


# --------------------------------------------------------------------------
# --emit=descriptors, --report=loads
# --------------------------------------------------------------------------


def descriptors_text(module, version=None, infer_layout: bool = True) -> str:
    """`--emit=descriptors`: one block per tload from a GM view, as PTOAS
    release `version` writes it (with `--disable-infer-layout` where
    `infer_layout` is false)."""
    lines = []
    for d in descriptors(module, version, infer_layout):
        lines.append(f"{format_location(d.op.location)}: pto.tload")
        lines.append(f"  src:  {d.global_tensor()}")
        lines.append(f"  dst:  {d.tile}")
        lines.append(f"  at:   ptr + {d.offset} elements")
    return "\n".join(lines) + ("\n" if lines else "")


def _bytes(n: int) -> str:
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def _runs_text(d: Descriptor) -> str:
    runs = contiguous_runs(d)
    if runs is None:
        return f"{gm_path(d)}, symbolic"
    n, size = runs
    return f"{gm_path(d)}, {n} runs of {_bytes(size)}"


def loads_report(module, nd_build=None, version=None) -> str:
    """`--report=loads`: per tload its GM path, descriptor and contiguous runs;
    given the ND build of the same kernel (`nd_build`), also the loads whose
    runs differ between the two builds, side by side (descriptors as PTOAS
    release `version` writes them)."""
    lines = []
    for d in descriptors(module, version):
        runs = contiguous_runs(d)
        lines.append(f"{format_location(d.op.location)}: pto.tload {gm_path(d)}")
        lines.append(f"  descriptor: {d.global_tensor()}")
        lines.append(f"  tile:       {d.tile}")
        if runs is None:
            lines.append("  runs:       symbolic (shape or strides not constant)")
        else:
            n, size = runs
            lines.append(f"  runs:       {n} x {size} B contiguous ({n * size} B per tile)")
    if nd_build is not None:
        lines += _side_by_side(descriptors(nd_build, version), descriptors(module, version))
    return "\n".join(lines) + ("\n" if lines else "")


def _side_by_side(nd: List[Descriptor], nz: List[Descriptor]) -> List[str]:
    """The tloads (paired by location, in order) whose descriptors differ."""
    by_loc: Dict[str, List[Descriptor]] = {}
    for d in nd:
        by_loc.setdefault(format_location(d.op.location), []).append(d)
    rows = []
    for d in nz:
        where = format_location(d.op.location)
        pending = by_loc.get(where)
        if not pending:
            continue
        other = pending.pop(0)
        if other.global_tensor() == d.global_tensor():
            continue
        t = d.tile
        rows.append(
            f"{where}: {t.rows}x{t.cols}x{t.element_type} tile: ND build "
            f"{_runs_text(other)} | NZ build {_runs_text(d)}"
        )
    if not rows:
        return []
    return [
        "ND build vs NZ build (the same kernel with its NZ weights in ND: nz pl tensors "
        "annotated nd by pl-annotate-nd, --nz-arg declarations dropped):"
    ] + ["  " + r for r in rows]


# --------------------------------------------------------------------------
# --check-addressing, --check-results, --emit=layout-svg
# --------------------------------------------------------------------------


def check_addressing_cli(
    module, samples: int = 8, ptoas_version: str = DEFAULT_VERSION, before=None, pass_defaults=None
) -> Optional[str]:
    """`ptonz-opt --check-addressing[=N]`: the line to print, or None after
    emitting a located error (ptonz-opt then exits 1). With `before` (the
    input of the pipeline ptonz-opt ran), the pipeline's output `module` is
    checked against it; otherwise `module` is the logical program and a clone
    is lowered with --lower-to-ptoas."""
    from ptonz.sim.check import CheckError, check_addressing, check_pipeline

    def fail(message: str, loc: Optional[ir.Location], notes=()) -> None:
        if loc is None:
            loc = ir.Location.unknown(context=module.context)
        _ptonz.emit_diagnostic(loc, "error", message, list(notes))

    try:
        if before is not None:
            result = check_pipeline(before, module, samples=samples)
        else:
            result = check_addressing(
                module, samples=samples, ptoas_version=ptoas_version, pass_defaults=pass_defaults
            )
    except CheckError as exc:
        if exc.diagnostics:  # lowering failed: re-emit the pass diagnostics
            for d in exc.diagnostics:
                notes = [(n.location, n.message) for n in getattr(d, "notes", [])]
                fail(f"check-addressing: {d.message}", d.location, notes)
        else:
            loc = exc.op.location if exc.op is not None else None
            fail(f"check-addressing: {exc.message}", loc)
        return None
    if result.mismatch is not None:
        fail(f"check-addressing: MISMATCH: {result.mismatch.describe()}", result.mismatch.location)
        return None
    summary = result.summary()
    if before is not None:  # say what was compared
        summary = summary[:-1] + "; the pipeline's input vs. its output)"
    return summary + "\n"


def check_results_cli(
    module,
    samples: Optional[int] = None,
    ptoas_version: str = DEFAULT_VERSION,
    before=None,
    **kernel_options,
) -> Optional[str]:
    """`ptonz-opt --check-results[=N]`: the line to print, or None after
    emitting a located error (ptonz-opt then exits 1). A `pl` program is
    checked by `check_results`; a pto kernel by
    `ptonz.sim.kernels.check_pto_results` (a lowered clone against the kernel,
    the declared NZ weights NZ-packed; `kernel_options`: its `nz_args`,
    `scalars`, `arg_ranges`, `pass_defaults`, ...), or, after a pipeline ran,
    by `check_kernel_results(before, module)`: the pipeline's input against
    its output."""
    from ptonz.sim.check import CheckError, has_pl
    from ptonz.sim.results import DEFAULT_SAMPLES, check_results

    samples = DEFAULT_SAMPLES if samples is None else samples

    def fail(message: str, loc: Optional[ir.Location], notes=()) -> None:
        if loc is None:
            loc = ir.Location.unknown(context=module.context)
        _ptonz.emit_diagnostic(loc, "error", message, list(notes))

    try:
        from ptonz.sim.kernels import check_kernel_results, check_pto_results

        result: Any
        if before is not None and not has_pl(before):
            kernel_options.pop("pass_defaults", None)
            result = check_kernel_results(before, module, samples=samples, **kernel_options)
        elif has_pl(module):
            result = check_results(module, samples=samples, ptoas_version=ptoas_version)
        else:
            result = check_pto_results(
                module, samples=samples, ptoas_version=ptoas_version, **kernel_options
            )
    except CheckError as exc:
        if exc.diagnostics:
            for d in exc.diagnostics:
                notes = [(n.location, n.message) for n in getattr(d, "notes", [])]
                fail(f"check-results: {d.message}", d.location, notes)
        else:
            fail(f"check-results: {exc.message}", exc.op.location if exc.op is not None else None)
        return None
    if not result.ok:
        fail(f"check-results: MISMATCH: {result.mismatch.describe()}", result.mismatch.location)
        return None
    return result.summary() + "\n"


def layout_svg_cli(module, directory: str, prefix: str = "") -> Optional[str]:
    """`ptonz-opt --emit=layout-svg -o DIR`: write the SVGs; return the lines
    to print (one per file), or None after emitting a located error."""
    from ptonz.viz.layout_svg import (
        LayoutSvgError,
        byte_size,
        logical_nz_loads,
        pictures,
        render_svg,
        svg_names,
    )

    op = module.operation if hasattr(module, "operation") else module

    def fail(message: str, at=None) -> None:
        loc = at.location if at is not None else ir.Location.unknown(context=op.context)
        _ptonz.emit_diagnostic(loc, "error", f"layout-svg: {message}", [])

    try:
        pics = pictures(module)
    except LayoutSvgError as exc:
        fail(exc.message, exc.op)
        return None
    if not pics:
        logical = logical_nz_loads(module)
        if logical:
            fail(
                "this NZ view is not lowered yet, so its loads have no NZ->NZ descriptor to "
                "draw: add --lower-to-ptoas (or pto-block-nz-views)",
                logical[0],
            )
        else:
            fail("the module has no NZ->NZ pto.tload to draw (no view is {layout = nz})")
        return None
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create the directory '{directory}': {exc.strerror or exc}")
        return None
    lines = []
    for p, name in zip(pics, svg_names(pics, prefix)):
        path = os.path.join(directory, name)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(render_svg(p))
        except OSError as exc:
            fail(f"cannot write '{path}': {exc.strerror or exc}")
            return None
        lines.append(
            f"{path}: {p.where}: tile [1, {p.tile_rows}, {p.tile_cols}] at "
            f"({p.tile_b}, {p.tile_r}, {p.tile_c}); ND {p.nd_runs[0]} runs x "
            f"{byte_size(p.nd_runs[1])}, NZ {p.nz_runs[0]} runs x {byte_size(p.nz_runs[1])}"
        )
    return "\n".join(lines) + "\n"
