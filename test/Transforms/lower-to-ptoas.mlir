// --lower-to-ptoas runs no canonicalize: the passes themselves share one
// index constant per value per function (the function's own entry-block
// constants included) and erase the entry-block index constants that lose
// their last use. The output must also be what verifying after every pass
// gives.
// RUN: ptonz-opt --lower-to-ptoas %s | FileCheck %s
// RUN: ptonz-opt --lower-to-ptoas %s -o %t.once
// RUN: ptonz-opt --lower-to-ptoas --verify-each %s -o %t.each
// RUN: diff %t.once %t.each
// RUN: ptonz-opt --lower-to-ptoas --mlir-timing %s -o %t.timed 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: diff %t.once %t.timed

// CHECK-LABEL: func.func @shares_constants
// The function's own %c16 serves the blocked shape, the fractal divisor and
// the sizes; %c7 was never used and is gone.
// CHECK-COUNT-1: arith.constant 16 : index
// CHECK-NOT:     arith.constant 16 : index
// CHECK-NOT:     arith.constant 7 : index
// CHECK:         pto.make_tensor_view %w, shape = [%c1, %c16, %c16, %c16, %c32]
// CHECK:         arith.floordivsi %{{.*}}, %c16 : index
// CHECK:         return
func.func @shares_constants(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  scf.for %nb = %c0 to %c4 step %c1 {
    %n0 = arith.muli %nb, %c16 : index
    %t = pl.tile.load %w, offsets = [%n0, %c0], sizes = [16, 512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<16x512xi8, mat>
  }
  return
}

// CHECK-LABEL: func.func @no_views
// A function without tensors is left as it is (its constants too).
// CHECK:         arith.constant 5 : index
// CHECK-NEXT:    return
func.func @no_views() {
  %c5 = arith.constant 5 : index
  return
}

// TIMING: Execution time report
// TIMING: ConvertPLToPTO
// TIMING: BlockNzViews
// TIMING: MaterializeStrides
// TIMING: VerifyPTOAS
// TIMING: ptonz-opt phases (wall time):
// TIMING: s  parse
// TIMING: s  pipeline
// TIMING: s  verify
// TIMING: s  print
