//===- PTODialect.cpp - `pto` registration, unknown ops, module rules -----===//

#include "ptonz/PTOBase.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ptonz::pto;

#include "ptonz/PTODialect.cpp.inc"
#include "ptonz/PTOEnums.cpp.inc"

void PTODialect::initialize() {
  registerTypes();
  registerAttributes();
  registerPTODialectOperations(this);
  // Newer PTOAS ops ptonz does not define stay in the IR as unregistered
  // `pto.*` operations (see getParseOperationHook).
  allowUnknownOperations();
}

//===----------------------------------------------------------------------===//
// PTOAS target
//===----------------------------------------------------------------------===//

TargetArch ptonz::pto::targetArchOf(Operation *op) {
  if (auto module = op->getParentOfType<ModuleOp>())
    if (auto arch = module->getAttrOfType<StringAttr>("pto.target_arch"))
      return arch.getValue().equals_insensitive("a5") ? TargetArch::a5 : TargetArch::a3;
  if (auto *dialect = op->getContext()->getLoadedDialect<PTODialect>())
    return dialect->getTargetArch();
  return TargetArch::a3;
}

BuildLevel ptonz::pto::buildLevelOf(MLIRContext *ctx) {
  if (auto *dialect = ctx->getLoadedDialect<PTODialect>())
    return dialect->getBuildLevel();
  return BuildLevel::level2;
}

bool ptonz::pto::isGMPointer(Type type) {
  if (isa<PtrType>(type))
    return true;
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  Attribute space = memref.getMemorySpace();
  if (!space)
    return true;
  if (auto as = dyn_cast<AddressSpaceAttr>(space))
    return as.getValue() == AddressSpace::gm;
  if (auto i = dyn_cast<IntegerAttr>(space))
    return i.getInt() == 0;
  return false;
}

//===----------------------------------------------------------------------===//
// Unknown `pto.*` ops:  pto.<name> ins(%a, ... : T, ...) outs(%d, ... : U, ...)
//                       {attrs} -> R, ...
// parse and print as unregistered operations. Their operand split is kept in
// `operandSegmentSizes` (ins, outs) like an ODS op's. MLIR gives an
// unregistered op unknown side effects: it reads and writes anything.
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kSegments = "operandSegmentSizes";

/// `%a, %b : T1, T2` inside the parentheses of ins/outs.
static ParseResult parseOperandsAndTypes(OpAsmParser &p,
                                         SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                                         SmallVectorImpl<Type> &types) {
  if (p.parseLParen())
    return failure();
  if (succeeded(p.parseOptionalRParen()))
    return success();
  SMLoc at = p.getCurrentLocation();
  if (p.parseOperandList(values) || p.parseColonTypeList(types) || p.parseRParen())
    return failure();
  if (values.size() != types.size())
    return p.emitError(at) << "expected " << values.size() << " types for " << values.size()
                           << " operands, got " << types.size();
  return success();
}

static ParseResult parseUnknownOp(OpAsmParser &p, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> insTypes, outsTypes;
  SMLoc start = p.getCurrentLocation();
  bool hasIns = succeeded(p.parseOptionalKeyword("ins"));
  if (hasIns && parseOperandsAndTypes(p, ins, insTypes))
    return failure();
  bool hasOuts = succeeded(p.parseOptionalKeyword("outs"));
  if (hasOuts && parseOperandsAndTypes(p, outs, outsTypes))
    return failure();
  if (!hasIns && !hasOuts)
    return p.emitError(start) << "'" << state.name.getStringRef()
                              << "' is not an op ptonz knows; an unknown pto op parses only in "
                                 "the form `ins(%a, ... : T, ...) outs(%d, ... : U, ...) "
                                 "{attrs} -> R, ...` (PTOAS's common form): write it so, or "
                                 "use the generic form \"pto.op\"(...)";
  if (p.parseOptionalAttrDict(state.attributes))
    return failure();
  if (succeeded(p.parseOptionalArrow()) && p.parseTypeList(state.types))
    return failure();
  if (p.resolveOperands(ins, insTypes, start, state.operands) ||
      p.resolveOperands(outs, outsTypes, start, state.operands))
    return failure();
  state.addAttribute(kSegments, p.getBuilder().getDenseI32ArrayAttr(
                                    {static_cast<int32_t>(ins.size()),
                                     static_cast<int32_t>(outs.size())}));
  return success();
}

std::optional<Dialect::ParseOpHook>
PTODialect::getParseOperationHook(StringRef opName) const {
  return ParseOpHook(parseUnknownOp);
}

static void printOperandsAndTypes(OpAsmPrinter &p, StringRef keyword, OperandRange values) {
  p << ' ' << keyword << '(';
  if (!values.empty()) {
    p << values << " : ";
    llvm::interleaveComma(values.getTypes(), p);
  }
  p << ')';
}

llvm::unique_function<void(Operation *, OpAsmPrinter &)>
PTODialect::getOperationPrinter(Operation *op) const {
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>(kSegments);
  // Anything the hook did not parse (regions, successors, a generic-form op)
  // keeps MLIR's generic form.
  if (!segments || segments.size() != 2 || segments[0] < 0 || segments[1] < 0 ||
      segments[0] + segments[1] != static_cast<int32_t>(op->getNumOperands()) ||
      op->getNumRegions() != 0 || op->getNumSuccessors() != 0)
    return nullptr;
  return [](Operation *op, OpAsmPrinter &p) {
    auto segments = op->getAttrOfType<DenseI32ArrayAttr>(kSegments);
    int32_t nIns = segments[0];
    if (nIns > 0 || segments[1] == 0)
      printOperandsAndTypes(p, "ins", op->getOperands().take_front(nIns));
    if (segments[1] > 0)
      printOperandsAndTypes(p, "outs", op->getOperands().drop_front(nIns));
    p.printOptionalAttrDict(op->getAttrs(), {kSegments});
    if (op->getNumResults() != 0) {
      p << " -> ";
      llvm::interleaveComma(op->getResultTypes(), p);
    }
  };
}

//===----------------------------------------------------------------------===//
// `pto.*` attributes on other dialects' ops (what ptoas checks of a module)
//===----------------------------------------------------------------------===//

/// Whether `func` calls itself, directly or through other functions of its
/// symbol table (ptoas cannot emit recursive calls as C++).
static bool callsItself(FunctionOpInterface func) {
  Operation *table = SymbolTable::getNearestSymbolTable(func);
  if (!table)
    return false;
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Operation *> work{func};
  while (!work.empty()) {
    Operation *f = work.pop_back_val();
    bool found = false;
    f->walk([&](CallOpInterface call) {
      auto sym = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (!sym)
        return WalkResult::advance();
      Operation *callee = SymbolTable::lookupSymbolIn(table, sym);
      if (!callee)
        return WalkResult::advance();
      if (callee == func.getOperation()) {
        found = true;
        return WalkResult::interrupt();
      }
      if (seen.insert(callee).second)
        work.push_back(callee);
      return WalkResult::advance();
    });
    if (found)
      return true;
  }
  return false;
}

LogicalResult PTODialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == "pto.entry") {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return op->emitOpError() << "`pto.entry` marks a function; it is not valid here";
    if (func.isExternal())
      return op->emitOpError() << "`pto.entry` is only valid on function definitions";
    if (!func.getResultTypes().empty())
      return op->emitOpError() << "PTO entry functions must return void (ptoas emits them as "
                                  "__global__ kernels); return results through GM pointers";
    if (callsItself(func))
      return op->emitOpError() << "PTO entry function calls itself: ptoas emits no recursive "
                                  "calls in C++";
    return success();
  }
  if (name == kNzTensorViewsBlockedAttrName || name == kMxTensorViewsBlockedAttrName) {
    const char *which = name == kNzTensorViewsBlockedAttrName ? "NZ" : "MX scale";
    if (op->getName().getStringRef() != "func.func")
      return op->emitOpError() << "`" << name << "` marks a func.func whose " << which
                               << " views are blocked; it is not valid here";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError() << "`" << name << "` is a unit attribute (the function's "
                               << which << " views are blocked or not), got "
                               << attr.getValue();
    return success();
  }
  if (name == "pto.kernel_kind" && !isa<KernelKindAttr>(attr.getValue()))
    return op->emitOpError() << "`pto.kernel_kind` must be #pto.kernel_kind<cube|vector>, got "
                             << attr.getValue();
  if (name == "pto.target_arch" && !isa<StringAttr>(attr.getValue()))
    return op->emitOpError() << "`pto.target_arch` must be a string (\"a3\" or \"a5\"), got "
                             << attr.getValue();
  return success();
}
