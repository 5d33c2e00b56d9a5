//===- PTOVptoRules.cpp - PTOAS's rules for the verbatim vpto ops ---------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/VPTO.cpp and PTO.cpp,
// tonibohnlein/PTOAS e32488c9) of the vpto / ub vector ops, the cube bridges
// and the SIMT ops ptonz keeps verbatim. Each rule reads the op as PTOAS's
// syntax writes it: the operands in the order written, the results, the
// attribute dictionary and the keywords and strings the verbatim parser kept
// (PTODialect.cpp). A rule checks only an op of the arity its syntax gives;
// an op of another shape is left to PTOAS.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

#include "ptonz/PTOBase.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace ptonz::pto;

//===----------------------------------------------------------------------===//
// Reading a verbatim op
//===----------------------------------------------------------------------===//

/// The keywords, literals and strings of a verbatim op, in order (the `k` and
/// `a` tokens of its `ptonz.verbatim` format; PTODialect.cpp).
struct VerbatimItems {
  SmallVector<StringRef> keywords; // keywords and number literals
  SmallVector<StringRef> strings;  // "..." strings
};

static VerbatimItems verbatimItems(Operation *op) {
  VerbatimItems out;
  auto format = op->getAttrOfType<StringAttr>("ptonz.verbatim");
  auto items = op->getAttrOfType<ArrayAttr>("ptonz.verbatim_items");
  if (!format || !items)
    return out;
  size_t next = 0;
  for (char kind : format.getValue()) {
    if (kind != 'k' && kind != 'a')
      continue;
    if (next >= items.size())
      break;
    auto str = dyn_cast<StringAttr>(items[next++]);
    if (!str)
      continue;
    (kind == 'k' ? out.keywords : out.strings).push_back(str.getValue());
  }
  return out;
}

static bool hasKeyword(Operation *op, StringRef keyword) {
  return llvm::is_contained(verbatimItems(op).keywords, keyword);
}

/// The string attribute `name` of the op's dictionary, if any.
static std::optional<StringRef> stringAttr(Operation *op, StringRef name) {
  if (auto s = op->getAttrOfType<StringAttr>(name))
    return s.getValue();
  return std::nullopt;
}

/// Inside a `pto.simt_entry` function or a `pto.section.simt` (PTOAS's
/// isInsideSimtExecutionScope).
static bool insideSimtScope(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (func && func->hasAttr("pto.simt_entry"))
    return true;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->getName().getStringRef() == "pto.section.simt")
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Buffers (PTOAS's isBufferLike / getBufferAddressSpace / classifyMemoryRole)
//===----------------------------------------------------------------------===//

static bool isBufferLike(Type t) { return isa<PtrType, BaseMemRefType>(t); }

static Type bufferElement(Type t) {
  if (auto ptr = dyn_cast<PtrType>(t))
    return ptr.getElementType();
  if (auto memref = dyn_cast<BaseMemRefType>(t))
    return memref.getElementType();
  return {};
}

static std::optional<AddressSpace> bufferSpace(Type t) {
  if (auto ptr = dyn_cast<PtrType>(t))
    return ptr.getAddressSpace();
  if (auto memref = dyn_cast<BaseMemRefType>(t)) {
    if (auto as = dyn_cast_or_null<AddressSpaceAttr>(memref.getMemorySpace()))
      return as.getValue();
    if (auto i = dyn_cast_or_null<IntegerAttr>(memref.getMemorySpace()))
      return symbolizeAddressSpace(i.getInt());
  }
  return std::nullopt;
}

/// A memref without a memory space is neither GM nor UB (PTOAS's
/// MemoryRole::Unknown).
static bool isGMBuffer(Type t) {
  std::optional<AddressSpace> space = bufferSpace(t);
  return space && (*space == AddressSpace::gm || *space == AddressSpace::zero);
}

static bool isUBBuffer(Type t) {
  std::optional<AddressSpace> space = bufferSpace(t);
  return space && *space == AddressSpace::vec;
}

/// PTOAS's getAddressSpaceDiagnosticName.
static StringRef spaceName(AddressSpace space) {
  switch (space) {
  case AddressSpace::gm:
    return "gm";
  case AddressSpace::mat:
    return "mat/l1";
  case AddressSpace::left:
    return "left/l0a";
  case AddressSpace::right:
    return "right/l0b";
  case AddressSpace::acc:
    return "acc/l0c";
  case AddressSpace::vec:
    return "vec/ub";
  case AddressSpace::bias:
    return "bt/bias";
  case AddressSpace::scaling:
    return "fb/scaling";
  case AddressSpace::zero:
    return "zero";
  }
  return "unknown";
}

/// `t` as written (a diagnostic quotes a streamed type).
static std::string spelled(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// PTOAS's isPTOFloat8Type: the E4M3 and E5M2 kinds of fp8.
static bool isFloat8(Type t) {
  return isa<Float8E4M3Type, Float8E4M3FNType, Float8E4M3FNUZType,
             Float8E4M3B11FNUZType, Float8E5M2Type, Float8E5M2FNUZType>(t);
}

//===----------------------------------------------------------------------===//
// Register operands (VPTO.cpp verifyVRegTypeLike / verifyMaskTypeLike / ...)
//===----------------------------------------------------------------------===//

static FailureOr<VRegType> vreg(Operation *op, Type t, StringRef role) {
  if (auto v = dyn_cast<VRegType>(t))
    return v;
  return op->emitOpError() << role << " must be !pto.vreg<...>";
}

static LogicalResult mask(Operation *op, Type t, StringRef role) {
  if (isa<MaskType>(t))
    return success();
  return op->emitOpError() << role << " must be !pto.mask<...>";
}

static LogicalResult maskOf(Operation *op, Type t, StringRef role,
                            StringRef granularity) {
  auto m = dyn_cast<MaskType>(t);
  if (!m)
    return op->emitOpError() << role << " must be !pto.mask<...>";
  if (m.getGranularity() != granularity)
    return op->emitOpError() << role << " must be !pto.mask<" << granularity
                             << "> (got " << t << ")";
  return success();
}

/// verifyNonLowPrecisionVRegElementTypeLike.
static LogicalResult notLowPrecision(Operation *op, Type t, StringRef role) {
  auto v = dyn_cast<VRegType>(t);
  if (!v || !isLowPrecisionElement(v.getElementType()))
    return success();
  return op->emitOpError()
         << role
         << " must not use low-precision vector element type; low-precision "
            "vreg elements are currently only supported on explicit "
            "memory/conversion ops such as vlds/vsts/vcvt/vmulscvt/vpack "
            "(convert the register with pto.vcvt first)";
}

static bool shape(Operation *op, unsigned operands, unsigned results) {
  return op->getNumOperands() == operands && op->getNumResults() == results;
}

//===----------------------------------------------------------------------===//
// Vector arithmetic
//===----------------------------------------------------------------------===//

/// verifyBinaryVecOp: `%lhs, %rhs, %mask : T, T, M -> T`.
template <bool AllowLowPrecision>
static LogicalResult verifyBinary(Operation *op) {
  if (!shape(op, 3, 1))
    return success();
  Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType();
  Type result = op->getResult(0).getType();
  if (failed(vreg(op, lhs, "lhs type")) || failed(vreg(op, rhs, "rhs type")) ||
      failed(mask(op, op->getOperand(2).getType(), "mask type")) ||
      failed(vreg(op, result, "result type")))
    return failure();
  if (!AllowLowPrecision && failed(notLowPrecision(op, lhs, "lhs type")))
    return failure();
  if (AllowLowPrecision &&
      isa<BF16x2Type>(cast<VRegType>(lhs).getElementType()))
    return op->emitOpError("does not support bf16x2 vector elements; "
                           "low-precision bitwise operations require an 8-bit "
                           "payload type");
  if (lhs != rhs || lhs != result)
    return op->emitOpError("requires matching register vector shapes");
  return success();
}

/// verifyUnaryVecOp: `%input, %mask : T, M -> T`.
static LogicalResult verifyUnary(Operation *op) {
  if (!shape(op, 2, 1))
    return success();
  Type input = op->getOperand(0).getType(), result = op->getResult(0).getType();
  if (failed(vreg(op, input, "operand type")) ||
      failed(mask(op, op->getOperand(1).getType(), "mask type")) ||
      failed(vreg(op, result, "result type")) ||
      failed(notLowPrecision(op, input, "operand type")))
    return failure();
  if (input != result)
    return op->emitOpError("requires matching register vector shape");
  return success();
}

/// VreluOp::verify: si32/i32/f16/f32 only.
static LogicalResult verifyVrelu(Operation *op) {
  if (!shape(op, 2, 1))
    return success();
  if (failed(verifyUnary(op)))
    return failure();
  Type elem = cast<VRegType>(op->getOperand(0).getType()).getElementType();
  auto i = dyn_cast<IntegerType>(elem);
  if (i ? (i.getWidth() != 32 || i.isUnsigned())
        : !(elem.isF16() || elem.isF32()))
    return op->emitOpError("requires si32/i32/f16/f32 vector element type");
  return success();
}

/// verifyVecScalarMaskedOpLike: `%input, %scalar, %mask : T, S, M -> T`.
static LogicalResult verifyVecScalar(Operation *op) {
  if (!shape(op, 3, 1))
    return success();
  Type input = op->getOperand(0).getType(), result = op->getResult(0).getType();
  auto in = dyn_cast<VRegType>(input);
  auto out = dyn_cast<VRegType>(result);
  if (!in || !out)
    return op->emitOpError("input and result must be !pto.vreg<...>");
  if (in != out)
    return op->emitOpError("input and result vector types must match");
  Type elem = in.getElementType(), scalar = op->getOperand(1).getType();
  if (scalar != elem) {
    auto ei = dyn_cast<IntegerType>(elem);
    auto si = dyn_cast<IntegerType>(scalar);
    if (!ei || !si || ei.getWidth() != si.getWidth())
      return op->emitOpError("scalar type must match vector element type");
    bool ok = (ei.isSigned() && !si.isUnsigned()) ||
              (ei.isUnsigned() && !si.isSigned()) ||
              (ei.isSignless() && si.isSignless());
    if (!ok)
      return op->emitOpError("integer scalar type must match vector element "
                             "width and use matching signedness or signless "
                             "i<width>");
  }
  if (failed(mask(op, op->getOperand(2).getType(), "mask type")) ||
      failed(notLowPrecision(op, input, "input type")))
    return failure();
  return success();
}

/// VselOp::verify: `%src0, %src1, %mask : T, T, M -> T`.
static LogicalResult verifyVsel(Operation *op) {
  if (!shape(op, 3, 1))
    return success();
  Type a = op->getOperand(0).getType(), b = op->getOperand(1).getType();
  Type result = op->getResult(0).getType();
  if (failed(vreg(op, a, "src0 type")) || failed(vreg(op, b, "src1 type")) ||
      failed(mask(op, op->getOperand(2).getType(), "mask type")) ||
      failed(vreg(op, result, "result type")) ||
      failed(notLowPrecision(op, a, "src0 type")))
    return failure();
  if (a != b || a != result)
    return op->emitOpError(
        "requires src0, src1, and result to have identical vector types");
  return success();
}

/// verifyShiftVecOp: `%lhs, %count, %mask : T, C, M -> T`, the count of
/// signed integers of T's lane count and width.
static LogicalResult verifyShift(Operation *op) {
  if (!shape(op, 3, 1))
    return success();
  Type lhsT = op->getOperand(0).getType(), rhsT = op->getOperand(1).getType();
  Type resultT = op->getResult(0).getType();
  if (failed(vreg(op, lhsT, "lhs type")) ||
      failed(vreg(op, rhsT, "rhs type")) ||
      failed(mask(op, op->getOperand(2).getType(), "mask type")) ||
      failed(vreg(op, resultT, "result type")) ||
      failed(notLowPrecision(op, lhsT, "lhs type")))
    return failure();
  auto lhs = cast<VRegType>(lhsT), rhs = cast<VRegType>(rhsT);
  auto lhsElem = dyn_cast<IntegerType>(lhs.getElementType());
  if (!lhsElem)
    return op->emitOpError("requires integer vector element type");
  if (lhsT != resultT)
    return op->emitOpError("requires matching result register vector shape");
  if (lhs.getElementCount() != rhs.getElementCount())
    return op->emitOpError("requires matching lane count for shift count");
  auto rhsElem = dyn_cast<IntegerType>(rhs.getElementType());
  if (!rhsElem)
    return op->emitOpError(
        "requires integer vector element type for shift count");
  if (rhsElem.getWidth() != lhsElem.getWidth())
    return op->emitOpError(
        "requires shift count with matching element bitwidth");
  if (!rhsElem.isSigned())
    return op->emitOpError()
           << "requires shift count to use a signed integer element type "
              "(write the count as !pto.vreg<"
           << rhs.getElementCount() << "xsi" << rhsElem.getWidth() << ">)";
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

static std::optional<StringRef> evenOddPart(StringRef part) {
  if (part == "EVEN" || part == "PART_EVEN")
    return StringRef("EVEN");
  if (part == "ODD" || part == "PART_ODD")
    return StringRef("ODD");
  return std::nullopt;
}

static bool isPacked4Part(StringRef part) {
  static constexpr llvm::StringLiteral kParts[] = {
      "P0", "P1", "P2", "P3", "PART_P0", "PART_P1", "PART_P2", "PART_P3"};
  return llvm::is_contained(kParts, part);
}

/// VcvtOp::verify's part rule: a conversion between widths 2:1 takes part
/// EVEN/ODD, one of 4:1 (and bf16 <-> a packed FP4 pair, whose contract says
/// so) P0..P3. (The element-pair contract itself is PTOAS's; a pair it does
/// not know is rejected by PTOAS with another message, as here.)
static LogicalResult verifyVcvt(Operation *op) {
  if (!shape(op, 2, 1))
    return success();
  auto in = dyn_cast<VRegType>(op->getOperand(0).getType());
  auto out = dyn_cast<VRegType>(op->getResult(0).getType());
  if (!in || !out)
    return op->emitOpError("input and result must be !pto.vreg<...>");
  if (failed(mask(op, op->getOperand(1).getType(), "mask type")))
    return failure();
  std::optional<StringRef> part = stringAttr(op, "part");
  if (!part)
    return success();
  bool evenOdd = evenOddPart(*part).has_value();
  if (!evenOdd && !isPacked4Part(*part))
    return op->emitOpError("part must be one of EVEN/ODD/P0/P1/P2/P3");
  unsigned inBits = elementBits(in.getElementType());
  unsigned outBits = elementBits(out.getElementType());
  if (!inBits || !outBits)
    return success();
  unsigned larger = std::max(inBits, outBits);
  unsigned smaller = std::min(inBits, outBits);
  bool packed4 = isFP4Pair(in.getElementType()) ||
                 isFP4Pair(out.getElementType()) || larger == 4 * smaller;
  if (packed4 && evenOdd)
    return op->emitOpError("part must be P0, P1, P2, or P3 for packed vcvt "
                           "forms (this conversion packs four lanes)");
  if (!packed4 && larger == 2 * smaller && !evenOdd)
    return op->emitOpError("part must be EVEN or ODD for 8/16 and 16/32 vcvt "
                           "forms (this conversion packs two lanes)");
  return success();
}

/// VmulscvtOp::verify: `%in, %scale, %mask, "rnd", "part" : f32 vreg, f32,
/// mask<b32> -> f16 vreg`, rnd A and part EVEN/ODD.
static LogicalResult verifyVmulscvt(Operation *op) {
  if (!shape(op, 3, 1))
    return success();
  Type inT = op->getOperand(0).getType(), outT = op->getResult(0).getType();
  if (failed(vreg(op, inT, "input type")) ||
      failed(mask(op, op->getOperand(2).getType(), "mask type")) ||
      failed(vreg(op, outT, "result type")))
    return failure();
  auto in = cast<VRegType>(inT), out = cast<VRegType>(outT);
  if (!in.getElementType().isF32())
    return op->emitOpError("requires f32 input vector element type");
  if (!out.getElementType().isF16())
    return op->emitOpError("requires f16 result vector element type");
  if (!op->getOperand(1).getType().isF32())
    return op->emitOpError("requires f32 scalar operand");
  if (failed(maskOf(op, op->getOperand(2).getType(), "mask type", "b32")))
    return failure();
  SmallVector<StringRef> strings = verbatimItems(op).strings;
  if (strings.size() != 2)
    return success();
  // PTOAS's normalizeRoundModeToken.
  static constexpr llvm::StringLiteral kRounding[] = {
      "R",       "A",       "F",       "C",       "Z",
      "O",       "H",       "ROUND_R", "ROUND_A", "ROUND_F",
      "ROUND_C", "ROUND_Z", "ROUND_O", "ROUND_H"};
  if (!llvm::is_contained(kRounding, strings[0]))
    return op->emitOpError("rnd must be one of R/A/F/C/Z/O");
  if (strings[0] != "A" && strings[0] != "ROUND_A")
    return op->emitOpError("currently only supports rnd A (write \"A\")");
  if (!evenOddPart(strings[1]))
    return op->emitOpError("part must be EVEN or ODD");
  return success();
}

//===----------------------------------------------------------------------===//
// Vector loads and stores
//===----------------------------------------------------------------------===//

/// The post-update form of vlds / vsts / vsstb / vldus returns the advanced
/// base: it has the base's type.
static LogicalResult updatedBase(Operation *op, unsigned result, unsigned base,
                                 StringRef baseName) {
  if (op->getNumResults() <= result || op->getNumOperands() <= base)
    return success();
  Type got = op->getResult(result).getType();
  Type want = op->getOperand(base).getType();
  if (got == want)
    return success();
  return op->emitOpError() << "requires updated base result to match "
                           << baseName << " type (write " << want << ", not "
                           << got << ")";
}

static LogicalResult verifyVlds(Operation *op) {
  if (op->getNumOperands() < 1 || op->getNumResults() < 1 ||
      op->getNumResults() > 2)
    return success();
  if (!isBufferLike(op->getOperand(0).getType()))
    return op->emitOpError("requires a pointer-like source");
  if (failed(vreg(op, op->getResult(0).getType(), "result type")))
    return failure();
  if (isGMBuffer(op->getOperand(0).getType()))
    return op->emitOpError("requires a UB-backed source");
  return updatedBase(op, 1, 0, "base");
}

static LogicalResult verifyVldus(Operation *op) {
  unsigned n = op->getNumOperands();
  if ((n != 2 && n != 3) || op->getNumResults() != n)
    return success();
  if (failed(vreg(op, op->getResult(0).getType(), "result type")))
    return failure();
  if (!isBufferLike(op->getOperand(0).getType()))
    return op->emitOpError("requires a pointer-like source");
  if (isGMBuffer(op->getOperand(0).getType()))
    return op->emitOpError("requires a UB-backed source");
  return updatedBase(op, 2, 0, "source");
}

static std::optional<StringRef> vstsDistGranularity(StringRef dist, Type elem) {
  bool known = isa<IntegerType>(elem) || elem.isF16() || elem.isBF16() ||
               elem.isF32() || elem.isF64();
  if (!known)
    return std::nullopt;
  return llvm::StringSwitch<std::optional<StringRef>>(dist)
      .Case("MRG4CHN_B8", StringRef("b32"))
      .Case("MRG2CHN_B8", StringRef("b16"))
      .Case("MRG2CHN_B16", StringRef("b32"))
      .Case("PK_B16", StringRef("b16"))
      .Cases("PK_B32", "PK_B64", "PK4_B32", StringRef("b32"))
      .Default(std::nullopt);
}

/// VstsOp::verify: `%value, %dst[%offset], %mask {dist} : T, P, M [-> P]`.
static LogicalResult verifyVsts(Operation *op) {
  if (op->getNumOperands() < 3 || op->getNumResults() > 1)
    return success();
  Type valueT = op->getOperand(0).getType(), dst = op->getOperand(1).getType();
  Type maskT = op->getOperands().back().getType();
  if (failed(vreg(op, valueT, "value type")))
    return failure();
  if (!isBufferLike(dst))
    return op->emitOpError("requires a pointer-like destination");
  if (isGMBuffer(dst))
    return op->emitOpError("requires a UB-backed destination");
  std::optional<StringRef> granularity;
  if (std::optional<StringRef> dist = stringAttr(op, "dist"))
    granularity =
        vstsDistGranularity(*dist, cast<VRegType>(valueT).getElementType());
  if (failed(granularity ? maskOf(op, maskT, "mask type", *granularity)
                         : mask(op, maskT, "mask type")))
    return failure();
  return updatedBase(op, 0, 1, "base");
}

/// VsstbOp::verify: `%value, %dst, %block_stride, %repeat_stride, %mask`.
static LogicalResult verifyVsstb(Operation *op) {
  if (op->getNumOperands() != 5 || op->getNumResults() > 1)
    return success();
  Type dst = op->getOperand(1).getType();
  if (failed(vreg(op, op->getOperand(0).getType(), "value type")) ||
      failed(mask(op, op->getOperand(4).getType(), "mask type")))
    return failure();
  if (!isBufferLike(dst))
    return op->emitOpError("requires a pointer-like destination");
  if (isGMBuffer(dst))
    return op->emitOpError("requires a UB-backed destination");
  if (!op->getOperand(2).getType().isSignlessInteger(16))
    return op->emitOpError("requires block_stride to be i16");
  if (!op->getOperand(3).getType().isSignlessInteger(16))
    return op->emitOpError("requires repeat_stride to be i16");
  return updatedBase(op, 0, 1, "base");
}

/// Vgather2Op::verify: `%source, %offsets, %mask : P, O, M -> R`.
static LogicalResult verifyVgather2(Operation *op) {
  if (!shape(op, 3, 1))
    return success();
  Type source = op->getOperand(0).getType();
  if (!isBufferLike(source))
    return op->emitOpError("requires a pointer-like source");
  if (isGMBuffer(source))
    return op->emitOpError("requires a UB-backed source");
  auto offsets = dyn_cast<VRegType>(op->getOperand(1).getType());
  auto result = dyn_cast<VRegType>(op->getResult(0).getType());
  if (!offsets || !result)
    return op->emitOpError("offsets and result must be !pto.vreg<...>");
  auto offsetElem = dyn_cast<IntegerType>(offsets.getElementType());
  if (!offsetElem)
    return op->emitOpError("offset vector must use integer element type");
  if (offsets.getElementCount() != result.getElementCount())
    return op->emitOpError(
        "offset and result vectors must have the same element count");
  Type srcElem = bufferElement(source), resElem = result.getElementType();
  auto srcInt = dyn_cast<IntegerType>(srcElem);
  auto resInt = dyn_cast<IntegerType>(resElem);
  // Same signedness class: unsigned with unsigned, else not unsigned.
  auto sameSign = [&] { return srcInt.isUnsigned() == resInt.isUnsigned(); };
  unsigned offsetBits = 0;
  StringRef granularity;
  int64_t lanes = 0;
  switch (elementBits(srcElem)) {
  case 8:
    if (srcInt) {
      if (!resInt || resInt.getWidth() != 16 || !sameSign())
        return op->emitOpError("8-bit gather requires i8/ui8 source and "
                               "matching i16/ui16 result");
      offsetBits = 16, granularity = "b16", lanes = 128;
      break;
    }
    return op->emitOpError("requires source element type "
                           "i8/ui8/i16/ui16/i32/ui32/f16/bf16/f32");
  case 16:
  case 32: {
    unsigned bits = elementBits(srcElem);
    if (srcInt) {
      if (!resInt || resInt.getWidth() != bits || !sameSign())
        return op->emitOpError()
               << bits << "-bit integer gather requires matching i" << bits
               << "/ui" << bits << " result";
    } else if (!(bits == 16 ? (srcElem.isF16() || srcElem.isBF16())
                            : srcElem.isF32()) ||
               srcElem != resElem) {
      return op->emitOpError()
             << bits << "-bit gather requires "
             << (bits == 16 ? "i16/ui16/f16/bf16" : "i32/ui32/f32")
             << " source and matching result";
    }
    offsetBits = bits, granularity = bits == 16 ? "b16" : "b32";
    lanes = bits == 16 ? 128 : 64;
    break;
  }
  default:
    return op->emitOpError("requires source element type "
                           "i8/ui8/i16/ui16/i32/ui32/f16/bf16/f32");
  }
  unsigned resBits = elementBits(resElem);
  if (resBits != 16 && resBits != 32)
    return op->emitOpError("result element type must be 16-bit or 32-bit");
  if (result.getElementCount() != lanes)
    return op->emitOpError() << "expects result type !pto.vreg<" << lanes << 'x'
                             << spelled(resElem) << '>';
  if (offsetElem.getWidth() != offsetBits || offsetElem.isSigned())
    return op->emitOpError() << "requires ui" << offsetBits << "/i"
                             << offsetBits << " offset vector elements";
  return maskOf(op, op->getOperand(2).getType(), "mask type", granularity);
}

/// VscatterOp::verify: `%value, %dst, %offsets, %mask`.
static LogicalResult verifyVscatter(Operation *op) {
  if (!shape(op, 4, 0))
    return success();
  Type valueT = op->getOperand(0).getType();
  if (failed(vreg(op, valueT, "value type")))
    return failure();
  if (!isBufferLike(op->getOperand(1).getType()))
    return op->emitOpError("requires a pointer-like destination");
  auto offsets = dyn_cast<VRegType>(op->getOperand(2).getType());
  auto value = cast<VRegType>(valueT);
  if (!offsets)
    return op->emitOpError("value and offsets must be !pto.vreg<...>");
  auto offsetElem = dyn_cast<IntegerType>(offsets.getElementType());
  if (!offsetElem)
    return op->emitOpError("offset vector must use integer element type");
  unsigned bits = elementBits(value.getElementType());
  if (bits != 8 && bits != 16 && bits != 32)
    return op->emitOpError("requires 8-, 16-, or 32-bit value elements");
  unsigned offsetBits = bits == 32 ? 32 : 16;
  if (offsetElem.getWidth() != offsetBits)
    return op->emitOpError()
           << "requires " << offsetBits << "-bit offset vector elements for "
           << bits << "-bit values";
  int64_t count =
      bits == 8 ? value.getElementCount() / 2 : value.getElementCount();
  if (offsets.getElementCount() != count)
    return op->emitOpError()
           << "requires " << count << " offsets for " << value.getElementCount()
           << 'x' << bits << "-bit values";
  return maskOf(op, op->getOperand(3).getType(), "mask type",
                bits == 32 ? "b32" : "b16");
}

//===----------------------------------------------------------------------===//
// ub.* vector ops on UB buffers (VPTO.cpp UBV*Op::verify)
//===----------------------------------------------------------------------===//

/// `%dst, %src0[, %src1], ...`: the first `buffers` operands are UB buffers.
template <unsigned Buffers> static LogicalResult verifyUBOp(Operation *op) {
  if (op->getNumOperands() < Buffers)
    return success();
  for (unsigned i = 0; i < Buffers; ++i)
    if (!isBufferLike(op->getOperand(i).getType()))
      return op->emitOpError("requires pointer-like operands");
  for (unsigned i = 0; i < Buffers; ++i)
    if (!isUBBuffer(op->getOperand(i).getType()))
      return op->emitOpError()
             << "requires UB-backed operands (operand " << i << " is "
             << op->getOperand(i).getType()
             << "; the ub.* ops take !pto.ptr<T, ub> buffers)";
  return success();
}

/// UBVdupOp::verify: `%dst, %scalar, ...` fills a UB buffer.
static LogicalResult verifyUBDup(Operation *op) {
  if (op->getNumOperands() < 1)
    return success();
  Type dst = op->getOperand(0).getType();
  if (!isBufferLike(dst))
    return op->emitOpError("requires pointer-like dst operand");
  if (!isUBBuffer(dst))
    return op->emitOpError() << "requires UB-backed dst operand (got " << dst
                             << "; write !pto.ptr<T, ub>)";
  return success();
}

//===----------------------------------------------------------------------===//
// Cube bridges
//===----------------------------------------------------------------------===//

/// verifyCubeBridgeLoadLikeOp: `%src, %dst, ...` from MAT to `dstSpace`.
static LogicalResult bridgeLoad(Operation *op, AddressSpace dstSpace,
                                StringRef dstName) {
  Type src = op->getOperand(0).getType(), dst = op->getOperand(1).getType();
  if (!isBufferLike(src) || !isBufferLike(dst))
    return op->emitOpError("requires buffer-like source and destination");
  if (bufferSpace(src) != AddressSpace::mat)
    return op->emitOpError()
           << "requires MAT source (an L1 buffer: !pto.ptr<T, mat>; got " << src
           << ")";
  if (bufferSpace(dst) != dstSpace)
    return op->emitOpError() << "requires " << dstName << " destination";
  unsigned srcBits = elementBits(bufferElement(src));
  unsigned dstBits = elementBits(bufferElement(dst));
  if (srcBits < 8 || dstBits < 8)
    return op->emitOpError("requires source and destination element types "
                           "with known byte width");
  if (srcBits / 8 != dstBits / 8)
    return op->emitOpError(
        "requires source and destination element byte widths to match");
  return success();
}

/// PTOAS's parser of the mte_l1_l0a/b(_mx) ops
/// (parseMteL1L0OptionalOperandsOp): after `%src, %dst`, either keyword-named
/// operands (`m(%m), ...`) or four (m, k|n, start_row, start_col) or six
/// (m_start, k_start, m_step, k_step, src_stride, dst_stride) positional ones.
static bool isNamedForm(Operation *op) {
  return !verbatimItems(op).keywords.empty();
}

static LogicalResult positionalArity(Operation *op, StringRef what) {
  if (op->getNumOperands() < 2 || isNamedForm(op))
    return success();
  unsigned positional = op->getNumOperands() - 2;
  if (positional == 4 || positional == 6)
    return success();
  return op->emitOpError()
         << "expects either four shape-derived or six full positional " << what
         << " after the source and destination, got " << positional
         << " (PTOAS's parser rejects the op)";
}

/// MteL1L0a/bOp::verify: the shape-derived form `%src, %dst, %m, %k,
/// %start_row, %start_col` starts at non-negative constants.
template <AddressSpace Dst> static LogicalResult verifyMteL1L0(Operation *op) {
  if (op->getNumOperands() < 2)
    return success();
  if (failed(positionalArity(op, "operands")) ||
      failed(bridgeLoad(op, Dst, Dst == AddressSpace::left ? "LEFT" : "RIGHT")))
    return failure();
  if (op->getNumOperands() != 6 || isNamedForm(op))
    return success();
  static constexpr llvm::StringLiteral kStarts[] = {"start_row", "start_col"};
  for (unsigned i = 0; i < 2; ++i) {
    APInt v;
    if (matchPattern(op->getOperand(4 + i), m_ConstantInt(&v)) &&
        v.isNegative())
      return op->emitOpError() << kStarts[i] << " must be non-negative";
  }
  return success();
}

/// LoadCbufToCa/CbOp (no packed FP4) and their _s4 forms (packed FP4 only).
template <AddressSpace Dst, bool S4>
static LogicalResult verifyLoadCbuf(Operation *op) {
  if (op->getNumOperands() < 2)
    return success();
  if (failed(bridgeLoad(op, Dst, Dst == AddressSpace::left ? "LEFT" : "RIGHT")))
    return failure();
  Type src = bufferElement(op->getOperand(0).getType());
  Type dst = bufferElement(op->getOperand(1).getType());
  if (!S4) {
    if (isFP4Pair(src))
      return op->emitOpError("packed FP4 source requires the S4 load "
                             "operation");
    if (isFP4Pair(dst))
      return op->emitOpError("packed FP4 destination requires the S4 load "
                             "operation");
    return success();
  }
  if (!isFP4Pair(src))
    return op->emitOpError(
        "requires packed FP4 source element type f4e1m2x2 or f4e2m1x2");
  if (!isFP4Pair(dst))
    return op->emitOpError(
        "requires packed FP4 destination element type f4e1m2x2 or f4e2m1x2");
  if (src != dst)
    return op->emitOpError(
        "requires source and destination packed FP4 element types to match");
  return success();
}

/// The mte_l1_l0a/b_mx ops: PTOAS's parser's operand count.
static LogicalResult verifyMteL1L0Mx(Operation *op) {
  return positionalArity(op, "MX operands");
}

/// MadOp / MadAccOp / MadBiasOp::verify (verifyMadSemanticClauses): `%lhs,
/// %rhs, %dst[, %bias], %m, %n, %k [tf32_mode(...)] [sat|nosat]` on l0a /
/// l0b / l0c (and bt) pointers.
template <bool Bias> static LogicalResult verifyMad(Operation *op) {
  if (op->getNumOperands() != (Bias ? 7 : 6))
    return success();
  auto lhs = dyn_cast<PtrType>(op->getOperand(0).getType());
  auto rhs = dyn_cast<PtrType>(op->getOperand(1).getType());
  auto dst = dyn_cast<PtrType>(op->getOperand(2).getType());
  if (!lhs || !rhs || !dst)
    return op->emitOpError("requires typed !pto.ptr lhs/rhs/dst operands");
  if (lhs.getAddressSpace() != AddressSpace::left ||
      rhs.getAddressSpace() != AddressSpace::right ||
      dst.getAddressSpace() != AddressSpace::acc)
    return op->emitOpError("requires l0a/l0b/l0c-typed lhs/rhs/dst pointers");
  if (Bias) {
    auto bias = dyn_cast<PtrType>(op->getOperand(3).getType());
    if (!bias)
      return op->emitOpError("requires typed !pto.ptr bias operand");
    if (bias.getAddressSpace() != AddressSpace::bias)
      return op->emitOpError("requires bias pointer in !pto.ptr<..., bt>");
    if (bias.getElementType() != dst.getElementType())
      return op->emitOpError(
          "requires bias element type to match dst element type");
  }
  Type l = lhs.getElementType(), r = rhs.getElementType();
  Type d = dst.getElementType();
  VerbatimItems items = verbatimItems(op);
  if (llvm::is_contained(items.keywords, "tf32_mode") &&
      !(l.isF32() && r.isF32() && d.isF32()))
    return op->emitOpError("requires tf32_mode only for f32 lhs/rhs/dst "
                           "element types (drop tf32_mode(...))");
  if (isa<HiF8Type>(l) != isa<HiF8Type>(r))
    return op->emitOpError("requires lhs/rhs to both use hif8 or both use "
                           "non-hif8 element types");
  auto floatLike = [](Type t) {
    return isa<FloatType>(t) || isLowPrecisionElement(t);
  };
  bool sat = llvm::is_contained(items.keywords, "sat") ||
             llvm::is_contained(items.keywords, "nosat");
  if (sat && !(floatLike(l) && floatLike(r) && floatLike(d)))
    return op->emitOpError("requires sat/nosat only for floating lhs/rhs/dst "
                           "element types (drop the sat/nosat clause)");
  return success();
}

/// PTOAS's parser of mad_mx / mad_mx_acc / mad_mx_bias takes no tf32_mode
/// clause (parseMadSemanticOpCommon without parseTf32ModeClause): ptoas
/// expects the `:` of the types there.
static LogicalResult verifyMadMx(Operation *op) {
  if (!hasKeyword(op, "tf32_mode"))
    return success();
  return op->emitOpError("takes no tf32_mode clause (PTOAS's parser expects "
                         "':' there; tf32_mode is a clause of pto.mad, "
                         "pto.mad_acc and pto.mad_bias)");
}

/// RawFillL1Op::verify's destination: an L1 buffer.
static LogicalResult verifyRawFillL1(Operation *op) {
  if (op->getNumOperands() < 1)
    return success();
  std::optional<AddressSpace> space = bufferSpace(op->getOperand(0).getType());
  if (!space)
    return op->emitOpError("requires dst with an explicit PTO address space "
                           "for L1 raw fill");
  if (*space != AddressSpace::mat)
    return op->emitOpError()
           << "requires dst in the mat/l1 address space, got "
           << spaceName(*space) << " (write !pto.ptr<T, mat>)";
  return success();
}

//===----------------------------------------------------------------------===//
// SIMT
//===----------------------------------------------------------------------===//

/// PTOAS's isPTOPackedLdgStgVectorType.
static bool isPackedLdgStgVector(Type t) {
  auto v = dyn_cast<VectorType>(t);
  if (!v || v.getRank() != 1)
    return false;
  Type elem = v.getElementType();
  int64_t lanes = v.getDimSize(0);
  bool f8 = isFloat8(elem);
  bool ok = f8 ? (lanes == 2 || lanes == 4 || lanes == 8)
               : lanes == 2 && (elem.isF16() || elem.isBF16() || elem.isF32());
  if (!ok)
    if (auto i = dyn_cast<IntegerType>(elem))
      ok = lanes == 2 &&
           (i.getWidth() == 8 || i.getWidth() == 16 || i.getWidth() == 32);
  if (!ok)
    return false;
  int64_t bits = lanes * elementBits(elem);
  return bits == 16 || bits == 32 || bits == 64;
}

/// verifyLdgStgAccess plus the SIMT scope: `pto.ldg %p[...] : P -> T`,
/// `pto.stg %v, %p[...] : P, T`.
template <bool Store> static LogicalResult verifyLdgStg(Operation *op) {
  if (Store ? op->getNumOperands() < 2 || op->getNumResults() != 0
            : op->getNumOperands() < 1 || op->getNumResults() != 1)
    return success();
  Type ptrT = op->getOperand(Store ? 1 : 0).getType();
  Type value = Store ? op->getOperand(0).getType() : op->getResult(0).getType();
  auto ptr = dyn_cast<PtrType>(ptrT);
  if (!ptr && !isa<MemRefType>(ptrT))
    return success();
  if (bufferElement(ptrT) != value)
    return op->emitOpError() << "expects " << (Store ? "stg" : "ldg")
                             << " value type to match pointer element type";
  if (!ptr)
    return op->emitOpError("requires !pto.ptr operand");
  if (ptr.getAddressSpace() != AddressSpace::gm)
    return op->emitOpError() << "requires GM pointer (write !pto.ptr<"
                             << spelled(value) << ", gm>)";
  auto i = dyn_cast<IntegerType>(value);
  bool ok = (i && (i.getWidth() == 8 || i.getWidth() == 16 ||
                   i.getWidth() == 32 || i.getWidth() == 64)) ||
            value.isF16() || value.isBF16() || value.isF32() || value.isF64() ||
            isFloat8(value) || isa<HiF8Type, HiF8x2Type>(value) ||
            isPackedLdgStgVector(value);
  if (!ok)
    return op->emitOpError(
        "currently supports 8/16/32/64-bit integer, f16/bf16/f32/f64/fp8/hif8, "
        "packed vector<2xT> (T = f16/bf16/f32/i8/i16/i32), packed "
        "vector<2/4/8xfp8>, and !pto.hif8x2 value type");
  if (!insideSimtScope(op))
    return op->emitOpError("must be inside a pto.simt_entry function or "
                           "pto.section.simt");
  return success();
}

/// verifyLdStDevAccess: the ordinary (non-SIMT) AICore access of a GM
/// integer, `pto.ld_dev %p[...] : P -> T`, `pto.st_dev %v, %p[...] : P, T`.
template <bool Store> static LogicalResult verifyLdStDev(Operation *op) {
  if (Store ? op->getNumOperands() < 2 || op->getNumResults() != 0
            : op->getNumOperands() < 1 || op->getNumResults() != 1)
    return success();
  Type ptrT = op->getOperand(Store ? 1 : 0).getType();
  Type value = Store ? op->getOperand(0).getType() : op->getResult(0).getType();
  auto ptr = dyn_cast<PtrType>(ptrT);
  if (!ptr && !isa<MemRefType>(ptrT))
    return success();
  if (bufferElement(ptrT) != value)
    return op->emitOpError() << "expects " << (Store ? "st_dev" : "ld_dev")
                             << " value type to match pointer element type";
  if (hasKeyword(op, "l1cache") || hasKeyword(op, "l2cache") ||
      op->hasAttr("l1cache") || op->hasAttr("l2cache"))
    return op->emitOpError(
        "does not accept l1cache or l2cache policy attributes");
  if (!ptr)
    return op->emitOpError("requires !pto.ptr operand");
  if (ptr.getAddressSpace() != AddressSpace::gm)
    return op->emitOpError() << "requires GM pointer (write !pto.ptr<"
                             << spelled(value) << ", gm>)";
  auto i = dyn_cast<IntegerType>(value);
  if (!i || !llvm::is_contained({8u, 16u, 32u, 64u}, i.getWidth()))
    return op->emitOpError("supports only i8, i16, i32 or i64 values");
  if (insideSimtScope(op))
    return op->emitOpError() << "must be outside pto.simt_entry functions and "
                                "pto.section.simt (use pto."
                             << (Store ? "stg" : "ldg") << " there)";
  return success();
}

static bool isPackedHalfPair(Type t) {
  auto v = dyn_cast<VectorType>(t);
  return v && v.getRank() == 1 && v.getDimSize(0) == 2 &&
         (v.getElementType().isF16() || v.getElementType().isBF16());
}

/// verifyAtomicCommon (the rules past the operand types): `%ptr, %value
/// [clauses] : P, T -> T`.
static LogicalResult verifyAtomic(Operation *op) {
  if (!shape(op, 2, 1))
    return success();
  auto ptr = dyn_cast<PtrType>(op->getOperand(0).getType());
  Type value = op->getOperand(1).getType();
  if (!ptr || ptr.getElementType() != value ||
      op->getResult(0).getType() != value)
    return success();
  AddressSpace space = ptr.getAddressSpace();
  if (space != AddressSpace::gm && space != AddressSpace::vec)
    return op->emitOpError("requires GM or UB pointer");
  if (space == AddressSpace::vec && value.isInteger(64))
    return op->emitOpError("does not support i64 UB-space atomics");
  if (isPackedHalfPair(value)) {
    if (!insideSimtScope(op))
      return op->emitOpError("requires packed atomics to be inside a "
                             "pto.simt_entry function or pto.section.simt on "
                             "beta.1");
    if (!op->getResult(0).use_empty())
      return op->emitOpError("does not support using the old value result "
                             "for packed atomics on beta.1; leave the result "
                             "unused");
  }
  return success();
}

/// verifyConvertControls' rule for a float-to-integer conversion: `%src
/// round(r) sat|nosat signed|unsigned : S -> D` saturates.
static LogicalResult verifyConvert(Operation *op) {
  if (!shape(op, 1, 1))
    return success();
  Type src = op->getOperand(0).getType(), dst = op->getResult(0).getType();
  VerbatimItems items = verbatimItems(op);
  if (!llvm::is_contained(items.keywords, "nosat"))
    return success();
  if (src.isF32() && (dst.isInteger(32) || dst.isInteger(64)))
    return op->emitOpError("fp32-to-integer conversion requires saturation "
                           "enable (write sat, not nosat)");
  if ((src.isF16() || src.isBF16()) && dst.isInteger(32))
    return op->emitOpError("fp16/bf16-to-integer conversion requires "
                           "saturation enable (write sat, not nosat)");
  return success();
}

/// PTOValidateVPTOIR's keep/resume slot rule, also PTOAS's verifier: a 64-bit
/// payload takes two slots, from an even one.
static LogicalResult verifyKeep(Operation *op) {
  if (op->getNumOperands() != 1)
    return success();
  auto slot = op->getAttrOfType<IntegerAttr>("slot");
  Type payload = op->getOperand(0).getType();
  if (!slot || !(isa<IntegerType, FloatType>(payload) &&
                 payload.getIntOrFloatBitWidth() == 64))
    return success();
  if (slot.getInt() % 2 != 0)
    return op->emitOpError()
           << "requires an even slot for 64-bit keep/resume values (slot "
           << slot.getInt() << " is odd)";
  return success();
}

/// ReduxMax/MinOp::verify: an integer reduction says its signedness.
static LogicalResult verifyReduxMinMax(Operation *op) {
  if (!shape(op, 1, 1))
    return success();
  Type value = op->getOperand(0).getType();
  if (!value.isInteger(32))
    return success();
  VerbatimItems items = verbatimItems(op);
  if (llvm::is_contained(items.keywords, "signed") ||
      llvm::is_contained(items.keywords, "unsigned"))
    return success();
  return op->emitOpError("requires explicit signedness for integer redux "
                         "(write `signed` or `unsigned` after the operand)");
}

/// verifyShuffleSemanticControl's width rule: `{width = 16 | 32}`.
static LogicalResult verifyShuffle(Operation *op) {
  auto width = op->getAttrOfType<IntegerAttr>("width");
  if (!width || width.getInt() == 16 || width.getInt() == 32)
    return success();
  return op->emitOpError() << "requires width to be 16 or 32 (got "
                           << width.getInt() << ")";
}

/// SectionSimtOp::verify: `pto.section.simt <<<x, y, z>>> { ... }` with
/// non-negative dimensions, not in a SIMT entry, not nested. And, with the
/// VPTO backend (which outlines every section into a SIMT launch,
/// PTOOutlineSIMTSections.cpp getSimtThreadCount; measured: with
/// --emit-pto-ir too), positive ones whose product (the threads of the
/// launch) is at most 2048.
static LogicalResult verifySectionSimt(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return op->emitOpError("must be nested under a func.func");
  SmallVector<int64_t, 3> dims;
  for (StringRef dim : verbatimItems(op).keywords) {
    int64_t v = 0;
    if (dim.getAsInteger(10, v))
      continue;
    if (v < 0)
      return op->emitOpError("requires non-negative i32 launch dimensions");
    dims.push_back(v);
  }
  if (func->hasAttr("pto.simt_entry"))
    return op->emitOpError("must not appear inside a function marked with "
                           "'pto.simt_entry'");
  for (Operation *p = op->getParentOp(); p != func.getOperation();
       p = p->getParentOp())
    if (p->getName().getStringRef() == "pto.section.simt")
      return op->emitOpError("nested pto.section.simt is not allowed");
  if (dims.size() != 3 || backendOf(op) != Backend::vpto)
    return success();
  constexpr int64_t kMaxThreads = 2048;
  int64_t threads = 1;
  for (int64_t d : dims) {
    if (d <= 0 || threads > kMaxThreads / d)
      return op->emitOpError()
             << "SIMT launch dimensions must have a positive product no "
                "greater than "
             << kMaxThreads << ", got (" << dims[0] << ", " << dims[1] << ", "
             << dims[2]
             << ") (PTOAS's VPTO backend launches the section "
                "with that many threads)";
    threads *= d;
  }
  return success();
}

ArrayRef<PassThroughRule> ptonz::pto::vptoRules() {
  static const PassThroughRule rules[] = {
      // vector arithmetic
      {"pto.vadd", verifyBinary<false>},
      {"pto.vsub", verifyBinary<false>},
      {"pto.vmul", verifyBinary<false>},
      {"pto.vdiv", verifyBinary<false>},
      {"pto.vand", verifyBinary<true>},
      {"pto.vor", verifyBinary<true>},
      {"pto.vxor", verifyBinary<true>},
      {"pto.vexp", verifyUnary},
      {"pto.vln", verifyUnary},
      {"pto.vsqrt", verifyUnary},
      {"pto.vneg", verifyUnary},
      {"pto.vnot", verifyUnary},
      {"pto.vrelu", verifyVrelu},
      {"pto.vmuls", verifyVecScalar},
      {"pto.vadds", verifyVecScalar},
      {"pto.vmaxs", verifyVecScalar},
      {"pto.vmins", verifyVecScalar},
      {"pto.vlrelu", verifyVecScalar},
      {"pto.vsel", verifyVsel},
      {"pto.vshl", verifyShift},
      {"pto.vshr", verifyShift},
      // conversions
      {"pto.vcvt", verifyVcvt},
      {"pto.vmulscvt", verifyVmulscvt},
      // vector loads and stores
      {"pto.vlds", verifyVlds},
      {"pto.vldus", verifyVldus},
      {"pto.vsts", verifyVsts},
      {"pto.vsstb", verifyVsstb},
      {"pto.vgather2", verifyVgather2},
      {"pto.vscatter", verifyVscatter},
      // ub.* on UB buffers
      {"pto.ub.vadd", verifyUBOp<3>},
      {"pto.ub.vsub", verifyUBOp<3>},
      {"pto.ub.vmul", verifyUBOp<3>},
      {"pto.ub.vdiv", verifyUBOp<3>},
      {"pto.ub.vmax", verifyUBOp<3>},
      {"pto.ub.vmin", verifyUBOp<3>},
      {"pto.ub.vand", verifyUBOp<3>},
      {"pto.ub.vor", verifyUBOp<3>},
      {"pto.ub.vaddrelu", verifyUBOp<3>},
      {"pto.ub.vnot", verifyUBOp<2>},
      {"pto.ub.vabs", verifyUBOp<2>},
      {"pto.ub.vrelu", verifyUBOp<2>},
      {"pto.ub.vexp", verifyUBOp<2>},
      {"pto.ub.vln", verifyUBOp<2>},
      {"pto.ub.vsqrt", verifyUBOp<2>},
      {"pto.ub.vrsqrt", verifyUBOp<2>},
      {"pto.ub.vshl", verifyUBOp<2>},
      {"pto.ub.vshr", verifyUBOp<2>},
      {"pto.ub.vmuls", verifyUBOp<2>},
      {"pto.ub.vadds", verifyUBOp<2>},
      {"pto.ub.vmaxs", verifyUBOp<2>},
      {"pto.ub.vmins", verifyUBOp<2>},
      {"pto.ub.vdup", verifyUBDup},
      // cube bridges
      {"pto.mte_l1_l0a", verifyMteL1L0<AddressSpace::left>},
      {"pto.mte_l1_l0b", verifyMteL1L0<AddressSpace::right>},
      {"pto.load_cbuf_to_ca", verifyLoadCbuf<AddressSpace::left, false>},
      {"pto.load_cbuf_to_cb", verifyLoadCbuf<AddressSpace::right, false>},
      {"pto.load_cbuf_to_ca_s4", verifyLoadCbuf<AddressSpace::left, true>},
      {"pto.load_cbuf_to_cb_s4", verifyLoadCbuf<AddressSpace::right, true>},
      {"pto.mte_l1_l0a_mx", verifyMteL1L0Mx},
      {"pto.mte_l1_l0b_mx", verifyMteL1L0Mx},
      {"pto.mad", verifyMad<false>},
      {"pto.mad_acc", verifyMad<false>},
      {"pto.mad_bias", verifyMad<true>},
      {"pto.mad_mx", verifyMadMx},
      {"pto.mad_mx_acc", verifyMadMx},
      {"pto.mad_mx_bias", verifyMadMx},
      {"pto.raw_fill_l1", verifyRawFillL1},
      // SIMT
      {"pto.ldg", verifyLdgStg<false>},
      {"pto.stg", verifyLdgStg<true>},
      {"pto.ld_dev", verifyLdStDev<false>},
      {"pto.st_dev", verifyLdStDev<true>},
      {"pto.atomic_add", verifyAtomic},
      {"pto.atomic_sub", verifyAtomic},
      {"pto.atomic_min", verifyAtomic},
      {"pto.atomic_max", verifyAtomic},
      {"pto.atomic_exch", verifyAtomic},
      {"pto.convert", verifyConvert},
      {"pto.keep", verifyKeep},
      {"pto.redux_max", verifyReduxMinMax},
      {"pto.redux_min", verifyReduxMinMax},
      {"pto.shuffle_idx", verifyShuffle},
      {"pto.shuffle_up", verifyShuffle},
      {"pto.shuffle_down", verifyShuffle},
      {"pto.shuffle_bfly", verifyShuffle},
      {"pto.section.simt", verifySectionSimt},
  };
  return rules;
}
