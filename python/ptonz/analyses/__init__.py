"""Pure analyses over pto IR (no rewriting): NZ geometry, offset provability,
pto-isa descriptors."""
