//===- PLAttrs.td - `pl` enums and attributes -----------------*- tablegen -*-===//

#ifndef PTONZ_PL_ATTRS
#define PTONZ_PL_ATTRS

include "ptonz/PLDialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/AttrTypeBase.td"

// The GM byte order a tensor's annotation asserts.
def PL_Layout : I32EnumAttr<"Layout", "GM byte order of a pl tensor", [
    I32EnumAttrCase<"nd", 0>,
    I32EnumAttrCase<"dn", 1>,
    I32EnumAttrCase<"nz", 2>,
    // A5 microscaling scales (f8E8M0): an A-side [M, G] / a B-side [G, N]
    // scale tensor in 16x2 boxes (pypto's pl.MX_A_ZZ / pl.MX_B_NN).
    I32EnumAttrCase<"mx_a_zz", 3>,
    I32EnumAttrCase<"mx_b_nn", 4>]> {
  let cppNamespace = "::ptonz::pl";
  let genSpecializedAttr = 0;
}
def PL_LayoutAttr : EnumAttr<PL_Dialect, PL_Layout, "layout"> {
  let assemblyFormat = "`<` $value `>`";
}

// Where a tile lives.
def PL_Memory : I32EnumAttr<"Memory", "on-chip memory of a pl tile", [
    I32EnumAttrCase<"vec", 0>,
    I32EnumAttrCase<"mat", 1>,
    I32EnumAttrCase<"left", 2>,
    I32EnumAttrCase<"right", 3>,
    I32EnumAttrCase<"acc", 4>,
    I32EnumAttrCase<"bias", 5>]> {
  let cppNamespace = "::ptonz::pl";
  let genSpecializedAttr = 0;
}
def PL_MemoryAttr : EnumAttr<PL_Dialect, PL_Memory, "memory"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // PTONZ_PL_ATTRS
