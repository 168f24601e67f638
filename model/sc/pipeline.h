// The timing engine of the SystemC model, free of the SystemC kernel: one call to edge() is one
// rising clock edge. AluModel (alu_model.h) clocks it from an sc_clock; tests step it directly.
//
// Protocol, per cycle (the time between two rising edges): the producer offer()s the
// transactions it presents this cycle (in_valid, oldest first); the consumer looks at
// out_count()/out_result() (out_valid and the results shown) and says set_out_ready(). At the
// edge the unit samples both, exactly as RTL samples in_valid && in_ready and
// out_valid && out_ready; afterwards accepted_at_last_edge() tells the producer how many of its
// offers were taken (a prefix; the rest must be offered again) and departed_at_last_edge() holds
// the results that left. Offers last one cycle; out_ready holds until changed. Nothing seen
// during a cycle depends on what the environment does in that cycle, so the order in which the
// producer and consumer act does not matter.
//
// The timing rules are in model/sc/README.md; with rtl_configuration() they are rtl/TIMING.md's.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "model/sc/config.h"
#include "model/sc/transaction.h"

namespace halfpipe::sc {

struct Statistics {
  uint64_t cycles = 0;    // rising edges seen
  uint64_t accepted = 0;  // transactions accepted
  uint64_t departed = 0;  // results taken by the consumer
  uint64_t flushed = 0;   // transactions in flight dropped by reset()
  uint64_t active_lanes = 0;  // enabled lanes summed over accepted transactions
  uint64_t unevaluated = 0;   // accepted transactions the reference could not evaluate
  std::string unevaluated_reason;  // the reference's message for the first of them

  // Edges at which some offered transaction was refused, by the first reason that refused one.
  uint64_t refused_frozen = 0;    // the line held: back-pressure (an output queue was full)
  uint64_t refused_interval = 0;  // the initiation interval had not elapsed
  uint64_t refused_order = 0;     // entering would overtake an older op or overfill a stage
  uint64_t idle_cycles = 0;       // edges with nothing offered
  uint64_t frozen_cycles = 0;     // edges at which the line held
  uint64_t blocked_cycles = 0;    // edges with a result shown and the consumer not ready
  uint64_t occupancy = 0;         // transactions inside the unit after each edge, summed

  std::map<uint64_t, uint64_t> latency_histogram;  // leave_edge - accept_edge -> results

  double throughput() const;          // results per cycle
  double issue_utilisation() const;   // accepted / (cycles * issue width)
  double lane_utilisation() const;    // active lanes / (cycles * issue width * lanes)
  double mean_latency() const;
  double mean_occupancy() const;
  uint64_t refused_cycles() const { return refused_frozen + refused_interval + refused_order; }

  int issue_width = 1;  // copied from the configuration, for the ratios
  int lanes = 1;
};

class PipelineCore {
 public:
  // Throws std::invalid_argument when validate(config) objects.
  explicit PipelineCore(const PipelineConfig& config);
  // A copy continues from the same state on its own: what-if runs (AluTlmTarget asks a copy
  // when a result will leave). The port is rebuilt to point into the copy; a new member must
  // join the copy constructor.
  PipelineCore(const PipelineCore& other);
  PipelineCore& operator=(const PipelineCore& other);
  // Moving keeps the port valid: a moved deque keeps its elements where they are.
  PipelineCore(PipelineCore&&) = default;
  PipelineCore& operator=(PipelineCore&&) = default;

  const PipelineConfig& config() const { return config_; }

  // ---- during a cycle ----
  // Presents a transaction this cycle. Throws std::invalid_argument for a lane mask naming a
  // lane the unit does not have (or none at all).
  void offer(const Transaction& t);
  void set_out_ready(bool ready) { out_ready_ = ready; }
  bool out_ready() const { return out_ready_; }
  std::size_t out_count() const { return port_.size(); }  // out_valid when non-zero
  const Result& out_result(std::size_t i) const { return *port_.at(i); }
  // in_ready for the coming edge, given out_ready as set now: whether the line will advance
  // (rtl/TIMING.md's in_ready_o = advance, combinational from out_ready).
  bool in_ready() const;

  // ---- the rising edge ----
  void edge();

  // ---- after an edge ----
  std::size_t accepted_at_last_edge() const { return accepted_; }
  const std::vector<Result>& departed_at_last_edge() const { return departed_; }
  uint64_t next_edge() const { return next_edge_; }
  std::size_t in_flight() const { return line_.size() + queue_.size(); }

  // Asynchronous reset: the unit is empty at once (rtl/TIMING.md: empty after reset); what was
  // in flight or offered is dropped and counted as flushed. The edge count goes on.
  void reset();

  const Statistics& statistics() const { return stats_; }

 private:
  struct InFlight {
    Result result;
    int entry_stage;          // the stage it entered: max_latency - its latency
    uint64_t entry_advances;  // advances_ when it entered
  };
  int stage_of(const InFlight& e) const {
    return e.entry_stage + static_cast<int>(advances_ - e.entry_advances);
  }
  std::size_t results_at_last_stage() const;
  void refresh_port();
  void accept_offers(uint64_t edge);
  Result evaluate(const Transaction& t, uint64_t edge);

  PipelineConfig config_;
  int last_stage_;
  std::deque<InFlight> line_;  // acceptance order; stages never increase along it
  std::deque<Result> queue_;   // the output queue: finished, older than everything in line_
  std::vector<const Result*> port_;
  std::vector<Transaction> offers_;
  bool out_ready_ = false;
  uint64_t advances_ = 0;  // edges at which the line advanced
  uint64_t next_edge_ = 0;
  bool accepted_before_ = false;
  uint64_t last_accept_edge_ = 0;
  std::array<bool, kFamilyCount> family_accepted_{};  // per family, as the two above
  std::array<uint64_t, kFamilyCount> family_accept_edge_{};
  std::size_t accepted_ = 0;
  std::vector<Result> departed_;
  Statistics stats_;
};

}  // namespace halfpipe::sc
