"""SSA names through the Python API: ptonz.parse_module keeps the names the
text writes (NameLocs around the values' file positions), ptonz.asm prints
them, and a pass names what it creates (issue 26)."""

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import ptonz
from ptonz import _ptonz
from ptonz.diagnostics import file_location

SRC = """\
func.func @f(%w: !pto.ptr<i8>, %n: index) -> index {
  %c16_index = arith.constant 16 : index
  %0 = arith.addi %n, %c16_index : index
  %t__tile = arith.muli %0, %c16_index : index
  %r = scf.for %k0 = %n to %t__tile step %c16_index iter_args(%acc = %n) -> (index) {
    %next = arith.addi %acc, %k0 : index
    scf.yield %next : index
  }
  return %r : index
}
"""


def test_names_round_trip_and_numbered_values_stay_numbered():
    with ir.Context():
        m = ptonz.parse_module(SRC, "k.mlir")
        text = ptonz.asm(m)
    assert "func.func @f(%w: !pto.ptr<i8>, %n: index) -> index {" in text
    assert "%c16_index = arith.constant 16 : index" in text
    assert "%0 = arith.addi %n, %c16_index : index" in text  # numbered: no name to keep
    assert "%t__tile = arith.muli %0, %c16_index : index" in text
    assert "%r = scf.for %k0 = %n to %t__tile step %c16_index iter_args(%acc = %n)" in text
    assert "%next = arith.addi %acc, %k0 : index" in text
    with ir.Context():  # and again: the same text
        assert ptonz.asm(ptonz.parse_module(text, "k2.mlir")) == text


def test_off_is_mlirs_numbering():
    with ir.Context():
        plain = str(ir.Module.parse(SRC))
        assert ptonz.asm(ptonz.parse_module(SRC, retain_names=False)) == plain
        assert ptonz.asm(ptonz.parse_module(SRC), names=False) == plain
    assert "%c16 = arith.constant" in plain and "%arg0" in plain


def test_name_wraps_the_file_position():
    with ir.Context():
        m = ptonz.parse_module(SRC, "k.mlir")
        func = m.body.operations[0]
        block = func.regions[0].blocks[0]
        tile = block.operations[2]
        assert tile.location.is_a_name() and tile.location.name_str == "t__tile"
        assert file_location(tile.location) == ("k.mlir", 4, 14)  # the op name, as ever
        assert file_location(block.arguments[1].location) == ("k.mlir", 1, 32)
        assert _ptonz.value_name(block.arguments[1]) == "n"
        assert _ptonz.value_name(block.operations[1].results[0]) is None  # %0


def test_debuginfo_reparse_does_not_wrap_twice():
    with ir.Context():
        once = ptonz.asm(ptonz.parse_module(SRC, "k.mlir"), debug_info=True)
        assert 'loc("t__tile"(' in once
        assert ptonz.asm(ptonz.parse_module(once, "k2.mlir"), debug_info=True) == once


def test_several_result_groups_are_named_as_ptoas_reads_them():
    """Several result names live in the op's location, as PTOAS reads them
    (`fused<["a", "b"]>`, its `// pto: %a, %b`); the printer numbers the
    values, as it prints one name per op."""
    src = """\
func.func @g() -> (index, index) {
  %a, %b = "test.two"() : () -> (index, index)
  return %a, %b : index, index
}
"""
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        module = ptonz.parse_module(src)
        text = ptonz.asm(module)
        located = ptonz.asm(module, debug_info=True)
    assert '%0:2 = "test.two"()' in text and "return %0#0, %0#1" in text
    assert 'loc(fused<["a", "b"]>[' in located


def test_parse_error_is_located():
    with (
        ir.Context(),
        pytest.raises(ValueError, match=r"bad\.mlir:2:18: error: expected SSA operand"),
    ):
        ptonz.parse_module("func.func @f() {\n  %x = arith.addi\n}\n", "bad.mlir")


def test_repeated_names_are_made_unique_by_the_printer():
    with ir.Context():
        m = ptonz.parse_module(SRC)
        block = m.body.operations[0].regions[0].blocks[0]
        _ptonz.set_value_name(block.operations[1].results[0], "t__tile")
        text = ptonz.asm(m)
        assert "%t__tile = arith.addi" in text and "%t__tile_0 = arith.muli %t__tile," in text
        # and it parses back
        assert ptonz.parse_module(text) is not None


def test_a_pass_names_the_blocked_offsets_after_the_logical_ones():
    src = """\
func.func @k(%w1: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %blk = pto.get_block_idx
  %bi = arith.index_cast %blk : i64 to index
  %n0 = arith.muli %bi, %c256 : index
  %v = pto.make_tensor_view %w1, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%n0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}
"""
    with ir.Context() as ctx:
        ctx.enable_multithreading(False)
        m = ptonz.parse_module(src, "k.mlir")
        PassManager.parse("builtin.module(pto-block-nz-views)").run(m.operation)
        text = ptonz.asm(m)
    assert "%n0_row_frac = arith.floordivsi %n0, %c16 : index" in text
    assert "%pv = pto.partition_view %v, offsets = [%c0, %c0, %n0_row_frac, %c0, %c0]" in text
