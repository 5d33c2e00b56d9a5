//===- IntRanges.cpp - `_ptonz.IntRanges`: value ranges for the passes ----===//
//
// The Python face of ptonz::ValueRanges (dialect/lib/IntRanges.cpp): one
// solver run per function, then one call per value.
//
//===----------------------------------------------------------------------===//

#include "Builders.h"
#include "ptonz/IntRanges.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "mlir/CAPI/IR.h"
#include "llvm/ADT/SmallString.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

namespace {
nb::object toPy(const llvm::APInt &v, bool isSigned) {
  if (v.getBitWidth() <= 64)
    return isSigned ? nb::object(nb::int_(v.getSExtValue()))
                    : nb::object(nb::int_(v.getZExtValue()));
  llvm::SmallString<48> text; // wider than 64 bits: through the decimal text
  v.toString(text, 10, isSigned);
  return nb::module_::import_("builtins").attr("int")(nb::str(text.c_str()));
}
} // namespace

void ptonz::populateIntRanges(nb::module_ &m) {
  m.attr("MAX_BLOCK_NUM") = ptonz::kMaxBlockNum;
  nb::class_<ptonz::ValueRanges>(m, "IntRanges",
                                 "Integer ranges of a function's values (MLIR's range "
                                 "inference); valid until its IR changes.")
      .def("__init__",
           [](ptonz::ValueRanges *self, MlirOperation op, bool dataflow, bool singleLaunch) {
             new (self) ptonz::ValueRanges(unwrap(op), dataflow, singleLaunch);
           },
           nb::arg("op"), nb::arg("dataflow") = false, nb::arg("single_launch") = false,
           "Ranges of the values under `op` (a function): demand-driven and memoised, or "
           "with `dataflow` from MLIR's DataFlowSolver run once over every op. With "
           "`single_launch`, in a launch of one block (block idx 0, block num 1) instead of "
           "any launch of up to MAX_BLOCK_NUM blocks.")
      .def(
          "get",
          [](ptonz::ValueRanges &r, MlirValue value)
              -> std::optional<std::tuple<unsigned, nb::object, nb::object, nb::object,
                                          nb::object>> {
            auto range = r.get(unwrap(value));
            if (!range)
              return std::nullopt;
            return std::make_tuple(range->smin().getBitWidth(), toPy(range->smin(), true),
                                   toPy(range->smax(), true), toPy(range->umin(), false),
                                   toPy(range->umax(), false));
          },
          nb::arg("value"),
          "(bits, smin, smax, umin, umax) of an integer or index value at its own bit "
          "width (index: 64), or None when nothing is known of it.")
      .def_static(
          "assumptions",
          [](MlirValue value) {
            std::vector<MlirValue> out;
            for (mlir::Value v : ptonz::ValueRanges::assumptions(unwrap(value)))
              out.push_back(wrap(v));
            return out;
          },
          nb::arg("value"),
          "The values in `value`'s backward slice whose range the program does not determine "
          "(launch queries, function arguments, results of ops without range inference).");
}
