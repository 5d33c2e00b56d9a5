# Generated enum bindings import `..ir` relatively; forward to the MLIR bindings.
from mlir.ir import *  # noqa: F403
