// --emit=descriptors writes the GlobalTensor of the PTOAS release asked for
// (ptoas_facts.runtime_global_tensor): a partition whose sizes, view strides
// or type are not all static has runtime strides from 0.59 on
// (`Stride<-1, -1, -1, -1, -1>`, -1 where the partition type is dynamic),
// while 0.27 keeps the static strides; a static one is the same for all.
// test/ptoas/lowered-lit-cases.test assembles this file with the real 0.27 and
// 0.60, test/kernels/deepseek-v4-a3-ptoas.test compares both with the real 0.27
// and 0.60 on pypto's kernels.
// RUN: ptonz-opt --ptoas-version=0.27 --emit=descriptors %s | FileCheck %s --check-prefixes=CHECK,V027
// RUN: ptonz-opt --ptoas-version=0.60 --emit=descriptors %s | FileCheck %s --check-prefixes=CHECK,V060
// RUN: ptonz-opt --emit=descriptors %s | FileCheck %s --check-prefixes=CHECK,V060

// A row count from the launch: the partition type is `?x256`.
// V027:  src:  GlobalTensor<half, pto::Shape<1, 1, 1, %rows, 256>, pto::Stride<1*1*%rows*4096, 1*%rows*4096, %rows*4096, 4096, 1>, pto::Layout::ND>
// V060:  src:  GlobalTensor<half, pto::Shape<1, 1, 1, %rows, 256>, pto::Stride<-1, -1, -1, -1, -1>, pto::Layout::ND>
// CHECK: at:   ptr + %off*4096 elements
// A constant size in a `?` dim of the partition type: 0.60 prints -1 there.
// V027:  src:  GlobalTensor<half, pto::Shape<1, 1, 1, 16, 256>, pto::Stride<65536, 65536, 65536, 4096, 1>, pto::Layout::ND>
// V060:  src:  GlobalTensor<half, pto::Shape<1, 1, 1, -1, 256>, pto::Stride<-1, -1, -1, -1, -1>, pto::Layout::ND>
// Static sizes, strides and type: the same descriptor for every release.
// CHECK: src:  GlobalTensor<half, pto::Shape<1, 1, 1, 16, 256>, pto::Stride<65536, 65536, 65536, 4096, 1>, pto::Layout::ND>
func.func @rows(%p: !pto.ptr<f16>, %rows: index, %off: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c4096], strides = [%c4096, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %a = pto.partition_view %v, offsets = [%off, %c0], sizes = [%rows, %c256] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x256xf16>
  %ta = pto.alloc_tile valid_row = %rows : !pto.tile_buf<vec, 16x256xf16, valid=?x256>
  pto.tload ins(%a : !pto.partition_tensor_view<?x256xf16>) outs(%ta : !pto.tile_buf<vec, 16x256xf16, valid=?x256>)
  %b = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c256] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x256xf16>
  %tb = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  pto.tload ins(%b : !pto.partition_tensor_view<?x256xf16>) outs(%tb : !pto.tile_buf<vec, 16x256xf16>)
  %c = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c256] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x256xf16>
  %tc = pto.alloc_tile : !pto.tile_buf<vec, 16x256xf16>
  pto.tload ins(%c : !pto.partition_tensor_view<16x256xf16>) outs(%tc : !pto.tile_buf<vec, 16x256xf16>)
  return
}
