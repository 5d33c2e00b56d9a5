//===- PTOVerify.cpp - shared checks of the `pto` op verifiers ------------===//
//
// The checks every family uses (tile views, verifyTileOp); a family's own
// verifier lives with its .td concern (PTOCubeOps.cpp: verifyMatmul,
// PTODmaOps.cpp: verifyAsyncCopy, PTOSyncOps.cpp: verifyBufToken,
// PTOPipeOps.cpp: the pipe checks).
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOVerify.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace ptonz::pto;

StringRef ptonz::pto::archName(TargetArch arch) {
  return arch == TargetArch::a5 ? "A5" : "A2/A3";
}

Type ptonz::pto::elementTypeOf(Type type) {
  if (auto t = dyn_cast<TileBufType>(type))
    return t.getElementType();
  if (auto t = dyn_cast<PartitionTensorViewType>(type))
    return t.getElementType();
  if (auto t = dyn_cast<TensorViewType>(type))
    return t.getElementType();
  if (auto t = dyn_cast<PtrType>(type))
    return t.getElementType();
  if (auto t = dyn_cast<ShapedType>(type))
    return t.getElementType();
  return {};
}

std::optional<TileView> ptonz::pto::tileView(Type type) {
  TileView v;
  v.type = type;
  if (auto t = dyn_cast<TileBufType>(type)) {
    v.buf = t;
    v.elem = t.getElementType();
    v.shape = {t.getRows(), t.getCols()};
    v.valid = {t.getValidRow(), t.getValidCol()};
    v.space = t.getLoc();
    return v;
  }
  if (auto m = dyn_cast<MemRefType>(type)) {
    v.elem = m.getElementType();
    v.shape.assign(m.getShape().begin(), m.getShape().end());
    v.valid = v.shape;
    if (!m.getMemorySpace())
      v.space = AddressSpace::gm;
    else if (auto as = dyn_cast<AddressSpaceAttr>(m.getMemorySpace()))
      v.space = as.getValue();
    return v;
  }
  return std::nullopt;
}

bool ptonz::pto::onMemrefs(Operation *op) {
  return llvm::any_of(op->getOperandTypes(),
                      [](Type t) { return isa<MemRefType>(t); });
}

LogicalResult ptonz::pto::verifySince(Operation *op, int major, int minor) {
  if (ptoasAtLeast(op, major, minor))
    return success();
  return op->emitOpError() << "is an op of PTOAS " << major << "." << minor
                           << " and later (--ptoas-version)";
}

LogicalResult ptonz::pto::verifyImplicitTmp(Operation *op, Value tmp) {
  if (tmp)
    return success();
  if (!ptoasAtLeast(op, 0, 60))
    return op->emitOpError(
        "requires a tmp operand (PTOAS < 0.60 plans no implicit tmp)");
  if (implicitTmpRefused(op))
    return op->emitOpError(
        "requires explicit tmp when --pto-level=level3 on A2/A3 (PTOAS 0.60 "
        "skips PlanMemory there and plans no implicit tmp)");
  return success();
}

bool ptonz::pto::implicitTmpRefused(Operation *op) {
  // Measured with PTOAS 0.60. pypto's A3 level-3 exports for PTOAS 0.63
  // leave these tmps out, so releases after 0.60 are taken to plan them.
  return planMemorySkipped(op->getContext()) &&
         targetArchOf(op) != TargetArch::a5;
}

bool ptonz::pto::planMemorySkipped(MLIRContext *ctx) {
  return ptoasAtLeast(ctx, 0, 60) && !ptoasAtLeast(ctx, 0, 61) &&
         buildLevelOf(ctx) == BuildLevel::level3;
}

LogicalResult ptonz::pto::verifyPrecisionTmp(Operation *op, StringRef precision,
                                             Value tmp) {
  if (tmp || !ptoasAtLeast(op, 0, 60) ||
      passThroughEnumCase(op->getAttr("precisionType"), precision) !=
          "high_precision")
    return success();
  return op->emitOpError()
         << "expects tmp when precisionType is high_precision (give a "
            "scratch tile of dst's type after the inputs, or drop "
            "precisionType)";
}

LogicalResult ptonz::pto::verifyRowExpandTmp(Operation *op, Value src0,
                                             Value src1, Value tmp, Value dst) {
  if (!tmp || !ptoasAtLeast(op, 0, 60) || targetArchOf(op) == TargetArch::a5)
    return success();
  auto s0 = tileView(src0.getType()), s1 = tileView(src1.getType()),
       d = tileView(dst.getType()), t = tileView(tmp.getType());
  if (!s0 || !s1 || !d || !t || !s0->buf || !s1->buf || !d->buf ||
      d->valid.size() != 2)
    return success();
  // The 0x0 no-op marker of the reduce-like forms is accepted before.
  if (d->valid[0] == 0 && d->valid[1] == 0)
    return success();
  auto sameValid = [&](const TileView &a) {
    return a.valid.size() == 2 && compatible(a.valid[0], d->valid[0]) &&
           compatible(a.valid[1], d->valid[1]);
  };
  // The expanded operand is the one whose valid shape is not dst's.
  const TileView *expanded =
      sameValid(*s0) ? &*s1 : (sameValid(*s1) ? &*s0 : nullptr);
  bool mode1 = expanded && expanded->valid.size() == 2 &&
               expanded->buf.getBlayout() == BLayout::col_major &&
               (!isStatic(expanded->valid[1]) || expanded->valid[1] == 1);
  if (!mode1)
    return op->emitOpError()
           << "expects A2/A3 tmp-form trowexpand to use mode 1 (ColMajor "
              "per-row scalar expanded operand): give the per-row operand as "
              "a col_major [rows, 1] tile, or drop the tmp";
  if (t->space && *t->space != AddressSpace::vec)
    return op->emitOpError("expects tmp to be in the vec address space");
  if (t->elem != d->elem)
    return op->emitOpError("expects tmp and dst to have the same element type");
  int64_t rows = d->valid[0];
  int64_t minBytes = !isStatic(rows) || rows < 0 ? 8192
                     : rows < 256                ? (rows + 7) / 8 * 256
                                                 : 30 * 256;
  unsigned bits = elementBits(t->elem);
  if (t->shape.size() != 2 || !isStatic(t->shape[0]) ||
      !isStatic(t->shape[1]) || bits == 0)
    return op->emitOpError(
        "expects A2/A3 trowexpand tmp capacity to be statically known");
  int64_t bytes = t->shape[0] * t->shape[1] * bits / 8;
  if (bytes < minBytes)
    return op->emitOpError()
           << "expects A2/A3 trowexpand tmp capacity to be at least "
           << minBytes << " bytes, but got " << bytes
           << " bytes (make the tmp tile larger)";
  return success();
}

//===----------------------------------------------------------------------===//
// The ins/outs tile families
//===----------------------------------------------------------------------===//

static InFlightDiagnostic tileError(Operation *op, StringRef name) {
  return op->emitOpError() << "expects " << name << " ";
}

LogicalResult
ptonz::pto::verifyTileOp(Operation *op, const TileRules &rules,
                         std::initializer_list<NamedValue> operands) {
  if (!rules.tiles || onMemrefs(op))
    return success();
  SmallVector<std::pair<StringRef, TileView>, 4> tiles;
  unsigned position = 0;
  for (auto [name, value] : operands) {
    bool exempt = rules.rowMajorExempt & (1u << position);
    // PTOAS 0.60's trowexpand asks only a none_box src, not a row_major one.
    exempt |= position == 0 &&
              rules.geometry == TileRules::Geometry::rowExpand &&
              ptoasAtLeast(op, 0, 60);
    ++position;
    auto view = tileView(value.getType());
    if (!view || !view->buf)
      return tileError(op, name)
             << "to be a !pto.tile_buf, got " << value.getType();
    if (rules.vec && view->space != AddressSpace::vec)
      return tileError(op, name)
             << "to be in the vec address space (loc=vec), got loc="
             << stringifyAddressSpace(*view->space);
    if (rules.rowMajor && !exempt &&
        view->buf.getBlayout() != BLayout::row_major)
      return tileError(op, name)
             << "to use the row_major blayout (vector ops read tiles "
                "row by row)";
    tiles.push_back({name, *view});
  }
  if (tiles.empty())
    return success();
  auto &[firstName, first] = tiles.front();
  size_t elemCount = rules.sameElemInputsOnly ? tiles.size() - 1 : tiles.size();
  if (rules.sameElem)
    for (size_t i = 1; i < elemCount; ++i)
      if (tiles[i].second.elem != first.elem)
        return op->emitOpError()
               << "expects " << firstName << " and " << tiles[i].first
               << " to have the same element type, got " << first.elem
               << " and " << tiles[i].second.elem;
  auto sameExtents = [&](ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
    return a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [](auto p) {
             return compatible(std::get<0>(p), std::get<1>(p));
           });
  };
  auto printDims = [](ArrayRef<int64_t> dims) {
    std::string s;
    llvm::raw_string_ostream os(s);
    llvm::interleave(
        dims, os, [&](int64_t d) { isStatic(d) ? os << d : os << '?'; }, "x");
    return s;
  };
  for (size_t i = 1; i < tiles.size(); ++i) {
    auto &[name, t] = tiles[i];
    if (rules.sameValid && !sameExtents(first.valid, t.valid))
      return op->emitOpError()
             << "expects " << firstName << " and " << name
             << " to have the same valid shape, got " << printDims(first.valid)
             << " and " << printDims(t.valid);
    if (rules.sameShape && first.shape != t.shape)
      return op->emitOpError()
             << "expects " << firstName << " and " << name
             << " to have the same shape, got " << printDims(first.shape)
             << " and " << printDims(t.shape);
  }
  using G = TileRules::Geometry;
  if (rules.geometry == G::none)
    return success();
  const TileView &dst = tiles.back().second;
  const TileView &src = first;
  // PTOAS 0.60: a dst valid region of 0x0 (pypto's no-op replay marker on
  // an idle AIV lane) writes nothing; the ops marked emptyDstNoOp accept it
  // whatever the sources say. One empty dim is not the marker.
  if (rules.emptyDstNoOp && dst.valid.size() == 2 && dst.valid[0] == 0 &&
      dst.valid[1] == 0 && ptoasAtLeast(op, 0, 60))
    return success();
  auto requireDim = [&](StringRef a, int64_t av, StringRef b, int64_t bv,
                        StringRef dim) -> LogicalResult {
    if (compatible(av, bv))
      return success();
    return op->emitOpError()
           << "expects " << a << " and " << b << " to have the same valid "
           << dim << ", got " << av << " and " << bv;
  };
  switch (rules.geometry) {
  case G::none:
    return success();
  case G::colExpand:
  case G::colReduce:
    return requireDim(firstName, src.valid[1], "dst", dst.valid[1], "cols");
  case G::rowExpand:
    // PTOAS 0.60 (its issue 708): apart from the 0x0 marker (above), no
    // extent of src or dst is empty.
    if (ptoasAtLeast(op, 0, 60))
      for (auto [name, t] : {std::pair{firstName, &src}, {"dst", &dst}})
        for (int i = 0; i < 2; ++i)
          if (t->valid[i] == 0)
            return op->emitOpError()
                   << "expects " << name << " valid_shape[" << i
                   << "] to be non-zero (only an empty dst, valid 0x0, is a "
                      "no-op)";
    return requireDim(firstName, src.valid[0], "dst", dst.valid[0], "rows");
  case G::rowReduce:
    if (failed(
            requireDim(firstName, src.valid[0], "dst", dst.valid[0], "rows")))
      return failure();
    if (isStatic(dst.valid[1]) && dst.valid[1] != 1)
      return op->emitOpError()
             << "expects dst to hold one value per row (valid cols 1), got "
             << dst.valid[1];
    return success();
  case G::colExpandBinary:
  case G::rowExpandBinary: {
    if (!sameExtents(src.valid, dst.valid))
      return op->emitOpError()
             << "expects src0 and dst to have the same valid shape, got "
             << printDims(src.valid) << " and " << printDims(dst.valid);
    const TileView &src1 = tiles[1].second;
    if (rules.geometry == G::colExpandBinary)
      return requireDim("src1", src1.valid[1], "dst", dst.valid[1], "cols");
    return requireDim("src1", src1.valid[0], "dst", dst.valid[0], "rows");
  }
  }
  return success();
}

FailureOr<TileBufType> ptonz::pto::tileBuf(Operation *op, Value v,
                                           StringRef name) {
  if (auto t = dyn_cast<TileBufType>(v.getType()))
    return t;
  return op->emitOpError() << "expects " << name
                           << " to be a !pto.tile_buf, got " << v.getType();
}

LogicalResult ptonz::pto::verifyTmpCapacity(Operation *op, Value tmp,
                                            int64_t bytes, StringRef why) {
  auto t = tileView(tmp.getType());
  unsigned elemBits = t ? elementBits(t->elem) : 0;
  if (!t || elemBits < 8 || t->shape.size() != 2 || !isStatic(t->shape[0]) ||
      !isStatic(t->shape[1]))
    return success();
  int64_t have = t->shape[0] * t->shape[1] * (elemBits / 8);
  if (have < bytes)
    return op->emitOpError()
           << "expects tmp capacity to be at least " << bytes << " bytes ("
           << why << "), but got " << have << " bytes";
  return success();
}

bool ptonz::pto::isLowPrecisionElement(Type type) {
  if (auto f = dyn_cast<FloatType>(type))
    return f.getWidth() == 8;
  return isPTOScalarType(type);
}

bool ptonz::pto::isA5LowPrecisionCvt(Type src, Type dst) {
  auto fp8 = [](Type t) {
    auto f = dyn_cast<FloatType>(t);
    return f && f.getWidth() == 8 && !isa<Float8E8M0FNUType>(t);
  };
  auto hif8 = [](Type t) { return isa<HiF8Type>(t); };
  if (src.isF32())
    return fp8(dst) || hif8(dst);
  if (src.isF16())
    return hif8(dst);
  if (src.isBF16())
    return isFP4Pair(dst);
  if (isFP4Pair(src))
    return dst.isBF16();
  return (fp8(src) || hif8(src)) && dst.isF32();
}
