// An independent rendering of rtl/TIMING.md's line, written from its text alone and sharing
// nothing with model/sc: Depth stages, each empty or holding a tag; the outputs show the last
// stage; at each rising edge the whole line advances when !out_valid || out_ready and holds
// otherwise; in_ready = advance. Plus the seeded schedules (input gaps, back-pressure) that
// drive it and the model identically.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <vector>

namespace halfpipe::sc::test {

struct Timing {
  uint64_t accept_edge;
  std::optional<uint64_t> leave_edge;  // none if still inside when the run ended
  friend bool operator==(const Timing& x, const Timing& y) {
    return x.accept_edge == y.accept_edge && x.leave_edge == y.leave_edge;
  }
};
using TimingByTag = std::map<uint64_t, Timing>;

// Per cycle k (before rising edge k): does the producer present its next transaction (if it
// has one), and is the consumer ready. Drawn up front, so every implementation sees the same.
struct Schedule {
  std::vector<bool> offer;
  std::vector<bool> ready;
  uint64_t transactions = 0;  // tags 0 .. transactions-1, presented in order
  uint64_t cycles() const { return offer.size(); }
};

inline Schedule random_schedule(uint64_t seed, uint64_t transactions, uint64_t cycles,
                                double gap, double backpressure) {
  std::mt19937_64 random(seed);
  std::bernoulli_distribution gap_draw(gap), stall_draw(backpressure);
  Schedule s;
  s.transactions = transactions;
  for (uint64_t k = 0; k < cycles; ++k) {
    s.offer.push_back(!gap_draw(random));
    s.ready.push_back(!stall_draw(random));
  }
  return s;
}

class TimingMdLine {
 public:
  explicit TimingMdLine(int depth) : stages_(depth) {}

  bool out_valid() const { return stages_.back().has_value(); }

  // Runs the whole schedule and reports, per tag, the edge it was accepted and the edge it
  // left.
  TimingByTag run(const Schedule& s) {
    TimingByTag timing;
    uint64_t next_tag = 0;
    for (uint64_t k = 0; k < s.cycles(); ++k) {
      const bool in_valid = s.offer[k] && next_tag < s.transactions;
      const bool advance = !out_valid() || s.ready[k];
      if (out_valid() && s.ready[k]) timing.at(*stages_.back()).leave_edge = k;
      if (advance) {
        for (std::size_t i = stages_.size() - 1; i > 0; --i) stages_[i] = stages_[i - 1];
        stages_[0].reset();
        if (in_valid) {  // in_ready = advance
          stages_[0] = next_tag;
          timing[next_tag++] = Timing{k, std::nullopt};
        }
      }
    }
    return timing;
  }

 private:
  std::vector<std::optional<uint64_t>> stages_;  // stage 0 .. Depth-1
};

}  // namespace halfpipe::sc::test
