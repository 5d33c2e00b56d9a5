"""The C++ helpers the passes are built on: the index-constant pool, the
targeted pattern driver and the in-place updates."""

from mlir import ir
from mlir.rewrite import RewritePatternSet

from ptonz import _ptonz

SRC = """
func.func @f(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %v = pto.make_tensor_view %p, shape = [%c0, %c0], strides = []
      {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c99 = arith.constant 99 : index
  return
}
"""


def _func(m):
    return m.body.operations[0]


def test_pool_reuses_and_hoists_the_functions_constants(ctx):
    m = ir.Module.parse(SRC)
    func = _func(m)
    pool = _ptonz.IndexConstants(func)
    c64 = pool.get(64)
    # The function's own constant is reused and moved up, so it dominates
    # the view that comes before its original position.
    assert str(c64.owner) == "%c64 = arith.constant 64 : index"
    view = _ptonz.collect_ops(func, ["pto.make_tensor_view"])[0]
    _ptonz.set_views_strides([(view, [64, 1])], pool)
    assert m.operation.verify()
    names = [op.name for op in func.regions[0].blocks[0].operations]
    assert names[:5] == ["arith.constant"] * 5 and names[5] == "pto.make_tensor_view"
    # A value the function lacks is made once, after the pooled constants.
    c7 = pool.get(7)
    assert pool.get(7) == c7
    assert "strides = [%c64, %c1]" in str(view)


def test_pool_erases_only_unused_index_constants(ctx):
    m = ir.Module.parse(SRC)
    func = _func(m)
    pool = _ptonz.IndexConstants(func)
    pool.get(5)  # unused
    erased = pool.erase_unused()
    text = str(func)
    # %c32, %c64, %c99 and the new 5 were unused; %c0 is used by the view.
    assert erased == 4
    assert "arith.constant 0 : index" in text
    for gone in ("arith.constant 32", "arith.constant 64", "arith.constant 99", "arith.constant 5"):
        assert gone not in text
    assert m.operation.verify()


def test_apply_patterns_to_visits_exactly_the_given_ops(ctx):
    m = ir.Module.parse("""
    func.func @g() {
      %a = arith.constant 1 : index
      %b = arith.constant 2 : index
      %c = arith.constant 3 : index
      return
    }""")
    ops = _ptonz.collect_ops(m.operation, ["arith.constant"])
    seen = []

    def record(op, rewriter):
        seen.append(str(op.operation))
        return True  # no match

    patterns = RewritePatternSet()
    patterns.add("arith.constant", record)
    frozen = patterns.freeze()
    assert _ptonz.apply_patterns_to([ops[2], ops[0]], frozen) == 0
    assert seen == ["%c3 = arith.constant 3 : index", "%c1 = arith.constant 1 : index"]


def _nz_view_at_argument_offset(partitions: int, view_attrs: str = "") -> ir.Module:
    """@h(%p, %n): a logical NZ view [256, 512] of %p and `partitions`
    partitions of it, all at row offset %n (an argument)."""
    parts = "".join(
        f"""
      %pv{k} = pto.partition_view %v, offsets = [%n, %c0], sizes = [%c256, %c512]
          : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>"""
        for k in range(partitions)
    )
    return ir.Module.parse(f"""
    func.func @h(%p: !pto.ptr<i8>, %n: index) {{
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = []
          {{layout = #pto.layout<nz>{view_attrs}}} : !pto.tensor_view<?x?xi8>{parts}
      return
    }}""")


def test_set_partition_updates_operands_and_type_in_place(ctx):
    m = _nz_view_at_argument_offset(1, ", user.note = 1")
    func = _func(m)
    pool = _ptonz.IndexConstants(func)
    view = _ptonz.collect_ops(func, ["pto.make_tensor_view"])[0]
    part = _ptonz.collect_ops(func, ["pto.partition_view"])[0]
    _ptonz.set_blocked_view(
        view,
        [1, 16, 16, 16, 32],
        [1, 16, 16, 16, 32],
        [(part, [0, 0, (part.operands[1], 16), 0, 0], [1, 16, 16, 16, 32])],
        pool,
    )
    text = str(func)
    assert "!pto.tensor_view<1x16x16x16x32xi8>" in text
    assert "user.note = 1" in text and "layout = #pto.layout<nz>" in text
    assert "arith.floordivsi %arg1, %c16 : index" in text
    assert "-> !pto.partition_tensor_view<1x16x16x16x32xi8>" in text
    assert m.operation.verify()


def test_operand_segments_are_checked_from_properties_for_every_op_with_the_trait(ctx):
    """ptonz/OperandSegments.h: the ops listed to verify their operand
    segments from properties are exactly the pto and pl ops that have
    AttrSizedOperandSegments (an op that gains the trait and is not listed
    would fall back to MLIR's slower check; one listed without it would not
    compile against the trait)."""
    ctx.get_dialect_descriptor("pl")
    listed, with_trait = _ptonz.operand_segment_ops(ctx)
    assert "pto.alloc_tile" in with_trait and "pl.tile.load" in with_trait
    assert listed == with_trait


def test_shared_quotients_of_arguments_come_before_what_after_constants_hands_out(ctx):
    """IndexConstants.quotient: an argument's quotient is built once, among
    the pooled values at the top of the entry block (after every constant),
    shared by every partition that divides the argument, and code placed at
    `after_constants` (convert-pl-to-pto's views) comes after it, so it may
    use it."""
    m = _nz_view_at_argument_offset(2)
    func = _func(m)
    pool = _ptonz.IndexConstants(func)
    view = _ptonz.collect_ops(func, ["pto.make_tensor_view"])[0]
    parts = _ptonz.collect_ops(func, ["pto.partition_view"])
    blocked = [1, 16, 16, 16, 32]
    _ptonz.set_blocked_view(
        view,
        blocked,
        blocked,
        [(p, [0, 0, (p.operands[1], 16), 0, 0], blocked) for p in parts],
        pool,
    )
    ops = list(func.regions[0].blocks[0].operations)
    names = [op.name for op in ops]
    quotients = [op for op in ops if op.name == "arith.floordivsi"]
    assert len(quotients) == 1  # shared by both partitions
    q = names.index("arith.floordivsi")
    assert all(n == "arith.constant" for n in names[:q])  # after every constant
    assert all(p.operands[3] == quotients[0].results[0] for p in parts)
    # New code at after_constants follows the quotient; a constant made now
    # still precedes it.
    assert pool.after_constants() == ops[q + 1]
    c7 = pool.get(7)
    ops = list(func.regions[0].blocks[0].operations)
    assert ops.index(c7.owner) < ops.index(quotients[0])
    assert m.operation.verify()
