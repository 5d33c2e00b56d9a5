"""The offset prover (analyses/provable.py) on its own."""

import random
import re

import pytest
from mlir import ir

from ptonz import _ptonz
from ptonz.analyses.provable import Prover

DIVISORS = (1, 2, 16, 32, 64)


def _values(src: str):
    """Parse a function and return (module, {name: value}): its top-level
    results by their source names, its arguments as arg0.., and the block
    arguments of each `scf.for {tag = "t"}` as iv_t (and acc_t)."""
    m = ir.Module.parse(src)
    func = m.body.operations[0]
    entry = func.regions[0].blocks[0]
    top = [line.split("=")[0].strip().lstrip("%") for line in src.splitlines()
           if re.match(r"^  %\w+ = ", line)]
    defining = [op for op in entry.operations if len(op.results)]
    assert len(top) == len(defining)
    names = {n: op.results[0] for n, op in zip(top, defining)}
    for i, arg in enumerate(entry.arguments):
        names[f"arg{i}"] = arg
    for op in _ptonz.collect_ops(func, ["scf.for"]):
        body = op.regions[0].blocks[0]
        tag = ir.StringAttr(op.attributes["tag"]).value
        names[f"iv_{tag}"] = body.arguments[0]
        if len(body.arguments) > 1:
            names[f"acc_{tag}"] = body.arguments[1]
    return m, names


SRC = """
func.func @f(%arg0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c48 = arith.constant 48 : index
  %c256 = arith.constant 256 : index
  %cm16 = arith.constant -16 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %m0 = arith.muli %bi, %c256 : index
  %sum = arith.addi %m0, %c48 : index
  %diff = arith.subi %m0, %c256 : index
  %neg = arith.muli %bi, %cm16 : index
  %farg = arith.muli %arg0, %c256 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %n0 = arith.muli %i, %c256 : index
    scf.yield
  } {tag = "a"}
  %r = scf.for %k = %c256 to %c256 step %c256 iter_args(%acc = %c0) -> (index) {
    %kk = arith.addi %acc, %k : index
    scf.yield %kk : index
  } {tag = "k"}
  return
}
"""


@pytest.fixture
def values(ctx):
    m, names = _values(SRC)
    yield names
    del m


def test_constants(values):
    p = Prover()
    assert p.fact(values["c256"], 16).proven
    assert p.fact(values["c0"], 64).proven            # 0 is a multiple of everything
    f = p.fact(values["c48"], 32)
    assert not f.proven and f.nonneg and not f.multiple
    assert "not a multiple of 32" in f.why[1]
    f = p.fact(values["cm16"], 16)
    assert f.multiple and not f.nonneg and "negative" in f.why[1]


def test_muli_addi_and_block_idx(values):
    p = Prover()
    assert p.fact(values["m0"], 256).proven           # block_idx * 256
    assert p.fact(values["bi"], 1).proven             # block_idx: non-negative
    f = p.fact(values["bi"], 16)
    assert not f.proven and "get_block_idx" in f.why[1]
    assert p.fact(values["sum"], 16).proven           # 256k + 48
    assert not p.fact(values["sum"], 32).proven       # 48 is not a multiple of 32
    f = p.fact(values["neg"], 16)                     # block_idx * -16: multiple, sign unknown
    assert f.multiple and not f.nonneg


def test_never_resolved(values):
    p = Prover()
    f = p.fact(values["diff"], 16)
    assert not f.proven and "arith.subi is never accepted" in f.why[1]
    f = p.fact(values["farg"], 16)                    # arg0 * 256: multiple, sign unknown
    assert f.multiple and not f.nonneg and "function argument" in f.why[1]
    f = p.fact(values["acc_k"], 1)
    assert not f.proven and "iter_arg" in f.why[1]


def test_induction_variables(values):
    p = Prover()
    assert p.fact(values["iv_a"], 1).proven           # 0 step 1
    assert not p.fact(values["iv_a"], 2).proven
    assert p.fact(values["iv_k"], 256).proven         # 256 step 256


def test_summary_agrees_with_the_per_divisor_walk(values):
    """The divisor-free summary answers exactly what the per-divisor walk
    (which also explains failures) answers, for every value and divisor."""
    for name, v in values.items():
        if v is None:
            continue
        for d in DIVISORS:
            fast = Prover().fact(v, d)
            slow = Prover()._compute(v, d)
            assert fast.proven == slow.proven, (name, d)


def test_random_expressions_agree(ctx):
    rng = random.Random(7)
    for trial in range(30):
        lines = ["func.func @g(%a: index) {"]
        vals = []
        for c in (0, 1, 3, 16, 48, 64, 256, -32):
            n = f"%c{'m' if c < 0 else ''}{abs(c)}"
            lines.append(f"  {n} = arith.constant {c} : index")
            vals.append(n)
        lines.append("  %b = pto.get_block_idx")
        lines.append("  %bi = arith.index_cast %b : i64 to index")
        vals += ["%bi", "%a"]
        for i in range(8):
            op = rng.choice(["arith.muli", "arith.addi", "arith.subi"])
            x, y = rng.choice(vals), rng.choice(vals)
            lines.append(f"  %e{i} = {op} {x}, {y} : index")
            vals.append(f"%e{i}")
        lines.append("  return\n}")
        m = ir.Module.parse("\n".join(lines))
        func = m.body.operations[0]
        ops = _ptonz.collect_ops(func, ["arith.muli", "arith.addi", "arith.subi"])
        for op in ops:
            for d in DIVISORS:
                fast = Prover().fact(op.results[0], d)
                slow = Prover()._compute(op.results[0], d)
                assert (fast.multiple and fast.nonneg) == (slow.multiple and slow.nonneg)


def test_proven_facts_need_no_per_divisor_walk(values):
    """A proof succeeds from the memoised divisor-free summary alone; only a
    failure walks again (per divisor) to find the culprit."""
    p = Prover()

    def walk(value, d):
        raise AssertionError("per-divisor walk on a provable offset")

    p._compute = walk
    for name, d in (("m0", 256), ("sum", 16), ("iv_a", 1), ("iv_k", 256), ("c0", 64)):
        assert p.fact(values[name], d).proven, name
