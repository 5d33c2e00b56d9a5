// Logical NZ weights of rank 2 to 6 (analyses.view_kinds: `strides = []`
// plus the layout attribute, in a function not marked blocked). The leading
// axes of a rank-4+ view fold into the batch slot,
// b = sum(i_k * prod(E_{k+1..})), and every view is read at non-trivial
// leading offsets.
module {
  // Issue 25: leading [2, 3, 2] folded, the partition at [1, 2, 0, 0, 0]
  // (batch 1*6 + 2*2 + 0 = 10 of the blocked [12, 2, 2, 16, 32]).
  func.func @rank5(%arg0: !pto.ptr<i8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %w = pto.make_tensor_view %arg0, shape = [%c2, %c3, %c2, %c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
    %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %pv = pto.partition_view %w, offsets = [%c1, %c2, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c32, %c64] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x1x1x32x64xi8>
    pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    return
  }

  // Rank 5, non-square [48, 64] planes: every leading index of axes 0 and 2
  // (loops), axis 1 fixed at 1, a 16x32 tile at row 32, column 32.
  func.func @rank5_loops(%arg0: !pto.ptr<i8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %w = pto.make_tensor_view %arg0, shape = [%c3, %c2, %c4, %c48, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
    scf.for %i = %c0 to %c3 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
        %pv = pto.partition_view %w, offsets = [%i, %c1, %k, %c32, %c32], sizes = [%c1, %c1, %c1, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x1x1x16x32xi8>
        pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x16x32xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
      }
    }
    return
  }

  // Rank 6, f16 (c0 = 16), [32, 48] planes: leading [2, 2, 3, 2], axes 1
  // and 3 from loops, axes 0 and 2 fixed at 1 and 2; a 32x16 tile at
  // column 32.
  func.func @rank6(%arg0: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %w = pto.make_tensor_view %arg0, shape = [%c2, %c2, %c3, %c2, %c32, %c48], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?x?xf16>
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %l = %c0 to %c2 step %c1 {
        %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
        %pv = pto.partition_view %w, offsets = [%c1, %j, %c2, %l, %c0, %c32], sizes = [%c1, %c1, %c1, %c1, %c32, %c16] : !pto.tensor_view<?x?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x1x1x1x32x16xf16>
        pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x1x32x16xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
      }
    }
    return
  }
}
