// ptonz keeps the input's SSA value and block-argument names (MLIR NameLocs,
// printed with printNameLocAsPrefix) through parsing, every pass and
// printing; the values its passes create are named after what they come
// from. --no-mlir-retain-identifier-names numbers them as MLIR's printer does.
//
// A lowered kernel keeps every input name: each %name of the input is
// defined once in the output (pto-style names: pypto's suffixes and inline
// counters, a block index argument, an index constant that is not %c<N>).
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas %s | FileCheck %s
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas %s -o %t.lowered
// The one name that goes is the constant the blocked view no longer uses
// (the passes erase the index constants they leave unused).
// RUN: not %python %S/Inputs/ssa_names.py --kept %s %t.lowered | FileCheck %s --check-prefix=KEPT
// KEPT: lost: ['c2048_index']
//
// Printing twice changes nothing (the names do not grow suffixes).
// RUN: ptonz-opt --no-mlir-print-debuginfo %t.lowered -o %t.twice
// RUN: diff %t.lowered %t.twice
//
// Off: the printer's numbering, as before.
// RUN: ptonz-opt --no-mlir-print-debuginfo --no-mlir-retain-identifier-names --lower-to-ptoas %s | FileCheck %s --check-prefix=OFF
//
// With locations: a named value's location is the NameLoc around its file
// position; printing that again (names now come from the printed NameLocs)
// gives the same text.
// RUN: ptonz-opt --mlir-print-debuginfo %s -o %t.dbg
// RUN: FileCheck %s --check-prefix=DBG < %t.dbg
// RUN: ptonz-opt --mlir-print-debuginfo %t.dbg -o %t.dbg2
// RUN: diff %t.dbg %t.dbg2

// A pl kernel (seed 001): what convert-pl-to-pto creates is named after what
// it stands for; a tile that replaces a pl value takes its name; repeated
// names are made unique by the printer (`_0`, `_1`, ...).
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=PL
// PL-LABEL: func.func @w13_gmm(%x: !pto.ptr<i8>, %w1: !pto.ptr<i8>, %out: !pto.ptr<i32>)
// PL:         %x_view = pto.make_tensor_view %x,
// PL:         %w1_view = pto.make_tensor_view %w1,
// PL:         %out_view = pto.make_tensor_view %out,
// PL:         scf.for %e =
// PL:           %n0 = arith.muli %nb, %c256 : index
// PL-NEXT:      %n0_row_frac = arith.floordivsi %n0, %c16 : index
// PL:           %x_pview = pto.partition_view %x_view,
// PL:           %xt = pto.alloc_tile
// PL:           %w1_pview = pto.partition_view %w1_view, offsets = [%e, %c0, %n0_row_frac, %c0, %c0]
// PL:           %w1_k0 = pto.alloc_tile
// PL:           pto.tload ins(%w1_pview : {{.*}}) outs(%w1_k0 :
// PL:           %acc0 = pto.alloc_tile : !pto.tile_buf<acc,
// PL:           %w1_k0_zn = pto.treshape %w1_k0
// PL:           %acc0_left = pto.alloc_tile : !pto.tile_buf<left,
// PL:           %acc0_right = pto.alloc_tile : !pto.tile_buf<right,
// PL:           scf.for %k0 =
// PL-NEXT:        %k0_col_frac = arith.floordivsi %k0, %c32 : index
// PL:             %x_pview_0 = pto.partition_view %x_view, offsets = [%c0, %k0]
// PL:             %w1_pview_1 = pto.partition_view %w1_view, offsets = [%e, %k0_col_frac, %n0_row_frac, %c0, %c0]
// PL:             %a_next_left = pto.alloc_tile
// PL:           %out_pview = pto.partition_view %out_view, offsets = [%c0, %n0]
// PL:           pto.tstore ins(%acc0 : {{.*}}) outs(%out_pview :

// CHECK-LABEL: func.func @w1_gate(
// CHECK-SAME:    %w1: !pto.ptr<i8>, %__pypto_spmd_block_idx: i32)
// CHECK-DAG:   %c16_index = arith.constant 16 : index
// CHECK-DAG:   %c256_index = arith.constant 256 : index
// CHECK-DAG:   %c0_index = arith.constant 0 : index
// CHECK-DAG:   %c32 = arith.constant 32 : index
// The view is blocked in place: it keeps its name.
// CHECK:       %w1_view = pto.make_tensor_view %w1, shape = [%c1, %c16_index, %c128, %c16_index, %c32], strides = [%c1048576, %c65536, %c512_index, %c32, %c1]
// CHECK:       %__pypto_block_idx_i64 = pto.get_block_idx
// CHECK:       %nb_idx_inline2576__ssa_v0 = arith.index_cast %__pypto_block_idx_i64 : i64 to index
// CHECK:       %n0_inline2577 = arith.muli %nb_idx_inline2576__ssa_v0, %c256_index : index
// The blocked offsets are named after the logical ones.
// CHECK-NEXT:  %n0_inline2577_row_frac = arith.floordivsi %n0_inline2577, %c16_index : index
// CHECK:       scf.for %k0_inline2616__idx_v0 = %c0_index to %c512_index step %c256_index {
// CHECK-NEXT:    %k0_inline2616__idx_v0_col_frac = arith.floordivsi %k0_inline2616__idx_v0, %c32 : index
// CHECK:         %w1_pview = pto.partition_view %w1_view, offsets = [%c0_index, %k0_inline2616__idx_v0_col_frac, %n0_inline2577_row_frac, %c0_index, %c0_index]
// CHECK:         %sw1_k__tile = pto.alloc_tile
// CHECK:         pto.tload ins(%w1_pview : {{.*}}) outs(%sw1_k__tile : {{.*}})
// OFF-LABEL:   func.func @w1_gate(%arg0: !pto.ptr<i8>, %arg1: i32)
// OFF:         %0 = pto.make_tensor_view %arg0
// OFF:         scf.for %arg2 =
// OFF:           %5 = arith.floordivsi %arg2, %c32 : index
// DBG:         #[[POS:loc[0-9]+]] = loc("{{.*}}ssa-names.mlir":[[@LINE+2]]:20)
// DBG:         loc("w1"(#[[POS]]))
func.func @w1_gate(%w1: !pto.ptr<i8>, %__pypto_spmd_block_idx: i32) {
  %c0_index = arith.constant 0 : index
  %c16_index = arith.constant 16 : index
  %c256_index = arith.constant 256 : index
  %c512_index = arith.constant 512 : index
  %c2048_index = arith.constant 2048 : index
  %w1_view = pto.make_tensor_view %w1, shape = [%c2048_index, %c512_index], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %__pypto_block_idx_i64 = pto.get_block_idx
  %nb_idx_inline2576__ssa_v0 = arith.index_cast %__pypto_block_idx_i64 : i64 to index
  %n0_inline2577 = arith.muli %nb_idx_inline2576__ssa_v0, %c256_index : index
  scf.for %k0_inline2616__idx_v0 = %c0_index to %c512_index step %c256_index {
    %w1_pview = pto.partition_view %w1_view, offsets = [%n0_inline2577, %k0_inline2616__idx_v0], sizes = [%c256_index, %c256_index] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
    %sw1_k__tile = pto.alloc_tile : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%w1_pview : !pto.partition_tensor_view<256x256xi8>) outs(%sw1_k__tile : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>)
  }
  return
}
