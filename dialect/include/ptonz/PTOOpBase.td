//===- PTOOpBase.td - operand kinds and op families -----------*- tablegen -*-===//
//
// The operand constraints of PTOAS's ops, and one class per op shape: the
// tile-compute ops of PTOAS differ in mnemonic and in what their verifier
// checks, not in syntax, so each `ins(...) outs(...)` shape is written once
// here and instantiated per op in the concern files (PTOVectorOps.td, ...).
//
// Verifiers: a family passes a C++ expression naming the checks (a
// ::ptonz::pto::TileRules value, PTOVerify.h) to one shared verifier; ops
// with rules of their own write `verify()` in C++.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_OP_BASE
#define PTONZ_PTO_OP_BASE

include "ptonz/PTOTypes.td"
include "ptonz/PTOVmiTypes.td"
include "ptonz/PTOVptoTypes.td"
include "ptonz/PTOStructTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// No C++ builders by default: ops are made by the parser and, from Python,
// from an OperationState; the few ops ptonz's C++ creates ask for builders
// (skipDefaultBuilders = 0). 186 ops x 6 builder overloads were a quarter
// of the plugin's compile time.
class PTO_Op<string mnemonic, list<Trait> traits = []> : Op<PTO_Dialect, mnemonic, traits> {
  let skipDefaultBuilders = 1;
  // ODS wants one builder: results, operands and attributes as given.
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes, "::mlir::ValueRange":$operands,
                   CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attributes), [{
      $_state.addTypes(resultTypes);
      $_state.addOperands(operands);
      $_state.addAttributes(attributes);
    }]>];
}

//===----------------------------------------------------------------------===//
// Operand kinds (as PTOAS accepts them)
//===----------------------------------------------------------------------===//

// What a tile op reads and writes: a tile_buf or partition view before
// PTOAS's memref lowering, a memref (with #pto.address_space) or tensor after.
// PTOAS 0.60's ops take no memref (PTODpsType: tensor, partition view or
// tile_buf): a memref is one only for an older target (isDpsType).
def PTO_Dps : Type<CPred<"::ptonz::pto::isDpsType($_self)">,
                   "tile_buf, partition view or tensor (memref before PTOAS 0.60)">;
// The same kinds with a memref for any target: the operands of PTOAS 0.27's
// ops that 0.60 renamed (pto.tput_async / tget_async, 0.60's
// pto.comm.tput_async / tget_async, which ptonz passes through).
def PTO_DpsOrMemRef : AnyTypeOf<[AnyRankedTensor, AnyMemRef, PTO_PartitionTensorViewType,
                                 PTO_TileBufType], "tile_buf, partition view, memref or tensor">;
def PTO_TileBufOrMemRef : AnyTypeOf<[PTO_TileBufType, AnyMemRef], "tile_buf or memref">;
def PTO_TensorViewOrMemRef : AnyTypeOf<[PTO_TensorViewType, AnyMemRef],
                                       "tensor_view or memref">;
def PTO_PtrOrMemRef : AnyTypeOf<[PTO_PtrType, AnyMemRef], "!pto.ptr or memref">;
// A GM scalar pointer: !pto.ptr<T> or a memref in GM (no or gm memory space).
def PTO_GMPointer : TypeConstraint<CPred<"::ptonz::pto::isGMPointer($_self)">,
                                   "!pto.ptr or GM memref">;
def PTO_Scalar : AnyTypeOf<[AnySignlessInteger, AnyFloat], "integer or float scalar">;

//===----------------------------------------------------------------------===//
// Shared verifier hook
//===----------------------------------------------------------------------===//

// `rules` is a C++ expression of type ::ptonz::pto::TileRules; `operands`
// lists the op's tile operands as C++ (`{{"src", getSrc()}, ...}`), the
// destination last.
class PTO_TileVerifier<string rules, string operands> {
  code verifierBody = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ptonz::pto::verifyTileOp(getOperation(), }] # rules # [{, }] # operands # [{);
    }
  }];
}

// An ins/outs tile op: pipe-ordered, reads its ins and writes its outs.
class PTO_TileOp<string mnemonic, list<Trait> traits = []> : PTO_Op<mnemonic, traits>;

// ins(%src : T) outs(%dst : T)
class PTO_UnaryOp<string mnemonic, string what, string rules = "TileRules::vecUnary()",
                  list<Trait> traits = []> : PTO_TileOp<mnemonic, traits> {
  let summary = what;
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`
    attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition =
      PTO_TileVerifier<rules, [{{{"src", getSrc()}, {"dst", getDst()}}}]>.verifierBody;
}

// ins(%src0, %src1 : T0, T1) outs(%dst : T)
class PTO_BinaryOp<string mnemonic, string what, string rules = "TileRules::vecBinary()",
                   list<Trait> traits = []> : PTO_TileOp<mnemonic, traits> {
  let summary = what;
  let arguments = (ins PTO_Dps:$src0, PTO_Dps:$src1, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = PTO_TileVerifier<rules,
      [{{{"src0", getSrc0()}, {"src1", getSrc1()}, {"dst", getDst()}}}]>.verifierBody;
}

// ins(%a, %b, %c : Ta, Tb, Tc) outs(%dst : T), with the three inputs named.
class PTO_TernaryOp<string mnemonic, string what, string a, string b, string c,
                    string rules = "TileRules::vecBinary()">
    : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = !con((ins), !dag(ins, [PTO_Dps, PTO_Dps, PTO_Dps, PTO_Dps],
                                   [a, b, c, "dst"]));
  let assemblyFormat = "`ins` `(` $" # a # " `,` $" # b # " `,` $" # c # " `:` qualified(type($"
      # a # ")) `,` qualified(type($" # b # ")) `,` qualified(type($" # c # ")) `)` "
      # "`outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict";
  let hasVerifier = 1;
  let extraClassDefinition = PTO_TileVerifier<rules,
      "{{\"" # a # "\", getOperand(0)}, {\"" # b # "\", getOperand(1)}, {\"" # c
      # "\", getOperand(2)}, {\"dst\", getDst()}}">.verifierBody;
}

// ins(%src, %x : Tsrc, Tx) outs(%dst : T): a second tile input with its own
// role (tmp, fp, idx, ...).
class PTO_SrcAndOp<string mnemonic, string what, string second,
                   string rules = "TileRules::vecUnary()", bit qualifySecond = 1>
    : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = !con((ins), !dag(ins, [PTO_Dps, PTO_Dps, PTO_Dps], ["src", second, "dst"]));
  let assemblyFormat = "`ins` `(` $src `,` $" # second # " `:` qualified(type($src)) `,` "
      # !if(qualifySecond, "qualified(type($" # second # "))", "type($" # second # ")")
      # " `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict";
  let hasVerifier = 1;
  // The second input (an index, scratch or scale tile) has its own element
  // type: the rules relate src and dst.
  let extraClassDefinition = PTO_TileVerifier<rules,
      [{{{"src", getSrc()}, {"dst", getDst()}}}]>.verifierBody;
}

// ins(%src[, %tmp] : T[, Ttmp]) outs(%dst : T): a scratch tile that PTOAS
// 0.60 makes optional (its pto-materialize-implicit-tmp plans one, except on
// A2/A3 at level3, where PlanMemory is skipped); 0.27 requires it.
class PTO_SrcOptTmpOp<string mnemonic, string what, string rules,
                      string extraCheck = "::mlir::success()">
    : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = (ins PTO_Dps:$src, Optional<PTO_Dps>:$tmp, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src (`,` $tmp^)? `:` qualified(type($src)) (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (failed(::ptonz::pto::verifyImplicitTmp(getOperation(), getTmp())))
        return ::mlir::failure();
      if (failed(::ptonz::pto::verifyTileOp(getOperation(), }] # rules # [{,
                                        {{"src", getSrc()}, {"dst", getDst()}})))
        return ::mlir::failure();
      return }] # extraCheck # [{;
    }
  }];
}

// ins(%src, %scalar : T, S) outs(%dst : T)
class PTO_TileScalarOp<string mnemonic, string what, Type scalar = PTO_Scalar,
                       string rules = "TileRules::vecUnary()"> : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = (ins PTO_Dps:$src, scalar:$scalar, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition =
      PTO_TileVerifier<rules, [{{{"src", getSrc()}, {"dst", getDst()}}}]>.verifierBody;
}

// ins(%src0, %scalar, %src1 : T, S, T) outs(%dst : T)
class PTO_TileScalarTileOp<string mnemonic, string what> : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = (ins PTO_Dps:$src0, PTO_Scalar:$scalar, PTO_Dps:$src1, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $scalar `,` $src1 `:` qualified(type($src0)) `,` type($scalar) `,`
    qualified(type($src1)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = PTO_TileVerifier<"TileRules::vecBinary()",
      [{{{"src0", getSrc0()}, {"src1", getSrc1()}, {"dst", getDst()}}}]>.verifierBody;
}

// ins(%src, %scalar, %tmp : T, S, T) outs(%dst : T)
class PTO_TileScalarTmpOp<string mnemonic, string what, Type scalar = PTO_Scalar,
                          string extraCheck = "::mlir::success()">
    : PTO_TileOp<mnemonic, []> {
  let summary = what;
  // The tmp is optional from PTOAS 0.60 on (it plans one; see verifyImplicitTmp).
  let arguments = (ins PTO_Dps:$src, scalar:$scalar, Optional<PTO_Dps>:$tmp, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar (`,` $tmp^)? `:` qualified(type($src)) `,` type($scalar)
    (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifyImplicitTmp(getOperation(), getTmp())))
        return ::mlir::failure();
      if (::mlir::failed(::ptonz::pto::verifyTileOp(getOperation(),
          ::ptonz::pto::TileRules::vecUnary(), {{"src", getSrc()}, {"dst", getDst()}})))
        return ::mlir::failure();
      return }] # extraCheck # [{;
    }
  }];
}

// ins(%src0, %src1[, %tmp] : T0, T1[, Ttmp]) outs(%dst : T): elementwise
// binary ops with a scratch tile that PTOAS 0.60 makes optional (and checks
// by its own per-op rules; 0.27 requires it, like the data tiles).
class PTO_BinaryOptTmpOp<string mnemonic, string what> : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = (ins PTO_Dps:$src0, PTO_Dps:$src1, Optional<PTO_Dps>:$tmp, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1))
    (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

// ins(%src0, %src1[, %tmp] : T0, T1[, Ttmp]) outs(%dst : T): row-wise
// broadcast ops whose pto-isa call has an optional scratch tile.
// `tmpContract`: PTOAS 0.60's A2/A3 tmp contract (verifyRowExpandTmp), which
// trowexpandexpdif does not have; `precision`: the mnemonic of the op's
// `precisionType` enum, whose high_precision needs a tmp (verifyPrecisionTmp).
class PTO_RowExpandBinaryOp<string mnemonic, string what,
                            string rules = "TileRules::rowExpandBinary()",
                            bit tmpContract = 1, string precision = "">
    : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = (ins PTO_Dps:$src0, PTO_Dps:$src1, Optional<PTO_Dps>:$tmp, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1))
    (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifyTileOp(getOperation(), }] # rules # [{,
              {{"src0", getSrc0()}, {"src1", getSrc1()}, {"dst", getDst()}})))
        return ::mlir::failure();
      }] # !if(!empty(precision), "", [{
      if (::mlir::failed(::ptonz::pto::verifyPrecisionTmp(getOperation(), "}] # precision # [{",
                                                          getTmp())))
        return ::mlir::failure();
      }]) # !if(tmpContract, [{
      return ::ptonz::pto::verifyRowExpandTmp(getOperation(), getSrc0(), getSrc1(),
                                              getTmp(), getDst());
      }], [{
      return ::mlir::success();
      }]) # [{
    }
  }];
}

// The matmul family: ins(<inputs> : <types>) outs(%dst : T) [-> tensor].
class PTO_MatmulOp<string mnemonic, string what, dag inputs, string format, string check>
    : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = !con(inputs, (ins PTO_Dps:$dst));
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = "`ins` `(` " # format # " `)` `outs` `(` $dst `:` qualified(type($dst)) `)`"
      # " attr-dict (`->` qualified(type($result))^)?";
  let hasVerifier = 1;
  let extraClassDefinition = "::mlir::LogicalResult $cppClass::verify() { return " # check # "; }";
}

#endif // PTONZ_PTO_OP_BASE
