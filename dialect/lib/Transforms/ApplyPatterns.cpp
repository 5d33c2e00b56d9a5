//===- ApplyPatterns.cpp - apply patterns to a given list of ops ----------===//

#include "ptonz/ApplyPatterns.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/PatternApplicator.h"

unsigned ptonz::applyPatternsTo(llvm::ArrayRef<mlir::Operation *> ops,
                                const mlir::FrozenRewritePatternSet &patterns) {
  if (ops.empty())
    return 0;
  mlir::PatternRewriter rewriter(ops.front()->getContext());
  mlir::PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  unsigned rewritten = 0;
  for (mlir::Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    rewritten += mlir::succeeded(applicator.matchAndRewrite(op, rewriter));
  }
  return rewritten;
}
