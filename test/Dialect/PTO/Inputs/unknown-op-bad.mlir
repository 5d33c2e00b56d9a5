// Unknown pto ops that are not in the ins/outs form are rejected with a hint.
func.func @f(%a: f32) {
  // expected-error@+1 {{'pto.tweird' is not an op ptonz knows; an unknown pto op parses only in the form `ins(%a, ... : T, ...) outs(%d, ... : U, ...) {attrs} -> R, ...` (PTOAS's common form): write it so, or use the generic form "pto.op"(...)}}
  pto.tweird %a : f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{expected 1 types for 1 operands, got 2}}
  pto.tweird ins(%a : f32, f32)
  return
}

// -----

// The generic form of an unknown op still parses (and prints generically).
func.func @f(%a: f32) {
  "pto.tweird"(%a) ({
  }) : (f32) -> ()
  return
}
