//===- PTOVmiTypes.cpp - PTOAS 0.60's VMI types: syntax and rules ---------===//
//
// `!pto.vmi.vreg`, `!pto.vmi.mask` and `#pto.vmi.layout` (PTOVmiTypes.td):
// read and printed as PTOAS 0.60 reads and prints them, with its rules
// (lib/PTO/IR/VMI.cpp of tonibohnlein/PTOAS e32488c9; the messages are
// PTOAS's, followed by what to write instead).
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOBase.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace ptonz::pto;

//===----------------------------------------------------------------------===//
// #pto.vmi.layout<...>
//===----------------------------------------------------------------------===//

namespace {
/// The layout kinds: their keyword, whether `= factor` follows it, and the
/// `name = value` fields that may follow.
struct LayoutKind {
  llvm::StringLiteral kind;
  bool hasFactor, hasSlots, hasLaneStride;
};
constexpr LayoutKind kLayoutKinds[] = {
    {"contiguous", false, false, true},
    {"deinterleaved", true, false, true},
    {"block_deinterleaved", true, false, false},
    {"num_groups", true, true, true},
};
} // namespace

static const LayoutKind *layoutKind(StringRef kind) {
  for (const LayoutKind &k : kLayoutKinds)
    if (k.kind == kind)
      return &k;
  return nullptr;
}

Attribute VmiLayoutAttr::parse(AsmParser &p, Type) {
  SMLoc loc = p.getCurrentLocation();
  StringRef kind;
  int64_t factor = 1, slots = 0, laneStride = 1;
  if (p.parseLess() || p.parseKeyword(&kind))
    return {};
  const LayoutKind *k = layoutKind(kind);
  if (!k) {
    p.emitError(p.getCurrentLocation(),
                "expected VMI layout kind 'contiguous' or 'deinterleaved' or "
                "'block_deinterleaved' or 'num_groups'");
    return {};
  }
  if (k->hasFactor && (p.parseEqual() || p.parseInteger(factor)))
    return {};
  while (k->hasLaneStride && succeeded(p.parseOptionalComma())) {
    SMLoc fieldLoc = p.getCurrentLocation();
    StringRef field;
    if (p.parseKeyword(&field) || p.parseEqual())
      return {};
    if (field == "lane_stride") {
      if (p.parseInteger(laneStride))
        return {};
    } else if (field == "slots" && k->hasSlots) {
      if (p.parseInteger(slots))
        return {};
    } else {
      p.emitError(fieldLoc, k->hasSlots ? "expected 'slots = <integer>' or "
                                          "'lane_stride = <integer>'"
                                        : "expected 'lane_stride = <integer>'");
      return {};
    }
  }
  if (p.parseGreater())
    return {};
  return p.getChecked<VmiLayoutAttr>(loc, p.getContext(), kind, factor, slots,
                                     laneStride);
}

void VmiLayoutAttr::print(AsmPrinter &p) const {
  const LayoutKind *k = layoutKind(getKind());
  p << '<' << getKind();
  if (k && k->hasFactor)
    p << " = " << getFactor();
  if (getSlots() != 0)
    p << ", slots = " << getSlots();
  if (getLaneStride() != 1)
    p << ", lane_stride = " << getLaneStride();
  p << '>';
}

LogicalResult
VmiLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      StringRef kind, int64_t factor, int64_t slots,
                      int64_t laneStride) {
  const LayoutKind *k = layoutKind(kind);
  if (!k)
    return emitError() << "expected VMI layout kind to be 'contiguous' or "
                          "'deinterleaved' or 'block_deinterleaved' or "
                          "'num_groups'";
  if (laneStride <= 0)
    return emitError() << "#pto.vmi.layout<" << kind
                       << "> requires lane_stride to be positive";
  if (kind == "contiguous" && (factor != 1 || slots != 0))
    return emitError() << "#pto.vmi.layout<contiguous> requires factor, "
                          "block_elems, and slots to be their defaults";
  if ((kind == "deinterleaved" || kind == "block_deinterleaved") &&
      factor != 2 && factor != 4)
    return emitError() << "#pto.vmi.layout<" << kind << " = " << factor
                       << "> expected factor to be 2 or 4";
  if (kind == "deinterleaved" && slots != 0)
    return emitError() << "#pto.vmi.layout<deinterleaved = " << factor
                       << "> requires slots to be omitted";
  if (kind == "block_deinterleaved" && (slots != 0 || laneStride != 1))
    return emitError() << "#pto.vmi.layout<block_deinterleaved = " << factor
                       << "> does not accept block_elems, slots, or "
                          "lane_stride";
  if (kind == "num_groups" && factor <= 0)
    return emitError() << "#pto.vmi.layout<num_groups = " << factor
                       << "> requires num_groups to be positive";
  if (kind == "num_groups" && slots < 0)
    return emitError() << "#pto.vmi.layout<num_groups = " << factor
                       << ", slots = " << slots
                       << "> requires slots to be omitted or positive";
  return success();
}

//===----------------------------------------------------------------------===//
// !pto.vmi.vreg<NxT[, layout]> / !pto.vmi.mask<NxG[, layout]>
//===----------------------------------------------------------------------===//

/// `<N x` of both types: one static dimension.
static ParseResult parseLaneCount(AsmParser &p, int64_t &count) {
  SMLoc at = p.getCurrentLocation();
  SmallVector<int64_t, 1> shape;
  if (p.parseLess() || p.parseDimensionList(shape, /*allowDynamic=*/false,
                                            /*withTrailingX=*/true))
    return failure();
  if (shape.size() != 1)
    return p.emitError(at, "expected one lane count (`<64xf32>`), got ")
           << shape.size() << " dimensions";
  count = shape.front();
  return success();
}

/// `[, #pto.vmi.layout<...>] >`.
static ParseResult parseOptionalLayoutAndEnd(AsmParser &p, Attribute &layout) {
  if (succeeded(p.parseOptionalComma())) {
    SMLoc at = p.getCurrentLocation();
    if (p.parseAttribute(layout))
      return failure();
    if (!isa<VmiLayoutAttr>(layout))
      return p.emitError(at, "expected #pto.vmi.layout attribute");
  }
  return p.parseGreater();
}

/// The type as written, for a diagnostic (PTOAS quotes it).
template <typename Body>
static std::string spelled(StringRef mnemonic, int64_t count, Body body,
                           Attribute layout) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "'!pto." << mnemonic << '<' << count << 'x' << body;
  if (layout)
    os << ", " << layout;
  os << ">'";
  return s;
}

Type VmiVRegType::parse(AsmParser &p) {
  SMLoc loc = p.getCurrentLocation();
  int64_t count;
  Type element;
  Attribute layout;
  if (parseLaneCount(p, count) || p.parseType(element) ||
      parseOptionalLayoutAndEnd(p, layout))
    return {};
  return p.getChecked<VmiVRegType>(loc, p.getContext(), count, element, layout);
}

void VmiVRegType::print(AsmPrinter &p) const {
  p << '<' << getElementCount() << 'x';
  p.printType(getElementType());
  if (getLayout())
    p << ", " << getLayout();
  p << '>';
}

LogicalResult VmiVRegType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t count, Type element,
                                  Attribute layout) {
  auto type = [&] { return spelled("vmi.vreg", count, element, layout); };
  if (count <= 0)
    return emitError() << type()
                       << " expected a positive element count (write the "
                          "lane count, e.g. 64xf32)";
  if (!isa<IndexType>(element) && !isElementType(element))
    return emitError() << type()
                       << " expected an integer, index, floating-point, or "
                          "PTO low-precision element type";
  unsigned bits = elementBits(element);
  if (bits != 8 && bits != 16 && bits != 32)
    return emitError() << type()
                       << " expected an 8-bit, 16-bit, or 32-bit logical "
                          "element type (VMI registers hold no 64-bit or "
                          "sub-byte lanes; convert the data first)";
  if (layout && !isa<VmiLayoutAttr>(layout))
    return emitError() << type() << " expected layout to be #pto.vmi.layout";
  auto vmiLayout = dyn_cast_or_null<VmiLayoutAttr>(layout);
  if (vmiLayout && vmiLayout.getKind() == "num_groups" &&
      count != vmiLayout.getFactor())
    return emitError() << type()
                       << " expected num_groups layout to describe exactly "
                          "one logical result lane per group";
  return success();
}

unsigned VmiMaskType::getGranularityBits() const {
  return llvm::StringSwitch<unsigned>(getGranularity())
      .Case("b8", 8)
      .Case("b16", 16)
      .Case("b32", 32)
      .Default(0);
}

Type VmiMaskType::parse(AsmParser &p) {
  SMLoc loc = p.getCurrentLocation();
  int64_t count;
  StringRef granularity;
  Attribute layout;
  if (parseLaneCount(p, count) || p.parseKeyword(&granularity) ||
      parseOptionalLayoutAndEnd(p, layout))
    return {};
  return p.getChecked<VmiMaskType>(loc, p.getContext(), count, granularity,
                                   layout);
}

void VmiMaskType::print(AsmPrinter &p) const {
  p << '<' << getElementCount() << 'x' << getGranularity();
  if (getLayout())
    p << ", " << getLayout();
  p << '>';
}

LogicalResult VmiMaskType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t count, StringRef granularity,
                                  Attribute layout) {
  auto type = [&] { return spelled("vmi.mask", count, granularity, layout); };
  if (count <= 0)
    return emitError() << type()
                       << " expected a positive element count (write the "
                          "lane count, e.g. 64xpred)";
  if (!llvm::is_contained({"pred", "b8", "b16", "b32"}, granularity))
    return emitError() << type()
                       << " expected granularity to be one of pred, b8, b16, "
                          "b32";
  if (layout && !isa<VmiLayoutAttr>(layout))
    return emitError() << type() << " expected layout to be #pto.vmi.layout";
  if (granularity == "pred" && layout)
    return emitError() << type()
                       << " pred mask must not carry layout (drop the layout, "
                          "or give the mask a b8/b16/b32 granularity)";
  return success();
}
