"""The ptonz pass base class and the name -> pass table."""

from __future__ import annotations

from typing import Callable, Dict, List, Tuple, Type

from mlir import ir

from .catalog import CATALOG

REGISTRY: Dict[str, Type["ModulePass"]] = {}

# A Python exception must not unwind through MLIR's C++ pass manager (with a
# diagnostic already captured, the bindings abort the process): a pass that
# raises records the exception here and fails; `reraise_internal_error`, called
# after the pass manager returns, raises it again (an internal error, exit 2).
_internal_errors: List[BaseException] = []


def record_internal_error(exc: BaseException) -> None:
    _internal_errors.append(exc)


def reraise_internal_error() -> None:
    """Raise the first exception a ptonz pass (or pattern) recorded, if any."""
    if _internal_errors:
        exc = _internal_errors[0]
        _internal_errors.clear()
        raise exc


class PassOptionError(ValueError):
    pass


def register(cls: Type["ModulePass"]) -> Type["ModulePass"]:
    """Add a pass to the name table; its summary and options come from the catalog."""
    info = CATALOG[cls.argument]
    cls.summary, cls.options = info.summary, info.options
    REGISTRY[cls.argument] = cls
    return cls


class ModulePass:
    """A pass over a module, written in Python.

    Subclasses set `argument` (the pipeline name; summary and options come
    from `catalog.CATALOG`)
    (option name -> (parser, default, help)) and implement `run(module)`,
    returning False after emitting located errors when the input is rejected.
    """

    argument: str = ""
    summary: str = ""
    options: Dict[str, Tuple[Callable[[str], object], object, str]] = {}

    def __init__(self, **options):
        self.opts = {}
        for name, (parse, default, _help) in self.options.items():
            self.opts[name] = default
        for key, value in options.items():
            name = key.replace("_", "-")
            if name not in self.options:
                raise PassOptionError(
                    f"pass '{self.argument}' has no option '{name}'"
                    + (f" (options: {', '.join(self.options)})" if self.options else "")
                )
            parse = self.options[name][0]
            try:
                self.opts[name] = parse(value) if isinstance(value, str) else value
            except ValueError as exc:
                raise PassOptionError(
                    f"invalid value '{value}' for option '{name}' of pass '{self.argument}': {exc}"
                ) from None

    def run(self, module: ir.Operation) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def __call__(self, op: ir.Operation, pass_) -> None:
        try:
            ok = self.run(op)
        except Exception as exc:  # a bug: re-raised after the pass manager returns
            record_internal_error(exc)
            ok = False
        if not ok:
            pass_.signal_pass_failure()

    def add_to(self, pm) -> None:
        """Append this pass to an `mlir.passmanager.PassManager`."""
        pm.add(self, name=type(self).__name__, argument=self.argument, description=self.summary)
