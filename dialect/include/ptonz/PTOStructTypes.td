//===- PTOStructTypes.td - PTOAS 0.60's stack-local struct ----*- tablegen -*-===//
//
// `!pto.struct<T0, T1, ...>` (PTOAS include/PTO/IR/PTOTypeDefs.td,
// StructType): a struct of scalars on the stack of the function that
// declares it (pto.declare_struct), lowered to a pointer to that storage.
// ptonz keeps its ops (declare_struct, struct_get, struct_set) verbatim; it
// reads the type so that it checks what PTOAS 0.60 checks of its fields, and
// prints it as PTOAS 0.60 does (PTOStructTypes.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_STRUCT_TYPES
#define PTONZ_PTO_STRUCT_TYPES

include "ptonz/PTOTypes.td"

def PTO_StructType : PTO_Type<"Struct", "struct"> {
  let summary = "a stack-local struct of scalars (PTOAS >= 0.60)";
  let description = [{
    `!pto.struct<f32, i8>`, `!pto.struct<!pto.struct<f32, i8>, i16>`: at
    least one field, each an 8/16/32/64-bit integer (signless, signed or
    unsigned), f16, bf16, f32, f64 or a nested struct.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "field types">:$fieldTypes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getNumFields() const { return getFieldTypes().size(); }
  }];
}

#endif // PTONZ_PTO_STRUCT_TYPES
