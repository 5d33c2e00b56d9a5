"""ptonz_cli.ptoas_corpus: which ptoas flags a PTOAS test file is checked with."""

from ptonz_cli import ptoas_corpus as C


def test_run_line_continued_with_backslash():
    text = (
        "// RUN: ptoas --pto-arch=a3 --pto-level=level3 --enable-insert-sync \\\n"
        "// RUN:   --emit-pto-ir %s 2>&1 | FileCheck %s\n"
    )
    assert C.run_line_flags(text) == [
        "--pto-arch=a3",
        "--pto-level=level3",
        "--enable-insert-sync",
        "--emit-pto-ir",
    ]


def test_first_ptoas_command_on_the_file():
    text = (
        "// RUN: pto-test-opt %s | FileCheck %s\n"
        "// RUN: ptoas --pto-arch a5 %s -o - | FileCheck %s\n"
    )
    assert C.run_line_flags(text) == ["--pto-arch=a5"]
    assert C.run_line_flags("// no run line\n") is None


def test_flags_end_at_the_command():
    text = "// RUN: ptoas --pto-arch=a5 %s -o %t && FileCheck %s --check-prefix=A5 < %t\n"
    assert C.run_line_flags(text) == ["--pto-arch=a5"]
    text = "// RUN: split-file %s %t && not ptoas --pto-arch=a3 %t/a.pto 2>&1 | FileCheck %s\n"
    assert C.run_line_flags(text) == ["--pto-arch=a3"]


def test_sample_runner_flags(tmp_path):
    root = tmp_path
    a5 = root / "test/samples/DeepseekV4DecodeA5/kernels/aiv/k.pto"
    a3 = root / "test/samples/Qwen3_14BDecodeA3/k.pto"
    mx = root / "test/samples/TquantMx/k.pto"
    other = root / "test/samples/Abs/k.pto"
    assert C.test_flags(a5, root, "") == (["--pto-arch=a5", "--pto-level=level3"], "runop.sh")
    assert C.test_flags(a3, root, "") == (["--pto-level=level3"], "runop.sh")
    assert C.test_flags(mx, root, "") == (["--pto-arch=a5"], "runop.sh")
    assert C.test_flags(other, root, "") == ([], "default")


def test_ptonz_target_spells_the_level_as_ptonz_opt_does():
    assert C.ptonz_target(["--pto-arch=a5", "--pto-level=level3", "--enable-insert-sync"]) == [
        "--pto-arch=a5",
        "--ptoas-pto-level=level3",
    ]


def test_ptonz_target_passes_the_backend_and_emit_pto_ir():
    # ptoas's backend is part of the target; --emit-pto-ir stops ptoas before it.
    assert C.ptonz_target(["--pto-arch=a5", "--pto-backend=vpto", "--emit-vpto"]) == [
        "--pto-arch=a5",
        "--pto-backend=vpto",
    ]
    assert C.ptonz_target(["--emit-pto-ir", "--pto-arch=a5"]) == [
        "--ptoas-emit-pto-ir",
        "--pto-arch=a5",
    ]


def test_ptonz_target_passes_the_plan_memory_impl():
    # ptonz-opt checks its value as ptoas does.
    assert C.ptonz_target(["--pto-level=level3", "--plan-memory-impl=typo"]) == [
        "--ptoas-pto-level=level3",
        "--ptoas-plan-memory-impl=typo",
    ]


def test_run_line_backend_with_a_separate_value():
    assert C.run_line_flags("// RUN: ptoas --pto-backend vpto %s -o -\n") == ["--pto-backend=vpto"]
