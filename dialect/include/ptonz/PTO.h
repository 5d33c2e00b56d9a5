//===- PTO.h - the PTOAS-compatible `pto` dialect ---------------*- C++ -*-===//
#ifndef PTONZ_PTO_H
#define PTONZ_PTO_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ptonz/PTODialect.h.inc"
#include "ptonz/PTOEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ptonz/PTOAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ptonz/PTOTypes.h.inc"

#define GET_OP_CLASSES
#include "ptonz/PTOOps.h.inc"

namespace ptonz::pto {
/// PTOAS's hardware spelling of an address space in `!pto.ptr` (gm, l1, ...).
llvm::StringRef ptrSpaceName(AddressSpace space);
} // namespace ptonz::pto

#endif // PTONZ_PTO_H
