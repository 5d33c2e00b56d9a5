"""The `pto` dialect (PTOAS-compatible subset): generated op classes and enums."""

from ._pto_ops_gen import *  # noqa: F401,F403
from ._pto_ops_gen import _Dialect  # noqa: F401
from ._pto_enum_gen import *  # noqa: F401,F403
