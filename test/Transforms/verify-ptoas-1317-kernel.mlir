// hw-native-sys/PTOAS#1317 on a kernel in the style of the shared A3 kernel
// aic/sh_gate_mm.pto (pypto's export: level-3 addresses, `arith.maxsi(x, 0)`
// around every offset), its gate store moved to output rows 8..15. PTOAS
// 0.60 prints the store's address as `data + (16384 + v < 0 ? 0 : v)` and
// writes rows 0..7 (measured by execution for the real kernel; 0.27 writes
// rows 8..15). The K loop's loads are printed right: their column clamps are
// equal, so PTOAS's cse makes them one value with two uses, a statement of
// its own.
// RUN: ptonz-opt --ptoas-pto-level=level3 --pto-arch=a3 --verify-diagnostics --ptoas-version=0.60 --pto-verify-ptoas %s
// RUN: ptonz-opt --ptoas-pto-level=level3 --pto-arch=a3 --ptoas-version=0.27 --pto-verify-ptoas %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: ptonz-opt --ptoas-pto-level=level3 --pto-arch=a3 --ptoas-version=0.61 --pto-verify-ptoas %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: ptonz-opt --ptoas-pto-level=level3 --pto-arch=a3 --ptoas-version=0.60 --allow-clamped-gm-offsets --pto-verify-ptoas %s 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK-LABEL: func.func @sh_gate_mm_rows8
// CHECK: pto.partition_view %{{.*}}, offsets = [%c8{{(_index)?}}, %{{.*}}], sizes = [%c8{{(_index)?}}, %c256{{(_index)?}}]

module attributes {pto.target_arch = "a2a3"} {
  func.func @sh_gate_mm_rows8(%arg0: !pto.ptr<i8>, %arg1: !pto.ptr<i8>, %arg2: !pto.ptr<i32>, %arg3: index, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0_i64 = arith.constant 0 : i64
  %c8192_i64 = arith.constant 8192 : i64
  %c8_index = arith.constant 8 : index
  %c4096_index = arith.constant 4096 : index
  %c1_index = arith.constant 1 : index
  %c2048_index = arith.constant 2048 : index
  %c16_index = arith.constant 16 : index
  %c256_index = arith.constant 256 : index
  %c0_index = arith.constant 0 : index
  %c1024_index = arith.constant 1024 : index
  %c512_index = arith.constant 512 : index
  %x_norm_i8__rv_v2_view = pto.make_tensor_view %arg0, shape = [%c8_index, %c4096_index], strides = [%c4096_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %shared_w1_l0__ssa_v0_view = pto.make_tensor_view %arg1, shape = [%c2048_index, %c4096_index], strides = [%c4096_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %gate_i32__ssa_v0_view = pto.make_tensor_view %arg2, shape = [%c16_index, %c2048_index], strides = [%c2048_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
  %nb_idx__ssa_v0 = arith.index_cast %__pypto_spmd_block_idx : i32 to index
  %19 = arith.muli %nb_idx__ssa_v0, %c256_index : index
  %gate_acc__tile = pto.alloc_tile addr = %c0_i64 valid_row = %c8_index valid_col = %c256_index : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=256, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  scf.for %k0__idx_v0 = %c0_index to %c4096_index step %c1024_index {
    %xs_k__tile = pto.alloc_tile addr = %c0_i64 valid_row = %c8_index valid_col = %c512_index : !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %20 = arith.maxsi %arg3, %c0_index : index
    %21 = arith.maxsi %k0__idx_v0, %c0_index : index
    %x_norm_i8__rv_v2_pview = pto.partition_view %x_norm_i8__rv_v2_view, offsets = [%20, %21], sizes = [%c8_index, %c512_index] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<8x512xi8>
    pto.tload ins(%x_norm_i8__rv_v2_pview : !pto.partition_tensor_view<8x512xi8>) outs(%xs_k__tile : !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=512, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    %sw1_k__tile = pto.alloc_tile addr = %c8192_i64 valid_row = %c256_index valid_col = %c512_index : !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %22 = arith.maxsi %19, %c0_index : index
    %23 = arith.maxsi %k0__idx_v0, %c0_index : index
    %shared_w1_l0__ssa_v0_pview = pto.partition_view %shared_w1_l0__ssa_v0_view, offsets = [%22, %23], sizes = [%c256_index, %c512_index] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    pto.tload ins(%shared_w1_l0__ssa_v0_pview : !pto.partition_tensor_view<256x512xi8>) outs(%sw1_k__tile : !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  }
  %42 = arith.maxsi %19, %c0_index : index
  // expected-error@+1 {{pto-verify-ptoas: PTOAS 0.60 miscompiles the GM address of this partition (hw-native-sys/PTOAS#1317, PTOAS 0.59 and 0.60): its last offset, a single-use `arith.maxsi` of stride 1, is printed bare after the other terms, `data + (16384 + c ? a : b)`, which C++ reads as `data + ((16384 + c) ? a : b)`: the other terms of the address are dropped and the tstore moves the wrong elements}}
  %gate_i32__ssa_v0_pview = pto.partition_view %gate_i32__ssa_v0_view, offsets = [%c8_index, %42], sizes = [%c8_index, %c256_index] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<8x256xi32>
  pto.tstore ins(%gate_acc__tile : !pto.tile_buf<loc=acc, dtype=i32, rows=16, cols=256, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%gate_i32__ssa_v0_pview : !pto.partition_tensor_view<8x256xi32>)
  return
  }
}
