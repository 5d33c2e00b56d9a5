"""ptonz's passes in MLIR's pass registry: named in any textual pipeline of the
process, mixed with upstream passes, nested where a pass runs per function,
with options parsed, printed and rejected the MLIR way."""

import os
import subprocess
import sys
import threading

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import ptonz.passes as P
from ptonz import _ptonz
from ptonz.analyses.ptoas_facts import DEFAULT_VERSION
from ptonz.passes.catalog import parse_bool

from conftest import EXAMPLES, ROOT

SEED001 = str(EXAMPLES / "seed001_grouped_matmul_pl.mlir")
LOWER = (
    "builtin.module(convert-pl-to-pto, pto-block-nz-views, pto-materialize-strides,"
    " pto-verify-ptoas{ptoas-version=0.61})"
)

SRC = """
func.func @k(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}
"""

# Two functions, so that a func.func-nested pass has more than one op to run on.
LOGICAL_PTO = """
func.func @a(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}
func.func @b(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c128], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x128xf16>) outs(%t : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
  return
}
"""


def lowered(pipeline: str, src: str, multithreading: bool = False) -> str:
    with ir.Context() as ctx, ir.Location.unknown():
        ctx.enable_multithreading(multithreading)
        m = ir.Module.parse(src)
        PassManager.parse(pipeline).run(m.operation)
        return str(m)


def seed001() -> str:
    with open(SEED001, encoding="utf-8") as f:
        return f.read()


def test_done_when_import_ptonz_then_parse_a_pipeline_string():
    """The issue's acceptance line, in a fresh interpreter: registration at
    `import ptonz`, a run on seed 001, and a clean exit (no leak warnings)."""
    code = (
        "import ptonz\n"
        "from mlir import ir\n"
        "from mlir.passmanager import PassManager\n"
        "with ir.Context():\n"
        f"    m = ir.Module.parse(open({SEED001!r}).read())\n"
        f"    PassManager.parse({LOWER!r}).run(m.operation)\n"
        "    print(m)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "pto.nz_tensor_views_blocked" in proc.stdout
    assert (
        "shape = [%c32, %c128, %c128, %c16, %c32], strides = [%c8388608, %c65536, %c512, "
        "%c32, %c1] {layout = #pto.layout<nz>}"
    ) in proc.stdout


def test_registry_lists_ptonz_passes_and_pipeline():
    names = _ptonz.python_pass_arguments()[:9]  # then passes registered by tests
    assert names == [
        "pto-declare-nz-args",
        "pl-annotate-nd",
        "convert-pl-to-pto",
        "pto-block-nz-views",
        "pto-block-mx-scale-views",
        "pto-materialize-strides",
        "pto-verify-partition-bounds",
        "pto-verify-ptoas",
        "lower-to-ptoas",
    ]
    assert all(_ptonz.is_registered_pass(n) for n in names + ["cse", "canonicalize"])
    assert not _ptonz.is_registered_pass("no-such-pass")


def test_mixed_with_upstream_passes(ctx):
    text = lowered(
        "builtin.module(convert-pl-to-pto, canonicalize, pto-block-nz-views, cse,"
        " pto-materialize-strides, func.func(canonicalize),"
        " pto-verify-ptoas{ptoas-version=0.61})",
        SRC,
    )
    assert "!pto.partition_tensor_view<1x16x16x16x32xi8>" in text
    assert "strides = [%c131072, %c8192, %c512, %c32, %c1]" in text


def test_registered_pipeline_equals_its_passes(ctx):
    assert lowered("builtin.module(lower-to-ptoas)", seed001()) == lowered(LOWER, seed001())
    pm = PassManager.parse("builtin.module(lower-to-ptoas{ptoas-version=0.27 infer-layout=false})")
    assert (
        "pto-verify-ptoas{allow-clamped-gm-offsets=false infer-layout=false pto-level=level2 "
        "ptoas-version=0.27}"
    ) in str(pm)


def test_pipeline_prints_and_reparses(ctx):
    pm = PassManager.parse(
        "builtin.module(pto-block-nz-views, func.func(cse, pto-materialize-strides),"
        " pto-verify-ptoas{ptoas-version=0.27 infer-layout=false})"
    )
    text = str(pm)
    assert text == (
        "builtin.module(pto-block-nz-views{allow-large-gm-gap=false remarks=false},"
        "func.func(cse,pto-materialize-strides),"
        "pto-verify-ptoas{allow-clamped-gm-offsets=false infer-layout=false "
        "pto-level=level2 ptoas-version=0.27})"
    )
    assert str(PassManager.parse(text)) == text


def test_function_nesting_matches_module_level(ctx):
    per_module = lowered(
        "builtin.module(pto-block-nz-views, pto-materialize-strides, pto-verify-ptoas)", LOGICAL_PTO
    )
    per_function = lowered(
        "builtin.module(func.func(pto-block-nz-views, cse,"
        " pto-materialize-strides, pto-verify-ptoas))",
        LOGICAL_PTO,
    )
    assert per_function == per_module
    assert per_function.count("pto.nz_tensor_views_blocked") == 2


def test_function_nesting_needs_a_single_threaded_context(ctx):
    """MLIR would run the functions on worker threads, which cannot run Python
    while PassManager.run holds the GIL: a located error, not a deadlock."""
    with pytest.raises(ir.MLIRError) as exc:
        lowered("builtin.module(func.func(pto-block-nz-views))", LOGICAL_PTO, multithreading=True)
    diags = exc.value.error_diagnostics
    assert len(diags) == 2  # one per function, at the function
    assert "enable_multithreading(False)" in diags[0].message
    assert str(diags[0].location).startswith('loc("-":2:1')
    # At the top level, multithreading does not matter.
    assert "nz_tensor_views_blocked" in lowered(
        "builtin.module(pto-block-nz-views)", LOGICAL_PTO, multithreading=True
    )


@pytest.mark.parametrize("threaded", [False, True])
def test_running_the_pipeline_leaves_the_context_threaded_as_it_was(threaded):
    """run_pass_manager runs ptonz's passes on the calling thread and then
    puts the context's multithreading back as it found it: ptonz-opt's
    single-threaded contexts (driver.Target) stay so for the final verify
    and the next inputs they are reused for; a user's threaded one stays
    threaded."""
    with ir.Context() as ctx, ir.Location.unknown():
        ctx.enable_multithreading(threaded)
        m = ir.Module.parse(LOGICAL_PTO)
        P.run_pass_manager(P.build_pass_manager(LOWER, ctx), m.operation)
        assert _ptonz.multithreading_enabled(ctx) is threaded
        assert "nz_tensor_views_blocked" in str(m)


def test_module_only_pass_is_not_scheduled_on_functions(ctx):
    m = ir.Module.parse(SRC)
    with pytest.raises(
        ir.MLIRError,
        match="unable to schedule pass 'ConvertPLToPTO' on a "
        "PassManager intended to run on 'func.func'",
    ):
        PassManager.parse("builtin.module(func.func(convert-pl-to-pto))").run(m.operation)


@pytest.mark.parametrize(
    "pipeline, message",
    [
        ("pto-verify-ptoas{version=1}", "no such option version"),
        (
            "pto-verify-ptoas{ptoas-version=banana}",
            "invalid value 'banana' for option 'ptoas-version' of pass 'pto-verify-ptoas': 'banana' is "
            "not a PTOAS version",
        ),
        (
            "pto-verify-ptoas{allow-clamped-gm-offsets=false infer-layout=maybe}",
            "invalid value 'maybe' for option 'infer-layout' of pass 'pto-verify-ptoas': expected true "
            "or false",
        ),
        ("lower-to-ptoas{pto-level=level9}", "invalid value 'level9' for option 'pto-level'"),
        ("pto-block-nz-views{x=1}", "no such option x"),
        ("pto-block-nz-view", "'pto-block-nz-view' does not refer to a registered pass"),
    ],
)
def test_option_errors_fail_the_parse(ctx, pipeline, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        PassManager.parse(f"builtin.module({pipeline})")
    with pytest.raises(P.PipelineError, match=message.replace("(", r"\(")):
        P.build_pass_manager(f"builtin.module({pipeline})")


def test_rejection_fails_the_pass_with_a_located_diagnostic(ctx):
    m = ir.Module.parse(SRC)
    pm = PassManager.parse(
        "builtin.module(convert-pl-to-pto, pto-block-nz-views,"
        " pto-materialize-strides, pto-verify-ptoas{ptoas-version=0.60})"
    )
    with pytest.raises(ir.MLIRError) as exc:
        pm.run(m.operation)
    assert "layout mismatch: user-specified layout=nz but inferred=nd" in str(exc.value)


def test_a_recursive_entry_fails_pto_verify_ptoas(ctx):
    # The driver checks entry recursion right after parsing; in a pass
    # manager of the user's own, pto-verify-ptoas is what says it.
    m = ir.Module.parse(
        """
func.func @k() attributes {pto.entry} {
  func.call @h() : () -> ()
  return
}
func.func private @h() {
  func.call @k() : () -> ()
  return
}
"""
    )
    pm = PassManager.parse("builtin.module(pto-verify-ptoas)")
    with pytest.raises(ir.MLIRError) as exc:
        pm.run(m.operation)
    assert "PTO entry function calls itself (through @h)" in str(exc.value)


def test_build_pass_manager_applies_option_defaults(ctx):
    pm = P.build_pass_manager(
        "builtin.module(pto-verify-ptoas, pto-verify-ptoas{ptoas-version=0.61})",
        defaults={"pto-verify-ptoas": {"ptoas_version": "0.27", "infer-layout": False}},
    )
    assert str(pm) == (
        "builtin.module(pto-verify-ptoas{allow-clamped-gm-offsets=false "
        "infer-layout=false pto-level=level2 ptoas-version=0.27},"
        "pto-verify-ptoas{allow-clamped-gm-offsets=false infer-layout=false "
        "pto-level=level2 ptoas-version=0.61})"
    )
    # Restored afterwards.
    assert f"ptoas-version={DEFAULT_VERSION}" in str(
        PassManager.parse("builtin.module(pto-verify-ptoas)")
    )
    with pytest.raises(P.PipelineError, match="is not a PTOAS version"):
        P.build_pass_manager(
            "builtin.module(cse)", defaults={"pto-verify-ptoas": {"ptoas-version": "x"}}
        )


def test_add_to_goes_through_the_registry(ctx):
    m = ir.Module.parse(SRC)
    pm = PassManager("builtin.module")
    P.ConvertPLToPTO().add_to(pm)
    P.BlockNzViews().add_to(pm)
    P.MaterializeStrides().add_to(pm)
    pm.add("canonicalize")
    P.VerifyPTOAS(ptoas_version="0.27", infer_layout=False).add_to(pm)
    assert str(pm).endswith(
        "pto-verify-ptoas{allow-clamped-gm-offsets=false infer-layout=false pto-level=level2 "
        "ptoas-version=0.27})"
    )
    pm.run(m.operation)
    assert "strides = [%c131072, %c8192, %c512, %c32, %c1]" in str(m)


@P.register
class _RaisePass(P.ModulePass):
    """A pass outside the catalog, with an option; raises when asked to."""

    argument = "test-ptonz-raise"
    summary = "Raise a Python exception (test)."
    options = {"raise": (parse_bool, False, "raise instead of succeeding")}
    anchors = ("builtin.module", "func.func")
    runs = []

    def run(self, op) -> bool:
        type(self).runs.append(op.name)
        if self.opts["raise"]:
            raise RuntimeError("boom")
        return True


def test_a_pass_defined_outside_ptonz_is_registered_by_name(ctx):
    _RaisePass.runs.clear()
    lowered(
        "builtin.module(test-ptonz-raise, func.func(test-ptonz-raise{raise=false}))", LOGICAL_PTO
    )
    assert _RaisePass.runs == ["builtin.module", "func.func", "func.func"]


def test_a_python_exception_fails_the_pass_at_the_op(ctx):
    m = ir.Module.parse(LOGICAL_PTO)
    with pytest.raises(ir.MLIRError) as exc:
        PassManager.parse("builtin.module(test-ptonz-raise{raise=true})").run(m.operation)
    (diag,) = exc.value.error_diagnostics
    assert diag.message.startswith(
        "test-ptonz-raise: internal error: RuntimeError: boom (raised at test_pipeline.py:"
    )
    assert "Traceback" not in str(exc.value)


def test_registering_again_is_idempotent_and_conflicts_are_rejected():
    P.register(_RaisePass)
    with pytest.raises(ValueError, match="already registered with other options"):
        _ptonz.register_pass("test-ptonz-raise", "X", "", [], [])
    with pytest.raises(ValueError, match="already names a pass or pipeline"):
        _ptonz.register_pass("cse", "X", "", [], [])


def test_concurrent_python_threads_each_get_whole_pass_bodies():
    """Pass bodies never overlap (module-level state such as the constant
    pool stays consistent) even when Python threads run pipelines at once."""
    results, errors = [], []

    def work():
        try:
            for _ in range(3):
                results.append(lowered(LOWER, SRC))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 9 and len(set(results)) == 1


def test_reference_from_python_snippet_runs():
    with open(os.path.join(ROOT, "docs", "reference.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme[readme.index("### From Python") :]
    snippet = section[
        section.index("```python\n") + 10 : section.index("```\n", section.index("```python"))
    ]
    proc = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "shape = [%c32, %c128, %c128, %c16, %c32]" in proc.stdout


def test_interpreter_exit_with_live_pass_managers_is_clean():
    """Pass managers alive at exit, and one run by an atexit handler that runs
    after ptonz's: a pass failure, no crash, no nanobind leak report."""
    code = (
        "import atexit\n"
        "def late():\n"
        "    try:\n"
        "        PM2.run(M2.operation)\n"
        "    except Exception as exc:\n"
        "        print('late:', exc.error_diagnostics[0].message)\n"
        "atexit.register(late)\n"
        "import ptonz\n"
        "from mlir import ir\n"
        "from mlir.passmanager import PassManager\n"
        "CTX = ir.Context()\n"
        f"M = ir.Module.parse({LOGICAL_PTO!r}, context=CTX)\n"
        f"M2 = ir.Module.parse({LOGICAL_PTO!r}, context=CTX)\n"
        f"PM = PassManager.parse({LOWER!r}, context=CTX)\n"
        "PM.run(M.operation)\n"
        "PM2 = PassManager.parse('builtin.module(pto-block-nz-views)', context=CTX)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout == (
        "late: pto-block-nz-views: the Python interpreter is shutting down; "
        "ptonz passes no longer run\n"
    )


@P.register
class _SleepPass(P.ModulePass):
    """Releases the GIL inside its body (time.sleep), inviting another thread in."""

    argument = "test-ptonz-sleep"
    summary = "Sleep inside the pass body (test)."
    events = []

    def run(self, op) -> bool:
        import time

        type(self).events.append("enter")
        time.sleep(0.01)
        type(self).events.append("exit")
        return True


def test_pass_bodies_do_not_overlap_when_one_releases_the_gil():
    _SleepPass.events.clear()
    threads = [
        threading.Thread(target=lowered, args=("builtin.module(test-ptonz-sleep)", SRC))
        for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert _SleepPass.events == ["enter", "exit"] * 4
