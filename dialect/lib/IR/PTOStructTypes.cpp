//===- PTOStructTypes.cpp - !pto.struct: PTOAS 0.60 syntax and rules ------===//
//
// Facts: PTOAS 0.60 lib/PTO/IR/PTO.cpp (tonibohnlein/PTOAS e32488c9),
// StructType::parse / print / verify and isStructStorable.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOBase.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace ptonz::pto;

/// `<T0, T1, ...>`, each field a type.
Type StructType::parse(AsmParser &p) {
  SmallVector<Type> fields;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                [&]() -> ParseResult {
                                  Type t;
                                  if (p.parseType(t))
                                    return failure();
                                  fields.push_back(t);
                                  return success();
                                }))
    return {};
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(),
                    ArrayRef<Type>(fields));
}

/// As PTOAS prints it: `<f32, i8>`.
void StructType::print(AsmPrinter &p) const {
  p << '<';
  llvm::interleaveComma(getFieldTypes(), p, [&](Type t) { p.printType(t); });
  p << '>';
}

/// A field PTOAS can store and reach with a C++ member access: an 8-, 16-,
/// 32- or 64-bit integer of any signedness, f16, bf16, f32, f64, or a nested
/// struct.
static bool isStructStorable(Type t) {
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type, StructType>(t))
    return true;
  auto i = dyn_cast<IntegerType>(t);
  return i && llvm::is_contained({8u, 16u, 32u, 64u}, i.getWidth());
}

LogicalResult StructType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<Type> fields) {
  if (fields.empty())
    return emitError() << "'!pto.struct' requires at least one field (write "
                          "!pto.struct<T, ...>)";
  for (auto [i, f] : llvm::enumerate(fields))
    if (!isStructStorable(f))
      return emitError()
             << "'!pto.struct' field " << i << " type " << f
             << " is not scalar-storable; only i8/i16/i32/i64 (signed, "
                "unsigned or signless), f16/bf16/f32/f64, or a nested "
                "!pto.struct are allowed (!pto.local_array cannot be a field "
                "because emitc.member cannot yield an array lvalue; tile_buf / "
                "tensor_view belong to the vec/cube world): store such a "
                "value elsewhere and keep an index or a scalar in the struct";
  return success();
}
