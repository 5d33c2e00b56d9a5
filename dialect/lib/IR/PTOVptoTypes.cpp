//===- PTOVptoTypes.cpp - `!pto.vreg`, `!pto.mask`: syntax, verifiers -----===//
//
// PTOAS 0.60's syntax and type rules (lib/PTO/IR/VPTO.cpp VRegType /
// MaskType): `!pto.vreg<NxT>` is exactly 256 bytes of integer, float or PTO
// low-precision elements; `!pto.mask<bN>` is b8, b16 or b32.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOBase.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace ptonz::pto;

/// The bits of one vector register (PTOAS's kValue2048).
static constexpr int64_t kVRegBits = 2048;

Type VRegType::parse(AsmParser &p) {
  SmallVector<int64_t, 1> shape;
  Type elem;
  SMLoc at = p.getCurrentLocation();
  if (p.parseLess() || p.parseDimensionList(shape, /*allowDynamic=*/false,
                                            /*withTrailingX=*/true))
    return {};
  if (shape.size() != 1) {
    p.emitError(at, "!pto.vreg takes one element count: `!pto.vreg<NxT>`");
    return {};
  }
  if (p.parseType(elem) || p.parseGreater())
    return {};
  return p.getChecked<VRegType>(at, p.getContext(), shape.front(), elem);
}

void VRegType::print(AsmPrinter &p) const {
  p << '<' << getElementCount() << 'x';
  p.printType(getElementType());
  p << '>';
}

LogicalResult VRegType::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t elementCount, Type elementType) {
  auto spelled = [&] {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "'!pto.vreg<" << elementCount << 'x' << elementType << ">'";
    return s;
  };
  if (elementCount <= 0)
    return emitError() << spelled() << " expected a positive element count";
  unsigned bits = elementBits(elementType);
  if (bits == 0)
    return emitError() << spelled()
                       << " expected an integer, floating-point, or PTO "
                          "low-precision element type";
  if (elementCount * bits != kVRegBits)
    return emitError() << spelled()
                       << " expected exactly 256 bytes (write the element "
                          "count "
                       << kVRegBits / bits << " for this element type)";
  return success();
}

Type MaskType::parse(AsmParser &p) {
  SMLoc at = p.getCurrentLocation();
  StringRef granularity;
  if (p.parseLess() || p.parseKeyword(&granularity) || p.parseGreater())
    return {};
  return p.getChecked<MaskType>(at, p.getContext(), granularity);
}

void MaskType::print(AsmPrinter &p) const {
  p << '<' << getGranularity() << '>';
}

LogicalResult MaskType::verify(function_ref<InFlightDiagnostic()> emitError,
                               StringRef granularity) {
  if (granularity != "b8" && granularity != "b16" && granularity != "b32")
    return emitError() << "'!pto.mask<" << granularity
                       << ">' expected granularity to be one of b8, b16, b32";
  return success();
}
