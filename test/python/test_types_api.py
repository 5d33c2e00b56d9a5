"""Typed Python access to the custom types and generated op classes."""

from mlir import ir

import ptonz
from ptonz.dialects import pto


def test_tile_buf_fields_from_legacy_form(ctx):
    t = ir.Type.parse(
        "!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, "
        "v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>"
    )
    assert isinstance(t, ptonz.TileBufType)  # downcast automatically
    assert (t.loc, t.rows, t.cols, t.blayout, t.slayout, t.fractal) == (
        "mat",
        256,
        512,
        "col_major",
        "row_major",
        512,
    )
    # Printed in the compact form, defaults elided.
    assert str(t) == "!pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>"


def test_dynamic_valid_dims(ctx):
    t = ptonz.TileBufType(ir.Type.parse("!pto.tile_buf<vec, 16x16xf16, valid=?x16>"))
    assert t.valid_row == ir.ShapedType.get_dynamic_size() and t.valid_col == 16


def test_view_types_build_and_read(ctx):
    i8 = ir.IntegerType.get_signless(8)
    v = ptonz.TensorViewType.get([1, 16, 16, 16, 32], i8)
    assert str(v) == "!pto.tensor_view<1x16x16x16x32xi8>"
    assert v.shape == [1, 16, 16, 16, 32] and v.rank == 5 and v.element_type == i8
    p = ptonz.PartitionTensorViewType.get([256, 512], i8)
    assert ptonz.PartitionTensorViewType.isinstance(p)
    assert not ptonz.TensorViewType.isinstance(p)


def test_pl_types(ctx):
    t = ir.Type.parse("!pl.tensor<32x2048x4096xi8, nz>")
    assert isinstance(t, ptonz.PLTensorType) and t.layout == "nz" and t.shape == [32, 2048, 4096]
    assert ptonz.PLTensorType(ir.Type.parse("!pl.tensor<4x4xf16>")).layout == "nd"
    tile = ptonz.PLTileType.get([256, 512], ir.IntegerType.get_signless(8), "mat")
    assert str(tile) == "!pl.tile<256x512xi8, mat>" and tile.memory == "mat"


def test_ops_arrive_as_opview_classes(ctx):
    m = ir.Module.parse("""
      func.func @f(%p: !pto.ptr<i8>) {
        %c = arith.constant 16 : index
        %v = pto.make_tensor_view %p, shape = [%c, %c], strides = [] {layout = #pto.layout<nz>}
            : !pto.tensor_view<?x?xi8>
        return
      }""")
    func = m.body.operations[0]
    view = list(func.regions[0].blocks[0].operations)[1]
    assert isinstance(view, pto.MakeTensorViewOp)
    assert len(view.shape) == 2 and len(view.strides) == 0
    assert ptonz._ptonz.layout_value(view.attributes["layout"]) == "nz"


def test_build_ops_from_python(ctx):
    m = ir.Module.create()
    i8 = ir.IntegerType.get_signless(8)
    with ir.InsertionPoint(m.body):
        from mlir.dialects import func

        f = func.FuncOp("k", ir.FunctionType.get([ptonz.PtrType.get(i8)], []))
        with ir.InsertionPoint(f.add_entry_block()):
            from mlir.dialects import arith

            c = arith.ConstantOp(ir.IndexType.get(), 32).result
            pto.MakeTensorViewOp(
                ptonz.TensorViewType.get([32, 32], i8),
                f.arguments[0],
                [c, c],
                [],
                layout=ptonz._ptonz.layout_attr("nz"),
            )
            func.ReturnOp([])
    assert m.operation.verify()
    assert (
        "pto.make_tensor_view %arg0, shape = [%c32, %c32], strides = [] "
        "{layout = #pto.layout<nz>} : !pto.tensor_view<32x32xi8>" in str(m)
    )
