//===- CAPI.cpp - C API of the ptonz dialects -----------------------------===//

#include "ptonz/CAPI.h"
#include "ptonz/PL.h"
#include "ptonz/PTOBase.h"
#include "ptonz/PTOPassThroughRules.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;
using namespace ptonz;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(PTO, pto, ptonz::pto::PTODialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(PL, pl, ptonz::pl::PLDialect)

//===--- PTOAS target and printing
//------------------------------------------===//

/// The target `arch`, `level`, release and backend name (the release
/// unchanged from `base` when versionMajor < 0, the backend when `backend`
/// is empty); nullopt for an unknown name. A backend named is `given`.
static std::optional<pto::PtoasTarget>
parseTarget(pto::PtoasTarget base, MlirStringRef arch, MlirStringRef level,
            int versionMajor, int versionMinor, MlirStringRef backend,
            bool given) {
  StringRef a = unwrap(arch), l = unwrap(level), b = unwrap(backend);
  if (a != "a3" && a != "a5")
    return std::nullopt;
  if (l == "level1")
    base.level = pto::BuildLevel::level1;
  else if (l == "level2")
    base.level = pto::BuildLevel::level2;
  else if (l == "level3")
    base.level = pto::BuildLevel::level3;
  else
    return std::nullopt;
  base.arch = a == "a5" ? pto::TargetArch::a5 : pto::TargetArch::a3;
  if (versionMajor >= 0)
    base.version = {versionMajor, versionMinor};
  if (!b.empty()) {
    // ptoas reads the backend in any case (driver.cpp parseDriverBackend).
    if (b.equals_insensitive("emitc"))
      base.backend = pto::Backend::emitc;
    else if (b.equals_insensitive("vpto"))
      base.backend = pto::Backend::vpto;
    else
      return std::nullopt;
    base.backendGiven = given;
  }
  return base;
}

bool ptonzPTOSetTarget(MlirContext ctx, MlirStringRef arch, MlirStringRef level,
                       int versionMajor, int versionMinor,
                       MlirStringRef backend) {
  auto *dialect = unwrap(ctx)->getOrLoadDialect<pto::PTODialect>();
  pto::PtoasTarget current{dialect->getTargetArch(), dialect->getBuildLevel(),
                           dialect->getPtoasVersion(), dialect->getBackend(),
                           dialect->isBackendGiven()};
  auto target = parseTarget(current, arch, level, versionMajor, versionMinor,
                            backend, /*given=*/true);
  if (!target)
    return false;
  dialect->setTargetArch(target->arch);
  dialect->setBuildLevel(target->level);
  dialect->setPtoasVersion(target->version);
  dialect->setBackend(target->backend, target->backendGiven);
  return true;
}

bool ptonzPTOSetDefaultTarget(MlirStringRef arch, MlirStringRef level,
                              int versionMajor, int versionMinor,
                              MlirStringRef backend) {
  auto target = parseTarget(pto::PTODialect::getDefaultTarget(), arch, level,
                            versionMajor, versionMinor, backend,
                            /*given=*/false);
  if (target)
    pto::PTODialect::setDefaultTarget(*target);
  return target.has_value();
}

MlirStringRef ptonzPTOGetBackend(MlirContext ctx, bool *given) {
  auto *dialect = unwrap(ctx)->getOrLoadDialect<pto::PTODialect>();
  *given = dialect->isBackendGiven();
  return mlirStringRefCreateFromCString(
      dialect->getBackend() == pto::Backend::vpto ? "vpto" : "emitc");
}

void ptonzPTOSetEmitsPtoIr(MlirContext ctx, bool emits) {
  unwrap(ctx)->getOrLoadDialect<pto::PTODialect>()->setEmitsPtoIr(emits);
}

bool ptonzPTOVerifyModuleRules(MlirOperation module) {
  Operation *op = unwrap(module);
  return succeeded(pto::verifyPassThroughOps(op)) &&
         succeeded(pto::verifyBackendLowering(op)) &&
         succeeded(pto::verifyEntryRecursion(op));
}

bool ptonzPTOVerifyEntryRecursion(MlirOperation module) {
  return succeeded(pto::verifyEntryRecursion(unwrap(module)));
}

void ptonzPTOGetPtoasVersion(MlirContext ctx, int *versionMajor,
                             int *versionMinor) {
  auto version =
      unwrap(ctx)->getOrLoadDialect<pto::PTODialect>()->getPtoasVersion();
  *versionMajor = version.first;
  *versionMinor = version.second;
}

MlirStringRef ptonzPTOGetBuildLevel(MlirContext ctx) {
  switch (pto::buildLevelOf(unwrap(ctx))) {
  case pto::BuildLevel::level1:
    return mlirStringRefCreateFromCString("level1");
  case pto::BuildLevel::level3:
    return mlirStringRefCreateFromCString("level3");
  case pto::BuildLevel::level2:
    break;
  }
  return mlirStringRefCreateFromCString("level2");
}

void ptonzPTOSetTileBufKeyedForm(MlirContext ctx, bool keyed) {
  unwrap(ctx)->getOrLoadDialect<pto::PTODialect>()->setPrintKeyedTileBuf(keyed);
}

//===--- !pto.ptr
//-----------------------------------------------------------===//

bool ptonzTypeIsAPtr(MlirType t) { return isa<pto::PtrType>(unwrap(t)); }
MlirTypeID ptonzPtrTypeGetTypeID(void) {
  return wrap(pto::PtrType::getTypeID());
}
MlirType ptonzPtrTypeGet(MlirType elem) {
  return wrap(pto::PtrType::get(unwrap(elem)));
}
MlirType ptonzPtrTypeGetElementType(MlirType t) {
  return wrap(cast<pto::PtrType>(unwrap(t)).getElementType());
}

//===--- views
//---------------------------------------------------------------===//

bool ptonzTypeIsATensorView(MlirType t) {
  return isa<pto::TensorViewType>(unwrap(t));
}
MlirTypeID ptonzTensorViewTypeGetTypeID(void) {
  return wrap(pto::TensorViewType::getTypeID());
}
MlirType ptonzTensorViewTypeGet(MlirContext, intptr_t rank,
                                const int64_t *shape, MlirType elem) {
  return wrap(
      pto::TensorViewType::get(ArrayRef<int64_t>(shape, rank), unwrap(elem)));
}
bool ptonzTypeIsAPartitionTensorView(MlirType t) {
  return isa<pto::PartitionTensorViewType>(unwrap(t));
}
MlirTypeID ptonzPartitionTensorViewTypeGetTypeID(void) {
  return wrap(pto::PartitionTensorViewType::getTypeID());
}
MlirType ptonzPartitionTensorViewTypeGet(MlirContext, intptr_t rank,
                                         const int64_t *shape, MlirType elem) {
  return wrap(pto::PartitionTensorViewType::get(ArrayRef<int64_t>(shape, rank),
                                                unwrap(elem)));
}

static ArrayRef<int64_t> shapeOf(Type t) {
  if (auto v = dyn_cast<pto::TensorViewType>(t))
    return v.getShape();
  if (auto v = dyn_cast<pto::PartitionTensorViewType>(t))
    return v.getShape();
  if (auto v = dyn_cast<pl::TensorType>(t))
    return v.getShape();
  if (auto v = dyn_cast<pl::TileType>(t))
    return v.getShape();
  return {};
}

intptr_t ptonzShapedGetRank(MlirType t) { return shapeOf(unwrap(t)).size(); }
int64_t ptonzShapedGetDim(MlirType t, intptr_t i) {
  return shapeOf(unwrap(t))[i];
}
MlirType ptonzShapedGetElementType(MlirType t) {
  Type ty = unwrap(t);
  if (auto v = dyn_cast<pto::TensorViewType>(ty))
    return wrap(v.getElementType());
  if (auto v = dyn_cast<pto::PartitionTensorViewType>(ty))
    return wrap(v.getElementType());
  if (auto v = dyn_cast<pl::TensorType>(ty))
    return wrap(v.getElementType());
  if (auto v = dyn_cast<pl::TileType>(ty))
    return wrap(v.getElementType());
  if (auto v = dyn_cast<pto::TileBufType>(ty))
    return wrap(v.getElementType());
  return {nullptr};
}
int64_t ptonzDynamicDim(void) { return ShapedType::kDynamic; }

//===--- #pto.layout
//------------------------------------------------------------===//

bool ptonzAttributeIsALayout(MlirAttribute a) {
  return isa<pto::LayoutAttr>(unwrap(a));
}
MlirAttribute ptonzLayoutAttrGet(MlirContext ctx, MlirStringRef value) {
  auto v = pto::symbolizeLayout(unwrap(value));
  if (!v)
    return {nullptr};
  return wrap(pto::LayoutAttr::get(unwrap(ctx), *v));
}
MlirStringRef ptonzLayoutAttrGetValue(MlirAttribute a) {
  if (auto l = dyn_cast_or_null<pto::LayoutAttr>(unwrap(a)))
    return wrap(pto::stringifyLayout(l.getValue()));
  return wrap(StringRef());
}
MlirAttribute ptonzViewTypeGetLayout(MlirType t) {
  Type ty = unwrap(t);
  if (auto v = dyn_cast<pto::TensorViewType>(ty))
    return wrap(v.getLayout());
  if (auto v = dyn_cast<pto::PartitionTensorViewType>(ty))
    return wrap(v.getLayout());
  return {nullptr};
}

//===--- !pto.tile_buf
//---------------------------------------------------------===//

bool ptonzTypeIsATileBuf(MlirType t) {
  return isa<pto::TileBufType>(unwrap(t));
}
MlirTypeID ptonzTileBufTypeGetTypeID(void) {
  return wrap(pto::TileBufType::getTypeID());
}

MlirType ptonzTileBufTypeGet(MlirContext ctx, MlirStringRef loc, MlirType elem,
                             int64_t rows, int64_t cols, int64_t validRow,
                             int64_t validCol, MlirStringRef blayout,
                             MlirStringRef slayout, int64_t fractal,
                             int64_t pad) {
  auto l = pto::symbolizeAddressSpace(unwrap(loc));
  auto b = pto::symbolizeBLayout(unwrap(blayout));
  auto s = pto::symbolizeSLayout(unwrap(slayout));
  if (!l || !b || !s)
    return {nullptr};
  return wrap(pto::TileBufType::getChecked(
      [&] { return emitError(UnknownLoc::get(unwrap(ctx))); }, unwrap(ctx), *l,
      unwrap(elem), rows, cols, validRow, validCol, *b, *s, fractal, pad,
      int64_t(0)));
}

static pto::TileBufType tb(MlirType t) {
  return cast<pto::TileBufType>(unwrap(t));
}
MlirStringRef ptonzTileBufTypeGetLoc(MlirType t) {
  return wrap(pto::stringifyAddressSpace(tb(t).getLoc()));
}
int64_t ptonzTileBufTypeGetRows(MlirType t) { return tb(t).getRows(); }
int64_t ptonzTileBufTypeGetCols(MlirType t) { return tb(t).getCols(); }
int64_t ptonzTileBufTypeGetValidRow(MlirType t) { return tb(t).getValidRow(); }
int64_t ptonzTileBufTypeGetValidCol(MlirType t) { return tb(t).getValidCol(); }
MlirStringRef ptonzTileBufTypeGetBLayout(MlirType t) {
  return wrap(pto::stringifyBLayout(tb(t).getBlayout()));
}
MlirStringRef ptonzTileBufTypeGetSLayout(MlirType t) {
  return wrap(pto::stringifySLayout(tb(t).getSlayout()));
}
int64_t ptonzTileBufTypeGetFractal(MlirType t) { return tb(t).getFractal(); }
int64_t ptonzTileBufTypeGetPad(MlirType t) { return tb(t).getPad(); }

//===--- pl
//----------------------------------------------------------------------===//

bool ptonzTypeIsAPLTensor(MlirType t) { return isa<pl::TensorType>(unwrap(t)); }
MlirTypeID ptonzPLTensorTypeGetTypeID(void) {
  return wrap(pl::TensorType::getTypeID());
}
MlirType ptonzPLTensorTypeGet(MlirContext ctx, intptr_t rank,
                              const int64_t *shape, MlirType elem,
                              MlirStringRef layout) {
  auto l = pl::symbolizeLayout(unwrap(layout));
  if (!l)
    return {nullptr};
  return wrap(pl::TensorType::getChecked(
      [&] { return emitError(UnknownLoc::get(unwrap(ctx))); }, unwrap(ctx),
      ArrayRef<int64_t>(shape, rank), unwrap(elem), *l));
}
MlirStringRef ptonzPLTensorTypeGetLayout(MlirType t) {
  return wrap(pl::stringifyLayout(cast<pl::TensorType>(unwrap(t)).getLayout()));
}
bool ptonzTypeIsAPLTile(MlirType t) { return isa<pl::TileType>(unwrap(t)); }
MlirTypeID ptonzPLTileTypeGetTypeID(void) {
  return wrap(pl::TileType::getTypeID());
}
MlirType ptonzPLTileTypeGet(MlirContext ctx, intptr_t rank,
                            const int64_t *shape, MlirType elem,
                            MlirStringRef memory) {
  auto m = pl::symbolizeMemory(unwrap(memory));
  if (!m)
    return {nullptr};
  return wrap(pl::TileType::getChecked(
      [&] { return emitError(UnknownLoc::get(unwrap(ctx))); }, unwrap(ctx),
      ArrayRef<int64_t>(shape, rank), unwrap(elem), *m));
}
MlirStringRef ptonzPLTileTypeGetMemory(MlirType t) {
  return wrap(pl::stringifyMemory(cast<pl::TileType>(unwrap(t)).getMemory()));
}
