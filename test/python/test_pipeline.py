"""ptonz passes inside a user's own PassManager, next to upstream passes."""

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import ptonz.passes as P

SRC = """
func.func @k(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}
"""


def test_user_pass_manager_mixes_upstream_and_ptonz(ctx):
    m = ir.Module.parse(SRC)
    pm = PassManager("builtin.module")
    P.ConvertPLToPTO().add_to(pm)
    P.BlockNzViews().add_to(pm)
    P.MaterializeStrides().add_to(pm)
    pm.add("canonicalize")
    P.VerifyPTOAS(ptoas_version="0.61").add_to(pm)
    pm.run(m.operation)
    text = str(m)
    assert "!pto.partition_tensor_view<1x16x16x16x32xi8>" in text
    assert "strides = [%c131072, %c8192, %c512, %c32, %c1]" in text


def test_textual_pipeline_with_ptonz_names(ctx):
    m = ir.Module.parse(SRC)
    P.build_pass_manager(P.lower_to_ptoas_pipeline("0.61")).run(m.operation)
    assert "pto.nz_tensor_views_blocked" in str(m)


def test_rejection_raises_with_located_diagnostic(ctx):
    m = ir.Module.parse(SRC)
    pm = P.build_pass_manager("builtin.module(convert-pl-to-pto, pto-block-nz-views,"
                              " pto-materialize-strides, pto-verify-ptoas{ptoas-version=0.60})")
    with pytest.raises(ir.MLIRError) as exc:
        pm.run(m.operation)
    assert "layout mismatch: user-specified layout=nz but inferred=nd" in str(exc.value)


def test_unknown_option_and_nesting_rejected(ctx):
    with pytest.raises(P.PipelineError, match="has no option"):
        P.build_pass_manager("builtin.module(pto-verify-ptoas{version=1})")
    with pytest.raises(P.PipelineError, match="must run on the module"):
        P.build_pass_manager("builtin.module(func.func(pto-block-nz-views))")
