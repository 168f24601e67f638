// Drives any unit with the PipelineCore/AluTransactionIf protocol through a Schedule, one
// transaction per cycle at most, and records what happened to each tag.
#pragma once

#include <deque>
#include <functional>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "model/ref/execute.h"
#include "model/sc/pipeline.h"
#include "tests/sc/timing_md.h"

namespace halfpipe::sc::test {

// Ops whose reference is exact and complete (the approximations are not needed for timing).
inline const std::vector<Uop>& sample_uops() {
  static const std::vector<Uop> uops = [] {
    std::vector<Uop> v;
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Fma, Op::Min, Op::Max, Op::Neg, Op::Abs})
      for (Format f : {Format::F16, Format::BF16}) {
        Uop u;
        u.op = op;
        u.format = f;
        v.push_back(u);
      }
    return v;
  }();
  return uops;
}

// Transactions with random Uops, operands and lane masks (any subset of the unit's lanes).
inline std::vector<Transaction> random_transactions(uint64_t seed, uint64_t count, int lanes) {
  std::mt19937_64 random(seed);
  std::vector<Transaction> txns(count);
  for (uint64_t tag = 0; tag < count; ++tag) {
    Transaction& t = txns[tag];
    t.tag = tag;
    t.uop = sample_uops()[random() % sample_uops().size()];
    t.uop.lane_mask = static_cast<uint32_t>(random() & ((1ull << lanes) - 1));
    for (int lane = 0; lane < lanes; ++lane) {
      t.a[lane] = static_cast<uint16_t>(random());
      t.b[lane] = static_cast<uint16_t>(random());
      t.c[lane] = static_cast<uint16_t>(random());
    }
  }
  return txns;
}

// TIMING.md's lane rule, from the transaction: enabled lanes computed, the others 0.
inline LaneValues expected_lanes(const Transaction& t, int lanes) {
  LaneValues v{};
  for (int lane = 0; lane < lanes; ++lane)
    if ((t.uop.lane_mask >> lane) & 1u) v[lane] = ref::execute_lane(t.uop, t.a[lane], t.b[lane], t.c[lane]);
  return v;
}

// The part of a cycle before its rising edge, for a unit that has just been through the
// previous edge: collect what that edge did, then present this cycle's inputs.
template <typename Unit>
class ScheduleDriver {
 public:
  ScheduleDriver(const Schedule& s, std::vector<Transaction> txns, int lanes)
      : schedule_(s), txns_(std::move(txns)), lanes_(lanes) {}

  void before_edge(Unit& unit) {
    const uint64_t k = unit.next_edge();
    if (k > 0) {
      if (unit.accepted_at_last_edge() > 0) {
        REQUIRE(unit.accepted_at_last_edge() == 1);
        timing_[next_tag_++] = Timing{k - 1, std::nullopt};
      }
      for (const Result& r : unit.departed_at_last_edge()) {
        REQUIRE(timing_.count(r.tag) == 1);
        REQUIRE(!timing_.at(r.tag).leave_edge);
        REQUIRE(r.accept_edge == timing_.at(r.tag).accept_edge);
        REQUIRE(r.leave_edge == k - 1);
        timing_.at(r.tag).leave_edge = k - 1;
        CHECK(r.lanes == expected_lanes(txns_[r.tag], lanes_));
      }
    }
    if (k >= schedule_.cycles()) return;
    unit.set_out_ready(schedule_.ready[k]);
    if (schedule_.offer[k] && next_tag_ < schedule_.transactions) unit.offer(txns_[next_tag_]);
  }

  const TimingByTag& timing() const { return timing_; }

 private:
  const Schedule& schedule_;
  std::vector<Transaction> txns_;
  int lanes_;
  uint64_t next_tag_ = 0;
  TimingByTag timing_;
};

// Steps a PipelineCore through the whole schedule.
inline TimingByTag run_core(PipelineCore& core, const Schedule& s,
                            std::vector<Transaction> txns) {
  ScheduleDriver<PipelineCore> driver(s, std::move(txns), core.config().lanes);
  for (uint64_t k = 0; k < s.cycles(); ++k) {
    driver.before_edge(core);
    core.edge();
  }
  driver.before_edge(core);  // collect the last edge
  return driver.timing();
}

}  // namespace halfpipe::sc::test
