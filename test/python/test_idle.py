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


@pytest.mark.parametrize("argument", sorted(IDLE))
def test_an_idle_pass_would_have_done_nothing(argument):
    cls = _pass_class(argument)
    options = {name: option_text(default) for name, (_p, default, _h) in cls.options.items()}
    idle = busy = 0
    for name, text in CORPUS:
        ctx = Target(allow_unregistered_dialect=True).context()
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
