//===- PTO.h - the PTOAS-compatible `pto` dialect ---------------*- C++ -*-===//
#ifndef PTONZ_PTO_H
#define PTONZ_PTO_H

#include "ptonz/PTOBase.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "ptonz/LaunchQuery.h"

#define GET_OP_CLASSES
#include "ptonz/PTOOps.h.inc"

#endif // PTONZ_PTO_H
