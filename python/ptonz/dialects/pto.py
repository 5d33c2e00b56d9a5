"""The `pto` dialect (PTOAS 0.27's 186 ops; newer ones pass through): op classes, enums."""

from ._pto_ops_gen import *  # noqa: F403
from ._pto_ops_gen import _Dialect  # noqa: F401
from ._pto_enum_gen import *  # noqa: F403
