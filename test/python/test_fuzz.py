"""The mutation fuzzer (tools/ptonz_fuzz.py): its own behaviour, and a
bounded run over ptonz's examples and lit inputs (`make fuzz` runs more)."""

import os
import signal
import time
from pathlib import Path

from ptonz.tools import ptonz_fuzz as F

ROOT = Path(__file__).resolve().parents[2]
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


def test_outcomes_are_classified():
    out = F._unlocated("<unknown>:0: error: lowering failed\n")
    assert out is not None
    assert F._unlocated("x.mlir:3:4: error: no\n  // <unknown>:0: error: in a source line\n"
                        "     ^\n") is None
    assert F._unlocated("ptonz-opt: internal error: ValueError: x\n") is not None


def _crash_or_hang(data, path, samples):
    if len(data) % 3 == 0:
        os.kill(os.getpid(), signal.SIGSEGV)
    if len(data) % 3 == 1:
        time.sleep(60)
    return F.Outcome("rejected")


def test_crashes_and_hangs_are_findings(tmp_path):
    report = F.fuzz(ROOT, 12, seed=5, jobs=2, timeout=2.0, runner=_crash_or_hang,
                    save=tmp_path)
    kinds = {o.kind for _i, _n, _a, o in report.findings}
    assert sum(report.counts.values()) == 12
    assert kinds == {"crash", "hang"}
    assert not report.ok
    assert sorted(p.name.split("_")[-1] for p in tmp_path.iterdir()) == sorted(
        f"{o.kind}.mlir" for _i, _n, _a, o in report.findings)


def test_bounded_run_finds_nothing():
    """CI's share of the fuzzing: no crash, hang, internal error, unlocated
    error, mis-addressed or statically out-of-bounds load in CI_MUTANTS
    mutants of a fixed seed (reproduce a finding with
    `python -m ptonz.tools.ptonz_fuzz --root . --replay SEED:INDEX`)."""
    report = F.fuzz(ROOT, CI_MUTANTS, seed=CI_SEED, jobs=2)
    print(report.summary(CI_SEED))
    assert report.ok, report.summary(CI_SEED)
    assert report.counts["accepted"] > CI_MUTANTS // 10  # the oracle really ran
