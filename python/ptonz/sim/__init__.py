"""An address-level execution oracle for pto programs.

`ptonz.sim.interpreter` executes the index arithmetic, loops and GM tile loads
of a `func.func` in pto IR (the subset ptonz consumes and emits) against NumPy
(or lazily computed) GM buffers and records every tile each `pto.tload`
reads. `ptonz.sim.check` runs the logical program and its lowered form side
by side and proves that the NZ rewrite reads exactly the bytes the logical
program meant (`ptonz-opt --check-addressing[=N]`). With `compute=True` the
interpreter also executes the cube's data path on tiles modelled as bytes
(`ptonz.sim.tiles`), and `ptonz.sim.results.check_results` runs the lowered
kernel's ND and NZ builds against a NumPy execution of the `pl` program
(`ptonz-opt --check-results[=N]`).
"""

from .interpreter import (
    ArrayBuffer,
    GMBuffer,
    HashBuffer,
    Interpreter,
    SimError,
    TloadRecord,
    TstoreRecord,
    run_function,
)

__all__ = [
    "ArrayBuffer",
    "GMBuffer",
    "HashBuffer",
    "Interpreter",
    "SimError",
    "TloadRecord",
    "TstoreRecord",
    "run_function",
]
