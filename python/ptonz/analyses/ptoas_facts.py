"""What the real PTOAS does, as pure functions (measured with PTOAS 0.27,
hw-native-sys/PTOAS main of 2026-04-17, commit a56b18c3).

* Versions are releases (`RELEASES`: each with how its facts were
  established). 0.27 (hw-native-sys/PTOAS main of 2026-04-17) is measured
  with the real binary; 0.60 (main of 2026-08-21, `project(ptoas VERSION
  0.60)`) is read in its sources and measured with a binary built from them; 0.61 from PTOAS's issue #527 / PR #1027
  (sources and test); 0.63 (pypto's pin) and 0.65 (named by a pypto test)
  have no source here and are modelled with the 0.61 rules. Up to 0.60 PTOAS
  infers every GM view's layout from its shape and strides; 0.61 is the
  first that trusts an explicit NZ annotation. `DEFAULT_VERSION` is the
  newest release whose rules were read at their source.
* Layout inference (InferPTOLayout, skipped by `ptoas --disable-infer-layout`)
  runs on a `make_tensor_view` only when all its shape and stride operands
  are constants. It right-aligns them to rank 5 and calls the view NZ when
  `shape[2] == 16 && shape[2] * shape[3] * sizeof(T) == 512` and
  `stride[4] == 1 && stride[3] == shape[4]` -- one axis off pto-isa's NZ
  rule (`shape[3] == 16 && shape[4] == 32 / sizeof(T)`). A blocked NZ view
  [B, C/c0, R/16, 16, c0] therefore passes only when R == 256 and T is
  2 bytes; otherwise PTOAS stops with `layout mismatch: user-specified
  layout=nz but inferred=nd`.
* With `--disable-infer-layout` PTOAS takes the explicit layout as it is
  (and emits exactly ptonz's descriptors), checks no NZ rule at all, and
  describes a view WITHOUT a layout attribute as ND whatever its strides.
* The compact `!pto.tile_buf<mat, 16x16xf16, ...>` syntax parses from v0.25
  on; older versions parse the keyed form only.
* Its C++ writer names the element type of a GlobalTensor only for f16, bf16,
  f32, f64 and 8/16/32/64-bit integers; any other GM element type (float8
  included, which pto-isa calls float8_e4m3_t / float8_e5m2_t) becomes
  `GlobalTensor<float, ...>`, so shapes and strides count 4-byte elements
  and the load reads the wrong bytes.
* 0.61 and later (PTOAS issue #527, PR #1027: the design
  `docs/designs/nz-layout-inference-alignment.md`, `lib/PTO/IR/PTOLayoutUtils.cpp`,
  `test/lit/pto/issue527_nz_canonical_view_infer.pto`; read, not run):
  an explicit layout is authoritative and is checked by its own rules
  (`nz_view_error`: rank 5, shape[3] == 16, shape[4] == c0, strides
  [.., .., 16*c0, c0, 1], outer strides C0-aligned and at least the tight
  span, so gaps are legal; an unknown operand is not held against it); a
  partition keeps d3/d4 whole (`nz_partition_error`), may narrow d1/d2 and
  slice d0 (emitted as `Shape<1, ...>` with the parent strides at a pointer
  offset); a view WITHOUT a layout attribute is inferred
  (`inferred_layout_061`): NZ only when it is rank 5, constant, canonical and
  tight with shape[0] == 1 and more than one fractal, else ND/DN from its
  last two dimensions. The resolved non-ND layout is written into the view
  types (`!pto.tensor_view<1x8x8x16x8xf32, #pto.layout<nz>>`). FP4 NZ views
  count packed pairs (1-byte storage element, c0 = 32). `layout_rules_061`
  says which versions follow these rules.
* Its C++ emitter (PTOToEmitC) has a C++ element type for f16, bf16, f32,
  f64, the float8 E4M3 and E5M2 variants and 8/16/32/64-bit integers only:
  any other float (f80, f128, tf32, f6/f4, f8E8M0FNU, f8E3M4, ...) fails its
  type conversion ("Unsupported FloatType"), any other integer width (i1,
  i4, i12, i128, ...) becomes `int32_t` in a GM pointer and `float` in a
  tile, so the bytes moved are wrong.
* Its backends (0.60, tools/ptoas/driver.cpp): `--pto-backend=emitc|vpto`
  (any case; default emitc, the C++ writer); without the flag, a module's
  `pto.backend = "emitc" | "vpto"` string attribute decides (the outermost
  module's, else that of each child module of a backend-partitioned
  container); the flag overrides it. The EmitC backend (PTOToEmitC) has no
  lowering of the vector families (`pto.vmi.*`, the vpto ops of VPTOOps.td,
  `pto.ub.*`; `pto.tile_buf_addr` excepted) nor a C++ type for the
  vector-register types (`!pto.vreg`, `!pto.mask`, `!pto.align`,
  `!pto.vmi.vreg`, `!pto.vmi.mask`) in a function's signature: it fails,
  after every verifier, with "failed to legalize operation 'X' that was
  explicitly marked illegal" -- unless the op is dead and has no effect but
  reads (its canonicalizer erases it first). Only the VPTO backend lowers
  them. ptonz's rule (the pto dialect's `verifyBackendLowering`, checked on
  every input) and its facts are in dialect/lib/IR/PTOBackend.cpp; 0.27 has
  none of these ops; later releases are modelled as 0.60.
* `pto.alloc_tile addr = ...` is accepted only with `--pto-level=level3`,
  which in turn requires `addr` on every alloc_tile (PlanMemory does not
  run there); `pto.tassign` needs level3 too.
* hw-native-sys/PTOAS#1317 (read in the sources of tonibohnlein/PTOAS main
  of 2026-08-21, `project(ptoas VERSION 0.60)`, and reproduced with Debian's
  LLVM 19.1.7 C++ emitter; `clamped_gm_offset_miscompiled` has the rule).
  Commit eb79e5f9 (PR #1156, merged 2026-08-13, after v0.58 was released
  and before v0.59 was) moved PTOAS to LLVM 19 and added
  `FormEmitCExpressionsCompatPass`, which folds every single-use EmitC
  expression into its user. LLVM 19's C++ emitter, inside a sub-expression
  it has parenthesised, compares the operands against the lowest precedence,
  so a `?:` operand there is printed bare. A static partition_view address
  is `data + (c0 + o1*s1 + ... + on)` (PTOPartitionViewStaticToEmitC: the
  constant offsets folded into c0, a term multiplied only when its stride is
  not 1), so a last term that is a `?:` comes out as
  `data + (c0 + o1*s1 + x < 0 ? 0 : x)` and C++ drops every other term. The
  fix, PR #1322 (merged by 2026-08-24), keeps expressions with a `?:` as
  temporaries. Affected: 0.59 and 0.60. v0.60 was released after
  2026-08-21 (main still said 0.60 then) and its release date against the
  fix's is not known here: it is taken as affected; 0.61 (pinned by pypto
  from 2026-09-08) is taken as fixed.
"""

from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple, cast

from ptonz_geometry import (
    C0_BYTES,
    FRACTAL_BYTES,
    FRACTAL_ROWS,
    MX_BOX_COLS,
    MX_BOX_ROWS,
    c0_for_bitwidth,
    right_align5,
)
from ptonz_geometry import SUB_BYTE_NZ  # noqa: F401  (defined there; kept importable here)

Version = tuple[int, int]

# The releases ptonz names, oldest first: (version, how its facts were established).
RELEASES = (
    ("0.24", "the keyed !pto.tile_buf form only (PTOAS's history: compact form from 0.25)"),
    (
        "0.27",
        "measured with the real binary (main of 2026-04-17): layout inference one axis "
        "off pto-isa's NZ rule; --disable-infer-layout takes explicit layouts unchecked",
    ),
    ("0.58", "as 0.27 for layouts; no PTOAS#1317 (released before commit eb79e5f9)"),
    ("0.59", "PTOAS#1317 (clamped GM offsets miscompiled), read in the sources"),
    (
        "0.60",
        "read in the sources of main of 2026-08-21 and measured with a binary built "
        "from them: 0.27's layout inference, PTOAS#1317, !pto.ptr<T, gm>, float8 GM "
        "elements named, runtime strides (Stride<-1, ...>) for partitions not all static, "
        "MX layouts with the !pto.f8E8M0 scale",
    ),
    (
        "0.61",
        "issue #527 / PR #1027, read in the sources and test: explicit layouts "
        "authoritative and checked, NZ inferred only for canonical tight views (and then "
        "checked as NZ), partition layouts must match; #1317 fixed",
    ),
    ("0.63", "pypto's pin; no source here: modelled with the 0.61 rules"),
    ("0.65", "named by a pypto test; no source here: modelled with the 0.61 rules"),
)
DEFAULT_VERSION = "0.61"  # the newest release whose rules were read at their source
FIRST_TRUSTED_NZ = (0, 61)  # explicit NZ annotations are trusted
FIRST_COMPACT_TILE_BUF = (0, 25)
NEWEST_MEASURED = (0, 60)  # 0.27 and 0.60 were run here
ARCHS = ("a3", "a5")  # ptoas --pto-arch (a3 covers PTOAS's A2/A3 rules)
LEVELS = ("level1", "level2", "level3")  # ptoas --pto-level
DEFAULT_ARCH = "a3"  # ptoas's own defaults of --pto-arch and --pto-level
DEFAULT_LEVEL = "level2"
BACKENDS = ("emitc", "vpto")  # ptoas --pto-backend (0.60; `pto.backend` on a module)
DEFAULT_BACKEND = "emitc"  # ptoas's own default of --pto-backend
# ptoas --plan-memory-impl (0.60, tools/ptoas/ptoas.cpp): the local memory
# planner below level3, "legacy" by default; any other value stops ptoas
# ("Error: invalid --plan-memory-impl='X', expected 'legacy' or 'modern'.").
PLAN_MEMORY_IMPLS = ("legacy", "modern")
DEFAULT_PLAN_MEMORY_IMPL = "legacy"


def arch_name(value: str) -> str:
    """ptoas --pto-arch as PTOAS 0.60 reads it (tools/ptoas/driver.cpp): any
    case; a2 and a3 are one target to its verifiers (their "A2/A3" rules)."""
    arch = value.lower()
    return "a3" if arch == "a2" else arch


PTOAS_1317 = ((0, 59), (0, 61))  # [first affected, first fixed): see the module docstring

_VERSION = re.compile(r"v?(\d+)\.(\d+)(?:\.\d+)?")


def parse_version(text: str) -> Version:
    """`0.27`, `v0.26`, `0.27.1` -> (major, minor)."""
    m = _VERSION.fullmatch(text.strip())
    if m is None:
        raise ValueError(
            f"'{text}' is not a PTOAS version: expected MAJOR.MINOR, a release "
            f"such as {', '.join(v for v, _ in RELEASES)} (`ptoas --version` "
            f"prints it; default {DEFAULT_VERSION})"
        )
    return int(m.group(1)), int(m.group(2))


def releases_help() -> str:
    """The releases and how each one's facts were established (for --help)."""
    return "; ".join(f"{v}: {how}" for v, how in RELEASES)


def format_version(v: Version) -> str:
    return f"{v[0]}.{v[1]}"


def _minor_2d(rows: int, cols: int, row_stride: int, col_stride: int) -> Tuple[str, bool]:
    """(layout, ambiguous) of the last two dims, as InferPTOLayout decides it."""
    nd = (cols == 1 or col_stride == 1) and (
        rows == 1 or (row_stride == 1 if cols == 1 else row_stride == cols)
    )
    dn = (rows == 1 or row_stride == 1) and (
        cols == 1 or (col_stride == 1 if rows == 1 else col_stride == rows)
    )
    if nd and dn:
        return ("dn" if cols == 1 and rows != 1 else "nd"), True
    return ("dn" if dn else "nd"), False


def _constant_descriptor(
    shape: Sequence[Optional[int]], strides: Sequence[Optional[int]], element_bytes: int
) -> Optional[Tuple[List[int], List[int]]]:
    """The view's shape and strides right-aligned to rank 5, when InferPTOLayout
    reads them: every operand a constant, rank 1 to 5, a known element size."""
    if (
        not shape
        or len(shape) > 5
        or len(shape) != len(strides)
        or any(x is None for x in list(shape) + list(strides))
        or element_bytes <= 0
    ):
        return None
    return right_align5(cast("Sequence[int]", shape), cast("Sequence[int]", strides))


def inferred_layout(
    shape: Sequence[Optional[int]], strides: Sequence[Optional[int]], element_bytes: int
) -> Optional[Tuple[str, bool]]:
    """(layout, ambiguous ND/DN) PTOAS's InferPTOLayout gives a make_tensor_view
    with these shape/stride operands (None: not a constant), or None when it
    does not infer (a non-constant operand, rank 0 or > 5, no strides)."""
    aligned = _constant_descriptor(shape, strides, element_bytes)
    if aligned is None:
        return None
    sh, st = aligned
    if (
        sh[2] == FRACTAL_ROWS
        and sh[2] * sh[3] * element_bytes == FRACTAL_BYTES
        and st[4] == 1
        and st[3] == sh[4]
    ):
        return "nz", False
    return _minor_2d(sh[3], sh[4], st[3], st[4])


def layout_rules_061(version: Version) -> bool:
    """Whether PTOAS `version` follows the layout rules of 0.61 (issue #527):
    explicit layouts trusted and checked by their own rules, the new NZ
    inference of views without a layout attribute."""
    return version >= FIRST_TRUSTED_NZ


def nz_view_error(
    shape: Sequence[Optional[int]], strides: Sequence[Optional[int]], element_bytes: int
) -> Optional[str]:
    """PTOAS >= 0.61's complaint about an explicit NZ view of this shape and
    these strides (None: not a constant, never held against the view), or
    None if it accepts it. PTOAS prefixes it with `user-specified layout=nz
    is incompatible with shape/stride: `, except for the rank and the C0."""
    if len(shape) != 5:
        return f"user-specified layout=nz requires a rank-5 view, got rank {len(shape)}"
    if len(strides) != 5:
        return "NZ layout requires rank-5 shape and stride"
    if element_bytes <= 0 or C0_BYTES % element_bytes:
        return (
            "NZ layout requires a non-zero storage element byte size that divides 32, "
            f"got {element_bytes}"
        )
    c0 = c0_for_bitwidth(8 * element_bytes)

    def known(x: Optional[int], want: int) -> bool:
        return x is None or x == want

    if shape[0] is not None and shape[0] <= 0:
        return "NZ layout requires shape[0] to be positive"
    for name, x, want in (
        ("shape[3]", shape[3], FRACTAL_ROWS),
        ("shape[4]", shape[4], c0),
        ("stride[4]", strides[4], 1),
        ("stride[3]", strides[3], c0),
        ("stride[2]", strides[2], FRACTAL_ROWS * c0),
    ):
        if not known(x, want):
            return f"expected {name}=={want} (got {x})"
    for i in (1, 0):
        st = strides[i]
        if st is None:
            continue
        if st % c0:
            return f"expected stride[{i}] to be C0-aligned ({c0}), got {st}"
        inner, inner_stride = shape[i + 1], strides[i + 1]
        if inner is not None and inner_stride is not None:
            least = inner * inner_stride
            if least > 2**63 - 1:  # PTOAS multiplies in int64 (checkedMultiply)
                return f"shape[{i + 1}] * stride[{i + 1}] overflows"
            if st < least:
                return (
                    f"expected stride[{i}] >= shape[{i + 1}] * stride[{i + 1}] ({least}), got {st}"
                )
    return None


def nz_partition_error(
    source_shape: Sequence[Optional[int]],
    offsets: Sequence[Optional[int]],
    sizes: Sequence[Optional[int]],
) -> Optional[str]:
    """PTOAS >= 0.61's complaint about a partition of an NZ view (None
    entries: not constants), or None: d3 and d4 must stay whole, provably."""
    if not len(source_shape) == len(offsets) == len(sizes) == 5:
        return "NZ partition requires rank-5 source, offsets, and sizes"
    for k in (3, 4):
        off, size, whole = offsets[k], sizes[k], source_shape[k]
        if off is None or size is None or whole is None:
            return f"NZ partition must prove that d{k} remains complete at compile time"
        if off != 0 or size != whole:
            return (
                f"NZ view cannot be partitioned inside a fractal: d{k} must keep offset=0 "
                f"and size={whole} (got offset={off}, size={size})"
            )
    return None


def inferred_layout_061(
    shape: Sequence[Optional[int]], strides: Sequence[Optional[int]], element_bytes: int
) -> Optional[Tuple[str, bool]]:
    """(layout, ambiguous ND/DN) PTOAS >= 0.61 infers for a make_tensor_view
    WITHOUT a layout attribute, or None when it does not infer (a non-constant
    operand, rank 0 or > 5, no strides)."""
    aligned = _constant_descriptor(shape, strides, element_bytes)
    if aligned is None:
        return None
    sh, st = aligned
    if (
        len(shape) == 5
        and nz_view_error(sh, st, element_bytes) is None
        and st[1] == sh[2] * st[2]
        and st[0] == sh[1] * st[1]
        and sh[0] == 1
        and (sh[1] > 1 or sh[2] > 1)
    ):
        return "nz", False
    return _minor_2d(sh[3], sh[4], st[3], st[4])


# From which release PTOAS writes a GM view's GlobalTensor from the view ops
# themselves (PTOToEmitC's PTOMakeTensorViewToEmitC / PTOPartitionView*ToEmitC,
# 0.60's lib/PTO/Transforms/PTOToEmitC.cpp; 0.27 lowers views to memrefs
# first). Measured with the real 0.60 binary; 0.59 has the same writer
# (PTOAS#1317 is in it), 0.61's issue-527 test checks its runtime form
# (`GetStride`) for a dynamic partition.
FIRST_VIEW_EMITC: Version = (0, 59)


def runtime_global_tensor(
    version: Version, static_sizes: bool, static_strides: bool, static_result_shape: bool
) -> bool:
    """Whether PTOAS `version` writes a partition's GlobalTensor in its runtime
    form: `Stride<-1, -1, -1, -1, -1>` and -1 for every dynamic dim of the
    partition TYPE, the values passed to the constructor. From FIRST_VIEW_EMITC
    the compile-time form (PTOPartitionViewStaticToEmitC) needs constant
    partition sizes, constant view strides and a static partition type;
    anything else takes the runtime form (PTOPartitionViewToEmitC), so an ND
    view with a dynamic row count has no static stride at all in 0.60's C++,
    where 0.27 keeps them."""
    return version >= FIRST_VIEW_EMITC and not (
        static_sizes and static_strides and static_result_shape
    )


def view_layout(
    version: Version,
    infer_layout: bool,
    layout: Optional[str],
    shape: Sequence[Optional[int]],
    strides: Sequence[Optional[int]],
    element_bytes: int,
) -> str:
    """The layout of the GlobalTensor PTOAS `version` writes for a
    make_tensor_view with explicit layout `layout` (its attribute, else its
    view type's; None: neither) and these shape / stride operands (None: not
    a constant): the explicit one; else, with layout inference on, what it
    infers (`inferred_layout_061` from 0.61, `inferred_layout` before; an
    ND/DN ambiguity is ND, PTOAS's default without a consumer preference);
    else ND (`--disable-infer-layout` describes every unannotated view as ND)."""
    if layout:
        return layout
    if not infer_layout:
        return "nd"
    infer = inferred_layout_061 if layout_rules_061(version) else inferred_layout
    inferred = infer(shape, strides, max(element_bytes, 1))
    if inferred is None or inferred[1]:
        return "nd"
    return inferred[0]


# Element types PTOAS 0.27 writes into a GlobalTensor correctly (MLIR spelling).
GLOBAL_TENSOR_TYPES = frozenset(
    ["f16", "bf16", "f32", "f64"] + [f"{s}{w}" for s in ("i", "si", "ui") for w in (8, 16, 32, 64)]
)


# The MX scale element (E8M0, one byte) as PTOAS spells it: its own
# `!pto.f8E8M0` (0.60's PTOTypeDefs.td; its C++ writer knows no other E8M0,
# `isPTOF8E8M0Type`, and names it float8_e8m0_t; measured: 0.60 assembles
# `!pto.tensor_view<..x!pto.f8E8M0>` MX views, and fails on MLIR's builtin
# f8E8M0FNU). Every release with MX layouts (FIRST_MX_LAYOUTS) spells it so;
# none is known to differ. ptonz accepts the builtin f8E8M0FNU for it on input
# (MX_SCALE_ELEMENTS; the same bytes, and pl's MX tensors use it), and
# pto-block-mx-scale-views writes PTOAS's spelling in the whole module (the
# same for every release that has MX: `mx_scale_element`).
MX_SCALE_ELEMENT = "!pto.f8E8M0"
MX_SCALE_BUILTIN = "f8E8M0FNU"
MX_SCALE_ELEMENTS = frozenset([MX_SCALE_ELEMENT, MX_SCALE_BUILTIN])
# Element types PTOAS's C++ emitter has a C++ type for (MLIR spelling).
ELEMENT_TYPES = GLOBAL_TENSOR_TYPES | frozenset(
    ["f8E4M3", "f8E4M3FN", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", MX_SCALE_ELEMENT]
)
ELEMENT_TYPES_NAMED = "f16, bf16, f32, f64, f8E4M3*/f8E5M2* and 8/16/32/64-bit integers"


def element_type_problem(element_type: str) -> Optional[str]:
    """None when PTOAS has a C++ element type for this one (MLIR spelling;
    MLIR's builtin f8E8M0FNU counts as PTOAS's `!pto.f8E8M0`, which
    pto-block-mx-scale-views writes for it), else why not, as a sentence part:
    "PTOAS has no element type f80 ..."."""
    if element_type in ELEMENT_TYPES or element_type == MX_SCALE_BUILTIN:
        return None  # the builtin E8M0: ptonz's input alias, written as PTOAS spells it
    what = (
        "its C++ emitter cannot convert it"
        if not re.fullmatch(r"[su]?i\d+", element_type)
        else "its C++ emitter would silently write int32_t / float for it"
    )
    return f"PTOAS has no element type {element_type} ({what}; it has {ELEMENT_TYPES_NAMED} only)"


# From which release PTOAS's C++ names a float8 GM element (float8_e4m3_t,
# float8_e5m2_t; measured with the real 0.60 at --pto-arch=a5:
# `GlobalTensor<float8_e4m3_t, ...>`, where 0.27 writes `float`). 0.58 and
# 0.59 are not known and taken as 0.27.
FIRST_NAMED_FLOAT8: Version = (0, 60)


def global_tensor_type_ok(element_type: str, version: Version = (0, 27)) -> bool:
    """Whether PTOAS `version` (default 0.27) names this GM element type right
    in its C++: 0.27 only GLOBAL_TENSOR_TYPES, from FIRST_NAMED_FLOAT8 every
    type of ELEMENT_TYPES."""
    if version >= FIRST_NAMED_FLOAT8:
        return element_type in ELEMENT_TYPES
    return element_type in GLOBAL_TENSOR_TYPES


def clamped_gm_offset_bug(version: Version) -> bool:
    """Whether this PTOAS version has hw-native-sys/PTOAS#1317 (0.59, 0.60)."""
    return PTOAS_1317[0] <= version < PTOAS_1317[1]


def clamped_gm_offset_versions() -> str:
    """The affected versions, for messages: '0.59 and 0.60'."""
    (major, first), (_, fixed) = PTOAS_1317
    names = [f"{major}.{minor}" for minor in range(first, fixed)]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


# The arith ops PTOAS 0.59/0.60 writes as a C conditional `c ? a : b` at the
# root of their expression (PTOToEmitC: ArithMaxSI/MinSI/MaxUI/MinUI, Select,
# FloorDivSI and CeilDivSI). Bitwise ops, shifts and ceildivui end in a cast,
# which binds tighter than `+`.
CONDITIONAL_OPS = frozenset(
    [
        "arith.maxsi",
        "arith.minsi",
        "arith.maxui",
        "arith.minui",
        "arith.select",
        "arith.floordivsi",
        "arith.ceildivsi",
    ]
)


def clamped_gm_offset_miscompiled(
    constant_offset: int, dynamic: Sequence[Tuple[Optional[str], Optional[int], int]]
) -> bool:
    """Whether PTOAS#1317 drops terms of a static partition address.

    `constant_offset`: the sum of constant offset * stride; `dynamic`: the
    non-constant offsets in dimension order, each (name of its defining op or
    None, its source stride, its number of uses after canonicalize and cse).
    Only the last term can lose its parentheses: it is bare only when its
    stride is 1 (no `*`), it is a `?:` only when its op is in
    CONDITIONAL_OPS, and it is folded into the sum only when the sum is its
    one use. With no other term the printed `0 + x < 0 ? 0 : x` still gives
    x, so it is miscompiled only beside a non-zero constant or another term."""
    if not dynamic:
        return False
    name, stride, uses = dynamic[-1]
    return (
        stride == 1
        and name in CONDITIONAL_OPS
        and uses == 1
        and (constant_offset != 0 or len(dynamic) > 1)
    )


# --------------------------------------------------------------------------
# MX scale views (A5 microscaling)
# --------------------------------------------------------------------------

# PTOAS 0.27 (hw-native-sys/PTOAS a56b18c3) has no MX layout in its
# `#pto.layout` enum; 0.60 (tonibohnlein/PTOAS e32488c9, include/PTO/IR/
# PTOAttrs.td) names `mx_a_zz` = 3 and `mx_b_nn` = 4 and prints them as
# `pto::Layout::MX_A_ZZ` / `MX_B_NN` (lib/PTO/Transforms/PTOToEmitC.cpp);
# pypto's codegen tests note "PTOAS v0.48: ... tload carries mx_* GM layout",
# the earliest release known to have them.
FIRST_MX_LAYOUTS: Version = (0, 48)


def mx_layouts_known(version: Version) -> bool:
    """Whether PTOAS `version` parses `#pto.layout<mx_a_zz>` / `<mx_b_nn>`."""
    return version >= FIRST_MX_LAYOUTS


def mx_scale_element(version: Version) -> Optional[str]:
    """How PTOAS `version` spells the MX scale element (MX_SCALE_ELEMENT), or
    None for a release without MX layouts."""
    return MX_SCALE_ELEMENT if mx_layouts_known(version) else None


def mx_view_error(
    shape: Sequence[Optional[int]], strides: Sequence[Optional[int]]
) -> Optional[str]:
    """What is wrong with a physical MX scale view for pto-isa's MX TLOAD
    (TileShape2D<MX_A_ZZ / MX_B_NN> = Shape<1, ../16, ../2, 16, 2>, row-major
    strides: Stride<B*G, G/2*32, 32, 2, 1> in elements), or None. None
    entries (not constants) are not held against the view."""
    if len(shape) != 5:
        return f"an MX scale view is rank 5 ([1, ../16, G/2, 16, 2]), got rank {len(shape)}"
    if len(strides) != 5:
        return "an MX scale view needs its 5 strides explicit (run pto-materialize-strides)"
    for k, extent in ((0, 1), (3, MX_BOX_ROWS), (4, MX_BOX_COLS)):
        if shape[k] is not None and shape[k] != extent:
            return f"an MX scale view has shape[{k}] == {extent} (16x2 boxes), got {shape[k]}"
    box = MX_BOX_ROWS * MX_BOX_COLS
    want: List[Optional[int]] = [None, None, box, MX_BOX_COLS, 1]
    g2, m16 = shape[2], shape[1]
    if g2 is not None:
        want[1] = row = g2 * box
        if m16 is not None:
            want[0] = m16 * row
    for k in range(5):
        if want[k] is not None and strides[k] is not None and strides[k] != want[k]:
            return (
                f"an MX scale view's strides are the row-major strides of its blocked "
                f"shape (pto-isa's TileShape2D), stride[{k}] == {want[k]}, got "
                f"{strides[k]}"
            )
    return None
