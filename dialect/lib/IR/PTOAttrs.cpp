//===- PTOAttrs.cpp - `pto` attributes
//-------------------------------------===//

#include "ptonz/PTOBase.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
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
// #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=...,
// s_fractal_size=512,
//                      pad=#pto.pad_value<null>,
//                      compact=#pto.compact_mode<null>>
// Every key is optional on input and may also be an integer (`blayout=1 :
// i32`).
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
    if (auto v = fromInt(static_cast<uint32_t>(i.getInt()));
        v && i.getInt() >= 0) {
      out = *v;
      return success();
    }
    return p.emitError(at) << "unsupported " << key << " value: " << i.getInt();
  }
  return p.emitError(at) << key << " must be a #pto." << key
                         << "<...> or an integer";
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
        r = parseConfigEnum<BLayout, BLayoutAttr>(p, key, blayout,
                                                  symbolizeBLayout);
      else if (key == "slayout")
        r = parseConfigEnum<SLayout, SLayoutAttr>(p, key, slayout,
                                                  symbolizeSLayout);
      else if (key == "pad")
        r = parseConfigEnum<PadValue, PadValueAttr>(p, "pad_value", pad,
                                                    symbolizePadValue);
      else if (key == "compact")
        r = parseConfigEnum<CompactMode, CompactModeAttr>(
            p, "compact_mode", compact, symbolizeCompactMode);
      else if (key == "s_fractal_size")
        r = p.parseInteger(fractal);
      else {
        p.emitError(at, "unknown key in tile_buf_config: ")
            << key
            << " (expected blayout, slayout, s_fractal_size, pad or compact)";
        return {};
      }
      if (failed(r))
        return {};
    } while (succeeded(p.parseOptionalComma()));
    if (p.parseGreater())
      return {};
  }
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(),
                    blayout, slayout, fractal, pad, compact);
}

void TileBufConfigAttr::print(AsmPrinter &p) const {
  MLIRContext *ctx = getContext();
  p << "<blayout=" << BLayoutAttr::get(ctx, getBlayout())
    << ", slayout=" << SLayoutAttr::get(ctx, getSlayout())
    << ", s_fractal_size=" << getFractal()
    << ", pad=" << PadValueAttr::get(ctx, getPad())
    << ", compact=" << CompactModeAttr::get(ctx, getCompact()) << '>';
}

LogicalResult
TileBufConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError, BLayout,
                          SLayout, int32_t fractal, PadValue, CompactMode) {
  if (fractal != 16 && fractal != 32 && fractal != 512 && fractal != 1024)
    return emitError() << "unsupported s_fractal_size: " << fractal
                       << ", must be one of {16, 32, 512, 1024}";
  return success();
}

//===----------------------------------------------------------------------===//
// The dialect's attribute syntax: ptonz's attributes, and those of PTOAS 0.60
// that ptonz does not model, passed through verbatim
//===----------------------------------------------------------------------===//

/// Attribute mnemonics of PTOAS 0.60 (its PTOAttrs.td / VMIAttrs.td) that
/// ptonz does not model: `#pto.X<...>` / `#pto<X ...>` parse as MLIR opaque
/// attributes of the `pto` dialect and print back as written.
static bool isPassThroughAttrMnemonic(StringRef m) {
  static constexpr llvm::StringLiteral kMnemonics[] = {"acc_phase",
                                                       "acc_store_atomic_op",
                                                       "acc_store_atomic_type",
                                                       "acc_store_mode",
                                                       "acc_store_sat_mode",
                                                       "acc_store_ub_dst_mode",
                                                       "atomic_type",
                                                       "cmp",
                                                       "cube_load_frac_mode",
                                                       "dcci_cache_line",
                                                       "dcci_dst",
                                                       "div_precision",
                                                       "dsb_mem",
                                                       "event",
                                                       "exp_precision",
                                                       "fence_scope",
                                                       "fmod_precision",
                                                       "func_core_type",
                                                       "gather_oob",
                                                       "l1cache",
                                                       "ld_l2cache",
                                                       "log_precision",
                                                       "mad_sat_mode",
                                                       "mad_unit_flag_mode",
                                                       "mask_pattern",
                                                       "membar",
                                                       "module_core_type",
                                                       "notify_op",
                                                       "pipe",
                                                       "pipe_event_type",
                                                       "pow_precision",
                                                       "print_format",
                                                       "quant_pre_mode",
                                                       "quant_scale_alg",
                                                       "quant_type",
                                                       "recip_precision",
                                                       "reduce_op",
                                                       "relu_pre_mode",
                                                       "rem_precision",
                                                       "round_mode",
                                                       "rounding",
                                                       "rsqrt_precision",
                                                       "saturation",
                                                       "saturation_mode",
                                                       "scatter_atomic_op",
                                                       "scatter_conflict",
                                                       "scatter_oob",
                                                       "signedness",
                                                       "sqrt_precision",
                                                       "st_l2cache",
                                                       "st_phase",
                                                       "sync_all_mode",
                                                       "sync_core_type",
                                                       "sync_op_type",
                                                       "tf32_mode",
                                                       "unit_flag_ctrl",
                                                       "vec_store_mode",
                                                       "wait_cmp",
                                                       "address_space",
                                                       "acc_to_vec_mode",
                                                       "padmode",
                                                       "vector_function"};
  return llvm::is_contained(kMnemonics, m);
}

StringRef ptonz::pto::passThroughEnumCase(Attribute attr, StringRef mnemonic) {
  auto opaque = dyn_cast_if_present<OpaqueAttr>(attr);
  if (!opaque ||
      opaque.getDialectNamespace() != PTODialect::getDialectNamespace())
    return {};
  StringRef data = opaque.getAttrData().trim();
  if (!data.consume_front(mnemonic))
    return {};
  data = data.trim();
  // `mnemonic case` (the #pto<...> form) or `mnemonic<case>`.
  if (data.consume_front("<") && !data.consume_back(">"))
    return {};
  data = data.trim();
  if (data.empty() ||
      !llvm::all_of(data, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return {};
  return data;
}

Attribute PTODialect::parseAttribute(DialectAsmParser &p, Type type) const {
  SMLoc at = p.getCurrentLocation();
  StringRef spec = p.getFullSymbolSpec();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult parsed =
      generatedAttributeParser(p, &mnemonic, type, attr);
  if (parsed.has_value())
    return succeeded(*parsed) ? attr : Attribute();
  if (isPassThroughAttrMnemonic(mnemonic))
    return OpaqueAttr::get(StringAttr::get(getContext(), getNamespace()), spec,
                           type ? type : NoneType::get(getContext()));
  p.emitError(at) << "unknown pto attribute '" << mnemonic
                  << "' (neither an attribute of ptonz nor one of PTOAS 0.60)";
  return {};
}

void PTODialect::printAttribute(Attribute attr, DialectAsmPrinter &p) const {
  (void)generatedAttributePrinter(attr, p);
}
