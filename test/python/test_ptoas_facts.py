"""ptonz.analyses.ptoas_facts: PTOAS 0.27's layout inference, version parsing
and GlobalTensor element types, as pure functions."""

import pytest

from ptonz.analyses.ptoas_facts import (
    DEFAULT_VERSION,
    MX_SCALE_ELEMENT,
    clamped_gm_offset_bug,
    clamped_gm_offset_miscompiled,
    clamped_gm_offset_versions,
    element_type_problem,
    global_tensor_type_ok,
    inferred_layout,
    inferred_layout_061,
    layout_rules_061,
    mx_scale_element,
    nz_partition_error,
    nz_view_error,
    parse_version,
    runtime_global_tensor,
    view_layout,
)
from ptonz_geometry import blocked_shape, default_strides


@pytest.mark.parametrize(
    "text,want",
    [
        ("0.27", (0, 27)),
        ("v0.26", (0, 26)),
        ("0.27.1", (0, 27)),
        ("0.61", (0, 61)),
        (" 1.2 ", (1, 2)),
    ],
)
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


@pytest.mark.parametrize(
    "rows,cols,bits,layout",
    [
        (256, 512, 16, "nz"),  # the coincidence: R == 256 and 2-byte T
        (256, 64, 16, "nz"),
        (256, 512, 8, "nd"),  # seed 000
        (2048, 4096, 8, "nd"),  # seed 001
        (512, 512, 16, "nd"),
        (256, 64, 32, "nd"),
    ],
)
def test_blocked_nz_inference(rows, cols, bits, layout):
    shape, strides = blocked(rows, cols, bits)
    assert inferred_layout(shape, strides, bits // 8)[0] == layout


def test_no_inference_with_a_dynamic_operand():
    shape, strides = blocked(2048, 4096, 8)
    assert inferred_layout([None] + shape[1:], strides, 1) is None
    assert inferred_layout(shape, strides[:-1] + [None], 1) is None
    assert inferred_layout(shape, [], 1) is None


@pytest.mark.parametrize(
    "shape,strides,want",
    [
        ([16, 16], [16, 1], ("nd", False)),
        ([16, 16], [1, 16], ("dn", False)),
        ([16, 1], [1, 1], ("dn", True)),  # a column vector: ambiguous, DN preferred
        ([1, 16], [16, 1], ("nd", True)),  # a row vector: ambiguous, ND preferred
        ([16, 16], [32, 2], ("nd", False)),  # neither: ND
        ([4, 16, 16], [256, 1, 16], ("dn", False)),
    ],
)
def test_minor_2d(shape, strides, want):
    assert inferred_layout(shape, strides, 4) == want


def test_global_tensor_types():
    for t in ("f16", "bf16", "f32", "f64", "i8", "ui8", "si16", "i32", "ui64"):
        assert global_tensor_type_ok(t)
    for t in ("f8E4M3FN", "f8E5M2", "i4", "i1", "tf32", "f80", "index"):
        assert not global_tensor_type_ok(t)
    # 0.60 names float8 (measured: GlobalTensor<float8_e4m3_t, ...>); still not i4.
    for t in ("f8E4M3FN", "f8E5M2", "i8", "f16"):
        assert global_tensor_type_ok(t, (0, 60))
    for t in ("i4", "tf32"):
        assert not global_tensor_type_ok(t, (0, 60))


@pytest.mark.parametrize(
    "version,static,runtime",
    [
        ((0, 27), (False, True, False), False),  # 0.27 keeps the static entries
        ((0, 60), (True, True, True), False),  # constant sizes, strides, static type
        ((0, 60), (False, True, False), True),  # a dynamic row count: Stride<-1, ...>
        ((0, 60), (True, False, True), True),  # a dynamic view stride
        ((0, 60), (True, True, False), True),  # constant sizes, `?` in the partition type
        ((0, 61), (False, True, False), True),
    ],
)
def test_runtime_global_tensor(version, static, runtime):
    assert runtime_global_tensor(version, *static) == runtime


@pytest.mark.parametrize(
    "version,affected",
    [
        ("0.27", False),
        ("0.58", False),
        ("0.59", True),
        ("0.60", True),
        ("0.61", False),
        ("0.65", False),
        ("1.0", False),
    ],
)
def test_ptoas_1317_versions(version, affected):
    assert clamped_gm_offset_bug(parse_version(version)) == affected
    assert clamped_gm_offset_versions() == "0.59 and 0.60"


@pytest.mark.parametrize(
    "constant,dynamic,want",
    [
        (0, [("arith.maxsi", 512, 1), ("arith.maxsi", 1, 1)], True),  # row term, clamped column
        (2048, [("arith.maxsi", 1, 1)], True),  # constant row
        (2048, [("arith.floordivsi", 1, 1)], True),
        (2048, [("arith.select", 1, 1)], True),
        (0, [("arith.maxsi", 1, 1)], False),  # alone: `0 + c ? a : b` is right
        (2048, [("arith.maxsi", 1, 2)], False),  # shared: a statement of its own
        (2048, [("arith.maxsi", 16, 1)], False),  # multiplied: parenthesised
        (0, [("arith.maxsi", 1, 1), ("arith.muli", 512, 1)], False),  # not last
        (2048, [("arith.addi", 1, 1)], False),
        (2048, [("arith.andi", 1, 1)], False),  # ends in a cast
        (2048, [(None, 1, 1)], False),  # an argument
        (2048, [], False),
    ],
)
def test_ptoas_1317_rule(constant, dynamic, want):
    assert clamped_gm_offset_miscompiled(constant, dynamic) == want


# --------------------------------------------------------------------------- 0.61 rules


def test_the_061_rules_start_at_061():
    assert not layout_rules_061((0, 27)) and not layout_rules_061((0, 60))
    assert layout_rules_061((0, 61)) and layout_rules_061((0, 65))


# PTOAS's issue-527 test (test/lit/pto/issue527_nz_canonical_view_infer.pto):
# the roots it infers and the messages it prints.
@pytest.mark.parametrize(
    "shape,strides,nbytes,want",
    [
        ([1, 8, 8, 16, 8], [8192, 1024, 128, 8, 1], 4, "nz"),  # fp32 canonical
        ([1, 4, 8, 16, 16], [8192, 2048, 256, 16, 1], 2, "nz"),  # half
        ([1, 2, 8, 16, 32], [8192, 4096, 512, 32, 1], 1, "nz"),  # int8
        ([8, 8, 16, 8], [1024, 128, 8, 1], 4, "nd"),  # rank 4: never NZ
        ([4, 1, 16, 8, 16], [2048, 2048, 128, 16, 1], 4, "nd"),  # the old misaligned shape
        ([1, 1, 1, 16, 8], [128, 128, 128, 8, 1], 4, "nd"),  # a single fractal
        ([2, 8, 8, 16, 8], [8192, 1024, 128, 8, 1], 4, "nd"),  # batched: explicit only
        ([1, 4, 8, 16, 8], [8192, 1024, 128, 8, 1], 4, "nd"),  # gapped: not tight
    ],
)
def test_061_inference(shape, strides, nbytes, want):
    assert inferred_layout_061(shape, strides, nbytes)[0] == want


@pytest.mark.parametrize(
    "shape,strides,nbytes,want",
    [
        ([1, 8, 8, 8, 8], [4096, 512, 64, 8, 1], 4, "expected shape[3]==16 (got 8)"),
        ([8, 8, 16, 8], [1024, 128, 8, 1], 4, "requires a rank-5 view, got rank 4"),
        ([1, 8, 8, 16, 8], [4096, 512, 64, 8, 1], 4, "expected stride[2]==128 (got 64)"),
        (
            [1, 8, 8, 16, 8],
            [4096, 512, 128, 8, 1],
            4,
            "expected stride[1] >= shape[2] * stride[2] (1024), got 512",
        ),
        (
            [1, 8, 8, 16, 8],
            [8192, 1028, 128, 8, 1],
            4,
            "expected stride[1] to be C0-aligned (8), got 1028",
        ),
        ([1, 4, 8, 16, 8], [8192, 1024, 128, 8, 1], 4, None),  # gaps are legal
        ([1, None, None, 16, 8], [None, None, 128, 8, 1], 4, None),  # unknowns are not held
        ([32, 128, 128, 16, 32], [8388608, 65536, 512, 32, 1], 1, None),  # batched
    ],
)
def test_nz_view_error(shape, strides, nbytes, want):
    got = nz_view_error(shape, strides, nbytes)
    assert got == want if want is None else want in got


@pytest.mark.parametrize(
    "offsets,sizes,want",
    [
        ([0, 2, 0, 0, 0], [1, 4, 8, 16, 8], None),
        ([1, 0, 0, 0, 0], [1, 8, 8, 16, 8], None),  # d0 of a batch
        (
            [0, 0, 0, 1, 0],
            [1, 8, 8, 15, 8],
            "NZ view cannot be partitioned inside a fractal: d3 must keep offset=0 and size=16 "
            "(got offset=1, size=15)",
        ),
        (
            [0, 0, 0, 0, 1],
            [1, 8, 8, 16, 7],
            "d4 must keep offset=0 and size=8 (got offset=1, size=7)",
        ),
        (
            [0, 0, 0, None, 0],
            [1, 8, 8, None, 8],
            "NZ partition must prove that d3 remains complete at compile time",
        ),
    ],
)
def test_nz_partition_error(offsets, sizes, want):
    got = nz_partition_error([2, 8, 8, 16, 8], offsets, sizes)
    assert got == want if want is None else want in got


@pytest.mark.parametrize(
    "version,infer,layout,shape,strides,want",
    [
        ((0, 61), True, "nd", [1, 2, 1, 16, 8], [256, 128, 128, 8, 1], "nd"),  # explicit wins
        ((0, 61), True, None, [1, 8, 8, 16, 8], [8192, 1024, 128, 8, 1], "nz"),  # canonical root
        ((0, 61), True, None, [1, 1, 1, 16, 8], [128, 128, 128, 8, 1], "nd"),  # one fractal
        ((0, 61), True, None, [4, 1, 16, 8, 16], [2048, 2048, 128, 16, 1], "nd"),
        ((0, 27), True, None, [4, 1, 16, 8, 16], [2048, 2048, 128, 16, 1], "nz"),  # one axis off
        ((0, 27), False, None, [1, 8, 8, 16, 8], [8192, 1024, 128, 8, 1], "nd"),  # no inference
        ((0, 61), True, None, [1, None, 8, 16, 8], [8192, 1024, 128, 8, 1], "nd"),  # not constant
    ],
)
def test_view_layout(version, infer, layout, shape, strides, want):
    assert view_layout(version, infer, layout, shape, strides, 4) == want


def test_mx_scale_element():
    assert mx_scale_element((0, 60)) == "!pto.f8E8M0" == MX_SCALE_ELEMENT
    assert mx_scale_element((0, 27)) is None  # no MX layouts
    assert element_type_problem("!pto.f8E8M0") is None
    assert element_type_problem("f8E8M0FNU") is None  # ptonz's input alias, respelled


def test_nz_view_error_overflow():
    # PTOAS multiplies in int64: 2**40 * 2**31 does not fit (checkedMultiply).
    assert (
        nz_view_error([1, 2**40, 2**24, 16, 8], [2**56, 2**31, 128, 8, 1], 4)
        == "shape[1] * stride[1] overflows"
    )


def test_a_context_ptonz_did_not_make_checks_the_default_release():
    """A front end's own ir.Context (not driver.Target's) checks the release
    ptoas_facts names as the default: the C++ dialect has no default of its own."""
    from mlir import ir
    from ptonz import _ptonz

    ctx = ir.Context()
    assert _ptonz.ptoas_target_version(ctx) == parse_version(DEFAULT_VERSION)
    _ptonz.set_ptoas_target(ctx, "a3", "level2", (0, 27))
    assert _ptonz.ptoas_target_version(ctx) == (0, 27)
