"""Element types of ptonz-pack, without NumPy (``--help`` reads them).

The geometry (the fractal, the C0 line, c0, the MX boxes) and the NZ element
types are ``ptonz_geometry``'s, imported here, not written again: an NZ
tensor may have every NumPy element type whose MLIR type the passes lower as
NZ (``ptonz_geometry.NZ_DTYPES``, the element-width rule).
"""

from __future__ import annotations

from typing import Dict, Tuple

from ptonz_geometry import NUMPY_BITS, NZ_DTYPES

# Element types ptonz lays out as NZ, by NumPy dtype name (bfloat16 and the
# float8 types come from ml_dtypes).
SUPPORTED_DTYPES: Tuple[str, ...] = NZ_DTYPES

# safetensors dtype code -> NumPy / ml_dtypes name, for every code the
# safetensors library (0.8) writes. Tensors that are only copied are moved as
# bytes whatever their code; the name matters for packing and verifying.
SAFETENSORS_DTYPES: Dict[str, str] = {
    "BOOL": "bool",
    "U8": "uint8",
    "I8": "int8",
    "I16": "int16",
    "U16": "uint16",
    "I32": "int32",
    "U32": "uint32",
    "I64": "int64",
    "U64": "uint64",
    "F16": "float16",
    "BF16": "bfloat16",
    "F32": "float32",
    "F64": "float64",
    "C64": "complex64",
    "F8_E4M3": "float8_e4m3fn",
    "F8_E5M2": "float8_e5m2",
    "F8_E4M3FNUZ": "float8_e4m3fnuz",
    "F8_E5M2FNUZ": "float8_e5m2fnuz",
    "F8_E8M0": "float8_e8m0fnu",
    "F4": "float4_e2m1fn",
    "F6_E2M3": "float6_e2m3fn",
    "F6_E3M2": "float6_e3m2fn",
}
SAFETENSORS_CODES: Dict[str, str] = {v: k for k, v in SAFETENSORS_DTYPES.items()}

# Bits per element of the codes above (sub-byte codes are stored packed): the
# element types ptonz knows from ptonz_geometry, the others here.
_OTHER_BITS = {
    "bool": 8,
    "complex64": 64,
    "float4_e2m1fn": 4,
    "float6_e2m3fn": 6,
    "float6_e3m2fn": 6,
}
SAFETENSORS_BITS: Dict[str, int] = {
    code: NUMPY_BITS.get(name) or _OTHER_BITS[name] for code, name in SAFETENSORS_DTYPES.items()
}


def supported_text() -> str:
    return ", ".join(SUPPORTED_DTYPES)
