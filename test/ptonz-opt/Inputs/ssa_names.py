"""ssa_names.py [--same|--kept] [--pto-level=L] [--pto-arch=A] IN OUT: compare
the SSA value and block-argument names of two MLIR files, as MLIR's parser
sees them (ptonz.parse_module keeps each written name as a NameLoc; numbered
values, %0, have none, and %argN, what MLIR's printer calls an unnamed block
argument, is not compared either: a numbered `scf.for %42` prints as %arg9).

--same: the names, in program order, are the same list (a round trip).
--kept: every name IN defines is defined in OUT (a lowering: OUT may add
        names, never lose one).
Prints `same`/`kept` or what differs, and exits 1 when they differ."""

import re
import sys

import ptonz
from mlir import ir
from ptonz import _ptonz


def names(path, arch, level):
    with ir.Context() as ctx, ir.Location.unknown():
        _ptonz.set_ptoas_target(ctx, arch, level)
        with open(path, encoding="utf-8") as f:
            module = ptonz.parse_module(f.read(), path)
        out = []

        def visit(op):
            for region in op.regions:
                for block in region.blocks:
                    out.extend(_ptonz.value_name(a) for a in block.arguments)
            if len(op.results):
                out.append(_ptonz.value_name(op.results[0]))
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
        return [n for n in out if n is not None and not re.fullmatch(r"arg[0-9]+", n)]


def main(argv):
    mode, arch, level, files = "--same", "a3", "level2", []
    for a in argv:
        if a in ("--same", "--kept"):
            mode = a
        elif a.startswith("--pto-level="):
            level = a.split("=", 1)[1]
        elif a.startswith("--pto-arch="):
            arch = a.split("=", 1)[1]
        else:
            files.append(a)
    src, out = (names(p, arch, level) for p in files)
    if mode == "--same":
        if src == out:
            print("same")
            return 0
        diff = next(i for i, (a, b) in enumerate(zip(src + [None], out + [None])) if a != b)
        print(
            f"differ at name {diff}: {src[diff : diff + 3]} vs {out[diff : diff + 3]} "
            f"({len(src)} vs {len(out)} names)"
        )
        return 1
    lost = sorted(set(src) - set(out))
    print("kept" if not lost else f"lost: {lost}")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
