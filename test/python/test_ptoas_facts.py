"""ptonz.analyses.ptoas_facts: PTOAS 0.27's layout inference, version parsing
and GlobalTensor element types, as pure functions."""

import pytest

from ptonz.analyses.ptoas_facts import (clamped_gm_offset_bug, clamped_gm_offset_miscompiled,
                                        clamped_gm_offset_versions, global_tensor_type_ok,
                                        inferred_layout, parse_version)
from ptonz.analyses.nz_geometry import blocked_shape, default_strides


@pytest.mark.parametrize("text,want", [("0.27", (0, 27)), ("v0.26", (0, 26)),
                                       ("0.27.1", (0, 27)), ("0.61", (0, 61)), (" 1.2 ", (1, 2))])
def test_versions(text, want):
    assert parse_version(text) == want


@pytest.mark.parametrize("text", ["", "0", "abc", "0.x", "0.27-rc1", "v"])
def test_bad_versions(text):
    with pytest.raises(ValueError, match="is not a PTOAS version"):
        parse_version(text)


def blocked(rows, cols, bits, batch=1):
    c0 = 256 // bits
    shape = blocked_shape(batch, rows, cols, c0)
    return shape, default_strides(shape)


@pytest.mark.parametrize("rows,cols,bits,layout", [
    (256, 512, 16, "nz"),   # the coincidence: R == 256 and 2-byte T
    (256, 64, 16, "nz"),
    (256, 512, 8, "nd"),    # seed 000
    (2048, 4096, 8, "nd"),  # seed 001
    (512, 512, 16, "nd"),
    (256, 64, 32, "nd"),
])
def test_blocked_nz_inference(rows, cols, bits, layout):
    shape, strides = blocked(rows, cols, bits)
    assert inferred_layout(shape, strides, bits // 8)[0] == layout


def test_no_inference_with_a_dynamic_operand():
    shape, strides = blocked(2048, 4096, 8)
    assert inferred_layout([None] + shape[1:], strides, 1) is None
    assert inferred_layout(shape, strides[:-1] + [None], 1) is None
    assert inferred_layout(shape, [], 1) is None


@pytest.mark.parametrize("shape,strides,want", [
    ([16, 16], [16, 1], ("nd", False)),
    ([16, 16], [1, 16], ("dn", False)),
    ([16, 1], [1, 1], ("dn", True)),     # a column vector: ambiguous, DN preferred
    ([1, 16], [16, 1], ("nd", True)),    # a row vector: ambiguous, ND preferred
    ([16, 16], [32, 2], ("nd", False)),  # neither: ND
    ([4, 16, 16], [256, 1, 16], ("dn", False)),
])
def test_minor_2d(shape, strides, want):
    assert inferred_layout(shape, strides, 4) == want


def test_global_tensor_types():
    for t in ("f16", "bf16", "f32", "f64", "i8", "ui8", "si16", "i32", "ui64"):
        assert global_tensor_type_ok(t)
    for t in ("f8E4M3FN", "f8E5M2", "i4", "i1", "tf32", "f80", "index"):
        assert not global_tensor_type_ok(t)


@pytest.mark.parametrize("version,affected", [("0.27", False), ("0.58", False), ("0.59", True),
                                              ("0.60", True), ("0.61", False), ("0.65", False),
                                              ("1.0", False)])
def test_ptoas_1317_versions(version, affected):
    assert clamped_gm_offset_bug(parse_version(version)) == affected
    assert clamped_gm_offset_versions() == "0.59 and 0.60"


@pytest.mark.parametrize("constant,dynamic,want", [
    (0, [("arith.maxsi", 512, 1), ("arith.maxsi", 1, 1)], True),   # row term, clamped column
    (2048, [("arith.maxsi", 1, 1)], True),                          # constant row
    (2048, [("arith.floordivsi", 1, 1)], True),
    (2048, [("arith.select", 1, 1)], True),
    (0, [("arith.maxsi", 1, 1)], False),       # alone: `0 + c ? a : b` is right
    (2048, [("arith.maxsi", 1, 2)], False),    # shared: a statement of its own
    (2048, [("arith.maxsi", 16, 1)], False),   # multiplied: parenthesised
    (0, [("arith.maxsi", 1, 1), ("arith.muli", 512, 1)], False),  # not last
    (2048, [("arith.addi", 1, 1)], False),
    (2048, [("arith.andi", 1, 1)], False),     # ends in a cast
    (2048, [(None, 1, 1)], False),             # an argument
    (2048, [], False),
])
def test_ptoas_1317_rule(constant, dynamic, want):
    assert clamped_gm_offset_miscompiled(constant, dynamic) == want
