// A pto.section.simt of 64 x 64 x 1 = 4096 threads (passthrough-vpto-rules.mlir).
func.func @section_simt_too_many_threads() attributes {pto.kernel} {
  pto.section.simt <<<64, 64, 1>>> {
  }
  return
}
