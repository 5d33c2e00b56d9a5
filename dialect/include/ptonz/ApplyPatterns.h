//===- ApplyPatterns.h - apply patterns to a given list of ops --*- C++ -*-===//
#ifndef PTONZ_APPLYPATTERNS_H
#define PTONZ_APPLYPATTERNS_H

#include "mlir/IR/Operation.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace ptonz {
/// walkAndApplyPatterns without the walk: tries `patterns` once on each op of
/// `ops`, in order (each op must still exist when its turn comes). Returns how
/// many ops a pattern rewrote. Lives in the no-RTTI dialect library because
/// PatternRewriter's vtable needs MLIR's (RTTI-free) class layout.
unsigned applyPatternsTo(llvm::ArrayRef<mlir::Operation *> ops,
                         const mlir::FrozenRewritePatternSet &patterns);
} // namespace ptonz

#endif // PTONZ_APPLYPATTERNS_H
