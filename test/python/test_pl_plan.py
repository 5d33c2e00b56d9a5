"""`_ptonz.PLPlan`: which functions convert-pl-to-pto lowers by kind (the
plain ones), the kinds it checks once, and the functions it leaves to the
one-function-at-a-time path (which reports what it rejects)."""

from ptonz import LoweringError, _ptonz, lower, parse_module
from ptonz.driver import Target
from ptonz.passes import convert_pl_to_pto as C
from ptonz.passes.pl_tiles import CUBE_ENTRY_ATTR

T = "!pl.tensor<64x64xf16>"
NZ = "!pl.tensor<64x64xf16, nz>"
VEC = "!pl.tile<16x16xf16, vec>"
LOAD = (
    "pl.tile.load {t}, offsets = [%c0, %c0], sizes = [16, 16] {{target_memory = #pl.memory<vec>}} : {ty} -> "
    + VEC
)


def nz_into_vec(name: str) -> str:
    return f"""func.func @{name}(%w: {NZ}) {{
  %c0 = arith.constant 0 : index
  %t = {LOAD.format(t="%w", ty=NZ)}
  return
}}"""


MODULE_WITH = f"""
func.func @a(%x: {T}, %o: {T}) {{
  %c0 = arith.constant 0 : index
  %t = {LOAD.format(t="%x", ty=T)}
  pl.tile.store %t, %o, offsets = [%c0, %c0] : {VEC}, {T}
  return
}}
func.func @b(%y: {T}, %p: {T}) {{
  %c0 = arith.constant 0 : index
  %b = pl.get_block_idx
  %t = {LOAD.format(t="%y", ty=T)}
  pl.tile.store %t, %p, offsets = [%b, %c0] : {VEC}, {T}
  return
}}
NZ_INTO_VEC
func.func @reshaped(%x: {T}) {{
  %c0 = arith.constant 0 : index
  %r = pl.tensor.reshape %x : {T} -> {T}
  %t = {LOAD.format(t="%r", ty=T)}
  return
}}
func.func @tile_argument(%t: {VEC}, %o: {T}) {{
  %c0 = arith.constant 0 : index
  pl.tile.store %t, %o, offsets = [%c0, %c0] : {VEC}, {T}
  return
}}
"""
MODULE = MODULE_WITH.replace("NZ_INTO_VEC", nz_into_vec("nz_into_vec"))


def _name(func) -> str:
    return func.attributes["sym_name"].value


def _plan(module):
    return _ptonz.PLPlan(module.operation, list(C.PL_OPS), C.TILE_READERS)


def test_plain_functions_and_their_kinds():
    with Target().context() as ctx:
        module = parse_module(MODULE, "plan.mlir", ctx)
        plan = _plan(module)
        # @a, @b and @nz_into_vec are plain: their four used 64x64xf16
        # arguments are one kind, the NZ one another.
        kinds = plan.argument_kinds()
        assert [(_name(f), a.index, a.layout) for f, a in kinds] == [
            ("a", 0, "nd"),
            ("nz_into_vec", 0, "nz"),
        ]
        # A load into vec, a store of a loaded tile, an NZ load into vec.
        ops = plan.op_kinds()
        assert [op.name for op in ops] == ["pl.tile.load", "pl.tile.store", "pl.tile.load"]
        assert [_name(pf.func) for pf in plan.remaining()] == [
            "a",
            "b",
            "nz_into_vec",
            "reshaped",
            "tile_argument",
        ]

        C._lower_plain_functions(plan, {})
        # The NZ load into vec fails its rule: its function is left to the
        # path that reports it, with the two that are not plain.
        left = [_name(pf.func) for pf in plan.remaining()]
        assert left == ["nz_into_vec", "reshaped", "tile_argument"]
        lowered = {_name(f): f for f in module.body.operations if _name(f) in ("a", "b")}
        for func in lowered.values():
            assert CUBE_ENTRY_ATTR in func.attributes
            assert all(str(t).startswith("!pto.ptr<f16>") for t in func.type.inputs)
        assert "pl." not in str(module.body.operations[0])


def test_calls_passing_whole_arguments_keep_functions_plain():
    """A call passing its function's own arguments needs no offset argument,
    so caller and callee stay plain; a call to a declaration leaves its
    caller to the path that reports it."""
    text = (
        MODULE
        + f"""
func.func private @declared({T})
func.func @caller(%x: {T}, %o: {T}) {{
  func.call @a(%x, %o) : ({T}, {T}) -> ()
  return
}}
func.func @to_declared(%x: {T}) {{
  func.call @declared(%x) : ({T}) -> ()
  return
}}
"""
    )
    with Target().context() as ctx:
        module = parse_module(text, "calls.mlir", ctx)
        plan = _plan(module)
        assert [op.name for op in plan.calls] == ["func.call", "func.call"]
        C._lower_plain_functions(plan, {})
        left = [_name(pf.func) for pf in plan.remaining()]
        assert left == ["nz_into_vec", "reshaped", "tile_argument", "to_declared"]
        (caller,) = [f for f in module.body.operations if _name(f) == "caller"]
        assert CUBE_ENTRY_ATTR in caller.attributes
        assert "call @a(%arg0, %arg1) : (!pto.ptr<f16>, !pto.ptr<f16>) -> ()" in str(caller)


def test_a_slice_passed_to_a_call_makes_no_function_plain():
    """A callee may take an offset argument for its tensor (the caller
    passes a slice), which only the one-at-a-time path adds."""
    text = (
        MODULE
        + f"""
func.func @caller(%x: {T}, %o: {T}) {{
  %c0 = arith.constant 0 : index
  %s = pl.tensor.view %x, offsets = [%c0, %c0] : {T} -> {T}
  func.call @a(%s, %o) : ({T}, {T}) -> ()
  return
}}
"""
    )
    with Target().context() as ctx:
        plan = _plan(parse_module(text, "calls.mlir", ctx))
        assert plan.argument_kinds() == [] and plan.op_kinds() == []
        assert len(plan.remaining()) == 6


def test_rejections_of_a_plain_kind_are_reported_at_each_op():
    """A kind that fails is reported by each function that has it, at its
    own op, as the one-at-a-time path reports it."""
    two = MODULE_WITH.replace("NZ_INTO_VEC", nz_into_vec("first") + "\n" + nz_into_vec("second"))
    try:
        lower(two, filename="two.mlir", as_text=True)
    except LoweringError as exc:
        message = str(exc)
    else:
        raise AssertionError("the NZ loads into vec were accepted")
    assert message.count("an NZ tensor can only be loaded into mat memory") == 2
    loads = [i + 1 for i, line in enumerate(two.splitlines()) if "pl.tile.load %w" in line]
    assert len(loads) == 2
    for line in loads:
        assert f"two.mlir:{line}:8: error: convert-pl-to-pto: an NZ tensor" in message
