"""analyses.call_sites: facts derived from call sites flow through chains of
calls of any length, and not through call cycles."""

import ptonz
from mlir import ir

from ptonz.analyses.arg_attrs import ARG_RANGE_ATTR, arg_attr_dicts, declared_arg_range
from ptonz.analyses.call_sites import CallSiteFacts
from ptonz.analyses.ir_queries import functions, symbol_name


def _chain(n: int) -> str:
    """@k0(%row) is called by @k1, ..., @kN, which passes (b remui 16) * 16."""
    out = ["func.func @k0(%row: index) {\n  return\n}"]
    for i in range(1, n + 1):
        body = f"  func.call @k{i - 1}(%b) : (index) -> ()"
        if i == n:
            body = (
                "  %c16 = arith.constant 16 : index\n"
                "  %r = arith.remui %b, %c16 : index\n"
                "  %row = arith.muli %r, %c16 : index\n"
                f"  func.call @k{i - 1}(%row) : (index) -> ()"
            )
        out.append(f"func.func @k{i}(%b: index) {{\n{body}\n  return\n}}")
    return "\n".join(out)


def _range_of(module, name: str):
    func = next(f for f in functions(module.operation) if symbol_name(f) == name)
    attrs = arg_attr_dicts(func)[0]
    return declared_arg_range(attrs[ARG_RANGE_ATTR]) if ARG_RANGE_ATTR in attrs else None


def test_facts_flow_through_a_chain_longer_than_the_recursion_limit():
    # 1500 calls deep: the call graph's walk was recursive (RecursionError).
    n = 1500
    ctx = ir.Context()
    module = ptonz.parse_module(_chain(n), context=ctx)
    with ctx:
        facts = CallSiteFacts(module.operation)
    assert facts.derived("k0", 0) and facts.derived(f"k{n - 1}", 0)
    assert _range_of(module, "k0") == [0, 241, 16]
    facts.restore()
    assert _range_of(module, "k0") is None


def test_no_facts_through_a_call_cycle():
    text = (
        "func.func @a(%x: index) {\n  func.call @b(%x) : (index) -> ()\n  return\n}\n"
        "func.func @b(%x: index) {\n  func.call @a(%x) : (index) -> ()\n  return\n}\n"
        "func.func @top() {\n  %c32 = arith.constant 32 : index\n"
        "  func.call @a(%c32) : (index) -> ()\n  return\n}\n"
    )
    ctx = ir.Context()
    module = ptonz.parse_module(text, context=ctx)
    with ctx:
        facts = CallSiteFacts(module.operation)
    assert not facts.derived("a", 0) and not facts.derived("b", 0)
    assert _range_of(module, "a") is None
