//===- PTOPassThroughRules.cpp - dispatch of the verbatim ops' rules ------===//
//
// The rules themselves live with their family (PTOPassThroughRules.h); this
// file only finds the rule of each unregistered op, once per op name.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

#include "ptonz/Common.h"
#include "ptonz/PTOBase.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace ptonz::pto;

using Verifier = LogicalResult (*)(Operation *);

/// Every family's rules by op name (built once; the tables are constant).
static const llvm::StringMap<Verifier> &rulesByName() {
  static const llvm::StringMap<Verifier> byName = [] {
    llvm::StringMap<Verifier> m;
    for (ArrayRef<PassThroughRule> family :
         {vmiRules(), vptoRules(), tileRules()})
      for (const PassThroughRule &rule : family) {
        [[maybe_unused]] bool added =
            m.try_emplace(rule.op, rule.verify).second;
        assert(added && "one rule per op name");
      }
    return m;
  }();
  return byName;
}

LogicalResult ptonz::pto::verifyPassThroughOps(Operation *module) {
  if (!ptoasAtLeast(module->getContext(), 0, 60))
    return success();
  const llvm::StringMap<Verifier> &byName = rulesByName();
  // One lookup per op name, not per op.
  llvm::DenseMap<const void *, Verifier> ruleOf;
  bool ok = true;
  module->walk([&](Operation *op) {
    if (op->isRegistered()) {
      // ptoas's input boundary (validateSCFForConstantSteps, 0.60): a
      // constant scf.for step is positive (LLVM 19's verifier follows no
      // SSA value). Operands: lower bound, upper bound, step, inits.
      if (op->getName().getStringRef() == "scf.for" &&
          op->getNumOperands() >= 3) {
        std::optional<int64_t> step = ptonz::constantOf(op->getOperand(2));
        if (step && *step <= 0) {
          op->emitOpError()
              << "constant step operand must be positive, got " << *step
              << " (count the loop up with a positive step)";
          ok = false;
        }
      }
      return;
    }
    auto [it, added] =
        ruleOf.try_emplace(op->getName().getAsOpaquePointer(), nullptr);
    if (added)
      it->second = byName.lookup(op->getName().getStringRef());
    if (it->second && failed(it->second(op)))
      ok = false;
  });
  // Module-wide rules (after the per-op ones, as ptoas checks them after
  // parsing).
  if (ok && failed(verifyStructProvenance(module)))
    ok = false;
  return success(ok);
}
