"""The pto and pl dialects answer a type text they parsed before from memory
(dialect/include/ptonz/ParsedTypes.h): what a user relies on is that the
answer is always the one a fresh parse would give."""

import pytest
from mlir import ir

from ptonz import _ptonz

TILE = (
    "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>"
)


def test_the_same_text_is_the_same_type(ctx):
    first = ir.Type.parse(TILE)
    assert ir.Type.parse(TILE) == first
    assert ir.Type.parse("!pl.tensor<4x8xf16, nz>") == ir.Type.parse("!pl.tensor<4x8xf16, nz>")


def test_an_alias_in_the_text_means_its_module(ctx):
    # `!e` is f16 in one module and f32 in the next one of the same context.
    for elem in ("f16", "f32", "f16"):
        m = ir.Module.parse(
            f"!e = {elem}\nfunc.func private @f(!pto.ptr<!e>, !pl.tile<4x4x!e, vec>)"
        )
        func = m.body.operations[0]
        types = [str(t) for t in ir.FunctionType(func.attributes["function_type"].value).inputs]
        assert types == [f"!pto.ptr<{elem}>", f"!pl.tile<4x4x{elem}, vec>"]


def test_a_rejected_text_is_rejected_each_time(ctx):
    for _ in range(2):
        with pytest.raises(ir.MLIRError, match="valid_row"):
            ir.Type.parse(TILE.replace("v_row=16", "v_row=17"))


def test_a_new_target_parses_again(ctx):
    # fractal=16 is a scaling tile of PTOAS 0.27 that 0.60 dropped: after the
    # context's target changes, the same text must meet the new verifier.
    text = "!pto.tile_buf<scaling, 1x64xi64, fractal=16>"
    _ptonz.set_ptoas_target(ctx, "a3", "level2", (0, 27), None)
    assert str(ir.Type.parse(text)) == text
    _ptonz.set_ptoas_target(ctx, "a3", "level2", (0, 60), None)
    with pytest.raises(ir.MLIRError, match="fractal"):
        ir.Type.parse(text)
    _ptonz.set_ptoas_target(ctx, "a3", "level2", (0, 27), None)
    assert str(ir.Type.parse(text)) == text


@pytest.mark.parametrize("version", [None, "0.27", "0.60"])
def test_a_reused_context_lowers_as_a_fresh_one(version, monkeypatch):
    """Batch mode and `ptonz.lower(as_text=True)` lower one input after
    another in one context (driver.reused), so types parsed for one module
    answer the next: every chunk of the dialects' lit inputs (valid and
    invalid types, aliases, both tile_buf spellings) and every example, with
    the shared A3 kernels, lowers there exactly as in a context of its own."""
    from conftest import ROOT, example_files, read, shared_kernels
    from ptonz import driver
    from ptonz_cli import split_chunks

    import ptonz

    monkeypatch.setattr(driver._reuse, "entry", None, raising=False)
    files = sorted(str(p) for p in (ROOT / "test" / "Dialect").rglob("*.mlir"))
    files += example_files() + shared_kernels("deepseek-v4-decode-a3/aiv")[:20]

    def lowered(text, name, reuse):
        try:
            if reuse:
                return ptonz.lower(text, filename=name, ptoas_version=version, as_text=True)
            module = ptonz.lower(text, filename=name, ptoas_version=version)
            return _ptonz.print_asm(module.operation, debug_info=True)
        except ptonz.LoweringError as err:
            return err.diagnostics

    chunks = [(f"{f}:{line}", text) for f in files for text, line in split_chunks(read(f))]
    assert len(chunks) > 300
    for name, text in chunks:
        assert lowered(text, name, True) == lowered(text, name, False), name
