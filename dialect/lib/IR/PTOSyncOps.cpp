//===- PTOSyncOps.cpp - events, flags, barriers, sections, core queries --===//

#include "ptonz/PTOVerify.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <set>

using namespace mlir;
using namespace ptonz::pto;

//===----------------------------------------------------------------------===//
// sync.set / sync.wait:  `pto.sync.set <PIPE_MTE3>, 3` or `, %event` (index);
// the pipe may also be given as #pto.pipe<...>.
//===----------------------------------------------------------------------===//

/// `<NAME>` / `#pto.x<NAME>` (the attribute's own syntax) or `"NAME"`.
template <typename AttrT, typename EnumT>
static ParseResult
parseEnumOrString(OpAsmParser &p, AttrT &attr,
                  std::optional<EnumT> (*symbolize)(StringRef),
                  StringRef what) {
  SMLoc at = p.getCurrentLocation();
  std::string token;
  if (succeeded(p.parseOptionalString(&token))) {
    std::optional<EnumT> value = symbolize(token);
    if (!value)
      return p.emitError(at)
             << "unknown " << what << " token: \"" << token << "\"";
    attr = AttrT::get(p.getContext(), *value);
    return success();
  }
  return p.parseCustomAttributeWithFallback(attr);
}

ParseResult ptonz::pto::parsePipeOrString(OpAsmParser &p, PipeAttr &attr) {
  return parseEnumOrString(
      p, attr, static_cast<std::optional<Pipe> (*)(StringRef)>(symbolizePipe),
      "pipe");
}
void ptonz::pto::printPipeOrString(OpAsmPrinter &p, Operation *,
                                   PipeAttr attr) {
  p.printStrippedAttrOrType(attr);
}
ParseResult ptonz::pto::parseEventOrString(OpAsmParser &p, EventAttr &attr) {
  return parseEnumOrString(
      p, attr, static_cast<std::optional<Event> (*)(StringRef)>(symbolizeEvent),
      "event");
}
void ptonz::pto::printEventOrString(OpAsmPrinter &p, Operation *,
                                    EventAttr attr) {
  p.printStrippedAttrOrType(attr);
}

template <typename OpT>
static ParseResult parseCrossCoreSync(OpAsmParser &p, OperationState &result) {
  auto &props = result.getOrAddProperties<typename OpT::Properties>();
  SMLoc at = p.getCurrentLocation();
  if (succeeded(p.parseOptionalLess())) {
    StringRef token;
    if (p.parseKeyword(&token) || p.parseGreater())
      return failure();
    auto pipe = symbolizePipe(token);
    if (!pipe)
      return p.emitError(at) << "unknown pipe token: " << token;
    props.pipe = PipeAttr::get(p.getContext(), *pipe);
  } else if (p.parseCustomAttributeWithFallback(props.pipe)) {
    return failure();
  }
  if (p.parseComma())
    return failure();
  OpAsmParser::UnresolvedOperand event;
  OptionalParseResult dynamic = p.parseOptionalOperand(event);
  if (dynamic.has_value()) {
    if (failed(*dynamic) ||
        p.resolveOperand(event, p.getBuilder().getIndexType(), result.operands))
      return failure();
  } else {
    int32_t id;
    if (p.parseInteger(id))
      return failure();
    props.event_id = p.getBuilder().getI32IntegerAttr(id);
  }
  return p.parseOptionalAttrDict(result.attributes);
}

template <typename OpT>
static void printCrossCoreSync(OpT op, OpAsmPrinter &p) {
  p << " <" << stringifyPipe(op.getPipe()) << ">, ";
  if (auto id = op.getEventIdAttr())
    p << id.getInt();
  else
    p << op.getEventIdDyn();
  ptonz::printAttrDict(p, op, {"pipe", "event_id"});
}

template <typename OpT>
static LogicalResult verifyCrossCoreSync(OpT op, ArrayRef<Pipe> a5Pipes) {
  if (bool(op.getEventIdAttr()) == bool(op.getEventIdDyn()))
    return op.emitOpError(
        "expects exactly one event-id form: static attr or dynamic index "
        "operand");
  // PTOAS 0.60 also bounds a static A5 FFTS event id.
  if (auto id = op.getEventIdAttr(); id && targetArchOf(op) == TargetArch::a5 &&
                                     ptoasAtLeast(op, 0, 60) &&
                                     (id.getInt() < 0 || id.getInt() > 15))
    return op.emitOpError()
           << "A5 " << op->getName().stripDialect()
           << " expects static FFTS event_id in [0, 15], but got "
           << id.getInt();
  if (targetArchOf(op) == TargetArch::a5 &&
      !llvm::is_contained(a5Pipes, op.getPipe())) {
    auto diag = op.emitOpError() << "A5 " << op->getName().stripDialect()
                                 << " expects pipe to be one of ";
    llvm::interleaveComma(a5Pipes, diag, [&](Pipe pipe) {
      diag << '<' << stringifyPipe(pipe) << '>';
    });
    return diag;
  }
  return success();
}

ParseResult SyncSetOp::parse(OpAsmParser &p, OperationState &result) {
  return parseCrossCoreSync<SyncSetOp>(p, result);
}
void SyncSetOp::print(OpAsmPrinter &p) { printCrossCoreSync(*this, p); }
LogicalResult SyncSetOp::verify() {
  if (auto mode = getFftsModeAttr();
      mode && (mode.getInt() < 0 || mode.getInt() > 2))
    return emitOpError() << "requires ffts_mode in range [0, 2], but got "
                         << mode.getInt();
  // PTOAS 0.27 sets from FIX or MTE3 on A5; 0.60 from the pipes sync.wait
  // takes.
  if (ptoasAtLeast(getOperation(), 0, 60))
    return verifyCrossCoreSync(*this, {Pipe::PIPE_FIX, Pipe::PIPE_MTE1,
                                       Pipe::PIPE_MTE2, Pipe::PIPE_MTE3,
                                       Pipe::PIPE_V});
  return verifyCrossCoreSync(*this, {Pipe::PIPE_FIX, Pipe::PIPE_MTE3});
}

ParseResult SyncWaitOp::parse(OpAsmParser &p, OperationState &result) {
  return parseCrossCoreSync<SyncWaitOp>(p, result);
}
void SyncWaitOp::print(OpAsmPrinter &p) { printCrossCoreSync(*this, p); }
LogicalResult SyncWaitOp::verify() {
  return verifyCrossCoreSync(*this,
                             {Pipe::PIPE_FIX, Pipe::PIPE_MTE1, Pipe::PIPE_MTE2,
                              Pipe::PIPE_MTE3, Pipe::PIPE_V});
}

LogicalResult SetFFTsOp::verify() {
  bool since060 = ptoasAtLeast(getOperation(), 0, 60);
  if (since060 != isa<PtrType>(getFfts().getType()))
    return emitOpError() << (since060
                                 ? "expects a !pto.ptr operand (PTOAS >= 0.60)"
                                 : "expects a memref operand (PTOAS < 0.60)");
  Type e = elementTypeOf(getFfts().getType());
  if (!e.isInteger(64) && !e.isInteger(8))
    return emitOpError() << "expects element type i64 (or i8), got " << e;
  return success();
}

//===----------------------------------------------------------------------===//
// Buffer tokens (get_buf / rls_buf)
//===----------------------------------------------------------------------===//

ParseResult ptonz::pto::parseBufToken(OpAsmParser &p, OperationState &state) {
  Builder &b = p.getBuilder();
  SMLoc at = p.getCurrentLocation();
  Attribute opType;
  int32_t bufId, mode = 0;
  std::string token;
  bool bracket = false;
  if (succeeded(p.parseOptionalString(&token))) {
    // PTOAS 0.60: a pipe by name, else an op class by name.
    if (auto pipe = symbolizePipe(token))
      opType = PipeAttr::get(p.getContext(), *pipe);
    else if (auto cls = symbolizeSyncOpType(token))
      opType = PipeEventTypeAttr::get(p.getContext(), *cls);
    else
      return p.emitError(at)
             << "invalid get_buf/rls_buf token: \"" << token << "\"";
  } else {
    if (p.parseLSquare() || p.parseAttribute(opType))
      return failure();
    bracket = true;
  }
  if (p.parseComma() || p.parseInteger(bufId))
    return failure();
  if (succeeded(p.parseOptionalComma()) && p.parseInteger(mode))
    return failure();
  if ((bracket && p.parseRSquare()) ||
      p.parseOptionalAttrDict(state.attributes))
    return failure();
  state.addAttribute("op_type", opType);
  state.addAttribute("buf_id", b.getI32IntegerAttr(bufId));
  if (!state.attributes.get("mode"))
    state.addAttribute("mode", b.getI32IntegerAttr(mode));
  return success();
}

void ptonz::pto::printBufToken(OpAsmPrinter &p, Operation *op, Attribute opType,
                               int32_t bufId, int32_t mode) {
  // A pipe prints by name with its mode, as PTOAS 0.60 prints it; an op
  // class in brackets, its mode (when not 0) in the attribute dictionary,
  // which every release parses.
  SmallVector<StringRef, 3> elided{"op_type", "buf_id"};
  if (auto pipe = dyn_cast<PipeAttr>(opType)) {
    p << " \"" << stringifyPipe(pipe.getValue()) << "\", " << bufId << ", "
      << mode;
    elided.push_back("mode");
  } else {
    p << '[';
    p.printAttribute(opType);
    p << ", " << bufId << ']';
    if (mode == 0)
      elided.push_back("mode");
  }
  ptonz::printAttrDict(p, op, elided);
}

LogicalResult ptonz::pto::verifyBufToken(Operation *op, Attribute opType,
                                         int32_t bufId, int32_t mode) {
  if (isa<PipeAttr>(opType) && !ptoasAtLeast(op, 0, 60))
    return op->emitOpError("takes a pipe (\"PIPE_V\", ...) from PTOAS 0.60 "
                           "on; name an op class (#pto.pipe_event_type<...>)");
  if (bufId < 0 || bufId > 31)
    return op->emitOpError()
           << "expects 'buf_id' in range [0, 31], got " << bufId;
  if (mode < 0)
    return op->emitOpError()
           << "expects 'mode' to be non-negative, got " << mode;
  return success();
}

LogicalResult ptonz::pto::verifyOutsideVecScope(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->getName().getStringRef() == "pto.vecscope")
      return op->emitOpError("must be outside 'pto.vecscope'; synchronization "
                             "operations delimit vector scopes");
  return success();
}

LogicalResult SimtLaunchOp::verify() {
  if (failed(verifySince(*this, 0, 60)))
    return failure();
  // PTOAS 0.60's rules (VPTO.cpp): launched from outside a SIMT entry, of a
  // func marked pto.simt_entry, with no results and the args it takes.
  constexpr llvm::StringLiteral kSimtEntry = "pto.simt_entry";
  auto parent = (*this)->getParentOfType<FunctionOpInterface>();
  if (parent && parent->hasAttr(kSimtEntry))
    return emitOpError() << "must not appear inside a function marked with '"
                         << kSimtEntry
                         << "'; launch the SIMT entry from an outer non-simt "
                            "function";
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupNearestSymbolFrom(*this, getCalleeAttr()));
  if (!callee)
    return emitOpError() << "'" << getCallee()
                         << "' does not reference a valid function";
  if (!callee->hasAttr(kSimtEntry))
    return emitOpError() << "callee '" << getCallee()
                         << "' must be marked with '" << kSimtEntry << "'";
  if (!callee.getResultTypes().empty())
    return emitOpError("requires a callee with no results");
  if (callee.getArgumentTypes().size() != getArgs().size())
    return emitOpError("incorrect number of operands for callee");
  for (auto [i, expected, arg] :
       llvm::enumerate(callee.getArgumentTypes(), getArgs().getTypes()))
    if (expected != arg)
      return emitOpError() << "operand type mismatch: expected operand type "
                           << expected << ", but provided " << arg
                           << " for operand number " << i;
  return success();
}

LogicalResult TPrintOp::verify() {
  Value tmp = getTmp();
  if (!tmp)
    return success();
  if (!ptoasAtLeast(getOperation(), 0, 60))
    return emitOpError("takes a tmp from PTOAS 0.60 on");
  auto src = dyn_cast<TileBufType>(getSrc().getType());
  if (!src)
    return emitOpError("expects tmp only when src is a tile_buf");
  AddressSpace loc = src.getLoc();
  if (loc != AddressSpace::vec && loc != AddressSpace::mat &&
      loc != AddressSpace::acc)
    return emitOpError("expects a tile_buf printed with tmp to be in the "
                       "vec, mat or acc address space");
  if (loc == AddressSpace::mat && targetArchOf(*this) == TargetArch::a5)
    return emitOpError("expects mat tile printing with tmp only on A2/A3");
  return success();
}
