"""NumPy element types of MLIR element types (ml_dtypes for bf16 and fp8; the
table of names is ptonz_geometry.ELEMENT_TYPES)."""

from __future__ import annotations

from typing import Optional

import numpy as np
from ptonz_geometry import ELEMENT_TYPES

UINT = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def numpy_dtype_of(name: str) -> Optional[np.dtype]:
    """The NumPy dtype of an MLIR element type name ('i8', 'bf16', ...;
    ptonz_geometry.ELEMENT_TYPES), or None."""
    entry = ELEMENT_TYPES.get(name)
    if entry is None:
        return None
    if hasattr(np, entry[0]):  # int8 .. float64
        return np.dtype(getattr(np, entry[0]))
    try:
        import ml_dtypes
    except ImportError:  # pragma: no cover
        return None
    return np.dtype(getattr(ml_dtypes, entry[0])) if hasattr(ml_dtypes, entry[0]) else None


def values(raw: np.ndarray, name: str) -> np.ndarray:
    """Raw element bits -> numbers: int64 for integers, float64 for floats."""
    dtype = numpy_dtype_of(name)
    if dtype is None:
        raise ValueError(f"no NumPy type for {name}")
    typed = np.asarray(raw).view(dtype)
    return typed.astype(np.int64 if dtype.kind in "iu" else np.float64)


def raw_bits(numbers: np.ndarray, name: str) -> np.ndarray:
    """Numbers -> raw element bits of `name` (integers wrap, floats round)."""
    dtype = numpy_dtype_of(name)
    if dtype is None:
        raise ValueError(f"no NumPy type for {name}")
    numbers = np.asarray(numbers)
    if dtype.kind in "iu":
        bits = dtype.itemsize * 8
        mask = (1 << bits) - 1
        typed = (numbers.astype(np.int64) & mask).astype(UINT[bits])
        return typed
    return numbers.astype(dtype).view(UINT[dtype.itemsize * 8])
