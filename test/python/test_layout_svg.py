"""`ptonz-opt --emit=layout-svg`: the structure of the SVG (parsed with
xml.etree): the tile's coordinates, the runs drawn against the runs
`--report=loads` counts, the hover coordinates, self-containedness."""

import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import EXAMPLES

NS = "{http://www.w3.org/2000/svg}"


def ptonz_opt(*args, cwd=None):
    return subprocess.run(["ptonz-opt", *args], capture_output=True, text=True, cwd=cwd)


def draw(tmp_path, source, *extra):
    """Lower `source` (a path or IR text), draw it; {file name: root element}."""
    if not os.path.exists(source):
        path = tmp_path / "in.mlir"
        path.write_text(source)
        source = str(path)
    out = tmp_path / "svg"
    r = ptonz_opt("--lower-to-ptoas", "--emit=layout-svg", "-o", str(out), source, *extra)
    assert r.returncode == 0, r.stderr
    files = sorted(os.listdir(out))
    listed = [line.split(":")[0] for line in r.stdout.splitlines()]
    assert listed == [str(out / f) for f in files]
    return {f: ET.parse(out / f).getroot() for f in files}, r.stdout


def group(root, gid):
    (g,) = [e for e in root.iter(NS + "g") if e.get("id") == gid]
    return g


def rects(root, gid, cls):
    return [e for e in group(root, gid).iter(NS + "rect") if e.get("class") == cls]


def report_runs(path):
    """(runs, bytes) per NZ->NZ load from --report=loads (the same analysis)."""
    r = ptonz_opt("--lower-to-ptoas", "--report=loads", path)
    assert r.returncode == 0, r.stderr
    blocks = r.stdout.split("pto.tload ")[1:]
    return [
        tuple(int(x) for x in re.search(r"runs:\s+(\d+) x (\d+) B", b).groups())
        for b in blocks
        if b.startswith("NZ->NZ")
    ]


def test_seed001_tile_and_runs(tmp_path):
    path = os.path.join(EXAMPLES, "seed001_grouped_matmul_pl.mlir")
    svgs, listing = draw(tmp_path, path)
    assert sorted(svgs) == ["w13_gmm.tload0.svg", "w13_gmm.tload1.svg"]
    assert "ND 4096 runs x 32 B, NZ 16 runs x 8 KiB" in listing
    assert report_runs(path) == [(16, 8192), (16, 8192)]
    for name, k0 in (("w13_gmm.tload0.svg", 0), ("w13_gmm.tload1.svg", 512)):
        root = svgs[name]
        assert root.tag == NS + "svg"
        assert root.get("data-logical-shape") == "32,2048,4096" and root.get("data-c0") == "32"
        # symbolic offsets: drawn at the first execution (e = 0, nb = 0, k0 = 512)
        assert root.get("data-tile-offset") == f"0,0,{k0}"
        assert root.get("data-tile-shape") == "1,256,512"
        (tile,) = rects(root, "logical", "tile")
        assert (tile.get("data-b"), tile.get("data-r"), tile.get("data-c")) == ("0", "0", str(k0))
        assert (tile.get("data-rows"), tile.get("data-cols")) == ("256", "512")
        # ND build: 4096 runs of 32 B, drawn as 16 stripes of 256 runs
        nd = group(root, "gm-nd")
        assert (nd.get("data-runs"), nd.get("data-run-bytes")) == ("4096", "32")
        stripes = rects(root, "gm-nd", "run")
        assert len(stripes) == 16 and sum(int(s.get("data-runs")) for s in stripes) == 4096
        assert [int(s.get("data-col-block")) for s in stripes] == list(
            range(k0 // 32, k0 // 32 + 16)
        )
        # NZ build: 16 runs of 8 KiB, one rect each
        nz = group(root, "gm-nz")
        assert (nz.get("data-runs"), nz.get("data-run-bytes")) == ("16", "8192")
        runs = rects(root, "gm-nz", "run")
        assert len(runs) == 16 and len({r.get("data-run") for r in runs}) == 16
        assert root.get("data-nz-runs") == "16x8192" and root.get("data-nd-runs") == "4096x32"
        # 16 x 16 fractals, each with its blocked coordinates on hover
        fr = rects(root, "fractals", "fractal")
        assert len(fr) == 256
        title = fr[0].find(NS + "title").text
        assert f"element (0, 0, {k0}) -> blocked [0, {k0 // 32}, 0, 0, 0]" in title
        assert f"NZ: bytes {k0 // 32 * 2048 * 32}.." in title and f"ND: bytes {k0}.." in title
        last = fr[-1].find(NS + "title").text
        assert f"element (0, 240, {k0 + 480}) -> blocked [0, {k0 // 32 + 15}, 15, 0, 0]" in last
        assert fr[-1].get("data-blocked") == f"0,{k0 // 32 + 15},15,0,0"


def test_whole_tensor_load_is_one_run(tmp_path):
    """seed 000: the tile is the whole [256, 512] weight, so NZ is one run."""
    path = os.path.join(EXAMPLES, "seed000_nz_probe_pl.mlir")
    svgs, _ = draw(tmp_path, path)
    (root,) = svgs.values()
    assert report_runs(path) == [(1, 131072)]
    assert root.get("data-tile-offset") == "0,0,0" and root.get("data-logical-shape") == "1,256,512"
    runs = rects(root, "gm-nz", "run")
    assert len(runs) == 16 and {r.get("data-run") for r in runs} == {"0"}  # 16 lines, one run
    assert group(root, "gm-nz").get("data-runs") == "1"


BATCHED_F16 = """
func.func @k(%w: !pl.tensor<4x512x256xf16, nz>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %t = pl.tile.load %w, offsets = [%c2, %c128, %c64], sizes = [1, 64, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<4x512x256xf16, nz> -> !pl.tile<64x128xf16, mat>
  %u = pl.tile.load %w, offsets = [%c0, %c0, %c0], sizes = [1, 512, 256]
      {target_memory = #pl.memory<mat>} : !pl.tensor<4x512x256xf16, nz> -> !pl.tile<512x256xf16, mat>
  return
}
"""


def test_constant_offsets_batch_and_f16(tmp_path):
    svgs, _ = draw(tmp_path, BATCHED_F16)
    a, b = svgs["k.tload0.svg"], svgs["k.tload1.svg"]
    assert a.get("data-tile-offset") == "2,128,64" and a.get("data-c0") == "16"
    # f16: c0 = 16; a 64x128 tile = 8 column blocks of 64 rows x 32 B = 2 KiB runs
    assert (
        group(a, "gm-nz").get("data-runs") == "8"
        and group(a, "gm-nz").get("data-run-bytes") == "2048"
    )
    assert sum(int(s.get("data-runs")) for s in rects(a, "gm-nd", "run")) == 8 * 64
    title = rects(a, "fractals", "fractal")[0].find(NS + "title").text
    # (2, 128, 64): blocked [2, 64/16, 128/16, 0, 0]; NZ byte offset of the element
    nz = 2 * (2 * 512 * 256 + 4 * 512 * 16 + 128 * 16)
    assert (
        "element (2, 128, 64) -> blocked [2, 4, 8, 0, 0]" in title and f"NZ: bytes {nz}.." in title
    )
    assert "symbolic" not in ET.tostring(a, encoding="unicode")
    # the whole [512, 256] matrix of batch 0 is one contiguous run
    assert group(b, "gm-nz").get("data-runs") == "1"


def test_self_contained_svg(tmp_path):
    svgs, _ = draw(tmp_path, os.path.join(EXAMPLES, "seed001_grouped_matmul_pl.mlir"))
    for root in svgs.values():
        assert all(e.tag.startswith(NS) for e in root.iter())  # SVG elements only
        text = ET.tostring(root, encoding="unicode")
        assert "href" not in text and "<image" not in text and "url(" not in text
        assert float(root.get("width")) > 0 and root.get("viewBox").startswith("0 0 ")


def test_split_input_names_chunks(tmp_path):
    src = BATCHED_F16 + "\n// -----\n" + BATCHED_F16
    svgs, _ = draw(tmp_path, src, "--split-input-file")
    assert sorted(svgs) == [
        "chunk0.k.tload0.svg",
        "chunk0.k.tload1.svg",
        "chunk1.k.tload0.svg",
        "chunk1.k.tload1.svg",
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--lower-to-ptoas", "--emit=layout-svg"],
            "ptonz-opt: error: --emit=layout-svg writes one SVG file per NZ tload: give the directory "
            "to write them to with -o DIR",
        ),
        (
            ["--emit=layout-svg", "-o", "{d}/svg"],
            "error: layout-svg: this NZ view is not lowered yet, so its loads have no NZ->NZ descriptor "
            "to draw: add --lower-to-ptoas (or pto-block-nz-views)",
        ),
    ],
)
def test_errors(tmp_path, args, message):
    path = os.path.join(EXAMPLES, "seed000_nz_probe_pl.mlir")
    if "-o" not in args:
        r = ptonz_opt(*args, path)
    else:
        # the logical pto program: convert-pl-to-pto only
        r = ptonz_opt("--convert-pl-to-pto", *[a.format(d=tmp_path) for a in args], path)
    assert r.returncode == 1 and message in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "svg").exists()


def test_no_nz_load(tmp_path):
    src = tmp_path / "nd.mlir"
    src.write_text(BATCHED_F16.replace(", nz>", ">"))
    r = ptonz_opt("--lower-to-ptoas", "--emit=layout-svg", "-o", str(tmp_path / "svg"), str(src))
    assert r.returncode == 1
    assert "error: layout-svg: the module has no NZ->NZ pto.tload to draw" in r.stderr
