// REQUIRES: ptoas
// The real PTOAS assembles every form issue 14 added (rank-4 fold, NZ
// slices passed to a kernel, split-K, a ragged tail, a whole-tensor
// flatten) into NZ GlobalTensors.
// RUN: ptonz-opt --ptoas-version=%ptoas-version --ptoas-disable-infer-layout --lower-to-ptoas %S/Inputs/pypto-nz-forms.mlir -o %t.pto
// RUN: %ptoas %t.pto -o %t.cpp --disable-infer-layout 2>/dev/null
// RUN: FileCheck %s --check-prefixes=CHECK,CHECK-%ptoas-tag < %t.cpp
// (0.60 passes the offset as int64_t and adds it inside the GlobalTensor's
// pointer; it writes the ragged tail, whose row count is dynamic, with runtime
// strides, as ptonz's --emit=descriptors --ptoas-version=0.60 says.)
// CHECK: GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<131072, 8192, 512, 32, 1>, pto::Layout::NZ>
// CHECK-027: AICORE void layer_kernel(__gm__ int8_t* [[P:v[0-9]+]], int32_t [[O:v[0-9]+]])
// CHECK-027: __gm__ int8_t* {{v[0-9]+}} = [[P]] + [[O]];
// CHECK-060: AICORE void layer_kernel(__gm__ int8_t* [[P:v[0-9]+]], int64_t [[O:v[0-9]+]])
// CHECK-060: GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<131072, 8192, 512, 32, 1>, pto::Layout::NZ> {{.*}}(([[P]] + [[O]]) +
// CHECK: GlobalTensor<int8_t, pto::Shape<1, 16, 8, 16, 32>, pto::Stride<262144, 8192, 512, 32, 1>, pto::Layout::NZ>
// CHECK-027: GlobalTensor<int8_t, pto::Shape<1, 16, -1, 16, 32>, pto::Stride<409600, 25600, 512, 32, 1>, pto::Layout::NZ>
// CHECK-060: GlobalTensor<int8_t, pto::Shape<1, 16, -1, 16, 32>, pto::Stride<-1, -1, -1, -1, -1>, pto::Layout::NZ>
