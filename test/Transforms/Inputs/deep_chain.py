"""deep_chain.py KIND N: a kernel whose one partition reaches a value through
N ops in a row (what a generator or a fuzzer writes, never a person).

addptr: an NZ-declared pointer through N pto.addptr ops to its view;
addi:   a row offset `(b remui 16) * 16` through N `addi %x, %c0`."""

import sys

kind, n = sys.argv[1], int(sys.argv[2])
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
