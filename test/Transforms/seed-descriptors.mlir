// The two worked examples of the seeds, lowered end to end: the descriptor
// PTOAS >= 0.61 will emit for each NZ weight load must be exactly the one the
// validated hand-written experiment used.

// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas --emit=descriptors %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=SEED001
// SEED001:      seed001_grouped_matmul_pl.mlir:{{[0-9]+}}:{{[0-9]+}}: pto.tload
// SEED001-NEXT:   src:  GlobalTensor<int8_t, pto::Shape<1, 1, 1, 64, 512>, pto::Stride<262144, 262144, 262144, 4096, 1>, pto::Layout::ND>
// SEED001:        src:  GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<8388608, 65536, 512, 32, 1>, pto::Layout::NZ>
// SEED001-NEXT:   dst:  !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// SEED001:        src:  GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<8388608, 65536, 512, 32, 1>, pto::Layout::NZ>
// SEED001-NEXT:   dst:  !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>

// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas --emit=descriptors %examples/seed000_nz_probe_pl.mlir | FileCheck %s --check-prefix=SEED000
// SEED000: src:  GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<131072, 8192, 512, 32, 1>, pto::Layout::NZ>
// SEED000-NEXT: dst:  !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>

// The lowered IR re-parses, verifies, and passes pto-verify-ptoas again.
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas %examples/seed001_grouped_matmul_pl.mlir | ptonz-opt --no-mlir-print-debuginfo --pto-verify-ptoas | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @w13_gmm(%{{.*}}: !pto.ptr<i8>, %{{.*}}: !pto.ptr<i8>, %{{.*}}: !pto.ptr<i32>) attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<cube>, pto.nz_tensor_views_blocked}
// IR: pto.make_tensor_view %{{.*}}, shape = [%c32, %c128, %c128, %c16, %c32], strides = [%c8388608, %c65536, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
// IR: %[[N0:.*]] = arith.muli %{{.*}}, %c256 : index
// IR: %[[ROW:.*]] = arith.floordivsi %[[N0]], %c16 : index
// IR: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %c0, %[[ROW]], %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// The NZ weight tile, and the same bytes as the [K, N] operand (b_trans).
// IR: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// IR: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<1x16x16x16x32xi8>) outs(%[[W]] :
// IR: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>
// IR: %[[WT:.*]] = pto.treshape %[[W]] : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 512x256xi8, slayout=col_major>
// IR: pto.textract ins(%[[WT]], %c0, %c0 :
// IR: pto.tmatmul ins(
// IR: pto.textract ins(%[[WT]], %c256, %c0 :
// IR: pto.tmatmul.acc ins(%[[ACC]],
// IR: scf.for %[[K0:.*]] = %c512 to %c4096 step %c512 {
// IR: %[[COL:.*]] = arith.floordivsi %[[K0]], %c32 : index
// IR: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %[[COL]], %{{.*}}, %c0, %c0]
// IR: pto.tmatmul.acc ins(%[[ACC]],
// IR: pto.tmatmul.acc ins(%[[ACC]],
// IR: }
// IR: pto.tstore ins(%[[ACC]] :
