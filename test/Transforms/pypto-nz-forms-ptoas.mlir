// REQUIRES: ptoas
// The real PTOAS assembles every form issue 14 added (rank-4 fold, NZ
// slices passed to a kernel, split-K, a ragged tail, a whole-tensor
// flatten) into NZ GlobalTensors.
// RUN: ptonz-opt --lower-to-ptoas %S/Inputs/pypto-nz-forms.mlir -o %t.pto
// RUN: %ptoas %t.pto -o %t.cpp --disable-infer-layout 2>/dev/null
// RUN: FileCheck %s < %t.cpp
// CHECK: GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<131072, 8192, 512, 32, 1>, pto::Layout::NZ>
// CHECK: AICORE void layer_kernel(__gm__ int8_t* [[P:v[0-9]+]], int32_t [[O:v[0-9]+]])
// CHECK: __gm__ int8_t* {{v[0-9]+}} = [[P]] + [[O]];
// CHECK: GlobalTensor<int8_t, pto::Shape<1, 16, 8, 16, 32>, pto::Stride<262144, 8192, 512, 32, 1>, pto::Layout::NZ>
// CHECK: GlobalTensor<int8_t, pto::Shape<1, 16, -1, 16, 32>, pto::Stride<409600, 25600, 512, 32, 1>, pto::Layout::NZ>
