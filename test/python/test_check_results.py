"""The result check (ptonz.sim.results): ND and NZ builds against NumPy."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from mlir import ir

from ptonz.analyses.ir_queries import ops_named
from ptonz.sim import results as R
from ptonz.sim.check import CheckError

from conftest import EXAMPLES, read


def _example(name):
    return read(EXAMPLES / name)


def test_seed001_both_builds_match_numpy(ctx):
    r = R.check_results(_example("seed001_grouped_matmul_pl.mlir"), samples=2, context=ctx)
    assert r.ok, r.summary()
    assert r.has_nz and r.element_type == "i32"
    # 2 of 32 experts x 2 of 8 N blocks, one 64x256 accumulator each.
    assert (r.stores, r.elements) == (4, 4 * 64 * 256)
    assert sorted(r.sampled.values()) == [(2, 8), (2, 32)]
    assert "match NumPy exactly" in r.summary() and "bit-identical" in r.summary()


def test_seed001_out_is_x_times_w1_e_transposed(ctx):
    """The literal check: after the run, out's sampled N blocks hold
    x[0:64] @ w1[e].T for the last sampled expert, in both builds."""
    text = _example("seed001_grouped_matmul_pl.mlir")
    r = R.check_results(text, samples=2, seed=0, context=ctx)
    assert r.ok
    pl = R._pl_module(text, ctx)
    func = R.defined_functions(pl)[0]
    inputs = R._Inputs(R._pl_args(func), seed=0)  # the check's inputs (seeded)
    _k_loop, nb_loop, e_loop = [op.operation for op in ops_named(func, "scf.for")]  # post-order
    policy = R.LoopSampler(0, 2, R.LoopSampler.decisions(pl))
    e_last = list(policy(e_loop, 0, 32, 1, False))[-1]
    blocks = list(policy(nb_loop, 0, 8, 1, False))
    cols = np.concatenate([np.arange(b * 256, (b + 1) * 256) for b in blocks])
    x_flat = np.arange(64 * 4096, dtype=np.int64)
    x = inputs.logical[0].read(x_flat).view(np.int8).reshape(64, 4096).astype(np.float64)
    w_flat = ((e_last * 2048 + cols[:, None]) * 4096 + np.arange(4096)[None, :]).astype(np.int64)
    w = inputs.logical[1].read(w_flat).view(np.int8).astype(np.float64)  # w1[e, cols, :]
    want = (x @ w.T).astype(np.int64).astype(np.int32)  # NumPy's x @ w1[e].T, those columns
    rest = np.ones((512, 2048), dtype=bool)
    rest[0:64, cols] = False
    for build in ("ref", "nd", "nz"):
        out = r.outputs[build][2]
        assert np.array_equal(out[0:64, cols], want), build
        assert not out[rest].any(), build


def test_seed000_probe(ctx):
    r = R.check_results(_example("seed000_nz_probe_pl.mlir"), context=ctx)
    assert r.ok and (r.stores, r.elements) == (1, 64 * 256)


def test_the_check_computes_numbers(ctx):
    """The stored tile really is x @ w.T (not zeros): recompute it here."""
    text = _example("seed000_nz_probe_pl.mlir")
    pl = R._pl_module(text, ctx)
    with ctx:
        nd, nz = R.builds(pl)
        func = R.defined_functions(pl)[0]
        args = R._pl_args(func)
        inputs = R._Inputs(args, seed=0)
        x = inputs._eager[0].astype(np.int64)
        w = inputs._eager[1].astype(np.int64)
        out = R._output_buffer(args[2])
        from ptonz.sim import interpreter as I

        run = I.Interpreter(
            {0: inputs.gm(args[0], "nd"), 1: inputs.gm(args[1], "nz"), 2: out}, compute=True
        )
        run.run(R.defined_functions(nz)[0])
    got = out.data.view(np.int32).reshape(64, 256)
    assert np.array_equal(got, (x @ w.T).astype(np.int32))
    assert np.count_nonzero(got) > 0


# --------------------------------------------------------------------------- wrong lowerings


def _lowered(ctx, name):
    pl = R._pl_module(_example(name), ctx)
    with ctx:
        nd, nz = R.builds(pl)
    return pl, nd, nz


def _check(ctx, pl, nd, nz, samples=2):
    with ctx:
        return R.compare_builds(pl, nd, nz, samples=samples)[0]


def test_swapped_blocked_offsets_are_caught(ctx):
    """The NZ partition's [col/c0, row/16] block offsets swapped."""
    pl, nd, nz = _lowered(ctx, "seed001_grouped_matmul_pl.mlir")
    swapped = 0
    for pv in ops_named(nz.operation, "pto.partition_view"):
        op = pv.operation
        if len(op.operands) == 11:  # a rank-5 (blocked NZ) partition
            a, b = op.operands[2], op.operands[3]
            op.operands[2], op.operands[3] = b, a
            swapped += 1
    assert swapped == 2
    r = _check(ctx, pl, nd, nz)
    assert not r.ok
    assert r.mismatch.build == "NZ build"
    assert "NumPy" in r.mismatch.describe() and "elements differ" in r.mismatch.describe()
    assert "MISMATCH at" in r.summary()


def test_swapped_extract_indices_are_caught(ctx):
    """A K chunk of the left operand taken from the wrong place."""
    pl, nd, nz = _lowered(ctx, "seed000_nz_probe_pl.mlir")
    for te in ops_named(nz.operation, "pto.textract"):
        op = te.operation
        if op.operands[1] != op.operands[2]:  # (0, 256): the second K chunk of x
            op.operands[1], op.operands[2] = op.operands[2], op.operands[1]
            break
    else:
        pytest.fail("no textract with distinct indices")
    r = _check(ctx, pl, nd, nz)
    assert not r.ok and r.mismatch.build == "NZ build"


def test_transposed_view_of_the_wrong_tile_is_caught(ctx):
    """The b_trans operand reshaped from another tile of the same size than
    the weight tile (here the second K chunk's weight tile in seed 001)."""
    pl, nd, nz = _lowered(ctx, "seed001_grouped_matmul_pl.mlir")
    views = [v.operation for v in ops_named(nz.operation, "pto.treshape")]
    assert len(views) == 2
    views[1].operands[0] = views[0].operands[0]  # the first load's weight tile
    r = _check(ctx, pl, nd, nz)
    assert not r.ok and r.mismatch.build == "NZ build"


def test_wrong_store_offset_is_caught(ctx):
    pl, nd, nz = _lowered(ctx, "seed001_grouped_matmul_pl.mlir")
    store = ops_named(nd.operation, "pto.tstore")[0].operation
    part = store.operands[1].owner
    part.operands[2] = part.operands[1]  # [0, n0] -> [0, 0]
    r = _check(ctx, pl, nd, nz)
    assert not r.ok and r.mismatch.build == "ND build"
    assert "stores tile[0, 0] to out[0, 0], NumPy to out[0, " in r.mismatch.reason
    assert [name for name, _ in r.mismatch.iteration] == ["%e", "%nb"] or len(
        r.mismatch.iteration
    ) == 2


def test_a_lowered_kernel_that_fails_is_a_mismatch(ctx):
    pl, nd, nz = _lowered(ctx, "seed001_grouped_matmul_pl.mlir")
    store = ops_named(nz.operation, "pto.tstore")[0].operation
    part = store.operands[1].owner
    part.operands[1], part.operands[2] = part.operands[2], part.operands[1]  # [n0, 0]
    r = _check(ctx, pl, nd, nz)
    assert not r.ok and r.mismatch.build == "NZ build"
    assert "the lowered kernel fails: partition dim 0" in r.mismatch.reason
    assert len(r.mismatch.iteration) == 2  # e, nb


def test_builds_that_differ_from_each_other_are_caught(ctx):
    """Both builds within float tolerance but not bit-identical."""
    r = R.ResultCheck()
    assert r.ok
    text = """
    func.func @f(%x: !pl.tensor<16x32xf16>, %w: !pl.tensor<16x32xf16, nz>, %o: !pl.tensor<16x16xf32>) {
      %c0 = arith.constant 0 : index
      %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [16, 32] {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xf16> -> !pl.tile<16x32xf16, mat>
      %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 32] {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xf16, nz> -> !pl.tile<16x32xf16, mat>
      %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<16x32xf16, mat>, !pl.tile<16x32xf16, mat> -> !pl.tile<16x16xf32, acc>
      pl.tile.store %a, %o, offsets = [%c0, %c0] : !pl.tile<16x16xf32, acc>, !pl.tensor<16x16xf32>
      return
    }"""
    pl = R._pl_module(text, ctx)
    with ctx:
        nd, nz = R.builds(pl)
        real = _perturb_stores(nd)
        r = R.compare_builds(pl, nd, nz)[0]
    assert real and not r.ok and r.mismatch.build == "ND vs NZ"


def _perturb_stores(module):
    """Make the ND build's tstore write one ulp more in the first element:
    the interpreter's tstore is wrapped to perturb its data."""
    from ptonz.sim import interpreter as I

    original = I.Interpreter._tstore

    def perturbed(self, op):
        tile = self._tile(op.operands[0], op)
        raw = tile.read()
        raw[0, 0] += 1
        tile.write(raw)
        original(self, op)

    stores = ops_named(module.operation, "pto.tstore")
    for s in stores:
        s.operation.attributes["test.perturb"] = ir.UnitAttr.get()

    def dispatch(self, op):
        if "test.perturb" in op.attributes:
            return perturbed(self, op)
        return original(self, op)

    I.Interpreter.handlers = dict(I.Interpreter.handlers)
    I.Interpreter.handlers["pto.tstore"] = dispatch
    return bool(stores)


@pytest.fixture(autouse=True)
def _restore_handlers():
    from ptonz.sim import interpreter as I

    saved = I.Interpreter.handlers
    yield
    I.Interpreter.handlers = saved


def test_already_lowered_input_is_refused(ctx):
    pl, nd, nz = _lowered(ctx, "seed000_nz_probe_pl.mlir")
    with pytest.raises(CheckError, match="needs the pl program"):
        R.check_results(str(nz), context=ctx)


def test_rejected_kernel_reports_the_lowering_error(ctx):
    text = (
        _example("seed000_nz_probe_pl.mlir")
        .replace("sizes = [64, 512]", "sizes = [40, 512]")
        .replace("64x512xi8, mat", "40x512xi8, mat")
        .replace("64x256xi32, acc", "40x256xi32, acc")
    )
    with pytest.raises(CheckError, match="M = 40 is not a multiple of 16"):
        R.check_results(text, context=ctx)


# --------------------------------------------------------------------------- hypothesis


ACC = {"i8": "i32", "f16": "f32", "bf16": "f32"}
K_ALIGN = {"i8": 32, "f16": 16, "bf16": 16}


@st.composite
def kernels(draw):
    """A grouped-matmul kernel in pl: dtype, tile sizes, weight rank and
    layout, b_trans, and the forms of its N and batch offsets."""
    dtype = draw(st.sampled_from(["i8", "f16", "bf16"]))
    acc = ACC[dtype]
    b_trans = draw(st.booleans())
    mt = draw(st.sampled_from([16, 32, 64]))
    n_align = 16 if b_trans else (32 if dtype == "i8" else 16)
    nt = n_align * draw(st.integers(1, 128 // n_align))
    kt = K_ALIGN[dtype] * draw(st.integers(1, 256 // K_ALIGN[dtype]))
    nb = draw(st.integers(1, 3))
    kb = draw(st.integers(1, 3))
    layout = draw(st.sampled_from(["nz", "nz", "nd"]))
    batch = draw(st.sampled_from([None, 1, 2, 3]))
    n_form = draw(st.sampled_from(["muli", "iv", "addi"] + (["const"] if nb == 1 else [])))
    e_form = draw(st.sampled_from(["const", "loop"] + (["block"] if batch and batch >= 2 else [])))
    m0 = draw(st.sampled_from([0, mt]))
    n_total, k_total = nt * nb, kt * kb
    x_rows = m0 + mt
    # The weight as stored: [N, K] with b_trans, [K, N] without.
    wdims = [n_total, k_total] if b_trans else [k_total, n_total]
    if batch is not None:
        wdims = [batch] + wdims
    wshape = "x".join(map(str, wdims))
    consts = sorted({0, 1, nt, kt, nb, k_total, n_total, m0} | ({batch} if batch else set()))
    lines = [
        f"func.func @k(%x: !pl.tensor<{x_rows}x{k_total}x{dtype}>, "
        f"%w: !pl.tensor<{wshape}x{dtype}{', nz' if layout == 'nz' else ''}>, "
        f"%out: !pl.tensor<{(str(batch) + 'x') if batch else ''}{x_rows}x{n_total}x{acc}>) {{"
    ]
    lines += [f"  %c{c} = arith.constant {c} : index" for c in consts]
    ind = "  "
    e = "%c0"
    closers = []
    if batch is not None and e_form == "loop":
        lines.append(f"{ind}scf.for %e = %c0 to %c{batch} step %c1 {{")
        e, ind = "%e", ind + "  "
        closers.append(ind[:-2] + "}")
    elif batch is not None and e_form == "block":
        lines.append(f"{ind}%e = pl.get_block_idx")
        e = "%e"
    if n_form == "iv":
        lines.append(f"{ind}scf.for %n0 = %c0 to %c{n_total} step %c{nt} {{")
    else:
        lines.append(f"{ind}scf.for %nb = %c0 to %c{nb} step %c1 {{")
    closers.append(ind + "}")
    ind += "  "
    if n_form == "muli":
        lines.append(f"{ind}%n0 = arith.muli %nb, %c{nt} : index")
    elif n_form == "addi":
        lines.append(f"{ind}%nn = arith.muli %nb, %c{nt} : index")
        lines.append(f"{ind}%n0 = arith.addi %nn, %c0 : index")
    elif n_form == "const":
        lines.append(f"{ind}%n0 = arith.addi %c0, %c0 : index")
    lead = [e] if batch is not None else []
    lead_size = [1] if batch is not None else []
    xt_t = f"!pl.tile<{mt}x{kt}x{dtype}, mat>"
    wt_t = f"!pl.tile<{nt}x{kt}x{dtype}, mat>" if b_trans else f"!pl.tile<{kt}x{nt}x{dtype}, mat>"
    acc_t = f"!pl.tile<{mt}x{nt}x{acc}, acc>"
    x_ty = f"!pl.tensor<{x_rows}x{k_total}x{dtype}>"
    w_ty = f"!pl.tensor<{wshape}x{dtype}{', nz' if layout == 'nz' else ''}>"
    bt = " b_trans" if b_trans else ""

    def loads(k, name):
        w_off = lead + (["%n0", k] if b_trans else [k, "%n0"])
        w_sz = lead_size + ([nt, kt] if b_trans else [kt, nt])
        return [
            f"{ind}%x{name} = pl.tile.load %x, offsets = [%c{m0}, {k}], sizes = [{mt}, {kt}] "
            f"{{target_memory = #pl.memory<mat>}} : {x_ty} -> {xt_t}",
            f"{ind}%w{name} = pl.tile.load %w, offsets = [{', '.join(w_off)}], sizes = "
            f"[{', '.join(map(str, w_sz))}] {{target_memory = #pl.memory<mat>}} : {w_ty} -> {wt_t}",
        ]

    lines += loads("%c0", "0")
    lines.append(f"{ind}%acc0 = pl.tile.matmul %x0, %w0{bt} : {xt_t}, {wt_t} -> {acc_t}")
    result = "%acc0"
    if kb > 1:
        lines.append(
            f"{ind}%acc = scf.for %k0 = %c{kt} to %c{k_total} step %c{kt} "
            f"iter_args(%a = %acc0) -> ({acc_t}) {{"
        )
        ind2 = ind
        ind += "  "
        lines += loads("%k0", "k")
        lines.append(f"{ind}%a2 = pl.tile.matmul_acc %a, %xk, %wk{bt} : {acc_t}, {xt_t}, {wt_t}")
        lines.append(f"{ind}scf.yield %a2 : {acc_t}")
        ind = ind2
        lines.append(f"{ind}}}")
        result = "%acc"
    out_off = ([e] if batch else []) + [f"%c{m0}", "%n0"]
    out_ty = f"!pl.tensor<{(str(batch) + 'x') if batch else ''}{x_rows}x{n_total}x{acc}>"
    lines.append(
        f"{ind}pl.tile.store {result}, %out, offsets = [{', '.join(out_off)}] : {acc_t}, {out_ty}"
    )
    lines += list(reversed(closers))
    lines += ["  return", "}"]
    return "\n".join(lines), dtype, layout


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernels(), st.integers(0, 3))
def test_both_builds_match_numpy(kernel, seed):
    text, dtype, layout = kernel
    note(text)
    with ir.Context() as ctx, ir.Location.unknown():
        r = R.check_results(text, samples=2, seed=seed, context=ctx)
    assert r.ok, r.summary()
    assert r.stores > 0 and r.has_nz == (layout == "nz")
    if dtype == "i8":
        assert "exactly" in r.summary()
    else:
        assert r.max_error_ratio <= 1.0
