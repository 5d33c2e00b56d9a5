"""Names, summaries and options of ptonz's passes: one table for the pass
classes (which take their metadata from it) and ptonz-opt's flags and
`--help`, which are built before any pass module is imported.
"""

from typing import Callable, Dict, NamedTuple, Tuple

from ..analyses.ptoas_facts import LEVELS, parse_version


def parse_bool(text: str) -> bool:
    """MLIR's spelling of a boolean pass option."""
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    raise ValueError("expected true or false")


def ptoas_version(text: str) -> str:
    parse_version(text)  # ValueError with the accepted forms
    return text


def pto_level(text: str) -> str:
    if text not in LEVELS:
        raise ValueError(f"expected one of {', '.join(LEVELS)}")
    return text


Option = Tuple[Callable[[str], object], object, str]  # (parser, default, help)


class PassInfo(NamedTuple):
    summary: str
    options: Dict[str, Option]


CATALOG: Dict[str, PassInfo] = {
    "convert-pl-to-pto": PassInfo(
        "Lower the pl dialect (logical tensors and tiles) to logical pto IR.", {}),
    "pto-block-nz-views": PassInfo(
        "Rewrite logical NZ tensor views and their partitions into the blocked rank-5 form "
        "[B, C/c0, R/16, 16, c0] (PTOAS >= 0.61 NZ->NZ loads).", {}),
    "pto-materialize-strides": PassInfo(
        "Fill empty make_tensor_view strides: row-major over the (blocked) shape; NZ views "
        "must already be blocked.", {}),
    "pto-verify-ptoas": PassInfo(
        "Check the module against what the given PTOAS version, run with the given flags, "
        "accepts: NZ views, layouts PTOAS would infer differently, alloc_tile addr.",
        {"ptoas-version": (ptoas_version, "0.61", "PTOAS version to check against: a release (0.27 is "
                           "the newest) or the seeds' 0.60/0.61 layout behaviours"),
         "infer-layout": (parse_bool, True, "false when PTOAS runs with --disable-infer-layout"),
         "pto-level": (pto_level, "level2", "the --pto-level PTOAS runs at (level1|level2|level3)")}),
}
