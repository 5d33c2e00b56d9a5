//===- PTOAttrs.cpp - `pto` attributes -------------------------------------===//

#include "ptonz/PTOBase.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ptonz::pto;

#define GET_ATTRDEF_CLASSES
#include "ptonz/PTOAttrs.cpp.inc"

void PTODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ptonz/PTOAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=..., s_fractal_size=512,
//                      pad=#pto.pad_value<null>, compact=#pto.compact_mode<null>>
// Every key is optional on input and may also be an integer (`blayout=1 : i32`).
//===----------------------------------------------------------------------===//

/// An enum value given as its attribute or as an integer attribute.
template <typename Enum, typename EnumAttr>
static ParseResult parseConfigEnum(AsmParser &p, StringRef key, Enum &out,
                                   std::optional<Enum> (*fromInt)(uint32_t)) {
  Attribute a;
  SMLoc at = p.getCurrentLocation();
  if (p.parseAttribute(a))
    return failure();
  if (auto e = dyn_cast<EnumAttr>(a)) {
    out = e.getValue();
    return success();
  }
  if (auto i = dyn_cast<IntegerAttr>(a)) {
    if (auto v = fromInt(static_cast<uint32_t>(i.getInt())); v && i.getInt() >= 0) {
      out = *v;
      return success();
    }
    return p.emitError(at) << "unsupported " << key << " value: " << i.getInt();
  }
  return p.emitError(at) << key << " must be a #pto." << key << "<...> or an integer";
}

Attribute TileBufConfigAttr::parse(AsmParser &p, Type) {
  BLayout blayout = BLayout::row_major;
  SLayout slayout = SLayout::none_box;
  int32_t fractal = 512;
  PadValue pad = PadValue::null;
  CompactMode compact = CompactMode::null;
  if (p.parseLess())
    return {};
  if (failed(p.parseOptionalGreater())) {
    do {
      StringRef key;
      SMLoc at = p.getCurrentLocation();
      if (p.parseKeyword(&key) || p.parseEqual())
        return {};
      ParseResult r = success();
      if (key == "blayout")
        r = parseConfigEnum<BLayout, BLayoutAttr>(p, key, blayout, symbolizeBLayout);
      else if (key == "slayout")
        r = parseConfigEnum<SLayout, SLayoutAttr>(p, key, slayout, symbolizeSLayout);
      else if (key == "pad")
        r = parseConfigEnum<PadValue, PadValueAttr>(p, "pad_value", pad, symbolizePadValue);
      else if (key == "compact")
        r = parseConfigEnum<CompactMode, CompactModeAttr>(p, "compact_mode", compact,
                                                          symbolizeCompactMode);
      else if (key == "s_fractal_size")
        r = p.parseInteger(fractal);
      else {
        p.emitError(at, "unknown key in tile_buf_config: ")
            << key << " (expected blayout, slayout, s_fractal_size, pad or compact)";
        return {};
      }
      if (failed(r))
        return {};
    } while (succeeded(p.parseOptionalComma()));
    if (p.parseGreater())
      return {};
  }
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), blayout,
                    slayout, fractal, pad, compact);
}

void TileBufConfigAttr::print(AsmPrinter &p) const {
  MLIRContext *ctx = getContext();
  p << "<blayout=" << BLayoutAttr::get(ctx, getBlayout())
    << ", slayout=" << SLayoutAttr::get(ctx, getSlayout()) << ", s_fractal_size=" << getFractal()
    << ", pad=" << PadValueAttr::get(ctx, getPad())
    << ", compact=" << CompactModeAttr::get(ctx, getCompact()) << '>';
}

LogicalResult TileBufConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError, BLayout,
                                        SLayout, int32_t fractal, PadValue, CompactMode) {
  if (fractal != 16 && fractal != 32 && fractal != 512 && fractal != 1024)
    return emitError() << "unsupported s_fractal_size: " << fractal
                       << ", must be one of {16, 32, 512, 1024}";
  return success();
}
