"""The hand-written pto printers print an op's attribute dictionary as MLIR
orders it: its inherent and discardable attributes merged and sorted by name,
the elided ones left out (ptonz::printAttrDict, dialect/lib/IR/Common.cpp,
which reads them without building the op's dictionary)."""

from mlir import ir

SOURCE = """
func.func @f(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] \
{zz.note = 1 : i64, layout = #pto.layout<nd>, aa.note = "x"} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c1, %c1], sizes = [%c1, %c1] {b.mark} \
: !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<1x1xi8>
  %q = pto.partition_view %v, offsets = [%c1, %c1], sizes = [%c1, %c1] \
: !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<1x1xi8>
  return
}
"""


def test_inherent_and_discardable_attributes_print_merged_by_name(ctx):
    text = str(ir.Module.parse(SOURCE))
    lines = text.splitlines()
    (view,) = [ln for ln in lines if "pto.make_tensor_view" in ln]
    assert '{aa.note = "x", layout = #pto.layout<nd>, zz.note = 1 : i64}' in view
    # The operand segment sizes are inherent but elided; a discardable unit
    # attribute prints alone, and an op with neither prints no dictionary.
    assert "operandSegmentSizes" not in text
    marked, plain = [ln for ln in lines if "pto.partition_view" in ln]
    assert "] {b.mark} : !pto.tensor_view" in marked
    assert "{" not in plain


def test_printed_attributes_read_back_unchanged(ctx):
    text = str(ir.Module.parse(SOURCE))
    assert str(ir.Module.parse(text)) == text
