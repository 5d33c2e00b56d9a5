"""Every MLIR element type through --lower-to-ptoas (issue 24): accepted
where PTOAS has a C++ type for it, else a located error -- never an internal
error (`f80 has no bit width` was one) or an unlocated one."""

import io
import re
import sys

import pytest
from mlir import ir

from ptonz.analyses.ir_queries import bit_width
from ptonz.analyses.ptoas_facts import element_type_problem
from ptonz_cli import opt as ptonz_opt

# Every builtin scalar type MLIR parses, and the non-scalar ones a fuzzer tries.
FLOATS = [
    "f16",
    "bf16",
    "f32",
    "f64",
    "f80",
    "f128",
    "tf32",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "f6E2M3FN",
    "f6E3M2FN",
    "f4E2M1FN",
]
INTEGERS = [
    "i1",
    "i4",
    "i8",
    "i12",
    "i16",
    "i24",
    "i32",
    "i64",
    "i128",
    "i512",
    "si8",
    "ui8",
    "si16",
    "ui32",
    "si64",
    "ui64",
]
OTHERS = ["index", "complex<f32>", "vector<4xf32>", "none"]
PTOAS_TYPES = {
    "f16",
    "bf16",
    "f32",
    "f64",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "i8",
    "i16",
    "i32",
    "i64",
    "si8",
    "ui8",
    "si16",
    "ui32",
    "si64",
    "ui64",
    "f8E8M0FNU",
}  # the MX scale element (PTOAS's !pto.f8E8M0)
LOCATED = re.compile(r"^[^\s:]+\.mlir:\d+:\d+: error: ")


def test_bit_width_of_every_integer_and_float(ctx):
    widths = {
        "f80": 80,
        "f128": 128,
        "tf32": 19,
        "f6E2M3FN": 6,
        "f4E2M1FN": 4,
        "i1": 1,
        "index": 64,
        "ui64": 64,
        "f8E8M0FNU": 8,
        "!pto.f8E8M0": 8,
        "!pto.hif8": 8,
        "!pto.f4E2M1x2": 8,  # storage: one byte holds the pair
        "!pto.bf16x2": 32,
    }
    for name, want in widths.items():
        assert bit_width(ir.Type.parse(name)) == want
    for name in FLOATS + INTEGERS:
        assert bit_width(ir.Type.parse(name)) > 0
    with pytest.raises(ValueError, match="has no bit width"):
        bit_width(ir.Type.parse("complex<f32>"))


def test_ptoas_element_types():
    for name in FLOATS + INTEGERS + OTHERS:
        assert (element_type_problem(name) is None) == (name in PTOAS_TYPES), name
    assert "PTOAS has no element type f80" in element_type_problem("f80")
    assert "int32_t" in element_type_problem("i12")


def _run(tmp_path, text: str):
    path = tmp_path / "k.mlir"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = ptonz_opt.exit_code(["--lower-to-ptoas", str(path), "-o", str(tmp_path / "o")])
    finally:
        sys.stdout, sys.stderr = old
    return code, err.getvalue()


def _kernels(t: str):
    """A vec load and store, an NZ mat load (pl), and a pto-form GM view
    and tile of element type `t`."""
    yield f"""
func.func @vec(%x: !pl.tensor<64x256x{t}>, %y: !pl.tensor<64x256x{t}>) {{
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 256]
      {{target_memory = #pl.memory<vec>}} : !pl.tensor<64x256x{t}> -> !pl.tile<64x256x{t}, vec>
  pl.tile.store %t, %y, offsets = [%c0, %c0] : !pl.tile<64x256x{t}, vec>, !pl.tensor<64x256x{t}>
  return
}}"""
    yield f"""
func.func @nz(%w: !pl.tensor<256x512x{t}, nz>) {{
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [64, 512]
      {{target_memory = #pl.memory<mat>}} : !pl.tensor<256x512x{t}, nz> -> !pl.tile<64x512x{t}, mat>
  return
}}"""
    yield f"""
func.func @pto(%p: !pto.ptr<{t}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c64], strides = [%c64, %c1] {{layout = #pto.layout<nd>}} : !pto.tensor_view<?x?x{t}>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c64] : !pto.tensor_view<?x?x{t}> -> !pto.partition_tensor_view<64x64x{t}>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 64x64x{t}>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x64x{t}>) outs(%t : !pto.tile_buf<vec, 64x64x{t}>)
  return
}}"""


@pytest.mark.parametrize("t", FLOATS + INTEGERS + OTHERS)
def test_every_element_type_is_accepted_or_a_located_error(tmp_path, t):
    for k, text in enumerate(_kernels(t)):
        code, err = _run(tmp_path, text)
        assert code in (0, 1), (t, k, err)
        if t in PTOAS_TYPES and k != 1:  # (NZ has its own rules: sub-byte, C0 lines)
            assert code == 0, (t, k, err)
        if t not in PTOAS_TYPES:
            assert code == 1, (t, k)
        errors = [line for line in err.splitlines() if ": error: " in line or "error:" in line[:12]]
        assert all(LOCATED.match(line) for line in errors), (t, k, err)
