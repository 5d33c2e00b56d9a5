"""Textual pass pipelines that mix ptonz's Python passes with upstream ones.

`builtin.module(canonicalize, pto-block-nz-views{}, func.func(cse))`: top-level
elements naming a ptonz pass become that Python pass; every run of other
elements is handed to MLIR's own pipeline parser unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from mlir import ir
from mlir.passmanager import PassManager

from .base import REGISTRY, PassOptionError, reraise_internal_error


class PipelineError(ValueError):
    pass


@dataclass
class Element:
    name: str
    options: Optional[str] = None  # text between the braces
    nested: Optional[List["Element"]] = None
    text: str = ""  # the element as written


@dataclass
class _Cursor:
    text: str
    pos: int = 0

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def error(self, msg: str) -> PipelineError:
        return PipelineError(f"{msg} at offset {self.pos} in pass pipeline '{self.text}'")


def _parse_list(cur: _Cursor, closing: str) -> List[Element]:
    elems: List[Element] = []
    cur.skip_ws()
    if cur.peek() == closing:
        return elems
    while True:
        elems.append(_parse_element(cur))
        cur.skip_ws()
        c = cur.peek()
        if c == ",":
            cur.pos += 1
            continue
        if c == closing:
            return elems
        raise cur.error(f"expected ',' or '{closing or 'end'}'")


def _parse_element(cur: _Cursor) -> Element:
    cur.skip_ws()
    start = cur.pos
    while cur.peek() and (cur.peek().isalnum() or cur.peek() in "_.-"):
        cur.pos += 1
    name = cur.text[start:cur.pos]
    if not name:
        raise cur.error("expected a pass or operation name")
    options = None
    cur.skip_ws()
    if cur.peek() == "{":
        depth, opt_start = 0, cur.pos + 1
        while True:
            c = cur.peek()
            if not c:
                raise cur.error("unbalanced '{'")
            depth += c == "{"
            depth -= c == "}"
            cur.pos += 1
            if depth == 0:
                break
        options = cur.text[opt_start:cur.pos - 1]
    nested = None
    cur.skip_ws()
    if cur.peek() == "(":
        cur.pos += 1
        nested = _parse_list(cur, ")")
        cur.pos += 1
    return Element(name, options, nested, cur.text[start:cur.pos].strip())


def parse_pipeline(text: str) -> List[Element]:
    """The elements to run on the module, with any `builtin.module(...)` anchor removed."""
    cur = _Cursor(text.strip())
    elems = _parse_list(cur, "")
    if cur.pos != len(cur.text):
        raise cur.error("unexpected trailing characters")
    if len(elems) == 1 and elems[0].name == "builtin.module" and elems[0].nested is not None:
        return elems[0].nested
    return elems


def _parse_options(elem: Element) -> dict:
    opts = {}
    for item in (elem.options or "").split():
        key, eq, value = item.partition("=")
        if not eq:
            raise PipelineError(f"option '{item}' of pass '{elem.name}' must be written key=value")
        opts[key] = value
    return opts


def _check_no_nested_ptonz(elems: List[Element]) -> None:
    for e in elems:
        if e.nested is not None:
            for inner in e.nested:
                if inner.name in REGISTRY:
                    raise PipelineError(
                        f"ptonz pass '{inner.name}' must run on the module: write it at the "
                        f"top level of builtin.module(...), not inside '{e.name}(...)'"
                    )
            _check_no_nested_ptonz(e.nested)


def build_pass_manager(pipeline: str, context: Optional[ir.Context] = None,
                       defaults: Optional[dict] = None) -> PassManager:
    """A PassManager on builtin.module running `pipeline` (ptonz + upstream passes).

    `defaults` maps a ptonz pass name to option values used where the
    pipeline does not set them (e.g. ptonz-opt's `--ptoas-version`)."""
    elems = parse_pipeline(pipeline)
    _check_no_nested_ptonz(elems)
    pm = PassManager("builtin.module", context=context)
    upstream: List[str] = []

    def flush():
        if upstream:
            text = ",".join(upstream)
            try:
                pm.add(text)
            except (ValueError, ir.MLIRError) as exc:
                raise PipelineError(f"invalid pass pipeline '{text}': {exc}") from None
            upstream.clear()

    for elem in elems:
        cls = REGISTRY.get(elem.name)
        if cls is None:
            upstream.append(elem.text)
            continue
        flush()
        if elem.nested is not None:
            raise PipelineError(f"ptonz pass '{elem.name}' takes no nested pipeline")
        try:
            opts = dict((defaults or {}).get(elem.name, {}))
            opts.update(_parse_options(elem))
            cls(**opts).add_to(pm)
        except PassOptionError as exc:
            raise PipelineError(str(exc)) from None
    flush()
    return pm


def run_pass_manager(pm: PassManager, op: ir.Operation) -> None:
    """`pm.run(op)`, then raise any exception a ptonz pass recorded (a bug,
    which must not unwind through MLIR's C++ pass manager) instead of the
    pass failure it caused."""
    try:
        pm.run(op)
    except ir.MLIRError:
        reraise_internal_error()
        raise
    reraise_internal_error()
