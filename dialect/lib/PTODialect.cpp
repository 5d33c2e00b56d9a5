//===- PTODialect.cpp - `pto` registration, target, module rules ----------===//

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
  if (name == "pto.kernel_kind" && !isa<KernelKindAttr>(attr.getValue()))
    return op->emitOpError() << "`pto.kernel_kind` must be #pto.kernel_kind<cube|vector>, got "
                             << attr.getValue();
  if (name == "pto.target_arch" && !isa<StringAttr>(attr.getValue()))
    return op->emitOpError() << "`pto.target_arch` must be a string (\"a3\" or \"a5\"), got "
                             << attr.getValue();
  return success();
}
