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
  p.printOptionalAttrDict(op->getAttrs(), {"pipe", "event_id"});
}

template <typename OpT>
static LogicalResult verifyCrossCoreSync(OpT op, ArrayRef<Pipe> a5Pipes) {
  if (bool(op.getEventIdAttr()) == bool(op.getEventIdDyn()))
    return op.emitOpError(
        "expects exactly one event-id form: static attr or dynamic index "
        "operand");
  // PTOAS 0.60 also bounds a static A5 FFTS event id.
  if (auto id = op.getEventIdAttr(); id && targetArchOf(op) == TargetArch::a5 &&
                                     ptoasAtLeast(op->getContext(), 0, 60) &&
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
  if (ptoasAtLeast(getContext(), 0, 60))
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
  bool since060 = ptoasAtLeast(getContext(), 0, 60);
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

LogicalResult ptonz::pto::verifyBufToken(Operation *op, int32_t bufId,
                                         int32_t mode) {
  if (bufId < 0 || bufId > 31)
    return op->emitOpError()
           << "expects 'buf_id' in range [0, 31], got " << bufId;
  if (mode < 0)
    return op->emitOpError()
           << "expects 'mode' to be non-negative, got " << mode;
  return success();
}

LogicalResult TPrintOp::verify() {
  Value tmp = getTmp();
  if (!tmp)
    return success();
  if (!ptoasAtLeast(getContext(), 0, 60))
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
