"""`_ptonz.pl_op_facts` (what convert-pl-to-pto's rules read of a load or a
store) and the pass's memo of the facts that passed: checking a kind of load
once must give exactly what checking every load gives."""

import pytest

from conftest import ROOT, pass_corpus
from ptonz import LoweringError, _ptonz, lower, parse_module
from ptonz.driver import Target
from ptonz.passes import convert_pl_to_pto as C

LOADS = """
func.func @k(%a: !pl.tensor<64x64xf16>, %o: !pl.tensor<64x64xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %t0 = pl.tile.load %a, offsets = [%c0, %c0], sizes = [16, 16] {target_memory = #pl.memory<vec>} : !pl.tensor<64x64xf16> -> !pl.tile<16x16xf16, vec>
  %t1 = pl.tile.load %a, offsets = [%c16, %c0], sizes = [16, 16] {target_memory = #pl.memory<vec>} : !pl.tensor<64x64xf16> -> !pl.tile<16x16xf16, vec>
  %t2 = pl.tile.load %a, offsets = [%c0, %c0], sizes = [16, 16], valid_shape = [%n, %c16] {target_memory = #pl.memory<vec>} : !pl.tensor<64x64xf16> -> !pl.tile<16x16xf16, vec>
  pl.tile.store %t0, %o, offsets = [%c0, %c0] : !pl.tile<16x16xf16, vec>, !pl.tensor<64x64xf16>
  pl.tile.store %t1, %o, offsets = [%c16, %c0] : !pl.tile<16x16xf16, vec>, !pl.tensor<64x64xf16>
  %b = pl.get_block_idx
  return
}
"""


def test_alike_loads_and_stores_have_equal_facts():
    ctx = Target().context()
    with ctx:
        module = parse_module(LOADS, "loads.mlir", ctx)
        (pf,) = _ptonz.pl_functions(module.operation, list(C.PL_OPS))
        facts = _ptonz.pl_op_facts(pf.ops, C.TILE_READERS)
    t0, t1, t2, s0, s1, query = facts
    assert t0 == t1  # another offset: nothing a rule reads
    assert t0[: C.LOAD_VALID + 1] == ("pl.tile.load", "nd", "vec", ())
    assert t2[C.LOAD_VALID] == (None, 16) and t2[C.LOAD_TILE] == t0[C.LOAD_TILE]
    assert not t0[C.LOAD_FOREIGN_READERS] and not t0[C.LOAD_FROM_RESHAPE]
    assert s0 == s1 and s0[:2] == ("pl.tile.store", "pl.tile.load")
    assert query == ("pl.get_block_idx",)
    assert _ptonz.pl_op_facts([], C.TILE_READERS) == []


def _lowered(data, options):
    try:
        return lower(data, filename="m.mlir", as_text=True, **options)
    except LoweringError as exc:
        return str(exc)


def _checked_one_by_one(self, op, facts):
    self.op(op, facts)


@pytest.fixture
def memo_hits(monkeypatch):
    """How often convert-pl-to-pto took a verdict from its memo."""
    hits = []
    real = C._Validator.tensor_op

    def counted(self, op, facts):
        before = self.rejections
        known = facts in self.passed
        real(self, op, facts)
        hits.append(known and self.rejections == before)

    monkeypatch.setattr(C._Validator, "tensor_op", counted)
    return hits


def _one_function_at_a_time(plan, facts):
    """convert-pl-to-pto without its plain-function path (PLPlan.lower)."""


def test_the_memo_changes_nothing(monkeypatch, memo_hits):
    """On every chunk of the lit inputs, the examples and 12 shared kernels,
    and on 300 of ptonz-fuzz's mutants: the whole lowering's output or
    rejection is the same with the memo and the plain functions lowered by
    kind (`_lower_plain_functions`) as with every function lowered by itself
    and every load and store checked by itself."""
    from ptonz_cli.fuzz import load_corpus, make_mutant

    corpus = load_corpus(ROOT)
    inputs = [text.encode() for _name, text in pass_corpus() if "pl." in text]
    inputs += [make_mutant(corpus, 1913, i)[2] for i in range(300)]
    counted = C._Validator.tensor_op
    by_kind = C._lower_plain_functions
    for index, data in enumerate(inputs):
        for options in ({}, {"ptoas_version": "0.27"}):
            monkeypatch.setattr(C._Validator, "tensor_op", counted)
            monkeypatch.setattr(C, "_lower_plain_functions", by_kind)
            got = _lowered(data, options)
            monkeypatch.setattr(C._Validator, "tensor_op", _checked_one_by_one)
            monkeypatch.setattr(C, "_lower_plain_functions", _one_function_at_a_time)
            assert got == _lowered(data, options), (index, options)
    assert sum(memo_hits) >= 50, sum(memo_hits)  # the memo is not vacuous
