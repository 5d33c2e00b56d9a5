//===- PLOps.td - `pl` operations -----------------------------*- tablegen -*-===//

#ifndef PTONZ_PL_OPS
#define PTONZ_PL_OPS

include "ptonz/PLTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "ptonz/LaunchQuery.td"

class PL_Op<string mnemonic, list<Trait> traits = []> : Op<PL_Dialect, mnemonic, traits>;

def PL_TileLoadOp : PL_Op<"tile.load", [AttrSizedOperandSegments]> {
  let summary = "load a logical slice of a GM tensor into a tile";
  let description = [{
    ```mlir
    %wt = pl.tile.load %w, offsets = [%e, %n0, %k0], sizes = [1, 256, 512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
    ```
    Offsets are logical coordinates (index values), one per tensor dimension;
    sizes are static. The tile's shape is `sizes` without its leading unit
    dimensions, and its memory is `target_memory`.

    An optional `valid_shape` (one index value per tile dimension) narrows
    the region read to the tile's leading part, e.g. a ragged tail:
    ```mlir
    %t = pl.tile.load %w, offsets = [%o0, %c0], sizes = [256, 512], valid_shape = [%v, %c512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<800x512xi8, nz> -> !pl.tile<256x512xi8, mat>
    ```
  }];
  let arguments = (ins PL_TensorType:$tensor, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes, Variadic<Index>:$valid_shape,
                       PL_MemoryAttr:$target_memory);
  let results = (outs PL_TileType:$result);
  let assemblyFormat = [{
    $tensor `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` $sizes
    (`,` `valid_shape` `=` `[` $valid_shape^ `]`)?
    attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PL_RemoteLoadOp : PL_Op<"remote_load"> {
  let summary = "load a slice of another rank's GM tensor (distributed)";
  let description = [{
    ```mlir
    %t = pl.remote_load %x, peer = %p, offsets = [%a, %b], sizes = [64, 512]
        {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
    ```
  }];
  let arguments = (ins PL_TensorType:$tensor, Index:$peer, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes, PL_MemoryAttr:$target_memory);
  let results = (outs PL_TileType:$result);
  let assemblyFormat = [{
    $tensor `,` `peer` `=` $peer `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` $sizes
    attr-dict `:` qualified(type($tensor)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PL_TileStoreOp : PL_Op<"tile.store"> {
  let summary = "store a tile into a logical slice of a GM tensor";
  let description = [{
    ```mlir
    pl.tile.store %acc, %out, offsets = [%c0, %n0] : !pl.tile<64x256xi32, acc>, !pl.tensor<512x2048xi32>
    ```
    The tile is written at the logical offsets (one per tensor dimension);
    its dimensions are the tensor's trailing ones. This is the seed's
    `out[0:64, n0:n0+N_TILE] = pl.reshape(acc, [64, N_TILE])`: an acc tile
    (a matmul result) is stored as it is, a vec or mat tile as loaded.
  }];
  let arguments = (ins PL_TileType:$tile, PL_TensorType:$tensor, Variadic<Index>:$offsets);
  let assemblyFormat = [{
    $tile `,` $tensor `,` `offsets` `=` `[` $offsets `]` attr-dict `:` qualified(type($tile)) `,` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cube: matrix products of mat tiles into an accumulator tile
//===----------------------------------------------------------------------===//

def PL_TileMatmulOp : PL_Op<"tile.matmul", [Pure]> {
  let summary = "matrix product of two mat tiles into a new accumulator tile";
  let description = [{
    ```mlir
    %acc = pl.tile.matmul %xt, %wt b_trans
        : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
    ```
    `result[M, N] = lhs[M, K] x rhs[K, N]`; with `b_trans` the right operand
    is given transposed, `rhs[N, K]` (pypto's `pl.matmul(x, w, b_trans=True)`:
    a weight stored [N, K], sliced with its logical coordinates). Both
    operands are mat tiles (as `pl.tile.load` makes them); the result is an
    acc tile whose element type is the accumulator type (pypto's
    `out_dtype`): i32 for i8 operands, f32 for f16, bf16 and f32 operands.
    `convert-pl-to-pto` lowers it to the PTOAS cube sequence (`textract` into
    left/right, `tmatmul`, `tmatmul.acc`).
  }];
  let arguments = (ins PL_TileType:$lhs, PL_TileType:$rhs, UnitAttr:$b_trans);
  let results = (outs PL_TileType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`b_trans` $b_trans^)? attr-dict
    `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PL_TileMatmulAccOp : PL_Op<"tile.matmul_acc", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "accumulate a matrix product of two mat tiles into an accumulator";
  let description = [{
    ```mlir
    %acc2 = pl.tile.matmul_acc %acc, %x_k, %w_k b_trans
        : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
    ```
    `result = acc + lhs x rhs` (`rhs` transposed with `b_trans`), with the
    shapes and element types of `pl.tile.matmul`; the result has the type of
    `acc`. The lowering updates the accumulator in place, so `acc` must have
    no other use (carry it through `scf.for` iter_args, as the seed's K loop
    does).
  }];
  let arguments = (ins PL_TileType:$acc, PL_TileType:$lhs, PL_TileType:$rhs, UnitAttr:$b_trans);
  let results = (outs PL_TileType:$result);
  let assemblyFormat = [{
    $acc `,` $lhs `,` $rhs (`b_trans` $b_trans^)? attr-dict
    `:` qualified(type($acc)) `,` qualified(type($lhs)) `,` qualified(type($rhs))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor views
//===----------------------------------------------------------------------===//

def PL_TensorViewOp : PL_Op<"tensor.view", [Pure]> {
  let summary = "a strided window of a tensor (logical slicing)";
  let description = [{
    ```mlir
    %v = pl.tensor.view %x, offsets = [%a, %b] : !pl.tensor<512x4096xi8> -> !pl.tensor<64x512xi8>
    ```
    Of an NZ tensor (result nz too), only windows on the leading (batch)
    axes keep the NZ byte order: `convert-pl-to-pto` lowers those (to a
    pointer offset) and rejects any slice of the trailing [R, C] plane.
  }];
  let arguments = (ins PL_TensorType:$source, Variadic<Index>:$offsets);
  let results = (outs PL_TensorType:$result);
  let assemblyFormat = [{
    $source `,` `offsets` `=` `[` $offsets `]` attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PL_TensorReshapeOp : PL_Op<"tensor.reshape", [Pure]> {
  let summary = "the same elements with another shape (row-major order)";
  let description = [{
    ```mlir
    %flat = pl.tensor.reshape %w : !pl.tensor<256x512xi8, nz> -> !pl.tensor<131072xi8>
    ```
    Same element type and element count. The result is nd. Of an NZ tensor,
    only the whole-tensor flatten to rank 1 is lowered (its elements are the
    GM bytes in NZ order, so it is only read as a whole, e.g. for a prefetch);
    `convert-pl-to-pto` rejects any other reshape of NZ, and any windowed use.
  }];
  let arguments = (ins PL_TensorType:$source);
  let results = (outs PL_TensorType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PL_TensorReinterpretViewOp : PL_Op<"tensor.reinterpret_view", [Pure]> {
  let summary = "reinterpret a tensor's bytes with another shape";
  let description = [{
    ```mlir
    %r = pl.tensor.reinterpret_view %x : !pl.tensor<64x256xi32> -> !pl.tensor<16384xi32>
    ```
    Source and result hold the same number of bytes. Not defined for NZ.
  }];
  let arguments = (ins PL_TensorType:$source);
  let results = (outs PL_TensorType:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// Launch queries (LaunchQuery.td), as pto's.
def PL_GetBlockIdxOp : PL_Op<"get_block_idx", Ptonz_LaunchQueryTraits> {
  let summary = "this core's block (SPMD lane) index";
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
  let extraClassDefinition = Ptonz_LaunchRange<0>.definition;
}

def PL_GetBlockNumOp : PL_Op<"get_block_num", Ptonz_LaunchQueryTraits> {
  let summary = "the number of blocks (SPMD lanes)";
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
  let extraClassDefinition = Ptonz_LaunchRange<1>.definition;
}

#endif // PTONZ_PL_OPS
