"""The benchmark's generated modules are valid inputs: their op count is
exact, --lower-to-ptoas accepts them, and the lowering addresses the NZ
weights correctly (the benchmark would otherwise time the wrong thing)."""

import shutil
import sys

import pytest
from mlir import ir

from ptonz import _ptonz
from ptonz.passes import build_pass_manager, lower_to_ptoas_pipeline
from ptonz.sim.check import check_addressing

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import gen_modules  # bench/ is not a package: on sys.path above


@pytest.mark.parametrize("form", gen_modules.FORMS)
def test_generated_module_lowers_and_addresses_correctly(ctx, form):
    text, ops, kernels = gen_modules.generate(200, form, seed=3)
    assert kernels == 1 if form == "chain" else kernels >= 3
    m = _ptonz.parse_source(ctx, text, f"{form}.mlir")
    assert m is not None
    count = [0]

    def walk(_op):
        count[0] += 1
        return ir.WalkResult.ADVANCE

    m.operation.walk(walk)
    assert count[0] == ops

    if form not in gen_modules.CALLED_FORMS:  # the simulator runs no func.call
        result = check_addressing(text, samples=1, context=ctx)
        assert result.ok and result.matched == result.total > 0

    build_pass_manager(lower_to_ptoas_pipeline(), context=ctx).run(m.operation)
    lowered = str(m)
    if form == "chain":  # ND: no NZ proof walks a chain this deep
        assert "pto.tload" in lowered and "pto.nz_tensor_views_blocked" not in lowered
        return
    assert "pto.nz_tensor_views_blocked" in lowered
    if form == "cube":
        assert "pto.tmatmul.acc" in lowered and "pto.set_flag" in lowered
    if form in gen_modules.CALLED_FORMS:  # one call per kernel, lowered
        assert lowered.count("call @") == kernels


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_lowering_instructions_split_by_pass(tmp_path):
    # run.py names each pass's share of a counted lowering from callgrind
    # profiles triggered by MLIR symbols; a renamed symbol would leave the
    # split unmatched (phases None) rather than wrong.
    import run

    text, _, _ = gen_modules.generate(200, "cube", seed=3)
    src = tmp_path / "cube.mlir"
    src.write_text(text)
    exe = run.ptonz_opt()
    passes = run.InProcess().pass_names
    counted = run.instructions(
        [sys.executable, exe, "--lower-to-ptoas", str(src), "-o", str(tmp_path / "out.mlir")],
        phases=passes,
    )
    phases = counted["phases"]
    assert phases is not None
    assert list(phases) == ["start-up and parse", *passes, "verify", "print and exit"]
    assert sum(phases.values()) == counted["total"]
    assert phases["pto-block-nz-views"] > 0 and phases["verify"] > 0


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_instruction_ratio_is_the_median_layout(tmp_path):
    # A count follows the memory layout (the length of the output path moves
    # it); run.py counts a pair per layout and reports the median pair.
    import run

    r = run.bench_size(
        100,
        "pl",
        1,
        str(tmp_path),
        run.InProcess(),
        run.ptonz_opt(),
        lambda _m: None,
        count_instructions=True,
        layouts=3,
    )
    ins = r["instructions"]
    ratios = sorted(p["lower_over_roundtrip"] for p in ins["layouts"])
    assert len(ratios) == 3
    assert ins["lower_over_roundtrip"] == ratios[1]
    assert ins["lower_over_roundtrip_range"] == [ratios[0], ratios[-1]]
    assert sum(ins["lower_phases"].values()) == ins["lower"]
