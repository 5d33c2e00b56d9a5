// A --pto-level that is not level1|level2|level3 (or a --plan-memory-impl that
// is not legacy|modern) is refused as ptoas refuses
// it: after the input is read, so that the input's own errors (checked at the
// default level, level2) come first; nothing is written; exit 1.
// RUN: rm -f %t.out
// RUN: not ptonz-opt --pto-level=3 %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// --plan-memory-impl likewise (ptoas checks it after the level).
// RUN: not ptonz-opt --pto-level=level3 --plan-memory-impl=typo %s -o %t.out 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: not test -e %t.out
// PLAN-NOT: error: 'pto.alloc_tile'
// PLAN: ptonz-opt: error: invalid --plan-memory-impl='typo': expected legacy or modern (as in ptoas, the input was read first)
// The level is read in any case, as ptoas reads it.
// RUN: ptonz-opt --pto-level=LEVEL3 %s -o /dev/null
// CHECK: pto-level-invalid.mlir:[[# @LINE + 4]]:8: error: 'pto.alloc_tile' op unexpected 'addr' operand: only supported when --pto-level=level3
// CHECK: ptonz-opt: error: invalid --pto-level='3': expected level1, level2 or level3 (as in ptoas, the input was read first)
func.func @f() {
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>
  return
}
