"""ptonz's passes in MLIR's pass registry.

`import ptonz` registers every pass and pipeline of the catalog under its
name, with its options, anchors and summary (`register_catalog`), so that
any textual pipeline in the process can name it: `PassManager.parse`,
`PassManager.add`, ptonz-opt's `--pass-pipeline` and pass flags. To MLIR
each is a C++ pass (dialect/bindings/PythonPass.cpp) whose options are real
pass options; its body is the Python pass class, imported on first run.
The C++ pass calls two dispatchers defined here:

* `_run(argument, op, options)`: instantiate the pass class with the option
  values and run it on `op` (a module, or a function where the pass may be
  nested under func.func). False fails the pass; a Python exception becomes
  a located error at `op` and a pass failure, never a traceback. A pass
  with an idle test (idle.py) that finds nothing to act on in `op`
  succeeds without its module being imported.
* `_validate(argument, options)`: check option values with the catalog's
  parsers when a pipeline is parsed, so a bad value fails the pipeline the
  way any MLIR option error does.

Registration happens once per process and is idempotent. The dispatchers
are released at interpreter exit (atexit); MLIR's registry outlives them.
"""

from __future__ import annotations

import atexit
import importlib
import os
import sys
from _thread import RLock, _local
from contextlib import contextmanager, nullcontext
from typing import Dict, Iterator, List, Mapping, Optional, Tuple

from mlir import ir

from .. import _ptonz
from .catalog import CATALOG, PIPELINES, Option

# argument -> pass class, filled as pass modules are imported (base.register).
REGISTRY: Dict[str, type] = {}

_registered = False

# A pass that raises has a bug: besides the located "internal error" (for a
# user's own pass manager), the exception is kept here, and
# `reraise_internal_error` (called by `run_pass_manager` after the pass
# manager returns) raises it again, so ptonz-opt exits 2 for bugs only.
# Per thread: a pass body runs on the thread that called PassManager.run.
# (_thread's local and RLock are what `threading` exports as threading.local
# and threading.RLock; threading itself is left unimported, as ptonz-opt's
# start-up has no other use for it: bench/README.md, "Start-up".)
_this_thread = _local()


def _internal_errors() -> List[BaseException]:
    errors = getattr(_this_thread, "internal_errors", None)
    if errors is None:
        errors = _this_thread.internal_errors = []
    return errors


def record_internal_error(exc: BaseException) -> None:
    _internal_errors().append(exc)


def reraise_internal_error() -> None:
    """Raise the first exception a ptonz pass (or pattern) recorded on this
    thread, if any."""
    errors = _internal_errors()
    if errors:
        exc = errors[0]
        errors.clear()
        raise exc


def clear_internal_errors() -> None:
    """Forget exceptions recorded by runs outside `run_pass_manager` (a user's
    own PassManager reported them as located internal errors already)."""
    _internal_errors().clear()


class PassOptionError(ValueError):
    pass


def option_text(value: object) -> str:
    """An option value as a pipeline string spells it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_specs(options: Mapping[str, Option]) -> List[Tuple[str, str, str, str]]:
    """(name, value description, default text, help) for `_ptonz.register_pass`.
    To MLIR every option is a string; the pass's parser converts it."""
    return [
        (
            name,
            getattr(parse, "value_desc", "value"),
            option_text(default),
            f"{help_} (default: {option_text(default)})",
        )
        for name, (parse, default, help_) in options.items()
    ]


def options_of(argument: str) -> Mapping[str, Option]:
    if argument in CATALOG:
        return CATALOG[argument].options
    if argument in REGISTRY:
        return REGISTRY[argument].options
    raise PassOptionError(f"'{argument}' is not a ptonz pass")


def check_option(argument: str, name: str, value: object) -> object:
    """`value` parsed by the option's parser (PassOptionError if it is not valid)."""
    options = options_of(argument)
    if name not in options:
        raise PassOptionError(
            f"pass '{argument}' has no option '{name}'"
            + (f" (options: {', '.join(options)})" if options else "")
        )
    if not isinstance(value, str):
        return value
    try:
        return options[name][0](value)
    except ValueError as exc:
        raise PassOptionError(
            f"invalid value '{value}' for option '{name}' of pass '{argument}': {exc}"
        ) from None


def register_catalog() -> None:
    """Register the catalog's passes and pipelines (once per process)."""
    global _registered
    if _registered:
        return
    _ptonz.set_pass_handlers(_run, _validate)
    atexit.register(_ptonz.release_pass_handlers)
    for argument, info in CATALOG.items():
        _ptonz.register_pass(
            argument,
            info.impl.rpartition(":")[2],
            info.summary,
            list(info.anchors),
            option_specs(info.options),
        )
    for argument, pipeline in PIPELINES.items():
        options: Dict[str, Option] = {}
        for name in pipeline.passes:
            for opt, spec in CATALOG[name].options.items():
                options.setdefault(opt, spec)
        _ptonz.register_pipeline(
            argument, pipeline.summary, list(pipeline.passes), option_specs(options)
        )
    _registered = True


def register_pass_class(cls: type) -> None:
    """Bind a pass class to its name, registering the name in MLIR's registry
    if the catalog did not (a pass defined outside ptonz)."""
    register_catalog()
    REGISTRY[cls.argument] = cls
    if cls.argument not in CATALOG:
        _ptonz.register_pass(
            cls.argument, cls.__name__, cls.summary, list(cls.anchors), option_specs(cls.options)
        )


# The defaults are process-wide (MLIR's registry): one thread at a time sets
# them, builds its pass managers and puts the old values back.
_defaults_lock = RLock()


@contextmanager
def option_defaults(defaults: Mapping[str, Mapping[str, object]]) -> Iterator[None]:
    """Within it, ptonz passes created (by parsing a pipeline) start with these
    option values where the pipeline does not set them:
    `{"pto-verify-ptoas": {"ptoas-version": "0.60"}}` (ptonz-opt's
    --ptoas-version and friends). Values are checked (PassOptionError). The
    defaults are the process's: other threads wait until the block ends
    (build the pass managers inside it, run them outside)."""
    changed: List[Tuple[str, str, str]] = []
    _defaults_lock.acquire()
    try:
        for argument, values in defaults.items():
            for key, value in values.items():
                name = key.replace("_", "-")
                check_option(argument, name, value)
                old = _ptonz.set_pass_option_default(argument, name, option_text(value))
                changed.append((argument, name, old))
        yield
    finally:
        for argument, name, old in reversed(changed):
            _ptonz.set_pass_option_default(argument, name, old)
        _defaults_lock.release()


def _pass_class(argument: str) -> type:
    cls = REGISTRY.get(argument)
    if cls is None:
        importlib.import_module(CATALOG[argument].impl.partition(":")[0])  # registers it
        cls = REGISTRY[argument]
    return cls


def _run(argument: str, op, options: Dict[str, object]) -> bool:
    try:
        # The pass builds IR in the op's context whatever the caller entered
        # (PassManager.run does not need `with Context()`).
        with op.context, ir.Location.unknown() if ir.Location.current is None else nullcontext():
            idle = _idle_test(argument)
            if idle is not None and idle(argument, op, options):
                return True  # nothing to act on: its module need not load (idle.py)
            return bool(_pass_class(argument)(**options).run(op))
    except Exception as exc:  # a bug in a pass: a located error, not a crash
        _report(argument, op, exc)
        record_internal_error(exc)
        return False


def _report(argument: str, op, exc: Exception) -> None:
    import traceback  # only here, for a bug (~1.5 ms of every run otherwise)

    frames = traceback.extract_tb(exc.__traceback__)
    where = (
        (
            f" (raised at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno} in "
            f"{frames[-1].name})"
        )
        if frames
        else ""
    )
    if os.environ.get("PTONZ_DEBUG"):
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    _ptonz.emit_diagnostic(
        op.location,
        "error",
        f"{argument}: internal error: {type(exc).__name__}: {exc}{where}; "
        "please report it (PTONZ_DEBUG=1 prints the Python traceback)",
        [],
    )


def _idle_test(argument: str):
    """The pass's idle test (idle.IDLE), if it has one."""
    from .idle import IDLE  # after this module: idle uses check_option

    return IDLE.get(argument)


def _validate(argument: str, options: Dict[str, object]) -> Optional[str]:
    try:
        for name, value in options.items():
            check_option(argument, name, value)
        # Import the pass's module now, while the pipeline is parsed, rather
        # than inside the first run (and its --mlir-timing line); a pass with
        # an idle test imports it on its first run with work.
        if _idle_test(argument) is None:
            _pass_class(argument)
    except PassOptionError as exc:
        return str(exc)
    return None
