// The traffic around a unit, cycle by cycle: whether the producer leaves an input gap (offers
// nothing new) and whether the consumer holds out_ready low (back-pressure). One seeded source
// for every harness that drives a unit: the sweep (tb/drive.h), the co-simulation
// (tb/cosim) and the SystemC model's exploration (model/sc/explore.h), so a seed means the same
// traffic everywhere and a run is reproduced by its seed alone. It lives with the model, the
// lowest layer that draws from it, so that the model never reaches up into the testbench.
//
// Header-only: the sweep draws once per cycle, and a call into another object file would cost a
// visible share of a cycle that the model evaluates in a few dozen nanoseconds.
#pragma once

#include <cstdint>

namespace halfpipe::sc {

class Traffic {
 public:
  // Each probability is per cycle, in [0, 1], resolved to 1/65536: 0 never, 1 every cycle.
  Traffic(uint64_t seed, double gap_probability, double backpressure_probability)
      : state_(seed * 0x9E3779B97F4A7C15ull | 1),  // never 0, which xorshift cannot leave
        gap_threshold_(threshold(gap_probability)),
        backpressure_threshold_(threshold(backpressure_probability)) {}

  // Decides the coming cycle: one 64-bit draw of xorshift64*, whose bits [15:0] decide the
  // back-pressure, bits [31:16] the gap and bits [32 + lane +: 16] what an input lane outside
  // the lane mask reads (idle_lane_value).
  void next_cycle() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    bits_ = state_ * 0x2545F4914F6CDD1Dull;
  }

  // No new input is offered this cycle (one already offered stays on the inputs until taken).
  bool gap() const { return ((bits_ >> 16) & 0xFFFF) < gap_threshold_; }
  // The consumer takes an output this cycle.
  bool out_ready() const { return (bits_ & 0xFFFF) >= backpressure_threshold_; }
  // What input lane `lane` (0..31) carries this cycle when the lane mask leaves it off: junk
  // that changes from cycle to cycle, so a unit that reads a disabled lane shows it.
  uint16_t idle_lane_value(int lane) const { return static_cast<uint16_t>(bits_ >> (32 + lane)); }

 private:
  static uint32_t threshold(double p) {
    return p <= 0 ? 0 : p >= 1 ? 65536 : static_cast<uint32_t>(p * 65536.0);
  }

  uint64_t state_;
  uint64_t bits_ = 0;  // before the first next_cycle(): no gap, out_ready high
  uint32_t gap_threshold_;
  uint32_t backpressure_threshold_;
};

}  // namespace halfpipe::sc
