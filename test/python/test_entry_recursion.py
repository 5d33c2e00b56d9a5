"""An entry function on a call cycle is rejected once per module
(`verifyEntryRecursion`, run by the driver after parsing and by
pto-verify-ptoas), whatever the length of the cycle: the search is
iterative, so a chain longer than any stack is fine."""

import pytest

from ptonz import LoweringError, lower


def _chain(n: int, back_to_entry: bool) -> str:
    lines = [
        "func.func @entry() attributes {pto.entry} {",
        "  func.call @h0() : () -> ()",
        "  return",
        "}",
    ]
    for i in range(n):
        callee = f"@h{i + 1}" if i + 1 < n else ("@entry" if back_to_entry else None)
        body = f"  func.call {callee}() : () -> ()\n" if callee else ""
        lines.append(f"func.func private @h{i}() {{\n{body}  return\n}}")
    return "\n".join(lines) + "\n"


def test_a_cycle_through_a_long_chain_is_one_located_error():
    with pytest.raises(LoweringError) as exc:
        lower(_chain(40_000, back_to_entry=True), filename="chain.mlir", as_text=True)
    message = str(exc.value)
    assert message.count("error:") == 1
    assert (
        "chain.mlir:1:1: error: 'func.func' op PTO entry function calls itself "
        "(through @h0, @h1, @h2, @h3 and 39996 more): ptoas emits no recursive calls" in message
    )


def test_a_long_chain_without_a_cycle_lowers():
    out = lower(_chain(40_000, back_to_entry=False), filename="chain.mlir", as_text=True)
    assert "func.func @entry() attributes {pto.entry}" in out
