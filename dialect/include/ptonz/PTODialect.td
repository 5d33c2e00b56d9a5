//===- PTODialect.td - the PTOAS-compatible `pto` dialect -----*- tablegen -*-===//
//
// The subset of hw-native-sys/PTOAS's `pto` dialect that NZ weight loads and
// the cube kernels around them use, with PTOAS's exact textual syntax so that
// ptonz output feeds PTOAS unchanged and PTOAS kernels feed ptonz.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_DIALECT
#define PTONZ_PTO_DIALECT

include "mlir/IR/OpBase.td"

def PTO_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::ptonz::pto";
  let summary = "PTOAS-compatible tensor views, tiles and cube ops";
  let description = [{
    GM tensors are addressed through `pto.make_tensor_view` (pointer, shape,
    strides, layout) and sliced by `pto.partition_view`; `pto.tload` copies a
    partition into an on-chip `!pto.tile_buf`. A view with
    `{layout = #pto.layout<nz>}` is NZ-fractal ordered: PTOAS >= 0.61 requires
    it in the blocked rank-5 form [B, C/c0, R/16, 16, c0].
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

#endif // PTONZ_PTO_DIALECT
