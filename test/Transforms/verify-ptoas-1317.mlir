// pto-verify-ptoas and hw-native-sys/PTOAS#1317: PTOAS 0.59 and 0.60 print a
// static GM address as `data + (c0 + o0*s0 + ... + last)` and, when `last` is
// a single-use `?:` (maxsi, minsi, maxui, minui, select, floordivsi,
// ceildivsi) of stride 1, print it without parentheses: C++ reads
// `(c0 + o0*s0 + ... + c) ? a : b` and drops the other terms
// (analyses/ptoas_facts.py). Loads and stores alike; 0.58, 0.61 and later,
// and an affected version given --allow-clamped-gm-offsets accept every case.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --ptoas-version=0.60 --pto-verify-ptoas %s
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-verify-ptoas='ptoas-version=0.59' %s
// RUN: ptonz-opt --split-input-file --pto-verify-ptoas='ptoas-version=0.27' %s 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=error:
// RUN: ptonz-opt --split-input-file --pto-verify-ptoas='ptoas-version=0.58' %s 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=error:
// RUN: ptonz-opt --split-input-file --pto-verify-ptoas='ptoas-version=0.61' %s 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=error:
// RUN: ptonz-opt --split-input-file --ptoas-version=0.60 --allow-clamped-gm-offsets --pto-verify-ptoas %s 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=error:
// RUN: ptonz-opt --split-input-file --pto-verify-ptoas='ptoas-version=0.60 allow-clamped-gm-offsets=true' %s 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=error:
// Nested on functions, the copy the check runs cse on is the function's.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(pto-verify-ptoas{ptoas-version=0.60}))' %s
// FIXED-LABEL: func.func @load_row_and_clamped_col
// FIXED-LABEL: func.func @store_constant_row
// FIXED-LABEL: func.func @dn_clamped_row
// FIXED-LABEL: func.func @shared_clamp
// FIXED-LABEL: func.func @printed_right

// The shape of 12 of the shared A3 kernels: a clamped row term (multiplied by
// its stride, so printed right) beside a clamped column of stride 1.
func.func @load_row_and_clamped_col(%p: !pto.ptr<f32>, %row: index, %col: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %r = arith.maxsi %row, %c0 : index
  %c = arith.maxsi %col, %c0 : index
  // expected-error@+1 {{miscompiles the GM address of this partition (hw-native-sys/PTOAS#1317, PTOAS 0.59 and 0.60): its last offset, a single-use `arith.maxsi` of stride 1, is printed bare after the other terms, `data + (o0*512 + c ? a : b)`, which C++ reads as `data + ((o0*512 + c) ? a : b)`: the other terms of the address are dropped and the tload moves the wrong elements, without an error. Use a PTOAS with the fix (PR #1322, 0.61 or later), or, for a build of this version that has it, pto-verify-ptoas{allow-clamped-gm-offsets=true} (ptonz-opt --allow-clamped-gm-offsets)}}
  %pv = pto.partition_view %v, offsets = [%r, %c], sizes = [%c8, %c512] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x512xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x512xf32>
  pto.tload ins(%pv : !pto.partition_tensor_view<8x512xf32>) outs(%t : !pto.tile_buf<vec, 8x512xf32>)
  return
}

// -----

// A constant row (the issue's sh_gate_mm store to rows 8..15): c0 = 8*256.
// Each conditional op, on a store.
func.func @store_constant_row(%p: !pto.ptr<f32>, %col: index, %hi: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
  %a = arith.maxsi %col, %c0 : index
  // expected-error@+1 {{its last offset, a single-use `arith.maxsi` of stride 1, is printed bare after the other terms, `data + (2048 + c ? a : b)`, which C++ reads as `data + ((2048 + c) ? a : b)`: the other terms of the address are dropped and the tstore moves}}
  %pa = pto.partition_view %v, offsets = [%c8, %a], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
  pto.tstore ins(%t : !pto.tile_buf<vec, 8x32xf32>) outs(%pa : !pto.partition_tensor_view<8x32xf32>)
  %b = arith.minsi %col, %hi : index
  // expected-error@+1 {{`arith.minsi` of stride 1}}
  %pb = pto.partition_view %v, offsets = [%c8, %b], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
  pto.tstore ins(%t : !pto.tile_buf<vec, 8x32xf32>) outs(%pb : !pto.partition_tensor_view<8x32xf32>)
  %c = arith.maxui %col, %hi : index
  // expected-error@+1 {{`arith.maxui` of stride 1}}
  %pc = pto.partition_view %v, offsets = [%c8, %c], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
  pto.tstore ins(%t : !pto.tile_buf<vec, 8x32xf32>) outs(%pc : !pto.partition_tensor_view<8x32xf32>)
  %d = arith.minui %col, %hi : index
  // expected-error@+1 {{`arith.minui` of stride 1}}
  %pd = pto.partition_view %v, offsets = [%c8, %d], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
  pto.tstore ins(%t : !pto.tile_buf<vec, 8x32xf32>) outs(%pd : !pto.partition_tensor_view<8x32xf32>)
  %e = arith.select %flag, %col, %hi : index
  // expected-error@+1 {{`arith.select` of stride 1}}
  %pe = pto.partition_view %v, offsets = [%c8, %e], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
  pto.tstore ins(%t : !pto.tile_buf<vec, 8x32xf32>) outs(%pe : !pto.partition_tensor_view<8x32xf32>)
  // A floor or ceil division is a `?:` too (its sign correction).
  %f = arith.floordivsi %col, %c32 : index
  // expected-error@+1 {{`arith.floordivsi` of stride 1}}
  %pf = pto.partition_view %v, offsets = [%c8, %f], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
  pto.tstore ins(%t : !pto.tile_buf<vec, 8x32xf32>) outs(%pf : !pto.partition_tensor_view<8x32xf32>)
  %g = arith.ceildivsi %col, %c32 : index
  // expected-error@+1 {{`arith.ceildivsi` of stride 1}}
  %pg = pto.partition_view %v, offsets = [%c8, %g], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
  pto.tstore ins(%t : !pto.tile_buf<vec, 8x32xf32>) outs(%pg : !pto.partition_tensor_view<8x32xf32>)
  return
}

// -----

// A DN view's stride-1 axis is the row: a clamped row offset last among the
// dynamic ones (the column constant), beside c0 = 2*16.
func.func @dn_clamped_row(%p: !pto.ptr<f32>, %row: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c1, %c16] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf32>
  %r = arith.maxsi %row, %c0 : index
  // expected-error@+1 {{`arith.maxsi` of stride 1, is printed bare after the other terms, `data + (32 + c ? a : b)`}}
  %pv = pto.partition_view %v, offsets = [%r, %c2], sizes = [%c8, %c1] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x1xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x1xf32, blayout=col_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<8x1xf32>) outs(%t : !pto.tile_buf<vec, 8x1xf32, blayout=col_major>)
  return
}

// -----

// What 0.59 and 0.60 print right. A clamp shared by two partitions (two
// equal maxsi ops become one in PTOAS's cse: sh_gate_mm's K-loop loads) is a
// statement of its own; so is one used elsewhere too.
func.func @shared_clamp(%p: !pto.ptr<i8>, %q: !pto.ptr<i8>, %row: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %x = pto.make_tensor_view %p, shape = [%c8, %c4096], strides = [%c4096, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %w = pto.make_tensor_view %q, shape = [%c256, %c4096], strides = [%c4096, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  scf.for %k = %c0 to %c4096 step %c512 {
    %r = arith.maxsi %row, %c0 : index
    %k1 = arith.maxsi %k, %c0 : index
    %px = pto.partition_view %x, offsets = [%r, %k1], sizes = [%c8, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<8x512xi8>
    %tx = pto.alloc_tile valid_row = %c8 : !pto.tile_buf<mat, 16x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
    pto.tload ins(%px : !pto.partition_tensor_view<8x512xi8>) outs(%tx : !pto.tile_buf<mat, 16x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
    %k2 = arith.maxsi %k, %c0 : index
    %pw = pto.partition_view %w, offsets = [%c0, %k2], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    %tw = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pw : !pto.partition_tensor_view<256x512xi8>) outs(%tw : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// The clamp alone (c0 = 0: `0 + c ? a : b` is still right), the clamp not
// last or multiplied by its stride, a cast of a clamp, an `addi` of one, and
// partitions PTOAS addresses with every term multiplied (a dynamic size, a
// dynamic stride): all printed right.
func.func @printed_right(%p: !pto.ptr<f32>, %row: index, %col: index, %n: index, %s: index, %i: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %c0_i32 = arith.constant 0 : i32
  %v = pto.make_tensor_view %p, shape = [%c16, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x16xf32>
  %a = arith.maxsi %col, %c0 : index
  %pa = pto.partition_view %v, offsets = [%c0, %a], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
  pto.tload ins(%pa : !pto.partition_tensor_view<8x16xf32>) outs(%t : !pto.tile_buf<vec, 8x16xf32>)
  %b = arith.maxsi %row, %c0 : index
  %pb = pto.partition_view %v, offsets = [%b, %col], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
  pto.tload ins(%pb : !pto.partition_tensor_view<8x16xf32>) outs(%t : !pto.tile_buf<vec, 8x16xf32>)
  %c = arith.maxsi %row, %c1 : index
  %pc = pto.partition_view %v, offsets = [%c, %c8], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
  pto.tload ins(%pc : !pto.partition_tensor_view<8x16xf32>) outs(%t : !pto.tile_buf<vec, 8x16xf32>)
  %di = arith.maxsi %i, %c0_i32 : i32
  %d = arith.index_cast %di : i32 to index
  %pd = pto.partition_view %v, offsets = [%row, %d], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
  pto.tload ins(%pd : !pto.partition_tensor_view<8x16xf32>) outs(%t : !pto.tile_buf<vec, 8x16xf32>)
  %e0 = arith.maxsi %col, %c8 : index
  %e = arith.addi %e0, %c16 : index
  %pe = pto.partition_view %v, offsets = [%row, %e], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
  pto.tload ins(%pe : !pto.partition_tensor_view<8x16xf32>) outs(%t : !pto.tile_buf<vec, 8x16xf32>)
  %f = arith.maxsi %col, %c16 : index
  %pf = pto.partition_view %v, offsets = [%row, %f], sizes = [%n, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<?x16xf32>
  %td = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 8x16xf32, valid=?x16>
  pto.tload ins(%pf : !pto.partition_tensor_view<?x16xf32>) outs(%td : !pto.tile_buf<vec, 8x16xf32, valid=?x16>)
  %vs = pto.make_tensor_view %p, shape = [%c16, %c512], strides = [%s, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
  %g = arith.maxsi %col, %c1 : index
  %pg = pto.partition_view %vs, offsets = [%row, %g], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x16xf32>
  pto.tload ins(%pg : !pto.partition_tensor_view<8x16xf32>) outs(%t : !pto.tile_buf<vec, 8x16xf32>)
  return
}
