//===- LaunchQuery.td - ops bounded by the kernel launch ----*- tablegen -*-===//
//
// The traits of a launch query (ptonz/LaunchQuery.h), shared by the pto and
// pl dialects: its range comes from the launch (InferIntRangeInterface),
// and the LaunchQuery trait says that the program does not bound it.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_LAUNCH_QUERY
#define PTONZ_LAUNCH_QUERY

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ptonz_LaunchQuery : NativeOpTrait<"LaunchQuery"> {
  let cppNamespace = "::ptonz::OpTrait";
}

defvar Ptonz_LaunchQueryTraits = [Pure, Ptonz_LaunchQuery,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>];

/// The range inference of a launch query whose least value is `lowest`
/// (0: an index, 1: a count).
class Ptonz_LaunchRange<int lowest> {
  code definition = [{
    void $cppClass::inferResultRanges(::llvm::ArrayRef<::mlir::ConstantIntRanges>,
                                      ::mlir::SetIntRangeFn setResultRange) {
      setResultRange(getResult(), ::ptonz::launchQueryRange(getResult(), }] #
      !cast<string>(lowest) # [{));
    }
  }];
}

#endif // PTONZ_LAUNCH_QUERY
