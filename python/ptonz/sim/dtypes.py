"""NumPy element types of MLIR element types (ml_dtypes for bf16 and fp8)."""

from __future__ import annotations

from typing import Optional

import numpy as np

_NATIVE = {"i8": np.int8, "si8": np.int8, "ui8": np.uint8, "i16": np.int16, "i32": np.int32,
           "i64": np.int64, "f16": np.float16, "f32": np.float32, "f64": np.float64}
_ML_DTYPES = {"bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2",
              "f8E4M3": "float8_e4m3", "f8E8M0FNU": "float8_e8m0fnu",
              "!pto.f8E8M0": "float8_e8m0fnu"}  # PTOAS's spelling of the same E8M0
UINT = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def numpy_dtype_of(name: str) -> Optional[np.dtype]:
    """The NumPy dtype of an MLIR element type name ('i8', 'bf16', ...), or None."""
    if name in _NATIVE:
        return np.dtype(_NATIVE[name])
    if name in _ML_DTYPES:
        try:
            import ml_dtypes
        except ImportError:  # pragma: no cover
            return None
        if hasattr(ml_dtypes, _ML_DTYPES[name]):
            return np.dtype(getattr(ml_dtypes, _ML_DTYPES[name]))
    return None


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
