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
* **`inspect`** (~5 ms: ast, dis, tokenize) is imported by `dataclasses`
  only for the signature of a dataclass without a docstring. In the
  ptonz-opt command, `lazy_inspect()` puts a stand-in in its place that
  imports the real module on first attribute use.
* **`gettext`** (~0.7 ms, and `locale`, ~1 ms, on the first message): the
  ptonz-opt command's argparse translates every message through it, and
  with no locale directory under the interpreter's prefix there is no
  catalog to translate with; `lazy_gettext()` then puts a stand-in in its
  place whose `gettext`/`ngettext` return the message (the real module's
  answer in that case) and that imports the real module for anything else.
* **`mlir.dialects.builtin`** (~2 ms: `_ods_common`, `mlir.extras.meta`).
  The bindings import a dialect's Python module the first time a value or
  type of that dialect crosses into Python (to look for a registered
  downcast), so the first `index` value a pass reads imports the builtin
  op classes, which no ptonz pass uses. In the ptonz-opt command,
  `lazy_builtin_ops()` puts a stand-in in its place that imports the real
  module on first attribute use; until then `builtin.module` ops are plain
  OpViews.
* **The cyclic garbage collector** runs ~30 times while the bindings and
  ptonz's modules load (9% of a one-file run's instructions), finding
  nothing to free. The ptonz-opt command switches it off while it starts
  up, then `gc.freeze()`s what start-up made (collections never scan it
  again) and switches it back on before reading the input.

Two more cuts live where they act: a pass with nothing to act on is not
imported (`passes/idle.py`: four of lower-to-ptoas's seven modules on most
real kernels), and the ptonz-opt command leaves by
`os._exit` once its streams are flushed (`ptonz_cli.ptonz_opt`: interpreter
finalisation only freed memory); bench/README.md, "Start-up, fifth round",
has what each saved.
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


class _StandIn(types.ModuleType):
    """A module that is imported for real on first attribute use: it then
    takes its place in sys.modules (and the stand-in forwards to it)."""

    def __getattr__(self, attr):
        import importlib

        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), attr)


def lazy_inspect() -> None:
    """`inspect` imported on first attribute use (see the module docstring).
    (importlib.util.LazyLoader does not do for 3.11: the import system reads
    the module's __spec__, which executes it.)"""
    if "inspect" not in sys.modules:
        sys.modules["inspect"] = _StandIn("inspect")


class _StandInGettext(_StandIn):
    """`gettext` while no message catalog can exist: argparse binds
    `gettext.gettext` and `ngettext` when it is imported and calls them for
    every message; the real ones look for `messages.mo` under the default
    locale directory (importing `locale` to normalise the language names)
    and, finding none, return the message. Once the real module is imported
    (any other attribute), they are its functions."""

    def __getattr__(self, attr):
        if attr.startswith("__"):  # `from gettext import ...` asks for __path__
            raise AttributeError(attr)
        return super().__getattr__(attr)

    def gettext(self, message):
        real = sys.modules.get("gettext")
        return message if real is self or real is None else real.gettext(message)

    def ngettext(self, singular, plural, n):
        real = sys.modules.get("gettext")
        if real is self or real is None:
            return singular if n == 1 else plural
        return real.ngettext(singular, plural, n)


def lazy_gettext() -> None:
    """`gettext` imported on first use of anything but gettext/ngettext, when
    the default locale directory does not exist (see _StandInGettext)."""
    if "gettext" not in sys.modules and not os.path.isdir(
        os.path.join(sys.base_prefix, "share", "locale")
    ):
        sys.modules["gettext"] = _StandInGettext("gettext")


_BUILTIN_OPS = "mlir.dialects.builtin"


def lazy_builtin_ops() -> None:
    """`mlir.dialects.builtin` (the builtin dialect's op classes, with
    `_ods_common` and `mlir.extras.meta`) imported on first attribute use
    (see the module docstring)."""
    if _BUILTIN_OPS not in sys.modules:
        sys.modules[_BUILTIN_OPS] = _StandIn(_BUILTIN_OPS)


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
