"""Scalar arguments proven at every call site (pypto's rule for MX offsets).

A kernel that loads at an offset passed as a scalar argument (pypto's
outlined functions: `kernel(a_s, row)`) is provable only from its callers.
`CallSiteFacts(module)` gives every integer/index argument of a function
that the module calls (with `func.call`, from functions of the module, none
of them recursive) the facts its call sites prove: the union of the
operands' integer ranges and the least of their alignments, as a temporary
`ptonz.arg_range = array<i64: lo, hi, step>` (the declaration the range and
alignment proofs read, `arg_attrs.ARG_RANGE_ATTR`). So ONE unprovable
caller (an operand of unknown sign, or not a multiple) makes the argument
unprovable: callers passing 0 and 1 give [0, 2) in steps of 1, which no
multiple of 16 survives.

Callers are resolved before their callees (a caller's own arguments first),
so facts flow through chains of calls. A function without call sites, one
in a call cycle, an argument some call does not pass (a call with another
operand count) or one the user declared (`--arg-range`) keeps what it had.
`restore()` puts the functions' argument attributes back as they were: the
facts are the pass's, not the output's.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from mlir import ir

from .arg_attrs import ARG_RANGE_ATTR, arg_attr_dicts, set_arg_attr_dicts
from .. import _ptonz
from .int_ranges import FunctionRanges
from .ir_queries import bit_width, functions, symbol_name

_MAX_STEP = 1 << 62


def _enclosing_function(op: ir.Operation) -> Optional[ir.Operation]:
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        parent = parent.parent
    return parent


class CallSiteFacts:
    """The derived argument facts of one module (see the module docstring)."""

    def __init__(self, module: ir.Operation):
        self._saved: Dict[ir.Operation, Optional[ir.Attribute]] = {}
        # (callee name, argument) -> [(call, operand)], for the diagnostics.
        self.sites: Dict[Tuple[str, int], List[Tuple[ir.Operation, ir.Value]]] = {}
        funcs = {
            symbol_name(f.operation): f.operation
            for f in functions(module)
            if f.operation.regions[0].blocks
        }
        calls: Dict[str, List[Tuple[ir.Operation, str]]] = {}
        for call in _ptonz.collect_ops(module, ["func.call"]):
            callee = call.opview.callee.value
            caller = _enclosing_function(call)
            if callee in funcs and caller is not None:
                calls.setdefault(callee, []).append((call, symbol_name(caller)))
        if not calls:
            return
        order: List[str] = []
        state: Dict[str, int] = {}  # 1: on the stack, 2: done
        cyclic = set()

        def visit(root: str) -> None:
            """Depth first from `root` to its callers (post-order into
            `order`), with a stack of its own: a call chain may be longer
            than Python's recursion limit."""
            if state.get(root) == 2:
                return
            state[root] = 1
            path = [root]
            callers = [iter(calls.get(root, []))]
            while callers:
                site = next(callers[-1], None)
                if site is None:
                    callers.pop()
                    done = path.pop()
                    state[done] = 2
                    order.append(done)
                    continue
                caller = site[1]
                if state.get(caller) == 2:
                    continue
                if state.get(caller) == 1:
                    cyclic.update(path[path.index(caller) :])
                    continue
                state[caller] = 1
                path.append(caller)
                callers.append(iter(calls.get(caller, [])))

        for name in calls:
            visit(name)
        for name in order:
            if (
                name in calls
                and name not in cyclic
                and not any(caller in cyclic for _c, caller in calls[name])
            ):
                self._derive(funcs[name], name, calls[name])

    def _derive(self, func: ir.Operation, name: str, calls: List[Tuple[ir.Operation, str]]) -> None:
        block = func.regions[0].blocks[0]
        n = len(block.arguments)
        dicts = arg_attr_dicts(func)
        ranges = FunctionRanges(func)  # a new analysis: sees the callers' derived facts
        changed = False
        for k, arg in enumerate(block.arguments):
            t = arg.type
            if not (isinstance(t, ir.IndexType) or (isinstance(t, ir.IntegerType) and t.width > 1)):
                continue
            if ARG_RANGE_ATTR in dicts[k]:
                continue
            operands: List[Tuple[ir.Operation, ir.Value]] = []
            for call, _caller in calls:
                if len(call.operands) != n:
                    operands = []
                    break
                operands.append((call, call.operands[k]))
            if not operands:
                continue
            self.sites[(name, k)] = operands
            fact = self._join(ranges, [v for _c, v in operands], bit_width(t))
            if fact is None:
                continue
            dicts[k][ARG_RANGE_ATTR] = ir.DenseI64ArrayAttr.get(list(fact))
            changed = True
        if changed:
            if func not in self._saved:
                self._saved[func] = (
                    func.attributes["arg_attrs"] if "arg_attrs" in func.attributes else None
                )
            set_arg_attr_dicts(func, dicts)

    @staticmethod
    def _join(
        ranges: FunctionRanges, values: List[ir.Value], bits: int
    ) -> Optional[Tuple[int, int, int]]:
        """[lo, hi) and step of the values the call sites pass, or None when
        nothing is known (then the argument stays undeclared)."""
        lo: Optional[int] = None
        hi: Optional[int] = None
        twos = float("inf")
        for v in values:
            r = ranges.bounds(v)
            if r is None:
                return None
            lo = r[0] if lo is None else min(lo, r[0])
            hi = r[1] if hi is None else max(hi, r[1])
            twos = min(twos, ranges.native.alignment(v))
        if lo is None or hi is None:
            return None
        if hi + 1 >= (1 << (bits - 1)) or (
            lo == -(1 << (bits - 1)) and hi == (1 << (bits - 1)) - 1
        ):
            # Up to the type's maximum (whose exclusive bound would not fit the
            # i64 attribute) or the whole type: no declaration says more.
            return None
        step = _MAX_STEP if twos == float("inf") else min(1 << int(twos), _MAX_STEP)
        if lo % step:
            step = 1
        return (lo, hi + 1, step)

    def derived(self, name: str, k: int) -> bool:
        return (name, k) in self.sites

    def restore(self) -> None:
        for func, saved in self._saved.items():
            if saved is None:
                del func.attributes["arg_attrs"]
            else:
                func.attributes["arg_attrs"] = saved
        self._saved = {}
