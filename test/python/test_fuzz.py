"""The mutation fuzzer (python/ptonz_cli/fuzz.py): its own behaviour, and a
bounded run over ptonz's examples and lit inputs (`make fuzz` runs more)."""

import os
import re
import signal
import time
from collections import Counter

from ptonz_cli import fuzz as F

from conftest import ROOT

CI_SEED = 20261130
CI_MUTANTS = 1000


def test_mutants_are_deterministic_and_varied():
    corpus = F.load_corpus(ROOT)
    assert len(corpus) > 100
    assert not any("/." in name for name, _ in corpus)  # no lit output files
    a = [F.make_mutant(corpus, 3, i) for i in range(200)]
    b = [F.make_mutant(corpus, 3, i) for i in range(200)]
    assert a == b
    used = {m for _name, applied, _data in a for m in applied}
    assert used == set(F.MUTATIONS)  # every mutation applies somewhere


def test_bounded_run_covers_the_issue_24_classes():
    """CI's mutants (those of test_bounded_run_finds_nothing) include loops
    that overrun their dimension by a tile, ragged tails with zero or
    negative valid extents (pl valid shapes and pto partition sizes), loaded
    tiles turned into arguments, and every element type of the list, which
    holds every MLIR float (f80, f128, tf32, f8/f6/f4), odd integer widths,
    index and complex."""
    corpus = F.load_corpus(ROOT)
    applied, types, extents = Counter(), set(), set()
    for i in range(CI_MUTANTS):
        _name, ap, data = F.make_mutant(corpus, CI_SEED, i)
        applied.update(ap)
        text = data.decode("utf-8", "replace")
        if "element_type" in ap:
            types |= {
                t
                for t in F.ELEMENT_TYPES
                if re.search(r"(?<=[x<])" + re.escape(t) + r"(?=[>,])", text)
            }
        if "ragged_tail" in ap:
            extents |= {
                m.group(1) for m in re.finditer(r"_z = arith\.constant (-?\d+) : index", text)
            }
            extents |= (
                {"rest in pl"}
                if re.search(
                    r"_r = arith\.subi[^\n]*\n[^\n]*\n[^\n]*\n"
                    r"[^\n]*\n[^\n]*pl\.tile\.load",
                    text,
                )
                else set()
            )
            extents |= {"pto size"} if re.search(r"sizes = \[[^\]]*%fz\d+_v", text) else set()
    # The counts depend on how many test inputs the corpus discovers (each
    # new lit case dilutes the pl kernels these mutations apply to).
    assert all(applied[m] >= 5 for m in ("loop_overrun", "ragged_tail", "tile_argument"))
    assert {
        "f80",
        "f128",
        "tf32",
        "f6E2M3FN",
        "f4E2M1FN",
        "f8E8M0FNU",
        "index",
        "complex<f32>",
    } <= set(F.ELEMENT_TYPES)
    assert types == set(F.ELEMENT_TYPES)
    assert {"0", "rest in pl", "pto size"} <= extents and any(x.startswith("-") for x in extents)


def test_outcomes_are_classified():
    out = F._unlocated("<unknown>:0: error: lowering failed\n")
    assert out is not None
    assert (
        F._unlocated("x.mlir:3:4: error: no\n  // <unknown>:0: error: in a source line\n     ^\n")
        is None
    )
    assert F._unlocated("ptonz-opt: internal error: ValueError: x\n") is not None


def _crash_or_hang(data, path, samples):
    # By the mutant's length parity: among 12 mutants both kinds occur,
    # whatever the corpus (a third "rejected" class left some seeds without a hang).
    if len(data) % 2 == 0:
        os.kill(os.getpid(), signal.SIGSEGV)
    time.sleep(60)
    return F.Outcome("rejected")


def test_crashes_and_hangs_are_findings(tmp_path):
    report = F.fuzz(ROOT, 12, seed=5, jobs=2, timeout=2.0, runner=_crash_or_hang, save=tmp_path)
    kinds = {o.kind for _i, _n, _a, o in report.findings}
    assert sum(report.counts.values()) == 12
    assert kinds == {"crash", "hang"}
    assert not report.ok
    assert sorted(p.name.split("_")[-1] for p in tmp_path.iterdir()) == sorted(
        f"{o.kind}.mlir" for _i, _n, _a, o in report.findings
    )


def test_bounded_run_finds_nothing():
    """CI's share of the fuzzing: no crash, hang, internal error, unlocated
    error, mis-addressed or statically out-of-bounds load in CI_MUTANTS
    mutants of a fixed seed (reproduce a finding with
    `python -m ptonz_cli.fuzz --root . --replay SEED:INDEX`)."""
    report = F.fuzz(ROOT, CI_MUTANTS, seed=CI_SEED, jobs=2)
    print(report.summary(CI_SEED))
    assert report.ok, report.summary(CI_SEED)
    assert report.counts["accepted"] > CI_MUTANTS // 10  # the oracle really ran
