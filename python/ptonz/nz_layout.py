"""NumPy tools for the NZ fractal byte order: ``pack_nz`` / ``unpack_nz`` /
``c0_for`` / ``nz_blocked_shape``.

They live in ``ptonz_pack.layout`` (pure NumPy, importable without MLIR, so
``ptonz-pack`` starts fast) and are re-exported here for MLIR users.
"""

from ptonz_pack.layout import (
    FRACTAL_ROWS,
    SUPPORTED_DTYPES,
    NZArray,
    c0_for,
    logical_shape_of,
    mx_blocked_shape,
    nz_blocked_shape,
    pack_mx,
    pack_nz,
    unpack_mx,
    unpack_nz,
)

__all__ = [
    "SUPPORTED_DTYPES",
    "FRACTAL_ROWS",
    "NZArray",
    "c0_for",
    "logical_shape_of",
    "mx_blocked_shape",
    "nz_blocked_shape",
    "pack_mx",
    "pack_nz",
    "unpack_mx",
    "unpack_nz",
]
