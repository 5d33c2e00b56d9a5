//===- PTOTileRules.cpp - PTOAS's rules for the verbatim tile ops ---------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/PTO.cpp, tonibohnlein/PTOAS e32488c9)
// of the tile, comm, struct and other `pto` ops ptonz keeps verbatim.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

#include "ptonz/PTOBase.h"
#include "ptonz/PTOVerify.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace ptonz::pto;

static LogicalResult verifyIntToPtrResult(Operation *op); // f20

/// InttoptrOp::verify: the address is an i64 (a GM byte address).
static LogicalResult verifyIntToPtr(Operation *op) {
  if (op->getNumOperands() != 1 || !op->getOperand(0).getType().isInteger(64))
    return op->emitOpError("address operand must be i64 (a byte address; "
                           "widen it with arith.extui first)");
  return verifyIntToPtrResult(op);
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
      ptoasAtLeast(op, 0, 60)) {
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
// The comm, prefetch, cache-maintenance, syncall, struct, fusion_region and
// inttoptr-use rules (lib/PTO/IR/PTO.cpp; the inttoptr uses:
// lib/PTO/Transforms/PTOValidateIntToPtrUses.cpp; the struct provenance:
// validateStructProvenance; the VPTO backend's async ops:
// lib/PTO/Transforms/PTOValidateVPTOIR.cpp).

/// The shape of a GM view or a tile (PTOAS's getShapeVec; empty otherwise).
static SmallVector<int64_t> shapeOf(Type type) {
  if (auto view = dyn_cast<TensorViewType>(type))
    return SmallVector<int64_t>(view.getShape());
  if (auto view = dyn_cast<PartitionTensorViewType>(type))
    return SmallVector<int64_t>(view.getShape());
  if (auto tile = dyn_cast<TileBufType>(type))
    return {tile.getRows(), tile.getCols()};
  return {};
}

static bool isGMView(Type type) {
  return isa<TensorViewType, PartitionTensorViewType>(type);
}

/// For each operand of a verbatim op, the keyword of the innermost
/// `keyword(...)` group it is written in (`buf(%ping)`, `recv(...)`,
/// `group(...)`), "" outside one.
static SmallVector<StringRef> operandGroups(Operation *op) {
  SmallVector<StringRef> groups(op->getNumOperands());
  SmallVector<StringRef> open;
  StringRef lastKeyword;
  for (const VerbatimToken &t : verbatimTokens(op)) {
    if (t.kind == '(' || t.kind == '[' || t.kind == '<') {
      open.push_back(t.kind == '(' ? lastKeyword : StringRef());
    } else if (t.kind == ')' || t.kind == ']' || t.kind == '>') {
      if (!open.empty())
        open.pop_back();
    } else if (t.kind == 'o') {
      for (auto it = open.rbegin(); it != open.rend(); ++it)
        if (!it->empty()) {
          groups[t.operand] = *it;
          break;
        }
    }
    lastKeyword =
        t.kind == 'k' ? cast<StringAttr>(t.item).getValue() : StringRef();
  }
  return groups;
}

static SmallVector<Value> operandsIn(Operation *op, StringRef group) {
  SmallVector<Value> values;
  for (auto [v, g] : llvm::zip(op->getOperands(), operandGroups(op)))
    if (g == group)
      values.push_back(v);
  return values;
}

/// The attribute written after `keyword =` (`mode = #pto.sync_all_mode<soft>`)
/// or, without a keyword, the first attribute written.
static Attribute writtenAttr(Operation *op, StringRef keyword) {
  SmallVector<VerbatimToken> tokens = verbatimTokens(op);
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind != 'a')
      continue;
    if (keyword.empty())
      return tokens[i].item;
    if (i >= 2 && tokens[i - 1].kind == '=' && tokens[i - 2].kind == 'k' &&
        cast<StringAttr>(tokens[i - 2].item).getValue() == keyword)
      return tokens[i].item;
  }
  return {};
}

static bool writesKeyword(Operation *op, StringRef keyword) {
  return llvm::any_of(verbatimTokens(op), [&](const VerbatimToken &t) {
    return t.kind == 'k' && cast<StringAttr>(t.item).getValue() == keyword;
  });
}

/// verifyAsyncFlatContiguous1DGMViewLike: a static view, every dimension but
/// the last 1.
static LogicalResult verifyFlat1DView(Operation *op, Value value,
                                      StringRef name) {
  if (!isGMView(value.getType()))
    return op->emitOpError()
           << "expects " << name << " to be a tensor_view or partition_view";
  SmallVector<int64_t> shape = shapeOf(value.getType());
  if (shape.empty())
    return op->emitOpError() << "expects " << name << " to have rank >= 1";
  if (llvm::is_contained(shape, ShapedType::kDynamic))
    return op->emitOpError()
           << "expects " << name
           << " to have a static shape (async transfers take a static "
              "flat 1D view: partition a static 1xN slice)";
  if (llvm::any_of(ArrayRef<int64_t>(shape).drop_back(),
                   [](int64_t d) { return d != 1; }))
    return op->emitOpError()
           << "expects " << name
           << " to be a static flat contiguous logical 1D GM view (every "
              "dimension but the last 1: partition a 1x...xN slice, or "
              "view the data as one row)";
  return success();
}

/// verifyCommGlobalLike: a GM view, static positive dimensions; `dynamic`
/// lets a partition view (not a tensor view) have dynamic ones.
static LogicalResult verifyCommView(Operation *op, Value value, StringRef name,
                                    bool dynamic = false) {
  Type type = value.getType();
  if (!isGMView(type))
    return op->emitOpError()
           << "expects " << name << " to be a tensor_view or partition_view";
  SmallVector<int64_t> shape = shapeOf(type);
  if (shape.empty())
    return op->emitOpError() << "expects " << name << " to have rank >= 1";
  for (int64_t d : shape) {
    if (d == ShapedType::kDynamic) {
      if (!dynamic)
        return op->emitOpError() << "does not support dynamic dimensions on "
                                 << name << " (give it a static shape)";
      if (!isa<PartitionTensorViewType>(type))
        return op->emitOpError()
               << "allows dynamic dimensions on " << name
               << " only for partition_tensor_view (partition the tensor "
                  "view with pto.partition_view first)";
      continue;
    }
    if (d <= 0)
      return op->emitOpError() << "expects every static dimension of " << name
                               << " to be positive";
  }
  return success();
}

static LogicalResult verifyCommSignal(Operation *op, Value value,
                                      StringRef name) {
  if (failed(verifyCommView(op, value, name)))
    return failure();
  Type e = elementTypeOf(value.getType());
  if (!e || !e.isSignlessInteger(32))
    return op->emitOpError() << "expects " << name << " element type to be i32";
  return success();
}

/// verifyCommStagingTileLike: a vec tile_buf of positive static shape.
static LogicalResult verifyCommStagingTile(Operation *op, Value value,
                                           StringRef name) {
  auto tile = dyn_cast<TileBufType>(value.getType());
  if (!tile)
    return op->emitOpError() << "expects " << name << " to be a tile_buf";
  if (tile.getLoc() != AddressSpace::vec)
    return op->emitOpError()
           << "expects " << name << " to be in vec address space";
  for (int64_t d : shapeOf(tile))
    if (d == ShapedType::kDynamic || d <= 0)
      return op->emitOpError()
             << "expects " << name << " to have a positive static shape";
  return success();
}

static LogicalResult verifyPingPong(Operation *op, ArrayRef<Value> staging,
                                    StringRef ping, StringRef pong) {
  if (staging.empty() || staging.size() > 2)
    return op->emitOpError() << "expects one or two staging tiles (" << ping
                             << ", " << pong << ")";
  if (failed(verifyCommStagingTile(op, staging[0], ping)))
    return failure();
  if (staging.size() == 1)
    return success();
  if (failed(verifyCommStagingTile(op, staging[1], pong)))
    return failure();
  if (staging[0].getType() != staging[1].getType())
    return op->emitOpError() << "expects " << ping << " and " << pong
                             << " to have identical types";
  return success();
}

/// The async ops the VPTO backend cannot lower (PTOValidateVPTOIR).
static LogicalResult verifyEmitCOnlyAsync(Operation *op) {
  if (backendOf(op) != Backend::vpto)
    return success();
  return op->emitOpError(
      "is not supported by the VPTO backend; async SDMA session operations "
      "currently require the EmitC backend (assemble with "
      "--pto-backend=emitc)");
}

/// TPutAsyncOp / TGetAsyncOp: `(%dst, %src, %session : ...)`.
static LogicalResult verifyAsyncTransfer(Operation *op) {
  if (failed(verifyEmitCOnlyAsync(op)))
    return failure();
  if (op->getNumOperands() != 3)
    return success(); // not PTOAS's form: its parser rejects it
  Value dst = op->getOperand(0), src = op->getOperand(1);
  Type de = elementTypeOf(dst.getType()), se = elementTypeOf(src.getType());
  if (!de || !se)
    return op->emitOpError("expects src and dst to have element types");
  if (de != se)
    return op->emitOpError("expects src and dst to have the same element type");
  if (failed(verifyFlat1DView(op, dst, "dst")) ||
      failed(verifyFlat1DView(op, src, "src")))
    return failure();
  if (shapeOf(dst.getType()) != shapeOf(src.getType()))
    return op->emitOpError("expects src and dst to have the same static shape");
  return success();
}

/// TPutOp / TGetOp: `(%dst, %src, buf(%ping[, %pong]) : ...)`.
static LogicalResult verifyCommP2P(Operation *op) {
  SmallVector<Value> staging = operandsIn(op, "buf");
  if (op->getNumOperands() < 3 || staging.size() + 2 != op->getNumOperands())
    return success(); // not PTOAS's form: its parser rejects it
  Value dst = op->getOperand(0), src = op->getOperand(1);
  if (failed(verifyCommView(op, dst, "dst", /*dynamic=*/true)) ||
      failed(verifyCommView(op, src, "src", /*dynamic=*/true)) ||
      failed(verifyPingPong(op, staging, "ping", "pong")))
    return failure();
  if (elementTypeOf(dst.getType()) != elementTypeOf(src.getType()))
    return op->emitOpError("expects src and dst to have the same element type");
  if (shapeOf(dst.getType()) != shapeOf(src.getType()))
    return op->emitOpError(
        "expects src and dst to have the same static/dynamic shape signature "
        "(the same static sizes, and '?' in the same dimensions)");
  if (elementTypeOf(staging[0].getType()) != elementTypeOf(src.getType()))
    return op->emitOpError(
        "expects staging tile element type to match src/dst");
  return success();
}

/// TNotifyOp / TWaitOp / TTestOp: `(%signal, %value : T, i32)`.
static LogicalResult verifyCommSignalOp(Operation *op) {
  if (op->getNumOperands() != 2)
    return success(); // not PTOAS's form: its parser rejects it
  if (failed(verifyCommSignal(op, op->getOperand(0), "signal")))
    return failure();
  auto value = dyn_cast<IntegerType>(op->getOperand(1).getType());
  if (!value || value.getWidth() != 32)
    return op->emitOpError()
           << "expects "
           << (op->getName().getStringRef() == "pto.comm.tnotify" ? "value"
                                                                  : "cmp_value")
           << " to be i32";
  return success();
}

/// TBroadcastOp: `(%src, recv(%ping[, %pong]), group(%g, ...) : ...)
/// {root = R}`.
static LogicalResult verifyCommBroadcast(Operation *op) {
  SmallVector<Value> staging = operandsIn(op, "recv");
  SmallVector<Value> group = operandsIn(op, "group");
  if (op->getNumOperands() < 3 ||
      staging.size() + group.size() + 1 != op->getNumOperands())
    return success(); // not PTOAS's form: its parser rejects it
  Value src = op->getOperand(0);
  if (failed(verifyCommView(op, src, "src")) ||
      failed(verifyPingPong(op, staging, "ping", "pong")))
    return failure();
  if (group.empty())
    return op->emitOpError("expects at least one group operand");
  for (auto [i, member] : llvm::enumerate(group)) {
    if (failed(verifyCommView(op, member, ("group[" + Twine(i) + "]").str())))
      return failure();
    if (member.getType() != group.front().getType())
      return op->emitOpError(
          "expects all group operands to have identical types");
  }
  if (auto root = op->getAttrOfType<IntegerAttr>("root");
      root && root.getValue().getZExtValue() >= group.size())
    return op->emitOpError("expects root to index into group operands");
  if (src.getType() != group.front().getType())
    return op->emitOpError("expects src type to match group member type");
  if (elementTypeOf(staging[0].getType()) != elementTypeOf(src.getType()))
    return op->emitOpError("expects staging tile element type to match src");
  return success();
}

/// TPrefetchAsyncOp: `(%src, %ctx : ...) -> !pto.async_event`.
static LogicalResult verifyPrefetchAsync(Operation *op) {
  if (op->getNumOperands() < 1)
    return success(); // not PTOAS's form: its parser rejects it
  return verifyFlat1DView(op, op->getOperand(0), "src");
}

/// CmoCacheInvalidOp: `all #pto.address_space<gm>` or
/// `%addr single_cache_line : T`; GM only.
static LogicalResult verifyCacheInvalid(Operation *op) {
  if (auto space = dyn_cast_or_null<AddressSpaceAttr>(writtenAttr(op, "")))
    if (space.getValue() != AddressSpace::gm &&
        space.getValue() != AddressSpace::zero)
      return op->emitOpError("only supports GM cache maintenance (write "
                             "`all #pto.address_space<gm>`)");
  if (op->getNumOperands() == 1) {
    Type t = op->getOperand(0).getType();
    bool gm = isa<PtrType>(t) ? isGMPointer(t) : isGMView(t);
    if (!gm)
      return op->emitOpError()
             << "single_cache_line address expects a GM pointer or GM tensor "
                "view, got "
             << t;
  }
  return success();
}

/// SyncAllOp: `pto.syncall(%gm_workspace[, %used_cores : T, i32]) mode =
/// #pto.sync_all_mode<soft|hard>, core_type = ...`: a soft syncall reads
/// its GM workspace (at least 16 i32), a hard one takes no operand.
static LogicalResult verifySyncAll(Operation *op) {
  Attribute mode = writtenAttr(op, "mode");
  if (!mode)
    if (auto props =
            dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute()))
      mode = props.get("mode");
  if (!mode)
    mode = op->getAttr("mode");
  if (!mode)
    return success();
  bool hard = passThroughEnumCase(mode, "sync_all_mode") == "hard";
  unsigned n = op->getNumOperands();
  if (hard) {
    if (n != 0)
      return op->emitOpError("expects hard syncall to have no gm_workspace or "
                             "used_cores");
    return success();
  }
  if (n == 0 || n > 2)
    return op->emitOpError("expects soft syncall to have gm_workspace and "
                           "optional used_cores (write `pto.syncall(%gm : "
                           "!pto.ptr<i32, gm>) mode = ...`)");
  Type ws = op->getOperand(0).getType();
  if (!isa<PtrType, TensorViewType, PartitionTensorViewType>(ws))
    return op->emitOpError(
        "operand #0 must be Ptr, TensorView, or PartitionTensorView");
  if (n == 2 && !op->getOperand(1).getType().isSignlessInteger(32))
    return op->emitOpError("operand #1 must be 32-bit signless integer");
  if (auto ptr = dyn_cast<PtrType>(ws); ptr && !isGMPointer(ptr))
    return op->emitOpError("expects gm_workspace to be in GM address space");
  auto e = dyn_cast_or_null<IntegerType>(elementTypeOf(ws));
  if (!e || e.getWidth() != 32)
    return op->emitOpError("expects gm_workspace element type to be i32");
  if (isa<PtrType>(ws))
    return success();
  SmallVector<int64_t> shape = shapeOf(ws);
  if (shape.empty())
    return op->emitOpError("expects gm_workspace to have rank >= 1");
  int64_t capacity = 1;
  for (int64_t d : shape) {
    if (d == ShapedType::kDynamic)
      return success();
    if (d <= 0)
      return op->emitOpError("expects gm_workspace shape to be positive");
    capacity = d > 16 || capacity > 16 ? 16 : capacity * d;
  }
  if (capacity < 16)
    return op->emitOpError()
           << "expects gm_workspace to contain at least 16 i32 elements (64 "
              "bytes), but static capacity is "
           << capacity;
  return success();
}

/// The terminators a struct may not reach: registered ones, and PTOAS's
/// pto.yield (kept verbatim).
static bool isTerminatorUse(Operation *user) {
  return user->hasTrait<OpTrait::IsTerminator>() ||
         user->getName().getStringRef() == "pto.yield";
}

/// DeclareStructOp: the struct (a pointer to stack storage) must not reach a
/// terminator.
static LogicalResult verifyDeclareStruct(Operation *op) {
  for (Value result : op->getResults())
    for (Operation *user : result.getUsers())
      if (isTerminatorUse(user))
        return op->emitOpError()
               << "stack-local struct must not escape the scope that "
                  "declares it, but its value is passed to '"
               << user->getName()
               << "', which would expose the address of storage that is "
                  "about to die; declare the struct in the outer scope and "
                  "mutate it from the nested region instead (pto.struct_set "
                  "mutates in place, so a struct never needs to be returned "
                  "or yielded)";
  return success();
}

/// StructGetOp / StructSetOp: `%s[i, j, ...]` walks nested structs down to
/// a scalar field of the type the op reads or writes.
static LogicalResult verifyStructAccess(Operation *op) {
  if (op->getNumOperands() < 1)
    return success();
  auto root = dyn_cast<StructType>(op->getOperand(0).getType());
  if (!root)
    return success(); // not PTOAS's form: its parser rejects it
  // The path: the numbers in the first `[...]` after the struct.
  SmallVector<int64_t> path;
  bool in = false, seen = false;
  for (const VerbatimToken &t : verbatimTokens(op)) {
    if (t.kind == '[' && !seen) {
      in = seen = true;
    } else if (t.kind == ']' && in) {
      in = false;
    } else if (in && t.kind == 'k') {
      int64_t index;
      if (cast<StringAttr>(t.item).getValue().getAsInteger(10, index))
        return success(); // not a constant path
      path.push_back(index);
    } else if (in && t.kind != ',') {
      return success(); // not a constant path
    }
  }
  if (path.empty())
    return op->emitOpError("struct path must have at least one index");
  Type field = root;
  for (auto [depth, index] : llvm::enumerate(path)) {
    auto st = dyn_cast<StructType>(field);
    if (!st)
      return op->emitOpError()
             << "struct path index " << depth
             << " descends into non-struct field of type " << field;
    if (index < 0 || index >= static_cast<int64_t>(st.getNumFields()))
      return op->emitOpError() << "struct path index " << depth << " (" << index
                               << ") is out of range for " << st << " with "
                               << st.getNumFields() << " field(s)";
    field = st.getFieldTypes()[index];
  }
  if (!field.isIntOrFloat())
    return op->emitOpError()
           << "struct path must end at a scalar field, but ends at " << field
           << "; extend the path to reach a scalar inside it";
  bool get = op->getName().getStringRef() == "pto.struct_get";
  Type value =
      get ? (op->getNumResults() == 1 ? op->getResult(0).getType() : Type())
          : (op->getNumOperands() == 2 ? op->getOperand(1).getType() : Type());
  if (value && value != field)
    return op->emitOpError()
           << (get ? "result" : "value") << " type " << value
           << " does not match field type " << field << " at the given path";
  return success();
}

/// FusionRegionOp: a body without block arguments that ends in a pto.yield
/// of the region's result types.
static LogicalResult verifyFusionRegion(Operation *op) {
  if (op->getNumRegions() != 1)
    return success(); // not PTOAS's form: its parser rejects it
  Region &region = op->getRegion(0);
  if (region.empty())
    return op->emitOpError("expects a non-empty body region");
  Block &body = region.front();
  if (body.getNumArguments() != 0)
    return op->emitOpError()
           << "expects body block to have no arguments, got "
           << body.getNumArguments()
           << " (use the values of the enclosing scope directly)";
  if (body.empty() || body.back().getName().getStringRef() != "pto.yield")
    return op->emitOpError("expects body to terminate with pto.yield");
  Operation &yield = body.back();
  if (yield.getNumOperands() != op->getNumResults())
    return op->emitOpError()
           << "expects pto.yield to return " << op->getNumResults()
           << " values, got " << yield.getNumOperands();
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip(yield.getOperandTypes(), op->getResultTypes())))
    if (std::get<0>(pair) != std::get<1>(pair))
      return op->emitOpError()
             << "expects yielded value #" << i << " to have type "
             << std::get<1>(pair) << ", got " << std::get<0>(pair);
  return success();
}

/// InttoptrOp's element type (isEmitCSupportedScalarType) ...
static bool isEmitCScalar(Type t) {
  if (!t)
    return false;
  if (t.isF16() || t.isBF16() || t.isF32() || t.isF64() ||
      isa<Float8E4M3FNType, Float8E5M2Type, HiF8Type>(t) || isFP4Pair(t))
    return true;
  auto i = dyn_cast<IntegerType>(t);
  return i && llvm::is_contained({8u, 16u, 32u, 64u}, i.getWidth());
}

/// ... and its live uses (PTOValidateIntToPtrUses): only the pointer of a
/// pto.load_scalar or pto.store_scalar.
static LogicalResult verifyIntToPtrResult(Operation *op) {
  if (op->getNumResults() != 1)
    return success();
  Value ptr = op->getResult(0);
  auto type = dyn_cast<PtrType>(ptr.getType());
  if (!type)
    return op->emitOpError("result must be !pto.ptr<...>");
  if (!isEmitCScalar(type.getElementType()))
    return op->emitOpError()
           << "result element type is not supported by EmitC: "
           << type.getElementType()
           << " (point at an 8/16/32/64-bit integer or a float type)";
  for (OpOperand &use : ptr.getUses()) {
    // ptoas checks the uses after its cleanups: a dead use is gone.
    if (isOpTriviallyDead(use.getOwner()))
      continue;
    StringRef user = use.getOwner()->getName().getStringRef();
    if ((user == "pto.load_scalar" || user == "pto.store_scalar") &&
        use.getOperandNumber() == 0)
      continue;
    InFlightDiagnostic diag =
        op->emitOpError()
        << "result may only be used as the pointer operand of "
           "pto.load_scalar or pto.store_scalar; found use by '"
        << user
        << "' (read or write the address with pto.load_scalar / "
           "pto.store_scalar at an offset instead)";
    diag.attachNote(use.getOwner()->getLoc())
        << "disallowed pto.inttoptr use here";
    return diag;
  }
  return success();
}

LogicalResult ptonz::pto::verifyStructProvenance(Operation *module) {
  if (!ptoasAtLeast(module->getContext(), 0, 60))
    return success();
  WalkResult walk = module->walk([&](Operation *op) -> WalkResult {
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      for (auto [i, t] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<StructType>(t)) {
          op->emitOpError()
              << "argument " << i << " has type " << t
              << ", but a stack-local struct must not be a function "
                 "argument; structs must originate from 'pto.declare_struct' "
                 "in the same function";
          return WalkResult::interrupt();
        }
      for (auto [i, t] : llvm::enumerate(func.getResultTypes()))
        if (isa<StructType>(t)) {
          op->emitOpError()
              << "result " << i << " has type " << t
              << ", but a stack-local struct must not be returned: the value "
                 "is a pointer into the callee's frame, and returning it "
                 "(even when it merely passes an argument back through) "
                 "launders its provenance; keep the struct in its declaring "
                 "function (pto.struct_set mutates in place, so a result is "
                 "never needed)";
          return WalkResult::interrupt();
        }
    }
    if (op->getName().getStringRef() == "pto.declare_struct")
      return WalkResult::advance();
    for (auto [i, r] : llvm::enumerate(op->getResults()))
      if (isa<StructType>(r.getType())) {
        op->emitOpError()
            << "result " << i << " has type " << r.getType()
            << ", but only 'pto.declare_struct' may produce a !pto.struct "
               "result; derived results hide the stack-storage lifetime and "
               "can escape their declaring scope (declare the struct in the "
               "outer scope and set its fields in each branch instead)";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

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
      {"pto.comm.tput", verifyCommP2P},
      {"pto.comm.tget", verifyCommP2P},
      {"pto.comm.tput_async", verifyAsyncTransfer},
      {"pto.comm.tget_async", verifyAsyncTransfer},
      {"pto.comm.build_async_session", verifyEmitCOnlyAsync},
      {"pto.comm.wait_async_event", verifyEmitCOnlyAsync},
      {"pto.comm.test_async_event", verifyEmitCOnlyAsync},
      {"pto.comm.tbroadcast", verifyCommBroadcast},
      {"pto.comm.tnotify", verifyCommSignalOp},
      {"pto.comm.twait", verifyCommSignalOp},
      {"pto.comm.ttest", verifyCommSignalOp},
      {"pto.tprefetch_async", verifyPrefetchAsync},
      {"pto.cmo.cacheinvalid", verifyCacheInvalid},
      {"pto.syncall", verifySyncAll},
      {"pto.declare_struct", verifyDeclareStruct},
      {"pto.struct_get", verifyStructAccess},
      {"pto.struct_set", verifyStructAccess},
      {"pto.fusion_region", verifyFusionRegion},
      {"pto.talloc", verifyTAlloc},
  };
  return rules;
}
