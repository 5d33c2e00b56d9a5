"""Names, summaries and options of ptonz's passes: one table for the pass
classes (which take their metadata from it) and ptonz-opt's flags and
`--help`, which are built before any pass module is imported.
"""

from typing import Callable, Dict, NamedTuple, Tuple

Option = Tuple[Callable[[str], object], object, str]  # (parser, default, help)


class PassInfo(NamedTuple):
    summary: str
    options: Dict[str, Option]


def parse_bool(text: str) -> bool:
    if text.strip().lower() in ("1", "true", "yes", "on"):
        return True
    if text.strip().lower() in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected true or false")


REMARKS: Option = (parse_bool, False,
                   "emit a remark for every partition whose bounds cannot be decided")

CATALOG: Dict[str, PassInfo] = {
    "convert-pl-to-pto": PassInfo(
        "Lower the pl dialect (logical tensors and tiles) to logical pto IR.", {}),
    "pto-block-nz-views": PassInfo(
        "Rewrite logical NZ tensor views and their partitions into the blocked rank-5 form "
        "[B, C/c0, R/16, 16, c0] (PTOAS >= 0.61 NZ->NZ loads).",
        {"remarks": REMARKS,
         "allow-large-gm-gap": (parse_bool, False,
                                "accept NZ loads whose GM gap between column blocks exceeds "
                                "65535 32-byte blocks (only with a pto-isa that has "
                                "pto-isa#317 fixed)")}),
    "pto-materialize-strides": PassInfo(
        "Fill empty make_tensor_view strides: row-major over the (blocked) shape; NZ views "
        "must already be blocked.", {}),
    "pto-verify-partition-bounds": PassInfo(
        "Reject ND/DN partitions that leave their view (offset + size > dim, from the "
        "offsets' integer ranges); NZ ones are checked by pto-block-nz-views.",
        {"remarks": REMARKS}),
    "pto-verify-ptoas": PassInfo(
        "Check NZ views against what the given PTOAS version accepts.",
        {"ptoas-version": (str, "0.61", "PTOAS version to check against (X.Y)")}),
}
