// Rules and syntax that changed between PTOAS releases follow the context's
// PTOAS version (ptonz-opt --ptoas-version; default 0.61).
// RUN: ptonz-opt %s | FileCheck %s --check-prefix=V060
// RUN: ptonz-opt %s | ptonz-opt | FileCheck %s --check-prefix=V060
// RUN: ptonz-opt %s --ptoas-version=0.60 | FileCheck %s --check-prefix=V060
// RUN: not ptonz-opt %s --ptoas-version=0.27 2>&1 | FileCheck %s --check-prefix=V027-ERR

// PTOAS 0.60 accepts a tload/tstore partition whose element count differs
// from the tile's valid count (0.27 does not: invalid-ops-ptoas027.mlir).
// V060-LABEL: func.func @count_differs
// V027-ERR: error: 'pto.tload' op partition element count (512) must match tile_buf valid element count (256)
func.func @count_differs(%pv: !pto.partition_tensor_view<16x32xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}
