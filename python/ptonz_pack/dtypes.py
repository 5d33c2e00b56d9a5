"""Element types and NZ geometry constants, without NumPy (``--help`` reads them).

The geometry is the one ``ptonz.analyses.nz_geometry`` gives the passes (a
unit test holds the two equal): a C0 line is 32 bytes, a fractal 16 rows of
one C0 line, and c0 = 32 / element bytes.
"""

from __future__ import annotations

from typing import Dict, Tuple

FRACTAL_ROWS = 16
C0_BYTES = 32
# MX scale boxes (A5 microscaling; ``ptonz.analyses.nz_geometry``'s MX part,
# held equal by a unit test): 16 x 2 one-byte E8M0 scales, the block axis (M
# of an A-side [M, G] scale, N of a B-side [G, N]) in 16s, the group axis G in 2s.
MX_BOX_ROWS = 16
MX_BOX_COLS = 2
MX_LAYOUTS: Tuple[str, ...] = ("mx_a_zz", "mx_b_nn")

# Element types ptonz lays out as NZ, by NumPy dtype name (bfloat16 and the
# float8 types come from ml_dtypes).
SUPPORTED_DTYPES: Tuple[str, ...] = (
    "int8",
    "uint8",
    "float8_e4m3fn",
    "float8_e5m2",
    "float16",
    "bfloat16",
    "int32",
    "float32",
)

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

# Bits per element of the codes above (sub-byte codes are stored packed).
SAFETENSORS_BITS: Dict[str, int] = {
    "BOOL": 8, "U8": 8, "I8": 8, "I16": 16, "U16": 16, "I32": 32, "U32": 32, "I64": 64,
    "U64": 64, "F16": 16, "BF16": 16, "F32": 32, "F64": 64, "C64": 64,
    "F8_E4M3": 8, "F8_E5M2": 8, "F8_E4M3FNUZ": 8, "F8_E5M2FNUZ": 8, "F8_E8M0": 8,
    "F4": 4, "F6_E2M3": 6, "F6_E3M2": 6,
}


def c0_for_itemsize(itemsize: int) -> int:
    """Elements per 32-byte C0 line of a whole-byte element type."""
    return C0_BYTES // itemsize


def supported_text() -> str:
    return ", ".join(SUPPORTED_DTYPES)
