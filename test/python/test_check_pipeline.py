"""`ptonz-opt <passes> --check-addressing`: the pipeline that ran is checked,
its input being the logical program and its output the lowered one
(ptonz.sim.check.check_pipeline)."""

import pytest
from mlir import ir

from ptonz.passes import build_pass_manager, lower_to_ptoas_pipeline
from ptonz.sim import check as C
from ptonz_cli import reports

from test_check_addressing import SMALL


def _run(module, pipeline):
    build_pass_manager(pipeline, context=module.context).run(module.operation)
    return module


def test_the_pipeline_output_is_compared_with_its_input(ctx):
    before = ir.Module.parse(SMALL)
    after = _run(C.clone(before), lower_to_ptoas_pipeline())
    r = C.check_pipeline(before, after, samples=2, block_num=2)
    assert r.ok and r.total == 4, r.summary()
    # the lowered program checked is exactly `after`
    assert r.lowered is after


def test_a_wrong_pipeline_output_is_a_mismatch(ctx):
    before = ir.Module.parse(SMALL)
    text = str(_run(C.clone(before), lower_to_ptoas_pipeline()))
    bad = ir.Module.parse(
        text.replace("strides = [%c6144, %c1024, %c256,", "strides = [%c6144, %c256, %c1024,")
    )
    r = C.check_pipeline(before, bad, samples=2, block_num=2)
    assert not r.ok and r.mismatch.index == 0 and r.mismatch.coord is not None


def test_a_pipeline_that_does_not_block_says_why(ctx):
    before = ir.Module.parse(SMALL)
    after = _run(C.clone(before), "builtin.module(cse)")
    with pytest.raises(
        C.CheckError, match="left this NZ view logical .* add pto-block-nz-views"
    ) as e:
        C.check_pipeline(before, after)
    assert e.value.op is not None and e.value.op.name == "pto.make_tensor_view"


def test_cli_line_names_what_was_compared(ctx):
    before = ir.Module.parse(SMALL)
    after = _run(C.clone(before), lower_to_ptoas_pipeline())
    out = reports.check_addressing_cli(after, samples=2, before=before)
    assert out == (
        "check-addressing: 4 of 4 tloads read identical tiles "
        "(2 block ids; the pipeline's input vs. its output)\n"
    )
