//===- PTODialect.cpp - `pto` dialect registration and attributes ---------===//

#include "ptonz/PTO.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ptonz::pto;

#include "ptonz/PTODialect.cpp.inc"
#include "ptonz/PTOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ptonz/PTOAttrs.cpp.inc"

void PTODialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "ptonz/PTOOps.cpp.inc"
      >();
}

void PTODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ptonz/PTOAttrs.cpp.inc"
      >();
}
