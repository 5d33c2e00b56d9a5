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

#include "ptonz/OperandSegments.h"

/// The pto ops with AttrSizedOperandSegments (ptonz/OperandSegments.h).
#define PTONZ_PTO_OPERAND_SEGMENT_OPS(X)                                       \
  X(::ptonz::pto::AicInitializePipeOp)                                         \
  X(::ptonz::pto::AivInitializePipeOp)                                         \
  X(::ptonz::pto::AllocMultiTileOp)                                            \
  X(::ptonz::pto::AllocTileOp)                                                 \
  X(::ptonz::pto::BindTileOp)                                                  \
  X(::ptonz::pto::InitializeL2G2LPipeOp)                                       \
  X(::ptonz::pto::MakeTensorViewOp)                                            \
  X(::ptonz::pto::PartitionViewOp)                                             \
  X(::ptonz::pto::PointerCastOp)                                               \
  X(::ptonz::pto::TExtractOp)                                                  \
  X(::ptonz::pto::TGatherOp)                                                   \
  X(::ptonz::pto::TInsertOp)                                                   \
  X(::ptonz::pto::TLoadOp)                                                     \
  X(::ptonz::pto::TMovOp)                                                      \
  X(::ptonz::pto::TMrgSortOp)                                                  \
  X(::ptonz::pto::TPopFromAicOp)                                               \
  X(::ptonz::pto::TPopFromAivOp)                                               \
  X(::ptonz::pto::TQuantOp)                                                    \
  X(::ptonz::pto::TStoreOp)
PTONZ_PTO_OPERAND_SEGMENT_OPS(PTONZ_OPERAND_SEGMENTS_FROM_PROPERTIES)

#endif // PTONZ_PTO_H
