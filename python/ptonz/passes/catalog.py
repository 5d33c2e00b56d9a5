"""Names, summaries, options and anchors of ptonz's passes and pipelines:
the table `import ptonz` registers in MLIR's pass registry (see
registration.py) without importing any pass module; the pass classes take
their metadata from it, and a pass module is imported on the pass's first
run.
"""

from collections.abc import Callable
from typing import NamedTuple

from ..analyses.ptoas_facts import (
    DEFAULT_LEVEL,
    DEFAULT_VERSION,
    LEVELS,
    parse_version,
    releases_help,
)
from .declarations import Declarations, parse_arg_ranges, parse_nz_args, shows_as


@shows_as("true|false")
def parse_bool(text: str) -> bool:
    """MLIR's spelling of a boolean pass option."""
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    raise ValueError("expected true or false")


@shows_as("X.Y")
def ptoas_version(text: str) -> str:
    parse_version(text)  # ValueError with the accepted forms
    return text


@shows_as("|".join(LEVELS))
def pto_level(text: str) -> str:
    if text not in LEVELS:
        raise ValueError(f"expected one of {', '.join(LEVELS)}")
    return text


Option = tuple[Callable[[str], object], object, str]  # (parser, default, help)


# Where a pass may be scheduled. Every ptonz pass runs on a module (all its
# functions); one that rewrites each function on its own, touching nothing
# outside it, may also be nested under func.func.
MODULE = ("builtin.module",)
MODULE_OR_FUNCTION = ("builtin.module", "func.func")


class PassInfo(NamedTuple):
    summary: str
    options: dict[str, Option]
    anchors: tuple[str, ...]
    impl: str  # "module:Class", imported on the pass's first run


class PipelineInfo(NamedTuple):
    summary: str
    passes: tuple[str, ...]  # its options: those of its passes, forwarded by name


REMARKS: Option = (
    parse_bool,
    False,
    "emit a remark for every partition whose bounds cannot be decided",
)

CATALOG: dict[str, PassInfo] = {
    "pto-declare-nz-args": PassInfo(
        "Declare kernel arguments: the GM bytes behind a !pto.ptr argument are NZ-packed "
        "(nz-args), a scalar argument lies in a range (arg-ranges); both become argument "
        "attributes, and every view of an NZ pointer gets the logical NZ form that "
        "pto-block-nz-views lowers. Runs on builtin.module only.",
        {
            "nz-args": (
                parse_nz_args,
                Declarations(),
                "@FUNC:INDEX[=SHAPE],...: argument INDEX of FUNC is a pointer to NZ-packed "
                "bytes of logical shape SHAPE (e.g. 32x2048x4096; without it, the shape of "
                "the views that read it)",
            ),
            "arg-ranges": (
                parse_arg_ranges,
                Declarations(),
                "@FUNC:INDEX=LO:HI[:STEP],...: scalar argument INDEX of FUNC lies in "
                "[LO, HI) (with STEP: LO, LO+STEP, ...): launch facts, e.g. the block "
                "index; every range and alignment proof uses them",
            ),
        },
        MODULE,
        "ptonz.passes.declare_nz_args:DeclareNzArgs",
    ),
    "pl-annotate-nd": PassInfo(
        "The ND build: re-annotate every nz !pl.tensor argument nd (the same kernel with "
        "its weights row-major in GM), to lower and compare against the NZ build. Runs on "
        "builtin.module only: it changes function signatures.",
        {},
        MODULE,
        "ptonz.passes.pl_annotate_nd:PLAnnotateND",
    ),
    "convert-pl-to-pto": PassInfo(
        "Lower the pl dialect (logical tensors and tiles) to logical pto IR. Runs on "
        "builtin.module only: it changes function signatures.",
        {},
        MODULE,
        "ptonz.passes.convert_pl_to_pto:ConvertPLToPTO",
    ),
    "pto-block-nz-views": PassInfo(
        "Rewrite logical NZ tensor views and their partitions into the blocked rank-5 form "
        "[B, C/c0, R/16, 16, c0] (PTOAS >= 0.61 NZ->NZ loads). Runs on builtin.module or "
        "func.func.",
        {
            "remarks": REMARKS,
            "allow-large-gm-gap": (
                parse_bool,
                False,
                "accept NZ loads whose GM gap between column blocks exceeds "
                "65535 32-byte blocks (only with a pto-isa that has "
                "pto-isa#317 fixed)",
            ),
        },
        MODULE_OR_FUNCTION,
        "ptonz.passes.block_nz_views:BlockNzViews",
    ),
    "pto-block-mx-scale-views": PassInfo(
        "Rewrite logical MX scale tensor views (A5 microscaling, mx_a_zz [M, G] / mx_b_nn "
        "[G, N], f8E8M0FNU) and their partitions into the blocked rank-5 form "
        "[1, M/16, G/2, 16, 2] / [1, N/16, G/2, 16, 2] of 16x2 boxes (pypto's "
        "BlockMxScaleTensorViews); offsets from scalar arguments are proven at every call "
        "site. Runs on builtin.module only (call sites are module facts).",
        {"remarks": REMARKS},
        MODULE,
        "ptonz.passes.block_mx_scale_views:BlockMxScaleViews",
    ),
    "pto-materialize-strides": PassInfo(
        "Fill empty make_tensor_view strides: row-major over the (blocked) shape; NZ views "
        "must already be blocked. Runs on builtin.module or func.func.",
        {},
        MODULE_OR_FUNCTION,
        "ptonz.passes.materialize_strides:MaterializeStrides",
    ),
    "pto-verify-partition-bounds": PassInfo(
        "Reject ND/DN partitions that leave their view (offset + size > dim, from the "
        "offsets' integer ranges); NZ ones are checked by pto-block-nz-views. Runs on "
        "builtin.module or func.func.",
        {"remarks": REMARKS},
        MODULE_OR_FUNCTION,
        "ptonz.passes.verify_partition_bounds:VerifyPartitionBounds",
    ),
    "pto-verify-ptoas": PassInfo(
        "Check the module against what the given PTOAS version, run with the given flags, "
        "accepts: NZ views, layouts PTOAS would infer differently, alloc_tile addr. Runs on "
        "builtin.module or func.func.",
        {
            "ptoas-version": (
                ptoas_version,
                DEFAULT_VERSION,
                "the PTOAS release to check against (" + releases_help() + ")",
            ),
            "infer-layout": (parse_bool, True, "false when PTOAS runs with --disable-infer-layout"),
            "pto-level": (
                pto_level,
                DEFAULT_LEVEL,
                "the --pto-level PTOAS runs at (level1|level2|level3)",
            ),
            "allow-clamped-gm-offsets": (
                parse_bool,
                False,
                "accept partitions whose clamped last offset PTOAS 0.59/0.60 prints without "
                "parentheses, dropping the other terms of the address (only with a build that has "
                "hw-native-sys/PTOAS#1317 fixed)",
            ),
        },
        MODULE_OR_FUNCTION,
        "ptonz.passes.verify_ptoas:VerifyPTOAS",
    ),
}

PIPELINES: dict[str, PipelineInfo] = {
    "lower-to-ptoas": PipelineInfo(
        "The whole lowering from pl (or logical pto) to PTOAS input: pto-declare-nz-args, "
        "convert-pl-to-pto, "
        "pto-verify-partition-bounds, pto-block-nz-views, pto-block-mx-scale-views, "
        "pto-materialize-strides, pto-verify-ptoas (its options are those of its passes, by "
        "name).",
        (
            "pto-declare-nz-args",
            "convert-pl-to-pto",
            "pto-verify-partition-bounds",
            "pto-block-nz-views",
            "pto-block-mx-scale-views",
            "pto-materialize-strides",
            "pto-verify-ptoas",
        ),
    ),
}
