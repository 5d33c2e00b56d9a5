// PTOAS 0.60's multi-buffer tile: pto.alloc_multi_tile (its
// !pto.multi_tile_buf type and pto.multi_tile_get pass through verbatim),
// with a base `addr` exactly at --pto-level=level3, as alloc_tile's.
// RUN: ptonz-opt %s --pto-level=level3 | FileCheck %s
// RUN: ptonz-opt %s --pto-level=level3 > %t.1 && ptonz-opt %t.1 --pto-level=level3 > %t.2 && diff %t.1 %t.2
// RUN: not ptonz-opt %s --pto-level=level2 2>&1 | FileCheck %s --check-prefix=L2
// RUN: not ptonz-opt %s --pto-level=level3 --ptoas-version=0.27 2>&1 | FileCheck %s --check-prefix=V027

// CHECK-LABEL: func.func @two_slots
// CHECK: %[[BASE:.*]] = arith.constant 0 : i64
// CHECK: %[[MB:.*]] = pto.alloc_multi_tile addr = %[[BASE]] : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
// CHECK: pto.multi_tile_get %[[MB]][%{{.*}}] : !pto.multi_tile_buf<vec, 16x16xf16, count=2> -> !pto.tile_buf<vec, 16x16xf16>
// L2: error: 'pto.alloc_multi_tile' op unexpected 'addr' operand on pto.alloc_multi_tile: only supported when --pto-level=level3
// V027: error: 'pto.alloc_multi_tile' op {{.*}}PTOAS 0.60
func.func @two_slots(%gm: !pto.partition_tensor_view<16x16xf16>) {
  %c1 = arith.constant 1 : index
  %base = arith.constant 0 : i64
  %mb = pto.alloc_multi_tile addr = %base : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
  %s1 = pto.multi_tile_get %mb[%c1] : !pto.multi_tile_buf<vec, 16x16xf16, count=2> -> !pto.tile_buf<vec, 16x16xf16>
  pto.tload ins(%gm : !pto.partition_tensor_view<16x16xf16>) outs(%s1 : !pto.tile_buf<vec, 16x16xf16>)
  return
}
