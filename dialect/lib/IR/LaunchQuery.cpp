//===- LaunchQuery.cpp - ranges of the launch queries ---------------------===//

#include "ptonz/LaunchQuery.h"

using namespace mlir;

ConstantIntRanges ptonz::launchQueryRange(Value result, int64_t lowest) {
  unsigned w = ConstantIntRanges::getStorageBitwidth(result.getType());
  if (w <= 17) // 65535 is a positive signed value from 18 bits on
    return ConstantIntRanges::maxRange(w);
  return ConstantIntRanges::fromSigned(
      APInt(w, lowest, true), APInt(w, lowest + kMaxBlockNum - 1, true));
}
