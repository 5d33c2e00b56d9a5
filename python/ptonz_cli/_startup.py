"""The ptonz-opt command's own start-up cuts: what it does before (and
while) `import ptonz` loads the MLIR bindings and the plugin, where nothing
but ptonz uses the bindings in the process (the cuts every `import ptonz`
makes are in ptonz._startup). None changes what the command prints.

* **The plugin loads on a second thread.** Most of a one-file run's start-up
  is the dynamic linker relocating the plugin's MLIR libraries
  (libMLIRPythonCAPI.so, libLLVM.so), one core's work while the other is
  idle. `preload_plugin()` has ptonz_cli._preload (cli/Preload.cpp) dlopen
  the plugin on a thread of its own, with the flags its import uses, while
  this thread imports the Python modules that come before it (argparse, the
  command's modules, typing and the other modules of the bindings' own
  initialisation); the import then finds the plugin loaded, or waits for the
  dynamic linker until it is. The one extension module imported before it,
  typing's `_typing`, is loaded first so that it does not wait. Nothing is
  started where the plugin is not installed next to this package, nor with
  `PTONZ_PRELOAD=0` in the environment: the second thread costs some CPU
  time (its page faults contend with this thread's), which a machine whose
  every core is busy lowering other kernels may rather keep, and it makes
  the order of the process's memory mappings, and so the instruction count
  of pointer-keyed hashing, vary from run to run (bench/run.py counts
  instructions without it).
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

* **Interpreter finalisation.** The command leaves by `os._exit` once its
  streams are flushed (`ptonz_cli.ptonz_opt`), and leaves its lowered
  modules for the exit to free (`ptonz_cli.LEFT_TO_EXIT`): tearing the
  modules, the interpreter and the MLIR contexts down only freed memory.
"""

import os
import sys
import types


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


def preload_plugin() -> None:
    """Start loading ptonz's plugin (and the MLIR libraries it links) on a
    thread of its own (see the module docstring)."""
    if os.environ.get("PTONZ_PRELOAD") == "0":
        return
    import _imp

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    plugin = os.path.join(here, "ptonz", "_ptonz" + _imp.extension_suffixes()[0])
    if not os.path.exists(plugin):
        return
    try:  # a speed-up only: without either module the import loads the plugin
        import _typing  # type: ignore[import-not-found]  # noqa: F401

        from . import _preload  # type: ignore[attr-defined]
    except ImportError:
        return
    _preload.start(plugin)
