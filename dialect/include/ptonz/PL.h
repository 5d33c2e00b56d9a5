//===- PL.h - the `pl` dialect ----------------------------------*- C++ -*-===//
#ifndef PTONZ_PL_H
#define PTONZ_PL_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "ptonz/LaunchQuery.h"
#include "ptonz/ParsedTypes.h"

#include "ptonz/PLDialect.h.inc"
#include "ptonz/PLEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ptonz/PLAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ptonz/PLTypes.h.inc"

#define GET_OP_CLASSES
#include "ptonz/PLOps.h.inc"

#include "ptonz/OperandSegments.h"

/// The pl ops with AttrSizedOperandSegments (ptonz/OperandSegments.h).
#define PTONZ_PL_OPERAND_SEGMENT_OPS(X) X(::ptonz::pl::TileLoadOp)
PTONZ_PL_OPERAND_SEGMENT_OPS(PTONZ_OPERAND_SEGMENTS_FROM_PROPERTIES)

#endif // PTONZ_PL_H
