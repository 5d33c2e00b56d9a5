// pto-block-nz-views reads NZ views only through partition_view -> tload: an
// unknown (unregistered) pto op that reads an NZ view or a partition of one
// is rejected like any other reader, and one that does not touch NZ data is
// left alone.
// RUN: ptonz-opt %s --pto-block-nz-views --split-input-file --verify-diagnostics

func.func @unknown_reads_nz_view(%p: !pto.ptr<i8>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{NZ view defined here}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: an NZ view may only be read through pto.partition_view -> pto.tload, but it is used by 'pto.tprefetch_view': NZ tensors are read-only here; store to (or pass) an nd view instead}}
  pto.tprefetch_view ins(%v : !pto.tensor_view<?x?xi8>)
  return
}

// -----

func.func @unknown_reads_nz_partition(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-note@+1 {{NZ partition defined here}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: a partition of an NZ view may only feed pto.tload, but it is used by 'pto.tload_async' (NZ is read-only here)}}
  pto.tload_async ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}
