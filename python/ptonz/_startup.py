"""`import mlir.ir` without NumPy.

The bindings' `mlir/ir.py` imports NumPy (if installed) only to register four
attribute builders (F64/I32/I64/IndexElementsAttr, used by generated op
classes that take dense elements attributes; no pto or pl op does). That
import is about half of what `import ptonz` costs (~60 ms of ~125 ms CPU),
paid by every `ptonz-opt` run although only the simulator
(--check-addressing, --check-results) uses NumPy. `import_mlir_ir()` imports
`mlir.ir` with NumPy hidden from this thread, then registers the same four
builders, which import NumPy when first called.
"""

from __future__ import annotations

import sys
from _thread import get_ident


class _HideNumpy:
    """A meta-path finder that makes `import numpy` fail on one thread."""

    def __init__(self):
        self.thread = get_ident()

    def find_spec(self, name, path=None, target=None):
        if (name == "numpy" or name.startswith("numpy.")) and get_ident() == self.thread:
            raise ModuleNotFoundError(f"No module named {name!r} (hidden while mlir.ir loads)",
                                      name=name)
        return None


def import_mlir_ir() -> None:
    if "mlir.ir" in sys.modules or "numpy" in sys.modules:
        import mlir.ir  # noqa: F401  (as it is)
        return
    finder = _HideNumpy()
    sys.meta_path.insert(0, finder)
    try:
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
            return ir.DenseElementsAttr.get(np.array(x, dtype=dtype),
                                            type=element_type(context), context=context)
        ir.register_attribute_builder(kind, replace=True)(build)
