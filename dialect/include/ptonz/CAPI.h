/*===- CAPI.h - C API of the ptonz dialects ------------------------*- C
-*-===*\
|* Dialect handles and type accessors/builders for `pto` and `pl`, in the   *|
|* style of MLIR's own dialect C APIs. The Python extension is built on it.  *|
\*===----------------------------------------------------------------------===*/
#ifndef PTONZ_CAPI_H
#define PTONZ_CAPI_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(PTO, pto);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(PL, pl);

/* The PTOAS target the pto verifiers check (ptoas --pto-arch / --pto-level /
 * --pto-backend): arch "a3" or "a5", level "level1" | "level2" | "level3",
 * the PTOAS release versionMajor.versionMinor (unchanged when versionMajor <
 * 0; the defaults are ptonzPTOSetDefaultTarget's) and backend "emitc" |
 * "vpto" as given on ptoas's command line, which overrides a module's
 * `pto.backend` ("": not given, the default backend). Returns false for an
 * unknown name. Loads the pto dialect into `ctx`. */
MLIR_CAPI_EXPORTED bool ptonzPTOSetTarget(MlirContext ctx, MlirStringRef arch,
                                          MlirStringRef level, int versionMajor,
                                          int versionMinor,
                                          MlirStringRef backend);
/* The target every new context checks until ptonzPTOSetTarget names one
 * (ptonz sets it at import from ptoas_facts' defaults); arguments as
 * ptonzPTOSetTarget's, `backend` being the default one (not "given"). Returns
 * false for an unknown name. */
MLIR_CAPI_EXPORTED bool ptonzPTOSetDefaultTarget(MlirStringRef arch,
                                                 MlirStringRef level,
                                                 int versionMajor,
                                                 int versionMinor,
                                                 MlirStringRef backend);
/* The backend the pto verifiers of `ctx` check ("emitc" | "vpto"), and
 * whether it was given (overriding `pto.backend`). Loads the dialect. */
MLIR_CAPI_EXPORTED MlirStringRef ptonzPTOGetBackend(MlirContext ctx,
                                                    bool *given);
/* ptoas runs with --emit-pto-ir (it stops before its backend) in `ctx`. */
MLIR_CAPI_EXPORTED void ptonzPTOSetEmitsPtoIr(MlirContext ctx, bool emits);
/* The rules ptonz checks of a parsed module beyond MLIR's verifier, in
 * order, stopping at the first that fails: PTOAS's verifier rules for the
 * ops ptonz keeps verbatim (verifyPassThroughOps), its EmitC backend rule
 * (verifyBackendLowering), no entry on a call cycle (verifyEntryRecursion).
 * Located errors on `module`'s context; false if one fails. */
MLIR_CAPI_EXPORTED bool ptonzPTOVerifyModuleRules(MlirOperation module);
/* No `pto.entry` function on a call cycle (verifyEntryRecursion): located
 * errors on `module`'s context; false if one is. */
MLIR_CAPI_EXPORTED bool ptonzPTOVerifyEntryRecursion(MlirOperation module);
/* The PTOAS release the pto verifiers of `ctx` check. Loads the dialect. */
MLIR_CAPI_EXPORTED void
ptonzPTOGetPtoasVersion(MlirContext ctx, int *versionMajor, int *versionMinor);
/* The --pto-level the pto verifiers of `ctx` check ("level2" unless set). */
MLIR_CAPI_EXPORTED MlirStringRef ptonzPTOGetBuildLevel(MlirContext ctx);
/* Print !pto.tile_buf in the legacy keyed form (PTOAS < 0.25) in `ctx`. */
MLIR_CAPI_EXPORTED void ptonzPTOSetTileBufKeyedForm(MlirContext ctx,
                                                    bool keyed);

/* !pto.ptr<T> */
MLIR_CAPI_EXPORTED bool ptonzTypeIsAPtr(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID ptonzPtrTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType ptonzPtrTypeGet(MlirType elementType);
MLIR_CAPI_EXPORTED MlirType ptonzPtrTypeGetElementType(MlirType t);

/* !pto.tensor_view<...xT> and !pto.partition_tensor_view<...xT> */
MLIR_CAPI_EXPORTED bool ptonzTypeIsATensorView(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID ptonzTensorViewTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType ptonzTensorViewTypeGet(MlirContext ctx,
                                                   intptr_t rank,
                                                   const int64_t *shape,
                                                   MlirType elementType);
MLIR_CAPI_EXPORTED bool ptonzTypeIsAPartitionTensorView(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID ptonzPartitionTensorViewTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType ptonzPartitionTensorViewTypeGet(
    MlirContext ctx, intptr_t rank, const int64_t *shape, MlirType elementType);
/* Shape accessors shared by both view types and the pl types. */
MLIR_CAPI_EXPORTED intptr_t ptonzShapedGetRank(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzShapedGetDim(MlirType t, intptr_t i);
MLIR_CAPI_EXPORTED MlirType ptonzShapedGetElementType(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzDynamicDim(void);

/* #pto.layout<nd|dn|nz>; the value is exchanged as its keyword ("" if not a
 * layout). */
MLIR_CAPI_EXPORTED bool ptonzAttributeIsALayout(MlirAttribute a);
MLIR_CAPI_EXPORTED MlirAttribute ptonzLayoutAttrGet(MlirContext ctx,
                                                    MlirStringRef value);
MLIR_CAPI_EXPORTED MlirStringRef ptonzLayoutAttrGetValue(MlirAttribute a);
/* The optional layout parameter of a view type (null attribute if absent). */
MLIR_CAPI_EXPORTED MlirAttribute ptonzViewTypeGetLayout(MlirType t);

/* !pto.tile_buf<...>; enum fields are exchanged as their keyword spelling. */
MLIR_CAPI_EXPORTED bool ptonzTypeIsATileBuf(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID ptonzTileBufTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType ptonzTileBufTypeGet(
    MlirContext ctx, MlirStringRef loc, MlirType elementType, int64_t rows,
    int64_t cols, int64_t validRow, int64_t validCol, MlirStringRef blayout,
    MlirStringRef slayout, int64_t fractal, int64_t pad);
MLIR_CAPI_EXPORTED MlirStringRef ptonzTileBufTypeGetLoc(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzTileBufTypeGetRows(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzTileBufTypeGetCols(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzTileBufTypeGetValidRow(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzTileBufTypeGetValidCol(MlirType t);
MLIR_CAPI_EXPORTED MlirStringRef ptonzTileBufTypeGetBLayout(MlirType t);
MLIR_CAPI_EXPORTED MlirStringRef ptonzTileBufTypeGetSLayout(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzTileBufTypeGetFractal(MlirType t);
MLIR_CAPI_EXPORTED int64_t ptonzTileBufTypeGetPad(MlirType t);

/* !pl.tensor<...xT[, layout]> and !pl.tile<...xT, memory> */
MLIR_CAPI_EXPORTED bool ptonzTypeIsAPLTensor(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID ptonzPLTensorTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType ptonzPLTensorTypeGet(MlirContext ctx, intptr_t rank,
                                                 const int64_t *shape,
                                                 MlirType elementType,
                                                 MlirStringRef layout);
MLIR_CAPI_EXPORTED MlirStringRef ptonzPLTensorTypeGetLayout(MlirType t);
MLIR_CAPI_EXPORTED bool ptonzTypeIsAPLTile(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID ptonzPLTileTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType ptonzPLTileTypeGet(MlirContext ctx, intptr_t rank,
                                               const int64_t *shape,
                                               MlirType elementType,
                                               MlirStringRef memory);
MLIR_CAPI_EXPORTED MlirStringRef ptonzPLTileTypeGetMemory(MlirType t);

#ifdef __cplusplus
}
#endif

#endif /* PTONZ_CAPI_H */
