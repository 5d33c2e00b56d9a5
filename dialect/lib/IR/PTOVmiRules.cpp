//===- PTOVmiRules.cpp - PTOAS's rules for the verbatim pto.vmi ops -------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/VMI*.cpp, tonibohnlein/PTOAS e32488c9)
// of the `pto.vmi.*` ops ptonz keeps verbatim.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

using namespace mlir;
using namespace ptonz::pto;

ArrayRef<PassThroughRule> ptonz::pto::vmiRules() { return {}; }
