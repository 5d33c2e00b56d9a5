//===- PTOTileRules.cpp - PTOAS's rules for the verbatim tile ops ---------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/PTO.cpp, tonibohnlein/PTOAS e32488c9)
// of the tile, comm, struct and other `pto` ops ptonz keeps verbatim.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

#include "ptonz/PTOBase.h"

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

static Type elementOf(Type type) {
  if (auto view = dyn_cast<TensorViewType>(type))
    return view.getElementType();
  if (auto view = dyn_cast<PartitionTensorViewType>(type))
    return view.getElementType();
  if (auto tile = dyn_cast<TileBufType>(type))
    return tile.getElementType();
  if (auto ptr = dyn_cast<PtrType>(type))
    return ptr.getElementType();
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
  Type e = elementOf(value.getType());
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
  Type de = elementOf(dst.getType()), se = elementOf(src.getType());
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
  if (elementOf(dst.getType()) != elementOf(src.getType()))
    return op->emitOpError("expects src and dst to have the same element type");
  if (shapeOf(dst.getType()) != shapeOf(src.getType()))
    return op->emitOpError(
        "expects src and dst to have the same static/dynamic shape signature "
        "(the same static sizes, and '?' in the same dimensions)");
  if (elementOf(staging[0].getType()) != elementOf(src.getType()))
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
  if (elementOf(staging[0].getType()) != elementOf(src.getType()))
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
  std::string text;
  llvm::raw_string_ostream(text) << mode;
  bool hard = StringRef(text).contains("<hard>");
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
  auto e = dyn_cast_or_null<IntegerType>(elementOf(ws));
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
      isa<Float8E4M3FNType, Float8E5M2Type, HiF8Type, F4E1M2x2Type,
          F4E2M1x2Type>(t))
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
