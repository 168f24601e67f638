#include "model/sc/alu_model.h"

#include <cstdio>

namespace halfpipe::sc {

AluModel::AluModel(sc_core::sc_module_name name, const PipelineConfig& config)
    : sc_core::sc_module(name), clk("clk"), core_(config) {
  SC_METHOD(on_rising_edge);
  sensitive << clk.pos();
  dont_initialize();
}

}  // namespace halfpipe::sc

// Debian's libsystemc defines main() and leaves sc_main undefined, so every executable linking
// it must define sc_main. halfpipe's executables own main() themselves (the CLI, Catch2) and
// run SystemC with sc_start from there, so this is never called; it lives here, beside the
// model every such executable links, so there is exactly one.
int sc_main(int, char*[]) {
  std::fprintf(stderr, "halfpipe: sc_main is not an entry point; run the halfpipe command\n");
  return 1;
}
