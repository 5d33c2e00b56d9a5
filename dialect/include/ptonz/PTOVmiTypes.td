//===- PTOVmiTypes.td - PTOAS 0.60's VMI types -----------------*- tablegen -*-===//
//
// The logical vector-register types of PTOAS 0.60's `pto.vmi.*` ops and their
// layout attribute (PTOAS include/PTO/IR/VMITypeDefs.td, VMIAttrs.td):
// `!pto.vmi.vreg<NxT[, #pto.vmi.layout<...>]>`,
// `!pto.vmi.mask<NxG[, #pto.vmi.layout<...>]>` and `#pto.vmi.layout<...>`.
// ptonz does not lower the vmi ops (it keeps them verbatim); it reads these
// types so that it checks what PTOAS 0.60 checks when it parses them, and
// prints them as PTOAS 0.60 does (PTOVmiTypes.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_VMI_TYPES
#define PTONZ_PTO_VMI_TYPES

include "ptonz/PTOTypes.td"

def PTO_VmiLayoutAttr : AttrDef<PTO_Dialect, "VmiLayout"> {
  let mnemonic = "vmi.layout";
  let summary = "the layout of a VMI logical vector register";
  let description = [{
    `#pto.vmi.layout<contiguous[, lane_stride = s]>`,
    `#pto.vmi.layout<deinterleaved = 2|4[, lane_stride = s]>`,
    `#pto.vmi.layout<block_deinterleaved = 2|4>` or
    `#pto.vmi.layout<num_groups = n[, slots = k][, lane_stride = s]>`:
    the kind, its factor (deinterleave factor or group count), the slots of a
    group layout (0 when omitted) and the lane stride (1 when omitted).
    Defaults print as omitted, as PTOAS prints them.
  }];
  let parameters = (ins StringRefParameter<"layout kind">:$kind, "int64_t":$factor,
                        "int64_t":$slots, "int64_t":$laneStride);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_VmiVRegType : PTO_Type<"VmiVReg", "vmi.vreg"> {
  let summary = "a VMI logical vector register";
  let description = [{
    `!pto.vmi.vreg<64xf32>` or `!pto.vmi.vreg<128xf16, #pto.vmi.layout<...>>`:
    a positive lane count, an 8-, 16- or 32-bit element type, an optional
    layout.
  }];
  let parameters = (ins "int64_t":$elementCount, "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::Attribute">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    VmiLayoutAttr getLayoutAttr() const {
      return ::llvm::dyn_cast_or_null<VmiLayoutAttr>(getLayout());
    }
  }];
}

def PTO_VmiMaskType : PTO_Type<"VmiMask", "vmi.mask"> {
  let summary = "a VMI logical predicate mask";
  let description = [{
    `!pto.vmi.mask<64xpred>` or `!pto.vmi.mask<128xb16, #pto.vmi.layout<...>>`:
    a positive lane count, a granularity (`pred`, `b8`, `b16`, `b32`), an
    optional layout (never on a `pred` mask).
  }];
  let parameters = (ins "int64_t":$elementCount,
                        StringRefParameter<"mask granularity">:$granularity,
                        OptionalParameter<"::mlir::Attribute">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isPred() const { return getGranularity() == "pred"; }
    /// The bits of one lane of a b8/b16/b32 mask, 0 for pred.
    unsigned getGranularityBits() const;
    VmiLayoutAttr getLayoutAttr() const {
      return ::llvm::dyn_cast_or_null<VmiLayoutAttr>(getLayout());
    }
  }];
}

#endif // PTONZ_PTO_VMI_TYPES
