"""The ptonz pass base class.

A pass is a small class with a name (`argument`) and a `run(op) -> bool`;
`@register` makes it a pass of MLIR's registry (registration.py), usable by
name in any textual pipeline::

    @register
    class MyPass(ModulePass):
        argument = "my-pass"
        summary = "What it does."                        # ptonz's own passes:
        options = {"level": (int, 2, "how hard to try")}  # from catalog.CATALOG
        anchors = ("builtin.module", "func.func")

        def run(self, op) -> bool:  # op: the module, or one function
            ...                     # emit located errors and return False to reject

    PassManager.parse("builtin.module(my-pass{level=3}, cse)")
"""

from __future__ import annotations

from typing import Callable, Dict, Tuple, Type

from mlir import ir

from .catalog import CATALOG, MODULE_OR_FUNCTION
from .registration import REGISTRY, PassOptionError, check_option, option_text, register_pass_class

__all__ = ["ModulePass", "PassOptionError", "REGISTRY", "register"]


def register(cls: Type["ModulePass"]) -> Type["ModulePass"]:
    """Make `cls` the pass of its `argument` in MLIR's registry. ptonz's own
    passes take summary, options and anchors from the catalog."""
    info = CATALOG.get(cls.argument)
    if info is not None:
        cls.summary, cls.options, cls.anchors = info.summary, info.options, info.anchors
    register_pass_class(cls)
    return cls


class ModulePass:
    """A pass written in Python.

    `run(op)` gets the op the pass is scheduled on: a module (all its
    functions), or a single `func.func` when `anchors` allows it and the pass
    is nested as `func.func(my-pass)`. Passes that loop over
    `ir_queries.functions(op)` handle both: a function's walk includes itself.
    It returns False after emitting located errors when the input is
    rejected. Options (name -> (parser, default, help)) arrive parsed as
    keyword arguments; an instance is created for each run.
    """

    argument: str = ""
    summary: str = ""
    options: Dict[str, Tuple[Callable[[str], object], object, str]] = {}
    anchors: Tuple[str, ...] = MODULE_OR_FUNCTION

    def __init__(self, **options):
        self.opts = {name: default for name, (_parse, default, _help) in self.options.items()}
        for key, value in options.items():
            name = key.replace("_", "-")
            self.opts[name] = check_option(self.argument, name, value)

    def run(self, op: ir.Operation) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def pipeline_element(self) -> str:
        """This pass with its option values, as a textual pipeline names it."""
        if not self.opts:
            return self.argument
        values = " ".join(f"{k}={option_text(v)}" for k, v in self.opts.items())
        return f"{self.argument}{{{values}}}"

    def add_to(self, pm) -> None:
        """Append this pass (through MLIR's registry) to an `mlir.passmanager.PassManager`."""
        pm.add(self.pipeline_element())
