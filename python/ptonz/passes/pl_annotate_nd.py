"""pl-annotate-nd: the ND build of a kernel whose weights are annotated nz.

The seed's experiment compares two builds of one kernel that differ only in
the GM byte order of the weights: the NZ build (weights packed NZ in GM,
NZ->NZ loads) and the ND build (the same weights row-major in GM, ND->NZ
loads). ptonz obtains the ND build from the one `pl` source by re-annotating
every `!pl.tensor<..., nz>` function argument `nd` and lowering it the same
way (`ptonz-opt --pl-annotate-nd --lower-to-ptoas`): the loads, tiles,
moves, matmuls, stores and synchronisation are then identical and only the
weights' GM descriptors differ, exactly as in the seed.
"""

from __future__ import annotations

from mlir import ir

from .. import _ptonz
from .._ptonz import PLTensorType
from ..analyses.ir_queries import functions
from .base import ModulePass, register


@register
class PLAnnotateND(ModulePass):
    argument = "pl-annotate-nd"

    def run(self, module: ir.Operation) -> bool:
        for func in functions(module):
            retyped = [
                (index, PLTensorType.get(list(shape), elem, "nd", context=module.context))
                for index, _arg, shape, layout, elem in _ptonz.pl_tensor_args(func.operation)
                if layout == "nz"
            ]
            if retyped:
                _ptonz.set_argument_types(func.operation, retyped)
        return True
