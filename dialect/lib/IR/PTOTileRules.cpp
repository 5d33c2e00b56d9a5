//===- PTOTileRules.cpp - PTOAS's rules for the verbatim tile ops ---------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/PTO.cpp, tonibohnlein/PTOAS e32488c9)
// of the tile, comm, struct and other `pto` ops ptonz keeps verbatim.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

#include "ptonz/PTOVerify.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace ptonz::pto;

/// InttoptrOp::verify: the address is an i64 (a GM byte address).
static LogicalResult verifyIntToPtr(Operation *op) {
  if (op->getNumOperands() != 1 || !op->getOperand(0).getType().isInteger(64))
    return op->emitOpError("address operand must be i64 (a byte address; "
                           "widen it with arith.extui first)");
  return success();
}

//===----------------------------------------------------------------------===//
// t20: tpow / tpows, taddrelu, tquant.mx, multi_tile_get, subview
//===----------------------------------------------------------------------===//

/// The `ins(...)` and `outs(...)` operands of a verbatim ins/outs op (the
/// operand split the parser kept); nullopt for another syntax.
static std::optional<std::pair<OperandRange, OperandRange>>
insOuts(Operation *op) {
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!segments || segments.size() != 2 ||
      segments[0] + segments[1] != static_cast<int32_t>(op->getNumOperands()))
    return std::nullopt;
  OperandRange all = op->getOperands();
  return std::make_pair(all.take_front(segments[0]),
                        all.drop_front(segments[0]));
}

static TileBufType tileOf(Value v) {
  return v ? dyn_cast<TileBufType>(v.getType()) : TileBufType();
}

static bool sameValid(TileBufType a, TileBufType b) {
  return compatible(a.getValidRow(), b.getValidRow()) &&
         compatible(a.getValidCol(), b.getValidCol());
}

/// PTOAS's verifyTileBufSameElemType / verifyTileBufSameValidShape.
static LogicalResult verifySameTile(Operation *op, TileBufType a,
                                    StringRef aName, TileBufType b,
                                    StringRef bName, bool elem, bool valid) {
  if (elem && a.getElementType() != b.getElementType())
    return op->emitOpError() << "expects " << aName << " and " << bName
                             << " to have the same element type";
  if (valid && !sameValid(a, b))
    return op->emitOpError() << "expects " << aName << " and " << bName
                             << " to have the same valid_shape";
  return success();
}

/// TPowOp::verify / TPowSOp::verify, then pto-materialize-implicit-tmp:
///   tpow  ins(%base, %exp[, %tmp] : ...) outs(%dst : ...)
///   tpows ins(%src, %scalar[, %tmp] : ...) outs(%dst : ...)
/// {precisionType = #pto<pow_precision high_precision>} optional.
static LogicalResult verifyPow(Operation *op, bool scalar) {
  auto io = insOuts(op);
  if (!io || io->first.size() < 2 || io->first.size() > 3 ||
      io->second.size() != 1)
    return success(); // not PTOAS's form: its parser reports it
  StringRef name = scalar ? "tpows" : "tpow";
  Value in0 = io->first[0], in1 = io->first[1], dstV = io->second[0];
  Value tmpV = io->first.size() == 3 ? io->first[2] : Value();
  TileBufType src = tileOf(in0), dst = tileOf(dstV);
  TileBufType exp = scalar ? TileBufType() : tileOf(in1);
  if (!src || !dst || (!scalar && !exp))
    return success();
  StringRef srcName = scalar ? "src" : "base";
  if (!scalar &&
      (failed(verifySameTile(op, src, "base", exp, "exp", true, false)) ||
       failed(verifySameTile(op, src, "base", dst, "dst", true, false)) ||
       failed(verifySameTile(op, src, "base", exp, "exp", false, true)) ||
       failed(verifySameTile(op, src, "base", dst, "dst", false, true))))
    return failure();
  if (scalar && failed(verifySameTile(op, src, "src", dst, "dst", true, true)))
    return failure();
  auto rowMajor = [](TileBufType t) {
    return t.getBlayout() == BLayout::row_major;
  };
  if (!rowMajor(src) || !rowMajor(dst) || (exp && !rowMajor(exp)))
    return op->emitOpError()
           << "expects " << (scalar ? "src and dst" : "base, exp, and dst")
           << " to use row-major layout";
  Type elem = src.getElementType();
  if (scalar && in1.getType() != elem)
    return op->emitOpError()
           << "expects scalar type to match the tile element type (" << elem
           << ")";
  bool intElem = elem.isInteger(8) || elem.isInteger(16) || elem.isInteger(32);
  bool highPrecision = passThroughEnumCase(op->getAttr("precisionType"),
                                           "pow_precision") == "high_precision";
  if (targetArchOf(op) != TargetArch::a5) {
    if (highPrecision)
      return op->emitOpError(
          "A2/A3 does not support precisionType=high_precision (drop "
          "precisionType, or target A5)");
    if (!intElem && !elem.isF32())
      return op->emitOpError()
             << "expects A2/A3 " << name
             << " element type to be i8/i16/i32 or f32, got " << elem;
  } else if (highPrecision) {
    if (!elem.isF16() && !elem.isF32() && !elem.isBF16())
      return op->emitOpError()
             << "expects A5 " << name
             << " element type to be f16/f32/bf16 when "
                "precisionType=high_precision, got "
             << elem << " (drop precisionType for an integer pow)";
  } else if (!intElem && !elem.isF16() && !elem.isF32()) {
    return op->emitOpError() << "expects A5 " << name
                             << " element type to be i8/i16/i32/f16/f32 when "
                                "precisionType=default, got "
                             << elem;
  }
  if (intElem && tmpV)
    return op->emitOpError()
           << "does not accept tmp when element type is integer (the integer "
           << (scalar ? "pows" : "pow") << " lowering uses the 3-operand form "
           << (scalar ? "TPOWS(dst, src, scalar)" : "TPOW(dst, base, exp)")
           << "): drop the tmp";
  if (TileBufType tmp = tileOf(tmpV)) {
    if (failed(verifySameTile(op, tmp, "tmp", dst, "dst", true, false)))
      return failure();
    if (!rowMajor(tmp))
      return op->emitOpError("expects tmp to use row-major layout");
    if (failed(verifySameTile(op, tmp, "tmp", dst, "dst", false, true)))
      return failure();
    unsigned bits = elementBits(dst.getElementType());
    if (targetArchOf(op) != TargetArch::a5 && bits >= 8 &&
        failed(verifyTmpCapacity(op, tmpV,
                                 dst.getRows() * dst.getCols() * (bits / 8),
                                 "the whole dst tile")))
      return failure();
  }
  // pto-materialize-implicit-tmp: a float pow without a tmp gets a twin of
  // dst, planned by PlanMemory.
  if (!tmpV && isa<FloatType>(dst.getElementType()) &&
      ptoasAtLeast(op->getContext(), 0, 60)) {
    if (planMemorySkipped(op->getContext()))
      return op->emitOpError()
             << "requires explicit tmp when PlanMemory is skipped "
                "(--pto-level=level3): give a tmp tile of dst's type, ins("
             << srcName << ", " << (scalar ? "%scalar" : "%exp") << ", %tmp"
             << " : ...)";
    if (dst.hasDynamicValidShape())
      return op->emitOpError()
             << "requires static tile_buf dst to materialize implicit " << name
             << " tmp: give a tmp tile of dst's type";
  }
  (void)srcName;
  return success();
}

static LogicalResult verifyTPow(Operation *op) { return verifyPow(op, false); }
static LogicalResult verifyTPowS(Operation *op) { return verifyPow(op, true); }

/// TAddReluOp::verify: an A2/A3 op.
static LogicalResult verifyTAddRelu(Operation *op) {
  if (targetArchOf(op) == TargetArch::a5)
    return op->emitOpError(
        "taddrelu is only supported on A2/A3 targets (on A5 write pto.tadd "
        "followed by pto.trelu)");
  return success();
}

/// TQuantMxOp::verify (its grouping rule):
///   ins(%src : T) outs(%dst, %exp, %max, %scaling[, %exp_zz] : ...)
///   {quant_type = ..., grpAxis = #pto<mx_group_axis axis0|axis1>}
static LogicalResult verifyTQuantMx(Operation *op) {
  if (targetArchOf(op) != TargetArch::a5)
    return op->emitOpError(
        "tquant.mx is only supported on A5 (use pto.tquant on A2/A3)");
  auto io = insOuts(op);
  if (!io || io->first.size() != 1)
    return success();
  TileBufType src = tileOf(io->first[0]);
  if (!src)
    return success();
  auto axis = dyn_cast_if_present<MxGroupAxisAttr>(op->getAttr("grpAxis"));
  bool axis0 = axis && axis.getValue() == MxGroupAxis::axis0;
  int64_t rows = src.getValidRow(), cols = src.getValidCol();
  if (!isStatic(rows) || !isStatic(cols))
    return op->emitOpError("expects static valid and physical shapes for src "
                           "in MX quantization");
  if (rows <= 0 || cols <= 0 || src.getRows() < rows || src.getCols() < cols)
    return op->emitOpError(
        "expects positive source valid shape within physical shape");
  if ((axis0 ? rows : cols) % 32 != 0)
    return op->emitOpError()
           << "expects src valid_shape[" << (axis0 ? 0 : 1)
           << "] to be a multiple of 32 when grpAxis is "
           << (axis0 ? "axis0" : "axis1") << ", got " << (axis0 ? rows : cols)
           << " (MX groups are 32 elements)";
  return success();
}

/// MultiTileGetOp::verify: `pto.multi_tile_get %mb[%slot] : M -> T`, a
/// constant slot within the multi_tile_buf's count.
static LogicalResult verifyMultiTileGet(Operation *op) {
  if (op->getNumOperands() != 2)
    return success();
  std::optional<MultiTileBuf> multi =
      multiTileBufOf(op->getOperand(0).getType());
  std::optional<int64_t> slot = constantOf(op->getOperand(1));
  if (!multi || !slot)
    return success();
  if (*slot < 0 || *slot >= multi->count)
    return op->emitOpError()
           << "constant slot " << *slot
           << " is out of range for multi_tile_buf count=" << multi->count
           << " (slots are 0 to " << multi->count - 1 << ")";
  return success();
}

/// SubViewOp::verify (its valid-shape rule):
///   pto.subview %src[%r, %c] sizes [R, C] (valid [%vr, %vc])? : T -> U
/// The result's valid dim is the explicit valid operand (clamped to the
/// size; dynamic unless constant), else any static value in [0, size];
/// a dynamic result valid dim needs the operand.
static LogicalResult verifySubView(Operation *op) {
  if (op->getNumResults() != 1 ||
      (op->getNumOperands() != 3 && op->getNumOperands() != 5))
    return success();
  // Without `-> U` PTOAS infers the result type itself (from the sizes and
  // valid operands), which it then trivially satisfies.
  auto format = op->getAttrOfType<StringAttr>("ptonz.verbatim");
  if (!format || !format.getValue().contains('A'))
    return success();
  TileBufType src = tileOf(op->getOperand(0));
  auto dst = dyn_cast<TileBufType>(op->getResult(0).getType());
  if (!src || !dst)
    return success();
  if (dst.getElementType() != src.getElementType())
    return op->emitOpError("expects result element type to match source");
  if (dst.getLoc() != src.getLoc())
    return op->emitOpError("expects result address space to match source");
  if (dst.getBlayout() != src.getBlayout() ||
      dst.getSlayout() != src.getSlayout() ||
      dst.getFractal() != src.getFractal() || dst.getPad() != src.getPad() ||
      dst.getCompact() != src.getCompact())
    return op->emitOpError("expects result tile config to match source "
                           "(blayout, slayout, fractal, pad and compact)");
  bool explicitValid = op->getNumOperands() == 5;
  int64_t sizes[2] = {dst.getRows(), dst.getCols()};
  int64_t valid[2] = {dst.getValidRow(), dst.getValidCol()};
  static constexpr StringLiteral kDim[2] = {"valid_row", "valid_col"};
  for (unsigned i = 0; i < 2; ++i) {
    if (!explicitValid) {
      if (isStatic(valid[i]) && valid[i] >= 0 && valid[i] <= sizes[i])
        continue;
      return op->emitOpError()
             << "expects result valid_shape[" << i
             << "] to match inferred/explicit " << kDim[i] << " (a "
             << (isStatic(valid[i]) ? "result valid dim beyond the size"
                                    : "dynamic result valid dim")
             << " needs the operands `valid [%vr, %vc]`)";
    }
    std::optional<int64_t> c = constantOf(op->getOperand(3 + i));
    int64_t expected =
        c ? std::min<int64_t>(*c, sizes[i]) : ShapedType::kDynamic;
    if (valid[i] != expected)
      return op->emitOpError()
             << "expects result valid_shape[" << i
             << "] to match inferred/explicit " << kDim[i] << " (write "
             << (isStatic(expected) ? std::to_string(expected) : "?")
             << " in the result type)";
  }
  return success();
}

// ---- f20 ----

ArrayRef<PassThroughRule> ptonz::pto::tileRules() {
  static const PassThroughRule rules[] = {
      {"pto.inttoptr", verifyIntToPtr},
      {"pto.multi_tile_get", verifyMultiTileGet},
      {"pto.subview", verifySubView},
      {"pto.taddrelu", verifyTAddRelu},
      {"pto.tpow", verifyTPow},
      {"pto.tpows", verifyTPowS},
      {"pto.tquant.mx", verifyTQuantMx},
      // ---- f20 ----
  };
  return rules;
}
