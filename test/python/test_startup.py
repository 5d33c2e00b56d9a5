"""What the start-up cuts (python/ptonz/_startup.py) must not change: the
ptonz-opt command still knows every upstream dialect and pass, a library
user's `import ptonz` keeps the bindings' own initialisation and leaves the
process as it found it (dlopen flags, a real `logging`), and the command
loads none of the modules it has no use for. Each check runs in a fresh
interpreter (start-up happens once per process)."""

import json
import os
import subprocess
import sys

import pytest

KERNELS = "/work/shared/kernels/deepseek-v4-decode-a3/"


def _python(code: str, *args: str, env=None) -> dict:
    r = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=None if env is None else {**os.environ, **env},
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


# The ptonz-opt command's entry point (the console script's body), then a
# report of what the process holds when it ends (the command leaves by
# os._exit, without atexit handlers).
COMMAND = """
import builtins, json, os, sys
compiles = []
def counted(source, filename="", *args, _compile=builtins.compile, **kw):
    if not str(filename).endswith(".py"):  # (a module without bytecode: not code's cost)
        compiles.append(str(source)[:60])
    return _compile(source, filename, *args, **kw)
builtins.compile = counted
generics = []
def subscripts(frame, event, arg):  # a typing generic made at run time, and where
    if event == "call" and frame.f_code.co_name == "inner" and frame.f_code.co_filename.endswith("typing.py"):
        caller = frame.f_back
        while caller and caller.f_code.co_filename.endswith("typing.py"):
            caller = caller.f_back
        where = caller.f_code.co_filename if caller else ""
        if "/ptonz" in where:
            generics.append(where.rsplit("/", 2)[-2] + "/" + where.rsplit("/", 1)[-1] + ":" + str(caller.f_lineno))
sys.setprofile(subscripts)
def report():
    sys.setprofile(None)
    every = sys.modules.get("mlir._mlir_libs._mlirRegisterEverything", "absent")
    sys.stdout.write("\\n" + json.dumps({
        "modules": sorted(m for m in ("numpy", "logging", "inspect", "shutil", "traceback", "threading",
                                    "locale", "mlir.dialects.builtin",
                                    "ptonz.dialects._pto_ops_gen",
                                    "ptonz.passes.convert_pl_to_pto",
                                    "ptonz.passes.block_nz_views",
                                    "ptonz.passes.block_mx_scale_views",
                                    "ptonz.passes.declare_nz_args")
                          if type(sys.modules.get(m)).__name__ == "module"),
        "register_everything": "blocked" if every is None else str(every),
        "compiles": compiles,
        "left_to_exit": len(sys.modules["ptonz_cli"].LEFT_TO_EXIT),
        "generics": generics,
        "preloaded": "ptonz_cli._preload" in sys.modules,
    }) + "\\n")
def leave(code, _exit=os._exit):
    report()
    sys.stdout.flush()
    _exit(code)
os._exit = leave
sys.argv = ["ptonz-opt"] + sys.argv[1:]
from ptonz_cli import ptonz_opt
ptonz_opt()
"""


# sh_gate_mm: the kernel of issue 23; qproj_matmul's views have dynamic
# strides (pto-verify-ptoas's least span) and kv_proj_matmul's partitions
# undecided bounds (pto-verify-partition-bounds): neither may import the
# generated pto op classes.
@pytest.mark.parametrize(
    "kernel", ["aic/sh_gate_mm.pto", "aic/qproj_matmul.pto", "aic/kv_proj_matmul.pto"]
)
def test_command_loads_only_what_it_needs(tmp_path, kernel):
    if not os.path.exists(KERNELS + kernel):
        pytest.skip("the shared kernels are not here")
    out = tmp_path / "k.pto"
    got = _python(
        COMMAND,
        "--lower-to-ptoas",
        "--ptoas-pto-level=level3",
        "--pto-arch=a3",
        KERNELS + kernel,
        "-o",
        str(out),
    )
    assert got["modules"] == []
    assert got["register_everything"] == "blocked"
    # No source is compiled on the way (a NamedTuple's string annotation is,
    # as a typing.ForwardRef: ~9 M instructions for the first in a process).
    assert got["compiles"] == []
    # Nor is a typing generic (`Optional[str]`, ~90 k instructions the first
    # time) made by ptonz's code: its run-time annotations, aliases and casts
    # are builtin generics, `X | None` or strings.
    assert got["generics"] == []
    # The plugin was loaded on a second thread (ptonz_cli._startup).
    assert got["preloaded"]
    # Its lowered module is left for the exit to free.
    assert got["left_to_exit"] == 1
    assert "pto.tload" in out.read_text()


# A plain pl kernel (loads and stores of its own arguments, an NZ weight):
# convert-pl-to-pto hands C++ layout keywords and tile parameters, so no pto
# type or attribute reaches Python and the pto op classes stay unloaded.
PLAIN_PL = """\
func.func @dense(%x: !pl.tensor<512x2048xi8>, %w: !pl.tensor<16384x2048xi8, nz>,
                 %out: !pl.tensor<512x16384xi8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %bi = pl.get_block_idx
  %m0 = arith.muli %bi, %c64 : index
  %n0 = arith.muli %bi, %c256 : index
  %t1 = pl.tile.load %x, offsets = [%m0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} \
: !pl.tensor<512x2048xi8> -> !pl.tile<64x512xi8, mat>
  %t2 = pl.tile.load %w, offsets = [%n0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} \
: !pl.tensor<16384x2048xi8, nz> -> !pl.tile<256x512xi8, mat>
  %t3 = pl.tile.load %out, offsets = [%m0, %n0], sizes = [64, 256] {target_memory = #pl.memory<vec>} \
: !pl.tensor<512x16384xi8> -> !pl.tile<64x256xi8, vec>
  pl.tile.store %t3, %out, offsets = [%m0, %n0] : !pl.tile<64x256xi8, vec>, !pl.tensor<512x16384xi8>
  return
}
"""


def test_plain_pl_lowering_imports_no_pto_op_class(tmp_path):
    src = tmp_path / "plain.mlir"
    src.write_text(PLAIN_PL)
    out = tmp_path / "out.mlir"
    got = _python(COMMAND, "--lower-to-ptoas", str(src), "-o", str(out))
    assert "ptonz.passes.convert_pl_to_pto" in got["modules"]
    assert "ptonz.dialects._pto_ops_gen" not in got["modules"]
    lowered = out.read_text()
    assert "pto.tload" in lowered and "pto.tstore" in lowered
    assert "!pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>" in lowered
    assert "{layout = #pto.layout<nz>}" in lowered


def test_ptonz_preload_0_keeps_the_command_to_one_thread(tmp_path):
    src = tmp_path / "m.mlir"
    src.write_text("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
    out = tmp_path / "out.mlir"
    got = _python(COMMAND, "--lower-to-ptoas", str(src), "-o", str(out), env={"PTONZ_PRELOAD": "0"})
    assert not got["preloaded"]
    assert "func.func @f" in out.read_text()


def test_preloading_a_library_that_is_not_there_changes_nothing():
    """_preload.start only starts a thread: a path that does not load is
    the import's business, later, as it always was."""
    from ptonz_cli import _preload

    assert _preload.start("/nonexistent/lib.so") is True
    with pytest.raises(TypeError):
        _preload.start(b"/not/a/str.so")


def test_a_caller_of_the_driver_gets_its_modules_freed(tmp_path):
    """Only the command (which leaves by os._exit) keeps its modules to the
    end; a Python caller of ptonz_cli.opt keeps none."""
    import ptonz_cli
    from ptonz_cli import opt

    src = tmp_path / "m.mlir"
    src.write_text("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
    assert opt.exit_code(["--lower-to-ptoas", str(src), "-o", str(tmp_path / "o.mlir")]) == 0
    assert ptonz_cli.LEFT_TO_EXIT == []


def test_command_still_has_every_upstream_dialect_and_pass(tmp_path):
    src = tmp_path / "m.mlir"
    src.write_text(
        "func.func @f(%a: f32) -> f32 {\n"
        "  %0 = math.exp %a : f32\n"
        "  %1 = math.exp %a : f32\n"
        "  %2 = arith.addf %0, %1 : f32\n"
        "  return %2 : f32\n}\n"
    )
    out = tmp_path / "out.mlir"
    got = _python(COMMAND, "--cse", "--canonicalize", str(src), "-o", str(out))
    assert got["register_everything"] == "blocked"
    text = out.read_text()
    assert text.count("math.exp") == 1  # cse merged the two
    listed = subprocess.run(
        [sys.executable, "-c", COMMAND, "--list-passes"], capture_output=True, text=True, check=True
    ).stdout
    for name in ("--canonicalize", "--cse", "--sccp", "--convert-scf-to-cf", "--lower-to-ptoas"):
        assert name in listed


def test_command_registers_upstream_passes_when_a_pipeline_may_name_one(tmp_path):
    """The command registers the upstream passes only before a pipeline that
    may name one is parsed; every way of naming one still works."""
    src = tmp_path / "m.mlir"
    src.write_text("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
    out = tmp_path / "out.mlir"
    for how in (
        ["--pass-pipeline=builtin.module(func.func(cse, canonicalize))"],
        ["--sccp"],
        ["--lower-to-ptoas", "--cse"],
    ):
        _python(COMMAND, *how, str(src), "-o", str(out))
        assert "func.func @f" in out.read_text(), how
    probe = COMMAND.replace(
        "def report():",
        "def report():\n    from ptonz import _ptonz\n"
        "    print(json.dumps({'cse': _ptonz.is_registered_pass('cse')}))\n    return",
    )
    r = subprocess.run(
        [sys.executable, "-c", probe, "--lower-to-ptoas", str(src), "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.strip().splitlines()[-1]) == {"cse": False}


def test_import_ptonz_keeps_the_bindings_initialisation():
    got = _python("""
import json, os, sys
flags = sys.getdlopenflags()
import ptonz
from mlir import ir
from mlir.passmanager import PassManager
with ir.Context():
    PassManager.parse("builtin.module(canonicalize, cse)")
import logging
logging.getLogger("x").debug("real logging works")
every = sys.modules.get("mlir._mlir_libs._mlirRegisterEverything")
print(json.dumps({
    "flags_restored": sys.getdlopenflags() == flags,
    "logging_is_real": hasattr(logging, "basicConfig") and type(logging).__name__ == "module",
    "register_everything": every is not None,
    "numpy": "numpy" in sys.modules,
}))
""")
    assert got == {
        "flags_restored": True,
        "logging_is_real": True,
        "register_everything": True,
        "numpy": False,
    }


def test_logging_configured_before_ptonz_sees_the_bindings_debug_lines():
    got = _python("""
import json, logging, io
buf = io.StringIO()
logging.basicConfig(stream=buf, level=logging.DEBUG)
import ptonz
from mlir import ir
ir.Context()
print(json.dumps({"logged": "Registering" in buf.getvalue() or "Loading" in buf.getvalue()}))
""")
    assert got == {"logged": True}
