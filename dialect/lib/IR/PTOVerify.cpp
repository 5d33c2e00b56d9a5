//===- PTOVerify.cpp - shared checks of the `pto` op verifiers ------------===//

#include "ptonz/PTOVerify.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace ptonz::pto;

/// Two extents agree unless both are known and differ.
static bool compatible(int64_t a, int64_t b) { return !isStatic(a) || !isStatic(b) || a == b; }

StringRef ptonz::pto::archName(TargetArch arch) { return arch == TargetArch::a5 ? "A5" : "A2/A3"; }

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
  return llvm::any_of(op->getOperandTypes(), [](Type t) { return isa<MemRefType>(t); });
}

//===----------------------------------------------------------------------===//
// The ins/outs tile families
//===----------------------------------------------------------------------===//

static InFlightDiagnostic tileError(Operation *op, StringRef name) {
  return op->emitOpError() << "expects " << name << " ";
}

LogicalResult ptonz::pto::verifyTileOp(Operation *op, const TileRules &rules,
                                       std::initializer_list<NamedValue> operands) {
  if (!rules.tiles || onMemrefs(op))
    return success();
  SmallVector<std::pair<StringRef, TileView>, 4> tiles;
  unsigned position = 0;
  for (auto [name, value] : operands) {
    bool exempt = rules.rowMajorExempt & (1u << position);
    // PTOAS 0.60's trowexpand asks only a none_box src, not a row_major one.
    exempt |= position == 0 && rules.geometry == TileRules::Geometry::rowExpand &&
              ptoasAtLeast(op->getContext(), 0, 60);
    ++position;
    auto view = tileView(value.getType());
    if (!view || !view->buf)
      return tileError(op, name) << "to be a !pto.tile_buf, got " << value.getType();
    if (rules.vec && view->space != AddressSpace::vec)
      return tileError(op, name) << "to be in the vec address space (loc=vec), got loc="
                                 << stringifyAddressSpace(*view->space);
    if (rules.rowMajor && !exempt && view->buf.getBlayout() != BLayout::row_major)
      return tileError(op, name) << "to use the row_major blayout (vector ops read tiles "
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
        return op->emitOpError() << "expects " << firstName << " and " << tiles[i].first
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
      return op->emitOpError() << "expects " << firstName << " and " << name
                               << " to have the same valid shape, got "
                               << printDims(first.valid) << " and " << printDims(t.valid);
    if (rules.sameShape && first.shape != t.shape)
      return op->emitOpError() << "expects " << firstName << " and " << name
                               << " to have the same shape, got " << printDims(first.shape)
                               << " and " << printDims(t.shape);
  }
  using G = TileRules::Geometry;
  if (rules.geometry == G::none)
    return success();
  const TileView &dst = tiles.back().second;
  const TileView &src = first;
  auto requireDim = [&](StringRef a, int64_t av, StringRef b, int64_t bv,
                        StringRef dim) -> LogicalResult {
    if (compatible(av, bv))
      return success();
    return op->emitOpError() << "expects " << a << " and " << b << " to have the same valid "
                             << dim << ", got " << av << " and " << bv;
  };
  switch (rules.geometry) {
  case G::none:
    return success();
  case G::colExpand:
  case G::colReduce:
    return requireDim(firstName, src.valid[1], "dst", dst.valid[1], "cols");
  case G::rowExpand:
    return requireDim(firstName, src.valid[0], "dst", dst.valid[0], "rows");
  case G::rowReduce:
    if (failed(requireDim(firstName, src.valid[0], "dst", dst.valid[0], "rows")))
      return failure();
    if (isStatic(dst.valid[1]) && dst.valid[1] != 1)
      return op->emitOpError() << "expects dst to hold one value per row (valid cols 1), got "
                               << dst.valid[1];
    return success();
  case G::colExpandBinary:
  case G::rowExpandBinary: {
    if (!sameExtents(src.valid, dst.valid))
      return op->emitOpError() << "expects src0 and dst to have the same valid shape, got "
                               << printDims(src.valid) << " and " << printDims(dst.valid);
    const TileView &src1 = tiles[1].second;
    if (rules.geometry == G::colExpandBinary)
      return requireDim("src1", src1.valid[1], "dst", dst.valid[1], "cols");
    return requireDim("src1", src1.valid[0], "dst", dst.valid[0], "rows");
  }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Matmul family
//===----------------------------------------------------------------------===//

static bool isFp8(Type t) {
  auto f = dyn_cast<FloatType>(t);
  return f && f.getWidth() == 8;
}

/// (lhs, rhs) -> dst element types the cube unit multiplies.
static LogicalResult verifyMatmulTypes(Operation *op, TargetArch arch, Type a, Type b, Type c) {
  if (a.isInteger(8) && b.isInteger(8) && c.isInteger(32))
    return success();
  if (c.isF32() && a == b && (a.isF16() || a.isBF16() || a.isF32()))
    return success();
  if (arch == TargetArch::a5 && c.isF32() && a == b && isa<FloatType>(a))
    return success();
  return op->emitOpError() << "expects (dst, lhs, rhs) element types to be one of (i32, i8, i8), "
                              "(f32, f16, f16), (f32, bf16, bf16), (f32, f32, f32)"
                           << (arch == TargetArch::a5 ? " or an A5 fp8 pair" : "") << ", got ("
                           << c << ", " << a << ", " << b << ")";
}

LogicalResult ptonz::pto::verifyMatmul(Operation *op, MatmulKind kind, Value lhs, Value rhs,
                                       Value dst, Value accIn, Value bias, Value lhsScale,
                                       Value rhsScale) {
  if (onMemrefs(op))
    return success();
  TargetArch arch = targetArchOf(op);
  bool mx = kind == MatmulKind::mx || kind == MatmulKind::gemvMx;
  bool gemv = kind == MatmulKind::gemv || kind == MatmulKind::gemvMx;
  if (kind == MatmulKind::gemvMx && arch != TargetArch::a5)
    return op->emitOpError() << op->getName().stripDialect()
                             << " is only supported on A5 targets (ptoas --pto-arch=a5 or "
                                "pto.target_arch = \"a5\")";
  auto get = [&](Value v, StringRef name) -> std::optional<TileView> {
    auto view = tileView(v.getType());
    if (!view || !view->buf) {
      op->emitOpError() << "expects " << name << " to be a !pto.tile_buf, got " << v.getType();
      return std::nullopt;
    }
    return view;
  };
  auto l = get(lhs, "lhs"), r = get(rhs, "rhs"), d = get(dst, "dst");
  if (!l || !r || !d)
    return failure();
  if (l->space != AddressSpace::left || r->space != AddressSpace::right ||
      d->space != AddressSpace::acc)
    return op->emitOpError() << "expects lhs, rhs, and dst to use the left, right, and acc "
                                "address spaces, got "
                             << stringifyAddressSpace(*l->space) << ", "
                             << stringifyAddressSpace(*r->space) << ", "
                             << stringifyAddressSpace(*d->space);
  if (gemv) {
    if (isStatic(l->valid[0]) && l->valid[0] != 1)
      return op->emitOpError() << "expects lhs to have one valid row for "
                               << op->getName().stripDialect() << ", got " << l->valid[0];
    if (!compatible(l->valid[1], r->valid[0]) || !compatible(r->valid[1], d->valid[1]))
      return op->emitOpError() << "expects valid shapes lhs[1,K], rhs[K,N] and dst[1,N]";
  } else if (l->shape[1] != r->shape[0] || l->shape[0] != d->shape[0] ||
             r->shape[1] != d->shape[1]) {
    return op->emitOpError() << "expects static matmul tile shapes lhs[M,K], rhs[K,N], and "
                                "dst[M,N], got lhs["
                             << l->shape[0] << "," << l->shape[1] << "], rhs[" << r->shape[0]
                             << "," << r->shape[1] << "], dst[" << d->shape[0] << ","
                             << d->shape[1] << "]";
  }
  if (mx) {
    if (arch == TargetArch::a5 && (!isFp8(l->elem) || !isFp8(r->elem) || !d->elem.isF32()))
      return op->emitOpError() << "expects A5 mx operands to be fp8 and the result f32";
    for (auto [scale, name] : {std::pair{lhsScale, "a_scale"}, std::pair{rhsScale, "b_scale"}}) {
      auto s = get(scale, name);
      if (!s)
        return failure();
      if (kind == MatmulKind::gemvMx && s->space != AddressSpace::scaling)
        return op->emitOpError() << "expects " << name << " to be in the scaling address space";
    }
  } else if (!accIn && failed(verifyMatmulTypes(op, arch, l->elem, r->elem, d->elem))) {
    return failure();
  }
  if (arch == TargetArch::a5 && !mx) {
    // A5's cube reads left col_major/row_major (ptoas's parser forces left
    // tiles col_major on A5), right row_major/col_major, acc col_major/row_major.
    if (l->buf.getSlayout() != SLayout::row_major)
      return op->emitOpError("expects lhs to use the row_major slayout on A5");
    if (r->buf.getBlayout() != BLayout::row_major || r->buf.getSlayout() != SLayout::col_major)
      return op->emitOpError("expects rhs to use blayout=row_major, slayout=col_major on A5");
    if (d->buf.getBlayout() != BLayout::col_major || d->buf.getSlayout() != SLayout::row_major)
      return op->emitOpError("expects dst to use blayout=col_major, slayout=row_major on A5");
  }
  if (accIn) {
    auto a = get(accIn, "acc_in");
    if (!a)
      return failure();
    if (a->space != AddressSpace::acc)
      return op->emitOpError() << "expects acc_in to be in the acc address space";
    if (accIn.getType() != dst.getType())
      return op->emitOpError() << "expects acc_in and dst to have the same tile_buf type";
  }
  if (bias) {
    auto b = get(bias, "bias");
    if (!b)
      return failure();
    if (b->space != AddressSpace::bias)
      return op->emitOpError() << "expects bias to use the bias address space, got "
                               << stringifyAddressSpace(*b->space);
    if ((isStatic(b->shape[0]) && b->shape[0] != 1) || b->shape[1] != d->shape[1])
      return op->emitOpError() << "expects bias of shape [1, N] = [1, " << d->shape[1]
                               << "], got [" << b->shape[0] << ", " << b->shape[1] << "]";
    if (mx ? !b->elem.isF32() : b->elem != d->elem)
      return op->emitOpError() << "expects bias to have element type "
                               << (mx ? Type(Float32Type::get(op->getContext())) : d->elem);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Async DMA, buffer tokens, pipes
//===----------------------------------------------------------------------===//

LogicalResult ptonz::pto::verifyAsyncCopy(Operation *op, Value dst, Value src) {
  auto check = [&](Value v, StringRef name) -> LogicalResult {
    Type t = v.getType();
    SmallVector<int64_t> shape;
    if (auto m = dyn_cast<MemRefType>(t)) {
      if (!isGMPointer(m))
        return op->emitOpError() << "expects " << name << " to be in the GM address space";
      shape.assign(m.getShape().begin(), m.getShape().end());
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(m.getStridesAndOffset(strides, offset)))
        return op->emitOpError() << "expects " << name << " to be a strided memref";
      bool dynamicLayout = !isStatic(offset) || llvm::any_of(strides, [](int64_t s) {
        return !isStatic(s);
      });
      if (!dynamicLayout && !shape.empty()) {
        bool packed = strides.back() == 1;
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0 && packed; --i)
          packed = strides[i] == strides[i + 1] * shape[i + 1];
        if (!packed)
          return op->emitOpError() << "expects " << name
                                   << " to be a static flat contiguous logical 1D GM memref";
      }
    } else if (auto v = dyn_cast<TensorViewType>(t)) {
      shape.assign(v.getShape().begin(), v.getShape().end());
    } else if (auto v = dyn_cast<PartitionTensorViewType>(t)) {
      shape.assign(v.getShape().begin(), v.getShape().end());
    } else {
      return op->emitOpError() << "expects " << name
                               << " to be a GM memref, tensor_view or partition view";
    }
    if (shape.empty())
      return op->emitOpError() << "expects " << name << " to have rank >= 1";
    if (llvm::any_of(shape, [](int64_t d) { return !isStatic(d); }))
      return op->emitOpError() << "expects " << name << " to have a static shape";
    if (llvm::any_of(ArrayRef<int64_t>(shape).drop_back(), [](int64_t d) { return d != 1; }))
      return op->emitOpError() << "expects " << name
                               << " to be a static flat contiguous logical 1D GM "
                               << (isa<MemRefType>(t) ? "memref" : "view")
                               << " (all dims but the last 1)";
    return success();
  };
  Type de = elementTypeOf(dst.getType()), se = elementTypeOf(src.getType());
  if (!de || de != se)
    return op->emitOpError("expects src and dst to have the same element type");
  if (failed(check(dst, "dst")) || failed(check(src, "src")))
    return failure();
  return success();
}

LogicalResult ptonz::pto::verifyBufToken(Operation *op, int32_t bufId, int32_t mode) {
  if (bufId < 0 || bufId > 31)
    return op->emitOpError() << "expects 'buf_id' in range [0, 31], got " << bufId;
  if (mode < 0)
    return op->emitOpError() << "expects 'mode' to be non-negative, got " << mode;
  return success();
}

/// The kernel kind of the function around `op` (its `pto.kernel_kind`).
static std::optional<KernelKind> kernelKindOf(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return std::nullopt;
  if (auto kind = func->getAttrOfType<KernelKindAttr>("pto.kernel_kind"))
    return kind.getValue();
  return std::nullopt;
}

static LogicalResult requireKernel(Operation *op, KernelKind kernel) {
  if (kernelKindOf(op) == kernel)
    return success();
  return op->emitOpError() << "must be inside a " << stringifyKernelKind(kernel)
                           << " kernel function (pto.kernel_kind = #pto.kernel_kind<"
                           << stringifyKernelKind(kernel) << ">)";
}

static LogicalResult requireSplit(Operation *op, int64_t split) {
  if (split < 0 || split > 2)
    return op->emitOpError() << "expects 'split' to be 0, 1, or 2, got " << split;
  return success();
}

LogicalResult ptonz::pto::verifyFrontendPipeInit(Operation *op, KernelKind kernel,
                                                 int8_t dirMask, int32_t slotSize) {
  if (failed(requireKernel(op, kernel)))
    return failure();
  // One init per `id` (0 when absent, so one per function before PTOAS 0.60,
  // which has no id).
  auto idOf = [](Operation *o) {
    auto id = o->getAttrOfType<IntegerAttr>("id");
    return id ? id.getInt() : 0;
  };
  if (idOf(op) < 0)
    return op->emitOpError("expects 'id' to be non-negative");
  unsigned inits = 0;
  op->getParentOfType<FunctionOpInterface>()->walk([&](Operation *o) {
    if (isa<AicInitializePipeOp, AivInitializePipeOp>(o) && idOf(o) == idOf(op))
      ++inits;
  });
  if (inits > 1)
    return op->emitOpError("requires at most one matching initialize_pipe op per function "
                           "and 'id'");
  if (dirMask != 1 && dirMask != 2 && dirMask != 3)
    return op->emitOpError() << "expects 'dir_mask' to be 1, 2, or 3, got " << int(dirMask);
  if (slotSize <= 0)
    return op->emitOpError("expects 'slot_size' to be greater than 0");
  // Operands 0..3: gm_slot_buffer, gm_slot_tensor, c2v, v2c (each optional).
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  auto has = [&](int i) { return !segments || segments[i] != 0; };
  if (has(0) && has(1))
    return op->emitOpError("'gm_slot_tensor' cannot be combined with 'gm_slot_buffer'");
  bool c2v = has(2), v2c = has(3);
  if (!has(1)) {
    if (!c2v && !v2c)
      return op->emitOpError("expects local pipe init to provide at least one consumer buffer "
                             "operand; use 'gm_slot_tensor' for globaltensor pipe entries");
    if (dirMask == 1 && !c2v)
      return op->emitOpError("expects 'c2v_consumer_buf' when dir_mask is 1");
    if (dirMask == 2 && !v2c)
      return op->emitOpError("expects 'v2c_consumer_buf' when dir_mask is 2");
    if (dirMask == 3 && (!c2v || !v2c))
      return op->emitOpError(
          "expects both 'c2v_consumer_buf' and 'v2c_consumer_buf' when dir_mask is 3");
  }
  // A2/A3 move pipe slots through GM (ptoas lowers to initialize_l2g2l_pipe).
  if (!has(0) && !has(1) && targetArchOf(op) == TargetArch::a3)
    return op->emitOpError("requires 'gm_slot_buffer' on A2/A3 targets, where the pipe's "
                           "slots go through GM (A5 pipes are local-to-local)");
  return verifyFrontendPipeSplits(op);
}

LogicalResult ptonz::pto::verifyFrontendSplit(Operation *op, KernelKind kernel, int64_t split) {
  if (failed(requireKernel(op, kernel)))
    return failure();
  return requireSplit(op, split);
}

LogicalResult ptonz::pto::verifyPopFrom(Operation *op, KernelKind kernel, Value validRow,
                                        Value validCol, Value tile, int64_t split) {
  if (failed(verifyFrontendSplit(op, kernel, split)))
    return failure();
  if (bool(validRow) != bool(validCol))
    return op->emitOpError("expects valid_row and valid_col operands to be provided together");
  if (!validRow)
    return success();
  auto buf = dyn_cast<TileBufType>(tile.getType());
  if (!buf)
    return op->emitOpError("expects the popped tile to be a !pto.tile_buf when valid_row/"
                           "valid_col are given");
  if (isStatic(buf.getValidRow()) || isStatic(buf.getValidCol()))
    return op->emitOpError("expects tile result to have dynamic validShape (?, ?) when "
                           "valid_row/valid_col operands are provided (write valid=?x?)");
  return success();
}

LogicalResult ptonz::pto::verifyPipeUse(Operation *op, PipeRole role, Value tile, Value pipe,
                                        int64_t split) {
  bool inSection = op->getParentOfType<SectionCubeOp>() || op->getParentOfType<SectionVectorOp>();
  if (!inSection && !kernelKindOf(op))
    return op->emitOpError("must be inside pto.section.cube/vector or a kernel_kind function");
  if (!pipe.getDefiningOp<InitializeL2LPipeOp>() && !pipe.getDefiningOp<InitializeL2G2LPipeOp>())
    return op->emitOpError("pipe_handle must be produced by pto.initialize_l2l_pipe or "
                           "pto.initialize_l2g2l_pipe");
  if (failed(requireSplit(op, split)))
    return failure();
  if (!tile)
    return success();
  auto view = tileView(tile.getType());
  std::optional<AddressSpace> space = view ? view->space : std::nullopt;
  if (role == PipeRole::push && space != AddressSpace::acc && space != AddressSpace::vec)
    return op->emitOpError("expects the pushed tile in the acc or vec buffer");
  if (role == PipeRole::pop && space != AddressSpace::vec && space != AddressSpace::mat)
    return op->emitOpError("expects the popped tile in the vec or mat buffer");
  return success();
}

FailureOr<TileBufType> ptonz::pto::tileBuf(Operation *op, Value v, StringRef name) {
  if (auto t = dyn_cast<TileBufType>(v.getType()))
    return t;
  return op->emitOpError() << "expects " << name << " to be a !pto.tile_buf, got " << v.getType();
}
