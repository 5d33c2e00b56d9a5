//===- PTOOps.td - `pto` operations ---------------------------*- tablegen -*-===//
//
// Every op of PTOAS 0.27's `pto` dialect, one .td per concern. Assembly
// formats are PTOAS's; verifiers check what PTOAS checks at the op, each with
// a message naming the mismatch.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_OPS
#define PTONZ_PTO_OPS

include "ptonz/PTOViewOps.td"
include "ptonz/PTODmaOps.td"
include "ptonz/PTOCubeOps.td"
include "ptonz/PTOVectorOps.td"
include "ptonz/PTOSyncOps.td"
include "ptonz/PTOPipeOps.td"

#endif // PTONZ_PTO_OPS
