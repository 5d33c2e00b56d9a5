"""The result check of pto kernels (ptonz.sim.kernels): pypto's exported cube
kernels run in the simulator, a lowered kernel reading its weights NZ-packed
against the original reading them in ND, bit for bit."""

import os

import numpy as np
import pytest
from mlir import ir

from ptonz import _ptonz
from ptonz.analyses.ir_queries import ops_named
from ptonz.sim import interpreter as I
from ptonz.sim import kernels as K
from ptonz.sim.check import CheckError, check_pipeline, clone, lower

from conftest import INPUTS, shared_kernels, shared_kernels_dir

# pypto's DeepSeek V4 cube kernels (conftest: $PTONZ_KERNELS or ../shared/kernels).
SHARED = os.path.join(shared_kernels_dir(), "deepseek-v4-decode-a3", "aic")
KERNELS = shared_kernels()


def _parse(ctx, path):
    with open(path) as f:
        return ir.Module.parse(f.read(), context=ctx)


def _gate(ctx):
    """(ND original, its hand-NZ form lowered by --lower-to-ptoas)."""
    nd = _parse(ctx, os.path.join(INPUTS, "pypto_gate_nd.pto"))
    nz = lower(_parse(ctx, os.path.join(INPUTS, "pypto_gate_nz.pto")))
    return nd, nz


GATE_NZ = {"gate": {2: (128, 128)}}
GATE_LAUNCH = {"gate": {3: (0, 2), 4: (0, 2)}}  # expert in [0, 2), 2 blocks


def test_nd_original_matches_the_lowered_nz_kernel(ctx3):
    nd, nz = _gate(ctx3)
    assert len(ops_named(nz.operation, "pto.make_tensor_view")) == 3
    r = K.check_kernel_results(nd, nz, GATE_NZ, samples=2, arg_ranges=GATE_LAUNCH)
    assert r.ok, r.summary()
    assert (r.stores, r.elements, r.outputs) == (2, 2 * 16 * 32, [0])
    assert r.block_ids == [0, 1] and r.block_num == 2
    s = r.summary()
    assert (
        "reading argument #2 as 128x128 NZ-packed, matches the original kernel (ND) bit for bit"
        in s
        and "block ids 0, 1 of 2" in s
        and "#3 = " in s
    )


def test_the_stored_values_are_the_matmul(ctx3):
    """What both kernels wrote is x @ w[e, n0:n0+32, :]^T, from the inputs the
    check gave them."""
    nd, nz = _gate(ctx3)
    r = K.check_kernel_results(
        nd, nz, GATE_NZ, samples=2, scalars={"gate": {3: 1}}, arg_ranges=GATE_LAUNCH
    )
    assert r.ok, r.summary()
    with ctx3:
        gm = K._gm(K.defined_functions(nd)[0], GATE_NZ["gate"], seed=0)
    x = gm.original[1].read(np.arange(16 * 128)).view(np.int8).reshape(16, 128)
    w = gm.original[2].data.view(np.int8).reshape(2, 64, 128)
    want = (x.astype(np.int64) @ w[1].astype(np.int64).T).astype(np.int32)
    for key in ("original", "lowered"):
        written = r.written[key][0]
        flat = np.array(sorted(written))
        assert np.array_equal(flat, np.arange(16 * 64).reshape(16, 64)[:, :].reshape(-1))
        got = np.array([written[k] for k in flat], dtype=np.uint32).view(np.int32)
        assert np.array_equal(got.reshape(16, 64), want), key


def test_a_wrong_lowering_is_caught(ctx3):
    """The blocked NZ partition's [col/c0, row/16] offsets swapped."""
    nd, nz = _gate(ctx3)
    swapped = 0
    for pv in ops_named(nz.operation, "pto.partition_view"):
        op = pv.operation
        if len(op.operands) == 11:  # rank 5: the blocked NZ weight partition
            op.operands[2], op.operands[3] = op.operands[3], op.operands[2]
            swapped += 1
    assert swapped == 1
    r = K.check_kernel_results(
        nd, nz, GATE_NZ, samples=2, scalars={"gate": {3: 0}}, arg_ranges=GATE_LAUNCH
    )
    assert not r.ok
    d = r.mismatch.describe()
    assert (
        d.startswith("store #0 (block id 0; no enclosing loop): tile[") and "elements differ" in d
    ), d
    # Expert 1: the swapped offsets leave the blocked view; the lowered kernel fails.
    r = K.check_kernel_results(nd, nz, GATE_NZ, samples=2, arg_ranges=GATE_LAUNCH)
    assert not r.ok and "the lowered kernel fails: partition dim 1" in r.mismatch.reason
    assert "MISMATCH at" in r.summary() and "pypto_gate_nd.pto" not in r.mismatch.where


def test_a_packing_the_lowering_does_not_read_is_caught(ctx3):
    """The weight packed as two [64, 128] NZ matrices, while the lowering
    addresses one [128, 128] matrix."""
    nd, nz = _gate(ctx3)
    r = K.check_kernel_results(
        nd, nz, {"gate": {2: (2, 64, 128)}}, samples=2, arg_ranges=GATE_LAUNCH
    )
    assert not r.ok and "elements differ" in r.mismatch.reason


def test_a_dropped_atomic_add_is_caught(ctx3):
    """pto.tstore {atomicType = atomic_add} adds to GM: without it the result
    differs (GM starts with the same hashed values in both runs)."""
    nd, _ = _gate(ctx3)
    store = ops_named(nd.operation, "pto.tstore")[0].operation
    other = clone(nd)
    store.attributes["atomicType"] = ir.Attribute.parse("#pto<atomic_type atomic_add>")
    r = K.check_kernel_results(nd, other, {}, samples=1)
    assert not r.ok and "0x" in r.mismatch.reason
    assert K.check_kernel_results(nd, clone(nd), {}, samples=1).ok


NZ_ARG = {
    "pto-declare-nz-args": {"nz-args": "@gate:2=2x64x128", "arg-ranges": "@gate:3=0:2,@gate:4=0:2"}
}


def test_nz_arg_declarations_are_what_the_check_packs(ctx3):
    """--nz-arg=@gate:2=2x64x128 (one NZ matrix per expert, the flattened view
    decomposed) and --arg-range: the lowering leaves ptonz.nz_shape and
    ptonz.arg_range on the arguments, and the checks pack and launch by them."""
    nd = _parse(ctx3, os.path.join(INPUTS, "pypto_gate_nd.pto"))
    low = lower(nd, pass_defaults=NZ_ARG)
    r = K.check_kernel_results(nd, low, samples=2)
    assert r.ok, r.summary()
    assert r.nz == {2: (2, 64, 128)} and r.block_ids == [0, 1] and r.block_num == 2
    assert r.scalars == ["#3 = 1 (in [0, 2))"]  # the expert: not 0, where there is another
    assert check_pipeline(nd, low, samples=2).ok
    assert K.check_pto_results(nd, samples=2, pass_defaults=NZ_ARG).ok
    for pv in ops_named(low.operation, "pto.partition_view"):
        op = pv.operation
        if len(op.operands) == 11:  # the blocked weight partition: [b, col/c0, row/16] wrong
            op.operands[2], op.operands[3] = op.operands[3], op.operands[2]
    assert not K.check_kernel_results(nd, low, samples=2).ok
    assert not check_pipeline(nd, low, samples=2).ok


def test_nz_args_default_to_the_logical_nz_views(ctx3):
    nz_in = _parse(ctx3, os.path.join(INPUTS, "pypto_gate_nz.pto"))
    assert K.logical_nz_args(nz_in) == {"gate": {2: (128, 128)}}
    r = K.check_pto_results(nz_in, samples=2)
    assert r.ok and r.nz == {2: (128, 128)}, r.summary()


def test_check_addressing_runs_pypto_kernels(ctx3):
    nz_in = _parse(ctx3, os.path.join(INPUTS, "pypto_gate_nz.pto"))
    r = check_pipeline(nz_in, lower(nz_in), samples=2)
    assert r.ok and r.total == 2 * 2 * 2, r.summary()  # 2 blocks x 2 K steps x 2 tloads


def test_an_unknown_pto_op_is_an_error_naming_it(ctx3):
    nd = _parse(ctx3, os.path.join(INPUTS, "pypto_gate_nd.pto"))
    loop = ops_named(nd.operation, "scf.for")[0].operation
    tile = ops_named(loop, "pto.alloc_tile")[0].operation
    with (
        ir.InsertionPoint.at_block_terminator(loop.regions[0].blocks[0]),
        ir.Location.unknown(ctx3),
    ):
        ir.Operation.create("pto.tprefetch_future", operands=[tile.results[0]])
    with pytest.raises(CheckError, match="unsupported operation 'pto.tprefetch_future'"):
        K.check_kernel_results(nd, clone(nd), {}, samples=1)


def test_set_validshape_and_the_matmul_domain():
    """tmatmul computes dst[0:M, 0:N] with M, K from the left tile's valid
    extents and N from the right's (pto-isa); a tstore stores the valid part."""
    text = """
    func.func @f(%o: !pto.ptr<f32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %a = pto.alloc_tile : !pto.tile_buf<left, 16x32xf32, valid=?x?>
      %b = pto.alloc_tile : !pto.tile_buf<right, 32x16xf32, valid=?x?>
      %c = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, valid=?x?>
      pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x32xf32, valid=?x?>, !pto.tile_buf<right, 32x16xf32, valid=?x?>) outs(%c : !pto.tile_buf<acc, 16x16xf32, valid=?x?>)
      %v = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
      pto.set_validshape %c, %c8, %c16 : !pto.tile_buf<acc, 16x16xf32, valid=?x?>
      %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
      pto.tstore ins(%c : !pto.tile_buf<acc, 16x16xf32, valid=?x?>) outs(%p : !pto.partition_tensor_view<8x16xf32>)
      return
    }"""
    with ir.Context() as ctx, ir.Location.unknown():
        m = ir.Module.parse(
            text.replace(
                "pto.alloc_tile :", "pto.alloc_tile valid_row = %c16 valid_col = %c32 :", 1
            )
            .replace(
                "%b = pto.alloc_tile :", "%b = pto.alloc_tile valid_row = %c32 valid_col = %c8 :"
            )
            .replace(
                "%c = pto.alloc_tile :", "%c = pto.alloc_tile valid_row = %c16 valid_col = %c16 :"
            ),
            context=ctx,
        )
        func = K.defined_functions(m)[0]
        run = I.Interpreter({0: I.ArrayBuffer(np.zeros(256, np.float32))}, compute=True)
        tiles = {}
        original = I.Interpreter.handlers["pto.alloc_tile"]

        def alloc(self, op):
            original(self, op)
            t = self.env[op.results[0]]
            tiles[t.loc] = t
            if t.loc in ("left", "right"):
                t.write(np.ones((t.rows, t.cols), np.float32).view(np.uint32))
            else:
                t.write(np.full((t.rows, t.cols), 5.0, np.float32).view(np.uint32))

        run.handlers = dict(I.Interpreter.handlers, **{"pto.alloc_tile": alloc})
        run.run(func)
    acc = tiles["acc"].read().view(np.float32)
    assert (acc[:, :8] == 32.0).all() and (acc[:, 8:] == 5.0).all()  # N = 8 valid columns
    (store,) = run.stores
    assert store.flat.shape == (8, 16)  # the valid 8 rows after set_validshape
    assert (store.raw.view(np.float32)[:, :8] == 32.0).all()


# --------------------------------------------------------------------------- the shared kernels


@pytest.mark.skipif(not KERNELS, reason=f"the shared kernels are not at {SHARED}")
@pytest.mark.parametrize("path", KERNELS, ids=[os.path.basename(p)[:-4] for p in KERNELS])
def test_shared_kernel_runs_against_its_round_trip(ctx3, path):
    """Every op of pypto's real cube kernels runs: the kernel against its own
    parse/print round trip (ND, no NZ argument), and the addressing check."""
    original = _parse(ctx3, path)
    again = ir.Module.parse(str(original), context=ctx3)
    r = K.check_kernel_results(original, again, {}, samples=2)
    assert r.ok, r.summary()
    assert r.stores >= 1 and r.elements >= 1, r.summary()
    a = check_pipeline(original, again, samples=2)
    assert a.ok and a.total >= 1, a.summary()


def _weight_views_to_logical_nz(module, shape):
    """What issue 19 did by hand to exp_gate_mm: every view of the given
    constant shape becomes the logical NZ form `strides = [] {layout = nz}`."""
    from ptonz.analyses.ir_queries import constant_int

    func = K.defined_functions(module)[0]
    pool = _ptonz.IndexConstants(func)
    n = 0
    for v in ops_named(module.operation, "pto.make_tensor_view"):
        if [constant_int(s) for s in v.shape] == list(shape):
            _ptonz.set_views_strides([(v.operation, [])], pool)
            v.operation.attributes["layout"] = ir.Attribute.parse("#pto.layout<nz>")
            n += 1
    return n


EXP_GATE = os.path.join(SHARED, "exp_gate_mm.pto")


@pytest.mark.skipif(not os.path.exists(EXP_GATE), reason=f"{EXP_GATE} is not there")
def test_exp_gate_mm_with_its_weight_nz_matches_the_nd_kernel(ctx3):
    """pypto's exp_gate_mm reads W1 [32, 2048, 4096] i8 through a flattened
    [65536, 4096] view; with both weight views in the logical NZ form (one NZ
    matrix) it lowers, and the lowered kernel reading the 256 MiB weight
    NZ-packed (lazily hashed) stores what the original stores, bit for bit,
    and reads the same tiles."""
    nd = _parse(ctx3, EXP_GATE)
    nz = _parse(ctx3, EXP_GATE)
    assert _weight_views_to_logical_nz(nz, (65536, 4096)) == 2
    low = lower(nz)
    launch = {"exp_gate_mm": {4: (0, 32), 5: (0, 2)}}  # expert in [0, 32), 2 blocks
    r = K.check_kernel_results(
        nd, low, {"exp_gate_mm": {2: (65536, 4096)}}, samples=2, arg_ranges=launch
    )
    assert r.ok, r.summary()
    assert (r.stores, r.elements, r.block_ids) == (4, 4 * 16 * 256, [0, 1]), r.summary()
    assert list(r.sampled.values()) == [(2, 4)]  # 2 of the 4 N groups, K in full
    a = check_pipeline(nz, low, samples=2)
    assert a.ok and a.total == 128, a.summary()
    # Packed per expert ([32, 2048, 4096]) the bytes are not those this
    # lowering (one [65536, 4096] matrix) addresses: caught.
    wrong = K.check_kernel_results(
        nd, low, {"exp_gate_mm": {2: (32, 2048, 4096)}}, samples=1, arg_ranges=launch
    )
    assert not wrong.ok and "elements differ" in wrong.mismatch.reason
