//===- PTOVectorOps.td - vector unit tile ops -----------------*- tablegen -*-===//
//
// The `ins(...) outs(...)` tile-compute ops of the vector unit, one def per
// op over the shared shapes of PTOOpBase.td: elementwise unary/binary/
// ternary, tile-scalar, partial, row/column broadcasts and reductions,
// conversions, selection, gather/scatter, sort and generators.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_VECTOR_OPS
#define PTONZ_PTO_VECTOR_OPS

include "ptonz/PTOOpBase.td"

//===----------------------------------------------------------------------===//
// Elementwise: same element type and valid shape, vec tiles
//===----------------------------------------------------------------------===//

def PTO_TAbsOp   : PTO_UnaryOp<"tabs", "dst = |src|">;
def PTO_TExpOp   : PTO_UnaryOp<"texp", "dst = exp(src)">;
def PTO_TLogOp   : PTO_UnaryOp<"tlog", "dst = ln(src)">;
def PTO_TNegOp   : PTO_UnaryOp<"tneg", "dst = -src">;
def PTO_TNotOp   : PTO_UnaryOp<"tnot", "dst = ~src (bitwise)">;
def PTO_TRecipOp : PTO_UnaryOp<"trecip", "dst = 1 / src">;
def PTO_TReluOp  : PTO_UnaryOp<"trelu", "dst = max(src, 0)">;
def PTO_TSqrtOp  : PTO_UnaryOp<"tsqrt", "dst = sqrt(src)">;

def PTO_TAddOp  : PTO_BinaryOp<"tadd", "dst = src0 + src1">;
def PTO_TSubOp  : PTO_BinaryOp<"tsub", "dst = src0 - src1">;
def PTO_TMulOp  : PTO_BinaryOp<"tmul", "dst = src0 * src1">;
def PTO_TDivOp  : PTO_BinaryOp<"tdiv", "dst = src0 / src1">;
def PTO_TFModOp : PTO_BinaryOp<"tfmod", "dst = fmod(src0, src1)">;
def PTO_TMaxOp  : PTO_BinaryOp<"tmax", "dst = max(src0, src1)">;
def PTO_TMinOp  : PTO_BinaryOp<"tmin", "dst = min(src0, src1)">;
def PTO_TAndOp  : PTO_BinaryOp<"tand", "dst = src0 & src1">;
def PTO_TOrOp   : PTO_BinaryOp<"tor", "dst = src0 | src1">;
def PTO_TShlOp  : PTO_BinaryOp<"tshl", "dst = src0 << src1">;
def PTO_TShrOp  : PTO_BinaryOp<"tshr", "dst = src0 >> src1">;

def PTO_TAddCOp : PTO_TernaryOp<"taddc", "dst = src0 + src1 + src2", "src0", "src1", "src2",
                                "TileRules::sameShapes()">;
def PTO_TSubCOp : PTO_TernaryOp<"tsubc", "dst = src0 - src1 + src2", "src0", "src1", "src2",
                                "TileRules::sameShapes()">;
def PTO_TPReluOp : PTO_BinaryOptTmpOp<"tprelu", "dst = src0 > 0 ? src0 : src0 * src1 (slope tile)">;
def PTO_TRemOp  : PTO_BinaryOptTmpOp<"trem", "dst = remainder(src0, src1)">;
def PTO_TXorOp  : PTO_BinaryOptTmpOp<"txor", "dst = src0 ^ src1">;

// Partial ops: mismatched valid regions are defined by pto-isa.
def PTO_TPartAddOp : PTO_BinaryOp<"tpartadd", "partial dst = src0 + src1", "TileRules::vecPartial()">;
def PTO_TPartMaxOp : PTO_BinaryOp<"tpartmax", "partial dst = max(src0, src1)",
                                  "TileRules::vecPartial()">;
def PTO_TPartMinOp : PTO_BinaryOp<"tpartmin", "partial dst = min(src0, src1)",
                                  "TileRules::vecPartial()">;
def PTO_TPartMulOp : PTO_BinaryOp<"tpartmul", "partial dst = src0 * src1",
                                  "TileRules::vecPartial()">;
def PTO_TConcatOp : PTO_BinaryOp<"tconcat", "dst = [src0 | src1] along columns",
                                 "TileRules::vecPartial()">;

//===----------------------------------------------------------------------===//
// Tile and scalar
//===----------------------------------------------------------------------===//

def PTO_TAddSOp  : PTO_TileScalarOp<"tadds", "dst = src + scalar">;
def PTO_TSubSOp  : PTO_TileScalarOp<"tsubs", "dst = src - scalar">;
def PTO_TMulSOp  : PTO_TileScalarOp<"tmuls", "dst = src * scalar">;
def PTO_TMaxSOp  : PTO_TileScalarOp<"tmaxs", "dst = max(src, scalar)">;
def PTO_TMinSOp  : PTO_TileScalarOp<"tmins", "dst = min(src, scalar)">;
def PTO_TFModSOp : PTO_TileScalarOp<"tfmods", "dst = fmod(src, scalar)">;
def PTO_TAndSOp  : PTO_TileScalarOp<"tands", "dst = src & scalar", AnySignlessInteger>;
def PTO_TOrSOp   : PTO_TileScalarOp<"tors", "dst = src | scalar", AnySignlessInteger>;
def PTO_TShlSOp  : PTO_TileScalarOp<"tshls", "dst = src << scalar", AnySignlessInteger>;
def PTO_TShrSOp  : PTO_TileScalarOp<"tshrs", "dst = src >> scalar", AnySignlessInteger>;
def PTO_TLReluOp : PTO_TileScalarOp<"tlrelu", "leaky relu with a scalar slope", F32>;
// dst may be f32 for an f16 src.
def PTO_TAxpyOp  : PTO_TileScalarOp<"taxpy", "dst += src * scalar", PTO_Scalar,
                                    "TileRules::vecSameValid()">;

def PTO_TAddSCOp : PTO_TileScalarTileOp<"taddsc", "dst = src0 + scalar + src1">;
def PTO_TSubSCOp : PTO_TileScalarTileOp<"tsubsc", "dst = src0 - scalar + src1">;

def PTO_TRemSOp : PTO_TileScalarTmpOp<"trems", "dst = remainder(src, scalar)", PTO_Scalar,
    "::ptonz::pto::verifyScalarOpTmp(getOperation(), getTmp(), getDst(), /*wholeDst=*/false)">;
def PTO_TXorSOp : PTO_TileScalarTmpOp<"txors", "dst = src ^ scalar", AnySignlessInteger,
    "::ptonz::pto::verifyScalarOpTmp(getOperation(), getTmp(), getDst(), /*wholeDst=*/true)">;

// src and scalar in either order: `ins(%tile, %s : ...)` or `ins(%s, %tile : ...)`.
def PTO_TDivSOp : PTO_TileOp<"tdivs"> {
  let summary = "dst = src / scalar, or scalar / src when the scalar comes first";
  let arguments = (ins AnyType:$src, AnyType:$scalar, PTO_Dps:$dst);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TExpandsOp : PTO_TileOp<"texpands"> {
  let summary = "fill dst with a scalar";
  let arguments = (ins PTO_Scalar:$scalar, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $scalar `:` type($scalar) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`
    attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Compare and select
//===----------------------------------------------------------------------===//

def PTO_TCmpOp : PTO_TileOp<"tcmp"> {
  let summary = "compare two tiles into a packed predicate mask";
  let arguments = (ins PTO_Dps:$src0, PTO_Dps:$src1, PTO_Dps:$dst,
                       OptionalAttr<PTO_CmpModeAttr>:$cmpMode);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 attr-dict `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TCmpSOp : PTO_TileOp<"tcmps"> {
  let summary = "compare a tile with a scalar into a packed predicate mask";
  let arguments = (ins PTO_Dps:$src, PTO_Scalar:$scalar,
                       DefaultValuedAttr<PTO_CmpModeAttr, "::ptonz::pto::CmpMode::eq">:$cmpMode,
                       PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar attr-dict `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

// The tmp of tsel / tsels is optional from PTOAS 0.60 on (verifyImplicitTmp).
def PTO_TSelOp : PTO_TileOp<"tsel"> {
  let summary = "per-element select of src0/src1 by a mask tile";
  let arguments = (ins PTO_Dps:$mask, PTO_Dps:$src0, PTO_Dps:$src1, Optional<PTO_Dps>:$tmp,
                       PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $mask `,` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($mask)) `,`
    qualified(type($src0)) `,` qualified(type($src1)) (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

// ins(%mask, %src[, %tmp], %scalar : ...): a custom parser tells the tmp
// from the scalar by the operand count.
def PTO_TSelSOp : PTO_TileOp<"tsels"> {
  let summary = "select one of two sources by a scalar mode";
  let arguments = (ins PTO_Dps:$mask, PTO_Dps:$src, Optional<PTO_Dps>:$tmp, PTO_Scalar:$scalar,
                       PTO_Dps:$dst);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Row / column broadcasts and reductions
//===----------------------------------------------------------------------===//

def PTO_TColExpandOp : PTO_UnaryOp<"tcolexpand", "broadcast row 0 of src down every column",
                                   "TileRules::colExpand()">;
def PTO_TRowExpandOp : PTO_UnaryOp<"trowexpand", "broadcast column 0 of src along every row",
                                   "TileRules::rowExpand()">;

def PTO_TColExpandAddOp : PTO_BinaryOp<"tcolexpandadd", "dst = src0 + src1[0, j] per column",
                                       "TileRules::colExpandBinary()">;
def PTO_TColExpandSubOp : PTO_BinaryOp<"tcolexpandsub", "dst = src0 - src1[0, j] per column",
                                       "TileRules::colExpandBinary()">;
def PTO_TColExpandMulOp : PTO_BinaryOp<"tcolexpandmul", "dst = src0 * src1[0, j] per column",
                                       "TileRules::colExpandBinary()">;
def PTO_TColExpandDivOp : PTO_BinaryOp<"tcolexpanddiv", "dst = src0 / src1[0, j] per column",
                                       "TileRules::colExpandBinary()">;
def PTO_TColExpandMaxOp : PTO_BinaryOp<"tcolexpandmax", "dst = max(src0, src1[0, j])",
                                       "TileRules::colExpandBinary()">;
def PTO_TColExpandMinOp : PTO_BinaryOp<"tcolexpandmin", "dst = min(src0, src1[0, j])",
                                       "TileRules::colExpandBinary()">;
def PTO_TColExpandExpdifOp : PTO_BinaryOp<"tcolexpandexpdif", "dst = exp(src0 - src1[0, j])",
                                          "TileRules::colExpandBinary()">;

def PTO_TRowExpandAddOp : PTO_RowExpandBinaryOp<"trowexpandadd", "dst = src0 + src1[i, 0] per row">;
def PTO_TRowExpandSubOp : PTO_RowExpandBinaryOp<"trowexpandsub", "dst = src0 - src1[i, 0] per row">;
def PTO_TRowExpandMulOp : PTO_RowExpandBinaryOp<"trowexpandmul", "dst = src0 * src1[i, 0] per row">;
def PTO_TRowExpandDivOp : PTO_RowExpandBinaryOp<"trowexpanddiv", "dst = src0 / src1[i, 0] per row",
                                                "TileRules::rowExpandBinary()",
                                                /*tmpContract=*/1, "div_precision">;
def PTO_TRowExpandMaxOp : PTO_RowExpandBinaryOp<"trowexpandmax", "dst = max(src0, src1[i, 0])",
                                                "TileRules::rowExpandReduceLike()">;
def PTO_TRowExpandMinOp : PTO_RowExpandBinaryOp<"trowexpandmin", "dst = min(src0, src1[i, 0])",
                                                "TileRules::rowExpandReduceLike()">;
def PTO_TRowExpandExpdifOp : PTO_RowExpandBinaryOp<"trowexpandexpdif",
                                                   "dst = exp(src0 - src1[i, 0])",
                                                   "TileRules::rowExpandReduceLike()",
                                                   /*tmpContract=*/0>;

def PTO_TColMaxOp  : PTO_UnaryOp<"tcolmax", "dst[0, j] = max over rows", "TileRules::colReduce()">;
def PTO_TColMinOp  : PTO_UnaryOp<"tcolmin", "dst[0, j] = min over rows", "TileRules::colReduce()">;
def PTO_TColProdOp : PTO_UnaryOp<"tcolprod", "dst[0, j] = product over rows",
                                 "TileRules::colReduce()">;
def PTO_TColArgMaxOp : PTO_SrcOptTmpOp<"tcolargmax", "dst[0, j] = row of the column maximum",
                                    "TileRules::argReduce()",
                                    "::ptonz::pto::verifyArgReduce(getOperation(), getSrc(), getTmp(), getDst(), /*col=*/true)">;
def PTO_TColArgMinOp : PTO_SrcOptTmpOp<"tcolargmin", "dst[0, j] = row of the column minimum",
                                    "TileRules::argReduce()",
                                    "::ptonz::pto::verifyArgReduce(getOperation(), getSrc(), getTmp(), getDst(), /*col=*/true)">;

// ins(%src[, %tmp {isBinary = ...}] : T[, Ttmp]) outs(%dst : T)
def PTO_TColSumOp : PTO_TileOp<"tcolsum"> {
  let summary = "dst[0, j] = sum over rows (binary-tree sum with a tmp tile)";
  let arguments = (ins PTO_Dps:$src, Optional<PTO_Dps>:$tmp, PTO_Dps:$dst,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$isBinary);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TRowMaxOp : PTO_SrcOptTmpOp<"trowmax", "dst[i, 0] = max over columns",
                                  "TileRules::rowReduce()">;
def PTO_TRowMinOp : PTO_SrcOptTmpOp<"trowmin", "dst[i, 0] = min over columns",
                                  "TileRules::rowReduce()">;
def PTO_TRowSumOp : PTO_SrcOptTmpOp<"trowsum", "dst[i, 0] = sum over columns",
                                  "TileRules::rowReduce()">;
def PTO_TRowProdOp : PTO_SrcOptTmpOp<"trowprod", "dst[i, 0] = product over columns",
                                  "TileRules::rowReduce()">;
def PTO_TRowArgMaxOp : PTO_SrcOptTmpOp<"trowargmax", "dst[i, 0] = column of the row maximum",
                                    "TileRules::argReduce()",
                                    "::ptonz::pto::verifyArgReduce(getOperation(), getSrc(), getTmp(), getDst(), /*col=*/false)">;
def PTO_TRowArgMinOp : PTO_SrcOptTmpOp<"trowargmin", "dst[i, 0] = column of the row minimum",
                                    "TileRules::argReduce()",
                                    "::ptonz::pto::verifyArgReduce(getOperation(), getSrc(), getTmp(), getDst(), /*col=*/false)">;

def PTO_TTransOp : PTO_SrcOptTmpOp<"ttrans", "dst = transpose(src)", "TileRules::none()">;

//===----------------------------------------------------------------------===//
// Conversion and quantization
//===----------------------------------------------------------------------===//

// ins(%src[, %tmp] {rmode = ..., sat_mode = ...} : T[, Ttmp]) outs(%dst : U)
def PTO_TCvtOp : PTO_TileOp<"tcvt"> {
  let summary = "elementwise type conversion (rounding and saturation modes)";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$dst, Optional<PTO_Dps>:$tmp,
                       DefaultValuedAttr<PTO_RoundModeAttr,
                                         "::ptonz::pto::RoundMode::CAST_RINT">:$rmode,
                       OptionalAttr<PTO_SaturationModeAttr>:$sat_mode);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// PTOAS 0.60 adds an optional f32 scratch tile after dst: outs(%dst, %tmp : ...).
def PTO_TQuantOp : PTO_TileOp<"tquant", [AttrSizedOperandSegments]> {
  let summary = "quantize src with the scaling parameters of fp (and an offset for INT8_ASYM)";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$fp, Optional<PTO_Dps>:$offset, PTO_Dps:$dst,
                       Optional<PTO_Dps>:$tmp, PTO_QuantTypeAttr:$quant_type);
  let assemblyFormat = [{
    `ins` `(` $src `,` $fp (`,` $offset^)? `:` qualified(type($src)) `,` qualified(type($fp))
    (`,` qualified(type($offset))^)? `)` `outs` `(` $dst (`,` $tmp^)? `:` qualified(type($dst))
    (`,` qualified(type($tmp))^)? `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TDequantOp : PTO_TileOp<"tdequant"> {
  let summary = "dst = (float(src) - offset[i, 0]) * scale[i, 0]";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$scale, PTO_Dps:$offset, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scale `,` $offset `:` qualified(type($src)) `,` qualified(type($scale))
    `,` qualified(type($offset)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

// ins(%src[, %tmp] : T[, Ttmp]) outs(%dst : T); the operands are (src, dst, tmp).
def PTO_TRsqrtOp : PTO_TileOp<"trsqrt"> {
  let summary = "dst = 1 / sqrt(src)";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$dst, Optional<PTO_Dps>:$tmp);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifyTileOp(getOperation(),
              ::ptonz::pto::TileRules::vecUnary(), {{"src", getSrc()}, {"dst", getDst()}})))
        return ::mlir::failure();
      return ::ptonz::pto::verifyPrecisionTmp(getOperation(), "rsqrt_precision", getTmp());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Padding
//===----------------------------------------------------------------------===//

// PTOAS 0.60 also fills a mat tile (src and dst of one tile type).
def PTO_TFillPadOp : PTO_UnaryOp<"tfillpad", "copy src to dst and fill dst's padding",
                                 "TileRules::fillPad()"> {
  let extraClassDefinition = ""; // verify() in C++
}
def PTO_TFillPadExpandOp : PTO_UnaryOp<"tfillpad_expand",
    "copy src to a larger dst and fill dst's padding", "TileRules::fillPad()">;
def PTO_TFillPadInplaceOp : PTO_UnaryOp<"tfillpad_inplace",
    "fill the padding of a shared buffer (src: valid bounds, dst: pad bounds)",
    "TileRules::fillPad()">;

//===----------------------------------------------------------------------===//
// Gather, scatter, sort, histogram
//===----------------------------------------------------------------------===//

// Three forms (PTOAS's custom syntax):
//   index   : ins(%src, %indices[, %tmp] : ...) outs(%dst : ...)
//   compare : ins(%src, %kValue[, %tmp] : ...) outs(%dst, %cdst : ...) {cmpMode = ..., offset = N}
//   mask    : ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : ...) outs(%dst : ...)
def PTO_TGatherOp : PTO_TileOp<"tgather", [AttrSizedOperandSegments]> {
  let summary = "gather/select elements by indices, by a scalar compare, or by a mask pattern";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$dst, Optional<PTO_Dps>:$cdst,
                       Optional<PTO_Dps>:$indices, Optional<PTO_Dps>:$tmp,
                       Optional<PTO_Scalar>:$kValue,
                       OptionalAttr<PTO_MaskPatternAttr>:$maskPattern,
                       OptionalAttr<StrAttr>:$axis,
                       OptionalAttr<PTO_CmpModeAttr>:$cmpMode, OptionalAttr<I32Attr>:$offset);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TGatherBOp : PTO_SrcAndOp<"tgatherb", "gather elements of src at byte offsets", "offsets",
                                  "TileRules::vecUnary()", 0>;
// Index form, or PTOAS 0.60's mask-pattern form along an axis (see tgather).
def PTO_TScatterOp : PTO_TileOp<"tscatter"> {
  let summary = "dst[indexes[i, j]] = src[i, j], or spread src by a mask pattern";
  let arguments = (ins PTO_Dps:$src, Optional<PTO_Dps>:$indexes, PTO_Dps:$dst,
                       OptionalAttr<PTO_MaskPatternAttr>:$maskPattern,
                       OptionalAttr<StrAttr>:$axis);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_THistogramOp : PTO_TileOp<"thistogram"> {
  let summary = "accumulate per-row 256-bin histograms (A5)";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$idx, PTO_Dps:$dst,
                       DefaultValuedOptionalAttr<BoolAttr, "true">:$isMSB);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx `:` qualified(type($src)) `,` qualified(type($idx)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

// format1: ins(%src, %blockLen : T, iN) outs(%dst : T)
// format2: ins(%s0, %s1[, %s2[, %s3]], %tmp {exhausted = b} : ...) outs(%dst, %executed : ...)
def PTO_TMrgSortOp : PTO_TileOp<"tmrgsort", [AttrSizedOperandSegments]> {
  let summary = "merge sort of sorted blocks";
  let arguments = (ins Variadic<PTO_Dps>:$srcs, Optional<AnyInteger>:$blockLen,
                       Variadic<PTO_Dps>:$dsts, Optional<PTO_Dps>:$tmp,
                       Optional<AnyType>:$excuted,
                       DefaultValuedAttr<BoolAttr, "false">:$exhausted);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TSort32Op : PTO_TileOp<"tsort32"> {
  let summary = "sort blocks of 32 elements with their input indices";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$idx, Optional<PTO_Dps>:$tmp, PTO_Dps:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx (`,` $tmp^)? `:` qualified(type($src)) `,` qualified(type($idx))
    (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Generators and scalar access
//===----------------------------------------------------------------------===//

def PTO_TCIOp : PTO_TileOp<"tci"> {
  let summary = "fill dst with the integer sequence S, S+1, ... (or descending)";
  let description = [{
    PTOAS 0.27: `ins(%s {descending = true} : i32) outs(%d : T)`; 0.60:
    `ins(%s[, %tmp] : i32[, T]) outs(%d : T) {descending = true}` (a scratch
    tile, attributes after `outs`). Both parse; the print follows the
    context's PTOAS version (set_ptoas_target).
  }];
  let arguments = (ins AnyInteger:$S, Optional<PTO_Dps>:$tmp, PTO_Dps:$dst,
                       DefaultValuedAttr<BoolAttr, "false">:$descending);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TTriOp : PTO_TileOp<"ttri"> {
  let summary = "fill dst with a lower (0) or upper (1) triangular mask";
  let arguments = (ins AnyInteger:$diagonal, PTO_Dps:$dst,
                       DefaultValuedAttr<I32Attr, "0">:$upperOrLower);
  let assemblyFormat = [{
    `ins` `(` $diagonal attr-dict `:` type($diagonal) `)` `outs` `(` $dst `:`
    qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TRandomOp : PTO_TileOp<"trandom"> {
  let summary = "fill dst with counter-based random words (A5)";
  let arguments = (ins AnySignlessInteger:$key0, AnySignlessInteger:$key1,
                       AnySignlessInteger:$counter0, AnySignlessInteger:$counter1,
                       AnySignlessInteger:$counter2, AnySignlessInteger:$counter3, PTO_Dps:$dst,
                       DefaultValuedAttr<I32Attr, "10">:$rounds);
  let assemblyFormat = [{
    `ins` `(` $key0 `,` $key1 `,` $counter0 `,` $counter1 `,` $counter2 `,` $counter3 attr-dict
    `:` type($key0) `,` type($key1) `,` type($counter0) `,` type($counter1) `,`
    type($counter2) `,` type($counter3) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TSetValOp : PTO_TileOp<"tsetval"> {
  let summary = "dst[offset] = val";
  let arguments = (ins PTO_Dps:$dst, Index:$offset, PTO_Scalar:$val);
  let assemblyFormat = [{
    `ins` `(` $offset `,` $val `:` type($offset) `,` type($val) `)` `outs` `(` $dst `:`
    qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TGetValOp : PTO_TileOp<"tgetval"> {
  let summary = "the element of src at offset";
  let arguments = (ins PTO_Dps:$src, Index:$offset);
  let results = (outs PTO_Scalar:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $offset `:` qualified(type($src)) `,` type($offset) `)` `outs` `:`
    qualified(type($dst)) attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TPackOp : PTO_UnaryOp<"tpack", "pack a wider vec tile into a narrower one (A5)",
                              "TileRules::none()"> {
  let extraClassDefinition = ""; // verify() in C++
}

#endif // PTONZ_PTO_VECTOR_OPS
