//===- PTOVmiRules.cpp - PTOAS's rules for the verbatim pto.vmi ops -------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/VMI.cpp, tonibohnlein/PTOAS e32488c9)
// of the `pto.vmi.*` ops ptonz keeps verbatim. Their operands and results
// carry ptonz's VMI types (PTOVmiTypes.td). Each check is one of PTOAS's,
// in its order; an op whose operands are not of the kinds its PTOAS
// definition declares is left alone (PTOAS's ODS constraints reject it, with
// a message ptonz does not reproduce), so a rule never rejects what PTOAS
// accepts.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

#include "ptonz/PTOBase.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace ptonz::pto;

//===----------------------------------------------------------------------===//
// Element type classes (VMI.cpp's isVMI*Type)
//===----------------------------------------------------------------------===//

static bool isBF16x2(Type t) { return isa<BF16x2Type>(t); }
static bool isPackedFloatCarrier(Type t) {
  return isa<HiF8x2Type>(t) || isFP4Pair(t) || isBF16x2(t);
}
/// A float or one of PTOAS's low-precision scalar types.
static bool isFloatLike(Type t) {
  return isa<FloatType>(t) || isPTOScalarType(t);
}
static bool isIntegerLike(Type t) { return isa<IntegerType, IndexType>(t); }
static bool isSignedInt(Type t) {
  auto i = dyn_cast<IntegerType>(t);
  return i && i.isSigned();
}
static bool isF16OrF32(Type t) { return t.isF16() || t.isF32(); }
static bool isF16BF16OrF32(Type t) {
  return t.isF16() || t.isBF16() || t.isF32();
}
static bool isIntOfWidth(Type t, std::initializer_list<unsigned> widths) {
  auto i = dyn_cast<IntegerType>(t);
  return i && llvm::is_contained(widths, i.getWidth());
}
static bool isI8To32OrF16BF16F32(Type t) {
  return isIntOfWidth(t, {8, 16, 32}) || isF16BF16OrF32(t);
}
static bool isI16I32OrF16BF16F32(Type t) {
  return isIntOfWidth(t, {16, 32}) || isF16BF16OrF32(t);
}
/// PTOAS's lane width of a VMI element (index counts 64).
static unsigned laneBits(Type t) {
  return isa<IndexType>(t) ? 64 : elementBits(t);
}

//===----------------------------------------------------------------------===//
// Conversion contracts (VMI.cpp's lookupVMIFpTo*Contract)
//===----------------------------------------------------------------------===//

namespace {
struct FpToFpContract {
  bool requiresSat;
  StringRef roundingModes; // empty: the default R, A, H, Z
};
} // namespace

/// Whether fp->si of these element types needs `saturate`; nullopt if the
/// hardware has no such conversion.
static std::optional<bool> fpToSiRequiresSat(Type src, Type dst) {
  auto d = dyn_cast<IntegerType>(dst);
  if (!isFloatLike(src) || !d || !d.isSigned())
    return std::nullopt;
  unsigned w = d.getWidth();
  if (src.isF32() && (w == 32 || w == 16))
    return true;
  if (src.isF16() && w == 32)
    return false;
  if (src.isF16() && (w == 16 || w == 8))
    return true;
  if (src.isBF16() && w == 32)
    return true;
  return std::nullopt;
}

/// fp->ui (signless counts as unsigned): only f16 -> 8-bit, saturating.
static std::optional<bool> fpToUiRequiresSat(Type src, Type dst) {
  auto d = dyn_cast<IntegerType>(dst);
  if (!isFloatLike(src) || !d || d.isSigned())
    return std::nullopt;
  if (src.isF16() && d.getWidth() == 8)
    return true;
  return std::nullopt;
}

static std::optional<FpToFpContract> fpToFpContract(Type src, Type dst) {
  if (!isFloatLike(src) || !isFloatLike(dst))
    return std::nullopt;
  if (isBF16x2(src) && isFP4Pair(dst))
    return FpToFpContract{false, "RAFZC"};
  if (isFP4Pair(src) && isBF16x2(dst))
    return FpToFpContract{false, ""};
  if (elementBits(src) != elementBits(dst))
    return std::nullopt;
  if (src.isBF16() && dst.isF16())
    return FpToFpContract{true, ""};
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Shared checks (VMI.cpp's verifyAllSame*, verifyMaskMatchesData, ...)
//===----------------------------------------------------------------------===//

static VmiVRegType vregOf(Value v) {
  return dyn_cast<VmiVRegType>(v.getType());
}
static VmiMaskType maskOf(Value v) {
  return dyn_cast<VmiMaskType>(v.getType());
}

/// The vreg types of `values`, or nothing if one is not a vreg.
template <typename Range>
static std::optional<SmallVector<VmiVRegType>> vregsOf(Range &&values) {
  SmallVector<VmiVRegType> types;
  for (Value v : values) {
    VmiVRegType t = vregOf(v);
    if (!t)
      return std::nullopt;
    types.push_back(t);
  }
  return types;
}

static std::optional<SmallVector<VmiVRegType>>
vregsOf(std::initializer_list<Value> values) {
  return vregsOf(ArrayRef<Value>(values));
}

static std::optional<StringRef> strAttr(Operation *op, StringRef name) {
  if (auto a = op->getAttrOfType<StringAttr>(name))
    return a.getValue();
  return std::nullopt;
}

/// All of `types` with one lane count (and element type, and layout -- all
/// or none carrying one, and, with sameLayout, the same one).
static LogicalResult sameShapeAndLayout(Operation *op,
                                        ArrayRef<VmiVRegType> types,
                                        bool sameElement,
                                        bool sameLayout = true) {
  if (types.empty())
    return success();
  VmiVRegType first = types.front();
  bool anyLayout =
      llvm::any_of(types, [](VmiVRegType t) { return bool(t.getLayout()); });
  for (VmiVRegType t : types) {
    if (t.getElementCount() != first.getElementCount())
      return op->emitOpError("requires all VMI data values to have the same "
                             "logical lane count (give every operand and "
                             "result the lane count of the first)");
    if (sameElement && t.getElementType() != first.getElementType())
      return op->emitOpError("requires all VMI data values to have the same "
                             "element type (convert with pto.vmi.vcvt first)");
    if (anyLayout && !t.getLayout())
      return op->emitOpError(
          "requires either all or no VMI data values to carry layout");
    if (sameLayout && anyLayout && t.getLayout() != first.getLayout())
      return op->emitOpError("requires all layout-assigned VMI data values "
                             "to have the same layout");
  }
  return success();
}

/// A mask that fits the data it governs: same lane count and layout, and a
/// b8/b16/b32 granularity of the data's element width (pred fits any).
static LogicalResult maskMatchesData(Operation *op, VmiMaskType mask,
                                     VmiVRegType data) {
  if (mask.getElementCount() != data.getElementCount())
    return op->emitOpError(
        "requires mask logical lane count to match data lane count");
  if (mask.getLayout() || data.getLayout()) {
    if (!mask.getLayout() || !data.getLayout())
      return op->emitOpError("requires either both mask and data to carry "
                             "layout or neither to carry layout");
    if (mask.getLayout() != data.getLayout())
      return op->emitOpError("requires mask layout to match data layout");
  }
  if (mask.isPred())
    return success();
  unsigned dataBits = laneBits(data.getElementType());
  unsigned maskBits = mask.getGranularityBits();
  if (dataBits != 0 && maskBits != 0 && dataBits != maskBits)
    return op->emitOpError("requires mask granularity to match data element "
                           "width (a ")
           << dataBits << "-bit element takes a b" << dataBits
           << " or pred mask)";
  return success();
}

static LogicalResult checkPmode(Operation *op) {
  std::optional<StringRef> mode = strAttr(op, "pmode");
  if (mode && *mode != "merge" && *mode != "zero")
    return op->emitOpError("pmode must be \"merge\" or \"zero\", got \"")
           << *mode << "\"";
  return success();
}

static LogicalResult checkSaturateValue(Operation *op, StringRef sat,
                                        StringRef message) {
  if (sat != "SAT" && sat != "NOSAT")
    return op->emitOpError(message);
  return success();
}

//===----------------------------------------------------------------------===//
// The elementwise binary ops: lhs, rhs[, mask] -> result
//===----------------------------------------------------------------------===//

/// PTOAS's element rule of each binary op and its message.
template <bool (*Element)(Type), const char *Message, bool NoBF16x2>
static LogicalResult verifyBinary(Operation *op) {
  if (op->getNumOperands() < 2 || op->getNumResults() != 1)
    return success();
  auto types =
      vregsOf({op->getOperand(0), op->getOperand(1), op->getResult(0)});
  if (!types)
    return success();
  Type element = (*types)[0].getElementType();
  if (NoBF16x2 && isBF16x2(element))
    return op->emitOpError("does not support bf16x2 VMI element type; bf16x2 "
                           "is conversion-only");
  if (!Element(element))
    return op->emitOpError(Message);
  if (failed(sameShapeAndLayout(op, *types, /*sameElement=*/true)) ||
      failed(checkPmode(op)))
    return failure();
  ValueRange masks = op->getOperands().drop_front(2);
  if (masks.empty())
    return success();
  if (masks.size() != 1)
    return op->emitOpError("expects at most one mask operand");
  VmiMaskType mask = maskOf(masks.front());
  return mask ? maskMatchesData(op, mask, (*types)[2]) : success();
}

static bool isIntegerType(Type t) { return isa<IntegerType>(t); }

static constexpr char kAddLike[] =
    "requires i8, i16, i32, f16, bf16, or f32 VMI element type";
static constexpr char kMulLike[] =
    "requires i16, i32, f16, bf16, or f32 VMI element type";
static constexpr char kDivLike[] =
    "requires f16 or f32 VMI element type (pto.vmi.vdiv has no integer or "
    "bf16 form; convert with pto.vmi.vcvt first)";
static constexpr char kShlLike[] =
    "requires integer-like VMI element type (reinterpret floating-point data "
    "with pto.vmi.vinterpret_cast first)";
static constexpr char kShrLike[] =
    "requires integer VMI element type (reinterpret floating-point data with "
    "pto.vmi.vinterpret_cast first)";

//===----------------------------------------------------------------------===//
// The other ops
//===----------------------------------------------------------------------===//

/// The element type of a pointer or memref operand, null for another type.
static Type memoryElementType(Type t) {
  if (auto ptr = dyn_cast<PtrType>(t))
    return ptr.getElementType();
  if (auto memref = dyn_cast<MemRefType>(t))
    return memref.getElementType();
  return {};
}

/// A store's pmode: PTOAS stores only zero inactive lanes.
static LogicalResult checkStorePmode(Operation *op, StringRef what) {
  std::optional<StringRef> mode = strAttr(op, "pmode");
  if (mode && *mode != "merge" && *mode != "zero")
    return op->emitOpError("invalid pmode: \"") << *mode << "\"";
  if (mode && *mode != "zero")
    return op->emitOpError()
           << "pmode \"merge\" is not supported for stores: the legacy store "
              "lowering is mask-governed only and cannot retain prior "
              "destination contents on inactive "
           << what << "; omit pmode (defaults to \"zero\")";
  return success();
}

/// vsel mask, true, false -> result.
static LogicalResult verifyVsel(Operation *op) {
  if (op->getNumOperands() != 3 || op->getNumResults() != 1)
    return success();
  VmiMaskType mask = maskOf(op->getOperand(0));
  auto types =
      vregsOf({op->getOperand(1), op->getOperand(2), op->getResult(0)});
  if (!mask || !types)
    return success();
  if (failed(sameShapeAndLayout(op, *types, /*sameElement=*/true)) ||
      failed(maskMatchesData(op, mask, (*types)[2])))
    return failure();
  return checkPmode(op);
}

/// vintlv / vdintlv lhs, rhs, mask -> low, high (layouts may differ).
static LogicalResult verifyInterleave(Operation *op) {
  if (op->getNumOperands() != 3 || op->getNumResults() != 2)
    return success();
  VmiMaskType mask = maskOf(op->getOperand(2));
  auto types = vregsOf({op->getOperand(0), op->getOperand(1), op->getResult(0),
                        op->getResult(1)});
  if (!mask || !types)
    return success();
  if (failed(sameShapeAndLayout(op, *types, /*sameElement=*/true,
                                /*sameLayout=*/false)) ||
      failed(maskMatchesData(op, mask, (*types)[0])))
    return failure();
  return checkPmode(op);
}

/// vstore: a mask operand must fit the (first) stored value.
static LogicalResult verifyVstore(Operation *op) {
  VmiVRegType value;
  SmallVector<VmiMaskType> masks;
  for (Value v : op->getOperands()) {
    if (!value)
      value = vregOf(v);
    if (VmiMaskType m = maskOf(v))
      masks.push_back(m);
  }
  if (!value)
    return success();
  if (failed(checkStorePmode(op, "lanes")))
    return failure();
  if (masks.size() != 1)
    return success();
  return maskMatchesData(op, masks.front(), value);
}

/// vsstb value, destination[offset], block_stride, mask.
static LogicalResult verifyVsstb(Operation *op) {
  if (op->getNumOperands() != 5)
    return success();
  VmiVRegType value = vregOf(op->getOperand(0));
  VmiMaskType mask = maskOf(op->getOperand(4));
  if (!value || !mask)
    return success();
  Type stored = memoryElementType(op->getOperand(1).getType());
  if (stored && stored != value.getElementType())
    return op->emitOpError("requires memory destination element type to "
                           "match VMI data element type");
  if (failed(checkStorePmode(op, "blocks")))
    return failure();
  return maskMatchesData(op, mask, value);
}

/// compress source, mask -> result.
static LogicalResult verifyCompress(Operation *op) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return success();
  VmiMaskType mask = maskOf(op->getOperand(1));
  auto types = vregsOf({op->getOperand(0), op->getResult(0)});
  if (!mask || !types)
    return success();
  if (failed(sameShapeAndLayout(op, *types, /*sameElement=*/true)))
    return failure();
  return maskMatchesData(op, mask, (*types)[0]);
}

/// active_prefix_index mask -> i8/i16/i32 result.
static LogicalResult verifyActivePrefixIndex(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return success();
  VmiMaskType mask = maskOf(op->getOperand(0));
  VmiVRegType result = vregOf(op->getResult(0));
  if (!mask || !result)
    return success();
  auto i = dyn_cast<IntegerType>(result.getElementType());
  if (!i || !i.isSignless())
    return op->emitOpError("requires signless integer result element type "
                           "(i8, i16 or i32)");
  if (!llvm::is_contained({8u, 16u, 32u}, i.getWidth()))
    return op->emitOpError("requires i8, i16, or i32 result element type");
  return maskMatchesData(op, mask, result);
}

/// vinterpret_cast: the same bits in total, the same layout.
static LogicalResult verifyInterpretCast(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return success();
  VmiVRegType src = vregOf(op->getOperand(0));
  VmiVRegType dst = vregOf(op->getResult(0));
  if (!src || !dst)
    return success();
  unsigned srcBits = elementBits(src.getElementType());
  unsigned dstBits = elementBits(dst.getElementType());
  if (srcBits == 0 || dstBits == 0)
    return op->emitOpError(
        "requires integer or floating-point source and result element types");
  if (src.getElementCount() * srcBits != dst.getElementCount() * dstBits)
    return op->emitOpError("requires source and result to carry the same "
                           "total number of bits (")
           << src.getElementCount() * srcBits << " vs "
           << dst.getElementCount() * dstBits
           << "; scale the result lane count by the element widths)";
  if (src.getLayout() || dst.getLayout()) {
    if (!src.getLayout() || !dst.getLayout())
      return op->emitOpError("requires either both source and result to carry "
                             "layout or neither to carry layout");
    if (src.getLayout() != dst.getLayout())
      return op->emitOpError("requires source and result layouts to match");
  }
  return success();
}

/// PTOAS's rule that an iota's groups fit the physical register.
static LogicalResult checkGroups(Operation *op, VmiVRegType result,
                                 int64_t groups) {
  if (groups <= 0)
    return op->emitOpError("requires group to be positive");
  if (result.getElementCount() % groups != 0)
    return op->emitOpError(
        "requires group to evenly divide result logical lane count");
  unsigned bits = elementBits(result.getElementType());
  if (groups > 1 && bits != 0 && 2048 % bits == 0) {
    int64_t lanesPerPart = 2048 / bits;
    int64_t groupSize = result.getElementCount() / groups;
    if (groupSize % lanesPerPart != 0 && lanesPerPart % groupSize != 0)
      return op->emitOpError("requires group_size to divide or be a multiple "
                             "of physical lanes per part (")
             << lanesPerPart << ")";
  }
  return success();
}

/// A scalar that may seed a vector of `semantic` elements: the same type,
/// or an integer of its width whose signedness is compatible.
static bool isCompatibleScalar(Type semantic, Type scalar) {
  if (semantic == scalar)
    return true;
  auto s = dyn_cast<IntegerType>(semantic);
  auto v = dyn_cast<IntegerType>(scalar);
  if (!s || !v || s.getWidth() != v.getWidth())
    return false;
  if (s.isSigned())
    return v.isSigned() || v.isSignless();
  if (s.isUnsigned())
    return v.isUnsigned() || v.isSignless();
  return v.isSignless();
}

/// vci base -> result {order, group}.
static LogicalResult verifyVci(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return success();
  VmiVRegType result = vregOf(op->getResult(0));
  if (!result)
    return success();
  Type element = result.getElementType();
  if (!isIntOfWidth(element, {8, 16, 32}) && !isF16OrF32(element))
    return op->emitOpError(
        "requires result element type to be integer 8/16/32 or f16/f32");
  if (!isCompatibleScalar(element, op->getOperand(0).getType()))
    return op->emitOpError("requires base type to match result element type");
  std::optional<StringRef> order = strAttr(op, "order");
  if (order && *order != "ASC" && *order != "DESC")
    return op->emitOpError("requires order to be ASC or DESC (got \"")
           << *order << "\")";
  if (auto group = op->getAttrOfType<IntegerAttr>("group"))
    return checkGroups(op, result, group.getInt());
  return success();
}

/// vbrc value -> result: a scalar of the element type or a one-lane vector
/// (or, with `group`, one lane per group).
static LogicalResult verifyVbrc(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return success();
  VmiVRegType result = vregOf(op->getResult(0));
  if (!result)
    return success();
  Type value = op->getOperand(0).getType();
  VmiVRegType vector = dyn_cast<VmiVRegType>(value);
  if (auto group = op->getAttrOfType<IntegerAttr>("group")) {
    int64_t groups = group.getInt();
    if (!vector)
      return op->emitOpError("requires VMI vector input when num_groups is "
                             "set");
    if (vector.getElementCount() != groups)
      return op->emitOpError()
             << "requires source logical lane count "
             << vector.getElementCount() << " to match num_groups " << groups;
    if (vector.getElementType() != result.getElementType())
      return op->emitOpError("requires source and result element types to "
                             "match");
    if (VmiLayoutAttr l = vector.getLayoutAttr();
        l && (l.getKind() != "num_groups" || l.getFactor() != groups))
      return op->emitOpError() << "requires layout-assigned source to use "
                                  "#pto.vmi.layout<num_groups = "
                               << groups << ">";
    if (VmiLayoutAttr l = result.getLayoutAttr();
        l && l.getKind() == "num_groups")
      return op->emitOpError(
          "requires layout-assigned result to use a dense VMI layout");
    if (groups <= 0)
      return op->emitOpError("requires num_groups to be positive");
    if (result.getElementCount() % groups != 0)
      return op->emitOpError()
             << "requires num_groups to evenly divide VMI logical lane count "
             << result.getElementCount();
    return success();
  }
  if (value == result.getElementType())
    return success();
  if (vector) {
    if (vector.getElementCount() != 1)
      return op->emitOpError(
          "requires VMI vector input to have one logical lane");
    if (vector.getElementType() != result.getElementType())
      return op->emitOpError("requires VMI vector input element type to match "
                             "result element type");
    return success();
  }
  return op->emitOpError("requires scalar or VMI vector input element type to "
                         "match result element type (broadcast a ")
         << result.getElementType() << " scalar)";
}

/// constant / constant_mask {value = dense<...>}.
template <bool Mask> static LogicalResult verifyConstant(Operation *op) {
  if (op->getNumResults() != 1)
    return success();
  Type resultType = op->getResult(0).getType();
  int64_t count;
  Type element;
  if (auto v = dyn_cast<VmiVRegType>(resultType); v && !Mask) {
    count = v.getElementCount();
    element = v.getElementType();
  } else if (auto m = dyn_cast<VmiMaskType>(resultType); m && Mask) {
    count = m.getElementCount();
  } else {
    return success();
  }
  Attribute value = op->getAttr("value");
  if (!value)
    return success();
  auto dense = dyn_cast<DenseElementsAttr>(value);
  const char *what = Mask ? "mask constant" : "constant";
  if (!dense)
    return op->emitOpError() << "requires dense elements " << what
                             << " attribute (write `value = dense<...> : "
                             << (Mask ? "vector<Nxi1>" : "vector<NxT>") << "`)";
  if (Mask && !dense.getElementType().isInteger(1))
    return op->emitOpError(
        "requires dense mask constant element type to be i1");
  if (!Mask && dense.getElementType() != element)
    return op->emitOpError("requires dense constant element type to match "
                           "result element type");
  if (dense.getNumElements() != count)
    return op->emitOpError()
           << "requires dense " << what
           << " element count to match result logical lane count (" << count
           << ")";
  return success();
}

/// create_group_mask {num_groups, group_size}: N = num_groups * group_size.
static LogicalResult verifyCreateGroupMask(Operation *op) {
  if (op->getNumResults() != 1)
    return success();
  VmiMaskType result = maskOf(op->getResult(0));
  auto groups = op->getAttrOfType<IntegerAttr>("num_groups");
  auto size = op->getAttrOfType<IntegerAttr>("group_size");
  if (!result || !groups || !size)
    return success();
  if (groups.getInt() <= 0)
    return op->emitOpError("requires positive num_groups");
  if (size.getInt() <= 0)
    return op->emitOpError("requires positive group_size");
  if (result.getElementCount() != groups.getInt() * size.getInt())
    return op->emitOpError("requires result lane count to equal num_groups * "
                           "group_size (")
           << groups.getInt() * size.getInt() << ")";
  return success();
}

/// channel_split source -> ch0, ch1, ...; channel_merge ch0, ch1, ... ->
/// result. `whole` is the interleaved value, `channels` the parts.
static LogicalResult verifyChannels(Operation *op, VmiVRegType whole,
                                    ArrayRef<VmiVRegType> channels,
                                    bool split) {
  StringRef what = split ? "channel_split" : "channel_merge";
  if (channels.size() < 2)
    return op->emitOpError(split ? "requires at least two channel results"
                                 : "requires at least two channel inputs");
  VmiVRegType first = channels.front();
  int64_t n = channels.size();
  if (split) {
    if (whole.getElementCount() != n * first.getElementCount())
      return op->emitOpError("requires source lane count to equal result "
                             "count times per-channel lane count");
    for (VmiVRegType c : channels)
      if (c.getElementCount() != first.getElementCount() ||
          c.getElementType() != whole.getElementType())
        return op->emitOpError("requires every channel result to have equal "
                               "lane count and source element type");
  } else {
    for (VmiVRegType c : channels)
      if (c.getElementCount() != first.getElementCount() ||
          c.getElementType() != first.getElementType())
        return op->emitOpError("requires all channel inputs to have the same "
                               "lane count and element type");
    if (whole.getElementCount() != n * first.getElementCount() ||
        whole.getElementType() != first.getElementType())
      return op->emitOpError("requires result lane count and element type to "
                             "match merged channels");
  }
  bool anyLayout =
      bool(whole.getLayout()) ||
      llvm::any_of(channels, [](VmiVRegType c) { return bool(c.getLayout()); });
  if (!anyLayout)
    return success();
  if (!whole.getLayoutAttr())
    return op->emitOpError()
           << "requires layout-assigned " << what << " "
           << (split ? "source" : "result") << " when any "
           << "channel " << (split ? "result" : "input") << " has layout";
  for (VmiVRegType c : channels) {
    if (!c.getLayoutAttr())
      return op->emitOpError()
             << "requires every " << what << " " << (split ? "result" : "input")
             << " to carry layout when " << (split ? "source" : "result")
             << " has layout";
    if (c.getLayoutAttr().getKind() != "contiguous")
      return op->emitOpError()
             << "requires layout-assigned " << what << " "
             << (split ? "results" : "inputs") << " to be contiguous";
  }
  VmiLayoutAttr l = whole.getLayoutAttr();
  if ((n == 2 || n == 4) && l.getKind() != "contiguous" &&
      !(l.getKind() == "deinterleaved" && l.getFactor() == n &&
        l.getLaneStride() == 1))
    return op->emitOpError() << "requires layout-assigned " << what << " "
                             << (split ? "source" : "result")
                             << " to be contiguous or deinterleaved by "
                             << (split ? "result" : "input") << " count";
  return success();
}

static LogicalResult verifyChannelSplit(Operation *op) {
  if (op->getNumOperands() != 1)
    return success();
  VmiVRegType whole = vregOf(op->getOperand(0));
  auto channels = vregsOf(op->getResults());
  if (!whole || !channels)
    return success();
  return verifyChannels(op, whole, *channels, /*split=*/true);
}

static LogicalResult verifyChannelMerge(Operation *op) {
  if (op->getNumResults() != 1)
    return success();
  VmiVRegType whole = vregOf(op->getResult(0));
  auto channels = vregsOf(op->getOperands());
  if (!whole || !channels)
    return success();
  return verifyChannels(op, whole, *channels, /*split=*/false);
}

/// The number of physical registers a layout-assigned VMI value occupies
/// (VMI.cpp's getVMIPhysicalArity), nullopt when PTOAS cannot compute it.
static std::optional<int64_t> physicalArity(Type type) {
  int64_t count, lanesPerPart, laneStride = 1;
  VmiLayoutAttr layout;
  if (auto v = dyn_cast<VmiVRegType>(type)) {
    unsigned bits = elementBits(v.getElementType());
    if (bits == 0 || 2048 % bits != 0)
      return std::nullopt;
    count = v.getElementCount();
    lanesPerPart = 2048 / bits;
    layout = v.getLayoutAttr();
    if (layout && layout.getKind() != "num_groups")
      laneStride = layout.getLaneStride();
  } else if (auto m = dyn_cast<VmiMaskType>(type)) {
    layout = m.getLayoutAttr();
    int64_t bits =
        m.getGranularityBits() * (layout ? layout.getLaneStride() : 1);
    if (bits != 8 && bits != 16 && bits != 32)
      return std::nullopt;
    count = m.getElementCount();
    lanesPerPart = 2048 / bits;
  } else {
    return std::nullopt;
  }
  if (!layout)
    return std::nullopt;
  auto ceilDiv = [](int64_t a, int64_t b) {
    return a == 0 ? 0 : (a + b - 1) / b;
  };
  if (layout.getKind() == "num_groups" && layout.getSlots() > 0)
    return ceilDiv(layout.getFactor(), layout.getSlots());
  bool split = layout.getKind() == "deinterleaved" ||
               layout.getKind() == "block_deinterleaved";
  int64_t factor = split ? layout.getFactor() : 1;
  int64_t blockElems = 1;
  if (layout.getKind() == "block_deinterleaved") {
    if (lanesPerPart % 8 != 0)
      return std::nullopt;
    blockElems = lanesPerPart / 8;
  }
  // Lanes of part p: the blocks b with b % factor == p.
  int64_t blocks = ceilDiv(count, blockElems);
  int64_t arity = 0;
  for (int64_t part = 0; part < factor; ++part) {
    int64_t partBlocks = part < blocks ? ceilDiv(blocks - part, factor) : 0;
    int64_t lanes = 0;
    if (partBlocks > 0) {
      int64_t lastBlock = (partBlocks - 1) * factor + part;
      int64_t lastLanes = std::min(blockElems, count - lastBlock * blockElems);
      lanes = (partBlocks - 1) * blockElems + lastLanes;
    }
    int64_t physical = lanes == 0 ? 0 : (lanes - 1) * laneStride + 1;
    arity += ceilDiv(physical, lanesPerPart);
  }
  return arity;
}

/// pack parts -> value / unpack value -> parts: one part per physical
/// register of the value's layout.
template <bool Pack> static LogicalResult verifyPhysicalParts(Operation *op) {
  if ((Pack ? op->getNumResults() : op->getNumOperands()) != 1)
    return success();
  Type vmi = Pack ? op->getResult(0).getType() : op->getOperand(0).getType();
  if (!isa<VmiVRegType, VmiMaskType>(vmi))
    return success();
  std::optional<int64_t> arity = physicalArity(vmi);
  if (!arity)
    return op->emitOpError(
        "requires a layout-assigned VMI type with computable physical arity");
  size_t parts = Pack ? op->getNumOperands() : op->getNumResults();
  if (static_cast<int64_t>(parts) != *arity)
    return op->emitOpError()
           << "requires " << *arity << " physical parts, got " << parts;
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

static std::optional<std::pair<VmiVRegType, VmiVRegType>>
unaryTypes(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return std::nullopt;
  VmiVRegType src = vregOf(op->getOperand(0));
  VmiVRegType dst = vregOf(op->getResult(0));
  if (!src || !dst)
    return std::nullopt;
  return std::make_pair(src, dst);
}

static constexpr char kSatValue[] = "saturate attr must be 'SAT' or 'NOSAT'";

/// The saturate rule of a conversion: required (and SAT/NOSAT) or absent.
static LogicalResult checkSaturate(Operation *op, bool required,
                                   StringRef missing, StringRef present,
                                   StringRef badValue = kSatValue) {
  std::optional<StringRef> sat = strAttr(op, "saturate");
  if (required) {
    if (!sat)
      return op->emitOpError(missing);
    return checkSaturateValue(op, *sat, badValue);
  }
  if (sat)
    return op->emitOpError(present);
  return success();
}

static constexpr char kLanesMatch[] =
    "requires source and result logical lane counts to match";

/// truncf: fp -> narrower (or contract same-width) fp.
static LogicalResult verifyTruncF(Operation *op) {
  auto types = unaryTypes(op);
  if (!types)
    return success();
  auto [src, dst] = *types;
  Type s = src.getElementType(), d = dst.getElementType();
  std::optional<FpToFpContract> contract = fpToFpContract(s, d);
  if (src.getElementCount() != dst.getElementCount())
    return op->emitOpError(kLanesMatch);
  if (!isFloatLike(s) || !isFloatLike(d))
    return op->emitOpError(
        "requires floating-point-like source and result element types");
  if ((isBF16x2(s) || isBF16x2(d)) && !contract)
    return op->emitOpError(
        "unsupported bf16x2 fp-to-fp conversion element type pair");
  if ((isPackedFloatCarrier(s) || isPackedFloatCarrier(d)) && !contract)
    return op->emitOpError(
        "unsupported packed fp-to-fp conversion element type pair");
  unsigned sBits = laneBits(s), dBits = laneBits(d);
  if (sBits < dBits)
    return op->emitOpError("requires result element type to be narrower than "
                           "or same-width as source element type");
  if (sBits == dBits && !contract)
    return op->emitOpError("same-width fp-to-fp conversion is not supported "
                           "for this type pair; see lookupVMIFpToFpContract");
  if (std::optional<StringRef> rnd = strAttr(op, "rounding")) {
    if (rnd->size() != 1)
      return op->emitOpError(
          "rounding attr must be a single-character mode token");
    bool own = contract && !contract->roundingModes.empty();
    StringRef allowed = own ? contract->roundingModes : StringRef("RAHZ");
    if (!allowed.contains(*rnd))
      return op->emitOpError(own ? "rounding attr is not valid for this "
                                   "fp-to-fp conversion type pair"
                                 : "rounding attr must be R, A, H, or Z");
  }
  return checkSaturate(
      op, !contract || contract->requiresSat,
      "'saturate' attribute is required (SAT or NOSAT)",
      "'saturate' attribute is not valid for this fp-to-fp narrow conversion "
      "(no saturation)");
}

/// fptosi: fp -> signed integer.
static LogicalResult verifyFpToSi(Operation *op) {
  auto types = unaryTypes(op);
  if (!types)
    return success();
  auto [src, dst] = *types;
  Type s = src.getElementType(), d = dst.getElementType();
  if (src.getElementCount() != dst.getElementCount())
    return op->emitOpError(kLanesMatch);
  if (!isFloatLike(s))
    return op->emitOpError("requires floating-point-like source element type");
  if (!isSignedInt(d))
    return op->emitOpError("requires signed integer result element type");
  std::optional<bool> sat = fpToSiRequiresSat(s, d);
  if (!sat)
    return op->emitOpError("unsupported fp-to-si conversion element type pair");
  if (std::optional<StringRef> rnd = strAttr(op, "rounding"))
    if (!llvm::is_contained({"R", "A", "F", "C", "Z"}, *rnd))
      return op->emitOpError("rounding attr must be R, A, F, C, or Z");
  return checkSaturate(op, *sat,
                       "'saturate' attribute is required for this fp-to-si "
                       "conversion (SAT or NOSAT)",
                       "'saturate' attribute is not valid for this fp-to-si "
                       "conversion (no overflow possible)");
}

/// trunci: integer -> narrower integer, always with saturate.
static LogicalResult verifyTruncI(Operation *op) {
  auto types = unaryTypes(op);
  if (!types)
    return success();
  auto [src, dst] = *types;
  Type s = src.getElementType(), d = dst.getElementType();
  if (src.getElementCount() != dst.getElementCount())
    return op->emitOpError(kLanesMatch);
  if (!isIntegerLike(s) || !isIntegerLike(d))
    return op->emitOpError("requires integer source and result element types");
  if (laneBits(s) <= laneBits(d))
    return op->emitOpError(
        "requires result element type to be narrower than source element type");
  return checkSaturate(op, true,
                       "'saturate' attribute is required (SAT or NOSAT)", "");
}

namespace {
enum class Cvt {
  FpWiden,
  FpNarrow,
  FpToSi,
  FpToUi,
  SiToFp,
  IntWiden,
  IntNarrow
};
} // namespace

/// vcvt: PTOAS's unified conversion (VMICvtOp::verify).
static LogicalResult verifyVcvt(Operation *op) {
  auto types = unaryTypes(op);
  if (!types)
    return success();
  auto [src, dst] = *types;
  if (src.getElementCount() != dst.getElementCount())
    return op->emitOpError(kLanesMatch);
  Type s = src.getElementType(), d = dst.getElementType();
  unsigned sBits = laneBits(s), dBits = laneBits(d);
  bool sFp = isFloatLike(s), dFp = isFloatLike(d);
  bool sInt = isIntegerLike(s), dInt = isIntegerLike(d);
  std::optional<FpToFpContract> contract =
      sFp && dFp ? fpToFpContract(s, d) : std::nullopt;
  if ((isBF16x2(s) || isBF16x2(d)) && !contract)
    return op->emitOpError(
        "unsupported conversion involving bf16x2 element type");
  if (sFp && dFp && (isPackedFloatCarrier(s) || isPackedFloatCarrier(d)) &&
      !contract)
    return op->emitOpError(
        "unsupported packed fp-to-fp conversion element type pair");
  Cvt dir;
  if (sFp && dFp) {
    if (dBits > sBits) {
      dir = Cvt::FpWiden;
    } else {
      if (dBits == sBits && !contract)
        return op->emitOpError(
            "same-width fp-to-fp conversion is not supported for this type "
            "pair; see lookupVMIFpToFpContract");
      dir = Cvt::FpNarrow;
    }
  } else if (sFp && dInt) {
    dir = isSignedInt(d) ? Cvt::FpToSi : Cvt::FpToUi;
  } else if (sInt && dFp) {
    if (!isSignedInt(s))
      return op->emitOpError("int-to-fp conversion requires explicitly signed "
                             "integer source element type");
    dir = Cvt::SiToFp;
  } else if (sInt && dInt) {
    if (dBits == sBits)
      return op->emitOpError(
          "int-to-int conversion must change element bit-width");
    dir = dBits > sBits ? Cvt::IntWiden : Cvt::IntNarrow;
  } else {
    return op->emitOpError("unsupported element type combination for vcvt");
  }

  if (std::optional<StringRef> rnd = strAttr(op, "rounding")) {
    if (dir != Cvt::FpNarrow && dir != Cvt::FpToSi && dir != Cvt::FpToUi)
      return op->emitOpError(
          "'rounding' attribute is only valid for floating-point narrowing or "
          "floating-point-to-integer conversions");
    if (rnd->size() != 1)
      return op->emitOpError("rounding must be a single-character mode token");
    if (dir == Cvt::FpNarrow) {
      bool own = contract && !contract->roundingModes.empty();
      StringRef allowed = own ? contract->roundingModes : StringRef("RAHZ");
      if (!allowed.contains(*rnd))
        return op->emitOpError(
            own ? "rounding is not valid for this fp-to-fp conversion type "
                  "pair"
                : "rounding must be 'R' (nearest-even), 'A' "
                  "(away-from-zero), 'H' (half-up), or 'Z' (toward-zero)");
    } else if (!llvm::is_contained({"R", "A", "F", "C", "Z"}, *rnd)) {
      return op->emitOpError("rounding must be 'R', 'A', 'F', 'C', or 'Z' for "
                             "floating-point-to-integer conversions");
    }
  }

  static constexpr char kBadSat[] = "saturate must be 'SAT' or 'NOSAT'";
  std::optional<StringRef> sat = strAttr(op, "saturate");
  if (dir == Cvt::FpToSi || dir == Cvt::FpToUi) {
    bool si = dir == Cvt::FpToSi;
    std::optional<bool> needs =
        si ? fpToSiRequiresSat(s, d) : fpToUiRequiresSat(s, d);
    if (!needs)
      return op->emitOpError(si ? "unsupported fp-to-si conversion element "
                                  "type pair"
                                : "unsupported fp-to-ui conversion element "
                                  "type pair");
    if (failed(checkSaturate(
            op, *needs,
            si ? "'saturate' attribute is required for this fp-to-si "
                 "conversion; write 'SAT' or 'NOSAT'"
               : "'saturate' attribute is required for this fp-to-ui "
                 "conversion; write 'SAT' or 'NOSAT'",
            si ? "'saturate' attribute is not valid for this fp-to-si "
                 "conversion (no overflow possible); drop it"
               : "'saturate' attribute is not valid for this fp-to-ui "
                 "conversion (no overflow possible); drop it",
            kBadSat)))
      return failure();
  } else {
    bool needs = dir == Cvt::IntNarrow ||
                 (dir == Cvt::FpNarrow && (!contract || contract->requiresSat));
    if (needs) {
      if (!sat)
        return op->emitOpError("'saturate' attribute is required for "
                               "fp-narrow / int-narrow conversions; write "
                               "'SAT' or 'NOSAT'");
      if (failed(checkSaturateValue(op, *sat, kBadSat)))
        return failure();
      if (dir == Cvt::IntNarrow && *sat == "SAT" && sBits == 32 && dBits == 8 &&
          isSignedInt(s) && isSignedInt(d))
        return op->emitOpError(
            "si32 -> si8 int-narrow does not support saturate=\"SAT\" (no "
            "native hardware form; only saturate=\"NOSAT\" is allowed)");
    } else if (sat && dir == Cvt::FpNarrow) {
      return op->emitOpError("'saturate' attribute is not valid for this "
                             "fp-to-fp narrow conversion (no saturation)");
    } else if (sat) {
      return op->emitOpError("'saturate' attribute is only valid for "
                             "fp-narrow / int-narrow conversions; drop it");
    }
  }
  std::optional<StringRef> pmode = strAttr(op, "pmode");
  if (pmode && *pmode != "merge" && *pmode != "zero")
    return op->emitOpError("pmode must be 'merge' or 'zero'");
  return success();
}

ArrayRef<PassThroughRule> ptonz::pto::vmiRules() {
  static const PassThroughRule rules[] = {
      {"pto.vmi.active_prefix_index", verifyActivePrefixIndex},
      {"pto.vmi.channel_merge", verifyChannelMerge},
      {"pto.vmi.channel_split", verifyChannelSplit},
      {"pto.vmi.compress", verifyCompress},
      {"pto.vmi.constant", verifyConstant<false>},
      {"pto.vmi.constant_mask", verifyConstant<true>},
      {"pto.vmi.create_group_mask", verifyCreateGroupMask},
      {"pto.vmi.fptosi", verifyFpToSi},
      {"pto.vmi.pack", verifyPhysicalParts<true>},
      {"pto.vmi.truncf", verifyTruncF},
      {"pto.vmi.trunci", verifyTruncI},
      {"pto.vmi.unpack", verifyPhysicalParts<false>},
      {"pto.vmi.vadd", verifyBinary<isI8To32OrF16BF16F32, kAddLike, true>},
      {"pto.vmi.vbrc", verifyVbrc},
      {"pto.vmi.vci", verifyVci},
      {"pto.vmi.vcvt", verifyVcvt},
      {"pto.vmi.vdintlv", verifyInterleave},
      {"pto.vmi.vdiv", verifyBinary<isF16OrF32, kDivLike, true>},
      {"pto.vmi.vinterpret_cast", verifyInterpretCast},
      {"pto.vmi.vintlv", verifyInterleave},
      {"pto.vmi.vmax", verifyBinary<isI8To32OrF16BF16F32, kAddLike, true>},
      {"pto.vmi.vmin", verifyBinary<isI8To32OrF16BF16F32, kAddLike, true>},
      {"pto.vmi.vmul", verifyBinary<isI16I32OrF16BF16F32, kMulLike, true>},
      {"pto.vmi.vsel", verifyVsel},
      {"pto.vmi.vsstb", verifyVsstb},
      {"pto.vmi.vshl", verifyBinary<isIntegerLike, kShlLike, false>},
      {"pto.vmi.vshr", verifyBinary<isIntegerType, kShrLike, false>},
      {"pto.vmi.vstore", verifyVstore},
      {"pto.vmi.vsub", verifyBinary<isI8To32OrF16BF16F32, kAddLike, true>},
  };
  return rules;
}
