"""When a pass has nothing to act on: each pass's idle test.

Most real kernels hold no `pl` op, no NZ or MX view and no declaration, so
four of the seven passes of lower-to-ptoas find nothing to do; their modules
(planning, patterns, diagnostics) are then not worth loading (bench/README.md,
"Start-up, fifth round"). Registration runs a pass's idle test before it
imports the pass's module (registration._run) and, when it answers True,
lets the pass succeed without running it. A test is one C++ walk that stops at the first
op it looks for, so it costs nothing where the pass has work.

A test answers True only where the pass would neither change the module nor
report anything; the passes do not depend on it (run directly, a pass finds
the same nothing). Passes without a test always run.
"""

from collections.abc import Callable, Mapping

from mlir import ir

from ptonz_geometry import MX_LAYOUTS

from .. import _ptonz
from ..analyses.arg_attrs import declaring_functions
from ..analyses.ptoas_facts import MX_SCALE_BUILTIN
from .registration import check_option


def scale_pointers(module: ir.Operation) -> bool:
    """Whether a function of `module` takes a `!pto.ptr<f8E8M0FNU>` (the way
    E8M0 bytes reach GM), so that the module needs PTOAS's spelling of it
    (pto-block-mx-scale-views)."""
    return bool(_ptonz.functions_with_pointer_argument(module, MX_SCALE_BUILTIN))


def _no_pl(argument: str, module: ir.Operation, options: Mapping[str, object]) -> bool:
    # convert-pl-to-pto lowers the functions with pl ops or pl arguments.
    return not _ptonz.contains(module, ["pl"], [])


def _no_nz_view(argument: str, module: ir.Operation, options: Mapping[str, object]) -> bool:
    # pto-block-nz-views blocks or checks every view whose layout is nz.
    return not _ptonz.contains(module, [], ["nz"])


def _no_mx_view(argument: str, module: ir.Operation, options: Mapping[str, object]) -> bool:
    # pto-block-mx-scale-views blocks MX views and respells E8M0 pointers.
    return not _ptonz.contains(module, [], list(MX_LAYOUTS)) and not scale_pointers(module)


def nothing_declared(argument: str, module: ir.Operation, options: Mapping[str, object]) -> bool:
    """pto-declare-nz-args (`argument`) with no nz-args or arg-ranges option
    and no function of `module` carrying a declaration: nothing to attach or
    check."""
    return (
        not check_option(argument, "nz-args", options["nz-args"])
        and not check_option(argument, "arg-ranges", options["arg-ranges"])
        and not declaring_functions(module)
    )


# argument -> test(argument, op, option values): True when the pass is idle.
IDLE: dict[str, Callable[[str, ir.Operation, Mapping[str, object]], bool]] = {
    "convert-pl-to-pto": _no_pl,
    "pto-block-nz-views": _no_nz_view,
    "pto-block-mx-scale-views": _no_mx_view,
    "pto-declare-nz-args": nothing_declared,
}
