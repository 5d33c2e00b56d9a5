//===- PTOTileRules.cpp - PTOAS's rules for the verbatim tile ops ---------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/PTO.cpp, tonibohnlein/PTOAS e32488c9)
// of the tile, comm, struct and other `pto` ops ptonz keeps verbatim.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace ptonz::pto;

/// InttoptrOp::verify: the address is an i64 (a GM byte address).
static LogicalResult verifyIntToPtr(Operation *op) {
  if (op->getNumOperands() != 1 || !op->getOperand(0).getType().isInteger(64))
    return op->emitOpError("address operand must be i64 (a byte address; "
                           "widen it with arith.extui first)");
  return success();
}

ArrayRef<PassThroughRule> ptonz::pto::tileRules() {
  static const PassThroughRule rules[] = {
      {"pto.inttoptr", verifyIntToPtr},
  };
  return rules;
}
