"""NumPy tools for the NZ fractal byte order: ``pack_nz`` / ``unpack_nz`` /
``c0_for`` / ``nz_blocked_shape``.

They live in ``ptonz_pack.layout`` (pure NumPy, importable without MLIR, so
``ptonz-pack`` starts fast) and are re-exported here for MLIR users.
"""

from ptonz_pack import layout as _layout
from ptonz_pack.layout import *  # noqa: F403  (the names of _layout.__all__)

__all__ = list(_layout.__all__)
