// The cycle-approximate SystemC model of the ALU pipeline: an sc_module clocked by `clk`
// (rising edges), implementing the transaction interface of alu_if.h. Values come from
// model/ref; timing from a PipelineConfig (model/sc/README.md says what each knob means).
//
// Bind an sc_port<AluTransactionIf> to it, or call it directly.
#pragma once

#include <systemc>

#include "model/sc/alu_if.h"
#include "model/sc/pipeline.h"

namespace halfpipe::sc {

class AluModel : public sc_core::sc_module, public AluTransactionIf {
 public:
  sc_core::sc_in<bool> clk;

  // Throws std::invalid_argument for a configuration validate() rejects.
  AluModel(sc_core::sc_module_name name, const PipelineConfig& config);

  void offer(const Transaction& t) override { core_.offer(t); }
  void set_out_ready(bool ready) override { core_.set_out_ready(ready); }
  std::size_t out_count() const override { return core_.out_count(); }
  const Result& out_result(std::size_t i) const override { return core_.out_result(i); }
  std::size_t accepted_at_last_edge() const override { return core_.accepted_at_last_edge(); }
  const std::vector<Result>& departed_at_last_edge() const override {
    return core_.departed_at_last_edge();
  }
  uint64_t next_edge() const override { return core_.next_edge(); }
  void edge() override { core_.edge(); }
  void reset() override { core_.reset(); }

  const PipelineConfig& config() const { return core_.config(); }
  const Statistics& statistics() const { return core_.statistics(); }
  std::size_t in_flight() const { return core_.in_flight(); }

  const char* kind() const override { return "halfpipe::sc::AluModel"; }

 private:
  SC_HAS_PROCESS(AluModel);
  void on_rising_edge() { core_.edge(); }

  PipelineCore core_;
};

}  // namespace halfpipe::sc
