//===- PTOPassThroughRules.h - PTOAS's rules for the verbatim ops -*- C++
//-*-===//
//
// ptonz keeps the ops of PTOAS 0.60 it does not define (the vmi / vpto / ub
// vector families, comm, struct, SIMT, ...) verbatim, as unregistered `pto.*`
// operations (PTODialect.cpp). MLIR runs no verifier on an unregistered op,
// so PTOAS's own verifier rules for them are kept here instead: one table per
// op family, one rule per op name, each written from PTOAS's sources (the
// file of each table says which) and checked once on a parsed module by
// verifyPassThroughOps, as ptoas checks them when it parses.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTOPASSTHROUGHRULES_H
#define PTONZ_PTOPASSTHROUGHRULES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace ptonz::pto {

/// PTOAS's verifier of the op named `op`, for an unregistered op of that
/// name: a located error (op->emitOpError, in PTOAS's words, saying what to
/// write instead) and failure when the op breaks one of its rules.
struct PassThroughRule {
  llvm::StringLiteral op;
  mlir::LogicalResult (*verify)(mlir::Operation *op);
};

/// The families (one file each).
llvm::ArrayRef<PassThroughRule> vmiRules();  // PTOVmiRules.cpp: pto.vmi.*
llvm::ArrayRef<PassThroughRule> vptoRules(); // PTOVptoRules.cpp: vpto, ub,
                                             // cube bridges, SIMT
llvm::ArrayRef<PassThroughRule> tileRules(); // PTOTileRules.cpp: the tile,
                                             // comm, struct and misc ops

/// One token of the written form of a verbatim op (PTODialect.cpp's
/// parseVerbatimOp), for the rules that read what ptoas's custom parser
/// reads: `kind` is 'o' (an operand: `operand` is its index), 'k' (a keyword
/// or a number as written: `item` is a StringAttr), 'a' (an attribute:
/// `item`), or a punctuation character of the source (`(`, `)`, `[`, `]`,
/// `<`, `>`, `,`, `:`, `=`, 'A' for `->`, 't' a type, 'd' the attribute
/// dictionary, 'r' a region).
struct VerbatimToken {
  char kind;
  mlir::Attribute item;
  int operand = -1;
};
/// The tokens of `op` in source order; empty if `op` was not parsed
/// verbatim (generic form, or the `ins(...) outs(...)` form).
llvm::SmallVector<VerbatimToken> verbatimTokens(mlir::Operation *op);

/// pto.talloc's rule, defined with the pipe ops it reads (PTOPipeOps.cpp):
/// its pipe comes from a pipe init, and a tensor-view entry is one GM slot
/// of that pipe.
mlir::LogicalResult verifyTAlloc(mlir::Operation *op);

/// PTOAS's validateStructProvenance (PTOTileRules.cpp): a `!pto.struct`
/// (a pointer to stack storage) comes from pto.declare_struct in its own
/// function only, never from a function argument, a function result or any
/// other op's result (PTOAS >= 0.60). A located error at the first
/// offender; failure if there is one.
mlir::LogicalResult verifyStructProvenance(mlir::Operation *module);

/// Every rule of the families above on every unregistered `pto` op of
/// `module` (PTOAS >= 0.60 only: 0.27 has none of these ops). Reports every
/// op that breaks a rule; failure if one does.
mlir::LogicalResult verifyPassThroughOps(mlir::Operation *module);

} // namespace ptonz::pto

#endif // PTONZ_PTOPASSTHROUGHRULES_H
