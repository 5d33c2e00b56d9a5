"""The `pl` dialect (program level, logical shapes): generated op classes and enums."""

from ._pl_ops_gen import *  # noqa: F403
from ._pl_ops_gen import _Dialect  # noqa: F401
from ._pl_enum_gen import *  # noqa: F403
