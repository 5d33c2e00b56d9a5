// Bad --nz-arg / --arg-range declarations: located errors (exit 1), each naming the fix.
// RUN: not ptonz-opt --no-mlir-print-debuginfo --nz-arg=@nosuch:0 --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=NOFN
// RUN: not ptonz-opt --no-mlir-print-debuginfo --nz-arg=@k:9 --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not ptonz-opt --no-mlir-print-debuginfo --nz-arg=@k:1 --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=PTR
// RUN: not ptonz-opt --no-mlir-print-debuginfo --nz-arg=k:0 --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not ptonz-opt --no-mlir-print-debuginfo --arg-range=@k:1=5:5 --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not ptonz-opt --no-mlir-print-debuginfo --arg-range=@k:2=0:1000 --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: not ptonz-opt --no-mlir-print-debuginfo --arg-range=@k:0=0:4 --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: ptonz-opt --no-mlir-print-debuginfo --nz-arg=@k:0 --arg-range=@k:1=0:4 --arg-range=@k:2=0:2 --lower-to-ptoas %s | FileCheck %s --check-prefix=OK

// NOFN: nz-arg-flags.mlir:1:1: error: pto-declare-nz-args: --nz-arg=@nosuch:0 names @nosuch, but the module has no function of that name (its functions: @k)
// INDEX: nz-arg-flags.mlir:[[@LINE+7]]:1: error: pto-declare-nz-args: --nz-arg=@k:9: @k has 3 arguments (indices 0 to 2)
// PTR: error: pto-declare-nz-args: --nz-arg=@k:1: argument 1 of @k is index, not a !pto.ptr
// SYNTAX: invalid value 'k:0' for option 'nz-args' of pass 'pto-declare-nz-args': 'k:0' is not @FUNC:INDEX or @FUNC:INDEX=SHAPE
// EMPTY: 'arg-ranges' of pass 'pto-declare-nz-args': '@k:1=5:5': the range [5, 5) is empty
// WIDTH: error: pto-declare-nz-args: --arg-range=@k:2=0:1000: argument 2 of @k is i8: its values 0 to 999 do not fit the argument's 8-bit type (signed [-128, 128))
// SCALAR: error: pto-declare-nz-args: --arg-range=@k:0=0:4: argument 0 of @k is !pto.ptr<i8>, not an integer or index scalar
// OK: func.func @k(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 256, 512>}, %e: index {ptonz.arg_range = array<i64: 0, 4>}, %b: i8 {ptonz.arg_range = array<i64: 0, 2>})
func.func @k(%p: !pto.ptr<i8>, %e: index, %b: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %w = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %pv = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}
