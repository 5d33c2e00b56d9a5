// REQUIRES: ptoas-0.27
// The keyed tile_buf print assembles to the same C++ as the compact one, with
// 0.27 (0.60 parses both too, but wants this kernel's set_flag inside a
// pto.section.vector).
// RUN: ptonz-opt %s --ptoas-version=0.24 -o %t.keyed.pto
// RUN: ptonz-opt %s -o %t.compact.pto
// RUN: grep -q "loc=vec, dtype=f16" %t.keyed.pto
// RUN: %ptoas-0.27 %t.keyed.pto -o %t.keyed.cpp
// RUN: %ptoas-0.27 %t.compact.pto -o %t.compact.cpp
// RUN: diff %t.keyed.cpp %t.compact.cpp

func.func @vadd(%pa: !pto.ptr<f16>, %pb: !pto.ptr<f16>, %pc: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %va = pto.make_tensor_view %pa, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf16>
  %vb = pto.make_tensor_view %pb, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf16>
  %vc = pto.make_tensor_view %pc, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf16>
  %a = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  %b = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  %c = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  %ta = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %tb = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %tc = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  pto.tload ins(%a : !pto.partition_tensor_view<16x16xf16>) outs(%ta : !pto.tile_buf<vec, 16x16xf16>)
  pto.tload ins(%b : !pto.partition_tensor_view<16x16xf16>) outs(%tb : !pto.tile_buf<vec, 16x16xf16>)
  pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.tadd ins(%ta, %tb : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xf16>) outs(%tc : !pto.tile_buf<vec, 16x16xf16>)
  pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
  pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
  pto.tstore ins(%tc : !pto.tile_buf<vec, 16x16xf16>) outs(%c : !pto.partition_tensor_view<16x16xf16>)
  return
}
