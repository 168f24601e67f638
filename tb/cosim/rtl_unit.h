// The Verilated RTL as a SystemC transaction-level unit: it implements the same interface as
// the SystemC model (model/sc/alu_if.h), so the co-simulation drives both through one port
// type. It ticks the --cc model through tb/dut.h once per rising edge of `clk`; no pin-level
// sc_signals, which were measured here at about 10x slower than a plain C++ loop.
#pragma once

#include <systemc>

#include <cstdint>
#include <deque>
#include <vector>

#include "model/sc/alu_if.h"
#include "tb/dut.h"

namespace halfpipe::tb::cosim {

// A deliberate fault, to prove the scoreboard catches it: applied to the `output`-th result
// (from 0) the RTL hands out.
struct RtlFault {
  enum class Kind {
    FlipResult,  // xor `flip` into lane `lane`'s result
    Drop,        // the result never reaches the scoreboard (a lost transaction)
  };
  Kind kind = Kind::FlipResult;
  uint64_t output = 0;
  int lane = 0;
  uint16_t flip = 0x0001;
};

class RtlUnit : public sc_core::sc_module, public sc::AluTransactionIf {
 public:
  sc_core::sc_in<bool> clk;

  // `ready_is_advance`: count the edges at which hp_alu's own rule (rtl/TIMING.md) was broken;
  // off for a user's unit, which the unit contract does not bind to it.
  RtlUnit(sc_core::sc_module_name name, Dut& dut, bool ready_is_advance = true);

  // One offer per cycle (the RTL's issue width); a second one in a cycle throws
  // std::logic_error. The tag keeps its low dut.tag_width() bits on the pins.
  void offer(const sc::Transaction& t) override;
  void set_out_ready(bool ready) override { out_ready_ = ready; }
  std::size_t out_count() const override;
  const sc::Result& out_result(std::size_t i) const override;
  std::size_t accepted_at_last_edge() const override { return accepted_ ? 1 : 0; }
  const std::vector<sc::Result>& departed_at_last_edge() const override { return *departed_; }
  uint64_t next_edge() const override { return next_edge_; }
  void edge() override;  // one dut.cycle()
  // rst_ni asserted and released between two edges (asynchronous, TIMING.md): the line is
  // empty at once, as the model's reset() leaves it.
  void reset() override;

  void inject(const RtlFault& fault) { fault_ = fault; fault_armed_ = true; }
  // Edges at which in_ready_o differed from !out_valid_o || out_ready_i (rtl/TIMING.md).
  uint64_t protocol_errors() const { return protocol_errors_; }

  const char* kind() const override { return "halfpipe::tb::cosim::RtlUnit"; }

 private:
  SC_HAS_PROCESS(RtlUnit);
  void on_rising_edge() { edge(); }
  void to_result(const OutBeat& out, sc::Result& r) const;

  struct Accepted {
    Uop uop;
    uint64_t edge;
  };

  Dut& dut_;
  bool ready_is_advance_;
  int lanes_;
  uint32_t tag_mask_;
  InBeat beat_;
  bool offered_ = false;
  Uop offered_uop_;
  bool out_ready_ = false;
  OutBeat out_;
  bool accepted_ = false;
  // What left at the last edge: none_, or one_ whose element is rewritten in place each time.
  const std::vector<sc::Result> none_;
  std::vector<sc::Result> one_ = std::vector<sc::Result>(1);
  const std::vector<sc::Result>* departed_ = &none_;
  // What the RTL holds, oldest first: the pins carry the tag, the lane mask and the results;
  // the Uop and the acceptance edge are the wrapper's bookkeeping.
  std::deque<Accepted> in_flight_;
  mutable sc::Result shown_;
  uint64_t next_edge_ = 0;
  uint64_t outputs_ = 0;
  RtlFault fault_;
  bool fault_armed_ = false;
  uint64_t protocol_errors_ = 0;
};

}  // namespace halfpipe::tb::cosim
