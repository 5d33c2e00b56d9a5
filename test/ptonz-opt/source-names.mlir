// ptonz-opt prints each op's location by default, with the input's SSA
// names in the forms PTOAS 0.60 reads its `// pto: %name` provenance
// comments from (tools/ptoas: a NameLoc for one name, a FusedLoc whose
// metadata lists several), so that ptoas names ptonz's print as it names the
// input. An identifier is a NameLoc, which also prints as the SSA name; a
// number (`%8`) is string metadata, since the printer would spell a NameLoc
// "8" `%_8`: the value prints numbered as MLIR numbers it. A result group
// (`%r:2`) is `r#0`, `r#1`; several groups list their names; results the
// input leaves unnamed get an empty NameLoc (so that a second read does not
// take the printer's number for a name). Printing the print again gives the
// same text.
// RUN: ptonz-opt %s -o %t.1
// RUN: FileCheck %s < %t.1
// RUN: ptonz-opt %t.1 -o %t.2
// RUN: diff %t.1 %t.2
// Without locations, only the identifiers survive (as SSA names).
// RUN: ptonz-opt --no-mlir-print-debuginfo %s | FileCheck %s --check-prefix=BARE

// CHECK-LABEL: func.func @numbered(
// CHECK-SAME:    %arg0: i32 loc("arg0"(#loc{{[0-9]+}}))
// CHECK:         %0 = arith.addi %arg0, %arg0 : i32 loc([[N8:#loc[0-9]+]])
// CHECK:         %acc = arith.muli %0, %0 : i32 loc([[ACC:#loc[0-9]+]])
// CHECK:         %1:2 = scf.execute_region -> (i32, i32) {
// CHECK:         } loc([[R:#loc[0-9]+]])
// CHECK:         %2:2 = scf.execute_region -> (i32, i32) {
// CHECK:         } loc([[AB:#loc[0-9]+]])
// CHECK:         %3 = call @numbered(%2#0) : (i32) -> i32 loc([[UNNAMED:#loc[0-9]+]])
// CHECK-DAG:   [[N8]] = loc(fused<"8">[#loc{{[0-9]+}}])
// CHECK-DAG:   [[ACC]] = loc("acc"(#loc{{[0-9]+}}))
// CHECK-DAG:   [[R]] = loc(fused<["r#0", "r#1"]>[#loc{{[0-9]+}}])
// CHECK-DAG:   [[AB]] = loc(fused<["a", "b"]>[#loc{{[0-9]+}}])
// CHECK-DAG:   [[UNNAMED]] = loc(""(#loc{{[0-9]+}}))

// BARE-LABEL: func.func @numbered(%arg0: i32) -> i32 {
// BARE:         %0 = arith.addi %arg0, %arg0 : i32
// BARE-NEXT:    %acc = arith.muli %0, %0 : i32
func.func @numbered(%arg0: i32) -> i32 {
  %8 = arith.addi %arg0, %arg0 : i32
  %acc = arith.muli %8, %8 : i32
  %r:2 = scf.execute_region -> (i32, i32) {
    scf.yield %acc, %8 : i32, i32
  }
  %a, %b = scf.execute_region -> (i32, i32) {
    scf.yield %r#0, %r#1 : i32, i32
  }
  func.call @numbered(%a) : (i32) -> i32
  return %b : i32
}
