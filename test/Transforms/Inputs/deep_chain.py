"""deep_chain.py KIND N: a kernel whose one partition reaches a value through
N ops in a row (what a generator or a fuzzer writes, never a person).

addptr: an NZ-declared pointer through N pto.addptr ops to its view;
addi:   a row offset `(b remui 16) * 16` through N `addi %x, %c0`;
reshape: a pl tensor through N pl.tensor.reshape ops to a func.call."""

import sys

kind, n = sys.argv[1], int(sys.argv[2])
if kind == "reshape":
    t = "!pl.tensor<64x256xi32>"
    print(f"func.func @kernel(%x: {t}) {{\n  return\n}}")
    print(f"func.func @k(%x: {t}) {{")
    for i in range(n):
        print(f"  %r{i} = pl.tensor.reshape {'%x' if i == 0 else f'%r{i - 1}'} : {t} -> {t}")
    print(f"  func.call @kernel(%r{n - 1}) : ({t}) -> ()\n  return\n}}")
    sys.exit(0)
tile = (
    "!pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=64, v_row=16, v_col=64, "
    "blayout=col_major, slayout=row_major, fractal=512, pad=0>"
)
print("func.func @k(%p: !pto.ptr<i8>, %b: index) {")
for name, value in (("c0", 0), ("c1", 1), ("c16", 16), ("c64", 64), ("c4096", 4096)):
    print(f"  %{name} = arith.constant {value} : index")
ptr, row = "%p", "%c0"
if kind == "addptr":
    for i in range(n):
        print(f"  %q{i} = pto.addptr {ptr}, %c0 : !pto.ptr<i8> -> !pto.ptr<i8>")
        ptr = f"%q{i}"
else:
    print("  %r = arith.remui %b, %c16 : index")
    print("  %x0 = arith.muli %r, %c16 : index")
    for i in range(n):
        print(f"  %x{i + 1} = arith.addi %x{i}, %c0 : index")
    row = f"%x{n}"
print(
    f"  %v = pto.make_tensor_view {ptr}, shape = [%c4096, %c64], strides = [%c64, %c1] "
    ": !pto.tensor_view<4096x64xi8>"
)
print(
    f"  %pv = pto.partition_view %v, offsets = [{row}, %c0], sizes = [%c16, %c64] "
    ": !pto.tensor_view<4096x64xi8> -> !pto.partition_tensor_view<16x64xi8>"
)
print(f"  %t = pto.alloc_tile : {tile}")
print(f"  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xi8>) outs(%t : {tile})")
print("  return\n}")
