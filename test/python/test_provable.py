"""The offset prover (analyses/provable.py) on its own: alignment by the
power-of-two rules, sign by integer ranges at each value's own width."""

import random
import re
from pathlib import Path

import pytest
from mlir import ir

from ptonz import _ptonz
from ptonz.analyses.provable import Prover, forms_markdown, provable_forms, provable_forms_text

DIVISORS = (1, 2, 16, 32, 64)


def _values(src: str):
    """Parse a function and return (module, func, {name: value}): its
    top-level results by their source names, its arguments as arg0.., and
    the block arguments of each `scf.for {tag = "t"}` as iv_t (and acc_t),
    plus the results defined in loop bodies by their names."""
    m = ir.Module.parse(src)
    func = m.body.operations[0]
    entry = func.regions[0].blocks[0]
    names = {}
    defined = re.findall(r"^\s*%(\w+) = ", src, re.M)
    results = []

    def walk(block):
        for op in block.operations:
            if len(op.results) and op.name != "scf.for":
                results.append(op.results[0])
            for region in op.regions:
                for b in region.blocks:
                    walk(b)

    walk(entry)
    defined = [n for n in defined if not n.startswith("r_")]  # loop results: not walked
    assert len(defined) == len(results), (defined, len(results))
    names.update(zip(defined, results))
    for i, arg in enumerate(entry.arguments):
        names[f"arg{i}"] = arg
    for op in _ptonz.collect_ops(func, ["scf.for"]):
        body = op.regions[0].blocks[0]
        tag = ir.StringAttr(op.attributes["tag"]).value
        names[f"iv_{tag}"] = body.arguments[0]
        if len(body.arguments) > 1:
            names[f"acc_{tag}"] = body.arguments[1]
    return m, func, names


SRC = """
func.func @f(%arg0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c48 = arith.constant 48 : index
  %c192 = arith.constant 192 : index
  %c256 = arith.constant 256 : index
  %cm16 = arith.constant -16 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %m0 = arith.muli %bi, %c256 : index
  %sum = arith.addi %m0, %c48 : index
  %diff = arith.subi %m0, %c256 : index
  %neg = arith.muli %bi, %cm16 : index
  %farg = arith.muli %arg0, %c256 : index
  %narrow = arith.index_cast %c192 : index to i8
  %wrapped = arith.index_cast %narrow : i8 to index
  %x = arith.constant 16777216 : i32
  %k = arith.constant 256 : i32
  %x256 = arith.muli %x, %k : i32
  %x256i = arith.index_cast %x256 : i32 to index
  %sh = arith.shli %bi, %c8 : index
  %mn = arith.minsi %m0, %sh : index
  scf.for %i = %c0 to %c8 step %c1 {
    %n0 = arith.muli %i, %c256 : index
    %back = arith.subi %n0, %c256 : index
    scf.yield
  } {tag = "a"}
  scf.for %u = %c256 to %c8 step %c256 {
    %up = arith.subi %u, %c256 : index
    scf.yield
  } {tag = "u"}
  %r_k = scf.for %kk = %c256 to %c256 step %c256 iter_args(%acc = %c0) -> (index) {
    %next = arith.addi %acc, %kk : index
    scf.yield %next : index
  } {tag = "k"}
  %r_s = scf.for %j = %c0 to %c8 step %c1 iter_args(%same = %c256) -> (index) {
    scf.yield %same : index
  } {tag = "s"}
  return
}
"""


@pytest.fixture
def prog(ctx):
    m, func, names = _values(SRC)
    yield Prover(func), names
    del m


def test_constants(prog):
    p, v = prog
    assert p.fact(v["c256"], 16).proven
    assert p.fact(v["c0"], 64).proven  # 0 is a multiple of everything
    f = p.fact(v["c48"], 32)
    assert not f.proven and f.nonneg and not f.multiple
    assert "not a multiple of 32" in f.why[1]
    f = p.fact(v["cm16"], 16)
    assert f.multiple and not f.nonneg and "negative" in f.why[1]


def test_muli_addi_and_block_idx(prog):
    p, v = prog
    assert p.fact(v["m0"], 256).proven  # block_idx * 256, block_idx <= 65534
    assert p.fact(v["bi"], 1).proven  # block_idx: non-negative
    f = p.fact(v["bi"], 16)
    assert not f.proven and "get_block_idx" in f.why[1]
    assert p.fact(v["sum"], 16).proven  # 256k + 48
    assert not p.fact(v["sum"], 32).proven  # 48 is not a multiple of 32
    f = p.fact(v["neg"], 16)  # block_idx * -16: multiple, negative
    assert f.multiple and not f.nonneg


def test_wrap_around_is_never_non_negative(prog):
    p, v = prog
    f = p.fact(v["wrapped"], 16)  # 192 -> i8 -> index is -64
    assert f.multiple and not f.nonneg
    assert "arith.index_cast from index to i8 may wrap around" in f.why[1]
    f = p.fact(v["x256i"], 16)  # seed 000: (1 << 24) * 256 in i32
    assert not f.nonneg and "arith.muli" in f.why[1] and "at i32" in f.why[1]


def test_subi_shli_minsi(prog):
    p, v = prog
    f = p.fact(v["diff"], 16)  # block_idx * 256 - 256: may be negative
    assert f.multiple and not f.nonneg and "arith.subi" in f.why[1]
    assert p.fact(v["up"], 256).proven  # ub - 256 with ub >= 256
    f = p.fact(v["back"], 16)  # i * 256 - 256 with i = 0: negative
    assert not f.nonneg
    assert p.fact(v["sh"], 256).proven  # block_idx << 8
    assert p.fact(v["mn"], 256).proven  # min of two multiples of 256


def test_never_resolved(prog):
    p, v = prog
    f = p.fact(v["farg"], 16)  # arg0 * 256: multiple, sign unknown
    assert f.multiple and not f.nonneg and "function argument" in f.why[1]
    f = p.fact(v["acc_k"], 16)
    assert not f.proven and "iter_arg" in f.why[1]
    assert p.fact(v["acc_s"], 256).proven  # a loop-invariant iter_arg: 256


def test_induction_variables(prog):
    p, v = prog
    assert p.fact(v["iv_a"], 1).proven  # 0 step 1
    assert not p.fact(v["iv_a"], 2).proven
    assert p.fact(v["iv_k"], 256).proven  # 256 step 256
    assert p.fact(v["n0"], 256).proven


def test_random_expressions_are_sound(ctx):
    """Whatever the prover proves holds for every value the expression takes:
    enumerate the block ids of a small launch and evaluate exactly (with
    wrap-around at the value's width)."""
    rng = random.Random(7)
    ops = {
        "arith.muli": lambda a, b: a * b,
        "arith.addi": lambda a, b: a + b,
        "arith.subi": lambda a, b: a - b,
    }
    for _trial in range(40):
        width = rng.choice([64, 32, 16])
        ty = "index" if width == 64 else f"i{width}"
        lines = ["func.func @g() {"]
        consts = {}
        for c in (0, 1, 3, 16, 48, 64, 256, -32, 4096, (1 << (width - 2))):
            n = f"%c{'m' if c < 0 else ''}{abs(c)}"
            consts[n] = c
            lines.append(f"  {n} = arith.constant {c} : {ty}")
        lines.append("  %b = pto.get_block_idx")
        lines.append(
            f"  %bi = arith.{'index_cast' if ty == 'index' else 'trunci'} %b : i64 to {ty}"
        )
        exprs = {n: (lambda b, c=c: c) for n, c in consts.items()}
        exprs["%bi"] = lambda b, width=width: _wrap(b, width)
        names = list(exprs)
        for i in range(8):
            op = rng.choice(list(ops))
            x, y = rng.choice(names), rng.choice(names)
            lines.append(f"  %e{i} = {op} {x}, {y} : {ty}")
            fx, fy, f = exprs[x], exprs[y], ops[op]
            exprs[f"%e{i}"] = lambda b, fx=fx, fy=fy, f=f, width=width: _wrap(
                f(fx(b), fy(b)), width
            )
            names.append(f"%e{i}")
        lines.append("  return\n}")
        m = ir.Module.parse("\n".join(lines))
        func = m.body.operations[0]
        p = Prover(func)
        defined = [f"%e{i}" for i in range(8)]
        for name, op in zip(defined, _ptonz.collect_ops(func, list(ops))):
            for d in DIVISORS:
                fact = p.fact(op.results[0], d)
                if fact.proven:
                    for b in (0, 1, 2, 7, 255, 32767, 32768, 65534):
                        value = exprs[name](b)
                        assert value >= 0 and value % d == 0, (name, d, b, value)


def _wrap(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def test_proven_facts_need_no_explanation(prog):
    """A proof succeeds from the memoised alignment and the range alone: it
    carries no failure; a failed one names its culprit and the form."""
    p, v = prog
    for name, d in (("m0", 256), ("sum", 16), ("iv_a", 1), ("iv_k", 256), ("c0", 64)):
        f = p.fact(v[name], d)
        assert f.proven and f.failure is None and f.why is None, name
    f = p.fact(v["c48"], 32)
    assert f.failure.rule == "constant" and f.failure.culprit == v["c48"]
    f = p.fact(v["sum"], 32)  # 256k + 48: the 48 is to blame
    assert f.failure.rule == "constant" and f.failure.culprit == v["c48"]
    f = p.fact(v["bi"], 16)
    assert f.failure.rule == "launch_query"
    f = p.fact(v["acc_k"], 16)
    assert f.failure.rule == "iter_arg"


SPLIT_K = """
func.func @f() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %b = pto.get_block_idx
  %blk = arith.index_cast %b : i64 to index
  %half = arith.remsi %blk, %c2 : index
  %k0 = arith.muli %half, %c512 : index
  %halfu = arith.remui %blk, %c2 : index
  %k0u = arith.muli %halfu, %c512 : index
  %nb = arith.floordivsi %blk, %c2 : index
  %n0 = arith.muli %nb, %c128 : index
  %m = arith.subi %blk, %c1 : index
  %bad = arith.remsi %m, %c2 : index
  %kbad = arith.muli %bad, %c512 : index
  %r3 = arith.remsi %k0, %c3 : index
  return
}
"""


def test_split_k_remainders_and_quotients(ctx):
    """Issue 14: (blk % 2) * 512 and (blk floordiv 2) * 128 are provable; a
    remsi of a dividend that may be negative is not; a remainder by 3 keeps
    no power-of-two alignment beyond 2^0."""
    _m, func, v = _values(SPLIT_K)
    p = Prover(func)
    assert p.fact(v["k0"], 32).proven and p.fact(v["k0u"], 32).proven
    assert p.fact(v["n0"], 16).proven
    bad = p.fact(v["kbad"], 32)
    assert bad.multiple and not bad.nonneg
    assert "can be negative" in bad.why[1]
    assert p.alignment(v["half"]) == 0  # a remainder by 2 of any integer
    assert p.alignment(v["r3"]) == 0
    assert not p.fact(v["r3"], 2).multiple


TABLE_SRC = """
func.func @t(%arg0: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %mul = arith.muli %c32, %c96 : index
  %shl = arith.shli %c6, %c4 : index
  %add = arith.addi %c64, %c96 : index
  %and = arith.andi %arg0, %c64 : index
  %or = arith.ori %c64, %c96 : index
  %sel = arith.select %c, %c64, %c32 : index
  %div = arith.divui %c96, %c4 : index
  %fdiv = arith.floordivsi %arg0, %c4 : index
  %rem = arith.remui %c96, %c64 : index
  %cast = arith.index_cast %c96 : index to i32
  %blk = pto.get_block_idx
  %zero = arith.muli %arg0, %c0 : index
  %r_s = scf.for %i = %c32 to %c96 step %c64 iter_args(%same = %c96) -> (index) {
    scf.yield %same : index
  } {tag = "s"}
  return
}
"""


@pytest.mark.parametrize(
    "name,log2",
    [
        ("c96", 5),
        ("mul", 10),
        ("shl", 5),
        ("add", 5),
        ("and", 6),
        ("or", 5),
        ("sel", 5),
        ("div", 3),
        ("fdiv", 0),
        ("rem", 5),
        ("cast", 5),
        ("blk", 0),
        ("arg0", 0),
        ("iv_s", 5),
        ("acc_s", 5),
        ("zero", float("inf")),
        ("c0", float("inf")),
    ],
)
def test_alignment_table(ctx, name, log2):
    """Each row of the table (provable_forms), as the C++ walk implements it (an
    iter_arg yielded unchanged has the one-constant range of its init; x * 0
    is 0, a multiple of every power of two)."""
    m, func, v = _values(TABLE_SRC)
    assert Prover(func).alignment(v[name]) == log2
    del m


# --- the one table: what the errors list is what the analysis proves ---------

# An input per row of the table that the row proves: (MLIR body defining %r,
# log2 of the multiple it proves). %a and %b are non-constant multiples of
# 256 and 512 (launch queries scaled), %blk a launch query, %cond an i1.
ROW_EXAMPLES = {
    "constant": ("%r = arith.constant 96 : index", 5),
    "induction_variable": ('scf.for %r = %c32 to %c512 step %c64 { scf.yield } {tag = "r"}', 5),
    "declared_argument": ("", 8),
    "product": ("%r = arith.muli %a, %c4 : index", 10),
    "shift": ("%r = arith.shli %a, %c4 : index", 12),
    "both": ("%r = arith.addi %a, %b : index", 8),
    "either": ("%r = arith.andi %arg0, %c64 : index", 8),
    "select": ("%r = arith.select %cond, %a, %b : index", 8),
    "quotient": ("%r = arith.divui %a, %c4 : index", 6),
    "remainder": ("%r = arith.remui %b, %c256 : index", 8),
    "cast": ("%r = arith.index_cast %a : index to i32", 8),
    "constant_range": ("%r = arith.ceildivsi %c512, %c4 : index", 7),
    "launch_query": ("%r = pto.get_block_num", 0),
}

FORM_TEMPLATE = """
func.func @f(%arg0: index {{ptonz.arg_range = array<i64: 256, 8192, 256>}}, %cond: i1) {{
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %bn = pto.get_block_idx
  %bi = arith.index_cast %bn : i64 to index
  %sn = pto.get_subblock_idx
  %si = arith.index_cast %sn : i64 to index
  %a = arith.muli %bi, %c256 : index
  %b = arith.muli %si, %c512 : index
  {body}
  return
}}
"""


def _row_value(body: str):
    m = ir.Module.parse(FORM_TEMPLATE.format(body=body))
    func = m.body.operations[0]
    if not body:  # the declared argument itself
        return m, func, func.regions[0].blocks[0].arguments[0]
    if "scf.for" in body:
        loop = _ptonz.collect_ops(func, ["scf.for"])[0]
        return m, func, loop.regions[0].blocks[0].arguments[0]
    last = [op for op in func.regions[0].blocks[0].operations][-2]
    return m, func, last.results[0]


def test_every_listed_form_proves(ctx):
    """Each row of the table has an input that the analysis proves by that
    row: the user-facing list names nothing the analysis does not prove."""
    forms = provable_forms()
    assert [f.key for f in forms] == list(ROW_EXAMPLES), "a row without an example here"
    for f in forms:
        body, log2 = ROW_EXAMPLES[f.key]
        m, func, value = _row_value(body)
        p = Prover(func)
        assert p.alignment(value) == log2, (f.key, p.alignment(value))
        assert p.fact(value, 1 << log2).proven, f.key
        assert set(f.ops) <= _named_ops(provable_forms_text()), f.key
        del m


def _named_ops(text: str) -> set:
    """The op names a list of forms mentions (`arith.addi/subi` is two)."""
    out = set()
    for dialect, names in re.findall(r"\b([a-z]+)\.([a-z_]+(?:/[a-z_]+)*)", text):
        out.update(f"{dialect}.{n}" for n in names.split("/"))
    return out


def _generic_ops():
    """(name, signature) of every arith op that takes integer operands, with
    operand lists the op may verify with; built as generic ops below."""
    from mlir.dialects import _arith_ops_gen as gen

    names = sorted(
        {
            cls.OPERATION_NAME
            for cls in vars(gen).values()
            if isinstance(cls, type) and hasattr(cls, "OPERATION_NAME")
        }
    )
    sigs = [
        ("%a, %b", "index, index", "index"),
        ("%a, %c4", "index, index", "index"),
        ("%a", "index", "index"),
        ("%a", "index", "i64"),
        ("%a32", "i32", "index"),
        ("%a64", "i64", "i32"),
        ("%a64", "i64", "i128"),
        ("%cond, %a, %b", "i1, index, index", "index"),
    ]
    return names, sigs


def test_no_proven_op_is_missing_from_the_list(ctx):
    """Every arith op the analysis proves a multiple of 2 (from operands that
    are multiples of 256 whose range is not one constant) is in the list the
    errors give: an op proven in C++ but not listed fails here (as
    arith.index_castui once did)."""
    names, sigs = _generic_ops()
    listed = _named_ops(provable_forms_text())
    proven_ops = set()
    for name in names:
        for operands, types, result in sigs:
            text = FORM_TEMPLATE.format(
                body=(
                    "%a32 = arith.index_cast %a : index to i32\n"
                    "  %a64 = arith.index_cast %a : index to i64\n"
                    f'  %r = "{name}"({operands}) : ({types}) -> {result}'
                )
            )
            try:
                with ir.Location.unknown():
                    m = ir.Module.parse(text)
            except ir.MLIRError:
                continue  # not this op's signature
            func = m.body.operations[0]
            value = [op for op in func.regions[0].blocks[0].operations][-2].results[0]
            p = Prover(func)
            r = p.ranges.of(value)
            if p.alignment(value) >= 1 and (r is None or r.constant is None):
                proven_ops.add(name)
            del m
    assert proven_ops, "the generic construction built no provable op"
    assert proven_ops <= listed, sorted(proven_ops - listed)
    arith_listed = {op for op in listed if op.startswith("arith.") and op != "arith.constant"}
    assert arith_listed <= proven_ops, sorted(arith_listed - proven_ops)


def test_launch_queries_are_named_by_the_dialect(ctx):
    """The launch queries' row lists the ops with the LaunchQuery trait; each
    is non-negative and proves nothing more."""
    row = next(f for f in provable_forms() if f.key == "launch_query")
    assert set(row.ops) == {
        "pl.get_block_idx",
        "pl.get_block_num",
        "pto.get_block_idx",
        "pto.get_block_num",
        "pto.get_subblock_idx",
        "pto.get_subblock_num",
    }
    assert set(row.ops) <= _named_ops(provable_forms_text())


def test_reference_table_is_the_analysis_table(ctx):
    """The reference's table of provable forms (docs/reference.md) is
    forms_markdown() (regenerate: python -c 'from ptonz.analyses.provable
    import forms_markdown; ...')."""
    readme = (Path(__file__).resolve().parents[2] / "docs" / "reference.md").read_text()
    begin, end = "<!-- provable-forms:begin -->", "<!-- provable-forms:end -->"
    assert begin in readme and end in readme
    table = readme.split(begin, 1)[1].split(end, 1)[0].strip()
    assert table == forms_markdown(), (
        "docs/reference.md's table differs; paste:\n" + forms_markdown()
    )
