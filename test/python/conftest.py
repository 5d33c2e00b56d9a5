"""Fixtures and paths shared by the unit tests.

Inputs are discovered, not listed: a test that takes `example_path` runs on
every `examples/*.mlir` (a new example is checked without touching a test),
and `shared_kernels()` is every pypto cube kernel beside the repository.
"""

import glob
import os
from pathlib import Path

import pytest
from mlir import ir

from ptonz import _ptonz

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
INPUTS = Path(__file__).resolve().parent / "inputs"
TRANSFORMS_INPUTS = ROOT / "test" / "Transforms" / "Inputs"


def example_files():
    """Every bundled example (`examples/*.mlir`), sorted."""
    return sorted(str(p) for p in EXAMPLES.glob("*.mlir"))


def shared_kernels_dir():
    """pypto's DeepSeek V4 decode kernels: $PTONZ_KERNELS (as the lit suite's),
    else ../shared/kernels beside the repository (or beside a git worktree's
    directory)."""
    if os.environ.get("PTONZ_KERNELS"):
        return os.environ["PTONZ_KERNELS"]
    candidates = [ROOT.parents[up] / "shared" / "kernels" for up in (0, 1)]
    return str(next((c for c in candidates if c.is_dir()), candidates[0]))


def shared_kernels(family="deepseek-v4-decode-a3/aic"):
    """Every `.pto` kernel of `family` in the shared kernels (none if absent)."""
    return sorted(glob.glob(os.path.join(shared_kernels_dir(), family, "*.pto")))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def pass_corpus():
    """(name, text) of every chunk (`// -----` split) of the passes' lit
    inputs, the examples and 12 shared kernels: the modules the passes'
    equivalence checks run on."""
    from ptonz_cli import split_chunks

    files = sorted(str(p) for p in (ROOT / "test" / "Transforms").glob("*.mlir"))
    files += example_files() + shared_kernels()[:12]
    for path in files:
        for text, line in split_chunks(read(path)):
            yield f"{path}:{line}", text


def pytest_generate_tests(metafunc):
    if "example_path" in metafunc.fixturenames:
        files = example_files()
        metafunc.parametrize("example_path", files, ids=[os.path.basename(f) for f in files])


@pytest.fixture
def ctx():
    with ir.Context() as c, ir.Location.unknown():
        yield c


@pytest.fixture
def ctx3():
    """A context targeting what pypto's exports are assembled for: a3, level 3."""
    with ir.Context() as c, ir.Location.unknown():
        _ptonz.set_ptoas_target(c, "a3", "level3")
        yield c
