"""The passes' idle tests (ptonz/passes/idle.py) are sound: wherever one says
its pass has nothing to act on, the pass itself, run on the same module,
changes nothing and reports nothing. Checked on every chunk of the lit
inputs of the passes (pl kernels, NZ and MX views, declarations, E8M0
pointers, rejected inputs), the examples and the shared A3 kernels."""

import pytest

from conftest import pass_corpus
from ptonz import _ptonz, diagnostics, parse_module
from ptonz.driver import Target
from ptonz.passes.idle import IDLE
from ptonz.passes.registration import _pass_class, option_text


CORPUS = list(pass_corpus())


def _parse(ctx, text, name):
    try:
        return parse_module(text, name, ctx)
    except ValueError:  # a chunk that is rejected on purpose
        return None


@pytest.mark.parametrize("unregistered", [False, True], ids=["registered-only", "unregistered"])
@pytest.mark.parametrize("argument", sorted(IDLE))
def test_an_idle_pass_would_have_done_nothing(argument, unregistered):
    """In a context as ptonz-opt makes it, and in one that takes unregistered
    dialects (--allow-unregistered-dialect), where the tests cannot reason
    from the dialects the context has loaded."""
    cls = _pass_class(argument)
    options = {name: option_text(default) for name, (_p, default, _h) in cls.options.items()}
    idle = busy = 0
    for name, text in CORPUS:
        ctx = Target(allow_unregistered_dialect=unregistered).context()
        with ctx:
            module = _parse(ctx, text, name)
            if module is None:
                continue
            if not IDLE[argument](argument, module.operation, options):
                busy += 1
                continue
            idle += 1
            before = _ptonz.print_asm(module.operation, generic=True)
            collector = diagnostics.Collector(ctx)
            try:
                ok = cls().run(module.operation)
                reported = collector.take()
            finally:
                collector.detach()
            assert ok and not reported, (name, reported)
            assert _ptonz.print_asm(module.operation, generic=True) == before, name
    # Neither answer may be vacuous: the corpus has modules of both kinds.
    assert idle and busy, (idle, busy)


def test_declared_arguments_wake_pto_declare_nz_args():
    """The options alone make pto-declare-nz-args busy on any module."""
    ctx = Target().context()
    with ctx:
        module = _parse(ctx, "func.func @k() {\n  return\n}\n", "m.mlir")
        defaults = {"nz-args": "", "arg-ranges": ""}
        idle = IDLE["pto-declare-nz-args"]
        assert idle("pto-declare-nz-args", module.operation, defaults)
        assert not idle(
            "pto-declare-nz-args", module.operation, {**defaults, "nz-args": "@k:0=16x32"}
        )


@pytest.mark.parametrize(
    "signature, declared",
    [
        ("(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 16, 32>})", True),
        ("(%n: index {ptonz.arg_range = array<i64: 0, 4>})", True),
        ("(%p: !pto.ptr<i8> {llvm.noalias})", False),
        ("(%p: !pto.ptr<i8>)", False),
    ],
)
def test_a_declaration_in_the_kernel_wakes_pto_declare_nz_args(signature, declared):
    """Without options the pass is busy exactly where an argument carries a
    ptonz declaration, on a definition or a declaration of a function."""
    ctx = Target().context()
    idle = IDLE["pto-declare-nz-args"]
    options = {"nz-args": "", "arg-ranges": ""}
    for text in (
        f"func.func @k{signature} {{\n  return\n}}\n",
        f"func.func private @k{signature.replace('%p: ', '').replace('%n: ', '')}\n",
    ):
        with ctx:
            module = _parse(ctx, text, "m.mlir")
            assert module is not None, text
            assert idle("pto-declare-nz-args", module.operation, options) is not declared, text


PL_KERNEL = """func.func @k(%t: !pl.tensor<16x32xf16>) {
  return
}
"""
PTO_KERNEL = "func.func @k() {\n  return\n}\n"


def test_a_dialect_is_found_in_a_reused_context():
    """A context that loaded pl for one module (batch mode, ptonz.lower)
    still answers for the next module by what that module holds."""
    ctx = Target().context()
    with ctx:
        assert not _ptonz.contains(_parse(ctx, PTO_KERNEL, "a.mlir").operation, ["pl"], [])
        assert _ptonz.contains(_parse(ctx, PL_KERNEL, "b.mlir").operation, ["pl"], [])
        assert not _ptonz.contains(_parse(ctx, PTO_KERNEL, "c.mlir").operation, ["pl"], [])


def test_an_unregistered_dialect_is_found_by_its_ops():
    """An op of a dialect no context registers (--allow-unregistered-dialect)."""
    ctx = Target(allow_unregistered_dialect=True).context()
    with ctx:
        text = 'func.func @k() {\n  "acme.op"() : () -> ()\n  return\n}\n'
        module = _parse(ctx, text, "m.mlir")
        assert _ptonz.contains(module.operation, ["acme"], [])
        assert not _ptonz.contains(module.operation, ["zeta"], [])
