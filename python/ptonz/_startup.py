"""Loading the MLIR bindings and the plugin for what a ptonz run needs, and no more.

A one-file `ptonz-opt --lower-to-ptoas` is mostly start-up (bench/README.md,
"Start-up"); this module holds the start-up cuts that do not change what any
caller sees:

* **NumPy.** The bindings' `mlir/ir.py` imports NumPy (if installed) only to
  register four attribute builders (F64/I32/I64/IndexElementsAttr, used by
  generated op classes that take dense elements attributes; no pto or pl op
  does): ~60 ms of CPU paid by every run although only the simulator
  (--check-addressing, --check-results) uses NumPy. `import_mlir_ir()`
  imports `mlir.ir` with NumPy hidden from this thread, then registers the
  same four builders, which import NumPy when first called.
* **Lazy symbol binding.** CPython dlopens extension modules with RTLD_NOW,
  so the dynamic linker resolves every function the libraries *could* call
  before the first one runs: ~23,000 PLT slots of libMLIRPythonCAPI.so
  (200 MB) and libLLVM.so, and ~3,600 of the plugin, each a symbol lookup in
  the hash tables of a dozen libraries. `lazy_binding()` loads them with
  RTLD_LAZY (the flags are restored afterwards), so only the functions a
  run calls are ever looked up: ~15-20 ms of CPU. (A missing symbol would
  be reported on first call rather than at import; the wheels are pinned to
  one exact build, so none is missing.)
* **`logging`.** The bindings' site initialisation (`mlir/_mlir_libs`)
  imports `logging` (~5 ms: threading, traceback, string, weakref) only to
  log a few debug lines. While the bindings load, `logging` is a stand-in
  whose loggers drop a debug message unless the real `logging` has been
  imported by then (and forward it to the real logger if so); any other use
  imports the real module. After the load the stand-in is removed, so
  `import logging` anywhere later is the real one.
* **`_mlirRegisterEverything`** (~5 ms). In the `ptonz-opt` command (and
  only there: `ptonz_cli.COMMAND`), the bindings' site initialisation does
  not load that extension module; the plugin registers what it would have
  (`_ptonz.register_upstream`: every upstream dialect into the global
  registry, every upstream pass) through the same two C API calls, without
  loading a second nanobind module. Not registered: LLVM IR translations,
  which no ptonz command uses. The upstream passes wait until something may
  name one (`upstream_passes()`: a `--pass-pipeline`, a pass flag that is
  not ptonz's, a pipeline element or a nested pipeline that is not ptonz's,
  `--list-passes`): a `--lower-to-ptoas` of a current PTOAS version never
  registers them. A library user's `import ptonz` keeps the bindings' own
  initialisation.

One more cut lives where it acts: a pass with nothing to act on is not
imported (`passes/idle.py`: four of lower-to-ptoas's seven modules on most
real kernels). The ptonz-opt command makes more cuts of its own
(ptonz_cli._startup); bench/README.md, "Start-up", has what each saved.
"""

from __future__ import annotations

import os
import sys
import types
from _thread import get_ident
from contextlib import contextmanager


class _HideNumpy:
    """A meta-path finder that makes `import numpy` fail on one thread."""

    def __init__(self):
        self.thread = get_ident()

    def find_spec(self, name, path=None, target=None):
        if (name == "numpy" or name.startswith("numpy.")) and get_ident() == self.thread:
            raise ModuleNotFoundError(
                f"No module named {name!r} (hidden while mlir.ir loads)", name=name
            )
        return None


@contextmanager
def lazy_binding():
    """dlopen with RTLD_LAZY instead of CPython's RTLD_NOW inside the block
    (the other flags, e.g. RTLD_GLOBAL, as they were)."""
    flags = sys.getdlopenflags()
    sys.setdlopenflags((flags & ~os.RTLD_NOW) | os.RTLD_LAZY)
    try:
        yield
    finally:
        sys.setdlopenflags(flags)


class _Logger:
    """What the bindings' site initialisation does with its logger."""

    def __init__(self, name: str):
        self.name = name

    def debug(self, *args, **kwargs):
        real = sys.modules.get("logging")
        if real is not None and not isinstance(real, _StandInLogging):
            real.getLogger(self.name).debug(*args, **kwargs)

    def __getattr__(self, attr):  # warning(), error(), ...: the real logger's
        return getattr(_real_logging().getLogger(self.name), attr)


class _StandInLogging(types.ModuleType):
    def getLogger(self, name=None):
        return _Logger(name or "root")

    def __getattr__(self, attr):  # anything else: the real module's
        return getattr(_real_logging(), attr)


def _real_logging():
    import importlib

    if isinstance(sys.modules.get("logging"), _StandInLogging):
        del sys.modules["logging"]
    return importlib.import_module("logging")


@contextmanager
def _logging_stand_in():
    if "logging" in sys.modules:
        yield
        return
    sys.modules["logging"] = _StandInLogging("logging")
    try:
        yield
    finally:
        if isinstance(sys.modules.get("logging"), _StandInLogging):
            del sys.modules["logging"]


_REGISTER_EVERYTHING = "mlir._mlir_libs._mlirRegisterEverything"


def _command() -> bool:
    """In the ptonz-opt command, where only ptonz uses the bindings."""
    return bool(getattr(sys.modules.get("ptonz_cli"), "COMMAND", False))


_PENDING_PASSES: list = []  # the plugin, while the upstream passes wait (see upstream_passes)


def register_upstream(plugin) -> None:
    """Once the plugin is loaded: register what `_mlirRegisterEverything`
    would have, if `import_mlir_ir` kept it from loading -- the dialects now,
    the passes when `upstream_passes()` is first called."""
    if _REGISTER_EVERYTHING in sys.modules and sys.modules[_REGISTER_EVERYTHING] is None:
        from mlir._mlir_libs import get_dialect_registry  # type: ignore[attr-defined]

        plugin.register_upstream(get_dialect_registry(), passes=False)
        _PENDING_PASSES.append(plugin)


def upstream_passes() -> bool:
    """Every upstream pass in MLIR's pass registry (the ptonz-opt command
    registers them only before a pipeline that may name one is parsed: the
    713 registrations touch code all over the 200 MB MLIR library). True,
    so that it can guard a registry lookup."""
    while _PENDING_PASSES:
        _PENDING_PASSES.pop().register_upstream_passes()
    return True


def import_mlir_ir() -> None:
    if _command() and "mlir._mlir_libs" not in sys.modules:
        # The site initialisation then goes without it (ModuleNotFoundError);
        # kept for the whole process: its passes are registered once only.
        sys.modules[_REGISTER_EVERYTHING] = None  # type: ignore[assignment]
    if "mlir.ir" in sys.modules or "numpy" in sys.modules:
        with lazy_binding():
            import mlir.ir
        return
    finder = _HideNumpy()
    sys.meta_path.insert(0, finder)
    try:
        with lazy_binding(), _logging_stand_in():
            import mlir.ir  # noqa: F401
    finally:
        sys.meta_path.remove(finder)
    _register_elements_builders()


def _register_elements_builders() -> None:
    """mlir/ir.py's four NumPy-based attribute builders, importing NumPy on use."""
    from mlir import ir

    elements = {
        "F64ElementsAttr": ("float64", lambda c: ir.F64Type.get(context=c)),
        "I32ElementsAttr": ("int32", lambda c: ir.IntegerType.get_signless(32, context=c)),
        "I64ElementsAttr": ("int64", lambda c: ir.IntegerType.get_signless(64, context=c)),
        "IndexElementsAttr": ("int64", lambda c: ir.IndexType.get(context=c)),
    }
    for kind, (dtype, element_type) in elements.items():

        def build(x, context, dtype=dtype, element_type=element_type):
            import numpy as np

            return ir.DenseElementsAttr.get(
                np.array(x, dtype=dtype), type=element_type(context), context=context
            )

        ir.register_attribute_builder(kind, replace=True)(build)
