"""Integer ranges (analyses/int_ranges.py, C++ dialect/lib/Analysis/IntRanges.cpp) and
the partition bounds verdicts built on them (analyses/bounds.py)."""

import random

import pytest
from mlir import ir

from ptonz import _ptonz
from ptonz.analyses.bounds import INSIDE, OUTSIDE, UNDECIDED, check_dim
from ptonz.analyses.int_ranges import MAX_BLOCK_NUM, FunctionRanges

I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1


def _func(src: str):
    m = ir.Module.parse(src)
    return m, m.body.operations[0]


def _named(func):
    """{result name as written (via a `{name = "..."}` attribute): value}."""
    out = {}
    for op in _ptonz.collect_ops(
        func,
        [
            "arith.addi",
            "arith.subi",
            "arith.muli",
            "arith.index_cast",
            "arith.select",
            "arith.shli",
            "arith.floordivsi",
            "scf.if",
            "scf.for",
            "pto.get_block_idx",
            "pto.get_block_num",
        ],
    ):
        if "name" in op.attributes:
            out[ir.StringAttr(op.attributes["name"]).value] = op.results[0]
        if op.name == "scf.for" and "tag" in op.attributes:
            body = op.regions[0].blocks[0]
            tag = ir.StringAttr(op.attributes["tag"]).value
            out[f"iv_{tag}"] = body.arguments[0]
            for k, a in enumerate(list(body.arguments)[1:]):
                out[f"acc{k}_{tag}"] = a
    return out


SRC = """
func.func @f(%arg: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c300 = arith.constant 300 : index
  %b = pto.get_block_idx {name = "idx"}
  %n = pto.get_block_num {name = "num"}
  %bi = arith.index_cast %b {name = "bi"} : i64 to index
  %m = arith.muli %bi, %c256 {name = "bi256"} : index
  %s = arith.select %cond, %c8, %c256 {name = "sel"} : index
  %r = scf.if %cond -> (index) {
    scf.yield %c8 : index
  } else {
    scf.yield %c300 : index
  } {name = "if"}
  scf.for %i = %c0 to %c300 step %c256 {
    %x = arith.addi %i, %arg {name = "ivarg"} : index
    scf.yield
  } {tag = "exact"}
  scf.for %j = %c256 to %c0 step %c1 {
    scf.yield
  } {tag = "empty"}
  %big = arith.constant 9223372036854775807 : index
  scf.for %w = %c0 to %big step %c256 {
    scf.yield
  } {tag = "wraps"}
  %res:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%keep = %c256, %grow = %c0) -> (index, index) {
    %g = arith.addi %grow, %c1 {name = "grow1"} : index
    scf.yield %keep, %g : index, index
  } {tag = "acc"}
  return
}
"""


@pytest.fixture
def prog(ctx):
    m, func = _func(SRC)
    yield FunctionRanges(func), _named(func), func
    del m


def _bounds(r):
    return (r.smin, r.smax)


def test_launch_queries(prog):
    rng, v, _ = prog
    assert _bounds(rng.of(v["idx"])) == (0, MAX_BLOCK_NUM - 1)
    assert _bounds(rng.of(v["num"])) == (1, MAX_BLOCK_NUM)
    assert _bounds(rng.of(v["bi256"])) == (0, (MAX_BLOCK_NUM - 1) * 256)
    assert _bounds(rng.in_single_launch(v["idx"])) == (0, 0)
    assert _bounds(rng.in_single_launch(v["num"])) == (1, 1)
    assert MAX_BLOCK_NUM == 65535  # CANN's blockDim range [1, 65535]


LAUNCH = """
func.func @f() {
  %a = pto.get_block_idx
  %b = pto.get_block_num
  %c = pto.get_subblock_idx
  %d = pto.get_subblock_num
  %e = pl.get_block_idx
  %f = pl.get_block_num
  return
}
"""


@pytest.mark.parametrize("dataflow", [False, True])
def test_launch_query_ranges_come_from_the_ops(ctx, dataflow):
    """Every launch query infers its range itself (InferIntRangeInterface):
    MLIR's own DataFlowSolver, which knows no ptonz op by name, gets the
    launch's bounds; each op carries the LaunchQuery trait, and in a launch of
    one block takes its least value."""
    m, func = _func(LAUNCH)
    ops = [op for op in func.regions[0].blocks[0].operations][:-1]
    native = _ptonz.IntRanges(func, dataflow=dataflow)
    for op in ops:
        assert _ptonz.is_launch_query(op), op.name
        lo = 0 if op.name.endswith("_idx") else 1
        bits, smin, smax, _umin, _umax = native.get(op.results[0])
        assert (smin, smax) == (lo, lo + MAX_BLOCK_NUM - 1), op.name
        if not dataflow:
            assert native.get(op.results[0], single_launch=True)[1:3] == (lo, lo)
    assert not _ptonz.is_launch_query(func)
    del m


def test_loops(prog):
    rng, v, _ = prog
    assert _bounds(rng.of(v["iv_exact"])) == (0, 256)  # 0 to 300 step 256: {0, 256}
    assert rng.of(v["iv_empty"]).constant == 256  # never runs: any value is sound
    assert rng.of(v["iv_wraps"]).full  # iv + 256 may wrap past 2^63
    assert _bounds(rng.of(v["acc0_acc"])) == (256, 256)  # loop-invariant iter_arg
    assert rng.of(v["acc1_acc"]).smax == I64_MAX  # growing: unbounded above
    assert rng.of(v["ivarg"]).full  # + a function argument


def test_select_and_if(prog):
    rng, v, _ = prog
    assert _bounds(rng.of(v["sel"])) == (8, 256)
    assert _bounds(rng.of(v["if"])) == (8, 300)


def test_assumptions(prog):
    rng, v, func = prog

    def names(value):
        return sorted(
            "arg" if isinstance(a.owner, ir.Block) else a.owner.name
            for a in FunctionRanges.assumptions(value)
        )

    assert names(v["bi256"]) == ["pto.get_block_idx"]
    assert names(v["ivarg"]) == ["arg"]
    assert names(v["iv_exact"]) == []
    assert names(v["sel"]) == ["arg"]  # the i1 condition is an argument


def test_narrow_widths_wrap(ctx):
    m, func = _func("""
func.func @g() {
  %c192 = arith.constant 192 : index
  %t = arith.index_cast %c192 {name = "t"} : index to i8
  %r = arith.index_cast %t {name = "r"} : i8 to index
  %x = arith.constant 16777216 : i32
  %k = arith.constant 256 : i32
  %p = arith.muli %x, %k {name = "p"} : i32
  %y = arith.constant 1000 : i32
  %q = arith.muli %y, %k {name = "q"} : i32
  return
}""")
    rng, v = FunctionRanges(func), _named(func)
    assert _bounds(rng.of(v["t"])) == (-64, -64) and rng.of(v["t"]).bits == 8
    assert _bounds(rng.of(v["r"])) == (-64, -64)
    assert rng.of(v["p"]).full and rng.of(v["p"]).bits == 32  # (1 << 24) * 256 wraps in i32
    assert _bounds(rng.of(v["q"])) == (256000, 256000)


def test_wrapping_arithmetic_is_exact_in_a_launch_of_one_block(ctx):
    """In the single-launch ranges (what certainly goes wrong in block 0),
    a muli whose operands have one value each computes that one value,
    wrapped at the type's width, as addi and subi already do (fuzzer
    finding, seed 51: a partition size of (0 + INT64_MAX) * 16 = -16 in
    block 0 was taken for "anything" and accepted). The ranges over every launch, from which a partition is
    proven inside, keep arith's transfer functions (both drivers)."""
    m, func = _func("""
func.func @g() {
  %max = arith.constant 9223372036854775807 : index
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %a = arith.addi %max, %c16 {name = "a"} : index
  %s = arith.subi %c0, %a {name = "s"} : index
  %p = arith.muli %max, %c16 {name = "p"} : index
  %q = arith.muli %bi, %max {name = "q"} : index
  return
}""")
    v = _named(func)
    low, high = -(1 << 63), (1 << 63) - 1
    demand = _ptonz.IntRanges(func)
    one_block = {k: demand.get(v[k], single_launch=True)[1:3] for k in "aspq"}
    assert one_block == {
        "a": (low + 15, low + 15),
        "s": (-(low + 15), -(low + 15)),
        "p": (-16, -16),
        "q": (0, 0),
    }
    for native in (demand, _ptonz.IntRanges(func, dataflow=True)):
        # (arith's add and sub transfer functions wrap a single value
        # themselves; its mul does not.)
        assert native.get(v["a"])[1:3] == one_block["a"]
        assert native.get(v["s"])[1:3] == one_block["s"]
        assert native.get(v["p"])[1:3] == (low, high)
        assert native.get(v["q"])[1:3] == (low, high)
    del m


def test_wide_integers(ctx):
    m, func = _func("""
func.func @g() {
  %a = arith.constant 170141183460469231731687303715884105727 : i128
  %b = arith.constant 1 : i128
  %s = arith.addi %a, %b {name = "s"} : i128
  %t = arith.subi %a, %b {name = "t"} : i128
  return
}""")
    rng, v = FunctionRanges(func), _named(func)
    assert rng.of(v["s"]).bits == 128
    assert rng.of(v["s"]).constant == -(1 << 127)  # wraps, exactly
    assert rng.of(v["t"]).constant == (1 << 127) - 2


def test_demand_driven_agrees_with_the_dataflow_solver(ctx):
    """The demand-driven driver gives MLIR's DataFlowSolver's ranges on live
    code: random arithmetic over constants, block ids and loop variables."""
    rg = random.Random(11)
    ops = [
        "addi",
        "subi",
        "muli",
        "shli",
        "minsi",
        "maxsi",
        "andi",
        "ori",
        "divsi",
        "floordivsi",
        "remsi",
        "shrsi",
    ]
    for _trial in range(30):
        ty = rg.choice(["index", "i32", "i16"])
        lines = ["func.func @g() {"]
        pool = []
        for c in (0, 1, 3, 16, 256, -32, 4096, 30000):
            lines.append(f"  %k{len(pool)} = arith.constant {c} : {ty}")
            pool.append(f"%k{len(pool)}")
        lines += [
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %c9 = arith.constant 9 : index",
            "  %c77 = arith.constant 77 : index",
            "  %b = pto.get_block_idx",
        ]
        cast = "index_cast" if ty == "index" else "trunci"
        lines.append(f"  %bi = arith.{cast} %b : i64 to {ty}")
        pool.append("%bi")
        lines.append("  scf.for %i = %c1 to %c77 step %c9 {")
        if ty == "index":
            pool.append("%i")
        else:
            lines.append(f"    %ii = arith.index_cast %i : index to {ty}")
            pool.append("%ii")
        for i in range(12):
            x, y = rg.choice(pool), rg.choice(pool)
            lines.append(f"    %e{i} = arith.{rg.choice(ops)} {x}, {y} : {ty}")
            pool.append(f"%e{i}")
        lines += ["  }", "  return", "}"]
        m = ir.Module.parse("\n".join(lines))
        func = m.body.operations[0]
        demand = _ptonz.IntRanges(func)
        solver = _ptonz.IntRanges(func, dataflow=True)
        values = [op.results[0] for op in _ptonz.collect_ops(func, [f"arith.{o}" for o in ops])]
        for value in values:
            assert demand.get(value) == solver.get(value), "\n".join(lines)


# ---------------------------------------------------------------- bounds


BOUNDS_SRC = """
func.func @h(%arg: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %blk = arith.muli %bi, %c256 {name = "blk"} : index
  %n = pto.get_block_num
  %ni = arith.index_cast %n : i64 to index
  %far = arith.muli %ni, %c4096 {name = "far"} : index
  %a = arith.muli %arg, %c256 {name = "arg"} : index
  scf.for %nb = %c0 to %c8 step %c1 {
    %n0 = arith.muli %nb, %c256 {name = "n0"} : index
    scf.yield
  } {tag = "l"}
  return
}
"""


def test_bounds_verdicts(ctx):
    m, func = _func(BOUNDS_SRC)
    rng, v = FunctionRanges(func), _named(func)
    assert check_dim(rng, 0, 256, 256).verdict == INSIDE
    assert check_dim(rng, 256, 256, 256).verdict == OUTSIDE  # rows [256, 512) of 256
    assert check_dim(rng, -16, 16, 256).verdict == OUTSIDE
    assert check_dim(rng, 0, 512, 256).verdict == OUTSIDE  # bigger than the view
    assert check_dim(rng, v["n0"], 256, 2048).verdict == INSIDE  # [0, 1792] + 256
    out = check_dim(rng, v["n0"], 256, 1024)  # program-determined
    assert out.verdict == OUTSIDE and "can reach 2048" in out.reason
    und = check_dim(rng, v["blk"], 256, 2048)  # depends on the launch
    assert und.verdict == UNDECIDED and "get_block_idx" in und.notes[0][1]
    assert check_dim(rng, v["far"], 256, 2048).verdict == OUTSIDE  # even for one block
    assert check_dim(rng, v["arg"], 256, 2048).verdict == UNDECIDED
    assert check_dim(rng, v["n0"], 256, None).verdict == UNDECIDED
