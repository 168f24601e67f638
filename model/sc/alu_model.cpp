#include "model/sc/alu_model.h"

namespace halfpipe::sc {

AluModel::AluModel(sc_core::sc_module_name name, const PipelineConfig& config)
    : sc_core::sc_module(name), clk("clk"), core_(config) {
  SC_METHOD(on_rising_edge);
  sensitive << clk.pos();
  dont_initialize();
}

}  // namespace halfpipe::sc
