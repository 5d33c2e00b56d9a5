//===- PTOVptoTypes.td - `pto` vpto register types ------------*- tablegen -*-===//
//
// The register types of PTOAS 0.60's vpto vector ops (its VPTOTypeDefs.td):
// `!pto.vreg<NxT>` (one 256-byte vector register), `!pto.mask<bN>` (a
// predicate register viewed at 8/16/32-bit granularity) and `!pto.align` (a
// vector_align carrier). Syntax and type verifiers follow PTOAS 0.60
// (lib/PTO/IR/VPTO.cpp); PTOVptoTypes.cpp has them.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_VPTO_TYPES
#define PTONZ_PTO_VPTO_TYPES

include "ptonz/PTOTypes.td"

def PTO_VRegType : PTO_Type<"VReg", "vreg"> {
  let summary = "a 256-byte vpto vector register: `!pto.vreg<NxT>`";
  let parameters = (ins "int64_t":$elementCount, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_MaskType : PTO_Type<"Mask", "mask"> {
  let summary = "a vpto predicate register: `!pto.mask<b8|b16|b32>`";
  let parameters = (ins StringRefParameter<"mask granularity">:$granularity);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_AlignType : PTO_Type<"Align", "align"> {
  let summary = "a vpto vector_align carrier: `!pto.align`";
}

#endif // PTONZ_PTO_VPTO_TYPES
