//===- PTOCubeOps.td - cube (matrix) unit ops -----------------*- tablegen -*-===//
//
// Matrix multiplies (left x right -> acc, with accumulate, bias and mx scale
// variants; gemv for one-row left operands) and the moves between the cube
// buffers (mat -> left/right/bias/scaling, acc -> mat/vec, sub-tile
// extract/insert).
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_CUBE_OPS
#define PTONZ_PTO_CUBE_OPS

include "ptonz/PTOOpBase.td"

//===----------------------------------------------------------------------===//
// Matmul and gemv
//===----------------------------------------------------------------------===//

// The operand lists of the family (names as PTOAS's).
defvar MM_LhsRhs = (ins PTO_Dps:$lhs, PTO_Dps:$rhs);
defvar MM_LhsRhsFmt = "$lhs `,` $rhs `:` qualified(type($lhs)) `,` qualified(type($rhs))";
defvar MM_Acc = (ins PTO_Dps:$acc_in, PTO_Dps:$lhs, PTO_Dps:$rhs);
defvar MM_AccFmt = "$acc_in `,` $lhs `,` $rhs `:` qualified(type($acc_in)) `,` "
                   "qualified(type($lhs)) `,` qualified(type($rhs))";
defvar MM_Bias = (ins PTO_Dps:$a, PTO_Dps:$b, PTO_Dps:$bias);
defvar MM_BiasFmt = "$a `,` $b `,` $bias `:` qualified(type($a)) `,` qualified(type($b)) `,` "
                    "qualified(type($bias))";
defvar MM_Mx = (ins PTO_Dps:$a, PTO_Dps:$a_scale, PTO_Dps:$b, PTO_Dps:$b_scale);
defvar MM_MxFmt = "$a `,` $a_scale `,` $b `,` $b_scale `:` type($a) `,` type($a_scale) `,` "
                  "type($b) `,` type($b_scale)";
defvar MM_MxAcc = (ins PTO_Dps:$c_in, PTO_Dps:$a, PTO_Dps:$a_scale, PTO_Dps:$b,
                       PTO_Dps:$b_scale);
defvar MM_MxAccFmt = "$c_in `,` $a `,` $a_scale `,` $b `,` $b_scale `:` type($c_in) `,` "
                     "type($a) `,` type($a_scale) `,` type($b) `,` type($b_scale)";
defvar MM_MxBias = (ins PTO_Dps:$a, PTO_Dps:$a_scale, PTO_Dps:$b, PTO_Dps:$b_scale,
                        PTO_Dps:$bias);
defvar MM_MxBiasFmt = "$a `,` $a_scale `,` $b `,` $b_scale `,` $bias `:` type($a) `,` "
                      "type($a_scale) `,` type($b) `,` type($b_scale) `,` qualified(type($bias))";

// verifyMatmul(op, kind, lhs, rhs, dst, acc_in, bias, lhs_scale, rhs_scale)
class MM_Check<string kind, string lhs, string rhs, string acc = "nullptr",
               string bias = "nullptr", string ascale = "nullptr", string bscale = "nullptr"> {
  string check = "::ptonz::pto::verifyMatmul(getOperation(), ::ptonz::pto::MatmulKind::" # kind
      # ", " # lhs # ", " # rhs # ", getDst(), " # acc # ", " # bias # ", " # ascale # ", "
      # bscale # ")";
}

def PTO_TMatmulOp : PTO_MatmulOp<"tmatmul", "dst[M,N] = lhs[M,K] x rhs[K,N] (left x right -> acc)",
    MM_LhsRhs, MM_LhsRhsFmt, MM_Check<"matmul", "getLhs()", "getRhs()">.check>;
def PTO_TMatmulAccOp : PTO_MatmulOp<"tmatmul.acc", "dst[M,N] = acc_in[M,N] + lhs[M,K] x rhs[K,N]",
    MM_Acc, MM_AccFmt, MM_Check<"matmul", "getLhs()", "getRhs()", "getAccIn()">.check>;
def PTO_TMatmulBiasOp : PTO_MatmulOp<"tmatmul.bias", "dst[M,N] = a[M,K] x b[K,N] + bias[1,N]",
    MM_Bias, MM_BiasFmt, MM_Check<"matmul", "getA()", "getB()", "nullptr", "getBias()">.check>;
def PTO_TMatmulMxOp : PTO_MatmulOp<"tmatmul.mx", "matmul of mx (scaled) operands",
    MM_Mx, MM_MxFmt,
    MM_Check<"mx", "getA()", "getB()", "nullptr", "nullptr", "getAScale()", "getBScale()">.check>;
def PTO_TMatmulMxAccOp : PTO_MatmulOp<"tmatmul.mx.acc", "accumulating matmul of mx operands",
    MM_MxAcc, MM_MxAccFmt,
    MM_Check<"mx", "getA()", "getB()", "getCIn()", "nullptr", "getAScale()", "getBScale()">.check>;
def PTO_TMatmulMxBiasOp : PTO_MatmulOp<"tmatmul.mx.bias", "matmul of mx operands plus bias",
    MM_MxBias, MM_MxBiasFmt,
    MM_Check<"mx", "getA()", "getB()", "nullptr", "getBias()", "getAScale()", "getBScale()">.check>;

def PTO_TGemvOp : PTO_MatmulOp<"tgemv", "dst[1,N] = lhs[1,K] x rhs[K,N]",
    MM_LhsRhs, MM_LhsRhsFmt, MM_Check<"gemv", "getLhs()", "getRhs()">.check>;
def PTO_TGemvAccOp : PTO_MatmulOp<"tgemv.acc", "dst[1,N] = acc_in + lhs[1,K] x rhs[K,N]",
    MM_Acc, MM_AccFmt, MM_Check<"gemv", "getLhs()", "getRhs()", "getAccIn()">.check>;
def PTO_TGemvBiasOp : PTO_MatmulOp<"tgemv.bias", "dst[1,N] = a[1,K] x b[K,N] + bias[1,N]",
    MM_Bias, MM_BiasFmt, MM_Check<"gemv", "getA()", "getB()", "nullptr", "getBias()">.check>;
def PTO_TGemvMxOp : PTO_MatmulOp<"tgemv.mx", "gemv of mx (scaled) operands (A5)",
    MM_Mx, MM_MxFmt,
    MM_Check<"gemvMx", "getA()", "getB()", "nullptr", "nullptr", "getAScale()",
             "getBScale()">.check>;
def PTO_TGemvMxAccOp : PTO_MatmulOp<"tgemv.mx.acc", "accumulating gemv of mx operands (A5)",
    MM_MxAcc, MM_MxAccFmt,
    MM_Check<"gemvMx", "getA()", "getB()", "getCIn()", "nullptr", "getAScale()",
             "getBScale()">.check>;
def PTO_TGemvMxBiasOp : PTO_MatmulOp<"tgemv.mx.bias", "gemv of mx operands plus bias (A5)",
    MM_MxBias, MM_MxBiasFmt,
    MM_Check<"gemvMx", "getA()", "getB()", "nullptr", "getBias()", "getAScale()",
             "getBScale()">.check>;

//===----------------------------------------------------------------------===//
// Moves between cube buffers
//===----------------------------------------------------------------------===//

// PTOAS 0.60: a third tile outside the scaling space is the scratch of an A5
// X-to-ZZ move of MX exponents (ND or, grpAxis = axis0, DN into ZZ boxes).
def PTO_TMovOp : PTO_TileOp<"tmov", [AttrSizedOperandSegments]> {
  let summary = "move a tile between on-chip buffers (mat->left/right/bias, acc->mat/vec, ...)";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$dst, Optional<PTO_Dps>:$fp,
                       Optional<I64>:$preQuantScalar,
                       OptionalAttr<PTO_AccToVecModeAttr>:$accToVecMode,
                       DefaultValuedAttr<PTO_ReluPreModeAttr,
                                         "::ptonz::pto::ReluPreMode::no_relu">:$reluPreMode,
                       OptionalAttr<PTO_MxGroupAxisAttr>:$grpAxis);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) (`,` $fp^ `:` qualified(type($fp)))?
    (`,` $preQuantScalar^ `:` type($preQuantScalar))? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict (`->` qualified(type($result))^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// PTOAS's syntax cannot write a preQuantScalar without an fp tile: both
    /// are `, %x : T` after the source and the parser takes the first for fp.
    /// Such a tmov prints in the generic form (as PTOAS's own tests write it).
    static ::mlir::OperationName::PrintAssemblyFn getPrintAssemblyFn();
  }];
}

def PTO_TMovFPOp : PTO_SrcAndOp<"tmov.fp",
    "move an acc tile to mat converting it with quantization parameters from an fp tile",
    "fp", "TileRules::none()"> {
  let extraClassDefinition = ""; // verify() in C++
}

def PTO_TGetScaleAddrOp : PTO_UnaryOp<"tget_scale_addr",
    "bind a scaling tile to the scale address of a source tile", "TileRules::none()"> {
  let extraClassDefinition = ""; // verify() in C++
}

// ins(%src[, %fp], %row, %col : ...) outs(%dst : T)
class PTO_SubTileOp<string mnemonic, string what, bit withFp> : PTO_TileOp<mnemonic, []> {
  let summary = what;
  let arguments = !if(withFp,
      (ins PTO_Dps:$src, PTO_Dps:$fp, Index:$indexRow, Index:$indexCol, PTO_Dps:$dst),
      (ins PTO_Dps:$src, Index:$indexRow, Index:$indexCol, PTO_Dps:$dst));
  let assemblyFormat = "`ins` `(` $src `,` " # !if(withFp, "$fp `,` ", "")
      # "$indexRow `,` $indexCol `:` qualified(type($src)) `,` "
      # !if(withFp, "qualified(type($fp)) `,` ", "")
      # "type($indexRow) `,` type($indexCol) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`"
      # " attr-dict";
  let hasVerifier = 1;
}
// PTOAS 0.60 adds optional acc-source conversions to textract and tinsert:
// an fp (scaling) tile, a preQuantScalar, accToVecMode and reluPreMode
// (tinsert also tinsertMode); 0.27 parses the base form only, and the
// verifiers refuse the additions below 0.60.
class PTO_AccSubTileOp<string mnemonic, string what, dag extraAttrs, string fmt>
    : PTO_TileOp<mnemonic, [AttrSizedOperandSegments]> {
  let summary = what;
  let arguments = !con(
      (ins PTO_Dps:$src, Index:$indexRow, Index:$indexCol, PTO_Dps:$dst,
           Optional<PTO_Dps>:$fp, Optional<I64>:$preQuantScalar,
           OptionalAttr<PTO_AccToVecModeAttr>:$accToVecMode,
           DefaultValuedAttr<PTO_ReluPreModeAttr,
                             "::ptonz::pto::ReluPreMode::no_relu">:$reluPreMode),
      extraAttrs);
  let assemblyFormat = fmt;
  let hasVerifier = 1;
}
def PTO_TExtractOp : PTO_AccSubTileOp<"textract",
    "extract the sub-tile at (indexRow, indexCol) of src into dst", (ins), [{
    `ins` `(` $src `,` $indexRow `,` $indexCol (`,` $preQuantScalar^)? `:`
    qualified(type($src)) `,` type($indexRow) `,` type($indexCol)
    (`,` type($preQuantScalar)^)? (`fp` $fp^ `:` qualified(type($fp)))? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }]>;
def PTO_TExtractFPOp : PTO_SubTileOp<"textract_fp",
    "extract an acc sub-tile into dst converting it with an fp (scaling) tile", 1>;
def PTO_TInsertOp : PTO_AccSubTileOp<"tinsert",
    "insert src into dst at (indexRow, indexCol)",
    (ins OptionalAttr<PTO_TInsertModeAttr>:$tinsertMode), [{
    `ins` `(` $src `,` $indexRow `,` $indexCol `:` qualified(type($src)) `,`
    type($indexRow) `,` type($indexCol) (`fp` $fp^ `:` qualified(type($fp)))?
    (`pre_quant` $preQuantScalar^ `:` type($preQuantScalar))? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }]>;
def PTO_TInsertFPOp : PTO_SubTileOp<"tinsert_fp",
    "insert an acc tile into dst converting it with an fp (scaling) tile", 1>;

#endif // PTONZ_PTO_CUBE_OPS
