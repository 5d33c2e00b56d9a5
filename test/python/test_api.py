"""ptonz.lower, the in-process API: what ptonz-opt --lower-to-ptoas does to
one module, its located errors as records, and no state carried from one
call (or thread) to the next."""

import os
import subprocess
import sys
import threading

import pytest
from mlir import ir

import ptonz
from ptonz import _ptonz

from conftest import ROOT

GROUPED = """\
func.func @grouped(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<16x512xi8, mat>
  return
}
"""

# Rows not a multiple of 16: rejected by pto-block-nz-views at the function (2:1).
REJECTED = """\
// a comment line
func.func @rejected(%w: !pl.tensor<250x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<250x512xi8, nz> -> !pl.tile<16x512xi8, mat>
  return
}
"""

# `alloc_tile addr` is valid only at --pto-level=level3.
ADDR = """\
func.func @addr() {
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>
  return
}
"""

# An NZ partition at get_block_idx * 256: a remark with remarks=True.
BLOCK_IDX = """\
func.func @nz_block_idx(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %n0 = arith.muli %bi, %c256 : index
  %v = pto.make_tensor_view %p, shape = [%c2048, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%n0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}
"""

BLOCKED = "pto.make_tensor_view %w, shape = [%c1, %c16, %c16, %c16, %c32]"


def ptonz_opt(*args, stdin):
    exe = os.path.join(os.path.dirname(sys.executable), "ptonz-opt")
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True)


def test_text_is_what_the_cli_prints():
    text = ptonz.lower(GROUPED, filename="<stdin>", as_text=True)
    assert BLOCKED in text
    cli = ptonz_opt("--lower-to-ptoas", "-", stdin=GROUPED)
    assert cli.returncode == 0, cli.stderr
    assert text == cli.stdout
    # Both print the input's positions by default; debug_info=False is
    # --no-mlir-print-debuginfo.
    assert 'loc("<stdin>":' in text
    bare = ptonz.lower(GROUPED, as_text=True, debug_info=False)
    assert "loc(" not in bare
    cli = ptonz_opt("--no-mlir-print-debuginfo", "--lower-to-ptoas", "-", stdin=GROUPED)
    assert bare == cli.stdout


def test_returns_a_module():
    module = ptonz.lower(GROUPED)
    assert isinstance(module, ir.Module)
    assert BLOCKED in ptonz.asm(module)  # str() numbers the values; asm prints their names
    func = module.body.operations[0]
    assert "pto.nz_tensor_views_blocked" in func.attributes


def test_located_error_records_and_str():
    with pytest.raises(ptonz.LoweringError) as info:
        ptonz.lower(REJECTED, filename="k.pto")
    err = info.value
    assert len(err.errors) == 1
    d = err.errors[0]
    assert isinstance(d, ptonz.Diagnostic)
    assert (d.file, d.filename, d.line, d.col, d.severity) == ("k.pto", "k.pto", 2, 1, "error")
    assert d.message.startswith("pto-block-nz-views: NZ view rows (shape[-2] = 250)")
    text = str(err)
    assert text.startswith("k.pto:2:1: error: pto-block-nz-views: NZ view rows")
    # As ptonz-opt prints it: the source line and a caret under it.
    assert "\nfunc.func @rejected(" in text
    cli = ptonz_opt("--lower-to-ptoas", "-", stdin=REJECTED)
    assert cli.returncode == 1
    assert cli.stderr.strip() == text.replace("k.pto:", "<stdin>:").strip()


def test_parse_error_is_located():
    with pytest.raises(ptonz.LoweringError) as info:
        ptonz.lower("func.func @f() {\n  %x = arith.constant : i32\n}\n", filename="bad.mlir")
    d = info.value.errors[0]
    assert (d.filename, d.line) == ("bad.mlir", 2)
    assert str(info.value).startswith("bad.mlir:2:")


def test_bad_utf8_and_bad_option():
    with pytest.raises(ptonz.LoweringError) as info:
        ptonz.lower(b"func.func @f() {\n  return // \xff\n}\n", filename="b.mlir")
    assert str(info.value).startswith("b.mlir:2:13: error: byte 0xff is not valid UTF-8")
    # A NUL (which MLIR's lexer would skip), in text or bytes.
    for source in ("func.func @f() {\n  ret\0urn\n}\n", b"func.func @f() {\n  ret\0urn\n}\n"):
        with pytest.raises(ptonz.LoweringError) as info:
            ptonz.lower(source, filename="n.mlir")
        assert str(info.value).startswith("n.mlir:2:6: error: a NUL byte (0x00) is not MLIR source")
    # A dense array of index elements (MLIR's parser aborts on it).
    with pytest.raises(ptonz.LoweringError) as info:
        ptonz.lower(
            "func.func @f() attributes {a = array<index>} {\n  return\n}\n", filename="i.mlir"
        )
    assert str(info.value).startswith("i.mlir:1:32: error: a dense array of index elements")
    with pytest.raises(ptonz.LoweringError, match="ptoas-version"):
        ptonz.lower(GROUPED, ptoas_version="zero")
    with pytest.raises(ptonz.LoweringError, match="no-such-pass"):
        ptonz.lower(GROUPED, pipeline="no-such-pass")


def test_nz_args_and_arg_ranges_are_the_cli_flags():
    """nz_args / arg_ranges are --nz-arg / --arg-range (pto-declare-nz-args'
    nz-args / arg-ranges options); without them the pointer is not NZ."""
    path = os.path.join(ROOT, "test", "Transforms", "declare-nz-args.mlir")
    with open(path, encoding="utf-8") as f:
        src = f.read()
    text = ptonz.lower(
        src,
        filename="<stdin>",
        nz_args=["@flat:0=4x256x512"],
        arg_ranges=["@flat:1=0:4"],
        as_text=True,
    )
    assert "shape = [%c4, %c16, %c16, %c16, %c32]" in text
    cli = ptonz_opt(
        "--nz-arg=@flat:0=4x256x512", "--arg-range=@flat:1=0:4", "--lower-to-ptoas", "-", stdin=src
    )
    assert cli.returncode == 0, cli.stderr
    assert text == cli.stdout
    assert "#pto.layout<nz>" not in ptonz.lower(src, filename=path, as_text=True)
    with pytest.raises(ptonz.LoweringError, match="is not @FUNC:INDEX"):
        ptonz.lower(src, nz_args=["flat:0"])


def test_repeated_calls_leave_no_state():
    """Target level, tile_buf spelling and pass-option defaults of one call
    do not reach the next."""
    for _ in range(3):
        with pytest.raises(ptonz.LoweringError, match="pto-level=level3"):
            ptonz.lower(ADDR)
        assert "pto.alloc_tile addr" in ptonz.lower(ADDR, pto_level="level3", as_text=True)
    # PTOAS < 0.25 reads only the keyed !pto.tile_buf form.
    assert "loc=mat" in ptonz.lower(GROUPED, ptoas_version="0.24", infer_layout=False, as_text=True)
    assert "loc=mat" not in ptonz.lower(GROUPED, as_text=True)
    remarks = []
    ptonz.lower(BLOCK_IDX, remarks=True, diagnostics=remarks)
    assert [d.severity for d in remarks] == ["remark"]
    assert remarks[0].message.startswith("pto-block-nz-views: cannot decide")
    quiet = []
    ptonz.lower(BLOCK_IDX, diagnostics=quiet)
    assert quiet == []


def test_reused_context_changes_no_result(monkeypatch):
    """`as_text=True` calls on one thread share a context per target and
    pipeline (driver.reused), renewed every REUSE_RUNS calls: each result,
    and each rejection's diagnostics, are those of a fresh context."""
    from ptonz import driver

    monkeypatch.setattr(driver, "REUSE_RUNS", 3)
    monkeypatch.setattr(driver._reuse, "entry", None, raising=False)
    # A returned module has a context of its own.
    fresh_text = _ptonz.print_asm(ptonz.lower(GROUPED).operation, debug_info=True)
    with pytest.raises(ptonz.LoweringError) as fresh_error:
        ptonz.lower(REJECTED)
    for i in range(7):
        if i % 2:
            with pytest.raises(ptonz.LoweringError) as info:
                ptonz.lower(REJECTED, as_text=True)
            assert info.value.diagnostics == fresh_error.value.diagnostics
        else:
            assert ptonz.lower(GROUPED, as_text=True) == fresh_text

    target, pipeline = driver.Target(), driver.Pipeline.of("lower-to-ptoas")
    monkeypatch.setattr(driver._reuse, "entry", None)
    contexts = [driver.reused(target, pipeline)[0] for _ in range(4)]
    assert contexts[0] is contexts[1] is contexts[2] and contexts[3] is not contexts[0]
    other = driver.reused(driver.Target(pto_level="level3"), pipeline)[0]
    assert other is not contexts[3]  # another target: another context


def test_module_input_is_copied_with_its_locations():
    with ir.Context() as ctx:
        module = _ptonz.parse_source(ctx, REJECTED.replace("250", "256"), "user.mlir")
        before = str(module)
        lowered = ptonz.lower(module)
        assert str(module) == before  # the caller's module is left as it was
        assert lowered.context is not ctx
        assert BLOCKED in ptonz.asm(lowered)
        bad = _ptonz.parse_source(ctx, REJECTED, "user.mlir")
        with pytest.raises(ptonz.LoweringError) as info:
            ptonz.lower(bad)
        d = info.value.errors[0]
        assert (d.filename, d.line, d.col) == ("user.mlir", 2, 1)


def test_threads():
    """Calls from several threads, with different targets and outcomes, each
    get their own result (the passes take turns under the GIL)."""
    results = {}

    def worker(k):
        out = []
        for i in range(6):
            case = (k + i) % 3
            try:
                if case == 0:
                    out.append(BLOCKED in ptonz.lower(GROUPED, as_text=True))
                elif case == 1:
                    out.append("addr" in ptonz.lower(ADDR, pto_level="level3", as_text=True))
                else:
                    ptonz.lower(ADDR)  # level2: rejected
                    out.append(False)
            except ptonz.LoweringError as err:
                out.append(case == 2 and "pto-level=level3" in str(err))
        results[k] = out

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {k: [True] * 6 for k in range(4)}


def test_reference_snippet_runs():
    root = str(ROOT)
    with open(os.path.join(root, "docs", "reference.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme[readme.index("### In process: `ptonz.lower`") :]
    start = section.index("```python\n") + len("```python\n")
    snippet = section[start : section.index("```\n", start)]
    proc = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, cwd=root, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "4 loads"
    assert lines[1].startswith("k.mlir:1:1: error: pto-block-nz-views: NZ view rows")
    assert lines[-1] == "k.mlir 1 1 error"


VECTOR_STORE = """\
func.func @store(%src: !pto.ptr<f32, ub>, %dst: !pto.ptr<f32, ub>, %i: index) {
  %v = pto.vmi.vload %src[%i] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  pto.vmi.vstore %v, %dst[%i] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  return
}
"""


def test_pto_backend_is_the_cli_flag():
    # PTOAS 0.60's EmitC backend (the default) cannot lower vector ops; the
    # VPTO backend can, and then the module lowers as the command line's would.
    with pytest.raises(ptonz.LoweringError) as info:
        ptonz.lower(VECTOR_STORE, filename="v.pto", pipeline="", ptoas_version="0.60")
    assert (info.value.errors[0].line, info.value.errors[0].col) == (2, 8)
    assert "'pto.vmi.vload' has no lowering in PTOAS 0.60's EmitC backend" in str(info.value)
    text = ptonz.lower(
        VECTOR_STORE,
        filename="<stdin>",
        pipeline="",
        ptoas_version="0.60",
        pto_backend="vpto",
        as_text=True,
    )
    cli = ptonz_opt("--ptoas-version=0.60", "--pto-backend=vpto", "-", stdin=VECTOR_STORE)
    assert cli.returncode == 0 and text == cli.stdout
    with pytest.raises(ptonz.LoweringError, match="backend emitc or vpto"):
        ptonz.lower(VECTOR_STORE, pto_backend="llvm")


def test_source_hazard_reads_tokens_not_words():
    """Only an attribute `array<index...>` is a hazard: not one in a comment
    or a string literal (with escaped quotes), nor a dialect type or an
    identifier that ends in `array`."""
    from ptonz.driver import source_hazard

    assert source_hazard("a = array<index>") == (4, source_hazard("array<index>")[1])
    assert source_hazard("a = array <\n index: 1>")[0] == 4
    for text in (
        "// a = array<index>",
        'a = "x\\" array<index>"',
        "!foo.array<index>",
        "#myarray<index>",
        "a = array<indexed>",
        "a = array<i64: 1>",
    ):
        assert source_hazard(text) is None, text
    assert source_hazard('a = "s" b = array<index>')[0] == 12
