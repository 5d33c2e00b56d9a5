"""Names, summaries and options of ptonz's passes: one table for the pass
classes (which take their metadata from it) and ptonz-opt's flags and
`--help`, which are built before any pass module is imported.
"""

from typing import Callable, Dict, NamedTuple, Tuple

Option = Tuple[Callable[[str], object], object, str]  # (parser, default, help)


class PassInfo(NamedTuple):
    summary: str
    options: Dict[str, Option]


CATALOG: Dict[str, PassInfo] = {
    "pl-annotate-nd": PassInfo(
        "The ND build: re-annotate every nz !pl.tensor argument nd (the same kernel with "
        "its weights row-major in GM), to lower and compare against the NZ build.", {}),
    "convert-pl-to-pto": PassInfo(
        "Lower the pl dialect (logical tensors and tiles) to logical pto IR.", {}),
    "pto-block-nz-views": PassInfo(
        "Rewrite logical NZ tensor views and their partitions into the blocked rank-5 form "
        "[B, C/c0, R/16, 16, c0] (PTOAS >= 0.61 NZ->NZ loads).", {}),
    "pto-materialize-strides": PassInfo(
        "Fill empty make_tensor_view strides: row-major over the (blocked) shape; NZ views "
        "must already be blocked.", {}),
    "pto-verify-ptoas": PassInfo(
        "Check NZ views against what the given PTOAS version accepts.",
        {"ptoas-version": (str, "0.61", "PTOAS version to check against (X.Y)")}),
}
