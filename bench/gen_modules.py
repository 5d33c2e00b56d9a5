#!/usr/bin/env python3
"""Generate large, realistic pl (or logical pto) modules for benchmarking ptonz.

A module is a sequence of kernels (`func.func`) shaped like the seed-001
grouped matmul, varied deterministically from kernel to kernel:

* ``grouped`` -- a 3-D NZ weight ``w[E, N, K]`` read under an expert loop,
  an SPMD loop over N tiles (``scf.for %nb = 0 to NB step 1``, ``n0 = nb * 256``)
  and a pipelined K loop (``scf.for %k0 = 512 to K step 512``);
* ``dense``   -- a 2-D NZ weight whose N offset also depends on the core:
  ``n0 = get_block_idx * (NB * 256) + nb * 256``;
* ``fused``   -- two 2-D NZ weights (gate/up) read in the same pipelined loop.

Every kernel also loads ND activations ``x[m0, k0]`` with
``m0 = get_block_idx * 64`` and writes an ND residual tile back with
``pl.tile.store`` (pto form: ``pto.tstore``). Element types cycle through
i8 / f16 / bf16 (NZ c0 = 32 / 16 / 16); all shapes and offsets are aligned, so
the module is accepted by ``ptonz-opt --lower-to-ptoas``.

Forms: ``pl`` (default; the input of convert-pl-to-pto: the pl dialect has
no compute ops, so these kernels are loads and stores only -- the worst case
for a lowering, whose every load is rewritten), ``pto`` (the same kernels as
logical pto), and ``cube`` (logical pto as PTOAS-emitted cube kernels are
written: each K step also moves the tiles mat->left/right with ``pto.tmov``,
runs ``pto.tmatmul`` / ``pto.tmatmul.acc`` into an acc tile and synchronises
the pipes with ``pto.set_flag`` / ``pto.wait_flag``; the acc tile is stored
with ``pto.tstore``; K tiles are 256 so the NZ weight tile is a square
[K, N] right operand); ``chain`` (one pto kernel whose every op but a few
lies on one dependence chain, `addi` / `maxsi` / `minsi` of the row offset
of its one ND partition: what the range analysis and the verify passes walk
is as deep as the module is large, so its growth shows any cost quadratic
in a slice's depth); ``calls`` (the ``pto`` kernels as private functions,
each called by a `pto.entry` kernel of its own: a module of many kernels
and calls, whose growth shows any cost quadratic in the number of
functions) and ``pl-calls`` (the same of the ``pl`` kernels, whose
callers convert-pl-to-pto lowers too).

Kernels are appended until the module reaches the requested operation count
(counted as MLIR counts them: ``builtin.module``, ``func.func``, ``func.return``,
every ``scf.for`` and its implicit ``scf.yield``). The count is exact for the
text produced; it is returned and written as a header comment.

    python bench/gen_modules.py --ops 10000 [--form pl|pto|cube|chain|calls|pl-calls] [-o out.mlir]

Output is a pure function of (ops, form, seed).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from typing import List, Tuple

N_TILE = 256  # SPMD N tile: offsets nb * 256
K_TILE = 512  # pipelined K tile: scf.for %k0 = 512 to K step 512
M_TILE = 64  # activation rows per core: m0 = block_idx * 64
DTYPES = ("i8", "f16", "bf16")
KINDS = ("grouped", "dense", "fused")
# pl programs, pto kernels, pto cube kernels, one kernel of one long chain,
# pto (pl) kernels each called by a kernel of its own
FORMS = ("pl", "pto", "cube", "chain", "calls", "pl-calls")
CALLED_FORMS = {"calls": "pto", "pl-calls": "pl"}

# tile_buf of each memory, as convert-pl-to-pto builds it (pto form).
TILE_BUF = {
    "mat": "blayout=col_major, slayout=row_major",
    "vec": "blayout=row_major, slayout=none_box",
    "left": "blayout=row_major, slayout=row_major",
    "right": "blayout=row_major, slayout=col_major",
    "acc": "blayout=col_major, slayout=row_major, fractal=1024",
}
ACC_DTYPE = {"i8": "i32", "f16": "f32", "bf16": "f32"}


class _Kernel:
    """Emits one kernel's lines while counting the operations they parse to."""

    def __init__(self, form: str):
        self.form = form
        self.lines: List[str] = []
        self.ops = 0
        self.consts: dict = {}
        self.tmp = 0
        self.views: dict = {}  # pto form: tensor arg -> (view value, rank)

    # -- helpers -----------------------------------------------------------
    def emit(self, depth: int, text: str, ops: int = 1) -> None:
        self.lines.append("  " * depth + text)
        self.ops += ops

    def fresh(self, stem: str) -> str:
        self.tmp += 1
        return f"%{stem}{self.tmp}"

    def const(self, v: int) -> str:
        return self.consts[v]

    def want(self, *vals: int) -> None:
        for v in vals:
            self.consts.setdefault(v, f"%c{v}")

    # -- ops ---------------------------------------------------------------
    def load(
        self,
        depth: int,
        tensor: str,
        ttype: str,
        rank: int,
        offsets: List[str],
        sizes: List[int],
        dtype: str,
        memory: str,
    ) -> str:
        tile_shape = [s for s in sizes]
        while len(tile_shape) > 2 and tile_shape[0] == 1:
            tile_shape = tile_shape[1:]
        rows, cols = tile_shape
        res = self.fresh("t")
        if self.form == "pl":
            self.emit(
                depth,
                f"{res} = pl.tile.load {tensor}, offsets = [{', '.join(offsets)}], "
                f"sizes = [{', '.join(map(str, sizes))}] "
                f"{{target_memory = #pl.memory<{memory}>}} : {ttype} -> "
                f"!pl.tile<{rows}x{cols}x{dtype}, {memory}>",
            )
            return res
        view, vtype = self.views[tensor]
        pv = self.fresh("pv")
        ptype = f"!pto.partition_tensor_view<{'x'.join(map(str, sizes))}x{dtype}>"
        size_vals = ", ".join(self.const(s) for s in sizes)
        self.emit(
            depth,
            f"{pv} = pto.partition_view {view}, offsets = [{', '.join(offsets)}], "
            f"sizes = [{size_vals}] : {vtype} -> {ptype}",
        )
        tb = f"!pto.tile_buf<{memory}, {rows}x{cols}x{dtype}, {TILE_BUF[memory]}>"
        self.emit(depth, f"{res} = pto.alloc_tile : {tb}")
        self.emit(depth, f"pto.tload ins({pv} : {ptype}) outs({res} : {tb})")
        self.tiles = getattr(self, "tiles", {})
        self.tiles[res] = tb
        return res

    def store(
        self,
        depth: int,
        tile: str,
        rows: int,
        cols: int,
        dtype: str,
        memory: str,
        tensor: str,
        ttype: str,
        offsets: List[str],
    ) -> None:
        if self.form == "pl":
            self.emit(
                depth,
                f"pl.tile.store {tile}, {tensor}, offsets = [{', '.join(offsets)}] : "
                f"!pl.tile<{rows}x{cols}x{dtype}, {memory}>, {ttype}",
            )
            return
        view, vtype = self.views[tensor]
        pv = self.fresh("pv")
        ptype = f"!pto.partition_tensor_view<{rows}x{cols}x{dtype}>"
        self.emit(
            depth,
            f"{pv} = pto.partition_view {view}, offsets = [{', '.join(offsets)}], "
            f"sizes = [{self.const(rows)}, {self.const(cols)}] : {vtype} -> {ptype}",
        )
        self.emit(depth, f"pto.tstore ins({tile} : {self.tiles[tile]}) outs({pv} : {ptype})")

    def sync(self, depth: int, src: str, dst: str) -> None:
        self.emit(depth, f"pto.set_flag[<{src}>, <{dst}>, <EVENT_ID0>]")
        self.emit(depth, f"pto.wait_flag[<{src}>, <{dst}>, <EVENT_ID0>]")

    def alloc(self, depth: int, memory: str, rows: int, cols: int, dtype: str) -> str:
        t = self.fresh(memory[0])
        tb = f"!pto.tile_buf<{memory}, {rows}x{cols}x{dtype}, {TILE_BUF[memory]}>"
        self.emit(depth, f"{t} = pto.alloc_tile : {tb}")
        self.tiles = getattr(self, "tiles", {})
        self.tiles[t] = tb
        return t

    def mma(self, depth: int, x: str, ws: List[str], accs: List[str], first: bool) -> None:
        """One K step of a cube kernel: mat -> left/right, matmul into the accs."""
        self.sync(depth, "PIPE_MTE2", "PIPE_MTE1")
        mx, kx = self.shape_of(x)
        left = self.alloc(depth, "left", mx, kx, self.dtype_of(x))
        self.emit(depth, f"pto.tmov ins({x} : {self.tiles[x]}) outs({left} : {self.tiles[left]})")
        rights = []
        for w in ws:
            kw, nw = self.shape_of(w)
            r = self.alloc(depth, "right", kw, nw, self.dtype_of(w))
            self.emit(depth, f"pto.tmov ins({w} : {self.tiles[w]}) outs({r} : {self.tiles[r]})")
            rights.append(r)
        self.sync(depth, "PIPE_MTE1", "PIPE_M")
        for r, acc in zip(rights, accs):
            tl, tr, ta = self.tiles[left], self.tiles[r], self.tiles[acc]
            if first:
                self.emit(depth, f"pto.tmatmul ins({left}, {r} : {tl}, {tr}) outs({acc} : {ta})")
            else:
                self.emit(
                    depth,
                    f"pto.tmatmul.acc ins({acc}, {left}, {r} : {ta}, {tl}, {tr}) "
                    f"outs({acc} : {ta})",
                )
        self.sync(depth, "PIPE_M", "PIPE_MTE2")

    def shape_of(self, tile: str) -> Tuple[int, int]:
        dims = self.tiles[tile].split(", ")[1].split("x")
        return int(dims[0]), int(dims[1])

    def dtype_of(self, tile: str) -> str:
        return self.tiles[tile].split(", ")[1].split("x")[-1].rstrip(">")


def _kernel(index: int, rng: random.Random, form: str) -> Tuple[List[str], int]:
    kind = KINDS[index % len(KINDS)]
    dtype = DTYPES[(index // len(KINDS)) % len(DTYPES)]
    cube = form == "cube"
    form = "pto" if cube else form
    kt = N_TILE if cube else K_TILE  # K tile; cube: square [K, N] weight tiles
    E = rng.choice((4, 8, 16, 32))
    NB = rng.choice((2, 4, 8))  # SPMD lanes over N (per core for dense/fused)
    N = NB * N_TILE * (1 if kind == "grouped" else 8)
    K = kt * rng.choice((2, 4, 8))
    M = M_TILE * 8
    k = _Kernel(form)

    # Tensors: (name, shape, layout)
    tensors = [("x", (M, K), "nd")]
    if kind == "grouped":
        tensors.append(("w", (E, N, K), "nz"))
    elif kind == "dense":
        tensors.append(("w", (N, K), "nz"))
    else:
        tensors += [("wg", (N, K), "nz"), ("wu", (N, K), "nz")]
    tensors += [("res", (M, N), "nd"), ("out", (M, N), "nd")]
    if cube:
        tensors.append(("y", (M, N), "nd"))  # the matmul result, in the acc dtype
    acc_dtype = ACC_DTYPE[dtype]

    def tdtype(name):
        return acc_dtype if name == "y" else dtype

    def pl_type(shape, layout):
        s = "x".join(map(str, shape)) + f"x{dtype}"
        return f"!pl.tensor<{s}, nz>" if layout == "nz" else f"!pl.tensor<{s}>"

    ttypes = {f"%{n}": pl_type(s, lay) for n, s, lay in tensors}
    k.want(0, 1, M_TILE, N_TILE, kt, K, NB, E, NB * N_TILE, M, N)
    for _, s, _ in tensors:
        k.want(*s)
    if form == "pto":
        k.want(1, M_TILE, N_TILE, kt)

    # Signature.
    if form == "pl":
        args = ", ".join(f"%{n}: {ttypes['%' + n]}" for n, _, _ in tensors)
    else:
        args = ", ".join(f"%{n}: !pto.ptr<{tdtype(n)}>" for n, _, _ in tensors)
    k.emit(0, f"func.func @{kind}_{dtype}_{index}({args}) {{")
    body: List[str] = []
    k.lines, header = body, k.lines

    # Views (pto form).
    if form == "pto":
        for n, s, layout in tensors:
            v = f"%v_{n}"
            vtype = f"!pto.tensor_view<{'x'.join('?' for _ in s)}x{tdtype(n)}>"
            shape = ", ".join(k.const(d) for d in s)
            k.emit(
                1,
                f"{v} = pto.make_tensor_view %{n}, shape = [{shape}], strides = [] "
                f"{{layout = #pto.layout<{layout}>}} : {vtype}",
            )
            k.views[f"%{n}"] = (v, vtype)
            ttypes[f"%{n}"] = vtype

    # Core index: m0 = block_idx * 64.
    if form == "pl" and index % 2:
        k.emit(1, "%bi = pl.get_block_idx")
    else:
        k.emit(1, "%b = pto.get_block_idx")
        k.emit(1, "%bi = arith.index_cast %b : i64 to index")
    k.emit(1, f"%m0 = arith.muli %bi, {k.const(M_TILE)} : index")

    c0, c1 = k.const(0), k.const(1)
    d = 1
    if kind == "grouped":
        k.emit(d, f"scf.for %e = {c0} to {k.const(E)} step {c1} {{", ops=2)
        d += 1
    # SPMD loop over N tiles.
    k.emit(d, f"scf.for %nb = {c0} to {k.const(NB)} step {c1} {{", ops=2)
    d += 1
    if kind == "dense":
        k.emit(d, f"%nbase = arith.muli %bi, {k.const(NB * N_TILE)} : index")
        k.emit(d, f"%nloc = arith.muli %nb, {k.const(N_TILE)} : index")
        k.emit(d, "%n0 = arith.addi %nbase, %nloc : index")
    else:
        k.emit(d, f"%n0 = arith.muli %nb, {k.const(N_TILE)} : index")

    weights = [n for n, _, lay in tensors if lay == "nz"]

    def wload(depth, w, koff):
        if kind == "grouped":
            return k.load(
                depth,
                f"%{w}",
                ttypes[f"%{w}"],
                3,
                ["%e", "%n0", koff],
                [1, N_TILE, kt],
                dtype,
                "mat",
            )
        return k.load(depth, f"%{w}", ttypes[f"%{w}"], 2, ["%n0", koff], [N_TILE, kt], dtype, "mat")

    accs = [k.alloc(d, "acc", M_TILE, N_TILE, acc_dtype) for _ in weights] if cube else []
    # Prologue: k0 = 0.
    x = k.load(d, "%x", ttypes["%x"], 2, ["%m0", c0], [M_TILE, kt], dtype, "mat")
    ws = [wload(d, w, c0) for w in weights]
    if cube:
        k.mma(d, x, ws, accs, first=True)
    # Pipelined K loop.
    k.emit(d, f"scf.for %k0 = {k.const(kt)} to {k.const(K)} step {k.const(kt)} {{", ops=2)
    x = k.load(d + 1, "%x", ttypes["%x"], 2, ["%m0", "%k0"], [M_TILE, kt], dtype, "mat")
    ws = [wload(d + 1, w, "%k0") for w in weights]
    if cube:
        k.mma(d + 1, x, ws, accs, first=False)
    k.emit(d, "}", ops=0)
    if cube:
        k.sync(d, "PIPE_M", "PIPE_FIX")
        for acc in accs:
            k.store(d, acc, M_TILE, N_TILE, acc_dtype, "acc", "%y", ttypes["%y"], ["%m0", "%n0"])
    # Epilogue: residual tile -> out.
    r = k.load(d, "%res", ttypes["%res"], 2, ["%m0", "%n0"], [M_TILE, N_TILE], dtype, "vec")
    k.store(d, r, M_TILE, N_TILE, dtype, "vec", "%out", ttypes["%out"], ["%m0", "%n0"])
    while d > 1:
        d -= 1
        k.emit(d, "}", ops=0)
    k.emit(1, "return")
    k.emit(0, "}", ops=0)

    consts = [f"  %c{v} = arith.constant {v} : index" for v in sorted(k.consts)]
    return header + consts + body, k.ops + len(consts)


def _chain_kernel(target_ops: int) -> Tuple[List[str], int]:
    """The `chain` form's one kernel, target_ops operations (at least 15)."""
    tile = f"!pto.tile_buf<mat, 16x64xi8, {TILE_BUF['mat']}>"
    consts = (0, 1, 16, 64, 4080, 4096)
    n = max(1, target_ops - len(consts) - 9)  # module, func, 2, n, 4, return
    lines = ["func.func @chain(%w: !pto.ptr<i8>, %b: index) {"]
    lines += [f"  %c{v} = arith.constant {v} : index" for v in consts]
    lines += ["  %r = arith.remui %b, %c16 : index", "  %x0 = arith.muli %r, %c16 : index"]
    steps = ("addi {x}, %c0", "maxsi {x}, %c0", "minsi {x}, %c4080")
    for i in range(n):
        lines.append(f"  %x{i + 1} = arith.{steps[i % 3].format(x=f'%x{i}')} : index")
    lines += [
        "  %v = pto.make_tensor_view %w, shape = [%c4096, %c64], strides = [%c64, %c1] "
        "{layout = #pto.layout<nd>} : !pto.tensor_view<4096x64xi8>",
        f"  %p = pto.partition_view %v, offsets = [%x{n}, %c0], sizes = [%c16, %c64] "
        ": !pto.tensor_view<4096x64xi8> -> !pto.partition_tensor_view<16x64xi8>",
        f"  %t = pto.alloc_tile : {tile}",
        f"  pto.tload ins(%p : !pto.partition_tensor_view<16x64xi8>) outs(%t : {tile})",
        "  return",
        "}",
    ]
    return lines, 1 + len(consts) + 2 + n + 4 + 1  # func, ..., return


def _called_kernel(index: int, rng: random.Random, form: str) -> Tuple[List[str], int]:
    """The `calls` (`pl-calls`) form's kernel: a `pto` (`pl`) kernel made
    private (`@K_body`), and a kernel `@K` of the same arguments that calls
    it (pto: an entry; convert-pl-to-pto marks a pl one)."""
    lines, kops = _kernel(index, rng, CALLED_FORMS[form])
    head = re.fullmatch(r"func\.func @(\w+)\((.*)\) \{", lines[0])
    assert head, lines[0]
    name, params = head.groups()
    params_list = re.split(r", (?=%)", params)  # a pl type has ", nz>"
    args = [p.split(":")[0].strip() for p in params_list]
    types = [p.split(":", 1)[1].strip() for p in params_list]
    attrs = " attributes {pto.entry}" if form == "calls" else ""
    entry = [
        f"func.func @{name}({params}){attrs} {{",
        f"  func.call @{name}_body({', '.join(args)}) : ({', '.join(types)}) -> ()",
        "  return",
        "}",
    ]
    body = [f"func.func private @{name}_body({params}) {{"] + lines[1:]
    return body + [""] + entry, kops + 3  # func, call, return


def generate(target_ops: int, form: str = "pl", seed: int = 0) -> Tuple[str, int, int]:
    """Return (module text, exact op count, kernel count); kernels are added
    until the count reaches target_ops (it overshoots by < one kernel)."""
    if form not in FORMS:
        raise ValueError(f"unknown form {form!r}")
    if form == "chain":
        lines, kops = _chain_kernel(target_ops)
        head = (
            f"// Generated by bench/gen_modules.py --ops {target_ops} --form chain: "
            f"1 kernel, {kops + 1} operations.\n"
        )
        return head + "\n".join(lines) + "\n", kops + 1, 1
    rng = random.Random(seed)
    chunks: List[str] = []
    ops = 1  # builtin.module
    n = 0
    while ops < target_ops:
        if form in CALLED_FORMS:
            lines, kops = _called_kernel(n, rng, form)
        else:
            lines, kops = _kernel(n, rng, form)
        chunks.append("\n".join(lines))
        ops += kops
        n += 1
    head = (
        f"// Generated by bench/gen_modules.py --ops {target_ops} --form {form} "
        f"--seed {seed}: {n} kernels, {ops} operations.\n"
    )
    return head + "\n\n".join(chunks) + "\n", ops, n


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ops", type=int, default=10000, help="target operation count")
    p.add_argument(
        "--form",
        choices=FORMS,
        default="pl",
        help="pl (input of convert-pl-to-pto, loads only), logical pto (same "
        "kernels), cube (logical pto with tmov/tmatmul/sync: full cube kernels), "
        "chain (one kernel of one long dependence chain), calls (the pto "
        "kernels, each called by an entry kernel of its own), or pl-calls (the "
        "same of the pl kernels)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("-o", dest="output", default="-", help="output file ('-' = stdout)")
    a = p.parse_args(argv)
    text, ops, n = generate(a.ops, a.form, a.seed)
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{a.output}: {n} kernels, {ops} ops, {len(text)} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
