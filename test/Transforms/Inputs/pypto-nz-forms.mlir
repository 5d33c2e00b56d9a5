// The NZ forms issue 14 added, in pl: check-addressing.mlir simulates each.
func.func @rank4(%w: !pl.tensor<2x4x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %g = %c0 to %c2 step %c1 {
    scf.for %e = %c0 to %c4 step %c1 {
      %t = pl.tile.load %w, offsets = [%g, %e, %c0, %c0], sizes = [1, 1, 256, 512]
          {target_memory = #pl.memory<mat>} : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
    }
  }
  return
}

func.func @layer_kernel(%w: !pl.tensor<2x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = pl.tile.load %w, offsets = [%c1, %c0, %c0], sizes = [1, 256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<2x256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

func.func @layers(%w: !pl.tensor<4x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %l = %c0 to %c3 step %c1 {
    %layer = pl.tensor.view %w, offsets = [%l, %c0, %c0] : !pl.tensor<4x256x512xi8, nz> -> !pl.tensor<2x256x512xi8, nz>
    func.call @layer_kernel(%layer) : (!pl.tensor<2x256x512xi8, nz>) -> ()
    %t = pl.tile.load %layer, offsets = [%c0, %c0, %c0], sizes = [1, 256, 512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<2x256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  }
  return
}

func.func @split_k(%w: !pl.tensor<256x1024xi8, nz>) {
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %blk = pl.get_block_idx
  %h = arith.remsi %blk, %c2 : index
  %k0 = arith.muli %h, %c512 : index
  %q = arith.floordivsi %blk, %c2 : index
  %n0 = arith.muli %q, %c128 : index
  %t = pl.tile.load %w, offsets = [%n0, %k0], sizes = [128, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x1024xi8, nz> -> !pl.tile<128x512xi8, mat>
  return
}

func.func @ragged(%w: !pl.tensor<800x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c800 = arith.constant 800 : index
  scf.for %ob = %c0 to %c4 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c800, %o0 : index
    %valid = arith.minsi %rest, %c256 : index
    %t = pl.tile.load %w, offsets = [%o0, %c0], sizes = [256, 512], valid_shape = [%valid, %c512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<800x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  }
  return
}

func.func @flatten(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %flat = pl.tensor.reshape %w : !pl.tensor<256x512xi8, nz> -> !pl.tensor<131072xi8>
  %h = pl.tile.load %flat, offsets = [%c0], sizes = [131072]
      {target_memory = #pl.memory<vec>} : !pl.tensor<131072xi8> -> !pl.tile<131072xi8, vec>
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}
