//===- PLDialect.td - the program-level `pl` dialect ----------*- tablegen -*-===//
//
// The PyPTO-level view of a kernel: tensors keep their logical shape and carry
// a layout annotation that asserts how the bytes already sit in GM.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PL_DIALECT
#define PTONZ_PL_DIALECT

include "mlir/IR/OpBase.td"

def PL_Dialect : Dialect {
  let name = "pl";
  let cppNamespace = "::ptonz::pl";
  let summary = "Program-level tensors and tiles with logical shapes";
  let description = [{
    `!pl.tensor<ExRxCxT, nz>` is a GM tensor with its logical shape; the
    layout (nd by default, dn, nz) is an assertion about the bytes already in
    GM, not a request to convert them. `pl.tile.load` slices it with logical
    coordinates into tiles, `pl.tile.matmul` / `pl.tile.matmul_acc` multiply
    mat tiles into acc tiles, `pl.tile.store` writes a tile back.
    `convert-pl-to-pto` lowers this dialect to logical `pto`.
  }];
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;

  private:
    /// The types parseType parsed, by their text.
    mutable ::ptonz::ParsedTypes parsedTypes;
  public:
  }];
}

#endif // PTONZ_PL_DIALECT
